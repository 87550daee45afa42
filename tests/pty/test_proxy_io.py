"""wrap as a transparent pty: exact bytes both ways, terminal modes and size, signal
dispositions of the child, stdin/stdout that are not terminals. Everything runs through
a real pseudo-terminal (tests/term.py)."""

from __future__ import annotations

import hashlib
import random
import sys
import termios
from collections.abc import Callable
from pathlib import Path

import pytest
from term import Front, Terminal, fresh_pty_modes

from osc7501wrap.stream.tracker import StreamTracker

PY = sys.executable

# A child that puts its pty in raw mode, says ready, reads N bytes, saves them, exits.
RAW_READER = r"""
import os, sys, termios
a = termios.tcgetattr(0)
a[0] &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP
          | termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON)
a[1] &= ~termios.OPOST
a[2] = (a[2] & ~(termios.CSIZE | termios.PARENB)) | termios.CS8
a[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN)
a[6][termios.VMIN] = 1
a[6][termios.VTIME] = 0
termios.tcsetattr(0, termios.TCSANOW, a)
os.write(1, b"ready\r\n")
want, got = int(sys.argv[1]), bytearray()
while len(got) < want:
    got += os.read(0, 65536)
with open(sys.argv[2], "wb") as f:
    f.write(got)
os.write(1, b"done\r\n")
"""



def test_output_is_byte_exact(tmp_path: Path, wrap_term: Callable[..., Terminal]) -> None:
    rng = random.Random(7501)
    data = bytearray(bytes(range(256)) * 4)
    data += b"\xff\xfe\xc3(\xe2\x82\xf0\x9f\x98"  # invalid UTF-8
    data += b"\x1b[38;5\x1b]0;no end\x1bP\x1b[?1049\x18\x1b[31"  # broken sequences
    data += rng.randbytes(10 * 1024 * 1024)
    src = tmp_path / "random.bin"
    src.write_bytes(data)
    t = wrap_term(["sh", "-c", f"stty raw -echo; exec cat {src}"])
    assert t.wait(timeout=60) == 0
    out = t.output
    assert len(out) >= len(data)
    assert hashlib.sha256(out[:len(data)]).hexdigest() == hashlib.sha256(data).hexdigest()
    # After the child's bytes wrap writes only what undoes the modes they left on.
    tracker = StreamTracker()
    tracker.feed(bytes(data))
    assert out[len(data):] == tracker.reset_sequence()


def test_typed_bytes_are_exact(tmp_path: Path, wrap_term: Callable[..., Terminal]) -> None:
    rng = random.Random(1)
    keys = bytes(range(256)) * 8 + rng.randbytes(200_000)
    dest = tmp_path / "typed.bin"
    t = wrap_term([PY, "-c", RAW_READER, str(len(keys)), str(dest)])
    t.expect(b"ready\r\n")
    for i in range(0, len(keys), 4096):
        t.type(keys[i:i + 4096])
    t.expect(b"done")
    assert t.wait() == 0
    assert dest.read_bytes() == keys


def test_child_starts_with_the_users_modes_and_size(terminal: Callable[..., Terminal], front: Front) -> None:
    # The user's shell sets unusual modes, then runs wrap: the child must see them.
    t = terminal(["sh", "-c", f"stty erase ^H intr ^G -iutf8; exec {front.sh} stty -a"],
                 rows=33, cols=111)
    assert t.wait() == 0
    text = t.text
    assert "rows 33; columns 111" in text
    assert "intr = ^G" in text and "erase = ^H" in text
    assert "-iutf8" in text


def test_resize_reaches_the_child(wrap_term: Callable[..., Terminal]) -> None:
    t = wrap_term(["sh", "-c", 'trap "stty size" WINCH; echo ready; stty size; '
                   "while :; do sleep 0.02; done"], rows=24, cols=80)
    t.expect(b"ready\r\n24 80\r\n")
    t.resize(30, 100)
    t.expect(b"30 100\r\n")
    # Two quick changes: whatever is queued, the child ends up with the last size.
    t.resize(40, 120)
    t.resize(35, 90)
    t.expect(b"35 90\r\n")
    t.kill(15)
    assert t.wait() == 143


