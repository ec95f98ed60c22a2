"""Fairy chess (issue 19): kibitz's variant engine against Fairy-Stockfish.

The oracle is Fairy-Stockfish through PyPI `pyffish` (pinned in
requirements-test.txt), and for deep perft counts its UCI binary built from the same
source by scripts/build_fairy_stockfish.sh (found as $FAIRY_STOCKFISH or
target/fairy-stockfish/fairy-stockfish; without it perft is compared to move-list
recursion through pyffish, to a smaller depth). See fairy_oracle.py.

Covered: every built-in variant of kibitz that Fairy-Stockfish knows by the same
name, 30 generated user variants (random pieces from the Betza both read,
boards up to 12 x 10) given to both as variants.ini sections, and the sections of
fairy_oracle.DIALECT_SECTIONS (the dialect's corners: one-square castling, re-lettered
pieces, deprecated keys, key order, short FENs). Seeded random games
are played in Fairy-Stockfish; at every ply kibitz must give the same legal moves
(UCI, as sets), check, FEN (read and written back) and end of game, and playing the
game's moves must reach the same FEN after every ply. Perft from positions of those
games must agree.

kibitz is driven through its CLI ($KIBITZ_CLI), in batches: one `kibitz moves
--fens FILE` per variant for every position of its games, one `kibitz play` per
game. The default run plays 200+ games of up to 80 plies (a minute or two on two
cores); `pytest --exhaustive` plays four times as many, twice as long, and takes
perft 3 from 50 positions per variant whatever the oracle.

A kibitz command that fails fails the test (kit.kibitz), never skips it.
"""

import json
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import kit
from kit import json_lines, kibitz

# pyffish (Fairy-Stockfish, the oracle) is pinned in requirements-test.txt: imported,
# not skipped without it.
import pyffish as sf  # noqa: F401
import fairy_oracle as fo

WORKERS = min(2, os.cpu_count() or 1)


# --- scale -----------------------------------------------------------------------------

# The default keeps CI to a minute or two on two cores; `exhaustive` (pytest
# --exhaustive) plays four times as many games, twice as long.
SCALES = {
    'default': dict(builtin_games=8, user_games=4, max_plies=80, perft_positions=50,
                    perft_depth=3,
                    # Without the UCI binary: pyffish recursion costs a call per node.
                    recursion_positions=8, recursion_depth=2),
    'exhaustive': dict(builtin_games=32, user_games=16, max_plies=160, perft_positions=50,
                       perft_depth=3, recursion_positions=50, recursion_depth=3),
}


# --- the kibitz CLI --------------------------------------------------------------------

@pytest.fixture(scope='session')
def kibitz_variants():
    """`kibitz variants --json`, one object per variant (a failing CLI fails)."""
    return {v['name']: v for v in json_lines(kibitz('variants', '--json').stdout)}


# --- the variants and their games ------------------------------------------------------

@pytest.fixture(scope='session')
def user_variants():
    return fo.user_variants(count=USER_VARIANTS, seed=19) + fo.dialect_variants()


@pytest.fixture(scope='session')
def variants_ini(tmp_path_factory, user_variants):
    path = tmp_path_factory.mktemp('fairy') / 'variants.ini'
    path.write_text('\n'.join(v.section for v in user_variants))
    return path


# Generated user variants; after them, the dialect's hand-written sections.
USER_VARIANTS = 30


def variant_ids():
    count = USER_VARIANTS + len(fo.DIALECT_SECTIONS)
    return fo.FSF_BUILTINS + [f'user{i:02d}' for i in range(count)]


_GAMES = {}


