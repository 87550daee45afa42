"""Whether a program without agent rules works: the one decision of its activity samples.

:class:`ActivityDecision` takes one sample at a time and says what changed (an
``Activity`` event of the core, or None; busy again, ``again``, when a turn's time still
counts and the screen read anew since). Busy while the program uses CPU, runs child
processes or writes output the user did not just type; idle after QUIET_IDLE seconds of
none of that (QUIET_ASKED, waiting under a question it wrote). A TUI (or a line-mode chat) the fallback rules read (:func:`tui_reading`) is
read from its screen instead: working while it says so or output brings rows of words
the screen never showed (streamed text; an animation, a counter, a redraw bring none;
a turn's elapsed time counting on does),
idle at the first sample after its composer stands still, its CPU and children not read
at all; so is a screen no rule reads, once the rules read the program's own or while it
draws on the alternate screen. It also keeps the samples' schedule: every ACTIVITY_PERIOD
while the program reads busy, backing off with the time since the last activity after
(:meth:`ActivityDecision.deadline`).

Two samplers feed it: a live session's (session/sampling.py: CPU and children from
/proc) and the replay of a capture recorded without activity samples (fusion/drive.py:
the children and the CPU time from the capture's process and CPU rows; recordings
without CPU rows give none). What each sees is handed in;
nothing here reads /proc, a file or a clock.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ..rules.model import Verdict
from ..rules.regions import cells, left_of
from .events import Activity

FG_PERIOD = 0.25  # how often the foreground process group is sampled during activity
ACTIVITY_PERIOD = 0.5  # how often a program without agent rules is checked for work
ACTIVITY_CPU = 0.02  # CPU seconds per period that count as work
QUIET_IDLE = 5.0  # seconds without work before such a program reads as idle
#: ... or waiting at a question it asked ("What should it build?" and the cursor after it)
QUIET_ASKED = ACTIVITY_PERIOD
WATCH = 3.0  # seconds after the last activity that samples still wake the loop
SAMPLE_SLACK = 0.25  # a sample's wake-up of its own only this much after it is due
TYPED = 0.5  # seconds after a key in which output is its echo, not work
NEVER = float("inf")
#: what a row ends with where a program waits for an answer on it (a question, a prompt)
PROMPT_ENDS = frozenset(":?>›»❯$#%")
# a line-mode chat that moved past its prompt works until the prompt is back, or until it
# has written nothing for this long (a prompt the rules do not read ended the turn)
LINE_TURN_QUIET = 30.0
#: an elapsed time on a row: seconds, tenths of a second or not, minutes before them or
#: not ("4s", "2.3s", "1m 3s", "(12s"), not a clock ("12:01:33"), nor a time ago ("3s ago")
ELAPSED = re.compile(r"(?<![\w:.])(?:(\d{1,3})m\s*)?(\d{1,4})(?:\.(\d))?s\b(?!\s*ago)")
#: what names a session's clock, not a turn's: its time right after it ("session 8s",
#: "uptime 2m 3s") counts on at rest too
SESSION_CLOCK = re.compile(r"(?i)\b(?:session|uptime|online)\s*[:=]?\s*$")
# a turn's elapsed time counting on a row (a status row's "4s", then "5s") is work for
# this long after it last counted on: a counter of seconds counts once a second
TICK_HOLD = 1.2
PHRASES_KEPT = 5000  # the rows' words seen that are kept, at most (then only the screen's)
#: a word on screen: two or more letters (not digits, glyphs, box drawing, braille)
WORD = re.compile(r"[^\W\d_]{2,}")

#: What the process table says at a sample: the program's CPU seconds so far (None: not
#: known) and how many child processes it runs. Called only when the decision needs it.
ProcReading = Callable[[], tuple[float | None, int]]


class Seen(Protocol):
    """What a sample reads of the core (a :class:`~.pipeline.Pipeline`)."""

    @property
    def output_bytes(self) -> int: ...

    @property
    def last_input(self) -> float: ...

    @property
    def last_enter(self) -> float: ...

    def screen_look(self) -> int: ...

    def screen_rows(self) -> list[str]: ...

    def full_screen(self) -> bool: ...

    def cursor_and_width(self) -> tuple[int, int, int]: ...

    def last_evaluation(self) -> tuple[Verdict | None, float]: ...

    def typed_line(self) -> str: ...


def tui_reading(p: Seen) -> str | None:
    """``working`` or ``idle`` while the rules read an agent's own screen (a rule with
    ``agent_screen = true`` decided the last verdict: the fallback's spinner, turn row and
    composer rules, a line-mode chat's prompt and progress line), else None."""
    v, _ = p.last_evaluation()
    if v is None or not v.agent_screen:
        return None
    return v.state


