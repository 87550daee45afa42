"""Does an agent's manifest still read its screens? A note when it plainly does not.

An agent's new release can change its UI so that no rule of its manifest matches any
more: wrap then has no opinion from the screen and the light falls back to the other
signals. :class:`StaleWatch` notices it in a live session: the agent is plainly active
(output keeps coming and the user typed keys) while no rule of its manifest has matched
for :data:`STALE_AFTER` seconds (``OSC7501WRAP_STALE_AFTER`` overrides it). It fires once
per session; the session then writes one line to its log and :func:`remember` keeps a
note in the state directory (``stale-manifests.json``), which ``osc7501wrap doctor``
shows (:func:`notes`) with the way to record a session for that manifest, until the
manifest's version changes.

What it does not do: decide any state, or look at the screen itself (it reads the
classifier's last verdict); the generic manifest is never watched.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

STALE_AFTER = 120.0  # seconds of plain activity with no rule matching
MIN_OUTPUT = 2048  # bytes of output in that time: the agent is drawing, not sitting still
FILE = "stale-manifests.json"
MAX_NOTES = 32


def stale_after(env: dict[str, str] | None = None) -> float:
    raw = (env if env is not None else os.environ).get("OSC7501WRAP_STALE_AFTER", "")
    try:
        value = float(raw)
    except ValueError:
        return STALE_AFTER
    return value if 0 < value < 1e6 else STALE_AFTER


@dataclass
class StaleWatch:
    """Watches one session's manifest (see the module docstring)."""

    manifest: str
    version: str
    after: float = STALE_AFTER
    program: str = "<the agent>"
    fired: bool = False
    _start: float | None = None  # start of the stretch with no rule matching
    _out0: int = 0  # output bytes at that start
    _seen_eval: float = -1.0

    def next_deadline(self, now: float) -> float | None:
        """When :meth:`observe` may fire with nothing else happening first (the end of
        the stretch), so a session that falls silent needs no periodic tick for it."""
        due = None if self.fired or self._start is None else self._start + self.after
        return due if due is not None and due > now else None

    def observe(self, now: float, verdict: Any, eval_at: float, output_bytes: int,
                last_input: float) -> str | None:
        """Called from the session's tick; the log line once the manifest looks stale."""
        if self.fired:
            return None
        if eval_at != self._seen_eval and verdict is not None:
            self._seen_eval = eval_at
            if getattr(verdict, "rule_id", None) is not None:
                self._start = None
            elif self._start is None:
                self._start, self._out0 = eval_at, output_bytes
        start = self._start
        if start is None or now - start < self.after:
            return None
        if output_bytes - self._out0 < MIN_OUTPUT or last_input < start:
            return None
        self.fired = True
        return (f"note manifest {self.manifest}@{self.version} looks stale: the agent has been "
                f"active for {now - start:.0f} s (output and keys) and no rule of it matched; "
                f"record a session: osc7501wrap record -o {self.manifest}.jsonl -- {self.program}")


def _file(state_dir: str | Path) -> Path:
    return Path(state_dir) / FILE


def notes(state_dir: str | Path) -> dict[str, dict[str, Any]]:
    """The kept notes, by manifest name; a missing or broken file is no notes."""
    try:
        data = json.loads(_file(state_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, dict)}


def remember(state_dir: str | Path, manifest: str, version: str, program: str,
             wall: float | None = None) -> None:
    """Keep a note for `doctor`; errors are ignored (the note is a courtesy)."""
    state_dir = Path(state_dir)
    data = notes(state_dir)
    data[manifest] = {"version": version, "program": program[:64],
                      "at": time.strftime("%Y-%m-%d %H:%M",
                                          time.localtime(wall if wall is not None
                                                         else time.time()))}
    data = dict(list(data.items())[-MAX_NOTES:])
    try:
        state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = _file(state_dir).with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(_file(state_dir))
    except OSError:
        pass
