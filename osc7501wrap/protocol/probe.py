"""The OSC 7501 handshake: does the terminal understand the protocol?

A supporting terminal answers ``ESC ] 7501 ; ? ST`` with the same bytes; others stay
silent. Silence alone would cost a timeout, so the query is followed by DA1 (``CSI c``),
which every terminal answers, in order: a DA1 reply without a 7501 reply before it means
"not supported", at once.

In scope:

- :func:`raw_mode`: input-side raw mode for the probe, restored with TCSADRAIN;
- :func:`probe_terminal`: write the query and DA1, read the replies, keep everything
  else the user typed meanwhile (type-ahead) in order;
- :class:`ReplyFilter`: after a probe that timed out, remove the late replies from stdin
  (each shape at most once, never inside a bracketed paste, for a few seconds);
- :func:`terminfo_has_pst`: the ``Pst`` terminfo capability that lets a program skip the
  probe;
- :func:`decide_emit`: ``--emit`` / ``OSC7501WRAP_EMIT`` / terminfo / probe -> a
  decision with a reason string (shown by ``doctor`` and written to the log).

Not in scope: choosing the file descriptors, forwarding type-ahead to a child, and
writing reports (:mod:`osc7501wrap.start.emit`, the session).

Inside tmux (``tmux_depth > 0``) the query is wrapped for DCS passthrough so that the
outer terminal sees it, while DA1 is sent bare: tmux answers DA1 itself, at once, so the
outer terminal's 7501 reply (if passthrough is allowed and the terminal supports it)
arrives *after* tmux's DA1 reply. The probe therefore waits a short grace period
(``tmux_grace``, 100 ms) after DA1 for a 7501 reply when ``tmux_depth > 0``. If none
comes, the result is ``supported=False`` with ``"7501"`` still in ``outstanding``, so that a
:class:`ReplyFilter` can catch a reply that arrives later still.

Terminfo is read from the compiled terminfo files directly (a small reader of the
ncurses format, extended capabilities included), not through ``curses``: CPython's
``curses.setupterm`` only takes effect on its first call in a process, so it cannot
answer for an arbitrary terminal name.
"""

from __future__ import annotations

import os
import select
import struct
import sys
import termios
import time
from collections.abc import Callable, Iterable, Mapping

from ..frozen import Frozen  # not dataclasses: 6.0 ms before the child (see frozen.py)
from .tmux import wrap_passthrough

REPLY_7501 = "7501"
REPLY_DA1 = "da1"
DA1_QUERY = b"\x1b[c"
QUERY_7501 = b"\x1b]7501;?\x1b\\"  # protocol.encode_query(), without importing protocol
EMIT_ENV = "OSC7501WRAP_EMIT"
DEFAULT_TIMEOUT = 0.3
TMUX_GRACE = 0.1

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"

# The reply shapes, matched by hand (no `re`: it costs start-up time, before the child):
#   7501: ESC ] 7501 ; ? BODY (BEL | ESC \\), BODY up to 4087 bytes, no BEL CAN SUB ESC
#         (the fixed reply, matched by its prefix "?": a later revision may add pairs)
#   DA1:  ESC [ ? PARAMS c, PARAMS up to 64 digits and semicolons
_HEADS = {REPLY_7501: b"\x1b]7501;?", REPLY_DA1: b"\x1b[?"}
_BODY_STOP = frozenset(b"\x07\x18\x1a\x1b")
_BODY_MAX = 4087
_DA1_PARAM = frozenset(b"0123456789;")
_DA1_MAX = 64


def _reply_end(shape: str, buf: bytes, j: int) -> int:
    """Where the complete reply of `shape` that starts at ``buf[j]`` ends; -1 if none."""
    head = _HEADS[shape]
    if not buf.startswith(head, j):
        return -1
    n = len(buf)
    i = k = j + len(head)
    if shape == REPLY_7501:
        end = min(n, i + _BODY_MAX)
        while k < end and buf[k] not in _BODY_STOP:
            k += 1
        if k < n and buf[k] == 0x07:
            return k + 1
        if buf.startswith(b"\x1b\\", k):
            return k + 2
        return -1
    end = min(n, i + _DA1_MAX)
    while k < end and buf[k] in _DA1_PARAM:
        k += 1
    return k + 1 if k < n and buf[k] == 0x63 else -1  # c


