"""Regions: the parts of one screen snapshot a rule looks at, computed once and shared.

Parses region names (`bottom:5`, `after_rule`, ...) and cuts them from the visible screen
(lines right-trimmed, no-break spaces read as spaces). Every cut is linear in the screen.
It does not match anything: that is :mod:`.engine`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .model import MAX_REGION_N, ManifestError, Region, Snapshot

# Box-drawing characters that make up a horizontal rule (solid lines only: dashed ones,
# ╌ ┄ ┈, separate parts inside a dialog), and the ones that may end or cross one (corners,
# tees) without spoiling it.
RULE_CHARS = frozenset("─━═")
RULE_EDGE_CHARS = frozenset("╭╮╰╯┌┐└┘├┤┬┴┼╞╡╪╔╗╚╝╠╣╒╕╘╛")
MIN_RULE_LEN = 8

_RULE_RUN_RE = re.compile(f"[{''.join(sorted(RULE_CHARS))}]{{{MIN_RULE_LEN}}}")
_RULE_ROW_RE = re.compile(f"^[^\n]*[{''.join(sorted(RULE_CHARS))}]{{{MIN_RULE_LEN}}}", re.M)
_NOT_OTHER = str.maketrans(dict.fromkeys([*RULE_CHARS, *RULE_EDGE_CHARS, " ", "\t"]))


@dataclass(slots=True)
class Text:
    """A region: its lines and the lines joined with newlines (lower-cased on demand)."""

    lines: tuple[str, ...]
    text: str
    _lower: str | None = None
    _raw: bytes | None = None
    line_mask: int | None = None  # the line patterns its lines match (rules.lines)
    rows: Sequence[int] | None = None  # the screen row of each line (None: not a screen's)
    # the answers of the patterns tried on it so far (rules.engine.match): a pattern that
    # several rules share is matched once
    hits: dict[Any, bool] | None = None

    @property
    def lower(self) -> str:
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    @property
    def raw(self) -> bytes:
        """The text as UTF-8 (what the matcher reads), encoded on first use."""
        if self._raw is None:
            self._raw = self.text.encode("utf-8")
        return self._raw


EMPTY = Text((), "")


def is_rule_line(line: str) -> bool:
    """A horizontal rule: at least 8 solid rule characters in a row, and rule characters
    at least three times as many as anything else but corners, tees and blanks."""
    if _RULE_RUN_RE.search(line) is None:  # most lines: one C-level search
        return False
    rule = line.count("─") + line.count("━") + line.count("═")
    other = len(line.translate(_NOT_OTHER))
    return rule >= 3 * other


def normalize_line(line: str) -> str:
    """A screen line as the regions hold it: no-break spaces read as spaces, right-trimmed."""
    if "\xa0" in line:
        line = line.replace("\xa0", " ")
    return line.rstrip()


def _encodable(text: str) -> bool:
    """Can the matcher take it? (RE2 reads UTF-8: a lone surrogate cannot be encoded.)"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _clean(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8")


def _text(lines: Sequence[str], rows: Sequence[int] | None = None) -> Text:
    if not lines:
        return EMPTY
    t = tuple(lines)
    return Text(t, "\n".join(t), rows=rows)


#: what a row holding nothing else is empty with for the `content` region: blanks and a
#: panel's side edges (a panel that holds a transcript leaves its empty rows under what
#: it shows)
_PANEL_BLANK = " \t│┃║"


def _last_non_empty(lines: Sequence[str], n: int, blank: str | None = None) -> list[int]:
    """The rows of the last `n` non-empty lines, top to bottom (a row of nothing but
    `blank`'s characters empty; default: whitespace)."""
    out: list[int] = []
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip(blank):
            out.append(i)
            if len(out) >= n:
                break
    out.reverse()
    return out


