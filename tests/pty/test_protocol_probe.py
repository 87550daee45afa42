"""The OSC 7501 handshake against fake terminals on real pseudo-terminals, the late-reply
filter, terminfo Pst detection and the emit decision."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from osc7501wrap.protocol import probe as probe_mod
from osc7501wrap.protocol.probe import (
    PASTE_END,
    PASTE_START,
    QUERY_7501,
    REPLY_7501,
    REPLY_DA1,
    EmitChoice,
    ProbeResult,
    ReplyFilter,
    _extended_strings,
    decide_emit,
    probe_terminal,
    raw_mode,
    terminfo_has_pst,
)

QUERY = b"\x1b]7501;?\x1b\\"
REPLY_ST = b"\x1b]7501;?\x1b\\"
REPLY_BEL = b"\x1b]7501;?\x07"
DA1 = b"\x1b[?62;22c"


class FakeTerminal:
    """The terminal side of a pty. The program side (`slave`) is what the probe uses."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        self.received = b""
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def answer(self, script: list[tuple[float, bytes]], after: bytes = b"\x1b[c") -> None:
        """Once `after` has been received, write each (delay, bytes) of `script`."""

        def run() -> None:
            deadline = time.monotonic() + 5
            while after not in self.received and time.monotonic() < deadline:
                self._read(0.01)
            for delay, data in script:
                time.sleep(delay)
                os.write(self.master, data)
            while not self._stop.is_set():
                self._read(0.01)

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def _read(self, timeout: float) -> None:
        import select

        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.received += os.read(self.master, 4096)
            except OSError:
                time.sleep(timeout)

    def close(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(5)
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def term() -> Iterator[FakeTerminal]:
    t = FakeTerminal()
    try:
        yield t
    finally:
        t.close()


def probe(term: FakeTerminal, **kw: object) -> ProbeResult:
    with raw_mode(term.slave):
        return probe_terminal(term.slave, term.slave, **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------- probe_terminal


def test_query_is_the_protocol_query() -> None:
    from osc7501wrap.protocol import encode_query

    assert QUERY_7501 == encode_query() == QUERY


def test_result_and_decision_compare_by_value() -> None:
    assert ProbeResult(True, DA1, b"") == ProbeResult(True, DA1, b"", [], 0.0)
    assert ProbeResult(True, DA1, b"").outstanding == []
    assert EmitChoice(True, "x") != EmitChoice(True, "x", ProbeResult(True, DA1, b""))
    assert repr(EmitChoice(False, "why")) == "EmitChoice(emit=False, reason='why', probe=None)"


def test_terminal_answers_7501_then_da1(term: FakeTerminal) -> None:
    term.answer([(0, REPLY_ST + DA1)])
    result = probe(term, timeout=5)
    assert (result.supported, result.da1, result.typeahead, result.outstanding) == (True, DA1, b"", [])
    assert term.received.startswith(QUERY + b"\x1b[c")


def test_terminal_answers_only_da1(term: FakeTerminal) -> None:
    term.answer([(0, DA1)])
    result = probe(term, timeout=5)
    assert (result.supported, result.da1, result.typeahead, result.outstanding) == (False, DA1, b"", [])


def test_bel_terminated_reply(term: FakeTerminal) -> None:
    term.answer([(0, REPLY_BEL), (0.02, b"\x1b[?1;2c")])
    result = probe(term, timeout=5)
    assert (result.supported, result.da1, result.typeahead) == (True, b"\x1b[?1;2c", b"")


def test_silent_terminal_times_out_and_keeps_typeahead(term: FakeTerminal) -> None:
    # Typed while the terminal was still in cooked mode: raw_mode must not flush it.
    term.type(b"ab")
    term.answer([])
    result = probe(term, timeout=0.15)
    assert result.supported is None and result.da1 is None
    assert result.typeahead == b"ab"
    assert result.outstanding == [REPLY_7501, REPLY_DA1]


def test_typeahead_around_replies_is_kept_in_order(term: FakeTerminal) -> None:
    term.type(b"ls")
    term.answer([(0, b"\x1b[A"), (0.02, REPLY_ST), (0, b"x\x1b]"), (0.02, b"y" + DA1 + b"z")])
    result = probe(term, timeout=5)
    assert result.supported is True
    assert result.typeahead == b"ls\x1b[Ax\x1b]yz"


def test_reply_split_byte_by_byte(term: FakeTerminal) -> None:
    term.answer([(0.002, bytes([b])) for b in REPLY_ST + DA1])
    result = probe(term, timeout=5)
    assert (result.supported, result.da1, result.typeahead) == (True, DA1, b"")


def test_7501_reply_without_da1(term: FakeTerminal) -> None:
    term.answer([(0, REPLY_ST)])
    result = probe(term, timeout=0.15)
    assert (result.supported, result.outstanding) == (True, [REPLY_DA1])


def test_tmux_waits_for_7501_reply_after_da1(term: FakeTerminal) -> None:
    # tmux answers DA1 itself at once; the outer terminal's reply comes later.
    term.answer([(0, DA1), (0.03, REPLY_ST)])
    result = probe(term, timeout=5, tmux_depth=1, tmux_grace=2.0)
    assert (result.supported, result.da1, result.outstanding) == (True, DA1, [])
    wrapped = b"\x1bPtmux;\x1b\x1b]7501;?\x1b\x1b\\\x1b\\"
    assert term.received.startswith(wrapped + b"\x1b[c")


def test_tmux_without_passthrough_reply(term: FakeTerminal) -> None:
    term.answer([(0, DA1)])
    result = probe(term, timeout=5, tmux_depth=1, tmux_grace=0.05)
    assert (result.supported, result.outstanding) == (False, [REPLY_7501])


def test_write_failure_is_not_an_exception() -> None:
    r, w = os.pipe()
    os.close(w)
    try:
        result = probe_terminal(r, r, timeout=0.05)  # writing to a read end fails
    finally:
        os.close(r)
    assert (result.supported, result.outstanding) == (None, [])


def test_late_replies_are_filtered_before_the_child(term: FakeTerminal, tmp_path: Path) -> None:
    term.answer([])
    result = probe(term, timeout=0.1)
    assert result.supported is None
    out_file = tmp_path / "child-stdin"
    child = subprocess.Popen([sys.executable, "-c",
                              "import sys,shutil; shutil.copyfileobj(sys.stdin.buffer, "
                              f"open({str(out_file)!r}, 'wb'))"], stdin=subprocess.PIPE)
    assert child.stdin is not None
    filt = ReplyFilter(result.outstanding, time.monotonic())
    child.stdin.write(filt.feed(result.typeahead, time.monotonic()))
    term.type(b"h" + DA1[:4])
    term.type(DA1[4:] + b"i" + REPLY_ST + b"\x1b[A" + DA1)
    got = b""
    with raw_mode(term.slave):
        deadline = time.monotonic() + 5
        while b"\x1b[A" + DA1 not in got and time.monotonic() < deadline:
            chunk = os.read(term.slave, 4096)
            got += chunk
            child.stdin.write(filt.feed(chunk, time.monotonic()))
    child.stdin.write(filt.feed(b"", time.monotonic() + 1))
    child.stdin.close()
    child.wait(10)
    # The first DA1 reply and the 7501 reply are gone; a second DA1 is not ours.
    assert out_file.read_bytes() == b"hi\x1b[A" + DA1
    assert filt.late_7501_reply_seen and filt.late_da1_reply_seen and not filt.active


# --------------------------------------------------------------------- ReplyFilter


def test_filter_removes_each_shape_once() -> None:
    f = ReplyFilter([REPLY_DA1, REPLY_7501], 0.0)
    assert f.feed(b"a" + DA1 + b"b" + DA1 + REPLY_BEL + REPLY_BEL, 0.1) == b"ab" + DA1 + REPLY_BEL
    assert f.late_7501_reply_seen and not f.active
    chunk = b"later" + DA1
    assert f.feed(chunk, 0.2) is chunk  # nothing outstanding: untouched


def test_filter_only_removes_pending_shapes() -> None:
    f = ReplyFilter([REPLY_7501], 0.0)
    assert f.feed(DA1 + REPLY_ST, 0.0) == DA1
    assert f.late_7501_reply_seen and not f.late_da1_reply_seen


@pytest.mark.parametrize("reply", [DA1, REPLY_ST, REPLY_BEL, b"\x1b]7501;?future=1\x1b\\"],
                         ids=["da1", "7501-st", "7501-bel", "7501-with-pairs"])
def test_filter_every_split(reply: bytes) -> None:
    stream = b"k" + reply + b"\x1b[Bq"
    for cut in range(len(stream) + 1):
        f = ReplyFilter([REPLY_7501, REPLY_DA1], 0.0)
        out = f.feed(stream[:cut], 0.01) + f.feed(stream[cut:], 0.02)
        assert out == b"k\x1b[Bq", cut


def test_filter_never_inside_bracketed_paste() -> None:
    pasted = PASTE_START + b"echo " + DA1 + REPLY_ST + PASTE_END
    for cut in range(len(pasted) + 1):
        f = ReplyFilter([REPLY_7501, REPLY_DA1], 0.0)
        out = f.feed(pasted[:cut], 0.01) + f.feed(pasted[cut:], 0.02)
        assert out == pasted, cut
        assert f.active
        assert f.feed(DA1, 0.03) == b""  # after the paste, filtering goes on


@pytest.mark.parametrize("tail", [b"\x1b", b"\x1b]", b"\x1b[", b"\x1b[?62;", b"\x1b]7501;?"])
def test_filter_keeps_a_trailing_start_briefly(tail: bytes) -> None:
    f = ReplyFilter([REPLY_7501, REPLY_DA1], 0.0, partial_wait=0.05)
    assert f.feed(b"x" + tail, 1.0) == b"x"
    assert f.next_deadline(1.0) == pytest.approx(1.05)
    assert f.feed(b"", 1.02) == b""
    assert f.feed(b"", 1.05) == tail  # released unchanged (Alt+], Escape...)
    assert f.next_deadline(1.0) is None
    assert f.feed(b"y", 1.06) == b"y"


def test_filter_wait_is_not_extended_by_more_partial_bytes() -> None:
    f = ReplyFilter([REPLY_DA1], 0.0, partial_wait=0.05)
    assert f.feed(b"\x1b", 1.0) == b""
    assert f.feed(b"[", 1.03) == b""
    assert f.feed(b"", 1.051) == b"\x1b["


def test_filter_stays_active_while_keeping_a_partial_reply() -> None:
    f = ReplyFilter([REPLY_DA1, REPLY_7501], 0.0)
    assert f.feed(DA1 + b"\x1b[20", 0.1) == b""  # may be the start of a bracketed paste
    assert f.active
    assert f.feed(REPLY_ST, 0.12) == b"\x1b[20"  # not a paste; last reply gone: all released
    assert not f.active


def test_filter_gives_up_after_its_lifetime() -> None:
    f = ReplyFilter([REPLY_DA1], 0.0, lifetime=3.0)
    assert f.feed(b"\x1b[?6", 2.9) == b""
    assert f.feed(b"2c", 3.1) == b"\x1b[?62c"
    assert not f.active
    assert f.feed(DA1, 3.2) == DA1


def test_filter_fast_path_keeps_object() -> None:
    f = ReplyFilter([REPLY_DA1], 0.0)
    chunk = b"plain typing"
    assert f.feed(chunk, 0.1) is chunk


# ------------------------------------------------------------------------ raw_mode


def test_raw_mode_sets_and_restores(term: FakeTerminal) -> None:
    before = termios.tcgetattr(term.slave)
    with raw_mode(term.slave):
        inside = termios.tcgetattr(term.slave)
        assert not inside[3] & (termios.ICANON | termios.ECHO | termios.ISIG)
        assert inside[6][termios.VMIN] == 1
    assert termios.tcgetattr(term.slave) == before
    with pytest.raises(RuntimeError), raw_mode(term.slave):
        raise RuntimeError("boom")
    assert termios.tcgetattr(term.slave) == before


def test_raw_mode_on_a_pipe_raises_termios_error() -> None:
    r, w = os.pipe()
    try:
        with pytest.raises(termios.error), raw_mode(r):
            pass
    finally:
        os.close(r)
        os.close(w)


# ------------------------------------------------------------------------ terminfo

needs_tic = pytest.mark.skipif(shutil.which("tic") is None, reason="tic is not installed")

PST_SOURCE = """\
xterm-pst|xterm with the Program Status capability,
\tPst=\\E]7501;%p1%s\\E\\\\, AX, U8#1, Xy=\\E[xy,
\tuse=xterm-256color,
xterm-nopst|xterm without it,
\tuse=xterm-256color,
"""


@pytest.fixture(scope="module")
def terminfo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("terminfo")
    src = base / "pst.src"
    src.write_text(PST_SOURCE)
    subprocess.run(["tic", "-x", "-o", str(base / "db"), str(src)], check=True,
                   capture_output=True)
    return base / "db"


@needs_tic
def test_terminfo_pst_found(terminfo_dir: Path) -> None:
    env = {"TERMINFO": str(terminfo_dir)}
    assert terminfo_has_pst("xterm-pst", env=env)
    assert not terminfo_has_pst("xterm-nopst", env=env)
    assert terminfo_has_pst(None, env={**env, "TERM": "xterm-pst"})
    caps = _extended_strings((terminfo_dir / "x" / "xterm-pst").read_bytes())
    assert caps["Pst"] == b"\x1b]7501;%p1%s\x1b\\"
    assert caps["Xy"] == b"\x1b[xy"


@pytest.mark.parametrize("term", [None, "", "no-such-terminal", "../../etc/passwd", "x/../y",
                                  "\0", "xterm-256color", "dumb"])
def test_terminfo_pst_absent_never_raises(term: str | None) -> None:
    assert terminfo_has_pst(term, env={"HOME": "/nonexistent"}) is False


def test_terminfo_garbage_file_is_false(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    for data in (b"", b"\x1a\x01", os.urandom(300), b"\x1a\x01" + b"\xff" * 40):
        (tmp_path / "g" / "garbage").write_bytes(data)
        assert terminfo_has_pst("garbage", env={"TERMINFO": str(tmp_path)}) is False


# --------------------------------------------------------------------- decide_emit


def no_probe() -> ProbeResult | None:
    raise AssertionError("the probe must not run")


@pytest.mark.parametrize(("mode", "env", "emit", "reason"), [
    ("always", {}, True, "--emit always"),
    ("never", {"OSC7501WRAP_EMIT": "always"}, False, "--emit never"),
    (None, {"OSC7501WRAP_EMIT": "always"}, True, "OSC7501WRAP_EMIT=always"),
    ("auto", {"OSC7501WRAP_EMIT": " Never "}, False, "OSC7501WRAP_EMIT=never"),
])
def test_decide_without_probe(mode: str | None, env: dict[str, str], emit: bool,
                              reason: str) -> None:
    assert decide_emit(mode, env, no_probe) == EmitChoice(emit, reason)


@needs_tic
def test_decide_terminfo_skips_probe(terminfo_dir: Path) -> None:
    d = decide_emit("auto", {"TERM": "xterm-pst", "TERMINFO": str(terminfo_dir)}, no_probe)
    assert d.emit and "Pst" in d.reason


@pytest.mark.parametrize(("result", "emit", "words"), [
    (ProbeResult(True, DA1, b""), True, "answered the OSC 7501 query"),
    (ProbeResult(False, DA1, b""), False, "not the OSC 7501 query"),
    (ProbeResult(None, None, b"", [REPLY_7501, REPLY_DA1], 0.3), False, "no reply"),
    (None, False, "OSC7501WRAP_EMIT=always"),
])
def test_decide_by_probe(result: ProbeResult | None, emit: bool, words: str) -> None:
    calls: list[int] = []

    def fn() -> ProbeResult | None:
        calls.append(1)
        return result

    d = decide_emit(None, {"TERM": "dumb", "OSC7501WRAP_EMIT": "auto"}, fn)
    assert calls == [1]
    assert d.emit is emit and words in d.reason and "\n" not in d.reason
    assert d.probe is result


# The reply shapes as regular expressions: the hand-written matchers must agree.
_REPLY_RES = {
    probe_mod.REPLY_7501: re.compile(rb"\x1b\]7501;\?[^\x07\x18\x1a\x1b]{0,4087}(?:\x07|\x1b\\)"),
    probe_mod.REPLY_DA1: re.compile(rb"\x1b\[\?[0-9;]{0,64}c"),
}
_PREFIX_RES = {
    probe_mod.REPLY_7501: re.compile(
        rb"\x1b(?:\](?:7(?:5(?:0(?:1(?:;(?:\?[^\x07\x18\x1a\x1b]{0,4087}\x1b?)?)?)?)?)?)?)?"),
    probe_mod.REPLY_DA1: re.compile(rb"\x1b(?:\[(?:\?[0-9;]{0,64})?)?"),
}


@pytest.mark.parametrize("seed", range(4))
def test_reply_matchers_agree_with_the_reply_grammar(seed: int) -> None:
    rng = random.Random(seed)
    heads = [b"", b"\x1b", b"\x1b]7501;?", b"\x1b]7501;", b"\x1b[?", b"\x1b["]
    parts = [b"\x1b", b"?", b"62;22", b"c", b"\x07", b"\x1b\\", b";", b"x", b"\x18", b"0",
             b"A" * 4000, b"A" * 87, b"1" * 40, b"1" * 24, b"1" * 25]
    hits = {shape: 0 for shape in _REPLY_RES}
    for _ in range(3000):
        buf = rng.choice(heads) + b"".join(rng.choice(parts)
                                           for _ in range(rng.randrange(0, 5)))
        for shape in (probe_mod.REPLY_7501, probe_mod.REPLY_DA1):
            m = _REPLY_RES[shape].match(buf)
            assert probe_mod._reply_end(shape, buf, 0) == (m.end() if m else -1), (shape, buf)
            hits[shape] += m is not None
            if b"\x1b" not in buf:
                continue  # a tail always starts at an ESC
            tail = buf[buf.find(b"\x1b"):]
            assert probe_mod._reply_prefix(shape, tail) == bool(
                _PREFIX_RES[shape].fullmatch(tail)), (shape, tail)
    assert min(hits.values()) >= 10  # the grammar was exercised, not only its misses
