"""kibitz.pyffish against pyffish 0.0.90: the same calls through both modules.

pyffish is the oracle: seeded random games (fixed seeds) over every variant of
fairy_oracle.FSF_BUILTINS and over loaded user variants, some of them biased to
repeat positions, are played by pyffish; at every ply both modules answer the same
questions (legal moves, FEN, check, SAN, captures, game ends, claims). Bad input
(unknown variant, bad FEN, illegal move, wrong argument types) gets the same
exception types and messages, or the documented refusal (docs/PYTHON.md).

Differences that are documented, and tested as such here: legal_moves lists the
same moves in kibitz's order; a question kibitz does not judge raises
NotImplementedError naming it (xiangqi's chasing rule, a count started from outside,
notations other than SAN, sfen); validate_fen is not compared where pyffish reads
outside its buffers (fen_mutations.pyffish_undefined names those FENs).
"""

import random
import subprocess
import sys

import pytest

pyffish = pytest.importorskip('pyffish')
import fairy_oracle as fo  # noqa: E402
import fen_mutations  # noqa: E402
import kibitz.pyffish as ksf  # noqa: E402

GAMES_PER_VARIANT = 1
MAX_PLIES = 50


def same(call, *args):
    """Both modules' answer to one call, asserted equal (NotImplementedError aside)."""
    want = getattr(pyffish, call)(*args)
    try:
        got = getattr(ksf, call)(*args)
    except NotImplementedError:
        return want, None
    if call in ('is_immediate_game_end', 'is_optional_game_end') and not want[0]:
        # pyffish leaves the value uninitialised when the game goes on (32766, 22025, ...):
        # kibitz gives (False, 0).
        assert got == (False, 0), (call, args)
        return want, got
    assert got == want, (call, args)
    return want, got


def random_game(variant, seed, max_plies=MAX_PLIES, repeat=0.0, start=None):
    """A seeded random game by pyffish (from `start`, else the variant's start
    position); with `repeat`, that share of the plies plays back the move of two
    plies before when it is legal (positions then repeat)."""
    rng = random.Random(seed)
    start = start or pyffish.start_fen(variant)
    played = []
    while len(played) < max_plies:
        moves = pyffish.legal_moves(variant, start, played)
        if not moves:
            break
        back = None
        if len(played) >= 2 and rng.random() < repeat:
            m = played[-2]
            back = m[2:4] + m[:2] if len(m) == 4 and m[1].isdigit() and m[3].isdigit() else None
        played.append(back if back in moves else rng.choice(sorted(moves)))
    return start, played


def compare_game(variant, start, played, every_move_at=(0, 17), promoted_types=False):
    """Every ply of the game: the questions asked of both modules (`promoted_types`: a
    loaded section with shogi-style promotions, whose SAN kibitz refuses as the shogi
    family's)."""
    if variant in fo.SHOGI_FAMILY or promoted_types:
        # Fairy-Stockfish's shogi notation and its SAN of promoted pieces are not
        # kibitz's: refused, naming why (docs/PYTHON.md).
        with pytest.raises(NotImplementedError, match='shogi'):
            ksf.get_san_moves(variant, start, played)
    else:
        kgot = ksf.get_san_moves(variant, start, played)
        assert kgot == pyffish.get_san_moves(variant, start, played), variant
    refused = set()
    for n in range(len(played) + 1):
        moves = played[:n]
        legal = pyffish.legal_moves(variant, start, moves)
        assert sorted(ksf.legal_moves(variant, start, moves)) == sorted(legal), (variant, n)
        same('get_fen', variant, start, moves)
        same('gives_check', variant, start, moves)
        same('is_immediate_game_end', variant, start, moves)
        same('piece_to_partner', variant, start, moves)
        same('has_insufficient_material', variant, start, moves)
        same('get_fog_fen', pyffish.get_fen(variant, start, moves), variant)
        _, got = same('is_optional_game_end', variant, start, moves)
        if got is None:
            refused.add('is_optional_game_end')
        if not legal:
            want, got = same('game_result', variant, start, moves)
            assert got is not None, (variant, n, 'game_result refused at the end')
        if n in every_move_at:
            fen = pyffish.get_fen(variant, start, moves)
            for m in legal:
                same('is_capture', variant, start, moves, m)
                same('get_san', variant, fen, m)
    return refused


