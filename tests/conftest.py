"""Shared fixtures: scripted terminals (see tests/term.py) that are always cleaned up."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from term import Terminal


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    """Factory: ``terminal(argv, **kw)`` starts a Terminal closed after the test."""
    made: list[Terminal] = []

    def make(argv: Sequence[str], **kwargs: Any) -> Terminal:
        t = Terminal(argv, **kwargs)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


@pytest.fixture
def wrap_term(terminal: Callable[..., Terminal]) -> Callable[..., Terminal]:
    """Factory: ``wrap_term(args, **kw)`` runs ``wrap args...`` in a Terminal."""
    from term import wrap_command

    def make(args: Sequence[str], **kwargs: Any) -> Terminal:
        return terminal([*wrap_command(), *args], **kwargs)

    return make
