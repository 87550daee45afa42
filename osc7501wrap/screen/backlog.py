"""Bytes the program wrote that the screen model has not seen yet: :class:`Backlog`.

The passthrough never waits for the model: the proxy writes output to the terminal first,
then appends a reference to the chunk here; the loop feeds the model later in pieces sized
to a time budget. Past a limit the oldest bytes are dropped and the model is reset (the
screen is right again after the program's next frame).

Not here: the model itself (:mod:`.model`), when to feed (the pipeline decides).
"""

from __future__ import annotations

import re
import time
from collections import deque

from .model import ScreenModel, resume_point

__all__ = ["Backlog"]

_ALT_TOGGLE = re.compile(rb"\x1b\[\?(?:1049|1047|47)([hl])")


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
    on it. ``drops`` counts the drops; ``high`` is the most
    that was ever pending (noted where it shrinks, so :meth:`append` stays as it is).
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
        self.fed_bytes = 0
        self.high = 0

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
        self.high = max(self.high, self._pending)
        self._chunks.clear()
        self._offset = 0
        self._pending = 0

    def feed_some(self, model: ScreenModel, budget_s: float) -> bool:
        """Feed ``model`` for about ``budget_s`` seconds; True if anything was fed.

        At least one piece is fed when bytes are pending, so progress never stalls.
        """
        fed = False
        if self._pending > self.high:  # it only grows between feeds: this is its peak
            self.high = self._pending
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

    def feed_all(self, model: ScreenModel) -> None:
        """Feed everything pending at once, without timing it (for a few small chunks,
        such as a spinner frame: the budget's clock calls would cost more than them)."""
        if self._reset_due:
            self.feed_some(model, 0.0)
        chunks = self._chunks
        if self._offset and chunks:
            chunks[0] = chunks[0][self._offset:]
            self._offset = 0
        if chunks:  # one call into the model (frames that waited come as several)
            data = b"".join(chunks)  # one chunk: itself, not a copy
            chunks.clear()
            model.feed(data)
            self.fed_bytes += len(data)
        self._pending = 0

    def _drop(self) -> None:
        self.high = max(self.high, self._pending)
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
            if 0x3F in chunk:  # "?": one memchr spares the regex on plain output
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
        self._pending = len(tail)
        self._reset_due = True
