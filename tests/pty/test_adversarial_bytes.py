"""No byte lost or altered: random floods (all 256 values) through `wrap --emit never`
and `--emit always`, random chunk sizes, a slow writer, random bytes typed into the
child. wrap's own reports are stripped before comparing. Each case prints what it
compared."""

from __future__ import annotations

import os
import random
import re
import select
import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

CHILD = str(Path(__file__).with_name("flood_random.py"))
START = b"\x00<<FLOOD-START-7f3a9c>>\x00"
END = b"\x00<<FLOOD-END-7f3a9c>>\x00"
OWN_REPORT = re.compile(rb"\x1b\]7501;[\x20-\x7e]*?\x1b\\")
MB = 1_000_000
FLOOD = int(float(os.environ.get("OSC7501WRAP_FLOOD_MB", "100")) * MB)


def _lost(got: bytes, want: bytes) -> int:
    """Bytes missing, extra or different (an exact count only where they differ)."""
    if got == want:
        return 0
    lost = abs(len(got) - len(want))
    step = 1 << 16
    for i in range(0, min(len(got), len(want)), step):
        a, b = got[i:i + step], want[i:i + step]
        if a != b:
            lost += sum(1 for x, y in zip(a, b, strict=False) if x != y)
    return lost


def _read_until(t: Terminal, marker: bytes, timeout: float) -> bytes:
    """Everything the program writes up to `marker` (read here, not by the Terminal, so a
    100 MB flood is not searched again on every read)."""
    out = bytearray()
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r, _, _ = select.select([t.fd], [], [], 0.5)
        if not r:
            continue
        try:
            data = os.read(t.fd, 1 << 20)
        except BlockingIOError:
            continue
        except OSError:
            break
        if not data:
            break
        tail = len(out) - len(marker)
        out += data
        if out.find(marker, max(0, tail)) >= 0:
            return bytes(out)
    raise AssertionError(f"no {marker!r} after {len(out)} bytes")


def _flood(tmp_path: Path, emit: str, seed: int, n: int, maxchunk: int,
           sleep_ms: float = 0.0) -> tuple[int, int, float, int]:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    t0 = time.monotonic()
    with Terminal.wrap(["--emit", emit, sys.executable, CHILD, "write", str(seed), str(n),
                        str(maxchunk), str(sleep_ms)], env=env, rows=50, cols=200) as t:
        out = _read_until(t, END, timeout=240)
        took = time.monotonic() - t0
        t.wait(timeout=20)
    body = out[out.index(START) + len(START): out.index(END)]
    reports = len(OWN_REPORT.findall(body))
    body = OWN_REPORT.sub(b"", body)
    want = random.Random(seed).randbytes(n)
    return len(body), _lost(body, want), took, reports


@pytest.mark.parametrize("emit", ["never", "always"])
def test_random_flood_of_100_mb(rundir: Path, tmp_path: Path, emit: str) -> None:
    got, lost, took, reports = _flood(tmp_path, emit, 1, FLOOD, 65536)
    print(f"\n--emit {emit}: {FLOOD / MB:.0f} MB random, chunks 1..65536: {got} bytes compared, {lost} "
          f"lost or altered, {reports} reports stripped, {FLOOD / MB / took:.1f} MB/s")
    assert lost == 0 and got == FLOOD


def test_random_small_chunks_and_a_slow_writer(rundir: Path, tmp_path: Path) -> None:
    got, lost, took, reports = _flood(tmp_path, "always", 2, 2 * MB, 7)
    print(f"\nchunks of 1..7 bytes: {got} bytes compared, {lost} lost or altered")
    assert lost == 0 and got == 2 * MB
    got, lost, took, reports = _flood(tmp_path, "always", 3, 200_000, 300, sleep_ms=4)
    print(f"slow writer (1..300 bytes every 0..4 ms, {took:.1f} s): {got} bytes compared, "
          f"{lost} lost or altered, {reports} reports stripped")
    assert lost == 0 and got == 200_000


def test_random_bytes_typed_reach_the_child_unaltered(rundir: Path, tmp_path: Path) -> None:
    n = 4 * MB
    want = random.Random(4).randbytes(n)
    dump = tmp_path / "typed.bin"
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"))
    t0 = time.monotonic()
    with Terminal.wrap(["--emit", "always", sys.executable, CHILD, "read", str(n), str(dump)],
                       env=env) as t:
        t.expect(b"READY", timeout=15)
        for i in range(0, n, 65536):
            t.type(want[i:i + 65536])
        t.expect(b"GOT-ALL", timeout=120)
        t.wait(timeout=20)
    got = dump.read_bytes()
    lost = _lost(got, want)
    print(f"\n4 MB of random bytes typed: {len(got)} bytes compared, {lost} lost or altered "
          f"({n / MB / (time.monotonic() - t0):.1f} MB/s)")
    assert lost == 0
