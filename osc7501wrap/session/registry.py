"""The live-session registry behind `osc7501wrap ls` and `osc7501wrap send`.

Each running `wrap` keeps one file, ``<runtime_dir>/<wrap pid>.json`` (0600 in a 0700
directory, written atomically: temp file + rename), describing itself::

    pid, child_pid, id (the OSC 7501 record id), agent, manifest_version, argv, cwd,
    state, kind, msg (sanitized, one line), since (epoch seconds of the last state change),
    started (epoch seconds), socket (control socket path), token (control token),
    tty (ttyname of wrap's stdin, or null), tmux_pane ($TMUX_PANE, or null),
    tmux_socket (the tmux server's socket from $TMUX, or null)

The file holds the control token and the screen-derived message, so it is for the same
user only. Entries whose wrap pid is gone (a wrap killed by SIGKILL never removes its
file) are removed, with their sockets, by the next :func:`list_sessions`. A session
that ends leaves its last entry, with ``status`` and ``ended``, as ``<pid>.ended.json``
for ENDED_KEEP seconds (:meth:`SessionFile.end`, :func:`list_ended`), so that `events`
and `watch` see every end, even of a program that failed before it was listed.

`osc7501wrap ls --json` prints a list of objects with these stable keys (no token):
pid, id, agent, state, kind, msg, since, cwd, argv, tty, tmux_pane, dialog (while
blocked: ``{id, question, options: [{number, label, selected, key}]}``, else null),
then host and offline_since (null here; see osc7501wrap.fleet for other machines' rows).

`osc7501wrap send SESSION TEXT` finds a session by wrap pid, record id (a unique prefix
is enough) or tmux pane id (``%3``) and asks it, over its control socket, to type TEXT.
The *session* decides: :func:`handle_send` re-reads the current state right before typing and refuses while the
agent is blocked, unless ``--answer`` is given, because text typed into a permission
dialog answers it (a pasted prompt ending in Enter confirms the highlighted "1. Yes").

This module does not classify anything and does not talk to the terminal.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import WrapError
from ..paths import runtime_dir
from ..protocol.sanitize import UNSAFE_RE
from ..protocol.tmux import TmuxEnv, tmux_env
from ..proxy.procinfo import is_alive
from .channel import fallback_dir, request

#: Keys of `ls --json` objects, in order (documented in wrap(1)).
PUBLIC_KEYS = ("pid", "id", "agent", "state", "kind", "msg", "since", "cwd", "argv", "tty",
               "tmux_pane", "dialog", "rules")
#: Minimum seconds between two writes of a session file (updates in between coalesce).
MIN_WRITE_INTERVAL = 0.25
SEND_TIMEOUT = 3.0
#: An ended session's last entry (``<pid>.ended.json``) is kept this many seconds.
ENDED_KEEP = 30.0
ENDED_SUFFIX = ".ended.json"
_MAX_FILE = 256 * 1024
_PID_START_SLACK = 5.0


#: a label's and a subject's bounds, as rules.dialog keeps them (that module loads the
#: rules; `ls` and `send` read the registry without them: tests/unit/test_dialog.py
#: checks the two agree)
MAX_LABEL = 2000
MAX_SUBJECT_ROWS = 400

def _registry_dir(create: bool = False) -> Path:
    return Path(runtime_dir(create=create))


def _tty_name() -> str | None:
    try:
        return os.ttyname(0)
    except OSError:
        return None


def session_entry(*, child_pid: int | None, record_id: str, agent: str | None,
                  manifest_version: str | int | None, argv: list[str], socket: str | None,
                  token: str | None, state: str = "working", kind: str | None = None,
                  msg: str = "", cwd: str | None = None,
                  rules: dict[str, Any] | None = None,
                  tmux: TmuxEnv | None = None) -> dict[str, Any]:
    """A complete registry entry for this process (fills pid, started, since, tty, tmux:
    `tmux` as the session read it, else this process's environment)."""
    now = time.time()
    if cwd is None:
        try:
            cwd = os.getcwd()
        except OSError:
            cwd = ""
    if tmux is None:
        tmux = tmux_env()
    return {
        "pid": os.getpid(), "child_pid": child_pid, "id": record_id, "agent": agent,
        "manifest_version": manifest_version, "argv": list(argv), "cwd": cwd,
        "state": state, "kind": kind, "msg": msg, "since": now, "started": now,
        "socket": socket, "token": token, "tty": _tty_name(),
        "tmux_pane": tmux.pane or None,
        # the server of that pane: `jump` across servers
        "tmux_socket": tmux.socket or None,
        "rules": rules,
    }


class SessionFile:
    """This session's registry file. Nothing here raises: the registry is a side channel.

    ``update`` writes a change of state or kind at once (the pane option tmux shows is set
    in the same turn, so `jump` from the key finds what the light shows); other updates are
    written at most every MIN_WRITE_INTERVAL seconds, a faster one kept and written by the
    next ``update`` or ``flush`` (``next_deadline(now)`` says when, on the
    ``time.monotonic()`` clock: the session sets a loop timer for it). ``last_error`` keeps the last OSError text.
    """

    def __init__(self, pid: int | None = None, directory: Path | None = None) -> None:
        self.pid = os.getpid() if pid is None else pid
        self._dir = directory
        self.entry: dict[str, Any] = {}
        self.path: Path | None = None
        self._last_write = 0.0
        self._dirty = False
        self.last_error: str | None = None

    def create(self, entry: Mapping[str, Any], write: bool = True) -> bool:
        """Take `entry`, and write it (without `write`: only for :meth:`end`)."""
        try:
            directory = self._dir if self._dir is not None else _registry_dir(create=True)
        except OSError as err:
            self.last_error = str(err)
            return False
        self.path = directory / f"{self.pid}.json"
        self.entry = dict(entry)
        self.entry["pid"] = self.pid
        return self._write() if write else True

    def update(self, **fields: Any) -> bool:
        """Merge `fields` into the entry; write now if the state or kind changed or the
        last write is old enough.

        Returns True if the file was written by this call.
        """
        moved = any(k in fields and fields[k] != self.entry.get(k)
                    for k in ("state", "kind", "dialog"))
        if fields.get("state") is not None and fields["state"] != self.entry.get("state") \
                and "since" not in fields:
            fields["since"] = time.time()
        self.entry.update(fields)
        self._dirty = True
        return self.flush(force=moved)

    def next_deadline(self, now: float) -> float | None:
        """When a pending update may be written (``time.monotonic()``), None if none is."""
        if not self._dirty:
            return None
        return self._last_write + MIN_WRITE_INTERVAL

    def flush(self, force: bool = False) -> bool:
        """Write a pending update if it is due (or `force`). True if written."""
        if not self._dirty or self.path is None:
            return False
        if not force and time.monotonic() - self._last_write < MIN_WRITE_INTERVAL:
            return False
        return self._write()

    def _write(self, target: Path | None = None) -> bool:
        if self.path is None:
            return False
        target = target or self.path
        tmp = self.path.with_name(f".{self.pid}.json.tmp")
        try:
            data = json.dumps(self.entry, ensure_ascii=False, default=str).encode()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                         0o600)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except (OSError, TypeError, ValueError) as err:
            self.last_error = str(err)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return False
        self._last_write = time.monotonic()
        self._dirty = False
        return True

    def end(self, **fields: Any) -> None:
        """The session ended: its last entry, with `fields` (``status``, ``ended``) and
        without token or socket, becomes ``<pid>.ended.json`` (kept ENDED_KEEP seconds,
        for `events` and `watch`) and the live file goes."""
        if self.path is None:
            return
        self.entry.update(fields, token=None, socket=None)
        self._write(self.path.with_name(f"{self.pid}{ENDED_SUFFIX}"))
        self.remove()

    def remove(self) -> None:
        if self.path is not None:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        self._dirty = False


