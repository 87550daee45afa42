"""The linear-time rules engine: patterns it cannot run are refused at load, hostile
screens cost linear time, and a rule over its time budget is switched off.

Times are this thread's CPU time (as the engine's own budget is), with bounds ten times
what an idle machine measures: another process on the same cores does not move them.
bench/bench_rules.py has the figures."""

from __future__ import annotations

import time
from pathlib import Path

from osc7501wrap import rules

SLOW = r"(?s)(?:.{0,40}a){20}z"  # linear, but ~25 ms on a 250x60 screen of a's


def manifest(body: str, name: str = "mine") -> rules.Manifest:
    return rules.parse_manifest_text(
        f'[manifest]\nname = "{name}"\nversion = "1"\n{body}', source=f"{name}.toml")


def test_user_manifest_with_a_lookaround_is_refused_and_builtins_work(tmp_path: Path) -> None:
    (tmp_path / "claude.toml").write_text(
        '[manifest]\nname = "claude"\nversion = "9"\n[[rule]]\nid = "peek"\n'
        'state = "idle"\nregion = "screen"\nregex = \'foo(?!bar)\'\n')
    cat = rules.load_manifests(tmp_path)
    assert len(cat.errors) == 1, cat.errors
    line = cat.errors[0]
    print("refused:", line)
    assert "\n" not in line and "claude.toml" in line and "rule peek" in line
    assert "lookarounds" in line and "built-in claude manifest is used instead" in line
    assert cat.get("claude") is not None and cat.get("claude").builtin
    assert len(cat.manifests) >= 8


def test_backreference_is_refused_with_one_line() -> None:
    try:
        manifest('[[rule]]\nid = "b"\nstate = "idle"\nregion = "screen"\n'
                 "line_regex = '(a)\\1'\n")
    except rules.ManifestError as err:
        assert "not supported by the linear-time rules engine" in str(err)
    else:
        raise AssertionError("a backreference was accepted")


def test_catastrophic_pattern_costs_linear_time() -> None:
    m = manifest('[[rule]]\nid = "evil"\nstate = "idle"\nregion = "screen"\n'
                 "line_regex = '(a+)+$'\n")
    for n in (22, 60, 10_000):
        snap = rules.Snapshot(lines=["a" * n + "!"])
        t0 = time.thread_time()
        v = rules.evaluate(m, snap)
        took = time.thread_time() - t0
        print(f"(a+)+$ on {n} a's: {took * 1000:.2f} ms")
        assert v.state is None and took < 0.5  # exponential: minutes


def test_generic_yes_no_question_is_linear_on_wide_lines() -> None:
    generic = rules.load_manifests(None).get("generic")
    assert generic is not None
    for cols in (160, 250, 2000):
        snap = rules.Snapshot(lines=[f"Continue?{' ' * (cols - 17)}12:34:56"],
                              cursor=(0, cols - 1))
        t0 = time.thread_time()
        for _ in range(10):
            rules.evaluate(generic, snap)
        each = (time.thread_time() - t0) / 10
        print(f"generic on a {cols}-column 'Continue?' line: {each * 1000:.3f} ms")
        assert each < 0.05  # quadratic on 2000 columns: far more


def test_rule_over_budget_is_switched_off_with_one_line() -> None:
    m = manifest('[[rule]]\nid = "slow"\nstate = "working"\nregion = "screen"\n'
                 f"regex = '{SLOW}'\n"
                 '[[rule]]\nid = "cheap"\nstate = "idle"\nregion = "bottom:1"\ncontains = "a"\n')
    logged: list[str] = []
    m.health.log = logged.append
    ev = rules.Evaluator(m, index=False)
    screens = [rules.Snapshot(lines=["a" * 250] * 59 + ["a" * (249 - k % 2)]) for k in range(2)]
    took = []
    for k in range(rules.WARM_TRIES + 4):  # two screens in turn: each is matched again
        t0 = time.thread_time()
        v = ev.evaluate(screens[k % 2])
        took.append((time.thread_time() - t0) * 1000)
        if k < rules.WARM_TRIES:  # its first matches are its patterns' warm-up: no strike
            assert not m.health.strikes and not m.health.off
    print("evaluations (ms):", " ".join(f"{x:.1f}" for x in took), "| log:", logged)
    assert "slow" in m.health.off and v.rule_id == "cheap"
    assert len(logged) == 1 and "mine.toml" in logged[0] and "rule slow" in logged[0]
    assert took[-1] < took[0] / 3  # the slow rule no longer runs
    traces = rules.explain(m, screens[0])
    assert traces[0].id == "slow" and not traces[0].matched
    assert "switched off" in traces[0].parts[0].what


def test_over_budget_names_the_file_and_rule_for_doctor() -> None:
    m = manifest(f'[[rule]]\nid = "slow"\nstate = "idle"\nregion = "screen"\nregex = \'{SLOW}\'\n')
    lines = rules.over_budget(m)
    print(lines)
    assert len(lines) == 1 and "mine.toml" in lines[0] and "rule slow" in lines[0]
    for builtin in rules.load_manifests(None).manifests.values():
        assert rules.over_budget(builtin) == [], builtin.name


def test_screen_text_the_matcher_cannot_encode_is_read_not_raised() -> None:
    m = manifest('[[rule]]\nid = "q"\nstate = "blocked"\nkind = "question"\n'
                 "region = \"screen\"\nline_regex = '\\?$'\n")
    v = rules.evaluate(m, rules.Snapshot(lines=["ok \udc80?"], title="\ud800"))
    assert v.rule_id == "q"


def test_rules_that_share_a_pattern_share_its_answer_on_a_region() -> None:
    """Twin rules (a permission and a question of the same shape) hold the same compiled
    pattern; its answer on one region is kept for the second rule, and each rule's other
    conditions still decide."""
    m = manifest('[[rule]]\nid = "perm"\nstate = "blocked"\nkind = "permission"\n'
                 'region = "bottom:3"\nregex = \'(?m)^\\s*> \\w+\'\nline_regex = \'(?i)\\ballow\\b\'\n'
                 '[[rule]]\nid = "ask"\nstate = "blocked"\nkind = "question"\n'
                 'region = "bottom:3"\nregex = \'(?m)^\\s*> \\w+\'\n')
    perm, ask = m.ordered
    assert perm.gate.regex[0] is ask.gate.regex[0]
    assert rules.evaluate(m, rules.Snapshot(lines=["Pick one?", "  > Red", "    Blue"])
                          ).rule_id == "ask"
    assert rules.evaluate(m, rules.Snapshot(lines=["Go on?", "  > Allow", "    Deny"])
                          ).rule_id == "perm"
    assert rules.evaluate(m, rules.Snapshot(lines=["Go on?", "  Allow", "  Deny"])
                          ).rule_id is None
