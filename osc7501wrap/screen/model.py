"""The screen model: what the wrapped program shows now, behind one small interface.

Two backends implement :class:`ScreenModel` and pass the same tests
(tests/test_screen.py):

- ``pyte`` (:mod:`osc7501wrap.screen_pyte`): pyte 0.8.2 with fixes for the alternate
  screen, zero-width characters, wide characters at the margin, sequences pyte would draw
  as text, malformed sequences and a few missing controls. Always available.
- ``ghostty`` (:mod:`osc7501wrap.screen_ghostty`): libghostty-vt through pyghostty, the
  optional extra ``osc7501wrap[ghostty]`` (Linux wheels). 15-50 times faster than the
  pyte backend (bench/bench_screen.py); imported lazily (about 0.1 s: cffi parses the
  library's declarations), and any failure means pyte.

:func:`make_screen` picks one. :class:`Backlog` keeps feeding off the hot path.

The model only reads: it never answers the program's queries (the real terminal does),
never keeps scrollback for anyone, and does not parse OSC events (titles, notifications,
marks come from the passthrough tracker). Lines come back as plain text: trailing blanks
stripped, a wide character once, zero-width characters joined to their base character.
"""

from __future__ import annotations

import re
import sys
import time
from collections import deque
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "BACKENDS",
    "Backlog",
    "ScreenModel",
    "ghostty_unavailable",
    "make_screen",
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

    @property
    def alt_screen(self) -> bool:
        """True while the alternate screen (DEC modes 47, 1047, 1049) is active."""
        ...

    @property
    def version(self) -> int: ...

    def reset(self) -> None:
        """Back to the power-on state (empty main screen, parser in the ground state)."""
        ...


_GHOSTTY_PROBED = False
_GHOSTTY_WHY: str | None = None


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def ghostty_unavailable() -> str | None:
    """None if the ghostty backend works in this process, else a one-line reason.

    Probed once (import, create, feed, read back) and cached.
    """
    global _GHOSTTY_PROBED, _GHOSTTY_WHY
    if _GHOSTTY_PROBED:
        return _GHOSTTY_WHY
    why: str | None = None
    try:
        from .screen_ghostty import GhosttyScreen

        probe = GhosttyScreen(3, 12)
        probe.feed("ok \u2714\x1b[?1049hx".encode())
        alt = probe.alt_screen
        probe.feed(b"\x1b[?1049l")
        got = (alt, probe.alt_screen, probe.lines()[0], probe.cursor())
        if got != (True, False, "ok \u2714", (0, 4)):
            why = f"libghostty-vt self-test failed: {got!r}"
    except ImportError as exc:
        why = f"pyghostty is not installed ({_one_line(exc)})"
    except Exception as exc:  # a broken native library, ABI mismatch, ...
        why = f"pyghostty does not work here ({_one_line(exc)})"
    _GHOSTTY_PROBED, _GHOSTTY_WHY = True, why
    return why


_PRELOAD: Any = None  # the thread probing the backend in the background, if started


def preload(backend: str = "auto") -> None:
    """Start probing (importing) the ghostty backend in a background thread.

    Importing pyghostty parses its C declarations with cffi, which takes 0.1-0.3 s of
    pure Python. A live session calls this right after the child started, so that cost
    does not stall the passthrough loop; :func:`ready` says when :func:`make_screen`
    will no longer block on it. Call it only after forking: never before a fork.
    """
    global _PRELOAD
    if backend == "pyte" or backend not in BACKENDS or _GHOSTTY_PROBED or _PRELOAD:
        return
    import threading

    _PRELOAD = threading.Thread(target=_preload, name="screen-preload", daemon=True)
    _PRELOAD.start()


def _preload() -> None:
    """The preload thread: the import is pure Python and holds the GIL, so hand it back
    to the passthrough loop every 0.1 ms instead of every 5 ms meanwhile (keystrokes
    echoed during the import would wait that long: echo p99 +1.7 ms at 5 ms, +0.6 ms at
    0.1 ms, `bench/bench_proxy.py`)."""
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
    from .screen_pyte import PyteScreen

    rows, cols = max(1, int(rows)), max(1, int(cols))
    if backend == "pyte":
        return PyteScreen(rows, cols)
    if backend not in BACKENDS:
        return PyteScreen(rows, cols, fallback_reason=f"unknown screen backend {backend!r}")
    why = ghostty_unavailable()
    if why is None:
        try:
            from .screen_ghostty import GhosttyScreen

            return GhosttyScreen(rows, cols)
        except Exception as exc:
            why = f"pyghostty failed ({_one_line(exc)})"
    return PyteScreen(rows, cols, fallback_reason=why if backend == "ghostty" else None)


_ALT_TOGGLE = re.compile(rb"\x1b\[\?(?:1049|1047|47)([hl])")


def resume_point(data: bytes) -> int:
    """Where a screen model can start on output whose beginning was dropped: at the first
    escape sequence, else after the first newline (else nothing of it is usable)."""
    start = data.find(b"\x1b")
    if start < 0:
        newline = data.find(b"\n")
        start = newline + 1 if newline >= 0 else len(data)
    return start


