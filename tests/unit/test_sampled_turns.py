"""A full-screen agent on the fallback rules, with the activity samples a live session
takes: the user's Enter and the screen's own readings outrank a sample taken before them.

The screen is Kimi Code CLI 1.51.0's (no manifest of its own) as it drew it, read from its
capture: a start-up spinner, a still composer, a prompt typed and sent with Enter, the
composer redrawn, then its spinner; 14 s later the composer back. The samples are handed
in as the session's sampler took them on the same screen (every 0.5 s: it reads the
screen's verdict the sample before). A sample says what it saw when it was taken: the
Enter, the spinner drawn after it and the composer drawn after the turn are newer, so the
light reads working from the Enter until the screen shows the turn ended, and the turn's
end as soon as the screen shows it; a sample newer than the screen's reading still counts.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from playbook import Playbook

from osc7501wrap import rules
from osc7501wrap.capture import read_capture
from osc7501wrap.fusion.drive import Marker, capture_events, drive
from osc7501wrap.fusion.events import Activity, Event, Output, Processes
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.fusion.pipeline import Pipeline

KIMI = Path(__file__).resolve().parents[1] / "heldout" / "kimi-1.51.0" / "stream.jsonl"
ENTER = 6.0695  # the capture's Enter (its prompt typed from 5.54 s)
SPINNER = 6.515  # the spinner's first glyph under the echoed prompt
COMPOSER = 20.44  # the composer drawn again, the spinner gone: the turn ended
# the samples the session's sampler took on this screen (bench/sampled_replay.py)
STARTUP = (0.55, Activity(True, "writing output"))
STILL = (3.15, Activity(False, "the screen shows the composer, still"))
TURN = (6.45, Activity(True, "the screen shows a turn running"))
ENDED = (20.6, Activity(False, "the screen shows the composer, still"))
AFTER = (21.6, Activity(True, "writing output"))


def replay(until: float, samples: list[tuple[float, Activity]]) -> list[Decision]:
    """The capture up to `until` through the core, with `samples` among its events (as
    the session hands them over); every decision made."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["kimi"])
    assert manifest.name == "generic"
    cap = read_capture(KIMI)
    pb = Playbook(Pipeline(manifest, rows=cap.rows, cols=cap.cols, now=0.0, backend="pyte"))
    pb.p.load_screen(wait=True)
    timed: list[tuple[float, Event]] = [
        (t, ev) for t, ev in capture_events(cap, until)
        if not isinstance(ev, (Marker, Activity, Processes))]
    timed += samples
    timed.sort(key=lambda x: x[0])
    for t, ev in timed:
        pb.until(t)
        if isinstance(ev, Output):
            pb.frame(ev.data, t)
        else:
            pb.at(t) >> ev
    pb.until(until)
    return pb.decisions


def between(decisions: list[Decision], start: float, end: float) -> list[str]:
    """The states decided from `start` (the capture's clock: to the ms) to `end`."""
    return [d.state for d in decisions if start - 1e-3 <= d.at < end]


@pytest.fixture(scope="module")
def whole() -> list[Decision]:
    return replay(22.0, [STARTUP, STILL, TURN, ENDED, AFTER])


def test_enter_at_a_still_composer_reads_working_until_the_spinner(
        whole: list[Decision]) -> None:
    """The composer read idle by a sample at 3.15 s; the Enter at 6.07 s reads working at
    once, and nothing reads idle before the spinner, nor while it spins."""
    before = [d for d in whole if d.at < ENTER - 1e-3]
    assert before[-1].state == "idle"
    after = [d for d in whole if ENTER - 1e-3 <= d.at < COMPOSER]
    assert after and (after[0].state, after[0].signal) == ("working", "input")
    assert after[0].at == pytest.approx(ENTER, abs=1e-3)
    assert between(whole, ENTER, SPINNER + 0.1) == ["working"], after
    assert set(between(whole, ENTER, COMPOSER)) == {"working"}, after


def test_the_turn_ends_when_the_screen_shows_the_composer(whole: list[Decision]) -> None:
    """The last sample (6.45 s) said the spinner runs; the composer drawn at 20.44 s
    ends the turn as the screen reads it, not at the next sample half a second later."""
    end = next(d for d in whole if d.at >= COMPOSER - 0.05 and d.state != "working")
    assert (end.state, end.signal) == ("done", "screen")
    assert end.at - COMPOSER <= 0.1


def test_a_sample_newer_than_the_screen_still_counts(whole: list[Decision]) -> None:
    """Output under the composer after the turn's end, seen by a sample (21.6 s) after
    the one that saw it still (20.6 s): work, as before (a sample newer than the
    screen's reading outranks it)."""
    assert between(whole, COMPOSER, ENDED[0] + 0.01) == ["done"]
    last = whole[-1]
    assert (last.state, last.signal, last.at) == ("working", "process", AFTER[0])


def test_the_start_up_spinner_ends_idle_not_done(whole: list[Decision]) -> None:
    """Before the user's first prompt the program's own start-up is no turn: its
    spinner's end reads idle when the screen shows the composer."""
    assert "done" not in between(whole, 0.0, ENTER)
    first_idle = next(d for d in whole if d.state == "idle" and d.at > STARTUP[0])
    assert first_idle.signal == "screen" and first_idle.at < STILL[0]


def test_without_samples_the_enter_holds_the_same() -> None:
    """The same screen without any sample: the screen alone decides, as replay does."""
    decisions = replay(SPINNER + 0.3, [])
    assert between(decisions, ENTER, SPINNER + 0.3) == ["working"]


def test_the_driver_takes_the_samples_on_its_own_clock() -> None:
    """`drive(..., resample=)` (what `bench/sampled_replay.py` runs): the sampler is offered
    the time every `every` seconds of the capture's clock, the capture's own samples are
    dropped, and what a sample changed is read at once: the same light as the samples
    handed in among the events."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["kimi"])
    cap = read_capture(KIMI)
    p = Pipeline(manifest, rows=cap.rows, cols=cap.cols, now=0.0, backend="pyte")
    p.load_screen(wait=True)
    offered: list[float] = []
    left = [STARTUP, STILL, TURN, ENDED, AFTER]
    decisions: list[Decision] = []

    def sampler(pipeline: Pipeline, now: float) -> float:
        offered.append(now)
        if left and left[0][0] <= now:
            pipeline.handle(left.pop(0)[1], now)
            return now  # read at once
        return now + 1.0

    # a sample the capture recorded, idle in the middle of the turn: dropped
    events = [*capture_events(cap, 22.0), (ENTER + 1.0, Activity(False, "a recorded sample"))]
    events.sort(key=lambda x: x[0])
    drive(p, events, decisions.extend, resample=sampler, every=0.25)
    assert not left and offered[0] == 0.0
    assert all(abs(b - a - 0.25) < 1e-9 for a, b in itertools.pairwise(offered))
    assert offered[-1] >= 22.0
    assert not [d for d in decisions if d.detail == "a recorded sample"]
    after = [d.state for d in decisions if ENTER - 1e-3 <= d.at < COMPOSER]
    assert after and after[0] == "working" and "idle" not in after
    assert any(d.state in ("done", "idle") and COMPOSER <= d.at < COMPOSER + 0.5
               for d in decisions)
