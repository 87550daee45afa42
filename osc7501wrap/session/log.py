"""`wrap --log FILE`: one timestamped line per note, start and state change.

A side channel: a log that cannot be opened is one line on stderr, a write that fails
ends the log; the run goes on either way. Not in scope: what is logged (the session).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class SessionLog:
    """The log file of one run, or nothing when `path` is None."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._file: TextIO | None = None
        if not path:
            return
        try:
            self._file = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115
        except OSError as err:
            sys.stderr.write(f"wrap: --log {path}: {err.strerror or err}\n")

    def write(self, text: str) -> None:
        if self._file is None:
            return
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())
        frac = f"{time.time() % 1:.3f}"[1:]
        try:
            self._file.write(f"{stamp}{frac} {text}\n")
        except (OSError, ValueError):
            self._file = None

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None
