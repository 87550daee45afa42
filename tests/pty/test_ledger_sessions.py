"""The ledger under real wrap sessions on ptys (tests/pty/ledger_child.py): fifty at once
lose no change (each session's ledger rows are its `--log` state lines, in order);
`stats --json` on a real session gives the times and dialogs its own log tells; and a
corrupt, read-only, full or locked database costs only the ledger: one line in the log,
a fresh database where one can be made, the rows written once a lock goes, and the pane
untouched (every keystroke echoed within STALL, no traceback, exit status 0)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from term import STALL, Terminal, base_env

from osc7501wrap.commands.stats import read_rows
from osc7501wrap.report.ledger import FILE, append, connect

CHILD = str(Path(__file__).with_name("ledger_child.py"))


def env_for(tmp: Path, rundir: Path, state: Path) -> dict[str, str]:
    (tmp / "cfg").mkdir(exist_ok=True)
    return base_env(OSC7501WRAP_CONFIG_DIR=str(tmp / "cfg"),
                    OSC7501WRAP_RUNTIME_DIR=str(rundir), OSC7501WRAP_STATE_DIR=str(state))


def ledger_rows(state: Path, session: str | None = None) -> list[tuple[str, str | None]]:
    with contextlib.closing(sqlite3.connect(state / FILE)) as db:
        q = "SELECT state, kind FROM changes"
        if session is None:
            return db.execute(q + " ORDER BY at, id").fetchall()
        return db.execute(q + " WHERE session = ? ORDER BY at, id", (session,)).fetchall()


def log_states(log: Path) -> list[tuple[str, str | None]]:
    """The state lines of a `--log` file as (state, kind), consecutive repeats (a msg
    that changed) as one, the exit as "exited"."""
    out: list[tuple[str, str | None]] = []
    for line in log.read_text(encoding="utf-8").splitlines():
        parts = line.split(" ")
        if len(parts) < 3 or parts[1] != "state":
            continue
        state, _, kind = parts[2].partition(":")
        item = ("exited", None) if state == "clear" else (state, kind or None)
        if not out or out[-1] != item:
            out.append(item)
    return out


def collapse(rows: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for r in rows:
        if not out or out[-1] != r:
            out.append(r)
    return out


def test_fifty_sessions_at_once_lose_no_change(tmp_path: Path, rundir: Path) -> None:
    state = tmp_path / "state"
    # the ledger is what is tested, not the screen backend: pyte, which loads in tens of
    # milliseconds, so fifty sessions on two cores are not still loading ghostty's when
    # their children start
    env = {**env_for(tmp_path, rundir, state), "OSC7501WRAP_SCREEN": "pyte"}
    go = tmp_path / "go"  # every child changes state once it is there, all together
    logs = [tmp_path / f"{i}.log" for i in range(50)]
    terms: list[Terminal] = []
    try:
        for i in range(50):
            terms.append(Terminal.wrap(
                ["--id", f"fifty/{i}", "--log", str(logs[i]), sys.executable,
                 CHILD, "rounds", str(go), "3"], env=env, rows=24, cols=80))
        end = time.monotonic() + 90
        while not all(f.exists() and " state idle " in f.read_text(encoding="utf-8")
                      for f in logs):  # every session started
            assert time.monotonic() < end, "the sessions did not start"
            for t in terms:
                t.pump(0.005)
        go.touch()
        while any(t.alive() for t in terms):
            assert time.monotonic() < end, "the sessions did not end"
            for t in terms:
                if t.alive():
                    t.pump(0.005)
        assert [t.wait(timeout=10) for t in terms] == [0] * 50
    finally:
        for t in terms:
            if t.alive():
                t.kill(9)
            t.close()
    total = 0
    for i in range(50):
        want = log_states(tmp_path / f"{i}.log")
        got = collapse(ledger_rows(state, f"fifty/{i}"))
        assert ("blocked", "question") in want and want[-1] == ("exited", None), want
        assert got == want, f"session {i}"
        total += len(got)
    assert total >= 50 * 3  # at least idle, blocked and the exit each, all at once


# ----------------------------------------------------------------------------- failures

def echo_session(tmp: Path, env: dict[str, str], log: Path,
                 during: list[object] | None = None) -> Terminal:
    """A session whose keystrokes are echoed: each word typed comes back within STALL
    while its state changes (blocked -> working -> blocked); `during()` runs in between."""
    t = Terminal.wrap(["--id", "f/1", "--log", str(log), sys.executable, CHILD, "echo"],
                      env=env, rows=24, cols=80)
    t.expect(b"[y/N]")
    t.pump(0.6)  # read as blocked
    for n, word in enumerate((b"one", b"two", b"three", b"four")):
        typed = time.monotonic()
        t.type(word + b"\r")
        t.expect(b"got:" + word, timeout=STALL)
        assert time.monotonic() - typed < STALL
        t.pump(0.6)
        if during and n < len(during):
            during[n]()  # type: ignore[operator]
    return t


def end(t: Terminal, log: Path) -> list[str]:
    """The session quits cleanly, nothing of the ledger on the terminal; its log's
    ledger lines."""
    try:
        t.type(b"q")
        assert t.wait(timeout=15) == 0
    finally:
        if t.alive():
            t.kill(9)
        t.close()
    assert b"Traceback" not in t.output and b"ledger" not in t.output
    assert b"sqlite" not in t.output.lower()
    return [ln.split(" ", 1)[1] for ln in log.read_text(encoding="utf-8").splitlines()
            if " ledger:" in ln]


def test_a_corrupt_ledger_is_moved_aside_and_a_fresh_one_started(tmp_path: Path,
                                                                  rundir: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / FILE).write_bytes(b"this is not a database\n" * 400)
    log = tmp_path / "wrap.log"
    t = echo_session(tmp_path, env_for(tmp_path, rundir, state), log)
    lines = end(t, log)
    assert len(lines) == 1 and "corrupt" in lines[0] and "fresh" in lines[0], lines
    aside = list(state.glob(FILE + ".corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    rows = collapse(ledger_rows(state, "f/1"))
    assert ("blocked", "question") in rows and rows == log_states(log)


@contextlib.contextmanager
def tmpfs(path: Path, size: str) -> Iterator[None]:
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs",
                           str(path)], capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.fail(f"mount tmpfs: {done.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True, check=False)


def _seed(state: Path) -> None:
    """A valid ledger with one row (its WAL checkpointed and gone)."""
    db = connect(str(state / FILE))
    append(db, [("old", 1, "a", "/p", "working", None, time.time() - 60, None)])
    db.close()


def test_a_read_only_ledger_costs_only_the_ledger(tmp_path: Path, rundir: Path) -> None:
    state = tmp_path / "state"
    log = tmp_path / "wrap.log"
    env = env_for(tmp_path, rundir, state)
    if os.geteuid() == 0:  # root writes through permissions: a read-only file system
        with tmpfs(state, "1m"):
            _seed(state)
            subprocess.run(["mount", "-o", "remount,ro", str(state)], check=True)
            lines = end(echo_session(tmp_path, env, log), log)
            # untouched, and `stats` still reads it
            assert [r[4:6] for r in read_rows(str(state / FILE))] == [("working", None)]
    else:
        state.mkdir()
        _seed(state)
        os.chmod(state / FILE, 0o444)
        os.chmod(state, 0o555)
        try:
            lines = end(echo_session(tmp_path, env, log), log)
        finally:
            os.chmod(state, 0o755)
    assert len(lines) == 1 and "no ledger for this session" in lines[0], lines


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to mount a small tmpfs and fill "
                    "it (the size bound, max_page_count, is tests/unit/test_ledger.py's)")
def test_a_full_disk_costs_only_the_ledger(tmp_path: Path, rundir: Path) -> None:
    state = tmp_path / "state"
    log = tmp_path / "wrap.log"
    env = env_for(tmp_path, rundir, state)
    with tmpfs(state, "256k"):
        _seed(state)
        fd = os.open(state / "filler", os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):  # the disk full, to the last block
            while True:
                os.write(fd, b"\0" * 512)
        os.close(fd)
        lines = end(echo_session(tmp_path, env, log), log)
        assert [r[4:6] for r in read_rows(str(state / FILE))] == [("working", None)]
    assert len(lines) == 1 and "no ledger for this session" in lines[0], lines


def test_a_locked_ledger_keeps_its_rows_until_the_lock_goes(tmp_path: Path,
                                                            rundir: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    _seed(state)
    log = tmp_path / "wrap.log"
    holder = sqlite3.connect(state / FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another writer holds it for seconds
    locked_at = time.monotonic()

    def release() -> None:
        if time.monotonic() - locked_at < 6:
            time.sleep(6 - (time.monotonic() - locked_at))  # past the writer's busy wait
        holder.execute("COMMIT")
        holder.close()

    t = echo_session(tmp_path, env_for(tmp_path, rundir, state), log,
                     during=[lambda: None, lambda: None, release])
    deadline = time.monotonic() + 20
    while ("blocked", "question") not in ledger_rows(state, "f/1"):
        assert time.monotonic() < deadline, "the rows never came after the lock went"
        t.pump(0.2)
    lines = end(t, log)
    assert len(lines) == 1 and "locked" in lines[0], lines
    rows = collapse(ledger_rows(state, "f/1"))
    assert rows == log_states(log), "a change was lost while the ledger was locked"


def log_timeline(log: Path) -> list[tuple[float, str]]:
    """(epoch seconds, state) of each state line of a `--log` file."""
    out = []
    for line in log.read_text(encoding="utf-8").splitlines():
        parts = line.split(" ")
        if len(parts) > 2 and parts[1] == "state":
            stamp, frac = parts[0].split(".")
            at = time.mktime(time.strptime(stamp, "%Y-%m-%dT%H:%M:%S")) + float("0." + frac)
            out.append((at, parts[2].partition(":")[0]))
    return out


def test_stats_of_a_real_session_match_its_own_log(tmp_path: Path, rundir: Path) -> None:
    """A session's timeline as its `--log` tells it, and `osc7501wrap stats --json` on
    the ledger it wrote: the same working and blocked seconds and dialogs."""
    state = tmp_path / "state"
    env = env_for(tmp_path, rundir, state)
    log = tmp_path / "wrap.log"
    t = Terminal.wrap(["--id", "timed/1", "--log", str(log), sys.executable, CHILD, "rounds",
                       "0", "3"], env=env, rows=24, cols=80)
    try:
        assert t.wait(timeout=30) == 0
    finally:
        t.close()
    line = log_timeline(log)
    want = {"working": 0.0, "blocked": 0.0}
    for (at, st), (nxt, _) in pairwise(line):
        if st in want:
            want[st] += nxt - at
    # each blocked line is a question of its own (each round's names its round), also
    # when the output between two was not read as working
    dialogs = sum(1 for _, st in line if st == "blocked")
    assert want["blocked"] > 2 and dialogs >= 2, line
    done = subprocess.run([sys.executable, "-m", "osc7501wrap", "stats", "--json"], env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    assert [r["agent"] for r in rows] == ["python"] and rows[0]["host"] is None
    got = rows[0]
    assert got["working_s"] == pytest.approx(want["working"], abs=0.05 * len(line))
    assert got["blocked_s"] == pytest.approx(want["blocked"], abs=0.05 * len(line))
    assert got["dialogs"] == dialogs and got["sessions"] == 1
