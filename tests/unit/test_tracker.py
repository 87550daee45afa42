"""StreamTracker: exact behaviour on hand-written streams, and equality with a plain
per-byte reference parser over random chunkings of a mixed stream."""

from __future__ import annotations

import random
import re

import pytest

from osc7501wrap.stream.tracker import StreamTracker

ESC = b"\x1b"
ST = b"\x1b\\"

# --------------------------------------------------------------------------- reference


class RefTracker:
    """The same semantics as StreamTracker, written the obvious way: one byte at a time."""

    TRACKED = frozenset({25, 2004, 1004, 2026, 1000, 1002, 1003, 1005, 1006, 1015, 1049, 1047, 47})
    ALT = frozenset({1049, 1047, 47})

    def __init__(self) -> None:
        self.state = "ground"
        self.need = 0
        self.buf = bytearray()
        self.bad = False
        self.osc = bytearray()
        self.osc_len = 0
        self.modes: set[int] = set()
        self.kitty: dict[bool, list[int]] = {False: [], True: []}
        self.base = {False: False, True: False}
        self.mok = 0
        self.sgr_dirty = False
        self.title: str | None = None
        self.progress: tuple[int, int | None] | None = None
        self.events: list[tuple[str, str]] = []

    @property
    def alt(self) -> bool:
        return bool(self.modes & self.ALT)

    @property
    def sync(self) -> bool:
        return 2026 in self.modes

    @property
    def safe(self) -> bool:
        return self.state == "ground" and self.need == 0 and not self.sync

    def feed(self, data: bytes) -> None:
        for b in data:
            self.byte(b)

    def byte(self, b: int) -> None:
        st = self.state
        if b == 0x1B:
            if st == "osc" and not self.bad and self.osc_len <= 8192:
                self.osc_dispatch(bytes(self.osc))
            self.state, self.need, self.bad = "esc", 0, False
            self.buf.clear()
            return
        if b in (0x18, 0x1A):
            self.state, self.need = "ground", 0
            return
        if st == "ground":
            if b < 0x80 or b in (0xC0, 0xC1) or b >= 0xF5:
                self.need = 0
            elif b < 0xC0:
                self.need = max(0, self.need - 1)
            elif b < 0xE0:
                self.need = 1
            elif b < 0xF0:
                self.need = 2
            else:
                self.need = 3
            return
        if st == "osc":
            if b == 0x07:
                if not self.bad and self.osc_len <= 8192:
                    self.osc_dispatch(bytes(self.osc))
                self.state = "ground"
                return
            self.osc_len += 1
            self.osc.append(b)
            return
        if st == "string":
            return
        if b < 0x20 or b >= 0x7F:
            self.bad = True
            return
        if st == "esc":
            if b < 0x30:
                self.state = "inter"
            elif b == ord("["):
                self.state = "csi"
            elif b == ord("]"):
                self.state = "osc"
                self.osc.clear()
                self.osc_len = 0
            elif b in b"PX^_":
                self.state = "string"
            else:
                if b == ord("c") and not self.bad:
                    self.modes.clear()
                    self.kitty = {False: [], True: []}
                    self.base = {False: False, True: False}
                    self.mok = 0
                    self.sgr_dirty = False
                self.state = "ground"
        elif st == "inter":
            if b >= 0x30:
                self.state = "ground"
        elif st == "csi":
            if b >= 0x40:
                self.csi_dispatch(bytes(self.buf), chr(b))
                self.state = "ground"
            elif len(self.buf) < 256:
                self.buf.append(b)
            else:
                self.bad = True

    def csi_dispatch(self, seq: bytes, final: str) -> None:
        if self.bad:
            return
        if seq[:1] in (b"?", b"<", b">", b"="):
            marker, params = chr(seq[0]), seq[1:]
            if not re.fullmatch(rb"[0-9;]*", params) or final not in "hlmu":
                return
            vals = [int(x) if x else 0 for x in params.split(b";")]
            if marker == "?" and final in "hl":
                for v, raw in zip(vals, params.split(b";"), strict=True):
                    if not raw or v not in self.TRACKED:
                        continue
                    if (v == 25) != (final == "h"):
                        self.modes.add(v)
                    else:
                        self.modes.discard(v)
            elif final == "u" and marker in "<>=":
                stack = self.kitty[self.alt]
                if marker == ">":
                    if len(stack) < 64:
                        stack.append(vals[0])
                elif marker == "<":
                    n = vals[0] if params else 1
                    for _ in range(n):
                        if stack:
                            stack.pop()
                elif not stack:
                    mode = vals[1] if len(vals) > 1 and vals[1] else 1
                    if mode == 1:
                        self.base[self.alt] = vals[0] != 0
                    elif mode == 2 and vals[0]:
                        self.base[self.alt] = True
            elif final == "m" and marker == ">" and vals[0] == 4:
                self.mok = vals[1] if len(vals) > 1 else 0
        elif final == "m" and re.fullmatch(rb"[0-9;:]*", seq):
            self.sgr_dirty = seq not in (b"", b"0")

    def osc_dispatch(self, payload: bytes) -> None:
        payload = bytes(c for c in payload if c >= 0x20 and c != 0x7F)
        code, _, rest = payload.partition(b";")
        text = rest.decode("utf-8", "replace")
        if code in (b"0", b"2"):
            self.title = text
            self.events.append(("title", text))
        elif code == b"9":
            m = re.fullmatch(rb"4(?:;([^;]*))?(?:;([^;]*))?(?:;.*)?", rest, re.S)
            if m and (rest == b"4" or rest.startswith(b"4;")):
                try:
                    st = int(m.group(1)) if m.group(1) else 0
                    val = int(m.group(2)) if m.group(2) else None
                except ValueError:
                    return
                self.progress = (st, val)

    def snapshot(self) -> tuple[object, ...]:
        return (self.safe, self.sync, self.alt, frozenset(self.modes),
                len(self.kitty[self.alt]), self.mok, self.sgr_dirty, self.title,
                self.progress, tuple(self.events), self.state != "ground")


