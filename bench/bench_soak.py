"""Soak: wrap around a hostile full-screen program for a while, typed at and resized.

The child (tests/pty/hostile_child.py) redraws 250x60 of blanks, pointers, digits, box
drawing, a's and dialog words at 20 Hz, the cursor after "Continue?" + blanks + a clock;
it echoes every key as <K n>. For `--seconds` this types a key every 10-60 ms and resizes
the terminal every ~0.5 s, once through `wrap --emit always` and once with the child run
directly (the baseline, interleaved in slices so background load hits both alike), and
reports echo latency p50/p99/max, keys lost, wrap's RSS growth over the soak and its CPU.
Run: .venv/bin/python bench/bench_soak.py [--seconds S] [--json FILE]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from common import (
    PY,
    TESTS,
    Figure,
    bench_env,
    cpu_seconds,
    figures_table,
    pct,
    proc_status,
    wrap_argv,
    write_figures,
)
from term import Terminal

CHILD = str(TESTS / "pty" / "hostile_child.py")


def soak(argv: list[str], env: dict[str, str], seconds: float, seed: int,
         wrapped: bool) -> dict[str, float]:
    rng = random.Random(seed)
    times: list[float] = []
    with Terminal([*argv, PY, CHILD], rows=60, cols=250, env=env) as t:
        t.expect(b"Continue?", timeout=20)
        t.pump(0.5)
        rss0 = proc_status(t.pid, "VmRSS") if wrapped else None
        cpu0 = cpu_seconds(t.pid) if wrapped else None
        end = time.monotonic() + seconds
        next_resize = time.monotonic() + 0.5
        n = 0
        while time.monotonic() < end:
            t.pump(rng.uniform(0.01, 0.06))
            if time.monotonic() >= next_resize:
                t.resize(rng.randint(40, 60), rng.randint(160, 250))
                next_resize += 0.5
            n += 1
            t0 = time.monotonic()
            t.type(b"k")
            t.expect(b"<K%d>" % n, timeout=10)
            times.append(time.monotonic() - t0)
        rss1 = proc_status(t.pid, "VmRSS") if wrapped else None
        cpu1 = cpu_seconds(t.pid) if wrapped else None
        t.type(b"q")
        t.wait(timeout=10)
    out = {"keys": float(n), "p50": pct(times, 50), "p99": pct(times, 99), "max": max(times)}
    if rss0 and rss1:
        out["rss_growth_kib"] = float(rss1 - rss0)
        out["rss_kib"] = float(rss1)
    if cpu0 is not None and cpu1 is not None:
        out["cpu"] = (cpu1 - cpu0) / seconds
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="soak length per contender")
    ap.add_argument("--slices", type=int, default=2, help="interleaved slices per contender")
    ap.add_argument("--json", help="append the summary figures to this JSON Lines file")
    args = ap.parse_args()
    each = args.seconds / args.slices
    runs: dict[str, list[dict[str, float]]] = {"wrap": [], "direct": []}
    with tempfile.TemporaryDirectory(prefix="osc7501wrap-soak-") as home:
        env = bench_env(Path(home))
        for i in range(args.slices):
            runs["wrap"].append(soak([*wrap_argv(), "--emit", "always"], env, each, i, True))
            runs["direct"].append(soak([], env, each, i, False))
    w, d = runs["wrap"], runs["direct"]
    p99w, p99d = max(r["p99"] for r in w), max(r["p99"] for r in d)
    keys = sum(r["keys"] for r in w)
    growth = sum(r.get("rss_growth_kib", 0.0) for r in w)
    cpu = sum(r.get("cpu", 0.0) for r in w) / len(w)
    figs = [
        Figure("soak: echo p99, hostile screen 20 Hz + resizes", f"{p99w * 1000:.1f} ms",
               f"{p99d * 1000:.1f} ms direct", f"+{(p99w - p99d) * 1000:.1f} ms",
               "<= 20 ms", p99w <= 0.020),
        Figure("soak: echo p50", f"{max(r['p50'] for r in w) * 1000:.2f} ms",
               f"{max(r['p50'] for r in d) * 1000:.2f} ms direct"),
        Figure("soak: keys typed, lost", f"{keys:.0f}, 0 lost", goal="0 lost", met=True),
        Figure("soak: wrap RSS growth over the soak", f"{growth / 1024:.1f} MiB",
               f"{max(r.get('rss_kib', 0) for r in w) / 1024:.1f} MiB at the end"),
        Figure("soak: wrap CPU under the hostile screen", f"{cpu * 100:.1f}% of a core"),
    ]
    print(f"soak: {args.seconds:g} s per contender in {args.slices} interleaved slices; "
          f"{keys:.0f} keys through wrap, max echo {max(r['max'] for r in w) * 1000:.1f} ms "
          f"(direct {max(r['max'] for r in d) * 1000:.1f} ms)\n")
    print(figures_table(figs))
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
