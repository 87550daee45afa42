"""The capture corpus as a regression suite: real agent sessions against their ground truth.

Every ``tests/captures/<agent>-<version>/<scenario>.jsonl`` is a real session of a coding
agent (recorded by ``scripts/capture-agents`` against a scripted fake LLM API) holding
ground-truth markers ``[t, "m", "<state>"]`` set by the recording harness. Each capture is
replayed through the whole engine (:func:`osc7501wrap.commands.record.replay`: screen model, rules,
classifier, fusion, on the capture's own timestamps) with the built-in manifests, and
checked four ways:

1. **Markers** (one test per marker, the primary check): the engine's state agrees with
   each marker within a tolerance window around the marker's time (:data:`WINDOWS`):

   - ``blocked[:kind]``: from the moment the dialog can be known (the first output,
     since the previous marker, after which the rules alone read blocked on the fully
     fed screen, or the agent's own OSC 7501 or hook says blocked: the harness marks a
     dialog when it noticed it, which can be late; at most 5 s before the marker) to
     0.5 s after; and the engine then stays blocked until the dialog is answered (the
     next marker);
   - ``working``: within 1 s after the marker (set when Enter is pressed);
   - ``idle`` / ``done`` / ``error``: within 2 s either side.

   When a marker is missed, the message shows the engine's decisions around it, the
   screen at that moment and every rule of the expected state with its region's text
   and whether it matched, plus the rule that won instead: when an agent's UI changes,
   record a new capture and the failure says which rule to fix.
2. **No false dialog**: the engine never says blocked while the truth is not blocked
   (it may start when the dialog can be known, as above, and end 0.5 s after the
   dialog's answer).
3. **Exit**: the exit status recorded in the capture ends the timeline (``clear`` for
   0, ``error`` otherwise).
4. **Expected timeline** (secondary): the replayed timeline equals the committed
   ``<scenario>.expected`` file next to the capture, so any change in what wrap decides
   and when shows up as a diff. Regenerate with ``scripts/update-expected`` when a change
   is intended, and review the diff.

Marker checks run on both screen backends (ghostty's cases fail without pyghostty under
scripts/test and skip elsewhere: tests/require.py); the expected files are written with pyte, which every install has.

A mismatch between a capture's markers and the engine is a finding about the engine or
the rules: it is listed in :data:`KNOWN` with the reason (an ``xfail(strict=True)``), so
the suite stays green and honest, and a fix makes the test say so.

What this module does not do: record captures (``scripts/capture-agents``), or check the
bytes a live session writes (``tests/pty/test_session.py``).
"""

from __future__ import annotations

import difflib
import functools
import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import require
from timelines import (
    CAPTURES_DIR,
    EXPECTED_BACKEND,
    builtin_manifest,
    capture_name,
    expected_path,
    format_step,
    timeline_text,
)

from osc7501wrap import rules
from osc7501wrap.capture import Capture, parse_size, read_capture
from osc7501wrap.commands.record import Step, replay
from osc7501wrap.errors import WrapError
from osc7501wrap.fusion.events import Output, Resize, Retitled, Tick
from osc7501wrap.stream.tracker import StreamTracker

# (seconds before, seconds after) the marker in which the engine must agree with it.
WINDOWS: dict[str, tuple[float, float]] = {
    "blocked": (5.0, 0.5),
    "working": (0.0, 1.0),
    "idle": (2.0, 2.0),
    "done": (2.0, 2.0),
    "error": (2.0, 2.0),
}
ANSWER_GRACE = 0.5  # a dialog may still read as blocked this long after its answer
NATIVE_BLOCKED = re.compile(rb"\x1b\]7501;[^\x07\x1b]*state=blocked")
# A truth state other than blocked that lasts less than this (the next marker follows
# that soon) may be skipped: the engine may go straight to the next marker's state, as
# the screen shows it too briefly to settle (and the emitter drops such short states).
SHORT = 0.3

