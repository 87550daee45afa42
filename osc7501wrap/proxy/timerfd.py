"""A timerfd(2) for the loop's next deadline, on Linux: :class:`TimerFd`.

An ``epoll_wait`` with a timeout arms a high-resolution timer in the kernel and cancels
it again when an fd wakes the wait first. A steady spinner wakes the loop ten times a
second while the session's one timer is seconds away, so every frame paid that arming
and cancelling (5-8 us a frame on a virtual machine, where programming the timer device
traps to the hypervisor; bench/README.md). With a timerfd registered in the loop's
epoll, the loop waits without a timeout and sets the timer only when its next deadline
changes: about once per hold of a spinner.

It is loaded with the session's boot (ctypes costs about 2 ms, which `wrap true` and
the bare proxy never pay) and is not the loop's timer facility: ``Proxy.call_at`` stays
the one heap, and the loop falls back to a timeout wherever this is missing (not Linux,
no libc, a failed call). Never raises.
"""

from __future__ import annotations

import ctypes
import math
import os
import struct
import sys

from .proxy import DeadlineFd

CLOCK_MONOTONIC = 1  # what time.monotonic() reads on Linux
TFD_TIMER_ABSTIME = 1
TFD_NONBLOCK = os.O_NONBLOCK
TFD_CLOEXEC = 0o2000000  # O_CLOEXEC on Linux


class TimerFd(DeadlineFd):
    """One timerfd on the monotonic clock: readable once :meth:`set`'s time has come.

    ``fd`` is for the loop's poller; :meth:`clear` reads it (its expiry count) so that it
    stops being readable."""

    def __init__(self, fd: int, settime: ctypes._CFuncPtr) -> None:  # type: ignore[name-defined]
        self.fd = fd
        self._settime = settime
        # struct itimerspec: it_interval (zero: once), it_value (the absolute time)
        self._spec = ctypes.create_string_buffer(32)

    @classmethod
    def open(cls) -> TimerFd | None:
        """A new timerfd, or None where there is none."""
        if not sys.platform.startswith("linux") or ctypes.sizeof(ctypes.c_long) != 8:
            return None  # (the itimerspec below is laid out for a 64-bit time_t and long)
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            create, settime = libc.timerfd_create, libc.timerfd_settime
            create.argtypes = [ctypes.c_int, ctypes.c_int]
            create.restype = ctypes.c_int
            settime.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]
            settime.restype = ctypes.c_int
            fd = create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)
        except (OSError, AttributeError):
            return None
        return cls(fd, settime) if fd >= 0 else None

    def set(self, when: float | None) -> bool:
        """Become readable at `when` (``time.monotonic()`` seconds; at once if past), or
        never (None); False if the kernel refused (the loop then waits with a timeout)."""
        if when is None or not math.isfinite(when):
            sec = nsec = 0  # all zero: disarmed (never; nan: no time to wait for)
        else:  # rounded up: it must not fire before `when` reads as come
            ns = max(1, math.ceil(when * 1e9))
            sec, nsec = divmod(ns, 1_000_000_000)
        struct.pack_into("qqqq", self._spec, 0, 0, 0, sec, nsec)
        return self._settime(self.fd, TFD_TIMER_ABSTIME, self._spec, None) == 0

    def clear(self) -> None:
        """Read the expiry count: the fd is no longer readable until it is set again."""
        try:
            os.read(self.fd, 8)
        except OSError:  # not expired (EAGAIN), or set again since
            pass

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass
