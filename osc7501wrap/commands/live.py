"""What `jump`, `watch` and `events` share: the live sessions, where each one is, and
waiting for the registry to change.

Change notification: every session writes its registry file atomically (a temp file
renamed into the registry directory), so one watch on the *directory* sees every update,
every new session and every exit. :class:`RegistryWatch` uses the kernel's own
notification where the standard library reaches it without a build step: inotify on
Linux (through ctypes: ``inotify_init1``/``inotify_add_watch`` of the C library) and
kqueue's ``EVFILT_VNODE`` on macOS and the BSDs (``select.kqueue``). Elsewhere, or when
either fails, it compares the directory's mtime and entry names once a second. Each
wakes a waiting command at once on a change and costs nothing while nothing changes; a
slow re-read (``REFRESH`` seconds) also notices a wrap that was killed outright and
never removed its file.

Not in scope: writing the registry (:mod:`osc7501wrap.registry`) or any display.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..fleet.machines import Machine
from ..paths import runtime_dir
from ..protocol.tmux import tmux_env
from ..session.registry import clean_text, list_ended, list_sessions, public_view

GLYPHS = {"working": "●", "blocked": "◆", "done": "✔", "error": "✖", "idle": "○"}
COLOURS = {"working": "34", "blocked": "33;1", "done": "32", "error": "31", "idle": "2"}
REFRESH = 5.0
POLL = 1.0
TMUX_TIMEOUT = 1.0


def sessions() -> list[dict[str, Any]]:
    """The live sessions (registry entries, dead ones cleaned away)."""
    return list_sessions()


def ended() -> list[dict[str, Any]]:
    """The last entries of the sessions that ended lately (``status``, ``ended`` added)."""
    return list_ended()


def view(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The public, cleaned fields of an entry plus tmux_socket (no token), ``host`` (None:
    this machine) and ``offline_since`` (a row of a machine not reached now: when it
    was last heard from)."""
    out = public_view(entry)
    sock = entry.get("tmux_socket")
    out["tmux_socket"] = clean_text(sock) if isinstance(sock, str) else None
    host, off = entry.get("host"), entry.get("offline_since")
    out["host"] = host if isinstance(host, str) and host else None
    out["offline_since"] = off if out["host"] and isinstance(off, int | float) else None
    return out


def row_key(entry: Mapping[str, Any]) -> Any:
    """What tells a session apart across machines: its pid here, (host, pid) there."""
    host = entry.get("host")
    return (host, entry.get("pid")) if host else entry.get("pid")


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


def offline_line(m: Machine, now: float) -> str:
    """One line for a machine not reached: since when, why, when it is tried again."""
    if m.seen is not None:
        head = f"{m.name}: offline, last seen {human_age(now - m.seen)} ago"
    else:
        head = f"{m.name}: not reached yet"
    retry = f"; again in {human_age(m.retry - now)}" if m.retry is not None else ""
    return f"{head} ({m.error or 'no answer'}{retry})"


