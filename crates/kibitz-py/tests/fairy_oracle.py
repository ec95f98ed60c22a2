"""Fairy-Stockfish as the oracle of kibitz's variant engine (issue 19).

Two faces of the same C++ code (one PyPI release, pinned in requirements-test.txt):

* `pyffish`, the Python module: legal moves, FENs, checks and game results. Every
  call rebuilds the variant's attack tables (about 1.5 ms of CPU), so the games are
  replayed with move lists and as few calls per ply as possible.
* the UCI binary that scripts/build_fairy_stockfish.sh builds from the pyffish
  source distribution, when present: its `go perft` counts deep trees in
  milliseconds where move-list recursion through pyffish takes seconds.

Also here: the seeded generator of user variants (Fairy-Stockfish `variants.ini`
sections with random pieces from the Betza both programs read) and the seeded
random games. Nothing in this file knows kibitz's answers.
"""

from __future__ import annotations

import os
import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from kit import REPO

# The built-in variants of kibitz that Fairy-Stockfish also knows under the same name.
# (Musketeer is not among Fairy-Stockfish's variants: the published perft tables in
# ../shared/data/musketeer are its oracle, in the Rust tests.)
FSF_BUILTINS = ['chess', 'capablanca', 'gothic', 'janus', 'embassy', 'grand',
                'seirawan', 'amazon', 'nightrider', 'grasshopper', 'shako',
                # Chess with other pieces or boards (builtin.rs, chess_family).
                'nocastle', 'almost', 'hoppelpoppel', 'newzealand', 'gardner', 'losalamos',
                'centaur', 'chancellor', 'modern', 'perfect',
                # Drops (variant/drops.rs).
                'crazyhouse', 'loop', 'chessgi', 'pocketknight', 'placement',
                # Regions and the Eastern games (variant/regions.rs).
                'xiangqi', 'minixiangqi', 'makruk',
                # Game ends and capture rules (variant/ends.rs, variant/atomic.rs).
                'kingofthehill', 'racingkings', '3check', '5check', 'antichess',
                'giveaway', 'suicide', 'extinction', 'kinglet', 'threekings', 'horde',
                'atomic', 'nocheckatomic',
                # Janggi's palace, passing and bikjang (variant/palace.rs).
                'janggi', 'janggimodern', 'janggicasual', 'janggitraditional',
                # Xiangqi with White's banner (variant/regions.rs).
                'manchu',
                # Other objectives (variant/objectives.rs).
                'misere', 'losers', 'codrus', 'knightmate', 'atomar', 'coregal',
                # Historic games (variant/historic.rs).
                'shatranj', 'chaturanga', 'courier', 'raazuvaa',
                # Pawn variants (variant/pawns.rs).
                'torpedo',
                # Chess960 castling (variant/chess960.rs), and chess by another name.
                'normal', 'fischerandom', 'caparandom',
                # Other built-ins with other pieces, board or drops (variant/other_pieces.rs).
                'fairy', 'paradigm', 'georgian', 'tencubed', 'opulent', 'capahouse', 'dragon']

# Variants whose game may end by the moves played, not by the position alone:
# Janggi's two passes in a row, and a pass with the kings facing (bikjang). A
# FEN does not show the passes, so kibitz and Fairy-Stockfish given the FEN
# alone both play on; the end is checked on the game's moves (`kibitz play`).
# Ataxx and Othello's passes (variant/enclosing.rs) end a game alike.
# A castle win (`castlingWins`, the dialect section dlcastlewins) is the
# castling just played: the FEN alone says only that the right is lost.
JANGGI_FAMILY = {'janggi', 'janggimodern', 'janggicasual', 'janggitraditional'}
HISTORY_ENDS = JANGGI_FAMILY | {'ataxx', 'flipello', 'flipello10', 'dlcastlewins'}

# The shogi family (variant/shogi.rs). Fairy-Stockfish writes their SAN in shogi
# notation by default (`P-76`, `+B-22`), and kibitz in its own SAN (`Pc4`, `Bxh8=+B`).
SHOGI_FAMILY = ['shogi', 'minishogi', 'kyotoshogi', 'euroshogi', 'judkins', 'torishogi',
                'gorogoro', 'yarishogi', 'okisakishogi', 'micro', 'checkshogi']
FSF_BUILTINS += SHOGI_FAMILY

