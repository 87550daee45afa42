"""The `--log` line's time: one clock reading, to the millisecond, never ahead or behind."""

from __future__ import annotations

import time
from itertools import pairwise

from osc7501wrap.session.log import stamp


def parse(text: str) -> float:
    whole, frac = text.split(".")
    return time.mktime(time.strptime(whole, "%Y-%m-%dT%H:%M:%S")) + int(frac) / 1000


NS = 1_000_000_000


def test_a_seconds_last_half_millisecond_stays_in_that_second() -> None:
    # rounded, .9996 read ".000" under the same whole second: a second back in time
    base = int(time.time()) * NS
    for frac_ns, ms in ((0, "000"), (400_000, "000"), (1_000_000, "001"), (7_000_000, "007"),
                        (500_000_000, "500"), (999_400_000, "999"), (999_600_000, "999"),
                        (999_999_999, "999")):
        text = stamp(base + frac_ns)
        assert text.endswith("." + ms), (frac_ns, text)
        assert parse(text) == base // NS + int(ms) / 1000


def test_stamps_of_rising_times_rise() -> None:
    base = int(time.time()) * NS
    times = [base + i * 370_000 for i in range(6000)]   # 2.2 s, across two second marks
    got = [parse(stamp(t)) for t in times]
    assert all(b >= a for a, b in pairwise(got))
    assert len(stamp(base).split(".")[1]) == 3
