"""Classifier timing: settle, max wait, the working->idle hold, blocked first, no idle wake-ups.

A fake clock and scripted screens drive the real rules engine with a small manifest.
"""

from __future__ import annotations

import pytest

from osc7501wrap import rules
from osc7501wrap.fusion.classifier import Classifier, ScreenReading, marks_interrupts, marks_turns

MANIFEST = r'''
[manifest]
name = "fake"
version = "1.2"
app = "fake-agent"

[[rule]]
id = "dialog"
state = "blocked"
kind = "permission"
region = "screen"
line_regex = ['Do you want to proceed\?']
msg_line = '^\s*(?P<msg>(?:Bash|Edit)\(.*\))\s*$'

[[rule]]
id = "api_error"
state = "error"
region = "bottom:5"
contains = "API Error"
msg = "first"

[[rule]]
id = "spinner"
state = "working"
region = "bottom:5"
line_regex = ['^[✻✶·✢] \S+… \(\d+s']
msg_line = '^[✻✶·✢] (?P<msg>\S+…)'

[[rule]]
id = "turn_done"
state = "idle"
region = "bottom:5"
line_regex = ['^✻ Worked for \d+s']
visible = true

[[rule]]
id = "prompt"
state = "idle"
region = "bottom:3"
line_regex = ['^❯']
'''

PROMPT = ["─" * 20, "❯ ", "─" * 20]


@pytest.fixture(scope="module")
def manifest() -> rules.Manifest:
    return rules.parse_manifest_text(MANIFEST)


