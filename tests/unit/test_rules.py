"""The rules engine: manifest validation, loading and overrides, selection, regions, gates,
evaluation order, message extraction, explain, and robustness on random screens."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from osc7501wrap import rules
from osc7501wrap.errors import WrapError

HEAD = """
[manifest]
name = "t"
version = "1.2.3"
app = "test-app"
engine = 1
"""


def manifest(body: str, head: str = HEAD) -> rules.Manifest:
    return rules.parse_manifest_text(textwrap.dedent(head) + textwrap.dedent(body))


def snap(*lines: str, **kw: object) -> rules.Snapshot:
    return rules.Snapshot(list(lines), **kw)  # type: ignore[arg-type]


def bad(body: str, head: str = HEAD) -> str:
    with pytest.raises(rules.ManifestError) as ei:
        manifest(body, head)
    return str(ei.value)


RULE = "─" * 40

# ----------------------------------------------------------------------------- evaluation


def test_state_order_beats_file_order() -> None:
    m = manifest("""
        [[rule]]
        id = "i"
        state = "idle"
        region = "screen"
        contains = "x"
        [[rule]]
        id = "w"
        state = "working"
        region = "screen"
        contains = "x"
        [[rule]]
        id = "e"
        state = "error"
        region = "screen"
        contains = "boom"
        [[rule]]
        id = "b"
        state = "blocked"
        kind = "question"
        region = "screen"
        contains = "?"
    """)
    assert [r.id for r in m.ordered] == ["b", "e", "w", "i"]
    assert rules.evaluate(m, snap("x")).rule_id == "w"
    assert rules.evaluate(m, snap("x boom")).state == "error"
    assert rules.evaluate(m, snap("x boom ?")).state == "blocked"


def test_first_match_within_a_state_is_file_order() -> None:
    m = manifest("""
        [[rule]]
        id = "first"
        state = "working"
        region = "screen"
        contains = "a"
        [[rule]]
        id = "second"
        state = "working"
        region = "screen"
        contains = "a"
    """)
    assert rules.evaluate(m, snap("a")).rule_id == "first"


def test_no_match_is_its_own_result() -> None:
    m = manifest("""
        [[rule]]
        id = "w"
        state = "working"
        region = "screen"
        contains = "spinner"
    """)
    v = rules.evaluate(m, snap("nothing here"))
    assert v == rules.Verdict(None, None, None, "t", "1.2.3", None, False)


def test_verdict_carries_manifest_version_kind_and_visible() -> None:
    m = manifest("""
        [[rule]]
        id = "b"
        state = "blocked"
        kind = "auth"
        region = "screen"
        contains = "password"
        [[rule]]
        id = "done"
        state = "idle"
        region = "screen"
        contains = "worked for"
        visible = true
        [[rule]]
        id = "prompt"
        state = "idle"
        region = "screen"
        contains = ">"
    """)
    v = rules.evaluate(m, snap("Password:"))
    assert (v.state, v.kind, v.manifest, v.manifest_version, v.visible) == \
        ("blocked", "auth", "t", "1.2.3", True)
    assert rules.evaluate(m, snap("Worked for 3s")).visible is True
    assert rules.evaluate(m, snap(">")).visible is False


def test_verdict_says_whether_its_rule_reads_an_agents_own_screen() -> None:
    m = manifest("""
        [[rule]]
        id = "spinner"
        state = "working"
        agent_screen = true
        region = "screen"
        contains = "esc to interrupt"
        [[rule]]
        id = "prompt"
        state = "idle"
        region = "screen"
        contains = ">"
    """)
    assert rules.evaluate(m, snap("* esc to interrupt")).agent_screen is True
    assert rules.evaluate(m, snap(">")).agent_screen is False
    assert rules.evaluate(m, snap("nothing")).agent_screen is False


# ----------------------------------------------------------------------------- gates


def gate(g: str, *lines: str, region: str = "screen", **kw: object) -> bool:
    m = manifest(f"""
        [[rule]]
        id = "r"
        state = "working"
        region = "{region}"
        {g}
    """)
    return rules.evaluate(m, snap(*lines, **kw)).state == "working"


def test_contains_is_case_insensitive_and_a_list_means_all() -> None:
    assert gate('contains = "Esc To Cancel"', "press esc to CANCEL")
    assert gate('contains = ["a", "b"]', "a", "b")
    assert not gate('contains = ["a", "b"]', "a")


def test_regex_runs_on_joined_region_text() -> None:
    assert gate(r"regex = 'foo\nbar'", "foo", "bar")
    assert not gate("regex = '^bar'", "foo", "bar")
    assert gate("regex = '(?m)^bar'", "foo", "bar")
    assert not gate("regex = ['foo', 'baz']", "foo", "bar")


def test_line_regex_each_pattern_must_match_one_line() -> None:
    assert gate(r"line_regex = ['^\s*1\.', '^\s*2\.']", "  1. Yes", "  2. No")
    assert not gate(r"line_regex = ['^\s*1\.', '^\s*3\.']", "  1. Yes", "  2. No")
    # a pattern never spans lines
    assert not gate(r"line_regex = 'Yes\s+2'", "  1. Yes", "  2. No")


def test_all_any_not_and_nesting() -> None:
    g = """any = [{ contains = "a" }, { all = [{ contains = "b" }, { contains = "c" }] }]
        not = { contains = "z" }"""
    assert gate(g, "a")
    assert gate(g, "b c")
    assert not gate(g, "b")
    assert not gate(g, "a z")
    assert gate('all = [{ contains = "a" }, { not = { contains = "q" } }]', "a")


def test_several_keys_in_one_gate_are_anded() -> None:
    g = r"""contains = "cancel"
        line_regex = '^\s*❯'"""
    assert gate(g, " ❯ 1. Yes", "Esc to cancel")
    assert not gate(g, " ❯ 1. Yes")
    assert not gate(g, "Esc to cancel")


# ----------------------------------------------------------------------------- regions

SCREEN = [
    "top line",
    "",
    "conversation text",
    "✻ Spinning…",
    RULE,
    "❯ typed",
    RULE,
    "  footer · ? for shortcuts",
    "",
    "",
]


def region_text(spec: str, s: rules.Snapshot) -> str:
    m = manifest(f"""
        [[rule]]
        id = "r"
        state = "idle"
        region = "{spec}"
        regex = '(?s).*'
    """)
    return rules.explain(m, s)[0].region_text


def test_regions() -> None:
    s = snap(*SCREEN, title="✳ Title", progress="1;42")
    assert region_text("screen", s) == "\n".join(SCREEN[:8])  # trailing blanks dropped
    assert region_text("bottom:2", s) == f"{RULE}\n  footer · ? for shortcuts"
    assert region_text("top:2", s) == "top line\nconversation text"
    assert region_text("after_rule", s) == "  footer · ? for shortcuts"
    assert region_text("prompt_box", s) == "❯ typed"
    assert region_text("above_prompt:2", s) == "conversation text\n✻ Spinning…"
    assert region_text("title", s) == "✳ Title"
    assert region_text("progress", s) == "1;42"


def test_regions_without_rules() -> None:
    s = snap("a", "b", "c")
    assert region_text("after_rule", s) == ""
    assert region_text("prompt_box", s) == ""
    assert region_text("above_prompt:2", s) == "b\nc"
    one = snap("above", RULE, "dialog")
    assert region_text("after_rule", one) == "dialog"
    assert region_text("prompt_box", one) == ""
    assert region_text("above_prompt:5", one) == "above"
    assert region_text("title", one) == "" and region_text("progress", one) == ""


def test_cursor_region() -> None:
    lines = ("Continue? [y/N] y", "", "")
    assert region_text("cursor:1", snap(*lines, cursor=(0, 17))) == "Continue? [y/N] y"
    # Enter moved the cursor to the (blank) next line: the question is answered
    assert region_text("cursor:1", snap(*lines, cursor=(1, 0))) == ""
    # ... and the blank cursor's row stays the region's last row, below the last
    # non-empty line as anywhere else (the line above never passes for the cursor's row)
    assert region_text("cursor:2", snap(*lines, cursor=(1, 0))) == "Continue? [y/N] y\n"
    assert region_text("cursor:2", snap("q?", "", "x", cursor=(1, 0))) == "q?\n"
    assert region_text("cursor:3", snap("a", "b", "", "", cursor=(3, 0))) == "b\n\n"
    assert region_text("cursor:2", snap("a", "", "", "", cursor=(3, 0))) == ""
    # unknown cursor: the last non-empty row stands for the cursor's row
    assert region_text("cursor:1", snap(*lines)) == "Continue? [y/N] y"
    assert region_text("cursor:2", snap("> hi", "", "answer", "", "")) == "\nanswer"


def test_last_region() -> None:
    # the cursor after a prompt, nothing drawn below: the input region
    ask = ("Pick?", "1. a", "2. b", "▶ ", "", "")
    assert region_text("last:2", snap(*ask, cursor=(3, 2))) == "2. b\n▶ "
    # a status bar under the prompt's row (a composer's footer): empty
    bar = ("1. a", "2. b", "❯ ", "", "─" * 20, " model │ ctx 0%")
    assert region_text("last:3", snap(*bar, cursor=(2, 2))) == ""
    assert region_text("input:3", snap(*bar, cursor=(2, 2))) == "1. a\n2. b\n❯ "
    # the cursor under the last row drawn (an answer entered): its blank row
    assert region_text("last:2", snap("▶ 1", "", "", cursor=(1, 0))) == "▶ 1\n"
    # unknown cursor: the last non-empty row stands for it, as for `cursor:N`
    assert region_text("last:1", snap("a", "▶", "")) == "▶"


def test_alone_region() -> None:
    # a prompt over a toolbar at the screen's bottom, blank rows between: the input region
    tool = ("◆ done.", "", "❯ model:haiku", "", "", "", " v1 | ~/work   semi-active")
    assert region_text("alone:2", snap(*tool, cursor=(2, 2))) == "\n❯ "
    assert region_text("alone:2", snap(*tool[:3], cursor=(2, 2))) == "\n❯ "  # nothing below
    # a composer's footer right under it, or two rows below it: empty
    footer = ("", "› Ask anything", "  gpt-5 · ~/work")
    assert region_text("alone:2", snap(*footer, cursor=(1, 2))) == ""
    two = ("", "› Ask anything", "", "  gpt-5 · ~/work", "  ? for shortcuts")
    assert region_text("alone:2", snap(*two, cursor=(1, 2))) == ""
    assert region_text("input:2", snap(*two, cursor=(1, 2))) == "\n› "
    # what the user typed before the cursor is kept (`input` leaves it out)
    typed = rules.Snapshot(lines=list(tool), cursor=(2, 8), typed="model:")
    assert region_text("alone:1", typed) == "❯ model:"
    assert region_text("input:1", typed) == "❯ "
    # unknown cursor: the last non-empty row stands for it, as for `cursor:N`
    assert region_text("alone:1", snap("a", "❯", "")) == "❯"


def test_content_region_skips_a_panels_empty_rows() -> None:
    # a panel that holds the transcript: its rows of side edges only under what it shows
    # are empty for `content`, as blank rows are; a row with anything else in it is not;
    # `bottom` keeps them
    panel = ("┌" + "─" * 20 + "┐", "│  ⠸ Thinking...    │", *["│" + " " * 20 + "│"] * 6,
             "│  │                 │", "│   Type... (/ x)   │", "└" + "─" * 20 + "┘",
             "  chat │ model")
    assert region_text("content:4", snap(*panel)) == "\n".join(
        (panel[1], panel[9], panel[10], panel[11]))
    assert region_text("bottom:4", snap(*panel)) == "\n".join(panel[8:])
    assert region_text("content:1", snap("│ a │", "┃  ┃", "║ ║", " │")) == "│ a │"


def test_input_region_leaves_out_an_echo_still_being_drawn() -> None:
    # the program has drawn only the first keys of a line typed (pasted) into it: what it
    # drew of them is left out as the whole echo is
    row = "│  Do you want to proceed? y"
    lagging = rules.Snapshot(lines=[row], cursor=(0, len(row)),
                             typed="Do you want to proceed? y. Yes n. No")
    assert region_text("input:1", lagging) == "│  "
    whole = rules.Snapshot(lines=[row], cursor=(0, len(row)), typed="proceed? y")
    assert region_text("input:1", whole) == "│  Do you want to "
    # one character of it is no echo read (a prompt's own last letter), and a row that
    # shows none of it stays as drawn
    one = rules.Snapshot(lines=["Continue? [y/N] "], cursor=(0, 16), typed="Nope")
    assert region_text("input:1", one) == "Continue? [y/N] "
    short = rules.Snapshot(lines=["Run it? y"], cursor=(0, 9), typed="yes")
    assert region_text("input:1", short) == "Run it? y"
    other = rules.Snapshot(lines=["> abc"], cursor=(0, 5), typed="xyz")
    assert region_text("input:1", other) == "> abc"


def test_horizontal_rule_detection() -> None:
    assert rules.is_rule_line("─" * 20)
    assert rules.is_rule_line("  " + "─" * 20 + "  ")
    assert rules.is_rule_line("╭" + "─" * 30 + "╮")
    assert rules.is_rule_line("├" + "─" * 10 + "┼" + "─" * 10 + "┤")
    assert not rules.is_rule_line("╌" * 40)  # dashed: a separator inside a dialog
    assert not rules.is_rule_line("───")  # too short
    assert not rules.is_rule_line("── Section title with many words in it ──")
    assert not rules.is_rule_line("-" * 40)


def test_nbsp_is_a_space() -> None:
    assert gate(r"line_regex = '^❯ 1\. Yes$'", "❯\xa01. Yes\xa0")


# ----------------------------------------------------------------------------- messages


def msg_of(body: str, *lines: str) -> str | None:
    return rules.evaluate(manifest(body), snap(*lines)).msg


def test_msg_regex_named_group_and_joined_lines() -> None:
    body = r"""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "permission"
        region = "screen"
        contains = "proceed"
        msg_regex = ['Bash command\n\s*(?P<msg>[^\n]+)']
    """
    assert msg_of(body, "Bash command", "   rm -rf build", "Do you want to proceed?") == \
        "rm -rf build"


def test_msg_regex_label_group_prefixes_the_message() -> None:
    body = r"""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "permission"
        region = "screen"
        contains = "proceed"
        msg_regex = ['(?P<label>Bash|Edit) command[^\n]*\n[\s│]*(?P<msg>[^\n]+)']
    """
    assert msg_of(body, "│ Bash command │", "│  ls -la  │", "Do you want to proceed?") == \
        "Bash: ls -la"


def test_msg_line_and_fallbacks() -> None:
    body = r"""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "permission"
        region = "screen"
        contains = "yes"
        msg_regex = 'NEVER(?P<msg>x)'
        msg_line = '\?\s*$'
        msg = "first"
    """
    assert msg_of(body, "Title", "Do you want to proceed?", " ❯ 1. Yes") == \
        "Do you want to proceed?"
    assert msg_of(body, "│ Title line │", " ❯ 1. Yes") == "Title line"


def test_msg_line_mode_uses_the_matching_line() -> None:
    body = r"""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "question"
        region = "screen"
        any = [{ line_regex = 'never' }, { line_regex = '\[y/N\]' }]
        msg = "line"
    """
    assert msg_of(body, "log", "Overwrite?  [y/N]   ") == "Overwrite? [y/N]"


def test_msg_trim() -> None:
    assert rules.trim_msg("  │ ❯ 1. Yes, and   don't ask again │ ") == "Yes, and don't ask again"
    assert rules.trim_msg("● Fetch(x)") == "Fetch(x)"
    assert rules.trim_msg("   ") is None
    long = rules.trim_msg("x" * 1000)
    assert long is not None and len(long) == rules.MAX_MSG_LEN and long.endswith("…")


def test_msg_only_for_the_winner_and_raw_text_kept() -> None:
    body = r"""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "permission"
        region = "screen"
        contains = "?"
        msg = "last"
    """
    # the engine returns the raw text; sanitizing escapes is the protocol's job
    assert msg_of(body, "Run `rm -rf /tmp/x` \x1b[31m?") == "Run `rm -rf /tmp/x` \x1b[31m?"


# ----------------------------------------------------------------------------- validation


def test_validation_messages() -> None:
    assert "unknown key 'colour'" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        contains = "x"
        colour = "red"
    """)
    assert "state must be one of" in bad("""
        [[rule]]
        id = "r"
        state = "sleeping"
        region = "screen"
        contains = "x"
    """)
    assert "needs a kind" in bad("""
        [[rule]]
        id = "r"
        state = "blocked"
        region = "screen"
        contains = "x"
    """)
    assert "kind is only allowed on blocked" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        kind = "question"
        region = "screen"
        contains = "x"
    """)
    assert "interrupt must be true or false, and true only on idle" in bad("""
        [[rule]]
        id = "r"
        state = "working"
        interrupt = true
        region = "screen"
        contains = "x"
    """)
    assert "agent_screen must be true or false, and true only on working or idle" in bad("""
        [[rule]]
        id = "r"
        state = "blocked"
        kind = "question"
        agent_screen = true
        region = "screen"
        contains = "x"
    """)
    assert "agent_screen must be true or false" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        agent_screen = "yes"
        region = "screen"
        contains = "x"
    """)
    assert "unknown region 'middle'" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "middle"
        contains = "x"
    """)
    assert "bad regex" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        regex = '(unclosed'
    """)
    assert "must be a string or a list of strings" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        contains = 3
    """)
    assert "no condition" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
    """)
    assert "duplicate id" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        contains = "x"
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        contains = "y"
    """)
    assert "any[0]: unknown key 'contain'" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        any = [{ contain = "x" }]
    """)
    assert "rule r: region 'bottom:0'" in bad("""
        [[rule]]
        id = "r"
        state = "idle"
        region = "bottom:0"
        contains = "x"
    """)


