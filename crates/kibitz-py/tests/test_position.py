"""Position against python-chess (chess==1.11.2) as the oracle: legal moves in UCI
and SAN, FEN, check, mate and stalemate, on puzzle positions and random games."""

import copy
import pickle
import random

import chess
import pytest

import kit

from kibitz import Position



def random_game_positions(games=60, seed=20261129):
    rng = random.Random(seed)
    fens = []
    for _ in range(games):
        board = chess.Board()
        for _ in range(rng.randint(10, 200)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens


@pytest.fixture(scope='module')
def fens(mixed_puzzles):
    return [fen for fen, _ in mixed_puzzles[::3]] + random_game_positions()


def test_legal_moves_uci_and_san_agree_with_python_chess(fens):
    assert len(fens) > 3000
    for fen in fens:
        board = chess.Board(fen)
        pos = Position(fen)
        expected = {m.uci(): board.san(m) for m in board.legal_moves}
        uci = pos.legal_moves()
        san = pos.legal_moves(san=True)
        assert len(uci) == len(set(uci)) == len(expected), fen
        assert dict(zip(uci, san)) == expected, fen
        for m in uci[:5]:
            assert pos.san(m) == expected[m]
            assert pos.uci(expected[m]) == m


def test_fen_and_status_agree_with_python_chess(fens):
    for fen in fens:
        board = chess.Board(fen)
        pos = Position(fen)
        assert pos.fen() == board.fen(), fen
        assert pos.turn == ('w' if board.turn else 'b')
        assert pos.is_check() == board.is_check(), fen
        assert pos.is_checkmate() == board.is_checkmate(), fen
        assert pos.is_stalemate() == board.is_stalemate(), fen
        assert pos.is_insufficient_material() == board.is_insufficient_material(), fen


def test_play_games_in_san_and_uci_like_python_chess():
    rng = random.Random(7)
    for game in range(30):
        board, pos, other = chess.Board(), Position(), Position()
        while not board.is_game_over() and board.ply() < 150:
            move = rng.choice(list(board.legal_moves))
            pos.play(board.san(move))
            other = other.after(move.uci())
            board.push(move)
            assert pos.fen() == other.fen() == board.fen()
        assert pos.is_checkmate() == board.is_checkmate()


def test_start_position_and_defaults():
    pos = Position()
    assert pos.fen() == chess.STARTING_FEN
    assert pos == Position(chess.STARTING_FEN)
    assert hash(pos) == hash(Position(chess.STARTING_FEN))
    assert repr(pos) == f"Position('{chess.STARTING_FEN}')"
    assert str(pos) == chess.STARTING_FEN
    assert pos != pos.after('e4')


def test_promotion_and_castling_notation():
    pos = Position('r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1')
    assert pos.san('b7a8q') == 'bxa8=Q+'
    assert pos.san('e1g1') == 'O-O'
    assert pos.uci('O-O-O') == 'e1c1'
    copy = pos.copy()
    copy.play('b7b8n')
    assert copy != pos and pos.fen().startswith('r3k2r/1P6')


@pytest.mark.parametrize('fen', [
    '', 'bad', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra',
])
def test_bad_fens_are_value_errors_with_the_reason(fen):
    with pytest.raises(ValueError) as info:
        Position(fen)
    assert str(info.value)


@pytest.mark.parametrize('move', ['e5', 'e2e5', 'Nf4', 'hello', '', 'e2', 'e7e8q', 'O-O'])
def test_illegal_or_invalid_moves_are_value_errors_and_change_nothing(move):
    pos = Position()
    for call in (pos.play, pos.san, pos.uci, pos.after):
        with pytest.raises(ValueError):
            call(move)
    assert pos == Position()


def test_type_errors():
    with pytest.raises(TypeError):
        Position(42)
    with pytest.raises(TypeError):
        Position().play(None)


def test_pickle_and_copy_keep_the_position():
    pos = Position('r3k2r/1P6/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 1')
    for other in (pickle.loads(pickle.dumps(pos)), copy.copy(pos), copy.deepcopy(pos), pos.copy()):
        assert other == pos and other.fen() == pos.fen() and other is not pos


def squeezed_digit_fens(fens, limit=300):
    """FENs of real positions with one run of empty squares split in two digits
    (`8` as `44`, `3` as `12`): the same squares, but no FEN python-chess reads."""
    out = []
    for fen in fens:
        board, rest = fen.split(' ', 1)
        for i, c in enumerate(board):
            if c in '2345678':
                d = int(c)
                out.append(f'{board[:i]}{d // 2}{d - d // 2}{board[i + 1:]} {rest}')
                break
        if len(out) == limit:
            break
    return out


def test_two_digits_in_a_row_are_refused_as_python_chess_refuses_them(fens):
    squeezed = squeezed_digit_fens(fens)
    assert squeezed
    for fen in squeezed:
        with pytest.raises(ValueError):
            chess.Board(fen)
        with pytest.raises(ValueError, match='two digits in a row'):
            Position(fen)


def test_perft_is_stopped_by_ctrl_c_and_bounded_like_the_cli():
    """Issue 44: perft(9) ran on 60 s after Ctrl-C, and perft(21) was accepted
    where `kibitz perft 21` is refused. Ctrl-C now raises KeyboardInterrupt within
    a second, on both engines, and the depth is at most 20."""
    for pos in [Position(), Position(variant='capablanca')]:
        assert kit.interrupted_within(lambda: pos.perft(9)) < 1.0
    assert Position().perft(3) == 8902
    assert Position(variant='capablanca').perft(2) == 28 * 28
    with pytest.raises(ValueError, match='depth must be 0 to 20, not 21'):
        Position().perft(21)
    assert Position().perft(0) == 1

