"""Draws fuzzed screens (seeded): ESC, BEL, C1 (raw and UTF-8), bidi controls, invalid
UTF-8, zero-width characters and a 1 MB line, in titles and in dialog-like lines whose
text becomes report messages. For the report-validity tests:
    python3 fuzz_screen.py SEED FRAMES"""

import os
import random
import sys
import time
import tty

NASTY = [b"\x1b", b"\x07", b"\x9b", b"\x9d", b"\xc2\x9b", b"\xc2\x9d", b"\xe2\x80\xae",
         b"\xe2\x81\xa6", b"\xe2\x80\x8b", b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\xed\xa0\x80",
         b"\x00", b"\x7f", b"\x1b]0;", b"\x1b[", b"\x1bP", b"\x18", b":", b"=", b";",
         b"\xe2\x80\xa8", b"\xf0\x9f\x98\x80", b"\xcc\x81" * 40, b"\\", b"\x1b\\"]


def junk(rng: random.Random, n: int) -> bytes:
    out = bytearray()
    while len(out) < n:
        r = rng.random()
        if r < 0.3:
            out += rng.choice(NASTY)
        elif r < 0.5:
            out += rng.randbytes(rng.randint(1, 8))
        else:
            out += rng.choice([b"delete", b"all", b"files", b"Allow", b"?", b" "]) + b" "
    return bytes(out)


def main() -> None:
    seed, frames = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    tty.setraw(1)
    for f in range(frames):
        out = bytearray(b"\x1b[H\x1b[2J")
        out += b"\x1b]0;" + junk(rng, rng.randint(1, 400)).replace(b"\x07", b"") + b"\x07"
        out += b"\x1b]2;" + junk(rng, 300) + b"\x1b\\"
        for _ in range(rng.randint(1, 5)):
            out += junk(rng, rng.randint(10, 300)) + b"\r\n"
        if f % 7 == 3:
            out += b"x" * 1_000_000 + junk(rng, 100) + b"\r\n"  # a 1 MB line
        out += b"\x1b[0m\x18Overwrite " + junk(rng, rng.randint(5, 3000)) + b" ? [y/N] "
        os.write(1, bytes(out))
        time.sleep(0.15)
    os.write(1, b"\x18\x1b[0m\r\nFUZZ-DONE\r\n")
    time.sleep(0.5)


if __name__ == "__main__":
    main()
