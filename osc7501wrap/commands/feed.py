"""`osc7501wrap feed [--once]`: this machine's sessions for another machine's `watch`,
`ls`, `events` and `jump` (which run it over ssh, see osc7501wrap.fleet).

One JSON object a line: ``{"feed": 1, "now": EPOCH, "sessions": [...], "ended":
[...]}``, every live session (the keys of `ls --json` and ``tmux_socket``) and those
that ended lately (``ended`` and ``status`` added). A line is printed at the start, on
every change of the registry, and at least every HEARTBEAT seconds, so the reader knows
the link is alive; ``--once`` prints one line and exits. It ends when its reader goes
(a closed pipe). It holds no token and no socket path: answering goes through `answer`,
which checks the dialog itself.
"""

from __future__ import annotations

import json
import signal
import sys
import time
from typing import Any

from ..fleet.remote import HEARTBEAT
from . import live


def snapshot() -> dict[str, Any]:
    ended = []
    for e in live.ended():
        row = live.view(e)
        row.update(ended=e.get("ended"), status=e.get("status"))
        ended.append(row)
    return {"feed": 1, "now": time.time(), "sessions": [live.view(e) for e in live.sessions()],
            "ended": ended}


def _print() -> None:
    sys.stdout.write(json.dumps(snapshot(), ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def cmd_feed(args: Any) -> int:
    if getattr(args, "once", False):
        _print()
        return 0
    signal.signal(signal.SIGINT, signal.default_int_handler)
    watch = live.RegistryWatch()
    try:
        while True:
            _print()
            watch.wait(HEARTBEAT)
    except KeyboardInterrupt:
        return 0
    finally:
        watch.close()
