"""Claude Code hooks: the --settings JSON, and the real hook command reporting to a session."""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import require

from osc7501wrap.agents import claude_hooks
from osc7501wrap.session import channel
from osc7501wrap.session.channel import ControlServer, Message
from osc7501wrap.start.hook import hook_env

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "c0ffee" * 5 + "00"
HOOK_TOKEN = "beef" * 8

PRE_TOOL_USE = {
    "session_id": "8f2c1a7e-5b1d-4c3e-9a0f-2d6b7c8e9f01",
    "transcript_path": "/home/u/.claude/projects/-home-u-proj/8f2c1a7e.jsonl",
    "cwd": "/home/u/proj",
    "permission_mode": "default",
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "rm -rf build && " + "x" * 600,
                   "description": "Remove the build directory"},
    "tool_use_id": "toolu_01ABCDEF",
}




@pytest.fixture
def server(rundir: Path) -> Iterator[ControlServer]:
    srv = ControlServer(channel.socket_path(31337), TOKEN, hook_token=HOOK_TOKEN,
                        reduce=claude_hooks.hook_subset)
    yield srv
    srv.close()


def run_hook(event: str, stdin: bytes | None, env_extra: dict[str, str] | None,
             *argv_prefix: str) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OSC7501WRAP_")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(env_extra or {})
    argv = list(argv_prefix) or [sys.executable, "-P", "-m", "osc7501wrap", "hook"]
    return subprocess.run([*argv, event], input=stdin, env=env, capture_output=True,
                          timeout=30, cwd="/")


def messages(srv: ControlServer, timeout: float = 5.0) -> list[Message]:
    ready, _, _ = select.select([srv], [], [], timeout)
    return srv.receive() if ready else []


def session_env(srv: ControlServer, token: str = HOOK_TOKEN) -> dict[str, str]:
    return hook_env(srv.path, token, "claude-hooks")


# --- settings ------------------------------------------------------------------------------

def test_settings_register_every_event_with_a_short_timeout() -> None:
    settings = json.loads(claude_hooks.claude_settings({}, python="/opt/py 3/bin/python"))
    assert list(settings) == ["hooks"]
    assert set(settings["hooks"]) == {
        "UserPromptSubmit", "PreToolUse", "PostToolUse", "PermissionRequest", "Notification",
        "Stop", "StopFailure", "SubagentStop", "SessionStart", "SessionEnd"}
    for event, groups in settings["hooks"].items():
        (group,) = groups
        (hook,) = group["hooks"]
        assert hook["type"] == "command" and hook["timeout"] == 2
        assert shlex.split(hook["command"]) == [
            "/opt/py 3/bin/python", "-P", "-m", "osc7501wrap", "hook", event]
        if event == "Notification":
            assert group["matcher"] == "permission_prompt|elicitation_dialog|idle_prompt"
        else:
            assert "matcher" not in group


def test_settings_never_carry_the_session_token() -> None:
    text = claude_hooks.claude_settings({"PYTHONPATH": "/src dir", "OSC7501WRAP_TOKEN": "secret",
                                  "OSC7501WRAP_SOCK": "/run/x.sock", "BAD NAME": "x"},
                                 python="python3")
    assert "secret" not in text and "/run/x.sock" not in text and "BAD NAME" not in text
    cmd = json.loads(text)["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert shlex.split(cmd) == ["PYTHONPATH=/src dir", "python3", "-P", "-m", "osc7501wrap",
                                "hook", "Stop"]


def test_default_command_env_points_at_this_checkout_when_not_in_site_packages() -> None:
    env = claude_hooks.default_command_env()
    assert env in ({}, {"PYTHONPATH": str(ROOT)})
    if env:
        assert (Path(env["PYTHONPATH"]) / "osc7501wrap" / "agents" / "claude_hooks.py").is_file()


def test_add_hook_args_inserts_after_the_program_word() -> None:
    argv, note = claude_hooks.add_hook_args(["claude", "--resume", "abc"], '{"hooks":{}}')
    assert argv == ["claude", "--settings", '{"hooks":{}}', "--resume", "abc"]
    assert note is None
    argv, note = claude_hooks.add_hook_args(["/usr/bin/claude"], "{}")
    assert argv == ["/usr/bin/claude", "--settings", "{}"] and note is None


@pytest.mark.parametrize("user_argv", [
    ["claude", "--settings", "/home/u/s.json"],
    ["claude", "-c", "--settings={}"],
])
def test_add_hook_args_leaves_the_users_settings_alone(user_argv: list[str]) -> None:
    argv, note = claude_hooks.add_hook_args(user_argv, '{"hooks":{}}')
    assert argv == user_argv
    assert note is not None and "--settings" in note


def test_add_hook_args_ignores_words_after_double_dash() -> None:
    argv, note = claude_hooks.add_hook_args(["claude", "--", "--settings"], "{}")
    assert argv == ["claude", "--settings", "{}", "--", "--settings"] and note is None