# Known disagreements between a capture's ground truth and the engine, run as
# xfail(strict=True). Keys are test ids without the backend
# ("<agent>-<version>/<scenario>#<n>-<label>" for a marker, "<agent>-<version>/<scenario>:
# <check>" for the no-false-blocked and exit checks), optionally prefixed with "<backend>|"
# when only one screen backend disagrees. Values say what is wrong.
KNOWN: dict[str, str] = {
    # Claude answered at once (the fake model): its one spinner frame stayed 22 ms on
    # screen, under the classifier's 40 ms settle, so nothing confirmed the turn the Enter
    # started, and fusion takes the new "✻ Baked for 0s" line for an older turn's (idle,
    # "the turn never started"). Telling them apart is the turn tracking's (a finished-turn
    # line first drawn after the Enter), not the screen rules'.
    "claude-2.1.302/negatives#2-done": "a 22 ms spinner frame: the turn reads as never started",
    # After the start-up dialog is answered, 2.1.302 blanks the screen for 0.36 s while it
    # starts; the blank reads as working once the dialog has been gone for gone_linger (250 ms
    # from a settled look), and Claude's own idle report came 2 ms before that. The same
    # run without the probe answered (mcp-project-approval) shows working.
    "claude-2.1.302/mcp-project-approval-7501#1-working":
        "the agent's own idle report comes 2 ms before the dialog's gone_linger ends",
    # The approved plan dialog stayed drawn 0.4 s after the Enter and the turn ended in the
    # frame that took it away: no sign of work on screen, and a key typed into a dialog is
    # no sign of work by design (it may not answer it).
    "claude-2.1.328/plan-approval-200x50#3-working":
        "the dialog stays drawn until the instant turn has ended: no working on screen",
}


# --------------------------------------------------------------------------- replay


BACKENDS = list(require.BACKENDS)  # ghostty's cases require pyghostty (tests/require.py)


@dataclass(frozen=True)
class Span:
    """The engine's state from `start` until `end` (the next decision; inf for the last)."""

    start: float
    end: float
    step: Step


@dataclass(frozen=True)
class Replayed:
    name: str
    cap: Capture
    manifest: rules.Manifest
    backend: str
    steps: list[Step]
    #: when a dialog could be known (see :attr:`evidence`); None: from the capture
    drawn: tuple[float, ...] | None = None

    @functools.cached_property
    def decisions(self) -> list[Step]:
        return [s for s in self.steps if not s.marker]

    @functools.cached_property
    def markers(self) -> list[Step]:
        return [s for s in self.steps if s.marker]

    @functools.cached_property
    def spans(self) -> list[Span]:
        d = self.decisions
        return [Span(s.t, d[i + 1].t if i + 1 < len(d) else math.inf, s)
                for i, s in enumerate(d)]

    @functools.cached_property
    def evidence(self) -> tuple[float, ...]:
        """Times of the events after which a dialog can be known: output after which the
        rules alone read blocked on the fully fed screen (with its title and progress),
        output with the agent's own OSC 7501 saying blocked, a hook that says blocked."""
        if self.drawn is not None:
            return self.drawn
        from osc7501wrap.agents import claude
        from osc7501wrap.fusion.pipeline import Pipeline

        p = Pipeline(self.manifest, rows=self.cap.rows, cols=self.cap.cols, now=0.0,
                     backend=self.backend)
        out: list[float] = []
        for ev in self.cap.events:
            if ev.type == "h" and isinstance(ev.payload, dict):
                data = ev.payload.get("data")
                edge = claude.hook_edge(str(ev.payload.get("event", "")),
                                        data if isinstance(data, dict) else {})
                if edge.state == "blocked":
                    out.append(ev.t)
                continue
            if ev.type == "o":
                if NATIVE_BLOCKED.search(ev.data):
                    out.append(ev.t)
                p.handle(Output(ev.data), ev.t)
            elif ev.type == "r":
                p.handle(Resize(*parse_size(str(ev.payload))), ev.t)
            else:
                continue
            # fed in full at once (tick would feed only once the output settled: the
            # screen read here would be the one before this output)
            if p.evaluate_now(ev.t).state == "blocked":
                out.append(ev.t)
        return tuple(out)

    def dialog_start(self, i: int) -> float:
        """The earliest time a blocked decision may be made for blocked marker `i`: the
        first evidence (:attr:`evidence`) since the previous marker, at most
        WINDOWS["blocked"][0] before the marker; the marker's own time without any."""
        mk = self.markers[i]
        lo = mk.t - WINDOWS["blocked"][0]
        if i:
            lo = max(lo, self.markers[i - 1].t)
        return next((t for t in self.evidence if lo <= t <= mk.t), mk.t)

    def marker_end(self, i: int) -> float:
        """When the truth of marker `i` stops: the next marker; after the last one, the
        harness's quit keys (the first input after it: the truth is not labelled after
        them, as in bench_corpus's agreement), else the exit, else inf."""
        if i + 1 < len(self.markers):
            return self.markers[i + 1].t
        t = self.markers[i].t
        ends = [e.t for e in self.cap.events if e.type in ("i", "x") and e.t > t]
        return min(ends) if ends else math.inf


