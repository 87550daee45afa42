"""`osc7501wrap explain`: show which rule matches a screen, a capture or a live session, and why.

Input, one of:

- a screen text file (or stdin): the visible lines, one per line. Optional sidecar files
  next to it are read too: ``<name>.title`` (window title), ``<name>.progress`` (OSC 9;4
  text such as ``1;42``) and ``<name>.cursor`` (``ROW COL``, 0-based);
- a capture (``osc7501wrap record``; JSON Lines with an ``osc7501wrap-capture`` header):
  its output is replayed into a screen model (:func:`osc7501wrap.screen.make_screen`),
  resizes included, and the final screen is explained, with the title and OSC 9;4
  progress the program set (read by the passthrough tracker);
- ``--session ID``: asks a live wrapped session for its current decision over the control
  socket, with every rule of its manifest on its screen now, matched or not.

The manifest is ``--agent NAME``, else the one named in the capture header, else the
one for the program the capture ran (as wrap picks it), else ``generic``; the output says
which and why. Reading a screen from a terminal's stdin says so first. Every rule is listed in evaluation order with its region, each condition of
its gate (matched or not) and the winner; ``--json`` prints the same as one JSON object.
This is the rules engine's own :func:`osc7501wrap.rules.explain`: there is no second
implementation that could disagree with what a session decides.

Screen text is untrusted: control characters are shown escaped (``\\x1b``), never sent
to the terminal, and bidi and invisible characters are removed (as from every other
output: :func:`osc7501wrap.protocol.strip_invisible`), from a file's report and a live
session's alike. Broken user manifests are reported on stderr, one line each.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from .. import rules
from ..agents.versions import clean_version, describe
from ..capture import parse_size, read_capture
from ..errors import WrapError
from ..protocol import inert_json, strip_invisible
from ..protocol.sanitize import escape_controls
from ..screen import make_screen
from ..session.registry import find_session, request_session
from ..stream.tracker import StreamTracker

_PREVIEW_LINES = 12


def _safe(text: str) -> str:
    """Text fit for the user's terminal: control characters escaped, bidi and invisible
    characters removed, newlines kept."""
    return escape_controls(strip_invisible(text), keep="\t\n")


# ---------------------------------------------------------------------------------------
# Inputs


class Source:
    """What is being explained: a snapshot plus where it came from."""

    def __init__(self, snap: rules.Snapshot, label: str, agent: str | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.snap = snap
        self.label = label
        self.agent = agent
        self.extra = extra or {}
        self.argv: list[str] = []  # the program a capture ran, when it says


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError as err:
        raise WrapError(f"{path}: {err.strerror or err}", status=1) from None


def _sidecar(path: Path, ext: str) -> str | None:
    p = path.with_suffix(ext)
    if not p.is_file():
        return None
    try:
        return p.read_text(encoding="utf-8", errors="replace").rstrip("\r\n")
    except OSError:
        return None


def screen_from_text(text: str, path: Path | None = None) -> rules.Snapshot:
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    title = progress = None
    cursor: tuple[int, int] | None = None
    if path is not None:
        title = _sidecar(path, ".title")
        progress = _sidecar(path, ".progress")
        c = _sidecar(path, ".cursor")
        if c:
            parts = c.split()
            if len(parts) == 2 and all(x.isdigit() for x in parts):
                cursor = (int(parts[0]), int(parts[1]))
    return rules.Snapshot(lines, title=title, progress=progress, cursor=cursor)


def _is_capture(text: str) -> bool:
    first = text.lstrip()[:4096].split("\n", 1)[0]
    if not first.startswith("{"):
        return False
    try:
        head = json.loads(first)
    except ValueError:
        return False
    return isinstance(head, dict) and head.get("format") == "osc7501wrap-capture"


def screen_from_capture(path: Path) -> Source:
    """Replay a capture's output into a screen model; the final screen, title, progress."""
    cap = read_capture(path)
    scr = make_screen(cap.rows, cap.cols)
    tracker = StreamTracker()
    outputs = 0
    for ev in cap.events:
        if ev.type == "o":
            try:
                data = ev.data
            except (ValueError, TypeError):
                raise WrapError(f"{path}: an output event is not base64", status=1) from None
            scr.feed(data)
            tracker.feed(data)
            outputs += 1
        elif ev.type == "r":
            try:
                rows, cols = parse_size(str(ev.payload))
            except ValueError:
                continue
            if rows > 0 and cols > 0:
                scr.resize(rows, cols)
    progress = None
    if tracker.progress is not None:
        state, value = tracker.progress
        progress = str(state) if value is None else f"{state};{value}"
    snap = rules.Snapshot(scr.lines(), title=tracker.title, progress=progress,
                          alt_screen=bool(scr.alt_screen), cursor=scr.cursor(),
                          background=getattr(scr, "background", None))
    agent = cap.header.get("agent")
    argv = cap.header.get("argv")
    extra = {"capture": {"cols": cap.cols, "rows": cap.rows, "output_events": outputs,
                         "agent": agent, "agent_version": cap.header.get("agent_version"),
                         "screen_backend": getattr(scr, "backend", None)}}
    src = Source(snap, f"{path} (final screen of the capture)",
                 agent if isinstance(agent, str) else None, extra)
    if isinstance(argv, list):
        src.argv = [str(a) for a in argv[:64]]
    return src


