"""Plays a capture's child: writes its output chunks at their times and waits for each of
its keystrokes to arrive before going on (the terminal side types them).

``python capture_child.py CAPTURE.jsonl``. Its tty is put in raw mode, so that what is
typed arrives as typed and nothing echoes it: the screen gets the capture's bytes only.
After each keystroke the clock starts again from its arrival, so every gap between a key
and the output after it is the capture's. Exits with the capture's exit status. Reads
the file itself (json, base64): it imports nothing of the package.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import termios
import time
import tty


def write_all(data: bytes) -> None:
    while data:
        data = data[os.write(1, data):]


def read_exactly(n: int) -> None:
    while n > 0:
        chunk = os.read(0, n)
        if not chunk:
            sys.exit(1)
        n -= len(chunk)


def main(path: str) -> int:
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    events = [json.loads(line) for line in lines[1:] if line.strip()]
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    base, origin = time.monotonic(), 0.0  # capture time t is base + (t - origin)
    status = 0
    try:
        for t, kind, value in events:
            delay = base + (t - origin) - time.monotonic()
            if kind == "o":
                if delay > 0:
                    time.sleep(delay)
                write_all(base64.b64decode(value))
            elif kind == "i":
                read_exactly(len(base64.b64decode(value)))
                base, origin = time.monotonic(), t
            elif kind == "x":
                if delay > 0:
                    time.sleep(delay)
                status = int(value)
                break
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
