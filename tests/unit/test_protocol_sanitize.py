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