def load_source(file: str | None) -> Source:
    if file is None or file == "-":
        if sys.stdin.isatty():
            sys.stderr.write("explain: reading a screen from standard input (end it with "
                             "Ctrl-D; or give a FILE, or --session)\n")
            sys.stderr.flush()
        data = sys.stdin.buffer.read().decode("utf-8", "replace")
        if _is_capture(data):
            raise WrapError("a capture must be given as a file, not on stdin", status=2)
        return Source(screen_from_text(data), "stdin")
    path = Path(file)
    if not path.exists():
        raise WrapError(f"{file}: no such file", status=1)
    if path.is_dir():
        raise WrapError(f"{file}: is a directory", status=1)
    text = _read_text(path)
    if _is_capture(text):
        return screen_from_capture(path)
    return Source(screen_from_text(text, path), str(path))


# ---------------------------------------------------------------------------------------
# Output


def _verdict_dict(v: rules.Verdict) -> dict[str, Any]:
    return {"state": v.state, "kind": v.kind, "rule": v.rule_id, "manifest": v.manifest,
            "manifest_version": v.manifest_version, "msg": v.msg, "visible": v.visible,
            "dialog": _dialog_dict(v.dialog)}


def _dialog_dict(d: Any) -> dict[str, Any] | None:
    if d is None:
        return None
    return {**d.as_dict(), "choose": d.choose}


def _trace_dict(t: rules.RuleTrace) -> dict[str, Any]:
    return {"id": t.id, "state": t.state, "kind": t.kind, "matched": t.matched,
            "winner": t.winner, "region": t.region, "region_text": t.region_text,
            "visible": t.visible, "msg": t.msg,
            "parts": [{"depth": p.depth, "what": p.what, "matched": p.matched}
                      for p in t.parts]}


def program_release(manifest: rules.Manifest, src: Source) -> dict[str, Any] | None:
    """A capture's program (its header's ``agent_version``) next to the releases the
    manifest was verified on, as ``doctor`` shows an installed one; None for a screen."""
    cap = src.extra.get("capture")
    if not isinstance(cap, dict) or manifest.generic:
        return None
    version = clean_version(cap.get("agent_version"))
    program = manifest.programs[0] if manifest.programs else manifest.name
    d = describe(manifest.name, program, version,
                 manifest.verified_on if manifest.verified else ())
    return {"program": program, "version": version, "verified_on": list(d.verified_on),
            "where": d.where, "outside": d.outside, "text": d.text(),
            "fix": d.fix() if d.outside else None}


