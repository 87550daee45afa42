"""The pyte backend: :class:`PyteScreen`, a regex tokenizer feeding :class:`FixedScreen`.

pyte's own per-character parser is replaced: one regex takes a run of text, a CSI, an ESC
sequence, a string (OSC, DCS, APC, PM, SOS) or a control; the group that matched picks
the handler from a dispatch table, and CSI, ESC and control bytes map to screen methods
through tables (``_CSI``, ``_ESC``, ``_CONTROLS``). What the screen does with them is
:mod:`.pyte_fixes`.

Chunk safety: bytes are decoded with an incremental UTF-8 decoder; an incomplete trailing
escape sequence is kept (at most ``_PARTIAL_MAX`` characters) for the next ``feed()``; an
unterminated string is skipped up to its terminator in later feeds without being stored.
Malformed sequences never raise and never lose the rest of the chunk: each dispatch is
guarded, a sequence with the wrong number of parameters is ignored. C0 controls inside a
sequence are executed, as VT parsers do.

Not done here: OSC events (titles, notifications, marks; the passthrough tracker reads
them), answers to queries (the real terminal answers the child; the model never does).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from .pyte_fixes import FixedScreen

__all__ = ["PyteScreen"]

_PARTIAL_MAX = 4096  # characters of an incomplete CSI / ESC kept across feeds

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
#: SO and SI: which designated set (G0 or G1) is drawn with
#: ESC ( and ESC ) designate G0 and G1
_CHARSET_SLOTS = ("(", ")")
_SHIFTS: dict[str, int] = {"\x0e": 1, "\x0f": 0}


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
        self._partial = ""
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
        self._by_kind: dict[int | None, Callable[[re.Match[str], str, int], int]] = {
            4: self._on_csi, 6: self._on_esc_intermediate, 7: self._on_esc,
            8: self._on_control, None: self._on_string,
        }

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

    def background(self, row: int, col: int) -> object:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        line = self._screen.buffer.get(row)
        cell = line[col] if line is not None else self._screen.default_char
        return ("inverse", cell.fg) if cell.reverse else cell.bg

    def feed(self, data: bytes) -> None:
        if not data:
            return
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        screen = self._screen
        before = (screen.cursor.x, screen.cursor.y, screen.in_alt_screen)
        try:
            text = self._decoder.decode(bytes(data))
            if self._partial:
                text = self._partial + text
                self._partial = ""
            if self._skip is not None:
                text = self._skip_string(text)
            if text:
                self._consume(text)
        except Exception:
            # Should not happen (each dispatch is guarded); resync to the ground state.
            self.errors += 1
            self._partial = ""
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
        self._partial = ""
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
        """Tokenize ``s`` and dispatch each token by its kind (the regex group that
        matched: ``m.lastindex``) through :attr:`_by_kind`; text is drawn inline."""
        match = _TOKEN.match
        draw = self._screen.draw
        by_kind = self._by_kind
        pos = 0
        n = len(s)
        while pos < n:
            m = match(s, pos)
            if m is None:  # cannot happen: the last alternative takes any control
                pos += 1
                continue
            end = m.end()
            try:
                kind = m.lastindex
                if kind == 1:
                    draw(m.group(1))
                else:
                    end = by_kind[kind](m, s, pos)
                    if end < 0:  # an incomplete sequence: kept for the next feed
                        self._partial = s[pos:]
                        return
            except Exception:
                self.errors += 1
            pos = end

    # One handler per token kind: (match, text, position) -> where to continue (-1: keep the rest).

    def _on_csi(self, m: re.Match[str], s: str, pos: int) -> int:
        self._dispatch_csi(m.group(2), m.group(3), m.group(4), self._csi, self._private_csi)
        return m.end()

    def _on_esc_intermediate(self, m: re.Match[str], s: str, pos: int) -> int:
        self._dispatch_esc_intermediate(m.group(5), m.group(6))
        return m.end()

    def _on_esc(self, m: re.Match[str], s: str, pos: int) -> int:
        ch = m.group(7)
        handler = self._esc.get(ch)
        if handler is not None:
            if ch not in "78":
                self._screen.clear_pending_wrap()
            handler()
        return m.end()

    def _on_control(self, m: re.Match[str], s: str, pos: int) -> int:
        ch = m.group(8)
        if ch == "\x1b":  # a lone or malformed ESC: the slow path decides
            return self._slow_escape(s, pos)
        handler = self._controls.get(ch)
        if handler is not None:
            if ch != "\t":
                self._screen.clear_pending_wrap()
            handler()
        elif ch in _SHIFTS:
            self._screen.charset = _SHIFTS[ch]
        return m.end()

    def _on_string(self, m: re.Match[str], s: str, pos: int) -> int:
        """A complete OSC / DCS / APC / PM / SOS string: ignored, except that a semantic
        prompt start is a "fresh line" (per the OSC 133 spec, as Ghostty)."""
        screen = self._screen
        if screen.cursor.x and s.startswith("\x1b]133;", pos) and s[pos + 6 : pos + 7] in ("A", "N"):
            screen.next_line()
        return m.end()

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
        if inter in _CHARSET_SLOTS:
            self._screen.define_charset(final, inter)
        elif inter == "#" and final == "8":
            self._screen.alignment_display()

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
                    if m is None and not controls and n - pos <= _PARTIAL_MAX:
                        return -1  # short and unterminated: keep it, it may matter (OSC 133)
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
            if i - pos > _PARTIAL_MAX:
                run_controls()
                if state in ("csi", "csi_ignore"):
                    self._skip = "csi"
                return i
        return -1
