"""rules.dialog: the [dialog] table's validation, choosing an option, the keys typed."""

from __future__ import annotations

import pytest

from osc7501wrap.rules import parse_manifest_text
from osc7501wrap.rules.dialog import (
    MAX_LABEL,
    MAX_READERS,
    ChoiceError,
    Option,
    keys_for,
    make_dialog,
    resolve,
    selected_before,
)
from osc7501wrap.rules.model import ManifestError
from osc7501wrap.session.registry import clean_dialog

HEAD = '''[manifest]
name = "t"
version = "1"

[[rule]]
id = "d"
state = "blocked"
kind = "question"
region = "screen"
contains = "?"
'''


@pytest.mark.parametrize(("table", "why"), [
    ('[dialog]\nchoose = "mouse"\n', "choose must be one of"),
    ('[dialog]\nwhat = 1\n', "unknown key 'what'"),
    ('[[dialog.options]]\nline = "(?P<num>\\\\d)"\n', "needs a (?P<label>...) group"),
    ('[[dialog.options]]\nline = "(?P<label>x)"\ninline = "(?P<label>y)"\n',
     "needs exactly one of line, inline, fixed"),
    ('[[dialog.options]]\nline = "(?P<label>(?=x))"\n', "not supported"),
    ('[[dialog.options]]\nfixed = [{ key = "y" }]\n', "fixed must be a list"),
    ('[[dialog.subject]]\nline = "(?P<label>x)"\n', "needs a line with a (?P<subject>...)"),
    ('[[dialog.subject]]\nline = "(?P<subject>x)"\nregion = "bottom:0"\n', "line count"),
    ('[[dialog.subject]]\nline = "(?P<subject>x)"\nwhere = 1\n', "unknown key 'where'"),
    ('[[dialog.question]]\nline = "(?P<subject>x)"\n', "needs a line with a (?P<question>"),
    ('[dialog]\nsubject = "x"\n', "subject must be an array"),
    ('[[dialog.options]]\nline = "(?P<label>x)"\nhighlight = true\n', "only with inline"),
    ('[[dialog.options]]\nfixed = [{label = "x"}, {label = "y"}]\nhighlight = true\n', "only with inline"),
    ('[[dialog.options]]\ninline = "(?P<label>x)"\nhighlight = 1\n', "true or false"),
    ('[[dialog.options]]\nfixed = [{label = "x"}, {label = "y"}]\nbelow = "\\\\?"\n',
     "below is only for line or inline"),
    ('[[dialog.options]]\nline = "(?P<label>x)"\nbelow = ""\n', "below must be a non-empty"),
])
def test_a_bad_dialog_table_is_one_line(table: str, why: str) -> None:
    with pytest.raises(ManifestError) as err:
        parse_manifest_text(HEAD + table)
    assert why in str(err.value) and "\n" not in str(err.value)


def test_readers_of_one_group_are_bounded() -> None:
    """At most MAX_READERS tables of each group: the limit itself loads, one more is one
    line."""
    one = '[[dialog.subject]]\nline = "(?P<subject>x)"\n'
    assert parse_manifest_text(HEAD + one * MAX_READERS).dialog is not None
    with pytest.raises(ManifestError) as err:
        parse_manifest_text(HEAD + one * (MAX_READERS + 1))
    assert f"at most {MAX_READERS}" in str(err.value) and "\n" not in str(err.value)


def _d(choose: str | None, sel: int | None = 1) -> object:
    opts = [Option(1, "Yes", sel == 1, "y"), Option(2, "Yes, and don't ask again", sel == 2, "p"),
            Option(3, "No, and tell it what to do", sel == 3, "esc")]
    return make_dialog("Run it?", opts, choose)


def _plain(choose: str | None, sel: int | None = 1) -> object:
    """Three options that show no key."""
    opts = [Option(1, "Allow once", sel == 1), Option(2, "Allow always", sel == 2),
            Option(3, "Reject", sel == 3)]
    return make_dialog("Run it?", opts, choose)


