"""The detection engine without I/O: events in, effects out, time injected.

    Output ─▶ ReportScanner ─▶ passthrough ─▶ Backlog ─▶ screen model
                  │                                          │
                  └─ the child's own 7501 reports and query  ▼
    Hook, Foreground, Activity, Typed, Retitled, Exit ─▶ Fusion ◀── Classifier (rules)

One entry, :meth:`Pipeline.handle` (event, now) -> :class:`~.events.Effects`, driven by
the live session (:mod:`osc7501wrap.session.session`) from the proxy loop, and by
``osc7501wrap replay``, the corpus and the tests through :func:`..drive.drive`, with the
same events in the same order: so a replayed capture yields the timeline a live run would
have (but for the loop's timing). What each event does:

* ``Output`` is on the hot path: one scanner call (which returns the chunk itself when
  there is no OSC 7501 in it) and one O(1) backlog append; the effects carry the
  passthrough and the answer to the child's query.
* ``Written``, once a round's output is written: when the core needs a ``Tick``; at once
  for a query or a report. A small first read after a pause (a spinner frame) is fed and
  read there (:meth:`_confirm_now`): when the screen reads as published nothing is due
  (no second wake-up for the frame); it never publishes. A frame shaped like the last
  one it confirmed (:func:`frame_shape`) is not even fed: it waits in the backlog for
  the next output of another shape, or the first frame HOLD_MAX after the last one
  read, or HOLD_GRACE after that (docs/fusion.md). Such a frame needs no event: the
  core's :class:`~.wait.Wait` (``Effects.wait``, its terms set after every event) takes
  it when the driver offers it the read, and says it is settled when nothing changed
  since that read (no ``Written`` needed either); the core folds what it took into its
  own state first thing at its next event (:meth:`_fold`).
* ``Tick``, when the time has come: feeds the screen model within a time budget
  (:meth:`_tick`), notices title and progress changes (``Retitled``), lets the
  classifier evaluate the rules once output settled and fusion age its edges; the
  effects carry the decisions, sub-records, the dialog and the next deadline.
* ``Typed``, ``Hook``, ``Resize``, the samples (``Foreground``, ``Activity``,
  ``Processes``): a ``Tick`` at once when they changed something. ``Exit`` last.

Hosting native emitters: with ``host=True`` the child's OSC 7501 sequences are removed
from the passthrough; a ``?`` query is answered (exactly once per query, in the
``to_child`` of the output that carried it, so it arrives before the terminal's DA1
reply); root reports go to fusion and reports with an id to ``Effects.subreports``.
With ``host=False`` (``--emit never``) the child's sequences pass through untouched and
nothing is answered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import rules
from ..protocol import Invalid, Query, Report, query_reply
from ..rules.dialog import Dialog, clean
from ..screen import Backlog, ScreenModel, make_screen, preload
from ..screen import ready as screen_ready
from ..stream.scanner import ReportScanner
from .activity import phrases
from .background import Proc, ProcessTree
from .classifier import Classifier
from .events import (
    NO_HOLD,
    Activity,
    CaughtUp,
    Effects,
    Event,
    Exit,
    Foreground,
    Hook,
    Output,
    Processes,
    Resize,
    Retitled,
    Tick,
    Typed,
    Written,
)
from .fusion import Decision, Fusion, HookEdge
from .wait import DIGITS_AS_0, NEVER, SETTLED, SHAPE_KEY_MAX, TAKEN, Wait

#: An agent's hook vocabulary: (event, reduced data) -> what it means.
HookVocabulary = Callable[[str, dict[str, Any]], HookEdge]
_TURN = ("working", "blocked")

EAGER_BYTES = 4096  # a first read after a pause up to this size is read at once
HOLD_MAX = 4.0  # frames shaped like the last one confirmed wait for this long after it
HOLD_GRACE = 0.2  # ... and are fed this much later if no frame came to read them
BACKEND_POLL = 0.02  # while the screen backend loads, look this often whether it is there
# the longest the screen goes unread while the ``auto`` backend (ghostty) loads: after it
# the model is made with pyte (a machine busy starting many sessions at once), so the
# light reads the screen late by this much at most, not until the load is done
BACKEND_WAIT = 0.5
INSPECT_PART = 300  # characters of one rule condition in ``explain --session``'s reply
PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
_STRING_END = re.compile(rb"\x07|\x1b\\")  # the end of an OSC, DCS, APC or PM string
# A frame's shape: SGR sequences (colours, attributes) left out, and each run of digits,
# each run of spaces and each symbol of U+00A0-U+00BF and U+2000-U+2BFF (spinner glyphs,
# arrows, punctuation, box drawing, braille, dingbats) masked; letters of every script,
# other punctuation and every other control byte and sequence kept.
_SGR = re.compile(rb"\x1b\[[0-9;:]*m")
_MASKED = re.compile(rb"[0-9]+| +|\xc2[\xa0-\xbf]|\xe2[\x80-\xaf][\x80-\xbf]")
#: The published states under which a frame shaped like the last one may wait.
HOLD_STATES = frozenset({None, "working", "idle"})
# A frame's shape is looked up by its key, every digit as 0 (wait.DIGITS_AS_0), among
# the shapes of recent frames, up to wait.SHAPE_KEY_MAX bytes
SHAPES_KEPT = 64  # shapes of recent frames, by key (the frames read at once or waiting)
_INF = float("inf")
_NAN = float("nan")  # equal to no deadline


def frame_shape(chunk: bytes) -> bytes:
    """`chunk` as a shape: two frames of a spinner line ("✶ Pondering… (9s)", then
    "✻ Pondering… (10s)", in any colours, padded to one width) have one shape; a frame
    that writes another word, or moves or erases otherwise, has another."""
    if 0x6D in chunk:  # an "m": there may be SGR sequences to leave out
        chunk = _SGR.sub(b"", chunk)
    return _MASKED.sub(b"\0", chunk)


@dataclass(frozen=True)
class Timings:
    """Classifier and fusion timings in seconds (config ``[classifier]`` is in ms)."""

    settle: float = 0.04
    max_wait: float = 0.08  # a screen whose output never pauses is read this long after it changed
    idle_linger: float = 0.7
    guard: float = 1.5
    # Feeding the screen model is off the hot path: while output keeps coming, a small
    # budget per period (10% of a core), so a flood never slows the passthrough; once
    # the output pauses, a larger budget, to catch up at once.
    feed_budget: float = 0.005
    feed_period: float = 0.05
    idle_budget: float = 0.03
    flood_bytes: int = 256 << 10  # this much output since the last feed, still coming: a flood
    flood_feed: float = 2.0  # in a flood that goes on, still feed (and classify) this often


#: The typed text is looked for on screen by its first characters (at most, at least).
TYPED_MAX, TYPED_MIN = 24, 4


def _visible_prefix(typed: bytes, text: str) -> str | None:
    """The longest start of `typed` (TYPED_MIN to TYPED_MAX characters) that `text`
    shows, or None."""
    line = typed.decode("utf-8", "replace").strip()
    for k in range(min(len(line), TYPED_MAX), TYPED_MIN - 1, -1):
        if line[:k] in text:
            return line[:k]
    return None


class Pipeline:
    """One wrapped program's detection state. See the module docstring."""

    def __init__(self, manifest: rules.Manifest, *, rows: int, cols: int, now: float,
                 timings: Timings | None = None, backend: str = "auto", host: bool = True,
                 shell: bool | None = None, vocabulary: HookVocabulary | None = None,
                 looks: bool = False) -> None:
        self.manifest = manifest
        self._reads_cursor = any(r.region.kind in ("cursor", "input", "last", "alone")
                                 for r in manifest.rules)
        # the `input` and `last` regions leave out the echo of what is typed and not entered
        self._reads_typed = any(r.region.kind in ("input", "last") for r in manifest.rules)
        self._vocabulary = vocabulary  # what hook events mean (an agent's: agents/); None: nothing
        self.timings = t = timings or Timings()
        self._settle = t.settle
        self._host = host
        self._scanner = ReportScanner(strip=host)
        self._backend = backend
        self._size = (rows, cols)
        self._screen: ScreenModel | None = None  # made on first use (pyghostty loads slowly)
        self._backlog = Backlog()
        self.classifier = Classifier(manifest, settle=t.settle, idle_linger=t.idle_linger,
                                     max_wait=t.max_wait)
        # a program on the fallback (no manifest of its own) starts its own set-up before
        # the user's first prompt, under a start-up spinner (a server, an index): what it
        # starts then is a helper, not work a turn left running (Fusion.setup)
        self.fusion = Fusion(now, guard=t.guard, shell=shell,
                             background_native=manifest.background.native,
                             setup=manifest.generic)
        # the program's descendants: what it left running after a turn (fusion.background)
        self.tree = ProcessTree(manifest.background.helpers)
        # the driver takes a fresh look at them when a turn ends (Effects.look; replay
        # does not: the capture's snapshots come as events)
        self._looks = looks
        self._in_turn = False
        self._answers = bytearray()  # bytes for the child (answers to its 7501 query)
        self._subreports: list[Report] = []  # the child's reports with an id
        self.native_reports = 0
        self._queries_answered = 0
        self._version = -1
        # the title and progress the stream set last (``Retitled``), and as the
        # screen was last read with them
        self._stream_title: str | None = None
        self._stream_progress: tuple[int, int | None] | None = None
        self._title: str | None = None
        self._progress: tuple[int, int | None] | None = None
        self._retitled = False  # the stream's title or progress is not the screen's as read
        self._in_paste = False
        self._line = bytearray()
        # the screen at the latest Enter the program has not answered, the typed text as
        # far as it showed then (whose leaving shows the prompt was taken), the typed line
        # if its echo was not drawn yet, and the screen version last compared
        # (see _enter_answer)
        self._enter: tuple[list[str], str | None, bytes | None] | None = None
        self._enter_seen = -1
        self._last_output = -1.0
        self._pending_since = 0.0  # when the oldest output not yet fed arrived
        self._unfed = 0  # bytes of output since the model was last fed
        # when the oldest output not yet fed arrived, of the output that does not wait
        # (None: none), and of the output fed since tick last looked (inf: none): a
        # change is dated from it, so max_wait counts from the first byte of a redraw
        # that never pauses, not from the last one fed
        self._unfed_from: float | None = None
        self._fed_from = _INF
        self._burst = False  # the latest output came after a pause of a settle time
        self._fed_at = now  # when the model was last fed
        self._not_before = 0.0  # no feeding before this (backend loading, late start)
        self._backend_asked: float | None = None  # when the screen was first needed
        self._chunk = b""  # the latest output passed through
        self._shape: bytes | None = None  # the shape of the last frame confirmed at once
        self._shapes: dict[bytes, bytes] = {}  # recent frames' shapes by key (_shape_of)
        self._hold_end = 0.0  # frames of that shape wait until then
        # ... while nothing but such frames came since the frame read that started it
        # found the rest of a hold's conditions (_hold_ready): any other call ends that
        self._hold_ok = False
        self._held_until = 0.0  # the waiting frames are fed then at the latest (0: none wait)
        self._frames_held = 0
        self._output_bytes = 0
        self.last_input = -1.0
        self.last_enter = -1.0  # the user's last Enter that sent a typed line (no /command)
        # when the core next needs a Tick, as the last Tick or round left it (a frame
        # that waits leaves it here: its Output's effects carry it)
        self._due: float | None = None
        self._read_at_once = False  # the last round's frame was read at once (round_done)
        self._held = False  # the last output waits unfed (output), nothing to read for it
        self._read_due: float | None = _NAN  # the due of the last round read at once
        # takes the frames that wait, on the terms set after each event (_wait_terms);
        # what it took is folded in first thing at the next one (_fold)
        self._wait = Wait(t.settle, self._shapes, self._shape_of)

    @property
    def _hold_limit(self) -> float:
        """Until when frames shaped like the last one confirmed wait unfed (:meth:`_output`);
        -inf when none is confirmed."""
        return self._hold_end if self._shape is not None else NO_HOLD

    @property
    def backlog(self) -> Backlog:
        """The output not fed to the screen model yet (the frames that wait among it)."""
        self._fold()
        return self._backlog

    @property
    def output_bytes(self) -> int:
        """Bytes of output so far (the frames that wait among them)."""
        self._fold()
        return self._output_bytes

    @property
    def frames_held(self) -> int:
        """Frames that waited unfed so far (``explain --session``)."""
        self._fold()
        return self._frames_held

    @property
    def screen(self) -> ScreenModel:
        if self._screen is None:
            self._screen = make_screen(*self._size, self._backend)
        return self._screen

    # ----------------------------------------------------------------- the one entry

    def handle(self, event: Event, now: float) -> Effects:
        """Take `event`, which happened at `now` (see :mod:`.events`), and say what the
        driver does next. Output first: it is the hot path (one type test, the scanner,
        one backlog append). A frame that waits is offered to :attr:`_wait` (the object
        ``Effects.wait`` hands the driver, which offers it each read first)."""
        w = self._wait
        if w.frames:  # frames it took since the last event: as if held here
            self._fold()
        if type(event) is Output:
            data = event.data
            # (the hold's end tested first: outside a hold, a flood's read, no call)
            if now < w.until and (taken := w.take(data, now)):
                return Effects(data, b"", (), (), None, w.due, taken == SETTLED, NO_HOLD,
                               False, w)
            self._last_output, last = now, self._last_output
            self._burst = now - last >= self._settle  # after a pause
            self._output_bytes += len(data)
            w.until = NEVER  # any other output ends the hold's conditions (_output)
            data = self._output(data, now)
            return Effects(data, self._take_answers() if self._answers else b"")
        on = _ON.get(type(event))
        if on is None:
            raise TypeError(f"not an event of the core: {event!r}")
        effects = on(self, event, now)
        effects.wait = self._wait_terms()
        return effects

    def _fold(self) -> None:
        """The frames :attr:`_wait` took since the last event, in the core's state as if
        each had been held here: in the backlog, unfed, the latest output (after a pause,
        at the time of the last), counted; the deadline with frames waiting. Its terms
        hold on (a frame taken changes none of them)."""
        w = self._wait
        frames = w.frames
        if not frames:
            return
        if not self._unfed:  # the first of them came to an empty backlog
            self._pending_since = w.first
        append = self._backlog.append
        n = 0
        for data in frames:
            append(data)
            n += len(data)
        self._unfed += n
        self._output_bytes += n
        self._frames_held += len(frames)
        self._chunk = frames[-1]
        frames.clear()
        self._last_output = w.last
        self._burst = True
        self._held = True
        self._held_until = self._hold_end + HOLD_GRACE
        self._due = w.due

    def _wait_terms(self) -> Wait | None:
        """Set :attr:`_wait`'s terms from the state after an event: the hold in force (its
        other conditions found by the frame read that started it, the title as read), its
        shape, the room left, the last output's time, the deadline with a frame waiting
        and whether that frame's round is settled (nothing changed since the last frame
        read). None, with no frame to take, when no hold is in force."""
        w = self._wait
        if not self._hold_ok or self._retitled:
            w.until = NEVER
            return None
        until = self._hold_end + HOLD_GRACE  # the frames that wait are fed then at the latest
        due = self._due
        if due is None or until < due:
            due = until
        w.until, w.shape, w.due = self._hold_end, self._shape, due
        w.room, w.last = EAGER_BYTES - self._unfed, self._last_output
        w.result = SETTLED if due == self._read_due else TAKEN
        return w

    # one method per event type (_ON): a dict lookup, not a chain of type tests

    def _on_written(self, ev: Written, now: float) -> Effects:
        due = self._round_done(now, nothing_due=ev.nothing_due)
        read = self._read_at_once
        if read:
            self._read_due = due
        return Effects(due=due, settled=read, hold_end=self._hold_limit)

    def _on_tick(self, ev: Tick, now: float) -> Effects:
        return self._advance(now, ev.budget)

    def _on_retitled(self, ev: Retitled, now: float) -> Effects:
        self._stream_title, self._stream_progress = ev.title, ev.progress
        self._retitled = ev.title != self._title or ev.progress != self._progress
        return Effects()

    def _on_typed(self, ev: Typed, now: float) -> Effects:
        self._input(ev.data, now, agent_in_front=ev.agent_in_front)
        return Effects(due=now)  # what it changed is taken at once

    def _on_resize(self, ev: Resize, now: float) -> Effects:
        self._resize(ev.rows, ev.cols, now)
        return Effects(due=now)

    def _on_hook(self, ev: Hook, now: float) -> Effects:
        self._hook(ev.event, ev.data, now)
        return Effects(due=now)

    def _on_foreground(self, ev: Foreground, now: float) -> Effects:
        self._foreground(ev.pgid, ev.name, ev.is_agent, now)
        return Effects(due=now)

    def _on_activity(self, ev: Activity, now: float) -> Effects:
        self._activity(ev.busy, ev.detail, now, ev.again)
        return Effects(due=now)

    def _on_processes(self, ev: Processes, now: float) -> Effects:
        return Effects(due=now) if self._processes(ev.procs, now) else Effects()

    def _on_caught_up(self, ev: CaughtUp, now: float) -> Effects:
        self._caught_up(ev.began, now)
        return Effects(due=self._next_deadline(now))

    def _on_exit(self, ev: Exit, now: float) -> Effects:
        return self._finish(ev.status, ev.signaled, now)

    # ----------------------------------------------------------------- hot path

    def _output(self, data: bytes, now: float) -> bytes:
        """Child output that does not wait (:meth:`handle` took its time and its size,
        :attr:`_wait` refused it); returns the bytes to pass through.

        A frame that waits: the first output after a pause, shaped like the last frame
        :meth:`_confirm_now` confirmed, less than HOLD_MAX after it, under a published
        working, idle or no state, while no Enter waits for its answer; with no OSC
        string in it (no report, query, title or progress), nothing held by the scanner,
        nothing for fusion to publish. :attr:`_wait` takes it (to the backlog unfed, and
        :attr:`_held` True, once folded): the round costs that one call (settled while its
        deadline is the last read's: no ``Written``). Any other output ends the hold's
        conditions (they are found again by the next frame read)."""
        self._held = self._hold_ok = False
        passthrough, events = self._scanner.feed(data)
        if events:
            self._native(events, now)
        self._held_until = 0.0  # held frames are fed with this output, unless it waits too
        self._chunk = passthrough
        if passthrough:
            if self._unfed_from is None:
                self._unfed_from = now
            if not self._backlog:
                self._pending_since = now
            self._backlog.append(passthrough)
            self._unfed += len(passthrough)
        return passthrough

    def _shape_of(self, chunk: bytes) -> bytes:
        """:func:`frame_shape` of `chunk`, looked up by its key if it was seen lately."""
        if len(chunk) > SHAPE_KEY_MAX:
            return frame_shape(chunk)
        key = chunk.translate(DIGITS_AS_0)
        shapes = self._shapes
        shape = shapes.get(key)
        if shape is None:
            if len(shapes) >= SHAPES_KEPT:
                shapes.clear()
            shape = shapes[key] = frame_shape(key)
        return shape

    def _urgent(self) -> bool:
        """The output so far carried a query to answer or a report to act on: tick now."""
        return bool(self._answers or self._subreports or self.fusion.changed())

    def _eager_ready(self) -> bool:
        """The output so far is a small first read after a pause (a spinner frame):
        :meth:`_confirm_now` may settle it at once."""
        return (self._burst and self._screen is not None
                and 0 < len(self._backlog) <= EAGER_BYTES)

    def _confirm_now(self, now: float) -> bool:
        """Feed what came and read the screen at once, before the output settles. True
        if nothing changed or the screen reads as what is published: nothing is due for
        it (a spinner frame costs no second wake-up). Else the change waits for its
        settle as usual. Call it after the output was written to the terminal.

        A frame confirmed here starts a hold of its shape: the frames shaped like it
        that follow wait unfed (:meth:`_output` tells them, see the module docstring)."""
        screen = self._screen
        if screen is None or self._retitled or len(self._backlog) > EAGER_BYTES:
            return False
        shape = self._shape_of(self._chunk)
        self._backlog.feed_all(screen)  # a few dozen bytes: no budget to keep
        self._unfed = 0
        self._unfed_from, self._fed_from = None, _INF  # a first read after a pause
        self._fed_at = now
        if screen.version != self._version:
            self._version = screen.version
            self.classifier.screen_changed(min(now, max(self._last_output, 0.0)))
        if self.classifier.confirm(now, self.snapshot):
            if shape != self._shape or now >= self._hold_end:  # a new hold from this frame
                self._shape, self._hold_end = shape, now + HOLD_MAX
            self._hold_ok = self._hold_ready()
            return True
        self._shape = None
        return False

    def _hold_ready(self) -> bool:
        """The conditions of a hold that only a call other than a frame that waits can
        change: no Enter waits for its answer, nothing held by the scanner, nothing to
        answer or publish, the published state working, idle or none. Found once, by the
        frame read that starts (or renews) the hold; every other call ends them."""
        pub = self.classifier.published
        return (self._enter is None and not self._scanner.partial and not self._answers
                and not self._subreports and not self.fusion.changed()
                and (pub is None or pub.state in HOLD_STATES)
                and len(self._backlog) == self._unfed)

    def _caught_up(self, began: float, now: float) -> None:
        """The output fed in so far came before the pipeline existed (kept by the
        session until its boot, which began at ``began``). If it was still coming then,
        nothing was read while the pipeline was built: that pause is not the output
        settling. Wait a settle time from now before feeding, so that a flood still
        going on is seen as one first."""
        self._hold_ok = False
        if self._backlog and began - self._last_output < self.timings.settle:
            self._pending_since = now
            self._not_before = now + self.timings.settle

    def _native(self, events: list[Report | Query | Invalid], now: float) -> None:
        for ev in events:
            if isinstance(ev, Query):
                if self._host:
                    self._answers += query_reply(ev)
                    self._queries_answered += 1
            elif isinstance(ev, Report):  # an Invalid one is dropped
                self.native_reports += 1
                if ev.id is None:
                    self.fusion.native(ev, now)
                else:
                    self._subreports.append(ev)

    def _take_answers(self) -> bytes:
        """What the child is answered (its query), once."""
        if not self._answers:
            return b""
        out = bytes(self._answers)
        self._answers.clear()
        return out

    # ----------------------------------------------------------------- the driver's calls

    def _round_done(self, now: float, *, nothing_due: bool = True) -> float | None:
        """The output of a round of I/O was written (one round of the live loop; one
        output of a replay): when the core next needs :meth:`_advance`. `now` if it
        carried a query to answer or a report to act on. Else a small first read after a
        pause (a spinner frame) is fed and read at once when nothing else is due
        (`nothing_due`): :attr:`_read_at_once` is then True, and if the screen reads as
        published nothing is due for it (one wake-up per frame, not two)."""
        if self._held:  # output() kept it unfed: settled as confirm_now would have
            self._read_at_once = True
            return self._due
        self._read_at_once = False
        if self._urgent():
            return now
        if nothing_due and self._eager_ready():
            self._read_at_once = read = self._confirm_now(now)  # fed and read, or held unfed
            due = self._next_deadline(now)  # a change read waits for its settle
            if read and self._shape is not None:
                # the frames of its hold are fed by then at the latest (output): asked for
                # now, the first of them changes no deadline (it costs one call)
                until = self._hold_end + HOLD_GRACE
                if due is None or until < due:
                    due = until
            self._due = due
            return due
        feed, due = self._feed_due(), self._due
        return feed if due is None or (feed is not None and feed < due) else due

    def _advance(self, now: float, budget: float | None = None) -> Effects:
        """Give the core the time: the work due by `now` (feeding the screen, the rules,
        fusion's edges); what it decided, and when it next needs the time."""
        self._hold_ok = False
        self._due = due = self._tick(now, budget)
        in_turn = self.fusion.turn_state in _TURN and not self.fusion.setup
        if in_turn != self._in_turn:
            self.tree.turn(in_turn, now)
            self._in_turn = in_turn
            if not in_turn and self._looks:
                # the turn just ended: what it left running, from a fresh look (the last
                # sample may still show its last tool running), before anything is shown
                return Effects(due=now, look=True)
        subreports = self._subreports
        if subreports:
            self._subreports = []
        return Effects(decisions=self.fusion.drain(), subreports=subreports, due=due,
                       dialog=self.dialog())

    def _finish(self, status: int, signaled: bool, now: float) -> Effects:
        """The program exited: what the scanner still held for the terminal, and the
        decisions up to the exit's own (the last). Nothing is decided after it."""
        self._hold_ok = False
        tail = self._scanner.flush()
        final = self.fusion.exited(status, signaled, now)
        decisions = self.fusion.drain()
        if not decisions or decisions[-1] is not final:
            decisions.append(final)
        subreports, self._subreports = self._subreports, []
        return Effects(tail, decisions=decisions, subreports=subreports, dialog=self.dialog())

    def current(self) -> Decision:
        """The decision in force."""
        return self.fusion.current()

    def dialog(self) -> Dialog | None:
        """The dialog the screen shows while the decision in force is blocked, or None."""
        pub = self.classifier.published
        if pub is None or pub.state != "blocked" or self.fusion.current().state != "blocked":
            return None
        return pub.dialog

    def screen_look(self) -> int:
        """A fingerprint of the text the screen shows as fed so far (its rows, not their
        colours or the cursor), for the activity samples (session/sampling.py) to tell
        output that changed the screen from a redraw that left it as it was (a blinking
        cursor). Read at most once a sample, never on the passthrough."""
        return hash(tuple(self._screen.lines())) if self._screen is not None else 0

    def screen_rows(self) -> list[str]:
        """The text of the screen's rows as fed so far (none without a screen model), for
        the activity samples to tell the words output brings from glyphs that cycle (an
        idle animation). Read at most once a sample, never on the passthrough."""
        return list(self._screen.lines()) if self._screen is not None else []

    def cursor_and_width(self) -> tuple[int, int, int]:
        """The cursor's row and column (0-based, as fed so far) and the screen's width in
        columns, for the activity samples to tell a line-mode chat that moved past its
        prompt from one that waits at it. Read at most once a sample, never on the
        passthrough."""
        row, col = self._screen.cursor() if self._screen is not None else (0, 0)
        return row, col, self._size[1]

    def full_screen(self) -> bool:
        """The program draws on the alternate screen (a full-screen program), for the
        activity samples."""
        return self._screen is not None and self._screen.alt_screen

    def typed_line(self) -> str:
        """What the user typed on the input line since the last Enter (roughly, as
        tracked from the keys), for the activity samples to tell a late echo of it from
        the program's own words."""
        return self._line.decode("utf-8", "replace")

    def last_evaluation(self) -> tuple[rules.Verdict | None, float]:
        """The rules' last verdict and when it was made (-1: never), for the check that
        a manifest still reads its agent (session/stale.py)."""
        c = self.classifier
        at = c.last_eval_at
        return c.last_verdict, -1.0 if at is None else at

    def buffers(self) -> dict[str, dict[str, int]]:
        """Each buffer of the core: its bytes now (``size``), the most ever (``high``);
        the backlog's also how often output was dropped unread in a flood (``dropped``)
        and the bytes fed to the screen model (``fed``)."""
        b = self.backlog  # what waits among it
        return {"backlog": {"size": b.pending, "high": b.high, "dropped": b.drops,
                            "fed": b.fed_bytes},
                "scanner": {"size": self._scanner.partial, "high": self._scanner.high}}

    # ----------------------------------------------------------------- other inputs

    def _input(self, data: bytes, now: float, *, agent_in_front: bool = True) -> None:
        """Bytes the user typed (after any reply filtering). An Enter outside a bracketed
        paste, at an idle or finished prompt, with the program's own UI in front, starts
        a turn as far as the input side can tell (fusion confirms or reverts it)."""
        self.last_input = now
        self._hold_ok = False
        enter = self._enter_outside_paste(data)
        typed = self._line_typed(data)
        if not enter or not agent_in_front:
            return
        if not typed and self._line and b"\x1b\r" in data:
            # Esc+Enter after text: a line editor's submit (its first prompt sent), a
            # newline in other composers: the start-up is over either way, no turn claimed
            self.fusion.setup = False
            return
        # An empty Enter or a local command (/help, /clear) starts no turn.
        if not typed or typed.startswith(b"/"):
            return
        self.last_enter = now
        self.fusion.setup = False  # the user's first prompt: turns from here on
        if self.fusion.current().state in ("idle", "done", "error"):
            screen = self._screen
            self.fusion.input_submitted(now, wait=screen is not None)
            if screen is not None and self.fusion.awaiting_answer:
                self._feed(self.timings.idle_budget, now)  # the echo up to the Enter
                lines = list(screen.lines())
                typed_shown = _visible_prefix(typed, "\n".join(lines))
                behind = None
                if typed_shown is None:  # the echo is behind: what the input line shows instead
                    row = lines[screen.cursor()[0]].strip()
                    typed_shown = row if len(row) >= TYPED_MIN else None
                    behind = typed
                self._enter = (lines, typed_shown, behind)
                self._enter_seen = screen.version

    def _line_typed(self, data: bytes) -> bytes:
        """Track what was typed on the current input line (roughly: printable bytes,
        backspace, ^U and ^C); returns the line when `data` holds an Enter."""
        line = self._line
        submitted = b""
        i = 0
        n = len(data)
        while i < n:
            b = data[i]
            if b == 0x1B:  # skip an escape sequence (arrows, paste marks)
                j = i + 1
                if j < n and data[j] in b"]P_^":  # a string (a terminal's reply, OSC 11)
                    end = _STRING_END.search(data, j)
                    i = end.end() if end else n
                    continue
                if j < n and data[j] in b"[O":
                    j += 1
                    while j < n and not 0x40 <= data[j] <= 0x7E:
                        j += 1
                i = j + 1
                continue
            if b == 0x0D:
                submitted = bytes(line).strip() or submitted
                line.clear()
            elif b in (0x7F, 0x08):  # one character back (its UTF-8 continuation bytes)
                while line and 0x80 <= line[-1] <= 0xBF:
                    line.pop()
                if line:
                    line.pop()
            elif b in (0x03, 0x15):
                line.clear()
            elif (b >= 0x20 or b == 0x09) and len(line) < 4096:
                line.append(b)
            i += 1
        return submitted

    def _enter_outside_paste(self, data: bytes) -> bool:
        if not self._in_paste and PASTE_START not in data:
            return b"\r" in data
        enter = False
        rest = data
        while rest:
            if self._in_paste:
                end = rest.find(PASTE_END)
                if end < 0:
                    return enter
                self._in_paste = False
                rest = rest[end + len(PASTE_END):]
            else:
                start = rest.find(PASTE_START)
                head = rest if start < 0 else rest[:start]
                enter = enter or b"\r" in head
                if start < 0:
                    return enter
                self._in_paste = True
                rest = rest[start + len(PASTE_START):]
        return enter

    def _hook(self, event: str, data: Mapping[str, Any] | None, now: float) -> None:
        self._hold_ok = False
        if self._vocabulary is not None:
            self.fusion.hook(self._vocabulary(str(event), dict(data or {})), now)

    def _foreground(self, pgid: int, name: str, is_agent: bool, now: float) -> None:
        self._hold_ok = False
        self.fusion.foreground(pgid, name, is_agent, now)

    def _activity(self, busy: bool, detail: str, now: float, again: bool = False) -> None:
        self._hold_ok = False
        self.fusion.activity(busy, detail, now, again)

    @property
    def in_turn(self) -> bool:
        """A turn runs (working or blocked, without background work on top)."""
        return self.fusion.turn_state in _TURN

    def _processes(self, procs: Mapping[int, Proc], now: float) -> bool:
        """The program's descendants now (a sample, or a capture's ``p`` event): what a
        turn left running is background work (:mod:`.background`). True if that changed."""
        in_turn = self.fusion.turn_state in _TURN and not self.fusion.setup
        self._in_turn = in_turn
        if not self.tree.update(procs, in_turn, now):
            return False
        self._hold_ok = False
        pieces = self.tree.pieces
        self.fusion.background(len(pieces), self.tree.message(), "process tree", now)
        return True

    def _resize(self, rows: int, cols: int, now: float) -> None:
        # Feed what the old size drew first, so the model reflects the new geometry only
        # for bytes written after the resize (as the real terminal does).
        self._size = (rows, cols)
        self._hold_ok = False
        if self._screen is None:
            return
        self._feed(1.0, now)
        self.screen.resize(rows, cols)
        self._version = -1
        self.classifier.screen_changed(now)

    # ----------------------------------------------------------------- off the hot path

    def snapshot(self) -> rules.Snapshot:
        progress = None
        if self._progress is not None:
            st, pr = self._progress
            progress = f"{st}" if pr is None else f"{st};{pr}"
        screen = self.screen
        # read back only what the rules read (each is a call into the backend per frame):
        # the cursor for a `cursor` or `input` region, the line typed and not entered for
        # an `input` region; no region reads the alternate screen flag (the classifier
        # does: a dialog read on one screen is gone once the program leaves it)
        typed = (self._line.decode("utf-8", "replace") if self._reads_typed and self._line
                 else None)
        return rules.Snapshot(lines=screen.lines(), title=self._title, progress=progress,
                              cursor=screen.cursor() if self._reads_cursor else None,
                              background=getattr(screen, "background", None), typed=typed,
                              alt_screen=screen.alt_screen)

    def _tick(self, now: float, budget: float | None = None) -> float | None:
        """Do the pending work; return the next deadline (None: nothing pending)."""
        t = self.timings
        feed_due = self._feed_due()
        # An evaluation due while output already passed through waits unfed: the screen
        # may be half drawn (a redraw's erase, fed at once by confirm_now, with the rest
        # 1 ms behind it). If it reads as published, that change is done with; else the
        # output is fed first and the evaluation waits for its settle.
        if (feed_due is not None and now < feed_due and self.classifier.due(now)
                and not self.classifier.confirm(now, self.snapshot)):
            feed_due = now
        if feed_due is not None and now >= feed_due:
            # Output settled (one feed and one evaluation per spinner frame), or output
            # has been coming for a feed period (a small budget, so passthrough goes on).
            # In a flood the model would only be cut and reset (TUIs redraw): wait until
            # it settles, and leave the whole loop to the passthrough meanwhile (the
            # backlog keeps only a tail, so what came since the last feed tells a flood).
            streaming = now - self._last_output < t.settle
            if (streaming and self._unfed > t.flood_bytes
                    and now - self._fed_at < t.flood_feed):
                self._pending_since = now
            elif (self._screen is None and not self._backend_ready()
                  and not self._backend_late(now)):
                # the backend loads in the background: look again a little later
                self._pending_since = now
                self._not_before = now + BACKEND_POLL
            else:
                if budget is None:
                    budget = t.feed_budget if streaming else t.idle_budget
                self._feed(budget, now)
                if self._backlog:
                    self._pending_since = now  # still behind: again in a feed period
        changed = self._screen is not None and self._screen.version != self._version
        title, progress = self._stream_title, self._stream_progress
        if self._retitled:
            self._title, self._progress = title, progress
            self._retitled = False
            changed = True
        if changed:
            if self._screen is not None:
                self._version = self._screen.version
            # the change happened when the output arrived, not when it was fed: from the
            # first of it (max_wait counts from there) to the last (settle counts from there)
            self.classifier.screen_changed(min(now, max(self._last_output, 0.0)),
                                           self._fed_from)
        self._fed_from = _INF
        if self._enter is not None and self.screen.version != self._enter_seen:
            self._enter_answer(now)  # also after confirm_now() took the change
        reading = self.classifier.step(now, self.snapshot)
        if reading is not None:
            self.fusion.screen(reading, now)
        due = self.fusion.next_deadline(now)
        if due is not None and due <= now:
            self.fusion.age(now)
        return self._next_deadline(now)

    def _enter_answer(self, now: float) -> None:
        """Has the program answered the user's Enter on screen? Rows that only grew by
        the text after what they showed at the Enter are the echo of what was typed
        before it, still catching up: no answer yet. Any other change is the answer; it
        took the prompt if the typed text (as far as it was shown; else the cursor's row
        at the Enter) left the screen. When the echo was behind at the Enter (a busy
        machine), the change that first shows the typed line is that echo, with what
        follows it in the same frame (a footer whose hints change once the composer
        holds text); from then on the typed text is what must leave the screen."""
        assert self._enter is not None
        old, typed_shown, behind = self._enter
        if not self.fusion.awaiting_answer:
            self._enter = None
            return
        self._enter_seen = self.screen.version
        lines = list(self.screen.lines())
        if behind is not None:
            shown = _visible_prefix(behind, "\n".join(lines))
            if shown is not None:  # the echo caught up
                self._enter = (lines, shown, None)
                return
        if len(lines) == len(old) and all(
                n == o or (o.strip() and n.rstrip().startswith(o.rstrip()))
                for o, n in zip(old, lines, strict=True)):
            return
        self._enter = None
        took = typed_shown is not None and typed_shown not in "\n".join(lines)
        # the fallback's only sign that a quick turn ran: the answer's words, new since
        # the Enter (a manifest's rules read the turn themselves), not the typed line's
        # own (its echo finished after the Enter: "hello wor" -> "hello world")
        said = self.manifest.generic and not took and not phrases(
            r for r in lines if typed_shown is None or typed_shown not in r) <= phrases(old)
        self.fusion.input_answered(now, took=took, said=said)

    def _next_deadline(self, now: float) -> float | None:
        """When :meth:`_tick` has work next (absolute monotonic time), or None."""
        times = [x for x in (self.classifier.next_deadline(now), self.fusion.next_deadline(now),
                                   self._feed_due())
                 if x is not None]
        if self._enter is not None and self._screen is not None \
                and self._screen.version != self._enter_seen:
            times.append(now)  # the screen changed (confirm_now took it): is it the answer?
        return min(times) if times else None

    def load_screen(self, *, wait: bool = False) -> None:
        """Start loading the screen backend now, off the loop: for a program that has
        written nothing yet, so its first screen (a prompt after a silent start) is not
        read only once the load is done. Else it starts on first need (see below). With
        `wait`, the screen model is made here and now (a replay, whose clock is the
        capture's: nothing may load in the background meanwhile)."""
        if wait:
            self.screen  # noqa: B018 - made on first use
        else:
            self._backend_ready()

    def _backend_late(self, now: float) -> bool:
        """Whether the ``auto`` backend, still loading, has kept the screen unread for
        BACKEND_WAIT since it was first needed; if so the model is made with pyte now."""
        if self._backend != "auto":
            return False  # a backend asked for by name is waited for
        if self._backend_asked is None:
            self._backend_asked = now
        if now - self._backend_asked < BACKEND_WAIT:
            return False
        self._screen = make_screen(*self._size, "pyte")
        return True

    def _backend_ready(self) -> bool:
        """Start loading the screen backend off the loop (first call) and say whether it
        is there. Started on first need (or by load_screen), not at the start, so a flood
        never shares the loop with it."""
        preload(self._backend)
        return screen_ready()

    def _feed_due(self) -> float | None:
        """When the backlog should be fed: once output settled, or a feed period after
        the oldest unfed output (a flood)."""
        if not self._backlog:
            return None
        t = self.timings
        due = min(self._last_output + t.settle, self._pending_since + t.feed_period)
        return max(due, self._not_before, self._held_until)

    def evaluate_now(self, now: float) -> rules.Verdict:
        """Feed everything and evaluate the rules right now (``send`` asks this)."""
        self._fold()
        self._feed(1.0, now)
        self._wait_terms()  # fed: no frame waits until one is read again
        return rules.evaluate(self.manifest, self.snapshot())

    def _feed(self, budget: float, now: float) -> None:
        """Feed the screen model from the backlog for about `budget` seconds."""
        self._backlog.feed_some(self.screen, budget)
        self._unfed = 0
        if self._unfed_from is not None:
            self._fed_from = min(self._fed_from, self._unfed_from)
            self._unfed_from = None
        self._fed_at = now
        self._held_until = 0.0
        self._hold_ok = False
        self._shape = None  # fed outside confirm_now: the next frame is read in full

    def inspect(self, now: float) -> dict[str, Any]:
        """Everything ``explain --session`` shows of the core: the decision in force; the
        screen fed in full and read right now (its lines, the verdict); every rule of the
        manifest on it, matched or not (the region text only for the winner; the
        conditions only of the rules that matched, each cut to INSPECT_PART characters:
        the reply is one datagram, and the fallback's conditions alone are 50 KB; `explain
        FILE` shows them whole); and the fused view (:meth:`explain`)."""
        cur = self.current()
        verdict = self.evaluate_now(now)
        return {
            "decision": {"state": cur.state, "kind": cur.kind, "signal": cur.signal,
                         "detail": cur.detail},
            "screen": {"state": verdict.state, "rule": verdict.rule_id,
                       "dialog": verdict.dialog and verdict.dialog.as_dict(),
                       "manifest": f"{verdict.manifest}@{verdict.manifest_version}",
                       "lines": self.screen.lines()},
            "rules": [{"id": t.id, "state": t.state, "kind": t.kind, "matched": t.matched,
                       "winner": t.winner, "region": t.region,
                       "region_text": t.region_text if t.winner else "", "msg": t.msg,
                       "parts": [{"depth": x.depth, "what": clean(x.what, INSPECT_PART),
                                  "matched": x.matched}
                                 for x in (t.parts if t.matched or t.winner else ())]}
                      for t in rules.explain(self.manifest, self.snapshot())],
            "signals": self.explain(),
        }

    def explain(self) -> dict[str, object]:
        """The fused view, for ``explain --session``."""
        return {
            "manifest": self.manifest.label,
            "classifier": self.classifier.explain(),
            "fusion": self.fusion.explain(),
            "native_reports": self.native_reports,
            "frames_held": self.frames_held,
            "queries_answered": self._queries_answered,
        }


_ON: dict[type, Callable[[Pipeline, Any, float], Effects]] = {
    Written: Pipeline._on_written, Tick: Pipeline._on_tick, Retitled: Pipeline._on_retitled,
    Typed: Pipeline._on_typed, Resize: Pipeline._on_resize, Hook: Pipeline._on_hook,
    Foreground: Pipeline._on_foreground, Activity: Pipeline._on_activity,
    Processes: Pipeline._on_processes, CaughtUp: Pipeline._on_caught_up, Exit: Pipeline._on_exit,
}
