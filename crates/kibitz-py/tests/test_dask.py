"""Games in bulk from Python — `scan_games`, `MateReader`, and `kibitz.dask` over a
Hive-partitioned Parquet dataset on a two-process `LocalCluster` — each checked
record for record against the CLI's `kibitz mate --json` on the same games.

The dataset is built here from the project's generated games with the schema of the
Hugging Face copy of the Lichess database (`Event, Site, White, …, movetext`,
partitioned as `year=YYYY/month=MM`); the movetexts are python-chess's export of
each game, comments and all, and the CLI reads the very same movetexts.
"""

import io
import json
import re

import chess.pgn
import pytest

import kibitz
import kit

# pandas, pyarrow and dask are pinned in requirements-test.txt (the `dask` extra):
# imported, not skipped without them.
import pandas as pd  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

LICHESS_COLUMNS = ['Event', 'Site', 'White', 'Black', 'Result', 'WhiteTitle', 'BlackTitle',
                   'WhiteElo', 'BlackElo', 'WhiteRatingDiff', 'BlackRatingDiff', 'UTCDate',
                   'UTCTime', 'ECO', 'Opening', 'Termination', 'TimeControl', 'movetext']


def generated_games():
    """(headers, movetext) of the games of the project's generated corpus (seeded
    random play with clocks, evals and variations), in order; its Chess960 games are
    left out, since a movetext column carries no start position."""
    import gen_corpus

    games = []
    for text in [gen_corpus.generate()['games.pgn'].decode()]:
        stream = io.StringIO(text)
        while (game := chess.pgn.read_game(stream)) is not None:
            if 'FEN' in game.headers:
                continue
            exporter = chess.pgn.StringExporter(headers=False, variations=True, comments=True)
            movetext = game.accept(exporter).replace('\n', ' ')
            games.append((dict(game.headers), movetext))
    return games


GAMES = generated_games()
# Two hostile rows: a game with an illegal move and one that is cut off. Their
# date (2024) is after every generated game's (2019-2023), so that they are the last
# rows the CLI reads: a game cut off before its result is an error only at the end
# of an input (in the middle, the next tag section ends it, as python-chess reads it).
GAMES.append(({'Event': 'bad', 'Site': 'bad', 'Date': '2024.02.01'}, '1. e4 e5 2. Ke3 *'))
GAMES.append(({'Event': 'cut', 'Site': 'cut', 'Date': '2024.02.01'}, '1. e4 e5 2. Nf3'))


def cli_records(games, *extra):
    """`kibitz mate --json` on the games written as one PGN file, as comparable rows."""
    text = ''.join(
        ''.join(f'[{k} "{v}"]\n' for k, v in headers.items() if k in ('Event', 'Site'))
        + '\n' + movetext + '\n\n'
        for headers, movetext in games)
    out = kit.run('mate', '-', '--json', *extra, stdin=text)
    rows = []
    for line in out.stdout.splitlines():
        r = json.loads(line)
        place = r['input'].split(':game ')[1]
        game, _, ply = place.partition(':ply ')
        rows.append(row(int(game) - 1, int(ply) if ply else None, r.get('fen'),
                        [(m['uci'], m['san'], tuple(m['patterns']), m['glance']) for m in r['mates']],
                        r.get('played'), r.get('missed'), r.get('clock'), r.get('eval'),
                        r.get('error', '').split(f"game {game}: ", 1)[-1] or None))
    return out.returncode, rows


def row(game, ply, fen, mates, played, missed, clock, ev, error):
    # Errors name the line in their own text: a file's differs from a movetext's.
    if error is not None:
        error = re.sub(r'^line \d+[,:] ', '', error)
    return (game, ply, fen, tuple(mates), played, missed, clock, ev, error)


def column_rows(cols, game_offset=0):
    """The rows of scan_games's columns, comparable with `cli_records`."""
    out = []
    for i in range(len(cols['game'])):
        mates = [(u, s, tuple(p), g) for u, s, p, g in
                 zip(cols['mates_uci'][i], cols['mates_san'][i], cols['patterns'][i], cols['glance'][i])]
        out.append(row(cols['game'][i] + game_offset, cols['ply'][i], cols['fen'][i], mates,
                       cols['played_san'][i], cols['missed'][i], cols['clock'][i],
                       cols['eval'][i], cols['error'][i]))
    return out


@pytest.fixture(scope='module')
def expected():
    code, rows = cli_records(GAMES)
    assert code == 1  # the two hostile games are errors
    assert sum(r[8] is not None for r in rows) == 2
    assert sum(r[8] is None for r in rows) >= 20
    return rows


def test_scan_games_equals_the_cli(expected):
    cols = kibitz.scan_games([m for _, m in GAMES], threads=2)
    assert column_rows(cols) == expected
    assert pd.DataFrame(cols).shape[0] == len(expected)
    assert pa.table(cols).num_rows == len(expected)


