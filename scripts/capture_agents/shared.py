"""The scenarios several agents take step for step, as a table: SHARED maps a scenario's
name to what the model answers and the steps the run takes (``(verb, *args)`` rows,
:data:`VERBS`); ``register`` adds one agent's run of it, with the agent's own words for
what varies (its description, its dialog's words, the names of the screens it shows, how
long it is watched, the keys that send its prompt where Enter does not, what a user types
that looks like its dialog, the keys that refuse its dialog, the pause after them and what
follows a refusal, the key that interrupts it and whether it asks again, its tools' names
and their input's shape, and the model's replies): a :class:`W` in a row,
or ``{name}`` in a string, is filled from them; a row whose verb starts with ``?`` runs
only where the agent's word of that name is true (``?!``: where it is not). A scenario
whose model's answers name the agent's tools builds them from its words (``Shared.model``
takes them).

What differs in how an agent takes a step is its description's (harness/agents.py:
``start``, ``turn_end`` and ``leave`` read it; ``busy`` waits for its sign of work). What
it does not do: the scenarios only one agent runs (its driver module's).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fakeapi import Step, Text, ToolUse

from capture_agents.core import (
    LONG_ANSWER,
    LONG_COMMAND,
    MULTILINE_REFUSED,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    StepsFactory,
    dialog,
    leave,
    multiline_dialogs,
    scenario,
    start,
    turn_end,
)

Row = tuple[Any, ...]


_NONE = object()


@dataclass(frozen=True)
class W:
    """A step argument that is the agent's word `name` (:func:`register`), or `default`
    where the agent has none."""

    name: str
    default: Any = _NONE

    def of(self, words: dict[str, Any]) -> Any:
        if self.name in words:
            return words[self.name]
        if self.default is _NONE:
            raise KeyError(f"no word {self.name!r} for this scenario")
        return self.default


Words = dict[str, Any]


@dataclass(frozen=True)
class Shared:
    """One shared scenario: the model's answers and the run's steps. A ``str`` argument
    with ``{name}`` in it is filled from the agent's words (:func:`register`). `model` is
    the answers, or (`worded`) what makes them from the agent's words."""

    model: StepsFactory | Callable[[Words], StepsFactory] | None
    steps: tuple[Row, ...]
    worded: bool = False


def _busy(c: Ctx, timeout: float = 20) -> None:
    """Wait for the agent's sign of work (its description's ``busy``)."""
    busy = c.about.busy
    assert busy is not None, f"{c.agent}: no sign of work in its description"
    c.wait(busy, timeout, settle=0)


def _gone(c: Ctx, asks: Any, timeout: float = 10) -> None:
    """Wait for the dialog (text or pattern `asks`) to be gone from the screen."""
    if isinstance(asks, str):
        c.wait(lambda s: asks not in s, timeout, settle=0)
    else:
        c.wait(lambda s: asks.search(s) is None, timeout, settle=0)


def _submit(c: Ctx, text: str, keys: bytes | None = None) -> None:
    """Send the prompt `text`: ``Ctx.submit``, or where the agent's prompt is sent by other
    `keys` than Enter, typed and then those (working)."""
    if keys is None:
        c.submit(text)
        return
    c.run.type(text)
    time.sleep(0.3)
    c.run.send(keys, mark="working")


def _send(c: Ctx, keys: bytes | None = None) -> None:
    """Send the prompt typed already: Enter, or where the agent's prompt is sent by other
    `keys`, those (working)."""
    if keys is None:
        c.key("enter", "working")
        return
    c.run.send(keys, mark="working")


def _refuse(c: Ctx, keys: tuple[str, ...], last: str, after: str, back: Any = None,
            reason: str | None = None, pause: float = 0.2) -> None:
    """Refuse the agent's dialog: each of `keys` (a moment after each, and `pause` more
    after the last: an agent that reads a key sent sooner as part of the one before), or
    the `reason` typed, then `last`. ``after="answer"``: the model is told
    and answers (working); ``after="idle"``: the turn stops there (idle) until `back` (the
    screen's condition of its composer back) holds."""
    for key in keys:
        c.key(key)
        time.sleep(0.3)
    if keys:
        time.sleep(pause)
    if reason is not None:
        c.run.type(reason)
        time.sleep(0.2)
    if after == "answer":
        c.key(last, mark="working")
        return
    c.key(last, mark="idle")
    c.wait(back, 15, settle=0.6)


