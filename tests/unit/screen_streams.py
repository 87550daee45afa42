"""Byte streams shared by the screen tests (tests/unit/test_screen*.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator


def chunks(data: bytes, rng: random.Random, most: int = 64) -> Iterator[bytes]:
    i = 0
    while i < len(data):
        n = rng.randint(1, most)
        yield data[i : i + n]
        i += n


def realistic_stream(seed: int, cols: int = 60) -> bytes:
    """An agent-like TUI session: static output, a redrawn live region, dialogs, CJK."""
    rng = random.Random(seed)
    out = ["\x1b[?2004h\x1b[?25l", "\x1b]0;✳ Agent\x07", "Welcome 👋 to the agent\r\n\r\n"]
    for i in range(40):
        kind = rng.random()
        if kind < 0.5:  # Ink-style live region: erase N lines up, redraw
            spin = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏✽·✢"[i % 13]
            out.append("\x1b[?2026h" + "\x1b[2K\x1b[1A" * 3 + "\x1b[2K\x1b[G")
            out.append(f"\x1b[38;5;{i % 256}m{spin}\x1b[39m Wandering… ({i}s · esc to interrupt)\r\n")
            out.append(f"\x1b[38;2;{i};100;200m╭{'─' * (cols - 2)}╮\x1b[0m\r\n")
            out.append(f"│ > \x1b[2mTry 'fix lint errors' 日本語\x1b[22m\x1b[{cols}G│\r\n")
            out.append(f"╰{'─' * (cols - 2)}╯\x1b[?2026l")
        elif kind < 0.7:  # static output scrolls up
            out.append("\r\n⏺ " + " ".join(rng.choice(["Read", "file.py", "✔️", "done", "한국어", "e\u0301"])
                                           for _ in range(rng.randint(1, 12))) + "\r\n")
        elif kind < 0.8:  # a permission dialog in the alternate screen
            out.append("\x1b[?1049h\x1b[H\x1b[2J\x1b[3;1H Do you want to proceed?\x1b[5;3H❯ 1. Yes")
            out.append("\x1b[6;3H  2. No\x1b[1;5r\x1b[5;1H\n\n\x1b[r\x1b[?1049l")
        elif kind < 0.9:  # codex-style history insertion above an inline viewport
            out.append("\x1b7\x1b[1;3r\x1b[3;1H\r\n\x1b[1m• Ran\x1b[0m tests\x1b[r\x1b8\x1b[K")
        else:  # shell prompt with bash markers and OSC 133 / 7
            out.append("\x1b]133;A\x07\x01\x1b[32m\x02user@host\x01\x1b[0m\x02:~$ \x1b]133;B\x07ls\r\n")
    out.append("\x1b[?25h")
    return "".join(out).encode()
