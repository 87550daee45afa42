"""`osc7501wrap answer` through wrap on a real pty, against a fake dialog child
(answer_child.py, Claude-shaped): the dialog in `ls --json`, an answer by number, by label
and by tmux pane, and every refusal with nothing typed (not blocked, another dialog than
--dialog names, a choice that names no option or several, a dialog that stays, one
without options). Hostile labels stay inert text."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from term import REPO, Terminal, base_env

CHILD = str(Path(__file__).with_name("answer_child.py"))


class Session:
    def __init__(self, t: Terminal, env: dict[str, str], sid: str, keys: Path) -> None:
        self.t, self.env, self.sid, self.keys = t, env, sid, keys

    def osc(self, *args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=self.env,
                              capture_output=True, text=True, timeout=timeout, cwd=str(REPO))

    def entry(self) -> dict[str, Any] | None:
        out = self.osc("ls", "--json").stdout
        for e in json.loads(out or "[]"):
            if e.get("id") == self.sid:
                return e
        return None

    def wait_entry(self, pred: Any, timeout: float = 10) -> dict[str, Any]:
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


@pytest.fixture
def session(rundir: Path, tmp_path: Path) -> Iterator[Any]:
    made: list[Terminal] = []

    def start(labels: list[str], *, mode: str = "normal", agent: str = "claude",
              blocked: bool = True, **env_extra: str) -> Session:
        spec = tmp_path / f"spec{len(made)}.json"
        spec.write_text(json.dumps({"labels": labels, "mode": mode}), encoding="utf-8")
        keys = tmp_path / f"keys{len(made)}"
        env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                       OSC7501WRAP_RUNTIME_DIR=str(rundir), **env_extra)
        sid = f"ans/{len(made)}"
        t = Terminal.wrap(["--agent", agent, "--id", sid, sys.executable, CHILD, str(spec),
                           str(keys)], env=env, rows=30, cols=100)
        made.append(t)
        s = Session(t, env, sid, keys)
        s.wait_entry(lambda e: e.get("state") == "blocked" or not blocked)
        return s

    yield start
    for t in made:
        if t.alive():
            t.kill(9)
        t.close()


def test_answer_by_number_then_refused_when_not_blocked(session: Any) -> None:
    s = session(["Yes", "Yes, and don't ask again", "No"])
    e = s.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 3)
    d = e["dialog"]
    assert d["question"] == "Bash: rm -rf build"
    assert [(o["number"], o["label"], o["selected"]) for o in d["options"]] == [
        (1, "Yes", True), (2, "Yes, and don't ask again", False), (3, "No", False)]
    r = s.osc("answer", s.sid, "3", "--dialog", d["id"])
    assert (r.returncode, r.stdout, r.stderr) == (0, "answered 3. No\n", "")
    s.t.expect(b"CHOSE 3")
    assert s.typed() == b"3"
    s.wait_entry(lambda e: e.get("state") != "blocked" and e.get("dialog") is None)
    r = s.osc("answer", s.sid, "1")
    assert r.returncode == 1 and "is not blocked" in r.stderr
    assert "nothing was typed" in r.stderr and r.stderr.count("\n") == 1
    assert s.typed() == b"3"


def test_answer_by_label_prefix_and_by_tmux_pane(session: Any) -> None:
    s = session(["Yes", "Yes, and don't ask again", "No"], TMUX_PANE="%77")
    assert s.entry()["tmux_pane"] == "%77"
    r = s.osc("answer", "%77", "yes, AND")
    assert (r.returncode, r.stdout) == (0, "answered 2. Yes, and don't ask again\n"), r.stderr
    assert s.typed() == b"2"


def test_refused_when_the_dialog_changed(session: Any) -> None:
    s = session(["Yes", "No"])
    old = s.wait_entry(lambda e: e.get("dialog"))["dialog"]["id"]
    s.t.type(b"x")  # the agent asks something else now
    s.wait_entry(lambda e: e.get("dialog") and e["dialog"]["id"] != old)
    r = s.osc("answer", s.sid, "1", "--dialog", old)
    assert r.returncode == 1
    assert "the dialog changed: it now asks 'Bash: rm -rf /'" in r.stderr
    assert s.typed() == b"x"  # nothing typed by answer


def test_refused_choices_type_nothing(session: Any) -> None:
    s = session(["Allow once", "Allow always", "No"])
    s.wait_entry(lambda e: e.get("dialog") and e["dialog"]["options"])
    for choice, why in (("allow", "matches several options (1, 2)"),
                        ("maybe", "'maybe' matches no option"),
                        ("7", "no option 7 (the dialog has 3")):
        r = s.osc("answer", s.sid, choice)
        assert r.returncode == 1 and why in r.stderr, (choice, r.stderr)
        assert r.stderr.count("\n") == 1
    r = s.osc("answer", s.sid, "1", "--dialog", "$(touch x)")
    assert r.returncode == 2 and "--dialog must be a dialog id" in r.stderr
    assert s.typed() == b""


def test_a_dialog_that_stays_is_an_error(session: Any) -> None:
    s = session(["Yes", "No"], mode="stubborn")
    s.wait_entry(lambda e: e.get("dialog") and e["dialog"]["options"])
    t0 = time.monotonic()
    r = s.osc("answer", s.sid, "no", "--wait", "1")
    assert time.monotonic() - t0 < 8
    assert r.returncode == 1 and "the dialog is still on screen 1 s after choosing 2." in r.stderr
    assert s.typed() == b"2"


def test_no_options_never_guesses_a_key(session: Any) -> None:
    s = session([], mode="password", agent="generic")
    e = s.wait_entry(lambda e: e.get("kind") == "auth")
    assert e["dialog"]["options"] == [] and e["dialog"]["question"]
    for choice in ("1", "yes"):
        r = s.osc("answer", s.sid, choice)
        assert r.returncode == 1 and "wrap never guesses a key" in r.stderr, r.stderr
    assert s.typed() == b""


HOSTILE = ["; rm -rf ~ && touch PWNED", "#{pane_id} #(touch PWNED) #[fg=red]",
           "'\"$(touch PWNED)`touch PWNED` \\", "\u202eevil\u202c bidi", "No"]


def test_hostile_labels_are_inert(session: Any, tmp_path: Path) -> None:
    s = session(HOSTILE)
    e = s.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 5)
    labels = [o["label"] for o in e["dialog"]["options"]]
    assert labels[:3] == HOSTILE[:3]
    assert "\u202e" not in labels[3] and "evil" in labels[3]
    r = s.osc("answer", s.sid, "#{pane")
    assert r.returncode == 0 and r.stdout == f"answered 2. {HOSTILE[1]}\n"
    assert s.typed() == b"2"
    assert not list(REPO.glob("PWNED")) and not list(tmp_path.rglob("PWNED"))


def test_a_10k_label(session: Any) -> None:
    """10 KB wrap over a hundred rows: what is left on screen is no dialog wrap can read
    options from, so nothing is typed; the session goes on."""
    s = session(["Yes", "y" * 10240, "No"], blocked=False)
    s.t.pump(0.5)
    e = s.entry()
    assert e is not None and len(json.dumps(e)) < 8000
    if e.get("dialog"):
        assert all(len(o["label"]) <= 160 for o in e["dialog"]["options"])
    r = s.osc("answer", s.sid, "2")
    assert r.returncode == 1 and r.stderr.count("\n") == 1
    assert s.typed() == b""
    s.t.type(b"q")
    assert s.t.wait() == 0
