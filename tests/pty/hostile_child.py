"""A program with a hostile screen, for the adversarial tests: full-screen redraws at
20 Hz of long lines of blanks, pointers, digits, box drawing, a's and dialog-like words,
the cursor left after "Continue?" + blanks + a right-aligned clock (a shell's right
prompt); every key typed is echoed at once as <K n>. Stops on "q".

    python3 hostile_child.py [hz]
"""

import os
import select
import sys
import termios
import time
import tty

HZ = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0


def frame(n: int, rows: int, cols: int) -> bytes:
    fills = [" " * cols, "a" * cols, ("0123456789" * (cols // 10 + 1))[:cols],
             ("│ ❯ 1. Yes  " * (cols // 11 + 1))[:cols], "─" * cols,
             ("Do you want to proceed? [y/N] (yes/no) Allow Deny " * (cols // 50 + 1))[:cols]]
    out = ["\x1b[H"]
    for r in range(rows - 1):
        out.append(fills[(n + r) % len(fills)])
        out.append("\r\n")
    last = "Continue?" + " " * max(0, cols - 18) + time.strftime("%H:%M:%S")
    out.append(last[:cols])
    out.append(f"\x1b[{rows};10H")  # the cursor after "Continue?"
    return "".join(out).encode()


def main() -> None:
    fd = 0
    old = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        rows, cols = os.get_terminal_size(1).lines, os.get_terminal_size(1).columns
        n = 0
        due = time.monotonic()
        keys = 0
        while True:
            wait = max(0.0, due - time.monotonic())
            r, _, _ = select.select([fd], [], [], wait)
            if r:
                data = os.read(fd, 1024)
                if not data or b"q" in data:
                    return
                for _ in data:
                    keys += 1
                    os.write(1, b"<K%d>" % keys)
            if time.monotonic() >= due:
                os.write(1, frame(n, rows, cols))
                n += 1
                due += 1 / HZ
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


if __name__ == "__main__":
    main()
