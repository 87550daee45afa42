"""Job control: a stopped child stops wrap with the terminal restored; `fg` (SIGCONT)
brings back raw mode, the child's modes and size, continues the child and makes it
repaint. Driven through real ptys, directly and from an interactive bash."""

from __future__ import annotations

import os
import re
import signal
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from term import PROMPT, Front, Terminal, fresh_pty_modes

PY = sys.executable

# Turns on the alternate screen and hides the cursor, reports SIGCONT and SIGWINCH
# (with the size it then sees), echoes its input as "got ...", exits on EOF.
CHILD = r"""
import fcntl, os, signal, struct, termios
def size():
    return struct.unpack("HH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)[:4])
signal.signal(signal.SIGWINCH, lambda s, f: os.write(1, b"winch %d %d\n" % size()))
signal.signal(signal.SIGCONT, lambda s, f: os.write(1, b"cont\n"))
os.write(1, b"\x1b[?1049h\x1b[?25lpid=%d ppid=%d\n" % (os.getpid(), os.getppid()))
while True:
    data = os.read(0, 1024)
    if not data:
        break
    os.write(1, b"got " + data)
os.write(1, b"\x1b[?25h\x1b[?1049l")
"""

PID_RE = re.compile(rb"pid=(\d+) ppid=(\d+)")


@pytest.fixture
def child_script(tmp_path: Path) -> Path:
    p = tmp_path / "child.py"
    p.write_text(CHILD)
    return p



def state_of(pid: int) -> str:
    with open(f"/proc/{pid}/stat", "rb") as f:
        stat = f.read()
    return chr(stat[stat.rfind(b")") + 2])


def wait_state(pid: int, want: str, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while state_of(pid) != want:
        assert time.monotonic() < end, f"process {pid} is {state_of(pid)!r}, not {want!r}"
        time.sleep(0.01)


def wait_all(t: Terminal, *needles: bytes, since: int = 0, timeout: float = 10.0) -> None:
    """Wait until every needle is in the output after `since`, in any order."""
    end = time.monotonic() + timeout
    while not all(n in t.output[since:] for n in needles):
        assert time.monotonic() < end, f"missing {needles!r} in {t.output[since:]!r}"
        t.read(0.1)


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")


def test_stopped_child_stops_wrap_and_fg_resumes(wrap_term: Callable[..., Terminal],
                                                 child_script: Path) -> None:
    t = wrap_term([PY, str(child_script)])
    m = t.expect(PID_RE)
    child, wrap = int(m.group(1)), int(m.group(2))
    assert wrap == t.pid
    os.kill(child, signal.SIGSTOP)
    wait_state(wrap, "T")
    # While stopped: the terminal is the user's again, the child's modes are undone.
    t.drain(quiet=0.1)
    assert t.termios() == fresh_pty_modes()
    assert t.output.endswith(b"\x1b[?1049l\x1b[?25h")
    mark = len(t.output)
    os.kill(wrap, signal.SIGCONT)
    # Back: modes re-applied, child continued and told to repaint (same size).
    wait_all(t, b"\x1b[?1049h\x1b[?25l", b"cont\r\n", b"winch 24 80\r\n", since=mark)
    assert t.output[mark:].startswith(b"\x1b[?1049h\x1b[?25l")
    assert state_of(child) != "T"
    assert not t.termios()[3] & (termios.ICANON | termios.ECHO)
    t.type(b"hello\r")
    t.expect(b"got hello")
    t.type(b"\x04")
    assert t.wait() == 0
    assert t.termios() == fresh_pty_modes()
    assert t.output.endswith(b"\x1b[?25h\x1b[?1049l")


def test_resize_while_stopped(wrap_term: Callable[..., Terminal], child_script: Path) -> None:
    t = wrap_term([PY, str(child_script)])
    m = t.expect(PID_RE)
    child, wrap = int(m.group(1)), int(m.group(2))
    os.kill(child, signal.SIGSTOP)
    wait_state(wrap, "T")
    t.resize(30, 100)  # wrap is stopped: it learns the size when it continues
    mark = len(t.output)
    os.kill(wrap, signal.SIGCONT)
    wait_all(t, b"cont\r\n", b"winch 30 100\r\n", since=mark)
    t.type(b"\x04")
    assert t.wait() == 0


@pytest.mark.parametrize("stop", ["child SIGSTOP", "wrap SIGTSTP"])
def test_job_control_from_bash(child_script: Path, front: Front, stop: str) -> None:
    t = Terminal.shell()
    try:
        t.type(f"{front.sh} {PY} {child_script}\r".encode())
        m = t.expect(PID_RE)
        child, wrap = int(m.group(1)), int(m.group(2))
        if stop == "child SIGSTOP":
            os.kill(child, signal.SIGSTOP)
        else:
            os.kill(wrap, signal.SIGTSTP)
        t.expect(b"Stopped")
        t.expect(PROMPT)
        wait_state(wrap, "T")
        t.type(b"jobs\r")
        t.expect(re.compile(rb"\[1\]\+ +Stopped +" + re.escape(front.sh.encode())))
        t.expect(PROMPT)
        mark = len(t.output)
        t.type(b"fg\r")
        wait_all(t, b"cont\r\n", b"winch 24 80\r\n", since=mark)
        t.type(b"hello\r")
        t.expect(b"got hello")
        t.type(b"\x04")
        t.expect(PROMPT)
        t.type(b"echo rc=$?\r")
        t.expect(b"rc=0")
        t.type(b"exit\r")
        assert t.wait() == 0
    finally:
        t.close()
