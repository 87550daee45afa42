"""Throughput of the OSC 7501 scanner on a TUI-like stream, and encode/parse rates.

Usage: .venv/bin/python bench/bench_protocol.py [--mb 64]

Every figure is printed next to a baseline measured in the same run on the same
chunks: "loop" iterates the chunks doing nothing, "find" does only the substring test
the scanner's hot path starts with. The scanner's cost is what it adds to those.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from osc7501wrap.protocol import Report, encode, parse_body
from osc7501wrap.stream.scanner import ReportScanner


def tui_stream(size: int, seed: int = 1) -> bytes:
    """About `size` bytes of redraw-heavy terminal output: SGR, cursor moves, box drawing,
    CJK and emoji text, OSC 8 links, OSC 0 titles, synchronized-update brackets."""
    rng = random.Random(seed)
    words = ["Thinking", "Reading", "file.py", "✔", "⏺", "│", "─", "安全", "😀", "diff",
             "+added", "-removed", "tokens", "esc to interrupt"]
    parts: list[bytes] = []
    total = 0
    while total < 1 << 20:  # a 1 MiB pattern, repeated
        frame = [b"\x1b[?2026h"]
        for row in range(rng.randrange(3, 30)):
            frame.append(b"\x1b[%d;1H\x1b[2K" % (row + 1))
            frame.append(b"\x1b[38;5;%dm" % rng.randrange(256))
            frame.append(" ".join(rng.choice(words) for _ in range(rng.randrange(2, 12))).encode())
            if rng.random() < 0.05:
                frame.append(b"\x1b]8;;https://example.com/x\x1b\\link\x1b]8;;\x1b\\")
            frame.append(b"\x1b[0m")
        if rng.random() < 0.1:
            frame.append(b"\x1b]0;\xe2\xa0\x8b title\x07")
        frame.append(b"\x1b[?2026l")
        chunk = b"".join(frame)
        parts.append(chunk)
        total += len(chunk)
    pattern = b"".join(parts)
    return (pattern * (size // len(pattern) + 1))[:size]


def rate(fn: Callable[[], object], nbytes: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return nbytes / best / 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=64)
    args = ap.parse_args()
    stream = tui_stream(args.mb << 20)
    n = len(stream)
    report = encode(Report("working", app="bench", msg="a report in the stream"))
    print(f"stream: {n / 1e6:.1f} MB TUI-like output, Python {sys.version.split()[0]}")
    for size in (4096, 65536):
        chunks = [stream[i:i + size] for i in range(0, n, size)]

        def loop(chunks: list[bytes] = chunks) -> None:
            for _c in chunks:
                pass

        def find(chunks: list[bytes] = chunks) -> None:
            for c in chunks:
                _ = b"\x1b]75" in c

        def scan(chunks: list[bytes] = chunks, strip: bool = True) -> None:
            sc = ReportScanner(strip=strip)
            feed = sc.feed
            for c in chunks:
                feed(c)

        # One report in every 16th chunk: the slow path's share.
        mixed = [c + report if i % 16 == 0 else c for i, c in enumerate(chunks)]
        mixed_n = sum(map(len, mixed))

        def scan_mixed(chunks: list[bytes] = mixed) -> None:
            sc = ReportScanner()
            feed = sc.feed
            for c in chunks:
                feed(c)

        base = rate(loop, n)
        f = rate(find, n)
        s = rate(scan, n)
        s_keep = rate(lambda: scan(strip=False), n)
        m = rate(scan_mixed, mixed_n)
        print(f"chunks of {size // 1024:>2} KiB: loop {base:9.0f} MB/s | find {f:7.0f} MB/s | "
              f"scanner {s:7.0f} MB/s ({s / f:.2f}x find) | strip=False {s_keep:7.0f} MB/s | "
              f"1 report per 16 chunks {m:6.0f} MB/s ({m / s:.2f}x fast path)")

    reports = [Report("blocked", id="wrap/123", kind="permission", app="claude",
                      title="Claude", msg="approve Bash: ls -la " * k) for k in range(1, 40)]
    t0 = time.perf_counter()
    count = 0
    while time.perf_counter() - t0 < 0.5:
        for r in reports:
            encode(r)
        count += len(reports)
    enc_rate = count / (time.perf_counter() - t0)
    bodies = [encode(r)[7:-2] for r in reports]
    t0 = time.perf_counter()
    count = 0
    while time.perf_counter() - t0 < 0.5:
        for b in bodies:
            parse_body(b)
        count += len(bodies)
    parse_rate = count / (time.perf_counter() - t0)
    print(f"encode {enc_rate:,.0f} reports/s, parse_body {parse_rate:,.0f} reports/s "
          f"(msg 21..819 bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
