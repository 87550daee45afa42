"""The fleet over real ssh: two "machines" on loopback, each an sshd of its own
(test_ssh.Sshd) whose sessions get their own HOME and XDG_RUNTIME_DIR (sshd_config
``SetEnv``), so each has its own registry, state and `~/bin/osc7501wrap` (a launcher of
this source tree, reached as the far program ``~/bin/osc7501wrap``). The viewer reaches
them as the user would: ``ssh -F CONFIG`` with a Host alias per machine. On each machine
a Claude-shaped dialog child (answer_child.py, hostile labels) or a generic [y/N] runs
under wrap, on a real pty. Shown: `ls --json --host alpha --host beta`, `watch --once`,
`events`, `answer HOST:SESSION` (the far session makes the dialog check), `jump`,
contrib/notify-answer across both, and a machine killed during a live `watch` (sshd
and its connections) and started again."""

from __future__ import annotations

import json
import queue
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from term import REPO, Terminal, base_env
from test_notify_answer import RECIPE, fake_notify_send, logged
from test_ssh import Sshd
from test_watch_answer import Seen

CHILD = str(Path(__file__).with_name("answer_child.py"))
O7W = [sys.executable, "-m", "osc7501wrap"]
HOSTILE = ["; rm -rf ~ && touch PWNED", "#{pane_id} #(touch PWNED) #[fg=red]",
           "'\"$(touch PWNED)`touch PWNED` \\", "\u202eevil\u202c bidi\u2066x\u2069",
           "bell\x07 title\x1b]0;PWNED\x07 end", "No"]
ASK = "printf 'Deploy $(touch PWNED) #(touch PWNED)? [y/N] '; read a; echo got:$a; sleep 60"
LAUNCHER = """#!/bin/sh
PYTHONPATH={repo} exec {python} -m osc7501wrap "$@"
"""

pytestmark = pytest.mark.requires("sshd")


@dataclass
class Machine:
    """One machine: its sshd, home and runtime directory, and the wraps started on it."""

    name: str
    root: Path
    sshd: Sshd
    made: list[Terminal] = field(default_factory=list)

    @property
    def home(self) -> Path:
        return self.root / "home"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in base_env().items() if not k.startswith("OSC7501WRAP_")}
        env.update(HOME=str(self.home), XDG_RUNTIME_DIR=str(self.root / "run"))
        return env

    def dialog(self, labels: list[str], sid: str) -> Path:
        """A Claude-shaped dialog with `labels` under wrap; the file of keys it got."""
        n = len(self.made)
        spec, keys = self.root / f"spec{n}.json", self.root / f"keys{n}"
        spec.write_text(json.dumps({"labels": labels}), encoding="utf-8")
        self.made.append(Terminal.wrap(["--agent", "claude", "--id", sid, sys.executable,
                                        CHILD, str(spec), str(keys)], env=self.env(),
                                       rows=30, cols=100, cwd=str(self.home)))
        return keys

    def ask(self, sid: str) -> Terminal:
        t = Terminal.wrap(["--id", sid, "sh", "-c", ASK], env=self.env(), rows=30, cols=100,
                          cwd=str(self.home))
        self.made.append(t)
        return t


@dataclass
class Fleet:
    base: Path
    alpha: Machine
    beta: Machine
    config: Path

    def env(self, **extra: str) -> dict[str, str]:
        """The viewer's environment: its own (empty) registry, state and config; ssh
        and the far program as a user would set them."""
        env = {k: v for k, v in base_env().items() if not k.startswith("OSC7501WRAP_")}
        env.update(OSC7501WRAP_RUNTIME_DIR=str(self.base / "viewer" / "run"),
                   OSC7501WRAP_STATE_DIR=str(self.base / "viewer" / "state"),
                   OSC7501WRAP_CONFIG_DIR=str(self.base / "viewer" / "config"),
                   OSC7501WRAP_SSH=f"ssh -F {self.config}",
                   OSC7501WRAP_REMOTE_PROGRAM="~/bin/osc7501wrap", PYTHONPATH=str(REPO),
                   **extra)
        return env

    def o7w(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*O7W, *args], capture_output=True, text=True, env=self.env(),
                              timeout=timeout, cwd=str(self.base))

    def rows(self, *args: str) -> list[dict[str, Any]]:
        out = self.o7w("ls", "--json", "--host", "alpha", "--host", "beta", *args)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    def wait_rows(self, pred: Callable[[list[dict[str, Any]]], bool], what: str,
                  timeout: float = 30) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while True:
            rows = self.rows()
            if pred(rows):
                return rows
            assert time.monotonic() < deadline, f"never {what}: {rows}"
            time.sleep(0.2)