def test_clock_and_eval_columns():
    cols = kibitz.scan_games(['1. f3 { [%clk 0:03:00] } e5 { [%eval 0.5] [%clk 0:02:58.5] } '
                              '2. g4 { [%eval #-1] [%clk 0:02:55] } Nc6 { [%clk 0:02:50] } 0-1'])
    assert cols['ply'] == [4]
    assert cols['clock'] == ['0:02:50']
    assert cols['missed'] == [True]


def test_the_columns_are_the_one_list():
    """scan_games, MateReader and kibitz.dask's meta name the same columns, in order."""
    game = '1. f3 e5 2. g4 Qh4# 0-1'
    assert list(kibitz.scan_games([game])) == list(kibitz.MATE_COLUMNS)
    assert list(kibitz.scan_games([game], threats=True)) == [*kibitz.MATE_COLUMNS, 'threats_san']
    assert list(next(iter(kibitz.MateReader(io.BytesIO(game.encode()))))) == list(kibitz.MATE_COLUMNS)
    from kibitz.dask import META_COLUMNS
    assert META_COLUMNS == kibitz.MATE_COLUMNS


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match=r'movetexts\[1\] is int'):
        kibitz.scan_games(['1. e4 *', 3])
    with pytest.raises(TypeError, match='not one string'):
        kibitz.scan_games('1. e4 *')
    with pytest.raises(ValueError, match='fens has 1 items but movetexts has 2'):
        kibitz.scan_games(['1. e4 *', '1. d4 *'], fens=[None])
    cols = kibitz.scan_games([None, '1. e4 *'])
    assert cols['error'] == ['no movetext (None)']


def test_mate_reader_streams_the_same_records(expected, tmp_path):
    text = ''.join(f'[Site "{h.get("Site", "")}"]\n\n{m}\n\n' for h, m in GAMES)
    path = tmp_path / 'games.pgn'
    path.write_text(text)
    for source in [str(path), io.BytesIO(text.encode())]:
        rows = []
        for batch in kibitz.MateReader(source, batch_bytes=20_000):
            rows.extend(column_rows(batch))
        assert rows == expected


@pytest.fixture(scope='module')
def parquet_dataset(tmp_path_factory):
    """The games as a Lichess-layout Parquet dataset, partitioned by year and month."""
    root = tmp_path_factory.mktemp('lichess')
    records = []
    for i, (headers, movetext) in enumerate(GAMES):
        date = headers.get('Date', '????.??.??')
        year, month = date[:4], date[5:7]
        record = {c: headers.get(c) for c in LICHESS_COLUMNS if c != 'movetext'}
        record['Site'] = f'game-{i}'
        record['movetext'] = movetext
        record['year'] = int(year) if year.isdigit() else 1900
        record['month'] = int(month) if month.isdigit() else 1
        records.append(record)
    table = pa.Table.from_pylist(records)
    pq.write_to_dataset(table, root, partition_cols=['year', 'month'])
    files = list(root.rglob('*.parquet'))
    assert len(files) >= 4
    return root, records


def test_missed_mates_on_a_local_cluster_equals_the_cli(parquet_dataset):
    import dask.distributed as distributed
    from kibitz.dask import missed_mates

    root, records = parquet_dataset
    # The CLI reads the games in the order the dataset holds them.
    ordered = pd.read_parquet(root)
    games = [({'Site': site}, movetext) for site, movetext in zip(ordered['Site'], ordered['movetext'])]
    code, expected = cli_records(games)
    by_site = {}
    for r in expected:
        by_site.setdefault(games[r[0]][0]['Site'], []).append(r[1:])

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        mates = missed_mates(str(root), keep=['Site'])
        assert list(mates.columns[:3]) == ['Site', 'game', 'ply']
        assert mates.npartitions >= 4
        frame = mates.compute()
        missed = missed_mates(str(root), keep=['Site'], only_missed=True).compute()

    got = {}
    for site, group in frame.groupby('Site', sort=False):
        got[site] = [r[1:] for r in column_rows(
            {c: [None if (not isinstance(v, (list, str)) and pd.isna(v)) else v for v in group[c]]
             for c in group.columns}, 0)]
    assert got == by_site
    assert len(missed) == sum(1 for r in expected if r[5] or r[8])
    assert missed['missed'].fillna(True).all()


def test_missing_or_wrong_columns_fail_before_any_work(parquet_dataset):
    import dask.dataframe as dd
    from kibitz.dask import missed_mates

    root, _ = parquet_dataset
    with pytest.raises(ValueError, match="column 'moves' is missing"):
        missed_mates(str(root), movetext='moves')
    frame = dd.from_pandas(pd.DataFrame({'movetext': [1, 2]}), npartitions=1)
    with pytest.raises(ValueError, match="column 'movetext' must hold strings"):
        missed_mates(frame)
