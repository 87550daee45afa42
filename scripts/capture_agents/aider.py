"""Aider's driver: a git work dir and
its scenarios (streaming, a shell command, creating and adding files, architect mode,
negatives, interrupt, multi-row commands).

What it does not do: check ground truth (Aider has no events of its own: the labels come
from its prompts) or describe Aider (its prompt, command, keys and waits: harness/agents.py).
"""

from __future__ import annotations

import re
import time

from agentrun import Sandbox
from agents import aider_at_prompt
from fakeapi import Text

from capture_agents.core import (
    LONG_ANSWER,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    git_init,
    leave,
    scenario,
    start,
    turn_end,
)


def aider_git(sb: Sandbox) -> None:
    """A git repository with two tracked files for Aider to mention."""
    (sb.work / "app.py").write_text("def main():\n    print('app')\n")
    (sb.work / "util.py").write_text("def helper():\n    return 1\n")
    git_init(sb.work)


@scenario(
    "aider",
    "stream",
    "prompt -> 'Waiting for' spinner while the model is silent -> slow streamed answer -> prompt back",
    lambda sb, api: [Text(LONG_ANSWER * 2, gate="think", chunk_delay=0.12, chunk_size=8)],
)
def aider_stream(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt")
    c.submit("explain the project")
    c.request(0)
    c.wait("Waiting for", 20, settle=0)
    time.sleep(2.5)
    c.shot("working--spinner")
    c.api.release("think")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(1.5)
    c.shot("working--streaming")
    turn_end(c)
    c.shot("done--turn-ended")
    leave(c)


@scenario(
    "aider",
    "shell-command",
    "answer suggests a shell command -> 'Run shell command?' -> yes -> 'Add command output to the chat?' -> no",
    lambda sb, api: [Text("You can list the files with:\n\n```bash\nls -la\n```\n")],
)
def aider_shell(c: Ctx) -> None:
    start(c)
    c.submit("how do I list the files")
    dialog(c, "Run shell command?")
    c.shot("blocked-permission--run-shell-command")
    c.send_line("y")
    dialog(c, re.compile(r"Add (command )?output to the chat\?"), label="blocked:question")
    c.shot("blocked-question--add-output")
    c.send_line("n")
    c.wait(lambda s: aider_at_prompt(s), 20, settle=0.5)
    c.mark("done")
    leave(c)


@scenario(
    "aider",
    "create-file",
    "answer holds a SEARCH/REPLACE block for a new file -> 'Create new file?' -> yes -> edit applied",
    lambda sb, api: [
        Text("hello.py\n```python\n<<<<<<< SEARCH\n=======\nprint('hello')\n>>>>>>> REPLACE\n```\n")
    ],
)
def aider_create(c: Ctx) -> None:
    start(c)
    c.submit("write hello.py")
    dialog(c, "Create new file?")
    c.shot("blocked-permission--create-new-file")
    c.send_line("y")
    c.wait("Applied edit", 20, settle=0)
    turn_end(c)
    leave(c)


@scenario(
    "aider",
    "add-file",
    "git repo; answer mentions a tracked file not in the chat -> 'Add file to the chat?' -> no",
    lambda sb, api: [Text("The helper lives in util.py; add it to the chat and I will change it.")],
    git=True,
    setup=aider_git,
)
def aider_add_file(c: Ctx) -> None:
    start(c)
    c.submit("where is the helper")
    dialog(c, "Add file to the chat?", label="blocked:question")
    c.shot("blocked-question--add-file")
    c.send_line("n")
    turn_end(c)
    leave(c)


@scenario(
    "aider",
    "architect",
    "--architect: the architect's answer ends in 'Edit the files?' -> no -> prompt back",
    lambda sb, api: [Text("Change hello.py so that it prints a greeting; nothing else needs to change.")],
    args=["--architect", "--no-auto-accept-architect"],
)
def aider_architect(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt-architect")
    c.submit("plan a greeting")
    dialog(c, "Edit the files?", label="blocked:question")
    c.shot("blocked-question--edit-the-files")
    c.send_line("n")
    c.wait(lambda s: aider_at_prompt(s), 20, settle=0.5)
    c.mark("done")
    leave(c)


@scenario(
    "aider",
    "negatives",
    "idle prompt holding typed 'Run shell command? (Y)es/(N)o [Yes]:' (not sent); then an answer quoting it",
    lambda sb, api: [Text("Aider asked:\n\nRun shell command? (Y)es/(N)o/(D)on't ask again [Yes]:\n\nNothing waits now.")],
)
def aider_negatives(c: Ctx) -> None:
    start(c)
    typed = "Run shell command? (Y)es/(N)o [Yes]:"
    c.run.type(typed)
    c.wait(typed, 10, settle=0.5)
    c.shot("idle--user-typed-yes-no")
    for _ in range(len(typed)):
        c.key("backspace")
    time.sleep(0.5)
    c.submit("what did aider ask")
    turn_end(c)
    c.shot("done--quoted-yes-no")
    leave(c)


@scenario(
    "aider",
    "interrupt",
    "prompt -> model silent ('Waiting for' for 5 s) -> ctrl+c -> prompt back",
    lambda sb, api: [Text("never shown", gate="never")],
)
def aider_interrupt(c: Ctx) -> None:
    start(c)
    c.submit("think for a long time")
    c.request(0)
    c.wait("Waiting for", 20, settle=0)
    time.sleep(5)
    c.key("ctrl+c")
    c.wait(lambda s: "Waiting for" not in s.rstrip().rsplit("\n", 3)[-1]
           and aider_at_prompt(s), 15, settle=0.5)
    c.mark("idle")
    c.shot("idle--after-interrupt")
    leave(c)


def aider_asks(s: str, question: str, subject: str) -> bool:
    """``question`` on the last row (Aider's line prompt) and ``subject`` above it."""
    rows = s.rstrip().split("\n")
    return question in rows[-1] and subject in "\n".join(rows[:-1])


@scenario(
    "aider",
    "multiline",
    "answer holds three shell blocks: two rows -> 'Run shell commands?' -> yes (output not added); "
    "a 175-character row that wraps -> yes (output not added); two rows sharing the first's first "
    "row -> no -> prompt back",
    lambda sb, api: [
        Text(f"Run these:\n\n```bash\n{MULTILINE_TWO_ROWS}\n```\n\n```bash\n{MULTILINE_WRAPPED}\n```\n\n"
             f"```bash\n{MULTILINE_REFUSED}\n```\n")
    ],
)
def aider_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, (question, mark) in enumerate((("Run shell commands?", "x1.txt"),
                                          ("Run shell command?", "long-1.txt")), 1):
        dialog(c, lambda s, q=question, m=mark: aider_asks(s, q, m))
        c.shot(f"blocked-permission--multiline-{n}")
        c.send_line("y")
        dialog(c, lambda s, m=mark: aider_asks(s, "output to the chat?", m), label="blocked:question")
        c.send_line("n")
    dialog(c, lambda s: aider_asks(s, "Run shell commands?", "SECOND.txt"))
    c.shot("blocked-permission--multiline-3")
    c.send_line("n")
    c.wait(lambda s: aider_at_prompt(s), 20, settle=0.5)
    c.mark("done")
    leave(c)
