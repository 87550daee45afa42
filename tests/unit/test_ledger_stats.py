"""The ledger and `stats`: a scripted timeline goes through the ledger's real write path
(the Ledger output, its writer thread, SQLite in WAL) and `osc7501wrap stats` gives back
its known figures (working and blocked seconds, dialogs, median and p90 time to answer,
per agent, project and day, clipped to --since); what is stored by default; the size
bound and the retention."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import sqlite3
import time
from pathlib import Path

import pytest

from osc7501wrap.commands import stats
from osc7501wrap.errors import WrapError
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.report.ledger import Ledger, connect, ledger_path


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OSC7501WRAP_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("OSC7501WRAP_RUNTIME_DIR", str(tmp_path / "run"))
    return tmp_path / "state"


def decision(state: str, kind: str | None = None, msg: str | None = None) -> Decision:
    return Decision(state, kind, msg, None, "screen", "test", 0.0)


def play(timeline: list[tuple[float, str, str | None, str | None]], *, session: str,
         agent: str, project: str, messages: bool = False, **kw: float) -> Ledger:
    """`timeline`: (seconds ago, state, kind, dialog id) through a Ledger output, as a
    session's loop gives them (`now` on the monotonic clock); "exited" is the exit."""
    logs: list[str] = []
    out = Ledger(session=session, pid=4242, agent=agent, project=project, messages=messages,
                 retention_days=kw.get("retention_days", 90), max_mb=kw.get("max_mb", 64),
                 log=logs.append)
    for ago, st, kind, dialog in timeline:
        now = time.monotonic() - ago
        if st == "exited":
            out.exited(0, None, now)
        else:
            out.decided(decision(st, kind, f"msg of {st}"), now,
                        {"id": dialog, "question": "q", "options": []} if dialog else None)
    out.close()
    assert logs == [] or kw.get("logs_ok"), logs
    return out


def run_stats(*args: str) -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--since", default="7d")
    parser.add_argument("--by", default="agent")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--csv", action="store_true")
    buf = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(buf):
        assert stats.cmd_stats(parser.parse_args(args)) == 0
    return buf.getvalue()


# A claude session: idle 100 s, working 300 s, a dialog answered after 60 s, working 140 s,
# another dialog answered after 10 s, and while blocked a third (another command) that
# replaced it after 20 s and was answered after 30 s; done for 90 s, exited.
CLAUDE = [(3600, "idle", None, None), (3500, "working", None, None),
          (3200, "blocked", "permission", "d1"), (3140, "working", None, None),
          (3000, "blocked", "permission", "d2"), (2990, "done", None, None),
          (2980, "working", None, None), (2900, "blocked", "question", "d3"),
          (2880, "blocked", "question", "d4"), (2850, "done", None, None),
          (2760, "exited", None, None)]
# A codex session elsewhere: working 100 s, then a dialog it exited on (not answered).
CODEX = [(1000, "working", None, None), (900, "blocked", "permission", "e1"),
         (800, "exited", None, None)]


def test_a_scripted_timeline_gives_its_figures(state: Path) -> None:
    play(CLAUDE, session="wrap/1", agent="claude", project="/src/app")
    play(CODEX, session="wrap/2", agent="codex", project="/src/lib")
    out = json.loads(run_stats("--json"))
    rows = {r["agent"]: r for r in out["rows"]}
    assert set(rows) == {"claude", "codex"} and out["by"] == "agent"
    c = rows["claude"]
    assert c["host"] is None and c["sessions"] == 1
    assert c["working_s"] == pytest.approx(300 + 140 + 80, abs=0.5)
    assert c["blocked_s"] == pytest.approx(60 + 10 + 20 + 30, abs=0.5)
    assert c["dialogs"] == 4
    # answers: 60, 10, 20 (replaced by another dialog), 30 -> median 25, p90 60
    assert c["answer_median_s"] == pytest.approx(25, abs=0.5)
    assert c["answer_p90_s"] == pytest.approx(60, abs=0.5)
    x = rows["codex"]
    assert x["working_s"] == pytest.approx(100, abs=0.5)
    assert x["blocked_s"] == pytest.approx(100, abs=0.5)
    assert x["dialogs"] == 1 and x["answer_median_s"] is None and x["answer_p90_s"] is None
    t = out["total"]
    assert t["dialogs"] == 5 and t["working_s"] == pytest.approx(620, abs=1)
    # by project, and clipped: only the last 950 s (codex's 50 s of working, its dialog)
    by_project = {r["project"]: r for r in json.loads(run_stats("--json", "--by", "project"))["rows"]}
    assert by_project["/src/app"]["dialogs"] == 4
    clipped = json.loads(run_stats("--json", "--since", "950s"))
    assert [r["agent"] for r in clipped["rows"]] == ["codex"]
    assert clipped["rows"][0]["working_s"] == pytest.approx(50, abs=0.5)
    assert clipped["rows"][0]["blocked_s"] == pytest.approx(100, abs=0.5)


