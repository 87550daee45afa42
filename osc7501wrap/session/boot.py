"""The session's boot: everything built after the child started, and what only a booted
session does.

At the boot (session.Session._boot): the pipeline (the core), the sampler, the stale
watch, the sinks (report.sinks: the emitter, tmux, herdr, the registry entry, the
ledger), the early output and keystrokes replayed into the core in their order, the
release note. After it: the decisions handed to the sinks (`show`), redacted on their
way out, the rules' patterns not used yet compiled while the program is quiet (`warm`),
and the registry entry of an ended session.

This module is loaded once, lazily, by the session at the boot: it may import the core,
the sinks, the registry and the ledger at its top, which the modules loaded before the
child starts may not (tests/pty/test_startup.py). It does not run the loop, answer the
control socket (session.control) or name things (session.naming). Every function takes
the live session, typed by what it uses of it (session.host.Host: the session imports this
module, not the other way).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .. import paths
from ..agents import meaning
from ..fusion import events
from ..fusion.events import Activity, Foreground
from ..fusion.fusion import Decision
from ..fusion.pipeline import Pipeline, Timings
from ..protocol import Report
from ..proxy.timerfd import TimerFd
from ..report.ledger import Ledger
from ..report.sinks import Place, Sinks
from ..rules import Manifest
from ..rules.choose import load_manifest
from ..rules.dialog import Dialog
from ..rules.load import compile_some
from ..screen import finish_preload, resume_point
from . import control
from .host import Host
from .listing import Listing
from .naming import agent_name, app, clean, one_line, program_shown
from .registry import rules_entry
from .sampling import Sampler
from .stale import StaleWatch, remember, stale_after


def boot(s: Host) -> Pipeline:
    """Build the pipeline and the sinks (manifests, screen model, rules), then hand the
    core what came before: see Session._boot for when."""
    began = time.monotonic()
    setup = s.spec
    assert s.proxy is not None
    now = time.monotonic()
    manifest, notes = load(s)
    c = s.config.classifier
    timings = Timings(settle=c.settle_ms / 1000, idle_linger=c.idle_hold_ms / 1000,
                      guard=c.guard_ms / 1000)
    rows, cols = s.proxy.size
    s.pipeline = p = Pipeline(manifest, rows=rows, cols=cols, now=now, timings=timings,
                              backend=s.config.screen, host=setup.host,
                              vocabulary=meaning(setup.integration), looks=True)
    manifest.health.log = lambda line: s._write_log(f"note {line}")
    for note in notes:
        s._write_log(f"note {note}")
    # the command as typed (`ls` shows the same), each argument repr'd: one line
    s._write_log(f"start argv={list(setup.command)!r} manifest={manifest.name}@"
                 f"{manifest.version} emit={setup.emit} ({setup.emit_reason})")
    if manifest.generic:
        shown = program_shown(setup.command)
        s._write_log(f"note no manifest for {shown}: running on the "
                     f"fallback rules ({manifest.name}@{manifest.version}: prompts "
                     "waiting on the cursor's line, a full-screen agent's dialogs, "
                     "spinner and composer); for rules of its own record a session: "
                     f"osc7501wrap record -o session.jsonl -- {shown}, "
                     "then see rules/README.md")
    elif s._log is not None and s._log.path:
        log_release(s, manifest)
    # the loop's timer as a timerfd: no kernel timer armed and cancelled every frame
    s.proxy.use_timer_fd(TimerFd.open())
    # a program without agent rules: sample whether it works, too
    s.sampler = Sampler(s.proxy.child_pid, s.proxy.master_fd, activity=manifest.generic)
    s.sampler.watch, s.sampler.unwatch = s._watch_fd, s._unwatch_fd
    if s.capture is not None:
        s.sampler.recorder = s.capture.processes
        s.sampler.noted = lambda event: capture_sample(s, event)
    if not manifest.generic:
        s._stale = StaleWatch(manifest.name, manifest.version, stale_after(),
                              os.path.basename(setup.argv[0]) if setup.argv else "<the agent>")
    if setup.writes:
        choose_sinks(s)
    if s.registry is not None:
        s.registry.update(agent=agent_name(setup.command, manifest),
                          manifest_version=manifest.version,
                          rules=rules_entry(manifest.name, manifest.version, manifest.generic))
    elif not s._exited:
        s._open_registry(manifest)
    list_entry(s)
    keep_ledger(s)
    show(s, [p.current()], p.dialog(), now)
    if not s._early.reads:  # nothing written yet: no flood shares the loop with the load
        p.load_screen()
    replay_early(s, p, began)
    retitle(s, p)
    s._schedule(WARM_QUIET, lambda: warm(s))
    return p


WARM_QUIET = 0.05  # seconds with no output and no typing before a slice of compiling
WARM_SLICE = 0.003  # seconds of compiling at a time: the most a key typed then waits
WARM_EVERY = 0.02  # seconds between two slices


def warm(s: Host, spent: float = 0.0, slices: int = 0) -> None:
    """Compile the rules' patterns no screen read has used yet (rules.load.compile_some),
    a slice at a time while the program and the user are quiet, so the first read that
    reaches them (the screen after a dialog's answer, a chat's first reply) does not
    compile them in the loop while the keys typed then wait to echo. Logs once when
    done. Not while output or typing comes: then it waits for them to pause."""
    if s._exited or s.proxy is None:
        return
    now = time.monotonic()
    quiet = s._last_io + WARM_QUIET
    if now < quiet:
        s._schedule(max(quiet - now, WARM_EVERY), lambda: warm(s, spent, slices))
        return
    left = compile_some(WARM_SLICE)
    spent += time.monotonic() - now
    if left:
        s._schedule(WARM_EVERY, lambda: warm(s, spent, slices + 1))
    else:
        s._write_log(f"note rules: the patterns left compiled while the program was quiet "
                     f"({spent * 1000:.1f} ms in {slices + 1} slices)")


def load(s: Host) -> tuple[Manifest, list[str]]:
    """The manifest, loaded now unless the start loaded it (`--agent`, user rules), with
    the notes for the log: the start's, the session's, the loading's. The session's
    config becomes the agent's."""
    spec = s.spec
    notes = [*spec.notes, *s._notes]
    manifest = spec.manifest
    if manifest is None:
        manifest, loaded = load_manifest(spec.command, spec.forced_agent,
                                         lambda name: spec.config.for_agent(name).manifest)
        notes += loaded
        s.config = spec.config.for_agent(manifest.name)
    s.manifest = manifest
    return manifest, notes


