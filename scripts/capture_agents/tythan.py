"""Tythan Code's driver (PyPI ``tythan-code``, the program ``tythancode``, a prompt_toolkit
REPL): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: it has no tool that asks the user.

Everything scrolls up the main screen: its banner (the name drawn in ASCII letters, then
``workspace:``, ``backend: fake / gpt-4o  effort: high  mode: confirm writes & commands``
and ``/help for commands, Ctrl+D to exit``), then each prompt after ``you> ``; then the row
``assistant`` and nothing else while the model is asked (no spinner), the answer streamed
under it, its prompt back on the row under the answer's last. A call of its
``run_command`` tool asks first: the call's row ``⚙ run_command {"command": ...}`` (the
arguments as JSON, cut at 200 characters), then the line prompt ``run: <command> ? [y/N] ``
on the cursor's row (a multi-line command printed whole, the prompt's tail on its last
row), answered by a line (``y``, Enter; the command's output and ``[exit code: 0]``
printed once it ends). Refused by "n": ``The user declined this action. Ask them how to
proceed or try another approach.``, the model is told and answers in the same turn. Ctrl+C
in a turn stops it (``^C``, ``interrupted — the partial turn was kept in history``, its
prompt back).

What it does not do: describe Tythan Code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import TYTHAN_ASKS, tythan_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the call's
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": TYTHAN_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("tythan", "command-approve",
         "prompt -> its row 'assistant' while the model is silent -> the call's row and its "
         "line prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_command",
         streamed=True)


register("tythan", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("tythan", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("tythan", "stream",
         "prompt -> 4 s silent (its row 'assistant') -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("tythan", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'interrupted — the partial "
         "turn was kept in history', its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("tythan", "negatives",
         "prompt holding typed '⚙ run_command rm -rf build run: rm -rf build ? [y/N]' sent as "
         "the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("tythancode asked:\n\n"
                                     '    ⚙ run_command {"command": "rm -rf build"}\n'
                                     "    run: rm -rf build ? [y/N]\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚙ run_command rm -rf build run: rm -rf build ? [y/N]",
         typed_end="[y/N]")


register("tythan", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("tythan", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["tythan_idle"]
