"""Per-agent screen rules kept as data (TOML manifests) and the engine that applies them.

What this module does: load the built-in manifests and the user's own, validate them
(one clear line per broken file, never a traceback), pick the manifest for a command line,
and classify one snapshot of the visible screen as blocked / error / working / idle, or as
"no rule matched". `explain()` runs the very same engine and reports every rule.

What it does not do: timing (settling, the working->idle hold and sweeps live in the
classifier), fusing with hooks or native OSC 7501 reports (fusion), sanitizing the message
text (the protocol module does that before anything leaves wrap), or reading scrollback
(a snapshot is the visible screen only, so stale history can never match).

Manifest format (engine 1)
==========================

One file per agent, ``<name>.toml``::

    [manifest]
    name = "claude"                  # [a-z0-9_-]{1,32}; a user file with the same name
                                     # replaces the built-in one
    version = "2026.11.30.1"         # shown by `explain` and in logs
    app = "claude-code"              # the OSC 7501 app name, [A-Za-z0-9_.+-]{1,32}
    description = "Claude Code"
    programs = ["claude"]            # argv[0] basenames (".exe" / ".js" ... stripped)
    package_paths = ["@anthropic-ai/claude-code/"]  # substrings of a script path run by
                                     # node / bun / deno / python / npx ... wrappers
    install = "npm install -g @anthropic-ai/claude-code"  # how to get it, shown (never run)
                                     # when the program is not found (optional, one line)
    engine = 1                       # format version; a newer one is refused (optional)

    [[rule]]                         # ordered; at most 128 rules
    id = "permission_dialog"         # [A-Za-z0-9_.-]{1,64}, unique in the file
    state = "blocked"                # blocked | error | working | idle
    kind = "permission"              # blocked only: permission | question | auth
    region = "after_rule"            # where to look (below)
    line_regex = ['^\\s+❯\\s*1\\.']   # the gate: see below (at least one condition)
    msg_line = '\\?\\s*$'            # optional message extraction (below)
    visible = true                   # idle/working only (below)

Regions (all computed from the visible screen; lines right-trimmed, no-break spaces read
as spaces)::

    "screen"          every line (trailing blank lines dropped)
    "bottom:N"        the last N non-empty lines
    "top:N"           the first N non-empty lines
    "cursor:N"        the cursor's row and the N-1 rows above it, blank ones included
                      (so a question the user already answered with Enter, leaving the
                      cursor on the empty line below it, is out); with the cursor
                      unknown, the last non-empty row stands for the cursor's row
    "after_rule"      the lines below the last horizontal rule (8 or more solid ─ ━ ═
                      in a row, and mostly such characters; corners and tees allowed;
                      dashed ╌ lines are not rules); empty if there is none
    "prompt_box"      the lines between the last two horizontal rules (empty if < 2 rules)
    "above_prompt:N"  the last N non-empty lines above the prompt box (above the
                      second-to-last rule; above the last rule if there is only one;
                      the bottom if there is none)
    "title"           the window title (OSC 0/2), one line
    "progress"        OSC 9;4 progress as text, e.g. "3" or "1;42"

Gates (several keys in one table are ANDed; they are tried in the order contains,
line_regex, regex, all, any, not, and a rule stops at the first that fails)::

    contains   = "text" | ["a", "b"]      case-insensitive substring(s), all must occur
    regex      = "re"   | ["re1", "re2"]  Python `re.search` on the region text (lines
                                          joined with newlines), all must match
    line_regex = "re"   | ["re1", "re2"]  each must match some single line of the region
    all        = [ {gate}, ... ]          every sub-gate matches
    any        = [ {gate}, ... ]          at least one sub-gate matches
    not        = {gate}                   the sub-gate does not match

Limits: 128 rules per manifest, gates nested at most 8 deep, 512 gates and 1024 patterns
per manifest, 32 patterns per key, 512 characters per pattern. Every regex is compiled
once, at load time. A snapshot's regions are computed once and shared by all rules.

Message (optional; only for the winning rule; the first source that yields text wins)::

    msg_regex = 're' | [...]   searched on the region text; the group named `msg` (else
                               the whole match) is the message, prefixed with the group
                               named `label` and ": " when there is one; newlines
                               collapse to spaces
    msg_line  = 're' | [...]   the first region line matching it (its `msg` group if any)
    msg = "line"               the first region line that matches one of the rule's
                               line_regex patterns (those under `not` excepted)
    msg = "first" | "last"     the first / last non-empty line of the region

The text is trimmed: box characters (│ ┃ ║ ╭ ...), a leading pointer (❯ › > ● ...) and an
option number ("1.") are stripped, runs of blanks become one, and it is capped in length.

Visible evidence: `visible = true` on an idle or working rule says "this marker is on
screen for a reason, not the absence of something" (e.g. a finished-turn line); the
classifier skips its working->idle hold for it. Blocked and error rules are always
visible evidence.

Evaluation: rules are tried by state in the fixed order blocked, error, working, idle,
and in file order within a state; the first match wins. No match at all is its own
result (`Verdict.state is None`): it is never idle and never blocked.

API: `load_manifests(user_dir)` -> `Catalog` (`.manifests`, `.errors`, `.get(name)`);
`select_manifest(catalog, argv, forced)` -> `Manifest`; `evaluate(manifest, Snapshot)`
-> `Verdict`; `explain(manifest, Snapshot)` -> `list[RuleTrace]`. rules/README.md has the
same format description for manifest authors.
"""

