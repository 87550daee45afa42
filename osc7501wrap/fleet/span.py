"""Which machines a command spans: this one (unless ``--no-local``) and the hosts of
``--host`` (repeatable), else those of ``[fleet] hosts``; reached as ``--ssh``,
``--program`` and ``[fleet] timeout`` say (:class:`.remote.Remote`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..config import load_config
from ..errors import WrapError
from .machines import Fleet, hosts_of
from .remote import Remote, check_host


@dataclass
class Span:
    local: bool
    remote: Remote
    hosts: list[str]

    def fleet(self) -> Fleet | None:
        return Fleet(self.hosts, self.remote) if self.hosts else None


def span_of(args: Any) -> Span:
    """The span an argparse namespace names (see the module docstring)."""
    cfg = load_config()
    given = getattr(args, "host", None) or []
    for h in given:
        check_host(h)
    hosts = hosts_of(given, cfg.fleet.hosts)
    local = not getattr(args, "no_local", False)
    if not local and not hosts:
        raise WrapError("--no-local leaves no machine: name one with --host", status=2)
    remote = Remote.make(getattr(args, "ssh", None), getattr(args, "program", None),
                         cfg.fleet.timeout)
    return Span(local, remote, hosts)


def split_session(session: str) -> tuple[str | None, str]:
    """``HOST:SESSION`` -> (HOST, SESSION); a session without a host part -> (None, it).
    A local session whose id holds ":" is named by its pid or pane."""
    host, sep, rest = session.partition(":")
    if sep and host and rest:
        return check_host(host), rest
    return None, session
