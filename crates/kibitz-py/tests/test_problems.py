"""`kibitz solve --stip` (helpmates, selfmates, tries, set play) checked by brute
force: python-chess for orthodox positions, pyffish's legal moves for fairy ones —
move generators nobody here wrote. Every answer is compared as a set: every
helpmate line, every selfmate key and its tree, the tries with their refutations
and the set play of `#2`.

Positions: sparse positions made from a fixed seed (both sides to move, with
promotions, castling rights and en-passant squares set up so that they appear in
solutions), positions from seeded random play, and the Lichess puzzles labelled
`mateIn2` (skipped without the outside data). The default run is small; the
`exhaustive` marker (`pytest --exhaustive`) runs bigger samples.
"""

import random

import chess
import pytest

import kibitz
import kit


def run_solve(fens, *args):
    """One record per FEN line, from `kibitz solve --json` on stdin."""
    out = kit.run('solve', '--json', '--tree', *args, stdin='\n'.join(fens) + '\n',
                  timeout=1200)
    records = kit.json_lines(out.stdout)
    assert len(records) == len(fens), out.stderr
    return records


# --- the oracle: exhaustive python-chess searches -------------------------------------

def helpmates(board, plies):
    """Every line of exactly `plies` moves ending in checkmate, as UCI tuples."""
    out = []

    def walk(line, left):
        if left == 0:
            if board.is_checkmate():
                out.append(tuple(line))
            return
        for move in list(board.legal_moves):
            board.push(move)
            line.append(move.uci())
            walk(line, left - 1)
            line.pop()
            board.pop()

    walk([], plies)
    return set(out)


class Selfmate:
    """s#n by brute force, memoised on the position and the moves left."""

    def __init__(self):
        self.memo = {}

    def attacker(self, board, n):
        if n == 0:
            return False
        key = (board._transposition_key(), n, 'a')
        if key not in self.memo:
            found = False
            for move in list(board.legal_moves):
                board.push(move)
                found = self.defender(board, n)
                board.pop()
                if found:
                    break
            self.memo[key] = found
        return self.memo[key]

    def defender(self, board, n):
        """The defending side to move must mate within n (this move included)."""
        moves = list(board.legal_moves)
        if not moves:
            return False
        for move in moves:
            board.push(move)
            ok = board.is_checkmate() or (n > 1 and self.attacker(board, n - 1))
            board.pop()
            if not ok:
                return False
        return True


class Direct:
    """#n by brute force, memoised."""

    def __init__(self):
        self.memo = {}

    def attacker(self, board, n):
        if n == 0:
            return False
        key = (board._transposition_key(), n)
        if key not in self.memo:
            found = False
            for move in list(board.legal_moves):
                board.push(move)
                found = self.defender(board, n - 1)
                board.pop()
                if found:
                    break
            self.memo[key] = found
        return self.memo[key]

    def defender(self, board, n):
        moves = list(board.legal_moves)
        if not moves:
            return board.is_check()
        if n == 0:
            return False
        for move in moves:
            board.push(move)
            ok = self.attacker(board, n)
            board.pop()
            if not ok:
                return False
        return True


def direct_tries_and_set(board, n):
    """The keys, tries (one refutation) and set play of #n."""
    d = Direct()
    keys, tries = set(), {}
    for move in list(board.legal_moves):
        board.push(move)
        defences = list(board.legal_moves)
        if not defences:
            if board.is_checkmate():
                keys.add(move.uci())
            board.pop()
            continue
        refutations = []
        for defence in defences:
            board.push(defence)
            if not d.attacker(board, n - 1):
                refutations.append(defence.uci())
            board.pop()
            if len(refutations) > 1:
                break
        board.pop()
        if not refutations:
            keys.add(move.uci())
        elif len(refutations) == 1:
            tries[move.uci()] = set(refutations)
    set_play = {}
    if not board.is_check():
        board.push(chess.Move.null())
        for defence in list(board.legal_moves):
            board.push(defence)
            k = max(n - 1, 1)
            answers = set()
            for answer in list(board.legal_moves):
                board.push(answer)
                if d.defender(board, k - 1):
                    answers.add(answer.uci())
                board.pop()
            if answers:
                set_play[defence.uci()] = answers
            board.pop()
        board.pop()
    return keys, tries, set_play


