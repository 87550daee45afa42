"""tmux as a display: pane options set by wrap, in a real private tmux server."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from term import wrap_command
from test_protocol_tmux import PrivateTmux

from osc7501wrap.report.tmux_display import (
    OPTIONS,
    TmuxDisplay,
    parse_version,
    tmux_literal,
    tmux_program,
    tmux_socket,
)

ASK = "sleep 0.5; printf 'Continue? [y/N] '; read a; echo got:$a"
COMPUTE = "sleep 4; echo computed"

pytestmark = pytest.mark.requires("tmux")  # missing: fails under scripts/test, skips elsewhere


def wait_until(fn, timeout: float = 10.0, what: str | Callable[[], str] = "") -> object:
    """fn() once it is true; at `timeout`, fail naming `what` (a callable: what it says
    then, e.g. what the pane shows)."""
    deadline = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        if time.monotonic() >= deadline:
            pytest.fail(f"timed out waiting for {what() if callable(what) else what}")
        time.sleep(0.05)


class Server(PrivateTmux):
    """A private tmux whose panes run wrap with their own registry directory."""

    def __init__(self, runtime: Path) -> None:
        super().__init__()
        self.runtime = runtime
        self.cmd("set", "-g", "remain-on-exit", "on")  # an exited pane stays to be read

    def wrapped(self, target: str, script: str, *extra: str,
                wrap_args: tuple[str, ...] = ()) -> None:
        pane = " ".join(["env", f"OSC7501WRAP_RUNTIME_DIR={shlex.quote(str(self.runtime))}",
                         *extra, *map(shlex.quote, [*wrap_command(), *wrap_args]), "sh", "-c",
                         shlex.quote(script)])
        self.cmd("respawn-pane", "-k", "-t", target, pane)

    def option(self, target: str, name: str = "@osc7501_state") -> str:
        return self.cmd("show-options", "-p", "-q", "-v", "-t", target, name).strip()

    def options(self, target: str) -> str:
        return self.cmd("show-options", "-p", "-t", target)


def step(d: TmuxDisplay) -> float | None:
    """One turn of the display as the session's loop takes it: poll, then its next deadline."""
    now = time.monotonic()
    d.poll(now)
    return d.next_deadline(now)


@pytest.mark.tmux
@pytest.mark.parametrize("passthrough", ["off", "on"])
def test_pane_options_follow_the_state(server: Server, passthrough: str) -> None:
    server.cmd("set", "-g", "allow-passthrough", passthrough)  # either way: options are set
    server.cmd("split-window", "-d", "-t", "t", "sleep 120")
    ask, compute = [p for p in server.cmd("list-panes", "-t", "t", "-F",
                                          "#{pane_id}").split()]
    server.wrapped(ask, ASK)
    server.wrapped(compute, COMPUTE)
    wait_until(lambda: server.option(ask) == "blocked", what="blocked")
    wait_until(lambda: server.option(compute) == "working", what="working")
    assert server.option(ask, "@osc7501_kind") == "question"
    assert server.option(ask, "@osc7501_msg") == "Continue? [y/N]"
    assert server.option(ask, "@osc7501_agent") == "sh"  # no agent rules: the program's name
    since = int(server.option(ask, "@osc7501_since"))
    assert abs(since - time.time()) < 30
    # only the pane wrap runs in: the window and the server carry nothing
    assert "@osc7501" not in server.cmd("show-options", "-w", "-t", "t")
    assert "@osc7501" not in server.cmd("show-options", "-g")
    server.cmd("send-keys", "-t", ask, "y", "Enter")
    wait_until(lambda: "got:y" in server.cmd("capture-pane", "-p", "-t", ask), timeout=20,
               what=lambda: f"answer; the pane shows {server.cmd('capture-pane', '-p', '-t', ask)!r}")
    # a clean exit unsets every option (the pane stays to be read: remain-on-exit)
    wait_until(lambda: "@osc7501" not in server.options(ask), what="ask unset")
    wait_until(lambda: "@osc7501" not in server.options(compute), timeout=15,
               what="compute unset")


@pytest.mark.tmux
def test_a_failure_leaves_error(server: Server) -> None:
    pane = server.pane()
    server.wrapped(pane, "sleep 0.3; exit 3")
    wait_until(lambda: server.option(pane) == "error", what="error")
    assert server.option(pane, "@osc7501_msg") == "exited with status 3"


