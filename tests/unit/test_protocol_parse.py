"""osc7501wrap.protocol.parse: one body -> Report, Query or None (the parse vectors)."""

from __future__ import annotations

import pytest
from protocol_vectors import PARSE_VECTORS

from osc7501wrap.protocol import parse_body


@pytest.mark.parametrize(("body", "expected"), [pytest.param(b, e, id=i) for i, b, e in PARSE_VECTORS])
def test_parse_vector(body: str, expected: object) -> None:
    assert parse_body(body) == expected
    assert parse_body(body.encode()) == expected