@pytest.mark.parametrize('variant', fo.FSF_BUILTINS)
def test_random_games(variant):
    for seed in range(GAMES_PER_VARIANT):
        start, played = random_game(variant, 1000 + seed)
        refused = compare_game(variant, start, played)
        # Only xiangqi's chasing rule and janggi's repetition rules are ever refused.
        assert (not refused or variant == 'xiangqi' or variant in fo.HISTORY_ENDS), \
            (variant, refused)


@pytest.mark.parametrize('variant', fo.FSF_BUILTINS)
def test_repetition_games(variant):
    start, played = random_game(variant, 77, max_plies=30, repeat=0.8)
    compare_game(variant, start, played, every_move_at=())


# Positions that repeat by a cycle of four plies, with and without one side
# checking on every move: shogi's fourfold repetition (a draw; perpetual check
# loses), minishogi's (White loses, whoever is to move), torishogi's (the side to
# move wins), xiangqi's perpetual check.
REPETITIONS = [
    ('shogi', 'k8/9/9/9/9/9/9/9/1R6K[-] w 0 1', ['b1a1', 'a9b9', 'a1b1', 'b9a9']),
    ('shogi', 'k8/9/9/9/9/9/9/9/1R6K[-] w 0 1', ['i1h1', 'a9a8', 'h1i1', 'a8a9']),
    ('minishogi', 'k4/5/5/5/1R2K[-] w 0 1', ['e1d1', 'a5a4', 'd1e1', 'a4a5']),
    ('minishogi', 'k4/5/5/5/1R2K[-] b 0 1', ['a5a4', 'e1d1', 'a4a5', 'd1e1']),
    ('torishogi', 'k6/7/7/7/7/7/6K[-] w 0 1', ['g1f1', 'a7b7', 'f1g1', 'b7a7']),
    ('xiangqi', '3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1', ['d10e10', 'd1e1', 'e10d10', 'e1d1']),
    # The same rules as keys of a section (fairy_oracle.DIALECT_SECTIONS).
    ('dlsennichite', 'k7/pp6/8/8/8/8/6PP/1R5K w - - 0 1', ['h1g1', 'a8b8', 'g1h1', 'b8a8']),
    ('dlsennichite', 'k7/pp6/8/8/8/8/6PP/1R5K b - - 0 1', ['a8b8', 'h1g1', 'b8a8', 'g1h1']),
    ('dlsennichite', 'k7/2p5/8/8/8/8/6PP/1R5K w - - 0 1', ['b1a1', 'a8b8', 'a1b1', 'b8a8']),
]


@pytest.mark.parametrize('variant,fen,cycle', REPETITIONS)
def test_repetition_rules(variant, fen, cycle, user_variants):
    moves = cycle * 3
    ended = None
    for n in range(len(moves) + 1):
        want, got = same('is_optional_game_end', variant, fen, moves[:n])
        assert got is not None, (variant, n, 'refused')
        if want[0]:
            ended = n
            break
    assert ended is not None, (variant, cycle)


def with_clock(fen, halfmove):
    fields = fen.split(' ')
    fields[-2] = str(halfmove)
    return ' '.join(fields)


# Where the halfmove field is the plies counted once a count runs (variant/counting.rs).
COUNTING_VARIANTS = ['makruk', 'makpong', 'cambodian', 'karouk', 'asean', 'ai-wok', 'sittuyin']


@pytest.mark.parametrize('variant', [v for v in fo.FSF_BUILTINS if v not in COUNTING_VARIANTS])
def test_n_move_rule(variant):
    start, played = random_game(variant, 5, max_plies=12)
    fen = pyffish.get_fen(variant, start, played)
    for clock in (97, 98, 99, 100, 101):
        moved = with_clock(fen, clock)
        legal = pyffish.legal_moves(variant, moved, [])
        same('is_optional_game_end', variant, moved, [])
        for m in sorted(legal)[:3]:
            same('is_optional_game_end', variant, moved, [m])


