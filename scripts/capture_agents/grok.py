"""Grok CLI's driver (``@vibe-kit/grok-cli``): its scenarios (bash approved and refused,
three multi-line or wrapped commands; from the shared table (``shared``): bash approved,
a plain answer, a long stream, an interrupt, typed and quoted dialog text).

What it does not do: read ground truth from the agent (Grok CLI has no hooks and no event
log: the labels come from its screen, as Aider's do) or describe Grok CLI
(its composer, spinner line, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import time

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

GROK_DIALOG = "Do you want to proceed"


register("grok", "bash-approve",
         "prompt -> spinner while the model is silent -> bash confirmation -> 1. Yes -> command runs 3 s -> "
         "slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse("bash", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="spinner", asks=GROK_DIALOG,
         tool="bash", running=1.5, streaming=1.5, streamed=True)


@scenario(
    "grok",
    "bash-reject",
    "bash confirmation -> 3. No (down, down, enter) -> the model answers -> turn ends",
    lambda sb, api: [ToolUse("bash", {"command": "rm -rf build"}),
                     Text("Understood, nothing was removed.", pause=1.5)],
)
def grok_bash_reject(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, GROK_DIALOG)
    c.shot("blocked-permission--bash-rm")
    c.key("down")
    time.sleep(0.3)
    c.key("down")
    time.sleep(0.4)
    c.shot("blocked-permission--no-selected")
    c.key("enter", mark="working")  # refused: the model is told and answers
    turn_end(c)
    c.shot("done--after-refusal")
    leave(c)


register("grok", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("grok", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("grok", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc -> prompt back",
         module=__name__, working="spinner")


register("grok", "negatives",
         "composer holding typed 'Do you want to proceed? 1. Yes 2. No', sent as the prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("The confirmation said:\n\n    Do you want to proceed with this operation?\n\n"
                                     "     1. Yes\n     2. No\n\n    ↑↓ navigate • Enter select • Esc cancel\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Do you want to proceed? 1. Yes 2. No (Enter select, Esc cancel)", typed_end="Esc cancel)")


@scenario(
    "grok",
    "multiline",
    "three bash confirmations in one turn: a two-row command (Yes), a 175-character one that wraps "
    "(Yes), a two-row one sharing the first's first row (No) -> the model answers -> turn ends",
    lambda sb, api: [
        # the model takes a moment before each call, as a real one does: the light goes
        # working between two dialogs
        ToolUse("bash", {"command": MULTILINE_TWO_ROWS}, pause=1.0),
        ToolUse("bash", {"command": MULTILINE_WRAPPED}, pause=1.0),
        ToolUse("bash", {"command": MULTILINE_REFUSED}, pause=1.0),
        Text("Ran the first two.", pause=1.0),
    ],
)
def grok_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: GROK_DIALOG in s)
    c.key("down")
    time.sleep(0.3)
    c.key("down")
    time.sleep(0.4)
    c.key("enter", mark="working")  # refused: the model is told and answers
    turn_end(c)
    leave(c)
