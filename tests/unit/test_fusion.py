"""Fusion: scripted fake-agent timelines through the real Fusion with a fake clock.

Each timeline states the truth (what the agent really was doing, and since when) and the
signals a session would see: screen readings as the classifier publishes them, hook
events, native OSC 7501 reports, foreground changes, Enter, exit. The fused state must
equal the truth everywhere except within 100 ms after each true transition, and must not
change more often than the truth does (no flicker, no duplicates).
"""

from __future__ import annotations

from typing import Any

import pytest

from osc7501wrap.agents.claude import hook_edge
from osc7501wrap.fusion.classifier import ScreenReading
from osc7501wrap.fusion.fusion import Decision, Fusion, exit_message
from osc7501wrap.protocol import Report

TOLERANCE = 0.1


def scr(state: str, rule: str = "rule", *, visible: bool = False, kind: str | None = None,
        msg: str | None = None, interrupt: bool = False) -> ScreenReading:
    return ScreenReading(state=state, kind=kind, msg=msg, rule_id=rule, manifest_version="7",
                         visible=visible, since=0.0, interrupt=interrupt)


Event = tuple[Any, ...]


class Sim:
    """Feeds a script to Fusion in time order, ticking at every due time."""

    def __init__(self, **kw: Any) -> None:
        self.f = Fusion(0.0, **kw)
        self.log: list[Decision] = [self.f.current()]

    def _tick_until(self, t: float) -> None:
        while True:
            due = self.f.next_deadline(0.0)  # the time it decided at is its own
            if due is None or due > t:
                return
            self.f.age(due)
            self.log.extend(self.f.drain())

    def run(self, script: list[Event], until: float) -> Sim:
        for ev in script:
            t, what, *args = ev
            self._tick_until(t)
            if what == "screen":
                r = args[0]
                self.f.screen(ScreenReading(r.state, r.kind, r.msg, r.rule_id,
                                            r.manifest_version, r.visible, t,
                                            interrupt=r.interrupt), t)
            elif what == "hook":
                self.f.hook(hook_edge(args[0], args[1] if len(args) > 1 else {}), t)
            elif what == "native":
                self.f.native(args[0], t)
            elif what == "fg":
                self.f.foreground(args[0], args[1], args[2], t)
            elif what == "enter":
                self.f.input_submitted(t)
            elif what == "exit":
                self.f.exited(args[0], args[1], t)
            else:  # pragma: no cover - a typo in a script
                raise AssertionError(what)
            self.log.extend(self.f.drain())
        self._tick_until(until)
        return self

    def state_at(self, t: float) -> str:
        st = self.log[0].state
        for d in self.log:
            if d.at <= t + 1e-9:
                st = d.state
        return st

    def states(self) -> list[str]:
        return [d.state for d in self.log]

    def check(self, truth: list[tuple[float, str]], until: float) -> None:
        """The fused state equals the truth except within TOLERANCE after a transition."""
        times = [t for t, _ in truth]
        k = 0
        t = 0.0
        while t <= until:
            while k + 1 < len(truth) and truth[k + 1][0] <= t:
                k += 1
            if t >= times[k] + TOLERANCE or k == 0:
                assert self.state_at(t) == truth[k][1], (
                    f"at {t:.2f}: fused {self.state_at(t)!r}, truth {truth[k][1]!r}; "
                    f"log: {[d.describe() for d in self.log]}")
            t = round(t + 0.01, 2)
        fused = [s for i, s in enumerate(self.states()) if i == 0 or s != self.states()[i - 1]]
        assert fused == [s for _, s in truth], [d.describe() for d in self.log]


def ups() -> tuple[str, dict[str, Any]]:
    return ("UserPromptSubmit", {"hook_event_name": "UserPromptSubmit"})


def pre(cmd: str, desc: str | None = None) -> tuple[str, dict[str, Any]]:
    tin = {"command": cmd}
    if desc:
        tin["description"] = desc
    return ("PreToolUse", {"tool_name": "Bash", "tool_input": tin})


def perm(cmd: str) -> tuple[str, dict[str, Any]]:
    return ("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": cmd}})


def post() -> tuple[str, dict[str, Any]]:
    return ("PostToolUse", {"tool_name": "Bash"})


def notif(ntype: str, message: str = "Claude needs your permission to use Bash"
          ) -> tuple[str, dict[str, Any]]:
    return ("Notification", {"notification_type": ntype, "message": message})


def h(t: float, event: tuple[str, dict[str, Any]]) -> Event:
    return (t, "hook", *event)


# --------------------------------------------------------------------------- timelines


def test_esc_interrupt_without_stop_ends_the_turn_as_idle() -> None:
    script = [
        (0.04, "screen", scr("idle", "prompt")),
        h(1.0, ups()), (1.1, "screen", scr("working", "spinner")),
        h(3.0, pre("pytest", "Run the tests")), h(5.0, post()),
        # Esc at 9.0: no hook fires; the screen shows "Interrupted" 50 ms later
        (9.05, "screen", scr("idle", "interrupted", visible=True, interrupt=True)),
    ]
    sim = Sim().run(script, until=40.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (9.0, "idle")], until=40.0)
    last = sim.log[-1]
    assert (last.signal, last.detail) == ("screen", "interrupted@7")