def random_ending(variant, rng):
    """A seeded pawnless ending of the variant: each king with up to two (the weaker
    side) or three of its pieces, White to move, Black not in check; pyffish says
    the FEN is valid. Sometimes with a count already running near its limit (the
    limit in the en-passant field, the plies counted in the halfmove field)."""
    board = pyffish.start_fen(variant).split(' ')[0]
    letters = sorted({c.lower() for c in board if c.isalpha()} - {'k', 'p'})
    while True:
        squares = rng.sample(range(64), 7)
        cells = {squares[0]: 'K', squares[1]: 'k'}
        strong, weak = rng.choice([(1, 0), (2, 0), (1, 1), (2, 1), (3, 2)])
        pieces = ([rng.choice(letters).upper() for _ in range(strong)]
                  + [rng.choice(letters) for _ in range(weak)])
        if rng.random() < 0.5:
            pieces = [p.swapcase() for p in pieces]
        for sq, piece in zip(squares[2:], pieces):
            cells[sq] = piece
        rows = []
        for rank in range(7, -1, -1):
            row, empty = '', 0
            for file in range(8):
                piece = cells.get(8 * rank + file)
                if piece is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else '') + piece
                empty = 0
            rows.append(row + (str(empty) if empty else ''))
        placement = '/'.join(rows) + ('[]' if '[' in board else '')
        counters = '- 0 30'
        if rng.random() < 0.4:
            limit = rng.choice([16, 32, 44, 88, 126, 128])
            counters = f'{limit} {limit - rng.randrange(1, 12)} 30'
        fen = f'{placement} w - {counters}'
        if (pyffish.validate_fen(fen, variant) == pyffish.FEN_OK
                and not pyffish.gives_check(variant, fen.replace(' w ', ' b '), [])):
            return fen


@pytest.mark.parametrize('variant', COUNTING_VARIANTS)
def test_counting_rule_endings(variant):
    """The counting rules where they end games: seeded random games from seeded
    pawnless endings (counts starting, restarting on a capture, running out),
    compared ply by ply with pyffish (is_optional_game_end, FENs with the count,
    game_result at the end). Each variant reaches a count run out."""
    rng = random.Random(9000 + len(variant))
    claims = 0
    # Six games, and more (up to 24) until one reaches a claim: in karouk the
    # first check ends most games before a count runs out.
    for seed in range(24):
        if seed >= 6 and claims:
            break
        start = random_ending(variant, rng)
        start, played = random_game(variant, seed, max_plies=70, start=start)
        assert not compare_game(variant, start, played, every_move_at=()), (variant, start)
        claims += sum(pyffish.is_optional_game_end(variant, start, played[:n])[0]
                      for n in range(len(played) + 1))
    assert claims > 0, f'{variant}: no count ran out'


@pytest.fixture(scope='module')
def user_variants():
    variants = fo.user_variants(count=6, seed=41) + fo.dialect_variants()
    for v in variants:
        ksf.load_variant_config(v.section)
    return variants


def test_user_variants(user_variants):
    names = ksf.variants()
    for i, v in enumerate(user_variants):
        assert v.name in names
        same('start_fen', v.name)
        same('captures_to_hand', v.name)
        start, played = random_game(v.name, 300 + i, max_plies=40)
        compare_game(v.name, start, played, every_move_at=(0, 11),
                     promoted_types='promotedPieceType' in v.section)


@pytest.fixture(scope='module')
def fsf_own():
    """Fairy-Stockfish's own variants.ini text, or a skip saying where it is read."""
    text = fo.fsf_own_ini()
    if text is None:
        pytest.skip("Fairy-Stockfish's own variants.ini is absent (set "
                    'KIBITZ_FSF_VARIANTS_INI to its src/variants.ini)')
    return text


@pytest.mark.parametrize('variant', fo.FSF_OWN_SECTIONS)
def test_fairy_stockfish_own_sections(variant, fsf_own):
    """The sections of Fairy-Stockfish's own variants.ini (with their parents), as
    text loaded into both modules: seeded games compared ply by ply."""
    section = fo.fsf_own_sections(fsf_own, variant)
    fo.load_config(section)
    ksf.load_variant_config(section)
    same('start_fen', variant)
    for seed in range(3):
        start, played = random_game(variant, 500 + seed, max_plies=80)
        compare_game(variant, start, played, every_move_at=(0, 9),
                     promoted_types='promotedPieceType' in section)


