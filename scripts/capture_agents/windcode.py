"""Windcode's driver (PyPI ``windcode``, the program ``windcode``, a Textual full-screen TUI
whose words are Chinese): its scenarios, rows of the shared table (``shared``) given its
words (its permission's pattern, the key that refuses it, its shell tool's name, its
question tool, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt, typed and
quoted dialog text, and a question (its ``ask_user`` tool).

Its screen: a header row ``▣ windcode  ·  gpt-4o  ·  <work dir>``, its name in large
letters at start; each prompt after ``❯`` in a bar-edged well, each call of a tool as
``● 执行命令 ...`` over ``bash: <command>`` and a spinner's row ``⠹ 处理中...  (3s)`` while
it runs (``✓ 执行命令 · 退出码 0 (3.1 秒)`` once done), the model's words after ``●``, the
turn's time ``✻ 本轮耗时 5.5 秒`` under its answer; under the transcript its framed composer
``输入任务, 或输入 / 使用命令`` over its status row (``空闲 · 默认  沙箱: 开启 · 委派: 显式``,
the model's name on the right; ``运行中`` while a turn runs, ``已完成`` once it has ended).
A call of its ``shell`` tool asks first (with no bubblewrap here, every command), a box
under the transcript: ``需要授权 · critical``, ``bash: <command>``, ``cwd: .``, its sandbox
row, ``提权原因: bubblewrap is unavailable; ...``, ``执行工具: shell``, ``是否继续执行?``,
then ``> 1. 仅本次允许``, ``2. 拒绝``, ``3. 取消命令``; ``等待审批...`` in the transcript over
it. Enter approves; Esc refuses, the model is told and answers. Its ``ask_user`` tool draws
each question's prompt over a Textual Select (``Select``, ``▼``) and a button ``提交``:
Enter opens the Select's list, Down and Enter take ``red`` and send the answers. Ctrl+C
stops a turn (Esc twice too: ``再次 Esc 中断`` after the first).

What it does not do: describe Windcode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import WINDCODE_ASKS, WINDCODE_QUESTION, windcode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a box under the transcript over a
# numbered list); refused by Esc: the model is told and answers
DIALOG = {"asks": WINDCODE_ASKS, "tool_name": "shell", "deny_key": "esc",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("windcode", "command-approve",
         "prompt -> its status row '运行中' while the model is silent -> its permission box "
         "-> Enter on '1. 仅本次允许' -> command runs 3 s under its spinner's row -> slow "
         "streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("windcode", "command-deny",
         "permission for 'rm -rf build' -> esc -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("windcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("windcode", "stream",
         "prompt -> 4 s silent (its status row '运行中') -> slow streamed answer for ~8 s -> "
         "turn ends",
         module=__name__)


register("windcode", "interrupt",
         "prompt -> the model silent -> ctrl+c -> the turn cancelled, its composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("windcode", "negatives",
         "composer holding typed '需要授权 · critical 是否继续执行? > 1. 仅本次允许 2. 拒绝' sent "
         "as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Windcode asked:\n\n"
                                     "    需要授权 · critical\n"
                                     "    bash: rm -rf build\n"
                                     "    是否继续执行?\n"
                                     "   > 1. 仅本次允许\n"
                                     "     2. 拒绝\n"
                                     "     3. 取消命令\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="需要授权 · critical 是否继续执行? > 1. 仅本次允许 2. 拒绝",
         typed_end="2. 拒绝")


register("windcode", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (esc) -> the model "
         "answers -> turn ends",
         module=__name__, **DIALOG)


register("windcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc "
         "-> the model answers -> turn ends",
         module=__name__, **DIALOG)


register("windcode", "question",
         "ask_user with one question of two options -> its prompt over a Select and a "
         "button '提交' -> enter (the list opens), down, enter (red, sent) -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"questions": [{"id": "color", "prompt": "Which color do you prefer?",
                                        "options": ["red", "green", "blue"]}]},
         question_asks=WINDCODE_QUESTION, question_keys=("enter", "down"))


__all__ = ["windcode_idle"]
