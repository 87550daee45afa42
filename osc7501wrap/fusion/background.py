"""Background work in the process tree: which processes the program started in a turn
still run after it, and how to say what they are.

:class:`ProcessTree` is given snapshots of the wrapped program's descendants (pid ->
parent, name, command line: a live session's :mod:`osc7501wrap.session.sampling`, or the
``"p"`` events of a capture) and whether a turn runs. A process is the program's
background work when it was started during a turn (first seen while one ran, or within
AFTER_TURN of its end: a sample may come that late, or under another such process) and it
still runs once the turn is over (the pipeline says no turn runs before the user's first
prompt for a program on the fallback rules: its start-up spinner is no turn). Never: the long-lived helpers, i.e. processes there before the first turn
(MCP servers, language servers, the program's own shell host), processes whose name the
manifest lists (``[background] helpers``) or that are known helpers by name or command
line (:data:`HELPER_NAMES`, :data:`HELPER_WORDS`: an MCP server or a language server
started at the first prompt, as Gemini CLI does), nor what appears between turns. The pieces
are the topmost such processes (a shell and the ``sleep`` under it are one piece).

What it does not do: read /proc (:mod:`osc7501wrap.proxy.procinfo`), or decide the state
(:meth:`osc7501wrap.fusion.fusion.Fusion.background`). No I/O, no clock.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Names of shells: a piece that is a shell is called "shell" and shown by its command.
SHELL_NAMES = frozenset({"sh", "bash", "zsh", "fish", "dash", "ksh", "mksh", "ash",
                         "tcsh", "csh", "pwsh", "nu"})
CMD_MAX = 80  # characters of a piece's command in the message
#: Long-lived helpers by name, whatever the manifest says: language servers.
HELPER_NAMES = frozenset({
    "gopls", "rust-analyzer", "clangd", "pyright", "pyright-langserver", "basedpyright",
    "pylsp", "jedi-language-server", "tsserver", "typescript-language-server", "jdtls",
    "lua-language-server", "solargraph", "zls", "ruff-lsp", "taplo", "marksman", "yaml-language-server",
    "bash-language-server", "vscode-json-language-server",
})
#: ... and by a word of their command line: an MCP server ("mcp_server.py",
#: "@modelcontextprotocol/server-github", "github-mcp-server stdio"), a language server
#: (not a shell's: its script is someone's command, "cd mcp && npm test").
HELPER_WORDS = re.compile(r"(?i)(?:^|[\s/@._-])(?:mcp|modelcontextprotocol|lsp|langserver|"
                          r"language[-_]server)(?:$|[\s/._-])")
#: A process first seen this soon (s) after a turn ended was started by it (the sample
#: that saw the turn's last moments came after it); later ones are between turns.
AFTER_TURN = 0.5


@dataclass(frozen=True, slots=True)
class Proc:
    """One process of the tree: its parent, its short name and its command line."""

    pid: int
    ppid: int
    name: str
    cmd: str = ""


def _shown(cmd: str) -> str:
    text = " ".join(cmd.split())
    return text if len(text) <= CMD_MAX else text[:CMD_MAX - 1] + "…"


def _shell_command(cmd: str) -> str:
    """The script of ``bash -c SCRIPT`` (or the whole command line)."""
    parts = cmd.split(" -c ", 1)
    return parts[1] if len(parts) == 2 and parts[1].strip() else cmd


class ProcessTree:
    """See the module docstring. :meth:`update` with each snapshot; :attr:`pieces`."""

    def __init__(self, helpers: Iterable[str] = ()) -> None:
        self.helper_names = frozenset(h.lower() for h in helpers)
        self._procs: dict[int, Proc] = {}
        self._turn_started: set[int] = set()
        self._turned = False  # a turn has run
        self._in_turn = False
        self._turn_end = -1.0  # when the last turn ended (the first snapshot without it)
        self.pieces: tuple[Proc, ...] = ()
        self._message: str | None = None

    def update(self, procs: Mapping[int, Proc], in_turn: bool, now: float) -> bool:
        """The descendants now, and whether a turn runs; True if :attr:`pieces` or what
        :meth:`message` says changed."""
        old_pieces = self.pieces
        self.turn(in_turn, now)
        after_turn = self._turned and not in_turn and now - self._turn_end <= AFTER_TURN
        for pid, p in procs.items():
            old = self._procs.get(pid)
            if old is not None and old.ppid == p.ppid:
                continue  # the same process (it may have exec'd: a new name, same parent)
            self._turn_started.discard(pid)
            helper = self._is_helper(p)
            if not helper and (in_turn or after_turn or p.ppid in self._turn_started):
                self._turn_started.add(pid)
        self._procs = dict(procs)
        self._turn_started &= procs.keys()
        pieces = tuple(sorted((p for pid, p in procs.items() if pid in self._turn_started
                               and p.ppid not in self._turn_started), key=lambda p: p.pid))
        old_msg, self.pieces = self._message, pieces
        self._message = self._describe_all()
        return [p.pid for p in pieces] != [p.pid for p in old_pieces] or self._message != old_msg

    def _is_helper(self, p: Proc) -> bool:
        names = {p.name.lower(), os.path.basename(p.cmd.split(" ", 1)[0]).lower()}
        return (bool(names & self.helper_names) or bool(names & HELPER_NAMES)
                or (p.name.lower() not in SHELL_NAMES and HELPER_WORDS.search(p.cmd) is not None))

    def turn(self, in_turn: bool, now: float) -> None:
        """Whether a turn runs, from `now` on (called when that changes, snapshot or not)."""
        if in_turn:
            self._turned = True
        elif self._in_turn:
            self._turn_end = now
        self._in_turn = in_turn

    def children_of(self, pid: int) -> list[Proc]:
        return [p for p in self._procs.values() if p.ppid == pid]

    def describe(self, piece: Proc) -> tuple[str, str]:
        """("shell", "npm test") or ("process", "node server.js"): what a piece is, and
        the command it runs (for a shell, the first program under it, else its script)."""
        if piece.name.lower() not in SHELL_NAMES:
            return "process", _shown(piece.cmd or piece.name)
        todo = self.children_of(piece.pid)
        while todo:
            p = todo.pop(0)
            if p.name.lower() not in SHELL_NAMES:
                return "shell", _shown(p.cmd or p.name)
            todo.extend(self.children_of(p.pid))
        return "shell", _shown(_shell_command(piece.cmd) if piece.cmd else piece.name)

    def message(self) -> str | None:
        """"1 background shell: npm test", "2 background processes: sleep 30, make";
        None when no piece runs."""
        return self._message

    def _describe_all(self) -> str | None:
        if not self.pieces:
            return None
        described = [self.describe(p) for p in self.pieces]
        kinds = {k for k, _ in described}
        n = len(described)
        noun = kinds.pop() if len(kinds) == 1 else "process"
        plural = {"shell": "shells", "process": "processes"}[noun] if n > 1 else noun
        return f"{n} background {plural}: " + ", ".join(c for _, c in described)
