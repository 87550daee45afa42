#!/usr/bin/env python3
"""What an answer would type, read with the fallback, against what the agent took: every
blocked permission the replay decided on (each distinct dialog of a capture once), the
keys `answer` types for each option read (``rules.dialog.keys_for``), next to the keys the
recording's driver typed to approve that agent's dialog (``harness.agents``: its
``approve_key`` for that release). Each dialog is one of:

* ``as recorded``: an option is chosen with exactly the driver's keys;
* ``own key``: no option types the driver's keys, but each option read is chosen with a
  key it shows on screen ("Continue (tab)", "[y] yes"): another way the agent offers;
* ``arrows``: the dialog shows its selection and is chosen with the arrows and Enter,
  the way it says (the driver typed the option's number, or its key);
* ``refused``: `answer` types nothing (partial, no options read, no selection shown);
* ``ENTER DIFFERS``: an option types the driver's key without its Enter, or with one it
  did not need (the digit left in a composer, or an Enter sent on into the next screen);
* ``OTHER``: anything else `answer` would type.

The last two are the figures to keep at 0 among dialogs `answer` would type into (not
partial).

    PYTHONPATH=$PWD .venv/bin/python bench/answer_keys.py tests/heldout/*/ tests/captures/*/

Not a timing: the screens are the ones the replay decided on (each decision's own time).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent),
                str(Path(__file__).resolve().parents[1] / "tests" / "corpus"),
                str(Path(__file__).resolve().parents[1] / "tests"),
                str(Path(__file__).resolve().parents[1])]

from dialog_subjects import screen_dialogs  # noqa: E402

from harness.agentrun import AgentRun  # noqa: E402
from harness.agents import AGENTS  # noqa: E402
from osc7501wrap.rules import dialog  # noqa: E402


def recorded_keys(directory: str) -> bytes | None:
    """The keys the recording driver typed to approve the dialogs of `directory`
    (``NAME-VERSION``, the version itself holding a "-" or not: "qwentermux-0.22.2-termux");
    None for an agent the harness does not describe."""
    name = next((n for n in sorted(AGENTS, key=len, reverse=True)
                 if directory.startswith(f"{n}-")), None)
    if name is None:
        return None
    about, version = AGENTS[name], directory[len(name) + 1:]
    key = about.release_approve_keys.get(version, about.approve_key)
    return AgentRun.KEYS.get(key) or key.encode()


def typed(dg: dialog.Dialog) -> list[bytes | None]:
    """For each option, the bytes `answer` types to choose it; None where it refuses."""
    out: list[bytes | None] = []
    for option in dg.options:
        try:
            out.append("".join(dialog.keys_for(dg, option)).encode())
        except dialog.ChoiceError:
            out.append(None)
    return out


def verdict(dg: dialog.Dialog, keys: list[bytes | None], want: bytes) -> str:
    if dg.partial or not dg.options or all(k is None for k in keys):
        return "refused"
    if want in keys:
        return "as recorded"
    if any(k is not None and (k + b"\r" == want or k == want + b"\r") for k in keys):
        return "ENTER DIFFERS"
    if dg.choose in ("arrows", "arrows_lr") and all(
            k is not None and k.endswith(b"\r") and set(k[:-1].split(b"\x1b")) <= _ARROWS
            for k in keys):
        return "arrows"
    shown = all(k is not None and o.key and k.rstrip(b"\r") in (o.key.encode(), _named(o.key))
                for o, k in zip(dg.options, keys, strict=True))
    return "own key" if shown else "OTHER"


_ARROWS = {b"", b"[A", b"[B", b"[C", b"[D"}


def _named(key: str) -> bytes:
    return AgentRun.KEYS.get(key.lower(), b"\x00")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path, help="capture directories")
    ap.add_argument("--manifest", default="generic", help="the built-in manifest to read with")
    ap.add_argument("-v", "--verbose", action="store_true", help="every dialog, not only the bad")
    args = ap.parse_args()
    counts: Counter[str] = Counter()
    for d in args.dirs:
        want = recorded_keys(d.name)
        if want is None:
            print(f"{d.name}: no recording driver describes it; skipped")
            continue
        for path in sorted(d.glob("*.jsonl")):
            seen: set[tuple[object, ...]] = set()
            for t, v in screen_dialogs(path, args.manifest):
                dg = v.dialog
                if dg is None or v.kind != "permission":
                    continue
                key = (v.rule_id, dg.choose, len(dg.options), dg.partial)
                if key in seen:
                    continue
                seen.add(key)
                keys = typed(dg)
                what = verdict(dg, keys, want)
                counts[what] += 1
                if args.verbose or what in ("ENTER DIFFERS", "OTHER"):
                    why = "partial" if dg.partial else f"{len(dg.options)} options"
                    print(f"{d.name}/{path.stem} @{t:.2f} {v.rule_id} ({dg.choose}, {why}): "
                          f"recorded {want!r}, would type {keys}: {what}")
    total = sum(counts.values())
    print(f"{total} permissions read: " + ", ".join(
        f"{counts[k]} {k}" for k in ("as recorded", "own key", "arrows", "refused", "ENTER DIFFERS",
                                     "OTHER")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
