"""The screen model: both backends pass the same tests.

Every behaviour test runs against the pyte backend and the ghostty backend (without a
working pyghostty: a failure under scripts/test, a skip with the reason elsewhere). Most tests check exact lines and cursor
positions, so a backend that drops, duplicates or shifts text fails.

Known differences between the backends (kept out of the agreement tests on purpose;
none shows up in the recorded agent sessions under tests/captures/, compared in
tests/corpus/test_screen_captures.py):

- Narrowing the window: Ghostty reflows soft-wrapped rows of the main screen, pyte clips
  them. Programs redraw after SIGWINCH.
- CBT (``CSI Z``) with a pending wrap: Ghostty moves the cursor but keeps the pending
  wrap, pyte clears it.
- A resize that scrolls the cursor off the top while a wrap is pending: Ghostty may put
  the cursor in column 1 instead of 0.
- With autowrap off, a zero-width character after a character in the last column: Ghostty
  drops it, pyte attaches it.
- Insert mode: a wide character that wraps at the margin overwrites in Ghostty, inserts
  in pyte.
- DEC line drawing (``ESC ( 0``) active: Ghostty blanks characters above U+00FF, pyte
  draws them.
- Widths come from wcwidth 0.9 (pyte) and Ghostty's tables; they agree on all emoji and
  East Asian wide characters, and differ on a few format characters and unassigned code
  points (spacing marks are counted as in Ghostty).
"""

from __future__ import annotations

import random
import sys
import unicodedata
from collections.abc import Callable

import pytest
import require
from screen_streams import chunks, realistic_stream

from osc7501wrap.screen import (
    ScreenModel,
    ghostty_unavailable,
    make_screen,
)
from osc7501wrap.screen import model as screen_mod

GHOSTTY_WHY = ghostty_unavailable()
BACKENDS = [
    "pyte",
    pytest.param(
        "ghostty",
        marks=pytest.mark.requires("pyghostty"),
    ),
]

Make = Callable[..., ScreenModel]


@pytest.fixture(params=BACKENDS)
def make(request: pytest.FixtureRequest) -> Make:
    backend: str = request.param

    def factory(rows: int = 5, cols: int = 20) -> ScreenModel:
        model = make_screen(rows, cols, backend)
        assert model.backend == backend, model.fallback_reason
        return model

    return factory


def show(make: Make, data: str | bytes, rows: int = 5, cols: int = 20) -> ScreenModel:
    model = make(rows, cols)
    model.feed(data.encode() if isinstance(data, str) else data)
    return model


def pair(rows: int, cols: int) -> tuple[ScreenModel, ScreenModel]:
    """(pyte, ghostty) models for the agreement tests; skips without ghostty."""
    require.need("pyghostty")
    p, g = make_screen(rows, cols, "pyte"), make_screen(rows, cols, "ghostty")
    assert (p.backend, g.backend) == ("pyte", "ghostty")
    return p, g


def state(model: ScreenModel) -> tuple[list[str], tuple[int, int], bool]:
    return model.lines(), model.cursor(), model.alt_screen



# --------------------------------------------------------------------------- factory


def test_make_screen_pyte_is_always_available() -> None:
    model = make_screen(3, 10, "pyte")
    assert model.backend == "pyte"
    assert model.fallback_reason is None
    assert isinstance(model, ScreenModel)
    assert (model.rows, model.cols) == (3, 10)


def test_make_screen_auto_prefers_ghostty_when_it_works() -> None:
    model = make_screen(3, 10)
    assert model.backend == ("ghostty" if GHOSTTY_WHY is None else "pyte")
    assert model.fallback_reason is None
    assert isinstance(model, ScreenModel)


def test_unknown_backend_falls_back_to_pyte_and_says_why() -> None:
    model = make_screen(3, 10, "vt100-hardware")
    assert model.backend == "pyte"
    assert model.fallback_reason == "unknown screen backend 'vt100-hardware'"


