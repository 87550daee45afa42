"""What a scenario is written with: Ctx (the running agent, the fake API, the sandbox, and
the screenshots, waits, labels and keys of a scenario), Spec and the ``scenario``
decorator that adds one to REGISTRY, the steps every agent takes as its description in
harness/agents.py says (``start``, ``turn_end``, ``leave``), and what several agents'
drivers share (``dialog``, ``LONG_ANSWER``, the ``MULTILINE_*`` commands, ``LONG_COMMAND``,
``git_init``, the default terminal size).

What it does not do: know any agent beyond its description, start one (runner) or order
the scenarios (scenarios).
"""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentrun import AgentRun, Sandbox, TruthFollower, screens_dir
from agents import AGENTS, Description, key_bytes
from fakeapi import FakeAPI, Step

REPO = Path(__file__).resolve().parents[2]
COLS, ROWS = 120, 40


@dataclass
class Ctx:
    """What a scenario function works with."""

    agent: str
    version: str
    name: str
    api: FakeAPI
    sb: Sandbox
    run: AgentRun
    shots: list[str] = field(default_factory=list)
    screens: bool = True
    truth: TruthFollower | None = None
    suffix: str = ""  # added to each screen's name (a size or language variant)
    lang: str = ""  # the agent's UI language in a LANGUAGES run ("": its default)

    @property
    def about(self) -> Description:
        """The agent's description (harness/agents.py)."""
        return AGENTS[self.agent]

    def shot(self, name: str) -> str:
        """Save the current screen as tests/screens/<agent>-<ver>/<name><suffix>.txt."""
        if not self.screens:
            return self.run.screen()
        name += self.suffix
        self.shots.append(name)
        return self.run.snapshot(screens_dir(self.agent, self.version) / name)

    def wait(self, cond: Any, timeout: float = 30.0, settle: float = 0.4) -> str:
        """Wait for a screen condition, then for the frame to settle."""
        return self.run.wait(cond, timeout, settle=settle)

    def mark(self, label: str) -> None:
        """Ground truth: the agent is in state ``label`` since the screen showed it.

        Dated at the output that satisfied the last wait (see AgentRun.mark).
        """
        self.run.mark(label, at_match=True)

    def mark_drawn(self) -> None:
        """Label the dialog the agent's own events announced, dated at the output that
        made the last wait true (the dialog drawn)."""
        assert self.truth is not None
        drawn = self.run.matched_at if self.run.matched_at is not None else time.monotonic()
        self.truth.mark_drawn(max(drawn, self.run.last_typed))

    def submit(self, prompt: str) -> None:
        """Type a prompt and press Enter (the turn starts: ``working``); first the key the
        agent's description asks for before a prompt, where it has one."""
        if self.about.prompt_key is not None:
            self.key(self.about.prompt_key)
            time.sleep(0.3)
        self.run.type(prompt)
        time.sleep(0.3)
        self.run.key("enter", mark="working")

    def send_line(self, text: str, mark: str = "working") -> None:
        """Answer a line prompt: type ``text`` and Enter (labelled ``mark``)."""
        self.run.type(text)
        time.sleep(0.2)
        self.run.key("enter", mark=mark)

    def ask(self, prompt: str) -> int:
        """Type a prompt and Enter without a label (the agent's own events give it: the
        truth follower); return how many of them came before it (:meth:`event` waits for
        later ones)."""
        assert self.truth is not None
        n = len(self.truth.events)
        self.run.type(prompt)
        time.sleep(0.3)
        self.key("enter")
        self.truth.submitted.append(self.run.last_typed)
        return n

    def seen(self) -> int:
        """How many of the agent's own events came so far (to wait for later ones)."""
        assert self.truth is not None
        return len(self.truth.events)

    def event(self, kind: str, since: int, timeout: float = 30.0) -> dict[str, Any]:
        """Wait for the agent's own event of type `kind`, one after the first `since`."""
        truth = self.truth
        assert truth is not None
        return truth.wait(lambda e: e.get("type") == kind and truth.events.index(e) >= since,
                          timeout)

    def approve(self) -> None:
        """Press the key that approves the agent's dialog (its description's, for the
        release run): working; where its approval takes a second step (its description's
        ``approve_then``), that step's prompt awaited and answered, then working."""
        about = self.about
        if about.approve_then is None:
            self.run.send(key_bytes(about.approve_key_now), mark="working")
            return
        # a second step (its description's approve_then): still the dialog until answered
        self.run.send(key_bytes(about.approve_key_now))
        shown, key = about.approve_then
        self.wait(shown, 15, settle=0.3)
        self.run.send(key_bytes(key), mark="working")

    def key(self, name: str, mark: str | None = None) -> None:
        """Press a named key."""
        self.run.key(name, mark=mark)

    def request(self, step: int, timeout: float = 30.0) -> None:
        """Wait until the fake API received the main request that takes ``step``."""
        self.api.wait_for("request", step=step, timeout=timeout)

    def answered(self, step: int, timeout: float = 30.0) -> None:
        """Wait until the answer of ``step`` was fully sent."""
        self.api.wait_for("response_end", step=step, timeout=timeout)


StepsFactory = Callable[[Sandbox, FakeAPI], list[Step]]
Body = Callable[[Ctx], None]


@dataclass
class Spec:
    """A registered scenario."""

    agent: str
    name: str
    description: str
    steps: StepsFactory
    body: Body
    options: dict[str, Any]


REGISTRY: list[Spec] = []


