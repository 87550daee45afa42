"""Render terminal prompt toolkits' permission questions through osc7501wrap's screen model.

Run (from the project's root, the toolkits installed as README.md says):
    PYTHONPATH=$PWD .venv/bin/python scripts/toolkit_probes/render.py [NAME ...]
It writes NAME.json, NAME-moved.json and SUMMARY.txt into $TK_OUT (default: out/ beside it);
tests/toolkits/ keeps the renders the tests read.
Each probe runs in a real pty (100x30, TERM=xterm-256color); its output until quiet goes
into make_screen(30, 100) -> NAME.json; then one key (Down or Right) -> NAME-moved.json.
Cursor-position (CSI 6n) and primary-DA (CSI c) queries are answered from the model,
as a real terminal would, so toolkits that wait for them are not stalled.
"""
from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

from osc7501wrap.screen.model import make_screen

ROWS, COLS = 30, 100
HERE = os.path.dirname(os.path.abspath(__file__))
PROBES = os.path.join(HERE, "probes")
VENV_PY = os.environ.get("TK_VENV_PY", "/tmp/tk-work/venv/bin/python")
NODE_MODULES = os.environ.get("TK_NODE_MODULES", "/tmp/tk-work/node/node_modules")
OUT = os.environ.get("TK_OUT", os.path.join(HERE, "out"))
DOWN, RIGHT = "\x1b[B", "\x1b[C"

# name, toolkit (package), key
PY = [
    ("ptk-yes_no_dialog", "prompt_toolkit", RIGHT),
    ("ptk-button_dialog", "prompt_toolkit", RIGHT),
    ("ptk-radiolist_dialog", "prompt_toolkit", DOWN),
    ("ptk-confirm", "prompt_toolkit", DOWN),
    ("questionary-confirm", "questionary", DOWN),
    ("questionary-select", "questionary", DOWN),
    ("inquirerpy-confirm", "InquirerPy", DOWN),
    ("inquirerpy-select", "InquirerPy", DOWN),
    ("rich-confirm", "rich", DOWN),
    ("click-confirm", "click", DOWN),
    ("textual-modal", "textual", RIGHT),
    ("textual-modal-tab", "textual", "\t"),
    ("simple-term-menu", "simple-term-menu", DOWN),
    ("pick", "pick", DOWN),
    ("beaupy-confirm", "beaupy", DOWN),
    ("beaupy-select", "beaupy", DOWN),
    ("urwid-dialog", "urwid", RIGHT),
    ("npyscreen-notify_yes_no", "npyscreen", RIGHT),
    ("npyscreen-notify_yes_no-tab", "npyscreen", "\t"),
    ("textual-modal-centred", "textual", RIGHT),
    ("textual-modal-centred-tab", "textual", "\t"),
    ("pyinquirer-confirm", "inquirer", DOWN),
    ("pyinquirer-list", "inquirer", DOWN),
]
NODE = [
    ("inquirer-prompts-confirm", "@inquirer/prompts", DOWN),
    ("inquirer-prompts-select", "@inquirer/prompts", DOWN),
    ("inquirer-legacy-confirm", "inquirer", DOWN),
    ("inquirer-legacy-select", "inquirer", DOWN),
    ("inquirer8-confirm", "inquirer@8 (npm alias inquirer8)", DOWN),
    ("inquirer8-list", "inquirer@8 (npm alias inquirer8)", DOWN),
    ("clack-confirm", "@clack/prompts", RIGHT),
    ("clack-select", "@clack/prompts", DOWN),
    ("prompts-confirm", "prompts", DOWN),
    ("prompts-toggle", "prompts", RIGHT),
    ("prompts-select", "prompts", DOWN),
    ("enquirer-confirm", "enquirer", DOWN),
    ("enquirer-toggle", "enquirer", RIGHT),
    ("enquirer-select", "enquirer", DOWN),
    ("ink-select-input", "ink-select-input", DOWN),
    ("inquirer-prompts-expand", "@inquirer/prompts", DOWN),
    ("inquirer-prompts-expand-expanded", "@inquirer/prompts", DOWN),
    ("inquirer-prompts-rawlist", "@inquirer/prompts", DOWN),
    ("enquirer-select-hint", "enquirer", DOWN),
    ("terminal-kit-yesOrNo", "terminal-kit", DOWN),
    ("terminal-kit-singleColumnMenu", "terminal-kit", DOWN),
]
#: the second set, rendered after the rules for the first were written and read once before
#: any rule was written from it (read.py --set second)
SECOND_SET = frozenset({
    "urwid-dialog", "npyscreen-notify_yes_no", "npyscreen-notify_yes_no-tab",
    "textual-modal-centred", "textual-modal-centred-tab", "pyinquirer-confirm",
    "pyinquirer-list", "inquirer-prompts-expand", "inquirer-prompts-expand-expanded",
    "inquirer-prompts-rawlist", "enquirer-select-hint", "terminal-kit-yesOrNo",
    "terminal-kit-singleColumnMenu"})
