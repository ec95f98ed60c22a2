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

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

import fairy_oracle as fo
from kit import cli, kibitz

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


# `go perft` deeper where the tree is still small enough to count in a blink.
PERFT_DEPTH = {'chess': 3, 'capablanca': 3, 'crazyhouse': 3, 'shogi': 3, 'xiangqi': 3,
               'janggi': 3, 'seirawan': 3}


def uci_divide(engine, variant, depth):
    """`go perft DEPTH` from the start of `variant` on a UCI engine: {move: count}, total."""
    engine.send(f'setoption name UCI_Variant value {variant}')
    engine.send('position startpos')
    engine.send(f'go perft {depth}')
    divide = {}
    lines = engine.until('Nodes searched')
    for line in lines[:-1]:
        move, sep, count = line.partition(': ')
        if sep and count.isdigit():
            divide[move] = int(count)
    return divide, int(lines[-1].split(':')[1])


class FairyUci(Uci):
    """Fairy-Stockfish's UCI binary on a pipe, spoken to as `kibitz uci` is."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)


def test_go_perft_equals_kibitz_perft_and_fairy_stockfish_on_every_variant(uci):
    """The three counts of each variant both play, from its start: `go perft` over
    `kibitz uci` (move by move), `kibitz perft --variant`, and Fairy-Stockfish's
    `go perft` (its binary, move by move; where it is absent, pyffish's legal moves
    at depth 2)."""
    binary = fo.fairy_stockfish_binary()
    fairy = FairyUci(binary) if binary else None
    differences = []
    try:
        for variant in fo.FSF_BUILTINS:
            depth = PERFT_DEPTH.get(variant, 2) if fairy else 2
            ours, total = uci_divide(uci, variant, depth)
            assert sum(ours.values()) == total, variant
            cli_total = json.loads(
                kibitz('perft', '--variant', variant, depth, '--json').stdout)['nodes']
            if fairy is not None:
                theirs, expected = uci_divide(fairy, variant, depth)
            else:
                start = sf.start_fen(variant)
                theirs = {m: len(sf.legal_moves(variant, start, [m]))
                          for m in sf.legal_moves(variant, start, [])}
                expected = sum(theirs.values())
            if not (total == cli_total == expected and ours == theirs):
                differences.append((variant, depth, total, cli_total, expected,
                                    sorted(set(ours.items()) ^ set(theirs.items()))[:6]))
    finally:
        if fairy is not None:
            fairy.close()
    assert not differences, differences


def peak_memory_kib(proc):
    """The process's peak resident memory (Linux's VmHWM), or None elsewhere."""
    try:
        status = Path(f'/proc/{proc.pid}/status').read_text()
    except OSError:
        return None
    line = next((l for l in status.splitlines() if l.startswith('VmHWM:')), None)
    return int(line.split()[1]) if line else None


def answer(uci, line, limit_s=10):
    """The `info string` lines `line` drew, and the seconds until `isready` was answered."""
    started = time.monotonic()
    uci.send(line)
    uci.send('isready')
    lines = uci.until('readyok')
    elapsed = time.monotonic() - started
    assert elapsed < limit_s, f'{line[:80]}: {elapsed:.1f} s'
    return [l for l in lines if l.startswith('info string')], elapsed


def sixteen_by_sixteen(pieces, promoted=0):
    """A 16 × 16 section with chess's six piece types and `pieces` custom ones (up to
    20, each a different rider, leaper or hopper, every letter of a FEN taken), the
    first `promoted` of them promoting shogi-style (a type more each in kibitz)."""
    letters = [c for c in 'acdefghijlmostuvwxyz']
    betzas = ['NN', 'C', 'Z', 'WAD', 'FD', 'BN', 'RN', 'QN', 'gQ', 'mRcpR', 'H', 'G', 'R2',
              'B3', 'fRbW', 'vRsW', 'nN', 'nA', 'NC', 'CZ', 'AD', 'WD', 'FA', 'HG', 'R4B2',
              'DAH', 'W2F2']
    lines = ['[hostile16:chess]', 'maxRank = 16', 'maxFile = p']
    for n in range(pieces):
        lines.append(f'customPiece{n + 1} = {letters[n % len(letters)]}:{betzas[n % len(betzas)]}')
    back = ''.join(letters[:14])
    lines += [f'startFen = r{back}k/pppppppppppppppp/' + '16/' * 12
              + f'PPPPPPPPPPPPPPPP/R{back.upper()}K w - - 0 1',
              'promotionRegionWhite = *16', 'promotionRegionBlack = *1', 'castling = false']
    if promoted:
        lines.append('promotedPieceType = ' + ' '.join(
            f'{letters[n]}:{letters[(n + 1) % pieces]}' for n in range(promoted)))
    return '\n'.join(lines) + '\n'


# Each file, and what the answer names.
HOSTILE_INI = {
    # Past the 1 MiB cap: refused before it is read whole.
    'huge': (('[big:chess]\n' + '# ' + 'x' * 100 + '\n') * 12_000, 'larger than 1048576 bytes'),
    # Past the 1024-section cap, named at its line.
    'many sections': (''.join(f'[v{i}:chess]\n' for i in range(5000)),
                      'line 1025: more than 1024 sections'),
    # Not text.
    'binary': ('\udcff\udcfe[x]\n', 'not UTF-8'),
    # Odd lines: an unterminated header, a line that is neither, an empty name.
    'unterminated header': ('[broken:chess\nmaxRank = 9\n', 'line 1: section header'),
    'neither': ('[odd:chess]\nthis line has no equals sign\n', 'line 2: '),
    'empty name': ('[:chess]\n', 'line 1: empty variant name'),
    'key before section': ('maxRank = 9\n[x:chess]\n', 'line 1: key `maxRank` before any'),
}

# Files that read, but whose variant does not build: `UCI_Variant` names the line.
HOSTILE_SECTIONS = {
    'own parent': ('[selfish:selfish]\n', 'line 1: '),
    'later parent': ('[first:second]\n[second:chess]\n', 'line 1: '),
    'board too large': ('[wide:chess]\nmaxFile = 99999\n', 'line 2: key `maxFile`'),
    'long FEN': ('[fen:chess]\nstartFen = ' + '8/' * 50_000 + '8 w - - 0 1\n', 'line '),
    'bad value': ('[value:chess]\nmaxRank = many\n', 'line 2: key `maxRank`'),
    # A chain of 1000 parents, each a section of its own: built in one pass.
    'deep chain': ('[c0:chess]\n' + ''.join(f'[c{i}:c{i - 1}]\nmaxRank = 8\n'
                                            for i in range(1, 1000)) + '[c1000:c999]\n'
                   'maxRank = 0\n', 'line 2001: key `maxRank`'),
}


def test_a_hostile_variants_ini_is_bounded_and_named(uci, tmp_path):
    """Over UCI, each bad `variants.ini` is answered within seconds by an `info
    string` naming the file's problem (and its line where it has one); the engine
    stays usable and its memory bounded."""
    uci.send('setoption name UCI_Variant value crazyhouse')
    for what, (text, named) in HOSTILE_INI.items():
        path = tmp_path / f'{what.replace(" ", "_")}.ini'
        path.write_bytes(text.encode('utf-8', 'surrogateescape'))
        notes, _ = answer(uci, f'setoption name VariantPath value {path}')
        assert len(notes) == 1 and notes[0].startswith('info string VariantPath '), (what, notes)
        assert named in notes[0], (what, named, notes)
    for what, (text, named) in HOSTILE_SECTIONS.items():
        path = tmp_path / f'{what.replace(" ", "_")}.ini'
        path.write_text(text)
        notes, _ = answer(uci, f'setoption name VariantPath value {path}')
        assert len(notes) == 1 and 'variants read' in notes[0], (what, notes)
        name = text[1:text.index(':')] if what != 'deep chain' else 'c1000'
        notes, _ = answer(uci, f'setoption name UCI_Variant value {name}')
        assert len(notes) == 1 and notes[0].startswith('info string UCI_Variant: '), (what, notes)
        assert named in notes[0], (what, named, notes)
        assert len(notes[0]) < 400, (what, notes)
    # A Betza of 100,000 letters is read as Fairy-Stockfish reads it (`NNN…` is the
    # nightrider), in bounded time: the same moves as pyffish's.
    text = '[betza:chess]\ncustomPiece1 = a:' + 'N' * 100_000 + '\n'
    fen = '7k/8/8/8/3A4/8/8/K7 w - - 0 1'
    (tmp_path / 'betza.ini').write_text(text)
    notes, _ = answer(uci, f'setoption name VariantPath value {tmp_path / "betza.ini"}')
    assert len(notes) == 1 and 'variants read' in notes[0], notes
    assert answer(uci, 'setoption name UCI_Variant value betza')[0] == []
    uci.send(f'position fen {fen}')
    uci.send('go perft 1')
    ours = {l.split(':')[0] for l in uci.until('Nodes searched')[:-2]}
    fo.load_config(text)
    assert ours == set(sf.legal_moves('betza', fen, []))
    uci.send('setoption name UCI_Variant value crazyhouse')
    # The variant played is still crazyhouse, from its start: a drop variant's move.
    uci.send('position startpos moves e2e4 d7d5 e4d5 d8d5')
    uci.send('go depth 2')
    best = uci.until('bestmove')[-1].split()[1]
    fen = sf.start_fen('crazyhouse')
    assert best in sf.legal_moves('crazyhouse', fen, ['e2e4', 'd7d5', 'e4d5', 'd8d5'])
    peak = peak_memory_kib(uci.proc)
    if peak is not None:
        assert peak < 512 * 1024, f'{peak} KiB'


def test_a_16_by_16_board_with_many_piece_types_plays_in_bounded_time(uci, tmp_path):
    """A 16 × 16 board (Fairy-Stockfish stops at 12 × 10) with 26 lettered piece types
    (20 of them custom: every letter of a FEN) and 6 promoted ones, 32 types, the most
    kibitz's variant engine holds: loaded, played from its start, every `go` answered
    with a legal move of the side to move within its time. One type more is refused
    with an `info string` naming the limit, and the variant played stays."""
    ksf = pytest.importorskip('kibitz.pyffish')
    too_many = tmp_path / 'toomany16.ini'
    too_many.write_text(sixteen_by_sixteen(20, promoted=7).replace('[hostile16:', '[toomany16:'))
    answer(uci, f'setoption name VariantPath value {too_many}')
    notes, _ = answer(uci, 'setoption name UCI_Variant value toomany16')
    assert len(notes) == 1 and '33 piece types with the promoted ones; at most 32' in notes[0], \
        notes
    text = sixteen_by_sixteen(20, promoted=6)
    ksf.load_variant_config(text)
    path = tmp_path / 'hostile16.ini'
    path.write_text(text)
    notes, _ = answer(uci, f'setoption name VariantPath value {path}')
    assert len(notes) == 1 and notes[0].endswith(': 1 variants read'), notes
    notes, _ = answer(uci, 'setoption name UCI_Variant value hostile16')
    assert notes == [], notes
    start = ksf.start_fen('hostile16')
    moves = []
    for _ in range(6):
        uci.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        started = time.monotonic()
        uci.send('go movetime 200')
        best = uci.until('bestmove')[-1].split()[1]
        assert time.monotonic() - started < 5, best
        assert best in ksf.legal_moves('hostile16', start, moves), (moves, best)
        moves.append(best)
    peak = peak_memory_kib(uci.proc)
    if peak is not None:
        assert peak < 512 * 1024, f'{peak} KiB'


def ranged_rook_squares(files, ranks, reach, blocked):
    """By definition: the squares a rook limited to `reach` steps reaches from a1 on
    an otherwise empty `files` × `ranks` board, up to the square before `blocked`
    (its own piece)."""
    squares = set()
    for df, dr in ((1, 0), (0, 1)):
        for step in range(1, reach + 1):
            f, r = df * step, dr * step
            if f >= files or r >= ranks or (f, r) == blocked:
                break
            squares.add(f'{chr(97 + f)}{r + 1}')
    return squares


def long_range_section(name, files, ranks, reach):
    """A `files` × `ranks` board with a rook limited to `reach` steps (`R10`, two
    digits) on a1 and the kings in the far corners of the first and last ranks."""
    return '\n'.join([
        f'[{name}:chess]', f'maxRank = {ranks}', f'maxFile = {chr(96 + files)}',
        'castling = false', f'customPiece1 = a:R{reach}',
        f'startFen = {files - 1}k/' + f'{files}/' * (ranks - 2) + f'A{files - 2}K w - - 0 1',
    ]) + '\n'


def test_a_betza_fairy_stockfish_misreads_or_a_board_it_refuses_plays_as_written(uci, tmp_path):
    """A range of two digits (`R10`): Fairy-Stockfish's Betza reader takes one digit
    and plays a wazir (its `R1`) without a word; on 14 × 14 it refuses the section
    (the variant is not loaded). kibitz plays both as written, through
    `load_variant_config` and through `VariantPath`: the piece's moves are the
    squares a rook reaches in 10 (12) steps, by definition."""
    ksf = pytest.importorskip('kibitz.pyffish')
    small = long_range_section('longrange12', 12, 10, 10)
    big = long_range_section('longrange14', 14, 14, 12)
    fo.load_config(small)
    start = sf.start_fen('longrange12')
    theirs = {m[2:] for m in sf.legal_moves('longrange12', start, []) if m.startswith('a1')}
    assert theirs == ranged_rook_squares(12, 10, 1, (11, 0)), theirs
    # In a process of its own: pyffish 0.0.90 has crashed on its next call after
    # refusing a section too large for it.
    refused = subprocess.run(
        [sys.executable, '-c', 'import sys, pyffish as sf; sf.load_variant_config(sys.argv[1]); '
         'print("longrange14" in sf.variants())', big],
        capture_output=True, text=True, timeout=60)
    assert refused.stdout.strip() == 'False', (refused.stdout, refused.stderr[-300:])
    for name, text, files, ranks, reach in (('longrange12', small, 12, 10, 10),
                                            ('longrange14', big, 14, 14, 12)):
        want = ranged_rook_squares(files, ranks, reach, (files - 1, 0))
        assert len(want) == min(reach, files - 2) + min(reach, ranks - 1)
        ksf.load_variant_config(text)
        fen = ksf.start_fen(name)
        ours = {m[2:] for m in ksf.legal_moves(name, fen, []) if m.startswith('a1')}
        assert ours == want, (name, sorted(ours ^ want))
        path = tmp_path / f'{name}.ini'
        path.write_text(text)
        notes, _ = answer(uci, f'setoption name VariantPath value {path}')
        assert len(notes) == 1 and notes[0].endswith(': 1 variants read'), notes
        divide, total = uci_divide(uci, name, 1)
        assert {m[2:] for m in divide if m.startswith('a1')} == want, name
        assert total == len(ksf.legal_moves(name, fen, []))


def test_an_illegal_move_is_named_and_never_answered_for_the_wrong_side(uci):
    """A `position … moves` list with a move that is not legal: an `info string`
    names it, the position is the one before it, and `go` answers a move of the
    side to move there (never of the side the bad move would have left to move)."""
    cases = [
        # A move of the side not to move, a move off the board (rank past 9 on 9 × 10),
        # a drop with nothing in hand, a piece moved through a friendly piece.
        ('xiangqi', ['h2e2', 'h7e7', 'e7e6']),
        ('xiangqi', ['h2e2', 'a10a12']),
        ('crazyhouse', ['e2e4', 'N@e5']),
        ('shogi', ['g3g4', 'b8h2']),
        ('capablanca', ['e2e4', 'e7e5', 'd1h5', 'a8a1']),
    ]
    for variant, moves in cases:
        start = sf.start_fen(variant)
        legal_prefix = []
        for m in moves:
            if m not in sf.legal_moves(variant, start, legal_prefix):
                break
            legal_prefix.append(m)
        assert len(legal_prefix) < len(moves), (variant, moves)
        bad = moves[len(legal_prefix)]
        uci.send(f'setoption name UCI_Variant value {variant}')
        uci.send('position startpos moves ' + ' '.join(moves))
        uci.send('go depth 1')
        lines = uci.until('bestmove')
        notes = [l for l in lines if l.startswith('info string position')]
        assert len(notes) == 1 and f'move {len(legal_prefix) + 1} ({bad})' in notes[0], lines
        best = lines[-1].split()[1]
        assert best in sf.legal_moves(variant, start, legal_prefix), (variant, moves, best)
