"""Encode scripted steps as the wire formats of three LLM APIs.

- Anthropic Messages (``POST /v1/messages``): Server-Sent Events
  ``message_start``, ``content_block_start/delta/stop`` (text, thinking and
  ``tool_use`` with ``input_json_delta``), ``message_delta``, ``message_stop``;
  or one JSON message when ``stream`` is false.
- OpenAI Responses (``POST /v1/responses``): ``response.created``,
  ``response.output_item.added/done``, ``response.output_text.delta``,
  ``response.function_call_arguments.delta``, ``response.completed``, ...
- OpenAI Chat Completions (``POST /v1/chat/completions``): ``data:`` chunks and
  ``data: [DONE]``.
- Gemini (``POST /v1beta/models/<model>:streamGenerateContent?alt=sse`` and
  ``:generateContent``): ``data:`` chunks of ``candidates`` with text and
  ``functionCall`` parts.

Pure functions, no I/O: :func:`encode` returns the status, content type and a
list of body segments; a segment flagged ``True`` is a streamed delta before
which the server waits ``chunk_delay``. Serving is :mod:`fakeapi.server`'s job.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from .script import CustomToolUse, Error, Step, Text, ToolUse, new_id

Segment = tuple[bytes, bool]


@dataclass
class Encoded:
    """A response ready to send: HTTP status, content type, body segments."""

    status: int
    content_type: str
    segments: list[Segment]

    @property
    def body(self) -> bytes:
        """All segments joined (what a client reads in the end)."""
        return b"".join(s for s, _ in self.segments)


def chunks(text: str, size: int) -> list[str]:
    """Split ``text`` into pieces of at most ``size`` characters (at least one piece)."""
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def sse(event: str | None, data: Any) -> bytes:
    """Frame one Server-Sent Event; ``data`` is JSON-encoded unless it is a str."""
    payload = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)


# --------------------------------------------------------------------------- Anthropic


def _anthropic_blocks(step: Text | ToolUse) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if step.thinking:
        blocks.append({"type": "thinking", "thinking": step.thinking, "signature": "c2lnbmF0dXJl"})
    text = step.text
    if text:
        blocks.append({"type": "text", "text": text})
    if isinstance(step, ToolUse):
        blocks.append({"type": "tool_use", "id": step.call_id, "name": step.name, "input": step.input})
    return blocks


def anthropic_message(step: Text | ToolUse, model: str) -> dict[str, Any]:
    """The non-streaming Messages API answer for ``step``."""
    blocks = _anthropic_blocks(step)
    return {
        "id": new_id("msg"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": "tool_use" if isinstance(step, ToolUse) else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": 100,
            "output_tokens": _tokens(json.dumps(blocks)),
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }


def anthropic_stream(step: Text | ToolUse, model: str) -> list[Segment]:
    """The streaming Messages API answer for ``step`` as SSE segments."""
    msg = anthropic_message(step, model)
    start = dict(msg, content=[], stop_reason=None)
    start["usage"] = dict(msg["usage"], output_tokens=1)
    out: list[Segment] = [(sse("message_start", {"type": "message_start", "message": start}), False)]
    out.append((sse("ping", {"type": "ping"}), False))
    for i, block in enumerate(msg["content"]):
        kind = block["type"]
        if kind == "thinking":
            first = {"type": "thinking", "thinking": "", "signature": ""}
            pieces = [("thinking_delta", "thinking", p) for p in chunks(block["thinking"], step.chunk_size)]
            pieces.append(("signature_delta", "signature", block["signature"]))
        elif kind == "text":
            first = {"type": "text", "text": ""}
            pieces = [("text_delta", "text", p) for p in chunks(block["text"], step.chunk_size)]
        else:
            first = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            js = json.dumps(block["input"])
            pieces = [("input_json_delta", "partial_json", p) for p in chunks(js, step.chunk_size)]
        out.append(
            (sse("content_block_start", {"type": "content_block_start", "index": i, "content_block": first}), False)
        )
        for dtype, key, piece in pieces:
            delta = {"type": "content_block_delta", "index": i, "delta": {"type": dtype, key: piece}}
            out.append((sse("content_block_delta", delta), True))
        out.append((sse("content_block_stop", {"type": "content_block_stop", "index": i}), False))
    out.append(
        (
            sse(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": msg["stop_reason"], "stop_sequence": None},
                    "usage": {"output_tokens": msg["usage"]["output_tokens"]},
                },
            ),
            False,
        )
    )
    out.append((sse("message_stop", {"type": "message_stop"}), False))
    return out


# --------------------------------------------------------------------------- OpenAI Responses


def _responses_items(step: Text | ToolUse | CustomToolUse) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    thinking = getattr(step, "thinking", "")
    if thinking:
        items.append(
            {
                "type": "reasoning",
                "id": new_id("rs"),
                "summary": [{"type": "summary_text", "text": thinking}],
                "content": [],
                "encrypted_content": None,
            }
        )
    if step.text:
        items.append(
            {
                "type": "message",
                "id": new_id("msg"),
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": step.text, "annotations": []}],
            }
        )
    if isinstance(step, ToolUse):
        items.append(
            {
                "type": "function_call",
                "id": new_id("fc"),
                "status": "completed",
                "call_id": step.call_id,
                "name": step.name,
                "arguments": json.dumps(step.input),
            }
        )
    elif isinstance(step, CustomToolUse):
        items.append(
            {
                "type": "custom_tool_call",
                "id": new_id("ctc"),
                "status": "completed",
                "call_id": step.call_id,
                "name": step.name,
                "input": step.input,
            }
        )
    return items


def _responses_object(model: str, rid: str, status: str, output: list[dict[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "id": rid,
        "object": "response",
        "created_at": int(time.time()),
        "status": status,
        "model": model,
        "output": output,
    }
    if status == "completed":
        out_tokens = _tokens(json.dumps(output))
        obj["usage"] = {
            "input_tokens": 100,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": out_tokens,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 100 + out_tokens,
        }
    return obj


def responses_stream(step: Text | ToolUse | CustomToolUse, model: str) -> list[Segment]:
    """The streaming Responses API answer for ``step`` as SSE segments."""
    rid = new_id("resp")
    items = _responses_items(step)
    out: list[Segment] = []

    def ev(name: str, **data: Any) -> None:
        out.append((sse(name, {"type": name, **data}), False))

    def delta(name: str, **data: Any) -> None:
        out.append((sse(name, {"type": name, **data}), True))

    ev("response.created", response=_responses_object(model, rid, "in_progress", []))
    ev("response.in_progress", response=_responses_object(model, rid, "in_progress", []))
    for oi, item in enumerate(items):
        iid = item["id"]
        kind = item["type"]
        if kind == "message":
            text = item["content"][0]["text"]
            ev("response.output_item.added", output_index=oi, item=dict(item, status="in_progress", content=[]))
            part = {"type": "output_text", "text": "", "annotations": []}
            ev("response.content_part.added", item_id=iid, output_index=oi, content_index=0, part=part)
            for p in chunks(text, step.chunk_size):
                delta("response.output_text.delta", item_id=iid, output_index=oi, content_index=0, delta=p)
            ev("response.output_text.done", item_id=iid, output_index=oi, content_index=0, text=text)
            ev("response.content_part.done", item_id=iid, output_index=oi, content_index=0, part=item["content"][0])
        elif kind == "reasoning":
            text = item["summary"][0]["text"]
            ev("response.output_item.added", output_index=oi, item=dict(item, summary=[]))
            ev(
                "response.reasoning_summary_part.added",
                item_id=iid,
                output_index=oi,
                summary_index=0,
                part={"type": "summary_text", "text": ""},
            )
            for p in chunks(text, step.chunk_size):
                delta("response.reasoning_summary_text.delta", item_id=iid, output_index=oi, summary_index=0, delta=p)
            ev("response.reasoning_summary_text.done", item_id=iid, output_index=oi, summary_index=0, text=text)
        elif kind == "function_call":
            ev("response.output_item.added", output_index=oi, item=dict(item, status="in_progress", arguments=""))
            for p in chunks(item["arguments"], step.chunk_size):
                delta("response.function_call_arguments.delta", item_id=iid, output_index=oi, delta=p)
            ev("response.function_call_arguments.done", item_id=iid, output_index=oi, arguments=item["arguments"])
        else:
            ev("response.output_item.added", output_index=oi, item=dict(item, status="in_progress", input=""))
            for p in chunks(item["input"], step.chunk_size):
                delta("response.custom_tool_call_input.delta", item_id=iid, output_index=oi, delta=p)
            ev("response.custom_tool_call_input.done", item_id=iid, output_index=oi, input=item["input"])
        ev("response.output_item.done", output_index=oi, item=item)
    ev("response.completed", response=_responses_object(model, rid, "completed", items))
    return out


# --------------------------------------------------------------------------- Chat Completions


def chat_stream(step: Text | ToolUse, model: str) -> list[Segment]:
    """The streaming Chat Completions answer for ``step`` as ``data:`` segments."""
    cid = new_id("chatcmpl")
    created = int(time.time())

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    out: list[Segment] = [(sse(None, chunk({"role": "assistant", "content": ""})), False)]
    if step.text:
        out += [(sse(None, chunk({"content": p})), True) for p in chunks(step.text, step.chunk_size)]
    finish = "stop"
    if isinstance(step, ToolUse):
        finish = "tool_calls"
        call = {"index": 0, "id": step.call_id, "type": "function", "function": {"name": step.name, "arguments": ""}}
        out.append((sse(None, chunk({"tool_calls": [call]})), False))
        for p in chunks(json.dumps(step.input), step.chunk_size):
            out.append((sse(None, chunk({"tool_calls": [{"index": 0, "function": {"arguments": p}}]})), True))
    final = chunk({}, finish)
    # (with its cached part, as the real API sends it: a client may read it unchecked)
    final["usage"] = {"prompt_tokens": 100, "completion_tokens": _tokens(step.text), "total_tokens": 100 + _tokens(step.text),
                      "prompt_tokens_details": {"cached_tokens": 0}}
    out.append((sse(None, final), False))
    out.append((sse(None, "[DONE]"), False))
    return out


def chat_message(step: Text | ToolUse, model: str) -> dict[str, Any]:
    """The non-streaming Chat Completions answer for ``step``."""
    message: dict[str, Any] = {"role": "assistant", "content": step.text or None}
    finish = "stop"
    if isinstance(step, ToolUse):
        finish = "tool_calls"
        message["tool_calls"] = [
            {"id": step.call_id, "type": "function", "function": {"name": step.name, "arguments": json.dumps(step.input)}}
        ]
    return {
        "id": new_id("chatcmpl"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 100, "completion_tokens": _tokens(step.text), "total_tokens": 100 + _tokens(step.text)},
    }


# --------------------------------------------------------------------------- Gemini


def _gemini_parts(step: Text | ToolUse) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    if step.thinking:
        parts.append({"text": step.thinking, "thought": True})
    if step.text:
        parts.append({"text": step.text})
    if isinstance(step, ToolUse):
        parts.append({"functionCall": {"name": step.name, "args": step.input, "id": step.call_id}})
    return parts


def _gemini_chunk(parts: list[dict[str, Any]], model: str, finish: str | None, tokens: int) -> dict[str, Any]:
    cand: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if finish:
        cand["finishReason"] = finish
    return {
        "candidates": [cand],
        "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": tokens, "totalTokenCount": 100 + tokens},
        "modelVersion": model,
        "responseId": "fake-response",
    }


def gemini_stream(step: Text | ToolUse, model: str) -> list[Segment]:
    """The streaming Gemini ``streamGenerateContent?alt=sse`` answer as ``data:`` segments."""
    out: list[Segment] = []
    if step.thinking:
        for p in chunks(step.thinking, step.chunk_size):
            out.append((sse(None, _gemini_chunk([{"text": p, "thought": True}], model, None, 1)), True))
    if step.text:
        for p in chunks(step.text, step.chunk_size):
            out.append((sse(None, _gemini_chunk([{"text": p}], model, None, 1)), True))
    tail: list[dict[str, Any]] = []
    if isinstance(step, ToolUse):
        tail.append({"functionCall": {"name": step.name, "args": step.input, "id": step.call_id}})
    out.append((sse(None, _gemini_chunk(tail or [{"text": ""}], model, "STOP", _tokens(step.text))), False))
    return out


def gemini_message(step: Text | ToolUse, model: str) -> dict[str, Any]:
    """The non-streaming Gemini ``generateContent`` answer."""
    return _gemini_chunk(_gemini_parts(step), model, "STOP", _tokens(step.text))


# --------------------------------------------------------------------------- dispatch


def error_body(api: str, err: Error) -> dict[str, Any]:
    """The error JSON each API family uses."""
    if api == "gemini":
        return {"error": {"code": err.status, "message": err.message, "status": "INTERNAL"}}
    if api == "anthropic":
        kind = {429: "rate_limit_error", 529: "overloaded_error", 401: "authentication_error"}.get(
            err.status, "api_error"
        )
        return {"type": "error", "error": {"type": kind, "message": err.message}}
    return {"error": {"message": err.message, "type": "server_error", "code": str(err.status)}}


def encode(api: str, step: Step, model: str, stream: bool) -> Encoded:
    """Encode ``step`` for ``api`` (``anthropic`` | ``responses`` | ``chat`` | ``gemini``)."""
    if isinstance(step, Error):
        return Encoded(step.status, "application/json", [(json.dumps(error_body(api, step)).encode(), False)])
    if api == "anthropic":
        if isinstance(step, CustomToolUse):
            raise ValueError("CustomToolUse is an OpenAI Responses item")
        if stream:
            return Encoded(200, "text/event-stream", anthropic_stream(step, model))
        return Encoded(200, "application/json", [(json.dumps(anthropic_message(step, model)).encode(), False)])
    if api == "responses":
        if stream:
            return Encoded(200, "text/event-stream", responses_stream(step, model))
        rid = new_id("resp")
        body = _responses_object(model, rid, "completed", _responses_items(step))
        return Encoded(200, "application/json", [(json.dumps(body).encode(), False)])
    if api == "gemini":
        if isinstance(step, CustomToolUse):
            raise ValueError("CustomToolUse is an OpenAI Responses item")
        if stream:
            return Encoded(200, "text/event-stream", gemini_stream(step, model))
        return Encoded(200, "application/json", [(json.dumps(gemini_message(step, model)).encode(), False)])
    if api == "chat":
        if isinstance(step, CustomToolUse):
            raise ValueError("CustomToolUse is an OpenAI Responses item")
        if stream:
            return Encoded(200, "text/event-stream", chat_stream(step, model))
        return Encoded(200, "application/json", [(json.dumps(chat_message(step, model)).encode(), False)])
    raise ValueError(f"unknown api {api!r}")
