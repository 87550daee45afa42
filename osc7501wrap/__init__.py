"""osc7501wrap: run a program in a transparent pty and report its state as OSC 7501.

Data flows one way:

    child bytes -> proxy (passthrough) -> tracker / screen model (off the hot path)
                -> rules -> fusion -> state machine -> emitter -> terminal

Modules, one job each:

    proxy      the PTY loop: spawn, raw mode, signals, job control, exit status
    probe      the terminal handshake (7501 query + DA1 sentinel) and late-reply filter
    tracker    a tiny parser over the passthrough stream: safe points, modes, OSC events
    screen     the screen model (pyte with fixes, or libghostty-vt through pyghostty)
    rules      per-agent manifests (TOML) and the rules engine behind `explain`
    classifier timing around the rules: settle, hold working->idle, sweep
    fusion     screen + native 7501 + hooks + process table + exit -> one state
    emitter    state changes -> OSC 7501 reports (and fallbacks) at safe points
    protocol   OSC 7501 encode / parse / sanitize (see its docstring for scope)
    tmux       DCS passthrough wrapping
    session    wires the above together for `wrap CMD`
    cli        the thin command on top

The small Python API for scripts::

    from osc7501wrap import status
    status("working", progress=40, msg="Pushing image")
"""

from __future__ import annotations

TYPE_CHECKING = False  # `typing` is not imported at run time: hooks import this package
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "status"]


def status(state: str, **kwargs: Any) -> bool:
    """Report `state` for this terminal (see :func:`osc7501wrap.start.emit.status`)."""
    from .start.emit import status as _status

    return _status(state, **kwargs)
