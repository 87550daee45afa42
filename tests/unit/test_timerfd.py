"""The loop's timerfd (proxy.timerfd): readable at the time it is set to, not before;
cleared by a read; disarmed by None; a time already past fires at once."""

from __future__ import annotations

import select
import sys
import time

import pytest

from osc7501wrap.proxy.timerfd import TimerFd

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="timerfd(2) is Linux's")


def readable(tfd: TimerFd, wait: float) -> bool:
    return bool(select.select([tfd.fd], [], [], wait)[0])


def test_a_timerfd_is_readable_from_its_time_until_cleared() -> None:
    tfd = TimerFd.open()
    assert tfd is not None
    try:
        assert not readable(tfd, 0.0)  # never set
        at = time.monotonic() + 0.15
        assert tfd.set(at)
        assert not readable(tfd, 0.05)
        assert readable(tfd, 1.0)
        assert time.monotonic() >= at  # not a moment early: the loop's timer is due then
        tfd.clear()
        assert not readable(tfd, 0.0)
        tfd.clear()  # not expired: nothing to read, no error
        assert tfd.set(time.monotonic() - 1)  # past: at once
        assert readable(tfd, 0.5)
        tfd.clear()
        assert tfd.set(time.monotonic() + 0.05)
        assert tfd.set(None)  # disarmed
        assert not readable(tfd, 0.15)
        for never in (float("inf"), float("nan")):  # no time to wait for: disarmed, no error
            assert tfd.set(time.monotonic() + 0.05)
            assert tfd.set(never)
            assert not readable(tfd, 0.1)
    finally:
        tfd.close()