from __future__ import annotations

import importlib.resources
import os
import re
import shlex
import tomllib
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import paths
from .errors import WrapError

ENGINE_VERSION = 1
STATES: tuple[str, ...] = ("blocked", "error", "working", "idle")
KINDS: tuple[str, ...] = ("permission", "question", "auth")
_STATE_ORDER = {s: i for i, s in enumerate(STATES)}

MAX_RULES = 128
MAX_GATE_DEPTH = 8
MAX_GATES = 512
MAX_PATTERNS = 1024
MAX_PATTERNS_PER_KEY = 32
MAX_PATTERN_LEN = 512
MAX_REGION_N = 500
MAX_MSG_LEN = 240
MAX_FILE_BYTES = 512 * 1024

_NAME_RE = re.compile(r"[a-z0-9_-]{1,32}\Z")
_APP_RE = re.compile(r"[A-Za-z0-9_.+-]{1,32}\Z")
_ID_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}\Z")

_MANIFEST_KEYS = frozenset(
    {"name", "version", "app", "description", "programs", "package_paths", "engine",
     "verified", "verified_on", "verified_reason", "install"})
_GATE_KEYS = frozenset({"contains", "regex", "line_regex", "all", "any", "not"})
_RULE_KEYS = frozenset(
    {"id", "state", "kind", "region", "visible", "msg", "msg_regex", "msg_line", "prompt"}
) | _GATE_KEYS
_MSG_MODES = ("line", "first", "last")

# Box-drawing characters that make up a horizontal rule (solid lines only: dashed ones,
# ╌ ┄ ┈, separate parts inside a dialog), and the ones that may end or cross one (corners,
# tees) without spoiling it.
_RULE_CHARS = frozenset("─━═")
_RULE_EDGE_CHARS = frozenset("╭╮╰╯┌┐└┘├┤┬┴┼╞╡╪╔╗╚╝╠╣╒╕╘╛")
_MIN_RULE_LEN = 8


class ManifestError(ValueError):
    """One problem in one manifest file; str() is the text after `rules: <file>: `."""


# ---------------------------------------------------------------------------------------
# Data model


@dataclass(frozen=True, slots=True)
class Gate:
    """A condition tree. All keys present are ANDed."""

    contains: tuple[str, ...] = ()
    regex: tuple[re.Pattern[str], ...] = ()
    line_regex: tuple[re.Pattern[str], ...] = ()
    all: tuple[Gate, ...] = ()
    any: tuple[Gate, ...] = ()
    not_: Gate | None = None


@dataclass(frozen=True, slots=True)
class Region:
    """A parsed region name: kind plus its line count (0 when the kind takes none)."""

    kind: str
    n: int = 0

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.n}" if self.n else self.kind


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    state: str
    kind: str | None
    region: Region
    gate: Gate
    visible: bool
    msg: str | None = None
    msg_regex: tuple[re.Pattern[str], ...] = ()
    msg_line: tuple[re.Pattern[str], ...] = ()
    index: int = 0  # position in the file
    prompt: bool = False  # an idle rule that reads the agent's idle prompt (no idle hold)


@dataclass(frozen=True)
class Manifest:
    name: str
    version: str
    app: str
    description: str = ""
    programs: tuple[str, ...] = ()
    package_paths: tuple[str, ...] = ()
    engine: int = ENGINE_VERSION
    install: str = ""  # how to get the program: text shown when it is not found, never run
    rules: tuple[Rule, ...] = ()
    source: str = ""
    builtin: bool = True
    ordered: tuple[Rule, ...] = field(default=(), repr=False)
    # Checked against the agent's real screens? None: the manifest does not say.
    # `verified_on`: the agent versions it was checked on; `verified_reason`: why not.
    verified: bool | None = None
    verified_on: tuple[str, ...] = ()
    verified_reason: str = ""

    def __post_init__(self) -> None:
        if not self.ordered and self.rules:
            ordered = sorted(self.rules, key=lambda r: (_STATE_ORDER[r.state], r.index))
            object.__setattr__(self, "ordered", tuple(ordered))

    @property
    def label(self) -> str:
        """`name version`, as logs and `explain` print it."""
        return f"{self.name} {self.version}"

    @property
    def verification(self) -> str:
        """What the manifest says about being checked on the agent's real screens, for
        `doctor`, `explain` and the README: "verified on 2.1.328", "NOT verified: <why>",
        or "verification not stated"."""
        if self.verified is False:
            return f"NOT verified: {self.verified_reason}"
        if self.verified and self.verified_on:
            return f"verified on {', '.join(self.verified_on)}"
        if self.verified:
            return "verified"
        return "verification not stated"


@dataclass
class Snapshot:
    """What the classifier sees: the visible screen (never scrollback) and a few extras."""

    lines: list[str]
    title: str | None = None
    progress: str | None = None
    alt_screen: bool = False
    cursor: tuple[int, int] | None = None  # (row, col), 0-based


