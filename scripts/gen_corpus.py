#!/usr/bin/env python3
"""The project's own test corpus, generated: games of seeded random play written as
PGN (tags, clocks and evals in comments, NAGs, variations, Chess960 games from
their FEN), FEN/EPD lines with `bm #1` where a mate in one was found by search,
Lichess-style puzzle rows one move before such a mate, and perft records.

Everything comes from one seeded `random.Random` and python-chess, so the same
seed gives the same bytes on every machine. The CLI fuzz run mutates these files;
a test that needs games anywhere can use them too.

    python scripts/gen_corpus.py OUT_DIR [SEED]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import chess
import chess.pgn

DEFAULT_SEED = 20261201


def biased_move(rng: random.Random, board: chess.Board) -> chess.Move:
    """A legal move, now and then a mating one or a capture, so that games reach
    mates and material comes off the board."""
    moves = list(board.legal_moves)
    if rng.random() < 0.3:
        for mv in moves:
            board.push(mv)
            mate = board.is_checkmate()
            board.pop()
            if mate:
                return mv
    if rng.random() < 0.4:
        captures = [m for m in moves if board.is_capture(m)]
        if captures:
            return rng.choice(captures)
    return rng.choice(moves)


def mates_in_one(board: chess.Board) -> list[chess.Move]:
    """Every legal move that checkmates, by trying them all."""
    out = []
    for mv in board.legal_moves:
        board.push(mv)
        if board.is_checkmate():
            out.append(mv)
        board.pop()
    return out


def clock(rng: random.Random) -> str:
    seconds = rng.randrange(0, 3 * 3600)
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


def random_game(rng: random.Random, number: int) -> chess.pgn.Game:
    """One game of biased random play, with tags and Lichess-style comments."""
    chess960 = rng.random() < 0.15
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"kibitz corpus {number}"
    game.headers["Site"] = "generated"
    game.headers["Date"] = f"{2019 + number % 5}.{1 + number % 12:02}.{1 + number % 28:02}"
    game.headers["Round"] = str(number)
    game.headers["White"] = f"Random {rng.randrange(100)}"
    game.headers["Black"] = f"Random {rng.randrange(100)}"
    if chess960:
        game.headers["Variant"] = "Chess960"
        game.setup(board)
    node = game
    for _ in range(rng.randrange(10, 160)):
        if board.is_game_over(claim_draw=False):
            break
        mv = biased_move(rng, board)
        if rng.random() < 0.05:
            # A variation: another legal move, kept beside the main line.
            other = rng.choice(list(board.legal_moves))
            if other != mv:
                node.add_variation(other, comment="a variation")
        node = node.add_main_variation(mv)
        board.push(mv)
        parts = []
        if rng.random() < 0.5:
            parts.append(f"[%clk {clock(rng)}]")
        if rng.random() < 0.3:
            parts.append(
                f"[%eval #{rng.choice([-1, 1]) * rng.randrange(1, 9)}]"
                if rng.random() < 0.2
                else f"[%eval {rng.uniform(-9, 9):.2f}]"
            )
        if rng.random() < 0.05:
            parts.append("a comment")
        if parts:
            node.comment = " ".join(parts)
        if rng.random() < 0.03:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6]))
    outcome = board.outcome(claim_draw=False)
    game.headers["Result"] = (
        outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    )
    return game


def generate(seed: int = DEFAULT_SEED, games: int = 120) -> dict[str, bytes]:
    """The corpus as `{file name: bytes}`."""
    rng = random.Random(seed)
    pgn, epd, csv_rows, perft = [], [], [], []
    for number in range(1, games + 1):
        game = random_game(rng, number)
        pgn.append(str(game))
        board = game.board()
        previous = None
        for ply, mv in enumerate(game.mainline_moves()):
            board.push(mv)
            if ply % 3 == 0 or board.is_check():
                mates = mates_in_one(board)
                fen = board.fen()
                if mates:
                    epd.append(f"{board.epd()} bm #1; id \"corpus {number} ply {ply}\";")
                    if previous is not None and not board.chess960:
                        rid = f"{number:03}{ply:03}"
                        csv_rows.append(
                            f"c{rid},{previous},{mv.uci()} {mates[0].uci()},"
                            f"{rng.randrange(400, 2800)},75,90,{rng.randrange(10, 9000)},"
                            f"mateIn1 oneMove short,https://example.invalid/{rid},"
                        )
                elif rng.random() < 0.05:
                    epd.append(f"{board.epd()} id \"corpus {number} ply {ply}\";")
                if rng.random() < 0.02:
                    count = board.legal_moves.count()
                    perft.append(f"id corpus-{number}-{ply}\nepd {fen}\nperft 1 {count}\n")
            previous = board.fen()
    header = (
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,"
        "OpeningTags"
    )
    return {
        "games.pgn": ("\n\n".join(pgn) + "\n").encode(),
        "mates.epd": ("\n".join(epd) + "\n").encode(),
        "puzzles.csv": (header + "\n" + "\n".join(csv_rows) + "\n").encode(),
        "positions.perft": "\n".join(perft).encode(),
    }


def main() -> None:
    out = Path(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_SEED
    out.mkdir(parents=True, exist_ok=True)
    for name, data in generate(seed).items():
        (out / name).write_bytes(data)
        print(f"{out / name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
