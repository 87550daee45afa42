"""Start-up cost of `wrap CMD`: what is imported before the child starts.

Every `wrap` run pays for each module imported before its child starts, and a few of the
standard library's are expensive (typing, dataclasses with inspect/ast/dis/tokenize,
pathlib, socket, json, secrets with hashlib/hmac/random, re with enum, selectors: each a
millisecond or more).
These tests fail when one of them comes back on that path: at import of the modules `wrap`
loads first, and in a real run, up to the moment the child runs, with a terminal that
answers the OSC 7501 probe and with reporting off.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from term import Terminal, base_env

#: Standard modules (and package modules) that the start-up boundary must not load.
HEAVY = (
    "typing", "dataclasses", "inspect", "ast", "dis", "tokenize", "pathlib", "socket",
    "json", "secrets", "hashlib", "hmac", "random", "contextlib", "argparse", "tomllib",
    "subprocess", "threading",
    # re (and enum under it), selectors, the signal module's enum wrappers: ~7 ms together
    # (`python -X importtime`)
    "re", "enum", "selectors", "signal",
    # the package's own, loaded when the pipeline boots (or for --id, hooks, a registry)
    "osc7501wrap.protocol.report", "osc7501wrap.protocol.sanitize",
    "osc7501wrap.protocol.encoder", "osc7501wrap.protocol.parse",
    "osc7501wrap.stream.scanner",
    "osc7501wrap.session.registry", "osc7501wrap.start.hook",
    "osc7501wrap.agents.claude_hooks",
    "osc7501wrap.fusion.pipeline", "osc7501wrap.rules", "osc7501wrap.screen",
)

#: What the run-time modules `wrap CMD` needs before the child (the loop, the session,
#: the control socket, the config) load as plain idiomatic Python: re (the console script
#: imports it anyway; config compiles its regexes at import), enum under it, and signal.
#: Their price is measured, not guarded here: `wrap true` within 2.5x of `python -c pass`
#: (bench/bench_proxy.py). socket (2.0 ms with selectors) stays out: see session/channel.py.
BEFORE_CHILD = {"re", "enum", "signal"}
HEAVY_BEFORE_CHILD = tuple(m for m in HEAVY if m not in BEFORE_CHILD)

#: The modules `wrap CMD` imports before the child starts.
STARTUP_MODULES = ("osc7501wrap.start.cli", "osc7501wrap.start.prepare",
                   "osc7501wrap.session.session", "osc7501wrap.config",
                   "osc7501wrap.paths", "osc7501wrap.session.channel",
                   "osc7501wrap.protocol.probe", "osc7501wrap.protocol.tmux",
                   "osc7501wrap.proxy.proxy")

# Runs `wrap ARGS` in this process and prints the HEAVY modules that were not loaded at
# the start but were by the time Session.started() returned (the child runs then).
RUN_AND_REPORT = """
import sys
heavy = {heavy!r}
before = set(sys.modules)
from osc7501wrap.session import session
seen = []
started = session.Session.started
def spy(self, proxy):
    started(self, proxy)
    seen.extend(sorted(m for m in heavy if m in sys.modules and m not in before))
