"""config.toml: typed values, their sources, one-line problems, environment and per-agent overrides."""

from __future__ import annotations

import json
import os
import random
import tomllib
from pathlib import Path

import pytest

from osc7501wrap import config as C
from osc7501wrap.config import load_config
from osc7501wrap.frozen import fields


def _write(tmp_path: Path, text: str | bytes) -> Path:
    p = tmp_path / "config.toml"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text)
    return p


def test_missing_file_gives_defaults_without_problems(tmp_path: Path) -> None:
    cfg = load_config(tmp_path / "nope.toml", env={})
    assert cfg.problems == []
    assert cfg.emit == "auto" and cfg.screen == "auto" and cfg.hooks is True
    assert cfg.fallbacks == C.Fallbacks(progress=True, title=False, notify=("blocked",),
                                        notify_via="auto", cooldown=30)
    assert cfg.classifier == C.ClassifierConfig(settle_ms=40, idle_hold_ms=700, guard_ms=1500)
    assert set(cfg.sources.values()) == {"default"}
    assert set(cfg.sources) == set(cfg.effective())


def test_values_are_typed_and_sourced_by_line(tmp_path: Path) -> None:
    p = _write(tmp_path, (
        'emit = "always"\n'
        "# a comment\n"
        'screen = "pyte"\n'
        "hooks = false\n"
        "\n"
        "[fallbacks]\n"
        "progress = false\n"
        "title = true\n"
        'notify = ["done", "error", "done"]\n'
        'notify_via = "osc777"\n'
        "cooldown = 2.5\n"
        "[classifier]\n"
        "settle_ms = 10\n"
        "idle_hold_ms = 900.4\n"
        "hook_ttl_ms = 20000\n"  # the name of before of guard_ms
        '[agents."cursor-agent"]\n'
        "enabled = false\n"
        "[agents.claude]\n"
        'emit = "never"\n'
        "hooks = true\n"
        'manifest = "claude-v2"\n'
        'app = "claude-code"\n'
    ))
    cfg = load_config(p, env={})
    assert cfg.problems == []
    assert (cfg.emit, cfg.screen, cfg.hooks) == ("always", "pyte", False)
    assert cfg.fallbacks == C.Fallbacks(progress=False, title=True, notify=("done", "error"),
                                        notify_via="osc777", cooldown=2.5)
    assert cfg.classifier == C.ClassifierConfig(settle_ms=10, idle_hold_ms=900, guard_ms=20000)
    assert isinstance(cfg.classifier.idle_hold_ms, int)
    assert cfg.sources["emit"] == f"{p}:1"
    assert cfg.sources["screen"] == f"{p}:3"
    assert cfg.sources["fallbacks.cooldown"] == f"{p}:11"
    assert cfg.sources["classifier.guard_ms"] == f"{p}:15"
    assert cfg.sources["agents.cursor-agent.enabled"] == f"{p}:17"
    assert cfg.sources["agents.claude.app"] == f"{p}:22"
    assert cfg.agents["claude"] == C.AgentConfig(emit="never", hooks=True,
                                                  manifest="claude-v2", app="claude-code")
    assert cfg.disabled_agents() == ["cursor-agent"]


def test_dotted_and_inline_keys_are_found(tmp_path: Path) -> None:
    p = _write(tmp_path, 'fallbacks.title = true\nclassifier = { settle_ms = 5 }\n')
    cfg = load_config(p, env={})
    assert cfg.problems == []
    assert cfg.fallbacks.title is True and cfg.classifier.settle_ms == 5
    assert cfg.sources["fallbacks.title"] == f"{p}:1"
    assert cfg.sources["classifier.settle_ms"].startswith(str(p))


