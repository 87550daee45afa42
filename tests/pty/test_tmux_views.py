"""What a user sees of wrapped sessions in a real tmux: the snippet's "N waiting" count and
popup as an attached client shows them, the names `ls` and `watch` give, `send` to a pane,
and a program that fails at once."""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import pexpect
import pyte
import pytest
from term import wrap_command
from test_protocol_tmux import Client
from test_tmux_display import ASK, Server, wait_until

from osc7501wrap.commands import tmux_init

O7W = [sys.executable, "-m", "osc7501wrap"]
LONG_TITLE = "a pane title far longer than the forty columns of status-right " * 2


class Seen:
    """The screen of an attached tmux client, read back through a terminal model."""

    def __init__(self, client: Client, cols: int = 80, rows: int = 24) -> None:
        self.client = client
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def read(self) -> list[str]:
        try:
            while True:
                self.stream.feed(self.client.child.read_nonblocking(65536, timeout=0.05))
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
        return list(self.screen.display)

    def wait(self, pred, what: str, timeout: float = 15.0) -> list[str]:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        while True:
            lines = self.read()
            if pred(lines):
                return lines
            assert time.monotonic() < deadline, f"timed out waiting for {what}: {lines}"

    def status(self) -> str:
        return self.read()[-1]


def o7w(runtime: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    env["OSC7501WRAP_RUNTIME_DIR"] = str(runtime)
    return subprocess.run([*O7W, *args], capture_output=True, text=True, env=env, timeout=30,
                          check=False)


def load_snippet(server: Server, tmp_path: Path) -> str:
    server.cmd("set-environment", "-g", "OSC7501WRAP_RUNTIME_DIR", str(server.runtime))
    text = tmux_init.snippet(" ".join(map(shlex.quote, O7W)))
    (tmp_path / "o7w.conf").write_text(text)
    server.cmd("source-file", str(tmp_path / "o7w.conf"))
    return text


def test_tmux_init_writes_its_file_in_a_fresh_home(tmp_path: Path) -> None:
    """The README's line, in a home without ~/.config/tmux."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    env.update(HOME=str(home), OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"))
    line = f"{shlex.join(O7W)} tmux-init -o ~/.config/tmux/osc7501wrap.conf"
    done = subprocess.run(["sh", "-c", line], capture_output=True, text=True, env=env,
                          timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    conf = home / ".config" / "tmux" / "osc7501wrap.conf"
    assert conf.read_text() == tmux_init.snippet()
    assert f"wrote {conf}" in done.stdout
    assert "source-file ~/.config/tmux/osc7501wrap.conf" in done.stdout
    assert f"tmux source-file {conf}" in done.stdout
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "osc7501wrap tmux-init -o ~/.config/tmux/osc7501wrap.conf" in readme
    # a place that cannot be written: one line, no traceback
    (home / "file").write_text("")
    bad = subprocess.run([*O7W, "tmux-init", "-o", str(home / "file" / "x.conf")],
                         capture_output=True, text=True, env=env, timeout=30, check=False)
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1, bad.stderr
    assert "Traceback" not in bad.stderr and "cannot write" in bad.stderr


@pytest.mark.tmux
def test_waiting_count_shows_beside_a_long_title_and_runs_nothing(server: Server,
                                                                  tmp_path: Path) -> None:
    text = load_snippet(server, tmp_path)
    assert "#(" not in text and "status-interval" not in text
    assert server.cmd("show", "-gv", "status-interval").strip() == "15"  # tmux's own
    client = Client(server)
    try:
        seen = Seen(client)
        shell = server.pane()
        server.cmd("select-pane", "-t", shell, "-T", LONG_TITLE)
        asks = [server.cmd("new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "t:",
                           "sleep 120").strip() for _ in range(2)]
        server.cmd("new-session", "-d", "-s", "other", "-t", "t")  # a grouped session
        for pane in asks:
            server.wrapped(pane, ASK)
        for pane in asks:
            wait_until(lambda p=pane: server.option(p) == "blocked", what="blocked")
        line = seen.wait(lambda lines: "2 waiting" in lines[-1], "2 waiting")[-1]
        assert LONG_TITLE[:21] in line  # the title is there, and the count after it
        assert line.rstrip().endswith("2 waiting")
        server.cmd("send-keys", "-t", asks[0], "y", "Enter")  # answered: it counts down
        seen.wait(lambda lines: "1 waiting" in lines[-1], "1 waiting")
        server.cmd("kill-pane", "-t", asks[1])  # a pane that goes takes its count along
        seen.wait(lambda lines: "waiting" not in lines[-1], "no count")
        assert LONG_TITLE[:21] in seen.status()
    finally:
        client.close()


@pytest.mark.tmux
def test_watch_popup_enter_jumps_and_closes(server: Server, tmp_path: Path) -> None:
    load_snippet(server, tmp_path)
    server.cmd("new-session", "-d", "-s", "other", "-x", "80", "-y", "24", "sleep 120")
    ask = server.cmd("display", "-p", "-t", "other", "#{pane_id}").strip()
    server.wrapped(ask, ASK)
    wait_until(lambda: server.option(ask) == "blocked", what="blocked")
    client = Client(server)
    try:
        seen = Seen(client)
        client.child.send(b"\x02A")  # prefix, then A: watch in a popup
        seen.wait(lambda lines: any("Up/Down select" in x for x in lines)
                  and any("Continue? [y/N]" in x for x in lines), "the popup")
        client.child.send(b"\r")
        wait_until(lambda: server.cmd("list-clients", "-F", "#{client_session}").strip()
                   == "other", what="the jump")
        seen.wait(lambda lines: not any("Up/Down select" in x for x in lines),
                  "the popup to close")
        assert server.cmd("display", "-p", "-t", ask, "#{pane_active}").strip() == "1"
    finally:
        client.close()


@pytest.mark.tmux
def test_ls_watch_and_the_pane_name_the_program(server: Server) -> None:
    pane = server.pane()
    server.cmd("respawn-pane", "-k", "-t", pane, " ".join([
        "env", f"OSC7501WRAP_RUNTIME_DIR={shlex.quote(str(server.runtime))}",
        *map(shlex.quote, wrap_command()), "sleep", "60"]))
    wait_until(lambda: server.option(pane, "@osc7501_agent"), what="the pane's agent")
    assert server.option(pane, "@osc7501_agent") == "sleep"
    (entry,) = json.loads(o7w(server.runtime, "ls", "--json").stdout)
    assert entry["agent"] == "sleep" and entry["argv"] == ["sleep", "60"]
    table = o7w(server.runtime, "ls").stdout
    assert table.splitlines()[1].split()[1] == "sleep"
    frame = o7w(server.runtime, "watch", "--once").stdout
    (row,) = [x for x in frame.splitlines() if "t:0.0" in x]
    assert row.split()[2] == "sleep"
    assert "python" not in frame and "generic" not in frame and "python" not in table


@pytest.mark.tmux
def test_send_takes_a_tmux_pane_id(server: Server) -> None:
    pane = server.pane()
    server.wrapped(pane, "read a; echo got:$a; sleep 30")
    wait_until(lambda: server.option(pane), what="the session")
    done = o7w(server.runtime, "send", pane, "hello")
    assert done.returncode == 0, done.stderr
    wait_until(lambda: "got:hello" in server.cmd("capture-pane", "-p", "-t", pane),
               what="the text typed")
    other = o7w(server.runtime, "send", "%999", "x")
    assert other.returncode == 1 and other.stderr.count("\n") == 1
    assert "no live session in tmux pane %999" in other.stderr


@pytest.mark.tmux
def test_a_program_that_fails_at_once_is_seen_to_end(server: Server) -> None:
    server.runtime.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    env["OSC7501WRAP_RUNTIME_DIR"] = str(server.runtime)
    events = subprocess.Popen([*O7W, "events"], stdout=subprocess.PIPE, text=True, env=env)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in events.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    try:
        time.sleep(1.0)  # events is up (a session ending before it looked is not news)
        pane = server.pane()
        server.cmd("respawn-pane", "-k", "-t", pane, " ".join([
            "env", f"OSC7501WRAP_RUNTIME_DIR={shlex.quote(str(server.runtime))}",
            *map(shlex.quote, wrap_command()), "false"]))
        wait_until(lambda: server.option(pane) == "error", what="error on the pane")
        seen = []
        while len(seen) < 2:
            try:
                seen.append(json.loads(lines.get(timeout=15)))
            except queue.Empty:
                raise AssertionError(f"events printed only {seen}") from None
        assert [e["state"] for e in seen] == ["error", "exited"], seen
        assert seen[0]["msg"] == "exited with status 1" and seen[0]["agent"] == "false"
        assert seen[0]["tmux_pane"] == pane and seen[1]["session"] == seen[0]["session"]
        frame = o7w(server.runtime, "watch", "--once").stdout  # listed while it is kept
        assert "1 session" in frame and "exited with status 1" in frame, frame
    finally:
        events.terminate()
        events.wait(timeout=5)


@pytest.mark.tmux
def test_percent_signs_show_as_typed_in_every_format(server: Server) -> None:
    """tmux runs strftime over what #{E:...} and #{T:...} expand (the status line,
    display-message): a `%H` of screen text must not become the hour, in those or where
    the option is shown unexpanded."""
    question = "at %H:%M 5%% #{pane_id} #(id) %s %Y? [y/N]"
    pane = server.pane()
    server.wrapped(pane, f"sleep 0.3; printf '%s ' {shlex.quote(question)}; read a")
    wait_until(lambda: server.option(pane) == "blocked", what="blocked")
    msg = server.option(pane, "@osc7501_msg")
    shown = question.replace("%", "\u066a").replace("#", "\u266f")
    assert msg == shown, msg
    for fmt in ("#{@osc7501_msg}", "#{E:@osc7501_msg}", "#{T:@osc7501_msg}",
                "#{E:#{E:@osc7501_msg}}"):
        assert server.cmd("display", "-p", "-t", pane, fmt).strip() == shown, fmt
    client = Client(server)
    try:
        seen = Seen(client)
        server.cmd("set", "-g", "status-right-length", "100")
        for fmt in ("#{E:@osc7501_msg}", "#{@osc7501_msg}", "#{T:@osc7501_msg}"):
            server.cmd("set", "-g", "status-right", f"<{fmt}>")
            seen.wait(lambda lines: f"<{shown}>" in lines[-1], f"the status line of {fmt}")
        server.cmd("set", "-g", "status-right", "")
        server.cmd("display-message", "-d", "5000", "-t", pane, "(#{E:@osc7501_msg})")
        seen.wait(lambda lines: f"({shown})" in lines[-1], "the message")
    finally:
        client.close()


SNIPPET_OPTIONS = ("window-status-format", "window-status-current-format", "status-right",
                   "status-right-length", "@osc7501_glyph", "@osc7501_waiting")


@pytest.mark.tmux
def test_the_snippet_sourced_twice_doubles_nothing(server: Server, tmp_path: Path) -> None:
    """People reload tmux.conf: a second source-file leaves every option as the first."""
    def options() -> dict[str, str]:
        return {name: server.cmd("show", "-gqv", name).rstrip("\n") for name in SNIPPET_OPTIONS}

    before = options()
    load_snippet(server, tmp_path)
    once = options()
    assert int(once["status-right-length"]) == int(before["status-right-length"]) + 12
    for name in ("window-status-format", "window-status-current-format", "status-right"):
        assert once[name].startswith(before[name]) and once[name] != before[name], name
    bindings = server.cmd("list-keys", "-T", "prefix")
    server.cmd("source-file", str(tmp_path / "o7w.conf"))
    server.cmd("source-file", str(tmp_path / "o7w.conf"))
    assert options() == once
    assert server.cmd("list-keys", "-T", "prefix") == bindings
    # a status-right set anew by the reloaded tmux.conf gets its count again
    server.cmd("set", "-g", "status-right", "mine")
    server.cmd("source-file", str(tmp_path / "o7w.conf"))
    again = options()
    assert again["status-right"] == "mine" + once["status-right"][len(before["status-right"]):]


@pytest.mark.tmux
def test_the_readme_line_reads_a_pane_without_wrap(server: Server) -> None:
    """The README's show-options line, on a pane where nothing is wrapped: empty, not
    tmux's "invalid option" and a failure."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    (line,) = [x for x in readme.splitlines() if x.startswith("tmux show-options")]
    args = shlex.split(line.split("#", 1)[0])[1:]
    pane = server.pane()
    assert server.cmd(*[pane if a == "%3" else a for a in args]).strip() == ""
