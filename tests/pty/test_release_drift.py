"""Saying when the installed agent is outside the releases its manifest was checked on.

Fake installs laid out as npm, pip and a native installer lay real agents out (a
``package.json`` whose ``bin`` names the program, a venv's ``*.dist-info``, a
``versions/<version>`` file) put ``claude``, ``codex`` and ``aider`` on PATH. ``doctor``
shows each one's version next to its manifest's ``verified_on`` and WARNs, with the
``record`` command, when it is newer or older than all of them; a live ``wrap --log``
session writes the same as one log line at start and nothing of it on the terminal;
``record`` keeps the version in the capture's header and ``explain`` shows it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from term import REPO, Terminal, base_env

from osc7501wrap import rules
from osc7501wrap.agents import versions
from osc7501wrap.capture import read_capture

CATALOG = rules.load_manifests(user_dir=None)
CLI = [sys.executable, "-m", "osc7501wrap"]
# The fake agent: one line, then a pause (the session boots when output pauses), then exit.
AGENT_SH = "#!/bin/sh\necho 'fake agent ready'\nsleep 1\n"


def npm_install(root: Path, package: str, program: str, version: str) -> Path:
    """``npm install -g package`` as npm lays it out under `root`; the bin directory."""
    pkg = root / "lib" / "node_modules" / package
    (pkg / "dist").mkdir(parents=True)
    (pkg / "package.json").write_text(json.dumps(
        {"name": package, "version": version, "bin": {program: "dist/cli.js"}}))
    script = pkg / "dist" / "cli.js"
    script.write_text(AGENT_SH)
    script.chmod(0o755)
    bindir = root / "bin"
    bindir.mkdir(exist_ok=True)
    (bindir / program).symlink_to(os.path.relpath(script, bindir))
    return bindir


def pip_install(root: Path, dist: str, program: str, version: str) -> Path:
    """A venv with `dist` `version` whose console script is `program`; the bin directory."""
    bindir = root / "bin"
    bindir.mkdir(parents=True)
    (bindir / "python").symlink_to(sys.executable)
    info = root / "lib" / "python3.12" / "site-packages" / f"{dist}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(f"[console_scripts]\n{program} = {dist}.main:main\n")
    other = info.parent / "helper-9.9.9.dist-info"  # another package's scripts do not count
    other.mkdir()
    (other / "entry_points.txt").write_text("[console_scripts]\nhelper = helper:main\n")
    script = bindir / program
    script.write_text(f"#!{bindir / 'python'}\n# -*- coding: utf-8 -*-\nimport sys\n")
    script.chmod(0o755)
    return bindir


def native_install(root: Path, program: str, version: str) -> Path:
    """A native installer's layout: bin/<program> -> share/<program>/versions/<version>."""
    target = root / "share" / program / "versions" / version
    target.parent.mkdir(parents=True)
    target.write_text(AGENT_SH)
    target.chmod(0o755)
    bindir = root / "bin"
    bindir.mkdir()
    (bindir / program).symlink_to(target)
    return bindir


def verified(name: str) -> tuple[str, ...]:
    m = CATALOG.get(name)
    assert m is not None and m.verified and m.verified_on
    return m.verified_on


def newest(name: str) -> str:
    return max(verified(name), key=versions._key)


def env_with(tmp: Path, *bindirs: Path) -> dict[str, str]:
    env = base_env(PYTHONPATH=str(REPO), OSC7501WRAP_CONFIG_DIR=str(tmp / "config"),
                   OSC7501WRAP_STATE_DIR=str(tmp / "state"),
                   OSC7501WRAP_RUNTIME_DIR=str(tmp / "run"), HOME=str(tmp))
    env["PATH"] = os.pathsep.join([*map(str, bindirs), env["PATH"]])
    return env


# --------------------------------------------------------------------------- reading versions


