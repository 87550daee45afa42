"""tmux passthrough: wrapping vectors, depth from the environment, and a real tmux.

The `tmux` tests run private tmux servers (`tmux -L <unique> -f /dev/null`), attach a
client inside a pseudo-terminal, make a pane print a wrapped sequence, and look for the
exact unwrapped bytes in what the client writes to its terminal.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pexpect
import pytest

from osc7501wrap.protocol import Report, encode
from osc7501wrap.protocol.tmux import allow_passthrough, tmux_depth, wrap_passthrough

DONE = b"\x1b]7501;state=done\x1b\\"


def test_wrap_pst_vector() -> None:
    # `pst done --tmux`
    assert wrap_passthrough(DONE) == b"\x1bPtmux;\x1b\x1b]7501;state=done\x1b\x1b\\\x1b\\"


def test_wrap_depths() -> None:
    assert wrap_passthrough(DONE, 0) == DONE
    two = wrap_passthrough(DONE, 2)
    assert two == wrap_passthrough(wrap_passthrough(DONE))
    assert two == (b"\x1bPtmux;\x1b\x1bPtmux;\x1b\x1b\x1b\x1b]7501;state=done"
                   b"\x1b\x1b\x1b\x1b\\\x1b\x1b\\\x1b\\")
    # Unwrapping one level (what tmux does) gives the level below.
    inner = two[len(b"\x1bPtmux;"):-2].replace(b"\x1b\x1b", b"\x1b")
    assert inner == wrap_passthrough(DONE, 1)


@pytest.mark.parametrize(("env", "depth"), [
    ({}, 0),
    ({"TMUX": "/tmp/tmux-0/default,123,0"}, 1),
    ({"TMUX": ""}, 0),
    ({"TMUX": "/x,1,0", "OSC7501WRAP_TMUX_DEPTH": "2"}, 2),
    ({"OSC7501WRAP_TMUX_DEPTH": "0", "TMUX": "/x,1,0"}, 0),
    ({"OSC7501WRAP_TMUX_DEPTH": "99"}, 8),
    ({"OSC7501WRAP_TMUX_DEPTH": "two", "TMUX": "/x,1,0"}, 1),
    ({"OSC7501WRAP_TMUX_DEPTH": "-1"}, 0),
])
def test_tmux_depth(env: dict[str, str], depth: int) -> None:
    assert tmux_depth(env) == depth


def test_allow_passthrough_without_tmux_is_none() -> None:
    env = {"PATH": "/nonexistent"}
    assert allow_passthrough(env=env) is None


# ----------------------------------------------------------------- real tmux

needs_tmux = pytest.mark.requires("tmux")  # missing: fails under scripts/test, skips elsewhere


class PrivateTmux:
    """A tmux server of our own, with one session `t` whose pane sleeps."""

    def __init__(self, pane_cmd: str = "sleep 120") -> None:
        self.name = f"o7w-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
        self.env["TERM"] = "xterm-256color"
        self.cmd("new-session", "-d", "-s", "t", "-x", "80", "-y", "24", pane_cmd)
        self.socket = self.cmd("display", "-p", "-t", "t", "#{socket_path}").strip()

    def cmd(self, *args: str) -> str:
        proc = subprocess.run(["tmux", "-L", self.name, "-f", "/dev/null", *args],
                              capture_output=True, env=self.env, timeout=10, check=False)
        if proc.returncode:
            raise AssertionError(f"tmux {' '.join(args)}: exit {proc.returncode}: "
                                 f"{proc.stderr.decode(errors='replace').strip()}")
        return proc.stdout.decode()

    def pane(self) -> str:
        return self.cmd("display", "-p", "-t", "t", "#{pane_id}").strip()

    def emit(self, payload: bytes, marker: str) -> None:
        """Replace the pane's program with one that prints `payload`, then `marker`."""
        code = (f"import os,time; os.write(1, bytes.fromhex({payload.hex()!r})); "
                f"os.write(1, b'{marker}\\r\\n'); time.sleep(120)")
        self.cmd("respawn-pane", "-k", "-t", "t", shlex.join([sys.executable, "-c", code]))

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True,
                       env=self.env, timeout=10, check=False)
        if self.socket.endswith(self.name):  # tmux 3.3 leaves its socket behind
            try:
                os.unlink(self.socket)
            except OSError:
                pass


