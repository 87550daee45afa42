"""The osc7501wrap subcommands, one module each; nothing a run imports lives here."""