class FakeScreen:
    """The screen model: lines plus a count of snapshots taken."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.snapshots = 0

    def snapshot(self) -> rules.Snapshot:
        self.snapshots += 1
        return rules.Snapshot(list(self.lines))


def spinner(sec: int, glyph: str = "✻") -> list[str]:
    return ["output", f"{glyph} Cogitating… ({sec}s · esc to interrupt)", *PROMPT]


def drive(clf: Classifier, screen: FakeScreen, script: list[tuple[float, list[str]]],
          until: float) -> list[tuple[float, ScreenReading]]:
    """Run the session loop: screen updates at scripted times, steps at every due time."""
    out: list[tuple[float, ScreenReading]] = []
    events = sorted(script, key=lambda e: e[0])
    i = 0
    while True:
        due = clf.next_deadline(0.0)
        nxt = events[i][0] if i < len(events) else None
        cands = [t for t in (due, nxt) if t is not None]
        if not cands:
            break
        t = min(cands)
        if t > until:
            break
        while i < len(events) and events[i][0] <= t:
            screen.lines = list(events[i][1])
            clf.screen_changed(events[i][0])
            i += 1
        due = clf.next_deadline(0.0)
        if due is not None and due <= t:
            r = clf.step(t, screen.snapshot)
            if r is not None:
                out.append((t, r))
    return out


def states(readings: list[tuple[float, ScreenReading]]) -> list[str]:
    return [r.state for _, r in readings]


def test_first_reading_is_published_after_settle(manifest: rules.Manifest) -> None:
    clf = Classifier(manifest)
    screen = FakeScreen(PROMPT)
    clf.screen_changed(0.0)
    assert clf.next_deadline(0.0) == pytest.approx(0.04)
    assert clf.step(0.01, screen.snapshot) is None
    assert screen.snapshots == 0  # not due: no snapshot taken
    r = clf.step(0.04, screen.snapshot)
    assert r is not None and r.state == "idle" and r.rule_id == "prompt"
    assert r.manifest_version == "1.2" and r.detail == "prompt@1.2" and r.since == 0.04
    assert not r.visible


def test_spinner_flicker_never_produces_working_idle_working(manifest: rules.Manifest) -> None:
    # A 10 Hz spinner whose line vanishes for one frame in five (a redraw gap), for 5 s.
    script: list[tuple[float, list[str]]] = [(0.0, PROMPT)]
    for k in range(1, 50):
        t = round(k * 0.1, 3)
        script.append((t, PROMPT if k % 5 == 0 else spinner(k // 10, "✻✶✢·"[k % 4])))
    # the turn really ends at 5.0 (spinner gone, prompt only, no visible marker)
    script.append((5.0, PROMPT))
    clf = Classifier(manifest)
    screen = FakeScreen([])
    readings = drive(clf, screen, script, until=8.0)
    assert states(readings) == ["idle", "working", "idle"]
    t_idle = readings[-1][0]
    assert 5.0 + 0.7 <= t_idle <= 5.0 + 0.7 + 0.05  # held, then published at once


def test_visible_idle_marker_skips_the_hold(manifest: rules.Manifest) -> None:
    script = [(0.0, spinner(1)), (1.0, ["✻ Worked for 12s", *PROMPT])]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=3.0)
    assert states(readings) == ["working", "idle"]
    t, r = readings[1]
    assert r.visible and r.rule_id == "turn_done"
    assert t == pytest.approx(1.04)


def test_dialog_is_blocked_on_first_due_step_even_while_spinner_runs(
        manifest: rules.Manifest) -> None:
    dialog = ["Bash command", "  Bash(rm -rf build)", "Do you want to proceed?",
              "❯ 1. Yes", "  2. No"]
    script: list[tuple[float, list[str]]] = []
    for k in range(30):  # the spinner redraws every 20 ms: output never settles
        t = round(k * 0.02, 3)
        script.append((t, spinner(k) if t < 0.3 else dialog + spinner(k)))
    clf = Classifier(manifest)
    screen = FakeScreen([])
    readings = drive(clf, screen, script, until=1.0)
    assert states(readings) == ["working", "blocked"]
    t, r = readings[1]
    assert r.kind == "permission" and r.msg == "Bash(rm -rf build)"
    # first change showing the dialog at 0.30; evaluated no later than max_wait after it
    assert 0.3 <= t <= 0.3 + 0.1 + 1e-9


def test_blocked_is_never_held_and_idle_after_blocked_is_not_held(
        manifest: rules.Manifest) -> None:
    dialog = ["Do you want to proceed?", "❯ 1. Yes"]
    script = [(0.0, spinner(1)), (1.0, dialog), (2.0, PROMPT)]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=4.0)
    assert [(round(t, 3), r.state) for t, r in readings] == [
        (0.04, "working"), (1.04, "blocked"), (2.04, "idle")]


def test_no_match_keeps_state_and_is_recorded(manifest: rules.Manifest) -> None:
    script = [(0.0, spinner(1)), (1.0, ["something else entirely"])]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=3.0)
    assert states(readings) == ["working"]
    assert clf.published is not None and clf.published.state == "working"
    info = clf.explain()
    assert info["matched"] is False
    assert info["published"]["state"] == "working"  # type: ignore[index]


def test_no_match_during_hold_does_not_cancel_it(manifest: rules.Manifest) -> None:
    script = [(0.0, spinner(1)), (1.0, PROMPT), (1.2, ["garbage"]), (1.4, PROMPT)]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=3.0)
    assert states(readings) == ["working", "idle"]
    assert readings[1][0] == pytest.approx(1.04 + 0.7)


def test_hold_expiry_with_unsettled_output_reads_the_screen_again(
        manifest: rules.Manifest) -> None:
    clf = Classifier(manifest)
    screen = FakeScreen(spinner(1))
    clf.screen_changed(0.0)
    assert clf.step(0.04, screen.snapshot).state == "working"  # type: ignore[union-attr]
    screen.lines = PROMPT
    clf.screen_changed(1.0)
    assert clf.step(1.04, screen.snapshot) is None  # idle held
    assert clf.lingering and clf.next_deadline(0.0) == pytest.approx(1.74)
    # The spinner is back just before the hold ends; the step at the hold's end must
    # look again rather than publish the stale idle.
    screen.lines = spinner(2)
    clf.screen_changed(1.735)
    assert clf.step(1.74, screen.snapshot) is None
    assert not clf.lingering
    assert clf.published is not None and clf.published.state == "working"


def test_an_unchanged_screen_asks_for_no_wake_up(manifest: rules.Manifest) -> None:
    """Once a change is evaluated and no hold waits, nothing is due (a silent session
    has no timer); a step anyway (another part's tick) takes no snapshot."""
    clf = Classifier(manifest)
    screen = FakeScreen(PROMPT)
    clf.screen_changed(0.0)
    assert clf.next_deadline(0.0) == pytest.approx(clf.settle)
    clf.step(0.04, screen.snapshot)
    assert screen.snapshots == 1
    assert clf.next_deadline(0.04) is None
    for t in (1.0, 10.0, 100.0):
        assert clf.step(t, screen.snapshot) is None
        assert clf.next_deadline(t) is None
    assert screen.snapshots == 1 and clf.evaluations == 1
    clf.screen_changed(200.0)  # a change is due again once it settles
    assert clf.next_deadline(200.0) == pytest.approx(200.0 + clf.settle)


def test_max_wait_bounds_latency_under_continuous_output(manifest: rules.Manifest) -> None:
    clf = Classifier(manifest)
    screen = FakeScreen(PROMPT)
    clf.screen_changed(0.0)
    clf.screen_changed(0.03)
    clf.screen_changed(0.06)
    assert clf.next_deadline(0.0) == pytest.approx(clf.max_wait)  # not 0.06 + 0.04
    assert clf.step(clf.max_wait - 0.001, screen.snapshot) is None and screen.snapshots == 0
    assert clf.step(clf.max_wait, screen.snapshot) is not None and screen.snapshots == 1


def test_new_dialog_message_is_news_spinner_text_is_not(manifest: rules.Manifest) -> None:
    d1 = ["  Bash(ls)", "Do you want to proceed?"]
    d2 = ["  Bash(make)", "Do you want to proceed?"]
    script = [(0.0, spinner(1)), (0.5, spinner(2, "✶")), (1.0, d1), (2.0, d2)]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=3.0)
    assert [(r.state, r.msg) for _, r in readings] == [
        ("working", "Cogitating…"), ("blocked", "Bash(ls)"), ("blocked", "Bash(make)")]


