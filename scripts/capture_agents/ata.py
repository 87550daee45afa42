"""ATA Coder's driver (PyPI ``ata-coder``, the program ``ata``: a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, a 61-line one, a plain answer, a long stream and typed and quoted
dialog text; and its own multiline scenario, three multi-line or wrapped commands in one
turn each refused (once one is approved, its shell commands run unasked for 60 s, so the
shared one's second and third would not ask). No question: it has no tool that asks the
user. No interrupt: Ctrl+C in a turn ends the program (at its prompt neither Ctrl+D nor
Ctrl+C quits it: each draws a new prompt, and the harness ends it).

Its answers scroll up the main screen above its prompt ``>``, under a row of the turn's
sums (``--- 1 tools | 6,651 tokens | 5.8s ---``) and its counters (``tokens:
6,651/1,000,000 (1%) | tools: 0 | time: 11s``); nothing is drawn while the model is asked.
A call of its ``run_shell`` tool asks first: a box, ``[EXEC] run_shell``, the command after
``$`` (whole, each of its lines on its own row), then the key row ``[y]es  [n]o  [a]llow
all shell  [d]eny all shell`` as the box's last row, over its line prompt ``?``, answered
by a line. Refused by "n": the model is told (``Error: User denied permission for
run_shell``) and answers in the same turn.

What it does not do: describe ATA Coder (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import ATA_ASKS, ata_idle
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

# its words in the shared scenarios with its permission (its box over its "?" prompt);
# refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": ATA_ASKS, "tool_name": "run_shell", "deny_reason": "n",
          "after_refusal": "answer"}


register("ata", "command-approve",
         "prompt -> silence while the model is asked -> permission -> y, enter -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("ata", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("ata", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("ata", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("ata", "negatives",
         "prompt holding typed '[EXEC] run_shell [y]es  [n]o  [a]llow all shell  [d]eny all "
         "shell ?' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("ATA Coder asked:\n\n"
                                     "    [EXEC] run_shell\n"
                                     "    $ rm -rf build\n"
                                     "    [y]es  [n]o  [a]llow all shell  [d]eny all shell\n"
                                     "    ?\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="[EXEC] run_shell [y]es  [n]o  [a]llow all shell  [d]eny all shell ?",
         typed_end="eny all shell ?")


@scenario(
    "ata",
    "multiline",
    "three permissions in one turn, each refused (n, enter): a two-row command, a "
    "175-character one wrapped, a two-row one sharing the first's first row -> the model "
    "answers",
    lambda sb, api: [*(ToolUse("run_shell", {"command": cmd}, pause=1.0)
                       for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED, MULTILINE_REFUSED)),
                     Text("Ran none of them.", pause=1.0)],
)
def ata_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, shown in enumerate(("x1.txt", "long-1.txt", "SECOND.txt"), 1):
        dialog(c, lambda s, shown=shown: ATA_ASKS.search(s) is not None and shown in s)
        c.shot(f"blocked-permission--multiline-{n}")
        c.run.type("n")
        time.sleep(0.2)
        c.key("enter", "working")
        c.wait(lambda s: ATA_ASKS.search(s) is None, 10, settle=0)
    turn_end(c, "Ran none of them.")
    leave(c)


register("ata", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), each line on its own row "
         "in its box -> its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["ata_idle"]
