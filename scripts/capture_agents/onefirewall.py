"""OneFirewall AI's driver (PyPI ``onefirewall-ai``, the program ``onefirewall-ai``, a
prompt_toolkit prompt over a bottom toolbar, its turns printed with Rich up the main
screen): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, its question's
pattern, the model's replies): a command approved, one refused, three multi-line or wrapped
commands (two approved, the third refused), a 61-line one, a plain answer, a long stream,
typed and quoted dialog text and its ``ask_user`` tool in the question scenario. No
interrupt: Ctrl+C while the model is silent stops its spinner and nothing else (no word
drawn, its prompt not back: the turn waits on its request).

Its screen: its banner box (``OneFirewall AI  v0.3.0``, ``Model: gpt-4o   Provider: ...``,
``Directory: ...``, ``Mode: ask before changes``, its hints), then ``❯ `` over blank rows
and its bottom toolbar `` gpt-4o  ·  ask before changes (shift+tab)  ·  context 0%  ·
<session>``. A prompt sent stays on its row ``❯ <prompt>``; while the model is silent a
spinner's row ``⠼ Thinking… 2s (Ctrl+C to interrupt)`` under it (``⠴ Working… 1s (Ctrl+C
to interrupt)`` while a command runs), the answer streamed under it. A call of its ``bash``
tool (any command but its read-only ones) asks first: ``● <the command's first row>``, a
Rich panel titled ``Run: <the command's first row>`` (every row of the command, each cut at
the screen's edge) over its legend row ``  yes   a always allow 'bash(sleep 3*)' this
session   no   (or type what to do instead)`` and the line prompt ``Allow? `` on the
cursor's row, answered by a line: ``y``, Enter approves (the row then ``Allow? y``, the
command's result ``  ⎿ exit 0 · 3.1s``), ``n``, Enter refuses (``  ⎿ denied by user``: the
model is told and answers in the same turn). Its question (``ask_user``): ``● Question:
<question>``, a panel titled ``Question`` (the question) over its options ``  1) Red``...
and the line prompt ``Your answer (number or text): ``, answered by a line (``1``, Enter:
``  ⎿ Red``). 0.2.0 draws the same but for its banner's version and the model's words
before a call (``I will create the directory.`` where 0.3.0 leaves a blank row).

What it does not do: describe OneFirewall AI (its rows, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import ONEFIREWALL_ASKS, ONEFIREWALL_QUESTION, onefirewall_idle
from fakeapi import Text, ToolUse

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its panel over its legend row and
# line prompt); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": ONEFIREWALL_ASKS, "tool_name": "bash", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("onefirewall", "command-approve",
         "prompt -> its spinner while the model is silent -> its permission panel, legend "
         "and line prompt -> y, enter -> command runs 3 s -> the answer streamed -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("onefirewall", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG)


register("onefirewall", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("onefirewall", "stream",
         "prompt -> 4 s silent -> a long answer streamed for ~8 s -> turn ends",
         module=__name__)


register("onefirewall", "negatives",
         "prompt holding typed 'Run: rm -rf build ... (or type what to do instead) Allow?' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("onefirewall-ai asked:\n\n"
                                     "    ╭─ Run: rm -rf build ─╮\n"
                                     "    │ rm -rf build        │\n"
                                     "    ╰─────────────────────╯\n"
                                     "      yes   a always allow 'bash(rm*)' this session"
                                     "   no   (or type what to do instead)\n"
                                     "    Allow?\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Run: rm -rf build yes a always allow no (or type what to do instead) Allow?",
         typed_end="Allow?")


register("onefirewall", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG,
         multiline_shown=("x1.txt", "Run: echo AAAAAAAAAA", "SECOND.txt"))


register("onefirewall", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("onefirewall", "question",
         "ask_user with three options -> its panel 'Question', the options and line prompt "
         "'Your answer (number or text):' -> 1, enter -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?",
                         "options": ["Red", "Green", "Blue"]},
         question_asks=ONEFIREWALL_QUESTION, question_keys=("1",),
         model=lambda sb, api: [
             ToolUse("ask_user", {"question": "Which color do you prefer?",
                                  "options": ["Red", "Green", "Blue"]}),
             Text("You chose red.", pause=1.0)])


__all__ = ["onefirewall_idle"]
