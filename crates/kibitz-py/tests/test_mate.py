"""Mates in one, threats and the glance detector against python-chess on the
Lichess puzzle files, and the GIL-free batch function."""

import threading

import chess
import pytest

import kit

from kibitz import Mate, Position, glance, mate_threats, mates_in_one, mates_in_one_batch

BACK_RANK = '6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1'


def python_chess_mates(board):
    """The straightforward oracle: every legal move after which the opponent is mated."""
    out = {}
    for move in board.legal_moves:
        san = board.san(move)
        board.push(move)
        if board.is_checkmate():
            out[move.uci()] = san
        board.pop()
    return out


def test_mate_in_one_puzzles_agree_with_python_chess(mate_in_one_puzzles):
    assert len(mate_in_one_puzzles) > 20000
    for fen, solution in mate_in_one_puzzles[::4]:
        found = mates_in_one(fen)
        assert {m.uci: m.san for m in found} == python_chess_mates(chess.Board(fen)), fen
        assert solution[0] in {m.uci for m in found}, fen
        assert all(m.san.endswith('#') for m in found)


def test_every_puzzle_solution_is_found(mate_in_one_puzzles):
    fens = [fen for fen, _ in mate_in_one_puzzles]
    batch = mates_in_one_batch(fens)
    for (fen, solution), sans in zip(mate_in_one_puzzles, batch):
        board = chess.Board(fen)
        assert board.san(chess.Move.from_uci(solution[0])) in sans, fen


def test_mixed_puzzles_agree_with_python_chess(mixed_puzzles):
    for fen, _ in mixed_puzzles[::5]:
        board = chess.Board(fen)
        assert {m.uci for m in mates_in_one(fen)} == set(python_chess_mates(board)), fen


def test_threats_agree_with_python_chess(mixed_puzzles):
    for fen, _ in mixed_puzzles[::7]:
        board = chess.Board(fen)
        if board.is_check():
            assert mate_threats(fen) == []
            continue
        board.push(chess.Move.null())
        assert {m.uci: m.san for m in mate_threats(fen)} == python_chess_mates(board), fen


def test_glance_is_sound(mate_in_one_puzzles):
    seen = 0
    for fen, _ in mate_in_one_puzzles[::3]:
        exact = {m.uci for m in mates_in_one(fen)}
        for m in glance(fen):
            assert m.uci in exact, fen
            assert m.glance in {'closeQueen', 'edgeLine', 'bishops', 'epaulette', 'closeRook', 'smothered'}
            seen += 1
    assert seen > 1000


def test_mate_objects():
    [mate] = mates_in_one(BACK_RANK)
    assert isinstance(mate, Mate)
    assert (mate.san, mate.uci, mate.patterns, mate.glance) == ('Re8#', 'e1e8', ['backRankMate'], None)
    assert repr(mate) == "Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'])"
    assert mates_in_one(Position(BACK_RANK)) == [mate] == Position(BACK_RANK).mates_in_one()
    assert glance(BACK_RANK)[0].glance == 'edgeLine'
    assert mates_in_one(chess.STARTING_FEN) == []
    smothered = '6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1'
    assert [(m.san, m.patterns) for m in mates_in_one(smothered)] == [('Nf7#', ['smotheredMate'])]


def test_bad_input():
    with pytest.raises(ValueError):
        mates_in_one('bad')
    with pytest.raises(TypeError):
        mates_in_one(3)
    with pytest.raises(ValueError, match='^fen 1: '):
        mates_in_one_batch([BACK_RANK, 'bad'])
    assert mates_in_one_batch([BACK_RANK, 'bad', chess.STARTING_FEN], skip_invalid=True) == [['Re8#'], None, []]
    assert mates_in_one_batch([]) == []
    assert mates_in_one_batch((f for f in [BACK_RANK])) == [['Re8#']]
    assert mates_in_one_batch((BACK_RANK,)) == [['Re8#']]
    with pytest.raises(TypeError):
        mates_in_one_batch([BACK_RANK, 3])
    with pytest.raises(TypeError):
        mates_in_one_batch(BACK_RANK)


def test_batch_matches_single_calls(mixed_puzzles):
    fens = [fen for fen, _ in mixed_puzzles[::10]]
    assert mates_in_one_batch(fens) == [[m.san for m in mates_in_one(f)] for f in fens]


def test_batch_releases_the_gil(mate_in_one_puzzles):
    """Another Python thread keeps running while the batch computes. (If the batch
    held the GIL, the counter could not move between `before` and `after`.)"""
    fens = [fen for fen, _ in mate_in_one_puzzles] * 3
    done = threading.Event()
    count = [0]

    def spin():
        while not done.is_set():
            count[0] += 1

    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        before = count[0]
        mates_in_one_batch(fens)
        after = count[0]
    finally:
        done.set()
        spinner.join()
    assert after - before > 1000


def test_batches_are_stopped_by_ctrl_c():
    """Issue 44: the batch functions run without the GIL and could not be
    interrupted; Ctrl-C now raises KeyboardInterrupt within a second."""
    from kibitz import scan_games

    fens = ['r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'] * 1_000_000
    assert kit.interrupted_within(lambda: mates_in_one_batch(fens)) < 1.0
    game = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'
    games = [game] * 1_000_000
    assert kit.interrupted_within(lambda: scan_games(games, threads=2)) < 1.0

