"""`osc7501wrap stats [--since 7d] [--by agent|project|day|host] [--json|--csv] [--host
NAME...]`: how long the agents worked and waited for a person, from the ledger
(:mod:`osc7501wrap.report.ledger`) of this machine and of the fleet's.

Each session's rows are a timeline: a state lasts until the session's next row. Per group
(agent, project directory, local day or machine): seconds ``working`` and ``blocked``
(waiting for a person), ``dialogs`` (each blocked row: a dialog shown; another dialog
under the same blocked state is another row), and the time to answer (blocked -> the
next state; a dialog the session exited on was not answered), its median and p90. The
text view adds a bar per day. Intervals are clipped to the window (``--since``, until
now); the last state of a session still running counts until now, that of one killed
without its exit row not at all (its end is unknown).

Other machines (``--host``, ``[fleet] hosts``) are asked for their ledger's changes in
the window (:mod:`osc7501wrap.fleet.ledgers`, which runs ``stats --feed`` there, in
their clock moved to this one); each group is one machine's, every row says its
``host`` (null: this machine), and the total and the days add up every machine. Not
here: writing the ledger.
"""
from __future__ import annotations

import csv
import io
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
from ..fleet.ledgers import as_feed, far_ledgers
from ..fleet.span import span_of
from ..protocol.jsontext import inert_json
from ..report.ledger import ledger_path
from ..session.registry import clean_text, list_sessions, truncate
from .ls import human_age

BY = ("agent", "project", "day", "host")
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


Who = tuple[str | None, str, int | None]  # host, session, pid
Key = tuple[str | None, str]  # host, the group's name (agent, project, day; "" by host)


@dataclass(slots=True)
class Stats:
    since: float
    until: float
    by: str
    groups: dict[Key, Group]
    total: Group
    days: dict[str, Group]
    #: the other machines asked: (host, None) answered, (host, why) not
    hosts: list[tuple[str, str | None]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"host": None, "since": self.since, "until": self.until, "by": self.by,
                "rows": [{"host": host, **({} if self.by == "host" else {self.by: key}),
                          **g.as_dict()} for (host, key), g in self.sorted_groups()],
                "total": {"host": None, **self.total.as_dict()},
                "days": [{"day": d, "working_s": round(g.working, 3),
                          "blocked_s": round(g.blocked, 3), "dialogs": g.dialogs}
                         for d, g in sorted(self.days.items())],
                "hosts": [{"host": h, "answered": why is None, "error": why}
                          for h, why in self.hosts]}

    def sorted_groups(self) -> list[tuple[Key, Group]]:
        """By name, then this machine before the others, these by name."""
        return sorted(self.groups.items(),
                      key=lambda kv: (kv[0][1], kv[0][0] is not None, kv[0][0] or ""))


Change = tuple[str, int | None, str, str, str, str | None, float]  # session .. at


