"""Pi's driver: its scenarios (a plain answer: the shared table's ``plain-answer``; a long
one, interrupt, the harness extension's gate dialogs, OSC 9;4 progress, negatives).

What it does not do: hold its runs against its extension events (truth ``pi_truth``,
after each run) or describe Pi (its editor, spinner, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import time

from agents import PI_SPINNER, pi_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

register("pi", "plain-answer",
         "prompt -> short streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__, idle_shot=True)


@scenario(
    "pi",
    "long-work",
    "prompt -> model silent 5 s (spinner) -> bash runs 3 s -> slow streamed answer -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "sleep 3 && mkdir -p out && echo finished > out/log.txt"},
                text="I will run the command.", pause=5.0),
        Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
    ],
)
def pi_long(c: Ctx) -> None:
    start(c)
    c.submit("run the slow command")
    c.request(0)
    c.wait(PI_SPINNER, 20, settle=0)
    time.sleep(3)
    c.shot("working--silent-model")
    c.wait("sleep 3 && mkdir", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--tool-running")
    c.request(1)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    turn_end(c, "stopping here.")
    c.shot("done--turn-ended")
    leave(c)


@scenario(
    "pi",
    "interrupt",
    "prompt -> model never answers (spinner for 6 s) -> Esc -> aborted, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def pi_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(PI_SPINNER, 20, settle=0)
    time.sleep(6)
    c.shot("working--spinner-long")
    c.key("esc")
    c.wait(pi_idle, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--interrupted-esc")
    leave(c)


@scenario(
    "pi",
    "gate-approve",
    "Pi has no approvals of its own; an extension asks through Pi's select UI (as its permission-gate "
    "example does) -> 'Allow?' Yes/No -> Yes -> command runs -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "rm -rf build && echo removed"}, text="Removing the build directory."),
        Text("The build directory is gone."),
    ],
    gate=True,
)
def pi_gate_approve(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "enter select")
    c.shot("blocked-permission--extension-select")
    c.key("enter", mark="working")
    turn_end(c, "build directory is gone")
    c.shot("done--after-approved")
    leave(c)


@scenario(
    "pi",
    "gate-refuse",
    "the extension's 'Allow?' select -> Esc (refused: the tool call is blocked) -> the model answers -> "
    "turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "rm -rf build"}),
        Text("Understood, I left the build directory alone."),
    ],
    gate=True,
)
def pi_gate_refuse(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "enter select")
    c.shot("blocked-permission--extension-select-rm")
    c.key("esc", mark="working")
    turn_end(c, "left the build directory alone")
    c.shot("done--after-refused")
    leave(c)


@scenario(
    "pi",
    "gate-confirm",
    "an extension's confirm ('Run this command?' with the command) before rm -> confirmed -> command runs "
    "-> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "rm -rf build && echo removed"}),
        Text("The build directory is gone."),
    ],
    gate="confirm",
)
def pi_gate_confirm(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "Run this command?")
    c.shot("blocked-permission--extension-confirm")
    c.key("enter", mark="working")
    turn_end(c, "build directory is gone")
    leave(c)


@scenario(
    "pi",
    "gate-input",
    "an extension's input line ('Why should this command run?') before rm -> a reason typed and "
    "submitted -> command runs -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "rm -rf build && echo removed"}),
        Text("The build directory is gone."),
    ],
    gate="input",
)
def pi_gate_input(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "Why should this command run?", label="blocked:question")
    c.shot("blocked-question--extension-input")
    c.run.type("it is stale")
    time.sleep(0.5)
    c.shot("blocked-question--extension-input-typed")
    c.key("enter", mark="working")
    turn_end(c, "build directory is gone")
    leave(c)


@scenario(
    "pi",
    "progress",
    "terminal.showTerminalProgress on: Pi writes OSC 9;4;3 (every 1 s) while it works and 9;4;0 at the "
    "end -> prompt -> streamed answer -> turn ends",
    lambda sb, api: [Text(LONG_ANSWER, pause=2.0, chunk_delay=0.1, chunk_size=10)],
    settings={"terminal": {"showTerminalProgress": True}},
)
def pi_progress(c: Ctx) -> None:
    start(c)
    c.submit("tell me what you found")
    c.request(0)
    turn_end(c, "stopping here.")
    leave(c)


@scenario(
    "pi",
    "negatives",
    "idle editor holding typed '→ Yes ... enter select'; then an answer quoting the extension's dialog",
    lambda sb, api: [
        Text("The dialog said:\n\n  Allow?\n  → Yes\n    No\n  ↑↓ navigate  enter select  escape/ctrl+c cancel\n\n"
             "Nothing is waiting now.")
    ],
)
def pi_negatives(c: Ctx) -> None:
    start(c)
    typed = "→ Yes  enter select"
    c.run.type(typed)
    c.wait(typed, 10, settle=0.5)
    c.shot("idle--user-typed-yes")
    for _ in range(len(typed)):
        c.key("backspace")
    time.sleep(0.5)
    c.submit("what did the dialog say")
    turn_end(c, "Nothing is waiting now.")
    c.shot("done--quoted-dialog")
    leave(c)
