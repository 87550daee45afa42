"""Background work in a live session, through a real pty: a claude-shaped program (the
fake agent) starts a shell during its turn that outlives it; wrap samples the process tree
(/proc and a pidfd per piece), holds working with what runs as the message in every place
people look (herdr here, `osc7501wrap ls`), and says done within 0.3 s of the shell's end.
A process the program started before its first turn (a helper, as an MCP server is) holds
nothing.

Linux only: elsewhere there is no process tree signal (the test says so as its skip).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from herdr_double import HerdrDouble
from term import REPO, Terminal, base_env

from osc7501wrap.proxy.procinfo import descendants

PANE = "w1:p2"
# A claude-shaped program: a helper started at once (sleep 60, there before any turn), the
# composer; on Enter a spinner, then a shell started in the background whose command line
# is hostile text, the turn's end ("Worked for") and the composer again; the shell writes
# DONE as its last step. The second prompt ends it.
CHILD = r"""
import subprocess, sys, termios, time, tty
sys.path.insert(0, sys.argv[1])
from fake_agent import Agent
helper = subprocess.Popen(["sleep", "60"])
saved = termios.tcgetattr(0)
tty.setraw(0)
try:
    a = Agent(1, 1.0, None)
    a.composer()
    a.read_prompt()
    start = time.monotonic()
    a.out("\x1b[3;1H\x1b[J")
    a.spinner(0.8, start)
    subprocess.Popen(["sh", "-c", sys.argv[3]])
    a.spinner(0.4, start)
    a.composer(time.monotonic() - start)
    a.read_prompt()
finally:
    helper.kill()
    termios.tcsetattr(0, termios.TCSADRAIN, saved)
"""
HOSTILE = "#(touch /tmp/o7w-bg) #{pane_id} $(id) \u202eevil"


def states(reqs: list[dict]) -> list[tuple[str, str]]:
    return [(r["params"]["state"], r["params"].get("message", ""))
            for r in reqs if r["method"] == "pane.report_agent"]


@pytest.mark.skipif(descendants(1) is None, reason="no process tree signal here (no /proc)")
def test_a_shell_left_running_holds_working_until_it_ends(tmp_path: Path) -> None:
    sock = str(tmp_path / "herdr.sock")
    done = tmp_path / "DONE"
    script = f"sleep 2.5; : '{HOSTILE}'; touch {done}"
    env = base_env(HERDR_ENV="1", HERDR_PANE_ID=PANE, HERDR_SOCKET_PATH=sock,
                   HERDR_WORKSPACE_ID="w1", HERDR_TAB_ID="w1:t1",
                   OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"))
    log = tmp_path / "wrap.log"
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["--agent", "claude", "--log", str(log), sys.executable, "-c", CHILD,
                           str(REPO / "tests"), "", script], env=env, rows=30, cols=100)
        try:
            h.wait_for(lambda rs: ("idle", "") in states(rs), what="idle")
            time.sleep(0.5)
            t.type(b"go\r")
            h.wait_for(lambda rs: any(s == "working" and "background" in m
                                      for s, m in states(rs)), what="background working")
            listed = json.loads(subprocess.run(
                [sys.executable, "-m", "osc7501wrap", "ls", "--json"], env=env,
                capture_output=True, text=True, cwd=REPO, timeout=30).stdout)
            # the prompt stays usable: send is not refused (what it types shows at the prompt)
            mine = [e for e in listed if e.get("agent") == "claude"]
            sent = subprocess.run(
                [sys.executable, "-m", "osc7501wrap", "send", "--no-enter", str(mine[0]["pid"]),
                 "zq"], env=env, capture_output=True, text=True, cwd=REPO, timeout=30)
            assert sent.returncode == 0, sent.stderr
            t.expect(b"zq", timeout=10)
            while not done.exists():
                t.read(0.01)
            ended = time.monotonic()
            got = h.wait_for(lambda rs: states(rs)[-1][0] == "idle" and len(states(rs)) > 2,
                             what="done")
            t.type(b"\r")  # the sent text is the second prompt: the program ends
            assert t.wait(timeout=15) == 0
        finally:
            t.close()
    seen = states(got)
    assert [s for s, _ in seen] == ["idle", "working", "working", "idle"], seen
    msg = seen[2][1]
    assert msg.startswith("1 background shell: sleep 2.5"), msg
    assert "#" not in msg and "\u202e" not in msg  # inert text, as every message
    idle_at = [r["t"] for r in got if r["method"] == "pane.report_agent"][-1]
    # (the test sees DONE up to 10 ms late: the shell writes it just before it exits)
    assert -0.05 <= idle_at - ended <= 0.3, idle_at - ended
    assert mine and mine[0]["state"] == "working" and "background" in mine[0]["msg"], listed
    text = log.read_text()
    assert "state done" in text and "signal=process" in text
    assert "sleep 60" not in text  # the helper held nothing
