"""`osc7501wrap stats [--since 7d] [--by agent|project|day] [--json|--csv]`: how long the
agents worked and waited for a person, from the ledger (:mod:`osc7501wrap.report.ledger`).

Each session's rows are a timeline: a state lasts until the session's next row. Per group
(agent, project directory or local day): seconds ``working`` and ``blocked`` (waiting
for a person), ``dialogs`` (each blocked row: a dialog shown; another dialog under the
same blocked state is another row), and the time to answer (blocked -> the next state;
a dialog the session exited on was not answered), its median and p90. The text view adds
a bar per day. Intervals are clipped to the window (``--since``, until now); the last
state of a session still running counts until now, that of one killed without its exit
row not at all (its end is unknown).

Every row says its ``host`` (null: this machine), so rows of several machines can stand
in one list. Not here: writing the ledger.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import sqlite3
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import WrapError
from ..report.ledger import ledger_path
from ..session.registry import list_sessions
from .ls import human_age

BY = ("agent", "project", "day")
BAR = 40  # characters of the longest day's bar
_SINCE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


@dataclass(slots=True)
class Group:
    """The figures of one group."""

    working: float = 0.0
    blocked: float = 0.0
    dialogs: int = 0
    answers: list[float] = field(default_factory=list)
    sessions: set[tuple[str, int | None]] = field(default_factory=set)

    def as_dict(self) -> dict[str, Any]:
        return {"working_s": round(self.working, 3), "blocked_s": round(self.blocked, 3),
                "dialogs": self.dialogs, "answer_median_s": _round(median(self.answers)),
                "answer_p90_s": _round(p90(self.answers)), "sessions": len(self.sessions)}


def _round(v: float | None) -> float | None:
    return None if v is None else round(v, 3)


def median(values: Sequence[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def p90(values: Sequence[float]) -> float | None:
    """The 90th percentile, nearest rank: the smallest value at or above 90% of them."""
    if not values:
        return None
    s = sorted(values)
    return s[max(math.ceil(0.9 * len(s)) - 1, 0)]


def parse_since(text: str, now: float) -> float:
    """``7d``, ``12h``, ``30m``, ``2w``, ``90s`` back from `now`, or a date
    ``2026-11-30`` (local midnight); WrapError (status 2) otherwise."""
    m = _SINCE.match(text)
    if m:
        return now - float(m.group(1)) * _UNITS[m.group(2)]
    try:
        return time.mktime(time.strptime(text.strip(), "%Y-%m-%d"))
    except ValueError:
        raise WrapError(f"--since {text!r}: expected a span such as 7d, 12h, 30m, 2w "
                        "or a date such as 2026-11-30", status=2) from None


def day_of(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))


def _next_midnight(at: float) -> float:
    t = time.localtime(at)
    return time.mktime((t.tm_year, t.tm_mon, t.tm_mday + 1, 0, 0, 0, 0, 0, -1))


def split_days(start: float, end: float) -> Iterable[tuple[str, float]]:
    """(local day, seconds) of the interval [start, end)."""
    while start < end:
        cut = min(_next_midnight(start), end)
        yield day_of(start), cut - start
        start = cut


@dataclass(slots=True)
class Stats:
    since: float
    until: float
    by: str
    groups: dict[str, Group]
    total: Group
    days: dict[str, Group]

    def as_dict(self) -> dict[str, Any]:
        return {"host": None, "since": self.since, "until": self.until, "by": self.by,
                "rows": [{"host": None, self.by: key, **g.as_dict()}
                         for key, g in sorted(self.groups.items())],
                "total": {"host": None, **self.total.as_dict()},
                "days": [{"day": d, "working_s": round(g.working, 3),
                          "blocked_s": round(g.blocked, 3), "dialogs": g.dialogs}
                         for d, g in sorted(self.days.items())]}


Change = tuple[str, int | None, str, str, str, str | None, float]  # session .. at


def compute(rows: Iterable[Change], *, since: float, until: float, by: str,
            alive: set[tuple[str, int | None]] | None = None) -> Stats:
    """The figures of the ledger's rows (session, pid, agent, project, state, kind, at),
    sorted by session, pid and time, between `since` and `until`; `alive`: the sessions
    still running (their last state lasts until `until`)."""
    alive = alive or set()
    groups: dict[str, Group] = {}
    days: dict[str, Group] = {}
    total = Group()

    def key_of(agent: str, project: str, at: float) -> str:
        return agent if by == "agent" else project if by == "project" else day_of(at)

    def group(key: str) -> Group:
        g = groups.get(key)
        if g is None:
            g = groups[key] = Group()
        return g

    def add_time(state: str, agent: str, project: str, start: float, end: float,
                 who: tuple[str, int | None]) -> None:
        start, end = max(start, since), min(end, until)
        if end <= start or state not in ("working", "blocked"):
            return
        for day, secs in split_days(start, end):
            gs = [days.setdefault(day, Group()), total,
                  group(day if by == "day" else key_of(agent, project, start))]
            for g in gs:
                if state == "working":
                    g.working += secs
                else:
                    g.blocked += secs
                g.sessions.add(who)

    rows = list(rows)
    for i, (session, pid, agent, project, state, _kind, at) in enumerate(rows):
        who = (session, pid)
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        same = nxt is not None and (nxt[0], nxt[1]) == who
        if same:
            end: float | None = nxt[6]  # type: ignore[index]
        elif state != "exited" and who in alive:
            end = until
        else:
            end = None  # its end is unknown (killed): not counted
        if end is not None:
            add_time(state, agent, project, at, end, who)
        if state == "blocked" and since <= at < until:
            answered = (end - at) if same and nxt[4] != "exited" and end is not None \
                else None  # type: ignore[index]
            for g in (days.setdefault(day_of(at), Group()), total,
                      group(key_of(agent, project, at))):
                g.dialogs += 1
                g.sessions.add(who)
                if answered is not None:
                    g.answers.append(answered)
    return Stats(since=since, until=until, by=by, groups=groups, total=total, days=days)


def read_rows(path: str) -> list[Change]:
    """Every row of the ledger at `path`, by session, pid and time (read-only)."""
    uri = "file:" + path.replace("?", "%3f").replace("#", "%23")
    try:
        db = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=5)
        try:
            return _select(db)
        finally:
            db.close()
    except sqlite3.OperationalError as first:
        if "no such table" in str(first):
            raise
        # a read-only directory or a full disk (no -shm can be made): read the file as it
        # is, without the WAL's latest rows
        db = sqlite3.connect(uri + "?immutable=1", uri=True)
        try:
            return _select(db)
        finally:
            db.close()


def _select(db: sqlite3.Connection) -> list[Change]:
    return db.execute("SELECT session, pid, agent, project, state, kind, at FROM changes "
                      "ORDER BY session, pid, at, id").fetchall()


def _alive() -> set[tuple[str, int | None]]:
    return {(str(e.get("id")), e.get("pid")) for e in list_sessions(clean=False)}


def _dur(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def format_text(st: Stats, span: str, width: int = 100) -> str:
    head = (f"since {time.strftime('%Y-%m-%d %H:%M', time.localtime(st.since))} ({span}), "
            f"by {st.by}")
    if not st.total.sessions:
        return head + "\nnothing in the ledger for this time\n"
    name = st.by.upper()
    rows = [(name, "WORKING", "BLOCKED", "DIALOGS", "ANSWER p50", "p90")]
    for key, g in sorted(st.groups.items()):
        shown = key.replace(os.path.expanduser("~"), "~", 1) if st.by == "project" else key
        rows.append((shown or "-", _dur(g.working), _dur(g.blocked), str(g.dialogs),
                     _dur(median(g.answers)), _dur(p90(g.answers))))
    t = st.total
    rows.append(("total", _dur(t.working), _dur(t.blocked), str(t.dialogs),
                 _dur(median(t.answers)), _dur(p90(t.answers))))
    widths = [max(len(r[i]) for r in rows) for i in range(6)]
    lines = [head, ""]
    for r in rows:
        lines.append("  ".join(r[i].ljust(widths[i]) if i == 0 else r[i].rjust(widths[i])
                               for i in range(6)).rstrip())
    lines += ["", "per day   █ working  ░ blocked"]
    most = max((g.working + g.blocked for g in st.days.values()), default=0) or 1
    for day, g in sorted(st.days.items()):
        w = round(BAR * g.working / most)
        b = round(BAR * g.blocked / most)
        if g.blocked and not b:
            b = 1  # a wait, however short, shows
        bar = "█" * w + "░" * b
        lines.append(f"{day}  {bar.ljust(BAR)}  {_dur(g.working)} / {_dur(g.blocked)}, "
                     f"{g.dialogs} dialog{'s' if g.dialogs != 1 else ''}")
    return "\n".join(lines) + "\n"


def format_csv(st: Stats) -> str:
    buf = io.StringIO()
    keys = ("working_s", "blocked_s", "dialogs", "answer_median_s", "answer_p90_s", "sessions")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(("host", st.by, *keys))
    for key, g in sorted(st.groups.items()):
        d = g.as_dict()
        w.writerow(("", key, *("" if d[k] is None else d[k] for k in keys)))
    return buf.getvalue()


def cmd_stats(args: Any) -> int:
    now = time.time()
    span = getattr(args, "since", None) or "7d"
    since = parse_since(span, now)
    by = getattr(args, "by", None) or "agent"
    path = ledger_path()
    rows: list[Change] = []
    if os.path.exists(path):
        try:
            rows = read_rows(path)
        except sqlite3.Error as err:
            raise WrapError(f"the ledger {path} cannot be read ({err})", status=1) from None
    st = compute(rows, since=since, until=now, by=by, alive=_alive())
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(st.as_dict(), ensure_ascii=False) + "\n")
    elif getattr(args, "csv", False):
        sys.stdout.write(format_csv(st))
    else:
        if not rows:
            sys.stdout.write(f"no ledger yet ({path}); every wrapped session adds to it\n")
            return 0
        sys.stdout.write(format_text(st, span if _SINCE.match(span) else
                                     f"{human_age(now - since)} ago"))
    return 0
