"""Raw session captures: the one writer and reader of the format.

``osc7501wrap record``, the agent test harness and ``scripts/capture-agents`` write
through :class:`CaptureWriter`; ``replay``, ``explain``, ``draft`` and the corpus tests
read through :func:`read_capture`. It does not interpret what it stores.

A capture is JSON Lines. Line 1 is a header object::

    {"format": "osc7501wrap-capture", "version": 1, "cols": 120, "rows": 40,
     "argv": ["claude"], "agent": "claude", "agent_version": "2.1.328", "term": "xterm-256color"}

Every following line is one event, ``[t, type, payload]`` with ``t`` in seconds since the
start:

    ``[t, "o", "<base64>"]``   bytes the program wrote (before any filtering)
    ``[t, "i", "<base64>"]``   bytes typed to the program
    ``[t, "r", "COLSxROWS"]``  the terminal was resized
    ``[t, "m", "<label>"]``    a ground-truth marker: ``STATE`` or ``STATE:KIND`` with a
                               state of MARKER_STATES (``working``, ``blocked:permission``...)
    ``[t, "x", <status>]``     the program exited with this wrap exit status
    ``[t, "h", {...}]``        a hook event (``{"event": ..., "data": {...}}``)
    ``[t, "p", [[pid, ppid, "name", "command line"], ...]]``  the program's descendant
                               processes, written whenever the set changes (the background
                               work signal reads them: ``replay`` sees what a session saw)
    ``[t, "f", [pgid, "name", is_agent]]``  the terminal's foreground process group
                               changed (``is_agent``: the program itself is in front)
    ``[t, "a", [busy, "why"]]``  a program without agent rules started or stopped working
                               (its CPU, children, output: the session's samples);
                               ``[true, "why", true]``: busy handed again, newer than the
                               screen's reading since (a turn's time counting on)
    ``[t, "c", <seconds>]``    the CPU time the program itself has used so far (user +
                               system), written by the agent test harness as it grows: a
                               replay without ``a`` rows reads it for "using CPU"

Output and input are base64 because they are raw bytes (invalid UTF-8, escape
sequences). Unknown event types are skipped by readers, so the format can grow.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .errors import WrapError

FORMAT = "osc7501wrap-capture"
VERSION = 1
#: what a ground-truth marker (``m``) names before an optional ``:kind``
MARKER_STATES = ("idle", "working", "blocked", "done", "error")


@dataclass
class Event:
    t: float
    type: str
    payload: Any

    @property
    def data(self) -> bytes:
        """Decoded bytes of an "o" or "i" event."""
        return base64.b64decode(self.payload)


@dataclass
class Capture:
    header: dict[str, Any]
    events: list[Event] = field(default_factory=list)

    @property
    def cols(self) -> int:
        return int(self.header.get("cols", 80))

    @property
    def rows(self) -> int:
        return int(self.header.get("rows", 24))

    def output(self) -> bytes:
        return b"".join(e.data for e in self.events if e.type == "o")

    def markers(self) -> list[tuple[float, str]]:
        return [(e.t, str(e.payload)) for e in self.events if e.type == "m"]


def parse_size(text: str) -> tuple[int, int]:
    """"COLSxROWS" -> (rows, cols)."""
    cols, _, rows = text.partition("x")
    return int(rows), int(cols)


def read_capture(path: str | Path) -> Capture:
    """Read a capture file; a broken one raises WrapError with one line saying where."""
    p = Path(path)
    try:
        fh = p.open("r", encoding="utf-8")
    except OSError as err:
        raise WrapError(f"{p}: {err.strerror or err}") from None
    with fh:
        return _read(fh, str(p))


def _int(header: dict[str, Any], key: str, default: int, name: str, lo: int, hi: int) -> int:
    value = header.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise WrapError(f"{name}: line 1: {key} must be a whole number from {lo} to {hi}, "
                        f"not {value!r}")
    return value


def _check_event(ev: Event, name: str, lineno: int) -> None:
    """Raise WrapError unless the payload fits the event type (unknown types pass)."""
    where = f"{name}: line {lineno}"
    if ev.type in ("o", "i"):
        if not isinstance(ev.payload, str):
            raise WrapError(f"{where}: {ev.type!r} data must be a base64 string")
        try:
            base64.b64decode(ev.payload, validate=True)
        except ValueError:
            raise WrapError(f"{where}: {ev.type!r} data is not valid base64") from None
    elif ev.type == "r":
        try:
            rows, cols = parse_size(str(ev.payload))
        except ValueError:
            rows = cols = 0
        if not (0 < rows <= 10000 and 0 < cols <= 10000):
            raise WrapError(f"{where}: a resize must read COLSxROWS, not {ev.payload!r}")
    elif ev.type == "x" and (isinstance(ev.payload, bool) or not isinstance(ev.payload, int)):
        raise WrapError(f"{where}: an exit status must be a whole number")
    elif ev.type == "p" and process_rows(ev.payload) is None:
        raise WrapError(f"{where}: processes must be a list of [pid, ppid, name, command]")
    elif ev.type == "f" and foreground_row(ev.payload) is None:
        raise WrapError(f"{where}: a foreground change must be [pgid, name, is_agent]")
    elif ev.type == "a" and activity_row(ev.payload) is None:
        raise WrapError(f"{where}: an activity change must be [busy, why] or [busy, why, again]")
    elif ev.type == "c" and cpu_row(ev.payload) is None:
        raise WrapError(f"{where}: a CPU time must be a number of seconds")


ProcRow = tuple[int, int, str, str]


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 < x < 1 << 31


def process_rows(payload: Any) -> list[ProcRow] | None:
    """The rows of a ``p`` event (pid, parent, name, command line), or None if it is not
    one (at most 4096 rows)."""
    if not isinstance(payload, list) or len(payload) > 4096:
        return None
    out: list[ProcRow] = []
    for row in payload:
        if (not isinstance(row, list) or len(row) != 4 or not _whole(row[0])
                or not (_whole(row[1]) or row[1] == 0) or not isinstance(row[2], str)
                or not isinstance(row[3], str)):
            return None
        out.append((row[0], row[1], row[2], row[3]))
    return out


def foreground_row(payload: Any) -> tuple[int, str, bool] | None:
    """The (pgid, name, is_agent) of an ``f`` event, or None if it is not one."""
    if (isinstance(payload, list) and len(payload) == 3 and _whole(payload[0])
            and isinstance(payload[1], str) and len(payload[1]) <= 4096
            and isinstance(payload[2], bool)):
        return payload[0], payload[1], payload[2]
    return None


def activity_row(payload: Any) -> tuple[bool, str, bool] | None:
    """The (busy, why, again) of an ``a`` event, or None if it is not one."""
    if (isinstance(payload, list) and len(payload) in (2, 3) and isinstance(payload[0], bool)
            and isinstance(payload[1], str) and len(payload[1]) <= 4096
            and (len(payload) == 2 or isinstance(payload[2], bool))):
        return payload[0], payload[1], len(payload) == 3 and payload[2]
    return None


def cpu_row(payload: Any) -> float | None:
    """The CPU seconds of a ``c`` event, or None if it is not one."""
    if isinstance(payload, int | float) and not isinstance(payload, bool) \
            and 0 <= payload < 1e9:
        return float(payload)
    return None


def _read(fh: IO[str], name: str) -> Capture:
    try:
        first = fh.readline()
        try:
            header = json.loads(first)
        except ValueError:
            raise WrapError(f"{name}: line 1: not a capture header (JSON expected)") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise WrapError(f"{name}: not an {FORMAT} file")
        version = _int(header, "version", VERSION, name, 1, 1 << 30)
        if version > VERSION:
            raise WrapError(f"{name}: capture version {version} is newer than this wrap")
        _int(header, "cols", 80, name, 1, 10000)
        _int(header, "rows", 24, name, 1, 10000)
        cap = Capture(header)
        for lineno, line in enumerate(fh, start=2):
            line = line.strip()
            if not line:
                continue
            try:
                t, typ, payload = json.loads(line)
                ev = Event(float(t), str(typ), payload)
            except (ValueError, TypeError):
                raise WrapError(f"{name}: line {lineno}: not a capture event "
                                "([time, type, data] expected)") from None
            _check_event(ev, name, lineno)
            cap.events.append(ev)
    except UnicodeDecodeError:
        raise WrapError(f"{name}: not UTF-8 text (a capture is JSON Lines)") from None
    return cap


class CaptureWriter:
    """Appends events to a capture file as they happen (flushed, so a crash keeps them).

    Every method takes an optional ``at``, a ``time.monotonic()`` instant the event
    happened at (default: now); the file stores it as seconds since the writer opened.
    Events dated back (before one already written) and header keys added by
    :meth:`annotate` are put in place by :meth:`close`, which rewrites the file only then.
    Safe to call from several threads (a reader and a process sampler).
    """

    def __init__(self, path: str | Path, *, rows: int, cols: int, argv: list[str],
                 **header: Any) -> None:
        self.path = Path(path)
        try:
            self._fh: IO[str] = self.path.open("w", encoding="utf-8")  # closed by close()
        except OSError as err:
            raise WrapError(f"{path}: {err.strerror or err}") from None
        self._lock = threading.Lock()
        self.t0 = time.monotonic()
        self.wall0 = time.time()  # the same instant on the wall clock (to place others' logs)
        self._last = 0.0
        self._unsorted = False
        self._late: dict[str, Any] = {}
        self._marks: list[tuple[float, str]] = []
        head = {"format": FORMAT, "version": VERSION, "cols": cols, "rows": rows,
                "argv": list(argv), **header}
        self._fh.write(json.dumps(head, ensure_ascii=False) + "\n")

    def now(self) -> float:
        return round(time.monotonic() - self.t0, 6)

    def event(self, typ: str, payload: Any, at: float | None = None) -> float:
        """Write one event; return its time in the capture (seconds since the start)."""
        stamp = self.now() if at is None else round(max(0.0, at - self.t0), 6)
        line = json.dumps([stamp, typ, payload], ensure_ascii=False) + "\n"
        with self._lock:
            if self._fh.closed:
                return stamp
            self._unsorted |= stamp < self._last
            self._last = max(self._last, stamp)
            self._fh.write(line)
            self._fh.flush()
        return stamp

    def output(self, data: bytes, at: float | None = None) -> None:
        """Bytes the program wrote."""
        self.event("o", base64.b64encode(data).decode("ascii"), at)

    def input(self, data: bytes, at: float | None = None) -> None:
        """Bytes sent to the program (typed keys, terminal replies)."""
        self.event("i", base64.b64encode(data).decode("ascii"), at)

    def resize(self, rows: int, cols: int, at: float | None = None) -> None:
        self.event("r", f"{cols}x{rows}", at)

    def processes(self, rows: list[ProcRow], at: float | None = None) -> None:
        """The program's descendant processes now: ``(pid, ppid, name, command line)``."""
        self.event("p", [list(r) for r in rows], at)

    def cpu(self, seconds: float, at: float | None = None) -> None:
        """The CPU time the program itself has used so far (user + system seconds)."""
        self.event("c", round(seconds, 3), at)

    def hook(self, event: str, data: dict[str, Any], at: float | None = None) -> None:
        self.event("h", {"event": event, "data": data}, at)

    def exit(self, status: int, at: float | None = None) -> None:
        """The program exited with this wrap exit status."""
        self.event("x", status, at)

    def mark(self, label: str, at: float | None = None) -> None:
        """Ground truth: the program's state became ``label`` (``STATE`` or ``STATE:KIND``)."""
        if label.partition(":")[0] not in MARKER_STATES:
            raise ValueError(f"unknown state label {label!r}")
        stamp = self.event("m", label, at)
        with self._lock:
            self._marks.append((stamp, label))

    def marks(self) -> list[tuple[float, str]]:
        """The labels written so far, ``(t, label)`` in time order."""
        with self._lock:
            return sorted(self._marks, key=lambda m: m[0])

    def annotate(self, **extra: Any) -> None:
        """Add keys to the header, written by :meth:`close`."""
        with self._lock:
            self._late.update(extra)

    def close(self) -> None:
        """Close the file; events in time order (a stable sort) and the header annotated."""
        with self._lock:
            if self._fh.closed:
                return
            self._fh.close()
            if not (self._unsorted or self._late):
                return
            header, *lines = self.path.read_text(encoding="utf-8").splitlines()
            if self._late:
                header = json.dumps(dict(json.loads(header), **self._late), ensure_ascii=False)
            lines.sort(key=lambda line: float(json.loads(line)[0]))
            self.path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
