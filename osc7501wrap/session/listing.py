"""The registry entry (`osc7501wrap ls`, :mod:`.registry`) as one of a session's outputs.

:class:`Listing` keeps the entry's state, kind, msg and dialog as decided, writes what
:class:`~.registry.SessionFile` holds back when it is due, notes the exit status and,
when the session ends, leaves the ended entry (or removes the file when the program's
exit was never seen). :mod:`.registry` itself stays light: `ls` and `send` read it
without loading the core.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ..fusion.fusion import Decision
from ..protocol import sanitize_text
from ..report.output import Output
from .registry import SessionFile

MSG_LIMIT = 300


class Listing(Output):
    """One session's registry entry; see the module docstring."""

    def __init__(self, file: SessionFile) -> None:
        self.file = file
        self.ended: dict[str, Any] | None = None  # exit status and time (exited())

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        fields = {"state": decision.state, "kind": decision.kind,
                  "msg": sanitize_text(decision.msg or "", MSG_LIMIT), "dialog": dialog}
        entry = self.file.entry
        if any(entry.get(k) != v for k, v in fields.items()):
            self.file.update(**fields)

    def next_deadline(self, now: float) -> float | None:
        return self.file.next_deadline(now)

    def poll(self, now: float) -> None:
        self.file.flush(force=True)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        self.ended = {"status": status, "ended": time.time()}
        return b""

    def close(self) -> None:
        if self.ended is not None:
            self.file.end(**self.ended)
        else:
            self.file.remove()
