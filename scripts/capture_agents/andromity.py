"""Andromity's driver (PyPI ``andromity``, the program ``andromity``, a Textual full-screen
TUI): its scenarios, rows of the shared table (``shared``) given its words (its viewer
panel's pattern, the click that refuses it, its shell tool's name, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt, a question and typed and quoted dialog text.

Its screen: the transcript (each prompt after ``›``, each answer under ``■ Andromity:``, a
tool's row ``▼ 1 tool · shell_exec 2s`` with a spinner's frame while it runs), a context
column at the right (the session's name, the model, MCP, the context used), then a status
row (``fake gpt-4o · reason:auto · safe · 0/131K · cost unknown · /help``, a spinner's
frame and `` · `` before it while a turn runs), its composer's box (the placeholder
``Message · / commands · @ skills``) and a footer (the directory, the git branch, the profile,
the version). A call of its ``shell_exec`` tool asks first: a viewer panel opens between
the transcript and the context column, ``Action: shell_exec`` and a close button ``✕`` as
its header, ``Shell command:`` and the command, and its buttons ``✓ Apply`` and ``✕
Reject`` at its foot, level with the composer; the status row goes on spinning. No key
presses them (Tab stays in the composer; Ctrl+D refuses, but leaves the panel drawn): they
are clicked, an SGR mouse report at each label (row 38 of the 40-row, 120-column screen;
the description's ``approve_key``, ``andromity-apply``). Refused by a click on Reject: the
model is told (``TOOL REJECTED BY USER``) and answers in the same turn. Esc twice within a
second interrupts a turn (``[Cancelled]``; the first shows ``Press ESC again to
interrupt`` in the status row only while words stream). Its ``ask_questions`` tool asks the user in a panel drawn over
its composer, ``❓ Andromity needs 1 answer(s)``, the question and its options as radio
buttons, ``Skip (Esc)`` and ``Submit (Ctrl+Enter)``; its composer keeps the focus (keys
typed go there), so an option is clicked (the description's key ``andromity-red``), which
focuses the panel, and Enter sends.

What it does not do: describe Andromity (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import ANDROMITY_ASKS, ANDROMITY_QUESTION, andromity_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its viewer panel); refused by a
# click on its Reject button: the model is told and answers
DIALOG = {"asks": ANDROMITY_ASKS, "tool_name": "shell_exec", "deny_key": "andromity-reject",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("andromity", "command-approve",
         "prompt -> its spinner's frame in the status row while the model is silent -> the "
         "viewer panel 'Action: shell_exec' -> Apply clicked -> command runs 3 s -> slow "
         "streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("andromity", "command-deny",
         "viewer panel for 'rm -rf build' -> Reject clicked -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG)


register("andromity", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("andromity", "stream",
         "prompt -> 4 s silent (its spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


# a turn stops at a second Esc within a second of the first; while the model is silent the
# first shows nothing (its hint "Press ESC again to interrupt" only while words stream), so
# the second follows half a second after the first, once its prompt's row is seen
register("andromity", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> esc half a second later -> "
         "'[Cancelled]', its composer back",
         module=__name__, working="thinking", interrupt_key="esc",
         interrupt_again="› think about it for a long time", interrupted="[Cancelled]")


register("andromity", "question",
         "prompt -> ask_questions 'Which color do you prefer?' (red, blue) in its question "
         "panel -> red clicked, enter -> the model answers -> turn ends",
         module=__name__, question_tool="ask_questions",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "type": "single", "options": ["red", "blue"]}]},
         question_asks=ANDROMITY_QUESTION, question_keys=("andromity-red",))


register("andromity", "negatives",
         "composer holding typed 'Action: shell_exec Shell command: rm -rf build ✓ Apply ✕ "
         "Reject' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Andromity asked:\n\n"
                                     "    Action: shell_exec                  ✕\n"
                                     "    Shell command:\n"
                                     "    rm -rf build\n"
                                     "      ✓ Apply    ✕ Reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Action: shell_exec Shell command: rm -rf build ✓ Apply ✕ Reject",
         typed_end="✕ Reject")


register("andromity", "multiline",
         "three permissions in one turn: a two-row command (Apply), a 175-character one "
         "wrapped (Apply), a two-row one sharing the first's first row (Reject) -> the model "
         "answers -> turn ends (its panel cuts the long one at its width, unwrapped)",
         module=__name__, **DIALOG,
         multiline_shown=("x1.txt", "│ echo AAAAAAAAAAAAAAAAAAAA", "SECOND.txt"))


register("andromity", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> Reject "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["andromity_idle"]
