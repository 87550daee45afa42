"""Aelix's driver (PyPI ``aelix-coding-agent`` with its ``tui`` extra, the program
``aelix``: a prompt_toolkit chat inline on the main screen): its scenarios, rows of the
shared table (``shared``) given its words (its permission's pattern, the key that refuses
it, its shell tool's name, the command refused, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Its screen: a banner (its name in large letters, ``Aelix Agent Runtime``, a framed table of
the model, base URL, cwd, version, tools, skills, hooks and extensions, ``/help for
commands • Ctrl+C to interrupt • Ctrl+C twice to exit``), then the transcript (each prompt
after ``»``, each call's row ``● bash(<command>)`` with its output after ``│``, the model's
words), then its composer ``❯ Type your message or @path/to/file`` over its footer row
``● default  ·  📂 <cwd>  ·  ✱ gpt-4o  ·  🧠 off  ·  ◔ 0% · 0/128K``. While a turn runs a
working row ``⠋ Working… (2s · esc to cancel)`` stands over the composer. A call of its
``bash`` tool asks first, in the composer's place under the call's row: a Rich panel titled
``Run shell command?`` (``Run command:``, the command), then ``→ 1. [y] Yes``, ``2. [s]
Yes, for this session``, ``3. [n] No`` and ``↑/↓ to move · 1-3 / y·s·n · Enter to confirm ·
Esc to deny``, the working row on under it; a command taller than the screen pushes the
call's row off the screen's top, the panel's last rows and bottom edge cut, its options
whole. Enter takes the selected option. Refused by n: ``│
Denied by the user.`` under the call's row, the model is told and answers in the same turn.
Its guardrail refuses ``rm -rf`` without asking (``[guardrail] refusing 'rm -rf' style
command``), so the command refused is ``rm -r build``. Esc in a turn stops it (``✖
Operation aborted``, the composer back).

What it does not do: describe Aelix (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AELIX_ASKS, aelix_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a panel over a numbered list in
# the composer's place); refused by n: the model is told and answers
DIALOG = {"asks": AELIX_ASKS, "tool_name": "bash", "deny_key": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("aelix", "command-approve",
         "prompt -> its working row while the model is silent -> 'Run shell command?' -> "
         "enter (Yes) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("aelix", "command-deny",
         "permission for 'rm -r build' (its guardrail refuses 'rm -rf' unasked) -> n -> the "
         "model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG, command="rm -r build")


register("aelix", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aelix", "stream",
         "prompt -> 4 s silent (its working row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("aelix", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Operation aborted', the "
         "composer back",
         module=__name__, working="thinking", interrupt_key="esc")


register("aelix", "negatives",
         "composer holding typed 'Run shell command? 1. [y] Yes 2. [s] Yes, for this session "
         "3. [n] No' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("aelix asked:\n\n"
                                     "    ╭─ Run shell command? ─╮\n"
                                     "    │ Run command:         │\n"
                                     "    │ rm -r build          │\n"
                                     "    ╰──────────────────────╯\n"
                                     "    → 1. [y] Yes\n"
                                     "      2. [s] Yes, for this session\n"
                                     "      3. [n] No\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Run shell command? 1. [y] Yes 2. [s] Yes, for this session 3. [n] No",
         typed_end="3. [n] No")


register("aelix", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (n) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG)


register("aelix", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission, the "
         "panel's rows after 'touch f27.txt' cut over its options -> n -> the model answers "
         "-> turn ends",
         module=__name__, **DIALOG)


__all__ = ["aelix_idle"]
