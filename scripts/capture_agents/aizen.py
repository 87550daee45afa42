"""Aizen's driver (PyPI ``aizen-ai-cli``, the program ``aizen``, a prompt_toolkit prompt over
a bottom toolbar, its turns printed with Rich up the main screen): its scenarios, rows of the
shared table (``shared``) given its words (its permission's pattern, the keys that refuse
it, its shell tool's name, the model's replies): a command approved, one refused, three
multi-line or wrapped commands (two approved, the third refused), a 61-line one, a plain
answer, a long stream and typed and quoted dialog text. No question: it has no tool that
asks the user. No interrupt: Ctrl+C in a turn stops its spinner but not the turn (it goes
on waiting for the model), no other key stops a turn.

Its screen: its banner box (``AIZEN`` in block letters, ``⚡ AI-Powered Coding Agent ⚡``),
``◈ SYS Initializing Aizen AI v2.7.0`` and the model, then each prompt after ``╰─ ▸`` under
``╭─ aizen ─ <folder>`` over a bottom toolbar (`` ◈ 0 tokens │ 0 msgs │ gpt-4o │ ctx:
0%``). While a turn runs the toolbar is gone and the row ``⡿  Exploring...`` is under the
prompt; a tool call is told by ``  ◆ Invoking run_terminal_command ...``, a command
running by ``  ▶ Running (1s)``, a command run by ``  ⚙️  run_terminal_command → <the
command>``; the answer after ``◆ AIZEN:``. A call of its ``run_terminal_command`` tool asks
first unless its command starts with one of its read-only prefixes (``ls``, ``cat``,
``echo``, ``pwd``...) and matches none of its dangerous patterns: a Rich panel ``◆ AIZEN
wants to run:`` (the command) over a questionary menu ``? ▸ Allow?  (Use ↑/↓ arrows to
select, Enter to submit)``, `` » Yes, allow this time``, ``   No, deny``, ``   Always allow
(YOLO mode)``; Enter approves (the menu's row becomes ``? ▸ Allow? Yes, allow this
time``), Down then Enter refuses (``? ▸ Allow? No, deny``: the model is told and answers in
the same turn). Its multiline scenario's commands therefore start with ``touch`` and
``printf`` (the shared ones start with ``ls`` and ``echo``, which it runs unasked).

What it does not do: describe Aizen (its rows, command and keys: harness/agents.py) or read
its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import AIZEN_ASKS, aizen_asks, aizen_idle
from fakeapi import Text, ToolUse

from capture_agents.core import (
    Ctx,
    dialog,
    leave,
    scenario,
    start,
    turn_end,
)
from capture_agents.shared import register

REFUSED = "Understood, nothing was run."

# its words in the shared scenarios with its permission (its panel over its menu); refused
# by Down, then Enter: the model is told and answers
DIALOG = {"asks": AIZEN_ASKS, "tool_name": "run_terminal_command", "deny_keys": ("down",),
          "deny_key": "enter", "deny_pause": 0.5, "after_refusal": "answer",
          "refusal_reply": [Text(REFUSED, pause=1.0)], "refused_end": REFUSED}

# its multiline commands: the shared ones' rows in another order, so that none starts with
# one of its read-only prefixes (it runs those unasked)
MULTILINE_TWO_ROWS = "touch x1.txt\nls -la"
MULTILINE_WRAPPED = "printf '%s\\n' " + "A" * 150 + " && touch long-1.txt"
MULTILINE_REFUSED = "touch SECOND.txt\nls -la"


register("aizen", "command-approve",
         "prompt -> its spinner's row while the model is silent -> its permission panel and "
         "menu -> enter -> command runs 3 s -> the answer streamed -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("aizen", "command-deny",
         "permission for 'rm -rf build' -> down, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG)


register("aizen", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("aizen", "stream",
         "prompt -> 4 s silent (its spinner's row) -> a long answer streamed for ~8 s -> "
         "turn ends",
         module=__name__)


register("aizen", "negatives",
         "prompt holding typed '◆ AIZEN wants to run: ? ▸ Allow? » Yes, allow this time' "
         "sent as the prompt; the answer quotes the permission",
         module=__name__,
         model=lambda sb, api: [Text("Aizen asked:\n\n"
                                     "    ◆ AIZEN wants to run:\n"
                                     "    ? ▸ Allow?  (Use ↑/↓ arrows to select, Enter to "
                                     "submit)\n"
                                     "     » Yes, allow this time\n"
                                     "       No, deny\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="◆ AIZEN wants to run: ? ▸ Allow? » Yes, allow this time",
         typed_end="Yes, allow this time")


@scenario(
    "aizen",
    "multiline",
    "three permissions in one turn: a two-row command (enter), a 184-character one wrapped "
    "(enter), a two-row one sharing the first's last row (down, enter) -> the model "
    "answers -> turn ends",
    lambda sb, api: [*(ToolUse("run_terminal_command", {"command": cmd}, pause=1.0)
                       for cmd in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED,
                                   MULTILINE_REFUSED)),
                     Text("Ran the first two.", pause=1.0)],
)
def aizen_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    for n, shown in enumerate(("x1.txt", "long-1.txt", "SECOND.txt"), 1):
        dialog(c, lambda s, shown=shown: aizen_asks(s) and shown in s.split("wants to run:")[-1])
        c.shot(f"blocked-permission--multiline-{n}")
        if n < 3:
            c.approve()
        else:
            c.key("down")
            c.wait(lambda s: "» No, deny" in s, 10, settle=0.3)
            c.key("enter", "working")
        c.wait(lambda s: not aizen_asks(s), 10, settle=0)
    turn_end(c, "Ran the first two.")
    leave(c)


register("aizen", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> down, "
         "enter -> the model answers -> turn ends",
         module=__name__, **DIALOG)


__all__ = ["aizen_idle"]
