"""Real coding agents run through `wrap` in a pty that plays an OSC 7501 terminal.

Shared by ``tests/e2e/test_e2e_*.py`` and the table of agents :mod:`e2e_agents`. What
it adds to the scripted terminal of :mod:`term` (which owns the pty and records every
byte wrap writes):

* a screen model of that output and the answers a real terminal gives to the queries
  agents send (DA1, DSR, OSC 10/11 colours, DECRQM, and the OSC 7501 probe), both from
  the agent harness :mod:`agentrun` (:class:`WrapTerm`);
* the arrival time of every chunk, so that each OSC 7501 report found in the output has
  a time (:meth:`WrapTerm.seen`) and a screen condition has the time of the chunk that
  made it true (:meth:`WrapTerm.wait_screen`);
* one run of an agent under ``wrap --id ID --log FILE``, in its own sandbox against the
  fake LLM API (:func:`wrapped`), and the lines of wrap's log (:func:`log_states`);
* `osc7501wrap ls` / `answer` run beside it (:func:`osc7501wrap`), and the answer tests'
  common part: a dialog listed, answered, a stale one refused (:func:`answer_two`).

Its one check of its own: every OSC 7501 sequence it reads must parse (wrap never writes
an invalid one). The tests assert the rest. It never changes the agent or the harness.
"""

from __future__ import annotations

import bisect
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import agentrun
from fakeapi import FakeAPI, Request, Scenario, Step, Text, ToolUse, default_is_main
from term import REPO, STALL, Terminal, wrap_bin_dir, wrap_command

from osc7501wrap.protocol import Report, parse_body
from osc7501wrap.session.registry import clean_text, truncate

#: How long a report may come after what it reports (the dialog drawn, the Enter, the
#: prompt back) in these tests: long enough for a machine whose cores are all busy
#: (term.STALL). How soon it comes is a figure of bench/bench_detect.py and
#: bench/bench_corpus.py (p50 <= 100 ms), printed by the tests with -s, not asserted.
BOUND = STALL
OSC7501 = re.compile(rb"\x1b\]7501;([^\x1b\x07]*)(?:\x1b\\|\x07)")
ROWS, COLS = 40, 120

Cond = str | re.Pattern[str] | Callable[[str], bool]


@dataclass(frozen=True)
class Seen:
    """One OSC 7501 report wrap wrote, with when it arrived and where in the output."""

    t: float
    end: int
    report: Report

    @property
    def label(self) -> str:
        r = self.report
        return r.state + (f":{r.kind}" if r.kind else "")


