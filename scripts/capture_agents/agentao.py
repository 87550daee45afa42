"""Agentao's driver (PyPI ``agentao`` with its ``cli`` extra, the program ``agentao``: a
line-mode chat under a prompt_toolkit prompt): its scenarios, rows of the shared table
(``shared``) given its words (its confirmation's pattern, the key that refuses it, its shell
tool's name, its question's pattern and keys, the model's replies): a command approved, one
refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long stream,
an interrupt, typed and quoted dialog text, and its ``ask_user`` tool in the question
scenario.

Its answers scroll up the main screen under a rule titled ``Assistant``; its prompt (``❯``)
sits over its status bar (a rule, then ``openai/gpt-4o  │  workspace-write  │ ctx 0%``),
both drawn only while it reads a prompt. While the model is asked a spinner counts
(``⠋ Thinking…``), and on while the answer streams: its default markdown mode prints the
answer whole once it is over. A command runs under a spinner of its own (``⠹ $ sleep 3 &&
mkdir -p out  0.8s``).
A call of its ``run_shell_command`` tool asks first, printed under the call:
``⚠️  Tool Confirmation Required``, the tool, its arguments in full, ``1. Yes``, ``2. Yes,
allow all tools during this session``, ``3. No`` and ``Press 1, 2, or 3 (single key, no
Enter needed) · Esc to cancel``. Approved by "1" (``✓ Executing tool``), refused by "3"
(``✗ Cancelled``): the model is told and answers in the same turn. Its permission engine
refuses some commands without asking (``rm -rf``: ``✗ $ rm -rf build  denied by permission
engine``). Ctrl+C stops a turn
(``[Interrupted by user]``) and gives the prompt back. Its question: ``🤔 Agent Question``,
the question, its numbered options, ``Enter a number to select, or type a custom answer.``
and a line read after ``▶``.

What it does not do: describe Agentao (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AGENTAO_ASKS, AGENTAO_QUESTION, agentao_idle
from fakeapi import Text

from capture_agents.shared import register


def _shell(command: str) -> dict[str, str]:
    """Its shell tool's input running `command`, with the sentence it shows beside it."""
    return {"command": command, "description": "Run the requested command"}


# its words in the shared scenarios with its confirmation (printed under the call); refused
# by "3": the model is told and answers
DIALOG = {"asks": AGENTAO_ASKS, "tool_name": "run_shell_command", "tool_input": _shell,
          "deny_key": "3", "after_refusal": "answer"}


register("agentao", "command-approve",
         "prompt -> silence while the model thinks -> shell confirmation -> 1 (yes) -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True, whole_answer=True)


# its permission engine refuses "rm -rf" outright, without asking: "rm -r" asks
register("agentao", "command-deny",
         "shell confirmation of 'rm -r build' -> 3 (no) -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG, command="rm -r build",
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("agentao", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("agentao", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s, printed whole at its end -> "
         "turn ends",
         module=__name__, whole_answer=True)


register("agentao", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '[Interrupted by user]', "
         "its prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("agentao", "negatives",
         "prompt holding typed 'Tool Confirmation Required ... Press 1, 2, or 3' sent as the "
         "prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("Agentao asked:\n\n    Tool Confirmation Required\n"
                                     "    Tool: run_shell_command\n"
                                     "     1. Yes\n     3. No\n"
                                     "    Press 1, 2, or 3 (single key, no Enter needed)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool Confirmation Required: 1. Yes 3. No Press 1, 2, or 3 (single key)",
         typed_end="(single key)")


register("agentao", "multiline",
         "three shell confirmations in one turn: a two-row command (1), a 175-character one "
         "wrapped (1), a two-row one sharing the first's first row (3) -> the model answers",
         module=__name__, **DIALOG)


register("agentao", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) printed in full, taller than "
         "the screen -> its confirmation -> 3 -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


register("agentao", "question",
         "ask_user with three options -> its numbered question -> 1, enter -> the model "
         "answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=AGENTAO_QUESTION, question_keys=("1",))


__all__ = ["agentao_idle"]
