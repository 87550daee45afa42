"""tinyharness's driver (PyPI ``tinyharness-lm``, the program ``tinyharness``: a
prompt_toolkit chat inline on the main screen): its scenarios, rows of the shared table
(``shared``) given its words (its permission's pattern, the keys that refuse it, its shell
tool's name, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt and typed and
quoted dialog text. No question: it has no tool that asks the user.

Its screen: a banner (its logo beside ``tinyharness  v0.1.0``, the model ``claude-sonnet-4-5
via fake``, the project, the mode ``ask``, ``⚠ sandbox off · not available on this system ·
every command asks first``), a row of its keys, the transcript (each prompt after ``❯``,
the model's text, each call's row ``⠋ Bash    <command>`` with its time, its output after
``⎿``, a turn's summary row ``── 12s · 1 tool · ...``), then its composer, a framed box
``❯ Ask anything, or type / for commands``, over a footer row ``○ ask · shift+tab to
switch`` (its model, ``no sandbox``, the git branch and context on the right). While a turn
runs the composer reads ``❯ Message the agent: it gets this before its next step``, the
footer ``○ ask · ctrl+c to stop``, and a spinner's row stands over it while the model is
silent (``⠋ Working… 1s · ctrl+c to interrupt``) or a command runs (``⠋ Running Bash… 1s ·
ctrl+c to interrupt``). A call of ``Bash`` asks first (its mode ``ask``) in place of the
composer: the call in a rounded frame titled ``Bash  <command>``, the command in it, ``⚠ No
sandbox backend is active: this command can use the network and change any of your
files.``, then ``Run this command?`` over ``❯  1. Yes`` and ``2. No, and tell it what to do
instead  esc``; Enter takes the selected option. A command taller than the screen fills it
with the frame's rows from its top, its options under them (the frame's bottom, the warning
and the question cut). 2 refuses and asks on one row ``❯ What
should it do instead? enter to just stop``: Enter stops the turn there (``⊘ Bash
<command> ... rejected``, ``■ Stopped. What should it do instead?``, the composer back; the
model is not told). Ctrl+C in a turn stops it (``■ Interrupted. What should it do
instead?``, the composer back).

What it does not do: describe tinyharness (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import TINYHARNESS_ASKS, tinyharness_idle
from fakeapi import Text

from capture_agents.shared import register

STOPPED = "■ Stopped."

# its words in the shared scenarios with its permission (its select prompt in place of the
# composer); refused by 2, then Enter at its question for what to do instead: the turn
# stops, the model is not told
DIALOG = {"asks": TINYHARNESS_ASKS, "tool_name": "Bash", "deny_keys": ("2",),
          "deny_key": "enter", "after_refusal": "idle",
          "back": lambda s: STOPPED in s and tinyharness_idle(s), "refusal_reply": [],
          "multiline_reply": []}


register("tinyharness", "command-approve",
         "prompt -> its spinner's row while the model is silent -> 'Run this command?' -> "
         "enter (Yes) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("tinyharness", "command-deny",
         "'Run this command?' for 'rm -rf build' -> 2, enter at 'What should it do "
         "instead?' -> 'Stopped.', the turn stops, the composer back",
         module=__name__, like="deny", **DIALOG)


register("tinyharness", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("tinyharness", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("tinyharness", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'Interrupted.', the "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("tinyharness", "negatives",
         "composer holding typed 'Run this command? 1. Yes 2. No, and tell it what to do "
         "instead' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("tinyharness asked:\n\n"
                                     "    ╭─ Bash  rm -rf build ─╮\n"
                                     "    │ rm -rf build         │\n"
                                     "    ╰──────────────────────╯\n"
                                     "    Run this command?\n"
                                     "    ❯  1. Yes\n"
                                     "       2. No, and tell it what to do instead  esc\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Run this command? 1. Yes 2. No, and tell it what to do instead",
         typed_end="what to do instead")


register("tinyharness", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (2, enter: the turn "
         "stops)",
         module=__name__, **DIALOG)


register("tinyharness", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission, the "
         "frame's first rows over its options (the question cut) -> 2, enter -> the turn "
         "stops",
         module=__name__, **DIALOG)


__all__ = ["tinyharness_idle"]
