"""The replay of a capture recorded without activity samples (no ``a`` row) takes those a
live session takes: the live sampler's own decision (fusion/activity.py), fed the output
and input the replay counts and the children in the capture's process rows, no CPU.

The capture is a program no rule reads (plain lines), its output, a key, a child process
started and ended, read with the generic manifest. The live side is the session's
:class:`Sampler` on the same output, its process table standing still but for that child
(no CPU used, the child listed while the capture's process rows list it), woken as the
live loop wakes it: at each read of output or input, else at its own deadline. A capture with ``a`` rows is replayed with those, as before.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from osc7501wrap import rules
from osc7501wrap.capture import Capture, Event
from osc7501wrap.commands.record import replay
from osc7501wrap.fusion.drive import capture_activity
from osc7501wrap.fusion.events import Activity
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.session import sampling

OFFER = 0.05  # how often the drivers offer a sample (s)
NEVER = float("inf")
CHILD = (12.0, 16.0)  # the child process runs then (in the capture's process rows)


def _out(t: float, text: str) -> Event:
    return Event(t, "o", base64.b64encode(text.encode()).decode())


def capture(*extra: Event) -> Capture:
    """A program that prints, is sent a line, streams for 2.5 s, falls quiet, then runs a
    shell with a child of its own (one child of the program) while it prints one line."""
    events = [_out(0.1, "ready\r\n"),
              Event(1.0, "i", base64.b64encode(b"go\r").decode()),
              *(_out(1.5 + 0.25 * k, f"chunk {k}\r\n") for k in range(11)),
              Event(0.2, "p", []),
              Event(CHILD[0], "p", [[200, 100, "sh", "sh -c sleep 3"],
                                    [201, 200, "sleep", "sleep 3"]]),
              _out(CHILD[0], "running it\r\n"),
              Event(CHILD[1], "p", []),
              Event(25.0, "x", 0), *extra]
    events.sort(key=lambda e: e.t)
    return Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
                    "argv": ["prog"], "agent": "prog"}, events)


class Told(list[tuple[float, bool, str]]):
    """The Activity events the core is handed, as (time, busy, why); `again`: the times
    of those handed again."""

    again: list[float]


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> Told:
    seen = Told()
    seen.again = []
    handle = Pipeline.handle

    def noting(self: Pipeline, event: Any, now: float) -> Any:
        if isinstance(event, Activity):
            seen.append((now, event.busy, event.detail))
            if event.again:
                seen.again.append(now)
        return handle(self, event, now)

    monkeypatch.setattr(Pipeline, "handle", noting)
    return seen


def generic() -> rules.Manifest:
    m = rules.load_manifests(user_dir=None).get("generic")
    assert m is not None and m.generic
    return m


def live_samples(cap: Capture, told: list[tuple[float, bool, str]],
                 monkeypatch: pytest.MonkeyPatch,
                 child: tuple[float, float] = CHILD) -> list[tuple[float, bool, str]]:
    """The live session's sampler on the capture's output (its process table: the
    program alone in front, the CPU time of the capture's last ``c`` row, the child
    while it runs)."""
    clock = [0.0]
    cpu = [(e.t, float(e.payload)) for e in cap.events if e.type == "c"]
    monkeypatch.setattr(sampling, "foreground_pgrp", lambda fd: 100)
    monkeypatch.setattr(sampling, "process_name", lambda pg: "prog")
    monkeypatch.setattr(sampling, "cpu_time",
                        lambda pid: max([c for t, c in cpu if t <= clock[0]], default=0.0))
    monkeypatch.setattr(sampling, "child_pids",
                        lambda pid: [200] if child[0] <= clock[0] < child[1] else [])
    s = sampling.Sampler(100, -1, activity=True)
    s.tree_ok = False
    seen: list[Any] = [None]
    due = [0.0]

    def sample(p: Pipeline, now: float) -> float:
        """The live loop: a tick at each read of output or input, else at the sampler's
        own deadline."""
        clock[0] = now
        fresh = (p.output_bytes, p.last_input) != seen[0]
        if not fresh and now < due[0]:
            return NEVER
        seen[0] = (p.output_bytes, p.last_input)
        due[0] = s.sample(p, now)
        return due[0]

    told.clear()
    replay(cap, generic(), backend="pyte", resample=sample, every=OFFER)
    return list(told)


def test_a_replay_without_activity_rows_takes_the_live_samples(
        told: list[tuple[float, bool, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    cap = capture()
    assert capture_activity(cap, generic=True) is not None
    steps = replay(cap, generic(), backend="pyte")
    replayed = list(told)
    live = live_samples(cap, told, monkeypatch)
    # the same changes at the same times (within an offer: the replay's are on a grid)
    assert [(b, w) for _, b, w in replayed] == [(b, w) for _, b, w in live]
    assert [(b, w) for _, b, w in replayed] == [
        (True, "writing output"), (False, "quiet for 5 s"),
        (True, "running 1 child process"), (False, "quiet for 5 s")]
    for (t, _, _), (u, _, _) in zip(replayed, live, strict=True):
        assert abs(t - u) <= OFFER + 1e-9, (replayed, live)
    # the light follows the samples: the stream and the child working, the quiet idle

    def at(t: float) -> tuple[str, str]:
        step = [s for s in steps if s.t <= t][-1]
        return step.state, step.signal

    assert [at(t) for t in (3.0, 11.0, 14.0, 22.0)] == [
        ("working", "process"), ("idle", "process"), ("working", "process"),
        ("idle", "process")]


def test_the_cpu_time_a_capture_recorded_is_read_as_a_live_sample_reads_it(
        told: list[tuple[float, bool, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """``c`` rows (the harness's record of the program's CPU time): a program that prints
    one line and computes 4 s in silence stays busy while it computes ("using CPU"), and
    reads idle 5 s after, as live; without the rows, 5 s after its line."""
    work = [Event(round(8.0 + 0.1 * k, 1), "c", round(0.05 * k, 2)) for k in range(41)]
    events = [_out(0.1, "ready\r\n"), _out(8.0, "thinking\r\n"), Event(0.0, "c", 0.0),
              *work, Event(25.0, "x", 0)]
    events.sort(key=lambda e: e.t)
    head = {"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
            "argv": ["prog"], "agent": "prog"}
    cap = Capture(head, events)
    replay(cap, generic(), backend="pyte")
    replayed = list(told)
    live = live_samples(cap, told, monkeypatch, child=(NEVER, NEVER))
    assert [(b, w) for _, b, w in replayed] == [(b, w) for _, b, w in live]
    for (t, _, _), (u, _, _) in zip(replayed, live, strict=True):
        assert abs(t - u) <= OFFER + 1e-9, (replayed, live)
    quiet = [t for t, busy, _ in replayed if not busy]
    # the last CPU seen at the sample after 12 s, then QUIET_IDLE
    assert len(quiet) == 2 and 17.5 <= quiet[1] < 18.1, replayed
    told.clear()
    replay(Capture(head, [e for e in events if e.type != "c"]), generic(), backend="pyte")
    assert 13.0 <= [t for t, busy, _ in told if not busy][1] < 13.6, told


def test_a_replay_with_activity_rows_hands_in_those(told: list[tuple[float, bool, str]]) -> None:
    rows = [Event(1.6, "a", [True, "recorded busy"]), Event(9.0, "a", [False, "recorded quiet"])]
    cap = capture(*rows)
    assert capture_activity(cap, generic=True) is None
    replay(cap, generic(), backend="pyte")
    assert told == [(1.6, True, "recorded busy"), (9.0, False, "recorded quiet")]


def test_an_activity_row_handed_again_is_replayed_again(told: Told) -> None:
    """A busy sample handed again (``[true, "why", true]``) replays with `again`; a row of
    two is not; a third element that is no flag is an unreadable row."""
    from osc7501wrap.capture import activity_row
    rows = [Event(1.6, "a", [True, "an elapsed time counts"]),
            Event(3.0, "a", [True, "an elapsed time counts", True])]
    replay(capture(*rows), generic(), backend="pyte")
    assert told == [(1.6, True, "an elapsed time counts"), (3.0, True, "an elapsed time counts")]
    assert told.again == [3.0]
    assert activity_row([True, "x", "yes"]) is None and activity_row([True]) is None


def test_a_program_a_manifest_reads_takes_no_activity_samples(
        told: list[tuple[float, bool, str]]) -> None:
    """A live session samples activity only for the generic manifest: nor does replay."""
    cap = capture()
    assert capture_activity(cap, generic=False) is None
    m = rules.load_manifests(user_dir=None).get("aider")
    assert m is not None and not m.generic
    replay(cap, m, backend="pyte")
    assert told == []


BOX = "\x1b[9;1H┌" + "─" * 30 + "┐\r\n│ >" + " " * 28 + "│\r\n└" + "─" * 30 + "┘"
LOGO = "⠋⠙⠹⠸⠼⠴⠦⠧"


def _tui(*frames: tuple[float, str], end: float = 12.0) -> Capture:
    """A full-screen agent on the alternate screen: its composer box (which the fallback
    reads), a logo row above it, then `frames`."""
    events = [_out(0.1, f"\x1b[?1049h\x1b[2J{BOX}\x1b[1;1H  Agent v1"),
              *(_out(t, s) for t, s in frames), Event(end, "x", 0)]
    events.sort(key=lambda e: e.t)
    return Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 40, "rows": 12,
                    "argv": ["prog"], "agent": "prog"}, events)


def test_an_animation_under_a_still_composer_is_no_work(
        told: list[tuple[float, bool, str]]) -> None:
    """A logo that cycles its glyphs under the composer every 0.1 s for 10 s (an idle
    animation: the screen's text changes, its words never): idle all along."""
    frames = [(1.0 + 0.1 * k, f"\x1b[3;3H{LOGO[k % len(LOGO)] * 6}") for k in range(100)]
    steps = replay(_tui(*frames), generic(), backend="pyte")
    assert not any(busy for _, busy, _ in told), told
    assert {s.state for s in steps if not s.marker and s.t < 11.9} == {"idle"}, steps


def test_words_streamed_under_a_still_composer_are_work(
        told: list[tuple[float, bool, str]]) -> None:
    """The same composer with a reply streamed above it (new words each 0.2 s for 3 s):
    busy while they come, idle within 1.5 s of the last."""
    text = ["here", "is", "what", "I", "found", "in", "the", "notes", "file", "and", "nothing", "else", "so", "I", "stop"]
    frames = [(3.0 + 0.2 * k, f"\x1b[{3 + k // 4};{1 + 9 * (k % 4)}H{w}")
              for k, w in enumerate(text[:15])]
    replay(_tui(*frames), generic(), backend="pyte")
    busy = [t for t, b, w in told if b]
    assert busy and 3.0 <= busy[0] <= 4.1 and told[0][2] == "writing output", told
    idle = [t for t, b, _ in told if not b]
    assert idle and 5.8 <= idle[-1] <= 5.8 + 1.5, told


def test_a_streamed_answer_after_an_enter_reads_working_then_done(
        told: list[tuple[float, bool, str]]) -> None:
    """A line-mode chat ("> " its prompt): the user's line entered, its answer streamed
    from 0.6 s on (inside the Enter's guard) for 3 s, then the prompt again: working from
    the Enter to the prompt, then done (not "the turn never started")."""
    words = ["Here", "is", "what", "I", "found:", "the", "directory", "holds", "a", "single", "notes", "file"]
    events = [_out(0.1, "chat v1\r\n> "), Event(2.0, "i", base64.b64encode(b"hi\r").decode()),
              _out(2.001, "hi\r\n"),
              *(_out(2.6 + 0.25 * k, w + " ") for k, w in enumerate(words)),
              _out(5.7, "\r\n> "), Event(9.0, "x", 0)]
    cap = Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
                   "argv": ["prog"], "agent": "prog"}, events)
    steps = [s for s in replay(cap, generic(), backend="pyte") if not s.marker]

    def at(t: float) -> str:
        return [s for s in steps if s.t <= t][-1].state

    assert [at(t) for t in (1.5, 2.5, 4.0, 5.5)] == ["idle", "working", "working", "working"]
    end = [s for s in steps if s.t > 5.5]
    assert end and end[0].state == "done" and end[0].t <= 6.8, steps
    assert "never started" not in " ".join(s.detail or "" for s in steps)