def test_choices_by_number_label_prefix_and_key() -> None:
    d = _d("number")
    assert resolve(d, "3").number == 3
    assert resolve(d, "no").number == 3
    assert resolve(d, "yes").number == 1  # the exact label wins over the longer one
    assert resolve(d, "YES, AND").number == 2
    assert resolve(d, "esc").number == 3
    for bad, why in (("4", "no option 4"), ("maybe", "matches no option"),
                     ("", "no choice given")):
        with pytest.raises(ChoiceError, match=why):
            resolve(d, bad)
    two = make_dialog("?", [Option(1, "Allow once", True), Option(2, "Allow always", False)],
                      "arrows")
    with pytest.raises(ChoiceError, match="several options"):
        resolve(two, "allow")


def test_keys_per_way_of_choosing() -> None:
    assert keys_for(_d("number"), resolve(_d("number"), "2")) == ["2"]
    assert keys_for(_d("key"), resolve(_d("key"), "2")) == ["p"]
    assert keys_for(_d("key"), resolve(_d("key"), "3")) == ["\x1b"]
    assert keys_for(_d("key_enter"), resolve(_d("key_enter"), "1")) == ["y", "\r"]
    assert keys_for(_plain("arrows", 2), resolve(_plain("arrows", 2), "3")) == ["\x1b[B", "\r"]
    assert keys_for(_plain("arrows", 3), resolve(_plain("arrows", 3), "1")) == [
        "\x1b[A"] * 2 + ["\r"]
    assert keys_for(_plain("arrows_lr", 1), resolve(_plain("arrows_lr"), "2")) == [
        "\x1b[C", "\r"]
    # with the arrows, an option that shows its key is chosen with it (Enter on Copilot's
    # "No, and tell Copilot what to do differently (Esc to stop)" waits for text)
    assert keys_for(_d("arrows", 1), resolve(_d("arrows", 1), "3")) == ["\x1b"]
    assert keys_for(_d("arrows", None), resolve(_d("arrows", None), "2")) == ["p"]


def test_the_selection_expected_before_each_key() -> None:
    d = _plain("arrows", 1)
    keys = keys_for(d, resolve(d, "3"))
    assert selected_before(d, keys) == [1, 2, 3]
    d = _plain("arrows_lr", 3)
    assert selected_before(d, keys_for(d, resolve(d, "2"))) == [3, 2]
    d = _d("key_enter")
    assert selected_before(d, keys_for(d, resolve(d, "1"))) == [1, None]
    assert selected_before(_d("number", None), ["2"]) == [None]


def test_never_guesses_a_key() -> None:
    blind = _plain("arrows", None)  # the selected option is not shown as text
    with pytest.raises(ChoiceError, match="never guesses"):
        keys_for(blind, resolve(blind, "1"))
    bare = make_dialog("Proceed?")
    assert bare.options == () and bare.choose is None
    with pytest.raises(ChoiceError, match="never guesses"):
        resolve(bare, "1")


def test_labels_are_one_bounded_line_and_clean_dialog_cleans_again() -> None:
    d = make_dialog("Q\x1b[31m?\n#(touch F)" + "q" * 10000,
                    [Option(1, "a\u202eb", True), Option(2, "x" * 10000, False)], "number")
    out = clean_dialog(d.as_dict())
    assert out is not None and len(out["question"]) <= 240 and "\n" not in out["question"]
    assert clean_dialog({"id": "x", "options": [{"number": "1", "label": "a"}, "junk"]}) == {
        "id": "x", "question": "", "subject": [], "partial": False, "options": []}
    assert clean_dialog("nope") is None
    hostile = clean_dialog({"id": "1", "question": "a\x1b]0;t\x07b", "options": [
        {"number": 1, "label": "l\r\n; rm -rf ~", "selected": "yes", "key": "\x1b"}],
        "subject": ["ls  -la\u202e\u200f", 7, "#(touch F) \x1b[2J$(id)"] + ["x"] * 500})
    assert hostile == {"id": "1", "question": "a ]0;t b", "options": [
        {"number": 1, "label": "l ; rm -rf ~", "selected": False, "key": ""}],
        "subject": ["ls  -la", "#(touch F)  [2J$(id)"] + ["x"] * 397, "partial": True}