def test_error_rule_publishes_immediately(manifest: rules.Manifest) -> None:
    script = [(0.0, spinner(1)), (1.0, ["API Error: 529 overloaded", *PROMPT])]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=2.0)
    assert states(readings) == ["working", "error"]
    assert readings[1][1].msg == "API Error: 529 overloaded"


def test_nothing_due_before_first_change(manifest: rules.Manifest) -> None:
    clf = Classifier(manifest)
    screen = FakeScreen(PROMPT)
    assert clf.next_deadline(0.0) is None
    assert clf.step(5.0, screen.snapshot) is None
    assert screen.snapshots == 0 and clf.published is None


def test_turn_marker_and_late_visible_marker_is_published(manifest: rules.Manifest) -> None:
    assert marks_turns(manifest)
    no_marker = rules.parse_manifest_text(
        '[manifest]\nname = "x"\nversion = "1"\n\n[[rule]]\nid = "interrupted"\n'
        'state = "idle"\ninterrupt = true\nregion = "screen"\ncontains = "Interrupted"\n'
        'visible = true\n')
    assert not marks_turns(no_marker)
    # the prompt comes back first (held, then published), the marker line a bit later
    script = [(0.0, spinner(1)), (1.0, PROMPT), (2.0, ["✻ Worked for 3s", *PROMPT]),
              (3.0, ["✻ Worked for 3s", "more", *PROMPT])]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=5.0)
    assert [(r.state, r.rule_id, r.visible) for _, r in readings] == [
        ("working", "spinner", False), ("idle", "prompt", False), ("idle", "turn_done", True)]
    assert all(r.turn_marker for _, r in readings)


