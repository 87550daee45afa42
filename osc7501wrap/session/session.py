"""`wrap CMD`: wires the detection pipeline and the emitter to the proxy loop.

    wrap (start/cli.py) ─ start.prepare (config, terminal handshake, hook arguments, env)
      └─ Proxy(argv, hooks=Session)          the loop (proxy/proxy.py)
            Session.output  ─▶ Pipeline.output (scanner: the child's own 7501) ─▶ passthrough
            Session.after_activity ─▶ Pipeline.round_done (a spinner frame read at once)
            Session.tick    ─▶ Pipeline.advance (screen, rules, fusion) ─▶ decisions
              (one loop timer, `call_at`, for the earliest `next_deadline(now)` of the parts)
                                 ─▶ Emitter (reports), tmux, herdr, registry file, log
            Session.injection ─▶ Emitter.pending (only at safe points of the stream)
            control socket  ─▶ hook events, `send`, `explain --session`

Everything here is I/O and plumbing; deciding lives in the pipeline (:mod:`pipeline`), and
what bytes to write in the emitter (:mod:`emitter`). A failure in any side channel
(registry, socket, log) degrades that channel only; the passthrough never depends on it.

Start-up time: this module is imported before the child starts, so its module-level
imports stay cheap; the pipeline and what it needs are imported at the boot. The registry entry (`ls`) is
written when the pipeline boots (BOOT_DELAY after the start, or once the first output
or typing settles), except with an agent's integration (hooks), whose events may come at once: a program that
exits at once is never listed.
"""

from __future__ import annotations

import os
import time

from ..proxy.proctitle import name_after
from ..proxy.proxy import Proxy, ProxyHooks, Timer
from .log import SessionLog

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..capture import CaptureWriter
    from ..fusion.fusion import Decision
    from ..fusion.pipeline import Pipeline
    from ..protocol.probe import ReplyFilter
    from ..report.emitter import Emitter
    from ..rules import Manifest
    from ..start.prepare import Setup
    from .sampling import Sampler

BOOT_DELAY = 0.05  # build the pipeline this long after the start if nothing was output
BOOT_WAIT_MAX = 0.5  # after output or typing, once it settles, or this long after the first byte
EARLY_KEEP = 1 << 20  # output kept for the screen model until the boot (its tail)
EARLY_INPUT_KEEP = 4096  # bytes typed before the boot kept for the pipeline (the last)
TITLE_MARKS = {"working": "▶", "blocked": "⏸", "done": "✔", "error": "✖"}


class Kept:
    """Reads kept until the boot, each with its time: the last `keep` bytes (reads that
    would leave more are dropped from the front), and the most ever kept."""

    __slots__ = ("cut", "high", "keep", "reads", "size")

    def __init__(self, keep: int) -> None:
        self.reads: list[tuple[bytes, float]] = []
        self.size = self.high = 0
        self.cut = False  # reads were dropped from the front
        self.keep = keep

    def add(self, data: bytes, at: float) -> None:
        reads = self.reads
        reads.append((data, at))
        self.size += len(data)
        if self.size > self.high:
            self.high = self.size
        while self.size - len(reads[0][0]) >= self.keep:
            self.size -= len(reads.pop(0)[0])
            self.cut = True

    def take(self) -> list[tuple[bytes, float]]:
        reads, self.reads, self.size = self.reads, [], 0
        return reads


