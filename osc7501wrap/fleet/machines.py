"""The machines of the fleet: one reader per machine, each on its own thread.

:class:`Fleet` ``follow()`` starts, per host, a thread that runs ``ssh HOST
osc7501wrap feed`` (:class:`.remote.Remote`) and keeps the last feed line it read: the
machine's live sessions and those that ended lately, each row with ``host``. A machine
that stays silent longer than its limit (the timeout, and at least two of the far
side's heartbeats), whose ssh ends, or that says something that is not a feed line, is
offline: its ssh is killed, its last rows are kept and shown with ``offline_since``
(when it was last heard from), and it is tried again after 1, 2, 4 ... 30 seconds
(a tenth more or less, so machines that dropped together do not all come back at
once). A change wakes whoever waits on :meth:`Fleet.fileno`. Nothing a machine does
holds the others or the caller: a reader thread publishes each change as a new tuple of
new :class:`Machine` objects (never changed once published), and :meth:`Fleet.machines`
only reads that reference: the caller (watch's keys and frames) takes no lock a reader
holds and never waits for a machine, its ssh or the disk (the cache is written outside
the readers' own lock).

``once()`` asks every machine for one feed line (``feed --once``) at the same time and
waits for all of them at most the timeout.

The last rows of each machine are kept in ``<state>/fleet/<host>.json`` (0600), so a
machine that cannot be reached is shown with the states it had when last seen, and
since when.

Far clocks: every feed line carries the far machine's ``now``; its difference to this
clock (:func:`.remote.clock_offset`, kept as ``Machine.clock``) is taken off every time
of the machine's rows (``since``, ``started``, ``ended``), so an age shown here is the
age there, whatever the far clock says. Not here: drawing (watch), events (events.Tracker), answering (answer).
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import WrapError
from ..paths import state_dir
from .remote import (
    HEARTBEAT,
    Lines,
    Remote,
    clean_row,
    clock_offset,
    parse_feed,
    row_text,
    stop,
)

BACKOFF_FIRST, BACKOFF_MAX = 1.0, 30.0
CACHE_DIR = "fleet"
_CACHE_MAX = 4 * 1024 * 1024


@dataclass
class Machine:
    """What is known of one host. ``seen``: when a feed line last came (this clock);
    ``online``: its feed runs now; ``error``: why it is offline; ``retry``: when it
    is tried again (``time.time()``), while offline; ``clock``: how far its clock is
    ahead of this one (seconds; its rows keep the far times, :meth:`rows` corrects)."""

    name: str
    sessions: list[dict[str, Any]] = field(default_factory=list)
    ended: list[dict[str, Any]] = field(default_factory=list)
    online: bool = False
    seen: float | None = None
    error: str = "connecting"
    retry: float | None = None
    clock: float = 0.0

    def rows(self, ended: bool = False) -> list[dict[str, Any]]:
        """Its sessions (or ended ones), each with ``host`` and ``offline_since`` (None
        while online), their times in this machine's clock."""
        off = None if self.online else self.seen
        return [{**r, **self._here(r), "host": self.name, "offline_since": off}
                for r in (self.ended if ended else self.sessions)]

    def _here(self, row: dict[str, Any]) -> dict[str, Any]:
        if not self.clock:
            return {}
        return {k: row[k] - self.clock for k in TIMES
                if isinstance(row.get(k), int | float)}


#: the times of a row, in the far clock as it comes
TIMES = ("since", "started", "ended")


def _cache_path(host: str, create: bool = False) -> Path:
    d = Path(state_dir()) / CACHE_DIR
    if create:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
    return d / f"{host}.json"


def load_cached(host: str) -> Machine:
    """The machine as last seen (its rows read back through the same checks)."""
    m = Machine(host)
    try:
        with open(_cache_path(host), "rb") as f:
            raw = f.read(_CACHE_MAX + 1)
        obj = json.loads(raw) if len(raw) <= _CACHE_MAX else None
    except (OSError, ValueError, RecursionError):
        return m
    if isinstance(obj, dict) and isinstance(obj.get("seen"), int | float):
        m.seen = float(obj["seen"])
        clock = obj.get("clock")
        if isinstance(clock, int | float) and abs(clock) < 1e9:
            m.clock = float(clock)
        for key in ("sessions", "ended"):
            rows = obj.get(key) if isinstance(obj.get(key), list) else []
            setattr(m, key, [r for r in (clean_row(x) for x in rows[:256]
                                         if isinstance(x, dict)) if r is not None])
    return m


def save_cached(m: Machine) -> None:
    try:
        path = _cache_path(m.name, create=True)
        tmp = path.with_name(f".{m.name}.{os.getpid()}.tmp")
        data = json.dumps({"seen": m.seen, "clock": m.clock, "sessions": m.sessions,
                           "ended": m.ended},
                          ensure_ascii=False).encode()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError):
        pass  # the cache is a convenience: an offline machine then shows no last rows


def backoff(tries: int) -> float:
    """Seconds before try number `tries` + 1 after `tries` failures in a row."""
    base = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** max(0, tries - 1))
    return base * random.uniform(0.9, 1.1)


