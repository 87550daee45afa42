"""osc7501wrap.protocol.encoder: a Report -> the exact bytes, the query and its reply."""

from __future__ import annotations

import random

import pytest
from protocol_vectors import R

from osc7501wrap.protocol import (
    BEL,
    MAX_APP,
    MAX_MSG,
    MAX_SEQUENCE,
    MAX_TITLE,
    PREFIX,
    ST,
    Query,
    Report,
    encode,
    encode_query,
    parse_body,
    query_reply,
    sanitize_text,
)
from osc7501wrap.stream.scanner import ReportScanner


def test_v01_query_reply_echoes_terminator() -> None:
    assert query_reply(Query(ST)) == b"\x1b]7501;?\x1b\\"
    assert query_reply(Query(BEL)) == b"\x1b]7501;?\x07"
    assert encode_query() == b"\x1b]7501;?\x1b\\"



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
