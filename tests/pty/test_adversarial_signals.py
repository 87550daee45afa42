"""Signals to wrap and deaths of the child while it holds the alternate screen, mouse,
bracketed paste, application cursor keys and keypad: the outer terminal's modes come back
(`stty -g` equal, every mode reset), the status is 128+N, no traceback. Through `wrap`
with reports on, on a real pty; each case prints its exit status and time."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from term import REPO, Terminal, base_env, fresh_pty_modes, wrap_command

MODES_ON = b"\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?2004h\x1b[?1h\x1b="
CHILD = ["sh", "-c", "printf '\\033[?1049h\\033[?1000h\\033[?1006h\\033[?2004h\\033[?1h\\033='"
         "; echo ready; exec sleep 60"]
RESETS = (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1006l", b"\x1b[?2004l", b"\x1b[?1l",
          b"\x1b>")
CASES = [("wrap", signal.SIGTERM), ("wrap", signal.SIGHUP), ("wrap", signal.SIGINT),
         ("wrap", signal.SIGQUIT), ("child", signal.SIGKILL), ("child", signal.SIGSEGV)]


@pytest.mark.parametrize(("whom", "sig"), CASES, ids=[f"{w}-{s.name}" for w, s in CASES])
def test_terminal_restored_after_signal(rundir: Path, tmp_path: Path, whom: str,
                                        sig: signal.Signals) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    with Terminal.wrap(["--emit", "always", *CHILD], env=env,
                       answer_7501=True) as t:
        t.expect(b"ready\r\n", timeout=15)
        t.pump(0.2)
        kids = t.descendants()
        t0 = time.monotonic()
        if whom == "wrap":
            t.kill(sig)
        else:
            os.kill(kids[0], sig)
        status = t.wait(timeout=5)
        took = time.monotonic() - t0
        modes = t.termios()
        out = t.output
    tail = out[out.index(b"ready\r\n"):]
    missing = [r for r in RESETS if r not in tail]
    print(f"\n{sig.name} to {whom}: exit {status} in {took * 1000:.0f} ms, "
          f"modes restored {modes == fresh_pty_modes()}, resets missing {missing}")
    assert status == 128 + sig
    assert modes == fresh_pty_modes()
    assert missing == []
    assert b"Traceback" not in out


@pytest.mark.parametrize(("front", "how"), [("wrap", "typed"), ("wrap", "signal"),
                                           ("record", "typed")])
def test_interrupt_while_wrap_closes_keeps_the_childs_status(rundir: Path, tmp_path: Path,
                                                             front: str, how: str) -> None:
    """Ctrl-C pressed again just after the program quit (a double Ctrl-C to leave an agent)
    lands on wrap itself once the terminal is given back, while wrap still closes the
    session: wrap exits with the program's status, 0 here, not 130, and no traceback. The
    child ignores SIGINT, so an interrupt forwarded to it while it runs changes nothing."""
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"), PYTHONPATH=str(REPO))
    child = ["sh", "-c", "trap '' INT; echo ready; sleep 0.3; exit 0"]
    argv = ([*wrap_command(), "--emit", "always", *child] if front == "wrap"
            else [sys.executable, "-m", "osc7501wrap", "record", "-o", str(tmp_path / "c.jsonl"),
                  "--", *child])
    with Terminal(argv, env=env, answer_7501=True) as t:
        t.expect(b"ready\r\n", timeout=15)
        sent = 0
        t0 = time.monotonic()
        while t.alive():  # an interrupt every 2 ms until wrap has exited
            if how == "typed":
                t.type(b"\x03")
            else:
                t.kill(signal.SIGINT)
            sent += 1
            t.read(0.002)
        status = t.wait(timeout=5)
        took = time.monotonic() - t0
        out = t.output
    print(f"\n{front}: {sent} interrupts ({how}): exit {status} after {took:.2f} s")
    assert sent > 50
    assert status == 0, out[-300:]
    assert b"Traceback" not in out and b"KeyboardInterrupt" not in out
