"""Aru's driver (PyPI ``aru-code``, the program ``aru``, a Textual full-screen TUI): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the keys that refuse it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text.

Its screen: its transcript at the left (its banner, the letters 'aru' drawn in blocks and
'A coding agent powered by OpenSource  v<version>'; each prompt after ``> ``, each answer
under it), a side pane at the right (context, model, cost, loaded files, its folder), a
status row ``<session> │ OpenAI/gpt-4o  │  $<cost>  │  ● default`` over its composer's
rounded box (its placeholder ``Type a message · / commands · @ files · Tab accepts · Enter
sends · Ctrl+J or \\<Enter> for newline``) and a row of key hints at its foot (``^a Mode
^c Copy/Interrupt  ^q Quit ...``). While a turn is in flight a spinner's row ``⠋
Thinking…`` (its phrase changing) over the status row. A call of its ``bash`` tool asks
first, inline in its transcript: a yellow panel titled ``bash: <command>`` holding the
command, then a rounded box ``Choose an option:`` with ``Yes`` and ``No, and tell Aru what
to do differently``. Enter approves; refused by Down and Enter, then Enter at the box
``Tell Aru what to do differently (enter to skip):``: the model is told and answers in the
same turn. Ctrl+C in a turn stops it. It has no tool that asks the user a question.

What it does not do: describe Aru (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import ARU_ASKS, aru_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its options inline in its
# transcript); refused by Down, Enter, then Enter at its box for what to do differently:
# the model is told and answers
DIALOG = {"asks": ARU_ASKS, "tool_name": "bash", "deny_keys": ("down", "enter"),
          "deny_pause": 1.0, "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("aru", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the command's panel and "
         "'Choose an option:' Yes / No -> enter -> command runs 3 s -> slow streamed answer "
         "-> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("aru", "command-deny",
         "permission for 'rm -rf build' -> down, enter, enter -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("aru", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aru", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("aru", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> the turn stopped, its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("aru", "negatives",
         "composer holding typed 'bash: rm -rf build Choose an option: Yes No, and tell Aru "
         "what to do differently' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Aru asked:\n\n"
                                     "    bash: rm -rf build\n"
                                     "    Choose an option:\n"
                                     "    > Yes\n"
                                     "      No, and tell Aru what to do differently\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="bash: rm -rf build Choose an option: Yes No, and tell Aru what to do "
               "differently",
         typed_end="what to do differently")


register("aru", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (down, enter, enter) "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG,
         # its panel cuts a command's rows at its width: the wrapped one's file unseen
         multiline_shown=("x1.txt", "│ echo AAAAAAAAAAAAAAAAAAAA", "SECOND.txt"))


register("aru", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> down, "
         "enter, enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["aru_idle"]
