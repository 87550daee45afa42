"""Writes `rate` bytes per second of log-like lines for `seconds` (chunks every 10 ms),
then sleeps. For the flood tests:  python3 flood_child.py RATE SECONDS [SLEEP]"""

import os
import sys
import time

rate, seconds = float(sys.argv[1]), float(sys.argv[2])
rest = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
line = b"2026-12-01 12:00:00 INFO worker: processed item 123456 in 0.42 ms\r\n"
chunk = line * max(1, int(rate / 100 / len(line)))
end = time.monotonic() + seconds
due = time.monotonic()
while time.monotonic() < end:
    os.write(1, chunk)
    due += 0.01
    time.sleep(max(0.0, due - time.monotonic()))
time.sleep(rest)
