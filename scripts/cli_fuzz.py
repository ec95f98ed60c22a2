#!/usr/bin/env python3
"""Fuzzes the kibitz command line: every subcommand (the UCI engine on protocol
lines), with random bytes, mutated corpus files (plain, gzip, bzip2, damaged),
random and hostile flags, on stdin and as files, stdout and stderr sometimes a full
disk or a pipe closed early. Fairy variants too: `perft`, `moves` (`--fens`),
`play` and `mate` with `--variant` (built-in, or a section of a generated and
mutated `--variants` ini) on positions of random placement.

Every run must end by itself within TIMEOUT seconds with status 0, 1 or 2: never
a panic (101), an abort (134) or a signal. With --json every line written is one
JSON value, and a record with an error means status 1. `kibitz mate --json` on
FEN/EPD lines writes one record per line that is not blank or a # comment, in
order, and `kibitz pgn --json` numbers the games of an input 1, 2, … A closed pipe
is never reported; messages quote their input cut short; the batch readers (`mate`,
`pgn`) stay within MAX_RSS_MB of memory (their peak resident set) whatever they
read.

Two ways to run it:

    scripts/cli_fuzz.py                  # CI: the same cases every time
    scripts/cli_fuzz.py --explore        # new cases: a fresh seed (printed), 60 s

The default run is deterministic: first every case of the regression corpus
(`scripts/cli_fuzz_regressions/`: each input that ever failed, with what it must
do), then cases 0 … N-1 of the fixed seed CI_SEED (N = KIBITZ_CLI_FUZZ_CASES,
default 5000). Case N of seed S is always the same run, on any machine: its files
are mutations of the corpus that `scripts/gen_corpus.py` generates (seeded random
games, mates found by search), plus the files of the shared test data
($KIBITZ_TEST_DATA, default ../shared/data) when they are there, as on CI.

    scripts/cli_fuzz.py --explore --seconds 600 [--seed 7]
    scripts/cli_fuzz.py --seed 7 --case 1234               # one case, told in full
    scripts/cli_fuzz.py --seed 7 --case 1234 --save NAME   # keep it as a regression
    scripts/cli_fuzz.py --regressions                      # the regression corpus only

The binary is $KIBITZ_CLI, else ${CARGO_TARGET_DIR:-target}/release/kibitz. A
failing case is kept in a directory (named in the report) with its files and the
command line, to be rerun by hand.
"""

import argparse
import base64
import bz2
import gzip
import io
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import gen_corpus

ROOT = Path(__file__).resolve().parent.parent
REGRESSIONS = ROOT / "scripts" / "cli_fuzz_regressions"
TIMEOUT = 10.0
WORKERS = 2
CI_SEED = 20261201
MAX_RSS_MB = 512

# ---------------------------------------------------------------- the corpus


def shared_data():
    """The shared test data (outside corpora), or None where it is absent; absent
    under KIBITZ_REQUIRE_DATA=1 (CI), the run stops with an error naming it."""
    path = Path(os.environ.get("KIBITZ_TEST_DATA") or ROOT.parent / "shared" / "data")
    if path.is_dir():
        return path
    if os.environ.get("KIBITZ_REQUIRE_DATA", "") not in ("", "0"):
        sys.exit(f"cli-fuzz: the shared test data is absent from {path}, and "
                 "KIBITZ_REQUIRE_DATA=1 requires it (set KIBITZ_TEST_DATA)")
    return None


def load_corpus():
    """The generated corpus, then the shared data's files (sorted by name)."""
    files = [(f"generated/{n}", d) for n, d in sorted(gen_corpus.generate().items())]
    shared = shared_data()
    if shared is not None:
        for p in sorted(p for p in shared.rglob("*") if p.is_file() and p.suffix != ".md"):
            files.append((f"shared/{p.relative_to(shared).as_posix()}", p.read_bytes()))
    return files


TEXT = load_corpus()


def corpus_lines(suffixes):
    lines = []
    for name, data in TEXT:
        if name.endswith(suffixes):
            lines.extend(l for l in data.decode("utf-8", "replace").splitlines() if l)
    return lines


EPD_LINES = [l for l in corpus_lines((".epd",)) if not l.startswith("#")]
# The perft files' `epd …` lines: Chess960 positions among them (Shredder-FEN).
PERFT_FENS = [l[4:] for l in corpus_lines((".perft", ".epd")) if l.startswith("epd ")]
CSV_FENS = [cell for l in corpus_lines((".csv",)) for cell in l.split(",") if cell.count("/") == 7]
FENS = EPD_LINES[:4000] + CSV_FENS[:4000] + PERFT_FENS[:2000]
SAN = sorted(
    {
        t
        for l in corpus_lines((".pgn",))
        if not l.startswith("[")
        for t in l.split()
        if t[:1].isalpha() and len(t) <= 8
    }
)
GAMES = []  # the moves of each game, without numbers, comments or results
for _name, _data in TEXT:
    if _name.endswith(".pgn"):
        for _block in _data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n\n"):
            if _block.startswith("["):
                continue
            # Move numbers go, also when glued to the move (`12.e4`).
            _words = (re.sub(r"^\d+\.+", "", t) for t in _block.split())
            _moves = [t for t in _words if t[:1].isalpha() and "{" not in t and "}" not in t]
            if _moves:
                GAMES.append(_moves)
SQUARES = [f + r for f in "abcdefgh" for r in "12345678"]
PIECES = (
    "king queen rook bishop knight archbishop chancellor amazon camel zebra giraffe "
    "wazir ferz alfil dabbaba threeleaper tripper nightrider mann cardinal princess "
    "marshal empress"
).split()

