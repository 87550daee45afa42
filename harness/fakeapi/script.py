"""Scripted model turns for the fake LLM API.

A :class:`Scenario` is an ordered list of steps. Each step answers the next
*main* model request (one that belongs to the agent's conversation loop);
side requests (title generation, quota probes, summaries, commit messages)
are answered with a short generic text and do not consume a step.

This module only describes answers. Encoding them as Server-Sent Events for a
given wire API lives in :mod:`fakeapi.wire`; serving them lives in
:mod:`fakeapi.server`.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

_ids = itertools.count(1)


def new_id(prefix: str) -> str:
    """Return a process-unique identifier such as ``toolu_000007``."""
    return f"{prefix}_{next(_ids):06d}"


@dataclass(frozen=True, kw_only=True)
class Timing:
    """When and how fast an answer is streamed.

    ``pause``: seconds of silence before the response headers are sent (a long
    silent working phase). ``gate``: name of a gate the answer waits for
    (:meth:`fakeapi.server.FakeAPI.release`) before the pause starts, so that a
    test decides when the model "answers". ``chunk_delay``: seconds between
    streamed chunks; ``chunk_size``: characters of text per chunk.
    """

    pause: float = 0.0
    gate: str | None = None
    chunk_delay: float = 0.0
    chunk_size: int = 12


@dataclass(frozen=True)
class Text(Timing):
    """A plain assistant text answer that ends the turn."""

    text: str
    thinking: str = ""


@dataclass(frozen=True)
class ToolUse(Timing):
    """A tool call (Anthropic ``tool_use`` block / OpenAI ``function_call`` item).

    ``text`` is optional assistant text streamed before the call. ``name`` and
    ``input`` are passed as given: for Claude Code e.g. ``Bash`` with
    ``{"command": ..., "description": ...}``; for Codex the function name it
    offered in the request's ``tools`` (e.g. ``shell``).
    """

    name: str
    input: dict[str, Any]
    text: str = ""
    thinking: str = ""
    call_id: str = field(default_factory=lambda: new_id("toolu"))


@dataclass(frozen=True)
class CustomToolUse(Timing):
    """An OpenAI Responses ``custom_tool_call`` (free-form input, e.g. ``apply_patch``)."""

    name: str
    input: str
    text: str = ""
    call_id: str = field(default_factory=lambda: new_id("call"))


@dataclass(frozen=True)
class Error(Timing):
    """An HTTP error answer (e.g. 529 overloaded, 429 rate limited)."""

    status: int = 500
    message: str = "internal error"




@dataclass
class Request:
    """One request as the server received it (body parsed as JSON if possible)."""

    api: str
    method: str
    path: str
    body: Any
    t: float
    main: bool = False
    step: int | None = None
    summary: str = ""


@dataclass(frozen=True)
class Dynamic:
    """A step decided when its request arrives: ``make(request)`` returns the real step.

    For answers that depend on what the agent sent (a path it chose, an id).
    """

    make: Callable[[Request], Text | ToolUse | CustomToolUse | Error]


Step = Text | ToolUse | CustomToolUse | Error | Dynamic


MainPredicate = Callable[[Request], bool]


def default_is_main(req: Request) -> bool:
    """Guess whether a request belongs to the agent's conversation loop.

    Anthropic, OpenAI Responses and Gemini: a request that offers tools (Gemini:
    function declarations) is a main turn; title/quota/summary side calls offer none (Claude Code's compaction
    request offers tools but forbids them: side). Chat Completions (Aider,
    which uses no tools): everything except commit-message and summary calls.
    """
    body = req.body if isinstance(req.body, dict) else {}
    if req.api == "anthropic" and body.get("tools"):
        # Claude Code's /compact keeps the tools but forbids calling them.
        last = _all_text((body.get("messages") or [])[-1:])
        return "Do NOT call any tools" not in last
    if req.api == "gemini":
        # Gemini CLI's web_fetch (0.56) asks the model again with only the urlContext
        # tool: a side request; the conversation offers function declarations.
        tools = body.get("tools") or []
        return any(isinstance(t, dict) and t.get("functionDeclarations") for t in tools)
    if req.api in ("anthropic", "responses"):
        return bool(body.get("tools"))
    if req.api == "chat":
        text = _all_text(body.get("messages", []))[:4000].lower()
        return "commit message" not in text and "summarize" not in text
    return False


def _all_text(messages: Sequence[Any]) -> str:
    out: list[str] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        c = m.get("content")
        if isinstance(c, str):
            out.append(c)
        elif isinstance(c, list):
            out.extend(str(p.get("text", "")) for p in c if isinstance(p, dict))
    return "\n".join(out)


class Scenario:
    """An ordered script of steps consumed one per main request (thread-safe)."""

    def __init__(
        self,
        steps: Sequence[Step],
        *,
        name: str = "scenario",
        is_main: MainPredicate = default_is_main,
        side_text: str = "OK",
        side_pause: float = 0.0,
        exhausted_text: str = "Done.",
    ) -> None:
        self.name = name
        self.steps: list[Step] = list(steps)
        self.is_main = is_main
        self.side_text = side_text
        self.side_pause = side_pause
        self.exhausted_text = exhausted_text
        self._next = 0
        self._lock = threading.Lock()

    @property
    def consumed(self) -> int:
        """How many steps have been handed out so far."""
        with self._lock:
            return self._next

    def take(self) -> tuple[int | None, Step | None]:
        """Return ``(index, step)`` for the next main request, or ``(None, None)``."""
        with self._lock:
            if self._next >= len(self.steps):
                return None, None
            i = self._next
            self._next += 1
            return i, self.steps[i]
