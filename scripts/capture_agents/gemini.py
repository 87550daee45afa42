"""Gemini CLI's driver: its scenarios (shell: the shared table's ``approve``; write, web
fetch, ask-user, interrupt, a plain answer, streaming, folder trust, multi-row commands).

What it does not do: check ground truth (Gemini CLI has no events the harness can read)
or describe Gemini CLI (its composer, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import re
import time

from agents import GEMINI_HINT
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
    work_ends,
)
from capture_agents.shared import register

register("gemini", "shell-approve",
         "prompt -> silent 'Thinking...' spinner -> 'Allow execution of [Shell]?' -> allowed once -> command runs "
         "1.5 s -> streamed answer -> turn ends (short: Gemini redraws ~75 KB/s while busy)",
         module=__name__, like="approve",
         model=lambda sb, api: [
             ToolUse(
                 "run_shell_command",
                 {"command": "sleep 1.5 && mkdir -p out && touch out/x", "description": "Make the output directory"},
                 text="I will create the directory.",
                 gate="think",
             ),
             Text(LONG_ANSWER, chunk_delay=0.05, chunk_size=16),
         ],
         prompt="make the output directory", silence=1.5, working="spinner",
         asks="Allow execution of", tool="shell", running=0.6, streaming=0.3,
         answer_end="stopping here.")


@scenario(
    "gemini",
    "write-file",
    "write_file on a new file -> 'Apply this change?' style confirmation -> allowed once -> turn ends",
    lambda sb, api: [
        ToolUse("write_file", {"file_path": str(sb.work / "hello.py"), "content": "print('hello')\n"}),
        Text("Created hello.py."),
    ],
    native=True,
)
def gemini_write(c: Ctx) -> None:
    start(c)
    c.submit("create hello.py")
    dialog(c, re.compile(r"Apply this change\?|Allow execution|Allow once"))
    c.shot("blocked-permission--write-file")
    c.key("enter", mark="working")
    turn_end(c, "Created hello.py.")
    leave(c)


@scenario(
    "gemini",
    "web-fetch",
    "web_fetch of a URL -> fetch confirmation -> allowed once (the fetch fails at the dead local proxy) -> "
    "turn ends",
    lambda sb, api: [
        ToolUse("web_fetch", {"prompt": "Summarize https://example.com/docs"}),
        Text("The page could not be fetched."),
    ],
)
def gemini_web_fetch(c: Ctx) -> None:
    start(c)
    c.submit("read the docs page")
    dialog(c, re.compile(r"Do you want to proceed\?|Allow execution|Allow once"))
    c.shot("blocked-permission--web-fetch")
    c.key("enter", mark="working")
    turn_end(c, "could not be fetched")
    leave(c)


@scenario(
    "gemini",
    "ask-user",
    "ask_user with a choice question -> question dialog -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse(
            "ask_user",
            {
                "questions": [
                    {
                        "question": "Which color do you prefer?",
                        "header": "Color",
                        "type": "choice",
                        "options": [
                            {"label": "Red", "description": "A warm color"},
                            {"label": "Blue", "description": "A cool color"},
                        ],
                    }
                ]
            },
        ),
        Text("You chose red."),
    ],
    native=True,
)
def gemini_ask(c: Ctx) -> None:
    start(c)
    c.submit("ask me a question")
    dialog(c, "Which color do you prefer?", label="blocked:question")
    c.shot("blocked-question--ask-user")
    c.key("enter", mark="working")
    try:
        turn_end(c, "You chose red.", timeout=15)
    except AssertionError:
        c.key("enter")
        turn_end(c, "You chose red.")
    leave(c)


@scenario(
    "gemini",
    "interrupt",
    "prompt -> model never answers ('Thinking...' for 2.5 s) -> Esc -> cancelled, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
    native=True,
)
def gemini_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait("esc to cancel", 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner-long")
    c.key("esc")
    c.wait(lambda s: "esc to cancel" not in s and GEMINI_HINT in s, 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-interrupt")
    leave(c)


@scenario(
    "gemini",
    "answer",
    "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
    lambda sb, api: [Text("Two plus two is four."), Text("Four times four is sixteen.", pause=1.0)],
)
def gemini_answer(c: Ctx) -> None:
    start(c)
    c.submit("what is two plus two")
    turn_end(c, "Two plus two is four.")
    c.shot("done--answer")
    time.sleep(1.0)
    c.submit("and four times four")
    turn_end(c, "Four times four is sixteen.")
    leave(c)


@scenario(
    "gemini",
    "stream",
    "prompt -> 4 s silent 'Thinking...' -> slow streamed answer for ~8 s -> turn ends",
    lambda sb, api: [Text(LONG_ANSWER * 3, pause=4.0, chunk_delay=0.1, chunk_size=6)],
)
def gemini_stream(c: Ctx) -> None:
    start(c)
    c.submit("summarize the project")
    c.request(0)
    c.wait("esc to cancel", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--silent")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--streaming-long")
    turn_end(c, "stopping here.", timeout=60)
    c.shot("done--after-stream")
    leave(c)


@scenario(
    "gemini",
    "trust-folder",
    "folder trust on and the work dir untrusted -> trust dialog at start -> trusted -> idle",
    lambda sb, api: [],
    trust=False,
    native=True,
)
def gemini_trust(c: Ctx) -> None:
    # The dialog itself: its question and its first option (the sandbox's own path holds
    # "trust" and is on screen before the dialog).
    c.wait(lambda s: re.search(r"(?i)do you trust", s) is not None
           and re.search(r"(?m)^[\s│]*[●❯›]\s*1\.\s+\S", s) is not None, 60, settle=0.5)
    c.mark("blocked:permission")
    c.shot("blocked-permission--trust-folder")
    c.key("enter")
    start(c)
    leave(c)


GEMINI_ASKS = "Allow execution of"


@scenario(
    "gemini",
    "multiline",
    "three shell confirmations in one turn: a two-row command (allowed once), a 175-character one "
    "that wraps (allowed once), a two-row one sharing the first's first row (Esc: cancelled, prompt back)",
    lambda sb, api: [
        ToolUse("run_shell_command", {"command": MULTILINE_TWO_ROWS, "description": "List, then make x1.txt"}),
        ToolUse("run_shell_command", {"command": MULTILINE_WRAPPED,
                                      "description": "Print a long line, then make long-1.txt"}),
        ToolUse("run_shell_command", {"command": MULTILINE_REFUSED, "description": "List, then make SECOND.txt"}),
        Text("Ran the first two."),
    ],
)
def gemini_multiline(c: Ctx) -> None:
    start(c)
    multiline_dialogs(c, lambda s: GEMINI_ASKS in s)
    c.key("esc")
    c.wait(lambda s: GEMINI_ASKS not in s and "esc to cancel" not in s and GEMINI_HINT in s, 15, settle=0.5)
    c.mark("idle")


@scenario(
    "gemini",
    "background-shell",
    "run_shell_command with is_background 'sleep 8 && touch late.txt' (approved) -> the turn ends while "
    "it runs -> it ends (late.txt written) -> done",
    lambda sb, api: [
        ToolUse("run_shell_command", {"command": "sleep 8 && touch late.txt", "description": "Finish a slow job",
                                      "is_background": True}),
        Text("The job runs in the background."),
        Text("The background job has finished."),
        Text("The background job has finished."),
    ],
)
def gemini_background_shell(c: Ctx) -> None:
    start(c)
    c.submit("run the slow job in the background")
    dialog(c, "Allow execution of")
    c.key("enter", mark="working")
    turn_end(c, "runs in the background", label="working")  # the shell runs on
    time.sleep(1)
    c.shot("done--background-shell-running")
    work_ends(c, "late.txt")
    time.sleep(2.5)
    c.shot("done--background-shell-ended")
    leave(c)
