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

Each directory comes as a :class:`pathlib.Path` (``config_dir()``) and as a plain string
(``config_dir_str()``, the same path as ``str(config_dir())``): ``wrap`` itself uses the
strings before the child starts, where importing pathlib would cost start-up time.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # `typing` and pathlib cost start-up time: annotations only
if TYPE_CHECKING:
    from pathlib import Path

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


def config_dir_str() -> str:
    return _xdg("OSC7501WRAP_CONFIG_DIR", "XDG_CONFIG_HOME", ".config")


def config_file_str() -> str:
    return os.path.join(config_dir_str(), "config.toml")


def state_dir_str() -> str:
    return _xdg("OSC7501WRAP_STATE_DIR", "XDG_STATE_HOME", ".local/state")


def runtime_dir_str(create: bool = False) -> str:
    explicit = os.environ.get("OSC7501WRAP_RUNTIME_DIR")
    if explicit:
        path = normalize(os.path.expanduser(explicit))
    else:
        base = os.environ.get("XDG_RUNTIME_DIR")
        path = (normalize(os.path.join(base, APP)) if base and os.path.isabs(base)
                else os.path.join(state_dir_str(), "run"))
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


def _path(path: str) -> Path:
    from pathlib import Path

    return Path(path)


def config_dir() -> Path:
    return _path(config_dir_str())


def user_rules_dir() -> Path:
    return config_dir() / "rules"


def config_file() -> Path:
    return _path(config_file_str())


def state_dir() -> Path:
    return _path(state_dir_str())


def runtime_dir(create: bool = False) -> Path:
    return _path(runtime_dir_str(create))
