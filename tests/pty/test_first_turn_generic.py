"""A program on the fallback rules whose first turn no Enter of the user's started (a
prompt given on its command line), through a real pty: a small scripted TUI draws its
start-up spinner, its composer, then a turn's working line with an interrupt hint, then its
composer again. The turn's own sign ends the start-up, so its end reads done; the same
program whose only spinner is its start-up's ends idle (nothing of the user's ran).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

# The scripted TUI: a banner, "⠋ Loading configuration..." for 0.6 s (its start-up), a
# composer in a box; then (argv[1] == "turn") a working line with an interrupt hint over
# the composer for 1.5 s and the composer again; it stays up until a key is typed.
CHILD = r"""
import sys, termios, time, tty
saved = termios.tcgetattr(0)
tty.setraw(0)
out = lambda s: (sys.stdout.write(s), sys.stdout.flush())
BOX = ["╭" + "─" * 60 + "╮", "│ > " + " " * 57 + "│", "╰" + "─" * 60 + "╯", "  model · ~/work"]
def screen(*rows):
    out("\x1b[H\x1b[J" + "\r\n".join(["  Agent v1", "", *rows, "", *BOX]))
try:
    end = time.monotonic() + 0.6
    i = 0
    while time.monotonic() < end:
        screen("⠋⠙⠹⠸"[i % 4] + " Loading configuration...")
        i += 1
        time.sleep(0.08)
    screen("")
    if sys.argv[1] == "turn":
        time.sleep(0.3)
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            screen("> fix the build", "", "⠋⠙⠹⠸"[i % 4] + " Working (esc to interrupt)")
            i += 1
            time.sleep(0.08)
        screen("> fix the build", "", "Fixed: the build passes.")
    sys.stdin.buffer.read(1)
finally:
    termios.tcsetattr(0, termios.TCSADRAIN, saved)
"""


def _states(log: Path) -> list[str]:
    return [ln.split("state ", 1)[1].split()[0] for ln in log.read_text().splitlines()
            if " state " in ln]


@pytest.mark.parametrize(("mode", "last"), [("turn", "done"), ("startup", "idle")])
def test_the_first_turn_without_an_enter(tmp_path: Path, mode: str, last: str) -> None:
    log = tmp_path / "wrap.log"
    env = base_env(OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"))
    t = Terminal.wrap(["--log", str(log), sys.executable, "-c", CHILD, mode], env=env,
                      rows=24, cols=80)
    try:
        t.expect(b"model", timeout=15)
        if mode == "turn":
            t.expect(b"Fixed", timeout=15)
        # until the start-up's spinner (or the turn) has been read and ended: the log's
        # first line is the start's own idle, there before any frame was read, and "model"
        # is on the first frame (a key typed then exits the program in its start-up)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            t.read(0.05)
            seen = _states(log) if log.exists() else []
            if "working" in seen and seen[-1] in ("done", "idle"):
                break
        time.sleep(0.5)  # nothing more comes
        t.read(0.05)
        t.type(b"q")
        assert t.wait(timeout=15) == 0
    finally:
        t.close()
    seen = [s for s in _states(log) if s != "clear"]  # clear: the exit
    assert seen[-1] == last, (seen, log.read_text(errors="replace")[-2000:])
    if mode == "turn":
        assert seen[-2] == "working", seen
    assert "generic" in log.read_text()
