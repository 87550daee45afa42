"""`osc7501wrap emit` through a real pseudo-terminal, and the Python status() API."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from osc7501wrap.errors import WrapError
from osc7501wrap.start.emit import status

ROOT = Path(__file__).resolve().parents[2]
QUERY_AND_DA1 = b"\x1b]7501;?\x1b\\\x1b[c"
REPLY = b"\x1b]7501;?\x1b\\"
DA1 = b"\x1b[?62;22c"


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TMUX", "OSC7501WRAP_", "TERMINFO"))}
    env.update({"TERM": "dumb", "PYTHONPATH": str(ROOT), "HOME": "/nonexistent"})
    env.update(extra)
    return env


def emit_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "osc7501wrap.start.cli", "emit", *args]


def spawn(*args: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    argv = emit_argv(*args)
    return pexpect.spawn(argv[0], argv[1:], env=env or clean_env(), timeout=10)


def run_in_pty(*args: str, env: dict[str, str] | None = None) -> tuple[bytes, int]:
    child = spawn(*args, env=env)
    out = child.read()
    child.close()
    return out, child.exitstatus


# --------------------------------------------------------------- exact bytes


@pytest.mark.parametrize(("args", "expected"), [
    pytest.param(["working", "--msg", "Syncing photos"],
                 b"\x1b]7501;state=working:msg=U3luY2luZyBwaG90b3M=\x1b\\", id="pst-working"),
    pytest.param(["working", "--progress", "40", "--msg", "Pushing image", "--id", "us-east",
                  "--title", "US East"],
                 b"\x1b]7501;state=working:id=us-east:progress=40:title=VVMgRWFzdA==:"
                 b"msg=UHVzaGluZyBpbWFnZQ==\x1b\\", id="pst-progress"),
    pytest.param(["working", "--progress", "5"], b"\x1b]7501;state=working:progress=5\x1b\\",
                 id="pst-progress-bare"),
    pytest.param(["blocked", "--kind", "permission", "--app", "claude", "--id", "wrap/1",
                  "--progress", "3", "--title", "T", "--msg", "Allow?"],
                 b"\x1b]7501;state=blocked:id=wrap/1:kind=permission:progress=3:app=claude:"
                 b"title=VA==:msg=QWxsb3c/\x1b\\", id="key-order"),
    pytest.param(["done", "--kind", "auth", "--progress", "50"], b"\x1b]7501;state=done\x1b\\",
                 id="done-drops-kind-progress"),
    pytest.param(["clear", "--id", "build"], b"\x1b]7501;state=clear:id=build\x1b\\", id="clear"),
    pytest.param(["error", "--msg", "line one\nline\ttwo\x1b[31m"],
                 b"\x1b]7501;state=error:msg=bGluZSBvbmUgbGluZSB0d28gWzMxbQ==\x1b\\",
                 id="msg-sanitized"),
])
def test_emit_always_writes_exact_bytes_to_the_tty(args: list[str], expected: bytes) -> None:
    out, code = run_in_pty(*args, "--emit", "always")
    assert (out, code) == (expected, 0)


def test_emit_in_tmux_wraps_for_passthrough() -> None:
    # `pst done --tmux`
    out, code = run_in_pty("done", "--emit", "always",
                           env=clean_env(TMUX="/tmp/tmux-0/default,1,0"))
    assert (out, code) == (b"\x1bPtmux;\x1b\x1b]7501;state=done\x1b\x1b\\\x1b\\", 0)


def test_env_always_and_never() -> None:
    out, _ = run_in_pty("idle", env=clean_env(OSC7501WRAP_EMIT="always"))
    assert out == b"\x1b]7501;state=idle\x1b\\"
    out, code = run_in_pty("idle", env=clean_env(OSC7501WRAP_EMIT="never"))
    assert (out, code) == (b"", 0)
    out, code = run_in_pty("idle", "--emit", "never", env=clean_env(OSC7501WRAP_EMIT="always"))
    assert (out, code) == (b"", 0)


# ---------------------------------------------------------------- handshake


def test_auto_probes_and_writes_when_the_terminal_answers() -> None:
    child = spawn("done", "--msg", "ok")
    child.expect_exact(QUERY_AND_DA1)
    assert child.before == b""
    child.send(REPLY + DA1)
    rest = child.read()
    child.close()
    assert rest == b"\x1b]7501;state=done:msg=b2s=\x1b\\"
    assert child.exitstatus == 0


def test_auto_writes_nothing_when_only_da1_comes_back() -> None:
    child = spawn("done", env=clean_env(OSC7501WRAP_DEBUG="1"))
    child.expect_exact(QUERY_AND_DA1)
    child.send(DA1)
    rest = child.read()
    child.close()
    assert b"\x1b" not in rest
    assert rest.startswith(b"osc7501wrap: not written: the terminal answered DA1 but not the "
                           b"OSC 7501 query (")
    assert child.exitstatus == 0


def test_auto_silent_terminal_times_out() -> None:
    child = spawn("done")
    child.expect_exact(QUERY_AND_DA1)
    rest = child.read()  # nobody answers: the probe gives up, nothing is written
    child.close()
    assert rest == b"" and child.exitstatus == 0


def test_typeahead_during_the_probe_goes_back_to_the_terminal() -> None:
    cmd = f"{' '.join(emit_argv('working'))}; read line; echo \"got:$line\""
    child = pexpect.spawn("sh", ["-c", cmd], env=clean_env(), timeout=10)
    child.expect_exact(QUERY_AND_DA1)
    child.send(b"typed\r" + REPLY + DA1)
    child.expect_exact(b"\x1b]7501;state=working\x1b\\")
    child.expect_exact(b"got:typed\r\n")  # the shell read what was typed during the probe
    child.expect(pexpect.EOF)
    child.close()


def test_no_probe_when_stdin_is_not_the_terminal() -> None:
    # Like a hook whose stdin is a pipe: no probe, no terminfo, so nothing is written.
    cmd = f"echo hook-input | {' '.join(emit_argv('done'))}; echo rc=$?"
    child = pexpect.spawn("sh", ["-c", cmd], env=clean_env(), timeout=10)
    out = child.read()
    child.close()
    assert out == b"rc=0\r\n"


# ----------------------------------------------------------- errors, --print


@pytest.mark.parametrize(("args", "message"), [
    (["working", "--id", "a//b"], "osc7501wrap: invalid id 'a//b': "),
    (["working", "--id", ""], "osc7501wrap: invalid id '': "),
    (["working", "--app", "a b"], "osc7501wrap: invalid app 'a b': "),
    (["working", "--progress", "101"], "osc7501wrap: invalid progress 101: "),
    (["blocked", "--progress", "-3"], "osc7501wrap: invalid progress -3: "),
])
def test_bad_values_exit_2_with_one_line_and_write_nothing(args: list[str], message: str) -> None:
    out, code = run_in_pty(*args, "--emit", "always")
    assert code == 2
    assert b"\x1b" not in out
    lines = out.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)


def test_print_writes_to_stdout() -> None:
    proc = subprocess.run(emit_argv("blocked", "--kind", "question", "--msg", "Which one?",
                                    "--print"),
                          capture_output=True, env=clean_env(), stdin=subprocess.DEVNULL,
                          start_new_session=True, timeout=10)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout == b"\x1b]7501;state=blocked:kind=question:msg=V2hpY2ggb25lPw==\x1b\\"


def test_no_terminal_exits_1_with_one_line() -> None:
    proc = subprocess.run(emit_argv("done", "--emit", "always"), capture_output=True,
                          env=clean_env(), stdin=subprocess.DEVNULL, start_new_session=True,
                          timeout=10)
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode().startswith("osc7501wrap: no terminal (/dev/tty): ")
    assert proc.stderr.count(b"\n") == 1


# ------------------------------------------------------------------ status()


def test_status_api_writes_to_the_given_terminal() -> None:
    master, slave = os.openpty()
    try:
        name = os.ttyname(slave)
        assert status("working", progress=40, msg="Pushing image", emit="always",
                      tty_path=name) is True
        assert status("done", emit="never", tty_path=name) is False
        os.write(slave, b"|")  # end marker: nothing else was written before it
        got = b""
        deadline = time.monotonic() + 5
        while not got.endswith(b"|") and time.monotonic() < deadline:
            got += os.read(master, 4096)
        assert got == b"\x1b]7501;state=working:progress=40:msg=UHVzaGluZyBpbWFnZQ==\x1b\\|"
    finally:
        os.close(master)
        os.close(slave)


def test_status_api_no_terminal_is_false(tmp_path: Path) -> None:
    assert status("done", emit="always", tty_path=str(tmp_path / "missing")) is False


@pytest.mark.parametrize("kwargs", [{"state": "sleeping"}, {"state": "done", "kind": "nope"},
                                    {"state": "done", "emit": "sometimes"},
                                    {"state": "done", "id": "x/"}])
def test_status_api_rejects_bad_values(kwargs: dict[str, str], tmp_path: Path) -> None:
    with pytest.raises(WrapError) as info:
        status(tty_path=str(tmp_path / "missing"), **kwargs)  # type: ignore[arg-type]
    assert info.value.status == 2 and "\n" not in str(info.value)


def test_package_level_status_is_the_same_api(tmp_path: Path) -> None:
    import osc7501wrap

    assert osc7501wrap.status("done", emit="always", tty_path=str(tmp_path / "none")) is False