def test_newer_engine_is_refused_clearly() -> None:
    msg = bad("", head=HEAD.replace("engine = 1", "engine = 2"))
    assert "needs rules engine 2" in msg and "upgrade" in msg


def test_manifest_header_validation() -> None:
    assert "name must be" in bad("", head=HEAD.replace('name = "t"', 'name = "Bad Name"'))
    assert "app must be" in bad("", head=HEAD.replace('app = "test-app"', 'app = "a:b"'))
    assert "missing [manifest]" in bad("", head="")
    assert "unknown key 'colour'" in bad("", head=HEAD + 'colour = "x"\n')


def test_limits() -> None:
    many = "".join(f"""
        [[rule]]
        id = "r{i}"
        state = "idle"
        region = "screen"
        contains = "x"
    """ for i in range(rules.MAX_RULES + 1))
    assert "at most" in bad(many)
    deep = 'contains = "x"'
    for _ in range(rules.MAX_GATE_DEPTH + 1):
        deep = f"not = {{ {deep} }}"
    assert "nested deeper" in bad(f"""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        {deep}
    """)
    assert "longer than" in bad(f"""
        [[rule]]
        id = "r"
        state = "idle"
        region = "screen"
        regex = '{"a" * (rules.MAX_PATTERN_LEN + 1)}'
    """)


