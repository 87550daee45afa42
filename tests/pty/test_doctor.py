"""`osc7501wrap doctor` against a pty that plays a terminal, without a terminal, and in real tmux."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
import require

from osc7501wrap.commands import doctor

QUERY = b"\x1b]7501;?\x1b\\"
DA1_QUERY = b"\x1b[c"
DA1_REPLY = b"\x1b[?62;22c"
CLI = [sys.executable, "-m", "osc7501wrap.start.cli"]


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    """An environment whose directories all live under tmp_path."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "OSC7501WRAP_CONFIG_DIR": str(tmp_path / "cfg"),
        "OSC7501WRAP_STATE_DIR": str(tmp_path / "state"),
        "OSC7501WRAP_RUNTIME_DIR": str(tmp_path / "run"),
    }
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


def _lines(text: str) -> dict[str, list[str]]:
    """Check lines by name: {"terminal": ["WARN terminal: ...", "     fix: ..."], ...}."""
    out: dict[str, list[str]] = {}
    last: list[str] | None = None
    for line in text.splitlines():
        m = re.match(r"^(OK|WARN|FAIL) +([a-zA-Z0-9 ]+?): ", line)
        if m:
            last = out.setdefault(m.group(2), [])
            last.append(line)
        elif line.startswith("     fix: ") and last is not None:
            last.append(line)
    return out


def _in_pty(env: dict[str, str], answer: bytes | None, *, then: str = "") -> tuple[str, int]:
    """Run doctor in a pty; when its probe arrives, answer with `answer` (None: stay silent)."""
    cmd = " ".join([*CLI, "doctor"]) + (f"; {then}" if then else "")
    child = pexpect.spawn("/bin/sh", ["-c", cmd], env=env, dimensions=(40, 200))
    log = io.BytesIO()
    child.logfile_read = log
    try:
        child.expect_exact(QUERY + DA1_QUERY, timeout=30)
        if answer is not None:
            child.send(answer)
        child.expect(pexpect.EOF, timeout=30)
    finally:
        child.close(force=True)
    raw = log.getvalue()
    assert raw.count(QUERY + DA1_QUERY) == 1  # one probe, written to the terminal itself
    text = raw.replace(QUERY + DA1_QUERY, b"").decode("utf-8", "replace").replace("\r\n", "\n")
    return text, child.exitstatus if child.exitstatus is not None else -1


def test_terminal_that_answers_7501_and_da1(home: dict[str, str]) -> None:
    text, rc = _in_pty(home, QUERY + DA1_REPLY)
    checks = _lines(text)
    assert rc == 0, text
    assert re.fullmatch(r"OK   terminal: answered the OSC 7501 query \(\d+ ms, DA1 \\e\[\?62;22c\)",
                        checks["terminal"][0])
    assert checks["TERM"] == ["OK   TERM: xterm-256color; no Pst capability in terminfo "
                              "(wrap probes the terminal at start)"]
    assert checks["tmux"] == ["OK   tmux: not inside tmux"]
    assert checks["emit"][0].startswith("OK   emit: will write OSC 7501 reports: the terminal "
                                        "answered the OSC 7501 query")
    assert checks["fallbacks"] == [
        "OK   fallbacks: besides OSC 7501: OSC 9;4 progress; notifications on blocked via BEL "
        "(auto), at most one per 30 s per state"]
    assert checks["runtime dir"] == [
        f"OK   runtime dir: {home['HOME']}/run (created 0700 when wrap starts)".replace(
            home["HOME"], "~")]
    assert text.rstrip().endswith("doctor: 0 FAIL, 0 WARN")


