"""The test kit of the Python tests: where the repository and the outside test data
are, how to run the kibitz CLI and read its JSON Lines.

The outside corpora (Lichess puzzles, matetrack, games) are not in the repository:
they are read from $KIBITZ_TEST_DATA, by default ../shared/data beside the
repository. A test that needs them is skipped, saying so, where they are absent;
with KIBITZ_REQUIRE_DATA=1 (CI sets it) it fails instead, naming the file and the
setting, so that no test passes there by reading nothing.

A kibitz command that fails is a test failure, never a skip: `kibitz()` asserts
its exit status; `run()` and `records()` return it for the tests that check an
error on purpose.
"""

import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get('KIBITZ_TEST_DATA') or REPO.parent / 'shared' / 'data')
LICHESS = DATA / 'lichess'
# Anything but empty or 0, as kibitz-testdata reads it.
REQUIRE_DATA = os.environ.get('KIBITZ_REQUIRE_DATA', '') not in ('', '0')


def absent(what):
    """A test's outside data `what` is absent: a skip saying so, or a failure under
    KIBITZ_REQUIRE_DATA=1."""
    where = os.environ.get('KIBITZ_TEST_DATA') or '../shared/data beside the repository'
    if REQUIRE_DATA:
        pytest.fail(f'the outside test data {what!r} is absent from {where}, and '
                    f'KIBITZ_REQUIRE_DATA=1 requires it (set KIBITZ_TEST_DATA to the folder '
                    f'holding it)', pytrace=False)
    pytest.skip(f'the outside test data {what!r} is absent from {where} '
                f'(set KIBITZ_TEST_DATA to the folder holding it)')


def shared(relative):
    """The outside test data's file or folder `relative`, or `absent()` naming it."""
    path = DATA / relative
    if not path.exists():
        absent(relative)
    return path


def shared_files(relative, pattern):
    """The files `pattern` of the outside data's folder `relative`, sorted, as the
    values of a parametrized test. Where there are none: one value, None, that
    skips the test saying why, or, under KIBITZ_REQUIRE_DATA=1, an error that fails
    the collection."""
    folder = DATA / relative
    files = sorted(folder.glob(pattern)) if folder.is_dir() else []
    if files:
        return files
    try:
        absent(f'{relative}/{pattern}')
    except pytest.skip.Exception as skip:
        return [pytest.param(None, id='absent', marks=pytest.mark.skip(reason=skip.msg))]
    except pytest.fail.Exception as fail:
        raise RuntimeError(fail.msg) from None


def puzzles(pattern='*.csv', theme=None, limit=None):
    """(board after the opponent's first move, the rest of the solution in UCI) of
    the Lichess puzzles in the outside data's `lichess/PATTERN` files (sorted; files
    without a header naming FEN, Moves and Themes are passed over), only those
    tagged `theme` when it is given, `limit` at most. None at all is `absent()`.

    A Lichess puzzle's FEN is the position before the opponent's move that sets it
    up; the puzzle starts after the first UCI move of `Moves`.
    """
    import chess

    out = []
    for path in sorted(shared('lichess').glob(pattern)):
        with path.open(newline='') as f:
            reader = csv.DictReader(f)
            if not {'FEN', 'Moves', 'Themes'} <= set(reader.fieldnames or ()):
                continue
            for row in reader:
                if theme is not None and theme not in row['Themes'].split():
                    continue
                board = chess.Board(row['FEN'])
                moves = row['Moves'].split()
                board.push_uci(moves[0])
                out.append((board, moves[1:]))
                if len(out) == limit:
                    return out
    if not out:
        absent(f'lichess/{pattern}' + (f' (puzzles tagged {theme})' if theme else ''))
    return out


def cli():
    """The kibitz binary: $KIBITZ_CLI (test.sh builds it), else `cargo run`."""
    binary = os.environ.get('KIBITZ_CLI')
    if binary:
        return [binary]
    return ['cargo', 'run', '--quiet', '--release', '-p', 'kibitz-cli', '--']


def run(*args, stdin=None, timeout=900):
    """`kibitz ARGS` with `stdin` (text or bytes), in the repository: the finished
    process, its stdout and stderr as text."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    out = subprocess.run(cli() + [str(a) for a in args], input=stdin, cwd=REPO,
                         capture_output=True, timeout=timeout)
    return subprocess.CompletedProcess(out.args, out.returncode,
                                       out.stdout.decode('utf-8', errors='replace'),
                                       out.stderr.decode('utf-8', errors='replace'))


def kibitz(*args, stdin=None, timeout=900):
    """`run()` that fails the test, with the command and its stderr, unless kibitz
    exits with 0."""
    out = run(*args, stdin=stdin, timeout=timeout)
    assert out.returncode == 0, (f'kibitz {" ".join(map(str, args))[:200]} failed '
                                 f'({out.returncode}): {out.stderr[:2000]}')
    return out


def json_lines(text):
    """Each non-blank line of `text` read as one JSON value."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def records(*args, stdin=None, timeout=900):
    """(exit status, JSON records of stdout) of `kibitz ARGS`."""
    out = run(*args, stdin=stdin, timeout=timeout)
    return out.returncode, json_lines(out.stdout)


def interrupted_within(call, delay=0.3):
    """Seconds between a SIGINT sent to this process `delay` seconds into `call`
    and the KeyboardInterrupt that `call` raises (issue 44: Ctrl-C did not stop
    `perft(9)` for 60 s, nor `solve(…, 8)` for 47 s). Fails if `call` returns."""
    import signal
    import threading
    import time

    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # Python's own SIGINT handler, whatever this process inherited: a command
    # started in the background by a shell without job control (`cmd &`) ignores
    # SIGINT, and Python then installs no handler, so the call would never stop.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(delay, interrupt)
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    pytest.fail(f'{call} returned instead of raising KeyboardInterrupt')
