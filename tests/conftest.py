"""Shared fixtures: scripted terminals (see tests/term.py) that are always cleaned up.

The tests live by kind in tests/unit, tests/pty, tests/corpus and tests/e2e; the shared
helpers (term, e2e, e2e_agents, dynamic, fake_agent, require) stay here in tests/ and are
imported by their names from any of those folders, as are the agent harness's (agentrun,
fakeapi, agents) from harness/.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
#: the agent harness (agentrun, fakeapi, the table of agents) that scripts/capture-agents
#: uses too, imported by its module names like the helpers here
HARNESS = TESTS.parent / "harness"
for _path in (HARNESS, TESTS):  # pytest puts TESTS there too (rootdir conftest); made sure
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import require  # noqa: E402
from term import FRONTS, Front, Terminal  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    # Every wrap the suite runs keeps its ledger and notes in a state directory of the
    # run's own, never the user's (a test that needs another one sets its own).
    if "OSC7501WRAP_STATE_DIR" not in os.environ:
        state = tempfile.mkdtemp(prefix="o7w-state-")
        os.environ["OSC7501WRAP_STATE_DIR"] = state
        config.add_cleanup(lambda: shutil.rmtree(state, ignore_errors=True))
    config.addinivalue_line(
        "markers", "requires(*parts): parts of tests/require.py the test needs: missing, "
        "it fails under scripts/test (OSC7501WRAP_FULL_SUITE=1) and skips elsewhere")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("requires"):
        for part in mark.args:
            require.need(part)


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


@pytest.fixture(params=sorted(FRONTS))
def front(request: pytest.FixtureRequest) -> Front:
    """Each way of running a transparent wrap: the bare proxy (``wrap-proxy``, and
    ``wrap-select`` waiting in select(2) as on macOS) and the real command with
    reporting off (``wrap --emit never``)."""
    return Front(request.param, FRONTS[request.param])


@pytest.fixture
def wrap_term(terminal: Callable[..., Terminal], front: Front) -> Callable[..., Terminal]:
    """Factory: ``wrap_term(args, **kw)`` runs ``<front> args...`` in a Terminal."""

    def make(args: Sequence[str], **kwargs: Any) -> Terminal:
        return terminal([*front.argv, *args], **kwargs)

    return make


@pytest.fixture
def rundir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private runtime directory (OSC7501WRAP_RUNTIME_DIR) for registry files and
    sockets; under /tmp and short on purpose: pytest's tmp_path is too long for an
    AF_UNIX socket path."""
    base = Path(tempfile.mkdtemp(prefix="ow", dir="/tmp"))
    d = base / "rt"
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(d))
    yield d
    shutil.rmtree(base, ignore_errors=True)
