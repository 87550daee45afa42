"""LansCoder's driver (PyPI ``lanscoder``, the program ``lanscoder --tui``, a Textual
full-screen TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt, a question and typed and quoted dialog
text.

Its screen: a top bar (``LansCoder``, then ``fake/gpt-4o   ·   standard   ·   cwd <dir>``),
its transcript (each prompt and answer behind a bar ``│``, the answer under ``LansCoder:``),
then an activity row, a rule and its composer (the placeholder ``输入消息，Enter 发送，
Shift+Enter 换行，Ctrl/Cmd+V 粘贴图片``). The activity row reads ``idle · ready`` at rest,
``thinking [.. ]`` while the model is asked, the tool's row while it runs, ``done`` and
the turn's time and tools (``5.3s · 1 tool``) once a turn ends (``idle · ready`` again 2 s
later). A call of its ``shell`` tool asks first, in its transcript: ``permission requested
execute_shell <command>``, the reason ``执行 shell 命令需要用户确认。``, the choices ``[1]
deny  [2] allow once  [3] allow always``, and the activity row ``waiting · permission``;
answered by a number typed into its composer and Enter (``2``: the call's row ``[>] tool
shell {'command': ...} · running``, then ``✓``). Refused by ``1``: the model is told and
answers in the same turn. Its ask_user question: the question and its choices ``[1] red
[2] blue``, the activity row ``waiting · input``, answered the same way. Esc in a turn
asks for another (``running · press Esc again to interrupt``); a second stops it
(``Interrupted current turn.``, the activity row ``interrupted``).

What it does not do: describe LansCoder (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import LANSCODER_ASKS, LANSCODER_QUESTION, lanscoder_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its rows in the transcript and
# its activity row); refused by typing "1", then Enter: the model is told and answers
DIALOG = {"asks": LANSCODER_ASKS, "tool_name": "shell", "deny_reason": "1",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("lanscoder", "command-approve",
         "prompt -> its activity row 'thinking' while the model is silent -> 'permission "
         "requested  execute_shell <command>' and its choices -> 2, enter -> command runs 3 "
         "s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("lanscoder", "command-deny",
         "permission for 'rm -rf build' -> 1, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("lanscoder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("lanscoder", "stream",
         "prompt -> 4 s silent (its activity row 'thinking') -> slow streamed answer for ~8 s "
         "-> turn ends",
         module=__name__)


register("lanscoder", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc ('running · press Esc again to "
         "interrupt') -> esc -> 'Interrupted current turn.', its activity row 'interrupted'",
         module=__name__, working="thinking", interrupt_key="esc",
         interrupt_again="press Esc again to interrupt")


register("lanscoder", "question",
         "prompt -> ask_user 'Which color do you prefer?' (red, blue) in its transcript -> 1, "
         "enter (red) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?", "options": ["red", "blue"]},
         question_asks=LANSCODER_QUESTION, question_key="1+enter")


register("lanscoder", "negatives",
         "composer holding typed 'permission requested  execute_shell rm -rf build [1] deny  "
         "[2] allow once  [3] allow always' sent as the prompt; the answer quotes the "
         "permission",
         module=__name__,
         model=lambda sb, api: [Text("LansCoder asked:\n\n"
                                     "    permission requested  execute_shell rm -rf build\n"
                                     "      执行 shell 命令需要用户确认。\n"
                                     "      [1] deny  [2] allow once  [3] allow always\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="permission requested  execute_shell rm -rf build [1] deny  [2] allow once  "
               "[3] allow always",
         typed_end="[3] allow always")


register("lanscoder", "multiline",
         "three permissions in one turn: a two-row command (2, enter), a 175-character one "
         "wrapped (2, enter), a two-row one sharing the first's first row (1, enter) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG)


register("lanscoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> 1, "
         "enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["lanscoder_idle"]
