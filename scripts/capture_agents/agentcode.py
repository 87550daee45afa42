"""AgentCode's driver (PyPI ``agentcode-cli``, the program ``agentcode``, a line-mode chat):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. No question: it has no tool that asks the
user. No interrupt recorded.

Everything scrolls up the main screen: its banner, then each prompt after Rich's line
prompt ``❯``. A call of its ``run_command`` tool asks first: ``⚡ Tool request:
run_command``, the call's arguments below it (``   command: <command>``, never cut), then
``  Allow? `` on the cursor's row (its keys ``[y/N]`` are taken by Rich's markup for a tag
and not drawn), answered by a line (``y``, Enter). Refused by "n": the model is told and answers in the same turn.

What it does not do: describe AgentCode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AGENTCODE_ASKS, agentcode_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its line prompt under the call's
# arguments); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": AGENTCODE_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer"}


register("agentcode", "command-approve",
         "prompt -> the model asked -> the tool request and line prompt -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_command",
         streamed=True)


register("agentcode", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("agentcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("agentcode", "stream",
         "prompt -> 4 s while the model is asked -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("agentcode", "negatives",
         "prompt holding typed 'Tool request: run_command command: rm -rf build Allow?' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("AgentCode asked:\n\n"
                                     "    ⚡ Tool request: run_command\n"
                                     "       command: rm -rf build\n"
                                     "      Allow?\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool request: run_command command: rm -rf build Allow?",
         typed_end="build Allow?")


register("agentcode", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("agentcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), every row printed -> its "
         "permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["agentcode_idle"]
