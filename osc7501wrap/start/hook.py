"""Claude Code hooks as edges: settings for `claude --settings`, and the hook command.

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

The hook command (:func:`cmd_hook`) reads the hook's JSON from stdin (bounded, with a
deadline), keeps a small subset of it, and sends one datagram to its session's control
socket, found through ``OSC7501WRAP_SOCK`` and ``OSC7501WRAP_TOKEN`` in the environment
(the session puts both into the agent's environment; see :func:`hook_env`). It always
exits 0 and prints nothing: no session, bad JSON, a vanished socket are all silent, since
a hook must never slow down or break the agent. It runs on every tool call, so its import
path is kept light (no screen model, no rules, no argparse: ``python -m osc7501wrap hook``
is dispatched by ``__main__`` before the command line is built).

This module does not interpret hook events; the session's fusion does.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time: the hook path must start fast
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

#: Events wrap registers, in this order.
CLAUDE_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
                 "PostToolUse", "Notification", "Stop", "StopFailure", "SubagentStop",
                 "SessionEnd")
NOTIFICATION_MATCHER = "permission_prompt|elicitation_dialog|idle_prompt"
HOOK_TIMEOUT = 2  # seconds, Claude Code's per-hook timeout
ENV_SOCK = "OSC7501WRAP_SOCK"
ENV_TOKEN = "OSC7501WRAP_TOKEN"
#: Longest hook input read from stdin; anything larger is reported without its data.
MAX_INPUT = 4 * 1024 * 1024
READ_DEADLINE = 1.0  # seconds for the whole stdin read
SEND_TIMEOUT = 0.5
MAX_FIELD = 500  # characters kept per string field


# --- settings ------------------------------------------------------------------------------

def hook_env(sock_path: str, token: str) -> dict[str, str]:
    """The variables the session adds to the agent's environment for its hooks."""
    return {ENV_SOCK: sock_path, ENV_TOKEN: token}


def default_command_env() -> dict[str, str]:
    """Variables the hook command line needs: PYTHONPATH when osc7501wrap is not
    installed in a site directory (run from a source checkout), else nothing."""
    import site

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


def hook_command(event: str, *, python: str | None = None,
                 command_env: Mapping[str, str] | None = None) -> str:
    """The shell command Claude Code runs for `event` (quoted with shlex)."""
    import shlex

    words = [f"{k}={shlex.quote(v)}" for k, v in (command_env or {}).items()
             if k not in (ENV_SOCK, ENV_TOKEN) and k.isidentifier()]
    words += [shlex.quote(python or sys.executable or "python3"), "-P", "-m", "osc7501wrap",
              "hook", shlex.quote(event)]
    return " ".join(words)


def claude_settings(session_env: Mapping[str, str] | None = None, *,
                    python: str | None = None, timeout: int = HOOK_TIMEOUT,
                    events: Sequence[str] = CLAUDE_EVENTS) -> str:
    """The JSON string for ``claude --settings``: one wrap hook per event in `events`.

    `session_env`: variables set on each hook command line (default:
    :func:`default_command_env`). ``OSC7501WRAP_SOCK``/``OSC7501WRAP_TOKEN`` are never put
    here even if given: they travel through the agent's environment, because a command
    line is visible to other users (ps) and the settings JSON is on claude's argv.
    """
    import json

    env = default_command_env() if session_env is None else session_env
    hooks: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        group: dict[str, Any] = {"hooks": [{
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


# --- the hook command ----------------------------------------------------------------------

def _read_stdin(limit: int = MAX_INPUT, deadline: float = READ_DEADLINE) -> bytes | None:
    """Read stdin to EOF, at most `limit` bytes and `deadline` seconds. None if cut short."""
    import select
    import time

    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return b""
    end = time.monotonic() + deadline
    chunks: list[bytes] = []
    size = 0
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            ready, _, _ = select.select([fd], [], [], left)
        except (OSError, ValueError):
            return None
        if not ready:
            return None
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            continue
        except OSError:
            return None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return None


def _text(value: object) -> str | None:
    if isinstance(value, str):
        return value[:MAX_FIELD]
    return None


def hook_subset(event: str, obj: object) -> dict[str, Any]:
    """The small part of a hook input the session needs (strings cut to 500 chars)."""
    out: dict[str, Any] = {}
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


def send_hook(event: str, data: dict[str, Any], environ: Mapping[str, str] | None = None) -> bool:
    """Send one hook datagram (already reduced `data`) to the session named in the
    environment. Never raises."""
    env = os.environ if environ is None else environ
    sock, token = env.get(ENV_SOCK), env.get(ENV_TOKEN)
    if not sock or not token:
        return False
    from ..session.channel import request

    payload = {"kind": "hook", "event": event[:100], "data": data}
    return request(sock, token, payload, timeout=SEND_TIMEOUT, want_reply=False) is not None


def _safe_word(text: str) -> bool:
    return 0 < len(text) <= 100 and all(c.isascii() and (c.isalnum() or c in "_-") for c in text)


def _send_raw(sock_path: str, token: str, event: str, raw: bytes) -> bool:
    """The fast path: splice the hook input, unparsed, into the datagram.

    ``{"raw": <hook input>, "kind": "hook", "event": E, "token": T}``. Our keys come last,
    so they win over any same-named key a malformed input might smuggle in; the session
    parses ``raw`` and reduces it with :func:`hook_subset`. Uses ``_socket`` and no json,
    which keeps `socket`, `json` and `re` out of the hook's start-up.
    """
    import _socket

    datagram = b"".join((b'{"raw":', raw, b',"kind":"hook","event":"', event.encode(),
                         b'","token":"', token.encode(), b'"}'))
    s = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    try:
        try:
            s.setsockopt(_socket.SOL_SOCKET, _socket.SO_SNDBUF, 256 * 1024)
        except OSError:
            pass
        s.settimeout(SEND_TIMEOUT)
        s.sendto(datagram, sock_path)
        return True
    except OSError:
        return False
    finally:
        s.close()


#: Inputs up to this size that look like a JSON object take the fast path.
FAST_LIMIT = 60 * 1024


def hook_main(argv: Sequence[str]) -> int:
    """``osc7501wrap hook EVENT``: always 0, never prints (see the module docstring)."""
    try:
        sock, token = os.environ.get(ENV_SOCK), os.environ.get(ENV_TOKEN)
        if not argv or not sock or not token:
            return 0
        event = str(argv[0])
        if not _safe_word(event):
            return 0
        raw = _read_stdin()
        body = raw.strip() if raw else b""
        if (_safe_word(token) and len(body) <= FAST_LIMIT and body[:1] == b"{"
                and body[-1:] == b"}"):
            _send_raw(sock, token, event, body)
            return 0
        data: dict[str, Any] = {}
        if body:
            import json

            try:
                data = hook_subset(event, json.loads(body.decode("utf-8", "replace")))
            except (ValueError, RecursionError):
                data = {}
        send_hook(event, data)
    except BaseException:
        pass
    return 0


def cmd_hook(args: Any) -> int:
    return hook_main([getattr(args, "event", "")])
