"""kibitz.pyffish against pyffish 0.0.90: the same calls through both modules.

pyffish is the oracle: seeded random games (fixed seeds) over every variant of
fairy_oracle.FSF_BUILTINS and over loaded user variants, some of them biased to
repeat positions, are played by pyffish; at every ply both modules answer the same
questions (legal moves, FEN, check, SAN, captures, game ends, claims). Bad input
(unknown variant, bad FEN, illegal move, wrong argument types) gets the same
exception types and messages, or the documented refusal (docs/PYTHON.md).

Differences that are documented, and tested as such here: legal_moves lists the
same moves in kibitz's order; a question kibitz does not judge raises
NotImplementedError naming it (xiangqi's chasing rule, makruk's counting,
validate_fen, notations other than SAN, sfen, chess960).
"""

import random
import subprocess
import sys

import pytest

pyffish = pytest.importorskip('pyffish')
import fairy_oracle as fo  # noqa: E402
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


def random_game(variant, seed, max_plies=MAX_PLIES, repeat=0.0):
    """A seeded random game by pyffish; with `repeat`, that share of the plies plays
    back the move of two plies before when it is legal (positions then repeat)."""
    rng = random.Random(seed)
    start = pyffish.start_fen(variant)
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


def compare_game(variant, start, played, every_move_at=(0, 17)):
    """Every ply of the game: the questions asked of both modules."""
    if variant in fo.SHOGI_FAMILY:
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
        # Only the repetition rules of xiangqi and of the shogi and janggi families
        # are ever refused.
        assert (not refused or variant == 'xiangqi' or variant in fo.SHOGI_FAMILY
                or variant in fo.HISTORY_ENDS), (variant, refused)


@pytest.mark.parametrize('variant', fo.FSF_BUILTINS)
def test_repetition_games(variant):
    start, played = random_game(variant, 77, max_plies=30, repeat=0.8)
    compare_game(variant, start, played, every_move_at=())


def with_clock(fen, halfmove):
    fields = fen.split(' ')
    fields[-2] = str(halfmove)
    return ' '.join(fields)


@pytest.mark.parametrize('variant', [v for v in fo.FSF_BUILTINS if v != 'makruk'])
def test_n_move_rule(variant):
    start, played = random_game(variant, 5, max_plies=12)
    fen = pyffish.get_fen(variant, start, played)
    for clock in (97, 98, 99, 100, 101):
        moved = with_clock(fen, clock)
        legal = pyffish.legal_moves(variant, moved, [])
        same('is_optional_game_end', variant, moved, [])
        for m in sorted(legal)[:3]:
            same('is_optional_game_end', variant, moved, [m])


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
        compare_game(v.name, start, played, every_move_at=(0, 11))


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
            (ksf.legal_moves, ('chess', start, [], True), 'chess960'),
            (ksf.validate_fen, (start, 'chess'), 'validate_fen')]:
        err = raised(call, *args)
        assert type(err) is NotImplementedError and word in str(err), (call, err)
