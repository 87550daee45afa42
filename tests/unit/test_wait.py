"""The core's Wait: a frame that waits is taken without an event, on the core's terms.

While a hold is in force the core hands its :class:`~osc7501wrap.fusion.wait.Wait` out
as ``Effects.wait``; the drivers offer it each read before they make an ``Output`` of it.
It takes a frame that waits (a spinner's next frame) and refuses anything else, which
then goes to ``Pipeline.handle`` as before. What the core reads at its next event is
what it read when it held the frame itself: the same backlog, times and deadline.

What it does not test: the live session's rounds (tests/unit/test_session_frames.py
counts the calls into the core) or the CPU (bench/bench_cpu.py --side-by-side).
"""

from __future__ import annotations

import pytest
from playbook import Playbook, Want
from test_pipeline_hold import DIALOG, FOOTER, claude, run_spinner, spinner

from osc7501wrap.fusion.events import Effects, Output, Retitled, Tick, Written
from osc7501wrap.fusion.pipeline import EAGER_BYTES, HOLD_GRACE, HOLD_MAX, Pipeline
from osc7501wrap.fusion.wait import REFUSED, SETTLED, TAKEN


def held(pb: Playbook) -> float:
    """A spinner under way with a hold of its shape in force: the time of its last frame
    (read at once, so the Wait is handed out)."""
    last = run_spinner(pb, 1.0, 2)
    assert pb.wait is not None and pb.last.settled
    return last


def test_a_frame_that_waits_is_taken_by_the_wait_with_no_event() -> None:
    pb = claude()
    p = pb.p
    last = held(pb)
    due = pb.due
    calls: list[object] = []
    handle = p.handle
    p.handle = lambda ev, now: calls.append(ev) or handle(ev, now)  # type: ignore[method-assign]
    version, frames = p.screen.version, p.frames_held
    for k in range(1, 6):
        pb.at(last + 0.1 * k).take(spinner(2 + k, colour=k)) << Want(settled=True, due=due)
        assert pb.taken == SETTLED
    assert calls == []  # the core was not called for them
    assert p.frames_held == frames + 5 and p.backlog.pending == 5 * len(spinner(3))
    assert p.screen.version == version  # not fed, not read
    # the frame after them that is not of the shape: handed to the core, which feeds them
    pb.at(last + 0.6).take(FOOTER)
    assert pb.taken == REFUSED
    pb >> Output(FOOTER) >> Written() << Want(settled=False)
    assert not p.backlog and "? for shortcuts" in "\n".join(p.screen.lines())


def refused(pb: Playbook, data: bytes, now: float) -> None:
    """`data` at `now` is refused, and leaves the core as it was (the frame is then the
    core's: as an Output it is not kept either)."""
    p = pb.p
    frames, pending = p.frames_held, p.backlog.pending
    assert pb.at(now).take(data).taken == REFUSED
    assert (p.frames_held, p.backlog.pending) == (frames, pending)
    pb >> Output(data)
    assert p.frames_held == frames


@pytest.mark.parametrize("data", [
    FOOTER,  # another shape
    DIALOG,
    spinner(3).replace(b"Pondering", b"Pondered"),  # another word
    b"\x1b]0;title\x07" + spinner(3),  # an OSC string: a title
    b"\x1b]7501;?\x1b\\" + spinner(3),  # ... the program's probe
    spinner(3) + b"\x1b",  # an escape the next read ends
    b"",
], ids=["footer", "dialog", "word", "title", "probe", "cut-escape", "empty"])
def test_the_wait_refuses_a_frame_of_another_kind(data: bytes) -> None:
    pb = claude()
    refused(pb, data, held(pb) + 0.1)


def test_the_wait_refuses_a_frame_with_an_osc_string_even_of_the_shape_read() -> None:
    """A hold started by a frame that set the title: the next frame of that shape, the
    title with it, is refused (an OSC string may report, query, retitle)."""
    def titled(i: int) -> bytes:
        return f"\x1b]0;step {i}\x07".encode() + spinner(i)

    pb = claude()
    pb.frame(titled(1), 1.0)
    pb.until(1.0 + pb.p.timings.settle)
    assert pb.frame(titled(1), 1.1).settled and pb.wait is not None  # read: a hold of it
    refused(pb, titled(2), 1.2)


def test_the_wait_takes_a_frame_as_the_core_said_its_round_ends() -> None:
    """``result`` is the core's word for a taken frame's round: settled (nothing more),
    or a Written to follow (what take returns, the Output's effects would have said)."""
    pb = claude()
    last = held(pb)
    wait = pb.wait
    assert wait is not None and wait.result == SETTLED
    wait.result = TAKEN
    assert pb.at(last + 0.1).take(spinner(3)).taken == TAKEN
    pb << Want(settled=False)
    pb >> Written() << Want(settled=True)  # read as waiting: no feed, no deadline moved


def test_the_wait_refuses_once_the_hold_ended() -> None:
    pb = claude()
    last = held(pb)
    hold_end = pb.last.hold_end
    assert hold_end == pytest.approx(last + HOLD_MAX)
    assert pb.at(hold_end - 0.01).take(spinner(7)).taken == SETTLED
    refused(pb, spinner(8), hold_end)


