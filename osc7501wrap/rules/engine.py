"""The matching engine: one gate matcher (tracing on request), messages, evaluation.

`evaluate` classifies a snapshot: rules in state order (blocked, error, working, idle),
file order within a state, the first match wins, no match is its own result. `explain`
runs the very same matcher with a trace, so it always agrees with `evaluate`.

Every pattern is linear-time (RE2, see :mod:`.load`), so no rule can stall the terminal
however hostile the screen. The cost is still watched: an evaluation that takes more
than RULE_BUDGET of CPU gives its slowest rule a strike; STRIKES strikes switch the rule
off for the rest of the session, with one line (file and rule id) to the session log.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from .dialog import read_dialog
from .lines import LineIndex
from .model import (
    MAX_MSG_LEN,
    RULE_BUDGET,
    STRIKES,
    WARM_TRIES,
    Gate,
    GatePart,
    Manifest,
    Pattern,
    Region,
    Rule,
    RuleTrace,
    Snapshot,
    Verdict,
)
from .regions import Screen, Text, is_rule_line, normalize_line

_clock = time.thread_time  # CPU time of this thread: a busy machine is not the rule's cost


class _Trace:
    """Collects GateParts for `explain`."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[GatePart] = []

    def add(self, depth: int, what: str, matched: bool) -> None:
        self.parts.append(GatePart(depth, what, matched))


def _rec(trace: _Trace, depth: int, what: str, hit: bool, sub: _Trace | None = None) -> bool:
    trace.add(depth, what, hit)
    if sub is not None:
        trace.parts.extend(sub.parts)
    return hit


def match(gate: Gate, t: Text, trace: _Trace | None = None, depth: int = 0,
          lines: LineIndex | None = None) -> bool:
    """Does `gate` hold on region text `t`? Conditions are tried in the order contains,
    line_regex, regex, all, any, not. Each condition is computed once, here; without a
    trace the first failing one ends it, with one every condition is recorded (and the
    result is the same). Labels are only built for a trace. With `lines` the line
    patterns are answered by that index (the same answers, a line matched once)."""
    ok = True
    for s in gate.contains:
        hit = s in t.lower
        if trace is None:
            if not hit:
                return False
        else:
            ok = _rec(trace, depth, f"contains '{s}'", hit) and ok
    for key, pats in (("line_regex", gate.line_regex), ("regex", gate.regex)):
        for p in pats:  # a line_regex is compiled to match one line at a time
            if lines is not None and key == "line_regex":
                hit = lines.hit(p, t)
            else:  # a pattern shared by rules (one text, one compiled pattern) runs once
                memo = t.hits
                if memo is None:
                    memo = t.hits = {}
                hit = memo.get(p)
                if hit is None:
                    hit = memo[p] = p.test(t.raw)
            if trace is None:
                if not hit:
                    return False
            else:
                ok = _rec(trace, depth, f"{key} '{p.pattern}'", hit) and ok
    for key, subs in (("all", gate.all), ("any", gate.any)):
        if not subs:
            continue
        sub = None if trace is None else _Trace()
        hits = (match(g, t, sub, depth + 1, lines) for g in subs)
        if sub is not None:
            hits = iter(list(hits))  # every part evaluated, for the trace
        hit = all(hits) if key == "all" else any(hits)
        if trace is None:
            if not hit:
                return False
        else:
            ok = _rec(trace, depth, f"{key} ({len(subs)})", hit, sub) and ok
    if gate.not_ is not None:
        sub = None if trace is None else _Trace()
        hit = not match(gate.not_, t, sub, depth + 1, lines)
        if trace is None:
            if not hit:
                return False
        else:
            ok = _rec(trace, depth, "not", hit, sub) and ok
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


def line_patterns(gate: Gate) -> list[Pattern]:
    """The rule's line_regex patterns in file order (not those under `not`)."""
    out = list(gate.line_regex)
    for g in (*gate.all, *gate.any):
        out.extend(line_patterns(g))
    return out


def _group(m: object, p: Pattern, name: str) -> str | None:
    return m.group(name) if name in p.groupindex else None  # type: ignore[attr-defined]


def extract_msg(rule: Rule, t: Text) -> str | None:
    for p in rule.msg_regex:
        m = p.search(t.text)
        if m:
            got = trim_msg(_group(m, p, "msg") or m.group(0))
            if got:
                label = _group(m, p, "label")
                label = trim_msg(label) if label else None
                return trim_msg(f"{label}: {got}") if label else got
    for p in rule.msg_line:
        for x in t.lines:
            m = p.search(x)
            if m:
                got = trim_msg(_group(m, p, "msg") or x)
                if got:
                    return got
                break
    if rule.msg == "line":  # the first line any of them matches: the leftmost match's
        found = [m.start() for m in (p.search(t.text) for p in line_patterns(rule.gate)) if m]
        if found:
            return trim_msg(t.lines[t.text.count("\n", 0, min(found))])
    elif rule.msg in ("first", "last"):
        non_empty = [x for x in t.lines if x.strip()]
        if non_empty:
            return trim_msg(non_empty[0] if rule.msg == "first" else non_empty[-1])
    return None


