"""The shell integration, sourced into real bash, zsh and fish running in a pty.

Fake `wrap`, `claude` and `codex` executables in a temporary PATH print their arguments,
so each test sees exactly what a function ran. A shell that is not installed fails
under scripts/test and skips elsewhere (tests/require.py).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
import require

from osc7501wrap import rules
from osc7501wrap.commands import shell_init
from osc7501wrap.config import load_config

SHELLS = ("bash", "zsh", "fish")
PROMPT = b"P> "
A = b"\x1b]133;A\x07"
B = b"\x1b]133;B\x07"
C = b"\x1b]133;C\x07"


def _need(shell: str) -> str:
    return require.program(shell)  # missing: fails under scripts/test, skips elsewhere


def _fake(bindir: Path, name: str, tag: str) -> None:
    script = bindir / name
    script.write_text(
        "#!/bin/sh\n"
        f"printf '{tag}<'\n"
        "sep=''\n"
        'for a in "$@"; do printf "%s%s" "$sep" "$a"; sep="|"; done\n'
        "printf '> session=%s\\n' \"${OSC7501WRAP_SESSION-}\"\n"
    )
    script.chmod(0o755)


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    bindir = tmp_path / "bin"
    wrapdir = tmp_path / "wrapbin"
    bindir.mkdir()
    wrapdir.mkdir()
    _fake(bindir, "claude", "CLAUDE")
    _fake(bindir, "codex", "CODEX")
    _fake(wrapdir, "wrap", "WRAP")
    cfgdir = tmp_path / "cfg"
    cfgdir.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    return {"tmp": tmp_path, "bin": bindir, "wrapbin": wrapdir, "cfg": cfgdir, "home": home}


def _init_text(shell: str, cfgdir: Path) -> str:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cfgdir),
           "OSC7501WRAP_CONFIG_DIR": str(cfgdir)}
    out = subprocess.run([sys.executable, "-m", "osc7501wrap.start.cli", "shell-init", shell],
                         capture_output=True, env=env, check=True, timeout=30)
    assert out.stderr == b""
    return out.stdout.decode()


def _session(shell: str, world: dict[str, Path], commands: list[str], *,
             env: dict[str, str] | None = None, with_wrap: bool = True,
             before: str = "", after: str = "") -> bytes:
    """Start `shell` interactively with the integration in its rc file; run `commands`."""
    exe = _need(shell)
    tmp, home = world["tmp"], world["home"]
    init = tmp / f"init.{shell}"
    init.write_text(_init_text(shell, world["cfg"]))
    path = [str(world["bin"])] + ([str(world["wrapbin"])] if with_wrap else [])
    path += ["/usr/local/bin", "/usr/bin", "/bin"]
    e = {"PATH": ":".join(path), "HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    e.update(env or {})
    if shell == "bash":
        rc = tmp / "bashrc"
        rc.write_text(f"PS1='P> '\n{before}\nsource {init}\n{after}\n")
        child = pexpect.spawn(exe, ["--noprofile", "--rcfile", str(rc), "-i"], env=e,
                              dimensions=(24, 200))
    elif shell == "zsh":
        zdot = tmp / "zdot"
        zdot.mkdir(exist_ok=True)
        (zdot / ".zshrc").write_text(f"PS1='P> '\n{before}\nsource {init}\n{after}\n")
        e["ZDOTDIR"] = str(zdot)
        child = pexpect.spawn(exe, ["-i"], env=e, dimensions=(24, 200))
    else:
        conf = home / ".config" / "fish"
        conf.mkdir(parents=True, exist_ok=True)
        (conf / "config.fish").write_text(
            "set -g fish_greeting\n"
            "function fish_prompt; printf 'P> '; end\n"
            f"{before}\nsource {init}\n{after}\n")
        child = pexpect.spawn(exe, ["-i"], env=e, dimensions=(24, 200))
    log = io.BytesIO()
    child.logfile_read = log
    try:
        child.expect(PROMPT, timeout=20)
        for cmd in commands:
            child.sendline(cmd)
            child.expect(PROMPT, timeout=20)
        child.sendline("exit")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    return log.getvalue()


_IS_FUNCTION = {
    "bash": "declare -F {0} >/dev/null && echo FN-{0} || echo NOFN-{0}",
    "zsh": "(( ${{+functions[{0}]}} )) && echo FN-{0} || echo NOFN-{0}",
    "fish": "functions -q {0}; and echo FN-{0}; or echo NOFN-{0}",
}


@pytest.mark.parametrize("shell", SHELLS)
def test_agent_runs_through_wrap_and_bypasses(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, [
        "claude x 'y z'",
        "command claude direct",
        "OSC7501WRAP_SESSION=wrap/1 claude nested",
        _IS_FUNCTION[shell].format("claude"),
        _IS_FUNCTION[shell].format("gemini"),
        "gemini",
    ])
    assert b"WRAP<claude|x|y z> session=\r\n" in out
    assert b"CLAUDE<direct> session=\r\n" in out
    # Inside a wrapped session the real program runs, not a second wrap.
    assert b"CLAUDE<nested> session=wrap/1\r\n" in out
    assert b"WRAP<claude|nested>" not in out
    assert b"FN-claude\r\n" in out
    # gemini is not installed: no function, so the shell reports it missing.
    assert b"NOFN-gemini\r\n" in out
    assert b"WRAP<gemini" not in out


@pytest.mark.parametrize("shell", SHELLS)
def test_wrap_gets_herdr_agent_for_the_agent_it_runs(shell: str, world: dict[str, Path]) -> None:
    """herdr's remedy for a wrapper that hides the agent: HERDR_AGENT=<agent> in the
    wrapper's environment only (not left in the shell, not given to a bypassed agent)."""
    fake = world["wrapbin"] / "wrap"
    fake.write_text('#!/bin/sh\nprintf "WRAP<%s> herdr=%s\\n" "$1" "${HERDR_AGENT-unset}"\n')
    out = _session(shell, world, [
        "claude x",
        "codex",
        "command claude direct",
        "sh -c 'echo after=${HERDR_AGENT-unset}'",
    ])
    assert b"WRAP<claude> herdr=claude\r\n" in out
    assert b"WRAP<codex> herdr=codex\r\n" in out
    assert b"CLAUDE<direct> session=\r\n" in out
    assert b"after=unset\r\n" in out


