"""The sinks as one object (report.sinks.Sinks): their order said once, the one
decision of which channel notifies, late changes (tmux's outer terminal, a late 7501
answer), and a part that fails taken out alone, with real sinks where they are files
(the registry entry, the ledger's SQLite) or sockets and programs (tmux, herdr)."""

from __future__ import annotations

import ast
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import osc7501wrap
from osc7501wrap.config import Fallbacks
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.protocol.tmux import TmuxEnv, tmux_env
from osc7501wrap.report.detect import detect
from osc7501wrap.report.emitter import Emitter
from osc7501wrap.report.ledger import Ledger
from osc7501wrap.report.sink import Sink
from osc7501wrap.report.sinks import ORDER, Place, Sinks, route
from osc7501wrap.report.tmux_display import TmuxDisplay
from osc7501wrap.session.listing import Listing
from osc7501wrap.session.registry import SessionFile
from osc7501wrap.stream.tracker import StreamTracker

DEAD_TMUX = {"TMUX": "/nonexistent/tmux-0/default,1,0", "TMUX_PANE": "%3"}
DEAD_HERDR = {"HERDR_ENV": "1", "HERDR_PANE_ID": "p1",
              "HERDR_SOCKET_PATH": "/nonexistent/herdr.sock"}
DIALOG = {"id": "d1", "question": "Allow edit?", "options": []}


def dec(state: str, kind: str | None = None, msg: str | None = None) -> Decision:
    return Decision(state, kind, msg, None, "screen", "rule@1", 0.0)


def make(env: dict[str, str], *, emit: bool = False,
         log: Callable[[str], None] = lambda line: None, **fallbacks: object) -> Sinks:
    place = Place(fallbacks=Fallbacks(**fallbacks),  # type: ignore[arg-type]
                  record_id="wrap/1", app="claude-code", agent="claude", manifest="claude",
                  argv=("claude",), cwd="/src/app", path="/usr/bin:/bin")
    return Sinks.chosen(place, detect(env), emit=emit, tracker=StreamTracker(), log=log)


def notifications(data: bytes) -> list[str]:
    """The notifications in `data`, by channel (wrapped for tmux or not)."""
    data = data.replace(b"\x1b\x1b", b"\x1b")  # one level of tmux passthrough undone
    data = re.sub(rb"\x1b\]1337;[^\x07]*\x07", b"", data)  # user variables end in BEL
    found = ["bel"] * data.count(b"\x07")
    found += ["osc9"] * len(re.findall(rb"\x1b\]9;(?!4;)", data))
    found += ["osc777"] * data.count(b"\x1b]777;notify;")
    found += ["osc99"] * data.count(b":d=0")  # the title of kitty's (the body follows)
    return found