@functools.cache
def replayed(path: Path, backend: str) -> Replayed:
    cap = read_capture(path)
    manifest = builtin_manifest(cap)
    return Replayed(capture_name(path), cap, manifest, backend,
                    replay(cap, manifest, backend=backend))


def agrees(want: str, step: Step) -> bool:
    """Whether a decision says what a marker label says (a kindless ``blocked`` marker
    accepts any kind)."""
    state, _, kind = want.partition(":")
    return step.state == state and (not kind or step.kind == kind)


def spans_between(rep: Replayed, lo: float, hi: float) -> list[Span]:
    return [s for s in rep.spans if s.end >= lo and s.start <= hi]


# --------------------------------------------------------------------------- timelines


def expected_text(path: Path) -> str:
    """The expected-timeline file for a capture, from the engine as it is now (the replay
    the other checks read)."""
    rep = replayed(path, EXPECTED_BACKEND)
    return timeline_text(rep.name, rep.manifest, rep.steps)


# --------------------------------------------------------------------------- failure text

_CTRL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _safe(text: str) -> str:
    return _CTRL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def snapshot_at(rep: Replayed, t: float) -> rules.Snapshot:
    """The screen (with title and progress) the engine had seen at time `t`: the
    capture's output and resizes up to `t`, through the same pipeline as the replay."""
    from osc7501wrap.fusion.pipeline import Pipeline

    p = Pipeline(rep.manifest, rows=rep.cap.rows, cols=rep.cap.cols, now=0.0,
                 backend=rep.backend)
    stream = StreamTracker()  # the title and progress, as the replay reads them
    for ev in rep.cap.events:
        if ev.t > t:
            break
        if ev.type == "o":
            stream.feed(p.handle(Output(ev.data), ev.t).passthrough)
        elif ev.type == "r":
            p.handle(Resize(*parse_size(str(ev.payload))), ev.t)
    p.handle(Retitled(stream.title, stream.progress), t)
    p.handle(Tick(budget=1.0), t)
    return p.snapshot()


def _region_lines(text: str, indent: str, limit: int = 14) -> list[str]:
    lines = text.split("\n") if text else []
    out = [f"{indent}| {_safe(x)}" for x in lines[-limit:]]
    if len(lines) > limit:
        out.insert(0, f"{indent}| ... ({len(lines) - limit} more lines above)")
    return out or [f"{indent}(region is empty)"]


