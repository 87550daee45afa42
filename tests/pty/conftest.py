"""Fixtures shared by the tests of this folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def server(tmp_path: Path) -> Iterator[object]:
    """A private tmux server whose panes run wrap with their own registry directory
    (test_tmux_display.Server), killed after the test."""
    from test_tmux_display import Server

    s = Server(tmp_path / "run")
    try:
        yield s
    finally:
        s.kill()
