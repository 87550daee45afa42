"""Hostile rules through a real pty: a catastrophic pattern, a 1 GiB manifest and a
manifest of 1,024 patterns neither freeze the terminal nor stall the first key."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from term import STALL, Terminal, base_env

from osc7501wrap.rules import Evaluator, load_manifests

A60 = "printf '%060d!\\n' 0 | tr 0 a; exec cat"


def _first_echo(t: Terminal, ready: bytes) -> float:
    t.expect(ready, timeout=15)
    t0 = time.monotonic()
    t.type(b"x")
    t.expect(b"x", timeout=10)
    return time.monotonic() - t0


def test_catastrophic_user_regex_cannot_freeze_the_terminal(rundir: Path,
                                                            tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    (cfg / "rules" / "generic.toml").write_text(
        '[manifest]\nname = "generic"\nversion = "1"\n[[rule]]\nid = "evil"\n'
        "state = \"blocked\"\nkind = \"question\"\nregion = \"screen\"\n"
        "line_regex = '(a+)+$'\n")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    with Terminal.wrap(["--emit", "always", "sh", "-c", A60], env=env, cols=120) as t:
        t.expect(b"a" * 60 + b"!", timeout=15)
        worst = 0.0
        for i in range(20):
            t0 = time.monotonic()
            t.type(b"k%02d\n" % i)
            t.expect(b"k%02d" % i, timeout=5)
            worst = max(worst, time.monotonic() - t0)
            t.pump(0.05)
        t0 = time.monotonic()
        t.kill(signal.SIGTERM)
        status = t.wait(timeout=5)
        took = time.monotonic() - t0
    print(f"\n(a+)+$ with 60 a's on screen: worst echo {worst * 1000:.1f} ms, "
          f"SIGTERM -> exit {status} in {took * 1000:.0f} ms")
    assert worst < STALL and status == 143 and took < STALL  # (a+)+$ on 60 a's: forever


def test_huge_sparse_manifest_is_refused_unread(rundir: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    with open(cfg / "rules" / "big.toml", "wb") as f:
        f.truncate(1 << 30)  # 1 GiB, sparse
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    t0 = time.monotonic()
    with Terminal.wrap(["sh", "-c", "echo READY; exec cat"], env=env) as t:
        first = _first_echo(t, b"READY")
        start = time.monotonic() - t0
        t.type(b"\n\x04")
        assert t.wait(timeout=10) == 0
        text = t.text
    print(f"\n1 GiB sparse manifest: start to READY+echo {start * 1000:.0f} ms, "
          f"first echo {first * 1000:.1f} ms")
    assert text.count("big.toml: file larger than 512 KiB") == 1
    assert start < 2 * STALL and first < STALL


def test_many_pattern_manifest_does_not_stall_the_first_key(rundir: Path,
                                                           tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    rules = []
    for r in range(32):
        pats = ", ".join(f"'^word{r}x{i}(?:foo|bar)+\\\\s*[a-z]{{3}}$'" for i in range(32))
        rules.append(f'[[rule]]\nid = "r{r}"\nstate = "working"\nregion = "screen"\n'
                     f"any = [{{ line_regex = [{pats}] }}]\n")
    (cfg / "rules" / "generic.toml").write_text(
        '[manifest]\nname = "generic"\nversion = "1"\n' + "".join(rules))
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    with Terminal.wrap(["--emit", "always", "sh", "-c", "echo READY; exec cat"],
                       env=env) as t:
        first = _first_echo(t, b"READY")
        t.type(b"\n\x04")
        assert t.wait(timeout=10) == 0
        assert "wrap: " not in t.text
    t0 = time.perf_counter()  # what the first key would wait for if it waited: the
    Evaluator(load_manifests(cfg / "rules").get("generic"))  # compile, here, as loaded
    compile_s = time.perf_counter() - t0
    print(f"\n1,024-pattern manifest: first echo {first * 1000:.1f} ms, its compile "
          f"{compile_s * 1000:.0f} ms")
    assert first < compile_s


def test_doctor_names_a_rule_over_its_budget(tmp_path: Path) -> None:
    import subprocess
    import sys

    cfg = tmp_path / "cfg"
    (cfg / "rules").mkdir(parents=True)
    (cfg / "rules" / "slow.toml").write_text(
        '[manifest]\nname = "slow"\nversion = "1"\n[[rule]]\nid = "big_scan"\n'
        "state = \"working\"\nregion = \"screen\"\nregex = '(?s)(?:.{0,40}a){20}z'\n")
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(cfg))
    done = subprocess.run([sys.executable, "-m", "osc7501wrap", "doctor"], env=env,
                          capture_output=True, text=True, timeout=120)
    lines = [x for x in done.stdout.splitlines() if "over the budget" in x]
    print("\ndoctor:", lines)
    assert len(lines) == 1 and "slow.toml" in lines[0] and "rule big_scan" in lines[0]
