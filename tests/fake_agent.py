"""A fake coding agent for detection tests: a TUI shaped like today's agents.

    python fake_agent.py SEED [--scale S] [--events FILE]

It draws a composer between two rules with a mode footer; reads a prompt line from the
keyboard (raw mode); on Enter it runs a task made of, in a seeded random order:
spinner phases (a 10 Hz spinner line of about 60 bytes per frame, ``✻ Verb… (3s · esc to
interrupt)``), silent tool calls (no output at all for 0.5–6 s), and permission prompts
(a dialog with a question, indented numbered options and a footer, drawn in one write and
cleared after the answer ``1``/Enter (yes) or Esc (no)). At the end it prints
``✻ Worked for Ns`` and the composer again. ``q`` at the composer quits.

Ground truth goes to ``--events FILE`` as lines ``<monotonic time> <event>`` written right
after the screen bytes for that event were written: ``idle``, ``working``,
``blocked`` (dialog fully drawn), ``answered``. CLOCK_MONOTONIC is shared by every
process on the machine, so a driver can compare it with its own clock.

``--scale`` multiplies every duration (0.1 runs ten times faster).
"""

from __future__ import annotations

import os
import random
import select
import sys
import termios
import time
import tty

VERBS = ["Pondering", "Brewing", "Reticulating", "Cogitating", "Percolating", "Herding"]
GLYPHS = ["·", "✢", "✳", "✶", "✻", "✽"]
RULE = "─" * 78


class Agent:
    def __init__(self, seed: int, scale: float, events: str | None) -> None:
        self.rnd = random.Random(seed)
        self.scale = scale
        self.events = open(events, "a", buffering=1) if events else None  # noqa: SIM115
        self.fd = sys.stdin.fileno()

    def out(self, text: str) -> None:
        os.write(1, text.encode())

    def mark(self, event: str) -> None:
        if self.events:
            self.events.write(f"{time.monotonic():.6f} {event}\n")

    def composer(self, done: float | None = None) -> None:
        head = f"\x1b[2J\x1b[H● Task finished.\r\n\r\n✻ Worked for {done:.0f}s\r\n\r\n" \
            if done is not None else "\x1b[2J\x1b[H Fake Agent v1.0\r\n\r\n"
        self.out(f"{head}{RULE}\r\n❯ \r\n{RULE}\r\n  ⏸ manual mode on · ? for shortcuts"
                 "\x1b[5;3H")
        self.mark("idle")

    def key(self, timeout: float | None) -> bytes:
        r, _, _ = select.select([self.fd], [], [], timeout)
        return os.read(self.fd, 64) if r else b""

    def read_prompt(self) -> str | None:
        line = b""
        while True:
            data = self.key(None)
            if not data:
                continue
            for b in data:
                if b in (13, 10):
                    return line.decode(errors="replace")
                if b == ord("q") and not line:
                    return None
                line += bytes([b])
                self.out(chr(b))

    def spinner(self, seconds: float, start: float) -> None:
        verb = self.rnd.choice(VERBS)
        end = time.monotonic() + seconds * self.scale
        i = 0
        while time.monotonic() < end:
            glyph = GLYPHS[i % len(GLYPHS)]
            elapsed = int(time.monotonic() - start)
            # one frame: about 60 bytes, rewriting the spinner line in place
            self.out(f"\x1b[3;1H\x1b[2K{glyph} {verb}… ({elapsed}s · esc to interrupt)")
            i += 1
            time.sleep(0.1)

    def dialog(self) -> bool:
        cmd = self.rnd.choice(["rm -rf build", "npm test", "git push", "make install"])
        self.out("\x1b[3;1H\x1b[J" + RULE + "\r\n Bash command\r\n\r\n   " + cmd
                 + "\r\n   Run the build step\r\n\r\n Do you want to proceed?\r\n"
                 " ❯ 1. Yes\r\n   2. Yes, and don't ask again for this command\r\n"
                 "   3. No, and tell the agent what to do differently (esc)\r\n\r\n"
                 " Esc to cancel · Tab to amend")
        self.mark("blocked")
        while True:
            k = self.key(None)
            if k in (b"1", b"\r", b"2"):
                ok = True
                break
            if k in (b"3", b"\x1b"):
                ok = False
                break
        self.out("\x1b[3;1H\x1b[J")
        self.mark("answered")
        return ok

    def task(self) -> None:
        start = time.monotonic()
        self.out("\x1b[3;1H\x1b[J")
        self.mark("working")
        phases = ["spin"] + [self.rnd.choice(["spin", "silent", "ask"]) for _ in range(3)] \
            + ["spin"]
        for ph in phases:
            if ph == "spin":
                self.spinner(self.rnd.uniform(0.5, 3.0), start)
            elif ph == "silent":
                time.sleep(self.rnd.uniform(0.5, 6.0) * self.scale)
            elif ph == "ask":
                if not self.dialog():
                    break
                self.mark("working")
                self.spinner(self.rnd.uniform(0.3, 1.0), start)  # the approved tool runs
        self.composer(time.monotonic() - start)

    def run(self) -> None:
        self.composer()
        while True:
            prompt = self.read_prompt()
            if prompt is None:
                break
            self.task()


def main() -> None:
    args = sys.argv[1:]
    seed = int(args[0]) if args else 1
    scale = float(args[args.index("--scale") + 1]) if "--scale" in args else 1.0
    events = args[args.index("--events") + 1] if "--events" in args else None
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        Agent(seed, scale, events).run()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        os.write(1, b"\r\nbye\r\n")


if __name__ == "__main__":
    main()
