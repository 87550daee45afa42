"""`osc7501wrap` subcommands, one module each (`cmd_<name>(args) -> int`)."""
