"""Cut Popeye input files into one file per problem whose condition line
matches a pattern, so that `popeye_format_compare.py` counts those problems
alone (BENCHMARKS.md, "Fairy conditions beside Popeye").

Usage:
    python3 scripts/popeye_split.py PATTERN OUTDIR FILES...

PATTERN is a regular expression (any case) searched in a problem's
`condition`/`bedingung` lines. Each problem kept is written as
OUTDIR/<file stem>_<problem number>.inp between its language's begin and end
words; `protocol` lines are left out. Problems are cut at `NextProblem`
(`WeiteresProblem`, `ASuivre`) and Popeye's abbreviations of it.
"""

from __future__ import annotations

import pathlib
import re
import sys

WORDS = {  # begin, end, next
    'de': ('AnfangProblem', 'EndeProblem', 'weiteresproblem'),
    'fr': ('DebutProbleme', 'FinProbleme', 'asuivre'),
    'en': ('BeginProblem', 'EndProblem', 'nextproblem'),
}


def first_word(line: str) -> str:
    words = line.split()
    return words[0].lower() if words else ''


def abbreviates(word: str, names) -> bool:
    return len(word) >= 3 and any(name.startswith(word) for name in names)


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    pattern = re.compile(sys.argv[1], re.I)
    out = pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    kept = 0
    for name in sys.argv[3:]:
        lines = pathlib.Path(name).read_text(encoding='latin-1').split('\n')
        begin = first_word(lines[0])
        lang = 'de' if begin.startswith('anf') else 'fr' if begin.startswith('deb') else 'en'
        nexts = [w[2] for w in WORDS.values()]
        ends = [w[1].lower() for w in WORDS.values()]
        problems, current = [], []
        for line in lines[1:]:
            word = first_word(line)
            if abbreviates(word, nexts) or abbreviates(word, ends):
                problems.append(current)
                current = []
                if abbreviates(word, ends):
                    break
            elif not word.startswith('prot'):
                current.append(line)
        if current:
            problems.append(current)
        for i, problem in enumerate(problems, 1):
            if any(pattern.search(line) and re.match(r'\s*(bed|cond)', line, re.I)
                   for line in problem):
                path = out / f'{pathlib.Path(name).stem}_{i}.inp'
                text = '\n'.join([WORDS[lang][0], *problem, WORDS[lang][1], ''])
                path.write_text(text, encoding='latin-1')
                kept += 1
    print(f'{kept} problems written to {out}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