def test_csv_and_text_say_the_same(state: Path) -> None:
    play(CLAUDE, session="wrap/1", agent="claude", project="/src/app")
    rows = list(csv.DictReader(io.StringIO(run_stats("--csv"))))
    assert rows[0]["agent"] == "claude" and rows[0]["dialogs"] == "4"
    assert float(rows[0]["working_s"]) == pytest.approx(520, abs=0.5)
    text = run_stats()
    assert "claude" in text and "8m40s" in text and "2m00s" in text  # 520 s, 120 s
    assert "█" in text and "░" in text
    # the bars per day add up to the 4 dialogs (an hour ago may be yesterday: two bars)
    per_day = [int(n) for n in re.findall(r"(\d+) dialogs?\b", text.split("\n\n")[-1])]
    assert sum(per_day) == 4, text


def test_nothing_yet(state: Path) -> None:
    assert "no ledger yet" in run_stats()
    out = json.loads(run_stats("--json"))
    assert out["rows"] == [] and out["total"]["dialogs"] == 0


def test_by_day_splits_at_local_midnight() -> None:
    midnight = time.mktime(time.strptime("2026-11-30", "%Y-%m-%d"))
    rows = [("s", 1, "claude", "/p", "working", None, midnight - 600),
            ("s", 1, "claude", "/p", "blocked", "permission", midnight + 300),
            ("s", 1, "claude", "/p", "exited", None, midnight + 400)]
    st = stats.compute(rows, since=midnight - 86400, until=midnight + 86400, by="day")
    got = {d: (round(g.working), round(g.blocked), g.dialogs) for (_, d), g in st.groups.items()}
    assert got == {"2026-11-29": (600, 0, 0), "2026-11-30": (300, 100, 1)}


def test_a_running_session_counts_until_now_a_killed_one_not() -> None:
    now = 10_000.0
    rows = [("live", 1, "a", "/p", "blocked", "question", now - 50),
            ("dead", 2, "a", "/p", "working", None, now - 50)]
    st = stats.compute(rows, since=0, until=now, by="agent", alive={("live", 1)})
    g = st.groups[(None, "a")]
    assert g.blocked == 50 and g.working == 0 and g.dialogs == 2 - 1 and g.answers == []


def test_since_parsing() -> None:
    assert stats.parse_since("7d", 1e6) == 1e6 - 7 * 86400
    assert stats.parse_since("90m", 1e6) == 1e6 - 5400
    with pytest.raises(WrapError):
        stats.parse_since("last tuesday", 1e6)


def test_only_agent_project_states_kinds_and_times_by_default(state: Path) -> None:
    play(CODEX, session="wrap/2", agent="codex", project="/src/lib")
    play(CODEX, session="wrap/3", agent="codex", project="/src/lib", messages=True)
    with sqlite3.connect(ledger_path()) as db:
        cols = [r[1] for r in db.execute("PRAGMA table_info(changes)")]
        assert cols == ["id", "session", "pid", "agent", "project", "state", "kind", "at",
                        "msg"]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        msgs = dict(db.execute("SELECT session, group_concat(msg) FROM changes "
                               "GROUP BY session"))
    assert msgs["wrap/2"] is None
    assert msgs["wrap/3"] == "msg of working,msg of blocked"


def test_retention_prunes_old_rows_when_a_writer_opens(state: Path) -> None:
    play([(100 * 86400, "working", None, None), (100 * 86400 - 5, "exited", None, None)],
         session="old", agent="a", project="/p")
    play([(10, "working", None, None), (5, "exited", None, None)], session="new", agent="a",
         project="/p", retention_days=90)
    with sqlite3.connect(ledger_path()) as db:
        assert {r[0] for r in db.execute("SELECT session FROM changes")} == {"new"}


def test_the_size_bound_drops_the_oldest_rows(state: Path) -> None:
    """At ``max_mb`` (SQLite's max_page_count) the oldest quarter goes and the batch is
    written: the newest rows are always there, the file never grows past the bound."""
    path = ledger_path()
    os.makedirs(os.path.dirname(path))
    db = connect(path, max_mb=0.1)
    filled = 0
    try:
        while True:  # fill it to the bound through the same connection settings
            db.execute("INSERT INTO changes (session, pid, agent, project, state, kind, at)"
                       " VALUES (?, 1, 'a', ?, 'working', NULL, ?)",
                       (f"s{filled}", "/p" * 40, time.time() - 5000 + filled * 0.01))
            filled += 1
    except sqlite3.OperationalError as err:
        assert "full" in str(err)
    db.close()
    size = os.path.getsize(path)
    out = play([(10, "working", None, None), (5, "blocked", "question", "q"),
                (1, "exited", None, None)], session="newest", agent="a", project="/p",
               max_mb=0.1, logs_ok=True)
    assert out.writer.written == 3 and not out.writer.off
    with sqlite3.connect(path) as db:
        n = db.execute("SELECT count(*) FROM changes").fetchone()[0]
        newest = db.execute("SELECT count(*) FROM changes WHERE session='newest'").fetchone()[0]
    assert newest == 3 and n < filled
    assert os.path.getsize(path) <= max(size, 0.1 * 1048576 + 65536)


def test_a_corrupt_ledger_is_one_line_for_stats(state: Path) -> None:
    path = Path(ledger_path())
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all\n" * 100)
    with pytest.raises(WrapError) as err:
        run_stats("--json")
    assert err.value.status == 1 and "\n" not in str(err.value)
    assert "cannot be read" in str(err.value)
