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

from .sanitize import UNSAFE_RE


def inert_json(value: Any, *, indent: int | None = None, default: Any = None) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with every character above escaped."""
    text = json.dumps(value, ensure_ascii=False, indent=indent, default=default)
    return UNSAFE_RE.sub(_escape, text)


def _escape(m: re.Match[str]) -> str:
    c = m.group()  # C0 is json's own (escaped in strings; the newlines of `indent`)
    return c if c < " " else f"\\u{ord(c):04x}"