# ---------------------------------------------------------------------- the client itself

def test_socket_and_program_come_from_tmux_env(tmp_path: Path) -> None:
    assert tmux_socket({"TMUX": "/tmp/tmux-1/default,123,0"}) == "/tmp/tmux-1/default"
    assert tmux_socket({"TMUX": ""}) is None
    assert tmux_socket({"TMUX": "relative,1,0"}) is None
    # the server's own binary (/proc/<pid>/exe) wins over PATH
    fake = tmp_path / "tmux"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    env = {"TMUX": f"/s,{os.getpid()},0", "PATH": str(tmp_path)}
    assert tmux_program(env) == os.readlink(f"/proc/{os.getpid()}/exe")
    assert tmux_program({"TMUX": "/s,notapid,0", "PATH": str(tmp_path)}) == str(fake)
    assert TmuxDisplay.from_env({"TMUX": "/s,1,0"}) is None  # no $TMUX_PANE
    assert TmuxDisplay.from_env({"TMUX_PANE": "%1"}) is None  # no $TMUX


def test_since_stays_while_the_state_does() -> None:
    d = TmuxDisplay(socket="/s", pane="%1", program=None)
    d.update("blocked", "question", "a", None, since=100)
    d.update("blocked", "question", "b", None)
    assert d._want["@osc7501_since"] == "100" and d._want["@osc7501_msg"] == "b"
    d.update("working", None, "b", None)
    assert int(d._want["@osc7501_since"] or 0) > 100


def test_values_are_one_line_with_no_hash() -> None:
    assert tmux_literal("a\nb\x1b[31m c;") == "a b [31m c"
    assert tmux_literal("#[fg=red]x #{pane_id} #(id) ##") == (
        "\u266f[fg=red]x \u266f{pane_id} \u266f(id) \u266f\u266f")
    assert tmux_literal("x\u202e\u2066y") == "xy"  # bidi marks go
    assert len(tmux_literal("x" * 10_000).encode()) <= 200
    assert len(tmux_literal("#" * 10_000).encode()) <= 200
    assert "#" not in tmux_literal("#" * 10_000)


# Text a program can put on screen: every tmux directive, shell syntax, quotes, controls.
HOSTILE = ("Run #(touch {f1}) and $(touch {f2}) `touch {f3}` #{{pane_id}} #{{E:#{{pane_id}}}}"
           " #[fg=red,bg=blue] 'q' \"qq\" ; x \\ \u202eevil\u2066 -t %0 now?")


@pytest.mark.tmux
def test_hostile_screen_text_runs_nothing_in_any_format_context(server: Server,
                                                                tmp_path: Path) -> None:
    short = Path(tempfile.mkdtemp(prefix="o7w"))  # short paths: the question fits one row
    marks = [short / f"ran{i}" for i in (1, 2, 3)]
    question = HOSTILE.format(f1=marks[0], f2=marks[1], f3=marks[2])
    script = f"sleep 0.3; printf '%s [y/N] ' {shlex.quote(question)}; read a"
    pane = server.pane()
    server.cmd("resize-window", "-t", "t", "-x", "250")  # the question on one line
    server.wrapped(pane, script)
    wait_until(lambda: server.option(pane) == "blocked", what="blocked")
    msg = server.option(pane, "@osc7501_msg")
    assert "touch" in msg and "#" not in msg, msg  # the question is there, inert
    out, out2 = tmp_path / "out", tmp_path / "out2"
    # every way a user's format may take the option: expanded again by E: (once or twice)
    # or T:, in the status line, a message, a menu; in run-shell / if-shell shell-quoted
    # with q: (the README's advice: unquoted, the shell itself would read `$(...)`)
    server.cmd("set", "-g", "status-right", "#{E:@osc7501_msg} #{@osc7501_msg}")
    for fmt in ("#{E:@osc7501_msg}", "#{E:#{E:@osc7501_msg}}", "#{T:@osc7501_msg}",
                "#{@osc7501_msg}", "#{q:@osc7501_msg}", "#{E:status-right}"):
        server.cmd("display", "-p", "-t", pane, fmt)
    server.cmd("display-message", "-t", pane, "#{E:@osc7501_msg}")
    server.cmd("run-shell", "-t", pane, f"printf '%s' #{{q:@osc7501_msg}} > {out}")
    server.cmd("if-shell", "-t", pane, "true #{q:@osc7501_msg}",
               f"run-shell \"printf '%s' #{{q:@osc7501_msg}} > {out2}\"")
    # the shell-quoted value reaches the shell as the text itself
    assert out.read_text() == msg
    wait_until(lambda: out2.exists() and out2.read_text() == msg, what="if-shell's run")
    time.sleep(1.0)  # tmux runs #() jobs in the background: give one the time to run
    assert [m for m in marks if m.exists()] == []
    # the same text through a format that acts on a '#' does run (the test can see it)
    server.cmd("set", "-p", "-t", pane, "@probe", f"#(touch {marks[0]})")
    wait_until(lambda: server.cmd("display", "-p", "-t", pane, "#{E:@probe}") is not None
               and marks[0].exists(), timeout=30, what="the control case's #() to run")
    shutil.rmtree(short)


