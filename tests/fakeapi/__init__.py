"""A scripted fake LLM API for running real coding agents offline.

``FakeAPI`` serves Anthropic Messages, OpenAI Responses and OpenAI Chat
Completions on 127.0.0.1; a ``Scenario`` of steps (``Text``, ``ToolUse``,
``CustomToolUse``, ``Error``) answers the agent's main requests one by one.
Test support only: it is not part of the installed package.
"""

from .script import (
    CustomToolUse,
    Dynamic,
    Error,
    Request,
    Scenario,
    Step,
    Text,
    ToolUse,
    default_is_main,
)
from .server import Event, FakeAPI, summarize

__all__ = [
    "CustomToolUse",
    "Dynamic",
    "Error",
    "Event",
    "FakeAPI",
    "Request",
    "Scenario",
    "Step",
    "Text",
    "ToolUse",
    "default_is_main",
    "summarize",
]
