"""llmist's driver (npm ``@llmist/cli``, the program ``llmist``, its ``agent`` command: a
full-screen blessed app): its scenarios, rows of the shared table (``shared``) given its
words (its approval box's pattern, the key that refuses it, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream, an interrupt, typed and quoted dialog text, and its ``AskUser`` gadget in the
question scenario.

Its gadgets are called in the model's text, not as tools: ``!!!GADGET_START:RunCommand``,
``!!!ARG:command`` and the command's rows, ``!!!GADGET_END`` (:func:`gadget`); the model
ends a turn with its ``Finish`` gadget (a text-only answer makes it ask the model again),
so every reply here ends with one. Its screen: the transcript (the prompt, each call of
the model as a row ``#1 openai:gpt-4o`` with a spinner while it runs, its tokens, cost and
``STOP`` once over; each gadget as a row under it; the model's text), then the ``>`` input
row, a status row (``agent``, tokens and cost; while a turn runs its clock, the call's
number or the gadget running) and a row of key hints. Once a turn is over the input row
is not focused until Enter (its description's ``prompt_key``). A RunCommand call asks
first, in a box drawn over the middle of the screen: ``Approve RunCommand?``,
``Parameters:`` and the command (cut at 60 characters), ``Options:``, ``[y]es     -
Execute this time``, ``[n]o      - Skip this time``, ``[a]lways  - Always allow this
gadget``, ``[d]eny    - Always deny this gadget``, ``[ESC]    - Cancel``; approved by "y",
refused by "n" (the model is told ``Denied by user`` and answers). Esc stops a turn
(``| INTERRUPTED`` on its call's row) and gives the input row back. Its AskUser gadget
prints the question in the transcript and reads the answer in the input row.

What it does not do: describe llmist (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import LLMIST_ASKS, LLMIST_QUESTION, llmist_idle
from fakeapi import Step, Text

from capture_agents.core import (
    LONG_ANSWER,
    LONG_COMMAND,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    StepsFactory,
)
from capture_agents.shared import register


def gadget(name: str, **args: str) -> str:
    """A call of its gadget `name` with `args`, as the model writes one in its text."""
    return (f"!!!GADGET_START:{name}\n" + "".join(f"!!!ARG:{k}\n{v}\n" for k, v in args.items())
            + "!!!GADGET_END\n")


def finish(text: str) -> str:
    """The model's last words of a turn, then its Finish gadget."""
    return f"{text}\n\n{gadget('Finish', message='done')}"


def run(command: str, text: str = "") -> str:
    """A RunCommand call of `command`, after the model's `text` where given."""
    return (f"{text}\n\n" if text else "") + gadget("RunCommand", command=command)


def _answers(*steps: Step) -> StepsFactory:
    return lambda sb, api: list(steps)


# its words in the shared scenarios with its approval box; refused by "n": the model is
# told and answers
DIALOG = {"asks": LLMIST_ASKS, "tool_name": "RunCommand", "deny_key": "n",
          "after_refusal": "answer"}


register("llmist", "command-approve",
         "prompt -> silence while the model thinks -> approval box -> y -> command runs 3 s "
         "-> slow streamed answer (printed whole at its end) -> Finish, turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True, whole_answer=True,
         model=_answers(
             Text(run("sleep 3 && mkdir -p out && echo hi > out/x.txt",
                      "I will create the directory."), gate="think"),
             Text(finish(LONG_ANSWER * 2), chunk_delay=0.12, chunk_size=8)))


register("llmist", "command-deny",
         "approval box of 'rm -rf build' -> n -> the model is told and answers -> Finish, "
         "turn ends",
         module=__name__, like="deny", **DIALOG,
         model=_answers(Text(run("rm -rf build")),
                        Text(finish("Understood, nothing was removed."), pause=1.0)),
         refused_end="nothing was removed")


register("llmist", "answer",
         "prompt -> plain streamed answer -> Finish, turn ends; a second prompt (Enter first: "
         "its input row focused) -> answer -> turn ends",
         module=__name__,
         model=_answers(Text(finish("Two plus two is four."), pause=1.0),
                        Text(finish("Four times four is sixteen."), pause=1.0)))


register("llmist", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s, printed whole at its end -> "
         "Finish, turn ends",
         module=__name__, whole_answer=True,
         model=_answers(Text(finish(LONG_ANSWER * 3), pause=4.0, chunk_delay=0.1,
                             chunk_size=6)))


register("llmist", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> '| INTERRUPTED', its input "
         "row back",
         module=__name__, working="thinking", interrupt_key="esc")


register("llmist", "negatives",
         "input row holding typed 'Approve RunCommand? [y]es - Execute this time [n]o - Skip "
         "this time' sent as the prompt; the answer quotes the approval box",
         module=__name__,
         # (its transcript shows an answer's first two rows: the quote is in them)
         model=_answers(Text(finish("It asked: Approve RunCommand? Options: [y]es - Execute "
                                    "this time [n]o - Skip this time [a]lways - Always allow "
                                    "this gadget [d]eny - Always deny this gadget [ESC] - "
                                    "Cancel. Nothing is waiting now."), pause=1.0)),
         typed="Approve RunCommand? [y]es - Execute this time [n]o - Skip this time",
         typed_end="Skip this time")


register("llmist", "multiline",
         "three approval boxes in one turn: a two-row command (y), a 175-character one cut "
         "at 60 (y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG, multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"),
         model=_answers(*(Text(run(c), pause=1.0)
                          for c in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED, MULTILINE_REFUSED)),
                        Text(finish("Ran the first two."), pause=1.0)))


register("llmist", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its box showing its first "
         "60 characters -> n -> the model answers",
         module=__name__, **DIALOG,
         model=_answers(Text(run(LONG_COMMAND)),
                        Text(finish("Understood, nothing was made."), pause=1.0)),
         refused_end="nothing was made")


register("llmist", "question",
         "AskUser with three options -> its question in the transcript, the input row read "
         "-> 'red', enter -> the model answers -> Finish, turn ends",
         module=__name__, question_tool="AskUser",
         model=_answers(Text(gadget("AskUser", question="Which color do you prefer?\n- red\n"
                                                       "- green\n- blue"), pause=1.0),
                        Text(finish("You chose red."), pause=1.0)),
         question_asks=LLMIST_QUESTION, question_keys=("r", "e", "d"))


__all__ = ["gadget", "llmist_idle"]
