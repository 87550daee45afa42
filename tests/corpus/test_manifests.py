"""Every built-in manifest against screens: real captured ones and synthetic variants.

Layout::

    tests/screens/<agent>-<version>/<state>--<class>.txt     rendered from real captures
    tests/screens/synthetic/<agent>/<state>--<class>.txt     written by hand from the
                                                              agents' own strings, with
                                                              wording/order varied; those
                                                              named `--rec-<version>-` were
                                                              recorded from the real agent

`<state>` is `blocked-permission`, `blocked-question`, `blocked-auth`, `blocked` (any
kind), `working`, `idle`, `done` (a finished turn: must classify idle), `error`, or
`none` (no rule may match). Optional sidecars next to a screen: `.title` (window title),
`.progress` (OSC 9;4 text, e.g. `1;42`), `.cursor` (`ROW COL`, 0-based).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from osc7501wrap import rules

SCREENS = Path(__file__).resolve().parents[1] / "screens"
CATALOG = rules.load_manifests(user_dir=None)
EXPECT = {
    "blocked-permission": ("blocked", "permission"),
    "blocked-question": ("blocked", "question"),
    "blocked-auth": ("blocked", "auth"),
    "blocked": ("blocked", None),
    "working": ("working", None),
    "idle": ("idle", None),
    "done": ("idle", None),
    "error": ("error", None),
    "none": (None, None),
}


def _agent_of(dirname: str) -> str:
    """`claude-2.1.328` -> `claude` (the longest known manifest name that prefixes it)."""
    best = ""
    for name in CATALOG.manifests:
        if (dirname == name or dirname.startswith(name + "-")) and len(name) > len(best):
            best = name
    return best or dirname.split("-", 1)[0]


def _screen_files() -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    if not SCREENS.is_dir():
        return out
    for d in sorted(SCREENS.iterdir()):
        if not d.is_dir():
            continue
        if d.name == "synthetic":
            for sub in sorted(x for x in d.iterdir() if x.is_dir()):
                out += [(sub.name, f) for f in sorted(sub.glob("*.txt"))]
        else:
            out += [(_agent_of(d.name), f) for f in sorted(d.glob("*.txt"))]
    return out


def load_snapshot(path: Path) -> rules.Snapshot:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    def side(ext: str) -> str | None:
        p = path.with_suffix(ext)
        return p.read_text(encoding="utf-8").rstrip("\n") if p.exists() else None

    cursor = None
    if (c := side(".cursor")) is not None:
        row, col = c.split()
        cursor = (int(row), int(col))
    return rules.Snapshot(lines, title=side(".title"), progress=side(".progress"),
                          cursor=cursor)


def expected(path: Path) -> tuple[str | None, str | None]:
    prefix = path.stem.split("--", 1)[0]
    if prefix not in EXPECT:
        raise AssertionError(f"{path.name}: unknown state prefix {prefix!r}")
    return EXPECT[prefix]


SCREEN_FILES = _screen_files()


def test_the_screens_are_there() -> None:
    """A missing or empty tests/screens/ fails instead of leaving the tests below with
    nothing to check."""
    assert SCREEN_FILES, f"no screens under {SCREENS}"
    assert {agent for agent, _ in SCREEN_FILES} >= {"claude", "codex", "aider"}


def test_screens_exist() -> None:
    agents = {a for a, _ in SCREEN_FILES}
    assert "claude" in agents and "generic" in agents
    assert len(SCREEN_FILES) >= 40


@pytest.mark.parametrize(
    ("agent", "path"), SCREEN_FILES,
    ids=[f"{p.parent.name}/{p.stem}" for _, p in SCREEN_FILES])
def test_screen(agent: str, path: Path) -> None:
    manifest = CATALOG.get(agent)
    assert manifest is not None, f"no manifest {agent!r} for {path}"
    state, kind = expected(path)
    snap = load_snapshot(path)
    v = rules.evaluate(manifest, snap)
    got = f"{v.state}:{v.kind} (rule {v.rule_id})"
    assert v.state == state, f"{path.name}: expected {state}, got {got}"
    if kind is not None:
        assert v.kind == kind, f"{path.name}: expected kind {kind}, got {got}"
    if state == "blocked":
        assert v.msg, f"{path.name}: a blocked verdict should carry a message"
    # explain() is the same engine: its winner is evaluate()'s verdict
    winners = [t for t in rules.explain(manifest, snap) if t.winner]
    assert [t.id for t in winners] == ([v.rule_id] if v.rule_id else [])


@pytest.mark.parametrize("name", sorted(CATALOG.manifests))
def test_builtin_manifest_is_clean(name: str) -> None:
    m = CATALOG.manifests[name]
    assert m.builtin and m.engine == rules.ENGINE_VERSION
    assert m.rules, f"{name} has no rules"
    assert not CATALOG.errors


def test_every_agent_manifest_has_screens() -> None:
    with_screens = {a for a, _ in SCREEN_FILES}
    missing = sorted(set(CATALOG.manifests) - with_screens)
    assert not missing, f"manifests without any screen test: {missing}"


@pytest.mark.parametrize("name", sorted(CATALOG.manifests))
def test_blank_and_stale_screens_are_not_blocked(name: str) -> None:
    """Nothing on screen, or only old conversation text quoting dialogs, never reads as
    blocked (stale text must not match)."""
    m = CATALOG.manifests[name]
    assert rules.evaluate(m, rules.Snapshot([""] * 40)).state is None
    quoted = [
        "Earlier the tool asked:",
        "  Do you want to proceed?",
        "  ❯ 1. Yes",
        "    2. No",
        "  Password:",
        "  Continue? [y/N]",
        "  Allow execution of: 'rm'?",
        "  Run this command?",
        "Then it went on with the build and printed a long log.",
    ] + [f"log line {i}" for i in range(20)]
    assert rules.evaluate(m, rules.Snapshot(quoted, cursor=(len(quoted), 0))).state != "blocked"


INTERRUPT_SCREENS = [(a, p) for a, p in SCREEN_FILES
                     if p.stem.startswith(("idle--interrupted", "done--"))]


@pytest.mark.parametrize(
    ("agent", "path"), INTERRUPT_SCREENS,
    ids=[f"{p.parent.name}/{p.stem}" for _, p in INTERRUPT_SCREENS])
def test_interrupts_are_read_by_an_interrupt_rule(agent: str, path: Path) -> None:
    """Fusion tells an interrupted turn (idle) from a finished one (done) by the idle rule
    that matched: an `idle--interrupted...` screen must be read by an ``interrupt = true``
    rule, a `done--` screen (a finished turn, maybe under an old interrupt) by one that is
    not."""
    m = CATALOG.get(agent)
    v = rules.evaluate(m, load_snapshot(path))
    assert v.state == "idle", f"{path.name}: {v.state} (rule {v.rule_id})"
    said = any(r.id == v.rule_id and r.interrupt for r in m.rules)
    assert said == path.stem.startswith("idle--interrupted"), (
        f"{path.name}: read by rule {v.rule_id}")


def test_interrupt_screens_exist() -> None:
    agents = {a for a, p in INTERRUPT_SCREENS if p.stem.startswith("idle--interrupted")}
    assert {"claude", "codex", "gemini", "aider"} <= agents
