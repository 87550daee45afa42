"""The user's Enter holds until the program answers it on screen.

A program busy with its first prompt (OpenCode 1.18.33: 1-7 s) draws nothing after the
Enter but the echo of what was typed before it, then takes the prompt off the screen
(its home view's composer is empty again, then a blank screen), and only then shows
that it works. The Enter's 1.5 s guard must not run out in that phase ("the turn never
started"); a program that answers the Enter with its idle prompt still reverts as before.
"""

from __future__ import annotations

import pytest
from playbook import Playbook

from osc7501wrap import rules
from osc7501wrap.fusion.events import Output, Typed, Written
from osc7501wrap.fusion.fusion import Fusion
from osc7501wrap.fusion.pipeline import Pipeline, Timings

MANIFEST = r'''
[manifest]
name = "fake"
version = "1"

[[rule]]
id = "hint"
state = "working"
region = "bottom:3"
line_regex = 'esc interrupt'

[[rule]]
# the prompt put back in the composer after an interrupt (Copilot CLI's Esc Esc)
id = "restored"
state = "idle"
interrupt = true
visible = true
region = "bottom:4"
line_regex = '^\s*┃\s+make'

[[rule]]
id = "idle_prompt"
state = "idle"
region = "bottom:4"
line_regex = '^\s*╹▀{8,}'
'''

EDGE = "\x1b[6;1H ╹▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀"
HOME = ("\x1b[2J\x1b[5;1H ┃  Ask anything" + EDGE).encode()


def _row5(text: str) -> bytes:
    return f"\x1b[5;1H\x1b[2K ┃  {text}".encode()


def run(script: list[tuple[float, str, bytes]], until: float,
        eager: bool = False) -> list[tuple[float, str]]:
    """Drive a pipeline by (time, "o"|"i", bytes); the states decided, with their time.
    `eager`: read small first outputs at once, as the live session does when nothing
    else is due (``Written(nothing_due=True)``)."""
    pb = Playbook(Pipeline(rules.parse_manifest_text(MANIFEST), rows=8, cols=40, now=0.0,
                           backend="pyte", timings=Timings()), due=0.0, budget=1.0)
    _ = pb.p.screen
    out = [(0.0, pb.p.current().state)]
    for at, kind, data in script:
        pb.until(at)
        if kind == "o":
            pb.at(at) >> Output(data) >> Written(nothing_due=eager)
        elif kind == "i":
            pb.at(at) >> Typed(data)
    pb.until(until)
    return out + [(d.at, d.state) for d in pb.decisions]


def state_at(timeline: list[tuple[float, str]], t: float) -> str:
    return [s for at, s in timeline if at <= t][-1]


TYPED = [(1.0, "o", HOME), (2.0, "i", b"make th"), (2.1, "o", _row5("make th")),
         (2.3, "i", b"e output\r")]


@pytest.mark.parametrize("eager", [False, True], ids=["replay", "live"])
def test_the_enter_holds_while_the_program_draws_only_the_echo_then_takes_the_prompt(
        eager: bool) -> None:
    timeline = run([*TYPED,
                    (3.0, "o", _row5("make the output")),  # the echo catching up
                    (8.0, "o", _row5("Ask anything")),  # the prompt taken: composer empty
                    (8.3, "o", b"\x1b[2J"),  # a blank screen, no rule reads it
                    (10.0, "o", b"\x1b[8;1H  esc interrupt")], until=12.0, eager=eager)
    assert state_at(timeline, 2.2) == "idle"
    for t in (2.4, 3.9, 5.0, 8.1, 9.9, 11.0):
        assert state_at(timeline, t) == "working", (t, timeline)
    assert not any(s == "idle" for at, s in timeline if at > 2.3), timeline


@pytest.mark.parametrize("eager", [False, True], ids=["replay", "live"])
def test_an_enter_answered_by_the_idle_prompt_still_starts_no_turn(eager: bool) -> None:
    # The program answers with a line of its own and the typed text still there (the
    # Enter was not a prompt): answered, nothing works, the guard runs out as before.
    timeline = run([*TYPED, (2.5, "o", b"\x1b[3;1H  no model selected")], until=6.0,
                   eager=eager)
    assert state_at(timeline, 2.4) == "working"
    assert state_at(timeline, 4.0) == "idle"  # 1.5 s after the Enter


@pytest.mark.parametrize("eager", [False, True], ids=["replay", "live"])
def test_a_late_echo_of_the_typed_prompt_is_no_interrupt(eager: bool) -> None:
    # A busy machine: the program draws what was typed only after the Enter. The composer
    # holding text is what an interrupt leaves too (the prompt put back), and it is drawn
    # after the Enter, but it is the echo catching up, not the program's answer.
    timeline = run([(1.0, "o", HOME), (2.0, "i", b"make the output\r"),
                    (2.6, "o", _row5("make the output") + b"\x1b[8;1H  @ files"),
                    (3.0, "o", _row5("Ask anything")),
                    (3.2, "o", b"\x1b[8;1H  esc interrupt")], until=5.0, eager=eager)
    for t in (2.1, 2.7, 2.9, 3.1, 4.0):
        assert state_at(timeline, t) == "working", (t, timeline)
    assert [s for _, s in timeline] == ["idle", "working"], timeline


def test_an_enter_never_answered_holds_at_most_enter_wait() -> None:
    f = Fusion(0.0, enter_wait=10.0)
    f.input_submitted(1.0, wait=True)
    assert f.next_deadline(1.0) == 11.0
    f.age(2.6)
    assert f.current().state == "working"  # past the guard: not answered yet
    f.age(11.0)
    assert f.current().state == "idle"
    # Without `wait` (nobody watches the screen) the guard is all there is.
    g = Fusion(0.0)
    g.input_submitted(1.0)
    g.age(g.next_deadline(1.0) or 0.0)
    assert (g.current().state, g.current().at) == ("idle", 2.5)


def test_the_typed_line_leaves_out_terminal_replies_and_whole_characters() -> None:
    p = Pipeline(rules.parse_manifest_text(MANIFEST), rows=8, cols=40, now=0.0,
                 backend="pyte", timings=Timings())
    assert p._line_typed(b"\x1b]11;rgb:1e1e/1e1e/1e1e\x07\x1b[?62;22cab\r") == b"ab"
    assert p._line_typed("△ x".encode() + b"\x7f\x7f\x7f" + b"hi\r") == b"hi"
