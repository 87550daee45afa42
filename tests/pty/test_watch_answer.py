"""`watch`'s answer keys on a real pty: a Claude-shaped dialog child (answer_child.py)
runs under wrap, `watch` runs in another pty and its screen is read back through a
terminal model. The selected blocked session shows its question and options (hostile
labels as inert text); a digit picks, another key cancels, the same digit confirms and
the child gets that key; a dialog that changed between the pick and the confirmation is
refused by the session with nothing typed; a 10 KB label keeps every line in the width."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyte
import pytest
from term import REPO, Terminal, base_env
from test_tmux_display import Server, wait_until

from osc7501wrap.commands import watch

CHILD = str(Path(__file__).with_name("answer_child.py"))
O7W = [sys.executable, "-m", "osc7501wrap"]
HOSTILE = ["; rm -rf ~ && touch PWNED", "#{pane_id} #(touch PWNED) #[fg=red]",
           "'\"$(touch PWNED)`touch PWNED` \\", "\u202eevil\u202c bidi\u2066x\u2069",
           "bell\x07 title\x1b]0;PWNED\x07 end", "No"]
COLS, ROWS = 110, 40
SGR = re.compile(rb"\x1b\[[0-9;]*m")
MOVE = re.compile(rb"\x1b\[[0-9]+;1H")


class Seen:
    """What a terminal shows of `t`'s output (a pyte model fed as it comes)."""

    def __init__(self, t: Terminal, cols: int = COLS, rows: int = ROWS) -> None:
        self.t, self.fed = t, 0
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def lines(self) -> list[str]:
        self.t.read(0.05)
        out = self.t.output
        self.stream.feed(out[self.fed:])
        self.fed = len(out)
        return [line.rstrip() for line in self.screen.display]

    def wait(self, pred: Callable[[list[str]], bool], what: str,
             timeout: float = 15.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            lines = self.lines()
            if pred(lines):
                return lines
            assert time.monotonic() < deadline, f"never {what}:\n" + "\n".join(lines)

    def shows(self, text: str, what: str | None = None) -> list[str]:
        return self.wait(lambda ls: any(text in line for line in ls), what or repr(text))


class Child:
    def __init__(self, t: Terminal, env: dict[str, str], sid: str, keys: Path) -> None:
        self.t, self.env, self.sid, self.keys = t, env, sid, keys

    def entry(self) -> dict[str, Any] | None:
        out = subprocess.run([*O7W, "ls", "--json"], env=self.env, capture_output=True,
                             text=True, timeout=30, cwd=str(REPO)).stdout
        return next((e for e in json.loads(out or "[]") if e.get("id") == self.sid), None)

    def wait_entry(self, pred: Callable[[dict[str, Any]], Any],
                   timeout: float = 15) -> dict[str, Any]:
        end = time.monotonic() + timeout
        e = None
        while time.monotonic() < end:
            e = self.entry()
            if e is not None and pred(e):
                return e
            self.t.pump(0.1)
        raise AssertionError(f"never: {e}")

    def typed(self) -> bytes:
        return self.keys.read_bytes() if self.keys.exists() else b""


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    made: list[Terminal] = []
    yield made
    for t in made:
        t.close()


def child(made: list[Terminal], rundir: Path, tmp_path: Path, labels: list[str]) -> Child:
    n = len(made)
    spec = tmp_path / f"spec{n}.json"
    spec.write_text(json.dumps({"labels": labels}), encoding="utf-8")
    keys = tmp_path / f"keys{n}"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rundir))
    sid = f"watch/{n}"
    t = Terminal.wrap(["--agent", "claude", "--id", sid, sys.executable, CHILD, str(spec),
                       str(keys)], env=env, rows=30, cols=100, cwd=str(tmp_path))
    made.append(t)
    return Child(t, env, sid, keys)


def frames(out: bytes) -> list[list[bytes]]:
    """watch's frames in its raw output, each a list of its lines (the help line last),
    without SGR; no other sequence is left in them."""
    found = []
    for f in out.split(b"\x1b[H\x1b[2J")[1:]:
        f = MOVE.sub(b"\n", SGR.sub(b"", f.split(b"\x1b[?25h", 1)[0])).replace(b"\r\n", b"\n")
        assert b"\x1b" not in f and b"\x07" not in f, f[:300]
        found.append(f.split(b"\n"))
    return found


