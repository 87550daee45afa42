"""The `osc7501wrap COMMAND` subcommands, one module each: `doctor`, `explain`,
`record` and `replay` (:mod:`.record`), `man` (:mod:`.manpage`), `ls`, `send`,
`config`, `shell-init`, the live views `jump`, `watch`, `events`, `tmux-init`, and
`feed` (what the live views of another machine read over ssh).

The command line loads a command's module by name when that command runs; nothing that
runs inside a live session imports this package (tests/unit/test_layout.py checks it).
Not here: `wrap` itself, `emit` and `hook` (the start-up boundary), the engine the
commands drive (pipeline, rules, screen, protocol).
"""
