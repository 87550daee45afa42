"""tests/protocol_store.py: what a terminal keeps (the store vectors)."""

from __future__ import annotations

import re

from protocol_store import RecordStore
from protocol_vectors import R, seq

from osc7501wrap.protocol import (
    BEL,
    PREFIX,
    Query,
    Report,
    ReportScanner,
    query_reply,
)


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