# ---------------------------------------------------------------------------------------
# Evaluation


def _strike(manifest: Manifest, rule: Rule, spent: float, total: float) -> None:
    h = manifest.health
    n = h.strikes.get(rule.id, 0) + 1
    h.strikes[rule.id] = n
    if n < STRIKES:
        return
    note = (f"rules: {manifest.source or manifest.name}: rule {rule.id}: switched off, "
            f"over its time budget ({spent * 1000:.0f} ms of {total * 1000:.0f} ms, "
            f"budget {RULE_BUDGET * 1000:.0f} ms per evaluation)")
    h.off[rule.id] = note
    if h.log is not None:
        h.log(note)


@dataclass(frozen=True, slots=True)
class Plan:
    """What an evaluation derives from a manifest's rules alone, made once per manifest
    (kept on it: `Manifest.plan`) instead of at every `evaluate`: each rule in state order
    with its region's slot, the distinct regions, each slot's rules, and the rules whose
    dialog reads another region too (read again at every match)."""

    rules: tuple[tuple[Rule, int], ...]
    slots: tuple[Region, ...]
    regions: tuple[tuple[int, ...], ...]
    rereads: frozenset[int]

    @staticmethod
    def of(manifest: Manifest) -> Plan:
        got = manifest.plan
        if got is None:
            slots: dict[Region, int] = {}
            ordered = tuple((rule, slots.setdefault(rule.region, len(slots)))
                            for rule in manifest.ordered)
            regions: list[list[int]] = [[] for _ in slots]
            for i, (_, slot) in enumerate(ordered):
                regions[slot].append(i)
            got = Plan(ordered, tuple(slots), tuple(map(tuple, regions)),
                       frozenset(i for i, (rule, _) in enumerate(ordered)
                                 if _rereads(manifest, rule)))
            object.__setattr__(manifest, "plan", got)  # frozen: a cache, set once
        return got


def evaluate(manifest: Manifest, snap: Snapshot) -> Verdict:
    """Classify one snapshot: the first matching rule in state order, else no match."""
    return Evaluator(manifest, index=False).evaluate(snap)


