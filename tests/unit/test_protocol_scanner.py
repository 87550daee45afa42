"""OSC 7501 encode / parse / sanitize / scan / store.

The numbered vectors (ids ``vNN-<sources>``) are the 36 test vectors collected from
terminal implementations: G Ghostty, S SwiftTerm, T the tmux fork, P pst, H herdr, U a
Rust terminal. Where they disagree, the reading asserted is the one documented in
``osc7501wrap.protocol``'s interpretation notes.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from osc7501wrap.protocol import (
    BEL,
    MAX_APP,
    MAX_MSG,
    MAX_SEQUENCE,
    MAX_TITLE,
    PREFIX,
    ST,
    Invalid,
    Query,
    RecordStore,
    Report,
    ReportScanner,
    encode,
    encode_query,
    parse_body,
    query_reply,
    sanitize_text,
)

R = Report


def seq(body: bytes | str, term: bytes = ST) -> bytes:
    if isinstance(body, str):
        body = body.encode()
    return PREFIX + body + term


# ------------------------------------------------------------------ parse vectors

_LONGS = ("a" * 31 + "/") * 4  # 128 bytes ending in "/"
_TITLE_MAX = "QUFB" * 64  # 256 encoded, 192 decoded
_MSG_MAX = "QUFB" * 682 + "QUE"  # 2731 encoded, 2048 decoded
_MSG_MAX_PADDED = "QUFB" * 682 + "QUE="  # 2732 encoded, 2048 decoded

PARSE_VECTORS = [
    ("v01-GSTU-query", "?", Query()),
    ("v02-G-minimal", "state=idle", R("idle")),
    ("v03-G-all-keys",
     "state=blocked:kind=permission:progress=42:id=tf/plan:app=terraform:title=UGxhbg==:"
     "msg=QXBwbHkgMyB0byBhZGQsIDEgdG8gY2hhbmdlLCAwIHRvIGRlc3Ryb3k/",
     R("blocked", id="tf/plan", kind="permission", progress=42, app="terraform",
       title="Plan", msg="Apply 3 to add, 1 to change, 0 to destroy?")),
    ("v04-GT-padding-optional", "state=done:msg=UGxhbg", R("done", msg="Plan")),
    ("v05-G-whitespace", " state = working :\tapp=cargo\t", R("working", app="cargo")),
    ("v06-G-last-wins", "state=idle:app=a:state=done:app=b", R("done", app="b")),
    ("v07-G-malformed-skipped", "garbage:=x:Bad=1:app=b@d:future=yes:state=working:app=ok:::",
     R("working", app="ok")),
    ("v08-G-kind-only-blocked", "state=working:kind=auth:progress=10", R("working", progress=10)),
    ("v09-GS-done-drops-kind-progress", "state=done:kind=auth:progress=10", R("done")),
    ("v10-GT-unknown-kind", "state=blocked:kind=dance", R("blocked")),
    ("v11-G-progress-0", "state=working:progress=0", R("working", progress=0)),
    ("v11-G-progress-100", "state=working:progress=100", R("working", progress=100)),
    *[(f"v12-GST-progress-{name}", f"state=working:progress={value}", R("working"))
      for name, value in [("101", "101"), ("256", "256"), ("minus1", "-1"), ("plus1", "+1"),
                          ("4.5", "4.5"), ("1_0", "1_0"), ("empty", ""),
                          ("huge", "99999999999999999999")]],
    ("v13-GPT-leading-zeros-007", "state=working:progress=007", R("working", progress=7)),
    ("v13-GPT-leading-zeros-042", "state=blocked:progress=042", R("blocked", progress=42)),
    ("v14-GS-bad-app-absent", "state=idle:app=a/b", R("idle")),
    *[(f"v15-G-valid-id-{n}", f"state=clear:id={rid}", R("clear", id=rid))
      for n, rid in enumerate(["a", "build/test", "A-Z_0.9+", "a" * 32, "a/b/c/d/e/f/g/h"])],
    *[(f"v16-GST-invalid-id-{n}", f"state=clear:id={rid}", None)
      for n, rid in enumerate(["", "/", "a/", "/a", "a//b", "a,b", "a=b", "a" * 33,
                               "a/b/c/d/e/f/g/h/i", _LONGS + "a"])],
    *[(f"v17-GTS-bad-base64-{n}", body, None)
      for n, body in enumerate(["state=done:msg=a", "state=done:msg=QQ=", "state=done:title=a",
                                "state=done:msg=QQ===", "state=done:msg=YR==",
                                "state=done:msg=____"])],
    ("v18-GT-control-lf", "state=done:msg=YQpi", None),
    ("v18-GT-control-c1", "state=done:msg=wps=", None),
    *[(f"v19-GT-not-utf8-{n}", f"state=done:msg={v}", None)
      for n, v in enumerate(["/w==", "7aCA", "8J+Y", "9ICA"])],
    ("v20-GT-unicode", "state=done:msg=5a6J5YWo", R("done", msg="安全")),
    ("v21-GST-empty-text-absent", "state=done:msg=:title=", R("done")),
    *[(f"v22-GT-no-state-{n}", body, None)
      for n, body in enumerate(["", "app=cargo", "state=sleeping", "state=", "state=IDLE"])],
    ("v23-GST-key-16", "state=idle:" + "a" * 16 + "=1", R("idle")),
    ("v23-GST-key-17", "state=idle:" + "a" * 17 + "=1", None),
    ("v24-GT-overridden-app-too-long", "state=idle:app=" + "a" * 33 + ":app=ok", None),
    ("v24-GT-app-too-long", "state=idle:app=" + "a" * 33, None),
    ("v25-GS-title-at-limit", "state=idle:title=" + _TITLE_MAX, R("idle", title="A" * 192)),
    ("v25-GS-title-over", "state=idle:title=" + _TITLE_MAX + "QUFB", None),
    ("v25-GS-title-decoded-over", "state=idle:title=" + "QUFB" * 64 + "QQ", None),
    ("v25-GS-msg-at-limit", "state=idle:msg=" + _MSG_MAX, R("idle", msg="A" * 2048)),
    ("v25-GS-msg-at-limit-padded", "state=idle:msg=" + _MSG_MAX_PADDED, R("idle", msg="A" * 2048)),
    ("v25-GS-msg-decoded-over", "state=idle:msg=" + "QUFB" * 683, None),
    ("v25-GS-msg-encoded-over", "state=idle:msg=" + _MSG_MAX_PADDED + "=", None),
    ("v28-ST-duplicate-invalid-msg", "state=done:msg=a:msg=SGk=", None),
    ("v29-S-clear-bad-id-discarded", "state=clear:id=bad!", None),
]


@pytest.mark.parametrize(("body", "expected"), [pytest.param(b, e, id=i) for i, b, e in PARSE_VECTORS])
def test_parse_vector(body: str, expected: object) -> None:
    assert parse_body(body) == expected
    assert parse_body(body.encode()) == expected


def test_v01_query_reply_echoes_terminator() -> None:
    assert query_reply(Query(ST)) == b"\x1b]7501;?\x1b\\"
    assert query_reply(Query(BEL)) == b"\x1b]7501;?\x07"
    assert encode_query() == b"\x1b]7501;?\x1b\\"


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


# ------------------------------------------------------------------ store vectors


def drive(store: RecordStore, stream: bytes) -> bytes:
    """Feed a byte stream to a store the way a terminal would: OSC 7501 through the
    scanner; OSC 133 A -> prompt; RIS -> reset; OSC 9;4 -> fallback. Returns replies."""
    replies = b""
    token = re.compile(rb"\x1b\]7501;[^\x07\x1b]*(?:\x07|\x1b\\)|\x1b\]133;A[^\x07\x1b]*(?:\x07|\x1b\\)"
                       rb"|\x1bc|\x1b\]9;4;(\d+)(?:;(\d+))?(?:\x07|\x1b\\)")
    scanner = ReportScanner()
    for m in token.finditer(stream):
        tok = m.group(0)
        if tok.startswith(PREFIX):
            for ev in scanner.feed(tok)[1]:
                if isinstance(ev, Report):
                    store.apply(ev)
                elif isinstance(ev, Query):
                    replies += query_reply(ev)
        elif tok.startswith(b"\x1b]133;A"):
            store.prompt()
        elif tok == b"\x1bc":
            store.reset()
        else:
            store.apply_osc94(int(m.group(1)), int(m.group(2)) if m.group(2) else None)
    return replies


def test_v31_T_replace_and_clear_subtree() -> None:
    store = RecordStore()
    drive(store, seq("state=done:app=pi") + seq("state=done:id=a") + seq("state=done:id=a/b")
          + seq("state=done:id=ab") + seq("state=clear:id=a"))
    assert store.ids() == ["", "ab"]
    drive(store, seq("state=clear"))
    assert store.ids() == []


def test_v32_T_lifetime_events() -> None:
    store = RecordStore()
    drive(store, b"".join(seq(f"state={s}:id={s}") for s in
                          ("idle", "working", "blocked", "done", "error")))
    before = store.records()
    drive(store, b"\x1b[?1049h\x1b[?1049l\x1b[!p\x1b]133;D;0\x1b\\\x1b]133;N\x1b\\")
    assert store.records() == before
    drive(store, b"\x1b]133;A\x1b\\")
    assert store.ids() == ["done", "error"]
    drive(store, b"\x1bc")
    assert store.ids() == []


@pytest.mark.parametrize("state", ["working", "blocked", "idle", "done", "error"])
def test_v33_T_program_exit(state: str) -> None:
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c",
             f"import os; os.write(1, b'\\x1b]7501;state={state}\\x1b\\\\')"],
            stdout=slave, stdin=slave, stderr=slave, close_fds=True)
        os.close(slave)
        slave = -1
        data = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed its side
                break
            if not chunk:
                break
            data += chunk
        proc.wait()
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)
    store = RecordStore()
    out, events = ReportScanner().feed(data)
    for ev in events:
        assert isinstance(ev, Report)
        store.apply(ev)
    assert out == b""
    assert store.ids() == [""]
    store.exited()
    assert store.ids() == ([""] if state in ("done", "error") else [])


def test_v34_T_osc94_fallback_until_first_report() -> None:
    store = RecordStore()
    steps = [(b"\x1b]9;4;3\x1b\\", R("working")), (b"\x1b]9;4;1;42\x1b\\", R("working", progress=42)),
             (b"\x1b]9;4;2;55\x1b\\", R("error")), (b"\x1b]9;4;0\x1b\\", R("idle"))]
    for raw, expected in steps:
        drive(store, raw)
        assert store.get("") == expected
    drive(store, seq("state=done:id=x"))
    drive(store, b"\x1b]9;4;3\x1b\\")
    assert store.get("") == R("idle")  # ignored after the first 7501 report
    drive(store, b"\x1bc\x1b]9;4;1;5\x07")
    assert store.get("") == R("working", progress=5)  # RIS turns the fallback back on


def test_v35_U_coalesced_record_and_lifetime() -> None:
    store = RecordStore()
    replies = drive(store, seq("?", BEL) + seq("state=working:app=cargo", BEL)
                    + seq("state=done:msg=SGk=", BEL))
    # U answers with ESC \ ; this module echoes the query's terminator (G, S, T).
    assert replies == b"\x1b]7501;?\x07"
    assert store.get("") == R("done", msg="Hi")  # whole replacement: app is gone
    drive(store, b"\x1b]133;A\x07")
    assert store.get("") == R("done", msg="Hi")
    drive(store, b"\x1bc")
    assert store.records() == []


def test_v36_H_msg_never_in_repr() -> None:
    store = RecordStore()
    drive(store, seq("state=blocked:kind=permission:app=pi:msg=c2VjcmV0", BEL))
    rec = store.get("")
    assert rec is not None and rec.kind == "permission" and rec.msg == "secret"
    assert "secret" not in repr(rec) and "secret" not in repr(store.records())
    drive(store, seq("state=clear"))
    assert store.get("") is None


def test_store_capacity_evicts_least_recently_updated() -> None:
    store = RecordStore(capacity=3)
    for rid in ("a", "b", "c"):
        store.apply(R("working", id=rid))
    store.apply(R("done", id="a"))  # a is now the most recent
    store.apply(R("working", id="d"))
    assert store.ids() == ["c", "a", "d"]


def test_store_effective_app_inherits_across_missing_parents() -> None:
    store = RecordStore()
    store.apply(R("idle", app="root-app"))
    store.apply(R("working", id="a/b/c"))
    store.apply(R("working", id="x", app="xa"))
    store.apply(R("working", id="x/y/z"))
    assert store.effective_app("a/b/c") == "root-app"
    assert store.effective_app("x/y/z") == "xa"
    assert store.effective_app("nope") == "root-app"


# ----------------------------------------------------------------- sanitize_text


@pytest.mark.parametrize(("text", "limit", "expected"), [
    ("hello", 10, "hello"),
    ("  a\n\tb\r\nc  ", 50, "a b c"),
    ("a\x00b\x7fc\x85d\x9be", 50, "a b c d e"),
    ("x\u202eevil\u202c\u2066y\u2069\u200bz\u200f\u2060\u061c\ufeff", 50, "xevilyz"),
    ("one\u2028two\u2029three", 50, "one two three"),
    ("lone \ud800 surrogate", 50, "lone \ufffd surrogate"),
    ("abcdefghij", 10, "abcdefghij"),
    ("abcdefghijk", 10, "abcdefg…"),
    ("安全安全", 9, "安全…"),  # 12 bytes -> 6 bytes of text + 3 of ellipsis
    ("安全安全", 8, "安…"),  # never half a character
    ("hello world", 9, "hello…"),  # no space left before the ellipsis
    ("abcdef", 2, "ab"),  # no room for the ellipsis
    ("abc", 0, ""),
    ("\n\t \x00", 10, ""),
])
def test_sanitize_text(text: str, limit: int, expected: str) -> None:
    result = sanitize_text(text, limit)
    assert result == expected
    assert len(result.encode("utf-8")) <= max(limit, 0)


def test_sanitize_text_is_total() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(chr(rng.randrange(0, 0x110000)) for _ in range(rng.randrange(0, 60)))
        limit = rng.randrange(-2, 80)
        result = sanitize_text(text, limit)
        encoded = result.encode("utf-8")  # valid UTF-8: no surrogates left
        assert len(encoded) <= max(limit, 0)
        assert "\n" not in result and result == result.strip()
        assert not re.search("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b-\u200f]", result)
    assert sanitize_text("x" * 5_000_000 + "\n", 2048).endswith("…")


# ----------------------------------------------------------------------- encode


def test_encode_pst_emitter_vectors() -> None:
    # adamvduke/pst CLI output, key order state, id, kind, progress, app, title, msg.
    assert encode(R("working", msg="Syncing photos")) == \
        b"\x1b]7501;state=working:msg=U3luY2luZyBwaG90b3M=\x1b\\"
    assert encode(R("working", id="us-east", progress=40, title="US East", msg="Pushing image")) == \
        b"\x1b]7501;state=working:id=us-east:progress=40:title=VVMgRWFzdA==:msg=UHVzaGluZyBpbWFnZQ==\x1b\\"
    assert encode(R("working", progress=5)) == b"\x1b]7501;state=working:progress=5\x1b\\"
    assert encode(R("done"), terminator=BEL) == b"\x1b]7501;state=done\x07"


def test_encode_key_order_and_dropped_fields() -> None:
    full = R("blocked", id="a/b", kind="auth", progress=7, app="cargo", title="T", msg="M")
    assert encode(full) == b"\x1b]7501;state=blocked:id=a/b:kind=auth:progress=7:app=cargo:title=VA==:msg=TQ==\x1b\\"
    assert encode(R("done", kind="auth", progress=7)) == b"\x1b]7501;state=done\x1b\\"
    assert encode(R("working", kind="auth", progress=7)) == b"\x1b]7501;state=working:progress=7\x1b\\"
    assert encode(R("idle", title=" \n ", msg="\u200b")) == b"\x1b]7501;state=idle\x1b\\"


@pytest.mark.parametrize(("report", "word"), [
    (R("IDLE"), "state"), (R("sleeping"), "state"), (R(""), "state"),
    (R("blocked", kind="dance"), "kind"), (R("done", kind="Permission"), "kind"),
    (R("idle", id=""), "id"), (R("idle", id="a//b"), "id"), (R("idle", id="bad!"), "id"),
    (R("idle", id="a" * 33), "id"), (R("idle", id="/".join("a" * 9)), "id"),
    (R("idle", id=("a" * 31 + "/") * 4 + "a"), "id"), (R("idle", id="é"), "id"),
    (R("idle", app="a/b"), "app"), (R("idle", app="a" * (MAX_APP + 1)), "app"), (R("idle", app=""), "app"),
    (R("working", progress=101), "progress"), (R("working", progress=-1), "progress"),
    (R("working", progress=True), "progress"), (R("working", progress="5"), "progress"),  # type: ignore[arg-type]
    (R("done", progress=500), "progress"),
])
def test_encode_rejects_invalid_fields(report: Report, word: str) -> None:
    with pytest.raises(ValueError, match=rf"^invalid {word} ") as info:
        encode(report)
    assert "\n" not in str(info.value)


def test_encode_rejects_bad_terminator() -> None:
    with pytest.raises(ValueError, match="terminator"):
        encode(R("idle"), terminator=b"\x9c")


def _random_text(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.1:
        return rng.choice(["", " ", "\n", "\x00" * 10, "\u202e", "\ud800"])
    if pick < 0.2:
        return rng.choice("ab\n\t\x1b安😀\u200b") * rng.randrange(1000, 20000)
    alphabet = [chr(rng.randrange(0, 0x110000)) for _ in range(20)] + list("abc \n\t\x1b\x9c:;=")
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 3000)))


def _random_name(rng: random.Random) -> str:
    chars = "ABCXYZabcxyz0189_.+-"
    return "".join(rng.choice(chars) for _ in range(rng.randrange(1, 33)))


def test_encode_fuzz_roundtrip() -> None:
    rng = random.Random(1234)
    for _ in range(1500):
        state = rng.choice(["idle", "working", "done", "blocked", "error", "clear"])
        rid = None
        if rng.random() < 0.6:
            rid = "/".join(_random_name(rng) for _ in range(rng.randrange(1, 9)))
            if len(rid) > 128:
                with pytest.raises(ValueError):
                    encode(R(state, id=rid))
                rid = rid[:128].strip("/")
                rid = "/".join(p for p in rid.split("/") if p)
        report = R(state, id=rid,
                   kind=rng.choice([None, "permission", "question", "auth"]),
                   progress=rng.choice([None, 0, 1, 42, 99, 100]),
                   app=rng.choice([None, _random_name(rng)]),
                   title=rng.choice([None, _random_text(rng)]),
                   msg=rng.choice([None, _random_text(rng)]))
        term = rng.choice([ST, BEL])
        raw = encode(report, terminator=term)
        assert len(raw) <= MAX_SEQUENCE
        assert raw.startswith(PREFIX) and raw.endswith(term)
        assert raw.isascii()
        parsed = parse_body(raw[len(PREFIX):-len(term)])
        expected_title = sanitize_text(report.title, MAX_TITLE) if report.title else ""
        expected_msg = sanitize_text(report.msg, MAX_MSG) if report.msg else ""
        assert parsed == R(state, id=rid,
                           kind=report.kind if state == "blocked" else None,
                           progress=report.progress if state in ("working", "blocked") else None,
                           app=report.app, title=expected_title or None, msg=expected_msg or None)
        # The scanner sees exactly one valid report, whatever surrounds it.
        out, events = ReportScanner().feed(b"x" + raw + b"y")
        assert (out, events) == (b"xy", [parsed])


# ----------------------------------------------------------------------- scanner

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
            assert sc.pending == 0


def test_scanner_byte_by_byte() -> None:
    stream = b"".join(SCAN_SAMPLES[:20]) + b"tail\x1b]7"
    expected_out, expected_events = _single(stream)
    sc = ReportScanner()
    outs: list[bytes] = []
    events: list[object] = []
    for i in range(len(stream)):
        out, ev = sc.feed(stream[i:i + 1])
        assert sc.pending <= MAX_SEQUENCE
        outs.append(out)
        events += ev
    assert sc.pending == 3  # "ESC ] 7" might still start a report
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
    assert out == b"ends with esc" and sc.pending == 1
    chunk = b"[0m more"
    out, events = sc.feed(chunk)
    assert out == b"\x1b[0m more" and sc.pending == 0


@pytest.mark.parametrize("tail", [b"\x1b", b"\x1b]", b"\x1b]7", b"\x1b]75", b"\x1b]750", b"\x1b]7501"])
def test_scanner_holds_only_a_possible_prefix(tail: bytes) -> None:
    sc = ReportScanner()
    out, _ = sc.feed(b"abc" + tail)
    assert out == b"abc" and sc.pending == len(tail)
    out, _ = sc.feed(b"2;not ours\x07")  # e.g. ESC ] 2 ; a title: released unchanged
    assert out == tail + b"2;not ours\x07" and sc.pending == 0


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
        assert sc.pending <= MAX_SEQUENCE
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
