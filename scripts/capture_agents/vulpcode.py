"""Vulpcode's driver (PyPI ``vulpcode``, the program ``vulpcode``, a prompt_toolkit REPL):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. No interrupt: Ctrl+C in a turn ends the
program (130; its prompt alone catches it), and no other key stops a turn (nothing reads
the keyboard while the model is asked). No question: it has no tool that asks the user.

Everything scrolls up the main screen: its banner (``Vulpcode REPL  (type /help for
commands, /exit to quit)``), then each prompt after ``> ``; while the model is asked a
spinner's row ``⠋ Thinking...`` (Rich's, erased when words come), ``⠋ Running Bash...``
while a command runs; the answer streamed, then ``tokens: in=<n> out=<n>``. A call of its
``Bash`` tool asks first: its arguments in a panel titled with the tool's name, then
``[permission] Tool 'Bash' wants to run.``, ``Tool args: {'command': ...}`` and the legend
``[y] yes once  [a] always for this tool  [n] no``, a line read on the row under it
(``y``, Enter). Refused by "n": ``Tool 'Bash' denied: user rejected``, the model is told
and answers in the same turn.

What it does not do: describe Vulpcode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import VULPCODE_ASKS, vulpcode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its legend under the call's
# arguments); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": VULPCODE_ASKS, "tool_name": "Bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("vulpcode", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's arguments and its "
         "legend -> y, enter -> its panel, command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="Bash",
         streamed=True)


register("vulpcode", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("vulpcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("vulpcode", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("vulpcode", "negatives",
         "prompt holding typed \"Tool 'Bash' wants to run. [y] yes once  [a] always for this "
         "tool  [n] no\" sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("vulpcode asked:\n\n"
                                     "    [permission] Tool 'Bash' wants to run.\n"
                                     "    Tool args: {'command': 'rm -rf build'}\n"
                                     "    [y] yes once  [a] always for this tool  [n] no\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool 'Bash' wants to run. [y] yes once  [a] always for this tool  [n] no",
         typed_end="[n] no")


register("vulpcode", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("vulpcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["vulpcode_idle"]
