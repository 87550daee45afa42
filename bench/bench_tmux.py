"""Keystroke echo latency through wrap while its tmux display sets pane options.

Usage: .venv/bin/python bench/bench_tmux.py [--keys 2000] [--repeat 3] [--json FILE]

A child in raw mode echoes each byte and, every FLIP keys, prints a ``[y/N]`` prompt or
clears it, so that wrap's state flips between blocked and idle about 5 times a second
and every flip starts a tmux client. The same run with the display on (``$TMUX`` and
``$TMUX_PANE`` naming a pane of a private tmux server) and off (no ``$TMUX``) is the
baseline; both with ``OSC7501WRAP_TMUX_DEPTH=0`` so that the probe and the reports are
the same. Runs are interleaved; the figures are medians over the runs of p50 and p99.

Without a goal, for the figures above: the loop time one state change costs (the
display's poll calls that start and reap its client: fork and exec) and how long after
the change the option is set, over 200 changes against the same server.
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from common import Figure, bench_env, pct, wrap_argv, write_figures  # noqa: E402
from term import Terminal  # noqa: E402

FLIP = 100
PACE = 0.002  # seconds between keystrokes: FLIP keys = 0.2 s, above the settle time

CHILD = rf"""
import os, termios
a = termios.tcgetattr(0)
a[0] &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP
          | termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON)
a[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN)
a[6][termios.VMIN] = 1
a[6][termios.VTIME] = 0
termios.tcsetattr(0, termios.TCSANOW, a)
os.write(1, b"ready\r\n")
n = 0
while True:
    b = os.read(0, 1)
    if not b or b == b"q":
        break
    n += 1
    if n % {FLIP} == 0:
        os.write(1, b"\r\nContinue? [y/N] " if (n // {FLIP}) % 2 else b"\r\nok\r\n")
    os.write(1, b"\x1b7\x1b[1;1H" + b + b"\x1b8")  # echoed at the top: the prompt stays last
"""


def step(d) -> float | None:  # d: a TmuxDisplay (imported late)
    now = time.monotonic()
    d.poll(now)
    return d.next_deadline(now)


def run(env: dict[str, str], keys: int, child: str = CHILD) -> list[float]:
    """Write-to-read-back seconds of each of `keys` keystrokes (after 50 of warm-up) to
    wrap around `child` (bench_herdr.py runs its own)."""
    t = Terminal([*wrap_argv(), sys.executable, "-c", child], env=env, answer_7501=True,
                 answer_da1=True)
    try:
        t.expect(b"ready")
        fd = t.fd
        out: list[float] = []
        for i in range(keys + 50):
            key = b"abcdefghijklmnop"[i % 16:i % 16 + 1]
            start = time.perf_counter()
            os.write(fd, key)
            got = b""
            while key not in got:
                select.select([fd], [], [], 5)
                try:
                    got += os.read(fd, 4096)
                except BlockingIOError:
                    continue
            if i >= 50:
                out.append(time.perf_counter() - start)
            time.sleep(PACE)
        os.write(fd, b"q")
        t.wait()
        return out
    finally:
        t.close()


def client_costs(socket: str, pane: str, changes: int = 200) -> tuple[list[float], list[float]]:
    """(loop seconds per change, seconds until the client finished) for `changes` changes."""
    sys.path.insert(0, str(HERE.parent))
    from osc7501wrap.report.tmux_display import TmuxDisplay

    d = TmuxDisplay(socket=socket, pane=pane, program=shutil.which("tmux"))
    loop, done = [], []
    for i in range(changes):
        d.update("blocked" if i % 2 else "working", "question", f"m{i}", "generic")
        t0 = time.perf_counter()
        due = step(d)
        spent = time.perf_counter() - t0
        while due is not None:
            time.sleep(max(0.0, due - time.monotonic()))
            t1 = time.perf_counter()
            due = step(d)
            spent += time.perf_counter() - t1
        loop.append(spent)
        done.append(time.perf_counter() - t0)
    return loop, done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", help="append the figures to this JSON Lines file")
    args = ap.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed", file=sys.stderr)
        return 1
    name = f"o7w-bench-{uuid.uuid4().hex[:8]}"
    base = ["tmux", "-L", name, "-f", "/dev/null"]
    subprocess.run([*base, "new-session", "-d", "sleep 600"], check=True)
    try:
        fmt = "#{socket_path},#{pid},#{session_id}\t#{pane_id}"
        tmux_env, pane = subprocess.run([*base, "display", "-p", fmt], capture_output=True,
                                        text=True, check=True).stdout.strip().split("\t")
        with tempfile.TemporaryDirectory(prefix="o7w-bench-") as home:
            env_off = bench_env(Path(home), OSC7501WRAP_TMUX_DEPTH="0")
            env_on = {**env_off, "TMUX": tmux_env, "TMUX_PANE": pane}
            on: list[tuple[float, float]] = []
            off: list[tuple[float, float]] = []
            for _ in range(args.repeat):
                for env, into in ((env_off, off), (env_on, on)):
                    lat = run(env, args.keys)
                    into.append((pct(lat, 50) * 1e3, pct(lat, 99) * 1e3))
        flips = args.keys // FLIP
        loop, done = client_costs(tmux_env.split(",")[0], pane)
    finally:
        subprocess.run([*base, "kill-server"], capture_output=True, check=False)
    figs = []
    for i, p in enumerate((50, 99)):
        m_on = statistics.median(x[i] for x in on)
        m_off = statistics.median(x[i] for x in off)
        print(f"echo p{p}, ms: display on {m_on:.3f}, off {m_off:.3f} "
              f"({m_on / m_off:.2f}x; {flips} state changes, each a tmux client)")
        figs.append(Figure(f"echo p{p} with the tmux display (ms)", f"{m_on:.3f}",
                           f"{m_off:.3f}", f"{m_on / m_off:.2f}x", "<= 1.2x",
                           m_on / m_off <= 1.2))
    print(f"loop time per state change: p50 {pct(loop, 50) * 1e3:.2f} ms, p95 "
          f"{pct(loop, 95) * 1e3:.2f} ms; option set after p50 {pct(done, 50) * 1e3:.1f} ms, "
          f"p95 {pct(done, 95) * 1e3:.1f} ms (200 changes)")
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
