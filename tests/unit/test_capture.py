"""osc7501wrap.capture writes and reads the capture format (``record``, the agent harness
and scripts/capture-agents all write through it): every event kind makes the round
trip, events dated back are put in order, and a broken file is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from osc7501wrap.capture import FORMAT, VERSION, CaptureWriter, process_rows, read_capture
from osc7501wrap.errors import WrapError
from osc7501wrap.fusion.drive import capture_events
from osc7501wrap.fusion.events import Activity, Foreground, Typed

UNTRUSTED = "#(touch x) #{pane_id} %H $(id) \"q' \x1b[31m \u202e" + "x" * 10_000


def _write(path: Path) -> CaptureWriter:
    w = CaptureWriter(path, cols=100, rows=30, argv=["claude", "-p"], agent="claude",
                      agent_version="9.9.9", term="xterm-256color")
    w.output(b"\x1b[2Jhello \xff", at=w.t0 + 0.5)
    w.input(b"y\r", at=w.t0 + 0.2)  # dated before the output already written
    w.resize(24, 80, at=w.t0 + 0.7)
    w.mark("blocked:permission", at=w.t0 + 0.6)
    w.processes([(7, 1, "sleep", UNTRUSTED)], at=w.t0 + 0.65)
    w.hook("Stop", {"msg": UNTRUSTED}, at=w.t0 + 0.8)
    w.exit(3, at=w.t0 + 0.9)
    w.annotate(truth={"source": "hooks", "events": [[0.6, "blocked:permission", "x"]]})
    return w


def test_every_event_kind_makes_the_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    w = _write(path)
    assert w.marks() == [(0.6, "blocked:permission")]
    w.close()
    w.close()  # twice is harmless
    w.output(b"late")  # after close: dropped, no error
    cap = read_capture(path)
    assert list(cap.header) == ["format", "version", "cols", "rows", "argv", "agent",
                                "agent_version", "term", "truth"]
    assert (cap.header["format"], cap.header["version"]) == (FORMAT, VERSION)
    assert (cap.cols, cap.rows, cap.header["argv"]) == (100, 30, ["claude", "-p"])
    assert cap.header["truth"]["source"] == "hooks"
    assert [(e.t, e.type) for e in cap.events] == [
        (0.2, "i"), (0.5, "o"), (0.6, "m"), (0.65, "p"), (0.7, "r"), (0.8, "h"), (0.9, "x")]
    assert cap.events[0].data == b"y\r" and cap.output() == b"\x1b[2Jhello \xff"
    assert cap.markers() == [(0.6, "blocked:permission")]
    assert process_rows(cap.events[3].payload) == [(7, 1, "sleep", UNTRUSTED)]
    assert cap.events[4].payload == "80x24"
    assert cap.events[5].payload == {"event": "Stop", "data": {"msg": UNTRUSTED}}
    assert cap.events[6].payload == 3


def test_events_in_order_are_written_once_and_kept_as_written(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    w = CaptureWriter(path, rows=24, cols=80, argv=["sh"])
    w.output(b"a", at=w.t0 + 0.1)
    w.output(b"b", at=w.t0 + 0.1)
    w.output(b"c", at=w.t0 - 5)  # before the start: time 0, out of order
    before = path.read_text(encoding="utf-8")  # flushed as it goes: a crash keeps it
    assert len(before.splitlines()) == 4
    w.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)[0] for x in lines[1:]] == [0.0, 0.1, 0.1]
    assert read_capture(path).output() == b"cab"  # a stable sort: a before b


def test_an_unknown_marker_is_refused(tmp_path: Path) -> None:
    w = CaptureWriter(tmp_path / "c.jsonl", rows=24, cols=80, argv=["sh"])
    with pytest.raises(ValueError, match="unknown state label"):
        w.mark("busy")
    w.mark("done")
    w.close()
    assert read_capture(tmp_path / "c.jsonl").markers()[0][1] == "done"


def test_an_unwritable_capture_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(WrapError) as info:
        CaptureWriter(tmp_path / "no" / "such" / "c.jsonl", rows=24, cols=80, argv=["sh"])
    assert "\n" not in str(info.value) and "c.jsonl" in str(info.value)


HEAD = '{"format": "osc7501wrap-capture", "version": 1}\n'


@pytest.mark.parametrize("text", ["", "not json\n", '{"format": "other"}\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "o", "@@"]\n',
                                  '{"format": "osc7501wrap-capture", "version": 1}\n[0, "r", "big"]\n',
                                  HEAD + '[0, "f", [0, "vim", false]]\n',
                                  HEAD + '[0, "f", [12, "vim", 1]]\n',
                                  HEAD + '[0, "a", ["yes", "using CPU"]]\n',
                                  HEAD + '[0, "a", [true]]\n',
                                  HEAD + '[0, "c", "1.5"]\n', HEAD + '[0, "c", -1]\n',
                                  HEAD + '[0, "c", true]\n'])
def test_a_broken_capture_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(WrapError) as info:
        read_capture(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


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