def test_esc_interrupt_seen_as_plain_idle_with_hooks_is_idle_not_done() -> None:
    # The prompt rule is not visible evidence: the classifier published it after its hold.
    script = [
        h(1.0, ups()), (1.1, "screen", scr("working")),
        (9.7, "screen", scr("idle", "prompt")),
    ]
    sim = Sim().run(script, until=20.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (9.7, "idle")], until=20.0)
    # ... and a Stop arriving after all means the turn completed: done.
    sim.run([h(21.0, ("Stop", {}))], until=22.0)
    assert sim.f.current().state == "done"


def test_turn_marker_agent_turn_ended_without_marker_is_idle_and_late_marker_is_done(
        ) -> None:
    # An agent that prints "✻ Worked for 3s" when a turn completes: a turn the screen
    # ends without it was interrupted (Claude Code 2.1.328 shows no "Interrupted" line
    # for a silent model), and the marker drawn a moment later still makes it done.
    f = Fusion(0.0, turn_marker=True)
    f.screen(scr("working"), 1.0)
    f.screen(scr("idle", "composer"), 5.0)
    assert f.current().state == "idle"
    f.screen(scr("idle", "turn_done", visible=True), 5.3)
    assert (f.current().state, f.current().detail) == ("done", "turn_done@7")
    # a new turn, interrupted: no marker ever comes
    f.screen(scr("working"), 10.0)
    f.screen(scr("idle", "composer"), 12.0)
    assert f.current().state == "idle"
    # the marker is also enough when hooks track the turn and Stop has not come yet
    f.hook(hook_edge("UserPromptSubmit", {}), 20.0)
    f.screen(scr("working"), 20.1)
    f.screen(scr("idle", "turn_done", visible=True), 30.0)
    assert f.current().state == "done"


def test_turn_marker_is_taken_from_the_readings() -> None:
    f = Fusion(0.0)
    r = ScreenReading("working", None, None, "spinner", "7", False, 1.0, turn_marker=True)
    f.screen(r, 1.0)
    f.screen(ScreenReading("idle", None, None, "composer", "7", False, 5.0, turn_marker=True),
             5.0)
    assert f.current().state == "idle"
    g = Fusion(0.0)
    g.screen(scr("working"), 1.0)
    g.screen(scr("idle", "composer"), 5.0)
    assert g.current().state == "done"  # no marker in this manifest: the end is the end


def test_stop_with_is_interrupt_is_idle() -> None:
    sim = Sim().run([h(1.0, ups()), h(4.0, ("Stop", {"is_interrupt": True}))], until=6.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (4.0, "idle")], until=6.0)


def test_permission_notification_6s_late_after_approval_is_ignored() -> None:
    script = [
        (0.04, "screen", scr("idle", "prompt")),
        h(1.0, ups()), (1.1, "screen", scr("working")),
        h(2.0, pre("rm -rf build")),
        h(2.025, perm("rm -rf build")),
        (2.05, "screen", scr("blocked", "dialog", kind="permission", msg="Bash(rm -rf build)")),
        # approved at 4.0
        (4.05, "screen", scr("working")),
        h(5.0, post()),
        h(8.025, notif("permission_prompt")),  # 6 s late
        h(12.0, ("Stop", {})), (12.05, "screen", scr("idle", "done", visible=True)),
    ]
    sim = Sim().run(script, until=20.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (2.0, "blocked"), (4.0, "working"),
               (12.0, "done")], until=20.0)
    blocked = [d for d in sim.log if d.state == "blocked"]
    assert len(blocked) == 1
    assert (blocked[0].kind, blocked[0].msg, blocked[0].signal) == (
        "permission", "Bash: rm -rf build", "hook")
    assert any("Notification" in x for x in sim.f.explain()["ignored"])  # type: ignore[union-attr]


def test_late_notification_without_permission_hook_or_screen_dialog() -> None:
    # Neither PermissionRequest nor the screen saw the dialog (2.0 - 4.0). The late
    # Notification must not report a dialog that was answered (PostToolUse at 5.0)...
    script = [
        h(1.0, ups()), (1.1, "screen", scr("working")),
        h(2.0, pre("make")), h(5.0, post()),
        h(3.0, ("PreToolUse", {"tool_name": "Read", "tool_input": {"file_path": "a.py"}})),
        h(8.0, notif("permission_prompt")),
    ]
    sim = Sim().run(sorted(script, key=lambda e: e[0]), until=12.0)
    assert "blocked" not in sim.states()
    # ... but a dialog nothing answered is reported when its Notification arrives.
    script2 = [
        h(1.0, ups()), h(2.0, post()), h(3.0, pre("make deploy")),
        h(9.0, notif("permission_prompt")),
        h(15.0, post()),
    ]
    sim2 = Sim().run(script2, until=16.0)
    sim2.check([(0.0, "idle"), (1.0, "working"), (9.0, "blocked"), (15.0, "working")],
               until=16.0)
    blocked = [d for d in sim2.log if d.state == "blocked"]
    assert [(d.msg, d.detail) for d in blocked] == [
        ("Claude needs your permission to use Bash", "Notification permission_prompt")]


def test_idle_prompt_60s_late_while_a_new_turn_runs() -> None:
    script = [
        h(1.0, ups()), (1.1, "screen", scr("working")),
        h(5.0, ("Stop", {})), (5.75, "screen", scr("idle", "prompt")),
        h(64.0, ups()), (64.1, "screen", scr("working")),
        h(65.0, notif("idle_prompt", "Claude is waiting for your input")),  # for turn 1
        h(80.0, ("Stop", {})),
        h(140.0, notif("idle_prompt", "Claude is waiting for your input")),  # confirms done
    ]
    sim = Sim().run(script, until=150.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (5.0, "done"), (64.0, "working"),
               (80.0, "done")], until=150.0)


