"""Emitter: exact bytes per state and mode, tmux wrapping, coalescing, notifications,
sub-records, exit, and a fuzz over untrusted text."""

from __future__ import annotations

import random

import pytest

from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.protocol import MAX_SEQUENCE, Report, parse_body
from osc7501wrap.report.emitter import MAX_SUBRECORDS, Emitter
from osc7501wrap.report.fallbacks import osc94

ESC = b"\x1b"
ST = b"\x1b\\"
RID = "wrap/123"
HEAD = b"\x1b]7501;"
APP = b"app=claude-code"
TITLE = b"title=cHJvag=="  # "proj"


def dec(state: str, *, kind: str | None = None, msg: str | None = None,
        progress: int | None = None, at: float = 0.0) -> Decision:
    return Decision(state, kind, msg, progress, "screen", "rule@1", at)


def em(**kw: object) -> Emitter:
    args: dict[str, object] = {"record_id": RID, "app": "claude-code", "title": "proj",
                               "seven501": True, "notify": frozenset()}
    args.update(kw)
    return Emitter(**args)  # type: ignore[arg-type]


def emit_one(e: Emitter, d: Decision, now: float) -> bytes:
    e.update(d, now)
    return e.due_bytes(now + 1.0)


def split(data: bytes) -> list[bytes]:
    """Split emitter output into sequences, unwrapping tmux passthrough (any depth).
    Fails on any byte that is not part of an OSC, a DCS passthrough or a BEL."""
    out: list[bytes] = []
    i = 0
    while i < len(data):
        if data[i] == 0x07:
            out.append(b"\x07")
            i += 1
        elif data.startswith(b"\x1bPtmux;", i):
            j = i + 7
            while True:
                assert j + 1 < len(data), "unterminated passthrough"
                if data[j] == 0x1B and data[j + 1] == 0x1B:
                    j += 2
                elif data[j] == 0x1B and data[j + 1] == 0x5C:
                    break
                else:
                    assert data[j] != 0x1B, "lone ESC inside passthrough"
                    j += 1
            out.extend(split(data[i + 7:j].replace(b"\x1b\x1b", b"\x1b")))
            i = j + 2
        elif data.startswith(b"\x1b]", i):
            j = data.index(ST, i)
            seq = data[i:j + 2]
            assert not any(b < 0x20 or b == 0x7F for b in seq[2:-2]), seq
            out.append(seq)
            i = j + 2
        else:
            raise AssertionError(f"unexpected byte {data[i:i + 8]!r} at {i}")
    return out


def parse7501(seq: bytes) -> Report:
    assert seq.startswith(HEAD) and seq.endswith(ST) and len(seq) <= MAX_SEQUENCE
    r = parse_body(seq[len(HEAD):-2])
    assert isinstance(r, Report), seq
    return r


# ------------------------------------------------------------------ 7501 exact bytes


@pytest.mark.parametrize(("decision", "body"), [
    (dec("idle"), b"state=idle:id=wrap/123:" + APP + b":" + TITLE),
    (dec("working"), b"state=working:id=wrap/123:" + APP + b":" + TITLE),
    (dec("working", msg="Run tests", progress=40),
     b"state=working:id=wrap/123:progress=40:" + APP + b":" + TITLE + b":msg=UnVuIHRlc3Rz"),
    (dec("blocked", kind="permission", msg="Bash: ls"),
     b"state=blocked:id=wrap/123:kind=permission:" + APP + b":" + TITLE
     + b":msg=QmFzaDogbHM="),
    (dec("done"), b"state=done:id=wrap/123:" + APP + b":" + TITLE),
    (dec("done", progress=50, kind="auth"), b"state=done:id=wrap/123:" + APP + b":" + TITLE),
    (dec("error", msg="exited with status 2"),
     b"state=error:id=wrap/123:" + APP + b":" + TITLE + b":msg=ZXhpdGVkIHdpdGggc3RhdHVzIDI="),
    (dec("clear"), b"state=clear:id=wrap/123"),
])
def test_exact_7501_bytes(decision: Decision, body: bytes) -> None:
    assert emit_one(em(), decision, 0.0) == HEAD + body + ST


