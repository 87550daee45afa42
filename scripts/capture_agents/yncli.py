"""yncli's driver (PyPI ``yncli``, the program ``yncli``, a prompt_toolkit REPL): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Its banner and transcript scroll up the main screen over its prompt ``build > ``. While
the model is asked a spinner's row; the answer is printed whole (Rich's Markdown) once the
turn is over. A call of its ``run_terminal_command`` tool asks first: the call's row, its
reason, then the menu ``Allow execution of run_terminal_command?`` (``  > 1. Yes, allow
execution``, ``    2. Yes, and always allow (enable auto-approve)``, ``    3. No, deny
execution``) over the line prompt ``Pilih (1/2/3 atau y/a/n): ``, answered by a line
(``1``, Enter). Refused by "3": ``Aksi dibatalkan.``, the model is told and answers in the
same turn. Ctrl+C while the model is asked stops the turn (``(Sesi dihentikan. Ketik /exit
untuk keluar)``, its prompt back); ``/exit`` quits it.

What it does not do: describe yncli (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import YNCLI_ASKS, yncli_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its menu over its line prompt);
# refused by typing "3", then Enter: the model is told and answers
DIALOG = {"asks": YNCLI_ASKS, "tool_name": "run_terminal_command", "deny_reason": "3",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("yncli", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's row and its "
         "menu -> 1, enter -> command runs 3 s -> slow answer, printed whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True, whole_answer=True)


register("yncli", "command-deny",
         "permission for 'rm -rf build' -> 3, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("yncli", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("yncli", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow answer for ~8 s, printed whole -> "
         "turn ends",
         module=__name__, whole_answer=True)


register("yncli", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("yncli", "negatives",
         "prompt holding typed 'Allow execution of run_terminal_command? Pilih (1/2/3 atau "
         "y/a/n):' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("yncli asked:\n\n"
                                     "    Allow execution of run_terminal_command?\n"
                                     "      > 1. Yes, allow execution\n"
                                     "        2. Yes, and always allow (enable auto-approve)\n"
                                     "        3. No, deny execution\n\n"
                                     "    Pilih (1/2/3 atau y/a/n):\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow execution of run_terminal_command? Pilih (1/2/3 atau y/a/n):",
         typed_end="atau y/a/n):")


register("yncli", "multiline",
         "three permissions in one turn: a two-row command (1), a 175-character one (1), a "
         "two-row one sharing the first's first row (3), each shown by its repr's first 50 "
         "characters -> the model answers -> turn ends",
         module=__name__, **DIALOG, multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"))


register("yncli", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its repr's first 50 "
         "characters shown -> its permission -> 3 -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["yncli_idle"]
