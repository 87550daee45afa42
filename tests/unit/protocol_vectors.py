"""OSC 7501 test vectors shared by the protocol tests (tests/unit/test_protocol_*.py).

The numbered vectors (ids ``vNN-<sources>``) are the 36 test vectors collected from
terminal implementations: G Ghostty, S SwiftTerm, T the tmux fork, P pst, H herdr, U a
Rust terminal. Where they disagree, the reading asserted is the one documented in
docs/protocol.md (the interpretation notes).
"""

from __future__ import annotations

from osc7501wrap.protocol import PREFIX, ST, Query, Report

R = Report


def seq(body: bytes | str, term: bytes = ST) -> bytes:
    if isinstance(body, str):
        body = body.encode()
    return PREFIX + body + term



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
