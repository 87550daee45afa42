"""osc7501wrap.capture is the one reader of captures: the harness's writer
(tests/agentrun.py) and its read_capture agree with it, and a broken file is one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from agentrun import CaptureWriter
from agentrun import read_capture as harness_read

from osc7501wrap.capture import read_capture
from osc7501wrap.errors import WrapError
from osc7501wrap.fusion.drive import capture_events
from osc7501wrap.fusion.events import Activity, Foreground, Typed


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


HEAD = '{"format": "osc7501wrap-capture", "version": 1}\n'


@pytest.mark.parametrize("text", ["", "not json\n", '{"format": "other"}\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "o", "@@"]\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "r", "big"]\n',
                                  HEAD + '[0, "f", [0, "vim", false]]\n',
                                  HEAD + '[0, "f", [12, "vim", 1]]\n',
                                  HEAD + '[0, "a", ["yes", "using CPU"]]\n',
                                  HEAD + '[0, "a", [true]]\n'])
def test_a_broken_capture_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(WrapError) as info:
        read_capture(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)
    with pytest.raises(ValueError, match=r"bad\.jsonl"):
        harness_read(path)


def test_the_samples_a_session_recorded_are_the_core_s_events_again(tmp_path: Path) -> None:
    """``f`` and ``a`` records (what the session's samples handed the core) read back as
    the same events; typing goes to the program only while it is in front."""
    path = tmp_path / "samples.jsonl"
    path.write_text(HEAD + '[0.1, "i", "YQ=="]\n[0.2, "f", [4242, "vim $(x) #{y}", false]]\n'
                    '[0.3, "i", "Yg=="]\n[0.4, "a", [true, "using CPU"]]\n'
                    '[0.5, "f", [100, "python", true]]\n[0.6, "i", "Yw=="]\n'
                    '[0.7, "z", "a future record"]\n')
    got = list(capture_events(read_capture(path)))
    assert got == [(0.1, Typed(b"a", True)), (0.2, Foreground(4242, "vim $(x) #{y}", False)),
                   (0.3, Typed(b"b", False)), (0.4, Activity(True, "using CPU")),
                   (0.5, Foreground(100, "python", True)), (0.6, Typed(b"c", True))]