def test_a_10k_label_on_screen_is_bounded() -> None:
    from osc7501wrap.rules import evaluate, load_manifests
    from osc7501wrap.rules.model import Snapshot

    m = load_manifests(None).get("claude")
    lines = ["─" * 80, " Do you want to proceed?", " ❯ 1. Yes", "   2. " + "#(x)" * 2560,
             "   3. No", " Esc to cancel"]
    v = evaluate(m, Snapshot(lines=lines))
    assert v.state == "blocked" and [o.number for o in v.dialog.options] == [1, 2, 3]
    label = v.dialog.options[1].label
    assert len(label) == MAX_LABEL and label.endswith("…")
    # shortened to be shown, not in the id: a label that differs after the cut differs
    other = evaluate(m, Snapshot(lines=[*lines[:3], "   2. " + "#(x)" * 2559 + "#(y)",
                                        *lines[4:]]))
    assert other.dialog.options[1].label == label and other.dialog.id != v.dialog.id


SUBJECT = HEAD.replace('region = "screen"\ncontains = "?"', 'region = "cursor:1"\n'
                       'line_regex = "[?] [(]y/n[)]"\nmsg_regex = "(?P<msg>.*[?])"') + """
[[dialog.options]]
on = '[(]y/n[)]'
fixed = [{ label = "yes", key = "y" }, { label = "no", key = "n" }]
choose = "key_enter"

[[dialog.subject]]
region = "cursor:3"
line = '^(?P<subject>\\S.*)$'
stop = '[(]y/n[)]'
"""


def test_the_subject_joins_the_question_and_the_id() -> None:
    """The same question about another command is another dialog; the subject is read in
    its own region: the last line it matches before the stop line (the question's)."""
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    m = rules.parse_manifest_text(SUBJECT)

    def dialog(*lines: str) -> object:
        v = rules.evaluate(m, Snapshot(lines=list(lines), cursor=(len(lines) - 1, 0)))
        assert v.state == "blocked" and v.msg == "Run it?"
        return v.dialog

    ls = dialog("$ ls", "$ ls -la", "Run it? (y/n)")
    rm = dialog("$ ls", "$ rm -rf /", "Run it? (y/n)")
    assert ls.question == "Run it? $ ls -la" and rm.question == "Run it? $ rm -rf /"
    assert ls.id != rm.id and [o.label for o in ls.options] == ["yes", "no"]
    assert dialog("$ far above", "", "", "Run it? (y/n)").question == "Run it?"  # not in region


def test_a_live_session_reads_the_subject_again_while_the_question_stays() -> None:
    """The rule's region (the question's line) is the same for both commands: a stream of
    snapshots must not keep the first command's dialog."""
    from osc7501wrap import rules
    from osc7501wrap.rules.engine import Evaluator
    from osc7501wrap.rules.model import Snapshot

    ev = Evaluator(rules.parse_manifest_text(SUBJECT))
    first = ev.evaluate(Snapshot(lines=["$ ls", "Run it? (y/n)"], cursor=(1, 0)))
    second = ev.evaluate(Snapshot(lines=["$ rm -rf /", "Run it? (y/n)"], cursor=(1, 0)))
    assert first.dialog.question == "Run it? $ ls"
    assert second.dialog.question == "Run it? $ rm -rf /" and second.dialog.id != first.dialog.id


BUTTONS = HEAD.replace('contains = "?"', 'contains = "enter confirm"') + """
[dialog]
choose = "arrows_lr"

[[dialog.options]]
on = 'enter confirm'
cut = '\\s{3,}enter'
inline = '(?P<label>\\S+(?: \\S+)*)'
highlight = true
"""


