"""CrabCode's driver (PyPI ``crabcode``, the program ``crabcode``, a prompt_toolkit REPL):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, its question tool, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt, a question and typed and quoted dialog
text.

Everything but its composer scrolls up the main screen: its banner (a crab and
``CrabCode`` in block letters, the cwd, the provider and model, its help's three rows),
then each prompt after ``❯``, the model's answer (drawn only once whole), and a context row after each turn
(``Context: 0.1% used ... · 190 tokens used of 128k ...``); under them its status row
(``● Ready`` at rest; a spinner's row ``⠸ Thinking…``, ``⠼ Running… (3s)``, ``⠋
Processing…`` while a turn runs) over its composer, a rounded box titled ``CrabCode``
holding ``❯``, its hint row in the box's bottom edge (``Enter sends · ...`` at rest,
``Enter queues · Ctrl+S steers · Ctrl+J newline · Ctrl+C stops`` in a turn). A call of its
``Bash`` tool asks first: the call's box titled ``Bash`` with the command, a second one
titled ``⚠ Bash``, then the line prompt ``  Allow Bash? (y)es / (n)o / (a)lways allow /
(f)eedback: `` on the cursor's row, its composer gone until it is answered by a line (``y``,
Enter). Refused by "n": the model is told and answers in the same turn. Its ``AskUser``
tool asks the user: the question, its options (``❯ ● red``, ``○ green``, ``○ blue``) and
``↑↓ navigate · enter select · esc cancel``, Enter taking the one selected. Ctrl+C stops a
turn.

What it does not do: describe CrabCode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CRABCODE_ASKS, CRABCODE_QUESTION, crabcode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the call's
# box); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": CRABCODE_ASKS, "tool_name": "Bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("crabcode", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's boxes and its "
         "line prompt -> y, enter -> command runs 3 s -> slow streamed answer, drawn only "
         "once whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True, whole_answer=True)


register("crabcode", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("crabcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("crabcode", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s, drawn "
         "only once whole -> turn ends",
         module=__name__, whole_answer=True)


register("crabcode", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> the turn stops, its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("crabcode", "negatives",
         "prompt holding typed 'Allow Bash? (y)es / (n)o / (a)lways allow' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("crabcode asked:\n\n"
                                     "    ⚠ Bash\n"
                                     "    rm -rf build\n"
                                     "      Allow Bash? (y)es / (n)o / (a)lways allow / "
                                     "(f)eedback:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow Bash? (y)es / (n)o / (a)lways allow",
         typed_end="(a)lways allow")


register("crabcode", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("crabcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("crabcode", "question",
         "AskUser with one question of three options -> its list under the transcript -> "
         "enter (red) -> the model answers -> turn ends",
         module=__name__, question_tool="AskUser",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=CRABCODE_QUESTION)


__all__ = ["crabcode_idle"]
