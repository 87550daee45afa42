"""`osc7501wrap doctor`: check everything wrap depends on, one line per check.

Each line starts with OK, WARN or FAIL; each WARN and FAIL is followed by one ``fix:``
line. The checks, in order:

- terminal: what the terminal on /dev/tty answers to the OSC 7501 query and to DA1
  (the same probe wrap runs at start, with a longer timeout); skipped with a WARN when
  there is no terminal (a pipe, CI);
- TERM and its terminfo ``Pst`` capability, and whether that agrees with the answer;
- tmux: depth, and its ``allow-passthrough`` option (when off: a WARN saying what is lost
  if wrap's tmux display works there, else a FAIL: no report can get out);
- emit: whether wrap will write OSC 7501 here, and why;
- fallbacks: what wrap writes besides or instead (OSC 9;4, title, notifications and how);
- manifests: built-in and the user's, with every loading error, and those a session
  found stale (osc7501wrap.session.stale), with how to record a session for them;
- agents: each agent with a manifest that is on PATH, its version (read from its install's
  files, not by running it: osc7501wrap.agents.versions) next to the releases its manifest
  was verified on; a WARN, with the `record` command, when it is newer or older than all;
- config: the file and every problem in it;
- directories: config, rules, state, runtime (which must be 0700 and the user's own);
- ledger: its path, on or off, its size, rows and first row's day, retention and bound;
  a WARN when it is corrupt, locked by another process, cannot be written (permissions,
  a read-only file system) or its disk is full (each costs only the ledger);
- screen: which screen model a session would use;
- herdr: whether this is a herdr pane (``HERDR_ENV=1``) and its socket answers ``ping``.

Exit status 1 if any check FAILs, else 0.

What it does not do: change anything (no tmux option, no file, no directory is created
or modified; the ledger is read, and its write lock taken and given back at once, to
tell a locked one), or run any program except ``tmux show`` (through :mod:`osc7501wrap.protocol.tmux`);
inside herdr it sends herdr's socket one ``ping``.
Text that comes from outside (TERM, file contents in error messages, terminal replies)
is printed with control characters made visible, so it cannot drive the terminal.
"""

from __future__ import annotations

import os
import select
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .. import paths, rules
from ..agents import versions
from ..config import Config, load_config
from ..protocol import probe, tmux
from ..report.detect import Terminal, detect
from ..report.herdr import herdr_env, ping
from ..report.ledger import ledger_path
from ..report.sinks import route
from ..report.terminals import notify_via
from ..report.tmux_display import TmuxDisplay
from ..screen import ghostty_unavailable, make_screen
from ..session.stale import notes

PROBE_TIMEOUT = 1.0  # doctor can afford to wait longer than wrap's start does
DRAIN_TIME = 0.3  # after a timeout, swallow late replies so they do not reach the shell

OK, WARN, FAIL = "OK", "WARN", "FAIL"
PASSTHROUGH_FIX = ("tmux set -g allow-passthrough on  (or all with tmux >= 3.4: also when the "
                   "pane is hidden)")


@dataclass(frozen=True)
class Check:
    status: str  # OK | WARN | FAIL
    name: str
    detail: str
    fix: str | None = None


@dataclass(frozen=True)
class TerminalAnswer:
    """What the probe saw. `available` False: no terminal to ask (`why` says why)."""

    available: bool
    supported: bool | None = None
    da1: bytes | None = None
    elapsed: float = 0.0
    why: str = ""


