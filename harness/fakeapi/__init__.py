"""A scripted fake LLM API for running real coding agents offline.

``FakeAPI`` serves Anthropic Messages, OpenAI Responses, OpenAI Chat
Completions and Gemini generateContent on 127.0.0.1; a ``Scenario`` of steps
(``Text``, ``ToolUse``, ``CustomToolUse``, ``Error``, ``Dynamic``) answers the
agent's main requests one by one. ``mcp_server.py`` is a tiny stdio MCP server
for tool-permission dialogs. Test support only: not part of the installed
package.
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