def _multiline(c: Ctx, asks: Any, shown: tuple[str, str, str] | None,
               keys: bytes | None = None) -> None:
    """The three multiline dialogs (core's ``multiline_dialogs``), each told by `shown`
    where given, the prompt sent by `keys` where given (:func:`_submit`); `asks` is the
    dialog's text or pattern."""
    if isinstance(asks, str):
        def drawn(s: str) -> bool:
            return asks in s
    else:
        def drawn(s: str) -> bool:
            return asks.search(s) is not None
    submit = None if keys is None else (lambda text: _submit(c, text, keys))
    if shown is None:
        multiline_dialogs(c, drawn, submit=submit)
    else:
        multiline_dialogs(c, drawn, shown, submit)


def _keys(c: Ctx, keys: tuple[str, ...]) -> None:
    """Press each of `keys`, a moment after each (no label)."""
    for key in keys:
        c.key(key)
        time.sleep(0.5)


def _interrupted(c: Ctx, back: Any = None) -> None:
    """Wait for the agent back at its composer after an interrupt (its description's end,
    or `back` where its composer is not empty then); label idle."""
    if back is None:
        turn_end(c, None, "idle", 15)
        return
    c.wait(back, 15, settle=c.about.end_settle)
    c.mark("idle")


#: what a step row's verb does
VERBS: dict[str, Callable[..., Any]] = {
    "start": start,
    "turn_end": turn_end,
    "leave": leave,
    "busy": _busy,
    "dialog": lambda c, asks, label="blocked:permission": dialog(c, asks, label),
    "approve": lambda c: c.approve(),
    "gone": _gone,
    "release": lambda c, gate: c.api.release(gate),
    "submit": _submit,
    "send": _send,
    "type": lambda c, text: c.run.type(text),
    "key": lambda c, name, mark=None: c.key(name, mark),
    "keys": _keys,
    "request": lambda c, step, timeout=30.0: c.request(step, timeout),
    "answered": lambda c, step, timeout=30.0: c.answered(step, timeout),
    "wait": lambda c, cond, timeout=20.0, settle=0.0: c.wait(cond, timeout, settle=settle),
    "shot": lambda c, name: c.shot(name),
    "sleep": lambda c, seconds: time.sleep(seconds),
    "refuse": _refuse,
    "multiline": _multiline,
    "interrupted": _interrupted,
}


def _call(words: Words, command: str) -> dict[str, Any]:
    """The input of the agent's shell tool running `command`: its word `tool_input` (what
    makes it from the command) where its tool takes another shape than ``{"command": ...}``."""
    shape: Callable[[str], dict[str, Any]] = words.get("tool_input", lambda cmd: {"command": cmd})
    return shape(command)


def _refused(reply: str) -> Callable[[Words], StepsFactory]:
    """The model's answers of a scenario whose command (`command`, of the agent's word
    `tool_name`) is refused: the call, then the agent's word `reply` (the model's steps
    after the refusal, none where the turn stops)."""
    def model(words: Words) -> StepsFactory:
        return lambda sb, api: [ToolUse(words["tool_name"], _call(words, words["command"])),
                                *words[reply]]
    return model


def _approve_model(words: Words) -> StepsFactory:
    """A call of the agent's `tool_name` that makes a directory in 3 s (once the run
    releases it), then a long slow answer."""
    return lambda sb, api: [
        ToolUse(words["tool_name"], _call(words, "sleep 3 && mkdir -p out && echo hi > out/x.txt"),
                text="I will create the directory.", gate="think"),
        Text(LONG_ANSWER * 2, chunk_delay=0.12, chunk_size=8),
    ]


def _multiline_model(words: Words) -> StepsFactory:
    """The three multiline commands, each a call of the agent's `tool_name` a moment
    after the last, then its word `multiline_reply` (default: "Ran the first two.")."""
    reply: list[Step] = words.get("multiline_reply", [Text("Ran the first two.", pause=1.0)])
    return lambda sb, api: [
        *(ToolUse(words["tool_name"], _call(words, c), pause=1.0)
          for c in (MULTILINE_TWO_ROWS, MULTILINE_WRAPPED, MULTILINE_REFUSED)),
        *reply,
    ]


