"""Screen model on libghostty-vt through pyghostty (optional: ``osc7501wrap[ghostty]``).

Ghostty's own terminal core parses the bytes, so alternate screens, wide characters,
grapheme joining, colon SGR, DCS/APC strings and malformed sequences behave as in a real
Ghostty window, 15-50 times faster than the pyte backend. The screen text comes from
libghostty-vt's plain-text formatter (visible area, soft wraps kept, trailing blanks
trimmed). DEL bytes are removed before feeding: libghostty-vt prints them, terminals
ignore them.

Importing this module never imports pyghostty: :class:`GhosttyScreen` does, and raises
whatever the import or the native library raises. :func:`osc7501wrap.screen.make_screen`
catches that and falls back to pyte.

Not done here: scrollback (kept at the library minimum), colours, OSC events, answers to
the child's queries (no reply callback is installed, so the model never writes back).
Known differences from the pyte backend are listed in tests/test_screen.py.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GhosttyScreen"]


class GhosttyScreen:
    """The :class:`~osc7501wrap.screen.ScreenModel` on libghostty-vt."""

    backend = "ghostty"

    def __init__(self, rows: int, cols: int) -> None:
        import pyghostty  # lazy: optional dependency with a native library

        self._pyghostty: Any = pyghostty
        self.rows = max(1, rows)
        self.cols = max(1, cols)
        self.fallback_reason: str | None = None
        self.errors = 0
        self._term: Any = self._new_terminal()
        self._version = 0
        self._lines_version = -1
        self._lines: list[str] = []

    def _new_terminal(self) -> Any:
        return self._pyghostty.Terminal(cols=self.cols, rows=self.rows, scrollback=0)

    @property
    def version(self) -> int:
        return self._version

    @property
    def alt_screen(self) -> bool:
        try:
            screen = self._term.get("active_screen", "GhosttyTerminalScreen")
            return bool(screen == self._pyghostty.lib.GHOSTTY_TERMINAL_SCREEN_ALTERNATE)
        except Exception:
            self.errors += 1
            return False

    def feed(self, data: bytes) -> None:
        if not data:
            return
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        data = bytes(data)
        if b"\x7f" in data:
            # libghostty-vt prints DEL as a character; terminals (and pyte) ignore it
            data = data.replace(b"\x7f", b"")
        try:
            self._term.feed(data)
        except Exception:
            self.errors += 1
        self._version += 1

    def resize(self, rows: int, cols: int) -> None:
        rows, cols = max(1, rows), max(1, cols)
        if (rows, cols) == (self.rows, self.cols):
            return
        try:
            self._term.resize(cols, rows)
        except Exception:
            self.errors += 1
        self.rows, self.cols = rows, cols
        self._version += 1

    def lines(self) -> list[str]:
        if self._lines_version != self._version:
            try:
                rows = [line.rstrip() for line in self._term.text().split("\n")]
            except Exception:
                self.errors += 1
                rows = []
            del rows[self.rows :]
            rows.extend([""] * (self.rows - len(rows)))
            self._lines = rows
            self._lines_version = self._version
        return list(self._lines)

    def cursor(self) -> tuple[int, int]:
        try:
            x, y = self._term.cursor
        except Exception:
            self.errors += 1
            return 0, 0
        return min(int(y), self.rows - 1), min(int(x), self.cols - 1)

    def reset(self) -> None:
        try:
            self._term = self._new_terminal()
        except Exception:
            self.errors += 1
        self._version += 1
