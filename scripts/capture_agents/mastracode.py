"""Mastra Code's driver (npm ``mastracode``, the program ``mastracode``: a TUI on the main
screen): its scenarios, rows of the shared table (``shared``) given its words (its
approval's pattern, the key that refuses it, its shell tool's name, the model's replies):
a command approved, one refused, three multi-line or wrapped commands, a 61-line one, a
plain answer, a long stream, an interrupt, typed and quoted dialog text; and its own
question scenario, its ``ask_user`` tool asking leave first.

Its screen: a banner (``MASTRA CODE`` in block letters, its version, project and user),
the transcript (each prompt in a box ``│ » ... │``, the model's text, each command in a
box ``│ $ ls -la 2.1s ✓ │`` with its output over it), then its composer box ``│ › │`` and
a status row: its mode and model (``▐build▌fake/gpt-4o▌``), then, once a turn started,
its time, counting while it runs and ``✓`` after it once over (``4s ✓``). While a turn
runs the composer's ``›`` alternates with ``•``. A call of ``execute_command`` asks first
(yolo off), in a box drawn over the middle of the screen: ``⚠ Tool Approval Required``,
``Tool: execute_command``, ``Category: Execute``, ``Arguments:`` and each argument's first
line (cut at 120 characters, ``(N lines)`` after one of more), then ``Allow? yes  no
always allow execute  Yolo``; "y" approves, "n" refuses (the model is told and answers).
Esc stops a turn: nothing is drawn but the composer back, the time stopped with no
``✓``. Its ``ask_user`` tool asks leave in the same box (``Tool: ask_user``, ``always
allow category``), then draws its question in a box in the transcript: ``Question``, the
question, ``→ red``, ``green``, ``blue``, ``✎ Custom response...`` and ``↑↓ to navigate ·
Enter to select · Esc to skip``; Enter takes the option selected.

What it does not do: describe Mastra Code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import MASTRACODE_ASKS, MASTRACODE_QUESTION, mastracode_interrupted
from fakeapi import Text, ToolUse

from capture_agents.core import Ctx, dialog, leave, scenario, start, turn_end
from capture_agents.shared import register

# its words in the shared scenarios with its approval box; refused by "n": the model is
# told and answers
DIALOG = {"asks": MASTRACODE_ASKS, "tool_name": "execute_command", "deny_keys": (),
          "deny_key": "n", "after_refusal": "answer"}


register("mastracode", "command-approve",
         "prompt -> 'thinking' while the model is silent -> approval box -> y -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("mastracode", "command-deny",
         "approval of 'rm -rf build' -> n -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("mastracode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("mastracode", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("mastracode", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> the composer back, the time "
         "stopped",
         module=__name__, working="thinking", interrupt_key="esc",
         interrupted=mastracode_interrupted)


register("mastracode", "negatives",
         "composer holding typed 'Tool Approval Required ... Allow? yes  no  always allow "
         "execute  Yolo' sent as the prompt; the answer quotes the approval",
         module=__name__,
         model=lambda sb, api: [Text("Mastra Code asked:\n\n"
                                     "    ⚠ Tool Approval Required\n"
                                     "    Tool: execute_command\n"
                                     "    Allow? yes  no  always allow execute  Yolo\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool Approval Required Tool: execute_command Allow? yes  no  always allow "
               "execute  Yolo",
         typed_end="execute  Yolo")


register("mastracode", "multiline",
         "three approvals in one turn: a two-row command (y), a 175-character one cut at "
         "120 (y), a two-row one sharing the first's first row (n: the model is told)",
         module=__name__, **DIALOG,
         # its box shows each argument's first line, cut at 120 characters, and "(N lines)"
         # after one of more (the first and the third read the same); the second, wrapped
         # in the box, ends in "…"
         multiline_shown=("ls -la (2 lines)", "AAAAAAAAAA…", "ls -la (2 lines)"))


register("mastracode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST): its first row and '(61 "
         "lines)' in the approval box -> n -> the model is told and answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


QUESTION = {"question": "Which color do you prefer?",
            "options": [{"label": "red"}, {"label": "green"}, {"label": "blue"}]}


@scenario("mastracode", "question",
          "ask_user with three options -> its approval box (Tool: ask_user) -> y -> its "
          "question box -> enter (red) -> the model answers -> turn ends",
          lambda sb, api: [ToolUse("ask_user", QUESTION), Text("You chose red.", pause=1.0)])
def mastracode_question(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, lambda s: MASTRACODE_ASKS.search(s) is not None and "ask_user" in s)
    c.shot("blocked-permission--ask-user")
    c.approve()
    dialog(c, MASTRACODE_QUESTION, "blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", "working")
    turn_end(c, "You chose red.")
    c.shot("done--after-question")
    leave(c)
