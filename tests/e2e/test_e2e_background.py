"""Background work with the real agents through `wrap`: a turn that leaves work running
reads working until that work ends (within 0.3 s of its end), then done; a long-lived
helper the agent keeps (an MCP server configured for it) never holds working.

One case per agent with background work (:data:`CASES`): its model starts a command
that writes ``late.txt`` as its last step, in the background (Claude Code's Bash with
``run_in_background``; Codex's ``exec_command`` outliving its yield: a background
terminal), approved at the dialog; the turn ends while it runs. The end of the work is
the moment ``late.txt`` appears (a few milliseconds before the shell exits), or, later,
the end of the turn an agent runs to tell its model about it (Claude Code does). The MCP
server of harness/fakeapi/mcp_server.py is configured for the agent and runs all along.
Figures are printed (run with ``-s``).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import agentrun
import pytest
import require
from e2e import log_states
from e2e_agents import (
    CLAUDE,
    CODEX,
    COPILOT,
    GEMINI,
    OPENCODE,
    QWEN,
    Agent,
    approve,
    blocked,
    copilot_idle,
    gemini_idle,
    qwen_turn_over,
    ready,
    submit,
)
from fakeapi import Dynamic, FakeAPI, Request, Step, Text, ToolUse

pytestmark = pytest.mark.agent

MCP_SCRIPT = Path(__file__).resolve().parents[2] / "harness" / "fakeapi" / "mcp_server.py"
WITHIN = 0.3  # done after the work's end, at the latest (s)
WORK = "sleep 6 && touch late.txt"


def _claude_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    server = {"type": "stdio", "command": sys.executable, "args": [str(MCP_SCRIPT)], "env": {}}
    return agentrun.claude_command(sb, base_url, state={"mcpServers": {"glossary": server}})


def _codex_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    toml = (f"\n[mcp_servers.glossary]\ncommand = {json.dumps(sys.executable)}\n"
            f"args = [{json.dumps(str(MCP_SCRIPT))}]\n")
    return agentrun.codex_command(sb, base_url, extra_toml=toml)


def _opencode_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    argv, env = agentrun.opencode_command(sb, base_url, config={"mcp": {"glossary": {
        "type": "local", "command": [sys.executable, str(MCP_SCRIPT)], "enabled": True}}})
    env["OPENCODE_EXPERIMENTAL_BACKGROUND_SUBAGENTS"] = "1"
    return argv, env


def _copilot_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    argv, env = agentrun.copilot_command(sb, base_url)
    server = {"type": "local", "command": sys.executable, "args": [str(MCP_SCRIPT)],
              "tools": ["*"]}
    (sb.home / ".copilot" / "mcp-config.json").write_text(
        json.dumps({"mcpServers": {"glossary": server}}))
    return argv, env


def _mcp_settings() -> dict[str, object]:
    return {"mcpServers": {"glossary": {"command": sys.executable, "args": [str(MCP_SCRIPT)]}}}


def _gemini_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.gemini_command(sb, base_url, settings=_mcp_settings())


def _qwen_with_mcp(sb: agentrun.Sandbox, base_url: str) -> tuple[list[str], dict[str, str]]:
    return agentrun.qwen_command(sb, base_url, settings=_mcp_settings())


PROMPT = "run the slow job in the background"
SUBAGENT = "List what is in the directory."


def _opencode_steps(req: Request) -> Text | ToolUse:
    """The main session starts a background subagent (task, background=true), says so, and
    answers when OpenCode tells it the subagent finished; the subagent answers 6 s late."""
    messages = req.body.get("messages", []) if isinstance(req.body, dict) else []
    first = next((m for m in messages if m.get("role") == "user"), {})
    if PROMPT not in json.dumps(first.get("content", "")):
        return Text("The directory is empty.", pause=6)
    replies = sum(1 for m in messages if m.get("role") == "assistant")
    if replies == 0:
        return ToolUse("task", {"description": "Survey the files", "prompt": SUBAGENT,
                                "subagent_type": "general", "background": True})
    return Text("The helper runs in the background." if replies == 1
                else "The background job has finished.")


def _subagent_answered(api: FakeAPI, after: float) -> float | None:
    """When the subagent's answer was sent (its last byte), if it was."""
    subs = {e.request for e in api.events if e.kind == "request" and SUBAGENT in e.summary}
    ends = [e.t for e in api.events if e.kind == "response_end" and e.request in subs
            and e.t >= after]
    return ends[0] if ends else None


@dataclass(frozen=True)
class Case:
    agent: Agent
    steps: list[Step]
    #: the turn's end on screen (the work still runs)
    ended: Callable[[str], bool]
    #: the agent's own turn about the work's end, drawn (None: it runs none)
    told: Callable[[str], bool] | None
    #: what the working message names while the work runs (any of these words)
    words: tuple[str, ...]
    #: the work ends when it writes late.txt (else when a subagent's answer was sent)
    writes: bool = True
    #: the model's tool call asks for approval first
    asks: bool = True


