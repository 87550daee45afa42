"""herdr as a display: the session's state reported over herdr's socket API.

Only inside a herdr pane (``HERDR_ENV=1`` with ``HERDR_PANE_ID`` and ``HERDR_SOCKET_PATH``,
see :func:`herdr_env`); anywhere else the session never imports this module. Each
published change becomes one ``pane.report_agent`` request (``pane_id``, ``source`` =
``custom:osc7501wrap``, ``agent``, ``state``, ``message``, ``seq``); the program's exit
(every path) the last state, then one ``pane.release_agent``. States (herdr's ``state``
drives its waits, notifications and rollups): working and blocked (message: the question
or command) as they are; idle and done -> idle (herdr shows working -> idle as done until
the pane is looked at); error -> idle with the error as message (the turn is over;
herdr's blocked refuses agent.prompt); clear -> the release; anything else -> unknown.

``seq`` is the wall clock in microseconds, never lower than the last one + 1 (a later
wrap in the pane starts above an earlier one; herdr ignores a seq from the same source at
or below the last it accepted). ``agent`` and ``message`` are sanitized and JSON-encoded
with ``ensure_ascii``: a request is always one line.

Transport as herdr documents it: one JSON line per connection to the Unix socket, one
line back, on a non-blocking socket driven by :meth:`HerdrReporter.poll` from the loop:
one request at a time, changes coalesced (the latest wins), TIMEOUT seconds for an
answer. A failed request (no socket, no answer, a refusal) is tried again, the wait
doubling over BACKOFF (a new state is tried at once), so a herdr restarted during a long
session gets the state back; going away and coming back cost one log line each. At the
exit answers are awaited EXIT_WAIT seconds at most, then what is left is written blind.
Wraps nested in one pane: the innermost speaks (:class:`Lease`).

Not here: deciding states, the other displays (:mod:`.tmux_display`), herdr's
``pane.report_metadata`` (display-only text) or session identity.
"""


from __future__ import annotations

import errno
import json
import os
import re
import socket
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..digest import sha256
from ..fusion.fusion import Decision
from ..paths import runtime_dir
from ..protocol import sanitize_text
from ..rules.model import GENERIC
from .detect import detect
from .sink import Sink

SOURCE = "custom:osc7501wrap"
MSG_LIMIT = 200
TIMEOUT = 2.0
BACKOFF = (1.0, 60.0)  # the first wait before trying a failed request again, the longest
EXIT_WAIT = 0.05  # at the exit, how long answers are awaited before writing blind
LEASE_CHECK = 1.0  # while a nested wrap speaks for the pane, how often to look again
ANSWER_LIMIT = 65536
REPORT, RELEASE = "pane.report_agent", "pane.release_agent"
STATES = {"working": "working", "blocked": "blocked", "idle": "idle", "done": "idle",
          "error": "idle"}
_CHECKS = (0.002, 0.01, 0.03, 0.1, 0.25, 0.5, 1.0)  # after a start, when to look again


def herdr_env(env: Mapping[str, str]) -> tuple[str, str] | None:
    """(socket path, pane id) where herdr says it runs this pane, else None."""
    return detect(env).herdr


def agent_label(manifest: str, argv: list[str]) -> str:
    """The ``agent`` herdr is told: the manifest's name; for the generic manifest the
    program's own name (letters, digits, ``_.+-``; at most 32), else ``generic``."""
    if manifest == GENERIC and argv:
        name = re.sub(r"[^A-Za-z0-9_.+-]", "", os.path.basename(argv[0]))[:32]
        if name:
            return name
    return clean(manifest, 64) or GENERIC


def clean(text: str, limit: int = MSG_LIMIT) -> str:
    return sanitize_text(text, limit)