def explanation(manifest: rules.Manifest, src: Source, errors: list[str]) -> dict[str, Any]:
    traces = rules.explain(manifest, src.snap)
    verdict = rules.evaluate(manifest, src.snap)
    release = program_release(manifest, src)
    return {
        "input": src.label,
        **src.extra,
        **({"release": release} if release is not None else {}),
        "manifest": {"name": manifest.name, "version": manifest.version, "app": manifest.app,
                     "source": manifest.source or "(built in)", "builtin": manifest.builtin,
                     "verified": manifest.verified, "verified_on": list(manifest.verified_on),
                     "verification": manifest.verification},
        "snapshot": {"title": src.snap.title, "progress": src.snap.progress,
                     "cursor": list(src.snap.cursor) if src.snap.cursor else None,
                     "alt_screen": src.snap.alt_screen, "lines": len(src.snap.lines)},
        "verdict": _verdict_dict(verdict),
        "rules": [_trace_dict(t) for t in traces],
        "errors": errors,
    }


def _preview(text: str, indent: str) -> list[str]:
    lines = text.split("\n") if text else []
    out = [f"{indent}| {_safe(x)}" for x in lines[-_PREVIEW_LINES:]]
    if len(lines) > _PREVIEW_LINES:
        out.insert(0, f"{indent}| ... ({len(lines) - _PREVIEW_LINES} more lines above)")
    return out or [f"{indent}(empty)"]


def _format_rules(traces: list[dict[str, Any]]) -> list[str]:
    out = ["rules, in evaluation order (blocked, error, working, idle; file order within):"]
    for t in traces:
        state = t["state"] + (f"/{t['kind']}" if t["kind"] else "")
        mark = "WINNER" if t["winner"] else ("yes" if t["matched"] else "no")
        out.append(f"  [{mark:>6}] {_safe(t['id']):<28} {state:<18} region {_safe(t['region'])}")
        for p in t["parts"]:
            pad = "    " + "  " * p["depth"]
            out.append(f"  {pad}{'+' if p['matched'] else '-'} {_safe(p['what'])}")
        if t["winner"]:
            out.append("           region text:")
            out.extend(_preview(t["region_text"], "           "))
    return out


