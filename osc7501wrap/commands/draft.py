"""`osc7501wrap draft-manifest CAPTURE [-o FILE]`: a manifest drafted from a recorded session.

A capture of an agent wrap has no manifest for (`osc7501wrap record`) is replayed through
the screen model; every settled screen is read with the fallback's `tui_*` rules (the
built-in `generic` manifest), which find the dialog's, the spinner's and the composer's
rows as they find them live. The draft keeps the fallback's shapes for what this program
showed and narrows them to its own rows: a dialog's key-hint row, the spinner's row (its
glyphs as a class, numbers, times and counters as classes), the composer's prompt glyph.
The spinner's rows are then read anywhere on the screen, not only at the bottom where the
fallback found them: an agent that draws its spinner at the head of a streaming answer
(Cline) has it pushed up as the answer grows.
Every row is escaped before it becomes a pattern, and every pattern is checked by the
rules loader (RE2: linear time) before the draft is written.

The draft is data only (no `install`, no `integration`: nothing in it runs a program) and
says `verified = false`; the user checks it with `osc7501wrap replay --agent NAME` or
`explain --agent NAME` and keeps it in the user rules directory. What it does not do:
write into that directory by itself, learn words of a language, or tell an interrupted
turn from a finished one (no such rule is drafted).
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths, rules
from ..capture import Capture, parse_size, read_capture
from ..errors import WrapError
from ..rules.load import builtin_rules_dir, parse_manifest_text, read_bounded
from ..screen import make_screen

TUI = "tui_"
SETTLE = 0.04  # a screen is read once output paused this long (the classifier's settle)
MAX_READS = 20000  # screens read at most (a long capture: the first ones)
MAX_SAMPLES = 8  # distinct rows kept per part
ROW_CUT = 160  # characters of a row a pattern is made from
INTERPRETERS = frozenset({"node", "nodejs", "bun", "deno", "npx", "python", "python3", "pypy3",
                          "uv", "uvx", "pipx"})
PROMPT_GLYPHS = "❯>›»"  # a composer's prompt glyph ends its pattern
_NAME_BAD = re.compile(r"[^a-z0-9_-]+")
_HINT = ("(?i)(?:\\benter|\\besc|↑↓|↑/↓|⇆|←→|←/→|\\btab)\\W+(?:to\\s+)?"
         "(?:select|confirm|submit|navigate|cancel|dismiss|choose|move)\\b")
_TIME = re.compile(r"\d+(?:\.\d+)?[smh]\b(?:\s*\d+(?:\.\d+)?[smh]\b)*")
_NUMBER = re.compile(r"\d[\d.,]*[kKM]?")
_SPECIAL = set("\\.^$|?*+()[]{}")
#: spinner glyph families: one glyph seen stands for its family
_FAMILIES = ("|/\\-", "·✢✳✶✻✽*", "◐◓◑◒", "◴◷◶◵", "○◎◉●", "◜◝◞◟", "▖▘▝▗", "⣾⣽⣻⢿⡿⣟⣯⣷")


@dataclass
class Found:
    """What the fallback read in a capture: the rows of each part."""

    reads: int = 0
    dialogs: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # rule -> (kind, hint)
    spinners: list[str] = field(default_factory=list)
    composers: list[str] = field(default_factory=list)
    prompt_boxes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------
# Reading the capture


def _bottom(lines: list[str], n: int) -> list[str]:
    return [x.rstrip() for x in lines if x.strip()][-n:]


def _prompt_box(lines: list[str]) -> list[str]:
    rule = re.compile(r"^\s*[─━═]{8,}")
    at = [i for i, x in enumerate(lines) if rule.match(x)]
    return [x.rstrip() for x in lines[at[-2] + 1: at[-1]] if x.strip()] if len(at) >= 2 else []


def _note(found: Found, verdict: rules.Verdict, lines: list[str], generic: rules.Manifest) -> None:
    rid = verdict.rule_id or ""
    if not rid.startswith(TUI):
        return
    if verdict.state == "blocked":
        hint = next((x for x in reversed(_bottom(lines, 16)) if re.search(_HINT, x)), "")
        m = re.search(_HINT, hint)
        got = found.dialogs.setdefault(rid, [])
        sample = (verdict.kind or "permission", hint[m.start():] if m else "")
        if sample not in got and len(got) < MAX_SAMPLES:
            got.append(sample)
        return
    rule = next(r for r in generic.rules if r.id == rid)
    pats = _line_patterns(rule.gate)
    if rid == "tui_composer_rules":
        box = _prompt_box(lines)
        if box and box[0] not in found.prompt_boxes and len(found.prompt_boxes) < MAX_SAMPLES:
            found.prompt_boxes.append(box[0])
        return
    n = rule.region.n or 10
    rows = [x for x in _bottom(lines, n) if any(p.search(x) for p in pats)]
    into = found.spinners if verdict.state == "working" else found.composers
    for row in rows[-1:]:
        if row not in into and len(into) < MAX_SAMPLES * 4:
            into.append(row)


def _line_patterns(gate: Any) -> list[Any]:
    out = list(gate.line_regex)
    for sub in (*gate.all, *gate.any):
        out += _line_patterns(sub)
    return out


def read_parts(cap: Capture, generic: rules.Manifest) -> Found:
    """Replay `cap` and read every settled screen with the fallback rules."""
    scr = make_screen(cap.rows, cap.cols)
    found = Found()
    evs = cap.events
    for n, ev in enumerate(evs):
        if ev.type == "o":
            try:
                scr.feed(ev.data)
            except (ValueError, TypeError):
                raise WrapError("the capture has an output event that is not base64",
                                status=1) from None
        elif ev.type == "r":
            try:
                scr.resize(*parse_size(str(ev.payload)))
            except ValueError:
                continue
        else:
            continue
        if n + 1 < len(evs) and evs[n + 1].t - ev.t < SETTLE and evs[n + 1].type == "o":
            continue
        if found.reads >= MAX_READS:
            break
        found.reads += 1
        lines = scr.lines()
        v = rules.evaluate(generic, rules.Snapshot(lines=lines, cursor=scr.cursor(),
                                                   background=scr.background))
        _note(found, v, lines, generic)
    return found


# ---------------------------------------------------------------------------------------
# Rows into patterns


def _printable(text: str) -> str:
    """Screen text without controls, format marks (bidi) and surrogates."""
    return "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co"))


def _escape(text: str) -> str:
    """`text` as a literal pattern: metacharacters escaped, blanks as `\\s+`."""
    out: list[str] = []
    for c in text:
        if c.isspace():
            if not out or out[-1] != r"\s+":
                out.append(r"\s+")
        elif c in _SPECIAL:
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def generalize(text: str) -> str:
    """A row's text as a pattern: times (`3s`, `1m 20s`) and numbers as classes, the rest
    literal (escaped)."""
    text = _printable(text)[:ROW_CUT].strip()
    out: list[str] = []
    at = 0
    for m in re.finditer(f"{_TIME.pattern}|{_NUMBER.pattern}", text):
        out.append(_escape(text[at:m.start()]))
        out.append(r"\d+(?:\.\d+)?[smh](?:\s*\d+(?:\.\d+)?[smh])*" if _TIME.fullmatch(m.group())
                   else r"\d[\d.,]*[kKM]?")
        at = m.end()
    out.append(_escape(text[at:]))
    return "".join(out)


def _class(chars: str) -> str:
    """A character class of `chars`, each spinner glyph widened to its family."""
    members: list[str] = []
    for c in dict.fromkeys(chars):
        if "\u2801" <= c <= "\u28ff":
            members.append("⠁-⣿")  # the braille block: a range, written as is
            continue
        fam = next((f for f in _FAMILIES if c in f), c)
        members.extend("\\" + x if x in "\\]^-[" else x for x in fam)
    return "[" + "".join(dict.fromkeys(members)) + "]"


def spinner_patterns(rows: list[str]) -> list[str]:
    """The spinner's rows as patterns: a leading glyph (or bar) as a class, its message as
    any text, and its tail (elapsed time, counters, the interrupt hint) generalized."""
    rows = [_printable(r).strip()[:ROW_CUT] for r in rows]
    glyphs = "".join(r[0] for r in rows if r and not r[0].isalnum() and (len(r) == 1 or r[1] == " "))
    out: list[str] = []
    for row in rows:
        if not row:
            continue
        head, _, rest = row.partition(" ")
        tail_at = min((i for i in (rest.find("("), rest.find("["), _hint_at(rest)) if i >= 0),
                      default=-1)
        tail = generalize(rest[tail_at:]) if tail_at >= 0 else ""
        if len(head) == 1 and not head.isalnum():
            pat = r"^\s*" + _class(glyphs or head) + r"\s+\S" + (".*" + tail if tail else "")
        elif head and not any(c.isalnum() for c in head):
            pat = r"^\s*" + _class(head) + "+" + (r"\s.*" + tail if tail else r"(?:\s|$)")
        elif tail:
            pat = tail
        else:
            continue
        if pat not in out and len(pat) <= 400:
            out.append(pat)
    return out[:MAX_SAMPLES]


def _hint_at(text: str) -> int:
    m = re.search(r"(?i)\b(?:esc|ctrl\+c|ctrl-c)\b", text)
    return m.start() if m else -1


def composer_pattern(row: str) -> str | None:
    """The composer's row as a pattern: its border and prompt glyph (at most two of the
    symbols before the placeholder or the typed text, up to a prompt glyph), a run of
    one character as a repeat."""
    row = _printable(row).strip()
    prefix = ""
    for c in row:
        if c.isalnum():
            break
        prefix += c
    symbols = [c for c in prefix if not c.isspace()]
    if not symbols:
        return None
    out = r"^\s*"
    i = 0
    used = 0
    while i < len(prefix) and used < 2 and not (out[-1:] in PROMPT_GLYPHS and used):
        c = prefix[i]
        j = i
        while j < len(prefix) and prefix[j] == c:
            j += 1
        if c.isspace():
            out += r"\s*"
        else:
            lit = "\\" + c if c in _SPECIAL else c
            out += lit + ("{4,}" if j - i >= 4 else "")
            used += 1
        i = j
    return out.removesuffix(r"\s*")


# ---------------------------------------------------------------------------------------
# The draft


def _toml_str(text: str) -> str:
    """A TOML basic string: quotes, backslashes and every control or format character
    escaped."""
    out = ['"']
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            out.append(f"\\u{ord(c):04X}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08X}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v).__name__)


def _table(header: str, d: dict[str, Any]) -> str:
    return f"{header}\n" + "".join(f"{k} = {_value(v)}\n" for k, v in d.items())


def draft_name(cap: Capture) -> tuple[str, str | None]:
    """(name, program): from the capture's program (argv[0] without its extension)."""
    argv = [str(a) for a in cap.header.get("argv") or [] if isinstance(a, str)]
    prog = os.path.basename(argv[0]) if argv else ""
    prog = re.sub(r"\.(?:exe|js|mjs|cjs|py|sh)$", "", prog.lower())
    if prog in INTERPRETERS or not prog:
        return "agent", None
    name = _NAME_BAD.sub("-", prog).strip("-")[:32] or "agent"
    return name, prog