def snapshot(t: StreamTracker, events: list[tuple[str, str]]) -> tuple[object, ...]:
    events.extend(t.take_events())
    return (t.safe, t.sync, t.alt_screen, frozenset(t.modes_on), t.kitty_kbd_depth,
            t.modify_other_keys, t.sgr_dirty, t.title, t.progress, tuple(events),
            t.in_sequence)


# --------------------------------------------------------------------------- stream


def mixed_stream(rng: random.Random, pieces: int) -> bytes:
    """Realistic terminal output plus the nasty cases, in random order."""
    words = ["hello", "wörld", "日本語", "emoji 👨‍👩‍👧 ✔️", "\r\n", "\t", "  ", "x" * 40]
    makers = [
        lambda: rng.choice(words).encode(),
        lambda: b"\x1b[%dm" % rng.choice([0, 1, 31, 38, 97]),
        lambda: b"\x1b[m",
        lambda: b"\x1b[0m",
        lambda: b"\x1b[38;5;%dm" % rng.randrange(256),
        lambda: b"\x1b[38:2::%d:%d:%dm" % (rng.randrange(256), 1, 2),
        lambda: b"\x1b[4:3m",
        lambda: b"\x1b[%d;%dH" % (rng.randrange(1, 50), rng.randrange(1, 200)),
        lambda: b"\x1b[2K\x1b[1A\x1b[J",
        lambda: b"\x1b[?2026h",
        lambda: b"\x1b[?2026l",
        lambda: b"\x1b[?25l",
        lambda: b"\x1b[?25h",
        lambda: b"\x1b[?1049h",
        lambda: b"\x1b[?1049l",
        lambda: b"\x1b[?1000;1006h",
        lambda: b"\x1b[?1000l\x1b[?1006l",
        lambda: b"\x1b[?2004h",
        lambda: b"\x1b[?2004l",
        lambda: b"\x1b[?1004h",
        lambda: b"\x1b[>%du" % rng.randrange(32),
        lambda: b"\x1b[<u",
        lambda: b"\x1b[<2u",
        lambda: b"\x1b[=%d;1u" % rng.randrange(3),
        lambda: b"\x1b[>4;2m",
        lambda: b"\x1b[>4m",
        lambda: b"\x1b[?u\x1b[c\x1b[>0q",
        lambda: b"\x1b]8;;https://example.com/\xc3\xa9\x1b\\link\x1b]8;;\x1b\\",
        lambda: b"\x1b]133;A\x07",
        lambda: b"\x1b]133;D;0\x1b\\",
        lambda: b"\x1b]0;title \xe2\x9c\xb3 %d\x07" % rng.randrange(100),
        lambda: b"\x1b]2;t\x1b\\",
        lambda: b"\x1b]9;Build done\x07",
        lambda: b"\x1b]9;4;1;%d\x1b\\" % rng.randrange(101),
        lambda: b"\x1b]9;4;0\x07",
        lambda: b"\x1b]777;notify;Claude;needs you\x1b\\",
        lambda: b"\x1b]99;i=1:d=0;Hi\x1b\\",
        lambda: b"\x1b]7;file://host/tmp\x07",
        lambda: b"\x1b]7501;state=working:app=x\x1b\\",
        lambda: b"\x1bP+q544e\x1b\\",
        lambda: b"\x1bPq#0;2;0;0;0~-~\x07still dcs\x1b\\",
        lambda: b"\x1b_Gf=100;AAAA\x1b\\",
        lambda: b"\x1b7\x1b8\x1b(B\x1b=\x1b>",
        lambda: b"\x1b]0;aborted\x18",
        lambda: b"\x1b[?10\x1a49h",
        lambda: b"\x1b[?10\n49h",
        lambda: b"\x1b\n[?25l",
        lambda: b"\x1b]2;ctl\x01in\x7fside\x07",
        lambda: b"\x1b]2;" + b"L" * 9000 + b"\x07",
        lambda: b"\x1b]2;" + b"K" * 8192 + b"\x1b\\",
        lambda: b"\x1bc" if rng.random() < 0.3 else b"",
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))),
        lambda: b"\xe6\x97",  # a truncated UTF-8 character
        lambda: b"\x1b[" + b"1;" * 200 + b"m",
    ]
    return b"".join(rng.choice(makers)() for _ in range(pieces))


