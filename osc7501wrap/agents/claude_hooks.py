"""Claude Code's hooks: settings for `claude --settings`, and the part of a hook's input kept.

When wrap runs Claude Code with hooks enabled, it adds ``--settings '<json>'`` to the
claude command line (see :func:`add_hook_args`). The JSON (:func:`claude_settings`)
registers one command per event::

    <python> -P -m osc7501wrap hook <Event>

for UserPromptSubmit, PreToolUse, PostToolUse, PermissionRequest, Notification (matcher
``permission_prompt|elicitation_dialog|idle_prompt``), Stop, StopFailure, SubagentStop,
SessionStart and SessionEnd, each with a 2 s timeout. ``-P`` keeps Python from putting
the agent's working directory first on sys.path, so a directory named ``osc7501wrap`` in
the project being edited is never imported.

``--settings`` takes a file path or a JSON string, and Claude Code *merges* it with the
user, project and local settings; hook arrays from every source are concatenated, so the
user's own hooks keep running alongside these (they are not replaced; see
anthropics/claude-code#11392, which asks for the opposite). If the user passes
``--settings`` themselves, wrap does not add its own (Claude Code takes one).

The hook command (:mod:`osc7501wrap.start.hook`) sends each event to its session;
:func:`hook_subset` is the small part of Claude Code's hook input that is kept (strings cut
to 500 characters). What the events mean is :mod:`osc7501wrap.agents.claude`'s.

Imported before the child starts and by the hook command: stdlib imports stay cheap (json
and shlex are imported where a settings string is built; `site` is loaded at every start).
"""

from __future__ import annotations

import os
import site
import sys
from collections.abc import Mapping, Sequence

#: Events wrap registers, in this order.
CLAUDE_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
                 "PostToolUse", "Notification", "Stop", "StopFailure", "SubagentStop",
                 "SessionEnd")
NOTIFICATION_MATCHER = "permission_prompt|elicitation_dialog|idle_prompt"
HOOK_TIMEOUT = 2  # seconds, Claude Code's per-hook timeout
MAX_FIELD = 500  # characters kept per string field


# --- settings ------------------------------------------------------------------------------

def default_command_env() -> dict[str, str]:
    """Variables the hook command line needs: PYTHONPATH when osc7501wrap is not
    installed in a site directory (run from a source checkout), else nothing."""
    parent = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sites = set()
    try:
        sites.update(os.path.abspath(p) for p in site.getsitepackages())
    except AttributeError:
        pass
    try:
        sites.add(os.path.abspath(site.getusersitepackages()))
    except AttributeError:
        pass
    if parent in sites:
        return {}
    return {"PYTHONPATH": parent}


#: What a word may hold and stay unquoted for sh (shlex.quote's set, without re or shlex)
_SH_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                     "_@%+=:,./-")


def sh_quote(word: str) -> str:
    """`word` as one sh word, as shlex.quote writes it: bare when every character is
    safe, else in single quotes with each ``'`` written ``'"'"'``."""
    if word and all(c in _SH_SAFE for c in word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def hook_command(event: str, *, python: str | None = None,
                 command_env: Mapping[str, str] | None = None) -> str:
    """The shell command Claude Code runs for `event` (each word quoted for sh)."""
    words = [f"{k}={sh_quote(v)}" for k, v in (command_env or {}).items()
             if not k.startswith("OSC7501WRAP_") and k.isidentifier()]
    words += [sh_quote(python or sys.executable or "python3"), "-P", "-m", "osc7501wrap",
              "hook", sh_quote(event)]
    return " ".join(words)


def claude_settings(session_env: Mapping[str, str] | None = None, *,
                    python: str | None = None, timeout: int = HOOK_TIMEOUT,
                    events: Sequence[str] = CLAUDE_EVENTS) -> str:
    """The JSON string for ``claude --settings``: one wrap hook per event in `events`.

    `session_env`: variables set on each hook command line (default:
    :func:`default_command_env`). ``OSC7501WRAP_*`` (the socket and its token) are never
    put here even if given: they travel through the agent's environment, because a command
    line is visible to other users (ps) and the settings JSON is on claude's argv.
    """
    # lazy: json (1.5 ms) only when the settings are made
    import json

    env = default_command_env() if session_env is None else session_env
    hooks: dict[str, list[dict[str, object]]] = {}
    for event in events:
        group: dict[str, object] = {"hooks": [{
            "type": "command",
            "command": hook_command(event, python=python, command_env=env),
            "timeout": timeout,
        }]}
        if event == "Notification":
            group = {"matcher": NOTIFICATION_MATCHER, **group}
        hooks[event] = [group]
    return json.dumps({"hooks": hooks}, separators=(",", ":"))


def add_hook_args(argv: Sequence[str], settings_json: str) -> tuple[list[str], str | None]:
    """`argv` with ``--settings <json>`` inserted right after the program word.

    Returns (argv, note). If the user already passes ``--settings`` (or
    ``--settings=...``), argv is returned unchanged with a note for the log.
    """
    args = list(argv)
    if not args:
        return args, "no command to add hooks to"
    for a in args[1:]:
        if a == "--":
            break
        if a == "--settings" or a.startswith("--settings="):
            return args, "hooks not added: the command already passes --settings"
    return [args[0], "--settings", settings_json, *args[1:]], None


def command_args(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """`argv` with this session's hooks registered (see :func:`add_hook_args`)."""
    return add_hook_args(argv, claude_settings())


# --- the hook input kept ------------------------------------------------------------------

def _text(value: object) -> str | None:
    if isinstance(value, str):
        return value[:MAX_FIELD]
    return None


def hook_subset(event: str, obj: object) -> dict[str, object]:
    """The small part of a hook input the session needs (strings cut to 500 chars)."""
    out: dict[str, object] = {}
    if not isinstance(obj, dict):
        return out
    for key in ("hook_event_name", "session_id", "notification_type", "message", "tool_name",
                "error", "reason", "source", "agent_id"):
        v = _text(obj.get(key))
        if v is not None:
            out[key] = v
    for key in ("stop_hook_active", "is_interrupt"):
        if isinstance(obj.get(key), bool):
            out[key] = obj[key]
    tool_input = obj.get("tool_input")
    if isinstance(tool_input, dict):
        sub: dict[str, str] = {}
        for key in ("command", "description", "file_path", "url"):
            v = _text(tool_input.get(key))
            if v is not None:
                sub[key] = v
        questions = tool_input.get("questions")
        if isinstance(questions, list) and questions and isinstance(questions[0], dict):
            q = _text(questions[0].get("question"))
            if q is not None:
                sub["question"] = q
        if sub:
            out["tool_input"] = sub
    return out
