"""Screen model on libghostty-vt through pyghostty (optional: ``osc7501wrap[ghostty]``).

Ghostty's own terminal core parses the bytes, so alternate screens, wide characters,
grapheme joining, colon SGR, DCS/APC strings and malformed sequences behave as in a real
Ghostty window, and many times faster than the pyte backend (bench/README.md). The screen text comes from
libghostty-vt's plain-text formatter (visible area, soft wraps kept, trailing blanks
trimmed). DEL bytes are removed before feeding: libghostty-vt prints them, terminals
ignore them.

Importing this module never imports pyghostty: :class:`GhosttyScreen` does, and raises
whatever the import or the native library raises. :func:`osc7501wrap.screen.make_screen`
catches that and falls back to pyte.

Not done here: scrollback (kept at the library minimum), colours (but a cell's background,
read on demand), OSC events, answers to the child's queries (no reply callback is installed, so the model never writes back).
Known differences from the pyte backend are listed in tests/unit/test_screen.py.
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
        self._reader: _TextReader | bool | None = None  # None: not tried yet
        # what is read back is cached per version (one read per frame at most)
        self._cursor, self._cursor_version = (0, 0), -1
        self._alt, self._alt_version = False, -1
        # Terminal.feed adds a callback-error check; no callback is installed here
        try:
            self._write: Any = pyghostty.core.lib.ghostty_terminal_vt_write
        except Exception:
            self._write = None

    def _new_terminal(self) -> Any:
        return self._pyghostty.Terminal(cols=self.cols, rows=self.rows, scrollback=0)

    @property
    def version(self) -> int:
        return self._version

    @property
    def alt_screen(self) -> bool:
        if self._alt_version != self._version:
            try:
                reader = self._get_reader()
                if reader:
                    alt = reader.alt_screen(self._term._t[0])
                else:
                    screen = self._term.get("active_screen", "GhosttyTerminalScreen")
                    alt = screen == self._pyghostty.lib.GHOSTTY_TERMINAL_SCREEN_ALTERNATE
            except Exception:
                self.errors += 1
                alt = False
            self._alt, self._alt_version = bool(alt), self._version
        return self._alt

    def feed(self, data: bytes) -> None:
        if not data:
            return
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        data = bytes(data)
        if 0x7F in data:  # an int: a bytes needle costs a TypeError raised and cleared
            # libghostty-vt prints DEL as a character; terminals (and pyte) ignore it
            data = data.replace(b"\x7f", b"")
        try:
            if self._write is not None:  # the library call itself, as Terminal.feed makes it
                self._write(self._term._t[0], data, len(data))
            else:
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

    def _get_reader(self) -> _TextReader | bool:
        reader = self._reader
        if reader is None:
            try:
                reader = _TextReader(self._pyghostty)
            except Exception:
                reader = False
            self._reader = reader
        return reader

    def _text(self) -> str:
        """The visible screen as plain text, through :class:`_TextReader` when it works
        with this pyghostty (else the public ``Terminal.text()``)."""
        reader = self._get_reader()
        if reader:
            try:
                return reader.text(self._term._t[0], self.cols, self.rows)
            except Exception:
                self._reader = False
        return str(self._term.text())

    def lines(self) -> list[str]:
        if self._lines_version != self._version:
            try:
                rows = [line.rstrip() for line in self._text().split("\n")]
            except Exception:
                self.errors += 1
                rows = []
            del rows[self.rows :]
            rows.extend([""] * (self.rows - len(rows)))
            self._lines = rows
            self._lines_version = self._version
        return list(self._lines)

    def cursor(self) -> tuple[int, int]:
        if self._cursor_version != self._version:
            try:
                reader = self._get_reader()
                x, y = reader.cursor(self._term._t[0]) if reader else self._term.cursor
                at = min(int(y), self.rows - 1), min(int(x), self.cols - 1)
            except Exception:
                self.errors += 1
                at = 0, 0
            self._cursor, self._cursor_version = at, self._version
        return self._cursor

    def background(self, row: int, col: int) -> object:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        try:
            st = self._term.style(col, row)
        except Exception:
            self.errors += 1
            return None
        return ("inverse", st["fg"]) if st["inverse"] else st["bg"]

    def reset(self) -> None:
        try:
            self._term = self._new_terminal()
        except Exception:
            self.errors += 1
        self._version += 1


class _TextReader:
    """Reads the visible screen as plain text, the way ``pyghostty.Terminal.text()`` does
    (libghostty-vt's plain formatter over the active area, trailing blanks trimmed,
    soft wraps kept) with the C structures and the output buffer made once: the public
    call builds them on every read, which is most of its cost (it runs once per spinner
    frame). Uses pyghostty's binding layer; any mismatch makes the caller fall back to
    the public call for good."""

    def __init__(self, pyghostty: Any) -> None:
        core = pyghostty.core
        ffi, lib = core.ffi, core.lib
        self._ffi, self._lib = ffi, lib
        self._grid_ref = core.union_fn(
            "ghostty_terminal_grid_ref",
            "GhosttyResult(*)(GhosttyTerminal, GhosttyPointS, GhosttyGridRef*)")
        self._point = ffi.new("GhosttyPointS*")
        self._point.tag = lib.GHOSTTY_POINT_TAG_ACTIVE
        self._start = core.init_sized("GhosttyGridRef")
        self._end = core.init_sized("GhosttyGridRef")
        self._selection = core.init_sized("GhosttySelection")
        opts = core.init_sized("GhosttyTerminalSelectionFormatOptions")
        opts.emit = lib.GHOSTTY_FORMATTER_FORMAT_PLAIN
        opts.unwrap = False
        opts.trim = True
        opts.selection = self._selection
        self._opts = opts
        self._size = ffi.new("size_t*")
        self._buf = ffi.new("uint8_t[]", 16384)
        self._out_of_space = lib.GHOSTTY_OUT_OF_SPACE
        self._get = lib.ghostty_terminal_get
        self._u16 = ffi.new("uint16_t*")
        self._screen = ffi.new("GhosttyTerminalScreen*")
        self._cursor_x = lib.GHOSTTY_TERMINAL_DATA_CURSOR_X
        self._cursor_y = lib.GHOSTTY_TERMINAL_DATA_CURSOR_Y
        self._active = lib.GHOSTTY_TERMINAL_DATA_ACTIVE_SCREEN
        self._alternate = lib.GHOSTTY_TERMINAL_SCREEN_ALTERNATE

    def cursor(self, term: Any) -> tuple[int, int]:
        """(x, y), as ``Terminal.cursor`` gives them."""
        u16 = self._u16
        if self._get(term, self._cursor_x, u16):
            raise RuntimeError("terminal_get cursor_x failed")
        x = u16[0]
        if self._get(term, self._cursor_y, u16):
            raise RuntimeError("terminal_get cursor_y failed")
        return x, u16[0]

    def alt_screen(self, term: Any) -> bool:
        if self._get(term, self._active, self._screen):
            raise RuntimeError("terminal_get active_screen failed")
        return bool(self._screen[0] == self._alternate)

    def text(self, term: Any, cols: int, rows: int) -> str:
        point, grid_ref = self._point, self._grid_ref
        point.value.x, point.value.y = 0, 0
        if grid_ref(term, point[0], self._start):
            raise RuntimeError("grid_ref failed")
        point.value.x, point.value.y = cols - 1, rows - 1
        if grid_ref(term, point[0], self._end):
            raise RuntimeError("grid_ref failed")
        self._selection.start = self._start[0]
        self._selection.end = self._end[0]
        fmt = self._lib.ghostty_terminal_selection_format_buf
        size = self._size
        res = fmt(term, self._opts[0], self._buf, len(self._buf), size)
        if res == self._out_of_space:
            self._buf = self._ffi.new("uint8_t[]", max(size[0], 2 * len(self._buf)))
            res = fmt(term, self._opts[0], self._buf, len(self._buf), size)
        if res:
            raise RuntimeError(f"selection_format_buf failed: {res}")
        return self._ffi.buffer(self._buf, size[0])[:].decode()
