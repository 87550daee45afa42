"""What another machine says is untrusted text: the feed reader takes only feed lines of
the known shape, rebuilds every row from typed keys and cleans every text (controls,
bidi marks, 10 KB, shell and tmux syntax kept as inert text); the ssh command line
quotes every argument and takes no destination that looks like an option."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from osc7501wrap.errors import WrapError
from osc7501wrap.fleet.remote import MAX_LINE, Remote, parse_feed
from osc7501wrap.fleet.span import split_session

HOSTILE = ["#(touch PWNED)", "#{pane_id}", "$(touch PWNED)", "`touch PWNED`", "%H",
           "'\"\\", "\x1b]0;PWNED\x07", "\x1b[2J", "\r\n", "\u202eevil\u202c", "\u2066x\u2069",
           "\x9b31m", "\x00"]


def feed(*sessions: dict, **extra: object) -> bytes:
    return json.dumps({"feed": 1, "now": 1.0, "sessions": list(sessions), "ended": [],
                       **extra}).encode()


def row(**kw: object) -> dict:
    base = {"pid": 42, "id": "wrap/42", "agent": "claude", "state": "blocked",
            "kind": "permission", "msg": "Bash: ls", "since": 10.0, "cwd": "/src",
            "argv": ["claude"], "tty": "/dev/pts/1", "tmux_pane": "%3", "dialog": None}
    base.update(kw)
    return base


def test_hostile_text_is_inert_and_bounded() -> None:
    text = " ".join(HOSTILE) + "x" * 10_000
    dialog = {"id": "ab12", "question": text,
              "options": [{"number": 1, "label": text, "selected": True, "key": text}]}
    got = parse_feed(feed(row(msg=text, cwd=text, agent=text, id=text, tty=text,
                              tmux_pane=text, argv=[text] * 10 + ["a"] * 90, dialog=dialog)))
    (r,) = got.sessions
    for key in ("msg", "cwd", "agent", "id", "tty", "tmux_pane"):
        v = r[key]
        assert isinstance(v, str) and len(v) <= 512, key
        assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in v), (key, v)
        assert not any(c in v for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert r["msg"].startswith("#(touch PWNED) #{pane_id} $(touch PWNED) `touch PWNED` %H")
    assert len(r["msg"]) == 300 and r["msg"].endswith("…")
    assert len(r["argv"]) == 64 and all(len(a) <= 256 for a in r["argv"])
    d = r["dialog"]
    assert len(d["question"]) <= 240 and len(d["options"][0]["label"]) <= 160
    assert "\x1b" not in json.dumps(r)


@pytest.mark.parametrize("line, why", [
    (b"not json", "not a feed line"),
    (b"[]", "no \"feed\": 1"),
    (b'{"feed": 2, "now": 1, "sessions": []}', "no \"feed\": 1"),
    (b'{"feed": 1, "now": NaN, "sessions": []}', "not a feed line"),
    (b'{"feed": 1, "now": Infinity, "sessions": []}', "not a feed line"),
    (b'{"feed": 1, "now": "x", "sessions": []}', "now, sessions"),
    (b'{"feed": 1, "now": 1, "sessions": {}}', "now, sessions"),
    (b"\xff\xfe", "UnicodeDecodeError"),
    (b"[" * 200_000 + b"]" * 200_000, "not a feed line"),
    (b'{"feed": 1, "now": 1, "sessions": [' + b"{}," * 300 + b"{}]}", "more than 256"),
    (b" " * (MAX_LINE + 1), "longer than"),
])
def test_what_is_not_a_feed_line_is_refused(line: bytes, why: str) -> None:
    with pytest.raises(ValueError, match=why.replace("(", r"\(").replace('"', '"')):
        parse_feed(line)


def test_rows_are_rebuilt_from_typed_keys() -> None:
    got = parse_feed(feed(
        row(pid=True), row(pid="7"), row(pid=-1), row(pid=2 ** 40),  # no pid: dropped
        row(pid=5, state="pwned", kind="rm -rf", since="yesterday", argv="sh -c x",
            token="secret", socket="/tmp/s", dialog={"id": "$(x)", "options": []}),
        "not a row"))
    (r,) = got.sessions
    assert r["pid"] == 5 and r["state"] is None and r["kind"] is None
    assert r["since"] is None and r["argv"] == [] and r["dialog"] is None
    assert "token" not in r and "socket" not in r


def test_the_ssh_command_quotes_every_argument() -> None:
    remote = Remote.make(ssh="ssh -F '/my config'", program="~/.local/bin/osc7501wrap",
                         timeout=7.5, env={})
    argv = remote.argv("me@build", "answer", "1; touch PWNED", "$(x)", "--dialog", "ab")
    assert argv[:3] == ["ssh", "-F", "/my config"]
    assert argv[argv.index("--") + 1:-1] == ["me@build"]
    assert "BatchMode=yes" in argv and "ConnectTimeout=8" in argv
    assert "ServerAliveInterval=5" in argv
    far = argv[-1]
    assert far.startswith("~/.local/bin/osc7501wrap answer ")
    assert shlex.split(far)[1:] == ["answer", "1; touch PWNED", "$(x)", "--dialog", "ab"]
    env = {"OSC7501WRAP_SSH": "myssh -p 2222", "OSC7501WRAP_REMOTE_PROGRAM": "o7w"}
    from_env = Remote.make(env=env)
    assert from_env.ssh == ("myssh", "-p", "2222") and from_env.program == "o7w"
    for bad in ("-oProxyCommand=touch PWNED", "a b", "host:22", "", "x" * 200, "h\nx"):
        with pytest.raises(WrapError):
            remote.argv(bad, "feed")
    with pytest.raises(WrapError, match="--ssh"):
        Remote.make(ssh="ssh 'unclosed", env={})


def test_host_colon_session() -> None:
    assert split_session("build:123") == ("build", "123")
    assert split_session("me@gpu1:%3") == ("me@gpu1", "%3")
    assert split_session("123") == (None, "123")
    assert split_session("build:wrap/1") == ("build", "wrap/1")
    with pytest.raises(WrapError):
        split_session("-oProxyCommand=x:1")



def test_back_off_doubles_to_thirty_seconds_with_a_tenth_of_play() -> None:
    from osc7501wrap.fleet.machines import backoff

    for tries, base in ((1, 1), (2, 2), (3, 4), (5, 16), (6, 30), (40, 30)):
        got = [backoff(tries) for _ in range(50)]
        assert all(0.9 * base <= x <= 1.1 * base for x in got), (tries, got[:3])
        assert len(set(got)) > 1  # machines that dropped together come back apart


def test_a_machines_lines_in_events() -> None:
    from osc7501wrap.commands.events import FleetTracker
    from osc7501wrap.fleet.machines import Machine

    row = {"pid": 7, "id": "w/7", "agent": "claude", "state": "working", "since": 5.0}
    m = Machine("build")
    t = FleetTracker()
    assert t.changes([m]) == []  # connecting: no news yet
    m.online, m.seen, m.sessions = True, 100.0, [row]
    (first,) = t.changes([m])  # the first connection is no news; its sessions are
    assert (first["host"], first["session"], first["state"]) == ("build", 7, "working")
    m.online, m.error = False, "ssh: connection reset"
    (off,) = t.changes([m])
    assert off == {**dict.fromkeys(off), "host": "build", "state": "offline",
                   "since": 100.0, "msg": "ssh: connection reset"}
    assert t.changes([m]) == []
    assert m.rows()[0]["offline_since"] == 100.0
    m.online, m.sessions = True, []  # back, the session gone meanwhile
    on, gone = t.changes([m])
    assert on["state"] == "online" and on["session"] is None
    assert (gone["session"], gone["state"]) == (7, "exited")
    never = Machine("gpu", error="ssh: Could not resolve hostname gpu")
    (told,) = t.changes([never])
    assert (told["host"], told["state"], told["since"]) == ("gpu", "offline", None)


def test_the_far_clock_is_its_offset_outside_the_window_it_was_asked_in() -> None:
    from osc7501wrap.fleet.remote import clock_offset

    assert clock_offset(100.5, 100.0, 101.0) == 0.0  # in the window: the same clock
    assert clock_offset(101.8, 100.0, 101.0) == 0.0  # within a second of it
    assert clock_offset(7301.0, 100.0, 101.0) == 7200.0  # ahead: from the window's end
    assert clock_offset(40.0, 100.0, 101.0) == -60.0  # behind: from its start
    # a new figure within a second of the last keeps it: ages do not jitter
    assert clock_offset(7301.7, 100.0, 101.0, previous=7200.0) == 7200.0
    assert clock_offset(7303.0, 100.0, 101.0, previous=7200.0) == 7202.0
    assert clock_offset(100.5, 100.0, 101.0, previous=7200.0) == 0.0


def test_a_far_machines_rows_are_in_this_clock(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from osc7501wrap.fleet.machines import Fleet, load_cached

    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path))
    f = Fleet(["far"], Remote())
    try:
        now = time.time()
        line = feed(row(since=now + 3600 - 30), now=now + 3600)
        f._took("far", line, now - 0.1)
        (m,) = f.machines()
        assert m.clock == pytest.approx(3600, abs=1)
        (r,) = m.rows()
        assert r["since"] == pytest.approx(now - 30, abs=1)
        assert m.sessions[0]["since"] == pytest.approx(now + 3600 - 30)  # kept as it came
        # a machine shown from the cache (offline) keeps its correction
        (r2,) = load_cached("far").rows()
        assert r2["since"] == pytest.approx(now - 30, abs=1)
    finally:
        f.close()


def test_the_caller_never_waits_for_a_machines_thread(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """What watch's keys and frames read (machines()) takes no lock a reader thread holds:
    a reader stuck inside the readers' lock, or writing its cache to a disk that hangs,
    holds nothing of the caller's; what the caller got is never changed after."""
    import threading
    import time

    from osc7501wrap.fleet import machines as machines_mod
    from osc7501wrap.fleet.machines import Fleet

    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path))
    disk = threading.Event()
    monkeypatch.setattr(machines_mod, "save_cached", lambda m: disk.wait(30))
    f = Fleet(["far", "near"], Remote())
    try:
        before = f.machines()
        now = time.time()
        writer = threading.Thread(target=f._took, args=("near", feed(row(), now=now), now))
        writer.start()  # its cache write hangs
        deadline = time.monotonic() + 10
        while not f.machines()[1].online:
            assert time.monotonic() < deadline, "the change was not published"
            time.sleep(0.01)
        assert writer.is_alive()  # still in the disk's write
        with f._lock:  # a reader stuck in the readers' lock
            t0 = time.monotonic()
            got = f.machines()
            took = time.monotonic() - t0
        assert took < 0.05 and [m.name for m in got] == ["far", "near"]
        assert got[1].online and got[1].sessions[0]["pid"] == 42
        assert not before[1].online and before[1].sessions == []  # never changed
        disk.set()
        writer.join(10)
    finally:
        disk.set()
        f.close()