def draft(cap: Capture, name: str | None = None, source: str = "the capture",
          fallback: str | None = None) -> str:
    """The draft manifest's TOML text for `cap` (checked by the rules loader), drafted
    with the fallback manifest's text `fallback` (the built-in `generic` when None).
    Raises WrapError when the fallback found nothing to draft from."""
    text = fallback if fallback is not None else read_bounded(
        builtin_rules_dir() / f"{rules.GENERIC}.toml").decode("utf-8")
    raw = tomllib.loads(text)
    generic = parse_manifest_text(text, rules.GENERIC, builtin=True)
    found = read_parts(cap, generic)
    auto, prog = draft_name(cap)
    name = name or auto
    spin = spinner_patterns(found.spinners)
    comp = [p for p in dict.fromkeys(composer_pattern(r) for r in found.composers) if p][:4]
    box = [p for p in dict.fromkeys(composer_pattern(r) for r in found.prompt_boxes) if p][:4]
    if not (found.dialogs or spin or comp or box):
        raise WrapError(f"{source}: none of a dialog, a spinner or a composer was found in "
                        f"{found.reads} screens: record a session in which the agent works, "
                        "asks for a permission and waits at its prompt", status=1)
    by_id = {r["id"]: r for r in raw.get("rule", [])}
    parts: list[str] = []
    seen = ", ".join(f"{rid.removeprefix(TUI)} ({len(v)})" for rid, v in found.dialogs.items())
    parts.append(
        f"# Drafted by `osc7501wrap draft-manifest` from a capture of {prog or 'a program'}:\n"
        f"# {found.reads} screens read with the fallback rules; dialogs: {seen or 'none'};\n"
        f"# spinner rows: {len(found.spinners)}; composer rows: "
        f"{len(found.composers) + len(found.prompt_boxes)}.\n"
        "# The fallback's shapes, narrowed to this program's own rows. Check it with\n"
        f"#   osc7501wrap replay --agent {name} CAPTURE\n"
        f"# and keep it as {paths.user_rules_dir()}/{name}.toml (it is data only).\n")
    head: dict[str, Any] = {"name": name, "version": "draft.1", "app": name,
                            "description": f"Drafted from a capture of {prog or name}",
                            "programs": [prog] if prog else [], "engine": 1,
                            "verified": False,
                            "verified_reason": "drafted from one capture by osc7501wrap "
                                               "draft-manifest; not checked on other screens"}
    parts.append(_table("[manifest]", head))
    if raw.get("patterns"):  # the rules copied below may name the fallback's patterns
        parts.append(_table("[patterns]", raw["patterns"]))
    not_box = ({"not": {"regex": "[─━═]{8,}[ \\t]*\\n" + b.replace(r"^\s*", "[ \\t]*", 1)}}
               for b in box)
    extra_not = list(not_box)
    ids: dict[str, str] = {}
    for rid in by_id:
        if rid not in found.dialogs:
            continue
        rule = {k: v for k, v in by_id[rid].items() if k != "id"}
        new = rid.removeprefix(TUI)
        ids[rid] = new
        hints = [generalize(h) for _, h in found.dialogs[rid] if h]
        hints = [h for h in dict.fromkeys(hints) if h][:MAX_SAMPLES]
        if hints and rid != "tui_dialog_keys":
            # this program's key-hint row, as it draws it
            rule["all"] = [*rule.get("all", []), {"any": [{"line_regex": h} for h in hints]}]
        if extra_not:
            rule["all"] = [*rule.get("all", []), *extra_not]
        parts.append(_table("[[rule]]", {"id": new, **rule}))
    if spin:
        parts.append(_table("[[rule]]", {"id": "spinner", "state": "working",
                                         "region": "screen",
                                         "any": [{"line_regex": p} for p in spin]}))
    if comp:
        parts.append(_table("[[rule]]", {"id": "composer", "state": "idle", "prompt": True,
                                         "region": "bottom:6",
                                         "any": [{"line_regex": p} for p in comp]}))
    if box:
        parts.append(_table("[[rule]]", {
            "id": "composer_box", "state": "idle", "prompt": True, "region": "prompt_box",
            "any": [{"regex": "\\A" + p.removeprefix("^") + "(?:\\s|\\z)"} for p in box]}))
    parts.append(_dialog_tables(raw, ids))
    text = "\n".join(p for p in parts if p)
    try:
        parse_manifest_text(text, f"{name}.toml")
    except rules.ManifestError as err:  # a row that made a pattern the engine refuses
        raise WrapError(f"{source}: the draft does not load ({err}); "
                        "record another session", status=1) from None
    return text


