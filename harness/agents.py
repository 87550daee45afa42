"""The real agents under test as one table: a :class:`Description` per agent.

A description says, for one pinned agent: where its pin is (``tests/agents/pins.txt``,
installed by ``scripts/install-agents``: :attr:`Description.pin`); how it runs offline in
a sandbox against the fake API (its ``agentrun.*_command``, which scenario options that
builder takes, which requests are its main ones, what to stop after a run); and how its
screen reads and which keys drive it: up and idle, back at its composer after a turn,
its permission dialog drawn in full, the key that approves, how to quit, the waits and
settle times each needs. The capture drivers (``scripts/capture_agents``: ``core.start``,
``core.turn_end``, ``core.leave``, ``runner.command_for``) and the end-to-end profiles
(``tests/e2e_agents.py``) are both built from it.

What it does not do: hold a scenario (the capture drivers' and the e2e scenarios' own),
run an agent (agentrun) or decide what wrap reports (the manifests in rules/).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import agentrun
from agentrun import AgentRun, Sandbox
from fakeapi import Request, default_is_main

Screen = Callable[[str], bool]
Command = Callable[..., tuple[list[str], dict[str, str]]]


@dataclass(frozen=True)
class Leave:
    """One try at quitting: `keys` (names of :attr:`agentrun.AgentRun.KEYS`) `pause`
    seconds apart, then up to `wait` seconds for the exit."""

    keys: tuple[str, ...]
    wait: float
    pause: float = 0.3
    #: a question the first key raises before the program exits (its screen drawn in
    #: full), which the next key answers: labelled ``blocked`` while drawn, ``working``
    #: from the answer to the exit (None: the keys quit without asking)
    asks: Screen | None = None


CTRL_C_TWICE = (Leave(("ctrl+c", "ctrl+c"), 10),)


@dataclass(frozen=True)
class Description:
    """One agent under test (see the module)."""

    name: str
    #: agentrun's ``*_command``: writes the agent's config into the sandbox, returns argv, env
    command: Command
    #: up and idle: the empty composer drawn
    started: Screen
    #: back at its composer after a turn (no spinner, no dialog waiting)
    ended: Screen
    #: its permission dialog drawn in full
    drawn: Screen
    #: the scenario options its command builder takes as keywords (``args``, ``trust``...)
    options: tuple[str, ...] = ("args",)
    #: the scenario's extra environment as this agent takes it (None: it takes none)
    env: Callable[[Mapping[str, str]], dict[str, str]] | None = None
    #: which of the fake API's requests are the agent's main conversation
    is_main: Callable[[Request], bool] = default_is_main
    #: what to stop once a run is over (a background process the agent leaves per HOME)
    cleanup: Callable[[Sandbox], None] | None = None
    start_wait: float = 60
    #: quiet time once started, before anything is typed (the first frames go on)
    start_settle: float = 0.5
    #: time to wait past the first started screen before reading it again (an agent that
    #: draws its composer before it is up and says so only later); 0: none
    start_hold: float = 0
    #: a notice the agent may draw over its composer at start (its text) and the key
    #: (a name of AgentRun.KEYS) that closes it
    notice: tuple[str, str] | None = None
    #: quiet time once the turn's end is drawn
    end_settle: float = 0.5
    #: its sign of work on screen (a spinner or busy line), where one is always drawn
    busy: Screen | re.Pattern[str] | None = None
    #: approves its dialog (its first option is the selected one): a key name or a letter
    approve_key: str = "enter"
    #: the key that approves the dialog of another release, by version, where that
    #: release's dialog takes another (a key name or a letter, as ``approve_key``)
    release_approve_keys: Mapping[str, str] = field(default_factory=dict)
    #: a second step of its approval, where the approve key only leads to another prompt:
    #: that prompt (a screen's condition) and the key that answers it; None: none
    approve_then: tuple[Screen, str] | None = None
    #: how to quit it, tried in order
    leave: tuple[Leave, ...] = field(default=CTRL_C_TWICE)
    #: the pause after each character typed into it (an agent that drops or misplaces
    #: keys typed faster)
    type_delay: float = 0.01
    #: a key pressed before a prompt is typed (an agent whose input row is not focused
    #: once a turn is over until a key asks for it); None: none
    prompt_key: str | None = None
    #: a key pressed once, when it is up and idle, before anything is typed (an agent whose
    #: composer is not focused at start, and whose key for it would take the focus away
    #: again later); None: none
    start_key: str | None = None

    @property
    def pin(self) -> agentrun.Pin:
        """Its pin (the release of ``$AGENTRUN_RELEASES`` when one is chosen)."""
        return agentrun.pins()[self.name]

    @property
    def approve_key_now(self) -> str:
        """The key that approves the dialog of the release run now (its pin's, or the
        release of ``$AGENTRUN_RELEASES`` when one is chosen)."""
        if not self.release_approve_keys:
            return self.approve_key
        return self.release_approve_keys.get(self.pin.version, self.approve_key)

    def run_command(self, sb: Sandbox, base_url: str,
                    options: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
        """argv and env for a scenario with `options` (those its builder takes; ``env``
        added as the agent takes it)."""
        argv, env = self.command(sb, base_url, **{k: options[k] for k in self.options if k in options})
        if self.env is not None:
            env.update(self.env(options.get("env") or {}))
        return argv, env


def key_bytes(name: str) -> bytes:
    """The bytes of a key name of AgentRun.KEYS, or of a letter as it is."""
    return AgentRun.KEYS.get(name) or name.encode()


# --------------------------------------------------------------------------- Claude Code

CLAUDE_PROMPT = re.compile(r"(?m)^❯ ?$")  # the empty composer
CLAUDE_TURN_END = re.compile(r"(?m)^[·✢✳✶✻✽*] \S+ for \d+[smh]")  # "✻ Cooked for 3s"
PROCEED = "Do you want to proceed?"


def claude_composer(text: str, mode: str = "manual mode on") -> bool:
    """The empty composer, in `mode` (shift+tab cycles manual, accept edits, plan)."""
    return mode in text and CLAUDE_PROMPT.search(text) is not None


def claude_drawn(text: str) -> bool:
    """A permission dialog, complete: the question, the options and the key footer."""
    return PROCEED in text and "1. Yes" in text and "Esc to cancel" in text


def claude_ended(text: str) -> bool:
    return CLAUDE_TURN_END.search(text) is not None and CLAUDE_PROMPT.search(text) is not None


# --------------------------------------------------------------------------- Codex

CODEX_HINT = "Ask Codex to do anything"  # the empty composer's placeholder
CODEX_APPROVAL = "Would you like to run the following command?"


def codex_drawn(text: str) -> bool:
    return (CODEX_APPROVAL in text and "1. Yes" in text
            and "esc" in text.lower().split(CODEX_APPROVAL)[-1])


def codex_ended(text: str) -> bool:
    return "Worked for" in text and CODEX_HINT in text and "esc to interrupt" not in text


# --------------------------------------------------------------------------- Aider

AIDER_PROMPT = re.compile(r"(?m)^(\w+)?> ?$")


def aider_last_line(text: str) -> str:
    return text.rstrip().rsplit("\n", 1)[-1]


def aider_at_prompt(text: str) -> bool:
    """Aider's input prompt is the last non-empty line."""
    return AIDER_PROMPT.search(aider_last_line(text) + "\n") is not None


def aider_drawn(text: str) -> bool:
    """A (Y)es/(N)o confirmation waiting for its answer on the last line."""
    return re.search(r"\?.*\[Yes\]: ?$", aider_last_line(text)) is not None


# --------------------------------------------------------------------------- Gemini CLI

GEMINI_HINT = "Type your message"  # the empty composer's placeholder
GEMINI_QUESTION = "Allow execution of [Shell]?"


def gemini_ended(text: str) -> bool:
    return GEMINI_HINT in text and "esc to cancel" not in text


def gemini_drawn(text: str) -> bool:
    return GEMINI_QUESTION in text and "1. Allow once" in text and "(esc)" in text


# --------------------------------------------------------------------------- Copilot CLI

COPILOT_WORKING = re.compile(r"(?m)^\s*[○◎◉●]\s+\S[^\n]*\besc\b")
COPILOT_APPROVAL = "Do you want to run this command?"


def copilot_footer_idle(text: str) -> bool:
    """The footer lists key hints or the mode with " · " between them, without a spinner
    ("← open sidebar · Interactive · Manual Approval · / commands ..." in 1.0.102,
    "← open sidebar · / commands · ? help · tab next tab" in 1.0.86), and nothing works. In
    a narrow window it wraps, and 1.0.92 shows the model on a line under it: it is one of
    the last three lines."""
    lines = [line for line in text.split("\n") if line.strip()]
    return (any(f.count(" · ") >= 2 and re.match(r"\s*[○◎◉●◐◑◒◓]\s", f) is None
                for f in lines[-3:])
            and COPILOT_WORKING.search(text) is None)


# --------------------------------------------------------------------------- Pi

PI_SPINNER = re.compile(r"(?m)^ [\u2800-\u28ff] \S")
PI_RULE = "─" * 40


def pi_idle(text: str) -> bool:
    """No spinner, and no select's key hints right above the editor's bottom rule."""
    lines = text.split("\n")
    rules = [i for i, line in enumerate(lines) if line.startswith(PI_RULE)]
    above = lines[rules[-1] - 1] if rules else ""
    return PI_SPINNER.search(text) is None and "enter select" not in above


def pi_editor_back(text: str) -> bool:
    """Idle with the editor drawn (two rows that start with its rule)."""
    rules = [line for line in text.split("\n") if line.startswith(PI_RULE)]
    return len(rules) >= 2 and pi_idle(text)


# --------------------------------------------------------------------------- OpenCode, Kilo

#: the composer's agent/model line ("Build · gpt-4o", "Code  · gpt-4o" in Kilo)
OPENCODE_COMPOSER = re.compile(r"(?m)^\s*┃\s+\S+\s+· \S+")
OPENCODE_BUSY = re.compile(r"esc (?:again to )?interrupt")  # the footer while a turn runs


def opencode_composer(text: str) -> bool:
    return OPENCODE_COMPOSER.search(text) is not None and OPENCODE_BUSY.search(text) is None


def opencode_drawn(text: str) -> bool:
    return "Permission required" in text and "enter confirm" in text


def kilo_env(env: Mapping[str, str]) -> dict[str, str]:
    """OpenCode's variables as Kilo names them (Kilo runs OpenCode's scenarios)."""
    return {k.replace("OPENCODE_", "KILO_", 1): v for k, v in env.items()}


# --------------------------------------------------------------------------- Qwen Code

QWEN_HINT = "Type your message"  # the empty composer's placeholder


def qwen_turn_over(text: str) -> bool:
    return QWEN_HINT in text and "esc to cancel" not in text


# --------------------------------------------------------------------------- Grok CLI

GROK_COMPOSER = re.compile(r"│\s*❯")  # the composer box's prompt line
GROK_QUESTION = "Do you want to proceed with this operation?"
#: "\ Decrypting... (3s · ↑ 793 tokens · esc to interrupt)"
GROK_SPINNER = re.compile(r"\(\d+s\b[^)]*esc to interrupt\)")


def grok_idle(text: str) -> bool:
    return (GROK_COMPOSER.search(text) is not None and GROK_QUESTION not in text
            and "esc to interrupt" not in text)


def grok_drawn(text: str) -> bool:
    return GROK_QUESTION in text and "4. No, with feedback" in text and "Esc cancel" in text


# --------------------------------------------------------------------------- Cline

CLINE_COMPOSER = re.compile(r"─{8,}[ \t]*\n[ \t]*❯ \S")  # a rule, the prompt glyph under it
CLINE_BUSY = re.compile(r"\(esc to cancel\)")  # "⠸ Thinking... (esc to cancel)"
CLINE_PROMO = "any other key to close"  # a notice over the composer at start
CLINE_QUESTION = "Approve tool call?"


def cline_idle(text: str) -> bool:
    return (CLINE_COMPOSER.search(text) is not None and CLINE_BUSY.search(text) is None
            and CLINE_PROMO not in text)


# --------------------------------------------------------------------------- Continue CLI

CONTINUE_HINT = "Ask anything, @ for context"  # the empty composer's placeholder
#: " ⠁⠂⠄  ( 2s • esc to interrupt )": it goes on counting over a permission dialog
CONTINUE_BUSY = re.compile(r"\(\s*\d+[smh]\b[^)]*esc to interrupt\s*\)")
CONTINUE_QUESTION = "Would you like to continue?"


def continue_idle(text: str) -> bool:
    """The empty composer (a dialog takes its place) and no spinner line."""
    return CONTINUE_HINT in text and CONTINUE_BUSY.search(text) is None


# --------------------------------------------------------------------------- Mistral Vibe

#: its composer: the rule with the mode's name ("─── accept edits ─"), the "> " line under it
VIBE_COMPOSER = re.compile(r"─ [a-z][a-z ]* ─[ \t]*\n>")
VIBE_EMPTY = re.compile(r"─ [a-z][a-z ]* ─[ \t]*\n>[ \t]*\n")
#: "⠈⠉ Running command… (0s Esc/Ctrl+C to interrupt)"
VIBE_BUSY = re.compile(r"\(\d+s Esc/Ctrl\+C to interrupt\)")
VIBE_QUESTION = "Permission for the"


def vibe_idle(text: str) -> bool:
    """The empty composer (a dialog takes its place) and no spinner line."""
    return VIBE_EMPTY.search(text) is not None and VIBE_BUSY.search(text) is None


# --------------------------------------------------------------------------- Kimi CLI

#: its composer: the "── input ───" rule, the rows under it to the next rule
KIMI_EMPTY = re.compile(r"── input ─+[ \t]*\n(?:[ \t]*\n)+─{20,}")
#: a moon phase alone on its row while the model is asked, or the braille spinner of a
#: tool line ("⠦ Using Shell (...)"): both go on over a dialog
KIMI_BUSY = re.compile(r"^(?:[\U0001F311-\U0001F318][ \t]*$|[\u2801-\u28ff] \S)", re.M)
KIMI_QUESTION = "is requesting approval to run command"


def kimi_idle(text: str) -> bool:
    """The empty composer (a dialog takes its place) and no spinner."""
    return KIMI_EMPTY.search(text) is not None and KIMI_BUSY.search(text) is None


# --------------------------------------------------------------------------- Deep Agents Code

#: its composer: a box whose row is ">" and nothing typed after it
DEEPAGENTS_EMPTY = re.compile(r"^│ >[ \t]*│[ \t]*$", re.M)
#: "⠋ Thinking... (3s, esc to interrupt)": it pauses over a dialog ("(paused at 4s)")
DEEPAGENTS_BUSY = re.compile(r"\([^()\n]*, esc to interrupt\)")
#: its approval's title row in its box (a prompt or an answer quoting it is no box row)
DEEPAGENTS_QUESTION = re.compile(r"^│ >>> \S+ Requires Approval <<<", re.M)
DEEPAGENTS_ASKS = "│ › Agent has a question for you"


def deepagents_idle(text: str) -> bool:
    """The empty composer (it stays under a dialog), no spinner line and no dialog."""
    return (DEEPAGENTS_EMPTY.search(text) is not None and DEEPAGENTS_BUSY.search(text) is None
            and DEEPAGENTS_QUESTION.search(text) is None and DEEPAGENTS_ASKS not in text)


#: its status bar while its server starts: "⠹ Connecting", shown only 5 s after its composer
DEEPAGENTS_CONNECTING = re.compile(r"[\u2801-\u28ff] Connecting\b")


def deepagents_started(text: str) -> bool:
    """Up: idle and not "Connecting" (held back 5 s after its composer is drawn, so the
    start reads this again after ``start_hold``)."""
    return deepagents_idle(text) and DEEPAGENTS_CONNECTING.search(text) is None


# --------------------------------------------------------------------------- mini-SWE-agent

#: its first task is asked inline (prompt_toolkit) before its Textual screen comes up
MINI_TASK = "What do you want to do?"
MINI_TASK_HINT = "Submit task: Esc+Enter"
#: its Textual header: "Step 2/3 - RUNNING ⠋ - Cost: $0.00" while the model or a command runs
MINI_BUSY = re.compile(r"- RUNNING \S")
MINI_QUESTION = "Press ENTER to confirm or provide rejection reason"
#: its turn's end: the same input, asking for a new task (Enter on it empty quits)
MINI_FINISHED = "Agent wants to finish."


def mini_started(text: str) -> bool:
    """Its inline task prompt, nothing typed yet."""
    return MINI_TASK in text and MINI_TASK_HINT in text


def mini_ended(text: str) -> bool:
    """Its finish input drawn, waiting (no spinner in the header)."""
    return MINI_FINISHED in text and "AWAITING_INPUT" in text and MINI_BUSY.search(text) is None


# --------------------------------------------------------------------------- open-codex

#: its composer box's row, empty ("send a message", "... or press tab to select a
#: suggestion" at start); a turn's spinner takes the row's place
OPENCODEX_EMPTY = re.compile(r"^│ send a message\b", re.M)
#: "(  ●   )  Thinking..." in the composer's box while the model or a command runs
OPENCODEX_BUSY = re.compile(r"^│\([ ●]{4,}\)  \S", re.M)
OPENCODEX_QUESTION = "Allow command?"


def opencodex_idle(text: str) -> bool:
    """The empty composer (a dialog and the spinner take its place)."""
    return OPENCODEX_EMPTY.search(text) is not None and OPENCODEX_BUSY.search(text) is None


# --------------------------------------------------------------------------- Code Puppy

#: its prompt row pinned above its status rows, nothing typed after it
CODEPUPPY_EMPTY = re.compile(r"^>>>[ \t]*$", re.M)
#: its status row's end: "... | Streamed ~30 tokens | Working" (a spinner at its start)
#: while a turn runs, "... | Idle" at its prompt
CODEPUPPY_BUSY = re.compile(r"\| Working[ \t]*$", re.M)
CODEPUPPY_IDLE = re.compile(r"\| Idle[ \t]*$", re.M)
#: its approval waiting: its question under the command's box ("Shell Command"), its
#: options, and its hints as the screen's last row (answered, it stays above what follows)
CODEPUPPY_ASKS = re.compile(
    r"What would you like to do\?\n(?:.*\n)*?.*enter select · esc cancel[ \t]*(?:\n[ \t]*)*\Z")


def codepuppy_idle(text: str) -> bool:
    """Its empty prompt, its status row idle (its status rows are gone under a dialog)."""
    return CODEPUPPY_EMPTY.search(text) is not None and CODEPUPPY_IDLE.search(text) is not None


# --------------------------------------------------------------------------- OpenHands CLI

#: the empty input box's placeholder (a dialog takes the box's place)
OPENHANDS_HINT = "Type your message, @mention a file, or / for commands"
#: its status line over the input box while a turn runs: "⠙ Working (3s • ESC: pause)"
OPENHANDS_BUSY = re.compile(r"Working \(\d+s • ESC: pause\)")
#: its confirmation under the action ("🔍 Confirm 1 action(s)?", then Yes, No, Always,
#: Auto LOW/MED with a ``>`` marker); the empty input box stays drawn below it
OPENHANDS_QUESTION = re.compile(r"Confirm \d+ action\(s\)\?")
#: the confirmation waiting: its question and first two options at its own indent (a
#: quoted one in the conversation is indented further)
OPENHANDS_ASKS = re.compile(r"(?m)^  \S+ Confirm \d+ action\(s\)\?[ \t]*\n(?:[ \t]*\n)*"
                            r"  [> ] Yes[ \t]*\n(?:[ \t]*\n)*  [> ] No[ \t]*$")


def openhands_idle(text: str) -> bool:
    """The empty input box, no working status line and no confirmation waiting."""
    return (OPENHANDS_HINT in text and OPENHANDS_BUSY.search(text) is None
            and OPENHANDS_ASKS.search(text) is None)


def openhands_quits(text: str) -> bool:
    """Its exit confirmation drawn (Ctrl+Q): the question over its two buttons."""
    return "Terminate session?" in text and "Yes, proceed" in text and "No, dismiss" in text


def openhands_asks(text: str) -> bool:
    """Its confirmation drawn with its options."""
    return OPENHANDS_ASKS.search(text) is not None and "Auto LOW/MED" in text


# --------------------------------------------------------------------------- Nanocoder

#: the empty composer's placeholder (a dialog takes the composer's place)
NANOCODER_HINT = "> / commands, ! bash, ↑/↓ history"
#: its spinner row inside the composer's box while a turn runs: "⠙ Press Esc to cancel"
NANOCODER_BUSY = re.compile(r"[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Press Esc to cancel")
#: its tool confirmation, drawn in the composer's place: 'Do you want to execute tool
#: "execute_bash"?', then ``> ✓ Yes, execute this tool``, ``✗ No, cancel execution`` and
#: "Press Escape to cancel"
NANOCODER_QUESTION = re.compile(r'Do you want to execute tool "\w+"\?')


def nanocoder_idle(text: str) -> bool:
    """The empty composer, no spinner and no confirmation waiting."""
    return (NANOCODER_HINT in text and NANOCODER_BUSY.search(text) is None
            and not nanocoder_asks(text))


def nanocoder_asks(text: str) -> bool:
    """Its confirmation drawn with its options (the composer gone)."""
    return (NANOCODER_QUESTION.search(text) is not None and "✗ No, cancel execution" in text
            and "Press Escape to cancel" in text and NANOCODER_HINT not in text)


# --------------------------------------------------------------------------- gptme

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
GPTME_PROMPT = re.compile(r"(?m)^User:\s*\Z")
#: its sign of work while the model is silent: "Assistant: Thinking..."
GPTME_BUSY = re.compile(r"(?m)^Assistant: Thinking\.\.\.")
#: its confirmation as the last row with anything on it, nothing typed after it:
#: " Execute shell? [Y/n/c/e/a/?]" (Enter, its default, says yes and leaves the row as it
#: is until the command prints)
GPTME_ASKS = re.compile(r"(?m)^ ?Execute \w+\? \[Y/n/c/e/a/\?\]\s*\Z")


def gptme_idle(text: str) -> bool:
    """Its empty prompt as the last row (no confirmation, no answer coming)."""
    return GPTME_PROMPT.search(text) is not None


def gptme_asks(text: str) -> bool:
    """Its confirmation as the last row, nothing typed after it yet."""
    return GPTME_ASKS.search(text) is not None



# --------------------------------------------------------------------------- line-mode chats

@dataclass(frozen=True)
class LastRow:
    """A line-mode chat read from the last row with anything on it (everything scrolls
    up): its empty prompt there is idle, its confirmation there (nothing typed after it
    yet) asks, anything else is a turn under way."""

    prompt: re.Pattern[str]
    confirmation: re.Pattern[str]

    def idle(self, text: str) -> bool:
        return self.prompt.search(text) is not None

    def asks(self, text: str) -> bool:
        return self.confirmation.search(text) is not None

    def busy(self, text: str) -> bool:
        return not self.idle(text) and not self.asks(text)