CASES = {
    "claude": Case(
        dataclasses.replace(CLAUDE, command=_claude_with_mcp),
        [ToolUse("Bash", {"command": WORK, "description": "Finish a slow job",
                          "run_in_background": True}, pause=0.5),
         Text("The job runs in the background."),
         # Claude Code tells the model when the shell is done (a turn of its own)
         Text("The background job has finished."),
         Text("The background job has finished.")],
        ended=lambda s: "runs in the background" in s and CLAUDE.turn.ended(s),
        told=lambda s: "job has finished" in s and CLAUDE.turn.ended(s),
        words=("shell",)),
    "codex": Case(
        dataclasses.replace(CODEX, command=_codex_with_mcp),
        [ToolUse("exec_command", {"cmd": WORK, "yield_time_ms": 1000,
                                  "sandbox_permissions": "require_escalated",
                                  "justification": "Run the slow job?"}, pause=0.5),
         Text("The job runs in a background terminal."),
         Text("The job has finished."),
         Text("The job has finished.")],
        ended=lambda s: "background terminal." in s and CODEX.turn.ended(s),
        told=None,
        words=("background", "sleep")),
    # Copilot's own turn waits for the shell ("● Waiting for background shells"), and tells
    # the model when it ended
    "copilot": Case(
        dataclasses.replace(COPILOT, command=_copilot_with_mcp),
        [ToolUse("bash", {"command": WORK, "description": "Finish a slow job", "mode": "async"},
                 pause=0.5),
         Text("The job runs in the background."),
         Text("The background job has finished."),
         Text("The background job has finished.")],
        ended=lambda s: "runs in the background" in s and "Waiting for background" in s,
        told=lambda s: "job has finished" in s and copilot_idle(s),
        words=("background",)),
    "gemini": Case(
        dataclasses.replace(GEMINI, command=_gemini_with_mcp),
        [ToolUse("run_shell_command", {"command": WORK, "description": "Finish a slow job",
                                       "is_background": True}, pause=0.5),
         Text("The job runs in the background."),
         Text("The background job has finished."),
         Text("The background job has finished.")],
        ended=lambda s: "runs in the background" in s and gemini_idle(s),
        told=None,
        words=("background",)),
    # Qwen Code tells the model when the shell ended (a turn of its own)
    "qwen": Case(
        dataclasses.replace(QWEN, command=_qwen_with_mcp),
        [ToolUse("run_shell_command", {"command": WORK, "description": "Finish a slow job",
                                       "is_background": True}, pause=0.5),
         Text("The job runs in the background."),
         Text("The background job has finished."),
         Text("The background job has finished.")],
        ended=lambda s: "runs in the background" in s and qwen_turn_over(s),
        told=lambda s: "job has finished" in s and qwen_turn_over(s),
        words=("shell",)),
    "opencode": Case(
        dataclasses.replace(OPENCODE, command=_opencode_with_mcp),
        [Dynamic(_opencode_steps)] * 8,
        ended=lambda s: "runs in the background" in s and OPENCODE.turn.ended(s),
        told=lambda s: "job has finished" in s and OPENCODE.turn.ended(s),
        words=("background",), writes=False, asks=False),
}


def _mcp_running(root_pid: int) -> bool:
    from osc7501wrap.proxy.procinfo import command_line, descendants

    tree = descendants(root_pid) or {}
    return any("mcp_server.py" in (command_line(pid) or "") for pid in tree)


@pytest.mark.parametrize("name", list(CASES))
def test_background_work_keeps_working_until_it_ends(name: str) -> None:
    case = CASES[name]
    agent = case.agent
    require.agent(name)
    with agent.run(lambda _sb: list(case.steps)) as run:
        t = run.term
        ready(run, agent)
        wrap_pid = t.proc.pid
        mark, _ = submit(run, agent, PROMPT)
        approved = mark
        if case.asks:
            blocked(run, agent, mark)
            t.settle(0.3)
            approved = approve(run, agent)
        started = time.monotonic()
        # the turn ends on screen while the work runs: no done, working says what runs
        t.wait_screen(case.ended, 40)
        ended_turn = t.offset
        late = run.sb.work / "late.txt"
        answered: float | None = None
        while not (late.exists() if case.writes
                   else (answered := _subagent_answered(run.api, started)) is not None):
            assert time.monotonic() - started < 30, "the background work never ended"
            t.pump(0.005)
        work_end = answered if answered is not None else time.monotonic()
        assert work_end - started > 4.0  # the turn ended seconds before the work did
        after = [s for s in t.seen(approved) if s.report.id == agent.record]
        assert "done" not in [s.label for s in after if s.t < work_end], t.labels(approved)
        assert after[-1].label == "working", t.labels(approved)
        msg = after[-1].report.msg or ""
        assert any(w in msg for w in case.words), msg
        run.note(f"{name}: working after the turn ended, until the work's end: {msg!r}")
        if case.told is not None:  # the agent's own turn about it is work too
            work_end = max(work_end, t.wait_screen(case.told, 20))
        done = t.wait_state("done", 10, since=ended_turn)
        lag = done.t - work_end
        run.note(f"{name}: done after the background work ended: {lag * 1000:.0f} ms")
        assert lag <= WITHIN, (lag, t.labels(approved))
        # the MCP server still runs: a helper from the start, it held nothing
        assert _mcp_running(wrap_pid), "the MCP server was not running"
        t.pump(1.5)
        assert t.labels(done.end)[-1:] in ([], ["done"]), t.labels(done.end)
        states = log_states(run.log)
        assert not any(s.signal == "process" and "mcp" in s.msg for s in states), states
        # child records (an agent's own, passed on under wrap's) were cleared when they
        # ended; the root record is cleared on the exit
        subs = [x for x in t.seen() if x.report.id not in (None, agent.record)]
        assert not subs or subs[-1].report.state == "clear", subs
        for key in agent.leave_keys:
            t.press(key)
            t.pump(0.4)
        assert t.wait(agent.leave_wait) == 0
        roots = [x for x in t.seen() if x.report.id == agent.record]
        assert roots[-1].report.state == "clear", t.labels()
