"""An interrupt's sign drawn a frame after the prompt: the turn ends as idle, not done.

GitHub Copilot CLI 1.0.102 refuses an approval (Esc) by drawing its idle footer first and
"● Operation cancelled by user" about 50 ms later. The classifier publishes the second
frame (an interrupt rule after a plain idle rule is news) and fusion turns the ``done`` it
had just decided into ``idle``; an interrupt sign that shows up later than
``fusion.LATE_INTERRUPT`` after the turn ended, or after a turn a hook ended, leaves
``done`` alone.
"""

from __future__ import annotations

from osc7501wrap import rules
from osc7501wrap.agents.claude import hook_edge
from osc7501wrap.fusion.classifier import Classifier, ScreenReading, interrupt_rules
from osc7501wrap.fusion.fusion import LATE_INTERRUPT, Fusion

WORKDIR = " /tmp/work"
BOX_TOP = "╻" + "▄" * 60
BOX_BOTTOM = "╹" + "▀" * 60
IDLE_FOOTER = " ← open sidebar · Interactive · Manual Approval · / commands · ? help       gpt-4.1"
WORKING_FOOTER = " ◉ Working · 112 B esc esc interrupt                                  gpt-4.1"


def copilot_screen(*transcript: str, footer: str = IDLE_FOOTER) -> rules.Snapshot:
    return rules.Snapshot(["  ❯ clean the build", " $ Shell Remove the build directory",
                           "   rm -rf build", *transcript, WORKDIR, BOX_TOP, "┃", BOX_BOTTOM,
                           footer])


def manifest() -> rules.Manifest:
    found = rules.load_manifests(user_dir=None).get("copilot")
    assert found is not None
    return found


def run_classifier(frames: list[tuple[float, rules.Snapshot]], until: float) -> list[ScreenReading]:
    c = Classifier(manifest())
    out: list[ScreenReading] = []
    shown: rules.Snapshot = frames[0][1]
    times = sorted({t for t, _ in frames} | {round(k * 0.01, 2) for k in range(int(until * 100) + 1)})
    for now in times:
        for t, snap in frames:
            if t == now:
                shown = snap
                c.screen_changed(now)
        r = c.step(now, lambda snap=shown: snap)
        if r is not None:
            out.append(r)
    return out


def test_the_classifier_publishes_an_interrupt_drawn_after_the_idle_footer() -> None:
    cancelled = copilot_screen(" ● Operation cancelled by user")
    readings = run_classifier([(0.0, copilot_screen(footer=WORKING_FOOTER)),
                               (1.0, copilot_screen()), (1.05, cancelled)], until=2.0)
    assert [(r.state, r.rule_id) for r in readings] == [
        ("working", "footer_working"), ("idle", "footer_idle"), ("idle", "interrupted")]


def test_a_plain_idle_after_an_interrupt_is_no_news() -> None:
    cancelled = copilot_screen(" ● Operation cancelled by user")
    readings = run_classifier([(0.0, copilot_screen(footer=WORKING_FOOTER)),
                               (1.0, cancelled), (1.5, copilot_screen())], until=2.5)
    assert [(r.state, r.rule_id) for r in readings] == [
        ("working", "footer_working"), ("idle", "interrupted")]


#: Copilot's idle rules with ``interrupt = true`` (checked against its manifest below)
INTERRUPT_RULES = frozenset({"interrupted", "interrupt_prompt_restored"})


def test_the_interrupt_rules_are_the_manifests() -> None:
    assert interrupt_rules(manifest()) == INTERRUPT_RULES


def reading(state: str, rule: str, t: float, *, visible: bool = True) -> ScreenReading:
    return ScreenReading(state=state, kind=None, msg=None, rule_id=rule, manifest_version="1",
                         visible=visible, since=t, turn_marker=True, interrupt_marker=True,
                         interrupt=state == "idle" and rule in INTERRUPT_RULES)


def fused(events: list[tuple[float, str, str | None]]) -> list[str]:
    f = Fusion(0.0)
    for t, what, arg in events:
        if what == "enter":
            f.input_submitted(t)
        elif what == "hook":
            f.hook(hook_edge(str(arg), {}), t)
        else:
            f.screen(reading(what, str(arg), t, visible=what != "working"), t)
        f.age(t)
    f.age(events[-1][0] + 5)
    return [d.state for d in f.drain()]


def test_a_late_interrupt_sign_turns_done_into_idle() -> None:
    states = fused([(1.0, "enter", None), (1.2, "working", "footer_working"),
                    (3.0, "idle", "footer_idle"), (3.05, "idle", "interrupted")])
    assert states[-1] == "idle", states
    assert "done" in states  # decided first, then corrected


def test_typing_the_next_prompt_soon_after_the_turn_leaves_done() -> None:
    """A composer holding text reads like Copilot's prompt put back after Esc Esc."""
    states = fused([(1.0, "enter", None), (1.2, "working", "footer_working"),
                    (3.0, "idle", "footer_idle"), (3.6, "idle", "interrupt_prompt_restored")])
    assert states[-1] == "done", states


def test_an_interrupt_sign_long_after_the_turn_leaves_done() -> None:
    states = fused([(1.0, "enter", None), (1.2, "working", "footer_working"),
                    (3.0, "idle", "footer_idle"), (3.0 + LATE_INTERRUPT + 0.5, "idle", "interrupted")])
    assert states[-1] == "done", states


def test_a_turn_a_hook_ended_stays_done() -> None:
    states = fused([(1.0, "hook", "UserPromptSubmit"), (1.2, "working", "footer_working"),
                    (3.0, "hook", "Stop"), (3.05, "idle", "interrupted")])
    assert states[-1] == "done", states
