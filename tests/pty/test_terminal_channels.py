"""Other terminals' own channels: the exact bytes per terminal kind, and none elsewhere."""

from __future__ import annotations

import base64
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from term import Terminal, base_env, wait_state

from osc7501wrap.config import Fallbacks
from osc7501wrap.report.detect import detect
from osc7501wrap.report.terminals import (
    TerminalChannels,
    choose,
    osc26,
    osc26_status,
    set_user_var,
)

ASK = "sleep 0.3; printf 'Allow edit? [y/N] '; read a; echo got $a; sleep 0.3"
ANY_CHANNEL = re.compile(rb"\x1b\]1337;|\x1b\]99;|\x1b\]26;")

KINDS = {  # what each terminal says it is -> the channels it takes
    "iterm2": ({"TERM_PROGRAM": "iTerm.app"}, {"uservar"}),
    "iterm2-over-ssh": ({"LC_TERMINAL": "iTerm2"}, {"uservar"}),
    "wezterm": ({"TERM_PROGRAM": "WezTerm"}, {"uservar"}),
    "wezterm-term": ({"TERM": "wezterm"}, {"uservar"}),
    "kitty": ({"TERM": "xterm-kitty"}, {"osc99"}),
    "kitty-window": ({"KITTY_WINDOW_ID": "3"}, {"osc99"}),
    "otty": ({"TERM_PROGRAM": "otty"}, {"osc26"}),
    "otty-term": ({"TERM": "xterm-otty"}, {"osc26"}),
    "xterm": ({"TERM": "xterm-256color"}, set()),
    "ghostty": ({"TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"}, set()),
    "tmux": ({"TERM_PROGRAM": "tmux", "TERM": "tmux-256color"}, set()),
    "apple-terminal": ({"TERM_PROGRAM": "Apple_Terminal"}, set()),
}


@pytest.mark.parametrize("kind", KINDS)
def test_detect_by_what_the_terminal_says(kind: str) -> None:
    env, expected = KINDS[kind]
    assert detect(env).channels == expected
    assert choose(("auto",), detect(env)) == expected
    assert choose(("none",), detect(env)) == frozenset()


def test_config_chooses_too() -> None:
    assert choose(("uservar", "osc26"), detect({"TERM": "xterm"})) == {"uservar", "osc26"}
    assert choose(("auto", "osc26"), detect({"TERM": "xterm-kitty"})) == {"osc99", "osc26"}
    assert choose((), detect({"TERM": "xterm-kitty"})) == frozenset()
    assert detect({}, terminal_name="kitty(0.40.0)").channels == {"osc99"}
    assert Fallbacks().channels == ("auto",)


def b64(text: str) -> bytes:
    return base64.b64encode(text.encode())


def test_user_var_bytes() -> None:
    assert set_user_var("osc7501_state", "blocked") == \
        b"\x1b]1337;SetUserVar=osc7501_state=YmxvY2tlZA==\x07"
    ch = TerminalChannels(frozenset({"uservar"}), agent="claude", cwd="/src/app",
                          where="tmux pane %1", note_id="wrap/1")
    ch.update("blocked", "permission", "Allow edit?\x1b[2J")
    assert ch.due_bytes() == (
        b"\x1b]1337;SetUserVar=osc7501_state=" + b64("blocked") + b"\x07"
        + b"\x1b]1337;SetUserVar=osc7501_kind=" + b64("permission") + b"\x07"
        + b"\x1b]1337;SetUserVar=osc7501_msg=" + b64("Allow edit? [2J") + b"\x07"
        + b"\x1b]1337;SetUserVar=osc7501_agent=" + b64("claude") + b"\x07")
    ch.update("working", None, "Allow edit?\x1b[2J")  # only what changed
    assert ch.due_bytes() == (b"\x1b]1337;SetUserVar=osc7501_state=" + b64("working") + b"\x07"
                            + b"\x1b]1337;SetUserVar=osc7501_kind=\x07")
    ch.update("working", None, "Allow edit?\x1b[2J")
    assert ch.due_bytes() == b""
    assert ch.final(None) == (b"\x1b]1337;SetUserVar=osc7501_state=\x07"
                              b"\x1b]1337;SetUserVar=osc7501_msg=\x07"
                              b"\x1b]1337;SetUserVar=osc7501_agent=\x07")


