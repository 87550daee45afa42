"""Ajna's driver (PyPI ``ajna-cli``, the program ``ajna``, a line-mode chat): its scenarios,
rows of the shared table (``shared``) given its words (its permission's pattern, the line
that refuses it, its shell tool's name, the model's replies): a command approved, one
refused, a 61-line one, a plain answer, a long stream, an interrupt and typed and quoted
dialog text; and its own multiline scenario, three multi-line or wrapped commands in one
turn whose first words its list does not call read-only (a command starting ``ls`` or
``echo``, as the shared one's do, runs unasked). No question: it has no tool that asks the
user.

Everything scrolls up the main screen: its banner (``ajna  v<version>``, the model and the
root, ``/help for commands · Ctrl-C to interrupt``), then each prompt after ``›``; while
the model is asked a spinner's row ``⠋ thinking (2s · esc to interrupt)``, gone when words
come, the answer streamed line by line. A call of its ``shell`` tool asks first (its
default mode, ``ask``): the call's row ``● shell <command>``, then ``  Run this command
<command>``, ``  $ <command>``, a blank row, the keys' row ``  [y] yes   [n] no   [a]
always allow <rule>   [s] always this session`` and the line prompt ``  > `` on the
cursor's row, answered by a line (``y``, Enter). Refused by "n": the model is told and
answers in the same turn. Ctrl+C in a turn stops it (``· interrupted``, its prompt back).
A command its patterns call destructive (``rm -r``) is refused unasked: the refused one
here is ``rm build.log``.

What it does not do: describe Ajna (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import AJNA_ASKS, ajna_asks, ajna_idle
from fakeapi import Text, ToolUse

from capture_agents.core import Ctx, leave, multiline_dialogs, scenario, start, turn_end
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the keys'
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": AJNA_ASKS, "tool_name": "shell", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}

# its multiline scenario's commands: the shared ones' shapes (two rows; 175 characters,
# wrapped; two rows sharing the first's first row), first words its list does not call
# read-only, the wrapped one's rule (its first two words, unless the second is a flag) short
TWO_ROWS = "mkdir -p m\ntouch x1.txt"
WRAPPED = "printf -- " + "A" * 145 + " && touch long-1.txt"
MULTI_REFUSED = "mkdir -p m\ntouch SECOND.txt"


register("ajna", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's rows and its "
         "line prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("ajna", "command-deny",
         "permission for 'rm build.log' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG, command="rm build.log")


register("ajna", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("ajna", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("ajna", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '· interrupted', its prompt "
         "back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("ajna", "negatives",
         "prompt holding typed 'Run this command rm build.log [y] yes   [n] no' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("ajna asked:\n\n"
                                     "    ● shell rm build.log\n"
                                     "      Run this command rm build.log\n"
                                     "      $ rm build.log\n\n"
                                     "      [y] yes   [n] no   [a] always allow "
                                     "shell:rm build.log*   [s] always this session\n"
                                     "      >\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Run this command rm build.log [y] yes   [n] no",
         typed_end="[n] no")


@scenario(
    "ajna",
    "multiline",
    "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
    "(y), a two-row one sharing the first's first row (n) -> the model answers",
    lambda sb, api: [*(ToolUse("shell", {"command": cmd}, pause=1.0)
                       for cmd in (TWO_ROWS, WRAPPED, MULTI_REFUSED)),
                     Text("Ran the first two.", pause=1.0)],
)
def ajna_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, ajna_asks)
    c.run.type("n")
    time.sleep(0.2)
    c.key("enter", "working")
    turn_end(c, "Ran the first two.")
    leave(c)


register("ajna", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["ajna_idle"]
