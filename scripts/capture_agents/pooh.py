"""pooh-code's driver (PyPI ``pooh-code``, the program ``pooh-code``, a line-mode chat read
with ``input()``): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream and typed and quoted dialog text. No question: it has
no tool that asks the user. No interrupt: Ctrl+C in a turn quits the program.

Everything scrolls up the main screen: each prompt after ``[<session> <context>] You > ``;
while the model is asked nothing is drawn (no spinner, the cursor under the prompt sent),
the answer printed only once the turn ends, as ``pooh-code> <answer>`` between blank rows,
then its prompt. A call of its ``bash`` tool asks first: ``[pooh-code] 命令执行审批``,
``cwd: <dir>``, ``command: <command>``, then the line prompt ``允许执行吗？输入 y 同意，n 拒绝:
`` on the cursor's row, answered by a line (``y``, Enter). Refused by "n": the model is
told and answers in the same turn. A risky command (``rm -r...``, ``rm *``, ``find
-delete``) is turned back to the model unasked unless called with ``"confirmed": true``.
On Linux an approved command runs only inside
bubblewrap, absent here: it fails at once and the model is told.

What it does not do: describe pooh-code (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import POOH_ASKS, pooh_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the
# command's rows); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": POOH_ASKS, "tool_name": "bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("pooh", "command-approve",
         "prompt -> nothing drawn while the model is silent -> its permission's rows and "
         "line prompt -> y, enter -> the command fails at once (no bubblewrap) -> slow "
         "streamed answer, printed only once whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True, whole_answer=True)


# "rm -rf" is one of its risky commands, which its bash tool turns back to the model
# unasked unless called with "confirmed": true (after the user agreed in the chat): called so,
# it asks as for any command
register("pooh", "command-deny",
         "permission for 'rm -rf build' (called confirmed, as after the user agreed in the "
         "chat) -> n, enter -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         tool_input=lambda cmd: {"command": cmd, "confirmed": True})


register("pooh", "answer",
         "prompt -> plain streamed answer, printed once whole -> turn ends; a second prompt "
         "-> answer -> turn ends",
         module=__name__)


register("pooh", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s, printed only once whole -> "
         "turn ends",
         module=__name__, whole_answer=True)


register("pooh", "negatives",
         "prompt holding typed 'command: rm -rf build 允许执行吗？输入 y 同意，n 拒绝' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("pooh-code asked:\n\n"
                                     "    [pooh-code] 命令执行审批\n"
                                     "    cwd: /work\n"
                                     "    command: rm -rf build\n"
                                     "    允许执行吗？输入 y 同意，n 拒绝:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="command: rm -rf build 允许执行吗？输入 y 同意，n 拒绝",
         typed_end="n 拒绝")


register("pooh", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("pooh", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["pooh_idle"]
