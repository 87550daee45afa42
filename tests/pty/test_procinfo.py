"""procinfo: the foreground group of a real pty, names, children, liveness."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import termios
import time

import pytest

from osc7501wrap.proxy import procinfo

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /proc")


def test_foreground_pgrp_of_a_real_pty() -> None:
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", "import time; time.sleep(30)"],
            stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        try:
            deadline = time.monotonic() + 10
            while procinfo.foreground_pgrp(master) != proc.pid:
                assert time.monotonic() < deadline, procinfo.foreground_pgrp(master)
                time.sleep(0.01)
        finally:
            proc.kill()
            proc.wait()
    finally:
        os.close(master)
        os.close(slave)


def test_foreground_pgrp_on_a_bad_fd() -> None:
    r, w = os.pipe()
    try:
        assert procinfo.foreground_pgrp(r) is None
    finally:
        os.close(r)
        os.close(w)
    assert procinfo.foreground_pgrp(9999) is None


@linux_only
def test_process_name_and_children() -> None:
    proc = subprocess.Popen(["sh", "-c", "sleep 30 & exec sleep 31"])
    try:
        deadline = time.monotonic() + 10
        while procinfo.process_name(proc.pid) != "sleep":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        kids = procinfo.child_pids(proc.pid)
        assert kids is not None and len(kids) == 1
        while procinfo.process_name(kids[0]) != "sleep":  # the forked child execs soon
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert procinfo.child_pids(kids[0]) == []
        mine = procinfo.child_pids(os.getpid())
        assert mine is not None and proc.pid in mine
    finally:
        for pid in procinfo.child_pids(proc.pid) or []:
            os.kill(pid, 9)
        proc.kill()
        proc.wait()


def test_gone_process() -> None:
    proc = subprocess.Popen(["true"])
    assert procinfo.is_alive(proc.pid) or proc.poll() is not None
    proc.wait()
    assert not procinfo.is_alive(proc.pid)
    assert procinfo.process_name(proc.pid) is None
    assert procinfo.child_pids(proc.pid) is None
    assert not procinfo.is_alive(0)
    assert procinfo.process_name(-1) is None


@linux_only
def test_zombie_is_not_alive() -> None:
    proc = subprocess.Popen(["true"])
    deadline = time.monotonic() + 10
    while procinfo.is_alive(proc.pid):  # exits, but stays a zombie until reaped
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert proc.poll() == 0
    assert procinfo.is_alive(os.getpid())
