"""`osc7501wrap record`, `replay` and `explain` as a user runs them.

``record -o FILE -- CMD`` runs in a real pseudo-terminal (tests/term.py) and the capture
it writes is checked byte for byte against what the child wrote and was sent; ``replay``
and ``explain`` run as commands on captures recorded that way, on screen text files and
on broken files (one clear line on stderr and a non-zero status, never a traceback).
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from term import REPO, Terminal, base_env

from osc7501wrap.capture import FORMAT, read_capture

# Every byte value, invalid UTF-8, escape sequences and an OSC 7501 report of the
# child's own (which wrap filters from the terminal, but the capture keeps).
BLOB = (bytes(range(256)) + b"\xc3\x28\xff\xfe\x1b[31mred\x1b[0m\x1b]0;title\x07"
        + b"\x1b]7501;state=working\x1b\\" + "ünïcødé ✓\r\n".encode())

# The child: raw mode (so the pty changes nothing it writes), the blob, then what it
# read up to Enter, then the window size after a SIGWINCH; exit status 3.
CHILD = textwrap.dedent("""
    import os, signal, sys, tty
    tty.setraw(0)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGWINCH])
    os.write(1, BLOB + b"<<READY>>")
    got = b""
    while b"\\r" not in got:
        got += os.read(0, 100)
    os.write(1, b"<<GOT " + got.hex().encode() + b">>")
    signal.sigtimedwait([signal.SIGWINCH], 10)
    size = os.get_terminal_size(1)
    os.write(1, f"<<SIZE {size.columns}x{size.lines}>>".encode())
    sys.exit(3)
""")


def osc7501wrap_command() -> list[str]:
    """argv prefix that runs ``osc7501wrap`` from this source tree."""
    return [sys.executable, "-m", "osc7501wrap"]


def env_for(tmp: Path) -> dict[str, str]:
    """The environment of a user with no config, state or session of their own."""
    env = base_env(PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8",
                   OSC7501WRAP_CONFIG_DIR=str(tmp / "config"),
                   OSC7501WRAP_STATE_DIR=str(tmp / "state"),
                   OSC7501WRAP_RUNTIME_DIR=str(tmp / "run"))
    for name in ("OSC7501WRAP_SESSION", "OSC7501WRAP_SOCK", "OSC7501WRAP_TOKEN",
                 "OSC7501WRAP_EMIT", "OSC7501WRAP_SCREEN", "OSC7501WRAP_DEBUG"):
        env.pop(name, None)
    return env


def run(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``osc7501wrap ARGS`` without a terminal, as in a script."""
    p = subprocess.run([*osc7501wrap_command(), *args], capture_output=True,
                       env=env_for(tmp), timeout=60, check=False, stdin=subprocess.DEVNULL)
    return subprocess.CompletedProcess(p.args, p.returncode,
                                       p.stdout.decode("utf-8", "replace"),
                                       p.stderr.decode("utf-8", "replace"))


