"""The one exception type the command line turns into a one-line message."""

from __future__ import annotations


class WrapError(Exception):
    """A problem the user can act on. `str(err)` is the whole message (one line)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status
