"""Loading manifests: bounded reads, TOML, validation, linear-time pattern compilation.

Every pattern is compiled with RE2 (`google-re2`), which matches in time linear in the
text and cannot backtrack; a pattern RE2 cannot run (lookarounds, backreferences) makes
its file refused with one line. Python spellings RE2 lacks are accepted: `\\Z` (end of
text) and `\\uXXXX` / `\\UXXXXXXXX` escapes. A file is checked by size before it is read
and read with a bound, so neither a huge nor a growing file can stall the start.

A manifest's `[patterns]` (rules.patterns) are expanded into its patterns before they are
checked and compiled, as if written out.

Every broken file adds one line to `Catalog.errors` (`rules: <file>: <what is wrong>`)
and is skipped; the built-ins keep working. Nothing here raises to the caller.

`load_manifests` loads every manifest (for `explain`, `doctor`, `config`...) and compiles
every pattern; `load_headers` is for choosing one (`wrap CMD`): it parses only the chosen
built-in, whose patterns are compiled at their first use (:class:`LazyPat`: a screen read
compiles the rules it evaluates), and the user's manifests in full, so that their errors
are said at once.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import time
import tomllib
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import re2

from .. import paths
from ..protocol.sanitize import escape_controls
from .dialog import parse_spec
from .model import (
    ENGINE_VERSION,
    GENERIC,
    KINDS,
    MAX_EXPANDED_LEN,
    MAX_FILE_BYTES,
    MAX_GATE_DEPTH,
    MAX_GATES,
    MAX_PATTERN_LEN,
    MAX_PATTERNS,
    MAX_PATTERNS_PER_KEY,
    MAX_RULES,
    STATES,
    BackgroundSpec,
    Catalog,
    Gate,
    Manifest,
    ManifestError,
    Pattern,
    Rule,
    shown,
)
from .patterns import REF, expand, parse_patterns
from .regions import parse_region, tname

_NAME_RE = re.compile(r"[a-z0-9_-]{1,32}\Z")
_APP_RE = re.compile(r"[A-Za-z0-9_.+-]{1,32}\Z")
_ID_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}\Z")
_LANG_RE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?\Z")

_MANIFEST_KEYS = frozenset(
    {"name", "version", "app", "description", "programs", "package_paths", "engine",
     "verified", "verified_on", "verified_reason", "install", "integration", "languages",
     "languages_note"})
_GATE_KEYS = frozenset({"contains", "regex", "line_regex", "all", "any", "not"})
_RULE_KEYS = frozenset(
    {"id", "state", "kind", "region", "visible", "msg", "msg_regex", "msg_line", "prompt",
     "interrupt", "background", "agent_screen"}
) | _GATE_KEYS
_MSG_MODES = ("line", "first", "last")

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print to the user's terminal otherwise
_LINE_OPTIONS = re2.Options()
_LINE_OPTIONS.log_errors = False
_LINE_OPTIONS.never_nl = True  # with (?m): no match crosses a line, ^ $ are the line's
_UNSUPPORTED_RE = re.compile(r"invalid perl operator: \(\?[=!<]|invalid escape sequence: \\\d")
_ESCAPE_RE = re.compile(r"\\(?:([AZz])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|.)", re.S)
_UNANCHORED = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)


def _to_re2(pattern: str, per_line: bool = False) -> str:
    """Python spellings RE2 lacks: \\Z -> \\z, \\uXXXX and \\UXXXXXXXX -> \\x{...}; for a
    pattern matched line by line on the joined region, \\A and \\Z are the line's ^ $."""
    if "\\" not in pattern:
        return pattern

    def sub(m: re.Match[str]) -> str:
        anchor = m.group(1)
        if anchor:
            if per_line:
                return "^" if anchor == "A" else "$"
            return "\\z" if anchor in "Zz" else m.group(0)
        code = m.group(2) or m.group(3)
        return f"\\x{{{code}}}" if code else m.group(0)

    return _ESCAPE_RE.sub(sub, pattern)


