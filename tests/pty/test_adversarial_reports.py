"""Report validity under fuzz: for fuzzed screen text (ESC, BEL, C1, bidi controls,
invalid UTF-8, 1 MB lines) every report wrap writes parses and stays within every limit,
and so do the session listing and the log. Through wrap on a real pty."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from term import Terminal, base_env

from osc7501wrap import protocol

CHILD = str(Path(__file__).with_name("fuzz_screen.py"))
OWN = re.compile(rb"\x1b\]7501;([^\x07\x18\x1a\x1b]*)(\x1b\\|\x07)?")
BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f"
                      "\u2060\u061c\ufeff\ud800-\udfff]")


def _check_text(where: str, text: str | None, limit: int) -> None:
    if text is None:
        return
    assert BAD_TEXT.search(text) is None, (where, text[:200])
    assert len(text.encode("utf-8")) <= limit, (where, len(text.encode()))


@pytest.mark.parametrize("seed", [11, 12])
def test_reports_from_fuzzed_screens_parse_and_keep_every_limit(rundir: Path, tmp_path: Path,
                                                                seed: int) -> None:
    env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                   OSC7501WRAP_RUNTIME_DIR=str(rundir))
    log = tmp_path / "wrap.log"
    listings: list[dict[str, object]] = []
    with Terminal.wrap(["--emit", "always", "--log", str(log), "--id", f"fuzz/{seed}",
                        sys.executable, CHILD, str(seed), "24"], env=env, rows=30,
                       cols=120) as t:
        end = time.monotonic() + 60
        while b"FUZZ-DONE" not in t.output and time.monotonic() < end:
            t.pump(0.5)
            done = subprocess.run([sys.executable, "-m", "osc7501wrap", "ls", "--json"],
                                  env=env, capture_output=True, text=True, timeout=30)
            listings.extend(json.loads(done.stdout or "[]"))
        assert b"FUZZ-DONE" in t.output
        t.wait(timeout=20)
        out = t.output
    reports = []
    for m in OWN.finditer(out):
        body, term = m.group(1), m.group(2)
        if body == b"?":
            continue  # wrap's own probe
        assert term == b"\x1b\\", body[:100]
        assert len(m.group(0)) <= protocol.MAX_SEQUENCE
        rep = protocol.parse_body(body)
        assert isinstance(rep, protocol.Report), body[:200]
        _check_text("msg", rep.msg, protocol.MAX_MSG)
        _check_text("title", rep.title, protocol.MAX_TITLE)
        reports.append(rep)
    blocked = [r for r in reports if r.state == "blocked"]
    # the listings and the log were there to check: this session, with fuzzed dialogs
    assert listings and {e.get("id") for e in listings} == {f"fuzz/{seed}"}, listings[:2]
    assert any(e.get("state") == "blocked" and e.get("msg") for e in listings), listings[-2:]
    for entry in listings:
        for key in ("msg", "title", "agent", "state", "cwd"):
            v = entry.get(key)
            if isinstance(v, str):
                _check_text(f"ls {key}", v, 4096)
    lines = log.read_text(encoding="utf-8", errors="strict").splitlines()
    assert lines, log
    for line in lines:
        _check_text("log", line, 64 * 1024)
    print(f"\nseed {seed}: {len(reports)} reports ({len(blocked)} blocked, longest msg "
          f"{max((len((r.msg or '').encode()) for r in reports), default=0)} bytes), "
          f"{len(listings)} listings, {len(lines)} log lines: all valid, within limits")
    assert reports and blocked
