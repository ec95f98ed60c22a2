"""How many problems `kibitz solve --format popeye` writes as Popeye itself
does: a check against the peer for BENCHMARKS.md, not a CI test (Popeye is
never run in CI).

Usage:
    python3 scripts/popeye_format_compare.py --popeye /tmp/popeye-src/py \\
        [--kibitz target/release/kibitz] [--timeout S] [--show N] FILES...

FILES are Popeye input files (its BEISPIEL/*.inp, TESTS/*.inp, or your own).
A file of which kibitz reads no problem is counted as unread and not run.
Each other file is given to Popeye (`py -regression FILE`, which leaves out the
times) and to `kibitz solve --popeye --format popeye FILE` (and `--json`, to
number kibitz's records), each in its own scratch directory, since a
`protocol` line makes both write a file there. Nothing of Popeye is copied.

Popeye's output is cut at its `solution finished.` lines: one chunk per
problem, and inside it one solution per twin (`a) `, `b) …` headers). A file
whose chunks are not as many as kibitz's problems is not compared (reported).
For each problem or twin that kibitz reads, the solution lines (those under
the counts line `  #2   3 + 2`, Popeye's condition lines and twin headers left
out) are compared:

- `exact`: equal line for line, blank lines included (a problem without
  twins);
- `lines`: the same lines in the same order, blank lines aside;
- `set`: the same lines in another order;
- `differ`: anything else (the first few are shown with --show).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import shutil
import subprocess
import tempfile

COUNTS = re.compile(r'^  \S.*\s\d+ \+ \d+( \+ \d+n)?$')
TWIN = re.compile(r'^[a-z]\d*\) ')
END = ('solution finished.', 'solving interrupted.')
# Popeye writes its German and French inputs' solutions in their language.
END_ANY = END + ('Loesung beendet.', 'Bearbeitung abgebrochen.', 'solution terminee.',
                 'solution interrompue.')
# A line reduced to its squares and marks: what stays of a move line in any of
# Popeye's languages (`1.Lg8-c4 Lg6-f5` and `1.Bg8-c4 Bg6-f5` alike).
SQUARES = re.compile(r'[a-h][1-8]|[!?#=+]')


def run(cmd: list[str], inp: pathlib.Path, timeout: float) -> str | None:
    """stdout of `cmd` run on a copy of `inp` in a scratch directory."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / inp.name
        shutil.copy(inp, copy)
        try:
            done = subprocess.run(cmd + [copy.name], cwd=tmp, capture_output=True,
                                  timeout=timeout, errors='replace')
        except subprocess.TimeoutExpired:
            return None
        return done.stdout


def popeye_units(text: str, ends: tuple[str, ...] = END) -> list[list[list[str]]]:
    """Per problem, the solution lines of each twin (one unit without twins);
    `ends` are the words that end a problem's output (English by default)."""
    problems, chunk = [], []
    for line in text.split('\n'):
        if line.strip() in ends:
            problems.append(chunk + ['solution finished.'])
            chunk = []
        else:
            chunk.append(line)
    out = []
    for chunk in problems:
        at = max((i for i, l in enumerate(chunk) if COUNTS.match(l)), default=-1)
        body = chunk[at + 1:]
        # Conditions and options are written under the counts line, up to
        # the blank line that begins the solution.
        while body and body[0].strip():
            body = body[1:]
        twins = [i for i, l in enumerate(body) if TWIN.match(l)]
        if not twins:
            out.append([body])
            continue
        units = []
        for k, i in enumerate(twins):
            end = twins[k + 1] if k + 1 < len(twins) else len(body) - 1
            units.append(body[i + 1:end] + [body[-1]])
        out.append(units)
    return out


def kibitz_units(text: str) -> list[list[str]]:
    """kibitz's records in Popeye's layout: the lines under each counts line,
    up to its `solution finished.`."""
    units, cur = [], None
    for line in text.split('\n'):
        if cur is None:
            if COUNTS.match(line):
                cur = []
        elif not cur and line.strip():
            # The condition lines under the counts line, left out as Popeye's are.
            continue
        else:
            cur.append(line)
            if line in END:
                units.append(cur)
                cur = None
    return units


