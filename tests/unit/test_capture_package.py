"""The shape of scripts/capture_agents, the harness behind scripts/capture-agents: one
driver module per pinned agent, each registering only its own agent's scenarios, unique
scenario names, size and language variants that name real scenarios, modules kept short;
nothing under scripts/ imports a module of tests/ (the shared harness is harness/).

Imported in-process (scripts/ on sys.path): importing the package registers the
scenarios and runs nothing. What this does not do: run a scenario (that needs the real
agents: scripts/capture-agents).
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "scripts" / "capture_agents"
TESTS = ROOT / "tests"
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from agentrun import pins  # noqa: E402
from capture_agents import core, scenarios, shared, variants  # noqa: E402

#: the package's modules that are not an agent's driver
SHARED = {"__init__", "core", "shared", "scenarios", "variants", "truth", "runner", "index", "cli"}
#: one module can be read whole: past this, an agent's scenarios go on in an
#: ``<agent>_<topic>.py`` module (listed in scenarios.MODULES), as claude_extra does
MAX_LINES = 700


def _module_of(spec: core.Spec) -> str:
    return spec.body.__module__.rpartition(".")[2]


def test_every_pinned_agent_has_its_module_and_scenarios() -> None:
    registered = Counter(s.agent for s in core.REGISTRY)
    for agent in pins():
        assert (PKG / f"{agent}.py").is_file(), f"{agent}: no scripts/capture_agents/{agent}.py"
        assert agent in scenarios.MODULES, f"{agent}: not in scenarios.MODULES"
        assert scenarios.MODULES[agent][0].__name__ == f"capture_agents.{agent}"
        assert registered[agent] >= 1, f"{agent}: no scenario registered"


def test_every_driver_module_is_listed_and_registers_its_own_agent_only() -> None:
    listed = {m.__name__.rpartition(".")[2]: agent
              for agent, mods in scenarios.MODULES.items() for m in mods}
    on_disk = {p.stem for p in PKG.glob("*.py")} - SHARED
    assert on_disk == set(listed), "a driver module missing from scenarios.MODULES (its scenarios " \
        f"would never be imported) or listed without a file: {sorted(on_disk ^ set(listed))}"
    for name, agent in listed.items():
        assert name == agent or name.startswith(f"{agent}_"), f"{name}.py listed for {agent}"
    by_module: dict[str, set[str]] = {}
    for spec in core.REGISTRY:
        by_module.setdefault(_module_of(spec), set()).add(spec.agent)
    for name, agents in by_module.items():
        assert name in listed, f"{name}.py registers scenarios ({sorted(agents)}) but is no driver"
        assert agents == {listed[name]}, f"{name}.py registers scenarios of {sorted(agents)}"
    assert set(by_module) == set(listed), f"driver modules without a scenario: {set(listed) - set(by_module)}"


def test_scenario_names_are_unique_per_agent() -> None:
    names = Counter((s.agent, s.name) for s in scenarios.all_specs())
    assert [k for k, n in names.items() if n > 1] == []


def test_variants_name_registered_scenarios() -> None:
    base = {(s.agent, s.name) for s in core.REGISTRY}
    wanted = [(agent, name) for agent, names in variants.SIZED.items() for name in names]
    wanted += [(agent, name) for agent, runs in variants.LANGUAGES.items() for name, _, _ in runs]
    assert [w for w in wanted if w not in base] == []


def test_the_list_keeps_each_agent_together_in_module_order() -> None:
    base = scenarios.all_specs()[:len(core.REGISTRY)]  # the variants follow
    assert [s.agent for s in base] == sorted((s.agent for s in base), key=scenarios.AGENTS.index)
    for agent, mods in scenarios.MODULES.items():
        seen = [_module_of(s) for s in base if s.agent == agent]
        assert seen == sorted(seen, key=[m.__name__.rpartition(".")[2] for m in mods].index)


def test_no_module_is_too_long() -> None:
    long = {p.name: n for p in PKG.glob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"over {MAX_LINES} lines: split the agent's scenarios ({long})"


def _python_scripts() -> list[Path]:
    """Every Python file under scripts/, those without a .py suffix too (by their #! line)."""
    return sorted(p for p in (ROOT / "scripts").rglob("*") if p.is_file() and (
        p.suffix == ".py" or p.read_bytes()[:64].split(b"\n")[0].endswith(b"python3")))


def _test_modules() -> set[str]:
    """The names tests/ makes importable (its modules and packages, top level)."""
    return {p.stem for p in TESTS.glob("*.py")} | {
        p.name for p in TESTS.iterdir() if p.is_dir() and any(p.glob("*.py"))}


def test_scripts_import_nothing_from_tests() -> None:
    """No import statement under scripts/ names a module of tests/, and no script puts
    tests/ on sys.path."""
    ours = _test_modules() - {"conftest"}
    assert {"require", "e2e", "term"} <= ours  # what the check looks for is there
    found = []
    for path in _python_scripts():
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in ours]
        if '"tests")' in text.replace(" ", "") and "sys.path" in text:
            found += [f"{path.relative_to(ROOT)}: tests/ on sys.path"]
    assert found == []



