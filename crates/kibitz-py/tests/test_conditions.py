"""Popeye's fairy conditions (issue 45): Circe, Anticirce (Calvet and Cheylan),
Madrasi (and its RexInclusive form) and Ohneschach, played by kibitz's variant
engine (`condition = ...` in a variants.ini section, `condition` in a Popeye
input), against a brute force written here on python-chess's move generator.

The oracle implements each condition from its definition (Popeye's
documentation, `py-engl.txt`'s conditions section, and its rebirth squares),
not from kibitz's code:

* Circe: the captured man (not a king) is reborn on its rebirth square if that
  square is empty;
* Anticirce: the capturing man is reborn on its own rebirth square, which
  must be empty (or, Calvet, the capture square itself; Cheylan forbids that);
  a man observes a square only where such a capture would be legal;
* Madrasi: a man (a king only with RexInclusive) observed by an enemy man of
  its kind is paralysed: it neither moves nor observes;
* Isardam (Popeye's `isardam.c`): a move after which a man (a king only with
  RexInclusive) is observed by an enemy man of its kind is illegal; in Type A,
  its default, a man observes a square only where its move there (a pawn's
  with some promotion) would leave no such pair; Type B's checks are
  orthodox;
* Ohneschach: a move that gives check is legal only if it mates (nested to
  depth 3, as kibitz and Popeye stop the recursion);
* Annan (Popeye's `annan.c`): a man standing right in front of a friendly
  man (for White one rank above it) moves, takes and observes as that man;
  Type B: not as a king; Type C: a king moves as itself; Type D: both. What a
  move does is the real man's: a pawn reaching its last rank by another man's
  move promotes, a man moving as a pawn does not; only a pawn's own two-step
  gives an en passant right; a pawn on its first rank does not move as one;
* Mars Circe (Popeye's `marscirce.c`): a man takes only from its own Circe
  rebirth square, reckoned from the square it stands on, which must be empty
  once it has left (or be that square); it ends on the capture square. Moves
  that take nothing are orthodox, and a man observes only where it could so
  take. Kings too by default; under RexExclusive a king neither takes nor
  observes;
* Maximummer (Minimummer) of a side: of its legal moves it plays one of the
  longest (shortest), a move's length the square of the distance from its
  start to its end (Popeye's `maximummer_measure_length`; castling, 16 and
  25, never arises in these positions).

Seeded sparse positions (no castling rights, no en passant square) are
compared: the legal moves, perft 2, and every solution of h#2, #2 and s#1.
"""

import random

import chess
import pytest

import kibitz
import kit

CONDITIONS = ['circe', 'anticirce', 'anticirce cheylan', 'madrasi', 'madrasi ri',
              'ohneschach', 'circe madrasi', 'anticirce ohneschach',
              'blackmaximummer', 'whiteminimummer', 'isardam', 'isardam typeb',
              'annan', 'annan typeb', 'annan typed', 'annan circe', 'annan ohneschach',
              'marscirce', 'marscirce rexexclusive', 'marscirce ohneschach']
OHNESCHACH_DEPTH = 3


def rebirth_square(piece, capture, owner):
    """Popeye's rebirth square of a `piece` of colour `owner` for a capture on
    `capture`."""
    file, rank = chess.square_file(capture), chess.square_rank(capture)
    light = (file + rank) % 2 == 1
    back = 0 if owner == chess.WHITE else 7
    white = owner == chess.WHITE
    t = piece.piece_type
    if t == chess.PAWN:
        return chess.square(file, 1 if white else 6)
    if t == chess.KNIGHT:
        return chess.square(1 if light == white else 6, back)
    if t == chess.BISHOP:
        return chess.square(5 if light == white else 2, back)
    if t == chess.ROOK:
        return chess.square(7 if light == white else 0, back)
    if t == chess.QUEEN:
        return chess.square(3, back)
    return chess.square(4, back)


