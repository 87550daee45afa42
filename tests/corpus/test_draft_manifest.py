"""`osc7501wrap draft-manifest`: a manifest drafted from one recorded session of an agent.

Drafted from one Grok CLI capture by the fallback rules alone (the `grok` manifest plays
no part: the draft is named and kept as a user override that replaces it), the draft
reads every Grok CLI session of the corpus: each dialog found, none where there is none,
working and idle agreeing with the truth. Kept in the user rules directory, `replay
--agent grok` and `explain --agent grok` use it. A capture whose screen text is hostile
(quotes, `#(...)`, `$(...)`, `%H`, regex metacharacters, bidi marks, controls, rows of
10,000 cells) drafts a TOML that parses and whose patterns the loader compiles with RE2,
each still matching the row it was made from; the fallback's named patterns go with the
rules that name them; a capture with nothing to draft from is one line of error.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import test_corpus as tc

from osc7501wrap.capture import read_capture
from osc7501wrap.commands.draft import draft, generalize
from osc7501wrap.commands.record import replay
from osc7501wrap.rules.load import parse_manifest_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_corpus as bc

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
GROK = TESTS / "captures" / "grok-0.0.34"
FROM = GROK / "bash-approve.jsonl"


def _figures(path: Path, manifest: object) -> tuple[float, int, int, list[str]]:
    """(agreement, dialogs found, dialogs, false blocked) of `manifest` on a capture."""
    cap = read_capture(path)
    rep = tc.Replayed(tc.capture_name(path), cap, manifest, "pyte",
                      replay(cap, manifest, backend="pyte"))
    agree, scored = bc.agreement(rep)
    found = dialogs = 0
    for i, mk in enumerate(rep.markers):
        if mk.state != "blocked":
            continue
        dialogs += 1
        since = rep.markers[i - 1].t if i else -1.0
        found += any(d.t > max(since, mk.t - tc.WINDOWS["blocked"][0]) and tc.agrees(mk.label, d)
                     for d in rep.decisions)
    return agree / scored, found, dialogs, tc.false_blocked(rep)


def test_a_draft_from_one_grok_session_reads_them_all() -> None:
    text = draft(read_capture(FROM))
    m = parse_manifest_text(text, "grok.toml")
    assert (m.name, m.programs, m.verified) == ("grok", ("grok",), False)
    assert {r.id for r in m.rules} == {"dialog_list", "spinner", "composer"}
    assert not m.install and not m.integration  # data only
    paths = sorted(GROK.glob("*.jsonl"))
    assert len(paths) >= 7
    for path in paths:
        agreement, found, dialogs, false = _figures(path, m)
        assert found == dialogs and not false, (path.name, found, dialogs, false)
        assert agreement >= 0.98, (path.name, agreement)
    d = next(x for x in m.rules if x.id == "dialog_list")
    assert d.state == "blocked" and d.kind == "permission"


def test_the_draft_kept_as_a_user_override_is_what_replay_and_explain_use(
        tmp_path: Path) -> None:
    env = {**os.environ, "OSC7501WRAP_CONFIG_DIR": str(tmp_path), "PYTHONPATH": str(REPO)}
    out = tmp_path / "rules" / "grok.toml"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=env,
                              capture_output=True, text=True, timeout=120)

    made = run("draft-manifest", str(FROM), "-o", str(out))
    assert made.returncode == 0 and made.stdout == "", made.stderr
    assert "replay --agent grok" in made.stderr and str(tmp_path / "rules") in made.stderr
    again = run("draft-manifest", str(FROM), "-o", str(out))
    assert again.returncode == 1 and again.stderr.count("\n") == 1  # no overwrite
    timeline = json.loads(run("replay", "--agent", "grok", "--json", str(FROM)).stdout)
    assert timeline["manifest"] == "grok@draft.1"
    states = [s["state"] for s in timeline["timeline"] if not s.get("marker")]
    assert {"working", "blocked", "done"} <= set(states), states
    shown = run("explain", "--agent", "grok", str(GROK / "stream.jsonl"))
    assert "grok draft.1" in shown.stdout and "verdict: idle" in shown.stdout, shown.stdout


CLINE = TESTS / "captures" / "cline-3.0.65"


def test_a_draft_reads_its_spinner_where_the_answer_pushed_it() -> None:
    # Cline draws its spinner at the head of the streaming answer: as the answer grows the
    # spinner row moves up, out of the bottom rows where the fallback found it
    m = parse_manifest_text(draft(read_capture(CLINE / "command-approve.jsonl")), "cline.toml")
    spinner = next(r for r in m.rules if r.id == "spinner")
    assert spinner.region.kind == "screen"
    for name in ("stream", "answer", "command-deny", "interrupt", "negatives"):
        agreement, found, dialogs, false = _figures(CLINE / f"{name}.jsonl", m)
        assert agreement >= 0.98 and found == dialogs and not false, (name, agreement, false)


HOSTILE = ("\"q' #(id) #{pane_id} %H $(touch /tmp/pwned) `id` \\ [.*+?^$|(){}] "
           "\u202eevil\u202c \u200b x" + "A" * 9800)


def _capture(path: Path, frames: list[str], argv: list[str]) -> Path:
    head = {"format": "osc7501wrap-capture", "version": 1, "cols": 10000, "rows": 24,
            "argv": argv}
    lines = [json.dumps(head)]
    for n, frame in enumerate(frames):
        data = ("\x1b[H\x1b[2J" + frame.replace("\n", "\r\n")).encode()
        lines.append(json.dumps([0.5 + n, "o", base64.b64encode(data).decode()]))
    lines.append(json.dumps([0.5 + len(frames), "x", 0]))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_hostile_screen_text_drafts_an_inert_toml(tmp_path: Path) -> None:
    composer = f"╭{'─' * 40}╮\n│ ❯ {HOSTILE}\n╰{'─' * 40}╯"
    frames = [
        composer,
        f"⠋ {HOSTILE} (3s · esc to interrupt)\n{composer}",
        f"⠙ Working {HOSTILE[:60]} (4s · esc to interrupt)\n{composer}",
        f"Run {HOSTILE}?\n\n 1. Yes {HOSTILE}\n 2. No\n\n"
        f"↑↓ navigate • Enter select • Esc cancel {HOSTILE}",
    ]
    path = _capture(tmp_path / "hostile.jsonl", frames, ['/x/"ev\'il #(id).JS'])
    text = draft(read_capture(path))
    data = tomllib.loads(text)  # parses
    assert data["manifest"]["name"] == "ev-il-id"
    m = parse_manifest_text(text, "hostile.toml")  # every pattern compiled by RE2
    assert {r.id for r in m.rules} == {"dialog_list", "spinner", "composer"}
    for bad in ("\u202e", "\u200b", "\x1b", "\x07"):
        assert bad not in text
    assert len(text) < 20000  # rows are cut, not copied whole
    # the escaped rows still match what they were made from (as shown: no format marks)
    shown = re.sub("[\u202e\u202c\u200b]", "", HOSTILE)
    hint = f"↑↓ navigate • Enter select • Esc cancel {shown}"
    assert re.search(generalize(hint), hint)
    spinner = next(r for r in data["rule"] if r["id"] == "spinner")
    row = f"⠼ {shown} (12s · esc to interrupt)"  # another frame of the spinner
    assert any(re.search(g["line_regex"], row) for g in spinner["any"]), spinner["any"]
    composer = next(r for r in data["rule"] if r["id"] == "composer")
    assert [g["line_regex"] for g in composer["any"]] == ["^\\s*│\\s*❯"]


def test_a_capture_with_nothing_to_draft_from_is_one_line(tmp_path: Path) -> None:
    path = _capture(tmp_path / "plain.jsonl", ["$ make\nok"], ["make"])
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    r = subprocess.run([sys.executable, "-m", "osc7501wrap", "draft-manifest", str(path)],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "none of a dialog" in r.stderr, r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a capture\n")
    r = subprocess.run([sys.executable, "-m", "osc7501wrap", "draft-manifest", str(bad)],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize(("row", "matches", "not_matches"), [
    ("(3s · ↑ 1.2k tokens)", "(1m 20s · ↑ 793 tokens)", "(3s · ↓ 1.2k tokens)"),
    ("a.b*c", "a.b*c", "aXbbc"),
])
def test_generalize(row: str, matches: str, not_matches: str) -> None:
    assert re.search(generalize(row), matches)
    assert not re.search(generalize(row), not_matches)


def test_a_draft_keeps_the_named_patterns_of_the_rules_it_copies() -> None:
    # the fallback's dialog rule names its option words as a pattern: the draft copies the
    # rule with the reference, so it must carry the [patterns] table for it to load
    text = (REPO / "rules" / "generic.toml").read_text(encoding="utf-8")
    rule = next(r for r in tomllib.loads(text)["rule"] if r["id"] == "tui_dialog_list")
    literal = "'" + rule["all"][0]["line_regex"] + "'"
    inline = "all = [{ line_regex = " + literal + " }]"
    assert inline in text
    named = text.replace("[patterns]\n", f"[patterns]\noption_words = {literal}\n", 1)
    named = named.replace(inline, "all = [{ line_regex = '(?&option_words)' }]")
    out = draft(read_capture(FROM), fallback=named)
    assert "(?&option_words)" in out
    m = parse_manifest_text(out, "grok.toml")
    assert "option_words" in m.named_patterns
    agreement, found, dialogs, false = _figures(FROM, m)
    assert dialogs and found == dialogs and not false and agreement >= 0.98
