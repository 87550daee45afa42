"""How fast the rules engine classifies a screen, per built-in manifest.

For every manifest it evaluates that agent's test screens (tests/screens: real captures
and synthetic variants), each padded to 120x40, plus a worst case: a full 120x40 screen
of ordinary text where no rule matches, so every rule of the manifest runs. Each
evaluation builds a fresh Snapshot, as the classifier does.

Figures are printed as evaluations per second, microseconds per evaluation, and as a
ratio against a baseline measured in the same run: one case-insensitive `re.search`
for "esc to interrupt" over the joined 120x40 screen (the cheapest useful check one
could make). Last, the fallback's RE2 program size and the time to compile its
patterns. Run: .venv/bin/python bench/bench_rules.py [--seconds S]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "unit"))

from test_rules_lazy import MANIFEST_PROGRAM_MAX, patterns  # noqa: E402

from osc7501wrap import rules  # noqa: E402
from osc7501wrap.rules.load import _re2_compile  # noqa: E402

COLS, ROWS = 120, 40


def pad(lines: list[str]) -> list[str]:
    lines = [x[:COLS].ljust(COLS) for x in lines[:ROWS]]
    return lines + [" " * COLS] * (ROWS - len(lines))


def load_screens(agent: str) -> list[rules.Snapshot]:
    out = []
    base = ROOT / "tests" / "screens"
    dirs = [d for d in base.glob(f"{agent}-*") if d.is_dir()]
    dirs.append(base / "synthetic" / agent)
    for d in dirs:
        for f in sorted(d.glob("*.txt")):
            lines = f.read_text(encoding="utf-8").split("\n")
            title = f.with_suffix(".title")
            out.append(rules.Snapshot(
                pad(lines), title=title.read_text().strip() if title.exists() else None))
    return out


def filler() -> list[str]:
    text = ("the build finished with warnings in module parser and the tests ran "
            "for a while before the report was written to disk")
    words = text.split(" ")
    lines = []
    for i in range(ROWS):
        row = " ".join(words[(i + j) % len(words)] for j in range(18))
        lines.append(row[:COLS])
    return pad(lines)


def rate(fn: Callable[[], object], seconds: float) -> float:
    n = 0
    batch = 50
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for _ in range(batch):
            fn()
        n += batch
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    args = ap.parse_args()

    catalog = rules.load_manifests(user_dir=None)
    worst_lines = filler()
    joined = "\n".join(worst_lines)
    pat = re.compile("esc to interrupt", re.IGNORECASE)
    base = rate(lambda: pat.search("\n".join(worst_lines)), args.seconds)
    print(f"baseline: one re.search over a joined {COLS}x{ROWS} screen: "
          f"{base:,.0f}/s ({1e6 / base:.1f} us)  [{len(joined)} chars]")
    print()
    print(f"{'manifest':<10} {'rules':>5} {'screens':>7} {'typical/s':>11} {'us':>7} "
          f"{'x base':>7} {'worst/s':>10} {'us':>7} {'x base':>7}")
    for name in sorted(catalog.manifests):
        m = catalog.manifests[name]
        screens = load_screens(name)
        if screens:
            def typical(m: rules.Manifest = m, screens: list[rules.Snapshot] = screens) -> None:
                for s in screens:
                    rules.evaluate(m, rules.Snapshot(s.lines, title=s.title))
            t = rate(typical, args.seconds) * len(screens)
        else:
            t = float("nan")
        w = rate(lambda m=m: rules.evaluate(m, rules.Snapshot(worst_lines)), args.seconds)
        print(f"{name:<10} {len(m.rules):>5} {len(screens):>7} {t:>11,.0f} {1e6 / t:>7.1f} "
              f"{base / t:>7.1f} {w:>10,.0f} {1e6 / w:>7.1f} {base / w:>7.1f}")
    print()
    print("typical = the agent's own test screens padded to 120x40; worst = a full screen "
          "of text no rule matches.\n'x base' = how many baseline searches one evaluation "
          "costs.")
    print()
    fallback_cost(catalog, args.seconds)
    print()
    adversarial(catalog, base)
    return 0


def fallback_cost(catalog: rules.Catalog, seconds: float, runs: int = 3) -> None:
    """The fallback's cost per frame next to a manifest's: the generic manifest (with its
    rules for TUI agents) and the agent's own evaluating the same real screens of agents
    with both (Grok CLI, Kilo CLI, Cline), as a ratio in the same process; the worst of
    `runs`."""
    generic = next(m for m in catalog.manifests.values() if m.generic)
    print("fallback (generic) vs the agent's manifest on the agent's screens, per frame "
          f"(worst of {runs} runs):")
    for name in ("grok", "kilo", "cline"):
        own = catalog.get(name)
        screens = load_screens(name)
        if own is None or not screens:
            print(f"  {name}: no manifest or no screens")
            continue

        def frames(m: rules.Manifest, screens: list[rules.Snapshot] = screens) -> None:
            for sn in screens:
                rules.evaluate(m, rules.Snapshot(sn.lines, title=sn.title))
        worst = 0.0
        us_f = us_m = 0.0
        for _ in range(runs):
            f = 1e6 / (rate(lambda: frames(generic), seconds) * len(screens))
            m = 1e6 / (rate(lambda own=own: frames(own), seconds) * len(screens))
            if f / m > worst:
                worst, us_f, us_m = f / m, f, m
        print(f"  {name:<6} {len(screens):>3} screens: fallback {us_f:6.1f} us/frame, "
              f"manifest {us_m:6.1f} us/frame, ratio {worst:.2f}x")


def adversarial(catalog: rules.Catalog, base: float) -> None:
    """The slowest single evaluation over screens built to make regexes backtrack:
    40 identical lines of one repeated character or fragment, 120 and 400 columns wide."""
    pieces = [*" ·✻●*│❯>›─╌(1.?…:[yn]/a\t",
              "1. ", "(1s ", "esc to ", "Yes ", "? ", "│ ", "● 1. ", "(y/n) ", "password ", "for "]
    worst = (0.0, "", "", 0)
    for name, m in sorted(catalog.manifests.items()):
        for piece in pieces:
            for width in (120, 400):
                line = (piece * width)[:width]
                for lines in ([line] * 40, ["─" * 120, *[line] * 37, "─" * 120, "❯ x"]):
                    snap = rules.Snapshot(lines, title=line, progress=line[:20], cursor=(39, 0))
                    runs = []
                    for _ in range(3):  # the median of three: one slow run is noise
                        t0 = time.perf_counter()
                        rules.evaluate(m, snap)
                        runs.append(time.perf_counter() - t0)
                    dt = sorted(runs)[1]
                    if dt > worst[0]:
                        worst = (dt, name, piece, width)
    dt, name, piece, width = worst
    print(f"adversarial worst: {dt * 1e3:.2f} ms ({dt * base:.0f} x base) for {name} on "
          f"40 lines of {piece!r} x {width} columns")
    generic = rules.load_manifests(user_dir=None).get("generic")
    if generic is not None:
        seen = {id(p): p for p in patterns(generic)}
        size = sum(_re2_compile(p.pattern, p.per_line)[0].programsize for p in seen.values())
        took = []  # what a session compiles of it (at first use, or while quiet)
        for _ in range(7):
            t0 = time.perf_counter()
            for p in seen.values():
                _re2_compile(p.pattern, p.per_line)
            took.append(time.perf_counter() - t0)
        print(f"generic {generic.version}: RE2 program {size:,} instructions in all "
              f"(tests/unit/test_rules_lazy.py holds each manifest under "
              f"{MANIFEST_PROGRAM_MAX:,}); its {len(seen)} patterns compiled one by one "
              f"in {min(took) * 1e3:.1f} ms (the least of 7 runs; the most "
              f"{max(took) * 1e3:.1f})")


if __name__ == "__main__":
    sys.exit(main())
