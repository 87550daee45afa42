"""The thin command on top: `wrap CMD...` and `osc7501wrap SUBCOMMAND ...`.

Every subcommand lives in its own module as `cmd_<name>(args) -> int`; this file only
parses arguments, imports lazily (start-up time matters for `wrap`), and turns errors into
one line on stderr. No traceback ever reaches the user.
"""

from __future__ import annotations

import os
import sys

from .. import __version__
from ..errors import WrapError

TYPE_CHECKING = False  # `typing` costs milliseconds of start-up: annotations only
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence

PROG = "wrap"

RUN_USAGE = """\
usage: wrap [OPTIONS] [--] CMD [ARGS...]
       osc7501wrap run [OPTIONS] [--] CMD [ARGS...]

Run CMD in its own pseudo-terminal, pass every byte through unchanged, and report
its state (working, blocked, done, error, idle) to the terminal as OSC 7501.

options:
  --agent NAME        use the rules of this agent (default: chosen from CMD)
  --emit MODE         auto (probe the terminal), always, or never (default: auto)
  --id ID             the OSC 7501 record id to report under (default: wrap/<pid>)
  --log FILE          append every state change, with the deciding signal, to FILE
  --no-hooks          do not add agent hooks (Claude Code --settings)
  --version           print the version and exit
  -h, --help          print this help and exit

other commands (osc7501wrap COMMAND --help):
  emit, explain, record, draft-manifest, replay, shell-init, config, doctor, ls,
  send, answer, dialog, man, jump, watch, events, feed, stats, tmux-init, tmux-menu

exit status: CMD's own; 128+N if CMD was killed by signal N; 127 if CMD was not
found; 126 if it could not be executed; 2 for a usage error.
"""

_VALUE_OPTS = {"--agent": "agent", "--emit": "emit", "--id": "id", "--log": "log"}
_FLAG_OPTS = {"--no-hooks": "no_hooks"}
EMIT_MODES = ("auto", "always", "never")


def parse_run_args(argv: Sequence[str]) -> dict[str, object]:
    """Parse `wrap` options up to the first non-option word (the command).

    Options after the command belong to the command; `--` ends wrap's options.
    Raises WrapError (status 2) on a usage error; returns {"help": True} or
    {"version": True} for those flags.
    """
    opts: dict[str, object] = {"agent": None, "emit": None, "id": None, "log": None,
                               "no_hooks": False, "command": []}
    i = 0
    args = list(argv)
    while i < len(args):
        a = args[i]
        if a == "--":
            i += 1
            break
        if a in ("-h", "--help"):
            return {"help": True}
        if a == "--version":
            return {"version": True}
        if a in _FLAG_OPTS:
            opts[_FLAG_OPTS[a]] = True
            i += 1
            continue
        name, eq, value = a.partition("=")
        if name in _VALUE_OPTS:
            if not eq:
                if i + 1 >= len(args):
                    raise WrapError(f"option {name} needs a value")
                value = args[i + 1]
                i += 1
            opts[_VALUE_OPTS[name]] = value
            i += 1
            continue
        if a.startswith("-") and a != "-":
            raise WrapError(f"unknown option {a} (try wrap --help)")
        break
    opts["command"] = args[i:]
    if opts["emit"] is not None and opts["emit"] not in EMIT_MODES:
        raise WrapError(f"--emit must be one of {', '.join(EMIT_MODES)}, not {opts['emit']!r}")
    if not opts["command"]:
        raise WrapError("no command given (usage: wrap [OPTIONS] [--] CMD [ARGS...])")
    return opts