@dataclass(frozen=True, slots=True)
class Verdict:
    state: str | None
    kind: str | None
    rule_id: str | None
    manifest: str
    manifest_version: str
    msg: str | None
    visible: bool


@dataclass(frozen=True, slots=True)
class GatePart:
    """One condition of a rule's gate, as `explain` shows it."""

    depth: int
    what: str
    matched: bool


@dataclass(frozen=True, slots=True)
class RuleTrace:
    id: str
    state: str
    kind: str | None
    matched: bool
    winner: bool
    region: str
    region_text: str
    parts: tuple[GatePart, ...]
    msg: str | None
    visible: bool


@dataclass
class Catalog:
    manifests: dict[str, Manifest] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def get(self, name: str) -> Manifest | None:
        return self.manifests.get(name)

    @property
    def names(self) -> list[str]:
        return sorted(self.manifests)


# ---------------------------------------------------------------------------------------
# Regions


@dataclass(slots=True)
class _Text:
    lines: tuple[str, ...]
    text: str
    _lower: str | None = None

    @property
    def lower(self) -> str:
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower


_EMPTY = _Text((), "")


_RULE_RUN_RE = re.compile(f"[{''.join(sorted(_RULE_CHARS))}]{{{_MIN_RULE_LEN}}}")


_NOT_OTHER = str.maketrans(dict.fromkeys([*_RULE_CHARS, *_RULE_EDGE_CHARS, " ", "\t"]))


def _is_rule_line(line: str) -> bool:
    """A horizontal rule: at least 8 solid rule characters in a row, and rule characters
    at least three times as many as anything else but corners, tees and blanks."""
    if _RULE_RUN_RE.search(line) is None:  # most lines: one C-level search
        return False
    rule = line.count("─") + line.count("━") + line.count("═")
    other = len(line.translate(_NOT_OTHER))
    return rule >= 3 * other


def _normalize(line: str) -> str:
    if "\xa0" in line:
        line = line.replace("\xa0", " ")
    return line.rstrip()


class _Screen:
    """The regions of one snapshot, computed on first use and cached."""

    __slots__ = ("_cache", "_rules", "cursor_row", "lines", "progress", "title")

    def __init__(self, snap: Snapshot) -> None:
        raw = snap.lines
        if "\xa0" in "".join(raw):
            lines = [_normalize(x) for x in raw]
        else:  # the usual case, without a Python call per line
            lines = list(map(str.rstrip, raw))
        while lines and not lines[-1]:
            lines.pop()
        self.lines = lines
        self.title = snap.title
        self.progress = snap.progress
        self.cursor_row = snap.cursor[0] if snap.cursor else None
        self._cache: dict[Region, _Text] = {}
        self._rules: list[int] | None = None

    def rule_rows(self) -> list[int]:
        if self._rules is None:
            self._rules = [i for i, x in enumerate(self.lines) if _is_rule_line(x)]
        return self._rules

    def region(self, reg: Region) -> _Text:
        got = self._cache.get(reg)
        if got is None:
            got = self._compute(reg)
            self._cache[reg] = got
        return got

    def _compute(self, reg: Region) -> _Text:
        k = reg.kind
        if k == "title":
            return _text([_normalize(self.title)] if self.title else [])
        if k == "progress":
            return _text([self.progress.strip()] if self.progress else [])
        lines = self.lines
        if k == "screen":
            return _text(lines)
        if k == "bottom":
            return _text(_last_non_empty(lines, reg.n))
        if k == "top":
            return _text([x for x in lines if x.strip()][: reg.n])
        if k == "cursor":
            # unknown cursor: it is taken to be on the last non-empty line
            row = len(lines) - 1 if self.cursor_row is None else self.cursor_row
            top = max(0, row + 1 - reg.n)
            got = lines[top: row + 1]
            if not got:
                return _EMPTY  # every row of it is below the last non-empty line
            # The cursor may sit on blank rows below the last non-empty line (trimmed
            # off `lines`): they are the region's last rows all the same, so the line
            # above a blank cursor row never passes for the cursor's row.
            return _text(got + [""] * (row + 1 - top - len(got)))
        rows = self.rule_rows()
        if k == "after_rule":
            return _text(lines[rows[-1] + 1:] if rows else [])
        if k == "prompt_box":
            return _text(lines[rows[-2] + 1: rows[-1]] if len(rows) >= 2 else [])
        if k == "above_prompt":
            if len(rows) >= 2:
                lines = lines[: rows[-2]]
            elif rows:
                lines = lines[: rows[-1]]
            return _text(_last_non_empty(lines, reg.n))
        raise AssertionError(k)  # regions are validated at load time


def _text(lines: Sequence[str]) -> _Text:
    if not lines:
        return _EMPTY
    t = tuple(lines)
    return _Text(t, "\n".join(t))


def _last_non_empty(lines: Sequence[str], n: int) -> list[str]:
    out: list[str] = []
    for x in reversed(lines):
        if x.strip():
            out.append(x)
            if len(out) >= n:
                break
    out.reverse()
    return out


