"""Codex, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Codex runs in its own sandbox against the scripted fake API (OpenAI
Responses), as ``wrap --id e2e/codex --log FILE codex ...``; the test asserts on the
exact OSC 7501 reports wrap writes: a prompt is ``working``, the exec approval dialog is
``blocked:permission`` naming the command, approving it is ``working`` then ``done``,
and leaving clears the record with Codex's exit status. Figures are printed (``-s``).
"""

from __future__ import annotations

import agentrun
import pytest
from e2e import Run, WrapTerm, wrapped
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

RECORD = "e2e/codex"
HINT = "Ask Codex to do anything"  # the empty composer's placeholder
APPROVAL = "Would you like to run the following command?"
COMMAND = "sleep 2 && mkdir -p out && echo hi > out/x.txt"
BLOCKED_BOUND = 1.0
WORKING_BOUND = 1.0


def codex_cmd(sb: agentrun.Sandbox, url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.codex_command(sb, url)


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    return [
        ToolUse("exec_command", {"cmd": COMMAND, "sandbox_permissions": "require_escalated",
                                 "justification": "Create the output directory?"},
                text="I will create the directory.", pause=1.0),
        Text("Created out/x.txt.", pause=1.0),
    ]


def approval_drawn(text: str) -> bool:
    return APPROVAL in text and "1. Yes" in text and "esc" in text.lower().split(APPROVAL)[-1]


def turn_ended(text: str) -> bool:
    return "Worked for" in text and HINT in text and "esc to interrupt" not in text


def note(run: Run, text: str) -> None:
    run.note(text)


def test_prompt_exec_approval_done_exit() -> None:
    agentrun.require_agent("codex")
    with wrapped("codex", steps, command=codex_cmd, record=RECORD) as run:
        t: WrapTerm = run.term
        t.wait_screen(HINT, 60)
        t.settle(0.5)
        assert t.labels() == ["idle"], t.labels()
        t.type(b"make the output directory")
        t.pump(0.4)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        note(run, f"codex: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        drawn = t.wait_screen(approval_drawn, 30)
        blocked = t.wait_state("blocked:permission", 10, since=mark)
        note(run, f"codex: blocked after the approval dialog was drawn: "
                  f"{(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.t - drawn <= BLOCKED_BOUND
        t.settle(0.5)
        assert t.labels(mark) == ["working", "blocked:permission"], t.labels(mark)
        approved = t.offset
        sent = t.press(b"\r")  # "1. Yes, proceed" is selected
        working = t.wait_state("working", 5, since=approved)
        note(run, f"codex: working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        ended = t.wait_screen(turn_ended, 40)
        done = t.wait_state("done", 10, since=approved)
        note(run, f"codex: done after the turn's end was drawn: {(done.t - ended) * 1000:.0f} ms")
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        assert (run.sb.work / "out" / "x.txt").read_text() == "hi\n"
        t.leave(RECORD, [b"\x03", b"\x03"])
        assert t.labels() == ["idle", "working", "blocked:permission", "working", "done",
                              "clear"], t.labels()


def test_exec_approval_report_names_the_command() -> None:
    """Codex 0.169 reports ``blocked`` itself, without a msg; the screen rule reads the
    command from the dialog. The report the user sees must name the command."""
    agentrun.require_agent("codex")
    with wrapped("codex", steps, command=codex_cmd, record=RECORD) as run:
        t = run.term
        t.wait_screen(HINT, 60)
        t.settle(0.5)
        t.type(b"make the output directory")
        t.pump(0.4)
        mark = t.offset
        t.press(b"\r")
        t.wait_screen(approval_drawn, 30)
        t.settle(1.0)  # the screen has had all the time it needs
        blocked = [s for s in t.seen(mark) if s.label == "blocked:permission"]
        assert blocked, t.labels(mark)
        msgs = [s.report.msg for s in blocked]
        try:
            assert any("sleep 2 && mkdir -p out" in (m or "") for m in msgs), msgs
        finally:
            t.press(b"\x1b")
            t.settle(0.5)
            t.press(b"\x03")
            t.pump(0.4)
            t.press(b"\x03")
            t.wait(20)