def _reply_prefix(shape: str, tail: bytes) -> bool:
    """`tail` (from an ESC to the end of the input so far) may still become a reply."""
    head = _HEADS[shape]
    if len(tail) <= len(head):
        return head.startswith(tail)
    if not tail.startswith(head):
        return False
    rest = tail[len(head):]
    if shape == REPLY_7501:
        if rest.endswith(b"\x1b"):  # the start of the terminator
            rest = rest[:-1]
        return len(rest) <= _BODY_MAX and not any(c in _BODY_STOP for c in rest)
    return len(rest) <= _DA1_MAX and all(c in _DA1_PARAM for c in rest)


# ------------------------------------------------------------------------ raw mode


class raw_mode:  # lower case: used like a function, `with raw_mode(fd):`
    """Put the terminal `fd` in input-side raw mode; restore it (TCSADRAIN) on exit.

    No echo, no line editing, no signal keys, 8-bit input, read returns after one byte.
    Output processing is left alone. Entering uses TCSANOW, never TCSAFLUSH: pending
    input (type-ahead) is kept. Raises termios.error (on entering the ``with``) if `fd`
    is not a terminal. A class rather than a contextlib generator: contextlib costs
    start-up time.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._old: list[int | list[bytes | int]] | None = None

    def __enter__(self) -> None:
        fd = self.fd
        old = termios.tcgetattr(fd)
        new = termios.tcgetattr(fd)
        new[0] &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP
                    | termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON)
        new[2] &= ~(termios.CSIZE | termios.PARENB)
        new[2] |= termios.CS8
        new[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG
                    | termios.IEXTEN)
        new[6] = list(new[6])
        new[6][termios.VMIN] = 1
        new[6][termios.VTIME] = 0
        termios.tcsetattr(fd, termios.TCSANOW, new)
        self._old = old

    def __exit__(self, *exc: object) -> None:
        old, self._old = self._old, None
        if old is None:
            return
        try:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, old)
        except (termios.error, OSError):
            pass  # the terminal went away; nothing left to restore


# --------------------------------------------------------------------- reply matching


class _ReplyMatcher:
    """Finds the outstanding reply shapes in a byte stream; everything else is kept.

    Each shape is removed at most once. Nothing is removed inside a bracketed paste.
    `scan` returns (kept bytes, [(shape, reply)], undecided tail): the tail may still
    become a reply (or a paste marker) once more bytes arrive.
    """

    def __init__(self, outstanding: Iterable[str]) -> None:
        self.outstanding = [p for p in (REPLY_7501, REPLY_DA1) if p in set(outstanding)]
        self.in_paste = False

    def _partial(self, tail: bytes) -> bool:
        marker = PASTE_END if self.in_paste else PASTE_START
        if len(tail) < len(marker) and marker.startswith(tail):
            return True
        if self.in_paste:
            return False
        return any(_reply_prefix(p, tail) for p in self.outstanding)

    def scan(self, buf: bytes) -> tuple[bytes, list[tuple[str, bytes]], bytes]:
        out: list[bytes] = []
        found: list[tuple[str, bytes]] = []
        i, n = 0, len(buf)
        while i < n:
            j = buf.find(b"\x1b", i)
            if j < 0:
                out.append(buf[i:])
                break
            out.append(buf[i:j])
            if self.in_paste:
                if buf.startswith(PASTE_END, j):
                    self.in_paste = False
                    out.append(PASTE_END)
                    i = j + len(PASTE_END)
                    continue
            elif buf.startswith(PASTE_START, j):
                self.in_paste = True
                out.append(PASTE_START)
                i = j + len(PASTE_START)
                continue
            else:
                end = -1
                for shape in self.outstanding:
                    end = _reply_end(shape, buf, j)
                    if end >= 0:
                        self.outstanding.remove(shape)
                        found.append((shape, buf[j:end]))
                        break
                if end >= 0:
                    i = end
                    continue
            if self._partial(buf[j:]):
                return b"".join(out), found, buf[j:]
            out.append(b"\x1b")
            i = j + 1
        return b"".join(out), found, b""


# ----------------------------------------------------------------------- the probe


class ProbeResult(Frozen):
    """What the probe learned.

    supported: True (7501 reply), False (DA1 reply and no 7501 reply), None (timeout).
    da1: the DA1 reply bytes, if any. typeahead: every other byte read, in order; the
    caller forwards it first (when `outstanding` is not empty, through a ReplyFilter, since
    it may end with the start of a reply). outstanding: reply shapes still outstanding
    ("7501", "da1"). elapsed: seconds spent.
    """

    FIELDS = ("supported", "da1", "typeahead", "outstanding", "elapsed")
    __slots__ = FIELDS
    supported: bool | None
    da1: bytes | None
    typeahead: bytes
    outstanding: list[str]
    elapsed: float

    def __init__(self, supported: bool | None, da1: bytes | None, typeahead: bytes,
                 outstanding: list[str] | None = None, elapsed: float = 0.0) -> None:
        self._init(supported, da1, typeahead, [] if outstanding is None else outstanding, elapsed)


def _wait_readable(fd: int, timeout: float) -> bool:
    timeout = max(timeout, 0.0)
    if sys.platform == "darwin":  # poll() does not work on ttys there
        ready, _, _ = select.select([fd], [], [], timeout)
        return bool(ready)
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLERR | select.POLLHUP)
    return bool(poller.poll(timeout * 1000))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except InterruptedError:
            continue
        except BlockingIOError:
            _wait_writable(fd)
            continue
        view = view[n:]


def _wait_writable(fd: int) -> None:
    select.select([], [fd], [], 0.05)


def probe_terminal(in_fd: int, out_fd: int, *, timeout: float = DEFAULT_TIMEOUT,
                   tmux_depth: int = 0, tmux_grace: float = TMUX_GRACE) -> ProbeResult:
    """Ask the terminal on `out_fd` whether it supports OSC 7501; read replies on `in_fd`.

    `in_fd` must already be in raw mode (see :func:`raw_mode`). Writes the query (wrapped
    for tmux passthrough `tmux_depth` times) and DA1, then reads until DA1's reply
    arrives (plus `tmux_grace` inside tmux, see the module doc) or `timeout` seconds
    pass. Never raises for I/O errors: a failed write gives ``supported=None`` with
    nothing outstanding; a failed read ends the probe.
    """
    start = time.monotonic()
    query = QUERY_7501
    if tmux_depth > 0:
        query = wrap_passthrough(query, tmux_depth)
    try:
        _write_all(out_fd, query + DA1_QUERY)
    except OSError:
        return ProbeResult(None, None, b"", [], time.monotonic() - start)

    matcher = _ReplyMatcher((REPLY_7501, REPLY_DA1))
    kept: list[bytes] = []
    tail = b""
    got_7501 = False
    da1: bytes | None = None
    da1_at = 0.0
    deadline = start + timeout
    while True:
        now = time.monotonic()
        if da1 is not None:
            if got_7501 or tmux_depth <= 0 or now >= da1_at + tmux_grace:
                break
            until = da1_at + tmux_grace
        else:
            if now >= deadline:
                break
            until = deadline
        try:
            if not _wait_readable(in_fd, until - now):
                continue
            data = os.read(in_fd, 4096)
        except InterruptedError:
            continue
        except OSError:
            break
        if not data:
            break
        out, found, tail = matcher.scan(tail + data)
        kept.append(out)
        for shape, reply in found:
            if shape == REPLY_7501:
                got_7501 = True
            else:
                da1, da1_at = reply, time.monotonic()
    kept.append(tail)
    supported = True if got_7501 else (False if da1 is not None else None)
    outstanding = list(matcher.outstanding)
    if da1 is not None and tmux_depth <= 0:
        outstanding = []  # terminals answer in order: no 7501 reply can follow DA1's
    return ProbeResult(supported, da1, b"".join(kept), outstanding, time.monotonic() - start)


# ----------------------------------------------------------------- late-reply filter


class ReplyFilter:
    """Remove late probe replies from stdin, after a probe that did not finish.

    Created with the probe's `outstanding` shapes and the current time; ``feed(data, now)``
    returns what to forward to the child. Only the outstanding shapes are removed (the
    7501 reply, the DA1 reply ``CSI ? [0-9;]* c``), each at most once, never inside a
    bracketed paste, and only for `lifetime` seconds. A trailing ``ESC``, ``ESC [``,
    ``ESC ]`` (or any other unfinished start of a reply, the partial reply) is kept back at
    most `partial_wait` seconds: Alt+] sends ``ESC ]``, and the Escape key a lone ``ESC``.
    Call ``feed(b"", now)`` when :meth:`next_deadline` passes to release what is kept.
    ``late_7501_reply_seen`` tells the caller the terminal supports 7501 after all.
    """

    def __init__(self, outstanding: Iterable[str], now: float, *, lifetime: float = 3.0,
                 partial_wait: float = 0.05) -> None:
        self._matcher = _ReplyMatcher(outstanding)
        self._until = now + lifetime
        self._partial_wait = partial_wait
        self._partial = b""
        self._partial_since = 0.0
        self.late_7501_reply_seen = False
        self.late_da1_reply_seen = False

    @property
    def active(self) -> bool:
        """True while a reply shape is still watched for or a partial reply is kept back:
        until then, keep feeding (and calling ``feed(b"", now)`` at :meth:`next_deadline`)."""
        return bool(self._matcher.outstanding) or bool(self._partial)

    def next_deadline(self, now: float) -> float | None:
        """When a partial reply must be released (call ``feed(b"", now)`` then), or None."""
        return self._partial_since + self._partial_wait if self._partial else None

    def feed(self, data: bytes, now: float) -> bytes:
        if not self._partial and (not self._matcher.outstanding or b"\x1b" not in data):
            if self._matcher.outstanding and now >= self._until:
                self._matcher.outstanding.clear()
            return data
        buf = self._partial + data
        if now >= self._until or not self._matcher.outstanding:
            self._matcher.outstanding.clear()
            self._partial = b""
            return buf
        out, found, tail = self._matcher.scan(buf)
        for shape, _reply in found:
            if shape == REPLY_7501:
                self.late_7501_reply_seen = True
            else:
                self.late_da1_reply_seen = True
        if not self._matcher.outstanding:  # nothing left to filter: keep nothing back
            self._partial = b""
            return out + tail
        if tail:
            continuing = bool(self._partial) and len(tail) == len(buf)
            if not continuing:
                self._partial_since = now
            if now - self._partial_since >= self._partial_wait:
                self._partial = b""
                return out + tail
        self._partial = tail
        return out


# ------------------------------------------------------------------------- terminfo

_TERMINFO_DEFAULT_DIRS = ("/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo",
                          "/usr/lib/terminfo", "/usr/share/lib/terminfo",
                          "/usr/local/share/terminfo", "/opt/homebrew/share/terminfo")


def _terminfo_dirs(env: Mapping[str, str]) -> list[str]:
    dirs: list[str] = []
    if env.get("TERMINFO"):
        dirs.append(env["TERMINFO"])
    home = env.get("HOME")
    if home:
        dirs.append(os.path.join(home, ".terminfo"))
    for entry in env.get("TERMINFO_DIRS", "").split(":") if env.get("TERMINFO_DIRS") else ():
        if entry:
            dirs.append(entry)
        else:
            dirs.extend(_TERMINFO_DEFAULT_DIRS)
    dirs.extend(_TERMINFO_DEFAULT_DIRS)
    return dirs


def _terminfo_path(term: str, env: Mapping[str, str]) -> str | None:
    if not term or "/" in term or term.startswith(".") or "\0" in term:
        return None
    for base in _terminfo_dirs(env):
        for sub in (term[0], f"{ord(term[0]):02x}"):
            path = os.path.join(base, sub, term)
            if os.path.isfile(path):
                return path
    return None


def _extended_strings(data: bytes) -> dict[str, bytes]:
    """The extended (user-defined) string capabilities of a compiled terminfo entry."""
    magic, names, nbool, nnum, nstr, strsize = struct.unpack_from("<6h", data, 0)
    if magic == 0o432:
        numsize = 2
    elif magic == 0o1036:
        numsize = 4
    else:
        return {}
    off = 12 + names + nbool
    off += off % 2
    off += nnum * numsize + nstr * 2 + strsize
    off += off % 2
    if len(data) < off + 10:
        return {}
    ebool, enum, estr, _items, esize = struct.unpack_from("<5h", data, off)
    if min(ebool, enum, estr, esize) < 0:
        return {}
    off += 10 + ebool
    off += off % 2
    off += enum * numsize
    values = struct.unpack_from(f"<{estr}h", data, off)
    off += 2 * estr
    name_offsets = struct.unpack_from(f"<{ebool + enum + estr}h", data, off)
    off += 2 * (ebool + enum + estr)
    table = data[off:off + esize]
    # The table holds the present string values first, then every capability name.
    names_at = 0
    for v in values:
        if v >= 0:
            end = table.find(b"\0", v)
            names_at = max(names_at, end + 1)
    result: dict[str, bytes] = {}
    for idx, v in enumerate(values):
        at = names_at + name_offsets[ebool + enum + idx]
        name = table[at:table.find(b"\0", at)].decode("ascii", "replace")
        if v >= 0:
            result[name] = table[v:table.find(b"\0", v)]
    return result


def terminfo_has_pst(term: str | None, *, env: Mapping[str, str] = os.environ) -> bool:
    """True if the terminfo entry of `term` (default $TERM) has the ``Pst`` capability
    (``Pst=\\E]7501;%p1%s\\E\\\\``, added with ``tic -x``). Never raises."""
    try:
        term = term if term is not None else env.get("TERM")
        if not term:
            return False
        path = _terminfo_path(term, env)
        if path is None:
            return False
        with open(path, "rb") as fh:
            data = fh.read(1 << 20)
        return b"7501" in _extended_strings(data).get("Pst", b"")
    except Exception:
        return False


# ------------------------------------------------------------------------- whether to emit


class EmitChoice(Frozen):
    """Whether to write OSC 7501 reports, and why (one line, for doctor and the log).
    `probe` is the probe's result when a probe ran (its type-ahead must be forwarded)."""

    FIELDS = ("emit", "reason", "probe")
    __slots__ = FIELDS
    emit: bool
    reason: str
    probe: ProbeResult | None

    def __init__(self, emit: bool, reason: str, probe: ProbeResult | None = None) -> None:
        self._init(emit, reason, probe)