_REGION_KINDS_N = frozenset({"bottom", "top", "cursor", "above_prompt"})
_REGION_KINDS = frozenset({"screen", "after_rule", "prompt_box", "title", "progress"})


def parse_region(spec: object) -> Region:
    if not isinstance(spec, str):
        raise ManifestError(f"region must be a string, not {_tname(spec)}")
    if spec in _REGION_KINDS:
        return Region(spec)
    kind, colon, n = spec.partition(":")
    if colon and kind in _REGION_KINDS_N:
        if n.isdigit() and 1 <= int(n) <= MAX_REGION_N:
            return Region(kind, int(n))
        raise ManifestError(f"region {spec!r}: the line count must be 1..{MAX_REGION_N}")
    known = "screen, bottom:N, top:N, cursor:N, after_rule, prompt_box, above_prompt:N, title, progress"
    raise ManifestError(f"unknown region {spec!r} (known: {known})")


# ---------------------------------------------------------------------------------------
# Gates


def _line_search(pat: re.Pattern[str], lines: Iterable[str]) -> str | None:
    for x in lines:
        if pat.search(x):
            return x
    return None


class _Trace:
    """Collects GateParts for `explain`. None is passed instead when nobody looks."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[GatePart] = []

    def add(self, depth: int, what: str, matched: bool) -> None:
        self.parts.append(GatePart(depth, what, matched))


def _match(gate: Gate, t: _Text, trace: _Trace | None, depth: int = 0) -> bool:
    """Does `gate` hold on region text `t`? With a trace, every part is evaluated and
    recorded (no short-circuit), so `explain` shows all of them; the result is the same."""
    ok = True
    if gate.contains:
        low = t.lower
        for s in gate.contains:
            hit = s in low
            if trace is None:
                if not hit:
                    return False
            else:
                trace.add(depth, f"contains '{s}'", hit)
                ok = ok and hit
    if gate.line_regex:
        for p in gate.line_regex:
            hit = _line_search(p, t.lines) is not None
            if trace is None:
                if not hit:
                    return False
            else:
                trace.add(depth, f"line_regex '{p.pattern}'", hit)
                ok = ok and hit
    if gate.regex:
        for p in gate.regex:
            hit = p.search(t.text) is not None
            if trace is None:
                if not hit:
                    return False
            else:
                trace.add(depth, f"regex '{p.pattern}'", hit)
                ok = ok and hit
    if gate.all:
        if trace is None:
            for g in gate.all:
                if not _match(g, t, None):
                    return False
        else:
            sub = _Trace()
            hit = all([_match(g, t, sub, depth + 1) for g in gate.all])
            trace.add(depth, f"all ({len(gate.all)})", hit)
            trace.parts.extend(sub.parts)
            ok = ok and hit
    if gate.any:
        if trace is None:
            for g in gate.any:
                if _match(g, t, None):
                    break
            else:
                return False
        else:
            sub = _Trace()
            hit = any([_match(g, t, sub, depth + 1) for g in gate.any])
            trace.add(depth, f"any ({len(gate.any)})", hit)
            trace.parts.extend(sub.parts)
            ok = ok and hit
    if gate.not_ is not None:
        if trace is None:
            if _match(gate.not_, t, None):
                return False
        else:
            sub = _Trace()
            inner = _match(gate.not_, t, sub, depth + 1)
            trace.add(depth, "not", not inner)
            trace.parts.extend(sub.parts)
            ok = ok and not inner
    return ok


# ---------------------------------------------------------------------------------------
# Messages

_BOX_CHARS = "│┃║╭╮╰╯┌┐└┘├┤╔╗╚╝|"
_LEAD_RE = re.compile(r"^(?:[❯›>▸►▶→●○◯◉◆◇■□☐☒✔✓✗✘•·*⎿⏺]+\s*)*(?:\[[ xX✓✔]\]\s*)?(?:\(?\d{1,2}[.)]\s+)?")
_BLANKS_RE = re.compile(r"\s+")


def trim_msg(text: str) -> str | None:
    """Trim raw screen text into a one-line message (not sanitized: the protocol does that)."""
    text = _BLANKS_RE.sub(" ", text).strip().strip(_BOX_CHARS).strip()
    text = _LEAD_RE.sub("", text, count=1).strip().strip(_BOX_CHARS).strip()
    if not text:
        return None
    if len(text) > MAX_MSG_LEN:
        text = text[: MAX_MSG_LEN - 1].rstrip() + "…"
    return text


def _line_patterns(gate: Gate) -> list[re.Pattern[str]]:
    """The rule's line_regex patterns in file order (not those under `not`)."""
    out = list(gate.line_regex)
    for g in (*gate.all, *gate.any):
        out.extend(_line_patterns(g))
    return out


