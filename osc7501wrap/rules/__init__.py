"""Per-agent screen rules kept as data (TOML manifests) and the engine that applies them.

What this package does: load the built-in manifests and the user's own, validate them
(one clear line per broken file, never a traceback), pick the manifest for a command line,
and classify one snapshot of the visible screen as blocked / error / working / idle, or as
"no rule matched". `explain()` runs the very same matcher with a trace.

What it does not do: timing (settling and the working->idle hold live in the
classifier), fusing with hooks or native OSC 7501 reports (fusion), sanitizing the message
text (the protocol module does that before anything leaves wrap), or reading scrollback
(a snapshot is the visible screen only, so stale history can never match).

Modules: `model` (data, limits), `load` (bounded reads, validation, RE2 compilation),
`patterns` (a manifest's named fragments and their `(?&name)` references),
`regions` (cutting a snapshot), `engine` (matching, messages, time budget), `select`
(manifest for a command line). The manifest format is in rules/README.md; the choice of
a linear-time engine in docs/reliability.md.

API: `load_manifests(user_dir)` -> `Catalog` (`.manifests`, `.errors`, `.get(name)`);
`load_headers(user_dir)` -> `LazyCatalog`, the same to choose one from (built-ins without
rules until `.complete(manifest)`, their patterns compiled at first use);
`select_manifest(catalog, argv, forced)` -> `Manifest`;
`evaluate(manifest, Snapshot)` -> `Verdict`; `explain(manifest, Snapshot)` ->
`list[RuleTrace]`.
"""

from __future__ import annotations

from .engine import Evaluator, evaluate, explain, match, over_budget, stress_screens, trim_msg
from .load import (
    LazyCatalog,
    builtin_rules_dir,
    compile_pattern,
    generic_fallback,
    load_headers,
    load_manifests,
    parse_manifest,
    parse_manifest_text,
    read_bounded,
)
from .model import (
    ENGINE_VERSION,
    GENERIC,
    KINDS,
    MAX_EXPANDED_LEN,
    MAX_FILE_BYTES,
    MAX_GATE_DEPTH,
    MAX_GATES,
    MAX_MSG_LEN,
    MAX_PATTERN_LEN,
    MAX_PATTERNS,
    MAX_PATTERNS_PER_KEY,
    MAX_REGION_N,
    MAX_RULES,
    RULE_BUDGET,
    STATES,
    STRIKES,
    WARM_TRIES,
    Catalog,
    Gate,
    GatePart,
    Health,
    Manifest,
    ManifestError,
    Region,
    Rule,
    RuleTrace,
    Snapshot,
    Verdict,
)
from .regions import is_rule_line, parse_region
from .select import select_manifest

__all__ = [
    "ENGINE_VERSION", "GENERIC", "KINDS", "MAX_EXPANDED_LEN", "MAX_FILE_BYTES", "MAX_GATES",
    "MAX_GATE_DEPTH", "MAX_MSG_LEN", "MAX_PATTERNS", "MAX_PATTERNS_PER_KEY",
    "MAX_PATTERN_LEN", "MAX_REGION_N", "MAX_RULES", "RULE_BUDGET", "STATES", "STRIKES",
    "WARM_TRIES", "Catalog", "Evaluator", "Gate", "GatePart", "Health", "LazyCatalog",
    "Manifest", "ManifestError", "Region", "Rule", "RuleTrace", "Snapshot", "Verdict",
    "builtin_rules_dir", "compile_pattern", "evaluate", "explain", "generic_fallback",
    "is_rule_line", "load_headers", "load_manifests", "match", "over_budget",
    "parse_manifest", "parse_manifest_text", "parse_region", "read_bounded",
    "select_manifest", "stress_screens", "trim_msg",
]
