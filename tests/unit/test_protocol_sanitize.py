"""osc7501wrap.protocol.sanitize: any text -> one safe line within a byte limit."""

from __future__ import annotations

import random
import re

import pytest

from osc7501wrap.protocol import sanitize_text


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


def test_escape_controls_shows_every_control_and_keeps_only_what_is_asked() -> None:
    from osc7501wrap.protocol.sanitize import escape_controls

    text = "a\x1b]52;c;$(id)\x07b\r\n\tc\x9bd\u2028e\x7f"
    assert escape_controls(text) == "a\\x1b]52;c;$(id)\\x07b\\x0d\\x0a\\x09c\\x9bd\\u2028e\\x7f"
    assert escape_controls(text, keep="\t\n") == (
        "a\\x1b]52;c;$(id)\\x07b\\x0d\n\tc\\x9bd\\u2028e\\x7f")
    assert escape_controls("#{pane_id} %H \u00e9") == "#{pane_id} %H \u00e9"


def test_flatten_and_sanitize_strip_the_same_invisible_characters() -> None:
    from osc7501wrap.protocol.redact import Redactor
    from osc7501wrap.protocol.sanitize import INVISIBLE, flatten

    hidden = "\u00ad\u180e\u200b\u200f\u202a\u202e\u2060\u2064\u2066\u2069\u061c\ufeff"
    assert re.fullmatch(f"[{INVISIBLE}]+", hidden)
    assert flatten(f"gh{hidden}p_\x1b\n\ud800x") == "ghp_  \ufffdx"
    assert sanitize_text(f"a{hidden}b", 50) == "ab"
    # a token split by any of them is still one token to the redactor
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    for c in hidden:
        split = token[:10] + c + token[10:]
        assert token not in Redactor(()).redact(f"key {split}")[0], repr(c)
