"""Named patterns: a manifest's [patterns] table and its (?&name) references, expanded at
load into any regex field (gates, messages, dialog readers); bad tables, unknown names,
cycles and hostile fragments are one-line load errors or cost linear time; a user
manifest replacing a built-in one references the built-in's patterns; and the generic
manifest's yes/no rules all read one key-list grammar."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from osc7501wrap import rules
from osc7501wrap.commands import doctor
from osc7501wrap.rules.patterns import expand, parse_patterns

RULE = '[[rule]]\nid = "r"\nstate = "idle"\nregion = "screen"\n'


def manifest(body: str, name: str = "mine") -> rules.Manifest:
    return rules.parse_manifest_text(
        f'[manifest]\nname = "{name}"\nversion = "1"\n{body}', source=f"{name}.toml")


def refused(body: str) -> str:
    with pytest.raises(rules.ManifestError) as err:
        manifest(body)
    line = str(err.value)
    print("refused:", line)
    assert "\n" not in line
    return line


def verdict(m: rules.Manifest, *lines: str, cursor: tuple[int, int] | None = None
            ) -> rules.Verdict:
    return rules.evaluate(m, rules.Snapshot(lines=list(lines), cursor=cursor))


def test_a_reference_expands_to_a_group_of_the_fragment() -> None:
    m = manifest("[patterns]\nkeys = '\\[y/n\\]'\n" + RULE + "line_regex = '(?&keys)$'\n")
    pat = m.rules[0].gate.line_regex[0]
    assert pat.pattern == "(?:\\[y/n\\])$"
    assert m.named_patterns == {"keys": "\\[y/n\\]"}
    assert verdict(m, "Go on? [y/n]").rule_id == "r"
    assert verdict(m, "Go on? [y/n] later").rule_id is None
    # a group: an alternation in the fragment stays inside it
    m = manifest("[patterns]\nab = 'a|b'\n" + RULE + "line_regex = '^x(?&ab)$'\n")
    assert verdict(m, "xb").rule_id == "r" and verdict(m, "b").rule_id is None


def test_patterns_reference_each_other_in_any_order() -> None:
    m = manifest("[patterns]\nboth = '(?&yes)/(?&no)'\nyes = 'y(?:es)?'\nno = 'no?'\n"
                 + RULE + "line_regex = '\\((?&both)\\)$'\n")
    assert m.named_patterns["both"] == "(?:y(?:es)?)/(?:no?)"
    assert verdict(m, "ok? (yes/n)").rule_id == "r"
    assert verdict(m, "ok? (n/yes)").rule_id is None


def test_escapes_and_classes_are_no_references() -> None:
    named = {"a": "x"}
    assert expand("[(?&a)]", named) == "[(?&a)]"
    assert expand("[](?&a)]", named) == "[](?&a)]"
    assert expand("[[:alpha:]](?&a)", named) == "[[:alpha:]](?:x)"
    assert expand("\\Q(?&a)\\E(?&a)", named) == "\\Q(?&a)\\E(?:x)"
    assert expand("\\\\(?&a)", named) == "\\\\(?:x)"


@pytest.mark.parametrize("field", ["line_regex", "regex", "msg_line", "msg_regex"])
def test_a_pattern_serves_every_regex_field_of_a_rule(field: str) -> None:
    gate = "" if field in ("line_regex", "regex") else "contains = 'Go'\n"
    m = manifest("[patterns]\nkeys = '\\[y/n\\]'\n"
                 "[[rule]]\nid = \"r\"\nstate = \"blocked\"\nkind = \"question\"\n"
                 f"region = \"screen\"\n{gate}{field} = '(?&keys)'\n")
    v = verdict(m, "Go on?", "Go on? [y/n]")
    assert v.rule_id == "r"
    if gate:  # a message field: the match (msg_regex) or the line it matches
        assert v.msg == ("[y/n]" if field == "msg_regex" else "Go on? [y/n]")
    else:
        assert verdict(m, "Go on?", "Go on? [y/x]").rule_id is None


def test_a_pattern_serves_the_dialog_readers() -> None:
    m = manifest("[patterns]\nkeys = '\\[y/n\\]'\n"
                 "[[rule]]\nid = \"r\"\nstate = \"blocked\"\nkind = \"question\"\n"
                 "region = \"screen\"\nline_regex = '(?&keys)'\n"
                 "[[dialog.question]]\nline = '^(?P<question>.*(?&keys))'\n"
                 "[[dialog.subject]]\nup = true\nafter = '^$'\nuntil = '(?&keys)'\n"
                 "[[dialog.options]]\non = '(?&keys)'\n"
                 "fixed = [{label = \"yes\", key = \"y\"}, {label = \"no\", key = \"n\"}]\n")
    v = verdict(m, "", "rm -rf build", "Run it? [y/n]")
    assert v.dialog is not None
    assert v.dialog.question.startswith("Run it? [y/n]")
    assert list(v.dialog.subject) == ["rm -rf build"]
    assert [o.label for o in v.dialog.options] == ["yes", "no"]


def test_an_unknown_name_names_the_rule_and_the_field() -> None:
    line = refused("[patterns]\nkeys = 'k'\n" + RULE + "any = [{line_regex = '(?&kyes)'}]\n")
    assert "rule r" in line and "any[0].line_regex" in line
    assert "(?&kyes)" in line and "keys" in line
    line = refused(RULE + "msg_line = '(?&nothing)'\ncontains = 'x'\n")
    assert "rule r" in line and "msg_line" in line and "(?&nothing)" in line
    line = refused(RULE + "contains = 'x'\n[[dialog.question]]\nline = '(?P<question>(?&q))'\n")
    assert "[[dialog.question]] 1" in line and "line" in line and "(?&q)" in line
    line = refused("[patterns]\na = '(?&b)'\n")
    assert "[patterns] a" in line and "(?&b)" in line


def test_an_unknown_name_among_64_long_ones_is_a_short_line_naming_the_closest() -> None:
    """A full table of 32-character names: the line lists the names the reference most
    likely meant and counts the rest, not all 64 (2 KB)."""
    table = "".join(f"name_{i:02d}_{'x' * 24} = 'a'\n" for i in range(64))
    typo = "name_41_" + "x" * 23 + "y"
    line = refused("[patterns]\n" + table + RULE + f"regex = '(?&{typo})'\n")
    assert len(line) < 500
    assert "name_41_" + "x" * 24 in line and "56 more" in line


def test_a_bad_reference_is_refused() -> None:
    for text in ("(?&)", "(?&a", "(?&1a)", "(?&a-b)"):
        line = refused("[patterns]\na = 'x'\n" + RULE + f"regex = '{text}'\n")
        assert "rule r" in line and "bad pattern reference" in line


def test_a_cycle_is_refused_naming_it() -> None:
    line = refused("[patterns]\na = 'x(?&b)'\nb = 'y(?&c)'\nc = '(?&a)'\n")
    assert "cycle" in line and "a -> b -> c -> a" in line
    line = refused("[patterns]\nself = 'x(?&self)'\n")
    assert "self -> self" in line


@pytest.mark.parametrize(("table", "why"), [
    ("[patterns]\nbad = 'x)'\n", "[patterns] bad: 'x)': bad regex"),
    ("[patterns]\nlook = 'foo(?!bar)'\n", "[patterns] look: 'foo(?!bar)': not supported"),
    ("[patterns]\nback = '(a)\\1'\n", "[patterns] back: '(a)\\\\1': not supported"),
    ("[patterns]\nempty = ''\n", "[patterns] empty: must be a non-empty string"),
    ("[patterns]\nnum = 3\n", "[patterns] num: must be a non-empty string"),
    ("[patterns]\n'a-b' = 'x'\n", "[patterns] 'a-b': a name must be"),
    ("patterns = 'x'\n[manifest.x]\n", ""),  # [manifest] key: unknown
    ("[patterns]\nlong = '" + "a" * 513 + "'\n", "[patterns] long: longer than 512"),
])
def test_a_bad_fragment_is_refused_naming_it(table: str, why: str) -> None:
    line = refused(table)
    assert why in line


def test_a_fragment_that_compiles_alone_but_not_where_it_is_used_names_the_rule() -> None:
    line = refused("[patterns]\nbig = 'a{1000}'\n" + RULE + "regex = '(?&big){1000}'\n")
    assert "rule r" in line and "regex" in line and "bad regex" in line


def test_expansion_is_held_to_the_length_limit() -> None:
    frag = "a" * 300
    # as written, 512 characters; expanded, 1024 (a named class written once, used often)
    manifest(f"[patterns]\nf = '{frag}'\n" + RULE + "regex = '(?&f)(?&f)(?&f)'\n")
    line = refused(f"[patterns]\nf = '{frag}'\n" + RULE + "regex = '(?&f)(?&f)(?&f)(?&f)'\n")
    assert "rule r" in line and "longer than 1024" in line and "expanded" in line
    # doubling at each step: refused at the step past the limit, not after 2**20 copies
    chain = "".join(f"p{i} = '(?&p{i - 1})(?&p{i - 1})'\n" for i in range(1, 21))
    t0 = time.thread_time()
    line = refused(f"[patterns]\np0 = 'ab'\n{chain}")
    assert "[patterns] p7:" in line and "once its references are expanded" in line
    assert time.thread_time() - t0 < 0.5


def test_a_hostile_fragment_costs_linear_time() -> None:
    """(a+)+ is catastrophic for a backtracking engine; expanded into a rule it is compiled
    by the same linear-time engine as a literal one."""
    m = manifest("[patterns]\nevil = '(a+)+'\n" + RULE + "line_regex = '(?&evil)$'\n")
    for n in (22, 60, 10_000):
        snap = rules.Snapshot(lines=["a" * n + "!"])
        t0 = time.thread_time()
        v = rules.evaluate(m, snap)
        took = time.thread_time() - t0
        print(f"(?&evil)$ on {n} a's: {took * 1000:.2f} ms")
        assert v.state is None and took < 0.5  # exponential: minutes


def test_screen_text_that_looks_like_a_reference_is_inert() -> None:
    m = manifest("[patterns]\nk = 'y/n'\n" + RULE + "line_regex = '(?&k)'\n")
    for text in ("(?&k)", "$(rm -rf ~) #{pane} %H (?&k)", "\u202e(?&k)\u202c", "x" * 10_000):
        assert verdict(m, text).rule_id is None


USER_GENERIC = """[manifest]
name = "generic"
version = "mine.1"
[patterns]
ask = '^ok to go on\\? '
[[rule]]
id = "asked"
state = "blocked"
kind = "question"
region = "bottom:1"
line_regex = '(?i)(?&ask)(?&yes_no_keys)$'
"""


@pytest.mark.parametrize("load", [rules.load_manifests, rules.load_headers])
def test_an_override_uses_the_builtin_patterns_and_its_own(tmp_path: Path, load) -> None:
    (tmp_path / "generic.toml").write_text(USER_GENERIC)
    cat = load(tmp_path)
    assert cat.errors == []
    g = cat.get("generic")
    assert g is not None and not g.builtin and g.version == "mine.1"
    assert set(g.named_patterns) >= {"ask", "yes_no_keys"}
    assert verdict(g, "OK to go on? [y/N]").rule_id == "asked"
    assert verdict(g, "OK to go on? (yes/no/all)").rule_id == "asked"
    assert verdict(g, "OK to go on? [n]").rule_id is None


@pytest.mark.parametrize("where", ["before the rules", "after the rules"])
@pytest.mark.parametrize("load", [rules.load_manifests, rules.load_headers])
def test_an_override_finds_the_builtin_table_wherever_it_is(tmp_path: Path, load,
                                                            where: str) -> None:
    table = "[patterns]\nkeys = '\\[y/n\\]'\n"
    rule = RULE + "line_regex = '(?&keys)'\n"
    builtin, user = tmp_path / "builtin", tmp_path / "user"
    builtin.mkdir()
    user.mkdir()
    body = table + rule if where == "before the rules" else rule + table
    (builtin / "agent.toml").write_text(f'[manifest]\nname = "agent"\nversion = "1"\n{body}')
    (user / "agent.toml").write_text(
        '[manifest]\nname = "agent"\nversion = "2"\n' + RULE + "line_regex = '^(?&keys)$'\n")
    cat = load(user, builtin)
    assert cat.errors == []
    m = cat.get("agent")
    assert m.version == "2" and verdict(m, "[y/n]").rule_id == "r"
    assert verdict(m, "ok? [y/n]").rule_id is None



@pytest.mark.parametrize("load", [rules.load_manifests, rules.load_headers])
def test_an_override_shadowing_a_builtin_pattern_leaves_the_builtins_own_uses(
        tmp_path: Path, load) -> None:
    """The override's `keys` serves its own references; the built-in's `both`, which
    references `keys`, keeps the built-in's (as rules/README.md says)."""
    builtin, user = tmp_path / "builtin", tmp_path / "user"
    builtin.mkdir()
    user.mkdir()
    (builtin / "agent.toml").write_text(
        '[manifest]\nname = "agent"\nversion = "1"\n[patterns]\nkeys = \'a\'\n'
        "both = '(?&keys)b'\n" + RULE + "line_regex = '^(?&both)$'\n")
    (user / "agent.toml").write_text(
        '[manifest]\nname = "agent"\nversion = "2"\n[patterns]\nkeys = \'z\'\n'
        + RULE + "line_regex = '^(?&both)(?&keys)$'\n")
    cat = load(user, builtin)
    assert cat.errors == []
    m = cat.get("agent")
    assert m.version == "2" and m.named_patterns["keys"] == "z"
    assert verdict(m, "abz").rule_id == "r"
    assert verdict(m, "zbz").rule_id is None