def _machine(base: Path, name: str) -> Machine:
    root = base / name
    (root / "home" / "bin").mkdir(parents=True)
    (root / "run").mkdir(mode=0o700)
    launcher = root / "home" / "bin" / "osc7501wrap"
    launcher.write_text(LAUNCHER.format(repo=shlex.quote(str(REPO)),
                                        python=shlex.quote(sys.executable)))
    launcher.chmod(0o755)
    sshd = Sshd(root / "sshd", extra=f"SetEnv HOME={root / 'home'} "
                                     f"XDG_RUNTIME_DIR={root / 'run'}\n")
    return Machine(name, root, sshd)


@pytest.fixture
def fleet() -> Iterator[Fleet]:
    base = Path(tempfile.mkdtemp(prefix="of", dir="/tmp"))  # short: socket paths
    machines: list[Machine] = []
    try:
        for name in ("alpha", "beta"):
            machines.append(_machine(base, name))
        config = base / "ssh_config"
        config.write_text("".join(
            f"Host {m.name}\n  HostName 127.0.0.1\n  Port {m.sshd.port}\n"
            f"  IdentityFile {m.sshd.key}\n  IdentitiesOnly yes\n"
            "  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n"
            for m in machines))
        yield Fleet(base, machines[0], machines[1], config)
    finally:
        for m in machines:
            for t in reversed(m.made):
                t.close()
            m.sshd.stop()
        assert not list(base.rglob("PWNED")) and not (Path.home() / "PWNED").exists()
        assert not list(REPO.glob("PWNED"))
        subprocess.run(["rm", "-rf", str(base)], check=False)


def blocked(rows: list[dict[str, Any]], host: str) -> dict[str, Any] | None:
    return next((r for r in rows if r["host"] == host and r["state"] == "blocked"
                 and (r["dialog"] or {}).get("options")), None)


def test_ls_json_and_watch_once_span_two_machines(fleet: Fleet) -> None:
    fleet.alpha.dialog(HOSTILE, "a/claude")
    fleet.beta.ask("b/deploy")
    rows = fleet.wait_rows(lambda rs: blocked(rs, "alpha") and blocked(rs, "beta"),
                           "both blocked")
    assert {r["host"] for r in rows} == {"alpha", "beta"}  # the viewer has none
    a, b = blocked(rows, "alpha"), blocked(rows, "beta")
    assert a is not None and b is not None
    assert a["id"] == "a/claude" and a["agent"] == "claude"
    assert b["id"] == "b/deploy" and b["kind"] == "question"
    # each on its own machine: its own home as cwd
    assert a["cwd"] == str(fleet.alpha.home) and b["cwd"] == str(fleet.beta.home)
    assert a["offline_since"] is None and b["offline_since"] is None
    labels = [o["label"] for o in a["dialog"]["options"]]
    assert labels[1] == "#{pane_id} #(touch PWNED) #[fg=red]"
    assert "\u202e" not in labels[3] and "\x07" not in labels[4] and "\x1b" not in labels[4]
    assert b["msg"] == "Deploy $(touch PWNED) #(touch PWNED)? [y/N]"
    # --no-local with the config's hosts: the same rows
    (fleet.base / "viewer" / "config").mkdir(parents=True)
    (fleet.base / "viewer" / "config" / "config.toml").write_text(
        '[fleet]\nhosts = ["alpha", "beta"]\ntimeout = 5\n')
    out = fleet.o7w("ls", "--json", "--no-local")
    assert out.returncode == 0, out.stderr
    assert sorted((r["host"], r["id"]) for r in json.loads(out.stdout)) == [
        ("alpha", "a/claude"), ("beta", "b/deploy")]
    table = fleet.o7w("ls").stdout
    assert table.splitlines()[0].split()[:2] == ["HOST", "PID"], table
    assert any(line.startswith("alpha ") and "a/claude" not in line and "claude" in line
               for line in table.splitlines()), table
    frame = fleet.o7w("watch", "--once").stdout
    assert "2 sessions, 2 waiting; 2 of 2 other machines reached" in frame, frame
    lines = frame.splitlines()
    assert any(x.startswith("◆ blocked  alpha") and "Bash: rm -rf build" in x
               for x in lines), frame
    assert any(x.startswith("◆ blocked  beta") and "Deploy $(touch PWNED)" in x
               for x in lines), frame
    assert "\x1b" not in frame and "\u202e" not in frame


