"""The per-session control socket: one datagram socket, one readable fd in the proxy loop.

Each wrapped session listens on an AF_UNIX SOCK_DGRAM socket at
``<runtime_dir>/<wrap pid>.sock`` (mode 0600 in a 0700 directory). Hooks report events to
it, ``osc7501wrap send`` types through it, ``osc7501wrap explain --session`` asks it for
the session's fused view. The proxy loop is single-threaded, so the server side is one
non-blocking fd: poll/select it, call :meth:`ControlServer.receive` when it is readable.

The wire format (version 1: one authenticated JSON object per datagram; kinds ``hook``,
``send``, ``explain``; replies to a bound requester; the socket paths and their /tmp
fallback) is docs/control-socket.md.

This module does not decide anything: it moves authenticated JSON between a session and
its clients. It never raises on the client side and never blocks on the server side.

Sockets are made with the C module ``_socket`` (what ``socket.socket`` builds on, with
the same methods used here), and json is loaded at the first message (:func:`_codec`):
``wrap`` opens its socket before the child starts, and the ``socket`` module alone costs
2.0 ms there.
"""

from __future__ import annotations

import _socket  # not socket: it (and selectors under it) costs 2.0 ms before the child
import errno
import os
import stat
import time
from collections.abc import Callable

try:  # the constant-time comparison hmac.compare_digest is without OpenSSL: hmac itself
    # loads libcrypto through hashlib, 3.9 MiB of RSS in every session that gets a message
    from _operator import _compare_digest as compare_digest
except ImportError:  # an interpreter without it
    from hmac import compare_digest

from ..paths import runtime_dir

MAX_DATAGRAM = 64 * 1024
#: AF_UNIX sun_path size on macOS/BSD (Linux allows 108); the path plus a NUL must fit.
SUN_PATH_MAX = 104
#: How many datagrams one receive() call drains at most (the loop comes back for more).
MAX_PER_RECEIVE = 256
_BUF = 256 * 1024
KINDS = ("hook", "send", "explain", "answer")


class Message:
    """One authenticated request. ``data`` is the JSON object without token and kind;
    ``reply_to`` is the sender's socket path (None if it cannot get a reply)."""

    __slots__ = ("data", "kind", "reply_to")

    def __init__(self, kind: str, data: dict[str, object], reply_to: str | None = None) -> None:
        self.kind = kind
        self.data = data
        self.reply_to = reply_to

    def __repr__(self) -> str:
        return f"Message(kind={self.kind!r}, data={self.data!r}, reply_to={self.reply_to!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.kind, self.data, self.reply_to) == (
            other.kind, other.data, other.reply_to)

    __hash__ = None  # type: ignore[assignment]


def new_token() -> str:
    """A fresh random token (128 bits from the OS's CSPRNG, hex; as secrets.token_hex)."""
    return os.urandom(16).hex()


def _fits(path: str) -> bool:
    return len(os.fsencode(path)) < SUN_PATH_MAX


def fallback_dir(create: bool = True) -> str:
    """``/tmp/osc7501wrap-<uid>``: the short directory for sockets whose path is too long.

    Raises OSError if it exists but is not a private directory of this user.
    """
    path = f"/tmp/osc7501wrap-{os.getuid()}"
    if create:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
    st = os.lstat(path)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise OSError(f"{path} is not a directory owned by this user")
    if st.st_mode & 0o077:
        os.chmod(path, 0o700)
    return path


def socket_dir(create: bool = True) -> str:
    """The directory for sockets: the runtime dir, or :func:`fallback_dir` if too long.

    "Too long" means a 40-byte file name would not fit in sun_path.
    """
    rd = runtime_dir(create=create)
    if _fits(os.path.join(rd, "x" * 40)):
        return rd
    return fallback_dir(create=create)


def socket_path(pid: int | None = None) -> str:
    """Where the session with wrap pid `pid` (default: this process) listens."""
    return os.path.join(socket_dir(create=True),
                        f"{os.getpid() if pid is None else pid}.sock")


def _new_socket() -> _socket.socket:
    return _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)