def test_tmux_depth_1_and_2() -> None:
    e1 = Emitter(record_id="w", app="a", title=None, seven501=True, tmux_depth=1,
                 notify=frozenset())
    assert emit_one(e1, dec("done"), 0.0) == (
        b"\x1bPtmux;\x1b\x1b]7501;state=done:id=w:app=a\x1b\x1b\\\x1b\\")
    e2 = Emitter(record_id="w", app="a", title=None, seven501=True, tmux_depth=2,
                 notify=frozenset())
    assert emit_one(e2, dec("done"), 0.0) == (
        b"\x1bPtmux;\x1b\x1bPtmux;\x1b\x1b\x1b\x1b]7501;state=done:id=w:app=a"
        b"\x1b\x1b\x1b\x1b\\\x1b\x1b\\\x1b\\")
    assert split(emit_one(e2, dec("idle"), 5.0)) == [b"\x1b]7501;state=idle:id=w:app=a\x1b\\"]


# ------------------------------------------------------------------ fallback mode


@pytest.mark.parametrize(("decision", "seq"), [
    (dec("working"), b"\x1b]9;4;3\x1b\\"),
    (dec("working", progress=42), b"\x1b]9;4;1;42\x1b\\"),
    (dec("blocked", kind="permission", progress=42), b"\x1b]9;4;4\x1b\\"),
    (dec("error", msg="x"), b"\x1b]9;4;2\x1b\\"),
    (dec("done"), b"\x1b]9;4;0\x1b\\"),
])
def test_fallback_progress_bytes(decision: Decision, seq: bytes) -> None:
    e = em(seven501=False)
    if decision.state in ("done", "idle"):
        emit_one(e, dec("working"), 0.0)
    assert emit_one(e, decision, 10.0) == seq
    assert osc94(decision.state, decision.progress) == seq


def test_fallback_is_never_wrapped_for_tmux_and_dedupes_same_sequence() -> None:
    e = em(seven501=False, tmux_depth=1)
    assert emit_one(e, dec("working"), 0.0) == b"\x1b]9;4;3\x1b\\"
    # a new message changes the report but not the progress bar: nothing to write
    assert emit_one(e, dec("working", msg="other"), 2.0) == b""
    assert emit_one(e, dec("idle"), 4.0) == b"\x1b]9;4;0\x1b\\"
    assert emit_one(e, dec("done"), 6.0) == b""


def test_fallback_without_progress_writes_nothing_but_notifications() -> None:
    e = em(seven501=False, progress_fallback=False, notify=frozenset({"blocked"}),
           notify_via="bel")
    assert emit_one(e, dec("working"), 0.0) == b""
    assert emit_one(e, dec("blocked", kind="permission"), 2.0) == b"\x07"


# ------------------------------------------------------------------ dedupe, coalescing


def test_identical_reports_are_not_repeated() -> None:
    e = em()
    assert emit_one(e, dec("working", msg="a"), 0.0)
    again = Decision("working", None, "a", None, "hook", "PreToolUse", 3.0)
    assert emit_one(e, again, 3.0) == b""
    assert e.next_deadline(5.0) is None


def test_burst_is_coalesced_and_superseded_state_dropped() -> None:
    e = em()
    e.update(dec("working"), 0.0)
    assert e.next_deadline(0.0) == pytest.approx(0.1)
    assert e.due_bytes(0.05) == b""
    e.update(dec("idle"), 0.06)  # working superseded within the interval: dropped
    out = e.due_bytes(0.1)
    assert [parse7501(s).state for s in split(out)] == ["idle"]
    # flicker back to what is written: nothing at all
    e.update(dec("working"), 1.0)
    e.update(dec("idle"), 1.03)
    assert e.next_deadline(1.03) is None and e.due_bytes(1.2) == b""


def test_burst_cannot_starve_a_report() -> None:
    e = em()
    for k in range(4):  # a new message every 30 ms
        e.update(dec("working", msg=f"step {k}"), k * 0.03)
        assert e.due_bytes(k * 0.03) == b""
    out = e.due_bytes(0.1)
    assert parse7501(split(out)[0]).msg == "step 3"


