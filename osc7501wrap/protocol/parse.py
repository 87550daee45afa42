"""The body of one ``OSC 7501`` sequence -> a Report, a Query, or None: :func:`parse_body`.

Checked as strictly as the strictest terminals check it, pair by pair; the readings
taken where terminals differ are the interpretation notes in docs/protocol.md. Never
raises.

Not here: finding sequences in a stream (:mod:`.scanner`), the handshake reply
(:mod:`.probe` reads it by hand, before the child starts).
"""

from __future__ import annotations

import binascii
import re

from .report import (
    KINDS,
    MAX_APP,
    MAX_BODY,
    MAX_ID,
    MAX_ID_SEGMENTS,
    MAX_KEY,
    MAX_MSG,
    MAX_MSG_ENCODED,
    MAX_TITLE,
    MAX_TITLE_ENCODED,
    PROGRESS_STATES,
    STATES,
    Query,
    Report,
    valid_app,
)
from .sanitize import C0_C1

_NAME_BYTES_RE = re.compile(rb"[A-Za-z0-9_.+-]{1,32}")
_KEY_RE = re.compile(rb"[a-z]+")
_VALUE_RE = re.compile(rb"[A-Za-z0-9_.,+/=-]*")
_B64_RE = re.compile(rb"([A-Za-z0-9+/]*)(={0,2})")
_WS = b" \t\n\v\f\r"
_TEXT_LIMITS = {b"msg": (MAX_MSG_ENCODED, MAX_MSG), b"title": (MAX_TITLE_ENCODED, MAX_TITLE)}
_VALUE_LIMITS = {b"msg": MAX_MSG_ENCODED, b"title": MAX_TITLE_ENCODED,
                        b"app": MAX_APP, b"id": MAX_ID}
_KNOWN_KEYS = (b"state", b"id", b"kind", b"progress", b"app")
_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# What parse_body refuses in decoded text.
_TEXT_CONTROL_RE = re.compile(f"[{C0_C1}]")



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
