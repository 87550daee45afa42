"""Pipeline: when the screen model is fed, on a fake clock.

A flood (output faster than a terminal could show it) is passed through and not fed to
the model while it lasts, except once every ``flood_feed`` seconds; once it settles the
model is fed at once and shows the end of it.
"""

from __future__ import annotations

import pytest
from playbook import Playbook, Want

from osc7501wrap import rules
from osc7501wrap.fusion.events import CaughtUp, Output, Typed, Written
from osc7501wrap.fusion.pipeline import BACKEND_WAIT, HOLD_GRACE, HOLD_MAX, Pipeline, Timings


def make_pipeline() -> Pipeline:
    catalog = rules.load_manifests(user_dir=None)
    manifest = rules.select_manifest(catalog, ["cat"])
    return Pipeline(manifest, rows=24, cols=80, now=0.0, backend="pyte", timings=Timings())


def flood(pb: Playbook, start: float, seconds: float, chunk: bytes) -> float:
    """Output ``chunk`` every millisecond for ``seconds``, ticking as the loop would
    (16 KB chunks: 16 MB/s, a flood; the model can be fed 5 MB/s on a small budget)."""
    now = start
    while now < start + seconds:
        pb.frame(chunk, now)
        now += 0.001
    return now


def test_a_flood_is_not_fed_until_it_settles() -> None:
    p = make_pipeline()
    pb = Playbook(p)
    chunk = b"".join(b"line %05d of the flood\r\n" % i for i in range(640))  # 16 KB
    end = flood(pb, 0.0, 1.5, chunk)  # 16 MB/s
    marks = p.buffers()["backlog"]  # as `explain --session` shows them
    assert marks["fed"] == 0
    assert marks["dropped"] > 0  # only a tail is kept meanwhile
    now = end + 0.1  # settled: fed on every tick until it caught up
    for _ in range(200):
        pb.tick(now)
        if not p.backlog:
            break
        now += 0.05
    assert not p.backlog and p.backlog.fed_bytes < 2 << 20  # a tail, not 16 MB
    assert p.screen.lines()[-2].startswith("line 00639 of the flood")


def test_a_long_flood_is_still_fed_now_and_then() -> None:
    p = make_pipeline()
    pb = Playbook(p)
    chunk = b"x" * 16000 + b"\r\n"
    feeds = []
    now = 0.0
    for seconds in (0.5, 1.0, 1.0, 1.0, 1.0):
        before = p.backlog.fed_bytes
        now = flood(pb, now, seconds, chunk)
        feeds.append(p.backlog.fed_bytes > before)
    # fed 2 s and 4 s after the start, not in between
    assert feeds == [False, False, True, False, True]


def test_ordinary_output_is_fed_once_it_settles() -> None:
    p = make_pipeline()
    pb = Playbook(p)
    pb.at(0.0) >> Output(b"Continue? [y/N] ") << Want(passthrough=b"Continue? [y/N] ")
    pb >> Written() << Want(due=p.timings.settle, settled=False)
    pb.tick(p.timings.settle)
    assert p.backlog.fed_bytes == 16
    assert p.screen.lines()[0].startswith("Continue? [y/N]")


def test_no_busy_loop_while_the_screen_backend_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    p = make_pipeline()
    pb = Playbook(p)
    loaded = False
    monkeypatch.setattr(Pipeline, "_backend_ready", lambda self: loaded)
    pb.at(0.0) >> Output(b"Continue? [y/N] ") >> Written()
    now, ticks = p.timings.settle, 0
    while now < 1.0:  # the loop sleeps until the next deadline, then ticks
        nxt = pb.tick(now).due
        ticks += 1
        assert nxt is not None and nxt > now
        now = nxt
    assert 20 <= ticks <= 60 and p.backlog.fed_bytes == 0  # every 20 ms or so
    loaded = True
    pb.tick(now)
    assert p.backlog.fed_bytes == 16


