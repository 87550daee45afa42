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

Answering: under the selected blocked session its dialog's question, the rows of what it
approves (up to WATCH_ROWS, then how many more and where to read them) and its options
are shown, one line each (the registry's text, cleaned again: no controls, bounded, cut
to the width). A digit picks that option: it is highlighted and the line under it says
"press N again or Enter to answer"; the same digit again or Enter confirms, any other
key cancels (and does nothing else). The answer goes through
:func:`osc7501wrap.commands.answer.answer_line` with the id of the dialog shown when
the digit was pressed, so the session itself checks that this dialog is still on
screen right before it types, and refuses otherwise; it runs in a thread, and the row
then shows "answered N. LABEL" or the refusal's one line until the next key or the
session's next dialog. Enter without a picked option still jumps.

``--once`` prints one frame to stdout and exits (colour only on a terminal, and never
with NO_COLOR set).

Other machines (``--host``, ``[fleet] hosts``; osc7501wrap.fleet): a HOST column, one
line per machine not reached now, its last rows dimmed and marked "[offline]"; each
machine is read on a thread of its own, so the loop here only reads what they keep. A
digit answers a far session through `answer` run there; Enter says where it is.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import WrapError
from ..fleet.machines import Fleet, Machine
from ..fleet.remote import Remote
from ..fleet.span import span_of
from ..session.registry import clean_dialog, clean_text, truncate
from . import jump, live
from .answer import answer_line, remote_answer
from .dialog import folded
from .live import human_age

#: rows of a dialog's subject shown under the selected session
WATCH_ROWS = 10

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


#: how the lines under a row are drawn (SGR) when colour is on
STYLES = {"pick": "7", "hint": "2", "ok": "32", "err": "31"}
INDENT = "    "
Extra = Sequence[tuple[str, str]]  # (text, a STYLES key or "")


def frame(entries: Sequence[Mapping[str, Any]], *, width: int, now: float,
          colour: bool, selected: int | None = None,
          locations: Mapping[tuple[str, str], str] | None = None,
          extra: Mapping[Any, Extra] | None = None,
          machines: Sequence[Machine] = ()) -> list[str]:
    """The lines of one frame (no trailing newlines). The message column takes the
    width the others leave; where that is under MSG_MIN it comes right after the state.
    `extra`: lines to show under the row of a session (by live.row_key: its pid here,
    (host, pid) on another machine), each cut to the width; without colour a "pick"
    line keeps its text (it is marked with ">"). `machines`: the fleet's (a HOST column;
    one line under the head for each machine not reached now, whose rows are its last
    known ones, dimmed and marked "[offline]")."""
    rows = ordered([live.view(e) for e in entries])
    waiting = sum(1 for e in rows if e.get("state") == "blocked")
    head = f"{len(rows)} session{'s' if len(rows) != 1 else ''}, {waiting} waiting"
    if machines:
        up = sum(1 for m in machines if m.online)
        head += f"; {up} of {len(machines)} other machine{'s' if len(machines) != 1 else ''} " \
                "reached"
    lines = [_fit(head, width)]
    for m in machines:
        if not m.online:
            line = _fit(f"{live.GLYPHS['error']} {live.offline_line(m, now)}", width)
            lines.append(f"\x1b[{live.COLOURS['error']}m{line}\x1b[0m" if colour else line)
    if not rows:
        lines.append(_fit("no wrapped session is running", width))
        return lines
    locs = locations or {}
    home = os.path.expanduser("~")
    hosts = bool(machines) or any(e.get("host") for e in rows)
    cells = []
    for e in rows:
        state = str(e.get("state") or "?")
        since = e.get("since")
        cwd = str(e.get("cwd") or "")
        if not e.get("host") and home and home != "/" and (
                cwd == home or cwd.startswith(home + "/")):
            cwd = "~" + cwd[len(home):]
        kind = f" ({e['kind']})" if state == "blocked" and e.get("kind") else ""
        off = "[offline] " if e.get("offline_since") is not None else ""
        cells.append((state, _fit(str(e.get("host") or ("here" if hosts else "")), 14),
                      _fit(str(e.get("agent") or "?"), 12),
                      human_age(now - since) if isinstance(since, int | float) else "?",
                      _fit(live.where(e, locs), 16), f"{off}{e.get('msg') or ''}{kind}", cwd))
    host_w = max(4, *(len(c[1]) for c in cells)) + 1 if hosts else 0
    cwd_w = min(CWD_MAX, max(3, *(len(c[6]) for c in cells)))
    msg_w = width - (2 + 9 + 13 + 8 + 17) - 1 - cwd_w - host_w
    narrow = msg_w < MSG_MIN
    if narrow:
        msg_w = min(max(3, *(len(c[5]) for c in cells)), max(MSG_MIN, width - 11 - 14))

    def row(mark: str, state: str, host: str, agent: str, age: str, where: str, msg: str,
            cwd: str) -> str:
        msg = f"{_fit(msg, msg_w):<{msg_w}}"
        host = f"{host:<{host_w}}" if host_w else ""
        if narrow:
            return f"{mark} {state:<8} {msg} {host}{agent:<12} {age:>6}  {where:<16} {cwd}"
        return (f"{mark} {state:<8} {host}{agent:<12} {age:>6}  {where:<16} {msg} "
                f"{_fit(cwd, cwd_w)}")

    lines.append(_fit(row(" ", "STATE", "HOST", "AGENT", "FOR", "WHERE", "MSG",
                          "CWD").rstrip(), width))
    for i, (state, *rest) in enumerate(cells):
        text = _fit(row(live.GLYPHS.get(state, "?"), state, *rest).rstrip(), width)
        if colour:
            sgr = "2" if rows[i].get("offline_since") is not None else \
                live.COLOURS.get(state, "0")
            if i == selected:
                sgr += ";7"
            text = f"\x1b[{sgr}m{text}\x1b[0m"
        elif i == selected:
            text = ">" + text[1:]
        lines.append(text)
        for line, style in (extra or {}).get(live.row_key(rows[i]), ()):
            line = _fit(line, width)
            if colour and style in STYLES:
                line = f"\x1b[{STYLES[style]}m{line}\x1b[0m"
            lines.append(line)
    return lines


