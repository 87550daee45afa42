"""Preparing a run: everything `wrap CMD` decides before the child starts.

:func:`prepare` reads the config, decides whether to write OSC 7501 (probing the
terminal when that is needed), checks ``--id``, makes the control socket's path and
tokens, and adds the agent's integration (its manifest's: Claude Code's hooks) to the
command line and the environment. The result is a :class:`Setup`; the manifest is chosen on first use of ``Setup.manifest``,
once the child runs, so loading the rules overlaps the child's start.
:meth:`Setup.spec` freezes it into the session's :class:`osc7501wrap.session.spec.RunSpec`. Only the chosen
built-in manifest is parsed, and its patterns are compiled at their first use
(:func:`osc7501wrap.rules.load_headers`).

Start-up boundary: imported by every ``wrap`` run before its child starts, so only cheap
imports at module level (os); the rest is imported where a run needs it.

Not in scope: running the child (:mod:`osc7501wrap.proxy.proxy`) or anything after its
start (:mod:`osc7501wrap.session.session`).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    from typing import Any

    from ..config import Config
    from ..report.detect import Terminal
    from ..rules import Manifest
    from ..session.spec import RunSpec

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
                 "forced_agent", "hook_token", "hooked", "host", "integration", "notes",
                 "outstanding_replies",
                 "record_id", "socket_path", "terminal", "token", "typeahead", "writes")

    def __init__(self, *, argv: list[str], env: dict[str, str], config: Config,
                 command: list[str], forced_agent: str | None, record_id: str, emit: bool,
                 host: bool, writes: bool, emit_reason: str, terminal: Terminal,
                 typeahead: bytes = b"", outstanding_replies: list[str] | None = None,
                 notes: list[str] | None = None) -> None:
        self.argv = argv
        self.env = env
        self.config = config
        self.command = command  # as the user gave it (argv may carry added hook arguments)
        self.forced_agent = forced_agent
        self.record_id = record_id
        self.emit = emit  # write OSC 7501 (else: fallbacks only)
        self.host = host  # strip and answer the child's own OSC 7501 (off with --emit never)
        self.writes = writes  # write anything at all to the terminal
        self.emit_reason = emit_reason
        self.terminal = terminal  # what the terminal is: the one reading of the environment
        self.typeahead = typeahead
        self.outstanding_replies: list[str] = [] if outstanding_replies is None else outstanding_replies
        self.token = ""
        self.hook_token = ""
        self.socket_path: str | None = None
        self.hooked = False  # the agent's integration reports to the control socket
        self.integration = ""  # its name (agents.INTEGRATIONS), "" for none
        self.notes: list[str] = [] if notes is None else notes
        self._manifest: Manifest | None = None

    @property
    def manifest(self) -> Manifest:
        """The rules for this program, loaded on first use here (`--agent`, user rules,
        an integration that needs the manifest: before the child starts); a run whose
        start did not need them has its session load them at the boot (session.boot)."""
        if self._manifest is None:
            from ..rules.choose import load_manifest

            m, notes = load_manifest(self.command, self.forced_agent,
                                     lambda name: self.config.for_agent(name).manifest)
            self.notes.extend(notes)
            self.config = self.config.for_agent(m.name)
            self._manifest = m
        return self._manifest

    def spec(self) -> RunSpec:
        """What the session runs with, frozen (session.spec.RunSpec); the manifest in it
        only if it was loaded here already."""
        from ..session.spec import RunSpec

        return RunSpec(
            argv=self.argv, command=self.command, env=self.env, config=self.config,
            forced_agent=self.forced_agent, record_id=self.record_id, emit=self.emit,
            emit_reason=self.emit_reason, host=self.host, writes=self.writes,
            terminal=self.terminal, typeahead=self.typeahead,
            outstanding_replies=self.outstanding_replies, token=self.token,
            hook_token=self.hook_token, socket_path=self.socket_path, hooked=self.hooked,
            integration=self.integration, notes=self.notes, manifest=self._manifest)


class _NoProbe:
    """An emit decision made without the probe module (it is not needed then)."""

    __slots__ = ("emit", "reason")
    probe = None

    def __init__(self, emit: bool, reason: str) -> None:
        self.emit = emit
        self.reason = reason


def _probe(depth: int) -> Any:
    """Probe the terminal on stdin/stdout, or None when that is impossible."""
    from ..protocol import probe

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
    from ..config import load_config
    from ..report.detect import detect
    from ..session import channel

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
        from ..protocol import valid_id

        if not valid_id(record_id):
            from ..errors import WrapError

            raise WrapError(f"--id {record_id!r} is not a valid OSC 7501 id "
                            "(segments of [A-Za-z0-9_.+-], at most 32 characters each, "
                            "separated by /)")

    terminal = detect(environ)  # the one reading of the terminal's variables ($TMUX too)
    depth = terminal.tmux.depth
    mode = opts.emit or early.emit
    stdout_tty = os.isatty(1)
    if mode == "never":
        decision = _NoProbe(False, "--emit never" if opts.emit else "config emit = never")
    elif not stdout_tty and mode != "always":
        decision = _NoProbe(False, "standard output is not a terminal")
    else:
        from ..protocol import probe

        decision = probe.decide_emit(None if mode == "auto" else mode, environ,
                                     lambda: _probe(depth))
    never = mode == "never"
    result = decision.probe
    setup = Setup(
        argv=list(opts.command), env=environ, config=cfg, command=list(opts.command),
        forced_agent=opts.agent, record_id=record_id, emit=decision.emit, host=not never,
        writes=not never and (stdout_tty or decision.emit), emit_reason=decision.reason,
        terminal=terminal, notes=notes,
        typeahead=result.typeahead if result is not None else b"",
        outstanding_replies=list(result.outstanding) if result is not None else [],
    )

    # The child's environment: who we are (no double wrapping), the hook channel.
    environ["OSC7501WRAP_SESSION"] = record_id
    setup.token = channel.new_token()
    setup.hook_token = channel.new_token()
    try:
        setup.socket_path = channel.socket_path()
    except OSError as err:
        notes.append(f"no control socket: {err}")
    # The agent's integration: its manifest's (the one `--agent` names, else the program's),
    # for a program that manifest names: its arguments mean nothing to any other program.
    load = bool(opts.agent) or _has_user_rules()  # the manifest is loaded before the start
    integration = (_integration(setup, opts, base, load or bool(early.manifest))
                   if opts.hooks and early.hooks else "")
    if integration and setup.socket_path:
        from .. import agents
        from .hook import hook_env

        if integration in agents.INTEGRATIONS:
            setup.hooked = True
            setup.integration = integration
            environ.update(hook_env(setup.socket_path, setup.hook_token, integration))
            argv, note = agents.command_args(integration, setup.argv)
            setup.argv = argv
        else:
            note = f"no integration named {integration!r} (the manifest's): not added"
        if note:
            notes.append(note)
    if load:
        # an unknown --agent is a usage error, and a broken user manifest is said on
        # stderr, before anything starts (without user manifests this waits for the boot)
        _ = setup.manifest
    return setup


def _integration(setup: Setup, opts: RunOptions, base: str, load: bool) -> str:
    """The integration of the manifest for this run ("" for none): `--agent`'s manifest's,
    or the one of the manifest whose programs include `base`. The built-in manifests'
    headers are read for it (:func:`builtin_integrations`) unless `--agent`, `load` (user
    manifests, a config `manifest =`) or their shape call for the manifest itself."""
    if not opts.agent and not load:
        found = builtin_integrations()
        if found is not None:
            return found.get(base.lower(), "")
    m = setup.manifest
    return m.integration if base.lower() in m.programs else ""


def _plain_string(text: str) -> str | None:
    inner = text[1:-1]
    if len(text) < 2 or text[0] != '"' or text[-1] != '"' or '"' in inner or "\\" in inner:
        return None
    return inner


_HEAD_READ = 8192


def builtin_integrations(directory: str | None = None) -> dict[str, str] | None:
    """program -> integration over the built-in manifests that name one, read from the
    plain lines of their [manifest] tables (``integration = "name"``, ``programs = ["a",
    "b"]``): tomllib and the rules package cost milliseconds before the child starts. The
    full load agrees on the shipped files (tests/unit/test_integrations.py). None when a
    table naming an integration is not in that shape: then the manifest is loaded."""
    if directory is None:  # as rules.builtin_rules_dir(), without pathlib
        package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        directory = os.path.join(package, "manifests")
        if not os.path.isdir(directory):
            directory = os.path.join(os.path.dirname(package), "rules")
    found: dict[str, str] = {}
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return found
    for name in names:
        if not name.endswith(".toml") or name.startswith("."):
            continue
        try:  # os.open, not open(): 13 files, half the time
            fd = os.open(os.path.join(directory, name), os.O_RDONLY | os.O_NONBLOCK)
            try:
                raw = os.read(fd, _HEAD_READ)  # the [manifest] table comes first
                if b"\n[[rule]]" not in raw:
                    raw += os.read(fd, 256 * 1024)
            finally:
                os.close(fd)
            raw = raw.split(b"\n[[rule]]", 1)[0]
            if b"\nintegration" not in raw:
                continue
            head = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the full load says why
        keys: dict[str, str] = {}
        table = False
        for line in head.splitlines():
            if line.startswith("["):
                table = line.strip() == "[manifest]"
                continue
            key, eq, value = line.partition("=")
            if table and eq and key.strip() in ("integration", "programs"):
                keys[key.strip()] = value.strip()
        if "integration" not in keys:
            continue
        integration = _plain_string(keys["integration"])
        programs = keys.get("programs", "[]")
        if integration is None or programs[:1] != "[" or programs[-1:] != "]":
            return None
        for word in programs[1:-1].split(","):
            if not word.strip():
                continue
            program = _plain_string(word.strip())
            if program is None:
                return None
            found.setdefault(program.lower(), integration)
    return found


def _has_user_rules() -> bool:
    """Does the user's rules directory hold a manifest? (One directory read.)"""
    from .. import paths

    try:
        with os.scandir(os.path.join(paths.config_dir(), "rules")) as it:
            return any(e.name.endswith(".toml") for e in it)
    except (OSError, RuntimeError, KeyError):
        return False
