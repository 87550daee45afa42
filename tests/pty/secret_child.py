"""Claude-shaped permission dialogs, one command after another, for the secrets test
(run it under `wrap --agent claude`). argv[1]: a JSON file {"commands": [...]}.

Each is drawn as Claude Code 2.1.328 draws a Bash dialog (as answer_child.py does): the
command between two dashed rules, a multi-line one with "│ " before each row, long rows
wrapped at the window's width.

Draws the dialog for the first command; "n" draws it for the next one (the last stays);
a digit prints "CHOSE n" and an idle prompt; "q" exits. Nothing but text and CSI is
written: every OSC or DCS in the terminal's stream is wrap's."""

import json
import os
import sys
import termios
import tty
from pathlib import Path

commands = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))["commands"]
RULE = "─" * 60


def claude_rows(command: str, width: int) -> list[str]:
    """The rows of a Bash dialog's command block, as Claude Code draws them."""
    lines = command.split("\n")
    lead = " │ " if len(lines) > 1 else " "
    rows = []
    for line in lines:
        room = width - len(lead)
        for at in range(0, max(len(line), 1), room):
            rows.append(lead + line[at:at + room])
    dashes = "╌" * width
    return [" Bash command", " Run it", dashes, *rows, dashes]


def draw_dialog(command: str) -> None:
    width = os.get_terminal_size(1).columns
    rows = ["\x1b[2J\x1b[H wrap test dialog", RULE, *claude_rows(command, width),
            " Do you want to proceed?", " ❯ 1. Yes", "   2. No", " Esc to cancel"]
    os.write(1, "\r\n".join(rows).encode())


fd = 0
old = termios.tcgetattr(fd)
tty.setraw(fd)
at = 0
try:
    draw_dialog(commands[at])
    while True:
        data = os.read(fd, 1024)
        if not data or data == b"q":
            break
        if data == b"n":
            at = min(at + 1, len(commands) - 1)
            draw_dialog(commands[at])
        elif data.isdigit():
            os.write(1, f"\x1b[2J\x1b[HCHOSE {int(data)}\r\n{RULE}\r\n❯ \r\n{RULE}\r\n"
                        "  ? for shortcuts".encode())
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
sys.exit(0)