# Makruk's relatives, their first moves and counting rules (variant/makruk.rs,
# variant/counting.rs, variant/sittuyin.rs) and Shatar (variant/historic.rs). Last,
# so that the seeds the tests draw from a variant's place in this list stay those
# of the variants before them.
FSF_BUILTINS += ['makpong', 'cambodian', 'karouk', 'asean', 'ai-wok', 'sittuyin', 'shatar']

# Custom pawns (variant/pawns.rs), per-colour promotion choices and Armageddon's
# draw odds (builtin.rs, palace.rs).
FSF_BUILTINS += ['berolina', 'pawnsideways', 'pawnback', 'sortofalmost', 'chigorin',
                 'armageddon']

# Kingless race games (builtin.rs, chess_family), and minishogi's second name (of the
# shogi family, but listed here, last, so that the seeds of the variants above stay).
FSF_BUILTINS += ['breakthrough', 'jesonmor', 'mini']
SHOGI_FAMILY.append('mini')

# Wall squares in the start position (variant/walls.rs) and promotion regions of
# single squares (builtin.rs, chess_family): last, for the seeds above.
FSF_BUILTINS += ['gustav3', 'omicron', 'troitzky', 'legan']

# Walling moves (variant/walling.rs), and fox and hounds (builtin.rs, chess_family):
# last, for the seeds above.
FSF_BUILTINS += ['amazons', 'duck', 'isolation', 'isolation7x7', 'snailtrail', 'joust',
                 'fox-and-hounds']

# Drops on two boards and mixed with other rules (variant/houses.rs): last, for
# the seeds above. test_houses.py plays them from positions with pieces in hand.
HOUSES = ['bughouse', 'koedem', 'shouse', 'supply']
FSF_BUILTINS += HOUSES

# Sho-shogi and Dobutsu (variant/shogi.rs): of the shogi family, listed last for the seeds above.
FSF_BUILTINS += ['shoshogi', 'dobutsu']
SHOGI_FAMILY += ['shoshogi', 'dobutsu']

# Capture-only men without a king (builtin.rs, chess_family), and petrification
# (variant/petrify.rs): last, for the seeds above.
FSF_BUILTINS += ['clobber', 'clobber10', 'petrified']

# Wolf chess (variant/other_pieces.rs: a pawn that may also promote shogi-style,
# written in SAN as Fairy-Stockfish writes it) and Spartan chess (two kings for
# Black, its own pawn: variant/ends.rs, variant/pawns.rs): last, for the seeds above.
FSF_BUILTINS += ['wolf', 'spartan']

# Variants with shogi-style promotions (Fairy-Stockfish's `shogiStylePromotions`): the
# shogi family and Wolf chess, whose pawn may also become an elephant (`+P`).
SHOGI_STYLE_PROMOTIONS = SHOGI_FAMILY + ['wolf']

# Enclosing drops and flips, Reversi's and Ataxx's (variant/enclosing.rs): last,
# for the seeds above.
FSF_BUILTINS += ['ataxx', 'flipersi', 'flipello', 'flipello10']

# Sections of Fairy-Stockfish's own variants.ini that kibitz plays (issue 40): the
# connection goals (variant/connect.rs), Connect Four's drops (variant/enclosing.rs)
# and castling as the goal (variant/castle_wins.rs).
FSF_OWN_SECTIONS = ['tictactoe', 'picaria', 'nineholes', 'tictacchess', 'teeko', 'symphony',
                    'asimplegame', 'allqueenschess', 'roll-ing-to-four', 'cetus',
                    'three-musketeers', 'cfour', 'cfour-anyside', 'cfour-misere', 'castle',
                    # giveaway without its commoner, the castling king (variant/ends.rs)
                    'massacre',
                    # chess's castling files off a 6-file board: nothing castles
                    # (variant/definition.rs); a drop region of single squares
                    # (variant/drops.rs); riders that only move, in a mobility
                    # region (variant/regions.rs); Khan's chess (its own pawns and
                    # flags, loaded before, here compared)
                    'minihouse', 'stardust', 'buffalo', 'khans',
                    # a board of one rank (variant/board.rs)
                    '1d-chess']

FILES = 'abcdefghijklmnop'


