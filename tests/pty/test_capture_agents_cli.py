"""scripts/capture-agents and scripts/update-expected as commands: ``--list`` names every
scenario, and neither loads a module of tests/ (their shared harness is harness/).

What it does not do: record (that needs the real agents: scripts/capture-agents itself).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

#: runs a script as its own process would (its sys.path set-up included), then prints
#: every module file it loaded
LOADED = """import runpy, sys
script, *args = sys.argv[1:]
sys.argv = [script, *args]
try:
    runpy.run_path(script, run_name='__main__')
except SystemExit:
    pass
print('LOADED', *sorted({getattr(m, '__file__', None) or '' for m in list(sys.modules.values())}), sep='\\n')
"""


def _loaded(script: str, *args: str) -> tuple[str, list[Path]]:
    p = subprocess.run([sys.executable, "-c", LOADED, str(ROOT / "scripts" / script), *args],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    out, _, loaded = p.stdout.partition("LOADED\n")
    return out, [Path(f) for f in loaded.splitlines() if f]


def test_capture_agents_lists_its_scenarios_without_tests() -> None:
    out, files = _loaded("capture-agents", "--list")
    assert "claude:bash-approve" in out and "cline:multiline" in out
    assert any(f.name == "agentrun.py" for f in files)  # what it reads is loaded
    assert [f for f in files if TESTS in f.parents] == []


def test_update_expected_loads_nothing_of_tests(tmp_path: Path) -> None:
    missing = tmp_path / "none.jsonl"  # a capture that is not there: one line, status 1
    _out, files = _loaded("update-expected", str(missing))
    assert any(f.name == "timelines.py" for f in files)
    assert [f for f in files if TESTS in f.parents] == []
