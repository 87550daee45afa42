"""Aider, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

The pinned Aider runs in its own sandbox against the scripted fake API (OpenAI Chat
Completions), as ``wrap --id e2e/aider --log FILE aider ...``. Aider reports nothing
itself, so the screen rules decide: idle at its prompt, ``working`` for a prompt, a
``(Y)es/(N)o`` confirmation is ``blocked`` with the kind the manifest gives it ("Run
shell command?" asks permission, "Add command output to the chat?" is a question),
answering goes on, and the turn ends ``done``. Its confirmations are also answered from
outside with ``osc7501wrap answer``: by label, by number, and a stale ``--dialog``
refused. Figures are printed (``-s``).
"""

from __future__ import annotations

import re

import agentrun
import pytest
from e2e import (
    BOUND,
    Run,
    WrapTerm,
    answer_two,
    answered,
    listed_dialog,
    main_request_with,
    wrapped,
)
from fakeapi import Step, Text

from osc7501wrap.protocol import Report

pytestmark = pytest.mark.agent

RECORD = "e2e/aider"
PROMPT = re.compile(r"(?m)^(\w+)?> ?$")
BLOCKED_BOUND = BOUND
WORKING_BOUND = BOUND


def aider_cmd(sb: agentrun.Sandbox, url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.aider_command(sb, url)


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    # The model takes a moment (a working phase shorter than the emitter's coalescing
    # window would rightly never be reported).
    # Each command outlives its output by a second: Aider reads a command's output through
    # pexpect's interact(), which can lose the output of a command that exits at once on a
    # busy machine (and then asks nothing more).
    return [Text("You can list the files with:\n\n```bash\nls -la; sleep 1\n```\n", pause=1.0)]


def at_prompt(text: str) -> bool:
    """Aider's input prompt is the last non-empty line."""
    last = text.rstrip().rsplit("\n", 1)[-1]
    return PROMPT.search(last + "\n") is not None


def confirm(run: Run, question: str, label: str, since: int) -> None:
    """Wait for a (Y)es/(N)o confirmation and its blocked report."""
    t = run.term
    drawn = t.wait_screen(lambda s: re.search(re.escape(question) + r".*\[Yes\]: ?$", s,
                                              re.M) is not None, 30)
    blocked = t.wait_report(lambda s: s.report.state == "blocked", 10, since=since)
    run.note(f"aider: blocked ({question}) after it was drawn: "
             f"{(blocked.t - drawn) * 1000:.0f} ms")
    assert blocked.label == label, (blocked.label, t.labels(since))
    assert blocked.t - drawn <= BLOCKED_BOUND
    assert (blocked.report.msg or "").startswith(question), blocked.report.msg


def started(run: Run) -> None:
    run.term.wait_screen(at_prompt, 90)
    run.term.settle(1.5)


def test_idle_at_its_prompt_after_start() -> None:
    """Nothing was asked yet: the first prompt is idle, never a finished turn."""
    agentrun.require_agent("aider")
    with wrapped("aider", steps, command=aider_cmd, record=RECORD) as run:
        started(run)
        t = run.term
        try:
            assert t.labels() == ["idle"], t.labels()
        finally:
            t.press(b"\x04")
            t.wait(30)


def test_confirmations_block_and_answers_go_on() -> None:
    agentrun.require_agent("aider")
    with wrapped("aider", steps, command=aider_cmd, record=RECORD) as run:
        t: WrapTerm = run.term
        started(run)
        assert t.labels()[-1] in ("idle", "done"), t.labels()  # see the test above
        t.type(b"how do I list the files")
        t.pump(0.4)
        mark = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 10, since=mark)
        run.note(f"aider: working after Enter: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        confirm(run, "Run shell command?", "blocked:permission", mark)
        t.settle(0.3)
        answered = t.offset
        t.type(b"y")
        t.pump(0.2)
        t.press(b"\r")
        confirm(run, "Add command output to the chat?", "blocked:question", answered)
        t.settle(0.3)
        second = t.offset
        t.type(b"n")
        t.pump(0.2)
        sent = t.press(b"\r")
        t.wait_screen(lambda s: at_prompt(s) and "Add command output" not in
                      s.rstrip().rsplit("\n", 1)[-1], 20)
        end = t.wait_report(lambda s: s.report.state in ("done", "idle"), 10, since=second)
        run.note(f"aider: {end.label} after the last answer: {(end.t - sent) * 1000:.0f} ms")
        t.pump(1.5)
        # The answered question never outlives its prompt.
        assert "blocked" not in " ".join(t.labels(second)), t.labels(second)
        # The command runs between the two questions; it may finish faster than the
        # emitter's 100 ms coalescing window, so `working` there is optional.
        seq = [s for i, s in enumerate(t.labels(mark))
               if not (s == "working" and i > 0 and t.labels(mark)[i - 1].startswith("blocked"))]
        assert seq[:3] == ["working", "blocked:permission", "blocked:question"], t.labels(mark)
        ended_as = t.labels()[-1]
        t.press(b"\x04")  # Ctrl-D at the prompt leaves Aider
        status = t.wait(30)
        reps = t.seen()
        assert all(s.report.id == RECORD for s in reps), t.labels()
        assert reps[-1].report == Report("clear", id=RECORD), t.labels()
        assert status == 0
        # The turn ran the command and ended at the prompt: done, not idle (idle is for
        # a refused dialog or an interrupted turn).
        assert ended_as == "done", t.labels(mark)


def test_answer_by_label_and_number_and_a_stale_dialog_is_refused() -> None:
    """Aider's confirmations answered with `answer`: "yes" by label runs the command the
    model suggested, a stale --dialog is refused naming "Add command output to the chat?",
    "1" adds the output (the next request carries it); in a second turn "2" ("No")
    refuses to run "rm -rf build" (the build directory stays)."""
    agentrun.require_agent("aider")

    def two(_sb: agentrun.Sandbox) -> list[Step]:
        write = "echo one > one.txt && echo wrote-one; sleep 1"
        return [Text(f"Write it with:\n\n```bash\n{write}\n```\n",
                     pause=1.0),
                Text("Clean it with:\n\n```bash\nrm -rf build\n```\n", pause=1.0)]

    def last_line(s: str) -> str:
        return s.rstrip().rsplit("\n", 1)[-1]

    with wrapped("aider", two, command=aider_cmd, record=RECORD) as run:
        t: WrapTerm = run.term
        (run.sb.work / "build").mkdir()
        started(run)
        t.type(b"write one")
        t.pump(0.4)
        t.press(b"\r")
        one, output = answer_two(
            run, lambda d: "echo one" in d["question"], ("yes", 1),
            lambda d: d["question"].startswith("Add command output"), ("1", 1),
            "Add command output to the chat?")
        assert one["question"] == "Run shell command? echo one > one.txt && echo wrote-one; sleep 1"
        for d in (one, output):
            assert [(o["label"], o["key"], o["selected"]) for o in d["options"]] == [
                ("Yes", "y", True), ("No", "n", False), ("Don't ask again", "d", False)], d
        assert (run.sb.work / "one.txt").read_text() == "one\n"  # it proceeded
        t.wait_screen(lambda s: at_prompt(s) and "Add command output" not in last_line(s), 30)
        t.settle(0.5)
        t.type(b"now clean the build")
        t.pump(0.4)
        t.press(b"\r")
        rm = listed_dialog(run, RECORD, lambda d: "rm -rf build" in d["question"], 60)
        assert rm["question"] == "Run shell command? rm -rf build" and rm["id"] != one["id"]
        # the output was added: the second turn's request carries it to the model
        assert main_request_with(run, "wrote-one").step == 1
        answered(run, rm, "2", 2)
        t.wait_screen(lambda s: at_prompt(s) and "Run shell command" not in last_line(s), 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        t.press(b"\x04")  # Ctrl-D at the prompt leaves Aider
        status = t.wait(30)
        reps = t.seen()
        assert all(s.report.id == RECORD for s in reps), t.labels()
        assert reps[-1].report == Report("clear", id=RECORD), t.labels()
        assert status == 0
