"""`kibitz pgn` and `kibitz mate` on PGN, checked against python-chess.

python-chess reads every game of the shipped PGN files (and a few hostile texts)
and is the oracle: for each game, the number of plies of the main line (null
moves included), the final position and the result; for `kibitz mate`, every
position where the side to move had a mate in one, found by trying every legal
move, and whether the move played was one of them.
"""

import io
import json

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


# Tag sections with no movetext between them (python-chess reads them as one game,
# and a tag given again takes the later value), and tags repeated in one section.
REPEATED_TAGS = [
    '[Event "a"]\n[Result "*"]\n\n[Event "b"]\n[Result "1-0"]\n\n1. e4 1-0\n',
    '[Event "a"]\n[Event "b"]\n[Result "*"]\n\n1. e4 *\n',
    '[Event "a"]\n[Result "*"]\n\n[Event "b"]\n[Result "1-0"]\n\n[Event "c"]\n\n1. d4 *\n',
    '[White "x"]\n[Result "1-0"]\n\n[Black "y"]\n[Result "0-1"]\n',
    '[Event "a"]\n[FEN "8/8/8/8/8/8/4K3/k7 w - - 0 1"]\n\n'
    '[Event "b"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n\n1. Ka2 *\n',
    '[Event "a"]\n[Variant "Chess960"]\n[Variant "Standard"]\n\n1. e4 *\n\n'
    '[Event "b"]\n[Site "s"]\n\n[Event "c"]\n\n1. d4 *\n',
]


class Headers(chess.pgn.BaseVisitor):
    """The tag pairs python-chess reads, as it sets them in its dict: each name at
    its first place, with its last value."""

    def begin_game(self):
        self.headers = {}

    def visit_header(self, name, value):
        self.headers[name] = value

    def result(self):
        return self.headers


def no_key_twice(pairs):
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f'a key twice in one JSON object: {keys}'
    return dict(pairs)


@pytest.mark.parametrize('text', REPEATED_TAGS)
def test_repeated_tags_read_as_python_chess_reads_them(text):
    stream = io.StringIO(text)
    headers = []
    while (h := chess.pgn.read_game(stream, Visitor=Headers)) is not None:
        headers.append(h)
    games = oracle_games(text)
    out = kit.run('pgn', '-', '--json', stdin=text)
    records = [json.loads(line, object_pairs_hook=no_key_twice)
               for line in out.stdout.splitlines()]
    assert len(records) == len(games) == len(headers)
    for record, game, tags in zip(records, games, headers):
        assert list(record['tags'].items()) == list(tags.items())
        assert record['fen'] == game.end().board().fen()


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