# Rust probes: one binary (probes/rust_probe.rs, built under /tmp/tk-work/rust), argv[1] = name
RUST_BIN = os.environ.get("TK_RUST_BIN", "/tmp/tk-work/rust/target/release/tkprobe")
RUST = [
    ("dialoguer-confirm", "dialoguer", DOWN),
    ("dialoguer-select", "dialoguer", DOWN),
    ("inquire-confirm", "inquire", DOWN),
    ("inquire-select", "inquire", DOWN),
    ("cliclack-confirm", "cliclack", RIGHT),
    ("cliclack-select", "cliclack", DOWN),
    ("requestty-confirm", "requestty", DOWN),
    ("requestty-select", "requestty", DOWN),
]
_NO_CRATES = ("not built: no binary at TK_RUST_BIN (its crates come from crates.io; build "
              "probes/rust_probe.rs with probes/rust_probe.Cargo.toml where that registry is reached)")
# probes that cannot render a prompt, with why (their mode is still in the probe program)
KNOWN_FAILURES = {
    "inquirer-legacy-list": "inquirer 14.3.1 (current) dropped the legacy 'list' type: inquirer.prompt "
                            "throws UnknownPromptTypeError ('Prompt type \"list\" is not registered'); "
                            "rendered instead as inquirer-legacy-select (its new name) and as inquirer8-list "
                            "(inquirer 8.2.7, the classic legacy API, via the npm alias inquirer8)",
}
if not os.path.exists(RUST_BIN):
    KNOWN_FAILURES.update({n: _NO_CRATES for n, _, _ in RUST})
NODE_DEPS = {"ink-select-input": ["ink", "react"],
             "@inquirer/prompts": ["@inquirer/expand", "@inquirer/rawlist", "@inquirer/core"]}
PY_DEPS = {"inquirer": ["blessed", "readchar"], "textual": ["rich"]}
NODE_PKG = {"inquirer@8 (npm alias inquirer8)": "inquirer8"}  # toolkit label -> node_modules dir


def rust_versions() -> dict[str, str]:
    lock = os.path.join(os.path.dirname(os.path.dirname(RUST_BIN)), "..", "Cargo.lock")
    out: dict[str, str] = {}
    try:
        with open(lock) as f:
            text = f.read()
    except OSError:
        return out
    for m in re.finditer(r'name = "([^"]+)"\nversion = "([^"]+)"', text):
        out[m.group(1)] = m.group(2)
    return out


def py_versions() -> dict[str, str]:
    code = (
        "import json,importlib.metadata as m;"
        f"print(json.dumps({{p: m.version(p) for p in {sorted({t for _, t, _ in PY} | {d for v in PY_DEPS.values() for d in v})!r}}}))"
    )
    return json.loads(subprocess.check_output([VENV_PY, "-c", code]))


def node_version(pkg: str) -> str:
    with open(os.path.join(NODE_MODULES, pkg, "package.json")) as f:
        return json.load(f)["version"]