def _width(ch: str) -> int:
    """Cells one character takes: wide East Asian characters two; marks, format characters
    (bidi marks, zero-width spaces) and controls, which a screen keeps with the cell before
    them, none."""
    if " " <= ch < "\x7f":
        return 1
    if unicodedata.category(ch) in ("Mn", "Me", "Cf", "Cc"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """Cells a row's text takes on a screen (wide characters two, marks none)."""
    return sum(_width(ch) for ch in text)


def left_of(text: str, col: int) -> str:
    """What a row shows left of column `col`, blanks up to it included."""
    out: list[str] = []
    cells = 0
    for ch in text:
        w = _width(ch)
        if cells + w > col:
            return "".join(out)
        out.append(ch)
        cells += w
    return "".join(out) + " " * (col - cells)


def _rows_text(lines: Sequence[str], rows: list[int]) -> Text:
    return _text([lines[i] for i in rows], rows)


class Screen:
    """The regions of one snapshot, computed on first use and cached."""

    __slots__ = ("_cache", "_rules", "background", "cursor_col", "cursor_row", "height", "lines",
                 "progress", "raw_row", "title", "typed")

    def __init__(self, snap: Snapshot) -> None:
        raw = snap.lines
        joined = "".join(raw)
        if not _encodable(joined):
            raw = [_clean(x) for x in raw]
            joined = "".join(raw)
        # the usual case (no no-break space) without a Python call per line
        lines = ([normalize_line(x) for x in raw] if "\xa0" in joined
                 else list(map(str.rstrip, raw)))
        while lines and not lines[-1]:
            lines.pop()
        self.lines = lines
        self.title = snap.title if not snap.title or _encodable(snap.title) else _clean(
            snap.title)
        self.progress = (snap.progress if not snap.progress or _encodable(snap.progress)
                         else _clean(snap.progress))
        self.cursor_row = snap.cursor[0] if snap.cursor else None
        self.cursor_col = snap.cursor[1] if snap.cursor else None
        # the cursor's row as the screen model gave it (the `input` region cuts it)
        self.raw_row = (raw[self.cursor_row] if snap.cursor and 0 <= self.cursor_row < len(raw)
                        else "")
        self.height = len(raw)  # the screen's rows, blank ones at the bottom included
        self.typed = snap.typed
        self.background = snap.background
        self._cache: dict[Region, Text] = {}
        self._rules: list[int] | None = None

    def rule_rows(self) -> list[int]:
        if self._rules is None:
            lines = self.lines
            joined = "\n".join(lines)
            # one search of the screen finds the rows that may be rules (most have none)
            rows: list[int] = []
            row, at = 0, 0
            for m in _RULE_ROW_RE.finditer(joined):
                row += joined.count("\n", at, m.start())
                at = m.start()
                if is_rule_line(lines[row]):
                    rows.append(row)
            self._rules = rows
        return self._rules

    def region(self, reg: Region) -> Text:
        got = self._cache.get(reg)
        if got is None:
            got = self._compute(reg)
            self._cache[reg] = got
        return got

    def _compute(self, reg: Region) -> Text:
        k = reg.kind
        if k == "title":
            return _text([normalize_line(self.title)] if self.title else [])
        if k == "progress":
            return _text([self.progress.strip()] if self.progress else [])
        lines = self.lines
        if k == "screen":
            return _text(lines, range(len(lines)))
        if k == "bottom":
            return _rows_text(lines, _last_non_empty(lines, reg.n))
        if k == "content":  # `bottom:N`, a row of a panel's side edges only empty
            return _rows_text(lines, _last_non_empty(lines, reg.n, _PANEL_BLANK))
        if k == "top":
            return _rows_text(lines, [i for i, x in enumerate(lines) if x.strip()][: reg.n])
        if k == "cursor":
            # unknown cursor: it is taken to be on the last non-empty line
            row = len(lines) - 1 if self.cursor_row is None else self.cursor_row
            top = max(0, row + 1 - reg.n)
            got = lines[top: row + 1]
            if not got:
                return EMPTY  # every row of it is below the last non-empty line
            # The cursor may sit on blank rows below the last non-empty line (trimmed
            # off `lines`): they are the region's last rows all the same, so the line
            # above a blank cursor row never passes for the cursor's row.
            return _text(got + [""] * (row + 1 - top - len(got)), range(top, row + 1))
        if k == "input":
            return self._input(reg.n)
        if k == "last":
            # `input:N`, but only while nothing is drawn below the cursor's row (no
            # composer's footer or status bar under a prompt)
            row = self.cursor_row
            if row is not None and any(x.strip() for x in lines[row + 1:]):
                return EMPTY
            return self._input(reg.n)
        if k == "alone":
            # `input:N` with what the user typed kept (the row left of the cursor as
            # drawn), but only while the row under the cursor's is blank and at most one
            # row is drawn below it (a toolbar at the screen's bottom, apart from the
            # prompt: not a composer's footer rows right under it)
            row = self.cursor_row
            if row is not None:
                below = [x for x in lines[row + 1:] if x.strip()]
                if len(below) > 1 or (row + 1 < len(lines) and lines[row + 1].strip()):
                    return EMPTY
            return self._input(reg.n, typed=False)
        rows = self.rule_rows()
        if k == "after_rule":  # after the last rule, or the n-th from the bottom
            n = reg.n or 1
            return _text(lines[rows[-n] + 1:], range(rows[-n] + 1, len(lines))) \
                if len(rows) >= n else EMPTY
        if k == "prompt_box":
            return _text(lines[rows[-2] + 1: rows[-1]], range(rows[-2] + 1, rows[-1])) \
                if len(rows) >= 2 else EMPTY
        if k == "above_prompt":
            if len(rows) >= 2:
                lines = lines[: rows[-2]]
            elif rows:
                lines = lines[: rows[-1]]
            return _rows_text(lines, _last_non_empty(lines, reg.n))
        raise AssertionError(k)  # regions are validated at load time

    def _input(self, n: int, typed: bool = True) -> Text:
        """`input:N`: the cursor's row as the program drew it -- its text left of the
        cursor, the blanks before the cursor kept (an input prompt of spaces reads as
        those spaces), without the echo of what the user typed on the line and has not
        entered (at its end; kept with `typed` False) -- and the N-1 rows above;
        `cursor:N` with the cursor unknown."""
        row, col = self.cursor_row, self.cursor_col
        if row is None or col is None:
            return self.region(Region("cursor", n))
        lines = self.lines
        here = left_of(normalize_line(self.raw_row) if self.raw_row else "", col)
        echo = (self.typed or "").rstrip() if typed else ""
        if echo:
            here = _without_echo(here, echo)
        top = max(0, row + 1 - n)
        above = lines[top: row]
        return _text([*above, *[""] * (row - top - len(above)), here], range(top, row + 1))


#: the longest row whose end is searched for an echo still being drawn
MAX_ECHO_ROW = 512


def _without_echo(here: str, echo: str) -> str:
    """`here` without the echo of `echo` (what the user typed) at its end: all of it, or
    the first part of it where the program has drawn only that much yet (a paste into a
    composer drawn a few keys behind: "... Do you want to proceed? y" of "... proceed?
    y. Yes n. No"), at least two characters of it."""
    row = here.rstrip()
    if row.endswith(echo):
        return row[: -len(echo)]
    if len(row) > MAX_ECHO_ROW:
        return here
    start = max(0, len(row) - len(echo))
    while True:
        at = row.find(echo[0], start)
        if at < 0 or len(row) - at < 2:
            return here
        if echo.startswith(row[at:]):
            return row[:at]
        start = at + 1


_REGION_KINDS_N = frozenset({"bottom", "content", "top", "cursor", "input", "last", "alone",
                             "above_prompt", "after_rule"})
_REGION_KINDS = frozenset({"screen", "after_rule", "prompt_box", "title", "progress"})


def tname(v: object) -> str:
    return {str: "a string", bool: "a boolean", int: "an integer", float: "a number",
            list: "a list", dict: "a table"}.get(type(v), type(v).__name__)


def parse_region(spec: object) -> Region:
    if not isinstance(spec, str):
        raise ManifestError(f"region must be a string, not {tname(spec)}")
    if spec in _REGION_KINDS:
        return Region(spec)
    kind, colon, n = spec.partition(":")
    if colon and kind in _REGION_KINDS_N:
        if n.isdigit() and 1 <= int(n) <= MAX_REGION_N:
            return Region(kind, int(n))
        raise ManifestError(f"region {spec!r}: the line count must be 1..{MAX_REGION_N}")
    known = ("screen, bottom:N, content:N, top:N, cursor:N, input:N, last:N, alone:N, after_rule, "
             "after_rule:N, "
             "prompt_box, above_prompt:N, title, progress")
    raise ManifestError(f"unknown region {spec!r} (known: {known})")