def test_terminal_that_answers_only_da1(home: dict[str, str]) -> None:
    text, rc = _in_pty(home, b"\x1b[?1;2c", then="stty -a")
    checks = _lines(text)
    assert rc == 0
    assert re.fullmatch(r"WARN terminal: answered DA1 \(\\e\[\?1;2c\) but not the OSC 7501 "
                        r"query \(\d+ ms\): no OSC 7501 support", checks["terminal"][0])
    assert checks["terminal"][1].startswith("     fix: the fallbacks below apply")
    assert checks["emit"][0].startswith("OK   emit: will not write OSC 7501 reports: the "
                                        "terminal answered DA1 but not the OSC 7501 query")
    assert checks["fallbacks"][0].startswith("OK   fallbacks: instead of OSC 7501: ")
    assert "doctor: 0 FAIL, 1 WARN" in text
    # The terminal is back in cooked mode afterwards.
    assert re.search(r"(?<![-\w])icanon", text) and re.search(r"(?<![-\w])echo(?![-\w])", text)


def test_silent_terminal_times_out_with_a_warning(home: dict[str, str]) -> None:
    text, rc = _in_pty(home, None)
    checks = _lines(text)
    assert rc == 0
    assert re.fullmatch(r"WARN terminal: no answer to the OSC 7501 query or DA1 within \d+ ms",
                        checks["terminal"][0])
    assert checks["emit"][0].startswith("OK   emit: will not write OSC 7501 reports: no reply")


def test_notify_channel_and_config_choices_are_shown(home: dict[str, str]) -> None:
    cfg = Path(home["OSC7501WRAP_CONFIG_DIR"])
    cfg.mkdir()
    (cfg / "config.toml").write_text(
        'emit = "never"\n[fallbacks]\nprogress = false\ntitle = true\n'
        'notify = ["blocked", "error"]\ncooldown = 5\n')
    env = {**home, "TERM_PROGRAM": "WezTerm"}
    text, rc = _in_pty(env, QUERY + DA1_REPLY)
    checks = _lines(text)
    assert rc == 0
    assert checks["emit"] == ["OK   emit: will not write OSC 7501 reports: emit = \"never\" "
                              "(~/cfg/config.toml:1)"]
    assert checks["fallbacks"] == [
        "OK   fallbacks: instead of OSC 7501: no OSC 9;4 progress; a title marker; "
        "notifications on blocked, error via OSC 777 (auto), at most one per 5 s per state"]
    assert checks["config"] == ["OK   config: ~/cfg/config.toml (5 values set; "
                                "`osc7501wrap config` shows them all)"]


def test_without_a_terminal_checks_are_skipped_and_exit_is_zero(home: dict[str, str]) -> None:
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=home,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    checks = _lines(out.stdout)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stderr == ""
    assert checks["terminal"][0].startswith("WARN terminal: no terminal to ask: /dev/tty cannot "
                                            "be opened")
    assert checks["terminal"][1] == ("     fix: run `osc7501wrap doctor` in the terminal (and "
                                     "tmux pane) you use wrap in")
    assert checks["emit"][0].startswith("OK   emit: will not write OSC 7501 reports: cannot "
                                        "probe the terminal")
    assert checks["manifests"][0].startswith("OK   manifests: built-in: ")
    assert "claude" in checks["manifests"][0]
    assert checks["screen"][0].startswith("OK   screen: ")
    for name in ("config dir", "rules dir", "state dir", "runtime dir"):
        assert checks[name][0].startswith(f"OK   {name}: ~/"), checks[name]
    assert out.stdout.rstrip().endswith("doctor: 0 FAIL, 1 WARN")


def test_problems_in_config_manifests_and_runtime_dir(home: dict[str, str]) -> None:
    cfg = Path(home["OSC7501WRAP_CONFIG_DIR"])
    (cfg / "rules").mkdir(parents=True)
    (cfg / "config.toml").write_text('[fallbacks]\ncooldown = "x"\n')
    (cfg / "rules" / "mine.toml").write_text("[manifest\nname = 'x'\n")
    run = Path(home["OSC7501WRAP_RUNTIME_DIR"])
    run.mkdir(mode=0o755)
    run.chmod(0o755)
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=home,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    checks = _lines(out.stdout)
    assert out.returncode == 1, out.stdout
    assert checks["config"] == [
        'WARN config: config: ~/cfg/config.toml:2: fallbacks.cooldown: expected a number from '
        '0 to 86400, got "x"; using 30',
        "     fix: edit ~/cfg/config.toml, or check the variable (see CONFIGURATION in wrap(1))"]
    mine = [ln for ln in checks["manifests"] if "mine.toml" in ln]
    assert len(mine) == 1 and mine[0].startswith("WARN manifests: ")
    assert checks["runtime dir"] == [
        "FAIL runtime dir: ~/run is 0755, not 0700: other users can see the sessions",
        "     fix: chmod 700 ~/run"]
    assert out.stdout.rstrip().endswith("doctor: 1 FAIL, 3 WARN")
    run.chmod(0o700)
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=home,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    assert out.returncode == 0
    assert _lines(out.stdout)["runtime dir"] == ["OK   runtime dir: ~/run (0700)"]


