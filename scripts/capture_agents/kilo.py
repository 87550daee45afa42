"""Kilo CLI's driver (``@kilocode/cli``, an OpenCode fork): OpenCode's scenarios run again on
Kilo. Its TUI is OpenCode's (the composer, the footer's interrupt hint, the permission
box with its buttons on one row and the two-step reject, the question tool) and its event
bus is too, so OpenCode's helpers and labeller (``opencode_truth``) serve unchanged.

What it does not do: build its command line (harness/agentrun.py ``kilo_command``, which
maps OpenCode's ``OPENCODE_*`` scenario settings to Kilo's ``KILO_*``).
"""

from __future__ import annotations

from capture_agents import opencode
from capture_agents.core import REGISTRY, Body, Ctx, Spec

#: OpenCode's scenarios Kilo runs too (the same bodies, steps and options)
KILO_SCENARIOS = ("bash-approve", "bash-reject", "answer", "stream", "interrupt", "edit", "question",
                  "negatives", "allow-always")



def _on_kilo(body: Body) -> Body:
    """OpenCode's scenario body, run on Kilo (a function of this module)."""

    def run(c: Ctx) -> None:
        body(c)

    return run


for _spec in [s for s in REGISTRY if s.agent == "opencode" and s.name in KILO_SCENARIOS]:
    REGISTRY.append(Spec("kilo", _spec.name, _spec.description.replace("OpenCode", "Kilo"), _spec.steps,
                         _on_kilo(_spec.body), dict(_spec.options)))

__all__ = ["opencode"]
