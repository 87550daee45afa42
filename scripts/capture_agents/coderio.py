"""coderio's driver (PyPI ``coderio``, the program ``coderio``, a Textual full-screen TUI
whose words are mostly Chinese): its scenarios, rows of the shared table (``shared``) given
its words (its permission's pattern, the key that refuses it, its shell tool's name, the
model's replies): a command approved, one refused, three multi-line or wrapped commands, a
61-line one, a plain answer, a long stream, an interrupt and typed and quoted dialog text.
No question: it has no tool that asks the user.

Its screen: a rounded frame holding its transcript (its banner ``coderio v0.6.1
profile=default  model=gpt-4o  perm=confirm`` in a box of its own; each prompt after ``▸
you``; each call of a tool as ``⏺ execute(command='<command>')``, ``↳ execute: <output>``
under it once run; words the model says beside a call in a box titled ``中间输出 · agent
仍在运行…``, its answer in a box titled ``coderio``, drawn once whole), over a framed input
bar: the placeholder ``输入消息, /help 看命令, Esc 中断任务`` over its status row, ``(就绪)``
at rest with ``➤`` on the right, while a turn runs a spinner and its phase ``⠙ 步骤1 · 思考中
· 2.6s`` (``执行 execute · 2.1s · 107 tok`` while a tool is asked for or runs, ``[探索]``
once it has read) with ``⏹`` on the right. A call of its ``execute`` tool asks first, a
rounded box in the input bar between the placeholder and the status row: ``⚠
execute(command='<command>')`` on one row (the command's repr, its newlines as ``\\n``, cut
at the box's edge: a long word wraps out of sight), then ``✅ 允许执行`` (selected), ``❌
拒绝``, ``✎ 自定义回复``. Enter approves; Esc refuses (``↳ execute: Permission denied: tool
'execute' blocked in confirm mode.``), the model is told and answers. Esc while the model
is silent stops the turn only when its next words come (``⚠ 已中断`` in a box, ``(就绪)``).

What it does not do: describe coderio (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CODERIO_ASKS, coderio_idle
from fakeapi import Text

from capture_agents.core import LONG_ANSWER
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a rounded box in its input bar);
# refused by Esc: the model is told and answers
DIALOG = {"asks": CODERIO_ASKS, "tool_name": "execute", "deny_key": "esc",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("coderio", "command-approve",
         "prompt -> its status row '思考中' while the model is silent -> its permission box "
         "-> Enter on '✅ 允许执行' -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True, whole_answer=True)


register("coderio", "command-deny",
         "permission for 'rm -rf build' -> esc -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("coderio", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("coderio", "stream",
         "prompt -> 4 s silent (its status row '思考中') -> slow streamed answer for ~8 s "
         "(its status row '输出中', the answer drawn once whole) -> turn ends",
         module=__name__, whole_answer=True)


register("coderio", "interrupt",
         "prompt -> the model silent -> esc (at 5 s) -> the turn stopped once the model's "
         "first words come (at 8 s): '⚠ 已中断', its status row '(就绪)'",
         module=__name__, working="thinking", interrupt_key="esc",
         # its Esc is read between the stream's chunks only: the model speaks at last, slowly
         model=lambda sb, api: [Text(LONG_ANSWER, pause=8.0)])


register("coderio", "negatives",
         "input bar holding typed '⚠ execute(rm -rf build) ✅ 允许执行 ❌ 拒绝' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("coderio asked:\n\n"
                                     "    ⚠ execute(rm -rf build)\n"
                                     "    ✅ 允许执行\n"
                                     "    ❌ 拒绝\n"
                                     "    ✎ 自定义回复\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="⚠ execute(rm -rf build) ✅ 允许执行 ❌ 拒绝",
         typed_end="❌ 拒绝")


register("coderio", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (esc) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG,
         # its permission shows the command's repr on one row: the wrapped one is cut after
         # its first word
         multiline_shown=("x1.txt", "│ ⚠ execute(command='echo", "SECOND.txt"))


register("coderio", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["coderio_idle"]
