"""The end of a turn is published as soon as the agent's idle prompt is drawn.

An idle rule with ``prompt = true`` (Qwen Code's empty composer, Codex's composer,
OpenCode's) is the screen saying idle: the classifier publishes it on the first settled
look, without the working -> idle hold that an idle reading by mere absence of a spinner
waits out. It is not a turn-end marker (done versus idle stays as it was). The rule's id
says nothing.
"""

from __future__ import annotations

import pytest

from osc7501wrap import rules
from osc7501wrap.fusion.classifier import Classifier, marks_turns

MANIFEST = r'''
[manifest]
name = "fake"
version = "1"

[[rule]]
id = "spinner"
state = "working"
region = "bottom:5"
line_regex = '\(\d+s · esc to cancel\)'

[[rule]]
id = "%s"
state = "idle"
prompt = %s
region = "bottom:3"
line_regex = '^>\s+Type your message'
'''

WORKING = ["> run it", "⠧ Thinking... (3s · esc to cancel)", "─" * 20, ">   Type your message", "─" * 20]
IDLE = ["> run it", "◆ Done.", "─" * 20, ">   Type your message", "─" * 20]


def _idle_published_at(rule_id: str, prompt: bool) -> float:
    clf = Classifier(rules.parse_manifest_text(MANIFEST % (rule_id, str(prompt).lower())))
    screen = WORKING
    t, published = 0.0, []
    while t < 3.0:
        if t >= 1.0:
            screen = IDLE
        if abs(t - round(t)) < 1e-9 or abs(t - 1.0) < 1e-9:
            clf.screen_changed(t)
        reading = clf.step(t, lambda lines=screen: rules.Snapshot(list(lines)))
        if reading is not None:
            published.append((t, reading.state))
        t = round(t + 0.01, 2)
    assert [s for _, s in published] == ["working", "idle"], published
    return published[-1][0] - 1.0


def test_idle_prompt_is_published_without_the_hold() -> None:
    assert _idle_published_at("composer", True) <= 0.1


def test_other_idle_rules_still_wait_out_the_hold() -> None:
    # the id that once meant "prompt" means nothing now
    assert _idle_published_at("idle_prompt", False) == pytest.approx(0.7, abs=0.06)


def test_idle_prompt_is_not_a_turn_end_marker() -> None:
    assert not marks_turns(rules.parse_manifest_text(MANIFEST % ("composer", "true")))


@pytest.mark.parametrize("state, value", [("working", "true"), ("idle", '"yes"')])
def test_prompt_is_a_flag_of_idle_rules_only(state: str, value: str) -> None:
    text = (MANIFEST % ("composer", "false")).replace(
        'state = "idle"\nprompt = false', f'state = "{state}"\nprompt = {value}')
    with pytest.raises(rules.ManifestError, match="rule composer: prompt must be true or false"):
        rules.parse_manifest_text(text)


def test_builtin_prompt_rules_say_so() -> None:
    catalog = rules.load_manifests(user_dir=None)
    for name in ("aider", "codex", "opencode", "qwen"):
        found = catalog.get(name)
        assert found is not None, name
        assert any(r.state == "idle" and r.prompt for r in found.rules), name
