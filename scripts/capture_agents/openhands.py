"""OpenHands CLI's driver (PyPI ``openhands``, the program ``openhands``, its Textual TUI):
its scenarios, all rows of the shared table (``shared``) given its words (its dialog's
text, the keys that refuse it, its terminal tool's name and input, the model's replies):
a command approved, one refused, three multi-line or wrapped commands, a 61-line one, a
plain answer, a long stream, typed and quoted dialog text. It has no question tool, so no
question scenario, and no interrupt scenario: its Esc ("ESC: pause") pauses the turn only
once the model's reply is in, so a reply that never comes is never interrupted.

Its confirmation is drawn under the action in the conversation ("🔍 Confirm 1
action(s)?", then ``> Yes``, ``No``, ``Always``, ``Auto LOW/MED``) above the empty input
box, which stays drawn; no status line while it waits (while a turn runs, "⠙ Working (3s
• ESC: pause)" above the box). Refused here by "No" (down, Enter): the model is told and
answers. It asks the model without streaming: its answer is drawn once whole. Every
scenario ends as a user quits it: Ctrl+Q opens "Terminate session?" ("Yes, proceed"
focused, "No, dismiss"), labelled blocked while drawn, and Enter answers it (working
until the exit: harness/agents.py's ``Leave.asks``).

What it does not do: describe OpenHands CLI (its input box, status line, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import OPENHANDS_QUESTION, openhands_idle
from fakeapi import Text

from capture_agents.shared import register


def _terminal(command: str) -> dict[str, str]:
    """Its terminal tool's input running `command` (the risk the model rates is required)."""
    return {"command": command, "security_risk": "MEDIUM"}


# its words in the shared scenarios with its dialog; refused by "No" (down, Enter)
DIALOG = {"asks": OPENHANDS_QUESTION, "tool_name": "terminal", "tool_input": _terminal,
          "deny_keys": ("down",), "after_refusal": "answer"}


register("openhands", "command-approve",
         "prompt -> status line while the model is silent -> terminal confirmation -> enter (Yes) "
         "-> command runs 3 s -> answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="terminal",
         streamed=True, whole_answer=True)


register("openhands", "command-deny",
         "terminal confirmation of 'rm -rf build' -> No (down, enter) -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("openhands", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__, whole_answer=True)


register("openhands", "stream",
         "prompt -> 4 s silent (status line) -> long answer (it asks without streaming: drawn "
         "once whole) -> turn ends",
         module=__name__, whole_answer=True)


register("openhands", "negatives",
         "input box holding typed 'Confirm 1 action(s)? > Yes No Always Auto LOW/MED' sent as the "
         "prompt; the answer quotes the dialog",
         module=__name__, whole_answer=True,
         model=lambda sb, api: [Text("OpenHands asked:\n\n    $ rm -rf build\n\n"
                                     "    🔍 Confirm 1 action(s)?\n\n      > Yes\n        No\n"
                                     "        Always\n        Auto LOW/MED\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Confirm 1 action(s)? > Yes  No  Always  Auto LOW/MED",
         typed_end="Auto LOW/MED")


register("openhands", "multiline",
         "three terminal confirmations in one turn: a two-row command (enter), a 175-character "
         "one that wraps (enter), a two-row one sharing the first's first row (No) -> the model "
         "answers",
         module=__name__, **DIALOG)


register("openhands", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> No -> the model answers",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["openhands_idle"]