class Pat:
    """A compiled pattern: `pattern` is the manifest's text, `search(str)` gives a match
    object (for messages), `test(bytes)` only says whether it matches (the hot path, on
    the region's UTF-8 bytes, encoded once per region)."""

    __slots__ = ("groupindex", "pattern", "per_line", "search", "source", "test")

    def __init__(self, source: str, rx: Any, compiled: str = "", per_line: bool = False) -> None:
        self.pattern = source
        self.per_line = per_line
        self.source = compiled  # what RE2 compiled (for a set of them: rules.lines)
        self.search = rx.search
        self.groupindex = rx.groupindex
        raw = getattr(rx, "_regexp", None)
        if raw is not None and _UNANCHORED is not None and hasattr(raw, "Match"):
            def test(data: bytes, _m: Any = raw.Match, _a: Any = _UNANCHORED) -> bool:
                return bool(_m(_a, data, 0, len(data))[0][0] >= 0)
        else:  # another version of the binding: through its public API
            def test(data: bytes, _s: Any = rx.search) -> bool:
                return _s(data.decode("utf-8")) is not None
        self.test = test


class LazyPat(Pat):
    """A pattern compiled at its first use, for the built-in manifest `wrap CMD` runs
    with (:func:`lazy_pattern`): compiling all of its patterns at the boot costs tens of
    milliseconds, which a flood of output pays in throughput, while the first screen read
    needs only the rules it evaluates. Until then only `pattern` and `per_line` are set;
    reading any other attribute compiles it and makes the object a plain :class:`Pat`
    (the same object, so rules that share it share its answers, and no lookup is slower
    than on a pattern compiled at load). Every shipped pattern compiles
    (tests/unit/test_rules_lazy.py); one that does not (an installed file edited) matches
    nothing, as a rule switched off reads nothing."""

    __slots__ = ()

    def __init__(self, source: str, per_line: bool) -> None:
        self.pattern = source
        self.per_line = per_line

    def __getattr__(self, name: str) -> Any:
        """Runs only for an attribute not set yet: compile, then read it as a Pat's."""
        if name in ("pattern", "per_line"):
            raise AttributeError(name)
        try:
            rx, src = _re2_compile(self.pattern, self.per_line)
            Pat.__init__(self, self.pattern, rx, src, self.per_line)
        except ManifestError:
            self.source, self.groupindex = _NOTHING, {}
            self.search, self.test = _no_search, _no_test
        self.__class__ = Pat
        return getattr(self, name)


_NOTHING = "[^\\x00-\\x{10FFFF}]"  # RE2 source of a pattern that matches no text


def _no_search(text: str, *where: int) -> None:
    return None


def _no_test(data: bytes) -> bool:
    return False


_UNUSED: deque[LazyPat] = deque()  # lazy patterns made, in the order made: compile_some's queue


@functools.lru_cache(maxsize=4096)
def lazy_pattern(pattern: str, per_line: bool = False) -> Pattern:
    """:func:`compile_pattern`'s pattern, compiled at its first use (:class:`LazyPat`).
    The same text gives the same object."""
    pat = LazyPat(pattern, per_line)
    _UNUSED.append(pat)
    return pat


def compile_some(budget: float, clock: Callable[[], float] = time.perf_counter) -> int:
    """Compile lazy patterns no screen read has used yet, in the order their manifest
    holds them, for about `budget` seconds (at least one); the number still left. The
    session calls it while the program is quiet (session.boot.warm): a screen read no rule
    has answered before (the first after a dialog's answer, say) would otherwise compile
    the rest of the fallback's patterns, some 45 ms, in the loop, while keys wait to echo."""
    end = clock() + budget
    left = _UNUSED
    while left:
        pat = left.popleft()
        if type(pat) is LazyPat:
            pat.test  # noqa: B018 - reading it compiles the pattern (LazyPat.__getattr__)
            if clock() >= end:
                break
    return len(left)


@functools.lru_cache(maxsize=4096)
def compile_pattern(pattern: str, per_line: bool = False) -> Pattern:
    """A linear-time pattern; ManifestError (one line) if RE2 cannot run it. With
    `per_line` (a line_regex) it is matched on the whole region at once, but no match
    crosses a line: "some single line matches" in one call. The same text gives the same
    object (rules that share a pattern share its answer on a region: rules.engine)."""
    rx, src = _re2_compile(pattern, per_line)
    return Pat(pattern, rx, src, per_line)


