"""`osc7501wrap answer SESSION CHOICE [--dialog ID]`: choose an option of the dialog a
session waits on. The session checks and types (see :mod:`osc7501wrap.session.answer`):
this only finds it, asks, and says what happened (exit 0: the dialog went away)."""

from __future__ import annotations

import math
import sys
from typing import Any

from ..errors import WrapError
from ..report.tmux_display import tmux_literal
from ..session.registry import clean_text, find_session, request_session, truncate
from .live import current_tmux_socket, tmux_run


def cmd_answer(args: Any) -> int:
    client = getattr(args, "tmux_client", None)
    if client is None:
        sys.stdout.write(_answer(args) + "\n")
        return 0
    try:  # from the tmux menu: the result is a message on that client
        _tmux_say(client, _answer(args))
        return 0
    except WrapError as err:
        _tmux_say(client, f"osc7501wrap answer: {err}")
        return err.status


def _tmux_say(client: str, text: str) -> None:

    sock = current_tmux_socket()
    if sock is not None:
        tmux_run(sock, "display-message", "-c", client, tmux_literal(text, 300))


def _answer(args: Any) -> str:
    return answer_line(args.session, args.choice, args.dialog, float(args.wait))


def answer_line(session: str, choice: str, dialog: str | None, wait: float = 5.0) -> str:
    """Ask the session `session` (pid, id or tmux pane) to choose `choice` of the dialog
    `dialog` (an id; None: whatever it shows); the line to show ("answered N. LABEL"),
    or WrapError with the refusal's one line. `watch` answers through this too."""
    if not math.isfinite(wait) or not 0.2 <= wait <= 60:
        raise WrapError("--wait must be between 0.2 and 60 seconds", status=2)
    choice = choice.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if not choice.strip() or len(choice) > 400:
        raise WrapError("CHOICE must be an option's number or the start of its label",
                        status=2)
    if dialog is not None and (not dialog or len(dialog) > 32 or not dialog.isalnum()):
        raise WrapError("--dialog must be a dialog id (as `ls --json` shows it)", status=2)
    entry = find_session(session)
    reply = request_session(entry, {"kind": "answer", "choice": choice, "dialog": dialog,
                                    "wait": wait}, timeout=wait + 5.0)
    if reply.get("ok") is True:
        label = reply.get("label")
        label = truncate(clean_text(label), 80) if isinstance(label, str) else ""
        return f"answered {reply.get('option')}. {label}"
    error = reply.get("error")
    error = truncate(clean_text(error), 400) if isinstance(error, str) and error else \
        "the session refused the answer"
    raise WrapError(error, status=1)
