"""Fleet-wide `stats`: another machine's ledger answer is untrusted text (strict JSON,
typed changes, clean bounded names, secrets hidden, hostile shapes refused in one line);
several machines' rows add up per machine with a ``host`` on each row, merged per day
and in the total (the median over every answer, not a median of medians); the window
read of a ledger gives the figures of the whole ledger; CSV names never start a
formula."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path

import pytest

from osc7501wrap.commands import stats
from osc7501wrap.fleet.ledgers import MAX_ANSWER, as_feed, parse_ledger
from osc7501wrap.report.ledger import append, connect

TOKEN = "sk-ant-api03-" + "x1Y2z3" * 12
EVIL = ("#(touch PWNED) #{pane_id} $(touch PWNED) %H '\" \x1b]0;PWNED\x07 \x1b[2J\r\n"
        "\u202eevil\u202c \u2066x\u2069 \x9b31m \x00")


def answer(changes: list, alive: list | None = None, now: float = 1000.0) -> str:
    return json.dumps({"ledger": 1, "now": now, "changes": changes, "alive": alive or []})


def test_a_far_answer_is_rebuilt_typed_clean_and_without_secrets() -> None:
    name = EVIL + TOKEN + "y" * 10_000
    now, rows, alive = parse_ledger(answer([
        ["s2", 7, "codex", "/p", "working", None, 20.0],
        ["s1", 7, name, f"/home/u/{TOKEN}/{name}", "blocked", "permission", 10.0],
        ["s1", None, "a", "/p", "exited", None, 5.0],
        ["s3", 7, "a", "/p", "sleeping", None, 1.0],  # a state wrap does not know
        ["s3", 7, "a", "/p", "blocked", "bribe", 1.0],  # a kind wrap does not know
        ["s3", "7", "a", "/p", "done", None, 1.0],  # a pid that is no number
        ["s3", 7, "a", "/p", "done", None, "1"],  # a time that is no number
        ["s3", 7, ["a"], "/p", "done", None, 1.0],
        ["s3", 7, "a", "/p", "done", None],  # short
        "s3", 42, None, {"a": 1},
    ], alive=[["s2", 7], ["s9", "x"], "junk", [name, 1]]))
    assert now == 1000.0
    assert [(r[0], r[1]) for r in rows] == [("s1", None), ("s1", 7), ("s2", 7)]  # sorted
    r = rows[1]
    assert len(r[2]) <= 64 and len(r[3]) <= 512
    assert r[2].startswith("#(touch PWNED) #{pane_id} $(touch PWNED) %H")
    text = json.dumps(rows, ensure_ascii=False)
    assert TOKEN[:20] not in text and "x1Y2z3x1Y2" not in text
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in "".join(r[2:4]))
    assert not any(c in "".join(r[2:4]) for c in "\u202e\u202c\u2066\u2069")
    assert ("s2", 7) in alive and ("s9", None) in alive and len(alive) == 3


@pytest.mark.parametrize("text, why", [
    ("Welcome! Last login: yesterday", "not a ledger answer"),
    ("[]", "no \"ledger\": 1"),
    ('{"feed": 1, "now": 1, "sessions": []}', "no \"ledger\": 1"),
    ('{"ledger": 1, "now": NaN, "changes": []}', "not a ledger answer"),
    ('{"ledger": 1, "now": 1, "changes": {}}', "now, changes, alive"),
    ('{"ledger": 1, "changes": []}', "now, changes, alive"),
    ("[" * 100_000, "not a ledger answer"),
    ("x" * (MAX_ANSWER + 1), "longer than"),
])
def test_what_is_not_a_ledger_answer_is_one_line(text: str, why: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_ledger(text)
    assert why in str(err.value) and "\n" not in str(err.value) and len(str(err.value)) < 200


# one session on each machine: working 100 s, a dialog answered in 10 s (here), 30 s
# (alpha), 50 s (beta); then exited
def timeline(session: str, answer_s: float, t0: float = 1000.0) -> list[tuple]:
    return [(session, 1, "claude", "/p", "working", None, t0),
            (session, 1, "claude", "/p", "blocked", "permission", t0 + 100),
            (session, 1, "claude", "/p", "working", None, t0 + 100 + answer_s),
            (session, 1, "claude", "/p", "exited", None, t0 + 200 + answer_s)]


def test_machines_add_up_each_row_saying_its_host() -> None:
    for by in ("agent", "host"):
        t = stats.Tally(since=0, until=10_000, by=by)
        t.add(timeline("wrap/1", 10))
        t.add(timeline("wrap/1", 30), host="alpha")  # the same session id elsewhere
        t.add(timeline("wrap/1", 50), host="beta")
        st = t.stats([("alpha", None), ("beta", None), ("gone", "cannot reach gone")])
        out = st.as_dict()
        rows = {r["host"]: r for r in out["rows"]}
        assert set(rows) == {None, "alpha", "beta"}
        assert [r["blocked_s"] for r in out["rows"]] == [10, 30, 50]  # this machine first
        assert all(r["working_s"] == 200 and r["sessions"] == 1 for r in out["rows"])
        assert ("agent" in out["rows"][0]) == (by == "agent")
        assert out["total"]["sessions"] == 3 and out["total"]["dialogs"] == 3
        assert out["total"]["answer_median_s"] == 30 and out["total"]["answer_p90_s"] == 50
        assert sum(d["dialogs"] for d in out["days"]) == 3
        assert out["hosts"][2] == {"host": "gone", "answered": False,
                                   "error": "cannot reach gone"}
    text = stats.format_text(st, "7d")
    head = next(x for x in text.splitlines() if x.startswith("HOST"))
    assert head.split()[:2] == ["HOST", "WORKING"]
    assert [x.split()[0] for x in text.splitlines()[3:6]] == ["-", "alpha", "beta"]


def test_csv_names_never_start_a_formula() -> None:
    t = stats.Tally(since=0, until=10_000, by="agent")
    rows = [(s, 1, a, "/p", "working", None, 1000.0) for s, a in
            (("1", "=HYPERLINK(\"http://x\")"), ("2", "+1"), ("3", "@SUM(A1)"), ("4", "-2"))]
    for r in rows:
        t.add([r, (*r[:4], "exited", None, 1100.0)], host="=evil")
    got = list(csv.DictReader(io.StringIO(stats.format_csv(t.stats()))))
    assert {r["host"] for r in got} == {"'=evil"}
    assert sorted(r["agent"] for r in got) == ["'+1", "'-2", "'=HYPERLINK(\"http://x\")",
                                               "'@SUM(A1)"]


def test_the_window_read_gives_the_figures_of_the_whole_ledger(tmp_path: Path) -> None:
    path = str(tmp_path / "ledger.sqlite3")
    db = connect(path)
    now = time.time()
    rows = []
    for i in range(30):  # sessions across 30 hours: some end before the window, some
        t0 = now - 30 * 3600 + i * 3600  # start before it and end in it, some live on
        s = f"wrap/{i}"
        rows += [(s, 100 + i, "a", "/p", "working", None, t0, None),
                 (s, 100 + i, "a", "/p", "blocked", "question", t0 + 1800, None),
                 (s, 100 + i, "a", "/p", "working", None, t0 + 2400, None)]
        if i % 3:
            rows.append((s, 100 + i, "a", "/p", "exited", None, t0 + 5000, None))
    append(db, rows)
    db.close()
    since = now - 7 * 3600 - 600
    alive = {(f"wrap/{i}", 100 + i) for i in range(0, 30, 3)}
    whole = stats.compute(stats.read_rows(path), since=since, until=now, by="agent",
                          alive=alive)
    window = stats.read_rows(path, since)
    assert len(window) < len(stats.read_rows(path)) / 2
    part = stats.compute(window, since=since, until=now, by="agent", alive=alive)
    assert part.as_dict() == whole.as_dict()
    # and as another machine sends it
    feed = json.loads(json.dumps(as_feed(now, window, alive)))
    _, got, live = parse_ledger(json.dumps(feed))
    far = stats.Tally(since=since, until=now, by="agent")
    far.add(got, live)
    assert far.stats().as_dict()["total"] == whole.as_dict()["total"]