def test_a_retired_key_is_said_to_be_ignored(tmp_path: Path) -> None:
    p = _write(tmp_path, "[classifier]\nsettle_ms = 10\nsweep_ms = 250\n")
    cfg = load_config(p, env={})
    assert cfg.problems == [f"config: {p}:3: classifier.sweep_ms: no effect any more (a "
                            "screen that did not change is not read again); ignored"]
    assert cfg.classifier.settle_ms == 10 and "classifier.sweep_ms" not in cfg.sources
    assert not hasattr(cfg.classifier, "sweep_ms")


def test_the_guard_is_read_under_its_name_of_before_too(tmp_path: Path) -> None:
    old = load_config(_write(tmp_path, "[classifier]\nhook_ttl_ms = 900\n"), env={})
    assert old.classifier.guard_ms == 900 and old.problems == []
    both = load_config(_write(tmp_path, "[classifier]\nhook_ttl_ms = 900\nguard_ms = 800\n"),
                       env={})
    assert both.classifier.guard_ms == 800 and both.problems == []
    assert both.sources["classifier.guard_ms"].endswith(":3")


@pytest.mark.parametrize(("text", "key", "line"), [
    ('[fallbacks]\ncooldown = "x"\n',
     "fallbacks.cooldown", 'expected a number from 0 to 86400, got "x"; using 30'),
    ('emit = "loud"\n', "emit", 'expected auto, always or never, got "loud"; using "auto"'),
    ('screen = 3\n', "screen", 'expected auto, pyte or ghostty, got 3; using "auto"'),
    ('hooks = "yes"\n', "hooks", 'expected true or false, got "yes"; using true'),
    ('[fallbacks]\nnotify = ["blocked", "idle"]\n', "fallbacks.notify",
     'expected a list of "blocked", "done", "error" (or []), got ["blocked", "idle"]; '
     'using ["blocked"]'),
    ('[fallbacks]\nnotify = "blocked"\n', "fallbacks.notify",
     'expected a list of "blocked", "done", "error" (or []), got "blocked"; using ["blocked"]'),
    ('[fallbacks]\nnotify_via = "smoke"\n', "fallbacks.notify_via",
     'expected auto, osc9, osc777, osc99 or bel, got "smoke"; using "auto"'),
    ('[classifier]\nsettle_ms = -1\n', "classifier.settle_ms",
     "expected a number from 0 to 3.6e+06, got -1; using 40"),
    ('[classifier]\nidle_hold_ms = true\n', "classifier.idle_hold_ms",
     "expected a number from 0 to 3.6e+06, got true; using 700"),
    ('[classifier]\nguard_ms = inf\n', "classifier.guard_ms",
     "expected a number from 0 to 3.6e+06, got inf; using 1500"),
    ('[classifier]\nhook_ttl_ms = inf\n', "classifier.hook_ttl_ms",
     "expected a number from 0 to 3.6e+06, got inf; using 1500"),
    ('[agents.claude]\nemit = "sometimes"\n', "agents.claude.emit",
     'expected auto, always or never, got "sometimes"; using null'),
    ('[agents.claude]\napp = "claude code"\n', "agents.claude.app",
     'expected a name of 1 to 32 letters, digits or _.+-, got "claude code"; using null'),
])
def test_a_bad_value_is_one_line_and_the_default(tmp_path: Path, text: str, key: str,
                                                 line: str) -> None:
    p = _write(tmp_path, text)
    cfg = load_config(p, env={})
    n = text.splitlines().index(next(ln for ln in text.splitlines()
                                     if ln.startswith(key.rsplit(".", 1)[-1]))) + 1
    assert cfg.problems == [f"config: {p}:{n}: {key}: {line.replace('using null', 'using None')}"]
    defaults = C.Config().effective()
    eff = cfg.effective()
    for k, v in defaults.items():
        assert eff[k] == v, k
    assert all(src == "default" for k, src in cfg.sources.items() if not k.startswith("agents."))


