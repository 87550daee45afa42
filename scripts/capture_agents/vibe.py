"""Mistral Vibe's driver (PyPI ``mistral-vibe``, the program ``vibe``, its Python TUI): its
scenarios (a command refused, three multi-line or wrapped commands, a 61-line one, its
question tool, an interrupt by Ctrl+C: its Esc does not reach it under this pty; from the
shared table (``shared``): a command approved, a plain answer, a long stream, typed and
quoted dialog text).

Its permission dialog is a box in the composer's place ("Permission for the
file_system.bash tool (...)", the command, four numbered options with a ``›`` marker,
the hints "↑↓/jk navigate  Enter select  Esc reject"; refused here by its "4. Deny")
while the spinner line above it goes on counting; its question tool draws the same box
with the choices and "Type your answer...".

What it does not do: describe Mistral Vibe (its composer, spinner line, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

import time

from agents import VIBE_BUSY, VIBE_QUESTION, vibe_idle
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

REFUSED = "Understood, nothing was run."


def _deny(c: Ctx) -> None:
    """Select "4. Deny" (down three times) and Enter: the model is told (working)."""
    for _ in range(3):
        c.key("down")
        time.sleep(0.3)
    time.sleep(0.2)
    c.key("enter", mark="working")


register("vibe", "command-approve",
         "prompt -> spinner while the model is silent -> bash permission -> enter (1. Allow once) -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse("bash", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="spinner", asks=VIBE_QUESTION,
         tool="bash", running=1.5, streaming=1.5, streamed=True)


@scenario(
    "vibe",
    "command-deny",
    "bash permission -> 4. Deny (down x3, enter) -> the model answers -> turn ends",
    lambda sb, api: [ToolUse("bash", {"command": "rm -rf build"}), Text(REFUSED, pause=1.0)],
)
def vibe_command_deny(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, VIBE_QUESTION)
    c.shot("blocked-permission--bash-rm")
    _deny(c)
    turn_end(c, REFUSED)
    c.shot("done--after-deny")
    leave(c)


@scenario(
    "vibe",
    "question",
    "ask_user_question with two choices -> question box -> first choice (enter) -> the model "
    "answers -> turn ends",
    lambda sb, api: [ToolUse("ask_user_question", {"questions": [
                         {"question": "Which color do you prefer?",
                          "options": [{"label": "Red"}, {"label": "Blue"}]}]}),
                     Text("You chose red.", pause=1.0)],
)
def vibe_question(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, lambda s: "Which color do you prefer?" in s and "Enter select" in s,
           label="blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", mark="working")
    turn_end(c, "You chose red.")
    c.shot("done--after-question")
    leave(c)


register("vibe", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("vibe", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


@scenario(
    "vibe",
    "interrupt",
    "prompt -> model never answers (5 s of spinner) -> ctrl+c (its Esc does not reach it here) -> "
    "prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def vibe_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(VIBE_BUSY, 20, settle=0)
    time.sleep(5)
    c.shot("working--spinner-long")
    c.key("ctrl+c")
    turn_end(c, None, "idle", 15)
    c.shot("idle--interrupted")
    leave(c)


register("vibe", "negatives",
         "composer holding typed 'Permission for the bash tool 1. Allow once 4. Deny (Enter select  Esc "
         "reject)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Vibe asked:\n\n    Permission for the file_system.bash tool\n\n"
                                     "    › 1. Allow once\n      2. Allow for remainder of this session\n"
                                     "      3. Always allow\n      4. Deny\n\n"
                                     "    ↑↓/jk navigate  Enter select  Esc reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission for the bash tool 1. Allow once 4. Deny (Enter select  Esc reject)",
         typed_end="Esc reject)")


@scenario(
    "vibe",
    "multiline",
    "three bash permissions in one turn: a two-row command (enter), a 175-character one that wraps "
    "(enter), a two-row one sharing the first's first row (4. Deny) -> the model answers -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": MULTILINE_TWO_ROWS}, pause=1.0),
        ToolUse("bash", {"command": MULTILINE_WRAPPED}, pause=1.0),
        ToolUse("bash", {"command": MULTILINE_REFUSED}, pause=1.0),
        Text("Ran the first two.", pause=1.0),
    ],
)
def vibe_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: VIBE_QUESTION in s)
    _deny(c)
    turn_end(c, "Ran the first two.")
    leave(c)


LONG_COMMAND = "\n".join([*(f"touch f{i:02d}.txt" for i in range(60)), "touch SECOND-LAST"])


@scenario(
    "vibe",
    "long-command",
    "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
    "permission -> 4. Deny -> the model answers -> turn ends",
    lambda sb, api: [ToolUse("bash", {"command": LONG_COMMAND}), Text(REFUSED, pause=1.0)],
)
def vibe_long_command(c: Ctx) -> None:
    start(c)
    c.submit("make sixty files")
    dialog(c, VIBE_QUESTION)
    c.shot("blocked-permission--long-command")
    _deny(c)
    turn_end(c, REFUSED)
    leave(c)


__all__ = ["vibe_idle"]
