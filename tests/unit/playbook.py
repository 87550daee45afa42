"""Event-in / effect-out playbooks for the core: a test reads as what happened and what the
core said to do about it, through its one entry (:meth:`Pipeline.handle`).

    pb = Playbook(pipeline)
    pb.at(0.0) >> Output(b"Continue? [y/N] ") >> Written() << Want(due=0.04)
    pb.at(0.04) >> Tick() << Want(states=["blocked"])

``>> event`` hands the event to the core at the playbook's clock (``at``) and keeps its
effects; ``<< Want(...)`` checks the fields it names of the last effects (``states``:
the states of the decisions, in order). After an :class:`Output` the playbook reads the
passthrough with a stream tracker and hands the core a :class:`Retitled` when the title
or progress changed, as the session and replay do. :meth:`Playbook.frame` is a round of
output as the session runs it (offered to the core's ``Effects.wait`` first),
:meth:`Playbook.until` gives the core the time it asks for (the loop timer), as
:func:`osc7501wrap.fusion.drive.drive` does. ``pb.at(t).take(data)`` offers a read to
that ``wait`` alone (``taken``: what it said).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from osc7501wrap.fusion.events import Effects, Event, Output, Retitled, Tick, Written
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.fusion.wait import REFUSED, SETTLED, Wait
from osc7501wrap.stream.tracker import StreamTracker

_ANY = object()


@dataclass(frozen=True)
class Want:
    """The fields of an :class:`Effects` a step expects; those not named are not checked."""

    passthrough: object = _ANY
    to_child: object = _ANY
    states: object = _ANY  # [decision.state, ...]
    due: object = _ANY
    settled: object = _ANY
    dialog: object = _ANY

    def check(self, got: Effects) -> None:
        seen = {"passthrough": got.passthrough, "to_child": got.to_child,
                "states": [d.state for d in got.decisions], "due": got.due,
                "settled": got.settled, "dialog": got.dialog}
        wrong = {name: (seen[name], want) for name, want in vars(self).items()
                 if want is not _ANY and seen[name] != want}
        assert not wrong, f"effects (got, wanted): {wrong}"


@dataclass
class Playbook:
    """A pipeline driven event by event on the test's clock (see the module doc)."""

    p: Pipeline
    now: float = 0.0
    last: Effects = field(default_factory=Effects)
    decisions: list[Decision] = field(default_factory=list)  # every decision so far
    due: float | None = None  # the earliest time the core asked for, not yet given
    budget: float | None = None  # the time budget of the ticks :meth:`until` gives
    stream: StreamTracker = field(default_factory=StreamTracker)
    wait: Wait | None = None  # the core's taker of frames that wait, as effects last said
    taken: int = REFUSED  # what it said of the last read offered to it (take)
    _titled: tuple[object, object] = (None, None)

    def at(self, now: float) -> Playbook:
        self.now = now
        return self

    def __rshift__(self, event: Event) -> Playbook:
        self.last = effects = self.p.handle(event, self.now)
        self.wait = effects.wait
        self.decisions.extend(effects.decisions)
        # a Tick, and a round whose frame was read at once (or waits), say it afresh, as
        # the session takes them; any other event may only ask sooner
        due = effects.due
        if (isinstance(event, Tick) or (isinstance(event, Written) and effects.settled)
                or (due is not None and (self.due is None or due < self.due))):
            self.due = due
        if isinstance(event, Output):
            self.stream.feed(effects.passthrough)
            titled = (self.stream.title, self.stream.progress)
            if titled != self._titled:
                self._titled = titled
                self.wait = self.p.handle(Retitled(*titled), self.now).wait
        return self

    def take(self, data: bytes) -> Playbook:
        """Offer `data`, read at the playbook's clock, to the core's ``wait`` (as the
        drivers do before an ``Output``); ``taken`` says what it did. Taken, it is
        written (the stream tracker reads it) and ``last`` holds the effects its
        ``Output`` would have had; refused (or no ``wait``), nothing happened."""
        wait = self.wait
        self.taken = taken = wait.take(data, self.now) if wait is not None else REFUSED
        if taken:
            assert wait is not None
            self.last = Effects(data, due=wait.due, settled=taken == SETTLED, wait=wait)
            if wait.due is not None and (self.due is None or wait.due < self.due):
                self.due = wait.due
            self.stream.feed(data)
        return self

    def __lshift__(self, want: Want) -> Playbook:
        want.check(self.last)
        return self

    # ------------------------------------------------------------- as the drivers run it

    def frame(self, data: bytes, now: float, *, nothing_due: bool = True) -> Effects:
        """A round of output as the session runs it: the output, then (unless the core
        says it is settled) the round written; the time given when it is due at once.
        Returns the round's effects (``settled``: the frame was read at once or waits)."""
        if not self.at(now).take(data).taken:
            self >> Output(data)
        if not self.last.settled:
            self >> Written(nothing_due=nothing_due)
        effects = self.last
        if effects.due is not None and effects.due <= now:
            self >> Tick()
        return effects

    def tick(self, now: float, budget: float | None = None) -> Effects:
        """The time given at `now` (whether or not the core asked for it)."""
        self.at(now) >> Tick(budget)
        return self.last

    def until(self, end: float) -> Playbook:
        """Give the core the time whenever it asked for it, up to `end`."""
        while self.due is not None and self.due <= end:
            at = max(self.due, self.now)
            self.tick(at, self.budget)
            if self.due is not None and self.due <= at:
                self.due = at + 0.001
        self.now = max(self.now, end)
        return self

    def states(self) -> Sequence[str]:
        return [d.state for d in self.decisions]
