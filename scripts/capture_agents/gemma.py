"""Gemma's driver (npm ``boten-gemma``, the program ``gemma``, its CLI channel: a readline
chat): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream and typed and quoted dialog text. No question: its
``ask_user`` tool asks nothing on the screen (the question and its options go back to the
model as the tool's result). No interrupt: Ctrl+C in a turn closes its readline
(``Goodbye!``) and leaves the turn running, no prompt back.

Everything scrolls up the main screen: its banner (``GEMMA`` in block letters, ``Your
personal AI assistant``, ``Type your message and press Enter. Ctrl+C to exit.``), its
prompt ``You: `` with its gateway's log rows printed after it (``[channel] cli``,
``[gateway] Gemma is ready``); in a turn its own log rows (``[llm] Calling gpt-4o
(iteration 1/25, messages: 1)``, ``[llm] Response in 2034ms: no text, 1 tool call(s)
...``, ``[gate] Processing 1 tool call(s): exec``); nothing else while the model is asked;
each answer printed whole once the model has finished (``Gemma: <text>``), then its prompt
``You: ``. A call of its ``exec`` tool asks first: ``  Gemma wants to perform 1
action(s):``, ``  [0] exec (command="<command>")`` (the command as a JSON string, its
newlines ``\\n``, on one row, wrapped by the terminal), ``  Approve? (a)ll / (n)one /
comma-separated numbers (e.g. 0,2)`` and the line prompt ``  > `` on the cursor's row,
answered by a line (``a``, Enter). Refused by "n": the model is told and answers in the
same turn.

What it does not do: describe Gemma (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import GEMMA_ASKS, gemma_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the listed
# calls); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": GEMMA_ASKS, "tool_name": "exec", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("gemma", "command-approve",
         "prompt -> its log rows and silence while the model is asked -> the listed call and "
         "its line prompt -> a, enter -> command runs 3 s -> slow streamed answer, printed "
         "whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="exec",
         streamed=True, whole_answer=True)


register("gemma", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("gemma", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("gemma", "stream",
         "prompt -> 4 s silent (its log row) -> slow streamed answer for ~8 s, printed whole "
         "-> turn ends",
         module=__name__, whole_answer=True)


register("gemma", "negatives",
         "prompt holding typed 'Gemma wants to perform 1 action(s): Approve? (a)ll / (n)one' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Gemma asked:\n\n"
                                     "  Gemma wants to perform 1 action(s):\n\n"
                                     "  [0] exec (command=\"rm -rf build\")\n\n"
                                     "  Approve? (a)ll / (n)one / comma-separated numbers "
                                     "(e.g. 0,2)\n"
                                     "  >\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Gemma wants to perform 1 action(s): Approve? (a)ll / (n)one",
         typed_end="(a)ll / (n)one")


register("gemma", "multiline",
         "three permissions in one turn: a two-row command (a), a 175-character one wrapped "
         "(a), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("gemma", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["gemma_idle"]
