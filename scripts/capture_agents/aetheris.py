"""Aetheris's driver (PyPI ``aetheris``, the program ``aetheris``: a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its approval's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt, typed and quoted dialog text. It has no question tool.

Everything scrolls up the main screen under its banner: its prompt ``❯`` on the last row,
the model's answer printed under it, whole at its end, a "✢ thinking…" row (its glyph
turning) while it waits, then a row of its tokens. A call of its ``run_cmd`` tool is
printed (``▸ run_cmd``, ``╰─ command: ...``) and asks first: ``⚠  Approval Required`` over
a box of the call's arguments (a multi-row command one row each),
``a = always allow run_cmd(...) (saved to .permissions.json)`` and the line prompt
``Allow? [y/n/a] ›``, answered by a line. Refused by "n": the model is told
(``[System] User denied command execution.``) and answers in the same turn. Ctrl+C stops
a turn (``⏹ Stopped. Press Ctrl+C again within 5 seconds to exit.``) and gives the
prompt back.

What it does not do: describe Aetheris (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AETHERIS_ASKS, aetheris_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its approval (its line prompt the last row);
# refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": AETHERIS_ASKS, "tool_name": "run_cmd", "deny_reason": "n",
          "after_refusal": "answer"}


register("aetheris", "command-approve",
         "prompt -> silence while the model thinks -> approval -> y, enter -> command runs "
         "3 s -> slow streamed answer (printed whole at its end) -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True, whole_answer=True)


register("aetheris", "command-deny",
         "approval of 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("aetheris", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aetheris", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s (printed whole at its end) "
         "-> turn ends",
         module=__name__, whole_answer=True)


register("aetheris", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("aetheris", "negatives",
         "prompt holding typed 'Approval Required ... Allow? [y/n/a] ›' sent as the prompt; "
         "the answer quotes the approval",
         module=__name__,
         model=lambda sb, api: [Text("Aetheris asked:\n\n    ⚠  Approval Required\n"
                                     "    command: rm -rf build\n"
                                     "    Allow? [y/n/a] ›\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚠  Approval Required command: rm -rf build Allow? [y/n/a] ›",
         typed_end="[y/n/a] ›")


register("aetheris", "multiline",
         "three approvals in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("aetheris", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) in its box, taller than "
         "the screen -> its approval -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["aetheris_idle"]
