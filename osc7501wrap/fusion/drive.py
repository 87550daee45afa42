"""Driving the core on its own clock: :func:`drive` over a list of timed events.

``osc7501wrap replay``, the corpus tests and the unit tests drive the core here; a live
session (session/session.py) hands it the same events in the same order from the proxy
loop. Each goes to :meth:`Pipeline.handle`, and the effects are followed as the session
follows them:

* ``Output``: offered first to the core's :class:`~.wait.Wait` (``Effects.wait``, as
  the last effects handed it), which takes a frame that waits with no event; else handed
  to the core. The passthrough read by a stream tracker (as the proxy's reads it), a
  ``Retitled`` when its title or progress changed, then ``Written`` unless the output
  is settled (a spinner frame may be read at once, or wait);
* any other event: its effects' ``due`` taken (typing, a resize, a hook event, a sample
  that changed something: a ``Tick`` at once);
* whenever the core asked for the time (``due``): a ``Tick``;
* ``Exit``: the last event; nothing after it.

:func:`capture_events` reads a capture's records as such events, the samples a live
session took among them (foreground, activity, processes), and ``m`` ground-truth labels
as :class:`Marker` (passed on, not decided on). A capture recorded without activity
samples (the agent test harness writes none) and read with the generic manifest gets
those a live session takes (:func:`capture_activity`: the live sampler's decision on the
replay's output, input and the capture's process and CPU rows). Nothing here reads a
file or a clock.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..capture import (
    Capture,
    activity_row,
    cpu_row,
    foreground_row,
    parse_size,
    process_rows,
)
from ..stream.tracker import StreamTracker
from .activity import FG_PERIOD, NEVER, SAMPLE_SLACK, WATCH, ActivityDecision
from .background import Proc
from .events import (
    Activity,
    Event,
    Exit,
    Foreground,
    Hook,
    Output,
    Processes,
    Resize,
    Retitled,
    Tick,
    Typed,
    Written,
)
from .fusion import Decision
from .pipeline import Pipeline
from .wait import REFUSED, SETTLED, Wait


@dataclass(frozen=True, slots=True)
class Marker:
    """A ground-truth label of a capture (``m``): not an event of the core."""

    label: str


#: An event at a time of the driver's clock.
Timed = tuple[float, Event | Marker]


#: A sampling offered the time (`sampling(p, now)`): it hands `p` the samples that are
#: due and returns when it next wants to read the screen (a time not after `now`: at once).
Sampling = Callable[[Pipeline, float], float]


def drive(p: Pipeline, events: Iterable[Timed], decided: Callable[[Sequence[Decision]], None],
          marker: Callable[[float, str], None] | None = None, *, after: float = 2.0,
          budget: float = 1.0, resample: Sampling | None = None, every: float = 0.05,
          add_samples: Sampling | None = None) -> None:
    """Drive `p` through `events` (see the module doc). `decided` gets each list of
    decisions as the core returns them; `marker` the markers. After the last event, the
    core is given `after` more seconds (unless the program exited). With `resample`, the
    samples are taken on the driver's clock instead of read from `events` (a live
    session's sampler, offered the time every `every` seconds; the events' own samples
    are dropped): what a live session would have decided with them. `add_samples` (without
    `resample`) is offered the time the same way, the events' own samples kept: the
    activity samples of a capture recorded without them (:func:`capture_activity`)."""
    offer = resample if resample is not None else add_samples
    due: float | None = 0.0
    tick = Tick(budget)
    stream = StreamTracker()  # the title and progress, as the proxy's tracker reads them
    titled: tuple[str | None, tuple[int, int | None] | None] = (None, None)
    sample_at = 0.0 if offer is not None else float("inf")
    wait: Wait | None = None  # the core's taker of frames that wait (Effects.wait)

    def advance(to: float) -> None:
        nonlocal due, sample_at, wait
        while True:
            if due is not None and due <= sample_at:
                if due > to:
                    return
                now = due
                effects = p.handle(tick, now)
                decided(effects.decisions)
                wait = effects.wait
                due = effects.due
                if due is not None and due <= now:
                    due = now + 0.001
                continue
            if offer is None or sample_at > to:
                return
            now = sample_at
            if offer(p, now) <= now:  # what a sample changed, the core reads at once
                effects = p.handle(tick, now)
                decided(effects.decisions)
                wait = effects.wait
                if effects.due is not None and (due is None or effects.due < due):
                    due = max(effects.due, now + 0.001)
            sample_at = now + every

    end_t = 0.0
    for t, ev in events:
        if resample is not None and isinstance(ev, Activity | Foreground | Processes):
            continue  # the samples are taken here
        advance(t)
        now = end_t = t
        if isinstance(ev, Marker):
            if marker is not None:
                marker(now, ev.label)
            continue
        if isinstance(ev, Exit):
            advance(now)  # the end is reported at once, with no time given after it
            decided(p.handle(ev, now).decisions)
            return
        if isinstance(ev, Output):
            taken = wait.take(ev.data, now) if wait is not None else REFUSED
            if taken:  # a frame that waits: no event
                out, settled, d = ev.data, taken == SETTLED, wait.due
            else:
                effects = p.handle(ev, now)
                out, settled, d, wait = (effects.passthrough, effects.settled, effects.due,
                                         effects.wait)
            stream.feed(out)
            if (stream.title, stream.progress) != titled:
                titled = (stream.title, stream.progress)
                wait = p.handle(Retitled(*titled), now).wait
            if not settled:
                effects = p.handle(Written(nothing_due=due is None or due > now), now)
                d, wait = effects.due, effects.wait
        else:
            effects = p.handle(ev, now)
            d, wait = effects.due, effects.wait
        if d is not None:
            d = max(d, now)  # a deadline already past is now, as in a live loop
            if due is None or d < due:
                due = d
    advance(end_t + after)


def capture_events(cap: Capture, until: float | None = None) -> Iterator[Timed]:
    """A capture's records as the core's events (and markers), up to `until`. Typing
    reaches the program itself unless the last foreground change put another in front."""
    front = True
    for ev in cap.events:
        if until is not None and ev.t > until:
            return
        if ev.type == "o":
            yield ev.t, Output(ev.data)
        elif ev.type == "i":
            yield ev.t, Typed(ev.data, front)
        elif ev.type == "f" and (fg := foreground_row(ev.payload)) is not None:
            front = fg[2]
            yield ev.t, Foreground(*fg)
        elif ev.type == "a" and (act := activity_row(ev.payload)) is not None:
            yield ev.t, Activity(*act)
        elif ev.type == "r":
            yield ev.t, Resize(*parse_size(str(ev.payload)))
        elif ev.type == "h" and isinstance(ev.payload, dict):
            data = ev.payload.get("data")
            yield ev.t, Hook(str(ev.payload.get("event", "")),
                             data if isinstance(data, dict) else {})
        elif ev.type == "p":
            rows = process_rows(ev.payload) or []
            yield ev.t, Processes({pid: Proc(pid, ppid, name, cmd)
                                   for pid, ppid, name, cmd in rows})
        elif ev.type == "m":
            yield ev.t, Marker(str(ev.payload))
        elif ev.type == "x":
            try:
                status = int(ev.payload)
            except (TypeError, ValueError):
                status = 0
            yield ev.t, Exit(status, status > 128)


class CaptureActivity:
    """The activity samples a live session takes of a program on the generic manifest,
    for the replay of a capture recorded without them (no ``a`` row: the agent test
    harness records none): the live sampler's own decision
    (:class:`~.activity.ActivityDecision`), fed the output bytes and last input the
    replayed core counts from the capture's ``o`` and ``i`` rows, the program's children
    from its last ``p`` row (each process whose parent is no other row's: a child of the
    program; none before the first such row or without one), and its CPU time from its
    last ``c`` row (recordings older than that row have none: never "using CPU").
    Offered the time by :func:`drive` (`add_samples`), it samples when a live session
    would: once due, at a tick of the live loop (at once when output or input came since
    the last offer, else SAMPLE_SLACK after its own or its foreground sample's deadline,
    with their backoff). Not followed: a live sample's wait for the end of a hold of
    spinner frames (``hold_until``)."""

    def __init__(self, cap: Capture) -> None:
        self.decision = ActivityDecision()
        self.woke: float | None = None  # the last activity seen (output, input, the start)
        self._seen = (-1, -1.0)
        kids: list[tuple[float, int]] = []
        cpus: list[tuple[float, float]] = []
        for ev in cap.events:
            if ev.type == "p" and (rows := process_rows(ev.payload)) is not None:
                pids = {pid for pid, _, _, _ in rows}
                kids.append((ev.t, sum(1 for _, ppid, _, _ in rows if ppid not in pids)))
            elif ev.type == "c" and (cpu := cpu_row(ev.payload)) is not None:
                cpus.append((ev.t, cpu))
        # in time order, for the search by time (a capture's clock may step back; the
        # sort is stable: of rows at the same time the later one still counts)
        kids.sort(key=lambda r: r[0])
        cpus.sort(key=lambda r: r[0])
        self._times, self._kids = [t for t, _ in kids], [n for _, n in kids]
        self._cpu_times, self._cpu = [t for t, _ in cpus], [c for _, c in cpus]
        self._now = 0.0
        self._fg_next = 0.0  # the live sampler's next foreground sample

    def __call__(self, p: Pipeline, now: float) -> float:
        seen = (p.output_bytes, p.last_input)
        fresh = seen != self._seen or self.woke is None
        if fresh:
            self._seen, self.woke = seen, now
        d, woke = self.decision, now if self.woke is None else self.woke
        # the live loop wakes for its foreground samples too (the same backoff)
        fg = self._fg_next if self._fg_next <= woke + WATCH else NEVER
        if not fresh and now < min(fg, d.deadline(woke)) + SAMPLE_SLACK:
            return NEVER  # no tick of the live loop now
        if now >= self._fg_next:
            self._fg_next = now + max(FG_PERIOD, now - woke)
        if now < d.next:
            return NEVER
        self._now = now
        event = d.sample(p, now, self.woke, self._reading)
        if event is None:
            return NEVER
        due = p.handle(event, now).due
        return NEVER if due is None else due

    def _reading(self) -> tuple[float | None, int]:
        """The CPU time and the children in the last ``c`` and ``p`` rows up to the sample
        (no CPU time before the first ``c`` row, or without one)."""
        i = bisect_right(self._times, self._now)
        j = bisect_right(self._cpu_times, self._now)
        return self._cpu[j - 1] if j else None, self._kids[i - 1] if i else 0


def capture_activity(cap: Capture, generic: bool) -> CaptureActivity | None:
    """The activity samples to take in the replay of `cap` (:class:`CaptureActivity`):
    for a program read with the generic manifest (`generic`) in a capture without ``a``
    rows; None when the capture holds its own (they are replayed as recorded) or a
    manifest reads the program (a live session takes none then)."""
    if not generic or any(ev.type == "a" for ev in cap.events):
        return None
    return CaptureActivity(cap)
