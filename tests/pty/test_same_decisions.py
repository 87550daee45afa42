"""One capture of every corpus directory, three drivers of the core, the same decisions:
the live session (a real pty: tests/pty/capture_child.py plays the capture's child
through `wrap`, the keys are typed on the terminal side), `osc7501wrap replay` (the
command) and the driver the unit tests use (osc7501wrap.fusion.drive.drive on a Pipeline
of the test's own).

Per directory the capture has a dialog and a turn end (:data:`CHOSEN`; a new directory
fails until it is given one), and no resize or hook event: the child plays output, keys
and the exit only. Of those it is one whose every state, in the decisions and in the
capture's truth, lasts longest (0.3 s or more where a directory has one): a state of a few
tens of milliseconds, a spinner drawn for 70 ms after a dialog is answered, is seen or
missed by a live loop as its scheduling falls, and the comparison is of the core's
decisions, not of the loop's luck. Nothing of wrap's reaches the terminal
(``--emit never``: the child's own OSC 7501 sequences pass through unanswered; every
fallback off), so the terminal gets exactly the capture's output: each key is typed
once all the output before it arrived, after the capture's own pause since the output or
key before it. Decisions are compared as their sequence of ``state[:kind]``, one entry
per change: the live loop's clock is not the capture's, so their times differ by its
scheduling. The live runs take the captures' own time (about six minutes in all).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from term import STALL, Terminal, base_env

from osc7501wrap.agents import meaning
from osc7501wrap.capture import read_capture
from osc7501wrap.fusion.drive import capture_events, drive
from osc7501wrap.fusion.events import Exit, Output, Typed
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.rules import load_manifests

REPO = Path(__file__).resolve().parents[2]
CAPTURES = REPO / "tests" / "captures"
#: One capture per corpus directory: a blocked dialog and a turn end, its shortest state longest.
CHOSEN = {
    "aider-0.85.5": "create-file-80x24.jsonl",
    "aider-0.86.2": "create-file.jsonl",
    "claude-2.1.302": "plan-approval-200x50.jsonl",
    "claude-2.1.328": "background-shell-ends.jsonl",
    "claude-2.1.332": "background-shell-ends.jsonl",
    "cline-3.0.62": "command-approve.jsonl",
    "cline-3.0.65": "command-approve.jsonl",
    "codex-0.162.1": "exec-approve.jsonl",
    "codex-0.169.0": "plan-question.jsonl",
    "codex-0.171.0": "plan-question.jsonl",
    "copilot-1.0.102": "create-file.jsonl",
    "copilot-1.0.86": "create-file.jsonl",
    "copilot-1.0.92": "ask-user-80x24.jsonl",
    "gemini-0.56.0": "shell-approve.jsonl",
    "gemini-0.61.0": "shell-approve.jsonl",
    "grok-0.0.34": "bash-approve.jsonl",
    "kilo-7.7.2": "edit.jsonl",
    "kilo-7.7.7": "allow-always.jsonl",
    "opencode-1.15.13": "bash-approve.jsonl",
    "opencode-1.17.11": "allow-always.jsonl",
    "opencode-1.18.22": "allow-always.jsonl",
    "opencode-1.18.33": "question-80x24.jsonl",
    "pi-0.72.1": "gate-approve.jsonl",
    "pi-0.73.1": "gate-confirm.jsonl",
    "qwen-0.12.0": "shell-approve-lang-de.jsonl",
    "qwen-0.15.6": "ask-user.jsonl",
    "qwen-0.24.4": "ask-user.jsonl",
}
CHILD = str(Path(__file__).with_name("capture_child.py"))
QUIET = '[fallbacks]\nprogress = false\nnotify = []\nchannels = ["none"]\n'
_STATE = re.compile(r" state (\w+)(?::(\w+))? signal=")


def changes(pairs: list[tuple[str, str | None]]) -> list[str]:
    """``state[:kind]`` per change (a repeat, e.g. a new message, folded)."""
    out: list[str] = []
    for state, kind in pairs:
        label = f"{state}:{kind}" if kind else state
        if not out or out[-1] != label:
            out.append(label)
    return out


def live(capture: Path, tmp: Path) -> list[str]:
    cap = read_capture(capture)
    (tmp / "config").mkdir()
    (tmp / "config" / "config.toml").write_text(QUIET)
    log = tmp / "wrap.log"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp / "config"),
                   OSC7501WRAP_STATE_DIR=str(tmp / "state"),
                   OSC7501WRAP_RUNTIME_DIR=str(tmp / "run"))
    t = Terminal.wrap(["--emit", "never", "--agent", str(cap.header["agent"]), "--log", str(log),
                       sys.executable, CHILD, str(capture)],
                      rows=cap.rows, cols=cap.cols, env=env)
    # The child's clock starts again at each key (capture_child.py): output at capture
    # time t is due (t - key_t) after the key was typed, at key_at on this clock.
    key_at, key_t = time.monotonic(), 0.0
    assert not [ev for ev in cap.events if ev.type in ("r", "h")], "the child plays no resize or hook"
    # The child exits with the capture's status as a process can (-2 in a capture is 254).
    status = next((int(ev.payload) for ev in cap.events if ev.type == "x"), 0) % 256
    try:
        written = b""  # what the child wrote up to now, as the capture has it
        last_out = 0.0
        for ev in cap.events:
            if ev.type == "o":
                written += ev.data
                last_out = ev.t
            elif ev.type == "i":
                deadline = key_at + (last_out - key_t) + STALL
                while len(t.output) < len(written) and time.monotonic() < deadline:
                    t.read(timeout=0.05)
                assert t.output == written, "the terminal got other bytes than the capture's"
                gap = max(0.0, ev.t - max(last_out, key_t))  # the capture's pause before the key
                t.pump(gap)
                t.type(ev.data)
                key_at, key_t = time.monotonic(), ev.t
        assert t.wait(timeout=cap.events[-1].t - key_t + 10) == status
    finally:
        t.close()
    assert t.output.startswith(written)
    lines = log.read_text(encoding="utf-8").splitlines()
    return changes([(m.group(1), m.group(2)) for line in lines if (m := _STATE.search(line))])


def replayed(capture: Path, tmp: Path) -> list[str]:
    p = subprocess.run([sys.executable, "-m", "osc7501wrap", "replay", "--json", str(capture)],
                       capture_output=True, text=True, timeout=60, check=False,
                       env=base_env(PYTHONPATH=str(REPO),
                                    OSC7501WRAP_CONFIG_DIR=str(tmp / "config")),
                       stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    steps = json.loads(p.stdout)["timeline"]
    return changes([(s["state"], s.get("kind")) for s in steps if not s.get("marker")])


def driven(capture: Path) -> list[str]:
    cap = read_capture(capture)
    manifest = load_manifests().get(str(cap.header["agent"]))
    assert manifest is not None
    p = Pipeline(manifest, rows=cap.rows, cols=cap.cols, now=0.0,
                 vocabulary=meaning(manifest.integration))
    p.load_screen(wait=True)
    got: list[Decision] = [p.current()]
    events = [(t, ev) for t, ev in capture_events(cap) if isinstance(ev, Output | Typed | Exit)]
    drive(p, events, got.extend)
    return changes([(d.state, d.kind) for d in got])


def test_every_corpus_directory_has_a_capture_here() -> None:
    assert sorted(CHOSEN) == sorted(d.name for d in CAPTURES.iterdir() if d.is_dir())


@pytest.mark.parametrize("directory", sorted(CHOSEN))
def test_live_replay_and_the_unit_driver_decide_the_same(directory: str, tmp_path: Path) -> None:
    capture = CAPTURES / directory / CHOSEN[directory]
    expected = driven(capture)
    labels = {label.split(":")[0] for label in expected}
    assert {"working", "blocked", "done"} <= labels, expected
    assert replayed(capture, tmp_path) == expected
    assert live(capture, tmp_path) == expected
