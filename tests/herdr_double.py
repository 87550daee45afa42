"""A test double of herdr's socket, written from herdr's published socket API.

Sources (herdr's repository, docs/next): ``website/src/content/docs/socket-api.mdx``
(transport, agent state reporting, error shape), ``integrations.mdx`` (report/release),
``api/herdr-api.schema.json`` (protocol 20: ``PaneReportAgentParams``,
``PaneReleaseAgentParams``, ``PaneAgentState``, ``PingParams``, the ``ok`` / ``pong``
results, ``ErrorResponse``). What it does, as herdr does:

- a Unix stream socket; per connection it reads ONE request line (newline-terminated
  JSON, at most 1 MiB, within 5 s), writes one JSON line back and closes; anything sent
  after that first line is never read (recorded in ``extra`` so a test can see it);
- ``ping`` -> ``{"type": "pong", "version", "protocol"}``;
- ``pane.report_agent``: ``pane_id``, ``source``, ``agent`` strings and ``state`` one of
  ``idle working blocked unknown`` required; ``message``, ``agent_session_id``,
  ``agent_session_path`` string or null; ``seq`` an unsigned 64-bit integer or null;
- ``pane.release_agent``: ``pane_id``, ``source``, ``agent`` required, ``seq`` as above;
- an unknown pane -> ``pane_not_found`` ("pane X not found"); an empty agent ->
  ``invalid_agent``; anything that is not a valid request -> ``invalid_request`` (id "");
- for one source in one pane, a report whose seq is at or below the last accepted one is
  answered ``ok`` but ignored (``stale``), as herdr documents.

Stricter than herdr where that catches a mistake: a field the schema does not name is
``invalid_request``. Modes: ``answer`` (the above), ``hang`` (reads the line, never
answers, keeps the connection open), ``listen`` (never accepts a connection at all).
Everything received is kept in :attr:`HerdrDouble.requests` (dicts with ``method``,
``params``, ``answer``, ``stale``, ``raw``); :attr:`connections` counts connections.
"""

from __future__ import annotations

import json
import os
import select
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROTOCOL = 20
STATES = ("idle", "working", "blocked", "unknown")
MAX_LINE = 1024 * 1024
REQUIRED = {"pane.report_agent": ("pane_id", "source", "agent", "state"),
            "pane.release_agent": ("pane_id", "source", "agent"), "ping": ()}
OPTIONAL = {"pane.report_agent": ("message", "seq", "agent_session_id", "agent_session_path"),
            "pane.release_agent": ("seq",), "ping": ()}


class Invalid(Exception):
    pass


def _check(method: str, params: Any) -> None:
    """Validate `params` of `method` against the schema (raises Invalid)."""
    if method not in REQUIRED:
        raise Invalid(f"unknown method {method!r}")
    if not isinstance(params, dict):
        raise Invalid("params is not an object")
    for key in REQUIRED[method]:
        if not isinstance(params.get(key), str):
            raise Invalid(f"missing or non-string {key}")
    for key in params:
        if key not in REQUIRED[method] and key not in OPTIONAL[method]:
            raise Invalid(f"unknown field {key}")
    if method == "pane.report_agent" and params["state"] not in STATES:
        raise Invalid(f"unknown state {params['state']!r}")
    for key in ("message", "agent_session_id", "agent_session_path"):
        if key in params and params[key] is not None and not isinstance(params[key], str):
            raise Invalid(f"{key} is not a string")
    seq = params.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)
                            or not 0 <= seq < 2 ** 64):
        raise Invalid(f"seq is not an unsigned 64-bit integer: {seq!r}")


