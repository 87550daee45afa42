"""`osc7501wrap record` and `osc7501wrap replay`.

``record -o FILE -- CMD...`` is ``wrap CMD...`` that also writes a raw capture
(:mod:`osc7501wrap.capture`): every output chunk before any filtering, every input
event, resizes, hook events and the exit status, with timestamps.

``replay [--agent NAME] FILE`` prints the state timeline wrap would produce for a
capture, by driving the same :class:`~osc7501wrap.fusion.pipeline.Pipeline` a live session uses,
through :func:`osc7501wrap.fusion.drive.drive` (the events a live session gives it, in
their order), with the capture's timestamps on a virtual clock. Markers in the
capture (ground truth written by whoever recorded it) are printed in line, so a reader
sees at once where wrap's reading differs from the truth. When an agent's UI changes,
record a new session and replay it: the timeline says which state was missed, and
``osc7501wrap explain FILE`` says which rule stopped matching.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from .. import __version__, rules
from ..agents import meaning
from ..agents.versions import of_command
from ..capture import Capture, CaptureWriter, read_capture
from ..errors import WrapError
from ..fusion.drive import Sampling, capture_activity, capture_events, drive
from ..fusion.pipeline import Pipeline
from ..protocol import inert_json, sanitize_text
from ..proxy.proxy import Proxy, ignore_interrupts
from ..session.session import Session
from ..start.prepare import RunOptions, prepare


class _RecordingSession(Session):
    """A live session that also writes a capture (opened once the pty size is known)."""

    def __init__(self, setup: Any, path: str, agent: str | None) -> None:
        super().__init__(setup)
        self._path = path
        self._agent = agent

    def started(self, proxy: Any) -> None:
        rows, cols = proxy.size
        m = self.spec.manifest
        version = of_command(m, self.spec.argv, self.spec.env.get("PATH")).version
        self.capture = CaptureWriter(
            self._path, rows=rows, cols=cols, argv=list(self.spec.argv),
            agent=self._agent or m.name, manifest_version=m.version,
            **({"agent_version": version} if version else {}),
            term=self.spec.env.get("TERM", ""), wrap_version=__version__)
        super().started(proxy)


def cmd_record(args: Any) -> int:
    cmd = list(args.cmd or [])
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        raise WrapError("record: no command given (usage: osc7501wrap record -o FILE -- CMD...)")
    try:  # a capture that cannot be written is an error before anything runs
        with open(args.output, "w", encoding="utf-8"):
            pass
    except OSError as err:
        raise WrapError(f"{args.output}: {err.strerror or err}") from None
    opts = RunOptions(command=cmd, agent=args.agent)
    setup = prepare(opts)
    _ = setup.manifest  # the capture's header names it before the child starts
    session = _RecordingSession(setup.spec(), args.output, args.agent)
    ignore_interrupts()  # the program's from here on (forwarded while it runs), as `wrap`
    try:
        return Proxy(setup.argv, handler=session, env=setup.env).run()
    finally:
        session.close()


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Step:
    """One line of a replayed timeline: a decision, or a marker from the capture."""

    t: float
    state: str
    kind: str | None = None
    signal: str = ""
    detail: str = ""
    msg: str | None = None
    marker: bool = False

    @property
    def label(self) -> str:
        return f"{self.state}:{self.kind}" if self.kind else self.state

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"t": round(self.t, 3), "state": self.state}
        if self.kind:
            d["kind"] = self.kind
        if self.marker:
            d["marker"] = True
        else:
            d.update(signal=self.signal, detail=self.detail)
            if self.msg:
                d["msg"] = self.msg
        return d


def choose_manifest(cap: Capture, forced: str | None) -> Any:
    catalog = rules.load_manifests()
    agent = forced or cap.header.get("agent")
    if agent and catalog.get(str(agent)) is not None:
        return catalog.get(str(agent))
    argv = cap.header.get("argv") or []
    return rules.select_manifest(catalog, [str(a) for a in argv], forced=forced)


def replay(cap: Capture, manifest: Any, *, backend: str = "auto",
           until: float | None = None, resample: Sampling | None = None,
           every: float = 0.05) -> list[Step]:
    """The timeline of decisions (and markers) for `cap`, in time order; with `resample`,
    the samples taken on the capture's clock instead of its own (fusion.drive.drive).
    Read with the generic manifest, a capture without activity samples (``a`` rows) is
    sampled as a live session would (fusion.drive.capture_activity)."""
    # hook events in a capture are its agent's integration's
    p = Pipeline(manifest, rows=cap.rows, cols=cap.cols, now=0.0, backend=backend, host=True,
                 vocabulary=meaning(manifest.integration))
    p.load_screen(wait=True)  # the clock here is the capture's
    steps: list[Step] = []
    last: tuple[str, str | None, str | None] | None = None

    def collect(decisions: list[Any]) -> None:
        nonlocal last
        for d in decisions:
            key = (d.state, d.kind, d.msg)
            if key == last:
                continue
            last = key
            steps.append(Step(d.at, d.state, d.kind, d.signal, d.detail,
                              sanitize_text(d.msg, 200) if d.msg else None))

    d0 = p.current()
    last = (d0.state, d0.kind, d0.msg)
    steps.append(Step(0.0, d0.state, d0.kind, d0.signal, d0.detail))

    def marker(t: float, label: str) -> None:
        state, _, kind = label.partition(":")
        steps.append(Step(t, state, kind or None, marker=True))

    # a capture recorded without activity samples gets those a live session would take
    added = None if resample is not None else capture_activity(cap, manifest.generic)
    drive(p, capture_events(cap, until), collect, marker, resample=resample, every=every,
          add_samples=added)
    steps.sort(key=lambda s: (s.t, not s.marker))
    return steps


def format_timeline(steps: list[Step]) -> str:
    lines = []
    for s in steps:
        if s.marker:
            lines.append(f"{s.t:9.3f}  # truth: {s.label}")
        else:
            msg = f"  {s.msg}" if s.msg else ""
            lines.append(f"{s.t:9.3f}  {s.label:<20} {s.signal:<7} {s.detail}{msg}")
    return "\n".join(lines) + "\n"


def cmd_replay(args: Any) -> int:
    cap = read_capture(args.file)
    manifest = choose_manifest(cap, args.agent)
    steps = replay(cap, manifest)
    if getattr(args, "json", False):
        doc = {"manifest": f"{manifest.name}@{manifest.version}",
               "timeline": [s.as_dict() for s in steps]}
        sys.stdout.write(inert_json(doc, indent=1) + "\n")
    else:
        sys.stdout.write(f"# {args.file}: manifest {manifest.name}@{manifest.version}\n")
        sys.stdout.write(format_timeline(steps))
    return 0
