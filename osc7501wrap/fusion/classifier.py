"""Timing around the rules engine: when to look at the screen, and when to believe it.

The session tells the classifier that the screen changed (:meth:`Classifier.screen_changed`),
asks when it wants to run next (:meth:`Classifier.next_deadline`), and calls :meth:`Classifier.step`
then. A step evaluates the manifest on a fresh snapshot only when an evaluation is due,
and returns a :class:`ScreenReading` only when the *published* screen state changes.

When to evaluate (settle, max_wait, confirm) and what gets published (the lingers:
idle_linger, gone_linger; blocked never lingers) is the contract in docs/fusion.md, "Screen
timing"; an idle rule with ``prompt = true`` (the agent's idle prompt) is not held. All
times are injected: this module never reads a clock.

Each reading also says since when the screen shows its state (`shown_from`: the first
screen change after the last evaluation that read anything else), so fusion can tell a
state drawn after an event from output older than it.

What it does not do: match rules (:mod:`osc7501wrap.rules`), combine the screen with
hooks, native reports or the process table (:mod:`osc7501wrap.fusion.fusion`), or write
anything. It does no I/O at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import rules

#: Message changes are news only in these states (a spinner's text is not).
_MSG_STATES = ("blocked", "error")


def _dialog_id(x: Any) -> str | None:
    d = getattr(x, "dialog", None)
    return getattr(d, "id", None)


def _news_dialog(verdict: rules.Verdict, pub: ScreenReading) -> bool:
    """Another dialog (its id: other question or options) in the same blocked state."""
    return verdict.state == "blocked" and _dialog_id(verdict) != _dialog_id(pub)




@dataclass(frozen=True, slots=True)
class ScreenReading:
    """One published screen state.

    `since` is the time it was published (the step that decided it). `rule_id` and
    `manifest_version` trace it to the rule that matched; `visible` says the rule is
    visible evidence rather than the absence of something. `turn_marker` says the
    manifest shows completed turns visibly (see :func:`marks_turns`), so an idle reading
    without `visible` that ends a turn means the turn was cut short, not completed.
    `interrupt_marker` says the manifest shows interrupted turns visibly (see
    :func:`marks_interrupts`), so an idle reading without that sign was not an
    interrupt; `interrupt` says this reading is that sign (an ``interrupt = true`` rule). `shown_from` is the earliest time the screen can have shown this state:
    the first screen change after the last evaluation that read something else (None
    when not known); a state first drawn after an event is newer than that event.
    """

    state: str | None  # None: the published dialog is gone and no rule matches
    kind: str | None
    msg: str | None
    rule_id: str | None
    manifest_version: str | None
    visible: bool
    since: float
    turn_marker: bool = False
    interrupt_marker: bool = False
    shown_from: float | None = None
    dialog: Any = field(default=None, repr=False)  # blocked: its rules.dialog.Dialog
    interrupt: bool = False
    background: str | None = None  # a background rule read work left running: what

    @property
    def detail(self) -> str:
        """`rule_id@manifest_version`, as logs and `Decision.detail` show it."""
        rid = self.rule_id or ("no rule matched" if self.state is None else "?")
        return f"{rid}@{self.manifest_version}" if self.manifest_version else rid


def marks_turns(manifest: Any) -> bool:
    """True if `manifest` has a visible idle rule that is not about an interrupt: the
    agent prints a marker when a turn completes (Claude Code's "✻ Worked for 12s")."""
    return any(getattr(r, "state", None) == "idle" and getattr(r, "visible", False)
               and not getattr(r, "interrupt", False)
               for r in getattr(manifest, "rules", ()))


def prompt_rules(manifest: Any) -> frozenset[str]:
    """The ids of `manifest`'s idle rules that read the agent's idle prompt
    (``prompt = true``): the screen itself says idle, so no linger."""
    return frozenset(str(getattr(r, "id", "")) for r in getattr(manifest, "rules", ())
                     if getattr(r, "state", None) == "idle" and getattr(r, "prompt", False))


def interrupt_rules(manifest: Any) -> frozenset[str]:
    """The ids of `manifest`'s idle rules that read an interrupted turn
    (``interrupt = true``)."""
    return frozenset(str(getattr(r, "id", "")) for r in getattr(manifest, "rules", ())
                     if getattr(r, "state", None) == "idle" and getattr(r, "interrupt", False))


def marks_interrupts(manifest: Any) -> bool:
    """True if `manifest` has an idle rule about an interrupt (``interrupt = true``):
    the agent shows when a turn was cut short (Aider's "^C again to exit")."""
    return bool(interrupt_rules(manifest))


class Classifier:
    """Decides when to evaluate the screen and which verdicts to publish.

    `manifest` is a :class:`osc7501wrap.rules.Manifest` (anything `rules.evaluate`
    accepts). See the module docstring for the timing rules.
    """

    def __init__(self, manifest: Any, *, settle: float = 0.04, idle_linger: float = 0.7,
                 max_wait: float = 0.08, gone_linger: float = 0.25) -> None:
        self.manifest = manifest
        self._rules = rules.Evaluator(manifest)  # matches only what changed
        self.turn_marker = marks_turns(manifest)
        self.interrupt_marker = marks_interrupts(manifest)
        self._prompts = prompt_rules(manifest)
        self._interrupts = interrupt_rules(manifest)
        self.settle = max(0.0, settle)
        self.idle_linger = max(0.0, idle_linger)
        self.gone_linger = max(0.0, gone_linger)
        self.max_wait = max(self.settle, max_wait) if max_wait > 0 else self.settle
        self._dirty = False
        self._first_change = 0.0  # first change not yet evaluated
        self._last_change = 0.0
        self._published: ScreenReading | None = None
        self._lingering: rules.Verdict | None = None  # idle verdict waiting out its linger
        self._linger_until = 0.0
        # the last evaluation that read a state read it on the alternate screen (that of
        # a published dialog: a dialog is published only by such an evaluation)
        self._read_on_alt = False
        # (state, kind) of the latest reading of the screen, and the first screen change
        # after the reading before the one that first read it (the state cannot have
        # been shown before that)
        self._seen: tuple[str | None, str | None] | None = None
        self._seen_from: float | None = None
        self._read = True  # the screen was read since its last change
        # no rule read the screen since the last publication (a line-mode chat's prompt
        # read again after that is drawn anew: news, see _prompt_back)
        self._unread_since_pub = False
        self._unread_from = 0.0  # the first change since the screen was last read
        #: the latest verdict (also a no-match), when it was taken, and how many so far
        self.last_verdict: rules.Verdict | None = None
        self.last_eval_at: float | None = None
        self.evaluations = 0

    # ------------------------------------------------------------------ inputs

    def screen_changed(self, now: float, since: float | None = None) -> None:
        """The screen model's version changed at `now`, by output that began to arrive at
        `since` (default `now`): max_wait counts from there, settle and `shown_from`
        from `now`."""
        if not self._dirty:
            self._dirty = True
            self._first_change = now if since is None else min(since, now)
        if self._read:
            self._read = False
            self._unread_from = now
        self._last_change = now

    # ------------------------------------------------------------------ timing

    def _eval_at(self) -> float:
        return min(self._last_change + self.settle, self._first_change + self.max_wait)

    def due(self, now: float) -> bool:
        """An evaluation is due at `now` (:meth:`step` would read the screen)."""
        return self._dirty and now >= self._eval_at()

    def next_deadline(self, now: float) -> float | None:
        """The next time :meth:`step` has something to do, or None (nothing pending)."""
        times: list[float] = []
        if self._dirty:
            times.append(self._eval_at())
        if self._lingering is not None:
            times.append(self._linger_until)
        return min(times) if times else None

    # ------------------------------------------------------------------ stepping

    @property
    def published(self) -> ScreenReading | None:
        """The published screen state (None until a rule first matched)."""
        return self._published

    @property
    def lingering(self) -> bool:
        """True while a working -> idle change waits out its linger."""
        return self._lingering is not None

    def step(self, now: float, snapshot_fn: Callable[[], rules.Snapshot]) -> ScreenReading | None:
        """Do what is due at `now`; return a new reading if the published state changed.

        `snapshot_fn` is called (at most once) only when an evaluation is due.
        """
        out: ScreenReading | None = None
        linger_due = self._lingering is not None and now >= self._linger_until
        if self._dirty and (now >= self._eval_at() or linger_due):
            out = self._evaluate(now, snapshot_fn) or out
        if self._lingering is not None and now >= self._linger_until:
            verdict, self._lingering = self._lingering, None
            out = self._publish(verdict, now)
        return out

    def confirm(self, now: float, snapshot_fn: Callable[[], rules.Snapshot]) -> bool:
        """Evaluate a change at once, before it settles. True if the screen reads as what
        is published (a spinner frame under ``working``: nothing to publish, no linger to
        start): the change is then done with and nothing is due for it. Else it stays
        pending, and its settled evaluation decides as usual (a changed state is never
        published from a screen that may still be half drawn)."""
        if not self._dirty:
            return self._lingering is None
        pub = self._published
        if self._lingering is not None:
            return False
        # a message is news only in _MSG_STATES: no need to extract it otherwise
        verdict = self._rules.evaluate(snapshot_fn(), _MSG_STATES)
        self._note_read(verdict)
        if verdict.state is None:  # no match keeps what is published, but a dialog's
            self._unread_since_pub = True
            if pub is not None and pub.state == "blocked":  # end needs the settled look
                return False
        elif (pub is None or verdict.state != pub.state or verdict.kind != pub.kind
                or (verdict.state in _MSG_STATES and verdict.msg != pub.msg)
                or (verdict.visible and not pub.visible) or self._news_interrupt(verdict, pub)
                or _news_dialog(verdict, pub) or verdict.background != pub.background
                or self._prompt_back(verdict)):
            return False
        self._dirty = False
        self.last_verdict = verdict
        self.last_eval_at = now
        self.evaluations += 1
        return True

    def _evaluate(self, now: float, snapshot_fn: Callable[[], rules.Snapshot]) -> ScreenReading | None:
        self._dirty = False
        snapshot = snapshot_fn()
        verdict = self._rules.evaluate(snapshot)
        self.last_verdict = verdict
        self.last_eval_at = now
        self.evaluations += 1
        self._note_read(verdict)
        state = verdict.state
        pub = self._published
        if state is None:  # no match: keep what is published, and any pending linger ...
            self._unread_since_pub = True
            if pub is not None and pub.state == "blocked":
                if snapshot.alt_screen != self._read_on_alt:
                    # ... except a dialog whose screen was left (the program closed or
                    # handed over its full screen): gone at once, its going has a cause
                    self._lingering = None
                    return self._publish(verdict, now)
                if self._lingering is None:  # ... or one gone: gone if this lasts
                    self._lingering = verdict
                    self._linger_until = now + self.gone_linger
            return None
        self._read_on_alt = snapshot.alt_screen
        if pub is not None and state == pub.state:
            self._lingering = None
            if (verdict.kind != pub.kind or (state in _MSG_STATES and verdict.msg != pub.msg)
                    or (verdict.visible and not pub.visible)
                    or self._news_interrupt(verdict, pub)
                    or _news_dialog(verdict, pub) or verdict.background != pub.background
                    or self._prompt_back(verdict)):
                return self._publish(verdict, now)
            return None
        if (state == "idle" and pub is not None and pub.state == "working"
                and not verdict.visible and verdict.rule_id not in self._prompts
                and self.idle_linger > 0):
            if self._lingering is None:
                self._linger_until = now + self.idle_linger
            self._lingering = verdict  # the latest idle verdict is the one published
            return None
        self._lingering = None
        return self._publish(verdict, now)

    def _prompt_back(self, verdict: rules.Verdict) -> bool:
        """A line-mode chat's prompt (an ``agent_screen`` idle rule on the cursor's line)
        read again after no rule read the screen: the program left its prompt (a line sent,
        what it printed since read as nothing) and drew it anew, which ends a turn the
        activity samples saw running past it; news for fusion, not the prompt read before."""
        return (verdict.state == "idle" and verdict.at_cursor and verdict.agent_screen
                and self._unread_since_pub)

    def _news_interrupt(self, verdict: rules.Verdict, pub: ScreenReading) -> bool:
        """An interrupt's sign drawn after the prompt already read as idle (Copilot draws
        its footer a frame before "Operation cancelled by user"): news for fusion."""
        return (verdict.state == "idle" and verdict.rule_id in self._interrupts
                and not pub.interrupt)

    def _note_read(self, verdict: rules.Verdict) -> None:
        """The screen was read (an evaluation, or a confirm that publishes nothing)."""
        seen = (verdict.state, verdict.kind)
        if seen != self._seen:
            self._seen, self._seen_from = seen, self._unread_from
        self._read = True

    def _publish(self, verdict: rules.Verdict, now: float) -> ScreenReading:
        shown_from = self._seen_from if (verdict.state, verdict.kind) == self._seen else None
        reading = ScreenReading(
            state=verdict.state, kind=verdict.kind, msg=verdict.msg, rule_id=verdict.rule_id,
            manifest_version=verdict.manifest_version, visible=verdict.visible, since=now,
            turn_marker=self.turn_marker, interrupt_marker=self.interrupt_marker,
            shown_from=shown_from, dialog=verdict.dialog,
            interrupt=verdict.state == "idle" and verdict.rule_id in self._interrupts,
            background=verdict.background)
        self._published = reading
        self._unread_since_pub = False
        return reading

    # ------------------------------------------------------------------ explain

    def explain(self) -> dict[str, object]:
        """What the classifier knows, for `explain --session` and logs (no screen text)."""
        v = self.last_verdict
        pub = self._published
        return {
            "published": None if pub is None else {
                "state": pub.state, "kind": pub.kind, "rule": pub.detail,
                "visible": pub.visible, "since": pub.since},
            "last_verdict": None if v is None else {
                "state": v.state, "kind": v.kind, "rule": v.rule_id,
                "manifest": f"{v.manifest} {v.manifest_version}", "visible": v.visible},
            "matched": v is not None and v.state is not None,
            "last_eval_at": self.last_eval_at,
            "evaluations": self.evaluations,
            # of them, frames that changed one line reading as before (rules.Evaluator)
            "kept_unmatched": self._rules.skips,
            "holding_idle_until": self._linger_until if self._lingering is not None else None,
            "pending_change": self._dirty,
        }