def test_subagent_stop_after_the_main_turn_ended() -> None:
    script = [
        h(1.0, ups()),
        h(2.0, ("PreToolUse", {"tool_name": "Task", "tool_input": {"description": "explore"}})),
        h(10.0, ("Stop", {})),
        h(10.4, ("SubagentStop", {"agent_id": "a1"})),
        h(10.5, post()),  # a late post-tool hook must not pin working either
        h(10.6, ("PreToolUse", {"tool_name": "Read", "agent_id": "a1",
                                "tool_input": {"file_path": "x"}})),
    ]
    sim = Sim().run(script, until=20.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (10.0, "done")], until=20.0)


def test_screen_alone_when_hooks_never_fire() -> None:
    script = [
        (0.05, "screen", scr("idle", "prompt")),
        (2.05, "screen", scr("working", "spinner")),
        (5.05, "screen", scr("blocked", "dialog", kind="permission", msg="Bash(ls)")),
        (7.05, "screen", scr("working", "spinner")),
        (12.05, "screen", scr("idle", "worked_for", visible=True)),
        (20.05, "screen", scr("working", "spinner")),
        (25.05, "screen", scr("idle", "interrupted", visible=True, interrupt=True)),  # Esc
        (30.05, "screen", scr("working", "spinner")),
        (32.05, "screen", scr("blocked", "dialog", kind="permission", msg="Bash(rm)")),
        (34.05, "screen", scr("idle", "prompt", visible=True)),  # dialog refused with Esc
    ]
    sim = Sim().run(script, until=40.0)
    sim.check([(0.0, "idle"), (2.0, "working"), (5.0, "blocked"), (7.0, "working"),
               (12.0, "done"), (20.0, "working"), (25.0, "idle"), (30.0, "working"),
               (32.0, "blocked"), (34.0, "idle")], until=40.0)
    first_blocked = next(d for d in sim.log if d.state == "blocked")
    assert (first_blocked.msg, first_blocked.detail) == ("Bash(ls)", "dialog@7")


def test_hooks_alone_when_no_screen_rule_matches() -> None:
    script = [
        h(1.0, ups()),
        h(2.0, pre("npm test", "Run the test suite")),
        h(3.0, perm("npm test")),
        h(6.0, post()),
        h(9.0, ("Stop", {})),
        h(20.0, ups()),
        h(25.0, ("StopFailure", {"error": "rate_limit: try again later"})),
        h(30.0, ups()),
    ]
    sim = Sim().run(script, until=35.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (3.0, "blocked"), (6.0, "working"),
               (9.0, "done"), (20.0, "working"), (25.0, "error"), (30.0, "working")],
              until=35.0)
    by_time = {d.at: d for d in sim.log}
    assert by_time[2.0].msg == "Run the test suite"
    assert by_time[3.0].msg == "Bash: npm test" and by_time[3.0].kind == "permission"
    assert by_time[6.0].msg is None
    assert by_time[25.0].msg == "rate_limit: try again later"
    assert all(d.signal in ("start", "hook") for d in sim.log)


def test_native_reports_fused_into_one_record() -> None:
    approve = "approve Bash: rm x"
    script = [
        (0.4, "native", Report("idle", app="claude-code")),
        (0.45, "screen", scr("idle", "prompt")),
        (1.0, "native", Report("working", app="claude-code")),
        h(1.003, ups()),
        (1.1, "screen", scr("working", "spinner", msg="Cogitating…")),
        (2.0, "native", Report("working", app="claude-code", msg="Delete the file")),
        h(2.003, pre("rm x", "Delete the file")),
        (3.0, "native", Report("blocked", kind="permission", app="claude-code", msg=approve)),
        (3.01, "screen", scr("idle", "prompt")),  # a stale guess from a half-drawn frame
        h(3.025, perm("rm x")),
        (3.03, "screen", scr("blocked", "dialog", kind="permission", msg="Bash(rm x)")),
        (5.0, "native", Report("working", app="claude-code")),
        (5.04, "screen", scr("working", "spinner")),
        h(5.5, post()),
        h(8.975, ("Stop", {})),
        (9.0, "native", Report("done", app="claude-code")),
        (9.05, "screen", scr("idle", "worked_for", visible=True)),
        (9.1, "native", Report("working", id="sub1", app="claude-code")),  # a sub-record
    ]
    sim = Sim().run(script, until=15.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (3.0, "blocked"), (5.0, "working"),
               (8.975, "done")], until=15.0)
    blocked = [d for d in sim.log if d.state == "blocked"]
    assert len(blocked) == 1 and blocked[0].msg == approve and blocked[0].signal == "native"
    working_msgs = [d.msg for d in sim.log if d.state == "working"]
    assert working_msgs == [None, "Delete the file", None]


def test_native_blocked_contradicted_by_newer_visible_screen_is_ignored() -> None:
    f = Fusion(0.0)
    f.native(Report("working"), 1.0)
    f.screen(scr("idle", "worked_for", visible=True), 5.0)
    assert f.current().state == "idle"  # the agent reported the turn, not its end: Esc
    assert f.native(Report("blocked", kind="permission"), 4.9) is None  # dated before it
    assert f.current().state == "idle"
    assert f.native(Report("blocked", kind="permission"), 5.2) is not None
    assert f.current().state == "blocked"