def fsf_own_ini():
    """Fairy-Stockfish's own `src/variants.ini` (read where it is, never committed
    here): $KIBITZ_FSF_VARIANTS_INI, else fairy-stockfish/variants.ini of the outside
    test data ($KIBITZ_TEST_DATA); None where neither is."""
    from kit import DATA

    for path in (os.environ.get('KIBITZ_FSF_VARIANTS_INI'),
                 DATA / 'fairy-stockfish' / 'variants.ini'):
        if path and Path(path).is_file():
            return Path(path).read_text()
    return None


def fsf_own_sections(text, name):
    """The section `name` of a variants.ini text, after the sections it inherits
    from (its parents in the text), in the text's order."""
    sections = []  # (name, parent, text)
    for line in text.splitlines(keepends=True):
        if line.startswith('['):
            header = line.strip()[1:-1]
            own, _, parent = header.partition(':')
            sections.append((own.strip(), parent.strip() or None, ''))
        if sections:
            own, parent, body = sections[-1]
            sections[-1] = (own, parent, body + line)
    chain = []
    at = len(sections)
    wanted = name
    while name is not None:
        at = max((i for i in range(at) if sections[i][0] == name), default=None)
        if at is None:
            break  # a built-in parent
        chain.append(sections[at][2])
        name = sections[at][1]
    assert chain, f'no section {wanted} in the variants.ini'
    return ''.join(reversed(chain))

# --- user variants ------------------------------------------------------------------
#
# Only Betza that Fairy-Stockfish and standard (X)Betza read the same way. Fairy-
# Stockfish gives a lone direction letter on an oblique atom its doubled meaning
# (`fN` = the two narrow forward moves, where Betza means all four) and splits
# `fs` on orthogonal atoms: such pieces are left out, not guessed at.

ORTHO = ['W', 'D', 'H', 'R', 'R2', 'R3', 'R4', 'W2']      # along files and ranks
DIAG = ['F', 'A', 'G', 'B', 'B2', 'B3', 'F2']             # along diagonals
OBLIQUE = ['N', 'C', 'Z', 'NN']                           # no direction letters
ORTHO_DIRS = ['', '', '', 'f', 'b', 'l', 'r', 'v', 's']
DIAG_DIRS = ['', '', '', 'f', 'b', 'l', 'r', 'fl', 'fr', 'bl', 'br']
HOPPERS = ['pR', 'pB', 'gQ', 'gR', 'gB', 'mRcpR', 'mBcpB']
LAME = ['nN', 'nA', 'nD']
MODALITIES = ['', '', '', '', 'm', 'c']

# Letters for custom pieces: not the parent's p n b r q k.
CUSTOM_LETTERS = 'acdeghijlmostuvwxyz'


def random_component(rng):
    """One Betza component: [modality][direction] atom, a hopper or a lame leaper."""
    kind = rng.random()
    if kind < 0.12:
        return rng.choice(HOPPERS)
    if kind < 0.20:
        return rng.choice(LAME)
    if kind < 0.50:
        atom, dirs = rng.choice(ORTHO), ORTHO_DIRS
    elif kind < 0.80:
        atom, dirs = rng.choice(DIAG), DIAG_DIRS
    else:
        return rng.choice(MODALITIES) + rng.choice(OBLIQUE)
    return rng.choice(MODALITIES) + rng.choice(dirs) + atom


def atom_family(component):
    """The lines a component moves along: its atom with riders folded onto their leap."""
    atom = component.rstrip('0123456789').lstrip('mcfbvslrnpg')[:1]
    return {'R': 'W', 'B': 'F', 'Q': 'WF'}.get(atom, atom)


def random_betza(rng):
    """A piece of one to three components, with at least one move that can capture."""
    while True:
        parts = [random_component(rng) for _ in range(rng.choice([1, 2, 2, 3]))]
        # Fairy-Stockfish 0.0.90 mis-builds a hopper beside other components in one
        # piece (`mlW2gQ` slides both ways along the rank, any distance): a hopper is
        # a piece of its own here.
        if len(parts) > 1 and any(p in HOPPERS for p in parts):
            continue
        # It also keeps one entry per (moves/captures, direction): of two components
        # along the same lines (`mR4` and `mR3`, `mvD` and `nD`) the last one wins, where
        # Betza adds them up. Each component here has lines of its own.
        families = [atom_family(p) for p in parts]
        if len(set(families)) < len(families):
            continue
        # `gB` + `B` would read as one doubled atom (`gBB`): no atom right after itself.
        if any(a.rstrip('0123456789')[-1] == b[0] for a, b in zip(parts, parts[1:])):
            continue
        # A piece that can never capture cannot give check; keep one that can.
        if any(not p.startswith('m') or p.startswith('mRcp') or p.startswith('mBcp')
               for p in parts):
            return ''.join(parts)