class WrapTerm(Terminal):
    """A :class:`term.Terminal` with a screen model, full query answering and times."""

    def __init__(self, argv: list[str], *, rows: int, cols: int, env: dict[str, str],
                 cwd: str | Path, answer_7501: bool = True) -> None:
        self.model = agentrun.Terminal(cols, rows,
                                       agentrun.TerminalProfile(answer_7501=answer_7501))
        self.chunks: list[float] = []  # arrival time of each chunk
        self.ends: list[int] = []  # output length after each chunk
        # The screen model answers every query (DA1 and 7501 included), so term's own
        # answering stays off: one answer per query, as from a real terminal.
        super().__init__(argv, rows=rows, cols=cols, env=env, cwd=cwd,
                         answer_7501=False, answer_da1=False)

    def _read_now(self) -> bytes:
        data = super()._read_now()
        if data:
            self.chunks.append(time.monotonic())
            self.ends.append(len(self._buf))
            for reply in self.model.feed(data):
                self._write(reply)
        return data

    # ------------------------------------------------------------------ screen

    def screen(self) -> str:
        return self.model.text()

    def wait_screen(self, cond: Cond, timeout: float = 30.0) -> float:
        """Read until the screen (outside a synchronized update) satisfies `cond`;
        return the arrival time of the chunk that made it true."""
        pred = _pred(cond)
        end = time.monotonic() + timeout
        while True:
            if not self.model.in_sync and pred(self.model.text()):
                return self.chunks[-1] if self.chunks else time.monotonic()
            left = end - time.monotonic()
            if left <= 0 or self.eof:
                why = "EOF" if self.eof else f"timeout ({timeout} s)"
                raise AssertionError(f"{why} waiting for the screen to show {cond!r}; "
                                     f"screen:\n{self.screen()}\nreports: {self.labels()}")
            self.read(min(left, 0.05))

    def settle(self, quiet: float = 0.3, cap: float = 5.0) -> None:
        """Read until no output came for `quiet` seconds (the frame is complete)."""
        self.drain(quiet=quiet, cap=cap)

    def resize(self, rows: int, cols: int) -> None:
        self.model.resize(cols, rows)
        super().resize(rows, cols)

    def press(self, data: bytes) -> float:
        """Type `data`; return when it was sent."""
        self.type(data)
        return time.monotonic()

    # ------------------------------------------------------------------ reports

    def seen(self, since: int = 0) -> list[Seen]:
        """Every OSC 7501 report in the output (after offset `since`), with its time."""
        out: list[Seen] = []
        for m in OSC7501.finditer(self._buf, since):
            body = parse_body(m.group(1))
            assert body is not None, f"wrap wrote an invalid report: {m.group(0)!r}"
            if isinstance(body, Report):
                i = bisect.bisect_left(self.ends, m.end())
                t = self.chunks[min(i, len(self.chunks) - 1)]
                out.append(Seen(t, m.end(), body))
        return out

    def leave(self, record: str, keys: Sequence[bytes], wait: float = 20) -> None:
        """Type `keys` (0.4 s apart, and each after the program has drawn its answer to the
        one before, up to 2 s more: on a loaded machine a second Ctrl+C typed before the
        first is taken can reach a program already restoring its terminal, as SIGINT;
        none once it has exited) to quit the agent, then check that it exited 0 (within
        `wait` seconds) and that every report was wrap's own record, the last one clearing
        it."""
        mark = self.offset
        for n, key in enumerate(keys):
            if n:
                self.pump(0.4)
                end = time.monotonic() + 2.0
                while self.offset == mark and not self.eof and time.monotonic() < end:
                    self.pump(0.05)
                if self.eof or not self.alive():
                    break
            mark = self.offset
            self.press(key)
        status = self.wait(wait)
        reps = self.seen()
        assert all(s.report.id == record for s in reps), self.labels()
        assert reps[-1].report == Report("clear", id=record), self.labels()
        assert status == 0, (status, self.output[-400:])

    def labels(self, since: int = 0, record: str | None = None) -> list[str]:
        """The state labels of the reports, consecutive repeats collapsed."""
        out: list[str] = []
        for s in self.seen(since):
            if record is not None and s.report.id != record:
                continue
            if not out or out[-1] != s.label:
                out.append(s.label)
        return out

    def wait_report(self, pred: Callable[[Seen], bool], timeout: float = 10.0,
                    since: int = 0) -> Seen:
        """Read until a report after offset `since` satisfies `pred`; return it."""
        end = time.monotonic() + timeout
        while True:
            for s in self.seen(since):
                if pred(s):
                    return s
            left = end - time.monotonic()
            if left <= 0 or self.eof:
                why = "EOF" if self.eof else f"timeout ({timeout} s)"
                raise AssertionError(f"{why} waiting for a report; reports since: "
                                     f"{self.labels(since)}; all: {self.labels()}; "
                                     f"screen:\n{self.screen()}")
            self.read(min(left, 0.05))

    def wait_state(self, label: str, timeout: float = 10.0, since: int = 0) -> Seen:
        """The first report labelled `label` (e.g. ``blocked:permission``) after `since`."""
        return self.wait_report(lambda s: s.label == label, timeout, since)

    @property
    def offset(self) -> int:
        """The output length now (a mark for `since`)."""
        return len(self._buf)


def _pred(cond: Cond) -> Callable[[str], bool]:
    if isinstance(cond, str):
        return lambda s: cond in s
    if isinstance(cond, re.Pattern):
        return lambda s: cond.search(s) is not None
    return cond


# --------------------------------------------------------------------------- wrap's log


@dataclass(frozen=True)
class LogState:
    """One ``state`` line of ``wrap --log``."""

    label: str
    signal: str
    detail: str
    msg: str


_LOG_STATE = re.compile(r"^\S+ state (?P<label>\S+) signal=(?P<signal>\S+) "
                        r"detail=(?P<detail>.*?)(?: msg=(?P<msg>.*))?$")


def log_states(path: Path) -> list[LogState]:
    """The state changes wrap logged, in order."""
    out: list[LogState] = []
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        m = _LOG_STATE.match(line)
        if m:
            out.append(LogState(m["label"], m["signal"], m["detail"], m["msg"] or ""))
    return out


# --------------------------------------------------------------------------- one run


@dataclass
class Run:
    """An agent under wrap: its terminal, the fake API, its sandbox and wrap's log."""

    term: WrapTerm
    api: FakeAPI
    sb: agentrun.Sandbox
    record: str
    log: Path
    notes: list[str] = field(default_factory=list)

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    def note(self, text: str) -> None:
        """A figure or fact worth seeing in the test output (printed at the end)."""
        self.notes.append(text)
        print(text, flush=True)


