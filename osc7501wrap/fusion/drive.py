"""The one way the core is driven: :func:`drive` over a list of events on their own clock.

A live session (session/session.py) makes the same calls in the same order from the proxy
loop; ``osc7501wrap replay``, the corpus tests and the unit tests call :func:`drive`:

* output: :meth:`Pipeline.output`, the answers for the child taken, then
  :meth:`Pipeline.round_done` once it is written (a spinner frame may be read at once);
* typing, a resize, a hook event: the call, then :meth:`Pipeline.advance` at once;
* whenever the core asked for the time (``due``): :meth:`Pipeline.advance`;
* the exit: :meth:`Pipeline.finish`, and nothing after it.

Events are :class:`Event` (``t``, ``type``, ``value``): ``o``/``i`` bytes, ``r``
(rows, cols), ``h`` (hook event, data), ``p`` the program's descendants (``{pid:
background.Proc}``), ``m`` a ground-truth label (passed on, not decided on), ``x`` the
exit status. Nothing here reads a file or a clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..stream.tracker import StreamTracker
from .fusion import Decision
from .pipeline import Pipeline


@dataclass(frozen=True)
class Event:
    """One input of the core, at time ``t`` of the driver's clock."""

    t: float
    type: str  # o i r h p m x
    value: Any


def drive(p: Pipeline, events: Iterable[Event], decided: Callable[[list[Decision]], None],
          marker: Callable[[float, str], None] | None = None, *, after: float = 2.0,
          budget: float = 1.0) -> None:
    """Drive `p` through `events` (see the module doc). `decided` gets each list of
    decisions as the core returns them; `marker` the ``m`` events. After the last event,
    the core is given `after` more seconds (unless the program exited)."""
    due: float | None = 0.0
    stream = StreamTracker()  # the title and progress, as the proxy's tracker reads them

    def advance(to: float) -> None:
        nonlocal due
        while due is not None and due <= to:
            now = due
            changes = p.advance(now, budget=budget)
            decided(changes.decisions)
            due = changes.due
            if due is not None and due <= now:
                due = now + 0.001

    end_t = 0.0
    p_title: str | None = None
    p_progress: tuple[int, int | None] | None = None
    for ev in events:
        advance(ev.t)
        now = end_t = ev.t
        kind, value = ev.type, ev.value
        if kind == "o":
            stream.feed(p.output(value, now))
            p.take_answers()
            if stream.title != p_title or stream.progress != p_progress:
                p_title, p_progress = stream.title, stream.progress
                p.retitled(p_title, p_progress)
            d = p.round_done(now, quiet=due is None or due > now)
            if d is not None:
                d = max(d, now)  # a deadline already past is now, as in a live loop
                if due is None or d < due:
                    due = d
            continue
        if kind == "i":
            p.input(value, now)
        elif kind == "r":
            p.resize(value[0], value[1], now)
        elif kind == "h":
            p.hook(value[0], value[1], now)
        elif kind == "p":
            p.processes(value, now)
        elif kind == "m":
            if marker is not None:
                marker(now, value)
            continue
        elif kind == "x":
            advance(now)  # the end is reported at once, with no time given after it
            decided(p.finish(int(value), int(value) > 128, now)[1].decisions)
            return
        else:
            continue
        due = now  # as a live session: typing, a resize, a hook event are taken at once
    advance(end_t + after)
