"""A scripted terminal for tests: runs a program on a real pty and records every byte.

``Terminal`` plays the user's terminal emulator. It owns the master side of a fresh
pseudo-terminal (made by ptyprocess, pexpect's pty layer); the program under test gets
the slave as its controlling terminal, stdin, stdout and stderr, exactly as under a real
terminal. Nothing about the pty is mocked.

Typical use::

    from term import Terminal

    with Terminal.wrap(["sh", "-c", "echo hi"], rows=30, cols=100) as t:
        t.expect(b"hi")            # wait for bytes (literal or compiled regex)
        assert t.wait() == 0       # wait for exit; the shell-style status
    assert t.output.endswith(b"hi\\r\\n")   # every byte the program wrote

What it offers:

* ``Terminal(argv, rows=, cols=, env=, cwd=, raw=, answer_7501=, answer_da1=)`` starts
  `argv` (``raw=True`` puts the pty in raw mode first, for programs that do not).
  ``Terminal.wrap(args, ...)`` starts ``wrap args...`` from this source tree (through a
  small launcher script, see :func:`wrap_command`; ``wrap-proxy`` next to it runs the
  bare Proxy, and :data:`FRONTS` / :class:`Front` name both ways of running a
  transparent wrap, for tests that must hold for each). ``Terminal.shell()`` starts an
  interactive bash with job control and the prompt ``PROMPT>`` (see ``PROMPT``), for
  job-control scenarios. :func:`proxy_command` builds a program that runs the Proxy
  with a handler written in the test, to test its behaviour through a real pty.
* ``output`` (bytes) is everything the program wrote, in order; ``text`` is the same
  decoded as UTF-8 with replacement.
* ``expect(pattern, timeout=)`` waits until `pattern` (bytes or ``re.Pattern[bytes]``)
  appears after the end of the previous match; returns the match. On timeout, or EOF
  without a match, it fails the test with the tail of the output.
* ``type(data)`` writes bytes to the program as keystrokes (all of them, reading output
  meanwhile so that neither side blocks).
* ``resize(rows, cols)`` sets the window size; the kernel sends SIGWINCH to the
  foreground process group, as a terminal emulator does.
* ``wait(timeout=)`` reads until the program exits (and its output is drained) and
  returns the status a shell would show: the exit code, or 128+N if signal N killed
  it. ``exit_code`` / ``term_signal`` hold the details.
* ``termios()`` returns the terminal's modes (tcgetattr of the pty; on Linux the master
  reports the slave's modes), e.g. to check that wrap restored them.
* ``kill(sig)``, ``close()``, and the context manager (kills the program if still
  running, then closes the pty).

Automatic answers to terminal queries (like a terminal emulator would), in the order the
queries appear in the output:

* ``answer_7501=True``: an ``ESC ] 7501 ; ? ST`` (or BEL) query is answered with
  ``ESC ] 7501 ; ? ESC \\``.
* ``answer_da1=True``: a DA1 query ``ESC [ c`` (or ``ESC [ 0 c``) is answered with
  ``ESC [ ? 62 ; 22 c``.

Every query seen is recorded in ``queries`` (the raw query bytes), answered or not.
The attributes can be changed while the program runs.

The environment defaults to the test process's, with TERM=xterm-256color, without TMUX
and TMUX_PANE (so nothing thinks it runs inside tmux), and with the launcher directory
first on PATH so that a shell inside the terminal finds ``wrap``.
"""

from __future__ import annotations

import atexit
import errno
import os
import re
import select
import shlex
import shutil
import signal
import sys
import tempfile
import termios
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ptyprocess

REPO = Path(__file__).resolve().parent.parent
PROMPT = b"PROMPT> "
#: Seconds a user would call a stall (a key not echoed, an exit that does not come). A
#: functional test that proves "it does not stall" bounds a step by this: longer than
#: any healthy step on a machine whose cores are all busy, shorter than what the stall it
#: guards against takes (an exponential regex, a blocked write: forever). What a healthy
#: step takes is a figure of bench/, not a test's bound.
STALL = 3.0
QUERY_RE = re.compile(rb"\x1b\]7501;\?(?:\x1b\\|\x07)|\x1b\[0?c")
ANSWER_7501 = b"\x1b]7501;?\x1b\\"
ANSWER_DA1 = b"\x1b[?62;22c"

_bin_dir: str | None = None

_WRAP_LAUNCHER = """#!{python}
import sys
sys.path.insert(0, {repo!r})
from osc7501wrap.start.cli import wrap_main
sys.exit(wrap_main())
"""

