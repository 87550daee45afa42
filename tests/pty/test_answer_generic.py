"""`osc7501wrap answer` on the prompts of programs without a manifest, through wrap on a
real pty: bash's ``read -p "... [y/N] "``, ssh's ``(yes/no/[fingerprint])?``, a bare
``Continue?`` and Python's ``input()``. The answer is typed with its Enter and the program
reads it; an answer the person typed on the line but did not enter is the same dialog
(same id), erased before the answer is typed, never doubled."""

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

SSH_PROMPT = ("The authenticity of host 'build-box (127.0.0.1)' can't be established.\n"
              "ED25519 key fingerprint is SHA256:abc.\n"
              "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")
#: prompt shape -> (the program, the line it prints once it read the answer)
PROGRAMS: dict[str, list[str]] = {
    "bash-read": ["bash", "-c", 'read -r -p "Overwrite config? [y/N] " a; echo "got:[$a]"'],
    "ssh-yes-no": [sys.executable, "-c",
                   f"a = input({SSH_PROMPT!r}); print(f'got:[{{a}}]')"],
    "continue": [sys.executable, "-c", "a = input('Continue? '); print(f'got:[{a}]')"],
    "python-input": [sys.executable, "-c",
                     "a = input('Delete the cache? (y/n) '); print(f'got:[{a}]')"],
}


class Prompt:
    def __init__(self, t: Terminal, env: dict[str, str], sid: str) -> None:
        self.t, self.env, self.sid = t, env, sid

    def osc(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=self.env,
                              capture_output=True, text=True, timeout=30, cwd=str(REPO))

    def dialog(self, timeout: float = 10) -> dict[str, Any]:
        end = time.monotonic() + timeout
        seen = None
        while time.monotonic() < end:
            for e in json.loads(self.osc("ls", "--json").stdout or "[]"):
                if e.get("id") == self.sid:
                    seen = e
                    if e.get("state") == "blocked" and (e.get("dialog") or {}).get("options"):
                        return dict(e["dialog"])
            self.t.pump(0.1)
        raise AssertionError(f"no dialog listed: {seen}; screen: {self.t.text[-300:]!r}")


@pytest.fixture
def prompt(rundir: Path, tmp_path: Path) -> Iterator[Any]:
    made: list[Terminal] = []

    def start(argv: list[str]) -> Prompt:
        env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                       OSC7501WRAP_RUNTIME_DIR=str(rundir))
        sid = f"generic/{len(made)}"
        t = Terminal.wrap(["--id", sid, *argv], env=env, rows=24, cols=100)
        made.append(t)
        return Prompt(t, env, sid)

    yield start
    for t in made:
        if t.alive():
            t.kill(9)
        t.close()


@pytest.mark.parametrize("shape", list(PROGRAMS))
def test_a_generic_prompt_is_answered_with_its_enter(prompt: Any, shape: str) -> None:
    p = prompt(PROGRAMS[shape])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["yes", "no"], d
    r = p.osc("answer", p.sid, "yes", "--dialog", d["id"])
    assert (r.returncode, r.stdout) == (0, "answered 1. yes\n"), r.stderr
    want = b"got:[yes]" if shape == "ssh-yes-no" else b"got:[y]"
    p.t.expect(want, 10)
    assert p.t.wait(10) == 0


@pytest.mark.parametrize("shape", ["bash-read", "ssh-yes-no", "python-input"])
def test_a_letter_typed_but_not_entered_is_the_same_dialog_and_erased(prompt: Any,
                                                                       shape: str) -> None:
    p = prompt(PROGRAMS[shape])
    before = p.dialog()
    p.t.type(b"n")  # the person typed "n" and looked away, no Enter
    p.t.pump(0.5)
    after = p.dialog()
    assert after["id"] == before["id"] and after["question"] == before["question"], (
        before, after)
    r = p.osc("answer", p.sid, "yes", "--dialog", before["id"])
    assert r.returncode == 0, r.stderr
    want = b"got:[yes]" if shape == "ssh-yes-no" else b"got:[y]"
    p.t.expect(want, 10)  # the "n" was erased: not "ny", not "nyes"
    assert b"got:[n" not in p.t.output


def test_an_answer_retried_after_a_failure_types_one_letter(prompt: Any) -> None:
    """A first answer whose Enter never came (the program stopped reading) left its letter
    on the line; the next answer erases it: the program reads one letter."""
    p = prompt(["bash", "-c", 'read -r -p "Proceed? [y/N] " a; echo "got:[$a]"'])
    d = p.dialog()
    p.t.type(b"y")
    p.t.pump(0.3)
    r = p.osc("answer", p.sid, "no", "--dialog", d["id"])
    assert r.returncode == 0, r.stderr
    p.t.expect(b"got:[n]", 10)
