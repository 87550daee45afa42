#!/usr/bin/env python3
"""What an answer may approve, read with the fallback: every blocked screen decision of the
captures named (replayed with a built-in manifest, `generic` by default), the dialog at
that moment: its rule, how many options were read, how many subject rows, whether it is
partial. A permission whose options are read, with no subject and not partial, is one an
`answer` could approve while neither its id nor any answering place holds the command:
each is listed, and counted at the end (the figure to keep at 0).

    PYTHONPATH=$PWD .venv/bin/python bench/dialog_subjects.py tests/heldout/*/ tests/captures/*/

Not a timing: the screens are the ones the replay decided on (each decision's own time).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent),
                str(Path(__file__).resolve().parents[1] / "tests" / "corpus"),
                str(Path(__file__).resolve().parents[1] / "tests")]

import bench_corpus as bc  # noqa: E402
import test_corpus as tc  # noqa: E402

from osc7501wrap import rules  # noqa: E402


def screen_dialogs(path: Path, manifest: str) -> Iterator[tuple[float, rules.Verdict]]:
    """Each blocked decision the screen made in the capture at `path` replayed with the
    built-in `manifest`: its time and the verdict of its screen, a dialog read."""
    rep = bc.replayed_with(path, manifest)
    for step in rep.decisions:
        if step.state != "blocked" or step.signal != "screen":
            continue
        v = rules.evaluate(rep.manifest, tc.snapshot_at(rep, step.t + 0.001))
        if v.dialog is not None:
            yield step.t, v


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path, help="capture directories")
    ap.add_argument("--manifest", default="generic", help="the built-in manifest to read with")
    ap.add_argument("-v", "--verbose", action="store_true", help="every dialog, not only the bad")
    args = ap.parse_args()
    dialogs = bad = 0
    for d in args.dirs:
        for path in sorted(d.glob("*.jsonl")):
            seen: set[tuple[object, ...]] = set()
            for t, v in screen_dialogs(path, args.manifest):
                dg = v.dialog
                assert dg is not None
                key = (v.rule_id, len(dg.options), len(dg.subject), dg.partial)
                if key in seen:
                    continue
                seen.add(key)
                dialogs += 1
                unknown = (v.kind == "permission" and len(dg.options) >= 2 and not dg.subject
                           and not dg.partial)
                bad += unknown
                if unknown or args.verbose:
                    mark = "  ANSWERABLE WITHOUT ITS COMMAND" if unknown else ""
                    print(f"{path.parent.name}/{path.stem} @{t:.2f} {v.rule_id}: "
                          f"{len(dg.options)} options, {len(dg.subject)} subject rows, "
                          f"partial={dg.partial}, question {dg.question[:60]!r}{mark}")
    print(f"{dialogs} dialogs read; {bad} permissions answerable without their command")
    return 0


if __name__ == "__main__":
    sys.exit(main())
