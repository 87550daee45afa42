"""Kimi CLI's driver (PyPI ``kimi-cli``, the program ``kimi``, its prompt_toolkit shell):
its scenarios, all rows of the shared table (``shared``) given its words (its dialog's
text, the keys that refuse it, its tools' names, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, its
AskUserQuestion tool, an interrupt by Ctrl+C, a plain answer, a long stream, typed and
quoted dialog text.

Its permission dialog is a box over its composer ("╭─ approval ─", "Shell is requesting
approval to run command:", the command, four options ``→ [1] Approve once`` ...
``[4] Reject, tell the model what to do instead``, the hints "▲/▼ select  1/2/3/4 choose
↵ confirm"; refused here by its "[3] Reject", which ends the turn) under the tool's spinner line
("⠦ Using Shell (...)"), which goes on turning; its question tool draws the same box
("╭─ question ─", "? Which color do you prefer?", ``→ [1] Red``, ``[2] Blue``,
``[3] Other``) with no hints.

What it does not do: describe Kimi CLI (its composer, spinner, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import KIMI_QUESTION, kimi_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its dialog; refused by "[3] Reject" (down twice,
# Enter), the turn stops there ("Rejected by user", the model is not asked again) and its
# composer comes back
DIALOG = {"asks": KIMI_QUESTION, "tool_name": "Shell", "deny_keys": ("down",) * 2,
          "after_refusal": "idle", "back": kimi_idle,
          "refusal_reply": [Text(REFUSED, pause=1.0)]}


register("kimi", "command-approve",
         "prompt -> spinner while the model is silent -> Shell approval -> enter ([1] Approve "
         "once) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="spinner", tool="Shell",
         streamed=True)


register("kimi", "command-deny",
         "Shell approval -> [3] Reject (down x2, enter) -> the turn stops, composer back",
         module=__name__, like="deny", **DIALOG)


register("kimi", "question",
         "AskUserQuestion with two choices -> question box -> first choice (enter) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="AskUserQuestion",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "options": [{"label": "Red"}, {"label": "Blue"}]}]},
         question_asks=lambda s: "Which color do you prefer?" in s and "[2] Blue" in s)


register("kimi", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("kimi", "stream",
         "prompt -> 4 s silent (spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("kimi", "interrupt",
         "prompt -> model never answers (5 s of spinner) -> ctrl+c -> prompt back",
         module=__name__, working="spinner", interrupt_key="ctrl+c")


register("kimi", "negatives",
         "composer holding typed 'Shell is requesting approval to run command: [1] Approve once "
         "[3] Reject (1/2/3/4 choose  ↵ confirm)' sent as the prompt; the answer quotes the dialog",
         module=__name__,
         model=lambda sb, api: [Text("Kimi asked:\n\n    Shell is requesting approval to run "
                                     "command:\n\n    → [1] Approve once\n      [2] Approve for "
                                     "this session\n      [3] Reject\n\n"
                                     "    ▲/▼ select  1/2/3/4 choose  ↵ confirm\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Shell is requesting approval to run command: [1] Approve once [3] Reject "
               "(1/2/3/4 choose  ↵ confirm)",
         typed_end="confirm)")


register("kimi", "multiline",
         "three Shell approvals in one turn: a two-row command (enter), a 175-character one that "
         "wraps (enter), a two-row one sharing the first's first row ([3] Reject) -> the turn "
         "stops, composer back",
         module=__name__, **DIALOG)


register("kimi", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "approval -> [3] Reject -> the turn stops, composer back",
         module=__name__, **DIALOG)


__all__ = ["kimi_idle"]
