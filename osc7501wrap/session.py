"""`wrap CMD`: wires the detection pipeline and the emitter to the proxy loop.

    run()  ─ config, manifest, terminal handshake, hook arguments, child environment
      └─ Proxy(argv, hooks=Session)          the loop (proxy.py)
            Session.output  ─▶ Pipeline.output (scanner: the child's own 7501) ─▶ passthrough
            Session.tick    ─▶ Pipeline.tick (screen, rules, fusion) ─▶ decisions
                                 ─▶ Emitter (reports), registry file, log
            Session.injection ─▶ Emitter.pending (only at safe points of the stream)
            control socket  ─▶ hook events, `send`, `explain --session`

Everything here is I/O and plumbing; deciding lives in the pipeline (:mod:`pipeline`), and
what bytes to write in the emitter (:mod:`emitter`). A failure in any side channel
(registry, socket, log) degrades that channel only; the passthrough never depends on it.

Start-up time: everything up to the child's start is paid by every ``wrap`` run, so this
module and what it imports before then (config, paths, channel, probe, tmux) avoid
typing, dataclasses, pathlib, socket, json and secrets. The registry entry (`ls`) is
written when the pipeline boots (BOOT_DELAY after the start, or once the first output
settles), except with Claude Code hooks, whose events may come at once: a program that
exits at once is never listed.
"""

from __future__ import annotations

import errno
import os
import sys
import time

from .proxy import Proxy, ProxyHooks

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .capture import CaptureWriter
    from .config import Config
    from .emitter import Emitter
    from .fusion import Decision
    from .pipeline import Pipeline
    from .probe import ReplyFilter
    from .rules import Manifest

FG_PERIOD = 0.25  # how often the foreground process group is sampled...
# ...on a tick that runs anyway; a wake-up of its own only this much later. The same
# for ACTIVITY_PERIOD: a 10 Hz spinner carries both, no extra wake-ups.
SAMPLE_SLACK = 0.25
BOOT_DELAY = 0.05  # build the pipeline this long after the start if nothing was output
BOOT_WAIT_MAX = 0.5  # after output, once it settles, or this long after its first byte
EARLY_KEEP = 1 << 20  # output kept for the screen model until the boot (its tail)
ACTIVITY_PERIOD = 0.5  # how often a program without agent rules is checked for work
ACTIVITY_CPU = 0.02  # CPU seconds per period that count as work
QUIET_IDLE = 5.0  # seconds without work before such a program reads as idle
TITLE_MARKS = {"working": "▶", "blocked": "⏸", "done": "✔", "error": "✖"}
PROBE_TIMEOUT = 0.3


class RunOptions:
    """What the command line asked for."""

    __slots__ = ("agent", "command", "emit", "hooks", "log", "record_id")

    def __init__(self, command: list[str], agent: str | None = None,
                 emit: str | None = None, record_id: str | None = None,
                 log: str | None = None, hooks: bool = True) -> None:
        self.command = command
        self.agent = agent
        self.emit = emit  # auto | always | never (None: from config, default auto)
        self.record_id = record_id
        self.log = log
        self.hooks = hooks


