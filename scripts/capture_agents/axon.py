"""Axon's driver (PyPI ``axon-terminal``, the program ``axon``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the key that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, a question and typed and quoted dialog text. No interrupt: Esc while the model has
not answered prints ``⏹ Interrupting…`` and the turn goes on waiting (its request is not
cut), so the shared interrupt, a model that never answers, never stops.

Its answers scroll up the main screen, each turn a box of its steps (``┌ Turn 1 · "..."``,
``│ ◆ Step 1  LLM call · gpt-4o (OpenAI) ...``, the model's text after ``│ ▎``, ``└ ✓ Done
in 8.7s · 2 LLM calls ...``), over a composer pinned at the screen's bottom between two
rules (``❯ Ask anything · / commands · @ files ...`` at rest, ``❯ type to queue a message ·
enter sends it between steps · esc interrupts`` while a turn runs) and its status rows. A
turn's spinner row is the box's last (``⠋ Step 1 · thinking… 3.9s · esc to interrupt``,
``⠋ Running Bash echo hi… 4.4s (turn 6s) · ...``). A call of its ``Bash`` tool asks first
(its ``default`` mode), printed under the box where the composer was: ``⚠ Allow Bash?``,
the command after ``$`` (at most 12 rows), its description, ``runs in bash`` and the reason,
then a picker, ``◆ Permission  Bash`` with ``1/4`` at the right, a rule, the options ``❯ Yes
this call only · y``, ``Yes, don't ask again this session``, ``No  n · esc``, ``Yes, always
allow Bash(...)``, a rule and the key row ``↑↓ move · enter choose · 1-4 quick pick · y yes ·
a session · n/esc deny``; answered by Enter on Yes (``✓ Allowed once``). Refused by "n"
(``✗ Denied``): the model is told (``User declined this action.``) and answers in the same
turn. Its ``AskUserQuestion`` tool asks in the same picker: ``◆ Color: Which color do you
prefer?``, ``❯ red``, ``green``, ``blue``, ``Other (type your own answer)``, ``↑↓ move ·
enter select · esc cancel``.

What it does not do: describe Axon (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AXON_ASKS, AXON_QUESTION, axon_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (a picker where its composer was);
# refused by "n": the model is told and answers
DIALOG = {"asks": AXON_ASKS, "tool_name": "Bash", "deny_key": "n", "after_refusal": "answer",
          "tool_input": lambda cmd: {"command": cmd, "description": "Run the command"}}


register("axon", "command-approve",
         "prompt -> spinner while the model is silent -> permission picker -> enter (Yes) -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("axon", "command-deny",
         "permission picker for 'rm -rf build' -> n -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("axon", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("axon", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("axon", "negatives",
         "composer holding typed 'Permission  Bash 1/4 Yes this call only · y ... n/esc deny' "
         "sent as the prompt; the answer quotes the picker",
         module=__name__,
         model=lambda sb, api: [Text("Axon asked:\n\n"
                                     "    ⚠ Allow Bash?\n"
                                     "      $ rm -rf build\n"
                                     "    ◆ Permission  Bash      1/4\n"
                                     "    ❯ Yes         this call only · y\n"
                                     "      No          n · esc\n"
                                     "    ↑↓ move · enter choose · y yes · a session · "
                                     "n/esc deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission  Bash  1/4  Yes  this call only · y  No  n · esc  ↑↓ move · "
               "enter choose · n/esc deny",
         typed_end="n/esc deny")


register("axon", "multiline",
         "three permission pickers in one turn: a two-row command (enter), a 175-character "
         "one wrapped (enter), a two-row one sharing the first's first row (n) -> the model "
         "answers",
         module=__name__, **DIALOG)


register("axon", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its first 12 rows shown "
         "-> its permission picker -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


register("axon", "question",
         "AskUserQuestion with three options -> its picker 'Color: Which color do you "
         "prefer?' -> enter (red) -> the model answers -> turn ends",
         module=__name__, question_tool="AskUserQuestion",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "header": "Color",
                                        "options": [{"label": "red"}, {"label": "green"},
                                                    {"label": "blue"}]}]},
         question_asks=AXON_QUESTION)


__all__ = ["axon_idle"]
