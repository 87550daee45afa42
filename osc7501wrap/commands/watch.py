"""`osc7501wrap watch`: a live full-screen overview of every wrapped session.

One row per session: state glyph and colour, state, agent, how long in that state, where
it is (tmux ``session:window.pane``, else its tty), msg and cwd. Blocked sessions come
first, the one waiting longest at the top. The screen is redrawn when the registry
changes (:class:`osc7501wrap.commands.live.RegistryWatch`), on a key, on a resize, and
once a second for the ages, never by fast polling. Keys: Up/Down or k/j select, Enter
jumps to the selected session (as `jump` does; outside tmux its place is shown at the
bottom; with ``--popup``, as in tmux-init's popup, a jump also quits), q or Ctrl-C quits.
A session that failed stays listed, as ``error``, while its last entry is kept. The
message column takes the spare width; in a narrow pane it comes right after the state.
It draws on the alternate screen in cbreak mode and gives the terminal back as it found it.

``--once`` prints one frame to stdout and exits (colour only on a terminal, and never
with NO_COLOR set).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from . import live

ORDER = {"blocked": 0, "error": 1, "working": 2, "idle": 3, "done": 4}


def ordered(entries: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    def key(e: Mapping[str, Any]) -> tuple[int, float, float]:
        since = e.get("since")
        return (ORDER.get(str(e.get("state")), 5),
                float(since) if isinstance(since, int | float) else 0.0,
                float(e.get("pid") or 0))
    return sorted(entries, key=key)


def _fit(text: str, width: int) -> str:
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


MSG_MIN = 24  # below this the message moves before the other columns
CWD_MAX = 40


def frame(entries: Sequence[Mapping[str, Any]], *, width: int, now: float,
          colour: bool, selected: int | None = None,
          locations: Mapping[tuple[str, str], str] | None = None) -> list[str]:
    """The lines of one frame (no trailing newlines). The message column takes the
    width the others leave; where that is under MSG_MIN it comes right after the state."""
    from .ls import human_age

    rows = ordered([live.view(e) for e in entries])
    waiting = sum(1 for e in rows if e.get("state") == "blocked")
    head = f"{len(rows)} session{'s' if len(rows) != 1 else ''}, {waiting} waiting"
    lines = [_fit(head, width)]
    if not rows:
        lines.append(_fit("no wrapped session is running", width))
        return lines
    locs = locations or {}
    home = os.path.expanduser("~")
    cells = []
    for e in rows:
        state = str(e.get("state") or "?")
        since = e.get("since")
        cwd = str(e.get("cwd") or "")
        if home and home != "/" and (cwd == home or cwd.startswith(home + "/")):
            cwd = "~" + cwd[len(home):]
        kind = f" ({e['kind']})" if state == "blocked" and e.get("kind") else ""
        cells.append((state, _fit(str(e.get("agent") or "?"), 12),
                      human_age(now - since) if isinstance(since, int | float) else "?",
                      _fit(live.where(e, locs), 16), f"{e.get('msg') or ''}{kind}", cwd))
    cwd_w = min(CWD_MAX, max(3, *(len(c[5]) for c in cells)))
    msg_w = width - (2 + 9 + 13 + 8 + 17) - 1 - cwd_w
    narrow = msg_w < MSG_MIN
    if narrow:
        msg_w = min(max(3, *(len(c[4]) for c in cells)), max(MSG_MIN, width - 11 - 14))

    def row(mark: str, state: str, agent: str, age: str, where: str, msg: str,
            cwd: str) -> str:
        msg = f"{_fit(msg, msg_w):<{msg_w}}"
        if narrow:
            return f"{mark} {state:<8} {msg} {agent:<12} {age:>6}  {where:<16} {cwd}"
        return f"{mark} {state:<8} {agent:<12} {age:>6}  {where:<16} {msg} {_fit(cwd, cwd_w)}"

    lines.append(_fit(row(" ", "STATE", "AGENT", "FOR", "WHERE", "MSG", "CWD").rstrip(),
                      width))
    for i, (state, *rest) in enumerate(cells):
        text = _fit(row(live.GLYPHS.get(state, "?"), state, *rest).rstrip(), width)
        if colour:
            sgr = live.COLOURS.get(state, "0")
            if i == selected:
                sgr += ";7"
            text = f"\x1b[{sgr}m{text}\x1b[0m"
        elif i == selected:
            text = ">" + text[1:]
        lines.append(text)
    return lines


def _use_colour(stream: Any) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


def shown() -> list[dict[str, Any]]:
    """The live sessions, and those that failed in the last seconds (their ``error``)."""
    entries = live.sessions()
    pids = {e.get("pid") for e in entries}
    return entries + [e for e in live.ended()
                      if e.get("state") == "error" and e.get("pid") not in pids]


def cmd_watch(args: Any) -> int:
    if getattr(args, "once", False):
        entries = shown()
        width = shutil.get_terminal_size((120, 24)).columns if sys.stdout.isatty() else 200
        lines = frame(entries, width=width, now=time.time(), colour=_use_colour(sys.stdout),
                      locations=live.tmux_locations(entries))
        sys.stdout.write("\n".join(lines) + "\n")
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write("osc7501wrap watch: needs a terminal (use --once to print one frame)\n")
        return 2
    return _live(popup=bool(getattr(args, "popup", False)))


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _live(popup: bool = False) -> int:
    import termios
    import tty

    from . import jump

    fd_in = sys.stdin.fileno()
    saved = termios.tcgetattr(fd_in)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    old_wakeup = signal.set_wakeup_fd(wake_w)
    old_winch = signal.signal(signal.SIGWINCH, lambda *_: None)
    old_term = signal.signal(signal.SIGTERM, _interrupt)
    watch = live.RegistryWatch()
    out = sys.stdout
    selected, note = 0, ""
    try:
        tty.setcbreak(fd_in)
        out.write("\x1b[?1049h\x1b[?25l")
        while True:
            entries = shown()
            rows = ordered([live.view(e) for e in entries])
            selected = min(selected, max(0, len(rows) - 1))
            size = shutil.get_terminal_size((80, 24))
            lines = frame(entries, width=size.columns, now=time.time(), colour=True,
                          selected=selected, locations=live.tmux_locations(entries))
            lines = lines[: max(1, size.lines - 2)]
            help_line = "Up/Down select   Enter jump   q quit"
            out.write("\x1b[H\x1b[2J" + "\n".join(lines)
                      + f"\x1b[{size.lines - 1};1H\x1b[2m{_fit(note or help_line, size.columns)}"
                      + "\x1b[0m")
            out.flush()
            ready = watch.wait(1.0, extra=[fd_in, wake_r])
            if wake_r in ready:
                os.read(wake_r, 512)
            if fd_in not in ready:
                continue
            key = os.read(fd_in, 64)
            note = ""
            if key in (b"q", b"\x03", b"\x04"):
                return 0
            if key in (b"j", b"\x1b[B", b"\x1bOB"):
                selected += 1
            elif key in (b"k", b"\x1b[A", b"\x1bOA"):
                selected = max(0, selected - 1)
            elif key in (b"\r", b"\n") and rows:
                target = rows[selected]
                done = jump.focus(next((e for e in entries if e.get("pid") == target.get("pid")),
                                       target))
                if done and popup:
                    return 0  # the popup closes over the pane it went to
                if done is None:
                    note = jump.describe(target, time.time()).replace("\n", "  ").strip()
                elif done is False:
                    note = "tmux did not select that pane"
    except KeyboardInterrupt:
        return 0
    finally:
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()
        termios.tcsetattr(fd_in, termios.TCSADRAIN, saved)
        watch.close()
        signal.set_wakeup_fd(old_wakeup)
        signal.signal(signal.SIGWINCH, old_winch)
        signal.signal(signal.SIGTERM, old_term)
        os.close(wake_r)
        os.close(wake_w)