class Evaluator:
    """`evaluate` for a stream of snapshots of one screen, doing only what changed.

    A gate reads nothing but its region's text, so the rules of a region that reads as
    at the last evaluation keep their results without matching again, and a snapshot
    equal to the last one keeps its verdict. Line patterns go through one
    :class:`~.lines.LineIndex` (each screen line matched once while it stays).

    A frame that changed one line only (a spinner, a clock, a typed character), where
    that line reads as before -- the same line patterns and `contains` strings, still
    not blank, not a horizontal rule -- keeps the verdict (working, idle or no match)
    without matching anything: every line-local condition answers as before. A `regex`
    may read that line across others, so at least one in FULL_EVERY such frames is
    evaluated in full. Otherwise the verdict is the one `evaluate` gives, except that
    with ``msg_for`` the message is only extracted in those states (for a caller that
    compares messages only there); ``skip=False`` never keeps a verdict unmatched.

    The line index is built by the first evaluation, not with the evaluator: a session
    makes its evaluator at the boot, which may fall in a flood of output that reads no
    screen until it ends, and compiling the set costs tens of milliseconds.
    """

    __slots__ = ("_contains", "_known", "_last", "_lines", "_msgs", "_plan", "_regions",
                 "_rereads", "_skipped", "_slots", "_texts", "_tries", "_unbuilt", "manifest",
                 "skips")

    def __init__(self, manifest: Manifest, *, index: bool = True, skip: bool = True) -> None:
        self.manifest = manifest
        # the line patterns in one RE2 set (rules.lines), built by the first evaluation
        # (`_build`); without: one call per pattern
        self._lines: LineIndex | None = None
        # what a changed line is compared by (None: a frame is never kept unmatched)
        self._contains: tuple[str, ...] | None = None
        self._unbuilt: bool | None = skip if index else None  # `skip`, until built
        self._skipped = 0  # frames kept in a row since the last full evaluation
        self.skips = 0  # frames kept without matching, in all
        plan = Plan.of(manifest)
        self._plan = plan.rules
        self._slots = plan.slots
        self._regions = plan.regions
        self._texts: list[tuple[str, int] | None] = [None] * len(self._slots)
        self._known: list[bool | None] = [None] * len(self._plan)  # matched, if known
        # (msg, dialog) of each rule that matched; False: not taken
        self._msgs: list[tuple[str | None, Any] | bool | None] = [False] * len(self._plan)
        # how often each rule was matched: its first WARM_TRIES strike nothing (warm-up)
        self._tries = [0] * len(self._plan)
        self._rereads = plan.rereads
        self._last: tuple[Snapshot, Verdict] | None = None

    def _build(self, skip: bool) -> None:
        """The line index, and what a changed line is compared by: at the first
        evaluation."""
        self._unbuilt = None
        self._lines = LineIndex.build(self.manifest)
        if skip and self._lines is not None:
            words = _contains_strings(self.manifest)
            if not any("\n" in w for w in words):
                self._contains = words

    def evaluate(self, snap: Snapshot, msg_for: tuple[str, ...] | None = None) -> Verdict:
        if self._unbuilt is not None:
            self._build(self._unbuilt)
        last = self._last
        if last is not None:
            v = last[1]
            if _same(last[0], snap):
                if v.rule_id is None or not _wants_msg(v.state, msg_for) or v.msg is not None:
                    return v
            elif (v.state in _KEPT and self._skipped < FULL_EVERY - 1
                  and self._reads_as_before(last[0], snap)):
                self._skipped += 1
                self.skips += 1
                self._last = (snap, v)
                return v
        self._skipped = 0
        manifest = self.manifest
        cpu0 = _clock()
        scr = Screen(snap)
        known, msgs, texts = self._known, self._msgs, self._texts
        regions = [scr.region(r) for r in self._slots]
        for slot, t in enumerate(regions):
            key = (t.text, len(t.lines))
            if texts[slot] != key:  # changed: what its rules answered is unknown again
                texts[slot] = key
                for i in self._regions[slot]:
                    known[i] = None
                    msgs[i] = False
        lines = self._lines
        if lines is not None:
            lines.begin()
        off = manifest.health.off
        wall = time.perf_counter
        tries = self._tries
        slowest: Rule | None = None
        slow = 0.0
        verdict: Verdict | None = None
        background: str | None = None  # a background rule matched: what it read
        for i, (rule, slot) in enumerate(self._plan):
            if off and rule.id in off:
                continue
            hit = known[i]
            if hit is None:
                t0 = wall()
                hit = known[i] = match(rule.gate, regions[slot], None, 0, lines)
                spent = wall() - t0
                tries[i] += 1
                if spent > slow and tries[i] > WARM_TRIES:
                    slow, slowest = spent, rule
            if hit:
                got = msgs[i]
                if got is False or (got is not None and i in self._rereads):
                    got = None
                    if rule.background or _wants_msg(rule.state, msg_for):
                        got = msgs[i] = _message(manifest, rule, regions[slot], scr)
                msg, dialog = got if isinstance(got, tuple) else (None, None)
                if rule.background:
                    # it says what runs after the turn, not the turn's state: the next
                    # matching rule says that
                    if background is None:
                        background = msg or rule.id
                    continue
                verdict = Verdict(rule.state, rule.kind, rule.id, manifest.name,
                                  manifest.version, msg, rule.visible, dialog, background,
                                  rule.agent_screen, rule.region.kind == "cursor")
                break
        total = _clock() - cpu0  # CPU time: a busy machine does not count against a rule
        if total > RULE_BUDGET and slowest is not None and slow > total / 4:
            _strike(manifest, slowest, slow, total)
        if verdict is None:
            verdict = Verdict(None, None, None, manifest.name, manifest.version, None, False,
                              None, background)
        self._last = (snap, verdict)
        return verdict

    def _reads_as_before(self, old: Snapshot, new: Snapshot) -> bool:
        """`new` differs from `old` in one line only, which reads as before (see the
        class docstring)."""
        a, b = old.lines, new.lines
        if (self._contains is None or len(a) != len(b) or old.cursor != new.cursor
                or old.typed != new.typed
                or old.title != new.title or old.progress != new.progress
                or old.alt_screen != new.alt_screen):
            return False
        row = 0
        for x, y in zip(a, b, strict=True):  # the first changed line (lists differ)
            if x != y:
                break
            row += 1
        if row == len(a) or a[row + 1:] != b[row + 1:]:
            return False
        x, y = normalize_line(a[row]), normalize_line(b[row])
        if not x or not y or is_rule_line(x) or is_rule_line(y):
            return False  # the regions' bounds may move
        lines = self._lines
        assert lines is not None
        try:
            if lines.mask(x) != lines.mask(y):
                return False
        except UnicodeEncodeError:  # a lone surrogate: the full path cleans it
            return False
        lx, ly = x.lower(), y.lower()
        return all((w in lx) == (w in ly) for w in self._contains)


