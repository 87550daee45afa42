"""The real agents of the end-to-end tests as one table: a profile per agent.

A profile (:class:`Agent`) is the agent's description (harness/agents.py: how to run the
pinned agent against the fake API, that it is up and idle, that its permission dialog is
drawn in full, which keys approve and leave, the waits it needs; :func:`profile` copies
them) with what the end-to-end scenarios add: how long to wait for its exit under `wrap`,
the pause before Enter. Its
:class:`Turn` and :class:`Answer` are what the two scenarios of
``tests/e2e/test_e2e_scenarios.py`` ask of it and expect to see; an agent left out of a
scenario says why (:class:`Without`). The scenarios' steps (:func:`ready`,
:func:`submit`, :func:`blocked`, :func:`approve`, :func:`turn_end`) are the per-agent
files' too.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import agentrun
import agents
from agents import (
    CLAUDE_PROMPT,
    CLINE_QUESTION,
    CODEX_APPROVAL,
    CODEX_HINT,
    COPILOT_APPROVAL,
    GEMINI_QUESTION,
    GROK_QUESTION,
    OPENCODE_BUSY,
    PROCEED,
    aider_at_prompt,
    aider_last_line,
    claude_ended,
    cline_idle,
    codex_ended,
    gemini_ended,
    grok_idle,
    opencode_composer,
    pi_editor_back,
    qwen_turn_over,
)
from e2e import (
    BOUND,
    CLEAN,
    WRITE_ONE,
    Pick,
    Run,
    Seen,
    answered,
    listed_dialog,
    main_request_with,
    wrapped,
    write_then_clean,
)
from fakeapi import Request, Step, Text, ToolUse, default_is_main

Screen = Callable[[str], bool]
Steps = Callable[[agentrun.Sandbox], list[Step]]
Command = Callable[[agentrun.Sandbox, str], tuple[list[str], dict[str, str]]]
#: a dialog's options as expected: one entry per option, ``label`` or ``label [key]``
#: when it shows a key (:func:`written`); an entry ending in "…" is a prefix (for a
#: label naming the sandbox's path)
Options = tuple[str, ...]


@dataclass(frozen=True)
class Without:
    """An agent left out of a scenario, and why."""

    reason: str


@dataclass(frozen=True)
class Turn:
    """The turn scenario: `prompt` makes the model run one command through the agent's
    shell tool (`steps`); its permission dialog is approved; the command writes `made`
    (a path under the work directory, its text); the turn ends as `ended` shows."""

    steps: Steps
    prompt: str
    made: tuple[str, str]
    ended: Screen
    #: what the blocked report's message holds (None: checked elsewhere, or nothing)
    msg: str | None = None
    #: how long the dialog may take to come (the model's silence before its tool call)
    drawn_wait: float = 30
    #: quiet time once blocked, before the reports so far are read and the dialog answered
    blocked_settle: float = 0.5
    #: the reports are exactly idle, working, blocked:permission, working, done, clear;
    #: otherwise the turn only ends done, never blocked again after the approval
    exact: bool = True


@dataclass(frozen=True)
class Answer:
    """The answer scenario: the model asks for one command, then ``rm -rf build``
    (`steps`); the first dialog is answered from outside by label (`by_label`: the agent
    runs it), the second by number (`by_number`: it refuses), and an answer naming the
    first once the second is on screen is refused, quoting `words` of the second. Both
    are listed with their `questions` and `options`, the first option selected (none, when
    `selection` is False: keys in brackets with no focus among them)."""

    steps: Steps
    by_label: Pick
    by_number: Pick
    questions: tuple[str, str]
    options: tuple[Options, Options]
    #: the agent back at its composer, the refused dialog gone
    back: Screen
    prompt: str = "write one, then clean the build"
    #: the second dialog, as listed (once it is drawn in full)
    second: Callable[[dict[str, Any]], bool] = lambda d: CLEAN in d["question"]
    words: str = CLEAN
    #: the first command's output goes back to the model (its next request carries it)
    output: bool = True
    #: the dialog shows which option is selected (the first, at first)
    selection: bool = True
    #: the second step of a refusal, once the second dialog is answered (Kilo's form that
    #: asks what to do instead)
    refusal: Callable[[Run], None] | None = None
    #: what the agent does between the two answers and the refusal being checked, when
    #: its second dialog is not the refusal (Aider's: a second turn)
    then: Callable[[Run, dict[str, Any]], None] | None = None


@dataclass(frozen=True)
class Agent:
    """One real agent: how to run it under `wrap` and read its screen (see the module)."""

    name: str
    #: agentrun's ``*_command``: writes the agent's config into the sandbox, returns argv, env
    command: Command
    #: up and idle: the empty composer drawn
    started: Screen
    #: the permission dialog drawn in full
    drawn: Screen
    turn: Turn | Without
    answer: Answer | Without
    is_main: Callable[[Request], bool] = default_is_main
    start_wait: float = 60
    #: quiet time after the start, before the prompt is typed (the first frames go on)
    start_settle: float = 0.5
    #: a notice the agent may draw over its composer at start (its text) and the key that
    #: closes it (Cline's offer of a subscription)
    notice: tuple[str, bytes] | None = None
    #: between the prompt typed and Enter
    type_pause: float = 0.4
    #: approves the dialog (its first option is the selected one)
    approve_key: bytes = b"\r"
    leave_keys: tuple[bytes, ...] = (b"\x03", b"\x03")
    leave_wait: float = 20

    @property
    def record(self) -> str:
        return f"e2e/{self.name}"

    def run(self, steps: Steps, **kwargs: Any) -> AbstractContextManager[Run]:
        """The agent under ``wrap --id e2e/NAME`` against the fake API playing `steps`."""
        return wrapped(self.name, steps, command=self.command, record=self.record,
                       is_main=self.is_main, **kwargs)


# --------------------------------------------------------------------------- the steps


def ready(run: Run, agent: Agent) -> None:
    """Wait for the agent to be up and idle, and for its first frames to settle (a notice
    drawn over the composer at start closed first)."""
    t = run.term
    if agent.notice is not None:
        words, key = agent.notice
        t.wait_screen(lambda s: words in s or agent.started(s), agent.start_wait)
        t.settle(agent.start_settle)
        if words in t.model.text():
            t.press(key)
    t.wait_screen(agent.started, agent.start_wait)
    t.settle(agent.start_settle)


def submit(run: Run, agent: Agent, prompt: str) -> tuple[int, float]:
    """Type `prompt` and Enter: working within the bound. Returns the output's offset
    before Enter (a mark for what follows) and when Enter was sent."""
    t = run.term
    t.type(prompt.encode())
    t.pump(agent.type_pause)
    mark = t.offset
    sent = t.press(b"\r")
    working = t.wait_state("working", 10, since=mark)
    run.note(f"{agent.name}: working after Enter: {(working.t - sent) * 1000:.0f} ms")
    assert working.t - sent <= BOUND
    return mark, sent


def blocked(run: Run, agent: Agent, since: int, wait: float = 30) -> Seen:
    """Wait for the permission dialog drawn in full and its blocked:permission report
    (after `since`), within the bound of each other; return the report."""
    t = run.term
    drawn = t.wait_screen(agent.drawn, wait)
    report = t.wait_state("blocked:permission", 10, since=since)
    latency = report.t - drawn
    run.note(f"{agent.name}: blocked after the dialog was drawn: {latency * 1000:.0f} ms"
             + (" (the report came first)" if latency < 0 else ""))
    assert latency <= BOUND
    return report


def approve(run: Run, agent: Agent) -> int:
    """Approve the dialog on screen: working within the bound. Returns the output's
    offset before the key."""
    t = run.term
    mark = t.offset
    sent = t.press(agent.approve_key)
    working = t.wait_state("working", 5, since=mark)
    run.note(f"{agent.name}: working after the approval: {(working.t - sent) * 1000:.0f} ms")
    assert working.t - sent <= BOUND
    return mark


def turn_end(run: Run, agent: Agent, ended: Screen, since: int) -> None:
    """Wait for the turn's end (`ended`) on screen and the done report (after `since`),
    within the bound of each other."""
    t = run.term
    drawn = t.wait_screen(ended, 40)
    done = t.wait_state("done", 10, since=since)
    latency = done.t - drawn
    run.note(f"{agent.name}: done after the turn's end was drawn: {latency * 1000:.0f} ms"
             + (" (the report came first)" if latency < 0 else ""))
    assert latency <= BOUND


def leave(run: Run, agent: Agent) -> None:
    """Quit the agent: it exits 0, and every report was its record's, the last clearing it."""
    run.term.leave(run.record, agent.leave_keys, agent.leave_wait)