def unread(p: Seen) -> bool:
    """No rule reads the screen (no verdict, or one without a state)."""
    v, _ = p.last_evaluation()
    return v is None or v.state is None


def past_prompt(rows: list[str], row: int, col: int, width: int, prompt: str) -> bool:
    """A line-mode chat has moved past the prompt it waited at (`prompt`: the cursor's row
    then, trailing blanks stripped): the cursor's row (`row` of `rows`, the cursor at
    `col`, `width` cells wide) no longer begins with it (the Enter took the line; what
    follows is the program's), nor continues a typed line wrapped from a row that does,
    nor waits right after a question or a prompt of the program's own that no rule
    reads ("Session name: ", "Which file? ", "› ")."""
    line = rows[row] if row < len(rows) else ""
    if line.startswith(prompt):
        return False  # at its prompt, with or without text typed
    asked = line.rstrip()
    if asked and asked[-1] in PROMPT_ENDS and col >= cells(asked):
        return False
    i = row - 1
    while 0 <= i < len(rows) and cells(rows[i]) >= width - 1:  # a full row: it may wrap on
        if rows[i].startswith(prompt):
            return False
        i -= 1
    return True


def asked(rows: list[str], row: int, col: int) -> bool:
    """A line-mode program waits at a question it asked: the cursor right after a "?" on
    its row ("Which file? _"), or at the start of an empty row under one ("What should it
    build?" then the cursor on the next line: an input() after a print()). A question
    answered has the answer under it; one the program goes on past is not last."""
    line = rows[row] if 0 <= row < len(rows) else ""
    left = left_of(line, col)  # `col` counts cells: a wide character takes two
    before = left.rstrip()
    if before:
        return before.endswith(("?", "？")) and not line[len(left):].strip()
    if line.strip() or row < 1 or row > len(rows):
        return False
    return rows[row - 1].rstrip().endswith(("?", "？"))


def phrases(rows: Iterable[str]) -> set[tuple[str, ...]]:
    """The words of each of the screen's rows that has some (letters only: a counter's
    digits, a spinner's or a logo's glyphs are none): what a row says."""
    return {ws for row in rows if (ws := tuple(WORD.findall(row)))}


def elapsed_times(rows: Iterable[str]) -> dict[str, float]:
    """The rows that show one elapsed time (:data:`ELAPSED`): each row with its time left
    out, and the time in seconds; a row's other words and glyphs name it. Rows that read
    alike but for their times (each turn's footer, "· gpt-4o · 1.2s") name none: a new
    one with a longer time is another turn's, not a time counting on. A session's clock
    (:data:`SESSION_CLOCK`: "· session 8s", counting on at rest) is no elapsed time."""
    out: dict[str, float] = {}
    twice: set[str] = set()
    for row in rows:
        found = [m for m in ELAPSED.finditer(row)
                 if not SESSION_CLOCK.search(row, max(0, m.start() - 16), m.start())]
        if len(found) == 1:
            minutes, seconds, tenths = found[0].groups()
            name = ELAPSED.sub("#", row)
            if name in out:
                twice.add(name)
            out[name] = int(minutes or 0) * 60 + int(seconds) + int(tenths or 0) / 10
    for name in twice:
        del out[name]
    return out


