"""osc7501wrap: run a program in a transparent pty and report its state as OSC 7501.

Data flows one way:

    child bytes -> proxy (passthrough) -> tracker / screen model (off the hot path)
                -> rules -> fusion -> state machine -> emitter -> terminal

Packages, one job each:

    start      the start-up boundary: `wrap` arguments, preparing the run, `hook`, `emit`
    proxy      the PTY loop with one timer facility (call_at), stream tracker, procinfo
    protocol   OSC 7501: report, sanitize, encode, parse, scan, store; tmux; the probe
    screen     the screen model (pyte with fixes, or libghostty-vt) and its backlog
    rules      per-agent manifests (rules/*.toml) and the rules engine
    fusion     classifier, fusion, pipeline: deciding without I/O (next_deadline(now))
    agents     what an agent's own signals (hooks) mean, per agent
    report     decisions -> OSC 7501 reports, fallbacks and other displays
    session    one run: wiring, control socket, sampling, registry, log
    commands   the `osc7501wrap COMMAND` subcommands, loaded by name
    capture, config, paths, errors

The small Python API for scripts::

    from osc7501wrap import status
    status("working", progress=40, msg="Pushing image")
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__", "status"]


def status(state: str, **kwargs: str | int | None) -> bool:
    """Report `state` for this terminal (see :func:`osc7501wrap.start.emit.status`)."""
    # lazy: `import osc7501wrap` stays cheap; status() loads the protocol
    from .start.emit import status as _status

    return _status(state, **kwargs)
