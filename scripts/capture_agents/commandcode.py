"""Command Code's driver (npm ``command-code``, the program ``command-code``: an Ink screen
inline on the main screen): its scenarios, rows of the shared table (``shared``) given its
words (its permission's pattern, the key that refuses it, its shell tool's name and input,
its question tool and the model's replies): a command approved, one refused, three
multi-line or wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt,
typed and quoted dialog text, and a question (its ``ask_user_question`` tool).

Its screen: a banner (its name in large block letters, ``# Command Code v1.64.0``, ``#
models: fake/gpt-4o · fake (byok)`` and the work dir), the transcript (each prompt after
``❯``, the model's words after ``⠶``, each call of its shell tool as `` SHELL  [<command>]``
over its output), then its composer ``❯ Ask your question...`` between two rules over a
footer row ``  ? for shortcuts · taste off (byok)``. While a turn runs a status row stands
over the composer: a spinner glyph, a verb that changes and ``esc to interrupt • 2s • ↓
0``; once it has ended ``✻ Worked for 20s`` under the answer. The answer streams. A call of
``shell_command`` asks first in place of the composer: ``Execute Shell Command``,
``Command Code needs to execute <command>.``, ``Press [ctrl+e] to explain this command``,
``❯ 1. Yes``, ``2. Yes, don't ask again for ...`` (for this exact command,
or for its program's commands), ``3. No, tell Command Code what to do differently`` and ``↑/↓ navigate · enter
select · ctrl+e explain · Run cmd --yolo to bypass all permissions (Docs ↗)``; Enter
approves, Esc refuses: the turn stops there, the model is not asked again, the composer
back. Esc in a turn stops it (``❯ Interrupted · What should Command Code do instead?``).
Its ``ask_user_question`` draws the question in the same place: a row of chips (``● Color
| ◯ Review``), the question, ``❯ 1. red`` (each option over its description) and ``4. Type
something...``; Enter takes the option selected, then a review (``1. Submit``, ``2.
Cancel``) where Enter sends it.

Its shell tool refuses a command led by ``sleep N`` (N >= 2) once approved ("wastes the
agent loop"): the shared approved command's ``sleep 3`` is sent as ``sleep 3.0``, which it
runs.

What it does not do: describe Command Code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re
from typing import Any

from agents import COMMANDCODE_ASKS, COMMANDCODE_QUESTION, commandcode_idle
from fakeapi import Text

from capture_agents.shared import register


def _shell(command: str) -> dict[str, Any]:
    """Its shell tool's input: the command (a leading ``sleep N`` as ``sleep N.0``: it
    refuses a command led by a whole ``sleep`` of 2 s or more)."""
    return {"command": re.sub(r"^sleep (\d+) ", r"sleep \1.0 ", command),
            "description": "Run the command"}


# its words in the shared scenarios with its permission (numbered options in place of
# the composer); refused by Esc: the turn stops there (the model is not asked again), the
# composer back
DIALOG = {"asks": COMMANDCODE_ASKS, "tool_name": "shell_command", "tool_input": _shell,
          "deny_keys": (), "deny_key": "esc", "after_refusal": "idle",
          "back": commandcode_idle, "refusal_reply": []}


register("commandcode", "command-approve",
         "prompt -> its status row while the model is silent -> 'Execute Shell Command' -> "
         "enter (Yes) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("commandcode", "command-deny",
         "'Execute Shell Command' for 'rm -rf build' -> esc -> the turn stops, the composer "
         "back",
         module=__name__, like="deny", **DIALOG)


register("commandcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("commandcode", "stream",
         "prompt -> 4 s silent (its status row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("commandcode", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Interrupted', the composer "
         "back",
         module=__name__, working="thinking", interrupt_key="esc")


register("commandcode", "negatives",
         "composer holding typed 'Command Code needs to execute rm -rf build. Press [ctrl+e] "
         "to explain this command 1. Yes' sent as the prompt; the answer quotes the "
         "permission",
         module=__name__,
         model=lambda sb, api: [Text("Command Code asked:\n\n"
                                     "    Execute Shell Command\n"
                                     "    Command Code needs to execute rm -rf build.\n"
                                     "    Press [ctrl+e] to explain this command\n"
                                     "    ❯ 1. Yes\n"
                                     "      3. No, tell Command Code what to do "
                                     "differently\n"
                                     "    ↑/↓ navigate · enter select · ctrl+e explain\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Command Code needs to execute rm -rf build. Press [ctrl+e] to explain this "
               "command 1. Yes",
         typed_end="explain this command 1. Yes")


register("commandcode", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (esc: the turn stops)",
         module=__name__, **DIALOG)


register("commandcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc "
         "-> the turn stops",
         module=__name__, **DIALOG)


register("commandcode", "question",
         "ask_user_question with three options -> its question in place of the composer -> "
         "enter (red), enter (Submit) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user_question",
         question_input={"questions": [{
             "question": "Which color do you prefer?", "header": "Color", "multiSelect": False,
             "options": [{"label": "red", "description": "the red one"},
                         {"label": "green", "description": "the green one"},
                         {"label": "blue", "description": "the blue one"}]}]},
         question_asks=COMMANDCODE_QUESTION, question_keys=("enter",))


__all__ = ["commandcode_idle"]
