"""ZettCode's driver (PyPI ``zettcode``, the program ``zettcode``, a full-screen TUI of its
own toolkit): its scenarios, rows of the shared table (``shared``) given its words (its
permission's text, the key that refuses it, its shell tool's name, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a
plain answer, a long stream, an interrupt, its ask_user question and typed and quoted
dialog text.

Its screen: a header row (``◈ zettcode  New session · <folder>`` and the model at the
right) over a rule, its logo and ``ZettCode  v<version>``, then its transcript (each
prompt after ``› ``, a command as ``✦ Ran <command>`` over ``  └ Running…``, the answer,
``Processed for 9s · <time> · ...``), over its composer ``› Ask ZettCode to do anything``
and its status row ``  ● ready  <tokens> ... ^C/Esc to interrupt  ^D exit``. While a turn
is on, ``✦ Processing (2s · ^C/Esc to interrupt)`` (its glyph turning, often a ``  └ Tip:
...`` row under it) and ``  · running`` in the status row. A call of its ``bash`` tool
asks first (its permission ``ask``, its default): a panel in the composer's place, ``Would
you like to run the following command?``, ``Environment: local · Permission: ask``, ``$
<command>`` and five numbered choices, ``▸`` on the first (``1. Yes, proceed (y)`` ...
``5. No, and say what to do differently (esc)``), answered by a key: ``y`` runs it once,
Esc refuses (``× Ran <command>`` over ``  └ Shell command aborted by user: <command>``;
the model is told and answers in the same turn). Its ask_user question in the same place:
the question, its choices (``▸ ✓  1. Red``) over ``› up/down choose, enter sends · or type
an answer · esc cancels``; Enter sends the one marked.

What it does not do: describe ZettCode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import ZETTCODE_ASKS, zettcode_asks, zettcode_idle, zettcode_question
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its panel in the composer's
# place); refused by Esc: the model is told and answers
DIALOG = {"asks": ZETTCODE_ASKS, "tool_name": "bash",
          "deny_key": "esc", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("zettcode", "command-approve",
         "prompt -> 'Processing' while the model is silent -> its permission panel -> y -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("zettcode", "command-deny",
         "permission for 'rm -rf build' -> esc -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("zettcode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("zettcode", "stream",
         "prompt -> 4 s silent ('Processing') -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("zettcode", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> its composer back",
         module=__name__, working="thinking", interrupt_key="esc")


register("zettcode", "negatives",
         "prompt holding typed 'Would you like to run the following command? 1. Yes, proceed "
         "(y)' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("ZettCode asked:\n\n"
                                     "    Would you like to run the following command?\n"
                                     "    $ rm -rf build\n"
                                     "    ▸ 1. Yes, proceed (y)\n"
                                     "      5. No, and say what to do differently (esc)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Would you like to run the following command? 1. Yes, proceed (y)",
         typed_end="proceed (y)")


register("zettcode", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (esc) -> the model answers -> "
         "turn ends",
         module=__name__, **DIALOG)


register("zettcode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


register("zettcode", "question",
         "ask_user with two choices -> its question in the composer's place -> first choice "
         "(enter) -> the model answers -> turn ends",
         module=__name__, question_tool="ask_user",
         question_input={"question": "Which color do you prefer?", "options": ["Red", "Blue"]},
         question_asks=lambda s: zettcode_question(s) and "Which color do you prefer?" in s
         and "Blue" in s)


__all__ = ["zettcode_asks", "zettcode_idle"]