def test_terminal_text_is_made_visible() -> None:
    assert doctor.visible("a\x1b]0;x\x07\u202eb") == "a\\e]0;x\\x07\\u202eb"
    assert doctor.visible(b"\x1b[?62c") == "\\e[?62c"


# ----------------------------------------------------------------------------- real tmux

@pytest.fixture
def tmux_server(tmp_path: Path) -> Iterator[list[str]]:
    require.need("tmux")
    name = f"osc7501wrap-doctor-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    base = ["tmux", "-L", name, "-f", "/dev/null"]
    env = {**os.environ, "TMUX_TMPDIR": str(tmp_path)}
    env.pop("TMUX", None)
    subprocess.run([*base, "new-session", "-d", "-x", "120", "-y", "40", "sleep 600"],
                   check=True, env=env, timeout=30)
    try:
        yield base
    finally:
        subprocess.run([*base, "kill-server"], env=env, timeout=30, capture_output=True)


def _doctor_in_tmux(base: list[str], home: dict[str, str], tmp_path: Path, tag: str) -> str:
    out = tmp_path / f"doctor-{tag}.out"
    rc = tmp_path / f"doctor-{tag}.rc"
    env_args = " ".join(f"{k}='{v}'" for k, v in home.items() if k != "TERM")
    cmd = (f"env {env_args} {' '.join(CLI)} doctor > {out} 2>&1; echo $? > {rc}")
    env = {**os.environ, "TMUX_TMPDIR": str(tmp_path)}
    env.pop("TMUX", None)
    subprocess.run([*base, "new-window", "-d", cmd], check=True, env=env, timeout=30)
    deadline = time.monotonic() + 30
    while not (rc.exists() and rc.read_text().strip()):
        assert time.monotonic() < deadline, "doctor did not finish inside tmux"
        time.sleep(0.05)
    return out.read_text() + f"rc={rc.read_text().strip()}\n"


@pytest.mark.tmux
def test_inside_tmux_with_passthrough_off_then_on(tmux_server: list[str], home: dict[str, str],
                                                  tmp_path: Path) -> None:
    env = {**os.environ, "TMUX_TMPDIR": str(tmp_path)}
    env.pop("TMUX", None)
    subprocess.run([*tmux_server, "set", "-g", "allow-passthrough", "off"], check=True,
                   env=env, timeout=30)
    text = _doctor_in_tmux(tmux_server, home, tmp_path, "off")
    checks = _lines(text)
    # wrap's tmux display works without passthrough: a warning that says what is lost
    assert checks["tmux"] == [
        "WARN tmux: inside tmux (depth 1); allow-passthrough off: the states show in tmux "
        "(pane options), but the OSC 7501 reports and the terminal channels do not reach the "
        "terminal outside tmux",
        "     fix: tmux set -g allow-passthrough on  (or all with tmux >= 3.4: also when the "
        "pane is hidden)"]
    assert checks["display"][0].startswith("OK   display: tmux pane options @osc7501_* on %")
    # tmux answers DA1 itself; nothing outside answers the 7501 query.
    assert re.fullmatch(r"WARN terminal: answered DA1 \(\\e\[\?1;2c\) but not the OSC 7501 "
                        r"query \(\d+ ms\)", checks["terminal"][0])
    assert checks["terminal"][1] == ("     fix: tmux set -g allow-passthrough on, then run "
                                     "doctor again")
    assert "doctor: 0 FAIL" in text and "rc=0" in text, text
    # where the display cannot work either, nothing gets out: that fails
    assert doctor.check_tmux(1, "off", {}, display=False) == doctor.Check(
        "FAIL", "tmux", "inside tmux (depth 1); allow-passthrough off: no report reaches the "
        "terminal", doctor.PASSTHROUGH_FIX)

    subprocess.run([*tmux_server, "set", "-g", "allow-passthrough", "on"], check=True,
                   env=env, timeout=30)
    text = _doctor_in_tmux(tmux_server, home, tmp_path, "on")
    checks = _lines(text)
    assert checks["tmux"] == ["OK   tmux: inside tmux (depth 1); allow-passthrough on (reports "
                              "from panes that are not visible are dropped; `all`, tmux >= 3.4, "
                              "passes them too)"]
    assert checks["terminal"][1].startswith("     fix: tmux answers DA1 itself;")
    assert "rc=0" in text

    # `all` exists from tmux 3.4 on.
    if subprocess.run([*tmux_server, "set", "-g", "allow-passthrough", "all"], env=env,
                      timeout=30, capture_output=True).returncode == 0:
        checks = _lines(_doctor_in_tmux(tmux_server, home, tmp_path, "all"))
        assert checks["tmux"] == ["OK   tmux: inside tmux (depth 1); allow-passthrough all"]


