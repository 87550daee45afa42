"""Screen model on pyte 0.8.2 with the fixes a live TUI needs (the default backend).

pyte is used as a library, not modified: :class:`FixedScreen` subclasses ``pyte.Screen``
(cells, cursor, margins, tab stops, SGR) and :class:`PyteScreen` replaces pyte's
per-character parser with a regex tokenizer that feeds the screen directly.

What this module fixes compared with plain pyte 0.8.2 (each one is a test in
tests/test_screen.py):

- alternate screen (DEC modes 47, 1047, 1049) with the main screen kept and restored;
  1049 also saves and restores the cursor; one DECSC slot per screen, like xterm;
- ``draw()`` never drops text: zero-width characters (VS16, ZWJ, ZWSP, combining marks)
  attach to the previous cell (at most _CELL_MAX code points a cell, so a flood of marks
  on one character costs linear time), C0 controls are executed or ignored, never drawn;
- a wide character with one column left wraps first, like xterm; writing over half of a
  wide character blanks the other half;
- sequences pyte would draw as text are consumed: colon SGR (``CSI 38:2::r:g:b m``), CSI
  with a ``< = >`` prefix or intermediates (``CSI > 4;2 m``, ``CSI = 1 u``, ``CSI ? 2026 $ p``),
  DCS / APC / PM / SOS strings, OSC strings (including the Linux ``OSC P`` palette);
- malformed sequences never raise and never lose the rest of the chunk: each dispatch is
  guarded, a sequence with the wrong number of parameters is ignored;
- SU / SD (``CSI S`` / ``CSI T``), REP (``CSI b``), HPA (``CSI `` `` ``), CHT / CBT
  (``CSI I`` / ``CSI Z``), SCOSC / SCORC (``CSI s`` / ``CSI u``), DECSTR (``CSI ! p``),
  SO / SI with a designated G1 set;
- pending wrap (cursor just past the last column) is cleared by cursor motion and edits;
  LF, RI, CUU and CUD outside the scroll region behave like xterm; IL / DL clear lines
  correctly; ``CSI 3 J`` leaves the screen alone (it erases scrollback only);
- resize keeps the content at the bottom: blank rows under the cursor go first, then rows
  scroll off the top into a short history that a later grow pulls back (as Ghostty does).
  Narrowing clips rows (Ghostty reflows them; a TUI redraws after SIGWINCH anyway).

Chunk safety: bytes are decoded with an incremental UTF-8 decoder; an incomplete trailing
escape sequence is held (at most ``_HOLD_MAX`` characters) for the next ``feed()``; an
unterminated string (OSC, DCS, ...) is skipped up to its terminator in later feeds without
being stored.

Not done here: OSC events (titles, notifications, marks; the passthrough tracker reads
them), colours and attributes for anyone's use (pyte tracks them, nothing reads them),
scrollback, answers to queries (the real terminal answers the child; the model never does).
"""

from __future__ import annotations

import codecs
import copy
import re
import unicodedata
from collections import deque
from operator import itemgetter
from typing import Any, NamedTuple

import pyte
from pyte import charsets as cs
from pyte import modes as mo
from pyte.screens import Char, Cursor, Margins, StaticDefaultDict
from wcwidth import wcwidth

__all__ = ["FixedScreen", "PyteScreen", "char_width"]

_DECAWM = mo.DECAWM
_DECOM = mo.DECOM
_IRM = mo.IRM
_LAT1 = cs.LAT1_MAP
_ALT_MODES = frozenset((47, 1047, 1049))
_HISTORY_MAX = 200  # rows kept for a later grow (resize) to pull back
_HOLD_MAX = 4096  # characters of an incomplete CSI / ESC held across feeds
_REP_MAX = 65535
_CELL_MAX = 32  # code points one cell keeps (a base and its marks); more are dropped

_WIDTHS: dict[str, int] = {}


def char_width(ch: str) -> int:
    """Columns taken by one code point: 0, 1 or 2 (wcwidth, spacing marks counted as 1/2)."""
    w = _WIDTHS.get(ch)
    if w is None:
        w = wcwidth(ch)
        if w < 0:
            w = 0
        elif w == 0 and unicodedata.category(ch) == "Mc":
            # Spacing combining marks (Devanagari vowel signs, ...) advance the cursor in
            # glibc, xterm and Ghostty; wcwidth counts them as zero.
            w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if len(_WIDTHS) > 65536:
            _WIDTHS.clear()
        _WIDTHS[ch] = w
    return w


class _Cells(dict[str, Char]):
    """Char cells for one attribute set, created on first use (``cells[ch]``)."""

    __slots__ = ("tail",)

    def __init__(self, attrs: Char) -> None:
        super().__init__()
        self.tail = tuple(attrs[1:])

    def __missing__(self, ch: str) -> Char:
        cell = tuple.__new__(Char, (ch, *self.tail))
        self[ch] = cell
        return cell


class _Saved(NamedTuple):
    """One DECSC slot: cursor (position, attributes), charsets, origin mode."""

    cursor: Cursor
    g0: str
    g1: str
    charset: int
    origin: bool


