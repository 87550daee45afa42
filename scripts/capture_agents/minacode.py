"""minacode's driver (PyPI ``minacode``, the program ``minacode``, a prompt_toolkit chat):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the line that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream, an interrupt, a question and typed and quoted dialog text.

Its banner (``minacode <version>. /help for commands.``), answers and tool calls scroll up
the main screen over its prompt ``> `` (a random hint as its placeholder: ``Tab completes
commands and @mentions``...) and its status row (``default/gpt-4o | medium | skills 1 | ctx
0% | index?``); a prompt sent stays above as ``• <prompt>`` under a rule. While a turn runs
the prompt reads ``+> Enter queues follow-up · Ctrl-C interrupts`` under a divider ``--- ●
working (2s) ---`` (``● responding (6s · ↓ 15 tok/s)`` while the answer streams, ``working
(6s)`` while a tool runs, its row ``✦ running… 1.5s`` in the transcript); a turn ends with
the rule ``── done in 14s ──`` and the prompt back. A call of its ``Bash`` tool asks first:
the call's row ``  Bash  <command>`` (a long command cut to its first rows and ``… +58 more
lines``), then its form ``    │  Approve    Refuse     Tab to move`` (the focused action in
colour) and its input row ``    │ reason › `` with a waiting frame (one of ``|/-\\``) where the
prompt was, over its status row; Enter takes the focused action (Approve: ``└ stored tr.1
[approved]``). Refused by typing ``n`` and Enter: ``└ refused Cancelled: user refused tool
call``, the model is told and answers in the same turn. Its Ask tool asks in a selector
over its status row: ``(1/1) <question>``, the choices numbered (``>  1. red``, ``   2.
blue``, ``   3. Type freely...``), then ``↑/↓ or j/k move · Enter select/next · Tab switch
· n notes · / search · Esc cancel · (1/1)``; Enter takes red. Ctrl+C while the model is
asked stops the turn (``Cancelled``, its prompt back).

What it does not do: describe minacode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import MINACODE_ASKS, MINACODE_QUESTION, minacode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its form and input row under the
# call's row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": MINACODE_ASKS, "tool_name": "Bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("minacode", "command-approve",
         "prompt -> its divider '● working' while the model is silent -> the call's row, its "
         "form 'Approve    Refuse' and 'reason ›' -> enter (Approve) -> command runs 3 s -> "
         "slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("minacode", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("minacode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("minacode", "stream",
         "prompt -> 4 s silent (its divider '● working') -> slow streamed answer for ~8 s ('● "
         "responding') -> turn ends",
         module=__name__)


register("minacode", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'Cancelled', its prompt "
         "back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("minacode", "question",
         "prompt -> Ask 'Which color do you prefer?' (red, blue) in its selector -> enter "
         "(red) -> the model answers -> turn ends",
         module=__name__, question_tool="Ask",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "choices": ["red", "blue"]}]},
         question_asks=MINACODE_QUESTION)


register("minacode", "negatives",
         "prompt holding typed 'Bash  rm -rf build  Approve    Refuse     Tab to move  reason "
         "›' sent as the prompt; the answer quotes the approval",
         module=__name__,
         model=lambda sb, api: [Text("minacode asked:\n\n"
                                     "  Bash  rm -rf build\n"
                                     "    │  Approve    Refuse     Tab to move\n"
                                     "    │ reason › -\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Bash  rm -rf build  Approve    Refuse     Tab to move  reason ›",
         typed_end="reason ›")


register("minacode", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (n, enter) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG)


register("minacode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its first three rows and "
         "'… +58 more lines' shown -> its permission -> n, enter -> the model answers -> "
         "turn ends",
         module=__name__, **DIALOG)


__all__ = ["minacode_idle"]