def explain_at(rep: Replayed, t: float, want_state: str | None) -> str:
    """Which rules match the screen at `t`: every rule of `want_state` (matched or not,
    with its gate and region text), and the winner."""
    snap = snapshot_at(rep, t)
    traces = rules.explain(rep.manifest, snap)
    m = rep.manifest
    out = [f"screen at {t:.3f} s ({rep.backend} screen model), rules of {m.name} "
           f"{m.version}:"]
    shown = [tr for tr in traces if want_state is None or tr.state == want_state]
    if not shown:
        out.append(f"  (the manifest has no {want_state} rule)")
    for tr in shown:
        what = tr.state + (f"/{tr.kind}" if tr.kind else "")
        mark = "WINNER" if tr.winner else ("yes" if tr.matched else "no")
        out.append(f"  [{mark:>6}] {tr.id}  {what}  region {tr.region}")
        for part in tr.parts:
            out.append(f"      {'  ' * part.depth}{'+' if part.matched else '-'} "
                       f"{_safe(part.what)}")
        out.append("    region text:")
        out.extend(_region_lines(tr.region_text, "      "))
    winner = next((tr for tr in traces if tr.winner), None)
    if winner is None:
        out.append("  winner: no rule matched (no opinion from the screen)")
    else:
        what = winner.state + (f"/{winner.kind}" if winner.kind else "")
        out.append(f"  winner: {winner.id} ({what})")
        if want_state is not None and winner.state != want_state:
            out.append("    its region text:")
            out.extend(_region_lines(winner.region_text, "      "))
        elif want_state is not None:
            out.append(f"  The screen rules read this screen as {want_state}: the difference "
                       "comes from the other signals or from timing (see the signal column "
                       "of the decisions above; done versus idle is the turn tracking in "
                       "osc7501wrap/fusion/fusion.py).")
    if snap.title is not None:
        out.append(f"  window title: {_safe(repr(snap.title))}")
    out.append("  whole screen:")
    lines = list(snap.lines)
    while lines and not lines[-1].strip():
        lines.pop()
    out.extend(_region_lines("\n".join(lines), "    ", limit=40))
    return "\n".join(out)


def timeline_around(rep: Replayed, lo: float, hi: float, mark: float | None = None) -> str:
    steps = [s for s in rep.steps if lo - 1e-9 <= s.t <= hi + 1e-9]
    before = [s for s in rep.decisions if s.t < lo]
    if before:
        steps.insert(0, before[-1])
    lines = []
    for s in steps:
        arrow = ">>" if mark is not None and s.marker and abs(s.t - mark) < 1e-9 else "  "
        lines.append(f"  {arrow} {_safe(format_step(s))}")
    return "\n".join(lines)


def _rule_state(label: str) -> str:
    """Which rules can produce a marker's state (done is idle after a turn)."""
    state = label.partition(":")[0]
    return "idle" if state == "done" else state


# --------------------------------------------------------------------------- checks


def marker_problem(rep: Replayed, i: int) -> str | None:
    """What is wrong with marker `i` in the replayed timeline, or None."""
    mk = rep.markers[i]
    want = mk.label
    before, after = WINDOWS.get(mk.state, (2.0, 2.0))
    lo, hi = mk.t - before, mk.t + after
    if mk.state == "blocked":  # not before the dialog can be known
        lo = rep.dialog_start(i)
    # The state in effect at the marker or in the window after it, or a decision made
    # in the window before it (a state that ended before that window does not count).
    seen = [s.step for s in spans_between(rep, mk.t, hi)]
    seen += [s for s in rep.decisions if lo <= s.t <= mk.t]
    nxt = rep.markers[i + 1] if i + 1 < len(rep.markers) else None
    if (nxt is not None and mk.state != "blocked" and nxt.t - mk.t < SHORT
            and any(agrees(nxt.label, s) for s in seen)):
        return None  # a state too short to report, skipped for the next one
    exits = [e.t for e in rep.cap.events if e.type == "x" and e.t >= mk.t]
    if nxt is None and mk.state == "working" and exits and exits[0] - mk.t < SHORT:
        return None  # work the program's exit ends that soon (its shutdown), the same
    if not any(agrees(want, s) for s in seen):
        return (f"truth says {want} at {mk.t:.3f} s (marker {i}), but wrap never says "
                f"{want} between {max(lo, 0.0):.3f} and {hi:.3f} s")
    if mk.state == "blocked":
        # Still blocked while the dialog waits for its answer.
        end = rep.marker_end(i)
        for s in spans_between(rep, mk.t + after, end):
            if s.end > mk.t + after and s.start < end and not agrees(want, s.step):
                return (f"truth says {want} from {mk.t:.3f} s until the answer at "
                        f"{end:.3f} s, but wrap says {s.step.label} at "
                        f"{max(s.start, mk.t):.3f} s ({s.step.signal} {s.step.detail})")
    return None


