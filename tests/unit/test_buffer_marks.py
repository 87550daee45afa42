"""High-water marks of the session's buffers (what `explain --session` and the log show).

Each part notes its mark where the buffer is trimmed or queues (not on the hot path);
these check that the mark is the true peak and is not lowered when the buffer drains.
"""

from __future__ import annotations

from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.protocol import Report
from osc7501wrap.report.emitter import Emitter
from osc7501wrap.screen.backlog import Backlog
from osc7501wrap.stream.scanner import ReportScanner
from osc7501wrap.stream.tracker import StreamTracker


class NullModel:
    alt_screen = False

    def feed(self, data: bytes) -> None:
        pass

    def reset(self) -> None:
        pass


def test_backlog_marks_its_peak_when_fed_and_when_it_drops() -> None:
    b = Backlog(limit=1000, keep=100)
    for _ in range(3):
        b.append(b"x" * 200)
    b.feed_some(NullModel(), 1.0)  # type: ignore[arg-type]
    assert b.pending == 0 and b.high == 600
    b.append(b"y" * 50)
    b.feed_some(NullModel(), 1.0)  # type: ignore[arg-type]
    assert b.high == 600  # a smaller burst leaves the mark
    for _ in range(6):
        b.append(b"z" * 200)  # past the limit: dropped to the tail, the peak noted first
    assert b.drops == 1 and b.high == 1200 and b.pending <= 200


def test_scanner_marks_the_longest_held_tail() -> None:
    s = ReportScanner(strip=True)
    out, _ = s.feed(b"text\x1b]75")
    assert out == b"text" and s.partial == 4 and s.high == 4
    out, _ = s.feed(b"x plain")
    assert out == b"\x1b]75x plain" and s.partial == 0 and s.high == 4
    s.feed(b"more plain text")
    assert s.high == 4


def test_tracker_marks_the_longest_sequence_held_between_feeds() -> None:
    t = StreamTracker()
    t.feed(b"ab\x1b]0;a title")
    assert t.partial > 0 and t.high == t.partial
    held = t.partial
    t.feed(b" goes on\x07done\x1b[1;2H")
    assert t.partial == 0 and t.high >= held and t.title == "a title goes on"
    t.feed(b"\x1b[3")
    assert t.partial <= t.high


def test_emitter_marks_the_most_reports_queued() -> None:
    e = Emitter(record_id="wrap/1", app="x", title=None, seven501=True, notify=frozenset())
    e.update(Decision("working", None, None, None, "screen", "r@1", 0.0), 0.0)
    for i in range(3):
        e.subrecord(f"t{i}", Report("working", id=f"t{i}"), 0.0)
    assert e.queued == 4 and e.queue_high == 4
    e.due_bytes(10.0)
    assert e.queued == 0 and e.queue_high == 4
