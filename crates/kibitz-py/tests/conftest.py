"""Shared fixtures: where the repository and the outside test data are, and puzzle
positions.

The outside corpora (Lichess puzzles, matetrack, games) are not in the repository:
they are read from $KIBITZ_TEST_DATA, by default ../shared/data beside the
repository, and a test that needs them is skipped, saying so, where they are absent.
"""

import csv
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get('KIBITZ_TEST_DATA') or REPO.parent / 'shared' / 'data')
LICHESS = DATA / 'lichess'
# The project's own corpus generator (seeded random games), for tests that need games
# on every machine.
sys.path.insert(0, str(REPO / 'scripts'))


def shared(relative):
    """The outside test data's file or folder `relative`, or a skip naming it."""
    path = DATA / relative
    if not path.exists():
        pytest.skip(f'the outside test data {relative!r} is absent (set KIBITZ_TEST_DATA to '
                    f'the folder holding it, by default ../shared/data beside the repository)')
    return path


def cli():
    """The kibitz binary: $KIBITZ_CLI (test.sh builds it), else `cargo run`."""
    binary = os.environ.get('KIBITZ_CLI')
    if binary:
        return [binary]
    return ['cargo', 'run', '--quiet', '--release', '-p', 'kibitz-cli', '--']


def puzzle_positions(pattern='mateIn1_*.csv'):
    """(FEN after the opponent's first move, the rest of the solution) of each puzzle.

    A Lichess puzzle's FEN is the position before the opponent's move that sets it
    up; the puzzle starts after the first UCI move of `Moves`.
    """
    import chess

    out = []
    for path in sorted(shared('lichess').glob(pattern)):
        with path.open(newline='') as f:
            for row in csv.DictReader(f):
                board = chess.Board(row['FEN'])
                moves = row['Moves'].split()
                board.push_uci(moves[0])
                out.append((board.fen(), moves[1:]))
    return out


@pytest.fixture(scope='session')
def mate_in_one_puzzles():
    return puzzle_positions('mateIn1_*.csv')


@pytest.fixture(scope='session')
def mixed_puzzles():
    return puzzle_positions('mixed_range_*.csv') + puzzle_positions('sample1000.csv')


def pytest_addoption(parser):
    parser.addoption('--exhaustive', action='store_true',
                     help='also run the tests marked `exhaustive` (minutes to hours)')


def pytest_configure(config):
    config.addinivalue_line(
        'markers', 'exhaustive: a long differential run, skipped unless --exhaustive')


def pytest_collection_modifyitems(config, items):
    if config.getoption('--exhaustive'):
        return
    skip = pytest.mark.skip(reason='exhaustive: run with --exhaustive')
    for item in items:
        if 'exhaustive' in item.keywords:
            item.add_marker(skip)


def interrupted_within(call, delay=0.3):
    """Seconds between a SIGINT sent to this process `delay` seconds into `call`
    and the KeyboardInterrupt that `call` raises (issue 44: Ctrl-C did not stop
    `perft(9)` for 60 s, nor `solve(…, 8)` for 47 s). Fails if `call` returns."""
    import signal
    import threading
    import time

    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, interrupt)
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()
    pytest.fail(f'{call} returned instead of raising KeyboardInterrupt')
