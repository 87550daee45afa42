"""open-codex's driver (npm ``open-codex``, the program ``open-codex``, its Ink screen): its
scenarios, all rows of the shared table (``shared``) given its words (its dialog's text,
the key that refuses it, its shell tool's name and input, the interrupt it asks to
confirm, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt, typed and
quoted dialog text. It has no question tool, so no question scenario.

It draws the model's answer only once whole: the spinner goes on while it streams (no
shot of it streaming). Its shell tool takes an argv (``{"command": ["bash", "-lc", ...]}``). Its permission
dialog takes the composer's box: "Shell Command", the command after ``$``, "Allow
command?", five options with a ``❯`` marker, each with its key (``Yes (y)``, ``Yes,
always approve this exact command for this session (a)``, ``Edit or give feedback
(e)``, ``No, and keep going (n)``, ``No, and stop for now (esc)``), no hint row. Refused
here by "No, and keep going" (its marker moved down to it, Enter): the model is told and
answers (its turn goes on). Its safe-command check reads a script's first row: a script
that starts with ``ls`` runs without asking, so the multiline scenario's commands start
with ``mkdir``. Esc while a turn runs
only asks to confirm ("Press Esc again to interrupt ..."); a second Esc interrupts.

What it does not do: describe open-codex (its composer, spinner, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import OPENCODEX_QUESTION, opencodex_idle
from fakeapi import Text, ToolUse

from capture_agents.core import MULTILINE_WRAPPED
from capture_agents.shared import register


def _argv(command: str) -> dict[str, list[str]]:
    """Its shell tool's input running `command`."""
    return {"command": ["bash", "-lc", command]}


# its words in the shared scenarios with its dialog; refused by "No, and keep going" (down
# three times, Enter): the model is told and answers
DIALOG = {"asks": OPENCODEX_QUESTION, "tool_name": "shell", "tool_input": _argv,
          "deny_keys": ("down",) * 3, "after_refusal": "answer"}

# the multiline scenario's two-row commands start with a command of its own: a script whose
# first row is ``ls`` it runs without asking (it reads the first row as read-only)
MULTILINE = ("mkdir -p tmp\ntouch x1.txt", MULTILINE_WRAPPED, "mkdir -p tmp\ntouch SECOND.txt")


register("opencodex", "command-approve",
         "prompt -> spinner while the model is silent -> shell approval -> enter (Yes) -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="shell",
         streamed=True, whole_answer=True)


register("opencodex", "command-deny",
         "shell approval of 'rm -rf build' -> No, and keep going (down x3, enter) -> the model is "
         "told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("opencodex", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("opencodex", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s (the spinner goes on: "
         "it draws the answer once whole) -> turn ends",
         module=__name__, whole_answer=True)


register("opencodex", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc (it asks to confirm) -> esc -> "
         "composer back",
         module=__name__, working="spinner", interrupt_again="Press Esc again to interrupt")


register("opencodex", "negatives",
         "composer holding typed 'Allow command? ❯ Yes (y) No, and stop for now (esc)' sent as "
         "the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("open-codex asked:\n\n    Shell Command\n\n    $ rm -rf build"
                                     "\n\n    Allow command?\n\n      ❯ Yes (y)\n"
                                     "        No, and keep going (n)\n"
                                     "        No, and stop for now (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow command? ❯ Yes (y)  No, and stop for now (esc)",
         typed_end="stop for now (esc)")


register("opencodex", "multiline",
         "three shell approvals in one turn: a two-row command (enter), a 175-character one that "
         "wraps (enter), a two-row one sharing the first's first row (No, and keep going) -> the "
         "model answers",
         module=__name__, **DIALOG,
         model=lambda sb, api: [*(ToolUse("shell", _argv(c), pause=1.0) for c in MULTILINE),
                                Text("Ran the first two.", pause=1.0)])


register("opencodex", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> No, and keep going -> the model answers",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["opencodex_idle"]