def games_at(scale_name, user_variants):
    """variant name -> its games, played in Fairy-Stockfish (seeded) in a process pool."""
    if scale_name in _GAMES:
        return _GAMES[scale_name]
    scale = SCALES[scale_name]
    jobs = []
    for i, name in enumerate(fo.FSF_BUILTINS):
        seeds = [1000 * i + g for g in range(scale['builtin_games'])]
        jobs.append((name, None, seeds, scale['max_plies']))
    for i, v in enumerate(user_variants):
        seeds = [50_000 + 1000 * i + g for g in range(scale['user_games'])]
        jobs.append((v.name, v.section, seeds, scale['max_plies']))
    with ProcessPoolExecutor(WORKERS) as pool:
        results = list(pool.map(fo.games_for, jobs))
    _GAMES[scale_name] = {job[0]: games for job, games in zip(jobs, results)}
    return _GAMES[scale_name]


@pytest.fixture(scope='session')
def all_games(user_variants):
    return games_at('default', user_variants)


def resolve(variant_id, user_variants):
    """A test id -> (variant name, whether it comes from the variants.ini file)."""
    if variant_id.startswith('user'):
        return user_variants[int(variant_id[4:])].name, True
    return variant_id, False


def variant_args(name, from_ini, variants_ini):
    args = ['--variant', name]
    if from_ini:
        args += ['--variants', variants_ini]
    return args


# --- the tests -------------------------------------------------------------------------

def test_every_fairy_stockfish_builtin_is_listed(kibitz_variants):
    missing = [name for name in fo.FSF_BUILTINS if name not in kibitz_variants]
    assert not missing, f'kibitz variants lacks {missing}'
    assert 'musketeer' in kibitz_variants
    for name, v in kibitz_variants.items():
        width, height = map(int, v['board'].split('x'))
        assert 3 <= width <= 16 and 3 <= height <= 16, name
        assert v['pieces'], name
        for piece in v['pieces']:
            assert {'letter', 'name', 'betza', 'mobility'} <= set(piece), (name, piece)


@pytest.mark.parametrize('name', fo.FSF_BUILTINS)
def test_builtin_start_position_and_board(name, kibitz_variants):
    start = sf.start_fen(name)
    ranks = start.split()[0].split('[')[0].split('/')
    assert kibitz_variants[name]['board'] == f'{fo_width(ranks[0])}x{len(ranks)}'
    record = json.loads(kibitz('moves', '--variant', name, '--format', 'uci', '--json').stdout)
    # start_fen is the variant's text as typed; get_fen is how Fairy-Stockfish writes it.
    assert record['fen'] == sf.get_fen(name, start, [])
    assert {m['uci'] for m in record['moves']} == set(sf.legal_moves(name, start, []))


def fo_width(row):
    """The number of files of a FEN row (runs of empty squares may have two digits)."""
    width, digits = 0, ''
    for ch in row:
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            width, digits = width + int(digits), ''
        if ch.isalpha() or ch == '*':  # a piece or a wall square
            width += 1
    return width + (int(digits) if digits else 0)


def test_user_variants_read_from_variants_ini(kibitz_variants, user_variants, variants_ini):
    for v in user_variants:
        out = kibitz('moves', '--variant', v.name, '--variants', variants_ini,
                     '--format', 'uci', '--json')
        record = json.loads(out.stdout)
        assert record['fen'] == sf.get_fen(v.name, v.start_fen, []), v.section
        assert ({m['uci'] for m in record['moves']}
                == set(sf.legal_moves(v.name, v.start_fen, []))), v.section


def test_game_budget(kibitz_variants, all_games):
    """The issue's floor: at least 200 random games, 60 plies each on average."""
    games = [g for gs in all_games.values() for g in gs]
    plies = sum(len(g.plies) - 1 for g in games)
    assert len(games) >= 200
    assert plies >= 60 * 200, plies


# Variants with a royal king and pseudo-royal pieces beside it: pyffish's gives_check
# (its `checked`) also counts an attacked pseudo-royal piece (Coregal's queen), where
# the SAN's `+` is the royal king's check alone. There a `+` still implies gives_check.
# In petrified, gives_check also counts an attack by a man that would petrify on the
# capture (so threatens nothing), where the SAN writes no `+` (seen at ply 41 of the
# first seeded game: `rn3b1r/pb1nkQ2/… b - - 2 21`). Spartan has no royal king at
# all, so its SAN writes no `+`, where gives_check sees its attacked kings.
PSEUDO_ROYALS_BESIDE_THE_KING = {'coregal', 'petrified', 'spartan'}


