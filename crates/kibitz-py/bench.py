"""Benchmarks of the Python module against pure Python, in one process.

    .venv/bin/python crates/kibitz-py/bench.py [--quick]

1. The seed's seven functions: kibitz against tests/reference.py, the
   straightforward pure-Python implementation, on the same calls.
2. Mates in one over the Lichess mate-in-one puzzle files (the shared data's lichess/mateIn1_*.csv, $KIBITZ_TEST_DATA):
   kibitz (one call per FEN, and the batch function) against the python-chess loop
   (push every legal move, ask is_checkmate, pop). Both read the FEN and write the
   SAN of each mate; the answers are checked to agree before any time is reported.

Times are the best of several rounds (least disturbed by other work on the
machine); ratios are what to compare across machines. Prints Markdown.
"""

import argparse
import csv
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import chess

import kibitz

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / 'tests'))
import reference  # noqa: E402

REPO = HERE.parents[1]

KNIGHT = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}
BISHOP = {(1, 1), (1, -1), (-1, 1), (-1, -1)}
ROOK = {(0, 1), (0, -1), (1, 0), (-1, 0)}


def best(fn, rounds, number):
    """Best time of one call, over `rounds` rounds of `number` calls."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def fmt(seconds):
    if seconds < 1e-3:
        return f'{seconds * 1e6:.2f} µs'
    if seconds < 1:
        return f'{seconds * 1e3:.2f} ms'
    return f'{seconds:.2f} s'


def seven_functions(quick):
    rounds = 3 if quick else 7
    cases = [
        ('fide2coordinates', ("'d4'",), lambda m: m.fide2coordinates('d4'), 20000),
        ('coordinates2fide', ('4, 3',), lambda m: m.coordinates2fide(4, 3), 20000),
        ('move', ("'d4', (1, 1), repeated=True",), lambda m: m.move('d4', (1, 1), repeated=True), 20000),
        ('moves', ("'d4', knight, bishop",), lambda m: m.moves('d4', KNIGHT, BISHOP), 5000),
        ('group_size', ('knight',), lambda m: m.group_size(KNIGHT), 200),
        ('group_size', ('repeated=queen',), lambda m: m.group_size(repeated=BISHOP | ROOK), 200),
        ('strength', ('repeated=bishop',), lambda m: m.strength(repeated=BISHOP), 200),
        ('strength', ('knight, bishop (archbishop)',), lambda m: m.strength(KNIGHT, BISHOP), 200),
        ('mobility', ('knight',), lambda m: m.mobility(KNIGHT), 200),
        ('mobility', ('repeated=queen',), lambda m: m.mobility(repeated=BISHOP | ROOK), 200),
    ]
    rows = []
    for name, (args,), call, number in cases:
        assert call(kibitz) == call(reference), name
        ours = best(lambda: call(kibitz), rounds, number)
        theirs = best(lambda: call(reference), rounds, max(1, number // 10))
        rows.append((f'`{name}({args})`', theirs, ours))
    print('| call | pure Python (reference.py) | kibitz | kibitz faster by |')
    print('| --- | ---: | ---: | ---: |')
    for label, theirs, ours in rows:
        print(f'| {label} | {fmt(theirs)} | {fmt(ours)} | {theirs / ours:.1f} × |')


def puzzle_fens():
    fens = []
    for path in sorted((Path(os.environ.get('KIBITZ_TEST_DATA') or REPO.parent / 'shared' / 'data') / 'lichess').glob('mateIn1_*.csv')):
        with path.open(newline='') as f:
            for row in csv.DictReader(f):
                board = chess.Board(row['FEN'])
                board.push_uci(row['Moves'].split()[0])
                fens.append(board.fen())
    return fens


def python_chess_mates(fens):
    out = []
    for fen in fens:
        board = chess.Board(fen)
        mates = []
        for move in board.legal_moves:
            board.push(move)
            if board.is_checkmate():
                board.pop()
                mates.append(board.san(move))
            else:
                board.pop()
        out.append(mates)
    return out


def kibitz_per_call(fens):
    return [[m.san for m in kibitz.mates_in_one(fen)] for fen in fens]


def kibitz_threads(fens, workers=2):
    chunk = (len(fens) + workers - 1) // workers
    parts = [fens[i:i + chunk] for i in range(0, len(fens), chunk)]
    with ThreadPoolExecutor(workers) as pool:
        return [r for part in pool.map(kibitz.mates_in_one_batch, parts) for r in part]


def mates(quick):
    fens = puzzle_fens()
    if quick:
        fens = fens[::10]
    rounds = 2 if quick else 3
    expected = python_chess_mates(fens)
    runs = [
        ('python-chess loop (`push`, `is_checkmate`, `pop`)', lambda: python_chess_mates(fens)),
        ('kibitz `mates_in_one(fen)` per FEN', lambda: kibitz_per_call(fens)),
        ('kibitz `mates_in_one_batch(fens)`', lambda: kibitz.mates_in_one_batch(fens)),
        ('kibitz `mates_in_one_batch`, 2 threads', lambda: kibitz_threads(fens)),
    ]
    for label, run in runs[1:]:
        got = run()
        assert [sorted(m) for m in got] == [sorted(m) for m in expected], label
    baseline = None
    print(f'{len(fens)} puzzle positions, {sum(map(len, expected))} mating moves.')
    print()
    print('| implementation | time | per position | faster than python-chess by |')
    print('| --- | ---: | ---: | ---: |')
    for label, run in runs:
        t = best(run, rounds if baseline is not None else 1 + rounds // 2, 1)
        baseline = baseline or t
        print(f'| {label} | {fmt(t)} | {fmt(t / len(fens))} | {baseline / t:.1f} × |')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--quick', action='store_true', help='fewer rounds, a tenth of the puzzles')
    args = parser.parse_args()
    print(f'Python {platform.python_version()}, python-chess {chess.__version__}, '
          f'{platform.machine()}, {platform.system()}')
    print()
    print('### The seed\'s seven functions')
    print()
    seven_functions(args.quick)
    print()
    print('### Mates in one over the Lichess mate-in-one puzzles')
    print()
    mates(args.quick)


if __name__ == '__main__':
    main()
