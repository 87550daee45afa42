"""`osc7501wrap ls [--json]`: list the live wrapped sessions (see wrap(1) and
:mod:`osc7501wrap.session.registry`, which keeps the entries); with none, one line that
says so (``[]`` with ``--json``), exit 0 either way."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from typing import Any

from ..session.registry import list_sessions, public_view, truncate


def human_age(seconds: float) -> str:
    """3s, 4m, 2h, 5d."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m"
    if s < 86400:
        return f"{s // 3600}h"
    return f"{s // 86400}d"


def _short_path(path: str, width: int) -> str:
    home = os.path.expanduser("~")
    if home and home != "/" and (path == home or path.startswith(home + "/")):
        path = "~" + path[len(home):]
    if len(path) > width:
        path = "…" + path[-(width - 1):]
    return path


def format_table(entries: list[dict[str, Any]], width: int = 100,
                 now: float | None = None) -> str:
    now = time.time() if now is None else now
    rows = [("PID", "AGENT", "STATE", "SINCE", "CWD", "MSG")]
    for e in entries:
        v = public_view(e)
        state = str(v.get("state") or "?")
        if v.get("kind"):
            state += f":{v['kind']}"
        since = v.get("since")
        rows.append((
            str(v.get("pid", "")),
            str(v.get("agent") or "-"),
            state,
            human_age(now - since) if isinstance(since, int | float) else "-",
            _short_path(str(v.get("cwd") or ""), 30),
            str(v.get("msg") or ""),
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = []
    for r in rows:
        head = "  ".join(r[i].ljust(widths[i]) for i in range(5))
        room = width - len(head) - 2
        lines.append((head + "  " + truncate(r[5], max(room, 20))).rstrip())
    return "\n".join(lines) + "\n"


def cmd_ls(args: Any) -> int:
    entries = list_sessions(clean=True)
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps([public_view(e) for e in entries], ensure_ascii=False) + "\n")
        return 0
    if not entries:  # not an empty table: say it (--json prints [])
        sys.stdout.write("no live wrapped session\n")
        return 0
    width = shutil.get_terminal_size((100, 24)).columns
    sys.stdout.write(format_table(entries, width=width))
    return 0
