"""`osc7501wrap shell-init bash|zsh|fish`: print the shell integration for an rc file.

What it does: reads `wrap.<shell>` from the package (`osc7501wrap/shell-integration/` in an
installed wheel, the repository's top-level `shell-integration/` in a source checkout) and
prints it after a short header that bakes in the agents' program names (the ``programs``
of the loaded manifests, rules/*.toml and the user's) and the agents the configuration
disables (`[agents.<name>] enabled = false`), for `eval "$(osc7501wrap shell-init zsh)"` or
`osc7501wrap shell-init fish | source`.

What it does not do: write any rc file, or look at the shell it runs in. What the
integration does at shell start-up (functions for installed agents, OSC 133 prompt marks)
is described at the top of each script and in wrap(1).
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from .. import __version__, rules
from ..config import Config, load_config
from ..errors import WrapError

SHELLS = ("bash", "zsh", "fish")
_SAFE_NAME = re.compile(r"[A-Za-z0-9_.+-]{1,32}")


def script_text(shell: str) -> str:
    """The integration script for `shell`, as shipped."""
    if shell not in SHELLS:
        raise WrapError(f"unknown shell {shell!r} (choose one of {', '.join(SHELLS)})")
    name = f"wrap.{shell}"
    try:
        res = resources.files("osc7501wrap") / "shell-integration" / name
        if res.is_file():
            return res.read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError):
        pass
    source_tree = Path(__file__).resolve().parents[2] / "shell-integration" / name
    try:
        return source_tree.read_text(encoding="utf-8")
    except OSError as err:
        raise WrapError(f"shell integration {name} is missing from this installation "
                        f"({err.strerror or err})", status=70) from None


def agent_programs(catalog: rules.Catalog | None = None) -> list[str]:
    """The program names that get a function: every manifest's ``programs``, in the
    manifests' order, each once (names a shell could not take as a function are left out)."""
    catalog = rules.load_manifests() if catalog is None else catalog
    out: list[str] = []
    for name in catalog.names:
        for prog in catalog.manifests[name].programs:
            if _SAFE_NAME.fullmatch(prog) and not prog.startswith("-") and prog not in out:
                out.append(prog)
    return out


def render(shell: str, cfg: Config | None = None, catalog: rules.Catalog | None = None) -> str:
    """The text `shell-init` prints: a header with the agents' programs and the config's
    opt-outs, then the script."""
    cfg = load_config() if cfg is None else cfg
    agents = agent_programs(catalog)
    skip = [n for n in cfg.disabled_agents() if _SAFE_NAME.fullmatch(n)]
    lines = [f"# osc7501wrap {__version__} shell integration for {shell}, "
             f"printed by `osc7501wrap shell-init {shell}`."]
    for problem in cfg.problems:
        lines.append("# " + " ".join(problem.split()))
    if shell == "fish":
        lines.append("set -g __osc7501wrap_agents " + " ".join(agents))
        lines.append("set -g __osc7501wrap_cfg_skip " + " ".join(skip))
    else:
        typeset = "typeset -g " if shell == "zsh" else ""
        lines.append(f"{typeset}__osc7501wrap_agents='{' '.join(agents)}'")
        lines.append(f"__osc7501wrap_cfg_skip='{' '.join(skip)}'")
    return "\n".join(lines) + "\n" + script_text(shell)


def cmd_shell_init(args: Any) -> int:
    """Print the integration for `args.shell`."""
    sys.stdout.write(render(args.shell))
    return 0
