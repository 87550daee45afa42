"""`wrap --log FILE`: one timestamped line per note, start and state change.

A side channel that never blocks the loop: the file is opened non-blocking before the
child starts (a FIFO nobody reads is an error, not a wait), a line a slow reader cannot
take now is dropped and counted, and a write that fails ends the log; each problem is one
line on stderr (:func:`say_problems`), the run goes on either way. Not in scope: what is
logged (the session).
"""

from __future__ import annotations

import errno
import os
import sys
import time


def say_problems(notes: list[str]) -> None:
    """Every problem known before the start, one line each on stderr (as in the log)."""
    for note in notes:
        line = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in note)
        try:
            sys.stderr.write(f"wrap: {line}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            return


def stamp(at_ns: int) -> str:
    """``at_ns`` (epoch nanoseconds, one clock reading) as the log writes it: local time to
    the millisecond, cut, not rounded (a second's last half-millisecond stays in it)."""
    sec, ns = divmod(at_ns, 1_000_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(sec)) + f".{ns // 1_000_000:03d}"


class SessionLog:
    """The log file of one run, or nothing when `path` is None."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.dropped = 0  # lines a FIFO's slow reader did not take
        self.lines = 0  # lines written (the file holds them; nothing is kept in memory)
        self._fd: int | None = None
        if not path:
            return
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            self._fd = os.open(path, flags, 0o600)
        except OSError as err:
            why = "a FIFO nobody reads" if err.errno == errno.ENXIO else err.strerror or str(err)
            say_problems([f"--log {path}: {why}; no log is written"])
            return
        # the first line at once: a log that cannot take writes (/dev/full, a full disk)
        # is said on stderr before the child starts
        self.write(f"log of wrap pid {os.getpid()}", say=True)

    def write(self, text: str, say: bool = False) -> None:
        if self._fd is None:
            return
        try:
            os.write(self._fd, f"{stamp(time.time_ns())} {text}\n".encode("utf-8", "replace"))
            self.lines += 1
        except BlockingIOError:
            self.dropped += 1
        except OSError as err:
            self.close()
            if say:
                say_problems([f"--log {self.path}: {err.strerror or err}; no log is written"])

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None