def line_chat(name: str, command: Command, chat: LastRow, *, start_wait: float = 90,
              approve_key: str = "y+enter") -> Description:
    """A line-mode chat read from its last row (`chat`), its main process the one that
    runs its tools: started and ended at its empty prompt, busy elsewhere, its
    confirmation answered by a line (`approve_key`), left with Ctrl+D, else Ctrl+C twice."""
    return Description(
        name, command, is_main=agentrun.chat_with_tools_is_main, started=chat.idle,
        start_wait=start_wait, start_settle=1.5, ended=chat.idle, end_settle=0.8,
        busy=chat.busy, drawn=chat.asks, approve_key=approve_key,
        leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

# --------------------------------------------------------------------------- Open Interpreter

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
INTERPRETER_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its confirmation as the last row with anything on it, nothing typed after it:
#: "  Would you like to run this code? (y/n)" (a line answered: y or n, then Enter)
INTERPRETER_ASKS = re.compile(r"(?m)^ *Would you like to run this code\? \(y/n\)\s*\Z")


INTERPRETER_CHAT = LastRow(INTERPRETER_PROMPT, INTERPRETER_ASKS)
interpreter_idle, interpreter_asks, interpreter_busy = INTERPRETER_CHAT.idle, INTERPRETER_CHAT.asks, INTERPRETER_CHAT.busy


# --------------------------------------------------------------------------- Mentat

#: the top row of its input box (a Textual Input drawn with tall borders)
MENTAT_BOX = "\u258a\u2594\u2594"
#: its question under an edit, as the transcript's last row: answered in its input box
MENTAT_ASKS_TEXT = "Apply these changes? 'Y/n/i' or provide feedback."
#: a turn's end as the transcript's last row: the answer's speed and cost, or what became
#: of an edit
MENTAT_ENDED = re.compile(r"^(Speed: [\d.]+ char/s \| Cost: \$[\d.]+|(No c|C)hanges applied\.)$")


def _mentat_last(text: str) -> str | None:
    """The last row of its transcript with anything on it (above its input box, left of
    the context panel); None before the input box is drawn."""
    rows = text.split("\n")
    box = next((n for n, row in enumerate(rows) if row.startswith(MENTAT_BOX)), None)
    if box is None:
        return None
    for row in reversed(rows[:box]):
        left = row.rsplit("\u2502", 1)[0].strip()
        if left:
            return left
    return ""


def mentat_started(text: str) -> bool:
    """Its input box and its context panel (the tokens counted) drawn, no prompt sent and
    no question asked."""
    last = _mentat_last(text)
    return (last is not None and last != MENTAT_ASKS_TEXT and "Tokens:" in text
            and ">>> " not in text)


def mentat_asks(text: str) -> bool:
    """Its question under an edit as the transcript's last row."""
    return _mentat_last(text) == MENTAT_ASKS_TEXT


def mentat_idle(text: str) -> bool:
    """A turn's end as the transcript's last row (the answer's speed and cost, or what
    became of an edit)."""
    last = _mentat_last(text)
    return last is not None and MENTAT_ENDED.match(last) is not None


def mentat_busy(text: str) -> bool:
    """A turn under way: its input box drawn, neither a turn's end nor its question the
    transcript's last row."""
    return _mentat_last(text) is not None and not mentat_idle(text) and not mentat_asks(text)


# --------------------------------------------------------------------------- Hermes Agent

#: its input row, empty: "❯" alone between its two rules ("⚠ ❯" while it asks)
HERMES_INPUT = re.compile(r"(?m)^\u276f\s*$")
#: its status bar's clock of a turn under way ("⏱ 7s"; "✓ 0s" once it is over)
HERMES_TURN_CLOCK = "\u23f1"
#: its question before a dangerous command, drawn in full: its first and last choices and
#: the hint under them, its timeout counting down on the hint's row (its title's emoji is
#: drawn differently by terminals: not read; an answer quoting the box has no countdown)
HERMES_ASKS = re.compile(r"(?m)1\. Allow once[\s\S]*4\. Deny[\s\S]*"
                         r"^ *\u2191/\u2193 to select, Enter to confirm +\( *\d+s\) *$")


def hermes_started(text: str) -> bool:
    """Its status bar and its empty input drawn, no question asked."""
    return "\u2695 gpt-4o" in text and HERMES_INPUT.search(text) is not None and \
        HERMES_ASKS.search(text) is None


def hermes_asks(text: str) -> bool:
    """Its question before a dangerous command, drawn in full."""
    return HERMES_ASKS.search(text) is not None


def hermes_idle(text: str) -> bool:
    """Its empty input, no question, and no turn's clock in its status bar."""
    return hermes_started(text) and HERMES_TURN_CLOCK not in text


def hermes_busy(text: str) -> bool:
    """A turn under way: its turn's clock in its status bar."""
    return HERMES_TURN_CLOCK in text


# --------------------------------------------------------------------------- llm

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
LLM_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its confirmation as the last row with anything on it, nothing typed after it, under the
#: call it asks about: "Tool call: run_shell({...})", then "Approve tool call? [y/N]: " (a
#: line answered: y or n, then Enter; Enter alone refuses)
LLM_ASKS = re.compile(r"(?m)^Approve tool call\? \[y/N\]:\s*\Z")


LLM_CHAT = LastRow(LLM_PROMPT, LLM_ASKS)
llm_idle, llm_asks, llm_busy = LLM_CHAT.idle, LLM_CHAT.asks, LLM_CHAT.busy


# --------------------------------------------------------------------------- TunaCode

#: its loading indicator, five dots in a row under its log while a request runs (from the
#: prompt's Enter to the turn's end, a confirmation included)
TUNA_LOADING = re.compile(r"● ● ● ● ●")
#: its answer panel while the answer streams (its footer: "openai:gpt-4o  ·  streaming  ·
#: 3.2s"; before 0.1.46 "streaming  ·  3.2s  ·  openai:gpt-4o")
TUNA_STREAMING = re.compile(r"\bstreaming\s+·")
#: its confirmation not answered yet: the keys, then the panel's bottom border (a panel in
#: its log: "Confirm: bash", the arguments, "[1] Yes  [2] Yes + Skip  [3] No"), with no
#: "Approved" or "Rejected" written under it (the panel stays in the log once answered)
TUNA_ASKS = re.compile(r"(?m)\[1\] Yes  \[2\] Yes \+ Skip  \[3\] No\s*│[^\n]*\n[^\n]*╰"
                       r"(?![\s\S]*^│ (?:Approved|Rejected)\b)")
#: its status bar under the editor ("edited: -   last: -")
TUNA_STATUS = "edited:"


def tuna_asks(text: str) -> bool:
    """A confirmation drawn in full and not answered yet."""
    return TUNA_ASKS.search(text) is not None


def tuna_busy(text: str) -> bool:
    """A request under way: its loading indicator or its streaming answer panel."""
    return TUNA_LOADING.search(text) is not None or TUNA_STREAMING.search(text) is not None


def tuna_idle(text: str) -> bool:
    """Its editor and status bar with no request under way and no confirmation waiting."""
    return TUNA_STATUS in text and not tuna_busy(text) and not tuna_asks(text)


# --------------------------------------------------------------------------- Strands

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
STRANDS_PROMPT = re.compile(r"(?m)^~\s*\Z")
#: its shell tool's confirmation as the last row with anything on it, nothing typed after it,
#: under the command's plan: "Do you want to proceed with execution? [y/*]" (a line: "y" and
#: Enter runs it, anything else refuses)
STRANDS_ASKS = re.compile(r"(?m)^Do you want to proceed with execution\? \[y/\*\]\s*\Z")


STRANDS_CHAT = LastRow(STRANDS_PROMPT, STRANDS_ASKS)
strands_idle, strands_asks, strands_busy = STRANDS_CHAT.idle, STRANDS_CHAT.asks, STRANDS_CHAT.busy


# --------------------------------------------------------------------------- MCP CLI

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
MCPCLI_PROMPT = re.compile(r"(?m)^💬 You:\s*\Z")
#: its confirmation as the last row with anything on it, nothing typed after it, under the
#: call it asks about ("Tool confirmation required: shell_execute", "Parameters:" and the
#: arguments as JSON): "Execute this tool? [Y/n]: " (a line: Enter or "y" runs it, "n"
#: refuses)
MCPCLI_ASKS = re.compile(r"(?m)^Execute this tool\? \[Y/n\]:\s*\Z")


MCPCLI_CHAT = LastRow(MCPCLI_PROMPT, MCPCLI_ASKS)
mcpcli_idle, mcpcli_asks, mcpcli_busy = MCPCLI_CHAT.idle, MCPCLI_CHAT.asks, MCPCLI_CHAT.busy


# --------------------------------------------------------------------------- Agentao

#: its prompt, empty, over its status bar (a rule, then "openai/gpt-4o  │  workspace-write
#: │ ..."), drawn only while it reads a prompt: the last rows with anything on them
AGENTAO_PROMPT = re.compile(r"(?m)^❯ *\n\s*─+\n openai/gpt-4o +│[^\n]*\s*\Z")
#: its tool confirmation as the last row with anything on it, no answer printed under it
#: (under "⚠️  Tool Confirmation Required", the call's arguments and "1. Yes" ... "3. No";
#: answered by the key alone)
AGENTAO_ASKS = re.compile(r"(?m)^Press 1, 2, or 3 \(single key, no Enter needed\) · Esc to "
                          r"cancel\s*\Z")
#: its ask_user question, the line after "▶" not typed yet (under "🤔 Agent Question", the
#: question and its numbered options)
AGENTAO_QUESTION = re.compile(r"(?m)^Enter a number to select, or type a custom answer\.\n"
                              r"▶ *\s*\Z")

AGENTAO_CHAT = LastRow(AGENTAO_PROMPT, AGENTAO_ASKS)
agentao_idle, agentao_asks, agentao_busy = AGENTAO_CHAT.idle, AGENTAO_CHAT.asks, AGENTAO_CHAT.busy


# --------------------------------------------------------------------------- AIsha

#: its prompt, empty, over a rule and its token bar ("CTX: 0 (~0%) | Last: ..."), the bar
#: drawn at the screen's bottom only while it reads a prompt: the last rows with anything on
#: them
AISHA_PROMPT = re.compile(r"(?m)^❯ *\n\s*─+\nCTX: [^\n]*\s*\Z")
#: its confirmation's line prompt as the last row with anything on it, nothing typed after
#: it (under a panel titled "⚠ Run command": the command, shell, working directory and
#: reason; answered by a line: y, a or n, then Enter)
AISHA_ASKS = re.compile(r"(?m)^\[y\] once  \[a\] for the rest of session  \[n\] deny › *\s*\Z")
#: its ask_user question's line prompt, nothing typed after it (under a panel titled
#: "❔ Question": the question and its numbered options)
AISHA_QUESTION = re.compile(r"(?m)^Answer › *\s*\Z")

AISHA_CHAT = LastRow(AISHA_PROMPT, AISHA_ASKS)
aisha_idle, aisha_asks, aisha_busy = AISHA_CHAT.idle, AISHA_CHAT.asks, AISHA_CHAT.busy
# --------------------------------------------------------------------------- llmist

#: its idle screen's last rows: the ``>`` input row, empty, over its status row (the profile
#: ``agent``, then the tokens and cost so far; no clock, no call counter, no gadget running)
#: and its row of key hints
LLMIST_PROMPT = re.compile(r"(?m)^> *\nagent(?: [↑↓][\d.]+k?)*(?: \$[\d.]+)? *\n"
                           r" *\^S multiline[^\n]*\s*\Z")
#: its approval box, drawn in full over the transcript: "Approve RunCommand?", the
#: parameters, then "Options:" and its keys, the last "[ESC]    - Cancel"
LLMIST_ASKS = re.compile(r"Approve RunCommand\?[\s\S]*\[d\]eny +- Always deny this gadget"
                         r"[^\n]*\n[^\n]*\[ESC\] +- Cancel")
#: its AskUser question: the question printed in the transcript, the input row read
#: while the status row names the gadget
LLMIST_QUESTION = re.compile(r"(?m)Which color do you prefer\?[\s\S]*^> *\n"
                             r"agent[^\n]*AskUser *\n")


def llmist_idle(text: str) -> bool:
    return LLMIST_PROMPT.search(text) is not None


def llmist_asks(text: str) -> bool:
    return LLMIST_ASKS.search(text) is not None


def llmist_busy(text: str) -> bool:
    return not llmist_idle(text) and not llmist_asks(text)


# --------------------------------------------------------------------------- Rawdog

#: its prompt, empty, as the last rows with anything on them: "What can I do for you?
#: (Ctrl-C to exit)" over "> " (a line read by input(); everything scrolls up)
RAWDOG_PROMPT = re.compile(r"(?m)^What can I do for you\? \(Ctrl-C to exit\)\s*\n>\s*\Z")
#: its confirmation as the last row with anything on it, nothing typed after it, under the
#: model's answer and its script in a markdown block: 38 dashes, then "Execute script in
#: markdown block? (Y/n):" (before 0.1.6: the question alone, under a row of 80 dashes; a
#: line: Enter or "y" runs it, "n" refuses it and ends the turn)
RAWDOG_ASKS = re.compile(r"(?m)^(?:-{38} )?Execute script in markdown block\? \(Y/n\):\s*\Z")

RAWDOG_CHAT = LastRow(RAWDOG_PROMPT, RAWDOG_ASKS)
rawdog_idle, rawdog_asks, rawdog_busy = RAWDOG_CHAT.idle, RAWDOG_CHAT.asks, RAWDOG_CHAT.busy


# --------------------------------------------------------------------------- Aetheris

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): "  ❯"
AETHERIS_PROMPT = re.compile(r"(?m)^  ❯\s*\Z")
#: its approval's line prompt as the last row with anything on it, nothing typed after it
#: (under "⚠  Approval Required", a box of the call's arguments and "a = always allow
#: run_cmd(...)"; answered by a line: y, n or a, then Enter)
AETHERIS_ASKS = re.compile(r"(?m)^  Allow\? \[y/n(?:/a)?\] ›\s*\Z")

AETHERIS_CHAT = LastRow(AETHERIS_PROMPT, AETHERIS_ASKS)
aetheris_idle, aetheris_asks, aetheris_busy = (AETHERIS_CHAT.idle, AETHERIS_CHAT.asks,
                                               AETHERIS_CHAT.busy)



# --------------------------------------------------------------------------- Jasmine

#: its prompt, empty, as the last rows with anything on them (a line-mode chat: everything
#: scrolls up): its label " user" over the input row "▌"
JASMINE_PROMPT = re.compile(r"(?m)^ user *\n▌ *\s*\Z")
#: its approval's line prompt, "allow" filled in by its completion menu, and that menu's
#: rows under it as the last rows with anything on them (under "Would you like to run the
#: following command?", the command after "$" and the numbered options "› 1. Yes, proceed
#: (allow)", "2. ... (remember)", "3. ... (deny)"; Enter takes the option selected in the
#: menu, Down selects the next)
JASMINE_ASKS = re.compile(
    r"(?m)^approve › allow *(?:\n +(?:allow|deny|remember) +\S[^\n]*)*\s*\Z")
#: its ask_user question's line prompt "> ", nothing typed, under the question (0.1.0) or
#: its numbered options and "Enter a number or type your own answer" (0.1.1)
JASMINE_QUESTION = re.compile(
    r"(?m)^(?:\? [^\n]*|  Enter a number or type your own answer) *\n> *\s*\Z")

JASMINE_CHAT = LastRow(JASMINE_PROMPT, JASMINE_ASKS)
jasmine_idle, jasmine_asks, jasmine_busy = (JASMINE_CHAT.idle, JASMINE_CHAT.asks,
                                            JASMINE_CHAT.busy)

# --------------------------------------------------------------------------- Xiaoyu

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): its mode's glyphs and name, "⏵⏵ auto ›" (auto, its mode from the start)
XIAOYU_PROMPT = re.compile(r"(?m)^⏵⏵ auto › *\s*\Z")
#: its approval's key-hint row as the last row with anything on it, the cursor hidden: an
#: inline menu (not the alternate screen) under the call ("⏺ bash(...)"), its title and its
#: options, "❯ 允许一次  (1/y)" selected, "本会话内 ... 都允许，不再询问  (2/a)", "拒绝，并告诉
#: 小羽下一步怎么做  (.../n)", then "↑↓ 选择 · Enter 确认 · Tab 批准并附言 · ... 取消" (Enter takes
#: the option selected, a digit or its letter the option it marks)
XIAOYU_ASKS = re.compile(r"(?m)^ +↑↓ 选择 · Enter 确认 · Tab 批准并附言(?: · [^\n]*)?\s*\Z")
#: its ask_user question's key-hint row as the last row with anything on it: the question,
#: its numbered options "❯ red  (1)" ..., "其他（自由输入）", "取消提问，返回对话", then
#: "↑↓ 选择 · Enter 确认 · Esc / Ctrl-C 取消" (no Tab: a digit takes its option)
XIAOYU_QUESTION = re.compile(r"(?m)^ +↑↓ 选择 · Enter 确认 · Esc / Ctrl-C 取消\s*\Z")

XIAOYU_CHAT = LastRow(XIAOYU_PROMPT, XIAOYU_ASKS)
xiaoyu_idle, xiaoyu_asks, xiaoyu_busy = XIAOYU_CHAT.idle, XIAOYU_CHAT.asks, XIAOYU_CHAT.busy

# --------------------------------------------------------------------------- Mastra Code

#: its composer box's input row, empty, its prompt glyph "›" (while a turn runs it
#: alternates with "•")
MASTRACODE_COMPOSER = re.compile(r"(?m)^│ › +│ *$")
#: its status row under the composer: its mode and model, then the turn's time, "✓" after
#: it once the turn ended ("▐build▌fake/gpt-4o▌ 4s ✓"); at start no time
MASTRACODE_STATUS = re.compile(r"(?m)^▐build▌fake/gpt-4o▌(?P<time> \d+[smh][^━\n]*?)? +━")
#: its approval's last row, in a box drawn over the middle of the screen under "⚠ Tool
#: Approval Required", "Tool: ...", "Category: ..." and the call's arguments: its keys y, n,
#: a and Y ("Allow? yes  no  always allow execute  Yolo"), answered by the key alone
MASTRACODE_ASKS = re.compile(r"Allow\? yes  no  always allow \S+  Yolo")
#: its ask_user question's key hints, the last row of its box in the transcript
MASTRACODE_QUESTION = "↑↓ to navigate · Enter to select · Esc to skip"


def _mastracode_time(text: str) -> str | None:
    """Its status row's time and what follows it ("" at start, " 4s ✓" at a turn's end);
    None where no status row is drawn."""
    m = MASTRACODE_STATUS.search(text)
    return None if m is None else (m.group("time") or "")


def mastracode_started(text: str) -> bool:
    """Up: its empty composer over a status row that shows no turn's time yet."""
    return MASTRACODE_COMPOSER.search(text) is not None and _mastracode_time(text) == ""


def mastracode_ended(text: str) -> bool:
    """A turn over: its empty composer over a status row whose time ends in "✓" (none
    while its approval box is up: the turn's time counts)."""
    t = _mastracode_time(text)
    return MASTRACODE_COMPOSER.search(text) is not None and t is not None and "✓" in t


def mastracode_interrupted(text: str) -> bool:
    """Back after an interrupt: its empty composer over a status row whose time has no
    "✓" (the time stops where the turn was stopped; nothing else is drawn)."""
    t = _mastracode_time(text)
    return MASTRACODE_COMPOSER.search(text) is not None and bool(t) and "✓" not in t


def mastracode_asks(text: str) -> bool:
    """Its approval box drawn in full, its keys' row the last."""
    return MASTRACODE_ASKS.search(text) is not None


def mastracode_busy(text: str) -> bool:
    """A turn running: the status row's time counts, no "✓" after it."""
    t = _mastracode_time(text)
    return bool(t) and "✓" not in t

# --------------------------------------------------------------------------- Koder

#: its composer at the screen's bottom, empty: a box titled "| ⚡ Koder |" holding ">", over
#: its status row (" M: <model> | Dir: ... | Tok: ... | ▽ N tok · $?"); drawn all the time
#: (a prompt_toolkit app under the main screen's scrolling output), a turn's spinner or a
#: permission's key row on the row right above it
KODER_BOX = r"┌─+\| ⚡ Koder \|─+┐\n│> *│\n└─+┘\n M: [^\n]*\s*\Z"
#: idle: the empty composer with no spinner ("✶ Musing… (5s · run_shell · esc to
#: interrupt)") and no permission's key row right above it
KODER_PROMPT = re.compile(r"(?m)^(?!.*esc to interrupt\))(?!  \[y\]allow once).*\n" + KODER_BOX)
#: its permission, printed above the composer (the turn's spinner still over it): its title
#: "Permission required: run_shell", "  command=...", "  reason: ...", then the key row
#: "  [y]allow once  [a]always allow  [n]deny >" right above the empty composer, answered
#: by a line typed there (y, a or n, then Enter)
KODER_ASKS = re.compile(r"(?m)^  \[y\]allow once  \[a\]always allow  \[n\]deny >\n" + KODER_BOX)

KODER_CHAT = LastRow(KODER_PROMPT, KODER_ASKS)
koder_idle, koder_asks, koder_busy = KODER_CHAT.idle, KODER_CHAT.asks, KODER_CHAT.busy

# --------------------------------------------------------------------------- CodeGopher

#: its input box docked at the screen's bottom, empty (its placeholder; drawn the same while
#: a turn runs, when the box is disabled)
CODEGOPHER_INPUT = re.compile(r"(?m)^▊  Ask CodeGopher\.\.\. *▎$")
#: its approval panel, drawn above its input box: "Approval required: <tool>", the call's
#: arguments as JSON, an empty input box "Optional deny reason", then the buttons "Approve"
#: over "Deny", each label between edges of its own (a row of "▔" above, of "▁" below)
CODEGOPHER_ASKS = re.compile(r"(?m)^ Approval required: \S+$[\s\S]*^ ▊  Optional deny reason *▎$"
                             r"[\s\S]*^ +Approve *\n ▁+ *\n ▔+ *\n +Deny *$")
#: its status row (under its header) at rest: at start ("Model: gpt-4o | Provider: openai |
#: Approval: review | CWD: ...") or after a turn ("Done after 2 iteration(s)"); during one
#: "Running agent turn...", "Tool requested: ...", "Approval required: ...", "Tool approved",
#: "Tool completed: ..."
CODEGOPHER_AT_REST = re.compile(r"\A.*\n (?:Model: \S+ \| Provider: |Done after \d+ iteration)")


def codegopher_asks(text: str) -> bool:
    """Its approval panel drawn in full."""
    return CODEGOPHER_ASKS.search(text) is not None


def codegopher_idle(text: str) -> bool:
    """Its empty input box, its status row at rest, no approval panel."""
    return (CODEGOPHER_INPUT.search(text) is not None
            and CODEGOPHER_AT_REST.search(text) is not None and not codegopher_asks(text))


def codegopher_busy(text: str) -> bool:
    """A turn under way: its status row not at rest, no approval panel."""
    return CODEGOPHER_AT_REST.search(text) is None and not codegopher_asks(text)


# --------------------------------------------------------------------------- Godspeed

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): "> godspeed>" at start, under a turn's counters after one ("turn 1 | ctx 3%
#: > godspeed>")
GODSPEED_PROMPT = re.compile(r"(?m)^(?:turn \d+ \| ctx \d+% )?> godspeed>\s*\Z")
#: its permission's question, then its line prompt "  >" as the last row with anything on
#: it, nothing typed after it (under "  !  Permission required", the tool's name, the
#: command after "$" and the rule that asks; answered by a line: y, n or a, then Enter);
#: where the model called the tool with no words before it, the turn's spinner, still
#: running, is drawn over that prompt ("⠙ > Thinking..."), and what is typed is not shown
GODSPEED_ASKS = re.compile(r"(?m)^    Allow\? \(y\)es \| \(n\)o \| \(a\)lways this session *\n"
                           r"(?:  >|[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] > Thinking\.\.\.(?: \(\d+s\))?)\s*\Z")

GODSPEED_CHAT = LastRow(GODSPEED_PROMPT, GODSPEED_ASKS)
godspeed_idle, godspeed_asks, godspeed_busy = (GODSPEED_CHAT.idle, GODSPEED_CHAT.asks,
                                               GODSPEED_CHAT.busy)


