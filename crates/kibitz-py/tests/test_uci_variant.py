"""`kibitz uci` as a variant engine (issue 41), refereed by Fairy-Stockfish.

A GUI's session, line by line over the pipe: `UCI_Variant`, `position startpos
moves …`, `go`, `go perft`. pyffish (PyPI, pinned in requirements-test.txt) is the
referee: every `bestmove` kibitz sends must be among pyffish's legal moves of the
same game, and `go perft`'s total must equal pyffish's count (through the
Fairy-Stockfish binary where scripts/build_fairy_stockfish.sh built it).

The games are kibitz against itself at a fixed depth: no clock, so the same
moves on every run.
"""

from __future__ import annotations

import subprocess

import pytest

import fairy_oracle as fo
from kit import cli

sf = pytest.importorskip('pyffish')

# The variants played, one of each family: drops, gating, regions, flags, check
# counting, extinction, atomic captures, large boards.
VARIANTS = ['capablanca', 'crazyhouse', 'seirawan', 'xiangqi', 'makruk', 'grand',
            'kingofthehill', '3check', 'antichess', 'atomic', 'shako', 'horde']
PLIES = 24


class Uci:
    """`kibitz uci` on a pipe, one command at a time."""

    def __init__(self):
        self.proc = subprocess.Popen(cli() + ['uci'], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def until(self, prefix):
        """The lines up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, f'kibitz uci ended before {prefix!r}: {lines}'
            lines.append(line.rstrip('\n'))
            if line.startswith(prefix):
                return lines

    def close(self):
        self.send('quit')
        self.proc.wait(timeout=30)


@pytest.fixture
def uci():
    engine = Uci()
    yield engine
    engine.close()


def test_the_combo_offers_every_variant_both_engines_play(uci):
    uci.send('uci')
    lines = uci.until('uciok')
    combo = next(l for l in lines if l.startswith('option name UCI_Variant type combo'))
    offered = set(combo.split(' var ')[1:])
    both = set(sf.variants()) & set(fo.FSF_BUILTINS)
    assert both <= offered, sorted(both - offered)


@pytest.mark.parametrize('variant', VARIANTS)
def test_every_bestmove_is_legal_for_fairy_stockfish(uci, variant):
    uci.send(f'setoption name UCI_Variant value {variant}')
    start = sf.start_fen(variant)
    moves = []
    for _ in range(PLIES):
        legal = sf.legal_moves(variant, start, moves)
        if not legal or sf.is_immediate_game_end(variant, start, moves)[0]:
            break
        uci.send('position startpos moves ' + ' '.join(moves) if moves else 'position startpos')
        uci.send('go depth 2')
        lines = uci.until('bestmove')
        assert not any(l.startswith('info string position') for l in lines), lines
        best = lines[-1].split()[1]
        assert best in legal, f'{variant} after {moves}: {best} not in {sorted(legal)}'
        moves.append(best)
    assert len(moves) >= 6, moves


@pytest.mark.parametrize('variant', ['capablanca', 'crazyhouse', 'xiangqi', 'seirawan'])
def test_go_perft_equals_fairy_stockfish(uci, variant):
    start = sf.start_fen(variant)
    # Two plies in, the first legal move each (in sorted order: the same on every run).
    moves = []
    for _ in range(2):
        moves.append(sorted(sf.legal_moves(variant, start, moves))[0])
    uci.send(f'setoption name UCI_Variant value {variant}')
    uci.send('position startpos moves ' + ' '.join(moves))
    uci.send('go perft 3')
    lines = uci.until('Nodes searched')
    total = int(lines[-1].split(':')[1])
    fen = sf.get_fen(variant, start, moves)
    binary = fo.fairy_stockfish_binary()
    if binary is not None:
        engine = fo.FairyStockfishUci(binary)
        try:
            expected = engine.perft(variant, fen, 3)
        finally:
            engine.close()
    else:
        expected = fo.pyffish_perft(variant, fen, 2)
        uci.send('go perft 2')
        total = int(uci.until('Nodes searched')[-1].split(':')[1])
    assert total == expected


def test_a_move_fairy_stockfish_refuses_is_refused(uci):
    uci.send('setoption name UCI_Variant value crazyhouse')
    uci.send('position startpos moves e2e4 Q@e5')
    uci.send('isready')
    lines = uci.until('readyok')
    assert any('move 2 (Q@e5)' in l for l in lines), lines
    assert 'Q@e5' not in sf.legal_moves('crazyhouse', sf.start_fen('crazyhouse'), ['e2e4'])