def test_blocked_is_never_delayed() -> None:
    e = em()
    e.update(dec("working"), 0.0)
    e.update(dec("blocked", kind="question", msg="Which one?"), 0.02)
    due = e.next_deadline(0.02)
    assert due is not None and due <= 0.02
    seqs = split(e.due_bytes(0.02))
    assert [(parse7501(s).state, parse7501(s).kind) for s in seqs] == [("blocked", "question")]


# ------------------------------------------------------------------ notifications


def test_notification_osc9_exact_and_cooldown() -> None:
    e = em(notify=frozenset({"blocked"}), notify_via="osc9", cooldown=30.0)
    out = emit_one(e, dec("blocked", kind="permission", msg="Bash: ls"), 0.0)
    seqs = split(out)
    assert seqs[1] == (b"\x1b]9;claude-code (proj): needs your permission: Bash: ls"
                       + ST)
    emit_one(e, dec("working"), 2.0)
    assert len(split(emit_one(e, dec("blocked", kind="permission"), 4.0))) == 1  # cooldown
    emit_one(e, dec("working"), 32.0)
    assert len(split(emit_one(e, dec("blocked", kind="permission"), 35.0))) == 2
    # staying blocked with a new message is not a new notification
    assert len(split(emit_one(e, dec("blocked", kind="permission", msg="x"), 70.0))) == 1


def test_notification_per_state_cooldowns_and_states_not_in_notify() -> None:
    e = em(notify=frozenset({"done", "error"}), notify_via="bel")
    assert emit_one(e, dec("blocked", kind="permission"), 0.0).count(b"\x07") == 0
    assert emit_one(e, dec("done"), 1.0).endswith(b"\x07")
    assert emit_one(e, dec("error", msg="x"), 2.0).endswith(b"\x07")
    emit_one(e, dec("working"), 3.0)
    assert not emit_one(e, dec("done"), 4.0).endswith(b"\x07")


def test_notification_osc777_strips_semicolons() -> None:
    e = em(notify=frozenset({"blocked"}), notify_via="osc777", title="a;b")
    seqs = split(emit_one(e, dec("blocked", kind="permission", msg="rm a; rm b"), 0.0))
    assert seqs[1] == (b"\x1b]777;notify;claude-code (a,b);needs your permission: "
                       b"rm a, rm b\x1b\\")


def test_notification_osc99_and_tmux_wrapping() -> None:
    e = em(notify=frozenset({"blocked"}), notify_via="osc99", tmux_depth=1)
    out = emit_one(e, dec("blocked", kind="question", msg="Which one?"), 0.0)
    assert out.count(b"\x1bPtmux;") == 2  # the report, and the notification's two parts
    seqs = split(out)
    assert seqs[1:] == [b"\x1b]99;i=wrap-123:d=0;claude-code (proj)\x1b\\",
                        b"\x1b]99;i=wrap-123:d=1:p=body;has a question: Which one?\x1b\\"]


def test_bel_is_not_wrapped_inside_tmux() -> None:
    e = em(notify=frozenset({"blocked"}), notify_via="bel", tmux_depth=2)
    out = emit_one(e, dec("blocked", kind="permission"), 0.0)
    assert out.endswith(b"\x1b\\\x07") and out.count(b"\x07") == 1


def test_notification_text_is_sanitized() -> None:
    evil = "\x1b]0;pwned\x07\u202eevil\u200b\nline2;" + "x" * 5000
    e = em(notify=frozenset({"blocked"}), notify_via="osc9")
    out = emit_one(e, dec("blocked", kind="permission", msg=evil), 0.0)
    note = split(out)[1]
    assert b"\x07" not in note and b"\n" not in note and "\u202e".encode() not in note
    assert len(note) < 400


# ------------------------------------------------------------------ sub-records


