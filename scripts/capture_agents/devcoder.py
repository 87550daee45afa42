"""DevCoder's driver (PyPI ``dev-coder``, the program ``dev-coder``, a Textual full-screen
TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the keys that refuse it, its shell tool's name, the model's replies):
a command approved, one refused, three multi-line or wrapped commands, a 61-line one, a
plain answer, a long stream, an interrupt and typed and quoted dialog text.

Its screen: at start its logo over its input card (``Ask anything... "Fix a TODO in the
codebase"`` over ``Build  •  gpt-4``); once a prompt is sent, its transcript (the user's
line behind a bar, ``▣ Build • gpt-4`` over the model's words, a tool's block ``✓ Running
command <command>`` and its result) beside a side panel (the session, the context used,
the tools used, the workspace's tree), over its input card, whose footer is ``Build •
gpt-4 DevCoder Zen ... esc interrupt`` at rest and a loading bar ``━━━━━━━━━━━━━━━`` while
the model is asked and a tool runs (not while words stream). A call of its ``run_bash``
tool asks first, a modal box of thick edges over the middle of the screen: ``⚠️ Action
Required``, ``Agent wants to execute run_bash``, the call's arguments in a box, ``Do you
want to allow this action?``, then two buttons side by side, ``Approve`` (focused) and
``Deny``. Enter approves; Tab, then Enter refuses (``❌ Running command <command>``,
``Error: User denied permission to execute this tool.``): the model is told and answers in
the same turn. It has no question tool.

What it does not do: describe DevCoder (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import DEVCODER_ASKS, devcoder_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (a modal box, two buttons side by
# side); refused by Tab (to Deny) and Enter: the model is told and answers
DIALOG = {"asks": DEVCODER_ASKS, "tool_name": "run_bash", "deny_keys": ("tab",),
          "deny_key": "enter", "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}


register("devcoder", "command-approve",
         "prompt -> its loading bar while the model is silent -> its permission modal -> "
         "Enter on Approve -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("devcoder", "command-deny",
         "permission for 'rm -rf build' -> Tab, Enter on Deny -> the model is told and "
         "answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("devcoder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("devcoder", "stream",
         "prompt -> 4 s silent (its loading bar) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("devcoder", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> 'Agent execution "
         "interrupted.', its footer at rest",
         module=__name__, working="thinking", interrupt_key="esc")


register("devcoder", "negatives",
         "input holding typed 'Action Required Do you want to allow this action? Approve "
         "Deny' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("DevCoder asked:\n\n"
                                     "    Agent wants to execute run_bash\n"
                                     "    Do you want to allow this action?\n"
                                     "    [ Approve ]  [ Deny ]\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Action Required Do you want to allow this action? Approve Deny",
         typed_end="action? Approve Deny")


register("devcoder", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (Tab, Enter) -> the "
         "model answers -> turn ends",
         module=__name__, **DIALOG,
         # the call's JSON in its box cut at the box's edge: the wrapped command's start
         multiline_shown=("x1.txt", "echo AAAA", "SECOND.txt"))


register("devcoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> Tab, "
         "Enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["devcoder_idle"]
