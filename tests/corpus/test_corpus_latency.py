"""How fast wrap says what the agent's own ground truth says, per agent, on the corpus.

For the OpenCode, Qwen Code and Kilo CLI captures of every release (ground truth from
their event bus and hooks), Grok CLI's and Cline's (labelled from their screens), and for
the Codex captures replayed without Codex's own OSC 7501 reports
(the screen alone, as with a Codex that writes none), on every screen backend:

- every ``blocked`` marker is met by a blocked decision of its kind: the delay from the
  marker (the dialog drawn) has p50 <= 100 ms and max <= 300 ms;
- no blocked decision outside a dialog (:func:`test_corpus.false_blocked`);
- the end of a turn (a ``done`` or ``idle`` marker after work) is reported with
  p50 <= 300 ms.

The figures are printed (``-s``). The replay is :func:`test_corpus.replayed`'s.
"""

from __future__ import annotations

import base64
import re
import statistics
from dataclasses import replace
from pathlib import Path

import pytest
import require
import test_corpus as tc

from osc7501wrap.capture import Event, read_capture
from osc7501wrap.commands.record import replay

AGENTS = ["opencode-1.15.13", "opencode-1.17.11", "opencode-1.18.22", "opencode-1.18.33",
          "qwen-0.12.0", "qwen-0.15.6", "qwen-0.24.4", "codex-0.169.0:no-native",
          "grok-0.0.34", "kilo-7.7.2", "kilo-7.7.7", "cline-3.0.62", "cline-3.0.65"]
OSC7501 = re.compile(rb"\x1b\]7501;[^\x07\x1b]*(?:\x07|\x1b\\)")


def _without_native(path: Path, backend: str) -> tc.Replayed:
    cap = read_capture(path)
    events = [replace(e, payload=base64.b64encode(OSC7501.sub(b"", e.data)).decode())
              if e.type == "o" else e for e in cap.events]
    cap = replace(cap, events=[Event(e.t, e.type, e.payload) for e in events])
    manifest = tc.builtin_manifest(cap)
    return tc.Replayed(tc.capture_name(path), cap, manifest, backend,
                       replay(cap, manifest, backend=backend))


def _replays(agent: str, backend: str) -> list[tc.Replayed]:
    name, _, mode = agent.partition(":")
    paths = sorted((tc.CAPTURES_DIR / name).glob("*.jsonl"))
    assert paths, f"no captures in {tc.CAPTURES_DIR / name}"
    if mode == "no-native":
        return [_without_native(p, backend) for p in paths if not p.stem.endswith("-7501")]
    return [tc.replayed(p, backend) for p in paths]


def figures(reps: list[tc.Replayed]) -> tuple[list[float], list[str], list[float], list[str]]:
    """(blocked delays, missed dialogs, turn-end delays, false blocked) in seconds."""
    blocked: list[float] = []
    missed: list[str] = []
    turn: list[float] = []
    false: list[str] = []
    for rep in reps:
        false += tc.false_blocked(rep)
        for i, mk in enumerate(rep.markers):
            prev = rep.markers[i - 1] if i else None
            since = prev.t if prev is not None else -1.0
            if mk.state == "blocked":
                hit = [d for d in rep.decisions
                       if d.t > max(since, mk.t - tc.WINDOWS["blocked"][0]) and tc.agrees(mk.label, d)]
                if hit:
                    blocked.append(max(0.0, hit[0].t - mk.t))
                else:
                    missed.append(f"{rep.name}#{i}")
            elif mk.state in ("done", "idle") and prev is not None and prev.state == "working":
                hit = [d for d in rep.decisions if d.t > since and d.state == mk.state]
                turn.append(max(0.0, hit[0].t - mk.t) if hit else float("inf"))
    return blocked, missed, turn, false


@pytest.mark.parametrize("backend", require.backend_params())
@pytest.mark.parametrize("agent", AGENTS)
def test_dialogs_and_turn_ends_are_reported_fast(agent: str, backend: str) -> None:
    blocked, missed, turn, false = figures(_replays(agent, backend))
    p50b, maxb = statistics.median(blocked), max(blocked)
    p50t = statistics.median(turn)
    print(f"\n{agent} [{backend}]: blocked n={len(blocked)} p50={p50b * 1000:.0f} ms "
          f"max={maxb * 1000:.0f} ms; turn end n={len(turn)} p50={p50t * 1000:.0f} ms "
          f"max={max(turn) * 1000:.0f} ms; false blocked {len(false)}")
    assert not missed, f"dialogs never reported: {missed}"
    assert not false, "\n\n".join(false)
    assert p50b <= 0.1 and maxb <= 0.3, blocked
    assert p50t <= 0.3, turn


def test_figures_see_a_slow_turn_end() -> None:
    """The check itself: a turn end reported 0.9 s late (the old working->idle hold plus
    settling) is counted as such."""
    reps = _replays("qwen-0.24.4", "pyte")
    rep = next(r for r in reps if any(m.state == "done" for m in r.markers))
    i = next(i for i, m in enumerate(rep.markers) if m.state == "done")
    mk = rep.markers[i]
    late = [replace(d, t=mk.t + 0.9) if not d.marker and d.state == "done" and d.t >= mk.t - 2 else d
            for d in rep.steps]
    slow = tc.Replayed(rep.name, rep.cap, rep.manifest, rep.backend, sorted(late, key=lambda s: s.t))
    _, _, turn, _ = figures([slow])
    assert pytest.approx(0.9, abs=1e-6) in turn
