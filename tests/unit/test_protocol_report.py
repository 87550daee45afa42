"""osc7501wrap.protocol.report: the report types and the id and app checks."""

from __future__ import annotations

import pytest

from osc7501wrap.protocol import MAX_ID, Invalid, Query, Report, valid_app, valid_id


@pytest.mark.parametrize(("value", "ok"), [
    ("a", True), ("wrap/123", True), ("/".join("a" * 8), True), ("a" * 32, True),
    ("", False), ("a" * 33, False), ("/".join("a" * 9), False), ("a//b", False),
    ("/a", False), ("bad!", False), ("é", False), (None, False), (7, False),
    (("a" * 31 + "/") * 4 + "a", False),
])
def test_valid_id(value: object, ok: bool) -> None:
    assert valid_id(value) is ok
    if isinstance(value, str) and ok:
        assert len(value) <= MAX_ID


@pytest.mark.parametrize(("value", "ok"), [
    ("cargo", True), ("a" * 32, True), ("x.y+z_1-2", True),
    ("", False), ("a" * 33, False), ("a/b", False), ("a b", False), (None, False),
])
def test_valid_app(value: object, ok: bool) -> None:
    assert valid_app(value) is ok


def test_reports_compare_by_value_and_hide_untrusted_text() -> None:
    a = Report("blocked", id="x", kind="auth", msg="secret")
    assert a == Report("blocked", id="x", kind="auth", msg="secret")
    assert a != Report("blocked", id="x", kind="auth", msg="other")
    assert hash(a) == hash(Report("blocked", id="x", kind="auth", msg="secret"))
    assert "secret" not in repr(a) and "auth" in repr(a)
    assert "\x1b" not in repr(Invalid(b"\x1b]7501;state=x\x1b\\"))
    assert Query() == Query(b"\x1b\\") != Query(b"\x07")
