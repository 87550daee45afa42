"""Letta Code's driver (npm ``@letta-ai/letta-code``, the program ``letta``: an Ink screen
inline on the main screen): its scenarios, rows of the shared table (``shared``) given its
words (its permission's pattern, the key that refuses it, its shell tool's name, its
question tool and the model's replies): a command approved, one refused, three multi-line
or wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt, typed and
quoted dialog text, and a question (its ``AskUserQuestion`` tool).

Its screen: a banner (its logo beside ``Letta Code v0.25.9``, the model ``gpt-4o ·
Local`` and the work dir), the transcript (each prompt after ``›``, the model's text and
each call after ``•``: ``• Run <command>`` over ``└  Running... (1s)`` while it runs, its
output after), then its composer ``›`` between two rules and a footer row (``Press / for
commands`` at start, then ``▶ standard (request approval) mode (shift+tab to cycle)``, its
model on the right). While a turn runs a status row stands over the composer: a spinner,
``Letta Code is <verb>… (esc to interrupt)`` and a tip under it. The answer is drawn whole
once it has come (its token streaming is off by default). A call of ``Bash`` asks first
(its ``standard`` mode) in place of the composer: ``Run this command?``, the command after
``$`` (three rows at most, ``… +N more lines`` under them), ``❯ 1. Yes``, ``2. Yes, and
don't ask again for '<command>' in this project`` (not for every command), ``N. No, and
tell Letta Code what to do differently`` and ``Enter to select · Esc to cancel``; Enter
approves, Esc refuses: ``└  Approval cancelled`` under the call and the turn stops there
(the model is not told; its "No" option wants a reason typed). Esc in a turn stops it (``⚠
Interrupted – tell the agent what to do differently...``, the composer back). Its
``AskUserQuestion`` draws the question in the same place: its header, the question,
``❯ 1. red`` (each option over its description), ``4. Type something.`` and ``Enter to
select · Arrow to navigate · Esc to cancel``; Enter takes the option selected.

What it does not do: describe Letta Code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import LETTA_ASKS, LETTA_QUESTION, letta_idle
from fakeapi import Text

from capture_agents.shared import register

CANCELLED = "Approval cancelled"

# its words in the shared scenarios with its permission (numbered options in place of
# the composer); refused by Esc: "Approval cancelled" under the call, the turn stops there
# (the model is not asked again), the composer back
DIALOG = {"asks": LETTA_ASKS, "tool_name": "Bash", "deny_keys": (), "deny_key": "esc",
          "after_refusal": "idle", "back": lambda s: CANCELLED in s and letta_idle(s),
          "refusal_reply": []}


register("letta", "command-approve",
         "prompt -> its status row while the model is silent -> 'Run this command?' -> "
         "enter (Yes) -> command runs 3 s -> the answer drawn whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         whole_answer=True)


register("letta", "command-deny",
         "'Run this command?' for 'rm -rf build' -> esc -> 'Approval cancelled', the turn "
         "stops, the composer back",
         module=__name__, like="deny", **DIALOG)


register("letta", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("letta", "stream",
         "prompt -> 4 s silent (its status row) -> a long answer drawn whole once it came "
         "-> turn ends",
         module=__name__, whole_answer=True)


register("letta", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Interrupted', the composer "
         "back",
         module=__name__, working="thinking", interrupt_key="esc")


register("letta", "negatives",
         "composer holding typed 'Run this command? $ rm -rf build 1. Yes 2. No' sent as "
         "the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Letta Code asked:\n\n"
                                     "    Run this command?\n"
                                     "      $ rm -rf build\n"
                                     "    ❯ 1. Yes\n"
                                     "      2. No, and tell Letta Code what to do "
                                     "differently\n"
                                     "    Enter to select · Esc to cancel\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Run this command? $ rm -rf build 1. Yes 2. No, and tell Letta Code what to "
               "do differently",
         typed_end="what to do differently")


register("letta", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "clipped (enter), a two-row one sharing the first's first row (esc: the turn stops)",
         module=__name__, **DIALOG,
         # its dialog shows the 175-character command's first row cut ("echo", then the
         # A's to the screen's edge, "… output clipped"): told by its A's
         multiline_shown=("x1.txt", "AAAAAAAAAA", "SECOND.txt"))


register("letta", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST): its first three rows and "
         "'… +58 more lines' -> esc -> the turn stops",
         module=__name__, **DIALOG)


register("letta", "question",
         "AskUserQuestion with three options -> its question in place of the composer -> "
         "enter (red) -> the model answers -> turn ends",
         module=__name__, question_tool="AskUserQuestion",
         question_input={"questions": [{
             "question": "Which color do you prefer?", "header": "Color", "multiSelect": False,
             "options": [{"label": "red", "description": "the red one"},
                         {"label": "green", "description": "the green one"},
                         {"label": "blue", "description": "the blue one"}]}]},
         question_asks=LETTA_QUESTION)


__all__ = ["letta_idle"]
