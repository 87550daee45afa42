"""The ledger: every session's state changes appended to a local SQLite database, for
`osc7501wrap stats` (how long agents worked and waited for a person).

:class:`Ledger` is one of a session's sinks (:mod:`.sink`): on each decision whose
state, kind or dialog changed it queues one row (session id, pid, agent, project
directory, state, kind, wall-clock time; the message only with ``[ledger] messages``,
and then as the session hands it over: redacted), and one ``exited`` row at the exit. A
thread of its own (:class:`Writer`) writes the queue in batches: the loop only puts a
tuple in a queue, the passthrough never waits for the disk, a lock or a full database.

The database (:func:`ledger_path`, ``<state dir>/ledger.sqlite3``): the standard
library's sqlite3, WAL, one table ``changes``; many sessions write it at once (each
batch one transaction, a busy wait of its own). Bounded: ``max_page_count`` from
``[ledger] max_mb`` (full: the oldest quarter goes, then the batch again), rows older
than ``retention_days`` pruned when a writer opens it (one indexed delete).

A problem costs the ledger only, with one line in the session's log: locked (the rows
wait, bounded, and are written when the lock goes), corrupt (moved aside as
``ledger.sqlite3.corrupt-<time>``, a fresh one started), read-only, a full disk or
anything else (no ledger for the rest of the session). Never a traceback, never a wait.

Not here: reading it (:mod:`osc7501wrap.commands.stats`), redaction (the session).
"""

from __future__ import annotations

import os
import queue
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import paths
from ..fusion.fusion import Decision
from .sink import Sink

FILE = "ledger.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL,      -- the session's id (wrap --id, or made up)
    pid INTEGER,                -- wrap's pid (as `ls` shows it)
    agent TEXT NOT NULL,        -- the manifest's name, or the program's
    project TEXT NOT NULL,      -- the working directory
    state TEXT NOT NULL,        -- idle working blocked done error exited
    kind TEXT,                  -- permission question auth (blocked)
    at REAL NOT NULL,           -- epoch seconds
    msg TEXT                    -- NULL unless [ledger] messages (then redacted)
);
CREATE INDEX IF NOT EXISTS changes_at ON changes(at);
"""
COLUMNS = ("session", "pid", "agent", "project", "state", "kind", "at", "msg")
BUSY_TIMEOUT = 2.0  # seconds a write waits for another writer's lock (in the thread)
PENDING_MAX = 10_000  # rows kept while the database is locked (the oldest go beyond)
BATCH_MAX = 500
CLOSE_WAIT = 1.0  # seconds the session's end waits for the last rows
MSG_LIMIT = 300
STATES = ("idle", "working", "blocked", "done", "error")  # the rows kept, with "exited"


def ledger_path() -> str:
    """Where the ledger lives: the state directory (osc7501wrap.paths)."""
    return os.path.join(paths.state_dir(), FILE)


@dataclass(frozen=True, slots=True)
class Row:
    session: str
    pid: int | None
    agent: str
    project: str
    state: str
    kind: str | None
    at: float
    msg: str | None = None

    def values(self) -> tuple[Any, ...]:
        return (self.session, self.pid, self.agent, self.project, self.state, self.kind,
                self.at, self.msg)


def connect(path: str, *, max_mb: float | None = None,
            timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """The ledger opened for writing (made if missing): WAL, the schema, the size bound."""
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    db = sqlite3.connect(path, timeout=timeout, isolation_level=None,
                         check_same_thread=False)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        if max_mb is not None:
            page = db.execute("PRAGMA page_size").fetchone()[0]
            db.execute(f"PRAGMA max_page_count={max(16, int(max_mb * 1048576 // page))}")
        db.executescript(SCHEMA)
    except BaseException:
        db.close()
        raise
    return db


def append(db: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> None:
    """One transaction of rows (the write path of every session)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.executemany(f"INSERT INTO changes ({', '.join(COLUMNS)}) VALUES "
                       f"({', '.join('?' * len(COLUMNS))})", rows)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def prune(db: sqlite3.Connection, retention_days: float, now: float) -> int:
    """Rows older than the retention gone (one delete over the time index)."""
    cur = db.execute("DELETE FROM changes WHERE at < ?", (now - retention_days * 86400,))
    return cur.rowcount


def _corrupt(err: sqlite3.Error) -> bool:
    text = str(err).lower()
    return isinstance(err, sqlite3.DatabaseError) and (
        "not a database" in text or "malformed" in text or "corrupt" in text)


def _locked(err: sqlite3.Error) -> bool:
    text = str(err).lower()
    return "locked" in text or "busy" in text


def _full(err: sqlite3.Error) -> bool:
    return "full" in str(err).lower()


