"""The rules' patterns no screen read has used yet are compiled while the program is quiet
(session.boot.warm), through wrap on a real pty: a program with no manifest that asks
``Continue? [y/N]`` and waits has them all compiled before it is answered (the log says
so once); one that writes every 20 ms has none of that done while it writes, and has it
once it pauses. The echo it spares is measured in bench/ (`bench_proxy.py`: echo after a
dialog's answer)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from term import Terminal, base_env

NOTE = "note rules: the patterns left compiled while the program was quiet"

ASK = "import os, sys\nos.write(1, b'Continue? [y/N] ')\nsys.stdin.readline()\nprint('got')\n"
# a line every 20 ms for 1.5 s (wrap never sees 50 ms without output), then "paused"
BUSY = ("import sys, time\nend = time.monotonic() + 1.5\ni = 0\n"
        "while time.monotonic() < end:\n"
        "    print(f'line {i}', flush=True)\n    i += 1\n    time.sleep(0.02)\n"
        "print('paused', flush=True)\nsys.stdin.readline()\n")


def _log_has(log: Path) -> bool:
    return log.exists() and NOTE in log.read_text(errors="replace")


def _wrap(tmp_path: Path, child: str) -> tuple[Terminal, Path]:
    """`wrap --log` around the Python program `child`; the terminal and the log's path."""
    log = tmp_path / "wrap.log"
    t = Terminal.wrap(["--log", str(log), sys.executable, "-c", child],
                      env=base_env(OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run")))
    return t, log


def _until_noted(t: Terminal, log: Path) -> None:
    """Read on (the program quiet) until the log says the patterns were compiled."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not _log_has(log):
        t.read(0.05)
    assert _log_has(log), log.read_text(errors="replace")


def test_a_program_waiting_on_its_question_has_the_patterns_compiled_before_the_answer(
        tmp_path: Path) -> None:
    t, log = _wrap(tmp_path, ASK)
    try:
        t.expect(b"Continue?", timeout=15)
        _until_noted(t, log)
        t.type(b"y\r")
        t.expect(b"got", timeout=10)
        assert t.wait(timeout=15) == 0
    finally:
        t.close()
    text = log.read_text(errors="replace")
    assert text.count(NOTE) == 1  # said once
    assert text.index(NOTE) < text.index("state clear")


def test_a_program_that_keeps_writing_is_not_slowed_by_it_until_it_pauses(
        tmp_path: Path) -> None:
    t, log = _wrap(tmp_path, BUSY)
    try:
        t.expect(b"line 0", timeout=15)
        seen_boot = False
        while b"paused" not in t.output:
            t.read(0.05)
            seen_boot = seen_boot or (log.exists() and "start argv=" in log.read_text())
            if b"line 50" in t.output and b"paused" not in t.output:
                # writing for a second, booted long since: nothing compiled meanwhile
                assert not _log_has(log)
        assert seen_boot
        _until_noted(t, log)
        t.type(b"\r")
        assert t.wait(timeout=15) == 0
    finally:
        t.close()