@dataclass(frozen=True)
class Pick:
    """An option picked with a digit, not yet confirmed: the session (pid, and its
    host: None here), the dialog as it was shown then (cleaned), the option's number
    and label."""

    pid: int
    dialog: Mapping[str, Any]
    number: int
    label: str
    host: str | None = None

    @property
    def key(self) -> Any:
        return (self.host, self.pid) if self.host else self.pid


def dialog_lines(entry: Mapping[str, Any], pick: Pick | None = None) -> list[tuple[str, str]]:
    """What is shown under a selected blocked row: the question, one line per option,
    and what a key does now. With `pick`, the dialog it was picked from, the option
    marked. `entry` is a cleaned view (live.view)."""
    d = pick.dialog if pick is not None else clean_dialog(entry.get("dialog"))
    if d is None:
        return [(INDENT + "no dialog wrap can read: answer it in its pane", "hint")]
    question = d.get("question") or truncate(clean_text(str(entry.get("msg") or "")), 240)
    out = [(INDENT + (question or "(no question read)"), "")]
    out += [(INDENT + "  " + row, "hint" if row.startswith(("… ", "(part")) else "")
            for row in folded(d, _named(entry), rows=WATCH_ROWS, width=400)]
    for o in d.get("options") or ():
        if pick is not None and o["number"] == pick.number:
            out.append((f"  > {o['number']}. {o['label']}", "pick"))
        else:
            out.append((f"{INDENT}{o['number']}. {o['label']}", ""))
    if not d.get("options"):
        out.append((INDENT + "no options wrap can read: answer it in its pane", "hint"))
    elif pick is not None:
        out.append((f"{INDENT}press {pick.number} again or Enter to answer "
                    f"{pick.number}. {pick.label}; any other key cancels", "hint"))
        now = clean_dialog(entry.get("dialog"))
        if now is None or now["id"] != d["id"]:
            out.append((INDENT + "the session no longer shows this dialog: it will refuse "
                        "this answer", "err"))
    else:
        out.append((INDENT + "press an option's number to answer it", "hint"))
    return out


def _named(entry: Mapping[str, Any]) -> str:
    """How `osc7501wrap dialog` names the session: its pid, HOST:PID on another machine."""
    host, pid = entry.get("host"), entry.get("pid")
    return f"{host}:{pid}" if isinstance(host, str) and host else str(pid)


