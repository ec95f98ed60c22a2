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
* Take&Make (Popeye's `take_and_make.c`): a man that takes must go on from
  the capture square with a move that takes nothing, made as the man taken
  moves (a pawn taken: as a pawn of its side); a capture without one is no
  move. A pawn ending on its last rank promotes, and may not end on its own
  first rank. Checks are orthodox (Popeye's default: no `Absolute`). A move
  is written with the capture square between (`d2d5f4`);
* Make&Take (Popeye's `make_and_take.c`): a man takes by first making a move
  that takes nothing as the man it takes moves (as that man's side), then
  taking from there as itself (a pawn: not from its first rank); written
  from start to capture square. A king is in check where a man could so take
  it after a king's step (no castling as that step arises here: no man on
  e1 or e8 with a rook in the corner is needed, the positions are sparse and
  random; such positions are skipped);
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
              'marscirce', 'marscirce rexexclusive', 'marscirce ohneschach',
              'takemake', 'maketake']
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
        self.take_make = 'takemake' in words
        self.make_take = 'maketake' in words
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

    @staticmethod
    def quiet_as(board, sq, piece, vacated=()):
        """The squares a `piece` on `sq` reaches by a move that takes
        nothing, with `vacated` empty (a pawn on its first rank: none)."""
        probe = board.copy(stack=False)
        for s in vacated:
            probe.remove_piece_at(s)
        first = 0 if piece.color == chess.WHITE else 7
        if piece.piece_type == chess.PAWN and chess.square_rank(sq) == first:
            return set()
        probe.set_piece_at(sq, piece)
        probe.turn = piece.color
        probe.ep_square = None
        probe.castling_rights = 0
        return {m.to_square for m in probe.generate_pseudo_legal_moves(chess.BB_SQUARES[sq])
                if probe.piece_at(m.to_square) is None}

    def take_make_pseudo(self, board):
        """Take&Make: the moves that take nothing, and each capture with
        each second part (a chess.Move with `via`, the capture square)."""
        seen = set()
        for move in board.generate_pseudo_legal_moves():
            if board.is_castling(move):
                continue
            if not board.is_capture(move):
                yield move
                continue
            if (move.from_square, move.to_square) in seen:
                continue
            seen.add((move.from_square, move.to_square))
            victim_sq = move.to_square
            if board.is_en_passant(move):
                victim_sq += -8 if board.turn == chess.WHITE else 8
            victim = board.piece_at(victim_sq)
            mover = board.piece_at(move.from_square)
            for to in self.quiet_as(board, move.to_square, victim,
                                    (victim_sq, move.from_square)):
                last = 7 if mover.color == chess.WHITE else 0
                if mover.piece_type == chess.PAWN:
                    if chess.square_rank(to) == 7 - last:
                        continue
                    if chess.square_rank(to) == last:
                        for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT):
                            m = chess.Move(move.from_square, to, kind)
                            m.via, m.victim = move.to_square, victim_sq
                            yield m
                        continue
                m = chess.Move(move.from_square, to)
                m.via, m.victim = move.to_square, victim_sq
                yield m

    def make_take_pseudo(self, board):
        """Make&Take: the moves that take nothing, and each man's captures
        after a first part as the man taken (once per start and capture)."""
        seen = set()
        for move in board.generate_pseudo_legal_moves():
            if not board.is_castling(move) and not board.is_capture(move):
                yield move
        them = not board.turn
        kinds = {p.piece_type for p in board.piece_map().values()
                 if p.color == them and p.piece_type != chess.KING}
        for sq, piece in board.piece_map().items():
            if piece.color != board.turn:
                continue
            first = 0 if piece.color == chess.WHITE else 7
            for kind in kinds:
                for s in self.quiet_as(board, sq, chess.Piece(kind, them), (sq,)):
                    if piece.piece_type == chess.PAWN and chess.square_rank(s) == first:
                        continue
                    there = board.copy(stack=False)
                    there.remove_piece_at(sq)
                    there.set_piece_at(s, piece)
                    for m in there.generate_pseudo_legal_captures(chess.BB_SQUARES[s]):
                        victim_sq = m.to_square
                        if there.is_en_passant(m):
                            victim_sq += -8 if board.turn == chess.WHITE else 8
                        if there.piece_at(victim_sq).piece_type != kind:
                            continue
                        key = (sq, m.to_square, m.promotion)
                        if key not in seen:
                            seen.add(key)
                            yield chess.Move(sq, m.to_square, m.promotion)

    def pseudo(self, board):
        """The pseudo-legal moves (castling aside), as the men walk."""
        if self.take_make:
            yield from self.take_make_pseudo(board)
            return
        if self.make_take:
            yield from self.make_take_pseudo(board)
            return
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
        if self.make_take:
            king = chess.Piece(chess.KING, not by)
            for a, piece in board.piece_map().items():
                if piece.color != by or a == sq:
                    continue
                first = 0 if by == chess.WHITE else 7
                for s in self.quiet_as(board, a, king, (a,)):
                    if s == sq or (piece.piece_type == chess.PAWN
                                   and chess.square_rank(s) == first):
                        continue
                    there = board.copy(stack=False)
                    there.remove_piece_at(a)
                    there.set_piece_at(s, piece)
                    if there.attacks(s) & chess.BB_SQUARES[sq]:
                        return True
            return False
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
        if hasattr(move, 'via'):
            # Take&Make: the man taken, then the man on to its end.
            after.remove_piece_at(move.victim)
            after.remove_piece_at(move.from_square)
            after.set_piece_at(move.to_square, chess.Piece(move.promotion or real.piece_type, mover))
            after.push(chess.Move.null())
            return after
        if self.make_take and victim is not None:
            after.remove_piece_at(victim_sq)
            after.remove_piece_at(move.from_square)
            after.set_piece_at(move.to_square, chess.Piece(move.promotion or real.piece_type, mover))
            after.push(chess.Move.null())
            return after
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
            out += [(uci(move),) + rest for rest in self.help_lines(after, plies - 1)]
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
                    out[uci(move)] = k
                    break
        return out


def uci(move):
    """A move as kibitz writes it: Take&Make's capture square between the
    two squares (`d2d5f4`)."""
    text = move.uci()
    via = getattr(move, 'via', None)
    return text if via is None else text[:2] + chess.square_name(via) + text[2:]


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
        corners = (chess.A1, chess.H1, chess.A8, chess.H8)
        if rules.make_take and any(board.piece_type_at(c) == chess.ROOK for c in corners):
            # (No castling as a first part: see the module docs.)
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
        want = sorted(uci(m) for m, _ in rules.legal(board))
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
            want = {uci(m): 1 for m, after in rules.legal(board)
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


def condition_moves(conditions, fen):
    name, ini = section(conditions)
    pos = kibitz.Position(fen, variant=name, variants=ini)
    return set(pos.legal_moves()), pos


def test_take_and_make_captures_on_hand_checked_positions():
    """Hand-checked Take&Make captures (the rule of Popeye's
    `take_and_make.c`): each capture goes on as the man taken."""
    # The rook on d2 takes the knight on d5 and goes on as a knight to the
    # empty squares b4 b6 c3 c7 e3 e7 f4 f6; never stops on d5.
    moves, _ = condition_moves('takemake', '7k/8/8/3n4/8/8/3R4/K7 w - - 0 1')
    taken = {m for m in moves if m.startswith('d2d5')}
    assert 'd2d5' not in moves
    assert taken == {'d2d5' + s for s in ('b4', 'b6', 'c3', 'c7', 'e3', 'e7', 'f4', 'f6')}, taken
    # A capture whose second part is impossible is no move: the pawn on b7,
    # as a black pawn, would step to b6 (White's knight) or b5 (White's).
    moves, _ = condition_moves('takemake', '7k/1p6/1NB5/1N6/8/8/8/K7 w - - 0 1')
    assert not any(m.startswith('c6b7') for m in moves), moves
    # A black pawn taken moves down: the knight takes on e5 and goes on to
    # e4 (one step, its side's direction); from e7 it could go two.
    moves, _ = condition_moves('takemake', '7k/4p3/8/4p3/8/3N1N2/8/K7 w - - 0 1')
    assert {m for m in moves if m[2:4] == 'e5'} == {'d3e5e4', 'f3e5e4'}, moves
    # A pawn taking a rook goes on as a rook: it promotes on its last rank,
    # stays a pawn below it, and may not end on its own first rank.
    moves, _ = condition_moves('takemake', '3r3k/4P3/8/8/8/8/8/K7 w - - 0 1')
    assert {'e7d8c8q', 'e7d8c8n', 'e7d8d7', 'e7d8d2'} <= moves, moves
    assert 'e7d8d1' not in moves and 'e7d8d7q' not in moves, moves
    # Checks are orthodox by default; under Absolute the capture of the king
    # must go on with a king's step: the black king on a8 boxed in by its own
    # men is not in check from the knight on c7.
    boxed = 'kb6/ppN5/8/8/8/8/8/4K3 b - - 0 1'
    _, pos = condition_moves('takemake', boxed)
    assert pos.is_check()
    _, pos = condition_moves('takemake absolute', boxed)
    assert not pos.is_check()


def test_make_and_take_hand_checked_positions(tmp_path):
    """Hand-checked Make&Take positions (Popeye's `make_and_take.c`): the
    first part as the man taken, the capture as the man itself."""
    # The rook on a1 takes the knight on c4 after a knight's move to c2; the
    # rook on h4 reaches no line through c4 by a knight's move.
    moves, _ = condition_moves('maketake', '8/5k2/8/8/2n4R/8/8/R6K w - - 0 1')
    assert 'a1c4' in moves and 'h4c4' not in moves, moves
    # A king checks from one or two squares away (a step, then the
    # capture), so two kings that near check each other: no position.
    for fen in ('8/8/8/3k4/4K3/8/8/8 b - - 0 1', '8/8/2k5/8/4K3/8/8/8 b - - 0 1'):
        with pytest.raises(ValueError):
            condition_moves('maketake', fen)
    _, pos = condition_moves('maketake', '8/8/8/8/1k2K3/8/8/8 b - - 0 1')
    assert not pos.is_check()
    # The rook on e2 checks the king on f8 after a king's step to f2 (or f1,
    # f3); not the king on g8.
    _, pos = condition_moves('maketake', '5k2/8/8/8/8/8/4R3/K7 b - - 0 1')
    assert pos.is_check()
    _, pos = condition_moves('maketake', '6k1/8/8/8/8/8/4R3/K7 b - - 0 1')
    assert not pos.is_check()
    # Popeye's test (TESTS/maketake.inp): the knight on e8 castles queenside
    # as Black's king would, with the rook on a8, and takes on a7 from c8:
    # Black is in check, so White's move is no problem (an error record).
    path = tmp_path / 'maketake.txt'
    path.write_text('beginproblem\npieces black ka7 ra8 white se8\ncondition mak\n'
                    'stipulation ~1\noption nowk\nnextproblem\n'
                    'pieces black ka7 rh8 white se8\ncondition make&take\n'
                    'stipulation ~1\noption nowk\nendproblem\n')
    records = kit.json_lines(kit.run('solve', '--popeye', '--json', str(path)).stdout)
    assert 'in check' in records[0]['error'], records[0]
    assert 'e8c7' in {k['uci'] for k in records[1]['keys']}, records[1]
