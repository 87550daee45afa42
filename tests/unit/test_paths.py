"""Where osc7501wrap keeps its files: each directory as a string spelled as pathlib does."""

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
def test_directories_are_spelled_as_pathlib_spells_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      env: dict[str, str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
                "OSC7501WRAP_CONFIG_DIR", "OSC7501WRAP_STATE_DIR", "OSC7501WRAP_RUNTIME_DIR"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    for path in (paths.config_dir(), paths.config_file(), paths.state_dir(),
                 paths.runtime_dir(), paths.user_rules_dir()):
        assert isinstance(path, str) and path == str(Path(path))
    assert Path(paths.config_file()) == Path(paths.config_dir()) / "config.toml"
    assert Path(paths.user_rules_dir()) == Path(paths.config_dir()) / "rules"
    if not env:
        assert paths.config_file() == str(tmp_path / ".config/osc7501wrap/config.toml")
        assert paths.runtime_dir() == str(tmp_path / ".local/state/osc7501wrap/run")


def test_runtime_dir_is_created_private(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    target = tmp_path / "deep" / "run"
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(target))
    assert paths.runtime_dir(create=True) == str(target)
    assert target.is_dir() and target.stat().st_mode & 0o777 == 0o700
    os.chmod(target, 0o755)
    assert paths.runtime_dir(create=True) == str(target)  # an existing one: private again
    assert target.stat().st_mode & 0o777 == 0o700
