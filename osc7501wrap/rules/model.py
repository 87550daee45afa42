"""The rules' data model: limits, manifests, rules, gates, snapshots, verdicts, traces.

Plain frozen dataclasses, built by :mod:`.load` and read by :mod:`.engine`. The only
mutable part of a manifest is its :class:`Health` (which rules the engine switched off
for exceeding their time budget): it is per loaded manifest, never written to disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

ENGINE_VERSION = 1
#: the manifest of a program without agent rules (built in; always in a catalog)
GENERIC = "generic"
STATES: tuple[str, ...] = ("blocked", "error", "working", "idle")
KINDS: tuple[str, ...] = ("permission", "question", "auth")
STATE_ORDER = {s: i for i, s in enumerate(STATES)}

MAX_RULES = 128
MAX_GATE_DEPTH = 8
MAX_GATES = 512
MAX_PATTERNS = 1024
MAX_PATTERNS_PER_KEY = 32
MAX_PATTERN_LEN = 512
#: a pattern once its (?&name) references are expanded: a named class is written once
#: and used often
MAX_EXPANDED_LEN = 1024
MAX_REGION_N = 500
MAX_MSG_LEN = 240
MAX_FILE_BYTES = 512 * 1024

#: CPU time one evaluation of a manifest may take; the slowest rule of an evaluation over
#: it gets a strike, and STRIKES strikes switch that rule off (docs/reliability.md).
RULE_BUDGET = 0.008
STRIKES = 2
#: A rule's first matches in a session that strike nothing: RE2 builds a pattern's automaton
#: lazily, state by state, during its first searches (the first of a big pattern on a tall
#: region costs 30 ms where the next costs 0.1), a cost of the process's start, not the rule's.
WARM_TRIES = 8


class ManifestError(ValueError):
    """One problem in one manifest file; str() is the text after `rules: <file>: `."""


SHOWN = 40  # characters of a file's own name or key an error line quotes


def shown(text: str) -> str:
    """A name or key of the file, quoted for its error line: the first SHOWN characters,
    escaped (repr), so a 10 KB or hostile key makes a short line."""
    return repr(text[:SHOWN]) + ("..." if len(text) > SHOWN else "")


Pattern = Any  # a compiled linear-time pattern (re2): .search(), .pattern, .groupindex


@dataclass(frozen=True, slots=True)
class Gate:
    """A condition tree. All keys present are ANDed."""

    contains: tuple[str, ...] = ()
    regex: tuple[Pattern, ...] = ()
    line_regex: tuple[Pattern, ...] = ()
    all: tuple[Gate, ...] = ()
    any: tuple[Gate, ...] = ()
    not_: Gate | None = None

    def walk(self) -> Iterator[Gate]:
        """This gate and every gate under it (`all`, `any` and `not`), depth first."""
        yield self
        for g in (*self.all, *self.any):
            yield from g.walk()
        if self.not_ is not None:
            yield from self.not_.walk()


@dataclass(frozen=True, slots=True)
class Region:
    """A parsed region name: kind plus its line count (0 when the kind takes none)."""

    kind: str
    n: int = 0

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.n}" if self.n else self.kind


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    state: str
    kind: str | None
    region: Region
    gate: Gate
    visible: bool
    msg: str | None = None
    msg_regex: tuple[Pattern, ...] = ()
    msg_line: tuple[Pattern, ...] = ()
    index: int = 0  # position in the file
    prompt: bool = False  # an idle rule that reads the agent's idle prompt (no idle hold)
    interrupt: bool = False  # an idle rule that reads an interrupted turn (ends as idle)
    # a working rule that reads background work left running after the turn (a footer's
    # "1 shell"): it says what runs, not whether the turn runs (docs/fusion.md)
    background: bool = False
    # a working or idle rule that reads an agent's own screen (its turn's spinner or row,
    # its composer): while it decides, the activity samples read the screen, not the
    # program's CPU and child processes (session/sampling.py)
    agent_screen: bool = False


@dataclass(frozen=True, slots=True)
class BackgroundSpec:
    """A manifest's ``[background]`` table: what the agent's own reports and processes say
    about work it left running after a turn.

    `native`: patterns of the agent's own ``working`` message that name background work
    ("1 shell still running"); `helpers`: names of processes it keeps for the whole
    session (language servers, MCP servers) that are never background work; `none`: why
    the agent has no background work (empty: it has, or the manifest does not say)."""

    native: tuple[Any, ...] = ()
    helpers: tuple[str, ...] = ()
    none: str = ""


@dataclass
class Health:
    """Rules switched off at run time for exceeding the time budget, and their strikes.
    `log`, when set, receives one line per rule switched off."""

    off: dict[str, str] = field(default_factory=dict)  # rule id -> the one-line note
    strikes: dict[str, int] = field(default_factory=dict)
    log: Callable[[str], None] | None = None


@dataclass(frozen=True)
class Manifest:
    name: str
    version: str
    app: str
    description: str = ""
    programs: tuple[str, ...] = ()
    package_paths: tuple[str, ...] = ()
    engine: int = ENGINE_VERSION
    install: str = ""  # how to get the program: text shown when it is not found, never run
    integration: str = ""  # the agent's own signals wrap reads, by name (agents/); "": none
    rules: tuple[Rule, ...] = ()
    source: str = ""
    builtin: bool = True
    ordered: tuple[Rule, ...] = field(default=(), repr=False)
    health: Health = field(default_factory=Health, repr=False, compare=False)
    # Checked against the agent's real screens? None: the manifest does not say.
    # `verified_on`: the agent versions it was checked on; `verified_reason`: why not.
    verified: bool | None = None
    verified_on: tuple[str, ...] = ()
    verified_reason: str = ""
    # `languages`: the UI languages it was checked in (codes: "en", "de", "zh"); empty:
    # not stated. `languages_note`: what the agent offers (a setting, none) and why.
    languages: tuple[str, ...] = ()
    languages_note: str = ""
    dialog: Any = None  # a rules.dialog.DialogSpec: how options are read and chosen
    background: BackgroundSpec = field(default_factory=BackgroundSpec)
    # the [patterns] table: name -> fragment, references expanded (rules.patterns); a user
    # manifest that replaces a built-in one holds the built-in's too
    named_patterns: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    # what the engine derives from the rules once (rules.engine.Plan), at its first use
    plan: Any = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.ordered and self.rules:
            ordered = sorted(self.rules, key=lambda r: (STATE_ORDER[r.state], r.index))
            object.__setattr__(self, "ordered", tuple(ordered))

    @property
    def generic(self) -> bool:
        """The manifest of a program without agent rules?"""
        return self.name == GENERIC

    @property
    def label(self) -> str:
        """`name version`, as logs and `explain` print it."""
        return f"{self.name} {self.version}"

    @property
    def verification(self) -> str:
        """What the manifest says about being checked on the agent's real screens, for
        `doctor`, `explain` and the README: "verified on 2.1.328", "NOT verified: <why>",
        or "verification not stated"."""
        if self.verified is False:
            return f"NOT verified: {self.verified_reason}"
        if self.verified and self.verified_on:
            return f"verified on {', '.join(self.verified_on)}"
        if self.verified:
            return "verified"
        return "verification not stated"


@dataclass
class Snapshot:
    """What the classifier sees: the visible screen (never scrollback) and a few extras."""

    lines: list[str]
    title: str | None = None
    progress: str | None = None
    alt_screen: bool = False  # no region reads it; the classifier does (a dialog's screen left)
    cursor: tuple[int, int] | None = None  # (row, col), 0-based
    # what the user typed on the cursor's line and has not entered yet, as the input side
    # saw it typed (None: not known); the `input` region leaves its echo out
    typed: str | None = None
    # how a cell's background looks, (row, col) -> a value equal for cells that look the
    # same (the screen model's `background`); only a dialog's selection shown by colour
    # alone reads it, and nothing compares it (a live session's verdict may keep a
    # selection that moved in colour only; a fresh evaluation reads it again)
    background: Callable[[int, int], object] | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    state: str | None
    kind: str | None
    rule_id: str | None
    manifest: str
    manifest_version: str
    msg: str | None
    visible: bool
    dialog: Any = None  # blocked: a rules.dialog.Dialog (question, options, id)
    # a ``background = true`` rule matched too: what it read (its message, else its id)
    background: str | None = None
    agent_screen: bool = False  # the deciding rule has ``agent_screen = true``
    at_cursor: bool = False  # the deciding rule reads the cursor's line (region cursor:N)


@dataclass(frozen=True, slots=True)
class GatePart:
    """One condition of a rule's gate, as `explain` shows it."""

    depth: int
    what: str
    matched: bool


@dataclass(frozen=True, slots=True)
class RuleTrace:
    id: str
    state: str
    kind: str | None
    matched: bool
    winner: bool
    region: str
    region_text: str
    parts: tuple[GatePart, ...]
    msg: str | None
    visible: bool
    dialog: Any = None  # the winner, blocked: its rules.dialog.Dialog


@dataclass
class Catalog:
    manifests: dict[str, Manifest] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def get(self, name: str) -> Manifest | None:
        return self.manifests.get(name)

    @property
    def names(self) -> list[str]:
        return sorted(self.manifests)