def test_unknown_keys_are_reported_and_ignored(tmp_path: Path) -> None:
    p = _write(tmp_path, 'colour = "red"\n[fallbacks]\nsound = true\n[agents.aider]\nspeed = 3\n')
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 3
    assert cfg.problems[0].startswith(f"config: {p}:1: colour: unknown key (known here: emit, ")
    assert cfg.problems[1].startswith(f"config: {p}:3: fallbacks.sound: unknown key")
    assert cfg.problems[2].startswith(f"config: {p}:5: agents.aider.speed: unknown key")
    assert cfg.agents["aider"] == C.AgentConfig()


def test_nothing_in_the_config_names_a_program(tmp_path: Path) -> None:
    p = _write(tmp_path, (
        'command = "touch /tmp/owned"\n'
        '[fallbacks]\nnotify_command = ["notify-send", "x"]\n'
        '[agents.claude]\nexec = "/bin/sh"\nrun = "rm -rf ~"\n'
    ))
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 4
    for problem in cfg.problems:
        assert "wrap never runs a program named in its config" in problem
    flat = json.dumps(cfg.effective())
    for word in ("touch", "notify-send", "/bin/sh", "rm -rf"):
        assert word not in flat
    # The config classes have no field that could hold a command.
    for cls in (C.Config, C.Fallbacks, C.ClassifierConfig, C.AgentConfig):
        names = set(fields(cls))
        assert not names & {"command", "cmd", "exec", "run", "program", "shell"}


def test_toml_syntax_error_is_one_line(tmp_path: Path) -> None:
    p = _write(tmp_path, 'emit = "always"\nhooks = \n')
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 1
    assert cfg.problems[0].startswith(f"config: {p}: TOML syntax error: ")
    assert "line 2" in cfg.problems[0]
    assert cfg.problems[0].endswith("; using the defaults")
    assert "\n" not in cfg.problems[0]
    assert cfg.emit == "auto"


def test_non_utf8_and_directory_are_one_line(tmp_path: Path) -> None:
    p = _write(tmp_path, b'emit = "\xff\xfe"\n')
    cfg = load_config(p, env={})
    assert cfg.problems == [f"config: {p}: not UTF-8 text (byte 8); using the defaults"]
    d = tmp_path / "dir.toml"
    d.mkdir()
    cfg = load_config(d, env={})
    assert cfg.problems == [f"config: {d}: is a directory, not a file; using the defaults"]


def test_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    p = tmp_path / "config.toml"
    p.symlink_to(p)
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 1
    assert cfg.problems[0].startswith(f"config: {p}: cannot read it (")
    assert cfg.problems[0].endswith("); using the defaults")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file_is_one_line(tmp_path: Path) -> None:
    p = _write(tmp_path, 'emit = "never"\n')
    p.chmod(0)
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 1 and "cannot read it" in cfg.problems[0]


def test_garbage_never_raises(tmp_path: Path) -> None:
    rng = random.Random(7501)
    pieces = ['[', ']', '"', "'", '=', 'emit', 'agents', '.', 'fallbacks', '\n', '{', '}',
              '[[x]]', '1e9', '-', 'true', ' ', '"""', '#', '\x00', 'é', '[agents.a]']
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        p = _write(tmp_path, text.encode("utf-8", "surrogatepass"))
        cfg = load_config(p, env={})
        for line in cfg.problems:
            assert "\n" not in line and line.startswith("config: ")


def test_environment_overrides_the_file(tmp_path: Path) -> None:
    p = _write(tmp_path, 'emit = "never"\nscreen = "pyte"\nhooks = true\n')
    env = {"OSC7501WRAP_EMIT": "always", "OSC7501WRAP_SCREEN": "ghostty",
           "OSC7501WRAP_HOOKS": "0"}
    cfg = load_config(p, env=env)
    assert cfg.problems == []
    assert (cfg.emit, cfg.screen, cfg.hooks) == ("always", "ghostty", False)
    assert cfg.sources["emit"] == "env OSC7501WRAP_EMIT"
    assert cfg.sources["screen"] == "env OSC7501WRAP_SCREEN"
    assert cfg.sources["hooks"] == "env OSC7501WRAP_HOOKS"
    assert load_config(p, env={"OSC7501WRAP_HOOKS": "1"}).hooks is True


