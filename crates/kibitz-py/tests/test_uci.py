"""`kibitz uci` driven by python-chess's `chess.engine` — a UCI client nobody here
wrote: the handshake, options, `go` with every kind of limit, `analysis()` then
stop, mate scores from both sides, Chess960 castling, and a whole game of legal
moves.
"""

import chess
import chess.engine
import pytest

from kit import cli, shared


@pytest.fixture
def engine():
    eng = chess.engine.SimpleEngine.popen_uci(cli() + ['uci'], timeout=30)
    yield eng
    eng.quit()


def test_handshake_and_options(engine):
    assert engine.id['name'].startswith('kibitz')
    assert 'Hash' in engine.options
    assert 'UCI_Chess960' in engine.options
    engine.configure({'Hash': 8})
    engine.ping()


def test_mate_limit_finds_the_mate(engine):
    board = chess.Board('6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1')
    result = engine.play(board, chess.engine.Limit(mate=1), info=chess.engine.INFO_ALL)
    assert result.move == chess.Move.from_uci('e1e8')
    assert result.info['score'].relative == chess.engine.Mate(1)


def test_the_mated_side_sees_it(engine):
    board = chess.Board('k7/8/1K6/8/8/8/8/7R b - - 0 1')
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    assert info['score'].relative == chess.engine.Mate(-1)
    assert board.is_legal(info['pv'][0])


@pytest.mark.parametrize('limit', [
    chess.engine.Limit(time=0.05),
    chess.engine.Limit(depth=3),
    chess.engine.Limit(nodes=2000),
    chess.engine.Limit(white_clock=1.0, black_clock=1.0, white_inc=0.01, black_inc=0.01),
])
def test_every_limit_gives_a_legal_move(engine, limit):
    board = chess.Board()
    board.push_san('e4')
    result = engine.play(board, limit)
    assert board.is_legal(result.move)


