"""Checks that need a fresh interpreter, kept out of tests/unit (which runs in one
process, without a pty or a child): what a module loads when it is first imported, and
the ``wrap config`` command's output and exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from osc7501wrap import config as C

TOKEN = "a" * 32


def _write(path: Path, text: str) -> Path:
    f = path / "config.toml"
    f.write_text(text, encoding="utf-8")
    return f


def test_authenticating_a_message_loads_no_crypto_library(rundir: Path) -> None:
    """hmac would load libcrypto through hashlib: about 4 MiB more in every session that
    gets a hook event, for one comparison of two strings."""
    code = f"""
import select, sys
from osc7501wrap.session import channel
srv = channel.ControlServer(channel.socket_path(4243), {TOKEN!r})
for token in ({TOKEN!r}, "x" * 32):  # the right token, then a wrong one
    channel.request(srv.path, token, {{"kind": "send", "text": token}}, want_reply=False)
select.select([srv], [], [], 5)
print([m.data["text"][:1] for m in srv.receive()], "hashlib" in sys.modules)
srv.close()
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "OSC7501WRAP_RUNTIME_DIR": str(rundir)},
                         timeout=60, check=False)
    assert out.stdout.strip() == "['a'] False", out.stderr


@pytest.mark.requires("pyghostty")
def test_the_ghostty_backend_does_not_import_pyte() -> None:
    """pyte and wcwidth take tens of milliseconds to import, on the passthrough loop."""
    code = ("import sys; from osc7501wrap.screen import make_screen; "
            "s = make_screen(4, 10); s.feed(b'hi'); "
            "print(s.backend, s.lines()[0], 'pyte' in sys.modules, 'wcwidth' in sys.modules)")
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert got == ["ghostty", "hi", "False", "False"]


def _run_config(tmp_path: Path, *args: str, env: dict[str, str] | None = None,
                ) -> subprocess.CompletedProcess[str]:
    e = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path),
         "OSC7501WRAP_CONFIG_DIR": str(tmp_path)}
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "osc7501wrap.start.cli", "config", *args],
                          capture_output=True, text=True, env=e, timeout=30)


def test_cmd_config_prints_values_sources_and_problems(tmp_path: Path) -> None:
    _write(tmp_path, 'emit = "always"\n[fallbacks]\ncooldown = "x"\n')
    out = _run_config(tmp_path, env={"OSC7501WRAP_SCREEN": "pyte"})
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert lines[0] == "# file: ~/config.toml"
    table = {ln.split(" = ", 1)[0]: ln for ln in lines[1:]}
    assert table["emit"].split() == ["emit", "=", '"always"', "#", "~/config.toml:1"]
    assert table["screen"].split() == ["screen", "=", '"pyte"', "#", "env", "OSC7501WRAP_SCREEN"]
    assert table["fallbacks.cooldown"].split() == ["fallbacks.cooldown", "=", "30", "#", "default"]
    assert table["fallbacks.notify"].split() == ["fallbacks.notify", "=", '["blocked"]', "#",
                                                 "default"]
    assert set(table) == set(C.Config().effective())
    assert out.stderr == ('config: ~/config.toml:3: fallbacks.cooldown: expected a number from '
                          '0 to 86400, got "x"; using 30\n')


def test_cmd_config_json_and_clean_exit(tmp_path: Path) -> None:
    out = _run_config(tmp_path, "--json")
    assert out.returncode == 0 and out.stderr == ""
    doc = json.loads(out.stdout)
    assert doc["file_exists"] is False
    first = _run_config(tmp_path).stdout.splitlines()[0]
    assert first == "# file: ~/config.toml (not found; every value is its default)"
    assert doc["problems"] == []
    assert doc["values"]["classifier.guard_ms"] == 1500
    assert doc["values"]["fallbacks.notify"] == ["blocked"]
    assert set(doc["sources"].values()) == {"default"}
    _write(tmp_path, '[agents.codex]\nenabled = false\n')
    doc = json.loads(_run_config(tmp_path, "--json").stdout)
    assert doc["file"] == str(tmp_path / "config.toml") and doc["file_exists"] is True
    assert doc["values"]["agents.codex.enabled"] is False
    assert doc["sources"]["agents.codex.enabled"] == "~/config.toml:2"  # HOME is tmp_path
