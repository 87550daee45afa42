"""The per-session control socket: authentication, limits, replies, paths."""

from __future__ import annotations

import json
import os
import re
import select
import socket
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from osc7501wrap.agents import reducer
from osc7501wrap.session import channel
from osc7501wrap.session.channel import MAX_DATAGRAM, ControlServer, Message, request

TOKEN = "a" * 32
HOOK_TOKEN = "b" * 32




@pytest.fixture
def server(rundir: Path) -> Iterator[ControlServer]:
    srv = ControlServer(channel.socket_path(4242), TOKEN, hook_token=HOOK_TOKEN,
                        reduce=reducer("claude-hooks"))
    yield srv
    srv.close()


def raw_send(path: str, data: bytes) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 512 * 1024)
        s.sendto(data, path)
    finally:
        s.close()


def wait_messages(srv: ControlServer, timeout: float = 5.0) -> list[Message]:
    ready, _, _ = select.select([srv], [], [], timeout)
    return srv.receive() if ready else []


def test_socket_is_private_and_removed_on_close(rundir: Path) -> None:
    srv = ControlServer(channel.socket_path(4242), TOKEN)
    path = Path(srv.path)
    assert path == rundir / "4242.sock"
    assert stat.S_ISSOCK(path.stat().st_mode)
    assert path.stat().st_mode & 0o777 == 0o600
    assert rundir.stat().st_mode & 0o777 == 0o700
    srv.close()
    assert not path.exists()
    assert srv.fileno() == -1
    assert srv.receive() == []


def test_stale_socket_file_is_replaced(rundir: Path) -> None:
    first = ControlServer(channel.socket_path(4242), TOKEN)
    first._sock.close()  # type: ignore[union-attr]  # a dead process leaves its file
    first._sock = None
    second = ControlServer(channel.socket_path(4242), TOKEN)
    assert request(second.path, TOKEN, {"kind": "hook", "event": "Stop"}, want_reply=False) == {}
    assert [m.kind for m in wait_messages(second)] == ["hook"]
    second.close()


def test_request_without_reply_arrives_as_message(server: ControlServer) -> None:
    sent = request(server.path, TOKEN, {"kind": "send", "text": "hi", "answer": False,
                                        "enter": True}, want_reply=False)
    assert sent == {}
    msgs = wait_messages(server)
    assert msgs == [Message("send", {"text": "hi", "answer": False, "enter": True}, None)]


def test_receive_drains_every_pending_datagram_and_never_blocks(server: ControlServer) -> None:
    assert server.receive() == []
    for i in range(5):
        request(server.path, TOKEN, {"kind": "hook", "event": f"E{i}", "data": {"n": i}},
                want_reply=False)
    msgs = wait_messages(server)
    assert [m.data["event"] for m in msgs] == [f"E{i}" for i in range(5)]
    assert [m.data["data"] for m in msgs] == [{"n": i} for i in range(5)]
    assert server.receive() == []


@pytest.mark.parametrize("datagram", [
    json.dumps({"token": "wrong", "kind": "send", "text": "x"}).encode(),
    json.dumps({"kind": "send", "text": "x"}).encode(),
    json.dumps({"token": TOKEN, "kind": "unknown"}).encode(),
    json.dumps({"token": TOKEN}).encode(),
    json.dumps({"token": 5, "kind": "send"}).encode(),
    json.dumps([TOKEN, "send"]).encode(),
    b'{"token": "' + TOKEN.encode() + b'", "kind": "send", ',
    b"\xff\xfe garbage",
    b"",
    # the hook token does not allow typing
    json.dumps({"token": HOOK_TOKEN, "kind": "send", "text": "x"}).encode(),
    json.dumps({"token": HOOK_TOKEN, "kind": "explain"}).encode(),
    # a hook without an event name
    json.dumps({"token": TOKEN, "kind": "hook", "data": {}}).encode(),
])
def test_invalid_datagrams_are_dropped_silently(server: ControlServer, datagram: bytes) -> None:
    raw_send(server.path, datagram)
    request(server.path, TOKEN, {"kind": "explain"}, want_reply=False)  # a valid marker
    assert [m.kind for m in wait_messages(server)] == ["explain"]


def test_oversized_datagram_is_dropped(server: ControlServer) -> None:
    big = {"token": TOKEN, "kind": "send", "text": "x" * MAX_DATAGRAM}
    raw_send(server.path, json.dumps(big).encode())
    assert request(server.path, TOKEN, dict(big, kind="send"), want_reply=False) is None
    just_fits = {"token": TOKEN, "kind": "send", "text": ""}
    overhead = len(json.dumps(just_fits, separators=(",", ":")))
    just_fits["text"] = "y" * (MAX_DATAGRAM - overhead)
    raw_send(server.path, json.dumps(just_fits, separators=(",", ":")).encode())
    msgs = wait_messages(server)
    assert [len(m.data["text"]) for m in msgs] == [MAX_DATAGRAM - overhead]


def test_hook_token_allows_hook_messages(server: ControlServer) -> None:
    request(server.path, HOOK_TOKEN, {"kind": "hook", "event": "Stop", "data": {"x": 1}},
            want_reply=False)
    assert wait_messages(server) == [Message("hook", {"event": "Stop", "data": {"x": 1}})]