def squares_only(lines: list[str]) -> list[str]:
    return [' '.join(SQUARES.findall(line)) for line in lines]


def verdict(pop: list[str], kib: list[str], twin: bool, squares: bool = False) -> str:
    if squares:
        # Other languages: the moves' squares and marks, line by line.
        pop, kib = squares_only(pop), squares_only(kib)
    if not twin and pop == kib:
        return 'exact'
    p = [line for line in pop if line.strip()]
    k = [line for line in kib if line.strip()]
    if p == k:
        return 'lines'
    if sorted(p) == sorted(k):
        return 'set'
    return 'differ'


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--popeye', required=True)
    ap.add_argument('--kibitz', default='target/release/kibitz')
    ap.add_argument('--timeout', type=float, default=120.0,
                    help='seconds for each program on each file')
    ap.add_argument('--show', type=int, default=3, help='differences shown')
    ap.add_argument('--squares', action='store_true',
                    help="compare the lines' squares and marks only (German and French "
                         "inputs, whose solutions Popeye writes in their language)")
    ap.add_argument('files', nargs='+', type=pathlib.Path)
    args = ap.parse_args()
    kibitz = str(pathlib.Path(args.kibitz).resolve())
    popeye = str(pathlib.Path(args.popeye).resolve())
    counts = {'exact': 0, 'lines': 0, 'set': 0, 'differ': 0, 'unread': 0}
    skipped, shown = [], 0
    for f in args.files:
        # Reading alone first: a file of which kibitz reads nothing (fairy
        # conditions, …) is not solved by either program.
        jtext = run([kibitz, 'solve', '--popeye', '--json', '--nodes', '1', '-j', '1'], f, args.timeout)
        records = [json.loads(line) for line in (jtext or '').splitlines() if line.startswith('{')]
        if records and all('error' in r for r in records):
            counts['unread'] += len(records)
            continue
        ptext = run([popeye, '-regression'], f, args.timeout)
        ktext = run([kibitz, 'solve', '--popeye', '--format', 'popeye', '-j', '1'], f, args.timeout)
        if ptext is None or ktext is None or jtext is None:
            skipped.append(f'{f}: timed out')
            continue
        pops = popeye_units(ptext, END_ANY if args.squares else END)
        kibs = kibitz_units(ktext)
        nproblems = max((r.get('problem', 0) for r in records), default=0)
        if len(pops) != nproblems:
            skipped.append(f'{f}: Popeye wrote {len(pops)} problems, kibitz read {nproblems}')
            continue
        read = [r for r in records if 'error' not in r]
        if len(read) != len(kibs):
            skipped.append(f'{f}: {len(read)} records, {len(kibs)} in Popeye layout')
            continue
        kib_of = {}
        for r, unit in zip(read, kibs):
            kib_of[(r['problem'], r.get('twin'))] = unit
        for n, units in enumerate(pops, 1):
            twins = len(units) > 1
            for t, pop in enumerate(units):
                twin = f'{chr(ord("a") + t)})' if twins else None
                kib = kib_of.get((n, twin)) or (kib_of.get((n, 'a)')) if not twins else None)
                if kib is None:
                    counts['unread'] += 1
                    continue
                v = verdict(pop, kib, twins, args.squares)
                counts[v] += 1
                if v == 'differ' and shown < args.show:
                    shown += 1
                    print(f'--- {f} problem {n} {twin or ""}\nPopeye:\n' + '\n'.join(pop)
                          + '\nkibitz:\n' + '\n'.join(kib))
    total = sum(counts.values())
    compared = total - counts['unread']
    print(f'{len(args.files)} files, {total} problems and twins; kibitz reads {compared}')
    print(f'exact {counts["exact"]}, same lines {counts["lines"]}, same lines in '
          f'another order {counts["set"]}, different {counts["differ"]}')
    for s in skipped:
        print('not compared:', s)


if __name__ == '__main__':
    main()
