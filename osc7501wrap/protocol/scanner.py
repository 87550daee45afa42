"""OSC 7501, the Program Status Protocol: encode, parse, sanitize, scan, and keep records.

A program reports its state to the terminal with

    ESC ] 7501 ; state=working:app=cargo:progress=40:msg=<base64> ESC \\

and asks whether the terminal understands the protocol with ``ESC ] 7501 ; ? ST`` (a
supporting terminal answers with the same bytes). This module is the one place in the
package that knows the wire format.

In scope:

- the limits, states and kinds of the protocol, as constants;
- :func:`sanitize_text`: any string -> one safe line of at most N UTF-8 bytes;
- :class:`Report` and :func:`encode`: a validated report -> the exact bytes to write;
- :func:`parse_body`: the body of one ``OSC 7501`` sequence -> a Report, a Query, or
  None, checked as strictly as the strictest terminals check it;
- :class:`ReportScanner`: finds (and optionally removes) complete OSC 7501 sequences in a
  program's output stream, across reads split anywhere;
- :class:`RecordStore`: what a terminal keeps (one record per id, whole replacement,
  subtree clear, capacity, lifetime events, the OSC 9;4 fallback), so that the rest of
  the package can reason about a program's own reports the way a terminal does.

Not in scope: tmux passthrough wrapping (:mod:`osc7501wrap.tmux`), the terminal
handshake and stdin filtering (:mod:`osc7501wrap.probe`), writing to a terminal
(:mod:`osc7501wrap.emit`), and parsing any other escape sequence: the caller tells the
store about prompts (OSC 133), resets (RIS) and OSC 9;4 itself.

Interpretation notes
--------------------
The normative spec text was not available; the grammar and limits below are the ones
every known implementation (spec revisions 0.2 to 0.4) shares. Where implementations
differ, this module takes one reading for *parsing*, stated here. The *encoder* never
produces a sequence on which the readings disagree: its output is ASCII with no control
bytes, has each key at most once, a valid id or none, canonical progress (no leading
zeros), no empty text, canonical padded base64 with zero pad bits, and a body of at most
4087 bytes whatever the terminator.

1. Revisions. There is no version on the wire. What changed between revisions 0.2, 0.3
   and 0.4 is unknown; all of them use this grammar and these limits.
2. Query. Only a body of exactly ``?`` is a query (Ghostty, SwiftTerm). The reply echoes
   the query's terminator (Ghostty, SwiftTerm, tuios, the tmux fork). When *reading* a
   reply, :mod:`osc7501wrap.probe` accepts any body that starts with ``?`` and either
   terminator, because one terminal always answers with ``ESC \\`` and a later revision
   may add pairs after the ``?``.
3. Validation order follows SwiftTerm, the strictest reader, pair by pair:
   a. every item that contains ``=`` has its trimmed key checked against the 16-byte key
      limit, whatever its characters; a longer key discards the report;
   b. ``msg``, ``title``, ``app`` and ``id`` values are checked against their length
      limits on every occurrence, before their characters, so an overridden duplicate
      or a long malformed value discards the report (Ghostty skips a long value whose
      bytes are outside the value alphabet);
   c. an invalid ``id`` discards the report even when its bytes are outside the value
      alphabet: ``state=clear:id=bad!`` is discarded (SwiftTerm, tuios), never a
      clear-all (Ghostty skips that pair);
   d. every ``msg`` and ``title`` occurrence is decoded and checked, so
      ``msg=a:msg=SGk=`` is discarded (SwiftTerm, the tmux fork; Ghostty and tuios
      accept it);
   e. any other pair whose value has a byte outside ``[A-Za-z0-9_.,+/=-]`` is skipped,
      as are items without ``=``, with an empty key, or with a key outside ``[a-z]``.
4. Whitespace trimmed around keys and values is space and TAB..CR (both reference
   parsers). Other control bytes inside the body are kept, not stripped before parsing
   (SwiftTerm), so ``state=work<TAB>ing`` is no state (Ghostty reads ``working``).
5. ``progress`` accepts leading zeros (``007`` is 7: Ghostty, SwiftTerm, the tmux fork;
   pst reads it as absent). Anything but digits, or a value above 100, reads as absent.
6. Empty text (``msg=``, ``title=``) reads as absent (Ghostty); SwiftTerm keeps "".
7. The body is at most 4087 bytes whatever the terminator (Ghostty, SwiftTerm); the tmux
   fork also accepts a 4096-byte sequence ended by BEL (body 4088).
8. An OSC 7501 sequence ended by ESC followed by anything but ``\\`` is not applied
   (SwiftTerm; Ghostty applies it): the scanner reports it as :class:`Invalid` and, when
   stripping, removes it so that no terminal applies it. CAN and SUB abort a sequence:
   no event, bytes passed through untouched. A raw C1 ``0x9C`` is payload, not ST, and
   ``0x9D`` does not start an OSC. A sequence over 4096 bytes is passed through
   untouched and not reported.
9. Lifetime (:class:`RecordStore`): a new prompt and the exit of the program remove
   ``working``, ``blocked`` *and* ``idle`` records (the tmux fork, tuios; Harness and
   SwiftTerm keep ``idle``); ``done`` and ``error`` survive; RIS removes everything.
   Which OSC 133 marks count as a new prompt is the caller's choice (``A`` only is the
   strict reading).
10. OSC 9;4 maps to the root record until the first OSC 7501 report, then is ignored
    until RIS; ``9;4;0`` maps to ``idle`` (the tmux fork), not ``clear`` (pst).
11. The priority order blocked > error > done > working > idle is a convention of
    several terminals, not found in the spec; nothing here depends on it.
12. Which terminals support the protocol (Solo, Otty, the Ghostty app) and how OSC 26
    maps to it are open questions that do not touch the wire format; the handshake
    (:mod:`osc7501wrap.probe`) answers them per terminal at run time.
"""

