"""Throughput of the screen model backends, all measured in one run.

For each workload (plain text, TUI redraws, CJK + emoji) it feeds the same bytes in
fixed-size chunks to: plain pyte 0.8.2 (``ByteStream`` + ``Screen``, the baseline), the
fixed pyte backend, and the ghostty backend (if pyghostty works here). It prints MB/s,
the cost of one ``lines()`` read (after a frame that changes a few rows, and after a
scroll that changes all of them), and ratios against the baseline measured in the same
run, so the figures compare across machines.

    .venv/bin/python bench/bench_screen.py [--mb 2] [--chunk 4096] [--rows 40] [--cols 120]
                                           [--repeat 3]

Each figure is the best of ``--repeat`` runs (the machine may be busy with other work).

Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyte

from osc7501wrap.screen import ScreenModel, ghostty_unavailable, make_screen

WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "model", "screen"]


def text_stream(size: int, cols: int, rng: random.Random) -> bytes:
    """(a) scrolling ASCII lines about ``cols - 10`` wide."""
    out: list[str] = []
    n = 0
    while n < size:
        line: list[str] = []
        width = 0
        while width < cols - 10:
            w = rng.choice(WORDS)
            line.append(w)
            width += len(w) + 1
        s = " ".join(line)[: cols - 10] + "\r\n"
        out.append(s)
        n += len(s)
    return "".join(out).encode()


def tui_frame(i: int, cols: int) -> str:
    spin = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"[i % 10]
    bar = "─" * (cols - 4)
    return (
        "\x1b[?2026h\x1b[?25l"
        "\x1b[3A\r\x1b[2K"
        f"\x1b[38;5;{i % 256}m{spin}\x1b[0m Working… ({i // 10}s · esc to interrupt)\r\n"
        f"\x1b[2K\x1b[38;2;{i % 256};100;200m╭{bar}╮\x1b[0m\r\n"
        f"\x1b[2K│ \x1b[1m>\x1b[0m \x1b[2mType a message\x1b[0m{' ' * (cols - 20)}│\r\n"
        f"\x1b[2K╰{bar}╯"
        "\x1b[?25h\x1b[?2026l"
    )


def tui_stream(size: int, cols: int, rng: random.Random) -> bytes:
    """(b) spinner redraws: CUU, EL, 256-colour and truecolour SGR, box drawing, 25l/h, 2026."""
    out: list[bytes] = [b"\r\n" * 4]
    n = 0
    i = 0
    while n < size:
        b = tui_frame(i, cols).encode()
        out.append(b)
        n += len(b)
        i += 1
    return b"".join(out)


def cjk_stream(size: int, cols: int, rng: random.Random) -> bytes:
    """(c) 40 CJK characters and 10 emoji (some with VS16 / ZWJ) per line."""
    cjk = "日本語の文字列表示中文字符한국어텍스트漢字仮名"
    emoji = ["✔️", "👍", "🚀", "👨‍👩‍👧", "⏺", "🇺🇸", "✨", "❯", "🤖", "📦"]
    out: list[str] = []
    n = 0
    while n < size:
        s = "".join(rng.choice(cjk) for _ in range(40)) + " " + "".join(rng.sample(emoji, 10))
        s += "\r\n"
        out.append(s)
        n += len(s.encode())
    return "".join(out).encode()


class PlainPyte:
    """pyte 0.8.2 as shipped, for the baseline."""

    backend = "pyte-plain"

    def __init__(self, rows: int, cols: int) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        try:
            self.stream.feed(data)
        except Exception:
            pass

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


Factory = Callable[[], "ScreenModel | PlainPyte"]


def feed_rate(make: Factory, data: bytes, chunk: int) -> float:
    model = make()
    t0 = time.perf_counter()
    for i in range(0, len(data), chunk):
        model.feed(data[i : i + chunk])
    dt = time.perf_counter() - t0
    return len(data) / dt / 1e6


def read_cost(make: Factory, frames: list[bytes], reads: int) -> float:
    """Mean ms per lines() call, each after feeding one of ``frames``."""
    model = make()
    total = 0.0
    for i in range(reads):
        model.feed(frames[i % len(frames)])
        t0 = time.perf_counter()
        model.lines()
        total += time.perf_counter() - t0
    return total / reads * 1e3


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=2.0, help="MB per workload (default 2)")
    ap.add_argument("--chunk", type=int, default=4096, help="bytes per feed() (default 4096)")
    ap.add_argument("--rows", type=int, default=40)
    ap.add_argument("--cols", type=int, default=120)
    ap.add_argument("--reads", type=int, default=300, help="lines() reads to average")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure, best kept")
    args = ap.parse_args()

    rows, cols = args.rows, args.cols
    size = int(args.mb * 1e6)
    rng = random.Random(7501)
    workloads = {
        "text": text_stream(size, cols, rng),
        "tui": tui_stream(size, cols, rng),
        "cjk+emoji": cjk_stream(size, cols, rng),
    }
    makers: dict[str, Factory] = {
        "pyte-plain": lambda: PlainPyte(rows, cols),
        "pyte": lambda: make_screen(rows, cols, "pyte"),
    }
    why = ghostty_unavailable()
    if why is None:
        makers["ghostty"] = lambda: make_screen(rows, cols, "ghostty")
    else:
        print(f"ghostty backend skipped: {why}")

    print(f"python {sys.version.split()[0]}, pyte {getattr(pyte, '__version__', '0.8.2')}, "
          f"screen {cols}x{rows}, {args.mb:g} MB per workload, {args.chunk} B chunks, "
          f"best of {args.repeat}")
    print()
    rates: dict[tuple[str, str], float] = {}
    print(f"{'feed MB/s':<12}" + "".join(f"{name:>12}" for name in makers))
    for wl, data in workloads.items():
        row = f"{wl:<12}"
        for name, make in makers.items():
            r = max(feed_rate(make, data, args.chunk) for _ in range(args.repeat))
            rates[(wl, name)] = r
            row += f"{r:>12.2f}"
        print(row)
    print()

    frame = [tui_frame(i, cols).encode() for i in range(10)]
    scroll = [(f"line {i} " + "x" * (cols - 20) + "\r\n").encode() for i in range(10)]
    costs: dict[tuple[str, str], float] = {}
    print(f"{'lines() ms':<12}" + "".join(f"{name:>12}" for name in makers))
    for label, frames in (("after frame", frame), ("after scroll", scroll)):
        row = f"{label:<12}"
        for name, make in makers.items():
            c = min(read_cost(make, frames, args.reads) for _ in range(args.repeat))
            costs[(label, name)] = c
            row += f"{c:>12.3f}"
        print(row)
    print()

    print("ratios")
    for wl in workloads:
        parts = [f"pyte/plain {rates[(wl, 'pyte')] / rates[(wl, 'pyte-plain')]:.2f}x"]
        if "ghostty" in makers:
            parts.append(f"ghostty/pyte {rates[(wl, 'ghostty')] / rates[(wl, 'pyte')]:.0f}x")
        print(f"  feed {wl:<10} " + ", ".join(parts))
    for label in ("after frame", "after scroll"):
        parts = [f"plain/pyte {costs[(label, 'pyte-plain')] / costs[(label, 'pyte')]:.1f}x faster"]
        if "ghostty" in makers:
            parts.append(f"pyte/ghostty {costs[(label, 'pyte')] / costs[(label, 'ghostty')]:.1f}x")
        print(f"  read {label:<12} " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
