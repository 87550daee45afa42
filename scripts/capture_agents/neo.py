"""neo's driver (PyPI ``neo-agnt``, the program ``neo``, a Textual app on the alternate
screen): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the key that refuses it, its shell tool's name, its question tool,
the model's replies): a command approved, one refused, three multi-line or wrapped
commands (two approved, the third refused), a 61-line one, a plain answer, a long stream,
a question and typed and quoted dialog text. No interrupt: Ctrl+C in a turn (its binding
'Cancel run') stops nothing, the spinner and the turn go on, whether the model is silent or
streaming; no other key stops a turn.

Its screen: a top row `` neo  ·  openai/gpt-4o  ·  work``, its banner in block letters and
``· neo ready — type /help for commands.``, its transcript (each prompt after ``│``, each
tool call a row ``⠋ bash <the command>``), a rule, a row for its spinner, then its composer,
a box whose placeholder reads ``Ask neo…  ( / for commands, @ for files )``. While a turn
runs the row under the rule reads `` ⠋ thinking · 7s``. A call of its ``bash`` tool asks
first unless its command is one it allows unasked (``ls *``, ``git status *``...): a modal
box drawn over the whole screen, ``permission required``, ``bash  →  <the command>``, the
command again, the buttons ``Allow once`` (focused), ``Always allow``, ``Reject`` and the
hint ``up/down move · enter select · esc reject`` (a command taller than the screen pushes
the buttons and the hint out of the box); Enter approves, Escape refuses (the
model is told and answers in the same turn). Its ``question`` tool draws a modal box
``question`` over ``<header>: <question>`` and a button per choice; Enter takes the first.
Its multiline scenario's commands start
with ``touch`` and ``printf`` (the shared ones start with ``ls``, which it runs unasked).

What it does not do: describe neo (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import NEO_ASKS, NEO_QUESTION, neo_asks, neo_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its modal box); refused by
# Escape: the model is told and answers
DIALOG = {"asks": NEO_ASKS, "tool_name": "bash", "deny_key": "esc",
          "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}

# its multiline commands: the shared ones' rows in another order, so that none starts with
# ls (it runs those unasked)
MULTILINE_TWO_ROWS = "touch x1.txt\nls -la"
MULTILINE_WRAPPED = "printf '%s\\n' " + "A" * 150 + " && touch long-1.txt"
MULTILINE_REFUSED = "touch SECOND.txt\nls -la"


register("neo", "command-approve",
         "prompt -> its spinner's row 'thinking' while the model is silent -> its permission's "
         "modal box -> enter -> command runs 3 s -> the answer streamed, drawn once whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True, whole_answer=True)


register("neo", "command-deny",
         "permission for 'rm -rf build' -> esc -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("neo", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("neo", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer streamed for ~8 s, drawn once whole -> "
         "turn ends",
         module=__name__, whole_answer=True)


register("neo", "negatives",
         "composer holding typed 'permission required bash → touch x1.txt Allow once Always "
         "allow Reject' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("neo asked:\n\n"
                                     "    permission required\n"
                                     "    bash  →  touch x1.txt\n"
                                     "    Allow once   Always allow   Reject\n"
                                     "    up/down move · enter select · esc reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="permission required bash → touch x1.txt Allow once Always allow Reject",
         typed_end="Always allow Reject")


@scenario(
    "neo",
    "multiline",
    "three permissions in one turn: a two-row command (enter), a 184-character one wrapped "
    "(enter), a two-row one sharing the first's last row (esc) -> the model answers -> "
    "turn ends",
    lambda sb, api: [*(ToolUse("bash", {"command": cmd}, pause=1.0)
                       for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED,
                                   MULTILINE_REFUSED)),
                     Text("Ran the first two.", pause=1.0)],
)
def neo_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, shown in enumerate(("x1.txt", "long-1.txt", "SECOND.txt"), 1):
        dialog(c, lambda s, shown=shown: neo_asks(s)
               and shown in s.split("permission required")[-1])
        c.shot(f"blocked-permission--multiline-{n}")
        if n < 3:
            c.approve()
        else:
            c.key("esc", "working")
        c.wait(lambda s: not neo_asks(s), 10, settle=0)
    turn_end(c, "Ran the first two.")
    leave(c)


register("neo", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("neo", "question",
         "its question tool -> a modal box 'question' over 'Color: Which color do you "
         "prefer?' and a button per choice -> enter (red) -> the model answers -> turn ends",
         module=__name__, question_tool="question",
         question_input={"questions": [{"header": "Color",
                                        "question": "Which color do you prefer?",
                                        "options": [{"label": "red"}, {"label": "green"},
                                                    {"label": "blue"}]}]},
         question_asks=NEO_QUESTION)


__all__ = ["neo_idle"]