def replay_selfmate(board, node, moves_left):
    """A selfmate tree node: legal, every defence present, every leaf Black's mate."""
    assert moves_left >= 1
    move = chess.Move.from_uci(node['uci'])
    assert board.is_legal(move), (board.fen(), node['uci'])
    assert board.san(move) == node['san']
    board.push(move)
    legal = sorted(m.uci() for m in board.legal_moves)
    assert legal, board.fen()
    assert sorted(r['uci'] for r in node['replies']) == legal, board.fen()
    for reply in node['replies']:
        board.push(chess.Move.from_uci(reply['uci']))
        if 'then' in reply:
            replay_selfmate(board, reply['then'], moves_left - 1)
        else:
            assert board.is_checkmate(), board.fen()
        board.pop()
    board.pop()


# --- positions --------------------------------------------------------------------------

def sparse_positions(seed, count, men=(2, 5)):
    """Seeded sparse legal positions, both sides to move, some with castling rights,
    en-passant squares and pawns about to promote."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = chess.Board(None)
        kind = rng.randrange(4)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        if kind == 1:
            # Castling: kings and rooks home, rights set.
            board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
            board.set_piece_at(chess.H1, chess.Piece(chess.ROOK, chess.WHITE))
            board.set_piece_at(chess.A1, chess.Piece(chess.ROOK, chess.WHITE))
            board.set_piece_at(chess.E8, chess.Piece(chess.KING, chess.BLACK))
            board.set_piece_at(chess.H8, chess.Piece(chess.ROOK, chess.BLACK))
            squares = [s for s in squares if board.piece_at(s) is None]
            board.castling_rights = chess.BB_A1 | chess.BB_H1 | chess.BB_H8
        else:
            board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
            board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
        for _ in range(rng.randint(*men)):
            symbol = rng.choice('QRBNPPqrbnpp')
            piece = chess.Piece.from_symbol(symbol)
            sq = squares.pop()
            rank = chess.square_rank(sq)
            if piece.piece_type == chess.PAWN:
                if rank in (0, 7):
                    continue
                if kind == 2:
                    # A pawn one step from promotion.
                    sq = chess.square(chess.square_file(sq), 6 if piece.color else 1)
                    if board.piece_at(sq):
                        continue
            board.set_piece_at(sq, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if kind == 3:
            # En passant: a pawn of the side not to move just stepped two squares
            # beside a pawn of the side to move.
            file = rng.randrange(1, 7)
            us = board.turn
            rank = 4 if us == chess.WHITE else 3
            victim, capturer = chess.square(file, rank), chess.square(file + 1, rank)
            behind = chess.square(file, rank + (1 if us == chess.WHITE else -1))
            start = chess.square(file, rank + (2 if us == chess.WHITE else -2))
            if any(board.piece_at(s) and board.piece_at(s).piece_type == chess.KING
                   for s in (victim, capturer, behind, start)):
                continue
            for s in (behind, start):
                board.remove_piece_at(s)
            board.set_piece_at(victim, chess.Piece(chess.PAWN, not us))
            board.set_piece_at(capturer, chess.Piece(chess.PAWN, us))
            board.ep_square = behind
        if board.is_valid() and not board.is_game_over():
            out.append(board.fen(en_passant='fen'))
    return out


def random_play_positions(seed, count, plies=(20, 60)):
    """Positions after seeded random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randint(*plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append(board.fen(en_passant='fen'))
    return out


def mate_in_two_puzzles(limit):
    """The position after the opponent's first move of Lichess puzzles with the
    theme mateIn2."""
    return [board.fen(en_passant='fen')
            for board, _ in kit.puzzles(theme='mateIn2', limit=limit)]


# --- the comparisons -----------------------------------------------------------------------

def check_helpmates(fens, stip, plies):
    records = run_solve(fens, '--stip', stip)
    special = set()
    for fen, r in zip(fens, records):
        board = chess.Board(fen)
        expected = helpmates(board, plies)
        got = {tuple(m['uci'] for m in line) for line in r['solutions']}
        assert got == expected, (fen, stip, got ^ expected)
        assert len(r['solutions']) == len(got), (fen, 'a solution listed twice')
        assert r['stipulation'] == stip and r['proven']
        if expected:
            n = float(stip[2:])
            assert r['length'] == n, r
            for line in expected:
                b = board.copy()
                for uci in line:
                    mv = chess.Move.from_uci(uci)
                    if mv.promotion:
                        special.add('promotion')
                    if b.is_castling(mv):
                        special.add('castling')
                    if b.is_en_passant(mv):
                        special.add('en passant')
                    b.push(mv)
        else:
            assert r['length'] is None and r['reason'], r
    return special


def check_selfmates(fens, n):
    records = run_solve(fens, '--stip', f's#{n}', '--all')
    solved = 0
    for fen, r in zip(fens, records):
        board = chess.Board(fen)
        s = Selfmate()
        lengths = {}
        for move in list(board.legal_moves):
            board.push(move)
            k = next((k for k in range(1, n + 1) if s.defender(board, k)), None)
            board.pop()
            if k is not None:
                lengths[move.uci()] = k
        got = {k['uci']: k['mate'] for k in r['keys']}
        assert got == lengths, (fen, got, lengths)
        if lengths:
            solved += 1
            assert r['length'] == min(lengths.values())
            assert len(r['tree']) == len(r['keys'])
            for node, key in zip(r['tree'], r['keys']):
                assert node['uci'] == key['uci']
                replay_selfmate(board, node, key['mate'])
        else:
            assert r['length'] is None
    return solved


HELP_STIPS = [('h#1', 2), ('h#1.5', 3), ('h#2', 4)]


@pytest.mark.parametrize('stip,plies', HELP_STIPS)
def test_helpmates_on_sparse_positions(stip, plies):
    fens = sparse_positions(seed=2000 + plies, count=40 if plies < 4 else 5,
                            men=(2, 5) if plies < 4 else (1, 3))
    check_helpmates(fens, stip, plies)


def test_helpmates_show_promotion_castling_and_en_passant():
    """Solutions with each special move are among those compared (h#1: White's
    mate; sought over a seeded sample until each kind has appeared)."""
    seen = set()
    for seed in range(30):
        seen |= check_helpmates(sparse_positions(seed=7000 + seed, count=40), 'h#1.5', 3)
        if seen >= {'promotion', 'castling', 'en passant'}:
            break
    assert seen >= {'promotion', 'castling', 'en passant'}, seen


@pytest.mark.exhaustive
@pytest.mark.parametrize('stip,plies', HELP_STIPS + [('h#2.5', 5), ('h#3', 6)])
def test_helpmates_exhaustive(stip, plies):
    fens = sparse_positions(seed=3000 + plies, count=60, men=(1, 3))
    check_helpmates(fens, stip, plies)


def test_helpmates_on_random_play():
    fens = random_play_positions(seed=11, count=12, plies=(40, 90))
    check_helpmates(fens, 'h#1', 2)


@pytest.mark.parametrize('n', [1, 2])
def test_selfmates_keys_and_trees(n):
    fens = sparse_positions(seed=4000 + n, count=40 if n == 1 else 12, men=(3, 6))
    check_selfmates(fens, n)


def seven_men(seed, count):
    """Seeded random legal positions of seven men, White to move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 7)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:]:
            piece = chess.Piece.from_symbol(rng.choice('QRBNPqrbnp'))
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, piece)
        if board.is_valid() and not board.is_game_over():
            out.append(board.fen())
    return out


def selfmate_positions(seed, count, pool=60000):
    """Positions with an s#1 (random sparse positions almost never have one): from
    a seeded pool, those kibitz solves are taken — the oracle then gives the
    answers compared — and half of them mirrored, Black forcing the selfmate."""
    fens = seven_men(seed, pool)
    records = run_solve(fens, '--stip', 's#1', '-j', '2')
    chosen = [f for f, r in zip(fens, records) if r['length'] == 1][:count]
    assert len(chosen) == count, 'the pool holds too few selfmates'
    return [chess.Board(f).mirror().fen() if i % 2 else f for i, f in enumerate(chosen)]


def test_selfmate_pool_agrees_where_kibitz_finds_none():
    """The pool's positions kibitz finds no s#1 in: the oracle finds none either
    (a sample of them, so that the selection above hides no miss)."""
    fens = seven_men(8000, 400)
    check_selfmates(fens, 1)


def test_selfmates_with_solutions():
    """Positions with an s#1, compared as s#1 and as s#2 (keys of both lengths)."""
    fens = selfmate_positions(seed=8000, count=3)
    assert check_selfmates(fens, 1) == len(fens)
    assert check_selfmates(fens[:2], 2) == 2


def check_direct_view(fens, n=2):
    records = run_solve(fens, '--stip', f'#{n}', '--tries', '--set')
    for fen, r in zip(fens, records):
        board = chess.Board(fen)
        keys, tries, set_play = direct_tries_and_set(board, n)
        got_tries = {t['uci']: {x['uci'] for x in t['refutations']} for t in r['tries']}
        assert got_tries == tries, (fen, got_tries, tries)
        got_set = {s['defence']['uci']: {m['uci'] for m in s['mates']} for s in r['set']}
        assert got_set == set_play, (fen, got_set, set_play)
        if r['length'] == n:
            assert {k['uci'] for k in r['keys']} == keys, fen
        assert r['stipulation'] == f'#{n}'


def test_direct_tries_and_set_on_sparse_positions():
    check_direct_view(sparse_positions(seed=5000, count=25, men=(3, 6)))


def test_direct_tries_and_set_on_random_play():
    check_direct_view(random_play_positions(seed=12, count=6, plies=(30, 70)))


def test_direct_tries_and_set_on_lichess_mate_in_two():
    check_direct_view(mate_in_two_puzzles(8))


def test_lichess_mate_in_two_read_as_selfmates():
    check_selfmates(mate_in_two_puzzles(6), 1)


@pytest.mark.exhaustive
def test_direct_and_selfmate_exhaustive():
    check_direct_view(mate_in_two_puzzles(60) + sparse_positions(seed=5100, count=100))
    check_selfmates(sparse_positions(seed=4100, count=80, men=(3, 6)), 2)


# --- bad input ------------------------------------------------------------------------------

def test_unknown_stipulation_is_a_usage_error_listing_the_genres():
    for text in ['h#0', 'pser-h#3', '#0', 's#2.5']:
        out = kit.run('solve', '--fen', 'startpos', '--stip', text, timeout=60)
        assert out.returncode == 2, text
        err = out.stderr
        assert text in err and 'ser-h' in err and 'n.5' in err, err


def test_met_or_impossible_stipulations_are_records_with_a_reason():
    mated = 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1'
    [r] = run_solve([mated], '--stip', 'h#2')
    assert r['length'] is None and 'met already' in r['reason']
    [r] = run_solve([mated], '--stip', '#2')
    assert r['length'] is None and r['reason']


def test_epd_stip_operation_and_text_lines():
    fen = '7k/8/6K1/8/8/8/8/R7 b - - stip h#1;'
    assert '1.Kg8 Ra8#' in kit.kibitz('solve', '--fen', fen, timeout=60).stdout


# --- fairy positions: pyffish's legal moves are the oracle ---------------------------------

def fairy_positions(variant, seed, count):
    """Sparse positions of a 10 × 8 variant with its fairy pieces, checked by pyffish."""
    import pyffish as sf
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cells = [['' for _ in range(10)] for _ in range(8)]
        free = [(r, f) for r in range(8) for f in range(10)]
        rng.shuffle(free)
        r, f = free.pop()
        cells[r][f] = 'K'
        r, f = free.pop()
        cells[r][f] = 'k'
        for _ in range(rng.randint(2, 4)):
            r, f = free.pop()
            letter = rng.choice('QRBNACqrbnac')
            cells[r][f] = letter
        rows = []
        for row in cells:
            text, empty = '', 0
            for c in row:
                if c:
                    text += (str(empty) if empty else '') + c
                    empty = 0
                else:
                    empty += 1
            rows.append(text + (str(empty) if empty else ''))
        turn = rng.choice('wb')
        fen = '/'.join(rows) + f' {turn} - - 0 1'
        other = '/'.join(rows) + f' {"b" if turn == "w" else "w"} - - 0 1'
        kings = [(r, f) for r in range(8) for f in range(10) if cells[r][f] in ('K', 'k')]
        (r1, f1), (r2, f2) = kings
        if max(abs(r1 - r2), abs(f1 - f2)) <= 1:
            continue
        if sf.validate_fen(fen, variant) != 1 or sf.gives_check(variant, other, []):
            continue
        if not sf.legal_moves(variant, fen, []):
            continue
        out.append(fen)
    return out


def fairy_helpmates(variant, fen, plies):
    import pyffish as sf
    out = set()

    def walk(line):
        moves = sf.legal_moves(variant, fen, line)
        if len(line) == plies:
            if not moves and sf.gives_check(variant, fen, line):
                out.add(tuple(line))
            return
        for m in moves:
            walk(line + [m])

    walk([])
    return out


@pytest.mark.parametrize('stip,plies', [
    ('h#1', 2), pytest.param('h#1.5', 3, marks=pytest.mark.exhaustive)])
def test_fairy_helpmates_agree_with_pyffish(stip, plies):
    fens = fairy_positions('capablanca', seed=900 + plies, count=4 if plies == 2 else 10)
    records = run_solve(fens, '--variant', 'capablanca', '--stip', stip)
    for fen, r in zip(fens, records):
        expected = fairy_helpmates('capablanca', fen, plies)
        got = {tuple(m['uci'] for m in line) for line in r['solutions']}
        assert got == expected, (fen, got ^ expected)


# --- the Python module gives the same record -----------------------------------------------

@pytest.mark.parametrize('fen,stip', [
    ('8/8/8/8/7k/5K2/8/3R4 w - - 0 1', '#2'),
    ('7k/8/6K1/8/8/8/8/R7 b - - 0 1', 'h#1'),
    ('7k/8/6K1/8/8/8/8/R7 w - - 0 1', 'h#1.5'),
    ('RK1kr3/7q/8/4Q3/8/1b6/8/8 w - - 0 1', 's#2'),
])
def test_python_solve_is_the_cli_record(fen, stip):
    got = kibitz.solve(fen, stipulation=stip, tries=True, set_play=True, tree=True)
    [want] = run_solve([fen], '--stip', stip, '--tries', '--set')
    for record in (got, want):
        record.pop('ms')
        record.pop('input')
    assert got == want
    with pytest.raises(ValueError, match='h#0: 0 moves: nothing to solve'):
        kibitz.solve(fen, stipulation='h#0')


# --- fairy positions from Python: the CLI's record, by the same code ------------------------

FAIRY_PROBLEMS = [
    # Capablanca (10 × 8): an archbishop (A) and a chancellor (C) mate.
    ('capablanca', 'k9/10/2K7/10/10/10/10/9C w - - 0 1', '#2'),
    ('capablanca', '6k3/10/6K3/10/10/10/10/A8C b - - 0 1', 'h#2'),
    ('capablanca', '6k3/10/6K3/10/10/10/10/A8C w - - 0 1', 'h#1.5'),
    ('capablanca', 'RK1kr5/7q2/10/4Q5/10/1b8/10/10 w - - 0 1', 's#2'),
    # Grand (10 × 10).
    ('grand', 'k9/10/2K7/10/10/10/10/10/10/9C w - - 0 1', '#2'),
    ('grand', '6k3/10/6K3/10/10/10/10/10/10/A8C b - - 0 1', 'h#2'),
]


@pytest.mark.parametrize('variant,fen,stip', FAIRY_PROBLEMS)
def test_python_fairy_solve_is_the_cli_record(variant, fen, stip):
    pos = kibitz.Position(fen, variant=variant)
    [want] = run_solve([fen], '--variant', variant, '--stip', stip, '--tries', '--set')
    got = pos.solve(stipulation=stip, tries=True, set_play=True, tree=True)
    also = kibitz.solve(pos, stipulation=stip, tries=True, set_play=True, tree=True)
    for record in (got, also, want):
        record.pop('ms')
        record.pop('input')
    assert got == want
    assert also == want


def test_python_fairy_records_say_something():
    """The problems above are not empty answers: the CLI finds their solutions."""
    fens = [fen for _, fen, _ in FAIRY_PROBLEMS]
    found = []
    for variant, fen, stip in FAIRY_PROBLEMS:
        [r] = run_solve([fen], '--variant', variant, '--stip', stip)
        found.append(bool(r['keys'] or r['solutions']))
    assert all(found), list(zip(fens, found))


def test_python_fairy_helpmates_agree_with_pyffish():
    fens = ['6k3/10/6K3/10/10/10/10/A8C b - - 0 1'] + fairy_positions('capablanca', seed=4242, count=30)
    solved = 0
    for fen in fens:
        r = kibitz.Position(fen, variant='capablanca').solve(stipulation='h#1')
        expected = fairy_helpmates('capablanca', fen, 2)
        got = {tuple(m['uci'] for m in line) for line in r['solutions']}
        assert got == expected, (fen, got ^ expected)
        solved += bool(expected)
    assert solved, 'no position of the sample has a helpmate: the check would be empty'
    with pytest.raises(ValueError, match='h#0: 0 moves: nothing to solve'):
        kibitz.Position(fens[0], variant='capablanca').solve(stipulation='h#0')