def written(options: list[dict[str, Any]]) -> list[str]:
    """Options as listed, written as :data:`Options` entries are."""
    return [o["label"] + (f" [{o['key']}]" if o["key"] else "") for o in options]


def options_match(options: list[dict[str, Any]], expected: Options) -> bool:
    """The listed `options` are the `expected` ones (see :data:`Options`)."""
    got = written(options)
    return len(got) == len(expected) and all(
        g.startswith(e[:-1]) if e.endswith("…") else g == e
        for g, e in zip(got, expected, strict=True))


def made(run: Run, path: str) -> str:
    """The text of a file the agent wrote in its work directory."""
    return (Path(run.sb.work) / path).read_text()


def one_command(tool: str, args: dict[str, object], *, text: str = "I will create the directory.",
                pause: float = 1.0, end: str = "Created out/x.txt.",
                end_pause: float = 1.0) -> Steps:
    """The model's side of the turn scenario: a word and one call of the agent's shell
    tool `tool` with `args` after `pause` seconds, then a closing line."""
    def steps(_sb: agentrun.Sandbox) -> list[Step]:
        return [ToolUse(tool, args, text=text, pause=pause), Text(end, pause=end_pause)]
    return steps


#: the command of most turn scenarios: it takes a moment, so that the approval is
#: followed by a working phase longer than the emitter's coalescing window (100 ms)
MAKE_OUT = "sleep 2 && mkdir -p out && echo hi > out/x.txt"
MAKE_OUT_ARGS: dict[str, object] = {"command": MAKE_OUT,
                                    "description": "Create the output directory"}