def marker_failure(rep: Replayed, i: int) -> str | None:
    """The full failure message for marker `i`, or None when the marker is matched."""
    problem = marker_problem(rep, i)
    if problem is None:
        return None
    mk = rep.markers[i]
    before, after = WINDOWS.get(mk.state, (2.0, 2.0))
    at = mk.t
    if mk.state == "working":  # set on the key press: the program answers a bit later
        at = min(mk.t + after, rep.marker_end(i) - 1e-3)
    return "\n".join([
        f"{rep.name}: {problem}.",
        "",
        "wrap's decisions around it ('# truth:' lines are the capture's markers):",
        timeline_around(rep, mk.t - before - 1.0, mk.t + after + 1.0, mark=mk.t),
        "",
        explain_at(rep, at, _rule_state(mk.label)),
        "",
        f"If the agent's UI changed, fix the rule above in the {rep.manifest.name} manifest "
        "(rules/*.toml), then run scripts/update-expected and review the diff.",
    ])


def false_blocked(rep: Replayed) -> list[str]:
    """Blocked decisions outside every truthful dialog (see the module docstring)."""
    zones = []
    for i, mk in enumerate(rep.markers):
        if mk.state == "blocked":
            zones.append((rep.dialog_start(i), rep.marker_end(i) + ANSWER_GRACE, mk.label))
    exits = [e.t for e in rep.cap.events if e.type == "x"]
    last = exits[-1] if exits else (rep.steps[-1].t if rep.steps else 0.0)
    problems = []
    for s in rep.spans:
        if s.step.state != "blocked":
            continue
        end = min(s.end, last)
        if any(lo <= s.start and end <= hi and agrees(label, s.step)
               for lo, hi, label in zones):
            continue
        truth = [m for m in rep.markers if m.t <= s.start]
        problems.append("\n".join([
            f"{rep.name}: wrap says {s.step.label} from {s.start:.3f} to {end:.3f} s "
            f"({s.step.signal} {s.step.detail}) but the truth there is "
            f"{truth[-1].label if truth else 'not marked yet'}: no {s.step.label} marker "
            f"covers it (wrap may say blocked once the dialog can be known, up to "
            f"{WINDOWS['blocked'][0]} s before its marker, and leave blocked up to "
            f"{ANSWER_GRACE} s after the answer).",
            "",
            timeline_around(rep, s.start - 3.0, end + 1.0),
            "",
            explain_at(rep, s.start, "blocked"),
        ]))
    return problems


def exit_problem(rep: Replayed) -> str | None:
    exits = [e for e in rep.cap.events if e.type == "x"]
    if not exits:
        return None
    ev = exits[-1]
    last = rep.decisions[-1]
    try:
        status = int(ev.payload)
    except (TypeError, ValueError):
        return f"{rep.name}: exit event with a non-integer status {ev.payload!r}"
    if status == 0:
        ok = last.state == "clear" and last.detail == "exit status 0"
    else:
        ok = last.state == "error" and last.detail in (
            f"exit status {status}", f"signal {status - 128}", f"signal {-status}")
    if last.signal != "exit" or abs(last.t - ev.t) > 1e-6 or not ok:
        return (f"{rep.name}: the program exited with status {status} at {ev.t:.3f} s, but "
                f"the timeline ends with {format_step(last)!r}")
    return None


# --------------------------------------------------------------------------- parameters


def _all_captures() -> list[Path]:
    return sorted(CAPTURES_DIR.glob("*/*.jsonl"))


def _xfail(key: str, backend: str | None = None) -> list[Any]:
    reason = (KNOWN.get(f"{backend}|{key}") if backend else None) or KNOWN.get(key)
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


