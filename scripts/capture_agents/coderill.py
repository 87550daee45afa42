"""CodeRill's driver (PyPI ``coderill``, the program ``coderill``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the key that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. No question: it has no tool that asks the
user. No interrupt recorded.

Everything scrolls up the main screen: its banner (a panel titled ``CodeRill · v0.1.1``),
then each prompt and answer; its composer is prompt_toolkit's framed editor with its
placeholder ``Describe a task, or type /help for commands…`` over the key hints ``Enter
send · Ctrl+J / Alt+Enter newline · ↑ history``. A call of its ``bash`` tool asks first:
``Allow bash? {'command': ...}``, then prompt_toolkit's choice ``Choose a permission
decision (arrow keys, Enter):`` over ``1. Approve once: run this operation``, ``2. Always
allow similar operations: save a grant``, ``3. Deny: skip this operation``, the pointer
``>`` on its default, Deny; ``1`` then Enter approves, Enter alone refuses: the model is
told and answers in the same turn.

What it does not do: describe CodeRill (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).

0.1.0, its other release, draws another screen with the same scenarios: its prompt
prompt_toolkit's line prompt ``you > ``; a call of its ``bash`` tool asks with ``allow
bash? {"command": ...}``, then Rich's line prompt ``  [y]es / [n]o / [a]lways > ``, whose
keys its markup takes for tags and draws nothing of (``  es / o / lways > `` on the
cursor's row), answered by a line (y, Enter; Enter alone refuses); its negatives' answer
quotes that prompt.
"""

from __future__ import annotations

from agents import CODERILL, CODERILL_ASKS, coderill_idle
from fakeapi import Text

from capture_agents.shared import register

# the answer quoting its permission (negatives), as each release draws it
QUOTED = {"0.1.1": ("CodeRill asked:\n\n"
                    "    Allow bash? {'command': 'rm -rf build'}\n"
                    "    Choose a permission decision (arrow keys, Enter):\n"
                    "      1. Approve once: run this operation\n"
                    "      2. Always allow similar operations: save a grant\n"
                    "    > 3. Deny: skip this operation\n\n"
                    "Nothing is waiting now."),
          "0.1.0": ("CodeRill asked:\n\n"
                    "    allow bash? {\"command\": \"rm -rf build\"}\n"
                    "      es / o / lways >\n\n"
                    "Nothing is waiting now.")}

# its words in the shared scenarios with its permission (prompt_toolkit's choice under the
# call's row, its default Deny); refused by Enter alone: the model is told and answers
DIALOG = {"asks": CODERILL_ASKS, "tool_name": "bash", "deny_key": "enter",
          "after_refusal": "answer"}


register("coderill", "command-approve",
         "prompt -> the model asked -> the call's row and its choice -> 1, enter -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("coderill", "command-deny",
         "permission for 'rm -rf build' -> enter (its default, Deny) -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("coderill", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("coderill", "stream",
         "prompt -> 4 s while the model is asked -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("coderill", "negatives",
         "prompt holding typed 'Allow bash? Choose a permission decision 3. Deny' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text(QUOTED.get(CODERILL.pin.version, QUOTED["0.1.1"]),
                                     pause=1.0)],
         typed="Allow bash? Choose a permission decision 3. Deny",
         typed_end="3. Deny")


register("coderill", "multiline",
         "three permissions in one turn: a two-row command (1, enter), a 175-character one "
         "wrapped (1, enter), a two-row one sharing the first's first row (enter) -> the "
         "model answers",
         module=__name__, **DIALOG)


register("coderill", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) in the call's row -> its "
         "permission -> enter -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["coderill_idle"]