def test_check_from_san_is_gives_check(kibitz_variants, all_games):
    """The games take check from Fairy-Stockfish's SAN (`+`, `#`); that is its gives_check."""
    for name in fo.FSF_BUILTINS:
        game = all_games[name][0]
        played = []
        for ply in game.plies:
            checked = sf.gives_check(name, game.start, played)
            if name in PSEUDO_ROYALS_BESIDE_THE_KING:
                assert checked or not ply.check, (name, ply.fen)
            else:
                assert ply.check == checked, (name, ply.fen)
            if ply.played:
                played.append(ply.played)


def check_games(variant_id, user_variants, variants_ini, all_games, tmp_path):
    """Every position of a variant's games and every move played, kibitz against FSF."""
    name, from_ini = resolve(variant_id, user_variants)
    context = next((v.section for v in user_variants if v.name == name), name)
    games = all_games[name]
    args = variant_args(name, from_ini, variants_ini)

    # Every position of every game in one call: moves, check, end, FEN written back.
    plies = [ply for game in games for ply in game.plies]
    fens = tmp_path / 'fens.txt'
    fens.write_text(''.join(ply.fen + '\n' for ply in plies))
    out = kibitz('moves', *args, '--fens', fens, '--format', 'uci', '--json')
    records = json_lines(out.stdout)
    assert len(records) == len(plies), context
    ends = {id(game.plies[-1]): game.result for game in games}
    for ply, record in zip(plies, records):
        where = f'{context}\nposition {ply.fen}'
        assert 'error' not in record, f'{where}\n{record.get("error")}'
        assert record['fen'] == ply.fen, where
        listed = [m['uci'] for m in record['moves']]
        kibitz_moves = set(listed)
        if not ply.moves and name in fo.HISTORY_ENDS:
            # Ended by the moves played (Janggi's passes): the FEN alone plays on
            # in both programs; the end itself is checked on the replay below.
            alone = set(sf.legal_moves(name, ply.fen, []))
            if alone:
                assert kibitz_moves == alone, (
                    f'{where}\nonly kibitz: {sorted(kibitz_moves - alone)}'
                    f'\nonly Fairy-Stockfish: {sorted(alone - kibitz_moves)}')
                assert record['check'] == ply.check, where
                continue
        # Each move once: two components reaching one square make one move.
        assert len(listed) == len(kibitz_moves), \
            f'{where}\nlisted twice: {sorted({m for m in listed if listed.count(m) > 1})}'
        assert kibitz_moves == ply.moves, (
            f'{where}\nonly kibitz: {sorted(kibitz_moves - ply.moves)}'
            f'\nonly Fairy-Stockfish: {sorted(ply.moves - kibitz_moves)}')
        assert record['check'] == ply.check, where
        outcome = record.get('outcome')
        if not ply.moves:
            assert outcome is not None, where
            expected = ends[id(ply)]
            if name in fo.HISTORY_ENDS:
                # The FEN alone (a castle win's castling is not in it): what
                # Fairy-Stockfish says of the FEN alone; the replay below checks
                # the end after the moves.
                expected = fo.result_of(sf.game_result(name, ply.fen, []), ' w ' in ply.fen)
            assert outcome['result'] == expected, f'{where}\n{outcome}'
        else:
            assert outcome is None, f'{where}\n{outcome}'

    # Make-move: each game's moves from its start, the FEN after every ply.
    def replay(game):
        moves = [ply.played for ply in game.plies if ply.played]
        if not moves:
            return game, None
        out = kit.run('play', *args, '--fen', game.start, *moves, '--json')
        return game, out

    with ThreadPoolExecutor(WORKERS) as pool:
        for game, out in pool.map(replay, games):
            if out is None:
                continue
            assert out.returncode == 0, f'{context}\n{game.start}\n{out.stderr[:1000]}'
            record = json.loads(out.stdout)
            expected = [ply.fen for ply in game.plies[1:]]
            assert record['fens'] == expected, context
            assert record['fen'] == expected[-1], context
            # The end after the game's moves (for a rule that looks at them too).
            outcome = record['outcome']
            if game.result is None:
                assert outcome is None, f'{context}\n{game.start}\n{outcome}'
            else:
                assert outcome is not None and outcome['result'] == game.result, \
                    f'{context}\n{game.start}\n{outcome}'


