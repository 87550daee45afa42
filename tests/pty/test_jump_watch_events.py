"""`jump`, `watch`, `events` and `tmux-init` against real wrapped sessions in a private tmux."""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_protocol_tmux import Client
from test_tmux_display import ASK, COMPUTE, Server, wait_until

from osc7501wrap.commands import events as events_mod
from osc7501wrap.commands import jump as jump_mod
from osc7501wrap.commands import live, tmux_init, watch

O7W = [sys.executable, "-m", "osc7501wrap"]


def o7w(runtime: Path, *args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    env["OSC7501WRAP_RUNTIME_DIR"] = str(runtime)
    return subprocess.run([*O7W, *args], capture_output=True, text=True, env=env,
                          timeout=timeout, check=False)


def start_two(server: Server) -> tuple[str, str]:
    """An asking session in tmux session `other`, a computing one in window 1 of `t`."""
    server.cmd("new-session", "-d", "-s", "other", "-x", "80", "-y", "24", "sleep 120")
    ask = server.cmd("display", "-p", "-t", "other", "#{pane_id}").strip()
    compute = server.cmd("new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "t:",
                         "sleep 120").strip()
    server.wrapped(ask, ASK)
    server.wrapped(compute, COMPUTE)
    wait_until(lambda: server.option(ask) == "blocked", what="blocked")
    wait_until(lambda: server.option(compute) == "working", what="working")
    return ask, compute


@pytest.mark.tmux
def test_jump_from_another_pane_focuses_the_blocked_pane(server: Server) -> None:
    client = Client(server)
    try:
        ask, compute = start_two(server)
        shell = server.pane()  # session t, window 0: where the user is
        assert server.cmd("list-clients", "-F", "#{client_session}").strip() == "t"
        cmd = " ".join(["env", f"OSC7501WRAP_RUNTIME_DIR={shlex.quote(str(server.runtime))}",
                        *map(shlex.quote, O7W), "jump;", "echo", "rc=$?"])
        server.cmd("respawn-pane", "-k", "-t", shell, "sh")
        server.cmd("send-keys", "-t", shell, cmd, "Enter")
        wait_until(lambda: server.cmd("list-clients", "-F", "#{client_session}").strip()
                   == "other", what="the client to switch to the blocked session")
        assert server.cmd("display", "-p", "-t", ask,
                          "#{window_active}#{pane_active}").strip() == "11"
        assert server.cmd("display", "-p", "-c",
                          server.cmd("list-clients", "-F", "#{client_name}").strip(),
                          "#{pane_id}").strip() == ask
        wait_until(lambda: "rc=0" in server.cmd("capture-pane", "-p", "-t", shell),
                   what="jump's exit status")
        # outside tmux: where it is, status 0; --next with one blocked stays on it
        out = o7w(server.runtime, "jump")
        assert out.returncode == 0, out.stderr
        assert "blocked for" in out.stdout and "Continue? [y/N]" in out.stdout
        assert f"tmux {ask}" in out.stdout and "cwd" in out.stdout and "tty" in out.stdout
        # watch --once lists both; events prints the blocked one
        frame = o7w(server.runtime, "watch", "--once").stdout
        rows = [line for line in frame.splitlines() if line.startswith(("◆", "●"))]
        assert len(rows) == 2, frame
        assert "blocked" in rows[0] and "other:0.0" in rows[0] and "Continue? [y/N]" in rows[0]
        assert rows[0].split()[2] == "sh"  # the program's name: it has no agent rules
        assert "working" in rows[1] and "t:1.0" in rows[1]
        assert "2 sessions, 1 waiting" in frame and "\x1b[" not in frame
        lines = [json.loads(x) for x in o7w(server.runtime, "events", "--once")
                 .stdout.splitlines()]
        states = {e["tmux_pane"]: e["state"] for e in lines}
        assert states == {ask: "blocked", compute: "working"}
        assert set(lines[0]) == set(events_mod.EVENT_KEYS)
        assert o7w(server.runtime, "tmux-init", "--status").stdout == "1 waiting\n"
        server.cmd("send-keys", "-t", ask, "y", "Enter")
        wait_until(lambda: o7w(server.runtime, "jump").returncode == 1, what="none blocked")
        assert "no session is blocked" in o7w(server.runtime, "jump").stderr
    finally:
        client.close()


@pytest.mark.tmux
def test_events_streams_the_change_to_blocked(server: Server) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    env["OSC7501WRAP_RUNTIME_DIR"] = str(server.runtime)
    server.runtime.mkdir(mode=0o700)
    proc = subprocess.Popen([*O7W, "events"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        pane = server.pane()
        server.wrapped(pane, ASK)
        seen = []
        deadline = time.monotonic() + 15
        while True:
            assert time.monotonic() < deadline, seen
            line = proc.stdout.readline()  # type: ignore[union-attr]
            seen.append(json.loads(line))
            if seen[-1]["state"] == "blocked":
                break
        ev = seen[-1]
        assert '"state": "blocked"' in line
        assert ev["tmux_pane"] == pane and ev["kind"] == "question"
        assert ev["msg"] == "Continue? [y/N]" and ev["agent"] == "sh"
        server.cmd("send-keys", "-t", pane, "y", "Enter")
        while seen[-1]["state"] != "exited":
            assert time.monotonic() < deadline, seen
            seen.append(json.loads(proc.stdout.readline()))  # type: ignore[union-attr]
        assert seen[-1]["session"] == ev["session"]
    finally:
        proc.terminate()
        proc.wait(timeout=5)


def test_registry_watch_wakes_on_a_change_not_by_polling(tmp_path: Path) -> None:
    w = live.RegistryWatch(tmp_path)
    try:
        assert w.kind == ("inotify" if sys.platform.startswith("linux") else "kqueue")
        t0 = time.monotonic()
        assert w.wait(0.3) == [] and time.monotonic() - t0 >= 0.29  # nothing: it sleeps
        (tmp_path / ".1.json.tmp").write_text("{}")
        os.replace(tmp_path / ".1.json.tmp", tmp_path / "1.json")
        own = w.fileno()
        assert own is not None and select.select([own], [], [], 0)[0] == [own]  # at once
        t0 = time.monotonic()
        w.wait(60)
        assert time.monotonic() - t0 < 30  # woken by the change, not the timeout
        assert select.select([own], [], [], 0)[0] == []  # and the change is taken
    finally:
        w.close()


def test_events_tracker_reports_changes_and_exits() -> None:
    t = events_mod.Tracker()
    a = {"pid": 1, "state": "working", "since": 1.0, "msg": "x\x1b[2J"}
    assert [e["state"] for e in t.changes([a])] == ["working"]
    assert t.changes([a]) == []
    b = {**a, "state": "blocked", "since": 2.0, "kind": "permission"}
    (ev,) = t.changes([b])
    assert ev["state"] == "blocked" and ev["kind"] == "permission" and "\x1b" not in ev["msg"]
    (gone,) = t.changes([])
    assert gone["state"] == "exited" and gone["session"] == 1


def test_jump_order_and_next_cycle() -> None:
    entries = [{"pid": 3, "state": "blocked", "since": 30.0},
               {"pid": 1, "state": "working", "since": 1.0},
               {"pid": 2, "state": "blocked", "since": 20.0},
               {"pid": 4, "state": "blocked", "since": 40.0}]
    blocked = live.blocked_longest_first(entries)
    assert [e["pid"] for e in blocked] == [2, 3, 4]
    assert jump_mod.choose(blocked, False, 3)["pid"] == 2
    assert jump_mod.choose(blocked, True, 3)["pid"] == 4
    assert jump_mod.choose(blocked, True, 4)["pid"] == 2
    assert jump_mod.choose(blocked, True, 99)["pid"] == 2


def test_watch_frame_is_bounded_and_coloured_on_request() -> None:
    entries = [{"pid": 1, "state": "blocked", "since": 0.0, "agent": "claude",
                "msg": "Allow?" * 50, "cwd": "/x", "tmux_pane": "%3",
                "tmux_socket": "/s"}]
    plain = watch.frame(entries, width=100, now=65.0, colour=False,
                        locations={("/s", "%3"): "main:2.1"})
    assert all(len(line) <= 100 for line in plain)
    assert "main:2.1" in plain[2] and "1m" in plain[2] and "◆" in plain[2]
    coloured = watch.frame(entries, width=60, now=65.0, colour=True, selected=0)
    assert coloured[2].startswith("\x1b[33;1;7m")


def test_watch_gives_the_spare_width_to_the_message() -> None:
    msg = "Bash: " + "x" * 120
    entries = [{"pid": 1, "state": "blocked", "since": 0.0, "agent": "claude", "msg": msg,
                "cwd": "/src/app", "tmux_pane": "%3", "tmux_socket": "/s"},
               {"pid": 2, "state": "working", "since": 0.0, "agent": "make", "msg": "",
                "cwd": "/src", "tty": "/dev/pts/4"}]
    locs = {("/s", "%3"): "main:2.1"}
    for width in (100, 160, 240):
        head, cols, row, other = watch.frame(entries, width=width, now=5.0, colour=False,
                                             locations=locs)
        assert all(len(x) <= width for x in (head, cols, row, other))
        assert row.endswith(" /src/app") and other.endswith(" /src")  # cwd whole, at the end
        shown = row.split("main:2.1", 1)[1].split(" /src/app")[0].strip()
        assert len(shown) >= min(len(msg), width - 60), (width, row)  # the rest: the message
        assert cols.index("MSG") == row.index("Bash:")
    wide = watch.frame(entries, width=240, now=5.0, colour=False, locations=locs)
    assert msg in wide[2]
    # a narrow pane: the message right after the state, the other columns after it
    head, cols, row, other = watch.frame(entries, width=50, now=5.0, colour=False,
                                         locations=locs)
    assert row.startswith("◆ blocked  Bash: xxxxxxxx") and cols.startswith("  STATE    MSG")
    assert all(len(x) <= 50 for x in (head, cols, row, other))


@pytest.mark.tmux
def test_tmux_init_snippet_loads_and_shows_glyphs(server: Server, tmp_path: Path) -> None:
    snippet = tmp_path / "o7w.conf"
    snippet.write_text(tmux_init.snippet("/bin/true"))
    server.cmd("source-file", str(snippet))
    pane = server.pane()
    fmt = server.cmd("show", "-gv", "window-status-format").strip()
    assert server.cmd("display", "-p", "-t", pane, fmt).strip() == \
        server.cmd("display", "-p", "-t", pane, "#I:#W#{?window_flags,#{window_flags}, }").strip()
    for state, (colour, glyph) in tmux_init.STYLE.items():
        server.cmd("set", "-p", "-t", pane, "@osc7501_state", state)
        shown = server.cmd("display", "-p", "-t", pane, fmt)
        assert f"#[fg={colour}] {glyph}#[default]" in shown, (state, shown)
    keys = server.cmd("list-keys", "-T", "prefix")
    assert "/bin/true jump --quiet" in keys and "/bin/true jump --next --quiet" in keys
    assert "#{E:@osc7501_waiting} waiting" in server.cmd("show", "-gv", "status-right")


def fake_session(runtime: Path, pid: int, **fields: object) -> None:
    """A registry entry for a live pid (ours), written as wrap writes it."""
    from osc7501wrap.session.registry import SessionFile

    runtime.mkdir(mode=0o700, exist_ok=True)
    entry = {"pid": pid, "id": f"s{pid}", "agent": "claude", "state": "working", "kind": None,
             "msg": "", "since": time.time(), "started": time.time(), "cwd": "/src/app",
             "argv": ["claude"], "tty": "/dev/pts/9", "tmux_pane": None, "tmux_socket": None,
             "socket": None, "token": "x"}
    entry.update(fields)
    SessionFile(pid=pid, directory=runtime).create(entry)


def test_watch_live_redraws_on_change_and_restores_the_terminal(tmp_path: Path) -> None:
    from term import Terminal, base_env

    runtime = tmp_path / "run"
    fake_session(runtime, os.getpid())
    t = Terminal([*O7W, "watch"], env=base_env(OSC7501WRAP_RUNTIME_DIR=str(runtime)))
    try:
        t.expect(b"1 session, 0 waiting")
        t.expect(b"working")  # the rest of the first frame, which may come in a second write
        assert b"\x1b[?1049h" in t.output
        fake_session(runtime, os.getpid(), state="blocked", kind="question", msg="Proceed?")
        t.expect(b"1 session, 1 waiting", timeout=5)
        t.expect(b"Proceed?")
        t.type(b"\r")  # outside tmux: Enter says where it is
        t.expect(b"tty  /dev/pts/9")
        t.type(b"q")
        assert t.wait(timeout=10) == 0
        assert t.output.rstrip().endswith(b"\x1b[?25h\x1b[?1049l")
    finally:
        t.close()


def test_registry_watch_without_kernel_notification_compares_once_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import select as select_mod

    monkeypatch.setattr(live, "_inotify", lambda directory: None)
    monkeypatch.delattr(select_mod, "kqueue", raising=False)
    w = live.RegistryWatch(tmp_path)
    try:
        assert w.kind == "poll" and w.fileno() is None
        (tmp_path / "7.json").write_text("{}")
        t0 = time.monotonic()
        w.wait(5)
        assert time.monotonic() - t0 < 1.5
        t0 = time.monotonic()
        w.wait(0.3)  # nothing changed since: it sleeps the whole timeout
        assert time.monotonic() - t0 >= 0.29
    finally:
        w.close()


@pytest.mark.tmux
def test_the_snippet_key_jumps(server: Server, tmp_path: Path) -> None:
    """prefix j of `tmux-init` runs jump through run-shell, which tmux gives $TMUX."""
    client = Client(server)
    try:
        server.cmd("set-environment", "-g", "OSC7501WRAP_RUNTIME_DIR", str(server.runtime))
        snippet = tmp_path / "o7w.conf"
        snippet.write_text(tmux_init.snippet(" ".join(map(shlex.quote, O7W))))
        server.cmd("source-file", str(snippet))
        ask, _ = start_two(server)
        assert server.cmd("list-clients", "-F", "#{client_session}").strip() == "t"
        client.child.send(b"\x02j")  # prefix (C-b), then j
        wait_until(lambda: server.cmd("list-clients", "-F", "#{client_session}").strip()
                   == "other", what="the key to switch the client")
        assert server.cmd("display", "-p", "-t", ask, "#{pane_active}").strip() == "1"
    finally:
        client.close()
