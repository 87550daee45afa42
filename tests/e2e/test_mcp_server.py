"""The fake MCP server's form: ``survey`` asks the client (elicitation) before it returns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "harness" / "fakeapi" / "mcp_server.py"


def test_survey_asks_for_a_form_then_answers_the_call() -> None:
    p = subprocess.Popen([sys.executable, str(SERVER)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    assert p.stdin is not None and p.stdout is not None

    def send(msg: dict[str, object]) -> None:
        assert p.stdin is not None
        p.stdin.write(json.dumps(msg) + "\n")
        p.stdin.flush()

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        names = [t["name"] for t in json.loads(p.stdout.readline())["result"]["tools"]]
        assert names == ["lookup", "survey"]
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": "survey", "arguments": {}}})
        ask = json.loads(p.stdout.readline())
        assert ask["method"] == "elicitation/create" and ask["params"]["requestedSchema"]
        send({"jsonrpc": "2.0", "id": 3, "method": "ping"})  # still answers meanwhile
        assert json.loads(p.stdout.readline()) == {"jsonrpc": "2.0", "id": 3, "result": {}}
        send({"jsonrpc": "2.0", "id": ask["id"], "result": {"action": "decline"}})
        done = json.loads(p.stdout.readline())
        assert done["id"] == 2 and "decline" in done["result"]["content"][0]["text"]
    finally:
        p.stdin.close()
        assert p.wait(timeout=5) == 0
