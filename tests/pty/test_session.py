"""`wrap CMD` end to end: the exact bytes wrap writes to a pty playing the terminal.

Terminals that answer the 7501 probe, that answer only DA1, and that stay silent; a
child that probes and reports natively; exit statuses; and the rule that an injected
report never lands inside the child's own escape sequences.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from term import Terminal, base_env, wait_state

from osc7501wrap.protocol import Report, parse_body
from osc7501wrap.stream.tracker import StreamTracker

OSC7501 = re.compile(rb"\x1b\]7501;([^\x1b\x07]*)(?:\x1b\\|\x07)")
ASK = "sleep 0.3; printf 'Continue? [y/N] '; read a; echo got $a; sleep 1"


def reports(out: bytes) -> list[Report]:
    """Every OSC 7501 report in `out`, each checked with the strict parser."""
    found = []
    for m in OSC7501.finditer(out):
        parsed = parse_body(m.group(1))
        assert parsed is not None, f"invalid report written: {m.group(0)!r}"
        if isinstance(parsed, Report):
            found.append(parsed)
    return found


def states(out: bytes) -> list[str]:
    return [r.state + (f":{r.kind}" if r.kind else "") for r in reports(out)]


def run_wrap(args: list[str], *, answer_7501: bool, answer_da1: bool = True,
             typed: bytes = b"y\r", expect: bytes | None = b"Continue",
             env: dict[str, str] | None = None) -> Terminal:
    base = Path(tempfile.mkdtemp(prefix="ow", dir="/tmp"))  # short: AF_UNIX paths
    try:
        t = Terminal.wrap(args, answer_7501=answer_7501, answer_da1=answer_da1,
                          env={**(env or base_env()), "OSC7501WRAP_RUNTIME_DIR": str(base)})
        if expect is not None:
            t.expect(expect)
            wait_state(t, base, "blocked")  # answered once wrap has seen the dialog
            t.type(typed)
        t.wait(timeout=20)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return t


def test_terminal_that_answers_gets_full_reports_in_order() -> None:
    t = run_wrap(["--id", "job/1", "sh", "-c", ASK], answer_7501=True)
    out = t.output
    # the probe comes first, before any child byte
    assert out.startswith(b"\x1b]7501;?\x1b\\\x1b[c")
    reps = reports(out)
    # before the question: idle, or working while `sleep` runs as a child process
    first_blocked = [r.state for r in reps].index("blocked")
    assert {r.state for r in reps[:first_blocked]} <= {"idle", "working"}
    assert first_blocked >= 1
    assert reps[-1] == Report("clear", id="job/1")
    blocked = reps[first_blocked]
    assert (blocked.id, blocked.kind, blocked.app) == ("job/1", "question", "sh")
    assert blocked.msg == "Continue? [y/N]"
    # every report repeats app and title (a report replaces its record whole)
    for r in reps[:-1]:
        assert r.app == "sh" and r.title
    # answered: the dialog is gone, so blocked does not outlive it. The program runs on
    # after the answer (1 s): a state other than blocked is reported before the exit,
    # never a stale blocked light. (That report may come before the program's "got y":
    # the Enter that answers is itself a sign of work.) wrap reads the dialog gone about
    # 0.3 s after the answer (its screen settles, then gone_linger), and coalesces
    # reports for 0.1 s (bench_proxy.py's "echo after answer": what reading that screen
    # first costs the loop).
    assert b"got y" in out
    later = [r.state for r in reps[first_blocked:]]
    assert later[-1] == "clear"
    assert len(later) >= 3 and later[-2] in ("working", "done", "idle"), later
    assert t.wait() == 0


def test_nonzero_exit_is_an_error_report_with_the_status() -> None:
    t = run_wrap(["--id", "job/2", "sh", "-c", "sleep 0.2; exit 3"], answer_7501=True,
                 expect=None)
    reps = reports(t.output)
    assert reps[-1].state == "error"
    assert reps[-1].msg == "exited with status 3"
    assert t.wait() == 3


def test_killed_child_is_an_error_naming_the_signal() -> None:
    t = run_wrap(["--id", "job/3", "sh", "-c", "sleep 0.2; kill -KILL $$"],
                 answer_7501=True, expect=None)
    reps = reports(t.output)
    assert reps[-1].state == "error" and reps[-1].msg == "killed by SIGKILL"
    assert t.wait() == 137


def test_terminal_without_7501_gets_no_reports_but_fallbacks() -> None:
    t = run_wrap(["sh", "-c", ASK], answer_7501=False, answer_da1=True)
    out = t.output
    assert out.startswith(b"\x1b]7501;?\x1b\\\x1b[c")  # it asked, once
    assert reports(out) == []
    # OSC 9;4 mirrors the state: blocked is "paused/warning", and the bar is removed
    # when the program exits (the last 9;4 written)
    progress = re.findall(rb"\x1b\]9;4;([0-9;]*)\x1b\\", out)
    assert b"4" in progress
    assert progress[-1] == b"0"
    # the dialog raised one notification; with this TERM that is a BEL
    assert out.count(b"\x07") == 1


def test_silent_terminal_keeps_type_ahead_and_filters_late_replies() -> None:
    # The terminal answers nothing during the probe; keys typed meanwhile reach the child.
    code = "import sys; print('READY', flush=True); print(repr(sys.stdin.readline()))"
    t = Terminal.wrap([sys.executable, "-c", code], answer_7501=False, answer_da1=False)
    t.type(b"abc")  # type-ahead, during the probe window
    t.expect(b"READY")
    # the terminal's late DA1 reply arrives now: it must not reach the child
    t.type(b"\x1b[?62;22c")
    t.type(b"def\r")
    t.expect(b"'abcdef\\n'")
    assert t.wait() == 0


def test_emit_never_is_a_plain_proxy() -> None:
    code = ("import sys; sys.stdout.write('\\x1b]7501;state=working\\x1b\\\\'); "
            "sys.stdout.flush()")
    t = Terminal.wrap(["--emit", "never", sys.executable, "-c", code], answer_7501=True)
    t.wait()
    # no probe, no reports of its own; the child's own report passes through untouched
    assert b"\x1b]7501;?" not in t.output
    assert t.output.count(b"\x1b]7501;") == 1
    assert b"\x1b]7501;state=working\x1b\\" in t.output


NATIVE = textwrap.dedent(r"""
    import os, sys, termios, tty, time, select
    fd = sys.stdin.fileno()
    tty.setraw(fd)
    os.write(1, b"\x1b]7501;?\x1b\\\x1b[c")
    got = b""
    end = time.time() + 3
    while b"c" not in got.split(b"\x1b[?")[-1] and time.time() < end:
        if select.select([fd], [], [], 0.1)[0]:
            got += os.read(fd, 100)
    os.write(1, b"REPLIES=" + repr(got).encode() + b"\r\n")
    say = lambda body: os.write(1, b"\x1b]7501;" + body + b"\x1b\\")
    say(b"state=working:app=claude-code")
    time.sleep(0.4)
    say(b"state=blocked:app=claude-code:kind=permission:msg=YXBwcm92ZSBCYXNoOiBscw==")
    say(b"state=working:id=sub1:app=claude-code")
    time.sleep(0.4)
    say(b"state=done:app=claude-code")
    time.sleep(0.4)
    say(b"state=clear")
    say(b"state=clear")
