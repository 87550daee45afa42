"""Named regex fragments: a manifest's `[patterns]` table and its `(?&name)` references.

A manifest names a fragment once (`yes_no_keys = '...'`) and any of its regex fields says
`(?&yes_no_keys)` where the fragment goes; at load the reference is replaced by
`(?:FRAGMENT)`, text for text, before the pattern is checked and compiled as if it had
been written out (the same engine, the same length limit). `(?&` is PCRE's subroutine
call, which neither Python's `re` nor RE2 accepts, so no working pattern means anything
else by it. A fragment may reference other fragments of the table (a cycle is refused,
named); a user manifest that replaces a built-in one may reference the built-in's
fragments as well as its own.

This module parses the table and expands text; it compiles nothing (rules.load checks
that each fragment compiles on its own and compiles the expanded patterns).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping

from .model import MAX_EXPANDED_LEN, MAX_PATTERN_LEN, ManifestError, shown

REF = "(?&"
MAX_NAMED = 64  # fragments in one [patterns] table
MAX_LISTED = 8  # names an unknown reference's error line lists
_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}\Z")
_NAME_RULE = "[A-Za-z_][A-Za-z0-9_]{0,31}"


def _refs(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, name) of each `(?&name)` in `text`, outside escapes (`\\(?&x)` is
    no reference: `\\(` is a literal parenthesis), `\\Q...\\E` and character classes.
    ManifestError for a `(?&` without a valid name and `)`."""
    i, n = 0, len(text)
    in_class = False
    while i < n:
        c = text[i]
        if c == "\\":
            if text.startswith("\\Q", i):
                end = text.find("\\E", i + 2)
                i = n if end < 0 else end + 2
            else:
                i += 2
            continue
        if in_class:
            if text.startswith("[:", i):
                end = text.find(":]", i + 2)
                i = i + 1 if end < 0 else end + 2
                continue
            if c == "]":
                in_class = False
            i += 1
            continue
        if c == "[":
            in_class = True
            i += 1
            if text.startswith("^", i):
                i += 1
            if text.startswith("]", i):  # a "]" first in a class is a literal one
                i += 1
            continue
        if text.startswith(REF, i):
            end = text.find(")", i + len(REF))
            name = text[i + len(REF):end] if end >= 0 else ""
            if end < 0 or not _NAME_RE.match(name):
                raise ManifestError(f"bad pattern reference {shown(text[i:])}: (?&NAME) with a "
                                    f"NAME of {_NAME_RULE}")
            yield i, end + 1, name
            i = end + 1
            continue
        i += 1


def _listed(name: str, known: Iterable[str]) -> str:
    """The names an unknown `name` may have meant, for its error line: the closest first,
    at most MAX_LISTED of them ("none" for none)."""
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=3)
    shown = [*close, *(n for n in names if n not in close)][:MAX_LISTED]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "") if shown else "none"


def expand(text: str, named: Mapping[str, str], known: Iterable[str] | None = None) -> str:
    """`text` with every `(?&name)` replaced by `(?:FRAGMENT)` (the fragments of `named`
    already expanded). ManifestError (one line) for an unknown name (the message lists
    `known`, by default `named`) or a bad reference."""
    if REF not in text:
        return text
    out: list[str] = []
    last = 0
    for start, end, name in _refs(text):
        frag = named.get(name)
        if frag is None:
            raise ManifestError(f"unknown pattern (?&{name}) (defined: "
                                f"{_listed(name, named if known is None else known)})")
        out += (text[last:start], "(?:", frag, ")")
        last = end
    out.append(text[last:])
    return "".join(out)


def parse_patterns(raw: object, inherited: Mapping[str, str] | None = None) -> dict[str, str]:
    """The `[patterns]` table, every fragment expanded (no references left), on top of
    `inherited` (the expanded fragments of the built-in manifest a user manifest
    replaces: its own names win). ManifestError (one line) for a table that is not one
    of names and non-empty strings, a bad or unknown reference, a cycle, or a fragment
    longer than the pattern limit once expanded. Compiles nothing."""
    base = dict(inherited or {})
    if raw is None:
        return base
    if not isinstance(raw, dict):
        raise ManifestError("[patterns] must be a table of name = 'regex'")
    if len(raw) > MAX_NAMED:
        raise ManifestError(f"[patterns] has {len(raw)} entries (at most {MAX_NAMED})")
    for name, frag in raw.items():
        if not _NAME_RE.match(name):
            raise ManifestError(f"[patterns] {shown(name)}: a name must be {_NAME_RULE}")
        if not isinstance(frag, str) or not frag:
            raise ManifestError(f"[patterns] {name}: must be a non-empty string")
        if len(frag) > MAX_PATTERN_LEN:
            raise ManifestError(f"[patterns] {name}: longer than {MAX_PATTERN_LEN} "
                                "characters")
    done: dict[str, str] = {}

    def resolve(name: str, path: tuple[str, ...]) -> str:
        if name in done:
            return done[name]
        if name in path:
            cycle = " -> ".join((*path[path.index(name):], name))
            raise ManifestError(f"[patterns]: a cycle of references: {cycle}")
        text = raw[name]
        named: dict[str, str] = {}
        try:
            for _, _, ref in _refs(text):
                if ref in raw:
                    named[ref] = resolve(ref, (*path, name))
                elif ref in base:
                    named[ref] = base[ref]
            out = expand(text, named, set(raw) | set(base))
        except ManifestError as err:
            if str(err).startswith("[patterns]"):
                raise
            raise ManifestError(f"[patterns] {name}: {err}") from None
        if len(out) > MAX_EXPANDED_LEN:
            raise ManifestError(f"[patterns] {name}: longer than {MAX_EXPANDED_LEN} "
                                "characters once its references are expanded")
        done[name] = out
        return out

    for name in raw:
        resolve(name, ())
    return base | done