from __future__ import annotations

import binascii
import re

from .frozen import Frozen

TYPE_CHECKING = False  # `typing` and dataclasses cost start-up time: not imported
if TYPE_CHECKING:
    from typing import Final

# --------------------------------------------------------------------------- constants

STATES: Final = ("idle", "working", "done", "blocked", "error", "clear")
KINDS: Final = ("permission", "question", "auth")
#: states that carry ``progress``; ``kind`` only counts with ``blocked``.
PROGRESS_STATES: Final = ("working", "blocked")

OSC: Final = b"\x1b]"
ST: Final = b"\x1b\\"
BEL: Final = b"\x07"
TERMINATORS: Final = (ST, BEL)
PREFIX: Final = b"\x1b]7501;"  # everything before the body

MAX_SEQUENCE: Final = 4096  # ESC ] ... ST inclusive
MAX_BODY: Final = MAX_SEQUENCE - len(PREFIX) - len(ST)  # 4087, whatever the terminator
MAX_KEY: Final = 16
MAX_MSG: Final = 2048  # decoded bytes
MAX_MSG_ENCODED: Final = 2732
MAX_TITLE: Final = 192
MAX_TITLE_ENCODED: Final = 256
MAX_APP: Final = 32
MAX_NAME: Final = 32  # app, and each id segment
MAX_ID: Final = 128
MAX_ID_SEGMENTS: Final = 8
MAX_RECORDS: Final = 256  # a terminal keeps up to 256 and must keep at least 64

ELLIPSIS: Final = "…"

_NAME_RE = re.compile(r"[A-Za-z0-9_.+-]{1,32}")
_NAME_BYTES_RE = re.compile(rb"[A-Za-z0-9_.+-]{1,32}")
_KEY_RE = re.compile(rb"[a-z]+")
_VALUE_RE = re.compile(rb"[A-Za-z0-9_.,+/=-]*")
_B64_RE = re.compile(rb"([A-Za-z0-9+/]*)(={0,2})")
_WS = b" \t\n\v\f\r"
_TEXT_LIMITS: Final = {b"msg": (MAX_MSG_ENCODED, MAX_MSG), b"title": (MAX_TITLE_ENCODED, MAX_TITLE)}
_VALUE_LIMITS: Final = {b"msg": MAX_MSG_ENCODED, b"title": MAX_TITLE_ENCODED,
                        b"app": MAX_APP, b"id": MAX_ID}
