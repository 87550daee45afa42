"""`osc7501wrap man`: print the wrap(1) manual page.

What it does: finds `wrap.1` (inside the installed package as `osc7501wrap/man/wrap.1`, or
`man/wrap.1` in a source checkout) and, when standard output is a terminal and `man` is
installed, shows it with `man -l`; otherwise prints the roff source, so that
`osc7501wrap man > wrap.1` and `osc7501wrap man | groff -man -Tutf8` work.

What it does not do: install the page (the wheel's shared data puts it in
`share/man/man1`), or format roff itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from contextlib import AbstractContextManager, nullcontext
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import WrapError

PAGE = "wrap.1"


def page_text() -> str:
    """The roff source of the page."""
    with page_path() as path:
        try:
            return path.read_text(encoding="utf-8")
        except OSError as err:
            raise WrapError(f"the manual page is missing from this installation "
                            f"({err.strerror or err})", status=70) from None


def page_path() -> AbstractContextManager[Path]:
    """A context giving a real file path of the page (extracted if the package is zipped)."""
    try:
        res = resources.files("osc7501wrap") / "man" / PAGE
        if res.is_file():
            return resources.as_file(res)
    except (OSError, ModuleNotFoundError):
        pass
    return nullcontext(Path(__file__).resolve().parents[2] / "man" / PAGE)


def cmd_man(args: Any) -> int:
    """Show the page with man(1) on a terminal, else print its source."""
    man = shutil.which("man")
    if man and sys.stdout.isatty():
        with page_path() as path:
            if path.is_file():
                sys.stdout.flush()
                try:
                    return subprocess.call([man, "-l", str(path)], env=os.environ.copy())
                except OSError:
                    pass  # fall back to the source below
    sys.stdout.write(page_text())
    return 0
