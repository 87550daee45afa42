"""The registry entry (`osc7501wrap ls`, :mod:`.registry`) as one of a session's sinks.

:class:`Listing` keeps the entry's state, kind, msg and dialog as decided, writes what
:class:`~.registry.SessionFile` holds back when it is due, notes the exit status and,
when the session ends, leaves the ended entry (or removes the file when the program's
exit was never seen). :mod:`.registry` itself stays light: `ls` and `send` read it
without loading the core.

A blocked state that comes before its dialog is read (an agent's hook or its own report
says a dialog is coming; the screen draws it a moment later) waits up to DIALOG_WAIT for
it, so that `events` and `ls` tell each dialog once and with its dialog; a blocked state
whose dialog is never read is listed when the wait ends, once, without one.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ..fusion.fusion import Decision
from ..protocol import sanitize_text
from ..report.sink import Sink
from .registry import SessionFile

MSG_LIMIT = 300
#: how long a blocked state waits for its dialog to be read before it is listed without
DIALOG_WAIT = 1.0


class Listing(Sink):
    """One session's registry entry; see the module docstring."""

    def __init__(self, file: SessionFile) -> None:
        self.file = file
        self.ended: dict[str, Any] | None = None  # exit status and time (exited())
        #: a blocked state waiting for its dialog: its fields, until when it waits
        self.held: tuple[dict[str, Any], float] | None = None

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        fields = {"state": decision.state, "kind": decision.kind,
                  "msg": sanitize_text(decision.msg or "", MSG_LIMIT), "dialog": dialog}
        entry = self.file.entry
        if decision.state == "blocked" and dialog is None and (
                self.held is not None or entry.get("state") != "blocked"):
            # said before the dialog is drawn: wait for it (see the module docstring)
            self.held = (fields, self.held[1] if self.held is not None
                         else now + DIALOG_WAIT)
            return
        self.held = None
        self._write(fields)

    def _write(self, fields: Mapping[str, Any]) -> None:
        entry = self.file.entry
        if any(entry.get(k) != v for k, v in fields.items()):
            self.file.update(**fields)

    def next_deadline(self, now: float) -> float | None:
        due = self.file.next_deadline(now)
        if self.held is not None:
            due = self.held[1] if due is None else min(due, self.held[1])
        return due

    def poll(self, now: float) -> None:
        if self.held is not None and now >= self.held[1]:
            fields, self.held = self.held[0], None
            self._write(fields)  # no dialog was read: listed once, without one
        self.file.flush(force=True)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        if self.held is not None:  # the last state is listed, dialog or not
            fields, self.held = self.held[0], None
            self._write(fields)
        self.ended = {"status": status, "ended": time.time()}
        return b""

    def close(self) -> None:
        if self.ended is not None:
            self.file.end(**self.ended)
        else:
            self.file.remove()