def visible(text: str | bytes) -> str:
    """`text` with control characters shown as \\e, \\xNN: safe to print on a terminal."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\x1b":
            out.append("\\e")
        elif code < 0x20 or 0x7F <= code < 0xA0:
            out.append(f"\\x{code:02x}")
        elif ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069":
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def _show_path(path: Path | str) -> str:
    s = str(path)
    home = str(Path.home())
    if home not in ("", "/") and (s == home or s.startswith(home + os.sep)):
        s = "~" + s[len(home):]
    return visible(s)


# ----------------------------------------------------------------------------- terminal

def ask_terminal(tmux_depth: int, timeout: float = PROBE_TIMEOUT) -> TerminalAnswer:
    """Probe the terminal on /dev/tty (raw mode only while probing). Never raises."""
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError as err:
        return TerminalAnswer(False, why=f"/dev/tty cannot be opened ({err.strerror or err})")
    try:
        if not os.isatty(fd):
            return TerminalAnswer(False, why="/dev/tty is not a terminal")
        try:
            with probe.raw_mode(fd):
                result = probe.probe_terminal(fd, fd, timeout=timeout, tmux_depth=tmux_depth)
                if result.outstanding:
                    _drain(fd, DRAIN_TIME)
        except Exception as err:  # termios.error is not an OSError; never a traceback
            return TerminalAnswer(False, why=f"cannot use the terminal ({visible(str(err))})")
        return TerminalAnswer(True, result.supported, result.da1, result.elapsed)
    finally:
        os.close(fd)


def _drain(fd: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        try:
            ready, _, _ = select.select([fd], [], [], left)
            if not ready or not os.read(fd, 4096):
                return
        except (OSError, InterruptedError):
            return


def check_terminal(ans: TerminalAnswer, tmux_depth: int, passthrough: str | None) -> Check:
    if not ans.available:
        return Check(WARN, "terminal", f"no terminal to ask: {ans.why}; terminal checks skipped",
                     "run `osc7501wrap doctor` in the terminal (and tmux pane) you use wrap in")
    ms = f"{ans.elapsed * 1000:.0f} ms"
    da1 = visible(ans.da1) if ans.da1 else None
    if ans.supported:
        extra = f", DA1 {da1}" if da1 else ""
        return Check(OK, "terminal", f"answered the OSC 7501 query ({ms}{extra})")
    if ans.supported is False:
        detail = f"answered DA1 ({da1}) but not the OSC 7501 query ({ms})"
        if tmux_depth > 0:
            if passthrough == "off":
                fix = "tmux set -g allow-passthrough on, then run doctor again"
            else:
                fix = ("tmux answers DA1 itself; the terminal outside tmux did not answer "
                       "through passthrough: it lacks OSC 7501 (the fallbacks below apply)")
            return Check(WARN, "terminal", detail, fix)
        return Check(WARN, "terminal", detail + ": no OSC 7501 support",
                     "the fallbacks below apply; use a terminal with OSC 7501 support to see "
                     "states natively, or OSC7501WRAP_EMIT=always if it supports it silently")
    return Check(WARN, "terminal", f"no answer to the OSC 7501 query or DA1 within {ms}",
                 "wrap waits for this at every start: set emit = \"never\" (or \"always\") "
                 "in the config to skip the probe")


def check_term(env: Mapping[str, str], ans: TerminalAnswer) -> Check:
    term = env.get("TERM", "")
    if not term:
        return Check(WARN, "TERM", "not set", "set TERM to your terminal's terminfo name")
    has_pst = probe.terminfo_has_pst(term, env=env)
    if not has_pst:
        return Check(OK, "TERM", f"{visible(term)}; no Pst capability in terminfo "
                                 "(wrap probes the terminal at start)")
    if ans.available and ans.supported is False:
        return Check(WARN, "TERM", f"{visible(term)}; terminfo has Pst, but the terminal did "
                                   "not answer the OSC 7501 query (a stale entry: ssh, tmux?)",
                     "wrap trusts Pst and emits without asking: set emit = \"never\" in the "
                     "config, or use a TERM whose terminfo entry has no Pst")
    return Check(OK, "TERM", f"{visible(term)}; terminfo has Pst (wrap emits without probing)")


# ----------------------------------------------------------------------------- tmux

def check_tmux(depth: int, passthrough: str | None, env: Mapping[str, str],
               display: bool = False) -> Check:
    """`display`: the tmux display works here (pane options set with a tmux client)."""
    if depth <= 0:
        how = " (OSC7501WRAP_TMUX_DEPTH=0)" if tmux.tmux_env(env).inside else ""
        return Check(OK, "tmux", f"not inside tmux{how}")
    where = f"inside tmux (depth {depth})"
    if passthrough == "all":
        return Check(OK, "tmux", f"{where}; allow-passthrough all")
    if passthrough == "on":
        return Check(OK, "tmux", f"{where}; allow-passthrough on (reports from panes that "
                                 "are not visible are dropped; `all`, tmux >= 3.4, passes them "
                                 "too)")
    if passthrough == "off" and display:
        return Check(WARN, "tmux", f"{where}; allow-passthrough off: the states show in tmux "
                                   "(pane options), but the OSC 7501 reports and the terminal "
                                   "channels do not reach the terminal outside tmux",
                     PASSTHROUGH_FIX)
    if passthrough == "off":
        return Check(FAIL, "tmux", f"{where}; allow-passthrough off: no report reaches the "
                                   "terminal", PASSTHROUGH_FIX)
    return Check(WARN, "tmux", f"{where}; could not read allow-passthrough (tmux older than "
                               "3.3, or not reachable)",
                 "tmux show -gv allow-passthrough; it must be on or all (tmux >= 3.3)")


# ----------------------------------------------------------------------------- emit, fallbacks

_CHANNEL_NAMES = {"osc9": "OSC 9", "osc777": "OSC 777", "osc99": "OSC 99", "bel": "BEL"}


def check_emit(cfg: Config, env: Mapping[str, str], ans: TerminalAnswer) -> tuple[Check, bool]:
    mode = cfg.emit if not cfg.sources.get("emit", "").startswith("env ") else None
    if mode == "auto":
        mode = None

    def probe_fn() -> Any:
        if not ans.available:
            return None
        return probe.ProbeResult(ans.supported, ans.da1, b"", [], ans.elapsed)

    decision = probe.decide_emit(mode, env, probe_fn)
    if mode is not None:
        reason = f"emit = \"{mode}\" ({cfg.sources.get('emit', 'config')})"
    else:
        reason = decision.reason
    yes = "will write OSC 7501 reports" if decision.emit else "will not write OSC 7501 reports"
    return Check(OK, "emit", f"{yes}: {visible(reason)}"), decision.emit


def check_fallbacks(cfg: Config, env: Mapping[str, str], emit: bool,
                    terminal: Terminal | None = None) -> Check:
    """`terminal`: what `env` says it is (:func:`detect`, read here when not given)."""
    fb = cfg.fallbacks
    parts = []
    parts.append("OSC 9;4 progress" if fb.progress else "no OSC 9;4 progress")
    if fb.title:
        parts.append("a title marker")
    if fb.notify:
        channel = notify_via(fb.notify_via, terminal or detect(env))
        how = _CHANNEL_NAMES.get(channel, channel)
        if fb.notify_via == "auto":
            how += " (auto)"
        parts.append(f"notifications on {', '.join(fb.notify)} via {how}, at most one per "
                     f"{fb.cooldown:g} s per state")
    else:
        parts.append("no notifications")
    lead = "besides OSC 7501: " if emit else "instead of OSC 7501: "
    return Check(OK, "fallbacks", lead + "; ".join(parts))


def check_display(cfg: Config, env: Mapping[str, str], emit: bool,
                  terminal: Terminal | None = None) -> Check:
    """Where else the state shows: tmux pane options, other terminals' channels
    (`terminal`: what `env` says it is, read here when not given)."""
    parts = []
    terminal = terminal or detect(env)
    display = TmuxDisplay.for_pane(terminal.tmux, env.get("PATH"))
    if display is None:
        parts.append("no tmux pane options (not inside tmux)")
    elif display.program is None:
        return Check(WARN, "display", "inside tmux, but no tmux program to set pane options with",
                     "put tmux on PATH")
    else:
        parts.append(f"tmux pane options @osc7501_* on {visible(display.pane)} via "
                     f"{visible(display.program)}")
    chosen = route(cfg.fallbacks, terminal, emit=emit).channels
    parts.append(f"terminal channels: {', '.join(sorted(chosen))}" if chosen
                 else "no other terminal channel")
    return Check(OK, "display", "; ".join(parts))


# ----------------------------------------------------------------------------- manifests, config

def check_manifests() -> list[Check]:
    try:
        catalog = rules.load_manifests()
    except Exception as err:
        return [Check(FAIL, "manifests", f"cannot load them ({visible(type(err).__name__)}: "
                                         f"{visible(str(err))})",
                      "reinstall osc7501wrap (pip install --force-reinstall osc7501wrap)")]
    checks: list[Check] = []
    manifests = getattr(catalog, "manifests", {}) or {}
    errors = list(getattr(catalog, "errors", []) or [])
    builtin = sorted(m.name + " " + str(getattr(m, "version", "")) for m in manifests.values()
                     if getattr(m, "builtin", True))
    user = sorted(f"{m.name} {getattr(m, 'version', '')} ({_show_path(getattr(m, 'source', ''))})"
                  for m in manifests.values() if not getattr(m, "builtin", True))
    if not builtin:
        checks.append(Check(FAIL, "manifests", "no built-in manifest loaded",
                            "reinstall osc7501wrap (pip install --force-reinstall osc7501wrap)"))
    else:
        checks.append(Check(OK, "manifests", f"built-in: {visible(', '.join(builtin))}"))
    if user:
        checks.append(Check(OK, "manifests", f"yours: {visible('; '.join(user))}"))
    checks.extend(check_verified(manifests))
    user_dir = str(paths.user_rules_dir())
    for err in errors:
        text = " ".join(str(err).split())
        mine = user_dir in text
        checks.append(Check(WARN if mine else FAIL, "manifests", visible(text),
                            "fix the file (`osc7501wrap explain` shows how rules match)" if mine
                            else "reinstall osc7501wrap (a built-in manifest is broken)"))
    over = getattr(rules, "over_budget", None)
    for m in manifests.values() if over is not None else ():
        for line in over(m):
            checks.append(Check(WARN, "manifests", visible(line),
                                "make the rule's patterns cheaper (fewer alternatives, "
                                "narrower region)"))
    checks.extend(check_stale(manifests))
    return checks


def check_verified(manifests: Mapping[str, Any]) -> list[Check]:
    """Which built-in manifests were checked on their agent's real screens, and which not
    (with why): a light from an unverified one may be wrong."""
    seen, unseen = [], []
    for m in sorted(manifests.values(), key=lambda m: m.name):
        if not getattr(m, "builtin", True) or m.generic:
            continue
        text = getattr(m, "verification", "verification not stated")
        if getattr(m, "verified", None):
            seen.append(f"{m.name} {text.removeprefix('verified on ')}")
        else:
            unseen.append(f"{m.name} ({text.removeprefix('NOT verified: ')})")
    checks = []
    if seen:
        checks.append(Check(OK, "manifests", "verified on real screens: "
                                             + visible("; ".join(seen))))
    if unseen:
        checks.append(Check(OK, "manifests", "NOT verified on real screens (its light may be "
                                             "wrong): " + visible("; ".join(unseen))))
    return checks


def check_stale(manifests: Mapping[str, Any]) -> list[Check]:
    """A WARN per manifest a session found stale (osc7501wrap.session.stale), while its version is
    the one a session noted."""
    checks = []
    for name, note in sorted(notes(paths.state_dir()).items()):
        m = manifests.get(name)
        version = str(getattr(m, "version", ""))
        if m is None or str(note.get("version")) != version:
            continue  # gone, or updated since
        prog = visible(str(note.get("program") or name))
        checks.append(Check(
            WARN, "manifests",
            f"{visible(name)} {visible(version)} looks stale: a {prog} session "
            f"({visible(str(note.get('at', '')))}) was active (output, keys) and no rule of "
            "it matched",
            f"record a session: osc7501wrap record -o {visible(name)}.jsonl -- {prog}; then "
            f"`osc7501wrap explain {visible(name)}.jsonl` shows which rules no longer match "
            "(fix them in your rules dir, or send the capture upstream)"))
    return checks


def check_agents(env: Mapping[str, str], manifests: Mapping[str, Any] | None = None) -> list[Check]:
    """Each installed agent's version next to the releases its manifest was verified on;
    a WARN when it is outside them (newer or older)."""
    if manifests is None:
        manifests = rules.load_manifests().manifests
    path = env.get("PATH", os.defpath)
    checks, absent = [], []
    for m in sorted(manifests.values(), key=lambda m: m.name):
        if m.generic or not m.programs:
            continue
        found = versions.installed(m.name, m.programs, m.verified_on if m.verified else (),
                                   path)
        if found is None:
            absent.append(m.name)
            continue
        exe, d = found
        detail = f"{visible(d.text())} [{_show_path(exe)}]"
        if d.outside:
            checks.append(Check(WARN, "agents", detail, visible(d.fix())))
        else:
            checks.append(Check(OK, "agents", detail))
    if absent:
        checks.append(Check(OK, "agents", "not on PATH: " + visible(", ".join(absent))))
    fallback = next((m for m in manifests.values() if m.generic), None)
    if fallback is not None:
        checks.append(Check(OK, "agents", "any other program runs on the fallback rules "
                            f"(generic {visible(str(fallback.version))}: prompts on the cursor's "
                            "line, a full-screen agent's dialogs, spinner and composer); the "
                            "session log says so; record a session for rules of its own: "
                            "osc7501wrap record -o FILE -- PROGRAM"))
    return checks


def check_config(cfg: Config) -> list[Check]:
    path = Path(cfg.path or paths.config_file())
    if not cfg.problems:
        if path.is_file():
            n = sum(1 for s in cfg.sources.values() if s != "default" and not s.startswith("env "))
            return [Check(OK, "config", f"{_show_path(path)} ({n} value{'s' if n != 1 else ''} "
                                        "set; `osc7501wrap config` shows them all)")]
        return [Check(OK, "config", f"{_show_path(path)} not found: every value is its default")]
    return [Check(WARN, "config", visible(p),
                  f"edit {_show_path(path)}, or check the variable (see CONFIGURATION in wrap(1))")
            for p in cfg.problems]


# ----------------------------------------------------------------------------- directories

def _nearest_existing(path: Path) -> Path:
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def check_dirs() -> list[Check]:
    checks: list[Check] = []
    cdir = Path(paths.config_dir())
    rdir = Path(paths.user_rules_dir())
    sdir = Path(paths.state_dir())
    n_rules = len(list(rdir.glob("*.toml"))) if rdir.is_dir() else 0
    checks.append(Check(OK, "config dir", f"{_show_path(cdir)}"
                        f"{'' if cdir.is_dir() else ' (does not exist yet)'}"))
    checks.append(Check(OK, "rules dir", f"{_show_path(rdir)} ({n_rules} file"
                                         f"{'' if n_rules == 1 else 's'})"))
    checks.append(_writable_dir_check("state dir", sdir, "logs"))
    checks.append(_runtime_check(Path(paths.runtime_dir())))
    return checks


def _writable_dir_check(name: str, path: Path, what: str) -> Check:
    if path.is_dir():
        if os.access(path, os.W_OK | os.X_OK):
            return Check(OK, name, f"{_show_path(path)}")
        return Check(FAIL, name, f"{_show_path(path)} is not writable ({what} cannot be kept)",
                     f"chmod u+rwx {_show_path(path)}")
    if path.exists():
        return Check(FAIL, name, f"{_show_path(path)} exists but is not a directory",
                     f"remove or rename {_show_path(path)}")
    base = _nearest_existing(path)
    if base.is_dir() and os.access(base, os.W_OK | os.X_OK):
        return Check(OK, name, f"{_show_path(path)} (created when needed)")
    return Check(FAIL, name, f"{_show_path(path)} cannot be created ({_show_path(base)} is not "
                             "writable)", f"mkdir -p {_show_path(path)}")


def _runtime_check(path: Path) -> Check:
    name = "runtime dir"
    try:
        st = path.lstat()
    except FileNotFoundError:
        base = _nearest_existing(path)
        if base.is_dir() and os.access(base, os.W_OK | os.X_OK):
            return Check(OK, name, f"{_show_path(path)} (created 0700 when wrap starts)")
        return Check(FAIL, name, f"{_show_path(path)} cannot be created ({_show_path(base)} is "
                                 "not writable)",
                     "set OSC7501WRAP_RUNTIME_DIR to a directory of your own")
    except OSError as err:
        return Check(FAIL, name, f"{_show_path(path)}: {visible(err.strerror or str(err))}",
                     "set OSC7501WRAP_RUNTIME_DIR to a directory of your own")
    if not stat.S_ISDIR(st.st_mode):
        return Check(FAIL, name, f"{_show_path(path)} is not a directory",
                     f"remove {_show_path(path)}; wrap creates it")
    if st.st_uid != os.getuid():
        return Check(FAIL, name, f"{_show_path(path)} belongs to uid {st.st_uid}, not you",
                     "set OSC7501WRAP_RUNTIME_DIR to a directory of your own")
    mode = stat.S_IMODE(st.st_mode)
    if mode != 0o700:
        return Check(FAIL, name, f"{_show_path(path)} is {mode:04o}, not 0700: other users can "
                                 "see the sessions", f"chmod 700 {_show_path(path)}")
    return Check(OK, name, f"{_show_path(path)} (0700)")


# ----------------------------------------------------------------------------- ledger

LEDGER_WAIT = 0.2  # seconds doctor waits for the ledger's lock
FULL_BYTES = 1 << 20  # less free space than this on the ledger's disk: full


def _mb(n: float) -> str:
    return f"{n / 1048576:.1f} MB"


def _ledger_problem(err: sqlite3.Error) -> tuple[str, str]:
    """(what, fix) of an error reading or locking the ledger."""
    text = str(err).lower()
    if "locked" in text or "busy" in text:
        return ("is locked by another process: sessions' rows wait until it is free",
                "find what holds it: lsof {path}")
    if "not a database" in text or "malformed" in text or "corrupt" in text \
            or "no such table" in text:
        return (f"is corrupt ({visible(str(err))}): the next session moves it aside "
                "(ledger.sqlite3.corrupt-<time>) and starts a fresh one",
                "nothing to do, or move it away yourself: mv {path} {path}.old")
    return (f"cannot be read ({visible(str(err))})", "check {path} and its directory")


def _read_ledger(path: Path, write: bool) -> tuple[int, float | None]:
    """(rows, first row's time) of the ledger, its integrity checked; with `write`, its
    write lock taken and given back (a lock held elsewhere raises "locked")."""
    uri = "file:" + str(path).replace("?", "%3f").replace("#", "%23")
    try:
        db = sqlite3.connect(f"{uri}?mode={'rw' if write else 'ro'}", uri=True,
                             timeout=LEDGER_WAIT, isolation_level=None)
        check = db.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.OperationalError as err:
        if write or "locked" in str(err).lower():
            raise
        # a read-only file system: no -shm can be made; the file as it is
        db = sqlite3.connect(f"{uri}?immutable=1", uri=True)
        check = db.execute("PRAGMA quick_check(1)").fetchone()[0]
    try:
        if check != "ok":
            raise sqlite3.DatabaseError(f"malformed: {check}")
        rows, first = db.execute("SELECT count(*), min(at) FROM changes").fetchone()
        if write:
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
        return int(rows), first
    finally:
        db.close()


def check_ledger(cfg: Config) -> Check:
    """The ledger (see the module docstring)."""
    lc = cfg.ledger
    path = Path(ledger_path())
    shown = _show_path(path)
    keep = f"retention {lc.retention_days:g} days, bound {lc.max_mb:g} MB"
    if not lc.enabled:
        return Check(OK, "ledger", f"off ([ledger] enabled = false): sessions add nothing "
                                   f"to {shown}")
    if not path.exists():
        base = _nearest_existing(path.parent)
        if base.is_dir() and os.access(base, os.W_OK | os.X_OK):
            return Check(OK, "ledger", f"on, {shown} (none yet: the first session makes it); "
                                       f"{keep}")
        return Check(WARN, "ledger", f"on, but {shown} cannot be made ({_show_path(base)} is "
                                     "not writable): sessions keep no ledger",
                     f"make {_show_path(path.parent)} yours and writable")
    if not path.is_file():
        return Check(WARN, "ledger", f"{shown} is not a file: sessions keep no ledger",
                     f"remove or rename {shown}")
    size = sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    writable = os.access(path, os.R_OK | os.W_OK) and \
        os.access(path.parent, os.W_OK | os.X_OK)
    fs = os.statvfs(path.parent)
    free = fs.f_bavail * fs.f_frsize
    try:  # on a full disk not even the lock's files can be made: read it as it is
        rows, first = _read_ledger(path, writable and free >= FULL_BYTES)
    except sqlite3.Error as err:
        what, fix = _ledger_problem(err)
        return Check(WARN, "ledger", f"{shown} ({_mb(size)}) {what}",
                     fix.format(path=shown))
    since = f" since {time.strftime('%Y-%m-%d', time.localtime(first))}" \
        if isinstance(first, int | float) else ""
    detail = f"{shown}: {_mb(size)}, {rows} row{'s' if rows != 1 else ''}{since}"
    if not writable:
        ro = bool(fs.f_flag & os.ST_RDONLY)
        why = "its file system is read-only" if ro else "no write permission"
        return Check(WARN, "ledger", f"{detail}; cannot be written ({why}): sessions keep "
                                     "no ledger", "remount it read-write" if ro else
                     f"chmod u+w {shown} {_show_path(path.parent)}")
    if free < FULL_BYTES:
        return Check(WARN, "ledger", f"{detail}; its disk is full ({_mb(free)} free): "
                                     "sessions stop adding to it",
                     "free some space on that disk")
    return Check(OK, "ledger", f"on, {detail}; {keep}")


# ----------------------------------------------------------------------------- screen

def check_screen(cfg: Config) -> Check:
    want = cfg.screen
    try:
        model = make_screen(24, 80, want)
        why_not_ghostty = ghostty_unavailable()
    except Exception as err:
        return Check(FAIL, "screen", f"no screen model can be created ({visible(type(err).__name__)}"
                                     f": {visible(str(err))})",
                     "reinstall osc7501wrap with its dependencies (pyte)")
    backend = str(getattr(model, "backend", type(model).__name__))
    asked = f"screen = \"{want}\" ({visible(cfg.sources.get('screen', 'default'))})"
    if want == "ghostty" and backend != "ghostty":
        reason = getattr(model, "fallback_reason", None) or why_not_ghostty or "unavailable"
        return Check(WARN, "screen", f"{visible(backend)} instead of ghostty: "
                                     f"{visible(str(reason))}; {asked}",
                     "pip install 'osc7501wrap[ghostty]' (Linux), or set screen = \"pyte\"")
    note = ""
    if backend != "ghostty" and want == "auto" and why_not_ghostty:
        note = f" (ghostty: {visible(why_not_ghostty)})"
    return Check(OK, "screen", f"{visible(backend)}{note}; {asked}")


# ----------------------------------------------------------------------------- herdr

def check_herdr(env: Mapping[str, str], timeout: float = 1.0) -> Check:
    """A herdr pane, and whether herdr's socket answers a ``ping`` within `timeout`."""
    if env.get("HERDR_ENV") != "1":
        return Check(OK, "herdr", "not inside herdr (no HERDR_ENV=1)")

    where = herdr_env(env)
    if where is None:
        return Check(WARN, "herdr", "HERDR_ENV=1 but HERDR_PANE_ID or HERDR_SOCKET_PATH is "
                     "missing: wrap reports nothing to herdr",
                     "run wrap in a pane herdr started (it sets all three)")
    path, pane = where
    answered, what = ping(path, timeout)
    if answered:
        return Check(OK, "herdr", f"pane {visible(pane)}; {_show_path(path)} answers ping "
                     f"({visible(what)}); wrap reports its state there")
    return Check(WARN, "herdr", f"pane {visible(pane)}; {_show_path(path)} does not answer "
                 f"ping ({visible(what)}): wrap's reports to herdr will fail",
                 "check that the herdr server of this pane runs (herdr status)")


# ----------------------------------------------------------------------------- running it

def run_checks(env: Mapping[str, str] = os.environ,
               ask: Callable[[int], TerminalAnswer] = ask_terminal) -> list[Check]:
    """Every check, in the order they are printed."""
    cfg = load_config(env=env)
    terminal = detect(env)  # the one reading of the terminal's variables, $TMUX too
    depth = terminal.tmux.depth
    passthrough = (tmux.allow_passthrough(env=env) if depth > 0 and terminal.tmux.inside
                   else None)
    ans = ask(depth)
    shown = TmuxDisplay.for_pane(terminal.tmux, env.get("PATH"))
    checks = [check_terminal(ans, depth, passthrough), check_term(env, ans),
              check_tmux(depth, passthrough, env, shown is not None and bool(shown.program))]
    emit_check, emit = check_emit(cfg, env, ans)
    checks.append(emit_check)
    checks.append(check_fallbacks(cfg, env, emit, terminal))
    checks.append(check_display(cfg, env, emit, terminal))
    checks.extend(check_manifests())
    checks.extend(check_agents(env))
    checks.extend(check_config(cfg))
    checks.extend(check_dirs())
    checks.append(check_ledger(cfg))
    checks.append(check_screen(cfg))
    checks.append(check_herdr(env))
    return checks


def render(checks: list[Check], out: TextIO) -> None:
    for c in checks:
        out.write(f"{c.status:<4} {c.name}: {c.detail}\n")
        if c.fix and c.status != OK:
            out.write(f"     fix: {c.fix}\n")
    fails = sum(c.status == FAIL for c in checks)
    warns = sum(c.status == WARN for c in checks)
    out.write(f"doctor: {fails} FAIL, {warns} WARN\n")


def cmd_doctor(args: Any) -> int:
    """Print the checks; exit status 1 if any failed."""
    checks = run_checks()
    render(checks, sys.stdout)
    sys.stdout.flush()
    return 1 if any(c.status == FAIL for c in checks) else 0
