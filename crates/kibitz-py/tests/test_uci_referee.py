"""`kibitz uci` plays whole games against Fairy-Stockfish's UCI binary (issue 41).

The referee is scripts/uci_referee.py, the one `kibitz-bench report --only
referee` runs for the score in BENCHMARKS.md; here it plays a few short games at
fixed depths (no clock: the same moves on every run). pyffish 0.0.90 judges every
move and every game end; where Fairy-Stockfish cannot play (Musketeer, a 16 × 16
user variant) kibitz plays itself and kibitz's own rules (`kibitz.pyffish`) judge.

Checked: every `go` is answered with a `bestmove`, every move is legal for the
referee, and the games differ (the openings are seeded per pair of games).
"""

from __future__ import annotations

import pytest

import fairy_oracle as fo
from kit import cli

pytest.importorskip('pyffish')
referee = pytest.importorskip('uci_referee')

# Kibitz's search and Fairy-Stockfish's, both fixed: deterministic games.
GO = ('depth 2', 'depth 2')
PLIES = 40


def check(tally, games):
    assert tally.illegal == 0, [g.illegal for g in games]
    assert tally.late == 0, [g.late for g in games]
    for game in games:
        # Every go answered: the game ended by the rules or at the ply cap, never
        # by an engine's silence.
        assert 'did not answer' not in game.reason, game.reason
        assert 'illegal' not in game.reason, game.reason
        assert len(game.moves) > len(game.opening), game
    assert len({tuple(g.moves) for g in games}) == len(games), 'two games were the same'


@pytest.mark.parametrize('variant', ['chess', 'capablanca', 'crazyhouse', 'shogi', 'xiangqi'])
def test_kibitz_against_fairy_stockfish(variant):
    binary = fo.fairy_stockfish_binary()
    if binary is None:
        pytest.skip('Fairy-Stockfish\'s UCI binary is absent (scripts/build_fairy_stockfish.sh '
                    'builds it into target/fairy-stockfish, or set $FAIRY_STOCKFISH)')
    tally, games = referee.match(variant, cli(), binary, 2, 41, 0, 0, PLIES,
                                 None, go=GO)
    assert tally.opponent == 'Fairy-Stockfish' and tally.rules == 'pyffish 0.0.90'
    check(tally, games)


@pytest.mark.parametrize('variant', ['musketeer', 'big16'])
def test_kibitz_against_itself_where_fairy_stockfish_cannot_play(tmp_path, variant):
    pytest.importorskip('kibitz.pyffish')
    ini = tmp_path / 'big16.ini'
    ini.write_text(referee.BIG16_INI)
    tally, games = referee.match(variant, cli(), None, 2, 41, 0, 0, 24, ini,
                                 go=('depth 1', 'depth 1'))
    assert tally.opponent == 'kibitz' and tally.rules == 'kibitz.pyffish'
    check(tally, games)
