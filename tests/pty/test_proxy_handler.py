"""The ProxyHandler contract, through a real pty: injections land only at safe points,
answers reach the child, input can be filtered, finish bytes come before the resets,
ticks follow deadlines, extra fds are served."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from term import Terminal, proxy_command

PY = sys.executable


def run_handler(terminal: Callable[..., Terminal], handler: str, child: list[str],
              after: str = "", **kw: object) -> Terminal:
    return terminal([*proxy_command(handler, after=after), *child], **kw)


INJECT_ONCE = """
class Handler(ProxyHandler):
    def __init__(self):
        self.armed = False
    def output(self, data):
        if b"ARM" in data:
            self.armed = True
        return data
    def injection(self):
        if self.armed:
            self.armed = False
            return b"<INJ>"
        return b""
"""


def py_child(code: str) -> list[str]:
    return [PY, "-c", "import os, time, sys\n" + code]


def test_injection_waits_for_the_end_of_a_split_sequence(
        terminal: Callable[..., Terminal]) -> None:
    t = run_handler(terminal, INJECT_ONCE, py_child(
        "os.write(1, b'ARM \\x1b]0;ti'); time.sleep(0.3); os.write(1, b'tle\\x07 after')"))
    assert t.wait() == 0
    assert t.output == b"ARM \x1b]0;title\x07 after<INJ>"


def test_injection_waits_for_a_split_utf8_character(terminal: Callable[..., Terminal]) -> None:
    t = run_handler(terminal, INJECT_ONCE, py_child(
        "os.write(1, b'ARM \\xe2\\x9c'); time.sleep(0.3); os.write(1, b'\\xb3 ok')"))
    assert t.wait() == 0
    assert t.output == "ARM ✳ ok<INJ>".encode()


def test_injection_waits_for_the_end_of_a_synchronized_update(
        terminal: Callable[..., Terminal]) -> None:
    t = run_handler(terminal, INJECT_ONCE, py_child(
        "os.write(1, b'\\x1b[?2026hARM frame'); time.sleep(0.3);"
        "os.write(1, b' more'); time.sleep(0.2); os.write(1, b'\\x1b[?2026l')"))
    assert t.wait() == 0
    assert t.output == b"\x1b[?2026hARM frame more\x1b[?2026l<INJ>"


def test_injection_right_away_at_a_safe_point(terminal: Callable[..., Terminal]) -> None:
    t = run_handler(terminal, INJECT_ONCE, py_child(
        "os.write(1, b'ARM'); time.sleep(0.3); os.write(1, b' later')"))
    assert t.wait() == 0
    assert t.output == b"ARM<INJ> later"


def test_to_child_answers_reach_the_child(terminal: Callable[..., Terminal]) -> None:
    handler = """
    class Handler(ProxyHandler):
        def __init__(self):
            self.answers = b""
        def output(self, data):
            if b"\\x1b[5n" in data:
                self.answers += b"\\x1b[0n"
            return data
        def to_child(self):
            out, self.answers = self.answers, b""
            return out
    """
    child = py_child(
        "import termios\n"
        "a = termios.tcgetattr(0); a[3] &= ~(termios.ICANON | termios.ECHO)\n"
        "termios.tcsetattr(0, termios.TCSANOW, a)\n"
        "os.write(1, b'\\x1b[5n')\n"
        "got = os.read(0, 16)\n"
        "os.write(1, b' answer=' + got[1:])\n")
    t = run_handler(terminal, handler, child)
    assert t.wait() == 0
    assert t.output == b"\x1b[5n answer=[0n"


def test_the_input_call_filters_keystrokes(terminal: Callable[..., Terminal]) -> None:
    handler = """
    class Handler(ProxyHandler):
        def input(self, data):
            return data.upper()
    """
    t = run_handler(terminal, handler, ["sh", "-c", "echo ready; read line; echo got=$line"])
    t.expect(b"ready")
    t.type(b"quiet words\r")
    t.expect(b"got=QUIET WORDS")
    assert t.wait() == 0


def test_finish_comes_before_the_resets(terminal: Callable[..., Terminal]) -> None:
    handler = """
    class Handler(ProxyHandler):
        def finish(self, status, signaled):
            return b"<FIN %d %r>" % (status, signaled)
    """
    t = run_handler(terminal, handler, py_child(
        "os.write(1, b'\\x1b[?25l\\x1b]0;cut'); sys.exit(3)"))
    assert t.wait() == 3
    assert t.output == b"\x1b[?25l\x1b]0;cut\x18<FIN 3 None>\x1b[?25h"
    t = run_handler(terminal, handler, ["sh", "-c", "kill -TERM $$"])
    assert t.wait() == 143
    assert t.output == b"<FIN 143 15>"


def test_started_timers_resized_and_fds(terminal: Callable[..., Terminal]) -> None:
    handler = """
    import os, time
    class Handler(ProxyHandler):
        def __init__(self):
            self.ticks = 0
            self.sizes = []
            self.r, self.w = os.pipe()
        def started(self, proxy):
            self.proxy = proxy
            self.info = (proxy.child_pid > 0, proxy.master_fd >= 0, proxy.size)
            os.write(self.w, b"x")
            proxy.add_fd(self.r, self.on_pipe)
            proxy.call_at(time.monotonic() + 0.02, self.tick)
        def on_pipe(self):
            os.read(self.r, 1)
            self.proxy.send_to_child(b"from-fd\\r")
        def tick(self):
            self.ticks += 1
            self.proxy.call_at(time.monotonic() + 0.02, self.tick)
        def resized(self, rows, cols):
            self.sizes.append((rows, cols))
    """
    after = """
    sys.stdout.write(f"info={handler.info} sizes={handler.sizes} ticks>=5:{handler.ticks >= 5}\\n")
    """
    t = run_handler(terminal, handler, ["sh", "-c",
                  'trap "echo winch" WINCH; read line; echo got=$line; '
                  "while :; do sleep 0.02; done"], after=after, rows=20, cols=70)
    t.expect(b"got=from-fd")
    t.resize(25, 90)
    t.expect(b"winch")
    t.pump(0.3)  # a quiet child: ticks now come from the 20 ms timers alone
    t.kill(15)
    assert t.wait() == 143
    assert b"info=(True, True, (20, 70)) sizes=[(25, 90)] ticks>=5:True" in t.output


def test_injections_go_to_the_terminal_when_stdout_is_redirected(
        terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    driver = tmp_path / "driver.py"
    driver.write_text(proxy_command(INJECT_ONCE)[2])
    out = tmp_path / "out.txt"
    t = terminal(["sh", "-c", f"{PY} {driver} printf ARM > {out}; echo rc=$?"])
    t.expect(b"rc=0")
    assert t.wait() == 0
    assert out.read_bytes() == b"ARM"
    assert t.output == b"<INJ>rc=0\r\n"


def test_terminal_answers_queries_in_order(terminal: Callable[..., Terminal]) -> None:
    """The harness itself: automatic answers to OSC 7501 and DA1 queries."""
    child = py_child(
        "import termios\n"
        "a = termios.tcgetattr(0); a[3] &= ~(termios.ICANON | termios.ECHO)\n"
        "termios.tcsetattr(0, termios.TCSANOW, a)\n"
        "os.write(1, b'\\x1b]7501;?\\x07\\x1b[c\\x1b]7501;?\\x1b\\\\')\n"
        "want = b'\\x1b]7501;?\\x1b\\\\\\x1b[?62;22c\\x1b]7501;?\\x1b\\\\'\n"
        "got = b''\n"
        "while len(got) < len(want):\n"
        "    got += os.read(0, 64)\n"
        "os.write(1, b' ok' if got == want else b' bad ' + repr(got).encode())\n")
    t = terminal(child, answer_7501=True, answer_da1=True)
    t.expect(b" ok")
    assert t.wait() == 0
    assert t.queries == [b"\x1b]7501;?\x07", b"\x1b[c", b"\x1b]7501;?\x1b\\"]


def test_after_activity_sets_the_timer_for_the_work_it_made(
        terminal: Callable[..., Terminal]) -> None:
    """Hooks set one timer for when they have work, not a wake-up after every read."""
    handler = """
    import time
    class Handler(ProxyHandler):
        def __init__(self):
            self.at = float("inf")
            self.ticks = []
            self.timer = None
        def started(self, proxy):
            self.proxy = proxy
        def output(self, data):
            if b"LATER" in data:
                self.at = time.monotonic() + 0.15
            return data
        def after_activity(self):
            if self.at != float("inf") and (self.timer is None or self.timer.when != self.at):
                if self.timer is not None:
                    self.timer.cancel()
                self.timer = self.proxy.call_at(self.at, self.tick)
        def tick(self):
            self.ticks.append(time.monotonic() >= self.at)
            self.at = float("inf")
    """
    after = """
    sys.stdout.write(f"ticks={len(handler.ticks)} on_time={handler.ticks.count(True)}\\n")
    """
    child = py_child("for i in range(20):\n"
                     "    sys.stdout.write('x%d ' % i); sys.stdout.flush(); time.sleep(0.01)\n"
                     "print('LATER'); time.sleep(0.4)")
    t = run_handler(terminal, handler, child, after=after)
    assert t.wait() == 0
    # the tick when it was due, and none after each of the 21 reads
    m = re.search(rb"ticks=(\d+) on_time=(\d+)", t.output)
    assert m is not None and int(m[1]) == 1 and int(m[2]) == 1, t.output


def test_call_at_runs_timers_in_order_once_and_not_cancelled_ones(
        terminal: Callable[..., Terminal]) -> None:
    handler = """
    import time
    class Handler(ProxyHandler):
        def started(self, proxy):
            self.proxy, self.ran = proxy, []
            now = time.monotonic()
            proxy.call_at(now + 0.2, lambda: self.fire("late"))
            proxy.call_at(now + 0.1, lambda: self.fire("early"))
            proxy.call_at(now + 0.15, lambda: self.fire("cancelled")).cancel()
        def fire(self, name):
            self.ran.append(name)
            if name == "late":
                self.proxy.send_to_child(b"go\\r")
    """
    after = """
    sys.stdout.write(f"ran={handler.ran}\\n")
    """
    t = run_handler(terminal, handler, ["sh", "-c", "read line; echo got=$line"], after=after)
    t.expect(b"got=go")
    assert t.wait() == 0
    assert b"ran=['early', 'late']" in t.output


def test_a_timer_that_keeps_rearming_in_the_past_never_stalls_the_passthrough(
        terminal: Callable[..., Terminal]) -> None:
    """A callback that sets a timer for a time already passed runs again only after the
    I/O of the next round (a loop that ran it again at once would starve the output)."""
    handler = """
    import time
    class Handler(ProxyHandler):
        def started(self, proxy):
            self.proxy, self.runs = proxy, 0
            self.again()
        def again(self):
            self.runs += 1  # for ever: the loop must still pass the output and end
            self.proxy.call_at(time.monotonic() - 1, self.again)
    """
    t = run_handler(terminal, handler, py_child(
        "for i in range(5):\n    os.write(1, b'line%d ' % i); time.sleep(0.05)"))
    assert t.wait(timeout=20) == 0
    assert t.output == b"line0 line1 line2 line3 line4 "


def test_a_timer_that_raises_cancels_every_other_timer_of_the_handler(
        terminal: Callable[..., Terminal]) -> None:
    """A failed handler call drops the handler: the timers due in the same round after it, and the
    ones set for later, never run; the output still passes."""
    handler = """
    import time
    class Handler(ProxyHandler):
        def started(self, proxy):
            self.proxy, self.ran = proxy, []
            now = time.monotonic()
            proxy.call_at(now + 0.05, lambda: self.fire("boom"))
            proxy.call_at(now + 0.05, lambda: self.fire("same round"))
            proxy.call_at(now + 0.3, lambda: self.fire("later"))
        def fire(self, name):
            self.ran.append(name)
            if name == "boom":
                raise ValueError("boom")
    """
    after = """
    sys.stdout.write(f"ran={handler.ran}\\n")
    """
    t = run_handler(terminal, handler, py_child(
        "time.sleep(0.6); os.write(1, b'still here ')"), after=after)
    assert t.wait() == 0
    assert b"still here " in t.output
    assert b"ran=['boom']" in t.output, t.output
    assert b"status reporting stopped after an internal error: ValueError: boom" in t.output


def test_a_flood_is_read_in_bursts_each_read_written_with_one_follow_up(
        terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """A read as big as the pty hands out at once (a flood) is followed by more reads in
    the same wake-up, each passed through the handler and written at once: the handler's
    follow-up (after_activity) comes once per burst, a burst stops at BURST_MAX bytes,
    and every byte arrives in order."""
    big = tmp_path / "big.txt"
    line = bytes(range(33, 127)) + b"\r\n"
    big.write_bytes(b"".join(b"%07d " % i + line for i in range(40000)))  # about 4 MB
    handler = """
    class Handler(ProxyHandler):
        def __init__(self):
            self.reads, self.bursts, self.burst = [], [], 0
        def output(self, data):
            self.reads.append(len(data))
            self.burst += len(data)
            return data
        def after_activity(self):
            if self.burst:
                self.bursts.append(self.burst)
                self.burst = 0
    """
    after = """
    from osc7501wrap.proxy.proxy import BURST_MAX
    b = handler.bursts
    sys.stdout.write(f"reads={len(handler.reads)} bursts={len(b)} over={max(b) - BURST_MAX}"
                     f" biggest_read={max(handler.reads)}\\n")
    """
    t = run_handler(terminal, handler, ["cat", str(big)], after=after, raw=True)
    assert t.wait(timeout=60) == 0
    data = big.read_bytes()
    assert t.output[:len(data)] == data
    m = re.search(rb"reads=(\d+) bursts=(\d+) over=(-?\d+) biggest_read=(\d+)", t.output)
    assert m is not None, t.output[-300:]
    reads, bursts, over, biggest = (int(x) for x in m.groups())
    assert bursts < reads  # reads followed by more reads without a round in between
    assert over < biggest  # the read that crossed BURST_MAX ended its burst


FLOOD_UNTIL_TOLD = r"""
import os, sys, threading, time
seen = set()
def read_keys():
    while len(seen) < 2:
        b = os.read(0, 1)
        if not b:
            return
        os.write(1, b"<GOT " + b + b">")
        seen.add(b)
