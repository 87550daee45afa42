"""The PTY proxy loop: run a command in its own pseudo-terminal, pass bytes through.

`Proxy(command).run()` is what `wrap CMD` does underneath: it starts CMD on a new pty
with the user's terminal modes and window size, puts the real terminal in raw mode (only
when wrap owns the foreground), and copies bytes both ways unchanged until CMD exits.
It returns the status a shell would see: CMD's exit code, or 128+N if a signal N killed
it. A command that cannot be found or run raises WrapError (127 / 126) before anything
is forked.

One single-threaded loop does all the work (the style of script(1) and asciinema): an
epoll (poll where there is none, select on macOS) over the pty master, stdin, and a
self-pipe that signal handlers write to (`signal.set_wakeup_fd`). It

* forwards TERM and HUP to the child, INT and QUIT to the pty's foreground process group,
  and keeps draining until the child is gone;
* follows window size changes (re-reading the size every time);
* handles job control: a child stopped with SIGSTOP, or wrap sent SIGTSTP, suspends wrap
  with the terminal restored; on SIGCONT wrap re-enters raw mode, re-syncs the size,
  continues the child and makes it repaint;
* reads a flood in bursts: a read as big as the pty hands out at once is followed by
  another one without a poll in between (each written at once), up to BURST_MAX bytes
  per wake-up, so one poll and one handler follow-up cover up to 64 KiB of reads;
* after the child exits, drains its last output (until EOF, 200 ms of quiet, or 2 s);
* on every way out, restores the terminal modes (TCSADRAIN) and undoes the modes the
  child left on (alternate screen, hidden cursor, mouse, bracketed paste, kitty
  keyboard...) as seen by the StreamTracker.

SIGKILL cannot be caught: a wrap killed that way leaves the terminal as the child had
it (`stty sane` or `reset` repairs it). Everything else goes through the restore above.

The session plugs its work in through `ProxyHandler` (screen model, classifier, OSC 7501
reports) and sets timers with `Proxy.call_at` (one heap on the monotonic clock, the loop's
one timer facility); the loop waits for the heap's next deadline with a timeout, or, once
the session hands it a timerfd (`Proxy.use_timer_fd`, :mod:`.timerfd`), with none: the
timerfd is set only when that deadline changes. With no handler the proxy is a plain
transparent pty wrapper. This module
does not probe the terminal, model the screen or decide anything about the child's state.
"""

from __future__ import annotations

import errno
import fcntl
import heapq
import os
import select
import stat
import struct
import sys
import termios
import time
from collections.abc import Callable, Mapping

from ..errors import WrapError
from ..stream.tracker import StreamTracker

# The C module under `signal`: its enum wrappers cost about 4 ms before the child starts
# (enum, functools, collections; python -X importtime), a quarter of `wrap true`.
try:
    import _signal as signal
except ImportError:  # pragma: no cover - not CPython
    import signal  # type: ignore[no-redef]

__all__ = ["DeadlineFd", "Proxy", "ProxyHandler", "Timer", "find_command", "ignore_interrupts"]

READ_SIZE = 65536
# A read at least this big is taken for a flood: another read follows it at once
# (_on_master). A pty hands out up to 4095 bytes per read on Linux, about 1 KiB on macOS.
FLOOD_READ = 1000
BURST_MAX = 65536  # a flood's reads in one wake-up, at most (about a millisecond of it)
DRAIN_QUIET = 0.2  # after the child exits: stop after this long without output...
DRAIN_CAP = 2.0  # ...or this long in all (a grandchild may hold the pty open)
EOF_WAIT = 2.0  # stdin EOF: wait at most this long for the child to read pending input
INPUT_HIGH = 256 * 1024  # stop reading stdin while this much input waits for the child

CAN = b"\x18"
FORWARDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT)
HANDLED = (*FORWARDED, signal.SIGWINCH, signal.SIGCHLD, signal.SIGTSTP, signal.SIGCONT)
CHILD_DEFAULTS = (
    signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM,
    signal.SIGHUP, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGCHLD,
    signal.SIGWINCH,
)


def ignore_interrupts() -> None:
    """Ignore SIGINT and SIGQUIT in wrap itself from here to its exit. While the program
    runs the proxy's own handlers stand over these and forward each to its foreground job;
    once it has exited and the terminal is given back, a Ctrl-C pressed again (a double
    Ctrl-C to leave an agent) reaches wrap while it closes the session, and must neither cut
    that close short nor turn the program's exit status into 130. The program itself starts
    with both at their defaults (CHILD_DEFAULTS)."""
    for sig in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_IGN)


