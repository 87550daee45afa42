"""Mistral Vibe's driver (PyPI ``mistral-vibe``, the program ``vibe``, its Python TUI): its
scenarios, all rows of the shared table (``shared``) given its words (its dialog's text,
the keys that refuse it, its tools' names, the model's replies): a command approved, one
refused, three multi-line or wrapped commands, a 61-line one, its question tool, an
interrupt by Ctrl+C (its Esc does not reach it under this pty), a plain answer, a long
stream, typed and quoted dialog text.

Its permission dialog is a box in the composer's place ("Permission for the
file_system.bash tool (...)", the command, four numbered options with a ``›`` marker,
the hints "↑↓/jk navigate  Enter select  Esc reject"; refused here by its "4. Deny")
while the spinner line above it goes on counting; its question tool draws the same box
with the choices and "Type your answer...".

What it does not do: describe Mistral Vibe (its composer, spinner line, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import VIBE_QUESTION, vibe_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its dialog; refused by "4. Deny" (down three times,
# Enter), the model is told and answers
DIALOG = {"asks": VIBE_QUESTION, "tool_name": "bash", "deny_keys": ("down",) * 3,
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("vibe", "command-approve",
         "prompt -> spinner while the model is silent -> bash permission -> enter (1. Allow once) -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="bash",
         streamed=True)


register("vibe", "command-deny",
         "bash permission -> 4. Deny (down x3, enter) -> the model answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("vibe", "question",
         "ask_user_question with two choices -> question box -> first choice (enter) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="ask_user_question",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "options": [{"label": "Red"}, {"label": "Blue"}]}]},
         question_asks=lambda s: "Which color do you prefer?" in s and "Enter select" in s)


register("vibe", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("vibe", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("vibe", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> ctrl+c (its Esc does not reach it here) -> "
         "prompt back",
         module=__name__, working="spinner", interrupt_key="ctrl+c")


register("vibe", "negatives",
         "composer holding typed 'Permission for the bash tool 1. Allow once 4. Deny (Enter select  Esc "
         "reject)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Vibe asked:\n\n    Permission for the file_system.bash tool\n\n"
                                     "    › 1. Allow once\n      2. Allow for remainder of this session\n"
                                     "      3. Always allow\n      4. Deny\n\n"
                                     "    ↑↓/jk navigate  Enter select  Esc reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission for the bash tool 1. Allow once 4. Deny (Enter select  Esc reject)",
         typed_end="Esc reject)")


register("vibe", "multiline",
         "three bash permissions in one turn: a two-row command (enter), a 175-character one that wraps "
         "(enter), a two-row one sharing the first's first row (4. Deny) -> the model answers -> turn ends",
         module=__name__, **DIALOG)


register("vibe", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "permission -> 4. Deny -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["vibe_idle"]