class Tally:
    """The figures of several machines' ledgers (see the module docstring): `add` each
    machine's rows, then `stats`."""

    def __init__(self, *, since: float, until: float, by: str) -> None:
        self.since, self.until, self.by = since, until, by
        self.groups: dict[Key, Group] = {}
        self.days: dict[str, Group] = {}
        self.total = Group()

    def _group(self, host: str | None, agent: str, project: str, at: float,
               day: str | None = None) -> Group:
        by = self.by
        key = (host, "" if by == "host" else agent if by == "agent"
               else project if by == "project" else day or day_of(at))
        g = self.groups.get(key)
        if g is None:
            g = self.groups[key] = Group()
        return g

    def _time(self, state: str, agent: str, project: str, start: float, end: float,
              who: Who) -> None:
        start, end = max(start, self.since), min(end, self.until)
        if end <= start or state not in ("working", "blocked"):
            return
        for day, secs in split_days(start, end):
            for g in (self.days.setdefault(day, Group()), self.total,
                      self._group(who[0], agent, project, start, day)):
                if state == "working":
                    g.working += secs
                else:
                    g.blocked += secs
                g.sessions.add(who)

    def add(self, rows: Iterable[Change], alive: set[tuple[str, int | None]] | None = None,
            host: str | None = None) -> None:
        """One machine's rows (session, pid, agent, project, state, kind, at), sorted by
        session, pid and time; `alive`: its sessions still running (their last state
        lasts until `until`)."""
        alive = alive or set()
        since, until = self.since, self.until
        rows = list(rows)
        for i, (session, pid, agent, project, state, _kind, at) in enumerate(rows):
            who = (host, session, pid)
            nxt = rows[i + 1] if i + 1 < len(rows) else None
            same = nxt is not None and (nxt[0], nxt[1]) == (session, pid)
            if same:
                end: float | None = nxt[6]  # type: ignore[index]
            elif state != "exited" and (session, pid) in alive:
                end = until
            else:
                end = None  # its end is unknown (killed): not counted
            if end is not None:
                self._time(state, agent, project, at, end, who)
            if state == "blocked" and since <= at < until:
                answered = (end - at) if same and nxt[4] != "exited" and end is not None \
                    else None  # type: ignore[index]
                for g in (self.days.setdefault(day_of(at), Group()), self.total,
                          self._group(host, agent, project, at)):
                    g.dialogs += 1
                    g.sessions.add(who)
                    if answered is not None:
                        g.answers.append(answered)

    def stats(self, hosts: list[tuple[str, str | None]] | None = None) -> Stats:
        return Stats(since=self.since, until=self.until, by=self.by, groups=self.groups,
                     total=self.total, days=self.days, hosts=hosts or [])


def compute(rows: Iterable[Change], *, since: float, until: float, by: str,
            alive: set[tuple[str, int | None]] | None = None) -> Stats:
    """The figures of this machine's rows alone (:class:`Tally`)."""
    t = Tally(since=since, until=until, by=by)
    t.add(rows, alive)
    return t.stats()


def read_rows(path: str, cut: float | None = None) -> list[Change]:
    """The rows of the ledger at `path`, by session, pid and time (read-only): every
    one, or from `cut` on and, of each session, its last one before `cut` unless it is
    its exit (the state it was in at `cut`)."""
    uri = "file:" + path.replace("?", "%3f").replace("#", "%23")
    try:
        db = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=5)
        try:
            return _select(db, cut)
        finally:
            db.close()
    except sqlite3.OperationalError as first:
        if "no such table" in str(first):
            raise
        # a read-only directory or a full disk (no -shm can be made): read the file as it
        # is, without the WAL's latest rows
        db = sqlite3.connect(uri + "?immutable=1", uri=True)
        try:
            return _select(db, cut)
        finally:
            db.close()


_COLS = "session, pid, agent, project, state, kind, at"


def _select(db: sqlite3.Connection, cut: float | None) -> list[Change]:
    if cut is None:
        return db.execute(f"SELECT {_COLS} FROM changes "
                          "ORDER BY session, pid, at, id").fetchall()
    # SQLite's bare column with max(): the id of each session's last row before the cut
    rows = db.execute(
        f"SELECT {_COLS}, id FROM changes WHERE at >= ? UNION ALL "
        f"SELECT {_COLS}, id FROM changes WHERE state != 'exited' AND id IN "
        "(SELECT id FROM (SELECT id, max(at) FROM changes WHERE at < ? "
        "GROUP BY session, pid)) ORDER BY 1, 2, 7, 8", (cut, cut)).fetchall()
    return [r[:7] for r in rows]


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


def _shown(st: Stats, host: str | None, key: str) -> tuple[str, ...]:
    """The name cells of a row as text: one clean line each (a far machine's names are
    untrusted; a local directory's name may hold controls too)."""
    if st.by == "project" and host is None:
        home = os.path.expanduser("~")
        if home not in ("", "/") and (key == home or key.startswith(home + "/")):
            key = "~" + key[len(home):]
    name = truncate(clean_text(key), 60) or "-"
    if st.by == "host":
        return (truncate(clean_text(host or ""), 40) or "-",)
    if any(h for h, _ in st.groups):
        return (truncate(clean_text(host or ""), 40) or "-", name)
    return (name,)


