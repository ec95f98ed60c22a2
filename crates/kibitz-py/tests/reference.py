"""The seed exercise's seven functions in plain Python, written the straightforward way.

This is the reference the tests compare kibitz against, and the baseline of
bench.py. It follows the seed's text literally: walk every direction step by step,
collect the squares in a set, count per square. Its argument checks are the ones
kibitz decided on (see src/exercise.rs): a coordinate is an int but not a bool.
"""

FILES = 'abcdefgh'


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def fide2coordinates(square):
    """(r, k) of a square such as 'd4'."""
    assert (
        isinstance(square, str)
        and len(square) == 2
        and square[0] in FILES
        and square[1] in '12345678'
    ), 'invalid position'
    return 8 - int(square[1]), FILES.index(square[0])


def coordinates2fide(r, k):
    """The FIDE name of (r, k)."""
    assert _is_int(r) and _is_int(k) and 0 <= r < 8 and 0 <= k < 8, 'invalid position'
    return FILES[k] + str(8 - r)


def move(square, direction, repeated=False):
    """Squares reached from square along direction, once or repeatedly."""
    r, k = fide2coordinates(square)
    dr, dk = direction
    reached = set()
    if (dr, dk) == (0, 0):
        return reached
    while True:
        r, k = r + dr, k + dk
        if not (0 <= r < 8 and 0 <= k < 8):
            return reached
        reached.add(coordinates2fide(r, k))
        if not repeated:
            return reached


def moves(square, once=(), repeated=()):
    """Squares reached from square along all directions."""
    fide2coordinates(square)
    reached = set()
    for direction in once:
        reached |= move(square, direction)
    for direction in repeated:
        reached |= move(square, direction, repeated=True)
    return reached


def group_size(once=(), repeated=()):
    """Squares reached -> number of squares, keys ascending."""
    groups = {}
    for r in range(8):
        for k in range(8):
            count = len(moves(coordinates2fide(r, k), once, repeated))
            groups[count] = groups.get(count, 0) + 1
    return dict(sorted(groups.items()))


def strength(once=(), repeated=()):
    """Sum over all squares of the squares reached."""
    return sum(count * size for count, size in group_size(once, repeated).items())


def mobility(once=(), repeated=()):
    """'size × count + ...' in ascending order of count."""
    return ' + '.join(
        f'{size} × {count}' for count, size in group_size(once, repeated).items()
    )