# The proxy alone (no session as its handler), with the same one-line errors as `wrap`.
_PROXY_LAUNCHER = """#!{python}
import sys
sys.path.insert(0, {repo!r})
from osc7501wrap.errors import WrapError
from osc7501wrap.proxy.proxy import Proxy
try:
    sys.exit(Proxy(sys.argv[1:]).run())
except WrapError as err:
    sys.stderr.write(f"wrap: {{err}}\\n")
    sys.exit(err.status)
"""


# The same with the loop waiting in select(2), as it does on macOS (where poll(2) does
# not work on terminals), so that code path runs here too.
_SELECT_LAUNCHER = _PROXY_LAUNCHER.replace(
    "from osc7501wrap.proxy.proxy import Proxy\n",
    "from osc7501wrap.proxy import proxy as _proxy\n"
    "from osc7501wrap.proxy.proxy import Proxy\n"
    "_Poller = _proxy._Poller\n"
    "_proxy._Poller = lambda use_poll: _Poller(use_poll=False)\n")


def wrap_bin_dir() -> str:
    """A directory with executables running this source tree: ``wrap`` (the real
    command), ``wrap-proxy`` (the bare Proxy with no handler) and ``wrap-select`` (the
    same, waiting in select(2) as on macOS)."""
    global _bin_dir
    if _bin_dir is None:
        d = tempfile.mkdtemp(prefix="osc7501wrap-test-bin-")
        atexit.register(shutil.rmtree, d, True)
        for name, text in (("wrap", _WRAP_LAUNCHER), ("wrap-proxy", _PROXY_LAUNCHER),
                           ("wrap-select", _SELECT_LAUNCHER)):
            script = Path(d) / name
            script.write_text(text.format(python=sys.executable, repo=str(REPO)))
            script.chmod(0o755)
        _bin_dir = d
    return _bin_dir


def wrap_command() -> list[str]:
    """argv prefix that runs ``wrap`` from this source tree."""
    return [os.path.join(wrap_bin_dir(), "wrap")]


# The ways to run a transparent wrap: the bare proxy (with poll, and with select as on
# macOS), and the real command with reporting off (no probe, no reports: what it writes
# must be the child's bytes).
FRONTS = {
    "proxy": ["wrap-proxy"],
    "select": ["wrap-select"],
    "wrap": ["wrap", "--emit", "never"],
}


@dataclass
class Front:
    """One way to run a transparent wrap (see FRONTS): ``argv`` to spawn directly,
    ``sh`` to use inside a shell command line (the launchers are on PATH)."""

    name: str
    words: list[str]

    @property
    def argv(self) -> list[str]:
        return [os.path.join(wrap_bin_dir(), self.words[0]), *self.words[1:]]

    @property
    def sh(self) -> str:
        return " ".join(shlex.quote(w) for w in self.words)


_PROXY_DRIVER = """\
import sys
sys.path.insert(0, {repo!r})
from osc7501wrap.proxy.proxy import Proxy, ProxyHandler
{code}
handler = {cls}()
try:
    status = Proxy(sys.argv[1:], handler).run()
except KeyboardInterrupt:
    sys.exit(99)
{after}
sys.exit(status)
"""


def proxy_command(handler_code: str, cls: str = "Handler", after: str = "") -> list[str]:
    """argv prefix of a program that runs ``Proxy(argv, handler).run()`` on the rest of
    argv, with ``handler = <cls>()`` defined by `handler_code` (Python source that may use
    ``Proxy`` and ``ProxyHandler``). `after` runs once ``run()`` returned (``status`` and
    ``handler`` are in scope, the terminal is restored). Exits with run()'s status, or 99
    if KeyboardInterrupt escaped it."""
    code = _PROXY_DRIVER.format(repo=str(REPO), code=textwrap.dedent(handler_code), cls=cls,
                                after=textwrap.dedent(after))
    return [sys.executable, "-c", code]


def base_env(**overrides: str) -> dict[str, str]:
    """The default environment of a Terminal, plus `overrides`."""
    env = dict(os.environ)
    for name in ("TMUX", "TMUX_PANE", "COLUMNS", "LINES",
                 # what the real terminal says it is would choose wrap's channels
                 "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "LC_TERMINAL", "KITTY_WINDOW_ID",
                 "WEZTERM_PANE"):
        env.pop(name, None)
    env["TERM"] = "xterm-256color"
    env["PATH"] = wrap_bin_dir() + os.pathsep + env.get("PATH", os.defpath)
    env.update(overrides)
    return env