def test_the_wait_refuses_a_read_with_no_pause_before_it() -> None:
    pb = claude()
    last = held(pb)
    assert pb.at(last + 0.1).take(spinner(3)).taken == SETTLED
    refused(pb, spinner(4), last + 0.1 + pb.p.timings.settle / 2)


def test_the_wait_refuses_after_a_retitle_until_the_screen_is_read_with_it() -> None:
    pb = claude()
    last = held(pb)
    pb.at(last + 0.05) >> Retitled("step 2", None)  # the stream's title, not the screen's
    assert pb.wait is None
    refused(pb, spinner(3), last + 0.1)


def test_the_wait_refuses_once_the_room_for_a_read_at_once_is_taken() -> None:
    """Frames that wait are at most EAGER_BYTES unfed (a first read up to that size is
    read at once): the frame that would go past it is refused."""
    big = [spinner(i) + b" " * 1100 for i in range(8)]  # spaces masked: the same shape
    pb = claude()
    p = pb.p
    last = 1.0
    for i in range(2):
        last = 1.0 + 0.1 * i
        pb.frame(big[i], last)
        pb.until(last + 0.0999)
    assert pb.wait is not None
    taken = 0
    while (taken + 1) * len(big[0]) <= EAGER_BYTES:
        taken += 1
        assert pb.at(last + 0.1 * taken).take(big[2 + taken]).taken == SETTLED
    assert p.backlog.pending == taken * len(big[0])
    refused(pb, big[7], last + 0.1 * (taken + 1))


def held_as_before(p: Pipeline, data: bytes, now: float) -> Effects:
    """The held-frame branch of ``Pipeline.handle`` as it was written before the Wait
    (its state changes, in its own words): the reference the Wait is compared with."""
    p._burst = True
    p._last_output = now
    p._output_bytes += len(data)
    pending = p._unfed
    if not pending:
        p._pending_since = now
    p._backlog.append(data)
    p._unfed = pending + len(data)
    p._chunk = data
    p._held_until = until = p._hold_end + HOLD_GRACE
    p._frames_held += 1
    p._held = True
    due = p._due
    if due is None or until < due:
        p._due = due = until
    return Effects(data, b"", (), (), None, due, due == p._read_due)


FIELDS = ("_burst", "_last_output", "_output_bytes", "_pending_since", "_unfed", "_chunk",
          "_held_until", "_frames_held", "_held", "_due", "_read_due", "_hold_end",
          "_fed_at", "_not_before", "_unfed_from", "_fed_from", "_version")


def state(p: Pipeline) -> dict[str, object]:
    b = p.backlog  # the frames the Wait took, folded in
    return {**{f: getattr(p, f) for f in FIELDS}, "backlog": (list(b._chunks), b.pending),
            "feed_due": p._feed_due()}


def test_the_core_reads_what_it_read_when_it_held_the_frames_itself() -> None:
    """Two pipelines driven alike to a hold; then the same frames, taken by the Wait in
    one and held by the old branch in the other: the same state after each, the same
    effects for the same events after them (the output stopping, then a dialog)."""
    pb, qb = claude(), claude()
    last = held(pb)
    assert held(qb) == last
    for k in range(1, 9):
        now = last + 0.1 * k
        data = spinner(2 + k, colour=k)
        pb.at(now).take(data)
        assert pb.taken == SETTLED
        before = held_as_before(qb.p, data, now)
        assert (pb.last.passthrough, pb.last.due, pb.last.settled) == (
            before.passthrough, before.due, before.settled)
        assert state(pb.p) == state(qb.p)
    assert pb.p._pending_since == last + 0.1  # the first frame of the wait
    # the output stops: both feed what waits at the same time, and read it alike
    end = last + 0.8 + HOLD_MAX
    for b in (pb, qb):
        b.due = b.p._due
        b.until(end)
    assert pb.decisions == qb.decisions and state(pb.p) == state(qb.p)
    for b in (pb, qb):
        b.at(end + 0.1) >> Output(DIALOG) >> Written()
        b.until(end + 1.0)
    assert [d.state for d in pb.decisions] == [d.state for d in qb.decisions]
    assert pb.decisions == qb.decisions and pb.decisions[-1].state == "blocked"
    assert state(pb.p) == state(qb.p)


def test_every_event_folds_the_frames_taken_first() -> None:
    """The frames taken reach the core's state before anything else of the next event:
    a Tick at their feed deadline feeds them all, the last one on screen."""
    pb = claude()
    p = pb.p
    last = held(pb)
    for k in range(1, 4):
        assert pb.at(last + 0.1 * k).take(spinner(40 + k)).taken == SETTLED
    assert pb.wait is not None
    until = pb.wait.due
    assert until == pytest.approx(last + HOLD_MAX + HOLD_GRACE)
    pb.at(until) >> Tick()
    assert pb.wait is None  # fed outside a frame read: the next frame is read in full
    assert not p.backlog and "(4s · esc to interrupt)" in p.screen.lines()[2]
