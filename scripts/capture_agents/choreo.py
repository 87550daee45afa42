"""choreoai-cli's driver (PyPI ``choreoai-cli``, the program ``choreoai-cli``, a multi-line
prompt_toolkit prompt ``choreo> `` on the main screen, its turns printed with Rich up the
screen): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the keys that send a prompt, the line that refuses it, its shell
tool's name, the model's replies): a command approved, one refused, three multi-line or
wrapped commands (two approved, the third refused), a 61-line one, a plain answer, a long
answer and typed and quoted dialog text. No question: it has no tool that asks the user.
No interrupt: Ctrl+C in a turn ends the program, no other key stops a turn.

Its screen: its banner panel titled ``choreoai-cli`` (``choreoai-cli coding agent``, its
folder, ``Type /help for commands, /exit to quit.``), then each prompt after ``choreo> ``
(multi-line: Enter adds a row, Esc then Enter sends it). While the model is asked, a Rich
spinner's row ``⠋ run started…``, then ``⠋ thinking…`` under the rows it prints as it goes
(``llm claude-sonnet-5  1003ms`` after each request, a panel titled ``tool #1`` holding
``run_shell  [ok]  3012ms`` after each call, ``run finished (ok)``); its answer drawn whole
at the turn's end in a panel titled ``Answer``, then a row ``budget: steps 1/20  |  tools=1
llm=2  |  trace: ...`` and its prompt again. A call of its ``run_shell`` tool asks first
with a line prompt read while its spinner goes on: ``Allow shell command?
[y/N/always/deny <pattern>]``, ``  $ <command>``, ``>`` and under it the spinner's row, still
spinning, the cursor at its end; answered by a line (``y``, Enter: the letter echoed after
``thinking…`` until the spinner's next frame wipes it). Refused by "n": the model is told and answers in the same turn.

What it does not do: describe choreoai-cli (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CHOREO_ASKS, choreo_idle
from fakeapi import Text

from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

#: Esc, then Enter: what sends its multi-line prompt (Enter alone adds a row)
SEND = b"\x1b\r"

# its words in the shared scenarios with its permission (its line prompt over its spinner's
# row, still spinning); refused by typing "n", then Enter: the model is told and answers. Its
# requests are not streamed and its answer is drawn once whole at the turn's end: no shot
# of it streaming
DIALOG = {"asks": CHOREO_ASKS, "tool_name": "run_shell", "deny_reason": "n",
          "after_refusal": "answer", "refusal_reply": [Text(REFUSED, pause=1.0)],
          "refused_end": REFUSED, "whole_answer": True, "submit_keys": SEND}


register("choreo", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission's line "
         "prompt -> y, enter -> command runs 3 s -> the answer drawn whole -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("choreo", "command-deny",
         "permission for 'rm -rf build' -> n, enter -> the model is told and answers -> turn "
         "ends",
         module=__name__, like="deny", **DIALOG)


register("choreo", "answer",
         "prompt -> plain answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__, submit_keys=SEND)


register("choreo", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer taking ~8 s, drawn once "
         "whole -> turn ends",
         module=__name__, whole_answer=True, submit_keys=SEND)


register("choreo", "negatives",
         "prompt holding typed 'Allow shell command? [y/N/always/deny <pattern>] $ rm -rf "
         "build >' sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("choreoai-cli asked:\n\n"
                                     "    Allow shell command? [y/N/always/deny <pattern>]\n"
                                     "      $ rm -rf build\n"
                                     "    >\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Allow shell command? [y/N/always/deny <pattern>] $ rm -rf build >",
         typed_end="rm -rf build >", submit_keys=SEND)


register("choreo", "multiline",
         "three permissions in one turn: a two-row command (y), a 175-character one wrapped "
         "(y), a two-row one sharing the first's first row (n) -> the model answers -> turn "
         "ends",
         module=__name__, **DIALOG)


register("choreo", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission (its "
         "question pushed off the top) -> n -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["choreo_idle"]
