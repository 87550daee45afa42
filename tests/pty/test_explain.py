"""`osc7501wrap explain` through the real command line: screen files, stdin, captures,
`--json`, broken user manifests, bad input."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from osc7501wrap import rules

RULE = "─" * 80
DIALOG = [
    "❯ clean the build",
    "",
    "● Bash(rm -rf build)",
    "",
    RULE,
    " Bash command",
    "",
    "   rm -rf build",
    "",
    " Do you want to proceed?",
    " ❯ 1. Yes",
    "   2. Yes, and always allow access to build/ from this project",
    "   3. No",
    "",
    " Esc to cancel · Tab to amend",
]


def run(*args: str, stdin: bytes = b"", config: Path) -> subprocess.CompletedProcess[str]:
    """`osc7501wrap explain ARGS` as a user runs it, with its own config directory."""
    env = dict(os.environ, OSC7501WRAP_CONFIG_DIR=str(config), PYTHONIOENCODING="utf-8",
               OSC7501WRAP_STATE_DIR=str(config / "state"),
               OSC7501WRAP_RUNTIME_DIR=str(config / "run"))
    exe = Path(sys.executable).with_name("osc7501wrap")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "osc7501wrap"]
    p = subprocess.run([*cmd, "explain", *args], input=stdin, capture_output=True, env=env,
                       timeout=60, check=False)
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode("utf-8"),
                                       p.stderr.decode("utf-8"))


@pytest.fixture
def config(tmp_path: Path) -> Path:
    d = tmp_path / "config"
    d.mkdir()
    return d


def test_screen_file_lists_every_rule_and_the_winner(tmp_path: Path, config: Path) -> None:
    screen = tmp_path / "dialog.txt"
    screen.write_text("\n".join(DIALOG) + "\n", encoding="utf-8")
    p = run(str(screen), "--agent", "claude", config=config)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    claude = rules.load_manifests(user_dir=None).get("claude")
    assert claude is not None
    for rule in claude.rules:
        assert f"] {rule.id} " in out, rule.id
    assert out.count("[WINNER]") == 1
    assert "[WINNER] permission_dialog" in out
    assert "[    no] composer" in out
    assert f"manifest: claude {claude.version}" in out
    assert "verdict: blocked (permission) by rule permission_dialog" in out
    assert "message: Bash: rm -rf build" in out
    assert "+ line_regex" in out and "- contains 'esc to exit'" in out
    assert p.stderr == ""


def test_sidecar_title_and_no_match(tmp_path: Path, config: Path) -> None:
    screen = tmp_path / "blank.txt"
    screen.write_text("just some text\n", encoding="utf-8")
    p = run(str(screen), "--agent", "claude", config=config)
    assert p.returncode == 0
    assert "verdict: no rule matched" in p.stdout and "[WINNER]" not in p.stdout
    screen.with_suffix(".title").write_text("⠂ Claude Code\n", encoding="utf-8")
    p = run(str(screen), "--agent", "claude", config=config)
    assert "title '⠂ Claude Code'" in p.stdout
    assert "verdict: working by rule title_spinner" in p.stdout


def test_stdin_defaults_to_generic_and_json(config: Path) -> None:
    p = run("--json", stdin=b"Reading lists...\nDo you want to continue? [Y/n] \n", config=config)
    assert p.returncode == 0, p.stderr
    rep = json.loads(p.stdout)
    assert rep["input"] == "stdin"
    assert rep["manifest"]["name"] == "generic"
    dialog = rep["verdict"].pop("dialog")
    assert [(o["number"], o["label"], o["key"]) for o in dialog["options"]] == [
        (1, "yes", "y"), (2, "no", "n")]
    # what it asks about, the paragraph above it, follows the question; from the top of a
    # full screen (a dump: it may have scrolled) it is partial
    assert dialog["question"] == "Do you want to continue? [Y/n] Reading lists..."
    assert dialog["subject"] == ["Reading lists..."] and dialog["partial"] is True
    assert dialog["choose"] == "key_enter" and len(dialog["id"]) == 10
    assert rep["verdict"] == {"state": "blocked", "kind": "question", "rule": "yes_no_question",
                              "manifest": "generic",
                              "manifest_version": rep["manifest"]["version"],
                              "msg": "Do you want to continue? [Y/n]", "visible": True}
    ids = [r["id"] for r in rep["rules"]]
    assert ids == [r.id for r in rules.load_manifests(user_dir=None)
                   .get("generic").ordered]  # type: ignore[union-attr]
    winner = [r for r in rep["rules"] if r["winner"]]
    assert len(winner) == 1 and winner[0]["region"] == "input:1"
    assert all({"depth", "what", "matched"} <= set(part) for r in rep["rules"]
               for part in r["parts"])


def test_control_characters_are_escaped(tmp_path: Path, config: Path) -> None:
    screen = tmp_path / "evil.txt"
    screen.write_bytes(b"\x1b]0;pwned\x07 Password: \n")
    p = run(str(screen), config=config)
    assert p.returncode == 0
    assert "\x1b" not in p.stdout and "\x07" not in p.stdout
    assert "| \\x1b]0;pwned\\x07 Password:" in p.stdout  # the region text
    assert "message: \\x1b]0;pwned\\x07 Password:" in p.stdout


def test_json_prints_no_raw_bidi_or_c1_and_keeps_the_text(tmp_path: Path,
                                                           config: Path) -> None:
    screen = tmp_path / "bidi.txt"
    screen.write_text("\u202eevil\u2066 \x9b31m \u200b do it\u2069? [y/N] ", encoding="utf-8")
    p = run(str(screen), "--json", config=config)
    assert p.returncode == 0, p.stderr
    raw = [c for c in p.stdout if 0x7f <= ord(c) < 0xa0 or c in "\u202e\u2066\u2069\u200b"]
    assert not raw, raw
    rep = json.loads(p.stdout)
    assert "\u202eevil\u2066" in json.dumps(rep, ensure_ascii=False)  # the same value


def write_capture(path: Path, chunks: list[bytes], *, agent: str | None = "claude",
                  cols: int = 80, rows: int = 24, resize: str | None = None,
                  argv: list[str] | None = None) -> None:
    head = {"format": "osc7501wrap-capture", "version": 1, "cols": cols, "rows": rows,
            "argv": ["claude"] if argv is None else argv, "term": "xterm-256color"}
    if agent:
        head["agent"] = agent
    lines = [json.dumps(head)]
    t = 0.0
    for c in chunks:
        t += 0.01
        lines.append(json.dumps([t, "o", base64.b64encode(c).decode()]))
    if resize:
        lines.append(json.dumps([t + 0.01, "r", resize]))
    lines.append(json.dumps([t + 0.02, "m", "blocked:permission"]))
    lines.append(json.dumps([t + 0.03, "x", 0]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _dialog_bytes() -> list[bytes]:
    body = "\r\n".join(DIALOG).encode()
    return [b"\x1b]0;\xe2\x9c\xb3 Claude Code\x07", b"\x1b[?1049h\x1b[2J\x1b[H",
            body[:37], body[37:], b"\x1b]9;4;3\x07"]


def test_capture_renders_the_final_screen(tmp_path: Path, config: Path) -> None:
    cap = tmp_path / "s.jsonl"
    write_capture(cap, _dialog_bytes())
    p = run(str(cap), config=config)  # the agent comes from the capture header
    assert p.returncode == 0, p.stderr
    assert "final screen of the capture" in p.stdout
    assert "manifest: claude " in p.stdout
    assert "title '✳ Claude Code'" in p.stdout and "progress '3'" in p.stdout
    assert "alternate screen" in p.stdout
    assert "verdict: blocked (permission) by rule permission_dialog" in p.stdout
    p = run(str(cap), "--json", config=config)
    rep = json.loads(p.stdout)
    assert rep["capture"]["cols"] == 80 and rep["capture"]["agent"] == "claude"
    assert rep["verdict"]["state"] == "blocked" and rep["verdict"]["msg"] == "Bash: rm -rf build"
    assert rep["snapshot"]["title"] == "✳ Claude Code"


def test_capture_agent_override_and_resize(tmp_path: Path, config: Path) -> None:
    cap = tmp_path / "s.jsonl"
    write_capture(cap, _dialog_bytes(), agent=None, resize="100x30")
    p = run(str(cap), "--json", config=config)  # no agent in the header: its program's
    rep = json.loads(p.stdout)
    assert rep["manifest"]["name"] == "claude"
    assert rep["manifest"]["chosen"] == "from the capture's program 'claude'"
    assert "agent:    claude, from the capture's program 'claude'" in run(str(cap),
                                                                       config=config).stdout
    write_capture(cap, _dialog_bytes(), agent=None, resize="100x30", argv=[])
    assert json.loads(run(str(cap), "--json", config=config).stdout)["manifest"]["name"] \
        == "generic"
    p = run(str(cap), "--json", "--agent", "claude", config=config)
    rep = json.loads(p.stdout)
    assert rep["manifest"]["name"] == "claude" and rep["verdict"]["state"] == "blocked"
    assert rep["snapshot"]["lines"] <= 30


def test_broken_user_manifest_is_one_line_on_stderr(tmp_path: Path, config: Path) -> None:
    (config / "rules").mkdir()
    (config / "rules" / "claude.toml").write_text("[manifest]\nname = 'claude'\n[[rule]\n",
                                                  encoding="utf-8")
    screen = tmp_path / "dialog.txt"
    screen.write_text("\n".join(DIALOG) + "\n", encoding="utf-8")
    p = run(str(screen), "--agent", "claude", config=config)
    assert p.returncode == 0
    err = p.stderr.strip().split("\n")
    assert len(err) == 1 and err[0].startswith("rules: ") and "TOML syntax error" in err[0]
    assert "Traceback" not in p.stderr
    assert "[WINNER] permission_dialog" in p.stdout  # the built-in still works


def test_user_manifest_is_used_by_name(tmp_path: Path, config: Path) -> None:
    (config / "rules").mkdir()
    (config / "rules" / "mine.toml").write_text(
        "[manifest]\nname = 'mytool'\nversion = '7'\n"
        "[[rule]]\nid = 'ask'\nstate = 'blocked'\nkind = 'question'\nregion = 'bottom:1'\n"
        "contains = 'sure?'\n", encoding="utf-8")
    p = run("--agent", "mytool", stdin=b"Are you sure?\n", config=config)
    assert p.returncode == 0, p.stderr
    assert "manifest: mytool 7" in p.stdout and "[WINNER] ask" in p.stdout


@pytest.mark.parametrize(("args", "status", "text"), [
    (["--agent", "nosuch"], 2, "unknown agent 'nosuch' (known: "),
    (["/nonexistent/screen.txt"], 1, "no such file"),
    (["--session", "999999"], 1, "no live session '999999'"),
    (["x.txt", "--session", "1"], 2, "either FILE or --session"),
])
def test_errors_are_one_line(args: list[str], status: int, text: str, config: Path) -> None:
    p = run(*args, stdin=b"x\n", config=config)
    assert p.returncode == status
    assert text in p.stderr and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_broken_capture_is_one_line(tmp_path: Path, config: Path) -> None:
    cap = tmp_path / "bad.jsonl"
    cap.write_text('{"format": "osc7501wrap-capture", "version": 1}\nnot json\n',
                   encoding="utf-8")
    p = run(str(cap), config=config)
    assert p.returncode != 0 and "line 2" in p.stderr and p.stderr.count("\n") == 1


def test_without_a_file_on_a_terminal_it_says_it_reads_stdin(config: Path) -> None:
    from term import Terminal, base_env

    env = base_env(OSC7501WRAP_CONFIG_DIR=str(config), OSC7501WRAP_RUNTIME_DIR=str(config / "run"),
                   OSC7501WRAP_STATE_DIR=str(config / "state"))
    with Terminal([sys.executable, "-m", "osc7501wrap", "explain"], env=env) as t:
        t.expect(b"reading a screen from standard input")
        t.type(b"Do you want to continue? [Y/n] \n\x04")
        t.expect(b"verdict: blocked (question) by rule yes_no_question")
        assert t.wait() == 0
    p = run(stdin=b"Password: \n", config=config)  # not a terminal: no word about it
    assert p.returncode == 0 and p.stderr == ""


def test_explain_shows_the_dialog_options(config: Path) -> None:
    screens = Path(__file__).resolve().parent.parent / "screens"
    p = run(str(screens / "codex-0.169.0/blocked-permission--exec.txt"), "--agent", "codex",
            config=config)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "(3 options, chosen by key)" in out
    assert "  > 1. Yes, proceed (key y)" in out
    assert "    3. No, and tell Codex what to do differently (key esc)" in out
    p = run(str(screens / "copilot-1.0.102/blocked-question--ask-user-text.txt"),
            "--agent", "copilot", config=config)
    assert "(0 options)" in p.stdout and "`answer` refuses" in p.stdout
