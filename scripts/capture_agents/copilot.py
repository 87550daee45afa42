"""GitHub Copilot CLI's driver: a bash tool call and its scenarios (bash approved: the
shared table's ``approve``; refused, a narrow terminal, a plain answer (the shared
``plain-answer``), interrupts, create, ask-user, negatives, folder trust,
multi-row commands).

What it does not do: hold its runs against its hooks and session log (truth
``copilot_truth``, after each run) or describe Copilot (its idle footer, command, keys and waits:
harness/agents.py).
"""

from __future__ import annotations

import re
import time
from typing import Any

from agents import COPILOT_WORKING, copilot_footer_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    leave,
    multiline_dialogs,
    scenario,
    start,
    turn_end,
    work_ends,
)
from capture_agents.shared import register


def copilot_bash(cmd: str, why: str, **kw: Any) -> ToolUse:
    """A ``bash`` tool call (Copilot asks before running it in manual approval)."""
    return ToolUse("bash", {"command": cmd, "description": why, "mode": "sync", "initial_wait": 30}, **kw)


register("copilot", "bash-approve",
         "prompt -> model silent 5 s ('Working' footer only) -> bash approval dialog -> approved -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             copilot_bash("sleep 3 && mkdir -p out && echo finished > out/log.txt", "Write a log file",
                          text="I will run the command.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="run the slow command", silence=5, working="silent-model",
         asks=re.compile(r"Do you want to run"), tool="bash", running=1.5, streaming=1.5,
         answer_end="stopping here.")