def test_user_var_inside_tmux_is_wrapped_for_passthrough() -> None:
    ch = TerminalChannels(frozenset({"uservar"}), agent="generic", cwd="/", where="x",
                          note_id="w", tmux_depth=1)
    ch.update("idle", None, None)
    assert ch.due_bytes().startswith(
        b"\x1bPtmux;\x1b\x1b]1337;SetUserVar=osc7501_state=" + b64("idle") + b"\x07\x1b\\")


def test_kitty_notification_says_which_pane_and_closes() -> None:
    ch = TerminalChannels(frozenset({"osc99"}), agent="claude", cwd="/src/app",
                          where="kitty window 3", note_id="wrap/42")
    ch.update("working", None, None)
    assert ch.due_bytes() == b""
    ch.update("blocked", "question", "Pick one; or two")
    title = "claude needs you in kitty window 3 (app)"
    assert ch.due_bytes() == (
        b"\x1b]99;i=wrap-42:d=0:e=1:p=title;" + b64(title) + b"\x1b\\"
        + b"\x1b]99;i=wrap-42:d=1:e=1:p=body;" + b64("Pick one; or two") + b"\x1b\\")
    ch.update("blocked", "question", "another msg")  # still blocked: no second one
    assert ch.due_bytes() == b""
    ch.update("working", None, None)
    assert ch.due_bytes() == b"\x1b]99;i=wrap-42:p=close;\x1b\\"
    ch.update("blocked", None, None)
    assert b"p=title" in ch.due_bytes()
    assert ch.final(None) == b"\x1b]99;i=wrap-42:p=close;\x1b\\"


def test_otty_osc26_bytes() -> None:
    assert [osc26_status(s, k) for s, k in [
        ("working", None), ("blocked", "permission"), ("blocked", "question"),
        ("blocked", "auth"), ("blocked", None), ("done", None), ("error", None),
        ("idle", None)]] == ["running", "awaiting-approval", "awaiting-input",
                             "awaiting-input", "awaiting-input", "finished", "error", "idle"]
    ch = TerminalChannels(frozenset({"osc26"}), agent="claude", cwd="/src/my app",
                          where="x", note_id="w")
    ch.update("blocked", "permission", "Allow edit of a=b; c?")
    assert ch.due_bytes() == (b"\x1b]26;Status=awaiting-approval;CodeAgent=claude;SessionTitle="
                            + b64("my app") + b";ProjectFolder=" + b64("/src/my app")
                            + b";Detail=" + b64("Allow edit of a=b; c?") + b"\x1b\\")
    ch.update("working", None, None)
    assert ch.due_bytes() == (b"\x1b]26;Status=running;CodeAgent=claude;SessionTitle="
                            + b64("my app") + b";ProjectFolder=" + b64("/src/my app")
                            + b"\x1b\\")
    assert ch.final("exited with status 2").startswith(b"\x1b]26;Status=error;")
    # a generic program is no code agent; a bad agent name is left out
    assert osc26("idle", agent="generic", title=None, folder=None, detail=None) == \
        b"\x1b]26;Status=idle\x1b\\"
    assert osc26("idle", agent="a;b", title=None, folder=None, detail=None) == \
        b"\x1b]26;Status=idle\x1b\\"


# ---------------------------------------------------------------------- through wrap, in a pty

