"""Secrets never leave the pane: a real wrap session on a pty (tests/pty/secret_child.py
draws a Claude-shaped dialog for each command, one after another), inside a real private
tmux server (its pane options), a herdr double (tests/herdr_double.py), the terminal's
own channels and notifications forced on, `events` following it, `--log` and the ledger
kept with messages. Each documented token shape is on the screen (the pane shows it) and
in no output: not in a byte of any OSC or DCS sequence wrap wrote (decoded base64
included), the tmux options, herdr's messages, `ls --json`, `events`, the log, the
ledger, `explain --session` or `answer`'s replies. The person answering sees the
redacted command with ``redacted: true``; two commands that differ only in the secret
have different dialog ids, and `answer --dialog` with the other one's id is refused."""

from __future__ import annotations

import base64
import json
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from herdr_double import HerdrDouble
from term import REPO, Terminal, base_env
from test_protocol_tmux import PrivateTmux

CHILD = str(Path(__file__).with_name("secret_child.py"))
COLS = 200
PANE = "w1:p1"

#: (the command, the secret in it); vendors' documented example shapes, not live secrets
COMMANDS: list[tuple[str, str]] = [
    ("curl -H 'Authorization: Bearer abcdef0123456789ABCDEFsecretA' https://api.example.com",
     "abcdef0123456789ABCDEFsecretA"),
    ("curl -H 'Authorization: Bearer abcdef0123456789ABCDEFsecretB' https://api.example.com",
     "abcdef0123456789ABCDEFsecretB"),
    ("curl -u aladdin:opensesame42 https://h.example.com", "opensesame42"),
    ("GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a gh pr list",
     "16C7e42F292c6912E7710c838347Ae178B4a"),
    ("gh auth login --with-token <<< gho_16C7e42F292c6912E7710c838347Ae178B4b",
     "16C7e42F292c6912E7710c838347Ae178B4b"),
    ("docker login ghcr.io -p ghs_16C7e42F292c6912E7710c838347Ae178B4c",
     "16C7e42F292c6912E7710c838347Ae178B4c"),
    ("gh api --header x github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEF0123",
     "11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEF0123"),
    ("python run.py sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78", "Ab12Cd34Ef56Gh78Ij90Kl12"),
    ("python run.py sk-abcdefghijklmnopqrstT3BlbkFJabcdefghij", "abcdefghijklmnopqrstT3Blbk"),
    ("claude --key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-AA",
     "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("aws s3 ls --profile AKIAIOSFODNN7EXAMPLE", "IOSFODNN7EXAMPLE"),
    ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("slack post xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
     "pdFZKVeTuE8sk7oOcBrzbqgy"),
    ("curl --cookie s=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0",
     "dozjgNryP4J3jVmNHl0w5N_XgL0"),
    ("git clone https://deploy:gh0stPa55word@git.example.com/team/app.git", "gh0stPa55word"),
    ("DB_PASSWORD=Tr0ub4dorAndHorse ./migrate", "Tr0ub4dorAndHorse"),
    ("MY_SECRET=CorrectHorseBattery9 ./run", "CorrectHorseBattery9"),
    ("deploy corp-deadbeefcafe0042 now", "deadbeefcafe0042"),  # the user's own pattern
    # hostile screen text around a token: it stays inert text, the token still goes
    ('rm -rf "$(id)"; #(touch /tmp/o7w-x) #{pane_id} %H \u202eevil\u2066 \'q\' \\ '
     "GITLAB=glpat-H0stileT0kenAbCdEf0123", "H0stileT0kenAbCdEf0123"),
    # a command of several lines, a secret on each
    ("export GH_TOKEN=ghp_AbCdEf0123456789AbCdEf0123456789AbCd\n"
     "curl -u ci:Sesame0penSesame https://ci.example.com",
     "AbCdEf0123456789AbCdEf0123456789AbCd"),
    ("set -e\npsql postgres://admin:PgPa55w0rdXyz@db:5432/app", "PgPa55w0rdXyz"),
    # one long row the screen wraps in the middle of the token (COLS - 1 to a row)
    ("echo " + "x" * (COLS - 1 - 5 - 10) + " ghs_W1r3dT0k3nAcr0ssTw0R0wsAbCdEf0123",
     "W1r3dT0k3nAcr0ssTw0R0wsAbCdEf0123"),
]
ALSO = "Sesame0penSesame"  # the second secret of the first multi-line command
CONFIG = """\
[fallbacks]
channels = ["uservar", "osc99", "osc26"]
notify = ["blocked", "done", "error"]
notify_via = "osc777"
cooldown = 0

[ledger]
messages = true

[redact]
patterns = ["corp-([0-9a-f]{16})"]
"""
_SEQ = re.compile(rb"\x1bP(?:[^\x1b]|\x1b\x1b)*\x1b\\|\x1b\](?:[^\x1b\x07]|\x1b(?!\\))*(?:\x07|\x1b\\)")
_B64 = re.compile(rb"[A-Za-z0-9+/]{8,}={0,2}")


def sequences_text(stream: bytes) -> str:
    """Every OSC and DCS sequence in `stream` (wrap's: the child writes none), with each
    base64 run in them decoded, as one text to search."""
    out: list[str] = []
    for m in _SEQ.finditer(stream):
        seq = m.group(0)
        out.append(seq.decode("utf-8", "replace"))
        for b in _B64.finditer(seq):
            run = b.group(0).rstrip(b"=")
            for cut in range(4):  # the run may start anywhere inside the encoding
                piece = run[cut:]
                piece = piece[: len(piece) - len(piece) % 4] if len(piece) % 4 != 1 else piece[:-1]
                try:
                    out.append(base64.b64decode(piece + b"=" * (-len(piece) % 4))
                               .decode("utf-8", "replace"))
                except ValueError:
                    pass
    return "\n".join(out)


class Run:
    def __init__(self, tmp: Path, rundir: Path, tmux: PrivateTmux, herdr_sock: str,
                 emit: str) -> None:
        cfg = tmp / "cfg"
        cfg.mkdir()
        # kitty's OSC 99 channel takes the notifications' place: without 7501 the
        # notifications themselves (OSC 777) are written instead
        config = CONFIG if emit == "always" else CONFIG.replace('"osc99", ', "")
        (cfg / "config.toml").write_text(config, encoding="utf-8")
        self.state = tmp / "state"
        self.log = tmp / "wrap.log"
        self.pane = tmux.pane()
        self.tmux = tmux
        self.env = base_env(
            OSC7501WRAP_CONFIG_DIR=str(cfg), OSC7501WRAP_RUNTIME_DIR=str(rundir),
            OSC7501WRAP_STATE_DIR=str(self.state),
            TMUX=f"{tmux.socket},{tmux.cmd('display', '-p', '#{pid}').strip()},0",
            TMUX_PANE=self.pane, HERDR_ENV="1", HERDR_PANE_ID=PANE,
            HERDR_SOCKET_PATH=herdr_sock, HERDR_WORKSPACE_ID="w1", HERDR_TAB_ID="w1:t1")
        spec = tmp / "spec.json"
        spec.write_text(json.dumps({"commands": [c for c, _ in COMMANDS]}), encoding="utf-8")
        self.events = subprocess.Popen([sys.executable, "-m", "osc7501wrap", "events"],
                                       env=self.env, cwd=str(REPO), stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE)
        time.sleep(0.5)  # `events` is watching before the session starts
        self.sid = "sec/1"
        self.t = Terminal.wrap(["--agent", "claude", "--emit", emit, "--id", self.sid,
                                "--log", str(self.log), sys.executable, CHILD, str(spec)],
                               env=self.env, rows=40, cols=COLS)

    def osc(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=self.env,
                              capture_output=True, text=True, timeout=30, cwd=str(REPO))

    def entry(self) -> dict[str, Any] | None:
        for e in json.loads(self.osc("ls", "--json").stdout or "[]"):
            if e.get("id") == self.sid:
                return e
        return None

    def wait_dialog(self, other_than: str | None) -> dict[str, Any]:
        end = time.monotonic() + 15
        e = None
        while time.monotonic() < end:
            e = self.entry()
            d = (e or {}).get("dialog")
            if e and e.get("state") == "blocked" and d and d["id"] != other_than:
                return e
            self.t.pump(0.1)
        raise AssertionError(f"no new dialog: {e}")


@pytest.mark.tmux
@pytest.mark.parametrize("emit", ["always", "auto"])
def test_no_token_shape_leaves_the_pane(tmp_path: Path, rundir: Path, emit: str) -> None:
    """With OSC 7501 (reports, the terminals' channels) and without (auto: the terminal
    does not answer the probe, so the fallbacks: notifications, OSC 777)."""
    tmux = PrivateTmux()
    sock = str(tmp_path / "herdr.sock")
    try:
        with HerdrDouble(sock, panes={PANE}) as herdr:
            run = Run(tmp_path, rundir, tmux, sock, emit)
            t = run.t
            try:
                seen, ids, tmux_msgs = [], [], []
                last = None
                for i, (_command, secret) in enumerate(COMMANDS):
                    if i:
                        t.type(b"n")
                    e = run.wait_dialog(last)
                    last = e["dialog"]["id"]
                    ids.append(last)
                    seen.append(e)
                    d = e["dialog"]
                    # hidden in what the dialog shows (its question or its subject rows)
                    assert d["redacted"] is True, d
                    assert "‹redacted›" in d["question"] + "\n".join(d["subject"]), d
                    assert secret not in json.dumps(e, ensure_ascii=False)
                    tmux_msgs.append(_wait(lambda m=e["msg"]: _tmux_msg(tmux, run.pane, m),
                                           what=lambda e=e: (e, tmux.cmd(
                                               "show-options", "-p", "-t", run.pane))))
                # the two bearer commands differ only in the secret: the same text shown,
                # two dialogs; the answer names the dialog on screen, not the other one
                assert seen[0]["dialog"]["question"] == seen[1]["dialog"]["question"]
                assert len(set(ids)) == len(ids)
                explain = run.osc("explain", "--session", str(seen[-1]["pid"]))
                refused = run.osc("answer", run.sid, "1", "--dialog", ids[-2])
                assert refused.returncode != 0
                answered = run.osc("answer", run.sid, "1", "--dialog", ids[-1])
                assert answered.returncode == 0, answered.stderr
                t.expect(b"CHOSE 1")
                t.type(b"q")
                assert t.wait(timeout=15) == 0
            finally:
                if t.alive():
                    t.kill(9)
                t.close()
                run.events.terminate()
                events, _ = run.events.communicate(timeout=10)
            herdr.wait_for(lambda rs: any(r["method"] == "pane.release_agent" for r in rs),
                           what="release")
            herdr_text = json.dumps(herdr.requests, ensure_ascii=False,
                                    default=lambda b: b.decode("utf-8", "replace"))
    finally:
        tmux.kill()
    screen = t.text
    outputs = {
        "terminal sequences": sequences_text(t.output),
        "tmux options": "\n".join(tmux_msgs),
        "herdr": herdr_text,
        "ls": json.dumps(seen, ensure_ascii=False),
        "events": events.decode("utf-8", "replace"),
        "log": run.log.read_text(encoding="utf-8"),
        "ledger": _ledger_text(run.state),
        "explain": explain.stdout + explain.stderr,
        "answer": refused.stdout + refused.stderr + answered.stdout + answered.stderr,
    }
    # each output was there to be searched (else the test proves nothing)
    sequences = outputs["terminal sequences"].replace("\x1b\x1b", "\x1b")
    if emit == "always":
        assert "\x1b]7501;" in sequences and "SetUserVar" in sequences
    else:
        assert "\x1b]777;notify;" in sequences
    assert "pane.report_agent" in herdr_text and "blocked" in outputs["events"]
    assert "state blocked" in outputs["log"] and "‹redacted›" in outputs["ledger"]
    assert "‹redacted›" in outputs["terminal sequences"]
    assert '"rules"' in outputs["explain"] or "rules" in outputs["explain"]
    unwrapped = screen.replace("\r\n ", "")  # the wrapped row joined again
    for command, secret in [*COMMANDS, ("the multi-line one's second secret", ALSO)]:
        assert secret in screen or secret in unwrapped, f"{secret} never reached the pane"
        for name, text in outputs.items():
            assert secret not in text, f"{secret} ({command}) leaked into {name}"


def _tmux_msg(tmux: PrivateTmux, pane: str, shown: str) -> str | None:
    """The pane's @osc7501_msg once it is this dialog's message (`shown`: as `ls` has
    it; the option writes ♯ for # and ٪ for %, and may be cut shorter)."""
    msg = tmux.cmd("show-options", "-p", "-q", "-v", "-t", pane, "@osc7501_msg").strip()
    cut = msg.replace("♯", "#").replace("٪", "%").rstrip("…")
    return msg if cut and shown.startswith(cut) else None


def _wait(fn: Any, timeout: float = 10.0, what: Any = None) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        assert time.monotonic() < end, f"timed out: {what() if what else ''}"
        time.sleep(0.05)


def _ledger_text(state: Path) -> str:
    """Every row of the ledger as text ("" when it has none)."""
    path = state / "ledger.sqlite3"
    if not path.exists():
        return ""
    with sqlite3.connect(path) as db:
        return "\n".join(repr(row) for row in db.execute("SELECT * FROM changes"))
