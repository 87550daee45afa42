"""Axons' driver (PyPI ``axons``, the program ``axon``, a line-mode chat): its scenarios,
rows of the shared table (``shared``) given its words (its permission's pattern, the line
that refuses it, its shell tool's name and input, its question's pattern, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, typed and quoted dialog text and its ``ask_question``
tool in the question scenario. No interrupt: Ctrl+C in a turn ends the program (exit 130:
its KeyboardInterrupt is caught only at its prompt), no other key stops a turn.

Everything scrolls up the main screen: its banner, a heavy panel ``Axon v0.1.0   •   Model:
gpt-4o   •   Mode: auto   •   Workspace: <dir>`` (0.1.0 in each release: its own version
string) over ``Type your task, or /help for commands``, then each prompt after ``▶``
(Rich's ``console.input``). Its chat starts in its auto mode (every tool run unasked): its
description's start key types ``/safe`` (``✓ Mode: safe — asks before write, patch, run,
commit``). Nothing spins while the model is asked: the first prompt of a session prints
``Planning...`` and its planning request's answer in a panel ``Axon · Planning`` (a side
request), then each tool call as a panel ``🔧 Tool Call`` (``Tool: run_command``,
``Args:`` and the arguments as indented JSON), its result as a panel ``📦 Result:
run_command``, each answer drawn whole in a panel ``Axon``. A call of its ``run_command``
tool asks first, under its call's panel: ``[Axon needs approval]``, ``Tool: run_command``,
``Args:`` and the arguments as indented JSON (cut at 500 characters), then the line prompt
``Run this? (Y/n): `` on the cursor's row, answered by a line (``y``, Enter). Refused by
"n": its result ``Error: Skipped — user declined approval.``, the model is told and
answers in the same turn. A turn goes on, the model asked again after each answer, until
the model calls its ``finish_task`` tool (its result panel ``[TASK COMPLETE]
<summary>``), then the run's counts ``Tokens: 509 (prompt: 400, completion: 109) | Cost:
~$0.0021 | Calls: 4`` and the prompt: every scripted answer here is followed by that call.
Its question (its ``ask_question`` tool): a panel ``❓ Axon needs input`` (the question,
its numbered options, ``Enter a number or type your own answer``), then the line prompt
``Your answer: ``.

What it does not do: describe Axons (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AXONS_ASKS, AXONS_QUESTION, axons_idle
from fakeapi import Text, ToolUse

from capture_agents.core import LONG_ANSWER, Ctx, leave, scenario, start, turn_end
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."


def finish(summary: str) -> ToolUse:
    """The model's call of its ``finish_task`` tool, which ends Axons' turn (it asks the
    model again after any answer without it)."""
    return ToolUse("finish_task", {"result": summary}, pause=0.5)


def shell(cmd: str) -> dict[str, object]:
    """Its ``run_command`` tool's input: the command run by a shell (without ``shell`` it
    splits the command into words and runs no shell)."""
    return {"command": cmd, "shell": True}


# its words in the shared scenarios with its permission (its line prompt under the call's
# arguments); refused by typing "n", then Enter: the model is told and answers, then ends
# the turn
DIALOG = {"asks": AXONS_ASKS, "tool_name": "run_command", "tool_input": shell,
          "deny_reason": "n", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0), finish("Nothing was run.")],
          "refused_end": "Nothing was run.", "whole_answer": True}


register("axons", "command-approve",
         "prompt -> its planning panel, the model silent -> the call's panel and its line "
         "prompt -> y, enter -> command runs 3 s -> the answer drawn whole -> finish_task -> "
         "turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         model=lambda sb, api: [
             ToolUse("run_command", shell("sleep 3 && mkdir -p out && echo hi > out/x.txt"),
                     text="I will create the directory.", gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
             finish("Made the output directory.")],
         answer_end="Made the output directory.")


register("axons", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> "
         "finish_task -> turn ends",
         module=__name__, like="deny", **DIALOG)


@scenario(
    "axons",
    "answer",
    "prompt -> plain answer -> finish_task -> turn ends; a second prompt -> answer -> "
    "finish_task -> turn ends",
    lambda sb, api: [Text("Two plus two is four.", pause=1.0), finish("Answered: four."),
                     Text("Four times four is sixteen.", pause=1.0),
                     finish("Answered: sixteen.")],
)
def axons_answer(c: Ctx) -> None:
    start(c)
    c.submit("what is two plus two")
    c.answered(0)
    turn_end(c, "Answered: four.")
    c.shot("done--answer")
    c.wait(axons_idle, 5, settle=1.0)
    c.submit("and four times four")
    c.answered(2)
    turn_end(c, "Answered: sixteen.")
    leave(c)


register("axons", "stream",
         "prompt -> 4 s silent (its planning panel) -> a long answer drawn whole -> "
         "finish_task -> turn ends",
         module=__name__, whole_answer=True,
         model=lambda sb, api: [Text(LONG_ANSWER * 3, pause=4.0, chunk_delay=0.1,
                                     chunk_size=6),
                                finish("Described the project.")])


register("axons", "negatives",
         "prompt holding typed '[Axon needs approval] Tool: run_command Run this? (Y/n):' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Axon asked:\n\n"
                                     "    [Axon needs approval]\n"
                                     "    Tool: run_command\n"
                                     "    Run this? (Y/n):\n\n"
                                     "Nothing is waiting now.", pause=1.0),
                                finish("Quoted the permission.")],
         typed="[Axon needs approval] Tool: run_command Run this? (Y/n):",
         typed_end="Run this? (Y/n):")


register("axons", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> "
         "finish_task -> turn ends",
         module=__name__, **DIALOG,
         multiline_reply=[Text("Ran the first two.", pause=1.0), finish("Ran two of three.")])


register("axons", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (its "
         "arguments cut at 500 characters) -> n -> the model answers -> finish_task -> turn "
         "ends",
         module=__name__, **DIALOG)


register("axons", "question",
         "ask_question with three options -> its panel and line prompt 'Your answer:' -> 1, "
         "enter -> the model answers -> finish_task -> turn ends",
         module=__name__, question_tool="ask_question",
         question_input={"question": "Which color do you prefer?",
                         "options": ["Red", "Green", "Blue"]},
         question_asks=AXONS_QUESTION, question_keys=("1",),
         model=lambda sb, api: [
             ToolUse("ask_question", {"question": "Which color do you prefer?",
                                      "options": ["Red", "Green", "Blue"]}),
             Text("You chose red.", pause=1.0), finish("Asked for a color.")])


__all__ = ["axons_idle"]
