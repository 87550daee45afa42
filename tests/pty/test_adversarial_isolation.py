"""Another local user can neither list sessions, read the registry, connect to a control
socket nor `send`; a datagram without the token changes nothing. The other user is
`nobody` (setpriv), so this runs as root, as CI does."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from term import REPO, Terminal, base_env

SETPRIV = shutil.which("setpriv")
pytestmark = pytest.mark.skipif(os.getuid() != 0 or SETPRIV is None,
                                reason="switching to another user needs root and setpriv")

PROBE = r"""
import json, os, socket, sys
sys.path.insert(0, sys.argv[1])
rt, sid = sys.argv[2], sys.argv[3]
out = {}
def attempt(name, fn):
    try:
        out[name] = "allowed: " + repr(fn())[:80]
    except Exception as err:
        out[name] = type(err).__name__ + ": " + str(getattr(err, "strerror", "") or err)
attempt("listdir", lambda: os.listdir(rt))
attempt("read_registry", lambda: open(os.path.join(rt, sid + ".json")).read())
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.sendto(b'{"kind":"send","text":"PWNED\\r"}', os.path.join(rt, sid + ".sock"))
attempt("connect", connect)
os.environ["OSC7501WRAP_RUNTIME_DIR"] = rt
from osc7501wrap.session import registry
attempt("ls", lambda: [e.get("pid") for e in registry.list_sessions()])
import subprocess
r = subprocess.run([sys.executable, "-m", "osc7501wrap", "send", sid, "PWNED"],
                   capture_output=True, text=True, cwd="/", env=dict(os.environ,
                   PYTHONPATH=sys.argv[1]))
out["send"] = f"status {r.returncode}: {r.stderr.strip()[:120]}"
print(json.dumps(out))
"""


def test_another_user_cannot_see_or_drive_a_session(tmp_path: Path) -> None:
    base = Path(tempfile.mkdtemp(prefix="owiso", dir="/tmp"))
    os.chmod(base, 0o755)  # only wrap's own directory and files protect the session
    rt = base / "rt"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rt))
    try:
        with Terminal.wrap(["--id", "iso/1", "cat"], env=env) as t:
            end = time.monotonic() + 10
            while not list(rt.glob("*.json")) and time.monotonic() < end:
                t.pump(0.05)
            (entry,) = rt.glob("*.json")
            sid = entry.stem
            modes = {p.name: oct(p.stat().st_mode & 0o777) for p in [rt, *rt.iterdir()]}
            probe = subprocess.run(
                [SETPRIV, "--reuid=65534", "--regid=65534", "--clear-groups",
                 "/usr/bin/python3", "-c", PROBE, str(REPO), str(rt), sid],
                capture_output=True, text=True, timeout=60, cwd="/")
            assert probe.returncode == 0, probe.stderr[-2000:]
            got = json.loads(probe.stdout)
            # a datagram with no token, from this same user: nothing is typed
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.sendto(json.dumps({"kind": "send", "text": "FORGED\r"}).encode(),
                     str(rt / f"{sid}.sock"))
            s.sendto(json.dumps({"token": "0" * 32, "kind": "send",
                                 "text": "FORGED2\r"}).encode(), str(rt / f"{sid}.sock"))
            t.pump(0.5)
            typed = t.output
            t.type(b"\x04")
            t.wait(timeout=10)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"\nmodes {modes}\nnobody: {json.dumps(got, indent=1)}")
    for what in ("listdir", "read_registry", "connect"):
        assert got[what].startswith("PermissionError"), (what, got[what])
    assert got["ls"] in ("allowed: []",) or got["ls"].startswith("PermissionError"), got["ls"]
    assert not got["send"].startswith("status 0"), got["send"]
    assert b"PWNED" not in typed and b"FORGED" not in typed
