"""A tiny parser over the passthrough stream: safe points, modes left on, title, progress.

The proxy writes every byte the child prints to the terminal untouched, then hands the
same chunk to :class:`StreamTracker`. The tracker answers three questions cheaply:

* **Is this a safe point?** (``safe``) The terminal is in ground state, no UTF-8
  character is half written, and the child is not inside a DEC 2026 synchronized update.
  Only then may wrap write bytes of its own (an OSC 7501 report) without corrupting the
  child's output.
* **What did the child leave on?** (``modes_on``, ``alt_screen``, ``kitty_kbd_depth``...)
  so that :meth:`StreamTracker.reset_sequence` can undo exactly that when the child dies,
  and nothing else.
* **What did the child announce?** Titles (OSC 0/2, also queued in ``events``) and OSC
  9;4 progress.

How it stays fast: every ESC starts a new sequence wherever it appears (ESC even ends an
OSC or DCS string), so the bytes before the *last* ESC of a chunk hold only complete
sequences. Those are searched with a few C-level regular expressions for the handful of
sequences that matter; only the tail from the last ESC, and a sequence continued from
the previous chunk, go through the per-byte state machine (a control sequence cut by a
read takes one match), and string payloads are skipped with a search for their end. Ground text is never looked at, except its
last four bytes for a pending UTF-8 character. Before all that, a chunk of up to 1 KiB that
holds only ground text and plain control sequences (a spinner frame, an echo) is settled
by one regex match: at 10 Hz every C call costs microseconds of cold caches.

Rules (Paul Williams' DEC parser, as terminals implement it): CAN and SUB abort any
sequence; ESC inside a string ends it (ST is ``ESC \\``); BEL ends an OSC (not a DCS,
APC, PM or SOS). C0 controls inside an escape or control sequence are executed by
terminals and do not end it: the tracker follows that for state, but does not interpret
(for modes, titles...) a sequence that carried such a byte. 8-bit C1 controls are not
recognised: the stream is UTF-8.

What this module does not do: it keeps no screen (see the screen model), it does not
decode OSC 7501 reports from the child (a separate scanner does; here they are just OSC
strings), and it never answers the child's queries.
"""

from __future__ import annotations

import re

__all__ = ["EVENT_CODES", "StreamTracker"]

# Parser states.
GROUND = 0
ESCAPE = 1
ESC_INTER = 2
CSI = 3
OSC = 4
STRING = 5  # DCS, APC, PM, SOS: skipped, never interpreted

OSC_LIMIT = 8192  # longer OSC payloads are skipped (state stays exact, nothing recorded)
CSI_LIMIT = 256  # longer control sequences are tracked but not interpreted
EVENT_LIMIT = 512  # the oldest events are dropped when nobody takes them

# DEC private modes worth undoing when the child dies. 25 is special: the child "turns
# it on" by *hiding* the cursor (?25l), and undoing it means ?25h.
MOUSE_MODES = (1000, 1002, 1003, 1005, 1006, 1015)
ALT_MODES = (1049, 1047, 47)
TRACKED_MODES = frozenset((1, 25, 2004, 1004, 2026, *MOUSE_MODES, *ALT_MODES))  # 1: DECCKM

# OSC codes turned into events (see StreamTracker.events): what the session reads.
EVENT_CODES = ("title",)

_CTRL_DELETE = bytes([*range(0x20), 0x7F])  # controls are not part of an OSC payload

# The patterns are compiled on the first feed, after the child started: a program that
# writes nothing never needs them. (`re` itself is loaded before the child anyway: the
# console script and the configuration import it.)
_INTERESTING_RE: re.Pattern[bytes]
_OSC_RE: re.Pattern[bytes]
_SGR_RE: re.Pattern[bytes]
_PARAMS_RE: re.Pattern[bytes]
_SGR_PARAMS_RE: re.Pattern[bytes]
_CSI_RE: re.Pattern[bytes]
_CSI_END_RE: re.Pattern[bytes]
_CSI_OPEN_RE: re.Pattern[bytes]
_OSC_END: re.Pattern[bytes]
_STRING_END: re.Pattern[bytes]
_PLAIN_RE: re.Pattern[bytes]
_COMPILED = False
PLAIN_LIMIT = 1024  # chunks up to this size are tried against _PLAIN_RE first