def test_hook_subset_keeps_only_the_small_fields() -> None:
    sub = claude_hooks.hook_subset("PreToolUse", PRE_TOOL_USE)
    assert sub == {
        "hook_event_name": "PreToolUse", "session_id": PRE_TOOL_USE["session_id"],
        "tool_name": "Bash",
        "tool_input": {"command": PRE_TOOL_USE["tool_input"]["command"][:500],
                       "description": "Remove the build directory"}}
    notification = {"hook_event_name": "Notification", "notification_type": "permission_prompt",
                    "message": "Claude needs your permission to use Bash", "cwd": "/x"}
    assert claude_hooks.hook_subset("Notification", notification) == {
        "hook_event_name": "Notification", "notification_type": "permission_prompt",
        "message": "Claude needs your permission to use Bash"}
    stop = {"hook_event_name": "Stop", "stop_hook_active": False, "is_interrupt": True,
            "last_assistant_message": "long text"}
    assert claude_hooks.hook_subset("Stop", stop) == {
        "hook_event_name": "Stop", "stop_hook_active": False, "is_interrupt": True}
    ask = {"tool_name": "AskUserQuestion",
           "tool_input": {"questions": [{"question": "Which DB?", "options": []}]}}
    assert claude_hooks.hook_subset("PreToolUse", ask) == {
        "tool_name": "AskUserQuestion", "tool_input": {"question": "Which DB?"}}
    assert claude_hooks.hook_subset("Stop", ["not", "an", "object"]) == {}
    assert claude_hooks.hook_subset("Stop", {"tool_name": 5, "tool_input": "x"}) == {}


# --- the real hook command -----------------------------------------------------------------

def test_pre_tool_use_hook_arrives_as_a_message(server: ControlServer) -> None:
    done = run_hook("PreToolUse", json.dumps(PRE_TOOL_USE).encode(), session_env(server))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    (msg,) = messages(server)
    assert msg.kind == "hook"
    assert msg.data == {"event": "PreToolUse",
                        "data": claude_hooks.hook_subset("PreToolUse", PRE_TOOL_USE)}
    assert len(msg.data["data"]["tool_input"]["command"]) == 500


def test_hook_through_the_full_command_line(server: ControlServer) -> None:
    code = "import sys; from osc7501wrap.start.cli import main; sys.exit(main(sys.argv[1:]))"
    stop = {"session_id": "s", "hook_event_name": "Stop", "stop_hook_active": False}
    done = run_hook("Stop", json.dumps(stop).encode(), session_env(server),
                    sys.executable, "-c", code, "hook")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    (msg,) = messages(server)
    assert msg.data == {"event": "Stop", "data": {"hook_event_name": "Stop", "session_id": "s",
                                                  "stop_hook_active": False}}


def test_large_hook_input_takes_the_parsing_path(server: ControlServer) -> None:
    write = {"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Write",
             "tool_input": {"file_path": "/p/big.txt", "content": "z" * 200_000}}
    done = run_hook("PreToolUse", json.dumps(write).encode(), session_env(server))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    (msg,) = messages(server)
    assert msg.data == {"event": "PreToolUse", "data": {
        "hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Write",
        "tool_input": {"file_path": "/p/big.txt"}}}


def test_wrong_token_is_ignored(server: ControlServer) -> None:
    done = run_hook("PreToolUse", json.dumps(PRE_TOOL_USE).encode(),
                    session_env(server, token="0" * 32))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert messages(server, timeout=0.5) == []


def test_no_session_in_environment_exits_0_silently() -> None:
    done = run_hook("Stop", b'{"hook_event_name":"Stop"}', None)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_session_socket_gone_exits_0_silently(tmp_path: Path) -> None:
    env = hook_env(str(tmp_path / "gone.sock"), HOOK_TOKEN, "claude-hooks")
    for stdin in (json.dumps(PRE_TOOL_USE).encode(), b"garbage"):
        done = run_hook("PreToolUse", stdin, env)
        assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


@pytest.mark.parametrize("stdin", [b"", b"not json at all", b"\xff\xfe\x00garbage{",
                                   b"[1, 2, 3]", b'{"unterminated": '])
def test_garbage_stdin_still_reports_the_event_without_data(
        server: ControlServer, stdin: bytes) -> None:
    done = run_hook("Stop", stdin, session_env(server))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    (msg,) = messages(server)
    assert msg.data == {"event": "Stop", "data": {}}


def test_brace_wrapped_garbage_is_dropped_not_misread(server: ControlServer) -> None:
    # looks like an object, is not one: the session drops the datagram
    done = run_hook("Stop", b"{not json}", session_env(server))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert messages(server, timeout=0.5) == []


def test_input_cannot_smuggle_another_kind(server: ControlServer) -> None:
    smuggle = b'{"a": 1}, "kind": "send", "text": "yes", "token": "' + TOKEN.encode() + b'", "b": {}'
    done = run_hook("Stop", b"{" + smuggle[1:], session_env(server))
    assert done.returncode == 0
    for msg in messages(server, timeout=0.5):
        assert msg.kind == "hook"


