"""The screen model's interface, :class:`ScreenModel`, and the choice of backend.

Two backends implement it and pass the same tests (tests/unit/test_screen.py):

- ``pyte`` (:mod:`.pyte_screen` on :mod:`.pyte_fixes`): pyte 0.8.2 with fixes. Always
  available.
- ``ghostty`` (:mod:`.ghostty_screen`): libghostty-vt through pyghostty, the optional
  extra ``osc7501wrap[ghostty]`` (Linux wheels); imported lazily (cffi parses the
  library's declarations: :func:`preload` does it in a thread), any failure means pyte.

:func:`make_screen` picks one and never raises; :func:`resume_point` says where a model
can start on output whose beginning was dropped.

The model only reads: it never answers the program's queries (the real terminal does),
never keeps scrollback for anyone, and does not parse OSC events (titles, notifications,
marks come from the passthrough tracker). Lines come back as plain text: trailing blanks
stripped, a wide character once, zero-width characters joined to their base character;
a cell's background is read on demand (``background``).
Not here: feeding off the hot path (:mod:`.backlog`).
"""

from __future__ import annotations

import sys
import threading
from typing import Any, Protocol, runtime_checkable

from .ghostty_screen import GhosttyScreen  # cheap: pyghostty is imported by its constructor

__all__ = [
    "BACKENDS",
    "ScreenModel",
    "ghostty_unavailable",
    "make_screen",
    "resume_point",
]

BACKENDS = ("auto", "pyte", "ghostty")


@runtime_checkable
class ScreenModel(Protocol):
    """What the program shows now.

    ``feed`` never raises, whatever the bytes, and chunk boundaries may fall anywhere
    (inside UTF-8 characters or escape sequences). ``version`` increases whenever the
    visible content or the cursor may have changed: compare it with the last value seen
    to skip work when nothing happened.
    """

    rows: int
    cols: int
    #: "pyte" or "ghostty"
    backend: str
    #: why this backend runs although another one was asked for, else None
    fallback_reason: str | None

    def feed(self, data: bytes) -> None: ...

    def resize(self, rows: int, cols: int) -> None: ...

    def lines(self) -> list[str]:
        """The ``rows`` visible rows, top to bottom, trailing blanks stripped."""
        ...

    def cursor(self) -> tuple[int, int]:
        """(row, col), 0-based, always inside the screen."""
        ...

    def background(self, row: int, col: int) -> object:
        """How the cell at (row, col) looks behind its character: its background colour
        as the program set it, or its foreground under inverse video. Values of one
        backend are equal when the cells look the same (None outside the screen); the
        only reader is a dialog whose selection is a colour (rules.dialog)."""
        ...

    @property
    def alt_screen(self) -> bool:
        """True while the alternate screen (DEC modes 47, 1047, 1049) is active."""
        ...

    @property
    def version(self) -> int: ...

    def reset(self) -> None:
        """Back to the power-on state (empty main screen, parser in the ground state)."""
        ...


_GHOSTTY_TRIED = False
_GHOSTTY_WHY: str | None = None


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def ghostty_unavailable() -> str | None:
    """None if the ghostty backend works in this process, else a one-line reason.

    Tried once (import, create, feed, read back) and cached.
    """
    global _GHOSTTY_TRIED, _GHOSTTY_WHY
    if _GHOSTTY_TRIED:
        return _GHOSTTY_WHY
    why: str | None = None
    try:
        trial = GhosttyScreen(3, 12)
        trial.feed("ok \u2714\x1b[?1049hx".encode())
        alt = trial.alt_screen
        trial.feed(b"\x1b[?1049l")
        got = (alt, trial.alt_screen, trial.lines()[0], trial.cursor())
        if got != (True, False, "ok \u2714", (0, 4)):
            why = f"libghostty-vt self-test failed: {got!r}"
    except ImportError as exc:
        why = f"pyghostty is not installed ({_one_line(exc)})"
    except Exception as exc:  # a broken native library, ABI mismatch, ...
        why = f"pyghostty does not work here ({_one_line(exc)})"
    _GHOSTTY_TRIED, _GHOSTTY_WHY = True, why
    return why


_PRELOAD: Any = None  # the thread trying the backend in the background, if started


def preload(backend: str = "auto") -> None:
    """Start trying (importing) the ghostty backend in a background thread.

    Importing pyghostty parses its C declarations with cffi, a fraction of a second of
    pure Python. A live session calls this right after the child started, so that cost
    does not stall the passthrough loop; :func:`ready` says when :func:`make_screen`
    will no longer block on it. Call it only after forking: never before a fork.
    """
    global _PRELOAD
    if backend == "pyte" or backend not in BACKENDS or _GHOSTTY_TRIED or _PRELOAD:
        return
    _PRELOAD = threading.Thread(target=_preload, name="screen-preload", daemon=True)
    _PRELOAD.start()


def _preload() -> None:
    """The preload thread: the import is pure Python and holds the GIL, so hand it back
    to the passthrough loop every 0.1 ms instead of every 5 ms meanwhile, for keystrokes
    echoed during the import (figures: bench/README.md)."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(min(previous, 0.0001))
    try:
        ghostty_unavailable()
    finally:
        sys.setswitchinterval(previous)


def ready() -> bool:
    """True unless a :func:`preload` is still running."""
    return _PRELOAD is None or not _PRELOAD.is_alive()


def finish_preload(timeout: float = 2.0) -> bool:
    """Wait for a running :func:`preload` (True when none is left running).

    Call it before the process exits: an interpreter shutting down while the thread is
    still inside the native library can crash (SIGSEGV) instead of exiting cleanly.
    """
    if _PRELOAD is not None and _PRELOAD.is_alive():
        _PRELOAD.join(timeout)
    return ready()


def make_screen(rows: int, cols: int, backend: str = "auto") -> ScreenModel:
    """A screen model of ``rows`` x ``cols``. Never raises.

    ``backend``: ``"auto"`` (ghostty if it works here, else pyte), ``"pyte"``, or
    ``"ghostty"`` (pyte with ``fallback_reason`` set if ghostty does not work).
    An unknown name also gives pyte with ``fallback_reason`` set.
    """
    rows, cols = max(1, int(rows)), max(1, int(cols))
    why: str | None = None
    if backend not in BACKENDS:
        why = f"unknown screen backend {backend!r}"
    elif backend != "pyte":
        why = ghostty_unavailable()
        if why is None:
            try:
                return GhosttyScreen(rows, cols)
            except Exception as exc:
                why = f"pyghostty failed ({_one_line(exc)})"
        if backend == "auto":
            why = None
    # lazy: only when it is the one: pyte and wcwidth take ~40 ms to import, which the
    # passthrough loop would wait for
    from .pyte_screen import PyteScreen

    return PyteScreen(rows, cols, fallback_reason=why)


def resume_point(data: bytes) -> int:
    """Where a screen model can start on output whose beginning was dropped: at the first
    escape sequence, else after the first newline (else nothing of it is usable)."""
    start = data.find(b"\x1b")
    if start < 0:
        newline = data.find(b"\n")
        start = newline + 1 if newline >= 0 else len(data)
    return start
