"""yamin's driver (PyPI ``yamin``, the program ``yamin``, a prompt_toolkit REPL): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Its banner (``yamin  <model> · <branch>``, ``/help for commands · ctrl+c to exit``),
answers and tool calls scroll up the main screen over its prompt ``❯ `` under a thin rule
(its placeholder ``ask anything…  "fix the failing tests"``), its bottom toolbar (a thin
rule, then ``  <model> · <branch> · <n> msgs``) at the screen's foot; a prompt sent stays
above as ``  ❯ <prompt>``. While the model is asked a spinner's row ``⠋  thinking``; the
answer streams after ``  ● ``, each request's tokens (``  ↑<in> ↓<out> · $0.0000``) printed
above it. A call of its ``run_command`` tool asks first: the call's row ``  ●
run_command(<command>)`` (its first 50 characters, a newline as ``↵``), then the line
prompt ``    allow? (y/n) `` on the cursor's row, answered by a line (``y``, Enter).
Refused by "n": ``    denied``, ``    ⎿ User denied this action.``, the model is told and
answers in the same turn. Ctrl+C while the model is asked stops the turn (``  error:
Interrupted by user.``, its prompt back).

What it does not do: describe yamin (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import YAMIN_ASKS, yamin_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the call's
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": YAMIN_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("yamin", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's row and its "
         "line prompt -> y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("yamin", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("yamin", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("yamin", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("yamin", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'error: Interrupted by "
         "user.', its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("yamin", "negatives",
         "prompt holding typed 'run_command(rm -rf build) allow? (y/n)' sent as the prompt; "
         "the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("yamin asked:\n\n"
                                     "      ● run_command(rm -rf build)\n"
                                     "        allow? (y/n)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="run_command(rm -rf build) allow? (y/n)",
         typed_end="allow? (y/n)")


register("yamin", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one cut at "
         "50 characters (y), a two-row one sharing the first's first row (n) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG, multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"))


register("yamin", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its first 50 characters "
         "shown -> its permission -> n -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["yamin_idle"]
