"""`send` looks again right before Enter: a dialog that appears while its text goes in is
never answered (through wrap on a real pty and the real `send` command)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from term import REPO, Terminal, base_env

CHILD = str(Path(__file__).with_name("dialog_on_input.py"))


def _send(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "osc7501wrap", "send", *args], env=env,
                          capture_output=True, text=True, timeout=20, cwd=str(REPO))


def _registered(env: dict[str, str], sid: str) -> None:
    end = time.monotonic() + 10
    while time.monotonic() < end:
        out = subprocess.run([sys.executable, "-m", "osc7501wrap", "ls", "--json"], env=env,
                             capture_output=True, text=True, timeout=20).stdout
        if sid in out:
            return
        time.sleep(0.1)
    raise AssertionError(f"{sid} never listed")


def test_send_refuses_enter_when_a_dialog_appears_after_its_text(rundir: Path,
                                                                 tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rundir))
    with Terminal.wrap(["--id", "adv/send", sys.executable, CHILD], env=env) as t:
        t.expect(b"READY")
        _registered(env, "adv/send")
        t0 = time.monotonic()
        done = _send(env, "adv/send", "yes please")
        took = time.monotonic() - t0
        t.pump(0.5)
        answered = b"GOT-ENTER" in t.output
        t.kill(9)
    print(f"\nsend into a dialog drawn on its first key: status {done.returncode} in "
          f"{took * 1000:.0f} ms, stderr {done.stderr.strip()!r}, Enter reached the "
          f"program: {answered}")
    assert done.returncode == 1 and "Enter was not pressed" in done.stderr
    assert "Delete everything? [Y/n]" in done.stderr
    assert not answered


def test_send_still_presses_enter_when_nothing_appears(rundir: Path, tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rundir))
    with Terminal.wrap(["--id", "adv/send2", "cat"], env=env) as t:
        t.pump(0.2)
        _registered(env, "adv/send2")
        done = _send(env, "adv/send2", "plain text")
        t.expect(b"plain text\r\n", timeout=5)
        t.kill(9)
    assert (done.returncode, done.stderr) == (0, "")
