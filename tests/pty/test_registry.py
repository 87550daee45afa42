"""The live-session registry (`osc7501wrap ls`) and `osc7501wrap send`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from osc7501wrap.commands.ls import human_age
from osc7501wrap.errors import WrapError
from osc7501wrap.session import registry
from osc7501wrap.session.channel import Message
from osc7501wrap.session.registry import SessionFile, handle_send

ROOT = Path(__file__).resolve().parents[2]

# A stand-in session: registers itself, serves `send` with handle_send and a fixed state,
# appends what it would type to a file, and stays alive until killed.
SESSION = r"""
import json, os, select, sys
from osc7501wrap.session.channel import ControlServer, new_token, socket_path
from osc7501wrap.session.registry import SessionFile, handle_send, session_entry

state = tuple(json.loads(sys.argv[1]))
typed, record_id = sys.argv[2], sys.argv[3]
token = new_token()
server = ControlServer(socket_path(), token)
entry = session_entry(child_pid=None, record_id=record_id, agent="claude",
                      manifest_version=3, argv=["claude", "--resume"], socket=server.path,
                      token=token, state=state[0], kind=state[1], msg=state[2] or "")
SessionFile().create(entry)

def write_child(data):
    with open(typed, "ab") as f:
        f.write(data)

print("ready", flush=True)
while True:
    select.select([server], [], [], 1.0)
    for msg in server.receive():
        if msg.kind == "send":
            server.reply(msg, handle_send(msg, current_state=lambda: state,
                                          write_child=write_child))