# ----------------------------------------------------------------------------- loading


def write(d: Path, name: str, text: str) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    p = d / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


CLAUDE_OVERRIDE = """
    [manifest]
    name = "claude"
    version = "9.9.9"
    app = "claude-code"
    programs = ["claude"]
    engine = 1

    [[rule]]
    id = "mine"
    state = "working"
    region = "screen"
    contains = "custom"
"""


def test_builtins_load_cleanly() -> None:
    cat = rules.load_manifests(user_dir=None)
    assert cat.errors == []
    for name in ("claude", "codex", "gemini", "aider", "opencode", "copilot", "cursor",
                 "qwen", "amp", "generic"):
        m = cat.get(name)
        assert m is not None and m.builtin, name
        assert m.version and m.rules


def test_user_manifest_overrides_by_name_and_adds_new(tmp_path: Path) -> None:
    write(tmp_path, "my-claude.toml", CLAUDE_OVERRIDE)
    write(tmp_path, "tool.toml", """
        [manifest]
        name = "mytool"
        version = "1"
        programs = ["mytool"]
        [[rule]]
        id = "ask"
        state = "blocked"
        kind = "question"
        region = "bottom:1"
        contains = "sure?"
    """)
    cat = rules.load_manifests(user_dir=tmp_path)
    assert cat.errors == []
    claude = cat.get("claude")
    assert claude is not None and claude.version == "9.9.9" and not claude.builtin
    assert [r.id for r in claude.rules] == ["mine"]
    mytool = rules.select_manifest(cat, ["mytool", "--x"])
    assert mytool.name == "mytool" and mytool.app == "mytool"
    assert rules.evaluate(mytool, snap("are you sure?")).state == "blocked"


