"""Every part the suite needs beyond the package is here (tests/require.py): under
scripts/test a missing one fails this test, named; elsewhere it is a skip listing them.
The rest of the suite says the same test by test; this is the one line to read."""

from __future__ import annotations

from pathlib import Path

import pytest
import require


def test_every_prerequisite_is_here() -> None:
    gone = require.missing()
    if gone:
        require.absent(", ".join(gone), " | ".join(f"{p}: {w}" for p, w in gone.items()))


def test_a_missing_part_fails_the_full_suite_and_skips_elsewhere(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(require, "_sshd", lambda: "not here")
    for full in (True, False):
        monkeypatch.delenv("CI", raising=False)
        if full:
            monkeypatch.setenv(require.FULL_SUITE, "1")
        else:
            monkeypatch.delenv(require.FULL_SUITE, raising=False)
        expected = pytest.fail.Exception if full else pytest.skip.Exception
        with pytest.raises(expected, match=r"^missing sshd: not here"):
            require.need("sshd")


def test_every_pinned_agent_is_a_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import agentrun

    monkeypatch.setattr(agentrun, "AGENTS_DIR", tmp_path)  # as OSC7501WRAP_AGENTS_DIR does
    pins = agentrun.pins(heldout=None)
    only = next(iter(pins))
    exe = tmp_path / pins[only].exe.relative_to(tmp_path)
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    gone = require.missing()
    assert {p for p in gone if p.startswith("agent ")} == {f"agent {n}" for n in pins if n != only}
    assert all(f"scripts/install-agents {n}" in gone[f"agent {n}"] for n in pins if n != only)
    with pytest.raises(KeyError, match="unknown prerequisite"):
        require.why_missing("agent nobody")
    # the agents recorded only for the held-out figures are no prerequisite of any test
    held = set(agentrun.pins()) - set(pins)
    assert held >= {"continue", "vibe", "kimi", "deepagents", "mini"}
    assert not {p for p in gone if p.split(" ", 1)[-1] in held}