def make_raw(attrs: list[Any]) -> list[Any]:
    """cfmakeraw() on a termios attribute list."""
    new = list(attrs)
    new[0] &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP
                | termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON)
    new[1] &= ~termios.OPOST
    new[2] &= ~(termios.CSIZE | termios.PARENB)
    new[2] |= termios.CS8
    new[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG
                | termios.IEXTEN)
    cc = list(new[6])
    cc[termios.VMIN] = 1
    cc[termios.VTIME] = 0
    new[6] = cc
    return new


def fresh_pty_modes() -> list[Any]:
    """The modes a new pty starts with (what the Terminal's pty had before wrap)."""
    m, s = os.openpty()
    try:
        return termios.tcgetattr(s)
    finally:
        os.close(m)
        os.close(s)


class Terminal:
    """The user's terminal, scripted (see the module docstring)."""

    def __init__(self, argv: Sequence[str], *, rows: int = 24, cols: int = 80,
                 env: dict[str, str] | None = None, cwd: str | os.PathLike[str] | None = None,
                 raw: bool = False, answer_7501: bool = False,
                 answer_da1: bool = False) -> None:
        self.argv = list(argv)
        self.answer_7501 = answer_7501
        self.answer_da1 = answer_da1
        self.queries: list[bytes] = []
        self.exit_code: int | None = None
        self.term_signal: int | None = None
        self.eof = False
        self._buf = bytearray()
        self._cursor = 0
        self._scan = 0
        self._raw = raw
        self.proc = ptyprocess.PtyProcess.spawn(
            self.argv, env=env if env is not None else base_env(),
            cwd=str(cwd) if cwd is not None else None, dimensions=(rows, cols),
            preexec_fn=self._preexec,
        )
        self.pid: int = self.proc.pid
        self.fd: int = self.proc.fd
        os.set_blocking(self.fd, False)

    def _preexec(self) -> None:
        # A terminal emulator starts programs with default signal dispositions.
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGQUIT):
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        if self._raw:
            termios.tcsetattr(0, termios.TCSANOW, make_raw(termios.tcgetattr(0)))

    @classmethod
    def wrap(cls, args: Sequence[str], **kwargs: Any) -> Terminal:
        """Start ``wrap args...`` (this source tree's)."""
        return cls([*wrap_command(), *args], **kwargs)

    @classmethod
    def shell(cls, **kwargs: Any) -> Terminal:
        """Start an interactive bash (job control on, no rc files, prompt ``PROMPT> ``)
        and wait for its first prompt."""
        env = kwargs.pop("env", None) or base_env()
        env.update(PS1=PROMPT.decode(), HISTFILE="/dev/null", INPUTRC="/dev/null")
        env.pop("PROMPT_COMMAND", None)
        t = cls(["bash", "--norc", "--noprofile", "-i"], env=env, **kwargs)
        t.expect(PROMPT)
        return t

    # ----------------------------------------------------------------- output

    @property
    def output(self) -> bytes:
        return bytes(self._buf)

    @property
    def text(self) -> str:
        return self._buf.decode("utf-8", "replace")

    def read(self, timeout: float = 0.0) -> bytes:
        """Wait up to `timeout` for output; read what is there; return it (b"" if none)."""
        if self.eof:
            return b""
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not r:
            return b""
        return self._read_now()

    def _read_now(self) -> bytes:
        try:
            data = os.read(self.fd, 1 << 20)
        except BlockingIOError:
            return b""
        except OSError as exc:
            if exc.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.eof = True
            return b""
        self._buf += data
        self._answer_queries()
        return data

    def _answer_queries(self) -> None:
        last_end = self._scan
        for m in QUERY_RE.finditer(self._buf, self._scan):
            q = m.group()
            self.queries.append(q)
            if q.startswith(b"\x1b]") and self.answer_7501:
                self._write(ANSWER_7501)
            elif q.startswith(b"\x1b[") and self.answer_da1:
                self._write(ANSWER_DA1)
            last_end = m.end()
        self._scan = max(last_end, len(self._buf) - 8)

    def pump(self, duration: float) -> None:
        """Read output for `duration` seconds."""
        end = time.monotonic() + duration
        while not self.eof and (left := end - time.monotonic()) > 0:
            self.read(left)

    def drain(self, quiet: float = 0.1, cap: float = 5.0) -> None:
        """Read until no output arrives for `quiet` seconds (or EOF, or `cap`)."""
        end = time.monotonic() + cap
        while not self.eof and time.monotonic() < end:
            if not self.read(quiet):
                return

    def expect(self, pattern: bytes | re.Pattern[bytes], timeout: float = 10.0) -> re.Match[bytes]:
        """Wait for `pattern` after the previous match; return the match."""
        rx = pattern if isinstance(pattern, re.Pattern) else re.compile(re.escape(pattern))
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self._buf, self._cursor)
            if m is not None:
                self._cursor = m.end()
                return m
            left = end - time.monotonic()
            if self.eof or left <= 0:
                why = "EOF" if self.eof else f"timeout ({timeout} s)"
                raise AssertionError(
                    f"{why} waiting for {rx.pattern!r}; output tail: "
                    f"{bytes(self._buf[-600:])!r}")
            self.read(min(left, 0.5))

    # ----------------------------------------------------------------- input

    def type(self, data: bytes) -> None:
        """Send `data` as keystrokes; reads output while the pty's input is full."""
        view = memoryview(data)
        while view:
            r, w, _ = select.select([] if self.eof else [self.fd], [self.fd], [], 10.0)
            if r:
                self._read_now()
            if w:
                try:
                    n = os.write(self.fd, view)
                except BlockingIOError:
                    continue
                view = view[n:]
            elif not r:
                raise AssertionError("the program stopped reading its input")

    def _write(self, data: bytes) -> None:
        try:
            os.write(self.fd, data)
        except OSError:
            pass

    def resize(self, rows: int, cols: int) -> None:
        """Set the window size (the kernel signals the foreground process group)."""
        self.proc.setwinsize(rows, cols)

    # ----------------------------------------------------------------- process

    def kill(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def termios(self) -> list[Any]:
        return termios.tcgetattr(self.fd)

    def alive(self) -> bool:
        if self.exit_code is not None or self.term_signal is not None:
            return False
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True
        self._set_status(status)
        return False

    def _set_status(self, status: int) -> None:
        if os.WIFSIGNALED(status):
            self.term_signal = os.WTERMSIG(status)
        else:
            self.exit_code = os.waitstatus_to_exitcode(status)

    @property
    def status(self) -> int | None:
        """The shell-style status (code, or 128+signal), None while running."""
        if self.term_signal is not None:
            return 128 + self.term_signal
        return self.exit_code

    def wait(self, timeout: float = 10.0) -> int:
        """Read until the program exits and its output is drained; return its status."""
        end = time.monotonic() + timeout
        while self.alive():
            if time.monotonic() > end:
                raise AssertionError(
                    f"still running after {timeout} s; output tail: {bytes(self._buf[-600:])!r}")
            if self.eof:
                time.sleep(0.01)
            else:
                self.read(0.05)
        self.drain(quiet=0.05, cap=2.0)
        status = self.status
        assert status is not None
        return status

    def descendants(self) -> list[int]:
        """The program's process tree below it (Linux; [] elsewhere)."""
        found: list[int] = []
        todo = [self.pid]
        while todo:
            pid = todo.pop()
            try:
                with open(f"/proc/{pid}/task/{pid}/children", "rb") as f:
                    kids = [int(k) for k in f.read().split()]
            except (OSError, ValueError):
                continue
            found.extend(kids)
            todo.extend(kids)
        return found

    def close(self) -> None:
        """Kill the program and what it started (if still running); close the pty."""
        for pid in self.descendants():
            for sig in (signal.SIGKILL, signal.SIGCONT):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
        if self.alive():
            for sig in (signal.SIGHUP, signal.SIGCONT, signal.SIGKILL):
                try:
                    os.kill(self.pid, sig)
                except OSError:
                    pass
            try:
                _, status = os.waitpid(self.pid, 0)
                self._set_status(status)
            except ChildProcessError:
                pass
        if not self.proc.closed:
            self.proc.closed = True  # we reap the child ourselves; ptyprocess must not
            self.proc.fileobj.close()  # closes the pty master

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def wait_state(t: Terminal, rundir: Path, state: str, timeout: float = 20.0) -> None:
    """Read `t`'s output until a session in registry directory `rundir` (the
    OSC7501WRAP_RUNTIME_DIR of the wrap in `t`) says `state`: waiting for wrap's decision
    itself, whatever it writes to the terminal, instead of a guessed time."""
    import json

    deadline = time.monotonic() + timeout
    while True:
        for f in rundir.glob("*.json"):
            try:
                if json.loads(f.read_text(encoding="utf-8")).get("state") == state:
                    return
            except (OSError, ValueError):
                pass  # being replaced
        if time.monotonic() > deadline:
            raise AssertionError(f"no session in {rundir} says {state} after {timeout} s; "
                                 f"output tail: {bytes(t.output[-300:])!r}")
        t.pump(0.05)