class Rules:
    def __init__(self, text):
        words = text.split()
        self.circe = 'circe' in words
        self.anticirce = 'anticirce' in words
        self.cheylan = 'cheylan' in words
        self.madrasi = 'madrasi' in words
        self.rex = 'ri' in words
        self.ohneschach = 'ohneschach' in words
        self.isardam = 'isardam' in words
        self.type_b = 'typeb' in words
        self.annan = None
        if 'annan' in words:
            after = words[words.index('annan') + 1:] + ['']
            self.annan = after[0] if after[0].startswith('type') else 'typea'
        self.mars = 'marscirce' in words
        self.mars_rex = 'rexexclusive' not in words
        self.mummer = {}
        for side, name in ((chess.WHITE, 'white'), (chess.BLACK, 'black')):
            for kind in ('maximummer', 'minimummer'):
                if name + kind in words:
                    self.mummer[side] = kind

    def walks(self, board, color):
        """Annan: the board with each annanised man of `color` replaced by a
        man of its annaniser's type (the lines stay the real board's)."""
        out = board.copy(stack=False)
        if self.annan is None:
            return out
        for sq, piece in board.piece_map().items():
            if piece.color != color:
                continue
            rear = sq - 8 if color == chess.WHITE else sq + 8
            if not 0 <= rear < 64:
                continue
            behind = board.piece_at(rear)
            if behind is None or behind.color != color:
                continue
            rear_royal, front_royal = behind.piece_type == chess.KING, piece.piece_type == chess.KING
            if (self.annan in ('typeb', 'typed') and rear_royal) or \
                    (self.annan in ('typec', 'typed') and front_royal):
                continue
            out.set_piece_at(sq, chess.Piece(behind.piece_type, color))
        return out

    def mars_square(self, board, sq):
        """Mars Circe: the square the man on `sq` takes from, or None."""
        piece = board.piece_at(sq)
        if piece.piece_type == chess.KING and not self.mars_rex:
            return None
        r = rebirth_square(piece, sq, piece.color)
        return r if r == sq or board.piece_at(r) is None else None

    def mars_pseudo(self, board):
        """Mars Circe: the moves that take nothing, and each man's captures
        from its rebirth square (written from where it stands)."""
        for move in board.generate_pseudo_legal_moves():
            if not board.is_castling(move) and not board.is_capture(move):
                yield move
        for sq, piece in board.piece_map().items():
            if piece.color != board.turn:
                continue
            home = self.mars_square(board, sq)
            if home is None:
                continue
            there = board.copy(stack=False)
            there.remove_piece_at(sq)
            there.set_piece_at(home, piece)
            for move in there.generate_pseudo_legal_captures(chess.BB_SQUARES[home]):
                yield chess.Move(sq, move.to_square, move.promotion)

    def pseudo(self, board):
        """The pseudo-legal moves (castling aside), as the men walk."""
        if self.mars:
            yield from self.mars_pseudo(board)
            return
        if self.annan is None:
            yield from (m for m in board.generate_pseudo_legal_moves()
                        if not board.is_castling(m))
            return
        walks = self.walks(board, board.turn)
        first = 0 if board.turn == chess.WHITE else 7
        last = 7 - first
        for move in walks.generate_pseudo_legal_moves():
            real = board.piece_at(move.from_square).piece_type
            walker = walks.piece_at(move.from_square).piece_type
            if real == chess.PAWN and walker == chess.PAWN:
                if chess.square_rank(move.from_square) != first:
                    yield move
            elif real == chess.PAWN and chess.square_rank(move.to_square) == last:
                for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT):
                    yield chess.Move(move.from_square, move.to_square, kind)
            elif walker == chess.PAWN and move.promotion not in (None, chess.QUEEN):
                continue
            else:
                yield chess.Move(move.from_square, move.to_square)

    def paralysed(self, board, sq):
        if not self.madrasi:
            return False
        piece = board.piece_at(sq)
        if piece is None or (piece.piece_type == chess.KING and not self.rex):
            return False
        return any(board.piece_at(a).piece_type == piece.piece_type
                   for a in board.attackers(not piece.color, sq))

    def anticirce_free(self, board, start, target, piece):
        """May `piece` (after any promotion), leaving `start`, take on
        `target`?"""
        r = rebirth_square(piece, target, piece.color)
        if r == target:
            return not self.cheylan
        return r == start or board.piece_at(r) is None

    def clash(self, board):
        """Isardam: is a man observed by an enemy man of its kind?"""
        return any((piece.piece_type != chess.KING or self.rex)
                   and any(board.piece_at(a).piece_type == piece.piece_type
                           for a in board.attackers(not piece.color, sq))
                   for sq, piece in board.piece_map().items())

    def isardam_observes(self, board, a, target):
        """Isardam Type A: would the man on `a`, moved to `target`, leave no
        clash?"""
        piece = board.piece_at(a)
        last = 7 if piece.color == chess.WHITE else 0
        kinds = [piece.piece_type]
        if piece.piece_type == chess.PAWN and chess.square_rank(target) == last:
            kinds = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT]
        for kind in kinds:
            after = board.copy(stack=False)
            after.remove_piece_at(a)
            after.set_piece_at(target, chess.Piece(kind, piece.color))
            if not self.clash(after):
                return True
        return False

    def observes(self, board, a, target):
        if self.paralysed(board, a):
            return False
        if self.isardam and not self.type_b and not self.isardam_observes(board, a, target):
            return False
        if self.anticirce:
            piece = board.piece_at(a)
            last = 7 if piece.color == chess.WHITE else 0
            if piece.piece_type == chess.PAWN and chess.square_rank(target) == last:
                return any(self.anticirce_free(board, a, target, chess.Piece(t, piece.color))
                           for t in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT))
            return self.anticirce_free(board, a, target, piece)
        return True

    def attacked(self, board, sq, by):
        if self.mars:
            for a, piece in board.piece_map().items():
                if piece.color != by or a == sq:
                    continue
                home = self.mars_square(board, a)
                if home is None:
                    continue
                there = board.copy(stack=False)
                there.remove_piece_at(a)
                there.set_piece_at(home, piece)
                if there.attacks(home) & chess.BB_SQUARES[sq]:
                    return True
            return False
        walks = self.walks(board, by)
        return any(self.observes(board, a, sq) for a in walks.attackers(by, sq))

    def in_check(self, board, color):
        k = board.king(color)
        return k is not None and self.attacked(board, k, not color)

    def make(self, board, move):
        """The board after `move` under the rebirth rules, or None when an
        Anticirce capture has no rebirth square."""
        mover = board.turn
        walks = self.walks(board, mover)
        victim_sq = move.to_square
        en_passant = walks.is_en_passant(move)
        if en_passant:
            victim_sq = move.to_square + (-8 if mover == chess.WHITE else 8)
        victim = None if board.is_castling(move) else board.piece_at(victim_sq)
        after = board.copy(stack=False)
        real = board.piece_at(move.from_square)
        if walks.piece_at(move.from_square) != real or (self.mars and victim is not None):
            # Annan: the real man makes another's move; Mars Circe: it takes
            # from elsewhere (python-chess would read a king's or a pawn's
            # move by its own rules).
            after.remove_piece_at(victim_sq)
            after.remove_piece_at(move.from_square)
            after.set_piece_at(move.to_square, chess.Piece(move.promotion or real.piece_type, mover))
            after.push(chess.Move.null())
        else:
            after.push(move)
        if victim is not None:
            if self.circe and victim.piece_type != chess.KING:
                r = rebirth_square(victim, move.to_square, victim.color)
                if after.piece_at(r) is None:
                    after.set_piece_at(r, victim)
            if self.anticirce:
                capturer = after.piece_at(move.to_square)
                r = rebirth_square(capturer, move.to_square, mover)
                if r == move.to_square:
                    if self.cheylan:
                        return None
                elif after.piece_at(r) is not None:
                    return None
                else:
                    after.remove_piece_at(move.to_square)
                    after.set_piece_at(r, capturer)
        return after

    def safe(self, board):
        """The pseudo-legal moves that leave the mover's king unobserved, each
        with the board after it (no castling: the positions have no rights)."""
        for move in self.pseudo(board):
            if self.paralysed(board, move.from_square):
                continue
            after = self.make(board, move)
            if after is None or (self.isardam and self.clash(after)):
                continue
            if not self.in_check(after, board.turn):
                yield move, after

    def legal(self, board):
        """The legal moves of `board` and the board after each."""
        out = [(m, a) for m, a in self.safe(board) if self.allowed(a, 1)]
        kind = self.mummer.get(board.turn)
        if kind and out:
            def length(m):
                dx = chess.square_file(m.to_square) - chess.square_file(m.from_square)
                dy = chess.square_rank(m.to_square) - chess.square_rank(m.from_square)
                return dx * dx + dy * dy
            best = (max if kind == 'maximummer' else min)(length(m) for m, _ in out)
            out = [(m, a) for m, a in out if length(m) == best]
        return out

    def allowed(self, after, depth):
        """Ohneschach: a check only if it mates."""
        return not (self.ohneschach and self.in_check(after, after.turn)
                    and not self.mated(after, depth))

    def mated(self, board, depth):
        """Ohneschach: is the side to move, in check, without a legal move?
        Its own checks count as moves only if they mate, to depth 3."""
        for _, after in self.safe(board):
            if not self.in_check(after, after.turn):
                return False
            if depth < OHNESCHACH_DEPTH and self.mated(after, depth + 1):
                return False
        return True

    def is_mate(self, board):
        return self.in_check(board, board.turn) and not self.legal(board)

    def perft(self, board, depth):
        if depth == 0:
            return 1
        return sum(self.perft(after, depth - 1) for _, after in self.legal(board))

    def help_lines(self, board, plies):
        """Every h#: `plies` half moves, the last mating."""
        if plies == 0:
            return [()] if self.is_mate(board) else []
        out = []
        for move, after in self.legal(board):
            if plies > 1 and not self.legal(after):
                continue
            out += [(move.uci(),) + rest for rest in self.help_lines(after, plies - 1)]
        return out

    def mates_within(self, board, n):
        """Does the side to move force mate within n moves?"""
        for move, after in self.legal(board):
            if self.is_mate(after):
                return True
            if n > 1:
                replies = self.legal(after)
                if replies and all(self.mates_within(b, n - 1) for _, b in replies):
                    return True
        return False

    def keys(self, board, n):
        """Every key of #n with the length it mates in."""
        out = {}
        for move, after in self.legal(board):
            for k in range(1, n + 1):
                if self.is_mate(after) or (k > 1 and self.legal(after) and all(
                        self.mates_within(b, k - 1) for _, b in self.legal(after))):
                    out[move.uci()] = k
                    break
        return out


