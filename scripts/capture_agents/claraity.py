"""ClarAIty Code's driver (PyPI ``claraity-code``, the program ``claraity``, a Textual
full-screen TUI): its scenarios, rows of the shared table (``shared``) given its words (its
permission's pattern, the key that refuses it, its shell tool's name, its question tool,
the model's replies): a command approved, one refused, three multi-line or wrapped
commands, a 61-line one, a plain answer, a long stream, an interrupt, typed and quoted
dialog text, and a question (its ``clarify`` tool).

Its screen: its transcript of blocks, each behind a bar ``█`` with ``[Copy]`` on its first
row: each prompt, the model's words, each call of a tool as ``●  run_command
description="..."`` over a rounded card ``[-] $ <command>`` (``[+] $ <command>  (3 lines)``
once it has run); under it a full-width rule, its status row (the model's name ``gpt-4o``
at rest, its context's bar on the right once a turn has run; ``⠼ Streaming | 00:02`` while
a turn runs), its framed composer of three empty rows and its footer ``^c Interrupt  f2
Mode ... ▏^p palette`` (``^c Interrupt  ^d Quit  f2 Mode`` while a turn runs). A call of
its ``run_command`` tool asks first, a rounded box under the call's card: ``?  Allow this
action?`` over ``1  Yes`` (selected, in colour), ``2  Yes, allow all run_command this
session``, ``3  Provide alternative instructions`` and ``Esc  cancel   Enter  confirm``
(for ``rm -r`` its safety floor's ``[!]  Command requires approval: rm -r (recursive delete
(rm -r))`` over it, and no option 2). Enter approves; Esc refuses: the box gone, the card
left ``[-]``, the turn stops there (the model is not told). Its ``clarify`` tool asks in a
square box over the bottom of the transcript: its tabs ``<-  color   ( ) Submit  ->``,
the question, ``> 1. red`` ... ``4. Type something``, ``5. Chat about this`` and ``Enter to
select . Tab/Arrow keys to navigate . Esc to cancel``; Enter takes red and shows the review
page (``Ready to submit your answers?`` over ``> 1. Submit answers``), Enter sends. Ctrl+C
stops a turn (``ERROR  Interrupting...`` in the status row and two notices, ``Interrupting
stream...`` and ``Stream interrupted``, on the right), and twice quits it when idle.

0.14.1 draws the same screen, the same box and the same question (its tab the question's
``label``, ``Color``); it has no safety floor for ``rm -r`` (its box for it the same as for
any command), and it runs an approved command in its screen's own loop: the whole screen
stands still for the command's 3 s, the box and the spinner's time left as they were, then
the box goes and the answer streams.

What it does not do: describe ClarAIty Code (its rows, command and keys: harness/agents.py)
or read its own events (no hooks are set: its labels come from its screen).
"""

from __future__ import annotations

from agents import CLARAITY_ASKS, CLARAITY_QUESTION, claraity_idle
from fakeapi import Text

from capture_agents.shared import register

# its words in the shared scenarios with its permission (a box under the call's card);
# refused by Esc: the turn stops there, its composer back
DIALOG = {"asks": CLARAITY_ASKS, "tool_name": "run_command", "deny_key": "esc",
          "after_refusal": "idle", "back": claraity_idle, "refusal_reply": [],
          "multiline_reply": []}


register("claraity", "command-approve",
         "prompt -> its status row '⠼ Streaming | 00:02' while the model is silent -> its "
         "permission box -> Enter on '1  Yes' -> command runs 3 s -> slow streamed answer "
         "-> turn ends",
         module=__name__, like="approve", **DIALOG, working="thinking", tool="bash",
         streamed=True)


register("claraity", "command-deny",
         "permission for 'rm -rf build' -> esc -> the turn stops, its composer back",
         module=__name__, like="deny", **DIALOG)


register("claraity", "answer",
         "prompt -> plain streamed answer -> turn ends; a second prompt -> answer -> turn ends",
         module=__name__)


register("claraity", "stream",
         "prompt -> 4 s silent (its status row's spinner) -> slow streamed answer for ~8 s -> "
         "turn ends",
         module=__name__)


register("claraity", "interrupt",
         "prompt -> the model silent -> ctrl+c -> 'Interrupting...', the turn stopped, its "
         "composer back",
         module=__name__, working="thinking", interrupt_key="ctrl+c")


register("claraity", "negatives",
         "composer holding typed '? Allow this action? 1 Yes 2 Yes, allow all run_command "
         "this session Esc cancel Enter confirm' sent as the prompt; the answer quotes the "
         "permission",
         module=__name__,
         model=lambda sb, api: [Text("ClarAIty asked:\n\n"
                                     "    $ rm -rf build\n"
                                     "    ?  Allow this action?\n"
                                     "      1  Yes\n"
                                     "      2  Yes, allow all run_command this session\n"
                                     "      3  Provide alternative instructions\n"
                                     "    Esc  cancel   Enter  confirm\n\n"
                                     "Nothing is waiting now.", pause=1.0)],
         typed="? Allow this action? 1 Yes 2 Yes, allow all run_command this session "
               "Esc cancel Enter confirm",
         typed_end="Enter confirm")


register("claraity", "multiline",
         "three permissions in one turn: a two-row command (Enter), a 175-character one "
         "wrapped (Enter), a two-row one sharing the first's first row (esc: the turn stops)",
         module=__name__, **DIALOG)


register("claraity", "long-command",
         "a 61-line command (touch f00.txt ... touch SECOND-LAST) -> its permission -> esc: "
         "the turn stops",
         module=__name__, **DIALOG)


register("claraity", "question",
         "clarify with one question of three options -> its box over the transcript -> enter "
         "(red), then enter on '1. Submit answers' -> the model answers -> turn ends",
         module=__name__, question_tool="clarify",
         question_input={"questions": [{"id": "color", "label": "Color",
                                        "question": "Which color do you prefer?",
                                        "options": [{"id": c, "label": c}
                                                    for c in ("red", "green", "blue")]}]},
         question_asks=CLARAITY_QUESTION, question_keys=("enter",))


__all__ = ["claraity_idle"]