def _re2_compile(pattern: str, per_line: bool) -> tuple[Any, str]:
    """RE2's compiled pattern and the source it compiled; ManifestError (one line) if RE2
    cannot run it."""
    try:
        if per_line:
            src = "(?m)" + _to_re2(pattern, True)
            return re2.compile(src, _LINE_OPTIONS), src
        src = _to_re2(pattern)
        return re2.compile(src, _OPTIONS), src
    except re2.error as err:
        why = err.args[0] if err.args else "?"
        why = why.decode("utf-8", "replace") if isinstance(why, bytes) else str(why)
        if _UNSUPPORTED_RE.search(why):
            raise ManifestError(
                f"{pattern!r}: not supported by the linear-time rules engine ({why}): "
                "lookarounds and backreferences are not; express them with a `not` "
                "gate") from None
        raise ManifestError(f"{pattern!r}: bad regex: {why}") from None
    except (TypeError, ValueError, OverflowError) as err:
        raise ManifestError(f"{pattern!r}: bad pattern: {err}") from None


class _Budget:
    """One manifest's parse: its gates and patterns counted against the limits, and how
    a pattern is compiled (at once, or at its first use: :func:`lazy_pattern`)."""

    def __init__(self, lazy: bool = False, named: Mapping[str, str] | None = None) -> None:
        self.gates = 0
        self.patterns = 0
        self.named_patterns: Mapping[str, str] = named or {}  # [patterns], expanded
        self._compile: Callable[[str, bool], Pattern] = lazy_pattern if lazy else compile_pattern

    def compile(self, pattern: str, per_line: bool = False) -> Pattern:
        """`pattern` with its `(?&name)` references expanded, compiled as a literal one;
        expanded, it is held to MAX_EXPANDED_LEN. ManifestError (one line)."""
        if REF in pattern:
            pattern = expand(pattern, self.named_patterns)
            if len(pattern) > MAX_EXPANDED_LEN:
                raise ManifestError(f"pattern longer than {MAX_EXPANDED_LEN} characters once "
                                    "its (?&name) references are expanded")
        return self._compile(pattern, per_line)


def _str_list(v: object, key: str) -> list[str]:
    items = [v] if isinstance(v, str) else v
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise ManifestError(f"{key} must be a string or a list of strings, not {tname(v)}")
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


def _compile(pats: list[str], key: str, budget: _Budget,
             per_line: bool = False) -> tuple[Pattern, ...]:
    out = []
    for p in pats:
        budget.patterns += 1
        if budget.patterns > MAX_PATTERNS:
            raise ManifestError(f"more than {MAX_PATTERNS} patterns in one manifest")
        try:
            out.append(budget.compile(p, per_line))
        except ManifestError as err:
            raise ManifestError(f"{key} {err}") from None
    return tuple(out)


def _parse_gate(d: Mapping[str, Any], budget: _Budget, depth: int, where: str) -> Gate:
    if depth > MAX_GATE_DEPTH:
        raise ManifestError(f"{where}: gates nested deeper than {MAX_GATE_DEPTH}")
    budget.gates += 1
    if budget.gates > MAX_GATES:
        raise ManifestError(f"more than {MAX_GATES} gates in one manifest")
    contains: tuple[str, ...] = ()
    regex: tuple[Pattern, ...] = ()
    line_regex: tuple[Pattern, ...] = ()
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
        line_regex = _compile(_str_list(d["line_regex"], key), key, budget, per_line=True)
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
            raise ManifestError(f"{where}not must be a gate table, not {tname(v)}")
        not_ = _parse_sub(v, budget, depth + 1, f"{where}not")
    if not present:
        raise ManifestError(f"{where.rstrip(' .') or 'gate'}: no condition (contains, "
                            "regex, line_regex, all, any or not)")
    return Gate(contains, regex, line_regex, subs["all"], subs["any"], not_)


def _parse_sub(d: dict[str, Any], budget: _Budget, depth: int, where: str) -> Gate:
    unknown = sorted(set(d) - _GATE_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown key {shown(unknown[0])} in a gate "
                            f"(known: {', '.join(sorted(_GATE_KEYS))})")
    return _parse_gate(d, budget, depth, where + ".")


