"""A scripted fake LLM API server on 127.0.0.1 (stdlib only).

Serves the Anthropic Messages API, the OpenAI Responses API, OpenAI Chat
Completions and the Gemini generateContent API from one port, answering main model requests from a
:class:`fakeapi.script.Scenario` and side requests with a short generic text.
Every request is recorded (:attr:`FakeAPI.requests`) and every step of its
life is an :class:`Event` with a ``time.monotonic()`` timestamp, so that a
terminal capture can be labelled with the truth of what the "model" was doing.

It binds loopback only, never contacts anything, and never runs a program.
It does not try to be a faithful API: only as faithful as the real agents
here need.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TextIO

from . import wire
from .script import Dynamic, Error, Request, Scenario, Step, Text

GATE_TIMEOUT = 120.0


@dataclass(frozen=True)
class Event:
    """One moment in a request's life: ``request``, ``response_start``, ``response_end``, ``aborted``."""

    t: float
    kind: str
    request: int
    path: str
    main: bool
    step: int | None
    summary: str


_GEMINI = re.compile(r"^/v1(?:beta|alpha)?/models/([^/:]+):(streamGenerateContent|generateContent)$")


def _api_for(method: str, path: str) -> str | None:
    p = path.split("?", 1)[0].rstrip("/")
    if method == "POST" and _GEMINI.match(p):
        return "gemini"
    if p.startswith("/v1/"):
        p = p[3:]
    if method == "POST" and p == "/messages":
        return "anthropic"
    if method == "POST" and p == "/responses":
        return "responses"
    if method == "POST" and p == "/chat/completions":
        return "chat"
    return None


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: list[str] = []
        for c in content:
            if not isinstance(c, dict):
                continue
            t = c.get("type")
            if t in ("text", "input_text", "output_text"):
                parts.append(str(c.get("text", "")))
            elif t == "tool_result":
                parts.append(f"[tool_result {_text_of(c.get('content'))[:60]}]")
        return " ".join(parts)
    return ""


def summarize(api: str, body: Any) -> str:
    """A one-line human summary of a request body (for logs and tests)."""
    if not isinstance(body, dict):
        return f"{api} (unparsed body)"
    model = body.get("model", "?")
    tools = len(body.get("tools") or [])
    stream = bool(body.get("stream"))
    last = ""
    if api == "gemini":
        model = body.get("model", model)
        contents = body.get("contents") or []
        for c in reversed(contents):
            if isinstance(c, dict) and c.get("role") == "user":
                parts = c.get("parts") or []
                texts = [str(p.get("text", "")) for p in parts if isinstance(p, dict) and "text" in p]
                fr = [p["functionResponse"].get("name") for p in parts if isinstance(p, dict) and "functionResponse" in p]
                last = texts[-1] if texts else (f"[functionResponse {fr[0]}]" if fr else "")
                break
        tools = sum(len(t.get("functionDeclarations") or []) for t in body.get("tools") or [] if isinstance(t, dict))
        last = " ".join(last.split())[:80]
        return f"{api} model={model} stream={stream} tools={tools} items={len(contents)} last={last!r}"
    if api in ("anthropic", "chat"):
        msgs = body.get("messages") or []
        for m in reversed(msgs):
            if isinstance(m, dict) and m.get("role") in ("user", "tool"):
                last = _text_of(m.get("content"))
                break
        n = len(msgs)
    else:
        items = body.get("input") or []
        if isinstance(items, str):
            items = [{"type": "message", "role": "user", "content": items}]
        n = len(items)
        for it in reversed(items):
            if not isinstance(it, dict):
                continue
            if it.get("type") == "function_call_output" or it.get("type") == "custom_tool_call_output":
                last = f"[{it.get('type')} {str(it.get('output'))[:60]}]"
                break
            if it.get("role") == "user":
                last = _text_of(it.get("content"))
                break
    last = " ".join(last.split())[:80]
    return f"{api} model={model} stream={stream} tools={tools} items={n} last={last!r}"


def example_for_schema(schema: Any, depth: int = 0) -> Any:
    """A small value that satisfies a JSON schema (upper- or lower-case types)."""
    if not isinstance(schema, dict) or depth > 8:
        return None
    if schema.get("enum"):
        return schema["enum"][0]
    kind = str(schema.get("type", "object")).lower()
    if kind == "object":
        props = schema.get("properties") or {}
        keys = schema.get("required") or list(props)
        return {k: example_for_schema(props.get(k, {}), depth + 1) for k in keys}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return max(1, int(schema.get("minimum", 10)))
    if kind == "boolean":
        return False
    return "fake"


