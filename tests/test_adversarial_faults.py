"""Resource faults and bad configuration: each gives one line on stderr and the child
still runs (through a real pty)."""

from __future__ import annotations

from pathlib import Path

from term import Terminal, base_env


def _lines_with(text: str, what: str) -> list[str]:
    return [x for x in text.replace("\r", "").split("\n") if what in x]


def test_broken_config_and_manifest_are_said_on_stderr_at_start(rundir: Path,
                                                                 tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    (cfg / "config.toml").write_text('[classifier]\nsettle_ms = "x"\n')
    (cfg / "rules" / "mine.toml").write_text('[manifest]\nname = "mine"\n')
    (cfg / "rules" / "peek.toml").write_text(
        '[manifest]\nname = "peek"\nversion = "1"\n[[rule]]\nid = "p"\nstate = "idle"\n'
        "region = \"screen\"\nregex = '(?<=x)y'\n")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    with Terminal.wrap(["sh", "-c", "echo CHILD-RAN"], env=env) as t:
        assert t.wait(timeout=10) == 0
        text = t.text
    said = [x for x in text.replace("\r", "").split("\n") if x.startswith("wrap: ")]
    print("stderr lines:", said)
    assert len(_lines_with(text, "settle_ms")) == 1
    assert len(_lines_with(text, "mine.toml")) == 1
    assert len(_lines_with(text, "peek.toml")) == 1 and "linear-time" in text
    assert text.index("wrap: ") < text.index("CHILD-RAN")  # at start, before the child
    assert "Traceback" not in text