@dataclass
class ActivityDecision:
    """The activity samples of one program: their state and their schedule."""

    next: float = 0.0  # the next sample is due then
    busy: bool = False
    _at: float | None = None  # the last sample that read CPU or children
    _cpu: float | None = None  # its CPU seconds (None: not compared at the next)
    _out: int = 0  # the output bytes at the last sample
    _last: float = 0.0  # the last sample that saw work
    _looks: tuple[int | None, int | None] = (None, None)  # the screen's text, last two
    _said: set[tuple[str, ...]] | None = None  # each row's words seen at a sample (None: none yet)
    _read: str | None = None  # what the fallback rules read at the last sample (None: no screen)
    _prompt: str | None = None  # the cursor's row where a line-mode chat's prompt was read last
    _prompt_at: float = 0.0  # when
    _wrote_at: float = -NEVER  # the last sample that saw the program's output (-inf: none)
    _bytes: int = 0  # the output bytes at the last sample, for that
    _tui: bool = False  # the fallback rules read the program's own screen once
    _times: dict[str, float] = field(default_factory=dict)  # elapsed times at the last look
    _ticked_at: float = -NEVER  # the last sample that saw an elapsed time count on
    _ticking_row: str | None = None  # the row it counted on (its time left out)
    _handed_at: float = -NEVER  # the last sample that handed the core an Activity

    def deadline(self, woke: float) -> float:
        """When the next sample wants a wake-up of its own, given the last activity at
        `woke` (inf: none until the next activity)."""
        return self.next if self.busy or self.next <= woke + WATCH else NEVER

    def _after(self, now: float, woke: float | None) -> float:
        """The next sample after one at `now`: ACTIVITY_PERIOD on, or as long as it has
        been since the last activity (the backoff)."""
        return now + max(ACTIVITY_PERIOD, now - (now if woke is None else woke))

    def sample(self, p: Seen, now: float, woke: float | None, proc: ProcReading) -> Activity | None:
        """The sample at `now` (none before :attr:`next`): the ``Activity`` to hand the
        core if the program's state changed, else None. `woke`: the last activity the
        sampler saw (output, input, the child's start), for the backoff."""
        if now < self.next:
            return None
        typed = now - p.last_input < TYPED  # echo and key handling are not work
        if not typed and p.output_bytes != self._bytes:  # the program's output, not an echo
            self._wrote_at = now
        self._bytes = p.output_bytes
        tui = tui_reading(p)
        if tui is not None or (unread(p) and (self._tui or p.full_screen())):
            self._tui = True
            return self._sample_tui(p, now, tui, typed)
        out = p.output_bytes
        if self.busy and not typed and out > self._out:
            # busy, and it wrote output: it stays busy, whatever the processes say; the
            # next sample that reads them compares CPU from then on
            self._out, self._last, self._cpu = out, now, None
            self.next = now + ACTIVITY_PERIOD
            return None
        periods = 1.0 if self._at is None else max(1.0, (now - self._at) / ACTIVITY_PERIOD)
        self._at = now
        self.next = now + ACTIVITY_PERIOD if self.busy else self._after(now, woke)
        cpu, kids = proc()
        why = ""
        if kids:
            why = f"running {kids} child process{'es' if kids > 1 else ''}"
        elif not typed and cpu is not None and self._cpu is not None \
                and cpu - self._cpu >= ACTIVITY_CPU * periods:
            why = "using CPU"
        elif not typed and out > self._out:
            why = "writing output"
        self._cpu, self._out = cpu, out
        if why:
            self._last = now
        quiet = QUIET_IDLE
        if self.busy and not why and now - self._last >= QUIET_ASKED \
                and self._wrote_at > p.last_enter:
            # quiet since the last sample, and waiting at a question it asked (it wrote
            # since the last Enter: a question the user typed and sent is no program's)
            row, col, _ = p.cursor_and_width()
            if asked(p.screen_rows(), row, col):
                quiet = QUIET_ASKED
        busy = bool(why) or (self.busy and now - self._last < quiet)
        if busy == self.busy:
            return None
        self.busy = busy
        if busy:
            self.next = now + ACTIVITY_PERIOD
        return Activity(busy, why or ("quiet, waiting at its question" if quiet == QUIET_ASKED
                                      else f"quiet for {QUIET_IDLE:.0f} s"))

    def _sample_tui(self, p: Seen, now: float, state: str | None,
                    typed: bool) -> Activity | None:
        """A full-screen agent the fallback rules read (its spinner or its composer): busy
        while the screen shows a turn running, or while its output brings words the
        screen never showed before (streamed text) under a composer already read at the
        sample before, or on a screen no rule reads (`state` None: a composer with text
        typed in it, a form the rules do not know) once the rules read this program's
        screen; idle at the first sample without. Output that brings no new words is no
        work: an idle animation cycling glyphs, a status row's counter, a redraw of the
        same text, the start-up's first draw (nothing to compare it with), the composer
        drawn back after a turn, the echo of the line being typed drawn late (rows whose
        words are all in it). A turn's elapsed time that counts on (:data:`ELAPSED`)
        is work for TICK_HOLD after it last did, whatever the screen reads (a composer
        drawn while the turn runs); handed again when the screen read anew since. Its CPU
        and child processes are not read at all (an agent keeps helper processes while it
        waits)."""
        self._at = now
        self.next = now + ACTIVITY_PERIOD
        fresh = False
        wrote = p.output_bytes > self._out and not typed
        if p.output_bytes > self._out:
            # the screen's words, kept whether or not the output counts (typed, a turn
            # running): what it showed once is no news when drawn again
            look, rows = p.screen_look(), p.screen_rows()  # the text read once a sample
            if look not in self._looks:
                shown = phrases(rows)
                if self._said is not None and not shown <= self._said:
                    # words the user typed on the input line, drawn late (a slow
                    # composer's echo, more than TYPED after the keys), are no news
                    line = p.typed_line()
                    fresh = any(not all(w in line for w in ws) for ws in shown - self._said)
                if self._said is None or len(self._said) > PHRASES_KEPT:
                    self._said = shown
                else:
                    self._said |= shown
            if look != self._looks[1]:
                self._looks = (self._looks[1], look)
            # an elapsed time that counted on since the last look: a turn's clock
            times = elapsed_times(rows)
            ticked = [row for row, t in times.items() if self._times.get(row, t) < t]
            if ticked and not typed:
                self._ticked_at, self._ticking_row = now, ticked[0]
            elif self._ticking_row not in times:  # its row is gone: the turn it timed too
                self._ticked_at = -NEVER
            self._times = times
        ticking = now - self._ticked_at < TICK_HOLD
        past = False
        if state is None:
            # work while it brings new words, or right after the screen showed a turn
            # running while it writes (or a key's echo may hide what it writes): a frame
            # between the spinner and what follows
            out = (wrote and fresh) or (self._read == "working" and (wrote or typed))
            out = out or ticking
            # a line-mode chat past its prompt after the user's Enter sent a line: the
            # Enter took it, and until the prompt is drawn again the turn runs, however
            # quietly (a model thinking before it streams, an answer printed whole at its
            # end, a counter rewritten on its row), for at most LINE_TURN_QUIET since the
            # Enter or its last output
            if self._prompt is not None and p.last_enter > self._prompt_at \
                    and not p.full_screen() \
                    and now - max(self._wrote_at, p.last_enter) < LINE_TURN_QUIET:
                row, col, width = p.cursor_and_width()
                past = past_prompt(p.screen_rows(), row, col, width, self._prompt)
        else:  # under a composer read at the sample before too
            out = state == "idle" and ((wrote and fresh and self._read == "idle") or ticking)
            if state == "idle":
                v, _ = p.last_evaluation()
                at_prompt = v is not None and v.at_cursor and not p.full_screen()
                # a line-mode chat's prompt is back only where it was read: on the
                # cursor's row. A composer read elsewhere on the screen (an answered
                # dialog's box above the line the cursor left) is not its prompt, and
                # does not end the turn the Enter before it started
                if at_prompt:
                    row = p.cursor_and_width()[0]
                    rows = p.screen_rows()
                    self._prompt = rows[row].rstrip() if row < len(rows) else ""
                    self._prompt_at = now
                elif self._prompt is None or p.full_screen():
                    self._prompt, self._prompt_at = None, now
        self._read = state
        # the processes are not read: once the screen no longer reads this way, the
        # sample after next compares CPU (one period later than if its time were kept)
        self._cpu, self._out = None, p.output_bytes
        why = ("the screen shows a turn running" if state == "working"
               else "an elapsed time counts" if out and ticking and not fresh
               else "writing output" if out
               else "its prompt is not back" if past else "")
        if why:
            self._last = now
        busy = bool(why)
        if busy == self.busy:
            if busy and ticking and p.last_evaluation()[1] > self._handed_at:
                # the screen read anew while a turn's time counts on (a composer drawn
                # while the turn runs): the time says more than that reading, handed again
                self._handed_at = now
                return Activity(True, why, again=True)
            return None
        self.busy = busy
        self._handed_at = now
        return Activity(busy, why or ("the screen shows the composer, still" if state
                                      else "the screen shows nothing new"))
