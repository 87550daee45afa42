"""Xiaoyu's driver (小羽; PyPI ``xiaoyu-agent``, the program ``xiaoyu``: a line-mode chat
under a prompt_toolkit prompt, its words Chinese): its scenarios, rows of the shared table
(``shared``) given its words (its approval's pattern, the keys that refuse it, its shell
tool's name, its question's pattern and key, the model's replies): a command approved, one
refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt, typed and quoted dialog text, and its ``ask_user`` tool in the
question scenario.

Everything scrolls up the main screen under its banner (a rounded box titled ``小羽 ·
Xiaoyu v...``, its tips, a row of key hints): its prompt ``⏵⏵ auto ›`` (its mode, auto from
the start), the prompt sent by Enter; the model's answer under a row "思考中 · Ns" while
the model is silent. A call of its ``bash`` tool asks first, in its auto mode too (no
sandbox): under the call, an inline menu (the main screen, the cursor hidden), its title,
the options ``❯ 允许一次  (1/y)`` (once, selected), ``本会话内 ... 都允许，不再询问  (2/a)``,
``总是允许（规则写入前可编辑：...）  (3/!)``, ``拒绝，并告诉小羽下一步怎么做  (4/n)``, ``以后都拒绝
（...）  (5/x)`` (those it can give), then the key hints ``↑↓ 选择 · Enter 确认 · Tab 批准并
附言 · Esc / Ctrl-C 取消``: Enter takes the option selected. Refused ("n"): it asks
``下一步该怎么做？（回车 = 仅拒绝）`` on a line, Enter sends none, and the model is told
(``用户拒绝了这次工具调用。``) and answers in the same turn. Ctrl+C stops a turn
(``[已中断，可以继续输入]``) and gives the prompt back. Its question: the same menu, the
question its title, its options numbered, ``其他（自由输入）`` and ``取消提问，返回对话``
added, the key hints without Tab; a digit takes its option.

What it does not do: describe Xiaoyu (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import XIAOYU_ASKS, XIAOYU_QUESTION, xiaoyu_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its approval (its menu's key hints the last row);
# refused by "n" (its deny option), then Enter at its "what next" line: the model is told
# and answers
DIALOG = {"asks": XIAOYU_ASKS, "tool_name": "bash", "deny_keys": ("n",), "deny_key": "enter",
          "after_refusal": "answer"}


register("xiaoyu", "command-approve",
         "prompt -> 'thinking' while the model is silent -> approval menu -> enter (once) "
         "-> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("xiaoyu", "command-deny",
         "approval of 'rm -rf build' -> n (deny), enter at its 'what next' line -> the model "
         "is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("xiaoyu", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("xiaoyu", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("xiaoyu", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '已中断', its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("xiaoyu", "negatives",
         "prompt holding typed '允许一次 (1/y) ... ↑↓ 选择 · Enter 确认 · Tab 批准并附言' sent as "
         "the prompt; the answer quotes the approval",
         module=__name__,
         model=lambda sb, api: [Text("Xiaoyu asked:\n\n"
                                     "    ⏺ bash(rm -rf build)\n"
                                     "    ❯ 允许一次  (1/y)\n"
                                     "      拒绝，并告诉小羽下一步怎么做  (4/n)\n"
                                     "      ↑↓ 选择 · Enter 确认 · Tab 批准并附言\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="❯ 允许一次 (1/y) 拒绝 (4/n) ↑↓ 选择 · Enter 确认 · Tab 批准并附言",
         typed_end="Tab 批准并附言")


register("xiaoyu", "multiline",
         "three approvals in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (n, enter: the model "
         "is told)",
         module=__name__, **DIALOG,
         # its call's row shows a command on one row, cut with "…" ("⏎" for a new line)
         multiline_shown=("x1.txt", "echo AAAAAAAAAA", "SECOND.txt"))


register("xiaoyu", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), taller than the screen -> "
         "its approval -> n, enter -> the model is told and answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


register("xiaoyu", "question",
         "ask_user with three options -> its menu -> 1 (red) -> the model answers -> turn "
         "ends",
         module=__name__, question_tool="ask_user",
         question_input={"questions": [{"question": "Which color do you prefer?",
                                        "options": ["red", "green", "blue"]}]},
         question_asks=XIAOYU_QUESTION, question_key="1")


__all__ = ["xiaoyu_idle"]
