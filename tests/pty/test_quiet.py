"""A silent session costs nothing: once settled, wrap is not woken at all.

A program prints one line, then sleeps; wrapped with the claude and the generic rules
(the generic rules watch a program for 5 s after its output before it reads idle), each
wrap process, every thread of it, has no voluntary context switch (each is one sleep in
poll(2) that ended) for 3 s once settled. Counted from /proc/<pid>/task/*/status, so the
test needs /proc: without it, it says so and is skipped.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

PROG = "import time; print('ready, then silent', flush=True); time.sleep(60)"
SETTLE = {"claude": 4.5, "generic": 7.5}  # seconds after the line (see sampling.WATCH)
QUIET = 3.0


def wakeups(pid: int) -> int:
    """Voluntary context switches of every live thread of `pid`."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status", "rb") as f:
                for line in f:
                    if line.startswith(b"voluntary_ctxt_switches:"):
                        total += int(line.split()[1])
        except FileNotFoundError:  # a thread that just ended
            pass
    return total


def test_a_settled_silent_session_is_never_woken(tmp_path: Path, rundir: Path) -> None:
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/status"):
        pytest.skip("no /proc/<pid>/task/*/status here: wake-ups cannot be counted")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_STATE_DIR=str(tmp_path / "state"))
    terms = {agent: Terminal.wrap(["--agent", agent, sys.executable, "-c", PROG],
                                  answer_7501=True, env=env) for agent in SETTLE}
    try:
        for t in terms.values():
            t.expect(b"then silent", timeout=20)
        began = time.monotonic()
        counts: dict[str, tuple[int, int]] = {}
        for agent in sorted(SETTLE, key=lambda a: SETTLE[a]):
            time.sleep(max(0.0, began + SETTLE[agent] - time.monotonic()))
            pid = terms[agent].pid
            before = wakeups(pid)
            time.sleep(QUIET)
            counts[agent] = (before, wakeups(pid))
        for agent, (before, after) in counts.items():
            assert before > 0, agent  # the count moves when wrap works (its start-up)
            assert after == before, f"{agent}: {after - before} wake-ups in {QUIET:g} s of silence"
        for t in terms.values():
            assert not t.eof, t.output[-300:]
    finally:
        for t in terms.values():
            t.close()
