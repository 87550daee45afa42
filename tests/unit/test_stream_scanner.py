"""osc7501wrap.stream.scanner: OSC 7501 sequences found in a stream split anywhere."""

from __future__ import annotations

import random

import pytest
from protocol_vectors import _MSG_MAX, PARSE_VECTORS, R, seq

from osc7501wrap.protocol import BEL, MAX_SEQUENCE, ST, Invalid, Query
from osc7501wrap.stream.scanner import ReportScanner


@pytest.mark.parametrize("term", [ST, BEL], ids=["st", "bel"])
def test_v01_GSTU_query_through_scanner(term: bytes) -> None:
    out, events = ReportScanner().feed(b"a" + seq("?", term) + b"b")
    assert out == b"ab"
    assert events == [Query(term)]


def test_v01_S_c1_st_is_payload_not_terminator() -> None:
    # Interpretation 8: 0x9C is payload, so this is not a query but a discarded report.
    out, events = ReportScanner().feed(seq(b"?\x9c", ST))
    assert out == b""
    assert events == [Invalid(seq(b"?\x9c", ST))]


@pytest.mark.parametrize("term", [ST, BEL], ids=["st", "bel"])
def test_v26_GST_sequence_limit(term: bytes) -> None:
    fill = MAX_SEQUENCE - len(b"\x1b]7501;state=idle:") - len(term)
    ok = seq("state=idle:" + "x" * fill, term)
    assert len(ok) == MAX_SEQUENCE
    out, events = ReportScanner().feed(ok)
    if term == ST:  # body 4087: accepted
        assert (out, events) == (b"", [R("idle")])
    else:  # body 4088 with BEL: over the body limit (interpretation 7), discarded
        assert (out, events) == (b"", [Invalid(ok)])
    over = seq("state=idle:" + "x" * (fill + 1), term)
    assert len(over) == MAX_SEQUENCE + 1
    out, events = ReportScanner().feed(over)
    assert (out, events) == (over, [])  # overlong: untouched, not recorded


@pytest.mark.parametrize("raw", [b"\x1b]75;state=idle\x1b\\", b"\x1b]750;state=idle\x1b\\",
                                 b"\x1b]75010;state=idle\x1b\\", b"\x1b]7501\x1b\\",
                                 b"\x1b]07501;state=idle\x1b\\"],
                         ids=["75", "750", "75010", "7501-no-semicolon", "07501"])
def test_v27_GS_not_osc7501(raw: bytes) -> None:
    out, events = ReportScanner().feed(raw)
    assert (out, events) == (raw, [])


def test_v30_S_esc_without_backslash_is_not_applied() -> None:
    raw = b"\x1b]7501;state=working\x1bX"
    out, events = ReportScanner().feed(raw + b"rest")
    assert events == [Invalid(b"\x1b]7501;state=working")]
    assert out == b"\x1bXrest"  # the ESC starts the next sequence and is kept



SCAN_SAMPLES = [seq(body, term) for _i, body, _e in PARSE_VECTORS for term in (ST, BEL)
                if len(body) < 600] + [
    seq("state=idle:msg=" + _MSG_MAX), seq("state=idle:" + "x" * 4070, BEL),
]


def _single(data: bytes) -> tuple[bytes, list[object]]:
    sc = ReportScanner()
    out, events = sc.feed(data)
    return out + sc.flush(), list(events)


@pytest.mark.parametrize("raw", [pytest.param(s, id=f"{n}") for n, s in enumerate(SCAN_SAMPLES)])
def test_scanner_every_split(raw: bytes) -> None:
    stream = b"pre\x1b[31m" + raw + b"\x1b[0mpost"
    expected_out, expected_events = _single(stream)
    assert expected_out == b"pre\x1b[31m\x1b[0mpost"
    assert len(expected_events) == 1
    for cut in range(len(stream) + 1):
        for strip in (True, False):
            sc = ReportScanner(strip=strip)
            a, ev1 = sc.feed(stream[:cut])
            b, ev2 = sc.feed(stream[cut:])
            out = a + b + sc.flush()
            assert ev1 + ev2 == expected_events, cut
            assert out == (expected_out if strip else stream), cut
            assert sc.partial == 0


def test_scanner_byte_by_byte() -> None:
    stream = b"".join(SCAN_SAMPLES[:20]) + b"tail\x1b]7"
    expected_out, expected_events = _single(stream)
    sc = ReportScanner()
    outs: list[bytes] = []
    events: list[object] = []
    for i in range(len(stream)):
        out, ev = sc.feed(stream[i:i + 1])
        assert sc.partial <= MAX_SEQUENCE
        outs.append(out)
        events += ev
    assert sc.partial == 3  # "ESC ] 7" might still start a report
    outs.append(sc.flush())
    assert b"".join(outs) == expected_out == b"tail\x1b]7"
    assert events == expected_events


