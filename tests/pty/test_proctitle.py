"""wrap is named after the program it runs: tmux's pane command and window name, ps, herdr."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from term import Terminal, base_env, wrap_command
from test_protocol_tmux import PrivateTmux
from test_tmux_display import wait_until

from osc7501wrap.proxy.proctitle import title_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc (Linux)")


def read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def test_the_title_is_the_program_then_wrap() -> None:
    assert title_for(["claude", "--resume"]) == ("claude --resume (wrap)", "claude")
    assert title_for(["/usr/bin/make", "test"]) == ("make test (wrap)", "make")
    assert title_for(["a-very-long-program-name"])[1] == "a-very-long-pro"  # 15 bytes
    assert title_for(["x", "a\nb"])[0] == "x a b (wrap)"


def test_ps_and_proc_read_the_program_and_the_environment_stays(tmp_path: Path) -> None:
    env = base_env(HERDR_AGENT="claude", OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"))
    marker = tmp_path / "ready"
    script = f"touch {shlex.quote(str(marker))}; sleep 30"
    t = Terminal.wrap(["sh", "-c", script], env=env, answer_da1=True)
    try:
        wait_until(marker.exists, what="the child")
        pid = t.pid
        cmdline = wait_until(lambda: (c := read(f"/proc/{pid}/cmdline"))
                             .startswith(b"sh -c") and c, what="the new command line")
        assert cmdline.split(b"\0")[0] == f"sh -c {script} (wrap)".encode()
        assert read(f"/proc/{pid}/comm") == b"sh\n"
        # herdr reads HERDR_AGENT from here: the rename must not overwrite it
        assert b"HERDR_AGENT=claude" in read(f"/proc/{pid}/environ").split(b"\0")
    finally:
        t.close()


@pytest.mark.tmux
@pytest.mark.requires("tmux")
@pytest.mark.parametrize(("command", "name"), [("sleep 30", "sleep"),
                                               ("make -f /nonexistent-dir/Makefile", "make")])
def test_tmux_names_the_pane_and_window_after_the_program(tmp_path: Path, command: str,
                                                          name: str) -> None:
    server = PrivateTmux()
    try:
        server.cmd("set", "-g", "automatic-rename", "on")
        server.cmd("set", "-g", "remain-on-exit", "on")
        runtime = shlex.quote(str(tmp_path / "run"))
        prog = command
        if name == "make":  # make exits at once: keep it the pane's program for a while
            fake = tmp_path / "bin" / "make"
            fake.parent.mkdir()
            fake.write_text("#!/bin/sh\nsleep 30\n")
            fake.chmod(0o755)
            prog = f"{fake} -f /nonexistent-dir/Makefile"
        pane = " ".join(["env", f"OSC7501WRAP_RUNTIME_DIR={runtime}",
                         *map(shlex.quote, wrap_command()), prog])
        server.cmd("respawn-pane", "-k", "-t", "t", pane)
        got = wait_until(lambda: (c := server.cmd("display", "-p", "-t", "t",
                                                  "#{pane_current_command}").strip())
                         == name and c, what=f"pane_current_command {name}")
        assert got == name
        wait_until(lambda: server.cmd("display", "-p", "-t", "t", "#{window_name}").strip()
                   == name, what="the automatic window name")
        # the pane's foreground process is wrap's own, not the child's
        pid = int(server.cmd("display", "-p", "-t", "t", "#{pane_pid}"))
        assert os.path.exists(f"/proc/{pid}") and read(f"/proc/{pid}/comm") == \
            f"{name}\n".encode()
    finally:
        server.kill()


def test_without_the_extension_linux_still_gets_the_kernel_name() -> None:
    import subprocess

    code = ("from osc7501wrap.proxy import proctitle\n"
            "proctitle._extension = lambda: None  # as where setproctitle is not installed\n"
            "print(proctitle.name_after(['claude', '-c']))\n"
            "print(open('/proc/self/comm').read().strip())\n"
            "print(open('/proc/self/cmdline', 'rb').read().split(b'\\0')[0].decode())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=30).stdout.splitlines()
    assert out[:2] == ["['comm']", "claude"]
    assert out[2] == sys.executable  # the command line is left as it was