def _marker_params() -> list[Any]:
    params = []
    for path in _all_captures():
        try:
            labels = [str(e.payload) for e in read_capture(path).events if e.type == "m"]
        except WrapError:
            labels = ["unreadable"]  # the test itself reports the error
        for i, label in enumerate(labels):
            key = f"{capture_name(path)}#{i}-{label}"
            for be in BACKENDS:
                params.append(pytest.param(path, i, be, id=f"{be}|{key}",
                                           marks=_xfail(key, be) + require.backend_marks(be)))
    return params


def _capture_params(check: str, backends: Sequence[str] = (EXPECTED_BACKEND,)) -> list[Any]:
    params = []
    for path in _all_captures():
        key = f"{capture_name(path)}:{check}"
        for be in backends:
            params.append(pytest.param(path, be, id=f"{be}|{capture_name(path)}",
                                       marks=_xfail(key, be) + require.backend_marks(be)))
    return params


# --------------------------------------------------------------------------- tests


def test_corpus_is_not_empty() -> None:
    assert _all_captures(), f"no captures under {CAPTURES_DIR}"


@pytest.mark.parametrize(("path", "index", "backend"), _marker_params())
def test_marker(path: Path, index: int, backend: str) -> None:
    """The engine agrees with the capture's ground-truth marker `index`."""
    try:
        rep = replayed(path, backend)
    except WrapError as err:
        pytest.fail(f"unreadable capture: {err}", pytrace=False)
    message = marker_failure(rep, index)
    if message is not None:
        pytest.fail(message, pytrace=False)


@pytest.mark.parametrize(("path", "backend"), _capture_params("no-false-blocked", BACKENDS))
def test_no_blocked_without_a_dialog(path: Path, backend: str) -> None:
    problems = false_blocked(replayed(path, backend))
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


@pytest.mark.parametrize(("path", "backend"), _capture_params("exit", BACKENDS))
def test_exit_status_ends_the_timeline(path: Path, backend: str) -> None:
    rep = replayed(path, backend)
    assert any(e.type == "x" for e in rep.cap.events), f"{rep.name}: no exit event"
    problem = exit_problem(rep)
    if problem is not None:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize(("path", "backend"), _capture_params("expected"))
def test_timeline_matches_expected_file(path: Path, backend: str) -> None:
    exp = expected_path(path)
    rel = exp.relative_to(CAPTURES_DIR.parent.parent)
    assert exp.exists(), (f"{rel} is missing: run scripts/update-expected, check the new "
                          "timeline against the markers and commit it")
    want = exp.read_text(encoding="utf-8")
    got = expected_text(path)
    if got != want:
        diff = "".join(difflib.unified_diff(
            want.splitlines(keepends=True), got.splitlines(keepends=True),
            f"{rel} (committed)", f"{rel} (engine now)"))
        pytest.fail(f"the replayed timeline of {capture_name(path)} changed:\n{diff}\n"
                    "If this change is intended, run scripts/update-expected and commit "
                    "the .expected file with it.", pytrace=False)


def test_known_problems_name_existing_tests() -> None:
    """Every KNOWN entry still names a marker or a check of a capture in the corpus."""
    ids = {p.id for p in [*_marker_params(), *_capture_params("no-false-blocked", BACKENDS)]}
    keys = {i.partition("|")[2] for i in ids} | ids
    checks = {f"{capture_name(p)}:{c}" for p in _all_captures()
              for c in ("no-false-blocked", "exit")}
    stale = [k for k in KNOWN if k not in keys and k not in checks
             and k.partition("|")[2] not in keys | checks]
    assert not stale, f"KNOWN entries that name no test: {stale}"


def test_no_expected_file_without_its_capture() -> None:
    stale = [p for p in CAPTURES_DIR.glob("*/*.expected") if not p.with_suffix(".jsonl").exists()]
    assert not stale, f"expected timelines without a capture: {stale}"


# --------------------------------------------------------------------------- the checks fail


def _first_screen_blocked_marker() -> tuple[Path, int, str]:
    """A claude capture, a blocked marker in it and the rule that matches its dialog."""
    for path in sorted(CAPTURES_DIR.glob("claude-*/*.jsonl")):
        rep = replayed(path, "pyte")
        for i, mk in enumerate(rep.markers):
            if mk.state != "blocked" or marker_problem(rep, i) is not None:
                continue
            hits = [s for s in spans_between(rep, mk.t - 5.0, mk.t + 0.5)
                    if agrees(mk.label, s.step) and s.step.signal == "screen"]
            if hits:
                return path, i, hits[0].step.detail.split("@")[0]
    pytest.fail("no claude capture with a dialog found on the screen (missing data fails)")


