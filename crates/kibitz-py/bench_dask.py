"""Games in bulk from Python: `scan_games` against the CLI, and `kibitz.dask` with one
and two local worker processes. Prints Markdown for BENCHMARKS.md.

    KIBITZ_CLI=target/release/kibitz .venv/bin/python crates/kibitz-py/bench_dask.py [--mb 200]

1. The batch call's positions/s against `kibitz mate -j 1` on the same games (the
   games of the shared data's pgn/ repeated), both one thread, whole work timed (the CLI
   as a process reading a file, the call on a list already in memory).
2. `missed_mates` over a Parquet dataset of at least `--mb` MB of movetext (the
   shipped games repeated, Hive-partitioned by year and month like the Lichess
   layout, many row groups), on a `LocalCluster` of 1 and of 2 worker processes
   (1 thread each); the peak resident memory of the workers.

Times are the best of `--rounds` (least disturbed by other work on the machine).
"""

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess.pgn
import pyarrow as pa
import pyarrow.parquet as pq

import kibitz

REPO = Path(__file__).resolve().parents[2]


def shipped_movetexts():
    texts = []
    for path in sorted((Path(os.environ.get('KIBITZ_TEST_DATA') or REPO.parent / 'shared' / 'data') / 'pgn').glob('*.pgn')):
        stream = io.StringIO(path.read_text(encoding='utf-8', errors='replace'))
        while (game := chess.pgn.read_game(stream)) is not None:
            exporter = chess.pgn.StringExporter(headers=False, variations=True, comments=True)
            texts.append(game.accept(exporter).replace('\n', ' '))
    return texts


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def cli():
    return os.environ.get('KIBITZ_CLI', str(REPO / 'target' / 'release' / 'kibitz'))


def batch_against_cli(texts, rounds):
    games = texts * 10
    plies = 0
    with tempfile.NamedTemporaryFile('w', suffix='.pgn', delete=False) as f:
        for t in games:
            f.write('[Event "x"]\n\n' + t + '\n\n')
        path = f.name
    out = subprocess.run([cli(), 'mate', path, '-j', '1'], capture_output=True, text=True)
    # The summary line gives the positions the CLI scanned.
    summary = out.stderr.strip().splitlines()[-1]
    positions = int(summary.split(' positions')[0].replace(',', ''))
    t_cli = best(lambda: subprocess.run([cli(), 'mate', path, '-j', '1'],
                                        capture_output=True), rounds)
    t_py = best(lambda: kibitz.scan_games(games, threads=1), rounds)
    os.unlink(path)
    print('### `scan_games` against `kibitz mate` (one thread each)\n')
    print(f'{len(games)} games, {positions:,} positions (shared pgn/ × 10).\n')
    print('| | seconds | positions/s | ratio |')
    print('| --- | ---: | ---: | ---: |')
    print(f'| `kibitz mate FILE -j 1` | {t_cli:.3f} | {positions / t_cli:,.0f} | 1.00 |')
    print(f'| `kibitz.scan_games(list, threads=1)` | {t_py:.3f} | {positions / t_py:,.0f} | '
          f'{t_cli / t_py:.2f} |')
    print()


def dask_scaling(texts, mb, rounds):
    from dask.distributed import Client, LocalCluster
    from kibitz.dask import missed_mates

    root = Path(tempfile.mkdtemp(prefix='kibitz-dask-'))
    size = sum(len(t) for t in texts)
    copies = max(1, int(mb * 1e6 / size) + 1)
    months = 12
    per_month = max(1, copies // months)
    total = 0
    for m in range(months):
        rows = texts * per_month
        total += sum(len(t) for t in rows)
        table = pa.table({'Site': [f'm{m}-{i}' for i in range(len(rows))], 'movetext': rows,
                          'year': [2024] * len(rows), 'month': [m + 1] * len(rows)})
        pq.write_to_dataset(table, root, partition_cols=['year', 'month'],
                            row_group_size=20_000)
    print('### `kibitz.dask.missed_mates` on a LocalCluster\n')
    print(f'{total / 1e6:.0f} MB of movetext ({len(texts) * per_month * months:,} games), '
          f'12 Parquet files (year=2024/month=MM), 1 thread per worker.\n')
    print('| workers | seconds | MB/s | speed-up | peak worker RSS |')
    print('| ---: | ---: | ---: | ---: | ---: |')
    base = None
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None, memory_limit='4GiB') as cluster, \
                Client(cluster) as client:
            def run():
                return len(missed_mates(str(root), keep=['Site'], split_row_groups=True).compute())
            # A first run imports kibitz and pandas on the workers: not timed.
            run()
            seconds = best(run, rounds)
            rss = max(client.run(_peak_rss).values())
        base = base or seconds
        print(f'| {workers} | {seconds:.2f} | {total / 1e6 / seconds:.1f} | '
              f'{base / seconds:.2f} | {rss / 2**20:.0f} MiB |')
    print()


def _peak_rss():
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mb', type=float, default=200)
    ap.add_argument('--rounds', type=int, default=3)
    args = ap.parse_args()
    texts = shipped_movetexts()
    print(f'Python {sys.version.split()[0]}, kibitz from {kibitz.__file__}\n')
    batch_against_cli(texts, args.rounds)
    dask_scaling(texts, args.mb, args.rounds)


if __name__ == '__main__':
    main()