def format_text(st: Stats, span: str, width: int = 100) -> str:
    head = (f"since {time.strftime('%Y-%m-%d %H:%M', time.localtime(st.since))} ({span}), "
            f"by {st.by}")
    if not st.total.sessions:
        return head + "\nnothing in the ledger for this time\n"
    names: tuple[str, ...] = ("HOST",) if st.by == "host" else (
        ("HOST", st.by.upper()) if any(h for h, _ in st.groups) else (st.by.upper(),))
    rows = [(*names, "WORKING", "BLOCKED", "DIALOGS", "ANSWER p50", "p90")]
    for (host, key), g in st.sorted_groups():
        rows.append((*_shown(st, host, key), _dur(g.working), _dur(g.blocked),
                     str(g.dialogs), _dur(median(g.answers)), _dur(p90(g.answers))))
    t = st.total
    rows.append(("total", *([""] * (len(names) - 1)), _dur(t.working), _dur(t.blocked),
                 str(t.dialogs), _dur(median(t.answers)), _dur(p90(t.answers))))
    n = len(rows[0])
    widths = [max(len(r[i]) for r in rows) for i in range(n)]
    lines = [head, ""]
    for r in rows:
        lines.append("  ".join(r[i].ljust(widths[i]) if i < len(names)
                               else r[i].rjust(widths[i]) for i in range(n)).rstrip())
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


def _cell(text: str) -> str:
    """A name for a CSV cell: a spreadsheet does not take it for a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def format_csv(st: Stats) -> str:
    buf = io.StringIO()
    keys = ("working_s", "blocked_s", "dialogs", "answer_median_s", "answer_p90_s", "sessions")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(("host", *(() if st.by == "host" else (st.by,)), *keys))
    for (host, key), g in st.sorted_groups():
        d = g.as_dict()
        w.writerow((_cell(host or ""), *(() if st.by == "host" else (_cell(key),)),
                    *("" if d[k] is None else d[k] for k in keys)))
    return buf.getvalue()


def read_local(cut: float | None) -> list[Change]:
    """This machine's ledger rows (:func:`read_rows`); none when it has no ledger yet."""
    path = ledger_path()
    if not os.path.exists(path):
        return []
    try:
        return read_rows(path, cut)
    except sqlite3.Error as err:
        raise WrapError(f"the ledger {path} cannot be read ({err})", status=1) from None


#: a far machine's window starts this much earlier (a date is its own local midnight;
#: its clock may be off): this side cuts the rows at its own --since
FEED_GRACE = 86400.0


def cmd_stats(args: Any) -> int:
    now = time.time()
    span = getattr(args, "since", None) or "7d"
    since = parse_since(span, now)
    if getattr(args, "feed", False):  # the far side of another machine's stats
        feed = as_feed(now, read_local(since - FEED_GRACE), _alive())
        sys.stdout.write(inert_json(feed) + "\n")
        return 0
    by = getattr(args, "by", None) or "agent"
    span_ = span_of(args)
    tally = Tally(since=since, until=now, by=by)
    rows = read_local(since) if span_.local else []
    if span_.local:
        tally.add(rows, _alive())
    hosts: list[tuple[str, str | None]] = []
    far = far_ledgers(span_.remote, span_.hosts, span) if span_.hosts else []
    for f in far:
        hosts.append((f.host, f.error))
        if f.error is not None:
            sys.stderr.write(f"osc7501wrap stats: {f.host}: no figures ({f.error})\n")
        else:
            tally.add(f.changes, f.alive, f.host)
    st = tally.stats(hosts)
    if getattr(args, "json", False):
        sys.stdout.write(inert_json(st.as_dict()) + "\n")
    elif getattr(args, "csv", False):
        sys.stdout.write(format_csv(st))
    else:
        if not (span_.local and os.path.exists(ledger_path())) and \
                not any(f.changes for f in far):
            where = ledger_path() if span_.local else "on the other machines"
            sys.stdout.write(f"no ledger yet ({where}); every wrapped session adds to it\n")
            return 0
        sys.stdout.write(format_text(st, span if _SINCE.match(span) else
                                     f"{human_age(now - since)} ago"))
    return 0