threading.Thread(target=read_keys, daemon=True).start()
block = (b"flood " * 680 + b"\r\n") * 16  # written 64 KiB at a time: the pty stays full
end = time.monotonic() + 5
while time.monotonic() < end:
    if len(seen) == 2:
        os.write(1, b"<BOTH SEEN>")
        sys.exit(0)
    os.write(1, block)
os.write(1, b"<FLOOD ENDED>")
"""


def test_timers_and_keystrokes_are_served_during_a_flood_that_never_pauses(
        terminal: Callable[..., Terminal]) -> None:
    """A flood's reads come in bounded bursts: between two, the loop polls, so a key
    typed and a timer due reach the child while the flood goes on. The terminal reads
    slowly, so the child's side of the pty is never empty: a burst that read on until it
    was would never end."""
    handler = """
    import time
    class Handler(ProxyHandler):
        def started(self, proxy):
            self.proxy = proxy
            proxy.call_at(time.monotonic() + 0.2, lambda: proxy.send_to_child(b"t"))
    """
    t = run_handler(terminal, handler, [PY, "-c", FLOOD_UNTIL_TOLD], raw=True)
    t.expect(b"flood flood")
    t.type(b"k")
    end = time.monotonic() + 30
    while not t.eof and time.monotonic() < end:
        t.read(0.5)
        time.sleep(0.01)  # at most 400 KB/s
    assert t.wait() == 0
    assert b"<BOTH SEEN>" in t.output and b"<FLOOD ENDED>" not in t.output
    assert b"<GOT t>" in t.output and b"<GOT k>" in t.output


def test_timers_on_a_timerfd_run_on_time_while_the_loop_waits_without_a_timeout(
        terminal: Callable[..., Terminal]) -> None:
    """With a timerfd (the session's boot hands the loop one), the loop waits in epoll
    with no timeout and the timerfd wakes it for each timer: set again after it fired,
    moved when an earlier timer comes, left alone while the deadline stays. The child is
    silent while they are due, so nothing else could wake the loop for them."""
    handler = """
    import time
    from osc7501wrap.proxy.timerfd import TimerFd
    class Handler(ProxyHandler):
        def started(self, proxy):
            self.proxy, self.late = proxy, {}
            tfd = TimerFd.open()
            assert tfd is not None
            proxy.use_timer_fd(tfd)
            now = time.monotonic()
            self.at(now + 0.3, "third")
            self.at(now + 0.1, "first")  # earlier: the timerfd is moved
            self.at(now + 0.2, "cancelled").cancel()
        def at(self, when, name):
            return self.proxy.call_at(when, lambda: self.fire(when, name))
        def fire(self, when, name):
            self.late[name] = time.monotonic() - when
            if name == "first":  # set from a timer: after the timerfd fired
                self.at(when + 0.1, "second")
    """
    after = """
    import json
    sys.stdout.write(f"late={json.dumps(handler.late)} fd={handler.proxy._tfd is None}\\n")
    """
    t = run_handler(terminal, handler, py_child("time.sleep(0.8); os.write(1, b'done ')"),
                    after=after)
    assert t.wait() == 0
    m = re.search(rb"late=(\{.*\}) fd=(\w+)", t.output)
    assert m is not None, t.output
    late = json.loads(m[1])
    assert sorted(late) == ["first", "second", "third"], late
    assert all(0 <= v < 0.15 for v in late.values()), late  # woken at their time
    assert m[2] == b"True"  # closed with the loop
