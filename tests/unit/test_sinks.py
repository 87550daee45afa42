"""The sinks as the session sees them: which ones a session gets (report.sinks, from the
config and one detection of the terminal), each one driven through the one interface
(report.sink.Sink), and the window-title marker's bytes."""

from __future__ import annotations

from pathlib import Path

from osc7501wrap.config import Fallbacks
from osc7501wrap.fusion.fusion import Decision
from osc7501wrap.report.detect import detect
from osc7501wrap.report.emitter import Emitter
from osc7501wrap.report.herdr import HerdrReporter
from osc7501wrap.report.sink import Sink, TitleMarker
from osc7501wrap.report.sinks import Place, Sinks, route
from osc7501wrap.report.terminals import TerminalChannels
from osc7501wrap.report.tmux_display import TmuxDisplay
from osc7501wrap.session.listing import DIALOG_WAIT, Listing
from osc7501wrap.session.registry import SessionFile
from osc7501wrap.stream.tracker import StreamTracker

ST = b"\x1b\\"


def dec(state: str, kind: str | None = None, msg: str | None = None) -> Decision:
    return Decision(state, kind, msg, None, "screen", "rule@1", 0.0)


def place(**fallbacks: object) -> Place:
    return Place(fallbacks=Fallbacks(**fallbacks),  # type: ignore[arg-type]
                 record_id="wrap/1", app="claude-code", agent="claude", manifest="claude",
                 argv=("claude",), cwd="/src/app")


def chosen(env: dict[str, str], *, emit: bool = False, **fallbacks: object) -> list[Sink]:
    outs = Sinks.chosen(place(**fallbacks), detect(env), emit=emit, tracker=StreamTracker(),
                          log=lambda text: None)
    return [part for name in outs.names() if (part := outs.get(name)) is not None]


def kinds(sinks: list[Sink]) -> list[type]:
    return [type(o) for o in sinks]


def test_a_plain_terminal_gets_the_emitter_only() -> None:
    sinks = chosen({"TERM": "xterm-256color"})
    assert kinds(sinks) == [Emitter]
    e = sinks[0]
    assert isinstance(e, Emitter) and e.notify_via == "bel" and not e.seven501


def test_each_place_is_chosen_from_the_environment_and_the_config() -> None:
    env = {"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%3",
           "HERDR_ENV": "1", "HERDR_PANE_ID": "p1", "HERDR_SOCKET_PATH": "/nonexistent"}
    sinks = chosen(env, title=True)
    assert kinds(sinks) == [Emitter, TmuxDisplay, TerminalChannels, TitleMarker,
                              HerdrReporter]
    emitter, tmux, channels = sinks[0], sinks[1], sinks[2]
    assert isinstance(channels, TerminalChannels) and channels.channels == {"osc99"}
    # kitty's notifications come from its own channel, not twice
    assert isinstance(emitter, Emitter) and emitter.notify_via == "none"
    assert isinstance(tmux, TmuxDisplay) and tmux.agent == "claude" and not tmux.progress
    # with OSC 7501 the terminal alerts by itself: no osc99, no title marker
    assert kinds(chosen(env, emit=True, title=True)) == [Emitter, TmuxDisplay, HerdrReporter]
    assert kinds(chosen(env, channels=("none",))) == [Emitter, TmuxDisplay, HerdrReporter]


def test_one_detection_says_the_channels_and_the_notification_channel() -> None:
    assert detect({"TERM": "xterm-kitty"}).notify == "osc99"
    assert detect({"TERM_PROGRAM": "iTerm.app"}).notify == "osc9"
    assert detect({"TERM_PROGRAM": "ghostty"}).notify == "osc777"
    assert detect({"TERM": "xterm"}).notify == "bel"
    # inside tmux the outer terminal's name adds channels, not a notification channel
    named = detect({"TERM_PROGRAM": "tmux"}, terminal_name="kitty(0.40.0)")
    assert named.channels == {"osc99"} and named.notify == "bel"
    assert route(Fallbacks(notify_via="osc777"), detect({"TERM": "xterm"}),
                 emit=False).notifier == "osc777"
    e = chosen({"TERM": "xterm"}, notify_via="osc777")[0]
    assert isinstance(e, Emitter) and e.notify_via == "osc777"