def run(env: dict[str, str]) -> bytes:
    """The session's output around a dialog answered once wrap says it is blocked (its
    registry entry: whatever channel the terminal takes, or none)."""
    base = Path(tempfile.mkdtemp(prefix="ow", dir="/tmp"))  # short: AF_UNIX paths
    try:
        t = Terminal.wrap(["sh", "-c", ASK], answer_7501=False,
                          env=base_env(**{"OSC7501WRAP_RUNTIME_DIR": str(base / "rt"), **env}))
        t.expect(b"Allow edit")
        wait_state(t, base / "rt", "blocked")
        t.type(b"y\r")
        t.wait(timeout=20)
        return t.output
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("kind", ["wezterm", "kitty", "otty"])
def test_wrap_writes_the_channel_of_the_terminal(kind: str) -> None:
    env, _ = KINDS[kind]
    out = run(env)
    if kind == "wezterm":
        assert b"\x1b]1337;SetUserVar=osc7501_state=" + b64("blocked") + b"\x07" in out
        assert b"\x1b]1337;SetUserVar=osc7501_msg=" + b64("Allow edit? [y/N]") + b"\x07" in out
        # the program's name, as tmux's @osc7501_agent and `ls` give it: not "generic"
        assert b"\x1b]1337;SetUserVar=osc7501_agent=" + b64("sh") + b"\x07" in out
        assert out.rstrip().endswith(b"\x1b]1337;SetUserVar=osc7501_agent=\x07") or \
            b"\x1b]1337;SetUserVar=osc7501_state=\x07" in out
        assert b"\x1b]99;" not in out and b"\x1b]26;" not in out
    elif kind == "kitty":
        assert b"\x1b]99;i=wrap-" in out and b":d=0:e=1:p=title;" in out
        m = re.search(rb":d=0:e=1:p=title;([A-Za-z0-9+/=]+)", out)
        assert m is not None and base64.b64decode(m.group(1)).decode().startswith("sh needs you")
        assert b"p=close;" in out
        assert out.count(b"\x1b]99;") == 3  # title, body, close: no second notification
        assert b"\x1b]1337;" not in out and b"\x1b]26;" not in out
    else:
        assert b"\x1b]26;Status=awaiting-approval;SessionTitle=" in out
        assert b"\x1b]26;Status=finished" in out
        assert b"\x1b]1337;" not in out and b"\x1b]99;" not in out


@pytest.mark.parametrize("kind", ["xterm", "ghostty", "apple-terminal"])
def test_no_mapping_is_written_to_a_terminal_that_does_not_take_it(kind: str) -> None:
    env, _ = KINDS[kind]
    out = run(env)
    assert b"Allow edit" in out and b"got y" in out
    assert ANY_CHANNEL.search(out) is None, out[-300:]


def test_shipped_snippets_read_the_names_wrap_writes() -> None:
    import subprocess
    from pathlib import Path

    from osc7501wrap.report.terminals import USER_VARS

    contrib = Path(__file__).resolve().parents[2] / "contrib"
    lua = (contrib / "wezterm.lua").read_text()
    assert "osc7501_state" in lua and "user-var-changed" in lua and "blocked" in lua
    badge = contrib / "iterm2-badge.sh"
    for name in USER_VARS:
        assert f"user.{name}" in badge.read_text()
    out = subprocess.run(["sh", str(badge)], capture_output=True, env={"PATH": "/usr/bin:/bin"},
                         check=True).stdout
    m = re.fullmatch(rb"\x1b\]1337;SetBadgeFormat=([A-Za-z0-9+/=]+)\x07", out)
    assert m is not None, out
    assert base64.b64decode(m.group(1)).decode().startswith(r"\(user.osc7501_agent)")


@pytest.mark.parametrize(("channels", "env", "want", "never"), [
    ('["osc26"]', {"TERM": "xterm-256color"}, b"\x1b]26;Status=awaiting-approval;", b"\x1b]1337;"),
    # none: no channel; kitty still gets the notification fallback (notify_via), not ours
    ('["none"]', {"TERM": "xterm-kitty"}, b"\x1b]99;i=wrap-", b":e=1:p=title;"),
])
def test_the_config_chooses_the_channels(tmp_path, channels: str, env: dict[str, str],
                                         want: bytes | None, never: bytes) -> None:
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "config.toml").write_text(f"[fallbacks]\nchannels = {channels}\n")
    out = run({**env, "OSC7501WRAP_CONFIG_DIR": str(cfg)})
    assert b"got y" in out
    if want is not None:
        assert want in out
    assert never not in out
    if channels == '["none"]':
        assert b"\x1b]26;" not in out and b"\x1b]1337;" not in out
