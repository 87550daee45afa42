#!/usr/bin/env python3
"""A minimal MCP server over stdio (newline-delimited JSON-RPC 2.0), stdlib only.

It offers two tools: ``lookup`` answers with a fixed text, so that an agent shows its
MCP tool-permission dialog; ``survey`` first asks the user to fill in a form (an
``elicitation/create`` request to the client, answered before the tool returns), so
that an agent shows its MCP input form. It is a standalone script (no
imports from this package) because agents start it as a subprocess:
``python harness/fakeapi/mcp_server.py``. It touches nothing but stdin/stdout.
"""

from __future__ import annotations

import json
import sys
from typing import Any

TOOLS = [
    {
        "name": "lookup",
        "description": "Look up a word in the project glossary.",
        "inputSchema": {
            "type": "object",
            "properties": {"query": {"type": "string", "description": "The word to look up"}},
            "required": ["query"],
        },
    },
    {
        "name": "survey",
        "description": "Ask the user about their preferences (a form), then report back.",
        "inputSchema": {"type": "object", "properties": {}},
    },
]
ELICIT_ID = "elicit-1"
FORM = {
    "message": "Tell the glossary about your project",
    "requestedSchema": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Project name"},
            "size": {"type": "string", "title": "Team size", "enum": ["small", "large"]},
        },
        "required": ["name"],
    },
}


def handle(msg: dict[str, Any]) -> dict[str, Any] | None:
    """Answer one JSON-RPC message (None for notifications)."""
    method = msg.get("method")
    mid = msg.get("id")
    if mid is None:
        return None
    params = msg.get("params") or {}
    result: Any
    if method == "initialize":
        result = {
            "protocolVersion": params.get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "glossary", "version": "1.0.0"},
        }
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        query = str((params.get("arguments") or {}).get("query", ""))
        result = {"content": [{"type": "text", "text": f"{query}: a word from the glossary."}], "isError": False}
    elif method in ("ping", "resources/list", "prompts/list", "resources/templates/list"):
        result = {} if method == "ping" else {method.split("/")[0]: []}
        if method == "resources/templates/list":
            result = {"resourceTemplates": []}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"no method {method}"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}


def send(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def main() -> int:
    survey: Any = None  # the id of a survey call waiting for the form's answer
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if not isinstance(msg, dict):
            continue
        if msg.get("id") == ELICIT_ID and "method" not in msg and survey is not None:
            answer = msg.get("result") or {}
            send({"jsonrpc": "2.0", "id": survey, "result": {"content": [
                {"type": "text", "text": f"form answer: {json.dumps(answer)}"}], "isError": False}})
            survey = None
            continue
        params = msg.get("params") or {}
        if msg.get("method") == "tools/call" and params.get("name") == "survey":
            survey = msg.get("id")
            send({"jsonrpc": "2.0", "id": ELICIT_ID, "method": "elicitation/create",
                  "params": FORM})
            continue
        reply = handle(msg)
        if reply is not None:
            send(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
