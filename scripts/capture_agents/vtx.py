"""vtx's driver (PyPI ``vtx-coding-agent``, the program ``vtx``, a Textual full-screen TUI):
its scenarios, rows of the shared table (``shared``) given its words (its permission's
pattern, the key that refuses it, its shell tool's name, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream, an interrupt and typed and quoted dialog text.

Its screen: its logo and key hints, the transcript (the user's line, the model's words, a
tool's block ``$ bash <command> (no output)``), a spinner's row ``⠼ <a joke>...... (esc to
interrupt)`` while a turn runs, ``5s • 1x`` after it, then its input box between two rules,
``› Ask anything · / commands · @ files`` while empty, over two status rows (the
directory, the context used; ``⏹ approvals: prompt``, the provider and model). A call of its
``bash`` tool asks first, in the tool's block in the transcript, each row behind a bar
``▌``: ``△ Permission required``, ``$ bash <command>``, then its two buttons on one row,
``[y] approve   [n] deny   (← → enter)``, the selected one drawn in the accent colour; the
spinner's row goes on under it. ``y`` approves at once; ``n`` refuses (``Tool call denied
by user.``): the model is told and answers in the same turn.

What it does not do: describe vtx (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import VTX_ASKS, vtx_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (two buttons on one row in the
# tool's block); refused by "n": the model is told and answers
DIALOG = {"asks": VTX_ASKS, "tool_name": "bash", "deny_key": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("vtx", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission in the "
         "tool's block -> y -> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("vtx", "command-deny",
         "permission for 'rm -rf build' -> n -> the model is told and answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("vtx", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("vtx", "stream",
         "prompt -> 4 s silent (its spinner's row) -> slow streamed answer for ~8 s -> turn "
         "ends",
         module=__name__)


register("vtx", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> its input box back",
         module=__name__, working="thinking", interrupt_key="esc")


register("vtx", "negatives",
         "input box holding typed 'Permission required $ bash rm -rf build [y] approve [n] "
         "deny' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("vtx asked:\n\n"
                                     "    △ Permission required\n"
                                     "    $ bash rm -rf build\n"
                                     "    [y] approve   [n] deny   (← → enter)\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission required $ bash rm -rf build [y] approve [n] deny",
         typed_end="approve [n] deny")


register("vtx", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("vtx", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> n -> "
         "the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["vtx_idle"]