@scenario(
    "copilot",
    "narrow",
    "80x24 terminal: prompt -> model silent 3 s -> bash approval box (wrapped options) -> approved -> "
    "answer -> turn ends; then resized to 60x20 at the idle prompt",
    lambda sb, api: [
        copilot_bash("sleep 1 && mkdir -p out && echo finished > out/log.txt",
                     "Write a log file in the output directory", pause=3.0),
        Text("Done: out/log.txt holds the word finished.", chunk_delay=0.05, chunk_size=8),
    ],
    cols=80,
    rows=24,
)
def copilot_narrow(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt-80x24")
    c.submit("run the slow command")
    c.request(0)
    c.wait(COPILOT_WORKING, 20, settle=0)
    time.sleep(2)
    c.shot("working--silent-model-80x24")
    dialog(c, re.compile(r"Do you want to run"))
    c.shot("blocked-permission--bash-80x24")
    c.key("enter", mark="working")
    turn_end(c, "holds the word finished.")
    c.shot("done--turn-ended-80x24")
    c.run.resize(60, 20)
    c.wait(copilot_footer_idle, 10, settle=0.8)
    c.shot("done--turn-ended-60x20")
    leave(c)


@scenario(
    "copilot",
    "bash-refuse",
    "bash approval dialog -> Esc (no, stop) -> the turn is aborted, prompt back",
    lambda sb, api: [copilot_bash("rm -rf build", "Remove the build directory"), Text("Understood.")],
)
def copilot_bash_refuse(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, re.compile(r"Do you want to run"))
    c.shot("blocked-permission--bash-rm")
    c.key("esc", mark="working")  # "◉ Cancelling", then the idle footer
    c.wait(lambda s: "Do you want to run" not in s and copilot_footer_idle(s), 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--interrupted-permission-refused")
    leave(c)


register("copilot", "plain-answer",
         "prompt -> short streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


@scenario(
    "copilot",
    "interrupt",
    "prompt -> model streams a long answer slowly ('Working · N B esc esc interrupt') -> Esc Esc -> "
    "interrupted, prompt back",
    lambda sb, api: [Text(LONG_ANSWER * 8, pause=2.0, chunk_delay=0.25, chunk_size=6)],
)
def copilot_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("tell me a long story")
    c.request(0)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(4)
    c.shot("working--streaming-long")
    c.key("esc")  # the footer says "esc esc interrupt": the first Esc arms, the second interrupts
    time.sleep(0.2)
    c.key("esc")
    c.wait(copilot_footer_idle, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--interrupted-esc-esc")
    leave(c)


@scenario(
    "copilot",
    "interrupt-silent",
    "prompt -> model never answers ('Working esc esc edit prompt' for 8 s) -> Esc Esc -> turn cancelled, "
    "the prompt back in the composer for editing",
    lambda sb, api: [Text("never shown", gate="never")],
)
def copilot_interrupt_silent(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(COPILOT_WORKING, 20, settle=0)
    time.sleep(8)
    c.shot("working--silent-long")
    c.key("esc")
    time.sleep(0.2)
    c.key("esc")
    c.wait(copilot_footer_idle, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--interrupted-prompt-back-for-editing")
    leave(c)


@scenario(
    "copilot",
    "create-file",
    "create tool on a new file -> 'Do you want to create' style dialog -> approved -> turn ends",
    lambda sb, api: [
        ToolUse("create", {"path": str(sb.work / "hello.py"), "file_text": "print('hello')\n"}),
        Text("Created hello.py."),
    ],
)
def copilot_create(c: Ctx) -> None:
    start(c)
    c.submit("create hello.py")
    dialog(c, re.compile(r"(?i)do you want to|allow"))
    c.shot("blocked-permission--create-file")
    c.key("enter", mark="working")
    turn_end(c, "Created hello.py.")
    leave(c)


@scenario(
    "copilot",
    "ask-user",
    "ask_user with a choice question -> question form -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse(
            "ask_user",
            {
                "message": "Which color do you prefer?",
                "requestedSchema": {
                    "type": "object",
                    "properties": {"color": {"type": "string", "title": "Color", "enum": ["Red", "Blue"]}},
                    "required": ["color"],
                },
            },
        ),
        Text("You chose red."),
    ],
)
def copilot_ask(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, "Which color do you prefer?", label="blocked:question")
    c.shot("blocked-question--ask-user")
    c.key("enter", mark="working")
    try:
        turn_end(c, "You chose red.", timeout=10)
    except AssertionError:
        c.shot("blocked-question--ask-user-2")
        c.key("enter")
        turn_end(c, "You chose red.")
    leave(c)


@scenario(
    "copilot",
    "ask-user-text",
    "ask_user with a free-text field -> form with an input line -> an answer typed and submitted -> "
    "turn ends",
    lambda sb, api: [
        ToolUse(
            "ask_user",
            {
                "message": "What should the new file be called?",
                "requestedSchema": {
                    "type": "object",
                    "properties": {"name": {"type": "string", "title": "File name"}},
                    "required": ["name"],
                },
            },
        ),
        Text("I will call it notes.txt."),
    ],
)
def copilot_ask_text(c: Ctx) -> None:
    start(c)
    c.submit("ask me for a file name")
    dialog(c, "What should the new file be called?", label="blocked:question")
    c.shot("blocked-question--ask-user-text")
    c.run.type("notes.txt")
    time.sleep(0.5)
    c.shot("blocked-question--ask-user-text-typed")
    c.key("enter", mark="working")
    try:
        turn_end(c, "call it notes.txt.", timeout=10)
    except AssertionError:
        c.shot("blocked-question--ask-user-text-2")
        c.key("enter")
        turn_end(c, "call it notes.txt.")
    leave(c)


@scenario(
    "copilot",
    "negatives",
    "idle composer holding typed '❯ 1. Yes ... enter to select · esc to cancel'; then an answer quoting "
    "an approval dialog",
    lambda sb, api: [
        Text(
            "The dialog said:\n\n    Do you want to run this command?\n    ❯ 1. Yes\n      2. No, and tell Copilot "
            "what to do differently (Esc to stop)\n    ↑/↓ to navigate · enter to select · esc to cancel\n\n"
            "Nothing is waiting now."
        )
    ],
)
def copilot_negatives(c: Ctx) -> None:
    start(c)
    typed = "❯ 1. Yes  enter to select · esc to cancel"
    c.run.type(typed)
    c.wait("1. Yes  enter to select", 10, settle=0.5)
    c.shot("idle--user-typed-1-yes")
    for _ in range(len(typed)):
        c.key("backspace")
    c.wait(lambda s: "1. Yes  enter to select" not in s and copilot_footer_idle(s), 20, settle=1.0)
    c.submit("what did the dialog say")
    turn_end(c, "Nothing is waiting now.")
    c.shot("done--quoted-dialog")
    leave(c)


@scenario(
    "copilot",
    "trust-folder",
    "work dir not trusted -> folder trust dialog at start -> trusted -> idle",
    lambda sb, api: [],
    trust=False,
)
def copilot_trust(c: Ctx) -> None:
    c.wait(re.compile(r"(?i)trust"), 60, settle=0.8)
    c.mark("blocked:permission")
    c.shot("blocked-permission--trust-folder")
    c.key("enter")
    start(c)
    leave(c)


COPILOT_ASKS = "Do you want to run"


@scenario(
    "copilot",
    "multiline",
    "three bash approval dialogs in one turn: a two-row command (approved), a 175-character one "
    "that wraps (approved), a two-row one sharing the first's first row (Esc: no, the turn is aborted)",
    lambda sb, api: [
        copilot_bash(MULTILINE_TWO_ROWS, "List, then make x1.txt"),
        copilot_bash(MULTILINE_WRAPPED, "Print a long line, then make long-1.txt"),
        copilot_bash(MULTILINE_REFUSED, "List, then make SECOND.txt"),
        Text("Ran the first two."),
    ],
)
def copilot_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: COPILOT_ASKS in s)
    c.key("esc", mark="working")  # "◉ Cancelling", then the idle footer
    c.wait(lambda s: COPILOT_ASKS not in s and copilot_footer_idle(s), 15, settle=0.5)
    c.mark("idle")


@scenario(
    "copilot",
    "background-shell",
    "bash in async mode 'sleep 8 && touch late.txt' (approved) -> the answer ends while the shell runs: "
    "'Waiting for background shells' (the turn runs on) -> it ends -> Copilot tells the model -> done",
    lambda sb, api: [
        ToolUse("bash", {"command": "sleep 8 && touch late.txt", "description": "Finish a slow job",
                         "mode": "async"}),
        Text("The job runs in the background."),
        Text("The background job has finished."),
        Text("The background job has finished."),
    ],
    background_truth=True,
)
def copilot_background_shell(c: Ctx) -> None:
    start(c)
    c.submit("run the slow job in the background")
    dialog(c, re.compile(r"Do you want to run"))
    c.key("enter", mark="working")
    # the answer is drawn, and the footer waits: "● Waiting for background shells" (its turn
    # runs on until the shell ends: agentStop comes then)
    c.wait(lambda s: "runs in the background" in s and "Waiting for background" in s, 30, settle=0.5)
    time.sleep(1)
    c.shot("working--background-shell")
    work_ends(c, "late.txt")
    # then Copilot tells the model in a turn of its own (userPromptSubmitted ... agentStop),
    # too short to label from the screen (check_truth leaves it out)
    c.wait(lambda s: "job has finished" in s and copilot_footer_idle(s), 20, settle=0.5)
    c.shot("done--background-shell-ended")
    leave(c)
