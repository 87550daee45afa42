"""Alan Code's driver (PyPI ``alancode``, the program ``alancode``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, its question tool, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt, a question and typed and quoted dialog text.

Everything scrolls up the main screen: a first-run note (``Welcome to Alan Code!``, its
suggested settings) and its banner box (``Alan Code 1.3.14 -- Open-source coding agent``, its
mascot, the session, the model, the folder, the backend), then each prompt after ``> ``.
Nothing is drawn while the model is asked or a command runs (no spinner): the prompt's row
stays the last; the answer is streamed, then a dim row ``  Session: <in> in + <out> out =
$<cost> ...`` and a fresh ``> `` end the turn. A call of its ``Bash`` tool asks first: a
panel titled ``Tool Call`` (``Bash(command=<command>)``), then ``? Allow Bash?``, ``Tool
'Bash' wants to execute with input: {'command': '<command>'}``, ``  1) Allow``, ``  2)
Deny``, ``  3) Allow always "<first word> *" commands``, ``  Or type your own answer`` and
the line prompt ``Your choice: ``, answered by a line (``1``, Enter). Refused by "2": the
model is told and answers in the same turn; the command's result a panel ``Result:
<id>``. Its ``AskUserQuestion`` tool asks the same way (``? <question>``, the options
numbered, ``Your choice: ``). Ctrl+C in a turn stops it (``Turn interrupted.``, its prompt
back).

What it does not do: describe Alan Code (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import ALANCODE_ASKS, ALANCODE_QUESTION, alancode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its numbered options over its line
# prompt); refused by typing "2", then Enter: the model is told and answers
DIALOG = {"asks": ALANCODE_ASKS, "tool_name": "Bash", "deny_reason": "2",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("alancode", "command-approve",
         "prompt -> nothing drawn while the model is silent -> the call's panel, its numbered "
         "permission and line prompt -> 1, enter -> command runs 3 s -> slow streamed answer "
         "-> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("alancode", "command-deny",
         "permission for 'rm -rf build' -> 2, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("alancode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("alancode", "stream",
         "prompt -> 4 s silent (nothing drawn) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("alancode", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'Turn interrupted.', its "
         "prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("alancode", "negatives",
         "prompt holding typed '? Allow Bash? 1) Allow 2) Deny Your choice:' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Alan Code asked:\n\n"
                                     "    ? Allow Bash?\n"
                                     "      1) Allow\n"
                                     "      2) Deny\n"
                                     "    Your choice:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="? Allow Bash? 1) Allow 2) Deny Your choice:",
         typed_end="Your choice:")


register("alancode", "multiline",
         "three permissions in one turn: a two-row command (1), a 175-character one wrapped "
         "(1), a two-row one sharing the first's first row (2) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("alancode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> 2 -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("alancode", "question",
         "AskUserQuestion with three options -> its numbered question -> 1, enter -> the "
         "model answers -> turn ends",
         module=__name__, question_tool="AskUserQuestion",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=ALANCODE_QUESTION, question_keys=("1",))


__all__ = ["alancode_idle"]
