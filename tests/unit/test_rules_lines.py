"""The incremental engine gives the answers of the plain one, doing only what changed.

`rules.lines.LineIndex` answers every line pattern as matching the region's text would;
`rules.Evaluator` gives the verdict `rules.evaluate` gives, over streams of screens that
change a few lines at a time, and matches again only the rules whose region changed.
"""

from __future__ import annotations

import random

import pytest
from test_rules import PIECES, random_screen

from osc7501wrap import rules
from osc7501wrap.rules import engine
from osc7501wrap.rules.lines import LineIndex
from osc7501wrap.rules.regions import EMPTY, Screen, Text


@pytest.fixture(scope="module")
def cat() -> rules.Catalog:
    c = rules.load_manifests(None)
    assert not c.errors
    return c


def _regions(m: rules.Manifest) -> list[rules.Region]:
    return list(dict.fromkeys(r.region for r in m.ordered))


def test_line_index_answers_as_each_pattern_on_the_region(cat: rules.Catalog) -> None:
    rng = random.Random(5)
    checked = 0
    for m in cat.manifests.values():
        index = LineIndex.build(m)
        assert index is not None, m.name
        for _ in range(40):
            scr = Screen(random_screen(rng))
            index.begin()
            texts = [scr.region(reg) for reg in _regions(m)]
            texts += [EMPTY, Text(("",), ""), Text(("", ""), "\n"),
                      Text(("a title\nwith a newline",), "a title\nwith a newline")]
            for t in texts:
                for p in index.patterns:
                    assert index.hit(p, t) == p.test(t.raw), (m.name, p.pattern, t.text)
                    checked += 1
    assert checked > 10000


def _mutate(rng: random.Random, snap: rules.Snapshot) -> rules.Snapshot:
    """The next frame: a few lines changed (most often one, like a spinner)."""
    lines = list(snap.lines) or [""]
    for _ in range(rng.choice([1, 1, 1, 2, 5])):
        i = rng.randrange(len(lines))
        lines[i] = " " * rng.randint(0, 2) + " ".join(
            rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.1:
        lines.append(rng.choice(PIECES))
    title = snap.title if rng.random() < 0.9 else rng.choice([None, "⠋ x", "✳ Claude"])
    cursor = snap.cursor if rng.random() < 0.8 else (rng.randint(0, 40), 0)
    return rules.Snapshot(lines, title=title, progress=snap.progress, cursor=cursor)


def test_evaluator_gives_the_verdicts_of_evaluate_over_a_stream(cat: rules.Catalog) -> None:
    rng = random.Random(11)
    kept_in_all = 0
    for m in cat.manifests.values():
        full, some = rules.Evaluator(m, skip=False), rules.Evaluator(m, skip=False)
        keeping = rules.Evaluator(m)
        snap = random_screen(rng)
        in_a_row = 0
        for _ in range(150):
            want = rules.evaluate(m, snap)
            assert full.evaluate(snap) == want, m.name
            got = some.evaluate(snap, ("blocked", "error"))
            assert (got.state, got.kind, got.rule_id) == (want.state, want.kind, want.rule_id)
            if got.state in ("blocked", "error"):
                assert got.msg == want.msg
            before = keeping.skips
            kept = keeping.evaluate(snap)
            if keeping.skips > before:  # kept unmatched: never more than FULL_EVERY - 1
                in_a_row += 1
                assert in_a_row < engine.FULL_EVERY
                assert kept.state in ("working", "idle", None)
            else:
                in_a_row = 0
                assert kept == want, m.name
            snap = _mutate(rng, snap) if rng.random() < 0.9 else random_screen(rng)
        kept_in_all += keeping.skips
    assert kept_in_all > 50  # one-line changes that read as before were kept


CLAUDE_SCREEN = [
    "● Reading the files…",
    "  ⎿  Read 3 files",
    "",
    "✻ Pondering… (3s · esc to interrupt)",
    "",
    "─" * 60,
    "❯ ",
    "─" * 60,
    "  ? for shortcuts",
]


def test_a_spinner_frame_matches_only_the_rules_that_read_its_line(
        cat: rules.Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    m = cat.get("claude")
    assert m is not None
    matched: list[str] = []
    real = engine.match

    def counting(gate: rules.Gate, t: Text, *args: object) -> bool:
        matched.extend(r.id for r in m.ordered if r.gate is gate)
        return real(gate, t, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "match", counting)
    ev = rules.Evaluator(m)
    first = ev.evaluate(rules.Snapshot(list(CLAUDE_SCREEN)))
    assert first.rule_id == "spinner"
    assert len(matched) > 8  # the blocked and error rules before it were all tried

    matched.clear()
    assert ev.evaluate(rules.Snapshot(list(CLAUDE_SCREEN))) == first
    assert matched == []  # the same screen: nothing matched again

    frame = list(CLAUDE_SCREEN)
    frame[3] = "✶ Pondering… (4s · esc to interrupt)"
    matched.clear()
    assert ev.evaluate(rules.Snapshot(list(frame))).rule_id == "spinner"
    assert matched == [] and ev.skips == 1  # one line changed and reads as before

    for k in range(engine.FULL_EVERY - 2):
        frame[3] = f"✶ Pondering… ({5 + k}s · esc to interrupt)"
        ev.evaluate(rules.Snapshot(list(frame)))
    assert matched == [] and ev.skips == engine.FULL_EVERY - 1
    frame[3] = "✻ Pondering… (9s · esc to interrupt)"
    assert ev.evaluate(rules.Snapshot(list(frame))).rule_id == "spinner"  # in full
    # only rules whose region holds the spinner's line, up to the one that matched
    assert matched and set(matched) <= {"question_select", "tall_dialog", "api_error",
                                        "spinner"}
    assert "permission_dialog" not in matched  # after_rule did not change

    matched.clear()
    frame[3] = "✻ Worked for 9s"  # the same line, read differently: matched at once
    done = ev.evaluate(rules.Snapshot(list(frame)))
    assert matched and done == rules.evaluate(m, rules.Snapshot(list(frame)))
    assert (done.state, done.rule_id) == ("idle", "turn_done")

    dialog = [*frame[:5], "─" * 60, " Bash command", "   rm -rf build", "",
              " Do you want to proceed?", " ❯ 1. Yes", "   2. No", "", " Esc to cancel"]
    got = ev.evaluate(rules.Snapshot(dialog))
    assert got == rules.evaluate(m, rules.Snapshot(dialog))
    assert got.state == "blocked"


def test_a_set_that_finds_nothing_is_not_used(cat: rules.Catalog,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An RE2 set whose automaton ran out of memory finds nothing, silently: the build
    checks it against each pattern alone, and the engine then matches them one by one."""
    import re2

    class Blind:
        def __init__(self, real: object) -> None:
            self.real = real

        def Add(self, p: str) -> int:
            return self.real.Add(p)  # type: ignore[attr-defined]

        def Compile(self) -> None:
            self.real.Compile()  # type: ignore[attr-defined]

        def Match(self, data: bytes) -> None:
            return None

    real = re2.Set.SearchSet
    monkeypatch.setattr(re2.Set, "SearchSet", lambda opts=None: Blind(real(opts)))
    m = cat.get("claude")
    assert m is not None
    assert LineIndex.build(m) is None
    ev = rules.Evaluator(m)
    snap = rules.Snapshot(list(CLAUDE_SCREEN))
    assert ev.evaluate(snap) == rules.evaluate(m, snap)
    assert ev.evaluate(snap).rule_id == "spinner"
