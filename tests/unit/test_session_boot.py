"""The session before its pipeline exists: output passes at once and is kept; the child's
own OSC 7501 (and a prefix of it split over reads) still gets the pipeline at once; a
flood boots the pipeline once it settles, with its tail for the screen model.

These drive Session's hooks directly with a stand-in for the proxy (a pipe for its fds:
no pty, no child); tests/pty/test_session.py runs the same through a real wrap.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.proxy.proxy import DeadlineFd, Timer
from osc7501wrap.report.sink import Sink
from osc7501wrap.rules.dialog import Option, make_dialog
from osc7501wrap.session import boot
from osc7501wrap.session import session as session_module
from osc7501wrap.session.session import BOOT_WAIT_MAX, EARLY_KEEP, Session
from osc7501wrap.start.prepare import RunOptions, prepare
from osc7501wrap.stream.tracker import StreamTracker


class FakeProxy:
    def __init__(self) -> None:
        self.master_fd, self._slave = os.pipe()
        self.child_pid = os.getpid()
        self.size = (24, 80)
        self.tracker = StreamTracker()
        self.sent = bytearray()
        self.timers: list[Timer] = []

    def send_to_child(self, data: bytes) -> None:
        self.sent += data

    def add_fd(self, fd: int, callback: Callable[[], None]) -> None:
        self.fds = [(fd, callback)]

    def use_timer_fd(self, tfd: DeadlineFd | None) -> None:
        self.timer_fd = tfd

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        self.timers.append(Timer(when, callback))
        return self.timers[-1]

    def close(self) -> None:
        os.close(self.master_fd)
        os.close(self._slave)
        if getattr(self, "timer_fd", None) is not None:
            self.timer_fd.close()



def next_timer(s: Session) -> float | None:
    """When the session's loop timers (call_at) run next, or None."""
    timers = [t.when for t in s.proxy.timers if not t.cancelled]  # type: ignore[union-attr]
    return min(timers) if timers else None


@pytest.fixture
def make_session(rundir: Path, tmp_path: Path,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Session]]:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path / "state"))
    made: list[tuple[Session, FakeProxy]] = []

    def make(emit: str = "always", command: str = "cat") -> Session:
        setup = prepare(RunOptions([command], emit=emit))
        session, proxy = Session(setup.spec()), FakeProxy()
        session.started(proxy)  # type: ignore[arg-type]
        made.append((session, proxy))
        return session

    yield make
    for session, proxy in made:
        session.close()
        proxy.close()


def out(session: Session, data: bytes) -> bytes:
    """What the proxy would write for this read, and the tracker it feeds after."""
    passed = session.output(data)
    session.proxy.tracker.feed(passed)  # type: ignore[union-attr]
    return passed


def test_output_passes_at_once_and_a_7501_prefix_waits(make_session: Callable[..., Session]) -> None:
    s = make_session()
    assert out(s, b"\x1b[31mred\x1b[0m\r\n") == b"\x1b[31mred\x1b[0m\r\n"
    start = b"plain, then the start of a sequence"
    assert out(s, start + b"\x1b") == start
    assert s.pipeline is None
    assert out(s, b"[1mbold\x1b]") == b"\x1b[1mbold"  # the held ESC, now an SGR
    assert s.pipeline is None
    # the rest of the child's probe: now the pipeline is there, the query is taken out
    assert out(s, b"7501;?\x1b\\after") == b"after"
    assert s.pipeline is not None
    assert s.to_child() == b"\x1b]7501;?\x1b\\"  # answered, as the host
    # everything that passed before the boot reached the screen model too
    p = s.pipeline
    p.backlog.feed_some(p.screen, 1.0)
    assert p.screen.lines()[:2] == ["red", "plain, then the start of a sequenceboldafter"]


def test_a_report_in_the_first_output_boots_at_once(make_session: Callable[..., Session]) -> None:
    s = make_session()
    assert out(s, b"hi \x1b]7501;state=working:app=x\x1b\\there") == b"hi there"
    assert s.pipeline is not None and s.pipeline.native_reports == 1


def test_a_flood_boots_once_it_settles_with_its_tail(make_session: Callable[..., Session]) -> None:
    s = make_session()
    lines = [b"\x1b[32mline %06d\x1b[0m of the flood\r\n" % i for i in range(80_000)]
    chunk: list[bytes] = []
    passed = bytearray()
    for line in lines:  # 3 MB, in reads of about 4 KB
        chunk.append(line)
        if len(chunk) == 130:
            passed += out(s, b"".join(chunk))
            chunk = []
    passed += out(s, b"".join(chunk))
    assert bytes(passed) == b"".join(lines)
    assert s.pipeline is None  # nothing was built while it came
    now = time.monotonic()
    s.after_activity()
    for _ in range(3):  # the loop timer: an earlier one is kept and set again when it runs
        due = next_timer(s)
        assert due is not None and due <= now + 0.05  # once it settles
        s.on_timer(max(due, now))
        if s.pipeline is not None:
            break
    assert s.pipeline is not None and next_timer(s) is not None
    p = s.pipeline
    assert p.backlog.pending <= EARLY_KEEP + 8192  # its tail, for the screen model
    for _ in range(100):
        p.backlog.feed_some(p.screen, 1.0)
        if not p.backlog:
            break
    assert p.screen.lines()[-2] == "line 079999 of the flood"


