"""JSON for a terminal: :func:`inert_json`, what the commands print with ``--json``.

``json.dumps(ensure_ascii=False)`` keeps readable text as it is but also leaves raw what a
terminal may act on or what reorders the text shown (DEL, C1 controls, the Unicode line
breaks, bidi marks, invisible characters) and lone surrogates, which no terminal's
encoding can write. Here each of them is a ``\\uXXXX`` escape: the JSON means the same
value (JSON's own syntax is ASCII, so every such character is inside a string).

Not here: making text one safe line (:mod:`.sanitize`), redacting secrets (:mod:`.redact`).
"""

from __future__ import annotations

import json
import re
from typing import Any

_RAW_RE = re.compile(
    "[\ud800-\udfff\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060"
    "\u061c\ufeff]")


def inert_json(value: Any, *, indent: int | None = None, default: Any = None) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with every character above escaped."""
    text = json.dumps(value, ensure_ascii=False, indent=indent, default=default)
    return _RAW_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
