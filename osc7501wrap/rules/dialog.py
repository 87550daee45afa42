"""A blocked screen's dialog as data: its question, its options, its id, and the keys
that choose an option.

A manifest's ``[dialog]`` table (rules/README.md, "Dialogs") says how its agent's options
are read off the screen (`[[dialog.options]]` readers: one option per line, several on one
line, or a fixed yes/no), its question when the rule's message is not it
(`[[dialog.question]]`), what it is about when its question does not say
(`[[dialog.subject]]`: the command a "Run shell command?" runs), and how one is chosen
(``choose``: its number, the key it shows, that key and Enter, or the arrows from the
selected option and Enter). :func:`read_dialog` applies them to a blocked rule's region;
:func:`keys_for` says what to type.

The id is a hash of the normalized question (with its subject) and options (labels and
keys; not which one is selected, not the screen's width or colours): the same dialog
redrawn, resized or re-coloured keeps it, another question, another command or other
options change it.

Labels and the question are screen text, cleaned here to one bounded line; they never
choose a key by themselves: a dialog without readable options has no options, and
:func:`keys_for` then gives nothing to type.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..digest import sha256
from ..protocol.sanitize import UNSAFE_RE
from .model import ManifestError, Pattern, Region, shown
from .regions import is_rule_line, parse_region

#: How an option is chosen (see :func:`keys_for`).
CHOOSE = ("number", "key", "key_enter", "arrows", "arrows_lr")
MAX_LABEL = 2000  # characters of one option's label kept (and hashed); shown shorter
MAX_QUESTION = 240  # characters of the question as shown (the id covers all of it)
MAX_OPTIONS = 12
MAX_READERS = 64  # readers of one group ([[dialog.options]], ...) in a manifest
MAX_FOUND = 4000  # characters of a question or one-line subject a finder reads
MAX_SUBJECT_ROWS = 400  # rows of a subject block; more: the dialog is partial
MAX_SUBJECT_CHARS = 20000
#: how the rows of a subject are joined in a one-line question ("a ⏎ b")
ROW_MARK = " ⏎ "
_READER_KEYS = frozenset({"rules", "line", "inline", "on", "cut", "fixed", "choose", "stop",
                          "key", "drop", "default", "highlight", "region", "below"})
_FINDER_KEYS = frozenset({"rules", "region", "line", "stop", "after", "until", "more",
                          "required", "head", "up", "cut_at", "scrolls"})
#: a box's side borders (box drawing; half blocks; Textual's tall and wide frames, "▊ ... ▎";
#: a transcript's bar down its left side, "█", every row of a block behind it)
_BOX_CHARS = frozenset("│┃║|▌▐▊▎█")
#: the first option row, which ends a block's tail; and the pointers a selection draws
# an option's row: numbered "1." "1)" "[1]" "(1)", a pointer or a checkbox before it
_OPTION_ROW = re.compile(
    r"^\s*(?:[❯›>●○◉▶▸→]\s*)?(?:\[[ xX✓✔]\]\s*)?(?:\d{1,2}[.)]|\[\d{1,2}\]|\(\d{1,2}\))\s")
_POINTERS = re.compile("[❯›>●○◉▶▸→]")
MAX_TAIL = 12  # rows between a block and the options that are part of the id
_BOX_LEAD = re.compile(r"^(\s*)([│┃║|])")
#: a box's top and bottom edges (a line-mode program's output box: the paragraph above a
#: question that is a box is the whole box, its blank rows in it); a top edge may hold
#: its title ("╭─ Approval required ────╮")
_BOX_TOP_EDGE = re.compile(r"^\s*[╭┌][─━](?:[─━]{2}|[^\n]*[─━]{3}[╮┐]\s*$)")
#: (eight rule characters, then anything: ``{8,}`` before ``[^\n]*`` would backtrack over
#: every split of a long edge with no corner, quadratic in the row's width)
_BOX_BOTTOM_EDGE = re.compile(r"^\s*[╰└][─━]{8}[^\n]*[╯┘]\s*$")
_TAIL_CHARS = "│┃║|"
_SPACES = re.compile(r"\s+")
_KEYS = {"esc": "\x1b", "enter": "\r", "tab": "\t", "shift+tab": "\x1b[Z"}
_UP, _DOWN, _LEFT, _RIGHT = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"


def clean(text: str, limit: int) -> str:
    """One line of at most `limit` characters: controls and invisible characters gone,
    blanks collapsed, "…" at a cut."""
    text = _SPACES.sub(" ", UNSAFE_RE.sub(" ", text)).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass(frozen=True, slots=True)
class Option:
    number: int  # 1-based, in screen order
    label: str
    selected: bool
    key: str | None = None  # the key the agent shows for it: "y", "esc"

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "label": self.label, "selected": self.selected,
                "key": self.key}


@dataclass(frozen=True, slots=True)
class Dialog:
    id: str
    question: str  # one line, as shown (at most MAX_QUESTION characters)
    options: tuple[Option, ...] = ()
    choose: str | None = None  # how an option is chosen; None: no options read
    #: what the dialog is about, row by row as the agent shows it (the command it would
    #: run, the file it would write), without box borders and the block's indentation
    subject: tuple[str, ...] = ()
    #: part of it is not on screen (cut off by its box, scrolled away, too long to
    #: read): the screen cannot say what an answer would approve
    partial: bool = False
    #: an answer typed on the prompt's line but not entered yet ("Continue? [y/N] y"):
    #: not part of the dialog; erased before an answer is typed
    typed: str = ""

    def as_dict(self) -> dict[str, Any]:
        """``{id, question, subject: [rows], partial, options: [{number, label,
        selected, key}]}`` (ls, events)."""
        return {"id": self.id, "question": self.question, "subject": list(self.subject),
                "partial": self.partial, "options": [o.as_dict() for o in self.options]}


@dataclass(frozen=True, slots=True)
class Reader:
    """One ``[[dialog.options]]`` entry."""

    rules: tuple[str, ...] = ()  # the blocked rules it reads (empty: every one)
    line: Pattern | None = None  # one option a line: groups label, num, sel, key
    inline: Pattern | None = None  # several on one line (the last line `on` matches)
    on: Pattern | None = None  # a line that must be there (inline: the line read)
    cut: Pattern | None = None  # inline: the line is read up to this
    fixed: tuple[tuple[str, str | None], ...] = ()  # (label, key) options
    choose: str = "number"
    stop: Pattern | None = None  # a line that ends the options
    key: Pattern | None = None  # the shown key in a label (group key): taken out of it
    drop: Pattern | None = None  # taken out of every label
    default: Pattern | None = None  # group default: the label of the selected option
    #: inline, numbered line: the selected option is the one coloured otherwise
    highlight: bool = False
    region: Region | None = None  # where the options are read (None: the rule's region)
    #: line: the options are read below the last row it matches (the question), none
    #: without such a row (the rows above it are the conversation); inline: after its
    #: last match on the line read (the bracket of "Execute? [y/n/a]"), none without one
    below: Pattern | None = None


@dataclass(frozen=True, slots=True)
class Finder:
    """One ``[[dialog.question]]`` or ``[[dialog.subject]]`` entry: a dialog's question
    when the rule's message is not it, or what a dialog is about when its question does
    not say (the command of "Allow execution of [Shell]?").

    A subject with `after` or `until` is a block of rows: it starts on the row after the
    first row `after` matches (else on the last row `line` matches, its group the first
    row's text) and ends before the next row `until` matches (else at a blank row, or
    the region's end). A block that runs into the region's end before its `until`, that
    holds a row `more` matches ("… +12 lines"), or that is missing or empty while
    `required` says it must be there, leaves the dialog partial. With `head`, the rows above the `after`
    row (a tool's name, a file's), from the region's top or from the last row `head`
    matches, are part of the dialog's id."""

    line: Pattern | None  # group question / subject; the last line it matches (before `stop`)
    group: str  # "question" or "subject"
    rules: tuple[str, ...] = ()  # the blocked rules it is for (empty: every one)
    region: Region | None = None  # where it is read (None: the blocked rule's region)
    stop: Pattern | None = None  # a line that ends the search
    after: Pattern | None = None  # block: the row before it
    until: Pattern | None = None  # block: the row after it
    more: Pattern | None = None  # block: a row that says part of it is hidden
    required: bool = False  # block: without it the dialog is partial
    #: block after `after`: the rows above it, from the region's top (True) or from the
    #: last row this pattern matches, are in the id (not shown)
    head: Pattern | bool = False
    #: block read upward: it ends before the last row `until` matches (the prompt at the
    #: cursor, not one answered above it) and starts after the last row `after` matches
    #: above that (the lines a prompt printed above itself)
    up: bool = False
    #: block: the agent shows at most this many rows of it and says nothing when it cuts
    #: the rest: a block this long may be cut (partial)
    cut_at: int | None = None
    #: block read upward in a line-mode program's output: one that reaches the screen's
    #: top is partial only when the screen is full (its region ends on the screen's last
    #: row, where the output scrolls: rows may have scrolled away above); printed from the
    #: top of a screen that never filled, nothing of it was cut
    scrolls: bool = False

    @property
    def block(self) -> bool:
        return self.after is not None or self.until is not None


@dataclass(frozen=True, slots=True)
class DialogSpec:
    readers: tuple[Reader, ...] = ()
    subjects: tuple[Finder, ...] = ()
    questions: tuple[Finder, ...] = ()
    #: the blocked rules whose dialogs must show what they ask about: one whose subject no
    #: finder reads (no block, no line) and whose question is words only ("Do you want to
    #: proceed?", "Run this command?": not "Run rm -rf build?") is partial
    subject_required: frozenset[str] = frozenset()

    def other_regions(self, rule_id: str, own: Region) -> bool:
        """Whether the dialog of `rule_id` reads a region other than the rule's own (a
        dialog cached while that region stays must then be read again)."""
        return any(f.region is not None and f.region != own
                   for f in (_for_rule(self.questions, rule_id),
                             _for_rule(self.subjects, rule_id)) if f is not None) or any(
            r.region is not None and r.region != own
            for r in self.readers if not r.rules or rule_id in r.rules)


#: in a question, what names a command or a file: a flag, a path, a file's name, a
#: backquote, an operator ("Run rm -rf build?", "Write notes.txt?", "Allow bash?
#: {'command': 'ls'}"); not a tool's name in brackets or quotes ("Allow execution of
#: [Shell]?", "Allow execution of: 'rm'?": the command is elsewhere)
_NAMES_SOMETHING = re.compile(r"(?:^|\s)--?\w|/\w|\w\.\w|[=$`{}<>@~\\|*&;]")


def _for_rule(finders: tuple[Finder, ...], rule_id: str | None) -> Finder | None:
    """The first finder for that rule."""
    return next((f for f in finders if not f.rules or rule_id in f.rules), None)


def _norm_text(s: str | None) -> str:
    """Lower case, without blanks: a label or question wrapped anywhere, a word cut at
    the edge of a narrower window, joins to the same text."""
    return _SPACES.sub("", (s or "").lower())


def dialog_id(question: str, options: Sequence[Option], subject: Sequence[str] = (),
              context: Sequence[str] = ()) -> str:
    """10 hex digits from the whole question, every row of the subject and every
    option (label and key; not the selection). The question and the labels are
    normalized (:func:`_norm_text`); the subject's rows are kept as they are but for
    runs of blanks (one blank) and their case: two commands that differ in any
    character but blanks' length differ. `context`: other rows of the dialog, not shown
    (normalized as the question). Nothing is cut before it is hashed."""
    parts = [_norm_text(question)]
    parts += [" ".join(row.split()) for row in subject]
    parts += [_norm_text(row) for row in context]
    parts.append("\x1d")
    parts += [f"{_norm_text(o.label)}\x1f{_norm_text(o.key)}" for o in options]
    return sha256("\x1e".join(parts).encode("utf-8", "replace")).hexdigest()[:10]


def _with_subject(question: str, subject: Sequence[str]) -> str:
    """The one-line question naming the whole subject: its rows joined with ROW_MARK,
    after the question (which may hold the first row already: "Bash: ls -la")."""
    if not subject:
        return question
    rows = list(subject)
    if question and _norm_text(rows[0]) and _norm_text(rows[0]) in _norm_text(question):
        rows = rows[1:]
        return question + (ROW_MARK + ROW_MARK.join(rows) if rows else "")
    return f"{question} {ROW_MARK.join(rows)}" if question else ROW_MARK.join(rows)


def make_dialog(question: str | None, options: Sequence[Option] = (),
                choose: str | None = None, subject: Sequence[str] = (),
                partial: bool = False, typed: str = "", context: Sequence[str] = ()) -> Dialog:
    """A dialog from what was read: the id from all of it, the question shown cut."""
    full = _with_subject(UNSAFE_RE.sub(" ", question or "").strip(), subject)
    rows = tuple(subject)
    did = dialog_id(full, options, rows, context)
    opts = tuple(o if len(o.label) <= MAX_LABEL else
                 Option(o.number, clean(o.label, MAX_LABEL), o.selected, o.key)
                 for o in options)
    return Dialog(did, clean(full, MAX_QUESTION), opts, choose if opts else None, rows,
                  partial, typed)


# ---------------------------------------------------------------------------- reading

def _unbox(line: str) -> str:
    """A line with the box borders around it blanked (columns kept)."""
    for _ in range(2):
        m = _BOX_LEAD.match(line)
        if m is None:
            break
        line = m.group(1) + " " + line[m.end():]
    for _ in range(2):
        line = _untail(line)
    return line.rstrip()


def _untail(line: str) -> str:
    r"""`line` without a box border at its end and the blanks around it (the regex
    ``\s*[│┃║|]\s*$``, but in time linear in a long row of blanks before the border)."""
    s = line.rstrip()
    if s and s[-1] in _TAIL_CHARS:
        return s[:-1].rstrip()
    return line


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _finish(reader: Reader, raw: list[tuple[str, bool, str | None]]) -> list[Option]:
    """The options read, their labels cleaned and their keys in lower case, but for keys
    that differ only by case ("j" and "J" of one list: two keys)."""
    out: list[Option] = []
    shown: list[str | None] = []
    for label, sel, key in raw[:MAX_OPTIONS]:
        if reader.drop is not None:
            label = _sub(reader.drop, label)
        if key is None and reader.key is not None:
            m = reader.key.search(label)
            if m is not None and "key" in reader.key.groupindex and m.group("key"):
                key = m.group("key")
                label = label[: m.start()] + label[m.end():]
        label = clean(label, MAX_SUBJECT_CHARS)  # cut to MAX_LABEL once hashed
        if not label:
            continue
        key = clean(key, 16) if key else None
        shown.append(key or None)
        out.append(Option(len(out) + 1, label, sel, key.lower() if key else None))
    variants: dict[str, set[str]] = {}
    for k in shown:
        if k:
            variants.setdefault(k.lower(), set()).add(k)
    cased = {low for low, ks in variants.items() if len(ks) > 1}
    if cased:  # keys told apart by case only: each is typed as shown
        out = [Option(o.number, o.label, o.selected, k if o.key in cased else o.key)
               for o, k in zip(out, shown, strict=True)]
    return out


def _sub(p: Pattern, text: str) -> str:
    parts, pos = [], 0
    while pos <= len(text):
        m = p.search(text, pos)
        if m is None or m.end() == m.start():
            break
        parts.append(text[pos:m.start()])
        pos = m.end()
    parts.append(text[pos:])
    return "".join(parts)


def _group(m: Any, p: Pattern, name: str) -> str | None:
    return m.group(name) if name in p.groupindex else None


def _start(m: Any, p: Pattern, name: str) -> int:
    return int(m.start(p.groupindex[name]))


def _read_lines(reader: Reader, lines: list[str],
                starts: list[tuple[int, int]] | None = None) -> list[tuple[str, bool, str | None]]:
    """Options one a line: the last block of consecutively numbered options (1, 2, ...),
    each with the lines under it indented at least to its number (a wrapped label); or,
    unnumbered, the lines next to the selected one whose label starts in its column (their
    keys kept for a reader whose keys choose: "› y. Yes", "  n. No"); or,
    for a reader whose keys choose, unnumbered and none selected, the one run of two or
    more adjacent lines that each show their key ("[y]es - Execute this time", "[n]o -
    Skip this time"; two such runs: none, the dialog's is not known).
    `starts` gets where each numbered option begins (its line's index, its number's
    index in the line)."""
    p = reader.line
    assert p is not None
    first = 0
    if reader.below is not None:
        above = [i for i, x in enumerate(lines) if reader.below.search(x)]
        if not above:
            return []
        first = above[-1] + 1
    found: list[tuple[int, Any]] = []
    for i, x in enumerate(lines):
        if i < first or (reader.stop is not None and reader.stop.search(x)):
            continue
        m = p.search(x)
        if m is not None and _group(m, p, "label"):
            found.append((i, m))
    if not found:
        return []
    numbered = any(_group(m, p, "num") for _, m in found)
    if not numbered:
        sel = [(i, m) for i, m in found if _group(m, p, "sel")]
        if not sel and reader.choose == "key" and all(_group(m, p, "key") for _, m in found):
            runs: list[list[tuple[int, Any]]] = []
            for i, m in found:
                if runs and runs[-1][-1][0] == i - 1:
                    runs[-1].append((i, m))
                else:
                    runs.append([(i, m)])
            runs = [r for r in runs if len(r) >= 2]
            if len(runs) != 1:  # none, or two lists on screen: which is the dialog's?
                return []
            return [(m.group("label"), False, _group(m, p, "key")) for _, m in runs[0]]
        if len(sel) != 1:
            return []
        at, sm = sel[0]
        col = _start(sm, p, "label")
        rows = {i: m for i, m in found if _start(m, p, "label") == col}
        first = last = at
        while first - 1 in rows:
            first -= 1
        while last + 1 in rows:
            last += 1
        # the keys shown are taken where the keys choose ("› y. Yes", "  n. No")
        keyed = reader.choose == "key"
        return [(rows[i].group("label"), i == at, _group(rows[i], p, "key") if keyed else None)
                for i in range(first, last + 1)]
    blocks: list[list[tuple[int, Any]]] = []
    for i, m in found:
        num = _group(m, p, "num")
        if not num:
            continue
        n = int(num)
        if n == 1 or not blocks or int(blocks[-1][-1][1].group("num")) != n - 1:
            blocks.append([])
        blocks[-1].append((i, m))
    good = [b for b in blocks if int(b[0][1].group("num")) == 1 and len(b) >= 2]
    if not good:
        return []
    with_sel = [b for b in good if any(_group(m, p, "sel") for _, m in b)]
    block = (with_sel or good)[-1]
    out: list[tuple[str, bool, str | None]] = []
    for k, (i, m) in enumerate(block):
        label = m.group("label")
        col = _start(m, p, "num")
        end = block[k + 1][0] if k + 1 < len(block) else len(lines)
        for x in lines[i + 1:end]:
            if not x.strip() or _indent(x) < col or (
                    reader.stop is not None and reader.stop.search(x)):
                break
            label += " " + x.strip()
        out.append((label, bool(_group(m, p, "sel")), _group(m, p, "key")))
        if starts is not None:
            starts.append((i, col))
    return out


def _read_inline(reader: Reader, lines: list[str],
                 spans: list[tuple[int, int]] | None = None) -> tuple[
                     list[tuple[str, bool, str | None]], int | None]:
    """The options on one line, and that line's index in `lines`; `spans` gets where
    each label is in it."""
    p = reader.inline
    assert p is not None
    row = at = None
    for i in range(len(lines) - 1, -1, -1):
        if reader.on is None or reader.on.search(lines[i]):
            row, at = lines[i], i
            break
    if row is None:
        return [], None
    if reader.cut is not None:
        m = reader.cut.search(row)
        if m is not None:
            row = row[: m.start()]
    pos = 0
    if reader.below is not None:  # the options follow its last match on the line
        m = reader.below.search(row)
        while m is not None and m.end() > pos:
            pos = m.end()
            m = reader.below.search(row, pos)
        if not pos:
            return [], at
    default = None
    if reader.default is not None:
        m = reader.default.search(row)
        if m is not None and "default" in reader.default.groupindex:
            default = clean(m.group("default") or "", MAX_LABEL).lower() or None
    out: list[tuple[str, bool, str | None]] = []
    while pos < len(row) and len(out) < MAX_OPTIONS:
        m = p.search(row, pos)
        if m is None or m.end() <= pos:
            break
        pos = m.end()
        label = _group(m, p, "label")
        if label:
            out.append((label, bool(_group(m, p, "sel")), _group(m, p, "key")))
            if spans is not None:
                spans.append((_start(m, p, "label"), m.end(p.groupindex["label"])))
    if default is not None:
        drop = reader.drop
        out = [(lab, clean(_sub(drop, lab) if drop else lab, MAX_LABEL).lower() == default, k)
               for lab, _, k in out]
    return out, at


def _columns(text: str, upto: int) -> list[int]:
    """The screen column of each of the first `upto` characters of a line (a wide
    character takes two, a combining one none)."""
    out: list[int] = []
    col = 0
    for ch in text[:upto]:
        out.append(col)
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        col += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return out


def _highlighted(line: str, row: int, spans: list[tuple[int, int]],
                 background: Callable[[int, int], object]) -> int | None:
    """Which label of `spans` on screen row `row` is drawn on a background unlike the
    one around the labels (the blanks between them, those next to a label only when no
    other is: a button's padding takes its colour): its index, or None unless exactly
    one is. Buttons that each have a background of their own (Kilo CLI's) count as a
    run of the same look: the one drawn unlike all the others is the selected one."""
    if len(spans) < 2:
        return None
    end = spans[-1][1]
    cols = _columns(line, end)
    inside = [False] * (end + 1)
    for a, b in spans:
        for i in range(a, b):
            inside[i] = True
    blanks = [i for i in range(spans[0][0], end) if not inside[i] and line[i] == " "]
    apart = [i for i in blanks if not inside[i - 1] and not inside[i + 1]]
    around = [background(row, cols[i]) for i in apart or blanks]
    if not around:
        return None
    base = max(set(around), key=around.count)
    looks = [background(row, cols[a]) for a, _ in spans]
    odd = [k for k, look in enumerate(looks) if look != base]
    if len(odd) == len(spans) > 2:  # every label on its own background
        odd = [k for k, look in enumerate(looks) if looks.count(look) == 1]
    return odd[0] if len(odd) == 1 else None


def _highlighted_row(lines: list[str], rows_at: Sequence[int], starts: list[tuple[int, int]],
                     background: Callable[[int, int], object]) -> int | None:
    """Which option of a list (`starts`: each option's line and its number's index) is
    drawn on a background unlike the screen's there (the blank before its number; the
    others' if it has none): a highlighted row. Its index, or None unless exactly one is."""
    if len(starts) < 2 or any(i >= len(rows_at) for i, _ in starts):
        return None
    cols = [_columns(lines[i], col + 1)[col] for i, col in starts]
    looks = [background(rows_at[i], c) for (i, _), c in zip(starts, cols, strict=True)]
    before = [background(rows_at[i], c - 1) for (i, _), c in zip(starts, cols, strict=True) if c > 0]
    pool = before or looks
    base = max(set(pool), key=pool.count)
    odd = [k for k, b in enumerate(looks) if b != base]
    return odd[0] if len(odd) == 1 else None


def _norm(text: str) -> str:
    return _SPACES.sub("", text.lower())


#: another region of the same screen: its lines and their screen rows
RegionFn = Callable[[Region], tuple[Sequence[str], Sequence[int] | None]]


@dataclass(frozen=True, slots=True)
class _Found:
    text: str | None = None  # a one-line finder's group
    rows: tuple[str, ...] = ()  # a block's rows
    head: tuple[str, ...] = ()  # the rows above a block's `after` row (Finder.head)
    partial: bool = False
    typed: str = ""  # a question finder's group `typed`


def _find(f: Finder | None, lines: Sequence[str], region: RegionFn | None,
          screen_rows: Sequence[int] | None = None, height: int | None = None) -> _Found:
    """What a finder reads in its region (else the rule's own `lines`, on `screen_rows`),
    before a `stop` line: its group in the last line it matches, or its block
    (:class:`Finder`)."""
    if f is None:
        return _Found()
    rows, at = ((lines, screen_rows) if f.region is None or region is None
                else region(f.region))
    if f.block:
        return _block(f, _with_gaps(rows, at), _fills(at, height))
    found = typed = None
    assert f.line is not None
    for x in map(_unbox, rows):
        if f.stop is not None and f.stop.search(x):
            break
        m = f.line.search(x)
        if m is None:
            continue
        if m.group(f.group) and m.group(f.group).strip():
            found = m.group(f.group)
            typed = _group(m, f.line, "typed")
        elif found and _group(m, f.line, "typed"):
            # an answer typed on a row of its own under the question (a prompt read on
            # the next row): the same dialog, the answer erased first
            typed = _group(m, f.line, "typed")
    if not found:
        return _Found()
    # a longer question is cut before it is hashed: not all of it is known (partial)
    return _Found(text=UNSAFE_RE.sub(" ", found[:MAX_FOUND]).strip(),
                  typed=(typed or "").strip(), partial=len(found) > MAX_FOUND)


def _fills(at: Sequence[int] | None, height: int | None) -> bool:
    """Whether a region on screen rows `at` runs from the screen's top row to its last
    (unknown: it may)."""
    return not at or height is None or (at[0] == 0 and at[-1] >= height - 1)


def _with_gaps(lines: Sequence[str], at: Sequence[int] | None) -> list[str]:
    """`lines` with an empty line for each screen row a region left out between two of
    them (`bottom:N` keeps non-empty lines only): a blank row ends a block."""
    if at is None or len(at) != len(lines):
        return list(lines)
    out: list[str] = []
    for i, x in enumerate(lines):
        if i and at[i] > at[i - 1] + 1:
            out += [""] * min(at[i] - at[i - 1] - 1, 2)
        out.append(x)
    return out


def _block(f: Finder, raw: Sequence[str], fills: bool = True) -> _Found:
    """A subject block (:class:`Finder`): its rows, without the box borders every row
    has in the same column and without their common indentation; the rows above it
    (`head`) and the paragraph after a boxed one, for the id; whether part of it is not
    on screen."""
    rows = [_unbox(x) for x in raw]
    n = len(rows)
    end = next((i for i in range(n) if f.stop is not None and f.stop.search(rows[i])), n)
    start = first = stop = body_end = None
    boxed = False  # the block is a box (its edges left out, its right border too)
    if f.up:  # from the last `until` up to the last `after` above it
        assert f.after is not None and f.until is not None
        stop = next((i for i in range(end - 1, -1, -1) if f.until.search(rows[i])), None)
        if stop is None:
            return _Found(partial=f.required)
        above = stop - 1
        while above >= 0 and not rows[above].strip():  # blank rows right above it
            above -= 1
        top = next((i for i in range(above, -1, -1) if f.after.search(rows[i])), None)
        box = above  # a box's bottom edge right above it, a rule between them or not
        # (not past a box's top edge: the question's own box, under which another box,
        # a composer drawn above the dialog, is none of it)
        while f.scrolls and box > 0 and (not rows[box].strip() or (
                is_rule_line(raw[box]) and not _BOX_BOTTOM_EDGE.match(raw[box])
                and not _BOX_TOP_EDGE.match(raw[box]))):
            box -= 1
        if f.scrolls and box > 0 and _BOX_BOTTOM_EDGE.match(raw[box]):
            # a box printed right above the question: the paragraph is the whole box,
            # its blank rows in it, its edges not
            edge = next((i for i in range(box - 1, -1, -1) if _BOX_TOP_EDGE.match(raw[i])
                         or _BOX_BOTTOM_EDGE.match(raw[i])), None)
            if edge is None or _BOX_TOP_EDGE.match(raw[edge]):  # none: past the top
                top, body_end, boxed = edge, box, True
        start = top + 1 if top is not None else 0
        # else it may go on above the region's top (not when it was printed from the top
        # of a screen that never filled: `scrolls`; a box's top is on screen or not)
        closed = top is not None or (f.scrolls and not fills and not boxed)
    else:
        if f.after is not None:
            start = next((i + 1 for i in range(end) if f.after.search(rows[i])), None)
        elif f.line is not None:
            for i in range(end):
                m = f.line.search(rows[i])
                if m is not None and (m.group("subject") or "").strip():
                    start, first = i, m
        if start is None:
            return _Found(partial=f.required)
        for i in range(start + (first is not None), end):
            if (f.until.search(rows[i]) if f.until is not None else not rows[i].strip()):
                stop = i
                break
        closed = stop is not None or (f.until is None and end < n)
    head: tuple[str, ...] = ()
    if f.head is not False and first is None and (closed or not f.up) and start > 0:
        top = 0
        if f.head is not True:
            top = next((i + 1 for i in range(start - 2, -1, -1) if f.head.search(rows[i])),
                       start - 1)
        head = tuple(UNSAFE_RE.sub(" ", x).strip() for x in rows[top: start - 1] if x.strip())
    if body_end is None:
        body_end = stop if stop is not None else end
    body = _trim(list(raw[start + (first is not None): body_end]))
    if boxed:  # a wide character before the right border moves it: every row's own
        body = [_untail(x) for x in body]
    body = _trim(_dedent(_strip_borders(body)))  # a box's blank rows at its ends too
    if first is not None:
        body.insert(0, first.group("subject").strip())
    body = [UNSAFE_RE.sub(" ", x).rstrip() for x in body]
    partial = (not closed or (f.more is not None and any(f.more.search(x) for x in body))
               or (f.cut_at is not None and len(body) >= f.cut_at)
               or (f.required and not body)  # found, but nothing in it: as missing
               or _left_open(body))
    if len(body) > MAX_SUBJECT_ROWS or sum(map(len, body)) > MAX_SUBJECT_CHARS:
        partial, kept, left = True, [], MAX_SUBJECT_CHARS  # too long to carry: not whole
        for x in body[:MAX_SUBJECT_ROWS]:
            if left <= 0:
                break
            kept.append(x[:left])
            left -= len(x)
        body = kept
    # a boxed block's next paragraph, up to the options (the question: "Do you want to
    # proceed?"), is the dialog's too; a pointer there is the selection, not the dialog
    tail: list[str] = []
    after_block = stop + 1 if stop is not None and f.after is not None else end
    # not past a `stop` row below the block (an input area: what is typed there is no
    # part of the dialog), also when the block closes right above it
    last = end if f.after is not None else n
    if f.scrolls:  # a line-mode program's: under its question is the input, no dialog's
        last = after_block
    for x in rows[after_block: min(last, after_block + MAX_TAIL)]:
        if _OPTION_ROW.match(x) or (tail and not x.strip()):
            break
        if x.strip():
            tail.append(_POINTERS.sub(" ", UNSAFE_RE.sub(" ", x)).strip())
    return _Found(rows=tuple(body), head=head + tuple(tail), partial=partial)


def _strip_borders(rows: list[str]) -> list[str]:
    """`rows` without the box borders that every one of them has in the same column, at
    its left (before anything else) or its right (after everything else): a command's
    own "|" in one row is text."""
    rows = [x.rstrip() for x in rows]
    for _ in range(3):
        live = [x for x in rows if x.strip()]
        if not live:
            return rows
        cols = {len(x) - len(x.lstrip()) for x in live}
        col = cols.pop() if len(cols) == 1 else None
        if col is None or live[0][col] not in _BOX_CHARS or any(
                x[col] != live[0][col] for x in live):
            break
        rows = [x[:col] + " " + x[col + 1:] if x.strip() else x for x in rows]
    for _ in range(3):
        live = [x for x in rows if x.strip()]
        if not live or len({len(x) for x in live}) != 1 or live[0][-1] not in _BOX_CHARS \
                or any(x[-1] != live[0][-1] for x in live):
            break
        rows = [x[:-1].rstrip() if x.strip() else x for x in rows]
    return rows


def _left_open(rows: Sequence[str]) -> bool:
    """Whether a structure printed in `rows` stops before its end: from the first row that
    opens an object or a list (a tool's arguments: "{", "[{", '{"command": ...'), a brace or
    a bracket is still open after the last row, or a string in double quotes is (a
    backslash escapes the next character). A program that cuts what it shows at a length
    of its own and says nothing ("...touch f31.txt\\ntouc" and no closing quote or brace)
    shows part of the command only. Rows before that one (a shell command's own "[ -f x ]",
    quotes of a line of prose) are not read."""
    start = next((i for i, x in enumerate(rows) if x.lstrip()[:1] in ("{", "[")
                  and x.lstrip()[1:2] in ("", "{", "[", '"', " ")), None)
    if start is None:
        return False
    depth, in_str, esc = 0, False, False
    for ch in "\n".join(rows[start:]):
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return in_str or depth > 0


def _trim(rows: list[str]) -> list[str]:
    """`rows` without the blank rows at both ends."""
    live = [i for i, x in enumerate(rows) if x.strip()]
    return rows[live[0]: live[-1] + 1] if live else []


def _dedent(rows: list[str]) -> list[str]:
    live = [x for x in rows if x.strip()]
    if not live:
        return []
    cut = min(len(x) - len(x.lstrip()) for x in live)
    return [x[cut:] for x in rows]


def read_dialog(spec: DialogSpec | None, rule_id: str | None, lines: Sequence[str],
                question: str | None, region: RegionFn | None = None, *,
                screen_rows: Sequence[int] | None = None,
                background: Callable[[int, int], object] | None = None,
                height: int | None = None) -> Dialog:
    """The dialog a blocked rule's region shows: the first reader for that rule that
    reads at least two options (a fixed list: when its `on` line is there), else a
    dialog with the question only. A question read replaces the rule's message; a
    one-line subject read follows it, unless the question holds it already; a block
    subject is the dialog's `subject`, row by row (`region` gives the lines and screen
    rows of another region of the same screen; `height`, the screen's rows).
    `screen_rows` (the screen row of each line) and `background` (how a cell's
    background looks) let a `highlight` reader see the selected option."""
    if spec is None:
        return make_dialog(question)
    q = _find(_for_rule(spec.questions, rule_id), lines, region, screen_rows)
    question = q.text or question
    s = _Found()
    for sf in spec.subjects:  # the first that reads something (a block, a line) wins
        if not sf.rules or rule_id in sf.rules:
            got = _find(sf, lines, region, screen_rows, height)
            if got.text or got.rows:
                s = got
                break
            s = _Found(partial=s.partial or got.partial)  # a required block is missing
    if (rule_id in spec.subject_required and not (s.text or s.rows)
            and not _NAMES_SOMETHING.search(question or "")):
        s = _Found(partial=True)  # what an answer would approve is not known
    if s.text and _norm(s.text) not in _norm(question or ""):
        question = f"{question} {s.text}" if question else s.text
    about = {"subject": s.rows, "partial": s.partial or q.partial, "typed": q.typed,
             "context": s.head}
    own = (lines, screen_rows)
    for reader in spec.readers:
        if reader.rules and rule_id not in reader.rules:
            continue
        at_lines, rows_at = (own if reader.region is None or region is None
                             else region(reader.region))
        rows = [_unbox(x) for x in at_lines]
        if reader.fixed:
            if reader.on is None or any(reader.on.search(x) for x in rows):
                opts = [Option(i + 1, lab, False, key)
                        for i, (lab, key) in enumerate(reader.fixed)]
                return make_dialog(question, opts, reader.choose, **about)
            continue
        if reader.line is not None:
            starts: list[tuple[int, int]] = []
            raw = _read_lines(reader, rows, starts)
            if (reader.highlight and background is not None and rows_at is not None
                    and len(starts) == len(raw) and not any(sel for _, sel, _ in raw)):
                k = _highlighted_row(rows, rows_at, starts, background)
                raw = [(lab, i == k, key) for i, (lab, _, key) in enumerate(raw)]
        elif reader.inline is not None:
            spans: list[tuple[int, int]] = []
            raw, at = _read_inline(reader, rows, spans)
            if (reader.highlight and at is not None and background is not None
                    and rows_at is not None and at < len(rows_at)
                    and not any(sel for _, sel, _ in raw)):
                k = _highlighted(rows[at], rows_at[at], spans, background)
                raw = [(lab, i == k, key) for i, (lab, _, key) in enumerate(raw)]
        else:
            continue
        opts = _finish(reader, raw)
        if len(opts) >= 2:
            return make_dialog(question, opts, reader.choose, **about)
    return make_dialog(question, **about)


# ---------------------------------------------------------------------------- choosing

class ChoiceError(ValueError):
    """A choice that names no option, or several; or a dialog whose options are unknown."""


def resolve(dialog: Dialog, choice: str) -> Option:
    """The option `choice` names: its number, or a unique prefix of its label (case and
    blanks ignored; an exact label wins over longer ones). Raises ChoiceError."""
    if not dialog.options:
        raise ChoiceError("no options could be read from this dialog; wrap never guesses a "
                          "key (answer it in its terminal)")
    c = " ".join(choice.split()).lower()
    if not c:
        raise ChoiceError("no choice given")
    if c.isdigit():
        for o in dialog.options:
            if o.number == int(c):
                return o
        raise ChoiceError(f"no option {c} (the dialog has {len(dialog.options)}: "
                          f"{_listing(dialog)})")
    exact = [o for o in dialog.options if o.label.lower() == c or (o.key or "") == c]
    if len(exact) == 1:
        return exact[0]
    hits = [o for o in dialog.options if o.label.lower().startswith(c)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise ChoiceError(f"{clean(choice, 40)!r} matches no option ({_listing(dialog)})")
    raise ChoiceError(f"{clean(choice, 40)!r} matches several options "
                      f"({', '.join(str(o.number) for o in hits)}); give its number")


def _listing(dialog: Dialog) -> str:
    return "; ".join(f"{o.number}. {clean(o.label, 40)}" for o in dialog.options)


def keys_for(dialog: Dialog, option: Option) -> list[str]:
    """What to type, key by key, to choose `option`. Raises ChoiceError when the dialog's
    way of choosing needs something the screen does not show (the selected option for
    the arrows, a key the agent shows for its own keys). With the arrows, an option that
    shows its key is chosen with that key. An answer typed but not entered
    (``dialog.typed``) is erased first, a DEL for each character."""
    erase = ["\x7f"] * len(dialog.typed)
    return erase + _keys(dialog, option) if erase else _keys(dialog, option)


def _keys(dialog: Dialog, option: Option) -> list[str]:
    how = dialog.choose
    if how == "number":
        return [str(option.number)] if option.number < 10 else _arrows(dialog, option)
    if how in ("key", "key_enter"):
        if not option.key:
            raise ChoiceError(f"option {option.number} shows no key to press")
        key = _KEYS.get(option.key, option.key if len(option.key) == 1 else None)
        if key is None:  # a word (yes/no): typed, then Enter
            return [option.key, "\r"]
        return [key, "\r"] if how == "key_enter" and key != "\x1b" else [key]
    if how in ("arrows", "arrows_lr"):
        # an option that shows its key ("No, suggest changes (esc)") is chosen with it: an
        # Enter there may wait for more (Copilot's "No, and tell Copilot what to do
        # differently (Esc to stop)" opens a text field)
        key = _KEYS.get(option.key or "", option.key if option.key and len(option.key) == 1
                        else None)
        return [key] if key is not None else _arrows(dialog, option)
    raise ChoiceError("no options could be read from this dialog; wrap never guesses a key")


def selected_before(dialog: Dialog, keys: Sequence[str]) -> list[int | None]:
    """The option the screen must show selected right before each of `keys` (from
    :func:`keys_for`) is typed: each arrow moves the selection by one from the option
    selected now. None: the key does not depend on it (no selection shown, or no arrow
    before it)."""
    sel = next((o.number for o in dialog.options if o.selected), None)
    out: list[int | None] = []
    for k in keys:
        out.append(sel)
        if sel is not None:
            sel = sel + 1 if k in (_DOWN, _RIGHT) else sel - 1 if k in (_UP, _LEFT) else None
    return out


def _arrows(dialog: Dialog, option: Option) -> list[str]:
    sel = [o for o in dialog.options if o.selected]
    if len(sel) != 1:
        raise ChoiceError("the screen does not show which option is selected; wrap never "
                          "guesses a key (answer it in its terminal)")
    delta = option.number - sel[0].number
    back, fwd = (_LEFT, _RIGHT) if dialog.choose == "arrows_lr" else (_UP, _DOWN)
    return [fwd if delta > 0 else back] * abs(delta) + ["\r"]


# ---------------------------------------------------------------------------- manifest

def parse_spec(data: object, rule_ids: set[str], compile_fn: Any,
               groups: bool = True) -> DialogSpec | None:
    """The ``[dialog]`` table of a manifest; ManifestError (one line) if it is wrong.
    `compile_fn(pattern)` compiles one linear-time pattern. Without `groups` the named
    groups a pattern needs (``label``, ``question``...) are not checked: that reads the
    compiled pattern, and a built-in manifest's patterns compile at their first use (its
    groups are checked by the suite, which loads every manifest in full)."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise ManifestError("[dialog] must be a table")
    unknown = sorted(set(data) - {"options", "choose", "question", "subject",
                                  "subject_required"})
    if unknown:
        raise ManifestError(f"[dialog]: unknown key {shown(unknown[0])} "
                            "(known: choose, options, question, subject, subject_required)")
    needed = data.get("subject_required", [])
    if not isinstance(needed, list) or not all(isinstance(x, str) for x in needed):
        raise ManifestError("[dialog]: subject_required must be a list of rule ids")
    choose = data.get("choose", "number")
    if choose not in CHOOSE:
        raise ManifestError(f"[dialog]: choose must be one of {', '.join(CHOOSE)}")
    raw = data.get("options", [])
    if not isinstance(raw, list) or len(raw) > MAX_READERS:
        raise ManifestError(f"[dialog]: options must be an array of at most {MAX_READERS} "
                            "tables ([[dialog.options]])")
    finders: dict[str, tuple[Finder, ...]] = {}
    for group in ("question", "subject"):
        got = data.get(group, [])
        if not isinstance(got, list) or len(got) > MAX_READERS:
            raise ManifestError(f"[dialog]: {group} must be an array of at most "
                                f"{MAX_READERS} tables ([[dialog.{group}]])")
        finders[group] = tuple(_parse_finder(d, i, group, compile_fn, groups)
                               for i, d in enumerate(got))
    return DialogSpec(tuple(_parse_reader(r, i, choose, groups, compile_fn)
                            for i, r in enumerate(raw)),
                      subjects=finders["subject"], questions=finders["question"],
                      subject_required=frozenset(needed))


def _entry(d: object, where: str, known: frozenset[str]) -> tuple[Mapping[str, Any], list[str]]:
    """A ``[[dialog.*]]`` entry checked as a table of `known` keys; with its rule ids."""
    if not isinstance(d, Mapping):
        raise ManifestError(f"{where}: must be a table")
    unknown = sorted(set(d) - known)
    if unknown:
        raise ManifestError(f"{where}: unknown key {shown(unknown[0])} "
                            f"(known: {', '.join(sorted(known))})")
    rules = d.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise ManifestError(f"{where}: rules must be a list of rule ids")
    return d, rules


def _patterns(d: Mapping[str, Any], where: str, keys: tuple[str, ...],
              comp: Any) -> dict[str, Pattern | None]:
    """The entry's patterns under `keys`, compiled (None where a key is absent)."""
    pats: dict[str, Pattern | None] = {}
    for key in keys:
        v = d.get(key)
        if v is None:
            pats[key] = None
            continue
        if not isinstance(v, str) or not v:
            raise ManifestError(f"{where}: {key} must be a non-empty string")
        try:
            pats[key] = comp(v)
        except ManifestError as err:
            raise ManifestError(f"{where}: {key} {err}") from None
    return pats


def _region_of(d: Mapping[str, Any], where: str) -> Region | None:
    if "region" not in d:
        return None
    try:
        return parse_region(d["region"])
    except ManifestError as err:
        raise ManifestError(f"{where}: {err}") from None


def _parse_finder(d: object, i: int, group: str, comp: Any, groups: bool) -> Finder:
    where = f"[[dialog.{group}]] {i + 1}"
    d, rules = _entry(d, where, _FINDER_KEYS)
    region = _region_of(d, where)
    pats = _patterns(d, where, ("line", "stop", "after", "until", "more"), comp)
    line = pats["line"]
    block = pats["after"] is not None or pats["until"] is not None
    if block and group != "subject":
        raise ManifestError(f"{where}: after and until are for [[dialog.subject]] only")
    if (line is None and pats["after"] is None) or (line is not None
                                                    and groups
                                                    and group not in line.groupindex):
        raise ManifestError(f"{where}: needs a line with a (?P<{group}>...) group"
                            + (" or an after" if group == "subject" else ""))
    if pats["more"] is not None and not block:
        raise ManifestError(f"{where}: more is for a block (after or until)")
    required = d.get("required", False)
    if not isinstance(required, bool) or (required and not block):
        raise ManifestError(f"{where}: required must be true or false, and only with a "
                            "block (after or until)")
    up = d.get("up", False)
    if not isinstance(up, bool) or (up and (pats["after"] is None or pats["until"] is None)):
        raise ManifestError(f"{where}: up must be true or false, and only with after and "
                            "until")
    head: Pattern | bool = d.get("head", False)
    pattern = isinstance(head, str) and bool(head)
    if pattern:
        head = _patterns(d, where, ("head",), comp)["head"] or False
    if not (isinstance(head, bool) or pattern) or (
            head is not False and pats["after"] is None):
        raise ManifestError(f"{where}: head must be true, false or a pattern, and only with "
                            "a block's after")
    scrolls = d.get("scrolls", False)
    if not isinstance(scrolls, bool) or (scrolls and not up):
        raise ManifestError(f"{where}: scrolls must be true or false, and only with up")
    cut_at = d.get("cut_at")
    if cut_at is not None and (not block or type(cut_at) is not int or not 1 <= cut_at
                               <= MAX_SUBJECT_ROWS):
        raise ManifestError(f"{where}: cut_at must be a row count (1..{MAX_SUBJECT_ROWS}), "
                            "and only with a block (after or until)")
    return Finder(line=line, group=group, rules=tuple(rules), region=region,
                  stop=pats["stop"], after=pats["after"], until=pats["until"],
                  more=pats["more"], required=required, head=head, up=up, cut_at=cut_at,
                  scrolls=scrolls)


def _parse_reader(d: object, i: int, choose: str, groups: bool, comp: Any) -> Reader:
    where = f"[[dialog.options]] {i + 1}"
    d, rules = _entry(d, where, _READER_KEYS)
    # an id no rule has is not an error: the rules may be renamed without this table
    how = d.get("choose", choose)
    if how not in CHOOSE:
        raise ManifestError(f"{where}: choose must be one of {', '.join(CHOOSE)}")
    pats = _patterns(d, where, ("line", "inline", "on", "cut", "stop", "key", "drop", "default",
                                "below"), comp)
    fixed: list[tuple[str, str | None]] = []
    fx = d.get("fixed", [])
    if not isinstance(fx, list) or len(fx) > MAX_OPTIONS:
        raise ManifestError(f"{where}: fixed must be a list of {{label, key}} tables")
    for o in fx:
        if (not isinstance(o, Mapping) or not isinstance(o.get("label"), str)
                or not o["label"] or not isinstance(o.get("key", ""), str)):
            raise ManifestError(f"{where}: fixed must be a list of {{label, key}} tables")
        fixed.append((clean(o["label"], MAX_LABEL), o.get("key") or None))
    ways = [k for k in ("line", "inline") if pats[k] is not None] + (["fixed"] if fixed else [])
    if len(ways) != 1:
        raise ManifestError(f"{where}: needs exactly one of line, inline, fixed")
    if pats["below"] is not None and pats["line"] is None and pats["inline"] is None:
        raise ManifestError(f"{where}: below is only for line or inline")
    for key in ("line", "inline"):
        p = pats[key]
        if p is not None and groups and "label" not in p.groupindex:
            raise ManifestError(f"{where}: {key} needs a (?P<label>...) group")
    highlight = d.get("highlight", False)
    if not isinstance(highlight, bool) or (highlight and pats["inline"] is None
                                           and (pats["line"] is None
                                                or (groups and "num" not in
                                                    pats["line"].groupindex))):
        raise ManifestError(f"{where}: highlight must be true or false, and only with inline "
                            "or a numbered line")
    return Reader(rules=tuple(rules), fixed=tuple(fixed), choose=how, highlight=highlight,
                  region=_region_of(d, where), **pats)
