"""What a terminal without OSC 7501 gets instead: OSC 9;4 progress, and which
notification channel a terminal takes.

:func:`osc94` maps a state to ConEmu's progress sequence (working ``9;4;3`` or
``9;4;1;N``, blocked ``9;4;4``, error ``9;4;2``, idle/done ``9;4;0``); the emitter writes
it unwrapped inside tmux (tmux 3.7 parses 9;4 and forwards it itself).
:func:`notify_channel` resolves ``notify_via = "auto"`` from the terminal's environment.

Not here: when to write (the emitter), the notification text (the emitter sanitizes it).
"""

from __future__ import annotations

from collections.abc import Mapping

_OSC94 = {
    "working": b"\x1b]9;4;3\x1b\\",
    "blocked": b"\x1b]9;4;4\x1b\\",
    "error": b"\x1b]9;4;2\x1b\\",
    "idle": b"\x1b]9;4;0\x1b\\",
    "done": b"\x1b]9;4;0\x1b\\",
    "clear": b"\x1b]9;4;0\x1b\\",
}


def osc94(state: str, progress: int | None = None) -> bytes:
    """The OSC 9;4 progress sequence for `state` (see the module doc)."""
    if state == "working" and progress is not None and 0 <= progress <= 100:
        return b"\x1b]9;4;1;%d\x1b\\" % progress
    return _OSC94.get(state, _OSC94["idle"])


def notify_channel(via: str, env: Mapping[str, str]) -> str:
    """What `notify_via = "auto"` means for the terminal described by `env`."""
    if via != "auto":
        return via
    term = env.get("TERM", "")
    prog = env.get("TERM_PROGRAM", "").lower()
    lc_terminal = env.get("LC_TERMINAL", "").lower()
    if "kitty" in term or env.get("KITTY_WINDOW_ID"):
        return "osc99"
    if prog == "iterm.app" or lc_terminal == "iterm2":
        return "osc9"
    if (prog in ("ghostty", "wezterm") or term in ("xterm-ghostty", "wezterm")
            or term.startswith(("foot", "rxvt-unicode"))):
        return "osc777"
    return "bel"
