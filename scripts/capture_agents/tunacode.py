"""TunaCode's driver (PyPI ``tunacode-cli``, the program ``tunacode``, a Textual screen):
its scenarios, rows of the shared table (``shared``) given its words (its confirmation's
pattern, the key that refuses it, its shell tool's name and input, the model's replies): a
command approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain
answer, a long stream, an interrupt, typed and quoted dialog text. It has no question tool.

Its log fills the screen above its editor (a box, ``>`` in it until the first prompt) and
its status bar (``edited: -   last: bash``); while a request runs, five dots (``● ● ● ● ●``)
sit under the log, and an answer streams in a panel over the editor (``openai:gpt-4o  ·
streaming  ·  3.2s``). A call of its ``bash`` tool asks first in a panel in the log:
``Confirm: bash``, ``command: ...`` (cut at 60 characters), ``[1] Yes  [2] Yes + Skip  [3]
No``. Approved by "1" ("Approved" written under it), refused by "3" ("Rejected"): the
turn stops there, the model is not asked again. Esc cancels a running turn. Its bash tool
refuses ``&``, ``;`` and backquotes: the shared commands' ``&&`` become new lines here.

What it does not do: describe TunaCode (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import TUNA_ASKS, tuna_idle
from fakeapi import Text

from capture_agents.shared import register


def _bash(command: str) -> dict[str, str]:
    """Its bash tool's input running `command` (each ``&&`` a new line: it refuses ``&``)."""
    return {"command": command.replace(" && ", "\n")}


# its words in the shared scenarios with its confirmation (a panel in its log); refused by
# "3": the turn stops, its editor is free
DIALOG = {"asks": TUNA_ASKS, "tool_name": "bash", "tool_input": _bash, "deny_key": "3",
          "after_refusal": "idle", "back": tuna_idle,
          # the wrapped command is cut at 60 characters: its A's tell its confirmation
          "multiline_shown": ("x1.txt", "AAAAAAAAAA", "SECOND.txt")}


register("tunacode", "command-approve",
         "prompt -> silence while the model thinks -> bash confirmation -> 1 (yes) -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("tunacode", "command-deny",
         "bash confirmation of 'rm -rf build' -> 3 (no) -> the turn stops, the editor is back",
         module=__name__, like="deny", **DIALOG, refusal_reply=[])


register("tunacode", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("tunacode", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("tunacode", "interrupt",
         "prompt -> model never answers (5 s silent) -> esc -> its editor back",
         module=__name__, working="thinking", interrupt_key="esc")


register("tunacode", "negatives",
         "editor holding typed 'Confirm: bash [1] Yes  [2] Yes + Skip  [3] No' sent as the "
         "prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("TunaCode asked:\n\n    Confirm: bash\n"
                                     "      command: rm -rf build\n"
                                     "    [1] Yes  [2] Yes + Skip  [3] No\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Confirm: bash [1] Yes  [2] Yes + Skip  [3] No", typed_end="[3] No")


register("tunacode", "multiline",
         "three bash confirmations in one turn: a two-row command (1), a 175-character one "
         "cut at 60 (1), a two-row one sharing the first's first row (3) -> the turn stops",
         module=__name__, **DIALOG)


register("tunacode", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) cut at 60 characters -> its "
         "confirmation -> 3 -> the turn stops",
         module=__name__, **DIALOG, refusal_reply=[])


__all__ = ["tuna_idle"]