def _extract_msg(rule: Rule, t: _Text) -> str | None:
    for p in rule.msg_regex:
        m = p.search(t.text)
        if m:
            got = trim_msg(m.group("msg") if "msg" in p.groupindex else m.group(0))
            if got:
                label = m.group("label") if "label" in p.groupindex else None
                label = trim_msg(label) if label else None
                return trim_msg(f"{label}: {got}") if label else got
    for p in rule.msg_line:
        for x in t.lines:
            m = p.search(x)
            if m:
                got = trim_msg(m.group("msg") if "msg" in p.groupindex else x)
                if got:
                    return got
                break
    if rule.msg == "line":
        pats = _line_patterns(rule.gate)
        for x in t.lines:
            if any(p.search(x) for p in pats):
                return trim_msg(x)
    elif rule.msg in ("first", "last"):
        non_empty = [x for x in t.lines if x.strip()]
        if non_empty:
            return trim_msg(non_empty[0] if rule.msg == "first" else non_empty[-1])
    return None


# ---------------------------------------------------------------------------------------
# Evaluation


def evaluate(manifest: Manifest, snap: Snapshot) -> Verdict:
    """Classify one snapshot: the first matching rule in state order, else no match."""
    scr = _Screen(snap)
    for rule in manifest.ordered:
        t = scr.region(rule.region)
        if _match(rule.gate, t, None):
            return Verdict(rule.state, rule.kind, rule.id, manifest.name, manifest.version,
                           _extract_msg(rule, t), rule.visible)
    return Verdict(None, None, None, manifest.name, manifest.version, None, False)


def explain(manifest: Manifest, snap: Snapshot) -> list[RuleTrace]:
    """Every rule in evaluation order with its region, gate parts and result.

    Uses the same regions, gate matcher and message extraction as `evaluate`; the first
    trace with `matched` is the winner, and it always agrees with `evaluate`.
    """
    scr = _Screen(snap)
    out: list[RuleTrace] = []
    won = False
    for rule in manifest.ordered:
        t = scr.region(rule.region)
        tr = _Trace()
        hit = _match(rule.gate, t, tr)
        winner = hit and not won
        won = won or hit
        out.append(RuleTrace(
            id=rule.id, state=rule.state, kind=rule.kind, matched=hit, winner=winner,
            region=rule.region.name, region_text=t.text, parts=tuple(tr.parts),
            msg=_extract_msg(rule, t) if hit else None, visible=rule.visible))
    return out


# ---------------------------------------------------------------------------------------
# Parsing and validation


def _tname(v: object) -> str:
    return {str: "a string", bool: "a boolean", int: "an integer", float: "a number",
            list: "a list", dict: "a table"}.get(type(v), type(v).__name__)


class _Budget:
    def __init__(self) -> None:
        self.gates = 0
        self.patterns = 0


def _str_list(v: object, key: str) -> list[str]:
    items = [v] if isinstance(v, str) else v
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise ManifestError(f"{key} must be a string or a list of strings, not {_tname(v)}")
    if not items:
        raise ManifestError(f"{key} must not be empty")
    if len(items) > MAX_PATTERNS_PER_KEY:
        raise ManifestError(f"{key} has {len(items)} entries (at most {MAX_PATTERNS_PER_KEY})")
    for x in items:
        if not x:
            raise ManifestError(f"{key}: empty string")
        if len(x) > MAX_PATTERN_LEN:
            raise ManifestError(f"{key}: pattern longer than {MAX_PATTERN_LEN} characters")
    return items


def _compile(pats: list[str], key: str, budget: _Budget) -> tuple[re.Pattern[str], ...]:
    out = []
    for p in pats:
        budget.patterns += 1
        if budget.patterns > MAX_PATTERNS:
            raise ManifestError(f"more than {MAX_PATTERNS} patterns in one manifest")
        try:
            with warnings.catch_warnings():  # e.g. FutureWarning "nested set": not noise
                warnings.simplefilter("ignore")  # on the user's terminal
                out.append(re.compile(p))
        except (re.error, RecursionError, OverflowError, ValueError) as err:
            raise ManifestError(f"{key} {p!r}: bad regex: {err}") from None
    return tuple(out)


def _parse_gate(d: Mapping[str, Any], budget: _Budget, depth: int, where: str) -> Gate:
    if depth > MAX_GATE_DEPTH:
        raise ManifestError(f"{where}: gates nested deeper than {MAX_GATE_DEPTH}")
    budget.gates += 1
    if budget.gates > MAX_GATES:
        raise ManifestError(f"more than {MAX_GATES} gates in one manifest")
    contains: tuple[str, ...] = ()
    regex: tuple[re.Pattern[str], ...] = ()
    line_regex: tuple[re.Pattern[str], ...] = ()
    subs: dict[str, tuple[Gate, ...]] = {"all": (), "any": ()}
    not_: Gate | None = None
    present = False
    if "contains" in d:
        present = True
        contains = tuple(s.lower() for s in _str_list(d["contains"], f"{where}contains"))
        budget.patterns += len(contains)
    if "regex" in d:
        present = True
        regex = _compile(_str_list(d["regex"], f"{where}regex"), f"{where}regex", budget)
    if "line_regex" in d:
        present = True
        key = f"{where}line_regex"
        line_regex = _compile(_str_list(d["line_regex"], key), key, budget)
    for key in ("all", "any"):
        if key in d:
            present = True
            v = d[key]
            if not isinstance(v, list) or not v or not all(isinstance(x, dict) for x in v):
                raise ManifestError(f"{where}{key} must be a non-empty list of gate tables")
            if len(v) > MAX_PATTERNS_PER_KEY:
                raise ManifestError(f"{key} has more than {MAX_PATTERNS_PER_KEY} entries")
            subs[key] = tuple(_parse_sub(x, budget, depth + 1, f"{where}{key}[{i}]")
                              for i, x in enumerate(v))
    if "not" in d:
        present = True
        v = d["not"]
        if not isinstance(v, dict):
            raise ManifestError(f"{where}not must be a gate table, not {_tname(v)}")
        not_ = _parse_sub(v, budget, depth + 1, f"{where}not")
    if not present:
        raise ManifestError(f"{where.rstrip(' .') or 'gate'}: no condition (contains, "
                            "regex, line_regex, all, any or not)")
    return Gate(contains, regex, line_regex, subs["all"], subs["any"], not_)