session.Session.started = spy
from osc7501wrap.start.cli import wrap_main
status = wrap_main({args!r})
sys.stdout.write("\\r\\nLOADED=" + ",".join(seen) + ";STATUS=" + str(status) + "\\r\\n")
"""


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    e = base_env()
    e["OSC7501WRAP_CONFIG_DIR"] = str(tmp_path / "config")  # no config.toml: no tomllib
    e["OSC7501WRAP_STATE_DIR"] = str(tmp_path / "state")
    return e


def test_modules_wrap_loads_first_import_nothing_heavy(env: dict[str, str]) -> None:
    code = ("import sys; before = set(sys.modules); "
            f"import {', '.join(STARTUP_MODULES)}; "
            f"print(','.join(sorted(m for m in {HEAVY_BEFORE_CHILD!r} "
            "if m in sys.modules and m not in before)))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


#: Every module of the start-up boundary (found in the directory, so a new one is
#: covered), and what each may load beyond none of HEAVY.
_START = Path(__file__).resolve().parents[2] / "osc7501wrap" / "start"
BOUNDARY = [*sorted(f"osc7501wrap.start.{p.stem}" for p in _START.glob("*.py")
                    if p.stem != "__init__"), "osc7501wrap.agents.claude_hooks"]
ALLOWED = {
    # `emit` encodes with the protocol module, which compiles its regexes at import
    "osc7501wrap.start.emit": {"re", "enum", "osc7501wrap.protocol", "osc7501wrap.protocol.report",
                               "osc7501wrap.protocol.sanitize", "osc7501wrap.protocol.encoder"},
}


@pytest.mark.parametrize("module", BOUNDARY)
def test_the_start_up_boundary_imports_nothing_heavy(env: dict[str, str], module: str) -> None:
    code = ("import sys; before = set(sys.modules); "
            f"import {module}; "
            f"print(','.join(sorted(m for m in {HEAVY!r} "
            "if m in sys.modules and m not in before)))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    loaded = {m for m in done.stdout.strip().split(",") if m} - {module}
    assert loaded <= ALLOWED.get(module, set()), f"{module} loads {sorted(loaded)}"
    assert "osc7501wrap.start.prepare" in BOUNDARY and len(BOUNDARY) >= 5


@pytest.mark.parametrize(("args", "answer"), [
    (["true"], True),  # the probe runs and the terminal answers: OSC 7501 reports on
    (["--emit", "never", "true"], False),
    (["sh", "-c", "sleep 0.2"], True),  # the child runs: still nothing heavy before it
])
def test_nothing_heavy_is_loaded_before_the_child_starts(
        env: dict[str, str], rundir: Path, args: list[str], answer: bool) -> None:
    env["OSC7501WRAP_RUNTIME_DIR"] = str(rundir)
    code = RUN_AND_REPORT.format(heavy=HEAVY_BEFORE_CHILD, args=args)
    t = Terminal([sys.executable, "-c", code], env=env, answer_7501=answer,
                 answer_da1=answer)
    try:
        assert t.wait(timeout=20) == 0
    finally:
        t.close()
    m = re.search(rb"LOADED=([^;]*);STATUS=(\d+)", t.output)
    assert m is not None, t.output[-300:]
    assert m.group(2) == b"0"
    assert m.group(1).decode() == ""
    if answer:
        assert t.queries, "wrap did not probe the terminal"


class _FakeProxy:
    child_pid = os.getpid()
    tracker = None  # the stream tracker the session reads the title from: not read here

    def send_to_child(self, data: bytes) -> None:
        raise AssertionError("nothing to type ahead")

    def add_fd(self, fd: int, callback: object) -> None:
        self.fd = fd

    def use_timer_fd(self, tfd: object) -> None:
        self.timer_fd = tfd

    def call_at(self, when: float, callback: Callable[[], None]) -> object:
        from osc7501wrap.proxy.proxy import Timer

        return Timer(when, callback)  # the boot's timer: not run here


def test_registry_entry_waits_for_the_boot_unless_hooks_report(
        rundir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from osc7501wrap.session.session import Session
    from osc7501wrap.start.prepare import RunOptions, prepare

    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path / "config"))
    setup = prepare(RunOptions(["true"], emit="never"))
    session = Session(setup.spec())
    session.started(_FakeProxy())  # type: ignore[arg-type]
    try:
        # the socket now (the loop asks for its fd once), the registry entry at the boot
        assert session.server is not None and session.registry is None
        assert sorted(p.name for p in rundir.iterdir()) == [f"{os.getpid()}.sock"]
    finally:
        session.close()
    assert list(rundir.iterdir()) == []

    # Claude Code hooks: events, `ls` and `send` may come at once
    session = Session(setup.spec().replace(hooked=True))
    session.started(_FakeProxy())  # type: ignore[arg-type]
    try:
        assert session.registry is not None
        assert {p.name for p in rundir.iterdir()} == {f"{os.getpid()}.sock",
                                                       f"{os.getpid()}.json"}
    finally:
        session.close()
    assert list(rundir.iterdir()) == []


# Runs `wrap ARGS` in this process and prints whether OpenSSL's hashlib was loaded by the
# end of the run, and whether a dialog was decided (its id is a SHA-256).
RUN_FOR_DIGEST = """
import sys
from osc7501wrap.fusion import pipeline
ids = []
handle = pipeline.Pipeline.handle
def spy(self, event, now):
    effects = handle(self, event, now)
    if effects.dialog is not None:
        ids.append(effects.dialog.id)
    return effects
pipeline.Pipeline.handle = spy
from osc7501wrap.start.cli import wrap_main
status = wrap_main({args!r})
sys.stdout.write("\\r\\nOPENSSL=" + str("_hashlib" in sys.modules) + ";IDS=" + str(len(ids))
                 + ";STATUS=" + str(status) + "\\r\\n")
"""


def test_a_session_with_a_dialog_loads_no_openssl(env: dict[str, str], rundir: Path) -> None:
    """A dialog's id is a SHA-256 (osc7501wrap/digest.py): taken from the interpreter's own
    module, not hashlib's, which maps libcrypto (3.9 MiB of RSS) into every session."""
    try:
        import _sha256  # noqa: F401  (CPython 3.11)
    except ImportError:
        pytest.importorskip("_sha2")  # CPython 3.12 and later; another interpreter: hashlib's
    env["OSC7501WRAP_RUNTIME_DIR"] = str(rundir)
    code = RUN_FOR_DIGEST.format(args=["sh", "-c", "printf 'Remove old files? [y/N] '; sleep 2"])
    t = Terminal([sys.executable, "-c", code], env=env)
    try:
        assert t.wait(timeout=30) == 0
    finally:
        t.close()
    m = re.search(rb"OPENSSL=(\w+);IDS=(\d+);STATUS=(\d+)", t.output)
    assert m is not None, t.output[-300:]
    assert int(m.group(2)) > 0, "no dialog was decided"
    assert m.group(1) == b"False"
