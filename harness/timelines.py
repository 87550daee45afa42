"""The expected timelines of the capture corpus: a capture replayed through the engine
(the built-in manifests, the pyte screen model) as the text of its ``.expected`` file.

``scripts/update-expected`` writes them (:func:`update_expected`);
tests/corpus/test_corpus.py compares them with the engine as it is. What it does not do:
judge a timeline against the capture's ground truth (test_corpus does).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from osc7501wrap import rules
from osc7501wrap.capture import Capture, read_capture
from osc7501wrap.commands.record import Step, replay
from osc7501wrap.errors import WrapError

CAPTURES_DIR = Path(__file__).resolve().parents[1] / "tests" / "captures"
EXPECTED_BACKEND = "pyte"


def capture_name(path: Path) -> str:
    """``claude-2.1.328/edit`` for ``tests/captures/claude-2.1.328/edit.jsonl``."""
    return f"{path.parent.name}/{path.stem}"


def expected_path(path: Path) -> Path:
    return path.with_suffix(".expected")


def builtin_manifest(cap: Capture) -> rules.Manifest:
    """The built-in manifest for a capture (the user's own manifests never apply here)."""
    catalog = rules.load_manifests(user_dir=None)
    agent = cap.header.get("agent")
    found = catalog.get(str(agent)) if agent else None
    if found is not None:
        return found
    argv = [str(a) for a in cap.header.get("argv") or []]
    return rules.select_manifest(catalog, argv)


def format_step(s: Step, manifest: rules.Manifest | None = None) -> str:
    if s.marker:
        return f"{s.t:9.3f}  # truth: {s.label}"
    detail = s.detail
    if manifest is not None:
        detail = detail.replace(f"@{manifest.version}", "")
    msg = f"  {json.dumps(s.msg, ensure_ascii=False)}" if s.msg else ""
    return f"{s.t:9.3f}  {s.label:<20} {s.signal:<7} {detail}{msg}".rstrip()


def timeline_text(name: str, manifest: rules.Manifest, steps: Sequence[Step]) -> str:
    """The expected-timeline file of capture `name` replayed as `steps`."""
    head = [
        f"# {name}.jsonl replayed with the built-in {manifest.name} manifest on "
        f"the {EXPECTED_BACKEND} screen model.",
        "# One line per decision: t, state[:kind], signal, detail (rule ids without the",
        "# manifest version), message. '# truth:' lines are the capture's markers.",
        # the last header line of every committed .expected file, kept as written
        "# Written by scripts/update-expected; tests/test_corpus.py compares it.",
    ]
    return "\n".join(head + [format_step(s, manifest) for s in steps]) + "\n"


def expected_text(path: Path) -> str:
    """The expected-timeline file for a capture, from the engine as it is now."""
    cap = read_capture(path)
    manifest = builtin_manifest(cap)
    return timeline_text(capture_name(path), manifest,
                         replay(cap, manifest, backend=EXPECTED_BACKEND))


def update_expected(argv: Sequence[str] = ()) -> int:
    """``scripts/update-expected [CAPTURE...]``: (re)write the .expected files."""
    paths = [Path(a).resolve() for a in argv] or sorted(CAPTURES_DIR.glob("*/*.jsonl"))
    status = 0
    for p in paths:
        if p.suffix == ".expected":
            p = p.with_suffix(".jsonl")
        try:
            text = expected_text(p)
        except WrapError as err:
            sys.stderr.write(f"update-expected: {err}\n")
            status = 1
            continue
        out = expected_path(p)
        old = out.read_text(encoding="utf-8") if out.exists() else None
        if old != text:
            out.write_text(text, encoding="utf-8")
            print(f"{'updated' if old is not None else 'created'} {out}")
    for stale in sorted(CAPTURES_DIR.glob("*/*.expected")):
        if not stale.with_suffix(".jsonl").exists():
            print(f"note: {stale} has no capture; delete it if the capture is gone")
    return status
