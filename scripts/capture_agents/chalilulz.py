"""chalilulz's driver (PyPI ``chalilulz``, the program ``chalilulz``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name and input, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. No question: it has no tool that asks the
user. No interrupt: Ctrl+C in a turn ends the program (its KeyboardInterrupt is caught only
at its prompt).

Everything scrolls up the main screen: its banner between two rules of ``═`` (``◆
chalilulz  groq:gpt-4o``, ``cwd:<dir>  skills:0``), ``/q quit  /c clear  /model <slug>
/skills list  /help``, then a rule of ``─`` over each prompt after ``❯``; while the model
is asked a spinner's row `` ⠋ Thinking…``, gone when the stream comes; the answer streamed
after ``◆``. A call of its ``bash`` tool asks first: `` ⚠ Tool 'bash' requested with args:
{'cmd': '<command>'}`` (a Python dict on one row, wrapped at the screen's width, a
multi-line command's newlines as ``\\n``), then the line prompt `` Allow? [y/N]: `` on the
cursor's row, answered by a line (``y``, Enter); the command's output rows streamed after
``  │`` while it runs, then the call's row ``⚡ bash(<command's first 64 characters>)`` and
``   ⎿ <result's first row> +<n>L``, and after each request the counts `` ↑<in> ↓<out>``.
Refused by "n": ``   ⎿ error:user denied tool execution``, the model is told and answers in
the same turn.

What it does not do: describe chalilulz (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CHALILULZ_ASKS, chalilulz_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the call's
# arguments); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": CHALILULZ_ASKS, "tool_name": "bash", "tool_input": lambda cmd: {"cmd": cmd},
          "deny_reason": "n", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("chalilulz", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's arguments and "
         "its line prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("chalilulz", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("chalilulz", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("chalilulz", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("chalilulz", "negatives",
         "prompt holding typed \"Tool 'bash' requested with args: {'cmd': 'rm -rf build'} "
         "Allow? [y/N]:\" sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("chalilulz asked:\n\n"
                                     "     ⚠ Tool 'bash' requested with args: "
                                     "{'cmd': 'rm -rf build'}\n"
                                     "     Allow? [y/N]:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool 'bash' requested with args: {'cmd': 'rm -rf build'} Allow? [y/N]:",
         typed_end="Allow? [y/N]:")


register("chalilulz", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("chalilulz", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["chalilulz_idle"]
