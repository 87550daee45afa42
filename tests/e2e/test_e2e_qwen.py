"""Qwen Code, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Qwen Code runs in its own sandbox against the scripted fake API
(``OPENAI_BASE_URL``, Chat Completions), as ``wrap --id e2e/qwen --log FILE qwen``; the
test asserts on the OSC 7501 reports wrap writes: a prompt is ``working``, the shell
confirmation is ``blocked:permission`` with its question, allowing it is ``working``,
the idle prompt back is ``done`` within 300 ms of being drawn, and leaving clears the
record with Qwen Code's exit status. Its confirmations are also answered from outside
with ``osc7501wrap answer``: by label, by number, and a stale ``--dialog`` refused.
Figures are printed (``-s``).
"""

from __future__ import annotations

from typing import Any

import agentrun
import pytest
from e2e import BOUND, WrapTerm, answer_two, main_request_with, wrapped, write_then_clean
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

RECORD = "e2e/qwen"
HINT = "Type your message"  # the empty composer's placeholder
COMMAND = "mkdir -p out && echo hi > out/x.txt"
BLOCKED_BOUND = BOUND
TURN_END_BOUND = BOUND
WORKING_BOUND = BOUND


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    return [
        ToolUse("run_shell_command", {"command": COMMAND, "description": "Create the output directory"},
                text="I will create the directory.", pause=1.0),
        Text("Created out/x.txt.", pause=1.0),
    ]


def dialog_drawn(text: str) -> bool:
    return "Allow execution of" in text and "1. Yes, allow once" in text and "(esc)" in text


def turn_over(text: str) -> bool:
    return HINT in text and "esc to cancel" not in text


def turn_ended(text: str) -> bool:
    return "Created out/x.txt." in text and HINT in text and "esc to cancel" not in text


def test_prompt_shell_confirmation_done_exit() -> None:
    agentrun.require_agent("qwen")
    with wrapped("qwen", steps, command=agentrun.qwen_command, record=RECORD,
                 is_main=agentrun.chat_with_tools_is_main) as run:
        t: WrapTerm = run.term
        t.wait_screen(lambda s: HINT in s and "shift + tab" in s, 60)
        t.settle(1.0)
        assert t.labels() == ["idle"], t.labels()
        t.type(b"make the output directory")
        t.pump(0.4)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        run.note(f"qwen: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        drawn = t.wait_screen(dialog_drawn, 30)
        blocked = t.wait_state("blocked:permission", 10, since=mark)
        run.note(f"qwen: blocked after the confirmation was drawn: {(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.t - drawn <= BLOCKED_BOUND
        assert "Allow execution of" in (blocked.report.msg or ""), blocked.report
        t.settle(0.5)
        approved = t.offset
        sent = t.press(b"\r")  # "1. Yes, allow once" is selected
        working = t.wait_state("working", 5, since=approved)
        run.note(f"qwen: working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        ended = t.wait_screen(turn_ended, 40)
        done = t.wait_state("done", 10, since=approved)
        run.note(f"qwen: done after the idle prompt was drawn: {(done.t - ended) * 1000:.0f} ms")
        assert done.t - ended <= TURN_END_BOUND
        t.settle(0.5)
        assert t.labels(approved)[-1] == "done", t.labels(approved)
        assert (run.sb.work / "out" / "x.txt").read_text() == "hi\n"
        t.leave(RECORD, [b"\x03", b"\x03"])


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """Two shell confirmations answered with `answer`: "yes, allow once" by label runs the
    first command (its output goes back to the model), a stale --dialog is refused naming
    the second command, its number for "No, suggest changes" refuses the second (the
    build directory stays)."""
    agentrun.require_agent("qwen")

    def second(d: dict[str, Any]) -> bool:  # the rm dialog, drawn to its last option
        return "rm -rf build" in d["question"] and d["options"][-1]["label"].startswith("No")

    steps = write_then_clean("run_shell_command")
    with wrapped("qwen", steps, command=agentrun.qwen_command, record=RECORD,
                 is_main=agentrun.chat_with_tools_is_main) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        t.wait_screen(lambda s: HINT in s and "shift + tab" in s, 60)
        t.settle(1.0)
        t.type(b"write one, then clean the build")
        t.pump(0.4)
        t.press(b"\r")
        one, other = answer_two(
            run, lambda d: "echo one" in d["question"], ("yes, allow once", 1),
            second, ("4", 4), "rm -rf build")
        for d in (one, other):
            assert d["question"].startswith("Allow execution of: "), d
            labels = [o["label"] for o in d["options"]]
            assert len(labels) == 4 and labels[0] == "Yes, allow once", d
            assert labels[-1] == "No, suggest changes" and d["options"][-1]["key"] == "esc", d
            assert [o["selected"] for o in d["options"]] == [True, False, False, False], d
        assert (run.sb.work / "one.txt").read_text() == "one\n"  # it proceeded
        main_request_with(run, "wrote-one")
        t.wait_screen(lambda s: turn_over(s) and "Allow execution of" not in s, 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        t.leave(RECORD, [b"\x03", b"\x03"])

