"""Qwen Code's driver: its composer and loading line, its UI strings in other languages
(``qwen_ui``), the labeller that reads its hooks while a run goes on (``qwen_truth``, set
by ``qwen_scenario``), the start (in the run's language), turn-end and dialog helpers, and
its scenarios (prompts sent with ``Ctx.ask``: the hooks label).

What it does not do: install the hook script or describe Qwen Code
(its command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Callable
from typing import Any

from agentrun import chat_with_tools_is_main, pins, qwen_notifies
from fakeapi import Text, ToolUse

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
    work_ends,
)

# Ground truth: Qwen Code's own hooks (qwen_command's hook script, with each hook's own
# timestamp). UserPromptSubmit with a prompt -> working (dated at its Enter); a
# Notification other than idle_prompt (permission_prompt: a confirmation is shown) ->
# blocked; Stop -> done. Qwen Code runs those two before it draws the dialog or the
# turn's end: their labels are dated when the screen shows them (TruthFollower's
# ``drawn``). Answering a dialog runs no hook (working at its first sign on screen; the
# tool's PreToolUse that follows lets a later Notification of the turn label its dialog),
# nor does an Esc that cancels a turn (the key press labels idle).
QWEN_PROMPT_HINT = "Type your message or @path/to/file"
QWEN_COMPOSER = re.compile(r"(?m)^> ")
# The loading line in any UI language: a braille spinner, a phrase, a timer in brackets
# ("⠸ ... (2s · esc to cancel)"; 0.12: "⠋ ... (Esc zum Abbrechen, 0s)").
QWEN_LOADING = re.compile(r"(?m)^\s*[\u2800-\u28ff] \S.*\((?:\d+\s*[hms][^)\n]*|[^()\n]{1,60},\s*(?:\d+\s*[hms]\s*)+)\)")
_QWEN_LOCALES: dict[tuple[str, str], dict[str, str]] = {}


def qwen_ui(c: Ctx, text: str) -> str:
    """``text`` (an English UI string, a key of Qwen Code's locales/en.js) as this run's
    Qwen Code shows it: translated from the installed release's locales/<lang>.js in a
    LANGUAGES run, else as it is."""
    if not c.lang:
        return text
    key = (c.version, c.lang)
    if key not in _QWEN_LOCALES:
        pkg = pins()["qwen"].exe.resolve().parent  # .../@qwen-code/qwen-code (cli.js's folder)
        src = pkg / "locales" / f"{c.lang}.js"
        out = subprocess.run(["node", "--input-type=module", "-e",
                              "const m = await import(process.argv[1]);"
                              "process.stdout.write(JSON.stringify(m.default))", src.as_uri()],
                             capture_output=True, text=True, check=True, timeout=30)
        _QWEN_LOCALES[key] = json.loads(out.stdout)
    return _QWEN_LOCALES[key].get(text, text)


def qwen_truth() -> Callable[[dict[str, Any]], str | None]:
    state = {"last": ""}

    def label(ev: dict[str, Any]) -> str | None:
        kind = ev.get("type")
        out: str | None = None
        if kind == "UserPromptSubmit" and ev.get("prompt"):
            out = "working"
        elif kind == "Notification" and ev.get("notification_type") not in (None, "idle_prompt"):
            question = "question" in str(ev.get("message", "")).lower() or ev.get("tool_name") == "ask_user_question"
            out = "blocked:question" if question else "blocked:permission"
        elif kind == "Stop":
            out = "done"
        elif kind == "PreToolUse" and state["last"].startswith("blocked"):
            state["last"] = ""  # an answered dialog's tool runs: the turn's next dialog is new
        if out is None or out == state["last"]:
            return None
        state["last"] = out
        return out

    return label


def qwen_scenario(name: str, description: str, steps: StepsFactory, **options: Any) -> Callable[[Body], Body]:
    return scenario("qwen", name, description, steps, truth=qwen_truth, is_main=chat_with_tools_is_main,
                    drawn=("blocked", "done"), **options)


def qwen_start(c: Ctx) -> str:
    """Wait for the composer placeholder and the footer under it (0.24: the mode hint
    "shift + tab", 0.12: "? for shortcuts"); label idle (no hook says the UI is ready)."""
    hint, footer = qwen_ui(c, QWEN_PROMPT_HINT), (qwen_ui(c, "(shift + tab to cycle)"), qwen_ui(c, "? for shortcuts"))
    text = c.wait(lambda s: hint in s and any(f in s for f in footer), 60, settle=1.0)
    c.mark("idle")
    return text


def qwen_turn_end(c: Ctx, since: int, timeout: float = 40.0) -> str:
    """Wait for the Stop hook, then for the idle prompt drawn; label done at that drawing
    (Qwen Code runs Stop before it draws the last of the answer)."""
    c.event("Stop", since, timeout)
    hint, steer = qwen_ui(c, QWEN_PROMPT_HINT), qwen_ui(c, "Enter to steer · Ctrl+Q to queue")
    text = c.wait(lambda s: QWEN_LOADING.search(s) is None and steer not in s and hint in s, 10, settle=0.5)
    c.mark_drawn()
    return text


def qwen_dialog(c: Ctx, since: int, drawn: Any) -> None:
    """Wait for a confirmation drawn (``drawn``: a screen condition); label it blocked
    when the screen shows it: announced by the Notification hook where the release runs
    one, from the screen alone where it does not (0.12)."""
    if qwen_notifies(c.version):
        c.event("Notification", since)
        c.wait(drawn, 10, settle=0.5)
        c.mark_drawn()
    else:
        c.wait(drawn, 30, settle=0.5)
        c.mark("blocked:permission")


def qwen_answer_dialog(c: Ctx, still: str) -> None:
    """Answer a confirmation with Enter; label working at the first sign of it on screen:
    the title's spinner, the dialog gone or the composer back (Qwen Code keeps the box
    drawn up to ~0.5 s after the key; 0.12 shows the waiting line as its loading phrase
    for a moment after the box is gone; no hook says when)."""
    still, hint = qwen_ui(c, still), qwen_ui(c, QWEN_PROMPT_HINT)
    c.key("enter")
    c.wait(lambda s: still not in s or hint in s or c.run.title.lstrip().startswith(("◐", "◓", "◑", "◒")),
           10, settle=0)
    c.mark("working")


@qwen_scenario(
    "shell-approve",
    "prompt -> silent spinner -> shell confirmation -> allowed once -> command runs 3 s -> slow streamed "
    "answer -> turn ends",
    lambda sb, api: [
        ToolUse("run_shell_command", {"command": "mkdir -p out && python3 -c 'import time; time.sleep(3)' && touch out/x",
                                      "description": "Make the output directory"},
                text="I will create the directory.", gate="think"),
        Text(LONG_ANSWER, chunk_delay=0.1, chunk_size=12),
    ],
)
def qwen_shell_approve(c: Ctx) -> None:
    qwen_start(c)
    c.shot("idle--prompt")
    n = c.ask("make the output directory")
    c.request(0)
    c.wait(QWEN_LOADING, 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner")
    c.api.release("think")
    once = qwen_ui(c, "Yes, allow once")
    qwen_dialog(c, n, lambda s: once in s or "Allow once" in s)
    c.shot("blocked-permission--shell")
    qwen_answer_dialog(c, "Waiting for user confirmation...")
    time.sleep(1.5)
    c.shot("working--tool-running")
    c.request(1)
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    qwen_turn_end(c, n)
    c.shot("done--turn-ended")
    leave(c)


@qwen_scenario(
    "shell-reject",
    "shell confirmation -> Esc (cancel) -> the turn stops, prompt back",
    lambda sb, api: [
        ToolUse("run_shell_command", {"command": "rm -rf build", "description": "Remove the build directory"}),
        Text("Understood."),
    ],
)
def qwen_shell_reject(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("clean the build")
    qwen_dialog(c, n, re.compile(r"Allow once|Yes, allow once"))
    c.shot("blocked-permission--shell-rm")
    c.key("esc", mark="idle")
    c.wait(lambda s: "Allow once" not in s and QWEN_LOADING.search(s) is None and QWEN_PROMPT_HINT in s, 15, settle=0.5)
    c.shot("idle--after-permission-rejected")
    leave(c)


@qwen_scenario(
    "answer",
    "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
    lambda sb, api: [Text("Two plus two is four."), Text("Four times four is sixteen.", pause=1.0)],
)
def qwen_answer(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("what is two plus two")
    qwen_turn_end(c, n)
    c.shot("done--answer")
    time.sleep(1.0)
    n = c.ask("and four times four")
    qwen_turn_end(c, n)
    leave(c)


@qwen_scenario(
    "stream",
    "prompt -> 3 s silent spinner -> slow streamed answer for ~4 s -> turn ends (short: Qwen Code "
    "redraws ~180 KB/s while busy)",
    lambda sb, api: [Text(LONG_ANSWER * 2, pause=3.0, chunk_delay=0.1, chunk_size=12)],
)
def qwen_stream(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("summarize the project")
    c.request(0)
    c.wait(QWEN_LOADING, 20, settle=0)
    time.sleep(2.0)
    c.shot("working--silent")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(2.0)
    c.shot("working--streaming-long")
    qwen_turn_end(c, n, 60)
    c.shot("done--after-stream")
    leave(c)


@qwen_scenario(
    "interrupt",
    "prompt -> model never answers (5 s) -> Esc -> cancelled, prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def qwen_interrupt(c: Ctx) -> None:
    qwen_start(c)
    c.ask("think about it for a long time")
    c.request(0)
    c.wait(QWEN_LOADING, 20, settle=0)
    time.sleep(5)
    c.shot("working--spinner-long")
    c.key("esc", mark="idle")
    # Esc puts the prompt back into the composer (no placeholder then).
    c.wait(lambda s: QWEN_LOADING.search(s) is None and "Enter to steer" not in s and QWEN_COMPOSER.search(s) is not None,
           15, settle=0.5)
    # 0.12 runs its Stop hook for the cancelled turn too: not the end of a turn (the
    # prompt is back in the composer, the turn dropped); 0.24 runs none.
    assert c.truth is not None
    time.sleep(0.5)
    c.truth.poll()
    c.truth.pending[:] = [p for p in c.truth.pending if p[1] != "done"]
    c.shot("idle--interrupted")
    leave(c)


@qwen_scenario(
    "write-file",
    "write_file on a new file -> 'Apply this change?' confirmation -> allowed once -> turn ends",
    lambda sb, api: [
        ToolUse("write_file", {"file_path": str(sb.work / "hello.py"), "content": "print('hello')\n"}),
        Text("Created hello.py."),
    ],
)
def qwen_write(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("create hello.py")
    qwen_dialog(c, n, re.compile(r"Apply this change|Allow once"))
    c.shot("blocked-permission--write-file")
    qwen_answer_dialog(c, "Waiting for user confirmation...")
    qwen_turn_end(c, n)
    leave(c)


@qwen_scenario(
    "ask-user",
    "ask_user_question with two options -> question dialog -> first option chosen -> turn ends",
    lambda sb, api: [
        ToolUse("ask_user_question", {"questions": [{
            "question": "Which color do you prefer?", "header": "Color", "multiSelect": False,
            "options": [{"label": "Red", "description": "A warm color"},
                        {"label": "Blue", "description": "A cool color"}]}]}),
        Text("You chose red."),
    ],
)
def qwen_ask(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("ask me a question")
    c.wait("Which color do you prefer?", 20, settle=0.5)
    assert c.truth is not None
    c.truth.poll()
    if c.truth.pending:
        c.mark_drawn()
    else:  # no hook announces this dialog: the screen does
        c.mark("blocked:question")
    c.shot("blocked-question--ask-user")
    qwen_answer_dialog(c, "Waiting for user confirmation...")
    qwen_turn_end(c, n)
    leave(c)


@qwen_scenario(
    "negatives",
    "composer holding typed 'Allow execution of: rm? 1. Allow once' (not sent); then an answer quoting "
    "the confirmation",
    lambda sb, api: [
        Text("The dialog said:\n\n    Allow execution of: 'rm'?\n    ● 1. Allow once\n"
             "      2. Allow always\n      3. No, suggest changes (esc)\n\nNothing is waiting now.")
    ],
)
def qwen_negatives(c: Ctx) -> None:
    qwen_start(c)
    typed = "Allow execution of: rm? 1. Allow once"
    c.run.type(typed)
    c.wait("1. Allow once", 10, settle=0.5)
    c.shot("idle--user-typed-dialog")
    for _ in range(len(typed)):
        c.key("backspace")
    time.sleep(0.5)
    n = c.ask("what did the dialog say")
    qwen_turn_end(c, n)
    c.shot("done--quoted-dialog")
    leave(c)


@qwen_scenario(
    "web-fetch",
    "web_fetch of a URL -> 'Do you want to proceed?' confirmation -> allowed once (the fetch fails at the dead "
    "local proxy) -> turn ends",
    lambda sb, api: [
        ToolUse("web_fetch", {"url": "https://example.com/docs", "prompt": "Summarize the page"}),
        Text("The page could not be fetched."),
    ],
)
def qwen_web_fetch(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("read the docs page")
    qwen_dialog(c, n, "Waiting for user confirmation")
    c.shot("blocked-permission--web-fetch")
    qwen_answer_dialog(c, "Waiting for user confirmation...")
    qwen_turn_end(c, n)
    leave(c)


@qwen_scenario(
    "trust-folder",
    "folder trust on and the work dir untrusted -> trust dialog at start (no hook runs for it: labelled from "
    "the screen) -> trusted -> idle",
    lambda sb, api: [],
    settings={"security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": True}}},
)
def qwen_trust(c: Ctx) -> None:
    c.wait(lambda s: "Do you trust this folder" in s and "1. Trust folder" in s, 60, settle=0.8)
    c.mark("blocked:permission")
    c.shot("blocked-permission--trust-folder")
    # Trusted: the dialog stays drawn until Qwen Code says it restarts, then it
    # initializes again; working from that first sign on screen.
    c.key("enter")
    c.wait(lambda s: "Do you trust this folder" not in s or "restarting" in s, 15, settle=0)
    c.mark("working")
    qwen_start(c)
    leave(c)


@qwen_scenario(
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
def qwen_multiline(c: Ctx) -> None:
    qwen_start(c)
    n = c.ask("run the three commands")
    once = qwen_ui(c, "Yes, allow once")
    for k, mark in ((1, "x1.txt"), (2, "long-1.txt")):
        qwen_dialog(c, n, lambda s, mark=mark: (once in s or "Allow once" in s) and mark in s)
        assert c.truth is not None
        n = len(c.truth.events)
        c.shot(f"blocked-permission--multiline-{k}")
        qwen_answer_dialog(c, "Waiting for user confirmation...")
    qwen_dialog(c, n, lambda s: (once in s or "Allow once" in s) and "SECOND.txt" in s)
    c.shot("blocked-permission--multiline-3")
    c.key("esc", mark="idle")
    c.wait(lambda s: once not in s and QWEN_LOADING.search(s) is None and QWEN_PROMPT_HINT in s, 15, settle=0.5)


@scenario(
    "qwen",
    "background-shell",
    "run_shell_command with is_background 'sleep 8 && touch late.txt' (allowed once) -> the turn ends "
    "while it runs -> it ends (late.txt written) -> done (labels from the screen and the file: the Stop "
    "hook ends the turn, not the work)",
    lambda sb, api: [
        ToolUse("run_shell_command", {"command": "sleep 8 && touch late.txt", "description": "Finish a slow job",
                                      "is_background": True}),
        Text("The job runs in the background."),
        Text("The background job has finished."),
        Text("The background job has finished."),
    ],
    is_main=chat_with_tools_is_main,
)
def qwen_background_shell(c: Ctx) -> None:
    qwen_start(c)
    c.submit("run the slow job in the background")
    once = qwen_ui(c, "Yes, allow once")
    c.wait(lambda s: once in s or "Allow once" in s, 30, settle=0.5)
    c.mark("blocked:permission")
    qwen_answer_dialog(c, "Waiting for user confirmation...")
    hint = qwen_ui(c, QWEN_PROMPT_HINT)
    c.wait(lambda s: "runs in the background" in s and QWEN_LOADING.search(s) is None and hint in s, 30,
           settle=0.5)
    c.mark("working")  # the turn ended; the shell runs on
    time.sleep(1)
    c.shot("done--background-shell-running")
    work_ends(c, "late.txt")
    time.sleep(2.5)
    c.shot("done--background-shell-ended")
    leave(c)
