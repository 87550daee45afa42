"""What the terminal is, and what the session runs inside: one reading of the environment.

:func:`detect` reads every variable that says it (``TERM``, ``TERM_PROGRAM``,
``LC_TERMINAL``, ``KITTY_WINDOW_ID``, ``WEZTERM_PANE``, tmux's through
:func:`osc7501wrap.protocol.tmux.tmux_env`, herdr's ``HERDR_*``) once, into a frozen
:class:`Terminal` that is passed down: ``wrap`` reads it before the child starts (the
probe needs tmux's depth) and the sinks are chosen from it at the boot. A fact learned
later (the outer terminal's own name, as tmux tells it) makes a new value
(:meth:`Terminal.named`), never a second reading.

What the value says: the terminals' own channels it takes (:attr:`Terminal.channels`:
``uservar`` for iTerm2 and WezTerm, ``osc99`` for kitty, ``osc26`` for Otty), its
notification channel for ``notify_via = "auto"`` (:attr:`Terminal.notify`), and which
pane, in words (:attr:`Terminal.where`).

Start-up boundary: imported before the child starts, so only cheap imports (os,
collections.abc, the value base class, protocol.tmux). Not here: what the channels write
(:mod:`.terminals`), which sinks a session gets (:mod:`.sinks`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..frozen import Frozen  # not dataclasses: 6.0 ms before the child (see frozen.py)
from ..protocol.tmux import TmuxEnv, tmux_env


class Terminal(Frozen):
    """The terminal as its environment describes it (:func:`detect`), with the outer
    terminal's XTVERSION name once tmux told it (`outer`). `herdr`: (socket path, pane
    id) of a herdr pane, else None."""

    FIELDS = ("term", "program", "lc_terminal", "kitty_window", "wezterm_pane", "outer",
              "tmux", "herdr")
    __slots__ = FIELDS
    term: str
    program: str
    lc_terminal: str
    kitty_window: str
    wezterm_pane: str
    outer: str
    tmux: TmuxEnv
    herdr: tuple[str, str] | None

    def __init__(self, term: str = "", program: str = "", lc_terminal: str = "",
                 kitty_window: str = "", wezterm_pane: str = "", outer: str = "",
                 tmux: TmuxEnv | None = None, herdr: tuple[str, str] | None = None) -> None:
        self._init(term, program, lc_terminal, kitty_window, wezterm_pane, outer,
                   TmuxEnv() if tmux is None else tmux, herdr)

    def named(self, outer: str) -> Terminal:
        """The same terminal with its own name as tmux got it (XTVERSION)."""
        return self.replace(outer=outer)

    @property
    def channels(self) -> frozenset[str]:
        """The terminals' own channels it takes (see the module docstring)."""
        term, prog, lc = self.term.lower(), self.program.lower(), self.lc_terminal.lower()
        name = self.outer.lower()
        out: set[str] = set()
        if (prog in ("iterm.app", "wezterm") or lc in ("iterm2", "wezterm")
                or term == "wezterm" or self.wezterm_pane
                or name.startswith(("iterm2", "wezterm"))):
            out.add("uservar")
        if self._kitty or name.startswith("kitty"):
            out.add("osc99")
        if prog == "otty" or "otty" in term.split("-") or name.startswith("otty"):
            out.add("osc26")
        return frozenset(out)

    @property
    def notify(self) -> str:
        """Its notification channel (osc9 | osc777 | osc99 | bel), from the environment
        only: the outer name adds channels, not a notification channel."""
        term, prog, lc = self.term.lower(), self.program.lower(), self.lc_terminal.lower()
        if self._kitty:
            return "osc99"
        if prog == "iterm.app" or lc == "iterm2":
            return "osc9"
        if (prog in ("ghostty", "wezterm") or term in ("xterm-ghostty", "wezterm")
                or term.startswith(("foot", "rxvt-unicode"))):
            return "osc777"
        return "bel"

    @property
    def where(self) -> str:
        """Which pane, in words: the tmux pane, the kitty window, or the tty."""
        if self.tmux.pane:
            return f"tmux pane {self.tmux.pane}"
        if self.kitty_window.isdigit():
            return f"kitty window {self.kitty_window}"
        try:
            return os.ttyname(0)
        except OSError:
            return "a terminal"

    @property
    def _kitty(self) -> bool:
        return "kitty" in self.term.lower() or bool(self.kitty_window)


def detect(env: Mapping[str, str], terminal_name: str | None = None) -> Terminal:
    """The terminal `env` describes (and XTVERSION's name, as tmux got it)."""
    herdr = None
    if env.get("HERDR_ENV") == "1":
        path, pane = env.get("HERDR_SOCKET_PATH", ""), env.get("HERDR_PANE_ID", "")
        herdr = (path, pane) if path and pane else None
    return Terminal(env.get("TERM", ""), env.get("TERM_PROGRAM", ""),
                    env.get("LC_TERMINAL", ""), env.get("KITTY_WINDOW_ID", ""),
                    env.get("WEZTERM_PANE", ""), terminal_name or "", tmux_env(env), herdr)
