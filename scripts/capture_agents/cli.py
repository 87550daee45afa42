"""The command line of scripts/capture-agents: arguments, ``--list``, ``--release``, running
the chosen scenarios one after the other, then INDEX.md.

What it does not do: hold the usage text (the script's docstring, passed in) or set up
sys.path and the venv (the script does).
"""

from __future__ import annotations

import argparse
import os
import sys

from agentrun import RELEASE_ENV, agent_exe, pins

from capture_agents.index import write_index
from capture_agents.runner import run_spec
from capture_agents.scenarios import all_specs


def main(doc: str, argv: list[str] | None = None) -> int:
    """The command: ``doc`` is scripts/capture-agents's docstring (its first paragraph is
    the description in ``--help``); ``argv`` defaults to the process's arguments."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("which", nargs="*", help="AGENT or AGENT:SCENARIO (default: all installed)")
    ap.add_argument("--list", action="store_true", help="list scenarios and exit")
    ap.add_argument("--keep", action="store_true", help="keep sandboxes (with requests.jsonl) for debugging")
    ap.add_argument("--release", action="append", default=[], metavar="AGENT@VERSION",
                    help="run this release of tests/agents/releases.txt instead of the pin")
    args = ap.parse_args(argv)
    if args.release:
        os.environ[RELEASE_ENV] = ",".join(args.release)
        try:
            pins()
        except ValueError as err:
            print(f"capture-agents: {err}", file=sys.stderr)
            return 2
        if not args.which:
            args.which = [r.partition("@")[0] for r in args.release]
    specs = all_specs()
    if args.list:
        for s in specs:
            print(f"{s.agent}:{s.name}  {s.description}")
        return 0
    chosen = []
    for s in specs:
        if not args.which or any(w in (s.agent, f"{s.agent}:{s.name}") for w in args.which):
            chosen.append(s)
    failed = 0
    for s in chosen:
        if agent_exe(s.agent) is None:
            how = ("--releases " + " ".join(args.release)) if args.release else s.agent
            print(f"!!! {s.agent}:{s.name}: agent not installed (scripts/install-agents {how})", file=sys.stderr)
            failed += 1
            continue
        ok, msg = run_spec(s, args.keep)
        print(f"{'ok ' if ok else '!!! FAILED'} {s.agent}:{s.name}: {msg}", flush=True)
        failed += 0 if ok else 1
    write_index()
    return 1 if failed else 0
