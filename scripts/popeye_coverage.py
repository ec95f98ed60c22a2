"""How much of Popeye's own example and regression files kibitz reads: a
measurement for BENCHMARKS.md, not a CI test.

Usage:
    python3 scripts/popeye_coverage.py POPEYE_DIR [--kibitz PATH] [--top N]

POPEYE_DIR is a checkout of github:thomas-maeder/popeye (its BEISPIEL, EXAMPLES,
REGRESSIONS and TESTS folders are read; nothing of Popeye is copied or kept).
A bare mirror is checked out with `git --git-dir=MIRROR worktree add` or
`git --git-dir=MIRROR archive HEAD | tar -x -C /tmp/popeye`.

Every `*.inp` file is given to `kibitz solve --popeye --json --nodes 1` (one
node: the search stops at once, since only reading is measured), in a scratch
directory: the files' `protocol` lines make kibitz write there. A record with a
`fen` is a problem read; an error record is a refusal, counted by its first
reason, the error message with the words quoted in it generalised. A problem
(a `beginproblem`/`nextproblem` unit, whatever its twins and duplex halves) is
read when every record of it is.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re
import subprocess
import tempfile

FOLDERS = ['BEISPIEL', 'EXAMPLES', 'REGRESSIONS', 'TESTS']


def reason(message: str) -> str:
    """The refusal's kind: the message after `problem N[ twin]:`, with its
    stipulation texts and positions generalised and keyword names kept."""
    text = re.sub(r'^.*?problem \d+( [a-z]\d*\))?: ', '', message)
    m = re.match(r'(\w[\w ]*?) `[^`]*` \(([^)]*)\) is outside', text)
    if m:
        return f'{m.group(1)} {m.group(2)}'
    if text.startswith('stipulation '):
        m = re.match(r'stipulation `([^`]*)`', text)
        stip = m.group(1) if m else ''
        stip = re.sub(r'\d+(\.5)?', 'n', stip)
        return f'stipulation {stip}'
    if text.startswith('the position'):
        return 'position: ' + text.split(': ', 1)[-1][:60]
    m = re.match(r'`([^`]*)` is not a Popeye keyword', text)
    if m:
        return 'not a keyword'
    return re.sub(r'`[^`]*`', '`…`', text)[:80]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('popeye', type=pathlib.Path)
    ap.add_argument('--kibitz', default='target/release/kibitz')
    ap.add_argument('--top', type=int, default=25)
    args = ap.parse_args()
    files = sorted(p for d in FOLDERS for p in (args.popeye / d).glob('*.inp'))
    records = read = 0
    problems: dict[tuple[str, int], bool] = {}
    reasons: collections.Counter[str] = collections.Counter()
    kibitz = str(pathlib.Path(args.kibitz).resolve())
    scratch = tempfile.TemporaryDirectory()
    for path in files:
        out = subprocess.run(
            [kibitz, 'solve', '--popeye', '--json', '--nodes', '1', '-j', '1', str(path.resolve())],
            capture_output=True, text=True, errors='replace', timeout=600, cwd=scratch.name,
        ).stdout
        for line in out.splitlines():
            if not line.startswith('{'):
                continue
            rec = json.loads(line)
            if 'problem' not in rec:
                continue
            records += 1
            key = (str(path), rec['problem'])
            ok = 'fen' in rec
            read += ok
            problems[key] = problems.get(key, True) and ok
            if not ok:
                reasons[reason(rec.get('error', ''))] += 1
    print(f'files: {len(files)}')
    print(f'problems read: {sum(problems.values())} of {len(problems)}')
    print(f'records read (twins and duplex halves each a record): {read} of {records}')
    print('refusals by first reason (records):')
    for why, n in reasons.most_common(args.top):
        print(f'  {n:5d}  {why}')


if __name__ == '__main__':
    main()
