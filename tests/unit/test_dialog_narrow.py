"""Dialog options read in windows narrower and wider than the corpus's sizes: OpenCode's
permission row with its key hints on the same row (cut), run into it at 80 columns, and
on a row of their own at 64 (a screen of OpenCode 1.18.33 at 64x20), by its manifest
and by the fallback (an agent drawn this way that wrap has no rules for)."""

from __future__ import annotations

import pytest

from osc7501wrap import rules

MANIFESTS = rules.load_manifests(user_dir=None)
OPENCODE = MANIFESTS.get("opencode")
GENERIC = MANIFESTS.get("generic")

HEAD = ["  ┃", "  ┃  clean the build", "  ┃", "", "     $ rm -rf build", "",
        "     ▣  Build · gpt-4o", "", "  ┃", "  ┃  △ Permission required", "  ┃    # Shell command",
        "  ┃", "  ┃  $ rm -rf build", "  ┃", "  ┃"]
ROWS = {
    64: ["  ┃   Allow once   Allow always   Reject", "  ┃",
         "  ┃  ctrl+f fullscreen  ⇆ select  enter confirm", "  ┃", ""],
    80: ["  ┃   Allow once   Allow always   Reject  ctrl+f fullscreen  ⇆ select  enter con",
         "  ┃", ""],
    120: ["  ┃   Allow once   Allow always   Reject" + " " * 33
          + "ctrl+f fullscreen  ⇆ select  enter confirm", "  ┃", ""],
}


@pytest.mark.parametrize("name", ["opencode", "generic"])
@pytest.mark.parametrize("cols", sorted(ROWS))
def test_opencode_permission_options_at_any_width(cols: int, name: str) -> None:
    manifest = {"opencode": OPENCODE, "generic": GENERIC}[name]
    v = rules.evaluate(manifest, rules.Snapshot(lines=HEAD + ROWS[cols]))
    assert (v.state, v.kind) == ("blocked", "permission")
    assert v.dialog is not None and v.dialog.choose == "arrows_lr"
    assert [o.label for o in v.dialog.options] == ["Allow once", "Allow always", "Reject"]
    if name == "opencode":  # its manifest: the same dialog at every width
        ids = {rules.evaluate(manifest, rules.Snapshot(lines=HEAD + r)).dialog.id
               for r in ROWS.values()}
        assert len(ids) == 1


def test_a_cut_hint_is_no_dialog_without_buttons_and_a_hint_to_move() -> None:
    # the hint cut at the row's end, under a sentence (no buttons): no dialog
    rows = ["  The build is clean; press enter to con", ""]
    assert rules.evaluate(GENERIC, rules.Snapshot(lines=HEAD[:8] + rows)).state != "blocked"
    # buttons and a cut "enter", but no hint to move between them: none
    row = ["  ┃   Allow once   Allow always   Reject  ctrl+f fullscreen  enter con", "  ┃", ""]
    assert rules.evaluate(GENERIC, rules.Snapshot(lines=HEAD + row)).state != "blocked"
