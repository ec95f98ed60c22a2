"""Piece and Analysis: named and Betza pieces, other boards, errors; and agreement
with the Rust CLI (`kibitz mobility ... --json`) on the same inputs."""

import json

import pytest

from kibitz import Analysis, Piece, group_size, mobility, moves, strength

import reference
import kit

KNIGHT = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}


def test_named_pieces_match_the_seed_functions():
    knight = Piece.named('Knight')
    assert set(knight.once) == KNIGHT and knight.repeated == []
    assert knight.group_size() == group_size(KNIGHT)
    assert knight.strength() == strength(KNIGHT) == 336
    assert knight.mobility() == mobility(KNIGHT)
    bishop = Piece.named('bishop')
    assert bishop.strength() == 560
    assert Piece.named('archbishop') == Piece.named('bishop') | Piece.named('knight')
    assert Piece.named('archbishop') == Piece.betza('BN')
    assert Piece(KNIGHT, bishop.repeated) == Piece.named('archbishop')
    assert Piece() == Piece([], ())
    assert Piece().group_size() == {0: 64}


def test_every_name_builds():
    for name in Piece.names():
        piece = Piece.named(name)
        assert piece.strength() == reference.strength(piece.once, piece.repeated), name


def test_moves_on_other_boards():
    knight = Piece.named('knight')
    assert knight.moves('g2') == moves('g2', KNIGHT)
    assert knight.moves('j10', board='10x10') == {'h9', 'i8'}
    assert knight.moves('a1', board=(3, 3)) == {'b3', 'c2'}
    assert Piece.named('rook').moves('z26', board='26x26') >= {'a26', 'z1'}


def test_errors_are_value_errors_with_the_rust_message():
    with pytest.raises(ValueError, match='unknown piece'):
        Piece.named('dragon')
    with pytest.raises(ValueError) as info:
        Piece.betza('Q!')
    assert str(info.value)
    with pytest.raises(ValueError, match='27 files'):
        Piece.named('rook').strength('27x8')
    with pytest.raises(ValueError, match='files'):
        Piece.named('rook').strength((0, 8))
    with pytest.raises(ValueError, match='malformed board'):
        Piece.named('rook').strength('8by8')
    with pytest.raises(ValueError, match='moves nowhere'):
        Piece([(0, 0)])
    with pytest.raises(ValueError, match='invalid position'):
        Piece.named('rook').moves('i1')
    with pytest.raises(ValueError, match='invalid position'):
        Piece.named('rook').moves(None)
    with pytest.raises(TypeError):
        Piece.named('rook').strength(8)


def test_analysis():
    a = Piece.named('bishop').analyse()
    assert isinstance(a, Analysis)
    assert a.board == '8x8'
    assert a.strength() == 560 and a.average() == 8.75
    assert a.counts()[4][3] == 13  # d4
    assert sum(map(sum, a.counts())) == 560
    assert a.group_size() == {7: 28, 9: 20, 11: 12, 13: 4}
    forward, sideways, backward = a.split()
    assert forward + sideways + backward == 560
    wide = Piece.named('rook').analyse('10x8')
    assert len(wide.counts()) == 8 and len(wide.counts()[0]) == 10
    assert set(map(len, Piece.named('king').analyse((1, 1)).counts())) == {1}


def test_str_and_repr():
    assert 'once' in str(Piece.named('knight'))
    assert repr(Piece([(1, 2)], [(1, 1)])) == 'Piece(once=[(1, 2)], repeated=[(1, 1)])'


# --- the CLI on the same inputs -------------------------------------------------------

def run_cli(*args):
    return json.loads(kit.kibitz('mobility', *args, '--json').stdout)


def assert_same(report, piece, board='8x8'):
    assert {int(k): v for k, v in report['group_size'].items()} == piece.group_size(board)
    assert report['strength'] == piece.strength(board)
    assert report['mobility'] == piece.mobility(board)


CLI_CASES = [
    (['knight'], lambda: Piece.named('knight'), '8x8'),
    (['bishop'], lambda: Piece.named('bishop'), '8x8'),
    (['archbishop', '--board', '10x8'], lambda: Piece.named('archbishop'), '10x8'),
    (['--betza', 'NN'], lambda: Piece.betza('NN'), '8x8'),
    (['--betza', 'fWbF3', '--board', '5x7'], lambda: Piece.betza('fWbF3'), '5x7'),
    (['zebra', '--board', '26x26'], lambda: Piece.named('zebra'), '26x26'),
    (['--once=-1,2', '--once=2,1', '--repeated=1,1', '--repeated=0,-3'],
     lambda: Piece([(-1, 2), (2, 1)], [(1, 1), (0, -3)]), '8x8'),
]


@pytest.mark.parametrize('args, piece, board', CLI_CASES)
def test_agrees_with_the_cli(args, piece, board):
    assert_same(run_cli(*args), piece(), board)


def test_seed_functions_agree_with_the_cli():
    report = run_cli(*[f'--once={dr},{dk}' for dr, dk in sorted(KNIGHT)], '--from', 'g2')
    assert {int(k): v for k, v in report['group_size'].items()} == group_size(KNIGHT)
    assert report['strength'] == strength(KNIGHT)
    assert report['mobility'] == mobility(KNIGHT)
    assert set(report['moves']) == moves('g2', KNIGHT)


def test_cli_and_module_reject_the_same_betza_with_the_same_message():
    done = kit.run('mobility', '--betza', 'fmWfcF', '--json')
    assert done.returncode != 0
    with pytest.raises(ValueError) as info:
        Piece.betza('fmWfcF')
    assert str(info.value) in done.stderr
