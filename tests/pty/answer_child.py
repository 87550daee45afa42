"""A Claude-shaped permission dialog for the `answer` tests (run it under `wrap --agent
claude`). argv[1]: a JSON file {"question", "labels", "mode", "command", "second"};
argv[2]: a file that gets every byte typed into it.

Draws the question and the options ("❯ 1. label"); a digit naming an option prints
"CHOSE n" and draws an idle prompt instead (mode "stubborn": the dialog stays, redrawn);
"x" draws the dialog again for another command ("rm -rf /", or `second`); "q" exits.
With `command`, the dialog is drawn as Claude Code 2.1.328 draws a Bash dialog: the
command between two dashed rules, a multi-line one with "│ " before each row, and long
rows wrapped at the window's width (as recorded in tests/captures/claude-2.1.328)."""

import json
import os
import sys
import termios
import tty
from pathlib import Path

spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
log = open(sys.argv[2], "ab", buffering=0)  # noqa: SIM115 (open while it runs)
question = spec.get("question", "Do you want to proceed?")
labels = spec["labels"]
mode = spec.get("mode", "normal")
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


def draw_dialog(q: str, command: str = "rm -rf build") -> None:
    if "command" in spec:
        width = os.get_terminal_size(1).columns
        rows = ["\x1b[2J\x1b[H wrap test dialog", "─" * width,
                *claude_rows(command, width), f" {q}"]
    else:
        rows = ["\x1b[2J\x1b[H wrap test dialog", RULE, " Bash command", "", f"   {command}",
                "", f" {q}"]
    for i, label in enumerate(labels, 1):
        rows.append(f" {'❯' if i == 1 else ' '} {i}. {label}")
    rows.append(" Esc to cancel")
    os.write(1, "\r\n".join(rows).encode())


def draw_prompt(n: int) -> None:
    os.write(1, f"\x1b[2J\x1b[HCHOSE {n}\r\n{RULE}\r\n❯ \r\n{RULE}\r\n  ? for shortcuts"
             .encode())


fd = 0
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    if mode == "password":  # a blocked shape without options (the generic manifest)
        os.write(1, b"Password: ")
    else:
        draw_dialog(question, spec.get("command", "rm -rf build"))
    while True:
        data = os.read(fd, 1024)
        if not data:
            break
        log.write(data)
        if data == b"q":
            break
        if data == b"x":
            if "second" in spec:
                draw_dialog(question, spec["second"])
                continue
            question = "Really delete everything?"
            draw_dialog(question, "rm -rf /")
            continue
        if data.isdigit() and 1 <= int(data) <= len(labels):
            if mode == "stubborn":
                draw_dialog(question, spec.get("command", "rm -rf build"))
                continue
            draw_prompt(int(data))
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
sys.exit(0)
