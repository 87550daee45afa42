"""herdr as a display: wrap's reports over herdr's socket API, against a double of herdr's
socket (tests/herdr_double.py, written from herdr's published API) through a real pty."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
import time
from pathlib import Path

import pytest
from herdr_double import HerdrDouble
from term import REPO, Terminal, base_env

from osc7501wrap.report.herdr import (
    EXIT_WAIT,
    MSG_LIMIT,
    SOURCE,
    HerdrReporter,
    agent_label,
    herdr_env,
)

PANE = "w1:p2"
HOSTILE_CMD = ('rm -rf "$(id)"; #(touch /tmp/o7w-herdr) #{pane_id} #[fg=red] '
               "\u202eevil\u2066 'q' \\ end")
# A claude-shaped session from tests/fake_agent.py, in a fixed order: the composer (idle),
# Enter, a spinner (working), a permission dialog for HOSTILE_CMD (blocked), "1", a
# spinner, "Worked for" and the composer (done), "q" (exit).
CHILD = r"""
import sys, termios, time, tty
sys.path.insert(0, sys.argv[1])
from fake_agent import Agent
saved = termios.tcgetattr(0)
tty.setraw(0)
try:
    a = Agent(1, 1.0, None)
    a.rnd.choice = lambda xs: sys.argv[2] if "npm test" in xs else xs[0]
    a.composer()
    a.read_prompt()
    start = time.monotonic()
    a.out("\x1b[3;1H\x1b[J")
    a.spinner(1.2, start)
    a.dialog()
    a.spinner(0.8, start)
    a.composer(time.monotonic() - start)
    a.read_prompt()
finally:
    termios.tcsetattr(0, termios.TCSADRAIN, saved)
"""


@pytest.fixture
def sock(tmp_path: Path) -> str:
    return str(tmp_path / "herdr.sock")


def herdr(tmp_path: Path, path: str, **more: str) -> dict[str, str]:
    return base_env(HERDR_ENV="1", HERDR_PANE_ID=PANE, HERDR_SOCKET_PATH=path,
                    HERDR_WORKSPACE_ID="w1", HERDR_TAB_ID="w1:t1",
                    OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"), **more)


def states(reqs: list[dict]) -> list[str]:
    return [r["params"]["state"] if r["method"] == "pane.report_agent" else "release"
            for r in reqs]


def herdr_lines(log: Path) -> list[str]:
    """The log's lines about herdr (after the time stamp)."""
    texts = [ln.split(" ", 1)[-1] for ln in log.read_text().splitlines()]
    return [t for t in texts if t.startswith("herdr")]


def check_wire(h: HerdrDouble) -> None:
    """What herdr needs of every request: valid against the schema, one line, one per
    connection, answered ok, seq strictly increasing."""
    assert h.problems == [] and h.extra == []
    assert h.connections == len(h.requests)
    for r in h.requests:
        assert b"\n" not in r["raw"] and r["raw"].isascii()
        assert "result" in r["answer"] and not r["stale"], r
        assert r["params"]["pane_id"] == PANE and r["params"]["source"] == SOURCE
    seqs = [r["params"]["seq"] for r in h.requests]
    assert seqs == sorted(set(seqs)), seqs


def test_a_turn_is_reported_in_order_then_released(tmp_path: Path, sock: str) -> None:
    log = tmp_path / "wrap.log"
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["--agent", "claude", "--log", str(log), sys.executable, "-c", CHILD,
                           str(REPO / "tests"), HOSTILE_CMD], env=herdr(tmp_path, sock),
                          rows=30, cols=100)
        try:
            h.wait_for(lambda rs: "idle" in states(rs), what="idle")
            t.type(b"go\r")
            h.wait_for(lambda rs: "blocked" in states(rs), what="blocked")
            t.type(b"1")
            h.wait_for(lambda rs: states(rs)[-1:] == ["idle"] and "blocked" in states(rs),
                       what="done")
            t.type(b"q")
            assert t.wait(timeout=15) == 0
        finally:
            t.close()
        got = h.wait_for(lambda rs: states(rs)[-1:] == ["release"], what="release")
        check_wire(h)
    assert states(got) == ["idle", "working", "blocked", "working", "idle", "release"]
    assert {r["params"]["agent"] for r in got} == {"claude"}
    blocked = got[2]["params"]
    # the dialog's command, as the screen shows it: one line, the bidi marks gone
    assert blocked["message"] == ('Bash: rm -rf "$(id)"; #(touch /tmp/o7w-herdr) #{pane_id} '
                                  "#[fg=red] evil 'q' \\ end")
    assert "message" not in got[-2]["params"]  # done: idle, no message
    assert "state done" in log.read_text()
    assert herdr_lines(log) == []  # no complaint


