"""OSC 7501 values: the protocol's states, kinds and limits, and the report types.

:class:`Report` (one validated-shape report; `msg` kept out of repr), :class:`Query` (a
program asked ``ESC ] 7501 ; ?``), :class:`Invalid` (a sequence a strict terminal
discards), and the field checks :func:`valid_id` and :func:`valid_app`.

Not here: bytes on the wire (:mod:`.encoder`, :mod:`.parse`), text cleaning
(:mod:`.sanitize`). Imported only when the pipeline boots or `emit` runs, never before
`wrap`'s child starts; the start-up path spells the query bytes itself.
"""

from __future__ import annotations

import re

from ..frozen import Frozen  # not dataclasses: 6.0 ms before the child (see frozen.py)

STATES = ("idle", "working", "done", "blocked", "error", "clear")
KINDS = ("permission", "question", "auth")
#: states that carry ``progress``; ``kind`` only counts with ``blocked``.
PROGRESS_STATES = ("working", "blocked")

OSC = b"\x1b]"
ST = b"\x1b\\"
BEL = b"\x07"
TERMINATORS = (ST, BEL)
PREFIX = b"\x1b]7501;"  # everything before the body

MAX_SEQUENCE = 4096  # ESC ] ... ST inclusive
MAX_BODY = MAX_SEQUENCE - len(PREFIX) - len(ST)  # 4087, whatever the terminator
MAX_KEY = 16
MAX_MSG = 2048  # decoded bytes
MAX_MSG_ENCODED = 2732
MAX_TITLE = 192
MAX_TITLE_ENCODED = 256
MAX_APP = 32
MAX_NAME = 32  # app, and each id segment
MAX_ID = 128
MAX_ID_SEGMENTS = 8
MAX_RECORDS = 256  # a terminal keeps up to 256 and must keep at least 64

_NAME_RE = re.compile(r"[A-Za-z0-9_.+-]{1,32}")


def valid_id(value: object) -> bool:
    """True if `value` is a record id: 1..8 names joined by '/', at most 128 bytes."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID:
        return False
    parts = value.split("/")
    return len(parts) <= MAX_ID_SEGMENTS and all(_NAME_RE.fullmatch(p) for p in parts)


def valid_app(value: object) -> bool:
    """True if `value` is an app name: 1..32 characters of [A-Za-z0-9_.+-]."""
    return isinstance(value, str) and _NAME_RE.fullmatch(value) is not None



class Report(Frozen):
    """One OSC 7501 report. `id` None is the root record.

    `msg` is kept out of repr(): it is untrusted text and must never be echoed into logs
    or APIs by accident.
    """

    FIELDS = ("state", "id", "kind", "progress", "app", "title", "msg")
    __slots__ = FIELDS
    _HIDDEN = ("msg",)
    state: str
    id: str | None
    kind: str | None
    progress: int | None
    app: str | None
    title: str | None
    msg: str | None

    def __init__(self, state: str, id: str | None = None, kind: str | None = None,
                 progress: int | None = None, app: str | None = None,
                 title: str | None = None, msg: str | None = None) -> None:
        put = object.__setattr__
        put(self, "state", state)
        put(self, "id", id)
        put(self, "kind", kind)
        put(self, "progress", progress)
        put(self, "app", app)
        put(self, "title", title)
        put(self, "msg", msg)

    def _values(self) -> tuple[object, ...]:
        return (self.state, self.id, self.kind, self.progress, self.app, self.title, self.msg)


class Query(Frozen):
    """A program asked ``ESC ] 7501 ; ?`` with this terminator (ST or BEL)."""

    FIELDS = ("terminator",)
    __slots__ = FIELDS
    terminator: bytes

    def __init__(self, terminator: bytes = ST) -> None:
        object.__setattr__(self, "terminator", terminator)


class Invalid(Frozen):
    """A complete OSC 7501 sequence that a strict terminal discards (the raw bytes)."""

    FIELDS = ("raw",)
    __slots__ = FIELDS
    _HIDDEN = ("raw",)
    raw: bytes

    def __init__(self, raw: bytes) -> None:
        object.__setattr__(self, "raw", raw)


Event = Report | Query | Invalid
