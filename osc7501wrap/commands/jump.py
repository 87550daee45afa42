"""`osc7501wrap jump`: go to the session that has waited longest.

The blocked sessions of the registry are ordered by how long they have been blocked.
Inside tmux, a session in a pane of this tmux server is focused there: ``select-window``
and ``select-pane`` on its pane, then ``switch-client`` so an attached client follows it
across tmux sessions. Anywhere else (outside tmux, another server, no tmux pane), jump
prints where the session is: agent, how long, msg, tty, cwd, tmux pane.

``--next`` cycles: it goes to the blocked session after the one the last jump went to
(kept in ``<runtime_dir>/jump-last``), wrapping around. Exit status: 0 after a jump or a
print, 1 when no session is blocked, 2 when tmux refused the jump.

Across machines (``--host``, ``[fleet] hosts``) the blocked sessions of every machine
that answered are ordered together; one on another machine cannot be focused from here,
so jump prints where it is: the machine, then agent, msg, tty, cwd and tmux pane.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import Any

from ..fleet.span import span_of
from ..paths import runtime_dir
from . import live

LAST_FILE = "jump-last"


def _last_path() -> str:
    return os.path.join(runtime_dir(create=True), LAST_FILE)


def _read_last() -> Any:
    """The row key (live.row_key) the last jump went to: PID, or HOST:PID."""
    try:
        with open(_last_path(), encoding="utf-8") as f:
            text = f.read(300).strip()
    except (OSError, UnicodeDecodeError):
        return None
    host, _, pid = text.rpartition(":")
    if not pid.isdigit():
        return None
    return (host, int(pid)) if host else int(pid)


def _write_last(key: Any) -> None:
    text = f"{key[0]}:{key[1]}" if isinstance(key, tuple) else str(key)
    try:
        path = _last_path()
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(f"{text}\n")
        os.replace(tmp, path)
    except OSError:
        pass


def choose(blocked: list[Mapping[str, Any]], cycle: bool, last: Any) -> Mapping[str, Any]:
    """The session to go to: the first, or with `cycle` the one after `last` (a row key:
    a pid, or (host, pid))."""
    if cycle and last is not None:
        keys = [live.row_key(e) for e in blocked]
        if last in keys:
            return blocked[(keys.index(last) + 1) % len(blocked)]
    return blocked[0]


def describe(entry: Mapping[str, Any], now: float) -> str:
    v = live.view(entry)
    age = live.human_age(now - v["since"]) if isinstance(v.get("since"), int | float) else "?"
    lines = [f"{v.get('agent') or '?'} (pid {v.get('pid')}) blocked for {age}"
             + (f": {v['msg']}" if v.get("msg") else ""),
             *([f"  host {v['host']} (not focused from here: answer with osc7501wrap "
                f"answer {v['host']}:{v.get('pid')} CHOICE)"] if v.get("host") else []),
             f"  tty  {v.get('tty') or '-'}", f"  cwd  {v.get('cwd') or '-'}"]
    if v.get("tmux_pane"):
        lines.append(f"  tmux {v['tmux_pane']} on {v.get('tmux_socket') or '?'}")
    return "\n".join(lines) + "\n"


def focus(entry: Mapping[str, Any], env: Mapping[str, str] = os.environ) -> bool | None:
    """Focus `entry`'s pane in this tmux server: True done, False refused, None when
    it is not a pane of this server (or not inside tmux)."""
    ours = live.current_tmux_socket(env)
    pane, sock = entry.get("tmux_pane"), entry.get("tmux_socket")
    if not ours or not isinstance(pane, str) or not pane.startswith("%"):
        return None
    if sock and os.path.realpath(str(sock)) != os.path.realpath(ours):
        return None
    if live.tmux_run(ours, "select-window", "-t", pane, ";", "select-pane", "-t", pane) is None:
        return False
    live.tmux_run(ours, "switch-client", "-t", pane)  # no attached client: nothing to move
    return True


def cmd_jump(args: Any) -> int:
    span = span_of(args)
    entries = live.sessions() if span.local else []
    fleet = span.fleet()
    if fleet is not None:
        try:
            machines = fleet.once()
        finally:
            fleet.close()
        entries += [r for m in machines if m.online for r in m.rows()]
    blocked = live.blocked_longest_first(entries)
    quiet = bool(getattr(args, "quiet", False))
    if not blocked:
        if not quiet:
            sys.stderr.write("osc7501wrap jump: no session is blocked\n")
        return 1
    target = choose(blocked, bool(getattr(args, "next", False)), _read_last())
    if isinstance(target.get("pid"), int):
        _write_last(live.row_key(target))
    if target.get("host"):  # another machine's: say where it is
        if not quiet:
            sys.stdout.write(describe(target, time.time()))
        return 0
    done = focus(target)
    if done is False:
        sys.stderr.write(f"osc7501wrap jump: tmux did not select pane {target.get('tmux_pane')}\n")
        return 2
    if done is None and not quiet:
        sys.stdout.write(describe(target, time.time()))
    return 0