def test_every_output_takes_a_decision_and_the_exit_alike() -> None:
    sinks = chosen({"TERM": "xterm-kitty"}, title=True)
    for out in sinks:
        out.decided(dec("blocked", "permission", "Allow edit?"), 1.0)
    due = [out.next_deadline(1.0) for out in sinks]
    assert all(d is not None and d <= 1.0 for d in due)  # blocked: at the next safe point
    written = b"".join(out.due_bytes(1.0) for out in sinks)
    assert b"\x1b]9;4;4" + ST in written  # the emitter's progress fallback
    assert b"\x1b]99;" in written  # kitty's notification
    assert b"\x1b]2;\xe2\x8f\xb8 claude-code" + ST in written  # the title's mark
    assert all(out.next_deadline(1.0) is None for out in sinks)  # nothing left
    last = b"".join(out.exited(0, None, 2.0) for out in sinks)
    assert last.endswith(b"\x1b]2;" + ST)  # the program's own title (none) back


def test_the_title_marker_marks_and_follows_the_programs_title() -> None:
    tracker = StreamTracker()
    title = TitleMarker(app="make", tracker=tracker)
    title.decided(dec("idle"), 0.0)
    assert title.due_bytes(0.0) == b""  # nothing marked yet: the program's title is left alone
    title.decided(dec("working"), 1.0)
    assert title.due_bytes(1.0) == "\x1b]2;▶ make\x1b\\".encode()
    tracker.feed(b"\x1b]2;build\x07")  # the program sets its own title
    assert title.next_deadline(2.0) == 2.0
    title.poll(2.0)
    assert title.due_bytes(2.0) == "\x1b]2;▶ build\x1b\\".encode()
    assert title.next_deadline(3.0) is None
    title.decided(dec("done"), 3.0)
    assert title.due_bytes(3.0) == "\x1b]2;✔ build\x1b\\".encode()
    assert title.exited(0, None, 4.0) == b"\x1b]2;build\x1b\\"


def test_the_registry_entry_is_an_output(tmp_path: Path) -> None:
    file = SessionFile(pid=4242, directory=tmp_path)
    assert file.create({"state": "idle"})
    entry = Listing(file)
    dialog = {"id": "d", "question": "Allow?", "options": []}
    entry.decided(dec("blocked", "permission", "Allow\x1b[2J edit?"), 1.0, dialog)
    assert file.entry["state"] == "blocked" and file.entry["dialog"] == dialog
    assert "\x1b" not in file.entry["msg"]
    entry.exited(3, None, 2.0)
    entry.close()
    assert not (tmp_path / "4242.json").exists()
    assert (tmp_path / "4242.ended.json").exists()


def test_a_blocked_state_said_before_its_dialog_is_listed_once_with_it(tmp_path: Path) -> None:
    """A hook says blocked (no dialog yet), the screen's reading brings the dialog, the
    agent's own report another message: `events` sees one blocked line, with the
    dialog. A blocked state whose dialog is never read is listed once the wait ends."""
    from osc7501wrap.commands.events import Tracker

    file = SessionFile(pid=4243, directory=tmp_path)
    assert file.create({"pid": 4243, "state": "working"})
    entry = Listing(file)
    events = Tracker()

    def seen() -> list[dict[str, object]]:
        entry.poll(now)
        return [e for e in events.changes([dict(file.entry)]) if e["state"] == "blocked"]

    now = 1.0
    assert seen() == []
    entry.decided(dec("blocked", "permission", "Bash"), now)  # the hook: no dialog yet
    assert file.entry["state"] == "working" and seen() == []
    assert entry.next_deadline(now) == now + DIALOG_WAIT
    now = 1.05
    dialog = {"id": "d1", "question": "Bash: ls -la", "subject": ["ls -la"], "partial": False,
              "options": []}
    entry.decided(dec("blocked", "permission", "Bash: ls -la"), now, dialog)  # the screen
    first = seen()
    assert [e["dialog"] for e in first] == [dialog]
    entry.decided(dec("blocked", "permission", "approve Bash: ls -la"), now, dialog)  # native
    assert seen() == []  # the same dialog: no second line
    entry.decided(dec("working", None, None), now)
    assert seen() == []
    # a second dialog: its own line; one never read is listed once, after the wait
    entry.decided(dec("blocked", "permission", "Bash: rm"), now, {**dialog, "id": "d2"})
    assert [e["dialog"]["id"] for e in seen()] == ["d2"]  # type: ignore[index]
    entry.decided(dec("working", None, None), now)
    entry.decided(dec("blocked", "auth", "Password:"), now)
    assert seen() == []
    now += DIALOG_WAIT
    assert [(e["kind"], e["dialog"]) for e in seen()] == [("auth", None)]
    assert seen() == []
