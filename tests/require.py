"""What the suite needs beyond the package, and what a missing part does to a test.

``scripts/test`` installs every prerequisite (the pinned agents in ``.agents/``, tmux,
zsh, fish, sshd, pyghostty) and exports ``OSC7501WRAP_FULL_SUITE=1``; so does CI, which
runs ``scripts/test``. Under it (or with ``CI`` set) a test whose part is missing FAILS,
naming the part. Anywhere else (a developer's ``pytest tests/unit``) it is skipped with
the same reason. Either way the test is collected: nothing vanishes with a missing part.

Use :func:`need` in a test or fixture (:func:`agent` for a pinned agent), or the marker ``pytest.mark.requires("tmux")``
(handled in tests/conftest.py), or :data:`GHOSTTY` / :func:`backend` for the screen
backends. :func:`missing` lists every absent part (``tests/unit/test_prerequisites.py``).

It does not install anything, and it does not decide about parts the suite can live
without (``man``, ``groff``, ``/proc``, root): those keep their own ``skipif``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from typing import NoReturn

import agentrun
import pytest

FULL_SUITE = "OSC7501WRAP_FULL_SUITE"
SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def full_suite() -> bool:
    """Whether a missing prerequisite is a failure (under scripts/test or CI)."""
    return os.environ.get(FULL_SUITE) == "1" or bool(os.environ.get("CI"))


def absent(part: str, why: str) -> NoReturn:
    """Fail (full suite) or skip (elsewhere) the current test: `part` is missing."""
    msg = f"missing {part}: {why}"
    if full_suite():
        pytest.fail(f"{msg} (scripts/test installs it; {FULL_SUITE}=1)", pytrace=False)
    pytest.skip(msg)


def _program(name: str) -> Callable[[], str | None]:
    def why() -> str | None:
        return None if shutil.which(name) else f"{name} is not on PATH"
    return why


def _sshd() -> str | None:
    if os.path.exists(SSHD) and shutil.which("ssh") and shutil.which("ssh-keygen"):
        return None
    return f"{SSHD}, ssh or ssh-keygen is not installed (openssh-server)"


def _ghostty() -> str | None:
    from osc7501wrap.screen import ghostty_unavailable  # an import error is an error

    return ghostty_unavailable()


def _agent(name: str) -> Callable[[], str | None]:
    def why() -> str | None:
        pin = agentrun.pins()[name]
        if agentrun.agent_exe(name) is not None:
            return None
        return (f"{pin.version} is not installed at {pin.exe}: run scripts/install-agents "
                f"{name} (install log: {pin.log})")
    return why


def _parts() -> dict[str, Callable[[], str | None]]:
    parts: dict[str, Callable[[], str | None]] = {
        "tmux": _program("tmux"), "zsh": _program("zsh"), "fish": _program("fish"),
        "bash": _program("bash"), "sshd": _sshd, "pyghostty": _ghostty,
    }
    for name in agentrun.pins(heldout=None):  # the held-out agents are run by no test
        parts[f"agent {name}"] = _agent(name)
    return parts


def why_missing(part: str) -> str | None:
    """None if `part` is here, else why not. Parts: tmux, zsh, fish, bash, sshd,
    pyghostty, ``agent <name>`` for each pinned agent."""
    parts = _parts()
    if part not in parts:
        raise KeyError(f"unknown prerequisite {part!r}: one of {', '.join(parts)}")
    return parts[part]()


def need(part: str) -> None:
    """Fail or skip the current test (see the module doc) unless `part` is here."""
    why = why_missing(part)
    if why is not None:
        absent(part, why)


def program(name: str) -> str:
    """The path of program `name` (a part: tmux, zsh, fish, bash), or fail/skip."""
    need(name)
    path = shutil.which(name)
    assert path is not None
    return path


def missing() -> dict[str, str]:
    """Every absent part with why."""
    return {p: w for p, f in _parts().items() if (w := f()) is not None}


#: why the ghostty screen backend does not work here, or None (computed once)
GHOSTTY: str | None = _ghostty()
BACKENDS = ("pyte", "ghostty")


def backend_params() -> list[object]:
    """Both screen backends as parameters; the ghostty one requires pyghostty."""
    return [pytest.param("pyte"), pytest.param("ghostty", marks=backend_marks("ghostty"))]


def backend_marks(name: str) -> list[pytest.MarkDecorator]:
    """The marks of a test on screen backend `name`."""
    return [pytest.mark.requires("pyghostty")] if name == "ghostty" else []


def backend(name: str) -> None:
    """Fail or skip the current test if screen backend `name` does not work here."""
    if name == "ghostty" and GHOSTTY is not None:
        absent("pyghostty", GHOSTTY)


def agent(name: str) -> agentrun.Pin:
    """Return the pin of an installed agent; otherwise fail under scripts/test or CI,
    skip elsewhere (as :func:`need` does).

    Call at the start of every ``@pytest.mark.agent`` test.
    """
    pin = agentrun.pins().get(name)
    if pin is None:
        pytest.fail(f"agent {name!r} is not pinned in {agentrun.PINS_FILE}")
    need(f"agent {name}")
    return pin