class Timer:
    """A callback the loop runs once at `when` (``time.monotonic()``); see
    :meth:`Proxy.call_at`. ``cancel()`` stops it if it has not run yet."""

    __slots__ = ("callback", "cancelled", "when")

    def __init__(self, when: float, callback: Callable[[], None]) -> None:
        self.when = when
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ProxyHandler:
    """What the session plugs into the loop. Every method is called from the loop itself
    (never from a signal handler or a thread) and must be cheap: the loop does nothing
    else while one runs. The defaults do nothing, which makes a transparent proxy.

    ``round_free``: set True by :meth:`output` when the chunk needs nothing more of the
    handler: the loop then writes it and asks no :meth:`to_child` or :meth:`injection`
    for it, and no :meth:`after_activity` for its round unless another event of the
    round (input, a resize, a handler's fd, another read of a flood's burst that did not
    settle) set it False again. The loop clears it at the end of the round.

    If one raises, the proxy records the exception in ``proxy.handler_error``, drops the
    handler for the rest of the run (it stays a transparent proxy), and prints one line on
    stderr after the terminal is restored.
    """

    round_free = False

    def started(self, proxy: Proxy) -> None:
        """The child runs. ``proxy.child_pid``, ``proxy.master_fd``, ``proxy.size``
        (rows, cols), ``proxy.tracker`` and ``proxy.tty_fd`` are available; from here on
        the handler may use ``proxy.call_at`` (timers), ``proxy.add_fd`` (readable fds)
        and ``proxy.send_to_child``."""

    def output(self, data: bytes) -> bytes:
        """Child bytes about to be written to the terminal; return what to write.

        The hot path: called for every read from the pty (up to 64 KiB); the reads of a
        flood's burst come one after the other, each written before the next is read."""
        return data

    def input(self, data: bytes) -> bytes:
        """Bytes read from stdin; return what to forward to the child."""
        return data

    def to_child(self) -> bytes:
        """Bytes to write to the child now (answers to its terminal queries, say).
        Called after each output chunk."""
        return b""

    def injection(self) -> bytes:
        """Bytes to write to the terminal now. Called only when ``proxy.tracker.safe``
        is true, after an output chunk and after the timers of a round ran."""
        return b""

    def resized(self, rows: int, cols: int) -> None:
        """The window size changed (the child's pty already has the new size)."""

    def after_activity(self) -> None:
        """Called after every round with activity (output, input, a handler's fd), once what
        it brought is written (once for all the reads of a flood's burst): do small follow-up work now if there is any, and set the
        timers (:meth:`Proxy.call_at`) for the work it made."""

    def finish(self, status: int, signaled: int | None) -> bytes:
        """The child is gone and drained (``status`` as wrap will exit, ``signaled`` the
        signal that killed it, if any). Return bytes to write to the terminal; they are
        written at a safe point, before the mode resets and the terminal restore."""
        return b""


# --------------------------------------------------------------------------- helpers


def find_command(name: str, env: Mapping[str, str] | None = None) -> str:
    """The path `execve` should run for `name`, searched like a shell does.

    Raises WrapError with status 127 (not found) or 126 (found but not executable).
    """
    if not name:
        raise WrapError(f"{name!r}: command not found", status=127)
    if "/" in name:
        try:
            st = os.stat(name)
        except OSError:
            raise WrapError(f"{name}: command not found", status=127) from None
        if stat.S_ISDIR(st.st_mode):
            raise WrapError(f"{name}: is a directory", status=126)
        if not os.access(name, os.X_OK):
            raise WrapError(f"{name}: permission denied", status=126)
        return name
    path = (env if env is not None else os.environ).get("PATH", os.defpath)
    denied = False
    for d in path.split(os.pathsep):
        candidate = os.path.join(d or ".", name)
        try:
            st = os.stat(candidate)
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            continue
        if os.access(candidate, os.X_OK):
            return candidate
        denied = True
    if denied:
        raise WrapError(f"{name}: permission denied", status=126)
    raise WrapError(f"{name}: command not found", status=127)


def _make_raw(attrs: list[int | list[bytes | int]]) -> list[int | list[bytes | int]]:
    """cfmakeraw() on a termios list (tty.setraw on 3.11 leaves INLCR and IGNCR on)."""
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


def _winsize(fd: int) -> bytes | None:
    """The raw TIOCGWINSZ struct of `fd` if it is a terminal with a real size."""
    try:
        ws = fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8)
    except OSError:
        return None
    rows, cols = struct.unpack("HH", ws[:4])
    return ws if rows and cols else None


def _env_winsize() -> bytes:
    def num(name: str, default: int) -> int:
        try:
            v = int(os.environ.get(name, ""))
        except ValueError:
            return default
        return v if 0 < v < 65536 else default

    return struct.pack("HHHH", num("LINES", 24), num("COLUMNS", 80), 0, 0)


