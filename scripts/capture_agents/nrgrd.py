"""nrgrd's driver (PyPI ``nrgrd``, the program ``nrgrd``, a prompt_toolkit prompt over a
bottom toolbar, its turns printed with Rich panels up the main screen): its scenarios, rows
of the shared table (``shared``) given its words (its permission's pattern, the line that
refuses it, its shell tool's name, the model's replies): a command approved, one refused,
three multi-line or wrapped commands (two approved, the third refused), a 61-line one, a
plain answer, a long stream, an interrupt and typed and quoted dialog text. No question: it
has no tool that asks the user.

Its screen: a panel ``NRGRD`` (``NRGRD  •  Model: gpt-4o  •  Messages: 0  •  Context: ≈1.2k
/ 128k``), its banner panel (``NRGRD`` in block letters, ``Workspace``, ``Model``, ``Tip``,
subtitled ``interactive AI workspace · v0.2.2``; 0.2.1's without its version), then before
each prompt its context bar ``context ━─── ≈1.2k / 128k · 1% · window from config`` over
``nrgrd> `` and its bottom toolbar `` / for commands · Ctrl+V pastes an image · /attach adds
files``. A prompt sent is echoed in a panel ``User``; while the model is silent nothing else
is drawn (its spinner ``Nrgrd is thinking…`` opens with the stream's first chunk and is
replaced by it at once), the answer streamed in a panel ``Nrgrd``; a command's output in a
panel ``Tool`` (``shell``, ``exit code 0``, its output). A call of its ``shell`` tool asks
first: a panel titled ``Nrgrd wants to run: shell`` (the command, every row of it) over
Rich's line prompt ``Allow?  Yes   No   Always allow this tool this session [y/n/a] (n):``
on the cursor's row, answered by a line: ``y``, Enter approves, ``n``, Enter refuses (a
panel ``shell — Permission Denied``, ``Denied by user; the agent was told and will adjust
its approach.``: the model is told and answers in the same turn). Ctrl+C while the model is
silent stops the turn: ``^C● Interrupted. Any partial reply above was kept.``, its prompt
back.

What it does not do: describe nrgrd (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import NRGRD_ASKS, nrgrd_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its panel over Rich's line
# prompt); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": NRGRD_ASKS, "tool_name": "shell", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("nrgrd", "command-approve",
         "prompt -> its user panel while the model is silent -> its permission panel and "
         "line prompt -> y, enter -> command runs 3 s -> the answer streamed -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("nrgrd", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG)


register("nrgrd", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("nrgrd", "stream",
         "prompt -> 4 s silent -> a long answer streamed for ~8 s -> turn ends",
         module=__name__)


register("nrgrd", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '● Interrupted.', its "
         "prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("nrgrd", "negatives",
         "prompt holding typed 'Nrgrd wants to run: shell Allow? [y/n/a] (n):' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("nrgrd asked:\n\n"
                                     "    ╭─ Nrgrd wants to run: shell ─╮\n"
                                     "    │ rm -rf build                 │\n"
                                     "    ╰──────────────────────────────╯\n"
                                     "    Allow? Yes  No  Always allow this tool this "
                                     "session [y/n/a] (n):\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Nrgrd wants to run: shell rm -rf build Allow? [y/n/a] (n):",
         typed_end="[y/n/a] (n):")


register("nrgrd", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("nrgrd", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["nrgrd_idle"]