def test_raw_mode_while_running_and_restored_after(wrap_term: Callable[..., Terminal]) -> None:
    t = wrap_term(["sh", "-c", "echo ready; read line; echo got $line"])
    t.expect(b"ready")
    modes = t.termios()
    assert not modes[3] & (termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
    assert not modes[1] & termios.OPOST
    assert not modes[0] & (termios.ICRNL | termios.INLCR | termios.IGNCR | termios.IXON)
    t.type(b"abc\r")
    t.expect(b"got abc")
    assert t.wait() == 0
    assert t.termios() == fresh_pty_modes()


def test_background_wrap_leaves_the_terminal_alone(terminal: Callable[..., Terminal], front: Front) -> None:
    # In the background (own process group, not the foreground one), wrap must not
    # touch the terminal modes: tcsetattr would stop it with SIGTTOU.
    t = terminal(["bash", "--norc", "--noprofile", "-c",
                  f"set -m; {front.sh} sh -c 'echo bg-ran' & wait $!; echo status=$?"])
    t.expect(b"bg-ran")
    t.expect(b"status=0")
    assert t.wait() == 0


def test_child_signal_dispositions_are_default(terminal: Callable[..., Terminal], front: Front) -> None:
    # wrap itself starts with signals ignored (and Python ignores PIPE and XFSZ); the
    # child must still get default dispositions and an empty signal mask.
    t = terminal(["sh", "-c", 'trap "" INT QUIT TERM HUP TSTP TTIN TTOU; '
                  f"exec {front.sh} grep -E '^Sig(Ign|Blk)' /proc/self/status"])
    assert t.wait() == 0
    assert b"SigBlk:\t0000000000000000" in t.output
    assert b"SigIgn:\t0000000000000000" in t.output


def test_tail_is_never_lost(wrap_term: Callable[..., Terminal]) -> None:
    payload = b"x" * 60000 + b"END"
    for _ in range(8):
        t = wrap_term([PY, "-c", "import os; os.write(1, b'x' * 60000 + b'END')"])
        assert t.wait() == 0
        assert t.output == payload


# --------------------------------------------------------------------------- not a tty


def test_stdin_from_a_file(tmp_path: Path, terminal: Callable[..., Terminal], front: Front) -> None:
    src = tmp_path / "in.txt"
    src.write_bytes(b"line one\nline two\n")
    out = tmp_path / "out.txt"
    t = terminal(["sh", "-c", f"{front.sh} sh -c 'cat > {out}' < {src}; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    assert out.read_bytes() == b"line one\nline two\n"
    assert b"Traceback" not in t.output


def test_piped_stdin_without_final_newline(terminal: Callable[..., Terminal], front: Front) -> None:
    # The last line has no newline: EOF must still reach the child.
    t = terminal(["sh", "-c", f"printf 'hello\\nworld' | {front.sh} cat; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    assert t.output.count(b"world") >= 1
    assert b"Traceback" not in t.output


def test_stdin_is_dev_null(terminal: Callable[..., Terminal], front: Front) -> None:
    t = terminal(["sh", "-c", f"{front.sh} cat < /dev/null; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0


def test_stdout_to_a_file(tmp_path: Path, terminal: Callable[..., Terminal], front: Front) -> None:
    out = tmp_path / "out.txt"
    t = terminal(["sh", "-c", f"{front.sh} printf 'a\\nb\\033[?25l' > {out}; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    # The pty turns \n into \r\n; no mode reset is written into the file.
    assert out.read_bytes() == b"a\r\nb\x1b[?25l"
    assert t.termios() == fresh_pty_modes()


def test_stdout_piped(terminal: Callable[..., Terminal], front: Front) -> None:
    t = terminal(["sh", "-c", f"{front.sh} printf 'piped' | od -An -c; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    assert b"p   i   p   e   d" in t.output


def test_neither_stdin_nor_stdout_a_terminal(tmp_path: Path,
                                             terminal: Callable[..., Terminal], front: Front) -> None:
    out = tmp_path / "out.txt"
    t = terminal(["sh", "-c", f"echo in | {front.sh} cat > {out}; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    assert b"in\r\n" in out.read_bytes()


@pytest.mark.parametrize("size", [0, 100_000])
def test_many_lines_on_stdin(tmp_path: Path, terminal: Callable[..., Terminal],
                             size: int, front: Front) -> None:
    src = tmp_path / "in.txt"
    src.write_bytes(b"".join(b"%07d\n" % i for i in range(size // 8)))
    out = tmp_path / "out.txt"
    t = terminal(["sh", "-c", f"{front.sh} sh -c 'cat > {out}' < {src} > /dev/null; echo rc=$?"])
    t.expect(b"rc=0", timeout=30)
    assert out.read_bytes() == src.read_bytes()


def test_standard_fds_stay_blocking(terminal: Callable[..., Terminal], front: Front) -> None:
    # O_NONBLOCK lives on the open file, shared with the shell: wrap must never set it.
    check = f"{PY} -c 'import os; print(\"blocking\", os.get_blocking(0), os.get_blocking(1))'"
    t = terminal(["sh", "-c", f"{front.sh} sh -c 'echo hi'; {check}"])
    t.expect(b"blocking True True")
    assert t.wait() == 0


def test_reader_gone_ends_the_child(terminal: Callable[..., Terminal], front: Front) -> None:
    # `wrap cmd | head -1`: once nobody reads wrap's output, the child is hung up on
    # instead of running forever.
    t = terminal(["sh", "-c", f"{front.sh} sh -c 'while :; do echo y; done' | head -1; "
                  "echo rc=$?"])
    t.expect(b"rc=0", timeout=20)
    assert t.wait() == 0
