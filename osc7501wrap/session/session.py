"""`wrap CMD`: wires the detection pipeline and the sinks to the proxy loop.

    wrap (start/cli.py) ─ start.prepare (config, terminal handshake, hook arguments, env)
      └─ Proxy(argv, handler=Session)        the loop (proxy/proxy.py)
            every input goes to the core as an event: Pipeline.handle(event, now) ─▶ Effects
            Session.output  ─▶ Output (scanner: the child's own 7501) ─▶ passthrough
              (a frame that waits: taken by the core's Wait, Effects.wait, with no event)
            Session.after_activity ─▶ Retitled, Written (a spinner frame read at once)
              (a frame the core says is settled, while nothing of the session's is due,
               settles in Session.output: ProxyHandler.round_free, no other call for its round)
            Session.on_timer ─▶ Tick (screen, rules, fusion) ─▶ decisions
              (one loop timer, `call_at`, for the earliest `next_deadline(now)` of the parts)
                 ─▶ the sinks (report.sinks.Sinks: one object for the emitter,
                    registry entry, tmux, channels, title, herdr, ledger), only when
                    something changed; the log
              (a second loop timer for the sinks' own `next_deadline`: `poll`)
            Session.injection ─▶ Sinks.due_bytes (only at safe points of the stream)
            control socket  ─▶ hook events, `send`, `explain --session`

This module is the loop adaptor: what the proxy calls, the early output and keystrokes
kept until the boot, and the loop's timers. What is built at the boot, and the sinks fed
after it, is session.boot; the control socket's requests (hooks, `send`, `answer`,
`explain --session`) are session.control; the names a session shows are session.naming.
Deciding lives in the pipeline (:mod:`pipeline`), and what the sinks are and write in
report/ (one composite: :mod:`report.sinks`). A failure in any side channel (registry,
socket, log) degrades that channel only; the passthrough never depends on it.

Start-up time: this module is imported before the child starts, so its module-level
imports stay cheap; session.boot (the pipeline and what it needs, and session.control) is
imported once at the boot or at the first request, session.outbound (the registry entry,
the redactor) at the first text that leaves the pane. The registry entry (`ls`) is
written when the pipeline boots (BOOT_DELAY after the start, or once the first output
or typing settles), except with an agent's integration (hooks), whose events may come at once: a program that
exits at once is never listed.
"""

from __future__ import annotations

import os
import time

from ..agents import reducer
from ..fusion.wait import SETTLED, Wait
from ..protocol.probe import ReplyFilter
from ..proxy.proctitle import name_after
from ..proxy.proxy import Proxy, ProxyHandler, Timer
from .channel import ControlServer
from .kept import Kept
from .log import SessionLog

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType
    from typing import Any

    from ..capture import CaptureWriter
    from ..fusion.fusion import Decision
    from ..fusion.pipeline import Pipeline
    from ..protocol import Report
    from ..protocol.probe import ReplyFilter
    from ..protocol.redact import Redactor
    from ..report.sinks import Sinks
    from ..rules import Manifest
    from ..rules.dialog import Dialog
    from .listing import Listing
    from .registry import SessionFile
    from .sampling import Sampler
    from .spec import RunSpec

BOOT_DELAY = 0.05  # build the pipeline this long after the start if nothing was output
BOOT_WAIT_MAX = 0.5  # after output or typing, once it settles, or this long after the first byte
EARLY_KEEP = 1 << 20  # output kept for the screen model until the boot (its tail)
EARLY_INPUT_KEEP = 4096  # bytes typed before the boot kept for the pipeline (the last)
NEVER = float("inf")