def retitle(s: Host, p: Pipeline) -> None:
    """Give the pipeline the title and progress the child's stream set, if they changed
    (the proxy's tracker read them from the passthrough)."""
    tracker = s.proxy.tracker if s.proxy is not None else None
    if tracker is not None and (tracker.title, tracker.progress) != s._titled:
        s._titled = (tracker.title, tracker.progress)
        p.handle(events.Retitled(tracker.title, tracker.progress), time.monotonic())


def capture_sample(s: Host, event: Foreground | Activity) -> None:
    """A foreground or activity change the core was handed, in the capture (replay hands
    it the same)."""
    if s.capture is None:
        return
    if isinstance(event, Foreground):
        s.capture.event("f", [event.pgid, event.name, event.is_agent])
    else:
        s.capture.event("a", [event.busy, event.detail, *([True] if event.again else [])])


def replay_early(s: Host, p: Pipeline, began: float) -> None:
    """Hand the output and the keystrokes that came before the boot to the pipeline, in
    the order they came."""
    early, typed = s._early.take(), s._typed.take()
    if early and s._early.cut:  # its start was dropped, as the backlog drops
        first, at = early[0]
        early[0] = (first[resume_point(first):], at)
    outs = [(at, 0, data) for data, at in early if data]
    if s._early_tail:  # the scanner holds it until the next output, as it would
        outs.append((early[-1][1] if early else began, 0, s._early_tail))
        s._early_tail = b""
    # both lists are in time order: merged stably, output first at a tie
    for at, kind, data in sorted(outs + [(at, 1, data) for data, at in typed],
                                 key=lambda e: e[:2]):
        if kind:
            p.handle(events.Typed(data), at)
        else:
            s._to_child += p.handle(events.Output(data), at).to_child
    if early:
        p.handle(events.CaughtUp(began), time.monotonic())
        s._due = min(s._due, early[-1][1] + p.timings.settle)
        s._due_fresh = False
        s._settle_until = -float("inf")


def _cwd() -> str:
    try:
        return os.getcwd()
    except OSError:
        return ""


def choose_sinks(s: Host) -> None:
    """The sinks a reporting session gets (report.sinks), the registry apart."""
    setup = s.spec
    assert s.proxy is not None and s.manifest is not None
    manifest = s.manifest
    place = Place(fallbacks=s.config.fallbacks, record_id=setup.record_id,
                  app=app(s.config.app, manifest, setup.argv),
                  agent=agent_name(setup.command, manifest), manifest=manifest.name,
                  argv=tuple(setup.argv), cwd=_cwd(), path=setup.env.get("PATH"))
    s.sinks = Sinks.chosen(place, setup.terminal, emit=s._emit,
                               tracker=s.proxy.tracker, log=s._write_log)
    s._reads_stream = s.sinks.reads_stream


def sinks_made(s: Host) -> Sinks:
    """The sinks, made empty when the session writes nothing to its terminal."""
    if s.sinks is None:
        s.sinks = Sinks(s._write_log)
    return s.sinks


