"""Every scenario, in the order ``--list`` shows them and a run takes them.

Imports each agent's driver modules (their ``@scenario`` functions register themselves in
core.REGISTRY), orders the registrations by agent (the order below, each agent's own in
the order its modules define them) and adds the size and language variants after them.
What it does not do: define or run a scenario.
"""

from __future__ import annotations

import importlib

from capture_agents import (
    acoder,
    aelix,
    aether,
    aetheris,
    agentao,
    agentcode,
    aider,
    aisha,
    ajna,
    ashcode,
    ata,
    axon,
    chyrd,
    claraity,
    claude,
    claude_extra,
    cline,
    clippy,
    codegopher,
    codepuppy,
    coderai,
    coderill,
    coderio,
    codex,
    codii,
    commandcode,
    copilot,
    corecoder,
    crabcode,
    deepagents,
    devcoder,
    dostuff,
    firstcoder,
    gemini,
    gemma,
    godspeed,
    gpte,
    gptme,
    grok,
    hazzel,
    hermes,
    interpreter,
    jasmine,
    joshu,
    kilo,
    kimi,
    koder,
    letta,
    lindwyrm,
    llm,
    llmist,
    mastracode,
    mcpcli,
    mentat,
    mini,
    nanocoder,
    opencode,
    opencodex,
    openhands,
    pairwit,
    pcli,
    pi,
    qwen,
    rawdog,
    strands,
    tinyharness,
    tunacode,
    vibe,
    vtx,
    windcode,
    xiaoyu,
)
from capture_agents.core import REGISTRY, Spec
from capture_agents.variants import variants

# Continue CLI's driver is capture_agents/continue.py, as every driver is named after its
# agent; "continue" is a Python keyword, so it is imported by name
continue_ = importlib.import_module("capture_agents.continue")

#: each agent's driver modules by agent, in the order the agents are listed and run (the
#: order they joined the corpus); ``<agent>.py`` holds the agent's scenarios (what it is,
#: harness/agents.py says), ``<agent>_<topic>.py`` more of them where one would be too long
MODULES = {
    "claude": (claude, claude_extra),
    "codex": (codex,),
    "aider": (aider,),
    "gemini": (gemini,),
    "copilot": (copilot,),
    "pi": (pi,),
    "opencode": (opencode,),
    "qwen": (qwen,),
    "grok": (grok,),
    "kilo": (kilo,),
    "cline": (cline,),
    "continue": (continue_,),
    "vibe": (vibe,),
    "kimi": (kimi,),
    "deepagents": (deepagents,),
    "mini": (mini,),
    "opencodex": (opencodex,),
    "codepuppy": (codepuppy,),
    "openhands": (openhands,),
    "nanocoder": (nanocoder,),
    "gptme": (gptme,),
    "interpreter": (interpreter,),
    "mentat": (mentat,),
    "hermes": (hermes,),
    "llm": (llm,),
    "tunacode": (tunacode,),
    "strands": (strands,),
    "mcpcli": (mcpcli,),
    "gpte": (gpte,),
    "agentao": (agentao,),
    "aisha": (aisha,),
    "llmist": (llmist,),
    "rawdog": (rawdog,),
    "aetheris": (aetheris,),
    "jasmine": (jasmine,),
    "xiaoyu": (xiaoyu,),
    "mastracode": (mastracode,),
    "koder": (koder,),
    "codegopher": (codegopher,),
    "godspeed": (godspeed,),
    "ata": (ata,),
    "axon": (axon,),
    "coderai": (coderai,),
    "chyrd": (chyrd,),
    "ashcode": (ashcode,),
    "clippy": (clippy,),
    "firstcoder": (firstcoder,),
    "acoder": (acoder,),
    "agentcode": (agentcode,),
    "corecoder": (corecoder,),
    "coderill": (coderill,),
    "aether": (aether,),
    "dostuff": (dostuff,),
    "vtx": (vtx,),
    "devcoder": (devcoder,),
    "lindwyrm": (lindwyrm,),
    "letta": (letta,),
    "pairwit": (pairwit,),
    "tinyharness": (tinyharness,),
    "joshu": (joshu,),
    "windcode": (windcode,),
    "aelix": (aelix,),
    "claraity": (claraity,),
    "commandcode": (commandcode,),
    "gemma": (gemma,),
    "coderio": (coderio,),
    "ajna": (ajna,),
    "crabcode": (crabcode,),
    "pcli": (pcli,),
    "hazzel": (hazzel,),
    "codii": (codii,),
}
AGENTS = tuple(MODULES)


def all_specs() -> list[Spec]:
    """The registered scenarios by agent (stable: each agent's in registration order),
    then their SIZED and LANGUAGES variants. An agent missing from MODULES is an error."""
    unknown = sorted({s.agent for s in REGISTRY} - set(AGENTS))
    if unknown:
        raise ValueError(f"scenarios of agents not in MODULES: {', '.join(unknown)}")
    base = sorted(REGISTRY, key=lambda s: AGENTS.index(s.agent))
    return [*base, *variants(base)]
