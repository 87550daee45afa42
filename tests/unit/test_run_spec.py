"""The run spec a session is started with: frozen, and the manifest in it only when the
start loaded it; otherwise the session loads it at its boot, explicitly, with the same
outcome as the start would have had."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_session_boot import FakeProxy

from osc7501wrap.session.session import Session
from osc7501wrap.session.spec import RunSpec
from osc7501wrap.start.prepare import RunOptions, prepare


@pytest.fixture(autouse=True)
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(tmp_path / "run"))


def test_the_spec_is_frozen_and_its_parts_cannot_be_changed_in_place() -> None:
    spec = prepare(RunOptions(["cat", "-n"], emit="never")).spec()
    with pytest.raises(AttributeError, match="frozen"):
        spec.hooked = True  # type: ignore[misc]
    with pytest.raises(AttributeError, match="frozen"):
        del spec.argv
    with pytest.raises(TypeError):
        spec.env["PATH"] = "/x"  # type: ignore[index]
    assert spec.argv == ("cat", "-n") and isinstance(spec.notes, tuple)
    other = spec.replace(hooked=True)
    assert other.hooked and not spec.hooked and other.argv == spec.argv
    with pytest.raises(TypeError, match="unknown"):
        RunSpec(**{name: getattr(spec, name) for name in spec.__slots__}, extra=1)


def test_a_spec_is_not_changed_by_the_setup_it_came_from() -> None:
    setup = prepare(RunOptions(["cat"], emit="never"))
    spec = setup.spec()
    setup.notes.append("later")
    setup.argv.append("--more")
    assert "later" not in spec.notes and spec.argv == ("cat",)


def test_the_manifest_is_loaded_at_the_boot_unless_the_start_loaded_it() -> None:
    spec = prepare(RunOptions(["claude"], emit="never", hooks=False)).spec()
    assert spec.manifest is None  # nothing at the start needed the rules
    s = Session(spec)
    s.started(FakeProxy())  # type: ignore[arg-type]
    try:
        assert s.manifest is None
        s._boot()
        assert s.manifest is not None and s.manifest.name == "claude"
        assert s.pipeline is not None and s.pipeline.manifest is s.manifest
        assert spec.manifest is None  # the spec stays as the start made it
    finally:
        s.close()

    forced = prepare(RunOptions(["cat"], agent="aider", emit="never")).spec()
    assert forced.manifest is not None and forced.manifest.name == "aider"
    s = Session(forced)
    s.started(FakeProxy())  # type: ignore[arg-type]
    try:
        s._boot()
        assert s.manifest is forced.manifest  # not loaded twice
    finally:
        s.close()
