"""Qwen Code Termux's driver (npm ``@mmmbuto/qwen-code-termux``, the program ``qwen``: a
fork of Qwen Code, an Ink app drawn in place at the foot of the main screen): its
scenarios, rows of the shared table (``shared``) given its words (its permission's and
question's patterns, the key that refuses, its shell tool's name and input, the model's
replies): a command approved, one refused, three multi-line or wrapped commands (two
approved, the third refused), a 61-line one, a plain answer, a long stream, typed and
quoted dialog text, an interrupt and a question.

Its screen: its banner (``QWEN`` in block letters beside a box ``>_ Qwen Code
(v0.22.2-termux)``, ``API Key | gpt-4o (/model to change)`` and the folder), then its
transcript (``> <prompt>``, each answer after ``◆``, each tool call a row ``✓ Shell
<command> (<description>)``), over its composer between two rules (``>   Type your message
or @path/to/file`` when empty) and its status rows (``  ➜ work · gpt-4o · 131.1k Context
0.1% used``, ``  ⏸ Ask permissions (shift + tab to cycle)``). While a turn runs a spinner's
row is over the composer (``  ⠹ Polishing the algorithms... (3s · esc to cancel)``, its
phrase picked at random) and ``Enter to steer · Ctrl+Q to queue · `` leads the last status
row. A call of its ``run_shell_command`` tool asks first: ``? Shell <command>
(<description>) ←``, the command, ``   Allow execution of: 'mkdir, python3'?`` over ``   ›
1. Yes, allow once``, ``     2. Always allow run 'mkdir *' commands ... in this project``,
``     3. ... for this user``, ``     4. No, suggest changes (esc)``, the composer gone and
``  ⠏ Waiting for user confirmation...`` under it; Enter approves, Esc refuses (the call
marked ``- Shell ...``, the turn stops: its composer back, empty). Its ``ask_user_question``
tool draws ``? AskUserQuestion Ask user 1 question ←``, the header, the question, ``   ❯
1. Red`` and each choice (its description under it), ``     3. Type something...`` and
``   ↑/↓: Navigate | Enter: Select | Esc: Cancel``; Enter takes the first. Esc in a turn
stops it, the prompt back in the composer. It refuses a command that starts with ``sleep
N &&`` (it tells the model to run it in the background): its approved command sleeps with
``python3 -c`` instead. 0.18.0-termux draws each tool call, its permission and its question
in a rounded box (``  │ Allow execution of: 'rm'?`` over ``  │ › 1. Yes, allow once``), each
answer after ``✦`` and the one status row ``  ? for shortcuts`` under its composer.

What it does not do: describe it (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re

from agents import QWENTERMUX_ASKS, QWENTERMUX_COMPOSER, QWENTERMUX_QUESTION, qwentermux_idle
from fakeapi import Text

from capture_agents.shared import register

SLEEP = "python3 -c 'import time; time.sleep(3)'"


def shell_input(command: str) -> dict[str, str]:
    """Its shell tool's input: the command (its leading ``sleep 3 &&`` as a Python sleep:
    it refuses ``sleep N &&``) and a description."""
    if command.startswith("sleep 3 && "):
        command = f"{SLEEP} && {command[len('sleep 3 && '):]}"
    return {"command": command, "description": "Run the command"}


# its words in the shared scenarios with its permission; refused by Esc: the turn stops,
# its composer back empty
DIALOG = {"asks": QWENTERMUX_ASKS, "tool_name": "run_shell_command", "tool_input": shell_input,
          "deny_key": "esc", "after_refusal": "idle", "back": qwentermux_idle,
          "refusal_reply": []}

# the composer holding the interrupted prompt, no spinner
INTERRUPTED = re.compile(r"(?m)^> think about it for a long time *\n─+ *\n"
                         r"  (?:➜ [^\n]*\n  ⏸ |\? for shortcuts)")


register("qwentermux", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission -> enter "
         "-> command runs 3 s -> the answer streamed -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="shell",
         streamed=True)


register("qwentermux", "command-deny",
         "permission for 'rm -rf build' -> esc -> the turn stops, its composer back",
         module=__name__, like="deny", **DIALOG)


register("qwentermux", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("qwentermux", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer streamed for ~8 s -> "
         "turn ends",
         module=__name__)


register("qwentermux", "negatives",
         "prompt holding typed 'Allow execution of: rm? › 1. Yes, allow once' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Qwen Code asked:\n\n"
                                     "    Allow execution of: 'rm'?\n\n"
                                     "    › 1. Yes, allow once\n"
                                     "      4. No, suggest changes (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow execution of: rm? › 1. Yes, allow once",
         typed_end="Yes, allow once")


register("qwentermux", "multiline",
         "three permissions in one turn: a two-row command (enter), a 184-character one "
         "wrapped (enter), a two-row one sharing the first's last row (esc: the turn stops)",
         module=__name__, **DIALOG)


register("qwentermux", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc "
         "-> the turn stops",
         module=__name__, **DIALOG)


register("qwentermux", "interrupt",
         "prompt -> the model silent -> esc -> the turn stops, the prompt back in its "
         "composer",
         module=__name__, working="spinner", interrupt_key="esc", interrupted=INTERRUPTED)


register("qwentermux", "question",
         "ask_user_question with two choices -> its question -> enter (the first) -> the "
         "model answers -> turn ends",
         module=__name__, question_tool="ask_user_question",
         question_input={"questions": [{
             "question": "Which color do you prefer?", "header": "Color", "multiSelect": False,
             "options": [{"label": "Red", "description": "A warm color"},
                         {"label": "Blue", "description": "A cool color"}]}]},
         question_asks=QWENTERMUX_QUESTION)


__all__ = ["QWENTERMUX_COMPOSER", "qwentermux_idle"]
