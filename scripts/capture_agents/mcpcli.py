"""MCP CLI's driver (PyPI ``mcp-cli``, the program ``mcp-cli``: a line-mode chat): its
scenarios, rows of the shared table (``shared``) given its words (its confirmation's text,
the answer that refuses it, its shell tool's name and input, the model's replies): a command
approved, one refused, three multi-line or wrapped commands, a 61-line one, a plain answer,
a long stream, typed and quoted dialog text. It has no question tool among its tools. Its
interrupt (Ctrl+C while the model answers) is not recorded: it prints "Streaming
interrupted" and its prompt, but the spinner of the request it left goes on counting over
that prompt, so its screen after an interrupt says neither idle nor working.

Everything scrolls up the main screen: its prompt is the last row (``💬 You:``); while the
model answers, a spinner row counts the chunks (``⠙ Streaming · (10 chunks) · 80 chars ·
1.3s``) and the answer is printed whole under ``🤖 Assistant (6.0s):`` once it is in; while
a tool runs, ``⠙ Executing tool: shell_execute (1.4s) | ...``. Its tools are an MCP
server's (``mcp-shell-server``: ``shell_execute``, a command as an argument list and its
stdin: here ``bash`` reading the command, as the server refuses shell operators among the
arguments). A call asks first: "Tool
confirmation required: shell_execute", the arguments as JSON, then ``Execute this tool?
[Y/n]:`` as the last row. Approved by "y" and Enter; refused by "n" and Enter: the model is
told and answers in the same turn.

What it does not do: describe MCP CLI (its prompt, confirmation, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import MCPCLI_ASKS, mcpcli_idle
from fakeapi import Text

from capture_agents.shared import register


def _shell(command: str) -> dict[str, list[str] | str]:
    """Its shell tool's input running `command`: bash reading it on its stdin (the server
    refuses shell operators in the argument list), in the server's own directory, the work
    directory (an absolute path is required: the sandbox's is not known to the model)."""
    return {"command": ["bash"], "stdin": command, "directory": "/proc/self/cwd"}


# its words in the shared scenarios with its confirmation (the last row); refused by
# typing "n", then Enter: the model is told and answers
DIALOG = {"asks": MCPCLI_ASKS, "tool_name": "shell_execute", "tool_input": _shell,
          "deny_reason": "n", "after_refusal": "answer",
          # the arguments are printed as JSON: its A's tell its confirmation
          "multiline_shown": ("x1.txt", "AAAAAAAAAA", "SECOND.txt")}


register("mcpcli", "command-approve",
         "prompt -> silence while the model thinks -> shell confirmation -> y, enter -> "
         "command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True, whole_answer=True)


register("mcpcli", "command-deny",
         "shell confirmation of 'rm -rf build' -> n, enter -> the model is told and answers "
         "-> turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("mcpcli", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("mcpcli", "stream",
         "prompt -> 4 s silent -> slow streamed answer for ~8 s (counted under its spinner, "
         "printed whole at its end) -> turn ends",
         module=__name__, whole_answer=True)


register("mcpcli", "negatives",
         "prompt holding typed 'Tool confirmation required ... Execute this tool? [Y/n]:' "
         "sent as the prompt; the answer quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("MCP CLI asked:\n\n    Tool confirmation required: "
                                     "shell_execute\n    Execute this tool? [Y/n]:\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Tool confirmation required: shell_execute Execute this tool? [Y/n]:",
         typed_end="[Y/n]:")


register("mcpcli", "multiline",
         "three shell confirmations in one turn: a two-row command (y), a 175-character one "
         "(y), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("mcpcli", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> n -> the model answers",
         module=__name__, **DIALOG,
         refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


__all__ = ["mcpcli_idle"]