class Setup:
    """Everything decided before the child starts."""

    __slots__ = ("_manifest", "argv", "command", "config", "emit", "emit_reason", "env",
                 "forced_agent", "hook_token", "hooked", "host", "notes", "pending_replies",
                 "record_id", "report", "socket_path", "tmux_depth", "token", "typeahead")

    def __init__(self, *, argv: list[str], env: dict[str, str], config: Config,
                 command: list[str], forced_agent: str | None, record_id: str, emit: bool,
                 host: bool, report: bool, emit_reason: str, tmux_depth: int,
                 typeahead: bytes = b"", pending_replies: list[str] | None = None,
                 notes: list[str] | None = None) -> None:
        self.argv = argv
        self.env = env
        self.config = config
        self.command = command  # as the user gave it (argv may carry added hook arguments)
        self.forced_agent = forced_agent
        self.record_id = record_id
        self.emit = emit  # write OSC 7501 (else: fallbacks only)
        self.host = host  # strip and answer the child's own OSC 7501 (off with --emit never)
        self.report = report  # write anything at all to the terminal
        self.emit_reason = emit_reason
        self.tmux_depth = tmux_depth
        self.typeahead = typeahead
        self.pending_replies: list[str] = [] if pending_replies is None else pending_replies
        self.token = ""
        self.hook_token = ""
        self.socket_path: str | None = None
        self.hooked = False  # Claude Code hooks report to the control socket
        self.notes: list[str] = [] if notes is None else notes
        self._manifest: Manifest | None = None

    @property
    def manifest(self) -> Manifest:
        """The rules for this program, loaded on first use: the child is already
        running by then, so loading and compiling overlap its start-up."""
        if self._manifest is None:
            from . import rules

            catalog = rules.load_manifests()
            self.notes.extend(catalog.errors)
            forced = self.forced_agent
            m = rules.select_manifest(catalog, self.command, forced=forced)
            agent_cfg = self.config.for_agent(m.name)
            if agent_cfg.manifest and agent_cfg.manifest != m.name and not forced:
                m = rules.select_manifest(catalog, self.command, forced=agent_cfg.manifest)
            self.config = self.config.for_agent(m.name)
            self._manifest = m
        return self._manifest


class _NoProbe:
    """An emit decision made without the probe module (it is not needed then)."""

    __slots__ = ("emit", "reason")
    probe = None

    def __init__(self, emit: bool, reason: str) -> None:
        self.emit = emit
        self.reason = reason


def _probe(depth: int) -> Any:
    """Probe the terminal on stdin/stdout, or None when that is impossible."""
    from . import probe

    try:
        if not (os.isatty(0) and os.isatty(1)) or os.tcgetpgrp(0) != os.getpgrp():
            return None
    except OSError:
        return None
    try:
        with probe.raw_mode(0):
            return probe.probe_terminal(0, 1, timeout=PROBE_TIMEOUT, tmux_depth=depth)
    except OSError:
        return None


def prepare(opts: RunOptions, env: dict[str, str] | None = None) -> Setup:
    """Decide everything that must be known before the child starts."""
    from . import channel, tmux
    from .config import load_config

    environ = dict(os.environ if env is None else env)
    base = os.path.basename(opts.command[0]) if opts.command else ""
    cfg = load_config(env=environ)
    notes = list(cfg.problems)
    # Per-agent settings that matter before the start (emit, hooks) are looked up by
    # the program's name; the manifest itself is chosen after the child started.
    early = cfg.for_agent(opts.agent or base)

    # The default id is valid by construction; only --id needs the protocol module.
    record_id = opts.record_id or f"wrap/{os.getpid()}"
    if opts.record_id is not None:
        from .protocol import valid_id

        if not valid_id(record_id):
            from .errors import WrapError

            raise WrapError(f"--id {record_id!r} is not a valid OSC 7501 id "
                            "(segments of [A-Za-z0-9_.+-], at most 32 characters each, "
                            "separated by /)")

    depth = tmux.tmux_depth(environ)
    mode = opts.emit or early.emit
    stdout_tty = os.isatty(1)
    if mode == "never":
        decision = _NoProbe(False, "--emit never" if opts.emit else "config emit = never")
    elif not stdout_tty and mode != "always":
        decision = _NoProbe(False, "standard output is not a terminal")
    else:
        from . import probe

        decision = probe.decide_emit(None if mode == "auto" else mode, environ,
                                     lambda: _probe(depth))
    never = mode == "never"
    result = decision.probe
    setup = Setup(
        argv=list(opts.command), env=environ, config=cfg, command=list(opts.command),
        forced_agent=opts.agent, record_id=record_id, emit=decision.emit, host=not never,
        report=not never and (stdout_tty or decision.emit), emit_reason=decision.reason,
        tmux_depth=depth, notes=notes,
        typeahead=result.typeahead if result is not None else b"",
        pending_replies=list(result.pending) if result is not None else [],
    )

    # The child's environment: who we are (no double wrapping), the hook channel.
    environ["OSC7501WRAP_SESSION"] = record_id
    setup.token = channel.new_token()
    setup.hook_token = channel.new_token()
    try:
        setup.socket_path = channel.socket_path_str()
    except OSError as err:
        notes.append(f"no control socket: {err}")
    # Hooks go only to Claude Code itself, run by its own name: `--agent claude` picks
    # rules, it does not make another program accept Claude's --settings flag.
    use_hooks = opts.hooks and early.hooks and base == "claude"
    if use_hooks and setup.socket_path:
        from . import hooks

        setup.hooked = True
        environ.update(hooks.hook_env(setup.socket_path, setup.hook_token))
        argv, note = hooks.add_hook_args(setup.argv, hooks.claude_settings())
        setup.argv = argv
        if note:
            notes.append(note)
    if opts.agent or _has_user_rules():
        # an unknown --agent is a usage error, and a broken user manifest is said on
        # stderr, before anything starts (without user manifests this waits for the boot)
        _ = setup.manifest
    return setup