def test_subrecords_beneath_wraps_record() -> None:
    e = em()
    e.subrecord("agent-1", Report("working", id="agent-1", app="claude-code", msg="explore"),
                0.0)
    assert e.next_deadline(0.0) == 0.0
    seqs = [parse7501(s) for s in split(e.due_bytes(0.0))]
    assert [(r.state, r.id, r.app, r.msg) for r in seqs] == [
        ("working", "wrap/123/agent-1", "claude-code", "explore")]
    # identical again: nothing
    e.subrecord("agent-1", Report("working", id="agent-1", app="claude-code", msg="explore"),
                1.0)
    assert e.due_bytes(1.0) == b""
    e.subrecord("agent-1/x", Report("done", id="agent-1/x"), 2.0)
    e.subrecord("agent-2", Report("working", id="agent-2"), 2.0)
    e.due_bytes(2.0)
    # the program's own clear-all becomes a clear of wrap's children only
    e.subrecord("", Report("clear"), 3.0)
    out = e.due_bytes(3.0)
    seqs = [parse7501(s) for s in split(out)]
    assert sorted((r.state, r.id) for r in seqs) == [
        ("clear", "wrap/123/agent-1"), ("clear", "wrap/123/agent-2")]
    assert all(r.id for r in seqs)  # never a clear without an id


@pytest.mark.parametrize("sub_id", [
    "a/b/c/d/e/f/g",  # 2 + 7 = 9 segments
    "x" * 33,  # segment too long
    "/".join(["abcdefghijklmnopqrstuvwxyz012345"] * 4),  # 128+ bytes
    "bad!", "a//b", "a/", "ü",
])
def test_invalid_subrecord_ids_are_dropped(sub_id: str) -> None:
    e = em()
    e.subrecord(sub_id, Report("working"), 0.0)
    assert e.due_bytes(0.0) == b""
    e.subrecord("ok", Report("working"), 0.0)  # the next valid one still goes
    assert [parse7501(s).id for s in split(e.due_bytes(0.0))] == ["wrap/123/ok"]


def test_subrecord_at_eight_segments_is_kept() -> None:
    e = em()
    e.subrecord("a/b/c/d/e/f", Report("working"), 0.0)
    assert parse7501(split(e.due_bytes(0.0))[0]).id == "wrap/123/a/b/c/d/e/f"


def test_subrecord_cap() -> None:
    e = em()
    for k in range(MAX_SUBRECORDS + 5):
        e.subrecord(f"s{k}", Report("working"), 0.0)
    kept = [parse7501(s).id for s in split(e.due_bytes(0.0))]
    assert kept == [f"wrap/123/s{k}" for k in range(MAX_SUBRECORDS)]  # the 5 over it dropped


def test_subrecords_not_emitted_in_fallback_mode() -> None:
    e = em(seven501=False)
    e.subrecord("a", Report("working"), 0.0)
    assert e.due_bytes(0.0) == b""


# ------------------------------------------------------------------ exit


def test_final_clean_exit_clears_own_record_only() -> None:
    e = em()
    emit_one(e, dec("done"), 0.0)
    e.subrecord("a", Report("working"), 1.0)
    e.due_bytes(1.0)
    out = e.final(0, None, 2.0)
    assert out == HEAD + b"state=clear:id=wrap/123" + ST  # removes the subtree too
    assert e.final(0, None, 3.0) == b"" and e.due_bytes(4.0) == b""


def test_final_error_clears_children_and_keeps_error() -> None:
    e = em()
    e.subrecord("a", Report("working"), 1.0)
    e.due_bytes(1.0)
    seqs = [parse7501(s) for s in split(e.final(137, 9, 2.0))]
    assert [(r.state, r.id, r.msg) for r in seqs] == [
        ("clear", "wrap/123/a", None), ("error", "wrap/123", "killed by SIGKILL")]
    assert seqs[1].app == "claude-code" and seqs[1].title == "proj"


def test_final_after_the_same_decision_is_not_repeated() -> None:
    e = em()
    e.update(Decision("error", None, "exited with status 2", None, "exit", "exit status 2",
                      1.0), 1.0)
    first = e.due_bytes(1.2)
    assert parse7501(first).msg == "exited with status 2"
    assert e.final(2, None, 1.3) == b""