def test_a_new_manifest_does_not_see_another_manifests_patterns(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(USER_GENERIC.replace('"generic"', '"mine"'))
    cat = rules.load_manifests(tmp_path)
    assert len(cat.errors) == 1
    line = cat.errors[0]
    print(line)
    assert "mine.toml" in line and "rule asked" in line and "(?&yes_no_keys)" in line
    assert cat.get("mine") is None and cat.get("generic").builtin


def test_doctor_loads_an_override_with_patterns_and_names_a_broken_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OSC7501WRAP_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "generic.toml").write_text(USER_GENERIC)
    (tmp_path / "rules" / "mine.toml").write_text(USER_GENERIC.replace('"generic"', '"mine"'))
    checks = doctor.check_manifests()
    for c in checks:
        print(c.status, c.detail)
    yours = next(c.detail for c in checks if c.detail.startswith("yours: "))
    assert "generic mine.1" in yours
    broken = [c.detail for c in checks if "(?&" in c.detail]
    assert len(broken) == 1 and "mine.toml" in broken[0] and "rule asked" in broken[0]
    assert "\n" not in broken[0]


HOSTILE = [  # each a broken file: one line each, no traceback
    "[patterns]\nx = '(?&\u202ey)'\n",
    "[patterns]\nx = '(?&y\\n)'\n",
    "[patterns]\nx = '$(rm -rf ~)(?&#{pane})'\n",
    "[patterns]\nx = '" + "(?&x)" * 100 + "'\n",
    "[patterns]\n" + "".join(f"p{i} = 'a'\n" for i in range(65)),
    "[patterns]\nx = 'aaaaaaaa'\n" + RULE + "regex = '" + "(?&x)" * 100 + "'\n",
    "[patterns.x]\ny = 'a'\n",
    "[[patterns]]\nx = 'a'\n",
    "[patterns]\n" + "n" * 10_000 + " = 'a'\n",  # 10 KB: quoted in part
    "[patterns]\n\"\u202en\\u0007\" = 'a'\n",
]


