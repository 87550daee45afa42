"""Gemini CLI, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Gemini CLI runs in its own sandbox against the scripted fake API (its API
base URL at the fake Gemini API), as ``wrap --id e2e/gemini --log FILE gemini``. Its
shell confirmations are answered from outside with ``osc7501wrap answer``: the options
read from the live screen, one by label (the agent runs the command), one by number (it
does not), and an answer naming a dialog no longer on screen is refused. Figures are
printed (``-s``).
"""

from __future__ import annotations

import agentrun
import pytest
from e2e import Run, answer_two, main_request_with, wrapped, write_then_clean

pytestmark = pytest.mark.agent

RECORD = "e2e/gemini"
HINT = "Type your message"  # the empty composer's placeholder
QUESTION = "Allow execution of [Shell]?"
OPTIONS = ["Allow once", "Allow for this session", "No, suggest changes"]


def idle(text: str) -> bool:
    return HINT in text and "esc to cancel" not in text and QUESTION not in text


def start(run: Run) -> None:
    run.term.wait_screen(HINT, 60)
    run.term.settle(0.5)


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """Two shell confirmations: "allow once" by label runs the first command (its output
    goes back to the model), a stale --dialog is refused naming the second command, "3"
    ("No, suggest changes") refuses the second (the build directory stays)."""
    agentrun.require_agent("gemini")

    steps = write_then_clean("run_shell_command")
    with wrapped("gemini", steps, command=agentrun.gemini_command, record=RECORD) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        start(run)
        t.type(b"write one, then clean the build")
        t.pump(0.4)
        t.press(b"\r")
        one, two = answer_two(
            run, lambda d: "echo one" in d["question"], ("allow once", 1),
            lambda d: "rm -rf build" in d["question"], ("3", 3), "rm -rf build")
        for d in (one, two):
            assert d["question"].startswith(QUESTION), d
            assert [o["label"] for o in d["options"]] == OPTIONS, d
            assert [o["selected"] for o in d["options"]] == [True, False, False], d
            assert d["options"][-1]["key"] == "esc", d
        assert (run.sb.work / "one.txt").read_text() == "one\n"  # it proceeded
        main_request_with(run, "wrote-one")  # the command's output went to the model
        t.wait_screen(idle, 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        t.leave(RECORD, [b"\x03", b"\x03"])
