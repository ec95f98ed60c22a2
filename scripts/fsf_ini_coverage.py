"""How much of a Fairy-Stockfish `variants.ini` kibitz loads, section by section:
a measurement for issue notes and BENCHMARKS.md, not a CI test.

Usage:
    python3 scripts/fsf_ini_coverage.py VARIANTS_INI [--kibitz PATH]

VARIANTS_INI is Fairy-Stockfish's own file (`src/variants.ini` of
github:fairy-stockfish/Fairy-Stockfish; read where it is, never copied here).
`kibitz variants --variants FILE` refuses a file at its first section it cannot
play, naming the line. This loop blanks that section (keeping the line numbers)
and asks again, until the rest loads: every section refused is listed once with
the reason kibitz gave, and the count of sections that load is printed. A
section whose parent was refused is refused for that reason in turn.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import tempfile
from pathlib import Path

SECTION = re.compile(r'^\[')


def refusals(kibitz: str, text: str) -> tuple[int, list[tuple[str, str]]]:
    """The number of sections, and (section header, reason) for each refused."""
    lines = text.split('\n')
    total = sum(1 for line in lines if SECTION.match(line))
    refused = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / 'variants.ini'
        while len(refused) <= total:
            path.write_text('\n'.join(lines))
            run = subprocess.run([kibitz, 'variants', '--variants', str(path), '--json'],
                                 capture_output=True, text=True)
            if run.returncode == 0:
                break
            m = re.search(r'line (\d+)', run.stderr)
            if not m:
                raise SystemExit(f'kibitz failed without a line: {run.stderr[:300]}')
            at = int(m.group(1)) - 1
            start = at
            while start > 0 and not SECTION.match(lines[start]):
                start -= 1
            end = at + 1
            while end < len(lines) and not SECTION.match(lines[end]):
                end += 1
            reason = run.stderr.strip().split(': ', 2)[-1]
            refused.append((lines[start], reason[:160]))
            for i in range(start, end):
                lines[i] = '#'
    return total, refused


def main() -> None:
    # A closed pipe (`| head`) ends the listing quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('ini')
    ap.add_argument('--kibitz', default='target/release/kibitz')
    args = ap.parse_args()
    total, refused = refusals(args.kibitz, Path(args.ini).read_text())
    print(f'sections: {total}; load: {total - len(refused)}; refused: {len(refused)}')
    for header, reason in refused:
        print(f'{header} :: {reason}')


if __name__ == '__main__':
    main()