def _run(argv: Sequence[str]) -> int:
    opts = parse_run_args(argv)
    if opts.get("help"):
        sys.stdout.write(RUN_USAGE)
        return 0
    if opts.get("version"):
        sys.stdout.write(f"wrap (osc7501wrap) {__version__}\n")
        return 0
    from ..proxy.proxy import (  # `--help` and usage errors need neither
        Proxy,
        find_command,
        ignore_interrupts,
    )
    from ..session.log import say_problems
    from ..session.session import Session
    from .prepare import RunOptions, prepare

    try:  # before the terminal is probed: a CMD that is not there is one clean line
        find_command(str(opts["command"][0]))  # type: ignore[index]
    except WrapError as err:
        if err.status != 127:
            raise
        from .missing import not_found

        raise not_found(err, str(opts["command"][0])) from None  # type: ignore[index]
    setup = prepare(RunOptions(
        command=list(opts["command"]),  # type: ignore[arg-type]
        agent=opts["agent"],  # type: ignore[arg-type]
        emit=opts["emit"],  # type: ignore[arg-type]
        record_id=opts["id"],  # type: ignore[arg-type]
        log=opts["log"],  # type: ignore[arg-type]
        hooks=not opts["no_hooks"],
    ))
    say_problems(setup.notes)
    session = Session(setup.spec(), log_path=opts["log"])  # type: ignore[arg-type]
    ignore_interrupts()  # the program's from here on (forwarded while it runs)
    try:
        return Proxy(setup.argv, handler=session, env=setup.env).run()
    finally:
        session.close()


def _subcommand(module: str, func: str) -> Callable[[argparse.Namespace], int]:
    def call(args: argparse.Namespace) -> int:
        import importlib

        mod = importlib.import_module(f"osc7501wrap.{module}")
        return int(getattr(mod, func)(args) or 0)

    return call


def _fleet_options(p: argparse.ArgumentParser, many: bool = True) -> None:
    """--host (repeatable), --no-local, --ssh, --program: see osc7501wrap.fleet."""
    if many:
        p.add_argument("--host", action="append", metavar="NAME",
                       help="also this machine (an ssh destination; repeatable; default: "
                            "[fleet] hosts of the config)")
        p.add_argument("--no-local", action="store_true",
                       help="leave this machine's sessions out")
    p.add_argument("--ssh", metavar="COMMAND",
                   help="the ssh command, split as a shell would (default: $OSC7501WRAP_SSH "
                        "or ssh)")
    p.add_argument("--program", metavar="COMMAND",
                   help="osc7501wrap on the other machines, a command line for their shell "
                        "(default: $OSC7501WRAP_REMOTE_PROGRAM or osc7501wrap)")