# fmt: off
HOSTILE = [
    "", " ", "-", "--", "startpos", " startpos ", "0", "-1", "+1", "18446744073709551616",
    "9" * 40, "-9223372036854775808", "NaN", "inf", "1e999", "\u00e9", "\u2003", "\ufeff",
    "\u202e", "e4\r", "a" * 1000, "#", ",", '"', '[Event "', "{", "(", "%", "1.", "Z0", "x",
    "0-0-0-0", "e8=K", "i9", "a0", "z26", "a27", "e2e9", "Ng1-f3", "Nb1xc3", "O-O",
    "8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/8/8 w - - 0 1", "44/8/8/8/8/8/8/K6k w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]
# fmt: on

# fmt: off
INSERTS = [
    b"\x00", b"\r", b"\n", b"\r\n", b"\n\n", b" ", b"\t", b"\x0b", b"\xef\xbb\xbf", b"\xff",
    b"\xc3", b"#", b",", b'"', b"[", b"]", b'[Event "', b"{", b"}", b"(", b")", b"%", b";",
    b"1.", b"--", b"Z0", b"$", b"9" * 30, b"1/2-1/2", b"*", b"\x1f\x8b", b"(\xb5/\xfd", b"BZh",
]
# fmt: on


def random_bytes(rng, n):
    return rng.randbytes(n)


def window(rng, data):
    """A random stretch of lines of `data`, or all of it."""
    if len(data) <= 4096 or rng.random() < 0.15:
        return data
    size = min(len(data), rng.choice([512, 4096, 32768, 200000]))
    start = rng.randrange(0, len(data) - size + 1)
    nl = data.find(b"\n", start)
    start = nl + 1 if 0 <= nl < start + 200 else start
    return data[start : start + size]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 10, 40])):
        op = rng.randrange(11)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:  # flip a bit
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1 and data:  # replace a byte
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif op in (2, 3):  # insert something that means something somewhere
            data[at:at] = rng.choice(INSERTS)
        elif op == 4:  # delete a stretch
            data[at : at + rng.randrange(1, 64)] = b""
        elif op == 5:  # repeat a stretch
            n = rng.randrange(1, 64)
            data[at:at] = data[at : at + n] * rng.choice([2, 3, 100, 10000])
        elif op == 6:  # cut the end off
            del data[at:]
        elif op == 7:  # splice in another file
            _, other = rng.choice(TEXT)
            other = window(rng, other)
            j = rng.randrange(len(other) + 1)
            data[at:] = other[j:]
        elif op == 8:  # a huge token
            data[at:at] = bytes([rng.choice(b"xN(1/ ")]) * rng.choice([100, 5000, 300000])
        elif op == 9:  # swap two lines
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"\n".join(lines))
        elif op == 10:  # a random scrap
            data[at:at] = random_bytes(rng, rng.randrange(1, 32))
    return bytes(data)


def input_bytes(rng):
    """The bytes of one input: random, or a piece of a data file, mutated, maybe
    compressed and maybe damaged after."""
    kind = rng.random()
    if kind < 0.12:
        data = random_bytes(rng, rng.choice([0, 1, 16, 512, 8192]))
    elif kind < 0.2:
        data = "\n".join(rng.choice(FENS + HOSTILE) for _ in range(rng.randrange(1, 50))).encode()
    else:
        _, data = rng.choice(TEXT)
        data = mutate(rng, window(rng, data))
    r = rng.random()
    if r < 0.06:
        data = gzip.compress(data, mtime=0)
    elif r < 0.1:
        data = bz2.compress(data)
    if r < 0.1 and rng.random() < 0.5:
        data = mutate(rng, data)
    return data


# ------------------------------------------------------------ command lines


def word(rng):
    """A short argument of any kind."""
    r = rng.random()
    if r < 0.3:
        return rng.choice(HOSTILE)
    if r < 0.5:
        return rng.choice(SQUARES)
    if r < 0.7 and SAN:
        return rng.choice(SAN)
    if r < 0.8:
        return rng.choice(FENS)
    if r < 0.93:
        return mutate(rng, rng.choice(FENS + SQUARES + HOSTILE).encode()).decode("utf-8", "replace")
    # Any bytes but NUL (arguments are C strings), UTF-8 or not.
    return random_bytes(rng, rng.randrange(1, 12))


def fen(rng):
    r = rng.random()
    if r < 0.5:
        return rng.choice(FENS)
    if r < 0.6:
        return "startpos"
    if r < 0.85:
        return mutate(rng, rng.choice(FENS).encode()).decode("utf-8", "replace")
    return word(rng)


def number(rng):
    return str(
        rng.choice([0, 1, 2, 3, 7, 26, 27, 100, 2**31, 2**63, 2**64, -1, -(2**63), -(2**63) - 1])
    )


