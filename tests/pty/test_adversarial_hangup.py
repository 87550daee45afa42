"""The outer terminal goes away: wrap exits within a second and its child gets SIGHUP,
whether or not the terminal is wrap's controlling terminal, chatty child or quiet,
reports on or off."""

from __future__ import annotations

import os
import pty
import subprocess
import time
from pathlib import Path

import pytest
from term import STALL, Terminal, base_env, wrap_command

CHILD = ("trap 'echo HUP >> {mark}; exit 129' HUP; echo ready; "
         "while :; do {noise} sleep 0.02; done")


def _child(mark: Path, chatty: bool) -> list[str]:
    noise = "echo chatty chatty chatty;" if chatty else ""
    return ["sh", "-c", CHILD.format(mark=mark, noise=noise)]


def _wait_for(path: Path, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_text().strip():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize("emit", ["never", "always"])
@pytest.mark.parametrize("chatty", [True, False], ids=["chatty", "quiet"])
def test_closed_terminal_that_is_not_the_controlling_one(rundir: Path, tmp_path: Path,
                                                         emit: str, chatty: bool) -> None:
    mark = tmp_path / "hup"
    master, slave = pty.openpty()
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    proc = subprocess.Popen([*wrap_command(), "--emit", emit, *_child(mark, chatty)],
                            stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)  # the pty is not its controlling tty
    os.close(slave)
    try:
        got = b""
        end = time.monotonic() + 15
        while b"ready" not in got and time.monotonic() < end:
            try:
                got += os.read(master, 65536)
            except OSError:
                break
        assert b"ready" in got
        time.sleep(0.2)
        t0 = time.monotonic()
        os.close(master)
        status = proc.wait(timeout=5)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
    hup = _wait_for(mark, 2)
    print(f"\nouter pty closed (not the controlling tty, {'chatty' if chatty else 'quiet'} "
          f"child, --emit {emit}): wrap exited {status} in {took * 1000:.0f} ms, "
          f"child got SIGHUP: {hup}")
    assert took < STALL and hup


def test_closed_controlling_terminal_under_a_chatty_child(rundir: Path,
                                                         tmp_path: Path) -> None:
    mark = tmp_path / "hup"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    t = Terminal.wrap(["--emit", "always", *_child(mark, True)], env=env)
    t.expect(b"ready", timeout=15)
    t.pump(0.2)
    t0 = time.monotonic()
    os.close(t.fd)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        pid, _ = os.waitpid(t.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.005)
    took = time.monotonic() - t0
    hup = _wait_for(mark, 2)
    print(f"\nouter pty (controlling) closed under a chatty child: wrap exited in "
          f"{took * 1000:.0f} ms, child got SIGHUP: {hup}")
    assert took < STALL and hup
