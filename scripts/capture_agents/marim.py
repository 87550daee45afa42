"""Marim's driver (PyPI ``marim-harness``, the program ``marim``, a Textual full-screen
TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the key that refuses it, its shell tool's name, its question tool,
the model's replies): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, a plain answer, a long stream, an interrupt, a question and
typed and quoted dialog text.

Its screen: a header row (its title's mark, ``●`` at rest and a braille spinner while a
turn runs, then the session's name and its directory), its banner, the transcript (each
prompt after ``›``, a tool call's row ``▶ ⠙ Bash · <command>``, ``✓`` or ``✕`` once it is
done, each answer under it, each turn closed by its time ``· 10.8s``), then its status row
`` ask · local:gpt-4o · ctx 0/100k (0%) · 0↑ 0⚡ 0↓ · session 8s`` (`` · working… 4s`` last
while a turn runs), its composer's rounded box (empty, no placeholder) and a footer of key
hints. A call of its ``bash`` tool asks first, in a rounded box drawn over the status row:
``Approve  bash?``, the command after ``$ ``, the buttons ``Deny (d)`` and ``Approve (a)``
at its right; the footer's first hints ``a Approve  d Deny``. ``a`` approves; refused by
``d``: the call's row ``✕ Bash``, the model is told and answers in the same turn. Esc
cancels a turn while the model is silent. Its ``ask_user`` tool asks in a box drawn over the
status row: the question, its choices as buttons, ``or type your own answer…`` last; the
row ``▶ ⠋ Ask User · <question>  awaiting answer…`` in the transcript; Enter takes the
first.

What it does not do: describe Marim (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import MARIM_ASKS, MARIM_QUESTION, marim_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its box of two buttons over its
# status row); refused by d: the model is told and answers
DIALOG = {"asks": MARIM_ASKS, "tool_name": "bash", "deny_key": "d",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("marim", "command-approve",
         "prompt -> 'working…' in its status row while the model is silent -> 'Approve  "
         "bash?' -> a -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("marim", "command-deny",
         "permission for 'rm -rf build' -> d -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("marim", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("marim", "stream",
         "prompt -> 4 s silent ('working…' in its status row) -> slow streamed answer for "
         "~8 s -> turn ends",
         module=__name__)


register("marim", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> the turn cancelled, its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="esc")


register("marim", "question",
         "prompt -> ask_user 'Which color do you prefer?' (red, blue) in its box over the "
         "status row -> enter takes the first -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "options": [{"label": "red"}, {"label": "blue"}]}]},
         question_asks=MARIM_QUESTION)


register("marim", "negatives",
         "composer holding typed 'Approve  bash? $ rm -rf build  Deny (d)  Approve (a)' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Marim asked:\n\n"
                                     "    Approve  bash?\n\n"
                                     "    $ rm -rf build\n\n"
                                     "                  Deny (d)        Approve (a)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Approve  bash? $ rm -rf build  Deny (d)  Approve (a)",
         typed_end="Approve (a)")


register("marim", "multiline",
         "three permissions in one turn: a two-row command (a), a 175-character one wrapped "
         "(a), a two-row one sharing the first's first row (d) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("marim", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> d -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["marim_idle"]