@pytest.mark.parametrize("shell", SHELLS)
def test_skip_variable_at_load_and_at_call(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, [
        _IS_FUNCTION[shell].format("codex"),
        "codex a",
        "claude b",
        "OSC7501WRAP_SKIP=claude claude c",
    ], env={"OSC7501WRAP_SKIP": "codex aider"})
    assert b"NOFN-codex\r\n" in out
    assert b"CODEX<a> session=\r\n" in out
    assert b"WRAP<claude|b> session=\r\n" in out
    assert b"CLAUDE<c> session=\r\n" in out


@pytest.mark.parametrize("shell", SHELLS)
def test_config_disables_an_agent(shell: str, world: dict[str, Path]) -> None:
    (world["cfg"] / "config.toml").write_text('[agents.claude]\nenabled = false\n')
    out = _session(shell, world, [_IS_FUNCTION[shell].format("claude"), "claude d", "codex e"])
    assert b"NOFN-claude\r\n" in out
    assert b"CLAUDE<d> session=\r\n" in out
    assert b"WRAP<codex|e> session=\r\n" in out


@pytest.mark.parametrize("shell", SHELLS)
def test_without_wrap_on_path_the_real_program_runs(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, ["claude f"], with_wrap=False)
    assert b"CLAUDE<f> session=\r\n" in out
    assert b"WRAP<" not in out


def _after(out: bytes, needle: bytes, start: int) -> int:
    i = out.find(needle, start)
    assert i >= 0, f"{needle!r} not found after offset {start} in {out[start:]!r}"
    return i


@pytest.mark.parametrize("shell", SHELLS)
def test_osc133_marks_around_a_command(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, ["echo OUT-1", "false", "", "echo OUT-2"])
    # First prompt: A before the prompt text, B right after it.
    i = _after(out, A, 0)
    i = _after(out, PROMPT + B, i)
    # echo OUT-1: C before its output, D;0 after, then the next prompt.
    i = _after(out, C, i)
    j = _after(out, b"OUT-1\r\n", i)
    assert out.find(b"OUT-1\r\n", i) > out.find(C, i)
    i = _after(out, b"\x1b]133;D;0\x07", j)
    i = _after(out, A, i)
    i = _after(out, PROMPT + B, i)
    # false: its status travels in D.
    i = _after(out, C, i)
    i = _after(out, b"\x1b]133;D;1\x07", i)
    i = _after(out, A, i)
    i = _after(out, C, i)
    i = _after(out, b"OUT-2\r\n", i)
    _after(out, b"\x1b]133;D;0\x07", i)
    # Nothing else of ours: one A and one B per prompt (5 prompts), one C per command
    # (three and `exit`), one D per finished command; the empty line runs nothing.
    assert out.count(A) == 5
    assert out.count(B) == 5
    assert out.count(C) == 4
    # (fish also ends `exit` itself with a D before it leaves.)
    assert out.count(b"\x1b]133;D;") == (4 if shell == "fish" else 3)


@pytest.mark.parametrize("shell", SHELLS)
def test_no_133_when_opted_out(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, ["echo OUT-3", "claude g"], env={"OSC7501WRAP_NO_133": "1"})
    assert b"OUT-3\r\n" in out
    assert b"WRAP<claude|g> session=\r\n" in out  # the functions are still there
    assert b"\x1b]133;" not in out


