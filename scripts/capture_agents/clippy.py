"""clippy-code's driver (PyPI ``clippy-code``, the program ``clippy``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Everything scrolls up the main screen: its banner (a box with its ASCII logo), then each
prompt after ``[You] ➜`` a blank row under the last output. While the model is asked, a
spinner ``[📎] Thinking ⠼`` on the last row; its answers are asked for whole (no stream)
and printed whole after ``[📎]``. A command runs without a shell (its words split, so
``&&`` and ``>`` are passed to the first as arguments): the shared approve scenario's
command would fail at once, so its own runs ``sleep 3``. A call of its
``execute_command`` tool asks first (its permissions' default): the call's name and
arguments printed, then, after a blank row, ``[?] Approve this action?
[(y)es/(n)o/(a)llow]: `` on the cursor's row (Python's input()), answered by a line (``y``,
Enter). Refused by "n": the turn stops (``Execution interrupted. You can continue with a
new request.``, the prompt back).

What it does not do: describe clippy-code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CLIPPY_ASKS, clippy_idle
from fakeapi import Text, ToolUse

from capture_agents.core import LONG_ANSWER
from capture_agents.shared import register

# its words in the shared scenarios with its permission (its line prompt under the call);
# refused by typing "n", then Enter: the turn stops, its prompt back
DIALOG = {"asks": CLIPPY_ASKS, "tool_name": "execute_command", "deny_reason": "n",
          "after_refusal": "idle", "back": clippy_idle}


register("clippy", "command-approve",
         "prompt -> its Thinking spinner while the model is asked -> the call and its line "
         "prompt -> y, enter -> 'sleep 3' runs 3 s -> the answer shown whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         whole_answer=True,
         # its own command: it runs a command without a shell (its words split, "&&" and
         # ">" passed to the first as arguments), so the shared one's fails at once
         model=lambda sb, api: [
             ToolUse("execute_command", {"command": "sleep 3"},
                     text="I will wait for the build.", gate="think"),
             Text(LONG_ANSWER * 2)])


register("clippy", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> 'Execution interrupted', its prompt "
         "back",
         module=__name__, like="deny", **DIALOG, refusal_reply=[])


register("clippy", "answer",
         "prompt -> plain answer shown whole -> turn ends; a second prompt -> answer -> turn "
         "ends",
         module=__name__)


register("clippy", "stream",
         "prompt -> its Thinking spinner while the model takes ~8 s -> the long answer shown "
         "whole -> turn ends",
         module=__name__, whole_answer=True)


register("clippy", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("clippy", "negatives",
         "prompt holding typed '[?] Approve this action? [(y)es/(n)o/(a)llow]:' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("clippy-code asked:\n\n"
                                     "    execute_command: rm -rf build\n\n"
                                     "    [?] Approve this action? [(y)es/(n)o/(a)llow]:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="[?] Approve this action? [(y)es/(n)o/(a)llow]:",
         typed_end="(a)llow]:")


register("clippy", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the turn stops",
         module=__name__, **DIALOG)


register("clippy", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the turn stops",
         module=__name__, **DIALOG, long_reply=[])


__all__ = ["clippy_idle"]