def run_timers(s: Session, now: float) -> None:
    """What the loop does after a round: after_activity, then the timers that are due."""
    s.after_activity()
    for t in sorted((t for t in s.proxy.timers if not t.cancelled),  # type: ignore[union-attr]
                    key=lambda t: t.when):
        if t.when <= now and not t.cancelled:
            t.cancel()
            t.callback()


@pytest.mark.parametrize("rate", [60_000, 4_000_000])  # bytes per second
def test_output_that_keeps_coming_boots_while_it_comes(
        make_session: Callable[..., Session], rate: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Output that keeps coming (a TUI drawing at start, a flood) boots BOOT_WAIT_MAX
    after its first byte, so that it can read as working within a second, and the loop
    timer is not set again on every read meanwhile."""
    clock = [time.monotonic()]  # the session's clock, moved on by the loop below
    fake = SimpleNamespace(monotonic=lambda: clock[0])
    monkeypatch.setattr(session_module, "time", fake)
    monkeypatch.setattr(boot, "time", fake)  # the boot reads the same clock
    s = make_session()
    start = clock[0]
    chunk = b"\x1b[32m" + b"x" * 4000 + b"\x1b[0m\r\n"
    sent = reads = 0
    booted = None
    timers = 0  # the loop timers set before the boot
    while (now := clock[0]) - start < BOOT_WAIT_MAX + 0.3:
        if sent < rate * (now - start):
            out(s, chunk)
            sent += len(chunk)
            reads += 1
        run_timers(s, now)
        if booted is None and s.pipeline is not None:
            booted = now - start
            timers = len(s.proxy.timers)  # type: ignore[union-attr]
        clock[0] += 0.002  # a round of the loop
    assert booted is not None and booted <= BOOT_WAIT_MAX + 0.004, booted
    if rate > 1e6:  # hundreds of reads: about one timer a settle time, not one a read
        assert timers < 40 < reads


def test_without_hosting_everything_passes_untouched(make_session: Callable[..., Session]) -> None:
    s = make_session(emit="never")
    query = b"x\x1b]7501;?\x1b\\y\x1b"
    assert out(s, query) == query
    assert s.pipeline is None and s.to_child() == b""


def test_keystrokes_before_the_boot_pass_at_once_and_reach_the_pipeline(
        make_session: Callable[..., Session], monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing while the first output settles goes to the child without waiting for the
    pipeline to be built (tens of milliseconds); the pipeline is built once typing
    pauses, and is handed the keystrokes after the output they followed."""
    from osc7501wrap.fusion.events import Effects, Event, Output, Typed
    from osc7501wrap.fusion.pipeline import Pipeline

    calls: list[tuple[str, bytes, float]] = []
    real = Pipeline.handle

    def spy(self: Pipeline, event: Event, at: float) -> Effects:
        if isinstance(event, Output | Typed):
            calls.append(("output" if isinstance(event, Output) else "input", event.data, at))
        return real(self, event, at)

    monkeypatch.setattr(Pipeline, "handle", spy)
    s = make_session()
    settle = s.config.classifier.settle_ms / 1000
    assert out(s, b"$ ") == b"$ "
    typed_at = time.monotonic()
    assert s.input(b"ls") == b"ls"
    assert s.pipeline is None  # nothing was built for the keystroke
    assert s._boot_due() >= typed_at + settle  # it waits for typing to pause
    out(s, b"ls")  # the echo
    enter_at = time.monotonic()
    assert s.input(b"\r") == b"\r"
    s.on_timer(enter_at + settle - 0.005)  # typing may go on: not yet
    assert s.pipeline is None
    s.on_timer(s._boot_due())  # the pause
    p = s.pipeline
    assert p is not None
    assert [(c[0], c[1]) for c in calls] == [("output", b"$ "), ("input", b"ls"),
                                             ("output", b"ls"), ("input", b"\r")]
    assert [c[2] for c in calls] == sorted(c[2] for c in calls)  # at the times they came
    assert typed_at <= calls[1][2] < enter_at <= calls[3][2] == p.last_input
    p.backlog.feed_some(p.screen, 1.0)
    assert p.screen.lines()[0] == "$ ls".rstrip()


def test_a_dialog_goes_out_with_a_blocked_decision_only(
        make_session: Callable[..., Session]) -> None:
    """The core may still see the question on screen when the state has moved on (the
    answer typed, the screen read as working before it is redrawn): no output is handed
    a dialog with a state other than blocked (events, ls --json, menus read it)."""
    class Seen(Sink):
        def __init__(self) -> None:
            self.got: list[tuple[str, object]] = []

        def decided(self, decision: Decision, now: float, dialog: object = None) -> None:
            self.got.append((decision.state, dialog))

    s = make_session()
    out(s, b"Password: ")
    seen = Seen()
    sinks = boot.sinks_made(s)
    assert sinks.get("herdr") is None
    sinks.add("herdr", seen)  # a place of its own: this is no herdr pane
    asked = make_dialog("Password:", [Option(1, "yes", True)], "number")
    blocked = Decision("blocked", "auth", "Password:", None, "screen", "r@1", 1.0)
    working = Decision("working", None, None, None, "screen", "w@1", 2.0)
    s._show([blocked], asked, 1.0)
    s._show([working], asked, 2.0)  # the same dialog still read off the screen
    s._show([], make_dialog("Other?"), 3.0)  # another dialog under the working state
    assert seen.got == [("blocked", asked.as_dict()), ("working", None), ("working", None)]
