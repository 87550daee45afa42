"""Deep Agents Code's driver (PyPI ``deepagents-code``, the program ``deepagents-code``,
its Textual shell): its scenarios, all rows of the shared table (``shared``) given its
words (its dialog's text, the keys that refuse it, its tools' names, the model's replies,
its composer after an interrupt): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, its ask_user tool, an interrupt by Esc that gives the
prompt back in its composer, a plain answer, a long stream, typed and quoted dialog text.

Its permission dialog is a box above its composer, which stays drawn under it
(">>> execute Requires Approval <<<", the command, "Working Directory: ...", three
numbered options with a ``›`` marker ``1. Approve (y)`` ``2. Enable Auto for this thread
(a)`` ``3. Reject (n)``, the hints "↑/↓ navigate • Enter select • y/a/n quick keys • Tab
reject with feedback • Esc reject") over its paused spinner line ("⏸ Awaiting
decision...  (paused at 4s)"); refused here by its "3. Reject", which ends the turn
("Command rejected. Tell the agent what you'd like instead."). Its ask_user tool draws
"› Agent has a question for you", the question, the choices and an "Other" one.

What it does not do: describe Deep Agents Code (its composer, spinner, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import DEEPAGENTS_ASKS, DEEPAGENTS_BUSY, DEEPAGENTS_QUESTION, deepagents_idle
from fakeapi import Text

from capture_agents.shared import register

REJECTED = "Command rejected."
INTERRUPTED = "Interrupted by user"

# its words in the shared scenarios with its dialog; refused by "3. Reject" (down twice,
# Enter), the turn stops there (the model is not asked again) and its composer is free
DIALOG = {"asks": DEEPAGENTS_QUESTION, "tool_name": "execute", "deny_keys": ("down",) * 2,
          "after_refusal": "idle", "back": lambda s: REJECTED in s and deepagents_idle(s),
          "refusal_reply": []}


register("deepagents", "command-approve",
         "prompt -> spinner while the model is silent -> execute approval -> enter (1. Approve) "
         "-> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="execute",
         streamed=True)


register("deepagents", "command-deny",
         "execute approval -> 3. Reject (down x2, enter) -> the turn stops, composer free",
         module=__name__, like="deny", **DIALOG)


register("deepagents", "question",
         "ask_user with two choices -> question box -> first choice (enter) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "type": "multiple_choice",
                                        "choices": [{"value": "Red"}, {"value": "Blue"}]}]},
         question_asks=lambda s: DEEPAGENTS_ASKS in s and "Which color do you prefer?" in s
         and "Blue" in s)


register("deepagents", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("deepagents", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


# its composer is given the prompt back: not empty, so not its description's end
register("deepagents", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> esc -> 'Interrupted by user', the "
         "prompt given back in the composer",
         module=__name__, working="spinner",
         interrupted=lambda s: INTERRUPTED in s and DEEPAGENTS_BUSY.search(s) is None)


register("deepagents", "negatives",
         "composer holding typed '>>> execute Requires Approval <<< 1. Approve (y) 3. Reject (n) "
         "(Enter select • Esc reject)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Deep Agents asked:\n\n    >>> execute Requires Approval "
                                     "<<<\n     rm -rf build\n\n      › 1. Approve (y)\n"
                                     "        2. Enable Auto for this thread (a)\n"
                                     "        3. Reject (n)\n"
                                     "    ↑/↓ navigate • Enter select • Esc reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed=">>> execute Requires Approval <<< 1. Approve (y) 3. Reject (n) "
               "(Enter select • Esc reject)",
         typed_end="Esc reject)")


# its wrapped command is cut after its second row ("A… (press 'e' to expand)"): that
# dialog is told by its "echo" row, not its file
register("deepagents", "multiline",
         "three execute approvals in one turn: a two-row command (enter), a 175-character one "
         "that wraps, cut after two rows (enter), a two-row one sharing the first's first row "
         "(3. Reject) -> the "
         "turn stops, composer free",
         module=__name__, **DIALOG,
         multiline_shown=("touch x1.txt", "│  echo ", "touch SECOND.txt"))


register("deepagents", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> 3. Reject -> the turn stops, composer free",
         module=__name__, **DIALOG)


__all__ = ["deepagents_idle"]
