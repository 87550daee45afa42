"""AbstractCode's driver (PyPI ``abstractcode``, the program ``abstractcode``, a full-screen
prompt_toolkit chat): its scenarios, rows of the shared table (``shared``) given its words
(its approval's pattern, the line that refuses it, its shell tool's name, its question
tool, the model's replies): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, a plain answer, a long answer, an interrupt, a question and typed
and quoted dialog text.

Its screen: the transcript over a rule, its input row ``>`` and two status rows (``
Agent :  [react ▼]  │ openai | gpt-4o | Context(next): ...`` and `` Enter=submit |
↑/↓=history | ...``). A sent prompt stays in the transcript as ``> <prompt>``; while the
model is asked the first status row starts with a spinner, `` ⠼ Thinking (step 1/25)...
│``; the model's turn printed whole once it is over (it asks without streaming): ``▶ Cycle
1/25`` and the model's words, or ``ANSWER`` over a short rule, the answer, a short rule and
``[ copy ] <date>  in=... out=...  <rate> tok/s  <time>``. A tool call asks first: the
call's rows (``▶ Tool Call: execute_command …``, ``  args: {"command": ...}``, ``  result:
(running…)``), then ``Tool approval required`` over a short rule and the line prompt
``Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:`` as the transcript's last row,
answered by a line typed at its input row (``  → y`` printed under it); a shell command
then asks again, ``Type 'run' to execute this command:``, answered by ``run`` (its
description's ``approve_then``). Refused by "n": ``  result: Error: Rejected by user``, the
model is told and answers in the same turn. Its ask_user tool prints the question and its
choices (``  [1] red``) over ``Choice (number or text):``, answered by a line. Esc in a
turn cancels it.

What it does not do: describe AbstractCode (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import ABSTRACTCODE_ASKS, ABSTRACTCODE_QUESTION, abstractcode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its approval (its line prompt printed in the
# transcript, answered at its input row); refused by typing "n", then Enter: the model is
# told and answers. Its answers are drawn only once whole (no streaming).
DIALOG = {"asks": ABSTRACTCODE_ASKS, "tool_name": "execute_command", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED, "whole_answer": True}


register("abstractcode", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's rows and its "
         "line prompt -> y, enter -> 'Type 'run'...' -> run, enter -> command runs 3 s -> "
         "the answer printed whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("abstractcode", "command-deny",
         "approval for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("abstractcode", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("abstractcode", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer, printed once whole -> "
         "turn ends",
         module=__name__, whole_answer=True)


# Esc only asks its run to stop ("Cancel requested (run_id=...)"): it stops once the model's
# request in flight comes back, so here the model answers 10 s after the prompt
register("abstractcode", "interrupt",
         "prompt -> model silent for 10 s -> esc at 5 s: 'Cancel requested (run_id=...)', its "
         "spinner's row on until the model's reply comes -> the run cancelled, the reply not "
         "shown, its input row back",
         module=__name__, working="thinking",
         model=lambda sb, api: [Text("This reply comes too late.", pause=10.0)])


register("abstractcode", "negatives",
         "prompt holding typed 'Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:' "
         "sent as the prompt; the answer quotes the approval",
         module=__name__,
         model=lambda sb, api: [Text("AbstractCode asked:\n\n"
                                     "    Tool approval required\n"
                                     "    Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:\n"
                                     "    Type 'run' to execute this command:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:",
         typed_end="[q]uit:")


register("abstractcode", "multiline",
         "three approvals in one turn: a two-row command (y, run), a 175-character one "
         "wrapped (y, run), a two-row one sharing the first's first row (n) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG,
         # its args row cut at the screen's width and '…': the wrapped command told by its head
         multiline_shown=("x1.txt", "echo AAAAAAAAAA", "SECOND.txt"))


register("abstractcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its approval -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("abstractcode", "question",
         "ask_user with three choices -> 'Choice (number or text):' under them -> 1, enter "
         "(red) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?",
                         "choices": ["red", "green", "blue"]},
         question_asks=ABSTRACTCODE_QUESTION, question_keys=("1",))


__all__ = ["abstractcode_idle"]