def test_a_later_wrap_in_the_same_pane_starts_above_the_last_seq(tmp_path: Path,
                                                                 sock: str) -> None:
    script = "sleep 1.2; exit 0"
    with HerdrDouble(sock, panes={PANE}) as h:
        for n in (1, 2):
            t = Terminal.wrap(["sh", "-c", script], env=herdr(tmp_path, sock))
            try:
                assert t.wait(timeout=15) == 0
            finally:
                t.close()
            h.wait_for(lambda rs, n=n: states(rs).count("release") == n, what=f"release {n}")
        check_wire(h)  # no report of the second wrap is stale for herdr
        got = list(h.requests)
    first = states(got).index("release")
    assert first + 1 < len(got) and got[first + 1]["method"] == "pane.report_agent"
    assert got[first + 1]["params"]["seq"] > got[first]["params"]["seq"]
    # the generic manifest: the program's own name
    assert {r["params"]["agent"] for r in got} == {"sh"}
    assert "working" in states(got)


@pytest.mark.parametrize("env", [{}, {"HERDR_ENV": "0"}, {"HERDR_ENV": "1", "HERDR_PANE_ID": ""}])
def test_nothing_at_all_without_herdr(tmp_path: Path, sock: str, env: dict[str, str]) -> None:
    """Outside herdr (or without its variables) no connection is made, and the reporter
    is not even imported (PYTHONPROFILEIMPORTTIME lists wrap's imports on its stderr)."""
    full = herdr(tmp_path, sock, PYTHONPROFILEIMPORTTIME="1")
    del full["HERDR_ENV"]
    full.update(env)
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["sh", "-c", "printf 'Go? [y/N] '; read a; sleep 1; exit 0"],
                          env=full)
        try:
            t.expect(b"[y/N]")
            time.sleep(0.5)
            t.type(b"y\r")
            assert t.wait(timeout=15) == 0
        finally:
            t.close()
        time.sleep(0.3)
        assert h.connections == 0 and h.requests == []
    assert b"osc7501wrap.report.tmux_display" in t.output  # the boot ran: imports are listed
    assert b"osc7501wrap.report.herdr" not in t.output


EXIT_MESSAGES = {"failure": "exited with status 3", "child signal": "killed by SIGKILL",
                 "SIGTERM": "killed by SIGTERM", "SIGHUP": "killed by SIGHUP"}


@pytest.mark.parametrize("how", ["clean", "failure", "child signal", "SIGTERM", "SIGHUP"])
def test_the_pane_is_released_on_every_exit_path(tmp_path: Path, sock: str, how: str) -> None:
    # the program runs long enough to be seen working on a busy machine (a foreground
    # process read by the sampler), then ends its own way
    script = {"clean": "sleep 3; exit 0", "failure": "sleep 3; exit 3",
              "child signal": "sleep 3; kill -KILL $$"}.get(how, "sleep 30")
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["sh", "-c", script], env=herdr(tmp_path, sock))
        try:
            h.wait_for(lambda rs: "working" in states(rs), what="working")
            if how.startswith("SIG"):
                t.kill(getattr(signal, how))
            status = t.wait(timeout=15)
        finally:
            t.close()
        got = h.wait_for(lambda rs: states(rs)[-1:] == ["release"], what="release")
        check_wire(h)
    assert status == {"clean": 0, "failure": 3, "child signal": 137, "SIGTERM": 143,
                      "SIGHUP": 129}[how]
    assert states(got).count("release") == 1
    # a failure is said before the release, as the README says: idle, the error as message
    last = got[-2]["params"]
    if how == "clean":
        assert last["state"] == "working"
    else:
        assert last["state"] == "idle" and last.get("message") == EXIT_MESSAGES[how], last


