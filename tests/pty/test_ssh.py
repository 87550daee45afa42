"""`wrap` on the far side of ssh lights the local terminal: a real sshd on 127.0.0.1.

The test starts its own sshd (temp host key, temp authorized key, a free port, only
127.0.0.1) and a local ssh client in a pty that plays the terminal. The remote wrap's
probe travels out through ssh and the terminal's answer comes back the same way; its
reports ride the ssh stream to the local terminal. sshd comes from Debian's
openssh-server, which scripts/test installs; without it this test fails in CI.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from term import Terminal, base_env, wrap_command

from osc7501wrap.protocol import Report, parse_body

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
ASK = "sleep 0.3; printf 'Deploy? [y/N] '; read a; echo got:$a"
OSC7501 = re.compile(rb"\x1b\]7501;([^\x1b\x07]*)\x1b\\")

pytestmark = pytest.mark.requires("sshd")  # missing: fails under scripts/test, skips elsewhere


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_bytes()
            except OSError:
                continue
            if int(stat[stat.rindex(b")") + 2:].split()[1]) == pid:
                out.append(int(d.name))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Sshd:
    """An sshd of its own on 127.0.0.1 (`extra`: more sshd_config lines, such as SetEnv
    for a machine's own HOME). ``down()`` kills it with every connection it serves, as
    a machine that drops; ``up()`` starts it again on the same port."""

    def __init__(self, root: Path, extra: str = "") -> None:
        root.mkdir(mode=0o700)
        self.root = root
        self.port = free_port()
        self.key = root / "id"
        for key in (root / "host", self.key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)],
                           check=True, capture_output=True)
        (root / "authorized").write_text((root / "id.pub").read_text())
        (root / "authorized").chmod(0o600)
        self.config = root / "sshd_config"
        self.config.write_text(f"""\
Port {self.port}
ListenAddress 127.0.0.1
HostKey {root / 'host'}
AuthorizedKeysFile {root / 'authorized'}
PidFile {root / 'sshd.pid'}
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
PrintMotd no
{extra}""")
        if os.geteuid() == 0:
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # privilege separation
        self.log = root / "sshd.log"
        self.up()

    def up(self) -> None:
        self.proc = subprocess.Popen([SSHD, "-D", "-e", "-f", str(self.config)],
                                     stdout=subprocess.DEVNULL, stderr=self.log.open("ab"))
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                assert self.proc.poll() is None, self.log.read_text()
                assert time.monotonic() < deadline, "sshd did not listen"
                time.sleep(0.05)

    def down(self) -> None:
        """Kill sshd and every process serving its connections, down to the commands
        they run (each connection made a session of its own, so they are found by
        parent pid), as a machine that is switched off."""
        tree, todo = [], [self.proc.pid]
        while todo:
            kids = _children(todo.pop())
            tree += kids
            todo += kids
        self.proc.kill()
        self.proc.wait()
        for pid in tree:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass

    def ssh(self, remote: str) -> list[str]:
        return ["ssh", "-tt", "-p", str(self.port), "-i", str(self.key),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null",
                "127.0.0.1", remote]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.down()


@pytest.fixture
def sshd(tmp_path: Path) -> Iterator[Sshd]:
    server = Sshd(tmp_path / "sshd")
    try:
        yield server
    finally:
        server.stop()


def reports(out: bytes) -> list[Report]:
    found = []
    for m in OSC7501.finditer(out):
        parsed = parse_body(m.group(1))
        if isinstance(parsed, Report):
            found.append(parsed)
    return found


@pytest.mark.parametrize("answers", [True, False], ids=["7501-terminal", "plain-terminal"])
def test_wrap_over_ssh_lights_the_local_terminal(sshd: Sshd, tmp_path: Path,
                                                  answers: bool) -> None:
    runtime = tmp_path / "run"
    remote = " ".join(["env", f"OSC7501WRAP_RUNTIME_DIR={shlex.quote(str(runtime))}",
                       *map(shlex.quote, wrap_command()), "--id", "far",
                       "sh", "-c", shlex.quote(ASK)])
    t = Terminal(sshd.ssh(remote), env=base_env(), answer_7501=answers, answer_da1=True)
    try:
        t.expect(b"Deploy", timeout=20)
        t.pump(0.8)
        t.type(b"y\r")
        t.expect(b"got:y", timeout=10)
        status = t.wait(timeout=20)
    finally:
        t.close()
    out = t.output
    assert status == 0, (out[-400:], sshd.log.read_text())
    # the probe went out through ssh (the query, then DA1) and was answered back
    assert any(q.startswith(b"\x1b]7501;?") for q in t.queries), t.queries
    reps = reports(out)
    if answers:
        states = [r.state + (f":{r.kind}" if r.kind else "") for r in reps]
        assert "blocked:question" in states, states
        blocked = next(r for r in reps if r.state == "blocked")
        assert blocked.id == "far" and blocked.msg == "Deploy? [y/N]"
        assert reps[-1] == Report("clear", id="far")
    else:  # no 7501 terminal: no reports, the progress fallback rides the stream instead
        assert reps == []
        assert b"\x1b]9;4;4\x1b\\" in out and b"\x1b]9;4;0\x1b\\" in out
