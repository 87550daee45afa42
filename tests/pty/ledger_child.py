"""A program whose state changes for the ledger tests (run it under `wrap`; the generic
rules read "Continue? [y/N]" as blocked, a burst of output as working).

``ledger_child.py rounds START N``: waits until the epoch time START, or until the file
START exists (so that many of them change state at once), then N rounds of a question (its round's number in it) shown for 1.5 s and 0.5 s of
output; exits 0. ``ledger_child.py echo``: asks "Continue? [y/N]", then echoes each line
typed as "got:<line>" and asks again; "q" exits 0."""

import os
import sys
import termios
import time
import tty


def out(text: str) -> None:
    os.write(1, text.encode())


if sys.argv[1] == "rounds":
    start, rounds = sys.argv[2], int(sys.argv[3])
    if start.replace(".", "", 1).isdigit():
        time.sleep(max(0.0, float(start) - time.time()))
    else:  # a file's path: start once it is there
        give_up = time.monotonic() + 120
        while not os.path.exists(start) and time.monotonic() < give_up:
            time.sleep(0.01)
    for i in range(rounds):
        out(f"\r\nstep {i}\r\nContinue {i}? [y/N] ")
        time.sleep(1.5)
        end = time.monotonic() + 0.5
        n = 0
        while time.monotonic() < end:
            out(f"\r\nworking {i}.{n} " + "." * 40)
            n += 1
            time.sleep(0.02)
        out("\r\n")
    sys.exit(0)

fd = 0
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    out("Continue? [y/N] ")
    line = b""
    while True:
        data = os.read(fd, 1024)
        if not data or data == b"q":
            break
        for b in data:
            if b in (13, 10):
                out(f"\r\ngot:{line.decode(errors='replace')}\r\nContinue? [y/N] ")
                line = b""
            else:
                line += bytes([b])
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
sys.exit(0)
