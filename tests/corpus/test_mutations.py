"""The manifests against the next release's screens: every real screen, mutated the way an
agent's UI changes between versions, must still classify the same.

Screens: every ``tests/screens/<agent>-<version>/*.txt`` (rendered from real captures), and
the hand-made ``tests/screens/synthetic/<agent>/`` variants of the agents that have real
ones (older layouts, reworded dialogs, typed or quoted dialog text). Mutations, one at a
time:

* ``reworded``: every question line (ends in ``?``) says something else;
* ``renamed``: every option's label is replaced by a neutral one (``Choice B``), keys such
  as ``(y)`` / ``(esc)`` kept;
* ``renumbered``: ``1.`` becomes ``1)``; ``unnumbered``: the numbers are gone;
* ``reordered``: the options in reverse order (the focus stays on the first line);
* ``narrow`` / ``wide``: the screen drawn 80 / 160 columns wide (rules and boxes resized,
  long lines wrapped);
* ``spinner``: another spinner glyph of the same family and another verb.

Blocked screens must stay blocked with the same kind and a message (a reworded question
may change the kind only where the words alone carry it, :data:`KIND_IN_WORDS`); working screens must
stay working; the lookalike negatives (``idle``/``done``/``none`` screens: typed or quoted
dialog text, mode footers, scrollback) must still not read as blocked. Every mutation must
apply to some screens of every agent, so the suite cannot go empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from test_manifests import CATALOG, SCREENS, expected, load_snapshot

from osc7501wrap import rules

Lines = list[str]

# An option line: indent or box edge, a pointer, a number, the label, a key hint, a box edge.
_OPTION = re.compile(
    r"^(?P<pre>\s*(?:[│┃]\s*)?(?:[❯›>●]\s*)?)(?P<num>\d{1,2})(?P<dot>[.)])(?P<gap>\s+)"
    r"(?P<label>\S.*?)(?P<key>\s+\((?:[a-zA-Z]|esc|Esc|esc or n|tab)\))?(?P<post>\s*[│┃])?\s*$")
_QUESTION = re.compile(
    r"^(?P<pre>\s*(?:[│┃]\s*)?(?:[?✦]\s+)?)(?P<q>[A-Z][^?\n]{3,}\?)(?P<post>.*)$")
_RULE_RUN = re.compile(r"[─━═▀▄]{8,}")
_BOX_LINE = re.compile(r"^(?P<body>\s*[│┃].*?)(?P<pad>\s*)(?P<edge>[│┃])\s*$")
_CLAUDE_GLYPHS = "·✢✳✶✻✽"
_BRAILLE = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
_SPINNER = re.compile(rf"^(?P<pre>\s*)(?P<glyph>[{_CLAUDE_GLYPHS}{_BRAILLE}•*])(?P<gap>\s+)"
                      r"(?P<verb>[A-Z][a-z]+)(?P<rest>(?:…|\.\.\.|\s*\().*)$")


def _fit(pre: str, text: str, post: str, width: int) -> str:
    """`pre + text + post`, with the padding before a closing box edge kept at `width`."""
    if post.strip() in ("│", "┃"):
        body = (pre + text).rstrip()
        return body + " " * max(1, width - len(body) - 1) + post.strip()
    return pre + text + post


def reworded(lines: Lines) -> Lines:
    out = []
    for x in lines:
        m = _QUESTION.match(x)
        if m and not _OPTION.match(x):
            x = _fit(m["pre"], "Is it all right to go on with this step?", m["post"], len(x))
        out.append(x)
    return out


def _options(lines: Lines) -> list[int]:
    """Indexes of the option lines of the last option list on the screen."""
    found = [i for i, x in enumerate(lines) if _OPTION.match(x)]
    if not found:
        return []
    last = [found[-1]]
    for i in reversed(found[:-1]):
        if last[0] - i > 4:
            break
        last.insert(0, i)
    return last if len(last) >= 2 else []


def renamed(lines: Lines) -> Lines:
    out = list(lines)
    for n, i in enumerate(_options(lines)):
        m = _OPTION.match(lines[i])
        assert m is not None
        label = f"Choice {chr(ord('A') + n)}"
        out[i] = _fit(m["pre"], f"{m['num']}{m['dot']}{m['gap']}{label}{m['key'] or ''}",
                      m["post"] or "", len(lines[i]))
    return out


def _numbers(lines: Lines, style: Callable[[re.Match[str]], str]) -> Lines:
    out = list(lines)
    for i in _options(lines):
        m = _OPTION.match(lines[i])
        assert m is not None
        out[i] = _fit(m["pre"], style(m) + m["label"] + (m["key"] or ""), m["post"] or "",
                      len(lines[i]))
    return out


def renumbered(lines: Lines) -> Lines:
    return _numbers(lines, lambda m: f"{m['num']}){m['gap']}")


def unnumbered(lines: Lines) -> Lines:
    return _numbers(lines, lambda m: "")


def reordered(lines: Lines) -> Lines:
    idx = _options(lines)
    out = list(lines)
    parts = [_OPTION.match(lines[i]) for i in idx]
    for i, m in zip(idx, reversed(parts), strict=True):
        here = _OPTION.match(lines[i])
        assert m is not None and here is not None
        out[i] = _fit(here["pre"], f"{here['num']}{here['dot']}{here['gap']}{m['label']}"
                      f"{m['key'] or ''}", here["post"] or "", len(lines[i]))
    return out


def _width(lines: Lines, cols: int) -> Lines:
    out: Lines = []
    for x in lines:
        run = _RULE_RUN.search(x)
        if run:
            glyph = run.group(0)[0]
            extra = len(x) - len(run.group(0))
            out.append(x[:run.start()] + glyph * max(8, cols - extra) + x[run.end():])
            continue
        box = _BOX_LINE.match(x)
        if box:
            body = box["body"][:cols - 2].rstrip()
            out.append(body + " " * max(1, cols - len(body) - 1) + box["edge"])
            continue
        while len(x) > cols:  # wrapped at a space; each round makes x shorter
            indent = min(len(x) - len(x.lstrip()), cols // 2)
            cut = x.rfind(" ", indent + 1, cols)
            cut = cols if cut <= indent else cut
            out.append(x[:cut].rstrip())
            x = " " * indent + x[cut:].lstrip() if x[cut:].strip() else ""
        out.append(x)
    return out


def narrow(lines: Lines) -> Lines:
    return _width(lines, 80)


def wide(lines: Lines) -> Lines:
    return _width(lines, 160)


def spinner(lines: Lines) -> Lines:
    out = []
    for x in lines:
        m = _SPINNER.match(x)
        if m:
            g = m["glyph"]
            fam = _CLAUDE_GLYPHS if g in _CLAUDE_GLYPHS else _BRAILLE if g in _BRAILLE else g
            other = fam[(fam.index(g) + 3) % len(fam)]
            verb = "Pondering" if m["verb"] != "Pondering" else "Musing"
            x = f"{m['pre']}{other}{m['gap']}{verb}{m['rest']}"
        out.append(x)
    return out


MUTATIONS: dict[str, Callable[[Lines], Lines]] = {
    "reworded": reworded, "renamed": renamed, "renumbered": renumbered,
    "unnumbered": unnumbered, "reordered": reordered, "narrow": narrow, "wide": wide,
    "spinner": spinner,
}
# Which mutations each expected state is checked under (a spinner glyph means nothing to
# a dialog; the others keep a working screen working or say nothing about it).
APPLIES = {
    "blocked": ("reworded", "renamed", "renumbered", "unnumbered", "reordered", "narrow",
                "wide"),
    "working": ("narrow", "wide", "spinner", "reworded"),
    "negative": ("reworded", "renamed", "renumbered", "unnumbered", "reordered", "narrow",
                 "wide", "spinner"),
}


# Agents whose dialogs have one shape for every kind: only the question's words tell a
# permission from a question, so a reworded question must stay blocked, of either kind.
KIND_IN_WORDS = {
    "aider": "every confirmation is the line prompt '<question>? (Y)es/(N)o ... [Yes]:'",
}


_BOXED = ("Claude 1.0's boxed layout (no longer drawn by 2.x) is told only by its question "
          "words and its yes/no answers together: either one changed leaves it unread")
_NO_FOOTER = ("a synthetic screen already without its key hints: a second change leaves one "
              "piece of evidence, which reads as the composer or as nothing")
_TALL = ("a Claude dialog taller than the screen (its top rule scrolled away, a 61-line "
         "command) is told by its question words and its yes/no answers together "
         "(tall_dialog): either one changed leaves it unread")
# Known misses: (screen path relative to tests/screens, mutation) -> why; run as
# xfail(strict=True), so a fix shows.
KNOWN: dict[tuple[str, str], str] = {
    ("synthetic/claude/blocked-permission--boxed-1.0-bash.txt", "reworded"): _BOXED,
    ("synthetic/claude/blocked-permission--boxed-1.0-bash.txt", "renamed"): _BOXED,
    ("synthetic/claude/blocked-permission--boxed-1.0-edit.txt", "reworded"): _BOXED,
    ("synthetic/claude/blocked-permission--boxed-1.0-edit.txt", "renamed"): _BOXED,
    ("synthetic/codex/blocked-permission--network-no-footer.txt", "reworded"): _NO_FOOTER,
    ("synthetic/codex/blocked-permission--network-no-footer.txt", "renamed"): _NO_FOOTER,
    ("synthetic/codex/blocked-permission--network-no-footer.txt", "unnumbered"): _NO_FOOTER,
    ("claude-2.1.328/blocked-permission--long-command.txt", "reworded"): _TALL,
    ("claude-2.1.328/blocked-permission--long-command.txt", "renamed"): _TALL,
}


def _agent(dirname: str) -> str:
    return dirname.rsplit("-", 1)[0]


def _screens() -> list[tuple[str, Path]]:
    real = [(_agent(d.name), f) for d in sorted(SCREENS.iterdir())
            if d.is_dir() and d.name != "synthetic" for f in sorted(d.glob("*.txt"))]
    seen = {a for a, _ in real}
    return real + [(d.name, f) for d in sorted((SCREENS / "synthetic").iterdir())
                   if d.is_dir() and d.name in seen for f in sorted(d.glob("*.txt"))]


def _group(path: Path) -> str | None:
    state, _ = expected(path)
    if state == "blocked":
        return "blocked"
    if state == "working":
        return "working"
    if state in ("idle", None):
        return "negative"
    return None


def _mutated(path: Path, name: str) -> rules.Snapshot | None:
    """The screen at `path` under mutation `name`, or None when it changes nothing."""
    snap = load_snapshot(path)
    lines = list(snap.lines)
    new = MUTATIONS[name](lines)
    if new == lines:
        return None
    same_rows = len(new) == len(lines)  # the cursor stays where it was
    return rules.Snapshot(new, title=snap.title, progress=snap.progress,
                          cursor=snap.cursor if same_rows else None)


def _params() -> list[object]:
    out = []
    for agent, path in _screens():
        group = _group(path)
        for name in APPLIES.get(group or "", ()):
            if _mutated(path, name) is not None:
                why = KNOWN.get((path.relative_to(SCREENS).as_posix(), name))
                marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
                out.append(pytest.param(agent, path, name, marks=marks,
                                        id=f"{path.parent.name}/{path.stem}~{name}"))
    return out


PARAMS = _params()


@pytest.mark.parametrize(("agent", "path", "mutation"), PARAMS)
def test_mutated_screen_classifies_the_same(agent: str, path: Path, mutation: str) -> None:
    manifest = CATALOG.get(agent)
    assert manifest is not None, f"no manifest {agent!r}"
    snap = _mutated(path, mutation)
    assert snap is not None
    v = rules.evaluate(manifest, snap)
    got = f"{v.state}:{v.kind} (rule {v.rule_id})"
    shown = "\n".join(f"  | {x}" for x in snap.lines if x.strip())
    state, kind = expected(path)
    if _group(path) == "negative":
        assert v.state != "blocked", f"{path.name} {mutation}: read as {got}\n{shown}"
        return
    assert v.state == state, f"{path.name} {mutation}: expected {state}, got {got}\n{shown}"
    if kind is not None and not (mutation == "reworded" and agent in KIND_IN_WORDS):
        assert v.kind == kind, f"{path.name} {mutation}: expected kind {kind}, got {got}\n{shown}"
    if state == "blocked":
        assert v.msg, f"{path.name} {mutation}: no message\n{shown}"


def test_every_mutation_applies_to_every_agent() -> None:
    """Each mutation changes some screen of each agent it can apply to, and every agent's
    dialogs are mutated: a change in the screens or the mutators cannot empty the suite."""
    agents = sorted({a for a, _ in _screens()})
    assert agents, f"no real screens under {SCREENS}"
    seen: dict[tuple[str, str], int] = {}
    for p in PARAMS:
        agent, _path, name = p.values  # type: ignore[attr-defined]
        seen[(agent, name)] = seen.get((agent, name), 0) + 1
    missing = [f"{a}~{m}" for a in agents for m in ("reworded", "narrow")
               if not seen.get((a, m))]
    # option lists: every agent whose dialogs have numbered options
    for a in agents:
        if any(_options(load_snapshot(f).lines) for ag, f in _screens() if ag == a):
            missing += [f"{a}~{m}" for m in ("renamed", "renumbered", "unnumbered",
                                             "reordered") if not seen.get((a, m))]
    assert not missing, f"mutations that changed no screen: {missing}"
    assert any(seen.get((a, "spinner")) for a in agents)


def test_known_misses_name_existing_cases() -> None:
    ids = {(p.values[1].relative_to(SCREENS).as_posix(), p.values[2])  # type: ignore[attr-defined]
           for p in PARAMS}
    assert not [k for k in KNOWN if k not in ids]


def test_mutators_change_what_they_say() -> None:
    dialog = ["─" * 40, " Do you want to proceed?", " ❯ 1. Yes", "   2. No (esc)",
              " Esc to cancel"]
    assert reworded(dialog)[1] == " Is it all right to go on with this step?"
    assert renamed(dialog)[2:4] == [" ❯ 1. Choice A", "   2. Choice B (esc)"]
    assert renumbered(dialog)[2] == " ❯ 1) Yes"
    assert unnumbered(dialog)[2:4] == [" ❯ Yes", "   No (esc)"]
    assert reordered(dialog)[2:4] == [" ❯ 1. No (esc)", "   2. Yes"]
    assert narrow(["x" * 100]) == ["x" * 80, "x" * 20]
    assert wide(["─" * 120])[0] == "─" * 160
    assert spinner(["✻ Cogitating… (3s)"]) == ["✢ Pondering… (3s)"]
    assert spinner(["⠙ Thinking... (esc to cancel, 2s)"])[0].startswith("⠼ Pondering...")