OUT = ("out/x.txt", "hi\n")

# --------------------------------------------------------------------------- Claude Code

BASH_SLOW = "sleep 2 && echo finished > out.txt"


def claude_back(text: str) -> bool:
    return PROCEED not in text and CLAUDE_PROMPT.search(text) is not None


# The model takes a moment before each answer, as a real one does: a working phase
# shorter than the emitter's coalescing window (100 ms) is rightly never reported.
claude_bash = one_command("Bash", {"command": BASH_SLOW, "description": "Write the out file"},
                          text="I will run the command.",
                          end="The command finished and wrote out.txt.", end_pause=0.0)

# --------------------------------------------------------------------------- Codex


def codex_options(command: str) -> Options:
    return ("Yes, proceed [y]",
            f"Yes, and don't ask again for commands that start with `{command}` [p]",
            "No, and tell Codex what to do differently [esc]")


def codex_exec(cmd: str, why: str) -> dict[str, object]:
    """Codex's shell tool call, asking to run outside its sandbox (an approval)."""
    return {"cmd": cmd, "sandbox_permissions": "require_escalated", "justification": why}


def codex_write_then_clean(_sb: agentrun.Sandbox) -> list[Step]:
    """:func:`e2e.write_then_clean` in Codex's words (its tool takes ``cmd``)."""
    return [
        ToolUse("exec_command", codex_exec(WRITE_ONE, "Write one?"), pause=1.0),
        ToolUse("exec_command", codex_exec(CLEAN, "Remove the build directory?"), pause=1.0),
        Text("Understood, the build directory stays.", pause=1.0),
    ]


# --------------------------------------------------------------------------- Aider

#: Each command the model suggests outlives its output by a second: Aider reads a
#: command's output through pexpect's interact(), which can lose the output of a command
#: that exits at once on a busy machine (and then asks nothing more).
AIDER_SLEEP = "; sleep 1"


def aider_back(text: str) -> bool:
    last = aider_last_line(text)
    return (aider_at_prompt(text) and "Run shell command" not in last
            and "Add command output" not in last)


def aider_write_then_clean(_sb: agentrun.Sandbox) -> list[Step]:
    """:func:`e2e.write_then_clean` as Aider's model says it: a shell block per turn."""
    return [Text(f"Write it with:\n\n```bash\n{WRITE_ONE}{AIDER_SLEEP}\n```\n", pause=1.0),
            Text(f"Clean it with:\n\n```bash\n{CLEAN}\n```\n", pause=1.0)]


