"""A referee for UCI variant engines: `kibitz uci` against Fairy-Stockfish (issue 41).

    .venv/bin/python scripts/uci_referee.py [--games 10] [--base-ms 3000] [--inc-ms 30]
        [--kibitz target/release/kibitz] [--fairy-stockfish target/fairy-stockfish/fairy-stockfish]

Both engines run as subprocesses and are spoken to as a GUI does: `UCI_Variant`
(and `VariantPath` for a user variant), `position startpos moves …`, `go` with
the clock. The referee alone knows the rules, from an oracle that is not the
engine being judged where possible:

* pyffish 0.0.90 (Fairy-Stockfish's own move generator, from PyPI) for every
  variant Fairy-Stockfish plays;
* kibitz's `kibitz.pyffish` (the same calls over kibitz's rules) where
  Fairy-Stockfish cannot play: Musketeer (not among its variants) and the
  16 × 16 user variant (its boards stop at 12 × 10); there kibitz plays itself.

Every `bestmove` must be among the referee's legal moves (else the mover loses,
and the move is counted as illegal), and must come within the mover's clock
(else it loses on time). The referee ends the games: no legal move (its
`game_result`), the variant's own ends (`is_immediate_game_end`), the 50-move
rule and repetitions (`is_optional_game_end`, claimed at once), insufficient
material on both sides, and a draw at `max_plies`.

The openings are seeded: against Fairy-Stockfish game pair k plays the same
random first plies (drawn from the referee's legal moves with
`random.Random(seed + k)`) with the colours swapped; against itself each game
has its own. Every run starts the same games. Prints
Markdown: the score per variant, illegal moves, and the slowest answer against
its limit.

The pytest (crates/kibitz-py/tests/test_uci_referee.py) plays a few short games
with this module at fixed depths, so that CI checks the same referee.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# The variants played against Fairy-Stockfish (the names both engines know).
FAIRY_VARIANTS = ['chess', 'capablanca', 'crazyhouse', 'shogi', 'xiangqi']
# Variants Fairy-Stockfish cannot play: kibitz against itself, kibitz's rules.
SELF_VARIANTS = ['musketeer', 'big16']

# A 16 × 16 user variant with many piece types: beyond Fairy-Stockfish's 12 × 10
# boards, read by kibitz through `VariantPath`. Pieces by Betza: archbishop (BN),
# chancellor (RN), amazon (QN), nightrider (NN), camel (C), zebra (Z), wazir +
# alfil + dabbaba (WAD), ferz + dabbaba (FD), grasshopper (gQ), rook-hopper
# cannon (mRcpR).
BIG16_INI = """[big16:chess]
maxRank = 16
maxFile = p
customPiece1 = a:BN
customPiece2 = c:RN
customPiece3 = m:QN
customPiece4 = h:NN
customPiece5 = l:C
customPiece6 = z:Z
customPiece7 = w:WAD
customPiece8 = f:FD
customPiece9 = g:gQ
customPiece10 = o:mRcpR
startFen = rhlzwacqkmfgolhr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/\
PPPPPPPPPPPPPPPP/RHLZWACQKMFGOLHR w - - 0 1
promotionRegionWhite = *16
promotionRegionBlack = *1
promotionPieceTypes = qrbnacm
doubleStepRegionWhite = *2
doubleStepRegionBlack = *15
castling = false
"""


class EngineGone(Exception):
    """The engine ended, or did not answer within the referee's patience."""


