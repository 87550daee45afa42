"""The README's first command, run as a newcomer would: on a stock machine.

"Stock" is what Debian 12/13, Ubuntu 24.04 and Homebrew give: a system Python that is
externally managed (PEP 668: `pip install` into it is refused), no pipx, a fresh HOME with
no dotfiles. The block is read from README.md (the first fenced block, in "Install and
run") and run as written, in a pty, in a fresh `git clone` of this repository (so only
committed files count), with /usr/bin/python3 and a stand-in `claude` on PATH. It must exit
0, with the stand-in run through wrap; then `wrap --version` must work in a new login shell
once the line the installer prints is added; without the stand-in, the block must end
with wrap's one line on how to get Claude Code; a second run must upgrade in place, and
the uninstall line must remove it all. pip reaches the package registries (the build backend
and the dependencies), through this machine's pip cache to keep it fast.

The installer's one-line refusals (Python too old, no ensurepip) run against stand-in
interpreters; they stop before anything is written.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import require
from term import Terminal

from osc7501wrap import __version__

pytestmark = pytest.mark.install

SYSTEM_PYTHON = "/usr/bin/python3"
SYSTEM_PATH = "/usr/bin:/bin"
HERE = Path(__file__).resolve().parent

STANDIN = """#!/bin/sh
# Stand-in for Claude Code: records what wrap handed it, then exits 0.
{
  printf 'session=%s\\n' "${OSC7501WRAP_SESSION-}"
  [ -t 0 ] && [ -t 2 ] && echo tty=yes
  for a in "$@"; do printf 'arg=%s\\n' "$a"; done
} > "$STANDIN_LOG"
echo "stand-in claude ran"
"""


def need(ok: bool, msg: str) -> None:
    """A missing prerequisite fails under scripts/test or CI, skips elsewhere (a laptop
    without it): tests/require.py decides."""
    if not ok:
        require.absent("a prerequisite of the install test", msg)


def repo_root() -> Path:
    done = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--show-toplevel"],
                          capture_output=True, text=True, check=False)
    need(done.returncode == 0, f"not a git checkout: {done.stderr.strip()}")
    return Path(done.stdout.strip())


def readme_first_block(readme: str) -> str:
    """The first fenced block of the README; it must be the "Install and run" one."""
    m = re.search(r"^```[a-z]*\n(.*?)^```", readme, re.S | re.M)
    assert m, "README.md has no fenced block"
    section = readme.find("\n## Install and run\n")
    assert 0 <= section < m.start(), "the README's first block is not under 'Install and run'"
    assert "\n## " not in readme[section + 1:m.start()], "first block is past that section"
    return m.group(1)


def clean_env(home: Path, path: str, **extra: str) -> dict[str, str]:
    """A newcomer's environment: HOME, PATH, a terminal, a locale, and this machine's
    pip configuration (its index and cache; never an active venv or PYTHONPATH)."""
    env = {"HOME": str(home), "PATH": path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "USER": os.environ.get("USER", "user")}
    env.update({k: v for k, v in os.environ.items() if k.startswith("PIP_")})
    cache = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"],
                           capture_output=True, text=True, check=False).stdout.strip()
    if cache:
        env["PIP_CACHE_DIR"] = cache
    env.update(extra)
    return env


def login_shell(cmd: str, home: Path) -> subprocess.CompletedProcess[str]:
    """`bash -lc CMD` as a new terminal would start it: only HOME and the system PATH."""
    return subprocess.run(["bash", "-lc", cmd], env=clean_env(home, SYSTEM_PATH),
                          capture_output=True, text=True, timeout=30, check=False)


def test_readme_first_command_installs_and_runs_wrap_on_a_stock_machine(
        tmp_path: Path) -> None:
    repo = repo_root()
    need(shutil.which("git") is not None, "git is not installed")
    need(os.access(SYSTEM_PYTHON, os.X_OK), f"no {SYSTEM_PYTHON}")
    stdlib = subprocess.run([SYSTEM_PYTHON, "-c", "import sysconfig; "
                             "print(sysconfig.get_path('stdlib'))"],
                            capture_output=True, text=True, check=True).stdout.strip()
    need(Path(stdlib, "EXTERNALLY-MANAGED").is_file(),
         f"{SYSTEM_PYTHON} is not externally managed (no {stdlib}/EXTERNALLY-MANAGED)")

    clone = tmp_path / "osc7501wrap"
    subprocess.run(["git", "clone", "--quiet", str(repo), str(clone)], check=True,
                   timeout=60)
    block = readme_first_block((clone / "README.md").read_text(encoding="utf-8"))

    home = tmp_path / "home"
    home.mkdir()
    standin_bin = tmp_path / "standin"
    standin_bin.mkdir()
    (standin_bin / "claude").write_text(STANDIN)
    (standin_bin / "claude").chmod(0o755)
    path = f"{standin_bin}:{SYSTEM_PATH}"
    assert shutil.which("python3", path=path) == SYSTEM_PYTHON
    for tool in ("pipx", "uv", "wrap", "osc7501wrap"):
        assert shutil.which(tool, path=path) is None, f"{tool} is on {path}"
    assert login_shell("command -v wrap", home).returncode != 0  # not there before
    log = tmp_path / "standin.log"

    with Terminal(["sh", "-c", block], env=clean_env(home, path, STANDIN_LOG=str(log)),
                  cwd=clone, rows=30, cols=120, answer_7501=True, answer_da1=True) as t:
        status = t.wait(timeout=300)
        out = t.text
    assert status == 0, f"the README's first block exited {status}:\n{out[-3000:]}"

    # The stand-in ran through the installed wrap: wrap's session variable, the hooks it
    # gives Claude Code (run by the venv's Python), a terminal, and wrap's probe before it.
    seen = log.read_text().splitlines()
    assert seen[0].startswith("session=wrap/"), seen
    assert "tty=yes" in seen
    assert "arg=--settings" in seen, seen
    venv = home / ".local/share/osc7501wrap/venv"
    hooks = seen[seen.index("arg=--settings") + 1]
    assert f"{venv}/bin/python -P -m osc7501wrap hook" in hooks  # the installed wrap's
    assert "stand-in claude ran" in out
    assert out.index("\x1b]7501;?") < out.index("stand-in claude ran")  # wrap's probe

    # Installed into its own venv, made by the system Python; links in ~/.local/bin.
    assert "home = /usr/bin" in (venv / "pyvenv.cfg").read_text()
    for name in ("wrap", "osc7501wrap"):
        link = home / ".local/bin" / name
        assert link.is_symlink() and Path(os.readlink(link)) == venv / "bin" / name
    assert (home / ".local/share/man/man1/wrap.1").resolve().is_file()

    # ~/.local/bin was not on PATH: the installer said so, with the line to add. Add it
    # where it says, and a new login shell finds wrap.
    m = re.search(r"not on your PATH; add this line to (~/\.profile)\b.*\n\s+(export PATH=.*)",
                  out.replace("\r\n", "\n"))
    assert m, out[-2000:]
    with (home / m.group(1)[2:]).open("a") as rc:
        rc.write(m.group(2).strip() + "\n")
    new = login_shell("wrap --version && osc7501wrap --version && command -v wrap", home)
    assert new.returncode == 0, new.stderr
    assert new.stdout.splitlines() == [f"wrap (osc7501wrap) {__version__}",
                                       f"osc7501wrap {__version__}",
                                       str(home / ".local/bin/wrap")]

    # The same block on a machine without Claude Code: the installed wrap says how to
    # get it, in one line (the manifests in the wheel carry the install text).
    with Terminal(["sh", "-c", block], env=clean_env(home, SYSTEM_PATH), cwd=clone,
                  answer_7501=True, answer_da1=True) as t:
        status = t.wait(timeout=300)
        out = t.text
    assert status == 127, out[-2000:]
    assert out.replace("\r\n", "\n").endswith(
        "\nwrap: claude: command not found; install Claude Code: "
        "npm install -g @anthropic-ai/claude-code\n"), out[-2000:]

    # Again: upgrades in place (the same venv, reinstalled), now quiet about PATH.
    pyvenv = (venv / "pyvenv.cfg").stat().st_ino
    again = subprocess.run(["bash", "-lc", "scripts/install"], cwd=clone,
                           env=clean_env(home, SYSTEM_PATH), capture_output=True, text=True,
                           timeout=300, check=False)
    assert again.returncode == 0, again.stderr
    assert "creating" not in again.stdout and "PATH" not in again.stdout, again.stdout
    assert f"installed wrap (osc7501wrap) {__version__}" in again.stdout
    assert (venv / "pyvenv.cfg").stat().st_ino == pyvenv

    # The README's uninstall line removes the venv and the links, and nothing else.
    readme = (clone / "README.md").read_text(encoding="utf-8")
    assert "`scripts/install --uninstall` removes it" in readme
    gone = subprocess.run(["sh", "-c", "scripts/install --uninstall"], cwd=clone,
                          env=clean_env(home, SYSTEM_PATH), capture_output=True, text=True,
                          timeout=60, check=False)
    assert gone.returncode == 0, gone.stderr
    assert not venv.exists()
    assert not (home / ".local/share/osc7501wrap").exists()
    assert sorted(p.name for p in (home / ".local/bin").iterdir()) == []
    assert login_shell("command -v wrap", home).returncode != 0
    assert (home / ".profile").is_file()  # the user's own file stays


def stand_in_python(tmp_path: Path, answer: str) -> str:
    """An interpreter that answers the installer's one question (version, >= 3.11,
    venv+ensurepip) with `answer`, as an old Python or Debian's without python3-venv."""
    py = tmp_path / "python3"
    py.write_text(f"#!/bin/sh\necho '{answer}'\n")
    py.chmod(0o755)
    return str(py)


