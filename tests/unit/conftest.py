"""tests/unit is the fast loop: everything in this process, no pty and no child process.

A test here that opens a pty or starts a process fails, saying which call it made: it
belongs in tests/pty (real ptys, real wraps, fresh interpreters)."""

from __future__ import annotations

import os
import pty
import subprocess
from collections.abc import Iterator

import pytest

#: (module, name): every way a test could open a pty or start a process
FORBIDDEN = [(os, n) for n in ("openpty", "forkpty", "fork", "posix_spawn", "posix_spawnp",
                               "system", "popen", "execv", "execve", "execvp", "execvpe")
             if hasattr(os, n)]
FORBIDDEN += [(pty, "openpty"), (pty, "fork"), (pty, "spawn"), (subprocess.Popen, "__init__")]


class NotInUnit(AssertionError):
    """A unit test opened a pty or started a process."""


def _refuse(where: str) -> object:
    def refused(*args: object, **kwargs: object) -> None:
        raise NotInUnit(f"{where}() in tests/unit: a test that opens a pty or starts a "
                        "process belongs in tests/pty")
    return refused


@pytest.fixture(autouse=True)
def _in_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for owner, name in FORBIDDEN:
        label = getattr(owner, "__name__", str(owner))
        monkeypatch.setattr(owner, name, _refuse(f"{label}.{name}"))
    yield