class Client:
    """A tmux client attached inside a pty we read: the 'outer terminal'."""

    def __init__(self, server: PrivateTmux, argv: list[str] | None = None) -> None:
        args = argv or ["-L", server.name, "attach", "-t", "t"]
        self.child = pexpect.spawn("tmux", args, env=server.env, dimensions=(24, 80), timeout=10)
        self.seen = b""
        deadline = time.monotonic() + 10
        while not server.cmd("list-clients", "-F", "#{client_name}").strip():
            assert time.monotonic() < deadline, "tmux client did not attach"
            self.read_some()

    def read_some(self) -> None:
        try:
            self.seen += self.child.read_nonblocking(65536, timeout=0.05)
        except pexpect.TIMEOUT:
            pass

    def wait_for(self, marker: str, timeout: float = 10.0) -> bytes:
        deadline = time.monotonic() + timeout
        while marker.encode() not in self.seen:
            assert time.monotonic() < deadline, f"{marker} never reached the terminal"
            self.read_some()
        return self.seen

    def close(self) -> None:
        self.child.close(force=True)


@pytest.fixture
def tmux_server() -> Iterator[PrivateTmux]:
    server = PrivateTmux()
    try:
        yield server
    finally:
        server.kill()


@pytest.mark.tmux
@needs_tmux
def test_real_tmux_passes_wrapped_sequence_when_allowed(tmux_server: PrivateTmux) -> None:
    tmux_server.cmd("set", "-g", "allow-passthrough", "on")
    client = Client(tmux_server)
    try:
        report = encode(Report("blocked", kind="permission", app="claude", msg="Allow Bash: ls?"))
        tmux_server.emit(wrap_passthrough(report, 1), "MARK-on")
        seen = client.wait_for("MARK-on")
        assert report in seen
        assert b"Ptmux;" not in seen
    finally:
        client.close()


@pytest.mark.tmux
@needs_tmux
def test_real_tmux_drops_sequence_when_not_allowed(tmux_server: PrivateTmux) -> None:
    tmux_server.cmd("set", "-g", "allow-passthrough", "off")
    client = Client(tmux_server)
    try:
        tmux_server.emit(wrap_passthrough(DONE, 1) + DONE, "MARK-off")
        seen = client.wait_for("MARK-off")
        assert b"7501" not in seen  # neither the wrapped nor the bare copy got out
    finally:
        client.close()


@pytest.mark.tmux
@needs_tmux
def test_real_tmux_nested_needs_one_wrap_per_level() -> None:
    inner = PrivateTmux()
    outer = PrivateTmux(pane_cmd=f"env -u TMUX tmux -L {inner.name} attach -t t")
    try:
        for server in (inner, outer):
            server.cmd("set", "-g", "allow-passthrough", "on")
        client = Client(outer)
        try:
            deadline = time.monotonic() + 10
            while not inner.cmd("list-clients", "-F", "#{client_name}").strip():
                assert time.monotonic() < deadline, "inner tmux client did not attach"
                client.read_some()
            wrong = encode(Report("working", msg="depth one"))
            right = encode(Report("done", msg="depth two"))
            inner.emit(wrap_passthrough(wrong, 1) + wrap_passthrough(right, 2), "MARK-nested")
            seen = client.wait_for("MARK-nested")
            assert right in seen
            assert wrong not in seen
        finally:
            client.close()
    finally:
        outer.kill()
        inner.kill()


@pytest.mark.tmux
@needs_tmux
def test_allow_passthrough_reads_the_effective_pane_value(tmux_server: PrivateTmux) -> None:
    name, env = tmux_server.name, tmux_server.env
    assert allow_passthrough(socket_name=name, target="t", env=env) == "off"
    tmux_server.cmd("set", "-g", "allow-passthrough", "on")
    assert allow_passthrough(socket_name=name, target="t", env=env) == "on"
    pane = tmux_server.pane()
    tmux_server.cmd("set", "-p", "-t", pane, "allow-passthrough", "off")
    assert allow_passthrough(socket_name=name, target=pane, env=env) == "off"
    assert allow_passthrough(socket_name=name + "-nobody", env=env) is None
