"""AIsha's driver (PyPI ``aisha``, the program ``aisha``: a line-mode chat under a
prompt_toolkit prompt): its scenarios, rows of the shared table (``shared``) given its
words (its confirmation's pattern, the line that refuses it, its shell tool's name, its
question's pattern and keys, the model's replies): a command approved, one refused, three
multi-line or wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt,
typed and quoted dialog text, and its ``ask_user`` tool in the question scenario.

Its answers scroll up the main screen in panels titled ``[ AIsha ]``; its prompt (``❯``)
sits over a rule and its token bar at the screen's bottom (``CTX: 0 (~0%) | Last: ↑0 ↓0 |
...``), the bar drawn only while it reads a prompt.
A call of its ``run_command`` tool asks first: a panel titled ``⚠ Run command`` (the
command, the shell, the working directory and the reason: ``permission=ask mode``, or the
danger it sees) over the line prompt ``[y] once  [a] for the rest of session  [n] deny ›``,
answered by a line. Refused by "n" (anything but y or a): the model is told and answers in
the same turn. Ctrl+C stops a turn (``Interrupted by user.``) and gives the prompt back.
Its question: a panel titled ``❔ Question``, the question and its numbered options, a line
read after ``Answer ›``.

What it does not do: describe AIsha (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AISHA_ASKS, AISHA_QUESTION, aisha_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its confirmation (its line prompt the last row);
# refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": AISHA_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer"}


register("aisha", "command-approve",
         "prompt -> silence while the model thinks -> shell confirmation -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("aisha", "command-deny",
         "shell confirmation of 'rm -rf build' -> n, enter -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("aisha", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aisha", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("aisha", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'Interrupted by user.', "
         "its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("aisha", "negatives",
         "prompt holding typed 'Run command ... [y] once [a] for the rest of session [n] "
         "deny ›' sent as the prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("AIsha asked:\n\n    ⚠ Run command\n"
                                     "    Command: rm -rf build\n"
                                     "    [y] once  [a] for the rest of session  [n] deny ›\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚠ Run command: rm -rf build [y] once  [a] for the rest of session  [n] deny ›",
         typed_end="[n] deny ›")


register("aisha", "multiline",
         "three shell confirmations in one turn: a two-row command (y), a 175-character one "
         "wrapped (y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("aisha", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) printed in full, taller than "
         "the screen -> its confirmation -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


register("aisha", "question",
         "ask_user with three options -> its numbered question -> 1, enter -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=AISHA_QUESTION, question_keys=("1",))


__all__ = ["aisha_idle"]
