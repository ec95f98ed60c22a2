#!/usr/bin/env python3
"""Hostile load on a real `kibitz serve` (issue 44): the server holds.

Starts the release `kibitz serve` on a free loopback port (127.0.0.1 only) and, for
`--seconds` (60 by default), sends a fixed mix of hostile requests from several
connections at once while one well-behaved client polls `/api/position`:

- `variants.ini` bodies: 1,000 sections (one built), 10,000 sections and more than
  1 MiB (both refused at once);
- long helpmates and `#n` with every key and tree through `/api/solve`, and a
  flag that is not a flag (`tree=2`, a 400);
- compressed bombs to `/api/scan`: gzip and bzip2 PGN of hundreds of MiB in a few
  hundred KB, a zstd frame of RLE blocks (2 GiB of one byte in 64 KB), a corrupt
  zstd body;
- plain PGN bodies of 9 MiB to `/api/scan` and `/api/games` (short games with mates,
  and one game of 400,000 plies);
- slow clients: headers a byte at a time, bodies that never arrive.

Asserts, and exits 1 when one fails: the server never exits and never answers 5xx
but 503 "too busy"; each hostile request gets the status its kind calls for; the
server's RSS (sampled every 50 ms from /proc) stays under `--rss-mb` (512); the
polling client's p99 latency stays under `--p99-ms` (200); once the load is over,
idle RSS comes back under `--idle-mb` (64) or 2 × the RSS at start-up, whichever
is more, within `--settle` seconds. Every request loop is bounded in count and
time, the randomness is one seeded `random.Random`, and the server is stopped at
the end whatever happened. The figures are printed, and written as JSON with
`--json FILE`.

    scripts/load_test.py [--binary target/release/kibitz] [--seconds 60] [--seed 44]

Standard library only (Python 3.9 or later); Linux (/proc for the RSS).
"""

from __future__ import annotations

import argparse
import bz2
import http.client
import json
import os
import random
import re
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent

# A short game with a mate in one missed, then one played (the scan's positions).
GAME = (
    '[Event "load {n}"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
)
# Knights out and back: a legal game as long as wanted.
SHUFFLE = "Nf3 Nf6 Ng1 Ng8 "
POLL_FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
# Helpmates with many solutions: a lone king against a queen and a rook.
HELPMATES = [
    ("4k3/8/8/8/8/8/8/R2QK3 b - - 0 1", "h%234"),
    ("8/8/3k4/8/8/8/8/R2QK3 b - - 0 1", "h%233"),
    ("8/8/8/3k4/8/8/8/RQ2K3 b - - 0 1", "h%235"),
]


