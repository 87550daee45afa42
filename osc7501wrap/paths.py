"""Where osc7501wrap keeps its files.

XDG-style directories on every platform (macOS included: a terminal tool's users expect
~/.config, and the man page documents it), each overridable by an environment variable:

    config   $OSC7501WRAP_CONFIG_DIR  else $XDG_CONFIG_HOME/osc7501wrap  else ~/.config/osc7501wrap
             (config.toml, rules/*.toml)
    state    $OSC7501WRAP_STATE_DIR   else $XDG_STATE_HOME/osc7501wrap   else ~/.local/state/osc7501wrap
             (logs)
    runtime  $OSC7501WRAP_RUNTIME_DIR else $XDG_RUNTIME_DIR/osc7501wrap  else <state>/run
             (the session registry and control sockets; created 0700)

platformdirs is deliberately not used for these: with XDG_RUNTIME_DIR unset it prints a
warning to stderr, and a wrapper must never write noise onto the user's terminal.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "osc7501wrap"


def _xdg(env_var: str, xdg_var: str, default: str) -> Path:
    explicit = os.environ.get(env_var)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get(xdg_var)
    if base and os.path.isabs(base):
        return Path(base) / APP
    return Path.home() / default / APP


def config_dir() -> Path:
    return _xdg("OSC7501WRAP_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")


def user_rules_dir() -> Path:
    return config_dir() / "rules"


def config_file() -> Path:
    return config_dir() / "config.toml"


def state_dir() -> Path:
    return _xdg("OSC7501WRAP_STATE_DIR", "XDG_STATE_HOME", ".local/state")


def runtime_dir(create: bool = False) -> Path:
    explicit = os.environ.get("OSC7501WRAP_RUNTIME_DIR")
    if explicit:
        path = Path(explicit).expanduser()
    else:
        base = os.environ.get("XDG_RUNTIME_DIR")
        path = Path(base) / APP if base and os.path.isabs(base) else state_dir() / "run"
    if create:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            if (path.stat().st_mode & 0o777) != 0o700:
                os.chmod(path, 0o700)
        except OSError:
            pass
    return path
