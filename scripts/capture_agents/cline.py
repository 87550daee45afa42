"""Cline's driver (``cline --tui --auto-approve false``): its scenarios (a command denied,
three multi-line or wrapped commands, a 61-line one, its question tool; from the shared
table (``shared``): a command approved, a plain answer, a long stream, an interrupt, typed and
quoted dialog text).

What it does not do: describe Cline (its composer, thinking line, start-up notice,
command and the background hub stopped after every run: harness/agents.py).
Labels come from its screen; its hooks (TaskStart, PreToolUse, TaskComplete, TaskCancel)
are logged in the sandbox's truth log.
"""

from __future__ import annotations

import re

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
)
from capture_agents.shared import register

CLINE_DIALOG = re.compile(r"\[y\]\s+\S")  # a tool approval: "[y] Approve   [n] Deny"


register("cline", "command-approve",
         "prompt -> thinking while the model is silent -> command approval -> y -> command runs 3 s -> slow "
         "streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse("run_commands", {"commands": ["sleep 3 && mkdir -p out && echo hi > out/x.txt"]},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="thinking", asks=CLINE_DIALOG,
         tool="command", running=1.5, streaming=1.5, streamed=True)


@scenario(
    "cline",
    "command-deny",
    "command approval -> n -> the model answers -> turn ends",
    lambda sb, api: [ToolUse("run_commands", {"commands": ["rm -rf build"]}),
                     Text("Understood, nothing was removed.")],
)
def cline_command_deny(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, CLINE_DIALOG)
    c.shot("blocked-permission--command-rm")
    c.run.send("n", mark="working")
    turn_end(c)
    c.shot("done--after-deny")
    leave(c)


@scenario(
    "cline",
    "question",
    "ask_question with two options -> question -> first option chosen -> turn ends",
    lambda sb, api: [ToolUse("ask_question", {"question": "Which color do you prefer?",
                                              "options": ["Red", "Blue"]}),
                     Text("You chose red.")],
)
def cline_question(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, "Which color do you prefer?", label="blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


register("cline", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("cline", "stream",
         "prompt -> 4 s silent (thinking) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("cline", "interrupt",
         "prompt -> model never answers (5 s of thinking) -> esc -> prompt back",
         module=__name__, working="thinking")


register("cline", "negatives",
         "composer holding typed 'Approve tool call? [y] Approve [n] Deny' sent as the prompt; the answer quotes it",
         module=__name__,
         model=lambda sb, api: [Text("Cline asked:\n\n    Approve tool call?\n    [y] Approve   [n] Deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Approve tool call? [y] Approve   [n] Deny", typed_end="[n] Deny")


@scenario(
    "cline",
    "multiline",
    "three command approvals in one turn: a two-row command (y), a 175-character one that wraps "
    "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn ends",
    lambda sb, api: [
        ToolUse("run_commands", {"commands": [MULTILINE_TWO_ROWS]}),
        ToolUse("run_commands", {"commands": [MULTILINE_WRAPPED]}),
        ToolUse("run_commands", {"commands": [MULTILINE_REFUSED]}),
        Text("Ran the first two."),
    ],
)
def cline_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: CLINE_DIALOG.search(s) is not None)
    c.run.send("n", mark="working")  # the third refused: the model is told and answers
    c.wait(lambda s: CLINE_DIALOG.search(s) is None, 10, settle=0)
    turn_end(c)
    leave(c)


LONG_COMMAND = "\n".join([*(f"touch f{i:02d}.txt" for i in range(60)), "touch SECOND-LAST"])


@scenario(
    "cline",
    "long-command",
    "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
    "approval -> n -> the model answers -> turn ends",
    lambda sb, api: [ToolUse("run_commands", {"commands": [LONG_COMMAND]}),
                     Text("Understood, nothing was made.")],
)
def cline_long_command(c: Ctx) -> None:
    start(c)
    c.submit("make sixty files")
    dialog(c, CLINE_DIALOG)
    c.shot("blocked-permission--long-command")
    c.run.send("n", mark="working")
    turn_end(c)
    leave(c)