@pytest.mark.parametrize(("answer", "line"), [
    ("3.9.6 0 1", "scripts/install: Python 3.11 or newer is needed ({py} is 3.9.6); "
                  "install one, or run PYTHON=/path/to/python3.12 scripts/install"),
    ("3.11.2 1 0", "scripts/install: {py} cannot make a virtual environment (no ensurepip); "
                   "install it with: sudo apt install python3-venv"),
])
def test_installer_refuses_an_unusable_python_in_one_line(
        tmp_path: Path, answer: str, line: str) -> None:
    py = stand_in_python(tmp_path, answer)
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run(["sh", str(repo_root() / "scripts/install")],
                          env=clean_env(home, SYSTEM_PATH, PYTHON=py), capture_output=True,
                          text=True, timeout=30, check=False)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [line.format(py=py)]
    assert list(home.iterdir()) == []  # nothing written


def test_installer_leaves_a_foreign_wrap_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".local/bin").mkdir(parents=True)
    other = home / ".local/bin/wrap"
    other.write_text("#!/bin/sh\necho another wrap\n")
    done = subprocess.run(["sh", str(repo_root() / "scripts/install")],
                          env=clean_env(home, SYSTEM_PATH), capture_output=True, text=True,
                          timeout=30, check=False)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"scripts/install: {other} exists and is not osc7501wrap's; "
        "move it away and run scripts/install again"]
    assert other.read_text() == "#!/bin/sh\necho another wrap\n"
    assert not (home / ".local/share").exists()