def pick_option(entry: Mapping[str, Any], digit: int) -> Pick | str:
    """The Pick for `digit` on `entry` (a cleaned view), or why there is none."""
    d = clean_dialog(entry.get("dialog"))
    pid = entry.get("pid")
    if entry.get("state") != "blocked" or not isinstance(pid, int):
        return "the selected session is not waiting: nothing to answer"
    if entry.get("offline_since") is not None:
        return f"{entry.get('host')} is not reached now: nothing to answer"
    if d is None or not d["options"]:
        return "wrap read no options of this dialog: answer it in its pane"
    if d.get("partial"):
        return "part of what it approves is not on screen: answer it in its pane"
    for o in d["options"]:
        if o["number"] == digit:
            return Pick(pid, d, digit, o["label"], entry.get("host") or None)
    return f"no option {digit} (the dialog has {len(d['options'])})"


def answer_pick(pick: Pick, done: Callable[[Any, str, str], None],
                remote: Remote | None = None) -> threading.Thread:
    """Answer `pick` in a thread (`answer`'s own path, with the dialog id shown; on
    another machine through `remote`); then `done(key, line, style)` with "answered N.
    LABEL" ("ok") or the refusal ("err")."""

    def run() -> None:
        try:
            if pick.host is not None:
                line = remote_answer(remote or Remote(), pick.host, str(pick.pid),
                                     str(pick.number), pick.dialog["id"])
            else:
                line = answer_line(str(pick.pid), str(pick.number), pick.dialog["id"])
            style = "ok"
        except WrapError as err:
            line, style = str(err), "err"
        except Exception as err:  # the overview stays up whatever happened
            line, style = f"cannot answer: {type(err).__name__}: {err}", "err"
        done(pick.key, truncate(clean_text(line), 400), style)

    thread = threading.Thread(target=run, name="watch-answer", daemon=True)
    thread.start()
    return thread


def _use_colour(stream: Any) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


def shown(local: bool = True, machines: Sequence[Machine] = ()) -> list[dict[str, Any]]:
    """The live sessions, and those that failed in the last seconds (their ``error``),
    of this machine (with `local`) and of `machines`."""
    out: list[dict[str, Any]] = []
    if local:
        entries = live.sessions()
        pids = {e.get("pid") for e in entries}
        out = entries + [e for e in live.ended()
                         if e.get("state") == "error" and e.get("pid") not in pids]
    for m in machines:
        rows = m.rows()
        pids = {e.get("pid") for e in rows}
        out += rows + [e for e in m.rows(ended=True)
                       if e.get("state") == "error" and e.get("pid") not in pids]
    return out