# --- reading -------------------------------------------------------------------------------

def pid_alive(pid: int) -> bool:
    """True if `pid` runs (EPERM counts as running; a zombie does not)."""
    return is_alive(pid)


def _process_start_time(pid: int) -> float | None:
    """Epoch start time of `pid` from /proc (Linux); None where unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
        fields = stat[stat.rindex(b")") + 2:].split()
        ticks = int(fields[19])
        with open("/proc/stat", "rb") as f:
            for line in f:
                if line.startswith(b"btime "):
                    btime = int(line.split()[1])
                    break
            else:
                return None
        return btime + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _entry_alive(pid: int, entry: Mapping[str, Any]) -> bool:
    if not pid_alive(pid):
        return False
    started = entry.get("started")
    if isinstance(started, int | float):
        begun = _process_start_time(pid)
        # A process that began after the session was registered reuses a dead wrap's pid.
        if begun is not None and begun > started + _PID_START_SLACK:
            return False
    return True


def _socket_dirs() -> list[Path]:
    dirs = [_registry_dir()]
    try:
        dirs.append(Path(fallback_dir(create=False)))
    except OSError:
        pass
    return dirs


def _remove_stale(directory: Path, pid: int, entry: Mapping[str, Any] | None) -> None:
    names = [f"{pid}.json", f".{pid}.json.tmp", f"{pid}.sock"]
    for name in names:
        try:
            os.unlink(directory / name)
        except OSError:
            pass
    sock = entry.get("socket") if entry else None
    if isinstance(sock, str) and os.path.basename(sock) == f"{pid}.sock":
        # Only our own socket name, and only in one of our directories.
        parent = os.path.dirname(sock)
        for d in _socket_dirs():
            if os.path.abspath(parent) == os.path.abspath(d):
                try:
                    os.unlink(sock)
                except OSError:
                    pass


def _read_entry(path: Path) -> dict[str, Any] | None:
    try:
        with open(path, "rb") as f:
            raw = f.read(_MAX_FILE + 1)
        if len(raw) > _MAX_FILE:
            return None
        obj = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _pid_of(name: str, prefix: str = "", suffix: str = "") -> int | None:
    if not (name.startswith(prefix) and name.endswith(suffix)):
        return None
    core = name[len(prefix):len(name) - len(suffix)]
    return int(core) if core.isdigit() else None


def list_sessions(clean: bool = True) -> list[dict[str, Any]]:
    """Every live session's entry (with token), sorted by pid.

    With `clean`, files of dead sessions (and their sockets, temp files and stray reply
    sockets) are removed. Unreadable files are skipped; a file that is not valid JSON is
    removed only if its pid is dead.
    """
    directory = _registry_dir()
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    out: list[dict[str, Any]] = []
    for name in names:
        pid = _pid_of(name, suffix=".json")
        if pid is None:
            if clean:
                _clean_leftover(directory, name)
            continue
        entry = _read_entry(directory / name)
        if entry is None or entry.get("pid") != pid:
            if clean and not pid_alive(pid):
                _remove_stale(directory, pid, None)
            continue
        if not _entry_alive(pid, entry):
            if clean:
                _remove_stale(directory, pid, entry)
            continue
        out.append(entry)
    if clean:
        try:
            fb = Path(fallback_dir(create=False))
            if fb != directory:
                for name in os.listdir(fb):
                    _clean_leftover(fb, name, registry=directory)
        except OSError:
            pass
    out.sort(key=lambda e: e.get("pid", 0))
    return out


def list_ended(clean: bool = True) -> list[dict[str, Any]]:
    """The last entries of the sessions that ended in the last ENDED_KEEP seconds (by
    pid); older ones are removed with `clean`."""
    directory = _registry_dir()
    try:
        names = [n for n in os.listdir(directory) if n.endswith(ENDED_SUFFIX)]
    except OSError:
        return []
    out = []
    for name in names:
        pid = _pid_of(name, suffix=ENDED_SUFFIX)
        if pid is None or _expired(directory / name, clean):
            continue
        entry = _read_entry(directory / name)
        if entry is not None and entry.get("pid") == pid:
            out.append(entry)
    out.sort(key=lambda e: e.get("pid", 0))
    return out


def _expired(path: Path, clean: bool) -> bool:
    try:
        old = time.time() - os.stat(path).st_mtime > ENDED_KEEP
    except OSError:
        return True
    if old and clean:
        try:
            os.unlink(path)
        except OSError:
            pass
    return old


def _clean_leftover(directory: Path, name: str, registry: Path | None = None) -> None:
    """Remove a temp file or socket whose owning pid is dead, or an old ended entry."""
    if name.endswith(ENDED_SUFFIX):
        _expired(directory / name, True)
        return
    pid = (_pid_of(name, prefix=".", suffix=".json.tmp") or _pid_of(name, suffix=".sock"))
    if pid is None and name.startswith("c") and name.endswith(".sock") and "-" in name:
        pid = _pid_of(name.split("-", 1)[0], prefix="c")
    if pid is None or pid_alive(pid):
        return
    # A session socket stays while a registry file for its pid exists (removed together).
    if name.endswith(".sock") and not name.startswith("c") and (
            (directory / f"{pid}.json").exists()
            or (registry is not None and (registry / f"{pid}.json").exists())):
        return
    try:
        os.unlink(directory / name)
    except OSError:
        pass


def public_view(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The `ls --json` object for an entry: PUBLIC_KEYS only, text fields cleaned."""
    out: dict[str, Any] = {}
    for key in PUBLIC_KEYS:
        value = entry.get(key)
        if key in ("msg", "cwd", "id", "agent", "state", "kind", "tty", "tmux_pane") \
                and isinstance(value, str):
            value = clean_text(value)
        elif key == "argv" and isinstance(value, list):
            value = [clean_text(str(a)) for a in value]
        elif key == "dialog":
            value = clean_dialog(value)
        elif key == "rules":
            value = clean_rules(value)
        out[key] = value
    return out