def chunkings(rng: random.Random, data: bytes, max_chunk: int) -> list[bytes]:
    out, i = [], 0
    while i < len(data):
        size = rng.choice([1, 2, 3, rng.randrange(1, 16), rng.randrange(1, max_chunk + 1)])
        out.append(data[i:i + size])
        i += size
    return out


@pytest.mark.parametrize("seed", range(12))
def test_matches_reference_on_random_chunkings(seed: int) -> None:
    rng = random.Random(seed)
    data = mixed_stream(rng, 800)
    fast, ref = StreamTracker(), RefTracker()
    events: list[tuple[str, str]] = []
    boundaries = 0
    for chunk in chunkings(rng, data, 4096):
        fast.feed(chunk)
        ref.feed(chunk)
        boundaries += 1
        assert snapshot(fast, events) == ref.snapshot(), (seed, boundaries)
    assert boundaries > 250
    # the whole stream in one piece ends in the same state
    whole = StreamTracker()
    whole_events: list[tuple[str, str]] = []
    whole.feed(data)
    assert snapshot(whole, whole_events) == ref.snapshot()


def plain_stream(rng: random.Random, pieces: int) -> bytes:
    """Log-like output: SGR, cursor moves, text, now and then a RIS; none of ?<>=]
    (the tracker's fast path), except where a mode is switched on to leave it."""
    makers = [
        lambda: b"\x1b[%dm" % rng.choice([0, 1, 31, 32, 33]),
        lambda: b"\x1b[1;31m",
        lambda: b"\x1b[m",
        lambda: b"compiling src/main.rs:42 ok " * rng.randrange(1, 4),
        lambda: "\u2713 \u00e9t\u00e9 ".encode(),
        lambda: b"\r\n",
        lambda: b"\x1b[2K\x1b[1A",
        lambda: b"\x1bc" if rng.random() < 0.2 else b"",
        lambda: b"\x1b[?1000h" if rng.random() < 0.05 else b"",
        lambda: b"\xe6\x97",
    ]
    return b"".join(rng.choice(makers)() for _ in range(pieces))


