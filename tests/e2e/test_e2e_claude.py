"""Claude Code, the real one, through `wrap`: what only Claude Code does.

Each test runs the pinned Claude Code in its own sandbox HOME against the scripted fake
API, as ``wrap --id e2e/claude --log FILE claude`` (wrap adds its hooks through
``--settings`` because the program is called ``claude``), and asserts on the exact OSC
7501 reports wrap writes to the terminal: a dialog refused with Esc, a resize while
blocked, plan mode's approval, a long silent model, the hooks and Claude Code's own
reports fused into wrap's one record, and the screen alone without them. Its turn and its
dialogs answered from outside are the scenarios of test_e2e_scenarios.py (the profile
``e2e_agents.CLAUDE``). Figures are printed (run with ``-s`` to see them).
"""

from __future__ import annotations

import re
import time
from contextlib import AbstractContextManager

import pytest
import require
from agents import claude_composer, claude_drawn
from e2e import BOUND, OSC7501, Run, log_states, osc7501wrap
from e2e_agents import (
    BASH_SLOW,
    CLAUDE,
    Steps,
    approve,
    blocked,
    claude_back,
    claude_bash,
    claude_ended,
    leave,
    ready,
    submit,
    turn_end,
)
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent


def start(steps: list[Step] | Steps, *, wrap_args: tuple[str, ...] = (),
          env: dict[str, str] | None = None) -> AbstractContextManager[Run]:
    """Claude Code under wrap with the model's `steps` (a list, or a function of the
    sandbox)."""
    require.agent("claude")
    return CLAUDE.run(steps if callable(steps) else lambda _sb: list(steps),
                      wrap_args=wrap_args, env=env)


def assert_one_record(run: Run) -> None:
    """Every report wrap wrote is for wrap's own record: no report without an id (the
    agent's own `clear` would wipe every record of the pane), none for another record."""
    for s in run.term.seen():
        assert s.report.id == CLAUDE.record, (s.report, run.term.labels())


# --------------------------------------------------------------------------- scenarios


def test_refusing_with_esc_goes_back_to_idle() -> None:
    steps: list[Step] = [
        ToolUse("Bash", {"command": "rm -rf build", "description": "Remove the build directory"},
                pause=1.0),
        Text("Understood."),
    ]
    with start(steps) as run:
        t = run.term
        ready(run, CLAUDE)
        mark, _ = submit(run, CLAUDE, "clean the build")
        report = blocked(run, CLAUDE, mark)
        assert "rm -rf build" in (report.report.msg or ""), report.report
        t.settle(0.3)
        refused = t.offset
        sent = t.press(b"\x1b")
        t.wait_screen(claude_back, 15)
        idle = t.wait_state("idle", 5, since=refused)
        run.note(f"idle after Esc at the dialog: {(idle.t - sent) * 1000:.0f} ms")
        t.pump(2.5)  # anything stale would show up now
        after = t.labels(refused)
        assert after == ["idle"], after
        assert "done" not in after and "blocked:permission" not in after
        # nothing is asked now: an answer is refused, nothing typed
        r = osc7501wrap(run, "answer", CLAUDE.record, "1")
        assert r.returncode == 1 and "is not blocked" in r.stderr, r.stderr
        leave(run, CLAUDE)


