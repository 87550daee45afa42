"""Rawdog's driver (PyPI ``rawdog-ai``, the program ``rawdog``, in its ``--leash`` mode: a
line-mode chat): its scenarios, rows of the shared table (``shared``) given its words (its
confirmation's pattern, the line that refuses it, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt, typed and quoted dialog text. It has no tools and no question tool.

Its model answers with a Python script in a markdown block (:func:`script`: here each runs
its command through the shell); with ``--leash`` it prints a row of 80 dashes as the model
is asked, streams the answer under it (its standard output line-buffered: a row shows
once whole, and a one-row answer only at its end), then asks ``Execute script in markdown block?
(Y/n):`` after 38 dashes on a row of its own, a line read there. "y" (or Enter) runs the
script, its output printed under it; a script whose output ends with ``CONTINUE`` hands it
back to the model in the same turn (:func:`script`'s `more`), else the turn ends. "n"
refuses it and ends the turn (the model is told only with the next prompt). Ctrl+C while
the model answers ends the turn. Between turns: ``What can I do for you? (Ctrl-C to
exit)`` over the ``> `` line.

What it does not do: describe Rawdog (its prompt, confirmation, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import RAWDOG_ASKS, rawdog_idle
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


def script(command: str, text: str = "", more: bool = False) -> str:
    """The model's answer: `text`, then a Python script in a markdown block that runs the
    shell `command`; with `more`, it prints ``CONTINUE`` last (no newline), so that Rawdog
    asks the model again with its output."""
    tail = '\nprint("CONTINUE", end="")' if more else ""
    return ((f"{text}\n\n" if text else "") + "```python\nimport subprocess\n\n"
            f'subprocess.run("""{command}""", shell=True){tail}\n```\n')


def _answers(*steps: Step) -> StepsFactory:
    return lambda sb, api: list(steps)


# its words in the shared scenarios with its confirmation (the last row); refused by typing
# "n", then Enter: the turn ends and its prompt is back
DIALOG = {"asks": RAWDOG_ASKS, "deny_reason": "n", "after_refusal": "idle",
          "back": rawdog_idle}


register("rawdog", "command-approve",
         "prompt -> silence while the model thinks -> its script -> confirmation -> y, enter "
         "-> the script runs 3 s, its output handed back -> slow streamed answer (one row: shown "
         "whole at its end) -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="script",
         streamed=True, whole_answer=True,
         model=_answers(
             Text(script("sleep 3 && mkdir -p out && echo hi > out/x.txt",
                         "I will create the directory.", more=True), gate="think"),
             Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8)))


register("rawdog", "command-deny",
         "confirmation of a script running 'rm -rf build' -> n, enter -> the turn ends, its "
         "prompt back",
         module=__name__, like="deny", **DIALOG,
         model=_answers(Text(script("rm -rf build"), pause=1.0)))


register("rawdog", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("rawdog", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s (one row: shown whole at its "
         "end) -> turn ends",
         module=__name__, whole_answer=True)


register("rawdog", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> the turn ends, its prompt "
         "back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("rawdog", "negatives",
         "prompt holding typed '--- Execute script in markdown block? (Y/n):' sent as the "
         "prompt; the answer quotes the confirmation",
         module=__name__,
         model=_answers(Text("Rawdog asked:\n\n    -------------------------------------- "
                             "Execute script in markdown block? (Y/n):\n\n"
                             "Nothing is waiting now.", pause=1.0)),
         typed="-------------------------------------- Execute script in markdown block? (Y/n):",
         typed_end="(Y/n):")


register("rawdog", "multiline",
         "three confirmations in one turn (each script's output handed back): a two-row "
         "command (y), a 175-character one wrapped (y), a two-row one sharing the first's "
         "first row (n) -> the turn ends",
         module=__name__, **DIALOG,
         model=_answers(Text(script(MULTILINE_TWO_ROWS, more=True), pause=1.0),
                        Text(script(MULTILINE_WRAPPED, more=True), pause=1.0),
                        Text(script(MULTILINE_REFUSED), pause=1.0)))


register("rawdog", "long-command",
         "a script of a 61-line command (touch f00.txt ... touch SECOND-LAST), taller than "
         "the screen -> its confirmation -> n -> the turn ends",
         module=__name__, **DIALOG,
         model=_answers(Text(script(LONG_COMMAND), pause=1.0)))


__all__ = ["rawdog_idle"]
