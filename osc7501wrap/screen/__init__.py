"""The screen model: what the wrapped program shows now, behind one small interface.

- :mod:`.model`: the :class:`ScreenModel` interface, :func:`make_screen` (picks a
  backend), the ghostty self-test and its background preload, :func:`resume_point`;
- :mod:`.backlog`: :class:`Backlog`, output queued for the model off the hot path;
- :mod:`.pyte_screen` and :mod:`.pyte_fixes`: the pyte backend (tokenizer and dispatch
  tables; the screen with its fixes);
- :mod:`.ghostty_screen`: the libghostty-vt backend.

Not here: reading the screen for states (the rules), OSC events (the passthrough
tracker). Nothing before the child starts imports this package.
"""

from __future__ import annotations

from .backlog import Backlog
from .model import (
    BACKENDS,
    ScreenModel,
    finish_preload,
    ghostty_unavailable,
    make_screen,
    preload,
    ready,
    resume_point,
)

__all__ = [
    "BACKENDS",
    "Backlog",
    "ScreenModel",
    "finish_preload",
    "ghostty_unavailable",
    "make_screen",
    "preload",
    "ready",
    "resume_point",
]
