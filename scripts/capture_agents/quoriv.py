"""Quoriv's driver (PyPI ``quoriv``, the program ``quoriv chat``, a prompt_toolkit
application drawn inline, not full-screen, with Rich): its scenarios, rows of the shared
table (``shared``) given its words (its permission's pattern, the keys that refuse it, its
shell tool's name, the model's replies): a command approved, one refused, three multi-line
or wrapped commands, a 61-line one, a plain answer, a long stream and typed and quoted
dialog text. No question: it has no tool that asks the user. No interrupt: Ctrl+C in a
turn quits it (its composer's binding, which ends the application when no prompt waits),
and no other key stops a turn.

Its banner (a box: its name drawn in ASCII art, ``v<version> — open-source terminal AI
coding agent``, the model, the mode, the root and its slash commands) and transcript
scroll up the main screen over its composer, a box titled ``| quoriv |`` over its status
row `` openai:gpt-4o | mode=ask | <dir> | thread=<id>``; a sent prompt is printed above
as ``> <prompt>``; while the model is asked a status row ``  ▸ <verb>…`` (a random verb,
``Scheming…``, changed every 3 s) right above the composer, gone when words come. A call
of its ``execute`` tool (DeepAgents' shell tool) asks first (LangChain's
human-in-the-loop interrupt): a Rich panel of the call (``execute``, ``args:`` and the
arguments as JSON, ``description:``, ``Tool execution requires approval``, ``Tool:
execute``, ``Args: {...}``), then, under a rule, its inline picker ``  Approve execute?``,
``  Pick how to handle this tool call.``, ``  > 1. approve   Approve once``, ``    2.
approve_always   Approve and remember for this session``, ``    3. reject   Reject`` and
``  up/down navigate   Enter select   Esc cancel``, over its composer, answered by keys
(Enter takes ``approve``). Refused by Down, Down, Enter: the model is told and answers in
the same turn.

What it does not do: describe Quoriv (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import QUORIV_ASKS, quoriv_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its picker under the call's
# panel); refused by Down, Down to "reject", then Enter: the model is told and answers
DIALOG = {"asks": QUORIV_ASKS, "tool_name": "execute", "deny_keys": ("down", "down"),
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("quoriv", "command-approve",
         "prompt -> its status row while the model is silent -> the call's panel and its "
         "picker -> enter (approve) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("quoriv", "command-deny",
         "permission for 'rm -rf build' -> down, down, enter (reject) -> the model is told "
         "and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("quoriv", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("quoriv", "stream",
         "prompt -> 4 s silent (its status row) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("quoriv", "negatives",
         "prompt holding typed 'Approve execute? Pick how to handle this tool call. 1. "
         "approve 3. reject' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("quoriv asked:\n\n"
                                     "    Approve execute?\n"
                                     "    Pick how to handle this tool call.\n"
                                     "    > 1. approve   Approve once\n"
                                     "      2. approve_always   Approve and remember\n"
                                     "      3. reject   Reject\n"
                                     "    up/down navigate   Enter select   Esc cancel\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Approve execute? Pick how to handle this tool call. 1. approve 3. reject",
         typed_end="3. reject")


register("quoriv", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (down, down, enter) "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


register("quoriv", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> down, "
         "down, enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["quoriv_idle"]