def test_output_kept_from_before_the_pipeline_waits_a_settle_if_it_was_coming() -> None:
    """Nothing was read while the pipeline was built: that pause is not the output
    settling, so the first feed waits until more output had a chance to arrive."""
    p = make_pipeline()
    pb = Playbook(p)
    for i in range(10):  # output kept by the session while it came, replayed at the boot
        pb.at(0.001 * i) >> Output(b"x" * 4000 + b"\r\n")
    # the boot began 2 ms after the last read
    pb.at(0.040) >> CaughtUp(began=0.011) << Want(due=0.040 + p.timings.settle)
    pb.tick(0.041)
    assert p.backlog.fed_bytes == 0
    # output that had settled when the boot began is fed at once
    q = make_pipeline()
    qb = Playbook(q)
    qb.at(0.0) >> Output(b"Continue? [y/N] ")
    qb.at(0.52) >> CaughtUp(began=0.5)
    qb.tick(0.52)
    assert q.backlog.fed_bytes == 16


def test_a_small_first_read_after_a_pause_is_settled_at_once() -> None:
    p = make_pipeline()
    pb = Playbook(p)
    pb.at(0.0) >> Output(b"starting\r\n")
    pb.tick(p.timings.settle)  # the first output made the screen model
    # read as before (no rule matches): nothing is due but the end of the hold it starts
    pb.at(1.0) >> Output(b"compiling...\r\n") >> Written() << Want(
        settled=True, due=1.0 + HOLD_MAX + HOLD_GRACE)
    assert not p.backlog and p.screen.lines()[1] == "compiling..."
    # within the settle time: the same burst, settled as usual
    pb.at(1.01) >> Output(b"more\r\n") >> Written() << Want(settled=False)
    assert p.backlog
    pb.tick(pb.last.due or 1.05)
    # after a pause, output that changes the state waits for its settle, then counts
    pb.at(2.0) >> Output(b"Continue? [y/N] ") >> Written() << Want(settled=False)
    assert not p.backlog  # read at once, not as published: read again at its settle
    assert pb.last.due == pytest.approx(2.0 + p.timings.settle)
    pb.tick(2.0 + p.timings.settle)
    assert p.classifier.published is not None and p.classifier.published.state == "blocked"


def test_esc_enter_after_text_ends_the_start_up_without_a_turn() -> None:
    """A line editor that sends its first prompt with Esc+Enter (a newline in other
    composers): the program's start-up is over, but no turn is claimed from it."""
    p = make_pipeline()
    assert p.fusion.setup  # a program on the fallback rules
    p.handle(Typed(b"\x1b\r"), 0.5)  # nothing typed before it: nothing sent
    assert p.fusion.setup
    p.handle(Typed(b"tell me about the directory"), 1.0)
    p.handle(Typed(b"\x1b\r"), 1.1)
    assert not p.fusion.setup
    assert p.fusion.current().state == "idle"


def test_a_screen_backend_still_loading_keeps_the_screen_unread_half_a_second_at_most(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # fifty sessions started at once load the ghostty backend at once: each load takes
    # seconds then; the screen is read with pyte once BACKEND_WAIT has gone by
    catalog = rules.load_manifests(user_dir=None)
    p = Pipeline(rules.select_manifest(catalog, ["cat"]), rows=24, cols=80, now=0.0,
                 backend="auto", timings=Timings())
    monkeypatch.setattr(Pipeline, "_backend_ready", lambda self: False)  # never loads
    pb = Playbook(p)
    pb.at(0.0) >> Output(b"Continue? [y/N] ") >> Written()
    now, blocked_at = p.timings.settle, None
    while now < 2.0 and blocked_at is None:
        eff = pb.tick(now)
        if "blocked" in [d.state for d in eff.decisions]:
            blocked_at = now
            break
        assert eff.due is not None and eff.due > now  # unread: it looks again
        now = eff.due
    assert blocked_at is not None and blocked_at <= BACKEND_WAIT + 0.3, blocked_at
    assert p.backlog.fed_bytes == 16 and type(p.screen).__name__ == "PyteScreen"
