"""The `--log` line's time: one clock reading, to the millisecond, never ahead or behind."""

from __future__ import annotations

import time
from itertools import pairwise

from osc7501wrap.session.log import stamp


def parse(text: str) -> float:
    whole, frac = text.split(".")
    return time.mktime(time.strptime(whole, "%Y-%m-%dT%H:%M:%S")) + int(frac) / 1000


def test_a_seconds_last_half_millisecond_stays_in_that_second() -> None:
    # rounded, .9996 read ".000" under the same whole second: a second back in time
    base = float(int(time.time()))
    for frac in (0.0, 0.0004, 0.5, 0.9994, 0.9996, 0.99999):
        at = base + frac
        got = parse(stamp(at))
        assert at - 0.001 < got <= at + 1e-6, (frac, stamp(at))


def test_stamps_of_rising_times_rise() -> None:
    base = float(int(time.time()))
    times = [base + i * 0.00037 for i in range(6000)]   # 2.2 s, across two second marks
    got = [parse(stamp(t)) for t in times]
    assert all(b >= a for a, b in pairwise(got))
    assert stamp(base + 1.25).endswith(".250") and len(stamp(base).split(".")[1]) == 3
