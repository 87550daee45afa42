"""Aider, the real one, through `wrap`: its start and its confirmations.

The pinned Aider runs in its own sandbox against the scripted fake API (OpenAI Chat
Completions), as ``wrap --id e2e/aider --log FILE aider ...``. Aider reports nothing
itself, so the screen rules decide: idle at its prompt, ``working`` for a prompt, a
``(Y)es/(N)o`` confirmation is ``blocked`` with the kind the manifest gives it ("Run
shell command?" asks permission, "Add command output to the chat?" is a question),
answering goes on, and the turn ends ``done``. Its confirmations answered from outside
are the answer scenario of test_e2e_scenarios.py (the profile ``e2e_agents.AIDER``).
Figures are printed (``-s``).
"""

from __future__ import annotations

import re

import agentrun
import pytest
import require
from e2e import BOUND, Run
from e2e_agents import AIDER, AIDER_SLEEP, aider_at_prompt, leave, ready, submit
from fakeapi import Step, Text

pytestmark = pytest.mark.agent


def steps(_sb: agentrun.Sandbox) -> list[Step]:
    # The model takes a moment (a working phase shorter than the emitter's coalescing
    # window would rightly never be reported); the command outlives its output
    # (e2e_agents.AIDER_SLEEP).
    return [Text(f"You can list the files with:\n\n```bash\nls -la{AIDER_SLEEP}\n```\n",
                 pause=1.0)]


def confirm(run: Run, question: str, label: str, since: int) -> None:
    """Wait for a (Y)es/(N)o confirmation and its blocked report."""
    t = run.term
    drawn = t.wait_screen(lambda s: re.search(re.escape(question) + r".*\[Yes\]: ?$", s,
                                              re.M) is not None, 30)
    blocked = t.wait_report(lambda s: s.report.state == "blocked", 10, since=since)
    run.note(f"aider: blocked ({question}) after it was drawn: "
             f"{(blocked.t - drawn) * 1000:.0f} ms")
    assert blocked.label == label, (blocked.label, t.labels(since))
    assert blocked.t - drawn <= BOUND
    assert (blocked.report.msg or "").startswith(question), blocked.report.msg


def test_idle_at_its_prompt_after_start() -> None:
    """Nothing was asked yet: the first prompt is idle, never a finished turn."""
    require.agent("aider")
    with AIDER.run(steps) as run:
        ready(run, AIDER)
        t = run.term
        try:
            assert t.labels() == ["idle"], t.labels()
        finally:
            t.press(b"\x04")
            t.wait(30)


def test_confirmations_block_and_answers_go_on() -> None:
    require.agent("aider")
    with AIDER.run(steps) as run:
        t = run.term
        ready(run, AIDER)
        assert t.labels()[-1] in ("idle", "done"), t.labels()  # see the test above
        mark, _ = submit(run, AIDER, "how do I list the files")
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
        t.wait_screen(lambda s: aider_at_prompt(s) and "Add command output" not in
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
        leave(run, AIDER)  # Ctrl-D at the prompt leaves Aider
        # The turn ran the command and ended at the prompt: done, not idle (idle is for
        # a refused dialog or an interrupted turn).
        assert ended_as == "done", t.labels(mark)
