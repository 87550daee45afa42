"""Other machines' ledgers, for `osc7501wrap stats --host NAME` (and ``[fleet] hosts``).

Every host is asked at the same time, one thread each, with the user's own ssh
(:class:`.remote.Remote`) for the changes of its ledger in the window: ``osc7501wrap
stats --feed --since SPAN`` there prints one JSON object, ``{"ledger": 1, "now": EPOCH,
"changes": [[session, pid, agent, project, state, kind, at], ...], "alive": [[session,
pid], ...]}``. The whole wait is bounded by the timeout: a host that does not answer in
time, cannot be reached, refuses, or answers with something else is one line (its
``error``), never a wait or a traceback.

What comes back is untrusted text, read with :func:`parse_ledger`: at most MAX_ANSWER
bytes, strict JSON, each change rebuilt from typed values (a state or kind wrap does not
know drops the change), every text one clean bounded line
(:func:`.remote.row_text`) with its secrets hidden. Its times are moved to this
machine's clock with the far ``now`` (:func:`.remote.clock_offset`), so a far clock
that is off does not move its rows in the window.

Not here: the figures (:mod:`osc7501wrap.commands.stats`), reading a local ledger.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import WrapError
from .remote import (  # the feed reader's own checks of a JSON value
    KINDS,
    SECRETS,
    Remote,
    _number,
    _reject,
    clock_offset,
    far_output,
    row_text,
)

#: the most of one machine's answer read (about 200,000 changes)
MAX_ANSWER = 32 << 20
STATES = ("idle", "working", "blocked", "done", "error", "exited")
Change = tuple[str, int | None, str, str, str, str | None, float]


@dataclass
class FarLedger:
    """One host's answer: its changes (times in this clock), its live sessions, how far
    its clock is ahead of this one, or why there is nothing (``error``)."""

    host: str
    changes: list[Change] = field(default_factory=list)
    alive: set[tuple[str, int | None]] = field(default_factory=set)
    clock: float = 0.0
    error: str | None = None


def _pid(v: object) -> int | None:
    return v if type(v) is int and 0 < v < 1 << 31 else None


def _text(v: object, limit: int) -> str | None:
    return SECRETS(row_text(v, limit)) if isinstance(v, str) else None


def _change(raw: object) -> Change | None:
    if not isinstance(raw, list) or len(raw) != 7:
        return None
    session, pid, agent, project, state, kind, at = raw
    s, a, p, t = _text(session, 64), _text(agent, 64), _text(project, 512), _number(at)
    if s is None or a is None or p is None or t is None or state not in STATES:
        return None
    if kind is not None and kind not in KINDS:
        return None
    if pid is not None and _pid(pid) is None:
        return None
    return (s, pid, a, p, state, kind, t)


def parse_ledger(text: str) -> tuple[float, list[Change], set[tuple[str, int | None]]]:
    """A ``stats --feed`` answer: (far now, changes sorted by session, pid and time,
    live sessions); ValueError says what was wrong with it."""
    if len(text) > MAX_ANSWER:
        raise ValueError(f"longer than {MAX_ANSWER} bytes")
    try:
        obj = json.loads(text, parse_constant=_reject)
    except RecursionError:
        raise ValueError("not a ledger answer (nested too deep)") from None
    except ValueError as err:
        raise ValueError(f"not a ledger answer ({row_text(str(err), 80)})") from None
    if not isinstance(obj, dict) or obj.get("ledger") != 1:
        raise ValueError("not a ledger answer (no \"ledger\": 1)")
    now, changes, alive = _number(obj.get("now")), obj.get("changes"), obj.get("alive", [])
    if now is None or not isinstance(changes, list) or not isinstance(alive, list):
        raise ValueError("not a ledger answer (now, changes, alive)")
    rows = [c for c in map(_change, changes) if c is not None]
    rows.sort(key=lambda c: (c[0], -1 if c[1] is None else c[1], c[6]))
    live: set[tuple[str, int | None]] = set()
    for a in alive:
        if isinstance(a, list) and len(a) == 2 and (s := _text(a[0], 64)) is not None:
            live.add((s, _pid(a[1])))
    return now, rows, live


def ask(remote: Remote, host: str, span: str) -> FarLedger:
    """One host's ledger in the window `span` (a ``--since`` value)."""
    sent = time.time()
    try:
        text = far_output(remote, host, ["stats", "--feed", "--since", span],
                          remote.timeout, limit=MAX_ANSWER)
        got = time.time()
        now, changes, alive = parse_ledger(text)
    except WrapError as err:
        why = str(err).removeprefix(f"{host}: ")
        if "unrecognized arguments" in why and "--feed" in why:
            why += " (its osc7501wrap is older than stats --host: update it there)"
        return FarLedger(host, error=why)
    except ValueError as err:
        return FarLedger(host, error=f"it said something else than osc7501wrap stats: {err}")
    clock = clock_offset(now, sent, got)
    if clock:
        changes = [(*c[:6], c[6] - clock) for c in changes]  # type: ignore[misc]
    return FarLedger(host, changes, alive, clock)


def far_ledgers(remote: Remote, hosts: Sequence[str], span: str) -> list[FarLedger]:
    """Every host's ledger (:func:`ask`), all at once; the whole at most the timeout
    and a little for ssh to end. In the order given."""
    got: dict[str, FarLedger] = {}

    def one(host: str) -> None:
        got[host] = ask(remote, host, span)

    threads = [threading.Thread(target=one, args=(h,), daemon=True, name=f"stats-{h}")
               for h in hosts]
    for t in threads:
        t.start()
    end = time.monotonic() + remote.timeout + 2.0
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    return [got.get(h) or FarLedger(h, error=f"no answer in {remote.timeout:g} s")
            for h in hosts]


def as_feed(now: float, changes: Sequence[Sequence[Any]],
            alive: set[tuple[str, int | None]]) -> dict[str, Any]:
    """What ``stats --feed`` prints (the far side of :func:`ask`)."""
    return {"ledger": 1, "now": now, "changes": [list(c) for c in changes],
            "alive": sorted([list(a) for a in alive], key=str)}