def uci_line(rng):
    """One line a GUI (or a confused one) sends to `kibitz uci`."""
    moves = " ".join(rng.choice(SQUARES) + rng.choice(SQUARES) for _ in range(rng.randrange(4)))
    game = " ".join(rng.choice(GAMES)[: rng.randrange(1, 20)]) if GAMES else ""
    return rng.choice(
        [
            "uci",
            "isready",
            "ucinewgame",
            "stop",
            "quit" if rng.random() < 0.2 else "isready",
            "position startpos",
            f"position startpos moves e2e4 e7e5 {moves}",
            f"position fen {fen(rng)}",
            f"position fen {fen(rng)} moves {moves}",
            f"position startpos moves {game}",
            f"go depth {rng.choice([1, 2, 3, 4, 30, -1, 'x'])}",
            f"go nodes {rng.choice([1, 100, 5000, 10**20])}",
            f"go movetime {rng.choice([0, 1, 20, 50])}",
            f"go mate {rng.choice([1, 2, 3, 0, 99])}",
            f"go wtime {rng.choice([0, 100, -5, 10**6])} btime 100 winc 0 binc 0",
            "go infinite",
            "go",
            # Not 4096, the largest: 4 GiB is more than a test machine may give.
            f"setoption name Hash value {rng.choice(['1', '16', '64', '0', '5000', 'x', ''])}",
            f"setoption name {rng.choice(['Threads', 'UCI_Chess960', 'nope', ''])} value "
            + rng.choice(["1", "2", "true", "false", ""]),
            "setoption",
            "debug on",
        ]
    )


def batch_flags(rng):
    args = []
    if rng.random() < 0.5:
        args += ["-j", rng.choice(["1", "2", "3", "4"] * 4 + ["0", "257", "-1", "x"])]
    if rng.random() < 0.3:
        args += ["--chunk-bytes", rng.choice(["1", "7", "100", "4096", "65536"] * 3 + ["0"])]
    return args


# The built-in variants and their boards (files × ranks), and names that are not
# variants. Musketeer's FEN has ten rows (the gating rows) on an 8 × 8 board.
VARIANTS = {
    "chess": (8, 8), "musketeer": (8, 10), "capablanca": (10, 8), "gothic": (10, 8),
    "janus": (10, 8), "embassy": (10, 8), "grand": (10, 10), "seirawan": (8, 8),
    "amazon": (8, 8), "nightrider": (8, 8), "grasshopper": (8, 8), "shako": (10, 10),
    "sixteen": (16, 16),
}
NOT_VARIANTS = ["", "Chess", "fairy", "capablanca:chess", "x" * 200, "\u00e9"]
BETZA = "WFDNAHCZGKQRBfbrlvsmcipgn0123456789"


def variant_fen(rng, files, ranks):
    """A placement on a files × ranks board: kings (mostly one each), pieces and
    empty runs of any length, then the other fields; often not a legal position."""
    rows = []
    for _ in range(ranks if rng.random() < 0.9 else rng.randrange(1, ranks + 3)):
        row, empty = "", 0
        for _ in range(files):
            if rng.random() < 0.7:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += rng.choice("pppPPPnbrqkNBRQKacmeulzhfdsACMEULZHFDS*")
        if empty:
            row += str(empty)
        rows.append(row)
    fen = "/".join(rows)
    holdings = "[" + "".join(rng.choice("HEhe") for _ in range(rng.randrange(3))) + "]"
    return (
        fen
        + (holdings if rng.random() < 0.2 else "")
        + f" {rng.choice('wb')} {rng.choice(['-', 'KQkq', 'HAha', 'Kq'])} - 0 1"
    )


def variants_ini(rng):
    """A variants.ini text: sections with a parent, random Betza pieces, board sizes
    and keys, some of them wrong (unknown keys, bad numbers, sizes past 16)."""
    sections = []
    for i in range(rng.randrange(1, 4)):
        parent = rng.choice(list(VARIANTS)[:8] + ["nope", ""])
        lines = [f"[v{i}:{parent}]" if parent else f"[v{i}]"]
        for n in range(rng.randrange(4)):
            betza = "".join(rng.choice(BETZA) for _ in range(rng.randrange(1, 7)))
            lines.append(f"customPiece{n + 1} = {rng.choice('acdegijlmostuvwxyz')}:{betza}")
        if rng.random() < 0.5:
            lines.append(f"maxFile = {rng.choice(['8', '10', '12', '16', '17', '0', 'x', 'p'])}")
            lines.append(f"maxRank = {rng.choice(['8', '10', '12', '16', '17', '0', 'x'])}")
        if rng.random() < 0.3:
            files, ranks = rng.choice(list(VARIANTS.values()))
            lines.append(f"startFen = {variant_fen(rng, files, ranks)}")
        if rng.random() < 0.3:
            lines.append(rng.choice(
                ["promotionPieceTypes = qrbn", "castling = false", "doubleStep = true",
                 "pieceToCharTable = PNBRQ....K", "noSuchKey = 1", "stalemateValue = loss",
                 "extinctionValue = win", "= x", "garbage line"]
            ))
        sections.append("\n".join(lines))
    return ("\n\n".join(sections) + "\n").encode()


