"""herdr as a display: the session's state reported over herdr's socket API.

Only inside a herdr pane (``HERDR_ENV=1`` with ``HERDR_PANE_ID`` and ``HERDR_SOCKET_PATH``,
see :func:`herdr_env`); anywhere else the session never imports this module. Each
published change becomes one ``pane.report_agent`` request (``pane_id``, ``source`` =
``custom:osc7501wrap``, ``agent``, ``state``, ``message``, ``seq``); the program's exit
(every path: :meth:`HerdrReporter.finish`, else :meth:`HerdrReporter.close`) one
``pane.release_agent``. wrap's states in herdr's four (herdr's ``state`` drives its
waits, notifications and rollups):

    working -> working      blocked -> blocked (message: the question or command)
    idle    -> idle         done    -> idle (herdr itself shows working -> idle as done
                                             until the pane is looked at, and notifies)
    error   -> idle, message the error (the turn is over and the agent takes input;
               herdr's blocked means a decision is needed and refuses agent.prompt)
    clear   -> pane.release_agent (the record is gone; a later report takes the pane again)
    anything else -> unknown

``seq`` is the wall clock in microseconds, never lower than the last one + 1, so that a
later wrap in the same pane starts above an earlier one (herdr ignores a seq from the
same source at or below the last it accepted). ``agent`` and ``message`` are sanitized
(one line, no controls or bidi marks, at most MSG_LIMIT bytes) and JSON-encoded with
``ensure_ascii``: a request is always one line.

Transport as herdr documents it: one newline-terminated JSON request per connection to
the Unix socket, one JSON line back. It never blocks the passthrough: a non-blocking
socket driven by :meth:`HerdrReporter.poll` from the loop (:meth:`next_deadline`), one
request at a time, changes meanwhile coalesced (the latest wins); no answer within
TIMEOUT seconds gives that request up and the next one is tried; MAX_FAILURES requests
failed in a row, or a socket that cannot be connected to, turn the reporter off. Each
costs one log line, never a stall or a traceback.

Not here: deciding states, the other displays (:mod:`.tmux_display`), herdr's
``pane.report_metadata`` (display-only text) or session identity.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..fusion.fusion import Decision
from ..rules.model import GENERIC
from .output import Output

SOURCE = "custom:osc7501wrap"
MSG_LIMIT = 200
TIMEOUT = 2.0
MAX_FAILURES = 3
ANSWER_LIMIT = 65536
STATES = {"working": "working", "blocked": "blocked", "idle": "idle", "done": "idle",
          "error": "idle"}
_CHECKS = (0.002, 0.01, 0.03, 0.1, 0.25, 0.5, 1.0)  # after a start, when to look again


def herdr_env(env: Mapping[str, str]) -> tuple[str, str] | None:
    """(socket path, pane id) where herdr says it runs this pane, else None."""
    if env.get("HERDR_ENV") != "1":
        return None
    path, pane = env.get("HERDR_SOCKET_PATH", ""), env.get("HERDR_PANE_ID", "")
    return (path, pane) if path and pane else None


def agent_label(manifest: str, argv: list[str]) -> str:
    """The ``agent`` herdr is told: the manifest's name; for the generic manifest the
    program's own name (letters, digits, ``_.+-``; at most 32), else ``generic``."""
    import re

    if manifest == GENERIC and argv:
        name = re.sub(r"[^A-Za-z0-9_.+-]", "", os.path.basename(argv[0]))[:32]
        if name:
            return name
    return clean(manifest, 64) or GENERIC


def clean(text: str, limit: int = MSG_LIMIT) -> str:
    from ..protocol import sanitize_text

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


class _Request:
    """One connection: connect, write the line, read the answer line."""

    __slots__ = ("buf", "data", "method", "sock", "started")

    def __init__(self, method: str, data: bytes, started: float) -> None:
        self.method = method
        self.data = data  # what is still to be written
        self.buf = b""  # the answer so far
        self.started = started
        self.sock: socket.socket | None = None


