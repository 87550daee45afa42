"""Mcode's driver (PyPI ``memocode``, the program ``mcode``, a prompt_toolkit REPL): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies, the commands its
safety check asks for): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, a plain answer, a long stream, an interrupt and typed and quoted
dialog text. No question: it has no tool that asks the user.

Its banner, answers and tool calls scroll up the main screen over its prompt ``❯ `` under
a heavy rule, its bottom toolbar (`` default │ fake │ <dir> │ <n> tokens │ Esc+↵ newline ·
Esc+U clear``) at the screen's foot; a prompt sent stays above between heavy rules. A call
of its ``shell_exec`` tool asks first only where its safety check does not know the
command as safe: a first word off its known-safe list (``sleep`` is off it; ``ls``,
``echo``, ``touch`` in the work directory are on it), a removal or write outside the work
directory. So its commands here start with ``sleep`` (the multi-line and the 61-line ones)
and its refused one removes ``../build``. It asks with ``⚠️   <reason>``, ``
shell_exec({'command': ...})`` (the call's arguments on one row, a newline as ``\\n``),
then the line prompt ``    Proceed? [y]es  [n]o  [a]lways ❯ `` on the cursor's row,
answered by a line (``y``, Enter). Refused by "n": ``🚫  cancelled`` and ``Operation
cancelled. What would you like to do instead?``: the turn stops, the model not asked again.

What it does not do: describe Mcode (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import MEMOCODE_ASKS, memocode_idle
from fakeapi import Text, ToolUse

from capture_agents.shared import register

# the multiline scenario's three commands, each led by "sleep" (off its known-safe list,
# so each asks): a two-row one, a 175-character one wrapped, a two-row one sharing the
# first's first row
MULTILINE = ("sleep 1\ntouch x1.txt",
             "sleep 1 && echo " + "A" * 150 + " && touch long-1.txt",
             "sleep 1\ntouch SECOND.txt")
# the long-command scenario's 61 lines, the first led by "sleep"
LONG = "\n".join(["sleep 1 && touch f00.txt", *(f"touch f{i:02d}.txt" for i in range(1, 60)),
                  "touch SECOND-LAST"])

# its words in the shared scenarios with its permission (its line prompt under the reason
# and the call); refused by typing "n", then Enter: the turn stops
DIALOG = {"asks": MEMOCODE_ASKS, "tool_name": "shell_exec", "deny_reason": "n",
          "after_refusal": "idle", "back": memocode_idle, "refusal_reply": []}


register("memocode", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the reason, the call and "
         "its line prompt -> y, enter -> command runs 3 s -> slow streamed answer, printed "
         "only once whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell_exec",
         streamed=True, whole_answer=True)


register("memocode", "command-deny",
         "permission for 'rm -rf ../build' (outside the work directory) -> n, enter -> "
         "'🚫  cancelled', the turn stops",
         module=__name__, like="deny", **DIALOG, command="rm -rf ../build")


register("memocode", "answer",
         "prompt -> plain streamed answer, printed once whole -> turn ends; a second prompt "
         "-> answer -> turn ends",
         module=__name__)


register("memocode", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s, printed "
         "only once whole -> turn ends",
         module=__name__, whole_answer=True)


register("memocode", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("memocode", "negatives",
         "prompt holding typed 'shell_exec rm -rf ../build Proceed? [y]es  [n]o  [a]lways' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("mcode asked:\n\n"
                                     "    ⚠️   Remove outside trusted zone: ../build\n"
                                     "        shell_exec({'command': 'rm -rf ../build'})\n"
                                     "        Proceed? [y]es  [n]o  [a]lways ❯\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="shell_exec rm -rf ../build Proceed? [y]es  [n]o  [a]lways",
         typed_end="[a]lways")


register("memocode", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n: the turn stops)",
         module=__name__, **DIALOG,
         model=lambda sb, api: [*(ToolUse("shell_exec", {"command": c}, pause=1.0)
                                  for c in MULTILINE)],
         multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"))


register("memocode", "long-command",
         "a 61-line command (sleep 1 && touch f00.txt, touch f01.txt ... touch SECOND-LAST) "
         "-> its permission -> n -> the turn stops",
         module=__name__, **DIALOG, command=LONG)


__all__ = ["memocode_idle"]