Row = StaticDefaultDict[int, Char]


def _blank_row(row: Row | None) -> bool:
    """No cell written (erased cells are removed; a printed space counts as text)."""
    return not row


class FixedScreen(pyte.Screen):
    """``pyte.Screen`` with the behaviour fixes listed in the module docstring.

    Pending wrap is pyte's ``cursor.x == columns``; every method that moves the cursor or
    edits cells is expected to be called with it cleared (:meth:`clear_pending_wrap`), which
    the tokenizer in :class:`PyteScreen` does.
    """

    def __init__(self, columns: int, lines: int) -> None:
        self._alt = False
        self._alt_buffer: dict[int, Row] | None = None
        self._main_buffer: dict[int, Row] | None = None
        self._main_saved: _Saved | None = None
        self._main_cursor = Cursor(0, 0)
        self._alt_saved: _Saved | None = None
        self._saved: _Saved | None = None
        self.history: deque[Row] = deque(maxlen=_HISTORY_MAX)
        self.last_char = ""
        self._cells_key: Char | None = None
        self._cells = _Cells(Char(" "))
        self._cells_by_attrs: dict[tuple[Any, ...], _Cells] = {}
        super().__init__(columns, lines)

    # -- state ---------------------------------------------------------------------------

    @property
    def in_alt_screen(self) -> bool:
        return self._alt

    def reset(self) -> None:
        main = getattr(self, "_main_buffer", None)
        if main is not None:
            self.buffer = main  # type: ignore[assignment]
        super().reset()
        self.g1_charset = _LAT1  # G1 is ASCII until designated (ESC ) 0), as in xterm
        self._alt = False
        self._alt_buffer = None
        self._main_buffer = None
        self._main_saved = None
        self._alt_saved = None
        self._saved = None
        self.history.clear()
        self.last_char = ""

    def _new_buffer(self) -> dict[int, Row]:
        return type(self.buffer)(self.buffer.default_factory)  # type: ignore[attr-defined]

    def clear_pending_wrap(self) -> None:
        if self.cursor.x >= self.columns:
            self.cursor.x = self.columns - 1

    # -- modes and the alternate screen -----------------------------------------------------

    def set_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private"):
            modes = tuple(m for m in modes if m != 3)  # DECCOLM: ignored, as xterm by default
            for m in modes:
                if m in _ALT_MODES:
                    self._enter_alt(m)
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs: Any) -> None:
        if kwargs.get("private"):
            modes = tuple(m for m in modes if m != 3)
            for m in modes:
                if m in _ALT_MODES:
                    self._leave_alt(m)
        super().reset_mode(*modes, **kwargs)

    def _enter_alt(self, mode: int) -> None:
        if mode == 1049:
            self.save_cursor()  # into the slot of the screen we are on
        if not self._alt:
            self._main_buffer = self.buffer
            self._main_cursor = copy.copy(self.cursor)  # where the main screen's cursor stays
            self._main_saved = self._saved
            self._saved = self._alt_saved
            alt = self._alt_buffer
            self.buffer = alt if alt is not None else self._new_buffer()  # type: ignore[assignment]
            self._alt = True
        if mode == 1049:
            self.buffer = self._new_buffer()  # type: ignore[assignment]
        self.dirty.update(range(self.lines))

    def _leave_alt(self, mode: int) -> None:
        if not self._alt or self._main_buffer is None:
            if mode == 1049:
                self.restore_cursor()  # xterm and Ghostty restore the cursor anyway
            return
        self._alt_buffer = None if mode == 1047 else self.buffer
        self._alt_saved = self._saved
        self.buffer = self._main_buffer  # type: ignore[assignment]
        self._main_buffer = None
        self._saved = self._main_saved
        self._main_saved = None
        self._alt = False
        if mode == 1049:
            self.restore_cursor()
        self.dirty.update(range(self.lines))

    # -- DECSC / DECRC: one slot per screen -------------------------------------------------

    def save_cursor(self) -> None:
        self._saved = _Saved(
            copy.copy(self.cursor),
            self.g0_charset,
            self.g1_charset,
            self.charset,
            _DECOM in self.mode,
        )

    def restore_cursor(self) -> None:
        sp = self._saved
        if sp is None:  # nothing saved: the power-on state, as in xterm and Ghostty
            self.mode.discard(_DECOM)
            self.g0_charset = self.g1_charset = _LAT1
            self.charset = 0
            self.cursor.attrs = self.default_char
            self.cursor.x = self.cursor.y = 0
            return
        self.g0_charset, self.g1_charset, self.charset = sp.g0, sp.g1, sp.charset
        if sp.origin:  # DECAWM is not part of the saved state in xterm or Ghostty
            self.mode.add(_DECOM)
        else:
            self.mode.discard(_DECOM)
        cursor = copy.copy(sp.cursor)
        cursor.hidden = self.cursor.hidden
        cursor.x = min(max(0, cursor.x), self.columns)  # keeps a saved pending wrap
        cursor.y = min(max(0, cursor.y), self.lines - 1)
        self.cursor = cursor

    def soft_reset(self) -> None:
        """DECSTR (``CSI ! p``)."""
        self.mode.discard(_IRM)
        self.mode.discard(_DECOM)
        self.mode.add(_DECAWM)
        self.mode.add(mo.DECTCEM)
        self.cursor.hidden = False
        self.margins = None
        self.select_graphic_rendition(0)
        self._saved = None

    # -- drawing -----------------------------------------------------------------------------

    def _cells_for(self, attrs: Char) -> _Cells:
        if attrs is not self._cells_key:
            self._cells_key = attrs
            tail = tuple(attrs[1:])
            cells = self._cells_by_attrs.get(tail)
            if cells is None:
                if len(self._cells_by_attrs) >= 256:
                    self._cells_by_attrs.clear()
                cells = self._cells_by_attrs[tail] = _Cells(attrs)
            self._cells = cells
        return self._cells

    def _wrap_line(self) -> None:
        self.cursor.x = 0
        self.index()

    def next_line(self) -> None:
        """NEL (``ESC E``): carriage return and index."""
        self.cursor.x = 0
        self.index()

    def _unsplit(self, line: Row, x: int) -> None:
        """Erase a wide character that cell ``x`` (its right half) belongs to."""
        cell = line.get(x)
        if cell is not None and cell.data == "" and x > 0:
            del line[x]
            line.pop(x - 1, None)

    def _untail(self, line: Row, x: int) -> None:
        """Erase cell ``x`` if it is the right half of a wide character that is gone."""
        cell = line.get(x)
        if cell is not None and cell.data == "":
            del line[x]

    def draw(self, data: str) -> None:
        if not data:
            return
        raw = data
        if self.charset:
            data = data.translate(self.g1_charset)
        elif self.g0_charset is not _LAT1:
            data = data.translate(self.g0_charset)
        if _IRM not in self.mode and (
            data.isascii() or all(char_width(c) == 1 for c in set(data))
        ):
            self._draw_narrow(data)
        else:
            self._draw_any(data)
        # REP repeats the last printed character as received (before charset mapping)
        for ch in reversed(raw):
            if " " <= ch <= "~" or char_width(ch):
                self.last_char = ch
                break

    def _draw_narrow(self, data: str) -> None:
        """Draw a run of one-column characters (no zero-width, no wide ones), row by row."""
        cursor = self.cursor
        columns = self.columns
        cells = self._cells_for(cursor.attrs)
        autowrap = _DECAWM in self.mode
        dirty = self.dirty
        n = len(data)
        i = 0
        while i < n:
            x = cursor.x
            if x >= columns:
                if autowrap:
                    self._wrap_line()
                    x = 0
                else:
                    x = columns - 1
            k = min(n - i, columns - x)
            if k <= 0:
                return
            if not autowrap and n - i > k:
                seg = data[i : i + k - 1] + data[n - 1]
                i = n
            else:
                seg = data[i : i + k]
                i += k
            line = self.buffer[cursor.y]
            self._unsplit(line, x)
            end = x + k
            line.update(zip(range(x, end), map(cells.__getitem__, seg), strict=True))
            if end < columns:
                self._untail(line, end)
            dirty.add(cursor.y)
            cursor.x = end

    def _draw_any(self, data: str) -> None:
        """Draw characters of any width, one by one (zero-width ones attach)."""
        cursor = self.cursor
        columns = self.columns
        buffer = self.buffer
        cells = self._cells_for(cursor.attrs)
        stub = cells[""]
        autowrap = _DECAWM in self.mode
        insert = _IRM in self.mode
        dirty = self.dirty
        widths = _WIDTHS
        y = cursor.y
        line = buffer[y]
        x = cursor.x
        for ch in data:
            w = 1 if " " <= ch <= "~" else widths.get(ch)
            if w is None:
                w = char_width(ch)
            if w == 0:
                cursor.x = x
                self._attach(ch)
                continue
            if x >= columns:
                if autowrap:
                    dirty.add(y)
                    self._wrap_line()
                    y = cursor.y
                    line = buffer[y]
                    x = 0
                else:
                    x = columns - 1
            if w == 2 and x >= columns - 1:
                if columns < 2 or not autowrap:
                    continue  # cannot fit: dropped, as in Ghostty
                self._unsplit(line, x)
                line.pop(x, None)  # xterm leaves the last column blank and wraps
                dirty.add(y)
                self._wrap_line()
                y = cursor.y
                line = buffer[y]
                x = 0
            if insert:
                cursor.x = x
                self.insert_characters(w)
            old = line.get(x)
            if old is not None and old.data == "" and x > 0:
                del line[x]  # overwriting the right half of a wide character
                line.pop(x - 1, None)
            line[x] = cells[ch]
            if w == 2:
                line[x + 1] = stub
            x += w
            if x < columns:
                old = line.get(x)
                if old is not None and old.data == "":
                    del line[x]  # the left half of that wide character was overwritten
        cursor.x = x
        dirty.add(y)

    def _attach(self, ch: str) -> None:
        """Attach a zero-width character to the cell before the cursor (dropped at column 0)."""
        x = min(self.cursor.x, self.columns) - 1
        if x < 0:
            return
        line = self.buffer[self.cursor.y]
        cell = line.get(x)
        if cell is not None and cell.data == "" and x > 0:
            x -= 1
            cell = line.get(x)
        if cell is None or len(cell.data) >= _CELL_MAX:
            return
        line[x] = cell._replace(data=cell.data + ch)
        self.dirty.add(self.cursor.y)

    def repeat_last(self, count: int | None = None) -> None:
        """REP (``CSI n b``): draw the last printed character ``n`` more times."""
        if self.last_char:
            self.draw(self.last_char * min(count or 1, _REP_MAX, self.columns * self.lines))

    # -- scrolling -------------------------------------------------------------------------------

    def _scroll_up(self, top: int, bottom: int, n: int) -> None:
        buffer = self.buffer
        n = min(n, bottom - top + 1)
        keep_history = top == 0 and not self._alt  # as xterm and Ghostty do
        rows = [buffer.pop(y, None) for y in range(top, bottom + 1)]
        if keep_history:
            for row in rows[:n]:
                self.history.append(row if row is not None else StaticDefaultDict(self.default_char))
        for y, row in enumerate(rows[n:], top):
            if row is not None:
                buffer[y] = row
        self.dirty.update(range(top, bottom + 1))

    def _scroll_down(self, top: int, bottom: int, n: int) -> None:
        buffer = self.buffer
        n = min(n, bottom - top + 1)
        rows = [buffer.pop(y, None) for y in range(top, bottom + 1)]
        for y, row in enumerate(rows[: len(rows) - n], top + n):
            if row is not None:
                buffer[y] = row
        self.dirty.update(range(top, bottom + 1))

    def _region(self) -> tuple[int, int]:
        m = self.margins
        return (0, self.lines - 1) if m is None else (m.top, m.bottom)

    def index(self) -> None:
        top, bottom = self._region()
        y = self.cursor.y
        if y == bottom:
            self._scroll_up(top, bottom, 1)
        elif y < self.lines - 1:
            self.cursor.y = y + 1

    def reverse_index(self) -> None:
        top, bottom = self._region()
        y = self.cursor.y
        if y == top:
            self._scroll_down(top, bottom, 1)
        elif y > 0:
            self.cursor.y = y - 1

    def scroll_up(self, count: int | None = None) -> None:
        """SU (``CSI n S``)."""
        top, bottom = self._region()
        self._scroll_up(top, bottom, count or 1)

    def scroll_down(self, count: int | None = None) -> None:
        """SD (``CSI n T``)."""
        top, bottom = self._region()
        self._scroll_down(top, bottom, count or 1)

    def insert_lines(self, count: int | None = None) -> None:
        top, bottom = self._region()
        if top <= self.cursor.y <= bottom:
            self._scroll_down(self.cursor.y, bottom, count or 1)
            self.cursor.x = 0

    def delete_lines(self, count: int | None = None) -> None:
        top, bottom = self._region()
        y = self.cursor.y
        if top <= y <= bottom:
            n = min(count or 1, bottom - y + 1)
            buffer = self.buffer
            rows = [buffer.pop(r, None) for r in range(y, bottom + 1)]
            for r, row in enumerate(rows[n:], y):
                if row is not None:
                    buffer[r] = row
            self.dirty.update(range(y, bottom + 1))
            self.cursor.x = 0

    # -- cursor motion ---------------------------------------------------------------------------

    def cursor_up(self, count: int | None = None) -> None:
        m = self.margins
        y = self.cursor.y
        top = m.top if m is not None and y >= m.top else 0
        self.cursor.y = max(y - (count or 1), top)

    def cursor_down(self, count: int | None = None) -> None:
        m = self.margins
        y = self.cursor.y
        bottom = m.bottom if m is not None and y <= m.bottom else self.lines - 1
        self.cursor.y = min(y + (count or 1), bottom)

    def cursor_position(self, line: int | None = None, column: int | None = None) -> None:
        y = (line or 1) - 1
        m = self.margins
        if _DECOM in self.mode and m is not None:
            y = min(y + m.top, m.bottom)
        self.cursor.y = min(max(0, y), self.lines - 1)
        self.cursor.x = min(max(0, (column or 1) - 1), self.columns - 1)

    def cursor_to_line(self, line: int | None = None) -> None:
        y = (line or 1) - 1
        m = self.margins
        if _DECOM in self.mode and m is not None:
            y = min(y + m.top, m.bottom)
        self.cursor.y = min(max(0, y), self.lines - 1)

    def set_margins(self, top: int | None = None, bottom: int | None = None) -> None:
        t = max((top or 1) - 1, 0)
        b = min((bottom or self.lines) - 1, self.lines - 1)
        if b - t < 1:
            return
        self.margins = None if (t == 0 and b == self.lines - 1) else Margins(t, b)
        self.cursor_position()

    def tab(self) -> None:
        if self.cursor.x < self.columns:  # HT keeps a pending wrap (as Ghostty does)
            super().tab()

    def tab_forward(self, count: int | None = None) -> None:
        """CHT (``CSI n I``)."""
        for _ in range(min(count or 1, self.columns)):
            self.tab()  # keeps a pending wrap, like HT

    def tab_back(self, count: int | None = None) -> None:
        """CBT (``CSI n Z``)."""
        for _ in range(min(count or 1, self.columns)):
            stops = [s for s in self.tabstops if s < self.cursor.x]
            self.cursor.x = max(stops) if stops else 0

    def alignment_display(self) -> None:
        super().alignment_display()
        self.margins = None
        self.cursor.x = self.cursor.y = 0

    # -- erasing and editing -------------------------------------------------------------------

    def _erase(self, y: int, start: int, stop: int) -> None:
        line = self.buffer.get(y)
        if not line:
            return
        self._unsplit(line, start)
        if stop < self.columns:
            self._untail(line, stop)
        if start == 0 and stop >= self.columns:
            line.clear()
        else:
            pop = line.pop
            for x in range(start, stop):
                pop(x, None)
        self.dirty.add(y)

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        x, y = self.cursor.x, self.cursor.y
        if how == 0:
            self._erase(y, x, self.columns)
        elif how == 1:
            self._erase(y, 0, x + 1)
        elif how == 2:
            self._erase(y, 0, self.columns)

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        y = self.cursor.y
        if how == 0:
            self.erase_in_line(0)
            rows = range(y + 1, self.lines)
        elif how == 1:
            self.erase_in_line(1)
            rows = range(y)
        elif how == 2:
            rows = range(self.lines)
        else:
            if how == 3:
                self.history.clear()  # scrollback only: the screen is unchanged
            return
        for r in rows:
            if self.buffer.pop(r, None) is not None:
                self.dirty.add(r)

    def erase_characters(self, count: int | None = None) -> None:
        x = self.cursor.x
        self._erase(self.cursor.y, x, min(x + (count or 1), self.columns))

    def insert_characters(self, count: int | None = None) -> None:
        line = self.buffer.get(self.cursor.y)
        if not line:
            return
        x0, n, cols = self.cursor.x, count or 1, self.columns
        self._unsplit(line, x0)
        moved = {x + n if x >= x0 else x: c for x, c in line.items() if x < x0 or x + n < cols}
        line.clear()
        line.update(moved)
        last = line.get(cols - 1)
        if last is not None and char_width(last.data[:1] or " ") == 2:
            line.pop(cols - 1)  # a wide character pushed half off the edge
        self.dirty.add(self.cursor.y)

    def delete_characters(self, count: int | None = None) -> None:
        line = self.buffer.get(self.cursor.y)
        if not line:
            return
        x0, n = self.cursor.x, count or 1
        self._unsplit(line, x0)
        if x0 + n < self.columns:
            self._untail(line, x0 + n)
        moved = {x - n if x >= x0 else x: c for x, c in line.items() if x < x0 or x >= x0 + n}
        line.clear()
        line.update(moved)
        self.dirty.add(self.cursor.y)

    # -- resize ---------------------------------------------------------------------------------

    def resize(self, lines: int | None = None, columns: int | None = None) -> None:
        lines = max(1, lines or self.lines)
        columns = max(1, columns or self.columns)
        if lines == self.lines and columns == self.columns:
            return
        old = self.lines
        if lines != old:
            saved = [] if self._saved is None else [self._saved.cursor]
            self._resize_rows(
                self.buffer, old, lines, self.cursor, saved, None if self._alt else self.history
            )
            if self._alt and self._main_buffer is not None:
                main = [] if self._main_saved is None else [self._main_saved.cursor]
                self._resize_rows(
                    self._main_buffer, old, lines, self._main_cursor, main, self.history
                )
            if self._alt_buffer is not None:
                saved = [] if self._alt_saved is None else [self._alt_saved.cursor]
                self._resize_rows(self._alt_buffer, old, lines, Cursor(0, 0), saved, None)
        if columns < self.columns:
            for buf in (self.buffer, self._main_buffer, self._alt_buffer):
                for row in (buf or {}).values():
                    for x in [x for x in row if x >= columns]:
                        del row[x]
                    last = row.get(columns - 1)
                    if last is not None and last.data and char_width(last.data[0]) == 2:
                        del row[columns - 1]
        elif columns > self.columns:
            self.tabstops.update(range((self.columns + 7) // 8 * 8, columns, 8))
        self.tabstops = {t for t in self.tabstops if t < columns}
        if columns != self.columns:
            self.cursor.x = min(self.cursor.x, columns - 1)  # else a pending wrap is kept
        self.lines, self.columns = lines, columns
        self.margins = None
        self.cursor.y = min(max(0, self.cursor.y), lines - 1)
        self.dirty.update(range(lines))

    def _resize_rows(
        self,
        buffer: dict[int, Row],
        old: int,
        new: int,
        cursor: Cursor,
        pins: list[Cursor],
        history: deque[Row] | None,
    ) -> None:
        """Change the row count of ``buffer``, moving ``cursor`` and ``pins`` with the rows.

        Shrinking drops blank rows at the bottom first (not the rows holding the cursor or a
        saved cursor), then scrolls rows off the top into ``history``. Growing with the
        cursor on the last row pulls rows back from ``history``. A cursor that scrolls off
        goes to the top left corner. (This is what libghostty-vt does.)
        """
        rows = [buffer.pop(y, None) for y in range(old)]
        shift = 0
        if new < old:
            drop = old - new
            keep = max(c.y for c in (cursor, *pins))
            while drop and len(rows) - 1 > keep and _blank_row(rows[-1]):
                rows.pop()
                drop -= 1
            top = max(0, len(rows) - new)
            if history is not None:
                for row in rows[:top]:
                    history.append(row if row is not None else StaticDefaultDict(self.default_char))
            rows = rows[top:]
            shift = -top
        elif history and cursor.y == old - 1:
            shift = min(new - old, len(history))
            rows = [history.pop() for _ in range(shift)][::-1] + rows
        for y, row in enumerate(rows[:new]):
            if row is not None:
                buffer[y] = row
        for c in (cursor, *pins):
            y = c.y + shift
            if y < 0:
                c.x = y = 0
            c.y = min(y, new - 1)


# -- the tokenizer ------------------------------------------------------------------------------

# Groups: 1 text, 2-4 CSI (params, intermediates, final), 5-6 ESC with intermediates,
# 7 plain ESC final, 8 a single control (C0, DEL, C1; also a lone or malformed ESC).
# OSC ends at BEL, CAN, SUB or ESC (ESC \ is ST); DCS / SOS / PM / APC at CAN, SUB or ESC.
_TOKEN = re.compile(
    r"([^\x00-\x1f\x7f-\x9f]+)"
    r"|\x1b\[([0-?]*)([ -/]*)([@-~])"
    r"|\x1b\][^\x07\x18\x1a\x1b]*(?:[\x07\x18\x1a]|(?=\x1b))"
    r"|\x1b[PX^_][^\x18\x1a\x1b]*(?:[\x18\x1a]|(?=\x1b))"
    r"|\x1b(?:([ -/]+)([0-~])|([0-OQ-WYZ\\`-~]))"
    r"|([\x00-\x1f\x7f-\x9f])"
)
_SKIP_END = {
    "osc": re.compile(r"[\x07\x18\x1a\x1b]"),
    "str": re.compile(r"[\x18\x1a\x1b]"),
    "csi": re.compile(r"[@-~\x18\x1a\x1b]"),
}
_DATA = itemgetter(0)

# CSI final byte -> (FixedScreen method name, most parameters accepted; None = any).
_CSI: dict[str, tuple[str, int | None]] = {
    "@": ("insert_characters", 1),
    "A": ("cursor_up", 1),
    "B": ("cursor_down", 1),
    "C": ("cursor_forward", 1),
    "D": ("cursor_back", 1),
    "E": ("cursor_down1", 1),
    "F": ("cursor_up1", 1),
    "G": ("cursor_to_column", 1),
    "H": ("cursor_position", 2),
    "I": ("tab_forward", 1),
    "J": ("erase_in_display", 1),
    "K": ("erase_in_line", 1),
    "L": ("insert_lines", 1),
    "M": ("delete_lines", 1),
    "P": ("delete_characters", 1),
    "S": ("scroll_up", 1),
    "T": ("scroll_down", 1),
    "X": ("erase_characters", 1),
    "Z": ("tab_back", 1),
    "`": ("cursor_to_column", 1),
    "a": ("cursor_forward", 1),
    "b": ("repeat_last", 1),
    "d": ("cursor_to_line", 1),
    "e": ("cursor_down", 1),
    "f": ("cursor_position", 2),
    "g": ("clear_tab_stop", 1),
    "h": ("set_mode", None),
    "l": ("reset_mode", None),
    "m": ("select_graphic_rendition", None),
    "r": ("set_margins", 2),
    "s": ("save_cursor", 0),
    "u": ("restore_cursor", 0),
}
_PRIVATE_CSI: dict[str, tuple[str, int | None]] = {
    "h": ("set_mode", None),
    "l": ("reset_mode", None),
    "J": ("erase_in_display", 1),
    "K": ("erase_in_line", 1),
}
# Explicit 0 makes these a no-op (others take 0 as 1), as in Ghostty.
_ZERO_IS_NOOP = frozenset("IZLMPSTea")
# Sequences that keep a pending wrap (everything else clears it first).
_KEEPS_WRAP = frozenset("mhlsubISTr")  # r: an invalid DECSTBM changes nothing

_ESC: dict[str, str] = {
    "7": "save_cursor",
    "8": "restore_cursor",
    "D": "index",
    "E": "next_line",
    "M": "reverse_index",
    "H": "set_tab_stop",
    "c": "reset",
}

_CONTROLS: dict[str, str] = {
    "\n": "linefeed",
    "\x0b": "linefeed",
    "\x0c": "linefeed",
    "\r": "carriage_return",
    "\x08": "backspace",
    "\t": "tab",
}


class PyteScreen:
    """The :class:`~osc7501wrap.screen.ScreenModel` on pyte (see the module docstring)."""

    backend = "pyte"

    def __init__(self, rows: int, cols: int, fallback_reason: str | None = None) -> None:
        self.rows = max(1, rows)
        self.cols = max(1, cols)
        #: why this backend runs although another one was asked for (None if not a fallback)
        self.fallback_reason = fallback_reason
        #: exceptions swallowed while feeding (bad sequences); for logs and tests
        self.errors = 0
        self._screen = FixedScreen(self.cols, self.rows)
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._hold = ""
        self._skip: str | None = None
        self._version = 0
        self._lines: list[str] = [""] * self.rows
        self._stale: set[int] = set()
        self._bind()

    def _bind(self) -> None:
        s = self._screen
        self._csi = {k: (getattr(s, name), n) for k, (name, n) in _CSI.items()}
        self._private_csi = {k: (getattr(s, name), n) for k, (name, n) in _PRIVATE_CSI.items()}
        self._esc = {k: getattr(s, name) for k, name in _ESC.items()}
        self._controls = {k: getattr(s, name) for k, name in _CONTROLS.items()}

    # -- ScreenModel -----------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._version

    @property
    def alt_screen(self) -> bool:
        return self._screen.in_alt_screen

    @property
    def screen(self) -> FixedScreen:
        """The underlying pyte screen (cells with attributes), for callers that need them."""
        return self._screen

    def cursor(self) -> tuple[int, int]:
        c = self._screen.cursor
        return c.y, min(c.x, self.cols - 1)

    def feed(self, data: bytes) -> None:
        if not data:
            return
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        screen = self._screen
        before = (screen.cursor.x, screen.cursor.y, screen.in_alt_screen)
        try:
            text = self._decoder.decode(bytes(data))
            if self._hold:
                text = self._hold + text
                self._hold = ""
            if self._skip is not None:
                text = self._skip_string(text)
            if text:
                self._consume(text)
        except Exception:
            # Should not happen (each dispatch is guarded); resync to the ground state.
            self.errors += 1
            self._hold = ""
            self._skip = None
        self._note_changes(before)

    def resize(self, rows: int, cols: int) -> None:
        rows, cols = max(1, rows), max(1, cols)
        if (rows, cols) == (self.rows, self.cols):
            return
        try:
            self._screen.resize(rows, cols)
        except Exception:
            self.errors += 1
        self.rows, self.cols = rows, cols
        self._lines = [""] * rows
        self._stale = set(range(rows))
        self._screen.dirty.clear()
        self._version += 1

    def lines(self) -> list[str]:
        if self._stale:
            buffer = self._screen.buffer
            cols = range(self.cols)
            out = self._lines
            for y in self._stale:
                if y < self.rows:
                    row = buffer.get(y)
                    out[y] = "".join(map(_DATA, map(row.__getitem__, cols))).rstrip() if row else ""
            self._stale.clear()
        return list(self._lines)

    def reset(self) -> None:
        self._screen.reset()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._hold = ""
        self._skip = None
        self._screen.dirty.clear()
        self._stale = set(range(self.rows))
        self._version += 1

    # -- internals -------------------------------------------------------------------------------

    def _note_changes(self, before: tuple[int, int, bool]) -> None:
        screen = self._screen
        dirty = screen.dirty
        if dirty:
            self._stale.update(dirty)
            dirty.clear()
            self._version += 1
        elif (screen.cursor.x, screen.cursor.y, screen.in_alt_screen) != before:
            self._version += 1

    def _skip_string(self, text: str) -> str:
        """Drop the rest of an unterminated string or oversized CSI from the previous feed."""
        assert self._skip is not None
        m = _SKIP_END[self._skip].search(text)
        if m is None:
            return ""
        self._skip = None
        return text[m.start() :] if m.group() == "\x1b" else text[m.end() :]

    def _consume(self, s: str) -> None:
        screen = self._screen
        match = _TOKEN.match
        draw = screen.draw
        csi, private_csi, esc, controls = self._csi, self._private_csi, self._esc, self._controls
        pos = 0
        n = len(s)
        while pos < n:
            m = match(s, pos)
            if m is None:  # cannot happen: the last alternative takes any control
                pos += 1
                continue
            kind = m.lastindex
            end = m.end()
            try:
                if kind == 1:
                    draw(m.group(1))
                elif kind == 4:
                    self._dispatch_csi(m.group(2), m.group(3), m.group(4), csi, private_csi)
                elif kind == 7:
                    ch = m.group(7)
                    handler = esc.get(ch)
                    if handler is not None:
                        if ch not in "78":
                            screen.clear_pending_wrap()
                        handler()
                elif kind == 6:
                    self._dispatch_esc_intermediate(m.group(5), m.group(6))
                elif kind == 8:
                    ch = m.group(8)
                    if ch == "\x1b":
                        end = self._slow_escape(s, pos)
                        if end < 0:
                            self._hold = s[pos:]
                            return
                    else:
                        handler = controls.get(ch)
                        if handler is not None:
                            if ch != "\t":
                                screen.clear_pending_wrap()
                            handler()
                        elif ch == "\x0e":
                            screen.charset = 1
                        elif ch == "\x0f":
                            screen.charset = 0
                elif (
                    screen.cursor.x
                    and s.startswith("\x1b]133;", pos)
                    and s[pos + 6 : pos + 7] in ("A", "N")
                ):
                    # semantic prompt start: "fresh line" (per the OSC 133 spec, as Ghostty)
                    screen.next_line()
                # other complete OSC / DCS / APC / PM / SOS strings: ignored
            except Exception:
                self.errors += 1
            pos = end

    def _dispatch_csi(self, params: str, inter: str, final: str,
                      table: dict[str, tuple[Any, int | None]],
                      private_table: dict[str, tuple[Any, int | None]]) -> None:
        screen = self._screen
        if inter:
            if inter == "!" and final == "p" and not params:
                screen.soft_reset()
            return
        private = False
        if params:
            lead = params[0]
            if lead in "<=>":
                return
            if lead == "?":
                private = True
                params = params[1:]
                table = private_table
        entry = table.get(final)
        if entry is None:
            return
        if ":" in params:
            if final != "m":
                return
            params = ";".join(p for p in params.split(";") if ":" not in p)
            if not params:
                return
        if params:
            try:
                args = [min(int(p), 65535) if p else 0 for p in params.split(";")]
            except ValueError:
                return  # '<', '=', '>' or '?' after the first byte: not a valid CSI
        else:
            args = []
        handler, most = entry
        if most is not None and len(args) > most:
            return
        if final in _ZERO_IS_NOOP and args and args[0] == 0 and params[:1].isdigit():
            return
        if final not in _KEEPS_WRAP:
            screen.clear_pending_wrap()
        if private:
            handler(*args, private=True) if final in "hl" else handler(*args)
        else:
            handler(*args)

    def _dispatch_esc_intermediate(self, inter: str, final: str) -> None:
        screen = self._screen
        if inter == "#" and final == "8":
            screen.alignment_display()
        elif inter == "(":
            screen.define_charset(final, "(")
        elif inter == ")":
            screen.define_charset(final, ")")

    def _slow_escape(self, s: str, pos: int) -> int:
        """Parse one sequence the fast regex refused, starting at the ESC at ``pos``.

        Handles C0 controls inside a sequence (executed, as VT parsers do), non-ASCII bytes
        inside a CSI (ignored), aborts (CAN, SUB, a new ESC) and unterminated strings.
        Returns where to continue, or -1 if the sequence is incomplete (nothing executed).
        """
        n = len(s)
        i = pos + 1
        controls: list[str] = []
        state = "esc"
        params = inter = ""

        def run_controls() -> None:
            for c in controls:
                handler = self._controls.get(c)
                if handler is not None:
                    if c != "\t":
                        self._screen.clear_pending_wrap()
                    handler()

        while i < n:
            ch = s[i]
            o = ord(ch)
            if ch == "\x1b":
                run_controls()
                return i
            if o in (0x18, 0x1A):
                run_controls()
                return i + 1
            if o < 0x20:
                controls.append(ch)
            elif o == 0x7F:
                pass
            elif state == "esc":
                if 0x20 <= o <= 0x2F:
                    inter += ch
                    state = "escint"
                elif ch == "[":
                    state = "csi"
                elif ch in "]PX^_":
                    kind = "osc" if ch == "]" else "str"
                    m = _SKIP_END[kind].search(s, i + 1)
                    if m is None and not controls and n - pos <= _HOLD_MAX:
                        return -1  # short and unterminated: hold it, it may matter (OSC 133)
                    run_controls()
                    if m is None:
                        self._skip = kind
                        return n
                    return m.start() if m.group() == "\x1b" else m.end()
                elif 0x30 <= o <= 0x7E:
                    run_controls()
                    handler = self._esc.get(ch)
                    if handler is not None:
                        if ch not in "78":
                            self._screen.clear_pending_wrap()
                        handler()
                    return i + 1
                else:
                    run_controls()
                    return i
            elif state == "escint":
                if 0x20 <= o <= 0x2F:
                    inter += ch
                elif 0x30 <= o <= 0x7E:
                    run_controls()
                    self._dispatch_esc_intermediate(inter, ch)
                    return i + 1
                else:
                    run_controls()
                    return i
            elif state in ("csi", "csi_ignore"):
                if 0x30 <= o <= 0x3F:
                    if inter:
                        state = "csi_ignore"
                    params += ch
                elif 0x20 <= o <= 0x2F:
                    inter += ch
                elif 0x40 <= o <= 0x7E:
                    run_controls()
                    if state == "csi":
                        self._dispatch_csi(params, inter, ch, self._csi, self._private_csi)
                    return i + 1
                # other (non-ASCII) characters inside a CSI are ignored
            i += 1
            if i - pos > _HOLD_MAX:
                run_controls()
                if state in ("csi", "csi_ignore"):
                    self._skip = "csi"
                return i
        return -1
