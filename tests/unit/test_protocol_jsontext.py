"""osc7501wrap.protocol.jsontext: JSON a terminal prints as text, the same value parsed."""

from __future__ import annotations

import json
import random
import re

from osc7501wrap.protocol import inert_json


def test_inert_json_escapes_what_a_terminal_acts_on_and_means_the_same_value() -> None:
    value = {"text": "ok é 安 🎉 \x1b]0;t\x07 \x9b31m \x7f \u202eevil\u2069 \u200b "
                     "\u2028 \ud800 $(touch x) #{host} %H",
             "n": [1, None, True]}
    for indent in (None, 2):
        text = inert_json(value, indent=indent)
        assert json.loads(text) == value
        assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                             "\u2066-\u2069\u200b-\u200f\ud800-\udfff]", text)
        text.encode("utf-8")  # writable: no lone surrogate
        assert "é 安 🎉" in text and "$(touch x) #{host} %H" in text  # readable text stays


def test_inert_json_is_total_on_random_text() -> None:
    rng = random.Random(11)
    for _ in range(500):
        value = ["".join(chr(rng.randrange(0, 0x110000)) for _ in range(rng.randrange(40)))]
        text = inert_json(value)
        assert json.loads(text) == value and "\n" not in text
        text.encode("utf-8")