def blocked_longest_first(entries: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The blocked sessions, the one blocked longest first (ties: lower pid)."""
    blocked = [e for e in entries if e.get("state") == "blocked"]
    return sorted(blocked, key=lambda e: (_num(e.get("since")), _num(e.get("pid"))))


def _num(value: object) -> float:
    return float(value) if isinstance(value, int | float) else float("inf")


def current_tmux_socket(env: Mapping[str, str] = os.environ) -> str | None:
    return tmux_env(env).socket or None


def tmux_run(socket: str, *args: str, timeout: float = TMUX_TIMEOUT) -> str | None:
    """Run tmux on `socket`; its stdout, or None when it fails or is missing."""
    program = shutil.which("tmux")
    if program is None:
        return None
    try:
        proc = subprocess.run([program, "-S", socket, *args], capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout.decode("utf-8", "replace") if proc.returncode == 0 else None


def tmux_locations(entries: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], str]:
    """(socket, pane id) -> "session:window.pane" for every pane of the servers named
    by this machine's entries (another machine's socket is a path over there, and its
    text never chooses what runs here)."""
    out: dict[tuple[str, str], str] = {}
    for sock in {e.get("tmux_socket") for e in entries
                 if e.get("tmux_socket") and not e.get("host")}:
        text = tmux_run(str(sock), "list-panes", "-a", "-F",
                        "#{pane_id}\t#{session_name}:#{window_index}.#{pane_index}")
        for line in (text or "").splitlines():
            pane, _, where = line.partition("\t")
            out[(str(sock), pane)] = where
    return out


def where(entry: Mapping[str, Any], locations: Mapping[tuple[str, str], str]) -> str:
    """The tmux location of a session ("main:1.0"), else its pane id, else its tty."""
    pane, sock = entry.get("tmux_pane"), entry.get("tmux_socket")
    if pane and sock and not entry.get("host") and (sock, pane) in locations:
        return locations[(sock, pane)]
    if pane:
        return f"tmux {pane}"
    return str(entry.get("tty") or "-")


class RegistryWatch:
    """Wait for the registry directory to change; see the module docstring."""

    def __init__(self, directory: Path | None = None) -> None:
        if directory is None:
            directory = Path(runtime_dir(create=True))
        self.directory = directory
        self.kind = "poll"
        self._fd: int | None = None
        self._kq: Any = None
        self._last = self._stamp()
        try:
            self._fd = _inotify(directory)
            if self._fd is not None:
                self.kind = "inotify"
            elif hasattr(select, "kqueue"):
                self._kq, self._fd = _kqueue(directory)
                self.kind = "kqueue"
        except OSError:
            self._fd, self._kq = None, None

    def fileno(self) -> int | None:
        """A descriptor that reads as ready on a change (None when polling)."""
        return self._kq.fileno() if self._kq is not None else self._fd

    def wait(self, timeout: float, extra: Iterable[int] = ()) -> list[int]:
        """Sleep until the registry changes, one of `extra` is readable, or `timeout`.
        Returns the `extra` descriptors that are readable."""
        fds = list(extra)
        own = self.fileno()
        if own is None:
            end = time.monotonic() + timeout
            while True:
                left = end - time.monotonic()
                if left <= 0:
                    return []
                ready = _readable(fds, min(POLL, left))
                if ready or self._stamp() != self._last:
                    self._last = self._stamp()
                    return ready
        ready = _readable([own, *fds], timeout)
        if own in ready:
            self.drain()
        return [fd for fd in ready if fd != own]

    def drain(self) -> None:
        if self._kq is not None:
            try:
                self._kq.control(None, 16, 0)
            except OSError:
                pass
        elif self._fd is not None:
            try:
                while os.read(self._fd, 65536):
                    pass
            except (BlockingIOError, OSError):
                pass

    def close(self) -> None:
        if self._kq is not None:
            self._kq.close()
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
        self._fd = self._kq = None

    def _stamp(self) -> tuple[int, tuple[str, ...]]:
        try:
            return (os.stat(self.directory).st_mtime_ns, tuple(sorted(os.listdir(self.directory))))
        except OSError:
            return (0, ())


def _readable(fds: list[int], timeout: float) -> list[int]:
    if not fds:
        time.sleep(max(0.0, timeout))
        return []
    try:
        ready, _, _ = select.select(fds, [], [], max(0.0, timeout))
    except InterruptedError:
        return []
    return ready


_IN_CREATE, _IN_DELETE, _IN_MOVED_TO, _IN_MOVED_FROM = 0x100, 0x200, 0x80, 0x40
_IN_CLOSE_WRITE, _IN_NONBLOCK, _IN_CLOEXEC = 0x8, 0o4000, 0o2000000


def _inotify(directory: Path) -> int | None:
    """An inotify descriptor watching `directory` (Linux), or None."""
    if not sys.platform.startswith("linux"):
        return None
    # lazy: ctypes for inotify, on Linux only
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        init, add = libc.inotify_init1, libc.inotify_add_watch
    except (OSError, AttributeError):
        return None
    fd = init(_IN_NONBLOCK | _IN_CLOEXEC)
    if fd < 0:
        return None
    mask = _IN_CREATE | _IN_DELETE | _IN_MOVED_TO | _IN_MOVED_FROM | _IN_CLOSE_WRITE
    if add(fd, os.fsencode(directory), mask) < 0:
        os.close(fd)
        return None
    return fd


def _kqueue(directory: Path) -> tuple[Any, int]:
    """A kqueue with a vnode watch on `directory` (macOS, BSD), and the watched fd."""
    flags = os.O_RDONLY | getattr(os, "O_EVTONLY", 0) | getattr(os, "O_DIRECTORY", 0)
    fd = os.open(directory, flags)
    kq = select.kqueue()
    note = (select.KQ_NOTE_WRITE | select.KQ_NOTE_DELETE | select.KQ_NOTE_RENAME
            | select.KQ_NOTE_EXTEND | select.KQ_NOTE_ATTRIB)
    ev = select.kevent(fd, filter=select.KQ_FILTER_VNODE,
                       flags=select.KQ_EV_ADD | select.KQ_EV_CLEAR, fflags=note)
    kq.control([ev], 0, 0)
    return kq, fd
