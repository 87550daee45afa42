"""The session side of `osc7501wrap answer`: check the dialog, type its keys, watch it go.

:class:`AnswerJob` runs inside the session, on its loop: the screen is read again right
before each key is typed (the check and the key are one step, nothing runs between them),
so nothing is ever typed into a session that is not blocked on that dialog at that moment.
After an arrow, the next key waits until the screen shows the selection moved (an agent
may drop an Enter typed before it drew the move: Qwen Code does, ~0.1 s after an arrow).
After the last key it reads the screen every POLL seconds until the dialog went away (the
reply ``{"ok": true, ...}``) or WAIT seconds passed (a refusal naming what is still there).

Refusals, one line each: not blocked; another dialog than ``--dialog`` names (the new
question in the message); a dialog part of whose subject is not on screen (what it
approves cannot be read in full); a choice that names no option or several; a dialog
whose options could not be read, or whose way of choosing needs what the screen does not
show (wrap never guesses a key).

What it does not do: find the session or talk to the socket (commands/answer.py, the
session's control loop), read options off a screen (rules.dialog).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..rules.dialog import ChoiceError, Dialog, clean, keys_for, resolve, selected_before

#: seconds between two keys of one choice (arrows, then Enter)
KEY_GAP = 0.06
#: how often, and how long, the screen is read for the dialog to go
POLL = 0.05
WAIT = 5.0
#: how long the screen may take to show the selection an arrow moved
MOVE_WAIT = 3.0

Verdict = Any  # rules.Verdict: .state, .kind, .dialog


def _q(d: Dialog) -> str:
    """The question quoted, and for a subject of several rows its last one: a refusal
    names what is on screen now, down to the row where two commands that share their
    first differ (`osc7501wrap dialog` shows every row)."""
    q = repr(clean(d.question, 160) or "(no question read)")
    if len(d.subject) > 1:
        q += f" ({len(d.subject)} rows, the last: {clean(d.subject[-1], 80)!r})"
    return q


class AnswerJob:
    """One `answer` request. `evaluate()` re-reads the screen now and returns a Verdict;
    `write(bytes)` types into the program; `schedule(delay, fn)` runs fn later on the
    loop; `reply(dict)` sends the one reply. Call :meth:`start` once."""

    def __init__(self, data: Mapping[str, Any], *, evaluate: Callable[[], Verdict],
                 write: Callable[[bytes], None],
                 schedule: Callable[[float, Callable[[], None]], None],
                 reply: Callable[[dict[str, Any]], None], wait: float = WAIT) -> None:
        self.data = data
        self.evaluate = evaluate
        self.write = write
        self.schedule = schedule
        self.reply = reply
        self.wait = wait
        self.keys: list[str] = []
        self.expect: list[int | None] = []  # the option selected before each key
        self.moving = 0.0
        self.dialog: Dialog | None = None
        self.option: Any = None
        self.left = 0.0
        self.done = False  # its one reply was sent

    def ended(self, status: int) -> None:
        """The program exited before the job replied: after the last key, that is the
        dialog gone (a prompt's program often ends once answered); before it, the rest
        of the keys were not typed."""
        if self.done:
            return
        if self.dialog is not None and not self.keys and self.option is not None:
            o = self.option
            self.reply({"ok": True, "option": o.number, "label": o.label, "state": "exited",
                        "status": status, "dialog": self.dialog.id})
            self.done = True
        else:
            self._fail(f"the program exited (status {status}) before the answer was typed "
                       "in full")

    def start(self) -> None:
        choice, want = self.data.get("choice"), self.data.get("dialog")
        if not isinstance(choice, str) or not (want is None or isinstance(want, str)):
            self._fail("malformed answer request")
            return
        dialog = self._blocked(want)
        if dialog is None:
            return
        try:
            self.option = resolve(dialog, choice)
            self.keys = keys_for(dialog, self.option)
            self.expect = selected_before(dialog, self.keys)
        except ChoiceError as err:
            self._fail(str(err))
            return
        self.dialog = dialog
        self._type(first=True)

    # ------------------------------------------------------------------ steps

    def _read(self) -> Verdict | None:
        try:
            return self.evaluate()
        except Exception as err:  # a side channel: the session goes on
            self._fail(f"cannot read the session's screen: {type(err).__name__}")
            return None

    def _blocked(self, want: str | None) -> Dialog | None:
        """The dialog on screen now, if it is the one wanted; else the refusal is sent."""
        v = self._read()
        if v is None:
            return None
        if v.state != "blocked" or v.dialog is None:
            self._fail(f"the session is not blocked (it is {v.state or 'unclassified'}); "
                       "nothing was typed")
            return None
        d: Dialog = v.dialog
        if want is not None and d.id != want:
            self._fail(f"the dialog changed: it now asks {_q(d)} (dialog {d.id}, not "
                       f"{clean(want, 16)}); nothing was typed")
            return None
        if d.partial:
            self._fail("part of what this dialog approves is not on screen (cut off by its "
                       "box, scrolled away, or printed where its rules do not read it): "
                       "answer it in its terminal, where you can read all of it; nothing "
                       "was typed")
            return None
        return d

    def _type(self, first: bool = False) -> None:
        assert self.dialog is not None
        if self.done:
            return
        if not first:  # look again right before this key: still that dialog?
            v = self._read()
            if v is None:
                return
            if v.state != "blocked" or v.dialog is None or v.dialog.id != self.dialog.id:
                what = (f"it now asks {_q(v.dialog)}" if v.state == "blocked" and v.dialog
                        else f"the session is {v.state or 'unclassified'}")
                self._fail(f"the dialog changed while its keys were typed ({what}); "
                           "the rest were not typed")
                return
            want = self.expect[0]
            now = next((o.number for o in v.dialog.options if o.selected), None)
            if want is not None and now != want:
                if self.moving > 0:  # not drawn yet: look again
                    self.moving -= POLL
                    self.schedule(POLL, self._type)
                    return
                o = self.dialog.options[want - 1]
                self._fail(f"the selection did not move to {want}. {clean(o.label, 60)!r} "
                           f"(the screen shows {now or 'none'} selected); the rest were not "
                           "typed")
                return
        key = self.keys.pop(0)
        self.expect.pop(0)
        self.moving = MOVE_WAIT
        try:
            self.write(key.encode("utf-8"))
        except OSError as err:
            self._fail(f"cannot write to the program: {err.strerror or err}")
            return
        if self.keys:
            self.schedule(KEY_GAP, self._type)
        else:
            self.left = self.wait
            self.schedule(POLL, self._watch)

    def _watch(self) -> None:
        assert self.dialog is not None
        if self.done:
            return
        v = self._read()
        if v is None:
            return
        if v.state != "blocked" or v.dialog is None or v.dialog.id != self.dialog.id:
            o = self.option
            self.reply({"ok": True, "option": o.number, "label": o.label,
                        "state": v.state, "dialog": self.dialog.id})
            self.done = True
            return
        self.left -= POLL
        if self.left > 0:
            self.schedule(POLL, self._watch)
            return
        o = self.option
        self._fail(f"the dialog is still on screen {self.wait:g} s after choosing "
                   f"{o.number}. {clean(o.label, 60)!r}: {_q(self.dialog)}")

    def _fail(self, error: str) -> None:
        if not self.done:
            self.done = True
            self.reply({"ok": False, "error": error})
