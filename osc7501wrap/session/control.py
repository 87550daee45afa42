"""The session's control socket, served: hook events into the core, `send` (typing
into the child when the state allows it), `answer` (a dialog's answer, checked then
typed), and `explain --session` (the core's view and the buffers), every reply redacted.

It does not open the socket or parse its messages (session.channel) and does not type
itself (session.registry.handle_send, session.answer). Loaded by the session at the first
request, after the child started. Every function takes the live session, typed by what it
uses of it (session.host.Host: the session imports this module, not the other way).
"""

from __future__ import annotations

import time
from typing import Any

from ..fusion.events import Hook
from ..rules import Verdict
from .answer import AnswerJob
from .host import Host
from .naming import jsonable
from .registry import handle_send


def on_control(s: Host) -> None:
    """Each message waiting on the control socket, handled."""
    now = time.monotonic()
    for msg in s.server.receive():
        if msg.kind == "hook":
            event = str(msg.data.get("event", ""))
            data = msg.data.get("data") or {}
            if s.capture is not None:
                s.capture.event("h", {"event": event, "data": data})
            p = s.pipeline if s.pipeline is not None else s._boot()
            p.handle(Hook(event, data if isinstance(data, dict) else {}), now)
        elif msg.kind == "send":
            sent = handle_send(msg, current_state=lambda: state_now(s),
                               write_child=s._write_child, schedule=s._schedule,
                               reply=lambda r, m=msg: reply(s, m, r))
            if sent is not None:  # else it is sent after the Enter step
                reply(s, msg, sent)
        elif msg.kind == "explain":
            reply(s, msg, explain(s))
        elif msg.kind == "answer":
            answer(s, msg)


def answer(s: Host, msg: Any) -> None:
    """`osc7501wrap answer`: the job checks and types on this loop (session.answer)."""
    def evaluate() -> Any:
        p = s.pipeline
        if p is None:
            return Verdict("idle", None, None, "", "", None, False)
        return p.evaluate_now(time.monotonic())

    wait = msg.data.get("wait")
    wait = min(max(float(wait), 0.2), 60.0) if isinstance(wait, int | float) else 5.0
    job = AnswerJob(msg.data, evaluate=evaluate, write=s._write_child,
                    schedule=s._schedule, reply=lambda r, m=msg: reply(s, m, r), wait=wait)
    s._answers = [j for j in s._answers if not j.done]
    s._answers.append(job)
    job.start()


def reply(s: Host, msg: Any, answer: dict[str, Any]) -> None:
    """A reply to `send`, `answer` or `explain --session`, its text redacted."""
    if s.server is not None:
        s.server.reply(msg, s._secrets().deep(answer))


def state_now(s: Host) -> tuple[str, str | None, str | None]:
    """Re-classify right now (for `send`): a dialog on screen counts even if the published
    state has not caught up yet."""
    p = s.pipeline
    if p is None:
        return ("idle", None, None)
    verdict = p.evaluate_now(time.monotonic())
    secrets = s._secrets()
    if verdict.state == "blocked":
        return ("blocked", verdict.kind, secrets(verdict.msg))
    cur = p.current()
    return (cur.state, cur.kind, secrets(cur.msg))


def explain(s: Host) -> dict[str, Any]:
    """`explain --session`: the core's view now and each buffer's marks."""
    p = s.pipeline
    out: dict[str, Any] = {"ok": True}
    if p is not None:
        out.update(p.inspect(time.monotonic()))
        out["signals"] = jsonable(out["signals"])
    out["buffers"] = s._buffers()
    return out
