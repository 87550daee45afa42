"""The real agents through `wrap`, one scenario at a time over the table of agents.

Each test runs one pinned agent (``tests/e2e_agents.py``: how to run it, read its screen
and answer it) in its own sandbox against the scripted fake API, as ``wrap --id
e2e/NAME --log FILE AGENT``, and asserts on the exact OSC 7501 reports wrap writes and
on what the agent did:

* ``test_turn[NAME]``: idle once started; a prompt is ``working``; the permission dialog
  is ``blocked:permission`` (with its question in the message); approving it is
  ``working``, then ``done`` once the turn's end is drawn; the command's file is written;
  leaving clears the record with the agent's exit status 0. Each report comes within
  ``e2e.BOUND`` of what it reports.
* ``test_answer[NAME]``: two dialogs answered from outside with ``osc7501wrap answer``:
  the options read from the live screen, the first chosen by label (the agent runs the
  command, its output goes back to the model), an answer still naming it refused naming
  the second, the second chosen by number (the agent refuses it).

An agent left out of a scenario says why in the table. What only one agent does is in
its own file (test_e2e_claude.py, test_e2e_codex.py, test_e2e_aider.py). Figures are
printed (``-s``).
"""

from __future__ import annotations

import pytest
import require
from e2e import answer_two, main_request_with
from e2e_agents import (
    AGENTS,
    Agent,
    Answer,
    Turn,
    approve,
    blocked,
    leave,
    made,
    options_match,
    ready,
    submit,
    turn_end,
    written,
)

pytestmark = pytest.mark.agent

TURN = [pytest.param(a, id=a.name) for a in AGENTS if isinstance(a.turn, Turn)]
ANSWER = [pytest.param(a, id=a.name) for a in AGENTS if isinstance(a.answer, Answer)]


@pytest.mark.parametrize("agent", TURN)
def test_turn(agent: Agent) -> None:
    require.agent(agent.name)
    turn = agent.turn
    assert isinstance(turn, Turn)
    with agent.run(turn.steps) as run:
        t = run.term
        ready(run, agent)
        assert t.labels() == ["idle"], t.labels()
        mark, _ = submit(run, agent, turn.prompt)
        report = blocked(run, agent, mark, turn.drawn_wait)
        if turn.msg is not None:
            assert turn.msg in (report.report.msg or ""), report.report
        t.settle(turn.blocked_settle)
        if turn.exact:
            assert t.labels(mark) == ["working", "blocked:permission"], t.labels(mark)
        else:
            assert t.labels(mark)[-1] == "blocked:permission", t.labels(mark)
        approved = approve(run, agent)
        turn_end(run, agent, turn.ended, approved)
        if turn.exact:
            assert t.labels(approved) == ["working", "done"], t.labels(approved)
        else:
            t.settle(0.5)
            assert t.labels(approved)[-1] == "done", t.labels(approved)
            assert "blocked:permission" not in t.labels(approved), t.labels(approved)
        assert made(run, turn.made[0]) == turn.made[1]
        leave(run, agent)
        if turn.exact:
            assert t.labels() == ["idle", "working", "blocked:permission", "working", "done",
                                  "clear"], t.labels()


@pytest.mark.parametrize("agent", ANSWER)
def test_answer(agent: Agent) -> None:
    require.agent(agent.name)
    a = agent.answer
    assert isinstance(a, Answer)
    with agent.run(a.steps) as run:
        t = run.term
        (run.sb.work / "build").mkdir()
        ready(run, agent)
        t.type(a.prompt.encode())
        t.pump(agent.type_pause)
        mark = t.offset
        t.press(b"\r")
        blocked(run, agent, mark)
        dialogs = answer_two(run, lambda d: "echo one" in d["question"], a.by_label,
                             a.second, a.by_number, a.words)
        if a.refusal is not None:
            a.refusal(run)
        for d, question, options in zip(dialogs, a.questions, a.options, strict=True):
            run.note(f"{run.record}: listed: {d['question']!r} {written(d['options'])}")
            assert d["question"] == question, (d["question"], question)
            assert options_match(d["options"], options), (written(d["options"]), options)
            assert [o["selected"] for o in d["options"]] == [a.selection] + [False] * (
                len(d["options"]) - 1), d
        assert made(run, "one.txt") == "one\n"  # it proceeded
        if a.output:
            main_request_with(run, "wrote-one")  # the command's output went to the model
        if a.then is not None:
            a.then(run, dialogs[0])
        t.wait_screen(a.back, 30)
        assert (run.sb.work / "build").is_dir()  # refused as chosen
        t.settle(0.5)
        leave(run, agent)
