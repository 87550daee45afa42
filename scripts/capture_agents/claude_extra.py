"""Claude Code's other scenarios, registered after claude's: permission modes, start-up
dialogs (folder trust, auto-mode nudge, a project MCP server), negatives, a status line,
the native 7501 run, a narrow terminal, type-ahead, interrupting a tool, /compact, MCP
tools and forms, subagents, background shells, an API error and multi-row commands.

What it does not do: define helpers of its own (it uses claude's) or run anything at
import beyond registering its scenarios.
"""

from __future__ import annotations

import json
import re
import sys
import time

from agents import CLAUDE_PROMPT, claude_composer
from fakeapi import Error, Text, ToolUse

from capture_agents.claude import CLAUDE_SPINNER
from capture_agents.core import (
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    REPO,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)


@scenario(
    "claude",
    "modes",
    "started with --allow-dangerously-skip-permissions; shift+tab cycles every mode footer at the idle prompt",
    lambda sb, api: [],
    args=["--allow-dangerously-skip-permissions"],
)
def claude_modes(c: Ctx) -> None:
    start(c)
    names = {
        "accept edits on": "idle--mode-accept-edits",
        "plan mode on": "idle--mode-plan-cycled",
        "auto mode on": "idle--mode-auto",
        "bypass permissions on": "idle--mode-bypass",
        "don't ask on": "idle--mode-dont-ask",
        "manual mode on": "idle--mode-manual",
    }
    seen: set[str] = set()
    for _ in range(8):
        c.key("shift+tab")
        time.sleep(1.0)
        screen = c.wait(lambda s: any(k in s for k in names), 10, settle=0.6)
        for k, shot in names.items():
            if k in screen and k not in seen:
                seen.add(k)
                c.shot(shot)
    leave(c)


@scenario(
    "claude",
    "folder-trust",
    "HOME without trust for the work dir -> folder trust dialog at start -> accepted -> idle prompt",
    lambda sb, api: [],
    trust=False,
    native=True,
)
def claude_trust(c: Ctx) -> None:
    c.wait(re.compile(r"(?i)trust"), 40, settle=0.5)
    c.mark("blocked:permission")
    c.shot("blocked-permission--folder-trust")
    c.key("down")
    time.sleep(0.3)
    c.key("enter", mark="working")  # answered: Claude starts (2.1.302 blanks the screen 0.3 s)
    start(c)
    leave(c)


@scenario(
    "claude",
    "auto-mode-nudge",
    "first start after the auto-mode change: 'Make auto mode your default permission mode?' -> No",
    lambda sb, api: [],
    state={"hasSeenAutoDefaultNudge": False},
    native=True,
)
def claude_nudge(c: Ctx) -> None:
    c.wait("Make auto mode your default", 40, settle=0.5)
    c.mark("blocked")
    c.shot("blocked--auto-mode-nudge")
    c.key("down")
    time.sleep(0.3)
    c.key("enter")
    start(c)
    leave(c)


QUOTED = (
    "The dialog you saw said:\n\n"
    "    Do you want to proceed?\n"
    "    ❯ 1. Yes\n"
    "      2. No\n\n"
    "It is only a question; nothing is waiting now. Esc to cancel · Tab to amend was its footer."
)


@scenario(
    "claude",
    "negatives",
    "idle composer holding typed '1. Yes' (not sent); then an answer that quotes a permission dialog",
    lambda sb, api: [Text(QUOTED)],
)
def claude_negatives(c: Ctx) -> None:
    start(c)
    c.run.type("1. Yes")
    c.wait(re.compile(r"❯\s1\. Yes"), 10, settle=0.5)
    c.shot("idle--user-typed-1-yes")
    for _ in range(6):
        c.key("backspace")
        time.sleep(0.05)
    c.run.type("Do you want to proceed?")
    c.wait(re.compile(r"❯\sDo you want to proceed\?"), 10, settle=0.5)
    c.shot("idle--user-typed-do-you-want")
    for _ in range(len("Do you want to proceed?")):
        c.key("backspace")
    time.sleep(0.5)
    c.submit("what did the dialog say")
    turn_end(c)
    c.shot("done--quoted-do-you-want")
    leave(c)


