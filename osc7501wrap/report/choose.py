"""Which outputs a session gets: chosen once, from the config and one detection of the
terminal (:func:`.terminals.detect`).

:func:`choose_outputs` makes them in the order their bytes are written at a safe point:
the OSC 7501 emitter (or its fallbacks) with its notifications, tmux's pane options
(inside tmux), the terminals' own channels (when the terminal takes any), the title
marker (``[fallbacks] title`` without OSC 7501), herdr (inside a herdr pane). Two later
facts change the choice, each through its function here: the outer terminal's name as
tmux tells it (:func:`channels_for`: channels that ``$TERM_PROGRAM`` no longer shows
inside tmux) and a terminal that answers the OSC 7501 query late (:func:`make_emitter`).

Notifications are a fallback: a terminal that takes OSC 7501 alerts by itself, so with it
neither the emitter nor kitty's OSC 99 channel notifies; with the OSC 99 channel on, the
emitter's own notifications are off, so nothing is announced twice.

Not here: the outputs themselves, the loop's timers (the session).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..config import Fallbacks
from ..stream.tracker import StreamTracker
from .emitter import Emitter
from .output import Output, TitleMarker
from .terminals import Terminal, TerminalChannels, choose, detect, notify_via, where_am_i
from .tmux_display import TmuxDisplay


@dataclass(frozen=True)
class Place:
    """Where a session runs and what it is called there."""

    fallbacks: Fallbacks
    env: Mapping[str, str]
    record_id: str
    app: str  # the app name in reports
    agent: str  # the name people know the session by (tmux's @osc7501_agent)
    manifest: str  # the manifest's name (the terminals' channels)
    argv: tuple[str, ...]  # the program's command line (herdr's `agent` of a program)
    tmux_depth: int
    cwd: str  # "" when unknown


def make_emitter(place: Place, terminal: Terminal, *, emit: bool,
                 channels: TerminalChannels | None) -> Emitter:
    """The OSC 7501 emitter (`emit`), else its fallbacks, with the notifications."""
    fb = place.fallbacks
    via = notify_via(fb.notify_via, terminal)
    if channels is not None and "osc99" in channels.channels:
        via = "none"  # kitty's notifications come from the osc99 channel
    return Emitter(record_id=place.record_id, app=place.app,
                   title=os.path.basename(place.cwd) or None,
                   seven501=emit, tmux_depth=place.tmux_depth, progress_fallback=fb.progress,
                   notify=frozenset() if emit else frozenset(fb.notify),
                   notify_via=via, cooldown=float(fb.cooldown))


def channels_for(place: Place, terminal: Terminal, *, emit: bool) -> TerminalChannels | None:
    """The terminals' own channels `terminal` takes as configured, or None."""
    chosen = choose(place.fallbacks.channels, terminal)
    if emit:
        chosen -= {"osc99"}  # notifications are a fallback: a 7501 terminal alerts
    if not chosen:
        return None
    return TerminalChannels(chosen, agent=place.manifest, name=place.agent, cwd=place.cwd,
                            where=where_am_i(place.env), note_id=place.record_id,
                            notify=frozenset(place.fallbacks.notify),
                            tmux_depth=place.tmux_depth)


def choose_outputs(place: Place, *, emit: bool, tracker: StreamTracker,
                   log: Callable[[str], None],
                   on_terminal: Callable[[str], None] | None = None) -> list[Output]:
    """The outputs of a session that reports (see the module docstring)."""
    terminal = detect(place.env)
    channels = channels_for(place, terminal, emit=emit)
    outputs: list[Output] = [make_emitter(place, terminal, emit=emit, channels=channels)]
    tmux = TmuxDisplay.from_env(place.env, log=log, agent=place.agent, progress=emit,
                                on_terminal=on_terminal)
    if tmux is not None:
        outputs.append(tmux)
    if channels is not None:
        outputs.append(channels)
    if place.fallbacks.title and not emit:
        outputs.append(TitleMarker(app=place.app, tracker=tracker))
    env = place.env  # a herdr pane (report.herdr.herdr_env; else never imported):
    if env.get("HERDR_ENV") == "1" and env.get("HERDR_PANE_ID") and env.get(
            "HERDR_SOCKET_PATH"):
        # lazy: only in a herdr pane
        from .herdr import HerdrReporter, agent_label

        herdr = HerdrReporter.from_env(env, agent_label(place.manifest, list(place.argv)),
                                       log=log)
        if herdr is not None:
            outputs.append(herdr)
    return outputs