def test_watch_picks_cancels_refuses_and_answers(rundir: Path, tmp_path: Path,
                                                  terminals: list[Terminal]) -> None:
    a = child(terminals, rundir, tmp_path, HOSTILE)
    first = a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 6)
    w = Terminal([*O7W, "watch"], env=base_env(OSC7501WRAP_RUNTIME_DIR=str(rundir)),
                 rows=ROWS, cols=COLS, cwd=str(tmp_path))
    terminals.append(w)
    seen = Seen(w)
    lines = seen.shows("press an option's number to answer it")
    shown = "\n".join(lines)
    assert "    Bash: rm -rf build" in shown
    for i, label in enumerate(HOSTILE[:3], 1):
        assert f"    {i}. {label}" in lines, shown  # as text: nothing expanded or run
    assert "    4. evil bidi x" in lines and "    5. bell title end" in lines, shown
    assert "    6. No" in lines, shown
    assert "\u202e".encode() not in w.output and b"\x07" not in w.output
    assert b"\x1b]" not in w.output and b"PWNED\x07" not in w.output

    # a pick, then another key: cancelled, nothing typed
    w.type(b"6")
    lines = seen.shows("press 6 again or Enter to answer 6. No; any other key cancels")
    assert "  > 6. No" in lines
    w.type(b"x")
    seen.shows("cancelled: nothing was answered")
    assert "  > 6. No" not in seen.lines() and a.typed() == b""

    # a pick, then the dialog changes: the confirmation is refused by the session
    w.type(b"6")
    seen.shows("press 6 again or Enter")
    a.t.type(b"x")  # the agent asks about another command now
    a.wait_entry(lambda e: e.get("dialog") and e["dialog"]["id"] != first["dialog"]["id"])
    seen.shows("the session no longer shows this dialog: it will refuse this answer")
    w.type(b"\r")
    lines = seen.shows("the dialog changed: it now asks 'Bash: rm -rf /'")
    assert any("nothing was typed" in line for line in lines)
    assert a.typed() == b"x"  # only the test's own key

    # a pick confirmed by the same digit: the child gets it, the row says so
    seen.shows("    Bash: rm -rf /")
    w.type(b"2")
    seen.shows("press 2 again or Enter to answer")
    w.type(b"2")
    seen.shows(f"answered 2. {HOSTILE[1]}")
    a.t.expect(b"CHOSE 2")
    assert a.typed() == b"x2"

    # the session is no longer waiting: a digit types nothing, Enter still jumps
    a.wait_entry(lambda e: e.get("state") != "blocked")
    seen.wait(lambda ls: not any("press an option" in x for x in ls), "the options to go")
    w.type(b"1")
    seen.shows("the selected session is not waiting: nothing to answer")
    w.type(b"\r")
    seen.shows("tty  /dev/pts/")
    assert a.typed() == b"x2"

    # a 10 KB label and 6 hostile ones: every line of every frame in the width
    b = child(terminals, rundir, tmp_path, ["Yes", "y" * 10240, "No"])
    b.wait_entry(lambda e: True)
    seen.shows("2 sessions")
    w.type(b"q")
    assert w.wait(timeout=10) == 0
    shot = frames(w.output)
    assert len(shot) > 10 and any(b"  > 6. No" in line for f in shot for line in f)
    for f in shot:
        assert all(len(line.decode()) <= COLS for line in f), max(f, key=len)[:200]
    assert b.typed() == b""
    assert not list(REPO.glob("PWNED")) and not list(tmp_path.rglob("PWNED"))


def test_the_answer_line_goes_when_the_next_dialog_comes(rundir: Path, tmp_path: Path,
                                                         terminals: list[Terminal]) -> None:
    a = child(terminals, rundir, tmp_path, ["Yes", "No"])
    a.wait_entry(lambda e: e.get("dialog") and len(e["dialog"]["options"]) == 2)
    w = Terminal([*O7W, "watch"], env=base_env(OSC7501WRAP_RUNTIME_DIR=str(rundir)),
                 rows=ROWS, cols=COLS, cwd=str(tmp_path))
    terminals.append(w)
    seen = Seen(w)
    seen.shows("press an option's number to answer it")
    w.type(b"1")
    seen.shows("press 1 again or Enter to answer")
    w.type(b"1")
    seen.shows("answered 1. Yes")
    a.t.expect(b"CHOSE 1")
    a.wait_entry(lambda e: e.get("state") != "blocked")
    seen.shows("answered 1. Yes")  # it stays while nothing else asks
    a.t.type(b"x")  # the agent's next dialog, with no key pressed in watch
    a.wait_entry(lambda e: e.get("state") == "blocked")
    seen.wait(lambda ls: any("    Bash: rm -rf /" in x for x in ls)
              and not any("answered 1. Yes" in x for x in ls), "the answer line to go")


