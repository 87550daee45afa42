"""The proxy loop's wait (`proxy._Poller`): epoll on Linux, poll where there is no epoll,
select on macOS, each giving the loop the same callbacks and masks.

On pipes and a regular file (no pty here: tests/pty/test_proxy_io.py runs the loop on
real terminals, stdin from a file and from /dev/null).
"""

from __future__ import annotations

import os
import select
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from osc7501wrap.proxy.proxy import EVENT_READ, EVENT_WRITE, _Poller

KINDS = {"epoll": (True, True), "poll": (True, False), "select": (False, False)}


@pytest.fixture(params=[k for k in KINDS if k != "epoll" or hasattr(select, "epoll")])
def poller(request: pytest.FixtureRequest) -> Iterator[_Poller]:
    use_poll, use_epoll = KINDS[request.param]
    p = _Poller(use_poll, use_epoll)
    yield p
    p.close()


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    r, w = os.pipe()
    yield r, w
    for fd in (r, w):
        try:
            os.close(fd)
        except OSError:
            pass


def on(name: str, seen: list[tuple[str, int]]) -> Callable[[int], None]:
    """A callback that notes its name and mask in `seen`."""
    return lambda mask: seen.append((name, mask))


def fire(p: _Poller, timeout: float | None = 0.0) -> list[int]:
    """The masks of the callbacks the wait returns."""
    masks: list[int] = []
    for callback, mask in p.select(timeout):
        callback(mask)
        masks.append(mask)
    return masks


def test_a_readable_fd_calls_back_with_read(poller: _Poller, pipe: tuple[int, int]) -> None:
    r, w = pipe
    seen: list[tuple[str, int]] = []
    poller.register(r, EVENT_READ, on("r", seen))
    assert poller.select(0.0) == []  # nothing yet: no callback, no wait
    os.write(w, b"x")
    fire(poller)
    assert seen == [("r", EVENT_READ)]
    assert r in poller


def test_the_wait_ends_at_its_timeout(poller: _Poller, pipe: tuple[int, int]) -> None:
    r, _ = pipe
    poller.register(r, EVENT_READ, on("r", []))
    assert poller.select(0.02) == []


def test_a_deadline_already_past_waits_not_at_all(poller: _Poller,
                                                  pipe: tuple[int, int]) -> None:
    """A negative timeout (a timer already due) returns at once: epoll would take it for
    no limit. The pipe is written 2 s later, so a wait that has no limit ends then."""
    r, w = pipe
    poller.register(r, EVENT_READ, on("r", []))
    wake = threading.Timer(2.0, os.write, (w, b"x"))
    wake.start()
    try:
        start = time.monotonic()
        assert poller.select(-0.5) == []
        assert time.monotonic() - start < 1.0
    finally:
        wake.cancel()


def test_write_interest_is_asked_and_dropped(poller: _Poller, pipe: tuple[int, int]) -> None:
    _, w = pipe
    seen: list[tuple[str, int]] = []
    poller.register(w, EVENT_WRITE, on("w", seen))
    fire(poller)
    assert seen == [("w", EVENT_WRITE)]
    poller.modify(w, EVENT_READ, on("w", seen))  # an empty pipe's write end: never readable
    seen.clear()
    fire(poller)
    assert seen == []


def test_a_hang_up_reads_as_readable(poller: _Poller, pipe: tuple[int, int]) -> None:
    r, w = pipe
    seen: list[tuple[str, int]] = []
    poller.register(r, EVENT_READ, on("r", seen))
    os.close(w)
    fire(poller)
    assert seen == [("r", EVENT_READ)]


def test_an_fd_is_registered_once_and_forgotten(poller: _Poller,
                                                pipe: tuple[int, int]) -> None:
    r, w = pipe
    seen: list[tuple[str, int]] = []
    poller.register(r, EVENT_READ, on("r", seen))
    with pytest.raises(KeyError):
        poller.register(r, EVENT_READ, on("again", seen))
    poller.unregister(r)
    assert r not in poller
    os.write(w, b"x")
    fire(poller)
    assert seen == []


def test_an_fd_closed_before_it_is_forgotten(pipe: tuple[int, int]) -> None:
    """epoll forgets an fd when it is closed: unregistering it then is no error (the
    loop closes a pidfd's watch that way)."""
    if not hasattr(select, "epoll"):
        pytest.skip("no epoll on this system")  # macOS, BSD: the poll and select cases run
    p = _Poller(True, True)
    r, _ = pipe
    p.register(r, EVENT_READ, on("r", []))
    os.close(r)
    p.unregister(r)
    assert r not in p
    p.close()


def test_a_regular_file_cannot_be_watched_by_epoll(tmp_path: Path) -> None:
    """A regular file (stdin from a file): epoll refuses it, so the loop reads it as
    always readable (Proxy._register); poll says it is readable at once."""
    if not hasattr(select, "epoll"):
        pytest.skip("no epoll on this system")  # macOS, BSD: the poll and select cases run
    f = tmp_path / "in.txt"
    f.write_bytes(b"data")
    fd = os.open(f, os.O_RDONLY)
    try:
        p = _Poller(True, True)
        with pytest.raises(OSError):
            p.register(fd, EVENT_READ, on("f", []))
        assert fd not in p
        p.close()
        q = _Poller(True, False)
        seen: list[tuple[str, int]] = []
        q.register(fd, EVENT_READ, on("f", seen))
        fire(q)
        assert seen == [("f", EVENT_READ)]
        q.close()
    finally:
        os.close(fd)