# Castle chess (`castlingWins = q`: Black's queenside castling): castling there,
# losing the right, and the position after castling read from a FEN. Only the
# questions: pyffish answers them.
CASTLE_ENDS = [
    ('r3k3/8/8/8/8/8/8/4K3 b q - 0 1', ['e8c8']),
    ('r3k3/8/8/8/8/8/8/4K3 b q - 0 1', ['e8d8']),
    ('r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1', ['a1a8']),
    ('2kr4/8/8/8/8/8/8/4K3 w - - 0 1', []),
    ('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', ['e1c1', 'e8g8']),
]


@pytest.mark.parametrize('start,played', CASTLE_ENDS)
def test_castling_wins(start, played, fsf_own):
    section = fo.fsf_own_sections(fsf_own, 'castle')
    fo.load_config(section)
    ksf.load_variant_config(section)
    compare_game('castle', start, played)


def most_types_section(name, promoted):
    """A 12 × 10 section with every letter a piece: chess's six and 20 custom pieces
    (leapers, riders, a hopper), and `promoted` of them promoting shogi-style. Every
    letter of a FEN is taken, so this is the most piece types Fairy-Stockfish can
    play; kibitz gives each promoted piece a type of its own (`+A`), 26 + 6 = 32,
    its limit (`MAX_TYPES`)."""
    letters = 'acdefghijlmostuvwxyz'
    betzas = ['W', 'F', 'D', 'A', 'H', 'C', 'Z', 'G', 'WA', 'FD', 'NN', 'ND', 'NA', 'WD', 'FA',
              'NH', 'BN', 'RN', 'fRbW', 'mRcpR']
    lines = [f'[{name}:chess]', 'maxRank = 10', 'maxFile = l', 'castling = false']
    lines += [f'customPiece{i + 1} = {l}:{b}' for i, (l, b) in enumerate(zip(letters, betzas))]
    pairs = list(zip('ijlmost', 'acdefhg'))[:promoted]
    if pairs:
        lines.append('promotedPieceType = ' + ' '.join(f'{a}:{b}' for a, b in pairs))
        lines += ['promotionRegionWhite = *8 *9 *10', 'promotionRegionBlack = *1 *2 *3']
    lines.append('startFen = rnbqkacdefgh/pppppppppppp/ijlmostuvwxy/12/12/12/12/IJLMOSTUVWXY/'
                 'PPPPPPPPPPPP/RNBQKACDEFGH w - - 0 1')
    return '\n'.join(lines) + '\n'


def test_the_most_piece_types():
    """26 lettered piece types, 6 of them promoting (32 types in kibitz): both modules
    load the section, and seeded games agree at every ply. One promotion more is 33
    types: kibitz refuses the section, naming its limit, and keeps what it had."""
    section = most_types_section('mosttypes', promoted=6)
    fo.load_config(section)
    ksf.load_variant_config(section)
    assert 'mosttypes' in ksf.variants()
    same('start_fen', 'mosttypes')
    promotions = 0
    for seed in range(2):
        start, played = random_game('mosttypes', 4100 + seed, max_plies=60)
        compare_game('mosttypes', start, played, every_move_at=(0, 30), promoted_types=True)
        promotions += sum(m.endswith('+') for m in played)
    assert promotions > 0, 'no game promoted a piece: the promoted types went untested'
    with pytest.raises(ValueError, match='33 piece types with the promoted ones; at most 32'):
        ksf.load_variant_config(most_types_section('toomanytypes', promoted=7))
    assert 'toomanytypes' not in ksf.variants() and 'mosttypes' in ksf.variants()


def test_constants_and_metadata():
    for name in ['VALUE_MATE', 'VALUE_DRAW', 'FEN_OK', 'FEN_INVALID_PROMOTED_PIECE'] + [
            n for n in dir(pyffish) if n.startswith('NOTATION_')]:
        assert getattr(ksf, name) == getattr(pyffish, name), name
    assert ksf.version() == pyffish.version()
    assert issubclass(ksf.error, Exception)
    public = {n for n in dir(pyffish) if not n.startswith('_')}
    assert public <= set(dir(ksf))
    for v in fo.FSF_BUILTINS:
        assert v in ksf.variants() and v in pyffish.variants()
        same('start_fen', v)
        same('two_boards', v)
        same('captures_to_hand', v)
    assert ksf.variants() == sorted(ksf.variants())


def test_startpos_keyword():
    same('get_fen', 'chess', 'startpos', ['e2e4'])
    assert sorted(ksf.legal_moves('capablanca', 'startpos', [])) == sorted(
        pyffish.legal_moves('capablanca', 'startpos', []))


