"""The agents' own account of a run, held against the harness's labels after it ends:
Copilot's hooks and session log (``copilot_truth``), Pi's extension events
(``pi_truth``), and ``check_truth`` (same labels in the same order, each within
TRUTH_SLACK; both stored in the capture's header).

What it does not do: label while a run goes on (OpenCode's and Qwen Code's events do that
through TruthFollower: ``opencode_truth`` and ``qwen_truth`` live with their drivers).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from agentrun import Sandbox, copilot_hook_events, copilot_session_events, pi_events

from osc7501wrap.capture import CaptureWriter

TRUTH_SLACK = 3.0  # a harness label and the agent's own event for it may be this far apart (s)


def _iso_seconds(stamp: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def copilot_truth(sb: Sandbox) -> list[tuple[float, str, str]]:
    """Copilot's own account of a run, as ``(wall-clock time, label, event)``.

    From its hooks (logged by the hook commands :func:`copilot_command` installs):
    ``userPromptSubmitted`` is working, ``permissionRequest`` blocked:permission,
    ``agentStop`` done. From its session log (``events.jsonl``), for what runs no hook:
    ``permission.completed`` approved is working again, ``abort`` (an Esc, also a refused
    dialog) idle, a ``session.usage_checkpoint`` for a rewind (Esc Esc before any output
    puts the prompt back for editing and drops the turn from the log) idle, an
    ``ask_user`` tool starting blocked:question and ``human_response.recorded`` working
    (releases before 1.0.9x record no human response: the ``ask_user`` tool completing).
    """
    out: list[tuple[float, str, str]] = []
    asks: set[str] = set()
    for name, when, _payload in copilot_hook_events(sb):
        label = {"userPromptSubmitted": "working", "permissionRequest": "blocked:permission",
                 "agentStop": "done"}.get(name)
        if label:
            out.append((when, label, f"hook {name}"))
    for ev in copilot_session_events(sb):
        kind, data = ev.get("type"), ev.get("data") or {}
        label = None
        if kind == "permission.completed" and (data.get("result") or {}).get("kind") == "approved":
            label = "working"
        elif kind == "abort":
            label = "idle"
        elif kind == "session.usage_checkpoint" and "rewind" in json.dumps(data):
            label = "idle"  # Esc Esc before any output: the turn is rewound ("edit prompt")
        elif kind == "tool.execution_start" and data.get("toolName") == "ask_user":
            label = "blocked:question"
            asks.add(str(data.get("toolCallId")))
        elif kind == "human_response.recorded":
            label = "working"
        elif kind == "tool.execution_complete" and str(data.get("toolCallId")) in asks:
            label = "working"  # 1.0.86: the answer is only the tool's completion
        if label:
            out.append((_iso_seconds(str(ev.get("timestamp"))), label, f"event {kind}"))
    out.sort(key=lambda e: e[0])
    # A refused dialog or an interrupt: the abort is the end of the turn, not agentStop.
    folded: list[tuple[float, str, str]] = []
    for e in out:
        if folded and folded[-1][1] == e[1]:
            continue
        if e[1] == "done" and folded and folded[-1][1] == "idle":
            continue
        folded.append(e)
    return folded


def pi_truth(sb: Sandbox) -> list[tuple[float, str, str]]:
    """Pi's own account of a run from its extension events: ``agent_start`` working,
    ``agent_end`` done (idle when its last message stopped as ``aborted``); the harness
    extension's select dialog opening blocked:permission, closing working."""
    out: list[tuple[float, str, str]] = []
    for name, when, data in pi_events(sb):
        label = None
        if name == "agent_start":
            label = "working"
        elif name == "agent_end":
            label = "idle" if data.get("stopReason") == "aborted" else "done"
        elif name == "dialog_open":  # a yes/no before a command; an input line asks a question
            label = "blocked:question" if data.get("how") == "input" else "blocked:permission"
        elif name == "dialog_closed":
            label = "working"
        if label and not (out and out[-1][1] == label):
            out.append((when, label, name))
    return out


TRUTH: dict[str, tuple[str, Callable[[Sandbox], list[tuple[float, str, str]]]]] = {
    "copilot": ("Copilot's hooks (userPromptSubmitted, permissionRequest, agentStop) and its session "
                "log events.jsonl (permission.completed, abort, rewind checkpoint, ask_user tool start, "
                "human_response)",
                copilot_truth),
    "pi": ("Pi's extension events (agent_start, agent_end with its stopReason) logged by a harness "
           "extension, which also logs its own select dialog opening and closing", pi_truth),
}


def check_truth(agent: str, sb: Sandbox, cap: CaptureWriter, *, background: bool = False) -> str:
    """Hold the harness's labels against the agent's own events; store both in the header.

    The labels from the first ``working`` on must be the agent's own labels in the same
    order, each within :data:`TRUTH_SLACK`; raises AssertionError otherwise. Returns a note.
    With `background`, a ``done`` may come any time after the agent's own (the harness
    labels the end of the background work the agent left running: Copilot runs its
    agentStop hook while its footer still waits for background shells).
    """
    if agent not in TRUTH:
        return ""
    source, fn = TRUTH[agent]
    events = [(round(w - cap.wall0, 3), label, name) for w, label, name in fn(sb)]
    cap.annotate(truth={"source": source, "events": [list(e) for e in events]})
    marks = cap.marks()
    first = next((i for i, (_, v) in enumerate(marks) if v == "working"), len(marks))
    harness = [m for i, m in enumerate(marks) if i >= first and (i == first or m[1] != marks[i - 1][1])]
    if background and harness and harness[-1][1] == "done":
        # the agent's own turn about the work's end (working, done after the harness's last
        # label, within a second): too short to label from the screen
        last = harness[-1][0]
        while (len(events) >= 2 and [e[1] for e in events[-2:]] == ["working", "done"]
               and events[-2][0] > last - TRUTH_SLACK and events[-1][0] - events[-2][0] < 1.0
               and len(events) > len(harness)):
            events = events[:-2]
    if len(harness) != len(events):
        # A refusal: the harness labels the Esc working (the agent cancels), the agent
        # itself only logs the abort that follows.
        harness = [m for i, m in enumerate(harness)
                   if not (m[1] == "working" and 0 < i < len(harness) - 1
                           and harness[i - 1][1].startswith("blocked") and harness[i + 1][1] == "idle")]
    if [v for _, v in harness] != [v for _, v, _ in events]:
        raise AssertionError(f"labels {[v for _, v in harness]} disagree with {agent}'s own events "
                             f"{[(v, n) for _, v, n in events]}")
    def apart(t: float, label: str, at: float) -> float:
        if background and label == "done" and t >= at:
            return 0.0
        return abs(t - at)

    worst = max((apart(t, v, e[0]) for (t, v), e in zip(harness, events, strict=True)),
                default=0.0)
    if worst > TRUTH_SLACK:
        pairs = [(v, round(t, 2), e[0], e[2]) for (t, v), e in zip(harness, events, strict=True)]
        raise AssertionError(f"a label is {worst:.1f} s away from {agent}'s own event for it: {pairs}")
    if not events:
        return "no events of the agent's own for these labels (screen only)"
    return f"{len(events)} labels confirmed by the agent's own events (max {worst * 1000:.0f} ms apart)"