def test_dialog_gone_without_any_match_is_published_as_no_state(
        manifest: rules.Manifest) -> None:
    dialog = ["Do you want to proceed?", "❯ 1. Yes"]
    # answered at 2.0; the program prints something no rule knows (not even a prompt)
    script = [(0.0, spinner(1)), (1.0, dialog), (2.0, ["got y", "compiling"]),
              (5.0, dialog), (5.5, ["half drawn"]), (5.6, dialog)]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=8.0)
    assert [(round(t, 2), r.state) for t, r in readings] == [
        (0.04, "working"), (1.04, "blocked"), (2.29, None), (5.04, "blocked")]
    gone = readings[2][1]
    assert gone.detail == "no rule matched@1.2" and not gone.visible
    # a working screen that stops matching keeps working (only a dialog must not linger)
    clf2 = Classifier(manifest)
    assert states(drive(clf2, FakeScreen([]), [(0.0, spinner(1)), (1.0, ["??"])],
                        until=5.0)) == ["working"]


def test_a_dialog_whose_screen_was_left_is_gone_at_once(manifest: rules.Manifest) -> None:
    """A dialog read on the alternate screen is gone at the first settled look after the
    program left that screen (it exits, or hands its screen to a shell or an editor),
    with no gone_linger: its going has a cause. On the same screen, a look that reads no
    rule waits out gone_linger (a half-drawn frame)."""
    dialog = ["Do you want to proceed?", "  1. Yes"]

    def run(left: bool) -> list[tuple[float, str | None]]:
        clf = Classifier(manifest)
        shown: dict[str, object] = {"lines": dialog, "alt": True}

        def snap() -> rules.Snapshot:
            return rules.Snapshot(list(shown["lines"]), alt_screen=bool(shown["alt"]))

        out = []
        for t, lines, alt in [(1.0, dialog, True), (2.0, ["Goodbye!"], not left)]:
            shown["lines"], shown["alt"] = lines, alt
            clf.screen_changed(t)
            while (due := clf.next_deadline(t)) is not None and due < t + 0.9:
                r = clf.step(due, snap)
                if r is not None:
                    out.append((round(due, 2), r.state))
        return out

    assert run(left=True) == [(1.04, "blocked"), (2.04, None)]
    assert run(left=False) == [(1.04, "blocked"), (2.29, None)]


def test_interrupt_marker(manifest: rules.Manifest) -> None:
    assert not marks_interrupts(manifest)  # no idle rule about an interrupt
    shows = rules.parse_manifest_text(
        '[manifest]\nname = "x"\nversion = "1"\n\n[[rule]]\nid = "prompt_cut"\n'
        'state = "idle"\ninterrupt = true\nregion = "screen"\ncontains = "^C"\n\n'
        '[[rule]]\nid = "prompt"\nstate = "idle"\nregion = "screen"\ncontains = ">"\n')
    assert marks_interrupts(shows) and not marks_turns(shows)
    # the field says it, not the id
    named = rules.parse_manifest_text(
        '[manifest]\nname = "x"\nversion = "1"\n\n[[rule]]\nid = "interrupted"\n'
        'state = "idle"\nregion = "screen"\ncontains = "^C"\n')
    assert not marks_interrupts(named)
    clf = Classifier(shows)
    r = drive(clf, FakeScreen([]), [(0.0, ["> "])], until=1.0)[0][1]
    assert r.interrupt_marker and not r.turn_marker
    r = drive(Classifier(manifest), FakeScreen([]), [(0.0, PROMPT)], until=1.0)[0][1]
    assert not r.interrupt_marker and r.turn_marker


