"""Fusion: every signal about the wrapped program, one state, and which signal decided it.

Inputs (each timestamped by the caller; this module reads no clock and does no I/O):

- :meth:`Fusion.screen` - a :class:`~osc7501wrap.fusion.classifier.ScreenReading` (published
  screen state changes only);
- :meth:`Fusion.native` - the program's own OSC 7501 reports for the root record
  (reports with an id are sub-records: the session hands them to the emitter);
- :meth:`Fusion.hook` - an agent hook event as a :class:`HookEdge` (the agent's integration
  module in :mod:`osc7501wrap.agents` says what its events mean);
- :meth:`Fusion.foreground` - the terminal's foreground process group changed;
- :meth:`Fusion.input_submitted` - the user pressed Enter at an idle prompt, and
  :meth:`Fusion.input_answered` - the program drew its answer to it;
- :meth:`Fusion.background` - processes the program started in a turn still run after it
  (the process tree); the screen (a ``background`` rule) and the program's own
  ``working`` report whose message names background work say the same;
- :meth:`Fusion.exited` - the program exited.

Output: a :class:`Decision` (state, kind, msg, progress, signal, detail, at). `signal` is
one of ``start screen native hook process input exit`` and `detail` names the rule (with
its manifest version) or the event, so every state wrap reports can be traced.

The contract (precedence of the signals, the turn and dialog rules, the state machine on
top) is docs/fusion.md; wrap(1) STATES says it for users. In short, highest first: a
dialog on screen; the newest edge (native report, hook, Enter) within its guard; the
foreground process (an activity sample only until the screen reads anew after it); the
other screen rules (see :meth:`Fusion._resolve`). On top of
that turn-level state, background work left running reads ``working`` where the turn
says done or idle (:data:`BACKGROUND`).

Not in scope: classifying the screen (:mod:`osc7501wrap.fusion.classifier`), writing reports
(:mod:`osc7501wrap.report.emitter`), sub-records, or deciding when the user's Enter counts.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

from ..protocol import KINDS, MAX_MSG, Report, sanitize_text
from .classifier import ScreenReading

#: Who says that background work runs, highest first (its message is the published one).
#: Any of them holds a done or idle turn as working; each says only for itself when its
#: work ended (docs/fusion.md, "Background work").
BACKGROUND = ("native", "process", "screen")

#: Foreground programs that mean "the user is typing" rather than "something runs".
EDITORS = frozenset({
    "vi", "vim", "nvim", "gvim", "view", "vimdiff", "nano", "pico", "emacs", "emacsclient",
    "micro", "hx", "helix", "kak", "joe", "jed", "mg", "ne", "ed", "ex", "less", "more",
    "most", "man", "bat", "pager", "tig", "lazygit", "mcedit", "code", "subl", "zed",
})
#: Programs that are a plain shell when they are the wrapped program itself.
SHELLS = frozenset({"sh", "bash", "zsh", "fish", "dash", "ksh", "mksh", "tcsh", "csh",
                    "ash", "nu", "xonsh", "elvish", "pwsh", "oil", "osh", "yash"})

_TURN_STATES = ("working", "blocked")
#: The longest the user's Enter holds (s) while the program has not answered it on screen
#: (drew nothing but the echo of what was typed), or took the prompt off the screen and
#: drew nothing readable yet (OpenCode's first prompt: 1-7 s).
ENTER_WAIT = 10.0
#: An interrupt's sign drawn this soon (s) after the screen ended a turn as done makes it
#: idle: a frame or two later, before a person could start typing the next prompt.
LATE_INTERRUPT = 0.3


def signal_name(number: int) -> str:
    """SIGKILL for 9; "signal N" for a number this platform does not name."""
    try:
        return signal.Signals(number).name
    except (ValueError, TypeError):
        return f"signal {number}"


def exit_signal(status: int, signaled: bool | int | None) -> int | None:
    """The signal that killed the program, or None if it exited.

    `signaled` is either the signal number itself, or a flag; with a flag, `status` is
    the signal number or the shell-style 128+N."""
    if signaled is None or signaled is False:
        return None
    if not isinstance(signaled, bool) and isinstance(signaled, int) and signaled > 0:
        return signaled
    return status - 128 if status > 128 else status


def exit_message(status: int, signaled: bool | int | None) -> str | None:
    """The error message for an exit, or None for a clean exit (status 0)."""
    sig = exit_signal(status, signaled)
    if sig is not None:
        return f"killed by {signal_name(sig)}"
    if status == 0:
        return None
    return f"exited with status {status}"


def _text(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    text = sanitize_text(value, MAX_MSG)
    return text or None


def _base(name: str) -> str:
    base = os.path.basename(name.strip()).lower()
    if base.startswith("-"):  # login shells: "-bash"
        base = base[1:]
    return base


@dataclass(frozen=True, slots=True)
class Decision:
    """One decided state. `msg` is untrusted text, kept out of repr()."""

    state: str
    kind: str | None
    msg: str | None = field(repr=False)
    progress: int | None
    signal: str
    detail: str
    at: float

    def describe(self) -> str:
        """One line for logs: ``blocked:permission <- hook <event> @12.300``."""
        what = f"{self.state}:{self.kind}" if self.kind else self.state
        return f"{what} <- {self.signal} {self.detail} @{self.at:.3f}"


@dataclass(frozen=True, slots=True)
class _Claim:
    """What one signal says, and since when."""

    state: str
    kind: str | None
    msg: str | None
    progress: int | None
    signal: str
    detail: str
    at: float
    visible: bool = False
    ends_turn: bool = True  # an idle that can end a turn as done (not "user is typing")
    interrupt: bool = False  # an idle that says the turn was interrupted
    expires: float | None = None  # the user's Enter: only until confirmed
    shown_from: float | None = None  # screen: not on screen before this (when known)
    sampled: bool = False  # an activity sample's guess: a newer screen reading outranks it


@dataclass(frozen=True, slots=True)
class HookEdge:
    """One agent hook event, as the agent's integration module reads it: a claim (state,
    kind, msg) and how it relates to turns and dialogs. Fusion knows no event names."""

    event: str  # the event's name, for explain and the log
    state: str | None = None  # None: no change (`ignore` says why)
    kind: str | None = None
    msg: str | None = None  # sanitized
    detail: str = ""  # the claim's detail ("" : the event's name)
    ignore: str = ""
    ignore_in_turn: str = ""  # no change while a turn runs, and why
    in_turn: bool = False  # meaningful only inside a turn (it may come after the turn)
    subagent: bool = False  # a subagent's: no change while a dialog is open
    asks: bool = False  # a tool request: it may open a dialog later
    answers: bool = False  # a sign that any open dialog was answered
    confirms: bool = False  # only a confirmation while the agent reports natively
    late: bool = False  # a dialog's announcement that may come seconds after it
    interrupt: bool = False  # an idle that says the turn was interrupted


class Fusion:
    """Combines every signal into one :class:`Decision`; see the module docstring."""

    def __init__(self, now: float = 0.0, *, guard: float = 1.5, screen_lag: float = 0.15,
                 notify_lag: float = 10.0, notify_min_lag: float = 4.0,
                 shell: bool | None = None, turn_marker: bool | None = None,
                 interrupt_marker: bool | None = None, enter_wait: float = ENTER_WAIT,
                 background_native: tuple[Any, ...] = (), setup: bool = False) -> None:
        self.guard = guard
        self.enter_wait = max(guard, enter_wait)
        self.screen_lag = screen_lag
        self.notify_lag = notify_lag
        self.notify_min_lag = notify_min_lag
        self.shell = shell  # None: a shell if the wrapped program's name says so
        self.turn_marker = turn_marker  # None: as the screen readings say
        self.interrupt_marker = interrupt_marker  # None: as the screen readings say
        # a program on the fallback rules before the user's first prompt: what it does is
        # its own set-up (a start-up spinner; what it starts then, a server, is a helper),
        # no turn that could end as done; a turn's own sign on screen (a visible working
        # rule: an interrupt hint) ends it too (a prompt given on the command line)
        self.setup = setup
        start = _Claim("idle", None, None, None, "start", "start", now, ends_turn=False)
        self._start = start
        self._blank: _Claim | None = None  # the screen stopped matching any rule
        # the turn-level decision, and the published one (background work on top of it)
        self._cur = Decision("idle", None, None, None, "start", "start", now)
        self._pub = self._cur
        # patterns of the program's own working message that name background work
        self.background_native = background_native
        self._bg: dict[str, _Claim] = {}  # signal -> its claim that background work runs
        self._overlaid = False  # the published decision is background work on the turn's
        self._edge: _Claim | None = None
        self._screen: _Claim | None = None
        self._reading: ScreenReading | None = None
        self._proc: _Claim | None = None
        # an activity sample put off while the user's Enter holds (a busy one inside its
        # guard, a quiet one while it waits for the screen's answer): the process claim
        # once the Enter goes (the samples hand changes only: it comes not again); not
        # *held*, the word for frames not yet fed (docs/names.md)
        self._deferred: _Claim | None = None
        self._fg: tuple[int, str, bool] | None = None
        self._queue: deque[Decision] = deque(maxlen=256)
        self._exited = False
        self._now = now  # the latest time decided at
        # turn bookkeeping
        self._pre_turn = self._cur
        self._turn_confirmed = True
        self._turn_tracked = False
        # the running working/blocked period is a turn, not a dialog outside any turn (a
        # start-up question) and what the program does right after answering it
        self._is_turn = False
        self._unproven_end = False  # the last turn ended as idle without a sign of success
        # dialog bookkeeping (for late dialog announcements)
        self._dialog_at: float | None = None  # last blocked claim from any signal
        self._answered_at: float | None = None  # last sign that a dialog was answered
        self._asks: deque[float] = deque(maxlen=64)  # tool requests (edges that ask)
        self._native_live = False
        self._awaiting = False  # the latest Enter: the program has not answered it yet
        self.last_event: tuple[str, float] | None = None  # for explain
        self.ignored: deque[tuple[float, str, str]] = deque(maxlen=32)  # (at, what, why)

    # ------------------------------------------------------------------ outputs

    def current(self) -> Decision:
        return self._pub

    @property
    def turn_state(self) -> str:
        """The turn-level state (what the turn says, without background work on top)."""
        return self._cur.state

    def changed(self) -> bool:
        """True if decisions are waiting in the queue (see :meth:`drain`)."""
        return bool(self._queue)

    def drain(self) -> list[Decision]:
        """Every decision since the last drain, oldest first."""
        out = list(self._queue)
        self._queue.clear()
        return out

    def next_deadline(self, now: float) -> float | None:
        """When time alone may change the decision (an edge's guard ends, the user's
        Enter expires); None if nothing is pending. Call :meth:`age` then. Fusion has
        no clock: `now` is not needed, the times of its inputs count."""
        if self._exited:
            return None
        times: list[float] = []
        e = self._edge
        if e is not None:
            if e.expires is not None:
                times.append(e.expires if not self._waits(e) else e.at + self.enter_wait)
            if self._newer_than(self._screen, e) or self._newer_than(self._proc, e):
                times.append(e.at + self.guard)
        times = [t for t in times if t > self._now]
        return min(times) if times else None

    def age(self, now: float) -> Decision | None:
        """Re-decide at `now` (time-based ageing); nothing after the exit (:meth:`exited`:
        an Enter's guard or a sample held for it ends with the program)."""
        if self._exited:
            return None
        return self._decide(now)

    # ------------------------------------------------------------------ inputs

    def screen(self, reading: ScreenReading, now: float) -> Decision | None:
        """A new published screen state (``state`` None: the dialog it showed is gone and
        no rule matches; the screen then says nothing and other signals decide)."""
        if self._exited:
            return None
        prev = self._screen
        if prev is not None and prev.state == "blocked" and reading.state != "blocked":
            self._answered_at = now
        if reading.state == "blocked":
            self._dialog_at = now
        self._reading = reading
        self._bg_claim("screen", reading.background, f"{reading.detail} (background)", now)
        if reading.state is None:
            # Nothing on screen to go by. It stays the last resort (instead of the start
            # state) so that a decision made from it still names the screen.
            # A dialog that closes was answered (or cancelled): the program carries on
            # with the answer (the agent runs the approved tool, `apt` installs), so
            # the blank screen reads as working until a rule sees a prompt again.
            after_dialog = prev is not None and prev.state == "blocked"
            self._screen = None
            self._blank = _Claim("working" if after_dialog else "idle", None, None, None,
                                 "screen", reading.detail, now, ends_turn=False)
            return self._decide(now)
        interrupt = reading.state == "idle" and reading.interrupt
        self._screen = _Claim(
            reading.state, reading.kind if reading.state == "blocked" else None,
            _text(reading.msg), None, "screen", reading.detail, now,
            visible=reading.visible, interrupt=interrupt, shown_from=reading.shown_from)
        if reading.state == "working" and self._cur.state in _TURN_STATES:
            self._turn_confirmed = True
            self._spend_enter()
        return self._decide(now)

    def native(self, report: Report, now: float) -> Decision | None:
        """The program's own OSC 7501 report. Reports with an id are ignored here."""
        if self._exited or report.id is not None:
            return None
        state = report.state
        self.last_event = (f"native {state}", now)
        if state == "clear":
            self._ignore(now, "native clear", "the exit decides")
            return None
        self._native_live = True
        msg = _text(report.msg)
        if state == "working" and msg and any(p.search(msg) for p in self.background_native):
            # its own word that work it started runs on after the turn: not the turn's
            self._bg_claim("native", msg, "native working (background)", now)
            return self._publish(now)
        self._bg.pop("native", None)  # any other report of its own says where it is now
        kind = report.kind if state == "blocked" and report.kind in KINDS else None
        progress = report.progress if state in _TURN_STATES else None
        # The agent's own idle ends a turn as interrupted (it would say done otherwise): a
        # finished-turn line the screen shows after it is an older turn's.
        claim = _Claim(state, kind, _text(report.msg), progress, "native", f"native {state}", now,
                       ends_turn=False, interrupt=state == "idle")
        if state == "blocked":
            if self._screen_contradicts(claim):
                return None
            self._dialog_at = now
        elif self._cur.state == "blocked":
            self._answered_at = now
        if state == "working" and self._cur.state in _TURN_STATES:
            self._turn_tracked = self._turn_confirmed = True
        return self._edge_in(claim, now)

    def hook(self, edge: HookEdge, now: float) -> Decision | None:
        """An agent's hook event, as its integration (:mod:`osc7501wrap.agents`) reads it."""
        if self._exited:
            return None
        self.last_event = (edge.event, now)
        in_turn = self._cur.state in _TURN_STATES
        if edge.in_turn and not in_turn:
            self._ignore(now, edge.event, "no turn is running")
            return None
        if edge.subagent and self._cur.state == "blocked":
            self._ignore(now, edge.event, "a subagent's event while a dialog is open")
            return None
        detail = edge.detail or edge.event
        if edge.ignore_in_turn and in_turn:
            self._ignore(now, edge.event, edge.ignore_in_turn)
            return None
        if edge.state is None:
            self._ignore(now, detail, edge.ignore or "does not change the state")
            return None
        if edge.late:
            why = self._late_notification(now)
            if why:
                self._ignore(now, detail, why)
                return None
        if edge.answers:
            self._answered_at = now
        if edge.asks:
            self._asks.append(now)
        claim = _Claim(edge.state, edge.kind if edge.state == "blocked" else None, edge.msg,
                       None, "hook", detail, now, ends_turn=False, interrupt=edge.interrupt)
        if edge.confirms and self._native_live and self._cur.state == "working":
            return self._decide(now)  # the agent's own report says this better
        if claim.state == "blocked":
            if self._screen_contradicts(claim):
                return None
            self._dialog_at = now
        if claim.state == "working" and in_turn:
            self._turn_tracked = self._turn_confirmed = True
        return self._edge_in(claim, now)

    def foreground(self, pgid: int, name: str, is_agent: bool, now: float) -> Decision | None:
        """The terminal's foreground process group is now `pgid` running `name`;
        `is_agent` says it is the wrapped program itself."""
        if self._exited:
            return None
        base = _base(name)
        key = (pgid, base, bool(is_agent))
        if key == self._fg:
            return None
        self._fg = key
        shell = self.shell if self.shell is not None else base in SHELLS
        if is_agent:
            if shell:
                self._proc = _Claim("idle", None, None, None, "process", f"{base} in front", now)
            else:
                self._proc = None
        elif base in EDITORS:
            self._proc = _Claim("idle", None, None, None, "process",
                                f"{base} in front (editor or pager)", now, ends_turn=False)
        else:
            self._proc = _Claim("working", None, None, None, "process", f"{base} in front", now)
            if self._cur.state in _TURN_STATES:
                self._turn_confirmed = True
        return self._decide(now)

    def activity(self, busy: bool, detail: str, now: float, again: bool = False) -> Decision | None:
        """A program with no agent rules (the generic manifest) is busy (using CPU,
        running child processes, writing output nobody typed) or has been quiet a while.
        It counts as the process signal while that program itself is in front. `again`:
        busy handed again, newer than what the screen read since the last time."""
        if self._exited:
            return None
        fg = self._fg
        if fg is not None and not fg[2]:
            return None  # another process is in front: foreground() decides
        if self.shell is True or (fg is not None and fg[1] in SHELLS):
            return None  # a shell: its foreground job says it all
        if self._native_live:
            return None  # the program reports its own state: no guessing from activity
        e = self._edge
        state = "working" if busy else "idle"
        claim = _Claim(state, None, None, None, "process", detail, now, ends_turn=False,
                       sampled=True)
        self._deferred = None
        # a busy sample after the user's Enter, which the screen does not hold for its
        # answer (the Enter's guard runs as usual): the program works on what it sent
        answer = busy and e is not None and e.signal == "input" and not self._waits(e)
        if e is not None and now - e.at < self.guard and not answer:
            # a fresh report or hook event says more than CPU time does; a busy sample
            # while the Enter waits for the screen's answer counts once its guard runs out
            if busy and e.signal == "input":
                self._deferred = claim
            return None
        if not busy and e is not None and self._waits(e):
            # a quiet sample while the Enter still waits for the screen's answer (the
            # program has not taken the prompt yet: a slow first prompt, a busy machine)
            # says nothing against the Enter; it counts once the Enter goes
            self._deferred = claim
            return None
        if self._proc is not None and self._proc.state == state and not again:
            return None
        self._proc = claim
        if busy and e is not None and e.signal == "input" and self._cur.state in _TURN_STATES:
            # the program works on what the user's Enter sent (kept inside the guard too:
            # the samples hand changes only, so it is not handed again once it runs out)
            self._turn_confirmed = True
        return self._decide(now)

    def background(self, count: int, msg: str | None, detail: str, now: float) -> Decision | None:
        """`count` processes the program started during a turn still run (0: none left);
        `msg` says what ("1 background process: sleep 25"), `detail` how it was told."""
        if self._exited:
            return None
        self._bg_claim("process", msg or f"{count} background processes" if count else None,
                       detail, now)
        return self._publish(now)

    def input_submitted(self, now: float, *, wait: bool = False) -> Decision | None:
        """The user pressed Enter at an idle prompt: working until something contradicts
        it, for at most `guard` seconds unless another signal confirms the turn. With
        `wait`, the caller watches the screen and tells when the program answered the
        Enter (:meth:`input_answered`): until then the guard does not run out (a program
        busy with its first prompt draws nothing for seconds), for at most `enter_wait`."""
        if self._exited or self._cur.state in _TURN_STATES:
            return None
        claim = _Claim("working", None, None, None, "input", "Enter at the prompt", now,
                       expires=now + self.guard)
        self._awaiting = wait
        return self._edge_in(claim, now)

    @property
    def awaiting_answer(self) -> bool:
        """True while the latest Enter waits for the program's answer on screen."""
        e = self._edge
        return self._awaiting and e is not None and e.signal == "input"

    def input_answered(self, now: float, *, took: bool = False,
                       said: bool = False) -> Decision | None:
        """The screen changed since the Enter by more than the echo of what was typed:
        the program answered it. If `took`, the answer took the typed prompt off the
        screen (it was sent): the Enter keeps holding until the screen shows what
        follows, at most `enter_wait` from the Enter. Otherwise its guard runs as usual
        (a change that still reads as the idle prompt: the Enter started nothing), but
        with `said` (the answer brought rows of words the screen did not show at the
        Enter: a line-mode chat's quick answer printed under the line) the turn ran, so
        its prompt back ends it done."""
        if self._exited or not self.awaiting_answer:
            return None
        self._awaiting = took
        if said and not took and self._cur.state in _TURN_STATES:
            self._turn_confirmed = True
        return self._decide(now)

    def exited(self, status: int, signaled: bool | int | None, now: float) -> Decision:
        """The program exited: clear (status 0) or error. Nothing changes after this.

        `signaled`: the killing signal's number, or a flag (see :func:`exit_signal`)."""
        if self._exited:
            return self._cur
        msg = exit_message(status, signaled)
        sig = exit_signal(status, signaled)
        if msg is None:
            d = Decision("clear", None, None, None, "exit", "exit status 0", now)
        else:
            detail = f"signal {sig}" if sig is not None else f"exit status {status}"
            d = Decision("error", None, msg, None, "exit", detail, now)
        self._exited = True
        self._cur = self._pub = d
        self._queue.append(d)
        return d

    # ------------------------------------------------------------------ explain

    def explain(self) -> dict[str, object]:
        """What each signal says now, for `explain --session` and logs (no msg text)."""
        def claim(c: _Claim | None) -> dict[str, object] | None:
            if c is None:
                return None
            return {"state": c.state, "kind": c.kind, "signal": c.signal, "detail": c.detail,
                    "at": c.at, "visible": c.visible}

        return {
            "decision": self._pub.describe(),
            "screen": claim(self._screen),
            "edge": claim(self._edge),
            "process": claim(self._proc),
            "last_event": self.last_event,
            "ignored": [f"{what} @{at:.3f}: {why}" for at, what, why in self.ignored],
            "turn": {"tracked": self._turn_tracked, "confirmed": self._turn_confirmed,
                     "is_turn": self._is_turn, "state": self._cur.state},
            "background": {k: claim(c) for k, c in self._bg.items()},
        }

    # ------------------------------------------------------------------ internals

    def _ignore(self, now: float, what: str, why: str) -> None:
        self.ignored.append((now, what, why))

    def _bg_claim(self, signal: str, msg: str | None, detail: str, now: float) -> None:
        """`signal` says background work runs (`msg`: what), or (None) that none does."""
        if msg is None:
            self._bg.pop(signal, None)
            return
        old = self._bg.get(signal)
        text = _text(msg)
        if old is None or old.msg != text:
            self._bg[signal] = _Claim("working", None, text, None, signal, detail, now)

    def _publish(self, now: float) -> Decision | None:
        """The turn-level decision with background work on top: a turn that is done or
        idle while work it started still runs reads working, with what runs as the
        message (and a turn the screen or the process tree reads as working, with no
        reason of its own, says what the agent or its screen name as background work:
        Copilot's turn "Waiting for background shells"); queued when it changed."""
        cur, pub = self._cur, self._pub
        bg = next((self._bg[s] for s in BACKGROUND if s in self._bg), None)
        want = cur
        if bg is not None and cur.state in ("done", "idle"):
            want = Decision("working", None, bg.msg, None, bg.signal, bg.detail, now)
        elif cur.state == "working" and cur.signal in ("screen", "process"):
            # (not the process tree's: in a turn, its pieces may be the turn's own tools)
            said = next((self._bg[s] for s in ("native", "screen") if s in self._bg), None)
            if said is not None and said.msg and cur.msg != said.msg:
                want = replace(cur, msg=said.msg, at=now)
        if want is not cur:
            if self._overlaid and (pub.state, pub.msg, pub.signal, pub.detail) == (
                    want.state, want.msg, want.signal, want.detail):
                return None
            q = self._queue
            if (want.state == "working" and q and q[-1] is pub and pub.at == now
                    and pub.state in ("done", "idle")):
                # the turn's end, decided this instant, was never work's end: not published
                q.pop()
            self._overlaid = True
        elif self._overlaid:  # the work ended: the turn's own state, from now
            self._overlaid = False
            q = self._queue
            if q and q[-1] is pub and pub.at == now:
                # work read this instant from an older look was gone at the fresh one
                # (the look a turn's end asks for): never published
                q.pop()
            want = replace(cur, at=now) if cur.at < now else cur
        elif cur is pub:
            return None
        self._pub = want
        self._queue.append(want)
        return want

    def _edge_in(self, claim: _Claim, now: float) -> Decision | None:
        e = self._edge
        if e is None or claim.at >= e.at:
            self._edge, self._deferred = claim, None
        else:
            self._ignore(now, claim.detail, "older than the newest edge")
        return self._decide(now)

    def _screen_contradicts(self, claim: _Claim) -> bool:
        """A blocked edge while the screen shows a different visible state newer than it."""
        s = self._screen
        if s is not None and s.visible and s.state != "blocked" and s.at > claim.at:
            self._ignore(claim.at, claim.detail, f"the screen shows {s.state} ({s.detail})")
            return True
        return False

    def _late_notification(self, now: float) -> str | None:
        """Why a late dialog announcement is stale, or None if it is news."""
        if self._cur.state == "blocked":
            return "already blocked (echo)"
        if self._dialog_at is not None and self._dialog_at >= now - self.notify_lag:
            return "its dialog was seen and has closed"
        cutoff = now - self.notify_min_lag
        asked = max((t for t in self._asks if t <= cutoff), default=None)
        if asked is None:
            asked = now - self.notify_lag
        if self._answered_at is not None and self._answered_at > asked:
            return "a dialog was answered since"
        return None

    def _spend_enter(self) -> None:
        """The screen confirmed the turn the user's Enter suggested (it shows the work or
        a dialog, drawn after the Enter): the Enter has nothing left to say, so it no
        longer holds against the screen (whose own idle hold guards the turn's end)."""
        e = self._edge
        if e is not None and e.signal == "input" and self._newer_than(self._screen, e):
            self._edge = None
            if self._deferred is not None:
                # an activity sample held for the Enter: the latest of the process, now
                # that the Enter is spent (as when it runs out: _resolve)
                self._proc, self._deferred = self._deferred, None

    def _waits(self, e: _Claim) -> bool:
        """Does Enter claim `e` hold past its guard (no answer on screen yet)?"""
        return self._awaiting and e.signal == "input" and e is self._edge

    def _newer_than(self, c: _Claim | None, e: _Claim) -> bool:
        if c is None:
            return False
        if c.signal != "screen":
            return c.at > e.at
        if c.shown_from is not None and c.shown_from >= e.at:
            # first drawn after the edge, or by the output that carried it (an agent
            # reports its new state, then draws it)
            return True
        return c.at - self.screen_lag > e.at  # it may show output from before it was published

    def _resolve(self, now: float) -> _Claim:
        s = self._screen
        if s is not None and s.state == "blocked":
            return s  # 1. a blocked dialog on screen wins
        e = self._edge
        if (e is not None and e.expires is not None and now >= e.expires
                and not (self._waits(e) and now < e.at + self.enter_wait)):
            self._ignore(now, e.detail, "not confirmed in time")
            self._edge = e = None
            if self._deferred is not None:
                # the program worked on what the Enter sent (or went quiet), as sampled
                # while it held
                self._proc, self._deferred = self._deferred, None
                if self._proc.state == "working" and self._cur.state in _TURN_STATES:
                    self._turn_confirmed = True
        p = self._proc
        lower = p if p is not None else s  # 3. the process before 4. the screen
        if p is not None and p.sampled and s is not None and (
                s.at > p.at or (p.state == "idle" and s.state == "idle")):
            # an activity sample is a guess read every half second: what the screen read
            # since outranks it (the spinner drawn after the Enter, the composer back);
            # a quiet sample over the screen's idle reading ends a turn as that reading
            # does (its prompt drawn again reads the same, so it is not read anew)
            lower = s
        if e is None:
            if lower is not None:
                return lower
            return self._blank if self._blank is not None else self._start
        newer_p = self._newer_than(p, e)
        newer_s = self._newer_than(s, e)
        if not (newer_p or newer_s):
            return e
        if newer_p or now >= e.at + self.guard or (
                newer_s and s is not None and s.visible and not self._waits(e)):
            assert lower is not None
            return lower
        # 2. within its guard, the edge holds; and while the Enter waits for the program's
        # answer, what the screen reads anew is the echo of the typing catching up (a busy
        # machine draws the typed prompt after the Enter): not the program's answer
        return e

    def _decide(self, now: float) -> Decision | None:
        self._decide_turn(now)
        return self._publish(now)

    def _decide_turn(self, now: float) -> None:
        """The turn-level decision (:attr:`_cur`) from the signals' claims."""
        self._now = max(self._now, now)
        raw = self._resolve(now)
        cur = self._cur
        st = raw.state
        new: Decision
        if st == "working":
            if self.setup and raw.signal == "screen" and raw.visible:
                self.setup = False  # a turn runs that no Enter of the user's started
            if cur.state not in _TURN_STATES:
                self._pre_turn = cur
                self._turn_confirmed = raw.signal != "input"
                self._turn_tracked = raw.signal in ("native", "hook")
                self._is_turn = True
            else:
                if raw.signal in ("native", "hook"):
                    self._turn_tracked = True
                if not self._is_turn and raw is not self._blank:
                    # work after a dialog outside any turn: a turn begins (the bare guess
                    # that a closed dialog's program carries on is no sign of one)
                    self._is_turn = True
            new = self._from(raw, now)
        elif st == "idle":
            if cur.state == "working" and not self._turn_confirmed:
                p = self._pre_turn
                new = Decision(p.state, p.kind, p.msg, p.progress, raw.signal,
                               f"{raw.detail}; the turn never started", now)
            elif cur.state == "working":
                done = self._completes(raw)
                new = self._from(raw, now, state="done" if done else "idle")
                self._unproven_end = self._is_turn and not done and not raw.interrupt
            elif (cur.state == "idle" and self._unproven_end and raw.at > cur.at
                  and self._marker(raw)):
                new = self._from(raw, now, state="done")  # the turn-end marker came late
            elif (cur.state == "done" and cur.signal == "screen" and raw.signal == "screen"
                  and raw.interrupt and raw.at > cur.at and now - cur.at <= LATE_INTERRUPT):
                new = self._from(raw, now)  # the interrupt's sign came a frame after the prompt
            elif cur.state in ("done", "error") and raw.signal not in ("native", "hook"):
                return  # done and error stay until the next turn
            elif cur.state == "blocked" and self._answer_completes(raw):
                new = self._from(raw, now, state="done")
            else:
                # blocked -> idle: refused, or a dialog outside any turn answered: not done
                new = self._from(raw, now)
        else:  # blocked, done, error
            if st == "blocked" and cur.state not in _TURN_STATES:
                # A dialog while no turn runs (a start-up question, an exit confirmation)
                # is not a turn; a blocked hook edge is (a tool of a turn asks).
                self._is_turn = raw.signal == "hook"
            elif st == "blocked" and cur.state == "working":
                self._turn_confirmed = True  # the program answered the Enter with a dialog
                self._spend_enter()
            new = self._from(raw, now)
        if cur.state == "blocked" and new.state != "blocked":
            self._answered_at = now
        if new.state != "idle":
            self._unproven_end = False
        self._set(new)

    def _marks_turns(self) -> bool:
        if self.turn_marker is not None:
            return self.turn_marker
        return self._reading is not None and self._reading.turn_marker

    def _marks_interrupts(self) -> bool:
        if self.interrupt_marker is not None:
            return self.interrupt_marker
        return self._reading is not None and self._reading.interrupt_marker

    def _marker(self, c: _Claim) -> bool:
        """`c` is the screen's visible sign that a turn completed."""
        return (c.signal == "screen" and c.visible and not c.interrupt
                and self._marks_turns())

    def _completes(self, c: _Claim) -> bool:
        """Does idle claim `c`, ending a running turn, mean the turn completed (done)?"""
        if c.interrupt or not c.ends_turn or not self._is_turn or self.setup:
            return False
        if c.signal == "screen" and self._marks_turns():
            return c.visible  # no marker: the turn was cut short (Esc)
        if c.signal in ("screen", "process"):
            return not self._turn_tracked  # hooks or native reports would have ended the turn
        return False

    def _answer_completes(self, c: _Claim) -> bool:
        """Does idle claim `c`, right after a dialog, mean the turn completed (done) rather
        than that the dialog was refused or cancelled, or was no turn's (idle)?"""
        if not self._is_turn:
            return False  # a dialog outside any turn: nothing ran, nothing finished
        if self._marker(c):
            return True  # approved, and the turn completed before a working frame was drawn
        # An agent that shows its interrupts and no turn-end marker (Aider): its prompt
        # back after the answer, without the interrupt's sign, ends the turn as finished.
        return (c.signal == "screen" and self._marks_interrupts() and not self._marks_turns()
                and self._completes(c))

    def _from(self, c: _Claim, now: float, state: str | None = None) -> Decision:
        st = state or c.state
        return Decision(st, c.kind if st == "blocked" else None, c.msg,
                        c.progress if st in _TURN_STATES else None, c.signal, c.detail, now)

    def _set(self, new: Decision) -> None:
        cur = self._cur
        if (new.state, new.kind) == (cur.state, cur.kind):
            if (new.msg, new.progress) == (cur.msg, cur.progress):
                return
            if new.signal != cur.signal and not self._refines(new, cur):
                return  # another signal agrees: the first one keeps the record
        self._cur = new

    def _refines(self, new: Decision, cur: Decision) -> bool:
        """May `new`, from another signal, replace the message/progress of `cur`?

        Only an edge with something to say: never the screen or the process (a spinner's
        text is not news), never a hook when the agent reports natively (its own words
        win, so one dialog is not reported twice in different words) -- except that
        any signal may fill in the message of a dialog or error reported without one
        (Codex 0.169 reports its own ``blocked`` with no message; the screen shows the
        command)."""
        if cur.msg is None and new.msg is not None and new.state in ("blocked", "error"):
            return True
        if new.signal == "native":
            return new.msg is not None or new.progress != cur.progress
        if new.signal == "hook" and not self._native_live:
            return new.msg is not None
        return False