def response_schema(api: str, body: Any) -> Any:
    """The JSON schema a structured-output request asks for, or None."""
    if not isinstance(body, dict):
        return None
    if api == "gemini":
        cfg = body.get("generationConfig") or {}
        return cfg.get("responseJsonSchema") or cfg.get("responseSchema")
    if api == "anthropic":
        fmt = body.get("output_format") or (body.get("output_config") or {}).get("format") or {}
        return fmt.get("schema") if isinstance(fmt, dict) else None
    if api == "responses":
        fmt = (body.get("text") or {}).get("format") or {}
        return fmt.get("schema") if isinstance(fmt, dict) else None
    if api == "chat":
        fmt = body.get("response_format") or {}
        return (fmt.get("json_schema") or {}).get("schema") if isinstance(fmt, dict) else None
    return None


def _models_body() -> dict[str, Any]:
    ids = ["claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5", "gpt-5", "gpt-4o"]
    data = [
        {
            "type": "model",
            "object": "model",
            "id": i,
            "display_name": i,
            "created_at": "2025-01-01T00:00:00Z",
            "created": 1735689600,
            "owned_by": "fakeapi",
        }
        for i in ids
    ]
    return {"data": data, "object": "list", "has_more": False, "first_id": ids[0], "last_id": ids[-1]}


