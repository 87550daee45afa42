"""What a terminal without OSC 7501 gets instead: OSC 9;4 progress.

:func:`osc94` maps a state to ConEmu's progress sequence (working ``9;4;3`` or
``9;4;1;N``, blocked ``9;4;4``, error ``9;4;2``, idle/done ``9;4;0``); the emitter writes
it unwrapped inside tmux (tmux 3.7 parses 9;4 and forwards it itself).

Not here: when to write (the emitter), the notification text (the emitter sanitizes it),
which notification channel a terminal takes (:func:`.detect.detect`) and which one
notifies (:func:`.sinks.route`).
"""

from __future__ import annotations

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
