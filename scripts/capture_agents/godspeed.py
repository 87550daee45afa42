"""Godspeed's driver (PyPI ``godspeed-coding-agent``, the program ``godspeed``: a line-mode
chat): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the line that refuses it, its shell tool's name, the model's
replies): a command approved, one refused, three multi-line or wrapped commands, a 61-line
one, a plain answer, a long stream and typed and quoted dialog text. No question: it has no
tool that asks the user. No interrupt: no key stops a turn while the model is silent (Ctrl+C
in its first turn sets a flag its loop reads only at its next step; in a later turn, its
handler taken away after the first, Ctrl+C ends the program).

Its answers scroll up the main screen above its prompt, ``> godspeed>`` at start and
``turn 1 | ctx 3% > godspeed>`` after a turn, under a row of the turn's counters (``  0
tokens | ctx 3% | gpt-4o | turn 1``) and a rule (``  ------------- turn 1
--------------``). A turn shows a Rich spinner on the last row (``⠋ > Thinking...``, its
seconds after 10 s), gone while the tool runs. A call of its ``shell`` tool asks
first (its default ask rule ``shell(*)``), printed above the prompt: ``  !  Permission
required``, the tool's name (``    shell``), the command after ``$`` (each of its lines on
its own row), ``    Matched ask rule: shell(*)``, then ``    Allow? (y)es | (n)o | (a)lways
this session`` over its own line prompt ``  >`` on the row under it, answered by a line;
where the model called the tool with no words before it, the turn's spinner goes on over
that prompt (``⠙ > Thinking...``, the tool's name row blanked) and the line typed is not
shown. Refused by "n": the model is told (``  x Blocked: shell -- ...``) and answers in the same
turn. A command its patterns call dangerous is refused without asking (``rm -rf``, ``rm
-r``: its refusal here removes one file).

What it does not do: describe Godspeed (its rows, command and keys: harness/agents.py) or
read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import GODSPEED_ASKS, godspeed_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (its question over its own line
# prompt); refused by typing "n", then Enter: the model is told and answers
DIALOG = {"asks": GODSPEED_ASKS, "tool_name": "shell", "deny_reason": "n",
          "after_refusal": "answer"}


register("godspeed", "command-approve",
         "prompt -> spinner while the model is silent -> permission -> y, enter -> command "
         "runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


# its patterns refuse "rm -rf" and "rm -r" outright, without asking: removing one file asks
register("godspeed", "command-deny",
         "permission for 'rm build.log' -> n, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG, command="rm build.log",
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("godspeed", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("godspeed", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("godspeed", "negatives",
         "prompt holding typed 'Permission required Allow? (y)es | (n)o | (a)lways this "
         "session' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Godspeed asked:\n\n"
                                     "    !  Permission required\n"
                                     "      shell\n"
                                     "      $ rm build.log\n"
                                     "      Allow? (y)es | (n)o | (a)lways this session\n"
                                     "    >\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Permission required Allow? (y)es | (n)o | (a)lways this session",
         typed_end="this session")


register("godspeed", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("godspeed", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST), each line on its own row "
         "above its question -> its permission -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, no files were made.", pause=1.0)],
         refused_end="no files were made")


__all__ = ["godspeed_idle"]
