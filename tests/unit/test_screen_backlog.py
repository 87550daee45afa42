"""osc7501wrap.screen.backlog: output queued for the screen model off the hot path."""

from __future__ import annotations

import random

from screen_streams import chunks, realistic_stream

from osc7501wrap.screen import Backlog, ScreenModel, make_screen


def state(model: ScreenModel) -> tuple[list[str], tuple[int, int], bool]:
    return model.lines(), model.cursor(), model.alt_screen


def test_backlog_feeds_everything_in_order() -> None:
    data = realistic_stream(1)
    direct = make_screen(10, 60, "pyte")
    direct.feed(data)
    model = make_screen(10, 60, "pyte")
    log = Backlog()
    rng = random.Random(1)
    for chunk in chunks(data, rng, 3000):
        log.append(chunk)
    assert log.pending == len(data) == len(log)
    while log.feed_some(model, 0.0):  # zero budget still makes progress
        pass
    assert log.pending == 0
    assert log.fed_bytes == len(data)
    assert state(model) == state(direct)
    assert not log.feed_some(model, 1.0)
    assert log.drops == 0


def test_backlog_zero_budget_feeds_one_piece() -> None:
    log = Backlog()
    log.append(b"x" * 200_000)
    model = make_screen(5, 20, "pyte")
    assert log.feed_some(model, 0.0)
    assert 0 < 200_000 - log.pending <= 65536


class _Recorder:
    """A screen model that keeps the bytes it is fed."""

    alt_screen = False

    def __init__(self) -> None:
        self.data = b""

    def feed(self, data: bytes) -> None:
        self.data += bytes(data)

    def reset(self) -> None:
        self.data = b""


def test_backlog_drops_old_bytes_past_the_limit_and_resets_the_model() -> None:
    chunks = [f"\x1b[38;5;{i % 256}mline {i}\x1b[0m\r\n".encode() for i in range(200)]
    log, same = Backlog(limit=4096, keep=1024), Backlog(limit=4096, keep=1024)
    model = make_screen(5, 40, "pyte")
    model.feed(b"stale screen")
    for chunk in chunks:
        log.append(chunk)
        same.append(chunk)
    assert log.drops >= 1
    assert log.pending <= 4096
    kept = _Recorder()  # what is left is the newest output, every byte of it
    same.feed_some(kept, 1.0)  # type: ignore[arg-type]
    assert len(kept.data) == log.pending and b"".join(chunks).endswith(kept.data)
    assert log.feed_some(model, 1.0)
    lines = model.lines()
    assert "stale screen" not in lines
    assert lines[-2] == "line 199"  # the kept tail ends with the newest output
    assert all(line.startswith("line ") or line == "" for line in lines)  # no cut sequence drawn


def test_backlog_drop_keeps_the_alternate_screen_state() -> None:
    log = Backlog(limit=2048, keep=256)
    model = make_screen(5, 40, "pyte")
    log.append(b"\x1b[?1049h")
    for i in range(300):
        log.append(f"\x1b[H\x1b[2Kframe {i}".encode())
    assert log.drops >= 1
    log.feed_some(model, 1.0)
    assert model.alt_screen
    assert model.lines()[0] == "frame 299"
    log.append(b"\x1b[?1049l" + b"text\r\n" * 500)
    log.feed_some(model, 1.0)
    assert not model.alt_screen
    assert model.lines()[-2] == "text"


def test_feed_all_after_a_partial_feed_and_a_drop_gives_the_same_screen() -> None:
    data = realistic_stream(2)
    rng = random.Random(3)
    parts = list(chunks(data, rng, 5000))
    direct = make_screen(10, 60, "pyte")
    model = make_screen(10, 60, "pyte")
    log = Backlog()
    half = len(parts) // 2
    for chunk in parts[:half]:
        log.append(chunk)
        direct.feed(chunk)
    log.feed_some(model, 0.0)  # one piece: the first chunk is left part-fed
    for chunk in parts[half:]:
        log.append(chunk)
        direct.feed(chunk)
    log.feed_all(model)
    assert log.pending == 0 and log.fed_bytes == len(data)
    assert state(model) == state(direct)

    small = Backlog(limit=4096, keep=1024)
    small.append(b"\x1b[?1049h" + b"x" * 5000)  # over the limit: the next feed resets
    small.append(b"\x1b[Hhello")
    tail = make_screen(5, 20, "pyte")
    tail.feed(b"garbage")
    small.feed_all(tail)
    assert small.pending == 0 and small.drops == 1
    assert tail.alt_screen and tail.lines()[0].startswith("hello")
