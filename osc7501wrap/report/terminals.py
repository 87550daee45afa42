"""Other terminals' own channels for the state, beside OSC 7501, OSC 9;4 and notifications.

Three channels, each written only to a terminal that takes it:

- ``uservar``: iTerm2 and WezTerm user variables, ``ESC ] 1337 ; SetUserVar=NAME=B64 BEL``
  (the value base64, UTF-8). Names: ``osc7501_state``, ``osc7501_kind``,
  ``osc7501_msg``, ``osc7501_agent`` (the manifest's name, or the program's own for a
  program without agent rules, as in tmux and ``ls``); only changed ones are written; a clean exit sets
  all four empty. iTerm2 shows them in badges (``\\(user.osc7501_state)``), WezTerm in
  ``pane:get_user_vars()`` and its ``user-var-changed`` event (contrib/wezterm.lua).
- ``osc99``: kitty notifications, ``ESC ] 99 ; i=ID:d=0:e=1:p=title ; B64 ESC \\`` then
  the body with ``d=1:e=1:p=body``, on the change into a state of ``notify``; the title
  says which pane (tmux pane, kitty window or tty) and where (cwd). Leaving that state
  closes it (``ESC ] 99 ; i=ID:p=close ; ESC \\``). The emitter's own notifications are
  off while this channel is on, so nothing is announced twice.
- ``osc26``: Otty's Terminal Agent Protocol, ``ESC ] 26 ; Status=S ; CodeAgent=A ;
  SessionTitle=B64 ; ProjectFolder=B64 ; Detail=B64 ESC \\`` on every change. Status:
  working running, blocked:permission awaiting-approval, other blocked awaiting-input,
  done and a clean exit finished, error error, idle idle. CodeAgent only for an agent
  manifest (not "generic"); free text always base64; Detail only with a msg.

Which ones (:func:`choose`): ``fallbacks.channels`` in the config; its default
``["auto"]`` means what the terminal says it is (:func:`.detect.detect`, which also says
its notification channel for ``notify_via = "auto"``): TERM_PROGRAM
(iTerm.app, WezTerm, otty), LC_TERMINAL (iTerm2, also through ssh and tmux), TERM
(xterm-kitty, wezterm, otty, xterm-otty), KITTY_WINDOW_ID, WEZTERM_PANE, and inside tmux
(where TERM_PROGRAM says tmux) the outer terminal's XTVERSION name as tmux got it when
the client attached (:attr:`~osc7501wrap.report.tmux_display.TmuxDisplay.terminal_name`).
Inside tmux each sequence is wrapped for DCS passthrough like a report. All text is
sanitized before it is encoded.

Not in scope: deciding states, OSC 7501 itself (:mod:`osc7501wrap.emitter`).
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..config import TERMINAL_CHANNELS
from ..fusion.fusion import Decision, exit_message
from ..protocol import sanitize_text
from ..protocol.tmux import wrap_passthrough
from ..rules import GENERIC
from .detect import Terminal
from .sink import Sink

USER_VARS = ("osc7501_state", "osc7501_kind", "osc7501_msg", "osc7501_agent")
TEXT_LIMIT = 240
TITLE_LIMIT = 96
OSC26_STATUS = {"working": "running", "blocked": "awaiting-input", "done": "finished",
                "error": "error", "idle": "idle", "clear": "finished"}
_PHRASE = {"blocked": "needs you", "done": "finished", "error": "stopped with an error",
           "working": "is working", "idle": "is idle"}
_TOKEN_RE = re.compile(r"[A-Za-z0-9_.+-]{1,32}")
ST = b"\x1b\\"


def choose(configured: Iterable[str], terminal: Terminal) -> frozenset[str]:
    """`configured` ("auto" plus explicit names, or "none") made a set of channels."""
    names = list(configured)
    if "none" in names:
        return frozenset()
    out = {n for n in names if n in TERMINAL_CHANNELS}
    if "auto" in names:
        out |= terminal.channels
    return frozenset(out)


def notify_via(configured: str, terminal: Terminal) -> str:
    """What `notify_via` means for `terminal` ("auto": its own channel)."""
    return terminal.notify if configured == "auto" else configured


def b64(text: str) -> bytes:
    return base64.b64encode(text.encode("utf-8"))


def set_user_var(name: str, value: str) -> bytes:
    """``ESC ] 1337 ; SetUserVar=name=base64(value) BEL``."""
    return b"\x1b]1337;SetUserVar=%s=%s\x07" % (name.encode("ascii"), b64(value))


def osc26(status: str, *, agent: str | None, title: str | None, folder: str | None,
          detail: str | None) -> bytes:
    fields = [b"Status=" + status.encode("ascii")]
    if agent and agent != GENERIC and _TOKEN_RE.fullmatch(agent):
        fields.append(b"CodeAgent=" + agent.encode("ascii"))
    for key, value in (("SessionTitle", title), ("ProjectFolder", folder), ("Detail", detail)):
        if value:
            fields.append(key.encode("ascii") + b"=" + b64(value))
    return b"\x1b]26;" + b";".join(fields) + ST


def osc26_status(state: str, kind: str | None) -> str:
    if state == "blocked" and kind == "permission":
        return "awaiting-approval"
    return OSC26_STATUS.get(state, "idle")


class TerminalChannels(Sink):
    """The bytes of the chosen channels for each state change. Does no I/O itself. As an
    :class:`~.sink.Sink`: :meth:`decided` is :meth:`update`, :meth:`exited`
    :meth:`final` with the exit's message."""

    def __init__(self, channels: frozenset[str], *, agent: str | None, cwd: str,
                 where: str, note_id: str, notify: frozenset[str] = frozenset({"blocked"}),
                 tmux_depth: int = 0, name: str | None = None) -> None:
        self.channels = channels
        self.agent = sanitize_text(agent or "", 32) or None  # the manifest (OSC 26)
        #: what people call it (``osc7501_agent``, the notification): the program's own
        #: name for a program without agent rules, as tmux's option and `ls` say
        self.name = sanitize_text(name or "", 32) or self.agent
        self.cwd = sanitize_text(cwd, TEXT_LIMIT)
        self.where = sanitize_text(where, 64)
        self.note_id = re.sub(r"[^A-Za-z0-9_-]", "-", note_id)[:32] or "wrap"
        self.notify = notify
        self.tmux_depth = tmux_depth
        self._vars: dict[str, str] = {}
        self._state: tuple[str, str | None, str] | None = None
        self._note_open = False
        self._out: list[bytes] = []

    def update(self, state: str, kind: str | None, msg: str | None) -> None:
        """Queue the bytes for a published state (nothing if it did not change)."""
        if state == "clear":  # the record is gone: as at a clean exit
            self._clear()
            return
        msg_s = sanitize_text(msg or "", TEXT_LIMIT)
        kind = kind if state == "blocked" else None
        now = (state, kind, msg_s)
        if now == self._state:
            return
        before = self._state
        self._state = now
        if "uservar" in self.channels:
            self._user_vars({"osc7501_state": state, "osc7501_kind": kind or "",
                             "osc7501_msg": msg_s, "osc7501_agent": self.name or ""})
        if "osc26" in self.channels:
            title = os.path.basename(self.cwd.rstrip("/")) or self.cwd or None
            self._write(osc26(osc26_status(state, kind), agent=self.agent, title=title,
                             folder=self.cwd or None, detail=msg_s or None))
        if "osc99" in self.channels:
            if self._note_open and state not in self.notify:
                self._write(b"\x1b]99;i=%s:p=close;" % self.note_id.encode() + ST)
                self._note_open = False
            if state in self.notify and (before is None or before[0] != state):
                self._notification(state, msg_s)

    def decided(self, decision: Decision, now: float,
                dialog: Mapping[str, Any] | None = None) -> None:
        self.update(decision.state, decision.kind, decision.msg)

    def next_deadline(self, now: float) -> float | None:
        return now if self._out else None

    def exited(self, status: int, signaled: int | None, now: float) -> bytes:
        return self.final(exit_message(status, signaled))

    def final(self, failed_msg: str | None) -> bytes:
        """The bytes at exit: an error (failure) or everything cleared (clean exit)."""
        if failed_msg is not None:
            self.update("error", None, failed_msg)
        else:
            self._clear()
        return self.due_bytes()

    def _clear(self) -> None:
        if self._state is not None and self._state[0] == "clear":
            return
        if "uservar" in self.channels:
            self._user_vars(dict.fromkeys(USER_VARS, ""))
        if "osc26" in self.channels and self._state is not None:
            self._write(osc26("finished", agent=self.agent, title=None, folder=None,
                             detail=None))
        if "osc99" in self.channels and self._note_open:
            self._write(b"\x1b]99;i=%s:p=close;" % self.note_id.encode() + ST)
            self._note_open = False
        self._state = ("clear", None, "")

    def due_bytes(self, now: float = 0.0) -> bytes:
        out, self._out = b"".join(self._out), []
        return out

    def _user_vars(self, values: dict[str, str]) -> None:
        for name in USER_VARS:
            value = values.get(name, "")
            old = self._vars.get(name)
            if old == value or (old is None and value == ""):
                continue  # unchanged, or never set and nothing to clear
            self._vars[name] = value
            self._write(set_user_var(name, value))

    def _notification(self, state: str, msg: str) -> None:
        label = self.name or "wrap"
        place = os.path.basename(self.cwd.rstrip("/")) or self.cwd
        title = sanitize_text(f"{label} {_PHRASE.get(state, state)} in {self.where}"
                              + (f" ({place})" if place else ""), TITLE_LIMIT)
        body = msg or _PHRASE.get(state, state)
        nid = self.note_id.encode()
        self._write(b"\x1b]99;i=%s:d=0:e=1:p=title;%s" % (nid, b64(title)) + ST)
        self._write(b"\x1b]99;i=%s:d=1:e=1:p=body;%s" % (nid, b64(body)) + ST)
        self._note_open = True

    def _write(self, seq: bytes) -> None:
        self._out.append(wrap_passthrough(seq, self.tmux_depth) if self.tmux_depth else seq)
