"""The Sampler samples on activity: a backoff after it, then no wake-up until the next.

A fake pipeline (output bytes, last input, what it was told) and a fake process table
(monkeypatched procinfo) stand in for the session; the clock is the test's.
"""

from __future__ import annotations

from typing import Any

import pytest
from playbook import Playbook

from osc7501wrap import rules
from osc7501wrap.fusion.activity import (
    ACTIVITY_PERIOD,
    FG_PERIOD,
    LINE_TURN_QUIET,
    QUIET_ASKED,
    QUIET_IDLE,
    WATCH,
    asked,
    elapsed_times,
    past_prompt,
    tui_reading,
)
from osc7501wrap.fusion.background import ProcessTree
from osc7501wrap.fusion.events import Activity, Effects, Event, Foreground, Processes, Typed
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.rules.model import Verdict
from osc7501wrap.session import sampling
from osc7501wrap.session.sampling import Sampler

NEVER = float("inf")


class FakePipeline:
    def __init__(self) -> None:
        self.output_bytes = 0
        self.last_input = -1.0
        self.last_enter = -1.0  # the last Enter typed
        self.told: list[tuple[Any, ...]] = []
        self.verdict: Verdict | None = None  # the rules' last verdict
        self.in_turn = False
        self.tree = ProcessTree()
        self.asks = False  # the core asks for the time at once for what it was told
        self.look: int | None = None  # the screen's text (None: new with every output)
        self.line = ""  # the input line typed and not entered
        self.rows: list[str] | None = None  # the screen's rows (None: one made of its look)
        self.cursor = (0, 0)  # the cursor's row and column

    def screen_look(self) -> int:
        return self.output_bytes if self.look is None else self.look

    def screen_rows(self) -> list[str]:
        """A row of words for each text (a word of its own per look: new text, new words)."""
        if self.rows is not None:
            return self.rows
        return ["text " + "".join(chr(97 + int(d)) * 2 for d in str(self.screen_look()))]

    def cursor_and_width(self) -> tuple[int, int, int]:
        return (*self.cursor, 80)

    def full_screen(self) -> bool:
        return False

    def typed_line(self) -> str:
        return self.line

    def last_evaluation(self) -> tuple[Verdict | None, float]:
        return self.verdict, -1.0

    def handle(self, event: Event, now: float) -> Effects:
        """The core's entry: what the samples told it, noted."""
        match event:
            case Processes(procs=procs):
                self.told.append(("tree", sorted(procs), now))
                self.tree.update(procs, self.in_turn, now)
            case Foreground(pgid=pg, name=name):
                self.told.append(("fg", pg, name, now))
            case Activity(busy=busy, detail=detail):
                self.told.append(("busy" if busy else "idle", detail, now))
            case _:
                raise AssertionError(f"not a sample: {event!r}")
        return Effects(due=now if self.asks else None)