def test_broken_user_files_give_one_line_each_and_builtins_keep_working(tmp_path: Path) -> None:
    write(tmp_path, "claude.toml", CLAUDE_OVERRIDE.replace('contains = "custom"',
                                                           "regex = '(oops'"))
    write(tmp_path, "syntax.toml", "[manifest\nname = ")
    write(tmp_path, "typo.toml", CLAUDE_OVERRIDE.replace('name = "claude"', 'name = "x"')
          .replace('state = "working"', 'state = "workin"'))
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe\x00garbage")
    write(tmp_path, "notes.txt", "not a manifest")
    cat = rules.load_manifests(user_dir=tmp_path)
    assert len(cat.errors) == 4
    for line in cat.errors:
        assert line.startswith("rules: ") and "\n" not in line and "Traceback" not in line
    joined = "\n".join(cat.errors)
    assert f"rules: {tmp_path / 'claude.toml'}: rule mine: regex '(oops': bad regex" in joined
    assert "built-in claude manifest is used instead" in joined
    assert f"rules: {tmp_path / 'syntax.toml'}: TOML syntax error" in joined
    assert "rule mine: state must be one of" in joined
    assert "not UTF-8" in joined
    claude = cat.get("claude")
    assert claude is not None and claude.builtin  # the broken override fell back
    assert rules.select_manifest(cat, ["claude"]).builtin


