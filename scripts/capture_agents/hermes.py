"""Hermes Agent's driver (PyPI ``hermes-agent``, the program ``hermes``, its classic
prompt_toolkit screen): its scenarios, rows of the shared table (``shared``) given its words
(its question's text, the keys that refuse it, its shell tool's name and the command it
asks for, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt, typed and
quoted dialog text; and its ``clarify`` tool in the question scenario.

Its answers scroll up the main screen in boxes titled ``⚕ Hermes``, above its status bar
(``⚕ gpt-4o │ ... │ ⏱ 7s`` while a turn runs, ``✓`` once it is over) and its input (``❯``
between two rules). Only a command its patterns call dangerous asks first (a recursive
``rm``, among others): every command here starts with ``rm -rf old && `` so that it asks.
Its question is a box over its input: ``⚠️  Dangerous Command``, the command, ``❯ 1. Allow
once``, ``2. Allow for this session``, ``3. Add to permanent allowlist``, ``4. Deny``, and
under it ``↑/↓ to select, Enter to confirm`` with its timeout counting down. Approved by
Enter, refused by three Downs and Enter: the model is told and answers. Its clarify tool
asks in a box of the choices, ``Other (type your answer)`` added, picked the same way.

What it does not do: describe Hermes Agent (its rows, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import HERMES_ASKS, hermes_idle
from fakeapi import Text

from capture_agents.shared import register


def _terminal(command: str) -> dict[str, str]:
    """Its terminal tool's input running `command`, made one its patterns ask for."""
    return {"command": f"rm -rf old && {command}"}


# its words in the shared scenarios with its question (a box over its input); refused by
# its fourth choice (three Downs, then Enter): the model is told and answers
DIALOG = {"asks": HERMES_ASKS, "tool_name": "terminal", "tool_input": _terminal,
          "deny_keys": ("down", "down", "down"), "after_refusal": "answer"}


register("hermes", "command-approve",
         "prompt -> silence while the model thinks -> dangerous-command question -> enter "
         "(allow once) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="terminal",
         streamed=True)


register("hermes", "command-deny",
         "dangerous-command question for 'rm -rf build' -> down x3 (deny), enter -> the model "
         "is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("hermes", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("hermes", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("hermes", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its input back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("hermes", "negatives",
         "input holding typed '⚠️  Dangerous Command ... Enter to confirm' sent as the prompt; "
         "the answer quotes the question",
         module=__name__,
         model=lambda sb, api: [Text("Hermes asked:\n\n    ⚠️  Dangerous Command\n"
                                     "    rm -rf build\n    ❯ 1. Allow once\n    4. Deny\n"
                                     "    ↑/↓ to select, Enter to confirm\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Dangerous Command: 1. Allow once 4. Deny ↑/↓ to select, Enter to confirm",
         typed_end="Enter to confirm")


register("hermes", "multiline",
         "three dangerous-command questions in one turn: a two-row command (enter), a "
         "175-character one that wraps (enter), a two-row one sharing the first's first row "
         "(deny) -> the model answers",
         module=__name__, **DIALOG)


register("hermes", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "question -> deny -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


register("hermes", "question",
         "clarify with two choices -> its box of choices -> first picked (enter) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="clarify",
         question_input={"question": "Which color do you prefer?", "choices": ["Red", "Blue"]},
         question_asks="Which color do you prefer?")


__all__ = ["hermes_idle"]
