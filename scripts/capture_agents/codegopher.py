"""CodeGopher's driver (PyPI ``codegopher``, the program ``codegopher``, a Textual screen): its
scenarios, rows of the shared table (``shared``) given its words (its approval panel's
pattern, the keys that refuse it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream and typed and quoted dialog text. No interrupt: no key stops a turn (Esc does
nothing; Ctrl+Q quits). No question: it has no tool that asks the user.

Its log fills the screen between a status row under its header (its clock ticking at the
right) and its input box, docked at the bottom over a footer of keys (``^q Quit  ^i Focus
input``). The status row says what a turn does (``Running agent turn...``, ``Tool requested:
run_shell_command``, ``Tool completed: ...``) and ``Done after 2 iteration(s)`` at its end;
an answer streams under the log as ``Assistant: ...``. The input box is disabled while a
turn runs, which takes its focus away: Ctrl+I (its description's ``prompt_key``) gives it
back before each prompt. A call of its ``run_shell_command`` tool asks first in a panel
drawn over the input box: ``Approval required: run_shell_command``, the call's arguments as
JSON on one logical row (a new line shown as ``\\n``, cut at 240 characters, wrapped), an
input box ``Optional deny reason``, then the buttons ``Approve`` over ``Deny``, each label
between rows of edges. Tab goes from its log to the deny-reason box, then Approve, then
Deny, and Enter presses the focused button, but where the focus is when a panel is drawn
depends on the button pressed before and on how long ago (Textual moves it off a hidden
button in its own time): a panel is answered here by a click on its button, an SGR mouse
report at the button's label (rows 31 and 34 of the 40-row screen: the panel is drawn from
the bottom up; the description's ``approve_key``, ``codegopher-approve``). Refused by a
click on Deny: the model is told (``Tool failed: run_shell_command: Denied by user``) and
answers in the same turn.

What it does not do: describe CodeGopher (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CODEGOPHER_ASKS, codegopher_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its approval panel (over its input box); refused
# by a click on its Deny button: the model is told and answers
DIALOG = {"asks": CODEGOPHER_ASKS, "tool_name": "run_shell_command",
          "deny_key": "codegopher-deny", "after_refusal": "answer"}


register("codegopher", "command-approve",
         "prompt -> status row 'Running agent turn...' while the model is silent -> approval "
         "panel -> Approve clicked -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("codegopher", "command-deny",
         "approval panel for 'rm -rf build' -> Deny clicked -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("codegopher", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("codegopher", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("codegopher", "negatives",
         "input holding typed 'Approval required: run_shell_command Optional deny reason "
         "Approve Deny' sent as the prompt; the answer quotes the panel",
         module=__name__,
         model=lambda sb, api: [Text("CodeGopher asked:\n\n"
                                     "    Approval required: run_shell_command\n"
                                     "    {\"command\": \"rm -rf build\"}\n"
                                     "    Optional deny reason\n"
                                     "    Approve\n"
                                     "    Deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Approval required: run_shell_command Optional deny reason Approve Deny",
         typed_end="Approve Deny")


register("codegopher", "multiline",
         "three approval panels in one turn: a two-row command (approved), a 175-character "
         "one wrapped (approved), a two-row one sharing the first's first row (denied) -> "
         "the model answers",
         module=__name__, **DIALOG)


register("codegopher", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its JSON cut at 240 "
         "characters -> its approval panel -> Deny -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["codegopher_idle"]