def aider_cleans_in_a_second_turn(run: Run, one: dict[str, Any]) -> None:
    """Aider's second dialog asks to add the first command's output to the chat (answered
    "1": yes); ``rm -rf build`` comes in a second turn, whose first request carries that
    output, and is refused with "2" ("No")."""
    t = run.term
    t.wait_screen(aider_back, 30)
    t.settle(0.5)
    t.type(b"now clean the build")
    t.pump(0.4)
    t.press(b"\r")
    rm = listed_dialog(run, run.record, lambda d: CLEAN in d["question"], 60)
    assert rm["question"] == f"Run shell command? {CLEAN}" and rm["id"] != one["id"]
    assert main_request_with(run, "wrote-one").step == 1  # the output was added
    answered(run, rm, "2", 2)


# --------------------------------------------------------------------------- Gemini CLI

def gemini_idle(text: str) -> bool:
    return gemini_ended(text) and GEMINI_QUESTION not in text


# --------------------------------------------------------------------------- Copilot CLI

COPILOT_IDLE_FOOTER = re.compile(r"(?m)^ (?:← open sidebar · )?\w+ · [^\n]*·")
COPILOT_WORKING_FOOTER = re.compile(r"(?m)^\s*[○◎◉●]\s+\S[^\n]*\besc\b")
#: the model's silence before its tool call in the turn scenario: only Copilot's footer
#: says it is working then (the light used to go idle 1.5 s into such turns)
COPILOT_SILENT = 5.0
COPILOT_NO = "No, and tell Copilot what to do differently [esc]"


def copilot_idle(text: str) -> bool:
    """The pinned release's idle footer, no working line (a dialog has neither)."""
    return (COPILOT_IDLE_FOOTER.search(text) is not None
            and COPILOT_WORKING_FOOTER.search(text) is None)


# --------------------------------------------------------------------------- OpenCode

OPENCODE_TURN_DONE = re.compile(r"(?m)^\s*▣\s+\S.*·\s*\d[\d.]*\s*(?:ms|s|m)\s*$")


def opencode_turn_done(text: str) -> bool:
    return OPENCODE_TURN_DONE.search(text) is not None and OPENCODE_BUSY.search(text) is None


# --------------------------------------------------------------------------- Qwen Code

def qwen_options(program: str) -> Options:
    return ("Yes, allow once", f"Always allow run '{program} *' commands in this project",
            f"Always allow run '{program} *' commands for this user", "No, suggest changes [esc]")


# --------------------------------------------------------------------------- Kilo CLI

def kilo_confirm_reject(run: Run) -> None:
    """Kilo's reject is two steps: the form that asks what to do instead, sent empty with
    `answer` (its options are its keys: Enter confirms, Esc cancels; no selection)."""
    t = run.term
    t.wait_screen(lambda s: "Reject permission" in s and "enter confirm" in s, 15)
    form = listed_dialog(run, run.record, lambda d: [(o["label"], o["key"]) for o in d["options"]]
                         == [("confirm", "enter"), ("cancel", "esc")], 15)
    answered(run, form, "confirm", 1)


# --------------------------------------------------------------------------- Grok CLI

GROK_OPTIONS = ("Yes", "Yes, and don't ask again this session", "No", "No, with feedback")


# --------------------------------------------------------------------------- Cline

CLINE_KEYS = "[y] Approve"


def cline_commands(_sb: agentrun.Sandbox) -> list[Step]:
    """:func:`e2e.write_then_clean` in Cline's words (its tool takes a list of commands)."""
    return [
        ToolUse("run_commands", {"commands": [WRITE_ONE]}, pause=1.0),
        ToolUse("run_commands", {"commands": [CLEAN]}, pause=1.0),
        Text("Understood, the build directory stays.", pause=1.0),
    ]


# =========================================================================== the table


def profile(about: agents.Description, turn: Turn | Without, answer: Answer | Without,
            **extra: Any) -> Agent:
    """The e2e profile of the agent `about` describes: its command, screen, keys and
    waits as the description says (harness/agents.py), the scenarios' `turn` and
    `answer`, and `extra` fields of :class:`Agent` (what only the e2e run needs)."""
    notice = (about.notice[0], agents.key_bytes(about.notice[1])) if about.notice else None
    fields: dict[str, Any] = {
        "command": about.command, "is_main": about.is_main, "started": about.started,
        "drawn": about.drawn, "start_wait": about.start_wait,
        "start_settle": about.start_settle, "notice": notice,
        "approve_key": agents.key_bytes(about.approve_key),
        "leave_keys": tuple(agents.key_bytes(k) for k in about.leave[0].keys)}
    return Agent(about.name, turn=turn, answer=answer, **{**fields, **extra})


