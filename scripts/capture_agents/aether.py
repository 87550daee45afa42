"""Aether's driver (PyPI ``aether-ai-cli``, the program ``aether``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, a 61-line one, a plain answer, a long stream and typed and quoted dialog text;
and its own multiline scenario, three multi-line or wrapped commands in one turn whose
first words its list does not call safe (a command starting ``ls`` or ``echo``, as the
shared one's do, runs unasked). No question: it has no tool that asks the user. No
interrupt: Ctrl+C in a turn ends the program.

Everything scrolls up the main screen: its banner (an ASCII logo, its version and model),
then each prompt after prompt_toolkit's two rows ``╭─ 👤 You`` and ``╰─❯``. While the model
is asked a row ``  ✦ Thinking...`` (or ``Analyzing...``, ``Reasoning...``, ...: its words
drawn at random), the answer streamed into a panel titled ``✦ Aether``, a footer row of its
tokens after each turn. A call of its ``run_command`` tool asks first for a command its list
does not call safe: a panel ``Aether wants to run:`` holding the command (a multi-line
command's rows as they are, a long one wrapped in the panel), then ``  Allow? (y/n): `` on
the cursor's row, answered by a line (``y``, Enter). Refused by "n": the model is told and
answers in the same turn.

What it does not do: describe Aether (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import AETHER_ASKS, aether_idle
from fakeapi import Text, ToolUse

from capture_agents.core import Ctx, dialog, leave, scenario, start, turn_end
from capture_agents.shared import register

# its words in the shared scenarios with its permission (its line prompt under the panel);
# refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": AETHER_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer"}

# its multiline scenario's commands: the shared ones' shapes (two rows; 175 characters,
# wrapped; two rows sharing the first's first row), first words its list does not call safe
TWO_ROWS = "mkdir -p m\ntouch x1.txt"
WRAPPED = "printf " + "A" * 148 + " && touch long-1.txt"
REFUSED = "mkdir -p m\ntouch SECOND.txt"


register("aether", "command-approve",
         "prompt -> 'Thinking...' row while the model is asked -> permission panel and line "
         "prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_command",
         streamed=True)


register("aether", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("aether", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aether", "stream",
         "prompt -> 4 s of its 'Thinking...' row -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("aether", "negatives",
         "prompt holding typed 'Aether wants to run: rm -rf build Allow? (y/n):' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Aether asked:\n\n"
                                     "    Aether wants to run:\n"
                                     "    rm -rf build\n\n"
                                     "      Allow? (y/n):\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Aether wants to run: rm -rf build Allow? (y/n):",
         typed_end="(y/n):")


@scenario(
    "aether",
    "multiline",
    "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
    "(y), a two-row one sharing the first's first row (n) -> the model answers",
    lambda sb, api: [*(ToolUse("run_command", {"command": cmd}, pause=1.0)
                       for cmd in (TWO_ROWS, WRAPPED, REFUSED)),
                     Text("Ran the first two.", pause=1.0)],
)
def aether_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, (shown, key) in enumerate((("x1.txt", "y"), ("long-1.txt", "y"),
                                      ("SECOND.txt", "n")), 1):
        dialog(c, lambda s, shown=shown: AETHER_ASKS.search(s) is not None and shown in s)
        c.shot(f"blocked-permission--multiline-{n}")
        c.run.type(key)
        time.sleep(0.2)
        c.key("enter", "working")
        c.wait(lambda s: AETHER_ASKS.search(s) is None, 10, settle=0)
    turn_end(c, "Ran the first two.")
    leave(c)


register("aether", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), every row in its panel -> "
         "its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["aether_idle"]
