"""CDD Agent's driver (PyPI ``cdd-agent``, the program ``cdd-agent chat``, a Textual
full-screen TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the key that refuses it, its shell tool's name, the model's replies):
a command approved, one refused, three multi-line or wrapped commands, a 61-line one, a
plain answer, a long stream and typed and quoted dialog text.

Its screen: its banner (the letters 'CDD' drawn in blocks, its version, 'Context-Driven
Development', its provider, model and folder), its transcript of rounded panels (each
prompt in one titled ``Human`` at its right, each answer in one titled ``Robot``), a status
area of three rows, its composer's rounded box and its mode row ``▶ NORMAL MODE -
Shift+Tab to cycle modes``. While a turn runs its status area shows ``💭 <a fun message>``
with dots growing, ``🔧 <a verb>: <tool>`` as a tool is called and ``✓ <tool> completed``
once it is done; it is cleared as the answer streams. A call of its ``run_bash`` tool asks
first, in its status area: ``⚠️  ACTION REQUIRED ⚠️``, ``   Tool: run_bash
(command=<its first 30 characters>)`` and ``   > [1] Allow    [2] Deny    [3] Session``.
``1`` approves; refused by ``2``: the model is told and answers in the same turn. No key
stops a turn (Ctrl+C quits it): no interrupt is recorded. It has no tool that asks the
user a question.

What it does not do: describe CDD Agent (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CDD_ASKS, cdd_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its three options in its status
# area over the composer); refused by 2: the model is told and answers
DIALOG = {"asks": CDD_ASKS, "tool_name": "run_bash", "deny_key": "2",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("cdd", "command-approve",
         "prompt -> '💭 ...' in its status area while the model is silent -> 'ACTION "
         "REQUIRED', '[1] Allow  [2] Deny  [3] Session' -> 1 -> command runs 3 s -> slow "
         "streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("cdd", "command-deny",
         "permission for 'rm -rf build' -> 2 -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("cdd", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("cdd", "stream",
         "prompt -> 4 s silent ('💭 ...' in its status area) -> slow streamed answer for ~8 s "
         "-> turn ends",
         module=__name__)


register("cdd", "negatives",
         "composer holding typed 'ACTION REQUIRED Tool: run_bash (command=rm -rf build) > "
         "[1] Allow [2] Deny [3] Session' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("CDD Agent asked:\n\n"
                                     "    ⚠️  ACTION REQUIRED ⚠️\n"
                                     "       Tool: run_bash (command=rm -rf build)\n"
                                     "       > [1] Allow    [2] Deny    [3] Session\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="ACTION REQUIRED Tool: run_bash (command=rm -rf build) > [1] Allow [2] Deny "
               "[3] Session",
         typed_end="[3] Session")


register("cdd", "multiline",
         "three permissions in one turn: a two-row command (1), a 175-character one (1), a "
         "two-row one sharing the first's first row (2) -> the model answers -> turn ends",
         module=__name__, **DIALOG,
         # its call's row cuts a command at 30 characters: the wrapped one's file unseen
         multiline_shown=("x1.txt", "(command=echo AAAAAAAAAAAAAAAAAAAAAAAAA)", "SECOND.txt"))


register("cdd", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> 2 -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["cdd_idle"]
