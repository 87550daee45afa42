"""Helpers shared by the benchmark scripts: paths, the environment, process accounting,
statistics, tables, and the figures file that ``bench/run`` collects into its summary.

* :func:`wrap_argv` is what a user runs: the installed ``wrap`` console script next to the
  interpreter if there is one, else a launcher for this source tree (tests/term.py).
* :func:`bench_env` is the scripted terminal's environment with wrap's configuration,
  state and runtime directories moved to a fresh directory, so a user's own config.toml
  or rules cannot change a figure.
* :func:`thread_cpu` / :func:`cpu_seconds` read how long a process's live threads have
  run on a CPU from ``/proc/<pid>/task/*/schedstat`` (nanoseconds); :func:`process_cpu`
  reads utime+stime from ``/proc/<pid>/stat`` (clock ticks, but threads that have
  exited are included, and it works on a zombie); :func:`peak_rss_kib` reads ``VmHWM`` (the peak
  resident set, what ``ru_maxrss`` reports at exit). Both return None where /proc is
  missing.
* :class:`Figure` is one row of the final summary (figure | measured | baseline | ratio |
  goal | met?); a benchmark given ``--json FILE`` appends its figures there.

Nothing here measures anything by itself, and nothing here is a test.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
for _p in (str(TESTS), str(ROOT)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from term import base_env, wrap_command  # noqa: E402

PY = sys.executable
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def wrap_argv() -> list[str]:
    """The installed console script if there is one (what users run), else the launcher."""
    installed = Path(PY).parent / "wrap"
    return [str(installed)] if installed.exists() else wrap_command()


def bench_env(home: Path, **overrides: str) -> dict[str, str]:
    """The scripted terminal's environment, with wrap's own directories under `home`."""
    env = base_env()
    for var, sub in (("OSC7501WRAP_CONFIG_DIR", "config"), ("OSC7501WRAP_STATE_DIR", "state"),
                     ("OSC7501WRAP_RUNTIME_DIR", "run")):
        d = home / sub
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        env[var] = str(d)
    for var in ("OSC7501WRAP_EMIT", "OSC7501WRAP_SCREEN", "OSC7501WRAP_HOOKS",
                "OSC7501WRAP_SESSION", "OSC7501WRAP_DEBUG"):
        env.pop(var, None)
    env.update(overrides)
    return env


# --------------------------------------------------------------------------- /proc


def thread_cpu(pid: int) -> dict[int, float]:
    """CPU seconds (user + system) of each live thread of a process, by thread id, from
    /proc/<pid>/task/*/schedstat (nanoseconds). A thread that has exited is no longer
    listed, so its time is missing here: see :func:`process_cpu`."""
    out: dict[int, float] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", "rb") as f:
                out[int(tid)] = int(f.read().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            continue
    return out


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of the live threads of a process, in seconds."""
    threads = thread_cpu(pid)
    if threads:
        return sum(threads.values())
    return process_cpu(pid)


def process_cpu(pid: int) -> float | None:
    """utime + stime of a process from /proc/<pid>/stat, threads that have exited
    included (also readable while it is a zombie); clock-tick resolution (10 ms)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime (fields 14, 15)
    except (OSError, ValueError, IndexError):
        return None


def proc_status(pid: int, field: str) -> int | None:
    """One number of ``/proc/<pid>/status`` (``VmHWM``, ``voluntary_ctxt_switches``...)."""
    key = field.encode() + b":"
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def peak_rss_kib(pid: int) -> int | None:
    """The peak resident set size of a live process (VmHWM), in KiB."""
    return proc_status(pid, "VmHWM")


def children(pid: int) -> list[int]:
    """Direct children of a process (Linux)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", "rb") as f:
            return [int(k) for k in f.read().split()]
    except (OSError, ValueError):
        return []


# --------------------------------------------------------------------------- statistics


def median(values: Iterable[float]) -> float:
    v = list(values)
    return statistics.median(v) if v else float("nan")


def pct(values: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank), nan for no values."""
    v = sorted(values)
    if not v:
        return float("nan")
    return v[min(len(v) - 1, int(p / 100 * len(v)))]


# --------------------------------------------------------------------------- figures


@dataclass
class Figure:
    """One row of the summary table."""

    figure: str
    measured: str
    baseline: str = ""
    ratio: str = ""
    goal: str = ""
    met: bool | None = None  # None: no goal, or not measurable here

    @property
    def verdict(self) -> str:
        return {True: "yes", False: "NO", None: "-"}[self.met]


def write_figures(path: str | None, figures: Sequence[Figure]) -> None:
    """Append `figures` to the JSON Lines file `path` (no-op for None)."""
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        for fig in figures:
            f.write(json.dumps(asdict(fig), ensure_ascii=False) + "\n")


def read_figures(path: str | Path) -> list[Figure]:
    out: list[Figure] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return out
    for line in text.splitlines():
        if line.strip():
            out.append(Figure(**json.loads(line)))
    return out


def table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """A plain text table, columns padded to their widest cell."""
    cells = [list(headers), *[list(r) for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, r in enumerate(cells):
        lines.append(" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if n == 0:
            lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def figures_table(figures: Sequence[Figure]) -> str:
    return table([(f.figure, f.measured, f.baseline, f.ratio, f.goal, f.verdict)
                  for f in figures],
                 ("figure", "measured", "baseline", "ratio", "goal", "met?"))


# --------------------------------------------------------------------------- programs

# A spinner like the agents' "working" line: 10 frames a second, 60 bytes each (cursor
# to row 3, erase the line, glyph, verb, elapsed time, hint), paced on a fixed schedule
# so a slow wake-up does not lower the rate. Runs until killed, or for argv[1] seconds.
#: The floor of a Python pty proxy: poll, one read, one write, nothing else (no raw mode,
#: no signals, no screen model), run as ``python -c MIN_PROXY CMD...``.
MIN_PROXY = r"""
import os, pty, select, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
p = select.poll()
p.register(fd, select.POLLIN)
p.register(0, select.POLLIN)
while True:
    for f, _ in p.poll():
        try:
            d = os.read(f, 65536)
        except OSError:
            d = b""
        if not d:
            if f == fd:
                sys.exit(0)
            p.unregister(0)
            continue
        os.write(1 if f == fd else fd, d)
"""

SPINNER = r"""
import os, sys, time
glyphs = ["·", "✢", "✳", "✶", "✻", "✽"]
limit = float(sys.argv[1]) if len(sys.argv) > 1 else float("inf")
os.write(1, b"\x1b[2J\x1b[H spinner\r\n")
start = next_at = time.monotonic()
i = 0
while next_at - start < limit:
    head = f"\x1b[3;1H\x1b[2K{glyphs[i % 6]} Pondering… ({int(next_at - start)}s · esc to interrupt)"
    frame = head.encode()
    os.write(1, frame + b" " * max(0, 60 - len(frame)))
    i += 1
    next_at += 0.1
    delay = next_at - time.monotonic()
    if delay > 0:
        time.sleep(delay)
"""
