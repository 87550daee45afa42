"""`python -m osc7501wrap`: the osc7501wrap command.

`hook` is dispatched before the command line is built: it runs on every tool call of a
wrapped agent, so it must not pay for argparse and the subcommand tree.
"""

import sys

if len(sys.argv) > 1 and sys.argv[1] == "hook":
    from .start.hook import hook_main

    raise SystemExit(hook_main(sys.argv[2:]))

from .start.cli import main

raise SystemExit(main())