def section(conditions):
    name = 'c' + conditions.replace(' ', '')
    return name, f'[{name}:chess]\ncondition = {conditions}\n'


def positions(seed, count, rules, men=(2, 5)):
    """Seeded sparse positions legal under `rules`: both kings, a few men,
    no castling, no en passant."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + men[1])
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:2 + rng.randint(*men)]:
            piece = chess.Piece.from_symbol(rng.choice('QRRBBNNPPPqrrbbnnppp'))
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if chess.square_distance(board.king(chess.WHITE), board.king(chess.BLACK)) < 2:
            continue
        if rules.in_check(board, not board.turn):
            continue
        if rules.isardam and rules.clash(board):
            # A diagram with like enemies observing each other is illegal.
            continue
        out.append(board)
    return out


@pytest.mark.parametrize('conditions', CONDITIONS)
def test_legal_moves_and_perft_agree_with_the_brute_force(conditions):
    rules, orthodox = Rules(conditions), Rules('')
    name, ini = section(conditions)
    boards = positions(4510 + len(conditions), 40, rules, men=(3, 6))
    differs = 0
    for board in boards:
        pos = kibitz.Position(board.fen(), variant=name, variants=ini)
        want = sorted(m.uci() for m, _ in rules.legal(board))
        assert sorted(pos.legal_moves()) == want, (conditions, board.fen())
        assert pos.is_check() == rules.in_check(board, board.turn), (conditions, board.fen())
        perft = rules.perft(board, 2)
        assert pos.perft(2) == perft, (conditions, board.fen())
        differs += perft != orthodox.perft(board, 2)
    # The sample must exercise the condition: some positions play otherwise
    # than orthodox chess.
    assert differs >= 5, (conditions, differs)


# Each stipulation with its sample size (the brute force is Python's).
STIPULATIONS = [('h#2', 8), ('#2', 6), ('s#1', 20)]


@pytest.mark.parametrize('conditions', CONDITIONS)
@pytest.mark.parametrize('stip,count', STIPULATIONS, ids=[s for s, _ in STIPULATIONS])
def test_solutions_agree_with_the_brute_force(conditions, stip, count, tmp_path):
    rules = Rules(conditions)
    name, ini = section(conditions)
    ini_path = tmp_path / 'conditions.ini'
    ini_path.write_text(ini)
    seed = 4600 + len(conditions) * 3 + len(stip)
    boards = []
    # A seed short of White's positions draws again from the next.
    while len(boards) < count and seed < 4600 + 1000:
        more = [b for b in positions(seed, 3 * count, rules, men=(1, 3)) if rules.legal(b)]
        if stip != 'h#2':
            # Direct mates and selfmates: White to move, as in the diagrams.
            more = [b for b in more if b.turn == chess.WHITE]
        boards += more
        seed += 1
    boards = boards[:count]
    fens = [b.fen() for b in boards]
    out = kit.run('solve', '--json', '--all', '--stip', stip, '--variants', str(ini_path),
                  '--variant', name, stdin='\n'.join(fens) + '\n', timeout=600)
    records = kit.json_lines(out.stdout)
    assert len(records) == len(fens), out.stderr
    solved = 0
    for board, r in zip(boards, records):
        assert r['proven'], r
        if stip == 'h#2':
            want = set(rules.help_lines(board, 4))
            got = {tuple(m['uci'] for m in line) for line in r['solutions']}
        elif stip == 's#1':
            want = {m.uci(): 1 for m, after in rules.legal(board)
                    if (replies := rules.legal(after))
                    and all(rules.is_mate(b) for _, b in replies)}
            got = {k['uci']: k['mate'] for k in r['keys']}
        else:
            want = rules.keys(board, 2)
            got = {k['uci']: k['mate'] for k in r['keys']}
        assert got == want, (conditions, stip, board.fen(), got, want)
        solved += bool(want)
    assert len(fens) >= count // 2


def test_popeye_conditions_are_read_in_each_language(tmp_path):
    """The same Circe problem in English, German and French: the same record."""
    texts = {
        'english': 'beginproblem\npieces white ke1 rd1 black ke8 sd4\n'
                   'condition circe\nstipulation ~1\nendproblem\n',
        'german': 'AnfangProblem\nSteine Weiss Ke1 Td1 Schwarz Ke8 Sd4\n'
                  'Bedingung Circe\nForderung ~1\nEndeProblem\n',
        'french': 'DebutProbleme\nPieces Blanc Re1 Td1 Noir Re8 Cd4\n'
                  'Condition Circe\nEnonce ~1\nFinProbleme\n',
    }
    keys = {}
    for language, text in texts.items():
        path = tmp_path / f'{language}.txt'
        path.write_text(text)
        out = kit.run('solve', '--popeye', '--json', str(path))
        [record] = kit.json_lines(out.stdout)
        assert record['condition'] == 'circe', record
        keys[language] = sorted(k['uci'] for k in record['keys'])
    assert keys['english'] == keys['german'] == keys['french']
    # The knight on d4 guards e2; Rxd4 is a move like the others.
    assert 'e1e2' not in keys['english'] and 'd1d4' in keys['english']


def test_a_condition_kibitz_does_not_play_is_an_error_record(tmp_path):
    path = tmp_path / 'p.txt'
    path.write_text('beginproblem\npieces white ke1 black ke8\ncondition circe koeko\n'
                    'stipulation h#1\nendproblem\n')
    out = kit.run('solve', '--popeye', '--json', str(path))
    [record] = kit.json_lines(out.stdout)
    assert '`koeko`' in record['error'] and ':3' in record['input'], record
    # Popeye's plain Maximummer binds the stipulation's defender: refused,
    # with the reason.
    path.write_text('beginproblem\npieces white ke1 black ke8\ncondition maximummer\n'
                    'stipulation h#1\nendproblem\n')
    out = kit.run('solve', '--popeye', '--json', str(path))
    [record] = kit.json_lines(out.stdout)
    assert '`maximummer`' in record['error'] and 'stipulation' in record['error'], record


@pytest.mark.parametrize('language,header,pieces,condition,end', [
    ('english', 'beginproblem', 'pieces white ke1 black ke8 bd4', 'condition', 'endproblem'),
    ('german', 'AnfangProblem', 'Steine Weiss Ke1 Schwarz Ke8 Ld4', 'Bedingung', 'EndeProblem'),
    ('french', 'DebutProbleme', 'Pieces Blanc Re1 Noir Re8 Fd4', 'Condition', 'FinProbleme'),
])
def test_popeye_new_conditions_are_read_in_each_language(language, header, pieces, condition,
                                                         end, tmp_path):
    names = {
        'english': ('BlackMaximummer', 'Isardam TypeB RexInclusive'),
        'german': ('SchwarzerLaengstzueger', 'Isardam TypB RexInklusive'),
        'french': ('NoirMaximum', 'Isardam TypeB RexInclusif'),
    }[language]
    stip = {'english': 'stipulation', 'german': 'Forderung', 'french': 'Enonce'}[language]
    for name, want in zip(names, ('blackmaximummer', 'isardam typeb ri')):
        path = tmp_path / f'{language}.txt'
        path.write_text(f'{header}\n{pieces}\n{condition} {name}\n{stip} ~1\n{end}\n')
        out = kit.run('solve', '--popeye', '--json', str(path))
        [record] = kit.json_lines(out.stdout)
        assert record.get('condition') == want, record


def mars_keys(tmp_path, pieces, condition='MarsCirce'):
    """The moves of White's ~1 under Mars Circe, read from a Popeye input."""
    path = tmp_path / 'mars.txt'
    path.write_text(f'beginproblem\npieces {pieces}\ncondition {condition}\n'
                    'stipulation ~1\nendproblem\n')
    out = kit.run('solve', '--popeye', '--json', str(path))
    [record] = kit.json_lines(out.stdout)
    return {k['uci'] for k in record['keys']}


