"""man/wrap.1: renders cleanly, documents exactly the real options, keys and variables, ships in the wheel."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pexpect
import pytest

from osc7501wrap import config as C
from osc7501wrap.start.cli import RUN_USAGE

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "man" / "wrap.1"
CLI = [sys.executable, "-m", "osc7501wrap.start.cli"]


# ----------------------------------------------------------------------------- roff parsing

def _clean(text: str) -> str:
    """Roff markup off: font escapes, \\- dashes, quotes of macro arguments."""
    text = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", text)
    text = text.replace("\\-", "-").replace("\\(dq", '"').replace("\\(aq", "'")
    text = text.replace("\\e", "\\").replace("\\&", "")
    if text.startswith("."):
        text = text.split(None, 1)[1] if " " in text else ""
    return text.replace('"', " ")


def _sections(page: str) -> dict[str, list[str]]:
    """Lines of each .SH section, keyed by its title."""
    out: dict[str, list[str]] = {}
    current = ""
    for line in page.splitlines():
        if line.startswith(".SH "):
            current = line[4:].strip().strip('"')
            out[current] = []
        elif current:
            out[current].append(line)
    return out


def _subsections(lines: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"": []}
    current = ""
    for line in lines:
        if line.startswith(".SS "):
            current = " ".join(_clean(line[4:]).split())
            out[current] = []
        else:
            out[current].append(line)
    return out


def _tags(lines: list[str]) -> list[str]:
    """The tag line of every .TP paragraph, cleaned."""
    return [_clean(lines[i + 1]) for i, ln in enumerate(lines)
            if ln.strip() == ".TP" and i + 1 < len(lines)]


_OPT = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def _options_in_tags(lines: list[str]) -> set[str]:
    return {m for tag in _tags(lines) for m in _OPT.findall(tag)}


def _options_in_help(text: str) -> set[str]:
    opts: set[str] = set()
    for line in text.splitlines():
        m = re.match(r"^ {2}(-\S.*?)(?: {2,}|$)", line)
        if m:
            opts.update(_OPT.findall(m.group(1)))
    return opts


def _help(*args: str) -> str:
    out = subprocess.run([*CLI, *args, "--help"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _commands_in_help() -> list[str]:
    names = []
    for line in _help().splitlines():
        m = re.match(r"^ {4}([a-z][a-z-]*)(?:\s+(.*))?$", line)
        if m and "SUPPRESS" not in (m.group(2) or "") and m.group(1) != "hook":
            names.append(m.group(1))
    return names


@pytest.fixture(scope="module")
def page() -> str:
    return PAGE.read_text()


# ----------------------------------------------------------------------------- rendering

@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_renders_without_warnings() -> None:
    env = {**os.environ, "MANWIDTH": "80", "LANG": "C.UTF-8"}
    out = subprocess.run(["man", "--warnings", "-l", str(PAGE)], capture_output=True,
                         text=True, env=env, timeout=60)
    assert out.returncode == 0
    assert "warning" not in (out.stdout + out.stderr).lower(), out.stderr
    assert "wrap, osc7501wrap - run a program" in " ".join(out.stdout.split())
    for title in ("SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "STATES", "CONFIGURATION",
                  "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"):
        assert re.search(rf"^{title}$", out.stdout, re.M), title


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_is_silent_with_all_warnings() -> None:
    out = subprocess.run(["groff", "-ww", "-z", "-man", str(PAGE)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == ""


# ----------------------------------------------------------------------------- content

def test_options_section_matches_wrap_help(page: str) -> None:
    documented = _options_in_tags(_sections(page)["OPTIONS"])
    real = _options_in_help(RUN_USAGE) | _options_in_help(_help())
    wrap_help = subprocess.run(
        [sys.executable, "-c", "import sys; from osc7501wrap.start.cli import wrap_main; "
                               "sys.exit(wrap_main(['--help']))"],
        capture_output=True, text=True, timeout=30)
    assert wrap_help.stdout == RUN_USAGE
    run_help = _help("run")
    assert run_help == RUN_USAGE
    assert real == {"--agent", "--emit", "--id", "--log", "--no-hooks", "--version", "-h",
                    "--help"}
    assert documented == real


def test_every_command_is_documented_with_exactly_its_options(page: str) -> None:
    subs = _subsections(_sections(page)["COMMANDS"])
    by_name = {title.split()[1]: lines for title, lines in subs.items() if title}
    commands = _commands_in_help()
    assert set(commands) == {"run", "emit", "explain", "record", "draft-manifest", "replay", "shell-init",
                             "config", "doctor", "ls", "send", "answer", "man", "jump", "watch", "tmux-menu",
                             "events", "feed", "stats", "tmux-init", "dialog"}
    assert set(by_name) == set(commands)
    for name in commands:
        if name == "run":
            continue  # documented under OPTIONS
        real = _options_in_help(_help(name)) - {"-h", "--help"}
        assert _options_in_tags(by_name[name]) == real, name


def test_every_config_key_is_documented(page: str) -> None:
    subs = _subsections(_sections(page)["CONFIGURATION"])
    prefixes = {"Top level": "", "[fallbacks]": "fallbacks.", "[classifier]": "classifier.",
                "[ledger]": "ledger.", "[redact]": "redact.", "[fleet]": "fleet.",
                "[agents.NAME]": "agents.NAME."}
    documented = set()
    for title, prefix in prefixes.items():
        for tag in _tags(subs[title]):
            documented.add(prefix + tag.split()[0])
    assert documented == set(C.KEYS)


def test_config_example_in_page_is_valid(page: str, tmp_path: Path) -> None:
    lines = _subsections(_sections(page)["CONFIGURATION"])["Example"]
    body = lines[lines.index(".EX") + 1:lines.index(".EE")]
    text = "\n".join(_clean(ln) if ln.startswith(".") else ln.replace("\\-", "-")
                     for ln in body) + "\n"
    p = tmp_path / "config.toml"
    p.write_text(text)
    cfg = C.load_config(p, env={})
    assert cfg.problems == []
    assert cfg.fallbacks.notify == ("blocked", "error")


def test_environment_lists_every_variable_the_code_reads(page: str) -> None:
    documented = {w for tag in _tags(_sections(page)["ENVIRONMENT"])
                  for w in re.findall(r"[A-Z][A-Z0-9_]{2,}", tag)}
    used: set[str] = set()
    for path in [*(ROOT / "osc7501wrap").rglob("*.py"), *(ROOT / "shell-integration").iterdir()]:
        used |= set(re.findall(r"OSC7501WRAP_[A-Z0-9_]+", path.read_text()))
    required = {f"OSC7501WRAP_{v}" for v in (
        "CONFIG_DIR", "STATE_DIR", "RUNTIME_DIR", "EMIT", "SCREEN", "HOOKS", "SKIP", "NO_133",
        "SESSION", "DEBUG", "TMUX_DEPTH")} | {"TMUX", "TERM"}
    assert required <= documented
    assert used <= documented, f"undocumented: {sorted(used - documented)}"
    stale = {v for v in documented if v.startswith("OSC7501WRAP_")} - used
    assert not stale, f"documented but never read: {sorted(stale)}"


def test_exit_statuses_and_files(page: str) -> None:
    tags = {"".join(t.split()) for t in _tags(_sections(page)["EXIT STATUS"])}
    assert tags == {"128+N", "127", "126", "2", "70"}
    files = " ".join(_clean(ln) for ln in _sections(page)["FILES"])
    for word in ("config.toml", "rules/*.toml", "OSC7501WRAP_CONFIG_DIR", "XDG_CONFIG_HOME",
                 "OSC7501WRAP_STATE_DIR", "XDG_STATE_HOME", "OSC7501WRAP_RUNTIME_DIR",
                 "XDG_RUNTIME_DIR", "0700"):
        assert word in files, word


# ----------------------------------------------------------------------------- osc7501wrap man

def test_man_command_prints_the_source_into_a_pipe() -> None:
    out = subprocess.run([*CLI, "man"], capture_output=True, timeout=30)
    assert out.returncode == 0 and out.stderr == b""
    assert out.stdout == PAGE.read_bytes()


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_command_renders_on_a_terminal() -> None:
    env = {**os.environ, "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80",
           "LANG": "C.UTF-8", "TERM": "xterm"}
    child = pexpect.spawn(CLI[0], [*CLI[1:], "man"], env=env, dimensions=(40, 80))
    log = io.BytesIO()
    child.logfile_read = log
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    text = re.sub(r"\x1b\[[0-9;]*m|.\x08", "", log.getvalue().decode())
    assert child.exitstatus == 0
    assert "run a program in a transparent pseudo-terminal" in " ".join(text.split())
    assert ".TH WRAP" not in text and ".SH" not in text


# ----------------------------------------------------------------------------- the wheel

@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel once: about a second with hatchling in this environment; without
    it pip builds in isolation and fetches hatchling from the package index first."""
    import importlib.util

    out_dir = tmp_path_factory.mktemp("wheel")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                          *isolation, "-q", "--disable-pip-version-check", "-w", str(out_dir)],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    wheels = list(out_dir.glob("osc7501wrap-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_wheel_ships_man_page_rules_and_shell_files(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        shared = [n for n in names if re.fullmatch(
            r"osc7501wrap-[^/]+\.data/data/share/man/man1/wrap\.1", n)]
        assert len(shared) == 1
        assert zf.read(shared[0]) == PAGE.read_bytes()
        assert zf.read("osc7501wrap/man/wrap.1") == PAGE.read_bytes()
        assert [n for n in names if re.fullmatch(r"osc7501wrap/manifests/[^/]+\.toml", n)]
        for shell in ("bash", "zsh", "fish"):
            assert (zf.read(f"osc7501wrap/shell-integration/wrap.{shell}")
                    == (ROOT / "shell-integration" / f"wrap.{shell}").read_bytes())