# Janggi positions where the ends by the moves played come often: few pieces, the
# kings facing or one move from it (bikjang), passes a large share of the moves.
# Only the questions: Fairy-Stockfish answers them.
JANGGI_END_STARTS = [
    '4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1',
    '3k5/4a4/9/9/4p4/4P4/9/9/4A4/5K3 w - - 0 1',
    '4k4/9/4c4/9/9/9/9/4C4/9/3AK4 w - - 0 1',
]


@pytest.mark.parametrize('name', sorted(fo.JANGGI_FAMILY))
def test_janggi_ends_by_the_moves_played(name, tmp_path):
    """Seeded games from JANGGI_END_STARTS: the FEN after every ply and the end
    after the game's moves (two passes, bikjang), and each position's moves."""
    ended = 0
    for start in JANGGI_END_STARTS:
        games = [fo.play_random_game(name, seed, 40, start=start) for seed in range(8)]
        plies = [ply for game in games for ply in game.plies]
        fens = tmp_path / 'fens.txt'
        fens.write_text(''.join(ply.fen + '\n' for ply in plies))
        out = kibitz('moves', '--variant', name, '--fens', fens, '--format', 'uci', '--json')
        for ply, record in zip(plies, json_lines(out.stdout)):
            # An ended game's last FEN alone plays on, in both programs.
            expected = ply.moves or set(sf.legal_moves(name, ply.fen, []))
            assert {m['uci'] for m in record['moves']} == expected, f'{name} {ply.fen}'
            assert record['check'] == ply.check, f'{name} {ply.fen}'
        for game in games:
            moves = [ply.played for ply in game.plies if ply.played]
            if not moves:
                continue
            record = json.loads(kibitz('play', '--variant', name, '--fen', start, *moves,
                                       '--json').stdout)
            assert record['fens'] == [ply.fen for ply in game.plies[1:]], (name, start)
            outcome = record['outcome']
            result = outcome['result'] if outcome else None
            assert result == game.result, (name, start, moves, outcome)
            ended += game.result is not None
    assert ended > 0, f'{name}: no game ended'


@pytest.fixture(scope='session')
def fairy_uci(variants_ini):
    binary = fo.fairy_stockfish_binary()
    if binary is None:
        yield None
        return
    engine = fo.FairyStockfishUci(binary, variants_ini)
    yield engine
    engine.close()