def _parse_sub(d: dict[str, Any], budget: _Budget, depth: int, where: str) -> Gate:
    unknown = sorted(set(d) - _GATE_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown key {unknown[0]!r} in a gate "
                            f"(known: {', '.join(sorted(_GATE_KEYS))})")
    return _parse_gate(d, budget, depth, where + ".")


def _parse_rule(d: object, index: int, budget: _Budget, seen: set[str]) -> Rule:
    if not isinstance(d, dict):
        raise ManifestError(f"rule #{index + 1} must be a table")
    rid = d.get("id")
    label = (f"rule {rid}" if isinstance(rid, str) and _ID_RE.match(rid)
             else f"rule #{index + 1}")
    try:
        if not isinstance(rid, str) or not _ID_RE.match(rid):
            raise ManifestError("id must be a string of [A-Za-z0-9_.-]{1,64}")
        if rid in seen:
            raise ManifestError("duplicate id")
        seen.add(rid)
        unknown = sorted(set(d) - _RULE_KEYS)
        if unknown:
            raise ManifestError(f"unknown key {unknown[0]!r}")
        state = d.get("state")
        if state not in STATES:
            raise ManifestError(f"state must be one of {', '.join(STATES)}, not {state!r}")
        kind = d.get("kind")
        if kind is not None:
            if state != "blocked":
                raise ManifestError("kind is only allowed on blocked rules")
            if kind not in KINDS:
                raise ManifestError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        elif state == "blocked":
            raise ManifestError(f"a blocked rule needs a kind ({', '.join(KINDS)})")
        if "region" not in d:
            raise ManifestError("region is missing")
        region = parse_region(d["region"])
        visible = d.get("visible", state in ("blocked", "error"))
        if not isinstance(visible, bool):
            raise ManifestError(f"visible must be true or false, not {_tname(visible)}")
        prompt = d.get("prompt", False)
        if not isinstance(prompt, bool) or (prompt and state != "idle"):
            raise ManifestError("prompt must be true or false, and true only on idle rules")
        msg = d.get("msg")
        if msg is not None and msg not in _MSG_MODES:
            raise ManifestError(f"msg must be one of {', '.join(_MSG_MODES)}, not {msg!r}")
        msg_regex: tuple[re.Pattern[str], ...] = ()
        if "msg_regex" in d:
            msg_regex = _compile(_str_list(d["msg_regex"], "msg_regex"), "msg_regex", budget)
        msg_line: tuple[re.Pattern[str], ...] = ()
        if "msg_line" in d:
            msg_line = _compile(_str_list(d["msg_line"], "msg_line"), "msg_line", budget)
        gate = _parse_gate({k: v for k, v in d.items() if k in _GATE_KEYS}, budget, 1, "")
        if msg == "line" and not _line_patterns(gate):
            raise ManifestError('msg = "line" needs a line_regex in the gate')
    except ManifestError as err:
        raise ManifestError(f"{label}: {err}") from None
    return Rule(rid, state, kind, region, gate, visible, msg, msg_regex, msg_line, index,
                prompt)


