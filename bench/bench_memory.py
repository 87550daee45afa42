"""Peak resident memory of a wrap session around a busy TUI, against ``python -c pass``.

The child writes full-screen agent-like redraws flat out for ``--seconds`` (a 40-row
frame: spinner line, truecolour and 256-colour SGR, box drawing, CJK and emoji, a
permission dialog every tenth frame, inside DEC 2026 synchronized updates), so the screen
model, the backlog, the rules and the emitter all work as hard as they can. A scripted
terminal (tests/term.py) drains it and answers the OSC 7501 and DA1 queries.

Contenders, interleaved ``--repeat`` times (medians shown):

* ``python -c pass``: the baseline (its own VmHWM, read as its last act);
* the bare proxy (no probe, screen model or rules: tests/term.py ``wrap-proxy``);
* ``wrap --agent claude`` with the default screen backend (``auto``: libghostty-vt
  through pyghostty when it loads, else pyte);
* the same with pyte forced (``OSC7501WRAP_SCREEN=pyte``);
* ``wrap --agent generic`` (the fallback's rules, as for a program with no manifest),
  default screen;
* the same around a line-mode program (``LINE_CHAT``): a ``Continue? [y/N]`` question,
  its answer, then a chat's rows for ``--seconds`` (a prompt, words, a list, a
  question), so every rule of the fallback reads screens none of them read before.

The figure is the wrap process's own peak RSS (``VmHWM`` of /proc/<pid>/status, which is
what ru_maxrss reports at exit, sampled until it exits; the child's memory is not
counted). Goal: <= 40 MB (40e6 bytes = 38.1 MiB; figures are in MiB) per session.

    .venv/bin/python bench/bench_memory.py [--seconds 2] [--repeat 3] [--json FILE]

Not a test: nothing here asserts a size.
"""

from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    PY,
    Figure,
    bench_env,
    figures_table,
    median,
    peak_rss_kib,
    wrap_argv,
    write_figures,
)
from term import Terminal, wrap_bin_dir

GOAL_MB = 40.0  # 10^6 bytes (the strict reading)
GOAL_MIB = GOAL_MB * 1e6 / 2**20

BUSY_TUI = r"""
import os, sys, time
rows, cols = 40, 120
spin = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
cjk = "日本語の文字列表示中文字符한국어텍스트"
limit = float(sys.argv[1])
end = time.monotonic() + limit
i = 0
os.write(1, b"\x1b[?1049h\x1b[2J")
while time.monotonic() < end:
    out = ["\x1b[?2026h\x1b[?25l\x1b[H"]
    for r in range(rows - 6):
        c = (i + r) % 256
        text = f"{r:3d} \x1b[38;5;{c}m● Read\x1b[0m(src/module_{r}.py) \x1b[38;2;{c};120;200m" \
               f"{cjk[(i + r) % len(cjk):][:10]}\x1b[0m ✔️ {'·' * ((i + r) % 40)}"
        out.append(f"\x1b[{r + 1};1H\x1b[2K{text}")
    if i % 10 == 5:
        out.append(f"\x1b[{rows - 12};1H\x1b[J" + "─" * cols + "\r\n Bash command\r\n\r\n"
                   "   rm -rf build\r\n\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n"
                   "   2. No, and tell Claude what to do differently (esc)\r\n")
    out.append(f"\x1b[{rows - 5};1H\x1b[2K\x1b[38;5;174m{spin[i % 10]} Pondering… "
               f"({i // 10}s · ↓ {i * 7} tokens · esc to interrupt)\x1b[0m")
    out.append(f"\x1b[{rows - 3};1H\x1b[2K╭" + "─" * (cols - 2) + "╮")
    out.append(f"\x1b[{rows - 2};1H\x1b[2K│ > " + " " * (cols - 5) + "│")
    out.append(f"\x1b[{rows - 1};1H\x1b[2K╰" + "─" * (cols - 2) + "╯")
    out.append("\x1b[?25h\x1b[?2026l")
    os.write(1, "".join(out).encode())
    i += 1
os.write(1, b"\x1b[?1049l")
"""


