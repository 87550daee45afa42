"""wizolt's driver (PyPI ``wizolt``, the program ``wizolt``, a prompt_toolkit application at
the foot of the main screen): its scenarios, rows of the shared table (``shared``) given
its words (its permission's pattern, the key that refuses it, its shell tool's name, its
question tool, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt, a question
and typed and quoted dialog text.

Its screen: its transcript printed up the main screen (the banner ``wizolt 0.76.0. Type /
for commands.``, each prompt after ``•``, each tool call's row ``Bash  <command>`` and its
result under ``└``, each turn closed by a rule ``── done in 11s ──``), then its input: a
plain rule, its prompt ``> `` (a placeholder tip that changes each turn) and its status row
``[main] default/gpt-4o · medium | mcp 0 · skills 1 | ctx 0% · cache 0%``. While a turn
runs the rule holds ``● working (2s)`` and its prompt ``+> Enter follow-up · Tab next turn ·
Ctrl-C interrupts``; ``✦ running… 1.5s`` under a running command. A call of its ``Bash``
tool that its read-only allowlist does not pass asks first: in place of its prompt, under
the rule, the buttons ``Approve`` and ``Refuse`` (the selected one in reverse, Approve
first), the hint ``Enter runs it · Tab to move · Esc refuses`` and a row ``reason ›``, a
rule ``│`` at their left; ``[wait 1]`` first in the status row. Enter approves; refused by
Esc: ``└ refused Cancelled: user refused tool call``, the model is told and answers in the
same turn. Ctrl+C interrupts a turn (``Cancelled``, its prompt back). Its ``Ask`` tool asks
the user in place of its prompt: ``(1/1) <question>``, its choices numbered, ``Type
freely...`` last and the hint ``↑↓/jk move · Ctrl-D/U scroll · Enter select · ... · Esc
cancel``; Enter takes the first.

What it does not do: describe wizolt (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import WIZOLT_ASKS, WIZOLT_QUESTION, wizolt_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its two buttons in place of its
# prompt); refused by Esc: the model is told and answers
DIALOG = {"asks": WIZOLT_ASKS, "tool_name": "Bash", "deny_key": "esc",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("wizolt", "command-approve",
         "prompt -> 'working' in its input's rule while the model is silent -> its buttons "
         "Approve and Refuse -> enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="Bash",
         streamed=True)


register("wizolt", "command-deny",
         "permission for 'rm -rf build' -> esc -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("wizolt", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("wizolt", "stream",
         "prompt -> 4 s silent ('working' in its input's rule) -> slow streamed answer for "
         "~8 s -> turn ends",
         module=__name__)


register("wizolt", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'Cancelled', its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("wizolt", "question",
         "prompt -> Ask 'Which color do you prefer?' (red, blue) in place of its prompt -> "
         "enter takes the first -> the model answers -> turn ends",
         module=__name__, question_tool="Ask",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "choices": ["red", "blue"]}]},
         question_asks=WIZOLT_QUESTION)


register("wizolt", "negatives",
         "prompt holding typed 'Bash  rm -rf build  Approve    Refuse     Enter runs it · Tab "
         "to move · Esc refuses' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("wizolt asked:\n\n"
                                     "      Bash  rm -rf build\n"
                                     "    │  Approve    Refuse     Enter runs it · Tab to "
                                     "move · Esc refuses\n"
                                     "    │ reason ›\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Bash  rm -rf build  Approve    Refuse     Enter runs it · Tab to move · Esc "
               "refuses",
         typed_end="Esc refuses")


register("wizolt", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (esc) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG)


register("wizolt", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["wizolt_idle"]
