"""The ledger does not slow the passthrough: echo latency and `cat` throughput through wrap
with the ledger on vs off.

Usage: .venv/bin/python bench/bench_ledger.py [--keys 2000] [--mb 32] [--repeat 3] [--json FILE]

Echo: bench_tmux.py's child (each byte echoed), which also reports its own state with
OSC 7501 every 25 keys, blocked and working in turn: each is a decision and a ledger
row written by the ledger's thread, about 20 a second. Throughput: `cat` of bench_proxy.py's log-like file.
Off is the baseline: the same wrap with ``[ledger] enabled = false``. Runs alternate
off/on; the figures are the medians over the runs (echo p50 and p99, MB/s) and the worst
run's ratio. The rows written are counted to show that the ledger was working.

Without a goal, for the figures above: what one state change costs the loop (the
Ledger output's ``decided``: a tuple into the writer's queue), p50 and p95 over 5000
changes, while its thread writes them.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from bench_proxy import make_file, throughput  # noqa: E402
from bench_tmux import CHILD, run  # noqa: E402
from common import Figure, bench_env, pct, wrap_argv, write_figures  # noqa: E402

FLIP = 25
# bench_tmux.py's echo child, which also says its own state (OSC 7501) every FLIP keys,
# blocked and working in turn: every flip is a decision, and a ledger row
REPORTS = CHILD.replace(
    "    os.write(1, b\"\\x1b7\\x1b[1;1H\" + b + b\"\\x1b8\")",
    "    if n % FLIP == 0:\n"
    "        os.write(1, b\"\\x1b]7501;state=blocked:kind=question\\x1b\\\\\" if (n // FLIP) % 2\n"
    "                 else b\"\\x1b]7501;state=working\\x1b\\\\\")\n"
    "    os.write(1, b\"\\x1b7\\x1b[1;1H\" + b + b\"\\x1b8\")").replace(
    "n = 0\n", f"n = 0\nFLIP = {FLIP}\n", 1)
assert REPORTS != CHILD


def loop_costs(path: Path, changes: int = 5000) -> tuple[list[float], int]:
    """Seconds each `decided` takes the loop, and the rows written at the end."""
    sys.path.insert(0, str(HERE.parent))
    from osc7501wrap.fusion.fusion import Decision
    from osc7501wrap.report.ledger import Ledger

    out = Ledger(session="bench", pid=1, agent="bench", project="/p", messages=False,
                 retention_days=90, max_mb=64, log=lambda _: None, path=str(path))
    costs = []
    for i in range(changes):
        d = Decision("blocked" if i % 2 else "working", None, None, None, "bench", "", 0.0)
        t0 = time.perf_counter()
        out.decided(d, time.monotonic())
        costs.append(time.perf_counter() - t0)
    out.writer.close(wait=30)
    return costs, out.writer.written


def rows(state: Path) -> int:
    path = state / "ledger.sqlite3"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM changes").fetchone()[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=2000)
    ap.add_argument("--mb", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="append the figures to this JSON Lines file")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="o7w-bench-") as tmp:
        home = Path(tmp)
        env_on = bench_env(home / "on", OSC7501WRAP_TMUX_DEPTH="0")
        env_off = bench_env(home / "off", OSC7501WRAP_TMUX_DEPTH="0")
        Path(env_off["OSC7501WRAP_CONFIG_DIR"], "config.toml").write_text(
            "[ledger]\nenabled = false\n")
        data = home / "data.txt"
        make_file(data, args.mb)
        size = data.stat().st_size
        echo: dict[str, list[tuple[float, float]]] = {"on": [], "off": []}
        cat: dict[str, list[float]] = {"on": [], "off": []}
        state_on = Path(env_on["OSC7501WRAP_STATE_DIR"])
        echo_rows: list[int] = []
        for _ in range(args.repeat):
            for name, env in (("off", env_off), ("on", env_on)):
                before = rows(state_on)
                lat = run(env, args.keys, REPORTS)
                if name == "on":
                    echo_rows.append(rows(state_on) - before)
                echo[name].append((pct(lat, 50) * 1e3, pct(lat, 99) * 1e3))
                cat[name].append(throughput([*wrap_argv(), "cat", str(data)], size, env=env))
        written = rows(state_on)
        costs, loop_rows = loop_costs(home / "loop.sqlite3")
        assert rows(Path(env_off["OSC7501WRAP_STATE_DIR"])) == 0
    figs = []
    for i, p in enumerate((50, 99)):
        on = statistics.median(x[i] for x in echo["on"])
        off = statistics.median(x[i] for x in echo["off"])
        worst = max(a[i] / b[i] for a, b in zip(echo["on"], echo["off"], strict=True))
        print(f"echo p{p}, ms: ledger on {on:.3f}, off {off:.3f} ({on / off:.2f}x; worst "
              f"run {worst:.2f}x; ledger rows a run: {echo_rows})")
        figs.append(Figure(f"echo p{p} with the ledger (ms)", f"{on:.3f}", f"{off:.3f}",
                           f"{on / off:.2f}x", "<= 1.2x", on / off <= 1.2))
    on, off = statistics.median(cat["on"]), statistics.median(cat["off"])
    worst = min(a / b for a, b in zip(cat["on"], cat["off"], strict=True))
    print(f"cat {args.mb} MB, MB/s: ledger on {on:.1f}, off {off:.1f} ({on / off:.2f}x; "
          f"worst run {worst:.2f}x)")
    figs.append(Figure("cat throughput with the ledger (MB/s)", f"{on:.1f}", f"{off:.1f}",
                       f"{on / off:.2f}x", ">= 0.95x", on / off >= 0.95))
    print(f"ledger rows written by the 'on' runs: {written}")
    print(f"loop time per state change: p50 {pct(costs, 50) * 1e6:.1f} us, p95 "
          f"{pct(costs, 95) * 1e6:.1f} us ({len(costs)} changes, {loop_rows} rows written)")
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