def _broken_copy(manifest: rules.Manifest, rule_id: str) -> rules.Manifest:
    """The built-in manifest's TOML text with one rule's gate made impossible, as a
    user's edit (or an agent's UI change) would break it."""
    src = rules.builtin_rules_dir() / f"{manifest.name}.toml"
    data = tomllib.loads(src.read_text(encoding="utf-8"))
    for rule in data["rule"]:
        if rule["id"] == rule_id:
            extra = rule.get("contains", [])
            rule["contains"] = [*([extra] if isinstance(extra, str) else extra),
                                "text no screen ever shows"]
    return rules.parse_manifest(data, source="broken copy")


def test_missed_marker_message_names_the_rule_that_stopped_matching() -> None:
    path, index, rule_id = _first_screen_blocked_marker()
    good = replayed(path, "pyte")
    broken = _broken_copy(good.manifest, rule_id)
    rep = Replayed(good.name, good.cap, broken, "pyte", replay(good.cap, broken, backend="pyte"))
    message = marker_failure(rep, index)
    assert message is not None, "the broken rule still matched"
    mk = rep.markers[index]
    assert f"truth says {mk.label} at {mk.t:.3f} s" in message
    assert f"[    no] {rule_id}  blocked" in message  # the rule that stopped matching
    assert "- contains 'text no screen ever shows'" in message  # and the failing condition
    assert "region text:" in message and "winner: " in message
    assert f"# truth: {mk.label}" in message  # the timeline around the marker
    # The same marker with the real manifest is matched, by that rule.
    assert marker_failure(good, index) is None
    ok = explain_at(good, mk.t, "blocked")
    assert f"[WINNER] {rule_id}  blocked" in ok


def _synthetic(decisions: list[tuple[float, str]], markers: list[tuple[float, str]],
               exit_at: float = 9.0, status: int = 0,
               drawn: tuple[float, ...] = (4.0,)) -> Replayed:
    """A made-up timeline: (t, "state[:kind]") decisions and markers, an exit event, the
    times at which a dialog can be known (`drawn`)."""
    from osc7501wrap.capture import Event

    def step(t: float, label: str, marker: bool) -> Step:
        state, _, kind = label.partition(":")
        signal, detail = ("exit", f"exit status {status}") if state in ("clear", "error") \
            else ("screen", "rule")
        return Step(t, state, kind or None, signal, detail, marker=marker)

    steps = sorted([step(t, x, False) for t, x in decisions]
                   + [step(t, x, True) for t, x in markers], key=lambda s: (s.t, not s.marker))
    cap = Capture({"format": "osc7501wrap-capture", "version": 1},
                  [Event(exit_at, "x", status)])
    return Replayed("synthetic", cap, rules.generic_fallback(), "pyte", steps, drawn)


TRUTH = [(1.0, "idle"), (2.0, "working"), (6.0, "blocked:permission"), (8.5, "working"),
         (8.8, "done")]  # the dialog can be known from 4.0 s (_synthetic's `drawn`)
_START = [(0.0, "idle"), (2.0, "working")]
_END = [(8.6, "working"), (8.7, "done"), (9.0, "clear")]


