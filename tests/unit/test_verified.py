"""Nothing claims support that was not seen: every built-in agent manifest says whether it
was checked on its agent's real screens (``verified``, ``verified_on`` the versions, or
``verified_reason`` why not), a verified one names versions that have captures in
``tests/captures/<agent>-<version>/``, and ``doctor``, ``explain`` and the README's agent
table say the same."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from osc7501wrap import rules
from osc7501wrap.commands import doctor, explain

ROOT = Path(__file__).resolve().parents[2]
CATALOG = rules.load_manifests(user_dir=None)
AGENTS = sorted(n for n in CATALOG.manifests if n != "generic")


def readme_row(m: rules.Manifest) -> str:
    programs = ", ".join(f"`{p}`" for p in m.programs)
    checked = (f"yes: {', '.join(m.verified_on)}" if m.verified
               else f"**no**: {m.verified_reason}")
    return f"| {m.description} | `{m.name}` | {programs} | {checked} |"


@pytest.mark.parametrize("name", AGENTS)
def test_manifest_says_whether_it_was_verified(name: str) -> None:
    m = CATALOG.get(name)
    assert m.verified is not None, f"rules/{name}.toml: say verified = true or false"
    if m.verified:
        assert m.verified_on, f"rules/{name}.toml: verified_on = [the versions checked]"
        for v in m.verified_on:
            caps = list((ROOT / "tests" / "captures" / f"{name}-{v}").glob("*.jsonl"))
            assert len(caps) >= 5, f"{name} {v}: verified on it, but {len(caps)} captures"
    else:
        assert m.verified_reason, f"rules/{name}.toml: verified_reason"


def test_no_capture_directory_without_its_version_in_verified_on() -> None:
    for d in sorted((ROOT / "tests" / "captures").iterdir()):
        if d.is_dir():
            name, _, version = d.name.rpartition("-")
            m = CATALOG.get(name)
            assert m is not None and version in m.verified_on, (
                f"{d.name}: captures of {name} {version}, but rules/{name}.toml does not "
                "list it in verified_on")


@pytest.mark.parametrize("name", AGENTS)
def test_languages_checked_have_captures(name: str) -> None:
    """A UI language a manifest names was checked: captures recorded in it
    (`<scenario>-lang-<code>.jsonl`, LANGUAGES in scripts/capture_agents/variants.py); `languages_note`
    says what the agent offers."""
    m = CATALOG.get(name)
    if not m.languages:
        return
    assert m.languages_note, f"rules/{name}.toml: languages_note"
    for code in m.languages:
        if code == "en":
            continue
        caps = list((ROOT / "tests" / "captures").glob(f"{name}-*/*-lang-{code}.jsonl"))
        assert caps, f"rules/{name}.toml: languages names {code!r}, but no capture is in it"


def test_readme_agent_table_says_the_same() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in AGENTS:
        row = readme_row(CATALOG.get(name))
        assert row in text, f"README.md agent table: missing or stale row\n{row}"
    table = re.findall(r"^\| [^|]+ \| `[^|]*` \| `[^|]*\| (?:yes|\*\*no\*\*)[^|]*\|$", text, re.M)
    assert len(table) == len(AGENTS), "README.md agent table: a row for a manifest that is gone"


def test_doctor_names_the_unverified_and_why() -> None:
    lines = [c.detail for c in doctor.check_manifests()]
    verified = next(x for x in lines if x.startswith("verified on real screens: "))
    unverified = next(x for x in lines if x.startswith("NOT verified on real screens"))
    for name in AGENTS:
        m = CATALOG.get(name)
        if m.verified:
            assert f"{name} {', '.join(m.verified_on)}" in verified
        else:
            assert f"{name} ({m.verified_reason})" in unverified


@pytest.mark.parametrize("name", ["claude", "cursor", "amp", "crush"])
def test_explain_says_it(name: str, tmp_path: Path) -> None:
    screen = tmp_path / "screen.txt"
    screen.write_text("hello\n", encoding="utf-8")
    src = explain.Source(rules.Snapshot(["hello"]), str(screen))
    rep = explain.explanation(CATALOG.get(name), src, [])
    m = CATALOG.get(name)
    assert rep["manifest"]["verified"] is m.verified
    text = explain.format_explanation(json.loads(json.dumps(rep)))
    assert m.verification in text.splitlines()[1]
    assert ("NOT verified: " in text) == (not m.verified)


def test_loader_checks_the_fields() -> None:
    base = {"manifest": {"name": "x", "version": "1"}, "rule": []}

    def load(**head: object) -> rules.Manifest:
        return rules.parse_manifest({**base, "manifest": {**base["manifest"], **head}})

    assert load().verified is None
    assert load(verified=True, verified_on=["1.2"]).verification == "verified on 1.2"
    assert load(verified=False, verified_reason="not  seen").verification == \
        "NOT verified: not seen"
    m = load(languages=["en", "de", "zh-TW"], languages_note="a  setting")
    assert (m.languages, m.languages_note) == (("en", "de", "zh-TW"), "a setting")
    assert load().languages == ()
    for bad, what in ((dict(verified="yes"), "verified must be"),
                      (dict(verified=False), "needs a verified_reason"),
                      (dict(verified_on="1.2"), "verified_on must be"),
                      (dict(verified_reason=3), "verified_reason must be"),
                      (dict(languages="en"), "languages must be"),
                      (dict(languages=["English"]), "languages must be"),
                      (dict(languages_note=["x"]), "languages_note must be")):
        with pytest.raises(rules.ManifestError, match=what):
            load(**bad)


def test_kilo_reads_with_opencode_rules() -> None:
    """Kilo CLI is an OpenCode fork drawing the same screens: its manifest's rules and
    dialog tables are OpenCode's, copied (a change to one is a change to both)."""
    def body(name: str) -> str:
        text = (ROOT / "rules" / f"{name}.toml").read_text()
        return text[text.index("# ---------------------------------------------------------------- blocked"):]

    assert body("kilo") == body("opencode")