@pytest.mark.tmux
def test_watch_in_tmux_answers_keys_sent_with_send_keys(server: Server, tmp_path: Path) -> None:
    """watch in one window, the dialog in another; the keys typed with send-keys, the
    screen read back with capture-pane; Enter without a pick jumps to the pane."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"labels": HOSTILE}), encoding="utf-8")
    keys = tmp_path / "keys"
    ask = server.pane()
    server.wrapped(ask, f"cd {shlex.quote(str(tmp_path))} && exec "
                   + shlex.join([sys.executable, CHILD, str(spec), str(keys)]),
                   wrap_args=("--agent", "claude", "--no-hooks"))
    wait_until(lambda: server.option(ask) == "blocked", what="blocked")
    server.cmd("set", "-g", "default-size", f"{COLS}x{ROWS}")
    watcher = server.cmd("new-window", "-P", "-F", "#{pane_id}", "-t", "t:", shlex.join(
        ["env", f"OSC7501WRAP_RUNTIME_DIR={server.runtime}", f"PYTHONPATH={REPO}", *O7W,
         "watch"])).strip()

    def screen() -> str:
        return server.cmd("capture-pane", "-p", "-t", watcher)

    def shows(text: str) -> str:
        return str(wait_until(lambda: (lambda s: s if text in s else "")(screen()),
                              timeout=15, what=repr(text)))

    got = shows("press an option's number to answer it")
    assert f"    2. {HOSTILE[1]}" in got.splitlines() and "    6. No" in got.splitlines()
    server.cmd("send-keys", "-t", watcher, "6")
    assert "  > 6. No" in shows("press 6 again or Enter to answer 6. No")
    server.cmd("send-keys", "-t", watcher, "Escape")
    shows("cancelled: nothing was answered")
    assert not keys.exists() or keys.read_bytes() == b""
    server.cmd("send-keys", "-t", watcher, "2")
    shows("press 2 again or Enter")
    server.cmd("send-keys", "-t", watcher, "Enter")
    shows(f"answered 2. {HOSTILE[1]}")
    wait_until(lambda: "CHOSE 2" in server.cmd("capture-pane", "-p", "-t", ask), what="CHOSE")
    assert keys.read_bytes() == b"2"
    assert server.cmd("display", "-p", "-t", watcher, "#{window_active}").strip() == "1"
    server.cmd("send-keys", "-t", watcher, "Enter")  # no pick: a jump to the session
    wait_until(lambda: server.cmd("display", "-p", "-t", ask, "#{window_active}").strip()
               == "1", what="the jump")
    server.cmd("send-keys", "-t", watcher, "q")
    assert keys.read_bytes() == b"2"
    assert not list(REPO.glob("PWNED")) and not list(tmp_path.rglob("PWNED"))


def test_the_lines_under_a_row_fit_the_width_and_mark_the_pick() -> None:
    dialog = {"id": "ab12", "question": "Bash: rm -rf build",
              "options": [{"number": 1, "label": "Yes", "selected": True, "key": None},
                          {"number": 2, "label": "x" * 300 + "\x1b[2J", "selected": False,
                           "key": None}]}
    entry = {"pid": 7, "state": "blocked", "since": 0.0, "agent": "claude",
             "msg": "Bash: rm -rf build", "cwd": "/src", "tty": "/dev/pts/3",
             "dialog": dialog}
    view = {**entry, "dialog": watch.clean_dialog(dialog)}
    pick = watch.pick_option(view, 1)
    assert isinstance(pick, watch.Pick) and (pick.pid, pick.number) == (7, 1)
    assert watch.pick_option(view, 3) == "no option 3 (the dialog has 2)"
    assert "not waiting" in str(watch.pick_option({**view, "state": "working"}, 1))
    for width in (30, 80, 200):
        for p in (None, pick):
            lines = watch.frame([entry], width=width, now=5.0, colour=False, selected=0,
                                extra={7: watch.dialog_lines(view, p)})
            assert all(len(x) <= width and "\x1b" not in x for x in lines), (width, lines)
            assert lines[3].startswith("    Bash: rm")
    marked = watch.dialog_lines(view, pick)
    assert ("  > 1. Yes", "pick") in marked
    assert marked[-1][0].startswith("    press 1 again or Enter to answer 1. Yes")
    coloured = watch.frame([entry], width=80, now=5.0, colour=True, selected=0,
                           extra={7: marked})
    assert "\x1b[7m  > 1. Yes\x1b[0m" in coloured
    moved = {**view, "dialog": {**view["dialog"], "id": "cd34"}}
    assert "no longer shows this dialog" in watch.dialog_lines(moved, pick)[-1][0]
    none = watch.dialog_lines({**view, "dialog": None})
    assert none == [("    no dialog wrap can read: answer it in its pane", "hint")]