# --- chess960=True ----------------------------------------------------------------------

CHESS960_VARIANTS = ['chess', 'capablanca', 'crazyhouse', 'janus', '3check', 'embassy']


def chess960_start(variant, rng):
    """The variant's start position with its back rank shuffled as Chess960 shuffles
    it (the king between the rooks, the bishops on squares of both colours), Black's
    mirroring White's, castling rights KQkq (X-FEN: the outermost rooks)."""
    fields = pyffish.start_fen(variant).split(' ')
    board = fields[0]
    pocket = board[board.index('['):] if '[' in board else ''
    rows = board.split('[')[0].split('/')
    back = list(rows[-1])
    while True:
        rng.shuffle(back)
        king, rooks = back.index('K'), [i for i, c in enumerate(back) if c == 'R']
        bishops = {i % 2 for i, c in enumerate(back) if c == 'B'}
        if rooks[0] < king < rooks[-1] and len(bishops) == 2:
            break
    rows[-1], rows[0] = ''.join(back), ''.join(back).lower()
    fields[0] = '/'.join(rows) + pocket
    fields[2] = 'KQkq'
    return ' '.join(fields)


def king_square(fen, white):
    """The square of the side's king in a FEN (X-FEN board, ranks from the top)."""
    board = fen.split(' ')[0].split('[')[0]
    rows = board.split('/')
    grid, _ = fen_mutations.split_board(board, len(rows))
    for r, row in enumerate(grid):
        for f, cell in enumerate(row):
            if cell == ('K' if white else 'k'):
                return 'abcdefghijklmnop'[f] + str(len(rows) - r)
    return None


def chess960_game(variant, seed, max_plies=60):
    """A seeded random game by pyffish with chess960=True from a shuffled start,
    castling whenever it may (half the time), so castling rights and moves are played."""
    rng = random.Random(seed)
    start = chess960_start(variant, rng)
    assert pyffish.validate_fen(start, variant, True) == pyffish.FEN_OK, start
    played = []
    while len(played) < max_plies:
        moves = sorted(pyffish.legal_moves(variant, start, played, True))
        if not moves:
            break
        fen = pyffish.get_fen(variant, start, played, True)
        home = king_square(fen, fen.split(' ')[1] == 'w')
        castles = [m for m in moves if home and m.startswith(home)
                   and pyffish.get_san(variant, fen, m, True).startswith('O-O')]
        played.append(rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(moves))
    return start, played


@pytest.mark.parametrize('variant', CHESS960_VARIANTS)
def test_chess960_games(variant):
    """Every function that takes chess960, ply by ply, in a game from a shuffled start."""
    # The first seed from 960 whose game (played by pyffish) castles.
    for seed in range(960, 980):
        start, played = chess960_game(variant, seed)
        if any(s.startswith('O-O') for s in pyffish.get_san_moves(variant, start, played, True)):
            break
    assert ksf.get_san_moves(variant, start, played, True) == pyffish.get_san_moves(
        variant, start, played, True)
    castled = 0
    for n in range(len(played) + 1):
        moves = played[:n]
        legal = pyffish.legal_moves(variant, start, moves, True)
        assert sorted(ksf.legal_moves(variant, start, moves, True)) == sorted(legal), (variant, n)
        fen, _ = same('get_fen', variant, start, moves, True)
        assert ksf.validate_fen(fen, variant, True) == pyffish.validate_fen(fen, variant, True)
        same('gives_check', variant, start, moves, True)
        same('is_immediate_game_end', variant, start, moves, True)
        same('is_optional_game_end', variant, start, moves, True)
        same('has_insufficient_material', variant, start, moves, True)
        same('piece_to_partner', variant, start, moves, True)
        same('get_fog_fen', fen, variant, True)
        if not legal:
            _, got = same('game_result', variant, start, moves, True)
            assert got is not None, (variant, n, 'game_result refused at the end')
        if n < len(played):
            m = played[n]
            same('is_capture', variant, start, moves, m, True)
            san, _ = same('get_san', variant, fen, m, True)
            castled += san.startswith('O-O')
    assert castled >= 1, (variant, 'no castling played')


