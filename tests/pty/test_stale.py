"""The stale-manifest note: an agent plainly active while no rule of its manifest matches.

A live ``wrap --agent claude`` around a program that draws a lot and gets keys, but never
anything Claude's rules know, writes one ``looks stale`` line to its log and a note that
``doctor`` shows with the way to record a session; the same program drawing Claude's
composer does not. The watch's own logic is checked on made-up readings.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

from osc7501wrap import rules
from osc7501wrap.commands import doctor
from osc7501wrap.session import stale

DRAWS = r"""
import sys, time
frame = sys.argv[1]
for i in range(70):
    if frame == "composer":
        sys.stdout.write("\x1b[H\x1b[2J● step %d of the plan, reading the files one by one\r\n\r\n" % i
                         + "─" * 78 + "\r\n❯ \r\n" + "─" * 78 + "\r\n  ? for shortcuts\r\n")
    else:
        sys.stdout.write("step %03d: frobnicating the widgets in src/module_%d.py, "
                         "then the gadgets, then the gizmos ...\r\n" % (i, i))
    sys.stdout.flush()
    time.sleep(0.05)
"""


def _run(tmp_path: Path, frame: str) -> tuple[str, Path]:
    state = tmp_path / "state"
    log = tmp_path / "wrap.log"
    env = base_env(OSC7501WRAP_STATE_DIR=str(state), OSC7501WRAP_CONFIG_DIR=str(tmp_path / "c"),
                   OSC7501WRAP_RUNTIME_DIR=str(tmp_path / "run"),
                   OSC7501WRAP_STALE_AFTER="1.0")
    t = Terminal.wrap(["--agent", "claude", "--log", str(log), sys.executable, "-c", DRAWS,
                       frame], env=env)
    try:
        t.expect(b"step" if frame != "composer" else b"for shortcuts")
        for _ in range(6):  # keys typed while it draws
            time.sleep(0.4)
            t.type(b"x")
        assert t.wait(timeout=20) == 0
    finally:
        t.close()
    return log.read_text(encoding="utf-8"), state


def test_active_agent_with_no_rule_matching_is_noted_once(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    text, state = _run(tmp_path, "plain")
    lines = [x for x in text.splitlines() if "looks stale" in x]
    assert len(lines) == 1, text
    assert "manifest claude@" in lines[0] and "osc7501wrap record -o claude.jsonl" in lines[0]
    kept = json.loads((state / stale.FILE).read_text(encoding="utf-8"))
    version = rules.load_manifests(user_dir=None).get("claude").version
    assert kept["claude"]["version"] == version
    # doctor says which manifest and how to record a session for it
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(state))
    warn = [c for c in doctor.check_manifests() if "looks stale" in c.detail]
    assert len(warn) == 1 and warn[0].status == doctor.WARN
    assert warn[0].detail.startswith(f"claude {version} looks stale")
    assert warn[0].fix is not None and "osc7501wrap record -o claude.jsonl --" in warn[0].fix


def test_no_note_while_the_rules_read_the_agent(tmp_path: Path) -> None:
    text, state = _run(tmp_path, "composer")
    assert "looks stale" not in text
    assert "state idle" in text  # the rules did read it
    assert not (state / stale.FILE).exists()


class _V:
    def __init__(self, rule_id: str | None) -> None:
        self.rule_id = rule_id


def test_watch_needs_output_keys_and_time_with_no_match() -> None:
    w = stale.StaleWatch("claude", "1", after=10.0)
    assert w.observe(1.0, _V(None), 1.0, 0, -1.0) is None  # the stretch starts
    assert w.observe(12.0, _V(None), 11.0, 5000, -1.0) is None  # no key typed
    assert w.observe(12.0, _V(None), 11.5, 1000, 5.0) is None  # too little output
    line = w.observe(12.0, _V(None), 11.9, 5000, 5.0)
    assert line is not None and "claude@1 looks stale" in line
    assert w.observe(30.0, _V(None), 29.0, 9000, 28.0) is None  # once per session


def test_watch_starts_again_after_a_match() -> None:
    w = stale.StaleWatch("codex", "2", after=10.0)
    w.observe(0.0, _V(None), 0.0, 0, -1.0)
    w.observe(8.0, _V("composer"), 8.0, 4000, 7.0)  # a rule matched: not stale
    assert w.observe(15.0, _V(None), 14.0, 9000, 14.5) is None  # 1 s of no match only
    assert w.observe(25.0, _V(None), 24.0, 20000, 24.5) is not None


def test_notes_survive_a_broken_file_and_doctor_skips_an_updated_manifest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / stale.FILE).write_text("{not json", encoding="utf-8")
    assert stale.notes(tmp_path) == {}
    stale.remember(tmp_path, "claude", "0000.old", "claude")
    assert stale.notes(tmp_path)["claude"]["version"] == "0000.old"
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path))
    assert not [c for c in doctor.check_manifests() if "looks stale" in c.detail]


def test_stale_after_from_the_environment() -> None:
    assert stale.stale_after({"OSC7501WRAP_STALE_AFTER": "2.5"}) == 2.5
    for bad in ("", "x", "-1", "inf"):
        assert stale.stale_after({"OSC7501WRAP_STALE_AFTER": bad}) == stale.STALE_AFTER
