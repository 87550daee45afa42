"""A session's sinks as one object: :class:`Sinks`.

The session holds one :class:`Sinks` and drives it as it would drive one
:class:`~.sink.Sink` (decided, subreported, due_bytes, next_deadline, poll, exited,
close); it never tells the parts apart. The composite owns:

- the list and its order, said once (:data:`ORDER`): calls and bytes at a safe point go
  in that order. The OSC 7501 emitter (or its fallbacks) first, then the registry entry
  (so that `jump` from tmux's key finds what the light shows), tmux's pane options, the
  terminals' own channels, the window-title marker, herdr, the ledger;
- the choice (:meth:`Sinks.chosen`), from the config and the one detection of the
  terminal (:class:`.detect.Terminal`, read before the child started and passed down);
- notification routing, decided in one place (:func:`route`): a terminal that takes OSC
  7501 alerts by itself, so then nothing of wrap's notifies; else kitty's OSC 99 channel
  when the terminal takes it, else the emitter through ``notify_via``;
- late changes: the outer terminal's name as tmux tells it (:meth:`Sinks.named`: the
  channels ``$TERM_PROGRAM`` no longer shows inside tmux) and a terminal that answers the
  OSC 7501 query after the probe gave up (:meth:`Sinks.answered_late`). A part made
  anew is handed the last decision at once;
- failure isolation: a part that raises is taken out of the list, with one log line; the
  others and the passthrough go on.

Not here: what each part writes (its own module), the loop's timers and safe points (the
session), deciding states (fusion).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..config import Fallbacks
from ..fusion.fusion import Decision
from ..protocol import Report, sanitize_text
from ..stream.tracker import StreamTracker
from .detect import Terminal
from .emitter import Emitter
from .sink import Sink, TitleMarker
from .terminals import TerminalChannels, choose, notify_via
from .tmux_display import TmuxDisplay

#: The parts in the order they are called and their bytes written (see the docstring).
ORDER = ("emitter", "listing", "tmux", "channels", "title", "herdr", "ledger")


@dataclass(frozen=True)
class Place:
    """What a session is called and where it runs, beside the terminal."""

    fallbacks: Fallbacks
    record_id: str
    app: str  # the app name in reports
    agent: str  # the name people know the session by (tmux's @osc7501_agent)
    manifest: str  # the manifest's name (the terminals' channels)
    argv: tuple[str, ...]  # the program's command line (herdr's `agent` of a program)
    cwd: str  # "" when unknown
    path: str | None = None  # $PATH, to find tmux when its server's binary is unknown


@dataclass(frozen=True)
class Route:
    """Which part says what (:func:`route`): whether reports are OSC 7501 (`emit`), the
    terminals' own channels, and which one channel notifies."""

    emit: bool
    channels: frozenset[str]
    #: "terminal" (it takes OSC 7501 and alerts by itself), "osc99" (kitty's channel), or
    #: the emitter's channel (osc9 | osc777 | osc99 | bel | none)
    notifier: str

    @property
    def emitter_notifies(self) -> bool:
        return not self.emit and "osc99" not in self.channels


def route(fallbacks: Fallbacks, terminal: Terminal, *, emit: bool) -> Route:
    """The one decision of which channel notifies (see the module docstring)."""
    channels = choose(fallbacks.channels, terminal)
    if emit:
        return Route(True, channels - {"osc99"}, "terminal")
    if "osc99" in channels:
        return Route(False, channels, "osc99")
    return Route(False, channels, notify_via(fallbacks.notify_via, terminal))


