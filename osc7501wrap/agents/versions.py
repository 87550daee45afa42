"""Which release of an agent is installed, and whether its manifest was checked on it.

:func:`version_of` reads a program's version from the files of its install, without
running it: an npm package's ``package.json`` (the one whose ``bin`` names the program,
up from the program's real path), a Python console script's ``*.dist-info`` (the one
whose ``entry_points.txt`` names it, in the interpreter's environment), or a native
install's ``versions/<version>`` file. :func:`drift` places that version against the
releases a manifest lists in ``verified_on``: one of them, between them, newer, older;
:func:`describe` says it in one line with, outside the range, the ``record`` command that
captures a session for it. ``doctor``, the session log and ``explain`` use them.

What it does not do: run the program, reach the network, or trust what it reads (a
version that is not plain version text counts as unknown).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_VERSION = re.compile(r"v?(\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]{1,32})?)")
_MAX_JSON = 1 << 20  # a package.json larger than this is not read
_UP = 5  # parent directories searched for a package.json


def clean_version(text: object) -> str | None:
    """`text` as a version string (``2.1.328``, ``0.62.0-preview.1``), or None."""
    if not isinstance(text, str):
        return None
    m = _VERSION.fullmatch(text.strip())
    return m.group(1) if m else None


def find_program(name: str, path: str | None = None) -> Path | None:
    """`name` on `path` (``$PATH``), or `name` itself when it is a path to a program."""
    if not name or "\0" in name:
        return None
    found = shutil.which(name, path=path)
    return Path(found) if found else None


def _npm_version(real: Path, names: set[str]) -> str | None:
    for d in [real.parent, *real.parent.parents][:_UP]:
        if d.name == "node_modules":
            return None
        pj = d / "package.json"
        try:
            if not pj.is_file() or pj.stat().st_size > _MAX_JSON:
                continue
            data = json.loads(pj.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        bins = data.get("bin")
        pkg = str(data.get("name", "")).rpartition("/")[2]
        named = set(bins) if isinstance(bins, dict) else {pkg} if isinstance(bins, str) else set()
        if named & names:
            return clean_version(data.get("version"))
    return None


def _interpreter(exe: Path) -> Path | None:
    try:
        with exe.open("rb") as f:
            head = f.read(1024)
    except OSError:
        return None
    if not head.startswith(b"#!"):
        return None
    text = head.decode("utf-8", "replace")
    m = re.search(r"exec' '?(/\S+?)'? ", text) or re.match(r"#!\s*(/\S+)", text)
    return Path(m.group(1)) if m else None


def _python_version(exe: Path, names: set[str]) -> str | None:
    interp = _interpreter(exe)
    if interp is None or "python" not in interp.name:
        return None
    env = interp.parent.parent
    want = re.compile(r"(?m)^\s*(" + "|".join(re.escape(n) for n in sorted(names)) + r")\s*=")
    for site in sorted(env.glob("lib/python3*/site-packages")):
        for info in sorted(site.glob("*.dist-info")):
            try:
                entry = (info / "entry_points.txt").read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            scripts = entry.partition("[console_scripts]")[2].partition("\n[")[0]
            if want.search(scripts):
                return clean_version(info.name[:-len(".dist-info")].rpartition("-")[2])
    return None


def version_of(exe: Path, names: Sequence[str] = ()) -> str | None:
    """The version of the program at `exe` (also known as `names`), or None."""
    try:
        real = exe.resolve()
    except (OSError, RuntimeError):
        return None
    known = {exe.name, real.name, *names}
    if real.parent.name == "versions" and clean_version(real.name):
        return clean_version(real.name)  # a native install: .../versions/2.1.328
    return _npm_version(real, known) or _python_version(exe, known)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", re.split(r"[-+]", version, maxsplit=1)[0]))


def drift(verified_on: Sequence[str], version: str | None) -> str:
    """``checked`` (one of `verified_on`), ``inside`` (between them), ``newer``,
    ``older``, or ``unknown`` (no version, or nothing verified to compare with)."""
    checked = [v for v in verified_on if clean_version(v)]
    if version is None or not checked:
        return "unknown"
    if version in checked:
        return "checked"
    keys = sorted(_key(v) for v in checked)
    here = _key(version)
    if here > keys[-1]:
        return "newer"
    if here < keys[0]:
        return "older"
    return "inside"


@dataclass(frozen=True)
class Drift:
    """An agent's version against its manifest's checked releases."""

    agent: str  # the manifest's name
    program: str  # as run (``claude``)
    version: str | None
    verified_on: tuple[str, ...]
    where: str  # ``newer`` | ``older`` | ``checked`` | ``inside`` | ``unknown``

    @property
    def outside(self) -> bool:
        """Newer or older than every release the manifest was checked on."""
        return self.where in ("newer", "older")

    def text(self) -> str:
        """One line: the version next to the checked releases, and where it falls."""
        head = f"{self.program} {self.version or '(version not found)'}; its manifest"
        if not self.verified_on:
            return f"{head} was not verified on any release"
        on = f"{head} was verified on {', '.join(self.verified_on)}"
        if self.where == "inside":
            return f"{on} (this release lies between them)"
        if self.outside:
            return f"{on}: this release is {self.where} than all of them, its light may be wrong"
        return on

    def record_command(self) -> str:
        """How to capture a session of this release (shell-quoted)."""
        stem = f"{self.agent}-{self.version or 'new'}"
        return (f"osc7501wrap record -o {shlex.quote(stem + '.jsonl')} -- "
                f"{shlex.quote(self.program)}")

    def fix(self) -> str:
        out = f"{self.agent}-{self.version or 'new'}.jsonl"
        return (f"record a session: {self.record_command()}; then `osc7501wrap explain "
                f"{shlex.quote(out)}` shows which rules match it (send the capture upstream "
                "so the manifest is checked on this release)")


def describe(agent: str, program: str, version: str | None,
             verified_on: Sequence[str]) -> Drift:
    """Where `version` of `program` falls among `verified_on` (see :class:`Drift`)."""
    return Drift(agent, program, version, tuple(verified_on), drift(verified_on, version))


def installed(agent: str, programs: Sequence[str], verified_on: Sequence[str],
              path: str | None = None) -> tuple[Path, Drift] | None:
    """The first of `programs` on `path` with where its version falls, or None."""
    for prog in programs:
        exe = find_program(prog, path)
        if exe is not None and os.access(exe, os.X_OK):
            return exe, describe(agent, prog, version_of(exe, programs), verified_on)
    return None


def of_command(manifest: Any, argv: Sequence[str], path: str | None = None) -> Drift:
    """Where the program of a command line (``claude ...``; ``node .../cli.js`` reads the
    script's install) falls among `manifest`'s checked releases."""
    programs = tuple(getattr(manifest, "programs", ()) or ())
    on = tuple(manifest.verified_on) if getattr(manifest, "verified", None) else ()
    name = os.path.basename(argv[0]) if argv else ""
    version = None
    exe = find_program(argv[0], path) if argv else None
    if exe is not None:
        version = version_of(exe, programs)
    if version is None and len(argv) > 1 and os.path.isfile(argv[1]):
        version = version_of(Path(argv[1]), programs)
        name = os.path.basename(argv[1]) if not programs else programs[0]
    return describe(manifest.name, name or manifest.name, version, on)