@pytest.mark.parametrize(("lit", "selected"), [
    ([1], [True, False, False]),
    ([3], [False, False, True]),
    ([], [False, False, False]),  # none stands out
    ([1, 2], [False, False, False]),  # two do: which one is unknown
])
def test_a_selection_shown_by_colour_alone(lit: list[int], selected: list[bool]) -> None:
    """Buttons on one line, the focused one on another background (with its padding):
    read from the cells, never from the text."""
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    line = "┃  Allow once   Allow always   Reject      enter confirm"
    boxes = {1: (2, 14), 2: (15, 29), 3: (30, 38)}  # each label and its padding

    def background(row: int, col: int) -> object:
        lit_here = row == 2 and any(a <= col < b for n, (a, b) in boxes.items() if n in lit)
        return "orange" if lit_here else "grey"

    m = rules.parse_manifest_text(BUTTONS)
    snap = Snapshot(lines=["$ rm -rf build", "", line], background=background)
    d = rules.evaluate(m, snap).dialog
    assert [o.label for o in d.options] == ["Allow once", "Allow always", "Reject"]
    assert [o.selected for o in d.options] == selected
    assert d.id == rules.evaluate(m, Snapshot(lines=snap.lines)).dialog.id
    if lit == [3]:
        assert keys_for(d, resolve(d, "1")) == ["\x1b[D", "\x1b[D", "\r"]


def test_two_buttons_one_lit() -> None:
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    line = "  Confirm   Cancel    enter confirm"
    for lit, want in (((1, 10), [True, False]), ((11, 19), [False, True])):
        d = rules.evaluate(rules.parse_manifest_text(BUTTONS), Snapshot(
            lines=[line], background=lambda _r, c, lit=lit: lit[0] <= c < lit[1])).dialog
        assert [o.selected for o in d.options] == want, lit


LIST = HEAD.replace('contains = "?"', 'contains = "esc cancel"') + """
[dialog]
choose = "arrows"

[[dialog.options]]
line = '^\\s*(?P<num>\\d)\\.\\s+(?P<label>\\S.*)$'
highlight = true
"""


@pytest.mark.parametrize(("lit", "selected"), [
    ([1], [True, False, False]),
    ([3], [False, False, True]),
    ([], [False, False, False]),  # none stands out
    ([1, 2], [False, False, False]),  # two do: which one is unknown
])
def test_a_list_row_selected_by_colour_alone(lit: list[int], selected: list[bool]) -> None:
    """Numbered options one a line, no pointer: the selected row is the one drawn on
    another background (Grok CLI's confirmation), read from its number's cell."""
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    lines = ["Do you want to proceed?", "", "   1. Yes", "   2. Yes, and don't ask again",
             "   3. No", "", "  Enter select • Esc cancel"]

    def background(row: int, col: int) -> object:
        return "cyan" if col >= 3 and row - 1 in lit else "default"

    m = rules.parse_manifest_text(LIST)
    d = rules.evaluate(m, Snapshot(lines=lines, background=background)).dialog
    assert [o.label for o in d.options] == ["Yes", "Yes, and don't ask again", "No"]
    assert [o.selected for o in d.options] == selected
    assert d.id == rules.evaluate(m, Snapshot(lines=lines)).dialog.id
    if lit == [3]:
        assert keys_for(d, resolve(d, "1")) == ["\x1b[A", "\x1b[A", "\r"]


def test_the_question_read_from_the_bottom_replaces_the_message() -> None:
    """The rule's message is the first "$ ..." line: a command run before, still on
    screen above the dialog; the dialog's question is its own, the last one."""
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    base = BUTTONS.replace('contains = "enter confirm"',
                           'contains = "enter confirm"\nmsg_line = "[$] "')
    screen = ["$ echo one", "one", "Permission required", "$ rm -rf build", "",
              "  Allow once   Reject      enter confirm"]
    before = rules.evaluate(rules.parse_manifest_text(base), Snapshot(lines=screen))
    assert before.msg == "$ echo one" and before.dialog.question == "$ echo one"
    m = rules.parse_manifest_text(base + """
[[dialog.question]]
line = '^(?P<question>[$] .*)$'
""")
    v = rules.evaluate(m, Snapshot(lines=screen))
    assert v.msg == "$ echo one"  # the report's message is the rule's
    assert v.dialog.question == "$ rm -rf build" and v.dialog.id != before.dialog.id


