"""Drive `wrap` around the fake agent with a bot, and measure detection against the truth.

The bot plays the user: it submits a task, answers each permission prompt after a random
3–8 s, and submits the next task 3–10 s after the previous one ended (every duration
times `scale`, seeded). The fake agent writes the truth (idle, working, blocked,
answered) with CLOCK_MONOTONIC times to an events file; the bot timestamps every chunk
wrap writes to the terminal and parses wrap's OSC 7501 reports from it.

Used by tests/unit/test_dynamic.py (scaled down) and bench/bench_detect.py (full timings).
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from term import Terminal

from osc7501wrap.protocol import Report, parse_body

HERE = Path(__file__).resolve().parent
OSC7501 = re.compile(rb"\x1b\]7501;([^\x1b\x07]*)(?:\x1b\\|\x07)")


@dataclass
class Result:
    tasks: int = 0
    dialogs: int = 0
    latencies: list[float] = field(default_factory=list)  # blocked: truth -> report
    unblock_latencies: list[float] = field(default_factory=list)  # answered -> not blocked
    missed: int = 0  # dialogs with no blocked report before they were answered
    false_blocked: int = 0  # blocked reports with no dialog on screen
    false_done: int = 0  # done/idle reports while the truth was working
    reports: list[tuple[float, str]] = field(default_factory=list)
    truth: list[tuple[float, str]] = field(default_factory=list)
    status: int | None = None

    def summary(self) -> str:
        lat = sorted(self.latencies)

        def pct(p: float) -> float:
            return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

        return (f"tasks={self.tasks} dialogs={self.dialogs} missed={self.missed} "
                f"false_blocked={self.false_blocked} false_done={self.false_done} "
                f"blocked latency p50={pct(0.5):.0f} ms max={max(lat, default=0) * 1000:.0f} ms")


def run(tasks: int = 30, seed: int = 1, scale: float = 1.0, *,
        answer_delay: tuple[float, float] = (3.0, 8.0),
        next_delay: tuple[float, float] = (3.0, 10.0),
        wrap_args: tuple[str, ...] = ()) -> Result:
    rnd = random.Random(seed)
    res = Result()
    with tempfile.TemporaryDirectory() as tmp:
        events = Path(tmp) / "events"
        events.touch()
        argv = [*wrap_args, "--agent", "claude", "--id", "dyn", sys.executable,
                str(HERE / "fake_agent.py"), str(seed), "--scale", str(scale),
                "--events", str(events)]
        t = Terminal.wrap(argv, rows=30, cols=100, answer_7501=True, answer_da1=True)
        buf = b""
        scanned = 0
        truth_pos = 0
        action_at: float | None = None
        action: bytes = b""
        finished = False
        deadline = time.monotonic() + 60 + tasks * 60 * scale
        try:
            while time.monotonic() < deadline:
                chunk = t.read(0.01)
                now = time.monotonic()
                if chunk:
                    buf += chunk
                    for m in OSC7501.finditer(buf, scanned):
                        rep = parse_body(m.group(1))
                        if isinstance(rep, Report) and rep.id == "dyn":
                            label = rep.state + (f":{rep.kind}" if rep.kind else "")
                            res.reports.append((now, label))
                        scanned = m.end()
                    # keep scanning from just before an unfinished sequence
                    tail = buf.rfind(b"\x1b]7501;", scanned)
                    if tail >= 0 and OSC7501.match(buf, tail) is None:
                        scanned = tail
                    else:
                        scanned = max(scanned, len(buf) - 8)
                # truth
                text = events.read_text()
                lines = text[truth_pos:].splitlines(keepends=True)
                for line in lines:
                    if not line.endswith("\n"):
                        break
                    truth_pos += len(line)
                    ts, ev = line.split()
                    res.truth.append((float(ts), ev))
                    if ev == "blocked":
                        res.dialogs += 1
                        action_at = now + rnd.uniform(*answer_delay) * scale
                        action = b"1"
                    elif ev == "idle":
                        if res.tasks >= tasks:
                            action_at, action = now + 0.5 * scale, b"q"
                            finished = True
                        else:
                            action_at = now + rnd.uniform(*next_delay) * scale
                            action = f"task {res.tasks + 1}".encode()
                if action_at is not None and now >= action_at:
                    if action.startswith(b"task"):
                        res.tasks += 1
                        t.type(action)
                        time.sleep(0.05)
                        t.type(b"\r")
                    else:
                        t.type(action)
                    action_at = None
                if finished and not t.alive():
                    break
            res.status = t.wait(timeout=10)
        finally:
            t.close()
    score(res)
    return res


def dialog_intervals(truth: list[tuple[float, str]]) -> list[tuple[float, float]]:
    """(drawn, answered) of every dialog in the agent's truth (answered: inf if never)."""
    dialogs: list[tuple[float, float]] = []
    opened: float | None = None
    for ts, ev in truth:
        if ev == "blocked":
            opened = ts
        elif ev == "answered" and opened is not None:
            dialogs.append((opened, ts))
            opened = None
    if opened is not None:
        dialogs.append((opened, float("inf")))
    return dialogs


def score(res: Result) -> None:
    """Compare reports with the truth (both in CLOCK_MONOTONIC seconds)."""
    dialogs = dialog_intervals(res.truth)
    for start, end in dialogs:
        first = next((t for t, s in res.reports if s.startswith("blocked") and t >= start), None)
        if first is None or first > end:
            res.missed += 1
        else:
            res.latencies.append(first - start)
        after = next((t for t, s in res.reports if not s.startswith("blocked") and t >= end),
                     None)
        if after is not None:
            res.unblock_latencies.append(after - end)
    grace = 0.5
    for t, s in res.reports:
        if s.startswith("blocked") and not any(a <= t <= b + grace for a, b in dialogs):
            res.false_blocked += 1
    # working intervals: from a task's "working" to its next "idle"
    working: list[tuple[float, float]] = []
    begun: float | None = None
    for ts, ev in res.truth:
        if ev == "working" and begun is None:
            begun = ts
        elif ev == "idle" and begun is not None:
            working.append((begun, ts))
            begun = None
    for t, s in res.reports:
        if s in ("done", "idle") and any(a + 1.0 < t < b for a, b in working):
            res.false_done += 1