@dataclass
class UserVariant:
    """A generated variant: its variants.ini section and what the tests need."""
    name: str
    width: int
    height: int
    pieces: dict = field(default_factory=dict)   # letter -> Betza
    start_fen: str = ''
    section: str = ''


def back_rank(rng, width, letters, castling):
    """White's first rank: a king, rooks in the corners when castling, the rest random."""
    rank = [None] * width
    king = width // 2
    rank[king] = 'k'
    if castling:
        rank[0] = rank[-1] = 'r'
    free = [i for i, p in enumerate(rank) if p is None]
    rng.shuffle(free)
    pool = list(letters)                      # every custom piece at least once
    while len(pool) < len(free):
        pool.append(rng.choice(letters + ['n', 'b', 'r', 'q']))
    for square, piece in zip(free, pool):
        rank[square] = piece
    return ''.join(rank)


def make_user_variant(index, rng):
    """The `index`-th user variant: a board up to 12 x 10 with 1-4 random pieces."""
    width = rng.choice([6, 7, 8, 8, 9, 10, 10, 11, 12])
    height = rng.choice([6, 7, 8, 8, 9, 10])
    count = rng.randint(1, min(4, width - 2))
    letters = rng.sample(CUSTOM_LETTERS, count)
    pieces = {letter: random_betza(rng) for letter in letters}
    castling = width in (8, 10) and rng.random() < 0.6
    first = back_rank(rng, width, letters, castling)
    empty = str(width)
    rows = [first, 'p' * width] + [empty] * (height - 4) + ['P' * width, first.upper()]
    rights = 'KQkq' if castling else '-'
    name = f'kbz{index:02d}'
    start_fen = '/'.join(rows) + f' w {rights} - 0 1'
    lines = [f'[{name}:chess]', f'maxRank = {height}', f'maxFile = {FILES[width - 1]}']
    for n, (letter, betza) in enumerate(pieces.items(), start=1):
        lines.append(f'customPiece{n} = {letter}:{betza}')
    lines += [
        f'startFen = {start_fen}',
        f'promotionRegionWhite = *{height}',
        'promotionRegionBlack = *1',
        'promotionPieceTypes = ' + 'qrbn' + ''.join(letters),
        'doubleStepRegionWhite = *2',
        f'doubleStepRegionBlack = *{height - 1}',
        f'castling = {"true" if castling else "false"}',
    ]
    if castling:
        lines += [f'castlingKingsideFile = {FILES[width - 2]}', 'castlingQueensideFile = c']
    return UserVariant(name, width, height, pieces, start_fen, '\n'.join(lines) + '\n')


def user_variants(count=30, seed=19):
    """`count` user variants whose start positions Fairy-Stockfish accepts as legal."""
    import pyffish as sf

    rng = random.Random(seed)
    out = []
    attempt = 0
    while len(out) < count:
        # A name once loaded stays taken in Fairy-Stockfish: each candidate has its own.
        v = make_user_variant(attempt, rng)
        attempt += 1
        load_config(v.section)
        if v.name not in sf.variants():
            continue
        # Regenerated when a long-range piece already attacks a king at the start.
        fen = sf.start_fen(v.name)
        if fen.split()[0] != v.start_fen.split()[0] or not sf.legal_moves(v.name, fen, []):
            continue
        if sf.gives_check(v.name, fen.replace(' w ', ' b ', 1), []):
            continue
        out.append(v)
    return out