CLAUDE = profile(
    agents.CLAUDE,
    turn=Turn(claude_bash, "run the slow command", ("out.txt", "finished\n"), claude_ended,
              msg=BASH_SLOW, blocked_settle=0.3),
    answer=Answer(write_then_clean("Bash"), ("yes", 1), ("4", 4),
                  questions=(f"Bash: {WRITE_ONE}", f"Bash: {CLEAN}"),
                  options=(("Yes", "Yes, and always allow access to …",
                            "Yes, and switch to auto mode · auto mode handles these prompts "
                            "for you", "No"),) * 2,
                  back=claude_back),
)

CODEX = profile(
    agents.CODEX,
    # Codex reports blocked itself, without a msg: that the report still names the
    # command is test_e2e_codex.py's
    turn=Turn(one_command("exec_command", codex_exec(MAKE_OUT, "Create the output directory?")),
              "make the output directory", OUT, codex_ended),
    answer=Answer(codex_write_then_clean, ("yes, proceed", 1), ("3", 3),
                  questions=(f"$ {WRITE_ONE}", f"$ {CLEAN}"),
                  options=(codex_options(WRITE_ONE), codex_options(CLEAN)),
                  back=lambda s: CODEX_APPROVAL not in s and CODEX_HINT in s),
)

AIDER = profile(
    agents.AIDER,
    turn=Without("the command Aider runs asks twice (run it, then add its output to the "
                 "chat): test_e2e_aider.py::test_confirmations_block_and_answers_go_on"),
    answer=Answer(aider_write_then_clean, ("yes", 1), ("1", 1), prompt="write one",
                  questions=(f"Run shell command? {WRITE_ONE}{AIDER_SLEEP}",
                             "Add command output to the chat?"),
                  options=(("Yes [y]", "No [n]", "Don't ask again [d]"),) * 2,
                  second=lambda d: d["question"].startswith("Add command output"),
                  words="Add command output to the chat?",
                  output=False, then=aider_cleans_in_a_second_turn, back=aider_back),
    leave_wait=30,
)

GEMINI = profile(
    agents.GEMINI,
    turn=Turn(one_command("run_shell_command", MAKE_OUT_ARGS), "make the output directory",
              OUT, lambda s: "Created out/x.txt." in s and gemini_idle(s), msg=GEMINI_QUESTION),
    answer=Answer(write_then_clean("run_shell_command"), ("allow once", 1), ("3", 3),
                  questions=(f"{GEMINI_QUESTION} {WRITE_ONE}", f"{GEMINI_QUESTION} {CLEAN}"),
                  options=(("Allow once", "Allow for this session",
                            "No, suggest changes [esc]"),) * 2,
                  back=gemini_idle),
)

COPILOT = profile(
    agents.COPILOT, type_pause=0.5,
    # working all through a silent model (COPILOT_SILENT): no idle or done before the dialog
    turn=Turn(one_command("bash", {**MAKE_OUT_ARGS, "mode": "sync", "initial_wait": 30},
                          pause=COPILOT_SILENT, end_pause=0.5),
              "make the output directory", OUT,
              lambda s: "Created out/x.txt." in s and copilot_idle(s),
              msg="sleep 2 && mkdir -p out", drawn_wait=COPILOT_SILENT + 30),
    # (no "don't ask again" for a read-only command)
    answer=Answer(write_then_clean("bash", mode="sync", initial_wait=30), ("yes", 1), ("3", 3),
                  questions=(WRITE_ONE, CLEAN),
                  options=(("Yes", COPILOT_NO),
                           ("Yes", "Yes, and don't ask again for `rm` in this directory (…",
                            COPILOT_NO)),
                  back=lambda s: copilot_idle(s) and COPILOT_APPROVAL not in s),
)