def test_mars_circe_takes_and_checks_from_the_rebirth_square(tmp_path):
    """Hand-checked Mars Circe positions (the rule as Popeye's documentation
    and its example `BEISPIEL/mars.inp` for RexExclusive give it)."""
    # The knight on g6 (a light square) takes on d2 from b1, its rebirth
    # square; the king on h8 takes on d2 from e1 (kings are included).
    keys = mars_keys(tmp_path, 'white kh8 sg6 black kh1 sd2')
    assert {'g6d2', 'h8d2'} <= keys, keys
    # RexExclusive: the king takes nothing.
    keys = mars_keys(tmp_path, 'white kh8 sg6 black kh1 sd2', 'MarsCirce RexExclusive')
    assert 'g6d2' in keys and 'h8d2' not in keys, keys
    # A blocked rebirth square: with b1 taken the knight takes nothing.
    keys = mars_keys(tmp_path, 'white kh8 sg6 bb1 black kh1 sd2')
    assert 'g6d2' not in keys and 'h8d2' in keys, keys
    # A pawn takes from its second rank: e4 takes on d3 (from e2), not on d5.
    keys = mars_keys(tmp_path, 'white ka1 pe4 black kh8 sd3 sd5')
    assert 'e4d3' in keys and 'e4d5' not in keys and 'e4e5' in keys, keys
    # The black king on d5 checks only around e8: White's king steps beside it.
    keys = mars_keys(tmp_path, 'white ke4 black kd5')
    assert {'e4e5', 'e4d4', 'e4d3'} <= keys, keys
    # Black's rook on d5 (light) guards from a8: the a-file; not when a8 is
    # taken.
    keys = mars_keys(tmp_path, 'white kb1 black kh5 rd5')
    assert 'b1a2' not in keys and 'b1a1' not in keys and 'b1b2' in keys, keys
    keys = mars_keys(tmp_path, 'white kb1 black kh5 rd5 ba8')
    assert {'b1a2', 'b1a1'} <= keys, keys
    # German reads Popeye's shortest prefix of the name.
    path = tmp_path / 'mars_de.txt'
    path.write_text('AnfangProblem\nSteine Weiss Kh8 Sg6 Schwarz Kh1 Sd2\nBedingung marsc\n'
                    'Forderung ~1\nEndeProblem\n')
    [record] = kit.json_lines(kit.run('solve', '--popeye', '--json', str(path)).stdout)
    assert record['condition'] == 'marscirce', record