class FakeAPI:
    """The server. Use as a context manager or call :meth:`start` / :meth:`stop`."""

    def __init__(
        self,
        scenario: Scenario | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        log: TextIO | None = None,
    ) -> None:
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError("the fake API binds loopback only")
        self.scenario = scenario or Scenario([])
        self.requests: list[Request] = []
        self.events: list[Event] = []
        self.unknown: list[str] = []
        self.log = log
        self._cond = threading.Condition()
        self._gates: dict[str, threading.Event] = {}
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer((host, port), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle
    @property
    def port(self) -> int:
        """The port actually bound (useful with ``port=0``)."""
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>`` (no trailing slash, no ``/v1``)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> FakeAPI:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fakeapi", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; releases every gate and cuts pauses short."""
        self._stopping.set()
        for g in list(self._gates.values()):
            g.set()
        if self._thread:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> FakeAPI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ control
    def set_scenario(self, scenario: Scenario) -> None:
        """Answer the following main requests from ``scenario``."""
        self.scenario = scenario

    def gate(self, name: str) -> threading.Event:
        """The gate called ``name`` (created closed on first use)."""
        with self._cond:
            return self._gates.setdefault(name, threading.Event())

    def release(self, name: str) -> None:
        """Open gate ``name``: answers waiting on it start streaming."""
        self.gate(name).set()

    def wait_for(
        self,
        pred: Callable[[Event], bool] | str,
        *,
        step: int | None = None,
        timeout: float = 30.0,
        after: float = 0.0,
    ) -> Event:
        """Wait for an event (``pred`` or an event kind) newer than ``after``; raise TimeoutError."""
        if isinstance(pred, str):
            kind = pred

            def pred(e: Event) -> bool:
                return e.kind == kind and (step is None or e.step == step)

        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for e in self.events:
                    if e.t >= after and pred(e):
                        return e
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no matching fake API event within {timeout} s")
                self._cond.wait(left)

    def main_requests(self) -> list[Request]:
        """Requests that consumed (or asked for) a scenario step."""
        with self._cond:
            return [r for r in self.requests if r.main]

    def dump(self, path: str) -> None:
        """Write every request (full bodies) as JSON lines, for debugging."""
        with self._cond, open(path, "w", encoding="utf-8") as f:
            for r in self.requests:
                f.write(json.dumps(r.__dict__, default=str) + "\n")

    # ------------------------------------------------------------------ internals
    def _event(self, kind: str, idx: int, req: Request) -> None:
        with self._cond:
            self.events.append(Event(time.monotonic(), kind, idx, req.path, req.main, req.step, req.summary))
            self._cond.notify_all()
        if self.log:
            step = "-" if req.step is None else req.step
            main = "main" if req.main else "side"
            print(f"fakeapi {kind:14} #{idx} {main} step={step} {req.method} {req.path} {req.summary}",
                  file=self.log, flush=True)

    def _record(self, req: Request) -> int:
        with self._cond:
            self.requests.append(req)
            return len(self.requests) - 1

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        api_server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "fakeapi/1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _read_body(self) -> bytes:
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    data = b""
                    while True:
                        line = self.rfile.readline()
                        size = int(line.split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            self.rfile.readline()
                            break
                        data += self.rfile.read(size)
                        self.rfile.readline()
                else:
                    data = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                enc = self.headers.get("Content-Encoding", "").lower()
                if enc == "gzip":
                    data = gzip.decompress(data)
                elif enc == "deflate":
                    data = zlib.decompress(data)
                return data

            def _send_json(self, status: int, obj: Any) -> None:
                body = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("request-id", "req_fake")
                self.end_headers()
                self.wfile.write(body)

            def _handle(self) -> None:
                raw = self._read_body()
                try:
                    body: Any = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                method, path = self.command, self.path
                api = _api_for(method, path)
                req = Request(api or "other", method, path, body, time.monotonic())
                if api:
                    gm = _GEMINI.match(path.split("?", 1)[0]) if api == "gemini" else None
                    shown = body
                    if gm and isinstance(body, dict):
                        shown = dict(body, model=gm.group(1), stream=gm.group(2) == "streamGenerateContent")
                    req.summary = summarize(api, shown)
                    req.main = api_server.scenario.is_main(req)
                else:
                    req.summary = f"{len(raw)} bytes"
                idx = api_server._record(req)
                step: Step | None = None
                if api and req.main:
                    req.step, step = api_server.scenario.take()
                api_server._event("request", idx, req)
                try:
                    if api:
                        self._answer(api, req, idx, step)
                    else:
                        self._other(req, idx)
                except (BrokenPipeError, ConnectionResetError):
                    api_server._event("aborted", idx, req)
                    self.close_connection = True

            def _other(self, req: Request, idx: int) -> None:
                p = req.path.split("?", 1)[0].rstrip("/")
                if p.startswith("/v1/"):
                    p = p[3:]
                obj: Any
                if re.match(r"^/v1(?:beta|alpha)?/models/[^/:]+:countTokens$", req.path.split("?", 1)[0]):
                    obj, status = {"totalTokens": 100}, 200
                elif p == "/messages/count_tokens":
                    obj, status = {"input_tokens": 100}, 200
                elif p == "/models" and req.method == "GET":
                    obj, status = _models_body(), 200
                elif p.startswith("/models/") and req.method == "GET":
                    obj, status = dict(_models_body()["data"][0], id=p.split("/")[-1]), 200
                else:
                    api_server.unknown.append(f"{req.method} {req.path}")
                    if req.method in ("GET", "HEAD"):
                        obj, status = {"error": {"type": "not_found_error", "message": "not found"}}, 404
                    else:
                        obj, status = {}, 200
                api_server._event("response_start", idx, req)
                self._send_json(status, obj)
                api_server._event("response_end", idx, req)

            def _answer(self, api: str, req: Request, idx: int, step: Step | None) -> None:
                body = req.body if isinstance(req.body, dict) else {}
                model = str(body.get("model") or "fake-model")
                stream = bool(body.get("stream"))
                if api == "gemini":
                    m = _GEMINI.match(req.path.split("?", 1)[0])
                    model = m.group(1) if m else model
                    stream = bool(m and m.group(2) == "streamGenerateContent")
                sc = api_server.scenario
                if step is None:
                    schema = None if req.main else response_schema(api, body)
                    if schema:
                        step = Text(json.dumps(example_for_schema(schema)))
                    elif req.main:
                        step = Text(sc.exhausted_text)
                    else:
                        step = Text(sc.side_text, pause=sc.side_pause)
                elif isinstance(step, Dynamic):
                    step = step.make(req)
                if step.gate:
                    api_server.gate(step.gate).wait(GATE_TIMEOUT)
                api_server._sleep(step.pause)
                enc = wire.encode(api, step, model, stream and not isinstance(step, Error))
                self.send_response(enc.status)
                self.send_header("Content-Type", enc.content_type)
                self.send_header("Cache-Control", "no-cache")
                self.send_header("request-id", "req_fake")
                self.send_header("x-request-id", "req_fake")
                if enc.content_type == "text/event-stream":
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    api_server._event("response_start", idx, req)
                    for data, is_delta in enc.segments:
                        if is_delta:
                            api_server._sleep(step.chunk_delay)
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                else:
                    data = enc.body
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    api_server._event("response_start", idx, req)
                    self.wfile.write(data)
                api_server._event("response_end", idx, req)

            def do_POST(self) -> None:
                self._handle()

            def do_GET(self) -> None:
                self._handle()

            def do_HEAD(self) -> None:
                self._handle()

            def do_PUT(self) -> None:
                self._handle()

            def do_DELETE(self) -> None:
                self._handle()

        return Handler


def main(argv: list[str] | None = None) -> int:
    """``python -m fakeapi [PORT]``: serve an empty scenario and log every request."""
    args = sys.argv[1:] if argv is None else argv
    port = int(args[0]) if args else 0
    with FakeAPI(port=port, log=sys.stderr) as api:
        print(api.base_url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0
