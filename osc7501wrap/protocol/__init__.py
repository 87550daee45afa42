"""OSC 7501, the Program Status Protocol, and the bytes around it on the wire.

A program reports its state to the terminal with

    ESC ] 7501 ; state=working:app=cargo:progress=40:msg=<base64> ESC \\

and asks whether the terminal understands the protocol with ``ESC ] 7501 ; ? ST``.
This package is the one place that knows the wire format, one job per module:

- :mod:`.report`: states, kinds, limits; Report, Query, Invalid; id and app checks;
- :mod:`.sanitize`: untrusted text -> one safe line of at most N bytes;
- :mod:`.jsontext`: JSON for a terminal, nothing in it a terminal acts on;
- :mod:`.encoder`: a Report -> the exact bytes; the query and its reply;
- :mod:`.parse`: one sequence's body -> Report, Query or None, strictly;
- :mod:`.scanner`: sequences found (and stripped) in a stream split anywhere;
- :mod:`.tmux`: DCS passthrough wrapping for tmux (start-up path);
- :mod:`.probe`: the terminal handshake and stdin reply filter (start-up path).

The names of the first six are importable from the package itself
(``from osc7501wrap.protocol import Report, encode``); they load on first use, so that
importing :mod:`.tmux` or :mod:`.probe` before the child starts costs nothing more. No
module is named like a name it exports (a submodule import would rebind the name).
The readings taken where terminals differ: docs/protocol.md.

Not here: writing to a terminal (the emitter, the `emit` command), any other escape
sequence (the passthrough tracker, the screen model).
"""

from __future__ import annotations

from importlib import import_module

#: public name -> the module of this package that defines it
_WHERE = {
    **dict.fromkeys(
        ("STATES", "KINDS", "PROGRESS_STATES", "OSC", "ST", "BEL", "TERMINATORS", "PREFIX",
         "MAX_SEQUENCE", "MAX_BODY", "MAX_KEY", "MAX_MSG", "MAX_MSG_ENCODED", "MAX_TITLE",
         "MAX_TITLE_ENCODED", "MAX_APP", "MAX_NAME", "MAX_ID", "MAX_ID_SEGMENTS",
         "MAX_RECORDS", "Report", "Query", "Invalid", "Event", "valid_id", "valid_app"),
        "report"),
    **dict.fromkeys(("sanitize_text", "strip_invisible", "ELLIPSIS"), "sanitize"),
    "inert_json": "jsontext",
    **dict.fromkeys(("encode", "encode_query", "query_reply"), "encoder"),
    "parse_body": "parse",
    **dict.fromkeys(("ReportScanner", "plain_chunk", "split_plain"), "scanner"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    loaded = import_module(f".{module}", __name__)
    for each, where in _WHERE.items():  # bind all of that module's names at once
        if where == module:
            globals()[each] = getattr(loaded, each)
    return globals()[name]


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