def test_versions_are_read_from_the_install_files(tmp_path: Path) -> None:
    npm = npm_install(tmp_path / "npm", "@anthropic-ai/claude-code", "claude", "2.1.400")
    pip = pip_install(tmp_path / "venv", "aider_chat", "aider", "0.80.1")
    native = native_install(tmp_path / "native", "claude", "2.1.290")
    assert versions.version_of(npm / "claude") == "2.1.400"
    assert versions.version_of(pip / "aider") == "0.80.1"
    assert versions.version_of(native / "claude") == "2.1.290"
    # a package.json whose bin names another program, and a script of no venv: unknown
    other = npm_install(tmp_path / "other", "left-pad", "left-pad", "1.0.0")
    (other / "codex").symlink_to(other / "left-pad")
    assert versions.version_of(other / "codex") is None
    plain = tmp_path / "plain.sh"
    plain.write_text("#!/bin/sh\necho hi\n")
    assert versions.version_of(plain) is None


def test_hostile_version_text_counts_as_unknown(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    for bad in (f"1.0$(touch {marker})", "1.0\x1b]0;x\x07", "#{pane_id}", "1.0\n2.0",
                "\u202e1.0", "9" * 10_000, ""):
        root = tmp_path / f"v{abs(hash(bad))}"
        bindir = npm_install(root, "@openai/codex", "codex", bad)
        assert versions.version_of(bindir / "codex") is None, repr(bad)
    assert not marker.exists()
    assert versions.clean_version("0.62.0-preview.1") == "0.62.0-preview.1"
    d = versions.describe("codex", "co$(touch x)dex", "1.0", ["0.9"])
    assert "'co$(touch x)dex'" in d.record_command()  # quoted for a shell


def test_where_a_version_falls() -> None:
    on = ["2.1.302", "2.1.328"]
    assert versions.drift(on, "2.1.328") == "checked"
    assert versions.drift(on, "2.1.310") == "inside"
    assert versions.drift(on, "2.1.1000") == "newer"  # numbers, not text
    assert versions.drift(on, "2.1.99") == "older"
    assert versions.drift(on, None) == versions.drift([], "2.1.328") == "unknown"


# --------------------------------------------------------------------------- doctor


def test_doctor_warns_for_an_agent_outside_the_checked_releases(tmp_path: Path) -> None:
    new = npm_install(tmp_path / "claude", "@anthropic-ai/claude-code", "claude", "99.0.0")
    same = npm_install(tmp_path / "codex", "@openai/codex", "codex", newest("codex"))
    old = pip_install(tmp_path / "aider", "aider_chat", "aider", "0.0.1")
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True,
                         env=env_with(tmp_path, new, same, old), stdin=subprocess.DEVNULL,
                         start_new_session=True, timeout=60)
    lines = out.stdout.splitlines()
    agents = [(i, x) for i, x in enumerate(lines) if x.split(":")[0].split()[-1:] == ["agents"]]
    by = {x.split()[2]: (i, x) for i, x in agents if len(x.split()) > 2}
    i, claude = by["claude"]
    on = ", ".join(verified("claude"))
    assert claude.startswith(f"WARN agents: claude 99.0.0; its manifest was verified on {on}: "
                             "this release is newer than all of them"), claude
    assert claude.endswith(" [~/claude/bin/claude]")  # HOME is tmp_path
    assert lines[i + 1] == ("     fix: record a session: osc7501wrap record -o "
                            "claude-99.0.0.jsonl -- claude; then `osc7501wrap explain "
                            "claude-99.0.0.jsonl` shows which rules match it (send the capture "
                            "upstream so the manifest is checked on this release)")
    i, aider = by["aider"]
    assert aider.startswith("WARN agents: aider 0.0.1; its manifest was verified on "
                            f"{', '.join(verified('aider'))}: this release is older"), aider
    assert "osc7501wrap record -o aider-0.0.1.jsonl -- aider" in lines[i + 1]
    _, codex = by["codex"]
    assert codex.startswith(f"OK   agents: codex {newest('codex')}; its manifest was verified "
                            f"on {', '.join(verified('codex'))} ["), codex
    assert "gemini" in next(x for _, x in agents if "not on PATH" in x)


# --------------------------------------------------------------------------- the session log