def _grow_buffers(sock: _socket.socket) -> None:
    for opt in (_socket.SO_SNDBUF, _socket.SO_RCVBUF):
        try:
            if sock.getsockopt(_socket.SOL_SOCKET, opt) < _BUF:
                sock.setsockopt(_socket.SOL_SOCKET, opt, _BUF)
        except OSError:
            pass


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class ControlServer:
    """The session's end: bind, expose :meth:`fileno`, drain with :meth:`receive`.

    ``hook_token``, if given, is a second token that authenticates ``hook`` messages only;
    ``reduce`` is what the agent's integration keeps of a ``raw`` hook input (without
    one, the input is dropped and the event kept).
    Raises OSError if the socket cannot be created (the session then runs without one).
    """

    def __init__(self, path: str | os.PathLike[str], token: str, hook_token: str | None = None,
                 reduce: Callable[[str, object], dict[str, object]] | None = None) -> None:
        self.path = os.fspath(path)
        self._reduce = reduce
        if not _fits(self.path):
            raise OSError(f"socket path too long for AF_UNIX: {self.path}")
        self._token = token.encode()
        self._hook_token = hook_token.encode() if hook_token else None
        self._sock: _socket.socket | None = _new_socket()
        try:
            _unlink(self.path)  # a stale socket from an earlier process with this pid
            self._sock.bind(self.path)
            os.chmod(self.path, 0o600)
            self._sock.setblocking(False)
            _grow_buffers(self._sock)
        except OSError:
            self._sock.close()
            self._sock = None
            raise

    def fileno(self) -> int:
        return self._sock.fileno() if self._sock is not None else -1

    def _authenticate(self, token: object, kind: str) -> bool:
        if not isinstance(token, str):
            return False
        given = token.encode("utf-8", "replace")
        if compare_digest(given, self._token):
            return True
        return (self._hook_token is not None and kind == "hook"
                and compare_digest(given, self._hook_token))

    def _parse(self, raw: bytes, addr: object) -> Message | None:
        if len(raw) > MAX_DATAGRAM:
            return None
        try:
            obj = _decode(raw)
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None
        if not isinstance(obj, dict):
            return None
        kind = obj.pop("kind", None)
        token = obj.pop("token", None)
        if not isinstance(kind, str) or kind not in KINDS or not self._authenticate(token, kind):
            return None
        if kind == "hook":
            obj = _hook_data(obj, self._reduce)
            if obj is None:
                return None
        reply_to = addr if isinstance(addr, str) and addr else None
        return Message(kind=kind, data=obj, reply_to=reply_to)

    def receive(self) -> list[Message]:
        """Every pending valid message (never blocks; invalid datagrams are dropped)."""
        out: list[Message] = []
        if self._sock is None:
            return out
        for _ in range(MAX_PER_RECEIVE):
            try:
                raw, addr = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            msg = self._parse(raw, addr)
            if msg is not None:
                out.append(msg)
        return out

    def reply(self, msg: Message, payload: dict[str, object]) -> bool:
        """Answer `msg` with `payload` (best effort: never blocks, never raises)."""
        if self._sock is None or not msg.reply_to:
            return False
        try:
            data = _encode(payload)
            fits = len(data) <= MAX_DATAGRAM
            if not fits:  # say so rather than leave the requester waiting
                data = _encode({"ok": False, "error": f"the reply ({len(data)} bytes) is "
                                f"larger than one datagram ({MAX_DATAGRAM} bytes)"})
            self._sock.sendto(data, msg.reply_to)
            return fits
        except (OSError, TypeError, ValueError):
            return False

    def close(self) -> None:
        """Close the socket and remove its file."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None
            _unlink(self.path)

    def __enter__(self) -> ControlServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _hook_data(obj: dict[str, object], reduce: Callable[[str, object], dict[str, object]] | None
               ) -> dict[str, object] | None:
    """A hook message's fields as {"event", "data"}; a ``raw`` hook input is reduced here."""
    event = obj.get("event")
    if not isinstance(event, str):
        return None
    data = obj.get("data")
    if "raw" in obj:
        data = reduce(event, obj["raw"]) if reduce is not None else {}
    return {"event": event, "data": data if isinstance(data, dict) else {}}


def _codec() -> tuple[Callable[..., str], Callable[[str], object]]:
    """json's dumps and loads, loaded at the first message (not for the socket)."""
    # lazy: json costs 1.5 ms, which `wrap` would pay before its child starts
    import json

    return json.dumps, json.loads


def _encode(obj: object) -> bytes:
    """`obj` as one datagram's JSON (raises TypeError or ValueError if it is not JSON)."""
    return _codec()[0](obj, ensure_ascii=False, separators=(",", ":")).encode()


def _decode(raw: bytes) -> object:
    """The JSON value in `raw` (raises ValueError on bad UTF-8 or JSON)."""
    return _codec()[1](raw.decode("utf-8"))


def request(path: str | os.PathLike[str], token: str, payload: dict[str, object], *,
            timeout: float = 1.0, want_reply: bool = True) -> dict[str, object] | None:
    """Send `payload` (which carries its ``kind``) to the session at `path`.

    With ``want_reply``: wait up to `timeout` seconds and return the reply object.
    Without: return ``{}`` once the datagram is sent. None on timeout, on a reply that is
    not a JSON object, or on any error (no such socket, nobody listening, too big...).
    Never raises.
    """
    own: str | None = None
    sock: _socket.socket | None = None
    try:
        body = dict(payload)
        body["token"] = token
        data = _encode(body)
        if len(data) > MAX_DATAGRAM:
            return None
        deadline = time.monotonic() + max(0.0, timeout)
        sock = _new_socket()
        if want_reply:
            own = _bind_private(sock)
        _grow_buffers(sock)
        sock.settimeout(max(0.001, timeout))
        sock.sendto(data, os.fspath(path))
        if not want_reply:
            return {}
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            sock.settimeout(left)
            raw = sock.recv(MAX_DATAGRAM + 1)
            if len(raw) > MAX_DATAGRAM:
                continue
            try:
                obj = _decode(raw)
            except (UnicodeDecodeError, ValueError, RecursionError):
                continue
            if isinstance(obj, dict):
                return obj
    except Exception:
        return None
    finally:
        if sock is not None:
            sock.close()
        if own is not None:
            _unlink(own)


def _bind_private(sock: _socket.socket) -> str:
    """Bind `sock` to a fresh private path next to the session sockets; return it."""
    base = socket_dir(create=True)
    for _ in range(8):
        path = os.path.join(base, f"c{os.getpid()}-{os.urandom(4).hex()}.sock")
        try:
            sock.bind(path)
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                continue
            raise
        try:
            os.chmod(path, 0o600)
        except OSError:
            pass
        return path
    raise OSError("could not bind a reply socket")
