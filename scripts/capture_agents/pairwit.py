"""Pairwit's driver (PyPI ``pairwit``, the program ``pairwit``, a Textual full-screen TUI):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the key that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt and typed and quoted dialog text. No question: it has
no tool that asks the user.

Its screen: its mascot, ``Pairwit``, its version and ``The coding agent is online.`` at
the top of its transcript; each prompt in a framed well, the model's words under it, a
tool's well, the turn's tokens, time and cost under its answer; under the transcript its
composer ``> Ask Pairwit anything… (Ctrl+O to attach)`` over a row of shortcuts ending
``↵ send`` at rest and ``Esc cancel  ·  ↵ queue`` while a turn runs. A call of its
``bash`` tool asks first, a modal box titled ``APPROVAL REQUIRED`` over the middle of an
otherwise blank screen (``PAIRWIT  ·  SECURITY GATE``, ``Approve this action to
continue``, ``Run shell command  ·  bash`` or ``Run shell write  ·  bash``, the command,
what it may do, ``The agent is paused. Nothing runs until you decide.``, ``Enter Once · N
Deny · 2 Session · 3 Always``) over a list of four options, ``1  Once`` highlighted (a
61-line command fills the box: the hint and the options are below its bottom): Enter
approves; n refuses (``✗ Denied — Run shell command`` in the tool's well), the model is
told and answers in the same turn. Esc stops a turn only once the model's stream says
anything (while the model is silent it waits): the turn is rolled back, ``Turn
cancelled.`` under it and its prompt back in the composer. Its input is not focused at
start: Ctrl+L once. Its release 0.0.10 draws the same, besides a header row (its panes'
chips, ``Pairwit — gpt-4o · custom``, ``· 1s · Running · Esc cancel`` while a turn runs,
a clock), ``You`` and ``Pairwit`` over the wells, ``● ● ● ● ● thinking — working…`` for
the later ``● ● ● ● ● Thought briefly``, and more keys in its row of shortcuts, cut at
the screen's edge while a turn runs.

What it does not do: describe Pairwit (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import PAIRWIT_ASKS, PAIRWIT_WORKING, pairwit_idle
from fakeapi import Text

from capture_agents.core import LONG_ANSWER, Ctx, leave, scenario, start
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a modal box over a list of four
# options); refused by n: the model is told and answers
DIALOG = {"asks": PAIRWIT_ASKS, "tool_name": "bash", "deny_key": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("pairwit", "command-approve",
         "prompt -> its shortcuts' row 'Esc cancel · ↵ queue' while the model is silent -> "
         "its permission modal -> Enter on Once -> command runs 3 s -> slow streamed answer "
         "-> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("pairwit", "command-deny",
         "permission for 'rm -rf build' -> n -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("pairwit", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("pairwit", "stream",
         "prompt -> 4 s silent (its shortcuts' row 'Esc cancel · ↵ queue') -> slow streamed "
         "answer for ~8 s -> turn ends",
         module=__name__)


def _cancelled(s: str) -> bool:
    """Its turn cancelled: 'Turn cancelled.' under it, its shortcuts' row at rest (its
    prompt back in the composer)."""
    return "Turn cancelled." in s and PAIRWIT_WORKING.search(s) is None and "↵ send" in s


@scenario(
    "pairwit",
    "interrupt",
    "prompt -> a slow streamed answer -> esc mid-stream -> the turn rolled back, 'Turn "
    "cancelled.', its prompt back in the composer (Esc while the model is silent waits "
    "for the model's first words)",
    lambda sb, api: [Text(LONG_ANSWER * 6, pause=2.0, chunk_delay=0.15, chunk_size=6)],
)
def pairwit_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("describe the project at length")
    c.request(0)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--streaming-before-interrupt")
    c.key("esc")
    c.wait(_cancelled, 20, settle=c.about.end_settle)
    c.mark("idle")
    c.shot("idle--interrupted")
    leave(c)


register("pairwit", "negatives",
         "input holding typed 'APPROVAL REQUIRED Enter Once · N Deny · 2 Session · 3 "
         "Always' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Pairwit asked:\n\n"
                                     "    APPROVAL REQUIRED\n"
                                     "    Run shell command  ·  bash\n"
                                     "    rm -rf build\n"
                                     "    Enter Once · N Deny · 2 Session · 3 Always\n"
                                     "    1  Once      Run this bash once, ask again next time\n"
                                     "    N  Deny      Block this call\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="APPROVAL REQUIRED Enter Once · N Deny · 2 Session · 3 Always",
         typed_end="2 Session · 3 Always")


register("pairwit", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (n) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG)


register("pairwit", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (the "
         "command cut to 240 characters) -> n -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["pairwit_idle"]
