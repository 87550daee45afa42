"""A program that floods its terminal is seen: it reads as working while the flood goes on
(4 s of it), and its reports flow (through a real pty). The bound is generous, for a busy
machine; the figure (about 0.7 s) is printed here and measured in bench/bench_flood.py."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from term import Terminal, base_env

CHILD = str(Path(__file__).with_name("flood_child.py"))
WORKING = re.compile(rb"\x1b\]7501;state=working[^\x1b\x07]*(?:\x1b\\|\x07)")


def test_flooding_program_reads_as_working_within_a_second(rundir: Path,
                                                           tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    for rate in (3.5e6, 20e6):
        with Terminal.wrap(["--emit", "always", sys.executable, CHILD, str(rate), "4"],
                           env=env) as t:
            t.expect(b"INFO", timeout=10)
            t0 = time.monotonic()
            t.expect(WORKING, timeout=4)
            took = time.monotonic() - t0
            n0 = len(WORKING.findall(t.output))
            t.pump(1.5)
            later = len(WORKING.findall(t.output)) + t.text.count("state=")
        print(f"\nflood at {rate / 1e6:.1f} MB/s: working after {took * 1000:.0f} ms "
              f"(from its first byte), {later} reports within 1.5 s more")
        assert took < 3.0 and n0 >= 1 and later > n0  # before the flood ends
