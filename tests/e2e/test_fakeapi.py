"""Tests of the scripted fake LLM API (harness/fakeapi) through a plain HTTP client."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from typing import Any

import pytest
import require
from fakeapi import CustomToolUse, Dynamic, Error, FakeAPI, Request, Scenario, Text, ToolUse

TOOLS = [{"name": "Bash", "input_schema": {"type": "object"}}]


def post(api: FakeAPI, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10)
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def get(api: FakeAPI, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def parse_sse(raw: bytes) -> list[tuple[str | None, str]]:
    """Split an SSE body into (event, data) pairs; every event must end with a blank line."""
    text = raw.decode()
    assert text.endswith("\n\n")
    out: list[tuple[str | None, str]] = []
    for block in text.split("\n\n")[:-1]:
        event = None
        data: list[str] = []
        for line in block.split("\n"):
            field, _, value = line.partition(": ")
            if field == "event":
                event = value
            elif field == "data":
                data.append(value)
            else:
                raise AssertionError(f"unexpected SSE line {line!r}")
        out.append((event, "\n".join(data)))
    return out


def messages(text: str = "hi", stream: bool = True, tools: list[Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "claude-test", "stream": stream, "messages": [{"role": "user", "content": text}]}
    if tools is not None:
        body["tools"] = tools
    return body


# --------------------------------------------------------------------------- Anthropic


def test_anthropic_stream_text_frames_in_order() -> None:
    with FakeAPI(Scenario([Text("Hello, world! " * 3, chunk_size=5)])) as api:
        status, headers, raw = post(api, "/v1/messages?beta=true", messages(tools=TOOLS))
    assert status == 200
    assert headers["content-type"] == "text/event-stream"
    assert headers["transfer-encoding"] == "chunked"
    events = parse_sse(raw)
    names = [e for e, _ in events]
    assert names[0] == "message_start"
    assert names[-2:] == ["message_delta", "message_stop"]
    assert names.count("content_block_start") == names.count("content_block_stop") == 1
    for name, data in events:
        assert json.loads(data)["type"] == name
    deltas = [json.loads(d)["delta"] for e, d in events if e == "content_block_delta"]
    assert all(d["type"] == "text_delta" and len(d["text"]) <= 5 for d in deltas)
    assert "".join(d["text"] for d in deltas) == "Hello, world! " * 3
    start = json.loads(events[0][1])["message"]
    assert start["role"] == "assistant" and start["content"] == [] and start["model"] == "claude-test"
    assert json.loads(events[-2][1])["delta"]["stop_reason"] == "end_turn"


def test_anthropic_stream_tool_use_input_reassembles() -> None:
    tool_input = {"command": "ls -la /tmp", "description": "List files"}
    step = ToolUse("Bash", tool_input, text="Let me look.", thinking="Hmm.", chunk_size=4)
    with FakeAPI(Scenario([step])) as api:
        _, _, raw = post(api, "/v1/messages", messages(tools=TOOLS))
    events = [json.loads(d) for _, d in parse_sse(raw)]
    starts = [e["content_block"] for e in events if e["type"] == "content_block_start"]
    assert [b["type"] for b in starts] == ["thinking", "text", "tool_use"]
    assert starts[2]["name"] == "Bash" and starts[2]["id"] == step.call_id and starts[2]["input"] == {}
    parts = [e["delta"]["partial_json"] for e in events if e["type"] == "content_block_delta" and e["index"] == 2]
    assert json.loads("".join(parts)) == tool_input
    kinds = {e["delta"]["type"] for e in events if e["type"] == "content_block_delta"}
    assert kinds == {"thinking_delta", "signature_delta", "text_delta", "input_json_delta"}
    assert next(e for e in events if e["type"] == "message_delta")["delta"]["stop_reason"] == "tool_use"


def test_anthropic_non_streaming_message() -> None:
    with FakeAPI(Scenario([ToolUse("Write", {"file_path": "/x", "content": "y"}, text="ok")])) as api:
        status, headers, raw = post(api, "/v1/messages", messages(stream=False, tools=TOOLS))
    assert status == 200 and headers["content-type"] == "application/json"
    msg = json.loads(raw)
    assert msg["type"] == "message" and msg["stop_reason"] == "tool_use"
    assert [b["type"] for b in msg["content"]] == ["text", "tool_use"]
    assert msg["content"][1]["input"] == {"file_path": "/x", "content": "y"}
    assert int(headers["content-length"]) == len(raw)


def test_side_requests_do_not_consume_steps() -> None:
    sc = Scenario([Text("first"), Text("second")], side_text="side answer", exhausted_text="nothing left")
    with FakeAPI(sc) as api:
        main1 = post(api, "/v1/messages", messages(stream=False, tools=TOOLS))[2]
        side = post(api, "/v1/messages", messages("Generate a title", stream=False))[2]
        main2 = post(api, "/v1/messages", messages(stream=False, tools=TOOLS))[2]
        main3 = post(api, "/v1/messages", messages(stream=False, tools=TOOLS))[2]
        texts = [json.loads(r)["content"][0]["text"] for r in (main1, side, main2, main3)]
        assert texts == ["first", "side answer", "second", "nothing left"]
        assert [r.step for r in api.requests] == [0, None, 1, None]
        assert [r.main for r in api.requests] == [True, False, True, True]
        assert "Generate a title" in api.requests[1].summary
        assert sc.consumed == 2


def test_claude_compaction_request_is_a_side_call() -> None:
    compact = messages("CRITICAL: Respond with TEXT ONLY. Do NOT call any tools.", stream=False, tools=TOOLS)
    with FakeAPI(Scenario([Text("main")], side_text="<summary>s</summary>")) as api:
        raw = post(api, "/v1/messages", compact)[2]
        assert json.loads(raw)["content"][0]["text"] == "<summary>s</summary>"
        assert api.scenario.consumed == 0 and not api.requests[0].main


def test_structured_side_request_gets_json_matching_its_schema() -> None:
    schema = {"type": "OBJECT", "properties": {"score": {"type": "INTEGER"}, "why": {"type": "STRING"},
                                                "mode": {"type": "STRING", "enum": ["flash", "pro"]}},
              "required": ["score", "why", "mode"]}
    body = {"contents": [{"role": "user", "parts": [{"text": "route me"}]}],
            "generationConfig": {"responseMimeType": "application/json", "responseJsonSchema": schema}}
    with FakeAPI() as api:
        status, _, raw = post(api, "/v1beta/models/gemini-test:generateContent", body)
    assert status == 200
    answer = json.loads(json.loads(raw)["candidates"][0]["content"]["parts"][0]["text"])
    assert answer == {"score": 10, "why": "fake", "mode": "flash"}


def test_gemini_stream_function_call() -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "go"}]}], "tools": [{"functionDeclarations": [{}]}]}
    step = ToolUse("run_shell_command", {"command": "ls"}, text="Listing.", chunk_size=3)
    with FakeAPI(Scenario([step])) as api:
        status, _, raw = post(api, "/v1beta/models/gemini-test:streamGenerateContent?alt=sse", body)
        assert "model=gemini-test" in api.requests[0].summary and api.requests[0].step == 0
    assert status == 200
    chunks = [json.loads(d) for _, d in parse_sse(raw)]
    parts = [p for c in chunks for p in c["candidates"][0]["content"]["parts"]]
    assert "".join(p.get("text", "") for p in parts) == "Listing."
    assert [p["functionCall"] for p in parts if "functionCall" in p] == [
        {"name": "run_shell_command", "args": {"command": "ls"}, "id": step.call_id}
    ]
    assert chunks[-1]["candidates"][0]["finishReason"] == "STOP"


def test_error_step_answers_with_status_and_json() -> None:
    with FakeAPI(Scenario([Error(status=529, message="Overloaded")])) as api:
        status, _, raw = post(api, "/v1/messages", messages(tools=TOOLS))
    assert status == 529
    assert json.loads(raw) == {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}


def test_dynamic_step_sees_the_request() -> None:
    def make(req: Request) -> Text:
        return Text("you said " + req.body["messages"][-1]["content"])

    with FakeAPI(Scenario([Dynamic(make)])) as api:
        raw = post(api, "/v1/messages", messages("plan file /a/b.md", stream=False, tools=TOOLS))[2]
    assert json.loads(raw)["content"][0]["text"] == "you said plan file /a/b.md"


# --------------------------------------------------------------------------- OpenAI


def test_responses_stream_function_call() -> None:
    step = ToolUse("shell", {"command": ["bash", "-lc", "ls"]}, text="Running.", chunk_size=3)
    body = {"model": "gpt-5", "stream": True, "input": [{"role": "user", "content": "go"}], "tools": TOOLS}
    with FakeAPI(Scenario([step])) as api:
        status, _, raw = post(api, "/v1/responses", body)
    assert status == 200
    events = parse_sse(raw)
    for name, data in events:
        assert json.loads(data)["type"] == name
    names = [e for e, _ in events]
    assert names[0] == "response.created" and names[-1] == "response.completed"
    done = [json.loads(d)["item"] for e, d in events if e == "response.output_item.done"]
    assert [i["type"] for i in done] == ["message", "function_call"]
    assert done[0]["content"][0]["text"] == "Running."
    assert json.loads(done[1]["arguments"]) == {"command": ["bash", "-lc", "ls"]}
    assert done[1]["call_id"] == step.call_id
    args = "".join(json.loads(d)["delta"] for e, d in events if e == "response.function_call_arguments.delta")
    assert args == done[1]["arguments"]
    text = "".join(json.loads(d)["delta"] for e, d in events if e == "response.output_text.delta")
    assert text == "Running."
    completed = json.loads(events[-1][1])["response"]
    assert completed["status"] == "completed" and completed["usage"]["total_tokens"] > 0
    assert [i["type"] for i in completed["output"]] == ["message", "function_call"]


def test_responses_custom_tool_call() -> None:
    patch = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch\n"
    body = {"model": "gpt-5", "stream": True, "input": "go", "tools": TOOLS}
    with FakeAPI(Scenario([CustomToolUse("apply_patch", patch)])) as api:
        raw = post(api, "/v1/responses", body)[2]
    done = [json.loads(d)["item"] for e, d in parse_sse(raw) if e == "response.output_item.done"]
    assert done == [dict(done[0], type="custom_tool_call", name="apply_patch", input=patch)]


def test_chat_completions_stream() -> None:
    body = {"model": "gpt-4o", "stream": True, "messages": [{"role": "user", "content": "hello"}]}
    with FakeAPI(Scenario([Text("Sure thing.", chunk_size=4)])) as api:
        status, _, raw = post(api, "/v1/chat/completions", body)
    assert status == 200
    events = parse_sse(raw)
    assert all(e is None for e, _ in events)
    assert events[-1][1] == "[DONE]"
    chunks = [json.loads(d) for _, d in events[:-1]]
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    assert text == "Sure thing."
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
    assert {c["object"] for c in chunks} == {"chat.completion.chunk"}


def test_chat_completions_stream_tool_call_in_pieces() -> None:
    """What Copilot CLI and Pi read: text, then a tool call whose arguments arrive in
    several deltas of one ``index``, ``finish_reason: "tool_calls"``, then ``[DONE]``."""
    tools = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
    body = {"model": "gpt-4.1", "stream": True, "tools": tools,
            "messages": [{"role": "user", "content": "run it"}]}
    step = ToolUse("bash", {"command": "sleep 3 && echo finished", "description": "Wait"},
                   text="I will run it.", chunk_size=6)
    with FakeAPI(Scenario([step])) as api:
        raw = post(api, "/v1/chat/completions", body)[2]
        assert api.scenario.consumed == 1
    events = parse_sse(raw)
    assert events[-1][1] == "[DONE]"
    chunks = [json.loads(d) for _, d in events[:-1]]
    calls = [c["choices"][0]["delta"]["tool_calls"][0] for c in chunks if "tool_calls" in c["choices"][0]["delta"]]
    assert calls[0]["id"] == step.call_id and calls[0]["function"]["name"] == "bash"
    assert {c["index"] for c in calls} == {0}
    pieces = [c["function"]["arguments"] for c in calls if c["function"].get("arguments")]
    assert len(pieces) > 2 and json.loads("".join(pieces)) == step.input
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks)
    assert text == "I will run it."
    assert [c["choices"][0]["finish_reason"] for c in chunks][-1] == "tool_calls"
    assert all(c["choices"][0]["finish_reason"] is None for c in chunks[:-1])


def test_chat_commit_message_request_is_a_side_call() -> None:
    commit = {"model": "gpt-4o", "stream": False,
              "messages": [{"role": "system", "content": "Write a one-line Git commit message."}]}
    with FakeAPI(Scenario([Text("main answer")], side_text="fix: thing")) as api:
        raw = post(api, "/v1/chat/completions", commit)[2]
        assert json.loads(raw)["choices"][0]["message"]["content"] == "fix: thing"
        assert api.scenario.consumed == 0


# --------------------------------------------------------------------------- server behaviour


def test_other_endpoints_and_unknown_paths_are_logged() -> None:
    with FakeAPI() as api:
        status, raw = get(api, "/v1/models")
        assert status == 200 and any(m["id"].startswith("claude") for m in json.loads(raw)["data"])
        assert json.loads(post(api, "/v1/messages/count_tokens", messages())[2]) == {"input_tokens": 100}
        assert get(api, "/v1/nothing-here")[0] == 404
        assert post(api, "/api/event_logging/batch", {"events": []})[0] == 200
        assert api.unknown == ["GET /v1/nothing-here", "POST /api/event_logging/batch"]


def test_gate_holds_the_answer_until_released() -> None:
    with FakeAPI(Scenario([Text("late", gate="g")])) as api:
        result: list[bytes] = []
        t = threading.Thread(target=lambda: result.append(post(api, "/v1/messages", messages(tools=TOOLS))[2]))
        t.start()
        api.wait_for("request", step=0, timeout=10)
        with pytest.raises(TimeoutError):
            api.wait_for("response_start", timeout=0.3)
        api.release("g")
        t.join(10)
        assert b"late" in result[0]
        api.wait_for("response_end", timeout=10)  # recorded just after the last byte went out
        kinds = [e.kind for e in api.events]
        assert kinds == ["request", "response_start", "response_end"]
        times = [e.t for e in api.events]
        assert times == sorted(times)


def test_chunked_framing_on_the_wire() -> None:
    with FakeAPI(Scenario([Text("x")])) as api:
        s = socket.create_connection(("127.0.0.1", api.port), timeout=10)
        body = json.dumps(messages(tools=TOOLS)).encode()
        s.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
        s.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    assert b"Transfer-Encoding: chunked" in head
    payload = b""
    while True:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            assert rest == b"\r\n"
            break
        payload += rest[:size]
        assert rest[size : size + 2] == b"\r\n"
        rest = rest[size + 2 :]
    assert parse_sse(payload)[-1][0] == "message_stop"


def test_client_that_hangs_up_mid_stream_is_recorded() -> None:
    with FakeAPI(Scenario([Text("y" * 400, chunk_size=1, chunk_delay=0.01)])) as api:
        s = socket.create_connection(("127.0.0.1", api.port), timeout=10)
        body = json.dumps(messages(tools=TOOLS)).encode()
        s.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        api.wait_for("response_start", timeout=10)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
        ev = api.wait_for("aborted", timeout=10)
        assert ev.step == 0
        assert not [e for e in api.events if e.kind == "response_end"]


def test_binds_loopback_only() -> None:
    with pytest.raises(ValueError):
        FakeAPI(host="0.0.0.0")
    api = FakeAPI()
    try:
        assert api.base_url == f"http://127.0.0.1:{api.port}" and api.port > 0
    finally:
        api.stop()


# --------------------------------------------------------------------------- real agents


def _drive(agent: str, make_cmd: Any, ready: str, steps: list[Any], **kw: Any) -> tuple[FakeAPI, str]:
    """Start ``agent`` against the fake API, send one prompt, return the API and the final screen."""
    from agentrun import AgentRun, Sandbox

    require.agent(agent)
    sb = Sandbox.create(prefix=f"test-{agent}-")
    api = FakeAPI(Scenario(steps)).start()
    try:
        argv, env = make_cmd(sb, api.base_url, **kw)
        with AgentRun(argv, env=env, cwd=sb.work) as run:
            run.wait(ready, 60, settle=0.5)
            run.type("ping the fake api")
            time.sleep(0.3)  # Enter right after the text would read as part of a paste
            run.key("enter")
            screen = run.wait("PONG-4711", 60)
        return api, screen
    finally:
        api.stop()
        sb.cleanup()


@pytest.mark.agent
def test_claude_code_talks_to_the_fake_api() -> None:
    from agentrun import claude_command

    api, screen = _drive("claude", claude_command, "manual mode on", [Text("PONG-4711")])
    main = api.main_requests()
    assert main and main[0].step == 0 and main[0].api == "anthropic"
    assert "ping the fake api" in main[0].summary
    assert "PONG-4711" in screen


@pytest.mark.agent
def test_codex_talks_to_the_fake_api() -> None:
    from agentrun import codex_command

    api, screen = _drive("codex", codex_command, "Ask Codex to do anything", [Text("PONG-4711")])
    main = api.main_requests()
    assert main and main[0].step == 0 and main[0].api == "responses"
    assert "ping the fake api" in main[0].summary
    assert "PONG-4711" in screen


@pytest.mark.agent
def test_aider_talks_to_the_fake_api() -> None:
    from agentrun import aider_command

    api, screen = _drive("aider", aider_command, "\n>", [Text("PONG-4711")])
    main = api.main_requests()
    assert main and main[0].step == 0 and main[0].api == "chat"
    assert "ping the fake api" in main[0].summary
    assert "PONG-4711" in screen


@pytest.mark.agent
def test_gemini_cli_talks_to_the_fake_api() -> None:
    from agentrun import gemini_command

    api, screen = _drive("gemini", gemini_command, "Type your message", [Text("PONG-4711")])
    main = api.main_requests()
    assert main and main[0].step == 0 and main[0].api == "gemini"
    assert "ping the fake api" in main[0].summary
    assert "PONG-4711" in screen
