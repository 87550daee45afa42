"""`osc7501wrap config [--json] [--example]`: the effective configuration, where each value
came from, and its problems (the config itself is :mod:`osc7501wrap.config`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..config import EXAMPLE, load_config, show_path, toml_repr


def _toml_value(value: object) -> str:
    if value is None:
        return "(unset)"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return toml_repr(value)


def cmd_config(args: Any) -> int:
    """`osc7501wrap config [--json]`: effective values, where each came from, and problems.

    Exit status 0, or 1 if the file or the environment has a problem.
    """
    if getattr(args, "example", False):
        sys.stdout.write(EXAMPLE)
        return 0
    cfg = load_config()
    eff = cfg.effective()
    exists = cfg.path is not None and Path(cfg.path).is_file()
    if getattr(args, "json", False):
        doc = {
            "file": str(cfg.path),
            "file_exists": exists,
            "values": eff,
            "sources": {k: cfg.sources.get(k, "default") for k in eff},
            "problems": cfg.problems,
        }
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
        return 1 if cfg.problems else 0
    sys.stdout.write(f"# file: {show_path(cfg.path) if cfg.path else '-'}"
                     f"{'' if exists else ' (not found; every value is its default)'}\n")
    width = max(len(f"{k} = {_toml_value(v)}") for k, v in eff.items())
    for key, value in eff.items():
        left = f"{key} = {_toml_value(value)}"
        sys.stdout.write(f"{left.ljust(width)}  # {cfg.sources.get(key, 'default')}\n")
    for line in cfg.problems:
        sys.stderr.write(line + "\n")
    return 1 if cfg.problems else 0