#: the verdicts a one-line change may keep (a dialog's or an error's message is news)
_KEPT = ("working", "idle", None)
#: one in this many frames that changed one line, reading as before, is evaluated in full
FULL_EVERY = 5


def _message(manifest: Manifest, rule: Rule, t: Text, scr: Screen) -> tuple[str | None, Any]:
    """A matched rule's message, and for a blocked rule its dialog (rules.dialog; its
    subject may be read in another region of `scr`)."""
    msg = extract_msg(rule, t)
    if rule.state != "blocked":
        return msg, None
    return msg, read_dialog(manifest.dialog, rule.id, t.lines, msg,
                            lambda r: _lines_rows(scr.region(r)), screen_rows=t.rows,
                            background=scr.background, height=scr.height)


def _lines_rows(t: Text) -> tuple[tuple[str, ...], Any]:
    return t.lines, t.rows


def _rereads(manifest: Manifest, rule: Rule) -> bool:
    """Whether the dialog of `rule` reads a region other than the rule's own (its
    message is then read again while the rule's region stays)."""
    spec = manifest.dialog
    return spec is not None and rule.state == "blocked" and spec.other_regions(
        rule.id, rule.region)


def _contains_strings(manifest: Manifest) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w for rule in manifest.ordered for g in rule.gate.walk()
                               for w in g.contains))


def _wants_msg(state: str | None, msg_for: tuple[str, ...] | None) -> bool:
    return state is not None and (msg_for is None or state in msg_for)


def _same(a: Snapshot, b: Snapshot) -> bool:
    return (a.lines == b.lines and a.cursor == b.cursor and a.typed == b.typed
            and a.title == b.title
            and a.progress == b.progress and a.alt_screen == b.alt_screen)


def explain(manifest: Manifest, snap: Snapshot) -> list[RuleTrace]:
    """Every rule in evaluation order with its region, gate parts and result.

    Uses the same regions, matcher and message extraction as `evaluate`; the first trace
    with `matched` is the winner, and it agrees with `evaluate`. A rule switched off for
    its cost shows one part saying so and never matches.
    """
    scr = Screen(snap)
    out: list[RuleTrace] = []
    won = False
    for rule in manifest.ordered:
        t = scr.region(rule.region)
        tr = _Trace()
        if rule.id in manifest.health.off:
            tr.add(0, "switched off: over its time budget", False)
            hit = False
        else:
            hit = match(rule.gate, t, tr)
        winner = hit and not won and not rule.background  # background: not the state
        won = won or winner
        out.append(RuleTrace(
            id=rule.id, state=rule.state, kind=rule.kind, matched=hit, winner=winner,
            region=rule.region.name, region_text=t.text, parts=tuple(tr.parts),
            msg=extract_msg(rule, t) if hit else None, visible=rule.visible,
            dialog=_message(manifest, rule, t, scr)[1] if winner else None))
    return out


def stress_screens(rows: int = 60, cols: int = 250) -> list[Snapshot]:
    """Screens that are hard on patterns: long runs of blanks, one repeated letter,
    digits, pointers, box drawing and dialog words, with the cursor on the last row."""
    fills = [" " * (cols - 20) + "12:34:56 Continue?", "a" * cols, "0123456789" * (cols // 10),
             "│ ❯ 1. Yes  " * (cols // 11), "─" * cols,
             "Do you want to proceed? [y/N] (yes/no) Allow Deny " * (cols // 50)]
    return [Snapshot(lines=[f[:cols]] * rows, title=f[:cols], progress="1;42",
                     cursor=(rows - 1, cols - 1)) for f in fills]


def over_budget(manifest: Manifest, snaps: list[Snapshot] | None = None) -> list[str]:
    """One line for every rule whose gate takes more than RULE_BUDGET on a stress screen
    (the better of two tries, so a busy machine does not count), as `doctor` shows it."""
    out: list[str] = []
    screens = [Screen(s) for s in (snaps if snaps is not None else stress_screens())]
    for rule in manifest.ordered:
        worst = 0.0
        for scr in screens:
            t = scr.region(rule.region)
            best = RULE_BUDGET * 1000
            for _ in range(2):
                t.hits = None  # each try matches anew (no answer kept from the last)
                t0 = _clock()
                match(rule.gate, t)
                best = min(best, _clock() - t0)
            worst = max(worst, best)
            if worst > RULE_BUDGET:
                break
        if worst > RULE_BUDGET:
            out.append(f"rules: {manifest.source or manifest.name}: rule {rule.id}: "
                       f"{worst * 1000:.0f} ms on a stress screen, over the budget of "
                       f"{RULE_BUDGET * 1000:.0f} ms (it is switched off when that happens)")
    return out