def _has_line_patterns(gate: Gate) -> bool:
    return bool(gate.line_regex) or any(_has_line_patterns(g) for g in (*gate.all, *gate.any))


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
            raise ManifestError(f"unknown key {shown(unknown[0])}")
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
            raise ManifestError(f"visible must be true or false, not {tname(visible)}")
        prompt = d.get("prompt", False)
        if not isinstance(prompt, bool) or (prompt and state != "idle"):
            raise ManifestError("prompt must be true or false, and true only on idle rules")
        interrupt = d.get("interrupt", False)
        if not isinstance(interrupt, bool) or (interrupt and state != "idle"):
            raise ManifestError("interrupt must be true or false, and true only on idle "
                                "rules")
        background = d.get("background", False)
        if not isinstance(background, bool) or (background and state != "working"):
            raise ManifestError("background must be true or false, and true only on working "
                                "rules")
        agent_screen = d.get("agent_screen", False)
        if not isinstance(agent_screen, bool) or (agent_screen
                                                  and state not in ("working", "idle")):
            raise ManifestError("agent_screen must be true or false, and true only on "
                                "working or idle rules")
        msg = d.get("msg")
        if msg is not None and msg not in _MSG_MODES:
            raise ManifestError(f"msg must be one of {', '.join(_MSG_MODES)}, not {msg!r}")
        msg_regex: tuple[Pattern, ...] = ()
        if "msg_regex" in d:
            msg_regex = _compile(_str_list(d["msg_regex"], "msg_regex"), "msg_regex", budget)
        msg_line: tuple[Pattern, ...] = ()
        if "msg_line" in d:
            msg_line = _compile(_str_list(d["msg_line"], "msg_line"), "msg_line", budget)
        gate = _parse_gate({k: v for k, v in d.items() if k in _GATE_KEYS}, budget, 1, "")
        if msg == "line" and not _has_line_patterns(gate):
            raise ManifestError('msg = "line" needs a line_regex in the gate')
    except ManifestError as err:
        raise ManifestError(f"{label}: {err}") from None
    return Rule(rid, state, kind, region, gate, visible, msg, msg_regex, msg_line, index,
                prompt, interrupt, background, agent_screen)


_BACKGROUND_KEYS = frozenset({"native", "helpers", "none"})
_HELPER_RE = re.compile(r"[A-Za-z0-9_.+-]{1,64}\Z")


def _parse_background(raw: Any, budget: _Budget) -> BackgroundSpec:
    """The [background] table, validated (see :class:`BackgroundSpec`)."""
    if raw is None:
        return BackgroundSpec()
    if not isinstance(raw, dict):
        raise ManifestError("[background] must be a table")
    unknown = sorted(set(raw) - _BACKGROUND_KEYS)
    if unknown:
        raise ManifestError(f"[background]: unknown key {shown(unknown[0])}")
    native: tuple[Pattern, ...] = ()
    if "native" in raw:
        native = _compile(_str_list(raw["native"], "native"), "[background] native", budget)
    helpers = raw.get("helpers", [])
    if (not isinstance(helpers, list) or len(helpers) > 64
            or not all(isinstance(x, str) and _HELPER_RE.match(x) for x in helpers)):
        raise ManifestError("[background]: helpers must be a list of process names "
                            "([A-Za-z0-9_.+-]{1,64})")
    none = raw.get("none", "")
    if not isinstance(none, str) or len(none) > 400:
        raise ManifestError("[background]: none must be a string (at most 400 characters)")
    if none.strip() and (native or helpers):
        raise ManifestError("[background]: none says the agent has no background work; "
                            "native and helpers say it has")
    return BackgroundSpec(native, tuple(helpers), " ".join(none.split()))


