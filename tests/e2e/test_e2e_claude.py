"""Claude Code, the real one, through `wrap` under a pty playing an OSC 7501 terminal.

Each test runs the pinned Claude Code in its own sandbox HOME against the scripted fake
API, as ``wrap --id e2e/claude --log FILE claude`` (wrap adds its hooks through
``--settings`` because the program is called ``claude``), and asserts on the exact OSC
7501 reports wrap writes to the terminal: the states in order, their kind and message,
the latency of ``blocked`` from the moment the dialog is drawn, the cleared record and
the exit status. Figures are printed (run with ``-s`` to see them).
"""

from __future__ import annotations

import re
import time
from contextlib import AbstractContextManager
from pathlib import Path

import agentrun
import pytest
from e2e import BOUND, OSC7501, Run, WrapTerm, listed_dialog, log_states, osc7501wrap, wrapped
from fakeapi import Step, Text, ToolUse

from osc7501wrap.protocol import Report

pytestmark = pytest.mark.agent

RECORD = "e2e/claude"
PROMPT = re.compile(r"(?m)^❯ ?$")  # the empty composer
TURN_END = re.compile(r"(?m)^[·✢✳✶✻✽*] \S+ for \d+[smh]")  # "✻ Cooked for 3s"
SPINNER = re.compile(r"(?m)^[·✢✳✶✻✽*●] \S[^\n]*…")
PROCEED = "Do you want to proceed?"
# Bounds: generous for a loaded CI machine; the measured figures are printed.
BLOCKED_BOUND = BOUND  # s from the dialog fully drawn to the blocked report
WORKING_BOUND = BOUND  # s from Enter to the working report