_KNOWN_KEYS: Final = (b"state", b"id", b"kind", b"progress", b"app")
_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

# ------------------------------------------------------------------------ sanitize_text

_SURROGATE_RE = re.compile("[\ud800-\udfff]")
# C0, DEL, C1, and the two Unicode line breaks: all become spaces (one line).
_CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# Bidi overrides/isolates and invisible characters the spec says to strip.
_INVISIBLE_RE = re.compile("[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\u061c\ufeff]")
_SPACES_RE = re.compile(r"\s+")
# What parse_body refuses in decoded text.
_TEXT_CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f]")


def _cut_utf8(text: str, limit: int) -> str:
    """The longest prefix of `text` whose UTF-8 encoding fits in `limit` bytes."""
    return text.encode("utf-8")[: max(limit, 0)].decode("utf-8", "ignore")


def sanitize_text(text: str, limit: int) -> str:
    """Make `text` one safe line of at most `limit` UTF-8 bytes. Total: never raises.

    Control characters (C0, DEL, C1, U+2028/2029) become spaces; bidi overrides and
    invisible characters (U+202A-202E, U+2066-2069, U+200B-200F, U+2060, U+061C,
    U+FEFF) are removed; lone surrogates become U+FFFD; runs of whitespace collapse to
    one space; the ends are stripped. Text longer than `limit` bytes is cut at a
    character boundary and ends with "…" (counted within the limit).
    """
    try:
        if not isinstance(text, str):
            text = str(text)
        if limit <= 0 or not text:
            return ""
        text = _SURROGATE_RE.sub("\ufffd", text)
        text = _CONTROL_RE.sub(" ", text)
        text = _INVISIBLE_RE.sub("", text)
        text = _SPACES_RE.sub(" ", text).strip()
        if len(text) * 4 <= limit or len(text.encode("utf-8")) <= limit:
            return text
        room = limit - len(ELLIPSIS.encode("utf-8"))
        if room < 0:  # no room for the ellipsis itself
            return _cut_utf8(text, limit).rstrip()
        return _cut_utf8(text, room).rstrip() + ELLIPSIS
    except Exception:  # pragma: no cover - defensive: a sanitizer must be total
        return ""


# ------------------------------------------------------------------ reports and events


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


def encode_query(terminator: bytes = ST) -> bytes:
    """The feature query ``ESC ] 7501 ; ? ESC \\`` (or ended by BEL)."""
    if terminator not in TERMINATORS:
        raise ValueError("invalid terminator: expected ESC \\ or BEL")
    return PREFIX + b"?" + terminator


def query_reply(query: Query) -> bytes:
    """What a supporting terminal answers to `query`: the same bytes, same terminator."""
    return PREFIX + b"?" + (query.terminator if query.terminator in TERMINATORS else ST)


# ----------------------------------------------------------------------------- encode


def _show(value: object) -> str:
    """A short one-line rendering of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def valid_id(value: object) -> bool:
    """True if `value` is a record id: 1..8 names joined by '/', at most 128 bytes."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID:
        return False
    parts = value.split("/")
    return len(parts) <= MAX_ID_SEGMENTS and all(_NAME_RE.fullmatch(p) for p in parts)


def valid_app(value: object) -> bool:
    """True if `value` is an app name: 1..32 characters of [A-Za-z0-9_.+-]."""
    return isinstance(value, str) and _NAME_RE.fullmatch(value) is not None


def _b64(text: str) -> bytes:
    return binascii.b2a_base64(text.encode("utf-8"), newline=False)


