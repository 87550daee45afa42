"""A manifest's line patterns matched one screen line at a time, each line once.

Every `line_regex` of a manifest, wherever it sits in a gate, goes into one RE2 set: a
screen line is matched against all of them in one call, and the answer (a bit mask) is
kept while the line stays on screen. A frame that changed one line (a spinner) matches
that line only, however many rules look at it. A region matches a line pattern when one
of its lines does; an empty region has the pattern's answer on empty text. These are
exactly the answers of matching the region's text with the pattern (a line_regex is
compiled so that no match crosses a line): tests/unit/test_rules_lines.py compares them.

Not here: the other conditions (`contains` is a substring test, `regex` reads the whole
region) and the order of rules (:mod:`.engine`).
"""

from __future__ import annotations

from typing import Any

import re2

from .model import Manifest, Pattern
from .regions import Text

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print to the user's terminal otherwise
_OPTIONS.never_nl = True
# A set has no slower fallback when its automaton runs out of memory (it finds nothing),
# where one pattern alone does: give it room, and check it at build time (PROBES).
_OPTIONS.max_mem = 32 << 20
PROBES = ("", "a" * 300, " " * 200 + "12:34 Continue? [y/N] (yes/no) Allow Deny",
          "│ ❯ 1. Yes  │   2. No  ─────────── ✻ Working… (3s · esc to interrupt)")


class LineIndex:
    """The line patterns of one manifest (see the module docstring)."""

    __slots__ = ("_bit", "_empty", "_masks", "_old", "_set", "patterns")

    def __init__(self, manifest: Manifest) -> None:
        found: dict[int, Pattern] = {id(p): p for rule in manifest.ordered
                                     for g in rule.gate.walk() for p in g.line_regex}
        self.patterns = list(found.values())
        self._bit = {key: 1 << i for i, key in enumerate(found)}
        self._empty = sum(1 << i for i, p in enumerate(self.patterns) if p.test(b""))
        rx: Any = re2.Set.SearchSet(_OPTIONS)
        for p in self.patterns:
            rx.Add(p.source)  # ValueError/re2.error: the caller does without the index
        rx.Compile()
        self._set = rx
        self._masks: dict[str, int] = {}  # the lines of the current evaluation
        self._old: dict[str, int] = {}  # those of the one before

    @classmethod
    def build(cls, manifest: Manifest) -> LineIndex | None:
        """The index, or None when RE2 cannot make the set (the engine then matches
        each pattern on its own, with the same answers)."""
        try:
            index = cls(manifest)
            if not index.patterns:
                return None
            for line in PROBES:  # the set answers as each pattern alone, or not at all
                data = line.encode()
                want = sum(1 << i for i, p in enumerate(index.patterns) if p.test(data))
                if index.mask(line) != want:
                    return None
        except Exception:
            return None
        return index

    def begin(self) -> None:
        """A new evaluation: lines no longer on screen are forgotten after it."""
        self._old, self._masks = self._masks, {}

    def mask(self, line: str) -> int:
        """The line patterns `line` matches, as a bit mask (a line as regions hold it)."""
        m = self._masks.get(line)
        if m is None:
            m = self._old.get(line)
            if m is None:
                m = 0
                data = line.encode("utf-8")
                if b"\n" in data:  # a title may hold one: each pattern on its own
                    for i, p in enumerate(self.patterns):
                        m |= (1 << i) if p.test(data) else 0
                else:
                    for i in self._set.Match(data) or ():
                        m |= 1 << i
            self._masks[line] = m
        return m

    def hit(self, p: Pattern, t: Text) -> bool:
        """Does line pattern `p` match some line of region `t`?"""
        if not t.lines:  # (the shared empty region keeps no mask: it is per manifest)
            return bool(self._empty & self._bit[id(p)])
        mask = t.line_mask
        if mask is None:
            mask = 0
            for x in t.lines:
                mask |= self.mask(x)
            t.line_mask = mask
        return bool(mask & self._bit[id(p)])
