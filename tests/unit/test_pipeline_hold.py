"""Pipeline: a frame shaped like the last one confirmed at once waits unfed.

A spinner's next frame (the same bytes but for its glyph, its numbers, its colours and its
padding) is kept in the backlog instead of being fed and read: it draws no word that was
not there. It is fed with the next output of another shape, with the first frame
HOLD_MAX after the last one read, or HOLD_GRACE after that when the output stops; any
other output (a dialog) is read as at once as before.
"""

from __future__ import annotations

import pytest
from playbook import Playbook, Want

from osc7501wrap import rules
from osc7501wrap.fusion.drive import drive
from osc7501wrap.fusion.events import (
    NO_HOLD,
    Activity,
    Foreground,
    Hook,
    Output,
    Tick,
    Typed,
    Written,
)
from osc7501wrap.fusion.pipeline import EAGER_BYTES, HOLD_GRACE, HOLD_MAX, Pipeline, frame_shape

GLYPHS = "·✢✳✶✻✽"
DIALOG = ("\x1b[2J\x1b[3;1H Bash command\x1b[5;3Hrm -rf build\x1b[7;1H Do you want to proceed?"
          "\x1b[8;1H ❯ 1. Yes\x1b[9;1H   2. No").encode()
FOOTER = ("\x1b[3;1H\x1b[2K\x1b[18;1H" + "─" * 60 + "\x1b[19;1H❯ \x1b[20;1H" + "─" * 60
          + "\x1b[21;1H  ? for shortcuts").encode()  # the spinner gone: reads idle


def spinner(i: int, colour: int = 0) -> bytes:
    frame = (f"\x1b[3;1H\x1b[2K\x1b[38;5;{colour}m{GLYPHS[i % 6]}\x1b[39m Pondering… "
             f"({i // 10}s · esc to interrupt)").encode()
    return frame + b" " * max(0, 70 - len(frame))


def claude() -> Playbook:
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["claude"])
    pb = Playbook(Pipeline(manifest, rows=24, cols=100, now=0.0, backend="pyte"))
    pb.at(0.0) >> Output(b"\x1b[2J\x1b[H claude\r\n")
    pb.tick(pb.p.timings.settle)  # the first output made the screen model
    return pb


def frame(pb: Playbook, data: bytes, now: float) -> bool:
    """One frame as the session (and fusion/drive.py) runs it: output, written, the
    time given when due. True if the frame was settled at once (read, or held unfed)."""
    return pb.frame(data, now).settled


def kept(pb: Playbook, data: bytes, now: float) -> bool:
    """Output alone: True if the frame waits unfed (kept in the backlog)."""
    held = pb.p.frames_held
    pb.at(now) >> Output(data)
    return pb.p.frames_held > held


def run_spinner(pb: Playbook, start: float, frames: int) -> float:
    """10 Hz spinner frames from `start`, ticking whenever something is due between
    them (as the loop timer would); returns the time of the last frame."""
    now = start
    for i in range(frames):
        now = start + i * 0.1
        frame(pb, spinner(i, colour=i % 7), now)
        pb.until(now + 0.0999)
    return now


def test_frames_of_one_shape_have_one_shape_and_others_do_not() -> None:
    assert frame_shape(spinner(9)) == frame_shape(spinner(10, colour=3)) == frame_shape(spinner(123))
    assert frame_shape(spinner(9)) != frame_shape(spinner(9).replace(b"Pondering", b"Pondered"))
    assert frame_shape(spinner(9)) != frame_shape(spinner(9).replace(b"\x1b[3;1H", b"\x1b[3;1f"))
    assert frame_shape(b"\xe4\xb8\xad\xe6\x96\x87") != frame_shape(b"\xe6\x96\x87\xe4\xb8\xad")  # CJK: letters


def test_a_spinner_is_read_once_per_hold_and_fed_then() -> None:
    pb = claude()
    p = pb.p
    run_spinner(pb, 1.0, 1)
    assert p.classifier.published is not None and p.classifier.published.state == "working"
    evaluations = p.classifier.evaluations
    fed = p.backlog.fed_bytes
    last = run_spinner(pb, 1.1, 30)  # 3 s of frames
    held = p.frames_held
    # one frame in each HOLD_MAX (+ one frame period) is fed and read, the others wait
    reads = p.classifier.evaluations - evaluations
    assert 30 * 0.1 / (HOLD_MAX + 0.1) - 1 <= reads <= 30 * 0.1 / HOLD_MAX + 1
    assert held == 30 - reads
    assert p.backlog.fed_bytes > fed  # the waiting frames were fed with the next one read
    # the output stops: what waits is fed HOLD_GRACE after the hold at the latest
    assert pb.due is not None and pb.due <= last + HOLD_MAX + HOLD_GRACE
    pb.until(last + HOLD_MAX + HOLD_GRACE)
    assert not p.backlog
    assert "(2s · esc to interrupt)" in p.screen.lines()[2]
    assert p.screen.lines()[2].startswith(GLYPHS[29 % 6])