AGENT_BIN = {
    "claude": agentrun.AGENTS_DIR / "npm" / "claude" / "node_modules" / ".bin",
    "codex": agentrun.AGENTS_DIR / "npm" / "codex" / "node_modules" / ".bin",
    "aider": agentrun.AGENTS_DIR / "aider-venv" / "bin",
    "opencode": agentrun.AGENTS_DIR / "npm" / "opencode" / "node_modules" / ".bin",
    "qwen": agentrun.AGENTS_DIR / "npm" / "qwen" / "node_modules" / ".bin",
    "gemini": agentrun.AGENTS_DIR / "npm" / "gemini" / "node_modules" / ".bin",
    "copilot": agentrun.AGENTS_DIR / "npm" / "copilot" / "node_modules" / ".bin",
    "pi": agentrun.AGENTS_DIR / "npm" / "pi" / "node_modules" / ".bin",
    "kilo": agentrun.AGENTS_DIR / "npm" / "kilo" / "node_modules" / ".bin",
    "grok": agentrun.AGENTS_DIR / "npm" / "grok" / "node_modules" / ".bin",
    "cline": agentrun.AGENTS_DIR / "npm" / "cline" / "node_modules" / ".bin",
}


@contextmanager
def wrapped(agent: str, steps: Callable[[agentrun.Sandbox], list[Step]], *,
            command: Callable[[agentrun.Sandbox, str], tuple[list[str], dict[str, str]]],
            record: str, rows: int = ROWS, cols: int = COLS, answer_7501: bool = True,
            wrap_args: tuple[str, ...] = (), env: dict[str, str] | None = None,
            is_main: Callable[[Request], bool] = default_is_main) -> Iterator[Run]:
    """Run `agent` (by its plain name, found on PATH as wrap would find it) under
    ``wrap --id RECORD --log FILE`` in a fresh sandbox against the fake API.

    `command(sandbox, base_url)` is one of agentrun's ``*_command`` functions (it writes
    the agent's config into the sandbox and returns argv and env); `steps(sandbox)` is
    the scripted model's turns (`is_main` tells its requests from side ones); `env` is
    added to the agent's environment. Everything
    is torn down on the way out; on a failure the sandbox is kept and its path printed.
    """
    sb = agentrun.Sandbox.create(prefix=f"e2e-{agent}-")
    api = FakeAPI()
    api.start()
    term: WrapTerm | None = None
    ok = False
    try:
        api.set_scenario(Scenario(steps(sb), name=agent, is_main=is_main))
        argv, agent_env = command(sb, api.base_url)
        agent_env.update(env or {})
        # The agent by its plain name, as a user runs it: wrap adds Claude Code's hooks
        # only when the program is called `claude`.
        agent_env["PATH"] = f"{wrap_bin_dir()}:{AGENT_BIN[agent]}:{agent_env['PATH']}"
        argv = [agent, *argv[1:]]
        log = sb.root / "wrap.log"
        term = WrapTerm([*wrap_command(), "--id", record, "--log", str(log), *wrap_args,
                         *argv], rows=rows, cols=cols, env=agent_env, cwd=sb.work,
                        answer_7501=answer_7501)
        yield Run(term, api, sb, record, log)
        ok = True
    finally:
        if term is not None:
            term.close()
            print("wrap's state changes: " + ", ".join(
                f"{s.label}<-{s.signal}({s.detail})" for s in log_states(sb.root / "wrap.log")),
                flush=True)
        api.stop()
        if agent == "cline":  # the background hub it leaves for this HOME
            agentrun.cline_stop_hub(sb)
        if ok:
            sb.cleanup()
        else:
            print(f"sandbox kept for inspection: {sb.root}", flush=True)