class Sinks:
    """The sinks of one session; see the module docstring. Every method is called from
    the loop, never raises and never blocks."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self._log = log
        self._parts: dict[str, Sink] = {}
        self._ordered: tuple[tuple[str, Sink], ...] = ()
        self._dues: list[tuple[str, Sink, float | None]] = []  # as next_deadline said
        self._shown: tuple[Decision, Mapping[str, Any] | None] | None = None
        self._now = 0.0  # the loop's time as last given: a part made late is told then
        self._ended = False
        self._place: Place | None = None
        self._terminal: Terminal | None = None
        self._route: Route | None = None
        # the two parts a late fact changes, as made here (None once taken out)
        self._emitter: Emitter | None = None
        self._tmux: TmuxDisplay | None = None
        #: a part reads the child's stream (the title marker): it needs the time when the
        #: program announced something, also on a frame that changed nothing else
        self.reads_stream = False

    @classmethod
    def chosen(cls, place: Place, terminal: Terminal, *, emit: bool, tracker: StreamTracker,
               log: Callable[[str], None]) -> Sinks:
        """The sinks of a session that writes to its terminal: the emitter, and beside
        it what the terminal, the config and the panes around take."""
        outs = cls(log)
        outs._place, outs._terminal = place, terminal
        r = outs._route = route(place.fallbacks, terminal, emit=emit)
        fb = place.fallbacks
        outs._emitter = outs._make_emitter(r)
        outs.add("emitter", outs._emitter)
        outs._tmux = TmuxDisplay.for_pane(terminal.tmux, place.path, log=log,
                                          agent=place.agent, progress=emit,
                                          on_terminal=outs.named)
        outs.add("tmux", outs._tmux)
        outs.add("channels", outs._channels(r))
        if fb.title and not emit:
            outs.add("title", TitleMarker(app=place.app, tracker=tracker))
        if terminal.herdr is not None:
            # lazy: only in a herdr pane (json, socket and the lease)
            from .herdr import HerdrReporter, agent_label

            outs.add("herdr", HerdrReporter.for_pane(
                terminal.herdr, agent_label(place.manifest, list(place.argv)), log=log))
        return outs

    # ------------------------------------------------------------------ the list

    def add(self, name: str, sink: Sink | None) -> None:
        """`sink` in its place `name` of :data:`ORDER` (replacing what was there; None
        takes it out)."""
        if name not in ORDER:
            raise ValueError(f"no place named {name!r} among the sinks: {ORDER}")
        if sink is None:
            self._parts.pop(name, None)
            if name == "emitter":
                self._emitter = None
            elif name == "tmux":
                self._tmux = None
        else:
            self._parts[name] = sink
        self._ordered = tuple((n, self._parts[n]) for n in ORDER if n in self._parts)
        self.reads_stream = any(out.reads_stream for _, out in self._ordered)

    def get(self, name: str) -> Sink | None:
        """The part in place `name`, or None."""
        return self._parts.get(name)

    def names(self) -> list[str]:
        """The places filled, in order."""
        return [name for name, _ in self._ordered]

    def _failed(self, name: str, sink: Sink, err: Exception) -> None:
        """`sink` raised: it leaves the list (one log line); the rest go on."""
        if self._parts.get(name) is sink:
            self.add(name, None)
            self._log(sanitize_text(f"note output {name} off: {type(err).__name__}: {err}",
                                    300))

    # ------------------------------------------------------------------ as one sink

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self._shown, self._now = (decision, dialog), now
        for name, out in self._ordered:
            try:
                out.decided(decision, now, dialog)
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, out, err)

    def subreported(self, report: Report, now: float) -> None:
        for name, out in self._ordered:
            try:
                out.subreported(report, now)
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, out, err)

    def due_bytes(self, now: float) -> bytes:
        """The bytes for the terminal now (a safe point of the stream), in order."""
        self._now = now
        out: list[bytes] = []
        for name, part in self._ordered:
            try:
                data = part.due_bytes(now)
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, part, err)
                continue
            if data:
                out.append(data)
        return b"".join(out)

    def next_deadline(self, now: float) -> float | None:
        """The earliest time a part needs (:meth:`poll` then polls those that asked)."""
        self._now = now
        dues: list[tuple[str, Sink, float | None]] = []
        first: float | None = None
        for name, out in self._ordered:
            try:
                d = out.next_deadline(now)
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, out, err)
                continue
            dues.append((name, out, d))
            if d is not None and (first is None or d < first):
                first = d
        self._dues = dues
        return first

    def poll(self, now: float) -> None:
        """Each part whose time, as it said at :meth:`next_deadline`, has come (tmux's
        answer may change the list meanwhile: the parts asked are polled)."""
        self._now = now
        for name, out, d in self._dues:
            if d is not None and d <= now:
                try:
                    out.poll(now)
                except Exception as err:  # one part's fault: the others go on
                    self._failed(name, out, err)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        """The program exited: each part's last bytes, in order (the registry entry notes
        the status for its ended entry)."""
        self._ended = True
        out: list[bytes] = []
        for name, part in self._ordered:
            try:
                out.append(part.exited(status, signaled, now))
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, part, err)
        return b"".join(out)

    def close(self) -> None:
        """The session ends: each part closes (herdr releases the pane, the ledger's
        thread writes its last rows); the list is empty after."""
        ordered, self._ordered, self._parts, self._dues = self._ordered, (), {}, []
        self.reads_stream = False
        for name, out in ordered:
            try:
                out.close()
            except Exception as err:  # one part's fault: the others still close
                self._log(sanitize_text(f"note output {name}: {type(err).__name__}: {err}",
                                        300))

    def buffers(self) -> dict[str, tuple[int, int]]:
        """Reports queued now and the most ever queued (``explain --session``)."""
        em = self._emitter
        return {"emitter": (em.queued, em.queue_high)} if em is not None else {}

    # ------------------------------------------------------------------ late changes

    def named(self, name: str) -> None:
        """tmux told the outer terminal's name: the channels it takes, if that adds any."""
        place, terminal, r = self._place, self._terminal, self._route
        if place is None or terminal is None or r is None or self._ended:
            return
        terminal = terminal.named(name)
        new = route(place.fallbacks, terminal, emit=r.emit)
        if new.channels <= r.channels:
            return  # nothing added (a name never takes away what the environment said)
        self._terminal = terminal
        self._log(sanitize_text(f"note terminal {name}: channels "
                                f"{', '.join(sorted(new.channels))}", 300))
        self._reroute(new)

    def answered_late(self, now: float) -> bool:
        """The terminal answered the OSC 7501 query after the probe gave up: reports are
        OSC 7501 from now on (False: they were already, or nothing writes reports)."""
        r = self._route
        if r is None or r.emit or self._ended:
            return False
        self._now = now
        assert self._place is not None and self._terminal is not None
        self._log("note the terminal answered the OSC 7501 query late; emitting")
        self._reroute(route(self._place.fallbacks, self._terminal, emit=True))
        return True

    def _reroute(self, new: Route) -> None:
        """Make the parts `new` changes, each handed the last decision at once."""
        old, self._route = self._route, new
        assert old is not None
        if new.emit != old.emit:
            if self._emitter is not None:
                self._emitter = self._make_emitter(new)
                self._replace("emitter", self._emitter)
            if self._tmux is not None:
                self._tmux.progress = new.emit  # the emitter no longer writes OSC 9;4
        elif new.notifier != old.notifier and self._emitter is not None:
            self._emitter.notify_via = self._via(new)
        if new.channels != old.channels:
            self._replace("channels", self._channels(new))

    def _replace(self, name: str, sink: Sink | None) -> None:
        self.add(name, sink)
        if sink is not None and self._shown is not None:
            decision, dialog = self._shown
            try:
                sink.decided(decision, self._now, dialog)
            except Exception as err:  # one part's fault: the others go on
                self._failed(name, sink, err)

    # ------------------------------------------------------------------ the parts

    @staticmethod
    def _via(r: Route) -> str:
        return r.notifier if r.emitter_notifies else "none"

    def _make_emitter(self, r: Route) -> Emitter:
        """The OSC 7501 emitter (or its fallbacks), with the notifications `r` gives it."""
        place = self._place
        assert place is not None and self._terminal is not None
        fb = place.fallbacks
        return Emitter(record_id=place.record_id, app=place.app,
                       title=os.path.basename(place.cwd) or None, seven501=r.emit,
                       tmux_depth=self._terminal.tmux.depth, progress_fallback=fb.progress,
                       notify=frozenset(fb.notify) if r.emitter_notifies else frozenset(),
                       notify_via=self._via(r), cooldown=float(fb.cooldown))

    def _channels(self, r: Route) -> TerminalChannels | None:
        """The terminals' own channels `r` chose, or None."""
        place, terminal = self._place, self._terminal
        assert place is not None and terminal is not None
        if not r.channels:
            return None
        return TerminalChannels(r.channels, agent=place.manifest, name=place.agent,
                                cwd=place.cwd, where=terminal.where,
                                note_id=place.record_id,
                                notify=frozenset(place.fallbacks.notify),
                                tmux_depth=terminal.tmux.depth)
