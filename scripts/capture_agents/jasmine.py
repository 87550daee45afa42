"""Jasmine's driver (PyPI ``jasmine-cli``, the program ``jasmine``: a line-mode chat under a
prompt_toolkit prompt): its scenarios, rows of the shared table (``shared``) given its
words (its prompt sent by Esc+Enter, its approval's pattern, the keys that refuse it, its
shell tool's name, its question's pattern and keys, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt, typed and quoted dialog text, and its ``ask_user``
tool in the question scenario.

Everything scrolls up the main screen under its banner (`` jasmine   <workspace>``, ``Esc+Enter
sends · Enter newline · / menu · Ctrl+D exits``): its prompt, a label `` user`` over the
input row ``▌``, the prompt sent by Esc+Enter (Enter starts a new line); the model's answer
streamed under a row "✶ thinking" (its star turning), "✶ generating" once words come. A
call of its ``exec_command`` tool that is not a plain read-only command asks first:
``Would you like to run the following command?`` (``Reason: high-risk command; review
carefully.`` for ``rm``), the command after ``$``, the numbered options ``› 1. Yes,
proceed (allow)``, ``2. Yes, and don't ask again for a safe prefix (remember)``, ``3. No,
and tell Jasmine what to do differently (deny)``, then the line prompt ``approve › allow``
with a completion menu open under it (``allow  run this command once``, ``deny  stop this
turn``, ``remember  trust a safe prefix next time``): Enter takes the option selected,
Down selects the next. Refused (Down to "deny", Enter): the turn stops there (``User
denied the shell command. Stop and wait for new instructions.``), the prompt back; the
model is not asked again. Ctrl+C stops a turn (``● run interrupted``) and gives the prompt
back. Its question: ``? `` and the question, its numbered options and ``Enter a number or
type your own answer`` (0.1.0: the question alone), a line read at ``>``.

What it does not do: describe Jasmine (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import JASMINE_ASKS, JASMINE_QUESTION, jasmine_idle
from fakeapi import Text

from capture_agents.shared import register

#: its prompt is sent by Esc+Enter
SEND = {"submit_keys": b"\x1b\r"}
# its words in the shared scenarios with its approval (its line prompt and menu the last
# rows); refused by Down (the menu's "deny") and Enter: the turn stops, its prompt back
DIALOG = {**SEND, "asks": JASMINE_ASKS, "tool_name": "exec_command", "deny_keys": ("down",),
          "deny_key": "enter", "after_refusal": "idle", "back": jasmine_idle,
          "refusal_reply": []}


register("jasmine", "command-approve",
         "prompt (esc+enter) -> 'thinking' while the model is silent -> approval -> enter "
         "(allow) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("jasmine", "command-deny",
         "approval of 'rm -rf build' -> down (deny), enter -> the turn stops, its prompt back",
         module=__name__, like="deny", **DIALOG)


register("jasmine", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__, **SEND)


register("jasmine", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__, **SEND)


register("jasmine", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> 'run interrupted', its "
         "prompt back",
         module=__name__, **SEND, working="thinking", interrupt_key="ctrl+c")


register("jasmine", "negatives",
         "prompt holding typed 'Would you like to run the following command? ... approve › "
         "allow' sent as the prompt; the answer quotes the approval",
         module=__name__, **SEND,
         model=lambda sb, api: [Text("Jasmine asked:\n\n"
                                     "    Would you like to run the following command?\n"
                                     "    $ rm -rf build\n"
                                     "    › 1. Yes, proceed (allow)\n"
                                     "    approve › allow\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Would you like to run the following command? 1. Yes, proceed (allow) "
               "approve › allow",
         typed_end="approve › allow")


register("jasmine", "multiline",
         "three approvals in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (down, enter: the "
         "turn stops)",
         module=__name__, **DIALOG)


register("jasmine", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) printed in full, taller than "
         "the screen -> its approval -> down (deny), enter -> the turn stops",
         module=__name__, **DIALOG)


register("jasmine", "question",
         "ask_user with three options -> its numbered question -> 1, enter -> the model "
         "answers -> turn ends",
         module=__name__, **SEND, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?",
                         "options": ["red", "green", "blue"]},
         question_asks=JASMINE_QUESTION, question_keys=("1",))


__all__ = ["jasmine_idle"]