@dataclass
class HerdrDouble:
    path: str
    panes: set[str] = field(default_factory=lambda: {"w1:p1"})
    mode: str = "answer"
    version: str = "0.0.0-double"
    requests: list[dict[str, Any]] = field(default_factory=list)
    connections: int = 0
    extra: list[bytes] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._seqs: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()
        self._stop = False
        self._held: list[socket.socket] = []
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.bind(self.path)
        os.chmod(self.path, 0o600)
        self._sock.listen(16)
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ for tests

    def methods(self) -> list[str]:
        with self._lock:
            return [r["method"] for r in self.requests]

    def wait_for(self, pred: Any, timeout: float = 15.0, what: str = "") -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                got = list(self.requests)
            if pred(got):
                return got
            assert time.monotonic() < deadline, f"timed out waiting for {what}: {got}"
            time.sleep(0.02)

    def close(self) -> None:
        self._stop = True
        self._thread.join(timeout=5)
        for s in self._held:
            s.close()
        self._sock.close()
        Path(self.path).unlink(missing_ok=True)

    def __enter__(self) -> HerdrDouble:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the server

    def _serve(self) -> None:
        while not self._stop:
            if self.mode == "listen":
                time.sleep(0.02)
                continue
            ready, _, _ = select.select([self._sock], [], [], 0.02)
            if not ready:
                continue
            conn, _ = self._sock.accept()
            with self._lock:
                self.connections += 1
            try:
                self._handle(conn)
            except OSError as err:
                self.problems.append(f"connection: {err}")
            if self.mode == "hang":
                self._held.append(conn)
            else:
                conn.close()

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5.0)
        data = b""
        while b"\n" not in data and len(data) <= MAX_LINE:
            try:
                chunk = conn.recv(65536)
            except TimeoutError:
                self.problems.append("no request line within 5 s")
                return
            if not chunk:
                break
            data += chunk
        line, nl, rest = data.partition(b"\n")
        if not nl:
            self.problems.append(f"no newline-terminated request: {data[:200]!r}")
            return
        if len(line) > MAX_LINE:
            self.problems.append("request longer than 1 MiB")
            return
        if self.mode == "answer":  # anything after the first line is never read by herdr
            conn.setblocking(False)
            try:
                more = rest + conn.recv(65536)
            except (BlockingIOError, OSError):
                more = rest
            conn.setblocking(True)
            if more:
                self.extra.append(more)
        answer = self._answer(line)
        if self.mode == "answer":
            conn.sendall(json.dumps(answer).encode() + b"\n")

    def _answer(self, line: bytes) -> dict[str, Any]:
        record: dict[str, Any] = {"raw": line, "method": None, "params": None, "stale": False,
                                  "t": time.monotonic()}  # when it arrived
        try:
            try:
                req = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as err:
                raise Invalid(f"not JSON: {err}") from None
            if not isinstance(req, dict) or not isinstance(req.get("id"), str):
                raise Invalid("no string id")
            if set(req) - {"id", "method", "params"} or "params" not in req:
                raise Invalid(f"bad request keys {sorted(req)}")
            method, params = req.get("method"), req["params"]
            record.update(method=method, params=params)
            _check(str(method), params)
        except Invalid as err:
            self.problems.append(str(err))
            answer = {"id": "", "error": {"code": "invalid_request",
                                          "message": f"invalid request: {err}"}}
            record["answer"] = answer
            with self._lock:
                self.requests.append(record)
            return answer
        rid = req["id"]
        if method == "ping":
            answer: dict[str, Any] = {"id": rid, "result": {"type": "pong",
                                                          "version": self.version,
                                                          "protocol": PROTOCOL}}
        elif params["pane_id"] not in self.panes:
            answer = {"id": rid, "error": {"code": "pane_not_found",
                                           "message": f"pane {params['pane_id']} not found"}}
        elif not params["agent"].strip():
            answer = {"id": rid, "error": {"code": "invalid_agent",
                                           "message": "agent label must not be empty"}}
        else:
            key = (params["pane_id"], params["source"])
            seq = params.get("seq")
            with self._lock:
                last = self._seqs.get(key)
                if seq is not None and last is not None and seq <= last:
                    record["stale"] = True
                elif seq is not None:
                    self._seqs[key] = seq
            answer = {"id": rid, "result": {"type": "ok"}}
        record["answer"] = answer
        with self._lock:
            self.requests.append(record)
        return answer


def main() -> None:
    """``python herdr_double.py SOCKET [MODE]``: serve until SIGTERM, then print how many
    requests came (for benchmarks: the double in a process of its own)."""
    import signal
    import sys

    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: done.set())
    h = HerdrDouble(sys.argv[1], panes={"w1:p1"}, mode=sys.argv[2] if len(sys.argv) > 2
                    else "answer")
    print("ready", flush=True)
    done.wait()
    h.close()
    print(len(h.requests), flush=True)


if __name__ == "__main__":
    main()
