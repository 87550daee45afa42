"""Continue CLI's driver (``@continuedev/cli``, the program ``cn``): its scenarios (a command
refused, three multi-line or wrapped commands, a 61-line one, its question tool; from the
shared table (``shared``): a command approved, a plain answer, a long stream, an
interrupt, typed and quoted dialog text).

Its permission dialog is a box over the composer ("Would you like to continue?", three
options with a ``>`` marker, each with its key: ``Continue (tab)``, ``... (shift+tab)``,
``No, ... (esc)``) while the spinner line above it goes on counting. Refusing (Esc)
cancels the turn: the model is not asked again, the composer is back at once (labelled
idle, as an interrupt is).

What it does not do: describe Continue CLI (its composer, spinner line, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen, as Grok CLI's do).
"""

from __future__ import annotations

from agents import CONTINUE_QUESTION, continue_idle
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


def _refuse(c: Ctx) -> None:
    """Esc on its dialog: the turn is cancelled, its composer comes back (idle)."""
    c.key("esc", mark="idle")
    c.wait(continue_idle, 15, settle=0.6)


register("continue", "command-approve",
         "prompt -> spinner while the model is silent -> Bash approval -> enter (Continue) -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse("Bash", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="spinner", asks=CONTINUE_QUESTION,
         tool="bash", running=1.5, streaming=1.5, streamed=True)


@scenario(
    "continue",
    "command-deny",
    "Bash approval -> esc (No, and tell Continue what to do differently) -> the turn is cancelled, "
    "composer back",
    lambda sb, api: [ToolUse("Bash", {"command": "rm -rf build"}),
                     Text("Understood, nothing was removed.")],
)
def continue_command_deny(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, CONTINUE_QUESTION)
    c.shot("blocked-permission--bash-rm")
    _refuse(c)
    c.shot("idle--after-deny")
    leave(c)


@scenario(
    "continue",
    "question",
    "AskQuestion with two options -> question box -> first option chosen (enter) -> the model "
    "answers -> turn ends",
    lambda sb, api: [ToolUse("AskQuestion", {"question": "Which color do you prefer?",
                                             "options": ["Red", "Blue"]}),
                     Text("You chose red.", pause=1.0)],
)
def continue_question(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, lambda s: "Which color do you prefer?" in s and "Enter select" in s,
           label="blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", mark="working")
    turn_end(c, "You chose red.")
    c.shot("done--after-question")
    leave(c)


register("continue", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("continue", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("continue", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc -> prompt back",
         module=__name__, working="spinner")


register("continue", "negatives",
         "composer holding typed 'Would you like to continue? > Continue (tab) No (esc)' sent as the "
         "prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Continue asked:\n\n    Would you like to continue?\n\n"
                                     "    > Continue (tab)\n      Continue + don't ask again (shift+tab)\n"
                                     "      No, and tell Continue what to do differently (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Would you like to continue? > Continue (tab)  No (esc)", typed_end="No (esc)")


@scenario(
    "continue",
    "multiline",
    "three Bash approvals in one turn: a two-row command (enter), a 175-character one that wraps "
    "(enter), a two-row one sharing the first's first row (esc: the turn is cancelled)",
    lambda sb, api: [
        ToolUse("Bash", {"command": MULTILINE_TWO_ROWS}, pause=1.0),
        ToolUse("Bash", {"command": MULTILINE_WRAPPED}, pause=1.0),
        ToolUse("Bash", {"command": MULTILINE_REFUSED}, pause=1.0),
        Text("Ran the first two."),
    ],
)
def continue_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: CONTINUE_QUESTION in s)
    _refuse(c)
    leave(c)


LONG_COMMAND = "\n".join([*(f"touch f{i:02d}.txt" for i in range(60)), "touch SECOND-LAST"])


@scenario(
    "continue",
    "long-command",
    "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
    "approval -> esc -> the turn is cancelled",
    lambda sb, api: [ToolUse("Bash", {"command": LONG_COMMAND}),
                     Text("Understood, nothing was made.")],
)
def continue_long_command(c: Ctx) -> None:
    start(c)
    c.submit("make sixty files")
    dialog(c, CONTINUE_QUESTION)
    c.shot("blocked-permission--long-command")
    _refuse(c)
    leave(c)
