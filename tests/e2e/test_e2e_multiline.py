"""What a person approves from outside the pane is what runs, with the real agents.

The model asks, through the agent's shell tool, for ``ls -la`` + ``touch x1.txt`` (two
lines), then for ``ls -la`` + ``touch SECOND.txt``: two dialogs whose first rows are the
same. For every agent of the table whose dialogs show a command (``test_e2e_scenarios``'s
answer scenario): the dialog listed by ``ls --json`` has every row of the command as its
subject, and its question names it; the first is answered from outside as the answer
scenario answers it; once the second is on screen, an answer naming the first dialog is
refused, naming the second, and nothing is typed; the second is refused as chosen, and
``SECOND.txt`` is never made. With Claude Code, ``osc7501wrap events`` follows the turn:
exactly two ``blocked`` lines, each with its dialog (its hook says blocked before the
screen draws the dialog). Aider (whose every command asks twice) and Pi (no dialog) are
read on their recorded screens instead (tests/corpus/test_dialogs.py). Grok CLI's
confirmation names only a command's first row ("⎿ Command: ls -la"): its subject is the
"Run bash command(" rows above it, whose last keeps the closing parenthesis; Kilo CLI's
refusal is two steps (its form is sent empty).
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from typing import Any

import agentrun
import pytest
import require
from e2e import REPO, Run, answered, listed_dialog, refused_stale
from e2e_agents import AGENTS, Agent, Answer, codex_exec, ready
from fakeapi import Step, Text, ToolUse

pytestmark = pytest.mark.agent

FIRST = "ls -la\ntouch x1.txt"
SECOND = "ls -la\ntouch SECOND.txt"
#: each agent's shell tool: its name and the arguments beside the command
TOOLS: dict[str, Any] = {
    "claude": lambda cmd: ToolUse("Bash", {"command": cmd, "description": "List, then touch"},
                                  pause=1.0),
    "codex": lambda cmd: ToolUse("exec_command", codex_exec(cmd, "List, then touch?"),
                                 pause=1.0),
    "gemini": lambda cmd: ToolUse("run_shell_command", {"command": cmd,
                                                        "description": "List, then touch"},
                                  pause=1.0),
    "copilot": lambda cmd: ToolUse("bash", {"command": cmd, "description": "List, then touch",
                                            "mode": "sync", "initial_wait": 30}, pause=1.0),
    "opencode": lambda cmd: ToolUse("bash", {"command": cmd, "description": "List, then touch"},
                                    pause=1.0),
    "qwen": lambda cmd: ToolUse("run_shell_command", {"command": cmd,
                                                      "description": "List, then touch"},
                                pause=1.0),
    "kilo": lambda cmd: ToolUse("bash", {"command": cmd, "description": "List, then touch"},
                                pause=1.0),
    "grok": lambda cmd: ToolUse("bash", {"command": cmd}, pause=1.0),
    "cline": lambda cmd: ToolUse("run_commands", {"commands": [cmd]}, pause=1.0),
}
CASES = [pytest.param(a, id=a.name) for a in AGENTS
         if a.name in TOOLS and isinstance(a.answer, Answer)]


def flat(d: dict[str, Any]) -> str:
    return "".join("".join(d.get("subject") or ()).split())


def events_of(run: Run) -> tuple[subprocess.Popen[str], queue.Queue[dict[str, Any]]]:
    """`osc7501wrap events` of the run's sandbox, its lines parsed, in a thread."""
    proc = subprocess.Popen([sys.executable, "-m", "osc7501wrap", "events"],
                            env={**run.sb.base_env(), "PYTHONPATH": str(REPO)},
                            cwd=run.sb.work, stdout=subprocess.PIPE, text=True)
    got: queue.Queue[dict[str, Any]] = queue.Queue()

    def read() -> None:
        for line in proc.stdout or ():
            got.put(json.loads(line))

    threading.Thread(target=read, daemon=True).start()
    return proc, got


@pytest.mark.parametrize("agent", CASES)
def test_two_commands_that_share_their_first_row(agent: Agent) -> None:
    require.agent(agent.name)
    a = agent.answer
    assert isinstance(a, Answer)

    def steps(_sb: agentrun.Sandbox) -> list[Step]:
        return [TOOLS[agent.name](FIRST), TOOLS[agent.name](SECOND),
                Text("Understood, no SECOND.txt.", pause=1.0)]

    with agent.run(steps) as run:
        t = run.term
        ready(run, agent)
        proc, events = events_of(run) if agent.name == "claude" else (None, None)
        try:
            t.type(b"list, then touch two files")
            t.pump(agent.type_pause)
            t.press(b"\r")
            one = listed_dialog(run, run.record, lambda d: "touchx1.txt" in flat(d), 60)
            assert "ls-latouchx1.txt" in flat(one), one
            assert "touch x1.txt" in one["question"] and not one["partial"], one
            answered(run, one, *a.by_label)
            two = listed_dialog(run, run.record, lambda d: "touchSECOND.txt" in flat(d), 60)
            assert two["id"] != one["id"] and "touch SECOND.txt" in two["question"], two
            assert two["subject"][0] == one["subject"][0], (one, two)  # the shared first row
            refused_stale(run, one, two, "SECOND.txt")
            answered(run, two, *a.by_number)  # refused as chosen
            if a.refusal is not None:
                a.refusal(run)
            t.wait_screen(a.back, 30)
            t.settle(1.0)
            assert (run.sb.work / "x1.txt").exists()
            assert not (run.sb.work / "SECOND.txt").exists()
            if events is not None:
                lines = []
                while not events.empty():
                    lines.append(events.get())
                blocked = [e for e in lines if e["id"] == run.record and e["state"] == "blocked"]
                assert [e["dialog"]["id"] for e in blocked] == [one["id"], two["id"]], blocked
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(5)
        run.term.leave(run.record, agent.leave_keys, agent.leave_wait)
