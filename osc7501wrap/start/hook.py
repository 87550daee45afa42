"""`osc7501wrap hook EVENT`: send one agent hook event to its session's control socket.

An agent runs this for every hook its integration registered (:mod:`osc7501wrap.agents`).
It reads the hook's JSON from stdin (bounded, with a deadline) and sends one datagram to the
session's control socket, found through ``OSC7501WRAP_SOCK`` and ``OSC7501WRAP_TOKEN`` in the
environment (the session puts both into the agent's environment, with the integration's
name; see :func:`hook_env`). An input that looks like a JSON object is spliced into the
datagram unparsed (the session reduces it); anything else is parsed and reduced here. It always exits 0 and prints
nothing: no session, bad JSON, a vanished socket are all silent, since a hook must never
slow down or break the agent. It runs on every tool call, so its import path is kept light
(no screen model, no rules, no argparse, no json/socket on the fast path: ``python -m
osc7501wrap hook`` is dispatched by ``__main__`` before the command line is built).

This module does not interpret hook events (the integration's module in agents/ does).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time: the hook path must start fast
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

ENV_SOCK = "OSC7501WRAP_SOCK"
ENV_TOKEN = "OSC7501WRAP_TOKEN"
ENV_INTEGRATION = "OSC7501WRAP_INTEGRATION"
#: Longest hook input read from stdin; anything larger is reported without its data.
MAX_INPUT = 4 * 1024 * 1024
READ_DEADLINE = 1.0  # seconds for the whole stdin read
SEND_TIMEOUT = 0.5


def hook_env(sock_path: str, token: str, integration: str) -> dict[str, str]:
    """The variables the session adds to the agent's environment for its hooks."""
    return {ENV_SOCK: sock_path, ENV_TOKEN: token, ENV_INTEGRATION: integration}


def _read_stdin(limit: int = MAX_INPUT, deadline: float = READ_DEADLINE) -> bytes | None:
    """Read stdin to EOF, at most `limit` bytes and `deadline` seconds. None if cut short."""
    import select
    import time

    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return b""
    end = time.monotonic() + deadline
    chunks: list[bytes] = []
    size = 0
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            ready, _, _ = select.select([fd], [], [], left)
        except (OSError, ValueError):
            return None
        if not ready:
            return None
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            continue
        except OSError:
            return None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return None


def send_hook(event: str, data: dict[str, Any], environ: Mapping[str, str] | None = None) -> bool:
    """Send one hook datagram (already reduced `data`) to the session named in the
    environment. Never raises."""
    env = os.environ if environ is None else environ
    sock, token = env.get(ENV_SOCK), env.get(ENV_TOKEN)
    if not sock or not token:
        return False
    from ..session.channel import request

    payload = {"kind": "hook", "event": event[:100], "data": data}
    return request(sock, token, payload, timeout=SEND_TIMEOUT, want_reply=False) is not None


def _safe_word(text: str) -> bool:
    return 0 < len(text) <= 100 and all(c.isascii() and (c.isalnum() or c in "_-") for c in text)


def _send_raw(sock_path: str, token: str, event: str, raw: bytes) -> bool:
    """The fast path: splice the hook input, unparsed, into the datagram.

    ``{"raw": <hook input>, "kind": "hook", "event": E, "token": T}``. Our keys come last,
    so they win over any same-named key a malformed input might smuggle in; the session
    parses ``raw`` and reduces it with its integration's ``hook_subset``. Uses ``_socket`` and no json,
    which keeps `socket`, `json` and `re` out of the hook's start-up.
    """
    import _socket

    datagram = b"".join((b'{"raw":', raw, b',"kind":"hook","event":"', event.encode(),
                         b'","token":"', token.encode(), b'"}'))
    s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    try:
        try:
            s.setsockopt(_socket.SOL_SOCKET, _socket.SO_SNDBUF, 256 * 1024)
        except OSError:
            pass
        s.settimeout(SEND_TIMEOUT)
        s.sendto(datagram, sock_path)
        return True
    except OSError:
        return False
    finally:
        s.close()


#: Inputs up to this size that look like a JSON object take the fast path.
FAST_LIMIT = 60 * 1024


def hook_main(argv: Sequence[str]) -> int:
    """``osc7501wrap hook EVENT``: always 0, never prints (see the module docstring)."""
    try:
        sock, token = os.environ.get(ENV_SOCK), os.environ.get(ENV_TOKEN)
        if not argv or not sock or not token:
            return 0
        event = str(argv[0])
        if not _safe_word(event):
            return 0
        raw = _read_stdin()
        body = raw.strip() if raw else b""
        if (_safe_word(token) and len(body) <= FAST_LIMIT and body[:1] == b"{"
                and body[-1:] == b"}"):
            _send_raw(sock, token, event, body)
            return 0
        data: dict[str, Any] = {}
        if body:
            import json  # the slow path only

            from ..agents import reducer

            reduce = reducer(os.environ.get(ENV_INTEGRATION))
            try:
                if reduce is not None:
                    data = reduce(event, json.loads(body.decode("utf-8", "replace")))
            except (ValueError, RecursionError):
                data = {}
        send_hook(event, data)
    except BaseException:
        pass
    return 0