def test_missing_user_dir_and_builtin_dir(tmp_path: Path) -> None:
    cat = rules.load_manifests(user_dir=tmp_path / "nope", builtin_dir=tmp_path / "none")
    assert cat.errors == [f"rules: no built-in manifests found in {tmp_path / 'none'} "
                          "(reinstall osc7501wrap)"]
    assert rules.select_manifest(cat, ["apt"]).name == "generic"  # an empty fallback


def test_default_user_dir_comes_from_paths(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path))
    write(tmp_path / "rules", "c.toml", CLAUDE_OVERRIDE)
    assert rules.load_manifests().get("claude").version == "9.9.9"  # type: ignore[union-attr]


def test_source_checkout_fallback_finds_top_level_rules() -> None:
    d = rules.builtin_rules_dir()
    names = {e.name for e in d.iterdir()}
    assert "claude.toml" in names and "generic.toml" in names


# ----------------------------------------------------------------------------- selection


@pytest.fixture(scope="module")
def cat() -> rules.Catalog:
    return rules.load_manifests(user_dir=None)


@pytest.mark.parametrize(("argv", "name"), [
    (["claude"], "claude"),
    (["/usr/local/bin/claude", "--resume"], "claude"),
    (["/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe"], "claude"),
    (["node", "/x/node_modules/@anthropic-ai/claude-code/cli.js"], "claude"),
    (["node", "--no-warnings", "/x/node_modules/@anthropic-ai/claude-code/cli.js", "-p"],
     "claude"),
    (["npx", "-y", "@anthropic-ai/claude-code@2.1.328"], "claude"),
    (["env", "FOO=1", "claude"], "claude"),
    (["sh", "-c", "ANTHROPIC_MODEL=x claude --continue"], "claude"),
    (["codex"], "codex"),
    (["npx", "@openai/codex"], "codex"),
    (["gemini"], "gemini"),
    (["node", "/usr/lib/node_modules/@google/gemini-cli/dist/index.js"], "gemini"),
    (["aider", "--model", "x"], "aider"),
    (["python3", "-m", "aider"], "aider"),
    (["/home/u/.venv/bin/python3.12", "/home/u/.venv/bin/aider"], "aider"),
    (["uv", "run", "aider"], "aider"),
    (["node", "/x/node_modules/@qwen-code/qwen-code/dist/index.js"], "qwen"),
    (["opencode"], "opencode"),
    (["copilot"], "copilot"),
    (["cursor-agent"], "cursor"),
    (["amp"], "amp"),
    (["apt", "upgrade"], "generic"),
    (["ssh", "host"], "generic"),
    (["python3", "train.py", "--model", "claude"], "generic"),
    (["bash"], "generic"),
    ([], "generic"),
])
def test_select_manifest(cat: rules.Catalog, argv: list[str], name: str) -> None:
    assert rules.select_manifest(cat, argv).name == name