def _wrapped(tmp: Path, bindir: Path) -> tuple[str, str]:
    log = tmp / "wrap.log"
    t = Terminal.wrap(["--log", str(log), "claude"], env=env_with(tmp, bindir))
    try:
        t.expect(b"fake agent ready")
        assert t.wait(timeout=20) == 0
        t.drain()
        screen = t.output.decode("utf-8", "replace")
    finally:
        t.close()
    deadline = time.monotonic() + 5
    while "exit" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
        time.sleep(0.05)
    return log.read_text(encoding="utf-8"), screen


def test_session_log_says_it_once_at_start_never_on_the_terminal(tmp_path: Path) -> None:
    bindir = native_install(tmp_path / "claude", "claude", "0.5.0")
    text, screen = _wrapped(tmp_path, bindir)
    lines = [x for x in text.splitlines() if " note agent " in x]
    assert len(lines) == 1, text
    on = ", ".join(verified("claude"))
    assert lines[0].split(" ", 1)[1] == (
        f"note agent claude 0.5.0; its manifest was verified on {on}: this release is older "
        "than all of them, its light may be wrong; record a session: osc7501wrap record -o "
        "claude-0.5.0.jsonl -- claude")
    start = next(i for i, x in enumerate(text.splitlines()) if " start argv=" in x)
    assert text.splitlines()[start + 1] == lines[0]  # right after the start line
    assert "manifest was verified" not in screen and "0.5.0" not in screen


def test_session_log_of_a_checked_release_has_no_warning(tmp_path: Path) -> None:
    bindir = npm_install(tmp_path / "claude", "@anthropic-ai/claude-code", "claude",
                         newest("claude"))
    text, _ = _wrapped(tmp_path, bindir)
    lines = [x for x in text.splitlines() if " note agent " in x]
    assert len(lines) == 1 and lines[0].endswith(
        f"note agent claude {newest('claude')}; its manifest was verified on "
        f"{', '.join(verified('claude'))}"), text


# --------------------------------------------------------------------------- record, explain


def test_record_keeps_the_version_and_explain_shows_where_it_falls(tmp_path: Path) -> None:
    bindir = npm_install(tmp_path / "codex", "@openai/codex", "codex", "0.1.0")
    out = tmp_path / "codex.jsonl"
    env = env_with(tmp_path, bindir)
    with Terminal([*CLI, "record", "-o", str(out), "--", "codex"], env=env,
                  answer_da1=True) as t:
        t.expect(b"fake agent ready")
        assert t.wait(timeout=20) == 0
    assert read_capture(out).header["agent_version"] == "0.1.0"
    got = subprocess.run([*CLI, "explain", str(out)], capture_output=True, text=True, env=env,
                         stdin=subprocess.DEVNULL, timeout=60)
    lines = got.stdout.splitlines()
    on = ", ".join(verified("codex"))
    lines = lines[next(i for i, x in enumerate(lines) if x.startswith("program:")):]
    assert lines[0] == (f"program:  WARN codex 0.1.0; its manifest was verified on {on}: this "
                        "release is older than all of them, its light may be wrong"), got.stdout
    assert "osc7501wrap record -o codex-0.1.0.jsonl -- codex" in lines[1]
    rep = json.loads(subprocess.run([*CLI, "explain", "--json", str(out)], capture_output=True,
                                    text=True, env=env, stdin=subprocess.DEVNULL,
                                    timeout=60).stdout)
    assert rep["release"]["version"] == "0.1.0" and rep["release"]["where"] == "older"
    assert rep["release"]["outside"] is True


def test_explain_a_corpus_capture_of_a_checked_release() -> None:
    name = "claude"
    path = next(p for v in verified(name)
                for p in sorted((REPO / "tests" / "captures" / f"{name}-{v}").glob("*.jsonl")))
    got = subprocess.run([*CLI, "explain", str(path)], capture_output=True, text=True,
                         env=base_env(PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL,
                         timeout=60)
    version = read_capture(path).header["agent_version"]
    program = [x for x in got.stdout.splitlines() if x.startswith("program:")]
    assert program[0] == (f"program:  claude {version}; its manifest was "
                                          f"verified on {', '.join(verified(name))}")