LINE_CHAT = r"""
import os, sys, time
end = time.monotonic() + float(sys.argv[1])
w = lambda s: os.write(1, s.encode())
w("Continue? [y/N] ")
time.sleep(0.3)
w("y\r\n")
i = 0
while time.monotonic() < end:
    w(f"You: question {i} about the build\r\n")
    time.sleep(0.05)
    w(f"Assistant: the build finished with {i} warnings in module parser_{i}.\r\n"
      f"  1. fix the imports\r\n  2. rerun the tests\r\n"
      f"Session name: Über 漢字 résumé ✻ Thinking… done\r\nWhich file next? ")
    time.sleep(0.1)
    w("\r\n")
    i += 1
"""


def python_pass_kib() -> int:
    """Peak RSS of `python -c pass` in KiB, as the process itself reads it at its end.

    (ru_maxrss from wait4 would not do: on Linux exec() carries the pre-exec peak into
    it, and before exec the child is a copy of this big harness.)"""
    code = ("import sys\nfor line in open('/proc/self/status'):\n"
            "    if line.startswith('VmHWM:'): sys.stdout.write(line.split()[1])")
    out = subprocess.run([PY, "-c", code], check=True, capture_output=True, text=True).stdout
    return int(out)


def session_kib(argv: list[str], env: dict[str, str], seconds: float) -> tuple[int, int]:
    """(peak RSS of the process at argv[0] in KiB, bytes it passed through)."""
    t = Terminal(argv, rows=40, cols=120, env=env, answer_7501=True, answer_da1=True)
    peak = 0
    try:
        end = time.monotonic() + seconds + 30
        while not t.eof and time.monotonic() < end:
            r, _, _ = select.select([t.fd], [], [], 0.02)
            if r:
                t.read(0)
            hwm = peak_rss_kib(t.pid)
            if hwm is not None:
                peak = max(peak, hwm)
        status = t.wait(timeout=10)
        if status != 0:
            raise RuntimeError(f"{argv[:3]} exited {status}: {t.output[-300:]!r}")
        return peak, len(t.output)
    finally:
        t.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="how long the TUI writes")
    ap.add_argument("--repeat", type=int, default=3, help="runs per contender (median)")
    ap.add_argument("--json", help="append the summary figures to this JSON Lines file")
    args = ap.parse_args()

    tui = [PY, "-c", BUSY_TUI, str(args.seconds)]
    wrap = wrap_argv()
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as tmp:
        env = bench_env(Path(tmp))
        contenders = {
            "bare proxy": ([os.path.join(wrap_bin_dir(), "wrap-proxy"), *tui], env),
            "wrap, default screen": ([*wrap, "--agent", "claude", *tui], env),
            "wrap, pyte screen": ([*wrap, "--agent", "claude", *tui],
                                  {**env, "OSC7501WRAP_SCREEN": "pyte"}),
            "wrap, generic rules": ([*wrap, "--agent", "generic", *tui], env),
            "wrap, generic, line chat": ([*wrap, "--agent", "generic", PY, "-c", LINE_CHAT,
                                          str(args.seconds)], env),
        }
        base_runs: list[int] = []
        runs: dict[str, list[int]] = {k: [] for k in contenders}
        sizes: dict[str, list[int]] = {k: [] for k in contenders}
        for _ in range(args.repeat):
            base_runs.append(python_pass_kib())
            for name, (argv, e) in contenders.items():
                kib, size = session_kib(argv, e, args.seconds)
                runs[name].append(kib)
                sizes[name].append(size)
    base = median(base_runs) / 1024
    print(f"python {sys.version.split()[0]}; wrap = {' '.join(wrap)}; busy TUI for "
          f"{args.seconds:g} s per run; peak RSS in MiB, medians of {args.repeat} runs")
    print(f"  python -c pass          {base:6.1f}")
    figs = []
    for name, vals in runs.items():
        mib = median(vals) / 1024
        mb = median(sizes[name]) / 1e6
        print(f"  {name:<22}  {mib:6.1f}  ({mib / base:.2f}x python -c pass; "
              f"passed {mb / args.seconds:.1f} MB/s of TUI output; runs "
              + "/".join(f"{v / 1024:.1f}" for v in vals) + ")")
        if name.startswith("wrap"):
            figs.append(Figure(f"peak RSS, {name}", f"{mib:.1f} MiB",
                               f"{base:.1f} MiB (python -c pass)", f"{mib / base:.2f}x",
                               f"<= {GOAL_MB:g} MB ({GOAL_MIB:.1f} MiB)", mib <= GOAL_MIB))
    print()
    print(figures_table(figs))
    write_figures(args.json, figs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