QUERY = re.compile(rb"\x1b\[(6n|\?6n|0?c)")


class Session:
    def __init__(self, argv: list[str]):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
        for k in ("NO_COLOR", "CI", "PYTHONPATH", "VIRTUAL_ENV"):
            env.pop(k, None)

        def ctty():
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=PROBES, start_new_session=True, preexec_fn=ctty,
                                     close_fds=True)
        os.close(slave)
        self.scr = make_screen(ROWS, COLS)
        self.raw = bytearray()
        self.pending = b""  # tail that might be the start of a query

    def _feed(self, data: bytes) -> None:
        self.raw += data
        buf = self.pending + data
        pos = 0
        for m in QUERY.finditer(buf):
            self.scr.feed(buf[pos:m.end()])
            pos = m.end()
            q = m.group(1)
            if q.endswith(b"6n"):
                r, c = self.scr.cursor()
                reply = f"\x1b[{r + 1};{c + 1}R"
            else:
                reply = "\x1b[?62;22c"
            try:
                os.write(self.master, reply.encode())
            except OSError:
                pass
        rest = buf[pos:]
        # keep a possibly-incomplete query back (at most 5 bytes after an ESC)
        esc = rest.rfind(b"\x1b")
        if esc != -1 and len(rest) - esc <= 5 and not re.match(rb"\x1b\[[0-9;?]*[A-Za-z@`~]", rest[esc:]):
            self.scr.feed(rest[:esc])
            self.pending = rest[esc:]
        else:
            self.scr.feed(rest)
            self.pending = b""

    def pump(self, min_s: float, quiet_s: float, max_s: float) -> None:
        start = time.monotonic()
        last = start
        while True:
            now = time.monotonic()
            if now - start >= max_s:
                break
            if now - start >= min_s and now - last >= quiet_s:
                break
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    break  # child closed the pty
                if not data:
                    break
                self._feed(data)
                last = time.monotonic()
        if self.pending:
            self.scr.feed(self.pending)
            self.pending = b""

    def app_cursor_keys(self) -> bool:
        """DECCKM as the program left it: a real terminal then sends ESC O A..D."""
        modes = re.findall(rb"\x1b\[\?1([hl])", bytes(self.raw))
        return bool(modes) and modes[-1] == b"h"

    def cursor_visible(self) -> bool:
        """DECTCEM as the program left it (visible unless it hid the cursor)."""
        modes = re.findall(rb"\x1b\[\?25([hl])", bytes(self.raw))
        return not modes or modes[-1] == b"h"

    def send(self, s: str) -> str:
        if self.app_cursor_keys() and re.fullmatch(r"\x1b\[[ABCD]", s):
            s = "\x1bO" + s[-1]
        os.write(self.master, s.encode())
        return s

    def styles(self) -> list[dict]:
        """Runs of cells with a non-default look (ghostty backend only): where a
        selection shown by colour, inverse or underline is."""
        term = getattr(self.scr, "_term", None)
        if term is None:
            return []
        rows = self.scr.lines()
        runs = []
        for r in range(ROWS):
            prev, start = None, 0
            for c in range(COLS + 1):
                st = None
                if c < COLS:
                    try:
                        st = {k: v for k, v in term.style(c, r).items() if v not in (None, False, 0)}
                    except Exception:
                        st = {}
                if st != prev:
                    if prev:
                        runs.append({"row": r, "col": start, "end": c, "text": rows[r][start:c],
                                     "style": {k: (list(v) if isinstance(v, tuple) else v)
                                               for k, v in prev.items()},
                                     "background": repr(self.scr.background(r, start))})
                    prev, start = st, c
        return runs

    def snapshot(self) -> dict:
        r, c = self.scr.cursor()
        rows = list(self.scr.lines())
        d = {
            "rows": rows,
            "cursor": [r, c],
            "alt": bool(self.scr.alt_screen),
            "exited": self.proc.poll(),
            "raw": base64.b64encode(bytes(self.raw)).decode(),
            "app_cursor_keys": self.app_cursor_keys(),
            "cursor_visible": self.cursor_visible(),
            "styled_runs": self.styles(),
        }
        if self.scr.backend != "pyte":
            # cross-check: the same bytes through the other backend, fed in one go
            p = make_screen(ROWS, COLS, "pyte")
            p.feed(bytes(self.raw))
            pr, pc = p.cursor()
            prow = list(p.lines())
            d["pyte"] = {"same_as_main": prow == rows and [pr, pc] == [r, c] and
                         bool(p.alt_screen) == d["alt"],
                         "rows": prow, "cursor": [pr, pc], "alt": bool(p.alt_screen)}
        return d

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        os.close(self.master)