def test_long_silent_working_phase_stays_working() -> None:
    script = [
        (0.04, "screen", scr("idle", "prompt")),
        h(1.0, ups()),
        # nothing at all for 30 s: no screen change, no hook
    ]
    sim = Sim().run(script, until=31.0)
    sim.check([(0.0, "idle"), (1.0, "working")], until=31.0)
    assert sim.f.next_deadline(0.0) is None  # nothing to wake up for
    # Same with a spinner that drew once and froze, and a stale idle guess right after
    # the prompt was submitted (within the screen's own latency).
    sim2 = Sim().run([(0.04, "screen", scr("idle", "prompt")), h(1.0, ups()),
                      (1.1, "screen", scr("idle", "prompt"))], until=31.0)
    sim2.check([(0.0, "idle"), (1.0, "working")], until=31.0)


def test_stale_working_blip_after_stop_does_not_revive_the_turn() -> None:
    script = [
        h(1.0, ups()), (1.1, "screen", scr("working")),
        h(10.0, ("Stop", {})),
        (10.3, "screen", scr("working")),  # a late frame still showing the spinner
        (10.6, "screen", scr("idle", "prompt")),
    ]
    sim = Sim().run(script, until=15.0)
    sim.check([(0.0, "idle"), (1.0, "working"), (10.0, "done")], until=15.0)


def test_edge_guard_then_newer_screen_transition_wins() -> None:
    # A working edge, then the screen (not visible evidence) says the turn ended 0.5 s
    # later: the edge holds for its guard, then the newer screen transition wins.
    script = [(0.04, "screen", scr("working")), h(1.0, ups()),
              (1.5, "screen", scr("idle", "prompt"))]
    sim = Sim().run(script, until=5.0)
    assert [(d.state, d.at) for d in sim.log] == [
        ("idle", 0.0), ("working", 0.04), ("idle", 2.5)]
    assert sim.log[-1].signal == "screen"


def test_blocked_refused_is_idle_and_done_stays_until_next_turn() -> None:
    f = Fusion(0.0)
    f.screen(scr("working"), 1.0)
    f.screen(scr("blocked", kind="question", msg="Which one?"), 2.0)
    assert (f.current().state, f.current().kind) == ("blocked", "question")
    f.screen(scr("idle", "prompt"), 3.0)
    assert f.current().state == "idle"
    f.screen(scr("working"), 4.0)
    f.screen(scr("idle", "prompt"), 6.0)
    assert f.current().state == "done"
    f.screen(scr("idle", "other_idle", visible=True), 7.0)
    assert f.current().state == "done"
    f.screen(scr("error", "api_error", msg="API Error: 529"), 8.0)
    assert (f.current().state, f.current().msg) == ("error", "API Error: 529")
    f.screen(scr("idle", "prompt"), 9.0)
    assert f.current().state == "error"  # stays until the next turn
    f.screen(scr("working"), 10.0)
    assert f.current().state == "working"


def test_dialog_gone_from_screen_lets_the_others_decide() -> None:
    gone = ScreenReading(None, None, None, None, "7", False, 0.0)
    # nothing else known: the dialog was answered and the program carries on: working
    f = Fusion(0.0)
    f.screen(scr("blocked", kind="question", msg="Continue? [y/N]"), 1.0)
    f.screen(gone, 2.3)
    d = f.current()
    assert (d.state, d.signal, d.detail) == ("working", "screen", "no rule matched@7")
    # a job in front of the shell says what happens after the answer
    g = Fusion(0.0)
    g.foreground(10, "bash", True, 0.0)
    g.foreground(20, "python3", False, 0.5)
    g.screen(scr("blocked", kind="question"), 1.0)
    assert g.current().state == "blocked"  # the visible dialog wins over the process
    g.screen(gone, 2.3)
    assert (g.current().state, g.current().signal) == ("working", "process")
    # an edge newer than the dialog decides, too
    h_ = Fusion(0.0)
    h_.hook(hook_edge("UserPromptSubmit", {}), 0.5)
    h_.screen(scr("blocked", kind="permission"), 1.0)
    h_.hook(hook_edge("PostToolUse", {}), 2.0)
    h_.screen(gone, 2.3)
    assert (h_.current().state, h_.current().detail) == ("working", "PostToolUse")


def test_foreground_shell_jobs_and_editors() -> None:
    f = Fusion(0.0)
    f.foreground(100, "-bash", True, 0.1)
    assert f.current().state == "idle" and not f.changed()
    f.foreground(200, "make", False, 1.0)
    assert (f.current().state, f.current().signal, f.current().detail) == (
        "working", "process", "make in front")
    f.foreground(100, "bash", True, 5.0)
    assert f.current().state == "done"
    f.foreground(100, "bash", True, 5.5)  # same again: no change, no event
    f.drain()
    f.foreground(300, "vim", False, 6.0)
    assert f.current().state == "done" and not f.changed()
    f.foreground(400, "cargo", False, 7.0)
    f.foreground(500, "less", False, 8.0)
    assert f.current().state == "idle"  # a pager in front: the user is reading, not done


