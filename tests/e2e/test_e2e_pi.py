"""Pi, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Pi runs in its own sandbox against the scripted fake API (a custom
OpenAI-compatible provider, offline), as ``wrap --id e2e/pi --log FILE pi ...``. Pi asks
for no approval of its own; the harness extension asks before ``rm`` through Pi's select
UI, as its permission-gate example does. The test asserts on the exact OSC 7501 reports
wrap writes: a prompt is ``working`` through a silent model, the select is
``blocked:permission``, approving it is ``working`` then ``done`` once the editor is
back, and leaving clears the record. Figures are printed (``-s``).
"""

from __future__ import annotations

import functools
import re

import agentrun
import e2e
import pytest
from e2e import BOUND, WrapTerm, wrapped
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

e2e.AGENT_BIN.setdefault("pi", agentrun.AGENTS_DIR / "npm" / "pi" / "node_modules" / ".bin")

RECORD = "e2e/pi"
SPINNER = re.compile(r"(?m)^ [\u2800-\u28ff] \S")
RULE = "─" * 40
BLOCKED_BOUND = BOUND
WORKING_BOUND = BOUND
DONE_BOUND = BOUND


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    return [
        ToolUse("bash", {"command": "rm -rf build && mkdir -p out && echo hi > out/x.txt"},
                text="Cleaning up.", pause=3.0),
        Text("Removed build, created out/x.txt.", pause=0.5),
    ]


def editor_back(text: str) -> bool:
    lines = text.split("\n")
    rules = [i for i, line in enumerate(lines) if line.startswith(RULE)]
    return (SPINNER.search(text) is None and len(rules) >= 2
            and "enter select" not in lines[rules[-1] - 1])


def test_prompt_gate_dialog_done_exit() -> None:
    agentrun.require_agent("pi")
    command = functools.partial(agentrun.pi_command, gate=True)
    with wrapped("pi", steps, command=command, record=RECORD) as run:
        t: WrapTerm = run.term
        t.wait_screen(lambda s: "escape interrupt" in s and editor_back(s), 60)
        t.settle(0.8)
        assert t.labels() == ["idle"], t.labels()
        t.type(b"clean up and make the output")
        t.pump(0.4)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        run.note(f"pi: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        drawn = t.wait_screen(lambda s: "enter select" in s and "Allow?" in s, 30)
        blocked = t.wait_state("blocked:permission", 10, since=mark)
        run.note(f"pi: blocked after the select was drawn: {(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.t - drawn <= BLOCKED_BOUND
        t.settle(0.5)
        assert t.labels(mark) == ["working", "blocked:permission"], t.labels(mark)
        approved = t.offset
        sent = t.press(b"\r")  # "→ Yes" is focused
        working = t.wait_state("working", 5, since=approved)
        run.note(f"pi: working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        ended = t.wait_screen(lambda s: "created out/x.txt." in s and editor_back(s), 40)
        done = t.wait_state("done", 10, since=approved)
        run.note(f"pi: done after the editor was back: {(done.t - ended) * 1000:.0f} ms")
        assert done.t - ended <= DONE_BOUND
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        assert (run.sb.work / "out" / "x.txt").read_text() == "hi\n"
        t.leave(RECORD, [b"\x04"])  # ctrl+d on the empty editor leaves Pi
        assert t.labels() == ["idle", "working", "blocked:permission", "working", "done", "clear"], t.labels()