def cmd_watch(args: Any) -> int:
    span = span_of(args)
    fleet = span.fleet()
    if getattr(args, "once", False):
        machines: list[Machine] = []
        if fleet is not None:
            try:
                machines = fleet.once()
            finally:
                fleet.close()
        entries = shown(span.local, machines)
        width = shutil.get_terminal_size((120, 24)).columns if sys.stdout.isatty() else 200
        lines = frame(entries, width=width, now=time.time(), colour=_use_colour(sys.stdout),
                      locations=live.tmux_locations(entries), machines=machines)
        sys.stdout.write("\n".join(lines) + "\n")
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write("osc7501wrap watch: needs a terminal (use --once to print one frame)\n")
        return 2
    try:
        return _live(popup=bool(getattr(args, "popup", False)), local=span.local,
                     fleet=fleet)
    finally:
        if fleet is not None:
            fleet.close()


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _live(popup: bool = False, local: bool = True, fleet: Fleet | None = None) -> int:

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
    pick: Pick | None = None
    # by live.row_key: the last answer's line, its style, when it came (kept until the
    # next key or the session's next dialog); "answering N. LABEL…" while it runs
    results: dict[Any, tuple[str, str, float]] = {}
    answering: dict[Any, str] = {}
    finished: queue.SimpleQueue[tuple[Any, str, str]] = queue.SimpleQueue()
    lock = threading.Lock()
    open_ = [True]
    fds = [fd_in, wake_r]
    if fleet is not None:
        fleet.follow()
        fds.append(fleet.fileno())

    def done(key: Any, line: str, style: str) -> None:
        finished.put((key, line, style))
        with lock:  # the pipe is closed once watch returns
            if open_[0]:
                try:
                    os.write(wake_w, b"\0")
                except OSError:
                    pass

    try:
        tty.setcbreak(fd_in)
        out.write("\x1b[?1049h\x1b[?25l")
        while True:
            while not finished.empty():
                key, line, style = finished.get()
                answering.pop(key, None)
                results[key] = (line, style, time.time())
            machines = fleet.machines() if fleet is not None else []
            entries = shown(local, machines)
            rows = ordered([live.view(e) for e in entries])
            for row in rows:  # blocked again since the answer: that was another dialog
                got = results.get(live.row_key(row))
                since = row.get("since")
                if got is not None and row.get("state") == "blocked" and isinstance(
                        since, int | float) and since > got[2]:
                    del results[live.row_key(row)]
            if pick is not None:
                at = next((i for i, e in enumerate(rows) if live.row_key(e) == pick.key),
                          None)
                if at is None:
                    pick, note = None, "the session ended: nothing was answered"
                else:
                    selected = at
            selected = min(selected, max(0, len(rows) - 1))
            extra: dict[Any, list[tuple[str, str]]] = {}
            for key, line in answering.items():
                extra.setdefault(key, []).append((INDENT + line, "hint"))
            for key, (line, style, _) in results.items():
                extra.setdefault(key, []).append((INDENT + line, style))
            if rows and (pick is not None or rows[selected].get("state") == "blocked") \
                    and live.row_key(rows[selected]) not in answering:
                extra.setdefault(live.row_key(rows[selected]), []).extend(
                    dialog_lines(rows[selected], pick))
            size = shutil.get_terminal_size((80, 24))
            lines = frame(entries, width=size.columns, now=time.time(), colour=True,
                          selected=selected, locations=live.tmux_locations(entries),
                          extra=extra, machines=machines)
            lines = lines[: max(1, size.lines - 2)]
            help_line = "Up/Down select   Enter jump   1-9 answer   q quit"
            out.write("\x1b[H\x1b[2J" + "\n".join(lines)
                      + f"\x1b[{size.lines - 1};1H\x1b[2m{_fit(note or help_line, size.columns)}"
                      + "\x1b[0m")
            out.flush()
            ready = watch.wait(1.0, extra=fds)
            if wake_r in ready:
                os.read(wake_r, 512)
            if fleet is not None and fleet.fileno() in ready:
                fleet.drain()
            if fd_in not in ready:
                continue
            key = os.read(fd_in, 64)
            note = ""
            results.clear()
            if key in (b"\x03", b"\x04"):
                return 0
            if pick is not None:  # the same digit or Enter confirms, any other key cancels
                chosen, pick = pick, None
                if key in (str(chosen.number).encode(), b"\r", b"\n"):
                    answering[chosen.key] = f"answering {chosen.number}. {chosen.label}…"
                    answer_pick(chosen, done, fleet.remote if fleet is not None else None)
                else:
                    note = "cancelled: nothing was answered"
                continue
            if key == b"q":
                return 0
            if len(key) == 1 and key in b"123456789" and rows:
                if live.row_key(rows[selected]) in answering:
                    note = "an answer to this session is under way"
                    continue
                got = pick_option(rows[selected], int(key))
                if isinstance(got, Pick):
                    pick = got
                else:
                    note = got
            elif key in (b"j", b"\x1b[B", b"\x1bOB"):
                selected += 1
            elif key in (b"k", b"\x1b[A", b"\x1bOA"):
                selected = max(0, selected - 1)
            elif key in (b"\r", b"\n") and rows:
                target = rows[selected]
                jumped = None if target.get("host") else jump.focus(next(
                    (e for e in entries if not e.get("host")
                     and e.get("pid") == target.get("pid")), target))
                if jumped and popup:
                    return 0  # the popup closes over the pane it went to
                if jumped is None:
                    note = jump.describe(target, time.time()).replace("\n", "  ").strip()
                elif jumped is False:
                    note = "tmux did not select that pane"
    except KeyboardInterrupt:
        return 0
    finally:
        with lock:
            open_[0] = False
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()
        termios.tcsetattr(fd_in, termios.TCSADRAIN, saved)
        watch.close()
        signal.set_wakeup_fd(old_wakeup)
        signal.signal(signal.SIGWINCH, old_winch)
        signal.signal(signal.SIGTERM, old_term)
        os.close(wake_r)
        os.close(wake_w)