def test_one_client_at_a_time_latest_wins(tmp_path: Path) -> None:
    log = tmp_path / "calls"
    fake = tmp_path / "tmux"
    fake.write_text(f"#!/bin/sh\necho \"$*\" >> {log}\nsleep 0.3\n")
    fake.chmod(0o755)
    d = TmuxDisplay(socket="/s", pane="%7", program=str(fake))
    d.update("working", None, "a", "generic", since=1)
    assert step(d) is not None
    for state in ("blocked", "working", "done"):  # while the first runs: coalesced
        d.update(state, "question", "m", "generic", since=2)
        step(d)
    d.close(wait=3)
    calls = log.read_text().splitlines()
    assert len(calls) == 2, calls
    assert "@osc7501_state working" in calls[0] and "#{version}" in calls[0]
    assert "@osc7501_state done" in calls[1] and "-u -t %7 @osc7501_kind" in calls[1]


def test_a_hung_tmux_is_killed_with_one_log_line(tmp_path: Path) -> None:
    fake = tmp_path / "tmux"
    fake.write_text("#!/bin/sh\nexec sleep 60\n")
    fake.chmod(0o755)
    lines: list[str] = []
    d = TmuxDisplay(socket="/s", pane="%1", program=str(fake), log=lines.append,
                    timeout=0.2)
    for i in range(3):
        d.update("working", None, str(i), None)
        t0 = time.monotonic()
        while step(d) is not None:
            time.sleep(0.01)
            assert time.monotonic() - t0 < 2
        assert time.monotonic() - t0 >= 0.2
    assert len(lines) == 1 and "did not answer" in lines[0]


def test_a_missing_tmux_disables_with_one_line() -> None:
    lines: list[str] = []
    d = TmuxDisplay(socket="/s", pane="%1", program="/nonexistent/tmux", log=lines.append)
    d.update("working", None, None, None)
    assert step(d) is None
    d.update("blocked", None, None, None)
    assert step(d) is None
    assert d.disabled and len(lines) == 1 and "cannot run" in lines[0]
    assert TmuxDisplay(socket="/s", pane="%1", program=None, log=lines.append).disabled
    assert len(lines) == 2


@pytest.mark.parametrize(("text", "version", "progress"), [
    ("3.3a", (3, 3), False), ("3.6", (3, 6), False), ("3.7", (3, 7), True),
    ("next-3.8", (3, 8), True), ("4.0", (4, 0), True), ("master", None, False),
])
def test_progress_fields_only_from_tmux_3_7(text: str, version, progress: bool) -> None:
    assert parse_version(text) == version
    d = TmuxDisplay(socket="/s", pane="%1", program=sys.executable)
    d.version = parse_version(text)
    d.update("blocked", "question", None, None)
    if progress:
        assert d.progress_bytes() == b"\x1b]9;4;4\x1b\\"
        assert d.progress_bytes() == b""  # once per change
        d.finish(None)
        assert d.progress_bytes() == b"\x1b]9;4;0\x1b\\"
    else:
        assert d.progress_bytes() == b""


@pytest.mark.tmux
def test_version_is_read_from_the_server(server: Server) -> None:
    pane = server.pane()
    d = TmuxDisplay(socket=server.socket, pane=pane, program=shutil.which("tmux"))
    d.update("working", None, "x", "generic")
    d.close(wait=5)
    assert d.version == parse_version(server.cmd("display", "-p", "#{version}"))
    assert server.option(pane) == "working"
    assert set(OPTIONS) - {"@osc7501_kind"} <= set(
        line.split()[0] for line in server.options(pane).splitlines())