# Sections written by hand for the corners of Fairy-Stockfish's variants.ini dialect
# where kibitz once gave a different game (issue 40): castling one square, which
# Fairy-Stockfish writes as the king taking its rook (`d1a1`); a re-lettered piece
# that stays a promotion choice; two castling piece types; `rook = r`; the deprecated
# `promotionRank` and `doubleStepRank`; keys in any order; the short FEN `w 0 1`; a
# letter taken over, or given to its own piece again.
# Only the questions are typed here: pyffish answers them at test time.
DIALECT_SECTIONS = [
    """[dlcastle1:chess]
startFen = r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1
castlingKingFile = d
castlingQueensideFile = c
castlingKingsideFile = g
""",
    """[dlreletter:capablanca]
archbishop = y
chancellor = x
startFen = 5k4/1P3p4/10/10/10/10/1p3P4/5K4 w - - 0 1
""",
    """[dlrooks:chess]
customPiece1 = c:RF
startFen = c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1
castlingRookPieces = rc
""",
    """[dlrook:chess]
rook = r
""",
    """[dldeprecated:chess]
promotionRank = 7
doubleStepRank = 3
startFen = 4k3/pp3ppp/1P6/8/8/1p1P4/PP3PPP/4K3 w - - 0 1
""",
    """[dlorder:chess]
promotionPieceTypes = qy
startFen = 4k3/1P3p2/8/8/8/8/1p3P2/4K3 w - - 0 1
customPiece1 = y:NN
""",
    # Fairy-Stockfish's Betza halves (`fh` every forward move, `hr` a chiral
    # half), and a drop count of 0 (no pawn is ever dropped: its Dragonfly).
    """[dlhalves:chess]
customPiece1 = a:mfhNcfW
customPiece2 = c:rhNbhF
customPiece3 = d:hlNhrCfhF
startFen = rnbqkbnr/pppppppp/acd5/8/8/ACD5/PPPPPPPP/RNBQKBNR w KQkq - 0 1
""",
    """[dlnopawndrops:crazyhouse]
dropNoDoubled = p
dropNoDoubledCount = 0
""",
    """[dlshort:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 1
""",
    """[dltakeover:chess]
customPiece1 = n:NN
startFen = rn2k1nr/1P3ppp/8/8/8/8/1p3PPP/RN2K1NR w KQkq - 0 1
""",
    """[dlsameletter:capablanca]
archbishop = a
startFen = 5k4/1P3p4/10/10/10/10/1p3P4/5K4 w - - 0 1
""",
    # Named pieces given in the reverse of Fairy-Stockfish's type order (its FEN
    # writes the hand in that order), and a pawn that must promote shogi-style.
    """[dlhandorder:crazyhouse]
lance = l
shogiKnight = h
fers = m
archbishop = j
bers = d
commoner = c
promotionPieceTypes = -
promotedPieceType = p:c m:b
mandatoryPiecePromotion = true
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *1 *2 *3
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LHMJDCPlhmjdcp] w KQkq - 0 1
""",
    # Repetition rules as keys: the fourth time, perpetual check losing, and a
    # repetition lost by White whoever is to move.
    """[dlsennichite:chess]
nFoldRule = 4
nFoldValue = loss
nFoldValueAbsolute = true
perpetualCheckIllegal = true
startFen = k7/pp6/8/8/8/8/6PP/1R5K w - - 0 1
""",
    # Custom pawns (`pawnTypes`): a crab pawn under another letter that steps
    # diagonally, takes straight and en passant (`e`), with a first leap (`i`)
    # that leaves two en-passant squares, and optional promotion to two pieces.
    """[dlcrabpawn:chess]
pawn = -
customPiece1 = s:mfFcfeWimfnA
pawnTypes = s
promotionPieceTypes = nq
mandatoryPawnPromotion = false
startFen = rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR w KQkq - 0 1
""",
    # A pawn that also steps sideways and leaps diagonally at first; only
    # White's promote (on two ranks), and White's moves keep the n-move count.
    """[dlstepperpawn:chess]
customPiece1 = p:fmWfsmWfceFifmnDifmnA
pawnTypes = p
promotionPawnTypesBlack = -
nMoveRuleTypesWhite = -
promotionRegionWhite = *7 *8
""",
    # Promotion choices per colour.
    """[dlsortof:chess]
chancellor = c
promotionPieceTypesWhite = crbn
promotionPieceTypesBlack = qrbn
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
""",
    # Any piece as the flag piece: `flagPiece = *`, and a flag region with no
    # flagPiece (Fairy-Stockfish's default is any piece), with flagMove.
    """[dlanyflag:chess]
flagPiece = *
flagRegionWhite = *6
flagRegionBlack = *3
""",
    """[dlanyflagmove:chess]
flagRegion = c4 d4 e4 f4 c5 d5 e5 f5
flagMove = true
""",
    # A flag piece per colour, the king for one side only (the king's flag
    # rules under flagMove are decided by each side's piece).
    # Castling takes the other side's right on the same side (both sides may
    # castle at once from the start).
    """[dlopposite:chess]
oppositeCastling = true
startFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1
""",
    # A stalemated side passes instead: the king from a stalemate at the
    # start, and (antichess, no king) the first piece of a side whose pawns
    # are blocked, while the other's knight moves.
    """[dlpassking:chess]
passOnStalemate = true
startFen = 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
""",
    """[dlpassanti:antichess]
passOnStalemateBlack = true
startFen = 8/8/1p6/1P6/p7/P7/8/6N1 w - - 0 1
""",
    """[dlflagcolours:chess]
flagPieceWhite = n
flagPieceBlack = k
flagRegionWhite = *6
flagRegionBlack = *4 *5
flagMove = true
""",
    # Two regions joined by a chain of men dropped (`connectRegion1White`…): files a
    # to d for White, ranks 1 to 4 for Black, by steps along ranks, files and
    # diagonals. Fairy-Stockfish grows the chain by the forward steps only (east,
    # north, north-east, south-east); a section without a parent.
    """[dlconnectregion]
maxRank = 4
maxFile = 4
immobile = p
startFen = 4/4/4/4[PPPPPPPPpppppppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectRegion1White = a*
connectRegion2White = d*
connectRegion1Black = *1
connectRegion2Black = *4
""",
    # Four in a row on a 5 × 5 board, men dropped anywhere, the diagonals not
    # counting (`connectN`, `connectDiagonal`).
    """[dlrowfour]
maxRank = 5
maxFile = 5
immobile = p
startFen = 5/5/5/5/5[PPPPPPPPPPPPPppppppppppppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 4
connectDiagonal = false
""",
    # Men fall to the lowest empty square of a file (`enclosingDrop = top`) on a
    # 6 × 5 board; four in a row loses (`connectValue`).
    """[dlgravity]
maxRank = 5
maxFile = 6
immobile = p
startFen = 6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1
pieceDrops = true
enclosingDrop = top
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 4
connectValue = loss
""",
    # A 2 × 2 block of men wins (`connectNxN`) on a 4 × 4 board.
    """[dlblock]
maxRank = 4
maxFile = 4
immobile = p
startFen = 4/4/4/4[PPPPPPPPpppppppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectNxN = 2
""",
    # Castling wins: White's on the king's side, Black's on the queen's side
    # (`castlingWins`), from a board with the minor pieces gone.
    """[dlcastlewins:chess]
castlingWins = Kq
startFen = r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1
""",
    # Crazyhouse on 6 × 6: chess's castling files lie off the board and the start
    # grants no right, so nothing castles (as Fairy-Stockfish's minihouse).
    """[dlnarrowhouse:crazyhouse]
maxRank = 6
maxFile = 6
startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1
promotionPieceTypes = nbrq
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStep = false
""",
    # Mobility regions of riders that only move along their lines (Fairy-
    # Stockfish's Chak and Buffalo): a queen that takes as a wazir, and a rook
    # that hops without taking, each stopping only in its region.
    """[dlriderzone:chess]
customPiece1 = d:mQcW
customPiece2 = y:mRmpR
mobilityRegionWhiteCustomPiece1 = *1 *2 *3 *4 d5 e5
mobilityRegionBlackCustomPiece1 = *5 *6 *7 *8 d4 e4
mobilityRegionWhiteCustomPiece2 = a* b* c* d* h8
mobilityRegionBlackCustomPiece2 = e* f* g* h* a1
startFen = rnbqkdyr/pppppppp/8/8/8/8/PPPPPPPP/RYDQKBNR w KQkq - 0 1
""",
    # A board of one rank (Fairy-Stockfish's 1D chess): a dabbaba and a
    # three-square leaper beside the queen and the rook.
    """[dloneline:chess]
maxRank = 1
maxFile = k
customPiece1 = n:D
customPiece2 = y:H
startFen = KQNYR1rynqk w - - 0 1
""",
    # Drop regions of single squares (Stardust's), with whole ranks beside them.
    """[dlsquaredrops:crazyhouse]
dropRegionWhite = a1 b2 c3 d4 e5 f6 g7 h8 *2
dropRegionBlack = *7 h1 g2 f3 e4 d5 c6 b7 a8
""",
]