class Session(ProxyHandler):
    """The proxy handler of one wrapped program. See the module docstring."""

    def __init__(self, spec: RunSpec, *, log_path: str | None = None,
                 capture: CaptureWriter | None = None) -> None:
        self.spec = spec  # what the run was started with (frozen)
        self.config = spec.config  # the agent's, once the boot knows the manifest
        self.manifest: Manifest | None = spec.manifest  # loaded at the boot (session.boot)
        self._notes: list[str] = []  # for the log, written at the boot
        self.proxy: Proxy | None = None
        self.pipeline: Pipeline | None = None
        self.capture = capture
        self.filter: ReplyFilter | None = None
        self.server: Any = None
        # Where the state shows: one object (report.sinks), made at the boot (or for
        # the registry entry at the exit); None before.
        self.sinks: Sinks | None = None
        self.registry: SessionFile | None = None
        self._listing: Listing | None = None  # the registry entry as an output
        self._reads_stream = False  # an output reads the child's stream (the title marker)
        self._emit = spec.emit  # reports are OSC 7501 (a late answer to the probe: too)
        self._sinks_at = NEVER  # the sinks' earliest next_deadline
        self._answers: list[Any] = []  # `answer` jobs under way (session.answer.AnswerJob)
        self._sinks_timer: Timer | None = None  # poll() of the sinks then
        self._log = SessionLog(log_path)  # opened before the child starts
        self._log_path = log_path
        self.sampler: Sampler | None = None
        self._timer: Timer | None = None  # the one loop timer: on_timer() at self._due
        self._stale: Any = None  # osc7501wrap.session.stale.StaleWatch for an agent's manifest
        self._decision: Decision | None = None
        self._public: Decision | None = None  # ... as the sinks got it (redacted)
        self._dialog: Dialog | None = None  # the dialog the sinks were given, as the core's
        self._dialog_shown: dict[str, Any] | None = None  # ... and as data (redacted)
        self._redactor: Redactor | None = None  # secrets out of what leaves (_secrets())
        self._boot_at = 0.0
        self._due = 0.0  # the next time on_timer() has work (it returns at once before)
        self._parts_due = float("inf")  # the parts' deadlines the last on_timer() worked out
        self._output_round = False  # output came since after_activity() last ran
        # A frame that waits, in a round with nothing else, settles in output() (see
        # there) while nothing changed since a round whose deadlines were worked out:
        self._due_fresh = False  # _due is as after_activity() last worked it out for a read
        self._sample_not_before = -NEVER  # ... and no sample due before it (the Sampler's)
        # ... all in one: before this, while steady, neither a sample nor an output is due
        # (-inf: not steady); the one test output() makes of them
        self._settle_until = -NEVER
        self._tracker: Any = None  # the proxy's stream tracker (started)
        self._exited = False
        self._last_io = 0.0  # the last output read or keystroke (monotonic): warm() waits
        self._early = Kept(EARLY_KEEP)  # output before the boot (its tail for the screen)
        self._early_first: float | None = None  # the first byte out or in (never trimmed)
        self._early_tail = b""  # a 7501 prefix at the end of the last early output
        self._typed = Kept(EARLY_INPUT_KEEP)  # keystrokes before the boot
        self._split_plain: Callable[[bytes], tuple[bytes, bytes] | None] | None = None
        self._to_child = b""  # the core's answers to the child's probe, for to_child()
        # the core's event types (fusion.events), loaded at the boot with the core
        self._ev: ModuleType | None = None
        # the core's taker of frames that wait, as the latest Output or Written handed it
        # (Effects.wait): offered each read first; None while no hold is in force
        self._wait: Wait | None = None
        self._booted: ModuleType | None = None  # session.boot, loaded by the boot
        # the title and progress the pipeline was last given (the proxy's tracker reads them)
        self._titled: tuple[str | None, tuple[int, int | None] | None] = (None, None)

    # ----------------------------------------------------------------- set-up

    def started(self, proxy: Proxy) -> None:
        """The child runs. Only cheap things here (the control socket, type-ahead, and
        with hooks the registry entry); the detection pipeline and the registry entry
        otherwise are made by :meth:`_boot`."""
        s = self.spec
        name_after(s.command)  # tmux, ps, herdr: the pane runs the program, not python3
        now = time.monotonic()
        self.proxy = proxy
        self._tracker = proxy.tracker
        self._boot_at = now + BOOT_DELAY
        typeahead = s.typeahead
        if s.outstanding_replies:
            self.filter = ReplyFilter(s.outstanding_replies, now)
            typeahead = self.filter.feed(typeahead, now)
        if typeahead:
            proxy.send_to_child(typeahead)
        self._open_server()
        if self.server is not None and self.server.fileno() >= 0:
            proxy.add_fd(self.server.fileno(), self._on_control)
        if s.hooked:  # hook events may come before the boot; so may `ls` and `send`
            self._open_registry()
        self._arm(self._boot_at)

    def _boot(self) -> Pipeline:
        """Build the pipeline and the sinks (manifests, screen model, rules): on a hook
        event, on output that may hold the child's own OSC 7501, once the first output
        or typing pauses (see :meth:`_boot_due`), or BOOT_DELAY after the start. A
        program that exits at once without a word never pays for it. Keystrokes never
        wait for it (it takes tens of milliseconds): they are kept and replayed."""
        if self.pipeline is not None:
            return self.pipeline
        return self._load_boot().boot(self)

    def _load_boot(self) -> ModuleType:
        """session.boot, loaded once: the core, the sinks, the registry, the ledger."""
        if self._booted is None:
            # lazy: the boot loads after the child started (tests/pty/test_startup.py)
            from . import boot

            self._booted, self._ev = boot, boot.events
        return self._booted

    @staticmethod
    def _outbound() -> ModuleType:
        """session.outbound (the registry, the redactor): loaded at its first use."""
        # lazy: after the child started, at the first text that leaves the pane
        from . import outbound

        return outbound

    def _open_server(self) -> None:
        s = self.spec
        if s.socket_path:
            try:
                self.server = ControlServer(s.socket_path, s.token, s.hook_token,
                                            reduce=reducer(s.integration))
            except OSError as err:
                self._notes.append(f"no control socket: {err}")

    def _open_registry(self, manifest: Manifest | None = None, write: bool = True) -> None:
        """The registry entry (`osc7501wrap ls`), with the manifest once it is known."""
        s = self.spec
        assert self.proxy is not None
        out = self._outbound()
        rules = None
        if manifest is not None:
            agent: str | None = self._booted.agent_name(s.command, manifest)
            version: str | int | None = manifest.version
            rules = out.rules_entry(manifest.name, manifest.version, manifest.generic)
        else:
            agent = s.forced_agent or os.path.basename(s.command[0]) if s.command else None
            version = None
        self.registry = out.SessionFile()
        self.registry.create(out.session_entry(  # argv: as typed, without the added hook arguments
            child_pid=self.proxy.child_pid, record_id=s.record_id, agent=agent,
            manifest_version=version,
            argv=self._secrets().argv(list(s.command[:1] + s.command[1:][:16])),
            socket=s.socket_path if self.server else None, token=s.token, state="idle",
            rules=rules, tmux=s.terminal.tmux), write=write)

    # ----------------------------------------------------------------- hot path

    def output(self, data: bytes) -> bytes:
        if self.capture is not None:
            self.capture.output(data)
        now = time.monotonic()
        self._last_io = now
        wait = self._wait
        if wait is not None and (taken := wait.take(data, now)):
            # a frame that waits: the core's Wait took it (no Output event, no effects)
            out, settled = data, taken == SETTLED
        else:
            p = self.pipeline
            if p is None:
                if self._early_tail:
                    data, self._early_tail = self._early_tail + data, b""
                passed = self._defer_boot(data, now)
                if passed is not None:
                    return passed
                p = self._boot()
            effects = p.handle(self._ev.Output(data), now)
            self._wait = effects.wait
            out, settled = effects.passthrough, effects.settled
            if effects.to_child:
                self._to_child += effects.to_child
        if settled and now < self._settle_until:
            tracker = self._tracker
            if tracker.safe and not (self._reads_stream and tracker.events):
                # Settled: after_activity() would work out the same deadlines and take
                # no sample (the next sample notes this output as activity, at its own
                # time: at most a hold later). The loop asks nothing more for this round
                # (no to_child, injection or after_activity): a frame the Wait took costs
                # that one call.
                self.round_free = True
                return out
        self.round_free = False
        self._output_round = True
        return out

    def to_child(self) -> bytes:
        out = self._to_child
        if out:
            self._to_child = b""
        return out

    def injection(self) -> bytes:
        at = self._sinks_at
        if at == NEVER:
            return b""
        now = time.monotonic()
        if now < at:  # no output has bytes before then
            return b""
        out = self.sinks.due_bytes(now) if self.sinks is not None else b""
        self._sinks_due(now)
        return out

    def input(self, data: bytes) -> bytes:
        now = time.monotonic()
        self._last_io = now
        self._due = now
        self._busy()
        if self.filter is not None:
            data = self.filter.feed(data, now)
            if self.filter.late_7501_reply_seen and not self._emit:
                self._answered_late(now)
            if not self.filter.active:
                self.filter = None
        if data:
            if self.capture is not None:
                self.capture.input(data)
            p = self.pipeline
            if p is None:  # the keystroke goes on now; the boot waits for a pause
                if self._early_first is None:
                    self._early_first = now
                self._typed.add(data[-EARLY_INPUT_KEEP:], now)
            elif self.proxy is not None:
                front = self.sampler is None or self.sampler.agent_in_front
                p.handle(self._ev.Typed(data, front), now)
        return data

    def _busy(self) -> None:
        """This round has more than output: after_activity() runs for it, and deadlines
        change (`_due` was set): no frame settles in output() until they are worked
        out again. A frame that settled earlier in the round gets its after_activity()."""
        if self.round_free:
            self._output_round = True
        self.round_free = self._due_fresh = False
        self._settle_until = -NEVER

    def _answered_late(self, now: float) -> None:
        """The terminal answered the 7501 query after the probe gave up: reports are OSC
        7501 from now on (from the boot, when it has not come yet)."""
        self._emit = True
        if self.sinks is None:  # the sinks are chosen so at the boot
            self._write_log("note the terminal answered the OSC 7501 query late; emitting")
        elif self.sinks.answered_late(now):
            self._sinks_due(now)

    def resized(self, rows: int, cols: int) -> None:
        self._due = time.monotonic()
        self._busy()
        if self.capture is not None:
            self.capture.resize(rows, cols)
        if self.pipeline is not None:
            self.pipeline.handle(self._ev.Resize(rows, cols), time.monotonic())

    # ----------------------------------------------------------------- off the hot path

    def after_activity(self) -> None:
        """After a round of output/input, once it is written: a small first read after a
        pause (a spinner frame) is fed and read at once, and if the screen still reads
        as published nothing is due for it (one wake-up per frame instead of two). Then
        the loop timer is set for when :meth:`on_timer` has work next: every path that makes
        work lowers ``_due``, so the loop needs no extra wake-up after each read."""
        p = self.pipeline
        if p is None:  # an earlier timer is kept: on_timer() sets it again (not once a read)
            timer = self._timer
            due = self._boot_due()
            if timer is None or timer.cancelled or timer.when > due:
                self._arm(due)
            return
        if self._output_round:
            self._output_round = False
            now = time.monotonic()
            self._booted.retitle(self, p)
            effects = p.handle(self._ev.Written(nothing_due=self._due > now), now)
            self._wait = effects.wait
            due = effects.due
            if effects.settled:  # its deadlines are new: the frame was read (or waits)
                s = self.sampler
                if s is not None:
                    sampled = s.sample(p, now, effects.hold_end)
                    if sampled < due if due is not None else True:
                        due = sampled
                    self._sample_not_before = s.sample_not_before
                else:
                    self._sample_not_before = NEVER
                parts_due = self._parts_due
                self._due = due if due is not None and due < parts_due else parts_due
                self._due_fresh = True
                self._settle_until = min(self._sample_not_before, self._sinks_at)
                if self._reads_stream and self.proxy is not None and self.proxy.tracker.events:
                    self._sinks_due(now)  # the program set its title: mark it again
            else:
                self._due_fresh = False
                self._settle_until = -NEVER
                if due is not None and due < self._due:
                    self._due = due
        timer = self._timer
        if timer is None or timer.cancelled or timer.when != self._due:
            self._arm(self._due)

    def _arm(self, when: float | None) -> None:
        """The one loop timer: :meth:`on_timer` at `when` (None or inf: not at all)."""
        timer = self._timer
        if timer is not None and not timer.cancelled and timer.when == when:
            return  # the same deadline again (every round of a flood): keep the heap small
        if timer is not None:
            timer.cancel()
        self._timer = None
        if when is not None and when != float("inf") and self.proxy is not None:
            self._timer = self.proxy.call_at(when, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self.on_timer(time.monotonic())

    def _boot_due(self) -> float:
        """When the pipeline is built, if nothing forces it sooner: BOOT_DELAY after the
        start without output or input; after them, once they settle (as the screen model
        would wait anyway), or BOOT_WAIT_MAX after the first if they keep coming (a
        flood reads as working within a second; building the pipeline then costs it
        about 0.1 s of CPU, which a flood pays in throughput)."""
        first = self._early_first
        if first is None:
            return self._boot_at
        settle = self.config.classifier.settle_ms / 1000
        last = max(at for _, at in self._early.reads[-1:] + self._typed.reads[-1:])
        return min(last + settle, first + BOOT_WAIT_MAX)

    def _defer_boot(self, data: bytes, now: float) -> bytes | None:
        """Output before the boot: keep it for the pipeline and return what passes
        through at once; None if it may hold the child's own OSC 7501 (its probe is
        answered, its reports are taken out: that needs the pipeline now). A prefix of
        one at the end waits for the next chunk, as the pipeline's scanner would make
        it. Building the pipeline takes tens of milliseconds: the first output is not
        held back for it, and a flood (`cat` of a big file) is not stalled by it."""
        if self.spec.host:
            split = self._split_plain
            if split is None:
                # lazy: stream.scanner is not loaded before the child starts
                from ..stream.scanner import split_plain as split

                self._split_plain = split
            parts = split(data)
            if parts is None:
                return None
            data, self._early_tail = parts
        # else the child's OSC 7501 passes untouched, and the pipeline reads it later
        if data:
            if self._early_first is None:
                self._early_first = now
            self._early.add(data, now)
        return data

    def on_timer(self, now: float) -> None:
        """The off-hot-path work due at `now` (run by the loop timer); sets it again."""
        p = self.pipeline
        if p is None:
            due = self._boot_due()
            if now < due:
                self._arm(due)
                return
            p = self._boot()
        elif now < self._due:
            self._arm(self._due)
            return
        self._due_fresh = False
        self._settle_until = -NEVER
        deadlines: list[float] = []
        if self.filter is not None:
            held = self.filter.feed(b"", now)
            if held and self.proxy is not None:
                self.proxy.send_to_child(held)
            d = self.filter.next_deadline(now)
            if d is not None:
                deadlines.append(d)
            if not self.filter.active:
                self.filter = None
        self._sample(p, now)
        self._booted.retitle(self, p)
        changes = p.handle(self._ev.Tick(), now)
        if changes.look:  # a turn ended: what it left running, before anything is shown
            if self.sampler is not None:
                self.sampler.sample_tree(p, now)
            changes = p.handle(self._ev.Tick(), now)
        self._watch_exits(p, now)
        if changes.decisions or changes.subreports or changes.dialog is not self._dialog:
            self._show(changes.decisions, changes.dialog, now, changes.subreports)
        elif self._reads_stream and self.proxy is not None and self.proxy.tracker.events:
            self._sinks_due(now)  # the program set its title: mark it again
        if self._stale is not None:
            self._booted.check_stale(self, p, now)
            d = None if self._stale is None else self._stale.next_deadline(now)
            if d is not None:
                deadlines.append(d)
        # the deadlines after_activity() does not work out again itself
        self._parts_due = min(deadlines) if deadlines else float("inf")
        self._due = self._next_deadline(now, self._parts_due, changes.due)
        self._arm(self._due)

    def _next_deadline(self, now: float, due: float, pipeline_due: float | None) -> float:
        """`due` with the samples' and the pipeline's next deadlines."""
        if self.sampler is not None:
            due = min(due, self.sampler.next_deadline(now))
        return due if pipeline_due is None else min(due, pipeline_due)

    def _sinks_due(self, now: float) -> None:
        """Set the sinks' timer for the earliest time one of them needs (the bytes it
        has are written at the next safe point: the loop asks :meth:`injection` after
        its timers)."""
        sinks = self.sinks
        first = sinks.next_deadline(now) if sinks is not None else None
        self._sinks_at = due = NEVER if first is None else first
        if self._due_fresh:
            self._settle_until = min(self._sample_not_before, due)
        timer = self._sinks_timer
        if timer is not None and not timer.cancelled and timer.when == due:
            return
        if timer is not None:
            timer.cancel()
        self._sinks_timer = None
        if due != NEVER and self.proxy is not None:
            self._sinks_timer = self.proxy.call_at(due, self._on_sinks_timer)

    def _on_sinks_timer(self) -> None:
        """The time the sinks asked for: each one due polls (its own I/O, never
        blocking), then the timer is set again."""
        self._sinks_timer = None
        now = time.monotonic()
        if self.sinks is not None:
            self.sinks.poll(now)
        self._sinks_due(now)

    def _sample(self, p: Pipeline, now: float) -> None:
        if self.sampler is not None:
            self.sampler.sample(p, now)

    def _watch_exits(self, p: Pipeline, now: float) -> None:
        """Have the loop watch the end of each piece of background work (a pidfd each,
        Sampler.watches): its end is then seen at once, with no sampling."""
        if self.sampler is not None:
            self.sampler.sync_watches(p, now)

    def _watch_fd(self, fd: int) -> None:
        if self.proxy is not None:
            self.proxy.add_fd(fd, lambda: self._on_exit(fd))

    def _unwatch_fd(self, fd: int) -> None:
        if self.proxy is not None:
            self.proxy.remove_fd(fd)

    def _on_exit(self, fd: int) -> None:
        """A piece of background work ended: look at the tree again now (the sampler
        closes its pidfd then)."""
        if self.proxy is not None:
            self.proxy.remove_fd(fd)
        if self.sampler is not None:
            self.sampler.tree_stale = True
        self._due = time.monotonic()
        self._busy()

    def _schedule(self, delay: float, fn: Callable[[], None]) -> None:
        if self.proxy is not None:
            self.proxy.call_at(time.monotonic() + delay, fn)

    def _show(self, decisions: Sequence[Decision], dialog: Dialog | None, now: float,
              subreports: Sequence[Report] | None = None) -> None:
        """The sinks get what the core decided (session.boot.show)."""
        self._load_boot().show(self, decisions, dialog, now, subreports)

    def _secrets(self) -> Redactor:
        """The one redactor of what leaves the pane (osc7501wrap.protocol.redact): every
        decision, dialog, registry field, log line and reply goes through it."""
        r = self._redactor
        if r is None:
            # RE2 and the shapes compile at the first text that leaves the pane
            r = self._redactor = self._outbound().Redactor(self.config.redact.patterns)
            for line in r.problems:
                self._write_log(f"note {line}")
        return r

    # ----------------------------------------------------------------- control socket

    def _on_control(self) -> None:
        if self.server is None:
            return
        self._due = time.monotonic()
        self._busy()
        self._load_boot().on_control(self)

    def _write_child(self, data: bytes) -> None:
        if self.proxy is not None:
            self.proxy.send_to_child(data)

    def _buffers(self) -> dict[str, dict[str, int]]:
        """Each buffer's size now and its high-water mark, in bytes (the emitter's in
        reports; the log keeps nothing in memory: its lines written): for `explain
        --session` and the log's last line. Each part notes its mark where the buffer
        is trimmed or queues, not on the hot path."""
        def mark(size: int, high: int) -> dict[str, int]:
            return {"size": size, "high": max(size, high)}  # noted when it shrinks

        out = {"early": mark(self._early.size, self._early.high),
               "early_input": mark(self._typed.size, self._typed.high)}
        px, p, sinks = self.proxy, self.pipeline, self.sinks
        if p is not None:
            for name, marks in p.buffers().items():
                out[name] = {**marks, **mark(marks["size"], marks["high"])}
        if px is not None:
            out["tracker"] = mark(px.tracker.partial, px.tracker.high)
            out["input"] = mark(px.pending_input, px.input_high)
        if sinks is not None:
            for name, (size, high) in sinks.buffers().items():
                out[name] = mark(size, high)
        if self._log is not None and self._log.lines:
            out["log"] = {"lines": self._log.lines, "dropped": self._log.dropped}
        return out

    # ----------------------------------------------------------------- the end

    def finish(self, status: int, signaled: int | None) -> bytes:
        now = time.monotonic()
        out = b""
        self._exited = True  # a boot from here on writes no registry entry
        p = self.pipeline
        if p is None and (status != 0 or self._log_path or self.capture is not None):
            p = self._boot()  # a failure is reported even if nothing was ever printed
        if p is not None:
            changes = p.handle(self._ev.Exit(status, signaled is not None), now)
            out += changes.passthrough
            self._show([d for d in changes.decisions if d is not self._decision],
                       changes.dialog, now)
        if self.registry is None and status != 0 and self.proxy is not None:
            self._booted.ended_entry(self, p)  # p: booted above for a failure
        if self.registry is not None and self._listing is None:
            self._load_boot().list_entry(self)  # notes the exit for the ended entry
        for job in self._answers:  # an answer that ended the program is answered
            job.ended(status)
        self._answers = []
        if self.capture is not None:
            self.capture.event("x", status)
        if self.sinks is not None:  # the registry notes the status for its ended entry
            out += self.sinks.exited(status, signaled, now)
        self._sinks_due(now)
        if self._log is not None and self._log.lines:
            marks = " ".join(f"{k}={v['size']}/{v['high']}" for k, v in self._buffers().items()
                             if "high" in v)
            self._write_log(f"buffers {marks} (size/high-water: bytes, emitter reports)")
        return out

    def close(self) -> None:
        if self.sampler is not None:
            self.sampler.close()
        if self.pipeline is not None:
            self._booted.close()
        if self.server is not None:
            self.server.close()
            self.server = None
        sinks, self.sinks = self.sinks, None
        self._sinks_at = NEVER
        if self._due_fresh:
            self._settle_until = self._sample_not_before
        if sinks is not None:  # herdr releases the pane if finish() did not (any exit path)
            sinks.close()
        if self._listing is None and self.registry is not None:
            self.registry.remove()  # never booted, never finished
        self.registry = self._listing = None
        if self.capture is not None:
            self.capture.close()
        if self._log is not None:
            self._log.close()
            self._log = None

    def _write_log(self, text: str) -> None:
        if self._log is not None:
            self._log.write(text)