def decide_emit(mode: str | None, env: Mapping[str, str],
                probe_fn: Callable[[], ProbeResult | None]) -> EmitChoice:
    """Decide whether to emit, first match wins:

    1. `mode` "always" / "never" (``--emit``): no probe;
    2. ``OSC7501WRAP_EMIT=always|never`` in `env`: no probe ("auto" or anything else
       falls through);
    3. terminfo of ``$TERM`` has ``Pst``: emit, no probe;
    4. `probe_fn()`: supported -> emit; DA1 only or timeout -> don't; None (probing is
       impossible, e.g. no controlling terminal) -> don't.
    """
    if mode in ("always", "never"):
        return EmitChoice(mode == "always", f"--emit {mode}")
    env_mode = env.get(EMIT_ENV, "").strip().lower()
    if env_mode in ("always", "never"):
        return EmitChoice(env_mode == "always", f"{EMIT_ENV}={env_mode}")
    term = env.get("TERM", "")
    if term and terminfo_has_pst(term, env=env):
        return EmitChoice(True, f"terminfo entry {term} has Pst")
    result = probe_fn()
    if result is None:
        return EmitChoice(False, f"cannot probe the terminal and terminfo ({term or 'no TERM'}) "
                               f"has no Pst; set {EMIT_ENV}=always to force")
    ms = f"{result.elapsed * 1000:.0f} ms"
    if result.supported:
        return EmitChoice(True, f"the terminal answered the OSC 7501 query ({ms})", result)
    if result.supported is False:
        return EmitChoice(False, f"the terminal answered DA1 but not the OSC 7501 query ({ms})",
                        result)
    return EmitChoice(False, f"no reply to the terminal probe within {ms}", result)
