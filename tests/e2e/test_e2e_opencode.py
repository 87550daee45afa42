"""OpenCode, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned OpenCode runs in its own sandbox against the scripted fake API (an
OpenAI-compatible provider, Chat Completions), as ``wrap --id e2e/opencode --log FILE
opencode``; the test asserts on the OSC 7501 reports wrap writes: a prompt is
``working``, the bash permission dialog is ``blocked:permission`` naming the command,
allowing it is ``working`` then ``done`` once the finished turn is drawn, and leaving
clears the record with OpenCode's exit status. Its permission prompts are also answered from outside
with ``osc7501wrap answer``: by label, by number, and a stale ``--dialog`` refused.
Figures are printed (``-s``).
"""

from __future__ import annotations

import re

import agentrun
import pytest
from e2e import BOUND, WrapTerm, answer_two, main_request_with, wrapped, write_then_clean
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

RECORD = "e2e/opencode"
COMMAND = "sleep 2 && mkdir -p out && echo hi > out/x.txt"
COMPOSER = re.compile(r"(?m)^\s*┃\s+\S+ · \S+")  # the composer's agent/model line
BUSY = re.compile(r"esc (?:again to )?interrupt")
TURN_DONE = re.compile(r"(?m)^\s*▣\s+\S.*·\s*\d[\d.]*\s*(?:ms|s|m)\s*$")
BLOCKED_BOUND = BOUND
TURN_END_BOUND = BOUND
WORKING_BOUND = BOUND


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    return [
        ToolUse("bash", {"command": COMMAND, "description": "Create the output directory"},
                text="I will create the directory.", pause=1.0),
        Text("Created out/x.txt.", pause=1.0),
    ]


def dialog_drawn(text: str) -> bool:
    return "Permission required" in text and "enter confirm" in text


def turn_ended(text: str) -> bool:
    return TURN_DONE.search(text) is not None and BUSY.search(text) is None


def test_prompt_bash_permission_done_exit() -> None:
    agentrun.require_agent("opencode")
    with wrapped("opencode", steps, command=agentrun.opencode_command, record=RECORD,
                 is_main=agentrun.chat_with_tools_is_main) as run:
        t: WrapTerm = run.term
        t.wait_screen(lambda s: COMPOSER.search(s) is not None and "ctrl+p commands" in s, 60)
        t.settle(0.8)
        assert t.labels() == ["idle"], t.labels()
        t.type(b"make the output directory")
        t.pump(0.4)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        run.note(f"opencode: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        drawn = t.wait_screen(dialog_drawn, 30)
        blocked = t.wait_state("blocked:permission", 10, since=mark)
        run.note(f"opencode: blocked after the dialog was drawn: {(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.t - drawn <= BLOCKED_BOUND
        assert COMMAND in (blocked.report.msg or ""), blocked.report
        t.settle(0.5)
        approved = t.offset
        sent = t.press(b"\r")  # "Allow once" is selected
        working = t.wait_state("working", 5, since=approved)
        run.note(f"opencode: working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        ended = t.wait_screen(turn_ended, 40)
        done = t.wait_state("done", 10, since=approved)
        run.note(f"opencode: done after the turn's end was drawn: {(done.t - ended) * 1000:.0f} ms")
        assert done.t - ended <= TURN_END_BOUND
        t.settle(0.5)
        assert t.labels(approved)[-1] == "done", t.labels(approved)
        assert "blocked:permission" not in t.labels(approved), t.labels(approved)
        assert (run.sb.work / "out" / "x.txt").read_text() == "hi\n"
        t.leave(RECORD, [b"\x03"])


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """Two bash permission prompts answered with `answer`: "allow once" by label runs the
    first command (its output goes back to the model), a stale --dialog is refused naming
    the second command, "3" ("Reject") refuses the second (the build directory stays).
    The focused button is only a colour: wrap reads it from the cells' background."""
    agentrun.require_agent("opencode")

    steps = write_then_clean("bash")
    with wrapped("opencode", steps, command=agentrun.opencode_command, record=RECORD,
                 is_main=agentrun.chat_with_tools_is_main) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        t.wait_screen(lambda s: COMPOSER.search(s) is not None and "ctrl+p commands" in s, 60)
        t.settle(0.8)
        t.type(b"write one, then clean the build")
        t.pump(0.4)
        t.press(b"\r")
        one, other = answer_two(
            run, lambda d: "echo one" in d["question"], ("allow once", 1),
            lambda d: "rm -rf build" in d["question"], ("3", 3), "rm -rf build")
        for d in (one, other):
            assert [(o["label"], o["key"], o["selected"]) for o in d["options"]] == [
                ("Allow once", None, True), ("Allow always", None, False),
                ("Reject", None, False)], d
        assert (run.sb.work / "one.txt").read_text() == "one\n"  # it proceeded
        main_request_with(run, "wrote-one")
        t.wait_screen(lambda s: COMPOSER.search(s) is not None and BUSY.search(s) is None
                      and "Permission required" not in s, 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        t.leave(RECORD, [b"\x03"])