@pytest.mark.parametrize("seed", range(8))
def test_plain_output_matches_reference(seed: int) -> None:
    rng = random.Random(seed)
    data = plain_stream(rng, 1500)
    assert b"\x1bc" in data and b"?" in data
    fast, ref = StreamTracker(), RefTracker()
    events: list[tuple[str, str]] = []
    for n, chunk in enumerate(chunkings(rng, data, 4096)):
        fast.feed(chunk)
        ref.feed(chunk)
        assert snapshot(fast, events) == ref.snapshot(), (seed, n)


def test_ris_in_plain_output() -> None:
    assert not feed_all(b"\x1b[31mred\x1bcplain\x1b[1A").sgr_dirty
    assert feed_all(b"\x1bc\x1b[31mred\x1b[1A").sgr_dirty
    assert not feed_all(b"\x1b[31mred", b"plain\x1bc text\x1b[1A").sgr_dirty
    t = feed_all(b"\x1b[?1000h", b"text\x1b[31m\x1bc more\x1b[1A")
    assert t.modes_on == set() and not t.sgr_dirty and t.reset_sequence() == b""


def test_reference_sees_every_kind_of_event() -> None:
    """Guard for the random test: the stream really exercises what it claims to."""
    rng = random.Random(1)
    ref = RefTracker()
    ref.feed(mixed_stream(rng, 3000))
    codes = {c for c, _ in ref.events}
    assert codes == {"title"} and ref.progress is not None


# --------------------------------------------------------------------------- safe points


def feed_all(*chunks: bytes) -> StreamTracker:
    t = StreamTracker()
    for c in chunks:
        t.feed(c)
    return t


@pytest.mark.parametrize("chunk,safe", [
    (b"plain text", True),
    (b"text\x1b", False),
    (b"text\x1b[", False),
    (b"text\x1b[38;5", False),
    (b"text\x1b[38;5;1m", True),
    (b"\x1b]0;title", False),
    (b"\x1b]0;title\x07", True),
    (b"\x1b]0;title\x1b", False),
    (b"\x1b]0;title\x1b\\", True),
    (b"\x1bP1$r", False),
    (b"\x1bP1$r\x07", False),  # BEL does not end a DCS
    (b"\x1bP1$r\x18", True),  # CAN aborts it
    (b"\x1b[1;2\x1a", True),
    ("é".encode()[:1], False),
    ("é".encode(), True),
    ("✳".encode()[:2], False),
    ("👨".encode()[:3], False),
    ("👨".encode(), True),
    (b"\xe6\x97x", True),  # a broken character is over at the next ASCII byte
    (b"\x1b[?2026h frame", False),
    (b"\x1b[?2026h frame \x1b[?2026l", True),
    (b"\x1b[?10\n", False),  # LF inside a CSI is executed, the CSI goes on
    (b"\x1b[?10\n49h", True),
])
def test_safe(chunk: bytes, safe: bool) -> None:
    assert feed_all(chunk).safe is safe
    # the same bytes one at a time
    assert feed_all(*[bytes([b]) for b in chunk]).safe is safe


def test_split_utf8_across_chunks() -> None:
    t = feed_all(b"ab\xf0\x9f")
    assert not t.safe
    t.feed(b"\x91")
    assert not t.safe
    t.feed(b"\xa8 done")
    assert t.safe


