"""``osc7501wrap emit`` and the Python ``status()`` API: write one OSC 7501 report to
this terminal.

The report goes to ``/dev/tty`` (opened ``O_NOCTTY``), not to stdout, so it reaches the
terminal even from a pipeline or a hook whose output is captured. Inside tmux ($TMUX set,
or ``OSC7501WRAP_TMUX_DEPTH``) it is wrapped for DCS passthrough. Every value is checked
by :func:`osc7501wrap.protocol.encode`: a bad state, kind, id, app or progress is a
:class:`~osc7501wrap.errors.WrapError` (exit status 2) with a one-line message, never a
broken sequence; free text is sanitized and fitted, never rejected.

Whether to write at all is :func:`osc7501wrap.protocol.probe.decide_emit`: ``--emit`` /
``emit=`` "always" or "never", else ``OSC7501WRAP_EMIT``, else a terminfo entry with
``Pst``, else the handshake. The handshake reads the terminal's replies from /dev/tty in
raw mode for at most 300 ms, so it only runs when that is safe:

- stdin is this same terminal (a program that owns the terminal's input, such as an
  agent running this as a hook, would otherwise receive, or steal, the replies);
- this process is in the terminal's foreground process group (a background job
  changing the terminal mode would be stopped by SIGTTOU);
- no input is waiting already (keys the user typed ahead stay where they are).

Otherwise the decision falls back to the environment and terminfo, and without either
nothing is written: set ``OSC7501WRAP_EMIT=always`` where the terminal is known to
support the protocol (e.g. in agent hooks). Keys typed during the probe are pushed back
into the terminal's input queue (TIOCSTI) where the system allows it. A terminal too
slow to answer within the timeout may still answer later, at the shell prompt; the
reason (see ``osc7501wrap doctor``) says "no reply".

``--print`` writes the exact bytes to stdout instead (tmux wrapping included), with no
handshake. Exit status: 0 (written or deliberately not written), 1 no terminal, 2 bad
value. Imports stay light: this runs in prompts and hooks.
"""

from __future__ import annotations

import os
import sys

from ..errors import WrapError
from ..protocol import Report, encode
from ..protocol.tmux import tmux_depth, wrap_passthrough

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    from argparse import Namespace
    from collections.abc import Mapping

    from ..protocol.probe import EmitChoice, ProbeResult

TTY = "/dev/tty"
EMIT_MODES = ("auto", "always", "never")
PROBE_TIMEOUT = 0.3


class NoTerminal(Exception):
    """/dev/tty could not be opened or written (`error` is the OSError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


def build_sequence(state: str, *, id: str | None = None, progress: int | None = None,
                   kind: str | None = None, title: str | None = None, msg: str | None = None,
                   app: str | None = None, env: Mapping[str, str] = os.environ) -> bytes:
    """The exact bytes to write for this report, wrapped for tmux when in tmux.
    Raises WrapError (status 2) for an invalid value."""
    try:
        raw = encode(Report(state, id=id, kind=kind, progress=progress, app=app,
                            title=title, msg=msg))
    except ValueError as err:
        raise WrapError(str(err), status=2) from None
    return wrap_passthrough(raw, tmux_depth(env))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
        except InterruptedError:
            continue


def _push_back(fd: int, data: bytes) -> None:
    """Return type-ahead to the terminal's input queue, byte by byte (best effort)."""
    if not data:
        return
    import fcntl
    import termios

    for i in range(len(data)):
        try:
            fcntl.ioctl(fd, termios.TIOCSTI, data[i:i + 1])
        except OSError:
            return


def _input_waiting(fd: int) -> bool:
    import fcntl
    import struct
    import termios

    try:
        buf = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
        return struct.unpack("i", buf)[0] > 0
    except OSError:
        return True  # unknown: do not risk it


def _probe_tty(fd: int, env: Mapping[str, str],
               timeout: float = PROBE_TIMEOUT) -> ProbeResult | None:
    """Run the handshake if it is safe (see the module doc), else None.

    The replies are read from stdin, which must be our controlling terminal (the one
    /dev/tty names): ``tcgetpgrp`` only succeeds on the caller's controlling terminal,
    and it must name our own process group (foreground). The query goes out on `fd`.
    """
    try:
        if not os.isatty(0) or os.tcgetpgrp(0) != os.getpgrp():
            return None
    except OSError:
        return None
    if _input_waiting(0):
        return None
    import termios

    from ..protocol.probe import probe_terminal, raw_mode

    try:
        with raw_mode(0):
            result = probe_terminal(0, fd, timeout=timeout, tmux_depth=tmux_depth(env))
    except (termios.error, OSError):
        return None
    # After the mode is restored, so the line discipline handles them as typed now.
    _push_back(0, result.typeahead)
    return result


def deliver(data: bytes, mode: str | None = None, tty_path: str = TTY,
            env: Mapping[str, str] = os.environ) -> EmitChoice:
    """Open `tty_path`, decide (see the module doc), write `data` if the decision says
    so, and return the decision. Raises NoTerminal if the terminal cannot be opened or
    written."""
    from ..protocol.probe import decide_emit

    flags = os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(tty_path, os.O_WRONLY | flags)
    except OSError as err:
        raise NoTerminal(err) from None
    try:
        decision = decide_emit(mode, env, lambda: _probe_tty(fd, env))
        if decision.emit:
            _write_all(fd, data)
        return decision
    except OSError as err:
        raise NoTerminal(err) from None
    finally:
        os.close(fd)


def _check_mode(mode: str | None) -> None:
    if mode is not None and mode not in EMIT_MODES:
        raise WrapError(f"emit must be one of {', '.join(EMIT_MODES)}, not {mode!r}", status=2)


def status(state: str, *, id: str | None = None, progress: int | None = None,
           kind: str | None = None, title: str | None = None, msg: str | None = None,
           app: str | None = None, emit: str = "auto", tty_path: str = TTY) -> bool:
    """Report `state` to this terminal. True if a report was written.

    False when there is no terminal or the terminal is not known to support OSC 7501
    (see the module doc for how that is decided). Raises WrapError for an invalid value
    (state, kind, id, app, progress, emit); title and msg are sanitized, not rejected.

    >>> from osc7501wrap import status
    >>> status("working", progress=40, msg="Pushing image")  # doctest: +SKIP
    True
    """
    _check_mode(emit)
    data = build_sequence(state, id=id, progress=progress, kind=kind, title=title, msg=msg,
                          app=app)
    try:
        return deliver(data, emit, tty_path).emit
    except NoTerminal:
        return False


def cmd_emit(args: Namespace) -> int:
    """``osc7501wrap emit STATE [--id ID] [--progress N] [--kind K] [--title T] [--msg M]
    [--app A] [--emit MODE] [--print]``."""
    _check_mode(args.emit)
    data = build_sequence(args.state, id=args.record_id, progress=args.progress,
                          kind=args.kind, title=args.title, msg=args.msg, app=args.app)
    if args.print_only:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    try:
        decision = deliver(data, args.emit, TTY)
    except NoTerminal as err:
        raise WrapError(f"no terminal ({TTY}): {err}", status=1) from None
    if os.environ.get("OSC7501WRAP_DEBUG"):
        verb = "written" if decision.emit else "not written"
        sys.stderr.write(f"osc7501wrap: {verb}: {decision.reason}\n")
    return 0
