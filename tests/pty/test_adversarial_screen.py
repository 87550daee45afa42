"""Hostile screens for the screen models: a flood of combining marks on one character
costs linear time in both backends; a resize storm during a redraw is survived."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
import require
from term import STALL, Terminal, base_env

from osc7501wrap.screen import make_screen


def _feed_marks(backend: str, n: int) -> float:
    scr = make_screen(24, 80, backend=backend)
    data = ("e" + "\u0301" * n).encode()
    t0 = time.perf_counter()
    for i in range(0, len(data), 4096):
        scr.feed(data[i:i + 4096])
    scr.lines()
    return time.perf_counter() - t0


@pytest.mark.parametrize("backend", require.backend_params())
def test_combining_marks_cost_linear_time(backend: str) -> None:
    small, big = _feed_marks(backend, 20_000), _feed_marks(backend, 200_000)
    print(f"\n{backend}: 20,000 marks {small * 1000:.0f} ms, 200,000 marks {big * 1000:.0f} ms "
          f"(x{big / max(small, 1e-6):.1f} for x10 the input)")
    assert big < 25 * max(small, 0.002)  # quadratic would be x100
    assert big < 2.0


def test_marks_flood_does_not_stall_keystrokes(rundir: Path, tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    code = "import sys; sys.stdout.write('e' + '\\u0301' * 200000 + '\\nMARKS-DONE\\n')"
    with Terminal.wrap(["--emit", "always", "sh", "-c",
                        f"{sys.executable} -c \"{code}\"; exec cat"], env=env) as t:
        t.expect(b"MARKS-DONE", timeout=15)
        t.type(b"w")  # the first key, while the pipeline may still be built: not timed
        t.expect(b"w", timeout=10)
        t.pump(0.5)
        worst = 0.0
        for i in range(20):
            t0 = time.monotonic()
            t.type(b"m%02d" % i)
            t.expect(b"m%02d" % i, timeout=5)
            worst = max(worst, time.monotonic() - t0)
            t.pump(0.02)
        t.type(b"\n\x04")
        assert t.wait(timeout=10) == 0
    print(f"\n200,000 combining marks on one character: worst echo after {worst * 1000:.1f} ms")
    assert worst < 0.5  # a re-read of the marked cell per key would hold each key


def test_resize_storm_during_a_redraw(rundir: Path, tmp_path: Path) -> None:
    child = str(Path(__file__).with_name("hostile_child.py"))
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    with Terminal.wrap(["--emit", "always", sys.executable, child, "50"], rows=40, cols=120,
                       env=env) as t:
        t.expect(b"Continue?", timeout=15)
        t0 = time.monotonic()
        for i in range(1000):
            t.resize(20 + i % 40, 60 + (i * 7) % 140)
            if i % 50 == 0:
                t.read(0)
        storm = time.monotonic() - t0
        t.resize(40, 120)
        t.pump(0.3)
        t1 = time.monotonic()
        t.type(b"k")
        t.expect(b"<K1>", timeout=5)
        echo = time.monotonic() - t1
        t.type(b"q")
        status = t.wait(timeout=10)
    print(f"\n1,000 resizes in {storm * 1000:.0f} ms during 50 Hz redraws: alive, echo "
          f"{echo * 1000:.1f} ms after, exit {status}")
    assert status == 0 and echo < STALL and b"Traceback" not in t.output
