"""Sampling the wrapped program's processes, as pipeline inputs.

:class:`Sampler` reads, on the session's ticks, the terminal's foreground process group
(a ``Foreground`` event of the core), for a program without agent rules whether it works
(CPU time, child processes, output the user did not just type; ``Activity``), and the
program's descendant processes (``Processes``): each handed to :meth:`Pipeline.handle`.

When: a foreground change or new work follows something happening (output, input, the
child's start), so samples follow activity rather than the clock: every FG_PERIOD
(ACTIVITY_PERIOD) while it goes on, then backing off for WATCH seconds; a program read
as busy is sampled every ACTIVITY_PERIOD until it reads idle; then nothing until the next
activity. Each sample rides on a tick that runs anyway (:meth:`next_deadline` asks for
its own wake-up only SAMPLE_SLACK later). While the pipeline holds a spinner's frames
unfed (`hold_until`), the samples wait for the hold's end. A busy program without rules
that wrote output since the last sample stays busy without reading /proc. Not seen: a
program that starts work, or hands the terminal over, after WATCH seconds of silence.

Whether the program works is decided by fusion/activity.py's
:class:`~..fusion.activity.ActivityDecision` (the one a capture's replay runs too), fed
CPU and children from /proc here when it asks for them: a TUI agent the generic
manifest's fallback rules read, or any program on the alternate screen no rule reads,
is sampled from its screen (working while it says so or output brings words the screen
never showed, idle at the first sample after its composer stands still, /proc not read
for it).

The descendant processes are read with each foreground sample outside a turn (in a turn,
once at its end: :meth:`tree_now`): what a turn left running is background work, what
was there before is a helper. Each piece's end wakes the loop by itself (a pidfd,
:attr:`watches`); without one, the tree is sampled every ACTIVITY_PERIOD until the work
ends. Without /proc, the foreground comes from the pty, activity from the output, and
there is no background work signal.

Not in scope: what a sample means (fusion decides: a sample says what it saw when taken,
so the user's Enter and what the screen reads after it outrank it), or the clock (the
caller's `now`).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..fusion.activity import (  # the samples' schedule, shared with the replay's
    ACTIVITY_PERIOD,
    FG_PERIOD,
    SAMPLE_SLACK,
    WATCH,
    ActivityDecision,
)
from ..fusion.background import Proc
from ..fusion.events import Activity, Foreground, Processes
from ..fusion.pipeline import Pipeline
from ..proxy.procinfo import (
    child_pids,
    command_line,
    cpu_time,
    descendants,
    exit_watch,
    foreground_pgrp,
    process_name,
)

NEVER = float("inf")


class Sampler:
    """The samples of one child (`pid`, on the pty `master_fd`)."""

    def __init__(self, pid: int, master_fd: int, *, activity: bool) -> None:
        self.pid = pid
        self.master_fd = master_fd
        self.activity = activity  # sample CPU and children too (the generic manifest)
        self.foreground = pid  # the foreground process group last seen
        self.woke: float | None = None  # the last activity seen (None: not sampled yet)
        self.seen = (-1, -1.0)  # the pipeline's output bytes and last input then
        # before this, a round of output takes no sample and leaves next_deadline as it
        # is: what sample() does for it is `seen` and `woke` (the session sets them)
        self.sample_not_before = -NEVER
        self._fg_next = 0.0
        self.decision = ActivityDecision()  # whether the program works (`activity`)
        self._hold = -NEVER  # the pipeline's hold when last sampled (sample's hold_until)
        self._core_due = NEVER  # the core asked for the time then, for what a sample changed
        # the descendants (background work): the last snapshot, command lines read once
        self.tree_stale = False  # a watched piece ended: look again at the next sample
        self.tree_ok = True  # False once the tree cannot be read here (no /proc)
        self._procs: dict[int, Proc] = {}
        self._cmds: dict[int, str] = {}
        self.watches: dict[int, int] = {}  # pid of a piece -> its pidfd (the session's)
        self._unwatched = False  # a piece runs without a pidfd: sample it on the clock
        self.recorder: Callable[[list[tuple[int, int, str, str]]], None] | None = None
        # the session's capture, if it writes one: each foreground or activity change
        self.noted: Callable[[Foreground | Activity], None] | None = None
        # the session's: have the loop watch a pidfd, and stop watching it (before it closes)
        self.watch: Callable[[int], None] | None = None
        self.unwatch: Callable[[int], None] | None = None

    @property
    def agent_in_front(self) -> bool:
        return self.foreground == self.pid

    def next_deadline(self, now: float) -> float:
        """When a sample wants a wake-up of its own (see the module docstring); inf:
        none until the next activity."""
        woke = self.woke
        if woke is None:
            return self._fg_next + SAMPLE_SLACK
        due = self._fg_next + SAMPLE_SLACK if self._fg_next <= woke + WATCH else NEVER
        if self.activity:
            due = min(due, self.decision.deadline(woke) + SAMPLE_SLACK)
        if self._unwatched:
            due = min(due, self._fg_next + SAMPLE_SLACK)
        hold = self._hold + SAMPLE_SLACK
        return hold if due < hold else due

    def sample(self, p: Pipeline, now: float, hold_until: float = -NEVER) -> float:
        """Take the samples that are due at `now` and hand what changed to `p`; returns
        :meth:`next_deadline` after them, or sooner if the core asked for the time for
        what they changed (one call per round of output). `hold_until`:
        frames that come before then wait unfed (``Effects.hold_end``): they take no
        sample (:attr:`sample_not_before`), and no wake-up is asked for before it."""
        self._hold = hold_until
        self._core_due = NEVER
        seen = (p.output_bytes, p.last_input)
        if seen != self.seen or self.woke is None:
            self.seen, self.woke = seen, now
        if now >= self._fg_next or self.tree_stale:
            sampled = now >= self._fg_next
            if sampled:
                self._sample_foreground(p, now)
            # in a turn the tree waits for the turn's end (the pipeline looks then): what
            # a turn starts and ends meanwhile is nobody's background work
            if self.tree_stale or self._unwatched or (sampled and not p.in_turn):
                self.sample_tree(p, now)
        if self.activity and now >= self.decision.next:
            self._sample_activity(p, now)
        # next_deadline's tests of `woke` hold from here on (it only grows): the deadline
        # stays as it is until the next sample is due
        woke = self.woke
        act = self.decision
        if woke is not None and self._fg_next <= woke + WATCH and (
                not self.activity or act.deadline(woke) != NEVER):
            quiet = min(self._fg_next, act.next) if self.activity else self._fg_next
            self.sample_not_before = hold_until if quiet < hold_until else quiet
        else:
            self.sample_not_before = -NEVER
        due = self.next_deadline(now)
        return self._core_due if self._core_due < due else due

    def _tell(self, p: Pipeline, event: Foreground | Activity, now: float) -> None:
        """Hand `event` to the core (and to the capture, if one is written)."""
        if self.noted is not None:
            self.noted(event)
        self._asked(p.handle(event, now).due)

    def _asked(self, due: float | None) -> None:
        """The core asked for the time by `due` for what a sample changed."""
        if due is not None and due < self._core_due:
            self._core_due = due

    def _after(self, now: float, period: float) -> float:
        """The next sample after one at `now`: `period` on, or as long as it has been
        since the last activity (the backoff)."""
        woke = now if self.woke is None else self.woke
        return now + max(period, now - woke)

    def tree_now(self) -> dict[int, Proc] | None:
        """The program's descendants now (None: not readable here)."""
        if not self.tree_ok:
            return None
        tree = descendants(self.pid)
        if tree is None:
            self.tree_ok = _has_proc()  # no /proc: no such signal here
            return None
        procs: dict[int, Proc] = {}
        for pid, (ppid, name) in tree.items():
            old = self._procs.get(pid)
            if old is not None and old.ppid == ppid and old.name == name:
                procs[pid] = old
                continue
            cmd = command_line(pid) or name
            procs[pid] = Proc(pid, ppid, name, cmd)
        if procs != self._procs:
            self._procs = procs
            if self.recorder is not None:
                self.recorder([(x.pid, x.ppid, x.name, x.cmd) for x in procs.values()])
        return procs

    def sample_tree(self, p: Pipeline, now: float) -> None:
        """Hand the descendants to `p`, and watch each piece of background work for its
        end (:attr:`watches`)."""
        self.tree_stale = False
        procs = self.tree_now()
        if procs is None:
            return
        self._asked(p.handle(Processes(procs), now).due)
        self.sync_watches(p, now)

    def sync_watches(self, p: Pipeline, now: float) -> None:
        """A pidfd for each piece of background work `p` knows, none for the others."""
        pieces = {x.pid for x in p.tree.pieces}
        for pid in [w for w in self.watches if w not in pieces]:
            fd = self.watches.pop(pid)
            if self.unwatch is not None:
                self.unwatch(fd)
            _close(fd)
        unwatched = False
        for pid in pieces - self.watches.keys():
            fd = exit_watch(pid) if self.watch is not None else None
            if fd is None:
                unwatched = True
            else:
                self.watches[pid] = fd
                self.watch(fd)
        self._unwatched = unwatched
        if unwatched:
            self._fg_next = min(self._fg_next, now + ACTIVITY_PERIOD)

    def close(self) -> None:
        for fd in self.watches.values():
            if self.unwatch is not None:
                self.unwatch(fd)
            _close(fd)
        self.watches.clear()

    def _sample_foreground(self, p: Pipeline, now: float) -> None:
        if now < self._fg_next:
            return
        self._fg_next = self._after(now, FG_PERIOD)
        pg = foreground_pgrp(self.master_fd)
        if pg is None or pg == self.foreground:
            return
        self.foreground = pg
        self._tell(p, Foreground(pg, process_name(pg) or "", pg == self.pid), now)

    def _sample_activity(self, p: Pipeline, now: float) -> None:
        """The activity decision's sample (fusion/activity.py), fed the program's CPU and
        children from /proc when it needs them."""
        event = self.decision.sample(p, now, self.woke, self._proc_reading)
        if event is not None:
            self._tell(p, event, now)

    def _proc_reading(self) -> tuple[float | None, int]:
        return cpu_time(self.pid), len(child_pids(self.pid) or ())


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _has_proc() -> bool:
    return os.path.isdir("/proc/self")
