"""One interface for every place the state shows: :class:`Sink`.

A session holds its sinks as one composite (:class:`.sinks.Sinks`: chosen once at its
boot, for what goes to the terminal and beside it; the session adds its registry entry and
the ledger), which treats them alike:

* :meth:`Sink.decided`: a decision to show (with the dialog the screen shows while it
  is blocked); :meth:`Sink.subreported`: the program's own report with an id;
* :meth:`Sink.due_bytes`: bytes for the terminal at the next safe point of the stream
  (between two writes of the child); never more than OSC sequences or a BEL;
* :meth:`Sink.next_deadline`: when it next needs the time, for bytes to write or for
  its own I/O; :meth:`Sink.poll` is that time given (an asynchronous output starts,
  reaps or gives up its I/O there and never blocks the loop);
* :meth:`Sink.exited`: the program exited (the last bytes); :meth:`Sink.close`:
  the session ends (an asynchronous output may wait a moment for what it queued).

The places: the OSC 7501 emitter with its fallbacks (:mod:`.emitter`), the window-title
marker (:class:`TitleMarker`), the terminals' own channels (:mod:`.terminals`), tmux
pane options (:mod:`.tmux_display`), herdr (:mod:`.herdr`) and the registry entry
(:mod:`osc7501wrap.session.listing`). Which of them a session gets is chosen from the
config and one detection of the terminal (:func:`.detect.detect`).

Not here: deciding states (fusion), the loop's timers and safe points (the session).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..fusion.fusion import Decision
from ..protocol import Report, sanitize_text
from ..stream.tracker import StreamTracker

#: The window-title marks of the published states (``[fallbacks] title``).
TITLE_MARKS = {"working": "▶", "blocked": "⏸", "done": "✔", "error": "✖"}


class Sink:
    """One place people look; see the module docstring. Every method is called from the
    loop and must be cheap; the defaults do nothing."""

    #: reads the child's stream (the program's own title): the session gives it the time
    #: when the program announced something, also on a frame that changed nothing else
    reads_stream = False

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        """Show `decision` (`dialog`: what the screen asks while it is blocked)."""

    def subreported(self, report: Report, now: float) -> None:
        """The program's own report with an id (a sub-record)."""

    def due_bytes(self, now: float) -> bytes:
        """Bytes to write to the terminal now (a safe point of the stream)."""
        return b""

    def next_deadline(self, now: float) -> float | None:
        """When it next needs the time (:meth:`poll`, or :meth:`due_bytes` has bytes)."""
        return None

    def poll(self, now: float) -> None:
        """The time it asked for."""

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        """The program exited: the last bytes for the terminal."""
        return b""

    def close(self) -> None:
        """The session ends."""


class TitleMarker(Sink):
    """``[fallbacks] title``: without OSC 7501, the state as a mark before the program's
    own window title, set again whenever the program sets its title or the state
    changes; at exit the program's own title comes back (`tracker`: the child's stream,
    its title and its title events)."""

    reads_stream = True

    def __init__(self, *, app: str, tracker: StreamTracker) -> None:
        self.app = app
        self._tracker = tracker
        self._state: str | None = None
        self._shown: str | None = None
        self._out = b""
        self.marked = False  # a mark was ever written: the exit writes the own title back

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self._state = decision.state
        self._mark()

    def next_deadline(self, now: float) -> float | None:
        return now if self._out or self._tracker.events else None

    def poll(self, now: float) -> None:
        if self._tracker.events and any(
                code == "title" for code, _ in self._tracker.take_events()):
            self._shown = None  # the program set its title: mark it again
            self._mark()

    def due_bytes(self, now: float) -> bytes:
        out, self._out = self._out, b""
        return out

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        if not self.marked:
            return b""
        own = sanitize_text(self._tracker.title or "", 160)
        return b"\x1b]2;" + own.encode() + b"\x1b\\"  # the program's own title back

    def _mark(self) -> None:
        if self._state is None:
            return
        mark = TITLE_MARKS.get(self._state, "")
        own = sanitize_text(self._tracker.title or "", 160) or self.app
        text = f"{mark} {own}" if mark else own
        if not mark and self._shown is None and not self.marked:
            return  # nothing marked yet: leave the program's own title alone
        self.marked = self.marked or bool(mark)
        if text != self._shown:
            self._shown = text
            self._out = b"\x1b]2;" + text.encode() + b"\x1b\\"
