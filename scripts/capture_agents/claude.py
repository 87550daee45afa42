"""Claude Code's driver: its spinner line and its tool-permission, plan-mode and question scenarios.

claude_extra holds the rest of its scenarios (one module would pass the package's length
limit). What it does not do: describe Claude Code (its composer, turn's end, command, keys and
waits: harness/agents.py) or check ground truth (Claude's hooks are not used).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from agentrun import Sandbox
from agents import CLAUDE_PROMPT
from fakeapi import Dynamic, FakeAPI, Request, Step, Text, ToolUse

from capture_agents.core import (
    COLS,
    LONG_ANSWER,
    ROWS,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)

# Claude Code's spinner line: a glyph, a verb, an ellipsis ("✻ Cogitating… (3s · esc to interrupt)").
CLAUDE_SPINNER = re.compile(r"(?m)^[·✢✳✶✻✽*●] \S[^\n]*…")


@scenario(
    "claude",
    "bash-approve",
    "prompt -> silent spinner -> Bash permission dialog (resized 100x30 and back) -> approved -> "
    "command runs 3 s -> slow streamed answer -> turn ends",
    lambda sb, api: [
        ToolUse(
            "Bash",
            {"command": "sleep 3 && mkdir -p out && echo finished > out/log.txt", "description": "Wait, then write a log file"},
            text="I will run the command.",
            gate="think",
        ),
        Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
    ],
)
def claude_bash_approve(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt")
    c.submit("run the slow command")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner")
    c.api.release("think")
    dialog(c, "Do you want to proceed?")
    c.shot("blocked-permission--bash")
    c.run.resize(100, 30)
    c.wait("Do you want to proceed?", 10, settle=0.5)
    c.shot("blocked-permission--bash-100x30")
    c.run.resize(COLS, ROWS)
    c.wait("Do you want to proceed?", 10, settle=0.5)
    c.key("enter", mark="working")
    c.wait(lambda s: "Do you want to proceed?" not in s, 10, settle=0)
    time.sleep(1.5)
    c.shot("working--tool-running")
    c.request(1)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    turn_end(c)
    c.shot("done--turn-ended")
    leave(c)


@scenario(
    "claude",
    "bash-reject",
    "Bash permission dialog -> Esc (rejected) -> Claude stops and asks what to do instead",
    lambda sb, api: [
        ToolUse("Bash", {"command": "rm -rf build", "description": "Remove the build directory"}),
        Text("Understood."),
    ],
    native=True,
)
def claude_bash_reject(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "Do you want to proceed?")
    c.shot("blocked-permission--bash-rm")
    c.key("esc")
    c.wait(lambda s: "Do you want to proceed?" not in s and CLAUDE_PROMPT.search(s) is not None, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-permission-rejected")
    leave(c)


@scenario(
    "claude",
    "interrupt",
    "prompt -> model never answers (silent spinner for 6 s) -> Esc -> interrupted, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
    native=True,
)
def claude_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(6)
    c.shot("working--spinner-long")
    c.key("esc")
    c.wait(lambda s: CLAUDE_SPINNER.search(s) is None and "manual mode on" in s, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-interrupt")
    leave(c)


@scenario(
    "claude",
    "thinking",
    "prompt -> model streams a long thinking block slowly, then text -> turn ends",
    lambda sb, api: [
        Text(
            "The answer is 42.",
            thinking="Let me consider the question carefully. " * 12,
            chunk_delay=0.2,
            chunk_size=10,
        )
    ],
)
def claude_thinking(c: Ctx) -> None:
    start(c)
    c.submit("what is the answer")
    c.request(0)
    c.wait(CLAUDE_SPINNER, 20, settle=0)
    time.sleep(3)
    c.shot("working--thinking")
    turn_end(c)
    leave(c)


def _write_steps(sb: Sandbox, api: FakeAPI) -> list[Step]:
    return [
        ToolUse("Write", {"file_path": str(sb.work / "hello.py"), "content": "print('hello')\nprint('world')\n"}),
        Text("Created hello.py."),
    ]


@scenario("claude", "write-create", "Write tool on a new file -> 'Do you want to create' dialog -> approved", _write_steps, native=True)
def claude_write_create(c: Ctx) -> None:
    start(c)
    c.submit("create hello.py")
    dialog(c, "Do you want to create")
    c.shot("blocked-permission--write-create")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


def _notes(sb: Sandbox) -> Path:
    p = sb.work / "notes.txt"
    p.write_text("first line\nsecond line\nthird line\n")
    return p


def _overwrite_steps(sb: Sandbox, api: FakeAPI) -> list[Step]:
    p = _notes(sb)
    return [
        ToolUse("Read", {"file_path": str(p)}),
        ToolUse("Write", {"file_path": str(p), "content": "replaced content\n"}),
        Text("Overwrote notes.txt."),
    ]


@scenario(
    "claude",
    "write-overwrite",
    "Read then Write over an existing file -> 'Do you want to overwrite' dialog -> approved",
    _overwrite_steps,
    native=True,
)
def claude_write_overwrite(c: Ctx) -> None:
    start(c)
    c.submit("replace notes.txt")
    dialog(c, "Do you want to overwrite")
    c.shot("blocked-permission--write-overwrite")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


def _edit_steps(sb: Sandbox, api: FakeAPI) -> list[Step]:
    p = _notes(sb)
    return [
        ToolUse("Read", {"file_path": str(p)}),
        ToolUse("Edit", {"file_path": str(p), "old_string": "second line", "new_string": "second line, edited"}),
        Text("Edited notes.txt."),
    ]


@scenario("claude", "edit", "Read then Edit -> 'Do you want to make this edit' dialog -> approved", _edit_steps, native=True)
def claude_edit(c: Ctx) -> None:
    start(c)
    c.submit("edit notes.txt")
    dialog(c, "Do you want to make this edit")
    c.shot("blocked-permission--edit")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "webfetch",
    "WebFetch -> 'Do you want to allow Claude to fetch this content?' (no Esc footer) -> approved "
    "(the fetch fails at the dead local proxy) -> turn ends",
    lambda sb, api: [
        ToolUse("WebFetch", {"url": "https://example.com/docs", "prompt": "Summarize the page"}),
        Text("The page could not be fetched."),
    ],
    native=True,
)
def claude_webfetch(c: Ctx) -> None:
    start(c)
    c.submit("read the docs page")
    dialog(c, "Do you want to allow Claude to fetch this content?")
    c.shot("blocked-permission--webfetch")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


PLAN = "# Plan\n\n1. Add a greeting function to hello.py.\n2. Print the greeting.\n3. Run it once to check."


def _enter_plan_mode(c: Ctx) -> None:
    for _ in range(6):
        if "plan mode on" in c.run.screen():
            break
        c.key("shift+tab")
        time.sleep(0.8)
    c.wait("plan mode on", 10, settle=0.5)


def _plan_file_write(req: Request) -> Step:
    m = re.search(r"(/[^\s\"'\\]+/plans/[\w.-]+\.md)", json.dumps(req.body))
    if not m:
        return Text("No plan file path in the request.")
    return ToolUse("Write", {"file_path": m.group(1), "content": PLAN + "\n"}, text="Writing the plan.")


@scenario(
    "claude",
    "plan-approval",
    "shift+tab x2 into plan mode -> prompt -> plan file written -> ExitPlanMode -> 'Ready to code?' "
    "plan approval dialog -> approved -> turn ends",
    lambda sb, api: [
        Dynamic(_plan_file_write),
        ToolUse("ExitPlanMode", {}, text="The plan is ready."),
        Text("Plan approved; starting now."),
    ],
    native=True,
)
def claude_plan(c: Ctx) -> None:
    start(c)
    _enter_plan_mode(c)
    c.shot("idle--mode-plan")
    c.submit("plan a greeting")
    dialog(c, re.compile(r"Would you like to proceed|Ready to code|Exit plan mode\?"))
    c.shot("blocked-permission--plan-approval")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "plan-exit-empty",
    "plan mode -> ExitPlanMode without a plan file -> 'Exit plan mode?' dialog -> approved -> turn ends",
    lambda sb, api: [
        ToolUse("ExitPlanMode", {"plan": PLAN}, text="Here is my plan."),
        Text("Leaving plan mode."),
    ],
    native=True,
)
def claude_plan_empty(c: Ctx) -> None:
    start(c)
    _enter_plan_mode(c)
    c.submit("plan a greeting")
    dialog(c, re.compile(r"Would you like to proceed|Ready to code|Exit plan mode\?"))
    c.shot("blocked-permission--plan-exit-empty")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "askuserquestion",
    "AskUserQuestion with two options -> question dialog -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse(
            "AskUserQuestion",
            {
                "questions": [
                    {
                        "question": "Which color do you prefer?",
                        "header": "Color",
                        "multiSelect": False,
                        "options": [
                            {"label": "Red", "description": "A warm color"},
                            {"label": "Blue", "description": "A cool color"},
                        ],
                    }
                ]
            },
        ),
        Text("You chose red."),
    ],
    native=True,
)
def claude_ask(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, "Enter to select", label="blocked:question")
    c.shot("blocked-question--askuserquestion")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "claude",
    "multi-question",
    "AskUserQuestion with two questions (the second multi-select) -> tabs 'Color / Sizes / Submit' -> "
    "first answered, a size ticked, 'Review your answers' -> submitted -> turn ends",
    lambda sb, api: [
        ToolUse(
            "AskUserQuestion",
            {
                "questions": [
                    {
                        "question": "Which color do you prefer?",
                        "header": "Color",
                        "multiSelect": False,
                        "options": [
                            {"label": "Red", "description": "A warm color"},
                            {"label": "Blue", "description": "A cool color"},
                        ],
                    },
                    {
                        "question": "Which sizes should the shirts come in?",
                        "header": "Sizes",
                        "multiSelect": True,
                        "options": [
                            {"label": "Small", "description": "S"},
                            {"label": "Large", "description": "L"},
                        ],
                    },
                ]
            },
        ),
        Text("Noted: red, small."),
    ],
    native=True,
)
def claude_ask_tabs(c: Ctx) -> None:
    start(c)
    c.submit("ask me two questions")
    dialog(c, "Which color do you prefer?", label="blocked:question")
    c.shot("blocked-question--askuserquestion-tabs")
    c.key("enter")  # Red; on to the second tab (still waiting)
    c.wait("Which sizes should the shirts come in?", 10, settle=0.5)
    c.key("enter")  # tick Small
    c.wait("[✔] Small", 10, settle=0.5)
    c.shot("blocked-question--askuserquestion-multiselect")
    c.key("right")
    c.wait("Review your answers", 10, settle=0.5)
    c.shot("blocked-question--askuserquestion-review")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)