def test_forced_agent(cat: rules.Catalog) -> None:
    assert rules.select_manifest(cat, ["my-claude-wrapper.sh"], forced="claude").name == "claude"
    with pytest.raises(WrapError) as ei:
        rules.select_manifest(cat, ["x"], forced="nosuch")
    assert "unknown agent 'nosuch'" in str(ei.value)
    assert "claude" in str(ei.value) and "generic" in str(ei.value)


# ----------------------------------------------------------------------------- explain


def test_explain_lists_every_rule_with_parts_and_one_winner(cat: rules.Catalog) -> None:
    m = cat.get("claude")
    assert m is not None
    s = snap("✶ Pondering… (3s · ↓ 35 tokens)", RULE, "❯", RULE, "  ? for shortcuts")
    traces = rules.explain(m, s)
    assert [t.id for t in traces] == [r.id for r in m.ordered]
    winners = [t for t in traces if t.winner]
    assert len(winners) == 1 and winners[0].id == rules.evaluate(m, s).rule_id == "spinner"
    assert winners[0].msg == "Pondering"
    composer = next(t for t in traces if t.id == "composer")
    assert composer.matched and not composer.winner and composer.region == "prompt_box"
    assert composer.region_text == "❯"
    assert all(p.what for t in traces for p in t.parts)
    # not short-circuited: every part of every rule is listed with its result
    spinner = winners[0]
    assert any(p.matched for p in spinner.parts) and any(not p.matched for p in spinner.parts)


