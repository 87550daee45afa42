"""Per-agent figures of the capture corpus: how right and how fast wrap is on each agent.

Every ``tests/captures/<agent>-<version>/*.jsonl`` (real agents recorded by
``scripts/capture-agents`` against the scripted fake LLM API, with ground-truth markers) is
replayed through the whole engine on the capture's own clock (``tests/test_corpus.py``'s
``replayed``: pyte screen model, built-in manifests), and scored per agent directory:

* **dialogs found**: blocked markers with a blocked decision of the right kind between the
  previous and the next marker (``bench_detect.dialog_latencies``; carried-over counts);
* **false blocked**: blocked decisions outside every truthful dialog
  (``test_corpus.false_blocked``); those listed in ``test_corpus.KNOWN`` are shown apart;
* **blocked latency** p50 / max: marker to the first blocked decision (a decision before
  the marker counts 0: the harness marks a dialog once it has seen it);
* **turn end latency** p50 / max: a ``done`` marker (the harness saw the prompt back) to
  the first done/idle decision after the previous marker (a decision before it counts 0);
* **agreement**: the share of the time from the first marker to the harness's quit keys
  (the first input after the last marker; the truth is not labelled after them) in which
  wrap's state agrees with the truth (``test_corpus.agrees``; done and idle count as one),
  leaving out the first :data:`GRACE` s after each truth change (the goals' own latency
  allowance). Before a blocked marker, blocked of its kind agrees as the marker check
  allows (the harness marks a dialog once it has seen it, up to 5 s late).

Goals: every dialog found, 0 false blocked, blocked p50 <= 100 ms and max <= 300 ms, turn
end p50 <= 300 ms, agreement >= 0.98. ``tests/test_corpus_metrics.py`` asserts them.

    .venv/bin/python bench/bench_corpus.py [--json FILE] [-v] [--captures] [--backend B]
        [--manifest NAME] [AGENT[-VERSION]|DIR...]

``--manifest generic`` scores the captures with the fallback instead of each agent's own
manifest: how wrap reads an agent it has no rules for.

(names: only those directories, ``copilot`` for every release of Copilot, ``copilot-1.0.86``
for one; a path to a directory of captures elsewhere, such as ``tests/heldout/cline-3.0.57``,
scores that directory; default: all; ``--captures`` also prints each capture's agreement, and
``--backend ghostty`` replays on the other screen model).

Deterministic (a virtual clock): one run. Not a test itself.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # shared helpers
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "harness"))  # timelines
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "corpus"))  # test_corpus
sys.path.insert(0, str(Path(__file__).resolve().parent))  # common, bench_detect

import test_corpus as tc
from bench_detect import dialog_latencies
from common import Figure, figures_table, pct, write_figures

GRACE = 0.3
GOAL_BLOCKED_P50 = 0.100
GOAL_BLOCKED_MAX = 0.300
GOAL_TURN_P50 = 0.300
GOAL_AGREEMENT = 0.98
BACKEND = tc.EXPECTED_BACKEND


@dataclass
class AgentFigures:
    """The scores of one ``<agent>-<version>`` directory."""

    name: str
    captures: int = 0
    dialogs: int = 0
    missed: list[str] = field(default_factory=list)  # "capture @t label (why)"
    false_blocked: list[str] = field(default_factory=list)
    known_false_blocked: list[str] = field(default_factory=list)
    blocked: list[float] = field(default_factory=list)
    turn_ends: list[float] = field(default_factory=list)
    turns_missed: list[str] = field(default_factory=list)
    agree_s: float = 0.0
    scored_s: float = 0.0

    @property
    def agreement(self) -> float:
        return self.agree_s / self.scored_s if self.scored_s else float("nan")

    def problems(self) -> list[str]:
        """Every goal this agent misses, one line each (empty: all met)."""
        out = []
        if not self.captures:
            out.append("no captures")
        out += [f"dialog not found: {m}" for m in self.missed]
        out += [f"false blocked: {m}" for m in self.false_blocked]
        out += [f"turn end not seen: {m}" for m in self.turns_missed]
        if self.blocked:
            if pct(self.blocked, 50) > GOAL_BLOCKED_P50:
                out.append(f"blocked p50 {pct(self.blocked, 50) * 1000:.0f} ms > 100 ms")
            if max(self.blocked) > GOAL_BLOCKED_MAX:
                out.append(f"blocked max {max(self.blocked) * 1000:.0f} ms > 300 ms")
        if self.turn_ends and pct(self.turn_ends, 50) > GOAL_TURN_P50:
            out.append(f"turn end p50 {pct(self.turn_ends, 50) * 1000:.0f} ms > 300 ms")
        if not self.agreement >= GOAL_AGREEMENT:
            out.append(f"agreement {self.agreement:.3f} < {GOAL_AGREEMENT}")
        return out


def _same(want: str, step: tc.Step) -> bool:
    if want.partition(":")[0] in ("done", "idle") and step.state in ("done", "idle"):
        return True
    return tc.agrees(want, step)


def turn_end_latencies(steps: list[tc.Step]) -> list[tuple[float, float | None]]:
    """(marker time, latency or None) for every ``done`` marker."""
    markers = [s for s in steps if s.marker]
    decisions = [s for s in steps if not s.marker]
    out: list[tuple[float, float | None]] = []
    for i, m in enumerate(markers):
        if m.state != "done":
            continue
        lo = markers[i - 1].t if i > 0 else -math.inf
        hi = markers[i + 1].t if i + 1 < len(markers) else math.inf
        first = next((d for d in decisions if d.state in ("done", "idle") and lo < d.t < hi),
                     None)
        out.append((m.t, None if first is None else max(0.0, first.t - m.t)))
    return out


def agreement(rep: tc.Replayed) -> tuple[float, float]:
    """(seconds wrap agrees with the truth, seconds scored): see the module doc."""
    markers = rep.markers
    if not markers:
        return 0.0, 0.0
    exits = [e.t for e in rep.cap.events if e.type == "x"]
    stop = exits[-1] if exits else rep.steps[-1].t
    quit_keys = [e.t for e in rep.cap.events if e.type == "i" and e.t > markers[-1].t]
    stop = min([stop, *quit_keys])
    early = tc.WINDOWS["blocked"][0]
    agree = scored = 0.0
    for i, mk in enumerate(markers):
        lo = mk.t + GRACE
        nxt = markers[i + 1] if i + 1 < len(markers) else None
        hi = min(nxt.t if nxt is not None else stop, stop)
        if hi <= lo:
            continue
        scored += hi - lo
        for s in tc.spans_between(rep, lo, hi):
            a, b = max(s.start, lo), min(s.end, hi)
            if b <= a:
                continue
            if _same(mk.label, s.step):
                agree += b - a
            elif (nxt is not None and nxt.state == "blocked" and tc.agrees(nxt.label, s.step)
                  and b >= nxt.t - early):
                agree += b - max(a, nxt.t - early)
    return agree, scored


def replayed_with(path: Path, manifest: str | None, backend: str = BACKEND) -> tc.Replayed:
    """A capture replayed with its agent's built-in manifest, or with the built-in one
    named ``manifest`` (``generic``: the fallback for agents without rules)."""
    if manifest is None:
        return tc.replayed(path, backend)
    m = tc.rules.load_manifests(user_dir=None).get(manifest)
    if m is None:
        raise ValueError(f"no built-in manifest {manifest!r}")
    cap = tc.read_capture(path)
    return tc.Replayed(tc.capture_name(path), cap, m, backend, tc.replay(cap, m, backend=backend))


def score(paths: list[Path], manifest: str | None = None, backend: str = BACKEND,
          per_capture: dict[str, tuple[float, float]] | None = None) -> dict[str, AgentFigures]:
    """Per agent directory name (``claude-2.1.328``), the figures of its captures (read
    with ``manifest`` instead of each agent's own, if given); with `per_capture`, each
    capture's (seconds agreed, seconds scored) go there too."""
    out: dict[str, AgentFigures] = {}
    for path in paths:
        name = path.parent.name
        fig = out.setdefault(name, AgentFigures(name))
        rep = replayed_with(path, manifest, backend)
        cap_name = tc.capture_name(path)
        fig.captures += 1
        for t, label, lat, note, _lo, _hi in dialog_latencies(rep.steps):
            fig.dialogs += 1
            if lat is None:
                fig.missed.append(f"{cap_name} @{t:.3f} {label} (no blocked decision)")
            elif note.startswith("kind"):
                fig.missed.append(f"{cap_name} @{t:.3f} {label} (read as {note})")
            else:
                fig.blocked.append(max(0.0, lat))
        problems = tc.false_blocked(rep)
        if problems:
            key = f"{cap_name}:no-false-blocked"
            first = [p.split("\n", 1)[0] for p in problems]
            (fig.known_false_blocked if key in tc.KNOWN else fig.false_blocked).extend(first)
        for t, lat in turn_end_latencies(rep.steps):
            if lat is None:
                fig.turns_missed.append(f"{cap_name} @{t:.3f}")
            else:
                fig.turn_ends.append(lat)
        a, s = agreement(rep)
        if per_capture is not None:
            per_capture[cap_name] = (a, s)
        fig.agree_s += a
        fig.scored_s += s
    return out


def agent_dirs() -> list[Path]:
    return sorted(d for d in tc.CAPTURES_DIR.iterdir() if d.is_dir())


def _ms(values: list[float], p: float | None = None) -> str:
    if not values:
        return "-"
    return f"{(pct(values, p) if p is not None else max(values)) * 1000:.0f}"


def table(figs: dict[str, AgentFigures]) -> str:
    head = ("agent", "captures", "dialogs found", "false blocked", "blocked p50/max ms",
            "turn end p50/max ms", "agreement")
    rows = [head]
    for f in figs.values():
        known = f" (+{len(f.known_false_blocked)} known)" if f.known_false_blocked else ""
        rows.append((f.name, str(f.captures), f"{f.dialogs - len(f.missed)}/{f.dialogs}",
                     f"{len(f.false_blocked)}{known}",
                     f"{_ms(f.blocked, 50)} / {_ms(f.blocked)}",
                     f"{_ms(f.turn_ends, 50)} / {_ms(f.turn_ends)}"
                     + (f" ({len(f.turns_missed)} missed)" if f.turns_missed else ""),
                     f"{f.agreement:.3f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in rows)


def figures(figs: dict[str, AgentFigures]) -> list[Figure]:
    out = []
    for f in figs.values():
        bad = f.problems()
        out.append(Figure(
            f"corpus {f.name}: dialogs, false blocked, blocked p50/max, turn end p50, agreement",
            f"{f.dialogs - len(f.missed)}/{f.dialogs}, {len(f.false_blocked)}, "
            f"{_ms(f.blocked, 50)}/{_ms(f.blocked)} ms, {_ms(f.turn_ends, 50)} ms, "
            f"{f.agreement:.3f}", "markers", "",
            "all, 0, <= 100/300 ms, <= 300 ms, >= 0.98", not bad))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", help="append the summary figures to this JSON Lines file")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every problem")
    ap.add_argument("--manifest", metavar="NAME",
                    help="read every capture with this built-in manifest (generic: the fallback)")
    ap.add_argument("--captures", action="store_true",
                    help="also print the agreement of each capture")
    ap.add_argument("--backend", default=BACKEND, choices=("pyte", "ghostty"),
                    help=f"the screen model to replay on (default {BACKEND})")
    ap.add_argument("only", nargs="*", metavar="AGENT[-VERSION]|DIR",
                    help="score only these capture directories (an agent: all its releases; a "
                    "path to a directory, e.g. tests/heldout/cline-3.0.57: that one)")
    args = ap.parse_args()
    given = [Path(o) for o in args.only if "/" in o and Path(o).is_dir()]
    names = [o for o in args.only if Path(o) not in given]
    dirs = [d for d in agent_dirs()
            if not args.only or any(d.name == o or d.name.rsplit("-", 1)[0] == o for o in names)]
    dirs += given
    if not dirs:
        ap.error(f"no capture directory named {' or '.join(args.only)} under {tc.CAPTURES_DIR}")
    paths = sorted(p for d in dirs for p in d.glob("*.jsonl"))
    each: dict[str, tuple[float, float]] = {}
    figs = score(paths, args.manifest, args.backend, each)
    print(f"capture corpus per agent ({len(paths)} captures, {args.backend} screen model, "
          + (f"read with the {args.manifest} manifest, " if args.manifest else "") +
          f"grace {GRACE * 1000:.0f} ms after each truth change for the agreement)")
    print(table(figs))
    for f in figs.values():
        for p in f.problems() if args.verbose or f.problems() else []:
            print(f"    {f.name}: {p}")
        for k in f.known_false_blocked:
            print(f"    {f.name}: known (tests/test_corpus.py KNOWN): {k}")
    if args.captures:
        print()
        for name, (a, s) in each.items():
            print(f"{name:<55} {a / s if s else float('nan'):.3f}  ({a:.1f} of {s:.1f} s)")
    print()
    print(figures_table(figures(figs)))
    write_figures(args.json, figures(figs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
