"""Dialog options read in windows narrower and wider than the corpus's sizes: OpenCode's
permission row with its key hints on the same row (cut), run into it at 80 columns, and
on a row of their own at 64 (a screen of OpenCode 1.18.33 at 64x20)."""

from __future__ import annotations

import pytest

from osc7501wrap import rules

OPENCODE = rules.load_manifests(user_dir=None).get("opencode")

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


@pytest.mark.parametrize("cols", sorted(ROWS))
def test_opencode_permission_options_at_any_width(cols: int) -> None:
    v = rules.evaluate(OPENCODE, rules.Snapshot(lines=HEAD + ROWS[cols]))
    assert (v.state, v.kind) == ("blocked", "permission")
    assert v.dialog is not None and v.dialog.choose == "arrows_lr"
    assert [o.label for o in v.dialog.options] == ["Allow once", "Allow always", "Reject"]
    ids = {rules.evaluate(OPENCODE, rules.Snapshot(lines=HEAD + r)).dialog.id for r in ROWS.values()}
    assert len(ids) == 1  # the same dialog at every width