def test_explain_and_evaluate_agree_on_random_screens(cat: rules.Catalog) -> None:
    rng = random.Random(7)
    for m in cat.manifests.values():
        for _ in range(30):
            s = random_screen(rng)
            v = rules.evaluate(m, s)
            win = [t for t in rules.explain(m, s) if t.winner]
            assert [t.id for t in win] == ([v.rule_id] if v.rule_id else [])


# ----------------------------------------------------------------------------- fuzz

PIECES = ["❯", "›", "●", "✻", "·", "─" * 30, "╭" + "─" * 20 + "╮", "│", "1.", "2.", "Yes",
          "No", "Do you want to proceed?", "Esc to cancel", "(y/n)", "[Y/n]", "Password:",
          "esc to interrupt", "…", "(12s · ↓ 1.2k tokens)", "\x1b[31m", "\x00", "\ud800",
          "日本語テスト", "🫪", "\u200d", "\t", "  ", "?", "Allow", "Deny (esc)", "⏵⏵",
          "accept edits on", "(Y)es/(N)o", "[Yes]:", "Working", "•", "◐", "⠋"]


def random_screen(rng: random.Random) -> rules.Snapshot:
    rows = rng.randint(0, 45)
    lines = []
    for _ in range(rows):
        n = rng.randint(0, 8)
        lines.append(" " * rng.randint(0, 4) + " ".join(rng.choice(PIECES) for _ in range(n)))
    title = rng.choice([None, "", "✳ Claude Code", "⠋ x", rng.choice(PIECES)])
    progress = rng.choice([None, "", "1;42", "3", "garbage;;"])
    cursor = rng.choice([None, (rng.randint(-3, 60), rng.randint(0, 200))])
    return rules.Snapshot(lines, title=title, progress=progress, cursor=cursor,
                          alt_screen=rng.random() < 0.5)