def test_hostile_tables_are_one_line_each(tmp_path: Path) -> None:
    for i, body in enumerate(HOSTILE):
        (tmp_path / f"h{i}.toml").write_text(
            f'[manifest]\nname = "h{i}"\nversion = "1"\n{body}', encoding="utf-8")
    cat = rules.load_manifests(tmp_path)
    for line in cat.errors:
        print(line)
    assert len(cat.errors) == len(HOSTILE)
    assert all("\n" not in e and len(e) < 600 for e in cat.errors)
    assert not any(c in e for e in cat.errors for c in "\u202e\x07\x1b")
    assert all(cat.get(f"h{i}") is None for i in range(len(HOSTILE)))


def test_parse_patterns_own_names_win_over_inherited() -> None:
    got = parse_patterns({"k": "mine", "both": "(?&k)(?&base)"}, {"k": "theirs", "base": "b"})
    assert got == {"k": "mine", "base": "b", "both": "(?:mine)(?:b)"}


# ---------------------------------------------------------------------------------------
# The generic manifest: one key-list grammar for every yes/no rule

KEY_LISTS = {  # key list -> read as a yes/no question's keys?
    "[y/N]": True, "[Y/n]": True, "(y/n)": True, "[y/*]": True, "(y/n/e)": True,
    "'Y/n/i'": True, '"y/n"': True, "‘y/n’": True, "“y/n”": True, "[yes/no]": True,
    "[yes/no/all]": True, "( y / n )": True, "(y/a/b/c/d/n)": True,
    "(y/n/a/b/c/d)": True, "(n/y)": False, "[y]": False, "[y/maybe]": False,
    "[y/n": False, "y/n": False, "(yes/nope)": False, "(y/n/a/b/c/d/e)": False,
    "(y/elevenchars/n)": False, "{y/n}": False,
}


