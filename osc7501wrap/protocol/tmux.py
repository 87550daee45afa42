"""tmux passthrough: getting an OSC 7501 sequence through tmux to the real terminal.

Upstream tmux drops OSC sequences it does not know, 7501 among them. A program inside
tmux reaches the outer terminal by wrapping the sequence in a DCS passthrough:
``ESC P tmux; <sequence with every ESC doubled> ESC \\``. tmux unwraps one level and
writes the inner bytes to the outer terminal, but only with ``allow-passthrough on``
(tmux >= 3.3; ``all`` in tmux >= 3.4 also passes while the pane is invisible). Nested
tmux needs one wrap per level.

In scope: the one reading of ``$TMUX``, ``$TMUX_PANE`` and the depth
(:func:`tmux_env`: every other module takes its :class:`TmuxEnv`), how deep we are
(:func:`tmux_depth`), wrapping (:func:`wrap_passthrough`) and
asking tmux whether passthrough is allowed (:func:`allow_passthrough`, which runs the
``tmux`` command and so belongs to ``doctor`` and the probe, never to the hot path).
Not in scope: tmux's own handling of replies (it answers DA1 itself and never answers
the 7501 query; see :mod:`osc7501wrap.protocol.probe`), and changing tmux options.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import ModuleType

from ..frozen import Frozen  # not dataclasses: 6.0 ms before the child (see frozen.py)

DEPTH_ENV = "OSC7501WRAP_TMUX_DEPTH"
MAX_DEPTH = 8

_DCS_TMUX = b"\x1bPtmux;"
_ST = b"\x1b\\"


class TmuxEnv(Frozen):
    """The tmux around this process as its environment says (:func:`tmux_env`).

    socket: the server's socket (``$TMUX`` is ``socket,pid,session``), "" outside tmux;
    server_pid: the server's pid ("" when not a number); pane: ``$TMUX_PANE`` ("" when
    unset); depth: how many tmux levels a sequence must pass (:func:`tmux_depth`).
    """

    FIELDS = ("socket", "server_pid", "pane", "depth")
    __slots__ = FIELDS
    socket: str
    server_pid: str
    pane: str
    depth: int

    def __init__(self, socket: str = "", server_pid: str = "", pane: str = "",
                 depth: int = 0) -> None:
        self._init(socket, server_pid, pane, depth)

    @property
    def inside(self) -> bool:
        """``$TMUX`` is set (whatever the depth says)."""
        return bool(self.socket)


def tmux_env(env: Mapping[str, str] = os.environ) -> TmuxEnv:
    """The one reading of ``$TMUX``, ``$TMUX_PANE`` and ``OSC7501WRAP_TMUX_DEPTH``.

    The depth is 1 if $TMUX is set, else 0. The environment only shows the innermost
    tmux (a nested tmux sets $TMUX again), so nesting is unknowable from it;
    ``OSC7501WRAP_TMUX_DEPTH=N`` (0..8) says it explicitly and wins. A malformed value is
    ignored.
    """
    value = env.get("TMUX", "")
    parts = value.rsplit(",", 2)
    socket = parts[0] if len(parts) == 3 else value
    pid = parts[1] if len(parts) == 3 and parts[1].isdigit() else ""
    explicit = env.get(DEPTH_ENV, "").strip()
    depth = min(int(explicit), MAX_DEPTH) if explicit.isdigit() else 1 if value else 0
    return TmuxEnv(socket, pid, env.get("TMUX_PANE", ""), depth)


def tmux_depth(env: Mapping[str, str] = os.environ) -> int:
    """How many tmux levels a sequence must pass (:func:`tmux_env`)."""
    return tmux_env(env).depth


def wrap_passthrough(seq: bytes, depth: int = 1) -> bytes:
    """Wrap `seq` for tmux DCS passthrough, `depth` times (0: unchanged).

    >>> wrap_passthrough(b"\\x1b]7501;state=done\\x1b\\\\")
    b'\\x1bPtmux;\\x1b\\x1b]7501;state=done\\x1b\\x1b\\\\\\x1b\\\\'
    """
    for _ in range(max(0, min(depth, MAX_DEPTH))):
        seq = _DCS_TMUX + seq.replace(b"\x1b", b"\x1b\x1b") + _ST
    return seq


def subprocess_module() -> ModuleType:
    """The subprocess module, loaded when tmux is first run (here, or by a session's tmux
    display: report.tmux_display)."""
    # lazy: emit runs in prompts and hooks, and every session's boot loads the tmux
    # display, outside tmux too: subprocess (3 ms) only when a tmux client is run
    import subprocess

    return subprocess


def allow_passthrough(*, socket_name: str | None = None, target: str | None = None,
                      timeout: float = 0.5,
                      env: Mapping[str, str] = os.environ) -> str | None:
    """The effective ``allow-passthrough`` of this pane: "on", "off", "all", or None.

    Runs ``tmux show -Apv [-t PANE] allow-passthrough`` (the pane's value, inherited from
    its window or the global one), falling back to ``tmux show -gv`` for old tmux.
    `target` defaults to ``$TMUX_PANE``; `socket_name` is tmux's ``-L``. Returns None
    when tmux is missing, not running, slow (`timeout` seconds) or says something else.
    Never raises. Spawns a process: call it from ``doctor`` or the probe only.
    """
    subprocess = subprocess_module()
    base = ["tmux"] + (["-L", socket_name] if socket_name else [])
    pane = target or tmux_env(env).pane
    attempts = [base + ["show", "-Apv"] + (["-t", pane] if pane else []) + ["allow-passthrough"],
                [*base, "show", "-gv", "allow-passthrough"]]
    for argv in attempts:
        try:
            proc = subprocess.run(argv, capture_output=True, timeout=timeout, check=False,
                                  stdin=subprocess.DEVNULL, env=dict(env))
        except (OSError, subprocess.SubprocessError, ValueError):
            return None
        if proc.returncode != 0:
            continue
        lines = proc.stdout.decode("utf-8", "replace").split()
        value = lines[0] if lines else ""
        if value in ("on", "off", "all"):
            return value
    return None