""")


def test_native_emitter_is_answered_once_and_fused_into_one_record(tmp_path: Path) -> None:
    script = tmp_path / "native.py"
    script.write_text(NATIVE)
    t = Terminal.wrap(["--id", "w", sys.executable, str(script)],
                      answer_7501=False, answer_da1=True)
    t.wait(timeout=20)
    out = t.output
    # wrap answered the child's probe exactly once, before the terminal's DA1 reply
    m = re.search(rb"REPLIES=b'(.*?)'\r\n", out)
    assert m is not None
    assert m.group(1) == rb"\x1b]7501;?\x1b\\\x1b[?62;22c"
    # the terminal saw wrap's own probe, and never the child's
    assert out.count(b"\x1b]7501;?") == 1
    # this terminal lacks 7501: the child's reports are not passed through raw
    assert b"state=working:app=claude-code" not in out
    assert reports(out) == []


def test_native_reports_reemitted_under_wraps_id(tmp_path: Path) -> None:
    script = tmp_path / "native.py"
    script.write_text(NATIVE)
    t = Terminal.wrap(["--id", "w", sys.executable, str(script)],
                      answer_7501=True, answer_da1=True)
    t.wait(timeout=20)
    out = t.output
    reps = reports(out)
    # no report from the child reaches the terminal as such: all are under wrap's id
    assert all(r.id is not None and (r.id == "w" or r.id.startswith("w/")) for r in reps)
    root = [r.state for r in reps if r.id == "w"]
    # idle at the start (or working while the program starts up), then its own reports
    assert root[0] in ("idle", "working")
    assert root[-4:] == ["working", "blocked", "done", "clear"], root
    blocked = next(r for r in reps if r.id == "w" and r.state == "blocked")
    assert (blocked.kind, blocked.msg) == ("permission", "approve Bash: ls")
    assert any(r.id == "w/sub1" and r.state == "working" for r in reps)
    # the child's clear-all never became a clear-all
    assert all(r.id for r in reps if r.state == "clear")
    assert t.wait() == 0


TUI = textwrap.dedent(r"""
    import os, random, sys, time
    sys.path[:0] = sys.argv[2].split(os.pathsep)  # tests/pty, tests/
    from test_session import _tui_bytes
    rnd = random.Random(int(sys.argv[1]))
    data = _tui_bytes()
    pos = 0
    while pos < len(data):
        n = rnd.randint(1, 40)
        os.write(1, data[pos:pos + n])
        pos += n
        time.sleep(rnd.random() * 0.02)
    time.sleep(0.5)