def rules_entry(name: str, version: str | int | None, fallback: bool) -> dict[str, Any]:
    """What a session's ``rules`` field says: the manifest that reads its screen, its
    version, and whether that is the fallback (no manifest of the program's own)."""
    return {"manifest": name, "version": None if version is None else str(version),
            "fallback": fallback}


def clean_rules(value: object) -> dict[str, Any] | None:
    """A registry entry's ``rules`` as `ls --json` shows it, or None."""
    if not isinstance(value, Mapping) or not isinstance(value.get("manifest"), str):
        return None
    version = value.get("version")
    return {"manifest": clean_text(value["manifest"])[:64],
            "version": clean_text(version)[:64] if isinstance(version, str) else None,
            "fallback": value.get("fallback") is True}


def clean_dialog(value: object) -> dict[str, Any] | None:
    """A registry entry's ``dialog`` as `ls --json` and `events` show it, cleaned again:
    ``{id, question, subject: [rows], partial, options: [{number, label, selected,
    key}]}`` (and ``redacted: true`` when a secret in it was hidden), or None. The
    subject's rows keep their blanks (a command as it runs)."""
    if not isinstance(value, Mapping) or not isinstance(value.get("id"), str):
        return None
    opts = value.get("options")
    options: list[dict[str, Any]] = []
    for o in opts[:12] if isinstance(opts, list) else []:
        if not isinstance(o, Mapping) or not isinstance(o.get("number"), int) \
                or not isinstance(o.get("label"), str):
            continue
        key = o.get("key")
        options.append({"number": o["number"],
                        "label": truncate(clean_text(o["label"]), MAX_LABEL),
                        "selected": o.get("selected") is True,
                        "key": truncate(clean_text(key), 16) if isinstance(key, str) else None})
    q = value.get("question")
    rows = value.get("subject")
    subject = [clean_text(r)[:MAX_LABEL].rstrip() for r in rows[:MAX_SUBJECT_ROWS]
               if isinstance(r, str)] if isinstance(rows, list) else []
    out = {"id": truncate(clean_text(value["id"]), 16),
           "question": truncate(clean_text(q), 240) if isinstance(q, str) else "",
           "subject": subject,
           "partial": value.get("partial") is True or (isinstance(rows, list)
                                                      and len(rows) > MAX_SUBJECT_ROWS),
           "options": options}
    if value.get("redacted") is True:  # a secret in the question, subject or a label
        out["redacted"] = True
    return out