PI = profile(
    agents.PI, command=functools.partial(agentrun.pi_command, gate=True),
    # Pi asks for no approval of its own: the harness extension asks before rm through
    # Pi's select UI (as its permission-gate example does)
    turn=Turn(one_command("bash", {"command": f"{CLEAN} && mkdir -p out && echo hi > out/x.txt"},
                          text="Cleaning up.", pause=3.0,
                          end="Removed build, created out/x.txt.", end_pause=0.5),
              "clean up and make the output", OUT,
              lambda s: "created out/x.txt." in s and pi_editor_back(s)),
    answer=Without("Pi's dialog is the harness's gate, a select wrap reads without options "
                   "(tests/corpus/test_dialogs.py): `answer` has nothing to choose"),
)

OPENCODE = profile(
    agents.OPENCODE,
    turn=Turn(one_command("bash", MAKE_OUT_ARGS), "make the output directory", OUT,
              opencode_turn_done, msg=MAKE_OUT, exact=False),
    # The focused button is only a colour: wrap reads it from the cells' background.
    answer=Answer(write_then_clean("bash"), ("allow once", 1), ("3", 3),
                  questions=(f"$ {WRITE_ONE}", f"$ {CLEAN}"),
                  options=(("Allow once", "Allow always", "Reject"),) * 2,
                  back=lambda s: opencode_composer(s) and "Permission required" not in s),
)

QWEN = profile(
    agents.QWEN,
    turn=Turn(one_command("run_shell_command",
                          {**MAKE_OUT_ARGS, "command": "mkdir -p out && echo hi > out/x.txt"}),
              "make the output directory", OUT,
              lambda s: "Created out/x.txt." in s and qwen_turn_over(s),
              msg="Allow execution of", exact=False),
    answer=Answer(write_then_clean("run_shell_command"), ("yes, allow once", 1), ("4", 4),
                  questions=(f"Allow execution of: 'echo'? {WRITE_ONE} (Write one)",
                             f"Allow execution of: 'rm'? {CLEAN} (Remove the build directory)"),
                  options=(qwen_options("echo"), qwen_options("rm")),
                  # the rm dialog, drawn to its last option
                  second=lambda d: (CLEAN in d["question"]
                                    and d["options"][-1]["label"].startswith("No")),
                  back=lambda s: qwen_turn_over(s) and "Allow execution of" not in s),
)

KILO = profile(
    agents.KILO,
    turn=Turn(one_command("bash", MAKE_OUT_ARGS), "make the output directory", OUT,
              opencode_turn_done, msg=MAKE_OUT, exact=False),
    # OpenCode's buttons: the focused one is only a colour
    answer=Answer(write_then_clean("bash"), ("allow once", 1), ("3", 3),
                  questions=(f"$ {WRITE_ONE}", f"$ {CLEAN}"),
                  options=(("Allow once", "Allow always", "Reject"),) * 2,
                  refusal=kilo_confirm_reject,
                  back=lambda s: (opencode_composer(s) and "Permission required" not in s
                                  and "Reject permission" not in s)),
    leave_keys=(b"\x03", b"\x03"),  # "ctrl+c again to exit"
)

GROK = profile(
    agents.GROK,
    turn=Turn(one_command("bash", {"command": MAKE_OUT}), "make the output directory", OUT,
              lambda s: "Created out/x.txt." in s and grok_idle(s), msg=GROK_QUESTION),
    # the selected option is a coloured row: ↑/↓ and Enter choose
    answer=Answer(write_then_clean("bash"), ("yes", 1), ("3", 3),
                  questions=(f"{GROK_QUESTION} {WRITE_ONE}", f"{GROK_QUESTION} {CLEAN}"),
                  options=(GROK_OPTIONS,) * 2,
                  back=grok_idle),
)

CLINE = profile(
    agents.CLINE,
    turn=Turn(one_command("run_commands", {"commands": [MAKE_OUT]}), "make the output directory",
              OUT, lambda s: "Created out/x.txt." in s and cline_idle(s), msg=CLINE_QUESTION),
    # its keys in brackets: "y" approves, "n" denies
    answer=Answer(cline_commands, ("approve", 1), ("2", 2),
                  questions=(f"{CLINE_QUESTION} {WRITE_ONE}", f"{CLINE_QUESTION} {CLEAN}"),
                  options=(("Approve [y]", "Deny [n]"),) * 2,
                  back=lambda s: cline_idle(s) and CLINE_KEYS not in s, selection=False),
)

AGENTS = (CLAUDE, CODEX, AIDER, GEMINI, COPILOT, PI, OPENCODE, QWEN, KILO, GROK, CLINE)
