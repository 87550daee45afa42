"""Both screen backends read every recorded agent session (tests/captures/) the same.

The screens are compared at each labelled moment, resize and the exit. A missing or
empty corpus fails; without pyghostty the comparison fails under scripts/test and is
skipped with the reason elsewhere (tests/require.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from osc7501wrap.capture import parse_size, read_capture
from osc7501wrap.screen import ScreenModel, make_screen

CAPTURES_DIR = Path(__file__).resolve().parent.parent / "captures"
CAPTURES = sorted(CAPTURES_DIR.glob("*/*.jsonl"))
# Captures on which the two backends are known to disagree, run as xfail(strict=True):
# agent directory -> what differs.
BACKENDS_DISAGREE: dict[str, str] = {}


def state(model: ScreenModel) -> tuple[list[str], tuple[int, int], bool]:
    return model.lines(), model.cursor(), model.alt_screen


def test_the_corpus_is_there() -> None:
    assert CAPTURES, f"no captures under {CAPTURES_DIR}"


@pytest.mark.requires("pyghostty")
@pytest.mark.parametrize("path", [
    pytest.param(p, id=f"{p.parent.name}/{p.stem}",
                 marks=[pytest.mark.xfail(strict=True, reason=BACKENDS_DISAGREE[p.parent.name])]
                 if p.parent.name in BACKENDS_DISAGREE else [])
    for p in CAPTURES])
def test_backends_agree_on_recorded_agent_sessions(path: Path) -> None:
    cap = read_capture(path)
    assert cap.events, f"{path.name} has no events"
    p, g = make_screen(cap.rows, cap.cols, "pyte"), make_screen(cap.rows, cap.cols, "ghostty")
    assert (p.backend, g.backend) == ("pyte", "ghostty")
    checked = 0
    for ev in cap.events:
        if ev.type == "o":
            data = ev.data
            p.feed(data)
            g.feed(data)
        elif ev.type == "r":
            rows, cols = parse_size(str(ev.payload))
            p.resize(rows, cols)
            g.resize(rows, cols)
        if ev.type in ("m", "r", "x"):  # labelled moments, resizes and the final screen
            assert state(p) == state(g), f"{ev.type} {ev.payload}"
            checked += any(p.lines())
    assert state(p) == state(g)
    assert checked  # some compared screens had text on them