def test_shown_from_is_the_first_change_that_showed_the_state(
        manifest: rules.Manifest) -> None:
    # A visible marker: published after settle, shown from the change that drew it.
    readings = drive(Classifier(manifest), FakeScreen([]),
                     [(0.0, spinner(1)), (1.0, ["✻ Worked for 12s", *PROMPT])], until=3.0)
    assert [(r.state, r.since, r.shown_from) for _, r in readings] == [
        ("working", pytest.approx(0.04), 0.0), ("idle", pytest.approx(1.04), 1.0)]
    # A held idle: published 0.7 s later, shown from when it was first drawn; a frame no
    # rule knows in between breaks it (shown again from then on).
    readings = drive(Classifier(manifest), FakeScreen([]),
                     [(0.0, spinner(1)), (1.0, PROMPT), (1.1, spinner(1)), (1.2, PROMPT)],
                     until=3.0)
    assert [(r.state, r.shown_from) for _, r in readings] == [("working", 0.0), ("idle", 1.2)]
    readings = drive(Classifier(manifest), FakeScreen([]),
                     [(0.0, spinner(1)), (1.0, PROMPT), (1.2, ["garbage"]), (1.4, PROMPT)],
                     until=3.0)
    assert [(r.state, r.shown_from) for _, r in readings] == [("working", 0.0), ("idle", 1.4)]
    # A spinner redrawing every 20 ms, then a dialog: shown from a change after the last
    # evaluation that still read working, and no later than the change that drew it.
    dialog = ["  Bash(ls)", "Do you want to proceed?"]
    script = [(round(k * 0.02, 3), spinner(k) if k < 15 else dialog + spinner(k))
              for k in range(30)]
    clf = Classifier(manifest)
    readings = drive(clf, FakeScreen([]), script, until=1.0)
    t, r = readings[-1]
    assert r.state == "blocked" and r.shown_from is not None
    assert t - 0.1 < r.shown_from <= 0.3
    # The same state with a new message keeps the time the state was first shown.
    d2 = ["  Bash(make)", "Do you want to proceed?"]
    readings = drive(Classifier(manifest), FakeScreen([]),
                     [(0.0, spinner(1)), (1.0, dialog), (2.0, d2)], until=3.0)
    assert [(r.msg, r.shown_from) for _, r in readings] == [
        ("Cogitating…", 0.0), ("Bash(ls)", 1.0), ("Bash(make)", 1.0)]


def test_confirm_settles_a_frame_that_reads_as_published(manifest: rules.Manifest) -> None:
    """A spinner frame under a published `working` is done with at once (no settle);
    anything that would change the published state waits for its settle, and the
    settled evaluation publishes it as before."""
    clf = Classifier(manifest)
    screen = FakeScreen(spinner(1))
    clf.screen_changed(0.0)
    assert clf.step(0.04, screen.snapshot).state == "working"  # type: ignore[union-attr]
    screen.lines = spinner(2, "✶")
    clf.screen_changed(0.1)
    assert clf.confirm(0.1, screen.snapshot)
    assert clf.next_deadline(0.1) is None  # nothing left to do
    assert clf.evaluations == 2 and clf.last_eval_at == 0.1
    # a dialog: not confirmed, still pending, published once settled
    screen.lines = ["Do you want to proceed?", " Bash(rm -rf build)", *PROMPT]
    clf.screen_changed(0.2)
    assert not clf.confirm(0.2, screen.snapshot)
    due = clf.next_deadline(0.0)
    assert due == pytest.approx(0.24)
    r = clf.step(due, screen.snapshot)
    assert r is not None and r.state == "blocked" and r.msg == "Bash(rm -rf build)"
    # the dialog gone and nothing matching: the end of a dialog waits for its settle too
    screen.lines = ["output only"]
    clf.screen_changed(0.5)
    assert not clf.confirm(0.5, screen.snapshot)
    # working -> idle starts a hold: never settled here either
    clf2 = Classifier(manifest)
    screen2 = FakeScreen(spinner(1))
    clf2.screen_changed(0.0)
    clf2.step(0.04, screen2.snapshot)
    screen2.lines = PROMPT
    clf2.screen_changed(0.1)
    assert not clf2.confirm(0.1, screen2.snapshot) and not clf2.lingering


def test_confirm_of_a_screen_nothing_matches(manifest: rules.Manifest) -> None:
    clf = Classifier(manifest)
    screen = FakeScreen(["plain output"])
    clf.screen_changed(0.0)
    assert clf.confirm(0.0, screen.snapshot)  # nothing published, nothing to publish
    assert clf.published is None and clf.explain()["matched"] is False