def test_a_dialog_after_waiting_frames_is_read_at_once() -> None:
    pb = claude()
    p = pb.p
    last = run_spinner(pb, 1.0, 4)
    assert p.frames_held >= 2 and p.backlog  # frames wait
    now = last + 0.05
    assert not kept(pb, DIALOG, now)
    # fed and read: a change, read again at its settle
    pb >> Written() << Want(settled=False, due=pytest.approx(now + p.timings.settle))
    assert not p.backlog and "Do you want to proceed?" in "\n".join(p.screen.lines())
    pb.tick(now + p.timings.settle)
    assert p.classifier.published is not None and p.classifier.published.state == "blocked"


def test_no_frame_waits_under_a_dialog_or_for_an_answer_to_enter() -> None:
    pb = claude()
    p = pb.p
    frame(pb, DIALOG, 1.0)
    pb.tick(1.0 + p.timings.max_wait)
    assert p.classifier.published is not None and p.classifier.published.state == "blocked"
    frame(pb, DIALOG, 2.0)  # the same dialog drawn again: read, not kept
    frame(pb, DIALOG, 2.1)
    assert p.frames_held == 0
    # after an Enter at the prompt, until the program answers it on screen
    qb = claude()
    q = qb.p
    idle = "\x1b[2J\x1b[H✻ Worked for 3s\r\n\r\n" + "─" * 60 + "\r\n❯ \r\n" + "─" * 60
    frame(qb, (idle + "\r\n  ? for shortcuts\x1b[4;3H").encode(), 1.0)
    qb.tick(1.0 + q.timings.max_wait)
    assert q.fusion.current().state == "idle"
    frame(qb, b"\x1b[4;3H\x1b[K", 1.5)  # a frame that reads as before: confirmed
    qb.at(1.6) >> Typed(b"hello\r") << Want(due=1.6)
    assert q.fusion.awaiting_answer
    for i in range(3):  # frames of the confirmed shape, not yet an answer: all read
        assert not frame(qb, b"\x1b[4;3H\x1b[K", 1.7 + 0.1 * i) or q.frames_held == 0
    assert q.frames_held == 0


def test_a_title_change_is_never_kept() -> None:
    pb = claude()
    p = pb.p

    def titled(n: int, i: int) -> bytes:
        return f"\x1b]0;step {n}\x07".encode() + spinner(i)

    frame(pb, titled(1, 0), 1.0)  # a new title: read at its settle
    pb.tick(1.0 + p.timings.settle)
    assert frame(pb, titled(1, 1), 1.1)  # the same title: confirmed, its shape noted
    held = p.frames_held
    assert frame_shape(titled(2, 2)) == frame_shape(titled(1, 1))  # numbers are masked
    assert not kept(pb, titled(2, 2), 1.2)  # ... but the title changed: read, not kept
    pb >> Written() << Want(settled=False)
    assert p.frames_held == held


def test_a_waiting_frame_is_told_by_output_alone() -> None:
    """The round of a frame that waits: its output is settled (no Written needed), with
    the deadline already set, and nothing reads the screen."""
    pb = claude()
    p = pb.p
    run_spinner(pb, 1.0, 2)  # the second frame confirmed: a hold of its shape
    version, fed, due = p.screen.version, p.frames_held, pb.due
    pb.at(1.3) >> Output(spinner(3, colour=5)) << Want(settled=True, due=due, to_child=b"")
    assert p.frames_held == fed + 1 and p.backlog
    assert p.screen.version == version  # not fed, not read


def test_the_frames_of_a_hold_change_no_deadline() -> None:
    """The frame read that starts a hold asks, already, for the time its frames are fed
    at the latest: the frames that wait then leave `due` as it is (a live session
    settles them in one call) and the hold's end is told (hold_end, for the samples)."""
    pb = claude()
    p = pb.p
    run_spinner(pb, 1.0, 1)
    now, i = 1.5, 5
    while True:  # the next frame read at once
        held = p.frames_held
        effects = pb.frame(spinner(i), now)
        if effects.settled and p.frames_held == held:
            break
        now, i = now + 0.1, i + 1
    start = now
    assert effects.hold_end == pytest.approx(start + HOLD_MAX)
    due = effects.due
    assert due is not None and due <= start + HOLD_MAX + HOLD_GRACE
    for k in range(1, 9):
        pb.at(start + 0.1 * k) >> Output(spinner(i + k)) << Want(settled=True, due=due)
    # a change read otherwise ends the hold: none is told
    assert pb.frame(FOOTER, start + 1.0).hold_end == NO_HOLD