def test_a_question_with_an_option_of_3000_characters() -> None:
    """A recorded AskUserQuestion (Claude Code 2.1.328, 120x40) whose first option's
    description is 3,000 characters, wrapped under it as Claude wraps it: the dialog is
    taller than the last 14 lines, and is still read from its top; the label is shown
    short, and the id covers all of it."""
    from pathlib import Path

    from osc7501wrap.rules import evaluate, load_manifests
    from osc7501wrap.rules.model import Snapshot

    screen = Path(__file__).resolve().parent.parent / "screens" / "claude-2.1.328" / \
        "blocked-question--askuserquestion.txt"
    lines = screen.read_text(encoding="utf-8").split("\n")
    at = next(i for i, x in enumerate(lines) if x.strip() == "A warm color")
    m = load_manifests(None).get("claude")

    def read(description: str) -> object:
        rows = ["     " + description[i:i + 110] for i in range(0, len(description), 110)]
        shown = [*lines[:at], *rows, *lines[at + 1:]]
        shown = [x for x in shown if x.strip() or shown.index(x) > 6][-40:]  # 40 rows
        v = evaluate(m, Snapshot(lines=shown))
        assert (v.state, v.rule_id) == ("blocked", "question_select"), v
        return v.dialog

    long = ("A warm colour, " * 200)[:3000]
    d = read(long)
    assert d.question == "Which color do you prefer?"
    assert [o.number for o in d.options] == [1, 2, 3, 4]
    assert d.options[0].label.startswith("Red A warm colour") and d.options[0].selected
    assert len(d.options[0].label) == MAX_LABEL
    assert read(long[:2900] + "X" + long[2901:]).id != d.id  # past what is shown


def test_a_subject_too_long_to_carry_is_partial() -> None:
    """A block of 10,000 rows, or one row of 100 KB: kept up to the bounds, and the
    dialog partial (what it approves is more than what is carried)."""
    from osc7501wrap.rules import evaluate, load_manifests
    from osc7501wrap.rules.dialog import MAX_SUBJECT_CHARS, MAX_SUBJECT_ROWS
    from osc7501wrap.rules.model import Snapshot

    m = load_manifests(None).get("claude")
    dash = "╌" * 80
    for rows in ([f" │ touch f{i}" for i in range(10_000)], [" rm -rf " + "x" * 100_000]):
        lines = ["─" * 80, " Bash command", dash, *rows, dash, " Do you want to proceed?",
                 " ❯ 1. Yes", "   2. No", " Esc to cancel"]
        d = evaluate(m, Snapshot(lines=lines)).dialog
        assert d.partial and d.subject
        assert len(d.subject) <= MAX_SUBJECT_ROWS
        assert sum(map(len, d.subject)) <= MAX_SUBJECT_CHARS


def test_the_registry_bounds_a_dialog_as_the_reader_does() -> None:
    from osc7501wrap.rules import dialog
    from osc7501wrap.session import registry

    assert (registry.MAX_LABEL, registry.MAX_SUBJECT_ROWS) == (dialog.MAX_LABEL,
                                                               dialog.MAX_SUBJECT_ROWS)


