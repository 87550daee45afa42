"""A capture replayed with the activity samples a live session takes (session/sampling.py)
run on the capture's clock, for a program on the fallback rules: what the light says when
the samples decide (a capture holds the samples of the session that recorded it, none
when it was recorded with a manifest; ``replay`` hands the core only those).

    .venv/bin/python bench/sampled_replay.py [--raw-output] DIR|CAPTURE...

prints each capture's agreement and turn-end latencies (as ``bench_corpus.py --manifest
generic`` scores them) and each directory's, the sampler offered a sample every 50 ms of
the capture's clock and taking those that are due. ``--raw-output`` counts every output
under a still composer as work (the samples before they read the screen's text). The
process table is not read (the samples' /proc readings stand still: no foreground
change, no children, no CPU); the capture's own samples and process snapshots are
dropped. Not a test itself."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_corpus as bc
import test_corpus as tc

from osc7501wrap.commands.record import Step
from osc7501wrap.fusion.drive import Marker, capture_events
from osc7501wrap.fusion.events import (
    Activity,
    Exit,
    Foreground,
    Output,
    Processes,
    Retitled,
    Tick,
    Written,
)
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.protocol.sanitize import sanitize_text
from osc7501wrap.session import sampling
from osc7501wrap.stream.tracker import StreamTracker

OFFER = 0.05  # how often a sample is offered (s)


def _still_proc() -> None:
    """The samples' /proc readings: the program alone in front, no children, no CPU."""
    sampling.foreground_pgrp = lambda fd: 100
    sampling.process_name = lambda pg: "agent"
    sampling.cpu_time = lambda pid: 0.0
    sampling.child_pids = lambda pid: []
    sampling.descendants = lambda pid: None


def sampled(path: Path, raw_output: bool = False) -> tc.Replayed:
    """`path` replayed with the generic manifest and live samples (module doc)."""
    cap = tc.read_capture(path)
    m = tc.rules.load_manifests(user_dir=None).get("generic")
    p = Pipeline(m, rows=cap.rows, cols=cap.cols, now=0.0, backend=bc.BACKEND, host=True)
    p.load_screen(wait=True)
    if raw_output:
        p.screen_look = lambda: p.output_bytes  # type: ignore[method-assign]
    s = sampling.Sampler(100, -1, activity=True)
    s.tree_ok = False
    steps: list[Step] = []
    last = None

    def collect(decisions: list) -> None:
        nonlocal last
        for d in decisions:
            key = (d.state, d.kind, d.msg)
            if key != last:
                last = key
                steps.append(Step(d.at, d.state, d.kind, d.signal, d.detail,
                                  sanitize_text(d.msg, 200) if d.msg else None))

    d0 = p.current()
    last = (d0.state, d0.kind, d0.msg)
    steps.append(Step(0.0, d0.state, d0.kind, d0.signal, d0.detail))
    due: float | None = 0.0
    sample_at = 0.0
    stream = StreamTracker()
    titled: tuple[object, object] = (None, None)

    def advance(to: float) -> None:
        nonlocal due, sample_at
        while True:
            nxt = min(x for x in (due, sample_at) if x is not None)
            if nxt > to:
                return
            if due is not None and due <= sample_at:
                now = due
                eff = p.handle(Tick(1.0), now)
                collect(eff.decisions)
                due = eff.due if eff.due is None or eff.due > now else now + 0.001
            else:
                now = sample_at
                asked = s.sample(p, now)
                # what a sample changed, the core asked to read at once: as live
                eff = p.handle(Tick(1.0), now) if asked <= now else None
                if eff is not None:
                    collect(eff.decisions)
                    if eff.due is not None and (due is None or eff.due < due):
                        due = max(eff.due, now + 0.001)
                sample_at = now + OFFER

    end_t = 0.0
    for t, ev in capture_events(cap):
        if isinstance(ev, (Activity, Foreground, Processes)):
            continue  # the samples are taken here
        advance(t)
        now = end_t = t
        if isinstance(ev, Marker):
            state, _, kind = ev.label.partition(":")
            steps.append(Step(now, state, kind or None, marker=True))
            continue
        if isinstance(ev, Exit):
            advance(now)
            collect(p.handle(ev, now).decisions)
            break
        eff = p.handle(ev, now)
        if isinstance(ev, Output):
            stream.feed(eff.passthrough)
            if (stream.title, stream.progress) != titled:
                titled = (stream.title, stream.progress)
                p.handle(Retitled(*titled), now)
            if not eff.settled:
                eff = p.handle(Written(quiet=due is None or due > now), now)
        collect(eff.decisions)
        if eff.due is not None:
            d = max(eff.due, now)
            if due is None or d < due:
                due = d
    else:
        advance(end_t + 2.0)
    steps.sort(key=lambda x: (x.t, not x.marker))
    return tc.Replayed(tc.capture_name(path), cap, m, bc.BACKEND, steps)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw-output", action="store_true")
    ap.add_argument("paths", nargs="+", type=Path)
    a = ap.parse_args()
    _still_proc()
    for d in a.paths:
        paths = sorted(d.glob("*.jsonl")) if d.is_dir() else [d]
        agreed = scored = 0.0
        ends: list[float | None] = []
        for path in paths:
            rep = sampled(path, a.raw_output)
            ag, sc = bc.agreement(rep)
            agreed, scored = agreed + ag, scored + sc
            late = [x for _, x in bc.turn_end_latencies(rep.steps)]
            ends += late
            shown = ", ".join("never" if x is None else f"{x * 1000:.0f}" for x in late)
            print(f"  {rep.name:34} agreement {ag / sc if sc else 0.0:.3f}  turn end ms: {shown}")
        seen = sorted(x for x in ends if x is not None)
        p50 = f"{seen[len(seen) // 2] * 1000:.0f}" if seen else "-"
        print(f"{d.name}: agreement {agreed / scored if scored else 0.0:.3f}, turn end p50 "
              f"{p50} ms ({len(ends) - len(seen)} of {len(ends)} not seen)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
