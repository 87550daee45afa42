"""Background work with the real agents through `wrap`: a turn that leaves a shell running
reads working until the shell ends (within 0.3 s of its end), then done; a long-lived
helper the agent keeps (an MCP server configured for it) never holds working.

Claude Code 2.1.328: a Bash call with ``run_in_background`` (``sleep 6 && touch
late.txt``) approved, the turn ends while it runs. The end of the work is the moment
``late.txt`` appears (the command's last step, a few milliseconds before the shell exits),
or, later, the end of the turn Claude Code runs to tell the model about it.
Figures are printed (run with ``-s``).
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

import agentrun
import pytest
from e2e import log_states
from e2e_agents import CLAUDE, approve, blocked, claude_ended, ready, submit
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

MCP_SERVER = {"type": "stdio", "command": sys.executable,
              "args": [str(Path(__file__).resolve().parents[1] / "fakeapi" / "mcp_server.py")],
              "env": {}}
WITHIN = 0.3  # done after the work's end, at the latest (s)


def _claude_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.claude_command(sb, base_url, state={"mcpServers": {"glossary": MCP_SERVER}})


def _mcp_running(root_pid: int) -> bool:
    from osc7501wrap.proxy.procinfo import command_line, descendants

    tree = descendants(root_pid) or {}
    return any("mcp_server.py" in (command_line(pid) or "") for pid in tree)


def test_claude_background_shell_keeps_working_until_it_ends() -> None:
    agentrun.require_agent("claude")
    steps: list[Step] = [
        ToolUse("Bash", {"command": "sleep 6 && touch late.txt",
                         "description": "Finish a slow job", "run_in_background": True},
                pause=0.5),
        Text("The job runs in the background."),
        # Claude Code tells the model when the shell is done (a turn of its own)
        Text("The background job has finished."),
        Text("The background job has finished."),
    ]
    agent = dataclasses.replace(CLAUDE, command=_claude_with_mcp)
    with agent.run(lambda _sb: list(steps)) as run:
        t = run.term
        ready(run, agent)
        wrap_pid = t.proc.pid
        mark, _ = submit(run, agent, "run the slow job in the background")
        blocked(run, agent, mark)
        t.settle(0.3)
        approved = approve(run, agent)
        started = time.monotonic()
        # the turn ends on screen while the shell runs: no done, working says why
        t.wait_screen(claude_ended, 40)
        ended_turn = t.offset
        late = run.sb.work / "late.txt"
        while not late.exists():
            assert time.monotonic() - started < 30, "the background shell never ended"
            t.pump(0.01)
        work_end = time.monotonic()
        after = [s for s in t.seen(approved) if s.report.id == agent.record]
        assert "done" not in [s.label for s in after if s.t < work_end], t.labels(approved)
        assert after[-1].label == "working", t.labels(approved)
        assert work_end - started > 4.0  # the turn ended seconds before the work did
        msg = after[-1].report.msg or ""
        assert "shell" in msg, msg  # "1 shell still running" (its own) or the footer's
        run.note(f"claude: working after the turn ended, until the shell's end: {msg!r}")
        # Claude Code then tells the model, in a turn of its own: that turn is work too
        told = t.wait_screen(lambda s: "job has finished" in s and claude_ended(s), 20)
        done = t.wait_state("done", 10, since=ended_turn)
        work_end = max(work_end, told)
        lag = done.t - work_end
        run.note(f"claude: done after the background shell ended (and Claude's turn about it "
                 f"was drawn): {lag * 1000:.0f} ms")
        assert lag <= WITHIN, (lag, t.labels(approved))
        # the MCP server still runs: a helper from the start, it held nothing
        assert _mcp_running(wrap_pid), "the MCP server was not running"
        t.pump(1.5)
        assert t.labels(done.end)[-1:] in ([], ["done"]), t.labels(done.end)
        states = log_states(run.log)
        assert not any(s.signal == "process" and "mcp" in s.msg for s in states), states
        # the shell's own child record (Claude Code's, passed on under wrap's) was cleared
        # when it ended; the root record is cleared on the exit
        subs = [x for x in t.seen() if x.report.id not in (None, agent.record)]
        assert subs and subs[-1].report.state == "clear" and subs[-1].t <= done.t + 0.5, subs
        for key in agent.leave_keys:
            t.press(key)
            t.pump(0.4)
        assert t.wait(agent.leave_wait) == 0
        roots = [x for x in t.seen() if x.report.id == agent.record]
        assert roots[-1].report.state == "clear", t.labels()
