"""The names a session shows: the app name in reports, the program's name in a log line,
and the agent's name (`ls`, `watch`, `events`, tmux). Pure functions of the command and
the manifest; it reads no config file and writes nothing. Loaded at the boot (it cleans
names with protocol.sanitize_text, which is not loaded before the child starts)."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence
from typing import Any

from ..protocol import sanitize_text
from ..rules import Manifest


def app(configured: str | None, manifest: Manifest, argv: Sequence[str]) -> str:
    """The app name in reports: the config's, the agent manifest's, or (for the generic
    manifest) the program's own name when it is a valid app name."""
    if configured:
        return configured
    if manifest.generic and argv:
        name = re.sub(r"[^A-Za-z0-9_.+-]", "", os.path.basename(argv[0]))[:32]
        if name:
            return name
    return manifest.app


def program_shown(command: Sequence[str]) -> str:
    """The program's name for a log line (shell-quoted, cleaned)."""
    name = os.path.basename(command[0]) if command else "PROGRAM"
    return shlex.quote(clean(name, 64) or "PROGRAM")


def agent_name(command: Sequence[str], manifest: Manifest) -> str:
    """The name people know the session by (`ls`, `watch`, `events`, tmux's
    ``@osc7501_agent``): the agent's manifest, or for a program without agent rules the
    program's own name (``make``, not ``generic``)."""
    if manifest.generic and command:
        name = clean(os.path.basename(command[0]), 64)
        if name:
            return name
    return manifest.name


def clean(text: str, limit: int) -> str:
    """`text` as one safe line of at most `limit` bytes (protocol.sanitize_text)."""
    return sanitize_text(text, limit)


def one_line(text: str | None) -> str:
    return clean(text or "", 300)


def jsonable(obj: Any) -> Any:
    """`obj` as JSON data: keys as strings, sequences as lists, anything else as text."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in obj]
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)