def test_final_in_fallback_mode() -> None:
    e = em(seven501=False)
    emit_one(e, dec("working"), 0.0)
    assert e.final(1, False, 2.0) == b"\x1b]9;4;2\x1b\\"
    e2 = em(seven501=False)
    emit_one(e2, dec("working"), 0.0)
    assert e2.final(0, False, 2.0) == b"\x1b]9;4;0\x1b\\"


def test_invalid_record_id_is_refused_and_bad_app_cleaned() -> None:
    with pytest.raises(ValueError, match="invalid record id"):
        Emitter(record_id="bad id", app="x", title=None, seven501=True)
    e = Emitter(record_id="w", app="claude code!", title=None, seven501=True)
    assert e.app == "claudecode"


# ------------------------------------------------------------------ fuzz


def _random_text(rng: random.Random) -> str:
    pools = [
        "abc xyz;:=/+ 123",
        "".join(chr(c) for c in range(0x00, 0x20)) + "\x7f",
        "".join(chr(c) for c in range(0x80, 0xA0)),
        "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200e\u2060\ufeff\u061c",
        "日本語テスト안녕하세요",
        "😀👍🏽🫪⏺✻❯─│",
        "\u2028\u2029",
        "\ud800\udfff",
        "\x1b]7501;state=clear\x07\x1b\\",
    ]
    n = rng.choice([0, 1, 5, 40, 300, 3000, 20000])
    parts: list[str] = []
    size = 0
    while size < n:  # runs from one pool at a time: cheap to build, still mixed
        pool = rng.choice(pools)
        k = min(n - size, rng.choice([1, 3, 50, 400, 4000]))
        chunk = "".join(rng.choices(pool, k=min(k, 50)))
        run = (chunk * (k // len(chunk) + 1))[:k]
        parts.append(run)
        size += len(run)
    return "".join(parts)


def test_fuzz_untrusted_text_never_yields_an_invalid_report() -> None:
    rng = random.Random(7501)
    states = ["idle", "working", "blocked", "done", "error"]
    for round_ in range(300):
        depth = rng.choice([0, 0, 1, 2])
        e = Emitter(record_id=rng.choice(["wrap/1", "a/b/c/d/e/f/g", "x" * 32]),
                    app=_random_text(rng)[:60] or None, title=_random_text(rng) or None,
                    seven501=rng.random() < 0.8, tmux_depth=depth,
                    notify=frozenset(states), notify_via=rng.choice(
                        ["osc9", "osc777", "osc99", "bel"]), cooldown=0.0)
        now = 0.0
        for _ in range(6):
            now += 1.0
            st = rng.choice(states)
            e.update(Decision(st, rng.choice([None, "permission", "question", "auth"]),
                              _random_text(rng) or None, rng.choice([None, 0, 55, 100]),
                              "screen", "r", now), now)
            e.subrecord(rng.choice(["s", "s/t", "bad id", ""]),
                        Report(rng.choice([*states, "clear"]), title=_random_text(rng) or None,
                               msg=_random_text(rng) or None), now)
            out = e.due_bytes(now + 0.5)
            for seq in split(out):
                if seq.startswith(HEAD):
                    r = parse7501(seq)
                    assert r.id is not None and r.id.startswith(e.record_id), round_
                elif seq.startswith(b"\x1b]9;4;"):
                    assert seq in {osc94(s, p) for s in states for p in (None, 0, 55, 100)}
                elif seq.startswith(b"\x1b]9;"):
                    payload = seq[4:-2]
                    assert not payload[:1].isdigit() or b";" not in payload[:4]
                    payload.decode("utf-8")
                elif seq.startswith(b"\x1b]777;notify;"):
                    assert seq[2:-2].count(b";") == 3
                else:
                    assert seq == b"\x07" or seq.startswith(b"\x1b]99;"), seq
        for seq in split(e.final(rng.choice([0, 1, 137]), rng.choice([None, 9]), now + 1)):
            if seq.startswith(HEAD):
                parse7501(seq)