def test_installed_package_reads_its_own_resources(wheel: Path, tmp_path: Path) -> None:
    """From an unpacked wheel (no source tree beside it), man and shell-init still work."""
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(site), "HOME": str(tmp_path),
           "OSC7501WRAP_CONFIG_DIR": str(tmp_path / "cfg")}
    code = ("import osc7501wrap, sys; sys.stdout.write(osc7501wrap.__file__)")
    where = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, cwd=tmp_path, timeout=30)
    assert where.stdout.startswith(str(site))
    for args, expect in ((["man"], PAGE.read_text()[:40]),
                         (["shell-init", "zsh"], "# osc7501wrap ")):
        out = subprocess.run([sys.executable, "-m", "osc7501wrap", *args], capture_output=True,
                             text=True, env=env, cwd=tmp_path, timeout=30)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(expect)


def test_installed_package_loads_its_built_in_manifests(wheel: Path, tmp_path: Path) -> None:
    """The wheel's manifests (osc7501wrap/manifests) are found without a source tree, and
    the rules package of the same name beside them does not shadow them."""
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(site), "HOME": str(tmp_path),
           "OSC7501WRAP_CONFIG_DIR": str(tmp_path / "cfg")}
    code = ("from osc7501wrap import rules; c = rules.load_manifests(None); "
            "print(str(rules.builtin_rules_dir()), len(c.manifests), c.errors)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=30)
    assert out.returncode == 0, out.stderr
    where, count, errors = out.stdout.split(" ", 2)
    assert where.startswith(str(site)) and where.endswith("manifests"), out.stdout
    assert int(count) >= 8 and errors.strip() == "[]", out.stdout
