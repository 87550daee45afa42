"""Kimi CLI's driver (PyPI ``kimi-cli``, the program ``kimi``, its prompt_toolkit shell):
its scenarios (a command refused, three multi-line or wrapped commands, a 61-line one, its
AskUserQuestion tool, an interrupt by Ctrl+C; from the shared table (``shared``): a
command approved, a plain answer, a long stream, typed and quoted dialog text).

Its permission dialog is a box over its composer ("╭─ approval ─", "Shell is requesting
approval to run command:", the command, four options ``→ [1] Approve once`` ...
``[4] Reject, tell the model what to do instead``, the hints "▲/▼ select  1/2/3/4 choose
↵ confirm"; refused here by its "[3] Reject", which ends the turn) under the tool's spinner line
("⠦ Using Shell (...)"), which goes on turning; its question tool draws the same box
("╭─ question ─", "? Which color do you prefer?", ``→ [1] Red``, ``[2] Blue``,
``[3] Other``) with no hints.

What it does not do: describe Kimi CLI (its composer, spinner, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

import time

from agents import KIMI_BUSY, KIMI_QUESTION, kimi_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    leave,
    multiline_dialogs,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."


def _deny(c: Ctx) -> None:
    """Select "[3] Reject" (down twice) and Enter: the turn stops there ("Rejected by
    user", the model is not asked again), its composer comes back (idle)."""
    for _ in range(2):
        c.key("down")
        time.sleep(0.3)
    time.sleep(0.2)
    c.key("enter", mark="idle")
    c.wait(kimi_idle, 15, settle=0.6)


register("kimi", "command-approve",
         "prompt -> spinner while the model is silent -> Shell approval -> enter ([1] Approve "
         "once) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse("Shell", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="spinner", asks=KIMI_QUESTION,
         tool="Shell", running=1.5, streaming=1.5, streamed=True)


@scenario(
    "kimi",
    "command-deny",
    "Shell approval -> [3] Reject (down x2, enter) -> the turn stops, composer back",
    lambda sb, api: [ToolUse("Shell", {"command": "rm -rf build"}), Text(REFUSED, pause=1.0)],
)
def kimi_command_deny(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, KIMI_QUESTION)
    c.shot("blocked-permission--bash-rm")
    _deny(c)
    c.shot("idle--after-deny")
    leave(c)


@scenario(
    "kimi",
    "question",
    "AskUserQuestion with two choices -> question box -> first choice (enter) -> the model "
    "answers -> turn ends",
    lambda sb, api: [ToolUse("AskUserQuestion", {"questions": [
                         {"question": "Which color do you prefer?",
                          "options": [{"label": "Red"}, {"label": "Blue"}]}]}),
                     Text("You chose red.", pause=1.0)],
)
def kimi_question(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, lambda s: "Which color do you prefer?" in s and "[2] Blue" in s,
           label="blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", mark="working")
    turn_end(c, "You chose red.")
    c.shot("done--after-question")
    leave(c)


register("kimi", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("kimi", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


@scenario(
    "kimi",
    "interrupt",
    "prompt -> model never answers (5 s of spinner) -> ctrl+c -> prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def kimi_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait(KIMI_BUSY, 20, settle=0)
    time.sleep(5)
    c.shot("working--spinner-long")
    c.key("ctrl+c")
    turn_end(c, None, "idle", 15)
    c.shot("idle--interrupted")
    leave(c)


register("kimi", "negatives",
         "composer holding typed 'Shell is requesting approval to run command: [1] Approve once "
         "[3] Reject (1/2/3/4 choose  ↵ confirm)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Kimi asked:\n\n    Shell is requesting approval to run "
                                     "command:\n\n    → [1] Approve once\n      [2] Approve for "
                                     "this session\n      [3] Reject\n\n"
                                     "    ▲/▼ select  1/2/3/4 choose  ↵ confirm\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Shell is requesting approval to run command: [1] Approve once [3] Reject "
               "(1/2/3/4 choose  ↵ confirm)",
         typed_end="confirm)")


@scenario(
    "kimi",
    "multiline",
    "three Shell approvals in one turn: a two-row command (enter), a 175-character one that "
    "wraps (enter), a two-row one sharing the first's first row ([3] Reject) -> the turn "
    "stops, composer back",
    lambda sb, api: [
        ToolUse("Shell", {"command": MULTILINE_TWO_ROWS}, pause=1.0),
        ToolUse("Shell", {"command": MULTILINE_WRAPPED}, pause=1.0),
        ToolUse("Shell", {"command": MULTILINE_REFUSED}, pause=1.0),
        Text("Ran the first two.", pause=1.0),
    ],
)
def kimi_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: KIMI_QUESTION in s)
    _deny(c)
    leave(c)


LONG_COMMAND = "\n".join([*(f"touch f{i:02d}.txt" for i in range(60)), "touch SECOND-LAST"])


@scenario(
    "kimi",
    "long-command",
    "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
    "approval -> [3] Reject -> the turn stops, composer back",
    lambda sb, api: [ToolUse("Shell", {"command": LONG_COMMAND}), Text(REFUSED, pause=1.0)],
)
def kimi_long_command(c: Ctx) -> None:
    start(c)
    c.submit("make sixty files")
    dialog(c, KIMI_QUESTION)
    c.shot("blocked-permission--long-command")
    _deny(c)
    leave(c)


__all__ = ["kimi_idle"]