def osc7501wrap(run: Run, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """An osc7501wrap command (`ls`, `answer`) as the same user in the same sandbox, from
    this source tree (as `wrap` is), not from wherever the venv's install points. The
    terminal is read meanwhile, as a real one is: wrap never stalls writing to it."""
    argv = [sys.executable, "-m", "osc7501wrap", *args]
    env = {**run.sb.base_env(), "PYTHONPATH": str(REPO)}
    with subprocess.Popen(argv, env=env, cwd=run.sb.work, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        end = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < end:
            run.term.pump(0.05)
        try:
            out, err = proc.communicate(timeout=max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError(f"osc7501wrap {' '.join(args)}: no answer in {timeout} s") from None
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def listed_dialog(run: Run, record: str, pred: Callable[[dict[str, Any]], bool] = lambda d: True,
                  timeout: float = 10) -> dict[str, Any]:
    """The dialog `ls --json` shows for `record`, once it has options and `pred` holds."""
    end = time.monotonic() + timeout
    seen = None
    while time.monotonic() < end:
        out = osc7501wrap(run, "ls", "--json").stdout
        for e in json.loads(out or "[]"):
            if e.get("id") == record:
                seen = e.get("dialog")
                if seen and seen["options"] and pred(seen):
                    return seen
        run.term.pump(0.2)
    raise AssertionError(f"no such dialog listed: {seen}; reports: {run.term.labels()}; "
                         f"screen:\n{run.term.screen()}")


# --------------------------------------------------------------------------- answer

#: how long `answer` waits for the dialog to go (its default is 5 s; a busy machine)
ANSWER_WAIT = 20.0

#: an answer: what is given to `answer` (a label, a number) and the number of the option
#: it chooses
Pick = tuple[str, int]


def answered(run: Run, dialog: dict[str, Any], choice: str, number: int) -> None:
    """`answer RECORD CHOICE --dialog ID` on the listed `dialog`: exit 0, and the option
    numbered `number` said chosen (the dialog went away)."""
    label = next(o["label"] for o in dialog["options"] if o["number"] == number)
    r = osc7501wrap(run, "answer", run.record, choice, "--dialog", dialog["id"],
                    "--wait", f"{ANSWER_WAIT:g}")
    line = f"answered {number}. {truncate(clean_text(label), 80)}\n"
    assert (r.returncode, r.stdout) == (0, line), (choice, dialog, r.stderr)
    run.note(f"{run.record}: answer {choice!r}: {r.stdout.strip()}")


def refused_stale(run: Run, stale: dict[str, Any], now: dict[str, Any], words: str) -> None:
    """`answer` naming `stale`, a dialog no longer on screen, while `now` is: refused
    (exit 1, nothing typed), the message naming the dialog on screen (its id, and
    `words` of its question)."""
    r = osc7501wrap(run, "answer", run.record, "1", "--dialog", stale["id"])
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "the dialog changed: it now asks" in r.stderr, r.stderr
    assert f"dialog {now['id']}" in r.stderr and words in r.stderr, (now, r.stderr)
    run.note(f"{run.record}: a stale --dialog: {r.stderr.strip()}")


#: the commands of the answer scenario: one the agent runs, one it refuses
WRITE_ONE = "echo one > one.txt && echo wrote-one"
CLEAN = "rm -rf build"


def write_then_clean(tool: str, **args: object) -> Callable[[agentrun.Sandbox], list[Step]]:
    """The model's side of an answer test: through the agent's shell tool `tool` (with its
    extra `args`), a command that writes one.txt and prints wrote-one (WRITE_ONE), then
    ``rm -rf build`` (CLEAN), then a closing line."""
    def steps(_sb: agentrun.Sandbox) -> list[Step]:
        return [
            ToolUse(tool, {"command": WRITE_ONE, "description": "Write one", **args}, pause=1.0),
            ToolUse(tool, {"command": CLEAN, "description": "Remove the build directory", **args},
                    pause=1.0),
            Text("Understood, the build directory stays.", pause=1.0),
        ]
    return steps


def answer_two(run: Run, first: Callable[[dict[str, Any]], bool], choice1: Pick,
               second: Callable[[dict[str, Any]], bool], choice2: Pick, words: str,
               timeout: float = 60) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two dialogs, one after the other, answered from outside with `answer`, the common
    part of the answer scenario: the dialog `first` holds for, read from the live screen
    (`ls --json`), chosen with ``choice1 = (CHOICE, its number)``; the next one, that
    `second` holds for, listed once the agent went on; an answer still naming the first
    refused, naming the second (its id and `words` of its question); the second chosen
    with `choice2`. Returns both dialogs as listed (the test checks their options and
    what the agent did)."""
    one = listed_dialog(run, run.record, first, timeout)
    run.note(f"{run.record}: options read from the live screen: "
             f"{[(o['label'], o['key'], o['selected']) for o in one['options']]}")
    answered(run, one, *choice1)
    two = listed_dialog(run, run.record, second, timeout)
    assert two["id"] != one["id"], (one, two)
    refused_stale(run, one, two, words)
    answered(run, two, *choice2)
    return one, two


def main_request_with(run: Run, text: str, timeout: float = 30) -> Request:
    """The first main request to the fake API whose body holds `text` (a tool's result
    sent back to the model), waited for."""
    end = time.monotonic() + timeout
    while True:
        for r in run.api.main_requests():
            if text in json.dumps(r.body):
                return r
        if time.monotonic() > end:
            raise AssertionError(f"no request to the model carried {text!r}")
        run.term.pump(0.1)
