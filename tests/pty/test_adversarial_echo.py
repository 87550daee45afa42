"""Keystroke echo through wrap stays prompt under a hostile screen and a slow user rule.

Each case types keys one by one into tests/hostile_child.py (full-screen redraws at 20 Hz
of hostile lines, the cursor after "Continue?" + blanks + a clock) through `wrap` on a
real pty, and prints the echo latency it measured (p50 / p99 / max).

What is asserted is behaviour, on a machine whose cores may all be busy: the typical key
is echoed at once (p50), and keys do not wait behind the screen model or the rules
(few keys over 30 ms, where a 36 ms scan of every frame holds a third of them and
more on a busy machine; the scan that gets the rule switched off may hold one key). The latency goal itself (p99 <= 20 ms) is a figure of
``bench/bench_soak.py``, measured in bench/README.md.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from term import Terminal, base_env

CHILD = str(Path(__file__).with_name("hostile_child.py"))
KEYS = 150
P50_LIMIT = 0.010
SLOW_KEY = 0.030  # keys behind a 36 ms scan of every 50 ms frame wait up to 36 ms (idle)
SLOW_SHARE = 0.10  # of the keys may wait longer (the scheduler of a busy machine)
SLOW_RULE = r"(?s)(?:.{0,40}[a0 ]){20}z"  # linear, but ~36 ms on this screen, every time


def _echo_times(t: Terminal, keys: int) -> list[float]:
    t.expect(b"Continue?", timeout=15)
    t.pump(0.5)  # the boot, the first frames
    rng = random.Random(7)
    out = []
    for i in range(1, keys + 1):
        t.pump(rng.uniform(0.01, 0.04))
        t0 = time.monotonic()
        t.type(b"k")
        t.expect(b"<K%d>" % i, timeout=10)
        out.append(time.monotonic() - t0)
    t.type(b"q")
    return out


def _report(name: str, times: list[float]) -> None:
    s = sorted(times)
    p50, p99 = s[len(s) // 2], s[min(len(s) - 1, int(len(s) * 0.99))]
    print(f"\n{name}: {len(s)} keys, echo p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {s[-1] * 1000:.1f} ms, over {SLOW_KEY * 1000:.0f} ms: "
          f"{_slow_share(times):.1%}")


def _slow_share(times: list[float]) -> float:
    return sum(1 for x in times if x > SLOW_KEY) / len(times)


def _prompt(times: list[float]) -> bool:
    """The typical key at once, and few keys held (see the module's doc)."""
    assert times, "no key was echoed"
    return sorted(times)[len(times) // 2] <= P50_LIMIT and _slow_share(times) <= SLOW_SHARE


def test_echo_under_a_hostile_screen(rundir: Path, tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    with Terminal.wrap(["--emit", "always", sys.executable, CHILD], rows=60, cols=250,
                       env=env) as t:
        times = _echo_times(t, KEYS)
        assert t.wait(timeout=10) == 0
    _report("hostile screen 250x60 at 20 Hz, generic rules", times)
    assert _prompt(times)


def test_echo_with_a_slow_user_rule(rundir: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    (cfg / "rules" / "slow.toml").write_text(
        '[manifest]\nname = "slow"\nversion = "1"\n'
        '[[rule]]\nid = "big_scan"\nstate = "working"\nregion = "screen"\n'
        f"regex = '{SLOW_RULE}'\n")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    log = tmp_path / "wrap.log"
    with Terminal.wrap(["--emit", "always", "--agent", "slow", "--log", str(log),
                        sys.executable, CHILD], rows=60, cols=250, env=env) as t:
        times = _echo_times(t, KEYS)
        assert t.wait(timeout=10) == 0
    off = [x for x in log.read_text().splitlines() if "switched off" in x]
    print("log:", off)
    assert len(off) == 1 and "slow.toml" in off[0] and "rule big_scan" in off[0]
    _report("hostile screen and a slow user rule", times)
    assert _prompt(times)
