#!/usr/bin/env python3
"""A minimal MCP server over stdio (newline-delimited JSON-RPC 2.0), stdlib only.

It offers one tool, ``lookup``, that answers with a fixed text, so that an
agent shows its MCP tool-permission dialog. It is a standalone script (no
imports from this package) because agents start it as a subprocess:
``python tests/fakeapi/mcp_server.py``. It touches nothing but stdin/stdout.
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
    }
]


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


def main() -> int:
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        reply = handle(msg) if isinstance(msg, dict) else None
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
