"""The capture corpus's goals, per agent: every ``tests/captures/<agent>-<version>/``
directory present must meet them (``bench/bench_corpus.py`` computes and prints them;
``bench/run`` shows them in its summary):

every blocked marker found with the right kind, 0 false blocked, blocked p50 <= 100 ms and
max <= 300 ms, turn end p50 <= 300 ms, time-weighted agreement with the truth >= 0.98.

A directory without captures fails (missing data is not a pass).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_corpus as bc
import test_corpus as tc

AGENT_DIRS = bc.agent_dirs()


def test_every_agent_directory_is_scored() -> None:
    assert AGENT_DIRS, f"no agent directories under {tc.CAPTURES_DIR}"


@pytest.mark.parametrize("agent_dir", AGENT_DIRS, ids=[d.name for d in AGENT_DIRS])
def test_agent_meets_the_corpus_goals(agent_dir: Path) -> None:
    paths = sorted(agent_dir.glob("*.jsonl"))
    assert paths, f"{agent_dir.name}: no captures (scripts/capture-agents writes them)"
    figs = bc.score(paths)[agent_dir.name]
    problems = figs.problems()
    assert not problems, (f"{agent_dir.name} misses the corpus goals:\n  "
                          + "\n  ".join(problems) + "\n\n" + bc.table({agent_dir.name: figs}))


# --------------------------------------------------------------------------- the scoring


def _scored(decisions: list[tuple[float, str]]) -> tuple[float, list[tuple[float, float | None]]]:
    rep = tc._synthetic(decisions, tc.TRUTH, exit_at=9.0)
    agree, scored = bc.agreement(rep)
    return agree / scored, bc.turn_end_latencies(rep.steps)


def test_agreement_and_turn_end_of_a_right_timeline() -> None:
    ratio, turns = _scored([*tc._START, (4.0, "blocked:permission"), *tc._END])
    assert ratio == pytest.approx(1.0)
    assert turns == [(8.8, 0.0)]  # decided before the marker: on time


def test_agreement_drops_when_wrap_is_wrong_for_a_while() -> None:
    # working only 1.5 s after the Enter: 1.2 s wrong of the 6.6 s scored (each truth
    # change has 0.3 s of grace)
    ratio, _ = _scored([(0.0, "idle"), (3.5, "working"), (5.9, "blocked:permission"),
                        *tc._END])
    assert ratio == pytest.approx(1 - 1.2 / 6.6)
    assert ratio < bc.GOAL_AGREEMENT


def test_turn_end_latency_and_a_missed_turn_end() -> None:
    _, late = _scored([*tc._START, (5.9, "blocked:permission"), (8.6, "working"),
                       (8.95, "done")])
    assert late[0][1] == pytest.approx(0.15)
    _, never = _scored([*tc._START, (5.9, "blocked:permission"), (8.6, "working")])
    assert never == [(8.8, None)]


def test_problems_name_every_missed_goal() -> None:
    f = bc.AgentFigures("x-1", captures=1, dialogs=2, missed=["a @1.000 blocked (no blocked "
                        "decision)"], blocked=[0.2, 0.4], turn_ends=[0.5], agree_s=9,
                        scored_s=10)
    text = "\n".join(f.problems())
    for want in ("dialog not found", "blocked p50 400 ms", "blocked max 400 ms",
                 "turn end p50 500 ms", "agreement 0.900"):
        assert want in text
    assert bc.AgentFigures("x-1").problems() == ["no captures", "agreement nan < 0.98"]