def _question_model(words: Words) -> StepsFactory:
    """The agent's question tool (`question_tool`, its input `question_input`) asking
    which color, then the model's answer to the first choice."""
    return lambda sb, api: [ToolUse(words["question_tool"], words["question_input"]),
                            Text("You chose red.", pause=1.0)]


#: the rows that refuse the agent's dialog and wait for what follows (its words
#: `deny_keys`, `deny_key`, `after_refusal`, `back`, `deny_reason`, `deny_pause`)
_REFUSE: Row = ("refuse", W("deny_keys", ()), W("deny_key", "enter"), W("after_refusal"),
                W("back", None), W("deny_reason", None), W("deny_pause", 0.2))

SHARED: dict[str, Shared] = {
    # the model's answers call the agent's tool (`tool_name`), or are its own (`model`)
    "approve": Shared(
        _approve_model,
        (("start",), ("shot", "idle--prompt"),
         ("submit", W("prompt", "make the output directory"), W("submit_keys", None)),
         ("request", 0), ("busy",),
         ("sleep", W("silence", 2.5)), ("shot", "working--{working}"), ("release", "think"),
         ("dialog", W("asks")), ("shot", "blocked-permission--{tool}"), ("approve",),
         ("gone", W("asks")), ("sleep", W("running", 1.5)), ("shot", "working--tool-running"),
         # where the answer is drawn only once whole (its word `whole_answer`), no shot of it
         # streaming
         ("request", 1), ("?!whole_answer", "wait", "Here is what I found"),
         ("?!whole_answer", "sleep", W("streaming", 1.5)),
         ("?!whole_answer", "shot", "working--streaming"), ("?streamed", "answered", 1, 40),
         ("turn_end", W("answer_end", None)), ("shot", "done--turn-ended"), ("leave",)),
        worded=True),
    "answer": Shared(
        lambda sb, api: [Text("Two plus two is four.", pause=1.0),
                         Text("Four times four is sixteen.", pause=1.0)],
        (("start",), ("submit", "what is two plus two", W("submit_keys", None)), ("answered", 0),
         ("turn_end",),
         ("shot", "done--answer"), ("sleep", 1.0),
         ("submit", "and four times four", W("submit_keys", None)),
         ("answered", 1), ("turn_end",), ("leave",))),
    # two questions, each turn's end told by the last words of its answer
    "plain-answer": Shared(
        lambda sb, api: [
            Text("Paris is the capital of France.", pause=1.0, chunk_delay=0.05, chunk_size=6),
            Text("Berlin is the capital of Germany.", pause=0.5, chunk_delay=0.05, chunk_size=6),
        ],
        (("start",), ("?idle_shot", "shot", "idle--prompt"),
         ("submit", "what is the capital of France"), ("turn_end", "capital of France."),
         ("shot", "done--plain-answer"), ("submit", "and of Germany"),
         ("turn_end", "capital of Germany."), ("leave",))),
    "stream": Shared(
        lambda sb, api: [Text(LONG_ANSWER * 3, pause=4.0, chunk_delay=0.1, chunk_size=6)],
        (("start",),
         # "summar..." would read as a side request
         ("submit", "describe the project", W("submit_keys", None)),
         ("request", 0), ("busy",), ("sleep", 2.0), ("shot", "working--silent"),
         ("?!whole_answer", "wait", "Here is what I found"), ("?!whole_answer", "sleep", 2.0),
         ("?!whole_answer", "shot", "working--streaming-long"), ("answered", 0, 60),
         ("turn_end", None, "done", 60), ("shot", "done--after-stream"),
         ("leave",))),
    "interrupt": Shared(
        lambda sb, api: [Text("never shown", gate="never")],
        (("start",), ("submit", "think about it for a long time", W("submit_keys", None)),
         ("request", 0), ("busy",),
         ("sleep", 5), ("shot", "working--{working}-long"), ("key", W("interrupt_key", "esc")),
         # where one key only asks to confirm (its word `interrupt_again`: what it shows), again
         ("?interrupt_again", "wait", W("interrupt_again"), 10),
         ("?interrupt_again", "sleep", 0.5), ("?interrupt_again", "key", W("interrupt_key", "esc")),
         ("interrupted", W("interrupted", None)),
         ("shot", "idle--interrupted"),  # the prompt, no answer under it
         ("leave",))),
    # the model's answer quotes the dialog: the agent's own (register's `model`)
    "negatives": Shared(
        None,
        (("start",), ("type", "{typed}"), ("wait", "{typed_end}", 10, 0.5),
         ("shot", "idle--user-typed-dialog"), ("sleep", 0.3),
         # sent as the prompt: the answer quotes the dialog
         ("send", W("submit_keys", None)),
         ("answered", 0), ("turn_end",), ("shot", "done--quoted-dialog"), ("leave",))),
    # a command refused: the model answers (turn end, `refused_end` on screen) or the turn
    # stops (idle)
    "deny": Shared(
        _refused("refusal_reply"),
        (("start",), ("submit", "clean the build", W("submit_keys", None)), ("dialog", W("asks")),
         ("shot", "blocked-permission--bash-rm"), _REFUSE,
         ("?refusal_answered", "turn_end", W("refused_end", None)),
         ("?refusal_answered", "shot", "done--after-deny"),
         ("?refusal_stops", "shot", "idle--after-deny"), ("leave",)), worded=True),
    # a command taller than the screen, refused
    "long-command": Shared(
        _refused("long_reply"),
        (("start",), ("submit", "make sixty files", W("submit_keys", None)), ("dialog", W("asks")),
         ("shot", "blocked-permission--long-command"), _REFUSE,
         ("?refusal_answered", "turn_end", W("refused_end", None)), ("leave",)), worded=True),
    # three commands in one turn: two approved, the third refused
    "multiline": Shared(
        _multiline_model,
        (("start",), ("multiline", W("asks"), W("multiline_shown", None), W("submit_keys", None)), _REFUSE,
         ("?refusal_answered", "turn_end", "Ran the first two."), ("leave",)), worded=True),
    # the agent's question tool, its first choice taken
    "question": Shared(
        _question_model,
        (("start",), ("submit", "ask me a question", W("submit_keys", None)),
         ("dialog", W("question_asks"), "blocked:question"), ("shot", "blocked-question--question"),
         # where a choice is only picked by its keys (`question_keys`) and sent by another
         # (`question_key`), it waits until then
         ("keys", W("question_keys", ())), ("key", W("question_key", "enter"), "working"),
         ("turn_end", "You chose red."),
         ("shot", "done--after-question"), ("leave",)), worded=True),
}