def format_explanation(rep: dict[str, Any]) -> str:
    m = rep["manifest"]
    out = [f"input:    {_safe(rep['input'])}",
           f"manifest: {m['name']} {_safe(m['version'])} ({_safe(m['source'])}; "
           f"{_safe(m['verification'])})"]
    if m.get("chosen"):
        out.append(f"agent:    {m['name']}, {_safe(m['chosen'])}")
    if m.get("fallback"):
        out.append("rules:    the fallback (no manifest for this program): prompts on the "
                   "cursor's line, a full-screen agent's dialogs, spinner and composer; "
                   "record a session (osc7501wrap record -o FILE -- PROGRAM) to write rules "
                   "of its own")
    rel = rep.get("release")
    if isinstance(rel, dict):
        out.append(f"program:  {'WARN ' if rel.get('outside') else ''}{_safe(str(rel['text']))}")
        if rel.get("fix"):
            out.append(f"          {_safe(str(rel['fix']))}")
    snap = rep["snapshot"]
    extras = []
    if snap["title"] is not None:
        extras.append(f"title {_safe(repr(snap['title']))}")
    if snap["progress"] is not None:
        extras.append(f"progress {_safe(repr(snap['progress']))}")
    if snap["cursor"] is not None:
        extras.append(f"cursor row {snap['cursor'][0]} col {snap['cursor'][1]}")
    if snap["alt_screen"]:
        extras.append("alternate screen")
    out.append(f"screen:   {snap['lines']} lines" + (", " + ", ".join(extras) if extras else ""))
    out.append("")
    out.extend(_format_rules(rep["rules"]))
    v = rep["verdict"]
    out.append("")
    if v["state"] is None:
        out.append("verdict: no rule matched (no opinion: neither idle nor blocked)")
    else:
        kind = f" ({v['kind']})" if v["kind"] else ""
        vis = ", visible evidence" if v["visible"] else ""
        out.append(f"verdict: {v['state']}{kind} by rule {v['rule']} of "
                   f"{v['manifest']} {_safe(v['manifest_version'])}{vis}")
        if v["msg"]:
            out.append(f"message: {_safe(v['msg'])}")
        d = v.get("dialog")
        if d is not None:
            how = f", chosen by {d['choose']}" if d["choose"] else ""
            out.append(f"dialog:  {d['id']} ({len(d['options'])} options{how})")
            if not d["options"]:
                out.append("  no options read: `answer` refuses (it never guesses a key)")
            for o in d["options"]:
                key = f" (key {_safe(o['key'])})" if o["key"] else ""
                out.append(f"  {'>' if o['selected'] else ' '} {o['number']}. "
                           f"{_safe(o['label'])}{key}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Live sessions


def _explain_session(ident: str, as_json: bool) -> int:
    entry = find_session(ident)
    reply = request_session(entry, {"kind": "explain"})
    if reply.get("ok") is not True:
        err = reply.get("error")
        raise WrapError(f"session {entry.get('pid')}: "
                        f"{_safe(err) if isinstance(err, str) else 'no explanation'}",
                        status=1)
    if as_json:
        sys.stdout.write(inert_json(reply, indent=2, default=str) + "\n")
        return 0
    sys.stdout.write(f"session:  {entry.get('pid')} {_safe(str(entry.get('id', '')))}\n")
    traces = reply.get("rules")
    if isinstance(traces, list):
        try:
            sys.stdout.write("\n".join(_format_rules(traces)) + "\n")
        except (KeyError, TypeError):
            sys.stdout.write("rules: (the session's answer was not understood)\n")
    for key, value in reply.items():
        if key in ("ok", "rules"):
            continue
        text = inert_json(value, indent=2, default=str)  # nothing raw a terminal acts on
        sys.stdout.write(f"{key}:\n")
        for line in text.split("\n"):
            sys.stdout.write(f"  {line}\n")
    return 0


# ---------------------------------------------------------------------------------------
# Command


def cmd_explain(args: Any) -> int:
    """Entry point of `osc7501wrap explain [FILE] [--agent NAME] [--session ID] [--json]`."""
    as_json = bool(getattr(args, "json", False))
    session = getattr(args, "session", None)
    if session:
        if getattr(args, "file", None):
            raise WrapError("give either FILE or --session, not both")
        return _explain_session(session, as_json)
    catalog = rules.load_manifests()
    for line in catalog.errors:
        sys.stderr.write(_safe(line) + "\n")
    src = load_source(getattr(args, "file", None))
    forced = getattr(args, "agent", None) or src.agent
    chosen = "given with --agent" if getattr(args, "agent", None) else "named in the capture"
    if forced and catalog.get(forced) is None and not getattr(args, "agent", None):
        sys.stderr.write(f"explain: no manifest {_safe(forced)!r} named in the capture; "
                         "using generic\n")
        forced = None
    if forced:
        manifest = rules.select_manifest(catalog, [], forced=forced)
    elif src.argv:  # the program the capture ran picks its agent, as wrap would
        manifest = rules.select_manifest(catalog, src.argv)
        chosen = f"from the capture's program {os.path.basename(src.argv[0])!r}"
    else:
        manifest = rules.select_manifest(catalog, [], forced=rules.GENERIC)
        chosen = "the default"
    rep = explanation(manifest, src, catalog.errors)
    rep["manifest"]["chosen"] = chosen
    rep["manifest"]["fallback"] = manifest.generic
    if as_json:
        sys.stdout.write(inert_json(rep, indent=2) + "\n")
    else:
        sys.stdout.write(format_explanation(rep))
    return 0