@pytest.fixture
def procs(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    table: dict[str, Any] = {"fg": 100, "cpu": 0.0, "kids": []}
    monkeypatch.setattr(sampling, "foreground_pgrp", lambda fd: table["fg"])
    monkeypatch.setattr(sampling, "process_name", lambda pg: f"proc{pg}")
    monkeypatch.setattr(sampling, "cpu_time", lambda pid: table["cpu"])
    monkeypatch.setattr(sampling, "child_pids", lambda pid: list(table["kids"]))
    monkeypatch.setattr(sampling, "descendants", lambda pid: table.get("tree"))
    monkeypatch.setattr(sampling, "command_line", lambda pid: f"cmd {pid}")
    monkeypatch.setattr(sampling, "exit_watch", lambda pid: None)
    return table


def run_until_quiet(s: Sampler, p: FakePipeline, now: float, limit: float = 60.0) -> list[float]:
    """Follow the sampler's own deadlines (no other tick) until it asks for none; the
    times it woke at."""
    woke: list[float] = []
    while (due := s.next_deadline(now)) != NEVER:
        assert due > now - 1e-9 and due < limit, (due, woke)
        now = due
        woke.append(now)
        s.sample(p, now)  # type: ignore[arg-type]
    return woke


def test_samples_back_off_after_activity_and_stop(procs: dict[str, Any]) -> None:
    s, p = Sampler(100, 3, activity=False), FakePipeline()
    s.sample(p, 0.0)  # type: ignore[arg-type]
    woke = run_until_quiet(s, p, 0.0)
    gaps = [b - a for a, b in zip([0.0, *woke], woke, strict=False)]
    assert 2 <= len(woke) <= 5 and gaps == sorted(gaps)  # ever further apart ...
    assert woke[-1] <= WATCH + 0.5  # ... and over within the watch
    assert s.next_deadline(100.0) == NEVER  # silence: no wake-up for samples at all
    p.output_bytes = 10  # output again (its tick samples): every FG_PERIOD once more
    s.sample(p, 100.0)  # type: ignore[arg-type]
    assert s.next_deadline(100.0) == pytest.approx(100.0 + FG_PERIOD + sampling.SAMPLE_SLACK)


def test_a_foreground_change_after_an_enter_is_seen(procs: dict[str, Any]) -> None:
    s, p = Sampler(100, 3, activity=False), FakePipeline()
    s.sample(p, 0.0)  # type: ignore[arg-type]
    run_until_quiet(s, p, 0.0)
    p.last_input = 50.0  # the user typed `sleep 100` and Enter: the tick samples at once
    s.sample(p, 50.0)  # type: ignore[arg-type]
    procs["fg"] = 200  # the job takes the terminal a moment later, silently
    run_until_quiet(s, p, 50.0)
    assert p.told == [("fg", 200, "proc200", pytest.approx(50.0 + FG_PERIOD
                                                           + sampling.SAMPLE_SLACK))]
    assert not s.agent_in_front


def test_a_sample_the_core_asks_the_time_for_is_followed_at_once(procs: dict[str, Any]) -> None:
    """A foreground change that changed what the core knows (its effects ask for a tick
    now) makes the sample's deadline now; one that did not leaves the samples' own."""
    s, p = Sampler(100, 3, activity=False), FakePipeline()
    p.asks = True
    procs["fg"] = 200
    assert s.sample(p, 1.0) == 1.0  # type: ignore[arg-type]
    assert p.told == [("fg", 200, "proc200", 1.0)]
    assert s.sample(p, 1.01) > 1.01  # type: ignore[arg-type]  # nothing new: no tick asked


def test_a_busy_program_is_watched_until_it_reads_idle(procs: dict[str, Any]) -> None:
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.output_bytes = 100  # it wrote something: busy
    s.sample(p, 0.0)  # type: ignore[arg-type]
    s.sample(p, ACTIVITY_PERIOD)  # type: ignore[arg-type]
    assert p.told[0][0] == "busy"
    woke = run_until_quiet(s, p, ACTIVITY_PERIOD)
    assert [t[0] for t in p.told] == ["busy", "idle"]
    idle_at = p.told[1][2]
    assert QUIET_IDLE <= idle_at <= QUIET_IDLE + 2 * ACTIVITY_PERIOD
    assert woke[-1] == idle_at  # nothing after it reads idle
    procs["kids"] = [300]  # a child started with no output: seen with the next activity
    assert s.next_deadline(idle_at + 100) == NEVER
    p.last_input = idle_at + 100
    s.sample(p, idle_at + 100)  # type: ignore[arg-type]
    assert p.told[-1][:2] == ("busy", "running 1 child process")


def test_frames_that_wait_take_no_sample_before_the_hold_ends(procs: dict[str, Any]) -> None:
    """While the pipeline holds a spinner's frames (hold_until), a round of them takes no
    sample and asks no wake-up before the hold's end; any other round samples as due."""
    s, p = Sampler(100, 3, activity=False), FakePipeline()
    p.output_bytes = 10
    s.sample(p, 0.0, hold_until=1.0)  # type: ignore[arg-type]
    assert s.sample_not_before == 1.0  # not FG_PERIOD: the frames that wait carry no sample
    assert s.next_deadline(0.0) == pytest.approx(1.0 + sampling.SAMPLE_SLACK)
    procs["fg"] = 200
    p.output_bytes = 20  # another shape, read at once (no hold): due samples are taken
    s.sample(p, FG_PERIOD)  # type: ignore[arg-type]
    assert p.told == [("fg", 200, "proc200", FG_PERIOD)]
    assert s.sample_not_before == pytest.approx(2 * FG_PERIOD)
    assert s.next_deadline(FG_PERIOD) == pytest.approx(2 * FG_PERIOD + sampling.SAMPLE_SLACK)


def test_a_busy_program_that_writes_output_is_not_read_from_proc(
        procs: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    monkeypatch.setattr(sampling, "cpu_time", lambda pid: reads.append("cpu") or procs["cpu"])
    monkeypatch.setattr(sampling, "child_pids", lambda pid: reads.append("kids") or [])
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    s.sample(p, ACTIVITY_PERIOD)  # type: ignore[arg-type]
    assert [t[0] for t in p.told] == ["busy"]
    read = len(reads)
    now = ACTIVITY_PERIOD
    for _ in range(20):  # 10 s of output: busy all along, /proc never read
        now += ACTIVITY_PERIOD
        p.output_bytes += 60
        procs["cpu"] += 1.0  # what /proc would say makes no difference
        s.sample(p, now)  # type: ignore[arg-type]
    assert len(reads) == read and [t[0] for t in p.told] == ["busy"]
    # the output stops: /proc is read again, and it reads idle after QUIET_IDLE
    woke = run_until_quiet(s, p, now, limit=now + 60)
    assert len(reads) > read
    assert [t[0] for t in p.told] == ["busy", "idle"]
    assert now + QUIET_IDLE <= p.told[-1][2] <= now + QUIET_IDLE + 2 * ACTIVITY_PERIOD
    assert woke[-1] == p.told[-1][2]


#: the generic manifest's rules that read an agent's own screen (``agent_screen = true``)
_GENERIC = rules.select_manifest(rules.load_manifests(user_dir=None), ["someagent"])
AGENT_SCREEN = {r.id for r in _GENERIC.rules if r.agent_screen}


def _screen(state: str, rule: str) -> Verdict:
    """The verdict of the generic manifest's rule `rule`, as the engine makes it."""
    return Verdict(state, None, rule, "generic", "1", None, False,
                   agent_screen=rule in AGENT_SCREEN)


def test_the_samples_follow_the_rules_marked_agent_screen_not_their_names(
        procs: dict[str, Any]) -> None:
    """The fallback's spinner, turn row and composer rules and a line-mode chat's prompt
    and progress line carry ``agent_screen = true`` in rules/generic.toml; any manifest's
    rule with the key is read from the screen, whatever its id; one without it is not."""
    assert {"tui_working", "tui_composer", "line_chat_prompt", "line_progress"} <= AGENT_SCREEN
    assert "progress_working" not in AGENT_SCREEN and "yes_no_question" not in AGENT_SCREEN
    assert all(r.state in ("working", "idle") for r in _GENERIC.rules if r.agent_screen)
    p = FakePipeline()
    p.verdict = Verdict("idle", None, "my_composer", "mine", "1", None, False,
                        agent_screen=True)
    assert tui_reading(p) == "idle"  # type: ignore[arg-type]
    p.verdict = Verdict("working", None, "tui_working", "mine", "1", None, False)
    assert tui_reading(p) is None  # type: ignore[arg-type]


def test_a_tui_composer_reads_idle_within_a_second_and_streaming_keeps_it_busy(
        procs: dict[str, Any]) -> None:
    """A full-screen agent the fallback reads: its still composer is idle at once (not
    QUIET_IDLE later), whatever its helper processes and CPU; its spinner line is busy;
    the composer drawn back is no work, new text streamed under it is."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    procs["kids"] = [300, 301]  # helper processes that never end
    p.verdict = _screen("working", "tui_working")
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    assert p.told[-1][:2] == ("busy", "the screen shows a turn running")
    p.verdict = _screen("idle", "tui_composer")  # streaming text, composer on screen
    now = 0.0
    for _ in range(10):
        now += ACTIVITY_PERIOD
        p.output_bytes += 40
        procs["cpu"] += 1.0
        s.sample(p, now)  # type: ignore[arg-type]
    assert [t[0] for t in p.told] == ["busy", "idle", "busy"]
    stopped = now  # the output stops: the composer stands still
    run_until_quiet(s, p, now, limit=now + 60)
    assert [t[0] for t in p.told] == ["busy", "idle", "busy", "idle"]
    assert p.told[-1][2] - stopped <= 1.0


def test_a_line_mode_chat_reads_idle_at_its_prompt_and_busy_at_its_progress_line(
        procs: dict[str, Any]) -> None:
    """A line-mode chat the fallback reads (gptme's "User: " prompt, its "Assistant:
    Thinking..." under the cursor): its progress line is busy while it waits silently for
    its model (no output, no CPU), its prompt idle at once, not QUIET_IDLE later."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.verdict = _screen("working", "line_progress")
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    now = 0.0
    for _ in range(20):  # 10 s of silence under the progress line
        now += ACTIVITY_PERIOD
        s.sample(p, now)  # type: ignore[arg-type]
    assert [t[0] for t in p.told] == ["busy"]
    p.verdict = _screen("idle", "line_chat_prompt")
    now += ACTIVITY_PERIOD
    p.output_bytes += 40  # the answer and the prompt drawn
    s.sample(p, now)  # type: ignore[arg-type]
    stopped = now
    run_until_quiet(s, p, now, limit=now + 60)
    assert [t[0] for t in p.told] == ["busy", "idle"]
    assert p.told[-1][2] - stopped <= 1.0


def test_a_blinking_cursor_under_a_still_composer_is_no_work(procs: dict[str, Any]) -> None:
    """Output that leaves the screen's text as it was (a cursor cell recoloured every
    0.5 s, as Deep Agents Code's blinks) is no work: the composer reads idle within a
    second of the reply's last text, while the cursor goes on blinking; a cell toggling
    back and forth between two texts is none either once it has toggled; text that
    changes (a reply streamed under the composer) is work."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.verdict = _screen("working", "tui_working")
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    p.verdict = _screen("idle", "tui_composer")
    now = 0.0
    for _ in range(4):  # the reply streams under the composer: new text each sample
        now += ACTIVITY_PERIOD  # (the first: the composer drawn back, no work)
        p.output_bytes += 40
        s.sample(p, now)  # type: ignore[arg-type]
    assert [t[0] for t in p.told] == ["busy", "idle", "busy"]
    stopped, p.look = now, p.output_bytes  # the text as the reply left it
    for _ in range(10):  # only the cursor blinks: the same text
        now += ACTIVITY_PERIOD
        p.output_bytes += 227
        s.sample(p, now)  # type: ignore[arg-type]
    assert [t[0] for t in p.told] == ["busy", "idle", "busy", "idle"]
    assert p.told[-1][2] - stopped <= 1.0 + 1e-9
    toggled = len(p.told)
    for i in range(10):  # a cell drawn and cleared in turn: two texts, back and forth
        now += ACTIVITY_PERIOD
        p.output_bytes += 30
        p.look = 7 if i % 2 else 8
        s.sample(p, now)  # type: ignore[arg-type]
    assert [t[0] for t in p.told[toggled + 2:]] == [], p.told  # its first two rounds at most
    assert p.told[-1][0] == "idle"
    now += ACTIVITY_PERIOD  # the next reply: new text is work again
    p.output_bytes += 40
    p.look = 9
    s.sample(p, now)  # type: ignore[arg-type]
    assert p.told[-1][:2] == ("busy", "writing output")


def test_a_blinking_cursor_on_a_real_screen_leaves_the_composer_idle(
        procs: dict[str, Any]) -> None:
    """The same on the core's own screen model: a reply drawn over a composer box, then
    the cursor cell recoloured every 0.5 s (the bytes Deep Agents Code 0.1.88 writes): the
    samples read idle within a second of the reply's last text and stay idle while it
    blinks; a new row of text is work again."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["someagent"])
    assert manifest.name == "generic"
    p = Pipeline(manifest, rows=12, cols=40, now=0.0, backend="pyte")
    pb = Playbook(p)
    s = Sampler(100, 3, activity=True)
    told: list[Activity] = []
    idle_at: list[float] = []

    def noted(ev: object) -> None:
        if isinstance(ev, Activity):
            told.append(ev)
            if not ev.busy:
                idle_at.append(now + ACTIVITY_PERIOD - 0.01)

    s.noted = noted
    box = "\x1b[9;1H┌" + "─" * 30 + "┐\r\n│ >" + " " * 28 + "│\r\n└" + "─" * 30 + "┘"
    blink = ["\x1b[?2026h\x1b[10;5H\x1b[38;2;17;18;29;48;2;192;202;245m \x1b[0m\x1b[1;1H"
             "\x1b[?2026l", "\x1b[?2026h\x1b[10;5H\x1b[38;2;192;202;245;48;2;17;18;29m "
             "\x1b[0m\x1b[1;1H\x1b[?2026l"]
    now = 0.0
    for i, words in enumerate(["Here is", "what I found:", "one notes file", "and no more."]):
        # the reply, a row a sample, over the composer
        pb.frame(f"\x1b[2J{box}\x1b[{2 + i};1H{words}".encode(), now)
        pb.until(now + ACTIVITY_PERIOD - 0.01)
        s.sample(p, now + ACTIVITY_PERIOD - 0.01)
        now += ACTIVITY_PERIOD
    assert [ev.busy for ev in told] == [True]
    stopped = now - ACTIVITY_PERIOD
    for i in range(12):  # the cursor blinks: the same text, another colour
        pb.frame(blink[i % 2].encode(), now)
        pb.until(now + ACTIVITY_PERIOD - 0.01)
        s.sample(p, now + ACTIVITY_PERIOD - 0.01)
        now += ACTIVITY_PERIOD
    assert [ev.busy for ev in told] == [True, False], told
    assert told[-1].detail == "the screen shows the composer, still"
    assert idle_at[0] - stopped <= 1.0 + 1e-9
    pb.frame(b"\x1b[7;1Hmore text", now)
    pb.until(now + ACTIVITY_PERIOD - 0.01)
    s.sample(p, now + ACTIVITY_PERIOD - 0.01)
    assert [ev.busy for ev in told] == [True, False, True]


def test_a_late_echo_of_the_typed_line_leaves_the_composer_idle(
        procs: dict[str, Any]) -> None:
    """A composer that draws the keys' echo late (a second after the last key, as a slow
    Node TUI does on a busy machine): rows whose words are all in the line being typed
    are no work, so the composer stays idle while the user types; a row of the program's
    own words drawn then is work."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["someagent"])
    p = Pipeline(manifest, rows=12, cols=60, now=0.0, backend="pyte")
    pb = Playbook(p)
    s = Sampler(100, 3, activity=True)
    told: list[Activity] = []
    s.noted = lambda ev: told.append(ev) if isinstance(ev, Activity) else None
    box = "\x1b[9;1H┌" + "─" * 40 + "┐\r\n│ >" + " " * 38 + "│\r\n└" + "─" * 40 + "┘"
    now = 0.0

    def frame(data: str) -> None:
        nonlocal now
        pb.frame(data.encode(), now)
        pb.until(now + ACTIVITY_PERIOD - 0.01)
        s.sample(p, now + ACTIVITY_PERIOD - 0.01)
        now += ACTIVITY_PERIOD

    frame(f"\x1b[2J{box}\x1b[2;1HHere is what I found.")
    frame("\x1b[3;1Hone notes file, no more.")  # new words under the composer: work
    frame("")
    frame("")  # still: idle
    assert [ev.busy for ev in told] == [True, False], told
    line = "explain the failing tests please"
    for i, ch in enumerate(line.encode()):  # typed, no echo yet
        pb.at(now + i * 0.01) >> Typed(bytes([ch]))
    now += 1.5
    for part in ("explain the", "explain the failing tests", line):  # the echo, late
        frame(f"\x1b[10;5H{part}")
    assert [ev.busy for ev in told] == [True, False], told
    frame("\x1b[5;1HA notice of the program's own")
    assert [ev.busy for ev in told] == [True, False, True], told
    frame("")
    frame("")
    assert [ev.busy for ev in told] == [True, False, True, False], told
    for i, ch in enumerate(b"and the docs"):  # more typed: a word of it wrapped apart
        pb.at(now + i * 0.01) >> Typed(bytes([ch]))
    now += 1.5
    frame("\x1b[10;5Hexplain the failing tests please and t\x1b[11;5Hhe docs")
    assert [ev.busy for ev in told] == [True, False, True, False], told


def test_a_line_mode_program_keeps_the_quiet_delay(procs: dict[str, Any]) -> None:
    """Rules that are not the fallback's TUI rules (a [y/N] answered, no match) leave the
    activity samples as they were: idle only after QUIET_IDLE."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.verdict = _screen("idle", "yes_no_question")
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    s.sample(p, ACTIVITY_PERIOD)  # type: ignore[arg-type]
    run_until_quiet(s, p, ACTIVITY_PERIOD)
    assert [t[0] for t in p.told] == ["busy", "idle"]
    assert p.told[-1][2] >= QUIET_IDLE


@pytest.mark.parametrize(("rows", "cursor", "waits"), [
    (["Running in /work", "", "What should it build?", ""], (3, 0), True),  # input() under it
    (["Which file? "], (0, 12), True),  # the cursor after it on its row
    (["哪个文件？"], (0, 10), True),  # the cursor's column in cells: ten, five characters
    (["文件？好吗?"], (0, 6), False),  # after "文件？" (six cells): words after the cursor
    (["What should it build?", "a parser"], (1, 8), False),  # answered: the answer typed
    (["What should it build?", "a parser", ""], (2, 0), False),  # ... and sent
    (["Which file? main.py"], (0, 12), False),  # a default shown after the cursor
    (["Thinking..."], (0, 11), False),
    (["Name:"], (0, 5), False),  # a prompt, not a question: the quiet delay stands
    (["Why? Because."], (0, 13), False),
    ([], (0, 0), False),
])
def test_asked(rows: list[str], cursor: tuple[int, int], waits: bool) -> None:
    assert asked(rows, *cursor) is waits


@pytest.mark.parametrize(("last", "detail"), [
    ("What should it build?", "quiet, waiting at its question"),  # idle at once
    ("Thinking", f"quiet for {QUIET_IDLE:.0f} s"),  # a row that asks nothing: as before
])
def test_a_line_mode_program_waiting_at_its_question_reads_idle_once_quiet(
        procs: dict[str, Any], last: str, detail: str) -> None:
    """A line-mode program no rule reads that asked a question and waits under it
    ("What should it build?", an input() after a print()) reads idle at the first sample
    that sees no work, not QUIET_IDLE later; busy again when it works."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.rows, p.cursor = ["Loading...", ""], (1, 0)
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    procs["cpu"] = 1.0
    s.sample(p, ACTIVITY_PERIOD)  # type: ignore[arg-type]  # starting up
    assert p.told[-1][0] == "busy"
    p.output_bytes = 160  # its last row, then it waits (no CPU, no output)
    p.rows, p.cursor = ["Loading...", last, ""], (2, 0)
    run_until_quiet(s, p, ACTIVITY_PERIOD)
    assert [t[:2] for t in p.told] == [("busy", "writing output"), ("idle", detail)]
    idle_at = p.told[-1][2]
    if detail.startswith("quiet, waiting"):
        assert idle_at <= 3 * ACTIVITY_PERIOD + QUIET_ASKED
    else:
        assert idle_at >= QUIET_IDLE
    procs["kids"] = [300]  # the answer sent (its key wakes the samples): it works again
    p.last_input = idle_at + 100
    s.sample(p, idle_at + 100)  # type: ignore[arg-type]
    assert p.told[-1][:2] == ("busy", "running 1 child process"), p.told


def test_a_question_the_user_sent_is_no_programs_question(procs: dict[str, Any]) -> None:
    """The user's own line ending in "?", echoed, the cursor on the empty row under it
    after the Enter: the program waits on its model, quiet; it reads idle only QUIET_IDLE
    after its last work, as any quiet program does."""
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.rows, p.cursor = ["> how do I list files?", ""], (1, 0)
    p.output_bytes = 100
    s.sample(p, 0.0)  # type: ignore[arg-type]
    p.last_input = p.last_enter = 0.6  # the Enter: its echo is no work
    procs["cpu"] = 1.0  # the request built
    s.sample(p, 1.2)  # type: ignore[arg-type]
    assert p.told[-1][0] == "busy"
    run_until_quiet(s, p, 1.2)
    assert p.told[-1][:2] == ("idle", f"quiet for {QUIET_IDLE:.0f} s"), p.told
    assert p.told[-1][2] >= 1.2 + QUIET_IDLE


def test_the_tree_is_read_outside_turns_and_its_pieces_sampled_without_a_pidfd(
        procs: dict[str, Any]) -> None:
    p = FakePipeline()
    s = Sampler(1, 3, activity=False)
    procs["tree"] = {5: (1, "python3")}
    s.sample(p, 0.0)
    assert ("tree", [5], 0.0) in p.told  # before any turn: the helper is seen
    p.in_turn = True
    p.tree.turn(True, 1.0)  # (the pipeline tells its tree when a turn starts and ends)
    procs["tree"] = {5: (1, "python3"), 6: (1, "sh")}
    p.output_bytes = 10
    s.sample(p, 1.0)
    assert not [x for x in p.told if x[0] == "tree" and x[2] == 1.0]  # not in a turn
    p.in_turn = False
    p.tree.turn(False, 1.2)
    s.sample_tree(p, 1.2)  # the pipeline's look at the turn's end (tree_now, processes)
    assert [x.pid for x in p.tree.pieces] == [6]
    # no pidfd here: the piece is looked at every ACTIVITY_PERIOD while it runs, even in
    # a silent session
    due = s.next_deadline(1.2)
    assert due <= 1.2 + ACTIVITY_PERIOD + sampling.SAMPLE_SLACK
    procs["tree"] = {5: (1, "python3")}
    s.sample(p, due)
    assert p.tree.pieces == ()
    s.sample(p, 10.0)
    assert s.next_deadline(10.0) == NEVER  # none left: a silent session has no wake-up


def test_a_tui_the_fallback_reads_is_not_read_from_proc(
        procs: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """While the fallback rules read the screen (spinner or composer), its samples read
    no CPU time and no children; nor once no rule reads its screen (a composer with text
    typed in it): it is busy when new words come, idle without, whatever its CPU; a
    screen another rule reads (not the agent's own) is a program's again, seen busy by
    its CPU without output, one sample later."""
    reads: list[str] = []
    monkeypatch.setattr(sampling, "cpu_time", lambda pid: reads.append("cpu") or procs["cpu"])
    monkeypatch.setattr(sampling, "child_pids", lambda pid: reads.append("kids") or [])
    s, p = Sampler(100, 3, activity=True), FakePipeline()
    p.verdict = _screen("working", "tui_working")
    now = 0.0
    for i in range(20):  # 10 s of a spinner, then of a still composer
        if i == 10:
            p.verdict = _screen("idle", "tui_composer")
        else:
            p.output_bytes += 60 if i < 10 else 0
        procs["cpu"] += 1.0
        s.sample(p, now)  # type: ignore[arg-type]
        now += ACTIVITY_PERIOD
    assert reads == []
    assert [t[0] for t in p.told] == ["busy", "idle"]
    p.verdict = Verdict(None, None, None, "generic", "1", None, False)  # no rule reads it
    for _ in range(10):
        procs["cpu"] += 1.0
        s.sample(p, now)  # type: ignore[arg-type]
        now += ACTIVITY_PERIOD
    assert reads == [] and p.told[-1][0] == "idle"
    p.output_bytes += 60  # new words on the screen
    s.sample(p, now)  # type: ignore[arg-type]
    now += ACTIVITY_PERIOD
    assert p.told[-1][:2] == ("busy", "writing output")
    s.sample(p, now)  # type: ignore[arg-type]
    now += ACTIVITY_PERIOD
    assert p.told[-1][:2] == ("idle", "the screen shows nothing new")
    p.verdict = _screen("working", "progress_working")  # a rule not of the agent's screen
    while p.told[-1][0] != "busy" and now < 60:
        procs["cpu"] += 1.0
        s.sample(p, now)  # type: ignore[arg-type]
        now += ACTIVITY_PERIOD
    assert p.told[-1][0] == "busy"
    assert reads.count("cpu") == 2  # the first sample notes the CPU time, the second compares


def _line_chat(procs: dict[str, Any]) -> tuple[Playbook, Sampler]:
    """A line-mode chat on the core's own screen, read with the fallback (the shape of
    Rawdog's: a question, then "> " on the cursor's row)."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["someagent"])
    assert manifest.name == "generic"
    p = Pipeline(manifest, rows=12, cols=40, now=0.0, backend="pyte")
    return Playbook(p), Sampler(100, 3, activity=True)


class _Through:
    """The core as the samples see it, their events handed through the playbook (its
    decisions and the time the core asks for kept, as the session keeps them)."""

    def __init__(self, pb: Playbook) -> None:
        self.pb = pb

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pb.p, name)

    def handle(self, event: Event, now: float) -> Effects:
        self.pb.at(now) >> event
        return self.pb.last


def _run(pb: Playbook, s: Sampler, start: float, end: float) -> None:
    """Give the core its time and the samples theirs, from `start` to `end`."""
    now = start
    while now < end:
        now = min(end, now + ACTIVITY_PERIOD / 2)
        pb.until(now)
        s.sample(_Through(pb), now)  # type: ignore[arg-type]
        pb.until(now)


def test_a_line_mode_chat_works_until_its_prompt_is_back(procs: dict[str, Any]) -> None:
    """The user's line sent at a line-mode chat's prompt, the program draws a row of
    dashes under it and then nothing for 10 s (no CPU, no children: a model thinking,
    an answer printed whole at its end): working all along, not idle 1.5 s after the
    Enter ("the turn never started") nor at the first quiet sample; the answer and the
    prompt drawn again end the turn at once (done), not a sample later."""
    pb, s = _line_chat(procs)
    pb.frame(b"What can I do for you?\r\n> ", 0.0)
    _run(pb, s, 0.0, 2.0)
    assert pb.p.current().state == "idle"
    for i, ch in enumerate(b"describe the project"):  # typed, echoed
        pb.at(2.0 + i * 0.01) >> Typed(bytes([ch]))
        pb.frame(bytes([ch]), 2.0 + i * 0.01)
    pb.at(2.3) >> Typed(b"\r")
    pb.frame(b"\r\n" + b"-" * 40 + b"\r\n", 2.3)
    _run(pb, s, 2.3, 12.3)
    after_enter = [d for d in pb.decisions if d.at >= 2.3]
    assert [d.state for d in after_enter] == ["working"], after_enter
    pb.frame(b"It holds one notes file.\r\nWhat can I do for you?\r\n> ", 12.3)
    _run(pb, s, 12.3, 13.0)
    end = [d for d in pb.decisions if d.at >= 12.3]
    assert [d.state for d in end] == ["done"], end
    assert end[0].at - 12.3 <= 0.1


def test_a_line_mode_chat_past_its_prompt_is_idle_after_the_quiet_limit(
        procs: dict[str, Any]) -> None:
    """Past its prompt after an Enter but silent for LINE_TURN_QUIET (a prompt the rules
    do not read ended the turn): idle then, not working forever; and a program that
    leaves its prompt with no line sent (Ctrl+C: "Exiting...") starts no work."""
    pb, s = _line_chat(procs)
    pb.frame(b"> ", 0.0)
    _run(pb, s, 0.0, 1.0)
    pb.at(1.0) >> Typed(b"x")
    pb.frame(b"x", 1.0)
    pb.at(1.2) >> Typed(b"\r")
    pb.frame(b"\r\n", 1.2)
    _run(pb, s, 1.2, 1.2 + LINE_TURN_QUIET + 3.0)
    after = [(d.state, round(d.at, 1)) for d in pb.decisions if d.at >= 1.2]
    assert after[0][0] == "working" and after[-1][0] in ("idle", "done"), after
    assert LINE_TURN_QUIET <= after[-1][1] - 1.2 <= LINE_TURN_QUIET + 2.0, after
    pb, s = _line_chat(procs)
    pb.frame(b"> ", 0.0)
    _run(pb, s, 0.0, 1.0)
    pb.at(1.0) >> Typed(b"\x03")
    pb.frame(b"^C\r\nExiting...\r\n", 1.0)
    _run(pb, s, 1.0, 4.0)
    assert [d.state for d in pb.decisions if d.at >= 1.0] == [], pb.decisions


def test_a_composer_read_above_the_cursor_does_not_end_a_line_mode_turn(
        procs: dict[str, Any]) -> None:
    """A line-mode chat's approval answered with a line: the approval's box of arguments
    stays above the cursor's row, shaped as a TUI's composer box (read idle, but not on
    the cursor's row) while the approved command runs; then its result block and the
    model's rate on a row of its own, and nothing for 10 s while the model thinks
    (Aetheris). The prompt is not back: working from its result on, until the prompt is
    drawn again (done); not idle at the first quiet sample (the composer read above the
    cursor had ended the line-mode turn)."""
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["someagent"])
    pb = Playbook(Pipeline(manifest, rows=16, cols=60, now=0.0, backend="pyte"))
    s = Sampler(100, 3, activity=True)
    pb.frame(b"What can I do for you?\r\n  \xe2\x9d\xaf ", 0.0)
    _run(pb, s, 0.0, 2.0)
    assert pb.p.current().state == "idle"
    pb.at(2.0) >> Typed(b"make the directory")
    pb.frame(b"make the directory", 2.0)
    pb.at(2.2) >> Typed(b"\r")
    box = "\u256d" + "\u2500" * 50 + "\u256e\r\n\u2502  command: mkdir out" + " " * 31 \
        + "\u2502\r\n\u2570" + "\u2500" * 50 + "\u256f\r\n"
    pb.frame(("\r\n\u26a0  Approval Required\r\n" + box
              + "Allow? [y/n/a] \u203a ").encode(), 2.4)
    _run(pb, s, 2.4, 3.5)
    assert pb.p.current().state == "blocked"
    pb.at(3.5) >> Typed(b"y")
    pb.frame(b"y", 3.5)
    pb.at(3.6) >> Typed(b"\r")
    pb.frame(b"\r\n", 3.6)
    _run(pb, s, 3.6, 4.0)
    # the command's result block under it, and the model's rate on the cursor's row
    pb.frame("\u2502\r\n\u2502  (no output)\r\n\u2502\r\n\u2570\u2500 done\r\nTPS: 9.7".encode(),
             4.0)
    _run(pb, s, 4.0, 14.0)
    after = [(d.state, round(d.at, 1)) for d in pb.decisions if d.at >= 3.6]
    assert after[-1][0] == "working" and after[-1][1] <= 4.6, after
    pb.frame("Done: the directory is there.\r\nWhat can I do for you?\r\n  \u276f ".encode(),
             14.0)
    _run(pb, s, 14.0, 15.0)
    end = [d.state for d in pb.decisions if d.at >= 14.0]
    assert end == ["done"], end


@pytest.mark.parametrize(("rows", "row", "col", "past"), [
    (["> "], 0, 2, False),  # at its prompt
    (["> describe the project"], 0, 22, False),  # a line typed at it
    (["> " + "x" * 38, "yyy"], 1, 3, False),  # a typed line wrapped onto the next row
    (["> " + "日本語" * 6 + "日", "本語"], 1, 4, False),  # the same, in wide characters
    (["> describe the project", "", "-" * 40, ""], 3, 0, True),  # the line sent, dashes drawn
    (["> describe the project", "TPS: 10.8"], 1, 9, True),  # a counter on its own row
    (["> describe the project", "Thinking..."], 1, 11, True),
    (["> /save", "Session name:"], 1, 14, False),  # a question no rule reads, waiting
    (["> go", "Which file?"], 1, 12, False),
])
def test_past_prompt(rows: list[str], row: int, col: int, past: bool) -> None:
    assert past_prompt(rows, row, col, 40, ">") is past


class _Timed(FakePipeline):
    """A TUI whose composer the fallback reads idle while a status row shows `row`."""

    def __init__(self) -> None:
        super().__init__()
        self.row = "▐build▌model▌"
        self.look = 1
        self.evaluated = -1.0
        self.again: list[float] = []

    def screen_rows(self) -> list[str]:
        return ["│ •" + " " * 20 + "│", self.row]

    def last_evaluation(self) -> tuple[Verdict | None, float]:
        return self.verdict, self.evaluated

    def handle(self, event: Event, now: float) -> Effects:
        if isinstance(event, Activity) and event.again:
            self.again.append(now)
        return super().handle(event, now)


@pytest.mark.parametrize(("shown", "works"), [
    (lambda t: f"▐build▌model▌ {t}s", True),  # a turn's time
    (lambda t: f"  thinking (1m {t}s)", True),  # minutes and seconds
    (lambda t: f"   denied · shell    {t}.{t % 10}s · 0 tools", True),  # and tenths
    (lambda t: f"  v{t}.{t % 10}s build", False),  # a version's figures
    (lambda t: f"  12:01:{t:02d}", False),  # a clock
    (lambda t: f"  saved {t}s ago", False),  # a time ago
    (lambda t: f" ask · local:gpt-4o · 0↑ 0↓ · session {t}s", False),  # a session's clock
    (lambda t: f"  uptime: 1m {t}s", False),  # the same
    (lambda t: f"  warming up {t}s", True),  # a turn's time after any other word
])
def test_an_elapsed_time_counting_under_a_still_composer_is_work(
        procs: dict[str, Any], shown: Any, works: bool) -> None:
    """A composer drawn while the turn runs (Mastra Code's "│ • │"), the turn's time
    counting on a status row once a second: busy for as long as it counts, handed again
    (`again`) when the screen read anew since; idle once it stops. A clock or a time
    ago counting is no work."""
    s, p = Sampler(100, 3, activity=True), _Timed()
    p.verdict = _screen("idle", "tui_composer")
    p.row, p.output_bytes = shown(1), 10
    s.sample(p, 0.0)  # type: ignore[arg-type]
    now = 0.0
    for t in range(2, 12):  # the time redrawn each second, a sample each half second
        for _ in range(2):
            now += ACTIVITY_PERIOD
            s.sample(p, now)  # type: ignore[arg-type]
        p.row, p.output_bytes, p.look = shown(t), p.output_bytes + 10, t
        p.evaluated = now + 0.01  # the screen read anew: the composer, still
    said = [x[:2] for x in p.told if x[0] in ("busy", "idle")]
    told = [x for i, x in enumerate(said) if i == 0 or said[i - 1] != x]  # the changes
    if not works:
        assert ("busy", "an elapsed time counts") not in told and not p.again, told
        return
    assert told == [("busy", "an elapsed time counts")], told
    assert len(p.again) >= 5  # a composer reading never outlived the counting time
    p.row, p.output_bytes = shown(11) + " ✓", p.output_bytes + 10  # the turn is over
    stopped = now
    run_until_quiet(s, p, now, limit=now + 60)  # type: ignore[arg-type]
    assert p.told[-1][0] == "idle" and p.told[-1][2] - stopped <= 1.0 + ACTIVITY_PERIOD


def test_elapsed_times_name_a_row_by_its_other_text_and_rows_alike_none() -> None:
    rows = ["  ▣ Code · gpt-4o · 1.2s", "  the answer", "  running [=  ] 2.3s · 1 tool",
            "  1m 4s elapsed", "  12:01:33", "  saved 3s ago", "  v1.5s build"]
    assert elapsed_times(rows) == {"  ▣ Code · gpt-4o · #": 1.2,
                                   "  running [=  ] # · 1 tool": 2.3, "  # elapsed": 64}
    # a session's clock beside a turn's time: the turn's is the row's one time
    assert elapsed_times([" ask · ctx 1% · session 14s · ttft 2.6s", " ask · session 9s",
                          " ask · session 14s · working… 5s"]) == {
        " ask · ctx 1% · session # · ttft #": 2.6, " ask · session # · working… #": 5}
    # a second turn's footer alike but for its time: neither row names a time that counts
    two = ["  ▣ Code · gpt-4o · 1.2s", "  more", "  ▣ Code · gpt-4o · 1.5s"]
    assert elapsed_times(two) == {}
