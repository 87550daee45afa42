"""Bayan's driver (PyPI ``bayan-cli``, the program ``bayan``, a composer boxed in rules drawn
in place at the foot of the main screen, its turns printed up it): its scenarios, rows of the
shared table (``shared``) given its words (its permission's pattern, the key that refuses it,
its shell tool's name, the model's replies): a command approved, one refused, three
multi-line or wrapped commands (two approved, the third refused), a 61-line one, a plain
answer, a long stream, an interrupt (Ctrl+C) and typed and quoted dialog text. No question:
it has no tool that asks the user.

Its screen: its welcome box (``✻ Welcome to Bayan!``, the model, ``access: ask before
edits``, the folder) and a tip (``※ ...``), then each prompt in its composer, ``│ > Try
"explain this project" · @file · !cmd │`` when empty, boxed in rules over its status row
(``  ? for shortcuts`` left, ``0% context · gpt-4o`` right). A prompt sent is printed as
``> <prompt>`` and the composer is gone until the turn ends; while the model is asked the
row ``✢ Coalescing… (1s · esc to interrupt)`` (its verb picked at random; Esc does nothing,
Ctrl+C ends the turn: ``  ⎿  Interrupted``) is under the transcript; the answer streams after
``⏺``; a tool call is told by ``⏺ Bash(<the command's first row>)``, its output after
``  ⎿``, nothing drawn while the command runs. A call of its ``run_bash`` tool asks first
(its access mode ``ask``, its default): a box drawn in place, ``Bash command`` over the
command's rows (six at most, then ``… +N more lines``, each cut at the box's edge) and ``Do
you want to proceed?`` over ``❯ 1. Yes``, ``  2. Yes, and don't ask again this session (full
access)``, ``  3. No, and tell Bayan what to do differently``; Enter approves, ``3`` refuses
(``  ⎿  Denied by user``: the model is told and answers in the same turn). The wrapped
multiline command is cut at the box's edge, so its dialog is told by its row of A's.

What it does not do: describe Bayan (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import BAYAN_ASKS, bayan_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its box and numbered choices);
# refused by "3": the model is told and answers
DIALOG = {"asks": BAYAN_ASKS, "tool_name": "run_bash", "deny_key": "3",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("bayan", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission box -> "
         "enter -> command runs 3 s -> the answer streamed -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("bayan", "command-deny",
         "permission for 'rm -rf build' -> 3 -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("bayan", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("bayan", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer streamed for ~8 s -> "
         "turn ends",
         module=__name__)


register("bayan", "interrupt",
         "prompt -> the model silent (its spinner's row) -> ctrl+c -> '⎿  Interrupted', its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("bayan", "negatives",
         "composer holding typed 'Bash command Do you want to proceed? ❯ 1. Yes' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Bayan asked:\n\n"
                                     "    Bash command\n"
                                     "      rm -rf build\n"
                                     "    Do you want to proceed?\n"
                                     "    ❯ 1. Yes\n"
                                     "      2. Yes, and don't ask again this session (full "
                                     "access)\n"
                                     "      3. No, and tell Bayan what to do differently\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Bash command Do you want to proceed? ❯ 1. Yes",
         typed_end="❯ 1. Yes")


register("bayan", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one cut "
         "at the box's edge (enter), a two-row one sharing the first's first row (3) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG, multiline_shown=("x1.txt", "A" * 40, "SECOND.txt"))


register("bayan", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (six rows "
         "and '… +55 more lines') -> 3 -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["bayan_idle"]
