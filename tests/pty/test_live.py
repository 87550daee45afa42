"""`ls`, `send` and `explain --session` against real running `wrap` sessions."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

ASK = "printf 'Continue? [y/N] '; read a; echo got:$a; read b; echo then:$b; sleep 30"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    e = base_env()
    e["OSC7501WRAP_RUNTIME_DIR"] = str(tmp_path / "run")
    e["OSC7501WRAP_CONFIG_DIR"] = str(tmp_path / "config")
    e["OSC7501WRAP_STATE_DIR"] = str(tmp_path / "state")
    return e


def cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=env,
                          capture_output=True, text=True, timeout=30)


def sessions(env: dict[str, str]) -> list[dict[str, object]]:
    r = cli(env, "ls", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def wait_for(pred, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.05)
    raise AssertionError("condition not met in time")


def test_ls_shows_live_sessions_with_their_state_and_cleans_killed_ones(env) -> None:
    a = Terminal.wrap(["--id", "live/a", "sh", "-c", ASK], env=env, answer_da1=True)
    b = Terminal.wrap(["--id", "live/b", "sh", "-c", "sleep 30"], env=env, answer_da1=True)
    try:
        a.expect(b"Continue")
        def both_up() -> bool:
            b.read(0.0)  # the terminal answers b's probe only while it reads b
            states = {s["id"]: s["state"] for s in sessions(env)}
            return states.get("live/a") == "blocked" and "live/b" in states

        wait_for(both_up)
        listed = {s["id"]: s for s in sessions(env)}
        assert set(listed) == {"live/a", "live/b"}
        entry = listed["live/a"]
        assert entry["kind"] == "question" and entry["msg"] == "Continue? [y/N]"
        assert entry["pid"] == a.pid and entry["argv"][0] == "sh"
        assert "token" not in entry  # the control token never leaves the registry file
        # the table form lists both, one row each, with the state
        table = cli(env, "ls").stdout
        rows = {line.split()[0]: line for line in table.splitlines()[1:] if line.strip()}
        assert set(rows) == {str(a.pid), str(b.pid)}
        assert "blocked" in rows[str(a.pid)]
        # a session killed with SIGKILL cannot clean up: the next ls does it
        os.kill(b.pid, signal.SIGKILL)
        b.wait()
        assert [s["id"] for s in sessions(env)] == ["live/a"]
        assert sorted(p.name for p in Path(env["OSC7501WRAP_RUNTIME_DIR"]).glob("*.json")) \
            == [f"{a.pid}.json"]
    finally:
        a.close()
        b.close()


def test_ls_argv_is_what_was_typed_without_the_added_hook_arguments(env, tmp_path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    seen = tmp_path / "args.txt"
    (bin_dir / "claude").write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > {seen}\nsleep 30\n")
    (bin_dir / "claude").chmod(0o755)
    env = {**env, "PATH": f"{bin_dir}:{env['PATH']}"}
    t = Terminal.wrap(["claude", "--resume", "x"], env=env, answer_da1=True)
    try:
        wait_for(lambda: seen.exists() and "--settings" in seen.read_text()
                 and bool(sessions(env)))
        (entry,) = sessions(env)
        assert entry["argv"] == ["claude", "--resume", "x"]  # the hooks reach claude only
        assert entry["agent"] == "claude"
    finally:
        t.close()


def test_send_is_refused_while_blocked_and_accepted_with_answer(env) -> None:
    t = Terminal.wrap(["--id", "live/s", "sh", "-c", ASK], env=env, answer_da1=True)
    try:
        t.expect(b"Continue")
        wait_for(lambda: any(s["state"] == "blocked" for s in sessions(env)))
        r = cli(env, "send", "live/s", "yes")
        assert r.returncode == 1
        assert r.stderr.count("\n") == 1
        assert "blocked (question)" in r.stderr and "--answer" in r.stderr
        assert b"got:" not in t.output  # nothing was typed
        r = cli(env, "send", "--answer", str(t.pid), "y")
        assert r.returncode == 0, r.stderr
        t.expect(b"got:y")
        # no longer blocked: a plain send goes through
        wait_for(lambda: all(s["state"] != "blocked" for s in sessions(env)))
        r = cli(env, "send", "live/s", "more")
        assert r.returncode == 0, r.stderr
        t.expect(b"then:more")
    finally:
        t.close()


def test_send_to_no_such_session_is_one_line(env) -> None:
    r = cli(env, "send", "nothing-here", "x")
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_explain_a_live_session_shows_the_fused_view(env) -> None:
    t = Terminal.wrap(["--id", "live/e", "sh", "-c", ASK], env=env, answer_da1=True)
    try:
        t.expect(b"Continue")
        wait_for(lambda: any(s["state"] == "blocked" for s in sessions(env)))
        r = cli(env, "explain", "--session", "live/e")
        assert r.returncode == 0, r.stderr
        out = r.stdout
        assert "blocked" in out and "yes_no_question" in out
        # every rule of the session's manifest, matched or not, as `explain FILE` lists them
        from osc7501wrap import rules

        generic = rules.load_manifests(user_dir=None).get("generic")
        assert generic is not None and len(generic.ordered) > 3
        listed = [line.split("]", 1)[1].split()[0] for line in out.splitlines()
                  if line.startswith("  [")]
        assert listed == [rule.id for rule in generic.ordered], out
        assert out.count("[WINNER]") == 1 and "[WINNER] yes_no_question" in out
        assert "[    no]" in out and "| Continue? [y/N]" in out
        r = cli(env, "explain", "--session", "live/e", "--json")
        # one datagram, with room to spare as the fallback's rules grow: the conditions of
        # the rules that matched only, each cut short
        assert len(r.stdout.encode()) < 40_000, len(r.stdout.encode())
        bufs = json.loads(r.stdout)["buffers"]  # each buffer's size and high-water mark
        assert {"backlog", "scanner", "tracker", "input", "emitter"} <= set(bufs), bufs
        assert all(0 <= b["size"] <= b["high"] for b in bufs.values()), bufs
        assert bufs["backlog"]["high"] >= len("Continue? [y/N] ")
        # what the screen model was fed, and no flood dropped anything unread
        assert bufs["backlog"]["fed"] >= len("Continue? [y/N] ") and bufs["backlog"]["dropped"] == 0
    finally:
        t.close()


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200f\u061c\ufeff"


def test_explain_a_live_session_prints_no_bidi_or_control_character(env) -> None:
    """Screen text and the program's title carry bidi marks and controls: the text form
    of `explain --session` prints neither (the region, the message, the signals)."""
    title = "\x1b]2;t\u202eitle\x9b31m\x07"
    ask = (f"printf '{title}'; printf '\u202eevil\u2066 \x7f\u200b do it\u2069? [y/N] '; "
           "read a; sleep 30")
    t = Terminal.wrap(["--id", "live/b", "sh", "-c", ask], env=env, answer_da1=True)
    try:
        t.expect(b"[y/N]")
        wait_for(lambda: any(s["state"] == "blocked" for s in sessions(env)))
        r = cli(env, "explain", "--session", "live/b")
        assert r.returncode == 0, r.stderr
        out = r.stdout
        assert "evil" in out and "do it" in out and "[WINNER] yes_no_question" in out, out
        assert not [c for c in out if c in BIDI], out
        assert not [c for c in out if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0]
        # the JSON form keeps the text (escaped: the same value once parsed), prints none raw
        r = cli(env, "explain", "--session", "live/b", "--json")
        assert r.returncode == 0, r.stderr
        assert not [c for c in r.stdout if c in BIDI], r.stdout
        assert not [c for c in r.stdout
                    if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0]
        assert "evil do it" in json.dumps(json.loads(r.stdout))
        for listing in (cli(env, "ls", "--json"), cli(env, "events", "--once")):
            assert not [c for c in listing.stdout if c in BIDI or 0x7f <= ord(c) < 0xa0]
    finally:
        t.close()