def test_unsafe_event_name_is_not_sent(server: ControlServer) -> None:
    done = run_hook('Stop","kind":"send', b"{}", session_env(server))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert messages(server, timeout=0.5) == []


def test_stdin_left_open_does_not_hang_the_hook(server: ControlServer) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OSC7501WRAP_")}
    env.update(PYTHONPATH=str(ROOT), **session_env(server))
    proc = subprocess.Popen([sys.executable, "-P", "-m", "osc7501wrap", "hook", "Stop"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        proc.stdin.write(b'{"hook_event_name": "Stop", ')  # half an object, never closed
        proc.stdin.flush()
        rc = proc.wait(timeout=20)
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert (rc, out, err) == (0, b"", b"")
    (msg,) = messages(server)
    assert msg.data == {"event": "Stop", "data": {}}


def test_hook_path_stays_light(server: ControlServer) -> None:
    probe = ("import sys, runpy; sys.argv = ['osc7501wrap', 'hook', 'PreToolUse']\n"
             "try:\n    runpy.run_module('osc7501wrap', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "heavy = {'argparse', 'json', 'socket', 're', 'pyte', 'tomllib', "
             "'osc7501wrap.start.cli', 'osc7501wrap.rules', 'osc7501wrap.session.channel'}\n"
             "print(sorted(heavy & set(sys.modules)))\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OSC7501WRAP_")}
    env.update(PYTHONPATH=str(ROOT), **session_env(server))
    done = subprocess.run([sys.executable, "-P", "-c", probe], env=env, capture_output=True,
                          input=json.dumps(PRE_TOOL_USE).encode(), timeout=30)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.decode().replace("'", '"'))
    # runpy itself pulls in `re` on some versions via importlib.util; the hook adds nothing
    assert [m for m in loaded if m != "re"] == []
    (msg,) = messages(server)
    assert msg.data["event"] == "PreToolUse"


# --- the real Claude Code ------------------------------------------------------------------

@pytest.mark.agent
def test_real_claude_code_reports_hooks_and_keeps_user_hooks(server: ControlServer) -> None:
    import re
    import time

    from agentrun import AgentRun, Sandbox, claude_command
    from fakeapi import FakeAPI, Scenario, Text, ToolUse

    require.agent("claude")
    command = "mkdir -p build && touch build/x"
    api = FakeAPI(Scenario([ToolUse("Bash", {"command": command, "description": "Make build"},
                                    text="Running."), Text("All done.")])).start()
    sb = Sandbox.create(prefix="owhook-")
    marker = sb.root / "user-hook-ran"
    user_hooks = {"hooks": {"Stop": [{"hooks": [{"type": "command",
                                                 "command": f"echo stop >> {marker}"}]}]}}
    argv, env = claude_command(sb, api.base_url, settings=user_hooks)
    argv, note = claude_hooks.add_hook_args(argv, claude_hooks.claude_settings())
    assert note is None
    env.update(hook_env(server.path, HOOK_TOKEN, "claude-hooks"))
    got: list[Message] = []

    def collect_until(event: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and event not in [m.data["event"] for m in got]:
            got.extend(messages(server, timeout=0.2))

    try:
        with AgentRun(argv, env=env, cwd=sb.work) as run:
            run.wait(lambda s: "manual mode on" in s, 40)
            collect_until("SessionStart")
            run.type("make the build dir")
            time.sleep(0.3)
            run.key("enter")
            run.wait("Do you want to proceed?", 40, settle=0.8)
            collect_until("PermissionRequest")
            run.key("enter")
            turn_ended = re.compile(r"(?m)^[·✢✳✶✻✽*] \S+ for \d+[smh]")
            run.wait(lambda s: "All done." in s and turn_ended.search(s) is not None, 40,
                     settle=0.8)
            collect_until("Stop")
            for _ in range(3):
                run.key("ctrl+c")
                time.sleep(0.5)
                if run.exit_status is not None:
                    break
            run.wait_exit(15)
            collect_until("SessionEnd")
        user_hook_output = marker.read_text() if marker.exists() else None
    finally:
        api.stop()
        sb.cleanup()
    events = [m.data["event"] for m in got if m.data["event"] != "Notification"]
    assert events == ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
                      "PostToolUse", "Stop", "SessionEnd"]
    by_event = {m.data["event"]: m.data["data"] for m in got}
    assert by_event["PermissionRequest"]["tool_name"] == "Bash"
    assert by_event["PermissionRequest"]["tool_input"]["command"] == command
    assert by_event["Stop"]["stop_hook_active"] is False
    assert all(m.kind == "hook" and m.data["data"]["hook_event_name"] == m.data["event"]
               for m in got)
    # --settings merges: the user's own Stop hook ran too
    assert user_hook_output == "stop\n"
