"""wrap's ways out: exit status, missing commands, forwarded signals, draining, and the
terminal restored (modes and the child's leftovers) on every path. Through a real pty."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from term import PROMPT, Front, Terminal, base_env, fresh_pty_modes, proxy_command

from osc7501wrap.proxy import procinfo

PY = sys.executable

# What the child turns on, and exactly what wrap must write to undo it.
MODES_ON = (b"\x1b[?1049h\x1b[?25l\x1b[?1000;1006h\x1b[?2004h\x1b[?1004h"
            b"\x1b[>1u\x1b[>1u\x1b[31m\x1b[?2026h")
MODES_RESET = (b"\x1b[?2026l\x1b[?1006l\x1b[?1000l\x1b[?2004l\x1b[?1004l"
               b"\x1b[<u\x1b[<u\x1b[?1049l\x1b[?25h\x1b[0m")

# A child with default signal handling that turns the modes on, says ready, and waits
# (or exits by itself with "exit").
MODE_CHILD = r"""
import os, signal, sys, time
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(s, signal.SIG_DFL)
os.write(1, MODES_ON)
time.sleep(0.2)
os.write(1, b"ready\n")  # the child's pty turns \n into \r\n
if sys.argv[1] == "exit":
    sys.exit(0)
time.sleep(60)
""".replace("MODES_ON", repr(MODES_ON))

# Hooks that raise KeyboardInterrupt (not an Exception: it escapes the loop) when they
# see "ready".
BOOM_HOOKS = """
class Handler(ProxyHandler):
    def output(self, data):
        if b"ready" in data:
            raise KeyboardInterrupt
        return data