def _dialog_tables(raw: dict[str, Any], ids: dict[str, str]) -> str:
    """The fallback's option readers for the dialogs drafted, their rules renamed."""
    spec = raw.get("dialog") or {}
    out = [_table("[dialog]", {"choose": spec.get("choose", "number")})] if ids else []
    for reader in spec.get("options", []):
        for_rules = [ids[r] for r in reader.get("rules", []) if r in ids]
        if for_rules:
            out.append(_table("[[dialog.options]]", {**reader, "rules": for_rules}))
    return "\n".join(out)


def cmd_draft_manifest(args: Any) -> int:
    """Entry point of `osc7501wrap draft-manifest CAPTURE [-o FILE] [--name NAME]`."""
    path = Path(args.capture)
    if not path.is_file():
        raise WrapError(f"{args.capture}: no such file", status=1)
    name = getattr(args, "name", None)
    if name is not None and not re.fullmatch(r"[a-z0-9_-]{1,32}", name):
        raise WrapError("--name must be [a-z0-9_-]{1,32}", status=2)
    try:
        cap = read_capture(path)
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise WrapError(f"{args.capture}: not a capture of osc7501wrap record ({err})",
                        status=1) from None
    text = draft(cap, name, str(path))
    out = getattr(args, "output", None)
    if not out:
        sys.stdout.write(text)
        return 0
    dest = Path(out)
    if dest.exists() and not getattr(args, "force", False):
        raise WrapError(f"{out}: exists (--force to replace it)", status=1)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")
    drafted = re.search(r'(?m)^name = "([a-z0-9_-]+)"', text)
    n = drafted.group(1) if drafted else "NAME"
    sys.stderr.write(f"draft-manifest: wrote {out}; check it with `osc7501wrap replay --agent "
                     f"{n} {args.capture}` once it is in {paths.user_rules_dir()}\n")
    return 0
