"""acoder's driver (PyPI ``acoder``, the program ``acoder chat``, a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the line that refuses it, the model's replies): a command approved, one refused, three
multi-line or wrapped commands, a 61-line one, a plain answer, a long answer and typed and
quoted dialog text. Its model calls its tools in text, not as tool calls: each reply is
``THOUGHT: ...`` then ``ACTION: <tool>`` over a JSON block of its arguments, or ``FINAL:
<answer>`` (:func:`act`, :func:`final`). No question: it has no tool that asks the user. No
interrupt: Ctrl+C while the model is asked ends the program.

Everything scrolls up the main screen: its banner (a panel: the model, the mode, the
directory), then each prompt after Rich's ``›:``. Nothing is drawn while the model is asked
(its answers are asked for whole); the answer is a panel titled ``acoder`` printed whole at
the turn's end. A call of its ``run_bash`` tool asks first (its permission mode's default,
``approve``): the command's row ``$ <command>`` (a multi-line command's rows as they are,
a long one wrapped), then Rich's line prompt ``Allow run_bash? [y/n/a] (y): `` on the
cursor's row, answered by a line (``y``, Enter). Refused by "n": the model is told and
answers in the same turn.

What it does not do: describe acoder (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import json

from agents import ACODER_ASKS, acoder_idle
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


def act(command: str, thought: str = "I will run the command.") -> str:
    """The model's reply calling ``run_bash`` with `command`, in acoder's text protocol."""
    return (f"THOUGHT: {thought}\nACTION: run_bash\n```json\n"
            f"{json.dumps({'command': command})}\n```\n")


def final(text: str) -> str:
    """The model's last reply of a turn, `text` its answer, in acoder's text protocol."""
    return f"THOUGHT: I am done.\nFINAL: {text}"


def _answers(*steps: Step) -> StepsFactory:
    return lambda sb, api: list(steps)


# its words in the shared scenarios with its permission (its line prompt under the command's
# row); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": ACODER_ASKS, "tool_name": "run_bash", "deny_reason": "n",
          "after_refusal": "answer"}


register("acoder", "command-approve",
         "prompt -> silent while the model is asked -> the command's row and line prompt -> "
         "y, enter -> command runs 3 s -> the answer's panel whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_bash",
         whole_answer=True,
         model=_answers(
             Text(act("sleep 3 && mkdir -p out && echo hi > out/x.txt",
                      "I will create the directory."), gate="think"),
             Text(final(LONG_ANSWER * 2), pause=2.0)))


register("acoder", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         model=_answers(Text(act("rm -rf build"), pause=1.0),
                        Text(final("Understood, nothing was removed."), pause=1.0)),
         refused_end="nothing was removed")


register("acoder", "answer",
         "prompt -> its answer's panel -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__,
         model=_answers(Text(final("Two plus two is four."), pause=1.0),
                        Text(final("Four times four is sixteen."), pause=1.0)))


register("acoder", "stream",
         "prompt -> ~6 s silent while the model is asked -> a long answer's panel whole -> "
         "turn ends",
         module=__name__, whole_answer=True,
         model=_answers(Text(final(LONG_ANSWER * 3), pause=6.0)))


register("acoder", "negatives",
         "prompt holding typed '$ rm -rf build Allow run_bash? [y/n/a] (y):' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=_answers(Text(final("acoder asked:\n\n"
                                   "    $ rm -rf build\n"
                                   "    Allow run_bash? \\[y/n/a] (y):\n\n"
                                   "Nothing is waiting now."), pause=1.0)),
         typed="$ rm -rf build Allow run_bash? [y/n/a] (y):",
         typed_end="[y/n/a] (y):")


register("acoder", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG,
         model=_answers(*(Text(act(cmd), pause=1.0)
                          for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED, MULTILINE_REFUSED)),
                        Text(final("Ran the first two."), pause=1.0)))


register("acoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), every row printed -> its "
         "permission -> n -> the model answers",
         module=__name__, **DIALOG,
         model=_answers(Text(act(LONG_COMMAND), pause=1.0),
                        Text(final("Understood, no files were made."), pause=1.0)),
         refused_end="no files were made")


__all__ = ["acoder_idle"]
