"""Benchmarks of the Python module against pure Python, in one process.

    .venv/bin/python crates/kibitz-py/bench.py [--quick]

1. The seed's seven functions: kibitz against tests/reference.py, the
   straightforward pure-Python implementation, on the same calls.
2. Mates in one over the Lichess mate-in-one puzzle files (the shared data's lichess/mateIn1_*.csv, $KIBITZ_TEST_DATA):
   kibitz (one call per FEN, and the batch function) against the python-chess loop
   (push every legal move, ask is_checkmate, pop). Both read the FEN and write the
   SAN of each mate; the answers are checked to agree before any time is reported.
3. kibitz.pyffish against pyffish 0.0.90 (when installed), per call, on seeded random
   games of 20, 80 and 200 plies in chess, crazyhouse, xiangqi and shogi: the same
   call through both modules, answers checked equal first. Goal (issue 41): >= 5 x
   pyffish, and a call's cost growing with the move list no faster than replaying it
   (the `per ply` column: the extra time per move of the list from 20 to 200 plies).

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


PYFFISH_VARIANTS = ['chess', 'crazyhouse', 'xiangqi', 'shogi']
PYFFISH_PLIES = [20, 80, 200]


def pyffish_game(sf, variant, plies):
    """A seeded random game of at least `plies` plies, played by pyffish (the first
    seed whose game lasts that long)."""
    import random
    for seed in range(100):
        rng = random.Random(seed)
        start = sf.start_fen(variant)
        played = []
        while len(played) < plies:
            moves = sf.legal_moves(variant, start, played)
            if not moves:
                break
            played.append(rng.choice(sorted(moves)))
        if len(played) == plies:
            return start, played
    raise RuntimeError(f'no {variant} game of {plies} plies')


def pyffish_calls(variant, start, moves, fen, last):
    """(label, call(module)) for each function timed, on the game `moves` from `start`."""
    return [
        ('legal_moves', lambda m: sorted(m.legal_moves(variant, start, moves))),
        ('get_fen', lambda m: m.get_fen(variant, start, moves)),
        ('get_san', lambda m: m.get_san(variant, fen, last)),
        ('gives_check', lambda m: m.gives_check(variant, start, moves)),
        ('game_result', lambda m: m.game_result(variant, start, moves)),
    ]


def pyffish_api(quick):
    try:
        import pyffish as sf
    except ImportError:
        print('pyffish is not installed (`pip install pyffish==0.0.90`): not measured.')
        return
    import kibitz.pyffish as ksf
    rounds = 3 if quick else 7
    print(f'pyffish {".".join(map(str, sf.version()))}. Per call, best of {rounds} rounds; '
          '`refused`: kibitz raises NotImplementedError (docs/PYTHON.md). `per ply`: '
          "kibitz's extra time per move of the list, from 20 to 200 plies "
          '(`get_fen` is the replay itself).')
    print()
    print('| variant | call | pyffish 20 / 80 / 200 plies | kibitz 20 / 80 / 200 plies '
          '| kibitz faster by | kibitz per ply |')
    print('| --- | --- | ---: | ---: | ---: | ---: |')
    for variant in PYFFISH_VARIANTS:
        start, game = pyffish_game(sf, variant, max(PYFFISH_PLIES) + 1)
        rows = {}
        for plies in PYFFISH_PLIES:
            moves = game[:plies]
            fen = sf.get_fen(variant, start, moves)
            for label, call in pyffish_calls(variant, start, moves, fen, game[plies]):
                want = call(sf)
                try:
                    got = call(ksf)
                except NotImplementedError:
                    rows.setdefault(label, []).append(None)
                    continue
                assert got == want, (variant, label, plies, got, want)
                theirs = best(lambda: call(sf), rounds, 3)
                ours = best(lambda: call(ksf), rounds, 30)
                rows.setdefault(label, []).append((theirs, ours))
        for label, cells in rows.items():
            if None in cells:
                print(f'| {variant} | `{label}` | | | refused | |')
                continue
            theirs = ' / '.join(fmt(t) for t, _ in cells)
            ours = ' / '.join(fmt(o) for _, o in cells)
            ratios = ' / '.join(f'{t / o:.0f} ×' for t, o in cells)
            per_ply = (cells[-1][1] - cells[0][1]) / (PYFFISH_PLIES[-1] - PYFFISH_PLIES[0])
            print(f'| {variant} | `{label}` | {theirs} | {ours} | {ratios} | {fmt(per_ply)} |')


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
    print()
    print('### kibitz.pyffish beside pyffish 0.0.90')
    print()
    pyffish_api(args.quick)


if __name__ == '__main__':
    main()
