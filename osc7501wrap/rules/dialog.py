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

import hashlib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .model import ManifestError, Pattern, Region
from .regions import parse_region

#: How an option is chosen (see :func:`keys_for`).
CHOOSE = ("number", "key", "key_enter", "arrows", "arrows_lr")
MAX_LABEL = 160  # characters of one option's label
MAX_QUESTION = 240
MAX_OPTIONS = 12
MAX_READERS = 16
MAX_FOUND = 160  # characters of a question or subject a finder reads
_READER_KEYS = frozenset({"rules", "line", "inline", "on", "cut", "fixed", "choose", "stop",
                          "key", "drop", "default", "highlight"})
_FINDER_KEYS = frozenset({"rules", "region", "line", "stop"})
_BOX_LEAD = re.compile(r"^(\s*)([│┃║|])")
_BOX_TAIL = re.compile(r"\s*[│┃║|]\s*$")
_SPACES = re.compile(r"\s+")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f"
                      "\u2060\u061c\ufeff\ud800-\udfff]")
_KEYS = {"esc": "\x1b", "enter": "\r", "tab": "\t"}
_UP, _DOWN, _LEFT, _RIGHT = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"


def clean(text: str, limit: int) -> str:
    """One line of at most `limit` characters: controls and invisible characters gone,
    blanks collapsed, "…" at a cut."""
    text = _SPACES.sub(" ", _CONTROL.sub(" ", text)).strip()
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
    question: str
    options: tuple[Option, ...] = ()
    choose: str | None = None  # how an option is chosen; None: no options read

    def as_dict(self) -> dict[str, Any]:
        """``{id, question, options: [{number, label, selected, key}]}`` (ls, events)."""
        return {"id": self.id, "question": self.question,
                "options": [o.as_dict() for o in self.options]}


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
    highlight: bool = False  # inline, numbered line: the selected option is the one coloured otherwise


@dataclass(frozen=True, slots=True)
class Finder:
    """One ``[[dialog.question]]`` or ``[[dialog.subject]]`` entry: a dialog's question
    when the rule's message is not it, or what a dialog is about when its question does
    not say (the command of "Allow execution of [Shell]?")."""

    line: Pattern  # group question / subject; the last line it matches (before `stop`)
    group: str  # "question" or "subject"
    rules: tuple[str, ...] = ()  # the blocked rules it is for (empty: every one)
    region: Region | None = None  # where it is read (None: the blocked rule's region)
    stop: Pattern | None = None  # a line that ends the search


@dataclass(frozen=True, slots=True)
class DialogSpec:
    readers: tuple[Reader, ...] = ()
    subjects: tuple[Finder, ...] = ()
    questions: tuple[Finder, ...] = ()

    def other_regions(self, rule_id: str, own: Region) -> bool:
        """Whether the dialog of `rule_id` reads a region other than the rule's own (a
        dialog cached while that region stays must then be read again)."""
        return any(f.region is not None and f.region != own
                   for f in (_for_rule(self.questions, rule_id),
                             _for_rule(self.subjects, rule_id)) if f is not None)


def _for_rule(finders: tuple[Finder, ...], rule_id: str | None) -> Finder | None:
    """The first finder for that rule."""
    return next((f for f in finders if not f.rules or rule_id in f.rules), None)


def dialog_id(question: str, options: Sequence[Option]) -> str:
    """10 hex digits from the normalized question and options (not the selection).
    Normalized: lower case, without blanks (a label wrapped anywhere, a word cut at the
    edge of a narrower window, joins to the same text)."""
    def norm(s: str | None) -> str:
        return _SPACES.sub("", (s or "").lower())

    parts = [norm(question)] + [f"{norm(o.label)}\x1f{norm(o.key)}" for o in options]
    return hashlib.sha256("\x1e".join(parts).encode("utf-8", "replace")).hexdigest()[:10]


