"""A variant described whole (issue 41, part 3): `kibitz variants --json NAME`,
`kibitz.pyffish.variant_info(name)`, `kibitz.variants()` and the server's
`/api/variants` give the library's one description; its rules are every rule
resolved, as Fairy-Stockfish's `variants.ini` keys.

The oracle is Fairy-Stockfish itself: the description written as a section
(`kibitz variants --ini NAME`) and loaded into pyffish plays, move for move, the
game pyffish plays under the built-in name. So the description says what the
variant is in Fairy-Stockfish's own terms, not only in kibitz's.
"""

from __future__ import annotations

import json
import random

import pytest

import fairy_oracle as fo
import kibitz
import kibitz.pyffish as ksf
from kit import kibitz as run_kibitz
from kit import run

sf = pytest.importorskip('pyffish')

# Fairy-Stockfish's reader gives `king = k:W` a custom royal piece, which its
# palace lines (`diagonalLines`) do not move; its built-in Janggi king is a wazir
# type that they do. No section expresses that king, so the Janggi family's
# sections differ from the built-ins there (kibitz moves a `W` king along the
# lines, as the built-in does).
FSF_INEXPRESSIBLE = {'janggi', 'janggimodern', 'janggicasual', 'janggitraditional'}
# Nor does it read `freeDrops` (Ataxx's hand that never runs out) from a section.
FSF_INEXPRESSIBLE.add('ataxx')
PLIES = 30


def cli_description(name):
    return json.loads(run_kibitz('variants', '--json', name).stdout)


@pytest.mark.parametrize('name', ['chess', 'crazyhouse', 'shogi', 'xiangqi', 'musketeer'])
def test_every_front_end_gives_the_one_description(name):
    d = cli_description(name)
    assert ksf.variant_info(name) == d
    assert [v for v in kibitz.variants() if v['name'] == name] == [d]
    assert d['start_fen'] == ksf.start_fen(name)
    assert set(d) == {'name', 'files', 'ranks', 'board', 'start_fen', 'gating', 'promotion',
                      'pieces', 'rules'}


def test_the_rules_are_resolved_as_variants_ini_keys():
    house = ksf.variant_info('crazyhouse')['rules']
    assert house['pieceDrops'] is True and house['capturesToHand'] is True
    assert house['castlingKingsideFile'] == 'g' and house['castlingRank'] == 1
    shogi = ksf.variant_info('shogi')['rules']
    assert shogi['promotedPieceType'].split() == ['p:g', 's:g', 'b:h', 'r:d', 'l:g', 'n:g']
    assert shogi['dropNoDoubled'] == 'p' and shogi['castling'] is False
    # A section's rules: its own keys over its parent's.
    ksf.load_variant_config('[smallhouse:crazyhouse]\nmaxRank = 6\nmaxFile = e\n'
                            'startFen = rnbqk/ppppp/5/5/PPPPP/RNBQK[] w - - 0 1\n'
                            'castling = false\npieceValueMg = n:1562\n')
    small = ksf.variant_info('smallhouse')
    assert (small['files'], small['ranks'], small['board']) == (5, 6, '5x6')
    assert small['rules']['pieceDrops'] is True and small['rules']['castling'] is False
    assert 'castlingKingFile' not in small['rules']
    knight = next(p for p in small['pieces'] if p['letter'] == 'N')
    assert knight['value'] == 600  # pieceValueMg: twice Fairy-Stockfish's knight (781)


def test_an_unknown_variant_is_named():
    with pytest.raises(ValueError, match='nosuchvariant'):
        ksf.variant_info('nosuchvariant')
    out = run('variants', 'nosuchvariant')
    assert out.returncode != 0 and 'nosuchvariant' in out.stderr


def play_both(builtin, section, seed):
    """A seeded random game: pyffish's legal moves under both names, ply by ply;
    the first ply where they differ, or None."""
    rng = random.Random(seed)
    fen = sf.start_fen(builtin)
    for ply in range(PLIES):
        want = sorted(sf.legal_moves(builtin, fen, []))
        got = sorted(sf.legal_moves(section, fen, []))
        if want != got:
            return ply, fen, sorted(set(want) ^ set(got))
        if not want:
            return None
        fen = sf.get_fen(builtin, fen, [rng.choice(want)])
    return None


@pytest.mark.parametrize('name', fo.FSF_BUILTINS)
def test_the_section_plays_in_fairy_stockfish_as_its_builtin(name):
    text = run_kibitz('variants', '--ini', name).stdout
    section = f'{name}kibitz'
    assert text.startswith(f'[{name}]\n')
    fo.load_config(text.replace(f'[{name}]', f'[{section}]', 1))
    assert section in sf.variants(), f'Fairy-Stockfish did not load:\n{text}'
    assert sf.start_fen(section) == sf.start_fen(name)
    diff = play_both(name, section, seed=len(name))
    if name in FSF_INEXPRESSIBLE:
        assert diff is not None, f'{name}: the section now plays as the built-in'
        return
    assert diff is None, f'{name}: at ply {diff[0]} ({diff[1]}) the moves differ: {diff[2]}'