def test_process_rows_out_of_time_order_are_read_by_their_time(
        told: list[tuple[float, bool, str]]) -> None:
    """A capture whose clock steps back lists a process row after a later one: the
    children a sample reads are those of the last row up to the sample's time, wherever
    the row stands in the file."""
    cap = capture()
    replay(cap, generic(), backend="pyte")
    in_order = list(told)
    rows = [e for e in cap.events if e.type == "p"]
    rest = [e for e in cap.events if e.type != "p"]
    told.clear()
    replay(Capture(cap.header, rest[:-1] + rows[::-1] + rest[-1:]), generic(), backend="pyte")
    assert [(b, w) for _, b, w in told] == [(b, w) for _, b, w in in_order]
    assert (True, "running 1 child process") in [(b, w) for _, b, w in told]


def _slow_prompt(spinner_at: float) -> Capture:
    """The composer box with a prompt typed in it and entered at 2.0 s on a busy machine:
    the echo of most of it drawn only at 2.8 s, then nothing until `spinner_at`, when the
    composer is emptied and a braille spinner row drawn over it for 2 s; then the spinner
    row gone and the answer's words above the composer."""
    row = "\x1b[10;4H"
    events = [_out(0.1, f"\x1b[?1049h\x1b[2J{BOX}\x1b[1;1H  Agent v1"),
              Event(1.9, "i", base64.b64encode(b"summarize the project").decode()),
              _out(1.95, f"{row}s"), Event(2.0, "i", base64.b64encode(b"\r").decode()),
              _out(2.8, f"{row}summarize the project"),
              _out(spinner_at, f"{row}{' ' * 24}\x1b[8;1H⠋ Thinking"),
              *(_out(spinner_at + 0.1 * k, f"\x1b[8;1H{LOGO[k % len(LOGO)]}")
                for k in range(1, 20)),
              _out(spinner_at + 2.0, "\x1b[8;1H\x1b[2K\x1b[4;1HHere is the answer you asked"),
              Event(spinner_at + 4.0, "x", 0)]
    events.sort(key=lambda e: e.t)
    return Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 40, "rows": 12,
                    "argv": ["prog"], "agent": "prog"}, events)


