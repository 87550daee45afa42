"""Writes seeded random bytes (all 256 values) between two markers, raw, in random chunk
sizes; or reads typed bytes and writes them to a file. For the byte-fidelity tests.

    python3 flood_random.py write SEED NBYTES MAXCHUNK [SLEEP_MS]
    python3 flood_random.py read NBYTES OUTFILE
"""

import os
import random
import sys
import time
import tty

START = b"\x00<<FLOOD-START-7f3a9c>>\x00"
END = b"\x00<<FLOOD-END-7f3a9c>>\x00"


def write(seed: int, n: int, maxchunk: int, sleep_ms: float) -> None:
    tty.setraw(1)
    rng = random.Random(seed)
    data = rng.randbytes(n)
    os.write(1, START)
    i = 0
    while i < n:
        k = rng.randint(1, maxchunk)
        chunk = data[i:i + k]
        while chunk:
            chunk = chunk[os.write(1, chunk):]
        i += k
        if sleep_ms:
            time.sleep(rng.uniform(0, sleep_ms) / 1000)
    os.write(1, END)
    time.sleep(0.2)


def read(n: int, path: str) -> None:
    tty.setraw(0)
    os.write(1, b"READY\r\n")
    got = bytearray()
    while len(got) < n:
        data = os.read(0, 65536)
        if not data:
            break
        got += data
    with open(path, "wb") as f:
        f.write(got)
    os.write(1, b"GOT-ALL\r\n")


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
              float(sys.argv[5]) if len(sys.argv) > 5 else 0.0)
    else:
        read(int(sys.argv[2]), sys.argv[3])
