"""Joshu's driver (PyPI ``joshu``, the program ``joshu``, a chat on the main screen with a
prompt_toolkit composer): its scenarios, rows of the shared table (``shared``) given its
words (its permission's pattern, the keys that refuse it, its shell tool's name, the
model's replies): a command approved, one refused, three multi-line or wrapped commands,
a 61-line one, a plain answer, a long stream, an interrupt and typed and quoted dialog
text. No question: it has no tool that asks the user.

Everything scrolls up the main screen: its banner box (``Welcome to Joshu  v0.3.0``, the
directory and the model), three tips, then its composer ``> `` (its placeholder ``Try
"explain this codebase" or "fix the failing test"``) between two rules over its toolbar
``  ? for shortcuts`` at the screen's bottom; each prompt stays printed after ``> ``.
While the model is asked, a spinner's row ``✦ Thinking… (0s · esc to interrupt)``; the
answer is drawn whole once complete (``● <answer>``), then a row of the turn's tokens
(``↑ 200 in · ↓ 5 out · 1 tool calls · gpt-4o``) and the composer again. A call of its
``run_shell_command`` tool asks first: a box (``Bash command``, the command, for ``rm -rf``
a warning row ``Warning: Sandbox mode: All destructive commands are blocked.``), then
prompt_toolkit's choice prompt ``Do you want to run this command?`` over ``❯  1. 1. Yes``
(and, without a warning, ``2. 2. Yes, and don't ask again for ... this session``) and
``N. N. No, and tell Joshu what to do differently (esc)``; Enter approves (``● Bash(<command>)``,
the spinner's row ``✦ Running <command>… (1s · esc to interrupt)`` while it runs, its
output after ``  ⎿  ``). Esc refuses, then asks the line ``  Tell Joshu what to do
differently (Enter to skip): `` (Enter skips it): ``  ⎿  Permission denied: The user
denied this tool call.``, the model is told and answers in the same turn. Esc stops a turn
only once the model's stream says anything (while the model is silent it waits: its key
listener's interrupt reaches the request only between the stream's chunks): ``Interrupted.
Send a follow-up, or /rewind to drop that request.``, its composer back, its spinner's row
left counting on over the composer's ``> `` row until it quits. Ctrl+C twice quits it (its
Ctrl+D does nothing).

What it does not do: describe Joshu (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re
import time

from agents import JOSHU_ASKS, joshu_busy, joshu_idle
from fakeapi import Text

from capture_agents.core import LONG_ANSWER, Ctx, leave, scenario, start
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (prompt_toolkit's choice prompt
# under the call's box); refused by Esc, then (a second on: prompt_toolkit waits half a
# second after an Esc for the rest of a sequence, and a key sent meanwhile is lost with the
# choice prompt) Enter on the line that asks what to do differently: the model is told and
# answers
DIALOG = {"asks": JOSHU_ASKS, "tool_name": "run_shell_command", "deny_keys": ("esc",),
          "deny_pause": 1.5, "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("joshu", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's box and its "
         "choice prompt -> Enter on '1. 1. Yes' -> command runs 3 s under its spinner's row "
         "-> the answer drawn whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         whole_answer=True)


register("joshu", "command-deny",
         "permission for 'rm -rf build' (its warning row in the box) -> esc, then Enter on "
         "the line that asks what to do differently -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG)


register("joshu", "answer",
         "prompt -> the answer drawn whole -> turn ends; a second prompt -> answer -> turn "
         "ends",
         module=__name__)


register("joshu", "stream",
         "prompt -> 4 s silent, then a slow stream for ~8 s, its spinner's row all along -> "
         "the answer drawn whole -> turn ends",
         module=__name__, whole_answer=True)


#: its composer's lower rule over its toolbar, last on the screen
_TOOLBAR = re.compile(r"(?m)^─{20,}\n  \? for shortcuts\b[^\n]*\s*\Z")


def _interrupted(s: str) -> bool:
    """Its turn stopped: 'Interrupted. Send a follow-up, or /rewind to drop that
    request.' under it, its composer back over its toolbar. Its spinner's row is not
    stopped: it goes on counting the seconds, drawn over the composer's '> ' row (the
    composer takes a prompt all the same), so its composer is not read whole here."""
    return "Interrupted. Send a follow-up" in s and _TOOLBAR.search(s) is not None


@scenario(
    "joshu",
    "interrupt",
    "prompt -> a slow stream (its spinner's row, the answer drawn only once whole) -> esc "
    "mid-stream -> 'Interrupted. Send a follow-up, or /rewind to drop that request.', its "
    "composer back, the spinner's row left counting over its '> ' row (esc while the model "
    "is silent waits for the model's first words)",
    lambda sb, api: [Text(LONG_ANSWER * 6, pause=2.0, chunk_delay=0.15, chunk_size=6)],
)
def joshu_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("describe the project at length")
    c.request(0)
    c.wait(joshu_busy, 20, settle=0)
    time.sleep(4.5)
    c.shot("working--streaming-before-interrupt")
    c.key("esc")
    c.wait(_interrupted, 20, settle=c.about.end_settle)
    c.mark("idle")
    c.shot("idle--interrupted")
    leave(c)


register("joshu", "negatives",
         "composer holding typed 'Do you want to run this command? 1. Yes 2. No (esc)' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Joshu asked:\n\n"
                                     "    Bash command\n"
                                     "    rm -rf build\n"
                                     "    Do you want to run this command?\n"
                                     "      ❯  1. 1. Yes\n"
                                     "         2. 2. No, and tell Joshu what to do "
                                     "differently (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Do you want to run this command? 1. Yes 2. No (esc)",
         typed_end="2. No (esc)")


register("joshu", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (esc, Enter) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG)


register("joshu", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc, "
         "Enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["joshu_idle"]
