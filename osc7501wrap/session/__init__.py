"""One wrapped program's run: the session wiring, its control socket and its registry entry."""