def test_chess960_refused_where_not_played():
    """Seirawan's gates and a non-royal castling king (atomic) are not castled as
    Chess960 by kibitz: NotImplementedError naming why (docs/PYTHON.md)."""
    for variant, word in [('seirawan', 'Seirawan'), ('atomic', 'castling king')]:
        err = raised(ksf.legal_moves, variant, pyffish.start_fen(variant), [], True)
        assert type(err) is NotImplementedError and word in str(err), (variant, err)
    # chess960=False leaves a variant that is Chess960 itself as it is.
    start, played = chess960_game('chess', 7, max_plies=20)
    fen = pyffish.get_fen('fischerandom', start, played)
    assert ksf.get_fen('fischerandom', start, played) == fen


# --- validate_fen ----------------------------------------------------------------------

def castles(variant):
    """Does pyffish check castling rights in this variant? A digit in the castling
    field is FEN_INVALID_CASTLING_INFO (-5) only where it does."""
    board = pyffish.start_fen(variant).split(' ')[0]
    return pyffish.validate_fen(f'{board} w 1 - 0 1', variant) == -5


@pytest.mark.parametrize('variant', fo.FSF_BUILTINS)
def test_validate_fen(variant):
    """FENs of a seeded game (its start and ply 20) and systematic mutations of each:
    validate_fen's code equals pyffish's, with chess960 off and on."""
    start, played = random_game(variant, 4100, max_plies=20)
    fens = [start, pyffish.get_fen(variant, start, played)]
    board = start.split(' ')[0]
    ranks = board.split('[')[0].count('/') + 1
    grid, _ = fen_mutations.split_board(board, ranks)
    files = len(grid[0])
    letters = sorted({c[-1].lower() for row in grid for c in row if c[-1:].isalpha()} | {'p'})
    king = 'k' if 'k' in letters else letters[-1]
    castling = castles(variant)
    compared, undefined = 0, {}
    for fen in fens:
        for name, mutant in fen_mutations.mutations(fen, letters, files, ranks, king):
            why = fen_mutations.pyffish_undefined(mutant, start, files, ranks,
                                                  variant in fo.SHOGI_STYLE_PROMOTIONS, castling)
            for chess960 in (False, True):
                got = ksf.validate_fen(mutant, variant, chess960)
                if why:
                    # pyffish reads outside its buffers here: no answer to compare.
                    undefined[why] = undefined.get(why, 0) + 1
                    assert isinstance(got, int) and got <= ksf.FEN_OK, (mutant, got)
                    continue
                want = pyffish.validate_fen(mutant, variant, chess960)
                assert got == want, (variant, name, mutant, chess960)
                compared += 1
    assert compared > 500, compared
    # The corners of docs/PYTHON.md, by name; no other FEN goes uncompared.
    assert set(undefined) <= {'empty board field in a shogi-style variant',
                              'a castling right of a side without both at the start',
                              'a gating right past the last file',
                              'a piece past the last file'}, undefined


def test_validate_fen_codes_seen():
    """The mutations reach every code pyffish gives (bar FEN_INVALID_COUNTING_RULE's
    neighbours that need a variant of their own): the test is not all FEN_OK."""
    seen = set()
    for variant in ('chess', 'crazyhouse', '3check', 'shogi', 'makruk', 'seirawan'):
        start = pyffish.start_fen(variant)
        board = start.split(' ')[0]
        ranks = board.split('[')[0].count('/') + 1
        grid, _ = fen_mutations.split_board(board, ranks)
        letters = sorted({c[-1].lower() for row in grid for c in row if c[-1:].isalpha()})
        for _, mutant in fen_mutations.mutations(start, letters, len(grid[0]), ranks):
            if not fen_mutations.pyffish_undefined(mutant, start, len(grid[0]), ranks,
                                                   variant in fo.SHOGI_FAMILY, castles(variant)):
                seen.add(pyffish.validate_fen(mutant, variant))
    assert seen == set(range(-14, 2)), sorted(set(range(-14, 2)) - seen)


# --- bad input -------------------------------------------------------------------------

def raised(call, *args):
    try:
        call(*args)
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return e
    raise AssertionError(f'{call.__name__}{args} did not raise')


@pytest.mark.parametrize('call,extra', [
    ('legal_moves', ()), ('get_fen', ()), ('gives_check', ()), ('game_result', ()),
    ('is_immediate_game_end', ()), ('is_optional_game_end', ()), ('piece_to_partner', ()),
    ('is_capture', ('e7e5',))])