def parse_manifest(data: Mapping[str, Any], source: str = "", builtin: bool = False) -> Manifest:
    """Validate a decoded TOML document; raises ManifestError with one line."""
    unknown = sorted(set(data) - {"manifest", "rule"})
    if unknown:
        raise ManifestError(f"unknown top-level key {unknown[0]!r} (expected [manifest] "
                            "and [[rule]])")
    head = data.get("manifest")
    if not isinstance(head, dict):
        raise ManifestError("missing [manifest] table")
    unknown = sorted(set(head) - _MANIFEST_KEYS)
    if unknown:
        raise ManifestError(f"[manifest]: unknown key {unknown[0]!r}")
    engine = head.get("engine", ENGINE_VERSION)
    if not isinstance(engine, int) or isinstance(engine, bool) or engine < 1:
        raise ManifestError("[manifest]: engine must be a positive integer")
    if engine > ENGINE_VERSION:
        raise ManifestError(f"needs rules engine {engine}, this osc7501wrap has engine "
                            f"{ENGINE_VERSION} (upgrade osc7501wrap to use it)")
    name = head.get("name")
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise ManifestError("[manifest]: name must be a string of [a-z0-9_-]{1,32}")
    version = head.get("version")
    if not isinstance(version, str) or not version or len(version) > 64:
        raise ManifestError("[manifest]: version must be a non-empty string")
    app = head.get("app", name)
    if not isinstance(app, str) or not _APP_RE.match(app):
        raise ManifestError("[manifest]: app must be a string of [A-Za-z0-9_.+-]{1,32}")
    desc = head.get("description", "")
    if not isinstance(desc, str):
        raise ManifestError("[manifest]: description must be a string")
    programs: list[str] = []
    package_paths: list[str] = []
    for key, dest in (("programs", programs), ("package_paths", package_paths)):
        v = head.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
            raise ManifestError(f"[manifest]: {key} must be a list of non-empty strings")
        dest.extend(x.lower() if key == "programs" else x for x in v)
    verified = head.get("verified")
    if verified is not None and not isinstance(verified, bool):
        raise ManifestError("[manifest]: verified must be true or false")
    verified_on = head.get("verified_on", [])
    if (not isinstance(verified_on, list) or len(verified_on) > 32
            or not all(isinstance(x, str) and 0 < len(x) <= 64 for x in verified_on)):
        raise ManifestError("[manifest]: verified_on must be a list of agent versions")
    reason = head.get("verified_reason", "")
    if not isinstance(reason, str) or len(reason) > 400:
        raise ManifestError("[manifest]: verified_reason must be a string (at most 400 "
                            "characters)")
    if verified is False and not reason.strip():
        raise ManifestError("[manifest]: verified = false needs a verified_reason")
    install = head.get("install", "")
    if not isinstance(install, str) or len(install) > 200 or not install.isprintable():
        raise ManifestError("[manifest]: install must be one line of printable text "
                            "(at most 200 characters)")
    rules_raw = data.get("rule", [])
    if not isinstance(rules_raw, list):
        raise ManifestError("rule must be an array of tables ([[rule]])")
    if len(rules_raw) > MAX_RULES:
        raise ManifestError(f"{len(rules_raw)} rules (at most {MAX_RULES})")
    budget = _Budget()
    seen: set[str] = set()
    rules = tuple(_parse_rule(r, i, budget, seen) for i, r in enumerate(rules_raw))
    return Manifest(name=name, version=version, app=app, description=desc,
                    programs=tuple(programs), package_paths=tuple(package_paths),
                    engine=engine, install=install, rules=rules, source=source,
                    builtin=builtin, verified=verified, verified_on=tuple(verified_on),
                    verified_reason=" ".join(reason.split()))


def parse_manifest_text(text: str, source: str = "", builtin: bool = False) -> Manifest:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"TOML syntax error: {err}") from None
    return parse_manifest(data, source, builtin)


# ---------------------------------------------------------------------------------------
# Loading


