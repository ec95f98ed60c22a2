"""Chess960 against python-chess (`chess.Board(fen, chess960=True)`), the oracle.

Positions come from random play out of many of the 960 start positions (seeded,
castling preferred when it is legal so that it is exercised), with both colours to
move. For each: the legal moves in UCI (king takes rook) and SAN, the X-FEN and
Shredder-FEN, perft, and the mates in one; then whole games through the CLI, as
PGN with `[Variant "Chess960"]`, which `kibitz pgn` and `kibitz mate` must play to
the position python-chess reaches.
"""

import random

import chess
import chess.pgn
import pytest

import kibitz
import kit

SEED = 960


def random_boards(seed, count, max_plies):
    """`count` positions, each from a random start position after random play,
    many of them where castling is legal."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Stop often where castling is legal, to compare it; play it sometimes.
            castles = [m for m in moves if board.is_castling(m)]
            if castles and rng.random() < 0.3:
                break
            board.push(rng.choice(castles if castles and rng.random() < 0.3 else moves))
        if not board.is_game_over():
            boards.append(board)
    return boards


BOARDS = random_boards(SEED, 400, 40)


def test_the_boards_cover_castling_and_both_colours():
    castling = sum(any(b.is_castling(m) for m in b.legal_moves) for b in BOARDS)
    assert castling >= 40
    assert {b.turn for b in BOARDS} == {chess.WHITE, chess.BLACK}
    assert sum(b.castling_rights != 0 for b in BOARDS) >= 200


def test_moves_san_and_fen_agree_with_python_chess():
    for board in BOARDS:
        pos = kibitz.Position(board.fen(), chess960=True)
        assert pos.chess960
        assert pos.fen() == board.fen()
        assert pos.shredder_fen() == board.fen(shredder=True)
        assert kibitz.Position(board.fen(shredder=True), chess960=True) == pos
        ucis = sorted(board.uci(m) for m in board.legal_moves)
        assert sorted(pos.legal_moves()) == ucis, board.fen()
        sans = sorted(board.san(m) for m in board.legal_moves)
        assert sorted(pos.legal_moves(san=True)) == sans, board.fen()
        for move in board.legal_moves:
            if board.is_castling(move):
                # Both UCI forms and SAN read; the result is python-chess's position.
                after = board.copy()
                after.push(move)
                assert pos.after(board.uci(move)).fen() == after.fen()
                assert pos.after(board.san(move)).fen() == after.fen()


def python_chess_perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_chess_perft(board, depth - 1)
        board.pop()
    return nodes


def test_perft_agrees_with_python_chess():
    for i, board in enumerate(BOARDS[:120]):
        depth = 3 if i < 12 else 2
        pos = kibitz.Position(board.fen(), chess960=True)
        assert pos.perft(depth) == python_chess_perft(board, depth), board.fen()


def test_mates_in_one_agree_with_python_chess():
    """Random play rarely mates; positions one move before a random game's end do."""
    rng = random.Random(SEED + 1)
    checked = 0
    boards = list(BOARDS)
    while checked < 60:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        while not board.is_game_over() and board.ply() < 300:
            moves = list(board.legal_moves)
            mating = [m for m in moves if board.gives_check(m)]
            board.push(rng.choice(mating if mating and rng.random() < 0.3 else moves))
        if board.is_checkmate():
            board.pop()
            boards.append(board)
            checked += 1
    for board in boards:
        expected = []
        for move in board.legal_moves:
            board.push(move)
            if board.is_checkmate():
                expected.append(move)
            board.pop()
        got = kibitz.mates_in_one(board.fen(), chess960=True)
        assert sorted(m.uci for m in got) == sorted(board.uci(m) for m in expected)
        assert sorted(m.san for m in got) == sorted(board.san(m) for m in expected)


def test_castling_mate_in_chess960_uci():
    # King b1, rook a1; O-O-O puts the rook on d1, mating the king on d8 boxed in
    # by its own men.
    board = chess.Board('2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1', chess960=True)
    castle = board.find_move(chess.B1, chess.A1)
    assert board.is_castling(castle)
    board.push(castle)
    assert board.is_checkmate()
    board.pop()
    mates = kibitz.mates_in_one(board.fen(), chess960=True)
    assert [(m.uci, m.san) for m in mates] == [('b1a1', 'O-O-O#')]


def random_games(seed, count):
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(20, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            castles = [m for m in moves if board.is_castling(m)]
            board.push(rng.choice(castles if castles and rng.random() < 0.7 else moves))
        games.append(chess.pgn.Game.from_board(board))
    return games


def test_chess960_pgn_games_through_the_cli():
    games = random_games(SEED + 2, 60)
    text = '\n\n'.join(str(g) for g in games) + '\n'
    assert text.count('[Variant "Chess960"]') == 60
    assert 'O-O' in text
    code, records = kit.records('pgn', '-', '--json', stdin=text)
    assert code == 0, records
    assert len(records) == len(games)
    for record, game in zip(records, games):
        board = game.end().board()
        assert record['fen'] == board.fen()
        assert record['plies'] == len(game.end().board().move_stack)
    # `kibitz mate` writes the mates of Chess960 games with king-takes-rook UCI,
    # and finds the positions python-chess finds.
    code, records = kit.records('mate', '-', '--json', stdin=text)
    assert code == 0
    expected = []
    for game in games:
        board = game.board()
        for move in game.mainline_moves():
            mates = []
            for candidate in board.legal_moves:
                board.push(candidate)
                if board.is_checkmate():
                    mates.append(candidate)
                board.pop()
            if mates:
                expected.append((board.fen(), sorted(board.uci(m) for m in mates)))
            board.push(move)
    got = [(r['fen'], sorted(m['uci'] for m in r['mates'])) for r in records]
    assert got == expected


def test_chess960_flag_writes_king_takes_rook_in_the_cli():
    fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
    code, [plain] = kit.records('moves', '--fen', fen, '--json')
    code960, [chess960] = kit.records('moves', '--fen', fen, '--json', '--chess960')
    assert code == code960 == 0
    castles = lambda r: sorted(m['uci'] for m in r['moves'] if m['san'].startswith('O-O'))
    board = chess.Board(fen)
    assert castles(plain) == sorted(board.uci(m) for m in board.legal_moves if board.is_castling(m))
    board960 = chess.Board(fen, chess960=True)
    assert castles(chess960) == sorted(board960.uci(m) for m in board960.legal_moves
                                       if board960.is_castling(m))
    assert castles(chess960) == ['e1a1', 'e1h1']


def test_standard_chess_refuses_chess960_rights_as_python_chess_does():
    """Without chess960=True a position is standard chess: a castling right that
    needs the king off e1/e8 or a rook off the corner is refused, where
    python-chess's standard board reports STATUS_BAD_CASTLING_RIGHTS."""
    refused = kept = 0
    for board in BOARDS:
        standard = chess.Board(board.fen())
        if standard.status() & chess.STATUS_BAD_CASTLING_RIGHTS:
            refused += 1
            with pytest.raises(ValueError, match='Chess960'):
                kibitz.Position(board.fen())
            with pytest.raises(ValueError, match='Chess960'):
                kibitz.mates_in_one(board.fen())
            assert kibitz.mates_in_one_batch([board.fen()], skip_invalid=True) == [None]
            assert kibitz.mates_in_one_batch([board.fen()], chess960=True) != [None]
        else:
            kept += 1
            assert kibitz.Position(board.fen()).fen() == standard.fen()
    assert refused >= 50 and kept >= 50, (refused, kept)