@pytest.mark.parametrize("broken", ["hang", "listen", "missing"])
def test_a_hung_or_missing_herdr_changes_no_echo(tmp_path: Path, sock: str, broken: str) -> None:
    """Each answer flips wrap's state (blocked, working): a request each time. The echo of
    every keystroke and the exit are as quick as without herdr."""
    log = tmp_path / "wrap.log"
    h = HerdrDouble(sock, panes={PANE}, mode="hang" if broken == "hang" else "listen")
    if broken == "missing":
        h.close()
    script = ("i=0; while [ $i -lt 12 ]; do i=$((i+1)); printf \"q$i? [y/N] \"; read a; "
              "echo \"got:$a\"; sleep 0.3; done; exit 3")
    t = Terminal.wrap(["--log", str(log), "sh", "-c", script], env=herdr(tmp_path, sock))
    echo: list[float] = []
    try:
        for i in range(1, 13):
            t.expect(f"q{i}? [y/N] ".encode(), timeout=10)
            time.sleep(0.25)  # the question is reported blocked
            t0 = time.monotonic()
            t.type(b"y")
            t.expect(b"y", timeout=10)
            echo.append(time.monotonic() - t0)
            t.type(b"\r")
            t.expect(b"got:y", timeout=10)
        t0 = time.monotonic()
        assert t.wait(timeout=10) == 3
        exit_took = time.monotonic() - t0
    finally:
        t.close()
        if broken != "missing":
            h.close()
    assert max(echo) < 0.5, echo  # a 2 s wait for herdr would show
    assert exit_took < 1.5, exit_took  # 0.3 s of sleep; not the 2 s of a hung request
    lines = herdr_lines(log)
    assert len(lines) == 1, lines  # herdr went away once: one line, however often tried
    assert lines[0].endswith("; trying again in 1 s, then less often (at most every 60 s)")
    if broken == "missing":
        assert lines[0].startswith("herdr: cannot connect to "), lines
    else:
        assert "no answer from" in lines[0] and "in 2 s" in lines[0]
    if broken == "hang":  # one request at a time, each given up after 2 s: a handful
        assert 2 <= h.connections <= 6, h.connections


# ---------------------------------------------------------------------- the reporter itself

def drive(r: HerdrReporter, until: float = 5.0) -> None:
    """Poll as the session's loop does, until nothing is in flight or queued (or only a
    retry after a failure is)."""
    deadline = time.monotonic() + until
    while True:
        now = time.monotonic()
        r.poll(now)
        due = r.next_deadline(now)
        if due is None or (r.away and not r.in_flight):
            return
        assert time.monotonic() < deadline, "the reporter never went quiet"
        time.sleep(max(0.0, min(0.01, due - time.monotonic())))


