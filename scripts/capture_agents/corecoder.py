"""CoreCoder's driver (PyPI ``corecoder``, the program ``corecoder``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. Its permission shows each command cut to
its first 40 characters: the multiline dialogs are told by what of each is shown. No question: it has no tool that asks the
user. No interrupt recorded.

Everything scrolls up the main screen: its banner (a panel, ``CoreCoder v<version>``, its
model and permissions' mode), then each prompt after prompt_toolkit's line prompt ``You >``.
A call of its ``bash`` tool asks first: the call's row ``> bash(command='...')``, then
``permission requested: bash(command='...')`` (its arguments cut at 40 characters each, 80
in all), then prompt_toolkit's line prompt ``  [y] allow once  [a] always allow this tool
[n] deny: `` on the cursor's row, answered by a line (``y``, Enter). Refused by "n": the
model is told and answers in the same turn.

What it does not do: describe CoreCoder (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CORECODER_ASKS, corecoder_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its line prompt under the call's
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": CORECODER_ASKS, "tool_name": "bash", "deny_reason": "n",
          "after_refusal": "answer"}


register("corecoder", "command-approve",
         "prompt -> the model asked -> the permission's line prompt -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("corecoder", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("corecoder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("corecoder", "stream",
         "prompt -> 4 s while the model is asked -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("corecoder", "negatives",
         "prompt holding typed 'permission requested: bash [y] allow once [n] deny:' sent as "
         "the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("CoreCoder asked:\n\n"
                                     "    permission requested: bash(command='rm -rf build')\n"
                                     "      [y] allow once  [a] always allow this tool  "
                                     "[n] deny:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="permission requested: bash [y] allow once [n] deny:",
         typed_end="[n] deny:")


register("corecoder", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG, multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"))


register("corecoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its call cut to one row -> "
         "its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["corecoder_idle"]
