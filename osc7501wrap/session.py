"""Wires the parts together for `wrap CMD`: proxy -> tracker/screen -> rules -> fusion -> emitter.

(Stub: for now a plain transparent proxy. The full session plugs a ProxyHooks
implementation into the loop.)
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RunOptions:
    command: list[str]
    agent: str | None = None
    emit: str | None = None  # auto | always | never (None: from config, default auto)
    record_id: str | None = None
    log: str | None = None
    hooks: bool = True
    extra: dict[str, object] = field(default_factory=dict)


def run(opts: RunOptions) -> int:
    from .proxy import Proxy

    return Proxy(opts.command).run()