""")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reports_never_land_inside_the_childs_sequences(tmp_path: Path, seed: int) -> None:
    script = tmp_path / "tui.py"
    script.write_text(TUI)
    t = Terminal.wrap(["--id", "w", sys.executable, str(script), str(seed),
                       os.pathsep.join(map(str, Path(__file__).resolve().parents[:2]))],
                      answer_7501=True, answer_da1=True)
    t.wait(timeout=30)
    out = t.output
    probe = b"\x1b]7501;?\x1b\\\x1b[c"
    assert out.startswith(probe)
    body = out[len(probe):]
    # Take wrap's own reports out: what remains is exactly the child's bytes, and at
    # every place a report was injected the child's stream was at a safe point.
    child = bytearray()
    injected = 0
    pos = 0
    for m in OSC7501.finditer(body):
        child += body[pos:m.start()]
        tr = StreamTracker()
        tr.feed(bytes(child))
        assert tr.safe, f"report injected at an unsafe point after {bytes(child[-40:])!r}"
        injected += 1
        pos = m.end()
    child += body[pos:]
    assert injected >= 2  # idle at start, blocked, clear...
    # the child's own bytes arrive unchanged
    assert bytes(child) == _tui_bytes()


def _tui_bytes() -> bytes:
    frames = []
    for i in range(60):
        frames.append(
            b"\x1b[?2026h\x1b[H\x1b[2K\x1b[38;2;200;100;50m\xe2\x9c\xbb Working\xe2\x80\xa6 "
            + str(i).encode() + b"\x1b[0m\x1b]8;;http://x/\x1b\\link\x1b]8;;\x1b\\"
            + b"\x1b[4:3m\xe4\xb8\xad\xe6\x96\x87\x1b[0m\x1b[?2026l")
        if i == 30:
            frames.append(b"\x1b[2;1HContinue? [y/N] ")
    return b"".join(frames)


def test_log_names_the_deciding_signal_and_rule(tmp_path: Path) -> None:
    log = tmp_path / "wrap.log"
    run_wrap(["--log", str(log), "sh", "-c", ASK], answer_7501=True)
    text = log.read_text()
    assert re.search(r"state idle signal=start", text)
    assert re.search(r"state blocked:question signal=screen detail=\S+@\S+ msg=Continue\? "
                     r"\[y/N\]", text)
    assert re.search(r"state clear signal=exit", text)
    # the start line has the whole command, each argument on the same one line
    (start,) = [x for x in text.splitlines() if " start argv=" in x]
    assert f" start argv={['sh', '-c', ASK]!r} manifest=generic@" in start


def test_the_log_start_line_is_one_line_whatever_the_arguments(tmp_path: Path) -> None:
    log = tmp_path / "wrap.log"
    odd = "two\nlines \x1b]0;t\x07 \u202eevil"
    run_wrap(["--log", str(log), "sh", "-c", "exit 0", "x", odd], answer_7501=True, expect=None)
    (start,) = [x for x in log.read_text().splitlines() if " start argv=" in x]
    assert f"start argv={['sh', '-c', 'exit 0', 'x', odd]!r}" in start
    assert "\x1b" not in start and "\u202e" not in start and "\x07" not in start


def test_log_ends_with_the_buffers_high_water_marks(tmp_path: Path) -> None:
    log = tmp_path / "wrap.log"
    # an escape sequence cut between two writes: the tracker holds its start meanwhile
    run_wrap(["--log", str(log), "sh", "-c",
              "printf 'x%.0s' $(seq 3000); printf '\\033]0;ti'; sleep 0.3; printf 'tle\\007'; "
              + ASK], answer_7501=True)
    last = log.read_text().splitlines()[-1]
    marks = {k: (int(a), int(b)) for k, a, b in re.findall(r"(\w+)=(\d+)/(\d+)", last)}
    assert " buffers " in last and set(marks) >= {"early", "backlog", "scanner", "tracker",
                                                  "input", "emitter"}, last
    assert all(size <= high for size, high in marks.values())
    assert marks["backlog"][1] >= 3000  # the 3000 bytes were pending for the screen at once
    assert marks["tracker"][1] >= len("0;ti")  # the cut title's payload was held
    assert marks["emitter"][1] >= 1


def test_title_fallback_marks_the_state_and_gives_the_title_back(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("[fallbacks]\ntitle = true\n")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path))
    t = run_wrap(["sh", "-c", "printf '\\033]2;mytitle\\007'; " + ASK],
                 answer_7501=False, env=env)
    titles = re.findall(rb"\x1b\]2;([^\x1b\x07]*)", t.output)
    assert titles[0] == b"mytitle"  # the program's own, untouched while idle
    assert "⏸ mytitle".encode() in titles  # blocked
    assert titles[-1] == b"mytitle"  # given back at the exit
    assert reports(t.output) == []  # this terminal has no 7501: title and 9;4 only


def test_program_without_agent_rules_is_working_while_busy_and_idle_when_quiet() -> None:
    code = ("import time\n"
            "end = time.time() + 1.5\n"
            "while time.time() < end: pass  # busy: CPU\n"
            "print('quiet now', flush=True)\n"
            "time.sleep(6.5)\n"
            "print('bye', flush=True)\n")
    t = run_wrap(["--id", "g", sys.executable, "-c", code], answer_7501=True, expect=None)
    got = [s for s in states(t.output)]
    assert got[0] == "idle"
    assert "working" in got
    i = got.index("working")
    assert "idle" in got[i + 1:], got  # quiet for 5 s: idle again, before the exit
    assert got[-1] == "clear"
