"""Resource faults and bad configuration: each gives one line on stderr and the child
still runs (through a real pty)."""

from __future__ import annotations

from pathlib import Path

from term import STALL, Terminal, base_env


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


def _run_detached(args: list[str], env: dict[str, str], stdin: int | None = None,
                  timeout: float = 20) -> tuple[int, str, str]:
    """wrap without a controlling terminal (a new session), stdout and stderr pipes."""
    import subprocess

    from term import wrap_command

    res = subprocess.run([*wrap_command(), *args], env=env, start_new_session=True,
                         stdin=subprocess.DEVNULL if stdin is None else stdin,
                         capture_output=True, text=True, timeout=timeout)
    return res.returncode, res.stdout, res.stderr


CHILD_ECHO = ["sh", "-c", "echo CHILD-RAN"]


def _check_one_line(name: str, stderr: str, stdout: str, what: str) -> None:
    lines = [x for x in stderr.splitlines() if x]
    print(f"\n{name}: stderr {lines}")
    assert len(lines) == 1 and lines[0].startswith("wrap: ") and what in lines[0], lines
    assert "CHILD-RAN" in stdout and "Traceback" not in stderr


def test_log_on_dev_full_is_one_line_and_the_child_runs(rundir: Path, tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    status, out, err = _run_detached(["--log", "/dev/full", *CHILD_ECHO], env)
    _check_one_line("--log /dev/full", err, out, "/dev/full")
    assert status == 0


def test_log_on_a_fifo_nobody_reads_never_blocks(rundir: Path, tmp_path: Path) -> None:
    import os
    import time

    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    t0 = time.monotonic()
    status, out, err = _run_detached(["--log", str(fifo), *CHILD_ECHO], env, timeout=10)
    _check_one_line("--log FIFO without a reader", err, out, "FIFO")
    assert status == 0 and time.monotonic() - t0 < 5
    # with a reader that never reads, keystrokes still echo
    rfd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with Terminal.wrap(["--log", str(fifo), "cat"], env=env) as t:
            t.pump(0.3)
            t0 = time.monotonic()
            t.type(b"typed\n")
            t.expect(b"typed", timeout=5)
            took = time.monotonic() - t0
            t.type(b"\x04")
            assert t.wait(timeout=10) == 0
        print(f"FIFO with a reader that never reads: echo {took * 1000:.1f} ms")
        assert took < STALL  # a blocked log write: never
    finally:
        os.close(rfd)


def test_runtime_dir_owned_by_another_user_is_an_error(tmp_path: Path) -> None:
    import os
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="owx", dir="/tmp"))
    try:
        if os.getuid() == 0:
            os.chown(d, 65534, 65534)
        else:
            d = Path("/")  # exists, owned by root
        env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                       OSC7501WRAP_RUNTIME_DIR=str(d))
        status, out, err = _run_detached(CHILD_ECHO, env)
        _check_one_line("runtime dir owned by another user", err, out, "another user")
        assert status == 0
        assert not list(Path(d).glob("*.sock")) and not list(Path(d).glob("*.json"))
    finally:
        if str(d).startswith("/tmp/owx"):
            os.rmdir(d)


def test_unusable_runtime_and_state_dirs_are_one_line_each(tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR="/dev/null/rt", OSC7501WRAP_STATE_DIR="/dev/null/st")
    status, out, err = _run_detached(CHILD_ECHO, env)
    _check_one_line("runtime and state dirs under /dev/null", err, out, "control socket")
    assert status == 0


def test_no_terminal_at_all_the_child_still_runs(rundir: Path, tmp_path: Path) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    status, out, err = _run_detached(["sh", "-c", "echo CHILD-RAN; cat; echo AFTER-EOF"], env)
    print(f"\nno controlling terminal, stdin /dev/null, stdout a pipe: status {status}, "
          f"stdout {out.split()}, stderr {err.splitlines()}")
    assert status == 0 and "CHILD-RAN" in out and "AFTER-EOF" in out and err == ""
