"""GitHub Copilot CLI, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Copilot runs in its own sandbox against the scripted fake API (bring-your-own-
key, Chat Completions, offline), as ``wrap --id e2e/copilot --log FILE copilot ...``. The
test asserts on the exact OSC 7501 reports wrap writes: a prompt is ``working`` and stays
so through 5 s of a silent model (only Copilot's footer says so: the light used to go idle
1.5 s into such turns), the bash approval box is ``blocked:permission`` naming the command,
approving it is ``working`` then ``done`` once the idle footer is back, and leaving clears
the record. Figures are printed (``-s``).
"""

from __future__ import annotations

import re

import agentrun
import pytest
from e2e import BOUND, Run, WrapTerm, answer_two, main_request_with, wrapped, write_then_clean
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

RECORD = "e2e/copilot"
IDLE_FOOTER = re.compile(r"(?m)^ (?:← open sidebar · )?\w+ · [^\n]*·")
WORKING_FOOTER = re.compile(r"(?m)^\s*[○◎◉●]\s+\S[^\n]*\besc\b")
APPROVAL = "Do you want to run this command?"
COMMAND = "sleep 2 && mkdir -p out && echo hi > out/x.txt"
SILENT = 5.0
BLOCKED_BOUND = BOUND
WORKING_BOUND = BOUND
DONE_BOUND = BOUND


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    return [
        ToolUse("bash", {"command": COMMAND, "description": "Create the output directory", "mode": "sync",
                         "initial_wait": 30}, text="I will create the directory.", pause=SILENT),
        Text("Created out/x.txt.", pause=0.5),
    ]


def idle(text: str) -> bool:
    return IDLE_FOOTER.search(text) is not None and WORKING_FOOTER.search(text) is None


def test_prompt_silent_model_approval_done_exit() -> None:
    agentrun.require_agent("copilot")
    with wrapped("copilot", steps, command=agentrun.copilot_command, record=RECORD) as run:
        t: WrapTerm = run.term
        t.wait_screen(lambda s: idle(s) and "Copilot v" in s, 60)
        t.settle(0.8)
        assert t.labels() == ["idle"], t.labels()
        t.type(b"make the output directory")
        t.pump(0.5)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        note(run, f"copilot: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        drawn = t.wait_screen(lambda s: APPROVAL in s and "enter to select" in s, SILENT + 30)
        blocked = t.wait_state("blocked:permission", 10, since=mark)
        note(run, f"copilot: blocked after the approval box was drawn: {(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.t - drawn <= BLOCKED_BOUND
        assert "sleep 2 && mkdir -p out" in (blocked.report.msg or ""), blocked.report.msg
        t.settle(0.5)
        # Working all through the silent model: no idle or done before the dialog.
        assert t.labels(mark) == ["working", "blocked:permission"], t.labels(mark)
        approved = t.offset
        sent = t.press(b"\r")  # "1. Yes" is focused
        working = t.wait_state("working", 5, since=approved)
        note(run, f"copilot: working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        ended = t.wait_screen(lambda s: "Created out/x.txt." in s and idle(s), 40)
        done = t.wait_state("done", 10, since=approved)
        note(run, f"copilot: done after the idle footer was drawn: {(done.t - ended) * 1000:.0f} ms")
        assert done.t - ended <= DONE_BOUND
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        assert (run.sb.work / "out" / "x.txt").read_text() == "hi\n"
        t.leave(RECORD, [b"\x03", b"\x03"])
        assert t.labels() == ["idle", "working", "blocked:permission", "working", "done", "clear"], t.labels()


def note(run: Run, text: str) -> None:
    run.note(text)


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """Two bash approvals answered with `answer`: "yes" by label runs the first command
    (its output goes back to the model), a stale --dialog is refused naming the second
    command, "3" ("No, and tell Copilot what to do differently") refuses the second (the
    build directory stays)."""
    agentrun.require_agent("copilot")

    steps = write_then_clean("bash", mode="sync", initial_wait=30)
    with wrapped("copilot", steps, command=agentrun.copilot_command, record=RECORD) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        t.wait_screen(lambda s: idle(s) and "Copilot v" in s, 60)
        t.settle(0.8)
        t.type(b"write one, then clean the build")
        t.pump(0.5)
        t.press(b"\r")
        one, other = answer_two(
            run, lambda d: "echo one" in d["question"], ("yes", 1),
            lambda d: "rm -rf build" in d["question"], ("3", 3), "rm -rf build")
        for d in (one, other):  # (no "don't ask again" for a read-only command)
            labels = [o["label"] for o in d["options"]]
            assert labels[0] == "Yes" and len(labels) == (2 if d is one else 3), d
            assert all(x.startswith("Yes, and don't ask again") for x in labels[1:-1]), d
            assert labels[-1] == "No, and tell Copilot what to do differently", d
            assert d["options"][-1]["key"] == "esc", d
            assert [o["selected"] for o in d["options"]] == [True] + [False] * (len(labels) - 1)
        assert (run.sb.work / "one.txt").read_text() == "one\n"  # it proceeded
        main_request_with(run, "wrote-one")
        t.wait_screen(lambda s: idle(s) and APPROVAL not in s, 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        t.leave(RECORD, [b"\x03", b"\x03"])