class Session(ProxyHooks):
    """The proxy hooks of one wrapped program. See the module docstring."""

    def __init__(self, setup: Setup, *, log_path: str | None = None,
                 capture: CaptureWriter | None = None) -> None:
        self.setup = setup
        self.proxy: Proxy | None = None
        self.pipeline: Pipeline | None = None
        self.emitter: Emitter | None = None
        self.capture = capture
        self.filter: ReplyFilter | None = None
        self.server: Any = None
        self.registry: Any = None
        self.tmux: Any = None  # report.tmux_display.TmuxDisplay inside tmux
        self.channels: Any = None  # report.terminals.TerminalChannels (uservar, osc99, osc26)
        self.herdr: Any = None  # report.herdr.HerdrReporter inside a herdr pane
        self._herdr_timer: Timer | None = None  # the herdr reporter's next poll (I/O)
        self._tmux_named = False  # the outer terminal's name (via tmux) has been used
        self._log = SessionLog(log_path)  # opened before the child starts
        self._log_path = log_path
        self.sampler: Sampler | None = None
        self._flush_timer: Timer | None = None  # the registry's pending update
        self._timer: Timer | None = None  # the one loop timer: tick() at self._due
        self._tmux_timer: Timer | None = None  # the tmux display's next poll (I/O)
        self._stale: Any = None  # osc7501wrap.session.stale.StaleWatch for an agent's manifest
        self._decision: Decision | None = None
        self._boot_at = 0.0
        self._due = 0.0  # the next time tick() has work (it returns at once before)
        self._tick_due = float("inf")  # the parts' deadlines the last full tick worked out
        self._output_round = False  # output came since after_activity() last ran
        self._title_on = False
        self._title_shown: str | None = None
        self._title_out = b""
        self._title_marked = False
        self._exited = False
        self._ended: dict[str, Any] | None = None  # exit status and time, for the registry
        self._early = Kept(EARLY_KEEP)  # output before the boot (its tail for the screen)
        self._early_first: float | None = None  # the first byte out or in (never trimmed)
        self._early_tail = b""  # a 7501 prefix at the end of the last early output
        self._typed = Kept(EARLY_INPUT_KEEP)  # keystrokes before the boot
        self._split_plain: Callable[[bytes], tuple[bytes, bytes] | None] | None = None

    # ----------------------------------------------------------------- set-up

    def started(self, proxy: Proxy) -> None:
        """The child runs. Only cheap things here (the control socket, type-ahead, and
        with hooks the registry entry); the detection pipeline and the registry entry
        otherwise are made by :meth:`_boot`."""
        s = self.setup
        name_after(s.command)  # tmux, ps, herdr: the pane runs the program, not python3
        now = time.monotonic()
        self.proxy = proxy
        self._boot_at = now + BOOT_DELAY
        typeahead = s.typeahead
        if s.pending_replies:
            from ..protocol.probe import ReplyFilter

            self.filter = ReplyFilter(s.pending_replies, now)
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
        """Build the pipeline and the emitter (manifests, screen model, rules): on a hook
        event, on output that may hold the child's own OSC 7501, once the first output
        or typing pauses (see :meth:`_boot_due`), or BOOT_DELAY after the start. A
        program that exits at once without a word never pays for it. Keystrokes never
        wait for it (it takes tens of milliseconds): they are kept and replayed."""
        if self.pipeline is not None:
            return self.pipeline
        began = time.monotonic()
        from ..agents import meaning
        from ..fusion.pipeline import Pipeline, Timings
        from .sampling import Sampler

        s = self.setup
        assert self.proxy is not None
        now = time.monotonic()
        manifest = s.manifest
        c = s.config.classifier
        timings = Timings(settle=c.settle_ms / 1000, idle_hold=c.idle_hold_ms / 1000,
                          guard=c.hook_ttl_ms / 1000)
        rows, cols = self.proxy.size
        self.pipeline = p = Pipeline(manifest, rows=rows, cols=cols, now=now,
                                     timings=timings, backend=s.config.screen, host=s.host,
                                     tracker=self.proxy.tracker,
                                     hooks=meaning(s.integration))
        manifest.health.log = lambda line: self._write_log(f"note {line}")
        for note in s.notes:
            self._write_log(f"note {note}")
        self._write_log(f"start argv={s.argv[:1]} manifest={manifest.name}@"
                        f"{manifest.version} emit={s.emit} ({s.emit_reason})")
        if self._log is not None and self._log.path and not manifest.generic:
            self._log_release(manifest)
        # a program without agent rules: sample whether it works, too
        self.sampler = Sampler(self.proxy.child_pid, self.proxy.master_fd,
                               activity=manifest.generic)
        if not manifest.generic:
            from .stale import StaleWatch, stale_after

            self._stale = StaleWatch(manifest.name, manifest.version, stale_after(),
                                     os.path.basename(s.argv[0]) if s.argv else "<the agent>")
        if s.report:
            self.channels = self._make_channels()
            self.emitter = self._make_emitter()
            self._title_on = s.config.fallbacks.title and not s.emit
            from ..report.tmux_display import TmuxDisplay

            self.tmux = TmuxDisplay.from_env(s.env, log=self._write_log)
            env = s.env  # a herdr pane (report.herdr.herdr_env; else never imported):
            if env.get("HERDR_ENV") == "1" and env.get("HERDR_PANE_ID") and env.get(
                    "HERDR_SOCKET_PATH"):
                from ..report.herdr import HerdrReporter, agent_label

                self.herdr = HerdrReporter.from_env(s.env, agent_label(manifest.name, s.argv),
                                                    log=self._write_log)
        if self.registry is not None:
            self._update_registry(agent=self._agent_name(), manifest_version=manifest.version)
        elif not self._exited:
            self._open_registry(manifest)
        self._publish(p.current(), now)
        if not self._early.reads:  # nothing written yet: no flood shares the loop with the load
            p.load_screen()
        self._replay_early(p, began)
        return p

    def _replay_early(self, p: Pipeline, began: float) -> None:
        """Hand the output and the keystrokes that came before the boot to the pipeline,
        in the order they came."""
        early, typed = self._early.take(), self._typed.take()
        if early and self._early.cut:  # its start was dropped, as the backlog drops
            from ..screen import resume_point

            first, at = early[0]
            early[0] = (first[resume_point(first):], at)
        outs = [(at, 0, data) for data, at in early if data]
        if self._early_tail:  # the scanner holds it until the next output, as it would
            outs.append((early[-1][1] if early else began, 0, self._early_tail))
            self._early_tail = b""
        # both lists are in time order: merged stably, output first at a tie
        for at, kind, data in sorted(outs + [(at, 1, data) for data, at in typed],
                                     key=lambda e: e[:2]):
            if kind:
                p.input(data, at)
            else:
                p.output(data, at)
        if early:
            p.caught_up(began, time.monotonic())
            self._due = min(self._due, early[-1][1] + p.timings.settle)

    def _make_emitter(self) -> Emitter:
        from ..report.emitter import Emitter

        s = self.setup
        fb = s.config.fallbacks
        via = fb.notify_via
        if via == "auto":
            from ..report.fallbacks import notify_channel

            via = notify_channel(via, s.env)
        if self.channels is not None and "osc99" in self.channels.channels:
            via = "none"  # kitty's notifications come from the osc99 channel
        try:
            title = os.path.basename(os.getcwd()) or None
        except OSError:
            title = None
        return Emitter(record_id=s.record_id, app=self._app(),
                       title=title, seven501=s.emit, tmux_depth=s.tmux_depth,
                       progress_fallback=fb.progress,
                       # notifications are a fallback: a 7501 terminal alerts by itself
                       notify=frozenset() if s.emit else frozenset(fb.notify),
                       notify_via=via, cooldown=float(fb.cooldown))

    def _terminal_named(self, name: str) -> None:
        """tmux told the outer terminal's name: its channels, if that adds any."""
        if not self.setup.report:
            return
        before = self.channels.channels if self.channels is not None else frozenset()
        channels = self._make_channels(name)
        if channels is None or channels.channels == before:
            return
        self._write_log(f"note terminal {name}: channels {', '.join(sorted(channels.channels))}")
        self.channels = channels
        if "osc99" in channels.channels and self.emitter is not None:
            self.emitter.notify_via = "none"  # kitty's notifications: the osc99 channel
        if self._decision is not None:
            d = self._decision
            channels.update(d.state, d.kind, d.msg)

    def _make_channels(self, terminal_name: str | None = None) -> Any:
        """Other terminals' own channels (report.terminals), or None when none is on."""
        from ..report.terminals import TerminalChannels, choose, where_am_i

        s = self.setup
        fb = s.config.fallbacks
        chosen = choose(fb.channels, s.env, terminal_name)
        if s.emit:
            chosen -= {"osc99"}  # notifications are a fallback: a 7501 terminal alerts
        if not chosen:
            return None
        try:
            cwd = os.getcwd()
        except OSError:
            cwd = ""
        return TerminalChannels(chosen, agent=s.manifest.name, cwd=cwd, where=where_am_i(s.env),
                                note_id=s.record_id, notify=frozenset(fb.notify),
                                tmux_depth=s.tmux_depth)

    def _app(self) -> str:
        """The app name in reports: the config's, the agent manifest's, or (for the
        generic manifest) the program's own name when it is a valid app name."""
        import re

        s = self.setup
        if s.config.app:
            return s.config.app
        if s.manifest.generic and s.argv:
            name = re.sub(r"[^A-Za-z0-9_.+-]", "", os.path.basename(s.argv[0]))[:32]
            if name:
                return name
        return s.manifest.app

    def _open_server(self) -> None:
        s = self.setup
        if s.socket_path:
            from ..agents import reducer
            from .channel import ControlServer

            try:
                self.server = ControlServer(s.socket_path, s.token, s.hook_token,
                                            reduce=reducer(s.integration))
            except OSError as err:
                s.notes.append(f"no control socket: {err}")

    def _open_registry(self, manifest: Manifest | None = None, write: bool = True) -> None:
        """The registry entry (`osc7501wrap ls`), with the manifest once it is known."""
        s = self.setup
        assert self.proxy is not None
        from .registry import SessionFile, session_entry

        if manifest is not None:
            agent: str | None = self._agent_name()
            version: str | int | None = manifest.version
        else:
            agent = s.forced_agent or os.path.basename(s.command[0]) if s.command else None
            version = None
        self.registry = SessionFile()
        self.registry.create(session_entry(  # argv: as typed, without the added hook arguments
            child_pid=self.proxy.child_pid, record_id=s.record_id, agent=agent,
            manifest_version=version, argv=s.command[:1] + s.command[1:][:16],
            socket=s.socket_path if self.server else None, token=s.token, state="idle"),
            write=write)

    def _agent_name(self) -> str:
        """The name people know the session by (`ls`, `watch`, `events`, tmux's
        ``@osc7501_agent``): the agent's manifest, or for a program without agent rules
        the program's own name (``make``, not ``generic``)."""
        s = self.setup
        if s.manifest.generic and s.command:
            from ..protocol import sanitize_text

            name = sanitize_text(os.path.basename(s.command[0]), 64)
            if name:
                return name
        return s.manifest.name

    # ----------------------------------------------------------------- hot path

    def output(self, data: bytes) -> bytes:
        if self.capture is not None:
            self.capture.output(data)
        now = time.monotonic()
        p = self.pipeline
        if p is None:
            if self._early_tail:
                data, self._early_tail = self._early_tail + data, b""
            passed = self._defer_boot(data, now)
            if passed is not None:
                return passed
            p = self._boot()
        self._output_round = True
        return p.output(data, now)

    def to_child(self) -> bytes:
        p = self.pipeline
        return p.take_answers() if p is not None and p.answers else b""

    def injection(self) -> bytes:
        if self.emitter is None:
            return b""
        out = self.emitter.pending(time.monotonic())
        if self.tmux is not None and self.emitter.seven501:
            out += self.tmux.progress_bytes()  # tmux >= 3.7: the pane's progress fields
        if self.channels is not None:
            out += self.channels.pending()
        if self._title_out:
            out, self._title_out = out + self._title_out, b""
        return out

    def _title_marker(self) -> None:
        """``[fallbacks] title``: without 7501, show the state in the window title, as a
        mark before the program's own title (set again whenever the program sets its
        title or the state changes)."""
        if not self._title_on or self._decision is None or self.proxy is None:
            return
        from ..protocol import sanitize_text

        mark = TITLE_MARKS.get(self._decision.state, "")
        own = sanitize_text(self.proxy.tracker.title or "", 160) or self._app()
        text = f"{mark} {own}" if mark else own
        if not mark and self._title_shown is None and not self._title_marked:
            return  # nothing marked yet: leave the program's own title alone
        self._title_marked = self._title_marked or bool(mark)
        if text != self._title_shown:
            self._title_shown = text
            self._title_out = b"\x1b]2;" + text.encode() + b"\x1b\\"

    def input(self, data: bytes) -> bytes:
        now = time.monotonic()
        self._due = now
        if self.filter is not None:
            data = self.filter.feed(data, now)
            if self.filter.late_7501_reply_seen and self.emitter is not None:
                self._late_support()
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
                p.input(data, now, agent_in_front=front)
        return data

    def _late_support(self) -> None:
        """The terminal answered the 7501 query after the probe gave up."""
        if self.emitter is not None and not self.setup.emit:
            self.setup.emit = True
            self._write_log("note the terminal answered the OSC 7501 query late; emitting")
            self.emitter = self._make_emitter()
            if self._decision is not None:
                self.emitter.update(self._decision, time.monotonic())

    def resized(self, rows: int, cols: int) -> None:
        self._due = time.monotonic()
        if self.capture is not None:
            self.capture.resize(rows, cols)
        if self.pipeline is not None:
            self.pipeline.resize(rows, cols, time.monotonic())

    # ----------------------------------------------------------------- off the hot path

    def after_activity(self) -> None:
        """After a round of output/input, once it is written: a small first read after a
        pause (a spinner frame) is fed and read at once, and if the screen still reads
        as published nothing is due for it (one wake-up per frame instead of two). Then
        the loop timer is set for when :meth:`tick` has work next: every path that makes
        work lowers ``_due``, so the loop needs no extra wake-up after each read."""
        p = self.pipeline
        if p is None:  # an earlier timer is kept: tick() sets it again (not once a read)
            timer = self._timer
            due = self._boot_due()
            if timer is None or timer.cancelled or timer.when > due:
                self._arm(due)
            return
        if self._output_round:
            self._output_round = False
            now = time.monotonic()
            due = p.round_done(now, quiet=self._due > now)
            if p.read_at_once:  # its deadlines are new: the frame was read
                self._sample(p, now)
                self._due = self._next_deadline(now, self._tick_due, due)
            elif due is not None and due < self._due:
                self._due = due
        self._arm(self._due)

    def _arm(self, when: float | None) -> None:
        """The one loop timer: :meth:`tick` at `when` (None or inf: not at all)."""
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
        self.tick(time.monotonic())

    def _boot_due(self) -> float:
        """When the pipeline is built, if nothing forces it sooner: BOOT_DELAY after the
        start without output or input; after them, once they settle (as the screen model
        would wait anyway), or BOOT_WAIT_MAX after the first if they keep coming (a
        flood reads as working within a second; building the pipeline then costs it
        about 0.1 s of CPU, which a flood pays in throughput)."""
        first = self._early_first
        if first is None:
            return self._boot_at
        settle = self.setup.config.classifier.settle_ms / 1000
        last = max(at for _, at in self._early.reads[-1:] + self._typed.reads[-1:])
        return min(last + settle, first + BOOT_WAIT_MAX)

    def _defer_boot(self, data: bytes, now: float) -> bytes | None:
        """Output before the boot: keep it for the pipeline and return what passes
        through at once; None if it may hold the child's own OSC 7501 (its probe is
        answered, its reports are taken out: that needs the pipeline now). A prefix of
        one at the end waits for the next chunk, as the pipeline's scanner would make
        it. Building the pipeline takes tens of milliseconds: the first output is not
        held back for it, and a flood (`cat` of a big file) is not stalled by it."""
        if self.setup.host:
            split = self._split_plain
            if split is None:
                from ..protocol import split_plain as split

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

    def tick(self, now: float) -> None:
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
        changes = p.advance(now)
        for decision in changes.decisions:
            self._publish(decision, now)
        self._sync_dialog()
        if self._stale is not None:
            self._check_stale(p, now)
            d = None if self._stale is None else self._stale.next_deadline(now)
            if d is not None:
                deadlines.append(d)
        if changes.subreports and self.emitter is not None:
            for rep in changes.subreports:
                self.emitter.subrecord(rep.id or "", rep, now)
        if self.emitter is not None:
            d = self.emitter.next_deadline(now)
            if d is not None:
                deadlines.append(d)
        if self._title_on and self.proxy is not None:
            if any(code == "title" for code, _ in self.proxy.tracker.take_events()):
                self._title_shown = None  # the program set its title: mark it again
            self._title_marker()
        if self.tmux is not None:
            self._poll_tmux()
        # the deadlines after_activity() does not work out again itself
        self._tick_due = min(deadlines) if deadlines else float("inf")
        self._due = self._next_deadline(now, self._tick_due, changes.due)
        self._arm(self._due)

    def _next_deadline(self, now: float, due: float, pipeline_due: float | None) -> float:
        """`due` with the samples' and the pipeline's next deadlines."""
        if self.sampler is not None:
            due = min(due, self.sampler.next_deadline(now))
        if self._title_on and self.proxy is not None and self.proxy.tracker.events:
            due = now  # the program set its title (a frame confirm_now took): mark it again
        return due if pipeline_due is None else min(due, pipeline_due)

    def _poll_tmux(self) -> None:
        """The tmux display's clients (I/O): poll now, and again on its own timer."""
        timer, self._tmux_timer = self._tmux_timer, None
        if timer is not None:
            timer.cancel()  # polled now, from the tick
        tmux = self.tmux
        if tmux is None:
            return
        now = time.monotonic()
        tmux.poll(now)
        if tmux.terminal_name and not self._tmux_named:
            self._tmux_named = True
            self._terminal_named(tmux.terminal_name)
        due = tmux.next_deadline(now)
        if due is not None and self.proxy is not None:
            self._tmux_timer = self.proxy.call_at(due, self._poll_tmux)

    def _poll_herdr(self) -> None:
        """The herdr reporter's socket (I/O): poll now, and again when it has work."""
        timer, self._herdr_timer = self._herdr_timer, None
        if timer is not None:
            timer.cancel()
        herdr = self.herdr
        if herdr is None:
            return
        now = time.monotonic()
        herdr.poll(now)
        due = herdr.next_deadline(now)
        if due is not None and self.proxy is not None:
            self._herdr_timer = self.proxy.call_at(due, self._poll_herdr)

    def _sample(self, p: Pipeline, now: float) -> None:
        if self.sampler is not None:
            self.sampler.sample(p, now)

    def _check_stale(self, p: Pipeline, now: float) -> None:
        """One log line and a note for `doctor` when the manifest plainly no longer reads
        the agent (osc7501wrap.session.stale)."""
        c = p.classifier
        line = self._stale.observe(now, getattr(c, "last_verdict", None),
                                   getattr(c, "last_eval_at", -1.0), p.output_bytes,
                                   p.last_input)
        if line is None:
            return
        watch, self._stale = self._stale, None
        self._write_log(line)
        from .. import paths
        from .stale import remember

        remember(paths.state_dir(), watch.manifest, watch.version, watch.program)


    def _log_release(self, manifest: Manifest) -> None:
        """One log line: the agent's version next to the releases its manifest was verified
        on, with the `record` command when it is outside them (osc7501wrap.agents.versions)."""
        from ..agents.versions import of_command
        from ..protocol import sanitize_text

        d = of_command(manifest, self.setup.argv, self.setup.env.get("PATH"))
        line = f"note agent {d.text()}"
        if d.outside:
            line += f"; record a session: {d.record_command()}"
        self._write_log(sanitize_text(line, 1000))

    def _schedule(self, delay: float, fn: Callable[[], None]) -> None:
        if self.proxy is not None:
            self.proxy.call_at(time.monotonic() + delay, fn)

    def _update_registry(self, **fields: Any) -> None:
        """Update the registry entry; an update it holds back is written when due."""
        reg = self.registry
        if reg is None:
            return
        reg.update(**fields)
        due = reg.next_deadline(time.monotonic())
        if due is not None and self._flush_timer is None and self.proxy is not None:
            self._flush_timer = self.proxy.call_at(due, self._flush_registry)

    def _flush_registry(self) -> None:
        self._flush_timer = None
        if self.registry is not None:
            self.registry.flush(force=True)

    def _publish(self, decision: Decision, now: float) -> None:
        prev = self._decision
        self._decision = decision
        if self.emitter is not None:
            self.emitter.update(decision, now)
        if prev is not None and (prev.state, prev.kind, prev.msg) == (
                decision.state, decision.kind, decision.msg):
            return
        self._write_log(f"state {decision.state}"
                        + (f":{decision.kind}" if decision.kind else "")
                        + f" signal={decision.signal} detail={decision.detail}"
                        + (f" msg={_one_line(decision.msg)}" if decision.msg else ""))
        self._update_registry(state=decision.state, kind=decision.kind,
                              msg=_one_line(decision.msg or ""), dialog=self._dialog_now())
        if self.tmux is not None:
            self.tmux.update(decision.state, decision.kind, decision.msg,
                             self._agent_name() if self.pipeline else None)
        if self.channels is not None:
            self.channels.update(decision.state, decision.kind, decision.msg)
        if self.herdr is not None:
            self.herdr.update(decision.state, decision.kind, decision.msg)
            if self._herdr_timer is None and self.proxy is not None:
                self._herdr_timer = self.proxy.call_at(now, self._poll_herdr)

    def _dialog_now(self) -> dict[str, Any] | None:
        """The dialog the screen shows while the decided state is blocked (as data)."""
        d, p = self._decision, self.pipeline
        if d is None or d.state != "blocked" or p is None:
            return None
        pub = p.classifier.published
        dialog = getattr(pub, "dialog", None) if pub is not None and pub.state == "blocked" \
            else None
        return dialog.as_dict() if dialog is not None else None

    def _sync_dialog(self) -> None:
        """A dialog read after the blocked state was decided (a hook said it first), or
        another one under the same state: the registry entry gets it."""
        reg = self.registry
        if reg is None:
            return
        now = self._dialog_now()
        if now != reg.entry.get("dialog"):
            self._update_registry(dialog=now)

    # ----------------------------------------------------------------- control socket

    def _on_control(self) -> None:
        if self.server is None:
            return
        now = time.monotonic()
        self._due = now
        for msg in self.server.receive():
            if msg.kind == "hook":
                event = str(msg.data.get("event", ""))
                data = msg.data.get("data") or {}
                if self.capture is not None:
                    self.capture.event("h", {"event": event, "data": data})
                p = self.pipeline if self.pipeline is not None else self._boot()
                p.hook(event, data if isinstance(data, dict) else {}, now)
            elif msg.kind == "send":
                from .registry import handle_send

                reply = handle_send(msg, current_state=self._state_now,
                                    write_child=self._write_child, schedule=self._schedule,
                                    reply=lambda r, m=msg: self._reply(m, r))
                if reply is not None:  # else it is sent after the Enter step
                    self.server.reply(msg, reply)
            elif msg.kind == "explain":
                self.server.reply(msg, self._explain())
            elif msg.kind == "answer":
                self._answer(msg)

    def _answer(self, msg: Any) -> None:
        """`osc7501wrap answer`: the job checks and types on this loop (session.answer)."""
        from .answer import AnswerJob

        def evaluate() -> Any:
            p = self.pipeline
            if p is None:
                from ..rules import Verdict

                return Verdict("idle", None, None, "", "", None, False)
            return p.evaluate_now(time.monotonic())

        wait = msg.data.get("wait")
        wait = min(max(float(wait), 0.2), 60.0) if isinstance(wait, int | float) else 5.0
        AnswerJob(msg.data, evaluate=evaluate, write=self._write_child,
                  schedule=self._schedule, reply=lambda r, m=msg: self._reply(m, r),
                  wait=wait).start()

    def _reply(self, msg: Any, reply: dict[str, Any]) -> None:
        if self.server is not None:
            self.server.reply(msg, reply)

    def _write_child(self, data: bytes) -> None:
        if self.proxy is not None:
            self.proxy.send_to_child(data)

    def _state_now(self) -> tuple[str, str | None, str | None]:
        """Re-classify right now (for `send`): a dialog on screen counts even if the
        published state has not caught up yet."""
        p = self.pipeline
        if p is None:
            return ("idle", None, None)
        verdict = p.evaluate_now(time.monotonic())
        if verdict.state == "blocked":
            return ("blocked", verdict.kind, verdict.msg)
        cur = p.current()
        return (cur.state, cur.kind, cur.msg)

    def _explain(self) -> dict[str, Any]:
        p = self.pipeline
        out: dict[str, Any] = {"ok": True}
        if p is not None:
            cur = p.current()
            out["decision"] = {"state": cur.state, "kind": cur.kind, "signal": cur.signal,
                               "detail": cur.detail}
            verdict = p.evaluate_now(time.monotonic())
            out["screen"] = {"state": verdict.state, "rule": verdict.rule_id,
                             "dialog": verdict.dialog and verdict.dialog.as_dict(),
                             "manifest": f"{verdict.manifest}@{verdict.manifest_version}",
                             "lines": p.screen.lines()}
            out["rules"] = _traces(p)
            out["signals"] = _jsonable(p.explain())
        out["buffers"] = self._buffers()
        return out

    def _buffers(self) -> dict[str, dict[str, int]]:
        """Each buffer's size now and its high-water mark, in bytes (the emitter's in
        reports; the log keeps nothing in memory: its lines written): for `explain
        --session` and the log's last line. Each part notes its mark where the buffer
        is trimmed or queues, not on the hot path."""
        def mark(size: int, high: int) -> dict[str, int]:
            return {"size": size, "high": max(size, high)}  # noted when it shrinks

        out = {"early": mark(self._early.size, self._early.high),
               "early_input": mark(self._typed.size, self._typed.high)}
        px, p, em = self.proxy, self.pipeline, self.emitter
        if p is not None:
            for name, (size, high) in p.buffers().items():
                out[name] = mark(size, high)
        if px is not None:
            out["tracker"] = mark(px.tracker.held, px.tracker.high)
            out["input"] = mark(px.pending_input, px.input_high)
        if em is not None:
            out["emitter"] = mark(em.queued, em.queue_high)
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
            tail, changes = p.finish(status, signaled is not None, now)
            out += tail
            for d in changes.decisions:
                if d is not self._decision:
                    self._publish(d, now)
        self._ended = {"status": status, "ended": time.time()}
        if self.registry is None and status != 0 and self.proxy is not None:
            self._open_registry(p.manifest if p is not None else None, write=False)
            d = self._decision
            if d is not None and self.registry is not None:  # seen by `events` when it ends
                self.registry.entry.update(state=d.state, kind=d.kind, msg=_one_line(d.msg))
        if self.capture is not None:
            self.capture.event("x", status)
        if self.tmux is not None:
            from ..fusion.fusion import exit_message

            self.tmux.finish(exit_message(status, signaled))
        if self.herdr is not None:
            self.herdr.finish()  # pane.release_agent, sent by close()
        if self.emitter is not None:
            out += self.emitter.pending(now) + self.emitter.final(status, signaled, now)
        if self.channels is not None:
            from ..fusion.fusion import exit_message

            out += self.channels.final(exit_message(status, signaled))
        if self._title_marked and self.proxy is not None:
            from ..protocol import sanitize_text

            own = sanitize_text(self.proxy.tracker.title or "", 160)
            out += b"\x1b]2;" + own.encode() + b"\x1b\\"  # the program's own title back
        if self._log is not None and self._log.lines:
            marks = " ".join(f"{k}={v['size']}/{v['high']}" for k, v in self._buffers().items()
                             if "high" in v)
            self._write_log(f"buffers {marks} (size/high-water: bytes, emitter reports)")
        return out

    def close(self) -> None:
        if self.pipeline is not None:
            from ..screen import finish_preload

            finish_preload()
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.registry is not None:
            if self._ended is not None:
                self.registry.end(**self._ended)
            else:
                self.registry.remove()
            self.registry = None
        if self.tmux is not None:
            self.tmux.close()
            self.tmux = None
        if self.herdr is not None:
            self.herdr.close()  # releases the pane if finish() did not (any exit path)
            self.herdr = None
        if self.capture is not None:
            self.capture.close()
        if self._log is not None:
            self._log.close()
            self._log = None

    def _write_log(self, text: str) -> None:
        if self._log is not None:
            self._log.write(text)


def _one_line(text: str | None) -> str:
    from ..protocol import sanitize_text

    return sanitize_text(text or "", 300)


def _traces(p: Pipeline) -> list[dict[str, Any]]:
    """Every rule of the session's manifest on its screen now, matched or not (the
    rules engine's own explain; the region text only for the winner)."""
    from ..rules import explain

    return [{"id": t.id, "state": t.state, "kind": t.kind, "matched": t.matched,
             "winner": t.winner, "region": t.region,
             "region_text": t.region_text if t.winner else "", "msg": t.msg,
             "parts": [{"depth": x.depth, "what": x.what, "matched": x.matched}
                       for x in t.parts]}
            for t in explain(p.manifest, p.snapshot())]


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in obj]
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)