def test_the_shared_scenarios_use_known_steps_and_each_agent_gives_its_words() -> None:
    """Every row of the shared table names a step there is; each registration gave
    every word its rows take (registering raises otherwise: importing the package did)."""
    for name, spec in shared.SHARED.items():
        verbs = [row[1] if row[0].startswith("?") else row[0] for row in spec.steps]
        assert [v for v in verbs if v not in shared.VERBS] == [], name
    runs = {(s.agent, s.name) for s in core.REGISTRY if _module_of(s) != "shared"}
    assert {("grok", "answer"), ("cline", "command-approve"), ("codex", "exec-approve")} <= runs
    words = {"streamed": False, "x": "spinner"}
    assert shared._fill(("?streamed", "answered", 1), words) is None
    assert shared._fill(("shot", "a-{x}", shared.W("y", 2)), words) == ("shot", "a-spinner", 2)
    with pytest.raises(KeyError):
        shared._fill(("sleep", shared.W("silence")), words)


def test_a_refusal_row_runs_what_follows_the_agents_refusal() -> None:
    """The refusing scenarios' rows (command-deny, multiline, long-command) wait for the
    model's answer where the agent's refusal lets it answer, and only for its composer
    where the turn stops; each driver that refuses says which, and nothing else is taken."""
    deny = shared.SHARED["deny"].steps
    answered = [shared._fill(r, {"refusal_answered": True, "refusal_stops": False, "asks": "?",
                                 "after_refusal": "answer", "refused_end": "Understood."})
                for r in deny]
    stopped = [shared._fill(r, {"refusal_answered": False, "refusal_stops": True, "asks": "?",
                                "after_refusal": "idle", "back": str.isascii}) for r in deny]
    assert ("turn_end", "Understood.") in answered and ("shot", "done--after-deny") in answered
    assert ("shot", "idle--after-deny") not in answered
    assert ("shot", "idle--after-deny") in stopped
    assert [r for r in stopped if r and r[0] == "turn_end"] == []
    shared_body = next(s.body.__code__ for s in core.REGISTRY if s.agent == "grok" and s.name == "answer")
    refusing = [s for s in core.REGISTRY
                if s.name in ("command-deny", "multiline", "long-command")
                and s.body.__code__ is shared_body]
    assert {s.agent for s in refusing} >= {"continue", "vibe", "kimi", "deepagents", "mini"}
    with pytest.raises(ValueError, match="'answer' or 'idle'"):
        shared.register("x", "command-deny", "d", module=__name__, like="deny", asks="?",
                        tool_name="t", after_refusal="later", refusal_reply=[])
