"""What the boot and the control socket use of the live session: :class:`Host`.

session.session.Session is the one host. session.boot and session.control take it typed
by this protocol, not by its class: the session loads them (once, at its boot or at the
first request), so they may not import it back (tests/unit/test_layout.py: no import
circle). Each name below is the session's own; its meaning is documented where the
session sets it. Nothing here runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..capture import CaptureWriter
from ..config import Config
from ..fusion.fusion import Decision
from ..fusion.pipeline import Pipeline
from ..protocol.redact import Redactor
from ..proxy.proxy import Proxy
from ..report.sinks import Sinks
from ..rules import Manifest
from ..rules.dialog import Dialog
from .channel import ControlServer
from .kept import Kept
from .listing import Listing
from .log import SessionLog
from .registry import SessionFile
from .sampling import Sampler
from .spec import RunSpec
from .stale import StaleWatch


class Host(Protocol):
    """The session as the boot and the control socket see it."""

    # what the run is, and its parts once booted
    spec: RunSpec
    config: Config
    manifest: Manifest | None
    proxy: Proxy | None
    pipeline: Pipeline | None
    capture: CaptureWriter | None
    server: ControlServer | None
    sinks: Sinks | None
    registry: SessionFile | None
    sampler: Sampler | None
    _listing: Listing | None
    _stale: StaleWatch | None
    _log: SessionLog
    _notes: list[str]
    _answers: list[Any]
    _emit: bool
    _reads_stream: bool
    _exited: bool
    _last_io: float
    # what was kept until the boot
    _early: Kept
    _typed: Kept
    _early_tail: bytes
    # what the sinks were last given
    _decision: Decision | None
    _public: Decision | None
    _dialog: Dialog | None
    _dialog_shown: dict[str, Any] | None
    _titled: tuple[str | None, tuple[int, int | None] | None]
    # the loop's timing, as the last round worked it out
    _due: float
    _due_fresh: bool
    _settle_until: float
    _to_child: bytes

    def _boot(self) -> Pipeline: ...
    def _buffers(self) -> dict[str, dict[str, int]]: ...
    def _open_registry(self, manifest: Manifest | None = None, write: bool = True) -> None: ...
    def _schedule(self, delay: float, fn: Callable[[], None]) -> None: ...
    def _secrets(self) -> Redactor: ...
    def _sinks_due(self, now: float) -> None: ...
    def _watch_fd(self, fd: int) -> None: ...
    def _unwatch_fd(self, fd: int) -> None: ...
    def _write_child(self, data: bytes) -> None: ...
    def _write_log(self, text: str) -> None: ...
