"""`osc7501wrap tmux-menu --client NAME`: tmux's own menu for the session waiting longest.

Run by the key ``osc7501wrap tmux-init`` binds (prefix a): it asks tmux to show, on that
client, a ``display-menu`` titled with the agent and the dialog's question, the rows of
what it approves (folded: :func:`osc7501wrap.commands.dialog.folded`), one item per
option (its number as the item's key; none for a dialog part of which is not on screen),
and ``j`` to jump to the session instead.
Choosing an option runs ``osc7501wrap answer PID N --dialog ID --tmux-client NAME``:
the dialog id is the one the menu was built from, so a dialog that changed in between is
refused (the session checks), and the result is shown with ``display-message``.

Screen text goes only into the title and the items' names, made inert with
:func:`~osc7501wrap.report.tmux_display.tmux_literal` (tmux expands both as formats);
an empty name is one separator (it takes no key or command); the items' commands hold nothing but the program's own path, numbers, the dialog id (hex)
and the client's name (checked), each quoted. tmux is run with an argument list, never
through a shell.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from ..report.tmux_display import tmux_literal
from ..session.registry import clean_dialog
from . import live
from .dialog import folded
from .tmux_init import program

TITLE_LIMIT = 120
ITEM_LIMIT = 100
MENU_ROWS = 8  # lines of what the dialog approves
_CLIENT_RE = re.compile(r"[A-Za-z0-9/_.:+-]{1,200}\Z")
_ID_RE = re.compile(r"[0-9a-f]{1,32}\Z")
_PANE_RE = re.compile(r"%[0-9]{1,9}\Z")


def tmux_quote(text: str) -> str:
    """`text` as one double-quoted word of a tmux command whose formats are expanded:
    no ``\\``, ``"``, ``$`` or ``#`` acts."""
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
                  .replace("#", "##")) + '"'


def menu_args(entry: Mapping[str, Any], client: str | None, prog: str,
              here: bool, width: int = ITEM_LIMIT) -> list[str]:
    """The display-menu command (an argument list for tmux) for a blocked `entry`.
    `here`: its pane is one of this tmux server (the jump item can select it); `width`:
    the widest the menu's lines may be (tmux shows no menu wider than its client)."""

    d = clean_dialog(entry.get("dialog")) or {"id": "", "question": "", "options": []}
    agent = str(entry.get("agent") or "agent")
    question = d["question"] or str(entry.get("msg") or "") or "waiting"
    args = ["display-menu"]
    if client is not None:
        args += ["-c", client]
    width = max(20, min(width, ITEM_LIMIT))
    args += ["-T", tmux_literal(f"{agent}: {question}", min(TITLE_LIMIT, width)),
             "-x", "C", "-y", "C", "--"]  # the items: one starting with "-" is no flag
    pid = entry.get("pid")
    # what it approves, every row (long ones continued on the next lines) or as many as
    # fit and how to read the rest: disabled items (a leading "-"), never a first row
    # that reads as the whole
    for row in folded(d, pid, rows=MENU_ROWS, width=width - 2, wrap=True):
        args += ["-" + tmux_literal(row, width), "", ""]
    ok_id = isinstance(pid, int) and _ID_RE.match(d["id"]) is not None and not d.get("partial")
    for o in d["options"] if ok_id else []:
        n = o["number"]
        if not isinstance(n, int) or not 0 < n < 100:
            continue
        shell = f"{prog} answer {pid} {n} --dialog {d['id']}"
        if client is not None:
            shell += f" --tmux-client {client}"
        args += [tmux_literal(f"{n}. {o['label']}", width), str(n) if n < 10 else "",
                 f"run-shell -b {tmux_quote(shell + ' >/dev/null 2>&1')}"]
    if not d["options"]:
        args += ["-no options wrap can read: answer it in its pane", "", ""]
    pane = entry.get("tmux_pane")
    if here and isinstance(pane, str) and _PANE_RE.match(pane):
        target = f"-c {tmux_quote(client)} " if client is not None else ""
        args += ["", "Jump there", "j",
                 f"select-window -t {pane} ; select-pane -t {pane} ; "
                 f"switch-client {target}-t {pane}"]
    else:
        args += ["", "-Jump there (not a pane of this tmux)", "", ""]
    return args


def _here(entry: Mapping[str, Any], ours: str | None) -> bool:

    sock = entry.get("tmux_socket")
    return bool(ours) and (not sock or os.path.realpath(str(sock)) == os.path.realpath(
        str(ours)))


def cmd_tmux_menu(args: Any) -> int:

    client = getattr(args, "client", None)
    if client is not None and not _CLIENT_RE.match(client):
        client = None  # tmux then shows it on the client it thinks current
    ours = live.current_tmux_socket()
    if ours is None:
        sys.stderr.write("osc7501wrap tmux-menu: not inside tmux\n")
        return 1
    blocked = live.blocked_longest_first(live.sessions())
    if not blocked:
        live.tmux_run(ours, "display-message", *(["-c", client] if client else []),
                      tmux_literal("no agent is waiting", 60))
        return 1
    entry = blocked[0]
    size = live.tmux_run(ours, "display-message", "-p", *(["-c", client] if client else []),
                         "#{client_width}")
    width = int(size) - 4 if size and size.strip().isdigit() else ITEM_LIMIT
    if not show(ours, menu_args(entry, client, program(), _here(entry, ours), width)):
        sys.stderr.write("osc7501wrap tmux-menu: tmux did not show the menu\n")
        return 2
    return 0


def show(socket: str, args: list[str], grace: float = 0.5) -> bool:
    """Start ``tmux display-menu`` without waiting for it: the tmux client that asks
    stays until the menu closes. False if tmux is missing or refused at once."""

    tmux = shutil.which("tmux")
    if tmux is None:
        return False
    try:
        proc = subprocess.Popen([tmux, "-S", socket, *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    except OSError:
        return False
    try:
        return proc.wait(grace) == 0
    except subprocess.TimeoutExpired:
        return True  # the menu is up