def perft_positions(games, count):
    """`count` positions spread over a variant's games (deterministic)."""
    plies = [ply for game in games for ply in game.plies if ply.moves]
    step = max(1, len(plies) // count)
    return [ply.fen for ply in plies[::step][:count]]


def check_perft(variant_id, user_variants, variants_ini, all_games, fairy_uci, scale):
    """Perft from positions of a variant's games, kibitz against FSF."""
    name, from_ini = resolve(variant_id, user_variants)
    context = next((v.section for v in user_variants if v.name == name), name)
    if fairy_uci is not None:
        depth = min(scale['perft_depth'], PERFT_DEPTH_CAP.get(name, 99))
        fens = perft_positions(all_games[name], scale['perft_positions'])
        expected = [fairy_uci.perft(name, fen, depth) for fen in fens]
    else:
        depth = min(scale['recursion_depth'], PERFT_DEPTH_CAP.get(name, 99))
        fens = perft_positions(all_games[name], scale['recursion_positions'])
        expected = [fo.pyffish_perft(name, fen, depth) for fen in fens]
    args = variant_args(name, from_ini, variants_ini)

    def count(fen):
        return json.loads(kibitz('perft', depth, *args, '--fen', fen, '--json').stdout)['nodes']

    with ThreadPoolExecutor(WORKERS) as pool:
        got = list(pool.map(count, fens))
    for fen, nodes, want in zip(fens, got, expected):
        assert nodes == want, f'{context}\nperft {depth} of {fen}: kibitz {nodes}, ' \
                              f'Fairy-Stockfish {want}'


# --- Fairy-Stockfish's own variants.ini ------------------------------------------------

@pytest.fixture(scope='session')
def fsf_own(tmp_path_factory):
    """fairy_oracle.FSF_OWN_SECTIONS as user variants, the variants.ini they are
    read from (a copy under pytest's temporary folder), and a UCI engine that
    reads it too (None without the binary)."""
    text = fo.fsf_own_ini()
    if text is None:
        pytest.skip("Fairy-Stockfish's own variants.ini is absent (set "
                    'KIBITZ_FSF_VARIANTS_INI to its src/variants.ini)')
    path = tmp_path_factory.mktemp('fsf') / 'variants.ini'
    path.write_text(text)
    variants = []
    for name in fo.FSF_OWN_SECTIONS:
        section = fo.fsf_own_sections(text, name)
        fo.load_config(section)
        variants.append(fo.UserVariant(name, 0, 0, {}, sf.start_fen(name), section))
    binary = fo.fairy_stockfish_binary()
    engine = fo.FairyStockfishUci(binary, path) if binary else None
    yield variants, path, engine
    if engine:
        engine.close()


@pytest.mark.parametrize('index', range(len(fo.FSF_OWN_SECTIONS)),
                         ids=fo.FSF_OWN_SECTIONS)
def test_fairy_stockfish_own_sections_agree(index, fsf_own, tmp_path):
    """Seeded games (moves, check, FEN, end) and perft from their positions, as for
    the generated user variants, read from Fairy-Stockfish's own file."""
    variants, path, engine = fsf_own
    v = variants[index]
    scale = SCALES['default']
    seeds = [90_000 + 1000 * index + g for g in range(scale['user_games'])]
    games = {v.name: [fo.play_random_game(v.name, seed, scale['max_plies'], v.section)
                      for seed in seeds]}
    check_games(f'user{index:02d}', variants, path, games, tmp_path)
    check_perft(f'user{index:02d}', variants, path, games, engine, scale)


# Walling variants branch by every move's walls (the Amazons' start has 2,176 moves,
# Duck chess's 640): their trees are counted less deep, the games check every ply.
PERFT_DEPTH_CAP = {'amazons': 1, 'duck': 2, 'isolation': 2, 'isolation7x7': 2,
                   # Cetus drops any of seven pieces on 81 squares: 100 million
                   # nodes at depth 3 from the start.
                   'cetus': 2}


@pytest.mark.parametrize('variant_id', variant_ids())
def test_random_games_agree(variant_id, kibitz_variants, user_variants, variants_ini,
                            all_games, tmp_path):
    check_games(variant_id, user_variants, variants_ini, all_games, tmp_path)


@pytest.mark.parametrize('variant_id', variant_ids())
def test_perft_agrees(variant_id, kibitz_variants, user_variants, variants_ini, all_games,
                      fairy_uci):
    check_perft(variant_id, user_variants, variants_ini, all_games, fairy_uci,
                SCALES['default'])


@pytest.mark.exhaustive
@pytest.mark.parametrize('variant_id', variant_ids())
def test_random_games_agree_exhaustive(variant_id, kibitz_variants, user_variants,
                                       variants_ini, tmp_path):
    check_games(variant_id, user_variants, variants_ini,
                games_at('exhaustive', user_variants), tmp_path)


@pytest.mark.exhaustive
@pytest.mark.parametrize('variant_id', variant_ids())
def test_perft_agrees_exhaustive(variant_id, kibitz_variants, user_variants, variants_ini,
                                 fairy_uci):
    check_perft(variant_id, user_variants, variants_ini,
                games_at('exhaustive', user_variants), fairy_uci, SCALES['exhaustive'])
