"""Choosing and loading the manifest for a command: `--agent`'s, else the one whose
programs name it, unless the config's `manifest =` for that agent names another. Only the
chosen built-in manifest is parsed, its patterns compiled at their first use
(:func:`load_headers`).

It does not read the config (the caller says which manifest the config names for an
agent) and loads nothing at import: the run's start-up imports this only when it loads
the rules (before the child with `--agent` or user rules, else at the session's boot).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from ..protocol import sanitize_text
from .load import load_headers
from .model import GENERIC, Catalog, Manifest
from .select import select_manifest


def choose(catalog: Catalog, command: Sequence[str], forced: str | None,
           configured: Callable[[str], str | None], notes: list[str]) -> Manifest:
    """The manifest for `command`: `forced` (`--agent`), else by the program, unless
    `configured(name)` (the config's `manifest =` for that agent) names another. An
    unknown `forced` name is said on stderr and in `notes`: the fallback rules run."""
    if forced and catalog.get(forced) is None:
        line = (f"wrap: no manifest named {forced!r} (known: {', '.join(catalog.names)}): "
                "running on the fallback rules (generic)")
        sys.stderr.write(sanitize_text(line, 1000) + "\n")
        notes.append(line)
        forced = GENERIC
    m = select_manifest(catalog, list(command), forced=forced)
    other = configured(m.name)
    if other and other != m.name and not forced:
        m = select_manifest(catalog, list(command), forced=other)
    return m


def load_manifest(command: Sequence[str], forced: str | None,
                  configured: Callable[[str], str | None]) -> tuple[Manifest, list[str]]:
    """The chosen manifest, compiled, and the notes of its loading (broken files, an
    unknown `forced` name). A chosen file found broken is said in the notes and the
    choice made again."""
    catalog = load_headers()
    notes: list[str] = []
    m = None
    while m is None:
        m = catalog.complete(choose(catalog, command, forced, configured, notes))
    return m, notes + list(catalog.errors)