def encode(report: Report, *, terminator: bytes = ST) -> bytes:
    """The exact bytes of `report` as one OSC 7501 sequence.

    Raises ValueError (one line) for an invalid state, kind, id, app, progress or
    terminator. Text fields are never rejected: they go through :func:`sanitize_text`
    and are fitted to their limits (empty text is omitted). `kind` is dropped unless the
    state is ``blocked``, `progress` unless it is ``working`` or ``blocked``. Keys come
    in the order state, id, kind, progress, app, title, msg. The result always parses
    back with :func:`parse_body` and is at most 4096 bytes; if `msg` would make it
    longer, `msg` is shortened.
    """
    state, rid, kind, progress, app = (report.state, report.id, report.kind,
                                       report.progress, report.app)
    if not isinstance(state, str) or state not in STATES:
        raise ValueError(f"invalid state {_show(state)}: expected one of {', '.join(STATES)}")
    if kind is not None and (not isinstance(kind, str) or kind not in KINDS):
        raise ValueError(f"invalid kind {_show(kind)}: expected one of {', '.join(KINDS)}")
    if rid is not None and not valid_id(rid):
        raise ValueError(f"invalid id {_show(rid)}: expected 1 to {MAX_ID_SEGMENTS} names of "
                         f"[A-Za-z0-9_.+-] (1-{MAX_NAME} characters each) joined by '/', "
                         f"at most {MAX_ID} bytes")
    if app is not None and not valid_app(app):
        raise ValueError(f"invalid app {_show(app)}: expected 1-{MAX_APP} characters of "
                         "[A-Za-z0-9_.+-]")
    if progress is not None and (type(progress) is not int or not 0 <= progress <= 100):
        raise ValueError(f"invalid progress {_show(progress)}: expected a whole number "
                         "from 0 to 100")
    if terminator not in TERMINATORS:
        raise ValueError("invalid terminator: expected ESC \\ or BEL")

    parts = [b"state=" + state.encode()]
    if rid is not None:
        parts.append(b"id=" + rid.encode())
    if kind is not None and state == "blocked":
        parts.append(b"kind=" + kind.encode())
    if progress is not None and state in PROGRESS_STATES:
        parts.append(b"progress=%d" % progress)
    if app is not None:
        parts.append(b"app=" + app.encode())
    if report.title is not None:
        title = sanitize_text(report.title, MAX_TITLE)
        if title:
            parts.append(b"title=" + _b64(title))
    body = b":".join(parts)
    if report.msg is not None:
        # Room left for ":msg=<base64>" in a body of at most MAX_BODY bytes.
        room = (MAX_BODY - len(body) - len(b":msg=")) // 4 * 3
        msg = sanitize_text(report.msg, min(MAX_MSG, room))
        if msg:
            body += b":msg=" + _b64(msg)
    return PREFIX + body + terminator


# ----------------------------------------------------------------------------- parse


def _decode_text(value: bytes, limit: int) -> str | None:
    """Strict base64 (standard alphabet, optional but correct padding, zero pad bits) to
    UTF-8 text without control characters, at most `limit` bytes; None if invalid."""
    m = _B64_RE.fullmatch(value)
    if m is None:
        return None
    content, pad = m.groups()
    rem = len(content) % 4
    if rem == 1:
        return None
    if pad and (len(value) % 4 != 0 or len(pad) != 4 - rem):
        return None
    if rem:
        last = _B64_ALPHABET.index(content[-1])
        if last & (0x0F if rem == 2 else 0x03):
            return None  # non-zero pad bits: not canonical
    try:
        raw = binascii.a2b_base64(content + b"=" * ((4 - rem) % 4))
    except (binascii.Error, ValueError):
        return None
    if len(raw) > limit:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if _TEXT_CONTROL_RE.search(text):
        return None
    return text


def _valid_id_bytes(value: bytes) -> bool:
    if not value or len(value) > MAX_ID:
        return False
    parts = value.split(b"/")
    return len(parts) <= MAX_ID_SEGMENTS and all(_NAME_BYTES_RE.fullmatch(p) for p in parts)


def _progress(value: str | None) -> int | None:
    if not value or not value.isascii() or not value.isdigit():
        return None
    digits = value.lstrip("0") or "0"
    if len(digits) > 3:
        return None
    number = int(digits)
    return number if number <= 100 else None


def _to_bytes(body: bytes | bytearray | memoryview | str) -> bytes:
    if isinstance(body, str):
        try:
            return body.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return body.encode("utf-8", "surrogatepass")
    return bytes(body)


