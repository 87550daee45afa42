"""Codex's driver: an exec tool call and its scenarios (exec approved: the shared table's
``approve``; rejected, interrupt, apply_patch, a plan question, folder trust, negatives,
multi-row commands).

What it does not do: read Codex's own OSC 7501 reports (index lists them from the
captures) or describe Codex (its composer, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import re
import time
from typing import Any

from agents import CODEX_HINT
from fakeapi import Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    git_init,
    leave,
    multiline_dialogs,
    scenario,
    start,
    turn_end,
    work_ends,
)
from capture_agents.shared import register


def codex_exec(cmd: str, why: str, **kw: Any) -> ToolUse:
    """An exec_command call that asks for approval (escalated out of the sandbox)."""
    return ToolUse(
        "exec_command",
        {"cmd": cmd, "sandbox_permissions": "require_escalated", "justification": why},
        **kw,
    )


register("codex", "exec-approve",
         "prompt -> silent 'Working' spinner -> exec approval dialog -> approved (y) -> command runs 3 s -> "
         "slow streamed answer -> turn ends",
         module=__name__, like="approve",
         model=lambda sb, api: [
             codex_exec("sleep 3 && mkdir -p out && echo hi > out/x.txt", "Create the output directory?",
                        text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
         ],
         prompt="make the output directory", silence=2.5, working="spinner",
         asks="Would you like to run the following command?", tool="exec", running=1.5,
         streaming=1.5)


@scenario(
    "codex",
    "exec-reject",
    "exec approval dialog -> Esc (no, tell Codex what to do differently) -> prompt back",
    lambda sb, api: [
        codex_exec("rm -rf build", "Remove the build directory?"),
        Text("Understood."),
    ],
)
def codex_exec_reject(c: Ctx) -> None:
    start(c)
    c.submit("clean the build")
    dialog(c, "Would you like to run the following command?")
    c.shot("blocked-permission--exec-rm")
    c.key("esc")
    c.wait(lambda s: "Would you like to run" not in s and "esc to interrupt" not in s and CODEX_HINT in s,
           15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-permission-rejected")
    leave(c)


@scenario(
    "codex",
    "interrupt",
    "prompt -> model never answers ('Working' for 6 s) -> Esc -> conversation interrupted, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def codex_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait("esc to interrupt", 20, settle=0)
    time.sleep(6)
    c.shot("working--spinner-long")
    c.key("esc")
    c.wait(lambda s: "esc to interrupt" not in s and CODEX_HINT in s, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-interrupt")
    leave(c)


@scenario(
    "codex",
    "apply-patch",
    "exec_command running apply_patch -> edit approval dialog -> approved -> turn ends",
    lambda sb, api: [
        ToolUse(
            "exec_command",
            {"cmd": "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: hello.txt\n+hello\n+world\n*** End Patch\nEOF\n"},
        ),
        Text("Added hello.txt."),
    ],
)
def codex_apply_patch(c: Ctx) -> None:
    start(c)
    c.submit("add hello.txt")
    dialog(c, re.compile(r"Would you like to (make the following edits|run the following command)\?"))
    c.shot("blocked-permission--apply-patch")
    c.key("enter", mark="working")
    turn_end(c)
    leave(c)


@scenario(
    "codex",
    "plan-question",
    "shift+tab into Plan mode -> request_user_input question -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse(
            "request_user_input",
            {
                "questions": [
                    {
                        "id": "color",
                        "header": "Color",
                        "question": "Which color do you prefer?",
                        "options": [
                            {"label": "Red (Recommended)", "description": "A warm color."},
                            {"label": "Blue", "description": "A cool color."},
                        ],
                    }
                ]
            },
        ),
        Text("You chose red."),
    ],
)
def codex_plan_question(c: Ctx) -> None:
    start(c)
    c.key("shift+tab")
    c.wait("Plan mode", 10, settle=0.5)
    c.shot("idle--mode-plan")
    c.submit("ask me a question")
    dialog(c, "Which color do you prefer?", label="blocked:question")
    c.shot("blocked-question--request-user-input")
    c.key("enter", mark="working")
    try:
        turn_end(c, timeout=20)
    except AssertionError:
        # A single question may need a second Enter to submit all answers.
        c.key("enter")
        turn_end(c)
    leave(c)


@scenario(
    "codex",
    "trust-dir",
    "work dir (a git repository) not trusted -> 'Trust this folder?' screen at start -> "
    "accepted -> idle",
    lambda sb, api: [],
    trust=False,
    setup=lambda sb: git_init(sb.work),
)
def codex_trust(c: Ctx) -> None:
    c.wait(re.compile(r"(?i)trust the contents|Trust this folder\?"), 40, settle=0.5)
    c.mark("blocked:permission")
    c.shot("blocked-permission--trust-dir")
    c.key("enter")
    start(c)
    leave(c)


@scenario(
    "codex",
    "negatives",
    "idle composer holding typed '1. Yes, proceed (y)'; then an answer quoting an approval dialog",
    lambda sb, api: [
        Text(
            "The dialog said:\n\n    Would you like to run the following command?\n    › 1. Yes, proceed (y)\n"
            "    Press enter to confirm or esc to cancel\n\nNothing is waiting now."
        )
    ],
)
def codex_negatives(c: Ctx) -> None:
    start(c)
    c.run.type("1. Yes, proceed (y)")
    c.wait("1. Yes, proceed (y)", 10, settle=0.5)
    c.shot("idle--user-typed-1-yes")
    for _ in range(len("1. Yes, proceed (y)")):
        c.key("backspace")
    time.sleep(0.5)
    c.submit("what did the dialog say")
    turn_end(c)
    c.shot("done--quoted-would-you-like")
    leave(c)


CODEX_ASKS = "Would you like to run the following command?"


@scenario(
    "codex",
    "multiline",
    "three exec approval dialogs in one turn: a two-row command (approved), a 175-character one "
    "that wraps (approved), a two-row one sharing the first's first row (Esc: prompt back)",
    lambda sb, api: [
        codex_exec(MULTILINE_TWO_ROWS, "List, then make x1.txt?"),
        codex_exec(MULTILINE_WRAPPED, "Print a long line, then make long-1.txt?"),
        codex_exec(MULTILINE_REFUSED, "List, then make SECOND.txt?"),
        Text("Ran the first two."),
    ],
)
def codex_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: CODEX_ASKS in s)
    c.key("esc")
    c.wait(lambda s: CODEX_ASKS not in s and "esc to interrupt" not in s and CODEX_HINT in s, 15, settle=0.5)
    c.mark("idle")


@scenario(
    "codex",
    "background-terminal",
    "exec_command 'sleep 8 && touch late.txt' (approved) outlives its 1 s yield: a background "
    "terminal -> the turn ends while it runs (0.169 draws nothing for it; the process tree shows "
    "it) -> it ends (late.txt written) -> done",
    lambda sb, api: [
        ToolUse("exec_command", {"cmd": "sleep 8 && touch late.txt", "yield_time_ms": 1000,
                                 "sandbox_permissions": "require_escalated",
                                 "justification": "Run the slow job?"}),
        Text("The job runs in a background terminal."),
        Text("The job has finished."),
        Text("The job has finished."),
    ],
)
def codex_background_terminal(c: Ctx) -> None:
    start(c)
    c.submit("run the slow job in the background")
    dialog(c, "Would you like to run the following command?")
    c.key("enter", mark="working")
    turn_end(c, label="working")  # the turn ended; the terminal runs on
    time.sleep(1)
    c.shot("done--background-terminal-running")
    work_ends(c, "late.txt")
    time.sleep(2.5)
    c.shot("done--background-terminal-ended")
    leave(c)