def list_entry(s: Host) -> None:
    """The registry entry among the sinks, once the pipeline booted (or at the exit)."""
    if s.registry is None or s._listing is not None:
        return
    s._listing = Listing(s.registry)
    sinks_made(s).add("listing", s._listing)


def keep_ledger(s: Host) -> None:
    """The ledger among the sinks (report.ledger: `stats`), unless `[ledger] enabled =
    false`: its rows are written by a thread of its own."""
    setup = s.spec
    c = s.config.ledger
    if not c.enabled or s.proxy is None:
        return
    sinks_made(s).add("ledger", Ledger(
        session=setup.record_id, pid=os.getpid(),
        agent=agent_name(setup.command, s.manifest), project=_cwd(),
        messages=c.messages, retention_days=c.retention_days, max_mb=c.max_mb,
        log=s._write_log))


def log_release(s: Host, manifest: Manifest) -> None:
    """One log line: the agent's version next to the releases its manifest was verified
    on, with the `record` command when it is outside them (osc7501wrap.agents.versions)."""
    # lazy: only a session with a log file and agent rules reads the agent's version
    # (json, shutil: 2 ms of a boot, which may fall in a flood of output)
    from ..agents.versions import of_command

    d = of_command(manifest, s.spec.argv, s.spec.env.get("PATH"))
    line = f"note agent {d.text()}"
    if d.outside:
        line += f"; record a session: {d.record_command()}"
    s._write_log(clean(line, 1000))


def check_stale(s: Host, p: Pipeline, now: float) -> None:
    """One log line and a note for `doctor` when the manifest plainly no longer reads the
    agent (osc7501wrap.session.stale)."""
    verdict, at = p.last_evaluation()
    line = s._stale.observe(now, verdict, at, p.output_bytes, p.last_input)
    if line is None:
        return
    watch, s._stale = s._stale, None
    s._write_log(line)
    remember(paths.state_dir(), watch.manifest, watch.version, watch.program)


def show(s: Host, decisions: Sequence[Decision], dialog: Dialog | None, now: float,
         subreports: Sequence[Report] | None = None) -> None:
    """The sinks get what the core decided: each decision (with the dialog the screen
    shows while it is blocked), a dialog that changed under the same decision, the
    program's own sub-records; then their timer is set again."""
    moved = False
    secrets = s._secrets()
    if dialog is not s._dialog:
        s._dialog = dialog
        # the id as the core computed it, on the whole unredacted dialog
        shown = secrets.dialog(dialog.as_dict()) if dialog is not None else None
        moved = shown != s._dialog_shown
        s._dialog_shown = shown
    sinks = sinks_made(s)
    for d in decisions:
        public = publish(s, d)
        log_decision(s, public)
        s._decision, s._public = d, public
        sinks.decided(public, now, dialog_for(s, public))
    if moved and not decisions and s._public is not None:
        # a dialog read after its state was decided, or another
        sinks.decided(s._public, now, dialog_for(s, s._public))
    for rep in subreports or ():
        if rep.msg:
            rep = rep.replace(msg=secrets(rep.msg))
        sinks.subreported(rep, now)
    s._sinks_due(now)


def publish(s: Host, decision: Decision) -> Decision:
    """`decision` as it leaves the pane: its msg redacted (the same object when nothing is
    hidden)."""
    msg = decision.msg
    if not msg:
        return decision
    text, hidden = s._secrets().redact(msg)
    return replace(decision, msg=text) if hidden else decision


def dialog_for(s: Host, decision: Decision) -> dict[str, Any] | None:
    """The dialog as data goes with a blocked decision only: a screen that still shows the
    question when the state moved on (typed over, answered, read as working) has no
    dialog to offer."""
    return s._dialog_shown if decision.state == "blocked" else None


def log_decision(s: Host, decision: Decision) -> None:
    """One log line per change of state, kind or msg (`decision` as published)."""
    prev = s._public
    if prev is not None and (prev.state, prev.kind, prev.msg) == (
            decision.state, decision.kind, decision.msg):
        return
    s._write_log(f"state {decision.state}"
                 + (f":{decision.kind}" if decision.kind else "")
                 + f" signal={decision.signal} detail={decision.detail}"
                 + (f" msg={one_line(decision.msg)}" if decision.msg else ""))


def ended_entry(s: Host, p: Pipeline | None) -> None:
    """A failed session that had no registry entry gets one at its exit, with its last
    state (seen by `events` when it ends)."""
    s._open_registry(p.manifest if p is not None else None, write=False)
    d = s._public
    if d is not None and s.registry is not None:
        s.registry.entry.update(state=d.state, kind=d.kind, msg=one_line(d.msg))


def close() -> None:
    """At the end of a booted session: the screen's preload, if any, finishes."""
    finish_preload()


def on_control(s: Host) -> None:
    """The control socket's requests (session.control): loaded with this module, at the
    boot or at the first request if it comes before."""
    control.on_control(s)
