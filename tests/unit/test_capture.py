"""osc7501wrap.capture is the one reader of captures: the harness's writer
(tests/agentrun.py) and its read_capture agree with it, and a broken file is one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from agentrun import CaptureWriter
from agentrun import read_capture as harness_read

from osc7501wrap.capture import read_capture
from osc7501wrap.errors import WrapError


def _write(path: Path) -> None:
    w = CaptureWriter(path, cols=100, rows=30, argv=["claude"], agent="claude",
                      agent_version="9.9.9")
    w.output(b"\x1b[2Jhello \xff", t=w.t0 + 0.5)
    w.input(b"y\r", t=w.t0 + 0.2)  # written out of order: the writer sorts on close
    w.resize(80, 24, t=w.t0 + 0.7)
    w.mark("blocked:permission", t=w.t0 + 0.6)
    w.exit(0, t=w.t0 + 0.9)
    w.close()


def test_the_harness_reads_through_the_package_reader(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    _write(path)
    cap = read_capture(path)
    assert (cap.cols, cap.rows) == (100, 30)
    assert [e.type for e in cap.events] == ["i", "o", "m", "r", "x"]
    assert cap.output() == b"\x1b[2Jhello \xff"
    got = harness_read(path)
    assert got.header == cap.header
    assert [(k, v) for _t, k, v in got.records] == [
        ("i", b"y\r"), ("o", b"\x1b[2Jhello \xff"), ("m", "blocked:permission"),
        ("r", "80x24"), ("x", 0)]
    assert [t for t, _k, _v in got.records] == [e.t for e in cap.events]
    assert got.output() == cap.output() and got.marks() == [(0.6, "blocked:permission")]


@pytest.mark.parametrize("text", ["", "not json\n", '{"format": "other"}\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "o", "@@"]\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "r", "big"]\n'])
def test_a_broken_capture_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(WrapError) as info:
        read_capture(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)
    with pytest.raises(ValueError, match=r"bad\.jsonl"):
        harness_read(path)