def test_ghostty_import_failure_falls_back_to_pyte(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyghostty", None)  # import raises
    monkeypatch.setattr(screen_mod, "_GHOSTTY_TRIED", False)
    monkeypatch.setattr(screen_mod, "_GHOSTTY_WHY", None)
    asked = make_screen(3, 20, "ghostty")
    assert asked.backend == "pyte"
    assert asked.fallback_reason is not None
    assert asked.fallback_reason.startswith("pyghostty is not installed")
    auto = make_screen(3, 10, "auto")
    assert auto.backend == "pyte" and auto.fallback_reason is None
    asked.feed(b"still works")
    assert asked.lines()[0] == "still works"


@pytest.mark.requires("pyghostty")
def test_ghostty_reads_the_same_as_pyghostty_itself() -> None:
    """The screen is read with structures made once; it must give exactly what the
    public ``Terminal.text()``, ``cursor`` and ``get()`` give, also when the text
    outgrows the first buffer."""
    from osc7501wrap.screen.ghostty_screen import GhosttyScreen, _TextReader

    rng = random.Random(3)
    for rows, cols in ((5, 20), (40, 120), (100, 300)):
        m = GhosttyScreen(rows, cols)
        for _ in range(3):
            m.feed("".join(rng.choice(["a", "世", "✻ ", " ", "\r\n", "\x1b[2K", "\x1b[H",
                                       "\x1b[1;31m", "e\u0301", "\t", "\x1b[?1049h",
                                       "\x1b[?1049l", "\x1b[5;9H"])
                           for _ in range(rows * cols // 2)).encode())
            public = [line.rstrip() for line in m._term.text().split("\n")][:rows]
            assert m.lines() == public + [""] * (rows - len(public))
            x, y = m._term.cursor
            assert m.cursor() == (min(y, rows - 1), min(x, cols - 1))
            alt = m._term.get("active_screen", "GhosttyTerminalScreen")
            assert m.alt_screen == (alt == m._pyghostty.lib.GHOSTTY_TERMINAL_SCREEN_ALTERNATE)
            assert isinstance(m._reader, _TextReader)  # the fast reader did the reading
    m.feed(b"\x1b[H" + "世".encode() * (rows * cols // 2))  # 45 KB of text
    public = [line.rstrip() for line in m._term.text().split("\n")]
    assert m.lines() == public and len(m._reader._buf) > 16384


@pytest.mark.requires("pyghostty")
def test_ghostty_falls_back_to_the_public_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    from osc7501wrap.screen import ghostty_screen as screen_ghostty

    def broken(self: object, *args: object) -> None:
        raise AttributeError("not in this pyghostty")

    monkeypatch.setattr(screen_ghostty._TextReader, "__init__", broken)
    m = screen_ghostty.GhosttyScreen(3, 20)
    m.feed(b"still read")
    assert m.lines()[0] == "still read" and m._reader is False


# --------------------------------------------------------------------------- basics


def test_lines_are_rows_with_trailing_blanks_stripped(make: Make) -> None:
    m = show(make, "hello   \r\n  indented  \r\n\r\nlast")
    assert m.lines() == ["hello", "  indented", "", "last", ""]
    assert m.cursor() == (3, 4)
    assert not m.alt_screen


def test_pending_wrap_cursor_stays_on_screen(make: Make) -> None:
    m = show(make, "a" * 20)
    assert m.cursor() == (0, 19)
    m.feed(b"b")
    assert m.lines()[:2] == ["a" * 20, "b"]
    assert m.cursor() == (1, 1)


def test_cursor_motion_clears_pending_wrap(make: Make) -> None:
    m = show(make, "a" * 20 + "\x1b[Ax")
    assert m.lines()[:2] == ["a" * 19 + "x", ""]
    m = show(make, "a" * 20 + "\nx")
    assert m.lines()[:2] == ["a" * 20, " " * 19 + "x"]


def test_version_changes_with_content_and_caches_lines(make: Make) -> None:
    m = make()
    v0 = m.version
    assert m.version == v0  # reading does not change it
    m.feed(b"abc")
    v1 = m.version
    assert v1 > v0
    first = m.lines()
    first.append("caller's own list")
    assert m.lines() == ["abc", "", "", "", ""]
    assert m.version == v1
    m.feed(b"")
    assert m.version == v1
    m.feed(b"\r\x1b[2K")
    assert m.version > v1
    assert m.lines()[0] == ""


def test_reset_clears_screen_modes_and_parser(make: Make) -> None:
    m = show(make, "main\x1b[?1049halt\x1b]0;unterminated title")
    assert m.alt_screen
    v = m.version
    m.reset()
    assert m.version > v
    assert state(m) == ([""] * 5, (0, 0), False)
    m.feed(b"fresh")
    assert m.lines()[0] == "fresh"


def test_feed_accepts_bytearray_and_memoryview(make: Make) -> None:
    m = make()
    m.feed(bytearray(b"ab"))
    m.feed(memoryview(b"xxcdyy")[2:4])
    assert m.lines()[0] == "abcd"


def test_queries_draw_nothing(make: Make) -> None:
    # DA1, DSR 6, XTVERSION, kitty keyboard, DECRQM, OSC 11, OSC 7501: answered by the real terminal
    m = show(make, "a\x1b[c\x1b[6n\x1b[>0q\x1b[?u\x1b[?2026$p\x1b]11;?\x1b\\\x1b]7501;?\x07b")
    assert m.lines()[0] == "ab"


# --------------------------------------------------------------------------- the pyte gaps


def test_vs16_does_not_drop_the_rest(make: Make) -> None:
    assert show(make, "✔️ done").lines()[0] == "✔️ done"


def test_vs15_after_a_plain_symbol_is_dropped_and_takes_no_column(make: Make) -> None:
    # Qwen Code writes "●︎ Extensions changed on disk ..." (U+25CF U+FE0E): U+25CF has
    # one presentation only, so the selector selects nothing; the line fills the row.
    m = show(make, "●\ufe0e" + "x" * 19 + "\r\nnext")
    assert m.lines()[:2] == ["●" + "x" * 19, "next"]
    assert m.cursor() == (1, 4)


def test_presentation_selectors_stay_with_emoji_and_change_no_width(make: Make) -> None:
    m = show(make, "✔\ufe0e ok ❤\ufe0fx ⚠\ufe0e!")
    assert m.lines()[0] == "✔\ufe0e ok ❤\ufe0fx ⚠\ufe0e!"
    assert m.cursor() == (0, 10)
    m = show(make, "👍\ufe0fa ⌚\ufe0eb")  # a modifier base keeps none; width stays 2
    assert m.lines()[0] == "👍a ⌚\ufe0eb"
    assert m.cursor() == (0, 7)


def test_a_zero_width_character_after_a_blank_is_dropped(make: Make) -> None:
    assert show(make, "a \u200bb c\u0301").lines()[0] == "a b c\u0301"


def test_backends_keep_the_same_presentation_selectors() -> None:
    # Every character of the planes that hold emoji, followed by VS15 and by VS16.
    p, g = pair(2, 8)
    for lo, hi in ((0x20, 0x2FF), (0x2000, 0x2BFF), (0x3000, 0x32FF), (0x1F000, 0x1FAFF)):
        for cp in range(lo, hi + 1):
            if unicodedata.category(chr(cp)) in ("Cn", "Cc", "Cs", "Mn", "Me", "Cf"):
                continue
            for vs in ("\ufe0e", "\ufe0f"):
                data = f"\x1b[H\x1b[2J{chr(cp)}{vs}X".encode()
                p.feed(data)
                g.feed(data)
                assert state(p) == state(g), f"U+{cp:04X} U+{ord(vs):04X}"


def test_zwj_sequence_keeps_following_text(make: Make) -> None:
    m = show(make, "👨‍👩‍👧 fam")
    assert m.lines()[0] == "👨‍👩‍👧 fam"
    assert m.cursor() == (0, 10)  # three wide emoji, ZWJ joined to them


def test_zero_width_space_keeps_following_text(make: Make) -> None:
    assert show(make, "a\u200bbc def").lines()[0] == "a\u200bbc def"


def test_combining_mark_joins_its_base_unnormalized(make: Make) -> None:
    m = show(make, "e\u0301x 日\u0301y")
    assert m.lines()[0] == "e\u0301x 日\u0301y"
    assert m.cursor() == (0, 6)


def test_c0_controls_are_not_drawn_and_do_not_drop_text(make: Make) -> None:
    # bash \[ \] prompt markers, NUL, BEL, DEL inside a text run
    assert show(make, "a\x01b\x02c\x00d\x07e\x7ff").lines()[0] == "abcdef"


def test_c1_controls_are_ignored(make: Make) -> None:
    assert show(make, "a\u009b31mb\u0090c").lines()[0] == "a31mbc"


@pytest.mark.parametrize("mode", [1049, 1047, 47])
def test_alternate_screen_keeps_the_main_screen(make: Make, mode: int) -> None:
    m = show(make, "main 1\r\nmain 2")
    m.feed(f"\x1b[?{mode}h".encode())
    assert m.alt_screen
    assert m.lines() == [""] * 5
    m.feed(b"\x1b[H\x1b[2JALT SCREEN\x1b[3;1Hmenu")
    assert m.lines()[:3] == ["ALT SCREEN", "", "menu"]
    m.feed(f"\x1b[?{mode}l".encode())
    assert not m.alt_screen
    assert m.lines()[:3] == ["main 1", "main 2", ""]
    if mode == 1049:
        assert m.cursor() == (1, 6)  # 1049 restores the cursor saved on entry
    else:
        assert m.cursor() == (2, 4)  # 47 / 1047 share the cursor


def test_alternate_screen_1049_starts_blank_each_time(make: Make) -> None:
    m = show(make, "main\x1b[?1049hfirst\x1b[?1049l\x1b[?1049h")
    assert m.alt_screen
    assert m.lines() == [""] * 5
    m.feed(b"\x1b[?1049l")
    assert m.lines()[0] == "main"


def test_save_restore_cursor_is_one_slot_per_screen(make: Make) -> None:
    m = show(make, "\x1b[2;3H\x1b7\x1b[5;5H\x1b8A\x1b[4;1H\x1b8B")
    assert m.lines()[1] == "  B"
    m = show(make, "\x1b[2;3H\x1b7\x1b[?1049h\x1b[4;4H\x1b7\x1b[?1049l\x1b8M")
    assert m.lines()[1] == "  M"  # main slot untouched by the alt screen's DECSC


def test_wide_char_at_the_right_margin_wraps(make: Make) -> None:
    m = show(make, "a" * 19 + "日x")
    assert m.lines()[:2] == ["a" * 19, "日x"]
    assert m.cursor() == (1, 3)


def test_cjk_width_and_overwriting_half_a_wide_char(make: Make) -> None:
    m = show(make, "日本語abc")
    assert m.lines()[0] == "日本語abc"
    assert m.cursor() == (0, 9)
    m = show(make, "日本語\x1b[1;2Hx")  # over the right half of 日
    assert m.lines()[0] == " x本語"
    m = show(make, "日本語\x1b[1;3Hx")  # over the left half of 本
    assert m.lines()[0] == "日x 語"
    m = show(make, "abcdef\x1b[1;3H日")
    assert m.lines()[0] == "ab日ef"


def test_erasing_half_a_wide_char_erases_all_of_it(make: Make) -> None:
    assert show(make, "日本\x1b[1;2H\x1b[K").lines()[0] == ""
    assert show(make, "日本\x1b[1;2H\x1b[1K").lines()[0] == "  本"
    assert show(make, "日本\x1b[1;3H\x1b[X").lines()[0] == "日"
    assert show(make, "日本\x1b[1;2H\x1b[P").lines()[0] == " 本"


def test_sequences_pyte_would_draw_as_text_are_consumed(make: Make) -> None:
    stream = (
        "a\x1b[38:2::1:2:3mb\x1b[4:3mc\x1b[<1ud\x1b[=1;1ue\x1b[>4;2mf"
        "\x1bPq#0;2;0;0;0#0!10~\x1b\\g\x1b_Gf=100,a=T;AAAA\x1b\\h"
        "\x1b]0;title\x07i\x1b]8;;http://x\x1b\\j\x1b]Pabcdef12\x07k\x1b^pm\x1b\\l\x1bXsos\x1b\\m"
        "\x1b[2 qn\x1b[!po\x1b[?1;2$yp\x1b[0;38:5:196;1mq"
    )
    m = show(make, stream)
    assert m.lines()[0] == "abcdefghijklmnopq"
    assert m.cursor() == (0, 17)


def test_unterminated_strings_are_skipped_across_feeds(make: Make) -> None:
    m = make()
    m.feed(b"a\x1bPq" + b"#0;2;0;0;0" * 1000)
    m.feed(b"~~~~" * 3000)  # a long sixel image, still no terminator
    m.feed(b"-\x1b\\b\x1b]0;")
    m.feed(b"x" * 50000)
    m.feed(b"\x07c")
    assert m.lines()[0] == "abc"


def test_malformed_csi_mid_chunk_keeps_the_rest(make: Make) -> None:
    stream = (
        b"ok1 \x1b[5J ok2 \x1b[1;2;3A ok3 \x1b[4;4;4;4;4H ok4 \x1b[?5W ok5 \x1b[=5J ok6"
        b" \x1b[99999999999999999999X ok7 \x1b[1\xd9\xa3m ok8"
    )
    m = show(make, stream, cols=80)
    assert m.lines()[0] == "ok1  ok2  ok3  ok4  ok5  ok6  ok7  ok8"


def test_controls_inside_a_csi_are_executed(make: Make) -> None:
    assert show(make, "a\x1b[1\r2Cb").lines()[0] == "a" + " " * 11 + "b"


def test_scroll_up_and_down(make: Make) -> None:
    m = show(make, "1\r\n2\r\n3\r\n4\r\n5\x1b[2S")
    assert m.lines() == ["3", "4", "5", "", ""]
    assert m.cursor() == (4, 1)
    m.feed(b"\x1b[3T")
    assert m.lines() == ["", "", "", "3", "4"]


def test_scroll_region_and_index(make: Make) -> None:
    m = show(make, "1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[4;1H\n\nX")
    assert m.lines() == ["1", "4", "", "X", "5"]
    m = show(make, "1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[2;1H\x1bMX")
    assert m.lines() == ["1", "X", "2", "3", "5"]
    m = show(make, "1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[5;1H\n\nX")  # below the region
    assert m.lines() == ["1", "2", "3", "4", "X"]


def test_insert_and_delete_lines(make: Make) -> None:
    m = show(make, "1\r\n2\r\n3\r\n4\x1b[2;3H\x1b[2L")
    assert m.lines() == ["1", "", "", "2", "3"]
    assert m.cursor() == (1, 0)
    m.feed(b"\x1b[3M")
    assert m.lines() == ["1", "3", "", "", ""]


def test_repeat_last_character(make: Make) -> None:
    assert show(make, "x\x1b[4b-\x1b[2b").lines()[0] == "xxxxx---"
    assert show(make, "\x1b(0q\x1b(B\x1b[2b").lines()[0] == "─qq"  # as received, mapped now


def test_horizontal_position_absolute_and_tabs(make: Make) -> None:
    assert show(make, "\x1b[10`X\x1b[3GY").lines()[0] == "  Y      X"
    assert show(make, "a\tb\x1b[IC\x1b[2ZD").lines()[0] == "a       D       C"


def test_sco_save_and_restore_cursor(make: Make) -> None:
    assert show(make, "ab\x1b[s\x1b[3;3Hx\x1b[uY").lines()[:3] == ["abY", "", "  x"]


def test_dec_line_drawing_charset(make: Make) -> None:
    m = show(make, "\x1b(0lqqk\x1b(B q \x1b)0\x0eq\x0fq")
    assert m.lines()[0] == "┌──┐ q ─q"


def test_insert_mode(make: Make) -> None:
    assert show(make, "abcdef\x1b[1;2H\x1b[4hXY\x1b[4lZ").lines()[0] == "aXYZcdef"


def test_autowrap_off_overwrites_the_last_column(make: Make) -> None:
    m = show(make, "\x1b[?7l" + "abcdefghijklmnopqrstuvwxyz")
    assert m.lines()[:2] == ["abcdefghijklmnopqrsz", ""]
    m.feed(b"\x1b[?7h\r\n" + b"x" * 21)
    assert m.lines()[1:3] == ["x" * 20, "x"]


# --------------------------------------------------------------------------- resize


def test_resize_shrink_keeps_the_bottom_and_grow_brings_it_back(make: Make) -> None:
    m = show(make, "1\r\n2\r\n3\r\n4\r\n5", rows=5)
    m.resize(3, 20)
    assert (m.rows, m.cols) == (3, 20)
    assert m.lines() == ["3", "4", "5"]
    assert m.cursor() == (2, 1)
    m.resize(5, 20)
    assert m.lines() == ["1", "2", "3", "4", "5"]
    assert m.cursor() == (4, 1)


def test_resize_shrink_drops_blank_rows_below_the_cursor_first(make: Make) -> None:
    m = show(make, "prompt> \r\n  status", rows=6)
    m.feed(b"\x1b[1;9H")
    m.resize(3, 20)
    assert m.lines() == ["prompt>", "  status", ""]
    assert m.cursor() == (0, 8)


def test_resize_columns(make: Make) -> None:
    m = show(make, "short\r\nlines\x1b[2;4H", rows=3, cols=20)
    m.resize(3, 40)
    assert m.lines() == ["short", "lines", ""]
    assert m.cursor() == (1, 3)
    m.resize(3, 10)
    assert m.lines() == ["short", "lines", ""]
    assert m.cursor() == (1, 3)
    m.feed(b"\x1b[1;8Hfar")
    assert m.lines()[0] == "short  far"


def test_resize_in_alt_screen_keeps_both_screens(make: Make) -> None:
    m = show(make, "main\x1b[?1049h\x1b[Halt", rows=5)
    m.resize(3, 20)
    assert m.alt_screen
    assert m.lines() == ["alt", "", ""]
    m.feed(b"\x1b[?1049l")
    assert m.lines()[0] == "main"


def test_resize_to_tiny_and_wide_chars_never_break(make: Make) -> None:
    m = show(make, "日本語 text")
    m.resize(1, 1)
    m.feed("日本語\x1b[?1049h漢字\r\nx".encode())
    assert len(m.lines()) == 1
    assert m.cursor() == (0, 0)
    m.resize(4, 8)
    assert len(m.lines()) == 4


# --------------------------------------------------------------------------- robustness

ATOMS = [bytes([c]) for c in b"\x1b[]P_^X\\?><=;:019mHJKhlrSTb@MLusq$ !#()\x07\x18\x1a\r\n\t\x08\x00\x7f"]
ATOMS += [b"\x0e", b"\x0f", b"99999", b"text", b"1049", b"2026", b"\xff", b"\xc3", b"\x80"]
ATOMS += "\u009b ✔ \ufe0f \u200d 日 👨 \u0301".encode().split(b" ")


def garbage(rng: random.Random, n: int) -> bytes:
    parts: list[bytes] = []
    size = 0
    while size < n:
        if rng.random() < 0.3:
            p = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            p = rng.choice(ATOMS)
        parts.append(p)
        size += len(p)
    return b"".join(parts)


def test_fuzz_garbage_never_raises_or_breaks_invariants(make: Make) -> None:
    rng = random.Random(7501)
    m = make(6, 17)
    for round_ in range(40):
        for chunk in chunks(garbage(rng, 2000), rng):
            m.feed(chunk)
        if round_ % 10 == 9:
            m.resize(rng.randint(1, 9), rng.randint(1, 30))
        lines = m.lines()
        row, col = m.cursor()
        assert len(lines) == m.rows
        assert 0 <= row < m.rows and 0 <= col < m.cols
    assert getattr(m, "errors", 0) == 0  # nothing was even swallowed
    m.resize(6, 40)
    m.feed(b"\x18\x1b\\\x1b[0m\x1b[?7h\x1b[?1049l\x1bcafter garbage")
    assert m.lines()[0] == "after garbage"


@pytest.mark.parametrize("seed", range(3))
def test_chunking_does_not_change_the_result(make: Make, seed: int) -> None:
    rng = random.Random(seed)
    for data in (realistic_stream(seed), garbage(rng, 20000)):
        whole = make(8, 60)
        whole.feed(data)
        for most in (1, 7, 300):
            parts = make(8, 60)
            for chunk in chunks(data, rng, most):
                parts.feed(chunk)
            assert state(parts) == state(whole)


# --------------------------------------------------------------------------- agreement


@pytest.mark.parametrize("seed", range(6))
def test_backends_agree_on_realistic_tui_streams(seed: int) -> None:
    data = realistic_stream(seed)
    rng = random.Random(seed)
    p, g = pair(10, 60)
    for chunk in chunks(data, rng, 400):
        p.feed(chunk)
        g.feed(chunk)
        assert state(p) == state(g)
    assert any(line for line in p.lines())


TOKENS: list[Callable[[random.Random, int, int], str]] = [
    lambda r, R, C: r.choice(["hello", "日本語", "✔️", "👨‍👩‍👧", "e\u0301", "a\u200bb", "⏺", "❯", "x" * 30]),
    lambda r, R, C: r.choice([" ", "\r", "\n", "\r\n", "\b", "\t"]),
    lambda r, R, C: f"\x1b[{r.randint(0, R + 2)};{r.randint(0, C + 2)}H",
    lambda r, R, C: f"\x1b[{r.randint(0, 6)}{r.choice('ABCDEFGdX@PLMSTb`')}",
    lambda r, R, C: f"\x1b[{r.randint(0, 2)}{r.choice('JK')}",
    lambda r, R, C: f"\x1b[{r.randint(1, R)};{r.randint(1, R)}r" if r.random() < 0.7 else "\x1b[r",
    lambda r, R, C: r.choice(["\x1bM", "\x1bD", "\x1bE", "\x1b7", "\x1b8", "\x1b[s", "\x1b[u"]),
    lambda r, R, C: f"\x1b[?{r.choice([1049, 1047, 47])}{r.choice('hl')}",
    lambda r, R, C: r.choice(["\x1b[0m", "\x1b[1;31m", "\x1b[38;5;200m", "\x1b[48;2;1;2;3m",
                              "\x1b[38:2::1:2:3m", "\x1b[?2026h", "\x1b[?2026l", "\x1b]0;t\x07"]),
    lambda r, R, C: "\x1b(0lqqk\x1b(B",
]


@pytest.mark.parametrize("seed", range(0, 400, 50))
def test_backends_agree_on_random_control_sequences(seed: int) -> None:
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        rows = rng.randint(2, 10)
        p, g = pair(rows, 16)
        history: list[str] = []
        for _ in range(60):
            if rng.random() < 0.03:
                rows = rng.randint(2, 12)
                for m in (p, g):
                    m.feed(b"\x1b[C")  # no pending wrap across a resize (known difference)
                    m.resize(rows, 16)
                history.append(f"<CUF, resize {rows}x16>")
                continue
            tok = rng.choice(TOKENS)(rng, rows, 16)
            history.append(tok)
            p.feed(tok.encode())
            g.feed(tok.encode())
            assert state(p) == state(g), history


# --------------------------------------------------------------------------- pyte internals


def test_pyte_incremental_lines_match_a_full_render() -> None:
    for seed in range(4):
        m = make_screen(10, 60, "pyte")
        rng = random.Random(seed)
        for chunk in chunks(realistic_stream(seed), rng, 200):
            m.feed(chunk)
            screen = m.screen  # type: ignore[attr-defined]
            full = [
                "".join(screen.buffer[y][x].data for x in range(m.cols)).rstrip()
                if y in screen.buffer else ""
                for y in range(m.rows)
            ]
            assert m.lines() == full


def test_pyte_version_ignores_invisible_changes() -> None:
    m = make_screen(3, 10, "pyte")
    m.feed(b"x")
    v = m.version
    m.feed(b"\x1b[?25l\x1b[31m\x1b]0;title\x07\x1b[?2026h")
    assert m.version == v


def test_background_tells_cells_that_look_alike(make: Make) -> None:
    """A cell's background as the program set it (inverse video: its foreground); equal
    for cells that look the same. What a dialog whose selection is a colour reads."""
    m = show(make, "\x1b[48;2;245;167;66m Yes \x1b[0m No \x1b[44mX\x1b[0m\x1b[7mR\x1b[0m")
    bg = m.background
    assert bg(0, 0) == bg(0, 2) == bg(0, 4) != bg(0, 5)  # " Yes " on orange, then default
    assert bg(0, 5) == bg(0, 7) == bg(0, 19) == bg(4, 0)  # default, written or not
    assert len({bg(0, 0), bg(0, 5), bg(0, 9), bg(0, 10)}) == 4  # orange, default, blue, inverse
    assert bg(5, 0) is None and bg(0, 20) is None and bg(-1, 0) is None  # outside