def test_analysis_then_stop(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get('depth', 0) >= 2:
                break
    best = analysis.wait()
    assert board.is_legal(best.move)


def test_chess960_castling_is_king_takes_rook(engine):
    board = chess.Board('2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1', chess960=True)
    result = engine.play(board, chess.engine.Limit(mate=1))
    assert board.is_castling(result.move)
    assert board.san(result.move) == 'O-O-O#'


def test_a_whole_game_of_legal_moves(engine):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 60:
        result = engine.play(board, chess.engine.Limit(time=0.01))
        assert board.is_legal(result.move), (board.fen(), result.move)
        board.push(result.move)


def test_bad_position_keeps_the_engine_alive(engine):
    # python-chess sends only good positions; talk to the protocol directly.
    import subprocess
    proc = subprocess.run(cli() + ['uci'], input=b'position fen 8/8/8 w - - 0 1\nposition startpos moves e2e5\n'
                          b'isready\ngo depth 1\nisready\nquit\n', capture_output=True, timeout=30)
    out = proc.stdout.decode().splitlines()
    assert proc.returncode == 0
    assert out[0].startswith('info string position: invalid FEN')
    assert out[1].startswith('info string position: move 1 (e2e5): illegal move')
    assert 'readyok' in out
    assert any(line.startswith('bestmove ') for line in out)


@pytest.mark.parametrize('n', [3, 5])
def test_mate_limit_without_a_mate_answers_in_time(engine, n):
    # Before: `go mate 5` from the start was still searching after 280 s.
    import time
    board = chess.Board()
    start = time.monotonic()
    result = engine.play(board, chess.engine.Limit(mate=n), info=chess.engine.INFO_ALL)
    assert time.monotonic() - start < 15
    assert board.is_legal(result.move)
    assert f'no mate within {n} moves' in result.info.get('string', ''), result.info


def uci_session(command, lines):
    """What an engine started as `command` writes for `lines` (then isready, quit)."""
    import subprocess
    text = '\n'.join(lines + ['isready', 'quit']) + '\n'
    proc = subprocess.run(command, input=text.encode(), capture_output=True, timeout=30)
    return proc.stdout.decode().splitlines()


@pytest.mark.parametrize('moves', ['e7e5 e2e5', 'e2e4 e7e5 zz g1f3', 'e2e4 e7e5 g1f3 b8c6 e1g1 a7a6'])
def test_a_bad_move_list_is_cut_where_stockfish_cuts_it(moves):
    import shutil
    words = moves.split()
    # python-chess: the position after the moves that are legal, up to the first that is not.
    board = chess.Board()
    for word in words:
        try:
            board.push_uci(word)
        except ValueError:
            break
    stockfish = shutil.which('stockfish') or shutil.which('/usr/games/stockfish')
    if stockfish:
        # Stockfish's own `d` says which position it kept: the same one.
        out = uci_session([stockfish], ['uci', f'position startpos moves {moves}', 'd'])
        fen = next(line for line in out if line.startswith('Fen: '))[5:]
        assert fen == board.fen(), (fen, board.fen())
    else:
        print('stockfish not installed: python-chess alone is the oracle')
    # Before: the previous position (here Black to move) was kept and searched.
    earlier = 'position startpos moves d2d4 d7d5 c2c4'
    out = uci_session(cli() + ['uci'], [earlier, f'position startpos moves {moves}', 'go depth 2'])
    assert out[0].startswith('info string position: move '), out
    best = next(line for line in out if line.startswith('bestmove '))
    assert board.is_legal(chess.Move.from_uci(best.split()[1])), (board.fen(), best)


@pytest.mark.parametrize('line', ['position fen 8/8/8 w - - 0 1', 'position sideways', 'position fen'])
def test_a_setup_that_does_not_read_gives_no_move_for_the_old_position(line):
    # Before: the position after 1. e4 was kept, and a move for Black came back.
    out = uci_session(cli() + ['uci'], ['position startpos moves e2e4', line, 'go depth 2'])
    assert out[0].startswith('info string position: '), out
    assert 'bestmove 0000' in out, out
    assert not any(line.startswith('bestmove ') and line != 'bestmove 0000' for line in out), out


def matetrack(n, count):
    """Positions with `bm #n` from the shared data's matetrack/matetrack.epd."""
    out = []
    for line in shared('matetrack/matetrack.epd').read_text().splitlines():
        if f'bm #{n};' in line:
            out.append(line.split(' bm ')[0] + ' 0 1')
            if len(out) == count:
                break
    return out


@pytest.mark.parametrize('n', [2, 3])
def test_go_mate_uses_the_prover(engine, n):
    for fen in matetrack(n, 5):
        board = chess.Board(fen)
        result = engine.play(board, chess.engine.Limit(mate=n), info=chess.engine.INFO_ALL)
        score = result.info['score'].relative
        # matetrack's bm #n is the fastest mate known; a proof is never longer.
        assert score.is_mate() and 0 < score.mate() <= n, (fen, score)
        assert board.is_legal(result.move)
        # The pv is a mating line python-chess can play to checkmate.
        pv = result.info['pv']
        for move in pv:
            assert board.is_legal(move), (fen, pv)
            board.push(move)
        assert board.is_checkmate(), (fen, pv)


def test_go_mate_for_the_side_being_mated(engine):
    board = chess.Board('k7/8/1K6/8/8/8/8/7R b - - 0 1')
    result = engine.play(board, chess.engine.Limit(mate=2), info=chess.engine.INFO_ALL)
    assert result.info['score'].relative == chess.engine.Mate(-1)
    assert result.move == chess.Move.from_uci('a8b8')


def test_stop_ends_a_long_mate_search_at_once(engine):
    import time
    board = chess.Board('r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8')
    start = time.monotonic()
    with engine.analysis(board, chess.engine.Limit(mate=30)) as analysis:
        time.sleep(0.3)
        analysis.stop()
        best = analysis.wait()
    assert time.monotonic() - start < 5
    assert board.is_legal(best.move)
