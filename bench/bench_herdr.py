"""Keystroke echo latency through wrap while it reports to herdr's socket.

Usage: .venv/bin/python bench/bench_herdr.py [--keys 2000] [--repeat 3] [--json FILE]

A child in raw mode echoes each byte and, every FLIP keys, writes its own OSC 7501 report,
blocked (a question) and working in turn, which wrap takes over and publishes at once: a
state change, so a herdr request, about 5 times a second (bench_tmux.py's child, whose
``[y/N]`` prompt flips the screen rules far less often while keys are echoed, with native
reports instead). It runs under wrap in three environments:
herdr off (no ``HERDR_ENV``: the baseline), herdr answering (``HERDR_ENV=1``,
``HERDR_PANE_ID``, ``HERDR_SOCKET_PATH`` naming the socket of tests/herdr_double.py, run
as a process of its own, which answers every ``pane.report_agent`` as herdr does), and herdr hung (the same
double, accepting and reading every request but never answering: each request is given
up after 2 s and tried again with back-off, one at a time). All with
``OSC7501WRAP_TMUX_DEPTH=0``, so that the probe and the reports are the same. Runs are
interleaved; the figures are medians over the runs of p50 and p99.

Without a goal: the loop time one report costs against the answering double (the
reporter's poll calls: connect, write, read) and how long after the change herdr has it,
over 200 changes.
"""

from __future__ import annotations

import argparse
import base64
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent))

from bench_tmux import CHILD as TMUX_CHILD  # noqa: E402
from bench_tmux import FLIP, run  # noqa: E402  (run: the echo loop, the same)
from common import Figure, bench_env, pct, write_figures  # noqa: E402
from herdr_double import HerdrDouble  # noqa: E402

PANE = "w1:p1"
DOUBLE = HERE.parent / "tests" / "herdr_double.py"
_ASK = base64.b64encode(b"Continue? [y/N]").decode()
_FLIP_LINE = (f'os.write(1, b"\\r\\nContinue? [y/N] " if (n // {FLIP}) % 2 '
              f'else b"\\r\\nok\\r\\n")')
assert _FLIP_LINE in TMUX_CHILD
CHILD = TMUX_CHILD.replace(_FLIP_LINE, (
    f'os.write(1, b"\\x1b]7501;state=blocked:kind=question:app=bench:msg={_ASK}\\x1b\\\\" '
    f'if (n // {FLIP}) % 2 else b"\\x1b]7501;state=working:app=bench\\x1b\\\\")'))


def report_costs(path: str, changes: int = 200) -> tuple[list[float], list[float]]:
    """(loop seconds per change, seconds until herdr had it) for `changes` changes."""
    from osc7501wrap.report.herdr import HerdrReporter

    with HerdrDouble(path, panes={PANE}) as h:
        r = HerdrReporter(socket_path=path, pane_id=PANE, agent="claude")
        loop, done = [], []
        for i in range(changes):
            r.update("blocked" if i % 2 else "working", "question", f"m{i}")
            t0 = time.perf_counter()
            now = time.monotonic()
            r.poll(now)  # connects and writes the request
            due = r.next_deadline(now)
            spent = time.perf_counter() - t0
            while len(h.requests) <= i:
                time.sleep(0.0001)
            done.append(time.perf_counter() - t0)
            while due is not None:  # the answer read at one of the poll times
                time.sleep(max(0.0, due - time.monotonic()))
                t1 = time.perf_counter()
                now = time.monotonic()
                r.poll(now)
                due = r.next_deadline(now)
                spent += time.perf_counter() - t1
            loop.append(spent)
        r.close()
    return loop, done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="append the figures to this JSON Lines file")
    args = ap.parse_args()
    results: dict[str, list[tuple[float, float]]] = {"off": [], "answering": [], "hung": []}
    counts: dict[str, list[int]] = {"answering": [], "hung": []}
    with tempfile.TemporaryDirectory(prefix="o7w-bench-") as home:
        sock = str(Path(home) / "herdr.sock")
        env_off = bench_env(Path(home), OSC7501WRAP_TMUX_DEPTH="0")
        env_on = {**env_off, "HERDR_ENV": "1", "HERDR_PANE_ID": PANE, "HERDR_SOCKET_PATH": sock}
        for _ in range(args.repeat):
            for name in ("off", "answering", "hung"):
                double = None if name == "off" else subprocess.Popen(
                    [sys.executable, str(DOUBLE), sock,
                     "answer" if name == "answering" else "hang"],
                    stdout=subprocess.PIPE, text=True)  # a process of its own, as herdr is
                try:
                    if double is not None:
                        assert double.stdout is not None and double.stdout.readline() == "ready\n"
                    lat = run(env_off if name == "off" else env_on, args.keys, CHILD)
                finally:
                    if double is not None:
                        double.terminate()
                        out, _ = double.communicate(timeout=30)
                        counts[name].append(int(out.split()[-1]))
                results[name].append((pct(lat, 50) * 1e3, pct(lat, 99) * 1e3))
        loop, done = report_costs(str(Path(home) / "costs.sock"))
    flips = args.keys // FLIP
    figs = []
    for name in ("answering", "hung"):
        for i, p in enumerate((50, 99)):
            m_on = statistics.median(x[i] for x in results[name])
            m_off = statistics.median(x[i] for x in results["off"])
            print(f"echo p{p}, ms: herdr {name} {m_on:.3f}, off {m_off:.3f} "
                  f"({m_on / m_off:.2f}x; {flips} state changes, herdr got "
                  f"{statistics.median(counts[name]):.0f} requests per run)")
            figs.append(Figure(f"echo p{p} with herdr {name} (ms)", f"{m_on:.3f}",
                               f"{m_off:.3f}", f"{m_on / m_off:.2f}x", "<= 1.2x",
                               m_on / m_off <= 1.2))
    print(f"loop time per report: p50 {pct(loop, 50) * 1e3:.3f} ms, p95 "
          f"{pct(loop, 95) * 1e3:.3f} ms; herdr has it after p50 {pct(done, 50) * 1e3:.2f} ms, "
          f"p95 {pct(done, 95) * 1e3:.2f} ms (200 changes)")
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