def dialect_variants():
    """The hand-written dialect sections as user variants (Fairy-Stockfish loads each)."""
    import pyffish as sf

    out = []
    for section in DIALECT_SECTIONS:
        name = section[1:section.index(']')].split(':')[0]
        load_config(section)
        assert name in sf.variants(), f'Fairy-Stockfish refuses the section {name}'
        fen = sf.start_fen(name)
        rows = fen.split()[0].split('/')
        width = sum(int(c) if c.isdigit() else 1 for c in rows[0])
        out.append(UserVariant(name, width, len(rows), {}, fen, section))
    return out


# --- games ---------------------------------------------------------------------------

@dataclass
class Ply:
    """A position of a game as Fairy-Stockfish sees it, and the move played from it."""
    fen: str
    moves: frozenset
    check: bool
    played: str | None = None


@dataclass
class Game:
    variant: str
    start: str
    plies: list
    result: str | None      # '1-0', '0-1', '1/2-1/2' when the game ended on the board


def result_of(value, white_to_move):
    """Fairy-Stockfish's game_result (a score for the side to move) as a PGN result."""
    if value == 0:
        return '1/2-1/2'
    side_wins = value > 0
    return '1-0' if side_wins == white_to_move else '0-1'


_LOADED = set()


def load_config(config):
    """Loads a variants.ini text into this process's Fairy-Stockfish, once."""
    import pyffish as sf

    if config and config not in _LOADED:
        sf.load_variant_config(config)
        _LOADED.add(config)


