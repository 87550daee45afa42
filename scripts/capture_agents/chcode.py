"""ChCode's driver (PyPI ``chcode``, the program ``chcode``, a prompt_toolkit REPL drawn
with Rich): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the keys that refuse it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: it has no tool that asks the user.

Its banner and transcript scroll up the main screen over its composer, `` >`` between two
rules over its status row (``gpt-4o  │  Common mode  │  Git  │  cwd: <dir>``). A call of
its ``bash`` tool asks first (LangChain's human-in-the-loop interrupt): ``[HITL] bash``
and the command, then the questionary menu ``? Action: (Use arrow keys)`` over ``»
approve`` and ``  reject``, answered by keys (Enter takes ``approve``). Refused by Down,
Enter: the model is told and answers in the same turn. Ctrl+C in a turn stops it: ``^C``,
``[interrupted]``, its composer back holding the prompt interrupted.

What it does not do: describe ChCode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re

from agents import CHCODE_ASKS, chcode_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its composer back after an interrupt, the prompt interrupted put back in it
COMPOSER_REFILLED = re.compile(
    r"(?m)^\[interrupted\] *\n(?: *\n)*─{20,} *\n > think about it for a long time *\n─{20,} *\n"
    r"[^\n]*│ +Common mode\b[^\n]*\s*\Z")

# its words in the shared scenarios with its permission (its menu under the command);
# refused by Down to "reject", then Enter: the model is told and answers
DIALOG = {"asks": CHCODE_ASKS, "tool_name": "bash", "deny_keys": ("down",),
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("chcode", "command-approve",
         "prompt -> silent while the model is asked -> '[HITL] bash', the command and its "
         "menu -> enter (approve) -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("chcode", "command-deny",
         "permission for 'rm -rf build' -> down, enter (reject) -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("chcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("chcode", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("chcode", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> '^C', '[interrupted]', its "
         "composer back holding the prompt interrupted",
         module=__name__, working="thinking", interrupt_key="ctrl+c",
         interrupted=lambda s: COMPOSER_REFILLED.search(s) is not None)


register("chcode", "negatives",
         "prompt holding typed '[HITL] bash rm -rf build ? Action: approve reject' sent as "
         "the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("chcode asked:\n\n"
                                     "    [HITL] bash\n"
                                     "      rm -rf build\n"
                                     "    ? Action: (Use arrow keys)\n"
                                     "    » approve\n"
                                     "      reject\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="[HITL] bash rm -rf build ? Action: approve reject",
         typed_end="approve reject")


register("chcode", "multiline",
         "three permissions in one turn: a two-row command (enter), a 175-character one "
         "wrapped (enter), a two-row one sharing the first's first row (down, enter) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG)


register("chcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> down, "
         "enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["chcode_idle"]
