"""Codex, the real one, through `wrap`: what only Codex does.

The pinned Codex runs in its own sandbox against the scripted fake API (OpenAI
Responses), as ``wrap --id e2e/codex --log FILE codex ...``. Codex reports ``blocked``
itself, without a message; the test asserts that the report the user sees still names
the command, read from the approval dialog by the screen rule. Its turn and its dialogs
answered from outside are the scenarios of test_e2e_scenarios.py (the profile
``e2e_agents.CODEX``).
"""

from __future__ import annotations

import pytest
import require
from e2e_agents import CODEX, Turn, ready

pytestmark = pytest.mark.agent


def test_exec_approval_report_names_the_command() -> None:
    """Codex 0.169 reports ``blocked`` itself, without a msg; the screen rule reads the
    command from the dialog. The report the user sees must name the command."""
    require.agent("codex")
    turn = CODEX.turn
    assert isinstance(turn, Turn)
    with CODEX.run(turn.steps) as run:
        t = run.term
        ready(run, CODEX)
        t.type(turn.prompt.encode())
        t.pump(CODEX.type_pause)
        mark = t.offset
        t.press(b"\r")
        t.wait_screen(CODEX.drawn, 30)
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
