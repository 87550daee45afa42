"""What Claude Code's hook events mean: each event, with its reduced input
(:func:`osc7501wrap.agents.claude_hooks.hook_subset`), becomes one generic
:class:`~osc7501wrap.fusion.fusion.HookEdge` for fusion.

    UserPromptSubmit        working; a turn starts (answers any open dialog)
    PreToolUse              working, with what the tool runs; a subagent's only in a turn;
                            a confirmation only while the agent reports natively
    PostToolUse(Failure)    working, only in a turn (it may come after the turn ended)
    PermissionRequest       blocked: question (AskUserQuestion) or permission
    Notification            permission_prompt / elicitation_dialog: blocked, unless late
                            (6-8 s after its dialog); any other type: no change
    Stop                    done (with is_interrupt: idle, interrupted)
    StopFailure             error, with its message
    SessionStart            idle (a compaction inside a turn: no change)
    SubagentStop, SessionEnd, anything new: no change

This module does not decide: precedence, guards and turns are fusion's (docs/fusion.md).
"""

from __future__ import annotations

from typing import Any

from ..fusion.fusion import HookEdge
from ..protocol import MAX_MSG, sanitize_text

#: Events that only make sense inside a turn (they may arrive after it ended).
_IN_TURN = ("PostToolUse", "PostToolUseFailure", "Notification")
#: A subagent's events that still count while a dialog is open.
_DIALOG_EVENTS = ("PermissionRequest", "Notification")


def hook_edge(event: str, data: dict[str, Any]) -> HookEdge:
    """The meaning of one Claude Code hook event (see the module docstring)."""
    sub = bool(data.get("agent_id"))
    common: dict[str, Any] = {
        "event": event,
        "in_turn": event in _IN_TURN or (event == "PreToolUse" and sub),
        "subagent": sub and event not in _DIALOG_EVENTS,
    }
    tool = _text(data.get("tool_name"))
    raw_tin = data.get("tool_input")
    tin: dict[str, Any] = raw_tin if isinstance(raw_tin, dict) else {}
    if event == "UserPromptSubmit":
        return HookEdge(state="working", answers=True, **common)
    if event == "PreToolUse":
        msg = (_text(tin.get("description")) or _text(tin.get("command"))
               or _tool_arg(tool, tin))
        return HookEdge(state="working", msg=msg, asks=True, confirms=True, **common)
    if event in ("PostToolUse", "PostToolUseFailure"):
        return HookEdge(state="working", answers=True, confirms=True, **common)
    if event == "PermissionRequest":
        if tool == "AskUserQuestion":
            return HookEdge(state="blocked", kind="question", msg=_text(tin.get("question")) or tool,
                            **common)
        arg = _tool_arg(None, tin)
        return HookEdge(state="blocked", kind="permission",
                        msg=f"{tool}: {arg}" if tool and arg else (tool or arg), **common)
    if event == "Notification":
        ntype = data.get("notification_type")
        detail = f"Notification {ntype}"
        if ntype in ("permission_prompt", "elicitation_dialog"):
            kind = "permission" if ntype == "permission_prompt" else "question"
            return HookEdge(state="blocked", kind=kind, msg=_text(data.get("message")),
                            detail=detail, late=True, **common)
        return HookEdge(detail=detail, ignore="does not change the state", **common)
    if event == "Stop":
        if data.get("is_interrupt") is True:
            return HookEdge(state="idle", detail="Stop (interrupt)", interrupt=True,
                            answers=True, **common)
        return HookEdge(state="done", answers=True, **common)
    if event == "StopFailure":
        msg = (_text(data.get("error")) or _text(data.get("message"))
           or _text(data.get("reason")) or "the turn failed")
        return HookEdge(state="error", msg=msg, answers=True, **common)
    if event == "SessionStart":
        compact = "a compaction inside the turn"
        if data.get("source") == "compact":
            return HookEdge(ignore=compact, **common)
        return HookEdge(state="idle", answers=True, ignore_in_turn=compact, **common)
    return HookEdge(ignore="does not change the root state", **common)


def _text(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    return sanitize_text(value, MAX_MSG) or None


def _tool_arg(tool: str | None, tin: dict[str, Any]) -> str | None:
    """What a tool works on (command, file, url, question), prefixed by the tool name."""
    for key in ("command", "file_path", "url", "question", "description"):
        v = _text(tin.get(key))
        if v:
            return f"{tool}: {v}" if tool else v
    return tool
