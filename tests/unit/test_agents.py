"""One list of agents: the manifests (rules/*.toml). The README's agent table, the shell
integration and the config derive from it; fusion knows no agent's hook events."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from osc7501wrap import config, rules
from osc7501wrap.agents import claude_hooks

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "osc7501wrap"


def _catalog() -> rules.Catalog:
    catalog = rules.load_manifests(user_dir=ROOT / "tests" / "no-such-dir")
    assert not catalog.errors, catalog.errors
    return catalog


def test_no_agent_list_outside_the_manifests() -> None:
    programs = {p for m in _catalog().manifests.values() for p in m.programs}
    assert len(programs) >= 9
    assert not hasattr(config, "KNOWN_AGENTS")
    for shell in ("bash", "zsh", "fish"):
        script = (ROOT / "shell-integration" / f"wrap.{shell}").read_text()
        listed = [ln for ln in script.splitlines()
                  if re.match(r"\s*(typeset -g |set -g )?__osc7501wrap_agents\b", ln)]
        assert listed == [], f"wrap.{shell} lists agents itself: {listed}"


def test_fusion_names_no_hook_event() -> None:
    events = set(claude_hooks.CLAUDE_EVENTS) | {"PostToolUseFailure"}
    for path in (PKG / "fusion").glob("*.py"):
        text = path.read_text()
        found = sorted(e for e in events if re.search(rf"\b{e}\b", text))
        assert found == [], f"{path.name} names {found}"


def test_hook_words_are_quoted_as_shlex_quotes_them() -> None:
    words = ["", "plain", "a b", "it's", "$(touch /tmp/x)", "#{pane_id}", "%H", "`id`",
             "tab\there", "new\nline", "\u00e9", "a'\"'b", "x" * 10_000, "-f=1,2:3/4@5%6+7"]
    for w in words:
        assert claude_hooks.sh_quote(w) == shlex.quote(w), w
    line = claude_hooks.hook_command("Stop", python="/opt/py $(id)/python3",
                                     command_env={"PYTHONPATH": "it's; rm -rf ~"})
    assert shlex.split(line) == ["PYTHONPATH=it's; rm -rf ~", "/opt/py $(id)/python3", "-P",
                                 "-m", "osc7501wrap", "hook", "Stop"]
