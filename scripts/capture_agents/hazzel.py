"""Hazzel's driver (PyPI ``hazzel``, the program ``hazzel``, a line-mode chat drawn with
Rich): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: it has no tool that asks the user.

Everything scrolls up the main screen: its banner (``hazzel 1.6.2`` and the root), then
each prompt sent, boxed by two rules as ``❯ <prompt>``; at the screen's foot its composer,
``❯`` between two rules over its status row (the model, the context, ``build``, ``@ tag ·
! bash · /exit``), gone while a turn runs; while the model is asked a spinner's row ``⠋
Working…  ·  ctrl+c to cancel``, while it streams the same row counting (``⠋ Working… ·
ttft 4.0s · 12 tokens  ·  ctrl+c to cancel``), the answer drawn only once whole. A call of its ``run_command`` tool (anything but a
read-only command alone: ``ls``, ``echo``...) asks first: ``Hazzel wants to run:
<command>``, then the line prompt ``Allow? [y/N]: `` on the cursor's row, answered by a
line (``y``, Enter). Refused by "n": the model is told (``Command cancelled by user``) and
answers in the same turn.

What it does not do: describe Hazzel (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import HAZZEL_ASKS, hazzel_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its line prompt under the
# command); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": HAZZEL_ASKS, "tool_name": "run_command", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("hazzel", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission's line "
         "prompt -> y, enter -> command runs 3 s -> slow streamed answer, drawn only once "
         "whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="run_command",
         streamed=True, whole_answer=True)


register("hazzel", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("hazzel", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("hazzel", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s, counted "
         "on its spinner's row and drawn only once whole -> turn ends",
         module=__name__, whole_answer=True)


register("hazzel", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> its composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("hazzel", "negatives",
         "prompt holding typed 'Hazzel wants to run: rm -rf build Allow? [y/N]' sent as the "
         "prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("hazzel asked:\n\n"
                                     "    Hazzel wants to run: rm -rf build\n"
                                     "    Allow? [y/N]:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Hazzel wants to run: rm -rf build Allow? [y/N]",
         typed_end="Allow? [y/N]")


register("hazzel", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("hazzel", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["hazzel_idle"]
