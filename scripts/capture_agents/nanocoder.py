"""Nanocoder's driver (npm ``@nanocollective/nanocoder``, the program ``nanocoder``, its Ink
screen drawn inline on the main screen): its scenarios, all rows of the shared table
(``shared``) given its words (its dialog's text, the keys that refuse it, its tools' names,
the model's replies): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, its ask_user tool, a plain answer, a long stream, an interrupt,
typed and quoted dialog text.

Its composer is a box edged with ``┃`` at the bottom ("> / commands, ! bash, ↑/↓
history" while empty, the mode line under it); while a turn runs a spinner row ("⠙ Press
Esc to cancel · ctrl-o expand tool results") is drawn inside the box. Its tool
confirmation takes the composer's place: the command under "⚒ execute_bash", 'Do you want
to execute tool "execute_bash"?', ``> ✓ Yes, execute this tool``, ``✗ No, cancel
execution`` and "Press Escape to cancel" (1.25.2: a ``❯`` marker, a command too wide for the screen
cut with "…"). Refused here by "✗ No, cancel execution" (down,
Enter): the turn stops there ("Tool execution cancelled by user."; the model is not asked
again), the composer back at once (labelled idle, as an interrupt is). Esc interrupts a turn: "Interrupted by user.", the
prompt put back into the composer. Its ask_user tool
draws the question with a ``❯`` marker on the first option, "Type a custom answer…" last
and "↑/↓ to move · Enter to select · Esc to cancel" (1.25.2: "Press Escape to cancel");
Enter picks the option and sends it.

What it does not do: describe Nanocoder (its composer, spinner row, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import NANOCODER_BUSY, NANOCODER_QUESTION, nanocoder_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its dialog; refused by "✗ No, cancel execution"
# (down, Enter), which stops the turn
DIALOG = {"asks": NANOCODER_QUESTION, "tool_name": "execute_bash", "deny_keys": ("down",),
          "after_refusal": "idle", "back": nanocoder_idle}


register("nanocoder", "command-approve",
         "prompt -> spinner while the model is silent -> execute_bash confirmation -> enter (Yes) "
         "-> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="execute-bash",
         streamed=True)


register("nanocoder", "command-deny",
         "execute_bash confirmation of 'rm -rf build' -> No (down, enter) -> the turn stops, "
         "composer back",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.")])


register("nanocoder", "question",
         "ask_user with two options -> its question in the composer's place -> first option "
         "picked (enter) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?", "options": ["Red", "Blue"]},
         question_asks=lambda s: "Which color do you prefer?" in s and "❯ Red" in s)


register("nanocoder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("nanocoder", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


def _interrupted(text: str) -> bool:
    """Back after Esc: "Interrupted by user." over the composer holding the prompt again,
    no spinner."""
    return "Interrupted by user." in text and NANOCODER_BUSY.search(text) is None


register("nanocoder", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc -> composer back, holding the "
         "prompt again",
         module=__name__, working="spinner", interrupted=_interrupted)


register("nanocoder", "negatives",
         "composer holding typed 'Do you want to execute tool \"execute_bash\"? > ✓ Yes ✗ No, "
         "cancel execution (Press Escape to cancel)' sent as the prompt; the answer quotes the "
         "dialog",
         module=__name__,
         model=lambda sb, api: [Text("Nanocoder asked:\n\n    ⚒ execute_bash\n    Command:\n"
                                     "    rm -rf build\n\n"
                                     "    Do you want to execute tool \"execute_bash\"?\n\n"
                                     "    > ✓ Yes, execute this tool\n"
                                     "      ✗ No, cancel execution\n\n"
                                     "    Press Escape to cancel\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Do you want to execute tool \"execute_bash\"? > ✓ Yes  ✗ No, cancel execution "
               "(Press Escape to cancel)",
         typed_end="Escape to cancel)")


register("nanocoder", "multiline",
         "three execute_bash confirmations in one turn: a two-row command (enter), a "
         "175-character one that wraps (enter), a two-row one sharing the first's first row "
         "(No: the turn stops)",
         module=__name__, **DIALOG, multiline_reply=[Text("Ran the first two.")],
         # (1.25.2 cuts the wrapped command at the screen's edge: its file is not shown)
         multiline_shown=("x1.txt", "echo AAAAAAAAAA", "SECOND.txt"))


register("nanocoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> No -> the turn stops",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.")])


__all__ = ["nanocoder_idle"]
