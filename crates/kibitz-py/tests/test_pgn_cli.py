"""`kibitz pgn` and `kibitz mate` on PGN, checked against python-chess.

python-chess reads every game of the shipped PGN files (and a few hostile texts)
and is the oracle: for each game, the number of plies of the main line (null
moves included), the final position and the result; for `kibitz mate`, every
position where the side to move had a mate in one, found by trying every legal
move, and whether the move played was one of them.
"""

import io

import chess
import chess.pgn
import pytest

import kit

# The shared data's real games (where it is absent, the tests are skipped, or fail
# under KIBITZ_REQUIRE_DATA=1).
PGN_FILES = kit.shared_files('pgn', '*.pgn')


def oracle_games(text):
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


@pytest.mark.parametrize('path', PGN_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize('threads', ['1', '2'])
def test_game_listing_agrees_with_python_chess(path, threads):
    code, records = kit.records('pgn', str(path), '--json', '-j', threads, '--chunk-bytes', '20000')
    games = oracle_games(path.read_text(encoding='utf-8', errors='replace'))
    assert code == 0
    assert len(records) == len(games)
    for record, game in zip(records, games):
        board = game.end().board()
        assert record['plies'] == board.ply() - game.board().ply(), record['game']
        assert record['fen'] == board.fen(), record['game']
        assert record['result'] == game.headers.get('Result', '*')


NULL_MOVES = [
    '1. e4 -- *\n',
    '1. e4 e5 2. -- Nc6 3. Nf3 -- 4. Bb5 1-0\n',
    '[Event "z0"]\n\n1. d4 Z0 2. c4 *\n',
]


@pytest.mark.parametrize('text', NULL_MOVES)
def test_null_moves_are_played_as_python_chess_plays_them(text):
    code, records = kit.records('pgn', '-', '--json', stdin=text)
    (game,) = oracle_games(text)
    assert code == 0
    board = game.end().board()
    assert records[0]['plies'] == board.ply()
    assert records[0]['fen'] == board.fen()


def mates_in_one(board):
    found = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            found.append(move.uci())
        board.pop()
    return sorted(found)


@pytest.mark.parametrize('path', PGN_FILES, ids=lambda p: p.name)
def test_mate_scan_agrees_with_python_chess(path):
    code, records = kit.records('mate', str(path), '--json', '-j', '2')
    assert code == 0
    expected = []
    for number, game in enumerate(oracle_games(path.read_text(encoding='utf-8', errors='replace')), 1):
        board = game.board()
        for ply, move in enumerate(game.mainline_moves(), 1):
            mates = mates_in_one(board)
            if mates:
                expected.append((f'game {number}:ply {ply}', board.fen(), mates,
                                 move.uci() not in mates))
            board.push(move)
        # A game that ended with its result: a mate left on the final position
        # is a record too, without a move played (every game here has a result).
        mates = mates_in_one(board)
        if mates:
            expected.append((f'game {number}:ply {len(board.move_stack) + 1}', board.fen(),
                             mates, None))
    # The input is named `FILE:game N:ply P`; the file part is the path as given.
    got = [(r['input'].split(':', 1)[1], r['fen'], sorted(m['uci'] for m in r['mates']),
            r.get('missed')) for r in records]
    assert got == expected
