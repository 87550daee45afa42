"""Untrusted text -> one safe line: :func:`sanitize_text` (:func:`strip_invisible`: only
the bidi and invisible characters, for text that keeps its lines).

Every piece of screen or program text that leaves wrap inside a report goes through it:
controls become spaces, bidi overrides and invisible characters go, the result fits a
byte limit at a character boundary. Total: never raises.

Not here: validation of report fields (:mod:`.report`) or of decoded text on the wire
(:mod:`.parse` refuses what this would have cleaned).
"""

from __future__ import annotations

import re

ELLIPSIS = "…"

#: C0, DEL and C1 (a character class's body): what a terminal may obey.
C0_C1 = "\x00-\x1f\x7f-\x9f"
#: Those and the two Unicode line breaks: what :func:`sanitize_text` makes spaces (one
#: line).
CONTROLS = C0_C1 + "\u2028\u2029"
#: Bidi marks, overrides and isolates, zero-width and invisible characters (the word
#: joiner and invisible operators, the soft hyphen, the Mongolian vowel separator): what
#: the spec says to strip.
INVISIBLE = "\u202a-\u202e\u2060-\u2069\u200b-\u200f\u061c\ufeff\u00ad\u180e"
#: Every character untrusted text must not carry raw to a terminal or a tmux option: the
#: two above and lone surrogates. The one table of them (dialogs, the registry, JSON).
UNSAFE_RE = re.compile(f"[{CONTROLS}{INVISIBLE}\ud800-\udfff]")

_SURROGATE_RE = re.compile("[\ud800-\udfff]")
_CONTROL_RE = re.compile(f"[{CONTROLS}]")
_INVISIBLE_RE = re.compile(f"[{INVISIBLE}]")
_SPACES_RE = re.compile(r"\s+")


def _cut_utf8(text: str, limit: int) -> str:
    """The longest prefix of `text` whose UTF-8 encoding fits in `limit` bytes."""
    return text.encode("utf-8")[: max(limit, 0)].decode("utf-8", "ignore")


def strip_invisible(text: str) -> str:
    """`text` without the bidi overrides, isolates and invisible characters that
    :func:`sanitize_text` removes (its lines and controls are the caller's)."""
    return _INVISIBLE_RE.sub("", text)


def flatten(text: str) -> str:
    """`text` with each control (newlines too) as a space, its invisible characters gone
    and lone surrogates as U+FFFD, nothing else changed (no hidden character splits a
    token; no length limit, spaces not collapsed)."""
    text = _SURROGATE_RE.sub("\ufffd", text)
    return _INVISIBLE_RE.sub("", _CONTROL_RE.sub(" ", text))


def escape_controls(text: str, keep: str = "") -> str:
    """`text` with each control character (C0, DEL, C1, U+2028/2029) not in `keep`
    written out (``\\x1b``, ``\\u2028``): shown to a person, never obeyed."""
    def escaped(m: re.Match[str]) -> str:
        c = m.group(0)
        return c if c in keep else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")

    return _CONTROL_RE.sub(escaped, text)


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
