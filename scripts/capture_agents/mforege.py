"""MForege's driver (PyPI ``mforege``, the program ``mforege``, a full-screen prompt_toolkit
chat): its scenarios, rows of the shared table (``shared``) given its words (its question
bar's pattern, the line that refuses it, its shell tool's name, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt and typed and quoted dialog text. No question: it has no
tool that asks the user.

Its screen: its banner box (``MForege ✦ your personal AI agent``, the backend, model and
workspace, its keys), the transcript (each prompt as ``You: <prompt>``, each tool call as
``  · <tool>(<args>)`` and its result's mark, the answer streamed), then an activity row
(`` ✻ <tool call>`` while a tool runs), its question bar, its status row `` ◆ gpt-4o · 0m``
... ``✕ End session`` (while a turn runs ``│ ⏳ thinking 3s (Esc=stop)``) and its input box
at the foot. A call of its ``run_command`` tool with anything but a plain read-only command
asks first: the question bar `` ⚠ <command>   (type y/n + Enter)`` right over the status
row, answered by a line typed into the input box (``y``, Enter). Refused by "n": the model
is told (``Command cancelled by user``) and answers in the same turn. ``rm -rf`` and ``rm
-r`` are refused unasked, so its refusal's command is ``rm -f build.log``; a multi-line
command is checked with its newlines read as spaces, so one whose first row is read-only
(``ls -la``) runs unasked and its multiline scenario's two-row commands start with ``mkdir
-p d``. The question bar is one row: a multi-line command shows its first row only, a long
one is cut at the screen's edge. Esc in a turn stops it (``[■] Stopped — tell me what to do
next.``).

What it does not do: describe MForege (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import MFOREGE_ASKS, mforege_idle
from fakeapi import Text, ToolUse

from capture_agents.core import MULTILINE_WRAPPED
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its safety check reads a command with its newlines as spaces, so the shared two-row
# commands ("ls -la" over "touch x1.txt") pass as read-only and run unasked: its two-row
# commands here start with a row that asks ("mkdir -p d"), the second rows the shared ones'
MULTILINE = ("mkdir -p d\ntouch x1.txt", MULTILINE_WRAPPED, "mkdir -p d\ntouch SECOND.txt")

# its words in the shared scenarios with its permission (its question bar over the status
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": MFOREGE_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("mforege", "command-approve",
         "prompt -> its status row's timer while the model is silent -> its question bar -> "
         "y, enter -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("mforege", "command-deny",
         "permission for 'rm -f build.log' (it refuses 'rm -rf' and 'rm -r' unasked) -> n, "
         "enter -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG, command="rm -f build.log")


register("mforege", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("mforege", "stream",
         "prompt -> 4 s silent (its status row's timer) -> slow streamed answer for ~8 s -> "
         "turn ends",
         module=__name__)


register("mforege", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> '[■] Stopped — tell me what "
         "to do next.', its input box back",
         module=__name__, working="thinking", interrupt_key="esc")


register("mforege", "negatives",
         "prompt holding typed '⚠ rm -f build.log   (type y/n + Enter)' sent as the prompt; "
         "the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("MForege asked:\n\n"
                                     "     ⚠ rm -f build.log   (type y/n + Enter)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚠ rm -f build.log   (type y/n + Enter)",
         typed_end="+ Enter)")


register("mforege", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one cut at "
         "the screen's edge (y), a two-row one sharing the first's first row (n) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG,
         model=lambda sb, api: [*(ToolUse("run_command", {"command": cmd}, pause=1.0)
                                  for cmd in MULTILINE),
                                Text("Ran the first two.", pause=1.0)],
         # its question bar shows a command's first row only, cut at the screen's edge: each
         # told by its call's row in the transcript ("  · run_command(command=<its first 40
         # characters>)")
         multiline_shown=("x1.txt", "echo AAAAAAAAAA", "SECOND.txt"))


register("mforege", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["mforege_idle"]
