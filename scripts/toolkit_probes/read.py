"""Read the toolkit renders with the generic rules: each render's bytes fed to the screen
model as a session feeds them, then `rules.evaluate`, as tests/unit/test_toolkit_renders.py
reads them. One row per render (state, kind, rule, options, the selected one) and the
totals: blocked, a permission, with options.

    PYTHONPATH=$PWD .venv/bin/python scripts/toolkit_probes/read.py [--set first|second] [DIR]

DIR defaults to tests/toolkits. The rules read are those of the osc7501wrap on PYTHONPATH:
point it at another checkout (`git worktree add /tmp/old REV`, `PYTHONPATH=/tmp/old`) to
read the same renders with that checkout's rules. Reads files only; runs no program.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path

from render import COLS, ROWS, SECOND_SET

from osc7501wrap import rules
from osc7501wrap.screen.model import make_screen

ROOT = Path(__file__).resolve().parents[2]


def read(path: Path, generic: rules.Manifest) -> rules.Verdict:
    screen = make_screen(ROWS, COLS)
    screen.feed(base64.b64decode(json.loads(path.read_text())["raw"]))
    return rules.evaluate(generic, rules.Snapshot(
        lines=screen.lines(), cursor=screen.cursor(), alt_screen=screen.alt_screen,
        background=getattr(screen, "background", None)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=("first", "second"), help="only the renders of one set")
    ap.add_argument("dir", nargs="?", type=Path, default=ROOT / "tests" / "toolkits")
    args = ap.parse_args()
    generic = rules.load_manifests(user_dir=None).get("generic")
    if generic is None:
        print("read.py: no generic manifest", file=sys.stderr)
        return 1
    paths = sorted(args.dir.glob("*.json"))
    if args.set is not None:
        second = {p for p in paths if p.stem.removesuffix("-moved") in SECOND_SET}
        paths = [p for p in paths if (p in second) == (args.set == "second")]
    blocked = permission = with_options = 0
    for path in paths:
        v = read(path, generic)
        d = v.dialog
        options = d.options if d is not None else ()
        selected = next((o.number for o in options if o.selected), "-")
        print(f"{path.stem:40} {v.state or '-':8} {v.kind or '-':10} {v.rule_id or '-':28} "
              f"options {len(options)} selected {selected}")
        blocked += v.state == "blocked"
        permission += v.kind == "permission"
        with_options += bool(options)
    print(f"generic {generic.version}: {len(paths)} renders, {blocked} blocked, "
          f"{permission} a permission, {with_options} with options")
    return 0


if __name__ == "__main__":
    sys.exit(main())
