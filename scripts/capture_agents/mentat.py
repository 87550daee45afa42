"""Mentat's driver (PyPI ``mentat``, the program ``mentat``, a full-screen Textual app): its
scenarios, rows of the shared table (``shared``) given its words where its turns take the
shared steps (a plain answer, a long stream, an interrupt, typed and quoted dialog text, an
edit refused, a 61-line edit), and its own where they do not: an edit approved (the turn
ends there, the model is not asked again) and three edits in three turns (it asks once a
turn, under all of that turn's edits). It has no tools: the model writes its edits in the
text of its answer (``@@start`` ... ``@@end`` blocks), and it has no question tool.

Its transcript fills the screen's left side above its input box (a box drawn with
``▊▔▔``/``▁▁▎`` rows), its context (the tokens counted, the files included) on the right.
An answer is printed under ``Streaming...`` and ends with ``Speed: ... | Cost: ...``; its
edits are drawn as the files' rows between ``====`` rules, and it asks on the transcript's
last row: "Apply these changes? 'Y/n/i' or provide feedback.", answered in the input box (a
line: "y" or "n", then Enter; "Changes applied." or "No changes applied." follows). Ctrl+C
interrupts an answer; at its input box it quits.

Its pin is 1.0.18, its last working release: 1.0.19, the last, only prints that it is
deprecated and exits.

What it does not do: describe Mentat (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import json
import time

from agents import MENTAT_ASKS_TEXT, mentat_asks, mentat_idle
from fakeapi import Text

from capture_agents.core import (
    LONG_ANSWER,
    LONG_COMMAND,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register


def edit(path: str, code: str, intro: str = "I will write the file.") -> str:
    """An answer whose edit creates the file `path` holding `code`, in its block format."""
    head = json.dumps({"file": path, "action": "create-file"}, indent=4)
    return f"{intro}\n\n@@start\n{head}\n@@code\n{code}\n@@end\n"


# its words in the shared scenarios: its question as the transcript's last row; refused by
# typing "n", then Enter: "No changes applied." and its input box back
DIALOG = {"asks": MENTAT_ASKS_TEXT, "deny_reason": "n", "after_refusal": "idle",
          "back": mentat_idle}


@scenario("mentat", "edit-approve",
          "prompt -> silence while the model thinks -> slow streamed answer with an edit -> "
          "its question -> y, enter -> 'Changes applied.' -> turn ends",
          lambda sb, api: [Text(edit("out/x.txt", "hi", LONG_ANSWER), gate="think",
                                chunk_delay=0.12, chunk_size=8)])
def mentat_edit_approve(c: Ctx) -> None:
    """An edit approved: its question answered by a line, the turn ends at once."""
    start(c)
    c.shot("idle--prompt")
    c.submit("make the output directory")
    c.request(0)
    time.sleep(2.5)
    c.shot("working--thinking")
    c.api.release("think")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    dialog(c, mentat_asks)
    c.shot("blocked-permission--edit")
    c.approve()
    turn_end(c, "Changes applied.")
    c.shot("done--turn-ended")
    leave(c)


register("mentat", "edit-deny",
         "an edit writing clean.sh ('rm -rf build') -> its question -> n, enter -> 'No changes "
         "applied.', the input box back",
         module=__name__, like="deny", **DIALOG,
         model=lambda sb, api: [Text(edit("clean.sh", "rm -rf build", "I will clean the build."),
                                     pause=1.0)])


register("mentat", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("mentat", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


@scenario("mentat", "interrupt",
          "prompt -> slow streamed answer -> ctrl+c while it streams -> the answer stops, the "
          "input box back (ctrl+c before the answer's first words quits it)",
          lambda sb, api: [Text(LONG_ANSWER * 6, chunk_delay=0.15, chunk_size=6)])
def mentat_interrupt(c: Ctx) -> None:
    """An answer interrupted while it streams."""
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(4)
    c.shot("working--streaming-long")
    c.key("ctrl+c")
    turn_end(c, None, "idle", 15)
    c.shot("idle--interrupted")
    leave(c)


register("mentat", "negatives",
         "input box holding typed \"Apply these changes? 'Y/n/i' or provide feedback.\" sent "
         "as the prompt; the answer quotes the question",
         module=__name__,
         model=lambda sb, api: [Text("Mentat asked:\n\n    out/x.txt*\n    +hi\n\n"
                                     f"    {MENTAT_ASKS_TEXT}\n\nNothing is waiting now.",
                                     pause=1.0)],
         typed=MENTAT_ASKS_TEXT, typed_end="provide feedback.")


register("mentat", "long-command",
         "an edit writing a 61-line script (touch f00.txt ... touch SECOND-LAST), taller than "
         "the screen -> its question -> n, enter -> 'No changes applied.'",
         module=__name__, like="long-command", **DIALOG,
         model=lambda sb, api: [Text(edit("make.sh", LONG_COMMAND, "I will write the script."),
                                     pause=1.0)])


@scenario("mentat", "multiline",
          "three turns, each an edit writing a script: two rows (y), a 175-character row that "
          "wraps (y), two rows sharing the first's first row (n) -> 'No changes applied.'",
          lambda sb, api: [Text(edit(f"{name}.sh", code, "I will write the script."), pause=1.0)
                           for name, code in (("two", MULTILINE_TWO_ROWS),
                                              ("wrapped", MULTILINE_WRAPPED),
                                              ("second", MULTILINE_REFUSED))])
def mentat_multiline(c: Ctx) -> None:
    """The multiline scenario as Mentat takes it: one question a turn, so three prompts;
    the first two edits approved, the third refused."""
    start(c)
    for n, (prompt, shown) in enumerate((("write the first script", "touch x1.txt"),
                                         ("write the second script", "touch long-1.txt"),
                                         ("write the third script", "touch SECOND.txt")), 1):
        c.submit(prompt)
        dialog(c, lambda s, shown=shown: mentat_asks(s) and shown in s)
        c.shot(f"blocked-permission--multiline-{n}")
        if n < 3:
            c.approve()
            turn_end(c, "Changes applied.")
            time.sleep(1.0)
    c.run.type("n")
    time.sleep(0.2)
    c.key("enter", mark="idle")
    c.wait(mentat_idle, 15, settle=0.6)
    leave(c)


__all__ = ["mentat_idle"]
