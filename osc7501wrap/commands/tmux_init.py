"""`osc7501wrap tmux-init`: a tmux snippet that shows wrap's pane options.

Printed for ``tmux source-file`` (or ``run-shell 'osc7501wrap tmux-init > ...'``): a
coloured glyph per wrapped pane in the window list (working ● blue, blocked ◆ yellow,
error ✖ red, done ✔ green, idle ○ dim), an "N waiting" count in the status line, and key
bindings: prefix j jumps to the agent waiting longest, prefix J to the next one, prefix
A opens `watch` in a popup, prefix a opens tmux's menu of that agent's dialog
(`osc7501wrap tmux-menu`: choose an option to answer it). It appends to the window formats and ``status-right``
rather than replacing them. Works from tmux 3.3 (``#{P:}`` loops, ``#{E:}``).

``--status`` prints the count for the status line ("2 waiting", nothing when none).
The snippet only reads the options that wrap keeps (:mod:`osc7501wrap.report.tmux_display`).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from typing import Any

STYLE = {"blocked": ("yellow", "◆"), "error": ("red", "✖"), "working": ("blue", "●"),
         "done": ("green", "✔"), "idle": ("colour244", "○")}


def glyph_format() -> str:
    """A tmux format: the coloured glyph of the pane's @osc7501_state (empty if unset)."""
    fmt = ""
    for state, (colour, glyph) in reversed(list(STYLE.items())):
        fmt = (f"#{{?#{{==:#{{@osc7501_state}},{state}}},#[fg={colour}] {glyph}#[default],"
               f"{fmt}}}")
    return fmt


def program() -> str:
    """How tmux should run osc7501wrap: the installed command, else this Python."""
    found = shutil.which("osc7501wrap")
    if found:
        return shlex.quote(os.path.abspath(found))
    return f"{shlex.quote(sys.executable)} -m osc7501wrap"


def snippet(prog: str | None = None) -> str:
    prog = prog or program()
    cmd = prog.replace("'", "'\\''")
    return f"""\
# osc7501wrap for tmux (>= 3.3): states of wrapped agents from their pane options
set -g @osc7501_glyph '{glyph_format()}'
set -ga window-status-format '#{{P:#{{E:@osc7501_glyph}}}}'
set -ga window-status-current-format '#{{P:#{{E:@osc7501_glyph}}}}'
set -ga status-right ' #[fg=yellow,bold]#({cmd} tmux-init --status)#[default]'
set -g status-interval 5
bind-key j run-shell -b '{cmd} jump --quiet || tmux display-message "no agent is waiting"'
bind-key J run-shell -b '{cmd} jump --next --quiet || tmux display-message "no agent is waiting"'
bind-key A display-popup -E -w 90% -h 60% '{cmd} watch'
bind-key a run-shell -b '{cmd} tmux-menu --client "#{{client_name}}"'
"""


def status_text() -> str:
    from . import live

    waiting = len(live.blocked_longest_first(live.sessions()))
    return f"{waiting} waiting" if waiting else ""


def cmd_tmux_init(args: Any) -> int:
    if getattr(args, "status", False):
        text = status_text()
        sys.stdout.write(text + "\n" if text else "")
        return 0
    sys.stdout.write(snippet())
    return 0