def test_resize_while_blocked_stays_blocked() -> None:
    with start(claude_bash) as run:
        t = run.term
        ready(run, CLAUDE)
        mark, _ = submit(run, CLAUDE, "run the slow command")
        blocked(run, CLAUDE, mark)
        t.settle(0.3)
        resized = t.offset
        t.resize(30, 100)
        t.wait_screen(claude_drawn, 10)
        t.settle(1.0)
        t.resize(40, 120)
        t.wait_screen(claude_drawn, 10)
        t.settle(1.5)
        # Still blocked, nothing else was said in between, one record only.
        assert t.labels(resized) in ([], ["blocked:permission"]), t.labels(resized)
        assert t.labels()[-1] == "blocked:permission", t.labels()
        assert_one_record(run)
        approved = approve(run, CLAUDE)
        turn_end(run, CLAUDE, claude_ended, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        leave(run, CLAUDE)


PLAN = "# Plan\n\n1. Add a greeting function to hello.py.\n2. Print the greeting."


def test_plan_mode_approval() -> None:
    steps: list[Step] = [
        ToolUse("ExitPlanMode", {"plan": PLAN}, text="Here is my plan.", pause=1.0),
        Text("Leaving plan mode.", pause=1.5),
    ]
    with start(steps) as run:
        t = run.term
        ready(run, CLAUDE)
        for _ in range(6):  # shift+tab cycles the modes: manual -> accept edits -> plan
            if "plan mode on" in t.screen():
                break
            t.press(b"\x1b[Z")
            t.pump(0.8)
        t.wait_screen(lambda s: claude_composer(s, "plan mode on"), 60)
        t.settle(0.5)
        mark, _ = submit(run, CLAUDE, "plan a greeting")
        dialog = re.compile(r"Would you like to proceed|Ready to code|Exit plan mode\?")
        drawn = t.wait_screen(lambda s: dialog.search(s) is not None
                              and re.search(r"(?m)^\s*❯ 1\.", s) is not None, 30)
        report = t.wait_report(lambda s: s.report.state == "blocked", 10, since=mark)
        run.note(f"blocked (plan approval) after the dialog was drawn: "
                 f"{(report.t - drawn) * 1000:.0f} ms")
        assert report.report.kind in ("permission", "question"), report.label
        assert report.t - drawn <= BOUND
        t.settle(0.5)
        assert t.labels(mark)[-1].startswith("blocked"), t.labels(mark)
        approved = approve(run, CLAUDE)
        turn_end(run, CLAUDE, claude_ended, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        leave(run, CLAUDE)


def test_long_silent_model_stays_working() -> None:
    steps: list[Step] = [Text("Thought about it for a while.", pause=8.0)]
    with start(steps) as run:
        t = run.term
        ready(run, CLAUDE)
        mark, sent = submit(run, CLAUDE, "think about it for a while")
        run.api.wait_for("request", step=0, timeout=20)
        t.pump(7.0)  # the model is silent all this time
        assert t.labels(mark) == ["working"], t.labels(mark)
        turn_end(run, CLAUDE, claude_ended, mark)
        assert t.labels(mark) == ["working", "done"], t.labels(mark)
        run.note(f"turn with an 8 s silent model: {time.monotonic() - sent:.1f} s")
        leave(run, CLAUDE)


def test_native_hooks_and_screen_fused_into_wraps_record() -> None:
    with start(claude_bash) as run:
        t = run.term
        ready(run, CLAUDE)
        mark, _ = submit(run, CLAUDE, "run the slow command")
        blocked(run, CLAUDE, mark)
        t.settle(0.3)
        approved = t.offset
        t.press(b"\r")
        turn_end(run, CLAUDE, claude_ended, approved)
        leave(run, CLAUDE)
        # The terminal saw exactly one 7501 probe (wrap's own): Claude's went to wrap.
        probes = [q for q in t.queries if q.startswith(b"\x1b]7501")]
        assert len(probes) == 1, t.queries
        # No report without wrap's id ever reached the terminal: Claude Code's own
        # `state=clear` (no id) on exit would clear every record of the pane.
        assert_one_record(run)
        sequences = OSC7501.findall(t.output)
        assert len(sequences) == len(t.seen()) + 1, sequences  # reports, and the probe
        assert (b"state=clear" in sequences[-1]
                and b"id=" + CLAUDE.record.encode() in sequences[-1])
        # Every signal wrap fused is in its log: the hooks, and Claude's own reports
        # (native: only sent once its probe was answered) or the screen.
        states = log_states(run.log)
        signals = [s.signal for s in states]
        run.note("wrap's state changes: " + ", ".join(f"{s.label}<-{s.signal}" for s in states))
        turn = states[next(i for i, s in enumerate(states) if s.label == "working"):]
        turn_signals = {s.signal for s in turn}
        assert "hook" in turn_signals, signals
        assert turn_signals & {"native", "screen"}, signals
        assert "native" in signals, (signals, run.log_text())
        reports = [s for s in states if s.label == "blocked:permission"]
        assert reports and BASH_SLOW in reports[0].msg, states


def test_screen_alone_without_hooks_or_native_reports() -> None:
    """What a Claude Code that does not report (older than 2.1.295, or with its status
    reports turned off) gets: the screen rules alone decide, within the same bounds."""
    with start(claude_bash, wrap_args=("--no-hooks",),
               env={"CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1"}) as run:
        t = run.term
        ready(run, CLAUDE)
        mark, _ = submit(run, CLAUDE, "run the slow command")
        report = blocked(run, CLAUDE, mark)
        msg = report.report.msg or ""
        assert BASH_SLOW in msg or "Write the out file" in msg, msg
        t.settle(0.3)
        approved = approve(run, CLAUDE)
        turn_end(run, CLAUDE, claude_ended, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        leave(run, CLAUDE)
        signals = {s.signal for s in log_states(run.log)}
        assert not signals & {"hook", "native"}, signals
