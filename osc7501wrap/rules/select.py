"""Choosing the manifest for a command line: by program name or package path, looking
through wrappers (node, python, npx, env, `sh -c` ...); `generic` when nothing matches.
It reads argv only, never the file system or the environment.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence

from ..errors import WrapError
from .load import generic_fallback
from .model import GENERIC, Catalog, Manifest

# Programs that run another program named in their arguments.
_WRAPPERS = frozenset({
    "node", "nodejs", "bun", "deno", "tsx", "ts-node", "python", "python3", "pypy",
    "pypy3", "npx", "bunx", "pnpx", "pnpm", "npm", "yarn", "uv", "uvx", "pipx", "env",
    "nice", "nohup", "time", "stdbuf", "caffeinate", "exec", "command", "sudo", "doas",
})
_SUBCOMMANDS = frozenset({"exec", "run", "dlx", "x", "tool"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish"})
_EXTS = (".exe", ".cmd", ".bat", ".js", ".mjs", ".cjs", ".ts", ".py", ".sh")
_PY_RE = re.compile(r"(?:python|pypy)\d+(?:\.\d+)*\Z")
_VERSION_SUFFIX_RE = re.compile(r"(?<=.)@[^/@]*\Z")


def _base(arg: str) -> str:
    b = os.path.basename(arg.rstrip("/")).lower()
    for ext in _EXTS:
        if b.endswith(ext) and len(b) > len(ext):
            return b[: -len(ext)]
    return b


def _is_wrapper(base: str) -> bool:
    return base in _WRAPPERS or bool(_PY_RE.match(base))


def _by_program(catalog: Catalog, base: str) -> Manifest | None:
    for m in catalog.manifests.values():
        if base in m.programs:
            return m
    return None


def _by_package(catalog: Catalog, arg: str) -> Manifest | None:
    cands = {arg, arg + "/", _VERSION_SUFFIX_RE.sub("", arg) + "/"}
    for m in catalog.manifests.values():
        for p in m.package_paths:
            if any(p in c for c in cands):
                return m
    return None


def _select(catalog: Catalog, argv: Sequence[str], depth: int) -> Manifest | None:
    if not argv or depth > 4:
        return None
    first = argv[0]
    base = _base(first)
    m = _by_program(catalog, base) or _by_package(catalog, first)
    if m is not None:
        return m
    rest = list(argv[1:17])
    if base in _SHELLS:
        if len(rest) >= 2 and rest[0] in ("-c", "-lc", "-ic"):
            try:
                words = shlex.split(rest[1])
            except ValueError:
                return None
            while words and ("=" in words[0] and not words[0].startswith("=")):
                words.pop(0)  # VAR=value prefixes
            return _select(catalog, words, depth + 1)
        return None
    if not _is_wrapper(base):
        return None
    # The first non-option argument is the program, script or package the wrapper runs.
    # Later arguments are only checked against package paths, which are specific.
    found_program = False
    skip_next = False
    for arg in rest:
        if skip_next:
            skip_next = False
            m = _by_program(catalog, _base(arg))
            if m is not None:
                return m
            continue
        if arg == "-m":  # python -m module
            skip_next = True
            continue
        if arg.startswith("-") or (base == "env" and "=" in arg):
            continue
        m = _by_package(catalog, arg)
        if m is not None:
            return m
        if not found_program:
            found_program = True
            if arg in _SUBCOMMANDS and base in ("npm", "pnpm", "yarn", "uv", "pipx", "bun"):
                found_program = False
                continue
            m = _by_program(catalog, _base(arg))
            if m is not None:
                return m
            sub_base = _base(arg)
            if _is_wrapper(sub_base) or sub_base in _SHELLS:
                idx = rest.index(arg)
                return _select(catalog, rest[idx:], depth + 1)
    return None


def select_manifest(catalog: Catalog, argv: Sequence[str], forced: str | None = None
                    ) -> Manifest:
    """The manifest for running `argv`: the forced one (`--agent NAME`), else the one whose
    program or package path matches (looking through node/python/npx/env/sh -c wrappers),
    else `generic`. An unknown forced name raises WrapError listing the known names."""
    if forced:
        m = catalog.get(forced)
        if m is None:
            raise WrapError(f"unknown agent {forced!r} (known: {', '.join(catalog.names)})")
        return m
    m = _select(catalog, list(argv), 0)
    if m is not None:
        return m
    return catalog.get(GENERIC) or generic_fallback()
