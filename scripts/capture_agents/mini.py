"""mini-SWE-agent's driver (PyPI ``mini-swe-agent`` 1.x, the program ``mini``, its Textual
UI in confirm mode): its scenarios (a command approved, a plain answer, a long silent
wait before a long answer, typed and quoted dialog text; from the shared table
(``shared``), given its words (its task sent by Esc+Enter, a reason typed to refuse, its
dialog's text) and its model's answers: a command refused, three multi-line or wrapped
commands, a 61-line one). It has no question tool and no key that interrupts a turn (only
quit), so it has no question or interrupt scenario.

Its model answers in text, each answer one ``bash`` block: the command it runs. Its first
task is asked inline ("What do you want to do?", Esc+Enter submits) before its Textual
screen comes up. Its permission dialog is its one input under the model's message ("Press
ENTER to confirm or provide rejection reason", an empty input box, the hints "Enter to
submit, Ctrl+T to switch to multi-line input"); Enter empty runs the command, a reason
typed first refuses it, and the model is asked again with the reason (its turn goes on).
A turn ends at the same input asking for a new task ("Agent wants to finish. Type a
comment to give it a new task or press enter to quit."): a second prompt is typed there.

What it does not do: describe mini-SWE-agent (its prompts, header and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

import time

from agentrun import MINI_FINISH
from agents import MINI_BUSY, MINI_QUESTION, mini_ended
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


def _run(command: str, thought: str = "I will run a command.", **timing: float) -> Text:
    """The model's answer that runs `command` (one bash block)."""
    return Text(f"THOUGHT: {thought}\n\n```bash\n{command}\n```", **timing)


def _finish(thought: str, **timing: float) -> Text:
    """The model's last answer of a turn: its finishing command (run without asking)."""
    return _run(MINI_FINISH, thought, **timing)


def _task(c: Ctx, prompt: str) -> None:
    """Type the first task at its inline prompt and submit it (Esc+Enter): working."""
    c.run.type(prompt)
    time.sleep(0.3)
    c.run.send(b"\x1b\r", mark="working")


def _asks(text: str) -> bool:
    return MINI_QUESTION in text


# its words in the shared scenarios with its dialog: the task sent by Esc+Enter; refused
# by a reason typed and Enter, the model asked again with the reason (its turn goes on)
DIALOG = {"submit_keys": b"\x1b\r", "deny_reason": "no, do not run that",
          "after_refusal": "answer"}


@scenario(
    "mini",
    "command-approve",
    "task -> header spinner while the model is silent -> approval of a bash block -> enter "
    "-> command runs 3 s -> the model finishes -> finish input (turn ends)",
    lambda sb, api: [
        _run("sleep 3 && mkdir -p out && echo hi > out/x.txt", "I will create the directory.",
             pause=2.5),
        _finish(LONG_ANSWER, pause=1.5),
    ],
)
def mini_command_approve(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt")
    _task(c, "make the output directory")
    c.wait(MINI_BUSY, 20, settle=0)
    time.sleep(1.0)
    c.shot("working--spinner")
    dialog(c, lambda s: _asks(s) and "mkdir -p out" in s)
    c.shot("blocked-permission--execute")
    c.approve()
    c.wait(lambda s: not _asks(s) and MINI_BUSY.search(s) is not None, 10, settle=0)
    time.sleep(1.0)
    c.shot("working--tool-running")
    turn_end(c, "Agent wants to finish")
    c.shot("done--turn-ended")
    leave(c)


register("mini", "command-deny",
         "approval of 'rm -rf build' -> a reason typed, enter -> refused, the model asked again "
         "-> it finishes -> finish input",
         module=__name__, like="deny", **DIALOG,
         asks=lambda s: _asks(s) and "rm -rf build" in s,
         model=lambda sb, api: [_run("rm -rf build", "I will clean the build."),
                                _finish("Understood, nothing was removed.", pause=1.0)])


@scenario(
    "mini",
    "answer",
    "task -> the model finishes at once -> finish input; a second task typed there -> the "
    "model finishes -> finish input",
    lambda sb, api: [_finish("The answer is 4.", pause=1.0),
                     _finish("The answer is 6.", pause=1.0)],
)
def mini_answer(c: Ctx) -> None:
    start(c)
    _task(c, "what is 2 + 2?")
    turn_end(c, "The answer is 4.")
    c.shot("done--answer")
    c.run.type("and 3 + 3?")
    time.sleep(0.3)
    c.key("enter", mark="working")
    turn_end(c, "The answer is 6.")
    c.shot("done--answer-2")
    leave(c)


@scenario(
    "mini",
    "stream",
    "task -> 4 s silent (header spinner) -> a long answer and its finish -> finish input",
    lambda sb, api: [_finish(LONG_ANSWER * 4, pause=4.0)],
)
def mini_stream(c: Ctx) -> None:
    start(c)
    _task(c, "tell me about the directory")
    c.request(0)
    c.wait(MINI_BUSY, 20, settle=0)
    time.sleep(2.0)
    c.shot("working--silent")
    turn_end(c, "Here is what I found.")
    c.shot("done--after-stream")
    leave(c)


TYPED = "Press ENTER to confirm or provide rejection reason"


@scenario(
    "mini",
    "negatives",
    "task prompt holding typed 'Press ENTER to confirm or provide rejection reason' sent as "
    "the task; the answer quotes the dialog",
    lambda sb, api: [_finish("mini-swe-agent asked:\n\n    Press ENTER to confirm or provide "
                             "rejection reason\n     Enter  to submit,  Ctrl+T  to switch to "
                             "multi-line input\n\nNothing is waiting now.", pause=1.0)],
)
def mini_negatives(c: Ctx) -> None:
    start(c)
    c.run.type(TYPED)
    c.wait(lambda s: TYPED in s, 10, settle=0.5)
    c.shot("idle--user-typed-dialog")
    time.sleep(0.3)
    c.run.send(b"\x1b\r", mark="working")
    turn_end(c, "Nothing is waiting now.")
    c.shot("done--quoted-dialog")
    leave(c)


register("mini", "multiline",
         "three approvals in one task: a two-row command (enter), a 175-character one that wraps "
         "(enter), a two-row one sharing the first's first row (refused with a reason) -> the "
         "model finishes -> finish input",
         module=__name__, **DIALOG, asks=MINI_QUESTION,
         multiline_shown=("touch x1.txt", "touch long-1.txt", "touch SECOND.txt"),
         model=lambda sb, api: [
             _run(MULTILINE_TWO_ROWS, pause=1.0),
             _run(MULTILINE_WRAPPED, pause=1.0),
             _run(MULTILINE_REFUSED, pause=1.0),
             _finish("Ran the first two.", pause=1.0),
         ])


# its input is below the command, scrolled off the screen: only its header says it waits
register("mini", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> refused with a reason -> the model finishes -> finish input",
         module=__name__, **DIALOG, refused_end="Nothing was made.",
         asks=lambda s: "AWAITING_INPUT" in s and "touch f00.txt" in s,
         model=lambda sb, api: [_run(LONG_COMMAND, "I will make sixty files."),
                                _finish("Nothing was made.", pause=1.0)])


__all__ = ["mini_ended"]