def _fill(row: Row, words: dict[str, Any]) -> Row | None:
    """The row with the agent's words in it; None where a ``?`` row does not run (a
    ``?!`` row runs where the word is not true)."""
    if isinstance(row[0], str) and row[0].startswith("?!"):
        if words.get(row[0][2:]):
            return None
        row = row[1:]
    elif isinstance(row[0], str) and row[0].startswith("?"):
        if not words.get(row[0][1:]):
            return None
        row = row[1:]
    return tuple(a.of(words) if isinstance(a, W)
                 else a.format(**words) if isinstance(a, str) and "{" in a else a for a in row)


def register(agent: str, name: str, description: str, *, module: str, like: str | None = None,
             model: StepsFactory | None = None, **words: Any) -> None:
    """Register `agent`'s run of the shared scenario `like` (default: `name`) as its
    scenario `name`, of its driver `module` (``__name__`` there: the body is that
    module's, as if written in it)."""
    kind = like or name
    shared = SHARED[kind]
    if "after_refusal" in words:
        if words["after_refusal"] not in ("answer", "idle"):
            raise ValueError(f"{agent}:{name}: after a refusal, 'answer' or 'idle', not "
                             f"{words['after_refusal']!r}")
        words.update(refusal_answered=words["after_refusal"] == "answer",
                     refusal_stops=words["after_refusal"] == "idle")
    if kind == "long-command":
        words.setdefault("long_reply", words.get("refusal_reply"))
        words.setdefault("command", LONG_COMMAND)
    elif kind == "deny":
        words.setdefault("command", "rm -rf build")
    steps = tuple(r for r in (_fill(row, words) for row in shared.steps) if r is not None)
    answers = model or (shared.model(words) if shared.worded and shared.model else shared.model)
    assert answers is not None, f"{agent}:{name}: the model's answers are the agent's own"

    def body(c: Ctx) -> None:
        for verb, *args in steps:
            VERBS[verb](c, *args)

    body.__module__ = module
    body.__qualname__ = body.__name__ = f"{agent}_{name.replace('-', '_')}"
    scenario(agent, name, description, answers)(body)
