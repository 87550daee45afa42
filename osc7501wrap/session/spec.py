"""The run spec: what one `wrap CMD` session runs with, decided before the child starts
(start.prepare builds it) and never changed after: the command, the options, the
terminal as detected, the config, the control socket's path and tokens.

A frozen value with slots, written by hand: `dataclasses` costs milliseconds before the
child starts (tests/pty/test_startup.py). It holds the manifest only when the start
loaded it already (`--agent`, user rules); else the session loads it at its boot
(session.boot), explicitly. It does not decide anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..config import Config
from ..report.detect import Terminal

_FIELDS = ("argv", "command", "env", "config", "forced_agent", "record_id", "emit",
           "emit_reason", "host", "terminal", "writes", "typeahead", "outstanding_replies",
           "token", "hook_token", "socket_path", "hooked", "integration", "notes",
           "manifest")


class RunSpec:
    """One run's frozen spec. See the module docstring."""

    __slots__ = _FIELDS

    argv: tuple[str, ...]  # the child's command line (with the integration's arguments)
    command: tuple[str, ...]  # as the user gave it
    env: Mapping[str, str]  # the child's environment
    config: Config  # the program's (before the manifest is known: the boot's is the agent's)
    forced_agent: str | None  # `--agent`
    record_id: str
    emit: bool  # write OSC 7501 (else: fallbacks only)
    emit_reason: str
    host: bool  # strip and answer the child's own OSC 7501 (off with --emit never)
    writes: bool  # write anything at all to the terminal
    terminal: Terminal  # the one reading of the environment
    typeahead: bytes  # typed during the terminal's probe, for the child
    outstanding_replies: tuple[str, ...]  # the probe's answers still on their way
    token: str
    hook_token: str
    socket_path: str | None
    hooked: bool  # the agent's integration reports to the control socket
    integration: str  # its name (agents.INTEGRATIONS), "" for none
    notes: tuple[str, ...]  # for the session's log
    manifest: object  # rules.Manifest when the start loaded it, else None (the boot loads it)

    def __init__(self, **fields: object) -> None:
        missing = set(_FIELDS) - set(fields)
        extra = set(fields) - set(_FIELDS)
        if missing or extra:
            raise TypeError(f"RunSpec: missing {sorted(missing)}, unknown {sorted(extra)}")
        for name in _FIELDS:
            value = fields[name]
            if name in ("argv", "command", "outstanding_replies", "notes"):
                value = tuple(value)
            elif name == "env":
                value = MappingProxyType(dict(value))
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"RunSpec is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"RunSpec is frozen: {name} cannot be deleted")

    def replace(self, **changes: object) -> RunSpec:
        """A copy with `changes`."""
        return RunSpec(**{**{n: getattr(self, n) for n in _FIELDS}, **changes})

    def __repr__(self) -> str:
        return f"RunSpec(argv={self.argv!r}, record_id={self.record_id!r})"
