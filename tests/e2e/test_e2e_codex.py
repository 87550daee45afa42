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
from e2e import BOUND, Run, WrapTerm, listed_dialog, osc7501wrap, wrapped
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

RECORD = "e2e/codex"
HINT = "Ask Codex to do anything"  # the empty composer's placeholder
APPROVAL = "Would you like to run the following command?"
COMMAND = "sleep 2 && mkdir -p out && echo hi > out/x.txt"
BLOCKED_BOUND = BOUND
WORKING_BOUND = BOUND


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


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """The approval's options read from the live screen, each with the key Codex shows;
    `answer` by label approves (the agent runs the command), a stale --dialog is refused
    naming the new command, `answer` by number refuses it (the agent does not run it)."""
    agentrun.require_agent("codex")

    def two(_sb: agentrun.Sandbox) -> list[Step]:
        return [
            ToolUse("exec_command", {"cmd": "echo one > one.txt",
                                     "sandbox_permissions": "require_escalated",
                                     "justification": "Write one?"}, pause=1.0),
            ToolUse("exec_command", {"cmd": "rm -rf build",
                                     "sandbox_permissions": "require_escalated",
                                     "justification": "Remove the build directory?"},
                    pause=1.0),
            Text("Understood, the build directory stays.", pause=1.0),
        ]

    with wrapped("codex", two, command=codex_cmd, record=RECORD) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        t.wait_screen(HINT, 60)
        t.settle(0.5)
        t.type(b"write one, then clean the build")
        t.pump(0.4)
        t.press(b"\r")
        t.wait_screen(approval_drawn, 30)
        first = listed_dialog(run, RECORD, lambda d: "echo one" in d["question"])
        opts = [(o["label"], o["key"]) for o in first["options"]]
        note(run, f"codex: options read from the live screen: {opts}")
        assert opts[0] == ("Yes, proceed", "y") and opts[-1][1] == "esc"
        r = osc7501wrap(run, "answer", RECORD, "yes, proceed", "--dialog", first["id"])
        assert (r.returncode, r.stdout) == (0, "answered 1. Yes, proceed\n"), r.stderr
        second = listed_dialog(run, RECORD, lambda d: "rm -rf build" in d["question"], 30)
        assert (run.sb.work / "one.txt").read_text() == "one\n"
        r = osc7501wrap(run, "answer", RECORD, "1", "--dialog", first["id"])
        assert r.returncode == 1
        assert "the dialog changed: it now asks" in r.stderr and "rm -rf build" in r.stderr
        n = len(second["options"])
        r = osc7501wrap(run, "answer", RECORD, str(n), "--dialog", second["id"])
        assert r.returncode == 0 and r.stdout.startswith(f"answered {n}. No"), r.stderr
        t.wait_screen(lambda s: APPROVAL not in s and HINT in s, 30)
        assert (run.sb.work / "build").is_dir()
        t.leave(RECORD, [b"\x03", b"\x03"])
