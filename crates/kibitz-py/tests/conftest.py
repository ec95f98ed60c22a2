"""Shared fixtures: where the repository and its data are, and puzzle positions."""

import csv
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
LICHESS = REPO / 'data' / 'lichess'


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
    for path in sorted(LICHESS.glob(pattern)):
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
