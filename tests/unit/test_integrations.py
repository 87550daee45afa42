"""Agents' integrations by name: the manifest names its agent's integration, agents/ maps
the name to the code, and `--agent` decides it as the program does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from osc7501wrap import agents, rules
from osc7501wrap.start.hook import ENV_INTEGRATION
from osc7501wrap.start.prepare import RunOptions, Setup, builtin_integrations, prepare

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rundir: Path) -> None:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("OSC7501WRAP_HOOKS", raising=False)


def _run(argv: list[str], agent: str | None = None, hooks: bool = True) -> Setup:
    return prepare(RunOptions(argv, agent=agent, emit="never", hooks=hooks))


def _registered(setup: Setup) -> bool:
    return setup.argv[1:2] == ["--settings"] and ENV_INTEGRATION in setup.env


def test_agent_forced_on_another_program_adds_no_arguments_it_cannot_take() -> None:
    setup = _run(["./other-program", "-x"], agent="claude")
    assert (setup.integration, setup.hooked, setup.argv) == ("", False, ["./other-program", "-x"])
    assert ENV_INTEGRATION not in setup.env
    setup = _run(["claude", "-x"], agent="claude")  # the manifest's own program: added
    assert setup.integration == "claude-hooks" and setup.hooked and _registered(setup)


def test_agent_forced_to_generic_gets_none_even_for_the_agents_program() -> None:
    setup = _run(["claude", "-x"], agent="generic")
    assert (setup.integration, setup.hooked, setup.argv) == ("", False, ["claude", "-x"])
    assert ENV_INTEGRATION not in setup.env


def test_the_program_by_its_own_name_gets_its_manifests_integration() -> None:
    setup = _run(["/usr/local/bin/claude"])
    assert setup.integration == "claude-hooks" and _registered(setup)
    # a wrapper in front: the arguments would go to the wrapper, so none are added
    assert _run(["npx", "claude"]).integration == ""
    assert _run(["claude"], hooks=False).integration == ""
    assert _run(["cat"]).integration == ""


def test_a_users_manifest_names_an_integration(tmp_path: Path) -> None:
    user = tmp_path / "config" / "rules"
    user.mkdir(parents=True)
    (user / "mine.toml").write_text('[manifest]\nname = "mine"\nversion = "1"\n'
                                    'programs = ["mine"]\nintegration = "claude-hooks"\n')
    assert _run(["mine"]).integration == "claude-hooks"
    (user / "mine.toml").write_text('[manifest]\nname = "mine"\nversion = "1"\n'
                                    'programs = ["mine"]\nintegration = "nobody-knows"\n')
    setup = _run(["mine"])
    assert (setup.integration, setup.argv) == ("", ["mine"])
    assert any("nobody-knows" in n for n in setup.notes)


def test_the_header_read_before_the_start_agrees_with_the_manifests() -> None:
    catalog = rules.load_manifests(user_dir=None)
    assert not catalog.errors
    full = {p: m.integration for m in catalog.manifests.values() if m.integration
            for p in m.programs}
    assert full == builtin_integrations() and full
    assert set(full.values()) <= set(agents.INTEGRATIONS)


def test_a_header_in_another_shape_is_left_to_the_manifest_load(tmp_path: Path) -> None:
    shutil.copy(ROOT / "rules" / "generic.toml", tmp_path / "generic.toml")
    text = '[manifest]\nname = "x"\nversion = "1"\nintegration = "claude-hooks"\n'
    (tmp_path / "x.toml").write_text(text + 'programs = ["x", "y"]\n')
    assert builtin_integrations(str(tmp_path)) == {"x": "claude-hooks", "y": "claude-hooks"}
    (tmp_path / "x.toml").write_text(text + 'programs = [\n  "x",\n]\n')
    assert builtin_integrations(str(tmp_path)) is None
    (tmp_path / "x.toml").write_text(text.replace('"claude-hooks"', "'claude-hooks'"))
    assert builtin_integrations(str(tmp_path)) is None


def test_agents_map_names_to_code() -> None:
    assert agents.meaning("") is None and agents.reducer("no-such") is None
    edge = agents.meaning("claude-hooks")
    assert edge is not None and edge("Stop", {}).state == "done"
    reduce = agents.reducer("claude-hooks")
    assert reduce is not None and reduce("Stop", {"session_id": "s", "x": 1}) == {
        "session_id": "s"}