def test_scanner_hot_path_returns_same_object() -> None:
    sc = ReportScanner()
    for chunk in (b"plain text", b"\x1b[38;5;1mcolour\x1b[0m", b"\x1b]0;title\x07", b"ends\x1b[",
                  b"ends with ]7", b"", b"x\x1b]8;;http://a\x1b\\"):
        out, events = sc.feed(chunk)
        assert out is chunk and events == []
    chunk = b"ends with esc\x1b"
    out, events = sc.feed(chunk)
    assert out == b"ends with esc" and sc.partial == 1
    chunk = b"[0m more"
    out, events = sc.feed(chunk)
    assert out == b"\x1b[0m more" and sc.partial == 0


@pytest.mark.parametrize("tail", [b"\x1b", b"\x1b]", b"\x1b]7", b"\x1b]75", b"\x1b]750", b"\x1b]7501"])
def test_scanner_holds_only_a_possible_prefix(tail: bytes) -> None:
    sc = ReportScanner()
    out, _ = sc.feed(b"abc" + tail)
    assert out == b"abc" and sc.partial == len(tail)
    out, _ = sc.feed(b"2;not ours\x07")  # e.g. ESC ] 2 ; a title: released unchanged
    assert out == tail + b"2;not ours\x07" and sc.partial == 0


@pytest.mark.parametrize("abort", [b"\x18", b"\x1a"], ids=["CAN", "SUB"])
def test_scanner_can_sub_abort(abort: bytes) -> None:
    stream = b"\x1b]7501;state=idle" + abort + b"x" + seq("state=done")
    for cut in range(len(stream) + 1):
        sc = ReportScanner()
        a, e1 = sc.feed(stream[:cut])
        b, e2 = sc.feed(stream[cut:])
        assert a + b + sc.flush() == b"\x1b]7501;state=idle" + abort + b"x"
        assert e1 + e2 == [R("done")]


@pytest.mark.parametrize("size", [1, 7, 100, 4096, 65536])
def test_scanner_overlong_passes_untouched(size: int) -> None:
    overlong = b"\x1b]7501;state=idle:" + b"x" * 6000 + b"\x1b\\"
    stream = b"a" + overlong + b"b" + seq("state=error") + b"c"
    sc = ReportScanner()
    outs: list[bytes] = []
    events: list[object] = []
    for i in range(0, len(stream), size):
        out, ev = sc.feed(stream[i:i + size])
        assert sc.partial <= MAX_SEQUENCE
        outs.append(out)
        events += ev
    outs.append(sc.flush())
    assert b"".join(outs) == b"a" + overlong + b"bc"
    assert events == [R("error")]


def test_scanner_strip_false_keeps_everything() -> None:
    sc = ReportScanner(strip=False)
    chunk = b"x" + seq("state=done") + b"y\x1b]75"
    out, events = sc.feed(chunk)
    assert out is chunk and events == [R("done")]
    chunk2 = b"01;state=idle\x07"
    out, events = sc.feed(chunk2)
    assert out is chunk2 and events == [R("idle")]
    assert sc.flush() == b""


def test_scanner_invalid_is_reported_and_stripped() -> None:
    raw = seq("state=clear:id=bad!")
    out, events = ReportScanner().feed(b"1" + raw + b"2")
    assert out == b"12" and events == [Invalid(raw)]
    out, events = ReportScanner().feed(b"1" + seq("app=cargo") + b"2")
    assert out == b"12" and events == [Invalid(seq("app=cargo"))]


def test_scanner_fuzz_split_invariance_and_never_raises() -> None:
    rng = random.Random(99)
    pieces = [seq("state=working:app=x"), seq("?", BEL), seq("state=done:msg=SGk=", BEL),
              b"\x1b]7501;", b"\x1b]75", b"\x1b", b"\x07", b"\x1b\\", b"\x18", b"\x1a",
              b"\x1b]0;t\x07", b"text", "ü😀".encode(), b"\x9c", b"\x1b]7501;state=idle:" + b"y" * 5000]
    for _ in range(300):
        stream = b"".join(rng.choice(pieces) if rng.random() < 0.7 else bytes([rng.randrange(256)])
                          for _ in range(rng.randrange(1, 40)))
        ref_out, ref_events = _single(stream)
        sc = ReportScanner()
        same = ReportScanner(strip=False)
        outs: list[bytes] = []
        events: list[object] = []
        i = 0
        while i < len(stream):
            j = i + rng.randrange(1, 64)
            out, ev = sc.feed(stream[i:j])
            outs.append(out)
            events += ev
            chunk = stream[i:j]
            out2, _ = same.feed(chunk)
            assert out2 is chunk
            i = j
        outs.append(sc.flush())
        assert b"".join(outs) == ref_out
        assert events == ref_events
        # Stripping only ever removes whole reported sequences.
        removed = sum(len(e.raw) if isinstance(e, Invalid) else 0 for e in ref_events)
        assert len(ref_out) <= len(stream) - removed