class Writer:
    """The thread that writes one session's rows (see the module docstring). `note` is
    called from the thread with each line for the session's log (it must only queue)."""

    def __init__(self, path: str, *, retention_days: float, max_mb: float,
                 note: Callable[[str], None]) -> None:
        self.path = path
        self.retention_days = retention_days
        self.max_mb = max_mb
        self.note = note
        self.written = 0
        self.dropped = 0
        self.off = False  # the ledger gave up for this session
        self._queue: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self._waiting: deque[tuple[Any, ...]] = deque()
        self._db: sqlite3.Connection | None = None
        self._said: set[str] = set()
        self._thread = threading.Thread(target=self._run, name="osc7501wrap-ledger",
                                        daemon=True)
        self._thread.start()

    def put(self, row: tuple[Any, ...]) -> None:
        """Queue one row (the loop's whole cost)."""
        if not self.off:
            self._queue.put(row)

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """The last rows written, waiting at most `wait` seconds."""
        self._queue.put(None)
        self._thread.join(wait)

    # ------------------------------------------------------------------ the thread

    def _run(self) -> None:
        try:
            self._loop()
        except Exception as err:  # never a traceback on the user's terminal
            self._give_up(f"{type(err).__name__}: {err}")
        finally:
            if self._db is not None:
                try:
                    self._db.close()
                except sqlite3.Error:
                    pass

    def _loop(self) -> None:
        backoff = 0.0
        closing = False
        while True:
            timeout = backoff if self._waiting and backoff else None
            try:
                item = self._queue.get(timeout=timeout)
            except queue.Empty:
                item = ()
            while True:
                if item is None:
                    closing = True
                elif item:
                    self._keep(item)
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if self.off:
                return
            if self._waiting:
                done = self._write()
                if self.off:
                    return
                backoff = 0.0 if done else min(max(backoff * 2, 0.25), 5.0)
                if not done and closing:
                    return  # still locked at the end: what is left is lost
            if closing and not self._waiting:
                return

    def _keep(self, row: tuple[Any, ...]) -> None:
        self._waiting.append(row)
        if len(self._waiting) > PENDING_MAX:
            self._waiting.popleft()
            self.dropped += 1

    def _open(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = db = connect(self.path, max_mb=self.max_mb)
            try:  # pruning waits for no one: another session prunes, or the next one
                db.execute("PRAGMA busy_timeout=0")
                prune(db, self.retention_days, time.time())
            except sqlite3.OperationalError as err:
                if not _locked(err):
                    raise
            finally:
                db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
        return self._db

    def _write(self) -> bool:
        """Write what is pending; False while the database is locked."""
        batch = [self._waiting[i] for i in range(min(len(self._waiting), BATCH_MAX))]
        for attempt in range(3):
            try:
                append(self._open(), batch)
            except sqlite3.Error as err:
                if _locked(err):
                    self._say("locked", f"ledger: {self.path} is locked ({err}); its rows "
                                        "wait and are written when it is free")
                    return False
                if _corrupt(err) and attempt == 0:
                    self._fresh(err)
                    continue
                if _full(err) and attempt == 0 and self._make_room():
                    continue
                why = "read-only" if "readonly" in str(err).lower() else str(err)
                self._give_up(why)
                return True
            for _ in batch:
                self._waiting.popleft()
            self.written += len(batch)
            return not self._waiting or self._write()
        self._give_up("it cannot be written")
        return True

    def _fresh(self, err: sqlite3.Error) -> None:
        """A corrupt file moved aside; the next write makes a fresh one."""
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        aside = f"{self.path}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:
            pass  # another session moved it already
        for tail in ("-wal", "-shm"):
            try:
                os.unlink(self.path + tail)
            except OSError:
                pass
        self._say("corrupt", f"ledger: {self.path} was corrupt ({err}); moved to {aside}, "
                             "a fresh ledger started")

    def _make_room(self) -> bool:
        """At the size bound: the oldest quarter of the rows goes. False when nothing
        could go (the disk itself is full)."""
        db = self._db
        if db is None:
            return False
        try:
            n = db.execute("SELECT count(*) FROM changes").fetchone()[0]
            if n < 8:
                return False
            db.execute("DELETE FROM changes WHERE id IN (SELECT id FROM changes ORDER BY id "
                       "LIMIT ?)", (max(n // 4, 1),))
        except sqlite3.Error:
            return False
        self._say("full", f"ledger: {self.path} reached its size bound; the oldest "
                          f"{max(n // 4, 1)} rows went")
        return True

    def _give_up(self, why: str) -> None:
        self.off = True
        self.dropped += len(self._waiting)
        self._waiting.clear()
        self._say("off", f"ledger: {self.path}: {why}; no ledger for this session")

    def _say(self, key: str, line: str) -> None:
        if key not in self._said:  # one line per kind of problem
            self._said.add(key)
            self.note(line)


class Ledger(Sink):
    """One session's rows (see the module docstring): `session` its id, `pid` the
    program's, `agent` and `project` (the working directory) for every row; `log` gets
    the writer's lines on the loop (at the next decision and at the end)."""

    def __init__(self, *, session: str, pid: int | None, agent: str, project: str,
                 messages: bool, retention_days: float, max_mb: float,
                 log: Callable[[str], None], path: str | None = None) -> None:
        self.session, self.pid, self.agent, self.project = session, pid, agent, project
        self.messages = messages
        self.log = log
        self._notes: list[str] = []  # appended by the writer's thread
        self._last: tuple[Any, ...] | None = None
        self._at = 0.0  # the last row's time
        self.writer = Writer(path or ledger_path(), retention_days=retention_days,
                             max_mb=max_mb, note=self._notes.append)

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self._flush_notes()
        if decision.state not in STATES:
            return  # "clear": the record gone at a clean exit (the exit row says it)
        key = (decision.state, decision.kind,
               dialog.get("id") if dialog is not None else None)
        if key == self._last:
            return
        self._last = key
        msg = (decision.msg or "")[:MSG_LIMIT] or None if self.messages else None
        self.writer.put((self.session, self.pid, self.agent, self.project, decision.state,
                         decision.kind, self._wall(now), msg))

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        self.writer.put((self.session, self.pid, self.agent, self.project, "exited", None,
                         self._wall(now), None))
        self._last = ("exited",)
        return b""

    def _wall(self, now: float) -> float:
        """The wall-clock time of `now` (the loop's clock), never before the row before:
        a session's rows are its timeline in the order the sinks were told."""
        at = max(time.time() - (time.monotonic() - now), self._at)
        self._at = at
        return at

    def close(self) -> None:
        self.writer.close()
        self._flush_notes()

    def _flush_notes(self) -> None:
        while self._notes:
            self.log(self._notes.pop(0))
