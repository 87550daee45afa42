"""`osc7501wrap answer [HOST:]SESSION CHOICE [--dialog ID]`: choose an option of the
dialog a session waits on. The session checks and types (see
:mod:`osc7501wrap.session.answer`): this only finds it, asks, and says what happened
(exit 0: the dialog went away). A session on another machine (``HOST:SESSION`` or
``--host HOST``) is answered by running `answer` there over ssh
(:mod:`osc7501wrap.fleet.remote`), where the same check is made; its one line comes
back cleaned."""

from __future__ import annotations

import math
import sys
from typing import Any

from ..config import load_config
from ..errors import WrapError
from ..fleet.remote import Remote, check_host, far_output, row_text
from ..fleet.span import split_session
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
    host, session = split_session(args.session)
    given = getattr(args, "host", None)
    if given is not None:
        if host is not None and host != given:
            raise WrapError(f"--host {given} and {host}:{session} name two machines",
                            status=2)
        host, session = check_host(given), args.session if host is None else session
    if host is None:
        return answer_line(session, args.choice, args.dialog, float(args.wait))
    remote = Remote.make(getattr(args, "ssh", None), getattr(args, "program", None),
                         load_config().fleet.timeout)
    return remote_answer(remote, host, session, args.choice, args.dialog, float(args.wait))


def _check(choice: str, dialog: str | None, wait: float) -> str:
    if not math.isfinite(wait) or not 0.2 <= wait <= 60:
        raise WrapError("--wait must be between 0.2 and 60 seconds", status=2)
    choice = choice.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if not choice.strip() or len(choice) > 400:
        raise WrapError("CHOICE must be an option's number or the start of its label",
                        status=2)
    if dialog is not None and (not dialog or len(dialog) > 32 or not dialog.isascii()
                               or not dialog.isalnum()):
        raise WrapError("--dialog must be a dialog id (as `ls --json` shows it)", status=2)
    return choice


def answer_line(session: str, choice: str, dialog: str | None, wait: float = 5.0) -> str:
    """Ask the session `session` (pid, id or tmux pane) to choose `choice` of the dialog
    `dialog` (an id; None: whatever it shows); the line to show ("answered N. LABEL"),
    or WrapError with the refusal's one line. `watch` answers through this too."""
    choice = _check(choice, dialog, wait)
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


def remote_answer(remote: Remote, host: str, session: str, choice: str, dialog: str | None,
                  wait: float = 5.0) -> str:
    """`answer_line` for a session on `host`: ``osc7501wrap answer`` run there (the far
    session makes the dialog check); its line, or WrapError with its refusal. What
    comes back is the far side's text: one line, cleaned, bounded."""
    choice = _check(choice, dialog, wait)
    if not session.strip() or len(session) > 200:
        raise WrapError("no session given", status=2)
    args = ["answer", session, choice, "--wait", f"{wait:g}"]
    if dialog is not None:
        args += ["--dialog", dialog]
    out = far_output(remote, host, args, wait + 5.0 + remote.timeout + 5.0)
    lines = [x for x in out.splitlines() if x.strip()]
    return row_text(lines[0], 400) if lines else "answered"
