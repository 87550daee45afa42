"""Axion Code's driver (PyPI ``axion-code``, the program ``axion``, a prompt_toolkit prompt
over a bottom toolbar, its turns printed with Rich up the main screen): its scenarios, rows
of the shared table (``shared``) given its words (its permission's pattern, the line that
refuses it, its shell tool's name, the model's replies): a command approved, one refused,
three multi-line or wrapped commands (each refused: its first approval is remembered for
the tool for the whole session), a 61-line one, a plain answer, a long stream and typed and
quoted dialog text. No question: it has no tool that asks the user. No interrupt: Ctrl+C in
a turn ends the program (``Aborted!``), no other key stops a turn.

Its screen: its banner box (``- - - Axion Code v1.0.1 - - -``, ``Welcome!``, its logo, the
model, its folder, quick start and commands), then each prompt after ``axion > `` (its
placeholder ``Try: ...`` while empty) over a bottom toolbar (`` axion │ /help for commands │
Ctrl+C to interrupt``, after a turn the model, the turn, the tokens and the cost). While the
model is asked, the row ``⠋ Thinking...`` under the prompt (on until the answer is drawn: a
one-paragraph answer is drawn whole at the turn's end); while a command runs, ``● Bash(<the
command>)`` over ``  ⠋ Running...``. A call of its ``Bash`` tool asks first (its permission
mode ``prompt``): a Rich panel titled ``⚠ Permission Required`` (the tool, the mode, the
reason, the call's input) over the line prompt ``Allow? :`` (its ``[y/N/a(lways)]`` eaten as
Rich markup), answered by a line (``y``, Enter). Refused by "n": ``Denied.``, the model is
told and answers in the same turn. Its "y" (shown as ``Allowed (once).``) is remembered for
the tool all the same: a later call of it in that session runs unasked.

What it does not do: describe Axion Code (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AXION_ASKS, axion_asks, axion_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its panel over its line prompt);
# refused by typing "n", then Enter: the model is told and answers. Its answer is drawn
# only once a paragraph is whole (a one-paragraph answer at the turn's end): no shot of it
# streaming
DIALOG = {"asks": AXION_ASKS, "tool_name": "Bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED, "whole_answer": True}


register("axion", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission panel and "
         "line prompt -> y, enter -> command runs 3 s -> the answer drawn whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("axion", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("axion", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("axion", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long one-paragraph answer streamed "
         "for ~8 s, drawn once whole -> turn ends",
         module=__name__, whole_answer=True)


register("axion", "negatives",
         "prompt holding typed '⚠ Permission Required Tool: Bash Allow? :' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Axion Code asked:\n\n"
                                     "    ⚠ Permission Required\n"
                                     "    Tool: Bash\n"
                                     "    Allow? :\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚠ Permission Required Tool: Bash Allow? :",
         typed_end="Allow? :")


@scenario(
    "axion",
    "multiline",
    "three permissions in one turn, each refused (its first approval is remembered for the "
    "tool for the whole session): a two-row command (n), a 175-character one wrapped (n), a "
    "two-row one sharing the first's first row (n) -> the model answers -> turn ends",
    lambda sb, api: [*(ToolUse("Bash", {"command": cmd}, pause=1.0)
                       for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED,
                                   MULTILINE_REFUSED)),
                     Text(REFUSED, pause=1.0)],
)
def axion_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, shown in enumerate(("x1.txt", "long-1.txt", "SECOND.txt"), 1):
        dialog(c, lambda s, shown=shown: axion_asks(s) and shown in s)
        c.shot(f"blocked-permission--multiline-{n}")
        c.send_line("n")
        c.wait(lambda s: not axion_asks(s), 10, settle=0)
    turn_end(c, REFUSED)
    leave(c)


register("axion", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["axion_idle"]
