"""lindwyrm's driver (PyPI ``lindwyrm``, the program ``lindwyrm``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Everything scrolls up the main screen: its banner (``lindwyrm - coding agent``, the
preset, thinking, the root, the permissions, ``/help for commands, /exit to quit``), then
each prompt after ``you ›``; while the model is asked a spinner's row ``⠋  working…
2s``, gone when words come; the model's name over its answer. A call of its ``bash`` tool
asks first: the call's row ``→ bash <command>``, then ``  BASH requested: run:
<command>``, then the line prompt ``  Allow? [y]es / [n]o / [a]lways (bash) / [q]uit: `` on
the cursor's row, answered by a line (``y``, Enter). Refused by "n": ``  error Bash
declined by user.``, the model is told and answers in the same turn. Ctrl+C in a turn
stops it (``(interrupted)``, its prompt back).

What it does not do: describe lindwyrm (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import LINDWYRM_ASKS, lindwyrm_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the call's
# rows); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": LINDWYRM_ASKS, "tool_name": "bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("lindwyrm", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's rows and its "
         "line prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("lindwyrm", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("lindwyrm", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("lindwyrm", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("lindwyrm", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '(interrupted)', its prompt "
         "back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("lindwyrm", "negatives",
         "prompt holding typed 'BASH requested: run: rm -rf build Allow? [y]es / [n]o' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("lindwyrm asked:\n\n"
                                     "    → bash rm -rf build\n"
                                     "      BASH requested: run: rm -rf build\n"
                                     "      Allow? [y]es / [n]o / [a]lways (bash) / [q]uit:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="BASH requested: run: rm -rf build Allow? [y]es / [n]o",
         typed_end="[y]es / [n]o")


register("lindwyrm", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("lindwyrm", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["lindwyrm_idle"]
