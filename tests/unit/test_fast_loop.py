"""The guard of tests/unit (its conftest.py): a pty or a child process fails the test."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Callable

import pytest


@pytest.mark.parametrize("call", [
    lambda: os.openpty(), lambda: pty.openpty(), lambda: pty.fork(), lambda: os.fork(),
    lambda: subprocess.run([sys.executable, "-c", "pass"], check=False),
    lambda: os.system("true"),
], ids=["os.openpty", "pty.openpty", "pty.fork", "os.fork", "subprocess.run", "os.system"])
def test_a_pty_or_a_process_fails_a_unit_test(call: Callable[[], object]) -> None:
    with pytest.raises(AssertionError, match="belongs in tests/pty"):
        call()
