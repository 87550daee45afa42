"""`osc7501wrap events`: every state change of every session, one JSON object a line.

Each line (flushed at once) has the keys of EVENT_KEYS: ``host`` (null: this machine, else
the fleet's machine it runs on, see osc7501wrap.fleet), ``session`` (wrap's pid), ``id``
(the record id), ``agent``, ``state``, ``kind``, ``msg``, ``since`` (epoch seconds),
``tmux_pane``, ``tmux_socket``, ``tty``, ``cwd``, ``dialog`` (while blocked: ``{id,
question, subject: [rows], partial, options: [{number, label, selected, key}]}``; a new
dialog id is an event of its own, another message about the same dialog is not: one
blocked line per dialog). Text is the registry's, cleaned again
here (one line, no controls). A session first seen prints its current state; one that
ends prints ``"state": "exited"``. It runs until interrupted (exit status 0 on SIGINT or
a closed pipe); ``--once`` prints the current states and exits.

Across machines (``--host``, ``[fleet] hosts``) each machine's feed goes through a
Tracker of its own, so its lines are the same, with its ``host``. A machine that drops
is one line ``{"host": NAME, "session": null, "state": "offline", "msg": why, "since":
last heard from}``, and ``"online"`` when it is back; its sessions that ended meanwhile
are then told as ``exited``.

Woken by :class:`osc7501wrap.commands.live.RegistryWatch`, never by fast polling. It
only prints: what to do with a line (notify-send, a sound, a phone push after five
minutes) is for the reader; see wrap(1) EVENTS.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from ..fleet.machines import Machine
from ..fleet.span import span_of
from ..protocol import inert_json
from . import live

EVENT_KEYS = ("host", "session", "id", "agent", "state", "kind", "msg", "since", "tmux_pane",
              "tmux_socket", "tty", "cwd", "dialog")


def event(entry: Mapping[str, Any], state: str | None = None) -> dict[str, Any]:
    v = live.view(entry)
    out = {"host": v.get("host"), "session": v.get("pid"),
           **{k: v.get(k) for k in EVENT_KEYS[2:]}}
    if state is not None:
        out["state"] = state
    return out


def _key(entry: Mapping[str, Any]) -> tuple[Any, ...]:
    """What makes a new event: while blocked on a dialog, that dialog (its message told
    by another signal is the same dialog); else the state, kind, message and since."""
    d = entry.get("dialog")
    did = d.get("id") if isinstance(d, Mapping) else None
    msg = None if entry.get("state") == "blocked" and did else entry.get("msg")
    return (entry.get("state"), entry.get("kind"), msg, entry.get("since"), did)


class Tracker:
    """Turns successive registry snapshots into events: `entries` the live sessions,
    `ended` the last entries of the ones that ended lately (see
    :func:`osc7501wrap.session.registry.list_ended`)."""

    def __init__(self) -> None:
        self.known: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self.done: set[tuple[Any, Any]] | None = None  # (pid, ended) of ends already told

    def changes(self, entries: Iterable[Mapping[str, Any]],
                ended: Iterable[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        seen: set[int] = set()
        last = {e.get("pid"): e for e in ended}
        stamps = {(pid, e.get("ended")) for pid, e in last.items()}
        if self.done is None:  # ends from before the first look are not news
            self.done = set(stamps)
        for e in entries:
            pid = e.get("pid")
            if not isinstance(pid, int):
                continue
            seen.add(pid)
            if e.get("state") == "clear":  # a clean exit under way: told as "exited"
                continue
            key = _key(e)
            before = self.known.get(pid)
            if before is None or before[0] != key:
                ev = event(e)
                self.known[pid] = (key, ev)
                out.append(ev)
        gone = set(self.known) - seen
        for pid in sorted(gone | {p for p in last if isinstance(p, int) and p not in seen}):
            final = last.get(pid)
            stamp = (pid, final.get("ended") if final is not None else None)
            before = self.known.pop(pid, None)
            if before is None and stamp in self.done:
                continue
            self.done.add(stamp)
            ev = before[1] if before is not None else None
            if final is not None and final.get("state") != "clear" and (
                    before is None or before[0] != _key(final)):
                ev = event(final)  # its last state, not seen live (e.g. an error at once)
                out.append(ev)
            if ev is not None:
                out.append({**ev, "state": "exited", "kind": None, "dialog": None})
        self.done &= stamps
        return out


def _print(events: list[dict[str, Any]]) -> None:
    for ev in events:
        sys.stdout.write(inert_json(ev) + "\n")
    sys.stdout.flush()


def machine_event(m: Machine) -> dict[str, Any]:
    """The line of a machine that went offline or came back."""
    out: dict[str, Any] = dict.fromkeys(EVENT_KEYS)
    out.update(host=m.name, state="online" if m.online else "offline", since=m.seen,
               msg="" if m.online else m.error)
    return out


class FleetTracker:
    """One Tracker per machine, and the machines' own offline / online lines."""

    def __init__(self) -> None:
        self.trackers: dict[str, Tracker] = {}
        self.up: dict[str, bool] = {}

    def changes(self, machines: list[Machine]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for m in machines:
            before = self.up.get(m.name)
            if before is None and (m.online or m.error == "connecting"):
                if m.online:  # the first connection is no news
                    self.up[m.name] = True
            elif before != m.online:
                out.append(machine_event(m))
                self.up[m.name] = m.online
            if m.online:
                t = self.trackers.setdefault(m.name, Tracker())
                out.extend(t.changes(m.rows(), m.rows(ended=True)))
        return out


def cmd_events(args: Any) -> int:
    span = span_of(args)
    tracker, fleet_tracker = Tracker(), FleetTracker()
    fleet = span.fleet()

    def local() -> list[dict[str, Any]]:
        return tracker.changes(live.sessions(), live.ended()) if span.local else []

    if getattr(args, "once", False):
        lines = local()
        if fleet is not None:
            try:
                machines = fleet.once()
            finally:
                fleet.close()
            for m in machines:
                lines.extend(Tracker().changes(m.rows(), m.rows(ended=True)) if m.online
                             else [machine_event(m)])
        _print(lines)
        return 0
    signal.signal(signal.SIGINT, signal.default_int_handler)
    watch = live.RegistryWatch()
    extra = []
    if fleet is not None:
        fleet.follow()
        extra.append(fleet.fileno())
    try:
        while True:
            lines = local()
            if fleet is not None:
                fleet.drain()
                lines.extend(fleet_tracker.changes(fleet.machines()))
            _print(lines)
            watch.wait(live.REFRESH, extra=extra)
    except KeyboardInterrupt:
        return 0
    finally:
        watch.close()
        if fleet is not None:
            fleet.close()