ABOVE = ["$ make", "", "rm -rf build"]  # the question's subject: the paragraph above it


def _screens(rule: str, keys: str) -> tuple[list[str], tuple[int, int]]:
    if rule == "yes_no_question":
        line = f"Do you want to keep it {keys} "
        return [*ABOVE, line], (3, len(line))
    if rule == "yes_no_permission":
        line = f"Delete the cache? {keys} "
        return [*ABOVE, line], (3, len(line))
    ask = "Delete the cache?" if rule == "yes_no_input_permission" else "Keep it?"
    return [*ABOVE, f"{ask} {keys}", "  "], (4, 2)


@pytest.mark.parametrize("rule", ["yes_no_question", "yes_no_permission", "yes_no_input",
                                  "yes_no_input_permission"])
def test_every_generic_yes_no_rule_reads_the_same_key_lists(rule: str) -> None:
    generic = rules.load_manifests(None).get("generic")
    assert generic is not None and "yes_no_keys" in generic.named_patterns
    read = set()
    for keys in KEY_LISTS:
        lines, cursor = _screens(rule, keys)
        v = verdict(generic, *lines, cursor=cursor)
        if v.rule_id == rule:
            read.add(keys)
            assert v.dialog is not None and keys in v.dialog.question
            assert list(v.dialog.subject) == ["rm -rf build"]
    assert read == {k for k, yes in KEY_LISTS.items() if yes}


