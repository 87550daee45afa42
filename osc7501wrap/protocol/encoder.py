"""Report -> bytes: :func:`encode`, :func:`encode_query`, :func:`query_reply`.

The encoder never produces a sequence on which terminals' readings disagree: ASCII with
no control bytes, each key at most once, a valid id or none, canonical progress,
no empty text, canonical padded base64, a body of at most 4087 bytes whatever the
terminator (docs/protocol.md). Invalid fields raise ValueError with one line; text is
never rejected, only sanitized and fitted.

Not here: reading sequences back (:mod:`.parse`), tmux passthrough (:mod:`.tmux`),
writing to a terminal (the `emit` command and the emitter do).
"""

from __future__ import annotations

import binascii

from .report import (
    KINDS,
    MAX_APP,
    MAX_BODY,
    MAX_ID,
    MAX_ID_SEGMENTS,
    MAX_MSG,
    MAX_NAME,
    MAX_TITLE,
    PREFIX,
    PROGRESS_STATES,
    ST,
    STATES,
    TERMINATORS,
    Query,
    Report,
    valid_app,
    valid_id,
)
from .sanitize import sanitize_text


def encode_query(terminator: bytes = ST) -> bytes:
    """The feature query ``ESC ] 7501 ; ? ESC \\`` (or ended by BEL)."""
    if terminator not in TERMINATORS:
        raise ValueError("invalid terminator: expected ESC \\ or BEL")
    return PREFIX + b"?" + terminator


def query_reply(query: Query) -> bytes:
    """What a supporting terminal answers to `query`: the same bytes, same terminator."""
    return PREFIX + b"?" + (query.terminator if query.terminator in TERMINATORS else ST)


def _show(value: object) -> str:
    """A short one-line rendering of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


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
