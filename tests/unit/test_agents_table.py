"""harness/agents.py, the one description of each agent under test: one per pinned agent,
options its command builder takes, keys the harness can type, the e2e profiles and the
capture drivers built from it, and its screen readings held against the recorded screens
of the pinned release (tests/screens; tests/heldout/<agent>-<version>/screens for an agent
recorded only to measure the fallback on).

What it does not do: run an agent (tests/e2e, scripts/capture-agents).
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import agentrun
import agents
import e2e_agents
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "tests" / "screens"
HELD_OUT = ROOT / "tests" / "heldout"
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

from capture_agents import scenarios  # noqa: E402
from capture_agents.core import REGISTRY  # noqa: E402

DESCRIBED = list(agents.AGENTS.values())


def _screens(d: agents.Description, prefix: str) -> list[tuple[str, str]]:
    """The pinned release's recorded screens named ``<prefix>...`` (name, text), in its
    default language (a ``-lang-`` run's screens are another language's)."""
    release = f"{d.name}-{d.pin.version}"
    folder = HELD_OUT / release / "screens" if d.name in agents.RECORDED_ONLY else SCREENS / release
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(folder.glob(f"{prefix}*.txt"))
            if "-lang-" not in p.name]


def test_one_description_per_pinned_agent_and_per_driver() -> None:
    assert set(agents.AGENTS) == set(agentrun.pins())
    assert set(agents.AGENTS) == set(scenarios.AGENTS)
    assert {s.agent for s in REGISTRY} <= set(agents.AGENTS)
    assert [a.name for a in e2e_agents.AGENTS] == [n for n in agents.AGENTS if n not in agents.RECORDED_ONLY]
    assert set(agents.AGENTS) >= agents.RECORDED_ONLY


@pytest.mark.parametrize("d", DESCRIBED, ids=lambda d: d.name)
def test_options_and_keys_are_ones_the_harness_knows(d: agents.Description) -> None:
    takes = inspect.signature(d.command).parameters
    assert [o for o in d.options if o not in takes] == []
    keys = [k for leave in d.leave for k in leave.keys] + [d.approve_key]
    keys += list(d.release_approve_keys.values())
    keys += [d.notice[1]] if d.notice else []
    assert [k for k in keys if k not in agentrun.AgentRun.KEYS and len(k) != 1] == []
    assert d.leave and all(leave.wait > 0 for leave in d.leave)


def test_run_command_passes_only_the_options_the_agent_takes(tmp_path: Path) -> None:
    seen: list[dict[str, object]] = []

    def builder(sb: object, url: str, *, args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
        seen.append({"args": args})
        return ["x"], {"A": "1"}

    d = agents.Description("x", builder, started=bool, ended=bool, drawn=bool,
                           env=agents.kilo_env)
    argv, env = d.run_command(agentrun.Sandbox.create(prefix="table-"), "http://127.0.0.1:1",
                              {"args": ["-v"], "trust": False, "env": {"OPENCODE_X": "$(id)"}})
    assert argv == ["x"] and seen == [{"args": ["-v"]}]
    assert env == {"A": "1", "KILO_X": "$(id)"}  # taken as text, renamed, run by nothing
    bare = agents.Description("x", builder, started=bool, ended=bool, drawn=bool)
    assert bare.run_command(None, "u", {"env": {"B": "2"}}) == (["x"], {"A": "1"})  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", e2e_agents.AGENTS, ids=lambda a: a.name)
def test_each_e2e_profile_is_its_description(profile: e2e_agents.Agent) -> None:
    d = agents.AGENTS[profile.name]
    assert (profile.started, profile.drawn, profile.is_main) == (d.started, d.drawn, d.is_main)
    assert (profile.start_wait, profile.start_settle) == (d.start_wait, d.start_settle)
    assert profile.approve_key == agents.key_bytes(d.approve_key)
    assert getattr(profile.command, "func", profile.command) is d.command
    first = tuple(agents.key_bytes(k) for k in d.leave[0].keys)
    assert profile.leave_keys == first or profile.name == "kilo"


@pytest.mark.parametrize("d", DESCRIBED, ids=lambda d: d.name)
def test_the_readings_hold_on_the_pinned_release_screens(d: agents.Description) -> None:
    """Up and idle on its first idle screen, never on a dialog (while it works, its
    composer may be drawn: what ``started`` reads is only waited for at the start); a
    permission dialog it draws in full reads as drawn (where the release has one
    recorded); no dialog and no spinner reads as a turn's end, and a recorded turn's end
    does."""
    idle = _screens(d, "idle--prompt") or _screens(d, "idle--")
    blocked = _screens(d, "blocked-permission--")
    done = _screens(d, "done--")
    spinning = [(n, t) for n, t in _screens(d, "working--")
                if any(w in n for w in ("spinner", "silent", "thinking"))]
    assert idle and done and spinning, f"{d.name} {d.pin.version}: a kind of screen missing"
    assert d.started(idle[0][1]), idle[0][0]
    assert [n for n, t in blocked if d.started(t)] == []
    assert [n for n, t in spinning if d.ended(t)] == []
    if d.name not in ("copilot",):  # its footer stays under a dialog: the answer's text decides
        assert [n for n, t in blocked if d.ended(t)] == []
    assert any(d.ended(t) for _, t in done), [n for n, _ in done]
    assert blocked == [] or any(d.drawn(t) for _, t in blocked), [n for n, _ in blocked]


def test_a_held_out_agents_later_lines_are_its_other_releases(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pins = tmp_path / "pins.txt"
    pins.write_text("known npm pkg 1.0 npm/known/bin/known\n")
    heldout = tmp_path / "heldout.txt"
    heldout.write_text("# a comment\nx pypi x-cli 2.0 x-venv/bin/x\nx pypi x-cli 1.5 x-venv/bin/x\n"
                       "y npm y 3.0 npm/y/bin/y\n")
    chosen = agentrun.pins(pins, heldout)
    assert chosen["x"].version == "2.0" and chosen["x"].exe == agentrun.AGENTS_DIR / "x-venv/bin/x"
    other = agentrun.releases(tmp_path / "none.txt", heldout)
    assert list(other) == ["x@1.5"]
    assert other["x@1.5"].exe == agentrun.RELEASES_DIR / "x-1.5" / "x-venv/bin/x"
    # the real file: each held-out agent's first line is its pin, a later one is a release
    # scripts/capture-agents --release NAME@VERSION runs instead
    lines = [line.split() for line in agentrun.HELDOUT_FILE.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    later = [(n, v) for i, (n, _k, _p, v, _e) in enumerate(lines) if n in [x[0] for x in lines[:i]]]
    assert later, "no held-out agent has another release"
    for name, version in later:
        assert agentrun.pins()[name].version != version
        monkeypatch.setenv(agentrun.RELEASE_ENV, f"{name}@{version}")
        assert agentrun.pins()[name].version == version
        monkeypatch.delenv(agentrun.RELEASE_ENV)
