"""Shared fixtures: puzzle positions, and the `--exhaustive` option.

Where the repository, the outside test data and the kibitz CLI are, and how to run
it, is the test kit's (kit.py), which every test file imports.
"""

import sys

import pytest

from kit import REPO, puzzles

# The project's own corpus generator (seeded random games), for tests that need games
# on every machine.
sys.path.insert(0, str(REPO / 'scripts'))


def puzzle_positions(pattern='mateIn1_*.csv'):
    """(FEN after the opponent's first move, the rest of the solution) of each puzzle
    of the outside data's `lichess/PATTERN` files."""
    return [(board.fen(), rest) for board, rest in puzzles(pattern)]


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