def test_events_and_answer_across_two_machines(fleet: Fleet) -> None:
    keys = fleet.alpha.dialog(["Yes", "Yes, and don't ask again", "No"], "a/claude")
    beta_keys = fleet.beta.dialog(["Delete it", "Keep it"], "b/claude")
    proc = subprocess.Popen([*O7W, "events", "--host", "alpha", "--host", "beta"],
                            stdout=subprocess.PIPE, text=True, env=fleet.env(),
                            cwd=str(fleet.base))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    seen: list[dict[str, Any]] = []

    def until(pred: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        while True:
            try:
                seen.append(json.loads(lines.get(timeout=30)))
            except queue.Empty:
                raise AssertionError(f"never {what}: {seen}") from None
            if pred(seen[-1]):
                return seen[-1]

    try:
        a = until(lambda e: e["host"] == "alpha" and e["state"] == "blocked"
                  and (e["dialog"] or {}).get("options"), "alpha blocked")
        b = next((e for e in seen if e["host"] == "beta" and e["state"] == "blocked"
                  and e["dialog"]["options"]), None) or until(
            lambda e: e["host"] == "beta" and e["state"] == "blocked"
            and e["dialog"]["options"], "beta blocked")
        assert a["dialog"]["question"] == "Bash: rm -rf build" and a["id"] == "a/claude"
        # a dialog id that is not the one on screen: the far session refuses, types nothing
        wrong = fleet.o7w("answer", f"alpha:{a['session']}", "1", "--dialog", "0000")
        assert wrong.returncode == 1 and "the dialog changed" in wrong.stderr, wrong
        assert wrong.stderr.startswith("osc7501wrap: alpha: "), wrong.stderr
        assert not keys.exists() or keys.read_bytes() == b""
        # the whole far dialog, read there; a far session with none is one line
        whole = fleet.o7w("dialog", f"alpha:{a['session']}", "--json")
        assert whole.returncode == 0 and json.loads(whole.stdout)["id"] == a["dialog"]["id"]
        none = fleet.o7w("dialog", "alpha:1; touch PWNED")
        assert none.returncode == 1 and none.stderr.startswith("osc7501wrap: alpha: "), none
        # a hostile session name is an argument there, never shell text
        odd = fleet.o7w("answer", "alpha:1; touch PWNED", "1")
        assert odd.returncode == 1 and "no live session" in odd.stderr, odd
        ok = fleet.o7w("answer", f"alpha:{a['session']}", "3", "--dialog",
                       a["dialog"]["id"])
        assert ok.returncode == 0 and ok.stdout == "answered 3. No\n", ok
        assert keys.read_bytes() == b"3"
        until(lambda e: e["host"] == "alpha" and e["session"] == a["session"]
              and e["state"] != "blocked", "alpha's next state")
        # beta's, by --host and its record id, by the start of a label
        ok = fleet.o7w("answer", "--host", "beta", "b/claude", "keep", "--dialog",
                       b["dialog"]["id"])
        assert ok.returncode == 0 and ok.stdout == "answered 2. Keep it\n", ok
        assert beta_keys.read_bytes() == b"2"
        until(lambda e: e["host"] == "beta" and e["state"] != "blocked", "beta moves on")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert all(set(e) == set(seen[0]) for e in seen) and "host" in seen[0]
    assert {e["host"] for e in seen} == {"alpha", "beta"}


def test_jump_says_where_a_far_session_is(fleet: Fleet) -> None:
    fleet.beta.ask("b/deploy")
    fleet.wait_rows(lambda rs: any(r["state"] == "blocked" for r in rs), "blocked")
    out = fleet.o7w("jump", "--host", "alpha", "--host", "beta")
    assert out.returncode == 0, out.stderr
    assert "blocked for" in out.stdout and "host beta" in out.stdout, out.stdout
    assert "answer beta:" in out.stdout and "tty  /dev/pts/" in out.stdout


def test_a_machine_that_drops_is_shown_offline_and_comes_back(fleet: Fleet) -> None:
    fleet.alpha.dialog(["Yes", "No"], "a/claude")
    beta = fleet.beta.ask("b/deploy")
    fleet.wait_rows(lambda rs: blocked(rs, "alpha") and blocked(rs, "beta"), "both")
    w = Terminal([*O7W, "watch", "--host", "alpha", "--host", "beta"], env=fleet.env(),
                 rows=40, cols=110, cwd=str(fleet.base))
    fleet.alpha.made.append(w)
    ev = subprocess.Popen([*O7W, "events", "--host", "alpha", "--host", "beta"],
                          stdout=subprocess.PIPE, text=True, env=fleet.env(),
                          cwd=str(fleet.base))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in ev.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    told: list[dict[str, Any]] = []

    def until(pred: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        while True:
            try:
                told.append(json.loads(lines.get(timeout=45)))
            except queue.Empty:
                raise AssertionError(f"events never told {what}: {told}") from None
            if pred(told[-1]):
                return told[-1]

    try:
        seen = Seen(w, cols=110, rows=40)
        seen.wait(lambda ls: "2 of 2 other machines reached" in ls[0]
                  and sum(x.startswith("◆") for x in ls) == 2, "both rows", timeout=40)
        b = until(lambda e: e["host"] == "beta" and e["state"] == "blocked", "beta")
        fleet.beta.sshd.down()
        t0 = time.monotonic()
        # offline, with its last state kept and marked (in one frame: the marked row may
        # be drawn a frame after the offline line)
        seen.wait(lambda ls: "1 of 2 other machines reached" in ls[0]
                  and any("beta: offline, last seen" in x for x in ls)
                  and any(x.startswith("◆ blocked  beta") and "[offline] Deploy" in x
                          for x in ls), "beta offline, its row marked")
        assert time.monotonic() - t0 < 15
        off = until(lambda e: e["host"] == "beta" and e["session"] is None, "offline")
        assert off["state"] == "offline" and off["msg"] and off["since"] > 0
        # the other machine's rows still move, and the keys still answer
        w.type(b"j")
        seen.wait(lambda ls: any(x.startswith("◆ blocked  alpha") for x in ls), "alpha")
        beta.close()  # beta's session ends while beta cannot be reached
        fleet.beta.sshd.up()
        seen.wait(lambda ls: "2 of 2 other machines reached" in ls[0]
                  and not any("offline" in x for x in ls), "beta back", timeout=45)
        on = until(lambda e: e["host"] == "beta" and e["session"] is None, "online")
        assert on["state"] == "online"
        until(lambda e: e["host"] == "beta" and e["session"] == b["session"]
              and e["state"] == "exited", "beta's session ended")  # maybe its last state first
        w.type(b"q")
        assert w.wait(timeout=15) == 0
    finally:
        ev.terminate()
        ev.wait(timeout=10)


def test_notify_answer_spans_two_machines(fleet: Fleet, tmp_path: Path) -> None:
    a_keys = fleet.alpha.dialog(HOSTILE, "a/claude")
    b_keys = fleet.beta.dialog(["Go", "No"], "b/claude")
    extra, log = fake_notify_send(tmp_path, pick="No")
    r = Terminal([sys.executable, RECIPE, "--host", "alpha", "--host", "beta"],
                 env=fleet.env(NOTIFY_ANSWER_PROGRAM=shlex.join(O7W), **extra),
                 cwd=str(fleet.base))
    fleet.alpha.made.append(r)
    done = re.compile(rb"session \d+ on (alpha|beta): answered (\d)\. No\r\n")
    out = [r.expect(done, timeout=60) for _ in range(2)]
    assert sorted((m.group(1), m.group(2)) for m in out) == [(b"alpha", b"6"),
                                                             (b"beta", b"2")]
    assert a_keys.read_bytes() == b"6" and b_keys.read_bytes() == b"2"
    offers = [x for x in logged(log) if any(a.startswith("--action=") for a in x)]
    assert sorted(x[-2] for x in offers) == ["claude waits on alpha", "claude waits on beta"]
    assert "--action=2=2. #{pane_id} #(touch PWNED) #[fg=red]" in next(
        x for x in offers if x[-2].endswith("alpha"))


def test_watch_answers_a_far_dialog_with_its_digit(fleet: Fleet) -> None:
    keys = fleet.alpha.dialog(HOSTILE, "a/claude")
    fleet.wait_rows(lambda rs: blocked(rs, "alpha"), "alpha blocked")
    w = Terminal([*O7W, "watch", "--host", "alpha", "--no-local"], env=fleet.env(),
                 rows=40, cols=110, cwd=str(fleet.base))
    fleet.alpha.made.append(w)
    seen = Seen(w, cols=110, rows=40)
    # (its rows of the last look are there at once, offline: a digit there is refused)
    seen.wait(lambda ls: "1 of 1 other machine reached" in ls[0]
              and any(x.strip() == "2. #{pane_id} #(touch PWNED) #[fg=red]" for x in ls),
              "the far dialog's options under its row")
    w.type(b"6")
    seen.wait(lambda ls: any("press 6 again or Enter to answer 6. No" in x for x in ls),
              "the pick")
    w.type(b"6")
    seen.wait(lambda ls: any(x.strip() == "answered 6. No" for x in ls), "the answer",
              timeout=30)
    assert keys.read_bytes() == b"6"
    w.type(b"q")
    assert w.wait(timeout=15) == 0


def test_the_users_controlmaster_is_used(fleet: Fleet) -> None:
    """The user's ssh config decides how a machine is reached: with ControlMaster and
    ControlPersist, every command rides one connection (sshd accepts one key)."""
    control = fleet.base / "cm-%C"
    text = fleet.config.read_text().replace(
        "Host beta", f"  ControlMaster auto\n  ControlPath {control}\n  ControlPersist 30\n"
                     "Host beta")
    fleet.config.write_text(text)
    keys = fleet.alpha.dialog(["Yes", "No"], "a/claude")
    try:
        a = fleet.wait_rows(lambda rs: blocked(rs, "alpha"), "alpha blocked")
        row = blocked(a, "alpha")
        assert row is not None
        t0 = time.monotonic()
        ok = fleet.o7w("answer", f"alpha:{row['pid']}", "2", "--dialog", row["dialog"]["id"])
        assert ok.returncode == 0 and ok.stdout == "answered 2. No\n", ok
        assert time.monotonic() - t0 < 15  # the master left running holds nothing up
        assert keys.read_bytes() == b"2"
        assert fleet.alpha.sshd.log.read_text().count("Accepted publickey") == 1
    finally:
        subprocess.run(["ssh", "-F", str(fleet.config), "-O", "exit", "alpha"],
                       capture_output=True, timeout=15, check=False)
