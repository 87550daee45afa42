"""Cheap facts about the wrapped process tree, each with a graceful fallback.

All of these are cheap enough for a classifier tick (microseconds): ``tcgetpgrp`` on the
pty master, and single small files under ``/proc`` on Linux. Off Linux they return None
(unknown) rather than running ``ps``: callers treat None as "no signal". Nothing here
scans all of ``/proc``.

What this module does not do: decide anything from these facts (fusion does that).
"""

from __future__ import annotations

import os
import sys

__all__ = ["child_pids", "command_line", "descendants", "exit_watch", "foreground_pgrp",
           "is_alive", "process_name"]

#: The most processes :func:`descendants` lists (a fork bomb is not walked).
MAX_DESCENDANTS = 256

_LINUX = sys.platform.startswith("linux")


def _read(path: str) -> bytes | None:
    """A small /proc file, or None. Three system calls: open() would make seven (and a
    file object) for each sample of a busy session."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        return os.read(fd, 65536)
    except OSError:
        return None
    finally:
        os.close(fd)


def foreground_pgrp(master_fd: int) -> int | None:
    """The process group that owns the pty's foreground, or None if unknown."""
    try:
        pgrp = os.tcgetpgrp(master_fd)
    except OSError:
        return None
    return pgrp if pgrp > 0 else None


def process_name(pid: int) -> str | None:
    """The short command name of `pid` (``/proc/<pid>/comm``, else argv[0]'s base name).

    None when the process is gone or the platform has no cheap way to tell.
    """
    if not _LINUX or pid <= 0:
        return None
    name = (_read(f"/proc/{pid}/comm") or b"").rstrip(b"\n")
    if name:
        return name.decode("utf-8", "replace")
    cmdline = _read(f"/proc/{pid}/cmdline")
    if cmdline is None:
        return None
    argv0 = cmdline.split(b"\0", 1)[0]
    return os.path.basename(argv0).decode("utf-8", "replace") or None


def child_pids(pid: int) -> list[int] | None:
    """The direct children of `pid` (``/proc/<pid>/task/<pid>/children``).

    None when that file is not available (not Linux, old kernel, process gone). Threads
    other than the main one are not searched: a child forked from another thread of
    `pid` is not listed.
    """
    if not _LINUX or pid <= 0:
        return None
    data = _read(f"/proc/{pid}/task/{pid}/children")
    return None if data is None else [int(p) for p in data.split()]


def descendants(pid: int, limit: int = MAX_DESCENDANTS) -> dict[int, tuple[int, str]] | None:
    """Every live process under `pid` (children, theirs, ...), as ``{pid: (parent,
    name)}``, at most `limit` of them; one ``stat`` and one ``children`` file per process
    (one per thread for a multithreaded one: a child forked from any thread counts; a
    zombie, ended but not yet reaped, is left out).

    None when the tree cannot be read (not Linux, `pid` gone); {} when it has no children.
    """
    stat = _read(f"/proc/{pid}/stat") if _LINUX and pid > 0 else None
    if stat is None or child_pids(pid) is None:
        return None
    kids = _all_children(pid, stat[stat.rfind(b")") + 2:])
    out: dict[int, tuple[int, str]] = {}
    todo = [(k, pid) for k in kids]
    while todo and len(out) < limit:
        child, parent = todo.pop()
        if child in out:
            continue
        stat = _read(f"/proc/{child}/stat")
        if stat is None:
            continue  # gone meanwhile
        close = stat.rfind(b")")
        if stat[close + 2:close + 3] in (b"Z", b"X"):
            continue
        name = stat[stat.find(b"(") + 1:close].decode("utf-8", "replace")
        out[child] = (parent, name)
        todo.extend((k, child) for k in _all_children(child, stat[close + 2:]))
    return out


def _all_children(pid: int, fields: bytes) -> list[int]:
    """The children of `pid` forked from any of its threads (a multithreaded runtime
    forks from worker threads: Codex's); `fields` is its stat after the name."""
    try:
        threads = int(fields.split(maxsplit=18)[17])  # num_threads, field 20
    except (ValueError, IndexError):
        threads = 1
    if threads <= 1:
        return child_pids(pid) or []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    out: list[int] = []
    for tid in tids:
        data = _read(f"/proc/{pid}/task/{tid}/children")
        if data:
            out.extend(int(x) for x in data.split())
    return out


def command_line(pid: int, limit: int = 512) -> str | None:
    """The command line of `pid`, its arguments joined by spaces (at most `limit`
    characters); None when gone or not readable here (not Linux)."""
    if not _LINUX or pid <= 0:
        return None
    data = _read(f"/proc/{pid}/cmdline")
    if not data:
        return None
    return data[:limit * 4].rstrip(b"\0").replace(b"\0", b" ").decode("utf-8", "replace")[:limit]


def exit_watch(pid: int) -> int | None:
    """A file descriptor that becomes readable when `pid` ends (a pidfd, Linux 5.3 and
    later; the caller closes it), or None where there is none (the caller then looks
    again on its next sample)."""
    opener = getattr(os, "pidfd_open", None)
    if opener is None or pid <= 0:
        return None
    try:
        return int(opener(pid))
    except OSError:
        return None


_TICKS = 0.0


def cpu_time(pid: int) -> float | None:
    """CPU seconds `pid` has used so far (user + system, ``/proc/<pid>/stat``).

    None when not available (not Linux, process gone): callers then do without it.
    """
    global _TICKS
    if not _LINUX or pid <= 0:
        return None
    stat = _read(f"/proc/{pid}/stat")
    if stat is None:
        return None
    try:
        fields = stat[stat.rfind(b")") + 2:].split()
        if not _TICKS:
            _TICKS = float(os.sysconf("SC_CLK_TCK")) or 100.0
        # fields[0] is the state (field 3); utime and stime are fields 14 and 15
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, ValueError, IndexError):
        return None


def is_alive(pid: int) -> bool:
    """True if `pid` exists and is not a zombie (zombies count as alive off Linux)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    if _LINUX:
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            return False
        # "pid (comm) S ...": the state follows the last ')'.
        state = stat[stat.rfind(b")") + 2:stat.rfind(b")") + 3]
        return state not in (b"Z", b"X")
    return True
