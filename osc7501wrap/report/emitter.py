"""State changes to exact bytes: OSC 7501 reports, their fallbacks, and notifications.

The session feeds decisions in (:meth:`Emitter.update`, :meth:`Emitter.subrecord`) and
asks for bytes only at safe points of the passthrough stream (:meth:`Emitter.due_bytes`,
:meth:`Emitter.final`). Everything this module returns is OSC sequences, tmux DCS
passthrough around them, or BEL: never a cursor move, never SGR, never screen text
outside a validated report or a sanitized notification.

Reports (``seven501=True``):

- a report replaces its record whole, so every report is FULL: state, id, kind,
  progress, app, title and msg, repeated every time; a report identical to the last one
  written is not repeated;
- bursts are coalesced: a report waits `min_interval` (100 ms) from the first change of
  a burst, and a state superseded within that time is dropped (a flicker that returns to
  what is already written writes nothing). ``blocked`` is never delayed: it goes out at
  the next safe point;
- inside tmux (`tmux_depth` > 0) each sequence is wrapped for DCS passthrough, once per
  level (:func:`osc7501wrap.protocol.tmux.wrap_passthrough`);
- the program's own reports with an id (subagents) are re-emitted beneath wrap's record
  as ``<record_id>/<sub_id>`` when that id is valid (at most 8 segments, 128 bytes),
  else dropped; the program's own ``clear`` without an id clears only the children wrap
  created under its record, never every record.

Fallbacks (``seven501=False``): OSC 9;4 progress (:mod:`.fallbacks`), written once per
change and never wrapped for tmux.

Notifications (both modes): for states in `notify`, on the change into that state, at
most once per `cooldown` seconds per state, through `notify_via`: ``osc9``
(``ESC ] 9 ; text ESC \\``), ``osc777`` (``ESC ] 777 ; notify ; title ; body ESC \\``),
``osc99`` (kitty: title, then body), or ``bel``; OSC ones wrapped for tmux passthrough.
The text comes from the screen and is untrusted: it is sanitized (one line, no
controls, no bidi overrides, bounded), ``;`` is removed where the format splits on it,
and an OSC 9 text never starts with ``<digits>;`` (which would read as a ConEmu
command).

Not in scope: deciding states (:mod:`osc7501wrap.fusion.fusion`), finding safe points or writing
to the terminal (the session and proxy), probing the terminal (:mod:`osc7501wrap.protocol.probe`),
the OSC 9;4 mapping and the notification channel (:mod:`.fallbacks`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..config import NOTIFICATIONS
from ..fusion.fusion import Decision, exit_message
from ..protocol import (
    KINDS,
    MAX_APP,
    MAX_ID,
    MAX_ID_SEGMENTS,
    ST,
    Report,
    encode,
    sanitize_text,
    tmux,
    valid_app,
    valid_id,
)
from .fallbacks import osc94
from .sink import Sink

NOTIFY_VIA = (*NOTIFICATIONS, "none")
#: At most this many sub-records under wrap's record (terminals keep at least 64 in all).
MAX_SUBRECORDS = 32
#: Notification text limits (UTF-8 bytes): short enough for any desktop notifier.
NOTE_TITLE = 64
NOTE_BODY = 240

_APP_DROP_RE = re.compile(r"[^A-Za-z0-9_.+-]")
_OSC9_COMMAND_RE = re.compile(r"\d*;")
_PHRASES = {
    ("blocked", "permission"): "needs your permission",
    ("blocked", "question"): "has a question",
    ("blocked", "auth"): "needs you to sign in",
    ("blocked", None): "needs your input",
    ("done", None): "finished",
    ("error", None): "stopped with an error",
    ("working", None): "is working",
    ("idle", None): "is idle",
}


def clean_app(app: str | None) -> str | None:
    """`app` made a valid OSC 7501 app name (bad characters dropped, cut to 32), or None."""
    if not app:
        return None
    cleaned = _APP_DROP_RE.sub("", app)[:MAX_APP]
    return cleaned if valid_app(cleaned) else None


@dataclass
class _Waiting:
    report: Report
    since: float  # when the burst it belongs to began


class Emitter(Sink):
    """Turns decisions into bytes; see the module docstring. Does no I/O itself. As an
    :class:`~.sink.Sink`: :meth:`decided` is :meth:`update`, :meth:`subreported`
    :meth:`subrecord` under the report's id, :meth:`exited` what is waiting, then
    :meth:`final`."""

    def __init__(self, *, record_id: str, app: str | None, title: str | None, seven501: bool,
                 tmux_depth: int = 0, progress_fallback: bool = True,
                 notify: frozenset[str] = frozenset({"blocked"}), notify_via: str = "osc9",
                 cooldown: float = 30.0, min_interval: float = 0.1) -> None:
        if not valid_id(record_id):
            raise ValueError(f"invalid record id {record_id!r}: expected 1 to 8 names of "
                             "[A-Za-z0-9_.+-] joined by '/', at most 128 bytes")
        self.record_id = record_id
        self.app = clean_app(app)
        self.title = (sanitize_text(title, 192) or None) if title else None
        self.seven501 = seven501
        self.tmux_depth = max(0, int(tmux_depth))
        self.progress_fallback = progress_fallback
        self.notify = frozenset(notify)
        self.notify_via = notify_via if notify_via in NOTIFY_VIA else "osc9"
        self.cooldown = cooldown
        self.min_interval = max(0.0, min_interval)
        self._waiting: _Waiting | None = None
        self._written: Report | None = None  # the last root report written
        self._last_94: bytes | None = None
        self._notified: dict[str, float] = {}
        self._subs: dict[str, Report] = {}  # id -> last written sub-record
        self._sub_waiting: dict[str, Report] = {}
        self._children: set[str] = set()  # first segments created under record_id
        self._finished = False
        self.queue_high = 0  # the most reports ever queued at once (noted where queued)
        self._note_id = _APP_DROP_RE.sub("-", record_id)[:32] or "wrap"

    # ------------------------------------------------------------------ inputs

    def report_for(self, decision: Decision) -> Report:
        """The full root report for `decision` (clear carries the id only)."""
        if decision.state == "clear":
            return Report("clear", id=self.record_id)
        kind = decision.kind if decision.state == "blocked" and decision.kind in KINDS else None
        progress = decision.progress if decision.state in ("working", "blocked") else None
        if progress is not None and (type(progress) is not int or not 0 <= progress <= 100):
            progress = None
        return Report(decision.state, id=self.record_id, kind=kind, progress=progress,
                      app=self.app, title=self.title, msg=decision.msg)

    def update(self, decision: Decision, now: float) -> None:
        """Queue the report for `decision` (coalesced; see the module docstring)."""
        if self._finished:
            return
        report = self.report_for(decision)
        if report == self._written:
            self._waiting = None  # back to what is written: the flicker is dropped
            return
        if self._waiting is None:
            self._waiting = _Waiting(report, now)
            self._note_queue()
        else:
            self._waiting.report = report

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self.update(decision, now)

    def subreported(self, report: Report, now: float) -> None:
        self.subrecord(report.id or "", report, now)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        return self.due_bytes(now) + self.final(status, signaled, now)

    def subrecord(self, sub_id: str | None, report: Report, now: float) -> None:
        """Re-emit the program's own report with id `sub_id` beneath wrap's record."""
        if self._finished or not self.seven501:
            return
        if not sub_id:
            if report.state == "clear":  # the program's clear-all: only wrap's children
                for child in sorted(self._children):
                    self._sub_clear(f"{self.record_id}/{child}")
                self._children.clear()
            return
        rid = f"{self.record_id}/{sub_id}"
        if (len(rid.encode("utf-8", "replace")) > MAX_ID
                or rid.count("/") + 1 > MAX_ID_SEGMENTS or not valid_id(rid)):
            return
        if report.state == "clear":
            self._sub_clear(rid)
            if "/" not in sub_id:
                self._children.discard(sub_id)
            return
        live = set(self._subs) | set(self._sub_waiting)
        if rid not in live and len(live) >= MAX_SUBRECORDS:
            return
        progress = report.progress
        if type(progress) is not int or not 0 <= progress <= 100:
            progress = None
        sub = Report(report.state, id=rid, kind=report.kind if report.kind in KINDS else None,
                     progress=progress, app=clean_app(report.app), title=report.title,
                     msg=report.msg)
        if self._subs.get(rid) == sub:
            self._sub_waiting.pop(rid, None)
            return
        self._sub_waiting[rid] = sub
        self._children.add(sub_id.split("/", 1)[0])
        self._note_queue()

    @property
    def queued(self) -> int:
        """Reports waiting to be written (wrap's own, the program's sub-records)."""
        return len(self._sub_waiting) + (self._waiting is not None)

    def _note_queue(self) -> None:
        if self.queued > self.queue_high:
            self.queue_high = self.queued

    def _sub_clear(self, rid: str) -> None:
        below = rid + "/"
        known = [k for k in (*self._subs, *self._sub_waiting) if k == rid or k.startswith(below)]
        for k in known:
            self._subs.pop(k, None)
            self._sub_waiting.pop(k, None)
        self._sub_waiting[rid] = Report("clear", id=rid)
        self._note_queue()

    # ------------------------------------------------------------------ sinks

    def next_deadline(self, now: float) -> float | None:
        """When :meth:`due_bytes` will have bytes to write (None: nothing queued)."""
        if self._finished:
            return None
        times: list[float] = []
        p = self._waiting
        if p is not None:
            times.append(p.since if p.report.state == "blocked" else p.since + self.min_interval)
        if self._sub_waiting:
            times.append(now)
        return min(times) if times else None

    def due_bytes(self, now: float) -> bytes:
        """The bytes to write now (call at a safe point of the passthrough stream)."""
        if self._finished:
            return b""
        out: list[bytes] = []
        p = self._waiting
        if p is not None and (p.report.state == "blocked" or now >= p.since + self.min_interval):
            self._waiting = None
            if p.report != self._written:
                out.append(self._root(p.report, now))
        if self._sub_waiting:
            for sub in self._sub_waiting.values():
                try:
                    out.append(self._wrap(encode(sub)))
                except ValueError:  # e.g. an unknown state: the report is dropped
                    continue
                if sub.state == "clear":
                    self._subs.pop(sub.id or "", None)
                else:
                    self._subs[sub.id or ""] = sub
            self._sub_waiting.clear()
        return b"".join(out)

    def final(self, status: int, signaled: bool | int | None, now: float) -> bytes:
        """The bytes to write when the program exited: its children cleared, then a
        clear of wrap's record (status 0) or an error with the exit message."""
        if self._finished:
            return b""
        msg = exit_message(status, signaled)
        out: list[bytes] = []
        if self.seven501 and msg is not None:
            for child in sorted(self._children):
                out.append(self._wrap(encode(Report("clear", id=f"{self.record_id}/{child}"))))
        if msg is None:
            report = Report("clear", id=self.record_id)
        else:
            report = Report("error", id=self.record_id, app=self.app, title=self.title,
                            msg=msg)
        if report != self._written:
            out.append(self._root(report, now))
        self._waiting = None
        self._sub_waiting.clear()
        self._subs.clear()
        self._children.clear()
        self._finished = True
        return b"".join(out)

    # ------------------------------------------------------------------ internals

    def _wrap(self, seq: bytes) -> bytes:
        return tmux.wrap_passthrough(seq, self.tmux_depth) if self.tmux_depth else seq

    def _root(self, report: Report, now: float) -> bytes:
        before = self._written
        self._written = report
        out = b""
        if self.seven501:
            out += self._wrap(encode(report))
        elif self.progress_fallback:
            seq = osc94(report.state, report.progress)
            if seq != self._last_94:
                self._last_94 = seq
                out += seq  # never wrapped: tmux >= 3.7 forwards 9;4 itself
        if (report.state in self.notify and (before is None or before.state != report.state)):
            last = self._notified.get(report.state)
            if last is None or now - last >= self.cooldown:
                note = self.notification(report)
                if note:
                    self._notified[report.state] = now
                    out += note
        return out

    def notification_text(self, report: Report) -> tuple[str, str]:
        """(title, body) of the notification for `report`, sanitized."""
        label = sanitize_text(report.app or self.app or "wrap", NOTE_TITLE)
        where = sanitize_text(report.title or "", NOTE_TITLE)
        title = f"{label} ({where})" if where else label
        title = sanitize_text(title.replace(";", ","), NOTE_TITLE) or "wrap"
        kind = report.kind if report.state == "blocked" else None
        phrase = _PHRASES.get((report.state, kind), report.state)
        body = f"{phrase}: {report.msg}" if report.msg else phrase
        return title, sanitize_text(body, NOTE_BODY)

    def notification(self, report: Report) -> bytes:
        """The notification bytes for `report` through `notify_via` (b"" for "none")."""
        via = self.notify_via
        if via == "none":
            return b""
        if via == "bel":
            return b"\x07"  # never wrapped: tmux's monitor-bell sees a plain BEL
        title, body = self.notification_text(report)
        if via == "osc777":
            seq = b"\x1b]777;notify;%s;%s\x1b\\" % (
                title.replace(";", ",").encode(), body.replace(";", ",").encode())
        elif via == "osc99":
            nid = self._note_id.encode()
            seq = (b"\x1b]99;i=%s:d=0;%s\x1b\\" % (nid, title.encode())
                   + b"\x1b]99;i=%s:d=1:p=body;%s\x1b\\" % (nid, body.encode()))
        else:  # osc9
            text = f"{title}: {body}"
            if _OSC9_COMMAND_RE.match(text):
                text = "wrap: " + text
            text = sanitize_text(text, NOTE_TITLE + NOTE_BODY)
            seq = b"\x1b]9;%s" % text.encode() + ST
        return self._wrap(seq)
