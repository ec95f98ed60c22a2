#!/usr/bin/env python3
"""Writes data/fixtures/san_moves.tsv: every legal move of many positions in UCI and
in SAN, as python-chess writes them, for differential tests of kibitz's notation.

One line per position: ``FEN<TAB>uci san;uci san;...`` (moves sorted by UCI; SAN with
``+``/``#`` suffixes; castling as king-to-square UCI such as ``e1g1``, python-chess's
default ``chess960=False``).

Positions: (a) positions reached by seeded random play from the start, with quotas so
that promotions, en passant, castling, checks and disambiguated moves all occur; (b) a
seeded sample of the Lichess puzzle positions in data/lichess.

    python3 -m pip install -r scripts/requirements.txt
    python3 scripts/gen_san_fixture.py
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import chess

import fixturelib

# How many random-play positions must show each feature (at least one legal move of the
# kind, or the side to move in check); the rest are drawn uniformly from the pool.
QUOTAS = {
    "promotion": 200,
    "en_passant": 120,
    "castling": 200,
    "check": 200,
    "disambiguation": 200,
    "mate": 100,
}


def san_body_is_disambiguated(san: str) -> bool:
    """True for piece moves such as ``Nbd2``, ``R1e2``, ``Qh4xe1``: more than the target
    square after the piece letter (captures and suffixes aside)."""
    if san[0] not in "NBRQK":
        return False
    body = san[1:].rstrip("+#").replace("x", "")
    return len(body) > 2


def features(board: chess.Board, exact: bool = False) -> set[str]:
    """Which of the ``QUOTAS`` features a position shows (``exact=False`` may miss
    disambiguation and mates in positions with few moves, to keep the pool scan fast)."""
    found = set()
    if board.is_check():
        found.add("check")
    for move in board.legal_moves:
        if move.promotion:
            found.add("promotion")
        if board.is_en_passant(move):
            found.add("en_passant")
        if board.is_castling(move):
            found.add("castling")
    # SAN is the expensive part: only work it out for positions with many moves to
    # tell apart, where disambiguation and mates are likeliest to show up.
    if exact or board.legal_moves.count() >= 20 or "promotion" in found:
        for move in board.legal_moves:
            san = board.san(move)
            if san_body_is_disambiguated(san):
                found.add("disambiguation")
            if san.endswith("#"):
                found.add("mate")
    return found


def random_play_positions(rng: random.Random, target: int, games: int) -> list[chess.Board]:
    """``target`` distinct positions from ``games`` seeded random games of varied length."""
    pool: dict[str, chess.Board] = {}
    for _ in range(games):
        # Varied lengths: short games keep castling rights and the opening structure,
        # long ones reach promotions and bare-king endings.
        max_plies = rng.choice([10, 20, 40, 80, 160, 300])
        for board in fixturelib.random_game(rng, max_plies):
            pool.setdefault(board.fen(), board)
    fens = list(pool)  # insertion order: deterministic
    tagged = {fen: features(pool[fen]) for fen in fens}

    chosen: list[str] = []
    taken: set[str] = set()
    for feature, quota in QUOTAS.items():
        having = [fen for fen in fens if feature in tagged[fen] and fen not in taken]
        for fen in rng.sample(having, min(quota, len(having))):
            chosen.append(fen)
            taken.add(fen)
    rest = [fen for fen in fens if fen not in taken]
    chosen.extend(rng.sample(rest, max(0, target - len(chosen))))
    return [pool[fen] for fen in chosen]


def line(board: chess.Board) -> str:
    moves = ";".join(f"{move.uci()} {board.san(move)}" for move in fixturelib.sorted_moves(board))
    return f"{board.fen()}\t{moves}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--random-positions", type=int, default=1500)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--puzzles", type=int, default=3000)
    parser.add_argument("--out", default=str(fixturelib.FIXTURES / "san_moves.tsv"))
    args = parser.parse_args()

    rng = random.Random(args.seed)
    boards = random_play_positions(rng, args.random_positions, args.games)
    seen = {board.fen() for board in boards}
    puzzles = fixturelib.puzzle_positions()
    sample = sorted(rng.sample(range(len(puzzles)), min(args.puzzles, len(puzzles))))
    for i in sample:
        fen = puzzles[i][2]
        if fen not in seen:
            seen.add(fen)
            boards.append(chess.Board(fen))

    lines = [line(board) for board in boards]
    moves = sum(board.legal_moves.count() for board in boards)
    stats = Counter(feature for board in boards for feature in features(board, exact=True))
    head = fixturelib.header(
        "gen_san_fixture.py",
        args.seed,
        "FEN<TAB>uci san;uci san;... (all legal moves, sorted by UCI)",
        f"{len(lines)} positions ({args.random_positions} random play, rest Lichess puzzles), {moves} moves",
    )
    fixturelib.write_fixture(fixturelib.Path(args.out), head, lines)
    print(f"{args.out}: {len(lines)} positions, {moves} moves; features: {dict(sorted(stats.items()))}")


if __name__ == "__main__":
    main()
