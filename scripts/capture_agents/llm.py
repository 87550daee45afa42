"""llm's driver (PyPI ``llm``, the program ``llm``, its ``chat``: a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its confirmation's text,
the answer that refuses it, its shell tool's name and input, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, typed and quoted dialog text. It has no question tool, and no
interrupt that keeps the session: Ctrl+C while the model answers quits the program.

Everything scrolls up the main screen: its prompt is the last row (``> ``), the model's
answer printed under it. A call of its ``run_shell`` tool (a function of the file given by
``--functions``) is printed as ``Tool call: run_shell({'command': ...})`` and asks under
it: ``Approve tool call? [y/N]: ``. Approved by "y" and Enter, refused by "n" and Enter: the
model is told ("Cancelled: User cancelled tool call") and answers in the same turn.

What it does not do: describe llm (its prompt, confirmation, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import LLM_ASKS, llm_idle
from fakeapi import Text

from capture_agents.shared import register


def _shell(command: str) -> dict[str, str]:
    """Its run_shell tool's input running `command`."""
    return {"command": command}


# its words in the shared scenarios with its confirmation (the last row); refused by
# typing "n", then Enter: the model is told and answers
DIALOG = {"asks": LLM_ASKS, "tool_name": "run_shell", "tool_input": _shell,
          "deny_reason": "n", "after_refusal": "answer"}


register("llm", "command-approve",
         "prompt -> silence while the model thinks -> tool call confirmation -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_shell",
         streamed=True)


register("llm", "command-deny",
         "tool call confirmation of 'rm -rf build' -> n, enter -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("llm", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("llm", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("llm", "negatives",
         "prompt holding typed 'Approve tool call? [y/N]:' sent as the prompt; the answer "
         "quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("llm asked:\n\n    Tool call: run_shell({'command': "
                                     "'rm -rf build'})\n    Approve tool call? [y/N]:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool call: run_shell Approve tool call? [y/N]:", typed_end="[y/N]:")


register("llm", "multiline",
         "three tool call confirmations in one turn: a two-row command (y), a 175-character "
         "one that wraps (y), a two-row one sharing the first's first row (n) -> the model "
         "answers",
         module=__name__, **DIALOG)


register("llm", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["llm_idle"]
