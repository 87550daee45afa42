"""CoderAI's driver (PyPI ``coderai-agent``, the program ``coderai``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name and input, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream, an interrupt, a question and typed and quoted dialog text.

Everything scrolls up the main screen: its banner, then each prompt after ``coderai> `` under
a status row (`` [Model: gpt-4o] [Tokens: 0 (0% of 256k)] [Plan: OFF] [Git: no-git]``). A turn
shows no spinner: ``  → invoking bash`` when a tool is called, ``  ✓ bash • <output>`` when
it has run, the answer streamed as plain rows. A call of its ``bash`` tool asks first (its
settings' ``defaultMode: askAll``): a rounded box titled ``Permission Required (1/1)``
holding ``bash: <command>`` (a multi-line command's rows as they are, a long one wrapped in
the box), its description and ``Scopes: unknown (unknown)``, then ``  Options:``, ``    1.
Yes``, ``    2. No`` and the line prompt ``  Allow? [1/2/3] (or y/n/a): `` on the cursor's
row, answered by a line (``y``, Enter). Refused by "n": the model is told (``User denied the
required permission for this tool call.``) and answers in the same turn. Its
AskUserQuestion tool prints a box titled ``Question 1/1`` (the question, ``Mode:
(single-select)``, ``1. red`` ... ``4. Other (type custom response)``), then, after a blank
row, ``Your answer (choose number or type text): ``, answered by a line (``1``, Enter).
Ctrl+C stops a turn while the model is asked (``^C``, then its status row and prompt
back).

What it does not do: describe CoderAI (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CODERAI_ASKS, CODERAI_QUESTION, coderai_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its line prompt under the box and
# the numbered options); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": CODERAI_ASKS, "tool_name": "bash", "deny_reason": "n",
          "after_refusal": "answer",
          "tool_input": lambda cmd: {"command": cmd, "description": "Run the command",
                                     "sideEffects": ["unknown"]}}


register("coderai", "command-approve",
         "prompt -> silent while the model is asked -> permission box and line prompt -> y, "
         "enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("coderai", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("coderai", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("coderai", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("coderai", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '^C', its status row and "
         "prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("coderai", "negatives",
         "prompt holding typed 'Permission Required (1/1) Options: 1. Yes 2. No Allow? "
         "[1/2/3] (or y/n/a):' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("CoderAI asked:\n\n"
                                     "    Permission Required (1/1)\n"
                                     "    bash: rm -rf build\n"
                                     "      Options:\n"
                                     "        1. Yes\n"
                                     "        2. No\n"
                                     "      Allow? [1/2/3] (or y/n/a):\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission Required (1/1) Options: 1. Yes 2. No Allow? [1/2/3] (or y/n/a):",
         typed_end="(or y/n/a):")


register("coderai", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("coderai", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), every row in its box -> "
         "its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


register("coderai", "question",
         "AskUserQuestion with three options -> its boxed question and 'Your answer' line "
         "-> 1, enter -> the model answers -> turn ends",
         module=__name__, question_tool="AskUserQuestion",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "options": [{"label": "red"}, {"label": "green"},
                                                    {"label": "blue"}]}]},
         question_asks=CODERAI_QUESTION, question_keys=("1",))


__all__ = ["coderai_idle"]