def test_raw_hook_input_is_reduced_on_receipt(server: ControlServer) -> None:
    hook_input = {"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Write",
                  "tool_input": {"file_path": "/x/a.py", "content": "print(1)\n" * 100}}
    request(server.path, HOOK_TOKEN, {"kind": "hook", "event": "PreToolUse",
                                      "raw": hook_input}, want_reply=False)
    (msg,) = wait_messages(server)
    assert msg.data == {"event": "PreToolUse", "data": {
        "hook_event_name": "PreToolUse", "session_id": "s1", "tool_name": "Write",
        "tool_input": {"file_path": "/x/a.py"}}}


def test_raw_hook_input_without_an_integration_keeps_only_the_event(rundir: Path) -> None:
    with ControlServer(channel.socket_path(4244), TOKEN, hook_token=HOOK_TOKEN) as srv:
        request(srv.path, HOOK_TOKEN, {"kind": "hook", "event": "Stop",
                                       "raw": {"hook_event_name": "Stop"}}, want_reply=False)
        assert wait_messages(srv) == [Message("hook", {"event": "Stop", "data": {}})]


def serve_once(srv: ControlServer, reply: dict[str, object] | None) -> threading.Thread:
    def run() -> None:
        for msg in wait_messages(srv):
            if reply is not None:
                srv.reply(msg, dict(reply, echo=msg.data))

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def test_request_gets_the_reply_and_removes_its_socket(server: ControlServer,
                                                       rundir: Path) -> None:
    t = serve_once(server, {"ok": True})
    reply = request(server.path, TOKEN, {"kind": "explain", "q": "ü"}, timeout=5.0)
    t.join(5)
    assert reply == {"ok": True, "echo": {"q": "ü"}}
    assert sorted(p.name for p in rundir.iterdir()) == ["4242.sock"]


def test_a_reply_too_big_for_a_datagram_is_an_error_not_silence(
        server: ControlServer) -> None:
    t = serve_once(server, {"ok": True, "rules": "x" * (MAX_DATAGRAM + 10)})
    reply = request(server.path, TOKEN, {"kind": "explain"}, timeout=5.0)
    t.join(5)
    assert reply is not None and reply["ok"] is False
    assert "larger than one datagram" in reply["error"]


def test_request_times_out_to_none(server: ControlServer, rundir: Path) -> None:
    t = serve_once(server, None)  # receives, never answers
    assert request(server.path, TOKEN, {"kind": "explain"}, timeout=0.2) is None
    t.join(5)
    assert sorted(p.name for p in rundir.iterdir()) == ["4242.sock"]


def test_request_to_missing_or_dead_socket_is_none(rundir: Path, tmp_path: Path) -> None:
    assert request(tmp_path / "nope.sock", TOKEN, {"kind": "explain"}, timeout=0.2) is None
    assert request(tmp_path / "nope.sock", TOKEN, {"kind": "hook"}, want_reply=False) is None
    srv = ControlServer(channel.socket_path(7), TOKEN)
    srv._sock.close()  # type: ignore[union-attr]  # the file stays, nobody listens
    assert request(srv.path, TOKEN, {"kind": "explain"}, timeout=0.2) is None
    # not JSON-serialisable: still None, no exception
    assert request(srv.path, TOKEN, {"kind": "hook", "x": object()}, want_reply=False) is None


def test_reply_is_best_effort(server: ControlServer) -> None:
    assert server.reply(Message("explain", {}, None), {"ok": True}) is False
    gone = Message("explain", {}, str(Path(server.path).with_name("gone.sock")))
    assert server.reply(gone, {"ok": True}) is False
    assert server.reply(gone, {"bad": object()}) is False


def test_long_runtime_dir_falls_back_to_short_private_dir(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_dir = tmp_path / ("d" * 60) / ("e" * 60)
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(long_dir))
    path = Path(channel.socket_path(99999))
    assert path.parent == Path(f"/tmp/osc7501wrap-{os.getuid()}")
    assert len(os.fsencode(str(path))) < channel.SUN_PATH_MAX
    st = path.parent.stat()
    assert st.st_uid == os.getuid() and st.st_mode & 0o777 == 0o700
    with ControlServer(path, TOKEN) as srv:
        t = serve_once(srv, {"ok": True})
        assert request(srv.path, TOKEN, {"kind": "explain"}, timeout=5.0) == {
            "ok": True, "echo": {}}
        t.join(5)
    assert not path.exists()


def test_server_refuses_a_path_too_long_for_af_unix(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        ControlServer(tmp_path / ("s" * 120), TOKEN)


def test_tokens_are_fresh() -> None:
    tokens = [channel.new_token() for _ in range(64)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", t) for t in tokens), tokens[:3]  # 128 bits
    assert len(set(tokens)) == len(tokens)
    # random in every digit: a counter, a clock or a short seed leaves some digits fixed
    # (64 random tokens give fewer than 8 values in a digit with odds under 1e-12)
    assert min(len({t[i] for t in tokens}) for i in range(32)) >= 8, tokens[:3]