def test_bad_environment_values_are_one_line(tmp_path: Path) -> None:
    p = _write(tmp_path, 'emit = "never"\n')
    cfg = load_config(p, env={"OSC7501WRAP_EMIT": "loud", "OSC7501WRAP_HOOKS": "maybe",
                              "OSC7501WRAP_SCREEN": ""})
    assert cfg.problems == [
        'config: env OSC7501WRAP_EMIT: expected auto, always or never, got "loud"; '
        'using "never"',
        'config: env OSC7501WRAP_HOOKS: expected 0 or 1, got "maybe"; using true',
    ]
    assert cfg.emit == "never" and cfg.sources["emit"] == f"{p}:1"


def test_for_agent_applies_overrides_but_env_wins(tmp_path: Path) -> None:
    p = _write(tmp_path, (
        'emit = "auto"\nhooks = true\n'
        '[agents.claude]\nemit = "never"\nhooks = false\napp = "cc"\nmanifest = "claude"\n'
        '[agents.codex]\nenabled = false\n'
    ))
    cfg = load_config(p, env={})
    claude = cfg.for_agent("claude")
    assert (claude.agent, claude.emit, claude.hooks, claude.app, claude.manifest) == (
        "claude", "never", False, "cc", "claude")
    assert claude.sources["emit"] == f"{p}:4"
    assert claude.enabled is True
    assert cfg.emit == "auto"  # the original is unchanged (frozen)
    assert cfg.for_agent("codex").enabled is False
    other = cfg.for_agent("gemini")
    assert (other.emit, other.hooks, other.app, other.agent) == ("auto", True, None, "gemini")
    env_cfg = load_config(p, env={"OSC7501WRAP_EMIT": "always"}).for_agent("claude")
    assert env_cfg.emit == "always" and env_cfg.sources["emit"] == "env OSC7501WRAP_EMIT"
    assert env_cfg.hooks is False


def test_bad_agent_tables(tmp_path: Path) -> None:
    p = _write(tmp_path, '[agents."two words"]\nemit = "never"\n[agents]\nclaude = 3\n')
    cfg = load_config(p, env={})
    assert len(cfg.problems) == 2
    assert 'agents.two words: an agent name is 1 to 32 letters' in cfg.problems[0]
    assert "agents.claude: expected a table, got 3" in cfg.problems[1]
    assert cfg.agents == {}


def test_config_object_is_frozen() -> None:
    cfg = C.Config()
    with pytest.raises(AttributeError):
        cfg.emit = "never"  # type: ignore[misc]


def test_config_values_compare_hash_and_replace_like_frozen_dataclasses(tmp_path: Path) -> None:
    fb = C.Fallbacks(title=True)
    assert fb == C.Fallbacks(True, True, ("blocked",), "auto", 30.0)
    assert fb != C.Fallbacks() and fb != C.ClassifierConfig()
    assert hash(fb) == hash(C.Fallbacks(title=True))
    assert repr(C.ClassifierConfig()) == ("ClassifierConfig(settle_ms=40, idle_hold_ms=700, "
                                          "guard_ms=1500)")
    assert fb.replace(cooldown=5.0) == C.Fallbacks(title=True, cooldown=5.0)
    assert fb.cooldown == 30.0  # replace() made a copy
    with pytest.raises(TypeError):
        fb.replace(command="x")
    with pytest.raises(AttributeError):
        del fb.title
    # `path` is kept as a string (no pathlib before the child starts), whichever form was given
    p = tmp_path / "config.toml"
    assert C.Config(path=p).path == str(p) and C.Config(path=str(p)) == C.Config(path=p)
    assert C.Config().path is None
    assert C.Config(path=p).replace(emit="never").path == str(p)
    assert fields(C.Config)[-3:] == ("path", "sources", "problems")


