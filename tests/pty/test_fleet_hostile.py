"""The fleet's commands against machines that misbehave, through a stand-in ssh (the
``--ssh`` command, a script written here that plays each destination): one whose rows
carry hostile text (shell and tmux syntax, controls, bidi marks, 10 KB), one that says
something else than a feed line, one that sends a 2 MB line, one that never answers
(hung), one that cannot be reached. Every command returns within the timeout, shows the
good machine's rows inert and bounded, and says in one line why each other is offline;
a hostile refusal from the far `answer` comes back as one clean line; a far row's tmux
socket never makes tmux run here; `stats` shows the hostile machine's figures with its
names inert and says in one line why each other gave none."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from term import REPO, base_env

O7W = [sys.executable, "-m", "osc7501wrap"]
EVIL = ("#(touch PWNED) #{pane_id} $(touch PWNED) `touch PWNED` %H '\" \x1b]0;PWNED\x07 "
        "\x1b[2J\r\n\u202eevil\u202c \u2066x\u2069 \x9b31m end ")
FAKE_SSH = r'''#!{python}
import json, sys, time
args = sys.argv[1:]
host, line = args[args.index("--") + 1], args[-1]
once = "--once" in line.split()
evil = {evil!r} + "y" * 10_000
if host == "hung":
    time.sleep(1000)
if host == "gone":
    sys.stderr.write("ssh: connect to host gone port 22: Connection refused "
                     + evil.replace("\r\n", " ") + "\r\n")
    sys.exit(255)
if line.split()[1] == "answer":
    sys.stderr.write("osc7501wrap: " + evil + "\n")
    sys.exit(1)
if host == "old" and "--feed" in line.split():  # an osc7501wrap before stats --feed
    sys.stderr.write("usage: osc7501wrap [-h]\nosc7501wrap: error: unrecognized "
                     "arguments: --feed\n")
    sys.exit(2)
if line.split()[1] == "stats":
    if host == "hostile":
        t = time.time()
        ch = [[evil, 7, evil, evil, "blocked", "question", t - 100],
              [evil, 7, evil, evil, "working", None, t - 40],
              [evil, 7, evil, evil, "exited", None, t - 10],
              [evil, 8, "x", "/p", evil, None, t - 5]]
        print(json.dumps({{"ledger": 1, "now": t, "changes": ch, "alive": [[evil, 7]]}}))
    elif host == "garbage":
        print("Welcome! Last login: yesterday")
    elif host == "huge":
        sys.stdout.write("[" * (33 << 20))
    sys.exit(0)
if host == "garbage":
    print("Welcome! Last login: yesterday", flush=True)
elif host == "huge":
    sys.stdout.write("x" * (2 << 20))
    sys.stdout.flush()
else:
    row = {{"pid": 42, "id": evil, "agent": evil, "state": "blocked", "kind": "question",
           "msg": evil, "since": time.time(), "cwd": evil, "argv": [evil], "tty": evil,
           "tmux_pane": evil, "dialog": {{"id": "ab12", "question": evil,
           "options": [{{"number": 1, "label": evil, "selected": True, "key": evil}}]}}}}
    print(json.dumps({{"feed": 1, "now": time.time(), "sessions": [row], "ended": []}}),
          flush=True)
if not once:
    time.sleep(1000)
'''
HOSTS = ["hostile", "garbage", "huge", "hung", "gone"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    ssh = tmp_path / "fake-ssh"
    ssh.write_text(FAKE_SSH.format(python=sys.executable, evil=EVIL))
    ssh.chmod(0o755)
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text("[fleet]\ntimeout = 2\n")
    e = {k: v for k, v in base_env().items() if not k.startswith("OSC7501WRAP_")}
    e.update(OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"),
             OSC7501WRAP_STATE_DIR=str(tmp_path / "state"),
             OSC7501WRAP_CONFIG_DIR=str(tmp_path / "config"), OSC7501WRAP_SSH=str(ssh),
             PYTHONPATH=str(REPO))
    return e


def o7w(env: dict[str, str], *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    t0 = time.monotonic()
    done = subprocess.run([*O7W, *args, *(x for h in HOSTS for x in ("--host", h))],
                          capture_output=True, text=True, env=env, timeout=60,
                          cwd=str(REPO))
    return done, time.monotonic() - t0


def inert(text: str) -> None:
    assert not any((ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in text)
    assert not any(c in text for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_ls_shows_the_good_rows_inert_and_says_why_the_others_are_off(
        env: dict[str, str], tmp_path: Path) -> None:
    done, took = o7w(env, "ls", "--json")
    assert done.returncode == 0, done.stderr
    assert took < 2 + 2 + 5  # the timeout, ssh's end, and the interpreter's start
    (r,) = json.loads(done.stdout)
    assert r["host"] == "hostile" and r["pid"] == 42 and r["offline_since"] is None
    assert r["msg"].startswith("#(touch PWNED) #{pane_id} $(touch PWNED) `touch PWNED` %H")
    assert len(r["msg"]) <= 300 and len(r["cwd"]) <= 512 and len(r["id"]) <= 64
    assert len(done.stdout) < 4000
    inert(done.stdout)
    inert(done.stderr)
    why = dict(line.removeprefix("osc7501wrap ls: ").split(": ", 1)
               for line in done.stderr.splitlines())
    assert set(why) == {"garbage", "huge", "hung", "gone"}, done.stderr
    assert "said something else than osc7501wrap feed" in why["garbage"]
    assert "a line longer than 1048576 bytes" in why["huge"]
    assert why["hung"] == "not reached yet (no answer in 2 s)"
    # ssh's last line, 10 KB of it: its last 4 KB kept, cleaned, cut to 200 characters
    assert why["gone"].startswith("not reached yet (yyy") and len(why["gone"]) < 260
    # the good machine's rows are kept: shown, marked, once it is not reached
    env2 = {**env, "OSC7501WRAP_SSH": "false"}
    again = subprocess.run([*O7W, "ls", "--json", "--host", "hostile"], capture_output=True,
                           text=True, env=env2, timeout=60, cwd=str(REPO))
    (old,) = json.loads(again.stdout)
    assert old["host"] == "hostile" and isinstance(old["offline_since"], float)
    assert re.fullmatch(r"osc7501wrap ls: hostile: offline, last seen \d+s ago "
                        r"\(ssh ended \(status 1\)\)\n", again.stderr), again.stderr
    assert not list(tmp_path.rglob("PWNED"))


def test_watch_once_and_events_once_stay_inert(env: dict[str, str]) -> None:
    done, took = o7w(env, "watch", "--once")
    assert done.returncode == 0 and took < 9, done.stderr
    frame = done.stdout
    inert(frame)
    assert "1 session, 1 waiting; 1 of 5 other machines reached" in frame, frame
    assert sum(1 for x in frame.splitlines() if x.startswith("✖ ")) == 4, frame
    assert max(len(x) for x in frame.splitlines()) <= 200
    done, took = o7w(env, "events", "--once")
    assert done.returncode == 0 and took < 9, done.stderr
    inert(done.stdout)
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert sorted((e["host"], e["state"]) for e in lines) == [
        ("garbage", "offline"), ("gone", "offline"), ("hostile", "blocked"),
        ("huge", "offline"), ("hung", "offline")]
    assert all(e["session"] is None for e in lines if e["state"] == "offline")


def test_jump_says_where_a_hostile_far_session_is_inertly(env: dict[str, str]) -> None:
    done, took = o7w(env, "jump")
    assert done.returncode == 0 and took < 9, done.stderr
    inert(done.stdout)
    assert "host hostile (not focused from here: answer with osc7501wrap answer " \
        "hostile:42 CHOICE)" in done.stdout, done.stdout
    assert max(len(x) for x in done.stdout.splitlines()) < 1200


def test_a_hostile_refusal_from_far_is_one_clean_line(env: dict[str, str]) -> None:
    done = subprocess.run([*O7W, "answer", "hostile:42", "1", "--dialog", "ab12"],
                          capture_output=True, text=True, env=env, timeout=60, cwd=str(REPO))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 500, done.stderr
    assert done.stderr.startswith("osc7501wrap: hostile: ")  # its last line, cut
    assert done.stderr.endswith("yyy…\n")
    inert(done.stderr)
    done = subprocess.run([*O7W, "answer", "hung:42", "1", "--wait", "0.2"],
                          capture_output=True, text=True, env=env, timeout=60, cwd=str(REPO))
    assert done.returncode == 1 and "cannot reach hung: no answer from hung" in done.stderr


def test_a_far_rows_tmux_socket_never_runs_tmux_here(tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from osc7501wrap.commands import live

    ran = tmp_path / "ran"
    tmux = tmp_path / "bin" / "tmux"
    tmux.parent.mkdir()
    tmux.write_text(f"#!/bin/sh\necho \"$@\" >> {ran}\necho '%1\tmain:0.0'\n")
    tmux.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmux.parent))
    far = {"host": "build", "pid": 1, "tmux_socket": "/tmp/tmux-0/default", "tmux_pane": "%1"}
    assert live.tmux_locations([far]) == {}
    assert not ran.exists()
    assert live.where(far, {("/tmp/tmux-0/default", "%1"): "main:0.0"}) == "tmux %1"
    here = {**far, "host": None}
    assert live.tmux_locations([here]) == {("/tmp/tmux-0/default", "%1"): "main:0.0"}
    assert ran.read_text().startswith("-S /tmp/tmux-0/default list-panes")


def test_stats_shows_the_good_figures_inert_and_says_why_the_others_gave_none(
        env: dict[str, str], tmp_path: Path) -> None:
    # a longer timeout than the others': 33 MB through a pipe may take over 2 s on a loaded
    # machine, and that answer must be read past its bound, not cut by the timeout
    (tmp_path / "config" / "config.toml").write_text("[fleet]\ntimeout = 6\n")
    for fmt in ("--json", "--csv", "--by"):
        args = ["stats", "--no-local", fmt] + (["project"] if fmt == "--by" else [])
        done, took = o7w(env, *args)
        assert done.returncode == 0, done.stderr
        assert took < 6 + 2 + 5, took
        inert(done.stdout)
        inert(done.stderr)
        assert "#(touch PWNED) #{pane_id} $(touch PWNED)" in done.stdout
        assert len(done.stdout) < 4000
        why = dict(line.removeprefix("osc7501wrap stats: ").split(": ", 1)
                   for line in done.stderr.splitlines())
        assert set(why) == {"garbage", "huge", "hung", "gone"}, done.stderr
        assert why["garbage"].startswith("no figures (it said something else than "
                                         "osc7501wrap stats: not a ledger answer")
        assert why["huge"] == f"no figures (its answer is longer than {32 << 20} bytes)"
        assert why["hung"] == "no figures (cannot reach hung: no answer from hung in 6 s)"
        assert why["gone"].startswith("no figures (cannot reach gone: ")
        assert len(why["gone"]) < 500
        if fmt == "--json":
            (row,) = json.loads(done.stdout)["rows"]
            assert row["host"] == "hostile" and row["dialogs"] == 1
            assert row["blocked_s"] == pytest.approx(60, abs=2)
            assert row["working_s"] == pytest.approx(30, abs=2)
            assert len(row["agent"]) <= 64
    assert not list(tmp_path.rglob("PWNED"))


def test_stats_names_a_far_osc7501wrap_older_than_stats_host(env: dict[str, str]) -> None:
    done = subprocess.run([*O7W, "stats", "--no-local", "--host", "old"], capture_output=True,
                          text=True, env=env, timeout=60, cwd=str(REPO))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ("osc7501wrap stats: old: no figures (error: unrecognized arguments: "
                           "--feed (its osc7501wrap is older than stats --host: update it "
                           "there))\n")
    assert done.stdout.startswith("no ledger yet (on the other machines)")