def test_a_quiet_sample_while_the_enter_waits_for_the_screen_is_no_turn_end(
        told: list[tuple[float, bool, str]]) -> None:
    """A prompt the program takes 6 s to act on (its typing's late echo the only output
    after the Enter, the composer still holding it): the quiet samples after that echo
    say nothing against the Enter, which waits for the screen's answer; working from the
    Enter through the spinner, then done (not "the turn never started" 1.5 s on)."""
    steps = [s for s in replay(_slow_prompt(8.0), generic(), backend="pyte") if not s.marker]

    def at(t: float) -> str:
        return [s for s in steps if s.t <= t][-1].state

    assert (False, "the screen shows the composer, still") in [(b, w) for _, b, w in told]
    assert [at(t) for t in (1.5, 2.5, 4.0, 7.5, 9.0)] == [
        "idle", "working", "working", "working", "working"], steps
    end = [s for s in steps if s.t > 10.0]
    assert end and end[0].state == "done" and end[0].t <= 10.5, steps
    assert "never started" not in " ".join(s.detail or "" for s in steps)


def test_a_prompt_the_program_never_answers_stops_waiting(
        told: list[tuple[float, bool, str]]) -> None:
    """The same prompt with no answer on screen for longer than the Enter waits (10 s):
    idle once the wait runs out, the turn never started (the quiet samples held while it
    waited count then)."""
    steps = [s for s in replay(_slow_prompt(14.0), generic(), backend="pyte") if not s.marker]
    first = next(s for s in steps if s.t > 2.0 and s.state != "working")
    assert first.state == "idle" and 11.9 <= first.t <= 12.6, steps
    assert "never started" in (first.detail or ""), steps