def build_parser() -> argparse.ArgumentParser:
    import argparse  # not on the `wrap CMD` path: start-up time matters there

    p = argparse.ArgumentParser(
        prog="osc7501wrap",
        description="Report a program's state to the terminal as OSC 7501.",
    )
    p.add_argument("--version", action="version", version=f"osc7501wrap {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("run", help="run CMD in a transparent pty and report its state",
                   add_help=False)

    e = sub.add_parser("emit", help="write one OSC 7501 report to this terminal")
    e.add_argument("state", choices=["working", "blocked", "done", "error", "idle", "clear"])
    e.add_argument("--id", dest="record_id", help="record id, e.g. build/frontend")
    e.add_argument("--progress", type=int, help="0..100 (working and blocked only)")
    e.add_argument("--kind", choices=["permission", "question", "auth"])
    e.add_argument("--title", help="a short label for the record")
    e.add_argument("--msg", help="one line of text")
    e.add_argument("--app", help="a stable machine name, e.g. cargo")
    e.add_argument("--emit", choices=EMIT_MODES, default=None,
                   help="auto: probe the terminal first (default); always; never")
    e.add_argument("--print", dest="print_only", action="store_true",
                   help="print the bytes to stdout instead of writing to /dev/tty")
    e.set_defaults(func=_subcommand("start.emit", "cmd_emit"))

    x = sub.add_parser("explain", help="show which rule matches a screen or capture, and why")
    x.add_argument("file", nargs="?", help="a screen text file or a capture (default: stdin)")
    x.add_argument("--agent", help="manifest to use (default: from the capture, else generic)")
    x.add_argument("--session", help="explain a live session (pid or id from `ls`)")
    x.add_argument("--json", action="store_true", help="machine-readable output")
    x.set_defaults(func=_subcommand("commands.explain", "cmd_explain"))

    r = sub.add_parser("record", help="run CMD and write a raw capture of the session")
    r.add_argument("-o", "--output", required=True, help="capture file to write")
    r.add_argument("--agent", help="agent name stored in the capture")
    r.add_argument("cmd", nargs=argparse.REMAINDER, help="-- CMD [ARGS...]")
    r.set_defaults(func=_subcommand("commands.record", "cmd_record"))

    dm = sub.add_parser("draft-manifest", help="draft a manifest for an agent from a capture "
                        "of it (record): its dialog's, spinner's and composer's rows")
    dm.add_argument("capture", help="a capture written by `osc7501wrap record`")
    dm.add_argument("-o", "--output", metavar="FILE",
                    help="write the draft to FILE (default: standard output)")
    dm.add_argument("--name", help="the manifest's name (default: from the capture's program)")
    dm.add_argument("--force", action="store_true", help="replace FILE if it exists")
    dm.set_defaults(func=_subcommand("commands.draft", "cmd_draft_manifest"))

    rp = sub.add_parser("replay", help="print the state timeline wrap would produce for a capture")
    rp.add_argument("file")
    rp.add_argument("--agent", help="manifest to use (default: the one named in the capture)")
    rp.add_argument("--json", action="store_true")
    rp.set_defaults(func=_subcommand("commands.record", "cmd_replay"))

    si = sub.add_parser("shell-init", help="print shell integration (eval it in your rc file)")
    si.add_argument("shell", choices=["bash", "zsh", "fish"])
    si.set_defaults(func=_subcommand("commands.shell_init", "cmd_shell_init"))

    c = sub.add_parser("config", help="show the effective configuration and where each value came from")
    c.add_argument("--json", action="store_true")
    c.add_argument("--example", action="store_true", help="print a commented example config.toml")
    c.set_defaults(func=_subcommand("commands.config", "cmd_config"))

    d = sub.add_parser("doctor", help="check the terminal, tmux, manifests and paths")
    d.set_defaults(func=_subcommand("commands.doctor", "cmd_doctor"))

    ls = sub.add_parser("ls", help="list live wrapped sessions")
    ls.add_argument("--json", action="store_true")
    _fleet_options(ls)
    ls.set_defaults(func=_subcommand("commands.ls", "cmd_ls"))

    s = sub.add_parser("send", help="type TEXT into a session (refused while it is blocked)")
    s.add_argument("session", help="pid or id from `osc7501wrap ls`")
    s.add_argument("text")
    s.add_argument("--answer", action="store_true", help="allow sending while blocked")
    s.add_argument("--no-enter", action="store_true", help="do not press Enter after TEXT")
    s.set_defaults(func=_subcommand("commands.send", "cmd_send"))

    a = sub.add_parser("answer", help="choose an option of the dialog a session waits on")
    a.add_argument("session", help="pid, id or tmux pane (%%3) from `osc7501wrap ls`; "
                                   "HOST:SESSION on another machine")
    a.add_argument("choice", help="the option's number or a unique prefix of its label")
    a.add_argument("--dialog", metavar="ID",
                   help="refuse unless the dialog on screen is this one (its id)")
    a.add_argument("--wait", type=float, default=5.0, metavar="SECONDS",
                   help="how long to wait for the dialog to go (default 5)")
    a.add_argument("--tmux-client", metavar="NAME",
                   help="show the result with tmux display-message on this client")
    a.add_argument("--host", metavar="NAME", help="the machine of SESSION (as HOST:SESSION)")
    _fleet_options(a, many=False)
    a.set_defaults(func=_subcommand("commands.answer", "cmd_answer"))

    dg = sub.add_parser("dialog", help="print the whole dialog a session waits on: "
                        "question, every row of its command, options")
    dg.add_argument("session", help="pid, id or tmux pane (%%3) from `osc7501wrap ls`; "
                    "HOST:SESSION on another machine")
    dg.add_argument("--json", action="store_true")
    dg.set_defaults(func=_subcommand("commands.dialog", "cmd_dialog"))

    j = sub.add_parser("jump", help="focus the session blocked longest (tmux), or say where it is")
    j.add_argument("--next", action="store_true", help="the blocked session after the last jump")
    j.add_argument("-q", "--quiet", action="store_true", help="print nothing, only the status")
    _fleet_options(j)
    j.set_defaults(func=_subcommand("commands.jump", "cmd_jump"))

    w = sub.add_parser("watch", help="a live full-screen overview of every wrapped session")
    w.add_argument("--once", action="store_true", help="print one frame and exit")
    w.add_argument("--popup", action="store_true", help="Enter jumps and quits (a tmux popup)")
    _fleet_options(w)
    w.set_defaults(func=_subcommand("commands.watch", "cmd_watch"))

    ev = sub.add_parser("events", help="print state changes of all sessions as JSON lines")
    ev.add_argument("--once", action="store_true", help="print the current states and exit")
    _fleet_options(ev)

    fd = sub.add_parser("feed", help="this machine's sessions as JSON lines, for another "
                                     "machine's watch, ls, events (over ssh)")
    fd.add_argument("--once", action="store_true", help="print one line and exit")
    fd.set_defaults(func=_subcommand("commands.feed", "cmd_feed"))
    ev.set_defaults(func=_subcommand("commands.events", "cmd_events"))

    st = sub.add_parser("stats", help="how long agents worked and waited for you (the ledger)")
    st.add_argument("--since", metavar="SPAN", default="7d",
                    help="a span back from now (7d, 12h, 30m, 2w) or a date 2026-11-30 "
                         "(default 7d)")
    st.add_argument("--by", choices=("agent", "project", "day", "host"), default="agent",
                    help="one row per agent (default), project directory, day or machine "
                         "(each row of each machine)")
    fmt = st.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="one JSON object")
    fmt.add_argument("--csv", action="store_true", help="CSV, one line per row")
    fmt.add_argument("--feed", action="store_true",
                     help="this machine's ledger changes as one JSON object, for another "
                          "machine's stats (over ssh)")
    _fleet_options(st)
    st.set_defaults(func=_subcommand("commands.stats", "cmd_stats"))

    ti = sub.add_parser("tmux-init", help="print a tmux snippet: state glyphs, waiting count, jump key")
    ti.add_argument("--status", action="store_true", help="print the status-line count only")
    ti.add_argument("-o", "--output", metavar="FILE",
                    help="write the snippet to FILE (its directory made) and say how to load it")
    ti.set_defaults(func=_subcommand("commands.tmux_init", "cmd_tmux_init"))

    tm = sub.add_parser("tmux-menu", help="tmux's menu of the dialog waiting longest (prefix a)")
    tm.add_argument("--client", metavar="NAME", help="the tmux client to show it on")
    tm.set_defaults(func=_subcommand("commands.tmux_menu", "cmd_tmux_menu"))

    m = sub.add_parser("man", help="print the wrap(1) manual page")
    m.set_defaults(func=_subcommand("commands.manpage", "cmd_man"))
    return p


def _guard(fn: Callable[[], int], prog: str) -> int:
    try:
        return fn()
    except WrapError as err:
        sys.stderr.write(f"{prog}: {err}\n")
        return err.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # stdout closed early (`osc7501wrap ls | head`): not an error worth a message.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except Exception as err:  # never a traceback on the user's terminal
        sys.stderr.write(f"{prog}: internal error: {type(err).__name__}: {err}\n")
        if os.environ.get("OSC7501WRAP_DEBUG"):
            import traceback

            traceback.print_exc()
        return 70


def wrap_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `wrap` command."""
    args = sys.argv[1:] if argv is None else list(argv)
    return _guard(lambda: _run(args), PROG)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `osc7501wrap` command."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] == "run":
        return _guard(lambda: _run(args[1:]), "osc7501wrap")
    if args and args[0] == "hook":  # internal: Claude Code hooks (always exits 0, silently)
        from .hook import hook_main

        return hook_main(args[1:])

    def go() -> int:
        parser = build_parser()
        ns = parser.parse_args(args)
        if not getattr(ns, "func", None):
            parser.print_help()
            return 2
        return ns.func(ns)

    return _guard(go, "osc7501wrap")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