def make_dialog(question: str | None, options: Sequence[Option] = (),
                choose: str | None = None) -> Dialog:
    q = clean(question or "", MAX_QUESTION)
    opts = tuple(options)
    return Dialog(dialog_id(q, opts), q, opts, choose if opts else None)


# ---------------------------------------------------------------------------- reading

def _unbox(line: str) -> str:
    """A line with the box borders around it blanked (columns kept)."""
    for _ in range(2):
        m = _BOX_LEAD.match(line)
        if m is None:
            break
        line = m.group(1) + " " + line[m.end():]
    for _ in range(2):
        line = _BOX_TAIL.sub("", line)
    return line.rstrip()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _finish(reader: Reader, raw: list[tuple[str, bool, str | None]]) -> list[Option]:
    out: list[Option] = []
    for label, sel, key in raw[:MAX_OPTIONS]:
        if reader.drop is not None:
            label = _sub(reader.drop, label)
        if key is None and reader.key is not None:
            m = reader.key.search(label)
            if m is not None and "key" in reader.key.groupindex and m.group("key"):
                key = m.group("key")
                label = label[: m.start()] + label[m.end():]
        label = clean(label, MAX_LABEL)
        if not label:
            continue
        key = clean(key, 16).lower() if key else None
        out.append(Option(len(out) + 1, label, sel, key or None))
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
    unnumbered, the lines next to the selected one whose label starts in its column.
    `starts` gets where each numbered option begins (its line's index, its number's
    index in the line)."""
    p = reader.line
    assert p is not None
    found: list[tuple[int, Any]] = []
    for i, x in enumerate(lines):
        if reader.stop is not None and reader.stop.search(x):
            continue
        m = p.search(x)
        if m is not None and _group(m, p, "label"):
            found.append((i, m))
    if not found:
        return []
    numbered = any(_group(m, p, "num") for _, m in found)
    if not numbered:
        sel = [(i, m) for i, m in found if _group(m, p, "sel")]
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
        return [(rows[i].group("label"), i == at, None) for i in range(first, last + 1)]
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
    default = None
    if reader.default is not None:
        m = reader.default.search(row)
        if m is not None and "default" in reader.default.groupindex:
            default = clean(m.group("default") or "", MAX_LABEL).lower() or None
    out: list[tuple[str, bool, str | None]] = []
    pos = 0
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
    one is."""
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
    odd = [k for k, (a, _) in enumerate(spans) if background(row, cols[a]) != base]
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


def _find(f: Finder | None, lines: Sequence[str],
          region: Callable[[Region], Sequence[str]] | None) -> str | None:
    """What a finder reads: its group in the last line it matches, in its region (else
    the rule's own `lines`) and before a `stop` line."""
    if f is None:
        return None
    rows = lines if f.region is None or region is None else region(f.region)
    found = None
    for x in map(_unbox, rows):
        if f.stop is not None and f.stop.search(x):
            break
        m = f.line.search(x)
        if m is not None and m.group(f.group) and m.group(f.group).strip():
            found = m.group(f.group)
    return clean(found, MAX_FOUND) if found else None