def run_for(r: HerdrReporter, seconds: float, stop=lambda: False) -> None:  # type: ignore[no-untyped-def]
    """Poll as the session's loop does for `seconds` (or until `stop()`)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not stop():
        now = time.monotonic()
        r.poll(now)
        due = r.next_deadline(now)
        time.sleep(max(0.0, min(0.01, (end if due is None else due) - time.monotonic())))


def test_hostile_text_is_one_short_json_line(sock: str) -> None:
    hostile = ("\u202e$(touch x); `id` #(rm) #{e} #[bg=red] \"q\" 'q' \\\x1b]0;t\x07\r\n"
               "second line\u2028third\x00") * 200  # ~10 KB
    assert len(hostile.encode()) > 10_000
    argv = ["/tmp/$(touch x);\n#{x}\u202e.sh"]
    with HerdrDouble(sock, panes={PANE}) as h:
        r = HerdrReporter(socket_path=sock, pane_id=PANE, agent=agent_label("generic", argv))
        r.update("blocked", "question", hostile)
        drive(r)
        r.update("error", None, hostile)
        drive(r)
        check_wire(h)
        got = list(h.requests)
    assert [g["params"]["state"] for g in got] == ["blocked", "idle"]
    for g in got:
        msg = g["params"]["message"]
        assert len(msg.encode()) <= MSG_LIMIT and "\n" not in msg and "\u202e" not in msg
        assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in msg)
        assert json.loads(g["raw"])["params"]["message"] == msg
        assert len(g["raw"]) < 2000
    assert got[0]["params"]["agent"] == "touchxx.sh"  # letters, digits, _.+- only
    assert agent_label("generic", []) == "generic" and agent_label("claude", argv) == "claude"


def test_changes_coalesce_the_latest_wins(sock: str) -> None:
    with HerdrDouble(sock, panes={PANE}) as h:
        r = HerdrReporter(socket_path=sock, pane_id=PANE, agent="codex")
        for state in ("idle", "working", "blocked", "working", "done"):
            r.update(state, None, state)
        drive(r)
        r.update("done", None, "done")  # what herdr has already: nothing sent
        drive(r)
        check_wire(h)
        assert [(g["params"]["state"], g["params"]["message"]) for g in h.requests] == [
            ("idle", "done")]
        r.close()
        assert states(h.wait_for(lambda rs: len(rs) == 2)) == ["idle", "release"]


def test_one_request_at_a_time_and_a_hung_one_is_given_up(sock: str) -> None:
    lines: list[str] = []
    with HerdrDouble(sock, panes={PANE}, mode="hang") as h:
        r = HerdrReporter(socket_path=sock, pane_id=PANE, agent="claude", log=lines.append,
                          timeout=0.3, backoff=(0.2, 0.4))
        r.update("working", None, None)
        t0 = time.monotonic()
        r.poll(t0)
        for state in ("blocked", "idle", "working"):  # while the first hangs: coalesced
            r.update(state, None, state)
            r.poll(time.monotonic())
        assert h.wait_for(lambda rs: len(rs) == 1)
        assert h.connections == 1
        run_for(r, 0.65)  # the first given up after 0.3 s; the latest tried 0.2 s later
        got = h.wait_for(lambda rs: len(rs) == 2)
        assert states(got) == ["working", "working"] and got[1]["params"]["message"] == "working"
        assert lines == [f"herdr: no answer from {sock} in 0.3 s; trying again in 0.2 s, then "
                         "less often (at most every 0.4 s)"]
        assert r.away and not r.disabled
        h.mode = "answer"  # herdr answers again (the connection held is never answered)
        run_for(r, 3.0, stop=lambda: not r.away)  # the held one given up, then answered
        got = h.wait_for(lambda rs: len(rs) == 3)
        assert states(got)[-1] == "working" and not r.away
        assert time.monotonic() - t0 >= 0.3 + 0.2 + 0.3 + 0.4  # one at a time, backing off
        assert lines[1:] == [f"herdr: {sock} answers again; reporting resumed"]
        r.close()
        assert states(h.wait_for(lambda rs: len(rs) == 4))[-1] == "release"
        assert len(lines) == 2


def test_a_missing_socket_costs_one_line(tmp_path: Path) -> None:
    lines: list[str] = []
    r = HerdrReporter(socket_path=str(tmp_path / "none.sock"), pane_id=PANE, agent="x",
                      log=lines.append)
    for state in ("working", "blocked", "idle"):
        r.update(state, None, None)
        drive(r)
    t0 = time.monotonic()
    r.close()  # herdr is away: nothing is awaited at the exit
    assert time.monotonic() - t0 < 0.05
    assert r.away and not r.disabled and len(lines) == 1 and "cannot connect to" in lines[0]
    long = HerdrReporter(socket_path="/" + "x" * 200, pane_id=PANE, agent="x",
                         log=lines.append)  # longer than a Unix socket address takes
    long.update("working", None, None)
    drive(long)
    assert long.away and len(lines) == 2


class _CountingReporter(HerdrReporter):
    """A reporter that counts the requests it starts (a connection tried each time)."""

    tries = 0

    def _start(self, now: float) -> None:
        self.tries += 1
        super()._start(now)


def test_retries_back_off_and_a_new_state_is_tried_at_once(tmp_path: Path) -> None:
    """herdr away: the pending state is tried again after 1, 2, 4 ... s, at most every
    60 s; a new state is tried at once; nothing is due while nothing is pending."""
    lines: list[str] = []
    r = _CountingReporter(socket_path=str(tmp_path / "gone.sock"), pane_id=PANE, agent="x",
                          log=lines.append)
    now = 1000.0
    r.update("working", None, None)
    assert r.next_deadline(now) == now
    waits = []
    for _ in range(9):
        r.poll(now)
        due = r.next_deadline(now)
        assert due is not None
        waits.append(due - now)
        now = due
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    r.update("blocked", None, "q")  # a new state: at once, whatever the back-off
    assert r.next_deadline(now + 0.5) == now + 0.5
    r.poll(now + 0.5)
    assert r.next_deadline(now + 0.5) == now + 0.5 + 60
    assert r.tries == 10 and len(lines) == 1  # each one tried; said once
    r.update("clear", None, None)  # nothing of ours shown: nothing due, no wake-up
    assert r.next_deadline(now + 1) is None


def test_herdr_refusing_is_said_once_and_tried_again(sock: str) -> None:
    lines: list[str] = []
    with HerdrDouble(sock, panes={"w1:p1"}) as h:
        r = HerdrReporter(socket_path=sock, pane_id="w9:p9", agent="claude", log=lines.append)
        for state in ("working", "blocked", "idle", "working"):
            r.update(state, None, None)
            drive(r)
        assert [g["answer"]["error"]["code"] for g in h.requests] == ["pane_not_found"] * 4
        h.panes.add("w9:p9")  # the pane is there again (herdr restored its session)
        r.update("blocked", None, "q")
        drive(r)
        assert "result" in h.requests[-1]["answer"]
    assert lines == ["herdr: herdr refused the report: pane_not_found: pane w9:p9 not found; "
                     "trying again in 1 s, then less often (at most every 60 s)",
                     f"herdr: {sock} answers again; reporting resumed"]


def test_seq_increases_when_the_clock_does_not(sock: str) -> None:
    with HerdrDouble(sock, panes={PANE}) as h:
        a = HerdrReporter(socket_path=sock, pane_id=PANE, agent="x", clock=lambda: 1000.0)
        for state in ("working", "blocked", "working"):
            a.update(state, None, None)
            drive(a)
        a.close()
        got = h.wait_for(lambda rs: len(rs) == 4)
        assert [g["params"]["seq"] for g in got] == [1_000_000_000 + i for i in range(4)]
        b = HerdrReporter(socket_path=sock, pane_id=PANE, agent="x")  # the real clock
        b.update("working", None, None)
        drive(b)
        check_wire(h)


def test_release_only_after_a_report_and_at_close_without_finish(sock: str) -> None:
    with HerdrDouble(sock, panes={PANE}) as h:
        quiet = HerdrReporter(socket_path=sock, pane_id=PANE, agent="x")
        quiet.update("working", None, None)  # queued, never sent
        quiet.update("clear", None, None)  # a clean exit: nothing was shown, nothing to say
        quiet.close()
        assert h.connections == 0
        r = HerdrReporter(socket_path=sock, pane_id=PANE, agent="x")
        r.update("working", None, None)
        drive(r)
        r.update("clear", None, None)  # the record is gone: released, and taken again
        drive(r)
        r.update("blocked", None, "q")
        drive(r)
        r.close()  # finish() was never called (a failed hook): close releases
        r.update("working", None, None)
        drive(r)
        got = h.wait_for(lambda rs: len(rs) == 4)
        time.sleep(0.1)
        assert states(h.requests) == ["working", "release", "blocked", "release"]
        check_wire(h)
        assert got


def test_a_failure_as_the_first_report_goes_out_before_the_release(sock: str) -> None:
    """`wrap false`: the error is decided at the exit, before any report went out."""
    with HerdrDouble(sock, panes={PANE}) as h:
        r = HerdrReporter(socket_path=sock, pane_id=PANE, agent="false")
        r.update("idle", None, None)
        r.update("error", None, "exited with status 1")
        r.finish()
        r.close()
        got = h.wait_for(lambda rs: len(rs) == 2)
        check_wire(h)
    assert states(got) == ["idle", "release"]
    assert got[0]["params"]["message"] == "exited with status 1"


def test_the_environment_that_turns_it_on() -> None:
    assert herdr_env({"HERDR_ENV": "1", "HERDR_PANE_ID": "w1:p1",
                      "HERDR_SOCKET_PATH": "/s"}) == ("/s", "w1:p1")
    assert herdr_env({"HERDR_ENV": "1", "HERDR_PANE_ID": "w1:p1"}) is None
    assert herdr_env({"HERDR_PANE_ID": "w1:p1", "HERDR_SOCKET_PATH": "/s"}) is None
    assert herdr_env({"HERDR_ENV": "true", "HERDR_PANE_ID": "w1:p1",
                      "HERDR_SOCKET_PATH": "/s"}) is None
    assert HerdrReporter.from_env({}, "claude") is None


def test_the_double_refuses_what_herdr_would(sock: str) -> None:
    """The double is strict where herdr's schema is: a test cannot pass with a request
    herdr would not take."""
    import socket

    def send(line: bytes) -> dict:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(sock)
            s.sendall(line)
            return json.loads(s.makefile("rb").readline())

    base = {"pane_id": PANE, "source": SOURCE, "agent": "x", "state": "working"}
    with HerdrDouble(sock, panes={PANE}) as h:
        ok = {"id": "1", "method": "pane.report_agent", "params": base}
        assert send(json.dumps(ok).encode() + b"\n")["result"] == {"type": "ok"}
        for params in ({**base, "state": "done"}, {**base, "seq": -1},
                       {k: v for k, v in base.items() if k != "agent"}, {**base, "extra": 1}):
            bad = {"id": "2", "method": "pane.report_agent", "params": params}
            assert send(json.dumps(bad).encode() + b"\n")["error"]["code"] == "invalid_request"
        lost = {"id": "3", "method": "pane.release_agent",
                "params": {**{k: base[k] for k in ("source", "agent")}, "pane_id": "w7:p7"}}
        assert send(json.dumps(lost).encode() + b"\n")["error"] == {
            "code": "pane_not_found", "message": "pane w7:p7 not found"}
        empty = {"id": "4", "method": "pane.report_agent", "params": {**base, "agent": " "}}
        assert send(json.dumps(empty).encode() + b"\n")["error"]["code"] == "invalid_agent"
        pong = send(b'{"id":"5","method":"ping","params":{}}\n')
        assert pong["result"]["type"] == "pong" and pong["id"] == "5"
        assert len(h.problems) == 4


def test_doctor_says_whether_herdr_answers(tmp_path: Path, sock: str) -> None:
    from osc7501wrap.commands.doctor import check_herdr

    c = check_herdr({})
    assert (c.status, c.detail) == ("OK", "not inside herdr (no HERDR_ENV=1)")
    env = {"HERDR_ENV": "1", "HERDR_PANE_ID": PANE, "HERDR_SOCKET_PATH": sock}
    with HerdrDouble(sock, panes={PANE}, version="0.9.1") as h:
        c = check_herdr(env)
        assert c.status == "OK", c
        assert c.detail == (f"pane {PANE}; {sock} answers ping (herdr 0.9.1, protocol 20); "
                            "wrap reports its state there")
        assert h.methods() == ["ping"]
    with HerdrDouble(sock, panes={PANE}, mode="hang"):
        t0 = time.monotonic()
        c = check_herdr(env, timeout=0.3)
        assert time.monotonic() - t0 < 1.0
        assert c.status == "WARN" and "no answer in 0.3 s" in c.detail and c.fix
    c = check_herdr(env)
    assert c.status == "WARN" and "does not answer" in c.detail and c.fix
    c = check_herdr({"HERDR_ENV": "1", "HERDR_PANE_ID": PANE})
    assert c.status == "WARN" and "HERDR_SOCKET_PATH" in c.detail


# ---------------------------------------------------------------------- herdr comes and goes

def test_wrap_false_is_reported_before_its_release(tmp_path: Path, sock: str) -> None:
    """The failure is the first state herdr hears of: it still goes out, then the release."""
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["false"], env=herdr(tmp_path, sock))
        try:
            assert t.wait(timeout=15) == 1
        finally:
            t.close()
        got = h.wait_for(lambda rs: states(rs)[-1:] == ["release"], what="release")
        check_wire(h)
    assert states(got) == ["idle", "release"]
    assert got[0]["params"]["message"] == "exited with status 1"
    assert {r["params"]["agent"] for r in got} == {"false"}


ASKS = ("i=0; while [ $i -lt 8 ]; do i=$((i+1)); printf \"q$i? [y/N] \"; read a; "
        "echo \"got:$a\"; done")


def test_herdr_restarted_gets_the_state_again(tmp_path: Path, sock: str) -> None:
    """herdr goes away during the session and comes back on the same socket: the state
    it missed reaches it at the next try, and every change after that at once."""
    log = tmp_path / "wrap.log"
    t = Terminal.wrap(["--log", str(log), "sh", "-c", ASKS], env=herdr(tmp_path, sock))
    try:
        with HerdrDouble(sock, panes={PANE}) as h:
            t.expect(b"q1? [y/N] ")
            h.wait_for(lambda rs: "blocked" in states(rs), what="q1")
        for i in (1, 2):  # herdr is gone: two questions answered, each a change or two
            time.sleep(0.4)
            t.type(b"y\r")
            t.expect(f"q{i + 1}? [y/N] ".encode())
        time.sleep(1.5)  # tried meanwhile, and failed: the back-off is under way
        with HerdrDouble(sock, panes={PANE}) as back:
            got = back.wait_for(lambda rs: "blocked" in states(rs), timeout=15,
                                what="the state it missed")
            assert got[-1]["params"]["message"] == "q3? [y/N]"
            time.sleep(0.3)
            t.type(b"y\r")
            t.expect(b"q4? [y/N] ")
            t0 = time.monotonic()
            back.wait_for(lambda rs: rs[-1]["params"].get("message") == "q4? [y/N]",
                          what="the next change")
            assert time.monotonic() - t0 < 1.5  # at once, not after a back-off
            check_wire(back)
    finally:
        t.close()
    lines = herdr_lines(log)
    assert len(lines) == 2, lines  # one when it went, one when it came back
    assert lines[0].startswith(f"herdr: cannot connect to {sock}: ")
    assert lines[1] == f"herdr: {sock} answers again; reporting resumed"


def test_nested_wraps_take_turns_and_release_only_their_own(tmp_path: Path,
                                                            sock: str) -> None:
    """`wrap sh` with a `wrap python` inside it, in one pane: while the inner one runs
    only it reports (the outer one sees the same question on its screen and says
    nothing); its release names its own agent; then the outer one reports again."""
    inner_cmd = shlex.join(["wrap", sys.executable, "-c",
                            "input('inner? [y/N] '); import time; time.sleep(0.5)"])
    script = f"printf 'outer? [y/N] '; read a; {inner_cmd}; printf 'again? [y/N] '; read b"
    inner = agent_label("generic", [sys.executable])
    with HerdrDouble(sock, panes={PANE}) as h:
        t = Terminal.wrap(["sh", "-c", script], env=herdr(tmp_path, sock))
        try:
            for prompt, agent in ((b"outer? [y/N] ", "sh"), (b"inner? [y/N] ", inner),
                                  (b"again? [y/N] ", "sh")):
                t.expect(prompt)
                h.wait_for(lambda rs, p=prompt, a=agent: any(
                    r["params"].get("message") == p.decode().strip() and r["params"]["agent"]
                    == a for r in rs), what=f"{prompt!r} from {agent}")
                time.sleep(0.3)
                t.type(b"y\r")
            assert t.wait(timeout=15) == 0
        finally:
            t.close()
        got = h.wait_for(lambda rs: rs[-1]["method"] == "pane.release_agent"
                         and rs[-1]["params"]["agent"] == "sh", what="the outer release")
        check_wire(h)
    who = [(r["params"]["agent"], states([r])[0]) for r in got]
    first = next(i for i, (a, _) in enumerate(who) if a == inner)
    end = who.index((inner, "release"))
    assert all(a == inner for a, _ in who[first:end + 1]), who  # the outer kept quiet
    assert [a for a, _ in who].count(inner) == end + 1 - first, who
    assert who[end + 1][0] == "sh" and who[end + 1][1] != "release", who  # then it again
    assert [w for w in who if w[1] == "release"] == [(inner, "release"), ("sh", "release")]


def test_a_hung_herdr_does_not_hold_the_exit(tmp_path: Path, sock: str) -> None:
    """From the program's last output to wrap's exit, with a herdr that takes every
    request and never answers against no herdr at all, in the same run (best of 3): the
    exit waits EXIT_WAIT for answers, not a request's timeout."""
    def took(env: dict[str, str]) -> float:
        # the session boots at the first output, long before the exit (its screen
        # model, loaded meanwhile, is then ready and waits for nothing at the exit)
        t = Terminal.wrap(["sh", "-c", "printf go; sleep 0.8; printf END"], env=env)
        try:
            t.expect(b"END")
            t0 = time.monotonic()
            assert t.wait(timeout=15) == 0
            return time.monotonic() - t0
        finally:
            t.close()

    plain = {k: v for k, v in herdr(tmp_path, sock).items() if not k.startswith("HERDR")}
    runs: dict[str, list[float]] = {"hung": [], "alone": []}
    with HerdrDouble(sock, panes={PANE}, mode="hang") as h:
        for _ in range(3):  # interleaved: the machine's load moves both alike
            runs["hung"].append(took(herdr(tmp_path, sock)))
            runs["alone"].append(took(plain))
        assert h.connections >= 3  # a request was in flight at each exit
    hung, alone = min(runs["hung"]), min(runs["alone"])
    print(f"\nlast output to exit of `wrap sh -c 'printf go; sleep 0.8; printf END'`: hung herdr {hung:.3f} s, "
          f"no herdr {alone:.3f} s (+{hung - alone:.3f} s; EXIT_WAIT {EXIT_WAIT} s)")
    assert hung - alone < EXIT_WAIT + 0.15, (hung, alone)