class HerdrReporter(Output):
    """The state of one session in one herdr pane; see the module docstring. Never raises.
    As an :class:`~.output.Output`: :meth:`decided` is :meth:`update` (once per state,
    kind and message), :meth:`exited` :meth:`finish`."""

    def __init__(self, *, socket_path: str, pane_id: str, agent: str,
                 log: Callable[[str], None] | None = None, timeout: float = TIMEOUT,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = socket_path
        self.pane = pane_id
        self.agent = clean(agent, 64) or GENERIC
        self.timeout = timeout
        self._clock = clock
        self._log = log or (lambda text: None)
        self._want: tuple[str, dict[str, object]] | None = None  # the next request
        self._last: tuple[str, dict[str, object]] | None = None  # the last one started
        self._req: _Request | None = None
        self._checks: list[float] = []
        self.last_seq = 0
        self.failures = 0
        self.disabled = False
        self.final = False  # released at exit: nothing more is sent
        self.reported = False  # a report went out: the exit releases it
        self.sent = 0
        self._n = 0
        self._logged: set[str] = set()
        self._shown: tuple[str, str | None, str | None] | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str], agent: str,
                 log: Callable[[str], None] | None = None) -> HerdrReporter | None:
        where = herdr_env(env)
        if where is None:
            return None
        return cls(socket_path=where[0], pane_id=where[1], agent=agent, log=log)

    # ------------------------------------------------------------------ inputs

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        shown = (decision.state, decision.kind, decision.msg)
        if shown != self._shown:
            self._shown = shown
            self.update(*shown)

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        self.finish()  # pane.release_agent, sent by poll() or close()
        return b""

    def update(self, state: str, kind: str | None, msg: str | None) -> None:
        """A published state (queued; sent at the next :meth:`poll`)."""
        if self.final:
            return
        if state == "clear":
            self._release()
            return
        params: dict[str, object] = {"pane_id": self.pane, "source": SOURCE,
                                     "agent": self.agent, "state": STATES.get(state, "unknown")}
        text = clean(msg or "")
        if text:
            params["message"] = text
        self._queue("pane.report_agent", params)

    def finish(self) -> None:
        """The program exited: release the pane (queued); nothing is sent after it."""
        if not self.final:
            self._release()
            self.final = True

    def _release(self) -> None:
        if self.reported:  # else herdr was never told: a queued first report just goes
            self._queue("pane.release_agent",
                        {"pane_id": self.pane, "source": SOURCE, "agent": self.agent})
        else:
            self._want = None

    def _queue(self, method: str, params: dict[str, object]) -> None:
        want = (method, params)
        if want == self._last and self._req is None and not self.final:
            self._want = None  # what herdr has already
        elif want != self._want:
            self._want = want

    # ------------------------------------------------------------------ the loop

    def poll(self, now: float) -> None:
        """Write, read, give up on a hung request, start the next (call it at
        :meth:`next_deadline`)."""
        try:
            self._poll(now)
        except Exception as err:  # a side channel: it turns itself off, never the loop
            self._drop()
            self.disabled, self._want = True, None
            self._note("broken", f"herdr reporter off: {type(err).__name__}: {err}")

    def next_deadline(self, now: float) -> float | None:
        """When :meth:`poll` has work next (None: nothing in flight or queued)."""
        if self._req is not None:
            later = [c for c in self._checks if c > now]
            end = self._req.started + self.timeout
            return min(later[0], end) if later else end
        return now if self._want is not None and not self.disabled else None

    @property
    def busy(self) -> bool:
        return self._req is not None or (self._want is not None and not self.disabled)

    def _poll(self, now: float) -> None:
        req = self._req
        if req is not None:
            if self._step(req):
                return  # answered, or failed: the next one waits for the next poll
            if now - req.started >= self.timeout:
                self._drop()
                self._failed("hung", f"herdr: no answer from {self.path} in "
                             f"{self.timeout:g} s; gave up on that request")
                return
            while self._checks and self._checks[0] <= now:
                self._checks.pop(0)
            return
        if self._want is not None and not self.disabled:
            self._start(now)

    def _start(self, now: float) -> None:
        want, self._want = self._want, None
        assert want is not None
        method, params = want
        self._last = want
        self._n += 1
        seq = max(int(self._clock() * 1_000_000), self.last_seq + 1)
        self.last_seq = seq
        line = request_line(f"osc7501wrap-{os.getpid()}-{self._n}", method,
                            {**params, "seq": seq})
        req = _Request(method, line, now)
        try:
            req.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            req.sock.setblocking(False)
        except OSError as err:
            self._off("socket", f"herdr reporter off: no socket: {err.strerror or err}")
            return
        self._req = req
        self._checks = [now + d for d in _CHECKS]
        if method == "pane.report_agent":
            self.reported = True
        self.sent += 1
        if not self._connect(req):
            return
        self._step(req)

    def _connect(self, req: _Request) -> bool:
        """Connect (again, while the listen queue is full); False if that failed for good."""
        assert req.sock is not None
        try:
            req.sock.connect(self.path)
        except (BlockingIOError, InterruptedError):
            return True  # EAGAIN/EINPROGRESS: tried again at the next poll
        except OSError as err:
            if err.errno == errno.EISCONN:
                return True
            self._drop()
            self._off("connect", f"herdr reporter off: cannot connect to {self.path}: "
                      f"{err.strerror or err}")
            return False
        return True

    def _step(self, req: _Request) -> bool:
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
                    return not self._connect(req)
                self._drop()
                self._failed("write", f"herdr: cannot write to {self.path}: "
                             f"{err.strerror or err}")
                return True
            req.data = req.data[n:]
            if req.data:
                return False
        while True:
            try:
                chunk = sock.recv(4096)
            except (BlockingIOError, InterruptedError):
                return False
            except OSError as err:
                self._drop()
                self._failed("read", f"herdr: cannot read from {self.path}: "
                             f"{err.strerror or err}")
                return True
            req.buf += chunk
            if not chunk or b"\n" in req.buf or len(req.buf) >= ANSWER_LIMIT:
                break
        self._drop()
        self._answered(req.buf.split(b"\n", 1)[0])
        return True

    def _answered(self, line: bytes) -> None:
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if isinstance(answer, dict) and isinstance(answer.get("result"), dict):
            self.failures = 0
            return
        err = answer.get("error") if isinstance(answer, dict) else None
        if isinstance(err, dict):
            code = clean(str(err.get("code", "")), 40)
            text = clean(str(err.get("message", "")), 120)
            self._failed(f"error:{code}", f"herdr refused the report: {code}: {text}")
        else:
            shown = clean(line.decode("utf-8", "replace"), 80)
            self._failed("answer", f"herdr: no answer line from {self.path}"
                         + (f" (got {shown!r})" if shown else ""))

    def _failed(self, key: str, text: str) -> None:
        self.failures += 1
        self._note(key, text)
        if self.failures >= MAX_FAILURES and not self.disabled:
            self._off("failures", f"herdr reporter off after {self.failures} failed "
                      "requests in a row")

    def _off(self, key: str, text: str) -> None:
        self.disabled = True
        if not self.final:
            self._want = None
        self._note(key, text)

    def _drop(self) -> None:
        req, self._req = self._req, None
        self._checks = []
        if req is not None and req.sock is not None:
            try:
                req.sock.close()
            except OSError:
                pass

    def close(self, wait: float = 0.5) -> None:
        """At exit: release the pane (if :meth:`finish` did not), wait for what is queued
        `wait` seconds at most, then write the release without waiting for its answer."""
        try:
            self.finish()
            deadline = time.monotonic() + (0.0 if self.disabled or self.failures else wait)
            while self.busy and time.monotonic() < deadline:
                now = time.monotonic()
                self.poll(now)
                if not self.busy:
                    break
                time.sleep(0.002)
            req = self._req
            if req is not None and req.method == "pane.release_agent" and not req.data:
                self._want = None  # written: herdr reads it after we close our end
            elif req is not None and req.method == "pane.release_agent" and self.final:
                self._want = self._last  # not written yet: once more, blind
            self._drop()
            if self._want is not None:
                self._blind()
        except Exception:  # pragma: no cover - defensive: at exit nothing may raise
            self._drop()

    def _blind(self) -> None:
        """Write the queued request once and close, not waiting for any answer (its
        line stays in the socket for herdr to read)."""
        want, self._want = self._want, None
        assert want is not None
        method, params = want
        self._n += 1
        seq = max(int(self._clock() * 1_000_000), self.last_seq + 1)
        self.last_seq = seq
        line = request_line(f"osc7501wrap-{os.getpid()}-{self._n}", method,
                            {**params, "seq": seq})
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.setblocking(False)
                s.connect(self.path)
                s.send(line)
                self.sent += 1
        except OSError:
            pass

    def _note(self, key: str, text: str) -> None:
        if key not in self._logged:
            self._logged.add(key)
            self._log(text)
