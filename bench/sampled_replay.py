"""A capture replayed with the activity samples a live session takes (session/sampling.py)
run on the capture's clock, for a program on the fallback rules: what the light says when
the samples decide. The session's whole sampler runs here (the foreground too), offered
the time every 50 ms whether or not the live loop would wake then; ``replay`` itself
gives a capture without ``a`` rows the activity samples on the live loop's wake-ups
(fusion/drive.py, ``capture_activity``), the figures ``bench_corpus.py --manifest
generic`` prints.

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

from osc7501wrap.commands.record import replay
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.session import sampling

OFFER = 0.05  # how often a sample is offered (s)


def _still_proc() -> None:
    """The samples' /proc readings: the program alone in front, no children, no CPU."""
    sampling.foreground_pgrp = lambda fd: 100
    sampling.process_name = lambda pg: "agent"
    sampling.cpu_time = lambda pid: 0.0
    sampling.child_pids = lambda pid: []
    sampling.descendants = lambda pid: None


def sampled(path: Path, raw_output: bool = False) -> tc.Replayed:
    """`path` replayed with the generic manifest and live samples (module doc): `replay`'s
    own timeline, the samples taken on the capture's clock."""
    cap = tc.read_capture(path)
    m = tc.rules.load_manifests(user_dir=None).get("generic")
    s = sampling.Sampler(100, -1, activity=True)
    s.tree_ok = False
    look = Pipeline.screen_look
    if raw_output:  # every output under a still composer counts as work
        Pipeline.screen_look = lambda self: self.output_bytes  # type: ignore[method-assign]
    try:
        steps = replay(cap, m, backend=bc.BACKEND, resample=s.sample, every=OFFER)
    finally:
        Pipeline.screen_look = look  # type: ignore[method-assign]
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
