"""A terminal that answers the OSC 7501 query after wrap's probe gave up: from its answer
on, wrap's reports are OSC 7501 (the outputs switch their emitter, before or after the
boot), the answer never reaches the program, and kitty's notifications are the
terminal's own (no OSC 99 channel, no fallback progress) from then on."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from term import Terminal, base_env, wait_state

ASK = "printf 'Allow edit? [y/N] '; read a; echo got $a; exit 3"
ANSWER = b"\x1b]7501;?\x1b\\"  # the terminal's reply to the query, late


@pytest.mark.parametrize("when", ["at-once", "once-blocked"])
def test_a_late_answer_makes_the_reports_osc_7501(when: str) -> None:
    base = Path(tempfile.mkdtemp(prefix="ow", dir="/tmp"))  # short: AF_UNIX paths
    try:
        rundir = base / "rt"
        t = Terminal.wrap(["sh", "-c", ASK], answer_7501=False, answer_da1=False,
                          env=base_env(TERM="xterm-kitty", OSC7501WRAP_RUNTIME_DIR=str(rundir)))
        try:
            t.expect(b"Allow edit")  # the probe gave up (no reply at all): the child runs
            if when == "once-blocked":
                wait_state(t, rundir, "blocked")
            before = len(t.output)
            t.type(ANSWER)
            if when == "at-once":
                wait_state(t, rundir, "blocked")
            t.expect(re.compile(rb"\x1b\]7501;[^\x1b]*state=blocked"))
            t.type(b"y\r")
            assert t.wait(timeout=20) == 3
        finally:
            t.close()
        out = bytes(t.output)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert b"got y" in out  # the answer was taken out of the program's input
    after = out[before:]
    assert re.search(rb"\x1b\]7501;[^\x1b]*state=error", after)  # the exit, as OSC 7501
    # the terminal alerts by itself now: no fallback progress, no kitty notification
    assert b"\x1b]9;4;" not in after and b"\x1b]99;" not in after
    if when == "once-blocked":  # before the answer: the fallbacks, one notification
        assert b"\x1b]9;4;4" in out[:before] and b"\x1b]99;" in out[:before]