def claude_cmd(sb: agentrun.Sandbox, url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.claude_command(sb, url)


def start(steps: list[Step], *, wrap_args: tuple[str, ...] = (),
          env: dict[str, str] | None = None) -> AbstractContextManager[Run]:
    agentrun.require_agent("claude")
    return wrapped("claude", lambda sb: list(steps), command=claude_cmd, record=RECORD,
                   wrap_args=wrap_args, env=env)


def composer_ready(t: WrapTerm, mode: str = "manual mode on") -> None:
    t.wait_screen(lambda s: mode in s and PROMPT.search(s) is not None, 60)
    t.settle(0.5)


def dialog_drawn(text: str) -> bool:
    """A permission dialog, complete: the question, the options and the key footer."""
    return PROCEED in text and "1. Yes" in text and "Esc to cancel" in text


def submit(run: Run, prompt: str) -> tuple[float, float]:
    """Type a prompt, press Enter; return (when Enter was sent, the working latency)."""
    t = run.term
    t.type(prompt.encode())
    t.pump(0.4)
    mark = t.offset
    sent = t.press(b"\r")
    working = t.wait_state("working", 10, since=mark)
    latency = working.t - sent
    run.note(f"working after Enter: {latency * 1000:.0f} ms")
    return sent, latency


def wait_blocked_permission(run: Run, since: int, what: str) -> tuple[float, str]:
    """Wait for the dialog to be drawn and the blocked report; return (latency, msg)."""
    t = run.term
    drawn = t.wait_screen(dialog_drawn, 30)
    blocked = t.wait_state("blocked:permission", 10, since=since)
    latency = blocked.t - drawn
    run.note(f"blocked ({what}) after the dialog was drawn: {latency * 1000:.0f} ms"
             + (" (the report came first)" if latency < 0 else ""))
    return latency, blocked.report.msg or ""


def turn_end(run: Run, since: int) -> float:
    """Wait for the finished turn on screen and the done report; return the latency."""
    t = run.term
    ended = t.wait_screen(lambda s: TURN_END.search(s) is not None
                          and PROMPT.search(s) is not None, 40)
    done = t.wait_state("done", 10, since=since)
    latency = done.t - ended
    run.note(f"done after the turn's end was drawn: {latency * 1000:.0f} ms"
             + (" (the report came first)" if latency < 0 else ""))
    return latency


def leave(run: Run) -> int:
    """Exit Claude Code (Ctrl-C twice at the empty composer); return wrap's status."""
    t = run.term
    t.press(b"\x03")
    t.pump(0.4)
    t.press(b"\x03")
    return t.wait(20)


def assert_one_record(run: Run) -> None:
    """Every report wrap wrote is for wrap's own record: no report without an id (the
    agent's own `clear` would wipe every record of the pane), none for another record."""
    for s in run.term.seen():
        assert s.report.id == RECORD, (s.report, run.term.labels())


def assert_cleared_and_exited(run: Run, status: int) -> None:
    """The last report removes wrap's record; wrap exits with Claude Code's status."""
    reps = run.term.seen()
    assert reps[-1].report == Report("clear", id=RECORD), run.term.labels()
    assert status == 0, run.log_text()


# --------------------------------------------------------------------------- scenarios

BASH_SLOW = "sleep 2 && echo finished > out.txt"


def bash_steps() -> list[Step]:
    # The model takes a moment before each answer, as a real one does: a working phase
    # shorter than the emitter's coalescing window (100 ms) is rightly never reported.
    return [
        ToolUse("Bash", {"command": BASH_SLOW, "description": "Write the out file"},
                text="I will run the command.", pause=1.0),
        Text("The command finished and wrote out.txt."),
    ]


def test_prompt_permission_approve_done_exit() -> None:
    with start(bash_steps()) as run:
        t = run.term
        composer_ready(t)
        assert t.labels() == ["idle"], t.labels()
        mark = t.offset
        _, working_latency = submit(run, "run the slow command")
        assert working_latency <= WORKING_BOUND
        latency, msg = wait_blocked_permission(run, mark, "Bash")
        assert latency <= BLOCKED_BOUND
        assert BASH_SLOW in msg, msg
        t.settle(0.3)
        assert t.labels(mark)[-1] == "blocked:permission", t.labels(mark)
        # Approve: the dialog wants Enter on "1. Yes".
        approved = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 5, since=approved)
        run.note(f"working after the approval: {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        turn_end(run, approved)
        after = t.labels(approved)
        assert after == ["working", "done"], after
        assert (Path(run.sb.work) / "out.txt").read_text() == "finished\n"
        status = leave(run)
        assert_one_record(run)
        assert_cleared_and_exited(run, status)
        assert t.labels() == ["idle", "working", "blocked:permission", "working", "done",
                              "clear"], t.labels()


def test_refusing_with_esc_goes_back_to_idle() -> None:
    steps: list[Step] = [
        ToolUse("Bash", {"command": "rm -rf build", "description": "Remove the build directory"},
                pause=1.0),
        Text("Understood."),
    ]
    with start(steps) as run:
        t = run.term
        composer_ready(t)
        mark = t.offset
        submit(run, "clean the build")
        latency, msg = wait_blocked_permission(run, mark, "Bash rm")
        assert latency <= BLOCKED_BOUND
        assert "rm -rf build" in msg, msg
        t.settle(0.3)
        refused = t.offset
        sent = t.press(b"\x1b")
        t.wait_screen(lambda s: PROCEED not in s and PROMPT.search(s) is not None, 15)
        idle = t.wait_state("idle", 5, since=refused)
        run.note(f"idle after Esc at the dialog: {(idle.t - sent) * 1000:.0f} ms")
        t.pump(2.5)  # anything stale would show up now
        after = t.labels(refused)
        assert after == ["idle"], after
        assert "done" not in after and "blocked:permission" not in after
        status = leave(run)
        assert_one_record(run)
        assert_cleared_and_exited(run, status)


def test_resize_while_blocked_stays_blocked() -> None:
    with start(bash_steps()) as run:
        t = run.term
        composer_ready(t)
        mark = t.offset
        submit(run, "run the slow command")
        latency, _ = wait_blocked_permission(run, mark, "Bash, before the resize")
        assert latency <= BLOCKED_BOUND
        t.settle(0.3)
        resized = t.offset
        t.resize(30, 100)
        t.wait_screen(dialog_drawn, 10)
        t.settle(1.0)
        t.resize(40, 120)
        t.wait_screen(dialog_drawn, 10)
        t.settle(1.5)
        # Still blocked, nothing else was said in between, one record only.
        assert t.labels(resized) in ([], ["blocked:permission"]), t.labels(resized)
        assert t.labels()[-1] == "blocked:permission", t.labels()
        assert_one_record(run)
        approved = t.offset
        t.press(b"\r")
        t.wait_state("working", 5, since=approved)
        turn_end(run, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        status = leave(run)
        assert_one_record(run)
        assert_cleared_and_exited(run, status)


PLAN = "# Plan\n\n1. Add a greeting function to hello.py.\n2. Print the greeting."


def test_plan_mode_approval() -> None:
    steps: list[Step] = [
        ToolUse("ExitPlanMode", {"plan": PLAN}, text="Here is my plan.", pause=1.0),
        Text("Leaving plan mode.", pause=1.5),
    ]
    with start(steps) as run:
        t = run.term
        composer_ready(t)
        for _ in range(6):  # shift+tab cycles the modes: manual -> accept edits -> plan
            if "plan mode on" in t.screen():
                break
            t.press(b"\x1b[Z")
            t.pump(0.8)
        composer_ready(t, "plan mode on")
        mark = t.offset
        submit(run, "plan a greeting")
        dialog = re.compile(r"Would you like to proceed|Ready to code|Exit plan mode\?")
        drawn = t.wait_screen(lambda s: dialog.search(s) is not None
                              and re.search(r"(?m)^\s*❯ 1\.", s) is not None, 30)
        blocked = t.wait_report(lambda s: s.report.state == "blocked", 10, since=mark)
        run.note(f"blocked (plan approval) after the dialog was drawn: "
                 f"{(blocked.t - drawn) * 1000:.0f} ms")
        assert blocked.report.kind in ("permission", "question"), blocked.label
        assert blocked.t - drawn <= BLOCKED_BOUND
        t.settle(0.5)
        assert t.labels(mark)[-1].startswith("blocked"), t.labels(mark)
        approved = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 5, since=approved)
        run.note(f"working after the plan approval: {(working.t - sent) * 1000:.0f} ms")
        turn_end(run, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        status = leave(run)
        assert_one_record(run)
        assert_cleared_and_exited(run, status)


def test_long_silent_model_stays_working() -> None:
    steps: list[Step] = [Text("Thought about it for a while.", pause=8.0)]
    with start(steps) as run:
        t = run.term
        composer_ready(t)
        mark = t.offset
        sent, latency = submit(run, "think about it for a while")
        assert latency <= WORKING_BOUND
        run.api.wait_for("request", step=0, timeout=20)
        t.pump(7.0)  # the model is silent all this time
        assert t.labels(mark) == ["working"], t.labels(mark)
        turn_end(run, mark)
        assert t.labels(mark) == ["working", "done"], t.labels(mark)
        run.note(f"turn with an 8 s silent model: {time.monotonic() - sent:.1f} s")
        status = leave(run)
        assert_cleared_and_exited(run, status)


def test_native_hooks_and_screen_fused_into_wraps_record() -> None:
    with start(bash_steps()) as run:
        t = run.term
        composer_ready(t)
        mark = t.offset
        submit(run, "run the slow command")
        wait_blocked_permission(run, mark, "Bash")
        t.settle(0.3)
        approved = t.offset
        t.press(b"\r")
        turn_end(run, approved)
        status = leave(run)
        assert status == 0
        # The terminal saw exactly one 7501 probe (wrap's own): Claude's went to wrap.
        probes = [q for q in t.queries if q.startswith(b"\x1b]7501")]
        assert len(probes) == 1, t.queries
        # No report without wrap's id ever reached the terminal: Claude Code's own
        # `state=clear` (no id) on exit would clear every record of the pane.
        assert_one_record(run)
        sequences = OSC7501.findall(t.output)
        assert len(sequences) == len(t.seen()) + 1, sequences  # reports, and the probe
        assert b"state=clear" in sequences[-1] and b"id=" + RECORD.encode() in sequences[-1]
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
        blocked = [s for s in states if s.label == "blocked:permission"]
        assert blocked and BASH_SLOW in blocked[0].msg, states


def test_screen_alone_without_hooks_or_native_reports() -> None:
    """What a Claude Code that does not report (older than 2.1.295, or with its status
    reports turned off) gets: the screen rules alone decide, within the same bounds."""
    with start(bash_steps(), wrap_args=("--no-hooks",),
               env={"CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1"}) as run:
        t = run.term
        composer_ready(t)
        mark = t.offset
        _, working_latency = submit(run, "run the slow command")
        assert working_latency <= WORKING_BOUND
        latency, msg = wait_blocked_permission(run, mark, "Bash, screen alone")
        assert latency <= BLOCKED_BOUND
        assert BASH_SLOW in msg or "Write the out file" in msg, msg
        t.settle(0.3)
        approved = t.offset
        sent = t.press(b"\r")
        working = t.wait_state("working", 5, since=approved)
        run.note(f"working after the approval (screen alone): {(working.t - sent) * 1000:.0f} ms")
        assert working.t - sent <= WORKING_BOUND
        turn_end(run, approved)
        assert t.labels(approved) == ["working", "done"], t.labels(approved)
        status = leave(run)
        assert_one_record(run)
        assert_cleared_and_exited(run, status)
        signals = {s.signal for s in log_states(run.log)}
        assert not signals & {"hook", "native"}, signals


# --------------------------------------------------------------------------- answer

def test_answer_by_label_and_by_number_and_a_stale_dialog_is_refused() -> None:
    steps: list[Step] = [
        ToolUse("Bash", {"command": "echo one > one.txt", "description": "Write one"},
                pause=1.0),
        ToolUse("Bash", {"command": "rm -rf build", "description": "Remove the build directory"},
                pause=1.0),
        Text("Understood, I left the build directory alone."),
    ]
    with start(steps) as run:
        t = run.term
        (Path(run.sb.work) / "build").mkdir()
        composer_ready(t)
        mark = t.offset
        submit(run, "write one, then clean the build")
        wait_blocked_permission(run, mark, "Bash one")
        first = listed_dialog(run, RECORD, lambda d: "echo one" in d["question"])
        labels = [o["label"] for o in first["options"]]
        run.note(f"options read from the live screen: {labels}")
        assert labels[0] == "Yes" and labels[-1] == "No" and len(labels) >= 3
        assert first["options"][0]["selected"] is True
        r = osc7501wrap(run, "answer", RECORD, "yes", "--dialog", first["id"])
        assert (r.returncode, r.stdout) == (0, "answered 1. Yes\n"), r.stderr
        second = listed_dialog(run, RECORD, lambda d: "rm -rf build" in d["question"], 30)
        assert (Path(run.sb.work) / "one.txt").read_text() == "one\n"  # it proceeded
        # the first dialog is gone: answering it again is refused, the new one named
        r = osc7501wrap(run, "answer", RECORD, "1", "--dialog", first["id"])
        assert r.returncode == 1, r.stdout
        assert "the dialog changed: it now asks" in r.stderr and "rm -rf build" in r.stderr
        no = next(o["number"] for o in second["options"] if o["label"] == "No")
        r = osc7501wrap(run, "answer", RECORD, str(no), "--dialog", second["id"])
        assert (r.returncode, r.stdout) == (0, f"answered {no}. No\n"), r.stderr
        t.wait_screen(lambda s: PROCEED not in s and PROMPT.search(s) is not None, 20)
        assert (Path(run.sb.work) / "build").is_dir()  # refused as chosen
        r = osc7501wrap(run, "answer", RECORD, "1")
        assert r.returncode == 1 and "is not blocked" in r.stderr, r.stderr
        status = leave(run)
        assert_cleared_and_exited(run, status)
