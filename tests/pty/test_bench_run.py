"""`bench/run` takes every benchmark it runs by name (`--only`, `--skip`): its list of
names was once kept apart from its sections and lacked one, so `bench/compare` (which
runs `bench/run --only NAME` on both trees) measured nothing for it. Only the argument
check runs here: every name given to --only is skipped too, so no benchmark starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))

from test_bench_compare import BENCH, _run_sections


def test_bench_run_takes_every_section_by_name() -> None:
    names = ",".join(_run_sections())
    done = subprocess.run([sys.executable, str(BENCH / "run"), "--only", names, "--skip", names],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "unknown benchmark" not in done.stderr, done.stderr
    bad = subprocess.run([sys.executable, str(BENCH / "run"), "--only", "nosuch"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "unknown benchmark(s): nosuch" in bad.stderr
