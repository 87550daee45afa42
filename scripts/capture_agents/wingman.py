"""Wingman's driver (PyPI ``wingman-cli``, the program ``wingman``, a Textual full-screen
TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the keys that refuse it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text.

Its screen: one chat panel in a box (each prompt after ``>``, each answer under it, a
spinner's row ``⠋ Mazing...`` under the prompt while the model is asked, a tool's row
``$ <command>`` while it runs), its composer's row at the box's foot (the placeholder
``Type... (/ for commands)``, ``Ctrl+C to quit`` right above it), then a status row under
the box (``New Chat │ gpt-5.2 │ CODE │ Context: 100% │ <dir>``, ``Generating...`` after
``CODE`` while a turn runs). A call of its ``run_command`` tool asks first, in the
transcript right over the composer (the spinner hidden): the tool's name ``run_command``,
``$ <command>``, ``Do you want to proceed?`` and its options ``› y. Yes``, ``a. Yes,
always allow this session``, ``n. No, and tell me what to do differently`` (the one
selected after ``›``); ``y`` approves at once. Refused by ``n``, which opens a row ``> What
should I do instead?`` under the command, then Enter (no reason typed): the model is told
(``Command rejected by user.``) and answers in the same turn. Esc interrupts a turn
(``Generation cancelled`` as a notice, its composer back). It has no tool that asks the
user a question.

What it does not do: describe Wingman (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import re

from agents import WINGMAN_ASKS, WINGMAN_ASKS_HEAD, wingman_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its option list); refused by n,
# then Enter on the empty row that asks what to do instead: the model is told and answers
DIALOG = {"asks": WINGMAN_ASKS, "tool_name": "run_command", "deny_keys": ("n",),
          "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("wingman", "command-approve",
         "prompt -> its spinner's row while the model is silent -> 'Do you want to "
         "proceed?' for run_command -> y -> command runs 3 s -> slow streamed answer -> "
         "turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("wingman", "command-deny",
         "permission for 'rm -rf build' -> n, enter (no reason) -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("wingman", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("wingman", "stream",
         "prompt -> 4 s silent (its spinner) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("wingman", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Generation cancelled', its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="esc")


register("wingman", "negatives",
         "composer holding typed 'run_command $ rm -rf build Do you want to proceed? y. Yes "
         "n. No' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Wingman asked:\n\n"
                                     "    run_command\n"
                                     "      $ rm -rf build\n\n"
                                     "    Do you want to proceed?\n"
                                     "    › y. Yes\n"
                                     "      a. Yes, always allow this session\n"
                                     "      n. No, and tell me what to do differently\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="run_command $ rm -rf build Do you want to proceed? y. Yes n. No",
         typed_end="y. Yes n. No")


register("wingman", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n, enter) -> the model answers "
         "-> turn ends",
         module=__name__, **DIALOG)


# a permission taller than the panel: the panel scrolls to its end as it mounts it, before
# its layout is done, so its options are drawn at the panel's foot or, by chance, left below
# it with the panel's view on its head ("run_command", "$ touch f00.txt", ...): either is
# its permission drawn
register("wingman", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (its "
         "options or only its head in view) -> n, enter -> the model answers -> turn ends",
         module=__name__, **{**DIALOG, "asks": re.compile(
             "|".join(p.pattern.removeprefix("(?m)") for p in (WINGMAN_ASKS, WINGMAN_ASKS_HEAD)),
             re.MULTILINE)})


__all__ = ["wingman_idle"]
