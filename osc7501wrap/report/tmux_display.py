"""tmux as a display: the session's state kept in pane options of wrap's own pane.

Inside tmux (``$TMUX`` and ``$TMUX_PANE`` set), every published state change sets, on
that pane only::

    @osc7501_state  working | blocked | done | error | idle
    @osc7501_kind   permission | question | auth (blocked only; unset otherwise)
    @osc7501_msg    the message: sanitized, one line, at most MSG_LIMIT bytes, no ``#``
                    or ``%``
    @osc7501_agent  the manifest's name
    @osc7501_since  epoch seconds of the change of state (a new msg keeps it)

A clean exit unsets all five; a failure leaves ``error`` and the exit message. Formats
read them as ``#{@osc7501_state}`` (``osc7501wrap tmux-init`` prints a snippet). Every
value is :func:`tmux_literal`: no format context can make tmux act on screen text.

The options are set by the tmux client of that server: the binary the server runs
(``/proc/<server pid>/exe``), else ``tmux`` on PATH, talking to the socket named in
``$TMUX``. It is the only program wrap starts besides the user's command; nothing in a
manifest or config names it. It never blocks the passthrough loop: one client runs at a
time, started without waiting; changes meanwhile coalesce into the next one (the latest
wins); :meth:`TmuxDisplay.poll` reaps it from the loop's tick. A client that does not
finish in TIMEOUT seconds is killed; a missing tmux disables the display. Either gives
one log line, never a stall.

The first client also asks the server's version and the outer terminal's own name
(``#{client_termtype}``: tmux asks the terminal XTVERSION when a client attaches), kept
as :attr:`TmuxDisplay.terminal_name` for choosing terminal channels that ``$TERM_PROGRAM``
no longer shows inside tmux. From tmux 3.7 (which parses OSC 9;4 into the pane's
progress fields) :meth:`TmuxDisplay.progress_bytes` gives the OSC 9;4 for the state,
written unwrapped into the pane so tmux fills them.

Not in scope: deciding states, the OSC 7501 reports themselves (:mod:`osc7501wrap.emitter`),
and changing any option other than these five.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..fusion.fusion import Decision, exit_message
from ..protocol import sanitize_text
from ..protocol.tmux import TmuxEnv, subprocess_module, tmux_env
from .fallbacks import osc94
from .sink import Sink

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess

OPTIONS = ("@osc7501_state", "@osc7501_kind", "@osc7501_msg", "@osc7501_agent",
           "@osc7501_since")
MSG_LIMIT = 200
TIMEOUT = 2.0
#: The first tmux with OSC 9;4 support (pane progress fields).
PROGRESS_VERSION = (3, 7)
_CHECKS = (0.005, 0.02, 0.05, 0.1, 0.25)  # after a start, when to look for its exit


def tmux_socket(env: Mapping[str, str] = os.environ) -> str | None:
    """The server socket named in ``$TMUX`` (``socket,pid,session``), or None."""
    sock = tmux_env(env).socket
    return sock if sock.startswith("/") else None


def tmux_program(env: Mapping[str, str] = os.environ) -> str | None:
    """The tmux binary of the server in ``$TMUX``: the one it runs, else tmux on PATH."""
    return server_program(tmux_env(env), env.get("PATH"))


def server_program(tmux: TmuxEnv, path: str | None) -> str | None:
    """The tmux binary of the server `tmux` names: the one it runs, else tmux on `path`."""
    if tmux.server_pid:
        try:
            exe = os.readlink(f"/proc/{tmux.server_pid}/exe")
        except OSError:
            exe = ""
        if exe.startswith("/") and os.access(exe, os.X_OK):
            return exe
    for folder in (path or os.defpath).split(os.pathsep):
        exe = os.path.join(folder or os.curdir, "tmux")
        if os.path.isfile(exe) and os.access(exe, os.X_OK):
            return exe
    return None


def parse_version(text: str) -> tuple[int, int] | None:
    """(major, minor) from tmux's version ("3.3a", "next-3.7", "3.7-rc"); None if unknown."""
    m = re.search(r"(\d+)\.(\d+)", text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


#: What stands for ``#`` in every value wrap hands to tmux (U+266F MUSIC SHARP SIGN).
SHARP = "\u266f"
#: What stands for ``%`` (U+066A ARABIC PERCENT SIGN, one column): tmux runs strftime over
#: a value a format expands with ``#{E:...}`` or ``#{T:...}`` (the status line,
#: display-message), so ``%H`` would read as the hour; ``%%`` would show as ``%%`` where
#: the value is not expanded (``#{@osc7501_msg}``). No look-alike is read twice.
PERCENT = "\u066a"


def tmux_literal(text: str, limit: int = MSG_LIMIT) -> str:
    """`text` as a value tmux can never act on, in any format context: one sanitized line
    of at most `limit` bytes with every ``#`` replaced by :data:`SHARP` and every ``%``
    by :data:`PERCENT`. Without a ``#`` no ``#(`` (a shell command), ``#{`` (a format)
    or ``#[`` (a style) survives, however often a user's format expands it (``#{E:...}``,
    ``run-shell``, ``if-shell``, menus), and without a ``%`` no strftime conversion
    (``%H``); a trailing ``;`` (tmux would end the command there) is dropped. Shell quoting is the
    format's job: ``#{q:@osc7501_msg}`` (the man page, "tmux")."""
    return sanitize_text(text.replace("#", SHARP).replace("%", PERCENT), limit).rstrip("; ")


class TmuxDisplay(Sink):
    """The pane options of one session; see the module docstring. Never raises. As an
    :class:`~.sink.Sink`: :meth:`decided` is :meth:`update` for `agent`,
    :meth:`due_bytes` the pane's progress (with `progress`: when the session writes OSC
    7501, whose fallback would write it otherwise), :meth:`exited` :meth:`finish`;
    `on_terminal` gets the outer terminal's name once tmux told it."""

    def __init__(self, *, socket: str, pane: str, program: str | None,
                 log: Callable[[str], None] | None = None, timeout: float = TIMEOUT,
                 agent: str | None = None, progress: bool = False,
                 on_terminal: Callable[[str], None] | None = None) -> None:
        self.agent = agent
        self.progress = progress
        self._on_terminal = on_terminal
        self.socket = socket
        self.pane = pane
        self.program = program
        self.timeout = timeout
        self._log = log or (lambda text: None)
        self._want: dict[str, str | None] = {}
        self._dirty = False
        self._child: subprocess.Popen[bytes] | None = None
        self._started = 0.0
        self._checks: list[float] = []
        self._asks_version = False
        self.version: tuple[int, int] | None = None
        self.terminal_name: str | None = None  # the outer terminal's XTVERSION, via tmux
        self._state: str | None = None
        self._progress_written: bytes | None = None
        self.disabled = program is None
        self._logged: set[str] = set()
        self.runs = 0
        if self.disabled:
            self._note("missing", "tmux display off: no tmux program found")

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ,
                 log: Callable[[str], None] | None = None, **kw: Any) -> TmuxDisplay | None:
        """The display for this pane, or None outside tmux."""
        return cls.for_pane(tmux_env(env), env.get("PATH"), log=log, **kw)

    @classmethod
    def for_pane(cls, tmux: TmuxEnv, path: str | None,
                 log: Callable[[str], None] | None = None, **kw: Any) -> TmuxDisplay | None:
        """The display for the pane `tmux` names (`path`: where to look for tmux when the
        server's own binary is unknown), or None outside tmux."""
        socket, pane = tmux.socket, tmux.pane
        if not socket.startswith("/") or not pane.startswith("%") or not pane[1:].isdigit():
            return None
        return cls(socket=socket, pane=pane, program=server_program(tmux, path), log=log,
                   **kw)

    # ------------------------------------------------------------------ as an output

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self.update(decision.state, decision.kind, decision.msg, self.agent)

    def due_bytes(self, now: float) -> bytes:
        return self.progress_bytes() if self.progress else b""

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        self.finish(exit_message(status, signaled))
        return b""

    # ------------------------------------------------------------------ inputs

    def update(self, state: str, kind: str | None, msg: str | None, agent: str | None,
               since: float | None = None) -> None:
        """The state to show (queued; started at the next :meth:`poll`)."""
        if state == "clear":  # the record is gone: as at a clean exit
            self.finish(None)
            return
        if since is not None:
            stamp = str(int(since))
        elif state == self._state and self._want.get("@osc7501_since"):
            stamp = str(self._want["@osc7501_since"])  # same state, new msg: since stays
        else:
            stamp = str(int(time.time()))
        self._state = state
        self._set({"@osc7501_state": state,
                   "@osc7501_kind": tmux_literal(kind) if state == "blocked" and kind
                   else None,
                   "@osc7501_msg": tmux_literal(msg or "") or None,
                   "@osc7501_agent": tmux_literal(agent or "") or None,
                   "@osc7501_since": stamp})

    def finish(self, failed_msg: str | None) -> None:
        """The program exited: unset everything (clean exit) or leave ``error``."""
        if failed_msg is None:
            self._state = "clear"
            self._set(dict.fromkeys(OPTIONS))
        else:
            agent = self._want.get("@osc7501_agent")
            self.update("error", None, failed_msg, agent)

    def _set(self, values: dict[str, str | None]) -> None:
        if values != self._want:
            self._want = values
            self._dirty = True

    # ------------------------------------------------------------------ the loop

    def poll(self, now: float) -> None:
        """Reap a finished client, kill a hung one, start the next (I/O: call it at
        :meth:`next_deadline`)."""
        try:
            self._poll(now)
        except Exception as err:  # a side channel: it turns itself off, never the loop
            self.disabled, self._dirty = True, False
            self._note("broken", f"tmux display off: {type(err).__name__}: {err}")

    def next_deadline(self, now: float) -> float | None:
        """When :meth:`poll` has work next (None: nothing running or queued)."""
        if self._child is not None:
            later = [c for c in self._checks if c > now]
            return later[0] if later else self._started + self.timeout
        if self.progress and self._progress_seq() is not None:
            return now  # the pane's progress to write
        return now if self._dirty and not self.disabled else None

    def _poll(self, now: float) -> None:
        if self._child is not None:
            if self._child.poll() is None:
                if now - self._started < self.timeout:
                    while self._checks and self._checks[0] <= now:
                        self._checks.pop(0)
                    return
                self._kill()
                self._note("hung", f"tmux display: tmux did not answer in {self.timeout:g} s;"
                           " killed it")
            else:
                self._reaped()
        if self._dirty and not self.disabled:
            self._start(now)

    def close(self, wait: float = 1.0) -> None:
        """At exit: start what is queued and wait for it, `wait` seconds at most."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            now = time.monotonic()
            self.poll(now)
            if self.next_deadline(now) is None:
                return
            time.sleep(min(0.01, max(0.0, deadline - time.monotonic())))
        if self._child is not None:
            self._kill()

    def progress_bytes(self) -> bytes:
        """OSC 9;4 for the pane's progress fields (tmux >= 3.7), once per change."""
        seq = self._progress_seq()
        if seq is None:
            return b""
        self._progress_written = seq
        return seq

    def _progress_seq(self) -> bytes | None:
        """The OSC 9;4 not yet written for the state, or None."""
        if self.version is None or self.version < PROGRESS_VERSION or self._state is None:
            return None
        seq = osc94(self._state if self._state != "clear" else "idle")
        return None if seq == self._progress_written else seq

    # ------------------------------------------------------------------ internals

    def argv(self, values: Mapping[str, str | None], ask_version: bool = False) -> list[str]:
        """The tmux command line that applies `values` (one client, `;`-joined)."""
        assert self.program is not None
        argv = [self.program, "-S", self.socket]
        for name in OPTIONS:
            if name not in values:
                continue
            value = values[name]
            if value is None:
                argv += ["set-option", "-p", "-u", "-t", self.pane, name, ";"]
            else:
                argv += ["set-option", "-p", "-t", self.pane, name, value, ";"]
        if ask_version:
            argv += ["display-message", "-p", "-t", self.pane, "#{version}\t#{client_termtype}"]
        elif argv[-1] == ";":
            argv.pop()
        return argv

    def _start(self, now: float) -> None:
        subprocess = subprocess_module()
        self._dirty = False
        ask = self.version is None and not self._asks_version and self.runs == 0
        argv = self.argv(self._want, ask_version=ask)
        env = {k: v for k, v in os.environ.items() if k != "TMUX_PANE"}
        try:
            self._child = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                stdout=subprocess.PIPE if ask else subprocess.DEVNULL, env=env,
                close_fds=True, start_new_session=True)
        except OSError as err:
            self.disabled = True
            self._note("missing", f"tmux display off: cannot run {self.program}: "
                       f"{err.strerror or err}")
            return
        self.runs += 1
        self._asks_version = ask
        self._started = now
        self._checks = [now + d for d in _CHECKS]

    def _reaped(self) -> None:
        child, self._child = self._child, None
        if child is None:
            return
        if self._asks_version and child.stdout is not None:
            try:
                text = child.stdout.read(512).decode("utf-8", "replace")
            except (OSError, ValueError):
                text = ""
            version, _, name = text.partition("\t")
            self.version = parse_version(version)

            self.terminal_name = sanitize_text(name, 64) or None
            self._asks_version = False
            if self.terminal_name and self._on_terminal is not None:
                self._on_terminal(self.terminal_name)
        if child.stdout is not None:
            child.stdout.close()
        if child.returncode:
            self._note("failed", f"tmux display: tmux exited with status {child.returncode}")

    def _kill(self) -> None:
        child, self._child = self._child, None
        if child is None:
            return
        subprocess = subprocess_module()  # loaded: the child was started with it
        try:
            child.kill()
            child.wait(timeout=1.0)
        except (OSError, subprocess.SubprocessError):
            pass
        if child.stdout is not None:
            child.stdout.close()
        self._asks_version = False

    def _note(self, key: str, text: str) -> None:
        if key not in self._logged:
            self._logged.add(key)
            self._log(text)