def request_line(req_id: str, method: str, params: Mapping[str, object]) -> bytes:
    """One request as herdr reads it: compact JSON, ASCII only, ending in a newline."""
    return json.dumps({"id": req_id, "method": method, "params": dict(params)},
                      ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def ping(path: str, timeout: float = 1.0) -> tuple[bool, str]:
    """Ask herdr's socket ``ping`` (for `doctor`): (answered, what it said or why not)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(path)
            s.sendall(request_line("osc7501wrap-doctor", "ping", {}))
            data = b""
            deadline = time.monotonic() + timeout
            while b"\n" not in data and len(data) < ANSWER_LIMIT:
                s.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
    except TimeoutError:
        return False, f"no answer in {timeout:g} s"
    except OSError as err:
        return False, err.strerror or str(err)
    try:
        answer = json.loads(data.split(b"\n", 1)[0])
        result = answer["result"]
        if result.get("type") != "pong":
            raise ValueError
    except (ValueError, KeyError, TypeError, AttributeError):
        return False, f"not a pong: {clean(data.decode('utf-8', 'replace'), 80)!r}"
    return True, (f"herdr {clean(str(result.get('version', '?')), 40)}, protocol "
                  f"{clean(str(result.get('protocol', '?')), 16)}")



class Lease:
    """Which of the wraps nested in one herdr pane speaks for it: the innermost.

    A file in the runtime directory named after the socket and the pane holds the pid of
    the wrap that speaks. A wrap that starts there writes its own pid and remembers the
    one it replaced (:attr:`outer`); a wrap whose lease names another live process sends
    nothing. At its exit the inner wrap releases only its own agent, then gives the lease
    back (:meth:`hand_back`), and the outer one, looking again every LEASE_CHECK seconds
    while it is silent, reports its state again. A lease that names a process that is
    gone is taken back. Never raises: without the file, every wrap speaks."""

    def __init__(self, directory: str, socket_path: str, pane: str,
                 pid: int | None = None) -> None:
        key = sha256(f"{socket_path}\0{pane}".encode()).hexdigest()[:16]
        self.path = Path(directory) / f"herdr-{key}.lease"
        self.pid = os.getpid() if pid is None else pid
        holder = self._holder()
        self.outer = holder if holder is not None and _descends(self.pid, holder) else None
        self._write(self.pid)

    def speaking(self) -> bool:
        """Whether this wrap speaks for the pane now (taking back a lease left by a
        process that is gone)."""
        holder = self._holder()
        if holder == self.pid:
            return True
        if holder is not None and _descends(holder, self.pid):
            return False  # a wrap in our own program's tree: it speaks
        self._write(self.pid)
        return True

    def hand_back(self) -> None:
        """At the exit: the lease to the wrap around this one, if it still runs."""
        if self._holder() != self.pid:
            return
        if self.outer is not None and _alive(self.outer):
            self._write(self.outer)
        else:
            try:
                self.path.unlink()
            except OSError:
                pass

    def _holder(self) -> int | None:
        try:
            text = self.path.read_text(encoding="ascii")[:20]
            return int(text) if text.strip().isdigit() else None
        except (OSError, ValueError):
            return None

    def _write(self, pid: int) -> None:
        tmp = self.path.with_name(f"{self.path.name}.{self.pid}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            try:
                os.write(fd, str(pid).encode())
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: it exists
    return True


def _descends(pid: int, ancestor: int) -> bool:
    """Whether live process `pid` runs under `ancestor` (its parents read from /proc;
    without /proc, whether both are alive): a pid left in a lease by a wrap that was
    killed, and since taken by another program, is not mistaken for a nested wrap."""
    if pid == ancestor or not (_alive(pid) and _alive(ancestor)):
        return False
    if not os.path.isdir("/proc/self"):
        return True
    for _ in range(64):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
            pid = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
        if pid == ancestor:
            return True
        if pid <= 1:
            return False
    return False


Want = tuple[str, dict[str, object]]


class _Request:
    """One connection: connect, write the line, read the answer line."""

    __slots__ = ("buf", "data", "sock", "started", "want")

    def __init__(self, want: Want, data: bytes, started: float) -> None:
        self.want = want
        self.data = data  # what is still to be written
        self.buf = b""  # the answer so far
        self.started = started
        self.sock: socket.socket | None = None


class HerdrReporter(Sink):
    """The state of one session in one herdr pane; see the module docstring. Never raises.
    As an :class:`~.sink.Sink`: :meth:`decided` is :meth:`update` (once per state,
    kind and message), :meth:`exited` :meth:`finish`."""

    def __init__(self, *, socket_path: str, pane_id: str, agent: str,
                 log: Callable[[str], None] | None = None, timeout: float = TIMEOUT,
                 clock: Callable[[], float] = time.time,
                 backoff: tuple[float, float] = BACKOFF, lease: Lease | None = None) -> None:
        self.path = socket_path
        self.pane = pane_id
        self.agent = clean(agent, 64) or GENERIC
        self.timeout = timeout
        self.backoff = backoff
        self.lease = lease
        self._clock = clock
        self._log = log or (lambda text: None)
        self._waiting: list[Want] = []  # to send, in order
        self._current: dict[str, object] | None = None  # the state herdr should show
        self._acked: Want | None = None  # the last request herdr took
        self._req: _Request | None = None
        self._checks: list[float] = []
        self._retry_at: float | None = None  # after a failure: not before then
        self._delay = backoff[0]
        self._silent_until: float | None = None  # a nested wrap speaks: look again then
        self.last_seq = 0
        self.failures = 0  # in a row
        self.away = False  # herdr failed and has not answered since (logged once)
        self.disabled = False  # an unexpected error: off for good
        self.final = False  # the program exited: the release is the last request
        self.owned = False  # herdr may show our agent: the last request written a report
        self._n = 0
        self._shown: tuple[str, str | None, str | None] | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str], agent: str,
                 log: Callable[[str], None] | None = None) -> HerdrReporter | None:
        """The reporter of a herdr pane (None outside one), with its lease in the
        runtime directory (the registry's)."""
        where = herdr_env(env)
        return None if where is None else cls.for_pane(where, agent, log=log)

    @classmethod
    def for_pane(cls, where: tuple[str, str], agent: str,
                 log: Callable[[str], None] | None = None) -> HerdrReporter:
        """The reporter of the herdr pane `where` (socket path, pane id)."""
        try:
            lease: Lease | None = Lease(runtime_dir(create=True), *where)
        except OSError:
            lease = None
        return cls(socket_path=where[0], pane_id=where[1], agent=agent, log=log, lease=lease)

    # ------------------------------------------------------------------ inputs

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        shown = (decision.state, decision.kind, decision.msg)
        if shown != self._shown:
            self._shown = shown
            self.update(*shown)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        self.finish()  # the last state, then pane.release_agent: sent by poll() or close()
        return b""

    def update(self, state: str, kind: str | None, msg: str | None) -> None:
        """A published state (queued; sent at the next :meth:`poll`)."""
        if self.final:
            return
        if state == "clear":  # what was not sent yet never needs to be
            self._current = None
            req = self._req
            shown = self.owned or (req is not None and req.want[0] == REPORT)
            self._waiting = [self._release_want()] if shown else []
            return
        params: dict[str, object] = {"pane_id": self.pane, "source": SOURCE,
                                     "agent": self.agent, "state": STATES.get(state, "unknown")}
        text = clean(msg or "")
        if text:
            params["message"] = text
        self._current = params
        want = (REPORT, params)
        req = self._req
        if (req is not None and req.want == want) or (req is None and want == self._acked):
            self._waiting = []  # herdr has it, or is being told
        elif not self._waiting or self._waiting[-1] != want:
            self._waiting = [want]
            self._retry_at = None  # a new state is tried at once, even while herdr is away

    def finish(self) -> None:
        """The program exited: after the last state (queued), release the pane; nothing
        is sent after that."""
        if self.final:
            return
        if self._owned_after():
            self._waiting.append(self._release_want())
        self.final = True

    def _release_want(self) -> Want:
        return (RELEASE, {"pane_id": self.pane, "source": SOURCE, "agent": self.agent})

    def _owned_after(self) -> bool:
        """Whether herdr will show our agent once everything queued has gone out."""
        owned = self.owned
        for method, _ in self._waiting:
            owned = method == REPORT
        return owned

    # ------------------------------------------------------------------ the loop

    def poll(self, now: float) -> None:
        """Write, read, give up on a hung request, start the next (call it at
        :meth:`next_deadline`)."""
        try:
            self._poll(now)
        except Exception as err:  # a side channel: it turns itself off, never the loop
            self._drop()
            self.disabled, self._waiting = True, []
            self._log(f"herdr reporter off: {type(err).__name__}: {err}")

    def next_deadline(self, now: float) -> float | None:
        """When :meth:`poll` has work next (None: nothing in flight or to send)."""
        if self._req is not None:
            later = [c for c in self._checks if c > now]
            end = self._req.started + self.timeout
            return min(later[0], end) if later else end
        if self.disabled:
            return None
        if self._silent_until is not None and (self._waiting or self._current is not None):
            return self._silent_until
        if not self._waiting:
            return None
        return self._retry_at if self._retry_at is not None else now

    @property
    def in_flight(self) -> bool:
        return self._req is not None

    @property
    def busy(self) -> bool:
        return self._req is not None or (bool(self._waiting) and not self.disabled)

    def _poll(self, now: float) -> None:
        req = self._req
        if req is not None:
            if self._step(req, now):
                return  # answered, or failed: the next one waits for the next poll
            if now - req.started >= self.timeout:
                self._drop()
                self._failed(req, now, f"no answer from {self.path} in {self.timeout:g} s")
                return
            while self._checks and self._checks[0] <= now:
                self._checks.pop(0)
            return
        if self.disabled or (self._retry_at is not None and now < self._retry_at):
            return
        if self._silent_until is not None and now < self._silent_until:
            return
        if not self._may_speak(now):
            return
        if self._waiting:
            self._start(now)

    def _may_speak(self, now: float) -> bool:
        """False while a nested wrap speaks for the pane; the first time it is ours again,
        our state is sent again (herdr shows the inner wrap's, or nothing)."""
        if self.lease is None:
            return True
        silent = self._silent_until is not None
        if not self.lease.speaking():
            self._silent_until = now + LEASE_CHECK
            return False
        self._silent_until = None
        if silent and not self.final:  # herdr shows the inner wrap's agent, or nothing
            self._acked = None
            self.owned = False
            self._waiting = [(REPORT, self._current)] if self._current is not None else []
        return True

    def _line(self, want: Want) -> bytes:
        method, params = want
        self._n += 1
        seq = max(int(self._clock() * 1_000_000), self.last_seq + 1)
        self.last_seq = seq
        return request_line(f"osc7501wrap-{os.getpid()}-{self._n}", method,
                            {**params, "seq": seq})

    def _start(self, now: float) -> None:
        want = self._waiting.pop(0)
        req = _Request(want, self._line(want), now)
        try:
            req.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            req.sock.setblocking(False)
        except OSError as err:
            self._failed(req, now, f"no socket: {err.strerror or err}")
            return
        self._req = req
        self._checks = [now + d for d in _CHECKS]
        if self._connect(req, now):
            self._step(req, now)

    def _connect(self, req: _Request, now: float) -> bool:
        """Connect (again, while the listen queue is full); False if that failed."""
        assert req.sock is not None
        try:
            req.sock.connect(self.path)
        except (BlockingIOError, InterruptedError):
            return True  # EAGAIN/EINPROGRESS: tried again at the next poll
        except OSError as err:
            if err.errno == errno.EISCONN:
                return True
            self._drop()
            self._failed(req, now, f"cannot connect to {self.path}: {err.strerror or err}")
            return False
        return True

    def _step(self, req: _Request, now: float) -> bool:
        """Write what is left, read what came; True when the request is over."""
        sock = req.sock
        assert sock is not None
        if req.data:
            try:
                n = sock.send(req.data)
            except (BlockingIOError, InterruptedError):
                return False
            except OSError as err:
                if err.errno in (errno.ENOTCONN, errno.EAGAIN):
                    return not self._connect(req, now)
                self._drop()
                self._failed(req, now, f"cannot write to {self.path}: {err.strerror or err}")
                return True
            req.data = req.data[n:]
            if req.data:
                return False
            self.owned = req.want[0] == REPORT  # written: herdr reads it, answer or not
        while True:
            try:
                chunk = sock.recv(4096)
            except (BlockingIOError, InterruptedError):
                return False
            except OSError as err:
                self._drop()
                self._failed(req, now, f"cannot read from {self.path}: {err.strerror or err}")
                return True
            req.buf += chunk
            if not chunk or b"\n" in req.buf or len(req.buf) >= ANSWER_LIMIT:
                break
        self._drop()
        self._answered(req, now, req.buf.split(b"\n", 1)[0])
        return True

    def _answered(self, req: _Request, now: float, line: bytes) -> None:
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if isinstance(answer, dict) and isinstance(answer.get("result"), dict):
            self._acked = req.want
            self.failures, self._retry_at, self._delay = 0, None, self.backoff[0]
            if self.away:
                self.away = False
                self._log(f"herdr: {self.path} answers again; reporting resumed")
            return
        err = answer.get("error") if isinstance(answer, dict) else None
        if isinstance(err, dict):
            code = clean(str(err.get("code", "")), 40)
            text = clean(str(err.get("message", "")), 120)
            self._failed(req, now, f"herdr refused the report: {code}: {text}")
        else:
            shown = clean(line.decode("utf-8", "replace"), 80)
            self._failed(req, now, f"no answer line from {self.path}"
                         + (f" (got {shown!r})" if shown else ""))

    def _failed(self, req: _Request, now: float, why: str) -> None:
        """`req` failed: try it again after the back-off (unless something newer waits);
        the first failure since herdr last answered is logged."""
        self.failures += 1
        self._acked = None
        if not self._waiting:
            self._waiting = [req.want]
        elif req.want[0] == REPORT and self._waiting == [self._release_want()] and self.final:
            self._waiting.insert(0, req.want)  # the last state, then the release
        self._retry_at = now + self._delay
        if not self.away:
            self.away = True
            self._log(f"herdr: {why}; trying again in {self._delay:g} s, then less often "
                      f"(at most every {self.backoff[1]:g} s)")
        self._delay = min(self._delay * 2, self.backoff[1])

    def _drop(self) -> None:
        req, self._req = self._req, None
        self._checks = []
        if req is not None and req.sock is not None:
            try:
                req.sock.close()
            except OSError:
                pass

    def close(self, wait: float = EXIT_WAIT) -> None:
        """At the exit: the last state and the release (:meth:`finish`, if the session
        did not), their answers awaited `wait` seconds at most (none while herdr is away),
        then whatever is left written without waiting; the lease goes back."""
        try:
            self.finish()
            if self.lease is not None and not self._may_speak(time.monotonic()):
                self._waiting = []
            self._retry_at = None
            deadline = time.monotonic() + (0.0 if self.away or self.disabled else wait)
            while self.busy and not self.away and time.monotonic() < deadline:
                self.poll(time.monotonic())
                if self.busy:
                    time.sleep(0.002)
            req = self._req
            if req is not None and req.data:
                self._waiting.insert(0, req.want)  # not written yet: once more, blind
            self._drop()  # a request written is read by herdr after we close our end
            for want in self._waiting:
                self._blind(want)
            self._waiting = []
        except Exception:  # pragma: no cover - defensive: at exit nothing may raise
            self._drop()
        finally:
            if self.lease is not None:
                self.lease.hand_back()

    def _blind(self, want: Want) -> None:
        """Write `want` once and close, not waiting for any answer (its line stays in the
        socket for herdr to read)."""
        line = self._line(want)
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.setblocking(False)
                s.connect(self.path)
                s.send(line)
                self.owned = want[0] == REPORT
        except OSError:
            pass