@pytest.mark.parametrize("shell", SHELLS)
def test_no_133_under_a_terminal_integration(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, ["echo OUT-4"], env={"GHOSTTY_SHELL_FEATURES": "cursor,title"})
    assert b"OUT-4\r\n" in out
    assert b"\x1b]133;" not in out
    # Inside tmux the variable describes the outer terminal, not this shell: marks stay.
    out = _session(shell, world, ["echo OUT-5"],
                   env={"GHOSTTY_SHELL_FEATURES": "cursor", "TMUX": "/tmp/t,1,0"})
    assert b"OUT-5\r\n" in out
    assert out.count(B) >= 2


_KITTY_FUNCTION = {
    # An integration loaded after ours (defined later in the rc file) is seen at its prompt.
    "bash": "_ksi_prompt_command() { :; }",
    "zsh": "_ksi_precmd() { :; }",
    "fish": "function _ksi_mark; end",
}


@pytest.mark.parametrize("shell", SHELLS)
def test_no_133_when_an_integration_loads_later(shell: str, world: dict[str, Path]) -> None:
    out = _session(shell, world, ["echo OUT-6"], after=_KITTY_FUNCTION[shell])
    assert b"OUT-6\r\n" in out
    assert b"\x1b]133;" not in out


def test_bash_existing_133_prompt_command_is_respected(world: dict[str, Path]) -> None:
    out = _session("bash", world, ["echo OUT-7"],
                   before="PROMPT_COMMAND='printf \"\\033]133;A\\007\"'")
    assert b"OUT-7\r\n" in out
    assert out.count(A) == 2  # the existing hook's, one per prompt; none of ours
    assert B not in out and C not in out


def test_bash_keeps_exit_status_for_later_prompt_commands(world: dict[str, Path]) -> None:
    out = _session("bash", world, ["false"],
                   after="PROMPT_COMMAND+=$'\\n''echo \"rc=$?\"'")
    assert b"rc=1\r\n" in out


def test_render_bakes_config_opt_outs(tmp_path: Path) -> None:
    cfg_file = tmp_path / "config.toml"
    cfg_file.write_text('[agents.codex]\nenabled = false\n[agents.aider]\nenabled = false\n'
                        '[agents.claude]\nenabled = true\n')
    cfg = load_config(cfg_file, env={})
    bash = shell_init.render("bash", cfg)
    assert "__osc7501wrap_cfg_skip='aider codex'\n" in bash
    fish = shell_init.render("fish", cfg)
    assert "set -g __osc7501wrap_cfg_skip aider codex\n" in fish


@pytest.mark.parametrize("shell", SHELLS)
def test_the_agent_functions_are_the_manifests_programs(shell: str, tmp_path: Path) -> None:
    user = tmp_path / "rules"
    user.mkdir()
    (user / "mytool.toml").write_text(
        '[manifest]\nname = "mytool"\nversion = "1"\napp = "mytool"\n'
        'programs = ["mytool", "bad name"]\nengine = 1\n\n'
        '[[rule]]\nid = "p"\nstate = "idle"\nregion = "bottom:2"\ncontains = ">"\n')
    catalog = rules.load_manifests(user_dir=user)
    assert not catalog.errors
    text = shell_init.render(shell, load_config(tmp_path / "none.toml", env={}), catalog)
    (line,) = [ln for ln in text.splitlines() if "__osc7501wrap_agents" in ln
               and not ln.startswith(("#", " "))]
    names = line.split("__osc7501wrap_agents", 1)[1].strip(" ='").split()
    builtin = [p for n in catalog.names for p in catalog.manifests[n].programs
               if n != "mytool"]
    assert "claude" in builtin and "cursor-agent" in builtin
    assert set(names) == {*builtin, "mytool"}  # "bad name" is no function name
    # the shipped script names no agent of its own
    script = shell_init.script_text(shell)
    assert not any(f" {p} " in f" {ln} " for ln in script.splitlines()
                   if "__osc7501wrap_agents" in ln for p in builtin)


def test_render_comments_out_config_problems(tmp_path: Path) -> None:
    cfg_file = tmp_path / "config.toml"
    cfg_file.write_text('emit = "loud"\n')
    text = shell_init.render("zsh", load_config(cfg_file, env={}))
    problem_lines = [ln for ln in text.splitlines() if "loud" in ln]
    assert problem_lines and all(ln.startswith("# config: ") for ln in problem_lines)


def test_unknown_shell_is_a_one_line_error() -> None:
    out = subprocess.run([sys.executable, "-m", "osc7501wrap.start.cli", "shell-init", "tcsh"],
                         capture_output=True, timeout=30)
    assert out.returncode == 2
    assert b"Traceback" not in out.stderr


@pytest.mark.parametrize("shell", SHELLS)
def test_script_is_the_shipped_file(shell: str) -> None:
    shipped = Path(__file__).resolve().parents[2] / "shell-integration" / f"wrap.{shell}"
    assert shell_init.script_text(shell) == shipped.read_text()