def scenario(
    agent: str, name: str, description: str, steps: StepsFactory, *, native: bool = False, **options: Any
) -> Callable[[Body], Body]:
    """Register a scenario function.

    ``native=True`` also registers ``<name>-7501``: the same run with the
    terminal answering the OSC 7501 probe (the agent's own reports are then in
    the capture), without rendered screens.
    """

    def deco(fn: Body) -> Body:
        REGISTRY.append(Spec(agent, name, description, steps, fn, options))
        if native:
            REGISTRY.append(
                Spec(agent, f"{name}-7501", f"{description} (7501 probe answered)", steps, fn,
                     dict(options, answer_7501=True, screens=False))
            )
        return fn

    return deco


def start(c: Ctx, started: Callable[[str], bool] | None = None) -> str:
    """Wait for the agent up and idle (`started`, else its description's), closing the
    notice it may draw over its composer first, and again `start_hold` later where its
    description has one, then pressing its `start_key` where it has one; label idle."""
    d = c.about
    ready = started or d.started
    if d.notice is not None:
        words, key = d.notice
        # (the notice may come a moment after the composer: a longer settle)
        first = c.wait(lambda s: words in s or ready(s), d.start_wait, settle=1.5)
        if words in first:
            c.key(key)
        text = c.wait(lambda s: words not in s and ready(s), 30, settle=d.start_settle)
    else:
        text = c.wait(ready, d.start_wait, settle=0 if d.start_hold else d.start_settle)
    if d.start_hold:
        time.sleep(d.start_hold)
        text = c.wait(ready, 30, settle=d.start_settle)
    if d.start_key is not None:
        c.key(d.start_key)
        time.sleep(0.3)
    c.mark("idle")
    return text


def turn_end(c: Ctx, text: str | None = None, label: str = "done", timeout: float = 40.0) -> str:
    """Wait for the agent back at its composer (with `text` of the final answer on screen,
    when given); label ``label``."""
    ended = c.about.ended
    screen = c.wait(lambda s: (text is None or text in s) and ended(s), timeout,
                    settle=c.about.end_settle)
    c.mark(label)
    return screen


def leave(c: Ctx) -> None:
    """Quit the agent as its description says (each try's keys, then its wait for the
    exit); one that outlives every try is closed by the runner. A try whose first key
    raises a question (``asks``) waits for it drawn, labels it ``blocked`` and answers it
    with its next key (``working`` until the exit)."""
    for attempt in c.about.leave:
        for n, key in enumerate(attempt.keys):
            if n == 1 and attempt.asks is not None:
                try:
                    c.wait(attempt.asks, attempt.wait, settle=0.3)
                except AssertionError:
                    break  # never asked: this try failed, the next one goes on
                c.mark("blocked")
                c.key(key, mark="working")
                continue
            if n:
                time.sleep(attempt.pause)
            c.key(key)
        try:
            c.run.wait_exit(attempt.wait)
            return
        except AssertionError:
            continue


def dialog(c: Ctx, text: str | re.Pattern[str] | Callable[[str], bool], label: str = "blocked:permission",
           timeout: float = 30.0) -> str:
    """Wait for a dialog whose text contains ``text`` (or matches it, or makes it true); label it."""
    screen = c.wait(text, timeout, settle=0.5)
    c.mark(label)
    return screen


def work_ends(c: Ctx, name: str, timeout: float = 40.0) -> None:
    """Wait until background work writes the file ``name`` in the work directory (its last
    step), and label ``done`` at that moment: the work is over (the agent may draw nothing)."""
    path = c.sb.work / name
    end = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > end:
            raise AssertionError(f"the background work never wrote {name}")
        time.sleep(0.005)
    assert c.run.capture is not None
    c.run.capture.mark("done", time.monotonic())


LONG_ANSWER = (
    "Here is what I found. The directory holds a single notes file and nothing else; "
    "the command finished without errors and printed the word finished. "
    "Nothing else needs to change, so I am stopping here. "
)

# The multiline scenarios' three commands, each asked for in one turn: two rows; one row
# that wraps at 120 columns (175 characters); two rows whose first is the first one's.
# Each writes a file (Claude Code asks for no read-only command): the third one's file
# is absent after a run, for that one is refused.
MULTILINE_TWO_ROWS = "ls -la\ntouch x1.txt"
MULTILINE_WRAPPED = "echo " + "A" * 150 + " && touch long-1.txt"
MULTILINE_REFUSED = "ls -la\ntouch SECOND.txt"

# The long-command scenarios' command: 61 lines, taller than the screen.
LONG_COMMAND = "\n".join([*(f"touch f{i:02d}.txt" for i in range(60)), "touch SECOND-LAST"])


def multiline_dialogs(c: Ctx, asks: Callable[[str], bool],
                      shown: tuple[str, str, str] = ("x1.txt", "long-1.txt", "SECOND.txt"),
                      submit: Callable[[str], None] | None = None) -> None:
    """The multiline scenario as an agent whose dialog `asks` shows takes it (its
    approve key answers): the prompt (sent by `submit`, else ``Ctx.submit``); the first
    two dialogs (told by the text `shown` of each: by default the file its command makes)
    labelled, shot and approved; the third labelled and shot, for the caller to refuse."""
    (submit or c.submit)("run the three commands")
    for n, made in ((1, shown[0]), (2, shown[1])):
        dialog(c, lambda s, made=made: asks(s) and made in s)
        c.shot(f"blocked-permission--multiline-{n}")
        c.approve()
        c.wait(lambda s: not asks(s), 10, settle=0)
    dialog(c, lambda s: asks(s) and shown[2] in s)
    c.shot("blocked-permission--multiline-3")


def git_init(path: Path) -> None:
    """Make ``path`` a git repository with one commit (no hooks, no network)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(path), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@localhost",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@localhost"}
    (path / "README.txt").write_text("test repository\n")
    for cmd in (["git", "init", "-q"], ["git", "add", "."], ["git", "commit", "-q", "-m", "init"]):
        subprocess.run(cmd, cwd=path, env=env, check=True)
