"""A spinner costs the session one call into the core per frame.

Session's hooks are driven as the proxy loop drives them (output, then to_child,
injection and after_activity unless the round settled; the loop timer when due), on a
clock of the test's, with a stand-in for the proxy (a pipe for its fds: no pty, no
child). In a steady 10 Hz spinner only the frame read once per hold (HOLD_MAX) takes
the slow way; the samples of the foreground (and, for a program without agent rules,
of its activity) ride on it, and nothing else wakes the loop. tests/pty/test_quiet.py
counts the wake-ups of a real wrap that went silent; bench/bench_cpu.py the CPU.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from test_session_boot import FakeProxy

from osc7501wrap.fusion.pipeline import HOLD_MAX
from osc7501wrap.screen.model import preload, ready
from osc7501wrap.session import boot, sampling
from osc7501wrap.session import session as session_module
from osc7501wrap.session.session import Session
from osc7501wrap.start.prepare import RunOptions, prepare

GLYPHS = "·✢✳✶✻✽"


def spinner(i: int) -> bytes:
    frame = f"\x1b[3;1H\x1b[2K{GLYPHS[i % 6]} Pondering… ({i // 10}s · esc to interrupt)".encode()
    return frame + b" " * max(0, 60 - len(frame))


class Loop:
    """The proxy loop's calls into the session, on the test's clock."""

    def __init__(self, session: Session, clock: list[float]) -> None:
        self.s, self.clock = session, clock
        self.slow = 0  # rounds that were not settled (after_activity ran)
        self.timer_rounds = 0  # rounds of a timer of its own (a wake-up without output)
        self.fg_samples = 0

    def timers_until(self, t: float) -> None:
        proxy = self.s.proxy
        assert proxy is not None
        while True:
            due = [x for x in proxy.timers if not x.cancelled and x.when <= t]  # type: ignore[attr-defined]
            if not due:
                return
            first = min(due, key=lambda x: x.when)
            proxy.timers.remove(first)  # type: ignore[attr-defined]
            self.clock[0] = max(self.clock[0], first.when)
            self.timer_rounds += 1
            first.callback()
            self.s.injection()  # the loop writes what is due after its timers

    def frame(self, data: bytes, t: float) -> None:
        self.timers_until(t)
        self.clock[0] = t
        s = self.s
        passed = s.output(data)
        s.proxy.tracker.feed(passed)  # type: ignore[union-attr]
        if s.round_free:
            s.round_free = False
            return
        self.slow += 1
        s.to_child()
        s.injection()
        s.after_activity()


@pytest.fixture
def spin(rundir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Iterator[Callable[[str], Loop]]:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path / "state"))
    clock = [1000.0]
    fake = SimpleNamespace(monotonic=lambda: clock[0])
    monkeypatch.setattr(session_module, "time", fake)
    monkeypatch.setattr(boot, "time", fake)  # the boot reads the same clock
    made: list[tuple[Session, FakeProxy]] = []

    def make(agent: str) -> Loop:
        setup = prepare(RunOptions(["spinner"], agent=agent, emit="always"))
        session, proxy = Session(setup.spec()), FakeProxy()
        session.started(proxy)  # type: ignore[arg-type]
        made.append((session, proxy))
        loop = Loop(session, clock)
        preload(setup.config.screen)  # the backend loads in its thread, in wall time
        limit = time.monotonic() + 30
        while not ready() and time.monotonic() < limit:
            time.sleep(0.01)
        assert ready(), "the screen backend did not load"
        sampled = sampling.foreground_pgrp

        def counted(fd: int) -> int | None:
            loop.fg_samples += 1
            return sampled(fd)

        monkeypatch.setattr(sampling, "foreground_pgrp", counted)
        return loop

    yield make
    for session, proxy in made:
        session.close()
        proxy.close()


@pytest.mark.parametrize("agent", ["claude", "generic"])
def test_a_steady_spinner_takes_the_slow_way_once_per_hold(
        spin: Callable[[str], Loop], agent: str) -> None:
    loop = spin(agent)
    t0 = 1000.0
    for i in range(30):  # 3 s to start: the boot, the first reading (working)
        loop.frame(spinner(i), t0 + 0.1 * i)
    p = loop.s.pipeline
    assert p is not None and p.current().state == "working", p.current()
    loop.slow = loop.timer_rounds = loop.fg_samples = 0
    events: list[str] = []
    handle = p.handle

    def counted(event: object, now: float) -> object:
        events.append(type(event).__name__)
        return handle(event, now)  # type: ignore[arg-type]

    p.handle = counted  # type: ignore[method-assign]
    frames, seconds = 200, 20.0
    for i in range(30, 30 + frames):
        loop.frame(spinner(i), t0 + 0.1 * i)
    reads = seconds / HOLD_MAX
    # one frame per hold is read (and takes the samples); the others cost one call, to
    # the core's Wait: no event for the core (an Output and a Written per frame read)
    assert loop.slow <= reads * 1.15 + 1, (loop.slow, frames)
    assert events.count("Output") == events.count("Written") == loop.slow, events
    assert len(events) <= 3 * loop.slow, events  # and the samples' own, if they changed
    assert loop.timer_rounds == 0  # nothing else woke the loop
    # the foreground is still sampled, once per hold: no more often than the reads
    assert reads * 0.8 <= loop.fg_samples <= loop.slow
    assert p.current().state == "working"
    assert p.frames_held >= frames - loop.slow


def test_a_frame_that_waits_does_not_settle_once_a_sink_is_due(
        spin: Callable[[str], Loop], monkeypatch: pytest.MonkeyPatch) -> None:
    """A sink asks for a time while frames wait (a retry, a late answer): frames before
    it still cost one call, the frame of the round in which it falls due takes the slow
    way (the loop then asks the injection), and once the sinks have nothing due the
    frames settle again."""
    loop = spin("claude")
    t0 = 1000.0
    for i in range(60):
        loop.frame(spinner(i), t0 + 0.1 * i)
    s = loop.s
    assert s.sinks is not None
    now = t0 + 5.95
    at = now + 0.2
    loop.clock[0] = now
    monkeypatch.setattr(s.sinks, "next_deadline", lambda t: at if t < at else None)
    s._sinks_due(now)  # as every change of a sink's state does
    loop.slow = 0
    loop.frame(spinner(60), t0 + 6.0)  # before it: one call
    loop.frame(spinner(61), t0 + 6.1)
    assert loop.slow == 0
    # a frame in the round in which the time came, before the loop ran its timers
    loop.clock[0] = at + 0.001
    s.output(spinner(62))
    assert not s.round_free
    s.to_child()
    s.injection()  # the sinks' time: polled, and nothing more due
    s.after_activity()
    assert s._sinks_at == float("inf")
    loop.slow = 0
    for i in range(63, 70):
        loop.frame(spinner(i), t0 + 0.1 * i)
    assert loop.slow == 0, loop.slow
