"""A capture replays to the same decisions whatever was replayed before it in the process:
alone in a fresh process (every pattern's automaton cold: RE2 builds it during the first
searches), or after another capture (the same compiled patterns, warm). The rule engine's
time budget must not read that warm-up as a rule's cost (rules.WARM_TRIES): struck off on
the first screens of a fresh process, a rule read nothing for the rest of the session.

Each replay runs in a process of its own (python -c), the way `replay` and the bench run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HELDOUT = ROOT / "tests" / "heldout"

# replays the captures named on the command line with the generic manifest, in that order,
# and prints each one's decisions and the rules switched off during it, as JSON
_SCRIPT = """
import json, sys
from pathlib import Path
from osc7501wrap import rules
from osc7501wrap.capture import read_capture
from osc7501wrap.commands.record import replay
out = []
for p in sys.argv[1:]:
    m = rules.load_manifests(user_dir=None).get("generic")
    steps = replay(read_capture(Path(p)), m, backend="pyte")
    out.append({"steps": [[s.t, s.state, s.kind, s.signal, s.detail, s.msg, s.marker]
                          for s in steps],
                "off": sorted(m.health.off)})
print(json.dumps(out))
"""


def _replay(*paths: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    got = subprocess.run([sys.executable, "-c", _SCRIPT, *map(str, paths)], env=env,
                         capture_output=True, text=True, timeout=300, check=True)
    return json.loads(got.stdout)


def test_a_replay_alone_and_after_another_decide_alike_and_switch_nothing_off() -> None:
    # MCP CLI's answer (A) then its negatives (B): B's decisions are those of B alone
    a = HELDOUT / "mcpcli-0.20.1" / "answer.jsonl"
    b = HELDOUT / "mcpcli-0.20.1" / "negatives.jsonl"
    assert a.is_file() and b.is_file()
    (alone,) = _replay(b)
    after_a, after = _replay(a, b)
    assert alone["steps"] == after["steps"]
    # a fresh process's first screens (cold automata) switch no rule off: they did
    # (tui_working_stream, 33 ms on its first search of a 48-row region)
    assert alone["off"] == [] and after_a["off"] == [] and after["off"] == []