def test_example_is_valid_and_shows_the_defaults(tmp_path: Path) -> None:
    cfg = load_config(_write(tmp_path, C.EXAMPLE), env={})
    assert cfg.problems == []
    defaults = C.Config().effective()
    eff = cfg.effective()
    for key, value in defaults.items():
        assert eff[key] == value, key
    data = tomllib.loads(C.EXAMPLE)
    documented = {k for k in C.KEYS if not k.startswith("agents.")}
    tables = ("fallbacks", "classifier", "ledger", "redact", "fleet")
    present = {f"{t}.{k}" for t in tables for k in data[t]}
    present |= {k for k in data if k not in (*tables, "agents")}
    assert present == documented


def test_fleet_hosts_and_timeout(tmp_path: Path) -> None:
    p = _write(tmp_path, '[fleet]\nhosts = ["build", "me@gpu1", "build"]\ntimeout = 4\n')
    cfg = load_config(p, env={})
    assert cfg.problems == []
    assert cfg.fleet == C.FleetConfig(hosts=("build", "me@gpu1"), timeout=4.0)
    assert cfg.sources["fleet.hosts"].endswith("config.toml:2")
    assert cfg.effective()["fleet.hosts"] == ["build", "me@gpu1"]
    assert load_config(tmp_path / "none.toml", env={}).fleet == C.FleetConfig((), 10.0)


@pytest.mark.parametrize("text, problem", [
    ('hosts = ["-oProxyCommand=touch PWNED"]', "fleet.hosts: expected a list"),
    ('hosts = ["a b"]', "fleet.hosts: expected a list"),
    ('hosts = ["host:22"]', "fleet.hosts: expected a list"),
    ('hosts = "build"', "fleet.hosts: expected a list"),
    ("hosts = [" + ", ".join(f'"h{i}"' for i in range(40)) + "]", "at most 32"),
    ("timeout = 0", "fleet.timeout: expected a number of seconds from 2 to 300"),
    ("timeout = true", "fleet.timeout: expected"),
    ('ssh = "ssh -p 2222"', "fleet.ssh: wrap never runs a program named in its config"),
    ('program = "x"', "fleet.program: wrap never runs a program named in its config"),
    ('remote_program = "x"', "wrap never runs a program"),
])
def test_fleet_bad_values_keep_the_defaults(tmp_path: Path, text: str, problem: str) -> None:
    cfg = load_config(_write(tmp_path, f"[fleet]\n{text}\n"), env={})
    assert len(cfg.problems) == 1 and problem in cfg.problems[0], cfg.problems
    assert cfg.fleet == C.FleetConfig()


@pytest.mark.parametrize("text", [
    "", "plain", 'say "hi" \\ there', "#(rm -rf ~) #{pane_id} %H $(id) `id`",
    "tab\tnew\nline\rret\x00nul\x1b[31mesc\x7fdel\x9bcsi",
    "bidi \u202eevil\u202c \u2066iso\u2069 zw\u200bj \ufeff", "caf\u00e9 \u4e2d \U0001f600 \U0010ffff",
    "x" * 10_000 + "\U0001f600",
])
def test_toml_string_reads_back_and_is_printable_ascii(text: str) -> None:
    """A value in a problem line or in `osc7501wrap config` is a TOML string that reads
    back as the value (also past the BMP, where a JSON escape would be two surrogates that
    TOML refuses), with no raw control, DEL or invisible character."""
    shown = C.toml_repr(text)
    assert all(0x20 <= ord(c) < 0x7F for c in shown)
    assert tomllib.loads(f"v = {shown}")["v"] == text


def test_toml_string_escapes_a_lone_surrogate() -> None:
    """An environment value with undecodable bytes has lone surrogates: they are shown
    escaped, never written raw (TOML has no reading for them)."""
    assert C.toml_repr("a\udcffb") == '"a\\udcffb"'
    assert C.toml_repr("\x7f") == '"\\u007f"'