def record(tmp: Path, out: Path, cmd: list[str], **kw: object) -> Terminal:
    return Terminal([*osc7501wrap_command(), "record", "-o", str(out), "--", *cmd],
                    env=env_for(tmp), answer_da1=True, **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- record


def test_record_writes_every_byte_input_resize_and_exit(tmp_path: Path) -> None:
    out = tmp_path / "session.jsonl"
    child = [sys.executable, "-c", f"BLOB = {BLOB!r}\n{CHILD}"]
    with record(tmp_path, out, child, rows=30, cols=100) as t:
        t.expect(b"<<READY>>")
        t.type(b"abc\r")
        got = t.expect(re.compile(rb"<<GOT ([0-9a-f]*)>>"))
        t.resize(33, 90)
        t.expect(b"<<SIZE 90x33>>")
        assert t.wait() == 3
    cap = read_capture(out)
    head = cap.header
    assert head["format"] == FORMAT and head["version"] == 1
    assert (head["cols"], head["rows"]) == (100, 30)
    assert head["argv"] == child
    # The output events are exactly what the child wrote, OSC 7501 report included.
    written = BLOB + b"<<READY>><<GOT " + got.group(1) + b">><<SIZE 90x33>>"
    assert cap.output() == written
    # The input events are exactly what the child was sent: the keys typed.
    sent = b"".join(e.data for e in cap.events if e.type == "i")
    assert sent == bytes.fromhex(got.group(1).decode()) == b"abc\r"
    assert [e.payload for e in cap.events if e.type == "r"] == ["90x33"]
    assert [e.payload for e in cap.events if e.type == "x"] == [3]
    assert cap.events[-1].type == "x"
    # In time order, and each event where it happened.
    times = [e.t for e in cap.events]
    assert times == sorted(times)
    # (the session's samples, "a" "f" "p", come when the loop took them)
    kinds = [e.type for e in cap.events if e.type not in ("o", "a", "f", "p")]
    assert kinds == ["i", "r", "x"]


def test_record_without_a_command_is_a_usage_error(tmp_path: Path) -> None:
    p = run(tmp_path, "record", "-o", str(tmp_path / "x.jsonl"))
    assert p.returncode == 2
    assert p.stderr == ("osc7501wrap: record: no command given "
                        "(usage: osc7501wrap record -o FILE -- CMD...)\n")
    assert not (tmp_path / "x.jsonl").exists()


def test_record_to_an_unwritable_file_does_not_run_the_command(tmp_path: Path) -> None:
    out = tmp_path / "missing-dir" / "x.jsonl"
    marker = tmp_path / "ran"
    with record(tmp_path, out, ["sh", "-c", f"touch {marker}; echo ran"]) as t:
        status = t.wait()
    assert status != 0
    assert not marker.exists()
    lines = t.text.replace("\x1b]7501;?\x1b\\", "").replace("\x1b[c", "").strip().splitlines()
    assert lines == [f"osc7501wrap: {out}: No such file or directory"]


# --------------------------------------------------------------------------- replay


QUESTION = ["sh", "-c", 'printf "Continue? [y/N] "; read answer; echo "got $answer"']


@pytest.fixture(scope="module")
def question_capture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A recorded session of a program asking ``Continue? [y/N]``, answered ``y``."""
    tmp = tmp_path_factory.mktemp("question")
    out = tmp / "question.jsonl"
    with record(tmp, out, QUESTION) as t:
        t.expect(b"Continue? [y/N] ")
        t.pump(0.4)  # the question stays on screen a while before the answer
        t.type(b"y\r")
        t.expect(b"got y")
        assert t.wait() == 0
    return out


def test_replay_prints_the_blocked_question(question_capture: Path, tmp_path: Path) -> None:
    p = run(tmp_path, "replay", str(question_capture))
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    lines = p.stdout.splitlines()
    assert lines[0].startswith(f"# {question_capture}: manifest generic@")
    blocked = [x for x in lines if " blocked:question " in x]
    assert len(blocked) == 1, p.stdout
    t, label, signal, detail, msg = blocked[0].split(maxsplit=4)
    assert (label, signal) == ("blocked:question", "screen")
    assert detail.startswith("yes_no_question@")
    assert msg == "Continue? [y/N]"
    # Blocked before the answer was typed, and no longer blocked at the end.
    cap = read_capture(question_capture)
    typed = next(e.t for e in cap.events if e.type == "i")
    assert float(t) <= typed
    last = lines[-1].split()
    assert last[1:] == ["clear", "exit", "exit", "status", "0"]


def test_replay_json(question_capture: Path, tmp_path: Path) -> None:
    p = run(tmp_path, "replay", "--json", str(question_capture))
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["manifest"].startswith("generic@")
    steps = doc["timeline"]
    assert steps[0] == {"t": 0.0, "state": "idle", "signal": "start", "detail": "start"}
    blocked = [s for s in steps if s["state"] == "blocked"]
    assert len(blocked) == 1
    assert blocked[0]["kind"] == "question"
    assert blocked[0]["msg"] == "Continue? [y/N]"
    assert blocked[0]["detail"].startswith("yes_no_question@")
    assert steps[-1]["state"] == "clear" and steps[-1]["signal"] == "exit"
    assert [s["t"] for s in steps] == sorted(s["t"] for s in steps)


def test_replay_agent_option_and_markers(question_capture: Path, tmp_path: Path) -> None:
    """--agent picks another manifest; markers added to a capture show as truth lines."""
    text = question_capture.read_text(encoding="utf-8").splitlines()
    marked = tmp_path / "marked.jsonl"
    marked.write_text("\n".join([text[0], '[0.001, "m", "idle"]', *text[1:]]) + "\n",
                      encoding="utf-8")
    p = run(tmp_path, "replay", "--agent", "claude", str(marked))
    assert p.returncode == 0, p.stderr
    assert f"# {marked}: manifest claude@" in p.stdout
    assert "    0.001  # truth: idle\n" in p.stdout
    p = run(tmp_path, "replay", "--json", str(marked))
    assert {"t": 0.001, "state": "idle", "marker": True} in json.loads(p.stdout)["timeline"]


# --------------------------------------------------------------------------- broken files

HEADER = json.dumps({"format": FORMAT, "version": 1, "cols": 80, "rows": 24, "argv": ["x"]})
HI = base64.b64encode(b"hi").decode()


def _broken(name: str) -> bytes:
    return {
        "not-json": b"hello world\n",
        "empty": b"",
        "wrong-format": b'{"format": "asciicast", "version": 2}\n',
        "header-not-object": b"[1, 2, 3]\n",
        "newer-version": b'{"format": "osc7501wrap-capture", "version": 99}\n',
        "truncated-line": f'{HEADER}\n[0.1, "o", "{HI}"]\n[0.2, "o", "aG'.encode(),
        "event-not-a-list": f'{HEADER}\n{{"t": 1}}\n'.encode(),
        "time-not-a-number": f'{HEADER}\n["soon", "o", "{HI}"]\n'.encode(),
        "output-not-base64": f'{HEADER}\n[0.1, "o", "abc"]\n'.encode(),
        "output-not-a-string": f'{HEADER}\n[0.1, "o", 5]\n'.encode(),
        "bad-resize": f'{HEADER}\n[0.1, "r", "wide"]\n'.encode(),
        "not-utf8": b"\xff\xfe\x00\x01garbage\n",
        "version-not-a-number": b'{"format": "osc7501wrap-capture", "version": "one"}\n',
        "cols-not-a-number": b'{"format": "osc7501wrap-capture", "version": 1, "cols": "x"}\n',
    }[name]


BROKEN = [
    "not-json", "empty", "wrong-format", "header-not-object", "newer-version",
    "truncated-line", "event-not-a-list", "time-not-a-number", "output-not-base64",
    "output-not-a-string", "bad-resize", "not-utf8", "version-not-a-number",
    "cols-not-a-number",
]


def _one_clear_line(p: subprocess.CompletedProcess[str], path: Path) -> None:
    assert p.returncode != 0
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    assert "internal error" not in p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith(f"osc7501wrap: {path}"), p.stderr


@pytest.mark.parametrize("name", BROKEN)
def test_replay_of_a_broken_capture_is_one_line(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(_broken(name))
    _one_clear_line(run(tmp_path, "replay", str(path)), path)


@pytest.mark.parametrize("name", [
    "truncated-line", "newer-version", "time-not-a-number", "output-not-base64",
    "output-not-a-string", "version-not-a-number", "cols-not-a-number",
])
def test_explain_of_a_broken_capture_is_one_line(name: str, tmp_path: Path) -> None:
    """(A file that is not a capture at all is a screen text file to explain.)"""
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(_broken(name))
    _one_clear_line(run(tmp_path, "explain", str(path)), path)


@pytest.mark.parametrize("what", ["missing", "directory"])
def test_replay_of_no_file_is_one_line(what: str, tmp_path: Path) -> None:
    path = tmp_path / "nothing.jsonl"
    if what == "directory":
        path.mkdir()
    _one_clear_line(run(tmp_path, "replay", str(path)), path)


# --------------------------------------------------------------------------- explain


def test_explain_a_recorded_capture(question_capture: Path, tmp_path: Path) -> None:
    """The final screen of the capture: the question was answered, so no rule matches."""
    p = run(tmp_path, "explain", str(question_capture))
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.startswith(f"input:    {question_capture} (final screen of the capture)\n")
    assert "manifest: generic " in out
    assert "[    no] yes_no_question" in out
    assert "verdict: no rule matched" in out
    doc = json.loads(run(tmp_path, "explain", "--json", str(question_capture)).stdout)
    assert doc["capture"]["output_events"] >= 2
    assert doc["verdict"]["state"] is None
    assert {r["id"]: r["matched"] for r in doc["rules"]}["yes_no_question"] is False


def test_explain_a_capture_that_ends_on_the_question(tmp_path: Path) -> None:
    out = tmp_path / "pending.jsonl"
    with record(tmp_path, out, ["sh", "-c", 'printf "Proceed? (y/n) "; sleep 0.3; exit 1']) as t:
        assert t.wait() == 1
    p = run(tmp_path, "explain", str(out))
    assert p.returncode == 0, p.stderr
    assert "[WINNER] yes_no_question" in p.stdout
    assert "verdict: blocked (question) by rule yes_no_question of generic" in p.stdout
    assert "message: Proceed? (y/n)" in p.stdout


def test_explain_a_screen_text_file(tmp_path: Path) -> None:
    screen = tmp_path / "screen.txt"
    screen.write_text("$ apt upgrade\nDo you want to continue? [Y/n] \n", encoding="utf-8")
    p = run(tmp_path, "explain", "--agent", "generic", str(screen))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"input:    {screen}\nmanifest: generic ")
    assert "[WINNER] yes_no_question" in p.stdout
    assert "message: Do you want to continue? [Y/n]" in p.stdout
    doc = json.loads(run(tmp_path, "explain", "--json", str(screen)).stdout)
    assert doc["verdict"]["state"] == "blocked" and doc["verdict"]["kind"] == "question"
    assert doc["manifest"]["name"] == "generic"


def test_commands_run_from_this_source_tree() -> None:
    """The subprocesses above import this checkout, not another installed copy."""
    code = "import osc7501wrap, sys; sys.stdout.write(osc7501wrap.__file__)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(REPO)), check=True)
    assert Path(p.stdout).resolve() == (REPO / "osc7501wrap" / "__init__.py").resolve()


# A program without agent rules that works without a word: a CPU loop longer than the
# quiet after which output alone no longer reads as work (QUIET_IDLE, 5 s), then quiet.
BURN = 7.0
BUSY = [sys.executable, "-c", textwrap.dedent(f"""
    import time
    print("start", flush=True)
    end = time.monotonic() + {BURN}
    while time.monotonic() < end:
        pass
    print("rest", flush=True)
    # idle is read QUIET_IDLE (5 s) after the last sample that saw work, which may come a
    # sample period (0.5-0.75 s) after the burn ended, plus a period to be seen: 10 s leaves
    # the margin a loaded machine needs (6.5 s missed it 2 runs in 3, 8 s once)
    time.sleep(10)
""")]
_REPORTED = re.compile(rb"\x1b\]7501;([^\x07\x1b]*)")


def folded(states: list[str]) -> list[str]:
    return [s for i, s in enumerate(states) if i == 0 or states[i - 1] != s]


def test_replay_decides_from_the_samples_the_session_recorded(tmp_path: Path) -> None:
    """What only the session's samples show (a program without rules working, read from
    its CPU) is in the capture (``a`` events), so replay decides what the live session
    decided; without them replay takes the samples it can from the capture's rows (its
    output: no CPU in a capture wrap writes), which go quiet in the middle of the burn."""
    out = tmp_path / "busy.jsonl"
    with record(tmp_path, out, BUSY, answer_7501=True) as t:
        assert t.wait(timeout=30) == 0
        reports = [m.group(1).decode() for m in _REPORTED.finditer(t.output)]
    live = folded([dict(kv.split("=", 1) for kv in r.split(":") if "=" in kv)["state"]
                   for r in reports if "state=" in r])  # wrap's own record: one id
    assert "working" in live, live
    cap = read_capture(out)
    assert [e.payload[0] for e in cap.events if e.type == "a"] == [True, False], cap.events
    p = run(tmp_path, "replay", "--json", str(out))
    assert p.returncode == 0, p.stderr
    timeline = json.loads(p.stdout)["timeline"]
    replayed = folded([s["state"] for s in timeline if not s.get("marker")])
    # the same decisions (the live terminal is not told the idle it starts in)
    assert replayed == folded(["idle", *live]), (replayed, live)
    # the same capture without the samples: replay never sees the work
    lines = out.read_text(encoding="utf-8").splitlines()
    bare = tmp_path / "bare.jsonl"
    bare.write_text("\n".join(x for x in lines if '"a", [' not in x) + "\n", encoding="utf-8")
    p = run(tmp_path, "replay", "--json", str(bare))
    steps = [s for s in json.loads(p.stdout)["timeline"] if not s.get("marker")]
    assert folded([s["state"] for s in steps]) == [
        "idle", "working", "idle", "working", "idle", "clear"], steps
    # the idle in the middle: 5 s after "start", while the program still burns
    assert 5.0 <= steps[2]["t"] < BURN + 0.5, steps
    assert not any(s["state"] == "idle" and 1.0 < s["t"] < BURN for s in timeline), timeline
