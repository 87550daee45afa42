"""langrepl's driver (PyPI ``langrepl``, the program ``langrepl``, a prompt_toolkit REPL
drawn with Rich): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: it has no tool that asks the user.

Its banner (the name in box-drawing letters beside ``What's New:``) and transcript scroll up
the main screen; its prompt ``❯`` with the agent and model as its placeholder
(``claude-style-coder:haiku-4.5``) and its bottom toolbar on the screen's last row
(`` v1.12.1 | <working dir> ... semi-active``). A sent prompt stays as ``❯ <prompt>``; while
the model is asked or a tool runs a spinner's row ``⠇ Randomizing...``; a call's rows
``⚙ run_command`` and ``  command : <command>``; the answer after ``◆︎``. A call of its
``run_command`` tool asks first: ``Allow running run_command ? : <command>``, then a prompt
``❯`` of its own with the completion menu of its choices open under it (``allow``, ``always
allow``, ``deny``, ``always deny``), answered by a line (``allow``, Enter); the question's
rows are erased once answered, the command's output shown as ``  ㄴ<output>``. Refused by
"deny", Enter: ``  ㄴAction denied by user.`` and the turn stops, its prompt back, the model
not asked again. Ctrl+C stops a turn silently, its prompt back.

What it does not do: describe langrepl (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import LANGREPL_ASKS, langrepl_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its prompt with the completion
# menu of its choices); refused by typing "deny", then Enter: the turn stops there
DIALOG = {"asks": LANGREPL_ASKS, "tool_name": "run_command", "deny_reason": "deny",
          "after_refusal": "idle", "back": langrepl_idle, "refusal_reply": []}


register("langrepl", "command-approve",
         "prompt -> its spinner's row while the model is silent -> the call's rows, its "
         "question and its choices' menu -> allow, enter -> command runs 3 s -> slow "
         "streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("langrepl", "command-deny",
         "permission for 'rm -rf build' -> deny, enter -> 'Action denied by user.', the turn "
         "stops, its prompt back",
         module=__name__, like="deny", **DIALOG)


register("langrepl", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("langrepl", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("langrepl", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> the turn stops, its prompt "
         "back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("langrepl", "negatives",
         "prompt holding typed 'Allow running run_command ? : rm -rf build allow / deny' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("langrepl asked:\n\n"
                                     "    Allow running run_command ? : rm -rf build\n"
                                     "    ❯ allow | always allow | deny | always deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow running run_command ? : rm -rf build allow / deny",
         typed_end="allow / deny")


register("langrepl", "multiline",
         "three permissions in one turn: a two-row command (allow), a 175-character one "
         "wrapped (allow), a two-row one sharing the first's first row (deny: the turn stops)",
         module=__name__, **DIALOG)


register("langrepl", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> deny "
         "-> the turn stops",
         module=__name__, **DIALOG)


__all__ = ["langrepl_idle"]
