"""What an agent's own signals mean, per agent, by the name its manifest gives them
(``integration = "claude-hooks"`` in its [manifest] table). The list of agents is the
manifests' (rules/*.toml); a module here exists only for an agent that reports more than
its screen shows.

An integration is two modules of this package (:data:`INTEGRATIONS`): one for the
start-up path (before the child starts, and the hook command), with
``command_args(argv) -> (argv, note)`` (the command line that registers it) and
``hook_subset(event, input) -> dict`` (the part of an event's input kept); and one for the
pipeline, ``hook_edge(event, data) -> HookEdge`` (what an event means). Claude Code's
hooks: claude_hooks (start-up) and claude (meaning). ``versions``: which release of an
agent is installed, against the releases its manifest was verified on.

Nothing is imported here until a function asks for an integration's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from types import ModuleType

#: integration name (a manifest's ``integration``) -> (its start-up module, its meaning)
INTEGRATIONS = {"claude-hooks": ("claude_hooks", "claude")}


def _module(name: str, part: int) -> ModuleType:
    return import_module(f".{INTEGRATIONS[name][part]}", __name__)


def command_args(name: str, argv: Sequence[str]) -> tuple[list[str], str | None]:
    """`argv` with the arguments that register integration `name`, and a note for the
    log when they are not added. KeyError for a name not in :data:`INTEGRATIONS`."""
    return _module(name, 0).command_args(argv)


def reducer(name: str | None) -> Callable[[str, object], dict[str, object]] | None:
    """What integration `name` keeps of an event's input; None for no (known) integration."""
    if name is None or name not in INTEGRATIONS:
        return None
    return _module(name, 0).hook_subset


def meaning(name: str | None) -> Callable[[str, dict[str, object]], object] | None:
    """What integration `name`'s events mean, ``hook_edge(event, data) -> fusion.HookEdge``;
    None for no (known) integration. (The core's type is not imported here: this module
    is loaded before the child starts, the core after.)"""
    if name is None or name not in INTEGRATIONS:
        return None
    return _module(name, 1).hook_edge
