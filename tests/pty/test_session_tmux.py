"""`wrap` inside a real tmux: its reports reach the outer terminal through passthrough."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import pytest
from term import wrap_command
from test_protocol_tmux import Client, PrivateTmux, needs_tmux

from osc7501wrap.protocol import Report, parse_body

OSC7501 = re.compile(rb"\x1b\]7501;([^\x1b\x07]*)\x1b\\")
ASK = "sleep 0.5; printf 'Continue? [y/N] '; read a; echo got:$a; sleep 1"


def _read(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


def reports(seen: bytes) -> list[Report]:
    out = []
    for m in OSC7501.finditer(seen):
        r = parse_body(m.group(1))
        assert r is not None, m.group(0)
        if isinstance(r, Report):
            out.append(r)
    return out


@pytest.mark.tmux
@needs_tmux
@pytest.mark.parametrize("passthrough", ["on", "off"])
def test_wrap_in_tmux_reports_through_passthrough(passthrough: str, tmp_path: Path) -> None:
    server = PrivateTmux()
    written = tmp_path / "pane.out"  # what wrap wrote to the pane's pty (tmux pipe-pane)
    try:
        server.cmd("set", "-g", "allow-passthrough", passthrough)
        client = Client(server)
        try:
            pane = " ".join(["env", "OSC7501WRAP_EMIT=always",
                             *map(shlex.quote, wrap_command()),
                             "--id", "tm", "sh", "-c", shlex.quote(ASK)])
            server.cmd("respawn-pane", "-k", "-t", "t", pane)
            server.cmd("pipe-pane", "-t", "t", "-o", f"cat >> {shlex.quote(str(written))}")
            client.wait_for("Continue")
            deadline = time.monotonic() + 5
            while passthrough == "on" and not any(
                    r.state == "blocked" for r in reports(client.seen)):
                assert time.monotonic() < deadline, client.seen[-400:]
                client.read_some()
            server.cmd("send-keys", "-t", "t", "y", "Enter")
            client.wait_for("got:y")
            deadline = time.monotonic() + 5
            while passthrough == "on" and not any(
                    r.state == "clear" for r in reports(client.seen)):
                assert time.monotonic() < deadline, client.seen[-400:]
                client.read_some()
            seen = client.seen
            if passthrough == "off":
                # wrap wrote its reports wrapped for tmux (the last: clear) ...
                deadline = time.monotonic() + 10
                while b"\x1bPtmux;\x1b\x1b]7501;state=clear" not in _read(written):
                    assert time.monotonic() < deadline, _read(written)[-400:]
                    time.sleep(0.05)
                client.read_some()
                # ... and tmux dropped them: nothing leaks to the outer terminal
                assert b"7501" not in client.seen
                return
            reps = reports(seen)
            # unwrapped by tmux: bare, valid reports under wrap's id, in order
            assert b"Ptmux;" not in seen
            states = [r.state for r in reps]
            i = states.index("blocked")
            assert i >= 1 and set(states[:i]) <= {"idle", "working"}  # `sleep` runs first
            assert reps[i].kind == "question" and reps[i].msg == "Continue? [y/N]"
            assert reps[-1] == Report("clear", id="tm")
            assert all(r.id == "tm" for r in reps)
        finally:
            client.close()
    finally:
        server.kill()


@pytest.mark.tmux
@needs_tmux
def test_wrap_in_tmux_probes_the_outer_terminal_through_passthrough(tmp_path) -> None:
    """tmux answers DA1 itself but forwards the outer terminal's 7501 reply to the pane,
    so the handshake works inside tmux when passthrough is on."""
    log = tmp_path / "wrap.log"
    server = PrivateTmux()
    try:
        server.cmd("set", "-g", "allow-passthrough", "on")
        client = Client(server)
        try:
            pane = " ".join([*map(shlex.quote, wrap_command()), "--log", shlex.quote(str(log)),
                             "--id", "tp", "sh", "-c", shlex.quote(ASK)])
            server.cmd("respawn-pane", "-k", "-t", "t", pane)
            deadline = time.monotonic() + 10
            while b"\x1b]7501;?" not in client.seen:
                assert time.monotonic() < deadline, client.seen[-300:]
                client.read_some()
            client.child.send(b"\x1b]7501;?\x1b\\")  # the outer terminal answers
            client.wait_for("Continue")
            while not any(r.state == "blocked" for r in reports(client.seen)):
                assert time.monotonic() < deadline, client.seen[-300:]
                client.read_some()
            assert "emit=True (the terminal answered the OSC 7501 query" in log.read_text()
        finally:
            client.close()
    finally:
        server.kill()
