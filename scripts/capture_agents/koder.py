"""Koder's driver (PyPI ``koder``, the program ``koder``: a line-mode chat whose composer stays
at the screen's bottom): its scenarios, rows of the shared table (``shared``) given its words
(its permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: its ``ask_user_question`` tool prints its numbered options and reads a line with
``input()`` while its composer's app holds the terminal, so no answer reaches it (the turn
hangs under its spinner).

Its answers scroll up the main screen above its composer, a box titled ``| ⚡ Koder |``
holding ``>``, over a status row (`` M: deepseek-chat | Dir: ... | Tok: ... | ▽ N tok ·
~$0.00``); under a "Setup Recommended" box at start (a workspace not yet trusted). A turn shows
a spinner row right above the composer (``✶ Musing… (5s · run_shell · esc to
interrupt)``), its words changing; its end a tip row there (``💡 Tip: ...``) or nothing.
A call of its ``run_shell`` tool asks first (after a side request that classifies the
command), printed above the composer under the spinner: ``Permission required:
run_shell``, ``  command=...`` (one row, a new line shown as ``\\x0a``, cut at 200
characters), ``  reason: command may mutate filesystem or execute code``, then ``  [y]allow
once  [a]always allow  [n]deny >`` right above the composer, answered by a line typed in
the composer. Refused by "n": the model is told (``Permission denied for run_shell: ...``)
and answers in the same turn. Esc stops a turn (``Operation cancelled by user``) and gives
the prompt back.

What it does not do: describe Koder (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import KODER_ASKS, koder_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its key row right above its
# composer); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": KODER_ASKS, "tool_name": "run_shell", "deny_reason": "n",
          "after_refusal": "answer"}


register("koder", "command-approve",
         "prompt -> spinner while the model is silent -> permission -> y, enter -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("koder", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("koder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("koder", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("koder", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Operation cancelled by user', "
         "its prompt back",
         module=__name__, working="thinking", interrupt_key="esc")


register("koder", "negatives",
         "prompt holding typed 'Permission required: run_shell [y]allow once [a]always allow "
         "[n]deny >' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Koder asked:\n\n"
                                     "    Permission required: run_shell\n"
                                     "      command=rm -rf build\n"
                                     "      [y]allow once  [a]always allow  [n]deny >\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission required: run_shell [y]allow once  [a]always allow  [n]deny >",
         typed_end="[n]deny >")


register("koder", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("koder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), shown on its one command "
         "row cut at 200 characters -> its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["koder_idle"]
