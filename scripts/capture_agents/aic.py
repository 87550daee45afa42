"""AI-Commander's driver (PyPI ``aic-agent``, the program ``aic``, a full-screen Textual
app): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the key that refuses it, its shell tool's name, its question's
pattern, the model's replies): a command approved, one refused, three multi-line or
wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt (while the
answer streams), typed and quoted dialog text and its ``ask_user`` tool in the question scenario.

Its screen: a tab row (`` 1 Agent   +  ^T new ^G go to``, the tab named after the task
once one runs) over its agent's log in a box ``┌─ Agent ─`` at the left and its side
pane at the right (``▾ Changes``, ``▾ Jobs``, ``▾ Context``), a prompt box ``╭─ Prompt
─`` (``Type a task or /command…`` when empty) docked at the bottom over its status row
`` ● ready  step 0/500 │ ctx 0/80.0k 0% │ Σ 0 tok │ 0 tok/s │ approve: ask │ questions on
│ sandbox ✓`` and its key bar ``1Help     2Auto ... 9Stop     10Quit``. While a turn runs
the status row's dot is a spinner, `` ⠏ thinking 2.1s`` while the model is asked, `` ⠏
running 1.6s: <command>`` while a command runs; each prompt is logged under ``── You ·
<time> ──``, each command as ``▸ $ <command>`` and ``  ✓ exit 0 · 3.0s · 0 lines ·
<time>``, the answer streamed into the log. A turn goes on, the model asked again after
each answer, until the model calls its ``task_complete`` tool (its summary logged, then
``── ✓ task complete · 3 step(s) · 7.8s · <time> ──``): every scripted answer here is
followed by that call. A call of its ``execute_bash`` tool whose command is not read-only
(``ls``, ``echo``... alone run unasked) asks first, in a modal box drawn over the middle
of the screen: ``╔═ Approve command ═╗``, ``The agent wants to run this command:``, the
command (16 rows at most, scrolled), three edged buttons ``Yes (y)``, ``No (n)``,
``Always (a)`` and an input ``…or type a suggestion for the agent and press Enter``, its
status row `` ◆ waiting for your approval``; answered by the key alone (``y``; refused by
``n``: the model is told and answers in the same turn). Its question (its ``ask_user``
tool, on by ``--ask``): ``── Question · <time> ──`` over the question and ``  type your
answer in the prompt and press Enter`` in its log, its status row `` ? waiting for your
answer``; answered by a line typed in its prompt box (``  ↳ answered: red``). Ctrl+C
while a turn runs stops it (``Stopping the agent…``); at rest it asks to quit (``Quit
AI-Commander?``, ``Quit (y)`` ``Stay (n)``), as Ctrl+Q does. It stops a turn by closing
the model's stream: while the model is silent (no stream yet) its status row reads
``stopping`` until the model's first bytes, so its interrupt here comes while the answer
streams.

What it does not do: describe AI-Commander (its rows, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import AIC_ASKS, AIC_QUESTION, aic_idle
from fakeapi import Text, ToolUse

from capture_agents.core import LONG_ANSWER, Ctx, leave, scenario, start, turn_end
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."


def finish(summary: str) -> ToolUse:
    """The model's call of its ``task_complete`` tool, which ends AI-Commander's turn (it
    asks the model again after any answer without it)."""
    return ToolUse("task_complete", {"summary": summary}, pause=0.5)


# its words in the shared scenarios with its permission (its modal box); refused by "n":
# the model is told and answers, then ends the turn
DIALOG = {"asks": AIC_ASKS, "tool_name": "execute_bash", "deny_key": "n",
          "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0), finish("Nothing was run.")],
          "refused_end": "Nothing was run."}


register("aic", "command-approve",
         "prompt -> 'thinking' in its status row while the model is silent -> its permission's "
         "modal box -> y -> command runs 3 s -> the answer streamed -> task_complete -> turn "
         "ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True,
         model=lambda sb, api: [
             ToolUse("execute_bash", {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"},
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
             finish("Made the output directory.")],
         answer_end="Made the output directory.")


register("aic", "command-deny",
         "permission for 'rm -rf build' -> n -> the model is told and answers -> "
         "task_complete -> turn ends",
         module=__name__, like="deny", **DIALOG)


@scenario(
    "aic",
    "answer",
    "prompt -> plain answer -> task_complete -> turn ends; a second prompt -> answer -> "
    "task_complete -> turn ends",
    lambda sb, api: [Text("Two plus two is four.", pause=1.0), finish("Answered: four."),
                     Text("Four times four is sixteen.", pause=1.0),
                     finish("Answered: sixteen.")],
)
def aic_answer(c: Ctx) -> None:
    start(c)
    c.submit("what is two plus two")
    c.answered(0)
    turn_end(c, "Answered: four.")
    c.shot("done--answer")
    c.wait(aic_idle, 5, settle=1.0)
    c.submit("and four times four")
    c.answered(2)
    turn_end(c, "Answered: sixteen.")
    leave(c)


register("aic", "stream",
         "prompt -> 4 s silent ('thinking' in its status row) -> a long answer streamed -> "
         "task_complete -> turn ends",
         module=__name__,
         model=lambda sb, api: [Text(LONG_ANSWER * 3, pause=4.0, chunk_delay=0.1,
                                     chunk_size=6),
                                finish("Described the project.")])


@scenario(
    "aic",
    "interrupt",
    "prompt -> the answer streamed slowly -> ctrl+c -> 'Stopping the agent…', the stream "
    "closed, its status row at rest",
    lambda sb, api: [Text(LONG_ANSWER * 20, chunk_delay=0.4, chunk_size=4)],
)
def aic_interrupt(c: Ctx) -> None:
    # (Ctrl+C stops a turn by closing the model's stream: while the model is silent, no
    # stream open yet, it says "stopping" and waits for the model's first bytes)
    start(c)
    c.submit("think about it for a long time")
    c.request(0)
    c.wait("Here is what I found", 20, settle=0)
    c.wait(lambda s: "Here is what I found" in s and not aic_idle(s), 10, settle=3.0)
    c.shot("working--streaming-long")
    c.key("ctrl+c")
    turn_end(c, None, "idle", 15)
    c.shot("idle--interrupted")
    leave(c)


register("aic", "negatives",
         "prompt box holding typed 'Approve command The agent wants to run this command: "
         "Yes (y) No (n) Always (a)' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("AI-Commander asked:\n\n"
                                     "    Approve command\n"
                                     "    The agent wants to run this command:\n"
                                     "    Yes (y)   No (n)   Always (a)\n\n"
                                     "Nothing is waiting now.", pause=1.0),
                                finish("Quoted the permission.")],
         typed="Approve command The agent wants to run this command: Yes (y) No (n) Always (a)",
         typed_end="Always (a)")


register("aic", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> "
         "task_complete -> turn ends",
         module=__name__, **DIALOG,
         multiline_reply=[Text("Ran the first two.", pause=1.0), finish("Ran two of three.")])


register("aic", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), 16 rows of it in the modal "
         "box -> its permission -> n -> the model answers -> task_complete -> turn ends",
         module=__name__, **DIALOG)


register("aic", "question",
         "ask_user -> '── Question ──' in its log, 'waiting for your answer' in its status "
         "row -> red typed in its prompt box, enter -> the model answers -> task_complete -> "
         "turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer: red, green or blue?"},
         question_asks=AIC_QUESTION, question_keys=("r", "e", "d"),
         model=lambda sb, api: [
             ToolUse("ask_user", {"question": "Which color do you prefer: red, green or blue?"}),
             Text("You chose red.", pause=1.0), finish("Asked for a color.")])


__all__ = ["aic_idle"]