def test_a_block_closed_right_above_its_stop_row_keeps_what_is_typed_out() -> None:
    """A fenced block read `up` to its `stop` row (an input box's top edge): when the
    block closes right above it, the rows from the stop row down (the input) are not the
    dialog's, so what is typed there changes neither its id nor its text."""
    from osc7501wrap import rules

    m = parse_manifest_text(HEAD.replace('contains = "?"', 'contains = "Run this command?"') + '''
[[dialog.subject]]
rules = ["d"]
region = "screen"
up = true
after = '^\\s*```'
until = '^\\s*```\\s*$'
stop = '▔{8,}'
''', "t")

    def read(typed: str) -> tuple[str, tuple[str, ...]]:
        rows = ["Run this command?", "```", "rm -rf build", "```", "▔" * 30, typed, "▁" * 30]
        v = rules.evaluate(m, rules.Snapshot(rows))
        assert v.state == "blocked" and v.dialog is not None
        return v.dialog.id, (v.dialog.question or "", *v.dialog.subject)

    empty, secret = read(""), read("my secret typed text")
    assert empty[0] == secret[0]
    assert not any("secret" in row for row in secret[1])


def test_inline_options_read_after_the_last_match_of_below() -> None:
    """`below` on an inline reader: the options follow its last match on the line (the
    last brackets), none on a line without one; keys told apart only by case keep it."""
    from osc7501wrap import rules
    from osc7501wrap.rules.model import Snapshot

    m = rules.parse_manifest_text(HEAD + """
[[dialog.options]]
below = '\\['
inline = '(?P<label>(?P<key>[A-Za-z/?]))[ ]*[/,\\]]'
""")
    v = rules.evaluate(m, Snapshot(lines=["Move a/b? [y/n/a/?]"]))
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("y", "y"), ("n", "n"), ("a", "a"), ("?", "?")]  # not the "a/" of the question
    v = rules.evaluate(m, Snapshot(lines=["Stage [y,n,j,J,/]?"]))
    assert [(o.label, o.key) for o in v.dialog.options] == [
        ("y", "y"), ("n", "n"), ("j", "j"), ("J", "J"), ("/", "/")]
    v = rules.evaluate(m, Snapshot(lines=["Go on? y/n/a"]))
    assert not v.dialog.options


@pytest.mark.parametrize(("rows", "partial"), [
    # a tool's arguments whole: closed string, closed brace
    (["Tool: run_command", "Args:", "{", '  "command": "ls -la\\ntouch x1.txt",', "}"], False),
    # cut at the program's own length, mid-string (Axons 0.1.3 cuts its arguments at 500
    # characters and says nothing: "...touch f31.txt\ntouc")
    (["Tool: run_command", "Args:", "{", '  "command": "touch f30.txt\\ntouch f31.txt\\ntouc'],
     True),
    # cut after a string closed, the brace left open
    (["Args:", '{"command": "rm -rf build",', '  "cwd": "/tmp"'], True),
    # an escaped quote inside the string does not close it; a closed one is whole
    (["Args:", '{"command": "echo \\"hi\\" > out.txt"}'], False),
    (["Args:", '{"command": "echo \\"hi'], True),
    # a wrapped list of calls, closed
    (["[{", '  "tool": "bash", "args": ["ls", "-la"]', "}]"], False),
    # a shell command's own brackets and quotes before any structure: not read
    (["$ [ -f x ] && echo \"it's", "rm -rf build"], False),
])
def test_a_structure_left_open_leaves_the_subject_partial(rows: list[str], partial: bool) -> None:
    """A subject block holding a tool's arguments (an object or a list) that stops inside
    a string or with a brace or bracket still open was cut by the program that shows it:
    the dialog is partial (`answer` refuses it), whatever the rule's own `more` says."""
    from osc7501wrap import rules

    m = parse_manifest_text(HEAD.replace('contains = "?"', 'contains = "Run this? (Y/n)"') + '''
[[dialog.subject]]
rules = ["d"]
region = "screen"
up = true
after = '^\\s*$'
until = 'Run this\\? \\(Y/n\\)'
''', "t")
    v = rules.evaluate(m, rules.Snapshot(["", *rows, "Run this? (Y/n): "]))
    assert v.state == "blocked" and v.dialog is not None
    assert v.dialog.subject == tuple(rows)
    assert v.dialog.partial is partial
