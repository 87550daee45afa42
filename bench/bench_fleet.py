"""`watch` across machines while one of them hangs: rows and keys stay responsive.

Usage: .venv/bin/python bench/bench_fleet.py [--repeat 5] [--keys 50] [--json FILE]

One machine, ``alpha``, is a real sshd on 127.0.0.1 (tests/pty/test_fleet.py's: its own
HOME and XDG_RUNTIME_DIR through ``SetEnv``) with two blocked sessions under wrap (a
Claude-shaped dialog and a generic [y/N]); the other, ``hung``, is a Host of the same
ssh config whose ``ProxyCommand`` is ``sleep 1000``: ssh connects to nothing and never
says a word. `watch` runs on a real pty (tests/term.py) with ``--host alpha`` (the
baseline) and with ``--host alpha --host hung``, interleaved, N runs each:

* rows: from starting `watch` to a frame with alpha reached and both of its rows (the
  rows kept from alpha's last look are on screen before, marked offline: not counted);
* keys: Down and Up (``j``, ``k``) in turn, each from the key to the first frame with
  the selection on the other row; a run's figure is the median of its keys (its
  slowest key is shown too, without a goal: on a shared machine one key in a hundred
  waits for the scheduler, with or without a hung machine);
* ``watch --once``: the whole command. It waits for every machine up to ``[fleet]
  timeout`` (3 s here), so with a hung machine it takes about that: shown, no goal.

Each figure is the worst of the N runs, hung against alone, as a ratio; the ratio of
the runs' medians is printed beside it (a key's figure is a fraction of a millisecond:
one run that the shared machine slowed moves the worst, not the median).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent / "tests" / "pty"))
sys.path.insert(0, str(HERE.parent))

from common import Figure, write_figures  # noqa: E402
from term import Terminal  # noqa: E402
from test_fleet import O7W, Fleet, _machine  # noqa: E402

TIMEOUT = 3
SELECTED = re.compile(rb"\x1b\[[0-9;]*;7m[^\x1b]*?  alpha +(claude|sh) ")
#: one frame (it is written at once) that has alpha reached and both of its rows live
LIVE = re.compile(rb"(?s)\x1b\[H\x1b\[2J[^\x1b]*; 1 of [12] other machines? reached"
                  rb"(?:(?!\x1b\[H|\[offline\]).)*?  alpha +claude "
                  rb"(?:(?!\x1b\[H|\[offline\]).)*?  alpha +sh ")


def setup(base: Path) -> Fleet:
    alpha = _machine(base, "alpha")
    config = base / "ssh_config"
    config.write_text(
        f"Host alpha\n  HostName 127.0.0.1\n  Port {alpha.sshd.port}\n"
        f"  IdentityFile {alpha.sshd.key}\n  IdentitiesOnly yes\n"
        "  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n"
        "Host hung\n  HostName 127.0.0.1\n  ProxyCommand sleep 1000\n")
    fleet = Fleet(base, alpha, alpha, config)
    cfg = base / "viewer" / "config"
    cfg.mkdir(parents=True)
    (cfg / "config.toml").write_text(f"[fleet]\ntimeout = {TIMEOUT}\n")
    alpha.dialog(["Yes", "No"], "a/claude")
    time.sleep(0.5)  # the dialog first: it is the top row (blocked longest)
    alpha.ask("a/sh")
    fleet.wait_rows(lambda rs: sum(r["state"] == "blocked" and r["host"] == "alpha"
                                   for r in rs) == 2, "two blocked", timeout=60)
    return fleet


def live(fleet: Fleet, hosts: list[str], keys: int) -> tuple[float, list[float]]:
    """(seconds to alpha's two rows, each key's seconds to its frame)."""
    args = [x for h in hosts for x in ("--host", h)]
    t0 = time.monotonic()
    w = Terminal([*O7W, "watch", *args], env=fleet.env(), rows=40, cols=140,
                 cwd=str(fleet.base))
    try:
        w.expect(LIVE, timeout=60)
        rows = time.monotonic() - t0
        took = []
        for i in range(keys):
            key, want = (b"j", b"sh") if i % 2 == 0 else (b"k", b"claude")
            t1 = time.monotonic()
            w.type(key)
            while True:
                m = w.expect(SELECTED, timeout=30)
                if m.group(1) == want:
                    break
            took.append(time.monotonic() - t1)
        w.type(b"q")
        w.wait(timeout=15)
    finally:
        w.close()
    return rows, took


def once(fleet: Fleet, hosts: list[str]) -> float:
    args = [x for h in hosts for x in ("--host", h)]
    t0 = time.monotonic()
    done = subprocess.run([*O7W, "watch", "--once", *args], capture_output=True, text=True,
                          env=fleet.env(), timeout=120, cwd=str(fleet.base))
    took = time.monotonic() - t0
    assert done.returncode == 0 and done.stdout.count("alpha") >= 2, done
    return took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--keys", type=int, default=50)
    ap.add_argument("--json", help="append the figures to this JSON Lines file")
    args = ap.parse_args()
    runs: dict[str, dict[str, list[float]]] = {
        name: {"rows": [], "keys": [], "once": [], "slowest": []}
        for name in ("alone", "hung")}
    base = Path(tempfile.mkdtemp(prefix="obf", dir="/tmp"))  # short: socket paths
    fleet = setup(base)
    try:
        for _ in range(args.repeat):
            for name, hosts in (("alone", ["alpha"]), ("hung", ["alpha", "hung"])):
                rows, keys = live(fleet, hosts, args.keys)
                runs[name]["rows"].append(rows)
                runs[name]["keys"].append(statistics.median(keys))
                runs[name]["slowest"].append(max(keys))
                runs[name]["once"].append(once(fleet, hosts))
    finally:
        for t in fleet.alpha.made:
            t.close()
        fleet.alpha.sshd.stop()
        subprocess.run(["rm", "-rf", str(base)], check=False)
    figs = []
    for what, label, goal in (("rows", "watch: alpha's rows on screen, s", 1.5),
                              ("keys", f"watch: key to its frame, median of {args.keys}, ms",
                               1.5),
                              ("slowest", f"watch: slowest of {args.keys} keys, ms", None),
                              ("once", "watch --once, s", None)):
        hung, alone = max(runs["hung"][what]), max(runs["alone"][what])
        scale = 1e3 if what in ("keys", "slowest") else 1.0
        ratio = hung / alone
        mid = statistics.median(runs["hung"][what]) / statistics.median(runs["alone"][what])
        print(f"{label}: worst of {args.repeat}: one machine hung {hung * scale:.3f}, "
              f"alone {alone * scale:.3f} ({ratio:.2f}x; median of the runs {mid:.2f}x); "
              "each run hung "
              f"{[round(x * scale, 3) for x in runs['hung'][what]]}, alone "
              f"{[round(x * scale, 3) for x in runs['alone'][what]]}")
        figs.append(Figure(f"{label} (one machine hung)", f"{hung * scale:.3f}",
                           f"{alone * scale:.3f}", f"{ratio:.2f}x",
                           f"<= {goal}x" if goal else "" if what == "slowest"
                           else f"~ [fleet] timeout ({TIMEOUT} s)",
                           ratio <= goal if goal else None))
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
