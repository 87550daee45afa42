"""wrap's own process named after the program it runs: :func:`name_after`.

The pane's foreground process is wrap's, not the child's (the child has a pty of its
own), so every tool that names a pane by its foreground process would see ``python3``:
tmux's ``#{pane_current_command}`` and automatic window names (Linux: the first word of
``/proc/<pgrp>/cmdline``; macOS: the kernel's process name), ``ps``/``top``/``pgrep``
(the kernel's name, ``/proc/<pid>/comm``), herdr (that name and the argv). Once the child
runs, wrap rewrites its command line to ``<program> <args...> (wrap)`` and its kernel name
to ``<program>`` (15 bytes at most), so they all read the program's name and
``ps -o args`` still shows ``(wrap)`` after it.

The command line is rewritten by setproctitle's C extension, loaded without its Python
package (which imports :mod:`logging`: 11 ms of every start). ``SPT_NOENV`` keeps it
inside the original command line, so ``/proc/<pid>/environ`` (where herdr reads
``HERDR_AGENT``) stays intact; the title always fits (the original is ``python3
.../wrap`` followed by the same arguments). Without the extension, Linux still gets the
kernel name (``/proc/self/comm``). On macOS the command line changes (``ps``), but the
kernel's name (``p_comm``, what tmux reads there) cannot be changed by a running process:
tmux on macOS keeps showing the interpreter's name.

Never raises: a name that cannot be set leaves the old one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

SUFFIX = " (wrap)"
COMM_LIMIT = 15  # bytes of the kernel's process name (TASK_COMM_LEN - 1)


def title_for(command: Sequence[str]) -> tuple[str, str]:
    """(command line, kernel name) for a wrap running `command`."""
    base = os.path.basename(command[0]) if command else ""
    base = base or (command[0] if command else "wrap")
    args = [a.replace("\n", " ") for a in command[1:]]
    line = " ".join([base, *args]) + SUFFIX
    comm = base.encode("utf-8", "replace")[:COMM_LIMIT].decode("utf-8", "ignore")
    return line, comm or "wrap"


def _extension() -> object | None:
    """setproctitle's C module, imported without its package's ``__init__``."""
    try:
        # lazy: called once the child runs (importlib.machinery stays off the path before
        # it); setproctitle's package itself is never imported (logging: 11 ms)
        from importlib.machinery import PathFinder

        package = PathFinder.find_spec("setproctitle")
        if package is None or not package.submodule_search_locations:
            return None
        spec = PathFinder.find_spec("setproctitle._setproctitle",
                                    package.submodule_search_locations)
        if spec is None or spec.loader is None:
            return None
        module = spec.loader.create_module(spec)  # type: ignore[attr-defined]
        if module is None:
            return None
        spec.loader.exec_module(module)
        return module
    except Exception:
        return None


def name_after(command: Sequence[str]) -> list[str]:
    """Name this process after `command` (see the module doc); returns what was named:
    ``"cmdline"``, ``"comm"``, both or neither."""
    line, comm = title_for(command)
    done: list[str] = []
    ext = _extension()
    if ext is not None:
        had = os.environ.get("SPT_NOENV")
        os.environ["SPT_NOENV"] = "1"  # read once, at the extension's first call
        try:
            ext.setproctitle(line)  # type: ignore[attr-defined]
            done.append("cmdline")
            ext.setthreadtitle(comm)  # type: ignore[attr-defined]
            done.append("comm")
        except Exception:
            pass
        finally:
            if had is None:
                os.environ.pop("SPT_NOENV", None)
            else:
                os.environ["SPT_NOENV"] = had
    if "comm" not in done and sys.platform.startswith("linux"):
        try:
            with open("/proc/self/comm", "w", encoding="utf-8") as f:
                f.write(comm)
            done.append("comm")
        except OSError:
            pass
    return done