def _chat(*answer: tuple[float, str]) -> Capture:
    """A line-mode chat ("> " its prompt): "hi" entered at 2.0 s, then `answer`."""
    events = [_out(0.1, "chat v1\r\n> "), Event(1.9, "i", base64.b64encode(b"hi").decode()),
              _out(1.91, "hi"), Event(2.0, "i", base64.b64encode(b"\r").decode()),
              _out(2.005, "\r\n"), *(_out(t, s) for t, s in answer), Event(6.0, "x", 0)]
    return Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
                    "argv": ["prog"], "agent": "prog"}, events)


def test_a_quick_answer_ends_its_turn_done(told: list[tuple[float, bool, str]]) -> None:
    """The answer printed whole 0.4 s after the Enter, then the prompt again, before any
    sample saw work: the words new since the Enter say the turn ran, so it ends done
    when the Enter's guard runs out (not "the turn never started")."""
    steps = [s for s in replay(_chat((2.4, "Two plus two is four.\r\n> ")), generic(),
                               backend="pyte") if not s.marker]
    assert not any(busy for _, busy, _ in told), told
    end = [s for s in steps if s.t > 2.0 and s.state != "working"]
    assert end and end[0].state == "done" and end[0].t <= 3.6, steps
    assert "never started" not in " ".join(s.detail or "" for s in steps)