def parse_body(body: bytes | str) -> Report | Query | None:
    """Parse the body of one ``OSC 7501`` sequence (the bytes after ``7501;``).

    Returns a :class:`Query` for ``?`` (terminator unknown here: ST), a :class:`Report`
    for a valid report, or None for anything a strict terminal ignores or discards. See
    the module's interpretation notes for the readings taken. Never raises.
    """
    try:
        data = _to_bytes(body)
    except Exception:
        return None
    if len(data) > MAX_BODY:
        return None
    if data == b"?":
        return Query()
    values: dict[bytes, str] = {}  # the last value of each known key
    for item in data.split(b":"):
        eq = item.find(b"=")
        if eq < 0:
            continue
        key = item[:eq].strip(_WS)
        value = item[eq + 1:].strip(_WS)
        if len(key) > MAX_KEY:
            return None
        if not key or _KEY_RE.fullmatch(key) is None:
            continue
        limit = _VALUE_LIMITS.get(key)
        if limit is not None and len(value) > limit:
            return None
        if key == b"id" and not _valid_id_bytes(value):
            return None
        if _VALUE_RE.fullmatch(value) is None:
            continue
        if key in _TEXT_LIMITS:
            text = _decode_text(value, _TEXT_LIMITS[key][1])
            if text is None:
                return None
            values[key] = text
        elif key in _KNOWN_KEYS:
            values[key] = value.decode("ascii")
    state = values.get(b"state")
    if state is None or state not in STATES:
        return None
    kind = values.get(b"kind") if state == "blocked" else None
    app = values.get(b"app")
    progress = values.get(b"progress") if state in PROGRESS_STATES else None
    return Report(
        state=state,
        id=values.get(b"id"),
        kind=kind if kind in KINDS else None,
        progress=_progress(progress),
        app=app if app is not None and valid_app(app) else None,
        title=values.get(b"title") or None,
        msg=values.get(b"msg") or None,
    )


# ----------------------------------------------------------------------------- scanner

_TERM_RE = re.compile(rb"[\x07\x18\x1a\x1b]")  # BEL, CAN, SUB, ESC end an OSC


def plain_chunk(chunk: bytes) -> bool:
    """No OSC 7501 starts in ``chunk``, and it does not end in a prefix of one."""
    return _prefix_tail(chunk) == len(chunk)


def split_plain(chunk: bytes) -> tuple[bytes, bytes] | None:
    """None if an OSC 7501 may start in ``chunk``; else (what can pass at once, the
    start of a 7501 prefix at its end that must wait for the next chunk, or b"")."""
    j = _prefix_tail(chunk)
    return None if j < 0 else (chunk[:j], chunk[j:]) if j < len(chunk) else (chunk, b"")


def _prefix_tail(chunk: bytes) -> int:
    """-1 if an OSC 7501 may start in ``chunk``; else where a prefix of one starts at
    its end (``len(chunk)`` if none)."""
    # One memchr for "]" settles most chunks; the multi-byte search alone is ten times
    # slower on SGR-heavy output, where it stops at every ESC.
    if b"]" in chunk and b"\x1b]75" in chunk:
        return -1
    n = len(chunk)
    j = chunk.rfind(b"\x1b", n - 3 if n > 3 else 0)  # "\x1b]75" would have been found
    return j if j >= 0 and PREFIX.startswith(chunk[j:]) else n


