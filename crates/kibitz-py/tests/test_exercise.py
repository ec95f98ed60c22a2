"""The seed's seven functions: signatures, every error path, collection types, and
agreement with the straightforward pure-Python reference (reference.py)."""

import doctest
import itertools
import random
from pathlib import Path

import pytest

import kibitz
from kibitz import coordinates2fide, fide2coordinates, group_size, mobility, move, moves, strength

import reference

KNIGHT = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}
BISHOP = {(1, 1), (1, -1), (-1, 1), (-1, -1)}
ROOK = {(0, 1), (0, -1), (1, 0), (-1, 0)}
ALL_SQUARES = [f + r for f in 'abcdefgh' for r in '12345678']


def test_seed_examples_doctest():
    """The seed's session (tests/seed_examples.txt), as test.sh also runs it."""
    path = Path(__file__).with_name('seed_examples.txt')
    result = doctest.testfile(str(path), module_relative=False, encoding='utf-8')
    assert result.failed == 0 and result.attempted >= 25


def test_docstring_examples():
    """The examples in every docstring of the module, its classes and their methods
    (what help(kibitz.moves) or help(kibitz.Position) shows)."""
    objects = []
    for name in dir(kibitz):
        obj = getattr(kibitz, name)
        if name.startswith('_') or not getattr(obj, '__doc__', None):
            continue
        objects.append((name, obj))
        if isinstance(obj, type):
            objects += [(f'{name}.{m}', getattr(obj, m)) for m in vars(obj) if not m.startswith('_')]
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    examples = 0
    for name, obj in objects:
        doc = getattr(obj, '__doc__', None) or ''
        test = parser.get_doctest(doc, dict(vars(kibitz)), name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert examples >= 15


def test_importable_as_the_seed_says():
    from kibitz import coordinates2fide, fide2coordinates, group_size, mobility, move, moves, strength  # noqa: F401


def assert_invalid(call, *args, **kwargs):
    with pytest.raises(AssertionError) as info:
        call(*args, **kwargs)
    assert type(info.value) is AssertionError
    assert info.value.args == ('invalid position',)


# --- fide2coordinates ---------------------------------------------------------------

def test_fide2coordinates_every_square():
    for square in ALL_SQUARES:
        assert fide2coordinates(square) == reference.fide2coordinates(square)
        assert type(fide2coordinates(square)) is tuple
    assert fide2coordinates('a8') == (0, 0)
    assert fide2coordinates('h1') == (7, 7)


class StrSubclass(str):
    pass


def test_fide2coordinates_str_subclass_is_a_str():
    assert fide2coordinates(StrSubclass('d4')) == (4, 3)


@pytest.mark.parametrize('square', [
    'x9', 'a0', 'A1', 'D4', 'i1', 'a9', 'd10', 'd', '', ' d4', 'd4 ', 'd4\n', '4d', 'dd',
    'd-4', 'd04', '\ud800', 'ｄ４', 'd٤',
])
def test_fide2coordinates_invalid_strings(square):
    assert_invalid(fide2coordinates, square)


@pytest.mark.parametrize('square', [
    None, 4, 4.0, 43, True, b'd4', bytearray(b'd4'), ['d4'], ('d', 4), (4, 3), {'d4'}, object(),
])
def test_fide2coordinates_not_a_str(square):
    assert_invalid(fide2coordinates, square)


def test_fide2coordinates_arity():
    with pytest.raises(TypeError):
        fide2coordinates()
    with pytest.raises(TypeError):
        fide2coordinates('d4', 'e4')


# --- coordinates2fide ---------------------------------------------------------------

def test_coordinates2fide_every_square():
    for r, k in itertools.product(range(8), repeat=2):
        assert coordinates2fide(r, k) == reference.coordinates2fide(r, k)
        assert fide2coordinates(coordinates2fide(r, k)) == (r, k)


@pytest.mark.parametrize('r, k', [
    (8, 7), (-1, 0), (0, -1), (0, 8), (8, 0), (-8, -8), (2**64, 0), (0, -2**100),
])
def test_coordinates2fide_off_the_board(r, k):
    assert_invalid(coordinates2fide, r, k)


@pytest.mark.parametrize('r, k', [
    (4.0, 3), (4, 3.0), (4.5, 3), (None, 3), (4, None), ('4', '3'), ('d', 4), ((4, 3), 0),
    (float('nan'), 0), (1j, 0),
])
def test_coordinates2fide_not_ints(r, k):
    assert_invalid(coordinates2fide, r, k)


@pytest.mark.parametrize('r, k', [(True, 0), (0, True), (False, False), (True, True)])
def test_coordinates2fide_rejects_bools(r, k):
    """Deliberate: True is an int in Python, but a truth value is not a row number.
    coordinates2fide(True, 0) is far more likely a bug than a request for 'a7'."""
    assert_invalid(coordinates2fide, r, k)


def test_coordinates2fide_accepts_int_subclasses_other_than_bool():
    class Row(int):
        pass
    assert coordinates2fide(Row(4), Row(3)) == 'd4'


# --- move -----------------------------------------------------------------------------

def test_move_seed_examples():
    assert move('d4', (1, 2)) == {'f3'}
    assert move('d4', (1, 1), repeated=True) == {'e3', 'f2', 'g1'}
    assert move('d4', (1, 1), True) == {'e3', 'f2', 'g1'}
    assert type(move('d4', (1, 2))) is set


def test_move_off_the_board_is_empty():
    assert move('h8', (-1, 1)) == set()
    assert move('a1', (1, 0), repeated=True) == set()


@pytest.mark.parametrize('square', ['x9', 'a0', 'A1', None, 4, 4.0, b'd4'])
def test_move_invalid_square(square):
    assert_invalid(move, square, (1, 2))
    assert_invalid(move, square, (1, 2), repeated=True)


def test_move_checks_the_square_before_the_direction():
    assert_invalid(move, 'x9', 'not a direction')


@pytest.mark.parametrize('direction', [
    (1,), (1, 2, 3), (), 'ab', '12', (1.0, 2), (1, None), (True, 1), None, 12, {1, 2},
])
def test_move_malformed_direction_is_a_type_error(direction):
    with pytest.raises(TypeError):
        move('d4', direction)


def test_move_direction_as_list():
    assert move('d4', [1, 2]) == {'f3'}


def test_move_zero_direction_names_no_square():
    assert move('d4', (0, 0)) == set()
    assert move('d4', (0, 0), repeated=True) == set()


def test_move_huge_steps_reach_nothing():
    for d in [(8, 0), (2**63 - 1, 0), (-2**63, 1), (2**100, 0), (0, -2**100)]:
        assert move('d4', d) == set()
        assert move('d4', d, repeated=True) == set()


def test_move_repeated_must_be_a_bool():
    with pytest.raises(TypeError):
        move('d4', (1, 1), 1)


def test_move_agrees_with_reference_everywhere():
    for square in ALL_SQUARES:
        for d in itertools.product(range(-8, 9), repeat=2):
            for repeated in (False, True):
                assert move(square, d, repeated) == reference.move(square, d, repeated)


# --- moves ----------------------------------------------------------------------------

@pytest.mark.parametrize('kind', [list, tuple, set, frozenset, sorted, iter, dict.fromkeys])
def test_moves_collections(kind):
    assert moves('d4', kind(KNIGHT)) == {'b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5'}
    assert moves('g1', repeated=kind(BISHOP)) == {'a7', 'b6', 'c5', 'd4', 'e3', 'f2', 'h2'}
    assert moves('d4', kind(KNIGHT), kind(BISHOP)) == moves('d4', KNIGHT) | moves('d4', repeated=BISHOP)


def test_moves_defaults_are_empty():
    assert moves('d4') == set()
    assert moves('d4', once=[], repeated=()) == set()
    assert type(moves('d4')) is set


def test_moves_keywords_and_positions():
    assert moves('d4', KNIGHT, BISHOP) == moves('d4', once=KNIGHT, repeated=BISHOP)
    assert moves(square='d4', repeated=ROOK) == moves('d4', (), ROOK)


@pytest.mark.parametrize('square', ['x9', 'a0', 'A1', '', None, 4.0, (4, 3)])
def test_moves_invalid_square(square):
    assert_invalid(moves, square, KNIGHT)
    assert_invalid(moves, square, repeated=BISHOP)
    assert_invalid(moves, square)


@pytest.mark.parametrize('bad', ['d4', 12, None.__class__, [(1, 2), (1,)], [(1, 'a')]])
def test_moves_bad_collections(bad):
    with pytest.raises(TypeError):
        moves('d4', bad)


def test_moves_agree_with_reference_for_named_pieces():
    pieces = [
        (KNIGHT, ()), ((), BISHOP), ((), ROOK), ((), BISHOP | ROOK), (BISHOP | ROOK, ()),
        (KNIGHT, BISHOP), (KNIGHT, ROOK), ({(1, 3), (3, 1), (-1, 3), (-3, 1)}, ()),
        ((), {(1, 2), (-2, -1)}), ({(2, 2)}, {(0, 2)}),
    ]
    for once, repeated in pieces:
        for square in ALL_SQUARES:
            assert moves(square, once, repeated) == reference.moves(square, once, repeated)


# --- group_size, strength, mobility ---------------------------------------------------

def test_seed_values():
    assert group_size(KNIGHT) == {2: 4, 3: 8, 4: 20, 6: 16, 8: 16}
    assert strength(KNIGHT) == 336
    assert mobility(KNIGHT) == '4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8'
    assert group_size(repeated=BISHOP) == {7: 28, 9: 20, 11: 12, 13: 4}
    assert strength(repeated=BISHOP) == 560
    assert mobility(repeated=BISHOP) == '28 × 7 + 20 × 9 + 12 × 11 + 4 × 13'


def test_empty_piece():
    assert group_size() == {0: 64}
    assert group_size([], []) == {0: 64}
    assert group_size(set(), frozenset()) == {0: 64}
    assert strength() == 0
    assert mobility() == '64 × 0'
    assert group_size([(0, 0)]) == {0: 64}


def test_types_and_key_order():
    groups = group_size(KNIGHT, BISHOP)
    assert type(groups) is dict
    assert list(groups) == sorted(groups)
    assert repr(group_size(KNIGHT)) == '{2: 4, 3: 8, 4: 20, 6: 16, 8: 16}'
    assert type(strength(KNIGHT)) is int
    assert type(mobility(KNIGHT)) is str
    assert '×' in mobility(KNIGHT) and 'x' not in mobility(KNIGHT)


@pytest.mark.parametrize('kind', [list, tuple, set, frozenset])
def test_collections_for_group_functions(kind):
    assert group_size(kind(KNIGHT)) == {2: 4, 3: 8, 4: 20, 6: 16, 8: 16}
    assert strength(repeated=kind(BISHOP)) == 560
    assert mobility(kind(KNIGHT), kind(BISHOP)) == reference.mobility(KNIGHT, BISHOP)


def test_duplicate_directions_count_once():
    assert group_size(list(KNIGHT) * 3) == group_size(KNIGHT)
    assert strength([(1, 1)], [(1, 1)]) == reference.strength([(1, 1)], [(1, 1)])


def random_piece(rng):
    def some(n):
        return {(rng.randint(-4, 4), rng.randint(-4, 4)) for _ in range(n)} - {(0, 0)}
    return some(rng.randint(0, 6)), some(rng.randint(0, 4))


def test_group_functions_agree_with_reference_on_random_pieces():
    rng = random.Random(20261129)
    for _ in range(300):
        once, repeated = random_piece(rng)
        assert group_size(once, repeated) == reference.group_size(once, repeated)
        assert list(group_size(once, repeated)) == list(reference.group_size(once, repeated))
        assert strength(once, repeated) == reference.strength(once, repeated)
        assert mobility(once, repeated) == reference.mobility(once, repeated)


def test_help_shows_docstrings():
    for f in (fide2coordinates, coordinates2fide, move, moves, group_size, strength, mobility):
        assert f.__doc__ and len(f.__doc__) > 40, f.__name__
    assert 'repeated=False' in str(kibitz.move.__text_signature__)
    assert kibitz.move.__name__ == 'move'


def outcome(call, *args):
    try:
        return ('ok', call(*args))
    except AssertionError as e:
        return ('AssertionError', str(e))


def test_square_names_agree_with_reference_on_all_short_strings():
    alphabet = 'abchijAH0189 -\u00e9'
    texts = [''] + list(alphabet) + [a + b for a in alphabet for b in alphabet]
    texts += [a + b + c for a in 'ah' for b in '18' for c in '09 ']
    for text in texts:
        assert outcome(fide2coordinates, text) == outcome(reference.fide2coordinates, text), text


def test_coordinates_agree_with_reference_on_a_grid_of_values():
    values = list(range(-3, 12)) + [True, False, 1.0, None, '1', 2**70, -2**70]
    for r in values:
        for k in values:
            assert outcome(coordinates2fide, r, k) == outcome(reference.coordinates2fide, r, k), (r, k)
