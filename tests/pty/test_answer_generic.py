"""`osc7501wrap answer` on the prompts of programs without a manifest, through wrap on a
real pty: bash's ``read -p "... [y/N] "``, ssh's ``(yes/no/[fingerprint])?``, a bare
``Continue?`` and Python's ``input()``. The answer is typed with its Enter and the program
reads it; an answer the person typed on the line but did not enter is the same dialog
(same id), erased before the answer is typed, never doubled. And a full-screen program's
approval of a multi-line command, read by the fallback for TUI agents: what is approved is
exactly the command shown (another row, another dialog), and a command that runs past the
screen's top is not approved at all. Options that wear a glyph before their word are
answered with the arrows the hints name. A line-mode chat's question whose bracketed
options are single keys (``Execute shell? [Y/n/c/e/a/?]``) is answered with one of them
and its Enter; a key typed there but not entered is erased first. A yes/no question read
on the next row, at an input prompt of blanks, is answered the same way, its subject the
code printed above it; a question the user types at a prompt is none. A yes/no question printed over the
script it asks about, the answer read on the empty row under the script, is answered the
same way, its subject the script exactly. A numbered question read on a line after a
one-glyph prompt (``▶ ``) is answered with the option's number and its Enter; a number
typed there but not entered is erased first."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from term import REPO, Terminal, base_env

SSH_PROMPT = ("The authenticity of host 'build-box (127.0.0.1)' can't be established.\n"
              "ED25519 key fingerprint is SHA256:abc.\n"
              "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")
#: prompt shape -> (the program, the line it prints once it read the answer)
PROGRAMS: dict[str, list[str]] = {
    "bash-read": ["bash", "-c", 'read -r -p "Overwrite config? [y/N] " a; echo "got:[$a]"'],
    "ssh-yes-no": [sys.executable, "-c",
                   f"a = input({SSH_PROMPT!r}); print(f'got:[{{a}}]')"],
    "continue": [sys.executable, "-c", "a = input('Continue? '); print(f'got:[{a}]')"],
    "python-input": [sys.executable, "-c",
                     "a = input('Delete the cache? (y/n) '); print(f'got:[{a}]')"],
    # y, then "anything else" for no
    "key-list": ["bash", "-c",
                 'read -r -p "Do you want to proceed with execution? [y/*] " a; echo "got:[$a]"'],
}


class Prompt:
    def __init__(self, t: Terminal, env: dict[str, str], sid: str) -> None:
        self.t, self.env, self.sid = t, env, sid

    def osc(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "osc7501wrap", *args], env=self.env,
                              capture_output=True, text=True, timeout=30, cwd=str(REPO))

    def dialog(self, timeout: float = 10) -> dict[str, Any]:
        end = time.monotonic() + timeout
        seen = None
        while time.monotonic() < end:
            for e in json.loads(self.osc("ls", "--json").stdout or "[]"):
                if e.get("id") == self.sid:
                    seen = e
                    if e.get("state") == "blocked" and (e.get("dialog") or {}).get("options"):
                        return dict(e["dialog"])
            self.t.pump(0.1)
        raise AssertionError(f"no dialog listed: {seen}; screen: {self.t.text[-300:]!r}")


@pytest.fixture
def prompt(rundir: Path, tmp_path: Path) -> Iterator[Any]:
    made: list[Terminal] = []

    def start(argv: list[str]) -> Prompt:
        env = base_env(OSC7501WRAP_CONFIG_DIR=str(tmp_path / "cfg"),
                       OSC7501WRAP_RUNTIME_DIR=str(rundir))
        sid = f"generic/{len(made)}"
        t = Terminal.wrap(["--id", sid, *argv], env=env, rows=24, cols=100)
        made.append(t)
        return Prompt(t, env, sid)

    yield start
    for t in made:
        if t.alive():
            t.kill(9)
        t.close()


@pytest.mark.parametrize("shape", list(PROGRAMS))
def test_a_generic_prompt_is_answered_with_its_enter(prompt: Any, shape: str) -> None:
    p = prompt(PROGRAMS[shape])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["yes", "no"], d
    r = p.osc("answer", p.sid, "yes", "--dialog", d["id"])
    assert (r.returncode, r.stdout) == (0, "answered 1. yes\n"), r.stderr
    want = b"got:[yes]" if shape == "ssh-yes-no" else b"got:[y]"
    p.t.expect(want, 10)
    assert p.t.wait(10) == 0


@pytest.mark.parametrize("shape", ["bash-read", "ssh-yes-no", "python-input"])
def test_a_letter_typed_but_not_entered_is_the_same_dialog_and_erased(prompt: Any,
                                                                       shape: str) -> None:
    p = prompt(PROGRAMS[shape])
    before = p.dialog()
    p.t.type(b"n")  # the person typed "n" and looked away, no Enter
    p.t.pump(0.5)
    after = p.dialog()
    assert after["id"] == before["id"] and after["question"] == before["question"], (
        before, after)
    r = p.osc("answer", p.sid, "yes", "--dialog", before["id"])
    assert r.returncode == 0, r.stderr
    want = b"got:[yes]" if shape == "ssh-yes-no" else b"got:[y]"
    p.t.expect(want, 10)  # the "n" was erased: not "ny", not "nyes"
    assert b"got:[n" not in p.t.output


def test_an_answer_retried_after_a_failure_types_one_letter(prompt: Any) -> None:
    """A first answer whose Enter never came (the program stopped reading) left its letter
    on the line; the next answer erases it: the program reads one letter."""
    p = prompt(["bash", "-c", 'read -r -p "Proceed? [y/N] " a; echo "got:[$a]"'])
    d = p.dialog()
    p.t.type(b"y")
    p.t.pump(0.3)
    r = p.osc("answer", p.sid, "no", "--dialog", d["id"])
    assert r.returncode == 0, r.stderr
    p.t.expect(b"got:[n]", 10)


# A full-screen program with no manifest (the fallback's tui_* rules) that asks to approve a
# multi-line command: "[y] Approve   [n] Deny" at the bottom of a tall dialog, the command
# between its question and its keys. "r" redraws it with the command's last row changed;
# "y"/"n" end it. ROWS rows of command: taller than the 24-row window, its question and
# first rows run past the top.
TUI_APPROVAL = r'''
import sys, termios, tty
rows = int(sys.argv[1])
cmd = [f"touch f{i:02d}.txt" for i in range(rows)]
def draw():
    out = ["\x1b[2J\x1b[H", " > make the files\r\n\r\n", " Agent needs permission\r\n",
           " Approve tool call?\r\n", " run_commands\r\n", f"   $ {cmd[0]}\r\n"]
    out += [f" {c}\r\n" for c in cmd[1:]]
    out += ["\r\n", "  [y] Approve   [n] Deny\r\n", "\r\n", " model $0.00\r\n", " work"]
    sys.stdout.write("".join(out))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h")
try:
    draw()
    while True:
        k = sys.stdin.read(1)
        if k == "r":
            cmd[-1] = cmd[-1] + " # changed"
            draw()
        elif k in "yn":
            break
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:[{k}]")
'''


def test_a_multi_line_command_is_approved_exactly_as_shown(prompt: Any) -> None:
    """The command's every row is the fallback's dialog: another last row is another
    dialog, which an answer for the one shown before refuses to approve."""
    p = prompt([sys.executable, "-c", TUI_APPROVAL, "6"])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["Approve", "Deny"], d
    assert d["subject"] == ["run_commands", "  $ touch f00.txt",
                            *(f"touch f{i:02d}.txt" for i in range(1, 6))], d
    assert not d.get("partial"), d
    p.t.type(b"r")  # the agent redraws the approval: its command's last row changed
    end = time.monotonic() + 10
    while (now := p.dialog())["id"] == d["id"] and time.monotonic() < end:
        p.t.pump(0.1)
    assert now["subject"][-1] == "touch f05.txt # changed", now
    r = p.osc("answer", p.sid, "Approve", "--dialog", d["id"])
    assert r.returncode != 0 and "the dialog changed" in r.stderr, (r.stdout, r.stderr)
    assert b"got:" not in p.t.output
    r = p.osc("answer", p.sid, "Approve", "--dialog", now["id"])
    assert r.returncode == 0, r.stderr
    p.t.expect(b"got:[y]", 10)


def test_a_command_past_the_screens_top_is_not_approved(prompt: Any) -> None:
    """Its question and first rows scrolled away: the dialog is found, partial, and answer
    types nothing."""
    p = prompt([sys.executable, "-c", TUI_APPROVAL, "40"])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["Approve", "Deny"], d
    assert d.get("partial"), d
    r = p.osc("answer", p.sid, "Approve", "--dialog", d["id"])
    assert r.returncode != 0 and "not on screen" in r.stderr, (r.stdout, r.stderr)
    p.t.pump(0.5)
    assert b"got:" not in p.t.output


# A full-screen program with no manifest whose permission box shows each option's key at
# the end of its row ("(tab)", "(shift+tab)", "(esc)"), no key-hint row, a spinner above it
# still counting. It prints the bytes it read.
TUI_KEYED = r'''
import os, select, sys, termios, time, tty
def draw(n):
    bar = "─" * 60
    rows = [" ● make the output directory", f" ⣿⣿⣿  ( {n}s • esc to interrupt )",
            f"╭{bar}╮", "│  Bash(mkdir -p out)", "│", "│  ⎿ Will run: mkdir -p out", "│",
            "│  Would you like to continue?", "│", "│  > Continue (tab)",
            "│    Continue + don't ask again (shift+tab)",
            "│    No, and tell it what to do differently (esc)", "│", f"╰{bar}╯",
            "  /tmp/work"]
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(rows))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h")
t0 = time.monotonic()
try:
    got = b""
    while not got:
        draw(int(time.monotonic() - t0))
        if select.select([fd], [], [], 1.0)[0]:
            got = os.read(fd, 16)
            while select.select([fd], [], [], 0.2)[0]:
                got += os.read(fd, 16)
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:{got!r}")
'''


@pytest.mark.parametrize(("label", "typed"), [
    ("Continue + don't ask again", rb"got:b'\x1b[Z'"),
    ("No, and tell it what to do differently", rb"got:b'\x1b'"),
    ("Continue", rb"got:b'\t'"),
])
def test_options_that_show_their_keys_are_answered_with_those_keys(
        prompt: Any, label: str, typed: bytes) -> None:
    """The fallback finds the box with its keys (shift+tab is ESC [ Z) and its command as
    the subject; answer types exactly the key the chosen option shows."""
    p = prompt([sys.executable, "-c", TUI_KEYED])
    d = p.dialog()
    assert [(o["label"], o["key"]) for o in d["options"]] == [
        ("Continue", "tab"), ("Continue + don't ask again", "shift+tab"),
        ("No, and tell it what to do differently", "esc")], d
    assert d["subject"] == ["Bash(mkdir -p out)", "", "⎿ Will run: mkdir -p out"], d
    assert not d.get("partial"), d
    r = p.osc("answer", p.sid, label, "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(typed, 10)
    assert p.t.wait(10) == 0


# A full-screen program with no manifest whose approval box is titled in its top rule, its
# options numbered "[1]" behind a pointer "→", its key hints written with arrow glyphs
# ("▲/▼ select  ↵ confirm"), an empty input area between rules under it. ↑/↓ move the
# pointer, Enter prints the chosen number. With "cut", the command is cut to two rows and a
# "... (truncated" row.
TUI_NUMBERED = r'''
import os, sys, termios, tty
cut = sys.argv[1:] == ["cut"]
cmd = ["touch f00.txt", "touch f01.txt", "... (truncated, ctrl-e to expand)"] if cut else [
    "mkdir -p out"]
labels = ["Approve once", "Approve for this session", "Reject"]
def draw(sel):
    bar = "─" * 60
    rows = [" ✨ make the output directory", " ⠦ Using Shell", "╭─ approval " + bar + "╮",
            "│  Shell is requesting approval to run command:", "│"]
    rows += [f"│  {c}" for c in cmd] + ["│"]
    rows += [f"│ {'→' if i == sel else ' '} [{i + 1}] {x}" for i, x in enumerate(labels)]
    rows += ["│", "│   ▲/▼ select  1/2/3 choose  ↵ confirm", "╰" + bar + "╯", bar,
             " agent (model)  /tmp/work"]
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(rows))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h")
sel = 0
try:
    draw(sel)
    while True:
        k = os.read(fd, 16)
        if k == b"\r":
            break
        if k == b"\x1b[B":
            sel = min(sel + 1, len(labels) - 1)
        elif k == b"\x1b[A":
            sel = max(sel - 1, 0)
        draw(sel)
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:[{sel + 1}]")
'''


def test_bracket_numbered_options_under_arrow_glyph_hints_are_answered_with_the_arrows(
        prompt: Any) -> None:
    """The fallback finds the titled box, its "[1]" options and its command; answer moves
    the pointer with ↓ and confirms with Enter, as the hints say."""
    p = prompt([sys.executable, "-c", TUI_NUMBERED])
    d = p.dialog()
    assert [(o["number"], o["label"]) for o in d["options"]] == [
        (1, "Approve once"), (2, "Approve for this session"), (3, "Reject")], d
    assert d["subject"] == ["mkdir -p out"], d
    assert not d.get("partial"), d
    r = p.osc("answer", p.sid, "Reject", "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(b"got:[3]", 10)


def test_a_truncated_command_is_not_approved(prompt: Any) -> None:
    """A "... (truncated" row: what would run is not all on screen, so answer types
    nothing (what a person approves is exactly what runs)."""
    p = prompt([sys.executable, "-c", TUI_NUMBERED, "cut"])
    d = p.dialog()
    assert d.get("partial"), d
    r = p.osc("answer", p.sid, "Approve once", "--dialog", d["id"])
    assert r.returncode != 0 and "not on screen" in r.stderr, (r.stdout, r.stderr)
    p.t.pump(0.5)
    assert b"got:" not in p.t.output


# A full-screen program with no manifest that draws its dialog in a box ABOVE its composer,
# which stays drawn, empty, under it: an approval whose numbered options carry their keys
# ("› 1. Approve (y)"), its status row paused under the box; or, with "question", a
# question whose options are a pointer and bullets ("› Red", "• Blue"). ↑/↓ move the
# pointer, Enter prints the chosen one, a letter key prints itself.
TUI_ABOVE = r'''
import os, sys, termios, tty
question = sys.argv[1:] == ["question"]
labels = ["Red", "Blue", "Other"] if question else [
    "Approve (y)", "Enable Auto for this thread (a)", "Reject (n)"]
def box(rows):
    bar = "─" * 70
    return ["┌" + bar + "┐", *(f"│{r:<70}│" for r in rows), "└" + bar + "┘"]
def draw(sel):
    if question:
        opts = [f"   {'›' if i == sel else '•'} {x}" for i, x in enumerate(labels)]
        rows = ["▎> ask me a question", ""] + box(
            [" › A question for you", "", "    Which color do you prefer?", "", *opts, "",
             " ↑/↓ move • Enter to continue • Esc to cancel"]) + ["", ""]
    else:
        opts = [f"   {'›' if i == sel else ' '} {i + 1}. {x}" for i, x in enumerate(labels)]
        rows = ["▎> make the output directory", ""] + box(
            [" >>> Shell Requires Approval <<<", "  mkdir -p out", "", *opts,
             " ↑/↓ navigate • Enter select • y/a/n quick keys • Esc reject"]) + [
            "", " ⏸ Awaiting decision...  (paused at 4s)", ""]
    rows += box([" > "]) + [" manual  /tmp/work"]
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(rows))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h")
sel = 0
try:
    draw(sel)
    while True:
        k = os.read(fd, 16)
        if k == b"\r":
            got = labels[sel]
            break
        if k in (b"y", b"a", b"n"):
            got = k.decode()
            break
        if k == b"\x1b[B":
            sel = min(sel + 1, len(labels) - 1)
        elif k == b"\x1b[A":
            sel = max(sel - 1, 0)
        draw(sel)
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:[{got}]")
'''


def test_a_dialog_above_a_still_composer_is_answered_with_the_key_it_shows(
        prompt: Any) -> None:
    """The fallback finds the box above the composer, its options' keys and its command;
    answer types the key the chosen option shows."""
    p = prompt([sys.executable, "-c", TUI_ABOVE])
    d = p.dialog()
    assert [(o["label"], o["key"]) for o in d["options"]] == [
        ("Approve", "y"), ("Enable Auto for this thread", "a"), ("Reject", "n")], d
    assert "mkdir -p out" in [s.strip() for s in d["subject"]], d
    assert not d.get("partial"), d
    r = p.osc("answer", p.sid, "Reject", "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(b"got:[n]", 10)


def test_a_question_above_a_still_composer_is_answered_with_the_arrows(
        prompt: Any) -> None:
    """Its options a pointer and bullets: answer moves the pointer with ↓ and Enters."""
    p = prompt([sys.executable, "-c", TUI_ABOVE, "question"])
    d = p.dialog()
    assert [(o["label"], o["selected"]) for o in d["options"]] == [
        ("Red", True), ("Blue", False), ("Other", False)], d
    r = p.osc("answer", p.sid, "Blue", "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(b"got:[Blue]", 10)


# A full-screen program that asks for a confirmation in an input area, no options drawn:
# its fenced command, "Press ENTER to confirm or provide rejection reason", a hints row and
# an input box with eighth-block edges. Enter on an empty input confirms; typed text and
# Enter is the rejection reason.
TUI_CONFIRM = r'''
import os, sys, termios, tty
def draw(typed):
    bar = "▔" * 70
    rows = [" Step 2/2 - AWAITING_INPUT", "", "    THOUGHT: I will create the directory.",
            "    ```bash", "    mkdir -p out && echo hi > out/x.txt", "    ```", "",
            "    Press ENTER to confirm or provide rejection reason",
            "     Enter  to submit,  Ctrl+T  to switch to multi-line input",
            "   ▊" + bar + "▎", "   ▊  " + (typed or "Type your input...").ljust(68) + "▎",
            "   ▊" + "▁" * 70 + "▎", "", " ^q Quit  ^y YOLO mode  f1 Help"]
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(rows))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h")
typed = ""
try:
    draw(typed)
    while True:
        k = os.read(fd, 16).decode(errors="replace")
        if "\r" in k:
            typed += k.split("\r", 1)[0]
            break
        typed += k
        draw(typed)
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:[{'confirmed' if not typed else 'rejected: ' + typed}]")
'''


@pytest.mark.parametrize(("choice", "want"), [("confirm", b"got:[confirmed]"),
                                              ("reject", b"got:[rejected: no]")])
def test_a_confirmation_in_an_input_area_is_answered_with_enter_or_a_reason(
        prompt: Any, choice: str, want: bytes) -> None:
    """The fallback reads the confirmation and its fenced command; answer confirms with
    Enter alone, and rejects with a reason typed and entered."""
    p = prompt([sys.executable, "-c", TUI_CONFIRM])
    d = p.dialog()
    assert [(o["label"], o["key"]) for o in d["options"]] == [
        ("confirm", "enter"), ("reject", "no")], d
    assert [s.strip() for s in d["subject"]] == ["mkdir -p out && echo hi > out/x.txt"], d
    assert not d.get("partial"), d
    r = p.osc("answer", p.sid, choice, "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(want, 10)


# A dialog whose options wear a glyph before their word, under a box with the command, a
# question and the hints last, drawn in the main screen (no alternate screen): it stays
# drawn once answered, what follows printed under it.
TUI_GLYPHS = r'''
import os, sys, termios, tty
labels = ["✔ Allow", "✘ Deny", "📝 Deny and explain (say what to do instead)"]
def draw(sel):
    bar = "─" * 60
    rows = ["> make the output directory", "", "╭" + bar + "╮", "│  About to run:" + " " * 45 + "│",
            "│  $ mkdir -p out" + " " * 44 + "│", "╰" + bar + "╯", "", "🤔 How should this go?", ""]
    rows += [f"{'>' if i == sel else ' '} {x}" for i, x in enumerate(labels)]
    rows += ["", "↑/↓ go · enter pick · esc back"]
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(rows))
    sys.stdout.flush()
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sel = 0
try:
    draw(sel)
    while True:
        k = os.read(fd, 16)
        if k == b"\r":
            break
        if k == b"\x1b[B":
            sel = min(sel + 1, len(labels) - 1)
        elif k == b"\x1b[A":
            sel = max(sel - 1, 0)
        draw(sel)
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"\r\ngot:[{sel + 1}]")
'''


def test_options_that_wear_a_glyph_are_answered_with_the_arrows(prompt: Any) -> None:
    """The fallback reads the options without their glyphs, the box above the question as
    what is approved; answer moves the pointer with ↓ and confirms with Enter."""
    p = prompt([sys.executable, "-c", TUI_GLYPHS])
    d = p.dialog()
    assert [(o["label"], o.get("selected", False)) for o in d["options"]] == [
        ("Allow", True), ("Deny", False),
        ("Deny and explain (say what to do instead)", False)], d
    assert "$ mkdir -p out" in d["subject"], d
    assert not d.get("partial"), d
    r = p.osc("answer", p.sid, "Deny", "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(b"got:[2]", 10)


# A line-mode chat that asks before it runs a tool: the question and its keys on the
# cursor's line, the answer read with input() (Enter ends it), lower-cased as such
# programs do; then its own prompt again. What it asks about is the paragraph above the
# question (from the screen's top it could have scrolled away: partial).
CHAT_CONFIRM = r'''
print("")
print("User: clean the build")
print("Assistant:")
print("@shell(call_1):")
print("rm -rf build")
a = input(" Execute shell? [Y/n/c/e/a/?] ")
print(f"got:[{a}]")
input("User: ")
'''


@pytest.mark.parametrize(("choice", "want"), [("n", b"got:[n]"), ("Y", b"got:[y]"),
                                              ("3", b"got:[c]")])
def test_a_question_whose_bracketed_options_are_keys_is_answered_with_one(
        prompt: Any, choice: str, want: bytes) -> None:
    p = prompt([sys.executable, "-c", CHAT_CONFIRM])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["Y", "n", "c", "e", "a", "?"], d
    assert d["question"].startswith("Execute shell? [Y/n/c/e/a/?]"), d
    assert "rm -rf build" in d["subject"], d  # the command it asks about
    r = p.osc("answer", p.sid, choice, "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(want, 10)
    p.t.expect(b"User: ", 10)


def _until_not_blocked(p: Any) -> None:
    """Within 10 s of an answer, `ls --json` no longer shows the session blocked."""
    end, row = time.monotonic() + 10, None
    while time.monotonic() < end:
        rows = json.loads(p.osc("ls", "--json").stdout or "[]")
        row = next((e for e in rows if e.get("id") == p.sid), None)
        if row is not None and row.get("state") != "blocked":
            return
        p.t.pump(0.2)
    raise AssertionError(f"still blocked after the answer: {row}")


def _typed_then_answered(p: Any, typed: bytes, choice: str) -> None:
    """`typed` typed at the question (no Enter) keeps its dialog; answered with `choice`,
    the program reads `choice` alone: what was typed is erased first."""
    before = p.dialog()
    p.t.type(typed)
    p.t.pump(0.5)
    after = p.dialog()
    assert after["id"] == before["id"], (before, after)
    r = p.osc("answer", p.sid, choice, "--dialog", before["id"])
    assert r.returncode == 0, r.stderr
    p.t.expect(b"got:[" + choice.encode() + b"]", 10)  # not typed + choice
    assert b"got:[" + typed not in p.t.output


def test_a_key_typed_at_a_bracketed_keys_question_is_erased_before_the_answer(
        prompt: Any) -> None:
    _typed_then_answered(prompt([sys.executable, "-c", CHAT_CONFIRM]), b"c", "n")


# A line-mode program that prints its yes/no question on a row of its own and reads the
# answer on the next rows at an input prompt of blanks (``input("  ")``); the code it asks
# about printed above. After the answer it works silently for a while.
NEXT_ROW_CONFIRM = r'''
import sys, time
cmd = sys.argv[1]
print("> make the output directory")
print("")
print("  " + cmd)
print("")
print("  Would you like to run this code? (y/n)")
print("")
a = input("  ")
print(f"got:[{a}]", flush=True)
time.sleep(30)
'''


def test_a_yes_no_question_read_on_the_next_row_is_answered_with_its_enter(
        prompt: Any) -> None:
    p = prompt([sys.executable, "-c", NEXT_ROW_CONFIRM, "mkdir -p out"])
    other = prompt([sys.executable, "-c", NEXT_ROW_CONFIRM, "rm -rf out"])
    d, o = p.dialog(), other.dialog()
    assert [x["label"] for x in d["options"]] == ["yes", "no"], d
    assert d["subject"] == ["mkdir -p out"] and not d["partial"], d
    assert d["id"] != o["id"], (d, o)  # the same question about another command
    r = p.osc("answer", p.sid, "yes", "--dialog", o["id"])  # the other one's id: refused
    assert r.returncode != 0, r.stdout
    p.t.type(b"n")  # typed, not entered: the same dialog, erased before the answer
    p.t.pump(0.5)
    assert p.dialog()["id"] == d["id"]
    r = p.osc("answer", p.sid, "yes", "--dialog", d["id"])
    assert (r.returncode, r.stdout) == (0, "answered 1. yes\n"), r.stderr
    p.t.expect(b"got:[y]", 10)
    assert b"got:[n" not in p.t.output
    # answered, the program works silently with the cursor at the next row's start: the
    # question above it is no dialog any more
    _until_not_blocked(p)


# A line-mode program that prints its yes/no question first, then the script it asks
# about BELOW it, then reads the answer with ``input("")`` on the empty row under the
# script. After the answer it works silently for a while.
BELOW_CONFIRM = r"""
import sys, time
print("Do you want to execute this code? (Y/n)")
print()
print(sys.argv[1])
print()
a = input("")
print(f"got:[{a}]", flush=True)
time.sleep(30)
"""
BELOW_SCRIPT = "mkdir -p out\ntouch out/a.txt $(id) #{pane_id}\necho done"


def test_a_yes_no_question_over_its_script_is_answered_with_its_enter(prompt: Any) -> None:
    p = prompt([sys.executable, "-c", BELOW_CONFIRM, BELOW_SCRIPT])
    d = p.dialog()
    assert [x["label"] for x in d["options"]] == ["yes", "no"], d
    # the subject shown is the script, exactly, and whole
    assert d["subject"] == BELOW_SCRIPT.split("\n") and not d["partial"], d
    r = p.osc("answer", p.sid, "yes", "--dialog", d["id"])
    assert (r.returncode, r.stdout) == (0, "answered 1. yes\n"), r.stderr
    p.t.expect(b"got:[y]", 10)
    # answered, the program works silently under its output: no dialog any more
    _until_not_blocked(p)


def test_a_question_the_user_types_at_a_prompt_is_no_dialog(prompt: Any) -> None:
    """A prompt typed that ends like a question ("... (y/n)") is the user's text, not the
    program's question: wrap saw it typed, and the echo of it is left out."""
    p = prompt([sys.executable, "-c", "a = input('> '); print(f'got:[{a}]')"])
    p.t.expect(b"> ", 10)
    p.t.type(b"Delete the cache? (y/n)")
    p.t.expect(b"(y/n)", 10)
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        rows = json.loads(p.osc("ls", "--json").stdout or "[]")
        row = next((e for e in rows if e.get("id") == p.sid), None)
        assert row is None or row.get("state") != "blocked", row
        p.t.pump(0.2)
    p.t.type(b"\r")
    p.t.expect(b"got:[Delete the cache? (y/n)]", 10)


# A full-screen program with no manifest that asks in a box drawn last in its conversation
# panel: "Confirm: bash", the command, then "[1] Yes  [2] Yes + Skip  [3] No" on one row,
# an empty input box and a status line under the panel. A digit answers; it prints the
# bytes it read.
TUI_KEYS_ROW = r"""
import os, select, sys, termios, tty
def row(text):
    return "│ " + text.ljust(56) + " │"
box = ["╭" + "─" * 54 + "╮", *(f"│ {r:<52} │" for r in (
    "Confirm: bash", "", "  command: mkdir -p out", "", "[1] Yes  [2] Yes + Skip  [3] No")),
    "╰" + "─" * 54 + "╯"]
rows = ["┌" + "─" * 58 + "┐", row("│ make the output directory"), *map(row, box), row(""),
        row("● ● ● ● ●"), "└" + "─" * 58 + "┘", "┌" + "─" * 58 + "┐", row(""), row(""),
        "└" + "─" * 58 + "┘", " main ● work              running: bash"]
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
sys.stdout.write("\x1b[?1049h\x1b[H\x1b[2J" + "\r\n".join(rows) + "\x1b[14;3H")
sys.stdout.flush()
try:
    got = os.read(fd, 16)
    while select.select([fd], [], [], 0.2)[0]:
        got += os.read(fd, 16)
finally:
    sys.stdout.write("\x1b[?1049l")
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print(f"got:{got!r}")
"""


@pytest.mark.parametrize(("label", "typed"), [("No", b"got:b'3'"), ("Yes", b"got:b'1'")])
def test_options_on_one_row_led_by_their_keys_are_answered_with_the_key(
        prompt: Any, label: str, typed: bytes) -> None:
    """The fallback finds the box that closes on its keys' row, the command above them its
    subject; answer types the chosen option's digit alone."""
    p = prompt([sys.executable, "-c", TUI_KEYS_ROW])
    d = p.dialog()
    assert [(o["label"], o["key"]) for o in d["options"]] == [
        ("Yes", "1"), ("Yes + Skip", "2"), ("No", "3")], d
    assert d["subject"] == ["Confirm: bash", "", "  command: mkdir -p out"], d
    r = p.osc("answer", p.sid, label, "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(typed, 10)
    assert p.t.wait(10) == 0


# A line-mode chat's numbered question (Agentao's ask_user): a heading, the question, its
# numbered options, a hint, then a line read after a one-glyph prompt. Its options are the
# numbers, typed with Enter as the line reads them.
NUMBERED_ASK = r'''
print("🤔 Agent Question")
print("Which color do you prefer?")
for n, c in enumerate(["red", "green", "blue"], 1):
    print(f"  {n}. {c}")
print("Enter a number to select, or type a custom answer.")
a = input("▶ ")
print(f"got:[{a}]")
input("You: ")
'''


def test_a_numbered_question_at_a_glyph_prompt_is_answered_with_the_number(
        prompt: Any) -> None:
    p = prompt([sys.executable, "-c", NUMBERED_ASK])
    d = p.dialog()
    assert [o["label"] for o in d["options"]] == ["red", "green", "blue"], d
    assert d["question"] == "Which color do you prefer?", d
    r = p.osc("answer", p.sid, "green", "--dialog", d["id"])
    assert r.returncode == 0, (r.stdout, r.stderr)
    p.t.expect(b"got:[2]", 10)
    p.t.expect(b"You: ", 10)


def test_a_number_typed_at_a_numbered_question_is_erased_before_the_answer(
        prompt: Any) -> None:
    _typed_then_answered(prompt([sys.executable, "-c", NUMBERED_ASK]), b"3", "1")