# --------------------------------------------------------------------------- modes and reset


def test_modes_and_exact_reset_sequence() -> None:
    t = feed_all(
        b"\x1b[?1049h\x1b[?25l\x1b[?1000;1006h\x1b[?2004h\x1b[?1004h",
        b"\x1b[>1u\x1b[>3u\x1b[>4;2m\x1b[31mred\x1b[?2026hpartial",
    )
    assert t.alt_screen and t.sync and not t.safe
    assert t.modes_on == {1049, 25, 1000, 1006, 2004, 1004, 2026}
    assert t.kitty_kbd_depth == 2
    assert t.modify_other_keys == 2
    assert t.sgr_dirty
    assert t.reset_sequence() == (
        b"\x1b[?2026l\x1b[?1006l\x1b[?1000l\x1b[?2004l\x1b[?1004l\x1b[>4;0m"
        b"\x1b[<u\x1b[<u\x1b[?1049l\x1b[?25h\x1b[0m"
    )


def test_nothing_to_reset_when_the_child_cleaned_up() -> None:
    t = feed_all(
        b"\x1b[?1049h\x1b[?25l\x1b[>1u\x1b[?2004h\x1b[1mB\x1b[0m",
        b"\x1b[?2004l\x1b[<u\x1b[?25h\x1b[?1049l",
    )
    assert t.modes_on == set()
    assert t.reset_sequence() == b""


def test_reset_ends_an_unfinished_sequence_first() -> None:
    t = feed_all(b"\x1b[?25l\x1b]0;half a tit")
    assert t.reset_sequence() == b"\x18\x1b[?25h"


def test_kitty_pops_per_screen() -> None:
    t = feed_all(b"\x1b[>1u\x1b[?1049h\x1b[>5u\x1b[>7u")
    assert t.kitty_kbd_depth == 2
    assert t.reset_sequence() == b"\x1b[<u\x1b[<u\x1b[?1049l\x1b[<u"
    t.feed(b"\x1b[<2u\x1b[?1049l")
    assert t.kitty_kbd_depth == 1
    assert t.reset_sequence() == b"\x1b[<u"
    assert t.reapply_sequence() == b"\x1b[>1u"


def test_kitty_base_flags_without_push() -> None:
    t = feed_all(b"\x1b[=5;1u")
    assert t.reset_sequence() == b"\x1b[=0;1u"
    t.feed(b"\x1b[=0;1u")
    assert t.reset_sequence() == b""


def test_ris_resets_everything() -> None:
    t = feed_all(b"\x1b[?1049h\x1b[?25l\x1b[>1u\x1b[1m\x1b[?2026h", b"\x1bc")
    assert t.modes_on == set() and not t.sync and not t.alt_screen
    assert t.reset_sequence() == b""


def test_reapply_after_suspend() -> None:
    t = feed_all(b"\x1b[?1049h\x1b[?25l\x1b[?1002;1006h\x1b[>1u\x1b[?2026h")
    assert t.reapply_sequence() == b"\x1b[?1049h\x1b[>1u\x1b[?1002h\x1b[?1006h\x1b[?25l"


def test_sgr_dirty_follows_the_last_sgr() -> None:
    assert feed_all(b"\x1b[1;31mx").sgr_dirty
    assert not feed_all(b"\x1b[1;31mx\x1b[m").sgr_dirty
    assert not feed_all(b"\x1b[1;31mx\x1b[0m" + b"y" * 5000).sgr_dirty
    assert feed_all(b"\x1b[0m" + b"\x1b[H" * 3000 + b"\x1b[4:3m" + b"\x1b[K" * 3000).sgr_dirty
    assert not feed_all(b"\x1b[1m", b"\x1b[", b"0", b"m").sgr_dirty


def test_mode_split_across_chunks() -> None:
    t = feed_all(b"\x1b[?10", b"49", b"h")
    assert t.alt_screen
    t = feed_all(b"text \x1b[?2026", b"h")
    assert t.sync