@pytest.mark.parametrize("event", [Hook("Notification", {}), Foreground(4242, "vim", False),
                                   Activity(True, "using CPU"), Typed(b"x"), Tick()],
                         ids=["hook", "foreground", "activity", "typed", "tick"])
def test_any_other_event_has_the_next_frame_read(event: Hook) -> None:
    """A hold's other conditions (no Enter waiting, nothing to answer or publish, the
    published state) are found by the frame read that starts it; an event of any other
    kind may change them, so the frame after it is read again (and holds resume)."""
    pb = claude()
    p = pb.p
    last = run_spinner(pb, 1.0, 4)
    assert p.frames_held >= 2
    pb.at(last + 0.05) >> event
    held = p.frames_held
    assert not kept(pb, spinner(5), last + 0.1)  # read, not kept
    # it reads as published, so the frames after it wait again; but with vim in front
    # fusion has news (the state changes): nothing is held until that is published
    vim = isinstance(event, Foreground)
    pb >> Written() << Want(settled=not vim)
    if not vim:
        assert kept(pb, spinner(6), last + 0.2) and p.frames_held == held + 1


@pytest.mark.parametrize("data", [
    b"\x1b]0;title\x07" + spinner(3),  # a title
    b"\x1b]7501;?\x1b\\" + spinner(3),  # a probe
    spinner(3) + b"\x1b",  # an escape the next read ends
])
def test_no_frame_with_an_osc_string_or_a_cut_escape_waits(data: bytes) -> None:
    pb = claude()
    run_spinner(pb, 1.0, 2)
    assert not kept(pb, data, 1.3)
    assert not pb.last.settled


def test_a_change_read_otherwise_ends_the_shape() -> None:
    # output fed by a tick (not a first read): the next spinner frame is read in full
    pb = claude()
    p = pb.p
    last = run_spinner(pb, 1.0, 2)
    held = p.frames_held
    pb.at(last + 0.01) >> Output(b"\x1b[10;1Hcompiling") >> Written()
    pb.until(last + 0.05)
    assert not p.backlog
    frame(pb, spinner(2), last + 0.1)
    assert p.frames_held == held and not p.backlog
    # a first read that changes what the screen reads (a footer that reads idle)
    qb = claude()
    q = qb.p
    last = run_spinner(qb, 1.0, 2)
    held = q.frames_held
    qb.at(last + 0.1) >> Output(FOOTER) >> Written() << Want(settled=False)
    frame(qb, spinner(2), last + 0.2)  # the spinner again: fed and read, not kept
    assert q.frames_held == held and not q.backlog


def test_output_that_is_not_a_first_read_is_fed_at_its_settle() -> None:
    pb = claude()
    p = pb.p
    last = run_spinner(pb, 1.0, 3)
    assert p.frames_held and p.backlog
    # the same burst as the waiting frame: not read at once
    pb.at(last + 0.01) >> Output(DIALOG) >> Written() << Want(
        settled=False, due=pytest.approx(last + 0.01 + p.timings.settle))
    pb.tick(last + 0.01 + p.timings.settle)
    assert not p.backlog and "Do you want to proceed?" in "\n".join(p.screen.lines())


def test_a_replay_never_dates_a_decision_before_the_output_it_read() -> None:
    """Held frames leave the backlog's feed deadline at the first of them; the output that
    feeds them (a dialog too large to be read at once) may come after it. The replay
    driver takes such a deadline as now, as a live loop does, and never decides on that
    output at an earlier time (it dated the dialog back to the first held frame)."""
    p = claude().p
    events = [(1.0 + i * 0.1, Output(spinner(i, colour=i % 7))) for i in range(30)]
    shown = 1.0 + 30 * 0.1
    redraw = b"".join(f"\x1b[{r};1H\x1b[2K".encode() + b" " * 90 for r in range(10, 24))
    big = redraw * 4 + DIALOG
    assert len(big) > EAGER_BYTES
    events.append((shown, Output(big)))
    decisions: list = []
    drive(p, events, decisions.extend, after=1.0)
    assert p.frames_held > 0
    blocked = [d for d in decisions if d.state == "blocked"]
    assert blocked and blocked[0].at >= shown, [(d.at, d.state) for d in decisions]
