"""Symphony's driver (PyPI ``symphony-code``, the program ``symphony``, a Textual full-screen
TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the keys that refuse it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt, a question and typed and quoted dialog
text.

Its screen: the transcript (each prompt after ``>``, a row of a random word and the seconds
``Noodling 2.5s`` while the model is asked, ``Mused for 14s`` once it has answered, a
tool's row ``Bash <command>`` while it runs, each answer under it, then a summary row ``✓
9s (↑200 ↓84) · 2 model calls · 1 tool call`` as the turn ends), its composer's rounded
box (the placeholder ``Ask Symphony...``), then a status row under it (the directory, the
context used, a key hint; a phase word, ``thinking``, ``streaming``, ``tool`` or
``paused``, before the directory while a turn runs). A call of its ``bash`` tool asks
first, in a box drawn under the composer at the screen's full width (the status row's
phase ``paused``): ``Allow Symphony to run the following command?``, the command behind a
bar ``│ <command>``, its choices ``✓  Allow once``, ``⚡  Always allow``, ``×  Deny`` and
``Enter confirm  ·  Esc deny``; Enter approves the choice highlighted (Allow once, the
first). Refused by Down, Down (Deny) and Enter: the model is told (``tool call denied by
user``) and answers in the same turn (Esc would cancel the whole turn instead). Esc
interrupts a turn (``✓  Cancelled`` under the prompt, its composer back). Its ``ask_user``
tool asks the user in a box drawn over the composer: ``?  <question>``, its choices, ``↑/↓
select  ·  Enter choose``; Enter picks the first (red).

What it does not do: describe Symphony (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re

from agents import SYMPHONY_ASKS, SYMPHONY_ASKS_CHOICE, SYMPHONY_QUESTION, symphony_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its box of choices); refused by
# Down, Down to its Deny and Enter: the model is told and answers
DIALOG = {"asks": SYMPHONY_ASKS, "tool_name": "bash", "deny_keys": ("down", "down"),
          "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("symphony", "command-approve",
         "prompt -> its status row's 'thinking' while the model is silent -> 'Allow Symphony "
         "to run the following command?' -> enter -> command runs 3 s -> slow streamed "
         "answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("symphony", "command-deny",
         "permission for 'rm -rf build' -> down, down (Deny), enter -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("symphony", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("symphony", "stream",
         "prompt -> 4 s silent (its status row's 'thinking') -> slow streamed answer for ~8 s "
         "-> turn ends",
         module=__name__)


register("symphony", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Cancelled', its composer back",
         module=__name__, working="thinking", interrupt_key="esc")


register("symphony", "question",
         "prompt -> ask_user 'Which color do you prefer?' (red, blue) in its box under the "
         "composer -> enter (red, the first) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?", "choices": ["red", "blue"]},
         question_asks=SYMPHONY_QUESTION)


register("symphony", "negatives",
         "composer holding typed 'Allow Symphony to run the following command? rm -rf build "
         "Allow once Always allow Deny' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Symphony asked:\n\n"
                                     "    Allow Symphony to run the following command?\n"
                                     "    │ rm -rf build\n"
                                     "     ✓  Allow once\n"
                                     "     ⚡  Always allow\n"
                                     "     ×  Deny\n"
                                     "     Enter confirm  ·  Esc deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow Symphony to run the following command? rm -rf build Allow once "
               "Always allow Deny",
         typed_end="Always allow Deny")


register("symphony", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (down, down, enter) "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


# a permission taller than its box: the box is left scrolled to its choices, its title and
# the command's head above its top ("│ touch f51.txt" ... "✓  Allow once"): its first
# choice names it then
register("symphony", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (its "
         "title or only its first choice in view) -> down, down, enter -> the model answers "
         "-> turn ends",
         module=__name__, **{**DIALOG, "asks": re.compile(
             "|".join(p.pattern.removeprefix("(?m)") for p in (SYMPHONY_ASKS,
                                                                SYMPHONY_ASKS_CHOICE)),
             re.MULTILINE)})


__all__ = ["symphony_idle"]
