"""Where osc7501wrap keeps its files: the Path and the string form of each directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from osc7501wrap import paths


@pytest.mark.parametrize("raw", ["/a//b/", "//x/y", "///x", "a/./b", ".", "./", "/", "a/../b",
                                 "rel/dir/"])
def test_normalize_spells_paths_as_pathlib_does(raw: str) -> None:
    assert paths.normalize(raw) == str(Path(raw))


@pytest.mark.parametrize("env", [
    {},
    {"XDG_CONFIG_HOME": "/xdg/config/", "XDG_STATE_HOME": "/xdg//state",
     "XDG_RUNTIME_DIR": "/run/user/1"},
    {"XDG_CONFIG_HOME": "relative", "XDG_RUNTIME_DIR": "relative"},  # ignored: not absolute
    {"OSC7501WRAP_CONFIG_DIR": "~/cfg/", "OSC7501WRAP_STATE_DIR": "/s/./t",
     "OSC7501WRAP_RUNTIME_DIR": "~/run"},
])
def test_string_forms_match_the_paths(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      env: dict[str, str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
                "OSC7501WRAP_CONFIG_DIR", "OSC7501WRAP_STATE_DIR", "OSC7501WRAP_RUNTIME_DIR"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert str(paths.config_dir()) == paths.config_dir_str()
    assert str(paths.config_file()) == paths.config_file_str()
    assert str(paths.state_dir()) == paths.state_dir_str()
    assert str(paths.runtime_dir()) == paths.runtime_dir_str()
    assert paths.user_rules_dir() == paths.config_dir() / "rules"
    if not env:
        assert paths.config_file() == tmp_path / ".config/osc7501wrap/config.toml"
        assert paths.runtime_dir() == tmp_path / ".local/state/osc7501wrap/run"


def test_runtime_dir_is_created_private(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    target = tmp_path / "deep" / "run"
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(target))
    assert paths.runtime_dir_str(create=True) == str(target)
    assert target.is_dir() and target.stat().st_mode & 0o777 == 0o700
    os.chmod(target, 0o755)
    assert paths.runtime_dir(create=True) == target  # an existing one is made private again
    assert target.stat().st_mode & 0o777 == 0o700