def generate(how):
    """A regression's generated input: its parts repeated, gzip-compressed when it says
    so, made a megabyte at a time (a 300 MB input never sits in this process: a child
    forked meanwhile would inherit it)."""
    if how.get("compress") != "gzip":
        return b"".join(text.encode() * times for text, times in how["parts"])
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=1, mtime=0) as packed:
        for text, times in how["parts"]:
            piece = text.encode()
            per_block = max(1, (1 << 20) // max(1, len(piece)))
            while times > 0:
                n = min(times, per_block)
                packed.write(piece * n)
                times -= n
    return out.getvalue()


def peak_rss_mb(pid):
    """The peak resident memory of process `pid` since its exec (VmHWM), or None once
    it is gone. Not getrusage's ru_maxrss, which counts the forked copy of this
    process before the exec too."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Case:
    def __init__(self, seed, index, stored=None):
        self.seed, self.index = seed, index
        self.rng = random.Random(f"{seed}:{index}")
        self.files = {}  # name in the case directory -> bytes
        self.stdin = b""
        self.json = False
        self.junk = False
        self.counted = None  # (input name, the bytes whose records are counted)
        self.stdout_mode = "file"  # or "full", "close"
        self.want = None  # with "close": the bytes read before the pipe closes
        self.stderr_mode = "file"  # or "full"
        self.single = False  # pgn: one readable input, its games numbered 1, 2, …
        self.name = None  # a regression's name
        self.expect_exit = None  # a regression's exit status, when it is pinned
        self.max_rss_mb = None  # a memory bound beyond MAX_RSS_MB's commands
        if stored is None:
            self.args = self.build()
        else:
            self.load(stored)

    @classmethod
    def regression(cls, path):
        """A case of the regression corpus: `path/case.json` and its input files."""
        return cls(None, path.name, stored=path)

    def load(self, path):
        spec = json.loads((path / "case.json").read_text())
        self.name = path.name
        self.command = spec.get("command")
        self.args = [
            base64.b64decode(a["b64"]) if isinstance(a, dict) else a.encode()
            for a in spec["args"]
        ]
        for f in sorted(path.iterdir()):
            if f.name not in ("case.json", "stdin"):
                self.files[f.name] = f.read_bytes()
        if (path / "stdin").exists():
            self.stdin = (path / "stdin").read_bytes()
        for name, how in spec.get("generate", {}).items():
            data = generate(how)
            if name == "stdin":
                self.stdin = data
            else:
                self.files[name] = data
        self.json = spec.get("json", False)
        self.junk = spec.get("junk", False)
        self.single = spec.get("single", False)
        self.stdout_mode = spec.get("stdout", "file")
        self.want = spec.get("want")
        self.stderr_mode = spec.get("stderr", "file")
        counted = spec.get("counted")
        if counted is not None:
            self.counted = (counted, self.stdin if counted == "-" else self.files[counted])
        self.expect_exit = spec.get("expect_exit")
        self.max_rss_mb = spec.get("max_rss_mb")

    def save(self, name, note):
        """Keeps this case in the regression corpus as `name`."""
        path = REGRESSIONS / name
        path.mkdir(parents=True, exist_ok=False)
        for file, data in self.files.items():
            (path / file).write_bytes(data)
        if self.stdin:
            (path / "stdin").write_bytes(self.stdin)

        def arg(a):
            try:
                return a.decode("utf-8")
            except UnicodeDecodeError:
                return {"b64": base64.b64encode(a).decode()}

        spec = {
            "note": note,
            "from": f"seed {self.seed}, case {self.index}",
            "command": self.command,
            "args": [arg(a) for a in self.args],
            "json": self.json,
            "junk": self.junk,
            "single": self.single,
            "stdout": self.stdout_mode,
            "want": self.want,
            "stderr": self.stderr_mode,
            "counted": self.counted[0] if self.counted else None,
        }
        (path / "case.json").write_text(json.dumps(spec, indent=1) + "\n")
        return path

    def new_file(self, data, suffix):
        name = f"in{len(self.files)}{suffix}"
        self.files[name] = data
        return name

    def inputs(self, at_least):
        """File arguments of a batch command, each with its bytes when known."""
        rng = self.rng
        names = []
        for _ in range(max(at_least, rng.choice([0, 1, 1, 1, 1, 2, 3]))):
            r = rng.random()
            if r < 0.6:
                data = input_bytes(rng)
                names.append((self.new_file(data, rng.choice([".epd", ".csv", ".pgn", ""])), data))
            elif r < 0.8:
                self.stdin = input_bytes(rng)
                names.append(("-", self.stdin))
            elif r < 0.9:
                names.append((rng.choice(["/nonexistent/x.pgn", ".", "/dev/null"]), None))
            else:
                names.append((word(rng), None))
        return names

    def build(self):
        rng = self.rng
        # Weights: the batch commands have the most to read.
        commands = {"mate": 30, "pgn": 15, "square": 8, "line": 5, "perft": 8, "moves": 8}
        commands |= {"play": 10, "mobility": 12, "uci": 6, "solve": 10, "demo": 0.3, "other": 3}
        commands |= {"variant": 12}
        command = rng.choices(list(commands), weights=list(commands.values()))[0]
        self.command = command
        json_flag = rng.random() < 0.5
        args = []
        if command == "mate" and rng.random() < 0.35:
            # FEN/EPD lines alone, where every record is counted.
            data = "\n".join(rng.choice(FENS + HOSTILE[:8]) for _ in range(rng.randrange(1, 400)))
            data = mutate(rng, data.encode() + rng.choice([b"", b"\n", b"\r\n"]))
            if rng.random() < 0.5:
                self.stdin = data
                name = "-"
            else:
                name = self.new_file(data, ".epd")
            args += [name] + batch_flags(rng)
            self.counted = (name, data)
            json_flag = True
        elif command == "mate":
            inputs = self.inputs(0)
            fens = [fen(rng) for _ in range(rng.choice([0, 0, 0, 1, 2]))]
            for f in fens:
                args += ["--fen", f]
            args += [name for name, _ in inputs]
            if not inputs and not fens:
                self.stdin = input_bytes(rng)
                inputs = [("-", self.stdin)]
            for flag in ["--glance", "--threats"]:
                if rng.random() < 0.2:
                    args.append(flag)
            args += batch_flags(rng)
            if len(inputs) == 1 and not fens and inputs[0][1] is not None:
                self.counted = inputs[0]
        elif command == "solve":
            # Bounded work: small bounds and a node limit, so a case ends quickly;
            # FEN/EPD lines alone are counted, one record each.
            if rng.random() < 0.5:
                data = "\n".join(rng.choice(FENS + HOSTILE[:8]) for _ in range(rng.randrange(1, 60)))
                data = mutate(rng, data.encode() + b"\n")
                name = self.new_file(data, ".epd") if rng.random() < 0.5 else "-"
                if name == "-":
                    self.stdin = data
                args.append(name)
                self.counted = (name, data)
                json_flag = True
            else:
                for _ in range(rng.choice([1, 1, 2])):
                    args += ["--fen", fen(rng)]
            args += ["--mate", rng.choice(["1", "2", "3", "3", "0", "101", "x"])]
            args += ["--nodes", rng.choice(["2000", "20000", "0"])]
            for flag in ["--all", "--tree"]:
                if rng.random() < 0.3:
                    args.append(flag)
            if rng.random() < 0.2:
                args += ["--time", rng.choice(["0.1", "0", "-1", "NaN", "1e9"])]
            args += batch_flags(rng)
        elif command == "pgn":
            inputs = self.inputs(rng.choice([0, 1, 1, 1]))
            args += [name for name, _ in inputs]
            self.single = len(inputs) == 1 and inputs[0][1] is not None
            args += batch_flags(rng)
        elif command == "square":
            args += [word(rng) for _ in range(rng.choice([0, 1, 2, 3, 3, 6, 6, 6]))]
        elif command == "line":
            args += [word(rng) for _ in range(rng.choice([1, 2, 2, 2, 2, 2, 3]))]
        elif command == "perft":
            # Deep counts are slow on purpose: only the out-of-range ones, which
            # must be refused at once.
            args.append(
                rng.choice(
                    ["0", "1", "2", "3", "3", "21", "100000", "-1", "x", "18446744073709551616"]
                )
            )
            if rng.random() < 0.8:
                args += ["--fen", fen(rng)]
            if rng.random() < 0.3:
                args.append("--divide")
        elif command == "variant":
            # perft, moves, play and mate of a fairy variant: a built-in, or a
            # section of a generated variants.ini, on a position of its board.
            command = rng.choice(["perft", "moves", "moves", "play", "mate"])
            self.command = command
            name = rng.choice(list(VARIANTS))
            files, ranks = VARIANTS[name]
            if rng.random() < 0.25:
                args += ["--variants", self.new_file(mutate(rng, variants_ini(rng)), ".ini")]
                name = rng.choice(["v0", "v1", name])
            elif rng.random() < 0.05:
                name = rng.choice(NOT_VARIANTS)
            args += ["--variant", name]
            fens = [variant_fen(rng, files, ranks) for _ in range(rng.randrange(1, 40))]
            if command == "perft":
                args.append(rng.choice(["0", "1", "1", "2", "x", "-1"]))
            if command == "mate" or (command == "moves" and rng.random() < 0.4):
                data = mutate(rng, ("\n".join(fens) + "\n").encode())
                target = "-" if rng.random() < 0.5 else self.new_file(data, ".epd")
                if target == "-":
                    self.stdin = data
                args += [target] if command == "mate" else ["--fens", target]
            elif rng.random() < 0.7:
                text = fens[0] if rng.random() < 0.8 else mutate(rng, fens[0].encode())
                args += ["--fen", text if isinstance(text, str) else text.decode("utf-8", "replace")]
            if command == "play":
                # UCI moves of the board's squares (two-digit ranks), some not moves.
                squares = [f + str(r) for f in "abcdefghijklmnop"[:files] for r in range(1, ranks + 1)]
                args += [rng.choice(squares) + rng.choice(squares) for _ in range(rng.randrange(1, 4))]
        elif command == "moves":
            if rng.random() < 0.15:
                # A batch of FEN lines, one record each.
                data = "\n".join(rng.choice(FENS + HOSTILE[:8]) for _ in range(rng.randrange(1, 100)))
                data = mutate(rng, data.encode() + b"\n")
                target = "-" if rng.random() < 0.5 else self.new_file(data, ".epd")
                if target == "-":
                    self.stdin = data
                args += ["--fens", target]
            elif rng.random() < 0.8:
                args += ["--fen", fen(rng)]
            if rng.random() < 0.5:
                args += ["--format", rng.choice(["san", "fide", "uci", "SAN", "x"])]
        elif command == "play":
            if rng.random() < 0.4:
                args += ["--fen", fen(rng)]
            if GAMES and rng.random() < 0.6:
                moves = list(rng.choice(GAMES)[: rng.randrange(1, 80)])
                for _ in range(rng.choice([0, 0, 1, 2])):
                    moves[rng.randrange(len(moves))] = word(rng)
            else:
                moves = [word(rng) for _ in range(rng.choice([0, 1, 2, 5]))]
            # A move such as -1 would be read as a flag: the moves go after `--`.
            args += ["--"] + moves if any(m[:1] in ("-", b"-") for m in moves) else moves
        elif command == "mobility":
            if rng.random() < 0.6:
                args.append(rng.choice(PIECES + [word(rng)]))
            if rng.random() < 0.3:
                args += [
                    "--betza",
                    "".join(
                        rng.choice("WFDNAHCZGKQRBfbrlvsmchpnjiaoyeg0123456789")
                        for _ in range(rng.randrange(1, 8))
                    ),
                ]
            for flag in ["--once", "--repeated", "--leaper", "--rider"]:
                for _ in range(rng.choice([0, 0, 0, 1, 2])):
                    dr, dk = (rng.choice([number(rng), str(rng.randint(-4, 4))]) for _ in "rk")
                    args.append(f"{flag}={dr},{dk}")
            if rng.random() < 0.5:
                args += [
                    "--board",
                    rng.choice(
                        [
                            f"{rng.randint(0, 27)}x{rng.randint(0, 27)}",
                            f"{number(rng)}x{number(rng)}",
                            word(rng),
                        ]
                    ),
                ]
            if rng.random() < 0.3:
                args += ["--from", rng.choice(SQUARES + ["z26", "a10", "j10", word(rng)])]
            if rng.random() < 0.2:
                args += ["--empty", rng.choice(["0", "0.5", "1", "1.5", "-0", "NaN", "x"])]
            if rng.random() < 0.1:
                args += ["--svg", rng.choice(["out.svg", "/nonexistent/out.svg"])]
        elif command == "uci":
            # The protocol on stdin; the end of it stops any search.
            self.stdin = "".join(uci_line(rng) + "\n" for _ in range(rng.randrange(1, 30))).encode()
            if rng.random() < 0.2:
                self.stdin = mutate(rng, self.stdin)
            json_flag = False
        elif command == "demo":
            json_flag = False
        else:
            args = rng.choice(
                [[], ["--help"], ["--version"], ["help", "mate"], [word(rng)], ["mate-reports"]]
            )
            command = None
            json_flag = False
        if command in ("mate", "moves", "perft", "solve") and rng.random() < 0.2:
            args.append("--chess960")
        if json_flag:
            # First, so that it is never after a `--`.
            args.insert(0, "--json")
            self.json = True
        if command is not None:
            args.insert(0, command)
        if command not in ("mate", "pgn", "solve") and rng.random() < 0.3:
            # Commands that read no input must not wait for it or trip on it; and
            # a file's name is one more hostile argument.
            self.stdin = input_bytes(rng)
            if args and rng.random() < 0.5:
                name = self.new_file(input_bytes(rng), rng.choice([".epd", ".pgn", ""]))
                args.insert(rng.randrange(1, len(args) + 1), name)
        if rng.random() < 0.05:
            # A flag that is not one, anywhere: a usage error, never a crash. Not
            # `--` for solve, which would make its --nodes bound a file name and
            # leave an EPD's `bm #57` unbounded (slow by request, not a hang).
            junk = ["--nope", "-x", "--json=1", "-", "-j"] + ([] if command == "solve" else ["--"])
            args.insert(rng.randrange(len(args) + 1), rng.choice(junk))
            self.junk = True
        r = rng.random()
        self.stdout_mode = "full" if r < 0.04 else "close" if r < 0.1 else "file"
        self.stderr_mode = "full" if rng.random() < 0.04 else "file"
        if self.stdout_mode == "close":
            # `| head -c N`: N = 0 is a pipe closed before the first write.
            self.want = rng.choice([0, 0, 1, 100, 5000])
        args = [a if isinstance(a, bytes) else a.encode() for a in args]
        # Arguments are C strings (no NUL) of at most 128 KiB each (Linux).
        return [a.replace(b"\x00", b"?")[:100_000] for a in args]

    # ---------------------------------------------------------------- running

    def run(self, binary, keep=False):
        """Runs the case; returns None, or what went wrong."""
        work = Path(tempfile.mkdtemp(prefix="kibitz-cli-fuzz-"))
        try:
            for name, data in self.files.items():
                (work / name).write_bytes(data)
            (work / "stdin").write_bytes(self.stdin)
            problem = self.run_in(binary, work)
            if problem is not None:
                self.keep(work)
                return problem
            return None
        finally:
            if not keep:
                shutil.rmtree(work, ignore_errors=True)

    def keep(self, work):
        with open(work / "command", "wb") as f:
            f.write(b"cd " + str(work).encode() + b" && kibitz")
            for a in self.args:
                f.write(b" '" + a.replace(b"'", b"'\\''") + b"'")
            f.write(b" < stdin\n")
        label = self.name or f"{self.seed}-{self.index}"
        kept = Path(tempfile.gettempdir()) / f"kibitz-cli-fuzz-{label}"
        shutil.rmtree(kept, ignore_errors=True)
        shutil.copytree(work, kept)
        self.kept = kept

    def run_in(self, binary, work):
        stdin = open(work / "stdin", "rb")
        out_path, err_path = work / "stdout", work / "stderr"
        # `| head -c N`: read N bytes, then close the pipe.
        want = self.want if self.stdout_mode == "close" else None
        if want == 0:
            read_end, write_end = os.pipe()
            os.close(read_end)
            stdout = os.fdopen(write_end, "wb")
        elif want is not None:
            stdout = subprocess.PIPE
        elif self.stdout_mode == "full":
            stdout = open("/dev/full", "wb")
        else:
            stdout = open(out_path, "wb")
        stderr = open("/dev/full", "wb") if self.stderr_mode == "full" else open(err_path, "wb")
        env = dict(os.environ)
        env.pop("NO_COLOR", None)
        start = time.monotonic()
        try:
            proc = subprocess.Popen(
                [binary] + self.args, cwd=work, stdin=stdin, stdout=stdout, stderr=stderr, env=env
            )
        finally:
            stdin.close()
            if stdout is not subprocess.PIPE:
                stdout.close()
            stderr.close()
        if want:
            got = 0
            while got < want:
                chunk = proc.stdout.read1(want - got)
                if not chunk:
                    break
                got += len(chunk)
            proc.stdout.close()
        # Polled rather than waited for: the child's peak memory (VmHWM) is read while
        # it lives. os.waitid with WNOWAIT tells that it ended without reaping it, so
        # /proc still has its last high-water mark.
        deadline = start + TIMEOUT
        pause = 0.0005
        self.rss_mb = 0.0
        while True:
            ended = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            peak = peak_rss_mb(proc.pid)
            if peak is not None:
                self.rss_mb = max(self.rss_mb, peak)
            if ended is not None:
                code = proc.wait()
                break
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                return f"no answer within {TIMEOUT:.0f} s (killed)"
            time.sleep(pause)
            pause = min(pause * 2, 0.01)
        self.seconds = time.monotonic() - start
        self.code = code
        err = err_path.read_bytes() if self.stderr_mode == "file" else b""
        self.stderr = err
        if code < 0:
            return f"killed by signal {-code}"
        if code in (101, 134):
            return f"exit {code} ({'panic' if code == 101 else 'abort'})"
        if code not in (0, 1, 2):
            return f"exit {code}, not 0, 1 or 2"
        if b"panicked at" in err:
            return "a thread panicked"
        bound = self.max_rss_mb or (MAX_RSS_MB if self.command in ("mate", "pgn") else None)
        if bound is not None and self.rss_mb > bound:
            return f"held {self.rss_mb:.0f} MB of memory, more than {bound} MB"
        if self.expect_exit is not None and code != self.expect_exit:
            return f"exit {code}, not {self.expect_exit}"
        if self.stdout_mode == "close":
            if b"Broken pipe" in err or b"os error 32" in err:
                return "a closed pipe was reported"
            return None
        if self.stdout_mode != "file":
            return None
        out = out_path.read_bytes()
        return self.check_output(code, out, err)

    def check_output(self, code, out, err):
        # Batches (mate, pgn, moves --fens) say one message per bad record.
        batch = self.command in ("mate", "pgn") or b"--fens" in self.args
        if (not batch or code == 2) and len(err) > 3000:
            # A few messages at most, each quoting its input cut short.
            return f"{len(err)} bytes of messages"
        if not self.json or self.junk or code == 2:
            return None
        records = []
        for number, line in enumerate(out.split(b"\n")[:-1], 1):
            try:
                records.append(json.loads(line))
            except ValueError:
                return f"stdout line {number} is not JSON: {line[:100]!r}"
        if not out.endswith(b"\n") and out:
            return "stdout does not end with a line end"
        if (
            any(isinstance(r, dict) and "error" in r and r["error"] is not None for r in records)
            and code != 1
        ):
            return f"an error record, yet exit {code}"
        if self.command == "mate" and self.counted is not None:
            return self.check_count(records)
        if self.command == "pgn" and self.single:
            games = [r.get("game") for r in records]
            if games != list(range(1, len(games) + 1)):
                return f"games numbered {games[:10]}…, not 1 to {len(games)}"
        return None

    def check_count(self, records):
        name, data = self.counted
        expected = fen_records(data)
        if expected is None:
            return None
        label = "stdin" if name == "-" else name
        got = []
        for r in records:
            where = str(r.get("input", ""))
            prefix, _, line = where.rpartition(":")
            if prefix != label or not line.isdigit():
                return f"a record of {where!r}, not of {label}"
            got.append(int(line))
        if got != expected:
            missing = sorted(set(expected) - set(got))[:5]
            extra = sorted(set(got) - set(expected))[:5]
            return (
                f"{len(expected)} FEN/EPD records in, {len(got)} out "
                f"(lines missing {missing}, unexpected {extra})"
            )
        return None

    def describe(self):
        def show(a):
            text = repr(a[:100].decode("utf-8", "replace"))
            return text + (f"…({len(a)} bytes)" if len(a) > 100 else "")

        args = " ".join(show(a) for a in self.args)
        files = ", ".join(f"{n} ({len(d)} bytes)" for n, d in self.files.items())
        label = f"regression {self.name}" if self.name else f"case {self.index}"
        return (
            f"{label}: kibitz {args}\n"
            f"  stdin {len(self.stdin)} bytes; files: {files or '-'}; "
            f"stdout {self.stdout_mode}, stderr {self.stderr_mode}"
        )


# The spaces Rust's str::trim removes (White_Space), for lines that are not ASCII.
RUST_SPACE = set("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | {
    chr(c) for c in range(0x2000, 0x200B)
}
MAGIC = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")


def fen_records(data):
    """The line numbers of the records `kibitz mate` must write for `data` when it
    is read as FEN/EPD lines; None when it is not (compressed, PGN, maybe CSV)."""
    if data.startswith(MAGIC) or (
        len(data) >= 4 and data[1:4] == b"\x2a\x4d\x18" and data[0] & 0xF0 == 0x50
    ):
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        bom = True
    else:
        bom = False
    # Format::detect: the first line not blank and not a comment, in 64 KiB.
    first = b""
    for line in data[: 64 * 1024 - 3 * bom].split(b"\n"):
        line = line.strip(b" \t\n\x0c\r")
        if line and not line.startswith(b"#"):
            first = line
            break
    if first.startswith((b"[", b"1.", b"{", b"%")) or b"," in first:
        return None
    if not data:
        return []
    body = data[:-1] if data.endswith(b"\n") else data
    numbers = []
    for number, raw in enumerate(body.split(b"\n"), 1):
        raw = raw[:-1] if raw.endswith(b"\r") else raw
        trimmed = raw.strip(b" \t\n\x0c\r")
        if not trimmed:
            continue
        if trimmed.isascii():
            if trimmed.startswith(b"#"):
                continue
        else:
            text = raw.decode("utf-8", "replace").strip("".join(RUST_SPACE))
            if not text or text.startswith("#"):
                continue
        numbers.append(number)
    return numbers


# ------------------------------------------------------------------ the loop


def run_cases(binary, cases, deadline=None):
    """Runs `cases` (an iterator of Case) on WORKERS threads until they are done, the
    deadline passes or five failed; returns the failures and a summary line."""
    lock = threading.Lock()
    state = {"runs": 0, "codes": {}, "commands": {}, "failures": []}
    cases = iter(cases)

    def worker():
        while True:
            with lock:
                if deadline is not None and time.monotonic() >= deadline:
                    return
                if len(state["failures"]) >= 5:
                    return
                case = next(cases, None)
            if case is None:
                return
            problem = case.run(binary)
            with lock:
                state["runs"] += 1
                code = getattr(case, "code", "killed")
                state["codes"][code] = state["codes"].get(code, 0) + 1
                cmd = case.command or "other"
                state["commands"][cmd] = state["commands"].get(cmd, 0) + 1
                if problem:
                    state["failures"].append((case, problem))

    threads = [threading.Thread(target=worker) for _ in range(WORKERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # A case past the time limit is run once more, alone: a hang (or a quadratic
    # reader) is slow again, a busy machine's hiccup is not. The verdict is the
    # second run's, so a shared machine's load does not decide it.
    slow = [(c, p) for c, p in state["failures"] if p.startswith("no answer within")]
    for case, problem in slow:
        again = case.run(binary)
        state["failures"].remove((case, problem))
        if again:
            state["failures"].append((case, f"{again}, twice (the second time alone)"))
    codes = ", ".join(f"{k}: {v}" for k, v in sorted(state["codes"].items(), key=str))
    commands = ", ".join(f"{k} {v}" for k, v in sorted(state["commands"].items()))
    return state["failures"], f"{state['runs']} runs ({commands}); exit codes {codes}"


def report(failures):
    for case, problem in sorted(failures, key=lambda f: str(f[0].index)):
        print(f"cli-fuzz: FAILED {problem}\n  {case.describe()}", file=sys.stderr)
        tail = getattr(case, "stderr", b"")[-600:].decode("utf-8", "replace")
        if tail:
            print("  stderr: " + tail.replace("\n", "\n          "), file=sys.stderr)
        if case.name:
            rerun = f"{sys.argv[0]} --regressions"
        else:
            rerun = f"{sys.argv[0]} --seed {case.seed} --case {case.index}"
        print(f"  kept in {case.kept}; rerun: {rerun}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--explore", action="store_true", help="new cases for a bounded time")
    parser.add_argument("--seconds", type=float, help="how long --explore runs (default 60)")
    parser.add_argument("--seed", type=int, help="the seed of --explore or --case")
    parser.add_argument("--case", type=int, help="run one case of --seed, told in full")
    parser.add_argument("--save", metavar="NAME", help="keep --case in the regression corpus")
    parser.add_argument("--note", default="", help="with --save: what the case found")
    parser.add_argument("--regressions", action="store_true", help="the regression corpus only")
    opts = parser.parse_args()
    # The environment variables of earlier versions still work.
    env = os.environ
    if opts.seed is None and env.get("KIBITZ_CLI_FUZZ_SEED"):
        opts.seed = int(env["KIBITZ_CLI_FUZZ_SEED"])
    if opts.case is None and env.get("KIBITZ_CLI_FUZZ_CASE"):
        opts.case = int(env["KIBITZ_CLI_FUZZ_CASE"])
    if opts.seconds is None and env.get("KIBITZ_CLI_FUZZ_SECONDS"):
        opts.seconds = float(env["KIBITZ_CLI_FUZZ_SECONDS"])
        opts.explore = True

    target = env.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    binary = env.get("KIBITZ_CLI", str(Path(target) / "release" / "kibitz"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"cli-fuzz: no kibitz binary at {binary} (cargo build --release -p kibitz-cli)")
    shared = shared_data()
    print(
        f"cli-fuzz: {binary}; corpus: generated"
        + (f" + {shared}" if shared else " only (no shared test data: set KIBITZ_TEST_DATA)"),
        flush=True,
    )

    if opts.case is not None:
        seed = CI_SEED if opts.seed is None else opts.seed
        case = Case(seed, opts.case)
        print(case.describe())
        problem = case.run(binary)
        print(f"  exit {getattr(case, 'code', '?')}; {problem or 'fine'}")
        sys.stdout.write(getattr(case, "stderr", b"").decode("utf-8", "replace")[-2000:])
        if problem:
            print(f"  kept in {case.kept}")
        if opts.save:
            print(f"  saved as {case.save(opts.save, opts.note or problem or '')}")
        sys.exit(1 if problem else 0)

    if opts.explore:
        seed = opts.seed if opts.seed is not None else random.SystemRandom().randrange(10**9)
        seconds = opts.seconds or 60.0
        print(f"cli-fuzz: exploring seed {seed} for {seconds:g} s (--seed {seed} repeats it)")
        cases = (Case(seed, index) for index in range(10**12))
        failures, summary = run_cases(binary, cases, time.monotonic() + seconds)
    else:
        regressions = sorted(p for p in REGRESSIONS.iterdir() if (p / "case.json").exists())
        count = 0 if opts.regressions else int(env.get("KIBITZ_CLI_FUZZ_CASES", "5000"))
        print(
            f"cli-fuzz: {len(regressions)} regressions, then cases 0 to {count - 1} of seed {CI_SEED}",
            flush=True,
        )
        cases = itertools.chain(
            (Case.regression(p) for p in regressions),
            (Case(CI_SEED, index) for index in range(count)),
        )
        failures, summary = run_cases(binary, cases)
    print(f"cli-fuzz: {summary}")
    if failures:
        report(failures)
        sys.exit(1)
    print("cli-fuzz: every run kept the promises")


if __name__ == "__main__":
    main()
