"""Other machines' sessions over the user's own ssh: :mod:`.remote` (the ssh command
line, the feed's strict reader), :mod:`.machines` (one reader per machine, offline and
back, the last states kept). The far side runs `osc7501wrap feed` (commands/feed.py)."""