def _parse_head(data: Mapping[str, Any]) -> dict[str, Any]:
    """The [manifest] table of a decoded TOML document, validated: Manifest's fields but
    the rules. Raises ManifestError with one line."""
    unknown = sorted(set(data) - {"manifest", "patterns", "rule", "dialog", "background"})
    if unknown:
        raise ManifestError(f"unknown top-level key {shown(unknown[0])} (expected [manifest], "
                            "[patterns], [[rule]], [dialog] and [background])")
    head = data.get("manifest")
    if not isinstance(head, dict):
        raise ManifestError("missing [manifest] table")
    unknown = sorted(set(head) - _MANIFEST_KEYS)
    if unknown:
        raise ManifestError(f"[manifest]: unknown key {shown(unknown[0])}")
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
    languages = head.get("languages", [])
    if (not isinstance(languages, list) or len(languages) > 32
            or not all(isinstance(x, str) and _LANG_RE.match(x) for x in languages)):
        raise ManifestError("[manifest]: languages must be a list of language codes "
                            "(\"en\", \"de\", \"zh-TW\")")
    languages_note = head.get("languages_note", "")
    if not isinstance(languages_note, str) or len(languages_note) > 400:
        raise ManifestError("[manifest]: languages_note must be a string (at most 400 "
                            "characters)")
    install = head.get("install", "")
    if not isinstance(install, str) or len(install) > 200 or not install.isprintable():
        raise ManifestError("[manifest]: install must be one line of printable text "
                            "(at most 200 characters)")
    integration = head.get("integration", "")
    if not isinstance(integration, str) or (integration and not _NAME_RE.match(integration)):
        raise ManifestError("[manifest]: integration must be a string of [a-z0-9_-]{1,32}")
    return {"name": name, "version": version, "app": app, "description": desc,
            "programs": tuple(programs), "package_paths": tuple(package_paths),
            "engine": engine, "install": install, "integration": integration,
            "verified": verified,
            "verified_on": tuple(verified_on), "verified_reason": " ".join(reason.split()),
            "languages": tuple(languages), "languages_note": " ".join(languages_note.split())}


def _named(raw: object, inherited: Mapping[str, str] | None, lazy: bool) -> dict[str, str]:
    """The [patterns] table, expanded (rules.patterns), each fragment of its own compiled
    on its own (but `lazy`: at first use, as the rules' patterns); ManifestError."""
    named = parse_patterns(raw, inherited)
    if not lazy and isinstance(raw, dict):
        for name in raw:
            try:
                _re2_compile(named[name], False)
            except ManifestError as err:
                raise ManifestError(f"[patterns] {name}: {err}") from None
    return named


def parse_manifest(data: Mapping[str, Any], source: str = "", builtin: bool = False,
                   lazy: bool = False, inherited: Mapping[str, str] | None = None) -> Manifest:
    """Validate a decoded TOML document; raises ManifestError with one line. With `lazy`
    its patterns are compiled at their first use (:class:`LazyPat`), so neither a pattern
    RE2 cannot run nor a dialog pattern without its named group is found here: for the
    built-ins only, which the suite loads in full. `inherited`: the [patterns] a user
    manifest may reference besides its own (those of the built-in it replaces)."""
    head = _parse_head(data)
    named = _named(data.get("patterns"), inherited, lazy)
    rules_raw = data.get("rule", [])
    if not isinstance(rules_raw, list):
        raise ManifestError("rule must be an array of tables ([[rule]])")
    if len(rules_raw) > MAX_RULES:
        raise ManifestError(f"{len(rules_raw)} rules (at most {MAX_RULES})")
    budget = _Budget(lazy, named)
    seen: set[str] = set()
    rules = tuple(_parse_rule(r, i, budget, seen) for i, r in enumerate(rules_raw))
    dialog = parse_spec(data.get("dialog"), {r.id for r in rules if r.state == "blocked"},
                        budget.compile, groups=not lazy)
    background = _parse_background(data.get("background"), budget)
    return Manifest(**head, rules=rules, source=source, builtin=builtin, dialog=dialog,
                    background=background, named_patterns=named)


