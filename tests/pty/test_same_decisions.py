"""One capture, three drivers of the core, the same decisions: the live session (a real pty:
tests/pty/capture_child.py plays the capture's child through `wrap`, the keys are typed
on the terminal side), `osc7501wrap replay` (the command) and the driver the unit tests
use (osc7501wrap.fusion.drive.drive on a Pipeline of the test's own).

The capture writes no OSC 7501 of its own and nothing else of wrap's reaches the terminal
(``--emit never``, every fallback off), so the terminal gets exactly the capture's
output: each key is typed once all the output before it arrived, after the capture's own
gap. Decisions are compared as their sequence of ``state[:kind]``, one entry per change:
the live loop's clock is not the capture's, so their times differ by its scheduling.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

from term import STALL, Terminal, base_env

from osc7501wrap.agents import meaning
from osc7501wrap.capture import read_capture
from osc7501wrap.fusion.drive import Event, drive
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.rules import load_manifests

REPO = Path(__file__).resolve().parents[2]
CAPTURE = REPO / "tests" / "captures" / "aider-0.86.2" / "create-file.jsonl"
CHILD = str(Path(__file__).with_name("capture_child.py"))
QUIET = '[fallbacks]\nprogress = false\nnotify = []\nchannels = ["none"]\n'
_STATE = re.compile(r" state (\w+)(?::(\w+))? signal=")


def changes(pairs: list[tuple[str, str | None]]) -> list[str]:
    """``state[:kind]`` per change (a repeat, e.g. a new message, folded)."""
    out: list[str] = []
    for state, kind in pairs:
        label = f"{state}:{kind}" if kind else state
        if not out or out[-1] != label:
            out.append(label)
    return out


def live(tmp: Path) -> list[str]:
    cap = read_capture(CAPTURE)
    (tmp / "config").mkdir()
    (tmp / "config" / "config.toml").write_text(QUIET)
    log = tmp / "wrap.log"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp / "config"),
                   OSC7501WRAP_STATE_DIR=str(tmp / "state"),
                   OSC7501WRAP_RUNTIME_DIR=str(tmp / "run"))
    t = Terminal.wrap(["--emit", "never", "--agent", str(cap.header["agent"]), "--log", str(log),
                       sys.executable, CHILD, str(CAPTURE)],
                      rows=cap.rows, cols=cap.cols, env=env)
    try:
        written = b""  # what the child wrote up to now, as the capture has it
        last_out = 0.0
        for ev in cap.events:
            if ev.type == "o":
                written += ev.data
                last_out = ev.t
            elif ev.type == "i":
                deadline = time.monotonic() + STALL
                while len(t.output) < len(written) and time.monotonic() < deadline:
                    t.read(timeout=0.05)
                assert t.output == written, "the terminal got other bytes than the capture's"
                gap = max(0.0, ev.t - last_out)  # the capture's pause before the key
                t.pump(gap)
                t.type(ev.data)
        assert t.wait(timeout=10) == 0
    finally:
        t.close()
    assert t.output.startswith(written)
    lines = log.read_text(encoding="utf-8").splitlines()
    return changes([(m.group(1), m.group(2)) for line in lines if (m := _STATE.search(line))])


def replayed(tmp: Path) -> list[str]:
    p = subprocess.run([sys.executable, "-m", "osc7501wrap", "replay", "--json", str(CAPTURE)],
                       capture_output=True, text=True, timeout=60, check=False,
                       env=base_env(PYTHONPATH=str(REPO),
                                    OSC7501WRAP_CONFIG_DIR=str(tmp / "config")),
                       stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    steps = json.loads(p.stdout)["timeline"]
    return changes([(s["state"], s.get("kind")) for s in steps if not s.get("marker")])


def driven() -> list[str]:
    cap = read_capture(CAPTURE)
    manifest = load_manifests().get(str(cap.header["agent"]))
    assert manifest is not None
    p = Pipeline(manifest, rows=cap.rows, cols=cap.cols, now=0.0,
                 vocabulary=meaning(manifest.integration))
    p.load_screen(wait=True)
    got: list[Decision] = [p.current()]
    events = [Event(ev.t, ev.type, ev.data if ev.type in ("o", "i") else ev.payload)
              for ev in cap.events if ev.type in ("o", "i", "x")]
    drive(p, events, got.extend)
    return changes([(d.state, d.kind) for d in got])


def test_live_replay_and_the_unit_driver_decide_the_same(tmp_path: Path) -> None:
    expected = driven()
    assert expected == ["idle", "working", "blocked:permission", "done", "clear"]
    assert replayed(tmp_path) == expected
    assert live(tmp_path) == expected