def test_the_lease_is_taken_back_from_a_process_that_is_not_a_nested_wrap(
        tmp_path: Path) -> None:
    """Only a live process under this wrap keeps it silent: a pid left by a wrap that was
    killed (gone, or reused by an unrelated program) is taken back."""
    import subprocess

    from osc7501wrap.report.herdr import Lease

    mine = Lease(str(tmp_path), "/s", PANE)
    assert mine.outer is None and mine.speaking()
    dead = subprocess.Popen(["true"])
    dead.wait()
    mine.path.write_text(str(dead.pid))
    assert mine.speaking() and mine.path.read_text() == str(os.getpid())  # taken back
    mine.path.write_text(str(os.getppid()))  # alive, but not under this process
    assert mine.speaking() and mine.path.read_text() == str(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        mine.path.write_text(str(child.pid))  # a process under this one: a nested wrap
        assert not mine.speaking() and mine.path.read_text() == str(child.pid)
        inner = Lease(str(tmp_path), "/s", PANE, pid=child.pid)  # as the inner one would
        inner.outer = os.getpid()  # (its parent is this process, not a wrap above it)
        inner.hand_back()  # its exit: the lease back to the wrap around it
        assert mine.speaking() and mine.path.read_text() == str(os.getpid())
        mine.hand_back()  # no wrap around this one: the lease goes
        assert not mine.path.exists()
    finally:
        child.kill()
        child.wait()