def rss_kib(pid: int) -> int | None:
    """The resident set of `pid` in KiB, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def zstd_rle_bomb(total: int, byte: int = 0x20) -> bytes:
    """A zstd frame of RLE blocks (3-byte header and one byte each, 128 KiB of
    `byte` per block): `total` bytes once decompressed, in total / 32768 bytes."""
    block = 128 * 1024
    out = bytearray(b"\x28\xb5\x2f\xfd")
    # Frame header: no content size, no checksum, single segment off; window 128 KiB.
    out += bytes([0x00, (17 - 10) << 3])
    blocks = total // block
    for i in range(blocks):
        last = 1 if i == blocks - 1 else 0
        header = last | (1 << 1) | (block << 3)  # block type 1: RLE
        out += struct.pack("<I", header)[:3] + bytes([byte])
    return bytes(out)


def corrupt_zstd() -> bytes:
    """A zstd frame whose first block is of the reserved type 3."""
    return b"\x28\xb5\x2f\xfd\x00\x38" + struct.pack("<I", 1 | (3 << 1) | (64 << 3))[:3] + b"x" * 64


def gzip_of(unit: bytes, repeats: int) -> bytes:
    """`unit` gzip-compressed once and the member repeated `repeats` times (a
    reader of gzip reads every member in turn, as `cat a.gz b.gz`)."""
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    return (c.compress(unit) + c.flush()) * repeats


def bzip2_of(unit: bytes, repeats: int) -> bytes:
    """The same with bzip2 streams."""
    return bz2.compress(unit, 9) * repeats


def zstd_of(unit: bytes, repeats: int) -> bytes | None:
    """The same with zstd frames, by the `zstd` command (None without it)."""
    try:
        frame = subprocess.run(["zstd", "-q", "-19", "-c"], input=unit, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return frame * repeats


class Bodies:
    """Every hostile body, made once from the seed."""

    def __init__(self, rng: random.Random) -> None:
        games = "".join(GAME.format(n=i) for i in range(rng.randrange(50, 60))).encode()
        mib = games * (1024 * 1024 // len(games) + 1)
        mib = mib[: mib.rindex(b"\n\n[Event") + 2]
        self.gzip_bomb = gzip_of(mib, 400)  # 400 MiB of PGN
        self.bzip2_bomb = bzip2_of(mib, 200)  # 200 MiB of PGN
        self.zstd_rle_bomb = zstd_rle_bomb(2 << 30)  # 2 GiB of spaces
        self.zstd_bomb = zstd_of(mib, 400) or self.zstd_rle_bomb  # 400 MiB of PGN
        self.zstd_corrupt = corrupt_zstd()
        self.pgn_short = mib * 9  # 9 MiB of short games
        a, b, c, d = SHUFFLE.split()
        moves = [f"{n}. {a} {b} {n + 1}. {c} {d}\n" for n in range(1, 400_000, 2)]
        self.pgn_long = ('[Event "long"]\n\n' + "".join(moves) + "*\n").encode()
        self.ini_many = "".join(f"[v{i}:capablanca]\n" for i in range(1000)).encode()
        self.ini_over = "".join(f"[v{i}]\n" for i in range(10_000)).encode()
        self.ini_big = ("[big:chess]\n" + "# padding\n" * 120_000).encode()


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_kind: dict[str, dict[str, int]] = {}
        self.unexpected: list[str] = []
        self.seconds: dict[str, float] = {}

    def note(self, kind: str, status: str, ok: bool, seconds: float) -> None:
        with self.lock:
            counts = self.by_kind.setdefault(kind, {})
            counts[status] = counts.get(status, 0) + 1
            self.seconds[kind] = max(self.seconds.get(kind, 0.0), seconds)
            if not ok and len(self.unexpected) < 50:
                self.unexpected.append(f"{kind}: {status}")


def request(host: str, port: int, method: str, path: str, body: bytes | None, timeout: float):
    """One request on its own connection: (status, body bytes)."""
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "text/plain"})
        response = conn.getresponse()
        data = response.read()
        return response.status, data
    finally:
        conn.close()


# What each kind of request may be answered: its own status, or a turn not had
# (408 for scans and builds waiting for their turn, 503 for a solve).
BUSY = {408, 503}


def kinds(bodies: Bodies, rng: random.Random):
    """(name, method, path, body, statuses allowed) of every hostile request."""
    fen, stip = HELPMATES[rng.randrange(len(HELPMATES))]
    section = rng.randrange(1000)
    return [
        ("ini-1000", "POST", f"/api/position?variant=v{section}&fen=startpos", bodies.ini_many, {200} | BUSY),
        ("ini-10000", "POST", "/api/variants", bodies.ini_over, {400} | BUSY),
        ("ini-1mib", "POST", "/api/position?variant=big&fen=startpos", bodies.ini_big, {400} | BUSY),
        ("helpmate", "GET", f"/api/solve?fen={quote(fen)}&stip={stip}", None, {200} | BUSY),
        ("helpmate-many", "GET", f"/api/solve?fen={quote(fen)}&stip={stip}&max_solutions=100000", None, {400}),
        ("mate-all-tree", "GET", f"/api/solve?fen={quote(HELPMATES[0][0].replace(' b ', ' w '))}&mate=3&all=1&tree=1", None, {200} | BUSY),
        ("tree=2", "GET", "/api/solve?fen=startpos&mate=2&tree=2", None, {400}),
        ("gzip-bomb", "POST", "/api/scan", bodies.gzip_bomb, {413} | BUSY),
        ("bzip2-bomb", "POST", "/api/scan", bodies.bzip2_bomb, {413} | BUSY),
        ("zstd-bomb", "POST", "/api/scan", bodies.zstd_bomb, {413} | BUSY),
        ("zstd-rle-bomb", "POST", "/api/scan", bodies.zstd_rle_bomb, {413} | BUSY),
        ("zstd-corrupt", "POST", "/api/scan", bodies.zstd_corrupt, {400} | BUSY),
        ("scan-9mib", "POST", "/api/scan", bodies.pgn_short, {200} | BUSY),
        ("scan-long-game", "POST", "/api/scan", bodies.pgn_long, {200} | BUSY),
        ("games-9mib", "POST", "/api/games", bodies.pgn_short, {200} | BUSY),
        ("games-long-game", "POST", "/api/games", bodies.pgn_long, {200} | BUSY),
    ]


def hostile(host, port, bodies, seed, until, stats, stop, max_answer):
    """One hostile connection's loop: a request of a kind drawn from the seed at a
    time, until `until` (or 1,000 requests)."""
    rng = random.Random(seed)
    for _ in range(1000):
        if time.monotonic() >= until or stop.is_set():
            return
        name, method, path, body, allowed = rng.choice(kinds(bodies, rng))
        started = time.monotonic()
        try:
            status, data = request(host, port, method, path, body, timeout=40)
            ok = status in allowed and len(data) <= max_answer
            label = str(status) if len(data) <= max_answer else f"{status} ({len(data)} bytes)"
        except (OSError, http.client.HTTPException) as e:
            ok, label = False, type(e).__name__
        stats.note(name, label, ok, time.monotonic() - started)


def slow(host, port, seed, until, stats, stop):
    """Slow clients: headers a byte at a time, or a body announced and never sent;
    the server must close each (10 s for headers, 30 s for a body)."""
    rng = random.Random(seed)
    for _ in range(100):
        if time.monotonic() >= until or stop.is_set():
            return
        started = time.monotonic()
        kind = rng.choice(["slow-headers", "slow-body"])
        try:
            with socket.create_connection((host, port), timeout=45) as s:
                if kind == "slow-headers":
                    # A byte every 0.2 s: the headers never end within 10 s.
                    for b in b"POST /api/scan HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1000:
                        s.sendall(bytes([b]))
                        time.sleep(0.2)
                else:
                    s.sendall(b"POST /api/scan HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc")
                got = s.recv(4096)
                closed = got == b"" or got.startswith(b"HTTP/1.1 408")
                label = "closed" if got == b"" else got.split(b"\r\n", 1)[0].decode(errors="replace")
        except BrokenPipeError:
            closed, label = True, "closed"
        except ConnectionResetError:
            closed, label = True, "reset"
        except (OSError, socket.timeout) as e:
            closed, label = False, type(e).__name__
        stats.note(kind, label, closed, time.monotonic() - started)


def poll(host, port, until, latencies, failures, stop):
    """The well-behaved client: a position every 20 ms on one kept-alive connection."""
    path = f"/api/position?fen={quote(POLL_FEN)}&moves=Qxf7%23"
    conn = http.client.HTTPConnection(host, port, timeout=10)
    for _ in range(100_000):
        if time.monotonic() >= until or stop.is_set():
            break
        started = time.monotonic()
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            data = response.read()
            if response.status != 200 or b'"checkmate"' not in data:
                failures.append(f"poll: {response.status}")
        except (OSError, http.client.HTTPException) as e:
            failures.append(f"poll: {type(e).__name__}")
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=10)
        latencies.append(time.monotonic() - started)
        time.sleep(0.02)
    conn.close()


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_bin = os.environ.get("KIBITZ_CLI") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "kibitz"
    )
    parser.add_argument("--binary", default=default_bin)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--hostile", type=int, default=6, help="hostile connections at once")
    parser.add_argument("--slow", type=int, default=2, help="slow clients at once")
    parser.add_argument("--rss-mb", type=float, default=512)
    parser.add_argument("--p99-ms", type=float, default=200)
    parser.add_argument("--idle-mb", type=float, default=64)
    parser.add_argument("--settle", type=float, default=30, help="seconds for idle RSS to come back")
    parser.add_argument("--max-answer-mb", type=float, default=16, help="the largest answer allowed")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    made = time.monotonic()
    bodies = Bodies(rng)
    print(f"load: bodies made in {time.monotonic() - made:.1f} s "
          f"(gzip bomb {len(bodies.gzip_bomb)} B, bzip2 bomb {len(bodies.bzip2_bomb)} B, "
          f"zstd bomb {len(bodies.zstd_bomb)} B, zstd RLE bomb {len(bodies.zstd_rle_bomb)} B)", flush=True)

    server = subprocess.Popen(
        [args.binary, "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    failures: list[str] = []
    figures: dict = {"seconds": args.seconds, "seed": args.seed}
    try:
        line = server.stdout.readline()
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            print(f"load: kibitz serve did not start: {line!r}", file=sys.stderr)
            return 1
        host, port = "127.0.0.1", int(m.group(1))
        # Start-up: after one request of the well-behaved kind, at rest.
        request(host, port, "GET", f"/api/position?fen={quote(POLL_FEN)}", None, 10)
        time.sleep(1)
        startup = rss_kib(server.pid)
        figures["startup_rss_mb"] = startup / 1024

        peak = [startup]
        stop = threading.Event()
        sampling = threading.Event()

        def sample():
            while not sampling.is_set():
                rss = rss_kib(server.pid)
                if rss is None or server.poll() is not None:
                    return
                peak[0] = max(peak[0], rss)
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        stats = Stats()
        latencies: list[float] = []
        poll_failures: list[str] = []
        began = time.monotonic()
        until = began + args.seconds
        max_answer = int(args.max_answer_mb * 1024 * 1024)
        threads = [threading.Thread(target=poll, args=(host, port, until, latencies, poll_failures, stop))]
        threads += [
            threading.Thread(target=hostile, args=(host, port, bodies, args.seed * 100 + i, until, stats, stop, max_answer))
            for i in range(args.hostile)
        ]
        threads += [
            threading.Thread(target=slow, args=(host, port, args.seed * 1000 + i, until, stats, stop))
            for i in range(args.slow)
        ]
        for t in threads:
            t.start()
        for t in threads:
            # A request under way when the time is up finishes within its own
            # timeout (40 s); nothing waits longer.
            t.join(timeout=args.seconds + 60)
        stop.set()
        load_seconds = time.monotonic() - began
        alive = server.poll() is None
        sampling.set()
        sampler.join(timeout=5)

        # Idle: RSS back down within the settle time.
        idle_bound = max(args.idle_mb * 1024, 2 * startup)
        settle_began = time.monotonic()
        idle = rss_kib(server.pid) if alive else None
        while alive and idle is not None and idle > idle_bound and time.monotonic() - settle_began < args.settle:
            time.sleep(0.5)
            idle = rss_kib(server.pid)
        settled = time.monotonic() - settle_began
        # A last answer after the load: the server still serves.
        if alive:
            status, _ = request(host, port, "GET", f"/api/position?fen={quote(POLL_FEN)}", None, 10)
            alive = status == 200 and server.poll() is None

        p99 = percentile(latencies, 99) * 1e3
        figures.update({
            "load_seconds": round(load_seconds, 1),
            "peak_rss_mb": round(peak[0] / 1024, 1),
            "idle_rss_mb": None if idle is None else round(idle / 1024, 1),
            "idle_bound_mb": round(idle_bound / 1024, 1),
            "settled_seconds": round(settled, 1),
            "polls": len(latencies),
            "poll_p50_ms": round(percentile(latencies, 50) * 1e3, 1),
            "poll_p99_ms": round(p99, 1),
            "poll_max_ms": round(max(latencies, default=float("nan")) * 1e3, 1),
            "requests": stats.by_kind,
            "slowest_seconds": {k: round(v, 2) for k, v in stats.seconds.items()},
        })
        figures["startup_rss_mb"] = round(startup / 1024, 1)
        if not alive:
            failures.append(f"the server exited (status {server.poll()})")
        if peak[0] > args.rss_mb * 1024:
            failures.append(f"peak RSS {peak[0] / 1024:.0f} MB is over {args.rss_mb:.0f} MB")
        if p99 > args.p99_ms:
            failures.append(f"the polling client's p99 {p99:.0f} ms is over {args.p99_ms:.0f} ms")
        if idle is None or idle > idle_bound:
            failures.append(f"idle RSS {idle and idle / 1024:.0f} MB did not come back under {idle_bound / 1024:.0f} MB")
        failures += poll_failures[:10]
        failures += stats.unexpected
        if not any(s for k, s in stats.by_kind.items() if not k.startswith("slow")):
            failures.append("no hostile request was sent")
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()

    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")
    if failures:
        for f in failures:
            print(f"load: FAILED: {f}", file=sys.stderr)
        print(f"load test: 0 passed, 1 failed")
        return 1
    print("load test: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
