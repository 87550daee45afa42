"""Open Interpreter's driver (PyPI ``open-interpreter``, the program ``interpreter``, a
line-mode chat): its scenarios, all rows of the shared table (``shared``) given its words
(its confirmation's text, the answer that refuses it, its tool's name and input, the
model's replies): a command approved, one refused, three multi-line or wrapped commands, a
61-line one, a plain answer, a long stream, typed and quoted dialog text. It has no
question tool, and no interrupt that keeps the session: Ctrl+C while the model answers
quits the program ("Exiting...").

Everything scrolls up the main screen: its prompt is the last row ("> "), the model's
answer printed under it. A call of its ``execute`` tool is drawn as the code in a box and
asks under it: "  Would you like to run this code? (y/n)". Approved by "y" and Enter,
refused by "n" and Enter: the turn stops there and the prompt is back (the model is told
only with the next prompt).

What it does not do: describe Open Interpreter (its prompt, confirmation, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import INTERPRETER_ASKS, interpreter_idle
from fakeapi import Text

from capture_agents.shared import register


def _shell(command: str) -> dict[str, str]:
    """Its execute tool's input running `command` in the shell."""
    return {"language": "shell", "code": command}


# its words in the shared scenarios with its confirmation (the last row); refused by
# typing "n", then Enter: the turn stops and the prompt is back
DIALOG = {"asks": INTERPRETER_ASKS, "tool_name": "execute", "tool_input": _shell,
          "deny_reason": "n", "after_refusal": "idle", "back": interpreter_idle}


register("interpreter", "command-approve",
         "prompt -> silence while the model thinks -> code confirmation -> y, enter -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="execute",
         streamed=True)


register("interpreter", "command-deny",
         "code confirmation of 'rm -rf build' -> n, enter -> the turn stops, the prompt is back",
         module=__name__, like="deny", **DIALOG, refusal_reply=[])


register("interpreter", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("interpreter", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("interpreter", "negatives",
         "prompt holding typed 'Would you like to run this code? (y/n)' sent as the prompt; the "
         "answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("Open Interpreter asked:\n\n    rm -rf build\n\n"
                                     "  Would you like to run this code? (y/n)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Would you like to run this code? (y/n)", typed_end="(y/n)")


register("interpreter", "multiline",
         "three code confirmations in one turn: a two-row command (y), a 175-character one "
         "that wraps (y), a two-row one sharing the first's first row (n) -> the turn stops",
         module=__name__, **DIALOG)


register("interpreter", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> n -> the turn stops",
         module=__name__, **DIALOG, refusal_reply=[])


__all__ = ["interpreter_idle"]
