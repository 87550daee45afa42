"""gpt-engineer's driver (PyPI ``gpt-engineer``, the program ``gpte``: a line-mode run
that builds one application and exits): its scenarios, each one run of it: an entrypoint
run when asked, one refused, a long stream, a multi-row entrypoint with a wrapped row, a
61-line one taller than the screen, typed and quoted question text, and in improve mode
(``-i``) a change to a file applied when asked and one refused, and in clarify mode
(``-c``) the model's question answered. It has no tools, no
chat and no interrupt that keeps the run: it asks for the application, streams the model's
files and then the entrypoint the model writes for them (two requests), and asks once.

Everything scrolls up the main screen: ``What application do you want gpt-engineer to
generate?`` and the line under it (idle), the model's answers streamed under the prompt,
then ``Do you want to execute this code? (Y/n)`` above the entrypoint's text, the line read
under it (a blank or "y" runs it: "Executing the code..."; "n": "Ok, not executing the
code."). Then, with no ``.gpte_consent`` in the work directory, ``Is it ok if we store your
prompts to help improve GPT Engineer? (y/n)`` on the last row (refused here: nothing is
sent); it makes the work directory a git repository, prints what the run cost and exits.
In improve mode it asks ``How do you want to improve the application?`` instead, shows the
model's diff under ``Changes to be made:`` and asks ``Do you want to apply these changes?``
over a ``y/n`` line (no consent question then). In clarify mode the model's question is
printed over ``(answer in text, or "c" to move on)`` and a line is read under it, until the
model has ``Nothing to clarify``.

What it does not do: describe gpt-engineer (its questions, command and keys:
harness/agents.py) or read its own events (no hooks are set: its labels come from its
screen).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from agentrun import Sandbox
from agents import GPTE_ANSWERED, gpte_applies, gpte_asks, gpte_consent, gpte_over
from fakeapi import FakeAPI, Step, Text

from capture_agents.core import (
    LONG_ANSWER,
    LONG_COMMAND,
    MULTILINE_TWO_ROWS,
    MULTILINE_WRAPPED,
    Ctx,
    dialog,
    scenario,
    start,
)

FILES = ("The application is one file.\n\nnotes.py\n```python\n"
         "print('finished')\n```\n\nThis concludes a fully working implementation.")


def _entry(command: str) -> Text:
    return Text(f"Run it with:\n\n```sh\n{command}\n```\n", pause=0.5)


def _steps(command: str, files: Text | None = None) -> Callable[[Sandbox, FakeAPI], list[Step]]:
    def make(sb: Sandbox, api: FakeAPI) -> list[Step]:
        return [files or Text(FILES, pause=1.0, chunk_delay=0.05, chunk_size=8),
                _entry(command)]
    return make


def _finish(c: Ctx, shot: str | None = None) -> None:
    """Its consent question (labelled, refused), then its last words (done) and its exit."""
    dialog(c, gpte_consent, label="blocked:question")
    if shot:
        c.shot(shot)
    c.send_line("n")
    c.wait(gpte_over, 30, settle=0)
    c.mark("done")
    c.run.wait_exit(30)


def _answered(c: Ctx) -> None:
    c.wait(lambda s: GPTE_ANSWERED.search(s) is not None, 10, settle=0)


@scenario("gpte", "command-approve",
          "prompt -> silence while the model thinks -> its files streamed -> its entrypoint -> "
          "execute question -> y, enter -> entrypoint runs 3 s -> consent question -> n -> "
          "run over, exit",
          lambda sb, api: [Text(FILES, gate="think", chunk_delay=0.08, chunk_size=6),
                           _entry("sleep 3 && python3 notes.py")])
def gpte_approve(c: Ctx) -> None:
    start(c)
    c.shot("idle--prompt")
    c.submit("a program that prints finished")
    c.request(0)
    time.sleep(2.5)
    c.shot("working--thinking")
    c.api.release("think")
    c.wait("The application is one file", 20, settle=0)
    time.sleep(0.8)
    c.shot("working--streaming")
    dialog(c, gpte_asks)
    c.shot("blocked-permission--execute")
    c.send_line("y")
    c.wait("Executing the code", 10, settle=0)
    time.sleep(1.5)
    c.shot("working--tool-running")
    _finish(c, "blocked-question--consent")
    c.shot("done--run-over")


@scenario("gpte", "command-deny",
          "execute question of 'rm -rf build' -> n, enter -> 'Ok, not executing the code.' -> "
          "consent question -> n -> run over, exit",
          _steps("rm -rf build"))
def gpte_deny(c: Ctx) -> None:
    start(c)
    c.submit("a program that cleans the build")
    dialog(c, gpte_asks)
    c.shot("blocked-permission--bash-rm")
    c.send_line("n")
    _answered(c)
    _finish(c)
    c.shot("done--after-deny")


@scenario("gpte", "stream",
          "prompt -> 4 s silent -> its files streamed slowly for ~8 s -> its entrypoint -> "
          "execute question -> n -> consent question -> n -> run over, exit",
          lambda sb, api: [Text(FILES.replace("The application is one file.",
                                              LONG_ANSWER * 2 + "\n\nThe application is one file."),
                                gate="think", chunk_delay=0.12, chunk_size=8),
                           _entry("python3 notes.py")])
def gpte_stream(c: Ctx) -> None:
    start(c)
    c.submit("explain, then write a program that prints finished")
    c.request(0)
    time.sleep(4)
    c.shot("working--silent")
    c.api.release("think")
    c.wait("Here is what I found", 20, settle=0)
    time.sleep(3)
    c.shot("working--streaming-long")
    dialog(c, gpte_asks, timeout=40)
    c.send_line("n")
    _answered(c)
    _finish(c)
    c.shot("done--after-stream")


@scenario("gpte", "negatives",
          "prompt holding typed 'Do you want to execute this code? (Y/n)' sent as the prompt; "
          "the model's files quote the question; its own question -> n -> consent -> n",
          lambda sb, api: [Text("gpt-engineer will ask:\n\n    Do you want to execute this code? "
                                "(Y/n)\n\nNothing is waiting now.\n\n" + FILES, pause=1.0,
                                chunk_delay=0.05, chunk_size=8),
                           _entry("python3 notes.py")])
def gpte_negatives(c: Ctx) -> None:
    start(c)
    c.run.type("explain: Do you want to execute this code? (Y/n)")
    time.sleep(0.8)
    c.wait("(Y/n)", 10, settle=0.3)
    c.mark("idle")
    c.shot("idle--user-typed-dialog")
    c.run.key("enter", mark="working")
    c.wait("Nothing is waiting now", 20, settle=0.5)
    c.shot("working--quoted-dialog")
    c.answered(1, timeout=30)
    dialog(c, gpte_asks)
    c.send_line("n")
    _answered(c)
    _finish(c)


@scenario("gpte", "multiline",
          "an entrypoint of three rows, one a 175-character command wrapped at the screen's "
          "width -> execute question -> y -> it runs -> consent -> n",
          _steps(MULTILINE_TWO_ROWS + "\n" + MULTILINE_WRAPPED))
def gpte_multiline(c: Ctx) -> None:
    start(c)
    c.submit("run the three commands")
    dialog(c, lambda s: gpte_asks(s) and "long-1.txt" in s)
    c.shot("blocked-permission--multiline-1")
    c.send_line("y")
    c.wait("Executing the code", 10, settle=0)
    _finish(c)


@scenario("gpte", "long-command",
          "a 61-line entrypoint (touch f00.txt ... touch SECOND-LAST) taller than the screen: its "
          "question scrolled off above it -> n -> consent -> n",
          _steps(LONG_COMMAND))
def gpte_long(c: Ctx) -> None:
    start(c)
    c.submit("make the sixty files")
    # the question is printed above the entrypoint: 61 rows push it off the screen
    dialog(c, lambda s: "touch SECOND-LAST" in s and GPTE_ANSWERED.search(s) is None
           and s.rstrip().endswith("touch SECOND-LAST"))
    c.shot("blocked-permission--long-command")
    c.send_line("n")
    _answered(c)
    _finish(c)


# (double quotes: it runs black on the files it sends, and matches the diff against that)
NOTES = 'print("hello")\n'
DIFF = ("Print the word the user asked for.\n\n```diff\n--- notes.py\n+++ notes.py\n"
        "@@ -1,1 +1,1 @@\n-print(\"hello\")\n+print(\"finished\")\n```\n")


def _notes(sb: Sandbox) -> None:
    """A one-file application to improve."""
    (sb.work / "notes.py").write_text(NOTES)


def _improve(c: Ctx, answer: str) -> None:
    """Improve mode: its prompt, the model's diff, its question answered with `answer`;
    then its last words (done) and its exit."""
    start(c)
    c.shot("idle--improve-prompt")
    c.submit("print finished instead of hello")
    dialog(c, gpte_applies)
    c.shot("blocked-permission--apply-changes")
    c.send_line(answer)
    c.wait(gpte_over, 30, settle=0)
    c.mark("done")
    c.run.wait_exit(30)


@scenario("gpte", "edit-approve",
          "improve mode on a one-file application: its prompt -> the model's diff -> 'Do you "
          "want to apply these changes?' -> y -> applied, run over, exit",
          lambda sb, api: [Text(DIFF, pause=1.0, chunk_delay=0.05, chunk_size=8)],
          setup=_notes, args=["-i"])
def gpte_edit_approve(c: Ctx) -> None:
    _improve(c, "y")
    c.shot("done--after-edit")
    assert "finished" in (c.sb.work / "notes.py").read_text()


@scenario("gpte", "edit-deny",
          "improve mode on a one-file application: its prompt -> the model's diff -> 'Do you "
          "want to apply these changes?' -> n -> nothing changed, run over, exit",
          lambda sb, api: [Text(DIFF, pause=1.0, chunk_delay=0.05, chunk_size=8)],
          setup=_notes, args=["-i"])
def gpte_edit_deny(c: Ctx) -> None:
    _improve(c, "n")
    assert (c.sb.work / "notes.py").read_text() == NOTES


CLARIFY_HINT = '(answer in text, or "c" to move on)'


@scenario("gpte", "question",
          "clarify mode: its prompt -> the model asks which word to print -> '(answer in text, "
          "or \"c\" to move on)' -> an answer -> 'Nothing to clarify' -> its files and "
          "entrypoint -> execute question -> n -> consent -> n",
          lambda sb, api: [Text("Which word should the program print?", pause=1.0),
                           Text("Nothing to clarify", pause=0.5),
                           Text(FILES, pause=0.5, chunk_delay=0.05, chunk_size=8),
                           _entry("python3 notes.py")],
          args=["-c"])
def gpte_question(c: Ctx) -> None:
    start(c)
    c.submit("a program that prints a word")
    dialog(c, lambda s: s.rstrip().endswith(CLARIFY_HINT), label="blocked:question")
    c.shot("blocked-question--clarify")
    c.send_line("finished")
    dialog(c, gpte_asks)
    c.send_line("n")
    _answered(c)
    _finish(c)
