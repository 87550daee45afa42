"""What a terminal keeps of a program's OSC 7501 reports: :class:`RecordStore`, a
reference terminal for the protocol's store vectors (tests/unit/test_protocol_store.py,
tests/pty/test_protocol_exit.py).

One record per id, whole replacement, subtree clear, capacity, the lifetime events
(prompt, exit, RIS) and the OSC 9;4 fallback, as docs/protocol.md (notes 9-10) says a
terminal keeps them. wrap itself keeps no such store: it writes reports, a terminal keeps
them.

Not here: parsing OSC 133, RIS or OSC 9;4 (the caller tells the store about them).
"""

from __future__ import annotations

from osc7501wrap.protocol import MAX_RECORDS, Report

_CLEARED_AT_PROMPT = ("working", "blocked", "idle")


class RecordStore:
    """The records a terminal keeps for one pty, as the protocol describes them.

    One record per id (root is ""), each report replacing its record whole; ``clear``
    removes a record and its subtree (without an id: everything); at most `capacity`
    records, evicting the least recently updated. Lifetime events are called by the
    owner: :meth:`prompt` (a new prompt, OSC 133 A), :meth:`exited` (the program on the
    pty exited), :meth:`reset` (RIS). See interpretation notes 9 and 10.
    """

    def __init__(self, capacity: int = MAX_RECORDS) -> None:
        self.capacity = max(1, capacity)
        self._records: dict[str, Report] = {}  # insertion order = update order
        self._osc94 = True  # OSC 9;4 maps to root until the first 7501 report

    def apply(self, report: Report) -> None:
        """Apply one report (replace its record, or clear a subtree)."""
        self._osc94 = False
        self._apply(report)

    def _apply(self, report: Report) -> None:
        rid = report.id or ""
        if report.state == "clear":
            if not rid:
                self._records.clear()
            else:
                below = rid + "/"
                for key in [k for k in self._records if k == rid or k.startswith(below)]:
                    del self._records[key]
            return
        self._records.pop(rid, None)
        while len(self._records) >= self.capacity:
            del self._records[next(iter(self._records))]
        self._records[rid] = report

    def apply_osc94(self, st: int, pr: int | None = None) -> None:
        """Map ConEmu progress ``OSC 9;4;st[;pr]`` to the root record, until the first
        OSC 7501 report (then ignored until :meth:`reset`)."""
        if not self._osc94:
            return
        progress = pr if pr is not None and 0 <= pr <= 100 else None
        if st == 0:
            self._apply(Report("idle"))
        elif st == 1:
            self._apply(Report("working", progress=progress))
        elif st == 2:
            self._apply(Report("error"))
        elif st in (3, 4):
            self._apply(Report("working"))

    def _drop_active(self) -> None:
        for key in [k for k, r in self._records.items() if r.state in _CLEARED_AT_PROMPT]:
            del self._records[key]

    def prompt(self) -> None:
        """A new shell prompt: working, blocked and idle records go; done/error stay."""
        self._drop_active()

    def exited(self) -> None:
        """The program attached to the pty exited: as :meth:`prompt`."""
        self._drop_active()

    def reset(self) -> None:
        """RIS: every record goes, and OSC 9;4 maps to root again."""
        self._records.clear()
        self._osc94 = True

    def get(self, rid: str = "") -> Report | None:
        return self._records.get(rid)

    def ids(self) -> list[str]:
        """Record ids, least recently updated first."""
        return list(self._records)

    def records(self) -> list[Report]:
        return list(self._records.values())

    def effective_app(self, rid: str = "") -> str | None:
        """The record's app, else the nearest ancestor's (root included)."""
        while True:
            rec = self._records.get(rid)
            if rec is not None and rec.app:
                return rec.app
            if not rid:
                return None
            rid = rid.rpartition("/")[0]
