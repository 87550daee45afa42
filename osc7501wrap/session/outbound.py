"""What a session sends out once its child runs, before its boot (or without one): the one
redactor of what leaves the pane, and the registry entry (`osc7501wrap ls`), which a
session with hooks writes at once, as their events may come before the boot.

Loaded by session.session at the first of them, never before the child starts (RE2, json
and the registry cost about 15 ms there: tests/pty/test_startup.py). It holds no state and
decides nothing: it names, in one place, what the session uses of these modules.
"""

from __future__ import annotations

from ..protocol.redact import Redactor
from .registry import SessionFile, rules_entry, session_entry

__all__ = ["Redactor", "SessionFile", "rules_entry", "session_entry"]