"""



def child_of(pid: int, timeout: float = 10.0) -> int:
    end = time.monotonic() + timeout
    while True:
        kids = procinfo.child_pids(pid) or []
        if kids:
            return kids[0]
        assert time.monotonic() < end, "no child process appeared"
        time.sleep(0.01)


# --------------------------------------------------------------------------- status


@pytest.mark.parametrize("script,status", [
    ("exit 0", 0),
    ("exit 7", 7),
    ("kill -TERM $$", 143),
    ("kill -KILL $$", 137),
    ("kill -HUP $$", 129),
])
def test_exit_status(wrap_term: Callable[..., Terminal], script: str, status: int) -> None:
    t = wrap_term(["sh", "-c", script])
    assert t.wait() == status


def test_command_not_found(wrap_term: Callable[..., Terminal], front: Front) -> None:
    t = wrap_term(["no-such-command-osc7501"])
    assert t.wait() == 127
    # `wrap` adds how to get it (tests/test_not_installed.py); the bare proxy does not.
    hint = b"; is it installed, and its directory on PATH?" if front.name == "wrap" else b""
    assert t.output == b"wrap: no-such-command-osc7501: command not found" + hint + b"\r\n"


def test_path_not_found(wrap_term: Callable[..., Terminal], tmp_path: Path) -> None:
    t = wrap_term([str(tmp_path / "missing")])
    assert t.wait() == 127
    assert t.output == f"wrap: {tmp_path / 'missing'}: command not found\r\n".encode()


def test_not_executable(wrap_term: Callable[..., Terminal], tmp_path: Path) -> None:
    f = tmp_path / "script.sh"
    f.write_text("#!/bin/sh\necho hi\n")
    f.chmod(0o644)
    t = wrap_term([str(f)])
    assert t.wait() == 126
    assert t.output == f"wrap: {f}: permission denied\r\n".encode()
    t = wrap_term([str(tmp_path)])
    assert t.wait() == 126
    assert t.output == f"wrap: {tmp_path}: is a directory\r\n".encode()


def test_not_executable_on_path(terminal: Callable[..., Terminal], tmp_path: Path,
                                front: Front) -> None:
    f = tmp_path / "tool"
    f.write_text("#!/bin/sh\necho hi\n")
    f.chmod(0o644)
    t = terminal(["sh", "-c", f"PATH={tmp_path}:$PATH; exec {front.sh} tool"])
    assert t.wait() == 126
    assert t.output == b"wrap: tool: permission denied\r\n"


# --------------------------------------------------------------------------- restore


@pytest.mark.parametrize("how,status", [
    ("exit", 0),
    ("SIGTERM", 143),
    ("SIGHUP", 129),
    ("SIGINT", 130),
    ("child killed", 137),
    ("exception", 99),
])
def test_terminal_restored_on_every_path(terminal: Callable[..., Terminal], front: Front,
                                         how: str, status: int) -> None:
    child = [PY, "-c", MODE_CHILD, "exit" if how == "exit" else "wait"]
    argv = proxy_command(BOOM_HOOKS) if how == "exception" else front.argv
    t = terminal([*argv, *child])
    if how != "exception":  # there, the chunk with "ready" is never written
        t.expect(b"ready\r\n")
    if how.startswith("SIG"):
        t.kill(getattr(signal, how))
    elif how == "child killed":
        os.kill(child_of(t.pid), signal.SIGKILL)
    assert t.wait() == status
    assert t.termios() == fresh_pty_modes()
    if how == "exception":
        assert t.output == MODES_ON + MODES_RESET
    else:
        assert t.output == MODES_ON + b"ready\r\n" + MODES_RESET


def test_nothing_written_when_the_child_cleans_up(wrap_term: Callable[..., Terminal]) -> None:
    payload = b"\x1b[?1049h\x1b[?25l\x1b[1mhi\x1b[0m\x1b[?25h\x1b[?1049l"
    t = wrap_term([PY, "-c", f"import os; os.write(1, {payload!r})"])
    assert t.wait() == 0
    assert t.output == payload


def test_child_dies_inside_a_sequence(wrap_term: Callable[..., Terminal]) -> None:
    # The child's unfinished OSC would swallow the resets: wrap cancels it first.
    t = wrap_term([PY, "-c", r"import os; os.write(1, b'\x1b[?25l\x1b]0;half a ti')"])
    assert t.wait() == 0
    assert t.output == b"\x1b[?25l\x1b]0;half a ti\x18\x1b[?25h"


def test_a_handler_exception_keeps_the_proxy_transparent(terminal: Callable[..., Terminal]) -> None:
    bad = """
    class Handler(ProxyHandler):
        def output(self, data):
            raise ValueError("boom")
    """
    t = terminal([*proxy_command(bad), "sh", "-c", "echo one; sleep 0.1; echo two; exit 3"])
    assert t.wait() == 3
    assert t.output == (b"one\r\ntwo\r\n"
                        b"wrap: status reporting stopped after an internal error: "
                        b"ValueError: boom\r\n")


# --------------------------------------------------------------------------- signals


@pytest.mark.parametrize("sig", ["TERM", "HUP"])
def test_term_and_hup_are_forwarded_and_drained(wrap_term: Callable[..., Terminal],
                                                sig: str) -> None:
    # The child catches the signal, says so, and exits 7: wrap must forward it, keep
    # passing output, and exit with the child's status.
    t = wrap_term(["sh", "-c", f'trap "echo got-{sig}; sleep 0.2; echo last; exit 7" {sig}; '
                   "echo ready; while :; do sleep 0.02; done"])
    t.expect(b"ready")
    t.kill(getattr(signal, f"SIG{sig}"))
    t.expect(f"got-{sig}".encode())
    assert t.wait() == 7
    assert t.output.endswith(b"last\r\n")


@pytest.mark.parametrize("sig", ["INT", "QUIT"])
def test_int_and_quit_go_to_the_foreground_job(wrap_term: Callable[..., Terminal],
                                               sig: str) -> None:
    # wrap runs an interactive bash that runs `sleep` as its foreground job: the signal
    # must reach sleep (the pty's foreground group), not bash.
    env = base_env(PS1=PROMPT.decode(), HISTFILE="/dev/null", INPUTRC="/dev/null")
    t = wrap_term(["bash", "--norc", "--noprofile", "-i"], env=env)
    t.expect(PROMPT)
    t.type(b"sleep 100\r")
    bash = child_of(t.pid)
    sleeper = child_of(bash)
    end = time.monotonic() + 10
    while procinfo.process_name(sleeper) != "sleep" or procinfo.foreground_pgrp(t.fd) is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    t.kill(getattr(signal, f"SIG{sig}"))
    t.expect(PROMPT)
    assert not procinfo.is_alive(sleeper)
    t.type(b"echo alive-$((40+2))\r")
    t.expect(b"alive-42")
    t.type(b"exit 0\r")
    assert t.wait() == 0


def test_grandchild_holding_the_pty_does_not_hang_wrap(
        wrap_term: Callable[..., Terminal]) -> None:
    t = wrap_term(["sh", "-c", '(trap "" HUP; exec sleep 30) & echo "bg=$!"; echo bye'])
    m = t.expect(re.compile(rb"bg=(\d+)"))
    try:
        assert t.wait(timeout=5) == 0
        assert t.output.endswith(b"bye\r\n")
    finally:
        os.kill(int(m.group(1)), signal.SIGKILL)
