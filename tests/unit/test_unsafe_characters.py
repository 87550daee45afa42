"""One table of the characters untrusted text must not carry raw: every place that
cleans text (one-line reports, dialogs, the registry, JSON, contrib/notify-answer, which
runs without the package) takes out exactly the same characters."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
from pathlib import Path

from osc7501wrap.protocol import inert_json, sanitize_text
from osc7501wrap.protocol.sanitize import UNSAFE_RE
from osc7501wrap.rules.dialog import clean as clean_label
from osc7501wrap.session.registry import clean_text

CONTRIB = Path(__file__).resolve().parents[2] / "contrib" / "notify-answer"
EVERY = [chr(o) for o in range(0x110000)]
UNSAFE = {c for c in EVERY if UNSAFE_RE.fullmatch(c)}


def test_the_table_holds_controls_c1_bidi_invisible_and_surrogates_only() -> None:
    assert {"\x00", "\x1b", "\x7f", "\x9b", "\u2028", "\u202e", "\u2066", "\u200b",
            "\u2060", "\u061c", "\ufeff", "\ud800"} <= UNSAFE
    assert not {" ", "a", "é", "安", "🎉", "\u00a0", "│", "❯"} & UNSAFE
    assert {"\u00ad", "\u180e"} <= UNSAFE  # the soft hyphen, the Mongolian vowel separator
    assert len(UNSAFE) == 32 + 33 + 2 + 5 + 10 + 5 + 1 + 1 + 2 + 2048


def test_every_cleaner_takes_out_the_same_characters() -> None:
    # lone surrogates one apart: JSON reads an escaped high one before a low one as a pair
    text = "".join(EVERY[:0x3000]) + "x".join(EVERY[0xd800:0xe000]) + "\ufeff"
    kept = set(text) - UNSAFE
    assert set(clean_text(text)) - {" "} == kept - {" "}
    assert not set(clean_label(text, 10 ** 6)) & UNSAFE
    assert not set(sanitize_text(text, 10 ** 6)) & UNSAFE
    assert not set(inert_json(text)) & UNSAFE
    assert json.loads(inert_json(text)) == text


def test_contrib_notify_answer_uses_the_same_table() -> None:
    loader = importlib.machinery.SourceFileLoader("notify_answer", str(CONTRIB))
    spec = importlib.util.spec_from_loader("notify_answer", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    assert {c for c in EVERY if module.CONTROLS.fullmatch(c)} == UNSAFE