class ReportScanner:
    """Find OSC 7501 sequences in a program's output, across reads split anywhere.

    ``feed(chunk)`` returns ``(passthrough, events)``. With ``strip=True`` every complete
    OSC 7501 sequence of at most 4096 bytes (report, query, or discarded) is removed from
    the passthrough; with ``strip=False`` the passthrough is `chunk` itself, unchanged.
    Events are :class:`Query` (with the query's terminator), :class:`Report` and
    :class:`Invalid`, in stream order.

    While stripping, the scanner holds back bytes it cannot decide on yet: a tail that
    may be the start of ``ESC ] 7501 ;`` (at most 6 bytes) or an unfinished OSC 7501
    sequence (at most 4096 bytes). They are released with the next chunk, or by
    :meth:`flush`. A sequence that grows past 4096 bytes is released untouched and the
    rest of it passes straight through. CAN or SUB abort a sequence (bytes untouched).

    Hot path: when nothing is held and the chunk neither contains ``ESC ] 7 5`` nor ends
    with a proper prefix of ``ESC ] 7501 ;``, the chunk object itself is returned.
    ``feed`` never raises.
    """

    __slots__ = ("_held", "_skipping", "strip")

    def __init__(self, *, strip: bool = True) -> None:
        self.strip = strip
        self._held = b""  # undecided bytes (a prefix tail, or an unfinished sequence)
        self._skipping = False  # inside an overlong OSC 7501: pass until it ends

    @property
    def pending(self) -> int:
        """How many bytes are held back (0 on the hot path)."""
        return len(self._held)

    def flush(self) -> bytes:
        """Release held bytes untouched (at exit, or when the stream has gone idle)."""
        held, self._held = self._held, b""
        self._skipping = False
        return held if self.strip else b""

    def feed(self, chunk: bytes) -> tuple[bytes, list[Event]]:
        if not self._held and not self._skipping and plain_chunk(chunk):
            return chunk, []
        try:
            return self._scan(chunk)
        except Exception:  # pragma: no cover - defensive: never lose a byte, never raise
            held, self._held, self._skipping = self._held, b"", False
            if not self.strip:
                return chunk, []
            return held + bytes(chunk), []

    def _scan(self, chunk: bytes) -> tuple[bytes, list[Event]]:
        data = self._held + bytes(chunk) if self._held else bytes(chunk)
        self._held = b""
        n = len(data)
        events: list[Event] = []
        out: list[bytes] = []
        pos = 0  # start of the passthrough not yet copied to `out`
        hold_from = n
        i = 0
        while i < n:
            if self._skipping:
                m = _TERM_RE.search(data, i)
                if m is None:
                    break
                t = m.start()
                self._skipping = False
                i = t if data[t] == 0x1B else t + 1  # an ESC may start the next sequence
                continue
            k = data.find(PREFIX, i)
            if k < 0:
                j = data.rfind(b"\x1b", max(i, n - len(PREFIX) + 1))
                if j >= 0 and PREFIX.startswith(data[j:]):
                    hold_from = j
                break
            m = _TERM_RE.search(data, k + len(PREFIX))
            if m is None:
                if n - k >= MAX_SEQUENCE:  # cannot end within the limit any more
                    self._skipping = True
                    break
                hold_from = k
                break
            t = m.start()
            byte = data[t]
            if byte in (0x18, 0x1A):  # CAN / SUB: aborted, the terminal drops it too
                i = t + 1
                continue
            terminator: bytes | None
            if byte == 0x07:
                end = resume = t + 1
                terminator = BEL
            elif t + 1 >= n:  # ESC at the very end: ST or something else?
                if t + 2 - k > MAX_SEQUENCE:
                    i = t  # overlong either way; the ESC is looked at again
                    continue
                hold_from = k
                break
            elif data[t + 1] == 0x5C:
                end = resume = t + 2
                terminator = ST
            else:  # ESC + anything else ends the OSC; that ESC starts the next sequence
                end = resume = t
                terminator = None
            if t - k + len(terminator or ST) > MAX_SEQUENCE:
                i = resume  # overlong: untouched, not reported
                continue
            if terminator is None:
                events.append(Invalid(data[k:t]))
            else:
                parsed = parse_body(data[k + len(PREFIX):t])
                if isinstance(parsed, Query):
                    events.append(Query(terminator))
                elif parsed is None:
                    events.append(Invalid(data[k:end]))
                else:
                    events.append(parsed)
            if self.strip:
                out.append(data[pos:k])
                pos = end
            i = resume
        if hold_from < n:
            self._held = data[hold_from:]
        if not self.strip:
            return chunk, events
        if not out and pos == 0 and hold_from == n:
            return data, events
        out.append(data[pos:hold_from])
        return b"".join(out), events


# ------------------------------------------------------------------------- record store

_CLEARED_AT_PROMPT: Final = ("working", "blocked", "idle")


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