def _compile() -> None:
    global _INTERESTING_RE, _OSC_RE, _SGR_RE, _PARAMS_RE, _SGR_PARAMS_RE, _CSI_RE
    global _OSC_END, _STRING_END, _COMPILED, _CSI_END_RE, _CSI_OPEN_RE, _PLAIN_RE

    # Sequences that change tracked state (private marker, numeric params, final h/l/m/u),
    # RIS, and the start of OSC strings.
    _INTERESTING_RE = re.compile(rb"\x1b(?:\[[?<>=][0-9;]{0,255}[hlmu]|c|\]|=|>)")
    _OSC_RE = re.compile(rb"\x1b\]([^\x07\x18\x1a\x1b]*)(?:\x07|(?=\x1b))")
    _SGR_RE = re.compile(rb"\x1b\[([0-9;:]{0,256})m")
    _PARAMS_RE = re.compile(rb"[0-9;]*")
    _SGR_PARAMS_RE = re.compile(rb"[0-9;:]*")
    # A complete control sequence: group 1 is the parameter bytes when there are no
    # intermediates (those are the only ones interpreted).
    _CSI_RE = re.compile(rb"\x1b\[(?:([\x30-\x3f]{0,256})|[\x30-\x3f]*[\x20-\x2f]+[\x30-\x3f\x20-\x2f]*)[\x40-\x7e]")
    # A control sequence split by a read: its end at the start of the next chunk (what
    # the per-byte machine would append, then the final byte), and its start at the end.
    _CSI_END_RE = re.compile(rb"[\x20-\x3f]*[\x40-\x7e]")
    _CSI_OPEN_RE = re.compile(rb"\x1b\[[\x20-\x3f]{0,%d}" % CSI_LIMIT)
    _OSC_END = re.compile(rb"[\x07\x18\x1a\x1b]")
    _STRING_END = re.compile(rb"[\x18\x1a\x1b]")
    # A chunk that changes nothing but SGR and the UTF-8 tail: ground text and whole
    # control sequences with plain numeric parameters (no private marker, no
    # intermediates, no control byte inside); group 1 is the last SGR's parameters.
    # Possessive: a chunk that does not match fails without backtracking.
    _PLAIN_RE = re.compile(rb"(?:[^\x1b]++|\x1b\[[0-9:;]{0,256}+[\x40-\x6c\x6e-\x7e]"
                           rb"|\x1b\[([0-9:;]{0,256}+)m)*+")
    _COMPILED = True


def _utf8_need(data: bytes, start: int, end: int, need: int) -> int:
    """Continuation bytes still owed after ground text ``data[start:end]``.

    ``need`` is what was owed before ``start``. Only the last four bytes matter.
    """
    lo = max(start, end - 4)
    k = end - 1
    while k >= lo:
        b = data[k]
        if b < 0x80:
            return 0
        if b >= 0xC0:
            if b < 0xC2:
                return 0
            want = 1 if b < 0xE0 else 2 if b < 0xF0 else 3 if b < 0xF5 else 0
            return max(0, want - (end - 1 - k))
        k -= 1
    if lo > start:
        return 0
    return max(0, need - (end - start))


def _ints(params: bytes) -> list[int]:
    """``b"1;;25"`` -> [1, 0, 25] (empty parameters are 0)."""
    return [int(p) if p else 0 for p in params.split(b";")]


