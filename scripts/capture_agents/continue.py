"""Continue CLI's driver (``@continuedev/cli``, the program ``cn``): its scenarios, all
rows of the shared table (``shared``) given its words (its dialog's text, the key that
refuses it, its tools' names, the model's replies): a command approved, one refused,
three multi-line or wrapped commands, a 61-line one, its question tool, a plain answer,
a long stream, an interrupt, typed and quoted dialog text.

Its permission dialog is a box over the composer ("Would you like to continue?", three
options with a ``>`` marker, each with its key: ``Continue (tab)``, ``... (shift+tab)``,
``No, ... (esc)``) while the spinner line above it goes on counting. Refusing (Esc)
cancels the turn: the model is not asked again, the composer is back at once (labelled
idle, as an interrupt is).

What it does not do: describe Continue CLI (its composer, spinner line, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen, as Grok CLI's do).
"""

from __future__ import annotations

from agents import CONTINUE_QUESTION, continue_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its dialog; refused by Esc, which cancels the turn
DIALOG = {"asks": CONTINUE_QUESTION, "tool_name": "Bash", "deny_key": "esc",
          "after_refusal": "idle", "back": continue_idle}


register("continue", "command-approve",
         "prompt -> spinner while the model is silent -> Bash approval -> enter (Continue) -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="bash",
         streamed=True)


register("continue", "command-deny",
         "Bash approval -> esc (No, and tell Continue what to do differently) -> the turn is cancelled, "
         "composer back",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.")])


register("continue", "question",
         "AskQuestion with two options -> question box -> first option chosen (enter) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="AskQuestion",
         question_input={"question": "Which color do you prefer?", "options": ["Red", "Blue"]},
         question_asks=lambda s: "Which color do you prefer?" in s and "Enter select" in s)


register("continue", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("continue", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("continue", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc -> prompt back",
         module=__name__, working="spinner")


register("continue", "negatives",
         "composer holding typed 'Would you like to continue? > Continue (tab) No (esc)' sent as the "
         "prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Continue asked:\n\n    Would you like to continue?\n\n"
                                     "    > Continue (tab)\n      Continue + don't ask again (shift+tab)\n"
                                     "      No, and tell Continue what to do differently (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Would you like to continue? > Continue (tab)  No (esc)", typed_end="No (esc)")


register("continue", "multiline",
         "three Bash approvals in one turn: a two-row command (enter), a 175-character one that wraps "
         "(enter), a two-row one sharing the first's first row (esc: the turn is cancelled)",
         module=__name__, **DIALOG, multiline_reply=[Text("Ran the first two.")])


register("continue", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> esc -> the turn is cancelled",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.")])
