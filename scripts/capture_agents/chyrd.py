"""CHYRD's driver (PyPI ``chyrd``, a Textual screen): its scenarios, rows of the shared
table (``shared``) given its words (its permission's pattern, the key that refuses it, its
shell tool's name, the model's replies): a command approved, one refused, three multi-line
or wrapped commands, a 61-line one, a plain answer, a long stream, an interrupt and typed
and quoted dialog text.

Its chat fills the screen above a composer box docked at the bottom (``plan, build, fix - or
/help`` in its lower edge) over a status row, ``● idle  ·  0↑ 0↓  ·  $0.0000  ·  <dir>  ·
normal``, ``● thinking`` or ``● working`` with ``esc interrupt`` while a turn runs; each
prompt is a box titled ``you`` at the right, the answer streamed as rows under it. A call of
its ``shell`` tool asks first (its default mode, ``normal``), in a modal box drawn over the
middle of the screen: ``permission``, ``Run: <command>``, the command in a rounded box,
``rule: shell(<program> *)``, then three edged buttons side by side, ``allow once``,
``always`` and ``deny`` (the keys written in their labels not drawn), answered by the key alone (``a``; refused by ``d``: the
model is told and answers in the same turn). It has no question tool. Esc stops a turn
while the model is asked (``interrupting... (esc again to force-stop)``).

What it does not do: describe CHYRD (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CHYRD_ASKS, chyrd_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission modal (three buttons side by side);
# refused by "d": the model is told and answers
DIALOG = {"asks": CHYRD_ASKS, "tool_name": "shell", "deny_key": "d",
          "after_refusal": "answer"}


register("chyrd", "command-approve",
         "prompt -> '● thinking' while the model is silent -> permission modal -> a -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("chyrd", "command-deny",
         "permission modal for 'rm -rf build' -> d -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("chyrd", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("chyrd", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("chyrd", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'interrupting...', its status "
         "row at rest",
         module=__name__, working="thinking", interrupt_key="esc")


register("chyrd", "negatives",
         "composer holding typed 'permission Run: rm -rf build rule: shell(rm *) allow once "
         "always deny' sent as the prompt; the answer quotes the modal",
         module=__name__,
         model=lambda sb, api: [Text("CHYRD asked:\n\n"
                                     "    permission\n"
                                     "    Run: rm -rf build\n"
                                     "    rule: shell(rm *)\n"
                                     "    allow once     always     deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="permission Run: rm -rf build rule: shell(rm *) allow once always deny",
         typed_end="once always deny")


register("chyrd", "multiline",
         "three permission modals in one turn: a two-row command (a), a 175-character one "
         "wrapped (a), a two-row one sharing the first's first row (d) -> the model answers",
         module=__name__, **DIALOG)


register("chyrd", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), its box scrolled in the "
         "modal -> its permission -> d -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["chyrd_idle"]