def read_dialog(spec: DialogSpec | None, rule_id: str | None, lines: Sequence[str],
                question: str | None,
                region: Callable[[Region], Sequence[str]] | None = None, *,
                screen_rows: Sequence[int] | None = None,
                background: Callable[[int, int], object] | None = None) -> Dialog:
    """The dialog a blocked rule's region shows: the first reader for that rule that
    reads at least two options (a fixed list: when its `on` line is there), else a
    dialog with the question only. A question read replaces the rule's message; a
    subject read follows it, unless the question holds it already (`region` gives the
    lines of another region of the same screen).
    `screen_rows` (the screen row of each line) and `background` (how a cell's
    background looks) let a `highlight` reader see the selected option."""
    if spec is not None:
        question = _find(_for_rule(spec.questions, rule_id), lines, region) or question
        subject = _find(_for_rule(spec.subjects, rule_id), lines, region)
        if subject and _norm(subject) not in _norm(question or ""):
            question = f"{question} {subject}" if question else subject
        rows_at, rows = screen_rows, [_unbox(x) for x in lines]
        for reader in spec.readers:
            if reader.rules and rule_id not in reader.rules:
                continue
            if reader.fixed:
                if reader.on is None or any(reader.on.search(x) for x in rows):
                    opts = [Option(i + 1, lab, False, key)
                            for i, (lab, key) in enumerate(reader.fixed)]
                    return make_dialog(question, opts, reader.choose)
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
                return make_dialog(question, opts, reader.choose)
    return make_dialog(question)


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
    shows its key is chosen with that key."""
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

def parse_spec(data: object, rule_ids: set[str], compile_fn: Any) -> DialogSpec | None:
    """The ``[dialog]`` table of a manifest; ManifestError (one line) if it is wrong.
    `compile_fn(pattern)` compiles one linear-time pattern."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise ManifestError("[dialog] must be a table")
    unknown = sorted(set(data) - {"options", "choose", "question", "subject"})
    if unknown:
        raise ManifestError(f"[dialog]: unknown key {unknown[0]!r} "
                            "(known: choose, options, question, subject)")
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
        finders[group] = tuple(_parse_finder(d, i, group, compile_fn)
                               for i, d in enumerate(got))
    return DialogSpec(tuple(_parse_reader(r, i, choose, rule_ids, compile_fn)
                            for i, r in enumerate(raw)),
                      subjects=finders["subject"], questions=finders["question"])


def _entry(d: object, where: str, known: frozenset[str]) -> tuple[Mapping[str, Any], list[str]]:
    """A ``[[dialog.*]]`` entry checked as a table of `known` keys; with its rule ids."""
    if not isinstance(d, Mapping):
        raise ManifestError(f"{where}: must be a table")
    unknown = sorted(set(d) - known)
    if unknown:
        raise ManifestError(f"{where}: unknown key {unknown[0]!r} "
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


def _parse_finder(d: object, i: int, group: str, comp: Any) -> Finder:
    where = f"[[dialog.{group}]] {i + 1}"
    d, rules = _entry(d, where, _FINDER_KEYS)
    region = None
    if "region" in d:
        try:
            region = parse_region(d["region"])
        except ManifestError as err:
            raise ManifestError(f"{where}: {err}") from None
    pats = _patterns(d, where, ("line", "stop"), comp)
    line = pats["line"]
    if line is None or group not in line.groupindex:
        raise ManifestError(f"{where}: needs a line with a (?P<{group}>...) group")
    return Finder(line=line, group=group, rules=tuple(rules), region=region, stop=pats["stop"])


def _parse_reader(d: object, i: int, choose: str, rule_ids: set[str], comp: Any) -> Reader:
    where = f"[[dialog.options]] {i + 1}"
    d, rules = _entry(d, where, _READER_KEYS)
    # an id no rule has is not an error: the rules may be renamed without this table
    how = d.get("choose", choose)
    if how not in CHOOSE:
        raise ManifestError(f"{where}: choose must be one of {', '.join(CHOOSE)}")
    pats = _patterns(d, where, ("line", "inline", "on", "cut", "stop", "key", "drop", "default"),
                     comp)
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
    for key in ("line", "inline"):
        p = pats[key]
        if p is not None and "label" not in p.groupindex:
            raise ManifestError(f"{where}: {key} needs a (?P<label>...) group")
    highlight = d.get("highlight", False)
    if not isinstance(highlight, bool) or (highlight and pats["inline"] is None
                                           and (pats["line"] is None
                                                or "num" not in pats["line"].groupindex)):
        raise ManifestError(f"{where}: highlight must be true or false, and only with inline "
                            "or a numbered line")
    return Reader(rules=tuple(rules), fixed=tuple(fixed), choose=how, highlight=highlight,
                  **pats)
