"""`osc7501wrap events`: every state change of every session, one JSON object a line.

Each line (flushed at once) has the keys of EVENT_KEYS: ``session`` (wrap's pid), ``id``
(the record id), ``agent``, ``state``, ``kind``, ``msg``, ``since`` (epoch seconds),
``tmux_pane``, ``tmux_socket``, ``tty``, ``cwd``, ``dialog`` (while blocked: ``{id,
question, options: [{number, label, selected, key}]}``; a new dialog id is an event of
its own). Text is the registry's, cleaned again
here (one line, no controls). A session first seen prints its current state; one that
ends prints ``"state": "exited"``. It runs until interrupted (exit status 0 on SIGINT or
a closed pipe); ``--once`` prints the current states and exits.

Woken by :class:`osc7501wrap.commands.live.RegistryWatch`, never by fast polling. It
only prints: what to do with a line (notify-send, a sound, a phone push after five
minutes) is for the reader; see wrap(1) EVENTS.
"""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from . import live

EVENT_KEYS = ("session", "id", "agent", "state", "kind", "msg", "since", "tmux_pane",
              "tmux_socket", "tty", "cwd", "dialog")


def event(entry: Mapping[str, Any], state: str | None = None) -> dict[str, Any]:
    v = live.view(entry)
    out = {"session": v.get("pid"), **{k: v.get(k) for k in EVENT_KEYS[1:]}}
    if state is not None:
        out["state"] = state
    return out


def _key(entry: Mapping[str, Any]) -> tuple[Any, ...]:
    d = entry.get("dialog")
    return (entry.get("state"), entry.get("kind"), entry.get("msg"), entry.get("since"),
            d.get("id") if isinstance(d, Mapping) else None)


class Tracker:
    """Turns successive registry snapshots into events."""

    def __init__(self) -> None:
        self.known: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def changes(self, entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        seen: set[int] = set()
        for e in entries:
            pid = e.get("pid")
            if not isinstance(pid, int):
                continue
            seen.add(pid)
            key = _key(e)
            before = self.known.get(pid)
            if before is None or before[0] != key:
                ev = event(e)
                self.known[pid] = (key, ev)
                out.append(ev)
        for pid in sorted(set(self.known) - seen):
            _, last = self.known.pop(pid)
            out.append({**last, "state": "exited", "kind": None, "dialog": None})
        return out


def _print(events: list[dict[str, Any]]) -> None:
    for ev in events:
        sys.stdout.write(json.dumps(ev, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def cmd_events(args: Any) -> int:
    tracker = Tracker()
    if getattr(args, "once", False):
        _print(tracker.changes(live.sessions()))
        return 0
    signal.signal(signal.SIGINT, signal.default_int_handler)
    watch = live.RegistryWatch()
    try:
        while True:
            _print(tracker.changes(live.sessions()))
            watch.wait(live.REFRESH)
    except KeyboardInterrupt:
        return 0
    finally:
        watch.close()
