"""CPU that wrap itself costs per session, around a 10 Hz spinner of 60-byte frames.

A spinner like an agent's "working" line (bench/common.py ``SPINNER``: 10 frames a second,
60 bytes each, paced on a fixed schedule) runs on a real pty driven by a scripted
terminal (tests/term.py) that drains the output and answers the OSC 7501 and DA1 queries
as a terminal supporting OSC 7501 does, so wrap probes, classifies and reports as it would
for a user.

* One session: the spinner run directly (the baseline), ``wrap --agent claude SPINNER``
  and ``wrap --agent generic SPINNER`` run side by side in one harness, measured over
  the same windows so background load hits all alike. Figure: wrap's own CPU time (the
  wrap process only, every thread; from /proc/<pid>/task/*/schedstat, nanoseconds) as %
  of one core. The warm-up lasts until wrap's start-up thread (it loads the screen
  backend) has ended, since an ended thread's time can no longer be read.
  Goal: <= 0.3% of one core per session. Alongside, to show where the time goes: the
  bare proxy (no hooks), ``wrap --emit never`` (no probe, no reports) and wrap with the
  pyte screen model; and per process the wake-ups per second (voluntary context
  switches), so CPU per wake-up can be read off.
* Passthrough: the CPU time of the front process (script(1), the bare proxy, wrap and
  its variants; utime + stime of every thread, read when it has exited but is not yet
  reaped) for ``cat`` of a ``--mb`` MB file, from start to exit; ``wrap true``
  shows the start-up share. A companion of bench_proxy.py's throughput figure that does
  not depend on how busy the machine is.
* Silent session: a program that prints one line, then sleeps (``SILENT``), run
  directly (the baseline) and through ``wrap --agent claude`` and ``--agent generic``,
  side by side. After ``--silent-settle`` seconds (the generic rules watch a program
  for 5 s after its last output before it reads idle), the wake-ups per second of
  every thread of each process over ``--silent-seconds``. Goal: 0, as for the program
  itself: a silent session does nothing, so nothing wakes it.
* 50 sessions: 50 wraps, each around its own spinner on its own pty, all drained by one
  select loop. Figure: the total CPU of the 50 wrap processes as % of one core; the
  baseline is the total of the 50 spinners in the same windows. Goal: <= 5% of one core
  in total. Run once with the claude rules and once with the generic ones; with the
  breakdown, also with the bare proxy and with a minimal Python pty proxy (common.py
  ``MIN_PROXY``: poll, read, write) in wrap's place, the floors under the figure.
  Beside them, the same panes in a multiplexer: one tmux server with ``--sessions``
  windows, each running its own spinner, one client attached, started afresh for each
  manifest and measured in the same windows as its wraps (both drained by the same
  loop, so background load hits both alike); its CPU is the baseline of the "vs the
  tmux server" rows (goal: <= 1.0x; absent where tmux is not installed), with the
  ratio of each window shown. The server is also measured alone first (a line, no
  figure): measured minutes apart, one figure against the other moved by 10-30% with
  the machine's load.

Each figure is the median over ``--windows`` consecutive windows of ``--seconds`` each,
after ``--warmup`` seconds (start-up is not counted).

* ``--side-by-side PY1,PY2``: instead of the above, ``--sessions`` wraps of each tree (the
  one first on that interpreter's path: ``bench/compare OLD NEW --side-by-side`` makes
  them), all around their own spinners in one harness and measured in the same windows:
  CPU per session of each, and its ratio to the first; a tmux server with as many panes
  runs in the same windows, and each tree's sessions are shown against it (as the
  50-session figure). Two runs of one tree one after
  the other differ by 10-30% on a shared machine; side by side, by a few percent.
  Manifests joined with ``+`` in ``--agents`` (``claude+generic``) run interleaved in the
  same harness too, so that one tree's manifests are compared in the same windows (the
  default measures one manifest after the other, minutes apart).

    .venv/bin/python bench/bench_cpu.py [--sessions 50] [--seconds 5] [--windows 3]
                                        [--warmup 2] [--agents claude,generic] [--json FILE]
                                        [--side-by-side PY1,PY2]

Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    MIN_PROXY,
    PY,
    SPINNER,
    Figure,
    bench_env,
    children,
    cpu_seconds,
    figures_table,
    median,
    proc_status,
    process_cpu,
    thread_cpu,
    wrap_argv,
    write_figures,
)
from term import Terminal, wrap_bin_dir

GOAL_ONE = 0.3  # % of one core per session
GOAL_MANY = 5.0  # % of one core for 50 sessions
STEADY_THREADS = 1.0  # seconds without a thread started or ended before the windows
#: ...and no thread may use more than this share of a core over STEADY_THREADS: a thread
#: that is still working through its start (50 sessions loading at once on a small
#: machine take tens of seconds) is no steady state (a spinner's wrap uses ~0.15 %)
STEADY_THREAD_CPU = 1.0
SILENT = "import time; print('ready, then silent', flush=True); time.sleep(600)"


@dataclass
class Run:
    """One program on its own pty, and the processes whose CPU is counted."""

    name: str
    term: Terminal
    wrapped: bool
    samples: dict[str, list[float]] = field(default_factory=dict)
    wakeups: list[float] = field(default_factory=list)  # per second, wrap's (or spinner's)

    @property
    def wrap_pid(self) -> int | None:
        return self.term.pid if self.wrapped else None

    @property
    def spinner_pid(self) -> int | None:
        if not self.wrapped:
            return self.term.pid
        kids = children(self.term.pid)
        return kids[0] if kids else None


def spawn(argv: list[str], env: dict[str, str]) -> Terminal:
    return Terminal(argv, rows=30, cols=100, env=env, answer_7501=True, answer_da1=True)


def pump(terms: list[Terminal], seconds: float) -> None:
    """Drain every pty for `seconds`, like a terminal emulator."""
    end = time.monotonic() + seconds
    fds = {t.fd: t for t in terms if not t.eof}
    while fds and (left := end - time.monotonic()) > 0:
        r, _, _ = select.select(list(fds), [], [], left)
        for fd in r:
            t = fds[fd]
            t.read(0)
            if t.eof:
                del fds[fd]


def start_all(programs: list[tuple[list[str], dict[str, str]]]) -> list[Terminal]:
    """Start the programs one by one, draining the ones already running meanwhile (so
    every probe is answered at once), then wait until each has drawn its first frame."""
    terms: list[Terminal] = []
    try:
        for argv, env in programs:
            terms.append(spawn(argv, env))
            pump(terms, 0.05)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if all(b"esc to interrupt" in t.output for t in terms):
                return terms
            if any(t.eof for t in terms):
                break
            pump(terms, 0.1)
        bad = next(t for t in terms if b"esc to interrupt" not in t.output)
        raise RuntimeError(f"no spinner frame from {bad.argv[:4]}: {bad.output[-300:]!r}")
    except BaseException:
        for t in terms:
            t.close()
        raise


def measure(runs: list[Run], warmup: float, seconds: float, windows: int,
            also: Tmux | None = None) -> list[float]:
    """Fill ``run.samples['wrap'|'spinner']`` with % of one core per window, and
    ``run.wakeups`` with the measured process's voluntary context switches per second;
    with `also`, its client is drained with the others and its server measured in the
    same windows: its % of one core per window (else an empty list).

    The warm-up lasts at least until no measured process has started or ended a thread
    for STEADY_THREADS seconds and none of their threads used more than
    STEADY_THREAD_CPU % of a core in that time (wrap loads its screen backend and its
    rules in a thread at start; its ledger's thread stays): the time of a thread that
    ends inside a window would be lost (the per-thread counters go with it), and a start
    is not the steady state measured."""
    terms = [r.term for r in runs] + ([also.client] if also is not None else [])
    pump(terms, warmup)
    pids = {(i, role): pid for i, r in enumerate(runs)
            for role, pid in (("wrap", r.wrap_pid), ("spinner", r.spinner_pid))
            if pid is not None}
    if also is not None:
        pids[(-1, "tmux")] = also.pid
    beside: list[float] = []
    end = time.monotonic() + 120
    counts, same_since = None, time.monotonic()
    since = {k: thread_cpu(p) for k, p in pids.items() if k[0] >= 0}
    while time.monotonic() < end:
        now_counts = {k: len(thread_cpu(p)) for k, p in pids.items()}
        if now_counts != counts:
            counts, same_since = now_counts, time.monotonic()
            since = {k: thread_cpu(p) for k, p in pids.items() if k[0] >= 0}
        elif (quiet := time.monotonic() - same_since) >= STEADY_THREADS:
            now = {k: thread_cpu(p) for k in since for p in (pids[k],)}
            busy = max(((cpu - since[k].get(tid, 0.0)) / quiet * 100
                        for k in now for tid, cpu in now[k].items()), default=0.0)
            if busy <= STEADY_THREAD_CPU:
                break
            counts, same_since, since = now_counts, time.monotonic(), now
        pump(terms, 0.2)
    else:
        print("  note: the processes were not steady after 120 s of warm-up; measured anyway")
    main_pid = [r.wrap_pid or r.spinner_pid or 0 for r in runs]
    for _ in range(windows):
        before = {k: thread_cpu(p) for k, p in pids.items()}
        sw0 = [wakeups(p) for p in main_pid]
        t0 = time.monotonic()
        pump(terms, seconds)
        wall = time.monotonic() - t0
        after = {k: thread_cpu(p) for k, p in pids.items()}
        sw1 = [wakeups(p) for p in main_pid]
        for (i, role), b in before.items():
            a = after[(i, role)]
            if not a or not b:
                raise RuntimeError(f"{runs[i].name if i >= 0 else role}: {role} process "
                                   "went away")
            if i < 0:
                beside.append(sum(cpu - b.get(tid, 0.0) for tid, cpu in a.items())
                              / wall * 100)
                continue
            lost = set(b) - set(a)
            if lost:
                print(f"  note: {runs[i].name}: {len(lost)} thread(s) of the {role} process "
                      "ended during a window; their time in it is not counted")
            used = sum(cpu - b.get(tid, 0.0) for tid, cpu in a.items())
            runs[i].samples.setdefault(role, []).append(used / wall * 100)
        for i, r in enumerate(runs):
            r.wakeups.append((sw1[i] - sw0[i]) / wall)
            if r.term.eof:
                raise RuntimeError(f"{r.name} ended early: {r.term.output[-300:]!r}")
    return beside


def measure_all(programs: list[tuple[list[str], dict[str, str]]], names: list[str],
                args: argparse.Namespace, also: Tmux | None = None
                ) -> tuple[list[Run], float, list[float]]:
    """Start `programs` (wraps, each around its own spinner), measure them all in the
    same windows, stop them: a :class:`Run` each (named by `names`), the seconds the
    start took, and `also`'s server per window (:func:`measure`)."""
    t0 = time.monotonic()
    terms = start_all(programs)
    started = time.monotonic() - t0
    runs = [Run(name, t, True) for name, t in zip(names, terms, strict=True)]
    try:
        beside = measure(runs, args.warmup, args.seconds, args.windows, also)
    finally:
        for t in terms:
            t.close()
    return runs, started, beside


def wakeups(pid: int) -> int:
    """Voluntary context switches of a process so far (each is one sleep in poll/select)."""
    return proc_status(pid, "voluntary_ctxt_switches") or 0


def one_session(agents: list[str], args: argparse.Namespace, env: dict[str, str]
                ) -> tuple[list[Figure], list[str]]:
    wrap = wrap_argv()
    spinner = [PY, "-c", SPINNER]
    # (name, argv, env, counts for a goal)
    contenders: list[tuple[str, list[str], dict[str, str], bool]] = [
        ("spinner run directly", spinner, env, False)]
    contenders += [(f"wrap --agent {a}", [*wrap, "--agent", a, *spinner], env, True)
                   for a in agents]
    if args.breakdown:
        first = agents[0] if agents else "claude"
        contenders += [
            ("bare proxy (no hooks)", [os.path.join(wrap_bin_dir(), "wrap-proxy"), *spinner],
             env, False),
            (f"wrap --emit never --agent {first}",
             [*wrap, "--emit", "never", "--agent", first, *spinner], env, False),
            (f"wrap --agent {first}, pyte screen", [*wrap, "--agent", first, *spinner],
             {**env, "OSC7501WRAP_SCREEN": "pyte"}, False),
        ]
    terms = start_all([(argv, e) for _, argv, e, _ in contenders])
    runs = [Run(name, t, i > 0) for i, ((name, _, _, _), t) in enumerate(
        zip(contenders, terms, strict=True))]
    try:
        measure(runs, args.warmup, args.seconds, args.windows)
    finally:
        for t in terms:
            t.close()
    base = median(runs[0].samples["spinner"])
    lines = [f"one session, side by side, % of one core (median of {args.windows} windows of "
             f"{args.seconds:g} s); wake-ups = voluntary context switches per second"]
    figs = []
    for r, (_, _, _, goal) in zip(runs, contenders, strict=True):
        own = r.samples["wrap" if r.wrapped else "spinner"]
        w = median(own)
        wk = median(r.wakeups)
        per = f"{w / 100 / wk * 1e6:5.0f} us/wake-up" if wk else ""
        spin = f"its spinner {median(r.samples['spinner']):.3f}%" if r.wrapped else ""
        lines.append(f"  {r.name:<36} {w:6.3f}%  ({'/'.join(f'{x:.3f}' for x in own)})  "
                     f"{wk:5.1f} wake-ups/s {per}  {spin}")
        if goal:
            agent = r.name.split()[-1]
            figs.append(Figure(f"CPU, 1 session, 10 Hz spinner, {agent} rules", f"{w:.2f}%",
                               f"{base:.2f}% (spinner)", f"{w / base:.1f}x",
                               f"<= {GOAL_ONE}% of a core", w <= GOAL_ONE))
    return figs, lines


def all_wakeups(pid: int) -> int:
    """Voluntary context switches of every thread of a process (an ended thread's are
    gone with it)."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/status", "rb") as f:
                for line in f:
                    if line.startswith(b"voluntary_ctxt_switches:"):
                        total += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            pass
    return total


def silent_session(agents: list[str], args: argparse.Namespace, env: dict[str, str]
                   ) -> tuple[list[Figure], list[str]]:
    """Wake-ups per second of a settled silent session, wrap against the program."""
    prog = [PY, "-c", SILENT]
    contenders = [("program run directly", prog)]
    contenders += [(f"wrap --agent {a}", [*wrap_argv(), "--agent", a, *prog]) for a in agents]
    terms = [spawn(argv, env) for _, argv in contenders]
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end and not all(b"then silent" in t.output for t in terms):
            pump(terms, 0.1)
        pump(terms, args.silent_settle)
        sw0 = [all_wakeups(t.pid) for t in terms]
        t0 = time.monotonic()
        pump(terms, args.silent_seconds)
        wall = time.monotonic() - t0
        rates = [(all_wakeups(t.pid) - a) / wall for t, a in zip(terms, sw0, strict=True)]
        if any(t.eof for t in terms):
            raise RuntimeError("a silent contender ended early")
    finally:
        for t in terms:
            t.close()
    lines = [f"silent session: prints one line, then sleeps; wake-ups per second (every "
             f"thread) over {args.silent_seconds:g} s, {args.silent_settle:g} s after the line"]
    lines += [f"  {name:<36} {r:6.2f} wake-ups/s" for (name, _), r in zip(contenders, rates,
                                                                           strict=True)]
    figs = [Figure(f"wake-ups per second, silent session, {name.split()[-1]} rules",
                   f"{r:.2f}/s", f"{rates[0]:.2f}/s (program)", "", "<= 0/s", r == 0)
            for (name, _), r in zip(contenders[1:], rates[1:], strict=True)]
    return figs, lines


def many_sessions(agent: str, args: argparse.Namespace, env: dict[str, str],
                  front: list[str] | None = None, tmux: Tmux | None = None
                  ) -> tuple[list[Figure], list[str]]:
    """`args.sessions` wraps with `agent`'s rules; with `front`, that program in wrap's
    place and `agent` its name (a floor: one line, no figure). With `tmux`, its server
    (the same number of panes, each with its spinner) is measured in the same windows:
    the "vs the tmux server" figure."""
    wrap = wrap_argv()
    argv = [*(front or [*wrap, "--agent", agent]), PY, "-c", SPINNER]
    runs, started, beside = measure_all([(argv, env)] * args.sessions,
                                        [f"{agent}#{i}" for i in range(args.sessions)],
                                        args, tmux)
    per_window_wrap = [sum(r.samples["wrap"][k] for r in runs) for k in range(args.windows)]
    per_window_spin = [sum(r.samples["spinner"][k] for r in runs) for k in range(args.windows)]
    w = median(per_window_wrap)
    s = median(per_window_spin)
    worst = max(median(r.samples["wrap"]) for r in runs)
    wk = sum(median(r.wakeups) for r in runs)
    n = args.sessions
    label = agent if front is not None else f"{agent} rules"
    lines = [f"{n} sessions, {label} (started in {started:.1f} s): wrap total {w:.2f}% "
             f"(windows {'/'.join(f'{x:.2f}' for x in per_window_wrap)}), "
             f"{w / n:.3f}% per session, busiest session {worst:.3f}%, {wk:.0f} wake-ups/s "
             f"in all; the {n} spinners {s:.2f}% "
             f"(windows {'/'.join(f'{x:.2f}' for x in per_window_spin)})"]
    if front is not None:
        return [], [lines[0].replace("wrap total", "total")]
    fig = Figure(f"CPU, {n} sessions, 10 Hz spinners, {agent} rules", f"{w:.2f}%",
                 f"{s:.2f}% ({n} spinners)", f"{w / s:.1f}x", f"<= {GOAL_MANY:g}% of a core",
                 w <= GOAL_MANY)
    figs = [fig]
    if beside:
        t = median(beside)
        ratios = [a / b for a, b in zip(per_window_wrap, beside, strict=True)]
        lines.append(f"  the tmux server with {n} such panes in the same windows: {t:.2f}% "
                     f"(windows {'/'.join(f'{x:.2f}' for x in beside)}); wrap / tmux per "
                     f"window {'/'.join(f'{x:.2f}' for x in ratios)}")
        figs.append(Figure(f"{fig.figure} vs the tmux server", fig.measured,
                           f"{t:.2f}% (tmux server)", f"{w / t:.2f}x", "<= 1.0x", w <= t))
    return figs, lines


@dataclass
class Tmux:
    """A running tmux server (`pid`) and its attached client's terminal."""

    pid: int
    client: Terminal


@contextmanager
def tmux_panes(args: argparse.Namespace, env: dict[str, str]) -> Iterator[Tmux | None]:
    """The baseline for the 50-session figure: one tmux server holding `args.sessions`
    windows, each running its own spinner, with one client attached (a pty drained
    like a terminal); None where tmux is not installed. tmux too parses every byte of
    every pane into a screen: what a multiplexer pays for the same panes."""
    tmux = shutil.which("tmux")
    if tmux is None:
        yield None
        return
    name = f"bench-cpu-{os.getpid()}-{time.monotonic_ns()}"
    base = [tmux, "-L", name, "-f", "/dev/null"]
    spinner = " ".join(shlex.quote(a) for a in (PY, "-c", SPINNER))
    tenv = {**env, "TERM": "xterm-256color"}
    tenv.pop("TMUX", None)
    subprocess.run([*base, "new-session", "-d", "-s", "b", "-x", "100", "-y", "30", spinner],
                   env=tenv, check=True, timeout=30)
    try:
        for _ in range(args.sessions - 1):
            subprocess.run([*base, "new-window", "-d", "-t", "b:", spinner], env=tenv,
                           check=True, timeout=30)
        pid = int(subprocess.run([*base, "display", "-p", "-t", "b", "#{pid}"], env=tenv,
                                 capture_output=True, text=True, check=True,
                                 timeout=30).stdout)
        client = Terminal([*base, "attach", "-t", "b"], rows=31, cols=100, env=tenv)
        try:
            yield Tmux(pid, client)
        finally:
            client.close()
    finally:
        subprocess.run([*base, "kill-server"], env=tenv, capture_output=True, timeout=30,
                       check=False)


def tmux_server(args: argparse.Namespace, env: dict[str, str]) -> tuple[float, list[str]]:
    """The tmux server of :func:`tmux_panes` alone, its CPU (every thread) as % of one
    core, measured as the wraps are (median of the windows); -1 without tmux."""
    with tmux_panes(args, env) as tmux:
        if tmux is None:
            return -1.0, ["tmux server: tmux is not installed; no baseline"]
        pump([tmux.client], args.warmup)
        samples = []
        for _ in range(args.windows):
            b = thread_cpu(tmux.pid)
            t0 = time.monotonic()
            pump([tmux.client], args.seconds)
            wall = time.monotonic() - t0
            a = thread_cpu(tmux.pid)
            samples.append(sum(cpu - b.get(tid, 0.0) for tid, cpu in a.items())
                           / wall * 100)
    w = median(samples)
    return w, [f"tmux server alone, {args.sessions} windows with a spinner each, one "
               f"client attached: {w:.2f}% (windows {'/'.join(f'{x:.2f}' for x in samples)})"]


def run_cpu_to_exit(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Run `argv` on a raw pty until it exits, draining and answering queries like a
    terminal; return (CPU seconds of that process alone, bytes it wrote). The CPU time
    (utime + stime, every thread) is read once the process is a zombie (exited, not yet
    reaped), so it is complete and does not include the children it waited for."""
    t = Terminal(argv, raw=True, rows=40, cols=120, env=env, answer_7501=True,
                 answer_da1=True)
    cpu = 0.0
    try:
        while not t.eof:
            t.read(30)
            c = cpu_seconds(t.pid)
            if c is not None:
                cpu = c
        end = time.monotonic() + 10
        while time.monotonic() < end and process_state(t.pid) not in ("Z", "X", ""):
            time.sleep(0.002)
        c = process_cpu(t.pid)  # every thread, the ended ones too
        if c is not None:
            cpu = max(cpu, c)
        return cpu, len(t.output)
    finally:
        t.close()


def process_state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return ""


def passthrough_cpu(args: argparse.Namespace, env: dict[str, str]
                    ) -> tuple[list[Figure], list[str]]:
    """CPU of the front process for `cat` of a big file: script(1), the bare proxy, wrap."""
    from bench_proxy import make_file

    wrap = wrap_argv()
    with tempfile.TemporaryDirectory(prefix="bench-cpu-cat-") as tmp:
        big = Path(tmp) / "big.txt"
        make_file(big, args.mb)
        cat = ["cat", str(big)]
        contenders: dict[str, tuple[list[str], dict[str, str]]] = {
            "script -qfc": (["script", "-qfc", f"cat {big}", "/dev/null"], env),
            "bare proxy": ([os.path.join(wrap_bin_dir(), "wrap-proxy"), *cat], env),
            "wrap": ([*wrap, *cat], env),
            "wrap --emit never": ([*wrap, "--emit", "never", *cat], env),
            "wrap, pyte screen": ([*wrap, *cat], {**env, "OSC7501WRAP_SCREEN": "pyte"}),
            "wrap true (start-up only)": ([*wrap, "true"], env),
        }
        if not shutil.which("script"):
            del contenders["script -qfc"]
        cpu: dict[str, list[float]] = {k: [] for k in contenders}
        for _ in range(args.cat_repeat):
            for name, (argv, e) in contenders.items():
                secs, _ = run_cpu_to_exit(argv, e)
                cpu[name].append(secs)
    med = {k: median(v) for k, v in cpu.items()}
    ref = "script -qfc" if "script -qfc" in med else "bare proxy"
    lines = [f"CPU seconds of the front process for `cat` of {args.mb} MB on a pty (median of "
             f"{args.cat_repeat}; load-independent companion of the throughput figure)"]
    for name, v in med.items():
        lines.append(f"  {name:<28} {v:6.3f} s  ({v / med[ref]:.2f}x {ref}; runs "
                     + "/".join(f"{x:.3f}" for x in cpu[name]) + ")")
    figs = [Figure(f"CPU for cat {args.mb} MB: wrap vs {ref}", f"{med['wrap']:.2f} s",
                   f"{med[ref]:.2f} s", f"{med['wrap'] / med[ref]:.2f}x", "", None)]
    return figs, lines


#: `python -P -c LAUNCH ARGS...` runs the `wrap` of the tree first on that Python's path
#: (-P: not the one in the current directory)
LAUNCH = ("import sys; from osc7501wrap.start.cli import wrap_main; "
          "sys.argv[0] = 'wrap'; sys.exit(wrap_main())")


def side_by_side(pythons: list[str], agents: list[str], args: argparse.Namespace,
                 env: dict[str, str]) -> list[str]:
    """`args.sessions` sessions of each tree's wrap (`pythons`: interpreters whose path
    has that tree's package first, as `bench/compare` makes them) for each agent, all
    started interleaved and measured in the same windows, so that background load hits
    every tree alike. One line per tree and agent: CPU per session, and the ratio to the
    first tree's."""
    lines = [f"side by side, {args.sessions} sessions of each: % of one core per session "
             f"(median of {args.windows} windows of {args.seconds:g} s); with a tmux server "
             f"of {args.sessions} such panes in the same windows"]
    n = args.sessions
    for group in agents:  # "claude+generic": both manifests interleaved in one harness
        pairs = [(agent, py) for agent in group.split("+") for py in pythons]
        argvs = [[py, "-P", "-c", LAUNCH, "--agent", agent, PY, "-c", SPINNER]
                 for agent, py in pairs]
        with tmux_panes(args, env) as tmux:
            runs, _, beside = measure_all(
                [(argv, env) for _ in range(n) for argv in argvs],
                [f"{j}" for _ in range(n) for j in range(len(argvs))], args, tmux)
        base = 0.0
        for j, (agent, py) in enumerate(pairs):
            mine = [r for r in runs if r.name == f"{j}"]
            windows = [sum(r.samples["wrap"][w] for r in mine) / len(mine)
                       for w in range(args.windows)]
            per = median(windows)
            woke = sum(median(r.wakeups) for r in mine) / len(mine)
            base = base or per
            vs = ""
            if beside:  # the tree's n sessions against the tmux server, window by window
                ratios = [n * x / t for x, t in zip(windows, beside, strict=True)]
                vs = (f"; {n} sessions {n * per:.2f}% = {n * per / median(beside):.2f}x the "
                      f"tmux server (windows {'/'.join(f'{x:.2f}' for x in ratios)})")
            lines.append(f"  {agent:<8} {py:<60} {per:.3f}%  ({per / base:.2f}x the first; "
                         f"{woke:.1f} wake-ups/s, {per * 1e4 / woke:.0f} us/wake-up{vs})")
        if beside:
            lines.append(f"  {group:<8} tmux server, {n} panes: {median(beside):.2f}% "
                         f"(windows {'/'.join(f'{x:.2f}' for x in beside)})")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=50, help="concurrent sessions (default 50)")
    ap.add_argument("--seconds", type=float, default=5.0, help="length of one window")
    ap.add_argument("--windows", type=int, default=3, help="windows per figure (median)")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    ap.add_argument("--agents", default="claude,generic",
                    help="manifests to run wrap with (--side-by-side: a+b runs both in the "
                         "same windows)")
    ap.add_argument("--silent-settle", type=float, default=8.0,
                    help="seconds a silent session settles before its wake-ups are counted")
    ap.add_argument("--silent-seconds", type=float, default=5.0,
                    help="window for the silent session's wake-ups (0: skip)")
    ap.add_argument("--mb", type=int, default=64, help="size of the file to cat (0: skip)")
    ap.add_argument("--cat-repeat", type=int, default=3, help="cat runs per contender")
    ap.add_argument("--no-breakdown", dest="breakdown", action="store_false",
                    help="skip the bare proxy, --emit never and pyte variants")
    ap.add_argument("--json", help="append the summary figures to this JSON Lines file")
    ap.add_argument("--side-by-side", metavar="PYTHON,PYTHON",
                    help="only this: the wraps these interpreters run (one tree each, first on "
                         "their path), --sessions of each, in one harness (bench/compare)")
    args = ap.parse_args()
    agents = [a for a in args.agents.split(",") if a]
    if args.side_by_side:
        with tempfile.TemporaryDirectory(prefix="bench-cpu-") as tmp:
            pythons = [x for x in args.side_by_side.split(",") if x]
            print("\n".join(side_by_side(pythons, agents, args, bench_env(Path(tmp)))))
        return 0

    print(f"python {sys.version.split()[0]}; wrap = {' '.join(wrap_argv())}; spinner: "
          f"10 Hz, 60-byte frames; figures are medians of {args.windows} windows of "
          f"{args.seconds:g} s after {args.warmup:g} s of warm-up")
    figs: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bench-cpu-") as tmp:
        env = bench_env(Path(tmp))
        f, lines = one_session(agents, args, env)
        figs += f
        print("\n".join(lines), flush=True)
        if args.silent_seconds > 0:
            f, lines = silent_session(agents, args, env)
            figs += f
            print("\n".join(lines), flush=True)
        if args.mb > 0:
            f, lines = passthrough_cpu(args, env)
            figs += f
            print("\n".join(lines), flush=True)
        if args.sessions > 0:
            floors = [("the bare proxy", [os.path.join(wrap_bin_dir(), "wrap-proxy")]),
                      ("a minimal Python pty proxy", [PY, "-c", MIN_PROXY])]
            runs: list[tuple[str, list[str] | None]] = [(a, None) for a in agents]
            _, lines = tmux_server(args, env)
            print("\n".join(lines), flush=True)
            for name, front in runs + (floors if args.breakdown else []):
                if front is None:  # the same panes in tmux's server, in the same windows
                    with tmux_panes(args, env) as tmux:
                        f, lines = many_sessions(name, args, env, front, tmux)
                else:
                    f, lines = many_sessions(name, args, env, front)
                figs += f
                print("\n".join(lines), flush=True)
    print()
    print(figures_table(figs))
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