def test_the_generic_key_list_is_written_once() -> None:
    text = (rules.builtin_rules_dir() / "generic.toml").read_text()
    generic = rules.load_manifests(None).get("generic")
    # the list itself once (bare: "y/n" on a row of its own), in brackets by reference
    frag = generic.named_patterns["bare_keys"]
    assert text.count(frag) == 1
    assert frag in generic.named_patterns["yes_no_keys"]
    assert text.count("(?&bare_keys)") >= 3
    assert text.count("(?&yes_no_keys)") >= 8


def test_no_pattern_shares_its_name_with_a_rule() -> None:
    # one meaning per name: a [patterns] name is never also a rule's id ("yes_no_bare" was
    # both, the key list and the rule reading a question over it); a name that merely
    # starts like a rule's ("yes_no_keys" beside the rules yes_no_*) is another name
    for m in rules.load_manifests(None).manifests.values():
        ids = {r.id for r in m.rules}
        assert not ids & set(m.named_patterns), m.name
    generic = rules.load_manifests(None).get("generic")
    assert "yes_no_keys" in generic.named_patterns
    assert any(r.id.startswith("yes_no_") for r in generic.rules)


def test_a_reference_outside_a_regex_field_is_plain_text() -> None:
    """`contains` and the [manifest] strings are not regexes: `(?&name)` there is plain
    text, kept as it is, never the fragment, and no load error for an unknown name."""
    m = manifest("description = '(?&nope) $(id) #{pane}'\n[patterns]\nkeys = '\\[y/n\\]'\n"
                 + RULE + "contains = '(?&keys)'\n")
    assert m.description == "(?&nope) $(id) #{pane}"
    assert verdict(m, "ok? (?&KEYS)").rule_id == "r"  # contains ignores case
    assert verdict(m, "ok? [y/n]").rule_id is None