def parse_manifest_text(text: str, source: str = "", builtin: bool = False,
                        lazy: bool = False,
                        inherited: Callable[[str], Mapping[str, str]] | None = None) -> Manifest:
    """:func:`parse_manifest` of a TOML text; `inherited(name)` gives the [patterns] a
    manifest of that name may reference besides its own."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"TOML syntax error: {err}") from None
    base = None
    if inherited is not None:
        head = data.get("manifest")
        name = head.get("name") if isinstance(head, dict) else None
        base = inherited(name) if isinstance(name, str) else None
    return parse_manifest(data, source, builtin, lazy, base)


# ---------------------------------------------------------------------------------------
# Files


def builtin_rules_dir() -> Any:
    """The directory (a Traversable) holding the built-in manifests.

    Installed wheels carry them as package data `osc7501wrap/manifests`; a source checkout
    or an editable install has them in the top-level `rules/` next to the package.
    """
    package = Path(__file__).resolve().parent.parent
    d = package / "manifests"  # a plain path: importlib.resources costs 10 ms to import
    if d.is_dir():
        return d
    return package.parent / "rules"


def _iter_toml(directory: Any) -> Iterator[Any]:
    try:
        entries = sorted(directory.iterdir(), key=lambda e: e.name)
    except (OSError, AttributeError):
        return
    for e in entries:
        if e.name.endswith(".toml") and not e.name.startswith("."):
            try:
                if e.is_file():  # a stat: a FIFO or a directory is skipped unopened
                    yield e
            except OSError:
                continue


def read_bounded(entry: Any, limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, checked by size first and read with a bound (a FIFO, a device or
    a file growing meanwhile cannot stall or flood the reader). ManifestError if not."""
    if not isinstance(entry, Path):  # package data in a zip: small and trusted
        try:
            raw = entry.read_bytes()
        except OSError as err:
            raise ManifestError(f"cannot read: {err.strerror or err}") from None
    else:
        try:
            fd = os.open(entry, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError as err:
            raise ManifestError(f"cannot read: {err.strerror or err}") from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise ManifestError("not a regular file")
            if st.st_size > limit:
                raise ManifestError(f"file larger than {limit // 1024} KiB")
            chunks: list[bytes] = []
            left = limit + 1
            while left > 0:
                got = os.read(fd, min(left, 65536))
                if not got:
                    break
                chunks.append(got)
                left -= len(got)
            raw = b"".join(chunks)
        except OSError as err:
            raise ManifestError(f"cannot read: {err.strerror or err}") from None
        finally:
            os.close(fd)
    if len(raw) > limit:
        raise ManifestError(f"file larger than {limit // 1024} KiB")
    return raw


def _read_text(entry: Any) -> str:
    raw = read_bounded(entry)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ManifestError("not UTF-8 text") from None


def _load_one(entry: Any, builtin: bool,
              inherited: Callable[[str], Mapping[str, str]] | None = None) -> Manifest:
    return parse_manifest_text(_read_text(entry), str(entry), builtin, inherited=inherited)


def _builtin_patterns(cat: Catalog, name: str) -> Mapping[str, str]:
    """The [patterns] of the built-in manifest `name` (none if there is none, or if it is
    broken): what a user manifest replacing it may reference."""
    m = cat.manifests.get(name)
    if m is None or not m.builtin:
        return {}
    unparsed = cat.unparsed.get(name) if isinstance(cat, LazyCatalog) else None
    if unparsed is None or unparsed[0] is not m:
        return m.named_patterns
    text = unparsed[1]  # a header only (load_headers): the table from the file's text,
    head = text.split(_RULES_START, 1)[0]  # where the shipped files have it, else all of it
    try:
        raw = tomllib.loads(head).get("patterns") if "[patterns]" in head else None
        if raw is None:
            raw = tomllib.loads(text).get("patterns")
        return parse_patterns(raw)
    except (tomllib.TOMLDecodeError, ManifestError):
        return {}


_DEFAULT: Any = object()


def one_line(text: str) -> str:
    """One line for the error list: control characters (a newline in a file name...)
    shown escaped."""
    return escape_controls(text)


def generic_fallback() -> Manifest:
    """An empty `generic` manifest, used only if the built-in one cannot be loaded."""
    return Manifest(name=GENERIC, version="0", app=GENERIC,
                    description="no rules (built-in generic manifest missing)")


def load_manifests(user_dir: Path | None = _DEFAULT, builtin_dir: Any = None) -> Catalog:
    """Load the built-in manifests, then the user's (`paths.user_rules_dir()` by default;
    None for none). A user manifest replaces the built-in one of the same name. Every
    broken file adds one line to `catalog.errors` and is skipped; nothing raises."""
    return _load(Catalog(), user_dir, builtin_dir)


class LazyCatalog(Catalog):
    """A catalog to choose one manifest from (`wrap CMD`): a built-in manifest is read
    only as far as its [manifest] table, which is all that choosing needs, and holds no
    rules until :meth:`complete` parses and compiles it (one manifest's patterns where
    all of them would cost tens of milliseconds). User manifests are loaded in full, so
    a broken one is reported as :func:`load_manifests` reports it. The choice is the full
    load's while the built-ins load cleanly with unique names (as the shipped ones must:
    tests/unit/test_rules.py); of two built-ins named alike, the first broken past its
    header, this falls back to generic where the full load takes the second."""

    def __init__(self) -> None:
        super().__init__()
        self.unparsed: dict[str, tuple[Manifest, str]] = {}  # name -> (header, file text)

    def complete(self, m: Manifest) -> Manifest | None:
        """`m` with its rules; None if its file turns out broken: then one line is added
        to `errors` and `m` is taken out of the catalog (choose again)."""
        head, text = self.unparsed.get(m.name, (None, ""))
        if head is not m:
            return m  # loaded in full (a user manifest, the generic fallback...)
        del self.unparsed[m.name]
        try:
            full = parse_manifest_text(text, m.source, builtin=True, lazy=True)
        except ManifestError as err:
            self.errors.append(one_line(f"rules: {m.source}: {err}"))
            del self.manifests[m.name]
            return None
        self.manifests[m.name] = full
        return full


def load_headers(user_dir: Path | None = _DEFAULT, builtin_dir: Any = None) -> LazyCatalog:
    """The catalog of :func:`load_manifests`, with the built-ins read only as far as their
    [manifest] table (see :class:`LazyCatalog`): call `complete()` on the chosen one."""
    cat = LazyCatalog()
    _load(cat, user_dir, builtin_dir)
    return cat


_RULES_START = "\n[[rule]]"


def _load_head(entry: Any) -> tuple[Manifest, str | None]:
    """A built-in manifest without its rules and the file's text, from the text before
    its first `[[rule]]`; the manifest parsed and compiled whole (and None) if that text
    is not a document of its own with the [manifest] table. Any statement of that text
    is one of the whole file, so the table is the same; a file broken further on is
    found by `complete()`."""
    text = _read_text(entry)
    try:
        data = tomllib.loads(text.split(_RULES_START, 1)[0])
    except tomllib.TOMLDecodeError:
        data = {}
    if "manifest" not in data:
        return parse_manifest_text(text, str(entry), builtin=True), None
    return Manifest(**_parse_head(data), source=str(entry), builtin=True), text


def _load(cat: Catalog, user_dir: Path | None, builtin_dir: Any) -> Catalog:
    src = builtin_rules_dir() if builtin_dir is None else builtin_dir
    lazy = cat if isinstance(cat, LazyCatalog) else None
    for entry in _iter_toml(src):
        text = None
        try:
            if lazy is None:
                m = _load_one(entry, builtin=True)
            else:
                m, text = _load_head(entry)
        except ManifestError as err:
            cat.errors.append(one_line(f"rules: {entry}: {err}"))
            continue
        if m.name in cat.manifests:
            cat.errors.append(one_line(f"rules: {entry}: manifest {m.name!r} is already "
                                       f"defined by {cat.manifests[m.name].source}"))
            continue
        cat.manifests[m.name] = m
        if lazy is not None and text is not None:
            lazy.unparsed[m.name] = (m, text)
    if not cat.manifests:
        cat.errors.append(one_line(f"rules: no built-in manifests found in {src} "
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
                m = _load_one(entry, builtin=False,
                              inherited=lambda name: _builtin_patterns(cat, name))
            except ManifestError as err:
                what = (f" (the built-in {entry.name[:-5]} manifest is used instead)"
                        if entry.name[:-5] in cat.manifests else "")
                cat.errors.append(one_line(f"rules: {entry}: {err}{what}"))
                continue
            if m.name in user:
                cat.errors.append(one_line(f"rules: {entry}: manifest {m.name!r} is "
                                           f"already defined by {user[m.name].source}"))
                continue
            user[m.name] = m
        cat.manifests.update(user)
    if GENERIC not in cat.manifests:
        cat.manifests[GENERIC] = generic_fallback()
    return cat
