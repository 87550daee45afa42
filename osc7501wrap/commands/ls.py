"""`osc7501wrap ls [--json] [--host NAME...]`: list the live wrapped sessions (see wrap(1)
and :mod:`osc7501wrap.session.registry`, which keeps the entries), of this machine and
of the fleet's (:mod:`osc7501wrap.fleet`): each row says its ``host`` (null: this
machine); the rows of a machine that did not answer are its last known ones, with
``offline_since``, and one line on stderr says why. With none, one line that says so
(``[]`` with ``--json``), exit 0 either way."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Mapping
from typing import Any

from ..fleet.span import span_of
from ..protocol import inert_json
from ..session.registry import list_sessions, public_view, truncate
from .live import human_age, offline_line, view

__all__ = ["cmd_ls", "format_table", "human_age", "row"]


def row(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The `ls --json` object: the registry's public keys, ``host``, ``offline_since``."""
    v = view(entry)
    return {**public_view(entry), "host": v["host"], "offline_since": v["offline_since"]}


def _short_path(path: str, width: int, home: bool = True) -> str:
    here = os.path.expanduser("~")
    if home and here and here != "/" and (path == here or path.startswith(here + "/")):
        path = "~" + path[len(here):]
    if len(path) > width:
        path = "…" + path[-(width - 1):]
    return path


def format_table(entries: list[dict[str, Any]], width: int = 100,
                 now: float | None = None) -> str:
    """The table; a HOST column when a row is another machine's."""
    now = time.time() if now is None else now
    hosts = any(e.get("host") for e in entries)
    rows = [(("HOST",) if hosts else ()) + ("PID", "AGENT", "STATE", "SINCE", "CWD", "MSG")]
    for e in entries:
        v = view(e)
        state = str(v.get("state") or "?")
        if v.get("kind"):
            state += f":{v['kind']}"
        since = v.get("since")
        host = v.get("host") or "-"
        if v.get("offline_since") is not None:
            host += " (offline)"
        rows.append(((truncate(host, 30),) if hosts else ()) + (
            str(v.get("pid", "")),
            str(v.get("agent") or "-"),
            state,
            human_age(now - since) if isinstance(since, int | float) else "-",
            _short_path(str(v.get("cwd") or ""), 30, home=not v.get("host")),
            str(v.get("msg") or ""),
        ))
    n = len(rows[0]) - 1
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    lines = []
    for r in rows:
        head = "  ".join(r[i].ljust(widths[i]) for i in range(n))
        room = width - len(head) - 2
        lines.append((head + "  " + truncate(r[n], max(room, 20))).rstrip())
    return "\n".join(lines) + "\n"


def cmd_ls(args: Any) -> int:
    span = span_of(args)
    entries = list_sessions(clean=True) if span.local else []
    fleet = span.fleet()
    if fleet is not None:
        try:
            machines = fleet.once()
        finally:
            fleet.close()
        now = time.time()
        for m in machines:
            entries.extend(m.rows())
            if not m.online:
                sys.stderr.write(f"osc7501wrap ls: {offline_line(m, now)}\n")
    if getattr(args, "json", False):
        sys.stdout.write(inert_json([row(e) for e in entries]) + "\n")
        return 0
    if not entries:  # not an empty table: say it (--json prints [])
        sys.stdout.write("no live wrapped session\n")
        return 0
    width = shutil.get_terminal_size((100, 24)).columns
    sys.stdout.write(format_table(entries, width=width))
    return 0
