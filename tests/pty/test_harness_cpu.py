"""The agent harness records the program's CPU time (``c`` rows) beside its process rows,
so that a replay's activity samples read "using CPU" as a live session's do.

A real program in a real pty (harness/agentrun.py's AgentRun with a capture): it prints a
line, computes for 2 s of CPU in silence, then sleeps. The capture's CPU rows grow while it
computes, and its replay with the generic manifest keeps it busy while it computes: it
reads idle 5 s (QUIET_IDLE) after the computing ends, not after the line.
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
from pathlib import Path

from agentrun import AgentRun

from osc7501wrap import rules
from osc7501wrap.capture import Capture, CaptureWriter, read_capture
from osc7501wrap.commands.record import replay

PROGRAM = r"""
import time
print("thinking", flush=True)
t = time.process_time()
while time.process_time() - t < 2.0:  # 2 s of CPU, however loaded the machine
    pass
time.sleep(7.0)
"""


def quiet_at(cap: Capture) -> float:
    """When the replay with the generic manifest reads the program idle after its line."""
    generic = rules.load_manifests(user_dir=None).get("generic")
    assert generic is not None
    steps = [s for s in replay(cap, generic, backend="pyte") if not s.marker]
    return next(s.t for s in steps if s.state == "idle" and s.detail == "quiet for 5 s")


def test_the_harness_records_cpu_time_and_replay_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "cpu.jsonl"
    cap = CaptureWriter(path, rows=24, cols=80, argv=["python"], agent="python")
    with AgentRun([sys.executable, "-c", PROGRAM], env={"PATH": "/usr/bin:/bin"},
                  cwd=tmp_path, cols=80, rows=24, capture=cap) as run:
        run.wait("thinking", 30)
        run.wait_exit(60)
    cap.close()
    got = read_capture(path)
    cpu = [(e.t, float(e.payload)) for e in got.events if e.type == "c"]
    assert cpu and all(b[1] > a[1] for a, b in itertools.pairwise(cpu)), cpu
    assert all(b[0] - a[0] >= AgentRun.CPU_PERIOD - 0.01
               for a, b in itertools.pairwise(cpu))
    assert cpu[-1][1] - cpu[0][1] >= 1.9, cpu  # its 2 s of computing, seen
    line = next(e.t for e in got.events if e.type == "o" and b"thinking" in e.data)
    # busy while it computes (the CPU read at each sample), idle QUIET_IDLE after
    assert quiet_at(got) >= line + 7.0
    # without the CPU rows, only the line says work
    bare = dataclasses.replace(got, events=[e for e in got.events if e.type != "c"])
    assert quiet_at(bare) < line + 6.5
