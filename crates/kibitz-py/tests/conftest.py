"""Shared fixtures: where the repository and its data are, and puzzle positions."""

import csv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
LICHESS = REPO / 'data' / 'lichess'


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
