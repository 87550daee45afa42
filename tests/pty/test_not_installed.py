"""`wrap AGENT` when AGENT is not installed: one line that says so and how to get it.

The way to get it is the manifest's `install` text: data, shown and never run, refused at
load time unless it is one printable line. A program no manifest names gets a plain line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from term import Terminal, base_env, fresh_pty_modes

from osc7501wrap import rules
from osc7501wrap.rules import ManifestError, parse_manifest_text


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """No agent on PATH (only the system's directories), a private config and state."""
    e = base_env(PATH="/usr/bin:/bin", OSC7501WRAP_CONFIG_DIR=str(tmp_path / "config"),
                 OSC7501WRAP_STATE_DIR=str(tmp_path / "state"))
    for name in ("claude", "frobnicate-7501", "cursor-agent"):
        assert shutil.which(name, path=e["PATH"]) is None, f"{name} is on {e['PATH']}"
    return e


def run_wrap(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    with Terminal.wrap(args, env=env, answer_7501=True, answer_da1=True) as t:
        status = t.wait(timeout=20)
        modes = t.termios()
    assert modes == fresh_pty_modes()  # not left raw
    assert t.queries == []  # the terminal is not even probed: nothing but the line
    return status, t.text


def error_lines(text: str) -> list[str]:
    # What the user reads: the terminal output without the probe's escape sequences.
    lines = [ln for ln in text.replace("\r\n", "\n").split("\n") if "wrap:" in ln]
    return [ln[ln.index("wrap:"):] for ln in lines]


def test_missing_claude_says_how_to_install_it(env: dict[str, str]) -> None:
    install = rules.load_manifests(None).get("claude").install  # type: ignore[union-attr]
    assert install == "npm install -g @anthropic-ai/claude-code"
    status, text = run_wrap(["claude"], env)
    assert status == 127
    assert error_lines(text) == [
        "wrap: claude: command not found; install Claude Code: "
        "npm install -g @anthropic-ai/claude-code"]
    assert text == ("wrap: claude: command not found; install Claude Code: "
                    "npm install -g @anthropic-ai/claude-code\r\n")


def test_every_agent_manifest_says_how_to_get_it() -> None:
    cat = rules.load_manifests(None)
    assert cat.errors == []
    without = sorted(n for n, m in cat.manifests.items() if m.programs and not m.install)
    # Cursor's CLI has no package-manager install; its hint names it instead.
    assert without == ["cursor"]


def test_agent_without_install_text_and_unknown_program_get_a_plain_line(
        env: dict[str, str]) -> None:
    status, text = run_wrap(["cursor-agent"], env)
    assert status == 127
    assert error_lines(text) == [
        "wrap: cursor-agent: command not found; "
        "is Cursor Agent CLI installed, and its directory on PATH?"]
    status, text = run_wrap(["frobnicate-7501", "--flag"], env)
    assert status == 127
    assert error_lines(text) == [
        "wrap: frobnicate-7501: command not found; is it installed, and its directory on PATH?"]
    status, text = run_wrap(["./no/such/program"], env)
    assert status == 127
    assert error_lines(text) == ["wrap: ./no/such/program: command not found"]


def test_install_text_is_shown_never_run(env: dict[str, str], tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    user = Path(env["OSC7501WRAP_CONFIG_DIR"]) / "rules"
    user.mkdir(parents=True)
    (user / "mine.toml").write_text(
        '[manifest]\nname = "mine"\nversion = "1"\nprograms = ["frobnicate-7501"]\n'
        f'description = "Mine"\ninstall = "touch {marker}; $(touch {marker})"\n')
    status, text = run_wrap(["frobnicate-7501"], env)
    assert status == 127
    assert error_lines(text) == [
        f"wrap: frobnicate-7501: command not found; install Mine: "
        f"touch {marker}; $(touch {marker})"]
    assert not marker.exists()


@pytest.mark.parametrize("value", [
    '"line one\\nline two"', '"\\u001b]0;title\\u0007"', "42", '"' + "x" * 201 + '"'])
def test_install_text_must_be_one_printable_line(value: str) -> None:
    with pytest.raises(ManifestError, match="install must be one line of printable text"):
        parse_manifest_text(f'[manifest]\nname = "m"\nversion = "1"\ninstall = {value}\n')