def run_probe(name, toolkit, version, argv, key, extra_versions=None) -> dict:
    s = Session(argv)
    try:
        s.pump(min_s=2.0, quiet_s=0.8, max_s=8.0)
        base = {"name": name, "toolkit": toolkit, "version": version,
                "screen_backend": s.scr.backend}
        if extra_versions:
            base["versions"] = extra_versions
        first = dict(base, **s.snapshot())
        first["raw_note"] = "every byte the program wrote, from its start"
        with open(os.path.join(OUT, f"{name}.json"), "w") as f:
            json.dump(first, f, indent=1)
        sent = s.send(key)
        s.pump(min_s=1.0, quiet_s=0.5, max_s=4.0)
        moved = dict(base, **s.snapshot())
        moved["key"] = key
        moved["key_bytes_sent"] = sent
        moved["raw_note"] = "every byte the program wrote, from its start (before and after the key)"
        with open(os.path.join(OUT, f"{name}-moved.json"), "w") as f:
            json.dump(moved, f, indent=1)
        return {"first": first, "moved": moved}
    finally:
        s.kill()


def block(rows: list[str]) -> list[str]:
    idx = [i for i, r in enumerate(rows) if r.strip()]
    if not idx:
        return ["    (screen empty)"]
    return [f"{i:2d}|{rows[i].rstrip()}" for i in range(idx[0], idx[-1] + 1)]


def summary(results: list[tuple[str, dict]], failures: dict[str, str]) -> None:
    out = ["Renders of permission prompts through osc7501wrap.screen.model.make_screen(30, 100).",
           "Each block: rows from the first to the last non-empty one (row number|text),",
           "cursor (row, col), alt screen, whether the program had exited (None = still running).",
           "'~' lines: runs of cells with a non-default look (row, columns [start-end), SGR attributes,",
           "text); selections drawn only by colour/inverse/underline show up there, not in the text.",
           "Only runs with visible text are listed, less the commonest look when it covers 60% or more",
           "of the styled text (e.g. a dialog's body); NAME.json's styled_runs has them all.",
           "Arrow keys are sent as ESC O x when the program turned on application cursor keys (DECCKM).", ""]
    for name, res in results:
        for tag in ("first", "moved"):
            d = res[tag]
            key = {DOWN: "Down", RIGHT: "Right", "\t": "Tab"}.get(d.get("key", ""), repr(d.get("key")))
            if d.get("key_bytes_sent", d.get("key")) != d.get("key"):
                key += f" sent as {d['key_bytes_sent']!r}"
            title = name if tag == "first" else f"{name}-moved (after {key})"
            out.append(f"=== {title} — {d['toolkit']} {d['version']} — cursor={tuple(d['cursor'])} "
                       f"alt={d['alt']} cursor_visible={d.get('cursor_visible')} exited={d['exited']} backend={d['screen_backend']}"
                       + ("" if "pyte" not in d else " (pyte: same)" if d["pyte"]["same_as_main"] else " (pyte: DIFFERS)"))
            out += block(d["rows"])
            runs = [r for r in d.get("styled_runs", []) if r["text"].strip()]
            weight: dict[str, int] = {}
            for r in runs:
                k = json.dumps(r["style"], sort_keys=True)
                weight[k] = weight.get(k, 0) + len(r["text"].strip())
            common = max(weight, key=weight.get) if weight else None
            # the commonest look (a dialog's body) is left out here; the JSON has every run
            if common is not None and len(weight) >= 3 and weight[common] >= 0.6 * sum(weight.values()):
                runs = [r for r in runs if json.dumps(r["style"], sort_keys=True) != common]
            for run in runs:
                st = run["style"]
                bits = [f"{k}={tuple(v) if isinstance(v, list) else v}" if k in ("fg", "bg", "underline") else k
                        for k, v in st.items()]
                out.append(f"   ~ r{run['row']} c{run['col']}-{run['end']} [{' '.join(bits)}] {run['text']!r}")
            py = d.get("pyte")
            if py and not py["same_as_main"]:
                out.append(f"  -- pyte backend differs: cursor={tuple(py['cursor'])} alt={py['alt']}; differing rows:")
                for i, (a, b) in enumerate(zip(d["rows"], py["rows"], strict=False)):
                    if a != b:
                        out.append(f"  {i:2d}|{b.rstrip()}")
            out.append("")
    if failures:
        out.append("=== FAILED")
        for n, why in failures.items():
            out.append(f"{n}: {why}")
    with open(os.path.join(OUT, "SUMMARY.txt"), "w") as f:
        f.write("\n".join(out) + "\n")