@pytest.mark.parametrize("tmux", ["hung", "missing"])
def test_a_hung_or_missing_tmux_never_stalls_the_passthrough(tmp_path: Path, tmux: str) -> None:
    from term import Terminal, base_env

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if tmux == "hung":
        fake = bin_dir / "tmux"
        fake.write_text(f"#!/bin/sh\nexec {shutil.which('sleep')} 30\n")
        fake.chmod(0o755)
    log = tmp_path / "wrap.log"
    env = base_env(TMUX="/nonexistent/socket,999999999,0", TMUX_PANE="%5",
                   OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"))
    env["PATH"] = str(bin_dir)  # no other tmux to be found
    sleep = shutil.which("sleep")
    script = f"for i in 1 2 3 4 5 6 7 8; do echo tick$i; {sleep} 0.4; done; exit 3"
    t = Terminal.wrap(["--log", str(log), "/bin/sh", "-c", script], env=env, answer_da1=True)
    seen: dict[int, float] = {}
    try:
        for i in range(1, 9):
            t.expect(f"tick{i}".encode(), timeout=10)
            seen[i] = time.monotonic()
        assert t.wait(timeout=10) == 3
    finally:
        t.close()
    gaps = [seen[i + 1] - seen[i] for i in range(1, 8)]
    assert max(gaps) < 1.2, gaps  # 0.4 s apart; a 2 s stall would show
    lines = [ln for ln in log.read_text().splitlines() if "tmux display" in ln]
    if tmux == "hung":
        assert len(lines) == 1 and "did not answer in 2 s" in lines[0], lines
    else:
        assert len(lines) == 1 and "no tmux program found" in lines[0], lines


def test_doctor_says_where_the_state_shows(tmp_path: Path) -> None:
    from osc7501wrap.commands.doctor import check_display
    from osc7501wrap.config import Config

    c = check_display(Config(), {"TERM": "xterm-256color"}, emit=False)
    assert (c.status, c.detail) == ("OK", "no tmux pane options (not inside tmux); "
                                          "no other terminal channel")
    fake = tmp_path / "tmux"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    env = {"TMUX": "/s,notapid,0", "TMUX_PANE": "%3", "PATH": str(tmp_path),
           "LC_TERMINAL": "iTerm2", "KITTY_WINDOW_ID": "1"}
    c = check_display(Config(), env, emit=True)  # a 7501 terminal: no kitty notification
    assert c.detail == f"tmux pane options @osc7501_* on %3 via {fake}; terminal channels: uservar"
    c = check_display(Config(), {**env, "PATH": str(tmp_path / "none")}, emit=False)
    assert c.status == "WARN"


@pytest.mark.tmux
def test_inside_tmux_the_outer_terminal_name_chooses_the_channel(server: Server,
                                                                  tmp_path: Path) -> None:
    """TERM_PROGRAM says tmux in a pane; tmux asked the outer terminal XTVERSION when the
    client attached, and wrap reads that name (#{client_termtype}) from the server."""
    from test_protocol_tmux import Client

    server.cmd("set", "-g", "allow-passthrough", "on")
    client = Client(server)
    try:
        client.child.send(b"\x1bP>|kitty(0.40.0)\x1b\\")  # the answer to tmux's CSI > q
        wait_until(lambda: server.cmd("display", "-p", "-t", server.pane(),
                                      "#{client_termtype}").strip() == "kitty(0.40.0)",
                   what="client_termtype")
        pane = server.pane()
        log = tmp_path / "wrap.log"
        server.wrapped(pane, ASK, "TERM_PROGRAM=tmux", wrap_args=("--log", str(log)))
        wait_until(lambda: server.option(pane) == "blocked", what="blocked")
        client.wait_for("\x1b]99;i=")  # kitty's notification, through passthrough
        assert b":d=0:e=1:p=title;" in client.seen
        assert "note terminal kitty(0.40.0): channels osc99" in log.read_text()
    finally:
        client.close()


def test_an_unexpected_failure_turns_the_display_off(monkeypatch: pytest.MonkeyPatch) -> None:
    lines: list[str] = []
    d = TmuxDisplay(socket="/s", pane="%1", program=sys.executable, log=lines.append)

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("no")

    monkeypatch.setattr(d, "_start", boom)
    d.update("working", None, None, None)
    assert step(d) is None and d.disabled
    assert lines == ["tmux display off: RuntimeError: no"]