class Backlog:
    """Bytes the program wrote that the screen model has not seen yet.

    Design: the proxy writes the program's output to the terminal first and then calls
    :meth:`append`, which only stores a reference to the chunk (a deque append and an
    addition), so the passthrough never waits for the model. When the loop is idle (or
    on a timer) it calls :meth:`feed_some` with a time budget; the model catches up in
    pieces whose size follows the measured speed of the model, so one call overshoots
    its budget by at most one small piece. The model is chunk-safe, so pieces may split
    anything.

    If the program writes faster than the model reads (a 1 MiB diff through pyte takes
    about a second) and more than ``limit`` bytes are pending, the backlog drops all but
    the last ``keep`` bytes, starting them at an escape sequence (ESC) so the model does
    not draw the tail of a cut sequence, and the next :meth:`feed_some` resets the model
    first. Full-screen programs redraw often, so the screen is right again after their
    next frame; if the dropped bytes left the alternate screen on, the model is put back
    on it. ``drops`` and ``dropped_bytes`` count what was lost.
    """

    def __init__(self, limit: int = 1 << 20, keep: int = 64 << 10) -> None:
        self.limit = max(1, limit)
        self.keep = max(0, min(keep, self.limit))
        self._chunks: deque[bytes] = deque()
        self._offset = 0  # bytes of the first chunk already fed
        self._pending = 0
        self._reset_due = False
        self._alt_after_reset: bool | None = None  # None: as the model was before the reset
        self._rate = 1e6  # bytes per second the model takes; learned while feeding
        self.drops = 0
        self.dropped_bytes = 0
        self.fed_bytes = 0

    @property
    def pending(self) -> int:
        """Bytes waiting for the model."""
        return self._pending

    def __len__(self) -> int:
        return self._pending

    def append(self, data: bytes) -> None:
        """Queue one chunk of output (as written to the terminal). O(1) unless over ``limit``."""
        if not data:
            return
        self._chunks.append(data)
        self._pending += len(data)
        if self._pending > self.limit:
            self._drop()

    def clear(self) -> None:
        """Forget everything pending (for example after the model was reset anyway)."""
        self._chunks.clear()
        self._offset = 0
        self._pending = 0

    def feed_some(self, model: ScreenModel, budget_s: float) -> bool:
        """Feed ``model`` for about ``budget_s`` seconds; True if anything was fed.

        At least one piece is fed when bytes are pending, so progress never stalls.
        """
        fed = False
        if self._reset_due:
            self._reset_due = False
            alt = self._alt_after_reset
            if alt is None:
                alt = model.alt_screen
            model.reset()
            if alt:
                model.feed(b"\x1b[?1049h")
            fed = True
        clock = time.perf_counter
        start = now = clock()
        deadline = start + max(0.0, budget_s)
        chunks = self._chunks
        while chunks:
            remaining = deadline - now
            if remaining <= 0 and fed:
                break
            piece = int(min(65536, max(512, self._rate * max(remaining, 0.0))))
            chunk = chunks[0]
            off = self._offset
            end = min(len(chunk), off + piece)
            data = chunk if (off == 0 and end == len(chunk)) else memoryview(chunk)[off:end]
            t0 = clock()
            model.feed(data)  # type: ignore[arg-type]
            now = clock()
            n = end - off
            if now > t0:
                self._rate = 0.7 * self._rate + 0.3 * (n / (now - t0))
            if end >= len(chunk):
                chunks.popleft()
                self._offset = 0
            else:
                self._offset = end
            self._pending -= n
            self.fed_bytes += n
            fed = True
        return fed

    def _drop(self) -> None:
        chunks = self._chunks
        if self._offset:
            chunks[0] = chunks[0][self._offset :]
            self._offset = 0
        dropped: list[bytes] = []
        total = self._pending
        while chunks and total - len(chunks[0]) >= self.keep:
            chunk = chunks.popleft()
            total -= len(chunk)
            dropped.append(chunk)
        tail = b"".join(chunks)
        cut = len(tail) - self.keep
        if cut > 0:
            dropped.append(tail[:cut])
            tail = tail[cut:]
        start = resume_point(tail)
        if start:
            dropped.append(tail[:start])
            tail = tail[start:]
        alt = None
        for chunk in reversed(dropped):  # the last toggle counts
            if b"?" in chunk:  # one memchr spares the regex on plain output
                for m in _ALT_TOGGLE.finditer(chunk):
                    alt = m.group(1) == b"h"
                if alt is not None:
                    break
        if alt is not None:
            self._alt_after_reset = alt
        elif not self._reset_due:
            self._alt_after_reset = None
        chunks.clear()
        if tail:
            chunks.append(tail)
        self.drops += 1
        self.dropped_bytes += self._pending - len(tail)
        self._pending = len(tail)
        self._reset_due = True