class Engine:
    """One UCI engine on a pipe; a thread reads its lines, so waits can time out."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send('uci')
        self.until('uciok', 30)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip('\n'))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + '\n')
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineGone(f'{self.name}: {e}') from e

    def until(self, prefix, timeout):
        """The lines up to and including the first starting with `prefix`."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineGone(f'{self.name}: no {prefix!r} within {timeout:.1f} s') from None
            if line is None:
                raise EngineGone(f'{self.name} ended before {prefix!r}')
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def ready(self):
        self.send('isready')
        return self.until('readyok', 30)

    def close(self):
        try:
            self.send('quit')
            self.proc.wait(timeout=10)
        except (EngineGone, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def kibitz_engine(binary, variant, variants_ini=None):
    """`kibitz uci` set to `variant` (a section of `variants_ini` if given);
    `binary` is a path, or a command line (e.g. `cargo run … --`)."""
    argv = [str(binary)] if isinstance(binary, (str, Path)) else list(binary)
    engine = Engine(argv + ['uci'], 'kibitz')
    if variants_ini:
        engine.send(f'setoption name VariantPath value {variants_ini}')
    engine.send(f'setoption name UCI_Variant value {variant}')
    notes = [l for l in engine.ready() if l.startswith('info string')]
    if any('UCI_Variant' in l or 'VariantPath' in l and 'variants read' not in l
           for l in notes):
        engine.close()
        raise RuntimeError(f'kibitz refused {variant}: {notes}')
    return engine


def fairy_engine(binary, variant):
    """Fairy-Stockfish's UCI binary set to `variant`."""
    engine = Engine([str(binary)], 'fairy-stockfish')
    engine.send(f'setoption name UCI_Variant value {variant}')
    engine.ready()
    return engine


@dataclass
class Game:
    variant: str
    white: str
    black: str
    opening: list
    moves: list = field(default_factory=list)
    result: str = '*'
    reason: str = ''
    illegal: list = field(default_factory=list)   # (engine, ply, move)
    late: list = field(default_factory=list)      # (engine, ply, ms, limit ms)
    answers: list = field(default_factory=list)   # (engine, ms, limit ms)


def result_for(value, white_to_move):
    """A game-end value (for the side to move, pyffish's sign) as a PGN result."""
    if value == 0:
        return '1/2-1/2'
    return '1-0' if (value > 0) == white_to_move else '0-1'


def judge(rules, variant, start, moves):
    """(result, reason) if the game is over after `moves`, else None; also the legal moves."""
    legal = rules.legal_moves(variant, start, moves)
    white = ' w ' in rules.get_fen(variant, start, moves)
    if not legal:
        return ('no legal move', result_for(rules.game_result(variant, start, moves), white)), legal
    over, value = rules.is_immediate_game_end(variant, start, moves)
    if over:
        return ('variant end', result_for(value, white)), legal
    over, value = rules.is_optional_game_end(variant, start, moves)
    if over:
        return ('50 moves or repetition', result_for(value, white)), legal
    if all(rules.has_insufficient_material(variant, start, moves)):
        return ('insufficient material', '1/2-1/2'), legal
    return None, legal


def opening(rules, variant, start, seed, plies):
    """`plies` random legal first moves, seeded; fewer if the game ends first."""
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        over, legal = judge(rules, variant, start, moves)
        if over or not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    return moves


def go_command(clock, go):
    """The `go` line: `go` (fixed, e.g. 'depth 2') or both sides' clocks."""
    if go:
        return f'go {go}'
    return (f'go wtime {clock["w"]} btime {clock["b"]} '
            f'winc {clock["inc"]} binc {clock["inc"]}')


def play(rules, variant, engines, names, opening_moves, base_ms=3000, inc_ms=30,
         max_plies=200, go=None, patience_s=5.0):
    """One game: engines[0] (named names[0]) has White. `go` is White's and
    Black's fixed search (e.g. ['depth 2', 'nodes 500']), whose limit is
    `patience_s`; a side without one (None, or no `go` at all) plays on a clock of
    `base_ms` + `inc_ms` a move, and its move must come within it."""
    start = rules.start_fen(variant)
    game = Game(variant, names[0], names[1], list(opening_moves))
    moves = list(opening_moves)
    clock = {'w': base_ms, 'b': base_ms, 'inc': inc_ms}
    for engine in engines:
        engine.send('ucinewgame')
        engine.ready()
    while True:
        over, legal = judge(rules, variant, start, moves)
        if over:
            game.reason, game.result = over
            break
        if len(moves) >= max_plies:
            game.reason, game.result = f'{max_plies} plies', '1/2-1/2'
            break
        side = len(moves) % 2
        white = side == 0
        engine, name = engines[side], names[side]
        colour = 'w' if white else 'b'
        fixed = go[side] if go else None
        limit_ms = patience_s * 1000 if fixed else clock[colour]
        engine.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        engine.send(go_command(clock, fixed))
        sent = time.monotonic()
        try:
            lines = engine.until('bestmove', limit_ms / 1000 + patience_s)
        except EngineGone as e:
            game.late.append((name, len(moves), None, limit_ms))
            game.reason = f'{name} did not answer ({e})'
            game.result = '0-1' if white else '1-0'
            break
        ms = (time.monotonic() - sent) * 1000
        game.answers.append((name, ms, limit_ms))
        best = lines[-1].split()[1] if len(lines[-1].split()) > 1 else '0000'
        if best not in legal:
            game.illegal.append((name, len(moves), best))
            game.reason = f'{name} played an illegal move ({best})'
            game.result = '0-1' if white else '1-0'
            break
        if ms > limit_ms:
            game.late.append((name, len(moves), ms, limit_ms))
            game.reason = f'{name} lost on time ({ms:.0f} ms of {limit_ms:.0f})'
            game.result = '0-1' if white else '1-0'
            break
        if not fixed:
            clock[colour] = int(clock[colour] - ms + inc_ms)
        moves.append(best)
    game.moves = moves
    return game


@dataclass
class Tally:
    """One variant's games, from kibitz's side."""
    variant: str
    opponent: str
    rules: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    illegal: int = 0
    late: int = 0
    plies: int = 0
    slowest: float = 0.0       # the largest answer time ÷ its limit, kibitz's
    slowest_ms: float = 0.0
    reasons: dict = field(default_factory=dict)
    games: int = 0

    def add(self, game, kibitz_white):
        self.games += 1
        self.plies += len(game.moves)
        score = {'1-0': 1, '0-1': -1}.get(game.result, 0)
        if not kibitz_white:
            score = -score
        if self.opponent == 'kibitz':
            score = {'1-0': 1, '0-1': -1}.get(game.result, 0)   # self-play: White's view
        if score > 0:
            self.wins += 1
        elif score < 0:
            self.losses += 1
        else:
            self.draws += 1
        self.illegal += len(game.illegal)
        self.late += sum(1 for name, *_ in game.late if name == 'kibitz')
        for name, ms, limit in game.answers:
            if name == 'kibitz' and limit:
                if ms / limit > self.slowest:
                    self.slowest = ms / limit
                    self.slowest_ms = ms
        key = game.reason.split(' (')[0]
        self.reasons[key] = self.reasons.get(key, 0) + 1


def rules_for(variant):
    """The referee's rules: pyffish where Fairy-Stockfish plays `variant`, else kibitz's."""
    import pyffish

    if variant in pyffish.variants():
        return pyffish, 'pyffish 0.0.90'
    import kibitz.pyffish as kp

    if variant == 'big16':
        kp.load_variant_config(BIG16_INI)
    return kp, 'kibitz.pyffish'


def match(variant, kibitz, fairy, games, seed, base_ms, inc_ms, max_plies, ini_path,
          opening_plies=4, go=None, log=None, label=None):
    """`games` games of `variant` (colours alternating, openings seeded): the Tally
    and the games. `go` is kibitz's and its opponent's fixed searches (e.g.
    ('depth 2', 'depth 1')); one that is None plays on the clock."""
    rules, rules_name = rules_for(variant)
    against_fairy = variant in FAIRY_VARIANTS and fairy
    opponent = 'Fairy-Stockfish' if against_fairy else 'kibitz'
    tally = Tally(variant, label or opponent, rules_name)
    played = []
    ini = ini_path if variant == 'big16' else None
    ours = kibitz_engine(kibitz, variant, ini)
    theirs = fairy_engine(fairy, variant) if against_fairy else kibitz_engine(kibitz, variant, ini)
    try:
        start = rules.start_fen(variant)
        for g in range(games):
            # Against Fairy-Stockfish each opening is played with either colour;
            # against itself, with the same searches on both sides, the second game
            # would repeat the first: each game has an opening of its own.
            pair_seed = seed + (g // 2 if opponent != 'kibitz' else g)
            first = opening(rules, variant, start, pair_seed, opening_plies)
            kibitz_white = g % 2 == 0
            pair = [ours, theirs] if kibitz_white else [theirs, ours]
            names = ['kibitz', opponent] if kibitz_white else [opponent, 'kibitz']
            if opponent == 'kibitz':
                names = ['kibitz', 'kibitz']
            sides = None if go is None else (list(go) if kibitz_white else list(go)[::-1])
            game = play(rules, variant, pair, names, first, base_ms, inc_ms, max_plies, sides)
            tally.add(game, kibitz_white)
            played.append(game)
            if log:
                log(f'{variant} game {g + 1}: {names[0]}-{names[1]} {game.result} '
                    f'({game.reason}, {len(game.moves)} plies)')
    finally:
        ours.close()
        theirs.close()
    return tally, played


def markdown(tallies, args):
    out = [
        f'Each variant: {args.games} games, colours alternating, the first '
        f'{args.opening_plies} plies seeded random (against Fairy-Stockfish the same '
        f'opening for each pair of games, against itself one for each game); '
        f'clock {args.base_ms} ms + {args.inc_ms} ms a move for each side; a draw at '
        f'{args.max_plies} plies. Rules, legality and game ends by the referee '
        f'(`scripts/uci_referee.py`). Against itself, W and L are White\'s and Black\'s '
        f'wins. Late answers: kibitz\'s moves that came after its clock ran out. '
        f'Fairy-Stockfish plays on the same clock, or, where a `go` is named, that '
        f'fixed search (kibitz keeps its clock).',
        '',
        '| variant | opponent | referee rules | kibitz W | D | L | illegal moves | late '
        'answers | slowest kibitz answer (ms, ÷ its clock) | mean plies | how games ended |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ]
    for t in tallies:
        ends = ', '.join(f'{k} {v}' for k, v in sorted(t.reasons.items()))
        out.append(
            f'| {t.variant} | {t.opponent} | {t.rules} | {t.wins} | {t.draws} | {t.losses} | '
            f'{t.illegal} | {t.late} | {t.slowest_ms:.0f} ({t.slowest:.2f}) | '
            f'{t.plies / max(1, t.games):.0f} | {ends} |')
    return '\n'.join(out) + '\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--games', type=int, default=10)
    parser.add_argument('--seed', type=int, default=41)
    parser.add_argument('--base-ms', type=int, default=3000)
    parser.add_argument('--inc-ms', type=int, default=30)
    parser.add_argument('--max-plies', type=int, default=200)
    parser.add_argument('--opening-plies', type=int, default=4)
    parser.add_argument('--variants', default=','.join(FAIRY_VARIANTS + SELF_VARIANTS))
    parser.add_argument('--kibitz', default=str(REPO / 'target' / 'release' / 'kibitz'))
    parser.add_argument('--fairy-stockfish', default=os.environ.get('FAIRY_STOCKFISH') or str(
        REPO / 'target' / 'fairy-stockfish' / 'fairy-stockfish'))
    parser.add_argument('--work-dir', default=str(REPO / 'target' / 'uci-referee'))
    parser.add_argument('--weak-fairy-go', default='depth 1',
                        help="also play Fairy-Stockfish on this fixed `go` (kibitz keeps "
                             "its clock); '' for none")
    args = parser.parse_args()
    fairy = args.fairy_stockfish if Path(args.fairy_stockfish).is_file() else None
    work = Path(args.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    ini_path = work / 'big16.ini'
    ini_path.write_text(BIG16_INI)
    tallies = []
    for variant in args.variants.split(','):
        if variant in FAIRY_VARIANTS and not fairy:
            print(f'Fairy-Stockfish is absent ({args.fairy_stockfish}; '
                  f'scripts/build_fairy_stockfish.sh builds it): {variant} not played.\n')
            continue
        log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731
        tally, _ = match(variant, args.kibitz, fairy, args.games, args.seed, args.base_ms,
                         args.inc_ms, args.max_plies, ini_path, args.opening_plies, log=log)
        tallies.append(tally)
        if variant in FAIRY_VARIANTS and args.weak_fairy_go:
            tally, _ = match(variant, args.kibitz, fairy, args.games, args.seed, args.base_ms,
                             args.inc_ms, args.max_plies, ini_path, args.opening_plies,
                             go=(None, args.weak_fairy_go), log=log,
                             label=f'Fairy-Stockfish, `go {args.weak_fairy_go}`')
            tallies.append(tally)
    print(markdown(tallies, args))
    return 1 if any(t.illegal or t.late for t in tallies) else 0


if __name__ == '__main__':
    sys.exit(main())
