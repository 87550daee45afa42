"""`osc7501wrap tmux-init`: a tmux snippet that shows wrap's pane options.

Printed for ``tmux source-file`` (or ``run-shell 'osc7501wrap tmux-init > ...'``): a
coloured glyph per wrapped pane in the window list (working ● blue, blocked ◆ yellow,
error ✖ red, done ✔ green, idle ○ dim), an "N waiting" count in the status line, and key
bindings: prefix j jumps to the agent waiting longest, prefix J to the next one, prefix
A opens `watch` in a popup (Enter jumps and closes it), prefix a opens tmux's menu of
that agent's dialog (`osc7501wrap tmux-menu`: choose an option to answer it). It appends to the window formats
and ``status-right`` rather than replacing them, and widens ``status-right-length`` by the
count's width so a long pane title never cuts it; each only if it is not there yet, so the
file can be sourced again (a reloaded tmux.conf) without doubling anything. The count is a format over the panes'
``@osc7501_state`` (tmux redraws the status line when wrap sets an option, and when a
pane goes): nothing is run per refresh and no ``status-interval`` is set. Works from tmux
3.3 (``#{P:}``/``#{S:}`` loops, ``#{n:}``, ``#{E:}``).

``-o FILE`` writes the snippet to FILE (making its directory) and says how to load it;
``--status`` prints the count for a script ("2 waiting", nothing when none).
The snippet only reads the options that wrap keeps (:mod:`osc7501wrap.report.tmux_display`).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from typing import Any

from ..errors import WrapError
from . import live

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


#: The number of blocked panes of the server, each window counted once (in the first
#: session it is linked to): a format, read by the status line with nothing run.
WAITING = ("#{n:#{S:#{W:#{?#{==:#{session_name},#{s/,.*//:window_linked_sessions_list}},"
           "#{P:#{?#{==:#{@osc7501_state},blocked},x,}},}}}}")
#: status-right grows by this much, so that the count is never cut (" 999 waiting").
WAITING_WIDTH = 12


def _unless(option: str, name: str) -> str:
    """A config-file ``%if`` that holds unless the global `option` already reads `name`
    (tmux evaluates it when the file is parsed; ``#{!:}`` is newer than tmux 3.3)."""
    return f'%if "#{{?#{{m:*{name}*,#{{{option}}}}},0,1}}"'


def snippet(prog: str | None = None) -> str:
    prog = prog or program()
    cmd = prog.replace("'", "'\\''")
    return f"""\
# osc7501wrap for tmux (>= 3.3): states of wrapped agents from their pane options
# sourced again (a reloaded tmux.conf), it appends nothing twice: each %if reads the
# options as they were before this file
set -g @osc7501_glyph '{glyph_format()}'
{_unless("window-status-format", "@osc7501_glyph")}
set -ga window-status-format '#{{P:#{{E:@osc7501_glyph}}}}'
%endif
{_unless("window-status-current-format", "@osc7501_glyph")}
set -ga window-status-current-format '#{{P:#{{E:@osc7501_glyph}}}}'
%endif
set -g @osc7501_waiting '{WAITING}'
{_unless("status-right", "@osc7501_waiting")}
set -ga status-right '#{{?#{{!=:#{{E:@osc7501_waiting}},0}}, #[fg=yellow]#[bold]#{{E:@osc7501_waiting}} waiting#[default],}}'
set -gF status-right-length '#{{e|+:#{{status-right-length}},{WAITING_WIDTH}}}'
%endif
bind-key j run-shell -b '{cmd} jump --quiet || tmux display-message "no agent is waiting"'
bind-key J run-shell -b '{cmd} jump --next --quiet || tmux display-message "no agent is waiting"'
bind-key A display-popup -E -w 90% -h 60% '{cmd} watch --popup'
bind-key a run-shell -b '{cmd} tmux-menu --client "#{{client_name}}"'
"""


def status_text() -> str:
    waiting = len(live.blocked_longest_first(live.sessions()))
    return f"{waiting} waiting" if waiting else ""


def write(path: str, text: str) -> str:
    """Write the snippet to `path`, making its directory; what to tell the user."""
    target = os.path.abspath(os.path.expanduser(path))
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        raise WrapError(f"cannot write {path}: {err.strerror or err}", status=1) from None
    shown = target
    home = os.path.expanduser("~")
    if home not in ("", "/") and target.startswith(home + "/"):
        shown = "~" + target[len(home):]
    return (f"wrote {target}\n"
            f"load it now with:        tmux source-file {shlex.quote(target)}\n"
            f"and at every start: add  source-file {shown}  to your tmux.conf\n")


def cmd_tmux_init(args: Any) -> int:
    if getattr(args, "status", False):
        text = status_text()
        sys.stdout.write(text + "\n" if text else "")
        return 0
    output = getattr(args, "output", None)
    if output:
        sys.stdout.write(write(output, snippet()))
        return 0
    sys.stdout.write(snippet())
    return 0
