"""Pipeline: the rules read a screen only once the output that passed through reached it.

A live session feeds a small first read after a pause at once (``confirm_now``). When
that read is the start of a redraw (an erase, or a screen that reads otherwise) and the
rest follows a millisecond later, the evaluation due for the first part must not publish
what the half-drawn screen reads: the rest is fed first and read at its settle. And a
reading that waited so is dated from the first change after the screen was last read,
not from the first change of the whole wait, so that an agent's own report in between
does not outrank what the screen drew after it.
"""

from __future__ import annotations

from osc7501wrap import rules
from osc7501wrap.fusion.pipeline import Pipeline

DIALOG = ("\x1b[2J\x1b[3;1H Bash command\x1b[5;3Hrm -rf build\x1b[7;1H Do you want to proceed?"
          "\x1b[8;1H ❯ 1. Yes\x1b[9;1H   2. No").encode()
IDLE = ("\x1b[2J\x1b[H✻ Worked for 3s\r\n\r\n" + "─" * 60 + "\r\n❯ \r\n" + "─" * 60
        + "\r\n  ? for shortcuts").encode()
SPINNER = "\x1b[2J\x1b[H claude\x1b[3;1H✶ Pondering… (1s · esc to interrupt)".encode()
SPINNER_2 = "\x1b[3;1H✻".encode()
NATIVE_WORKING = b"\x1b]7501;state=working\x07"


def claude() -> Pipeline:
    manifest = rules.select_manifest(rules.load_manifests(user_dir=None), ["claude"])
    p = Pipeline(manifest, rows=24, cols=100, now=0.0, backend="pyte")
    p.output(b"\x1b[2J\x1b[H claude\r\n", 0.0)
    p.tick(p.timings.settle)
    return p


def run(p: Pipeline, chunks: list[tuple[float, bytes]], until: float) -> list[tuple[float, str]]:
    """Drive `p` as a live session does: each chunk, confirm_now on a first read after a
    pause, and a tick at every deadline; returns the decisions (time, state)."""
    seen: list[tuple[float, str]] = []
    due: float | None = 0.0

    def ticks(to: float) -> None:
        nonlocal due
        while due is not None and due <= to:
            now = due
            due = p.tick(now)
            seen.extend((d.at, d.state) for d in p.fusion.drain())
            if due is not None and due <= now:
                due = now + 0.001

    for at, data in chunks:
        ticks(at)
        p.output(data, at)
        if p.eager_ready() and (due is None or due > at):
            p.confirm_now(at)
        due = at if due is None else min(due, at)
        seen.extend((d.at, d.state) for d in p.fusion.drain())
    ticks(until)
    return seen


def test_a_half_drawn_redraw_is_not_published() -> None:
    p = claude()
    run(p, [(1.0, DIALOG)], 1.5)
    assert p.fusion.current().state == "blocked"
    # a redraw: a screen that reads idle, at once followed by the dialog drawn again
    seen = run(p, [(2.0, IDLE), (2.0005, DIALOG)], 3.0)
    assert [s for _, s in seen] == [], seen  # nothing published: the dialog never left
    assert p.fusion.current().state == "blocked"
    assert "Do you want to proceed?" in "\n".join(p.screen.lines())


def test_a_reading_that_waited_is_dated_from_after_the_last_read() -> None:
    p = claude()
    run(p, [(1.0, DIALOG)], 1.5)
    assert p.fusion.current().state == "blocked"
    # the dialog closes to a spinner (read at its settle, while a frame waits unfed),
    # the agent reports working, then draws the end of its turn 3 ms later
    seen = run(p, [(2.0, SPINNER), (2.005, SPINNER_2), (2.033, NATIVE_WORKING),
                   (2.036, IDLE)], 2.5)
    assert p.fusion.current().state in ("idle", "done"), seen
    assert seen[-1][1] in ("idle", "done") and seen[-1][0] < 2.2, seen