"""




class Sessions:
    def __init__(self, rundir: Path) -> None:
        self.rundir = rundir
        self.procs: list[subprocess.Popen[bytes]] = []

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(OSC7501WRAP_RUNTIME_DIR=str(self.rundir), PYTHONPATH=str(ROOT),
                   COLUMNS="200")
        env.pop("TMUX_PANE", None)
        return env

    def start(self, state: tuple[str, str | None, str | None], record_id: str,
              typed: Path) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen([sys.executable, "-c", SESSION, json.dumps(state), str(typed),
                                 record_id], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                env=self.env())
        self.procs.append(proc)
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"ready\n"
        return proc

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=self.env(),
                              capture_output=True, text=True, timeout=30)

    def close(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            p.wait()
            if p.stdout is not None:
                p.stdout.close()


@pytest.fixture
def sessions(rundir: Path) -> Iterator[Sessions]:
    s = Sessions(rundir)
    yield s
    s.close()


BLOCKED = ("blocked", "permission", "Bash: rm -rf build")


# --- session files -------------------------------------------------------------------------

def test_session_file_is_private_atomic_and_removed(rundir: Path) -> None:
    sf = SessionFile()
    entry = registry.session_entry(child_pid=123, record_id="wrap/1", agent="claude",
                                   manifest_version=1, argv=["claude"], socket="/x.sock",
                                   token="t0k", state="idle")
    assert sf.create(entry)
    path = rundir / f"{os.getpid()}.json"
    assert sf.path == path
    assert path.stat().st_mode & 0o777 == 0o600
    on_disk = json.loads(path.read_text())
    assert on_disk == entry and on_disk["pid"] == os.getpid()
    assert sorted(p.name for p in rundir.iterdir()) == [path.name]
    sf.remove()
    assert not path.exists()
    sf.remove()  # twice is fine


def test_state_changes_are_written_at_once_other_updates_coalesce(
        rundir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [time.monotonic()]  # the registry's clock: moved only by the test
    monkeypatch.setattr(registry, "time", SimpleNamespace(monotonic=lambda: clock[0],
                                                          time=time.time))
    sf = SessionFile()
    assert sf.create({"state": "working", "since": 1.0, "msg": ""})
    # a new state right after a write is written at once: `jump` finds what tmux shows
    assert sf.update(state="blocked", kind="permission", msg="Bash: ls") is True
    on_disk = json.loads(sf.path.read_text())  # type: ignore[union-attr]
    assert (on_disk["state"], on_disk["kind"], on_disk["msg"]) == ("blocked", "permission",
                                                                   "Bash: ls")
    assert on_disk["since"] > 1.0  # a state change moves `since`
    assert sf.update(kind="question") is True  # so is a new kind
    assert sf.update(msg="Bash: ls -l") is False  # a new msg alone waits
    assert json.loads(sf.path.read_text())["msg"] == "Bash: ls"  # type: ignore[union-attr]
    due = sf.next_deadline(0.0)
    assert due is not None and 0 < due - clock[0] <= registry.MIN_WRITE_INTERVAL
    assert sf.update(state="blocked") is False  # the same state is no change
    assert sf.flush(force=True)
    on_disk2 = json.loads(sf.path.read_text())  # type: ignore[union-attr]
    assert on_disk2["msg"] == "Bash: ls -l" and on_disk2["since"] == on_disk["since"]
    assert sf.next_deadline(0.0) is None and sf.flush(force=True) is False
    clock[0] += registry.MIN_WRITE_INTERVAL * 0.5
    assert sf.update(msg="Bash: ls -la") is False  # not yet
    clock[0] += registry.MIN_WRITE_INTERVAL * 0.6
    assert sf.update(msg="Bash: ls -la") is True  # once the interval has passed
    sf.remove()


def test_session_file_never_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    sf = SessionFile(directory=blocker / "sub")  # not a directory
    assert sf.create({"state": "idle"}) is False
    assert sf.last_error
    assert sf.update(state="working") is False
    sf.remove()


# --- ls ------------------------------------------------------------------------------------

def test_ls_lists_live_sessions_and_cleans_killed_ones(sessions: Sessions, rundir: Path,
                                                       tmp_path: Path) -> None:
    alive = sessions.start(BLOCKED, "wrap/alive", tmp_path / "a")
    dead = sessions.start(("working", None, None), "wrap/dead", tmp_path / "b")
    assert {f"{alive.pid}.json", f"{dead.pid}.json", f"{dead.pid}.sock"} <= set(
        os.listdir(rundir))
    dead.send_signal(signal.SIGKILL)
    dead.wait()

    done = sessions.cli("ls", "--json")
    assert done.returncode == 0 and done.stderr == ""
    listed = json.loads(done.stdout)
    assert [e["pid"] for e in listed] == [alive.pid]
    (entry,) = listed
    assert list(entry) == [*registry.PUBLIC_KEYS, "host", "offline_since"]
    assert entry["host"] is None and entry["offline_since"] is None  # this machine's
    assert (entry["id"], entry["agent"], entry["state"], entry["kind"], entry["msg"]) == (
        "wrap/alive", "claude", "blocked", "permission", "Bash: rm -rf build")
    assert entry["argv"] == ["claude", "--resume"] and entry["tmux_pane"] is None
    assert "token" not in done.stdout and "socket" not in entry
    left = set(os.listdir(rundir))
    assert f"{dead.pid}.json" not in left and f"{dead.pid}.sock" not in left
    assert {f"{alive.pid}.json", f"{alive.pid}.sock"} <= left


def test_ls_table(sessions: Sessions, tmp_path: Path) -> None:
    proc = sessions.start(("blocked", "question", "Which database?\x1b[31m"), "wrap/t",
                          tmp_path / "t")
    done = sessions.cli("ls")
    assert done.returncode == 0
    head, row = done.stdout.splitlines()
    assert head.split() == ["PID", "AGENT", "STATE", "SINCE", "CWD", "MSG"]
    assert row.split()[:3] == [str(proc.pid), "claude", "blocked:question"]
    assert row.endswith("Which database? [31m")  # control characters never reach the tty
    assert "\x1b" not in done.stdout


def test_ls_with_no_sessions(sessions: Sessions) -> None:
    done = sessions.cli("ls", "--json")
    assert (done.returncode, done.stdout) == (0, "[]\n")
    done = sessions.cli("ls")  # not a bare header: one line that says so
    assert (done.returncode, done.stdout, done.stderr) == (0, "no live wrapped session\n", "")


def test_list_sessions_skips_and_cleans_broken_files(rundir: Path) -> None:
    rundir.mkdir(parents=True)
    dead_pid = _dead_pid()
    (rundir / f"{dead_pid}.json").write_text("{not json")
    (rundir / f"{dead_pid}.sock").write_text("")
    (rundir / f".{dead_pid}.json.tmp").write_text("{")
    (rundir / f"c{dead_pid}-abcd.sock").write_text("")
    (rundir / f"{os.getpid()}.json").write_text("[1, 2]")  # live pid, bad content: skipped
    (rundir / "notes.txt").write_text("x")
    assert registry.list_sessions() == []
    assert sorted(os.listdir(rundir)) == sorted([f"{os.getpid()}.json", "notes.txt"])


def test_reused_pid_is_not_a_live_session(rundir: Path) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc")
    sf = SessionFile()
    sf.create({"started": 1000.0, "state": "working"})  # registered long before we started
    assert registry.list_sessions() == []
    assert not sf.path.exists()  # type: ignore[union-attr]
    sf.create({"started": time.time(), "state": "working"})
    assert [e["pid"] for e in registry.list_sessions()] == [os.getpid()]
    sf.remove()


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_human_age() -> None:
    assert [human_age(s) for s in (0, 59, 60, 3599, 3600, 86399, 86400 * 3)] == [
        "0s", "59s", "1m", "59m", "1h", "23h", "3d"]


# --- send ----------------------------------------------------------------------------------

def test_send_refused_while_blocked(sessions: Sessions, tmp_path: Path) -> None:
    typed = tmp_path / "typed"
    proc = sessions.start(BLOCKED, "wrap/blocked", typed)
    done = sessions.cli("send", str(proc.pid), "run the tests")
    assert done.returncode == 1 and done.stdout == ""
    # it says how to answer instead: the answer command, with this session's pid
    assert done.stderr == ("osc7501wrap: session is blocked (permission): Bash: rm -rf build; "
                           f"answer it with `osc7501wrap answer {proc.pid} CHOICE` (or send "
                           "--answer to type anyway)\n")
    assert not typed.exists()


def test_send_with_answer_types_text_and_enter(sessions: Sessions, tmp_path: Path) -> None:
    typed = tmp_path / "typed"
    proc = sessions.start(BLOCKED, "wrap/blocked", typed)
    done = sessions.cli("send", "--answer", str(proc.pid), "2")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert typed.read_bytes() == b"2\r"


def test_send_to_idle_session_by_id_prefix(sessions: Sessions, tmp_path: Path) -> None:
    typed = tmp_path / "typed"
    sessions.start(("idle", None, None), "build/frontend", typed)
    sessions.start(("idle", None, None), "wrap/other", tmp_path / "other")
    done = sessions.cli("send", "build/f", "héllo wörld")
    assert (done.returncode, done.stderr) == (0, "")
    done = sessions.cli("send", "--no-enter", "build/frontend", "x")
    assert (done.returncode, done.stderr) == (0, "")
    assert typed.read_bytes() == "héllo wörld\rx".encode()
    assert not (tmp_path / "other").exists()


def test_send_to_unknown_or_ambiguous_session(sessions: Sessions, tmp_path: Path) -> None:
    sessions.start(("idle", None, None), "wrap/one", tmp_path / "1")
    sessions.start(("idle", None, None), "wrap/two", tmp_path / "2")
    done = sessions.cli("send", "nosuch", "hi")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "osc7501wrap: no live session 'nosuch' (see osc7501wrap ls)\n"
    done = sessions.cli("send", "wrap/", "hi")
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert "ambiguous" in done.stderr and "wrap/one" in done.stderr
    assert not (tmp_path / "1").exists() and not (tmp_path / "2").exists()


def test_send_to_a_session_that_does_not_answer(rundir: Path) -> None:
    from osc7501wrap.session.channel import ControlServer

    server = ControlServer(rundir.parent / "mute.sock", "t" * 32)  # never reads
    try:
        entry = {"pid": 1, "socket": server.path, "token": "t" * 32}
        with pytest.raises(WrapError) as err:
            registry.request_session(entry, {"kind": "send", "text": "x"}, timeout=0.2)
        assert err.value.status == 1
        assert str(err.value) == "session 1 did not answer within 0.2s"
        with pytest.raises(WrapError, match="no control socket"):
            registry.request_session({"pid": 2, "socket": None}, {"kind": "explain"})
    finally:
        server.close()


def test_find_session_prefers_the_pid() -> None:
    entries = [{"pid": 11, "id": "22"}, {"pid": 22, "id": "x"}]
    assert registry.find_session("22", entries)["pid"] == 22
    assert registry.find_session("2", entries)["pid"] == 11  # id prefix
    with pytest.raises(WrapError):
        registry.find_session("", entries)


# --- handle_send (the session side) --------------------------------------------------------

class Child:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)


def state_of(state: str, kind: str | None = None, msg: str | None = None):  # type: ignore[no-untyped-def]
    return lambda: (state, kind, msg)


def test_handle_send_refuses_while_blocked_unless_answer() -> None:
    child = Child()
    msg = Message("send", {"text": "yes", "answer": False, "enter": True})
    reply = handle_send(msg, current_state=state_of(*BLOCKED), write_child=child.write)
    hint = f"answer it with `osc7501wrap answer {os.getpid()} CHOICE` (or send --answer to " \
        "type anyway)"
    assert reply == {"ok": False, "error": "session is blocked (permission): Bash: rm -rf "
                                           f"build; {hint}"}
    assert child.written == []
    reply = handle_send({"text": "yes", "answer": False}, current_state=state_of("blocked"),
                        write_child=child.write)
    assert reply == {"ok": False, "error": f"session is blocked; {hint}"}
    reply = handle_send({"text": "1", "answer": True, "enter": False},
                        current_state=state_of(*BLOCKED), write_child=child.write)
    assert reply == {"ok": True} and child.written == [b"1"]


@pytest.mark.parametrize("state", ["working", "idle", "done", "error"])
def test_handle_send_types_when_not_blocked(state: str) -> None:
    child = Child()
    reply = handle_send({"text": "go on", "answer": False, "enter": True},
                        current_state=state_of(state), write_child=child.write)
    assert reply == {"ok": True} and child.written == [b"go on", b"\r"]


def test_handle_send_enter_can_be_scheduled() -> None:
    child = Child()
    later: list[tuple[float, object]] = []
    reply = handle_send({"text": "hi"}, current_state=state_of("idle"),
                        write_child=child.write,
                        schedule=lambda delay, fn: later.append((delay, fn)))
    assert reply == {"ok": True} and child.written == [b"hi"]
    ((delay, fn),) = later
    assert delay > 0
    fn()  # type: ignore[operator]
    assert child.written == [b"hi", b"\r"]


def test_handle_send_rejects_malformed_requests_and_reports_failures() -> None:
    child = Child()
    for data in ({"text": 5}, {"answer": True}, {"text": "x", "answer": "yes"},
                 {"text": "x", "enter": 1}, ["text"]):
        reply = handle_send(data, current_state=state_of("idle"), write_child=child.write)
        assert reply == {"ok": False, "error": "malformed send request"}
    assert child.written == []

    def broken_state() -> tuple[str, str | None, str | None]:
        raise RuntimeError("screen gone")

    reply = handle_send({"text": "x"}, current_state=broken_state, write_child=child.write)
    assert reply == {"ok": False, "error": "cannot read the session state: RuntimeError"}

    def dead_child(data: bytes) -> None:
        raise OSError(5, "Input/output error")

    reply = handle_send({"text": "x"}, current_state=state_of("idle"), write_child=dead_child)
    assert reply == {"ok": False, "error": "cannot write to the program: Input/output error"}
    assert child.written == []


def test_handle_send_cleans_the_blocked_message() -> None:
    reply = handle_send({"text": "x"}, current_state=state_of("blocked", "question",
                                                              "Pick\x1b]0;x\x07 one\n" + "z" * 400),
                        write_child=Child().write)
    error = reply["error"]
    assert "\x1b" not in error and "\x07" not in error and "\n" not in error
    assert error.startswith("session is blocked (question): Pick ]0;x one")
    assert error.endswith("…; answer it with `osc7501wrap answer "
                          f"{os.getpid()} CHOICE` (or send --answer to type anyway)")
    assert len(error) < 400


def test_handle_send_refuses_enter_when_a_dialog_appeared_after_the_text() -> None:
    child = Child()
    later: list[tuple[float, object]] = []
    replies: list[dict[str, object]] = []
    states = iter([("idle", None, None), ("blocked", "question", "Proceed? [Y/n]")])
    reply = handle_send({"text": "yes"}, current_state=lambda: next(states),
                        write_child=child.write,
                        schedule=lambda delay, fn: later.append((delay, fn)),
                        reply=replies.append)
    assert reply is None and child.written == [b"yes"]
    ((_, fn),) = later
    fn()  # type: ignore[operator]
    assert child.written == [b"yes"]  # no Enter
    assert replies and replies[0]["ok"] is False
    assert "Enter was not pressed" in str(replies[0]["error"])
    assert "Proceed? [Y/n]" in str(replies[0]["error"])
