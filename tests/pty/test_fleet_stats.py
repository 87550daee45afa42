"""`stats` across machines over real ssh: two "machines" on loopback (test_fleet's
fixture: an sshd each, their own HOME, `~/bin/osc7501wrap` a launcher of this tree),
each with a ledger written through the ledger's own write path (real SQLite, WAL) from a
scripted timeline, and the viewer with one of its own. Shown: `stats --json --host
alpha --host beta` merges the three with a ``host`` on every row and the figures of the
timelines, per agent and per machine (``--by host``), in CSV and text too; beta's clock
is two hours ahead (its own `osc7501wrap`, and its ledger, on a shifted clock) and its
figures still fall in the window; hostile names in a far ledger (shell and tmux syntax,
controls, bidi marks, 10 KB, a token) are inert and the token hidden; a machine that is
down, or whose osc7501wrap hangs, is one line and the others' figures still come, within
the timeout."""

from __future__ import annotations

import csv
import io
import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from term import REPO, Terminal
from test_fleet import ASK, Fleet, fleet  # noqa: F401  (the fixture)

from osc7501wrap.report.ledger import append, connect

pytestmark = pytest.mark.requires("sshd")

SKEW = 7200.0  # beta's clock is this far ahead
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
EVIL = ("#(touch PWNED) #{pane_id} $(touch PWNED) `touch PWNED` %H '\" \x1b]0;PWNED\x07 "
        "\x1b[2J\r\n\u202eevil\u202c \u2066x\u2069 \x9b31m ")
SKEWED = """import time
_real = time.time
time.time = lambda: _real() + {skew!r}
"""
SKEWED_LAUNCHER = """#!/bin/sh
PYTHONPATH={skew}:{repo} exec {python} -m osc7501wrap "$@"
"""
HUNG_LAUNCHER = "#!/bin/sh\nexec sleep 1000\n"

# (seconds ago, state, kind) of one session; "exited" ends it
CLAUDE = [(1000, "working", None), (700, "blocked", "permission"), (640, "working", None),
          (540, "blocked", "question"), (530, "done", None), (500, "exited", None)]
CODEX = [(900, "working", None), (850, "blocked", "permission"), (730, "working", None),
         (700, "exited", None)]


def write_ledger(state: Path, session: str, agent: str, project: str,
                 timeline: list[tuple[float, str, str | None]], clock: float = 0.0) -> None:
    """`timeline` into the ledger of a machine whose state directory is `state` and
    whose clock is `clock` seconds ahead."""
    db = connect(str(state / "ledger.sqlite3"), max_mb=64)
    now = time.time() + clock
    try:
        append(db, [(session, 4242, agent, project, st, kind, now - ago, None)
                    for ago, st, kind in timeline])
    finally:
        db.close()


def far_state(home: Path) -> Path:
    return home / ".local" / "state" / "osc7501wrap"


def stats(fl: Fleet, *args: str, hosts: tuple[str, ...] = ("alpha", "beta"),
          timeout: float = 60) -> tuple[Any, float]:
    t0 = time.monotonic()
    done = fl.o7w("stats", *args, *(x for h in hosts for x in ("--host", h)),
                     timeout=timeout)
    return done, time.monotonic() - t0


def skew_beta(fl: Fleet) -> None:
    """beta's osc7501wrap on a clock SKEW seconds ahead."""
    d = fl.beta.root / "skew"
    d.mkdir()
    (d / "sitecustomize.py").write_text(SKEWED.format(skew=SKEW))
    (fl.beta.home / "bin" / "osc7501wrap").write_text(SKEWED_LAUNCHER.format(
        skew=shlex.quote(str(d)), repo=shlex.quote(str(REPO)),
        python=shlex.quote(sys.executable)))


