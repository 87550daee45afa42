"""The core's one entry, as data: the events :meth:`Pipeline.handle` takes and the
:class:`Effects` it returns.

A driver (the live session, ``replay`` and the corpus through :func:`.drive.drive`, the
unit tests) hands the core each thing that happened, with the time it happened, and does
what the effects say: write ``passthrough`` to the terminal, ``to_child`` to the program,
publish ``decisions``, and give the core a :class:`Tick` at ``due``. A round of output is
an :class:`Output`, then a :class:`Written` once the passthrough is written (a small
first read after a pause, a spinner frame, is read then), unless the output's own effects
say it is ``settled``. A frame that waits unfed needs no event: while effects carry a
``wait``, the driver offers each read to it first (:mod:`.wait`).

Not here: what the core does with them (:mod:`.pipeline`), where the events come from
(the loop, the samples, a capture) or where the effects go (report/).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..protocol import Report
from ..rules.dialog import Dialog
from .background import Proc
from .fusion import Decision
from .wait import Wait


@dataclass(slots=True)
class Output:
    """Bytes the program wrote (its own OSC 7501 reports and probe among them).

    Not frozen, unlike the other events: one is made for every read of the program's
    output, and a frozen dataclass sets its field through ``object.__setattr__`` (a
    wrapper call that a spinner frame pays cold). Nothing changes it once made."""

    data: bytes


@dataclass(frozen=True, slots=True)
class Written:
    """The round's output was written to the terminal. `nothing_due`: nothing else of the
    driver's is due now (a spinner frame may then be read at once)."""

    nothing_due: bool = True


@dataclass(frozen=True, slots=True)
class Typed:
    """Bytes the user typed (after any reply filtering); `agent_in_front`: the program
    itself, not a command it runs, holds the terminal."""

    data: bytes
    agent_in_front: bool = True


@dataclass(frozen=True, slots=True)
class Resize:
    rows: int
    cols: int


@dataclass(frozen=True, slots=True)
class Hook:
    """An agent's hook event (what it means: the pipeline's vocabulary)."""

    event: str
    data: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Foreground:
    """The terminal's foreground process group changed."""

    pgid: int
    name: str
    is_agent: bool


@dataclass(frozen=True, slots=True)
class Activity:
    """A program without agent rules started or stopped working (CPU, children, output)."""

    busy: bool
    detail: str
    # busy handed again, the screen read anew since: the program still works whatever
    # that reading says (a turn's time counting under a composer drawn while it runs)
    again: bool = False


@dataclass(frozen=True, slots=True)
class Processes:
    """The program's descendants now (a sample, or a capture's ``p`` event)."""

    procs: Mapping[int, Proc]


@dataclass(frozen=True, slots=True)
class Retitled:
    """The title (OSC 0/2) and progress (OSC 9;4) the program's stream set, as the stream
    tracker read them from the passthrough: given after the output that set them,
    before its :class:`Written`."""

    title: str | None
    progress: tuple[int, int | None] | None


@dataclass(frozen=True, slots=True)
class CaughtUp:
    """The output given so far came before the core existed (kept until the boot, which
    began at `began`): a pause then is not the output settling."""

    began: float


@dataclass(frozen=True, slots=True)
class Tick:
    """The time the core asked for (``due``): feed the screen within `budget` seconds
    (None: the core's own budget), read it, decide."""

    budget: float | None = None


@dataclass(frozen=True, slots=True)
class Exit:
    """The program exited (`signaled`: killed by a signal). Nothing comes after it."""

    status: int
    signaled: bool = False


Event = (Output | Written | Typed | Resize | Hook | Foreground | Activity | Processes
         | Retitled | CaughtUp | Tick | Exit)

NO_HOLD = float("-inf")


@dataclass(slots=True)
class Effects:
    """What the driver does after an event.

    ``passthrough``: bytes for the terminal (:class:`Output`; the scanner's last held
    bytes at :class:`Exit`). ``to_child``: the answer to the program's probe.
    ``decisions``, ``subreports`` (the program's reports with an id: shown, never decided
    on) and ``dialog`` (shown while the decision in force is blocked; the same object
    until it changes) come with :class:`Tick` and :class:`Exit`, the events after which
    the core decides. ``due``: when the core next needs a :class:`Tick` (None: not before
    the next event). ``settled``: the output needs nothing more this round (a frame that
    waits unfed while nothing changed since the last frame read: no :class:`Written`),
    or, for :class:`Written`, the frame was read at once or waits (its deadlines are
    new). ``hold_end``: until when frames shaped like the last one read wait unfed
    (:class:`Written`; samples wait for it too). ``look``: a turn just ended and the core
    asks for the program's descendants now (a :class:`Processes` event at the same
    ``now``, then a :class:`Tick`) before it decides, so that what the turn left running
    reads as background work and its end is never published; only from a pipeline made
    with ``looks=True``, which keeps this Tick's decisions for the next one. ``wait``:
    while a hold is in force after the event, the core's :class:`~.wait.Wait`, which
    takes the frames that wait without an ``Output`` event (the driver offers it each
    read first; it refuses all once a later event ended the hold); None otherwise.

    The core makes them with positional arguments on its hot paths: a class called with
    keywords builds a dict of them for its ``__init__`` on every call."""

    passthrough: bytes = b""
    to_child: bytes = b""
    decisions: Sequence[Decision] = ()
    subreports: Sequence[Report] = ()
    dialog: Dialog | None = None
    due: float | None = None
    settled: bool = False
    hold_end: float = NO_HOLD
    look: bool = False
    wait: Wait | None = None