# --------------------------------------------------------------------------- ATA Coder

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): ">", under the turn's counters ("tokens: 6,651/1,000,000 (1%) | tools: 0 |
#: time: 11s") after a turn
ATA_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its permission: a box ("[EXEC] run_shell", the command after "$", then the key row
#: "[y]es  [n]o  [a]llow all shell  [d]eny all shell" as its last row) over its line prompt
#: "?" as the last row with anything on it, nothing typed after it (answered by a line:
#: y, n, a or d, then Enter)
ATA_ASKS = re.compile(r"(?m)^│ \[y\]es  \[n\]o  \[a\]llow all \S+  \[d\]eny all \S+ *│\n"
                      r"╰─+╯\n\?\s*\Z")

ATA_CHAT = LastRow(ATA_PROMPT, ATA_ASKS)
ata_idle, ata_asks, ata_busy = ATA_CHAT.idle, ATA_CHAT.asks, ATA_CHAT.busy
# --------------------------------------------------------------------------- Axon

#: its composer, empty, pinned at the screen's bottom at rest ("❯ Ask anything · / commands
#: ..."; while a turn runs it reads "❯ type to queue a message ...")
AXON_COMPOSER = re.compile(r"(?m)^  ❯ Ask anything · / commands")
#: its permission, a picker printed under the turn's box in place of the composer:
#: "◆ Permission  Bash" (its place in the list, "1/4", at the right), a rule, the options
#: ("❯ Yes  this call only · y" ... "No  n · esc" ...), a rule, then its key row
AXON_ASKS = re.compile(r"(?m)^  ◆ Permission  \S+ +\d+/\d+\n  ─+\n[\s\S]*"
                       r"^  ↑↓ move · enter choose · [^\n]*n/esc deny *$")
#: its AskUserQuestion tool's question, the same picker: "◆ Color: Which color do you
#: prefer?", a rule, the options and "Other (type your own answer)", a rule, its key row
AXON_QUESTION = re.compile(r"(?m)^  ◆ [^\n]*\? [^\n]*\n  ─+\n[\s\S]*"
                           r"^  ↑↓ move · enter select · esc cancel *$")
#: a turn under way: its spinner row ("⠋ Step 1 · thinking… 3.9s · esc to interrupt") or
#: its composer taking a message to queue
AXON_WORKING = re.compile(r"(?m)esc to interrupt *$|^ ❯ type to queue a message")


def axon_asks(text: str) -> bool:
    """Its permission picker drawn in full."""
    return AXON_ASKS.search(text) is not None


def axon_idle(text: str) -> bool:
    """Its empty composer at rest, no spinner, no picker."""
    return (AXON_COMPOSER.search(text) is not None and AXON_WORKING.search(text) is None
            and not axon_asks(text) and AXON_QUESTION.search(text) is None)


def axon_busy(text: str) -> bool:
    """A turn under way: its spinner or its queueing composer, no picker."""
    return (AXON_WORKING.search(text) is not None and not axon_asks(text)
            and AXON_QUESTION.search(text) is None)


# --------------------------------------------------------------------------- CoderAI

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
CODERAI_PROMPT = re.compile(r"(?m)^coderai>\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "  Allow? [1/2/3] (or y/n/a): " under "  Options:", "    1. Yes", "    2. No" and a box
#: titled "Permission Required (1/1)" (a line answered: y or n, then Enter)
CODERAI_ASKS = re.compile(r"(?m)^  Allow\? \[1/2/3\] \(or y/n/a\):\s*\Z")
#: its AskUserQuestion question's line prompt under a box titled "Question 1/1" (the
#: question and its numbered options), nothing typed after it
CODERAI_QUESTION = re.compile(r"(?m)^Your answer \(choose number or type text\):\s*\Z")

CODERAI_CHAT = LastRow(CODERAI_PROMPT, CODERAI_ASKS)
coderai_idle, coderai_asks, coderai_busy = CODERAI_CHAT.idle, CODERAI_CHAT.asks, CODERAI_CHAT.busy


# --------------------------------------------------------------------------- CHYRD

#: its status row, the screen's last, at rest ("● idle  ·  0↑ 0↓  ·  $0.0000  ·  <dir>  ·
#: normal ..."; "● idle" again once a turn is over)
CHYRD_IDLE = re.compile(r"(?m)^ ● idle  ·  ")
#: the same row while a turn runs ("● thinking  ⠙ 20s  esc interrupt  ·  ..." while the
#: model is asked, "● working" while it streams or a tool runs)
CHYRD_BUSY = re.compile(r"(?m)^ ● (?:thinking|working) ")
#: its composer box, empty: its lower edge ends in "plan, build, fix - or /help"
#: (its mascot, an owl, drawn at its left on a wide screen)
CHYRD_COMPOSER = re.compile(r"(?m)│ +│\n.*╰─+ plan, build, fix - or /help ─╯")
#: its permission modal, a box of heavy edges over the middle of the screen: its title
#: "permission" centred, a blank row, then "Run: <command>" (the command's first rows);
#: under them the command in a rounded box, "rule: shell(<program> *)" and three edged
#: buttons side by side, "allow once", "always", "deny" (the keys written in their labels,
#: "[a]", "[A]", "[d]", taken for markup and not drawn), each between rows of "▔" and "▁";
#: a long command's box pushes the buttons below the modal's foot (not drawn); answered by
#: the key alone
CHYRD_ASKS = re.compile(r"┃ +permission +┃\n.*┃ +┃\n.*┃  Run: ")


def chyrd_asks(text: str) -> bool:
    """Its permission modal, drawn (its title over the command)."""
    return CHYRD_ASKS.search(text) is not None


def chyrd_idle(text: str) -> bool:
    """Its status row at rest over its empty composer, no modal drawn."""
    return (CHYRD_IDLE.search(text) is not None and CHYRD_COMPOSER.search(text) is not None
            and not chyrd_asks(text))


def chyrd_busy(text: str) -> bool:
    """Its status row saying a turn runs."""
    return CHYRD_BUSY.search(text) is not None
# --------------------------------------------------------------------------- AshCode

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
ASHCODE_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "Approve? [y/n/yes/no] (n): " a blank row under a rounded box titled "Approval required"
#: (a line answered: y or n, then Enter)
ASHCODE_ASKS = re.compile(r"(?m)^Approve\? \[y/n/yes/no\] \(n\):\s*\Z")

ASHCODE_CHAT = LastRow(ASHCODE_PROMPT, ASHCODE_ASKS)
ashcode_idle, ashcode_asks, ashcode_busy = ASHCODE_CHAT.idle, ASHCODE_CHAT.asks, ASHCODE_CHAT.busy


# --------------------------------------------------------------------------- clippy-code

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up)
CLIPPY_PROMPT = re.compile(r"(?m)^\[You\] ➜\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "[?] Approve this action? [(y)es/(n)o/(a)llow]: " a blank row under the call (a line
#: answered: y or n, then Enter)
CLIPPY_ASKS = re.compile(r"(?m)^\[\?\] Approve this action\? \[\(y\)es/\(n\)o/\(a\)llow\]:\s*\Z")

CLIPPY_CHAT = LastRow(CLIPPY_PROMPT, CLIPPY_ASKS)
clippy_idle, clippy_asks, clippy_busy = CLIPPY_CHAT.idle, CLIPPY_CHAT.asks, CLIPPY_CHAT.busy


# --------------------------------------------------------------------------- FirstCoder

#: its activity row, right above its composer's rule, and the composer under it, empty (its
#: placeholder "输入消息，Enter 发送，..." drawn): "idle · ready" at start, "done" once a turn
#: is over, "interrupted" after Esc twice
FIRSTCODER_IDLE = re.compile(
    r"(?m)^   (?:idle · ready|done|interrupted)(?: {2,}.*)?\n  ─+\n   输入消息，Enter 发送")
#: its permission, waited for: the activity row "waiting · permission" (the block in the
#: transcript, "permission requested  execute_shell <command>", a reason, then "[1] deny
#: [2] allow once  [3] allow always" on one row, stays there once answered)
FIRSTCODER_ASKS = re.compile(r"(?m)^   waiting · permission\b.*\n  ─+\n")
#: a turn under way: the activity row any other word ("thinking [.. ]", "running [=   ] ·
#: shell", "streaming [>>  ]", ...)
FIRSTCODER_ROW = re.compile(r"(?m)^   (\S[^\n]*?)(?: {2,}[^\n]*)?\n  ─+\n")


def firstcoder_idle(text: str) -> bool:
    return FIRSTCODER_IDLE.search(text) is not None


def firstcoder_asks(text: str) -> bool:
    return FIRSTCODER_ASKS.search(text) is not None


def firstcoder_busy(text: str) -> bool:
    row = FIRSTCODER_ROW.search(text)
    return row is not None and not firstcoder_idle(text) and not firstcoder_asks(text)
# --------------------------------------------------------------------------- acoder

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up): Rich's line prompt "›: " alone
ACODER_PROMPT = re.compile(r"(?m)^›:\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: Rich's "Allow run_bash? [y/n/a] (y): " under the command's row "$ <command>" (a line
#: answered: y, n or a, then Enter)
ACODER_ASKS = re.compile(r"(?m)^Allow \w+\? \[y/n/a\] \(y\):\s*\Z")

ACODER_CHAT = LastRow(ACODER_PROMPT, ACODER_ASKS)
acoder_idle, acoder_asks, acoder_busy = ACODER_CHAT.idle, ACODER_CHAT.asks, ACODER_CHAT.busy


# --------------------------------------------------------------------------- Aether

#: its prompt, empty, as the screen's last rows with anything on them (a line-mode chat:
#: everything scrolls up): prompt_toolkit's two rows "╭─ 👤 You" over "╰─❯ "
AETHER_PROMPT = re.compile(r"(?m)^╭─ 👤 You\s*\n╰─❯\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "  Allow? (y/n): " under a panel "Aether wants to run:" holding the command (a line
#: answered: y or n, then Enter)
AETHER_ASKS = re.compile(r"(?m)^  Allow\? \(y/n\):\s*\Z")

AETHER_CHAT = LastRow(AETHER_PROMPT, AETHER_ASKS)
aether_idle, aether_asks, aether_busy = AETHER_CHAT.idle, AETHER_CHAT.asks, AETHER_CHAT.busy


# --------------------------------------------------------------------------- DoStuff

#: its input box, empty, over its status row (the directory, the model, "ask mode", the
#: context used), and no "(ESC to cancel)" row above it: up, or a turn over
DOSTUFF_IDLE = re.compile(r"(?m)^╭─+╮\n│ +│\n╰─+╯\n .* ask mode ")
#: its selector drawn in the input box's place: "Do you want to proceed?" (or, for several
#: calls of one answer, "Allow these N actions?") over "❯ 1. Yes" (the block "⚠ Run shell
#: command:" and the command in the transcript above it)
DOSTUFF_ASKS = re.compile(
    r"(?m)^│ (?:Do you want to proceed\?|Allow these \d+ actions\?) +│\n│ ❯ 1\. ")
#: a turn under way: its row "Working... (ESC to cancel)  4s" (or "Running... ..."), or,
#: after Esc, "Cancelling...  5s" until the model's answer stops ("✻ Cancelled after 8s")
DOSTUFF_WORKING = re.compile(r"(?m)^ (?:\w+\.\.\. \(ESC to cancel\)|Cancelling\.\.\. )")


def dostuff_idle(text: str) -> bool:
    return (DOSTUFF_IDLE.search(text) is not None and DOSTUFF_WORKING.search(text) is None
            and DOSTUFF_ASKS.search(text) is None)


def dostuff_asks(text: str) -> bool:
    return DOSTUFF_ASKS.search(text) is not None


def dostuff_busy(text: str) -> bool:
    return DOSTUFF_WORKING.search(text) is not None and not dostuff_asks(text)


# --------------------------------------------------------------------------- AgentCode

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up): Rich's line prompt "❯ " alone
AGENTCODE_PROMPT = re.compile(r"(?m)^❯\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "  Allow? " under "⚡ Tool request: <tool>" and the call's arguments (its keys "[y/N]" are
#: written in Rich's markup, which takes them for a tag and draws nothing of them; a line
#: answered: y or n, then Enter)
AGENTCODE_ASKS = re.compile(r"(?m)^  Allow\?\s*\Z")

AGENTCODE_CHAT = LastRow(AGENTCODE_PROMPT, AGENTCODE_ASKS)
agentcode_idle, agentcode_asks, agentcode_busy = (
    AGENTCODE_CHAT.idle, AGENTCODE_CHAT.asks, AGENTCODE_CHAT.busy)


# --------------------------------------------------------------------------- CodeRill

#: its composer, empty: prompt_toolkit's framed editor showing its placeholder, over its key
#: hints (a line-mode chat: everything above scrolls up); 0.1.0: prompt_toolkit's line
#: prompt "you > " alone
CODERILL_PROMPT = re.compile(r"(?m)^│ *Describe a task, or type /help for commands…[^\n]*\n"
                             r"[^\n]*\n *Enter send · [^\n]*\s*\Z|^you > *\s*\Z")
#: its permission: prompt_toolkit's choice under the call's row ("Allow bash? {...}"):
#: " Choose a permission decision (arrow keys, Enter):" over its numbered options, the
#: pointer on the one selected ("1" selects Approve once; Enter answers); 0.1.0: under
#: the call's row ("allow bash? {...}") Rich's line prompt "  [y]es / [n]o / [a]lways > ",
#: whose keys its markup takes for tags and draws nothing of: "  es / o / lways > " on
#: the cursor's row (a line answered: y or n, then Enter)
CODERILL_ASKS = re.compile(r"(?m)^ ?Choose a permission decision \(arrow keys, Enter\):\s*\n"
                           r"(?:.*\n){0,3}.*\b3\. Deny: skip this operation\s*\Z"
                           r"|^  es / o / lways > *\s*\Z")

CODERILL_CHAT = LastRow(CODERILL_PROMPT, CODERILL_ASKS)
coderill_idle, coderill_asks, coderill_busy = (
    CODERILL_CHAT.idle, CODERILL_CHAT.asks, CODERILL_CHAT.busy)


# --------------------------------------------------------------------------- CoreCoder

#: its prompt, empty, as the screen's last row with anything on it (a line-mode chat:
#: everything scrolls up): prompt_toolkit's line prompt "You > " alone
CORECODER_PROMPT = re.compile(r"(?m)^You > *\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "  [y] allow once  [a] always allow this tool  [n] deny: " under "permission requested:
#: bash(command='...')" (a line answered: y or n, then Enter)
CORECODER_ASKS = re.compile(r"(?m)^  \[y\] allow once  \[a\] always allow this tool  "
                            r"\[n\] deny: *\s*\Z")

CORECODER_CHAT = LastRow(CORECODER_PROMPT, CORECODER_ASKS)
corecoder_idle, corecoder_asks, corecoder_busy = (
    CORECODER_CHAT.idle, CORECODER_CHAT.asks, CORECODER_CHAT.busy)


# --------------------------------------------------------------------------- vtx

#: its input box between two rules, ``› Ask anything · / commands · @ files`` while empty
#: (1.2: ``›`` alone), over its status rows (the directory, ``⏹ approvals: prompt``; 1.2:
#: ``⏹ prompt``), and no row ``... (esc to interrupt)`` above it: up, or a turn over
VTX_IDLE = re.compile(r"(?m)^─+\n ›(?: Ask anything .*)? *\n─+\n .*\n  ⏹ (?:approvals: )?prompt ")
#: its permission in the tool's block of the transcript, each row behind a bar ``▌``:
#: ``△ Permission required``, the command after ``$ bash``, then its two buttons on one row
#: and their hint
VTX_ASKS = re.compile(r"(?m)^ ▌ \[y\] approve +\[n\] deny +\(← → enter\)")
#: a turn under way: its spinner's row, a joke and ``(esc to interrupt)`` (then, while
#: tokens come, ``↓47``)
VTX_WORKING = re.compile(r"(?m)^ \S .*\(esc to interrupt\)")


def vtx_idle(text: str) -> bool:
    return (VTX_IDLE.search(text) is not None and VTX_WORKING.search(text) is None
            and VTX_ASKS.search(text) is None)


def vtx_asks(text: str) -> bool:
    return VTX_ASKS.search(text) is not None


def vtx_busy(text: str) -> bool:
    return VTX_WORKING.search(text) is not None and not vtx_asks(text)


# --------------------------------------------------------------------------- lindwyrm

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up)
LINDWYRM_PROMPT = re.compile(r"(?m)^you ›\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "  Allow? [y]es / [n]o / [a]lways (bash) / [q]uit: " under the call's row "→ bash
#: <command>" and "  BASH requested: run: <command>" (a line answered: y or n, then Enter)
LINDWYRM_ASKS = re.compile(r"(?m)^  Allow\? \[y\]es / \[n\]o / \[a\]lways \(bash\) / \[q\]uit:\s*\Z")

LINDWYRM_CHAT = LastRow(LINDWYRM_PROMPT, LINDWYRM_ASKS)
lindwyrm_idle, lindwyrm_asks, lindwyrm_busy = (
    LINDWYRM_CHAT.idle, LINDWYRM_CHAT.asks, LINDWYRM_CHAT.busy)


# --------------------------------------------------------------------------- Gemma

#: its prompt, empty, as the last row with anything on it (a readline chat: everything
#: scrolls up), or at start its last log row under it: "You: " is drawn before the
#: gateway's "[channel] cli" and "[gateway] Gemma is ready" are printed after it, and
#: readline reads the next line there
GEMMA_PROMPT = re.compile(r"(?m)^(?:You:|\[gateway\] Gemma is ready)\s*\Z")
#: its permission's line prompt "  > " as the last row with anything on it, nothing typed
#: after it, under "  Approve? (a)ll / (n)one / comma-separated numbers (e.g. 0,2)" (a
#: line answered: a or n, then Enter)
GEMMA_ASKS = re.compile(
    r"(?m)^  Approve\? \(a\)ll / \(n\)one / comma-separated numbers \(e\.g\. 0,2\)\s*\n"
    r"  >\s*\Z")

GEMMA_CHAT = LastRow(GEMMA_PROMPT, GEMMA_ASKS)
gemma_idle, gemma_asks, gemma_busy = GEMMA_CHAT.idle, GEMMA_CHAT.asks, GEMMA_CHAT.busy


# --------------------------------------------------------------------------- Letta Code

#: its composer, empty: "›" alone on its row (0.25.3: ">"), between two rules over
#: its footer row ("Press / for commands" at start, then in 0.25.9 "▶ standard (request
#: approval) mode (shift+tab to cycle)", its model on the right); drawn while a turn runs
#: too, gone while it asks
LETTA_COMPOSER = re.compile(r"(?m)^[›>] *$")
#: a turn running: its status row over the composer, a spinner ("-", "=", "≡"), the agent's
#: name and a verb that changes ("Letta Code is ruminating…"), then "(esc to interrupt)"
#: (its time and tokens after it once it counts; "(interrupting)" once Esc was pressed)
LETTA_BUSY = re.compile(r"(?m)^\S Letta Code is .*… \((?:esc to interrupt|interrupting)")
#: its permission, drawn in place of the composer under a rule: "Run this command?", the
#: command after "$" (its first three rows, "… +N more lines" under them), numbered options
#: ("❯ 1. Yes", "2. Yes, and don't ask again for '<command>' in this project" where it
#: offers that, "N. No, and tell Letta Code what to do differently"), then its key row
LETTA_ASKS = re.compile(r"(?m)^Run this command\?\s*$")
LETTA_ASKS_KEYS = re.compile(r"(?m)^Enter to select · Esc to cancel\s*$")
#: its AskUserQuestion's key row, the last of its question drawn in place of the composer
#: (its header, the question, numbered options each over its description, "N. Type
#: something.")
LETTA_QUESTION = re.compile(r"(?m)^Enter to select · Arrow to navigate · Esc to cancel\s*$")


def letta_asks(text: str) -> bool:
    """Its permission drawn in full: the question, the first option selected and its key
    row."""
    return (LETTA_ASKS.search(text) is not None and "❯ 1. Yes" in text
            and LETTA_ASKS_KEYS.search(text) is not None)


def letta_busy(text: str) -> bool:
    """A turn running: its status row drawn."""
    return LETTA_BUSY.search(text) is not None


def letta_idle(text: str) -> bool:
    """Up and idle, or a turn over: its empty composer, no status row, nothing asked."""
    return (LETTA_COMPOSER.search(text) is not None and not letta_busy(text)
            and not letta_asks(text) and LETTA_QUESTION.search(text) is None)


# --------------------------------------------------------------------------- coderio

#: its status row in its input bar, under the placeholder: "(就绪)" (ready) at rest, "➤" on
#: the right; while a turn runs a spinner and its phase, "⏹" on the right: "⠹ 步骤1 · 思考中 ·
#: 2.1s" (step 1, thinking: while the model is asked, its answer drawn only once whole),
#: "⠧ 步骤1 · 执行 execute · 2.1s · 107 tok" while a tool is asked for or runs ("[探索]"
#: before the phase once it has read)
CODERIO_READY = re.compile(r"(?m)^│ +\(就绪\) +➤ +│$")
CODERIO_WORKING = re.compile(r"(?m)^│ +[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] (?:步骤\d+ · )?(?:\[[^\]\n]*\] )?\S")
#: its permission, a rounded box in its input bar over the placeholder: "⚠ execute(<command>)"
#: on one row (cut at the box's edge), then "✅ 允许执行" (allow, selected), "❌ 拒绝" (deny),
#: "✎ 自定义回复" (a reply of one's own)
CODERIO_ASKS = re.compile(r"(?m)^│ *│ ⚠ \S+\(.*\n(?:.*\n){0,20}?│ *│ +✅ 允许执行 +│ *│$")


def coderio_asks(text: str) -> bool:
    return CODERIO_ASKS.search(text) is not None


def coderio_idle(text: str) -> bool:
    return CODERIO_READY.search(text) is not None and not coderio_asks(text)


def coderio_busy(text: str) -> bool:
    return CODERIO_WORKING.search(text) is not None and not coderio_asks(text)


# --------------------------------------------------------------------------- Ajna

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): "› "
AJNA_PROMPT = re.compile(r"(?m)^›\s*\Z")
#: its permission's line prompt "  > " as the last row with anything on it, nothing typed
#: after it, right under its keys' row "  [y] yes   [n] no   [a] always allow <rule>   [s]
#: always this session" (wrapped where the rule is long), itself under "  Run this command
#: <command>" and "  $ <command>" (a line answered: y or n, then Enter)
AJNA_ASKS = re.compile(r"(?m)\[s\] always this session\n  >\s*\Z")

AJNA_CHAT = LastRow(AJNA_PROMPT, AJNA_ASKS)
ajna_idle, ajna_asks, ajna_busy = AJNA_CHAT.idle, AJNA_CHAT.asks, AJNA_CHAT.busy

# --------------------------------------------------------------------------- CrabCode

#: its status row right over its composer's box, the box empty and its hint row the one of
#: rest: "  ● Ready" (after Ctrl+C stopped a turn "  ● Interrupted · Ctrl+C again within 5s
#: to exit", which stays) over "╭─ CrabCode ──╮", "│ ❯   │" and "╰─ Enter sends · Alt+Enter
#: / Ctrl+J newline · Ctrl+D exits ──╯"
CRABCODE_READY = re.compile(
    r"(?m)^  ● (?:Ready|Interrupted · Ctrl\+C again within \d+s to exit)\n"
    r"╭─ CrabCode ─+╮\n│ ❯ +│\n╰─ Enter sends · ")
#: while a turn runs its spinner's row over the box ("  ⠸ Thinking…", "  ⠼ Running… (3s)",
#: "  ⠋ Processing…") and the box's hint row "╰─ Enter queues · Ctrl+S steers · Ctrl+J
#: newline · Ctrl+C stops ──╯"
CRABCODE_WORKING = re.compile(r"(?m)^╰─ Enter queues · .*Ctrl\+C stops")
#: its permission's line prompt as the last row with anything on it, nothing typed after it
#: (its composer gone): "  Allow Bash? (y)es / (n)o / (a)lways allow / (f)eedback: " under
#: the call's box titled "⚠ Bash" holding the command (a line answered: y or n, then Enter)
CRABCODE_ASKS = re.compile(
    r"(?m)^  Allow \S+\? \(y\)es / \(n\)o / \(a\)lways allow / \(f\)eedback:\s*\Z")
#: its AskUser tool's question: the question, its options ("  ❯ ● red", "    ○ green"...)
#: and its hint as the last row with anything on it
CRABCODE_QUESTION = re.compile(r"(?m)^  ↑↓ navigate · enter select · esc cancel\s*\Z")


def crabcode_asks(text: str) -> bool:
    return CRABCODE_ASKS.search(text) is not None


def crabcode_idle(text: str) -> bool:
    return (CRABCODE_READY.search(text) is not None and not crabcode_asks(text)
            and CRABCODE_QUESTION.search(text) is None)


def crabcode_busy(text: str) -> bool:
    return (CRABCODE_WORKING.search(text) is not None and not crabcode_asks(text)
            and CRABCODE_QUESTION.search(text) is None)


# --------------------------------------------------------------------------- pcli

#: its status row at rest right over its composer's rounded box, empty (its placeholder):
#: " model: gpt-4o   cost: $0.0000   ctx: 0/128.0k (0%)   tokens: 0   tools: 0   sandbox:
#: subprocess" over "│ Ask pcli... (/help for all commands — Enter to send, Ctrl+J for a
#: newline)"; a toast may cover the box's right half for 5 s ("▌ Press Esc again to cancel
#: the current turn." over a turn it cancelled)
PCLI_READY = re.compile(r"(?m)^ model: .*\n ╭─.*\n │ Ask pcli\.\.\. \(/help for all commands")
#: its status row while a turn runs: a spinner and "Working..." before " model: ..."
PCLI_WORKING = re.compile(r"(?m)^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working\.\.\. ")
#: its permission, a modal dialog in a frame of half blocks over a blanked screen: "Tool
#: wants to run: run_shell", the call's arguments as a dict, "Executes an arbitrary shell
#: command.", then its four buttons in two rows, "Allow Once" and "Allow for Session" over
#: "Allow Always" and "Deny", none focused
PCLI_ASKS = re.compile(r"(?s)█  Tool wants to run: \S+.*?Allow Once +Allow for Session.*?"
                       r"Allow Always +Deny +█")
#: its ask_user_question tool's modal: the question, each option a button, then its input
#: "Or type your own answer and press Enter..." (focused)
PCLI_QUESTION = re.compile(r"(?m)^ *█  ▊  Or type your own answer and press Enter\.\.\. +▎  █$")


def pcli_asks(text: str) -> bool:
    return PCLI_ASKS.search(text) is not None


def pcli_idle(text: str) -> bool:
    return (PCLI_READY.search(text) is not None and not pcli_asks(text)
            and PCLI_QUESTION.search(text) is None)


def pcli_busy(text: str) -> bool:
    return (PCLI_WORKING.search(text) is not None and not pcli_asks(text)
            and PCLI_QUESTION.search(text) is None)


# --------------------------------------------------------------------------- pooh-code

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up): "[<session id> <context used>/<window>] You > "
POOH_PROMPT = re.compile(r"(?m)^\[[0-9a-f]+ [^\]\n]*\] You >\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "允许执行吗？输入 y 同意，n 拒绝: " under "[pooh-code] 命令执行审批", "cwd: <dir>" and
#: "command: <command>" (a line answered: y or n, then Enter)
POOH_ASKS = re.compile(r"(?m)^允许执行吗？输入 y 同意，n 拒绝:\s*\Z")

POOH_CHAT = LastRow(POOH_PROMPT, POOH_ASKS)
pooh_idle, pooh_asks, pooh_busy = POOH_CHAT.idle, POOH_CHAT.asks, POOH_CHAT.busy


# --------------------------------------------------------------------------- ChCode

#: its composer, empty, as the last rows with anything on them: " >" between two rules over
#: its status row ("gpt-4o  │  Common mode  │  Git  │  cwd: <dir>")
CHCODE_PROMPT = re.compile(r"(?m)^ >\s*\n─{20,}\n[^\n]*│ +(?:Common|Yolo) mode\b[^\n]*\s*\Z")
#: its permission, a questionary menu as the last rows: "? Action: (Use arrow keys)" over
#: "» approve" and "  reject" (the pointer on either), under "[HITL] bash" and the command
CHCODE_ASKS = re.compile(r"(?m)^\? Action: [^\n]*\n *(?:» )?approve\s*\n *(?:» )?reject\s*\Z")


def chcode_idle(text: str) -> bool:
    return CHCODE_PROMPT.search(text) is not None


def chcode_asks(text: str) -> bool:
    return CHCODE_ASKS.search(text) is not None


def chcode_busy(text: str) -> bool:
    return not chcode_idle(text) and not chcode_asks(text)


# --------------------------------------------------------------------------- Mcode

#: its prompt, empty, as the last rows with anything on them: "❯" under a heavy rule, blank
#: rows, then a rule over its bottom toolbar (" default │ fake │ <dir> │ <n> tokens │ Esc+↵
#: newline · Esc+U clear")
MEMOCODE_PROMPT = re.compile(r"(?m)^❯ *\n(?: *\n)*─{20,} *\n [^\n]*│[^\n]*Esc\+U clear\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "    Proceed? [y]es  [n]o  [a]lways ❯ " (without "[a]lways" where the answer cannot be
#: remembered) under "⚠️   <reason>" and "    shell_exec({'command': ...})" (a line
#: answered: y or n, then Enter)
MEMOCODE_ASKS = re.compile(r"(?m)^    Proceed\? \[y\]es  \[n\]o(?:  \[a\]lways)? ❯\s*\Z")


def memocode_idle(text: str) -> bool:
    return MEMOCODE_PROMPT.search(text) is not None


def memocode_asks(text: str) -> bool:
    return MEMOCODE_ASKS.search(text) is not None


def memocode_busy(text: str) -> bool:
    return not memocode_idle(text) and not memocode_asks(text)


# --------------------------------------------------------------------------- Quoriv

#: its composer, empty, as the last rows with anything on them: a box titled "| quoriv |"
#: over its status row (" openai:gpt-4o | mode=ask | <dir> | thread=<id>"), no status row
#: "  ▸ <verb>…" right above it (drawn while the model is asked)
QUORIV_PROMPT = re.compile(r"(?m)^┌─+\| quoriv \|─+┐ *\n│ +│ *\n└─+┘ *\n [^\n]*\| mode=[\w-]+ \|[^\n]*\s*\Z")
QUORIV_STATUS = re.compile(r"(?m)^  ▸ [^\n]*\n┌─+\| quoriv \|")
#: its permission, an inline picker above its composer: "Approve <tool>?", "Pick how to
#: handle this tool call.", the numbered choices "1. approve", "2. approve_always", "3.
#: reject" (the pointer ">" before one) and its hint "up/down navigate   Enter select   Esc
#: cancel", under a Rich panel of the call (its tool, args and description)
QUORIV_ASKS = re.compile(
    r"(?m)^  Approve \S+\? *\n  Pick how to handle this tool call\. *\n(?: *\n)*"
    r" *(?:> )?1\. approve\b[^\n]*\n *(?:> )?2\. approve_always\b[^\n]*\n"
    r" *(?:> )?3\. reject\b[^\n]*\n(?: *\n)* *up/down navigate +Enter select +Esc cancel")


def quoriv_idle(text: str) -> bool:
    return (QUORIV_PROMPT.search(text) is not None and QUORIV_STATUS.search(text) is None
            and QUORIV_ASKS.search(text) is None)


def quoriv_asks(text: str) -> bool:
    return QUORIV_ASKS.search(text) is not None


def quoriv_busy(text: str) -> bool:
    return not quoriv_idle(text) and not quoriv_asks(text)


# --------------------------------------------------------------------------- Andromity

#: its status row right over its composer's box, then the composer empty (its placeholder
#: "Message · / commands · @ skills"): at rest the status row starts with its connection
#: and model ("fake gpt-4o · reason:auto · safe · 0/131K · cost unknown · /help"), while a
#: turn runs with a spinner's frame ("⣾ · fake gpt-4o · ...")
ANDROMITY_AT_REST = re.compile(
    r"(?m)^ (?![⠀-⣿] · )[^\s│╭╰][^\n]*\n ╭─+╮[^\n]*\n │ "
    r"Message · / commands · @ skills +│")
ANDROMITY_WORKING = re.compile(r"(?m)^ [⠀-⣿] · [^\n]*\n ╭─+╮")
#: its permission: the viewer panel opened at the transcript's right, "Action: <tool>" and
#: its close button "✕" as its header, "Shell command:" and the command, its buttons "✓
#: Apply" and "✕ Reject" at its foot (level with the composer)
ANDROMITY_ASKS = re.compile(r"(?m)│ Action: \S+ +✕ +│[\s\S]*│ +✓ Apply +✕ Reject +│")
#: its question panel, drawn over its composer: its title "❓ Andromity needs 1 answer(s)
#: Tab=next · Ctrl+Enter=submit · Esc=skip", each question numbered, its options as radio
#: buttons, "Skip (Esc)" and "Submit (Ctrl+Enter)"
ANDROMITY_QUESTION = re.compile(r"(?m)^  ❓ Andromity needs \d+ answer\(s\) ")


def andromity_asks(text: str) -> bool:
    return ANDROMITY_ASKS.search(text) is not None


def andromity_idle(text: str) -> bool:
    return ANDROMITY_AT_REST.search(text) is not None and not andromity_asks(text)


def andromity_busy(text: str) -> bool:
    return ANDROMITY_WORKING.search(text) is not None and not andromity_asks(text)


# --------------------------------------------------------------------------- yamin

#: its prompt, empty, as the last rows with anything on them: "❯" and its placeholder
#: under a thin rule, blank rows, then a thin rule over its bottom toolbar ("  <model> ·
#: <branch> · <n> msgs", the session's cost after it where it has one)
YAMIN_PROMPT = re.compile(
    r'(?m)^─{20,} *\n❯ ask anything…  "fix the failing tests" *\n(?: *\n)*─{20,} *\n'
    r'  [^\n]* · \d+ msgs(?: · \$[0-9.]+)?\s*\Z')
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "    allow? (y/n) " under the call's row "  ● run_command(<command>)" (a line
#: answered: y or n, then Enter)
YAMIN_ASKS = re.compile(r"(?m)^    allow\? \(y/n\)\s*\Z")


def yamin_idle(text: str) -> bool:
    return YAMIN_PROMPT.search(text) is not None


def yamin_asks(text: str) -> bool:
    return YAMIN_ASKS.search(text) is not None


def yamin_busy(text: str) -> bool:
    return not yamin_idle(text) and not yamin_asks(text)


# --------------------------------------------------------------------------- minacode

#: its prompt, empty, as the last rows with anything on them: "> " and its placeholder (a
#: random hint, "Esc then Enter inserts a newline"...), then its status row "default/gpt-4o
#: | medium | skills 1 | ctx 0% | ..." (while a turn runs the prompt reads "+> Enter queues
#: follow-up · Ctrl-C interrupts" under a divider "--- ● working (2s) ---")
MINACODE_PROMPT = re.compile(r"(?m)^> [^\n]*\n(?: *\n)*default/gpt-4o \| [^\n]*\s*\Z")
#: its approval under the call's row "  Bash  <command>": the form's row "    │  Approve
#: Refuse     Tab to move" (the focused action in colour), then its input row "    │ reason
#: › " and a waiting frame (one of "|/-\\"), nothing typed, over its status row (Enter takes
#: the focused action, Approve; a typed line is a refusal's reason, "n" a plain refusal)
MINACODE_ASKS = re.compile(
    r"(?m)^    │  Approve    Refuse     Tab to move *\n    │ reason › [|/\\-] *\n"
    r"(?: *\n)*default/gpt-4o \| [^\n]*\s*\Z")
#: its Ask tool's selector over its status row: "(1/1) <question>", its choices numbered
#: (">  1. red", "   2. blue", "   3. Type freely..."), then "↑/↓ or j/k move · Enter
#: select/next · Tab switch · n notes · / search · Esc cancel · (1/1)" (Enter takes the one
#: marked ">")
MINACODE_QUESTION = re.compile(
    r"(?m)^\(\d+/\d+\) [^\n]*\n(?: *\n)*(?:[> ]  \d+\. [^\n]*\n)+(?: *\n)*"
    r"↑/↓ or j/k move · Enter select/next [^\n]*\n(?: *\n)*default/gpt-4o \| [^\n]*\s*\Z")


def minacode_idle(text: str) -> bool:
    return MINACODE_PROMPT.search(text) is not None


def minacode_asks(text: str) -> bool:
    return MINACODE_ASKS.search(text) is not None


def minacode_question(text: str) -> bool:
    return MINACODE_QUESTION.search(text) is not None


def minacode_busy(text: str) -> bool:
    return not minacode_idle(text) and not minacode_asks(text) and not minacode_question(text)


# --------------------------------------------------------------------------- MForege

#: its status row with no phase timer (" ◆ gpt-4o · 0m" ... "✕ End session") right over its
#: input box, empty (a box of blank rows); a full-screen
#: prompt_toolkit app, its transcript above (while a turn runs the status row reads " ◆
#: gpt-4o · 0m │ ⏳ thinking 3s (Esc=stop)")
MFOREGE_PROMPT = re.compile(
    r"(?m)^ ◆ [^\n⏳]*✕ End session *\n┌─+┐ *\n(?:│ +│ *\n)+└─+┘\s*\Z")
#: its question bar right over its status row: " ⚠ <command>   (type y/n + Enter)" (one row:
#: a long command cut at the screen's edge, a multi-line one shown by its first line),
#: answered by a line typed into its input box (y or n, then Enter; Enter alone refuses)
MFOREGE_ASKS = re.compile(r"(?m)^ ⚠ [^\n]*\n ◆ [^\n]*✕ End session *\n┌─")


def mforege_asks(text: str) -> bool:
    return MFOREGE_ASKS.search(text) is not None


def mforege_idle(text: str) -> bool:
    return MFOREGE_PROMPT.search(text) is not None and not mforege_asks(text)


def mforege_busy(text: str) -> bool:
    return not (mforege_idle(text) or mforege_asks(text))


# --------------------------------------------------------------------------- Axion Code

#: its prompt, empty (or its placeholder "Try: ..." drawn in it), over blank rows and its
#: bottom toolbar (" axion │ /help for commands │ Ctrl+C to interrupt", after a turn " gpt-4o
#: │ turn 1 │ ..."): a prompt_toolkit prompt at the foot of the main screen
AXION_PROMPT = re.compile(r"(?m)^axion > (?:Try: [^\n]*)? *\n(?: *\n)*[^\n]*│[^\n]*\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "Allow? :" (its "[y/N/a(lways)]" eaten as Rich markup) right under its panel titled
#: "⚠ Permission Required" (its rows "  Tool:     Bash", "  Mode:     prompt → needs
#: workspace-write", "  Reason:   Tool 'Bash' requires approval", "  Input:    {"command":
#: ...}"), no toolbar under it (a line answered: y or n, then Enter)
AXION_ASKS = re.compile(r"(?m)^Allow\? :\s*\Z")


def axion_asks(text: str) -> bool:
    return AXION_ASKS.search(text) is not None


def axion_idle(text: str) -> bool:
    return AXION_PROMPT.search(text) is not None and not axion_asks(text)


def axion_busy(text: str) -> bool:
    return not (axion_idle(text) or axion_asks(text))


# --------------------------------------------------------------------------- choreoai-cli

#: its prompt, empty, as the last row with anything on it: "choreo> " (a multi-line
#: prompt_toolkit prompt on the main screen, sent by Esc, then Enter; its turns printed with
#: Rich above it, each ending in its answer's panel titled "Answer" and a row "budget: ...")
CHOREO_PROMPT = re.compile(r"(?m)^choreo> *\s*\Z")
#: its permission's line prompt, read by input() while its Rich spinner goes on: "Allow
#: shell command? [y/N/always/deny <pattern>]", "  $ <command>" (a multi-line command's later
#: rows at the screen's left edge, a long word wrapped to the next row, a 61-row one pushing
#: the question off the top), ">" and under it the spinner's row ("⠇ thinking…", redrawn
#: about 12 times a second all the while), the cursor at its end: those two as the last rows
#: (a line answered: y or n, then Enter; the letter is echoed after "thinking…" until the
#: spinner's next frame wipes it)
CHOREO_ASKS = re.compile(r"(?m)^>\s*\n[\u2800-\u28ff] [a-z ]+…\s*\Z")


def choreo_asks(text: str) -> bool:
    return CHOREO_ASKS.search(text) is not None


def choreo_idle(text: str) -> bool:
    return CHOREO_PROMPT.search(text) is not None and not choreo_asks(text)


def choreo_busy(text: str) -> bool:
    return not (choreo_idle(text) or choreo_asks(text))


# --------------------------------------------------------------------------- Alan Code

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up; nothing is drawn while the model is asked or a command runs)
ALANCODE_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "Your choice: " under "? Allow Bash?", "Tool 'Bash' wants to execute with input:
#: {'command': ...}", "  1) Allow", "  2) Deny", "  3) Allow always "<first word> *"
#: commands", "  Or type your own answer" and a blank row (a line answered: 1 or 2, then
#: Enter)
ALANCODE_ASKS = re.compile(r"(?m)^\? Allow \w+\?\n(?:[^\n]*\n)*?  Or type your own answer\n"
                           r"\s*\nYour choice:\s*\Z")
#: its question (its AskUserQuestion tool) the same way: "? <question>", its options
#: numbered "  1) red", "  Or type your own answer", then "Your choice: "
ALANCODE_QUESTION = re.compile(r"(?m)^\? (?!Allow \w+\?\n)[^\n]*\n(?:  \d+\) [^\n]*\n)+"
                               r"  Or type your own answer\n\s*\nYour choice:\s*\Z")

ALANCODE_CHAT = LastRow(ALANCODE_PROMPT, ALANCODE_ASKS)
alancode_idle, alancode_asks, alancode_busy = (
    ALANCODE_CHAT.idle, ALANCODE_CHAT.asks, ALANCODE_CHAT.busy)


# --------------------------------------------------------------------------- ZettCode

#: its status row as the last row with anything on it, idle: "  ● ready" (then its token
#: counters and "^C/Esc to interrupt  ^D exit" at the right); while a turn is on its glyph
#: turns and the word is "running" ("  · running ..."); while it asks, the row is gone (its
#: panel in the composer's place)
ZETTCODE_READY = re.compile(r"(?m)^  ● ready\b[^\n]*\s*\Z")
#: its permission: a panel at the foot of the screen in the composer's place, "Would you
#: like to run the following command?", "Environment: local · Permission: ask", "$
#: <command>", then five numbered choices ("▸ 1. Yes, proceed (y)" ... "5. No, and say
#: what to do differently (esc)"), the last the last row with anything on it; answered by
#: a key
ZETTCODE_ASKS = re.compile(r"(?m)^ *(?:▸ )?\d\. No, and say what to do differently "
                           r"\(esc\)\s*\Z")
#: its ask_user question in the same place: the question, its numbered choices ("▸ ✓  1.
#: Red") over the hint row "› up/down choose, enter sends · or type an answer · esc
#: cancels", the last row with anything on it
ZETTCODE_QUESTION = re.compile(r"(?m)^› up/down choose, enter sends · or type an answer · "
                               r"esc cancels\s*\Z")


def zettcode_asks(text: str) -> bool:
    return ZETTCODE_ASKS.search(text) is not None


def zettcode_question(text: str) -> bool:
    return ZETTCODE_QUESTION.search(text) is not None


def zettcode_idle(text: str) -> bool:
    return (ZETTCODE_READY.search(text) is not None and not zettcode_asks(text)
            and not zettcode_question(text))


def zettcode_busy(text: str) -> bool:
    return not (zettcode_idle(text) or zettcode_asks(text) or zettcode_question(text))


# --------------------------------------------------------------------------- Aizen

#: its prompt, empty (``╰─ ▸`` under ``╭─ aizen ─ <folder>``), over blank rows and its bottom
#: toolbar (" ◈ 0 tokens │ 0 msgs │ gpt-4o │ ctx: 0%"): a prompt_toolkit prompt at the foot of
#: the main screen (gone while a turn runs: then the row "⡿  Exploring..." under the prompt)
AIZEN_PROMPT = re.compile(r"(?m)^╰─ ▸ *\n(?: *\n)* ◈ [^\n]*│[^\n]*\s*\Z")
#: its permission's questionary menu, not yet answered: "? ▸ Allow?  (Use ↑/↓ arrows to
#: select, Enter to submit)" over " » Yes, allow this time", "   No, deny", "   Always allow
#: (YOLO mode)", right under its panel "◆ AIZEN wants to run:" (the command); once answered
#: the row reads "? ▸ Allow? Yes, allow this time" (Enter approves, Down then Enter refuses)
AIZEN_ASKS = re.compile(r"(?m)^\? ▸ Allow\?  \(Use ↑/↓ arrows to select, Enter to submit\)")


def aizen_asks(text: str) -> bool:
    return AIZEN_ASKS.search(text) is not None


def aizen_idle(text: str) -> bool:
    return AIZEN_PROMPT.search(text) is not None and not aizen_asks(text)


def aizen_busy(text: str) -> bool:
    return not (aizen_idle(text) or aizen_asks(text))


# --------------------------------------------------------------------------- Bayan

#: its composer, empty: the row '│ > Try "explain this project" · @file · !cmd │' boxed in
#: rules at the foot of the main screen over its status row ("  ? for shortcuts" left, the
#: context used and the model right); gone while a turn runs (then the spinner's row
#: "✢ Coalescing… (1s · esc to interrupt)", its verb picked at random, under the transcript)
BAYAN_PROMPT = re.compile(
    r'(?m)^│ > Try "explain this project" · @file · !cmd +│\n╰─+╯\n  \S[^\n]*\s*\Z')
#: its permission, not yet answered: a box drawn in place ("Bash command" over the command's
#: rows, "Do you want to proceed?") ending in its three numbered choices, the pointer "❯" on
#: the selected one (Enter approves the first, "3" refuses: the model is told)
BAYAN_ASKS = re.compile(
    r"(?m)^│ [❯ ] 1\. Yes +│\n│ [❯ ] 2\. Yes, and don't ask again this session \(full access\) +│\n"
    r"│ [❯ ] 3\. No, and tell Bayan what to do differently +│\n╰─+╯")


def bayan_asks(text: str) -> bool:
    return BAYAN_ASKS.search(text) is not None


def bayan_idle(text: str) -> bool:
    return BAYAN_PROMPT.search(text) is not None and not bayan_asks(text)


def bayan_busy(text: str) -> bool:
    return not (bayan_idle(text) or bayan_asks(text))


# --------------------------------------------------------------------------- OneFirewall AI

#: its prompt, empty ("❯ "), over blank rows and its bottom toolbar (" gpt-4o  ·  ask before
#: changes (shift+tab)  ·  context 0%  ·  <session>"): a prompt_toolkit prompt at the foot of
#: the main screen, gone while a turn runs (then its spinner's row "⠹ Thinking… 1s (Ctrl+C to
#: interrupt)" under the transcript)
ONEFIREWALL_PROMPT = re.compile(r"(?m)^❯ *\n(?: *\n)* gpt-4o  ·  [^\n]*context \d+%[^\n]*\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after it:
#: "Allow? " right under its legend row "  yes   a always allow 'bash(...)' this session   no
#: (or type what to do instead)", itself under its Rich panel titled "Run: <the command's
#: first row>" (the command); answered by a line (y approves, n refuses)
ONEFIREWALL_ASKS = re.compile(r"(?m)\(or type what to do instead\) *\nAllow\? *\s*\Z")
#: its question (its ask_user tool): a panel "Question" over its numbered options "  1) Red"
#: and the line prompt "Your answer (number or text): " as the last row, nothing typed
ONEFIREWALL_QUESTION = re.compile(r"(?m)^Your answer \(number or text\): *\s*\Z")


def onefirewall_asks(text: str) -> bool:
    return (ONEFIREWALL_ASKS.search(text) is not None
            or ONEFIREWALL_QUESTION.search(text) is not None)


def onefirewall_idle(text: str) -> bool:
    return ONEFIREWALL_PROMPT.search(text) is not None and not onefirewall_asks(text)


def onefirewall_busy(text: str) -> bool:
    return not (onefirewall_idle(text) or onefirewall_asks(text))


# --------------------------------------------------------------------------- nrgrd

#: its prompt, empty ("nrgrd> ", under its context bar "context ━──... ≈1.2k / 128k · 1% ·
#: window from config"), over blank rows and its bottom toolbar (" / for commands · Ctrl+V
#: pastes an image · /attach adds files"): a prompt_toolkit prompt at the foot of the main
#: screen, gone while a turn runs (then the user's panel "User" and, once the stream comes,
#: the answer's panel "Nrgrd" are the last rows: no spinner while the model is silent)
NRGRD_PROMPT = re.compile(r"(?m)^nrgrd> *\n(?: *\n)* / for commands · Ctrl\+V pastes an image[^\n]*\s*\Z")
#: its permission's line prompt (Rich's Prompt.ask) as the last row with anything on it,
#: nothing typed after it: "Allow?  Yes   No   Always allow this tool this session [y/n/a]
#: (n):" (its "[y]", "[n]", "[a]" eaten as Rich markup) right under its panel titled "Nrgrd
#: wants to run: shell" (the command); answered by a line (y approves, n refuses)
NRGRD_ASKS = re.compile(r"(?m)^Allow\?[^\n]*\[y/n/a\] \(n\): *\s*\Z")


def nrgrd_asks(text: str) -> bool:
    return NRGRD_ASKS.search(text) is not None


def nrgrd_idle(text: str) -> bool:
    return NRGRD_PROMPT.search(text) is not None and not nrgrd_asks(text)


def nrgrd_busy(text: str) -> bool:
    return not (nrgrd_idle(text) or nrgrd_asks(text))


# --------------------------------------------------------------------------- Qwen Code Termux

#: its composer, empty: "   Type your message or @path/to/file" after ">" between two rules,
#: over its status rows ("  ➜ work · gpt-4o", "  ⏸ Ask permissions (shift + tab to cycle)";
#: 0.18.0-termux: the one row "  ? for shortcuts"); an Ink app drawn in place at the foot of
#: the main screen
QWENTERMUX_COMPOSER = re.compile(
    r"(?m)^>   Type your message or @path/to/file *\n─+ *\n  (?:➜ |\? for shortcuts)")
#: its spinner's row while a turn runs: a braille frame, a phrase picked at random, its time
#: and its key to stop ("  ⠹ Polishing the algorithms... (3s · esc to cancel)"; the tokens
#: in it once the model answers: "(0s · ↓ 28 tokens · esc to cancel)"); "  ⠏ Waiting for
#: user confirmation..." under a dialog
QWENTERMUX_SPINNER = re.compile(r"(?m)^  [\u2800-\u28ff] \S[^\n]*(?:esc to cancel\)|Waiting for user confirmation\.\.\.)")
#: its permission, not yet answered: "? Shell <command> (<description>) ←", the command,
#: "   Allow execution of: 'rm'?" over "   › 1. Yes, allow once", "     2. Always allow run
#: 'rm *' commands in this project", "     3. ... for this user", "     4. No, suggest
#: changes (esc)"; Enter approves, Esc refuses (the turn stops). 0.18.0-termux draws them
#: in a rounded box, no blank rows ("  │ Allow execution of: 'mkdir, python3'?  │" over
#: "  │ › 1. Yes, allow once  │")
QWENTERMUX_ASKS = re.compile(r"(?m)^(?:   |  │ )Allow execution of: [^\n]*\?[ │]*\n(?:[ │]*\n)*"
                             r"(?:   |  │ )› 1\. Yes, allow once")
#: its question (ask_user_question), not yet answered: "? AskUserQuestion Ask user 1
#: question ←", its header, the question, "   ❯ 1. Red" (each choice's description under
#: it), "     3. Type something..." and the legend "   ↑/↓: Navigate | Enter: Select | Esc:
#: Cancel"
QWENTERMUX_QUESTION = re.compile(r"(?m)^(?:   |  │ )❯ 1\. [^\n]*\n(?:[^\n]*\n)*?"
                                 r"(?:   |  │ )↑/↓: Navigate \| Enter: Select \| Esc: Cancel")


def qwentermux_asks(text: str) -> bool:
    return QWENTERMUX_ASKS.search(text) is not None


def qwentermux_idle(text: str) -> bool:
    return (QWENTERMUX_COMPOSER.search(text) is not None
            and QWENTERMUX_SPINNER.search(text) is None and not qwentermux_asks(text)
            and QWENTERMUX_QUESTION.search(text) is None)


def qwentermux_busy(text: str) -> bool:
    return QWENTERMUX_SPINNER.search(text) is not None and not qwentermux_asks(text)


# --------------------------------------------------------------------------- AI-Commander

#: its status row under its prompt box, at rest: "● ready  step 0/500 │ ctx 0/80.0k 0% │ Σ 0 tok
#: │ 0 tok/s │ approve: ask │ questions on │ sandbox ✓" (a spinner and "thinking 2.1s",
#: "running 1.6s: <command>" while a turn runs, "◆ waiting for your approval" under its
#: permission, "? waiting for your answer" under its question)
AIC_READY = re.compile(r"(?m)^ ● ready  step \d+/\d+ │")
#: its permission: a modal box drawn over the middle of its screen, "╔═ Approve command ═..╗"
#: over "The agent wants to run this command:", the command (16 rows at most, scrolled),
#: three edged buttons "Yes (y)", "No (n)", "Always (a)" and an input "…or type a
#: suggestion for the agent and press Enter"; answered by a key alone (y, n, a)
AIC_ASKS = re.compile(r"╔═ Approve command ═+╗ *[│ ]*\n.*║ The agent wants to run this command:")
#: its question (its ask_user tool): "── Question · <time> ──" over the question and "  type
#: your answer in the prompt and press Enter" in its log, its status row "? waiting for your
#: answer"; answered by a line typed in its prompt box
AIC_QUESTION = re.compile(r"(?m)^ \? waiting for your answer  step ")


def aic_asks(text: str) -> bool:
    """Its permission's modal box drawn."""
    return AIC_ASKS.search(text) is not None


def aic_question(text: str) -> bool:
    """Its status row waiting for the answer to its question."""
    return AIC_QUESTION.search(text) is not None


def aic_quits(text: str) -> bool:
    """Its quit confirmation drawn (Ctrl+Q): "Quit AI-Commander?" over "Quit (y)", "Stay (n)"."""
    return "Quit AI-Commander?" in text and "Quit (y)" in text


def aic_idle(text: str) -> bool:
    """Its status row at rest, no modal box drawn."""
    return (AIC_READY.search(text) is not None and not aic_asks(text)
            and not aic_quits(text))


def aic_busy(text: str) -> bool:
    return not (aic_idle(text) or aic_asks(text) or aic_question(text) or aic_quits(text))


# --------------------------------------------------------------------------- neo

#: its composer, empty (the placeholder "Ask neo…  ( / for commands, @ for files )" in its
#: box), right under its rule and a blank row: a Textual app on the alternate screen (while
#: a turn runs that blank row holds its spinner's row " ⠋ thinking · 7s")
NEO_PROMPT = re.compile(r"(?m)^─{40,}\n *\n ╭─+╮\n │ Ask neo…")
#: its permission, a modal box drawn over the whole screen: "permission required" over the
#: tool and the command ("bash  →  touch x1.txt"), the command again, the buttons "Allow
#: once", "Always allow", "Reject" and the hint "up/down move · enter select · esc reject"
#: (Enter approves, Escape refuses); a command taller than the screen pushes the buttons
#: and the hint out of the box, its first rows shown under the title
NEO_ASKS = re.compile(r"│  permission required +│\n *│ +│\n *│  \S+  →  ")
#: its question tool's modal box: "question" over "<header>: <question>" and a button per
#: choice (Enter takes the first)
NEO_QUESTION = re.compile(r"│  question +│\n(?: *│ +│\n)* *│  [^\n]*: Which color")


def neo_asks(text: str) -> bool:
    return NEO_ASKS.search(text) is not None


def neo_idle(text: str) -> bool:
    return (NEO_PROMPT.search(text) is not None and not neo_asks(text)
            and NEO_QUESTION.search(text) is None)


def neo_busy(text: str) -> bool:
    return not (neo_idle(text) or neo_asks(text) or NEO_QUESTION.search(text) is not None)


# --------------------------------------------------------------------------- AbstractCode

#: its input row, empty (``>``), over its two status rows, the first with no spinner in
#: front: " Agent :  [react ▼]  │ openai | gpt-4o | Context(next): ..." and " Enter=submit
#: | ↑/↓=history | ..." (while a turn runs the first reads " ⠼ Thinking (step 1/25)...  │
#: Agent :  ..."); a full-screen prompt_toolkit app, its transcript above a rule
ABSTRACTCODE_PROMPT = re.compile(
    r"(?m)^> *\n(?: *\n)* Agent :  \[react ▼\][^\n]*\n Enter=submit \|[^\n]*\s*\Z")
#: its approval, the transcript's last row right above the input's rule, nothing typed at
#: the input row: "Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:" under "Tool
#: approval required" and the call's rows ("▶ Tool Call: execute_command …", "  args:
#: {"command": ...}", "  result: (running…)"); answered by a line typed at the input row
ABSTRACTCODE_ASKS = re.compile(
    r"(?m)^Approve \w+\? \[y\]es/\[n\]o/\[a\]ll/\[e\]dit/\[q\]uit: *\n─{40,} *\n(?: *\n)*> *\n")
#: its second step for a shell command, once "y" is answered ("  → y" under the first):
#: "Type 'run' to execute this command:" (any other line refuses it)
ABSTRACTCODE_CONFIRM = re.compile(
    r"(?m)^Type 'run' to execute this command: *\n─{40,} *\n(?: *\n)*> *\n")
#: its ask_user tool's prompt under the question and its numbered choices ("  [1] red"):
#: "Choice (number or text):"
ABSTRACTCODE_QUESTION = re.compile(
    r"(?m)^Choice \(number or text\): *\n─{40,} *\n(?: *\n)*> *\n")


def abstractcode_idle(text: str) -> bool:
    """Its input row empty, no spinner, and no prompt of a tool waiting above it."""
    return (ABSTRACTCODE_PROMPT.search(text) is not None and not abstractcode_asks(text)
            and not abstractcode_confirm(text) and not abstractcode_question(text))


def abstractcode_asks(text: str) -> bool:
    return ABSTRACTCODE_ASKS.search(text) is not None


def abstractcode_confirm(text: str) -> bool:
    return ABSTRACTCODE_CONFIRM.search(text) is not None


def abstractcode_question(text: str) -> bool:
    return ABSTRACTCODE_QUESTION.search(text) is not None


def abstractcode_busy(text: str) -> bool:
    return not (abstractcode_idle(text) or abstractcode_asks(text)
                or abstractcode_confirm(text) or abstractcode_question(text))


# --------------------------------------------------------------------------- Marim

#: its status row over its composer's box: the approval mode, the model, the context, the
#: tokens and the session's time (" ask · local:gpt-4o · ctx 0/100k (0%) · 0↑ 0⚡ 0↓ ·
#: session 8s", " · ttft 1.2s" once a model has answered); " · working… 4s" last while a
#: turn runs (its title's mark a braille spinner then, "●" at rest)
MARIM_STATUS = re.compile(r"(?m)^ (?:ask|auto|plan)(?: · full-access)? · [^\n]*· session ")
MARIM_WORKING = re.compile(r"(?m)^ (?:ask|auto|plan)(?: · full-access)? · [^\n]*· session "
                           r"[^\n]*· working… \S+ *$")
#: at rest: its status row with no "working…", its composer's rounded box right under it,
#: empty
MARIM_AT_REST = re.compile(r"(?m)^ (?:ask|auto|plan)(?: · full-access)? · (?![^\n]*working… )"
                           r"[^\n]*· session [^\n]*\n╭─+╮\n│ +│\n╰─+╯")
#: its permission, a rounded box over its status row: "Approve  bash?", the command after
#: "$ ", the buttons "Deny (d)" and "Approve (a)" at its right; the footer's first hints
#: "a Approve  d Deny"
MARIM_ASKS = re.compile(r"(?m)^│  Approve  \S+\? +│$")
#: its ask_user question, a rounded box over its status row: the question, its choices as
#: buttons, "or type your own answer…" last; the footer's first hint "esc Cancel"
MARIM_QUESTION = re.compile(r"(?m)^│  ▊  or type your own answer… +▎  │$")


def marim_asks(text: str) -> bool:
    return MARIM_ASKS.search(text) is not None or MARIM_QUESTION.search(text) is not None


def marim_idle(text: str) -> bool:
    return MARIM_AT_REST.search(text) is not None and not marim_asks(text)


def marim_busy(text: str) -> bool:
    return MARIM_WORKING.search(text) is not None and not marim_asks(text)


# --------------------------------------------------------------------------- LansCoder

#: its activity row, the row over the rule above its composer ("   idle · ready", "   thinking
#: [.. ] ...", "   waiting · permission ... 1.3s · 0 tools", "   done ... 5.3s · 1 tool"):
#: its first words, then its rule
LANSCODER_ACTIVITY = re.compile(r"(?m)^   (\S[^\n]*?) *\n  ─{20,} *$")
#: its composer, empty: its placeholder under the rule
LANSCODER_COMPOSER = re.compile(
    r"(?m)^  ─{20,} *\n   输入消息，Enter 发送，Shift\+Enter 换行，Ctrl/Cmd\+V 粘贴图片")
#: its permission waiting: its choices "  [1] deny  [2] allow once  [3] allow always" the
#: last row of its transcript (under "permission requested  execute_shell <command>" and
#: the reason), its activity row "waiting · permission" under them (answered by a number
#: typed into its composer, then Enter; the rows stay in its transcript once answered)
LANSCODER_ASKS = re.compile(r"(?m)^ *│   \[1\] deny  \[2\] allow once  \[3\] allow always *\n"
                            r"(?: *\n)*   waiting · permission\b[^\n]*\n  ─{20,} *$")
#: its ask_user question waiting: the question and its choices "  [1] red  [2] blue" the last
#: rows of its transcript, its activity row "waiting · input" under them (answered as the
#: permission is)
LANSCODER_QUESTION = re.compile(r"(?m)^ *│   \[1\] (?!deny  \[2\] allow once)\S[^\n]*\n"
                                r"(?: *\n)*   waiting · input\b[^\n]*\n  ─{20,} *$")


def _lanscoder_activity(text: str) -> str | None:
    found = LANSCODER_ACTIVITY.findall(text)
    return found[-1] if found else None


def lanscoder_asks(text: str) -> bool:
    """A permission waiting: its activity row "waiting · permission", its choices drawn."""
    return LANSCODER_ASKS.search(text) is not None


def lanscoder_question(text: str) -> bool:
    """Its ask_user question waiting: its activity row "waiting · input", its choices drawn."""
    return LANSCODER_QUESTION.search(text) is not None


def lanscoder_idle(text: str) -> bool:
    """At rest: its activity row "idle · ready", "done" (a turn's end, its time after it)
    or "interrupted", its composer empty."""
    activity = _lanscoder_activity(text)
    return (activity is not None
            and re.match(r"(?:idle · ready|done|interrupted)(?: |$)", activity) is not None
            and LANSCODER_COMPOSER.search(text) is not None)


def lanscoder_busy(text: str) -> bool:
    """A turn going on: its activity row any other than at rest or waiting."""
    activity = _lanscoder_activity(text)
    return (activity is not None
            and re.match(r"(?:idle · ready|done|interrupted|waiting · )", activity) is None)


# --------------------------------------------------------------------------- yncli

#: at rest: its prompt "build > " (its mode's name) as the last row with anything on it,
#: nothing typed after it
YNCLI_PROMPT = re.compile(r"(?m)^build >\s*\Z")
#: its permission's menu under "Allow execution of <tool>?", its line prompt "Pilih (1/2/3
#: atau y/a/n): " as the last row with anything on it, nothing typed after it (a line
#: answered: 1 or y allows, 3 or n refuses, then Enter)
YNCLI_ASKS = re.compile(r"(?m)^    3\. No, deny execution *\n(?: *\n)*"
                        r"Pilih \(1/2/3 atau y/a/n\):\s*\Z")


def yncli_idle(text: str) -> bool:
    return YNCLI_PROMPT.search(text) is not None


def yncli_asks(text: str) -> bool:
    return YNCLI_ASKS.search(text) is not None


def yncli_busy(text: str) -> bool:
    return not yncli_idle(text) and not yncli_asks(text)


# --------------------------------------------------------------------------- Aru

#: its composer's rounded box, empty: its placeholder "Type a message · / commands · @ files
#: · Tab accepts · Enter sends · ..." on its first row
ARU_COMPOSER = re.compile(r"(?m)^│ Type a message · / commands · @ files · ")
#: its sign of work over its status row while a turn is in flight: a spinner's frame and a
#: phrase ("⠋ Thinking…", "⠙ Pondering…"...), hidden while a prompt of its waits
ARU_WORKING = re.compile(r"(?m)^ *[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] [A-Z][a-z]+… *(?:│|$)")
#: its permission, inline in its transcript under a panel titled "bash: <command>" (the
#: command and "cwd: <folder>" in it), where its composer was: a rounded box "Choose an
#: option:", "Scroll up to review · ↑↓ to navigate · Enter to confirm · Esc to cancel" and
#: a list of its options, "Yes" and "No, and tell Aru what to do differently" (the chosen
#: one highlighted), each row led by "▊ "
ARU_ASKS = re.compile(r"(?m)^│  ▊ No, and tell Aru what to do differently +▎  │")


def aru_asks(text: str) -> bool:
    return ARU_ASKS.search(text) is not None


def aru_idle(text: str) -> bool:
    return (ARU_COMPOSER.search(text) is not None and ARU_WORKING.search(text) is None
            and not aru_asks(text))


def aru_busy(text: str) -> bool:
    return ARU_WORKING.search(text) is not None and not aru_asks(text)


# --------------------------------------------------------------------------- CDD Agent

#: at rest: its status area's rows blank, its composer's rounded box empty, its mode row
#: under it ("▶ NORMAL MODE - Shift+Tab to cycle modes"; "PLAN MODE" once cycled)
CDD_AT_REST = re.compile(r"(?m)^ *\n *\n *\n ╭─+╮\n │ +│\n ╰─+╯\n ▶ [A-Z]+ MODE - ")
#: its sign of work in its status area over the composer: "💭 <a fun message>..." (its
#: dots growing, its message changing every three), "🔧 <a verb>: <tool>" as a tool is
#: called, "✓ <tool> completed" once it is done; cleared as the answer streams
CDD_WORKING = re.compile(r"(?m)^ *(?:💭 |🔧 |✓ \w+ completed|✗ Error in )")
#: its permission in its status area over the composer: "⚠️  ACTION REQUIRED ⚠️",
#: "   Tool: run_bash (command=<its first 30 characters>)", then its three options, the
#: chosen one led by ">": "   > [1] Allow    [2] Deny    [3] Session"
CDD_ASKS = re.compile(r"(?m)\[1\] Allow +\[2\] Deny +\[3\] Session *$")


def cdd_asks(text: str) -> bool:
    return CDD_ASKS.search(text) is not None


def cdd_idle(text: str) -> bool:
    return CDD_AT_REST.search(text) is not None and not cdd_asks(text)


def cdd_busy(text: str) -> bool:
    return CDD_WORKING.search(text) is not None and not cdd_asks(text)


# --------------------------------------------------------------------------- wizolt

#: at rest: the input's rule (a plain rule, no words in it), its prompt "> " (its
#: placeholder a tip that changes each turn, "Ctrl-R searches prompt history"; "starting…"
#: for its first second, while it loads: not yet at rest), then its status row "[main]
#: default/gpt-4o · medium | mcp 0 · skills 1 | ctx 0% · cache 0%"
WIZOLT_AT_REST = re.compile(
    r"(?m)^─{40,} *\n(?: *\n)*> (?!starting…)[^\n]*\n(?: *\n)*\[main\] ")
#: while a turn runs: the input's rule holds what it does and the time, "─── ● working (2s)
#: ───" (its dot blinking), "─── ● responding (9s · ↓ 17 tok/s) ───" while words stream,
#: its prompt "+> Enter follow-up · Tab next turn · Ctrl-C interrupts"
WIZOLT_WORKING = re.compile(r"(?m)^─+ (?:● )?(?:working|responding) \(")
#: its permission, under the input's rule in place of its prompt: the buttons "Approve" and
#: "Refuse" (the selected one in reverse), the hint "Enter runs it · Tab to move · Esc
#: refuses", a row "reason ›" under them, a rule "│" at their left; the call's row
#: "Bash  <command>" above in the transcript; "[wait 1]" first in the status row
WIZOLT_ASKS = re.compile(
    r"(?m)^ +│ +Approve +Refuse +Enter runs it · Tab to move · Esc refuses")
#: its Ask tool's question in place of its prompt: "(1/1) <question>", its choices
#: numbered, "Type freely..." last, then the hint "↑↓/jk move · Ctrl-D/U scroll · Enter
#: select · Tab page · n note · / search · Esc cancel"
WIZOLT_QUESTION = re.compile(r"(?m)^↑↓/jk move · [^\n]*Enter select · [^\n]*Esc cancel")


def wizolt_asks(text: str) -> bool:
    return WIZOLT_ASKS.search(text) is not None


def wizolt_idle(text: str) -> bool:
    return WIZOLT_AT_REST.search(text) is not None and not wizolt_asks(text)


def wizolt_busy(text: str) -> bool:
    return WIZOLT_WORKING.search(text) is not None and not wizolt_asks(text)


# --------------------------------------------------------------------------- Vulpcode

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up)
VULPCODE_PROMPT = re.compile(r"(?m)^>\s*\Z")
#: its permission's legend as the last row with anything on it, nothing typed after it
#: (a line read on the row under it): "[y] yes once  [a] always for this tool  [n] no"
#: under "[permission] Tool 'Bash' wants to run." and "Tool args: {'command': ...}" (a
#: line answered: y or n, then Enter)
VULPCODE_ASKS = re.compile(r"(?m)^\[y\] yes once  \[a\] always for this tool  \[n\] no\s*\Z")

VULPCODE_CHAT = LastRow(VULPCODE_PROMPT, VULPCODE_ASKS)
vulpcode_idle, vulpcode_asks, vulpcode_busy = (
    VULPCODE_CHAT.idle, VULPCODE_CHAT.asks, VULPCODE_CHAT.busy)


# --------------------------------------------------------------------------- Tythan Code

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up)
TYTHAN_PROMPT = re.compile(r"(?m)^you>\s*\Z")
#: its confirmation's tail as the last row with anything on it, nothing typed after it (a
#: line read on the cursor's row): "run: <command> ? [y/N] " under the call's row
#: "⚙ run_command {...}" (a multi-line command's last row then " ? [y/N] "; its file and
#: fetch confirmations end alike); not its prompt holding the words, nor an indented row
#: (a line answered: y or n, then Enter)
TYTHAN_ASKS = re.compile(r"(?m)^(?!you> |\s).*\? \[y/N\]\s*\Z")

TYTHAN_CHAT = LastRow(TYTHAN_PROMPT, TYTHAN_ASKS)
tythan_idle, tythan_asks, tythan_busy = TYTHAN_CHAT.idle, TYTHAN_CHAT.asks, TYTHAN_CHAT.busy


# --------------------------------------------------------------------------- Wingman

#: its status row under its chat panel's box: the session, the model, "CODE", then
#: "Generating..." while a turn runs, the context left and the directory
#: ("  New Chat │ gpt-5.2 │ CODE │ Context: 100% │ /work", "  chat-<n> │ gpt-5.2 │ CODE │
#: Generating... │ Context: 99% │ ...")
WINGMAN_STATUS = re.compile(r"(?m)^  \S[^\n│]* │ [^\n│]+ │ CODE │ (?:Generating\.\.\. │ )?"
                            r"(?:[^\n]* │ )?Context: \d+%")
WINGMAN_WORKING = re.compile(r"(?m)^  \S[^\n│]* │ [^\n│]+ │ CODE │ Generating\.\.\. │ ")
#: its composer's row, empty: its placeholder at the panel box's foot
WINGMAN_COMPOSER = re.compile(r"(?m)^│ +Type\.\.\. \(/ for commands\) +│$")
#: its permission, in the transcript over its composer, a rule at its left: the tool's
#: name, "$ <command>", then "Do you want to proceed?" over its options "› y. Yes", "  a.
#: Yes, always allow this session", "  n. No, and tell me what to do differently" (the one
#: selected after "›")
WINGMAN_ASKS = re.compile(r"(?m)^│ +│ +Do you want to proceed\? +│\n│ +│ +(?:› )?y\. Yes +│")
#: its permission's head, the tool's name over "$ <command>" behind the rule at its left: all
#: that is drawn of a permission taller than the panel when the panel is not scrolled to
#: its end (it scrolls there as it mounts the permission, before its layout is done: a
#: 61-line command's options are left below the panel's foot, or drawn, by chance)
WINGMAN_ASKS_HEAD = re.compile(r"(?m)^│ +│ +run_command +│\n│ +│ +\$ ")


def wingman_asks(text: str) -> bool:
    return WINGMAN_ASKS.search(text) is not None


def wingman_idle(text: str) -> bool:
    return (WINGMAN_STATUS.search(text) is not None and WINGMAN_WORKING.search(text) is None
            and WINGMAN_COMPOSER.search(text) is not None and not wingman_asks(text))


def wingman_busy(text: str) -> bool:
    return WINGMAN_WORKING.search(text) is not None and not wingman_asks(text)


# --------------------------------------------------------------------------- Symphony

#: its status row under its composer's box: a phase word ("thinking", "streaming", "tool",
#: "paused" at a dialog, "working") while a turn runs, then the directory, the context used
#: and a key hint ("   thinking   |   /work   |   0% context   |   ░░░ 0/128,000   esc
#: cancel"); at rest no phase word, the directory first
SYMPHONY_STATUS = re.compile(r"(?m)^   \S[^\n|]*\|   (?:[^\n|]*\|   )?(?:\d+% context|"
                             r"context unknown)")
SYMPHONY_WORKING = re.compile(r"(?m)^   (?:thinking|streaming|tool|working)   \|   [^\n]*"
                              r"(?:\d+% context|context unknown)")
SYMPHONY_PHASE = re.compile(r"(?m)^   (?:thinking|streaming|tool|paused|working)   \|   [^\n]*"
                            r"(?:\d+% context|context unknown)")
#: its composer's box, empty: its placeholder in a rounded box
SYMPHONY_COMPOSER = re.compile(r"(?m)^ +│  Ask Symphony\.\.\. +│$")
#: its permission, a box under its composer: "Allow Symphony to run the following
#: command?", the command behind a bar "│ <command>", its choices "✓  Allow once", "⚡
#: Always allow", "×  Deny", then "Enter confirm  ·  Esc deny"
SYMPHONY_ASKS = re.compile(r"(?m)^│ +Allow Symphony to run the following command\? +│$")
#: its permission's first choice "✓  Allow once" in its box (a scrollbar's cells maybe at
#: its right): all that names it when a command taller than the box leaves the box
#: scrolled to its choices, its title and the command's head above its top
SYMPHONY_ASKS_CHOICE = re.compile(r"(?m)^│ +✓  Allow once [^\n]*│$")
#: its ask_user question, a box over its composer: "?  <question>", its choices, then
#: "↑/↓ select  ·  Enter choose" (or "Type an answer  ·  Enter submit" with none)
SYMPHONY_QUESTION = re.compile(r"(?m)^ *│ +\?  \S[^\n]*│$(?:\n[^\n]*)*?\n *│ +(?:↑/↓ select  ·  "
                               r"Enter choose|Type an answer  ·  Enter submit) +│$")


def symphony_asks(text: str) -> bool:
    return SYMPHONY_ASKS.search(text) is not None or SYMPHONY_QUESTION.search(text) is not None


def symphony_idle(text: str) -> bool:
    return (SYMPHONY_STATUS.search(text) is not None and SYMPHONY_PHASE.search(text) is None
            and SYMPHONY_COMPOSER.search(text) is not None and not symphony_asks(text))


def symphony_busy(text: str) -> bool:
    return SYMPHONY_WORKING.search(text) is not None and not symphony_asks(text)


# --------------------------------------------------------------------------- Hazzel

#: its composer, empty, at the screen's foot: "❯" between two rules over its status row
#: ("  gpt-4o · 2.8%/65k (auto) · build · @ tag · ! bash · /exit"; a line-mode chat whose
#: transcript scrolls up above it, the composer gone while a turn runs)
HAZZEL_PROMPT = re.compile(r"(?m)^❯\s*\n─{20,}\n  \S[^\n]*· /exit\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "Allow? [y/N]: " under "Hazzel wants to run: <command>" (a line answered: y or n,
#: then Enter; Enter alone refuses)
HAZZEL_ASKS = re.compile(r"(?m)^Allow\? \[y/N\]:\s*\Z")

HAZZEL_CHAT = LastRow(HAZZEL_PROMPT, HAZZEL_ASKS)
hazzel_idle, hazzel_asks, hazzel_busy = HAZZEL_CHAT.idle, HAZZEL_CHAT.asks, HAZZEL_CHAT.busy


# --------------------------------------------------------------------------- codii

#: its composer at rest, empty: "──── codii (shift+tab to cycle modes) ───" over "❯" and a
#: rule, its context row under them ("Context: 0k / 128k (0%) | gpt-4o"); gone while a turn
#: runs (the prompt echoed in a box titled "❯", a spinner's row "⠸ thinking…")
CODII_COMPOSER = re.compile(
    r"(?m)^──── codii \(shift\+tab to cycle modes\) ─+\n❯ *\n─+\n.*Context: ")
#: its permission's one-row choice as the last row with anything on it: "❯ Allow      Deny"
#: (the selected one after "❯"), under the call's row "  bash()", which shows no command (a
#: key answers: y or Enter allows, n refuses; the choice's row stays in the transcript)
CODII_ASKS = re.compile(r"(?m)^(?:❯ Allow {6}Deny|  Allow {4}❯ Deny)\s*\Z")


def codii_asks(text: str) -> bool:
    return CODII_ASKS.search(text) is not None


def codii_idle(text: str) -> bool:
    return CODII_COMPOSER.search(text) is not None and not codii_asks(text)


def codii_busy(text: str) -> bool:
    return CODII_COMPOSER.search(text) is None and not codii_asks(text)


# --------------------------------------------------------------------------- langrepl

#: its prompt at rest, empty: "❯ " and its placeholder, the agent and the model
#: ("❯ claude-style-coder:haiku-4.5", the context's use after it once a turn has run: "  [3.4K/
#: 200K tokens (2%) | $0.004]"), as the last row with anything on it over its bottom toolbar
#: (" v1.12.1 | <working dir>   semi-active", the screen's last row); gone while a turn runs
LANGREPL_PROMPT = re.compile(
    r"(?m)^❯ claude-style-coder:\S+(?:  \[[^\]\n]*\])? *\n(?: *\n)*.* v\d+\.\d+\.\d+ \| .*\s*\Z")
#: its permission: under "Allow running run_command ? : <command>" a prompt "❯" of its own,
#: nothing typed yet, over the completion menu of its choices open under it ("allow",
#: "always allow", "deny", "always deny"), answered by a line (the word, then Enter)
LANGREPL_ASKS = re.compile(
    r"(?m)^❯ *\n +allow *\n +always allow *\n +deny *\n +always deny *$")


def langrepl_asks(text: str) -> bool:
    return LANGREPL_ASKS.search(text) is not None


def langrepl_idle(text: str) -> bool:
    return LANGREPL_PROMPT.search(text) is not None and not langrepl_asks(text)


def langrepl_busy(text: str) -> bool:
    return LANGREPL_PROMPT.search(text) is None and not langrepl_asks(text)


# --------------------------------------------------------------------------- chalilulz

#: its prompt, empty, as the last row with anything on it (a line-mode chat: everything
#: scrolls up; a rule of ─ over it)
CHALILULZ_PROMPT = re.compile(r"(?m)^ ❯\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: " Allow? [y/N]: " under " ⚠ Tool 'bash' requested with args: {'cmd': '<command>'}"
#: (a line answered: y or n, then Enter)
CHALILULZ_ASKS = re.compile(r"(?m)^ Allow\? \[y/N\]:\s*\Z")

CHALILULZ_CHAT = LastRow(CHALILULZ_PROMPT, CHALILULZ_ASKS)
chalilulz_idle, chalilulz_asks, chalilulz_busy = (
    CHALILULZ_CHAT.idle, CHALILULZ_CHAT.asks, CHALILULZ_CHAT.busy)


# --------------------------------------------------------------------------- Axons

#: its prompt, empty, as the last row with anything on it: "▶ " (Rich's console.input; a
#: line-mode chat: its panels scroll up the main screen)
AXONS_PROMPT = re.compile(r"(?m)^▶\s*\Z")
#: its permission's line prompt as the last row with anything on it, nothing typed after
#: it: "Run this? (Y/n): " under "[Axon needs approval]", "Tool: run_command", "Args:" and
#: the arguments as indented JSON (a line answered: y or n, then Enter)
AXONS_ASKS = re.compile(r"(?m)^Run this\? \(Y/n\):\s*\Z")
#: its question's line prompt as the last row with anything on it: "Your answer: " under
#: a panel titled "❓ Axon needs input" (the question, its numbered options and "Enter a
#: number or type your own answer")
AXONS_QUESTION = re.compile(r"(?m)^Your answer:\s*\Z")

AXONS_CHAT = LastRow(AXONS_PROMPT, AXONS_ASKS)
axons_idle, axons_asks, axons_busy = AXONS_CHAT.idle, AXONS_CHAT.asks, AXONS_CHAT.busy


# --------------------------------------------------------------------------- DevCoder

#: its input card's empty input, ``Ask anything... "Fix a TODO in the codebase"``
DEVCODER_INPUT = 'Ask anything... "Fix a TODO in the codebase"'
#: its permission, a modal box of thick edges over the middle of the screen (``⚠️ Action
#: Required``, ``Agent wants to execute run_bash``, the call's arguments as JSON in a box,
#: ``Do you want to allow this action?``), then its two buttons side by side, each between
#: a row of ``▔`` and one of ``▁``
DEVCODER_ASKS = re.compile(r"(?m)^ *█ +Approve +Deny +█")
#: a turn under way: the input card's footer a loading bar (``━━━━━━━╸━━━━━━━``, its
#: marker sweeping) in place of the mode and model: while the model is asked, while a
#: tool runs and while the answer after a tool's result streams (a turn's first words
#: and its permission put the footer at rest)
DEVCODER_WORKING = re.compile(r"(?m)^│ [━╸╺]+ *esc interrupt")
#: the footer at rest (once the first prompt is sent: ``Build • gpt-4 DevCoder Zen``), or
#: before it the mode's row under the bare input, ``Build  •  gpt-4``
DEVCODER_REST = re.compile(r"(?m)^│ Build • \S+ DevCoder Zen +esc interrupt|^ +Build  •  \S+ *$")


def devcoder_idle(text: str) -> bool:
    return (DEVCODER_INPUT in text and DEVCODER_REST.search(text) is not None
            and DEVCODER_WORKING.search(text) is None and DEVCODER_ASKS.search(text) is None)


def devcoder_asks(text: str) -> bool:
    return DEVCODER_ASKS.search(text) is not None


def devcoder_busy(text: str) -> bool:
    return DEVCODER_WORKING.search(text) is not None and not devcoder_asks(text)


# --------------------------------------------------------------------------- Pairwit

#: its composer, empty (its placeholder drawn), over its row of shortcuts at rest, ending
#: "↵ send" (while a turn runs "Esc cancel  ·  ↵ queue" in its place)
PAIRWIT_IDLE = re.compile(
    r"(?m)^ > Ask Pairwit anything… \(Ctrl\+O to attach\)\s*\n(?:\s*\n)*"
    r"  ⌃B files  ·  .*  ·  ↵ send *$")
#: its permission, a modal box over the middle of the screen, its title on its top edge
#: ("▊▔  APPROVAL REQUIRED  ▔▔▔...▎"): "PAIRWIT  ·  SECURITY GATE", "Approve this action to
#: continue", "Run shell command  ·  bash", the command, "The agent is paused. Nothing runs
#: until you decide.", its keys' hint "Enter Once · N Deny · 2 Session · 3 Always", then its
#: list of four options, the first "1  Once      Run this bash once, ask again next time"
#: (highlighted); a long command pushes the hint and the options below the box's bottom
#: (the box scrolls), its title stays
PAIRWIT_ASKS = re.compile(r"(?m)^ *▊▔  APPROVAL REQUIRED  ▔+▎")
#: a turn under way: its row of shortcuts ending "Esc cancel  ·  ↵ queue" (cut at the
#: screen's edge where the row is longer: 0.0.10's names more keys)
PAIRWIT_WORKING = re.compile(r"(?m)^  ⌃B files  ·  .*  ·  Esc cancel\b")


def pairwit_idle(text: str) -> bool:
    return PAIRWIT_IDLE.search(text) is not None and PAIRWIT_ASKS.search(text) is None


def pairwit_asks(text: str) -> bool:
    return PAIRWIT_ASKS.search(text) is not None


def pairwit_busy(text: str) -> bool:
    return PAIRWIT_WORKING.search(text) is not None and not pairwit_asks(text)


# --------------------------------------------------------------------------- tinyharness

#: its composer, empty (its placeholder drawn), framed, over its footer row at rest ("○ ask ·
#: shift+tab to switch", its model and context on the right); while a turn runs the
#: placeholder reads "Message the agent: it gets this before its next step" and the footer
#: "○ ask · ctrl+c to stop"
TINYHARNESS_IDLE = re.compile(
    r"(?m)^│❯ Ask anything, or type / for commands +│\n└─+┘\n  ○ \w+ · shift\+tab to switch\b")
#: its permission, in place of the composer under the call's rounded frame ("╭─ Bash
#: <command> ─...╮", the command, "╰─...╯") and "⚠ No sandbox backend is active: ...": its
#: question "Run this command?" over its options "❯  1. Yes" (selected), "2. Yes, <don't ask
#: again for ...>" where offered, and "2. No, and tell it what to do instead  esc"; a
#: command taller than the screen pushes the frame's bottom, the warning and the question
#: off it (the frame's top rows and the options stay): told by its options
TINYHARNESS_ASKS = re.compile(
    r"(?m)^   ❯  1\. Yes\s*\n(?:      2\. Yes, .*\n)?      \d\. No, and tell it what to do "
    r"instead\b")
#: a turn under way: its footer "○ ask · ctrl+c to stop" under the composer (a spinner's row
#: "⠋ Working… 0s · ctrl+c to interrupt" over it while the model is silent, "⠋ Running
#: Bash… 1s · ctrl+c to interrupt" while a command runs)
TINYHARNESS_WORKING = re.compile(r"(?m)^  ○ \w+ · ctrl\+c to stop\b")


def tinyharness_idle(text: str) -> bool:
    return TINYHARNESS_IDLE.search(text) is not None and TINYHARNESS_ASKS.search(text) is None


def tinyharness_asks(text: str) -> bool:
    return TINYHARNESS_ASKS.search(text) is not None


def tinyharness_busy(text: str) -> bool:
    return TINYHARNESS_WORKING.search(text) is not None and not tinyharness_asks(text)


# --------------------------------------------------------------------------- Joshu

#: its composer at rest: a prompt_toolkit prompt "> " (its placeholder 'Try "explain this
#: codebase" or "fix the failing test"' while empty) between two rules, over its toolbar
#: "  ? for shortcuts" (the model's name at the right) at the screen's bottom (at start
#: blank rows between the lower rule and the toolbar); gone while a turn runs
JOSHU_COMPOSER = re.compile(r"(?m)^─{20,}\n> [^\n]*\n(?: *\n)*─{20,}\n"
                            r"  \? for shortcuts\b[^\n]*\s*\Z")
#: its permission, printed under the call's box ("Bash command", the command; a warning
#: row where its checks find one, "Warning: Sandbox mode: All destructive commands are
#: blocked."): prompt_toolkit's choice prompt "Do you want to run this command?" over its
#: options "❯  1. 1. Yes" (selected), where no warning is shown "2. 2. Yes, and don't ask
#: again for ... this session", then "N. N. No, and tell Joshu what to do differently
#: (esc)", as the last rows with anything on them (the prompt and its options stay printed
#: once answered); Enter takes the selected option, Esc refuses and then asks the line
#: "  Tell Joshu what to do differently (Enter to skip): ", answered by a line
JOSHU_ASKS = re.compile(
    r"(?m)^ Do you want to (?:run this command|let Joshu|make this edit|create|allow)[^\n]*\?\n"
    r" +(?:❯ +)?1\. 1\. Yes *\n(?:[^\n]*\n)*?[^\n]*No, and tell Joshu what to do differently"
    r" \(esc\) *(?:\n  Tell Joshu what to do differently \(Enter to skip\):[^\n]*)?\s*\Z")
#: a turn under way: its spinner's row under the turn's rows ("✦ Thinking… (0s · esc to
#: interrupt)", "✦ Running <command>… (1s · esc to interrupt)"), drawn while the model is
#: asked (its answer drawn whole once complete) and while a tool runs
JOSHU_WORKING = re.compile(r"(?m)^\S [^\n]*… \(\d+s · esc to interrupt\) *$")


def joshu_idle(text: str) -> bool:
    return JOSHU_COMPOSER.search(text) is not None


def joshu_asks(text: str) -> bool:
    return JOSHU_ASKS.search(text) is not None


def joshu_busy(text: str) -> bool:
    return JOSHU_WORKING.search(text) is not None and not joshu_asks(text)


# --------------------------------------------------------------------------- Windcode

#: its status row at the screen's bottom, under its framed composer: the turn's state, its
#: permission mode, its sandbox and delegation ("  空闲 · 默认  沙箱: 开启 · 委派: 显式", the
#: model's name on the right): "空闲" (idle) at start, "运行中" (running) while a turn runs,
#: "再次 Esc 中断" (Esc again to interrupt) for a moment after one Esc, "已完成" (completed),
#: "已取消" (cancelled) or "失败" (failed) once it has ended
WINDCODE_STATUS = re.compile(
    r"(?m)^ *█? +(空闲|已完成(?: · 未验证)?|已取消|失败|运行中(?: · 队列 \d+)?|再次 Esc 中断)"
    r" · \S+ +沙箱: ")
#: its permission, a box drawn under the transcript (over its composer): "需要授权 ·
#: critical" (its risk), "bash: <command>", "cwd: .", "沙箱: bubblewrap / workspace_write ·
#: 网络: 禁用", "提权原因: bubblewrap is unavailable; ...", "执行工具: shell", "是否继续执行?",
#: then "> 1. 仅本次允许" (selected), "2. 拒绝", "3. 取消命令"; "等待审批..." in the
#: transcript above it; gone once answered. The title and the question on rows of their own,
#: each after the box's edge "█" (the same words typed into the composer are on one row)
WINDCODE_ASKS = re.compile(r"(?m)^ *█ +需要授权 · \S+ *\n(?:[^\n]*\n)*? *█ +是否继续执行\? *$")
#: its question (its ask_user tool), drawn under the transcript: each question's prompt over
#: a Textual Select ("▊  Select  ...  ▼  ▎" in a frame of tall bars), then a button "提交"
#: (submit); Enter opens the Select's list, Down and Enter pick (the last pick sends it)
WINDCODE_QUESTION = re.compile(r"(?m)^ *█ +▊  Select +[▼▲] +▎ *$")
WINDCODE_IDLE_STATES = ("空闲", "已完成", "已完成 · 未验证", "已取消", "失败")


def _windcode_state(text: str) -> str | None:
    found = WINDCODE_STATUS.findall(text)
    return found[-1] if found else None


def windcode_asks(text: str) -> bool:
    return WINDCODE_ASKS.search(text) is not None


def windcode_question(text: str) -> bool:
    return WINDCODE_QUESTION.search(text) is not None


def windcode_idle(text: str) -> bool:
    return (_windcode_state(text) in WINDCODE_IDLE_STATES and not windcode_asks(text)
            and not windcode_question(text))


def windcode_busy(text: str) -> bool:
    state = _windcode_state(text)
    return (state is not None and state not in WINDCODE_IDLE_STATES
            and not windcode_asks(text) and not windcode_question(text))


# --------------------------------------------------------------------------- Aelix

#: its composer, empty (its placeholder drawn), under the transcript over its footer row
#: ("● default  ·  📂 <cwd>  ·  ✱ <model>  ·  🧠 off  ·  ◔ 0% · 0/128K"); drawn while a turn
#: runs too (under the working row), not while it asks
AELIX_COMPOSER = re.compile(r"(?m)^❯ Type your message or @path/to/file\s*$")
#: its working row while a turn runs, over the composer (or under its permission): a
#: spinner, "Working…", then "(<seconds>s · esc to cancel)"
AELIX_WORKING = re.compile(r"(?m) \(\d+s · esc to cancel\)\s*$")
#: its permission, under the call's row "● bash(<command>)" and a panel titled "Run shell
#: command?" ("Run command:", the command): its options "→ 1. [y] Yes" (the arrow on the
#: selected one), "2. [s] Yes, for this session", "3. [n] No" over its hint "↑/↓ to move ·
#: 1-3 / y·s·n · Enter to confirm · Esc to deny" (a command taller than the screen pushes
#: the call's row off the screen's top and has the panel's last rows and bottom edge cut;
#: the options stay)
AELIX_ASKS = re.compile(
    r"(?m)^[→ ] 1\. \[y\] Yes\s*\n[→ ] 2\. \[s\] Yes, for this session\s*\n"
    r"[→ ] 3\. \[n\] No\s*\n +↑/↓ to move · 1-3 / y·s·n · Enter to confirm · Esc to deny")


def aelix_asks(text: str) -> bool:
    return AELIX_ASKS.search(text) is not None


def aelix_idle(text: str) -> bool:
    return (AELIX_COMPOSER.search(text) is not None and AELIX_WORKING.search(text) is None
            and not aelix_asks(text))


def aelix_busy(text: str) -> bool:
    return AELIX_WORKING.search(text) is not None and not aelix_asks(text)


# --------------------------------------------------------------------------- ClarAIty Code

#: its status row, under the full-width rule that closes its transcript and over its framed
#: composer: at rest the model's name ("   gpt-4o", once a turn has run its context's bar
#: "0.10k ░░░░░░░░░░ 131k" on the right)
CLARAITY_IDLE = re.compile(r"(?m)^─{40,} *\n   gpt-4o\b[^\n]*\n  ╭─+╮ *$")
#: the same row while a turn runs: a spinner, "Streaming" (or the running tool's name) and
#: the turn's time ("  ⠼ Streaming | 00:02")
CLARAITY_WORKING = re.compile(r"(?m)^─{40,} *\n  [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \S[^\n]* \| \d\d:\d\d\b")
#: its permission, a rounded box under the call's card in the transcript (each row behind
#: the transcript's bar "█"): "?  Allow this action?" over "1  Yes" (selected, drawn in
#: colour), "2  Yes, allow all run_command this session", "3  Provide alternative
#: instructions" and "Esc  cancel   Enter  confirm"; for a command its safety floor names,
#: "[!]  Command requires approval: rm -r (recursive delete (rm -r))" over it and no option
#: 2. The question on a row of its own between the box's sides (the same words typed into
#: the composer, or quoted by the model, are not)
CLARAITY_ASKS = re.compile(r"(?m)^[ █]*│ +\?  Allow this action\? +│ *$")
#: its question (its clarify tool), a square box drawn over the bottom of the transcript:
#: its tabs ("<-  color   ( ) Submit  ->"), the question, numbered options ("> 1. red"
#: selected, ..., "4. Type something", "5. Chat about this"), then its hint; Enter picks,
#: and a review page asks "Ready to submit your answers?" over "> 1. Submit answers" and
#: "2. Cancel" under the same hint: Enter sends
CLARAITY_QUESTION = re.compile(
    r"(?m)^ *│ Enter to select \. Tab/Arrow keys to navigate \. Esc to cancel +│ *$")


def claraity_asks(text: str) -> bool:
    return CLARAITY_ASKS.search(text) is not None


def claraity_question(text: str) -> bool:
    return CLARAITY_QUESTION.search(text) is not None


def claraity_idle(text: str) -> bool:
    return (CLARAITY_IDLE.search(text) is not None and not claraity_asks(text)
            and not claraity_question(text))


def claraity_busy(text: str) -> bool:
    return (CLARAITY_WORKING.search(text) is not None and not claraity_asks(text)
            and not claraity_question(text))


# --------------------------------------------------------------------------- Command Code

#: its composer, empty: "❯ Ask your question..." between two rules over its footer row
#: ("  ? for shortcuts · taste off (byok)"); drawn while a turn runs too, gone while it asks
COMMANDCODE_COMPOSER = re.compile(r"(?m)^❯ Ask your question\.\.\. *$")
#: a turn running: its status row over the composer, a spinner glyph that changes ("⌘",
#: "◇", ...), a verb that changes ("Refining…"; "Shell command allowed" while an approved
#: command runs), then "esc to interrupt • 2s • ↓ 0" (its time and tokens)
COMMANDCODE_BUSY = re.compile(r"(?m)^ \S \S[^\n]*  esc to interrupt • ")
#: its permission, drawn in place of the composer under a rule: "Execute Shell Command",
#: "Command Code needs to execute <command>." (every row of the command: a tall one pushes
#: the title off the screen's top), "Press [ctrl+e] to explain this command", then "❯ 1.
#: Yes", "2. Yes, don't ask again for ..." and "3. No, tell Command Code what to do
#: differently" over its key row; told by its last rows, from the hint to the first option
COMMANDCODE_ASKS = re.compile(r"(?m)^Press \[ctrl\+e\] to explain this command *\n(?: *\n)*"
                              r"❯ 1\. Yes *$")
COMMANDCODE_ASKS_KEYS = re.compile(r"(?m)^↑/↓ navigate · enter select · ctrl\+e explain")
#: its question (its ask_user_question tool), drawn in the same place: a row of chips, the
#: question's header and "Review" ("● Color | ◯ Review"), the question, "❯ 1. red" (each
#: option over its description) and "4. Type something..."; once one is picked the chips
#: turn ("✔ Color | ● Review") over the answers and "❯ 1. Submit", "2. Cancel"
COMMANDCODE_QUESTION = re.compile(r"(?m)^[●✔◯] [^\n]* \| [●◯] Review *$")


def commandcode_asks(text: str) -> bool:
    """Its permission drawn in full: its hint over the first option, selected, and its key
    row."""
    return (COMMANDCODE_ASKS.search(text) is not None
            and COMMANDCODE_ASKS_KEYS.search(text) is not None)


def commandcode_busy(text: str) -> bool:
    """A turn running: its status row drawn."""
    return COMMANDCODE_BUSY.search(text) is not None


def commandcode_idle(text: str) -> bool:
    """Up and idle, or a turn over: its empty composer, no status row, nothing asked."""
    return (COMMANDCODE_COMPOSER.search(text) is not None and not commandcode_busy(text)
            and not commandcode_asks(text) and COMMANDCODE_QUESTION.search(text) is None)


# --------------------------------------------------------------------------- gpt-engineer

#: its question for the application to build (or, in improve mode, for the change), as the
#: last row with anything on it (a line-mode run: it reads the prompt on the row under it)
GPTE_PROMPT = re.compile(r"(?m)^(What application do you want gpt-engineer to generate|"
                         r"How do you want to improve the application)\?\s*\Z")
#: its question before it runs the entrypoint it wrote: printed above the entrypoint's text,
#: the line read under it (a blank or "y" runs it, anything else does not)
GPTE_ASKS_LINE = "Do you want to execute this code? (Y/n)"
#: what it prints once the line under its question is read
GPTE_ANSWERED = re.compile(r"Ok, not executing the code\.|Executing the code\.\.\.")
#: its question whether it may store the prompts, as the last row, the line read after it
GPTE_CONSENT = re.compile(
    r"(?m)^Is it ok if we store your prompts to help improve GPT Engineer\? \(y/n\)\s*\Z")
#: its question in improve mode under the diff it shows: the "y/n " line it reads, last
GPTE_APPLY = re.compile(r"(?m)^Do you want to apply these changes\?\s*\n\s*y/n\s*\Z")
#: its last words, once the run is over (it then exits)
GPTE_OVER = re.compile(r"(?m)^Total (api cost|tokens used): ")


def gpte_idle(text: str) -> bool:
    """Its question for the application to build as the last row (nothing typed yet)."""
    return GPTE_PROMPT.search(text) is not None


def gpte_asks(text: str) -> bool:
    """Its execute question on the screen with no answer printed under it."""
    at = text.rfind(GPTE_ASKS_LINE)
    return at >= 0 and GPTE_ANSWERED.search(text, at) is None and not gpte_consent(text)


def gpte_consent(text: str) -> bool:
    """Its consent question as the last row, nothing typed after it."""
    return GPTE_CONSENT.search(text) is not None


def gpte_applies(text: str) -> bool:
    """Its improve mode's question under the diff, nothing typed after it."""
    return GPTE_APPLY.search(text) is not None


def gpte_over(text: str) -> bool:
    """The run is over: its token count or cost printed last."""
    return GPTE_OVER.search(text) is not None


def gpte_busy(text: str) -> bool:
    """A run under way: neither its prompt question, nor a question, nor its last words."""
    return not (gpte_idle(text) or gpte_asks(text) or gpte_applies(text) or gpte_consent(text)
                or gpte_over(text))


# =========================================================================== the table

CLAUDE = Description(
    "claude", agentrun.claude_command, options=("trust", "args", "settings", "state"),
    env=dict, started=claude_composer, ended=claude_ended, drawn=claude_drawn,
)

CODEX = Description(
    "codex", agentrun.codex_command, options=("trust", "approval", "args"),
    started=lambda s: CODEX_HINT in s, ended=codex_ended, drawn=codex_drawn,
    busy=lambda s: "esc to interrupt" in s,
)

AIDER = Description(
    "aider", agentrun.aider_command, options=("args", "git"),
    started=aider_at_prompt, start_wait=90, start_settle=1.5,
    ended=lambda s: "Tokens:" in s and aider_at_prompt(s), drawn=aider_drawn,
    leave=(Leave(("ctrl+d",), 10),),  # at the prompt
)

GEMINI = Description(
    "gemini", agentrun.gemini_command, options=("trust", "args", "settings"),
    started=lambda s: GEMINI_HINT in s, ended=gemini_ended, drawn=gemini_drawn,
    busy=lambda s: "esc to cancel" in s,
)

COPILOT = Description(
    "copilot", agentrun.copilot_command, options=("trust", "args"),
    # (the hint stays out of a dialog's footer; typed text in the composer hides it)
    started=lambda s: "/ commands" in s and "Copilot v" in s, start_settle=0.8,
    ended=copilot_footer_idle, busy=COPILOT_WORKING, drawn=lambda s: COPILOT_APPROVAL in s and "enter to select" in s,
)

PI = Description(
    "pi", agentrun.pi_command, options=("args", "gate", "settings"),
    started=lambda s: "escape interrupt" in s and pi_editor_back(s), start_settle=0.8,
    ended=pi_idle, drawn=lambda s: "enter select" in s and "Allow?" in s,
    # ctrl+d on the empty editor; ctrl+c twice if that did not do
    leave=(Leave(("ctrl+d",), 5), *CTRL_C_TWICE),
)

OPENCODE = Description(
    "opencode", agentrun.opencode_command, options=("args", "config"), env=dict,
    is_main=agentrun.chat_with_tools_is_main,
    started=lambda s: opencode_composer(s) and "ctrl+p commands" in s,
    start_settle=0.8, ended=opencode_composer, drawn=opencode_drawn,
    leave=(Leave(("ctrl+c",), 8), Leave(("ctrl+c",), 5)),  # on an empty composer
)

QWEN = Description(
    "qwen", agentrun.qwen_command, options=("args", "settings"),
    is_main=agentrun.chat_with_tools_is_main,
    started=lambda s: QWEN_HINT in s and "shift + tab" in s, start_settle=1.0,
    ended=qwen_turn_over,
    drawn=lambda s: "Allow execution of" in s and "1. Yes, allow once" in s and "(esc)" in s,
)

KILO = Description(
    "kilo", agentrun.kilo_command, options=("args", "config"), env=kilo_env,
    is_main=agentrun.chat_with_tools_is_main,
    started=OPENCODE.started, start_settle=0.8, ended=opencode_composer, drawn=opencode_drawn,
    leave=OPENCODE.leave,  # "ctrl+c again to exit"
)

GROK = Description(
    "grok", agentrun.grok_command,
    started=lambda s: grok_idle(s) and "auto-edit" in s, start_settle=1.0,
    # (a confirmation takes the spinner line's place while it waits)
    ended=lambda s: GROK_SPINNER.search(s) is None and GROK_COMPOSER.search(s) is not None,
    end_settle=0.6, busy=GROK_SPINNER, drawn=grok_drawn, leave=(Leave(("ctrl+c", "ctrl+c"), 8),),
)

CLINE = Description(
    "cline", agentrun.cline_command, cleanup=agentrun.cline_stop_hub,
    started=cline_idle, start_settle=1.0, notice=(CLINE_PROMO, "esc"),
    # (the composer is drawn in place of a dialog: a quoted one stays in the conversation)
    ended=lambda s: CLINE_BUSY.search(s) is None and CLINE_COMPOSER.search(s) is not None,
    end_settle=0.6, busy=CLINE_BUSY, drawn=lambda s: CLINE_QUESTION in s and "[n] Deny" in s,
    approve_key="y", leave=(Leave(("ctrl+c", "ctrl+c"), 8, pause=0.4),),
)

#: recorded only (its captures are in tests/heldout/: wrap has no manifest for it, the
#: fallback is measured on it), so no e2e profile
CONTINUE = Description(
    "continue", agentrun.continue_command, is_main=agentrun.chat_with_tools_is_main,
    started=continue_idle, start_settle=1.0, ended=continue_idle, end_settle=0.6,
    busy=CONTINUE_BUSY,
    drawn=lambda s: CONTINUE_QUESTION in s and "what to do differently (esc)" in s,
    leave=(Leave(("ctrl+d",), 10),),  # ctrl+c clears the composer; ctrl+d quits
)

#: recorded only, as Continue CLI is
VIBE = Description(
    "vibe", agentrun.vibe_command, is_main=agentrun.chat_with_tools_is_main,
    started=vibe_idle, start_wait=90, start_settle=1.0, ended=vibe_idle, end_settle=0.6,
    busy=VIBE_BUSY, drawn=lambda s: VIBE_QUESTION in s and "Esc reject" in s,
    # twice within a second ("Press Ctrl+C again to quit")
    leave=(Leave(("ctrl+c", "ctrl+c"), 10, pause=0.3),),
)

#: recorded only, as Continue CLI is
KIMI = Description(
    "kimi", agentrun.kimi_command, is_main=agentrun.chat_with_tools_is_main,
    started=kimi_idle, start_wait=90, start_settle=1.0, ended=kimi_idle, end_settle=0.6,
    busy=KIMI_BUSY, drawn=lambda s: KIMI_QUESTION in s and "↵ confirm" in s,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is
DEEPAGENTS = Description(
    "deepagents", agentrun.deepagents_command,
    started=deepagents_started, start_wait=90, start_settle=1.0, start_hold=6.0,
    ended=deepagents_idle,
    end_settle=0.6, busy=DEEPAGENTS_BUSY,
    drawn=lambda s: DEEPAGENTS_QUESTION.search(s) is not None and "Esc reject" in s,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is; its approval is its one-line input (Enter empty runs the
#: command, a reason typed first refuses it)
MINI = Description(
    "mini", agentrun.mini_command,
    started=mini_started, start_wait=60, start_settle=1.0, ended=mini_ended, end_settle=0.8,
    busy=MINI_BUSY, drawn=lambda s: MINI_QUESTION in s and "Type your input" in s,
    leave=(Leave(("ctrl+q",), 10), Leave(("enter",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is
OPENCODEX = Description(
    "opencodex", agentrun.opencodex_command, is_main=agentrun.chat_with_tools_is_main,
    started=opencodex_idle, start_settle=1.0, ended=opencodex_idle, end_settle=0.6,
    busy=OPENCODEX_BUSY,
    drawn=lambda s: OPENCODEX_QUESTION in s and "No, and stop for now (esc)" in s,
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is
CODEPUPPY = Description(
    "codepuppy", agentrun.codepuppy_command, is_main=agentrun.chat_with_tools_is_main,
    started=codepuppy_idle, start_wait=90, start_settle=2.0, ended=codepuppy_idle,
    end_settle=0.6, busy=CODEPUPPY_BUSY,
    drawn=lambda s: CODEPUPPY_ASKS.search(s) is not None,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is
OPENHANDS = Description(
    "openhands", agentrun.openhands_command, is_main=agentrun.chat_with_tools_is_main,
    started=openhands_idle, start_wait=90, start_settle=2.0, ended=openhands_idle,
    end_settle=0.6, busy=OPENHANDS_BUSY, drawn=openhands_asks,
    # Ctrl+Q asks "Terminate session?" with "Yes, proceed" focused: Enter answers it
    leave=(Leave(("ctrl+q", "enter"), 10, asks=openhands_quits), *CTRL_C_TWICE),
)

#: recorded only, as Continue CLI is; typed at a person's pace
NANOCODER = Description(
    "nanocoder", agentrun.nanocoder_command, is_main=agentrun.chat_with_tools_is_main,
    started=nanocoder_idle, start_wait=60, start_settle=1.5, ended=nanocoder_idle,
    end_settle=0.6, busy=NANOCODER_BUSY, drawn=nanocoder_asks,
    # its input inserts a key at the cursor of its last drawn frame: two keys typed 10 ms
    # apart before it redraws land out of order ("ake the output directorym"), and under
    # load 1.25.2 drops keys typed 50 ms apart ("mae ixty files")
    type_delay=0.1,
)

#: recorded only, as Continue CLI is; a line-mode chat, its confirmation a [Y/n] line
GPTME = Description(
    "gptme", agentrun.gptme_command, is_main=agentrun.chat_with_tools_is_main,
    started=gptme_idle, start_wait=60, start_settle=1.5, ended=gptme_idle,
    end_settle=0.8, busy=GPTME_BUSY, drawn=gptme_asks,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as gptme is; a line-mode chat, its confirmation a (y/n) line answered by a
#: line
INTERPRETER = line_chat("interpreter", agentrun.interpreter_command, INTERPRETER_CHAT, start_wait=60)

#: recorded only; a full-screen Textual app whose question under an edit is answered by a
#: line typed in its input box (y+enter)
MENTAT = Description(
    "mentat", agentrun.mentat_command, started=mentat_started, start_wait=90, start_settle=1.5,
    ended=mentat_idle, end_settle=0.8, busy=mentat_busy, drawn=mentat_asks,
    approve_key="y+enter", leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE),
)

#: recorded only; its answers scroll up above its status bar and input, its question a box
#: of numbered choices over its input (Enter takes the first, "Allow once")
HERMES = Description(
    "hermes", agentrun.hermes_command, is_main=agentrun.chat_with_tools_is_main,
    started=hermes_started, start_wait=90, start_settle=1.5, ended=hermes_idle,
    end_settle=0.8, busy=hermes_busy, drawn=hermes_asks,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as Open Interpreter is; a line-mode chat, its confirmation a [y/N] line
#: answered by a line
LLM = line_chat("llm", agentrun.llm_command, LLM_CHAT, start_wait=60)

#: recorded only, as Hermes Agent is; a Textual screen, its confirmation a panel in its log
#: answered by a digit key
TUNACODE = Description(
    "tunacode", agentrun.tunacode_command, is_main=agentrun.chat_with_tools_is_main,
    started=tuna_idle, start_wait=90, start_settle=2.0, ended=tuna_idle,
    end_settle=1.0, busy=tuna_busy, drawn=tuna_asks, approve_key="1",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE),
)

#: recorded only, as llm is; a line-mode chat, its confirmation a [y/*] line answered by a
#: line
STRANDS = line_chat("strands", agentrun.strands_command, STRANDS_CHAT)

#: recorded only, as llm is; a line-mode chat, its confirmation a [Y/n] line answered by a
#: line
MCPCLI = line_chat("mcpcli", agentrun.mcpcli_command, MCPCLI_CHAT)

#: recorded only, as llm is; a line-mode run that ends after one application, its
#: question before the entrypoint runs a line answered by a line; it exits by itself
GPTE = Description(
    "gpte", agentrun.gpte_command, started=gpte_idle, start_wait=90, start_settle=1.5,
    ended=gpte_over, end_settle=0.8, busy=gpte_busy, drawn=gpte_asks, approve_key="y+enter",
    leave=(Leave((), 20), *CTRL_C_TWICE),
)

#: recorded only, as llm is; a line-mode chat under a prompt_toolkit prompt, its confirmation
#: numbered options answered by a single key
AGENTAO = line_chat("agentao", agentrun.agentao_command, AGENTAO_CHAT, approve_key="1")

#: recorded only, as llm is; a line-mode chat under a prompt_toolkit prompt, its confirmation
#: a panel over a line prompt answered by a line
AISHA = line_chat("aisha", agentrun.aisha_command, AISHA_CHAT)

#: recorded only, as llm is; a full-screen blessed app whose approval box floats over the
#: middle of its transcript, answered by a key letter alone; its input row is focused
#: again after a turn by Enter
LLMIST = Description(
    "llmist", agentrun.llmist_command, started=llmist_idle, start_wait=60, start_settle=1.0,
    ended=llmist_idle, end_settle=0.8, busy=llmist_busy, drawn=llmist_asks, approve_key="y",
    prompt_key="enter", leave=CTRL_C_TWICE,
)

#: recorded only, as llm is; a line-mode chat whose model answers with a Python script in a
#: markdown block, asked about on a line of its own under it and answered by a line
RAWDOG = Description(
    "rawdog", agentrun.rawdog_command, is_main=agentrun.rawdog_is_main,
    started=rawdog_idle, start_wait=90, start_settle=1.5,
    ended=rawdog_idle, end_settle=0.8, busy=rawdog_busy, drawn=rawdog_asks,
    approve_key="y+enter", leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE),
)

#: recorded only, as llm is; a line-mode chat whose approval is a box over a line prompt
#: answered by a line
AETHERIS = line_chat("aetheris", agentrun.aetheris_command, AETHERIS_CHAT)

#: recorded only, as llm is; a line-mode chat whose approval is numbered options over a
#: line prompt with a completion menu open, its first choice filled in: Enter approves
JASMINE = line_chat("jasmine", agentrun.jasmine_command, JASMINE_CHAT, approve_key="enter")

#: recorded only, as llm is; a line-mode chat whose approval is an inline menu of options,
#: its first ("允许一次", once) selected: Enter approves
XIAOYU = line_chat("xiaoyu", agentrun.xiaoyu_command, XIAOYU_CHAT, approve_key="enter")

#: recorded only, as llmist is; a TUI whose approval is a box over the middle of the screen,
#: answered by its key y alone
MASTRACODE = Description(
    "mastracode", agentrun.mastracode_command, is_main=agentrun.chat_with_tools_is_main,
    started=mastracode_started, start_wait=90, start_settle=1.5, ended=mastracode_ended,
    end_settle=0.8, busy=mastracode_busy, drawn=mastracode_asks, approve_key="y",
    # ctrl+d on the empty composer; ctrl+c twice if that did not do
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)
#: recorded only, as llm is; its permission is answered by a line typed in its composer
#: (y, then Enter); Ctrl+D does not quit it, Ctrl+C twice does
KODER = Description(
    "koder", agentrun.koder_command, is_main=agentrun.chat_with_tools_is_main,
    started=KODER_CHAT.idle, start_wait=90, start_settle=1.5, ended=KODER_CHAT.idle,
    end_settle=0.8, busy=KODER_CHAT.busy, drawn=KODER_CHAT.asks, approve_key="y+enter",
    leave=CTRL_C_TWICE)

#: recorded only, as TunaCode is; a Textual screen whose approval is a panel of buttons,
#: answered by a click on its Approve button (its input box unfocused once a turn has run:
#: Ctrl+I, its key for it, before each prompt); Ctrl+Q quits it
CODEGOPHER = Description(
    "codegopher", agentrun.codegopher_command, is_main=agentrun.chat_with_tools_is_main,
    started=codegopher_idle, start_wait=90, start_settle=2.0, ended=codegopher_idle,
    end_settle=1.0, busy=codegopher_busy, drawn=codegopher_asks,
    approve_key="codegopher-approve", prompt_key="ctrl+i",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as llm is; a line-mode chat whose permission is a question over its own
#: line prompt "  >" on the row under it, answered by a line
GODSPEED = line_chat("godspeed", agentrun.godspeed_command, GODSPEED_CHAT)

#: recorded only, as llm is; a line-mode chat whose permission is a box ending in its key
#: row over a bare "?" line prompt, answered by a line
ATA = line_chat("ata", agentrun.ata_command, ATA_CHAT)
#: recorded only, as Koder is; a line-mode chat whose permission is a picker printed in
#: place of its composer, answered by Enter on its first option (Yes, this call only)
AXON = Description(
    "axon", agentrun.axon_command, is_main=agentrun.chat_with_tools_is_main,
    started=axon_idle, start_wait=90, start_settle=1.5, ended=axon_idle,
    end_settle=1.0, busy=axon_busy, drawn=axon_asks,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as Koder is; a line-mode chat whose permission is a line prompt under a
#: box and a numbered list, answered by a line; Ctrl+D quits it
CODERAI = line_chat("coderai", agentrun.coderai_command, CODERAI_CHAT)

#: recorded only, as CodeGopher is; a Textual screen whose permission is a modal box of
#: three edged buttons side by side, answered by a key alone (a, d); Ctrl+C twice quits it
CHYRD = Description(
    "chyrd", agentrun.chyrd_command, is_main=agentrun.chat_with_tools_is_main,
    started=chyrd_idle, start_wait=90, start_settle=2.0, ended=chyrd_idle,
    end_settle=1.0, busy=chyrd_busy, drawn=chyrd_asks, approve_key="a",
    leave=(*CTRL_C_TWICE,))

#: recorded only, as CoderAI is; a line-mode chat whose permission is Rich's line prompt
#: under a box, answered by a line; Ctrl+D quits it
ASHCODE = line_chat("ashcode", agentrun.ashcode_command, ASHCODE_CHAT)

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt under a
#: panel holding the command, answered by a line; Ctrl+D quits it
AETHER = line_chat("aether", agentrun.aether_command, AETHER_CHAT)

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt under
#: the tool's name and the call's arguments, answered by a line; Ctrl+D quits it
AGENTCODE = line_chat("agentcode", agentrun.agentcode_command, AGENTCODE_CHAT)

#: recorded only, as AshCode is; a line-mode chat whose permission is Rich's line prompt
#: under the command's row, answered by a line; Ctrl+D quits it. Its model is asked without
#: tools (it calls them in text), so its main turns are told by its system prompt
ACODER = Description(
    "acoder", agentrun.acoder_command, is_main=agentrun.acoder_is_main,
    started=acoder_idle, start_wait=90, start_settle=1.5,
    ended=acoder_idle, end_settle=0.8, busy=acoder_busy, drawn=acoder_asks,
    approve_key="y+enter", leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE),
)

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt of
#: keys glued to their words, answered by a line; Ctrl+D quits it
CLIPPY = line_chat("clippy", agentrun.clippy_command, CLIPPY_CHAT)

#: recorded only, as Mistral Vibe is; a Textual screen whose permission is a block in its
#: transcript with its options numbered on one row, answered by a line typed in its
#: composer (2, Enter); its composer unfocused at start (Tab once gives it the focus, a
#: second would take it away); Ctrl+C quits it
FIRSTCODER = Description(
    "firstcoder", agentrun.firstcoder_command, is_main=agentrun.chat_with_tools_is_main,
    started=firstcoder_idle, start_wait=90, start_settle=1.5, ended=firstcoder_idle,
    end_settle=0.8, busy=firstcoder_busy, drawn=firstcoder_asks, approve_key="2+enter",
    start_key="tab", leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only, as Mistral Vibe is; a Textual screen whose permission is a selector drawn
#: in its input box's place (numbered options, a pointer on the first), answered by a key
#: (y); n asks for a note in the input box, an empty Enter refuses; Ctrl+Q quits it
DOSTUFF = Description(
    "dostuff", agentrun.dostuff_command, is_main=agentrun.chat_with_tools_is_main,
    started=dostuff_idle, start_wait=90, start_settle=1.5, ended=dostuff_idle,
    end_settle=0.8, busy=dostuff_busy, drawn=dostuff_asks, approve_key="y",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a line-mode chat whose permission is prompt_toolkit's
#: choice under the call's row, its default Deny: "1", Enter approves (0.1.0: a line
#: prompt, y and Enter); Ctrl+D quits it
CODERILL = replace(line_chat("coderill", agentrun.coderill_command, CODERILL_CHAT,
                             approve_key="1+enter"),
                   release_approve_keys={"0.1.0": "y+enter"})

#: recorded only, as Mistral Vibe is; a Textual screen whose permission is drawn in the
#: tool's block of its transcript, two buttons on one row (``[y] approve   [n] deny``) over
#: its spinner's row, answered by the key alone; Ctrl+C twice quits it
VTX = Description(
    "vtx", agentrun.vtx_command, started=vtx_idle, start_wait=90, start_settle=1.5,
    ended=vtx_idle, end_settle=0.8, busy=vtx_busy, drawn=vtx_asks, approve_key="y")

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt of
#: key-led options under the call's row, answered by a line; Ctrl+D quits it
CORECODER = line_chat("corecoder", agentrun.corecoder_command, CORECODER_CHAT)

#: recorded only, as Mistral Vibe is; a Textual screen whose permission is a modal box of
#: thick edges with two buttons side by side (``Approve``, focused, and ``Deny``), answered
#: by Enter on the focused one (Tab moves to ``Deny``); its input is not focused at start
#: (its chat's scroll view is): Tab gives it the focus once; Ctrl+C quits it
DEVCODER = Description(
    "devcoder", agentrun.devcoder_command, is_main=agentrun.chat_with_tools_is_main,
    started=devcoder_idle, start_wait=90, start_settle=1.5, ended=devcoder_idle,
    end_settle=0.8, busy=devcoder_busy, drawn=devcoder_asks, approve_key="enter",
    start_key="tab", leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt of
#: bracketed keys glued to their words under the call's rows, answered by a line; Ctrl+D
#: quits it
#: (its model asked with Anthropic's Messages, whose main requests are those offering tools)
LINDWYRM = replace(line_chat("lindwyrm", agentrun.lindwyrm_command, LINDWYRM_CHAT),
                   is_main=default_is_main)

#: recorded only, as AshCode is; a line-mode chat whose permission is a y/N line prompt
#: under the call's arguments as a Python dict, answered by a line; Ctrl+D quits it
CHALILULZ = line_chat("chalilulz", agentrun.chalilulz_command, CHALILULZ_CHAT)

#: recorded only, as lindwyrm is; a readline chat whose permission lists the calls
#: ("[0] exec (command=...)") over a line prompt "  > " after "Approve? (a)ll / (n)one /
#: ...", answered by a line (a approves, n refuses and the model is told); Ctrl+C (or
#: Ctrl+D) closes its readline, leaving its gateway up: a second Ctrl+C ends it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
GEMMA = line_chat("gemma", agentrun.gemma_command, GEMMA_CHAT, approve_key="a+enter")

#: recorded only, as Mastra Code is; an Ink screen whose permission is numbered options in
#: place of its composer, the first (Yes) selected: Enter approves, Esc refuses (the turn
#: stops there)
#: (its model asked with Chat Completions, whose main requests are those offering tools)
LETTA = Description(
    "letta", agentrun.letta_command, is_main=agentrun.chat_with_tools_is_main,
    started=letta_idle, start_wait=90, start_settle=1.5, ended=letta_idle,
    end_settle=0.8, busy=letta_busy, drawn=letta_asks, approve_key="enter",
    leave=CTRL_C_TWICE)

#: recorded only, as Mistral Vibe is; a Textual screen whose permission is a modal box with a
#: list of four options (``1  Once``, highlighted, ``N  Deny``, ``2  Session``, ``3
#: Always``), answered by Enter on the highlighted one (n refuses); its input is not focused
#: at start (a hidden search box of its editor pane is): Ctrl+L (its clear, nothing to clear
#: yet) gives it the focus once; Ctrl+C quits it when idle
PAIRWIT = Description(
    "pairwit", agentrun.pairwit_command, is_main=agentrun.chat_with_tools_is_main,
    started=pairwit_idle, start_wait=90, start_settle=1.5, ended=pairwit_idle,
    end_settle=0.8, busy=pairwit_busy, drawn=pairwit_asks, approve_key="enter",
    start_key="ctrl+l", leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only, as Letta Code is; a prompt_toolkit chat inline on the main screen whose
#: permission is a select prompt in place of its composer ("Run this command?", "❯  1. Yes",
#: "2. No, and tell it what to do instead  esc"), answered by Enter on the selected option;
#: 2 refuses and asks what to do instead on one row (Enter: the turn stops); Ctrl+D quits it
#: (its model asked with Anthropic's Messages, whose main requests are those offering tools)
TINYHARNESS = Description(
    "tinyharness", agentrun.tinyharness_command, started=tinyharness_idle, start_wait=60,
    start_settle=1.0, ended=tinyharness_idle, end_settle=0.8, busy=tinyharness_busy,
    drawn=tinyharness_asks, approve_key="enter", leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))


#: recorded only, as Letta Code is; a chat on the main screen whose permission is
#: prompt_toolkit's choice prompt printed under the call's box, answered by Enter on its
#: first option ("1. 1. Yes"); Esc refuses, then a line (Enter skips it); Ctrl+C twice
#: quits it at its empty composer (its Ctrl+D does not)
#: (its model asked with Chat Completions, whose main requests are those offering tools)
JOSHU = Description(
    "joshu", agentrun.joshu_command, is_main=agentrun.chat_with_tools_is_main,
    started=joshu_idle, start_wait=90, start_settle=1.5, ended=joshu_idle,
    end_settle=0.8, busy=joshu_busy, drawn=joshu_asks, approve_key="enter",
    leave=CTRL_C_TWICE)

#: recorded only, as Pairwit is; a Textual screen in Chinese whose permission is a box under
#: the transcript with a numbered list ("> 1. 仅本次允许", "2. 拒绝", "3. 取消命令"),
#: answered by Enter on the selected one (Esc refuses); Ctrl+C stops a turn and quits it
#: when idle (its model asked with Chat Completions, whose main requests are those offering
#: tools)
WINDCODE = Description(
    "windcode", agentrun.windcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=windcode_idle, start_wait=90, start_settle=1.5, ended=windcode_idle,
    end_settle=0.8, busy=windcode_busy, drawn=windcode_asks, approve_key="enter",
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only, as tinyharness is; a prompt_toolkit chat inline on the main screen whose
#: permission is a Rich panel ("Run shell command?") over a numbered list in its composer's
#: place ("→ 1. [y] Yes", "2. [s] Yes, for this session", "3. [n] No"), answered by Enter on
#: the selected one (n refuses, and the model is told); Esc stops a turn; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
AELIX = Description(
    "aelix", agentrun.aelix_command, is_main=agentrun.chat_with_tools_is_main,
    started=aelix_idle, start_wait=90, start_settle=1.5, ended=aelix_idle,
    end_settle=0.8, busy=aelix_busy, drawn=aelix_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as Windcode is; a Textual screen whose permission is a rounded box under
#: the call's card in the transcript ("?  Allow this action?" over "1  Yes", "2  Yes, allow
#: all run_command this session", "3  Provide alternative instructions"), answered by Enter
#: on the selected one; Esc refuses and the turn stops there; Ctrl+C stops a turn, and
#: twice quits it when idle
#: (its model asked with Chat Completions, whose main requests are those offering tools)
CLARAITY = Description(
    "claraity", agentrun.claraity_command, is_main=agentrun.chat_with_tools_is_main,
    started=claraity_idle, start_wait=90, start_settle=1.5, ended=claraity_idle,
    end_settle=0.8, busy=claraity_busy, drawn=claraity_asks, approve_key="enter",
    leave=(*CTRL_C_TWICE, *CTRL_C_TWICE))

#: recorded only, as Letta Code is; an Ink screen whose permission is numbered options in
#: place of its composer, the first (Yes) selected: Enter approves, Esc refuses (the turn
#: stops there); Ctrl+C twice quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
COMMANDCODE = Description(
    "commandcode", agentrun.commandcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=commandcode_idle, start_wait=90, start_settle=1.5, ended=commandcode_idle,
    end_settle=0.8, busy=commandcode_busy, drawn=commandcode_asks, approve_key="enter",
    leave=CTRL_C_TWICE)

#: recorded only, as Windcode is; a Textual screen in Chinese whose permission is a rounded
#: box in its input bar ("⚠ execute(<command>)" over "✅ 允许执行", "❌ 拒绝", "✎ 自定义回复"),
#: answered by Enter on the selected one (Esc refuses); Esc stops a turn at the model's next
#: words; Ctrl+Q quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
CODERIO = Description(
    "coderio", agentrun.coderio_command, is_main=agentrun.chat_with_tools_is_main,
    started=coderio_idle, start_wait=90, start_settle=1.5, ended=coderio_idle,
    end_settle=0.8, busy=coderio_busy, drawn=coderio_asks, approve_key="enter",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as lindwyrm is; a line-mode chat whose permission is a line prompt under
#: a row of bracketed keys, each before its word, answered by a line; Ctrl+D quits it
#: (its model asked with Chat Completions, its main requests those offering tools)
AJNA = line_chat("ajna", agentrun.ajna_command, AJNA_CHAT)

#: recorded only, as coderio is; a prompt_toolkit REPL whose permission is a line prompt of
#: keys in parentheses under the call's box ("  Allow Bash? (y)es / (n)o / (a)lways allow /
#: (f)eedback: "), answered by a line; Ctrl+C stops a turn, Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
CRABCODE = Description(
    "crabcode", agentrun.crabcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=crabcode_idle, start_wait=90, start_settle=1.5, ended=crabcode_idle,
    end_settle=0.8, busy=crabcode_busy, drawn=crabcode_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as coderio is; a Textual screen whose permission is a modal dialog over a
#: blanked screen ("Tool wants to run: run_shell", the call's arguments, then the buttons
#: "Allow Once", "Allow for Session", "Allow Always", "Deny", none focused), answered by Tab
#: then Enter (Shift+Tab then Enter denies); Esc twice stops a turn; Ctrl+Q quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
PCLI = Description(
    "pcli", agentrun.pcli_command, is_main=agentrun.chat_with_tools_is_main,
    started=pcli_idle, start_wait=90, start_settle=1.5, ended=pcli_idle,
    end_settle=0.8, busy=pcli_busy, drawn=pcli_asks, approve_key="tab+enter",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as lindwyrm is; a line-mode chat drawn with Rich whose permission is a
#: y/N line prompt under the command, answered by a line; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
HAZZEL = line_chat("hazzel", agentrun.hazzel_command, HAZZEL_CHAT)

#: recorded only, as AshCode is; a line-mode chat whose permission is a line prompt in
#: Chinese under the command's rows, answered by a line; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
POOH = line_chat("pooh", agentrun.pooh_command, POOH_CHAT)

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a questionary
#: menu "? Action:" of "approve" and "reject" under "[HITL] bash" and the command, answered
#: by keys (Enter approves); Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
CHCODE = Description(
    "chcode", agentrun.chcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=chcode_idle, start_wait=90, start_settle=1.5, ended=chcode_idle,
    end_settle=0.8, busy=chcode_busy, drawn=chcode_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a prompt_toolkit application drawn inline whose
#: permission is a numbered picker "Approve execute?" of "approve", "approve_always" and
#: "reject" under a Rich panel of the call, answered by keys (Enter approves); Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
QUORIV = Description(
    "quoriv", agentrun.quoriv_command, is_main=agentrun.chat_with_tools_is_main,
    started=quoriv_idle, start_wait=90, start_settle=1.5, ended=quoriv_idle,
    end_settle=0.8, busy=quoriv_busy, drawn=quoriv_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as CrabCode is; a prompt_toolkit REPL whose permission is a one-row
#: choice "❯ Allow      Deny" under the call's row, answered by a key (y allows, n
#: refuses); Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools
#: but its re-asks after a text answer)
CODII = Description(
    "codii", agentrun.codii_command, is_main=agentrun.codii_is_main,
    started=codii_idle, start_wait=90, start_settle=1.5, ended=codii_idle,
    end_settle=0.8, busy=codii_busy, drawn=codii_asks, approve_key="y",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as codii is; a prompt_toolkit REPL whose permission is a question row over
#: a prompt of its own with its choices' completion menu open, answered by a line ("allow",
#: Enter; "deny", Enter: the turn stops); Ctrl+D quits it
#: (its model asked with Anthropic's Messages, whose main requests are those offering tools)
LANGREPL = Description(
    "langrepl", agentrun.langrepl_command, is_main=default_is_main,
    started=langrepl_idle, start_wait=120, start_settle=1.5, ended=langrepl_idle,
    end_settle=0.8, busy=langrepl_busy, drawn=langrepl_asks, approve_key="allow+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as CodeGopher is; a Textual screen whose permission is a viewer panel
#: opened at the transcript's right, answered by a click on its "✓ Apply" button (no key
#: presses it); Ctrl+Q quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
ANDROMITY = Description(
    "andromity", agentrun.andromity_command, is_main=agentrun.chat_with_tools_is_main,
    started=andromity_idle, start_wait=90, start_settle=2.0, ended=andromity_idle,
    end_settle=1.0, busy=andromity_busy, drawn=andromity_asks,
    approve_key="andromity-apply", leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a line prompt
#: "    Proceed? [y]es  [n]o  [a]lways ❯ " under the reason and the call, answered by a
#: line; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
MEMOCODE = Description(
    "memocode", agentrun.memocode_command, is_main=agentrun.chat_with_tools_is_main,
    started=memocode_idle, start_wait=90, start_settle=1.5, ended=memocode_idle,
    end_settle=0.8, busy=memocode_busy, drawn=memocode_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as Andromity is; a Textual screen whose permission is an option list in
#: its transcript over its composer ("Do you want to proceed?", "› y. Yes"), answered by y;
#: Ctrl+C twice quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
WINGMAN = Description(
    "wingman", agentrun.wingman_command, is_main=agentrun.chat_with_tools_is_main,
    started=wingman_idle, start_wait=60, start_settle=2.0, ended=wingman_idle,
    end_settle=1.0, busy=wingman_busy, drawn=wingman_asks, approve_key="y",
    leave=(*CTRL_C_TWICE, Leave(("ctrl+q",), 10)))

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a legend of
#: bracketed keys under the call's arguments, a line read on the row under it; Ctrl+D quits
#: it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
VULPCODE = line_chat("vulpcode", agentrun.vulpcode_command, VULPCODE_CHAT)

#: recorded only, as Wingman is; a Textual screen whose permission is a box of choices
#: under its composer ("Allow Symphony to run the following command?", "✓  Allow once"),
#: answered by Enter; Ctrl+Q quits it
#: (its model asked with OpenAI Responses, whose main requests are those offering tools)
SYMPHONY = Description(
    "symphony", agentrun.symphony_command, is_main=default_is_main,
    started=symphony_idle, start_wait=60, start_settle=2.0, ended=symphony_idle,
    end_settle=1.0, busy=symphony_busy, drawn=symphony_asks, approve_key="enter",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a prompt_toolkit application at the foot of the main
#: screen whose permission is a row of two buttons, Approve (selected) and Refuse, in place
#: of its prompt; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
WIZOLT = Description(
    "wizolt", agentrun.wizolt_command, is_main=agentrun.chat_with_tools_is_main,
    started=wizolt_idle, start_wait=90, start_settle=1.5, ended=wizolt_idle,
    end_settle=1.0, busy=wizolt_busy, drawn=wizolt_asks,
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a Rich line
#: prompt "run: <command> ? [y/N] " under the call's row, answered by a line; Ctrl+D quits
#: it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
TYTHAN = line_chat("tythan", agentrun.tythan_command, TYTHAN_CHAT)

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a line prompt
#: "    allow? (y/n) " under the call's row, answered by a line; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
YAMIN = Description(
    "yamin", agentrun.yamin_command, is_main=agentrun.chat_with_tools_is_main,
    started=yamin_idle, start_wait=90, start_settle=1.5, ended=yamin_idle,
    end_settle=0.8, busy=yamin_busy, drawn=yamin_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as Symphony is; a Textual screen whose permission is a box with two
#: buttons, "Deny (d)" and "Approve (a)", over its status row, answered by a letter; Ctrl+C
#: twice quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
MARIM = Description(
    "marim", agentrun.marim_command, is_main=agentrun.chat_with_tools_is_main,
    started=marim_idle, start_wait=90, start_settle=2.0, ended=marim_idle,
    end_settle=1.0, busy=marim_busy, drawn=marim_asks, approve_key="a",
    leave=CTRL_C_TWICE)

#: recorded only, as Symphony is; a Textual screen whose permission is rows in its
#: transcript ("permission requested  execute_shell <command>", "  [1] deny  [2] allow once
#: [3] allow always") and its activity row "waiting · permission", answered by a number
#: typed into its composer and Enter; Ctrl+C quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
LANSCODER = Description(
    "lanscoder", agentrun.lanscoder_command, is_main=agentrun.chat_with_tools_is_main,
    started=lanscoder_idle, start_wait=90, start_settle=2.0, ended=lanscoder_idle,
    end_settle=1.0, busy=lanscoder_busy, drawn=lanscoder_asks, approve_key="2+enter",
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only, as AshCode is; a prompt_toolkit REPL whose permission is a menu printed
#: with Rich over a line prompt, answered by a line; "/exit" quits it (Ctrl+C and Ctrl+D
#: only print a hint at its prompt) (its model asked with Chat Completions, whose main
#: requests are those offering tools)
YNCLI = Description(
    "yncli", agentrun.yncli_command, is_main=agentrun.chat_with_tools_is_main,
    started=yncli_idle, start_wait=90, start_settle=1.5, ended=yncli_idle,
    end_settle=0.8, busy=yncli_busy, drawn=yncli_asks, approve_key="1+enter",
    leave=(Leave(("/", "e", "x", "i", "t", "enter"), 10, pause=0.1), *CTRL_C_TWICE))

#: recorded only, as yamin is; a prompt_toolkit chat whose Bash tool asks first under the
#: call's row: a form "    │  Approve    Refuse     Tab to move" and its input row "    │
#: reason › " where the prompt was, Enter taking the focused action (Approve), a typed line
#: refusing; its Ask tool a numbered selector; Ctrl+D quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
MINACODE = Description(
    "minacode", agentrun.minacode_command, is_main=agentrun.chat_with_tools_is_main,
    started=minacode_idle, start_wait=90, start_settle=1.5, ended=minacode_idle,
    end_settle=0.8, busy=minacode_busy, drawn=minacode_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only, as Marim is; a Textual screen whose permission is three options in its
#: status area over its composer, answered by a digit (1 allows, 2 denies); Ctrl+C quits
#: it (no key stops a turn)
#: (its model asked with Anthropic's Messages, whose main requests are those offering tools)
CDD = Description(
    "cdd", agentrun.cdd_command, is_main=default_is_main,
    started=cdd_idle, start_wait=90, start_settle=2.0, ended=cdd_idle,
    end_settle=1.0, busy=cdd_busy, drawn=cdd_asks, approve_key="1",
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only; a full-screen prompt_toolkit chat whose approval is a line prompt printed
#: in its transcript, answered at its input row, a shell command's by a second line ("run")
ABSTRACTCODE = Description(
    "abstractcode", agentrun.abstractcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=abstractcode_idle, start_wait=120, start_settle=1.5, ended=abstractcode_idle,
    end_settle=1.0, busy=abstractcode_busy, drawn=abstractcode_asks, approve_key="y+enter",
    approve_then=(abstractcode_confirm, "run+enter"),
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))

#: recorded only; a full-screen prompt_toolkit chat whose approval is a one-row question bar
#: over its status row, answered by a line typed into its input box
MFOREGE = Description(
    "mforege", agentrun.mforege_command, is_main=agentrun.chat_with_tools_is_main,
    started=mforege_idle, start_wait=90, start_settle=1.5, ended=mforege_idle,
    end_settle=1.0, busy=mforege_busy, drawn=mforege_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+c",), 10), *CTRL_C_TWICE))


#: recorded only, as Marim is; a Textual screen whose permission is inline in its transcript:
#: a yellow panel titled "bash: <command>", then a rounded box "Choose an option:" of two
#: options ("Yes", "No, and tell Aru what to do differently"), Enter taking the first,
#: Down and Enter the second, then a box for what to do differently answered by Enter;
#: Ctrl+Q quits it
#: (its model asked with Chat Completions, whose main requests are those offering tools)
ARU = Description(
    "aru", agentrun.aru_command, is_main=agentrun.chat_with_tools_is_main,
    started=aru_idle, start_wait=90, start_settle=2.0, ended=aru_idle,
    end_settle=1.0, busy=aru_busy, drawn=aru_asks, approve_key="enter", type_delay=0.05,
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))


#: recorded only; a prompt_toolkit prompt over a bottom toolbar whose permission is a Rich
#: panel over a line prompt, answered by a line
AXION = Description(
    "axion", agentrun.axion_command, is_main=agentrun.chat_with_tools_is_main,
    started=axion_idle, start_wait=90, start_settle=1.5, ended=axion_idle,
    end_settle=1.0, busy=axion_busy, drawn=axion_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only; a multi-line prompt_toolkit prompt whose permission is a line prompt read
#: under its Rich spinner, answered by a line
CHOREO = Description(
    "choreo", agentrun.choreo_command,
    started=choreo_idle, start_wait=90, start_settle=1.5, ended=choreo_idle,
    end_settle=1.0, busy=choreo_busy, drawn=choreo_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))



#: recorded only; a line-mode chat whose permission (and question) is a numbered list of
#: options over the line prompt "Your choice: ", answered by a line; Ctrl+D quits it (its
#: model asked with Anthropic's Messages, whose main requests are those offering tools)
ALANCODE = replace(line_chat("alancode", agentrun.alancode_command, ALANCODE_CHAT,
                             approve_key="1+enter"), is_main=default_is_main)


#: recorded only; a full-screen TUI of its own toolkit whose permission is a panel of
#: numbered choices in its composer's place, answered by a key
ZETTCODE = Description(
    "zettcode", agentrun.zettcode_command, is_main=agentrun.chat_with_tools_is_main,
    started=zettcode_idle, start_wait=90, start_settle=1.5, ended=zettcode_idle,
    end_settle=1.0, busy=zettcode_busy, drawn=zettcode_asks, approve_key="y",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))


#: recorded only, as chalilulz is; a line-mode chat put in its safe mode by its start key
#: (the line "/safe"), whose permission is a line prompt "Run this? (Y/n): " under the
#: call's arguments, answered by a line; its main requests those offering finish_task
AXONS = replace(line_chat("axons", agentrun.axons_command, AXONS_CHAT),
                is_main=agentrun.axons_is_main, start_key="/safe+enter")

#: recorded only; a prompt_toolkit prompt over a bottom toolbar whose permission is a Rich
#: panel over a questionary menu, answered by Enter (approve) or Down, Enter (refuse)
AIZEN = Description(
    "aizen", agentrun.aizen_command, is_main=agentrun.chat_with_tools_is_main,
    started=aizen_idle, start_wait=90, start_settle=1.5, ended=aizen_idle,
    end_settle=1.0, busy=aizen_busy, drawn=aizen_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only; a composer boxed in rules drawn in place whose permission is a box drawn in
#: place ending in three numbered choices, answered by Enter (approve) or "3" (refuse)
BAYAN = Description(
    "bayan", agentrun.bayan_command, is_main=agentrun.bayan_is_main,
    started=bayan_idle, start_wait=60, start_settle=1.5, ended=bayan_idle,
    end_settle=1.0, busy=bayan_busy, drawn=bayan_asks, approve_key="enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))

#: recorded only; a prompt_toolkit prompt over a bottom toolbar whose permission is a Rich
#: panel over Rich's line prompt, answered by a line (y or n, Enter)
NRGRD = Description(
    "nrgrd", agentrun.nrgrd_command, is_main=agentrun.chat_with_tools_is_main,
    started=nrgrd_idle, start_wait=90, start_settle=1.5, ended=nrgrd_idle,
    end_settle=1.0, busy=nrgrd_busy, drawn=nrgrd_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))


#: recorded only; a fork of Qwen Code (an Ink app at the foot of the main screen) whose
#: permission is answered by Enter (approve) or Esc (refuse: the turn stops)
QWENTERMUX = Description(
    "qwentermux", agentrun.qwentermux_command, is_main=agentrun.chat_with_tools_is_main,
    started=qwentermux_idle, start_wait=60, start_settle=1.5, ended=qwentermux_idle,
    end_settle=1.0, busy=qwentermux_busy, drawn=qwentermux_asks, approve_key="enter")


#: recorded only; a full-screen Textual app whose permission is a modal box of three edged
#: buttons, answered by a key alone (y, n); Ctrl+Q asks to quit, y quits
AIC = Description(
    "aic", agentrun.aic_command, is_main=agentrun.chat_with_tools_is_main,
    started=aic_idle, start_wait=90, start_settle=2.0, ended=aic_idle,
    end_settle=1.0, busy=aic_busy, drawn=aic_asks, approve_key="y",
    leave=(Leave(("ctrl+q", "y"), 10, pause=1.0, asks=aic_quits), *CTRL_C_TWICE))


#: recorded only; a prompt_toolkit prompt over a bottom toolbar whose permission is a Rich
#: panel over a legend row and a line prompt, answered by a line (y or n, Enter)
ONEFIREWALL = Description(
    "onefirewall", agentrun.onefirewall_command, is_main=agentrun.chat_with_tools_is_main,
    started=onefirewall_idle, start_wait=90, start_settle=1.5, ended=onefirewall_idle,
    end_settle=1.0, busy=onefirewall_busy, drawn=onefirewall_asks, approve_key="y+enter",
    leave=(Leave(("ctrl+d",), 10), *CTRL_C_TWICE))


#: recorded only; a Textual app whose permission is a modal box of buttons, answered by
#: Enter (approve) or Escape (refuse)
NEO = Description(
    "neo", agentrun.neo_command, is_main=agentrun.chat_with_tools_is_main,
    started=neo_idle, start_wait=90, start_settle=1.5, ended=neo_idle,
    end_settle=1.0, busy=neo_busy, drawn=neo_asks, approve_key="enter",
    leave=(Leave(("ctrl+q",), 10), *CTRL_C_TWICE))

AGENTS: dict[str, Description] = {d.name: d for d in (
    CLAUDE, CODEX, AIDER, GEMINI, COPILOT, PI, OPENCODE, QWEN, KILO, GROK, CLINE, CONTINUE, VIBE,
    KIMI, DEEPAGENTS, MINI, OPENCODEX, CODEPUPPY, OPENHANDS, NANOCODER, GPTME, INTERPRETER,
    MENTAT, HERMES, LLM, TUNACODE, STRANDS, MCPCLI, GPTE, AGENTAO, AISHA, LLMIST, RAWDOG,
    AETHERIS, JASMINE, XIAOYU, MASTRACODE, KODER, CODEGOPHER, GODSPEED, ATA, AXON, CODERAI, CHYRD, ASHCODE,
    CLIPPY, FIRSTCODER, ACODER, AETHER, DOSTUFF,
    AGENTCODE, CODERILL, VTX, CORECODER, DEVCODER, LINDWYRM, LETTA, PAIRWIT, TINYHARNESS, JOSHU,
    WINDCODE, AELIX, CLARAITY, COMMANDCODE, GEMMA, CODERIO, AJNA, CRABCODE, PCLI, HAZZEL, CODII,
    LANGREPL, POOH, CHCODE, QUORIV, ANDROMITY, MEMOCODE, WINGMAN,
    VULPCODE, SYMPHONY, WIZOLT, TYTHAN, YAMIN, MARIM, LANSCODER, YNCLI,
    MINACODE, CDD, ABSTRACTCODE, MFOREGE, CHALILULZ, ARU, AXION, CHOREO, ALANCODE, ZETTCODE, AIZEN,
    AXONS, BAYAN, NRGRD, QWENTERMUX, AIC, ONEFIREWALL, NEO)}
#: the agents recorded only to measure the fallback on (no manifest, no e2e profile)
RECORDED_ONLY = frozenset({"continue", "vibe", "kimi", "deepagents", "mini", "opencodex",
                           "codepuppy", "openhands", "nanocoder", "gptme", "interpreter",
                           "mentat", "hermes", "llm", "tunacode",
                           "strands", "mcpcli", "gpte", "agentao", "aisha", "llmist",
                           "rawdog", "aetheris", "jasmine", "xiaoyu", "mastracode",
                           "koder", "codegopher", "godspeed", "ata", "axon", "coderai", "chyrd",
                           "ashcode", "clippy", "firstcoder",
                           "acoder", "aether", "dostuff",
                           "agentcode", "coderill", "vtx", "corecoder", "devcoder",
                           "lindwyrm", "letta", "pairwit", "tinyharness", "joshu",
                           "windcode", "aelix", "claraity", "commandcode", "gemma",
                           "coderio", "ajna", "crabcode", "pcli", "hazzel", "codii",
                           "langrepl", "pooh", "chcode", "quoriv", "andromity",
                           "memocode", "wingman", "vulpcode", "symphony", "wizolt",
                           "tythan", "yamin", "marim", "lanscoder", "yncli",
                           "minacode", "cdd", "abstractcode", "mforege", "chalilulz", "aru",
                           "axion", "choreo", "alancode", "zettcode", "aizen",
                           "axons", "bayan", "nrgrd", "qwentermux", "aic",
                           "onefirewall", "neo"})