@pytest.mark.parametrize(("decisions", "bad_markers", "false_alarm", "bad_exit"), [
    # Right: blocked 2 s before the (late) marker, gone 0.1 s after the answer.
    ([*_START, (4.0, "blocked:permission"), *_END], [], False, False),
    # The dialog is missed: still working.
    ([*_START, *_END], [2], False, False),
    # The dialog is read as a question.
    ([*_START, (5.0, "blocked:question"), *_END], [2], True, False),
    # Blocked too late (0.8 s after the marker).
    ([*_START, (6.8, "blocked:permission"), *_END], [2], False, False),
    # The dialog flickers away before its answer.
    ([*_START, (5.5, "blocked:permission"), (7.0, "working"), (7.1, "blocked:permission"),
      *_END], [2], False, False),
    # A dialog nobody saw, before the real one.
    ([(0.0, "idle"), (0.5, "blocked:permission"), (0.6, "idle"), (2.0, "working"),
      (5.9, "blocked:permission"), *_END], [], True, False),
    # The dialog outlives its answer until the exit.
    ([*_START, (5.9, "blocked:permission"), (10.0, "clear")], [3, 4], True, False),
    # Working 1.5 s after the Enter: too slow.
    ([(0.0, "idle"), (3.5, "working"), (5.9, "blocked:permission"), *_END], [1], False, False),
    # The turn's end read as idle, not done.
    ([*_START, (5.9, "blocked:permission"), (8.6, "working"), (8.7, "idle"), (9.0, "clear")],
     [4], False, False),
    # The exit is not the last word.
    ([*_START, (5.9, "blocked:permission"), *_END[:2]], [], False, True),
])
def test_checks_tell_right_from_wrong(decisions: list[tuple[float, str]],
                                      bad_markers: list[int], false_alarm: bool,
                                      bad_exit: bool) -> None:
    """The checks themselves, on made-up timelines that are right or wrong in one way."""
    exit_at = max(t for t, _ in decisions) if decisions[-1][1] == "clear" else 9.0
    rep = _synthetic(decisions, TRUTH, exit_at=exit_at)
    bad = [i for i in range(len(TRUTH)) if marker_problem(rep, i) is not None]
    assert bad == bad_markers
    assert bool(false_blocked(rep)) == false_alarm
    assert (exit_problem(rep) is not None) == bad_exit


@pytest.mark.parametrize(("exit_at", "bad_markers"), [(9.0, []), (9.6, [3])])
def test_work_the_exit_ends_at_once_need_not_be_read(exit_at: float,
                                                     bad_markers: list[int]) -> None:
    """A question answered by leaving ("Exit and stop tasks"): its Enter starts the
    program's shutdown, work the exit ends; shorter than a state wrap reports, it need
    not be read, a longer one must."""
    truth = [(1.0, "idle"), (2.0, "working"), (6.0, "blocked:question"), (8.8, "working")]
    decisions = [*_START, (5.9, "blocked:question"), (exit_at, "clear")]
    rep = _synthetic(decisions, truth, exit_at=exit_at)
    assert [i for i in range(len(truth)) if marker_problem(rep, i) is not None] == bad_markers


@pytest.mark.parametrize(("decisions", "drawn", "found", "false_alarm"), [
    # Blocked once the dialog is drawn, 2 s before its (late) marker: right.
    ([*_START, (4.5, "blocked:permission"), *_END], (4.5,), True, False),
    # Blocked 0.5 s before anything shows a dialog: found (blocked at the marker), false.
    ([*_START, (4.0, "blocked:permission"), *_END], (4.5,), True, True),
    # Blocked for a moment before the dialog is drawn, working again at the marker: a
    # false dialog, and the real one missed.
    ([*_START, (3.0, "blocked:permission"), (3.5, "working"), (6.8, "blocked:permission"),
      *_END], (4.5,), False, True),
    # Nothing shows the dialog before its marker: blocked from the marker on only.
    ([*_START, (5.9, "blocked:permission"), *_END], (), True, True),
    ([*_START, (6.0, "blocked:permission"), *_END], (), True, False),
])
def test_blocked_counts_from_when_the_dialog_can_be_known(
        decisions: list[tuple[float, str]], drawn: tuple[float, ...], found: bool,
        false_alarm: bool) -> None:
    """A blocked decision before the dialog is on the screen (or announced by the agent)
    is neither the dialog found nor anything but a false dialog, however close to a
    late marker it comes."""
    rep = _synthetic(decisions, TRUTH, drawn=drawn)
    assert (marker_problem(rep, 2) is None) == found
    assert bool(false_blocked(rep)) == false_alarm
