"""DoStuff's driver (PyPI ``dostuff``, the program ``dostuff``, a Textual full-screen TUI):
its scenarios, rows of the shared table (``shared``) given its words (its selector's
pattern, the keys that refuse it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt and typed and quoted dialog text. No question: it has
no tool that asks the user.

Its screen: a banner, the transcript (the user's line after ``>``, a tool call's row ``●
bash_command(command="...")``), a row ``Working... (ESC to cancel)  4s`` while a turn
runs, its input box (a rounded box) and a status row (the directory, the model, ``ask
mode``, the context used); ``✻ Worked for 6s · $0.0005 · done 5:06 PM`` after a turn. A
call of its ``bash_command`` tool whose command its list does not call read-only (``ls``,
``echo``... alone run unasked) asks first: the block ``⚠ Run shell command:`` with the
command under it in the transcript, and in the input box's place its selector, ``Do you
want to proceed?`` over ``❯ 1. Yes``, ``  2. Yes, and don't ask again this session for
...``, ``  3. No, and tell the model what to do differently`` and ``↑/↓ select · Enter
confirm · Esc deny and stop``; ``y`` approves; ``n`` swaps the selector for the input box
asking for a note, and an empty Enter refuses: the model is told and answers. Esc in a
turn cancels it: ``Cancelling...`` until the model's answer stops (while the model is
silent, until it answers), then ``Cancelled by user.`` and ``✻ Worked for 5s · done ...``
(``✻ Cancelled after 8s`` where nothing was streamed), its input box back.

What it does not do: describe DoStuff (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import DOSTUFF_ASKS, dostuff_idle
from fakeapi import Text

from capture_agents.core import LONG_ANSWER, Ctx, leave, scenario, start, turn_end
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its selector; refused by n (the input box asks for
# a note), then an empty Enter: the model is told and answers
DIALOG = {"asks": DOSTUFF_ASKS, "tool_name": "bash_command", "deny_keys": ("n",),
          "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("dostuff", "command-approve",
         "prompt -> 'Working... (ESC to cancel)' while the model is silent -> its selector -> "
         "y -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash_command",
         streamed=True)


register("dostuff", "command-deny",
         "selector for 'rm -rf build' -> n, enter (no note) -> the model answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("dostuff", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("dostuff", "stream",
         "prompt -> 4 s silent (its working row) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


@scenario(
    "dostuff",
    "interrupt",
    "prompt -> a slow streamed answer -> esc mid-stream ('Cancelling...') -> 'Cancelled by "
    "user.', its input box back (Esc while the model is silent stays 'Cancelling...' until the "
    "model's answer comes)",
    lambda sb, api: [Text(LONG_ANSWER * 6, pause=2.0, chunk_delay=0.15, chunk_size=6)],
)
def dostuff_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("describe the project at length")
    c.request(0)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--streaming-before-interrupt")
    c.key("esc")
    turn_end(c, "Cancelled by user.", "idle", 30)
    c.shot("idle--interrupted")
    leave(c)


register("dostuff", "negatives",
         "input box holding typed 'Do you want to proceed? 1. Yes 2. Yes, and don't ask again "
         "3. No' sent as the prompt; the answer quotes the selector",
         module=__name__,
         model=lambda sb, api: [Text("DoStuff asked:\n\n"
                                     "    Do you want to proceed?\n"
                                     "    ❯ 1. Yes\n"
                                     "      2. Yes, and don't ask again this session\n"
                                     "      3. No, and tell the model what to do differently\n"
                                     "    ↑/↓ select · Enter confirm · Esc deny and stop\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Do you want to proceed? 1. Yes 2. Yes, and don't ask again 3. No",
         typed_end="3. No")


register("dostuff", "multiline",
         "three selectors in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n, enter) -> the model answers -> "
         "turn ends",
         module=__name__, **DIALOG)


register("dostuff", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its selector -> n, enter "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["dostuff_idle"]
