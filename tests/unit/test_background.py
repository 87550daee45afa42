"""Background work: a turn that ended while work it started still runs reads working,
until the last piece ends; the agent's own word for it wins over a screen rule that reads
the same screen as a finished turn; the process tree tells it for any program.

What it does not test: the live sampling of /proc and pidfds (tests/pty/test_background.py
and the e2e tests with the real agents do).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from playbook import Playbook

from osc7501wrap import rules
from osc7501wrap.agents.claude import hook_edge
from osc7501wrap.capture import read_capture
from osc7501wrap.commands.record import replay
from osc7501wrap.errors import WrapError
from osc7501wrap.fusion.background import Proc, ProcessTree
from osc7501wrap.fusion.classifier import ScreenReading
from osc7501wrap.fusion.events import Output, Processes, Typed, Written
from osc7501wrap.fusion.fusion import Fusion
from osc7501wrap.fusion.pipeline import Pipeline
from osc7501wrap.protocol import Report
from osc7501wrap.rules import ManifestError, parse_manifest_text

CAPTURES = Path(__file__).resolve().parents[1] / "captures"


def _claude() -> rules.Manifest:
    m = rules.load_manifests(user_dir=None).get("claude")
    assert m is not None
    return m


def _screen(state: str, rule: str, t: float, *, visible: bool = False,
            background: str | None = None) -> ScreenReading:
    return ScreenReading(state, None, None, rule, "7", visible, t, turn_marker=True,
                         background=background)


# ------------------------------------------------------------------ fusion


def test_the_agents_own_working_with_its_reason_is_not_overridden_by_a_turn_end_rule() -> None:
    f = Fusion(0.0, background_native=_claude().background.native)
    f.screen(_screen("working", "spinner", 1.0), 1.0)
    f.native(Report(state="working"), 1.1)
    f.native(Report(state="working", msg="1 shell still running"), 4.0)
    # the screen reads the same frame as a finished turn (a rule without the footer's count)
    f.screen(_screen("idle", "turn_done", 4.3, visible=True), 4.3)
    for t in (4.3, 6.0, 20.0):
        f.age(t)
        cur = f.current()
        assert (cur.state, cur.msg, cur.signal) == ("working", "1 shell still running", "native")
    assert f.turn_state == "done"  # the turn itself is over
    f.native(Report(state="done"), 21.0)  # its own next report: the work ended
    assert f.current().state == "done"


def test_a_working_report_without_background_words_is_a_turn_edge_as_before() -> None:
    f = Fusion(0.0, background_native=_claude().background.native)
    f.screen(_screen("working", "spinner", 1.0), 1.0)
    f.native(Report(state="working", msg="Reading notes.txt"), 4.0)
    f.screen(_screen("idle", "turn_done", 4.3, visible=True), 4.3)
    assert f.current().state == "done"


def test_a_stop_hook_ends_the_turn_but_the_screens_background_work_holds_working() -> None:
    f = Fusion(0.0)
    f.hook(hook_edge("UserPromptSubmit", {}), 1.0)
    f.screen(_screen("idle", "turn_done", 3.0, visible=True, background="1 shell"), 3.0)
    f.hook(hook_edge("Stop", {}), 3.1)
    cur = f.current()
    assert (cur.state, cur.msg, cur.signal) == ("working", "1 shell", "screen")
    f.age(10.0)
    assert f.current().state == "working"
    f.screen(_screen("idle", "turn_done", 12.0, visible=True), 12.0)  # the count is gone
    cur = f.current()
    assert (cur.state, cur.at) == ("done", 12.0)


def test_process_tree_background_holds_a_native_done_and_ends_with_the_last_piece() -> None:
    f = Fusion(0.0)
    f.native(Report(state="working"), 1.0)
    f.background(1, "1 background shell: npm test", "process tree", 2.0)
    assert f.current().state == "working"  # in the turn: the turn's own working
    f.native(Report(state="done"), 3.0)
    cur = f.current()
    assert (cur.state, cur.msg, cur.signal) == ("working", "1 background shell: npm test",
                                                "process")
    f.background(0, None, "process tree", 9.0)
    assert (f.current().state, f.current().at) == ("done", 9.0)
    # what was published, in order: working, working (background), done; never done early
    assert [d.state for d in f.drain()] == ["working", "working", "done"]


def test_a_new_turn_while_background_work_runs_is_a_turn_and_ends_in_it() -> None:
    f = Fusion(0.0)
    f.native(Report(state="working"), 1.0)
    f.background(1, "1 background shell: sleep 30", "process tree", 2.0)
    f.native(Report(state="done"), 3.0)
    f.input_submitted(4.0)  # the prompt is usable: a new turn starts
    f.native(Report(state="working"), 4.1)
    assert f.turn_state == "working"
    f.native(Report(state="done"), 6.0)
    assert f.current().msg == "1 background shell: sleep 30"
    f.background(0, None, "process tree", 8.0)
    assert f.current().state == "done"


# ------------------------------------------------------------------ the capture, replayed


def test_claude_background_shell_replayed_without_the_footer_rule_keeps_its_own_working() -> None:
    """A playbook: the real session (Claude Code 2.1.328 reporting natively); with the
    manifest's background_work rule taken out, only turn_done reads the frame after the
    turn, as a finished turn. Claude's own working, "1 shell still running", still holds
    until the exit dialog."""
    cap = read_capture(CAPTURES / "claude-2.1.328" / "background-shell-7501.jsonl")
    m = _claude()
    bare = dataclasses.replace(m, rules=tuple(r for r in m.rules if not r.background),
                               ordered=(), health=rules.Health())
    steps = [s for s in replay(cap, bare, backend="pyte") if not s.marker]
    turn_end = next(s.t for s in cap.events if s.type == "m" and s.payload == "working"
                    and s.t > 3.5)
    after = [s for s in steps if turn_end <= s.t < 5.8]
    assert after, steps
    assert all(s.state == "working" for s in after), after
    assert after[-1].msg == "1 shell still running" and after[-1].signal == "native"


def test_the_footer_rule_reads_background_work_and_not_the_turns_state() -> None:
    m = _claude()
    ev = rules.Evaluator(m)
    lines = ["✻ Worked for 3s · 1 shell still running", "", "─" * 40, "❯ ", "─" * 40,
             "  ⏸ manual mode on · 1 shell · ← for agents · ↓ to manage"]
    v = ev.evaluate(rules.Snapshot(lines=lines))
    assert (v.state, v.rule_id, v.background) == ("idle", "turn_done", "1 shell")
    traces = rules.explain(m, rules.Snapshot(lines=lines))
    assert [t.id for t in traces if t.winner] == ["turn_done"]
    v = rules.Evaluator(m).evaluate(rules.Snapshot(lines=[*lines[:-1], "  ⏸ manual mode on"]))
    assert (v.state, v.background) == ("idle", None)


# ------------------------------------------------------------------ the process tree


def _procs(*rows: tuple[int, int, str, str]) -> dict[int, Proc]:
    return {r[0]: Proc(*r) for r in rows}


AGENT = 100
MCP = (101, AGENT, "python3", "python3 mcp_server.py")
LSP = (102, AGENT, "gopls", "gopls serve")
SHELL = (110, AGENT, "bash", "/bin/bash -c -l eval 'npm test' < /dev/null")
NPM = (111, 110, "npm test", "npm test")
TOOL = (120, AGENT, "bash", "/bin/bash -c ls")


def test_what_a_turn_leaves_running_is_background_work_and_helpers_never_are() -> None:
    t = ProcessTree(helpers=["gopls"])
    assert not t.update(_procs(MCP), in_turn=False, now=1.0)  # there at start: a helper
    # in the turn they are its pieces already (fusion holds them only once the turn ends);
    # the language server is a helper by the manifest's name, the npm under the shell no piece
    assert t.update(_procs(MCP, LSP, SHELL, NPM, TOOL), in_turn=True, now=2.0)
    assert [p.pid for p in t.pieces] == [110, 120]
    assert t.update(_procs(MCP, LSP, SHELL, NPM), in_turn=False, now=3.0)  # the tool ended with it
    assert [p.pid for p in t.pieces] == [110]
    assert t.message() == "1 background shell: npm test"
    assert t.update(_procs(MCP, LSP), in_turn=False, now=4.0)
    assert t.pieces == () and t.message() is None


def test_a_process_that_appears_between_turns_is_not_a_turns_work() -> None:
    t = ProcessTree()
    t.update(_procs(MCP), in_turn=False, now=5.0)
    t.update(_procs(MCP), in_turn=True, now=6.0)
    t.update(_procs(MCP), in_turn=False, now=7.0)  # the first look after the turn
    t.update(_procs(MCP, (130, AGENT, "git", "git status")), in_turn=False, now=8.0)
    assert t.pieces == ()  # a second after the turn: between turns
    # but one first seen in the first look after the turn (started at its very end) is
    t2 = ProcessTree()
    t2.update(_procs(MCP), in_turn=False, now=9.0)
    t2.update(_procs(MCP), in_turn=True, now=10.0)
    t2.update(_procs(MCP, (131, AGENT, "sleep", "sleep 25")), in_turn=False, now=11.0)
    assert t2.message() == "1 background process: sleep 25"


def test_the_message_names_every_piece_and_stays_one_line() -> None:
    t = ProcessTree()
    t.update({}, in_turn=True, now=12.0)
    t.update(_procs((140, AGENT, "sleep", "sleep 30"),
                    (141, AGENT, "node", "node server.js " + "x" * 200 + "\n$(rm -rf /)")),
             in_turn=False, now=12.1)
    msg = t.message()
    assert msg is not None and msg.startswith("2 background processes: sleep 30, node server.js")
    assert "\n" not in msg and len(msg) < 200


# ------------------------------------------------------------------ data


def test_a_capture_carries_the_process_tree_and_rejects_a_broken_one(tmp_path: Path) -> None:
    head = {"format": "osc7501wrap-capture", "version": 1, "cols": 80, "rows": 24,
            "argv": ["x"]}
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(head) + "\n" + json.dumps([0.5, "p", [[7, 1, "sleep", "sleep 9"]]])
                    + "\n")
    assert read_capture(good).events[0].payload == [[7, 1, "sleep", "sleep 9"]]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(head) + "\n" + json.dumps([0.5, "p", [["7", 1, "sleep"]]]) + "\n")
    with pytest.raises(WrapError, match="line 2: processes must be"):
        read_capture(bad)


MANIFEST = """
[manifest]
name = "x"
version = "1"
[[rule]]
id = "r"
state = "{state}"
region = "screen"
contains = "1 shell"
background = true
"""


def test_manifest_background_is_checked() -> None:
    with pytest.raises(ManifestError, match="true only on working"):
        parse_manifest_text(MANIFEST.format(state="idle"))
    m = parse_manifest_text(MANIFEST.format(state="working")
                            + '[background]\nnative = ["still running"]\nhelpers = ["gopls"]\n')
    assert m.background.helpers == ("gopls",) and m.rules[0].background
    with pytest.raises(ManifestError, match="none says"):
        parse_manifest_text(MANIFEST.format(state="working")
                            + '[background]\nnone = "no such thing"\nhelpers = ["gopls"]\n')
    with pytest.raises(ManifestError, match="helpers must be"):
        parse_manifest_text(MANIFEST.format(state="working") + '[background]\nhelpers = ["$(x)"]\n')


def test_codex_background_terminal_is_held_by_the_process_tree_its_capture_recorded() -> None:
    """Codex 0.169.0 reports done at the turn's end and draws nothing for its background
    terminal; the capture's process tree (``p`` events) holds working until the command
    ends (the harness's done, when it wrote late.txt). Without them: done at once."""
    path = CAPTURES / "codex-0.169.0" / "background-terminal.jsonl"
    cap = read_capture(path)
    m = rules.load_manifests(user_dir=None).get("codex")
    assert m is not None
    done_at = next(e.t for e in cap.events if e.type == "m" and e.payload == "done")
    turn_end = max(e.t for e in cap.events if e.type == "m" and e.payload == "working")
    steps = [s for s in replay(cap, m, backend="pyte") if not s.marker]
    held = [s for s in steps if turn_end <= s.t < done_at]
    assert held and all(s.state == "working" for s in held), held
    assert held[-1].msg == "1 background shell: sleep 8" and held[-1].signal == "process"
    first_done = next(s for s in steps if s.state == "done")
    assert 0 <= first_done.t - done_at <= 0.3, (first_done, done_at)
    bare = dataclasses.replace(cap, events=[e for e in cap.events if e.type != "p"])
    early = next(s for s in replay(bare, m, backend="pyte") if s.state == "done" and not s.marker)
    assert early.t < done_at - 5, early


def test_an_mcp_server_or_language_server_started_in_a_turn_is_a_helper() -> None:
    """Gemini CLI starts its MCP servers at the first prompt: in the turn, not before."""
    t = ProcessTree()
    t.update({}, in_turn=False, now=0.0)
    t.update(_procs((150, AGENT, "python3", "python3 /x/tests/fakeapi/mcp_server.py"),
                    (151, AGENT, "node", "node /y/typescript-language-server --stdio"),
                    (152, AGENT, "bash", "bash -c cd mcp-tools && npm test"),
                    (153, AGENT, "gopls", "gopls")), in_turn=True, now=1.0)
    t.update(_procs((150, AGENT, "python3", "python3 /x/tests/fakeapi/mcp_server.py"),
                    (151, AGENT, "node", "node /y/typescript-language-server --stdio"),
                    (152, AGENT, "bash", "bash -c cd mcp-tools && npm test"),
                    (153, AGENT, "gopls", "gopls")), in_turn=False, now=2.0)
    assert [p.pid for p in t.pieces] == [152]  # a shell's command is someone's work


@pytest.mark.parametrize(("footer", "what"), [
    ("⏸ manual mode on · 1 shell · ← for agents · ↓ to manage", "1 shell"),
    ("⏸ manual mode on · 2 shells, 1 monitor · ↓ to manage", "2 shells, 1 monitor"),
    ("? for shortcuts · 1 background agent", "1 background agent"),
    ("⏵⏵ auto mode on · 3 background tasks · ↓ to manage", "3 background tasks"),
    ("⏸ manual mode on · ← for agents", None),
    ("⏸ manual mode on · 12 tasks done", None),
])
def test_claude_footer_counts_of_background_work(footer: str, what: str | None) -> None:
    lines = ["✻ Worked for 3s", "", "─" * 40, "❯ ", "─" * 40, f"  {footer}"]
    v = rules.Evaluator(_claude()).evaluate(rules.Snapshot(lines=lines))
    assert (v.state, v.background) == ("idle", what)


@pytest.mark.parametrize(("msg", "background"), [
    ("1 shell still running", True), ("2 shells, 1 monitor still running", True),
    ("1 background agent still running", True), ("Reading notes.txt", False),
    ("Survey the files", False), ("Run: is it still running?", False),
])
def test_claude_own_words_for_background_work(msg: str, background: bool) -> None:
    assert any(p.search(msg) for p in _claude().background.native) is background


@pytest.mark.parametrize(("turn_line", "what"), [
    ("✻ Worked for 0s · done 2:44 PM · 1 shell still running", "1 shell"),
    ("✻ Worked for 0s · done 2:44 PM", None),
])
def test_claude_background_work_while_the_footer_asks_for_a_second_ctrl_c(
        turn_line: str, what: str | None) -> None:
    lines = ["● The command runs in the background.", turn_line, "", "─" * 40, "❯ ", "─" * 40,
             "  Press Ctrl-C again to exit"]
    v = rules.Evaluator(_claude()).evaluate(rules.Snapshot(lines=lines))
    assert (v.state, v.background) == ("idle", what)


def test_what_a_program_on_the_fallback_starts_before_the_first_prompt_is_a_helper() -> None:
    """A program without a manifest starts its own server under its start-up spinner
    (Deep Agents Code's, before its composer): no turn has run, so the server is a
    helper and the composer reads idle; after the user's first prompt, what a turn leaves
    running is background work as for any program."""
    catalog = rules.load_manifests(user_dir=None)
    m = rules.select_manifest(catalog, ["someagent"])
    assert m.name == "generic"
    p = Pipeline(m, rows=12, cols=60, now=0.0, backend="pyte")
    pb = Playbook(p)
    box = "\x1b[9;1H┌" + "─" * 40 + "┐\r\n│ >" + " " * 38 + "│\r\n└" + "─" * 40 + "┘"
    server = (140, AGENT, "python", "python -m agent.server --port 60871")
    pb.frame(b"\x1b[2J\x1b[H\xe2\xa0\x8b Connecting to the server... (1s)", 0.1)
    pb.until(0.5)
    assert p.current().state == "working"
    pb.at(0.6) >> Processes(_procs(server))
    pb.frame(f"\x1b[2J{box}".encode(), 2.0)
    pb.until(4.0)
    pb.at(4.0) >> Processes(_procs(server))
    pb.until(5.0)
    assert p.current().state in ("idle", "done"), p.current()
    # the first prompt: a turn; what it leaves running is its background work
    pb.at(6.0) >> Typed(b"run it\r", True)
    pb.frame(b"\x1b[2J\x1b[H\xe2\xa0\x8b Thinking... (1s, esc to interrupt)", 6.2)
    pb.until(6.5)
    pb.at(6.6) >> Processes(_procs(server, (141, AGENT, "sleep", "sleep 60")))
    pb.frame(f"\x1b[2J{box}".encode(), 8.0)
    pb.until(9.0)
    pb.at(9.0) >> Processes(_procs(server, (141, AGENT, "sleep", "sleep 60")))
    pb.until(10.0)
    d = p.current()
    assert (d.state, d.msg) == ("working", "1 background process: sleep 60"), d


SLEEP = (141, AGENT, "sleep", "sleep 60")


def _turn_end(looks: bool, in_turn: dict[int, Proc], at_end: dict[int, Proc] | None
              ) -> tuple[Playbook, list[bool]]:
    """A turn the agent reports itself (7501), its tree sampled once in it (`in_turn`);
    at its end the driver answers the core's ``look`` with the tree as it is then
    (`at_end`; None: it cannot be read there, no /proc)."""
    p = Pipeline(_claude(), rows=12, cols=60, now=0.0, backend="pyte", looks=looks)
    pb = Playbook(p)
    pb.at(0.5) >> Processes(_procs(MCP))  # before the turn: a helper
    pb.frame(b"\x1b]7501;state=working\x1b\\", 1.0)
    pb.until(1.5)
    pb.at(1.6) >> Processes(in_turn)
    pb.at(2.0) >> Output(b"\x1b]7501;state=done\x1b\\")
    if not pb.last.settled:
        pb >> Written()
    looked = []
    for _ in range(3):  # the loop's ticks at the turn's end, as the session runs them
        pb.tick(2.0)
        looked.append(pb.last.look)
        if pb.last.look and at_end is not None:
            pb.at(2.0) >> Processes(at_end)
    return pb, looked


def test_the_core_asks_for_a_look_when_a_turn_ends_and_decides_on_what_it_shows() -> None:
    """A playbook: at a turn's end the core asks the driver for the process tree
    (``Effects.look``) and decides only once it has it: work started at the turn's very
    end (no sample in the turn saw it) goes from working to working (background), never
    through done; a tool the last sample in the turn saw, ended with the turn, is no
    background work."""
    pb, looked = _turn_end(True, _procs(MCP), _procs(MCP, SLEEP))
    assert looked == [True, False, False]  # asked once, when the turn ended
    assert pb.states() == ["working", "working"], pb.decisions
    d = pb.decisions[-1]
    assert d.msg == "1 background process: sleep 60" and d.signal == "process"
    pb, looked = _turn_end(True, _procs(MCP, TOOL), _procs(MCP))
    assert pb.states() == ["working", "done"], pb.decisions
    # a driver that does not look (replay: the capture's samples come as events) decides
    # on the last sample: the turn's end first, the work at the next sample; the ended
    # tool as background work until then
    pb, looked = _turn_end(False, _procs(MCP), None)
    assert not any(looked) and pb.states() == ["working", "done"]
    pb.at(2.2) >> Processes(_procs(MCP, SLEEP))
    pb.until(2.3)
    assert pb.states() == ["working", "done", "working"]
    pb, looked = _turn_end(False, _procs(MCP, TOOL), None)
    assert pb.states() == ["working", "working"] and pb.decisions[-1].msg == (
        "1 background shell: ls")
    # a driver that cannot read the tree (no /proc) answers nothing: the next tick decides
    pb, looked = _turn_end(True, _procs(MCP), None)
    assert looked == [True, False, False] and pb.states() == ["working", "done"]
