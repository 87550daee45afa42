"""Signals to wrap and deaths of the child while it holds the alternate screen, mouse,
bracketed paste, application cursor keys and keypad: the outer terminal's modes come back
(`stty -g` equal, every mode reset), the status is 128+N, no traceback. Through `wrap`
with reports on, on a real pty; each case prints its exit status and time."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from term import Terminal, base_env, fresh_pty_modes

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
