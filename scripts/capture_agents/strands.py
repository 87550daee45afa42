"""The Strands Agents builder's driver (PyPI ``strands-agents-builder``, the program
``strands``: a line-mode chat): its scenarios, rows of the shared table (``shared``) given
its words (its confirmation's text, the answer that refuses it, its shell tool's name and
input, the model's replies): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, a plain answer, a long stream, typed and quoted dialog text. It has
no question tool among its tools, and no interrupt that keeps the session: Ctrl+C while the
model answers quits the program.

Everything scrolls up the main screen: its prompt is the last row (``~``), a spinner
(``⠋  thinking...``) while the model is asked, the answer printed under it. A call of its
``shell`` tool prints the command's plan (``Command Execution Plan``, the command in a box)
and asks under it: ``Do you want to proceed with execution? [y/*]``. Approved by "y" and
Enter; refused by "n" and Enter ("Operation cancelled. Reason: n"): the model is told and
answers in the same turn.

What it does not do: describe Strands (its prompt, confirmation, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import STRANDS_ASKS, strands_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its confirmation (the last row); refused by
# typing "n", then Enter: the model is told and answers
DIALOG = {"asks": STRANDS_ASKS, "tool_name": "shell", "deny_reason": "n",
          "after_refusal": "answer",
          # its plan cuts the wrapped command at the box's width: its A's tell its confirmation
          "multiline_shown": ("x1.txt", "AAAAAAAAAA", "SECOND.txt")}


register("strands", "command-approve",
         "prompt -> silence while the model thinks -> shell confirmation -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("strands", "command-deny",
         "shell confirmation of 'rm -rf build' -> n, enter -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("strands", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("strands", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("strands", "negatives",
         "prompt holding typed 'Do you want to proceed with execution? [y/*]' sent as the "
         "prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("Strands asked:\n\n    Command Execution Plan\n"
                                     "    rm -rf build\n"
                                     "    Do you want to proceed with execution? [y/*]\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Command Execution Plan: Do you want to proceed with execution? [y/*]",
         typed_end="[y/*]")


register("strands", "multiline",
         "three shell confirmations in one turn: a two-row command (y), a 175-character one "
         "cut at the plan's width (y), a two-row one sharing the first's first row (n) -> the model "
         "answers",
         module=__name__, **DIALOG)


register("strands", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["strands_idle"]
