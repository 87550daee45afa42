"""How another machine's osc7501wrap is reached, and how what it says is read.

A machine is reached with the user's own ``ssh`` (from PATH, or the ``--ssh`` /
``$OSC7501WRAP_SSH`` command): their config, keys, agent and ControlMaster. wrap adds
only ``-T``, ``BatchMode=yes`` (nothing ever prompts), ``ConnectTimeout`` and
``ServerAliveInterval``/``ServerAliveCountMax`` (a dead link ends ssh), then ``--``, the
destination, and one command line for the far shell: the far program as written
(``--program`` / ``$OSC7501WRAP_REMOTE_PROGRAM``, default ``osc7501wrap``: a far-side
command line, so ``~/.local/bin/osc7501wrap`` works there) and its arguments, each
quoted with :func:`shlex.quote` (they are ours: a subcommand, a session, a number, a
dialog id). No daemon and no listening port on either side.

What comes back is untrusted text. A feed line (``osc7501wrap feed``) is read with
:func:`parse_feed`: at most MAX_LINE bytes, strict JSON (no NaN or
Infinity), an object of the known shape; every row is rebuilt from the keys it may
have, each typed, every text passed through :func:`row_text` (one line, no controls,
bounded), and its secrets hidden (:mod:`osc7501wrap.protocol.redact`: a far machine's
wrap hides them itself; one of a version before that does not). None of it ever reaches
a shell or a command line.

It does not keep any state (that is :mod:`.machines`) or draw anything.
"""

from __future__ import annotations

import json
import math
import os
import re
import select
import shlex
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..config import valid_host
from ..errors import WrapError
from ..protocol.redact import Redactor
from ..session.registry import clean_dialog, clean_text, truncate

#: one feed line at most (a registry of MAX_SESSIONS sessions with dialogs fits)
MAX_LINE = 1 << 20
MAX_SESSIONS = 256
#: the last bytes of ssh's stderr kept, for the one line that says why a machine is off
MAX_STDERR = 4096
#: the far side's feed prints at least once every HEARTBEAT seconds
HEARTBEAT = 5.0
STATES = ("working", "blocked", "done", "error", "idle", "clear")
KINDS = ("permission", "question", "auth")
#: text fields of a row and their bounds (characters)
TEXT_LIMITS = {"id": 64, "agent": 64, "msg": 300, "cwd": 512, "tty": 64, "tmux_pane": 16,
               "tmux_socket": 256}
SSH_ENV, PROGRAM_ENV = "OSC7501WRAP_SSH", "OSC7501WRAP_REMOTE_PROGRAM"
#: a far clock this close to ours (seconds) is taken as ours: the link's own delay is of
#: this order, and a correction smaller than it would only move ages back and forth
CLOCK_SLACK = 1.0
#: the built-in secret shapes, hidden in every far row's text
SECRETS = Redactor()


def row_text(text: str, limit: int) -> str:
    """The one place a fleet row's text passes before it is kept or shown: one line, no
    controls or bidi overrides, at most `limit` characters."""
    return truncate(clean_text(text), limit)


def check_host(name: str) -> str:
    if not valid_host(name):
        raise WrapError(f"{clean_text(name)[:80]!r} is not an ssh destination wrap takes "
                        "([user@]host: letters, digits, _.@%+-, not starting with -)",
                        status=2)
    return name


@dataclass(frozen=True)
class Remote:
    """How to run osc7501wrap on a host: the ssh command (words), the far program (a
    command line for the far shell) and the timeout (seconds)."""

    ssh: tuple[str, ...] = ("ssh",)
    program: str = "osc7501wrap"
    timeout: float = 10.0

    @classmethod
    def make(cls, ssh: str | None = None, program: str | None = None,
             timeout: float = 10.0, env: Mapping[str, str] = os.environ) -> Remote:
        """From the options, else the environment, else the defaults."""
        line = ssh if ssh is not None else env.get(SSH_ENV, "")
        try:
            words = tuple(shlex.split(line)) if line.strip() else ("ssh",)
        except ValueError as err:
            raise WrapError(f"--ssh: {err}", status=2) from None
        prog = program if program is not None else env.get(PROGRAM_ENV, "")
        prog = " ".join(prog.split()) or "osc7501wrap"
        if not math.isfinite(timeout) or timeout <= 0:
            raise WrapError("the timeout must be a number of seconds", status=2)
        return cls(words, prog, timeout)

    def argv(self, host: str, *args: str) -> list[str]:
        """The command that runs ``osc7501wrap ARGS...`` on `host`."""
        check_host(host)
        line = " ".join([self.program, *(shlex.quote(a) for a in args)])
        return [*self.ssh, "-T", "-o", "BatchMode=yes",
                "-o", f"ConnectTimeout={max(1, math.ceil(self.timeout))}",
                "-o", f"ServerAliveInterval={int(HEARTBEAT)}", "-o", "ServerAliveCountMax=2",
                "--", host, line]

    def start(self, host: str, *args: str) -> subprocess.Popen[bytes]:
        """Start it: stdin closed, stdout and stderr piped, in a session of its own (a
        Ctrl-C on this terminal is not ssh's)."""
        try:
            return subprocess.Popen(self.argv(host, *args), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    start_new_session=True)
        except OSError as err:
            raise WrapError(f"cannot run {clean_text(self.ssh[0])}: "
                            f"{err.strerror or err}", status=2) from None


