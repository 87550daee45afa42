"""codii's driver (PyPI ``codii``, the program ``codii``, a prompt_toolkit REPL): its
scenarios, rows of the shared table (``shared``) given its words (its permission's pattern,
the key that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt and typed and quoted dialog text. No question: it has no tool that
asks the user.

Its banner and transcript scroll up the main screen over its composer, ``❯`` between two
rules (the upper titled ``codii (shift+tab to cycle modes)``) and its context row; a sent
prompt is echoed in a rounded box titled ``❯`` and the composer is gone until the turn
ends; a spinner's row ``⠸ thinking…`` while the model is asked (it stays once words or a
call come). A call of its ``bash`` tool asks first: the call's row ``  bash()`` (no
command), then under it the one-row choice ``❯ Allow      Deny``, answered by a key
(``y``); once allowed ``  → bash(<command>)`` and, when it ends, ``  ✓ Exit 0``. Refused by
"n": the model is told and answers in the same turn. Its default mode takes no text answer:
one is asked again twice (the fake API's side text, ``OK``, each time), then ``Model
produced text instead of a tool call after 3 attempts — aborting turn.`` and its composer
back end the turn. Ctrl+C stops a turn: ``Stream interrupted — connection lost. You can
retry.``, its composer back.

What it does not do: describe codii (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

import time

from agents import CODII_ASKS, codii_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its one-row choice under the
# call's row); refused by the key "n": the model is told and answers
DIALOG = {"asks": CODII_ASKS, "tool_name": "bash", "deny_key": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("codii", "command-approve",
         "prompt -> silent while the model is asked -> the call's row and its choice -> y "
         "-> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("codii", "command-deny",
         "permission for 'rm -rf build' -> n -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("codii", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("codii", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("codii", "interrupt",
         "prompt -> model never answers (5 s silent) -> ctrl+c -> the turn stops, its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("codii", "negatives",
         "prompt holding typed 'bash(rm -rf build) ❯ Allow Deny' sent as the prompt; the "
         "answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("codii asked:\n\n"
                                     "      bash(rm -rf build)\n"
                                     "    ❯ Allow      Deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="bash(rm -rf build) ❯ Allow    Deny",
         typed_end="Allow    Deny")


@scenario(
    "codii",
    "multiline",
    "three permissions in one turn: a two-row command (y), a 175-character one (y), a "
    "two-row one sharing the first's first row (n) -> the model answers -> turn ends",
    lambda sb, api: [*(ToolUse("bash", {"command": cmd}, pause=1.0)
                       for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED, MULTILINE_REFUSED)),
                     Text("Ran the first two.", pause=1.0)],
)
def codii_multiline(c: Ctx) -> None:
    """Its own multiline scenario: its choice shows no command (the call's row is
    ``  bash()``), so each dialog is told by its choice coming back as the last row after
    the one before was answered, not by the command's text."""
    start(c)
    c.submit("run the three commands")
    for n, key in ((1, "y"), (2, "y"), (3, "n")):
        dialog(c, lambda s: CODII_ASKS.search(s) is not None)
        c.shot(f"blocked-permission--multiline-{n}")
        time.sleep(0.2)
        c.key(key, "working")
        c.wait(lambda s: CODII_ASKS.search(s) is None, 10, settle=0)
    turn_end(c, "Ran the first two.")
    leave(c)


register("codii", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["codii_idle"]
