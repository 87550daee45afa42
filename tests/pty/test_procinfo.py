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


@linux_only
def test_descendants_include_grandchildren_forked_from_any_thread_and_skip_zombies() -> None:
    # a child that forks a grandchild from a second thread (as Codex's runtime does), and
    # a second grandchild that ends unreaped (a zombie)
    code = ("import subprocess, threading, time\n"
            "t = threading.Thread(target=lambda: subprocess.Popen(['sleep', '30']))\n"
            "t.start(); t.join()\n"
            "z = subprocess.Popen(['true'])\n"
            "time.sleep(30)\n")
    proc = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 10
        while True:
            tree = procinfo.descendants(os.getpid()) or {}
            names = sorted(name for ppid, name in tree.values() if ppid == proc.pid)
            if names == ["sleep"] and proc.pid in tree:
                break
            assert time.monotonic() < deadline, tree
            time.sleep(0.05)
        assert tree[proc.pid][0] == os.getpid()
        sleeper = next(pid for pid, (ppid, _) in tree.items() if ppid == proc.pid)
        assert procinfo.command_line(sleeper) == "sleep 30"
    finally:
        proc.kill()
        proc.wait()
    assert procinfo.descendants(1 << 30) is None  # no such process


@linux_only
def test_exit_watch_is_readable_once_the_process_ends() -> None:
    import select

    proc = subprocess.Popen(["sleep", "0.3"])
    fd = procinfo.exit_watch(proc.pid)
    if fd is None:
        pytest.skip("no pidfd_open on this kernel or Python")
    try:
        assert select.select([fd], [], [], 0)[0] == []
        t0 = time.monotonic()
        assert select.select([fd], [], [], 5)[0] == [fd]
        assert time.monotonic() - t0 < 2
    finally:
        os.close(fd)
        proc.wait()