def inert(text: str) -> None:
    assert not any((ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in text)
    assert not any(c in text for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_stats_merges_two_machines_and_this_one(fleet: Fleet) -> None:  # noqa: F811
    skew_beta(fleet)
    write_ledger(fleet.base / "viewer" / "state", "wrap/1", "claude", "/here", CLAUDE)
    write_ledger(far_state(fleet.alpha.home), "wrap/2", "claude", "/there", CLAUDE)
    evil = EVIL + "y" * 10_000
    write_ledger(far_state(fleet.beta.home), "wrap/3", "codex" + evil,
                 f"/srv/{TOKEN}/{evil}", CODEX, clock=SKEW)
    done, _ = stats(fleet, "--json", "--since", "1h")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = json.loads(done.stdout)
    rows = {(r["host"], r["agent"][:5]): r for r in out["rows"]}
    assert set(rows) == {(None, "claud"), ("alpha", "claud"), ("beta", "codex")}, rows
    for key in ((None, "claud"), ("alpha", "claud")):
        c = rows[key]  # working 300 + 100, blocked 60 + 10, answered in 60 and 10
        assert c["working_s"] == pytest.approx(400, abs=1), key
        assert c["blocked_s"] == pytest.approx(70, abs=1), key
        assert c["dialogs"] == 2 and c["sessions"] == 1
        assert c["answer_median_s"] == pytest.approx(35, abs=1)
    x = rows[("beta", "codex")]  # in the window although its clock says two hours later
    assert x["working_s"] == pytest.approx(80, abs=2) and x["blocked_s"] == pytest.approx(120, abs=2)
    assert x["dialogs"] == 1 and x["answer_p90_s"] == pytest.approx(120, abs=2)
    t = out["total"]
    assert t["dialogs"] == 5 and t["sessions"] == 3
    assert t["working_s"] == pytest.approx(880, abs=3)
    assert sum(d["dialogs"] for d in out["days"]) == 5
    assert out["hosts"] == [{"host": "alpha", "answered": True, "error": None},
                            {"host": "beta", "answered": True, "error": None}]
    # the far names: one clean bounded line, the token hidden
    assert x["agent"].startswith("codex#(touch PWNED) #{pane_id} $(touch PWNED)")
    assert len(x["agent"]) <= 64 and TOKEN not in done.stdout
    inert(json.dumps(out, ensure_ascii=False))
    # one row per machine
    done, _ = stats(fleet, "--json", "--since", "1h", "--by", "host")
    by_host = {r["host"]: r for r in json.loads(done.stdout)["rows"]}
    assert set(by_host) == {None, "alpha", "beta"}
    assert by_host["beta"]["blocked_s"] == pytest.approx(120, abs=2)
    assert by_host["alpha"]["dialogs"] == 2
    # CSV and text say the same, inert
    done, _ = stats(fleet, "--csv", "--since", "1h", "--by", "project")
    got = list(csv.DictReader(io.StringIO(done.stdout)))
    assert sorted(r["host"] for r in got) == ["", "alpha", "beta"]
    assert {r["project"] for r in got if r["host"] == "alpha"} == {"/there"}
    inert(done.stdout)
    assert TOKEN not in done.stdout
    done, _ = stats(fleet, "--since", "1h")
    text = done.stdout
    assert text.splitlines()[2].split()[:2] == ["HOST", "AGENT"], text
    assert any(x.startswith("alpha ") and "claude" in x for x in text.splitlines()), text
    assert any(x.startswith("beta ") and "codex#(touch PWNED)" in x
               for x in text.splitlines()), text
    inert(text)
    assert TOKEN not in text
    per_day = [int(n) for n in re.findall(r"(\d+) dialogs?\b", text.split("per day")[-1])]
    assert sum(per_day) == 5, text


def test_a_machine_down_or_hung_is_one_line_and_never_a_wait(fleet: Fleet) -> None:  # noqa: F811
    (fleet.base / "viewer" / "config").mkdir(parents=True)
    (fleet.base / "viewer" / "config" / "config.toml").write_text(
        '[fleet]\nhosts = ["alpha", "beta"]\ntimeout = 3\n')
    write_ledger(far_state(fleet.alpha.home), "wrap/2", "claude", "/there", CLAUDE)
    write_ledger(far_state(fleet.beta.home), "wrap/3", "codex", "/srv", CODEX)
    fleet.beta.sshd.down()
    done, took = stats(fleet, "--json", "--since", "1h", "--no-local", hosts=())
    assert done.returncode == 0, done.stderr
    assert took < 3 + 2 + 5, took
    (line,) = done.stderr.splitlines()
    assert line.startswith("osc7501wrap stats: beta: no figures (cannot reach beta"), line
    out = json.loads(done.stdout)
    assert [(r["host"], r["agent"]) for r in out["rows"]] == [("alpha", "claude")]
    assert out["hosts"][1]["host"] == "beta" and not out["hosts"][1]["answered"]
    # alpha's osc7501wrap hangs (its sshd answers): the timeout ends it
    (fleet.alpha.home / "bin" / "osc7501wrap").write_text(HUNG_LAUNCHER)
    fleet.beta.sshd.up()
    done, took = stats(fleet, "--json", "--since", "1h", "--no-local", hosts=())
    assert done.returncode == 0, done.stderr
    assert took < 3 + 2 + 5, took
    assert done.stderr == "osc7501wrap stats: alpha: no figures (cannot reach alpha: no " \
                          "answer from alpha in 3 s)\n", done.stderr
    out = json.loads(done.stdout)
    assert [(r["host"], r["agent"]) for r in out["rows"]] == [("beta", "codex")]
    # the text view says the same line and shows what came
    done, _ = stats(fleet, "--since", "1h", "--no-local", hosts=())
    assert "beta" in done.stdout and "codex" in done.stdout
    assert done.stderr.count("\n") == 1


def test_far_ages_are_the_far_machines_whatever_its_clock(fleet: Fleet) -> None:  # noqa: F811
    """beta two hours ahead, its wrap too: its session's `since` is two hours ahead of
    this clock; ls, watch and events show it as just now, not two hours from now."""
    skew_beta(fleet)
    env = {**fleet.beta.env(), "PYTHONPATH": str(fleet.beta.root / "skew")}
    fleet.beta.made.append(Terminal.wrap(["--id", "b/ask", "sh", "-c", ASK], env=env,
                                         rows=30, cols=100, cwd=str(fleet.beta.home)))
    rows = fleet.wait_rows(lambda rs: any(r["state"] == "blocked" for r in rs),
                           "beta blocked")
    (row,) = [r for r in rows if r["host"] == "beta"]
    assert abs(row["since"] - time.time()) < 30, row["since"] - time.time()
    # the far clock really is ahead: its own feed says so
    far = subprocess.run([*shlex.split(fleet.env()["OSC7501WRAP_SSH"]), "beta",
                          "~/bin/osc7501wrap feed --once"], capture_output=True, text=True,
                         timeout=30)
    feed = json.loads(far.stdout)
    assert feed["now"] - time.time() == pytest.approx(SKEW, abs=30)
    assert feed["sessions"][0]["since"] - time.time() == pytest.approx(SKEW, abs=60)
    frame = fleet.o7w("watch", "--once", "--host", "beta").stdout
    line = next(x for x in frame.splitlines() if x.startswith("◆ blocked  beta"))
    assert re.search(r"\b\d{1,2}s\b", line), frame
    ev = fleet.o7w("events", "--once", "--host", "beta", "--no-local").stdout
    (e,) = [json.loads(x) for x in ev.splitlines() if '"session"' in x
            and json.loads(x).get("state") == "blocked"]
    assert abs(e["since"] - time.time()) < 30