def play_random_game(variant, seed, max_plies, config=None, start=None, chess960=False):
    """A seeded random game in Fairy-Stockfish, up to `max_plies` or the game's end,
    from `start` (the variant's start position if None), with Chess960 castling
    if `chess960` (pyffish's `is960`)."""
    import pyffish as sf

    load_config(config)
    rng = random.Random(seed)
    start = start or sf.start_fen(variant)
    played = []
    plies = []
    result = None
    while True:
        moves = sf.legal_moves(variant, start, played, chess960)
        fen = sf.get_fen(variant, start, played, chess960)
        plies.append(Ply(fen, frozenset(moves), False))
        if not moves:
            result = result_of(sf.game_result(variant, start, played, chess960), ' w ' in fen)
            break
        if len(played) == max_plies:
            break
        move = rng.choice(sorted(moves))
        plies[-1].played = move
        played.append(move)
    # Check at every ply from the SAN of the game (`+`/`#` is Fairy-Stockfish's
    # gives_check on each move), one call instead of one per ply. SAN asked for by
    # name: Fairy-Stockfish's default for the shogi family is shogi notation, which
    # marks no check and writes a promotion as `+`.
    if played:
        sans = sf.get_san_moves(variant, start, played, chess960, sf.NOTATION_SAN)
        for ply, san in zip(plies[1:], sans):
            ply.check = san.endswith(('+', '#'))
    return Game(variant, start, plies, result)


def games_for(job):
    """Worker: (variant, config, seeds, max_plies) -> its games (for a process pool)."""
    variant, config, seeds, max_plies = job
    return [play_random_game(variant, seed, max_plies, config) for seed in seeds]


def pyffish_perft(variant, fen, depth, chess960=False):
    """Perft by move-list recursion through pyffish (slow: one call per inner node)."""
    import pyffish as sf

    def count(moves, d):
        legal = sf.legal_moves(variant, fen, moves, chess960)
        if d == 1:
            return len(legal)
        return sum(count(moves + [m], d - 1) for m in legal)

    return 1 if depth == 0 else count([], depth)


# --- the UCI binary ------------------------------------------------------------------

def fairy_stockfish_binary():
    """$FAIRY_STOCKFISH, else target/fairy-stockfish/fairy-stockfish, else None."""
    path = os.environ.get('FAIRY_STOCKFISH') or str(
        REPO / 'target' / 'fairy-stockfish' / 'fairy-stockfish')
    return path if Path(path).is_file() and os.access(path, os.X_OK) else None


class FairyStockfishUci:
    """One Fairy-Stockfish process answering `go perft` for many positions."""

    def __init__(self, binary, variants_ini=None):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        if variants_ini:
            self.send(f'setoption name VariantPath value {variants_ini}')
        self.variant = None

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def perft(self, variant, fen, depth):
        if variant != self.variant:
            self.send(f'setoption name UCI_Variant value {variant}')
            self.variant = variant
        self.send(f'position fen {fen}')
        self.send(f'go perft {depth}')
        for line in self.proc.stdout:
            if line.startswith('Nodes searched:'):
                return int(line.split(':')[1])
        raise RuntimeError('fairy-stockfish ended without a perft count')

    def close(self):
        self.send('quit')
        self.proc.wait(timeout=10)