class StreamTracker:
    """Follows the child's output stream; feed it every chunk, in order, after writing it.

    Attributes (read them, do not write them):

    ``safe``
        True when wrap may write its own sequences: ground state, no partial UTF-8
        character, not inside the child's synchronized update (DEC 2026).
    ``sync``
        The child's synchronized update (``CSI ?2026h``) is open.
    ``alt_screen``
        The child is on the alternate screen (1049, 1047 or 47).
    ``modes_on``
        DEC private modes the child turned on and did not turn off, among
        ``TRACKED_MODES``; 25 means the child *hid* the cursor.
    ``kitty_kbd_depth``
        Kitty keyboard pushes (``CSI > flags u``) still open on the current screen.
    ``keypad``
        The child left the application keypad on (DECKPAM, ``ESC =``).
    ``modify_other_keys``
        The xterm modifyOtherKeys level the child set (``CSI > 4 ; n m``), 0 if none.
    ``sgr_dirty``
        The child's last SGR left attributes set (anything but ``CSI m`` / ``CSI 0m``).
    ``title``
        The last window title (OSC 0 or 2), UTF-8 decoded with replacement, or None.
    ``progress``
        The last OSC 9;4 report as ``(state, value)`` (value None when absent), or None.
    ``events``
        ``(code, text)`` pairs in stream order, taken with :meth:`take_events`:
        ``("title", text)`` for OSC 0/2. Payloads over 8 KiB are not recorded.
    """

    def __init__(self) -> None:
        self.safe = True
        self.sync = False
        self.alt_screen = False
        self.modes_on: set[int] = set()
        self.modify_other_keys = 0
        self.keypad = False  # application keypad (DECKPAM, ESC =) left on
        self.sgr_dirty = False
        self.title: str | None = None
        self.progress: tuple[int, int | None] | None = None
        self.events: list[tuple[str, str]] = []
        # kitty keyboard: pushed flags per screen ([0] main, [1] alternate), and whether
        # the child changed the base flags with CSI = ... u without pushing.
        self._kitty: tuple[list[int], list[int]] = ([], [])
        self._kitty_base: list[bool] = [False, False]
        # parser
        self._state = GROUND
        self._need = 0  # UTF-8 continuation bytes still owed (ground state)
        self._seq = bytearray()  # intermediates/params of the current ESC or CSI
        self._osc = bytearray()  # payload of the current OSC
        self._osc_over = False  # the current OSC is longer than OSC_LIMIT
        self._bad = False  # the current sequence carried a control or high byte
        self.high = 0  # the most bytes of a sequence ever kept between two feeds

    # ----------------------------------------------------------------- public API

    @property
    def kitty_kbd_depth(self) -> int:
        return len(self._kitty[1 if self.alt_screen else 0])

    @property
    def in_sequence(self) -> bool:
        """The stream stopped inside an escape sequence or string (not ground)."""
        return self._state != GROUND

    @property
    def partial(self) -> int:
        """Bytes of the unfinished sequence the stream stopped in (0 in ground)."""
        return 0 if self._state == GROUND else len(self._seq) + len(self._osc)

    def take_events(self) -> list[tuple[str, str]]:
        """Return the queued events and clear the queue."""
        ev = self.events
        self.events = []
        return ev

    def feed(self, data: bytes) -> None:
        """Account for ``data``, the next bytes the child wrote (any size, any split)."""
        n = len(data)
        if not n:
            return
        if not _COMPILED:
            _compile()
        pos = 0
        if self._state == GROUND:
            # A spinner frame, an echo: one C call in all. A "?" (DEC modes, often a
            # synchronized update around a frame) cannot match: not tried then.
            if n <= PLAIN_LIMIT and 0x3F not in data:
                m = _PLAIN_RE.fullmatch(data)
                if m is not None:
                    sgr = m[1]
                    if sgr is not None:
                        self.sgr_dirty = sgr != b"" and sgr != b"0"
                    self._need = need = (0 if data[n - 1] < 0x80
                                         else _utf8_need(data, 0, n, self._need))
                    self.safe = need == 0 and not self.sync
                    return
        else:
            m = _CSI_END_RE.match(data) if self._state == CSI else None
            if m is not None:  # the end of a control sequence the last read cut
                pos = m.end()
                k = pos - 1
                if not self._bad and len(self._seq) + k <= CSI_LIMIT:
                    self._csi_plain(bytes(self._seq) + data[:k], data[k])
                self._state = GROUND
            else:
                pos = self._machine(data, 0, n, True)
            if pos >= n:
                self._note_partial()
                self.safe = self._state == GROUND and self._need == 0 and not self.sync
                return
        # The common cases are written out here (a spinner frame, a chunk of a flood):
        # measured 1.9 -> 1.35 us per spinner frame, 3.0 -> 2.1 us per 4 KiB of a log.
        # Each C call counts at 10 Hz, when nothing of it is in a cache (25-35 us a
        # spinner frame with the caches flushed before it, ~1 us warm): single bytes are
        # looked for as ints (a one-byte bytes makes `in` raise and format a TypeError
        # first), the match read once.
        last = data.rfind(b"\x1b", pos)
        if last < 0:
            self._need = 0 if data[n - 1] < 0x80 else _utf8_need(data, pos, n, self._need)
        else:
            m = _CSI_RE.match(data, last)  # the common tail: one whole CSI, then text
            params = None
            if m is not None:
                end = m.end()
                params = m[1]
            if last > pos:
                if (0x3F not in data and 0x5D not in data and 0x3C not in data  # ? ] <
                        and 0x3E not in data and 0x3D not in data  # > =
                        and self._at_defaults()):
                    # Plain output (see _scan_complete): only SGR and RIS can matter,
                    # and an SGR at the tail decides alone (most chunks of a log).
                    if params is None or data[end - 1] != 0x6D:
                        # no "m" before the tail (a spinner's cursor moves): no SGR either
                        after = (self._last_sgr(data, pos, last)
                                 if data.find(b"m", pos, last) >= 0 else pos)
                        if self.sgr_dirty and data.find(b"\x1bc", max(pos, after), last) >= 0:
                            self.sgr_dirty = False  # a RIS after the last SGR
                else:
                    self._scan_complete(data, pos, last)
            if m is not None:
                if params is not None:
                    final = data[end - 1]
                    if final == 0x6D or (params and params[0] in b"?<>="):
                        self._csi_plain(params, final)
                self._state = GROUND
                self._need = (0 if end == n or data[n - 1] < 0x80
                              else _utf8_need(data, end, n, 0))
            else:
                self._need = 0
                if _CSI_OPEN_RE.fullmatch(data, last) is not None:  # cut by the read
                    self._state = CSI
                    self._seq[:] = data[last + 2:]
                    self._bad = False
                else:
                    self._machine(data, last, n, False)
                self._note_partial()
        self.safe = self._state == GROUND and self._need == 0 and not self.sync

    def _note_partial(self) -> None:
        """The stream may stop inside a sequence only where the machine ran: note how
        much of it is kept (``high``), there and not on the common path."""
        if self._state != GROUND:
            size = len(self._seq) + len(self._osc)
            if size > self.high:
                self.high = size

    def reset_sequence(self) -> bytes:
        """The bytes that undo what the child left on, in a sensible order; b"" if none.

        Starts with CAN when the stream stopped inside a sequence, so that the reset
        is not swallowed into the child's unfinished sequence.
        """
        out: list[bytes] = []
        if self._state != GROUND:
            out.append(b"\x18")
        modes = self.modes_on
        if 2026 in modes:
            out.append(b"\x1b[?2026l")
        for m in reversed(MOUSE_MODES):
            if m in modes:
                out.append(b"\x1b[?%dl" % m)
        if 2004 in modes:
            out.append(b"\x1b[?2004l")
        if 1004 in modes:
            out.append(b"\x1b[?1004l")
        if 1 in modes:
            out.append(b"\x1b[?1l")  # cursor keys back to normal (DECCKM)
        if self.keypad:
            out.append(b"\x1b>")  # numeric keypad (DECKPNM)
        if self.modify_other_keys:
            out.append(b"\x1b[>4;0m")
        main, alt = self._kitty
        if self.alt_screen:
            out.append(b"\x1b[<u" * len(alt))
            if self._kitty_base[1]:
                out.append(b"\x1b[=0;1u")
            for m in ALT_MODES:
                if m in modes:
                    out.append(b"\x1b[?%dl" % m)
                    break
        else:
            # Terminals with one stack for both screens still hold the alternate pushes.
            out.append(b"\x1b[<u" * len(alt))
        out.append(b"\x1b[<u" * len(main))
        if self._kitty_base[0]:
            out.append(b"\x1b[=0;1u")
        if 25 in modes:
            out.append(b"\x1b[?25h")
        if self.sgr_dirty:
            out.append(b"\x1b[0m")
        return b"".join(out)

    def reapply_sequence(self) -> bytes:
        """The bytes that turn the child's modes back on after :meth:`reset_sequence`.

        Used when wrap resumes after a suspend. The synchronized update is not reopened
        (the child's frame was cut), SGR is left to the child's repaint.
        """
        out: list[bytes] = []
        modes = self.modes_on
        main, alt = self._kitty
        out.extend(b"\x1b[>%du" % f for f in main)
        for m in reversed(ALT_MODES):
            if m in modes:
                out.append(b"\x1b[?%dh" % m)
                break
        if self.alt_screen:
            out.extend(b"\x1b[>%du" % f for f in alt)
        for m in (*MOUSE_MODES, 2004, 1004, 1):
            if m in modes:
                out.append(b"\x1b[?%dh" % m)
        if self.keypad:
            out.append(b"\x1b=")
        if self.modify_other_keys:
            out.append(b"\x1b[>4;%dm" % self.modify_other_keys)
        if 25 in modes:
            out.append(b"\x1b[?25l")
        return b"".join(out)

    # ----------------------------------------------------------------- internals

    def _scan_complete(self, data: bytes, start: int, end: int) -> None:
        """Interpret the complete sequences in ``data[start:end]`` (``data[end]`` is ESC).

        One C-level pass lists the sequences that matter. Usually they are all DEC
        private mode changes, which are assignments: only the last occurrence of each
        distinct sequence matters, applied in order of those last occurrences.

        Plain output (logs, most of a flood) has none of ``?<>=]``: then only SGR and
        RIS can matter, and while every mode is at its default RIS changes nothing but
        SGR. A few memchr calls settle that, instead of a regex stopping at every ESC.
        """
        if (0x3F not in data and 0x5D not in data and 0x3C not in data  # ? ] <
                and 0x3E not in data and 0x3D not in data and self._at_defaults()):  # > =
            after = self._last_sgr(data, start, end)  # (feed has this case inline)
            if self.sgr_dirty and data.find(b"\x1bc", max(start, after), end) >= 0:
                self.sgr_dirty = False  # a RIS after the last SGR
            return
        found = _INTERESTING_RE.findall(data, start, end)
        if not found:
            self._last_sgr(data, start, end)
            return
        last = dict(zip(found, range(len(found)), strict=True))
        plain = True  # only "CSI ? params h|l" and OSC starts
        osc = False
        for seq in last:
            if seq == b"\x1b]":
                osc = True
            elif len(seq) < 3 or seq[2] != 0x3F or seq[-1] not in b"hl":
                plain = False
        if plain:
            decset = self._decset
            for seq in sorted(last, key=last.__getitem__) if len(last) > 1 else last:
                if seq[-1] == 0x68:
                    decset(seq[3:-1], True)
                elif seq[-1] == 0x6C:
                    decset(seq[3:-1], False)
        else:
            for seq in found:
                if seq[1] == 0x63:  # c
                    self._ris()
                elif seq[1] == 0x3D or seq[1] == 0x3E:  # = DECKPAM, > DECKPNM
                    self.keypad = seq[1] == 0x3D
                elif seq[1] == 0x5B:  # [
                    self._csi(seq[2], seq[3:-1], seq[-1])
        if osc:
            for m in _OSC_RE.finditer(data, start, end + 1):
                a, b = m.span(1)
                if b - a <= OSC_LIMIT:
                    self._osc_dispatch(m.group(1))
        # RIS clears SGR too: only the SGRs after the last one count.
        if b"\x1bc" in last:
            start = max(start, data.rfind(b"\x1bc", start, end))
        self._last_sgr(data, start, end)

    def _last_sgr(self, data: bytes, start: int, end: int) -> int:
        """Set ``sgr_dirty`` from the last SGR sequence in ``data[start:end]``, if any;
        return where that SGR ends (``start`` if there is none).

        Looks at the last few ``ESC [`` first (the last SGR is usually the last or
        nearly the last sequence); then searches growing windows from the end: a match
        fully inside a window is later than any match that straddles the window's start.
        """
        k = end
        for _ in range(4):
            k = data.rfind(b"\x1b[", start, k)
            if k < 0:
                return start
            m = _SGR_RE.match(data, k, end)
            if m is not None:
                self.sgr_dirty = m.group(1) not in (b"", b"0")
                return m.end()
        end = k  # no SGR starts at or after k, and none before it can reach past its ESC
        width = 256
        while True:
            lo = max(start, end - width)
            last = None
            for last in _SGR_RE.finditer(data, lo, end):  # noqa: B007
                pass
            if last is not None:
                self.sgr_dirty = last.group(1) not in (b"", b"0")
                return last.end()
            if lo == start:
                return start
            width *= 8

    def _at_defaults(self) -> bool:
        """Every mode RIS would reset is at its default already."""
        return not (self.modes_on or self.sync or self.alt_screen or self.modify_other_keys
                    or self.keypad or self._kitty[0] or self._kitty[1] or self._kitty_base[0]
                    or self._kitty_base[1])

    def _machine(self, data: bytes, i: int, n: int, stop_at_ground: bool) -> int:
        """The per-byte state machine over ``data[i:n]``; returns where it stopped.

        Ground text is skipped to the next ESC; string payloads are skipped to their
        terminator. With ``stop_at_ground`` it returns as soon as a sequence ends.
        """
        state = self._state
        while i < n:
            if state == GROUND:
                if stop_at_ground:
                    break
                j = data.find(b"\x1b", i)
                if j < 0:
                    self._need = _utf8_need(data, i, n, self._need)
                    i = n
                    break
                self._need = 0
                state = ESCAPE
                self._seq.clear()
                self._bad = False
                i = j + 1
                continue
            if state in (OSC, STRING):
                m = (_OSC_END if state == OSC else _STRING_END).search(data, i)
                if m is None:
                    if state == OSC:
                        self._osc_put(data, i, n)
                    i = n
                    break
                j = m.start()
                t = data[j]
                if state == OSC:
                    self._osc_put(data, i, j)
                    # ESC or BEL end it (CAN and SUB abort it)
                    if t in (0x1B, 0x07) and not self._bad and not self._osc_over:
                        self._osc_dispatch(bytes(self._osc))
                    self._osc.clear()
                if t == 0x1B:
                    state = ESCAPE
                    self._seq.clear()
                    self._bad = False
                else:
                    state = GROUND
                i = j + 1
                continue
            b = data[i]
            i += 1
            if b == 0x1B:
                state = ESCAPE
                self._seq.clear()
                self._bad = False
                continue
            if b == 0x18 or b == 0x1A:
                state = GROUND
                continue
            if b < 0x20 or b >= 0x7F:
                self._bad = True  # executed (C0) or ignored (DEL, high bytes) in place
                continue
            if state == CSI:
                if b >= 0x40:
                    self._csi_done(b)
                    state = GROUND
                elif len(self._seq) < CSI_LIMIT:
                    self._seq.append(b)
                else:
                    self._bad = True
            elif state == ESCAPE:
                if b < 0x30:
                    self._seq.append(b)
                    state = ESC_INTER
                elif b == 0x5B:  # [
                    state = CSI
                elif b == 0x5D:  # ]
                    state = OSC
                    self._osc.clear()
                    self._osc_over = False
                elif b in (0x50, 0x58, 0x5E, 0x5F):  # P X ^ _
                    state = STRING
                else:
                    if b == 0x63 and not self._bad:  # c: RIS
                        self._ris()
                    elif (b == 0x3D or b == 0x3E) and not self._seq and not self._bad:
                        self.keypad = b == 0x3D  # DECKPAM / DECKPNM
                    state = GROUND
            else:  # ESC_INTER
                if b >= 0x30:
                    state = GROUND
        self._state = state
        return i

    def _osc_put(self, data: bytes, i: int, j: int) -> None:
        if self._osc_over or i >= j:
            return
        if len(self._osc) + (j - i) > OSC_LIMIT:
            self._osc_over = True
            self._osc.clear()
        else:
            self._osc += data[i:j]

    def _csi_done(self, final: int) -> None:
        """A control sequence ended with ``final`` (its bytes are in ``self._seq``)."""
        if not self._bad:
            self._csi_plain(bytes(self._seq), final)

    def _csi_plain(self, seq: bytes, final: int) -> None:
        """Interpret a control sequence without control bytes: params, final."""
        if seq and seq[0] in b"?<>=":
            if final in b"hlmu" and _PARAMS_RE.fullmatch(seq, 1):
                self._csi(seq[0], seq[1:], final)
        elif final == 0x6D and _SGR_PARAMS_RE.fullmatch(seq):  # m
            self.sgr_dirty = seq not in (b"", b"0")

    def _csi(self, marker: int, params: bytes, final: int) -> None:
        """Interpret ``CSI <marker> <params> <final>`` (params are digits and ';')."""
        if marker == 0x3F:  # ?
            if final == 0x68 or final == 0x6C:  # h l
                self._decset(params, final == 0x68)
            return
        if final == 0x75:  # u: kitty keyboard protocol
            stack = self._kitty[1 if self.alt_screen else 0]
            vals = _ints(params)
            if marker == 0x3E:  # > push
                if len(stack) < 64:
                    stack.append(vals[0])
            elif marker == 0x3C:  # < pop (a 0 count pops nothing: never under-count)
                count = vals[0] if params else 1
                if count:
                    del stack[max(0, len(stack) - count):]
            elif marker == 0x3D and not stack:  # = flags ; mode: change the base flags
                flags = vals[0]
                mode = vals[1] if len(vals) > 1 and vals[1] else 1
                screen = 1 if self.alt_screen else 0
                if mode == 1:
                    self._kitty_base[screen] = flags != 0
                elif mode == 2 and flags:
                    self._kitty_base[screen] = True
        elif final == 0x6D and marker == 0x3E:  # m: CSI > 4 ; n m  modifyOtherKeys
            vals = _ints(params)
            if vals[0] == 4:
                self.modify_other_keys = vals[1] if len(vals) > 1 else 0

    def _decset(self, params: bytes, on: bool) -> None:
        modes = self.modes_on
        for p in params.split(b";"):
            if not p:
                continue
            mode = int(p)
            if mode not in TRACKED_MODES:
                continue
            if (mode == 25) != on:  # ?25l hides the cursor: that is "on" for us
                modes.add(mode)
            else:
                modes.discard(mode)
            if mode == 2026:
                self.sync = on
            elif mode in ALT_MODES:
                self.alt_screen = bool(modes.intersection(ALT_MODES))

    def _ris(self) -> None:
        """``ESC c``: the terminal resets every mode."""
        self.modes_on.clear()
        self.sync = False
        self.alt_screen = False
        self.modify_other_keys = 0
        self.keypad = False
        self.sgr_dirty = False
        self._kitty[0].clear()
        self._kitty[1].clear()
        self._kitty_base[:] = [False, False]

    def _osc_dispatch(self, payload: bytes) -> None:
        """A complete OSC string (without ``ESC ]`` and terminator)."""
        payload = payload.translate(None, _CTRL_DELETE)
        code, _, rest = payload.partition(b";")
        if code in (b"0", b"2"):
            self.title = rest.decode("utf-8", "replace")
            self._event("title", self.title)
        elif code == b"9" and (rest[:2] == b"4;" or rest == b"4"):
            parts = rest.split(b";")
            try:
                state = int(parts[1]) if len(parts) > 1 and parts[1] else 0
                value = int(parts[2]) if len(parts) > 2 and parts[2] else None
            except ValueError:
                return
            self.progress = (state, value)

    def _event(self, code: str, text: str) -> None:
        ev = self.events
        ev.append((code, text))
        if len(ev) > EVENT_LIMIT:
            del ev[: len(ev) - EVENT_LIMIT]
