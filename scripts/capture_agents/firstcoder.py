"""FirstCoder's driver (PyPI ``firstcoder``, the program ``firstcoder``, a Textual full-screen
TUI, its words Chinese): its scenarios, rows of the shared table (``shared``) given its words
(its permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream, an interrupt and typed and quoted dialog text. No
question: its ``ask_user`` tool only hands the question back to the model.

Its screen: a top bar (its name, the activity, the model), the transcript (each entry after
a bar ``│``), an activity row (``idle · ready``, ``thinking [.. ]``, ``running [=   ] ·
shell``, ``done``, with the turn's time and tool count at its right), then its composer
under a rule. Its composer is not focused at start (its transcript is): Tab once gives it
the focus (its description's ``start_key``). A call of its ``shell`` tool asks first: a
block in the transcript, ``permission requested  execute_shell <command>``, the reason
``执行 shell 命令需要用户确认。``, then its options on one row, ``[1] deny  [2] allow once  [3]
allow always``, the activity row ``waiting · permission``; answered by a line typed in its
composer (``2``, Enter; ``1``, Enter refuses: the model is told and answers). Esc once
asks ``running · press Esc again to interrupt``, a second Esc stops the turn
(``Interrupted current turn.``).

What it does not do: describe FirstCoder (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import FIRSTCODER_ASKS, firstcoder_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (the activity row waiting for it);
# refused by typing "1", then Enter: the model is told and answers
DIALOG = {"asks": FIRSTCODER_ASKS, "tool_name": "shell", "deny_reason": "1",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED}


register("firstcoder", "command-approve",
         "prompt -> thinking while the model is silent -> shell permission -> 2, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("firstcoder", "command-deny",
         "permission for 'rm -rf build' -> 1, enter -> the model answers -> turn ends",
         module=__name__, like="deny", **DIALOG)


register("firstcoder", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("firstcoder", "stream",
         "prompt -> 4 s silent (thinking) -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("firstcoder", "interrupt",
         "prompt -> model never answers (5 s thinking) -> esc ('press Esc again to "
         "interrupt') -> esc -> 'Interrupted current turn.', its composer back",
         module=__name__, working="thinking", interrupt_key="esc",
         interrupt_again="press Esc again to interrupt")


register("firstcoder", "negatives",
         "composer holding typed 'permission requested execute_shell rm -rf build [1] deny [2] "
         "allow once [3] allow always' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("FirstCoder asked:\n\n"
                                     "    permission requested  execute_shell rm -rf build\n"
                                     "      执行 shell 命令需要用户确认。\n"
                                     "      [1] deny  [2] allow once  [3] allow always\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="permission requested execute_shell rm -rf build [1] deny [2] allow once [3] "
               "allow always",
         typed_end="[3] allow always")


register("firstcoder", "multiline",
         "three shell permissions in one turn: a two-row command (2), a 175-character one "
         "wrapped (2), a two-row one sharing the first's first row (1) -> the model answers -> "
         "turn ends",
         module=__name__, **DIALOG)


register("firstcoder", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> 1 -> the "
         "model answers -> turn ends ('done'; 0.1.11 draws no answer under the 61 rows)",
         module=__name__, **{**DIALOG, "refused_end": None})


__all__ = ["firstcoder_idle"]