@scenario(
    "claude",
    "statusline",
    "custom statusLine configured: spinner while the model is silent, then the turn ends",
    lambda sb, api: [Text("Done here.", gate="think")],
    settings={"statusLine": {"type": "command", "command": "echo custom-status-line"}},
)
def claude_statusline(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt-statusline")
    c.submit("do a thing")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner-statusline")
    c.api.release("think")
    turn_end(c)
    c.shot("done--turn-ended-statusline")
    leave(c)


@scenario(
    "claude",
    "native-7501",
    "terminal answers the OSC 7501 probe: Claude's own reports through Bash approval, a question and a turn end",
    lambda sb, api: [
        ToolUse("Bash", {"command": "mkdir -p native && touch native/done", "description": "Make a marker file"}),
        ToolUse(
            "AskUserQuestion",
            {
                "questions": [
                    {
                        "question": "Continue with the next step?",
                        "header": "Next",
                        "multiSelect": False,
                        "options": [
                            {"label": "Yes", "description": "Go on"},
                            {"label": "No", "description": "Stop here"},
                        ],
                    }
                ]
            },
        ),
        Text("All done."),
        Text("never shown", gate="never"),
    ],
    answer_7501=True,
)
def claude_native(c: Ctx) -> None:
    start(c)
    c.submit("run and ask")
    dialog(c, "Do you want to proceed?")
    c.key("enter", mark="working")
    dialog(c, "Enter to select", label="blocked:question")
    c.key("enter", mark="working")
    turn_end(c)
    c.submit("now wait")
    c.request(3)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(2)
    c.key("esc")
    c.wait(lambda s: CLAUDE_SPINNER.search(s) is None and "manual mode on" in s, 15, settle=0.5)
    c.mark("idle")
    leave(c)


@scenario(
    "claude",
    "narrow",
    "a 64x20 terminal: spinner, Bash permission dialog, approval, turn end",
    lambda sb, api: [
        ToolUse("Bash", {"command": "mkdir -p out && touch out/narrow", "description": "Make a file"}, gate="think"),
        Text("Made out/narrow."),
    ],
    cols=64,
    rows=20,
)
def claude_narrow(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt-64x20")
    c.submit("make a file")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(2)
    c.shot("working--spinner-64x20")
    c.api.release("think")
    dialog(c, "Do you want to proceed?")
    c.shot("blocked-permission--bash-64x20")
    c.key("enter", mark="working")
    turn_end(c)
    c.shot("done--turn-ended-64x20")
    leave(c)


@scenario(
    "claude",
    "mode-dont-ask",
    "started with --permission-mode dontAsk: the idle footer of that mode",
    lambda sb, api: [],
    args=["--permission-mode", "dontAsk"],
)
def claude_dont_ask(c: Ctx) -> None:
    start(c, lambda s: claude_composer(s, "on"))
    c.shot("idle--mode-dont-ask")
    leave(c)


@scenario(
    "claude",
    "type-ahead",
    "while the model is silent the user types a second prompt (composer holds text), sends it (queued), "
    "then both turns are answered",
    lambda sb, api: [
        Text("First answer.", gate="think"),
        Text("Second answer."),
    ],
)
def claude_type_ahead(c: Ctx) -> None:
    start(c)
    c.submit("first question")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    c.run.type("second question")
    c.wait(re.compile(r"❯\ssecond question"), 10, settle=0.3)
    c.shot("working--composer-has-text")
    c.key("enter")
    time.sleep(1.5)
    c.shot("working--queued-prompt")
    c.api.release("think")
    c.wait("Second answer.", 30, settle=0)
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "interrupt-tool",
    "approved Bash command runs long -> Esc while it runs -> 'Interrupted' -> prompt back",
    lambda sb, api: [
        ToolUse("Bash", {"command": "python3 -c \"import time; time.sleep(30)\" && mkdir -p late", "description": "Wait, then make a directory"}),
        Text("never reached"),
    ],
)
def claude_interrupt_tool(c: Ctx) -> None:
    start(c)
    c.submit("wait and make a directory")
    dialog(c, "Do you want to proceed?")
    c.key("enter", mark="working")
    c.wait(lambda s: "Do you want to proceed?" not in s, 10, settle=0)
    time.sleep(3)
    c.shot("working--tool-running-long")
    c.key("esc")
    c.wait(lambda s: "Interrupted" in s and "esc to interrupt" not in s, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-interrupt-tool")
    leave(c)


@scenario(
    "claude",
    "compact",
    "after one turn the user runs /compact -> 'Compacting conversation' while the summary request is slow -> "
    "prompt back",
    lambda sb, api: [Text("Hello there.")],
)
def claude_compact(c: Ctx) -> None:
    start(c)
    c.submit("say hello")
    turn_end(c)
    c.api.scenario.side_text = "<analysis>Short chat.</analysis>\n<summary>The user asked for a greeting.</summary>"
    c.api.scenario.side_pause = 4.0
    c.run.type("/compact")
    time.sleep(0.5)
    c.key("enter", mark="working")
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(1.5)
    c.shot("working--compacting")
    c.wait(lambda s: CLAUDE_SPINNER.search(s) is None and CLAUDE_PROMPT.search(s) is not None
           and "manual mode on" in s, 60, settle=0.5)
    c.mark("done")
    c.shot("done--after-compact")
    leave(c)


MCP_SERVER = {
    "type": "stdio",
    "command": sys.executable,
    "args": [str(REPO / "harness" / "fakeapi" / "mcp_server.py")],
    "env": {},
}


@scenario(
    "claude",
    "mcp-tool",
    "user-scope stdio MCP server 'glossary'; model calls mcp__glossary__lookup -> MCP tool permission dialog "
    "-> approved -> turn ends",
    lambda sb, api: [
        ToolUse("mcp__glossary__lookup", {"query": "spinner"}, text="Let me look that up."),
        Text("A spinner shows that work is going on."),
    ],
    state={"mcpServers": {"glossary": MCP_SERVER}},
    native=True,
)
def claude_mcp_tool(c: Ctx) -> None:
    start(c)
    time.sleep(2)
    c.submit("what is a spinner")
    # the dialog itself, not the tool line above it ("Calling glossary…" comes first)
    dialog(c, re.compile(r"(?m)Do you want to proceed\?|^\s*❯ 1\."))
    c.shot("blocked-permission--mcp-tool")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "mcp-form",
    "MCP tool 'survey' (approved) asks for a form (elicitation: a text field and a choice) -> "
    "'MCP server \u201cglossary\u201d requests your input' -> Esc (declined) -> turn ends",
    lambda sb, api: [
        ToolUse("mcp__glossary__survey", {}, text="Let me ask you."),
        Text("Thanks, no answer then."),
    ],
    state={"mcpServers": {"glossary": MCP_SERVER}},
    native=True,
)
def claude_mcp_form(c: Ctx) -> None:
    start(c)
    time.sleep(2)
    c.submit("run the survey")
    dialog(c, re.compile(r"(?m)Do you want to proceed\?|^\s*❯ 1\."))
    c.key("enter", mark="working")
    dialog(c, "requests your input", label="blocked:question")
    c.shot("blocked-question--mcp-form")
    c.key("esc", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "mcp-project-approval",
    "project .mcp.json with a new server -> 'New MCP server found' dialog at start -> Enter on the default "
    "'Continue without using this MCP server' -> idle",
    lambda sb, api: [],
    setup=lambda sb: (sb.work / ".mcp.json").write_text(json.dumps({"mcpServers": {"glossary": MCP_SERVER}})),
    native=True,
)
def claude_mcp_project(c: Ctx) -> None:
    c.wait(re.compile(r"(?i)new MCP server"), 40, settle=0.5)
    c.mark("blocked:permission")
    c.shot("blocked-permission--mcp-project-server")
    c.key("enter", mark="working")  # answered: Claude starts (2.1.302 blanks the screen 0.3 s)
    start(c)
    leave(c)


@scenario(
    "claude",
    "subagent",
    "model starts a general-purpose subagent (Agent tool) that answers slowly -> subagent progress -> turn ends",
    lambda sb, api: [
        ToolUse(
            "Agent",
            {"description": "Survey the files", "prompt": "List what is in the directory.",
             "subagent_type": "general-purpose"},
            text="I will ask a helper agent.",
        ),
        Text("The directory is empty.", pause=4),
        Text("The subagent reports an empty directory."),
    ],
    native=True,
)
def claude_subagent(c: Ctx) -> None:
    start(c)
    c.submit("survey the files with an agent")
    c.request(1)
    time.sleep(2)
    c.wait(CLAUDE_SPINNER, 10, settle=0)
    c.shot("working--subagent")
    turn_end(c)
    c.shot("done--after-subagent")
    leave(c)


@scenario(
    "claude",
    "background-shell",
    "Bash run_in_background (approved) -> the turn ends while the shell still runs (footer shows it) -> "
    "ctrl+c asks 'Background work is running' -> exit and stop tasks",
    lambda sb, api: [
        ToolUse(
            "Bash",
            {"command": "sleep 40 && touch late.txt", "description": "Touch a file after a while",
             "run_in_background": True},
        ),
        Text("The command runs in the background."),
    ],
    native=True,
)
def claude_background_shell(c: Ctx) -> None:
    start(c)
    c.submit("touch a file later, in the background")
    dialog(c, "Do you want to proceed?")
    c.key("enter", mark="working")
    turn_end(c, label="working")  # the turn ended, the shell it started runs on
    time.sleep(1)
    c.shot("done--background-shell")
    # leaving while the shell runs asks first: "Background work is running" (a question)
    c.key("ctrl+c")
    time.sleep(0.3)
    c.key("ctrl+c")
    dialog(c, "Background work is running", label="blocked:question")
    c.shot("blocked-question--background-exit")
    c.key("enter", mark="working")  # 1. Exit and stop tasks: it stops them, then exits
    try:
        c.run.wait_exit(10)
    except AssertionError:
        pass


# the footer counts background work while it runs ("⏸ manual mode on · 1 shell · ↓ to manage")
CLAUDE_BACKGROUND = re.compile(r"·\s*\d+\s+(?:shells?|background tasks?|tasks?)\s*·")


def _background_ended(s: str) -> bool:
    return (CLAUDE_BACKGROUND.search(s) is None and CLAUDE_SPINNER.search(s) is None
            and CLAUDE_PROMPT.search(s) is not None and "manual mode on" in s)


@scenario(
    "claude",
    "background-shell-ends",
    "Bash run_in_background 'sleep 8' (approved) -> the turn ends while the shell runs (working: "
    "footer '1 shell') -> 'is it done yet?' answered while it runs -> the shell ends -> done",
    lambda sb, api: [
        ToolUse(
            "Bash",
            {"command": "sleep 8 && echo finished > late.txt", "description": "Finish a slow job",
             "run_in_background": True},
        ),
        Text("The job runs in the background."),
        Text("Not yet, it is still running."),
        Text("The background job has finished."),
        Text("The background job has finished."),
    ],
    native=True,
)
def claude_background_shell_ends(c: Ctx) -> None:
    start(c)
    c.submit("run the slow job in the background")
    dialog(c, "Do you want to proceed?")
    c.key("enter", mark="working")
    started = time.monotonic()
    turn_end(c, label="working")  # the turn ended; the shell runs on
    c.shot("done--background-shell-running")  # the turn reads done; the footer counts the shell
    time.sleep(1.0)
    c.submit("is it done yet?")
    c.wait("Not yet", 20, settle=0)
    turn_end(c, label="working")
    # the shell ends 8 s after it started: the footer drops its count
    c.wait(_background_ended, 8 + 30 - (time.monotonic() - started), settle=0.5)
    c.mark("done")
    c.shot("done--background-shell-ended")
    time.sleep(3)
    leave(c)


@scenario(
    "claude",
    "background-agent",
    "model starts a background subagent (Agent run_in_background) that answers slowly -> the answer "
    "ends, the turn waits ('Waiting for 1 background agent to finish') -> it finishes -> done",
    lambda sb, api: [
        ToolUse(
            "Agent",
            {"description": "Survey the files", "prompt": "List what is in the directory.",
             "subagent_type": "general-purpose", "run_in_background": True},
            text="I will ask a helper agent in the background.",
        ),
        Text("The helper runs in the background."),
        Text("The directory is empty.", pause=8),
        Text("The helper found an empty directory."),
        Text("The helper found an empty directory."),
    ],
    native=True,
)
def claude_background_agent(c: Ctx) -> None:
    start(c)
    c.submit("survey the files with a background agent")
    # its turn waits for the agent: "✻ Waiting for 1 background agent to finish"
    c.wait("background agent", 30, settle=0.5)
    time.sleep(1)
    c.shot("working--background-agent-waiting")
    turn_end(c)
    c.shot("done--background-agent-ended")
    time.sleep(3)
    leave(c)


@scenario(
    "claude",
    "api-error",
    "terminal answers the 7501 probe; the API fails with HTTP 500 on every attempt (2 retries) -> error shown",
    lambda sb, api: [Error(status=500, message="internal error")] * 3,
    answer_7501=True,
    env={"CLAUDE_CODE_MAX_RETRIES": "2"},
)
def claude_api_error(c: Ctx) -> None:
    start(c)
    c.submit("do something")
    c.wait(re.compile(r"(?i)retrying|api error"), 60, settle=0)
    c.shot("working--api-retry")
    c.wait(lambda s: "API Error" in s and CLAUDE_SPINNER.search(s) is None, 90, settle=0.5)
    c.mark("error")
    c.shot("error--api-error")
    leave(c)


CLAUDE_ASKS = "Do you want to proceed?"


@scenario(
    "claude",
    "multiline",
    "three Bash dialogs in one turn: a two-row command (approved), a 175-character one that wraps "
    "(approved), a two-row one sharing the first's first row (Esc: rejected, prompt back)",
    lambda sb, api: [
        ToolUse("Bash", {"command": MULTILINE_TWO_ROWS, "description": "List, then make x1.txt"}),
        ToolUse("Bash", {"command": MULTILINE_WRAPPED, "description": "Print a long line, then make long-1.txt"}),
        ToolUse("Bash", {"command": MULTILINE_REFUSED, "description": "List, then make SECOND.txt"}),
        Text("Ran the first two."),
    ],
)
def claude_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, mark in ((1, "x1.txt"), (2, "long-1.txt")):
        dialog(c, lambda s, mark=mark: CLAUDE_ASKS in s and mark in s)
        c.shot(f"blocked-permission--multiline-{n}")
        c.key("enter", mark="working")
        c.wait(lambda s: CLAUDE_ASKS not in s, 10, settle=0)
    dialog(c, lambda s: CLAUDE_ASKS in s and "SECOND.txt" in s)
    c.shot("blocked-permission--multiline-3")
    c.key("esc")
    c.wait(lambda s: CLAUDE_ASKS not in s and CLAUDE_PROMPT.search(s) is not None, 15, settle=0.5)
    c.mark("idle")
    leave(c)