def ledger_rows(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [state for (state,) in db.execute("SELECT state FROM changes ORDER BY id")]


def test_the_order_is_said_once_whatever_order_the_parts_come_in(tmp_path: Path) -> None:
    outs = make({"TERM": "xterm-kitty", **DEAD_TMUX, **DEAD_HERDR}, title=True)
    ledger = Ledger(session="wrap/1", pid=1, agent="claude", project="/src/app",
                    messages=True, retention_days=30, max_mb=10, log=lambda line: None,
                    path=str(tmp_path / "ledger.db"))
    outs.add("ledger", ledger)
    file = SessionFile(pid=4242, directory=tmp_path)
    assert file.create({"state": "idle"})
    outs.add("listing", Listing(file))  # added last: its place is second
    # the emitter first, the registry entry next (`jump` from tmux's key finds what the
    # light shows), then tmux, the terminal's channels, the title, herdr, the ledger
    assert outs.names() == list(ORDER) == ["emitter", "listing", "tmux", "channels", "title",
                                           "herdr", "ledger"]
    with pytest.raises(ValueError, match="no place named"):
        outs.add("elsewhere", Listing(file))

    outs.decided(dec("blocked", "permission", "Allow edit?"), 1.0, DIALOG)
    data = outs.due_bytes(1.0)
    # the bytes in that order: the emitter's progress, kitty's channel (wrapped for
    # tmux), the title's mark; the registry entry is written, the ledger has its row
    assert data.index(b"\x1b]9;4;4") < data.index(b"]99;") < data.index(b"\x1b]2;")
    assert file.entry["state"] == "blocked" and file.entry["dialog"] == DIALOG
    outs.exited(0, None, 2.0)
    outs.close()
    assert outs.names() == []
    assert ledger_rows(tmp_path / "ledger.db") == ["blocked", "exited"]
    assert (tmp_path / "4242.ended.json").exists()


@pytest.mark.parametrize(("env", "emit", "fallbacks", "notifier", "written"), [
    ({"TERM": "xterm-256color"}, False, {}, "bel", ["bel"]),
    ({"TERM_PROGRAM": "iTerm.app"}, False, {}, "osc9", ["osc9"]),
    ({"TERM": "xterm-256color"}, False, {"notify_via": "osc777"}, "osc777", ["osc777"]),
    # kitty: its own channel notifies, never the emitter too
    ({"TERM": "xterm-kitty"}, False, {}, "osc99", ["osc99"]),
    ({"TERM": "xterm-kitty", **DEAD_TMUX}, False, {}, "osc99", ["osc99"]),
    # a terminal that takes OSC 7501 alerts by itself: nothing of wrap's notifies
    ({"TERM": "xterm-kitty"}, True, {}, "terminal", []),
    ({"TERM_PROGRAM": "iTerm.app"}, True, {}, "terminal", []),
    ({"TERM": "xterm-256color"}, False, {"notify": ()}, "bel", []),
], ids=["bel", "iterm", "configured", "kitty", "kitty-in-tmux", "7501-kitty", "7501-iterm",
        "off"])
def test_one_channel_notifies(env: dict[str, str], emit: bool, fallbacks: dict[str, object],
                              notifier: str, written: list[str]) -> None:
    assert route(Fallbacks(**fallbacks), detect(env), emit=emit).notifier == notifier  # type: ignore[arg-type]
    outs = make(env, emit=emit, **fallbacks)
    outs.decided(dec("working"), 1.0)
    outs.decided(dec("blocked", "permission", "Allow edit?"), 1.0)
    assert notifications(outs.due_bytes(1.0)) == written


class Broken(Sink):
    """A part that raises at every call, with hostile text in its error."""

    def __init__(self) -> None:
        self.calls = 0

    def decided(self, decision: Decision, now: float, dialog: object = None) -> None:
        self.calls += 1
        raise RuntimeError("broken \x1b]2;#{pane} $(rm -rf ~) %H\u202e" + "x" * 10240)

    def due_bytes(self, now: float) -> bytes:
        raise OSError("no")

    def next_deadline(self, now: float) -> float | None:
        raise OSError("no")


def test_a_part_that_raises_leaves_the_list_with_one_log_line() -> None:
    lines: list[str] = []
    outs = make({"TERM": "xterm-kitty"}, log=lines.append)
    broken = Broken()
    outs.add("herdr", broken)
    outs.decided(dec("blocked", "permission", "Allow edit?"), 1.0)
    outs.decided(dec("working"), 1.5)
    assert broken.calls == 1 and "herdr" not in outs.names()
    assert outs.next_deadline(1.5) is not None  # the others go on
    data = outs.due_bytes(2.0)
    assert b"\x1b]9;4;4" in data or b"\x1b]9;4;3" in data
    assert len(lines) == 1 and lines[0].startswith("note output herdr off: RuntimeError: broken")
    assert "\x1b" not in lines[0] and "\u202e" not in lines[0] and len(lines[0]) <= 300
    # one that raises first in pending: the same, and its bytes are the only ones lost
    outs.add("herdr", broken)
    outs.decided(dec("done"), 3.0)  # raises in decided again: out, one more line
    assert len(lines) == 2 and outs.names() == ["emitter", "channels"]


def test_dead_sinks_never_stop_the_others(tmp_path: Path) -> None:
    """A tmux server that is gone, a herdr socket nobody listens on, a ledger that
    cannot be opened: each says so in the log, the emitter's bytes keep coming."""
    lines: list[str] = []
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    outs = make({"TERM": "xterm-256color", **DEAD_TMUX, **DEAD_HERDR}, log=lines.append)
    outs.add("ledger", Ledger(session="wrap/1", pid=1, agent="claude", project="/src/app",
                              messages=True, retention_days=30, max_mb=10, log=lines.append,
                              path=str(blocker / "ledger.db")))
    assert outs.names() == ["emitter", "tmux", "herdr", "ledger"]
    written = b""
    start = time.monotonic()
    for state in ("working", "blocked", "working", "done"):
        now = time.monotonic()
        outs.decided(dec(state), now)
        end = now + 0.4
        while time.monotonic() < end:  # the loop: poll at the times asked, write
            now = time.monotonic()
            due = outs.next_deadline(now)
            if due is not None and due <= now:
                outs.poll(now)
            written += outs.due_bytes(now)
            time.sleep(0.005)
    written += outs.exited(0, None, time.monotonic())
    outs.close()
    assert time.monotonic() - start < 30
    progress = re.findall(rb"\x1b\]9;4;(\d)", written)
    assert progress == [b"3", b"4", b"3", b"0"]  # every state, in order
    said = "\n".join(lines)
    assert "tmux display" in said  # the server is gone: one line, the display off
    assert "herdr" in said
    assert "ledger" in said
    assert outs.names() == []


def test_the_outer_terminal_named_late_adds_its_channels_at_their_place() -> None:
    lines: list[str] = []
    env = {"TERM_PROGRAM": "tmux", "TERM": "tmux-256color", **DEAD_TMUX}
    outs = make(env, log=lines.append, title=True)
    assert outs.names() == ["emitter", "tmux", "title"]
    outs.decided(dec("blocked", "permission", "Allow edit?"), 1.0, DIALOG)
    assert notifications(outs.due_bytes(1.0)) == ["bel"]
    outs.named("kitty(0.40.0)")  # what tmux's first answer says
    assert outs.names() == ["emitter", "tmux", "channels", "title"]
    assert lines == ["note terminal kitty(0.40.0): channels osc99"]
    emitter = outs.get("emitter")
    assert isinstance(emitter, Emitter) and emitter.notify_via == "none"
    # the new part had the last decision at once: kitty's notification now, no other
    data = outs.due_bytes(1.0)
    assert data.startswith(b"\x1bPtmux;") and notifications(data) == ["osc99"]
    outs.named("kitty(0.40.0)")  # told again: nothing new
    outs.named("tmux(3.5)")  # a name that adds nothing (the route would drop osc99)
    assert outs.names() == ["emitter", "tmux", "channels", "title"] and len(lines) == 1
    outs.exited(1, None, 2.0)
    outs.named("WezTerm 20240203")  # after the exit: nothing changes
    assert len(lines) == 1


def test_a_late_7501_answer_switches_the_emitter_and_the_routing() -> None:
    lines: list[str] = []
    outs = make({"TERM": "xterm-kitty", **DEAD_TMUX}, log=lines.append, title=True)
    assert outs.names() == ["emitter", "tmux", "channels", "title"]
    tmux = outs.get("tmux")
    assert isinstance(tmux, TmuxDisplay) and not tmux.progress
    outs.decided(dec("working", None, "editing"), 1.0)
    before = outs.due_bytes(1.2)
    assert b"\x1b]9;4;3" in before and b"7501" not in before
    assert outs.answered_late(1.3)
    assert lines == ["note the terminal answered the OSC 7501 query late; emitting"]
    # OSC 7501 from now on, the last decision at once; kitty's notifications are the
    # terminal's own now (no osc99 channel); tmux writes the pane's progress itself
    assert outs.names() == ["emitter", "tmux", "title"]
    assert tmux.progress
    after = outs.due_bytes(1.5)
    assert re.search(rb"\x1bPtmux;\x1b\x1b\]7501;[^\x1b]*state=working", after)
    outs.decided(dec("blocked", "permission", "Allow edit?"), 2.0)
    assert notifications(outs.due_bytes(2.0)) == []
    assert not outs.answered_late(2.5) and len(lines) == 1


def test_nothing_to_show_is_an_empty_composite(tmp_path: Path) -> None:
    """A session that writes nothing to its terminal (no reports) still lists itself."""
    outs = Sinks(lambda line: None)
    assert not outs.answered_late(1.0)
    outs.named("kitty(0.40.0)")
    file = SessionFile(pid=4244, directory=tmp_path)
    assert file.create({"state": "idle"})
    outs.add("listing", Listing(file))
    outs.decided(dec("working"), 1.0)
    assert outs.due_bytes(1.0) == b"" and file.entry["state"] == "working"
    assert outs.buffers() == {}


# --------------------------------------------------------------------------- one reading

PACKAGE = Path(osc7501wrap.__file__).resolve().parent


def env_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of each ``X.get("NAME"...)`` or ``X["NAME"]`` of a tmux variable."""
    found = []
    for node in ast.walk(tree):
        key = None
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("get", "pop") and node.args):
            key = node.args[0]
        elif isinstance(node, ast.Subscript):
            key = node.slice
        if isinstance(key, ast.Constant) and key.value in ("TMUX", "TMUX_PANE"):
            found.append((node.lineno, key.value))
    return found


def test_tmux_s_variables_are_read_in_one_function() -> None:
    reads = {str(p.relative_to(PACKAGE)): env_reads(ast.parse(p.read_text(encoding="utf-8")))
             for p in sorted(PACKAGE.rglob("*.py"))}
    reads = {name: lines for name, lines in reads.items() if lines}
    assert list(reads) == ["protocol/tmux.py"] and len(reads["protocol/tmux.py"]) == 2
    assert env_reads(ast.parse('e.get("TMUX"); os.environ["TMUX_PANE"]')) == [
        (1, "TMUX"), (1, "TMUX_PANE")]  # the scan sees both shapes


def test_the_terminal_is_one_frozen_value() -> None:
    env = {"TERM": "tmux-256color", "TERM_PROGRAM": "tmux",
           "TMUX": "/tmp/tmux-1/default,123,0", "TMUX_PANE": "%3"}
    terminal = detect(env)
    assert terminal.tmux == tmux_env(env) == TmuxEnv("/tmp/tmux-1/default", "123", "%3", 1)
    assert tmux_env({**env, "OSC7501WRAP_TMUX_DEPTH": "2"}).depth == 2
    assert tmux_env({}) == TmuxEnv() and not TmuxEnv().inside
    assert terminal.where == "tmux pane %3" and terminal.channels == frozenset()
    named = terminal.named("kitty(0.40.0)")
    assert named.channels == {"osc99"} and terminal.channels == frozenset()  # a new value
    with pytest.raises(AttributeError):
        terminal.outer = "kitty"  # type: ignore[misc]
    assert detect({**DEAD_HERDR}).herdr == ("/nonexistent/herdr.sock", "p1")
    assert detect({**DEAD_HERDR, "HERDR_ENV": "0"}).herdr is None


def test_the_session_never_tells_its_sinks_apart() -> None:
    """The session drives one object: no output class is named in it."""
    source = (PACKAGE / "session" / "session.py").read_text(encoding="utf-8")
    for name in ("Emitter", "TmuxDisplay", "TerminalChannels", "TitleMarker",
                 "HerdrReporter", "Ledger(Sink", "notify_via", ".progress = "):
        assert name not in source, name
