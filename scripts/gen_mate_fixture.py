#!/usr/bin/env python3
"""Writes data/fixtures/mates.tsv: positions from seeded, tactically biased random play
with every mating move of the side to move, found exhaustively by python-chess.

One line per position: ``FEN<TAB>uci uci ...``, the mating moves sorted by UCI, possibly
none (the line then ends in the tab). A move mates if, after ``push``, ``is_checkmate()``.

In each game one side prefers captures and checks (80 % of its moves when it has one)
and the other plays at random, so that one side soon overwhelms the other and mates in
one appear. The sample takes positions with a mate
in one, "near misses" (a check is available but no mate) and plain positions.

    python3 -m pip install -r scripts/requirements.txt
    python3 scripts/gen_mate_fixture.py
"""

from __future__ import annotations

import argparse
import random

import chess

import fixturelib

# How often the stronger side draws its move from its captures and checks rather than
# from all its moves. Symmetric bias only trades material off; a lopsided game is where
# mates in one appear, so one side per game plays forcing moves and the other at random.
TACTICAL_BIAS = 0.8


def tactical_policy(strong: chess.Color) -> fixturelib.Policy:
    """``strong`` plays a capture or check with probability ``TACTICAL_BIAS`` when it has
    one; otherwise, and always for the other side, any legal move."""

    def choose(rng: random.Random, board: chess.Board) -> chess.Move:
        moves = list(board.legal_moves)
        if board.turn == strong and rng.random() < TACTICAL_BIAS:
            forcing = [m for m in moves if board.is_capture(m) or board.gives_check(m)]
            if forcing:
                return rng.choice(forcing)
        return rng.choice(moves)

    return choose


def mating_moves(board: chess.Board) -> list[chess.Move]:
    """Every legal move after which the opponent is checkmated, by brute force."""
    mates = []
    for move in fixturelib.sorted_moves(board):
        board.push(move)
        if board.is_checkmate():
            mates.append(move)
        board.pop()
    return mates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20240612)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--with-mate", type=int, default=700, help="positions with a mate in one")
    parser.add_argument("--near-misses", type=int, default=600, help="checks but no mate")
    parser.add_argument("--out", default=str(fixturelib.FIXTURES / "mates.tsv"))
    args = parser.parse_args()

    rng = random.Random(args.seed)
    pool: dict[str, tuple[chess.Board, list[chess.Move]]] = {}
    for _ in range(args.games):
        max_plies = rng.choice([40, 80, 150, 250, 400])
        strong = rng.choice([chess.WHITE, chess.BLACK])
        for board in fixturelib.random_game(rng, max_plies, tactical_policy(strong)):
            fen = board.fen()
            if fen not in pool:
                pool[fen] = (board, mating_moves(board))

    fens = list(pool)  # insertion order: deterministic
    with_mate = [fen for fen in fens if pool[fen][1]]
    near = [
        fen
        for fen in fens
        if not pool[fen][1] and any(pool[fen][0].gives_check(m) for m in pool[fen][0].legal_moves)
    ]
    chosen = rng.sample(with_mate, min(args.with_mate, len(with_mate)))
    chosen += rng.sample(near, min(args.near_misses, len(near)))
    taken = set(chosen)
    rest = [fen for fen in fens if fen not in taken]
    chosen += rng.sample(rest, max(0, args.positions - len(chosen)))

    lines = [f"{fen}\t{' '.join(m.uci() for m in pool[fen][1])}" for fen in chosen]
    mating = sum(1 for fen in chosen if pool[fen][1])
    moves = sum(len(pool[fen][1]) for fen in chosen)
    head = fixturelib.header(
        "gen_mate_fixture.py",
        args.seed,
        "FEN<TAB>mating moves in UCI, space-separated, sorted (possibly none)",
        f"{len(lines)} positions, {mating} with a mate in one, {moves} mating moves",
    )
    fixturelib.write_fixture(fixturelib.Path(args.out), head, lines)
    print(
        f"{args.out}: {len(lines)} positions, {mating} with a mate in one, {moves} mating moves"
        f" (pool {len(fens)}: {len(with_mate)} with mate, {len(near)} near misses)"
    )


if __name__ == "__main__":
    main()