def test_screen_fallback_when_ghostty_is_asked_for_but_missing(home: dict[str, str],
                                                                tmp_path: Path) -> None:
    blocker = tmp_path / "block"
    (blocker / "pyghostty").mkdir(parents=True)
    (blocker / "pyghostty" / "__init__.py").write_text('raise ImportError("not here")\n')
    env = {**home, "PYTHONPATH": os.pathsep.join(
        [str(blocker), *filter(None, [home.get("PYTHONPATH")])]), "OSC7501WRAP_SCREEN": "ghostty"}
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=env,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    checks = _lines(out.stdout)
    # (the reason's wording is the screen module's; it names the import error)
    assert re.fullmatch(r'WARN screen: pyte instead of ghostty: [^;]*not here[^;]*; '
                        r'screen = "ghostty" \(env OSC7501WRAP_SCREEN\)', checks["screen"][0])
    assert checks["screen"][1] == ("     fix: pip install 'osc7501wrap[ghostty]' (Linux), or "
                                   'set screen = "pyte"')
    env["OSC7501WRAP_SCREEN"] = "auto"
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=env,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    assert re.fullmatch(r'OK   screen: pyte \(ghostty: [^;]*not here[^;]*\); screen = "auto" '
                        r"\(env OSC7501WRAP_SCREEN\)", _lines(out.stdout)["screen"][0])


def _ledger_line(home: dict[str, str]) -> list[str]:
    out = subprocess.run([*CLI, "doctor"], capture_output=True, text=True, env=home,
                         stdin=subprocess.DEVNULL, start_new_session=True, timeout=60)
    assert out.stderr == ""
    return _lines(out.stdout)["ledger"]