class Fleet:
    """The hosts' machines; see the module docstring."""

    def __init__(self, hosts: Sequence[str], remote: Remote, cache: bool = True) -> None:
        self.remote = remote
        self.cache = cache
        self._lock = threading.Lock()  # between reader threads only, never the caller
        self._machines = {h: (load_cached(h) if cache else Machine(h)) for h in hosts}
        #: what the caller reads: replaced whole on every change, its Machines never changed
        self._view: tuple[Machine, ...] = tuple(self._machines.values())
        self._stop = threading.Event()
        self._procs: set[Any] = set()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._threads: list[threading.Thread] = []

    # ------------------------------------------------------------- reading what is known

    def machines(self) -> list[Machine]:
        """Every machine as known now, in the order given: the last published tuple (one
        reference read, no lock; treat them as read-only)."""
        return list(self._view)

    def _publish(self, host: str, m: Machine) -> None:
        """`m` is now `host` (under the lock)."""
        self._machines[host] = m
        self._view = tuple(self._machines.values())

    def fileno(self) -> int:
        """Readable when something changed (then :meth:`drain` it)."""
        return self._wake_r

    def drain(self) -> None:
        try:
            while os.read(self._wake_r, 4096):
                pass
        except OSError:
            pass

    # ------------------------------------------------------------- one look at every host

    def once(self) -> list[Machine]:
        """Ask every host for one feed line at once; wait at most the timeout (and a
        little for ssh to end). A host that did not answer keeps its cached rows. Once
        per Fleet, and not with :meth:`follow`."""
        threads = [threading.Thread(target=self._once, args=(h,), daemon=True,
                                    name=f"fleet-{h}") for h in self._machines]
        for t in threads:
            t.start()
        end = time.monotonic() + self.remote.timeout + 2.0
        for t in threads:
            t.join(max(0.0, end - time.monotonic()))
        self._stop.set()
        with self._lock:
            procs = list(self._procs)
        for p in procs:
            stop(p)
        return self.machines()

    def _once(self, host: str) -> None:
        sent = time.time()
        try:
            proc = self.remote.start(host, "feed", "--once")
        except WrapError as err:
            self._failed(host, str(err), 0)
            return
        with self._lock:
            self._procs.add(proc)
        lines = Lines(proc)
        try:
            line = lines.next(self.remote.timeout)
            if line is None:
                self._failed(host, lines.why() if lines.eof else
                             f"no answer in {self.remote.timeout:g} s", 0)
            else:
                self._took(host, line, sent)
        except ValueError as err:
            self._failed(host, str(err), 0)
        finally:
            with self._lock:
                self._procs.discard(proc)
            stop(proc)

    # ------------------------------------------------------------- following every host

    def follow(self) -> None:
        """Start one reader thread per host (see the module docstring)."""
        for h in self._machines:
            t = threading.Thread(target=self._follow, args=(h,), daemon=True,
                                 name=f"fleet-{h}")
            self._threads.append(t)
            t.start()

    def silence(self) -> float:
        """How long a followed machine may stay silent before it is offline."""
        return max(self.remote.timeout, 2 * HEARTBEAT + 1)

    def _follow(self, host: str) -> None:
        tries = 0
        while not self._stop.is_set():
            try:
                proc = self.remote.start(host, "feed")
            except WrapError as err:
                tries += 1
                wait = backoff(tries)
                self._failed(host, str(err), wait)
                if self._stop.wait(wait):
                    return
                continue
            with self._lock:
                closed = self._stop.is_set()
                if not closed:
                    self._procs.add(proc)
            if closed:  # close() came while ssh started: it is not in its list
                stop(proc)
                return
            lines = Lines(proc)
            why = ""
            try:
                while not self._stop.is_set():
                    line = lines.next(self.silence())
                    if line is None:
                        why = lines.why() if lines.eof else (
                            f"no word for {self.silence():g} s")
                        break
                    self._took(host, line)
                    tries = 0
            except ValueError as err:
                why = str(err)
            finally:
                with self._lock:
                    self._procs.discard(proc)
                stop(proc)
            if self._stop.is_set():
                return
            tries += 1
            wait = backoff(tries)
            self._failed(host, why or "the feed ended", wait)
            if self._stop.wait(wait):
                return

    # ------------------------------------------------------------- changes

    def _took(self, host: str, line: bytes, sent: float | None = None) -> None:
        """A feed line read; `sent`: when it was asked for (a followed feed's line was
        written just before it came)."""
        try:
            feed = parse_feed(line)
        except ValueError as err:
            raise ValueError(f"it said something else than osc7501wrap feed: {err}") \
                from None
        now = time.time()
        with self._lock:
            m = self._machines[host]
            clock = clock_offset(feed.now, now if sent is None else sent, now, m.clock)
            changed = (not m.online or m.sessions != feed.sessions or m.ended != feed.ended
                       or clock != m.clock)
            m = replace(m, sessions=feed.sessions, ended=feed.ended, clock=clock,
                        online=True, seen=now, error="", retry=None)
            self._publish(host, m)
        if changed:
            if self.cache:
                save_cached(m)
            self._wake()

    def _failed(self, host: str, why: str, retry_in: float) -> None:
        with self._lock:
            self._publish(host, replace(
                self._machines[host], online=False, error=row_text(why, 200) or "offline",
                retry=time.time() + retry_in if retry_in > 0 else None))
        self._wake()

    def _wake(self) -> None:
        try:
            os.write(self._wake_w, b"\0")
        except OSError:
            pass  # full: a wake is already pending

    def close(self) -> None:
        """Stop the readers and every ssh they started."""
        self._stop.set()
        with self._lock:
            procs = list(self._procs)
        for p in procs:
            stop(p)
        for t in self._threads:
            t.join(1.0)
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass


def hosts_of(given: Iterable[str] | None, configured: Sequence[str]) -> list[str]:
    """The hosts named with --host, else those of the config, each once."""
    chosen = list(given) if given else list(configured)
    return list(dict.fromkeys(chosen))