def test_foreground_editor_inside_an_agent_turn() -> None:
    f = Fusion(0.0, shell=False)
    f.foreground(10, "claude", True, 0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.foreground(20, "nvim", False, 3.0)  # the agent opened an editor: the user types
    assert (f.current().state, f.current().signal) == ("idle", "process")
    f.foreground(10, "claude", True, 9.0)  # back: the turn goes on
    assert f.current().state == "working"


def test_enter_at_prompt_is_working_until_contradicted() -> None:
    sim = Sim().run([(0.04, "screen", scr("idle", "prompt")), (5.0, "enter")], until=10.0)
    # Nothing confirmed the turn (e.g. a slash command): back to idle after the guard.
    assert [(d.state, d.signal) for d in sim.log] == [
        ("idle", "start"), ("working", "input"), ("idle", "screen")]
    assert sim.log[-1].at == pytest.approx(6.5)
    sim2 = Sim().run([(0.04, "screen", scr("idle", "prompt")), (5.0, "enter"),
                      (5.2, "screen", scr("working")), (9.0, "screen", scr("idle", "prompt"))],
                     until=15.0)
    assert [d.state for d in sim2.log] == ["idle", "working", "done"]


def test_enter_reverts_to_done_when_nothing_follows() -> None:
    f = Fusion(0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.hook(hook_edge("Stop", {}), 2.0)
    f.input_submitted(10.0)
    assert f.current().state == "working"
    assert f.next_deadline(0.0) == pytest.approx(11.5)
    f.age(11.5)
    assert f.current().state == "done"


def test_main_agent_tool_call_revives_a_turn_the_screen_ended_too_early() -> None:
    # The screen guessed the turn was over (no marker: an interrupt?), but the agent's
    # own PreToolUse hook - which it waits for before running the tool - says otherwise.
    f = Fusion(0.0, turn_marker=True)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.screen(scr("working"), 1.1)
    f.screen(scr("idle", "composer"), 5.0)
    assert f.current().state == "idle"
    f.hook(hook_edge("PostToolUse", {"tool_name": "Bash"}), 5.2)  # late: ignored
    assert f.current().state == "idle"
    f.hook(hook_edge("PreToolUse", {"tool_name": "Read", "tool_input": {"file_path": "a.py"}}), 6.0)
    assert (f.current().state, f.current().msg) == ("working", "Read: a.py")
    f.hook(hook_edge("Stop", {}), 9.0)
    assert f.current().state == "done"


def test_session_start_and_compaction() -> None:
    f = Fusion(0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.hook(hook_edge("SessionStart", {"source": "compact"}), 2.0)
    assert f.current().state == "working"
    f.hook(hook_edge("Stop", {}), 3.0)
    f.hook(hook_edge("SessionStart", {"source": "clear"}), 4.0)
    assert f.current().state == "idle"


def test_permission_for_a_question_tool_and_elicitation() -> None:
    f = Fusion(0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.hook(hook_edge("PermissionRequest", {"tool_name": "AskUserQuestion",
                                 "tool_input": {"question": "Which database?"}}), 2.0)
    d = f.current()
    assert (d.state, d.kind, d.msg) == ("blocked", "question", "Which database?")
    f.hook(hook_edge("PostToolUse", {}), 3.0)
    f.hook(hook_edge("Notification", {"notification_type": "elicitation_dialog",
                            "message": "MCP server asks"}), 20.0)
    d = f.current()
    assert (d.state, d.kind) == ("blocked", "question")


@pytest.mark.parametrize(("status", "signaled", "state", "msg"), [
    (0, False, "clear", None),
    (0, None, "clear", None),
    (3, False, "error", "exited with status 3"),
    (9, True, "error", "killed by SIGKILL"),
    (137, True, "error", "killed by SIGKILL"),  # shell-style 128+N
    (143, 15, "error", "killed by SIGTERM"),  # the signal number itself
    (1, 99, "error", "killed by signal 99"),
])
def test_exit(status: int, signaled: bool | int | None, state: str, msg: str | None) -> None:
    f = Fusion(0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    d = f.exited(status, signaled, 2.0)
    assert (d.state, d.msg, d.signal) == (state, msg, "exit")
    assert exit_message(status, signaled) == msg
    assert f.drain()[-1] == d
    # nothing changes after the exit
    assert f.hook(hook_edge("UserPromptSubmit", {}), 3.0) is None
    assert f.screen(scr("working"), 3.0) is None
    assert f.current() == d and f.next_deadline(0.0) is None


def test_every_decision_names_its_signal_and_detail() -> None:
    script = [
        (0.4, "native", Report("idle")), (0.5, "screen", scr("idle", "prompt")),
        h(1.0, ups()), (1.1, "screen", scr("working", "spinner")),
        (20.0, "screen", scr("idle", "worked_for", visible=True)),
        (30.0, "exit", 1, False),
    ]
    sim = Sim().run(script, until=31.0)
    for d in sim.log:
        assert d.signal in ("start", "screen", "native", "hook", "process", "input", "exit")
        assert d.detail
    assert sim.log[-2].detail == "worked_for@7"
    assert sim.log[-1].msg == "exited with status 1"
    assert "exited" not in repr(sim.log[-1])  # untrusted text stays out of repr()


def test_screen_fills_in_the_message_of_a_native_dialog_reported_without_one() -> None:
    f = Fusion(0.0)
    f.native(Report("working"), 1.0)
    f.native(Report("blocked", kind="permission"), 2.0)  # Codex 0.169: no msg
    assert (f.current().state, f.current().msg) == ("blocked", None)
    f.screen(scr("blocked", "approval_overlay", kind="permission", msg="$ rm -rf build"), 2.8)
    d = f.current()
    assert (d.state, d.kind, d.msg) == ("blocked", "permission", "$ rm -rf build")
    # but a dialog that already has its words keeps them (no second wording)
    g = Fusion(0.0)
    g.native(Report("working"), 1.0)
    g.native(Report("blocked", kind="permission", msg="approve Bash: ls"), 2.0)
    g.screen(scr("blocked", "permission_dialog", kind="permission", msg="Bash: ls"), 2.1)
    assert g.current().msg == "approve Bash: ls"


def shown(state: str, rule: str, at: float, *, visible: bool = False,
          kind: str | None = None) -> ScreenReading:
    """A reading as the classifier publishes it: first drawn at `at`."""
    return ScreenReading(state=state, kind=kind, msg=None, rule_id=rule, manifest_version="7",
                         visible=visible, since=at, shown_from=at)


def test_a_dialog_outside_any_turn_never_ends_as_done() -> None:
    # A start-up question (folder trust) answered: no turn ran, whatever the screen shows
    # next (Gemini's "◇ Ready" title is visible evidence and counts as a turn marker).
    f = Fusion(0.0, turn_marker=True)
    f.screen(scr("idle", "title_ready", visible=True), 0.5)
    f.screen(scr("blocked", "folder_trust", kind="permission", msg="Trust?"), 1.0)
    assert f.current().state == "blocked"
    f.screen(scr("idle", "title_ready", visible=True), 3.0)
    assert (f.current().state, f.current().detail) == ("idle", "title_ready@7")
    # ... also when the dialog closed onto a screen no rule knew for a while
    g = Fusion(0.0, turn_marker=True)
    g.screen(scr("blocked", "folder_trust", kind="permission"), 1.0)
    g.screen(ScreenReading(None, None, None, None, "7", False, 2.0), 2.0)
    assert g.current().state == "working"  # the program carries on with the answer
    g.screen(scr("idle", "turn_done", visible=True), 4.0)
    assert g.current().state == "idle"
    # But real work after it (the agent starts on a prompt given on its command line) is
    # a turn, and its marker makes it done; so is a turn after the dialog.
    h_ = Fusion(0.0, turn_marker=True)
    h_.screen(scr("blocked", "folder_trust", kind="permission"), 1.0)
    h_.screen(scr("working", "spinner"), 2.0)
    h_.screen(scr("idle", "turn_done", visible=True), 4.0)
    assert h_.current().state == "done"
    f.screen(scr("working", "spinner"), 5.0)
    f.screen(scr("blocked", "tool", kind="permission"), 6.0)
    f.screen(scr("idle", "title_ready", visible=True), 7.0)
    assert f.current().state == "done"  # approved, and the turn completed at once
    # A PermissionRequest hook is a tool's, so a turn's, even with nothing before it.
    k = Fusion(0.0, turn_marker=True)
    k.hook(hook_edge("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": "ls"}}), 1.0)
    k.screen(scr("idle", "turn_done", visible=True), 3.0)
    assert k.current().state == "done"


def test_an_exit_question_after_a_finished_turn_is_no_turn() -> None:
    f = Fusion(0.0, turn_marker=True)
    f.screen(scr("working", "spinner"), 1.0)
    f.screen(scr("idle", "turn_done", visible=True), 2.0)
    assert f.current().state == "done"
    f.screen(scr("blocked", "choice_dialog", kind="question", msg="Exit anyway?"), 3.0)
    f.screen(scr("idle", "turn_done", visible=True), 4.0)  # cancelled: back at the prompt
    assert f.current().state == "idle"


def test_agent_that_shows_interrupts_ends_an_answered_dialog_as_done() -> None:
    # Aider: no turn-end marker, but "^C again to exit" for an interrupt. The prompt back
    # right after an answered question ("n" skips the command, not the turn) is done ...
    f = Fusion(0.0, interrupt_marker=True)
    f.screen(scr("idle", "prompt"), 0.5)
    f.input_submitted(1.0)
    f.screen(scr("blocked", "confirm", kind="permission", msg="Run shell command?"), 1.3)
    f.screen(scr("blocked", "confirm_context", kind="question"), 2.0)
    f.screen(scr("idle", "prompt"), 2.1)  # within the Enter's guard: the dialog spent it
    d = f.current()
    assert (d.state, d.signal, d.detail, d.at) == ("done", "screen", "prompt@7", 2.1)
    # ... and the same after a ^C at the question is idle (the turn was cut short).
    f.input_submitted(3.0)
    f.screen(scr("blocked", "confirm", kind="permission"), 3.3)
    f.screen(scr("idle", "interrupted", visible=True, interrupt=True), 4.0)
    assert f.current().state == "idle"
    # An agent that shows neither keeps "refused": idle (see the test above).
    g = Fusion(0.0)
    g.screen(scr("idle", "prompt"), 0.5)
    g.input_submitted(1.0)
    g.screen(scr("blocked", "confirm", kind="permission"), 1.3)
    g.screen(scr("idle", "prompt"), 2.1)
    assert g.current().state == "idle"
    # Nor does a start-up question of such an agent make anything done.
    k = Fusion(0.0, interrupt_marker=True)
    k.screen(scr("blocked", "confirm", kind="permission", msg="Add .aider* to .gitignore?"),
             1.0)
    k.screen(scr("idle", "prompt"), 2.0)
    assert k.current().state == "idle"


def test_a_dialog_confirms_the_turn_the_enter_started() -> None:
    # Enter, a dialog, answered; the program prints what no rule knows, then its prompt
    # is back: the turn did run (the dialog was its), so it does not revert to the state
    # before the Enter as an unconfirmed one would.
    f = Fusion(0.0, interrupt_marker=True)
    f.screen(scr("idle", "prompt"), 0.5)
    f.input_submitted(1.0)
    f.screen(scr("blocked", "confirm", kind="permission"), 1.3)
    f.screen(ScreenReading(None, None, None, None, "7", False, 2.0), 2.0)
    assert f.current().state == "working"
    f.screen(scr("idle", "prompt"), 3.0)
    assert (f.current().state, f.current().detail) == ("done", "prompt@7")


def test_turn_end_drawn_after_a_native_working_report_wins() -> None:
    # Claude Code reports "working: 1 shell still running" and then, in the same output,
    # draws "✻ Baked for 0s · 1 shell still running": the screen is newer, and a shell
    # left running in the background is not work.
    f = Fusion(0.0, turn_marker=True)
    f.native(Report("working"), 1.0)
    f.native(Report("working", msg="1 shell still running"), 4.0)
    f.screen(shown("idle", "turn_done", 4.0, visible=True), 4.04)
    d = f.current()
    assert (d.state, d.signal) == ("done", "screen")
    # Drawn before the report (the report starts a new turn right after it): the report
    # is newer and holds.
    g = Fusion(0.0, turn_marker=True)
    g.native(Report("working"), 1.0)
    g.native(Report("working", msg="next prompt"), 4.02)
    g.screen(shown("idle", "turn_done", 4.0, visible=True), 4.04)
    assert g.current().state == "working"
    g.age(10.0)
    assert g.current().state == "working"
    # Without knowing when it was drawn, a reading so soon after the report may show
    # older output: the report holds.
    k = Fusion(0.0, turn_marker=True)
    k.native(Report("working"), 1.0)
    k.native(Report("working", msg="1 shell still running"), 4.0)
    k.screen(scr("idle", "turn_done", visible=True), 4.04)
    assert k.current().state == "working"


def test_agent_own_idle_is_an_interrupt_an_older_marker_does_not_make_it_done() -> None:
    # Esc: Claude Code reports idle, then erases the interrupted turn, which leaves the
    # previous turn's "✻ Worked for 3s" as the last line above the composer.
    f = Fusion(0.0, turn_marker=True)
    f.native(Report("working"), 1.0)
    f.screen(shown("working", "spinner", 1.05), 1.1)
    f.native(Report("idle"), 5.0)
    assert f.current().state == "idle"
    f.screen(shown("idle", "turn_done", 5.01, visible=True), 5.05)
    f.age(8.0)
    assert f.current().state == "idle"


def test_the_screen_confirming_the_turn_spends_the_enter() -> None:
    # A short answer: the screen shows the turn working, then its prompt again (published
    # after the classifier's own hold) before the Enter's guard is over: done at once.
    f = Fusion(0.0)
    f.screen(scr("idle", "prompt"), 0.5)
    f.input_submitted(1.0)
    f.screen(shown("working", "prompt_submitted", 1.05), 1.1)
    f.screen(shown("idle", "prompt", 1.3), 2.0)
    d = f.current()
    assert (d.state, d.signal, d.at) == ("done", "screen", 2.0)
    # A working reading from before the Enter confirms nothing and spends nothing.
    g = Fusion(0.0)
    g.screen(scr("idle", "prompt"), 0.5)
    g.input_submitted(1.0)
    g.screen(shown("working", "spinner", 0.9), 1.02)
    g.screen(shown("idle", "prompt", 1.3), 2.0)
    assert g.current().state == "working"  # the Enter holds for its guard


def test_activity_reads_a_plain_program_but_never_overrides_its_own_reports() -> None:
    f = Fusion(0.0)
    f.activity(True, "using CPU", 1.0)
    assert (f.current().state, f.current().signal) == ("working", "process")
    f.activity(False, "quiet for 5 s", 7.0)
    assert f.current().state == "idle"
    g = Fusion(0.0)
    g.native(Report("blocked", kind="permission", msg="approve Bash: ls"), 1.0)
    g.activity(True, "writing output", 1.2)  # its own report says more
    assert g.current().state == "blocked"
    g.activity(False, "quiet for 5 s", 9.0)
    assert g.current().state == "blocked"


def test_a_screen_reading_newer_than_an_activity_sample_outranks_it() -> None:
    """An activity sample says what it saw when it was taken: the Enter and the spinner
    drawn after it outrank an idle sample from before, the composer drawn after the turn
    an older busy sample; a newer sample outranks the screen again. The foreground
    process (an editor in front) is no sample: the screen does not outrank it."""
    f = Fusion(0.0)
    f.screen(shown("idle", "tui_composer", 0.5), 0.6)
    f.activity(False, "the screen shows the composer, still", 1.0)
    f.input_submitted(2.0, wait=True)
    f.input_answered(2.1, took=True)
    f.screen(shown("working", "tui_working", 2.15), 2.2)  # spends the Enter
    assert f.explain()["edge"] is None
    assert f.current().state == "working"  # the screen's, not the idle sample's
    f.activity(True, "the screen shows a turn running", 2.5)
    f.screen(shown("idle", "tui_composer", 9.0), 9.05)
    d = f.current()
    assert (d.state, d.signal, d.at) == ("done", "screen", 9.05)
    f.activity(False, "the screen shows the composer, still", 9.5)
    f.activity(True, "writing output", 10.0)  # newer than the composer's reading
    assert (f.current().state, f.current().signal) == ("working", "process")
    # an editor in front outranks what the screen reads after it
    g = Fusion(0.0)
    g.screen(shown("working", "tui_working", 0.5), 0.6)
    g.foreground(200, "vim", False, 1.0)
    assert (g.current().state, g.current().signal) == ("idle", "process")
    g.screen(shown("idle", "tui_composer", 1.5), 1.55)
    g.screen(shown("working", "tui_working", 2.0), 2.05)
    assert (g.current().state, g.current().signal) == ("idle", "process")


def test_a_busy_sample_handed_again_outranks_a_newer_composer_reading() -> None:
    """A composer drawn while the turn runs, its time counting on: the samples hand busy
    again (`again`) after the screen read the composer anew, and it outranks that
    reading; a busy sample handed again without `again` is no news (the screen's newer
    reading stands)."""
    f = Fusion(0.0)
    f.screen(shown("idle", "tui_composer", 0.5), 0.6)
    f.input_submitted(2.0)
    f.activity(True, "an elapsed time counts", 4.0)
    f.screen(shown("idle", "tui_composer", 5.0), 5.05)  # the composer read anew
    assert f.current().state == "done"
    f.activity(True, "an elapsed time counts", 5.5, again=True)
    assert (f.current().state, f.current().signal) == ("working", "process")
    g = Fusion(0.0)
    g.screen(shown("idle", "tui_composer", 0.5), 0.6)
    g.input_submitted(2.0)
    g.activity(True, "writing output", 4.0)
    g.screen(shown("idle", "tui_composer", 5.0), 5.05)
    g.activity(True, "writing output", 5.5)
    assert g.current().state == "done"


def test_a_program_on_the_fallback_ends_its_start_up_idle() -> None:
    """Before the user's first prompt (`setup`), work the screen ends is the program's
    own start-up: idle, not done; after it, a turn the screen ends is done."""
    f = Fusion(0.0, setup=True)
    f.screen(shown("working", "tui_working", 0.5), 0.55)
    f.screen(shown("idle", "tui_composer", 1.5), 1.55)
    assert f.current().state == "idle"
    f.setup = False
    f.input_submitted(3.0)
    f.screen(shown("working", "tui_working", 3.1), 3.15)
    f.screen(shown("idle", "tui_composer", 5.0), 5.05)
    assert f.current().state == "done"


def test_a_turns_own_sign_ends_the_start_up() -> None:
    """A turn that no Enter started (a prompt given on the command line): its working line
    with an interrupt hint (a visible working rule) ends the start-up, so its end is done;
    a start-up spinner (not visible) does not."""
    f = Fusion(0.0, setup=True)
    f.screen(shown("working", "tui_working", 0.5), 0.55)
    assert f.setup
    f.screen(shown("working", "tui_working_turn", 1.0, visible=True), 1.05)
    assert not f.setup
    f.screen(shown("idle", "tui_composer", 3.0), 3.05)
    assert f.current().state == "done"


def test_nothing_changes_after_the_exit_not_even_a_sample_held_for_an_enter() -> None:
    """A quiet sample held while the user's Enter waits for the screen's answer, then the
    program exits before it answers: the exit is the last decision, however late the
    Enter's wait is aged past (its held sample is not handed on after the exit)."""
    f = Fusion(0.0)
    f.screen(ScreenReading("idle", None, None, "composer", "7", True, 0.5, shown_from=0.5), 0.5)
    assert f.input_submitted(1.0, wait=True) is not None
    assert f.activity(False, "quiet", 3.0) is None  # held: the Enter waits
    d = f.exited(0, None, 5.0)
    assert d.state == "clear"
    assert f.next_deadline(5.0) is None
    for t in (11.5, 20.0, 4.0):  # past the Enter's wait, and a clock gone back
        assert f.age(t) is None
    assert f.explain()["decision"] == d.describe()


def test_a_busy_sample_held_for_an_enter_is_kept_when_a_dialog_spends_it() -> None:
    """A line-mode chat: the user's Enter waits for the screen's answer, a busy sample
    taken meanwhile is held for it, then the program answers the Enter with a dialog
    (which spends it): the held sample is the process's latest word from then on (what
    the program reads as once the dialog is answered and gone, while no rule reads its
    screen), not the quiet sample from before the Enter."""
    f = Fusion(0.0)
    f.screen(shown("idle", "line_chat_prompt", 0.5), 0.55)
    f.activity(False, "the screen shows the composer, still", 1.0)
    f.input_submitted(2.0, wait=True)
    f.activity(True, "its prompt is not back", 2.1)  # held: the Enter waits
    assert f.explain()["process"]["state"] == "idle"
    f.screen(shown("blocked", "yes_no_permission", 3.0), 3.05)
    assert f.current().state == "blocked"
    assert f.explain()["edge"] is None  # spent by the dialog
    process = f.explain()["process"]
    assert (process["state"], process["detail"]) == ("working", "its prompt is not back")
