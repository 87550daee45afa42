"""Find OSC 7501 sequences in a program's output, across reads split anywhere.

:class:`ReportScanner` returns the passthrough (with complete sequences removed when
stripping) and the events in stream order; :func:`plain_chunk` and :func:`split_plain`
are the hot-path checks: one memchr settles most chunks. Never raises, never loses a
byte; what it holds back is at most one unfinished sequence (4096 bytes).

Not here: the meaning of a body (protocol/parse.py), what a terminal keeps (the terminal),
any other escape sequence (:mod:`.tracker` reads those).
"""

from __future__ import annotations

import re

from ..protocol.parse import parse_body
from ..protocol.report import BEL, MAX_SEQUENCE, PREFIX, ST, Event, Invalid, Query

_TERM_RE = re.compile(rb"[\x07\x18\x1a\x1b]")  # BEL, CAN, SUB, ESC end an OSC


def plain_chunk(chunk: bytes) -> bool:
    """No OSC 7501 starts in ``chunk``, and it does not end in a prefix of one."""
    return _prefix_tail(chunk) == len(chunk)


def split_plain(chunk: bytes) -> tuple[bytes, bytes] | None:
    """None if an OSC 7501 may start in ``chunk``; else (what can pass at once, the
    start of a 7501 prefix at its end that must wait for the next chunk, or b"")."""
    j = _prefix_tail(chunk)
    return None if j < 0 else (chunk[:j], chunk[j:]) if j < len(chunk) else (chunk, b"")


def _prefix_tail(chunk: bytes) -> int:
    """-1 if an OSC 7501 may start in ``chunk``; else where a prefix of one starts at
    its end (``len(chunk)`` if none)."""
    # One memchr for "]" settles most chunks; the multi-byte search alone is ten times
    # slower on SGR-heavy output, where it stops at every ESC. (An int needle: `in` with
    # a bytes one first tries it as an int, and raises and clears a TypeError.)
    if 0x5D in chunk and chunk.find(b"\x1b]75") >= 0:
        return -1
    n = len(chunk)
    j = chunk.rfind(b"\x1b", n - 3 if n > 3 else 0)  # "\x1b]75" would have been found
    return j if j >= 0 and PREFIX.startswith(chunk[j:]) else n


class ReportScanner:
    """Find OSC 7501 sequences in a program's output, across reads split anywhere.

    ``feed(chunk)`` returns ``(passthrough, events)``. With ``strip=True`` every complete
    OSC 7501 sequence of at most 4096 bytes (report, query, or discarded) is removed from
    the passthrough; with ``strip=False`` the passthrough is `chunk` itself, unchanged.
    Events are :class:`Query` (with the query's terminator), :class:`Report` and
    :class:`Invalid`, in stream order.

    While stripping, the scanner holds back bytes it cannot decide on yet: a tail that
    may be the start of ``ESC ] 7501 ;`` (at most 6 bytes) or an unfinished OSC 7501
    sequence (at most 4096 bytes). They are released with the next chunk, or by
    :meth:`flush`. A sequence that grows past 4096 bytes is released untouched and the
    rest of it passes straight through. CAN or SUB abort a sequence (bytes untouched).

    Hot path: when nothing is kept back and the chunk neither contains ``ESC ] 7 5`` nor ends
    with a proper prefix of ``ESC ] 7501 ;``, the chunk object itself is returned.
    ``feed`` never raises.
    """

    __slots__ = ("_partial", "_skipping", "high", "strip")

    def __init__(self, *, strip: bool = True) -> None:
        self.strip = strip
        self._partial = b""  # undecided bytes (a prefix tail, or an unfinished sequence)
        self._skipping = False  # inside an overlong OSC 7501: pass until it ends
        self.high = 0  # the most bytes ever kept back (off the hot path: set with them)

    @property
    def partial(self) -> int:
        """How many bytes of an unfinished sequence are kept back (0 on the hot path)."""
        return len(self._partial)

    def flush(self) -> bytes:
        """Release the kept bytes untouched (at exit, or when the stream has gone idle)."""
        partial, self._partial = self._partial, b""
        self._skipping = False
        return partial if self.strip else b""

    def feed(self, chunk: bytes) -> tuple[bytes, list[Event]]:
        if not self._partial and not self._skipping and plain_chunk(chunk):
            return chunk, []
        try:
            return self._scan(chunk)
        except Exception:  # pragma: no cover - defensive: never lose a byte, never raise
            partial, self._partial, self._skipping = self._partial, b"", False
            if not self.strip:
                return chunk, []
            return partial + bytes(chunk), []

    def _scan(self, chunk: bytes) -> tuple[bytes, list[Event]]:
        data = self._partial + bytes(chunk) if self._partial else bytes(chunk)
        self._partial = b""
        n = len(data)
        events: list[Event] = []
        out: list[bytes] = []
        pos = 0  # start of the passthrough not yet copied to `out`
        partial_from = n
        i = 0
        while i < n:
            if self._skipping:
                m = _TERM_RE.search(data, i)
                if m is None:
                    break
                t = m.start()
                self._skipping = False
                i = t if data[t] == 0x1B else t + 1  # an ESC may start the next sequence
                continue
            k = data.find(PREFIX, i)
            if k < 0:
                j = data.rfind(b"\x1b", max(i, n - len(PREFIX) + 1))
                if j >= 0 and PREFIX.startswith(data[j:]):
                    partial_from = j
                break
            m = _TERM_RE.search(data, k + len(PREFIX))
            if m is None:
                if n - k >= MAX_SEQUENCE:  # cannot end within the limit any more
                    self._skipping = True
                    break
                partial_from = k
                break
            t = m.start()
            byte = data[t]
            if byte in (0x18, 0x1A):  # CAN / SUB: aborted, the terminal drops it too
                i = t + 1
                continue
            terminator: bytes | None
            if byte == 0x07:
                end = resume = t + 1
                terminator = BEL
            elif t + 1 >= n:  # ESC at the very end: ST or something else?
                if t + 2 - k > MAX_SEQUENCE:
                    i = t  # overlong either way; the ESC is looked at again
                    continue
                partial_from = k
                break
            elif data[t + 1] == 0x5C:
                end = resume = t + 2
                terminator = ST
            else:  # ESC + anything else ends the OSC; that ESC starts the next sequence
                end = resume = t
                terminator = None
            if t - k + len(terminator or ST) > MAX_SEQUENCE:
                i = resume  # overlong: untouched, not reported
                continue
            if terminator is None:
                events.append(Invalid(data[k:t]))
            else:
                parsed = parse_body(data[k + len(PREFIX):t])
                if isinstance(parsed, Query):
                    events.append(Query(terminator))
                elif parsed is None:
                    events.append(Invalid(data[k:end]))
                else:
                    events.append(parsed)
            if self.strip:
                out.append(data[pos:k])
                pos = end
            i = resume
        if partial_from < n:
            self._partial = data[partial_from:]
            if n - partial_from > self.high:
                self.high = n - partial_from
        if not self.strip:
            return chunk, events
        if not out and pos == 0 and partial_from == n:
            return data, events
        out.append(data[pos:partial_from])
        return b"".join(out), events
