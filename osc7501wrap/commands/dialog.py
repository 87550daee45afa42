"""What a dialog approves, as text: folded for a menu, an overview or a notification, and
whole for `osc7501wrap dialog SESSION`.

A folded dialog is its question and the first rows of its subject (the command it would
run, the file it would write), each cut to a width; when rows are left out it says how
many and which command shows them all, and a dialog part of whose subject is not on
screen says so: a first row never reads as the whole. The text is the registry's,
cleaned again (:func:`osc7501wrap.session.registry.clean_dialog`); where it goes decides
how it is made inert (tmux formats, the terminal).

A session on another machine (``HOST:SESSION``) is read by running `dialog --json` there
over ssh (:mod:`osc7501wrap.fleet.remote`); what comes back is parsed strictly and
cleaned again. It does not answer (commands/answer.py) or find sessions
(session/registry.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from ..config import load_config
from ..errors import WrapError
from ..fleet.remote import Remote, far_output
from ..fleet.span import split_session
from ..protocol import inert_json
from ..session.registry import clean_dialog, clean_text, find_session, truncate

#: subject rows a folded dialog shows
FOLD_ROWS = 6


def folded(d: Mapping[str, Any], session: object, rows: int = FOLD_ROWS,
           width: int = 100, wrap: bool = False) -> list[str]:
    """The subject's rows as a folded block: at most `rows` lines, each row cut to
    `width` (with `wrap`, continued on the next lines after "↪ " instead, so no
    character of a shown row is hidden), then "… N more lines: osc7501wrap dialog
    SESSION" when rows were left out, and a line saying so when part of it is not on
    screen. `d` is a cleaned dialog."""
    subject = [str(r).rstrip() for r in d.get("subject") or ()]
    lines = [_pieces(r, width) if wrap else [_cut(r, width)] for r in subject]
    out: list[str] = []
    used = 0
    for n, piece in enumerate(lines):
        left = len(subject) - n - 1
        if len(out) + len(piece) > rows - (1 if left else 0):
            break
        out += piece
        used = n + 1
    if not used and subject:  # one row longer than the fold: as much of it as fits
        out = lines[0][: max(1, rows - 1)]
    hidden = len(subject) - used
    if hidden:
        out.append(f"… {hidden} more line{'s' if hidden != 1 else ''}: "
                   f"osc7501wrap dialog {session}")
    if d.get("partial"):
        out.append("(part of it is not on screen: answer it in its pane)")
    return out


def _pieces(row: str, width: int) -> list[str]:
    width = max(8, width)
    if len(row) <= width:
        return [row]
    step = width - 2
    return [row[:width]] + ["↪ " + row[i:i + step] for i in range(width, len(row), step)]


def _cut(row: str, width: int) -> str:
    row = row.rstrip()
    return row if len(row) <= width else row[: max(0, width - 1)] + "…"


def whole(d: Mapping[str, Any]) -> list[str]:
    """Every line of a cleaned dialog: the question, each subject row as it runs
    (indented by two), each option."""
    out = [d.get("question") or "(no question read)"]
    out += ["  " + str(r) for r in d.get("subject") or ()]
    if d.get("partial"):
        out.append("(part of it is not on screen: answer it in its pane)")
    for o in d.get("options") or ():
        key = f" [{o['key']}]" if o.get("key") else ""
        sel = " (selected)" if o.get("selected") else ""
        out.append(f"{o['number']}. {o['label']}{key}{sel}")
    return out


def cmd_dialog(args: Any) -> int:
    """`osc7501wrap dialog [HOST:]SESSION [--json]`: the whole dialog a session waits on."""
    host, session = split_session(args.session)
    if host is not None:
        d = _far(host, session)
    else:
        entry = find_session(session)
        d = clean_dialog(entry.get("dialog"))
        if entry.get("state") != "blocked" or d is None:
            state = truncate(clean_text(str(entry.get("state") or "unknown")), 20)
            raise WrapError(f"session {entry.get('pid')} shows no dialog (it is {state})",
                            status=1)
    if getattr(args, "json", False):
        sys.stdout.write(inert_json(d) + "\n")
    else:
        sys.stdout.write("\n".join(whole(d)) + "\n")
    return 0


def _far(host: str, session: str) -> dict[str, Any]:
    """The dialog of `session` on `host`, as its `dialog --json` prints it, cleaned."""
    remote = Remote.make(timeout=load_config().fleet.timeout)
    out = far_output(remote, host, ["dialog", session, "--json"], remote.timeout + 10.0)
    try:
        d = clean_dialog(json.loads(out.strip().splitlines()[0]))
    except (ValueError, IndexError):
        d = None
    if d is None:
        raise WrapError(f"{host}: no dialog came back", status=1)
    return d
