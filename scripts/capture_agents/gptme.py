"""gptme's driver (PyPI ``gptme``, the program ``gptme``, a line-mode chat): its scenarios,
all rows of the shared table (``shared``) given its words (its confirmation's text, the
answer that refuses it, its shell tool's name, the model's replies): a command approved,
one refused, three multi-line or wrapped commands, a 61-line one, a plain answer, a long
stream, an interrupt, typed and quoted dialog text; and its ``choice`` tool, which it offers
only when asked for (``-t +choice``: not among its default tools), in the question
scenario.

Everything scrolls up the main screen: its prompt is the last row ("User: "), the
model's answer printed under "Assistant:" ("Assistant: Thinking..." while the model is
silent). A tool call is printed with a preview and asks on the last row: "Execute shell?
[Y/n/c/e/a/?]". Approved here by Enter (its default, yes: the row stays as it is until the
command prints), refused by "n" and Enter: the model is told ("Declined by user") and
answers. Ctrl+C stops a turn and gives the prompt back. Its choice tool asks under the
call, as the last rows: "? Which color do you prefer? (Use shortcuts or arrow keys)", then
`` » 1) Red`` and ``   2) Blue`` (its selection library's menu); Enter picks the marked one.

What it does not do: describe gptme (its prompt, sign of work, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

from agents import GPTME_ASKS, gptme_idle
from fakeapi import Text, ToolUse

from capture_agents.core import Ctx, dialog, leave, scenario, start, turn_end
from capture_agents.shared import register

# its words in the shared scenarios with its confirmation (the last row); refused by
# typing "n", then Enter
DIALOG = {"asks": GPTME_ASKS, "tool_name": "shell", "deny_reason": "n",
          "after_refusal": "answer"}


register("gptme", "command-approve",
         "prompt -> 'Thinking...' while the model is silent -> shell confirmation -> enter (yes) "
         "-> command runs 3 s -> slow streamed answer -> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="shell",
         streamed=True)


register("gptme", "command-deny",
         "shell confirmation of 'rm -rf build' -> n, enter -> the model is told and answers -> "
         "turn ends",
         module=__name__, like="deny", **DIALOG,
         refusal_reply=[Text("Understood, nothing was removed.", pause=1.0)],
         refused_end="nothing was removed")


register("gptme", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("gptme", "stream",
         "prompt -> 4 s silent ('Thinking...') -> slow streamed answer for ~8 s -> turn ends",
         module=__name__)


register("gptme", "interrupt",
         "prompt -> model never answers (5 s of 'Thinking...') -> ctrl+c -> prompt back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("gptme", "negatives",
         "prompt holding typed 'Execute shell? [Y/n/c/e/a/?]' sent as the prompt; the answer "
         "quotes the confirmation",
         module=__name__,
         model=lambda sb, api: [Text("gptme asked:\n\n    @shell(toolu_1):\n    rm -rf build\n\n"
                                     "     Execute shell? [Y/n/c/e/a/?]\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="Execute shell? [Y/n/c/e/a/?]", typed_end="[Y/n/c/e/a/?]")


register("gptme", "multiline",
         "three shell confirmations in one turn: a two-row command (enter), a 175-character one "
         "that wraps (enter), a two-row one sharing the first's first row (n) -> the model answers",
         module=__name__, **DIALOG)


register("gptme", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) taller than the screen -> its "
         "confirmation -> n -> the model answers",
         module=__name__, **DIALOG, refusal_reply=[Text("Understood, nothing was made.", pause=1.0)],
         refused_end="nothing was made")


@scenario("gptme", "question",
          "choice (offered with -t +choice) with two options -> its menu under the call -> first "
          "option picked (enter) -> the model answers -> turn ends",
          lambda sb, api: [ToolUse("choice", {"question": "Which color do you prefer?",
                                              "options": "Red\nBlue"}),
                           Text("You chose red.", pause=1.0)],
          args=["-t", "+choice"])
def gptme_question(c: Ctx) -> None:
    """The shared question scenario's steps with its choice tool on."""
    start(c)
    c.submit("ask me a question")
    dialog(c, lambda s: "? Which color do you prefer?" in s and "» 1) Red" in s,
           "blocked:question")
    c.shot("blocked-question--question")
    c.key("enter", mark="working")
    turn_end(c, "You chose red.")
    c.shot("done--after-question")
    leave(c)


__all__ = ["gptme_idle"]
