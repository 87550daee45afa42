"""The user's configuration: `config.toml` in the config directory, plus environment overrides.

What it does: reads the file with stdlib `tomllib`, checks every value against the keys
listed in :data:`KEYS`, and returns a frozen :class:`Config` with typed fields, where each
effective value came from (``config.sources``) and one line per problem (``config.problems``).
A bad value, an unknown key or a TOML syntax error never raises: it becomes one line such as
``config: ~/.config/osc7501wrap/config.toml:7: fallbacks.cooldown: expected a number, got "x";
using 30`` and the default stays in force.

Precedence, lowest first: built-in default, the file's top level, the file's
``[agents.<name>]`` table (through :meth:`Config.for_agent`), the environment
(``OSC7501WRAP_EMIT``, ``OSC7501WRAP_SCREEN``, ``OSC7501WRAP_HOOKS``), the command line
(applied by the caller).

What it does not do: write the file, or run anything. No key names a program or a command,
and a key that tries to (``command``, ``exec``, ...) is reported and ignored; the config can
only choose between behaviours wrap already has.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Mapping

from . import paths
from .frozen import Frozen  # not dataclasses: 6.0 ms before the child (see frozen.py)

EMIT_MODES = ("auto", "always", "never")
SCREEN_BACKENDS = ("auto", "pyte", "ghostty")
NOTIFY_STATES = ("blocked", "done", "error")
#: The notification channels (osc7501wrap.report.emitter) and the terminals' own channels
#: (osc7501wrap.report.terminals): the one list of their names.
NOTIFICATIONS = ("osc9", "osc777", "osc99", "bel")
TERMINAL_CHANNELS = ("uservar", "osc99", "osc26")
NOTIFY_VIA = ("auto", *NOTIFICATIONS)
CHANNELS = ("auto", *TERMINAL_CHANNELS, "none")

_NAME_PATTERN = r"[A-Za-z0-9_.+-]{1,32}"
_BOOL_WORDS = {"1": True, "true": True, "yes": True, "on": True,
               "0": False, "false": False, "no": False, "off": False}
# Keys that would make the config name a program. None exists; these get a clearer message.
_COMMAND_LIKE = {"command", "cmd", "exec", "run", "program", "shell", "script", "hook_command",
                 "argv", "args", "path", "executable", "notify_command", "on_blocked",
                 "on_done", "on_error", "ssh", "ssh_command", "remote_program"}

MAX_MS = 3_600_000
MAX_COOLDOWN = 86_400
MAX_RETENTION_DAYS = 36_500
MAX_LEDGER_MB = 65_536


class Fallbacks(Frozen):
    """What wrap writes besides OSC 7501, for terminals (or tmux) that lack it."""

    FIELDS = ("progress", "title", "notify", "notify_via", "cooldown", "channels")
    __slots__ = FIELDS
    progress: bool  # mirror the state to OSC 9;4
    title: bool  # put a state marker in the window title
    notify: tuple[str, ...]  # states that raise a desktop notification
    notify_via: str  # one of NOTIFY_VIA
    cooldown: float  # seconds between two notifications for one session and state
    channels: tuple[str, ...]  # other terminals' channels: of CHANNELS

    def __init__(self, progress: bool = True, title: bool = False,
                 notify: tuple[str, ...] = ("blocked",), notify_via: str = "auto",
                 cooldown: float = 30.0, channels: tuple[str, ...] = ("auto",)) -> None:
        self._init(progress, title, notify, notify_via, cooldown, channels)


class ClassifierConfig(Frozen):
    """The ``[classifier]`` table: timings of the classifier and fusion (milliseconds)."""

    FIELDS = ("settle_ms", "idle_hold_ms", "guard_ms")
    __slots__ = FIELDS
    settle_ms: int
    idle_hold_ms: int
    guard_ms: int  # an edge's guard: how long a hook, native report or Enter outranks the screen

    def __init__(self, settle_ms: int = 40, idle_hold_ms: int = 700,
                 guard_ms: int = 1500) -> None:
        self._init(settle_ms, idle_hold_ms, guard_ms)


class LedgerConfig(Frozen):
    """The ``[ledger]`` table: the local record of state changes (`osc7501wrap stats`)."""

    FIELDS = ("enabled", "messages", "retention_days", "max_mb")
    __slots__ = FIELDS
    enabled: bool  # every session appends its state changes
    messages: bool  # keep the message too (redacted)
    retention_days: float  # rows older than this are pruned
    max_mb: float  # the database's size bound

    def __init__(self, enabled: bool = True, messages: bool = False,
                 retention_days: float = 90.0, max_mb: float = 64.0) -> None:
        self._init(enabled, messages, retention_days, max_mb)


class RedactConfig(Frozen):
    """The ``[redact]`` table: the user's own secret shapes (RE2 patterns), besides the
    built-in ones (osc7501wrap.protocol.redact)."""

    FIELDS = ("patterns",)
    __slots__ = FIELDS
    patterns: tuple[str, ...]

    def __init__(self, patterns: tuple[str, ...] = ()) -> None:
        self._init(patterns)


class FleetConfig(Frozen):
    """The ``[fleet]`` table: the other machines `watch`, `ls`, `events` and `jump` show
    (ssh destinations as the user's ssh knows them) and how long one may stay silent."""

    FIELDS = ("hosts", "timeout")
    __slots__ = FIELDS
    hosts: tuple[str, ...]
    timeout: float  # seconds: ssh's ConnectTimeout, and silence before "offline"

    def __init__(self, hosts: tuple[str, ...] = (), timeout: float = 10.0) -> None:
        self._init(hosts, timeout)


class AgentConfig(Frozen):
    """One `[agents.<name>]` table. None means "not set here"."""

    FIELDS = ("emit", "hooks", "manifest", "app", "enabled")
    __slots__ = FIELDS
    emit: str | None
    hooks: bool | None
    manifest: str | None
    app: str | None
    enabled: bool | None

    def __init__(self, emit: str | None = None, hooks: bool | None = None,
                 manifest: str | None = None, app: str | None = None,
                 enabled: bool | None = None) -> None:
        self._init(emit, hooks, manifest, app, enabled)


class Config(Frozen):
    """The effective configuration. Build it with :func:`load_config`.

    ``path`` is the config file's path as a string (pathlib is not imported on wrap's
    start-up path)."""

    FIELDS = ("emit", "screen", "hooks", "fallbacks", "classifier", "ledger", "redact",
              "fleet", "agents", "agent", "manifest", "app", "enabled", "path", "sources",
              "problems")
    __slots__ = ("agent", "agents", "app", "classifier", "emit", "enabled", "fallbacks",
                 "fleet", "hooks", "ledger", "manifest", "path", "problems", "redact", "screen",
                 "sources")
    emit: str
    screen: str
    hooks: bool
    fallbacks: Fallbacks
    classifier: ClassifierConfig
    fleet: FleetConfig
    agents: Mapping[str, AgentConfig]
    # Set by for_agent(): the agent these values are for, and its overrides.
    agent: str | None
    manifest: str | None
    app: str | None
    enabled: bool
    path: str | None  # the config file these values were read from (or would be)
    sources: dict[str, str]
    problems: list[str]
    ledger: LedgerConfig
    redact: RedactConfig

    def __init__(self, emit: str = "auto", screen: str = "auto", hooks: bool = True,
                 fallbacks: Fallbacks | None = None, classifier: ClassifierConfig | None = None,
                 ledger: LedgerConfig | None = None, redact: RedactConfig | None = None,
                 fleet: FleetConfig | None = None,
                 agents: Mapping[str, AgentConfig] | None = None, agent: str | None = None,
                 manifest: str | None = None, app: str | None = None, enabled: bool = True,
                 path: str | os.PathLike[str] | None = None,
                 sources: dict[str, str] | None = None,
                 problems: list[str] | None = None) -> None:
        self._init(emit, screen, hooks,
                   Fallbacks() if fallbacks is None else fallbacks,
                   ClassifierConfig() if classifier is None else classifier,
                   LedgerConfig() if ledger is None else ledger,
                   RedactConfig() if redact is None else redact,
                   FleetConfig() if fleet is None else fleet,
                   {} if agents is None else agents, agent, manifest, app, enabled,
                   None if path is None else os.fspath(path),
                   {} if sources is None else sources,
                   [] if problems is None else problems)

    def for_agent(self, name: str) -> Config:
        """The configuration with `[agents.<name>]` applied (the environment still wins)."""
        over = self.agents.get(name)
        sources = dict(self.sources)
        changes: dict[str, object] = {"agent": name}
        if over is not None:
            for key in ("emit", "hooks", "manifest", "app", "enabled"):
                value = getattr(over, key)
                if value is None:
                    continue
                if key in ("emit", "hooks") and sources.get(key, "").startswith("env "):
                    continue
                changes[key] = value
                sources[key] = sources.get(f"agents.{name}.{key}", "config")
        return self.replace(sources=sources, problems=list(self.problems), **changes)

    def disabled_agents(self) -> list[str]:
        """Agents that `[agents.<name>] enabled = false` keeps out of the shell integration."""
        return sorted(n for n, a in self.agents.items() if a.enabled is False)

    def effective(self) -> dict[str, object]:
        """Every effective value by dotted key (JSON-compatible), in documentation order."""
        out: dict[str, object] = {
            "emit": self.emit, "screen": self.screen, "hooks": self.hooks,
        }
        for name in Fallbacks.FIELDS:
            v = getattr(self.fallbacks, name)
            out[f"fallbacks.{name}"] = list(v) if isinstance(v, tuple) else v
        for name in ClassifierConfig.FIELDS:
            out[f"classifier.{name}"] = getattr(self.classifier, name)
        for name in LedgerConfig.FIELDS:
            out[f"ledger.{name}"] = getattr(self.ledger, name)
        out["redact.patterns"] = list(self.redact.patterns)
        out["fleet.hosts"] = list(self.fleet.hosts)
        out["fleet.timeout"] = self.fleet.timeout
        if self.agent is not None:
            out["manifest"] = self.manifest
            out["app"] = self.app
            out["enabled"] = self.enabled
        for name in sorted(self.agents):
            for key in AgentConfig.FIELDS:
                v = getattr(self.agents[name], key)
                if v is not None:
                    out[f"agents.{name}.{key}"] = v
        return out


#: Every key the file may hold, with its type description (used by checks and docs).
KEYS: dict[str, str] = {
    "emit": "auto | always | never",
    "screen": "auto | pyte | ghostty",
    "hooks": "true | false",
    "fallbacks.progress": "true | false",
    "fallbacks.title": "true | false",
    "fallbacks.notify": "list of blocked, done, error",
    "fallbacks.notify_via": " | ".join(NOTIFY_VIA),
    "fallbacks.cooldown": "seconds",
    "fallbacks.channels": "list of " + ", ".join(CHANNELS),
    "classifier.settle_ms": "milliseconds",
    "classifier.idle_hold_ms": "milliseconds",
    "classifier.guard_ms": "milliseconds",
    "ledger.enabled": "true | false",
    "ledger.messages": "true | false",
    "ledger.retention_days": "days",
    "ledger.max_mb": "megabytes",
    "redact.patterns": "list of RE2 patterns",
    "fleet.hosts": "list of ssh destinations (as your ssh knows them)",
    "fleet.timeout": "seconds",
    "agents.NAME.emit": "auto | always | never",
    "agents.NAME.hooks": "true | false",
    "agents.NAME.manifest": "manifest name",
    "agents.NAME.app": "app name reported in OSC 7501",
    "agents.NAME.enabled": "true | false",
}

EXAMPLE = """\
# ~/.config/osc7501wrap/config.toml (every key is optional; these are the defaults)

emit = "auto"        # auto: probe the terminal; always; never
screen = "auto"      # screen model: auto, pyte, ghostty (libghostty-vt through pyghostty)
hooks = true         # add Claude Code hooks through --settings

[fallbacks]
progress = true      # mirror the state to OSC 9;4 (progress bars, tmux >= 3.7)
title = false        # put a state marker in the window title
notify = ["blocked"] # states that raise a desktop notification; [] turns them off
notify_via = "auto"  # {notify_via}
cooldown = 30        # seconds between two notifications for one session and state
channels = ["auto"]  # other terminals' own channels: uservar (iTerm2, WezTerm), osc99
                     # (kitty), osc26 (Otty); auto: those the terminal says it takes

[classifier]
settle_ms = 40       # wait for output to settle before classifying
idle_hold_ms = 700   # hold working this long before dropping to idle
guard_ms = 1500      # how long a hook, native report or Enter outranks the screen

[ledger]
enabled = true       # every session appends its state changes (osc7501wrap stats)
messages = false     # keep each change's message too (redacted); off: agent, project,
                     # state, kind and times only
retention_days = 90  # rows older than this are pruned
max_mb = 64          # the database's size bound (the oldest rows go first)

[redact]
patterns = []        # your own secret shapes (RE2), hidden like the built-in ones
                     # (the first group, or the whole match): ["corp-[0-9a-f]{32}"]
[fleet]
hosts = []           # other machines for watch, ls, events, jump: ssh destinations as
                     # your ssh knows them, e.g. ["build-box", "me@gpu1"] (reached with
                     # ssh HOST osc7501wrap feed: your ssh config, keys, agent, ControlMaster)
timeout = 10         # seconds a machine may take to connect or stay silent: then offline

[agents.codex]
emit = "never"       # per agent: emit, hooks, manifest, app, enabled
enabled = false      # keep codex out of the shell integration
""".replace("{notify_via}", ", ".join(NOTIFY_VIA))


# ----------------------------------------------------------------------------- locating lines

# Compiled on first use (re caches them): the config is read before the child starts, and
# compiling these at import costs about 5 ms there (python -X importtime); only a config
# file that exists needs them.
_HEADER_PATTERN = r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$"
_KEYLINE_PATTERN = r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*="""
_PART_PATTERN = r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'"""


def _split_key(text: str) -> list[str]:
    return [p[1:-1] if p[:1] in "\"'" else p for p in re.findall(_PART_PATTERN, text)]


def _key_lines(text: str) -> dict[str, int]:
    """Map dotted keys (and table names) to the line that sets them (best effort)."""
    header_re, keyline_re = re.compile(_HEADER_PATTERN), re.compile(_KEYLINE_PATTERN)
    lines: dict[str, int] = {}
    table: list[str] = []
    in_multiline: str | None = None
    for n, line in enumerate(text.splitlines(), start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        m = header_re.match(line)
        if m and not line.lstrip().startswith("[["):
            table = _split_key(m.group(1))
            lines.setdefault(".".join(table), n)
            continue
        m = keyline_re.match(line)
        if m:
            key = ".".join([*table, *_split_key(m.group(1))])
            lines.setdefault(key, n)
            rest = line[m.end():]
            for q in ('"""', "'''"):
                if rest.count(q) % 2 == 1:
                    in_multiline = q
    return lines


# ----------------------------------------------------------------------------- checking values

#: A key's check of its raw TOML value: (valid, the value to use, what was expected).
Check = Callable[[object], tuple[bool, object, str]]


class _Loader:
    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = _key_lines(text)
        self.sources: dict[str, str] = {}
        self.problems: list[str] = []

    def where(self, key: str) -> str:
        line = self.lines.get(key)
        return f"{show_path(self.path)}:{line}" if line else show_path(self.path)

    def problem(self, key: str, message: str) -> None:
        self.problems.append(f"config: {self.where(key)}: {key}: {message}")

    def bad(self, key: str, expected: str, got: object, default: object) -> None:
        self.problem(key, f"expected {expected}, got {toml_repr(got)}; using {toml_repr(default)}")

    def unknown(self, key: str, allowed: list[str]) -> None:
        last = key.rsplit(".", 1)[-1]
        if last.lower() in _COMMAND_LIKE:
            self.problem(key, "wrap never runs a program named in its config "
                              "(there is no such key); ignored")
        else:
            self.problem(key, f"unknown key (known here: {', '.join(allowed)}); ignored")

    def take(self, key: str, raw: object, check: Check, default: object) -> object:
        ok, value, expected = check(raw)
        if not ok:
            self.bad(key, expected, raw, default)
            return default
        self.sources[key] = self.where(key)
        return value


def show_path(path: str | os.PathLike[str]) -> str:
    home = os.path.expanduser("~")
    s = os.fspath(path)
    if home not in ("", "/") and (s == home or s.startswith(home + os.sep)):
        return "~" + s[len(home):]
    return s


#: The characters a TOML basic string writes with a short escape.
_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                 "\f": "\\f", "\r": "\\r"}


def toml_string(text: str) -> str:
    """`text` as a TOML basic string in ASCII: printable ASCII as is, controls, DEL and
    every other character escaped (``\\uXXXX``, ``\\UXXXXXXXX`` past the BMP), so it
    reads back as `text` and shows no raw control or invisible character."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[ch])
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def toml_repr(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_repr(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, str):
        return toml_string(value)
    return str(value)


def _enum(choices: tuple[str, ...]) -> Check:
    expected = ", ".join(choices[:-1]) + " or " + choices[-1]

    def check(raw: object) -> tuple[bool, object, str]:
        return (isinstance(raw, str) and raw in choices, raw, expected)

    return check


def _bool(raw: object) -> tuple[bool, object, str]:
    return (isinstance(raw, bool), raw, "true or false")


def _number(maximum: float, integer: bool) -> Check:
    def check(raw: object) -> tuple[bool, object, str]:
        expected = f"a number from 0 to {maximum:g}"
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            return (False, raw, expected)
        if not math.isfinite(raw) or raw < 0 or raw > maximum:
            return (False, raw, expected)
        return (True, round(raw) if integer else float(raw), expected)

    return check


def _valid_name(name: str) -> bool:
    return re.fullmatch(_NAME_PATTERN, name) is not None


def _name(raw: object) -> tuple[bool, object, str]:
    return (isinstance(raw, str) and _valid_name(raw), raw,
            "a name of 1 to 32 letters, digits or _.+-")


def _notify(raw: object) -> tuple[bool, object, str]:
    expected = 'a list of "blocked", "done", "error" (or [])'
    if not isinstance(raw, list) or not all(isinstance(s, str) and s in NOTIFY_STATES
                                            for s in raw):
        return (False, raw, expected)
    return (True, tuple(dict.fromkeys(raw)), expected)


def _channels(raw: object) -> tuple[bool, object, str]:
    expected = ("a list of " + ", ".join(f'"{c}"' for c in CHANNELS if c != "none")
                + ' (or ["none"])')
    if not isinstance(raw, list) or not all(isinstance(s, str) and s in CHANNELS for s in raw):
        return (False, raw, expected)
    return (True, tuple(dict.fromkeys(raw)), expected)


def _patterns(raw: object) -> tuple[bool, object, str]:
    expected = "a list of RE2 patterns (at most 32, each up to 512 characters)"
    if not isinstance(raw, list) or len(raw) > 32 or not all(
            isinstance(p, str) and p for p in raw):
        return (False, raw, expected)
    # lazy: only a file that names patterns pays for RE2 here (it is not on wrap's
    # start-up path otherwise): each must compile, or the list is refused with its reason.
    from .protocol.redact import PatternError, compile_user

    for p in raw:
        try:
            compile_user(p)
        except PatternError as err:
            return (False, raw, f"{expected}; {toml_repr(p)}: {err}")
    return (True, tuple(raw), expected)


_TOP_CHECKS: dict[str, Check] = {
    "emit": _enum(EMIT_MODES),
    "screen": _enum(SCREEN_BACKENDS),
    "hooks": _bool,
}
_FALLBACK_CHECKS: dict[str, Check] = {
    "progress": _bool,
    "title": _bool,
    "notify": _notify,
    "notify_via": _enum(NOTIFY_VIA),
    "cooldown": _number(MAX_COOLDOWN, integer=False),
    "channels": _channels,
}
_CLASSIFIER_CHECKS: dict[str, Check] = {
    "settle_ms": _number(MAX_MS, integer=True),
    "idle_hold_ms": _number(MAX_MS, integer=True),
    "guard_ms": _number(MAX_MS, integer=True),
}
_LEDGER_CHECKS: dict[str, Check] = {
    "enabled": _bool,
    "messages": _bool,
    "retention_days": _number(MAX_RETENTION_DAYS, integer=False),
    "max_mb": _number(MAX_LEDGER_MB, integer=False),
}
_REDACT_CHECKS: dict[str, Check] = {"patterns": _patterns}
#: An ssh destination as `--host` and `[fleet] hosts` take it: [user@]host, an alias of
#: the user's ssh config; never an option (no leading "-"), no ":" (answer HOST:SESSION)
HOST_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.@%+-]{0,127}"
MAX_HOSTS = 32
MIN_TIMEOUT, MAX_TIMEOUT = 2.0, 300.0


def valid_host(name: str) -> bool:
    return re.fullmatch(HOST_PATTERN, name) is not None


def _hosts(raw: object) -> tuple[bool, object, str]:
    expected = (f"a list of at most {MAX_HOSTS} ssh destinations ([user@]host: letters, "
                "digits, _.@%+-, not starting with -)")
    if not isinstance(raw, list) or len(raw) > MAX_HOSTS or not all(
            isinstance(h, str) and valid_host(h) for h in raw):
        return (False, raw, expected)
    return (True, tuple(dict.fromkeys(raw)), expected)


def _timeout(raw: object) -> tuple[bool, object, str]:
    expected = f"a number of seconds from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g}"
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw) \
            or not MIN_TIMEOUT <= raw <= MAX_TIMEOUT:
        return (False, raw, expected)
    return (True, float(raw), expected)


_FLEET_CHECKS: dict[str, Check] = {"hosts": _hosts, "timeout": _timeout}
#: Keys read under their name of before (a file that sets one means the key of now).
_RENAMED = {"classifier.hook_ttl_ms": "guard_ms"}
#: Keys that once had an effect: a file that sets one still loads, with this said.
_RETIRED = {"classifier.sweep_ms": "no effect any more (a screen that did not change is "
                                   "not read again); ignored"}
_AGENT_CHECKS: dict[str, Check] = {
    "emit": _enum(EMIT_MODES),
    "hooks": _bool,
    "manifest": _name,
    "app": _name,
    "enabled": _bool,
}


_TABLES: dict[str, dict[str, Check]] = {
    "fallbacks": _FALLBACK_CHECKS, "classifier": _CLASSIFIER_CHECKS, "ledger": _LEDGER_CHECKS,
    "redact": _REDACT_CHECKS,
}


def _section(ld: _Loader, prefix: str, table: dict[str, object], checks: dict[str, Check],
             defaults: Frozen) -> dict[str, object]:
    values: dict[str, object] = {}
    for key, raw in table.items():
        dotted = f"{prefix}{key}"
        if dotted in _RENAMED:
            now = _RENAMED[dotted]
            if now in table:
                continue  # also set under its name of now, which wins
            values[now] = ld.take(dotted, raw, checks[now], getattr(defaults, now))
            if dotted in ld.sources:
                ld.sources[f"{prefix}{now}"] = ld.sources.pop(dotted)
            continue
        if dotted in _RETIRED:
            ld.problem(dotted, _RETIRED[dotted])
            continue
        if key not in checks:
            ld.unknown(dotted, list(checks))
            continue
        default = getattr(defaults, key)
        values[key] = ld.take(dotted, raw, checks[key], default)
    return values


def _from_file(path: str, data: dict[str, object], text: str
               ) -> tuple[dict[str, object], _Loader]:
    ld = _Loader(path, text)
    base = Config()
    out: dict[str, object] = {}
    for key, raw in data.items():
        if key in _TOP_CHECKS:
            out[key] = ld.take(key, raw, _TOP_CHECKS[key], getattr(base, key))
        elif key in _TABLES:
            if not isinstance(raw, dict):
                ld.bad(key, "a table", raw, "the defaults")
                continue
            checks = _TABLES[key]
            defaults = getattr(base, key)
            values = _section(ld, f"{key}.", raw, checks, defaults)
            out[key] = defaults.replace(**values)
        elif key == "fleet":
            if not isinstance(raw, dict):
                ld.bad(key, "a table", raw, "the defaults")
                continue
            out[key] = base.fleet.replace(**_section(ld, "fleet.", raw, _FLEET_CHECKS,
                                                     base.fleet))
        elif key == "agents":
            if not isinstance(raw, dict):
                ld.bad(key, "a table of [agents.NAME] tables", raw, "no overrides")
                continue
            agents: dict[str, AgentConfig] = {}
            for name, table in raw.items():
                if not _valid_name(name):
                    ld.problem(f"agents.{name}", "an agent name is 1 to 32 letters, digits or "
                                                 "_.+-; ignored")
                    continue
                if not isinstance(table, dict):
                    ld.bad(f"agents.{name}", "a table", table, "no overrides")
                    continue
                values = _section(ld, f"agents.{name}.", table, _AGENT_CHECKS, AgentConfig())
                agents[name] = AgentConfig(**values)
            out["agents"] = agents
        else:
            ld.unknown(key, [*_TOP_CHECKS, *_TABLES, "fleet", "agents"])
    return out, ld


def _env_overrides(cfg: dict[str, object], sources: dict[str, str], problems: list[str],
                   env: Mapping[str, str]) -> None:
    for var, key, choices in (("OSC7501WRAP_EMIT", "emit", EMIT_MODES),
                              ("OSC7501WRAP_SCREEN", "screen", SCREEN_BACKENDS)):
        raw = env.get(var, "").strip()
        if not raw:
            continue
        if raw in choices:
            cfg[key] = raw
            sources[key] = f"env {var}"
        else:
            current = cfg.get(key, getattr(Config(), key))
            problems.append(f"config: env {var}: expected {', '.join(choices[:-1])} or "
                            f"{choices[-1]}, got {toml_repr(raw)}; using {toml_repr(current)}")
    raw = env.get("OSC7501WRAP_HOOKS", "").strip()
    if raw:
        flag = _BOOL_WORDS.get(raw.lower())
        if flag is None:
            current = cfg.get("hooks", True)
            problems.append(f"config: env OSC7501WRAP_HOOKS: expected 0 or 1, got {toml_repr(raw)}; "
                            f"using {toml_repr(current)}")
        else:
            cfg["hooks"] = flag
            sources["hooks"] = "env OSC7501WRAP_HOOKS"


def load_config(path: str | os.PathLike[str] | None = None,
                env: Mapping[str, str] = os.environ) -> Config:
    """Read `path` (default: the user's config.toml) and the environment; never raises.

    A missing file is not a problem (every value is its default). Each problem is one
    line in ``config.problems``; the value concerned keeps its default.
    """
    path = paths.config_file() if path is None else paths.normalize(os.fspath(path))
    problems: list[str] = []
    values: dict[str, object] = {}
    sources: dict[str, str] = {}
    try:
        with open(path, "rb") as fh:
            raw_bytes = fh.read()
    except FileNotFoundError:
        raw_bytes = None
    except IsADirectoryError:
        raw_bytes = None
        problems.append(f"config: {show_path(path)}: is a directory, not a file; using the defaults")
    except OSError as err:
        raw_bytes = None
        problems.append(f"config: {show_path(path)}: cannot read it ({err.strerror or err}); "
                        "using the defaults")
    if raw_bytes is not None:
        # lazy: tomllib (18 ms) only when there is a file
        import tomllib

        try:
            text = raw_bytes.decode("utf-8")
            data = tomllib.loads(text)
        except UnicodeDecodeError as err:
            problems.append(f"config: {show_path(path)}: not UTF-8 text (byte {err.start}); "
                            "using the defaults")
        except tomllib.TOMLDecodeError as err:
            problems.append(f"config: {show_path(path)}: TOML syntax error: {_one_line(err)}; "
                            "using the defaults")
        else:
            values, ld = _from_file(path, data, text)
            sources.update(ld.sources)
            problems.extend(ld.problems)
    _env_overrides(values, sources, problems, env)
    cfg = Config(path=path, problems=problems, **values)
    all_sources = {k: "default" for k in cfg.effective() if not k.startswith("agents.")}
    all_sources.update(sources)
    return cfg.replace(sources=all_sources)


def _one_line(err: Exception) -> str:
    return " ".join(str(err).split())