def test_illegal_move_in_a_list(call, extra):
    start = pyffish.start_fen('chess')
    args = ('chess', start, ['e2e4', 'e2e5']) + extra
    want, got = raised(getattr(pyffish, call), *args), raised(getattr(ksf, call), *args)
    assert type(got) is type(want) is SystemError
    assert str(got).replace('kibitz.pyffish.', '') == str(want)
    assert type(got.__cause__) is type(want.__cause__) is ValueError
    assert str(got.__cause__) == str(want.__cause__) == "Invalid move 'e2e5'"


def test_illegal_move_in_san_moves():
    start = pyffish.start_fen('crazyhouse')
    args = ('crazyhouse', start, ['e2e4', 'P@e4'])
    want, got = raised(pyffish.get_san_moves, *args), raised(ksf.get_san_moves, *args)
    assert type(got) is type(want) is ValueError and str(got) == str(want)


def test_illegal_single_move_is_refused():
    # pyffish answers for another move (get_san gives 'Ra1', is_capture False); kibitz refuses.
    start = pyffish.start_fen('chess')
    assert pyffish.get_san('chess', start, 'e2e5') == 'Ra1'
    for call, args in [(ksf.get_san, ('chess', start, 'e2e5')),
                       (ksf.is_capture, ('chess', start, [], 'e2e5'))]:
        err = raised(call, *args)
        assert type(err) is ValueError and str(err) == "Invalid move 'e2e5'"


def test_bad_fen_is_refused():
    # pyffish does not check a FEN (validate_fen says it is bad) and answers from garbage.
    for variant, fen in [('chess', 'garbage'), ('chess', '8/8/8 w - - 0 1'),
                         ('capablanca', pyffish.start_fen('chess')),
                         ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1')]:
        assert pyffish.validate_fen(fen, variant) != pyffish.FEN_OK
        for call in (ksf.legal_moves, ksf.get_fen, ksf.gives_check):
            err = raised(call, variant, fen, [])
            assert type(err) is ValueError and 'fen' in str(err).lower(), (fen, err)


def test_unknown_variant():
    # pyffish crashes the interpreter (a segmentation fault) on an unknown variant.
    crash = subprocess.run([sys.executable, '-c',
                            "import pyffish; pyffish.start_fen('nosuchvariant')"],
                           capture_output=True, timeout=60)
    assert crash.returncode != 0
    for call, args in [(ksf.start_fen, ('nosuchvariant',)),
                       (ksf.legal_moves, ('nosuchvariant', 'startpos', [])),
                       (ksf.two_boards, ('nosuchvariant',))]:
        err = raised(call, *args)
        assert type(err) is ValueError and 'nosuchvariant' in str(err)


@pytest.mark.parametrize('call,args', [
    ('legal_moves', ('chess', 'startpos', ('e2e4',))),
    ('legal_moves', (1, 'startpos', [])),
    ('get_fen', ('chess', None, [])),
    ('start_fen', (1,)),
    ('get_san', ('chess', 'startpos', 3)),
    ('validate_fen', (3, 'chess')),
])
def test_argument_types(call, args):
    want, got = raised(getattr(pyffish, call), *args), raised(getattr(ksf, call), *args)
    assert type(got) is type(want) is TypeError
    assert str(got) == str(want)


def test_keywords_are_refused():
    for module in (pyffish, ksf):
        err = raised(lambda: module.legal_moves(variant='chess', fen='startpos', moves=[]))
        assert type(err) is TypeError


def test_set_option():
    want, got = raised(pyffish.set_option, 'NoSuchOption', 1), raised(ksf.set_option, 'NoSuchOption', 1)
    assert type(got) is type(want) is ValueError and str(got) == str(want)
    assert ksf.set_option('Threads', 1) is None


def test_refusals_name_what_is_missing():
    start = pyffish.start_fen('chess')
    for call, args, word in [
            (ksf.get_san, ('chess', start, 'g1f3', False, ksf.NOTATION_LAN), 'NOTATION_LAN'),
            (ksf.get_fen, ('chess', start, [], False, True), 'SFEN'),
            (ksf.legal_moves, ('seirawan', pyffish.start_fen('seirawan'), [], True),
             'Seirawan gating')]:
        err = raised(call, *args)
        assert type(err) is NotImplementedError and word in str(err), (call, err)
