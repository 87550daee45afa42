"""The pyte backend's screen: :class:`FixedScreen`, pyte 0.8.2 with the fixes a live TUI needs.

pyte is used as a library, not modified: :class:`FixedScreen` subclasses ``pyte.Screen``
(cells, cursor, margins, tab stops, SGR). Each fix is a test in tests/unit/test_screen.py:

- alternate screen (DEC modes 47, 1047, 1049) with the main screen kept and restored;
  1049 also saves and restores the cursor; one DECSC slot per screen, like xterm;
- ``draw()`` never drops text: zero-width characters (VS16, ZWJ, ZWSP, combining marks)
  attach to the previous cell, as Ghostty keeps them (at most _CELL_MAX code points a
  cell, so a flood of marks costs linear time): not to a blank one, and VS15 / VS16 only
  to a character with a text and an emoji presentation (:mod:`.emoji_vs`); a wide
  character with one column left wraps first, like
  xterm; writing over half of a wide character blanks the other half;
- SU / SD, REP, HPA, CHT / CBT, SCOSC / SCORC, DECSTR, SO / SI with a designated G1 set;
- pending wrap (cursor just past the last column) is cleared by cursor motion and edits;
  LF, RI, CUU and CUD outside the scroll region behave like xterm; IL / DL clear lines
  correctly; ``CSI 3 J`` leaves the screen alone (it erases scrollback only);
- resize keeps the content at the bottom: blank rows under the cursor go first, then rows
  scroll off the top into a short history that a later grow pulls back (as Ghostty does).
  Narrowing clips rows (Ghostty reflows them; a TUI redraws after SIGWINCH anyway).

Not done here: reading bytes (the tokenizer, :mod:`.pyte_screen`, calls these methods),
colours and attributes for anyone's use (pyte tracks them, nothing reads them),
scrollback, answers to queries.
"""

from __future__ import annotations

import copy
import unicodedata
from collections import deque
from typing import Any, NamedTuple

import pyte
from pyte import charsets as cs
from pyte import modes as mo
from pyte.screens import Char, Cursor, Margins, StaticDefaultDict
from wcwidth import wcwidth

from .emoji_vs import selects_presentation

__all__ = ["FixedScreen", "char_width"]

_DECAWM = mo.DECAWM
_DECOM = mo.DECOM
_IRM = mo.IRM
_LAT1 = cs.LAT1_MAP
_ALT_MODES = frozenset((47, 1047, 1049))
_HISTORY_MAX = 200  # rows kept for a later grow (resize) to pull back
_REP_MAX = 65535
_CELL_MAX = 32  # code points one cell keeps (a base and its marks); more are dropped

_WIDTHS: dict[str, int] = {}
_SELECTORS = "\ufe0e\ufe0f"  # VS15 (text presentation), VS16 (emoji presentation)


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
        if cell is None or cell.data == " " or len(cell.data) >= _CELL_MAX:
            return  # nothing to join on a blank cell (Ghostty drops it too), or a full cell
        if ch in _SELECTORS and not selects_presentation(cell.data):
            return  # a presentation selector after a character without two presentations
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