def test_fuzz_random_screens_never_raise(cat: rules.Catalog) -> None:
    rng = random.Random(1234)
    manifests = list(cat.manifests.values())
    for _ in range(3000):
        s = random_screen(rng)
        m = rng.choice(manifests)
        v = rules.evaluate(m, s)
        assert v.state in (None, *rules.STATES)
        assert v.kind is None or (v.state == "blocked" and v.kind in rules.KINDS)
        assert v.msg is None or (v.msg.strip() == v.msg and len(v.msg) <= rules.MAX_MSG_LEN)


@pytest.mark.filterwarnings("error")
def test_fuzz_broken_manifests_give_one_line_errors_and_no_warnings() -> None:
    rng = random.Random(99)
    seeds = [p.read_text(encoding="utf-8")
             for p in sorted(Path(str(rules.builtin_rules_dir()))
                             .glob("*.toml"))]
    for _ in range(1500):
        chars = list(rng.choice(seeds))
        for _ in range(rng.randint(1, 20)):
            i = rng.randrange(len(chars))
            bit = rng.choice(["", "[", "]", "'", '"', "=", "\n", "(", "\\", "x", "{", "}",
                              ",", "-1", "true", "[[rule]]\n", "\x00", "*", "+"])
            if rng.random() < 0.5:
                chars[i] = bit
            else:
                chars.insert(i, bit)
        try:
            rules.parse_manifest_text("".join(chars))
        except rules.ManifestError as err:
            assert "\n" not in str(err) and str(err)


_LONG = "k" * 10_000 + "\u202e"
_RULE_AT = '[[rule]]\nid = "r"\nstate = "idle"\nregion = "screen"\ncontains = "x"\n'


@pytest.mark.parametrize("body", [
    f'"{_LONG}" = 1\n[manifest]\nname = "h"\nversion = "1"\n',
    f'[manifest]\nname = "h"\nversion = "1"\n"{_LONG}" = 1\n',
    f'[manifest]\nname = "h"\nversion = "1"\n{_RULE_AT}"{_LONG}" = 1\n',
    f'[manifest]\nname = "h"\nversion = "1"\n{_RULE_AT}any = [{{ "{_LONG}" = 1 }}]\n',
    f'[manifest]\nname = "h"\nversion = "1"\n[background]\n"{_LONG}" = 1\n',
    f'[manifest]\nname = "h"\nversion = "1"\n{_RULE_AT}[dialog]\n"{_LONG}" = 1\n',
    f'[manifest]\nname = "h"\nversion = "1"\n{_RULE_AT}[[dialog.question]]\n"{_LONG}" = 1\n',
], ids=["top", "manifest", "rule", "gate", "background", "dialog", "reader"])
def test_a_10kb_unknown_key_is_quoted_in_part(tmp_path: Path, body: str) -> None:
    """An unknown key of 10 KB (a bidi mark at its end) anywhere in a manifest: its load
    error is one short line quoting the key's start, escaped."""
    (tmp_path / "h.toml").write_text(body, encoding="utf-8")
    cat = rules.load_manifests(tmp_path)
    assert len(cat.errors) == 1, cat.errors
    line = cat.errors[0]
    print(line[:300])
    assert "unknown" in line and "'kkkk" in line and len(line) < 400
    assert "\n" not in line and "\u202e" not in line
