"""OpenCode's driver: the labeller that reads its event bus while a run goes on
(``opencode_truth``, set by ``opencode_scenario``), the wait for the bus's idle
(``opencode_idle``), and its scenarios (prompts sent with ``Ctx.ask``: the bus labels).

What it does not do: install the plugin that logs the bus or describe OpenCode
(its composer, busy footer, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from agentrun import chat_with_tools_is_main
from agents import OPENCODE_BUSY, OPENCODE_COMPOSER
from fakeapi import Dynamic, Request, Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Body,
    Ctx,
    StepsFactory,
    leave,
    scenario,
    start,
)


def opencode_truth() -> Callable[[dict[str, Any]], str | None]:
    # sessions busy now: a background subagent's session keeps the turn working after
    # the main session went idle, until it goes idle too
    state: dict[str, Any] = {"last": "", "stopped": False, "prompts": set(), "busy": set()}

    def label(ev: dict[str, Any]) -> str | None:
        kind = ev.get("type")
        props = ev.get("properties") or {}
        out: str | None = None
        info = props.get("info") or {}
        if kind == "message.updated" and info.get("role") == "user" and info.get("id") not in state["prompts"]:
            state["prompts"].add(info.get("id"))  # a prompt accepted: the turn starts
            out = "working"
        elif kind == "session.status":
            st = (props.get("status") or {}).get("type")
            sid = props.get("sessionID")
            if st == "busy":
                state.setdefault("main", sid)  # the first session to work is the user's
                state["busy"].add(sid)
            else:
                state["busy"].discard(sid)
            if st == "busy" and not state["last"].startswith("blocked"):
                out = "working"
            elif st == "idle" and state["busy"]:
                pass  # another session (a background subagent) still works
            elif st == "idle" and sid != state.setdefault("main", sid):
                pass  # a background subagent's end: OpenCode resumes the main session with it
            elif st == "idle" and state["last"] not in ("idle", "done"):  # it may say so twice
                out = "idle" if state["stopped"] else "done"
                state["stopped"] = False
        elif kind == "permission.asked":
            out = "blocked:permission"
        elif kind == "question.asked":
            out = "blocked:question"
        elif kind == "permission.replied":
            state["stopped"] = props.get("reply") == "reject"
            out = "working"
        elif kind == "question.replied":
            out = "working"
        elif kind == "question.rejected":
            state["stopped"] = True
            out = "working"
        elif kind == "session.error":
            state["stopped"] = True
        if out is None or out == state["last"]:
            return None
        state["last"] = out
        return out

    return label


def opencode_scenario(name: str, description: str, steps: StepsFactory, **options: Any) -> Callable[[Body], Body]:
    return scenario("opencode", name, description, steps, truth=opencode_truth, is_main=chat_with_tools_is_main,
                    **options)


def opencode_idle(c: Ctx, since: int, timeout: float = 40.0) -> str:
    """Wait for the session to go idle on the bus (an event after index ``since``) and the
    footer to drop its interrupt hint."""
    assert c.truth is not None
    truth = c.truth

    def went_idle(e: dict[str, Any]) -> bool:
        status = ((e.get("properties") or {}).get("status") or {}).get("type")
        return e.get("type") == "session.status" and status == "idle" and truth.events.index(e) >= since

    truth.wait(went_idle, timeout)
    return c.wait(lambda s: OPENCODE_BUSY.search(s) is None and OPENCODE_COMPOSER.search(s) is not None, 10, settle=0.5)


@opencode_scenario(
    "bash-approve",
    "prompt -> silent spinner -> bash permission dialog -> Allow once -> command runs 3 s -> slow streamed "
    "answer -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt",
                         "description": "Create the output directory"}, text="I will create the directory.",
                gate="think"),
        Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
    ],
)
def opencode_bash_approve(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt")
    n = c.ask("make the output directory")
    c.request(0)
    c.wait("esc interrupt", 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner")
    c.api.release("think")
    c.event("permission.asked", n)
    c.wait("Permission required", 10, settle=0.5)
    c.mark_drawn()
    c.shot("blocked-permission--bash")
    c.key("enter")
    c.wait(lambda s: "Permission required" not in s, 10, settle=0)
    time.sleep(1.5)
    c.shot("working--tool-running")
    c.request(1)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    opencode_idle(c, n)
    c.shot("done--turn-ended")
    leave(c)


@opencode_scenario(
    "bash-reject",
    "bash permission dialog -> Reject (right, right, enter) -> the turn stops, prompt back",
    lambda sb, api: [
        ToolUse("bash", {"command": "rm -rf build", "description": "Remove the build directory"}),
        Text("Understood."),
    ],
)
def opencode_bash_reject(c: Ctx) -> None:
    start(c)
    n = c.ask("clean the build")
    c.event("permission.asked", n)
    c.wait("Permission required", 10, settle=0.5)
    c.mark_drawn()
    c.shot("blocked-permission--bash-rm")
    c.key("right")
    time.sleep(0.2)
    c.key("right")
    time.sleep(0.3)
    c.shot("blocked-permission--reject-selected")
    n = c.seen()
    c.key("enter")
    time.sleep(1.0)
    screen = c.run.screen()
    if "Reject permission" in screen or "what to do differently" in screen:
        c.shot("blocked-permission--reject-form")
        c.key("enter")
    opencode_idle(c, n)
    c.shot("idle--after-permission-rejected")
    leave(c)


@opencode_scenario(
    "answer",
    "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
    lambda sb, api: [Text("Two plus two is four."), Text("Four times four is sixteen.", pause=1.0)],
)
def opencode_answer(c: Ctx) -> None:
    start(c)
    n = c.ask("what is two plus two")
    opencode_idle(c, n)
    c.shot("done--answer")
    time.sleep(1.0)
    n = c.ask("and four times four")
    opencode_idle(c, n)
    leave(c)


@opencode_scenario(
    "stream",
    "prompt -> 4 s silent (Knight-Rider bar) -> slow streamed answer for ~8 s -> turn ends",
    lambda sb, api: [Text(LONG_ANSWER * 3, pause=4.0, chunk_delay=0.1, chunk_size=6)],
)
def opencode_stream(c: Ctx) -> None:
    start(c)
    n = c.ask("summarize the project")
    c.request(0)
    c.wait("esc interrupt", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--silent")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--streaming-long")
    opencode_idle(c, n, 60)
    c.shot("done--after-stream")
    leave(c)


@opencode_scenario(
    "interrupt",
    "prompt -> model never answers (5 s) -> esc, esc again -> interrupted, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def opencode_interrupt(c: Ctx) -> None:
    start(c)
    c.ask("think about it for a long time")
    c.request(0)
    c.wait("esc interrupt", 20, settle=0)
    time.sleep(5)
    c.shot("working--spinner-long")
    n = c.seen()
    c.key("esc")
    time.sleep(0.4)
    c.shot("working--esc-again")
    c.key("esc")
    opencode_idle(c, n, 15)
    c.shot("idle--interrupted")
    leave(c)


@opencode_scenario(
    "edit",
    "write tool on a new file -> edit permission dialog ('→ Write') -> Allow once -> turn ends",
    lambda sb, api: [
        ToolUse("write", {"filePath": str(sb.work / "hello.py"), "content": "print('hello')\n"}),
        Text("Created hello.py."),
    ],
)
def opencode_edit(c: Ctx) -> None:
    start(c)
    n = c.ask("create hello.py")
    c.event("permission.asked", n)
    c.wait("Permission required", 10, settle=0.5)
    c.mark_drawn()
    c.shot("blocked-permission--write")
    c.key("enter")
    opencode_idle(c, n)
    leave(c)


@opencode_scenario(
    "question",
    "question tool with two options -> question dialog -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse("question", {"questions": [{
            "question": "Which color do you prefer?", "header": "Color",
            "options": [{"label": "Red", "description": "A warm color"},
                        {"label": "Blue", "description": "A cool color"}]}]}),
        Text("You chose red."),
    ],
    env={"OPENCODE_ENABLE_QUESTION_TOOL": "1"},
)
def opencode_question(c: Ctx) -> None:
    start(c)
    n = c.ask("ask me a question")
    c.event("question.asked", n)
    c.wait("Which color do you prefer?", 10, settle=0.5)
    c.mark_drawn()
    c.shot("blocked-question--question")
    c.key("enter")
    time.sleep(1.0)
    if "esc dismiss" in c.run.screen():  # still the dialog: a second Enter submits
        c.shot("blocked-question--confirm")
        c.key("enter")
    opencode_idle(c, n)
    leave(c)


@opencode_scenario(
    "negatives",
    "composer holding typed 'Permission required Allow once Allow always Reject' (not sent); then an "
    "answer quoting the dialog",
    lambda sb, api: [
        Text("The dialog said:\n\n    △ Permission required\n    $ rm -rf build\n"
             "    Allow once   Allow always   Reject      ⇆ select  enter confirm\n\nNothing is waiting now.")
    ],
)
def opencode_negatives(c: Ctx) -> None:
    start(c)
    typed = "△ Permission required  Allow once   Allow always   Reject  enter confirm"
    c.run.type(typed)
    c.wait("Allow always", 10, settle=0.5)
    c.shot("idle--user-typed-dialog")
    for _ in range(len(typed)):
        c.key("backspace")
    time.sleep(0.5)
    n = c.ask("what did the dialog say")
    opencode_idle(c, n)
    c.shot("done--quoted-dialog")
    leave(c)


@opencode_scenario(
    "allow-always",
    "bash permission dialog -> Allow always (right, enter) -> its confirmation step -> confirmed -> turn ends",
    lambda sb, api: [
        ToolUse("bash", {"command": "mkdir -p out && touch out/x", "description": "Make the output directory"}),
        Text("Made out/x."),
    ],
)
def opencode_allow_always(c: Ctx) -> None:
    start(c)
    n = c.ask("make the output directory")
    c.event("permission.asked", n)
    c.wait("Permission required", 10, settle=0.5)
    c.mark_drawn()
    c.key("right")
    time.sleep(0.3)
    c.key("enter")
    time.sleep(1.0)
    c.shot("blocked-permission--always-confirm")
    c.key("enter")
    opencode_idle(c, n)
    leave(c)


@opencode_scenario(
    "multiline",
    "three bash permission dialogs in one turn: a two-row command (Allow once), a 175-character one "
    "that wraps (Allow once), a two-row one sharing the first's first row (Reject: the turn stops)",
    lambda sb, api: [
        ToolUse("bash", {"command": MULTILINE_TWO_ROWS, "description": "List, then make x1.txt"}),
        ToolUse("bash", {"command": MULTILINE_WRAPPED, "description": "Print a long line, then make long-1.txt"}),
        ToolUse("bash", {"command": MULTILINE_REFUSED, "description": "List, then make SECOND.txt"}),
        Text("Ran the first two."),
    ],
)
def opencode_multiline(c: Ctx) -> None:
    start(c)
    n = c.ask("run the three commands")
    for k, mark in ((1, "x1.txt"), (2, "long-1.txt")):
        c.event("permission.asked", n)
        c.wait(lambda s, mark=mark: "Permission required" in s and mark in s, 10, settle=0.5)
        c.mark_drawn()
        c.shot(f"blocked-permission--multiline-{k}")
        n = c.seen()
        c.key("enter")
        c.wait(lambda s: "Permission required" not in s, 10, settle=0)
    c.event("permission.asked", n)
    c.wait(lambda s: "Permission required" in s and "SECOND.txt" in s, 10, settle=0.5)
    c.mark_drawn()
    c.shot("blocked-permission--multiline-3")
    c.key("right")
    time.sleep(0.2)
    c.key("right")
    time.sleep(0.3)
    n = c.seen()
    c.key("enter")
    time.sleep(1.0)
    screen = c.run.screen()
    if "Reject permission" in screen or "what to do differently" in screen:
        c.key("enter")
    opencode_idle(c, n)


BACKGROUND_PROMPT = "survey the files with a background agent"


def _background_agent(req: Request) -> Text | ToolUse:
    """The main session starts a background subagent (task with background: true), says so,
    and answers once told that it finished; the subagent answers 8 s late."""
    messages = (req.body or {}).get("messages", []) if isinstance(req.body, dict) else []
    first = next((m for m in messages if m.get("role") == "user"), {})
    if BACKGROUND_PROMPT not in json.dumps(first.get("content", "")):
        return Text("The directory is empty.", pause=8)  # the subagent
    replies = sum(1 for m in messages if m.get("role") == "assistant")
    if replies == 0:
        return ToolUse("task", {"description": "Survey the files", "prompt": "List what is in the directory.",
                                "subagent_type": "general", "background": True},
                       text="I will ask a helper agent in the background.")
    if replies == 1:
        return Text("The helper runs in the background.")
    return Text("The helper found an empty directory.")


@opencode_scenario(
    "background-agent",
    "OPENCODE_EXPERIMENTAL_BACKGROUND_SUBAGENTS=1: the model starts a subagent with task background=true -> "
    "the turn ends while it runs ('General Task (background)' spins above the prompt) -> it finishes -> done",
    lambda sb, api: [Dynamic(_background_agent)] * 8,
    env={"OPENCODE_EXPERIMENTAL_BACKGROUND_SUBAGENTS": "1"},
)
def opencode_background_agent(c: Ctx) -> None:
    start(c)
    n = c.ask(BACKGROUND_PROMPT)
    # the turn ends while the subagent runs (its session busy: the bus labels it working)
    c.wait(lambda s: "helper runs in the background" in s and OPENCODE_BUSY.search(s) is None
           and OPENCODE_COMPOSER.search(s) is not None, 30, settle=0.5)
    time.sleep(1)
    c.shot("done--background-agent-running")
    # it finishes; OpenCode tells the main session, whose turn answers: then done
    c.wait(lambda s: "helper found an empty directory" in s and OPENCODE_BUSY.search(s) is None
           and OPENCODE_COMPOSER.search(s) is not None, 30, settle=0.5)
    opencode_idle(c, n)
    c.shot("done--background-agent-ended")
    time.sleep(2)
    leave(c)