def test_controls_inside_a_sequence_keep_state_but_are_not_interpreted() -> None:
    t = feed_all(b"\x1b[?10\n49h")
    assert t.safe and not t.alt_screen


# --------------------------------------------------------------------------- OSC events


def test_titles_and_events_in_order() -> None:
    t = feed_all(
        b"\x1b]0;first\x07\x1b]133;A\x1b\\$ \x1b]133;B\x07",
        b"\x1b]2;sec", b"ond \xe2\x9c", b"\xb3\x1b\\",
        b"\x1b]9;Build done\x07\x1b]777;notify;T;body\x1b\\\x1b]9;4;1;42\x07",
        b"\x1b]99;i=1;hey\x1b\\\x1b]7;file://h/tmp\x07\x1b]9;1;500\x07",
    )
    assert t.title == "second ✳"
    assert t.progress == (1, 42)
    # only titles are queued: the session reads nothing else
    assert t.take_events() == [("title", "first"), ("title", "second ✳")]
    assert t.take_events() == []


def test_progress_states() -> None:
    t = feed_all(b"\x1b]9;4;3\x07")
    assert t.progress == (3, None)
    t.feed(b"\x1b]9;4;0\x1b\\")
    assert t.progress == (0, None)


def test_bad_title_bytes_are_replaced() -> None:
    t = feed_all(b"\x1b]2;a\xffb\x07")
    assert t.title == "a\ufffdb"


def test_long_osc_is_skipped_but_tracked() -> None:
    t = StreamTracker()
    t.feed(b"\x1b]2;" + b"x" * 5000)
    assert not t.safe
    t.feed(b"y" * 5000)
    t.feed(b"\x07after")
    assert t.safe and t.title is None and t.take_events() == []
    t.feed(b"\x1b]2;" + b"z" * 9000 + b"\x07")
    assert t.safe and t.title is None


def test_aborted_and_esc_ended_osc() -> None:
    t = feed_all(b"\x1b]2;cancelled\x18\x1b]2;ended by esc\x1b[1m")
    assert t.title == "ended by esc"
    assert t.sgr_dirty


def test_osc_7501_is_just_a_string() -> None:
    t = feed_all(b"\x1b]7501;state=blocked:msg=", b"SGk=")
    assert not t.safe
    t.feed(b"\x1b\\")
    assert t.safe and t.take_events() == []


def test_events_are_bounded() -> None:
    t = StreamTracker()
    t.feed(b"\x1b]2;t\x07" * 2000)
    assert len(t.events) == 512


@pytest.mark.parametrize("seed", range(6))
def test_matches_reference_on_dense_garbage(seed: int) -> None:
    """Random bytes drawn mostly from the bytes that matter to the parser."""
    rng = random.Random(100 + seed)
    alphabet = b"\x1b\x1b\x1b[[[]]?<>=;;0124569hlmuc\x07\x18\x1a\n\x7f\x80\xc3\xa9\xe2\xf0\x9fP_\\ "
    data = bytes(rng.choice(alphabet) for _ in range(30000))
    data = data.replace(b"[?1", b"[?104").replace(b"]9", b"]9;4;")
    fast, ref = StreamTracker(), RefTracker()
    events: list[tuple[str, str]] = []
    for chunk in chunkings(rng, data, 512):
        fast.feed(chunk)
        ref.feed(chunk)
        assert snapshot(fast, events) == ref.snapshot(), seed