class Lines:
    """Bounded lines from a process's stdout, its stderr's tail kept, with deadlines."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None and proc.stderr is not None
        self.proc = proc
        self.out, self.err = proc.stdout.fileno(), proc.stderr.fileno()
        self.buf = b""
        self.tail = b""
        self.eof = False
        self.open = {self.out, self.err}

    def next(self, timeout: float) -> bytes | None:
        """The next line (without its newline); None at the deadline or the end (then
        ``eof`` is set). Raises ValueError for a line longer than MAX_LINE."""
        end = time.monotonic() + timeout
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                return line
            if len(self.buf) > MAX_LINE:
                raise ValueError(f"a line longer than {MAX_LINE} bytes")
            if self.out not in self.open:
                self.eof = True
                return None
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                ready, _, _ = select.select(list(self.open), [], [], left)
            except InterruptedError:
                continue
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    self.open.discard(fd)
                elif fd == self.out:
                    self.buf += data
                else:
                    self.tail = (self.tail + data)[-MAX_STDERR:]

    def why(self) -> str:
        """One line for why it ended: stderr's last non-empty line, else its status."""
        try:
            while self.err in self.open and select.select([self.err], [], [], 0)[0]:
                data = os.read(self.err, 65536)
                if not data:
                    break
                self.tail = (self.tail + data)[-MAX_STDERR:]
        except OSError:
            pass
        lines = [x for x in self.tail.decode("utf-8", "replace").splitlines() if x.strip()]
        status = self.proc.poll()
        if status is None and self.eof:  # its output ended: it is about to
            try:
                status = self.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        if lines:
            return row_text(lines[-1], 200)
        return f"ssh ended (status {status})" if status is not None else "no answer"


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a process this module started (its own session: ssh and nothing else)."""
    if proc.poll() is None:
        try:
            proc.kill()
        except OSError:
            pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    for f in (proc.stdout, proc.stderr):
        if f is not None:
            f.close()


@dataclass(frozen=True)
class Feed:
    """One feed line: the far clock, the live sessions, the ones that ended lately."""

    now: float
    sessions: list[dict[str, Any]]
    ended: list[dict[str, Any]]


def clock_offset(far_now: float, sent: float, got: float, previous: float = 0.0) -> float:
    """How far the far machine's clock is ahead of this one's (negative: behind), from
    the `far_now` it wrote between `sent` and `got` (this clock): 0 when it lies in that
    window (CLOCK_SLACK either side), else its distance to the window. A new figure
    within CLOCK_SLACK of `previous` keeps `previous` (the rows' ages do not jitter
    with the link's delay)."""
    if sent - CLOCK_SLACK <= far_now <= got + CLOCK_SLACK:
        off = 0.0
    else:
        off = far_now - (got if far_now > got else sent)
    return previous if abs(off - previous) < CLOCK_SLACK else off


def _reject(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def parse_feed(line: bytes) -> Feed:
    """A feed line, strictly; ValueError says what was wrong with it."""
    if len(line) > MAX_LINE:
        raise ValueError(f"a line longer than {MAX_LINE} bytes")
    try:
        obj = json.loads(line.decode("utf-8"), parse_constant=_reject)
    except (UnicodeDecodeError, RecursionError) as err:
        raise ValueError(f"not a feed line ({type(err).__name__})") from None
    except ValueError as err:
        raise ValueError(f"not a feed line ({row_text(str(err), 80)})") from None
    if not isinstance(obj, dict) or obj.get("feed") != 1:
        raise ValueError("not a feed line (no \"feed\": 1)")
    now = _number(obj.get("now"))
    sessions, ended = obj.get("sessions"), obj.get("ended", [])
    if now is None or not isinstance(sessions, list) or not isinstance(ended, list):
        raise ValueError("not a feed line (now, sessions, ended)")
    if len(sessions) > MAX_SESSIONS or len(ended) > MAX_SESSIONS:
        raise ValueError(f"more than {MAX_SESSIONS} sessions")
    return Feed(now, _rows(sessions), _rows(ended))


def _rows(raw: Sequence[object]) -> list[dict[str, Any]]:
    rows = [clean_row(r) for r in raw if isinstance(r, Mapping)]
    return [r for r in rows if r is not None]


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def clean_row(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    """A row rebuilt from the keys a feed row may have, each checked; None without a
    pid. Unknown keys are dropped; a state or kind wrap does not know is null."""
    pid = raw.get("pid")
    if type(pid) is not int or not 0 < pid < 1 << 31:
        return None
    row: dict[str, Any] = {"pid": pid}
    for key, limit in TEXT_LIMITS.items():
        v = raw.get(key)
        row[key] = row_text(v, limit) if isinstance(v, str) and v else None
    row["state"] = raw.get("state") if raw.get("state") in STATES else None
    row["kind"] = raw.get("kind") if raw.get("kind") in KINDS else None
    row["msg"] = SECRETS(row["msg"] or "")
    for key in ("since", "started", "ended"):
        row[key] = _number(raw.get(key))
    status = raw.get("status")
    row["status"] = status if type(status) is int and -(1 << 31) < status < 1 << 31 else None
    argv = raw.get("argv")
    row["argv"] = SECRETS.argv([row_text(a, 256) for a in argv[:64] if isinstance(a, str)]
                               if isinstance(argv, list) else [])
    d = clean_dialog(raw.get("dialog"))
    if d is not None:
        if not re.fullmatch(r"[0-9A-Za-z]{1,32}", d["id"]):
            d = None
        else:
            d["question"] = row_text(d["question"], 240)
            for o in d["options"]:
                o["label"] = row_text(o["label"], 160)
            d = SECRETS.dialog(d)  # the id as the far session computed it
    row["dialog"] = d
    return row


#: the most of a one-shot command's stdout and stderr kept (each)
MAX_OUTPUT = 64 * 1024


def run_bounded(remote: Remote, host: str, args: Sequence[str],
                timeout: float, limit: int = MAX_OUTPUT) -> tuple[int | None, str, str]:
    """Run ``osc7501wrap ARGS`` on `host`; (status, stdout, stderr), stdout at most
    `limit` bytes and one more (so a caller can tell it was longer: then it is not
    read further, and killed), stderr at most MAX_OUTPUT (the rest read and dropped),
    the process killed after `timeout` seconds (then status None). Once ssh has exited
    and its stdout ended, stderr is not waited for (a process it left behind may hold it
    open)."""
    proc = remote.start(host, *args)
    assert proc.stdout is not None and proc.stderr is not None
    out_fd, err_fd = proc.stdout.fileno(), proc.stderr.fileno()
    kept = {out_fd: bytearray(), err_fd: bytearray()}
    bound = {out_fd: limit + 1, err_fd: MAX_OUTPUT}
    reading = {out_fd, err_fd}
    end = time.monotonic() + timeout
    status: int | None = None
    try:
        while (left := end - time.monotonic()) > 0:
            if out_fd not in reading and (status := proc.poll()) is not None:
                reading.discard(err_fd)
            if not reading:
                break
            try:
                ready, _, _ = select.select(list(reading), [], [], min(left, 0.1))
            except InterruptedError:
                continue
            for fd in ready:
                data = os.read(fd, 65536)
                if data:
                    if len(kept[fd]) < bound[fd]:
                        kept[fd] += data[:bound[fd] - len(kept[fd])]
                    if fd == out_fd and len(kept[fd]) >= bound[fd]:
                        reading.clear()  # too long: no use reading on
                else:
                    reading.discard(fd)
            if len(kept[out_fd]) >= bound[out_fd]:
                break
        if status is None and not reading and len(kept[out_fd]) < bound[out_fd]:
            try:
                status = proc.wait(timeout=max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                status = None
    finally:
        stop(proc)
    err = kept[err_fd].decode("utf-8", "replace")
    if status is None:
        err = f"no answer from {host} in {timeout:g} s"
    return status, kept[out_fd].decode("utf-8", "replace"), err


def far_output(remote: Remote, host: str, args: Sequence[str], timeout: float,
               limit: int = MAX_OUTPUT) -> str:
    """The standard output of ``osc7501wrap ARGS`` run on `host` (:func:`run_bounded`), or
    WrapError with the far side's last line of refusal, cleaned ("cannot reach HOST"
    when ssh itself failed; "HOST: more than N bytes" past `limit`)."""
    status, out, err = run_bounded(remote, host, args, timeout, limit)
    if len(out) > limit // 4 and len(out.encode("utf-8", "replace")) > limit:
        raise WrapError(f"{host}: its answer is longer than {limit} bytes", status=1)
    if status == 0:
        return out
    lines = [x for x in err.splitlines() if x.strip()]
    line = row_text(lines[-1], 400) if lines else f"exit status {status}"
    for prefix in (f"osc7501wrap {args[0]}: ", "osc7501wrap: "):
        line = line.removeprefix(prefix)
    if status is None or status == 255:
        raise WrapError(f"cannot reach {host}: {line}", status=1)
    raise WrapError(f"{host}: {line}", status=status if status in (1, 2) else 1)