def clean_text(text: str) -> str:
    """Replace control characters (C0, DEL, C1), bidi marks and invisible characters
    with spaces (:data:`..protocol.sanitize.UNSAFE_RE`)."""
    return UNSAFE_RE.sub(" ", text)


def truncate(text: str, width: int) -> str:
    text = " ".join(text.split())
    if width <= 0:
        return ""
    return text if len(text) <= width else text[:max(0, width - 1)] + "…"



# --- send ----------------------------------------------------------------------------------

def find_session(ident: str, entries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The live session whose wrap pid equals `ident`, or whose record id equals or
    uniquely starts with it, or whose tmux pane is `ident` (``%3``). Raises WrapError
    (status 1) if none or ambiguous."""
    entries = list_sessions(clean=True) if entries is None else entries
    ident = ident.strip()
    if not ident:
        raise WrapError("no session given", status=1)
    if ident.isdigit():
        for e in entries:
            if e.get("pid") == int(ident):
                return e
    if ident.startswith("%") and ident[1:].isdigit():
        return _by_pane(ident, entries)
    exact = [e for e in entries if e.get("id") == ident]
    if len(exact) == 1:
        return exact[0]
    matches = [e for e in entries if isinstance(e.get("id"), str) and e["id"].startswith(ident)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1 or len(exact) > 1:
        ids = ", ".join(sorted(clean_text(str(e.get("id"))) for e in (exact or matches)))
        raise WrapError(f"session {ident!r} is ambiguous ({ids}); give more of the id or the pid",
                        status=1)
    raise WrapError(f"no live session {ident!r} (see osc7501wrap ls)", status=1)


def _by_pane(pane: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The session in tmux pane `pane` (``%3``): of this tmux server when there are
    several servers with such a pane."""
    found = [e for e in entries if e.get("tmux_pane") == pane]
    if len(found) > 1:
        here = tmux_env().socket
        ours = [e for e in found if here and e.get("tmux_socket")
                and os.path.realpath(str(e["tmux_socket"])) == os.path.realpath(here)]
        found = ours if len(ours) == 1 else found
    if len(found) == 1:
        return found[0]
    if found:
        pids = ", ".join(str(e.get("pid")) for e in found)
        raise WrapError(f"tmux pane {pane} is in several tmux servers (pids {pids}); "
                        "give the pid", status=1)
    raise WrapError(f"no live session in tmux pane {pane} (see osc7501wrap ls)", status=1)


def request_session(entry: Mapping[str, Any], payload: dict[str, Any],
                    timeout: float = SEND_TIMEOUT) -> dict[str, Any]:
    """Send `payload` to a session's control socket and return its reply.

    Raises WrapError (status 1) if the entry has no socket or the session does not answer.
    """
    sock, token = entry.get("socket"), entry.get("token")
    if not isinstance(sock, str) or not isinstance(token, str):
        raise WrapError(f"session {entry.get('pid')} has no control socket", status=1)
    reply = request(sock, token, payload, timeout=timeout)
    if reply is None:
        raise WrapError(f"session {entry.get('pid')} did not answer within {timeout:g}s",
                        status=1)
    return reply


StateFn = Callable[[], "tuple[str, str | None, str | None]"]


def handle_send(message: Any, *, current_state: StateFn,
                write_child: Callable[[bytes], None],
                schedule: Callable[[float, Callable[[], None]], None] | None = None,
                enter_delay: float = 0.1,
                reply: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any] | None:
    """The session side of `send`: check, then type. Returns the reply object.

    `message` is a channel Message (or its ``data`` dict): {"text", "answer", "enter"}.
    `current_state()` must re-classify right now and return (state, kind, msg).
    While the state is ``blocked`` and ``answer`` is not true the text is refused:
    ``{"ok": false, "error": "session is blocked (permission): Bash: rm -rf build; answer
    it with `osc7501wrap answer PID CHOICE` (or send --answer to type anyway)"}``. Otherwise TEXT is written as-is (UTF-8, no bracketed
    paste), then Enter (b"\\r") unless ``enter`` is false, and ``{"ok": true}`` returned.

    Enter: with `schedule` (``schedule(delay, fn)`` runs fn after delay seconds from the
    loop), Enter is written `enter_delay` seconds after the text, so a program that takes
    one fast burst for a paste sees Enter as a key press. Without it, Enter follows at once.
    Pass `schedule`: Claude Code 2.1.328 takes 1.5 KB of text followed by CR in one burst
    as a paste ("[Pasted text #1 +1 lines]") and does not submit it, while the same text
    with CR 50 ms later is submitted (short texts are submitted either way).

    Right before a scheduled Enter the state is read again, and the check and the key are
    one step (nothing runs between them): if a dialog appeared since the text went in and
    ``answer`` is not true, Enter is not pressed and the reply is a refusal. With `reply`,
    that reply goes to ``reply(result)`` after the Enter step and None is returned.
    """
    data = getattr(message, "data", message)
    if not isinstance(data, Mapping):
        return {"ok": False, "error": "malformed send request"}
    text, answer, enter = data.get("text"), data.get("answer", False), data.get("enter", True)
    if not isinstance(text, str) or not isinstance(answer, bool) or not isinstance(enter, bool):
        return {"ok": False, "error": "malformed send request"}
    try:
        state, kind, msg = current_state()
    except Exception as err:
        return {"ok": False, "error": f"cannot read the session state: {type(err).__name__}"}
    if state == "blocked" and not answer:
        what = f"session is blocked ({kind})" if kind else "session is blocked"
        if msg:
            what += f": {truncate(clean_text(msg), 200)}"
        return {"ok": False, "error": f"{what}; {_answer_hint()}"}
    try:
        if text:
            write_child(text.encode("utf-8", "replace"))
        if enter:
            if schedule is not None and text and enter_delay > 0:
                def press() -> None:
                    result = _press_enter(answer, current_state, write_child)
                    if reply is not None:
                        reply(result)

                schedule(enter_delay, press)
                return None if reply is not None else {"ok": True}
            write_child(b"\r")
    except OSError as err:
        return {"ok": False, "error": f"cannot write to the program: {err.strerror or err}"}
    return {"ok": True}


def _answer_hint() -> str:
    """How to answer this session's dialog instead (the session is this process)."""
    return (f"answer it with `osc7501wrap answer {os.getpid()} CHOICE` "
            "(or send --answer to type anyway)")


def _press_enter(answer: bool, current_state: StateFn,
                 write_child: Callable[[bytes], None]) -> dict[str, Any]:
    """Look again, then press Enter in the same step, unless a dialog is on screen now."""
    try:
        state, kind, msg = current_state()
    except Exception as err:
        return {"ok": False, "error": f"cannot read the session state: {type(err).__name__}"}
    if state == "blocked" and not answer:
        what = f"a dialog appeared after the text was typed ({kind})" if kind else (
            "a dialog appeared after the text was typed")
        if msg:
            what += f": {truncate(clean_text(msg), 200)}"
        return {"ok": False, "error": f"{what}; Enter was not pressed ({_answer_hint()})"}
    try:
        write_child(b"\r")
    except OSError as err:
        return {"ok": False, "error": f"cannot write to the program: {err.strerror or err}"}
    return {"ok": True}
