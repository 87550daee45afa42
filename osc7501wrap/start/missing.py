"""The one-line error when the program `wrap` was asked to run is not installed.

`not_found(err, program)` turns proxy's "PROGRAM: command not found" into the same line
with a way out: the `install` text of the manifest whose `programs` name the program
(``claude: command not found; install Claude Code: npm install -g @anthropic-ai/claude-code``),
or a plain question for a program no manifest names. The install text is data, validated
as one printable line when the manifest loads; it is shown, never run.

Only the error path imports this module, so it may load the manifests; a path (a name
with a slash) gets no hint, "not found" says it all.
"""

from __future__ import annotations

from ..errors import WrapError


def hint(program: str) -> str:
    """What to tell the user about a `program` that is not on PATH ("" for a path)."""
    if not program or "/" in program:
        return ""
    from .. import rules

    try:
        manifest = rules.select_manifest(rules.load_manifests(), [program])
    except (OSError, ValueError, WrapError):
        manifest = None
    if manifest is None or not manifest.programs:
        return "is it installed, and its directory on PATH?"
    what = "".join(c for c in manifest.description if c.isprintable())[:60] or manifest.name
    if manifest.install:
        return f"install {what}: {manifest.install}"
    return f"is {what} installed, and its directory on PATH?"


def not_found(err: WrapError, program: str) -> WrapError:
    """`err` (status 127) with the hint for `program` appended."""
    text = hint(program)
    return WrapError(f"{err}; {text}" if text else str(err), status=err.status)