def test_the_ledger_its_size_rows_retention_and_each_problem(home: dict[str, str]) -> None:
    """doctor says where the ledger is, whether it is on, its size, rows and retention;
    corrupt, locked, unwritable (a read-only file system, as root writes through
    permissions) and a full disk each get their own WARN line; nothing is changed."""
    import sqlite3

    from osc7501wrap.report.ledger import append, connect

    state = Path(home["OSC7501WRAP_STATE_DIR"])
    path = state / "ledger.sqlite3"
    assert _ledger_line(home) == ["OK   ledger: on, ~/state/ledger.sqlite3 (none yet: the "
                                  "first session makes it); retention 90 days, bound 64 MB"]
    assert not state.exists()  # nothing made
    db = connect(str(path))
    day = time.mktime(time.strptime("2026-11-30 12:00", "%Y-%m-%d %H:%M"))
    append(db, [("s", 1, "a", "/p", st, None, day + i, None)
                for i, st in enumerate(("working", "blocked", "exited"))])
    db.close()
    cfg = Path(home["OSC7501WRAP_CONFIG_DIR"])
    cfg.mkdir()
    (cfg / "config.toml").write_text("[ledger]\nretention_days = 30\nmax_mb = 8\n")
    (line,) = _ledger_line(home)
    assert re.fullmatch(r"OK   ledger: on, ~/state/ledger\.sqlite3: \d+\.\d MB, 3 rows since "
                        r"2026-11-30; retention 30 days, bound 8 MB", line), line
    before = path.read_bytes()
    # locked by another writer
    holder = sqlite3.connect(str(path), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        lines = _ledger_line(home)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert lines[0].startswith("WARN ledger: ~/state/ledger.sqlite3 (") and \
        lines[0].endswith(") is locked by another process: sessions' rows wait until it is "
                          "free"), lines
    assert lines[1] == "     fix: find what holds it: lsof ~/state/ledger.sqlite3"
    assert path.read_bytes() == before
    # off
    (cfg / "config.toml").write_text("[ledger]\nenabled = false\n")
    assert _ledger_line(home) == ["OK   ledger: off ([ledger] enabled = false): sessions add "
                                  "nothing to ~/state/ledger.sqlite3"]
    (cfg / "config.toml").unlink()
    # unwritable
    if os.geteuid() == 0:  # a read-only file system
        ro = state / "ro"
        ro.mkdir()
        assert subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(ro)],
                              check=False).returncode == 0
        try:
            (ro / "ledger.sqlite3").write_bytes(before)
            subprocess.run(["mount", "-o", "remount,ro", str(ro)], check=True)
            lines = _ledger_line({**home, "OSC7501WRAP_STATE_DIR": str(ro)})
        finally:
            subprocess.run(["umount", "-l", str(ro)], check=False)
        assert lines[0].startswith("WARN ledger: ~/state/ro/ledger.sqlite3: ") and \
            lines[0].endswith(", 3 rows since 2026-11-30; cannot be written (its file system "
                              "is read-only): sessions keep no ledger"), lines
        assert lines[1] == "     fix: remount it read-write"
        # a full disk
        assert subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(ro)],
                              check=False).returncode == 0
        try:
            (ro / "ledger.sqlite3").write_bytes(before)
            fd = os.open(ro / "filler", os.O_WRONLY | os.O_CREAT)
            with contextlib.suppress(OSError):  # the disk full, to the last block
                while True:
                    os.write(fd, b"\0" * 512)
            os.close(fd)
            lines = _ledger_line({**home, "OSC7501WRAP_STATE_DIR": str(ro)})
        finally:
            subprocess.run(["umount", "-l", str(ro)], check=False)
        assert "; its disk is full (0.0 MB free): sessions stop adding to it" in lines[0], lines
    else:
        path.chmod(0o444)
        try:
            lines = _ledger_line(home)
        finally:
            path.chmod(0o644)
        assert lines[0].endswith("cannot be written (no write permission): sessions keep "
                                 "no ledger"), lines
    # corrupt
    path.write_bytes(b"not a database at all\n" * 100)
    lines = _ledger_line(home)
    assert lines[0].startswith("WARN ledger: ~/state/ledger.sqlite3 (0.0 MB) is corrupt ("), lines
    assert lines[0].endswith("): the next session moves it aside "
                             "(ledger.sqlite3.corrupt-<time>) and starts a fresh one")
    assert lines[1] == ("     fix: nothing to do, or move it away yourself: "
                        "mv ~/state/ledger.sqlite3 ~/state/ledger.sqlite3.old")
    assert path.read_bytes() == b"not a database at all\n" * 100
    # damaged inside (a page overwritten), not only its header
    db = connect(str(path.with_name("x.sqlite3")))
    append(db, [("s", 1, "a" * 500, "/p", "working", None, day + i, None) for i in range(2000)])
    db.close()
    raw = bytearray(path.with_name("x.sqlite3").read_bytes())
    raw[8192:12288] = b"\xff" * 4096
    path.write_bytes(bytes(raw))
    lines = _ledger_line(home)
    assert " is corrupt (" in lines[0], lines