def main() -> None:
    """render.py [NAME ...]: run all probes, or only those named; --summary: only rewrite
    SUMMARY.txt from the NAME.json files on disk. SUMMARY.txt always covers every probe
    whose JSON exists, in the table's order."""
    args = sys.argv[1:]
    os.makedirs(OUT, exist_ok=True)
    summary_only = args == ["--summary"]
    only = set() if summary_only else set(args)
    pyv = py_versions()
    jobs = []
    for name, tk, key in PY:
        mode = name.removesuffix("-tab")
        extra = {p: pyv[p] for p in [tk, *PY_DEPS.get(tk, [])]}
        jobs.append((name, tk, pyv[tk], [VENV_PY, os.path.join(PROBES, "py_probe.py"), mode], key,
                     extra if len(extra) > 1 else None))
    for name, tk, key in NODE:
        pkg = NODE_PKG.get(tk, tk)
        extra = {p: node_version(p) for p in [pkg, *NODE_DEPS.get(tk, [])]}
        jobs.append((name, tk, node_version(pkg), ["node", os.path.join(PROBES, "node_probe.mjs"), name], key,
                     extra if len(extra) > 1 else None))
    if os.path.exists(RUST_BIN):
        rv = rust_versions()
        for name, tk, key in RUST:
            jobs.append((name, tk, rv.get(tk, "?"), [RUST_BIN, name], key, None))
    fail_path = os.path.join(OUT, "failures.json")
    failures = dict(KNOWN_FAILURES)
    if os.path.exists(fail_path):
        with open(fail_path) as f:
            failures = json.load(f)
    for name, tk, ver, argv, key, extra in jobs:
        if summary_only or (only and name not in only):
            continue
        print(f"{name} ({tk} {ver}) ...", flush=True)
        failures.pop(name, None)
        try:
            run_probe(name, tk, ver, argv, key, extra)
        except Exception as e:
            failures[name] = repr(e)
            print(f"FAILED {name}: {e!r}")
    with open(fail_path, "w") as f:
        json.dump(failures, f, indent=1)
    results = []
    for name, *_ in jobs:
        paths = [os.path.join(OUT, f"{name}{sfx}.json") for sfx in ("", "-moved")]
        if all(os.path.exists(p) for p in paths):
            loaded = []
            for p in paths:
                with open(p) as f:
                    loaded.append(json.load(f))
            results.append((name, {"first": loaded[0], "moved": loaded[1]}))
    summary(results, failures)


if __name__ == "__main__":
    main()
