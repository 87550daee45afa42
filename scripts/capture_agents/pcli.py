"""pcli's driver (PyPI ``pcli-agent``, the program ``pcli``, a Textual full-screen TUI): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the keys that refuse it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt, typed and quoted dialog text and a question of its
``ask_user_question`` tool.

Its transcript of blocks each under a speaker's name (``█ You``, ``█ pcli``), a tool's call
as ``█ → run_shell`` over its command and, once done, ``▶ ✓ run_shell — 34 char(s)``
(``✗`` where refused); under them its status row (`` model: gpt-4o   cost: ...``, ``⠹
Working...`` before it while a turn runs) over its composer's rounded box, its placeholder
``Ask pcli... (/help for all commands — Enter to send, Ctrl+J for a newline)``. A call of
its ``run_shell`` tool asks first in a modal dialog over a blanked screen: ``Tool wants to
run: run_shell``, ``{'command': '<command>'}`` (the command's repr, its newlines ``\\n``),
``Executes an arbitrary shell command.``, then the buttons ``Allow Once``, ``Allow for
Session``, ``Allow Always`` and ``Deny``, none focused: Tab then Enter allows once,
Shift+Tab (the last button, Deny) then Enter refuses, the model is told and answers. Its
question is a modal too: the question, each option a button, then a focused input ``Or
type your own answer and press Enter...``; Tab twice reaches the first option. Esc in a
turn asks ``Press Esc again to cancel the current turn.``; a second Esc within 0.6 s stops it
(``Turn cancelled.``): its interrupt is its own scenario, the shared one's second key comes
later than that.

What it does not do: describe pcli (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import PCLI_ASKS, PCLI_QUESTION, pcli_busy, pcli_idle
from fakeapi import Text

from capture_agents.core import Ctx, leave, scenario, start, turn_end
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a modal dialog); refused by
# Shift+Tab (its last button, Deny, focused) and Enter: the model is told and answers
DIALOG = {"asks": PCLI_ASKS, "tool_name": "run_shell", "deny_keys": ("shift+tab",),
          "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("pcli", "command-approve",
         "prompt -> its status row 'Working...' while the model is silent -> its permission "
         "modal -> tab, enter ('Allow Once') -> command runs 3 s -> slow streamed answer -> "
         "turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("pcli", "command-deny",
         "permission for 'rm -rf build' -> shift+tab, enter ('Deny') -> the model is told "
         "and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("pcli", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("pcli", "stream",
         "prompt -> 4 s silent (its status row 'Working...') -> slow streamed answer for "
         "~8 s -> turn ends",
         module=__name__)


@scenario("pcli", "interrupt",
          "prompt -> model never answers (5 s silent) -> esc, esc 0.25 s later (its second "
          "Esc counts only within 0.6 s of the first, which shows 'Press Esc again to cancel "
          "the current turn.') -> 'Turn cancelled.', its composer back",
          lambda sb, api: [Text("never shown", gate="never")])
def pcli_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(pcli_busy, 20, settle=0)
    time.sleep(5)
    c.shot("working--thinking-long")
    c.key("esc")
    time.sleep(0.25)
    c.key("esc")
    turn_end(c, "Turn cancelled.", "idle", 15)
    c.shot("idle--interrupted")  # the prompt, no answer under it
    leave(c)


register("pcli", "negatives",
         "composer holding typed 'Tool wants to run: run_shell Allow Once Deny' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("pcli asked:\n\n"
                                     "    Tool wants to run: run_shell\n"
                                     "    {'command': 'rm -rf build'}\n"
                                     "    Executes an arbitrary shell command.\n"
                                     "    Allow Once   Allow for Session\n"
                                     "    Allow Always   Deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool wants to run: run_shell Allow Once Deny",
         typed_end="Allow Once Deny")


register("pcli", "multiline",
         "three permissions in one turn: a two-row command (tab, enter), a 175-character one "
         "wrapped (tab, enter), a two-row one sharing the first's first row (shift+tab, "
         "enter) -> the model answers -> turn ends",
         module=__name__, **DIALOG)


register("pcli", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (the "
         "arguments cut at 800 characters) -> shift+tab, enter -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("pcli", "question",
         "ask_user_question asks which color (a modal, each option a button) -> tab, tab "
         "(the first option, red), enter -> the model answers",
         module=__name__, tool_name="run_shell", question_tool="ask_user_question",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=PCLI_QUESTION, question_keys=("tab", "tab"))


__all__ = ["pcli_idle"]