def builtin_rules_dir() -> Any:
    """The directory (a Traversable) holding the built-in manifests.

    Installed wheels carry them as package data `osc7501wrap/rules`; a source checkout or
    an editable install has them in the top-level `rules/` next to the package directory.
    """
    try:
        d = importlib.resources.files("osc7501wrap") / "rules"
        if d.is_dir():
            return d
    except (ModuleNotFoundError, OSError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "rules"


def _iter_toml(directory: Any) -> Iterator[Any]:
    try:
        entries = sorted(directory.iterdir(), key=lambda e: e.name)
    except (OSError, AttributeError):
        return
    for e in entries:
        if e.name.endswith(".toml") and not e.name.startswith("."):
            try:
                if e.is_file():
                    yield e
            except OSError:
                continue


def _load_one(entry: Any, builtin: bool) -> Manifest:
    source = str(entry)
    try:
        raw = entry.read_bytes()
    except OSError as err:
        raise ManifestError(f"cannot read: {err.strerror or err}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ManifestError(f"file larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ManifestError("not UTF-8 text") from None
    return parse_manifest_text(text, source, builtin)


_DEFAULT: Any = object()
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _line(text: str) -> str:
    """One line for the error list: control characters (a newline in a file name...)
    shown escaped."""
    return _CONTROL_RE.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def generic_fallback() -> Manifest:
    """An empty `generic` manifest, used only if the built-in one cannot be loaded."""
    return Manifest(name="generic", version="0", app="generic",
                    description="no rules (built-in generic manifest missing)")


def load_manifests(user_dir: Path | None = _DEFAULT, builtin_dir: Any = None) -> Catalog:
    """Load the built-in manifests, then the user's (`paths.user_rules_dir()` by default;
    None for none). A user manifest replaces the built-in one of the same name. Every
    broken file adds one line to `catalog.errors` and is skipped; nothing raises."""
    cat = Catalog()
    src = builtin_rules_dir() if builtin_dir is None else builtin_dir
    for entry in _iter_toml(src):
        try:
            m = _load_one(entry, builtin=True)
        except ManifestError as err:
            cat.errors.append(_line(f"rules: {entry}: {err}"))
            continue
        if m.name in cat.manifests:
            cat.errors.append(_line(f"rules: {entry}: manifest {m.name!r} is already "
                                    f"defined by {cat.manifests[m.name].source}"))
            continue
        cat.manifests[m.name] = m
    if not cat.manifests:
        cat.errors.append(_line(f"rules: no built-in manifests found in {src} "
                                "(reinstall osc7501wrap)"))
    if user_dir is _DEFAULT:
        try:
            user_dir = paths.user_rules_dir()
        except (OSError, RuntimeError, KeyError):
            user_dir = None
    if user_dir is not None:
        user: dict[str, Manifest] = {}
        for entry in _iter_toml(Path(user_dir)):
            try:
                m = _load_one(entry, builtin=False)
            except ManifestError as err:
                what = (f" (the built-in {entry.name[:-5]} manifest is used instead)"
                        if entry.name[:-5] in cat.manifests else "")
                cat.errors.append(_line(f"rules: {entry}: {err}{what}"))
                continue
            if m.name in user:
                cat.errors.append(_line(f"rules: {entry}: manifest {m.name!r} is already "
                                        f"defined by {user[m.name].source}"))
                continue
            user[m.name] = m
        cat.manifests.update(user)
    if "generic" not in cat.manifests:
        cat.manifests["generic"] = generic_fallback()
    return cat


# ---------------------------------------------------------------------------------------
# Selecting the manifest for a command line

# Programs that run another program named in their arguments.
_WRAPPERS = frozenset({
    "node", "nodejs", "bun", "deno", "tsx", "ts-node", "python", "python3", "pypy",
    "pypy3", "npx", "bunx", "pnpx", "pnpm", "npm", "yarn", "uv", "uvx", "pipx", "env",
    "nice", "nohup", "time", "stdbuf", "caffeinate", "exec", "command", "sudo", "doas",
})
_SUBCOMMANDS = frozenset({"exec", "run", "dlx", "x", "tool"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish"})
_EXTS = (".exe", ".cmd", ".bat", ".js", ".mjs", ".cjs", ".ts", ".py", ".sh")
_PY_RE = re.compile(r"(?:python|pypy)\d+(?:\.\d+)*\Z")
_VERSION_SUFFIX_RE = re.compile(r"(?<=.)@[^/@]*\Z")


def _base(arg: str) -> str:
    b = os.path.basename(arg.rstrip("/")).lower()
    for ext in _EXTS:
        if b.endswith(ext) and len(b) > len(ext):
            return b[: -len(ext)]
    return b


def _is_wrapper(base: str) -> bool:
    return base in _WRAPPERS or bool(_PY_RE.match(base))


def _by_program(catalog: Catalog, base: str) -> Manifest | None:
    for m in catalog.manifests.values():
        if base in m.programs:
            return m
    return None


def _by_package(catalog: Catalog, arg: str) -> Manifest | None:
    cands = {arg, arg + "/", _VERSION_SUFFIX_RE.sub("", arg) + "/"}
    for m in catalog.manifests.values():
        for p in m.package_paths:
            if any(p in c for c in cands):
                return m
    return None


def _select(catalog: Catalog, argv: Sequence[str], depth: int) -> Manifest | None:
    if not argv or depth > 4:
        return None
    first = argv[0]
    base = _base(first)
    m = _by_program(catalog, base) or _by_package(catalog, first)
    if m is not None:
        return m
    rest = list(argv[1:17])
    if base in _SHELLS:
        if len(rest) >= 2 and rest[0] in ("-c", "-lc", "-ic"):
            try:
                words = shlex.split(rest[1])
            except ValueError:
                return None
            while words and ("=" in words[0] and not words[0].startswith("=")):
                words.pop(0)  # VAR=value prefixes
            return _select(catalog, words, depth + 1)
        return None
    if not _is_wrapper(base):
        return None
    # The first non-option argument is the program, script or package the wrapper runs.
    # Later arguments are only checked against package paths, which are specific.
    found_program = False
    skip_next = False
    for arg in rest:
        if skip_next:
            skip_next = False
            m = _by_program(catalog, _base(arg))
            if m is not None:
                return m
            continue
        if arg == "-m":  # python -m module
            skip_next = True
            continue
        if arg.startswith("-") or (base == "env" and "=" in arg):
            continue
        m = _by_package(catalog, arg)
        if m is not None:
            return m
        if not found_program:
            found_program = True
            if arg in _SUBCOMMANDS and base in ("npm", "pnpm", "yarn", "uv", "pipx", "bun"):
                found_program = False
                continue
            m = _by_program(catalog, _base(arg))
            if m is not None:
                return m
            sub_base = _base(arg)
            if _is_wrapper(sub_base) or sub_base in _SHELLS:
                idx = rest.index(arg)
                return _select(catalog, rest[idx:], depth + 1)
    return None


def select_manifest(catalog: Catalog, argv: Sequence[str], forced: str | None = None
                    ) -> Manifest:
    """The manifest for running `argv`: the forced one (`--agent NAME`), else the one whose
    program or package path matches (looking through node/python/npx/env/sh -c wrappers),
    else `generic`. An unknown forced name raises WrapError listing the known names."""
    if forced:
        m = catalog.get(forced)
        if m is None:
            raise WrapError(f"unknown agent {forced!r} (known: {', '.join(catalog.names)})")
        return m
    m = _select(catalog, list(argv), 0)
    if m is not None:
        return m
    return catalog.get("generic") or generic_fallback()
