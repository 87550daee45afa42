"""The reference store (tests/protocol_store.py) with a real program on a pty: its exit
ends its active records (store vector v33)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from protocol_store import RecordStore

from osc7501wrap.protocol import Report, ReportScanner


@pytest.mark.parametrize("state", ["working", "blocked", "idle", "done", "error"])
def test_v33_T_program_exit(state: str) -> None:
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c",
             f"import os; os.write(1, b'\\x1b]7501;state={state}\\x1b\\\\')"],
            stdout=slave, stdin=slave, stderr=slave, close_fds=True)
        os.close(slave)
        slave = -1
        data = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed its side
                break
            if not chunk:
                break
            data += chunk
        proc.wait()
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)
    store = RecordStore()
    out, events = ReportScanner().feed(data)
    for ev in events:
        assert isinstance(ev, Report)
        store.apply(ev)
    assert out == b""
    assert store.ids() == [""]
    store.exited()
    assert store.ids() == ([""] if state in ("done", "error") else [])
