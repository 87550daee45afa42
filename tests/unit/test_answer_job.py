"""session.answer.AnswerJob on a scripted screen: each key is typed only after the screen
was read again and still shows that dialog (after an arrow: with the selection moved);
the reply says how it ended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from osc7501wrap.rules import Verdict
from osc7501wrap.rules.dialog import Option, make_dialog
from osc7501wrap.session.answer import AnswerJob

OPTS = [Option(1, "Yes", True), Option(2, "Maybe", False), Option(3, "No", False)]
ASK = make_dialog("Proceed?", OPTS, "arrows")
OTHER = make_dialog("Delete everything?", OPTS, "arrows")


def at(d: Any, n: int) -> Any:
    """Dialog `d` with option `n` selected (the same dialog: the same id)."""
    moved = make_dialog(d.question, [Option(o.number, o.label, o.number == n, o.key)
                                     for o in d.options], d.choose)
    assert moved.id == d.id
    return moved


def blocked(d: Any) -> Verdict:
    return Verdict("blocked", "permission", "r", "m", "1", d.question, True, d)


IDLE = Verdict("idle", None, None, "m", "1", None, False)


def run(screens: list[Verdict], data: dict[str, Any]) -> tuple[list[bytes], dict[str, Any]]:
    """Run a job to its reply; the screen reads `screens` in turn (the last one stays)."""
    typed: list[bytes] = []
    replies: list[dict[str, Any]] = []
    later: list[Callable[[], None]] = []
    seq = list(screens)

    def evaluate() -> Verdict:
        return seq.pop(0) if len(seq) > 1 else seq[0]

    job = AnswerJob(data, evaluate=evaluate, write=typed.append,
                    schedule=lambda _d, fn: later.append(fn), reply=replies.append, wait=0.2)
    job.start()
    while later and not replies:
        later.pop(0)()
    assert len(replies) == 1
    return typed, replies[0]


def test_arrows_then_enter_and_the_dialog_went_away() -> None:
    typed, r = run([blocked(ASK), blocked(at(ASK, 2)), blocked(at(ASK, 3)), IDLE],
                   {"choice": "3", "dialog": ASK.id})
    assert typed == [b"\x1b[B", b"\x1b[B", b"\r"]
    assert r == {"ok": True, "option": 3, "label": "No", "state": "idle", "dialog": ASK.id}


def test_after_an_arrow_the_next_key_waits_for_the_selection_to_move() -> None:
    """The agent draws the move late: the next key is typed only once it is drawn."""
    typed: list[bytes] = []
    screens = [blocked(ASK)] * 4 + [blocked(at(ASK, 2))] * 3 + [blocked(at(ASK, 3))]
    seen: list[int] = []

    def evaluate() -> Verdict:
        seen.append(len(typed))
        return screens.pop(0) if len(screens) > 1 else screens[0]

    replies: list[dict[str, Any]] = []
    later: list[Callable[[], None]] = []
    AnswerJob({"choice": "no"}, evaluate=evaluate, write=typed.append,
              schedule=lambda _d, fn: later.append(fn), reply=replies.append,
              wait=0.2).start()
    while later and not replies:
        later.pop(0)()
    assert typed == [b"\x1b[B", b"\x1b[B", b"\r"]
    # the screen is read until it shows each move: 4 reads after the first arrow (the
    # last shows it), 3 after the second, and only then the next key
    assert seen[:8] == [0, 1, 1, 1, 1, 2, 2, 2], seen
    assert replies[0]["ok"] is False and "still on screen" in replies[0]["error"]


def test_a_selection_that_never_moves_gets_no_more_keys() -> None:
    typed, r = run([blocked(ASK)], {"choice": "3"})
    assert typed == [b"\x1b[B"]
    assert r["ok"] is False and "did not move to 2. 'Maybe'" in r["error"], r
    assert "(the screen shows 1 selected)" in r["error"] and "not typed" in r["error"]


def test_a_dialog_that_changes_between_two_keys_gets_no_more_keys() -> None:
    typed, r = run([blocked(ASK), blocked(OTHER)], {"choice": "no", "dialog": None})
    assert typed == [b"\x1b[B"]
    assert r["ok"] is False and "'Delete everything?'" in r["error"]
    assert "the rest were not typed" in r["error"]


def test_refusals_type_nothing() -> None:
    for screens, data, why in (
            ([IDLE], {"choice": "1"}, "not blocked (it is idle)"),
            ([blocked(OTHER)], {"choice": "1", "dialog": ASK.id}, "it now asks 'Delete"),
            ([blocked(ASK)], {"choice": 1}, "malformed"),
            ([blocked(make_dialog("Proceed?"))], {"choice": "1"}, "never guesses")):
        typed, r = run(screens, data)
        assert typed == [] and r["ok"] is False and why in r["error"], (why, r)


def test_a_dialog_that_stays_is_reported() -> None:
    typed, r = run([blocked(ASK), blocked(at(ASK, 2))], {"choice": "2"})
    assert typed == [b"\x1b[B", b"\r"]
    assert r["ok"] is False and "still on screen" in r["error"]


def test_a_partial_dialog_is_never_answered() -> None:
    """Part of the command is not on screen (a box cut it, it scrolled away): the person
    answering from elsewhere cannot read what they would approve. Nothing is typed."""
    cut = make_dialog("Bash:", OPTS, "arrows", subject=("ls -la", "touch x1"), partial=True)
    typed, r = run([blocked(cut)], {"choice": "1", "dialog": cut.id})
    assert typed == [] and r["ok"] is False and "not on screen" in r["error"]


def test_two_commands_that_share_their_first_row_are_two_dialogs() -> None:
    first = make_dialog("Bash: ls -la", OPTS, "number", subject=("ls -la", "touch x1"))
    second = make_dialog("Bash: ls -la", OPTS, "number", subject=("ls -la", "touch SECOND"))
    assert first.id != second.id and "touch SECOND" in second.question
    typed, r = run([blocked(second)], {"choice": "1", "dialog": first.id})
    assert typed == [] and r["ok"] is False and "touch SECOND" in r["error"], r


def test_the_program_ending_after_the_last_key_is_the_answer() -> None:
    typed: list[bytes] = []
    replies: list[dict[str, Any]] = []
    later: list[Callable[[], None]] = []
    job = AnswerJob({"choice": "1", "dialog": ASK.id}, evaluate=lambda: blocked(ASK),
                    write=typed.append, schedule=lambda _d, fn: later.append(fn),
                    reply=replies.append)
    job.start()  # "\r" typed at once (the first option is selected)
    job.ended(0)
    assert typed == [b"\r"] and replies == [
        {"ok": True, "option": 1, "label": "Yes", "state": "exited", "status": 0,
         "dialog": ASK.id}]
    for fn in later:  # what was scheduled no longer replies
        fn()
    assert len(replies) == 1