def test_a_prompt_drawn_again_with_no_words_is_no_turn(
        told: list[tuple[float, bool, str]]) -> None:
    """The same Enter answered by the prompt alone, drawn again with no words: the turn
    never started (idle, as before)."""
    steps = [s for s in replay(_chat((2.4, "> ")), generic(), backend="pyte")
             if not s.marker]
    end = [s for s in steps if s.t > 2.0 and s.state != "working"]
    assert end and end[0].state == "idle" and "never started" in (end[0].detail or ""), steps


def _chat_late_echo(*answer: tuple[float, str]) -> Capture:
    """The chat of :func:`_chat`, "hello world" typed and entered while its echo showed
    only "hello wor" (a busy machine), then `answer`, which first finishes the echo."""
    events = [_out(0.1, "chat v1\r\n> "),
              Event(1.9, "i", base64.b64encode(b"hello world").decode()),
              _out(1.91, "hello wor"), Event(2.0, "i", base64.b64encode(b"\r").decode()),
              *(_out(t, s) for t, s in answer), Event(6.0, "x", 0)]
    return Capture({"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
                    "argv": ["prog"], "agent": "prog"}, events)


def test_the_rest_of_the_echo_is_no_answers_words() -> None:
    """The echo's last letters and the prompt drawn again, no answer: the words of the
    typed line, whole now, are not words the program said, so the turn never started
    (not a quick turn ended done)."""
    steps = [s for s in replay(_chat_late_echo((2.4, "ld\r\n> ")), generic(), backend="pyte")
             if not s.marker]
    end = [s for s in steps if s.t > 2.0 and s.state != "working"]
    assert end and end[0].state == "idle" and "never started" in (end[0].detail or ""), steps


def test_a_quick_answer_after_a_late_echo_ends_its_turn_done() -> None:
    """The same late echo finished by the answer itself: its words say the turn ran."""
    steps = [s for s in replay(_chat_late_echo((2.4, "ld\r\nHello to you.\r\n> ")), generic(),
                               backend="pyte") if not s.marker]
    end = [s for s in steps if s.t > 2.0 and s.state != "working"]
    assert end and end[0].state == "done" and end[0].t <= 3.6, steps