def test_cursor_keys_and_keypad_left_on_are_reset_and_reapplied() -> None:
    from osc7501wrap.stream.tracker import StreamTracker

    for chunks in ([b"\x1b[?1h\x1b=x"], [b"a\x1b[?1h", b"\x1b="], [b"\x1b[?1h\x1b[0m\x1b=\x1b[2J"]):
        t = StreamTracker()
        for c in chunks:
            t.feed(c)
        assert t.keypad and 1 in t.modes_on, chunks
        reset = t.reset_sequence()
        assert b"\x1b[?1l" in reset and b"\x1b>" in reset
        again = t.reapply_sequence()
        assert b"\x1b[?1h" in again and b"\x1b=" in again
    t = StreamTracker()
    t.feed(b"\x1b=\x1b[?1hx\x1b>\x1b[?1l")
    assert not t.keypad and not t.modes_on and t.reset_sequence() == b""
    t = StreamTracker()
    t.feed(b"\x1b=\x1b[?1h\x1bc")  # RIS resets both
    assert not t.keypad and t.reset_sequence() == b""


SPLIT_STREAMS = [
    # a spinner frame: cursor moves, no SGR before the tail
    "\x1b[3;1H\x1b[2K✢ Pondering… (3s · esc to interrupt)   ".encode(),
    # a log: the last sequence is an SGR, which decides sgr_dirty alone
    b"\x1b[1;31merror\x1b[0m ok \x1b[32mPASS\x1b[0m done \x1b[33mwarn",
    b"\x1b[31mred\x1bc plain \x1b[32mgreen",
    b"\x1b[31mred\x1bc plain \x1b[2K text",
    b"\x1b[31mred\x1b[2K\x1b[1Am text",
    # mode changes cut anywhere, and what a cut sequence must not become
    b"a\x1b[?1049h\x1b[?25lx\x1b[?2004hy\x1b[?25h\x1b[?1049lz",
    b"\x1b[?10\x0749hx\x1b[3\x1a1mz\x1b[?2026h\x1b[?2026l",
    b"\x1b[>1u\x1b[=1;1u\x1b[<u\x1b[>4;2m\x1b[38:2::1:2:3m\x1b[ q\x1b[?1 h",
    b"\x1b[" + b"1;" * 130 + b"31m" + b"x\x1b[" + b"1;" * 125 + b"1m",
    b"\x1b[?1049hx\x1b[?" + b"0;" * 128 + b"1049lx",  # 261 bytes: too long to count
    b"\x1b]0;title\x07\x1b[31m\x1b]133;A\x1b\\\xe2\x9c\x93\x1b[m",
    # small chunks of ground text and plain sequences (one match settles them): the last
    # SGR wins, colon parameters, a cut UTF-8 tail, a control inside, an ESC at the end
    b"\x1b[1mab\x1b[3;1H\x1b[2K\xe2\x9c\xbb x\x1b[38:5:1m\x1b[K\xf0\x9f\x98\x80",
    b"\x1b[0m\x1b[3\r1m\x1b[2Kx\x1b(B\x1b[m\x1b",
]


@pytest.mark.parametrize("stream", SPLIT_STREAMS)
def test_every_split_point_matches_the_reference(stream: bytes) -> None:
    """The tracker's shortcuts for a sequence cut by a read (its start at the end of one
    chunk, its end at the start of the next) and for plain output agree with the
    per-byte reference wherever the read splits the stream, in two or three pieces."""
    ref = RefTracker()
    ref.feed(stream)
    want = ref.snapshot()
    n = len(stream)
    cuts = [(i,) for i in range(1, n)]
    if n <= 80:
        cuts += [(i, j) for i in range(1, n) for j in range(i + 1, n)]
    for cut in cuts:
        t = StreamTracker()
        events: list[tuple[str, str]] = []
        bounds = (0, *cut, n)
        for a, b in zip(bounds, bounds[1:], strict=False):  # noqa: RUF007
            t.feed(stream[a:b])
        assert snapshot(t, events) == want, cut
    # the same after something left SGR set, and after modes are on (no plain path)
    for prefix in (b"\x1b[1m", b"\x1b[?1000h"):
        ref = RefTracker()
        ref.feed(prefix + stream)
        for i in range(1, n):
            t = StreamTracker()
            t.feed(prefix)
            t.feed(stream[:i])
            t.feed(stream[i:])
            assert snapshot(t, []) == ref.snapshot(), (prefix, i)
