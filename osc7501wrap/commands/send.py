"""`osc7501wrap send SESSION TEXT`: ask a live session to type TEXT (the session decides;
see :func:`osc7501wrap.session.registry.handle_send`)."""

from __future__ import annotations

from typing import Any

from ..errors import WrapError
from ..session.channel import MAX_DATAGRAM
from ..session.registry import clean_text, find_session, request_session, truncate


def cmd_send(args: Any) -> int:
    text = args.text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if len(text.encode()) > MAX_DATAGRAM // 2:
        raise WrapError(f"text too long (at most {MAX_DATAGRAM // 2} bytes)", status=1)
    entry = find_session(args.session)
    reply = request_session(entry, {
        "kind": "send", "text": text, "answer": bool(args.answer),
        "enter": not bool(args.no_enter),
    })
    if reply.get("ok") is True:
        return 0
    error = reply.get("error")
    error = truncate(clean_text(error), 400) if isinstance(error, str) and error else \
        "the session refused the text"
    raise WrapError(error, status=1)