def _write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to a blocking fd that someone may have made non-blocking."""
    while data:
        try:
            n = os.write(fd, data)
        except BlockingIOError:
            select.select([], [fd], [], 1.0)
            continue
        if n == len(data):
            return
        data = data[n:]


def _noop_handler(signum: int, frame: object) -> None:
    """Signal handlers only wake the loop (through the wakeup fd); the loop does the work."""


# --------------------------------------------------------------------------- the proxy


EVENT_READ = 1
EVENT_WRITE = 2


class DeadlineFd:
    """An fd that becomes readable at a time it is set to: what the loop needs of a
    timerfd (:class:`.timerfd.TimerFd`, which the session's boot loads: ctypes stays off
    the start; see :meth:`Proxy.use_timer_fd`). This base is never readable."""

    fd = -1

    def set(self, when: float | None) -> bool:
        """Become readable at `when` (``time.monotonic()`` seconds), or never (None);
        False if it could not be set."""
        return False

    def clear(self) -> None:
        """Stop being readable until set again."""

    def close(self) -> None:
        """Close the fd."""


class _Poller:
    """What the loop needs of :mod:`selectors`: fds with a callback each, read and write
    interest, one wait. epoll(7) on Linux, poll(2) elsewhere; select(2) on macOS, where
    poll does not work on terminals. A hang-up or error counts as readable and writable,
    as in selectors.

    epoll because a round is one wake-up per frame of a spinner: poll(2) queues the
    waiter on every fd's wait queues (two each for a terminal) and takes it off again on
    every call, and looks at every fd twice; epoll keeps the fds registered and looks
    only at the one that woke it. Its masks are poll's (EPOLLIN is POLLIN...). A file
    it cannot watch (a regular file, /dev/null as stdin) fails to register, as a file
    poll cannot watch does under select: the loop then reads it as always readable."""

    def __init__(self, use_poll: bool, use_epoll: bool = hasattr(select, "epoll")) -> None:
        self._callbacks: dict[int, Callable[[int], None]] = {}
        self._events: dict[int, int] = {}
        # (callback, EVENT_READ) of each fd read from, made once: what a plain POLLIN
        # (almost every event) turns into without a lookup of its interest or a new tuple
        self._on_read: dict[int, tuple[Callable[[int], None], int]] = {}
        self._epoll = use_poll and use_epoll
        self._poll = ((select.epoll() if use_epoll else select.poll()) if use_poll
                      else None)

    def __contains__(self, fd: int) -> bool:
        return fd in self._callbacks

    @property
    def epoll(self) -> bool:
        """The loop waits in epoll(7) (a timerfd can be one of its fds)."""
        return self._epoll

    def register(self, fd: int, events: int, callback: Callable[[int], None]) -> None:
        if fd in self._callbacks:
            raise KeyError(f"fd {fd} is already registered")
        if self._poll is not None:
            self._poll.register(fd, _poll_mask(events))
        elif fd < 0:
            raise ValueError(f"invalid fd {fd}")
        self._callbacks[fd] = callback
        self._events[fd] = events
        self._note_read(fd, events, callback)

    def modify(self, fd: int, events: int, callback: Callable[[int], None]) -> None:
        if self._poll is not None:
            self._poll.modify(fd, _poll_mask(events))
        self._callbacks[fd] = callback
        self._events[fd] = events
        self._note_read(fd, events, callback)

    def _note_read(self, fd: int, events: int, callback: Callable[[int], None]) -> None:
        if events & EVENT_READ:
            self._on_read[fd] = (callback, EVENT_READ)
        else:
            self._on_read.pop(fd, None)

    def unregister(self, fd: int) -> None:
        del self._callbacks[fd]
        del self._events[fd]
        self._on_read.pop(fd, None)
        if self._poll is not None:
            try:
                self._poll.unregister(fd)
            except OSError:  # epoll: closed already (it forgot the fd then)
                if not self._epoll:
                    raise

    def select(self, timeout: float | None) -> list[tuple[Callable[[int], None], int]]:
        """Wait up to ``timeout`` seconds (None: no limit); the ready callbacks and masks."""
        out: list[tuple[Callable[[int], None], int]] = []
        if self._poll is not None:
            try:
                if self._epoll:  # seconds (rounded up to ms), -1: no limit
                    got = self._poll.poll(-1 if timeout is None else max(0.0, timeout))
                else:
                    got = self._poll.poll(
                        None if timeout is None else max(0, -int(-timeout * 1000 // 1)))
            except InterruptedError:
                return out
            # One pass, a plain POLLIN first: part of the round (see the measure in _loop).
            on_read = self._on_read
            for fd, ev in got:
                if ev == _POLLIN:
                    item = on_read.get(fd)
                    if item is not None:
                        out.append(item)
                    continue
                cb = self._callbacks.get(fd)
                if cb is not None:
                    mask = self._events[fd] & (
                        (EVENT_READ if ev & ~select.POLLOUT else 0)
                        | (EVENT_WRITE if ev & ~select.POLLIN else 0))
                    if mask:
                        out.append((cb, mask))
            return out
        callbacks = self._callbacks
        events = self._events
        r = [fd for fd, e in events.items() if e & EVENT_READ]
        w = [fd for fd, e in events.items() if e & EVENT_WRITE]
        try:
            rl, wl, _ = select.select(r, w, [], None if timeout is None else max(0.0, timeout))
        except InterruptedError:
            return out
        marks = dict.fromkeys(rl, EVENT_READ)
        for fd in wl:
            marks[fd] = marks.get(fd, 0) | EVENT_WRITE
        for fd, mask in marks.items():
            cb = callbacks.get(fd)
            mask &= events.get(fd, 0)
            if cb is not None and mask:
                out.append((cb, mask))
        return out

    def close(self) -> None:
        self._callbacks.clear()
        self._events.clear()
        self._on_read.clear()
        if self._epoll and self._poll is not None:
            self._poll.close()  # type: ignore[union-attr]


_POLLIN = getattr(select, "POLLIN", 1)


def _poll_mask(events: int) -> int:
    return ((select.POLLIN if events & EVENT_READ else 0)
            | (select.POLLOUT if events & EVENT_WRITE else 0))


class Proxy:
    """Runs `command` in a new pty and proxies the real terminal to it (see module doc).

    Attributes for the handler: ``child_pid``, ``master_fd``, ``size`` (rows, cols),
    ``tracker`` (the StreamTracker of the child's output), ``tty_fd`` (a /dev/tty fd
    opened when stdout is not a terminal, else None), ``stdin_is_tty``,
    ``stdout_is_tty``, ``handler_error``.
    """

    def __init__(self, command: list[str], handler: ProxyHandler | None = None, *,
                 env: dict[str, str] | None = None) -> None:
        self.command = list(command)
        self.handler = handler if handler is not None else ProxyHandler()
        # the defaults do nothing: without a handler the loop calls nothing
        self._handled = type(self.handler) is not ProxyHandler
        self.env = env
        self.tracker = StreamTracker()
        self.child_pid = -1
        self.master_fd = -1
        self.size = (24, 80)
        self.tty_fd: int | None = None
        self.stdin_is_tty = False
        self.stdout_is_tty = False
        self.handler_error: BaseException | None = None
        self.exit_status: int | None = None
        self.signaled: int | None = None
        # terminal state
        # the user's modes (a termios list), restored on the way out
        self._saved: list[int | list[bytes | int]] | None = None
        self._raw_attrs: list[int | list[bytes | int]] | None = None
        self._raw = False
        self._modes_reset = False  # the child's modes were undone for a suspend
        self._winsize = b""
        self._inject_fd: int | None = None
        self._out_ok = True
        # loop state
        self._sel: _Poller | None = None
        self._wake_r = -1
        self._wake_w = -1
        self._old_wakeup = -1
        self._old_handlers: dict[int, object] = {}
        self._stdin_on = False  # stdin is registered (or polled) for reading
        self._stdin_polled = False  # could not be registered: treat as always readable
        self._stdin_done = False
        self._pending = b""  # input waiting for the child to read
        self.input_high = 0  # the most input that ever waited (set where it queues)
        self._master_events = EVENT_READ
        self._master_eof = False
        self._child_done = False
        self._drain_until = 0.0
        self._drain_cap = 0.0
        self._eof_pending = False
        self._eof_check = 0.0
        self._eof_deadline = 0.0
        self._last_input = b"\n"
        self._slave_name: str | None = None
        # a heap of the handler's call_at() timers: the loop's one clock
        self._timers: list[tuple[float, int, Timer]] = []
        self._timer_seq = 0
        self._due: list[Timer] = []  # the timers _run_timers is running
        self._handler_fds: list[int] = []
        self._early_fds: list[tuple[int, Callable[[], None]]] = []  # add_fd() before the loop
        # the loop's next deadline as a timerfd (use_timer_fd), and the time it is set to
        self._tfd: DeadlineFd | None = None
        self._tfd_at: float | None = None
        self._finished = False

    # ----------------------------------------------------------------- public

    def run(self) -> int:
        """Run the command to the end; return the status wrap should exit with."""
        if not self.command:
            raise WrapError("no command given")
        path = find_command(self.command[0], self.env)
        self._setup_terminal()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, HANDLED)
        try:
            self._install_signals()
            try:
                self._enter_raw()
                self._spawn(path)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            self._call_handler("started", self)
            self._register()
            self._loop()
            self._finish_terminal(normal=True)
        finally:
            self._cleanup()
        if self.handler_error is not None:
            err = self.handler_error
            sys.stderr.write(f"wrap: status reporting stopped after an internal error: "
                             f"{type(err).__name__}: {err}\n")
        return self.exit_status if self.exit_status is not None else 1

    @property
    def pending_input(self) -> int:
        """Bytes of input waiting for the child to read them."""
        return len(self._pending)

    def send_to_child(self, data: bytes) -> None:
        """Queue `data` as input for the child (after anything already queued)."""
        if data and self.master_fd >= 0 and not self._child_done:
            self._send(data)

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Run `callback` from the loop once ``time.monotonic()`` reaches `when` (after the
        round of I/O that is under way); the handler's injection is written after the
        timers of a round ran. The loop's one timer facility (the drain and EOF waits
        stay the loop's own state). A callback that raises is a failed handler call (see
        :class:`ProxyHandler`)."""
        timer = Timer(when, callback)
        self._timer_seq += 1
        heapq.heappush(self._timers, (when, self._timer_seq, timer))
        return timer

    def _run_timers(self, now: float) -> None:
        """Run the timers due at `now`. One set per round: a timer set from a callback
        for a time already passed waits for the next round, after the I/O in between."""
        timers = self._timers
        self._due = due = []
        while timers and timers[0][0] <= now:
            timer = heapq.heappop(timers)[2]
            if not timer.cancelled:
                due.append(timer)
        for timer in due:
            if timer.cancelled:  # by a callback before it
                continue
            timer.cancelled = True  # it ran: a cancel() from here on changes nothing
            try:
                timer.callback()
            except Exception as exc:
                self._handler_failed(exc)
        self._due = []
        if due:
            try:
                self._inject_if_safe()
            except Exception as exc:
                self._handler_failed(exc)

    def add_fd(self, fd: int, callback: Callable[[], None]) -> None:
        """Call `callback` from the loop whenever `fd` is readable (a control socket, say);
        from :meth:`ProxyHandler.started` on. A callback that raises is a failed handler call."""
        if self._sel is None:
            self._early_fds.append((fd, callback))  # registered with the loop's own fds
            return
        try:
            self._sel.register(fd, EVENT_READ, self._handler_fd_callback(callback))
            self._handler_fds.append(fd)
        except (OSError, ValueError, KeyError):
            pass

    def remove_fd(self, fd: int) -> None:
        """Stop watching an fd given to :meth:`add_fd` (before closing it)."""
        if fd in self._handler_fds and self._sel is not None:
            self._handler_fds.remove(fd)
            try:
                self._sel.unregister(fd)
            except (KeyError, ValueError, OSError):
                pass

    # ----------------------------------------------------------------- setup

    def _setup_terminal(self) -> None:
        self.stdin_is_tty = os.isatty(0)
        self.stdout_is_tty = os.isatty(1)
        if self.stdin_is_tty:
            try:
                self._saved = termios.tcgetattr(0)
            except termios.error:
                self._saved = None
        if not self.stdout_is_tty:
            try:
                self.tty_fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY | os.O_CLOEXEC)
            except OSError:
                self.tty_fd = None
        self._inject_fd = 1 if self.stdout_is_tty else self.tty_fd
        self._winsize = self._read_winsize() or _env_winsize()
        self.size = struct.unpack("HH", self._winsize[:4])  # type: ignore[assignment]

    def _read_winsize(self) -> bytes | None:
        for fd in (0, 1, self.tty_fd):
            if fd is not None:
                ws = _winsize(fd)
                if ws is not None:
                    return ws
        return None

    def _install_signals(self) -> None:
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._old_wakeup = signal.set_wakeup_fd(self._wake_w, warn_on_full_buffer=False)
        for sig in HANDLED:
            self._old_handlers[sig] = signal.signal(sig, _noop_handler)

    def _spawn(self, path: str) -> None:
        master, slave = os.openpty()
        try:
            if self._saved is not None:
                termios.tcsetattr(slave, termios.TCSANOW, self._saved)
            fcntl.ioctl(slave, termios.TIOCSWINSZ, self._winsize)
            try:
                self._slave_name = os.ttyname(slave)
            except OSError:
                self._slave_name = None
            pid = os.fork()
        except BaseException:
            os.close(master)
            os.close(slave)
            raise
        if pid == 0:  # the child
            self._exec_child(path, master, slave)
        os.close(slave)
        self.child_pid = pid
        self.master_fd = master
        os.set_blocking(master, False)
        fcntl.ioctl(master, termios.TIOCSWINSZ, self._winsize)

    def _exec_child(self, path: str, master: int, slave: int) -> None:
        try:
            os.close(master)
            if hasattr(os, "login_tty"):
                os.login_tty(slave)
            else:  # pragma: no cover - every supported Python has login_tty
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
            signal.set_wakeup_fd(-1)
            for sig in CHILD_DEFAULTS:
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGCONT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            env = self.env if self.env is not None else os.environ
            os.execve(path, self.command, env)
        except OSError as exc:
            try:
                msg = f"wrap: {self.command[0]}: {exc.strerror or exc}\r\n"
                os.write(2, msg.encode("utf-8", "replace"))
            finally:
                os._exit(127 if exc.errno == errno.ENOENT else 126)
        finally:
            os._exit(126)

    def _register(self) -> None:
        sel = _Poller(use_poll=sys.platform != "darwin" and hasattr(select, "poll"))
        self._sel = sel
        sel.register(self._wake_r, EVENT_READ, self._on_wakeup)
        sel.register(self.master_fd, EVENT_READ, self._on_master)
        self._stdin_on = True
        try:
            sel.register(0, EVENT_READ, self._on_stdin)
        except (OSError, ValueError):
            self._stdin_polled = True
        early, self._early_fds = self._early_fds, []
        for fd, cb in early:
            self.add_fd(fd, cb)
        self._register_timer_fd(sel)

    def use_timer_fd(self, tfd: DeadlineFd | None) -> None:
        """Wait for the timers' next deadline on `tfd` (registered in the loop's epoll)
        instead of with a timeout: set only when that deadline changes, not every round
        (see :mod:`.timerfd`). None, or a loop without epoll: keep the timeout."""
        if tfd is None:
            return
        sel = self._sel
        if self._tfd is not None or (sel is not None and not sel.epoll):
            tfd.close()
            return
        self._tfd, self._tfd_at = tfd, None
        if sel is not None:  # else _register() registers it
            self._register_timer_fd(sel)

    def _register_timer_fd(self, sel: _Poller) -> None:
        tfd = self._tfd
        if tfd is None:
            return
        if sel.epoll:
            try:
                sel.register(tfd.fd, EVENT_READ, self._on_timer_fd)
                return
            except (OSError, ValueError):
                pass
        self._tfd = None  # the loop keeps its timeout
        tfd.close()

    def _on_timer_fd(self, mask: int) -> None:
        """The timerfd's time came: the timers run after this round's I/O, as with a
        timeout; the next round sets it again (its time is no longer set)."""
        tfd = self._tfd
        if tfd is not None:
            tfd.clear()
        self._tfd_at = None

    def _handler_fd_callback(self, cb: Callable[[], None]) -> Callable[[int], None]:
        def call(mask: int) -> None:
            try:
                cb()
            except Exception as exc:
                self._handler_failed(exc)

        return call

    # ----------------------------------------------------------------- terminal modes

    def _foreground(self) -> bool:
        try:
            return os.tcgetpgrp(0) == os.getpgrp()
        except OSError:
            return False

    def _enter_raw(self) -> None:
        if self._saved is None or not self._foreground():
            return
        self._raw_attrs = _make_raw(self._saved)
        try:
            termios.tcsetattr(0, termios.TCSANOW, self._raw_attrs)
            self._raw = True
        except termios.error:
            self._raw = False

    def _restore_tty(self) -> None:
        if not self._raw or self._saved is None:
            return
        self._raw = False
        # From the background tcsetattr would stop us with SIGTTOU; shells ignore it too.
        old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        try:
            termios.tcsetattr(0, termios.TCSADRAIN, self._saved)
        except termios.error:
            pass
        finally:
            signal.signal(signal.SIGTTOU, old)

    # ----------------------------------------------------------------- the loop

    def _loop(self) -> None:
        sel = self._sel
        assert sel is not None
        monotonic = time.monotonic
        timers = self._timers
        heappop = heapq.heappop
        # The steps of a round are written out here, not called: measured 3.5 -> 2.8 us
        # of Python per spinner frame without a handler (a fifth), 5.0 -> 4.1 us per 4 KiB.
        # The clock is read only when a wait or a step needs it: a round of a plain
        # passthrough (no timers) reads it never.
        while True:
            nxt = None
            if timers:
                while timers and timers[0][2].cancelled:
                    heappop(timers)
                if timers:
                    nxt = timers[0][0]
            poll_stdin = False
            plain = True  # the next deadline is the timers' alone
            if self._child_done or self._master_eof or self._eof_pending or self._stdin_polled:
                plain = False
                now = monotonic()
                if self._child_done and (self._master_eof or now >= self._drain_until):
                    return
                # stdin that cannot be polled is read once per round, as if always readable
                poll_stdin = (self._stdin_polled and self._stdin_on
                              and len(self._pending) < INPUT_HIGH)
                if self._child_done:
                    nxt = self._drain_until if nxt is None else min(nxt, self._drain_until)
                elif self._master_eof:
                    nxt = now + 0.5 if nxt is None else min(nxt, now + 0.5)
                if self._eof_pending:
                    nxt = self._eof_check if nxt is None else min(nxt, self._eof_check)
            if poll_stdin:
                events = sel.select(0.0)
            elif nxt is None:
                if self._tfd_at is not None:  # a deadline no longer wanted
                    self._set_timer_fd(None)
                events = sel.select(None)
            elif plain and nxt == self._tfd_at:  # the timerfd is set for it: no timeout
                events = sel.select(None)
            else:
                now = monotonic()
                if nxt <= now:
                    events = sel.select(0.0)
                elif plain and self._tfd is not None and self._set_timer_fd(nxt):
                    events = sel.select(None)
                else:
                    events = sel.select(nxt - now)
            if events:
                for callback, mask in events:
                    callback(mask)
                if self._handled:  # the handler's follow-up, and its timers for it
                    handler = self.handler
                    if handler.round_free:  # nothing follows from this round
                        handler.round_free = False
                    else:
                        try:
                            handler.after_activity()
                        except Exception as exc:
                            self._handler_failed(exc)
            if poll_stdin:
                self._on_stdin(EVENT_READ)
            if timers or self._eof_pending or self._master_eof:
                now = monotonic()
                if timers and timers[0][0] <= now:
                    self._run_timers(now)
                if self._eof_pending and now >= self._eof_check:
                    self._try_send_eof(now)
                if self._master_eof and not self._child_done:
                    self._reap()

    def _set_timer_fd(self, when: float | None) -> bool:
        """Set the timerfd for `when` (None: never); False if it could not be (the loop
        then waits with a timeout, as without one)."""
        tfd = self._tfd
        if tfd is None or not tfd.set(when):
            self._tfd_at = None
            return False
        self._tfd_at = when
        return True

    # child output

    def _on_master(self, mask: int) -> None:
        if mask & EVENT_WRITE:
            self._flush_input()
        if not mask & EVENT_READ:
            return
        # Each read is written out at once (as script(1) does: gathering reads into one
        # write was measured to cost throughput, the terminal side sits idle while the
        # child's side fills). A read as big as a pty hands out at once (a flood) is
        # followed by another read in the same wake-up, without a poll in between, up to
        # BURST_MAX bytes: one poll and one after_activity() cover the burst, and the
        # timers, stdin and signals wait for at most that much output.
        fd = self.master_fd
        left = BURST_MAX
        unsettled = False
        while True:
            try:
                data = os.read(fd, READ_SIZE)
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno != errno.EIO:
                    raise
                data = b""
            if not data:
                self._master_closed()
                break
            if self._child_done:
                self._drain_until = min(time.monotonic() + DRAIN_QUIET, self._drain_cap)
            if not self._handled:  # the bare proxy
                if self._out_ok:
                    self._write_fast(data)
                self.tracker.feed(data)
            elif not self._handle_output(data):
                unsettled = True
            n = len(data)
            left -= n
            if n < FLOOD_READ or left <= 0:
                break
        if unsettled and self._handled:
            # after_activity() once for the burst, unless every read of it settled
            self.handler.round_free = False

    def _handle_output(self, data: bytes) -> bool:
        """One read of child output through the handler; True if it settled."""
        try:
            out = self.handler.output(data)
        except Exception as exc:
            self._handler_failed(exc)
            out = data
        tracker = self.tracker
        if out:
            if self._out_ok:
                self._write_fast(out)
            tracker.feed(out)
        handler = self.handler
        if handler.round_free:  # the chunk needs nothing more (ProxyHandler.round_free)
            return True
        try:
            answer = handler.to_child()
            if answer:
                self.send_to_child(answer)
            if tracker.safe:
                inj = handler.injection()
                if inj:
                    self._inject(inj)
        except Exception as exc:
            self._handler_failed(exc)
        return False

    def _write_fast(self, data: bytes) -> None:
        """:meth:`_write_out` with its usual case (all written at once) first."""
        try:
            n = os.write(1, data)
        except OSError:
            n = 0  # _write_out tries again and deals with it
        if n < len(data):
            self._write_out(data[n:] if n else data)

    def _inject_if_safe(self) -> None:
        """Write the handler's injection, if the child's stream is at a safe point."""
        if self.tracker.safe:
            inj = self.handler.injection()
            if inj:
                self._inject(inj)

    def _write_out(self, data: bytes) -> None:
        try:
            _write_all(1, data)
        except OSError:
            # The terminal or the pipe is gone: keep draining the child, write nothing.
            self._out_ok = False
            if self._inject_fd == 1:
                self._inject_fd = None
            self._hangup_child()

    def _inject(self, data: bytes) -> None:
        fd = self._inject_fd
        if fd is None:
            return
        if fd == 1:
            self._write_out(data)
            return
        try:
            _write_all(fd, data)
        except OSError:
            self._inject_fd = None

    def _master_closed(self) -> None:
        self._master_eof = True
        if self._sel is not None:
            try:
                self._sel.unregister(self.master_fd)
            except (KeyError, ValueError):
                pass
        self._pending = b""
        self._stop_stdin()
        self._reap()

    # user input

    def _on_stdin(self, mask: int) -> None:
        try:
            data = os.read(0, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._stdin_eof()
            return
        handler = self.handler
        try:
            data = handler.input(data)
        except Exception as exc:
            self._handler_failed(exc)
        if data and not self._child_done and not self._master_eof:
            self._last_input = data[-1:]
            self._send(data)

    def _send(self, data: bytes) -> None:
        if not self._pending:
            try:
                n = os.write(self.master_fd, data)
            except BlockingIOError:
                n = 0
            except OSError:
                return  # the child is gone; its exit is on the way
            data = data[n:]
            if not data:
                return
        self._pending += data
        if len(self._pending) > self.input_high:
            self.input_high = len(self._pending)
        self._update_master_events()

    def _flush_input(self) -> None:
        if self._pending:
            try:
                n = os.write(self.master_fd, self._pending)
            except BlockingIOError:
                n = 0
            except OSError:
                n = len(self._pending)
            self._pending = self._pending[n:]
        self._update_master_events()

    def _update_master_events(self) -> None:
        want = EVENT_READ | (EVENT_WRITE if self._pending else 0)
        if want != self._master_events and self._sel is not None and not self._master_eof:
            self._sel.modify(self.master_fd, want, self._on_master)
            self._master_events = want
        # backpressure: stop reading stdin while the child is not reading its input
        if self._stdin_on and not self._stdin_polled and not self._stdin_done:
            full = len(self._pending) >= INPUT_HIGH
            registered = 0 in self._sel if self._sel is not None else False
            if full and registered:
                self._sel.unregister(0)  # type: ignore[union-attr]
            elif not full and not registered and self._sel is not None:
                self._sel.register(0, EVENT_READ, self._on_stdin)

    def _stop_stdin(self) -> None:
        self._stdin_done = True
        if self._stdin_on:
            self._stdin_on = False
            if self._sel is not None and not self._stdin_polled:
                try:
                    self._sel.unregister(0)
                except (KeyError, ValueError):
                    pass

    def _stdin_eof(self) -> None:
        self._stop_stdin()
        if self._child_done or self._master_eof:
            return
        if self.stdin_is_tty:
            # A terminal that reads 0 (or EIO) has hung up. When it is not wrap's
            # controlling terminal no SIGHUP ever comes, so the hangup is passed on here
            # (when it is, this is the same signal a moment sooner).
            self._hangup_child()
            return
        # Like script(1): let the child read what is pending, then send VEOF.
        now = time.monotonic()
        self._eof_pending = True
        self._eof_check = now + 0.01
        self._eof_deadline = now + EOF_WAIT

    def _try_send_eof(self, now: float) -> None:
        if self._child_done or self._master_eof:
            self._eof_pending = False
            return
        if not self._pending and (now >= self._eof_deadline or not self._slave_has_input()):
            self._eof_pending = False
            try:
                attrs = termios.tcgetattr(self.master_fd)
                veof = attrs[6][termios.VEOF]
                canonical = bool(attrs[3] & termios.ICANON)
            except termios.error:
                veof, canonical = b"\x04", True
            if isinstance(veof, int):
                veof = bytes([veof])
            # In canonical mode VEOF after a partial line only ends that line.
            twice = canonical and self._last_input not in (b"\n", b"\r", veof)
            self._send(veof * 2 if twice else veof)
            return
        self._eof_check = now + 0.05

    def _slave_has_input(self) -> bool:
        if self._slave_name is None:
            return False
        try:
            fd = os.open(self._slave_name, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            # select(), not poll(): poll does not work on terminals on macOS.
            return bool(select.select([fd], [], [], 0)[0])
        except (OSError, ValueError):
            return False
        finally:
            os.close(fd)

    # signals

    def _on_wakeup(self, mask: int) -> None:
        try:
            data = os.read(self._wake_r, 512)
        except BlockingIOError:
            return
        seen: list[int] = []
        for signum in data:
            if signum not in seen:
                seen.append(signum)
        for signum in seen:
            if signum == signal.SIGCHLD:
                self._reap()
            elif signum == signal.SIGWINCH:
                self._sync_size()
            elif signum in (signal.SIGTERM, signal.SIGHUP):
                self._signal_child(signum)
            elif signum in (signal.SIGINT, signal.SIGQUIT):
                self._signal_foreground(signum)
            elif signum == signal.SIGTSTP:
                self._suspend()
            elif signum == signal.SIGCONT:
                self._resume()

    def _signal_child(self, signum: int) -> None:
        if self.child_pid > 0 and not self._child_done:
            try:
                os.kill(self.child_pid, signum)
            except OSError:
                pass

    def _signal_foreground(self, signum: int) -> None:
        if self._child_done:
            return
        try:
            pgrp = os.tcgetpgrp(self.master_fd)
        except OSError:
            pgrp = 0
        try:
            if pgrp > 0:
                os.killpg(pgrp, signum)
            else:
                os.kill(self.child_pid, signum)
        except OSError:
            pass

    def _hangup_child(self) -> None:
        self._signal_child(signal.SIGHUP)
        try:
            pgrp = os.tcgetpgrp(self.master_fd)
            if pgrp > 0 and pgrp != self.child_pid:
                os.killpg(pgrp, signal.SIGHUP)
        except OSError:
            pass

    def _reap(self) -> None:
        while self.child_pid > 0 and not self._child_done:
            try:
                pid, status = os.waitpid(self.child_pid, os.WNOHANG | os.WUNTRACED)
            except ChildProcessError:
                self._child_exited(1, None)
                return
            if pid == 0:
                return
            if os.WIFSTOPPED(status):
                self._suspend()
                return
            if os.WIFSIGNALED(status):
                sig = os.WTERMSIG(status)
                self._child_exited(128 + sig, sig)
            else:
                self._child_exited(os.waitstatus_to_exitcode(status), None)

    def _child_exited(self, status: int, signaled: int | None) -> None:
        self._child_done = True
        self.exit_status = status
        self.signaled = signaled
        now = time.monotonic()
        self._drain_cap = now + DRAIN_CAP
        self._drain_until = now + DRAIN_QUIET
        self._eof_pending = False
        self._pending = b""
        self._stop_stdin()  # type-ahead from now on belongs to the shell

    def _sync_size(self) -> bool:
        """Re-read the terminal size and give it to the child's pty; True if it changed."""
        ws = self._read_winsize()
        if ws is None:
            return False
        changed = ws != self._winsize
        self._winsize = ws
        if self.master_fd >= 0 and not self._master_eof:
            try:
                fcntl.ioctl(self.master_fd, termios.TIOCSWINSZ, ws)
            except OSError:
                pass
        size = struct.unpack("HH", ws[:4])
        if size != self.size:
            self.size = size  # type: ignore[assignment]
            self._call_handler("resized", size[0], size[1])
        return changed

    # job control

    def _suspend(self) -> None:
        """Stop wrap (its child stopped, or wrap got SIGTSTP) with the terminal restored."""
        if self.stdout_is_tty and self._out_ok:
            out = b""
            if self.tracker.in_sequence:
                out = CAN
                self.tracker.feed(CAN)
            reset = self.tracker.reset_sequence()
            if out or reset:
                self._write_out(out + reset)
                self._modes_reset = bool(reset)
        self._restore_tty()
        os.kill(os.getpid(), signal.SIGSTOP)
        # We continue here after SIGCONT; its wakeup byte makes the loop call _resume.

    def _resume(self) -> None:
        if self._saved is not None and self._foreground():
            try:
                current = termios.tcgetattr(0)
            except termios.error:
                current = None
            # Follow changes the user made while we were stopped, unless nobody touched
            # the terminal and it is still in our raw mode.
            if current is not None and (self._raw_attrs is None
                                        or current[:4] != self._raw_attrs[:4]):
                self._saved = current
            self._enter_raw()
        if self._modes_reset and self._out_ok:
            self._modes_reset = False
            again = self.tracker.reapply_sequence()
            if again:
                self._write_out(again)
        changed = self._sync_size()
        if self.child_pid > 0 and not self._child_done:
            for pgrp in self._child_pgrps():
                try:
                    os.killpg(pgrp, signal.SIGCONT)
                except OSError:
                    pass
            if not changed:  # force a repaint
                for pgrp in self._child_pgrps()[-1:]:
                    try:
                        os.killpg(pgrp, signal.SIGWINCH)
                    except OSError:
                        pass

    def _child_pgrps(self) -> list[int]:
        """The child's process group, then the pty's foreground group if different."""
        groups = [self.child_pid]
        try:
            fg = os.tcgetpgrp(self.master_fd)
            if fg > 0 and fg != self.child_pid:
                groups.append(fg)
        except OSError:
            pass
        return groups

    # ----------------------------------------------------------------- the end

    def _finish_terminal(self, normal: bool) -> None:
        """Write the handler's last words and undo the child's modes, at a safe point."""
        if self._finished:
            return
        self._finished = True
        out = b""
        if self.stdout_is_tty and self.tracker.in_sequence:
            out = CAN
            self.tracker.feed(CAN)
        if normal:
            try:
                last = self.handler.finish(self.exit_status or 0, self.signaled)
            except Exception as exc:
                self._handler_failed(exc)
                last = b""
            if last:
                if self._inject_fd == 1:
                    out += last
                else:
                    self._inject(last)
        if self.stdout_is_tty:
            out += self.tracker.reset_sequence()
        if out and self._out_ok:
            self._write_out(out)

    def _cleanup(self) -> None:
        try:
            if self.child_pid > 0 and not self._child_done:
                # Leaving early (an exception): hang up on the child as a terminal would.
                for sig in (signal.SIGHUP, signal.SIGCONT):
                    self._signal_child(sig)
                try:
                    os.waitpid(self.child_pid, os.WNOHANG)
                except OSError:
                    pass
            if self.master_fd >= 0 and not self._finished:
                try:
                    self._finish_terminal(normal=False)
                except Exception:
                    pass
        finally:
            self._restore_tty()
            if self._old_handlers:
                signal.set_wakeup_fd(self._old_wakeup)
                for sig, handler in self._old_handlers.items():
                    # None: the old handler was not set from Python; default is the best guess
                    signal.signal(sig, signal.SIG_DFL if handler is None else handler)  # type: ignore[arg-type]
                self._old_handlers = {}
            if self._sel is not None:
                self._sel.close()
            if self._tfd is not None:
                self._tfd.close()
                self._tfd = self._tfd_at = None
            for fd in (self._wake_r, self._wake_w, self.master_fd, self.tty_fd):
                if fd is not None and fd >= 0:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            self._wake_r = self._wake_w = self.master_fd = -1
            self.tty_fd = None

    # ----------------------------------------------------------------- handler

    def _call_handler(self, name: str, *args: object) -> object:
        try:
            return getattr(self.handler, name)(*args)
        except Exception as exc:
            self._handler_failed(exc)
            return None

    def _handler_failed(self, exc: BaseException) -> None:
        if self.handler_error is None:
            self.handler_error = exc
        self.handler = ProxyHandler()
        self._handled = False
        for _, _, timer in self._timers:
            timer.cancel()
        self._timers.clear()
        for timer in self._due:
            timer.cancel()
        self._early_fds = []
        for fd in list(self._handler_fds):
            self.remove_fd(fd)
