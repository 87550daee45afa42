"""The fallback on real renders of the terminal prompt toolkits' permission questions: each
toolkit's own confirm and select prompt (and its dialogs), asked "Run rm -rf build?" under a
few rows of conversation, drawn by the toolkit in a real pty (100x30) and kept as the bytes
it wrote (``tests/toolkits/NAME.json``; ``NAME-moved.json``: after one Down, or Right for
buttons and toggles, Tab for Textual's). The renders are re-made with
``scripts/toolkit_probes/render.py`` (its README says how and with which releases).

Each is fed into the screen model as a live session would feed it, and read with the
generic rules: every one waits for an answer (blocked), a permission (an option approves
or declines), its options as the toolkit lists them, the selected one (a pointer, a filled
dot, a button's colour), how `answer` chooses one, and, where the conversation is on
screen, the command printed above it in its subject (the same question about another
command is another dialog). Click's and rich's confirms after the Down read as before it
(the same dialog), the escape the terminal echoed onto their line ("^[[B") a key typed
and not entered, erased first. What is not read as options, so that
`answer` types nothing: a toggle ("› no / yes": the active word is underlined, no
background), Textual's buttons (the focus is a colour and they take Tab), prompt_toolkit's
radio list (its "(*)" marks the value checked, not the focused row). Not in the table:
enquirer's confirm ("? Run rm -rf build? (y/N) ‣ false", the cursor parked inside its key
list: no rule reads it), @inquirer/prompts' expand once expanded (its "y) Yes,
run it" rows with no pointer under the question the cursor is on: no rule reads it; its
keys glued in one pair of parentheses, "? Run rm -rf build? (yanH)", are read since
generic .54), and terminal-kit's yes-or-no, which waits with the cursor at
the start of the row under "Run rm -rf build? [y|n]": where an answered question leaves
it.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from osc7501wrap import rules
from osc7501wrap.rules import dialog
from osc7501wrap.screen.model import make_screen

RENDERS = Path(__file__).resolve().parents[1] / "toolkits"
LIST = ["Yes, run it", "Yes, and don't ask again", "No, tell the agent what to do instead"]
YN = ["yes", "no"]
BUTTONS = ["Yes", "No"]

#: name, the options read, the selected one's index (None: none shown), how one is chosen
CASES = [
    ("beaupy-confirm", BUTTONS, 1, 'arrows'),
    ("beaupy-confirm-moved", BUTTONS, 0, 'arrows'),
    ("beaupy-select", LIST, 0, 'arrows'),
    ("beaupy-select-moved", LIST, 1, 'arrows'),
    ("clack-confirm", BUTTONS, 0, 'arrows_lr'),
    ("clack-confirm-moved", BUTTONS, 1, 'arrows_lr'),
    ("clack-select", LIST, 0, 'arrows'),
    ("clack-select-moved", LIST, 1, 'arrows'),
    ("click-confirm", YN, None, 'key_enter'),
    ("click-confirm-moved", YN, None, 'key_enter'),
    ("enquirer-select", LIST, 0, 'arrows'),
    ("enquirer-select-moved", LIST, 1, 'arrows'),
    ("enquirer-toggle", [], None, None),
    ("enquirer-toggle-moved", [], None, None),
    ("ink-select-input", LIST, 0, 'arrows'),
    ("ink-select-input-moved", LIST, 1, 'arrows'),
    ("inquirer-legacy-confirm", YN, None, 'key_enter'),
    ("inquirer-legacy-confirm-moved", YN, None, 'key_enter'),
    ("inquirer-legacy-select", LIST, 0, 'arrows'),
    ("inquirer-legacy-select-moved", LIST, 1, 'arrows'),
    ("inquirer-prompts-confirm", YN, None, 'key_enter'),
    ("inquirer-prompts-confirm-moved", YN, None, 'key_enter'),
    ("inquirer-prompts-select", LIST, 0, 'arrows'),
    ("inquirer-prompts-select-moved", LIST, 1, 'arrows'),
    ("inquirer8-confirm", YN, None, 'key_enter'),
    ("inquirer8-confirm-moved", YN, None, 'key_enter'),
    ("inquirer8-list", LIST, 0, 'arrows'),
    ("inquirer8-list-moved", LIST, 1, 'arrows'),
    ("inquirerpy-confirm", YN, None, 'key_enter'),
    ("inquirerpy-confirm-moved", YN, None, 'key_enter'),
    ("inquirerpy-select", LIST, 0, 'arrows'),
    ("inquirerpy-select-moved", LIST, 1, 'arrows'),
    ("pick", LIST, 0, 'arrows'),
    ("pick-moved", LIST, 1, 'arrows'),
    ("prompts-confirm", YN, None, 'key_enter'),
    ("prompts-confirm-moved", YN, None, 'key_enter'),
    ("prompts-select", LIST, 0, 'arrows'),
    ("prompts-select-moved", LIST, 1, 'arrows'),
    ("prompts-toggle", [], None, None),
    ("prompts-toggle-moved", [], None, None),
    ("ptk-button_dialog", ['Yes', 'Always', 'No'], 0, 'arrows_lr'),
    ("ptk-button_dialog-moved", ['Yes', 'Always', 'No'], 1, 'arrows_lr'),
    ("ptk-confirm", YN, None, 'key_enter'),
    ("ptk-confirm-moved", YN, None, 'key_enter'),
    ("ptk-radiolist_dialog", [], None, None),
    ("ptk-radiolist_dialog-moved", [], None, None),
    ("ptk-yes_no_dialog", BUTTONS, 0, 'arrows_lr'),
    ("ptk-yes_no_dialog-moved", BUTTONS, 1, 'arrows_lr'),
    ("questionary-confirm", YN, None, 'key_enter'),
    ("questionary-confirm-moved", YN, None, 'key_enter'),
    ("questionary-select", LIST, 0, 'arrows'),
    ("questionary-select-moved", LIST, 1, 'arrows'),
    ("rich-confirm", YN, None, 'key_enter'),
    ("rich-confirm-moved", YN, None, 'key_enter'),
    ("simple-term-menu", LIST, 0, 'arrows'),
    ("simple-term-menu-moved", LIST, 1, 'arrows'),
    ("textual-modal", [], None, None),
    ("textual-modal-moved", [], None, None),
    ("textual-modal-tab", [], None, None),
    ("textual-modal-tab-moved", [], None, None),
    # more toolkits, read once with generic .51 before any rule was written from them
    # (16 of these 26 renders blocked then; urwid's and npyscreen's buttons, which take
    # their focus from the cursor or Tab, and the list with no pointer, are read without
    # a selection)
    ("enquirer-select-hint", LIST, 0, "arrows"),
    ("enquirer-select-hint-moved", LIST, 1, "arrows"),
    ("inquirer-prompts-rawlist", [], None, None),
    ("inquirer-prompts-rawlist-moved", [], None, None),
    # its expand prompt's keys glued in one pair of parentheses, read since generic .54
    ("inquirer-prompts-expand", ["y", "a", "n", "H"], None, "key_enter"),
    ("inquirer-prompts-expand-moved", ["y", "a", "n", "H"], None, "key_enter"),
    ("npyscreen-notify_yes_no", [], None, None),
    ("npyscreen-notify_yes_no-moved", [], None, None),
    ("npyscreen-notify_yes_no-tab", [], None, None),
    ("npyscreen-notify_yes_no-tab-moved", [], None, None),
    ("pyinquirer-confirm", YN, None, "key_enter"),
    ("pyinquirer-confirm-moved", YN, None, "key_enter"),
    ("pyinquirer-list", LIST, 0, "arrows"),
    ("pyinquirer-list-moved", LIST, 1, "arrows"),
    ("terminal-kit-singleColumnMenu", [], None, None),
    ("terminal-kit-singleColumnMenu-moved", [], None, None),
    ("textual-modal-centred", [], None, None),
    ("textual-modal-centred-moved", [], None, None),
    ("textual-modal-centred-tab", [], None, None),
    ("textual-modal-centred-tab-moved", [], None, None),
    ("urwid-dialog", BUTTONS, None, "arrows_lr"),
    ("urwid-dialog-moved", BUTTONS, None, "arrows_lr"),
]


@pytest.fixture(scope="module")
def generic() -> rules.Manifest:
    m = rules.load_manifests(user_dir=None).get("generic")
    assert m is not None
    return m


def _read(generic: rules.Manifest, name: str) -> tuple[rules.Verdict, bool]:
    d = json.loads((RENDERS / f"{name}.json").read_text())
    screen = make_screen(30, 100)
    screen.feed(base64.b64decode(d["raw"]))
    assert [r.rstrip() for r in screen.lines()] == d["rows"]  # as it was rendered
    return rules.evaluate(generic, rules.Snapshot(
        lines=screen.lines(), cursor=screen.cursor(), alt_screen=screen.alt_screen,
        background=getattr(screen, "background", None))), screen.alt_screen


def test_every_render_is_in_the_table() -> None:
    names = {p.stem for p in RENDERS.glob("*.json")}
    left_out = {"enquirer-confirm", "enquirer-confirm-moved", "inquirer-prompts-expand-expanded",
                "inquirer-prompts-expand-expanded-moved",
                "terminal-kit-yesOrNo", "terminal-kit-yesOrNo-moved"}
    assert names == {c[0] for c in CASES} | left_out


@pytest.mark.parametrize(("name", "labels", "selected", "choose"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_toolkits_permission_question_is_a_dialog(
        generic: rules.Manifest, name: str, labels: list[str], selected: int | None,
        choose: str | None) -> None:
    v, alt = _read(generic, name)
    assert (v.state, v.kind) == ("blocked", "permission"), v
    d = v.dialog
    assert d is not None and not d.partial
    if not alt:  # what it asks about, printed above it, is in its text and its id
        assert "$ rm -rf build" in [r.strip() for r in d.subject], d.subject
    assert [o.label for o in d.options] == labels
    assert [i for i, o in enumerate(d.options) if o.selected] == (
        [] if selected is None else [selected])
    if labels:
        assert d.choose == choose
        # what `answer` types for the last option: from the selected one down (or right)
        # to it, or its key, then Enter
        step = {"arrows": "\x1b[B", "arrows_lr": "\x1b[C"}.get(choose)
        if step is not None and selected is None:  # the focus is not shown: nothing typed
            with pytest.raises(dialog.ChoiceError):
                dialog.keys_for(d, dialog.resolve(d, labels[-1]))
            return
        keys = dialog.keys_for(d, dialog.resolve(d, labels[-1]))
        # a key the line echoed and the user did not enter (click's and rich's cooked
        # line after the Down: "^[[B") is erased first, a DEL for each column of it
        echoed = "^[[B" if name in ("click-confirm-moved", "rich-confirm-moved") else ""
        assert d.typed == echoed and keys[:len(echoed)] == ["\x7f"] * len(echoed)
        keys = keys[len(echoed):]
        if step is not None:
            assert keys == [step] * (len(labels) - 1 - (selected or 0)) + ["\r"]
        else:
            assert keys == [labels[-1][0].lower(), "\r"]
    else:  # no options read: `answer` refuses, it never guesses a key
        with pytest.raises(dialog.ChoiceError):
            dialog.resolve(d, "yes")