def _has_user_rules() -> bool:
    """Does the user's rules directory hold a manifest? (One directory read.)"""
    from . import paths

    try:
        with os.scandir(os.path.join(paths.config_dir_str(), "rules")) as it:
            return any(e.name.endswith(".toml") for e in it)
    except (OSError, RuntimeError, KeyError):
        return False


def _say_problems(notes: list[str]) -> None:
    """Every problem known before the start, one line each on stderr (as in the log)."""
    for note in notes:
        line = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in note)
        try:
            sys.stderr.write(f"wrap: {line}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            return


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
        self._log: int | None = None  # the --log file's descriptor (non-blocking)
        self._log_path = log_path
        self._log_tried = False
        self._log_dropped = 0  # lines a FIFO's slow reader did not take
        self._timers: list[tuple[float, Callable[[], None]]] = []
        self._fg: int | None = None
        self._fg_next = 0.0
        self._decision: Decision | None = None
        self._boot_at = 0.0
        self._due = 0.0  # the next time tick() has work (it returns at once before)
        self._tick_due = float("inf")  # the deadline the last full tick worked out
        self._eager = False  # after_activity() may settle the latest output at once
        self._title_on = False
        self._title_shown: str | None = None
        self._title_out = b""
        self._title_marked = False
        self._generic = False
        self._act_next = 0.0
        self._act_cpu: float | None = None
        self._act_out = 0
        self._act_last = 0.0
        self._act_busy = False
        self._exited = False
        self._early: list[tuple[bytes, float]] = []  # output before the boot, and when
        self._early_bytes = 0
        self._early_first: float | None = None  # when the first byte came (never trimmed)
        self._early_cut = False  # the start of the early output was dropped
        self._early_tail = b""  # a 7501 prefix at the end of the last early output
        self._split_plain: Callable[[bytes], tuple[bytes, bytes] | None] | None = None

    # ----------------------------------------------------------------- set-up

    def started(self, proxy: Proxy) -> None:
        """The child runs. Only cheap things here (the control socket, type-ahead, and
        with hooks the registry entry); the detection pipeline and the registry entry
        otherwise are made by :meth:`_boot`."""
        s = self.setup
        now = time.monotonic()
        self.proxy = proxy
        self._fg = proxy.child_pid
        self._boot_at = now + BOOT_DELAY
        typeahead = s.typeahead
        if s.pending_replies:
            from .probe import ReplyFilter

            self.filter = ReplyFilter(s.pending_replies, now)
            typeahead = self.filter.feed(typeahead, now)
        if typeahead:
            proxy.send_to_child(typeahead)
        self._open_server()  # now: the proxy asks for its fd once, right after this
        if s.hooked:  # hook events may come before the boot; so may `ls` and `send`
            self._open_registry()

    def _boot(self) -> Pipeline:
        """Build the pipeline and the emitter (manifests, screen model, rules): on the
        first input or hook event, on output that may hold the child's own OSC 7501,
        once the first output settles (see :meth:`_boot_due`), or BOOT_DELAY after the
        start. A program that exits at once without a word never pays for it."""
        if self.pipeline is not None:
            return self.pipeline
        began = time.monotonic()
        from .pipeline import Pipeline, Timings

        s = self.setup
        assert self.proxy is not None
        now = time.monotonic()
        manifest = s.manifest
        c = s.config.classifier
        timings = Timings(settle=c.settle_ms / 1000, idle_hold=c.idle_hold_ms / 1000,
                          sweep=c.sweep_ms / 1000, guard=c.hook_ttl_ms / 1000)
        rows, cols = self.proxy.size
        self.pipeline = p = Pipeline(manifest, rows=rows, cols=cols, now=now,
                                     timings=timings, backend=s.config.screen, host=s.host,
                                     tracker=self.proxy.tracker)
        self._open_log()
        manifest.health.log = lambda line: self._write_log(f"note {line}")
        for note in s.notes:
            self._write_log(f"note {note}")
        self._write_log(f"start argv={s.argv[:1]} manifest={manifest.name}@"
                        f"{manifest.version} emit={s.emit} ({s.emit_reason})")
        self._generic = manifest.name == "generic"
        if s.report:
            self.emitter = self._make_emitter()
            self._title_on = s.config.fallbacks.title and not s.emit
        if self.registry is not None:
            self.registry.update(agent=manifest.name, manifest_version=manifest.version)
        elif not self._exited:
            self._open_registry(manifest)
        self._publish(p.fusion.current(), now)
        self._replay_early(p, began)
        return p

    def _replay_early(self, p: Pipeline, began: float) -> None:
        """Hand the output that came before the boot to the pipeline, as it came."""
        early, self._early = self._early, []
        self._early_bytes = 0
        if early and self._early_cut:  # its start was dropped, as the backlog drops
            from .screen import resume_point

            first, at = early[0]
            early[0] = (first[resume_point(first):], at)
        for data, at in early:
            if data:
                p.output(data, at)
        if self._early_tail:  # the scanner holds it until the next output, as it would
            p.output(self._early_tail, early[-1][1] if early else began)
            self._early_tail = b""
        if early:
            p.caught_up(began, time.monotonic())
            self._due = min(self._due, early[-1][1] + p.timings.settle)

    def _make_emitter(self) -> Emitter:
        from .emitter import Emitter

        s = self.setup
        fb = s.config.fallbacks
        via = fb.notify_via
        if via == "auto":
            from .doctor import notify_channel

            via = notify_channel(via, s.env)
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

    def _app(self) -> str:
        """The app name in reports: the config's, the agent manifest's, or (for the
        generic manifest) the program's own name when it is a valid app name."""
        import re

        s = self.setup
        if s.config.app:
            return s.config.app
        if s.manifest.name == "generic" and s.argv:
            name = re.sub(r"[^A-Za-z0-9_.+-]", "", os.path.basename(s.argv[0]))[:32]
            if name:
                return name
        return s.manifest.app

    def _open_server(self) -> None:
        s = self.setup
        if s.socket_path:
            from .channel import ControlServer

            try:
                self.server = ControlServer(s.socket_path, s.token, s.hook_token)
            except OSError as err:
                s.notes.append(f"no control socket: {err}")

    def _open_registry(self, manifest: Manifest | None = None) -> None:
        """The registry entry (`osc7501wrap ls`), with the manifest once it is known."""
        s = self.setup
        assert self.proxy is not None
        from .registry import SessionFile, session_entry

        if manifest is not None:
            agent: str | None = manifest.name
            version: str | int | None = manifest.version
        else:
            agent = s.forced_agent or os.path.basename(s.command[0]) if s.command else None
            version = None
        self.registry = SessionFile()
        self.registry.create(session_entry(
            child_pid=self.proxy.child_pid, record_id=s.record_id, agent=agent,
            manifest_version=version, argv=s.argv[:1] + s.argv[1:][:16],
            socket=s.socket_path if self.server else None, token=s.token, state="idle"))

    def fds(self) -> list[tuple[int, Callable[[], None]]]:
        if self.server is not None and self.server.fileno() >= 0:
            return [(self.server.fileno(), self._on_control)]
        return []

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
        out = p.output(data, now)
        due = now + p.timings.settle  # when this output will have settled
        if due < self._due:
            self._due = due
        if p.answers or p.subreports or p.fusion.changed():
            self._due = now  # native reports and probes: handle them at once
        else:
            self._eager = p.eager_ready()
        return out

    def to_child(self) -> bytes:
        p = self.pipeline
        return p.take_answers() if p is not None and p.answers else b""

    def injection(self) -> bytes:
        if self.emitter is None:
            return b""
        out = self.emitter.pending(time.monotonic())
        if self._title_out:
            out, self._title_out = out + self._title_out, b""
        return out

    def _title_marker(self) -> None:
        """``[fallbacks] title``: without 7501, show the state in the window title, as a
        mark before the program's own title (set again whenever the program sets its
        title or the state changes)."""
        if not self._title_on or self._decision is None or self.proxy is None:
            return
        from .protocol import sanitize_text

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
            if self.proxy is not None:
                p = self.pipeline if self.pipeline is not None else self._boot()
                p.input(data, now, agent_in_front=self._fg == self.proxy.child_pid)
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

    def after_activity(self) -> float:
        """After a round of output/input, once it is written: a small first read after a
        pause (a spinner frame) is fed and read at once, and if the screen still reads
        as published nothing is due for it (one wake-up per frame instead of two).
        Returns when :meth:`tick` has work next: every path that makes work lowers
        ``_due``, so the loop needs no extra wake-up after each read to find out."""
        p = self.pipeline
        if p is None:
            return self._boot_due()
        if self._eager:
            self._eager = False
            now = time.monotonic()
            if self._due > now and p.confirm_now(now):  # nothing else is pending now
                self._sample_foreground(now)
                if self._generic:
                    self._sample_activity(p, now)
                self._due = self._sampling_due(self._tick_due, p.next_deadline(now))
        return self._due

    def _boot_due(self) -> float:
        """When the pipeline is built, if nothing forces it sooner: BOOT_DELAY after the
        start without output; after output, once it settles (as the screen model would
        wait anyway), or BOOT_WAIT_MAX after its first byte if it keeps coming."""
        if not self._early:
            return self._boot_at
        settle = self.setup.config.classifier.settle_ms / 1000
        first = self._early[0][1] if self._early_first is None else self._early_first
        return min(self._early[-1][1] + settle, first + BOOT_WAIT_MAX)

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
                from .protocol import split_plain as split

                self._split_plain = split
            parts = split(data)
            if parts is None:
                return None
            data, self._early_tail = parts
        # else the child's OSC 7501 passes untouched, and the pipeline reads it later
        if data:
            early = self._early
            if self._early_first is None:
                self._early_first = now
            early.append((data, now))
            self._early_bytes += len(data)
            while self._early_bytes - len(early[0][0]) >= EARLY_KEEP:
                self._early_bytes -= len(early.pop(0)[0])
                self._early_cut = True
        return data

    def tick(self, now: float) -> float | None:
        p = self.pipeline
        if p is None:
            due = self._boot_due()
            if now < due:
                return due
            p = self._boot()
        elif now < self._due:
            return self._due  # nothing due: the loop calls this after every read
        deadlines: list[float] = []
        if self.filter is not None:
            held = self.filter.feed(b"", now)
            if held and self.proxy is not None:
                self.proxy.send_to_child(held)
            d = self.filter.deadline
            if d is not None:
                deadlines.append(d)
            if not self.filter.active:
                self.filter = None
        self._run_timers(now, deadlines)
        self._sample_foreground(now)
        if self._generic:
            self._sample_activity(p, now)
        pipeline_due = p.tick(now)
        for decision in p.fusion.drain():
            self._publish(decision, now)
        if p.subreports and self.emitter is not None:
            for rep in p.subreports:
                self.emitter.subrecord(rep.id or "", rep, now)
        p.subreports.clear()
        if self.emitter is not None:
            d = self.emitter.due(now)
            if d is not None:
                deadlines.append(d)
        if self._title_on and self.proxy is not None:
            if any(code == "title" for code, _ in self.proxy.tracker.take_events()):
                self._title_shown = None  # the program set its title: mark it again
            self._title_marker()
        if self.registry is not None:
            wait = self.registry.next_flush_in()
            if wait is not None:
                if wait <= 0:
                    self.registry.flush()
                else:
                    deadlines.append(now + wait)
        # the deadlines after_activity() does not work out again itself
        self._tick_due = min(deadlines) if deadlines else float("inf")
        self._due = self._sampling_due(self._tick_due, pipeline_due)
        return self._due if self._due != float("inf") else None

    def _sampling_due(self, due: float, pipeline_due: float | None) -> float:
        """`due` with the samples' and the pipeline's next deadlines."""
        due = min(due, self._fg_next + SAMPLE_SLACK)
        if self._generic:
            due = min(due, self._act_next + SAMPLE_SLACK)
        return due if pipeline_due is None else min(due, pipeline_due)

    def _sample_foreground(self, now: float) -> None:
        if now < self._fg_next or self.proxy is None or self.pipeline is None:
            return
        self._fg_next = now + FG_PERIOD
        from .procinfo import foreground_pgrp, process_name

        pg = foreground_pgrp(self.proxy.master_fd)
        if pg is None or pg == self._fg:
            return
        self._fg = pg
        is_agent = pg == self.proxy.child_pid
        name = process_name(pg) or ""
        self.pipeline.foreground(pg, name, is_agent, now)

    def _sample_activity(self, p: Pipeline, now: float) -> None:
        """For a program without agent rules: busy while it uses CPU, runs child
        processes or writes output the user did not just type; idle after QUIET_IDLE
        seconds of none of that. /proc of that one pid only; without /proc, output."""
        if now < self._act_next or self.proxy is None:
            return
        self._act_next = now + ACTIVITY_PERIOD
        from .procinfo import child_pids, cpu_time

        pid = self.proxy.child_pid
        cpu, kids = cpu_time(pid), child_pids(pid)
        typed = now - p.last_input < 0.5  # echo and key handling are not work
        why = ""
        if kids:
            why = f"running {len(kids)} child process{'es' if len(kids) > 1 else ''}"
        elif not typed and cpu is not None and self._act_cpu is not None \
                and cpu - self._act_cpu >= ACTIVITY_CPU:
            why = "using CPU"
        elif not typed and p.output_bytes > self._act_out:
            why = "writing output"
        self._act_cpu, self._act_out = cpu, p.output_bytes
        if why:
            self._act_last = now
        busy = bool(why) or (self._act_busy and now - self._act_last < QUIET_IDLE)
        if busy != self._act_busy:
            self._act_busy = busy
            p.fusion.activity(busy, why or f"quiet for {QUIET_IDLE:.0f} s", now)

    def _run_timers(self, now: float, deadlines: list[float]) -> None:
        if not self._timers:
            return
        due = [t for t in self._timers if t[0] <= now]
        self._timers = [t for t in self._timers if t[0] > now]
        for _, fn in due:
            fn()
        deadlines.extend(t[0] for t in self._timers)

    def _schedule(self, delay: float, fn: Callable[[], None]) -> None:
        when = time.monotonic() + delay
        self._timers.append((when, fn))
        self._due = min(self._due, when)

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
        if self.registry is not None:
            self.registry.update(state=decision.state, kind=decision.kind,
                                 msg=_one_line(decision.msg or ""))

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
        cur = p.fusion.current()
        return (cur.state, cur.kind, cur.msg)

    def _explain(self) -> dict[str, Any]:
        p = self.pipeline
        out: dict[str, Any] = {"ok": True}
        if p is not None:
            cur = p.fusion.current()
            out["decision"] = {"state": cur.state, "kind": cur.kind, "signal": cur.signal,
                               "detail": cur.detail}
            verdict = p.evaluate_now(time.monotonic())
            out["screen"] = {"state": verdict.state, "rule": verdict.rule_id,
                             "manifest": f"{verdict.manifest}@{verdict.manifest_version}",
                             "lines": p.screen.lines()}
            out["signals"] = _jsonable(p.explain())
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
            out += p.scanner.flush()
            decision = p.exited(status, signaled is not None, now)
            for d in p.fusion.drain():
                self._publish(d, now)
            if self._decision is not decision:
                self._publish(decision, now)
        if self.capture is not None:
            self.capture.event("x", status)
        if self.emitter is not None:
            out += self.emitter.pending(now) + self.emitter.final(status, signaled, now)
        if self._title_marked and self.proxy is not None:
            from .protocol import sanitize_text

            own = sanitize_text(self.proxy.tracker.title or "", 160)
            out += b"\x1b]2;" + own.encode() + b"\x1b\\"  # the program's own title back
        return out

    def close(self) -> None:
        if self.pipeline is not None:
            from .screen import finish_preload

            finish_preload()
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.registry is not None:
            self.registry.remove()
            self.registry = None
        if self.capture is not None:
            self.capture.close()
        if self._log is not None:
            try:
                os.close(self._log)
            except OSError:
                pass
            self._log = None

    # ----------------------------------------------------------------- log

    def _open_log(self) -> None:
        """Open --log without ever blocking (a FIFO nobody reads is an error, not a
        wait) and write its first line at once, so that a log that cannot take writes
        (/dev/full, a full disk) is said on stderr before the child starts."""
        if not self._log_path or self._log_tried:
            return
        self._log_tried = True
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            self._log = os.open(self._log_path, flags, 0o600)
        except OSError as err:
            why = ("a FIFO nobody reads" if err.errno == errno.ENXIO
                   else err.strerror or str(err))
            _say_problems([f"--log {self._log_path}: {why}; no log is written"])
            return
        self._write_log(f"log of wrap pid {os.getpid()}", say=True)

    def _write_log(self, text: str, say: bool = False) -> None:
        """One line to the log; never blocks: a line a slow FIFO reader cannot take now
        is dropped (and counted), and a log that fails is closed."""
        if self._log is None:
            return
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())
        frac = f"{time.time() % 1:.3f}"[1:]
        try:
            os.write(self._log, f"{stamp}{frac} {text}\n".encode("utf-8", "replace"))
        except BlockingIOError:
            self._log_dropped += 1
        except OSError as err:
            fd, self._log = self._log, None
            try:
                os.close(fd)
            except OSError:
                pass
            if say:
                _say_problems([f"--log {self._log_path}: {err.strerror or err}; "
                               "no log is written"])


def _one_line(text: str | None) -> str:
    from .protocol import sanitize_text

    return sanitize_text(text or "", 300)


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in obj]
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)


def run(opts: RunOptions) -> int:
    setup = prepare(opts)
    _say_problems(setup.notes)
    session = Session(setup, log_path=opts.log)
    session._open_log()  # before the start: a log that cannot be written is said now
    try:
        return Proxy(setup.argv, hooks=session, env=setup.env).run()
    finally:
        session.close()
