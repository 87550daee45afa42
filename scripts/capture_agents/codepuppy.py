"""Code Puppy's driver (PyPI ``code-puppy``, the program ``code-puppy``, its interactive
shell with its prompt and status rows pinned at the bottom): its scenarios, all rows of
the shared table (``shared``) given its words (its dialog's text, the keys that refuse it,
its tools' names, the model's replies): a command approved, one refused, three
multi-line or wrapped commands, a 61-line one, its ask_user_question tool, a plain
answer, a long stream, an interrupt, typed and quoted dialog text.

Its permission dialog is drawn above its prompt's place: a box titled "Shell Command"
("Requesting permission to run:", the command after ``$``), "💭 What would you like to
do?", three options with a ``>`` marker (``✓ Approve``, ``✗ Reject``, ``💬 Reject with
feedback (tell Puppy what to change)``) and the hints "↑/↓ move · enter select · esc
cancel" as the screen's last row; its status rows are gone while it waits. Answered, it
stays drawn above what follows (the hints no longer the last row). Refused here by "✗
Reject" (down, Enter): the model is told and answers. Its ask_user_question tool takes the
whole screen (the alternate one): questions listed on the left, the question with radio
options and "Other" on the right; Enter picks an option, Ctrl+S sends the answers.

What it does not do: describe Code Puppy (its prompt, status row, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import CODEPUPPY_ASKS, codepuppy_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its dialog; refused by "✗ Reject" (down, Enter)
DIALOG = {"asks": CODEPUPPY_ASKS, "tool_name": "shell", "deny_keys": ("down",),
          "after_refusal": "answer"}


register("codepuppy", "command-approve",
         "prompt -> spinner while the model is silent -> shell approval -> enter (Approve) -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="shell",
         streamed=True)


register("codepuppy", "command-deny",
         "shell approval of 'rm -rf build' -> Reject (down, enter) -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("codepuppy", "question",
         "ask_user_question with two options -> its full-screen question -> first option picked "
         "(enter), sent (ctrl+s) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user_question",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "header": "Color",
                                        "options": [{"label": "Red"}, {"label": "Blue"}]}]},
         question_asks=lambda s: "Which color do you prefer?" in s and "Ctrl+S Submit" in s,
         question_keys=("enter",), question_key="ctrl+s")


register("codepuppy", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("codepuppy", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("codepuppy", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> ctrl+c -> prompt back",
         module=__name__, working="spinner", interrupt_key="ctrl+c")


register("codepuppy", "negatives",
         "prompt holding typed 'What would you like to do? > ✓ Approve ✗ Reject (enter select · "
         "esc cancel)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Code Puppy asked:\n\n    Requesting permission to run:\n"
                                     "    $ rm -rf build\n\n    What would you like to do?\n\n"
                                     "    > ✓ Approve\n      ✗ Reject\n\n"
                                     "    ↑/↓ move · enter select · esc cancel\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="What would you like to do? > ✓ Approve  ✗ Reject (enter select · esc cancel)",
         typed_end="esc cancel)")


register("codepuppy", "multiline",
         "three shell approvals in one turn: a two-row command (enter), a 175-character one that "
         "wraps (enter), a two-row one sharing the first's first row (Reject) -> the model answers",
         module=__name__, **DIALOG, multiline_reply=[Text("Ran the first two.", pause=1.0)])


register("codepuppy", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> Reject -> the model answers",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["codepuppy_idle"]
