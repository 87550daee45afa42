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

Each directory comes as a plain string, spelled as ``str(pathlib.Path(...))`` would spell
it: ``wrap`` needs them before the child starts, where pathlib costs 2.8 ms to import;
callers that want a :class:`pathlib.Path` make one.
"""

from __future__ import annotations

import os

APP = "osc7501wrap"


def normalize(path: str) -> str:
    """`path` spelled as ``str(pathlib.Path(path))``: no empty or "." parts, no trailing slash."""
    if path.startswith("//") and not path.startswith("///"):
        lead = "//"
    else:
        lead = "/" if path.startswith("/") else ""
    return lead + "/".join(p for p in path.split("/") if p and p != ".") or "."


def _home() -> str:
    return os.path.expanduser("~")


def _xdg(env_var: str, xdg_var: str, default: str) -> str:
    explicit = os.environ.get(env_var)
    if explicit:
        return normalize(os.path.expanduser(explicit))
    base = os.environ.get(xdg_var)
    if base and os.path.isabs(base):
        return normalize(os.path.join(base, APP))
    return normalize(os.path.join(_home(), default, APP))


def config_dir() -> str:
    return _xdg("OSC7501WRAP_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")


def config_file() -> str:
    return os.path.join(config_dir(), "config.toml")


def state_dir() -> str:
    return _xdg("OSC7501WRAP_STATE_DIR", "XDG_STATE_HOME", ".local/state")


def runtime_dir(create: bool = False) -> str:
    explicit = os.environ.get("OSC7501WRAP_RUNTIME_DIR")
    if explicit:
        path = normalize(os.path.expanduser(explicit))
    else:
        base = os.environ.get("XDG_RUNTIME_DIR")
        path = (normalize(os.path.join(base, APP)) if base and os.path.isabs(base)
                else os.path.join(state_dir(), "run"))
    if create:
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.stat(path)
        if st.st_uid != os.getuid():  # someone else's directory: never put sockets there
            raise OSError(f"{path} is owned by another user (uid {st.st_uid})")
        try:
            if (st.st_mode & 0o777) != 0o700:
                os.chmod(path, 0o700)
        except OSError:
            pass
    return path


def user_rules_dir() -> str:
    return os.path.join(config_dir(), "rules")
