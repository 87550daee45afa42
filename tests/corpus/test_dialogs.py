"""Dialogs as data on every recorded agent session (tests/captures/) and screen
(tests/screens/): the options read, how one is chosen, and the dialog id.

Each capture is replayed through the screen model; every blocked moment from a
``blocked`` label to the keys that answer it is read as a live session reads it (once the
output settled, and at the moment of the answer). The options of each are checked
against the table below (written from the screens themselves), and the dialog id must
stay one while the dialog is redrawn, resized (claude bash-approve: 100x30 and back) or
re-coloured, and change with the question or the options.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from osc7501wrap.capture import parse_size, read_capture
from osc7501wrap.rules import evaluate, load_manifests, select_manifest
from osc7501wrap.rules.dialog import Dialog, keys_for, resolve
from osc7501wrap.rules.model import Snapshot
from osc7501wrap.screen import make_screen

TESTS = Path(__file__).resolve().parent.parent
CAPTURES = sorted((TESTS / "captures").glob("*/*.jsonl"))
SCREENS = sorted(p for p in (TESTS / "screens").glob("*/blocked*.txt")
                 if p.parent.name != "synthetic")
CATALOG = load_manifests(None)
SETTLE = 0.04  # the classifier's settle: a frame read once output paused this long


def manifest_for(agent: str, argv: list[str] | None = None):  # type: ignore[no-untyped-def]
    """The agent's manifest, else the one its program picks, else generic."""
    return CATALOG.get(agent) or select_manifest(CATALOG, argv or [])


#: capture rows that are samples of the program, not of its screen
SAMPLES = frozenset({"p", "f", "a", "c"})


def replay_spans(path: Path, recolour: bool = False) -> list[list[Dialog]]:
    """The dialogs read in each blocked span of a capture, in order."""
    cap = read_capture(path)
    m = manifest_for(str(cap.header.get("agent")), [str(a) for a in cap.header.get("argv") or []])
    scr = make_screen(cap.rows, cap.cols, "pyte")
    spans: list[list[Dialog]] = []
    span: list[Dialog] | None = None
    # the process, foreground, activity and CPU samples a recording holds change nothing
    # on screen: a moment settles by the next event that may (a sample 10 ms after a
    # blocked label is no output going on)
    evs = [ev for ev in cap.events if ev.type not in SAMPLES]

    def read() -> None:
        v = evaluate(m, Snapshot(lines=scr.lines(), cursor=scr.cursor()))
        if span is not None and v.state == "blocked":
            assert v.dialog is not None, "a blocked verdict without its dialog"
            span.append(v.dialog)

    for n, ev in enumerate(evs):
        if ev.type == "o":
            data = ev.data
            if recolour:  # every colour and attribute another one
                data = re.sub(rb"\x1b\[[0-9;:]*m", b"\x1b[1;35;44m", data)
            scr.feed(data)
        elif ev.type == "r":
            scr.resize(*parse_size(str(ev.payload)))
        settled = n + 1 == len(evs) or evs[n + 1].t - ev.t >= SETTLE
        if ev.type == "i" and span is not None:
            read()  # the screen the answer is typed into
            spans.append(span)
            span = None
        elif ev.type == "m":
            if span is not None:
                spans.append(span)
            span = [] if str(ev.payload).startswith("blocked") else None
            if settled:  # else the output goes on (a frame cut by the pty): read once it settles
                read()
        elif span is not None and settled and ev.type in ("o", "r"):
            read()
    if span is not None:
        spans.append(span)
    return spans


# capture#span -> (how an option is chosen, the options' labels, cut at 24 characters);
# None, []: blocked without options (a form, a text field, Pi's extension gates)
EXPECTED: dict[str, tuple[str | None, list[str]]] = {
    'aider-0.86.2/add-file#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.86.2/architect#0': ('key_enter', ['Yes', 'No']),
    'aider-0.86.2/create-file#0': ('key_enter', ['Yes', 'No']),
    'aider-0.86.2/multiline#0': ('key_enter', ['Yes', 'No', 'Skip all', "Don't ask again"]),
    'aider-0.86.2/multiline#1': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.86.2/multiline#2': ('key_enter', ['Yes', 'No', 'Skip all', "Don't ask again"]),
    'aider-0.86.2/multiline#3': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.86.2/multiline#4': ('key_enter', ['Yes', 'No', 'Skip all', "Don't ask again"]),
    'aider-0.86.2/shell-command#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.86.2/shell-command#1': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'claude-2.1.328/askuserquestion-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/askuserquestion#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/auto-mode-nudge-7501#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.328/auto-mode-nudge#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.328/background-shell-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/background-shell-7501#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.328/background-shell#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/background-shell#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.328/bash-approve#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/bash-reject-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/bash-reject#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/edit-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/edit#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/folder-trust-7501#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.328/folder-trust#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.328/interrupt-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/mcp-form-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.328/mcp-form-7501#1': (None, []),
    'claude-2.1.328/mcp-form#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.328/mcp-form#1': (None, []),
    'claude-2.1.328/mcp-project-approval-7501#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.328/mcp-project-approval#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.328/mcp-tool-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.328/mcp-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.328/multi-question-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/multi-question#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/multiline#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/narrow#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/native-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/native-7501#1': ('number', ['Yes Go on', 'No Stop here', 'Type something.', 'Chat about this']),
    'claude-2.1.328/plan-approval-7501#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.328/plan-approval#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.328/plan-exit-empty-7501#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.328/plan-exit-empty#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.328/webfetch-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.328/webfetch#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.328/write-create-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/write-create#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/write-overwrite-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/write-overwrite#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'cline-3.0.65/command-approve#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/command-deny#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/long-command#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/multiline#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/multiline#1': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/multiline#2': ('key', ['Approve', 'Deny']),
    'cline-3.0.65/question#0': ('arrows', ['Red', 'Blue', 'Type a response...']),
    'codex-0.169.0/apply-patch#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/exec-approve#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/exec-reject#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/plan-question#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.169.0/trust-dir#0': ('arrows', ['Trust and continue', 'Back to Agent Command Ce']),
    'copilot-1.0.102/ask-user-text#0': (None, []),
    'copilot-1.0.102/ask-user#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.102/bash-approve#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/bash-refuse#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/create-file#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/multiline#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/multiline#1': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/multiline#2': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/narrow#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/trust-folder#0': ('arrows', ['Yes', 'Yes, and remember this f', 'No']),
    'gemini-0.61.0/ask-user-7501#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.61.0/ask-user#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.61.0/multiline#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.61.0/multiline#1': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.61.0/multiline#2': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.61.0/shell-approve#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.61.0/trust-folder-7501#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (gem', "Don't trust"]),
    'gemini-0.61.0/trust-folder#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (gem', "Don't trust"]),
    'gemini-0.61.0/web-fetch#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.61.0/write-file-7501#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.61.0/write-file#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'grok-0.0.34/bash-approve#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No', 'No, with feedback']),
    'grok-0.0.34/bash-reject#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No', 'No, with feedback']),
    'grok-0.0.34/multiline#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No', 'No, with feedback']),
    'grok-0.0.34/multiline#1': ('arrows', ['Yes', "Yes, and don't ask again", 'No', 'No, with feedback']),
    'grok-0.0.34/multiline#2': ('arrows', ['Yes', "Yes, and don't ask again", 'No', 'No, with feedback']),
    'kilo-7.7.2/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.2/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.2/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.2/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.2/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'kilo-7.7.7/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.7/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.7/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.7/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'kilo-7.7.7/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.18.33/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/multiline#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/multiline#1': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/multiline#2': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'pi-0.73.1/gate-approve#0': (None, []),
    'pi-0.73.1/gate-confirm#0': (None, []),
    'pi-0.73.1/gate-input#0': (None, []),
    'pi-0.73.1/gate-refuse#0': (None, []),
    'qwen-0.24.4/ask-user#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.24.4/multiline#0': ('arrows', ['Yes, allow once', "Always allow run 'touch ", "Always allow run 'touch ", 'No, suggest changes']),
    'qwen-0.24.4/multiline#1': ('arrows', ['Yes, allow once', "Always allow run 'touch ", "Always allow run 'touch ", 'No, suggest changes']),
    'qwen-0.24.4/multiline#2': ('arrows', ['Yes, allow once', "Always allow run 'touch ", "Always allow run 'touch ", 'No, suggest changes']),
    'qwen-0.24.4/shell-approve#0': ('arrows', ['Yes, allow once', "Always allow run 'mkdir ", "Always allow run 'mkdir ", 'No, suggest changes']),
    'qwen-0.24.4/shell-reject#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
    'qwen-0.24.4/trust-folder#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (qwe', "Don't trust"]),
    'qwen-0.24.4/web-fetch#0': ('arrows', ['Yes, allow once', 'Always allow fetch from ', 'Always allow fetch from ', 'No, suggest changes']),
    'qwen-0.24.4/write-file#0': ('arrows', ['Yes, allow once', 'Yes, allow always', 'No, suggest changes']),
    # background work (capture-agents AGENT:background-*): the dialog that starts it
    'claude-2.1.328/background-shell-ends-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/background-shell-ends#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'codex-0.169.0/background-terminal#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'copilot-1.0.102/background-shell#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'gemini-0.61.0/background-shell#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'qwen-0.24.4/background-shell#0': ('arrows', ['Yes, allow once', "Always allow run 'sleep ", "Always allow run 'sleep ", 'No, suggest changes']),
    # other releases and sizes than the pins: read the same but where a release words its option
    'cline-3.0.62/command-approve#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/command-deny#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/long-command#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/multiline#0': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/multiline#1': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/multiline#2': ('key', ['Approve', 'Deny']),
    'cline-3.0.62/question#0': ('arrows', ['Red', 'Blue', 'Type a response...']),
    'aider-0.85.5/add-file#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.85.5/add-file-200x50#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.85.5/add-file-80x24#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.85.5/architect#0': ('key_enter', ['Yes', 'No']),
    'aider-0.85.5/create-file#0': ('key_enter', ['Yes', 'No']),
    'aider-0.85.5/create-file-200x50#0': ('key_enter', ['Yes', 'No']),
    'aider-0.85.5/create-file-80x24#0': ('key_enter', ['Yes', 'No']),
    'aider-0.85.5/shell-command#0': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'aider-0.85.5/shell-command#1': ('key_enter', ['Yes', 'No', "Don't ask again"]),
    'claude-2.1.302/askuserquestion-200x50#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/askuserquestion-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/askuserquestion-80x24#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/askuserquestion-lang-ja#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/askuserquestion#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/auto-mode-nudge-7501#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.302/auto-mode-nudge#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.302/background-shell-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/background-shell-7501#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.302/background-shell#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/background-shell#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.302/bash-approve-lang-de#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/bash-approve#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/bash-reject-200x50#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/bash-reject-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/bash-reject-80x24#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/bash-reject#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/edit-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.302/edit#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.302/folder-trust-7501#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.302/folder-trust#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.302/interrupt-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/mcp-form-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.302/mcp-form-7501#1': (None, []),
    'claude-2.1.302/mcp-form#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.302/mcp-form#1': (None, []),
    'claude-2.1.302/mcp-project-approval-7501#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.302/mcp-project-approval#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.302/mcp-tool-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.302/mcp-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.302/multi-question-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/multi-question#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.302/narrow#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/native-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.302/native-7501#1': ('number', ['Yes Go on', 'No Stop here', 'Type something.', 'Chat about this']),
    'claude-2.1.302/plan-approval-200x50#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.302/plan-approval-7501#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.302/plan-approval-80x24#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.302/plan-approval#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.302/plan-exit-empty-7501#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.302/plan-exit-empty#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.302/webfetch-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.302/webfetch#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.302/write-create-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.302/write-create#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.302/write-overwrite-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.302/write-overwrite#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.328/askuserquestion-200x50#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/askuserquestion-80x24#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/askuserquestion-lang-ja#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.328/bash-approve-lang-de#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/bash-reject-200x50#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/bash-reject-80x24#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-200x50#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-200x50#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-200x50#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-80x24#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-80x24#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/multiline-80x24#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.328/plan-approval-200x50#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.328/plan-approval-80x24#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.332/askuserquestion-200x50#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/askuserquestion-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/askuserquestion-80x24#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/askuserquestion-lang-ja#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/askuserquestion#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/auto-mode-nudge-7501#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.332/auto-mode-nudge#0': ('arrows', ['Yes, set auto mode as my', 'No, keep manual mode']),
    'claude-2.1.332/background-shell-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/background-shell-7501#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.332/background-shell-ends-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/background-shell-ends#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/background-shell#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/background-shell#1': ('number', ['Exit and stop tasks', 'Move to background and e', 'Stay']),
    'claude-2.1.332/bash-approve-lang-de#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/bash-approve#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/bash-reject-200x50#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/bash-reject-7501#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/bash-reject-80x24#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/bash-reject#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/edit-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.332/edit#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.332/folder-trust-7501#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.332/folder-trust#0': ('arrows', ['No, exit', 'Yes, I trust this folder']),
    'claude-2.1.332/interrupt-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/mcp-form-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.332/mcp-form-7501#1': (None, []),
    'claude-2.1.332/mcp-form#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.332/mcp-form#1': (None, []),
    'claude-2.1.332/mcp-project-approval-7501#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.332/mcp-project-approval#0': ('arrows', ['Use this MCP server', 'Use this and all future ', 'Continue without using t']),
    'claude-2.1.332/mcp-tool-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.332/mcp-tool#0': ('number', ['Yes', "Yes, and don't ask again", 'No']),
    'claude-2.1.332/multi-question-7501#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/multi-question#0': ('number', ['Red A warm color', 'Blue A cool color', 'Type something.', 'Chat about this']),
    'claude-2.1.332/multiline-200x50#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline-200x50#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline-200x50#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline-80x24#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline-80x24#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline-80x24#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline#0': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline#1': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/multiline#2': ('number', ['Yes', 'Yes, and always allow ac', 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/narrow#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/native-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'Yes, and switch to auto ', 'No']),
    'claude-2.1.332/native-7501#1': ('number', ['Yes Go on', 'No Stop here', 'Type something.', 'Chat about this']),
    'claude-2.1.332/plan-approval-200x50#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.332/plan-approval-7501#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.332/plan-approval-80x24#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.332/plan-approval#0': ('number', ['Yes, and use auto mode', 'Yes, manually approve ed', 'Tell Claude what to chan']),
    'claude-2.1.332/plan-exit-empty-7501#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.332/plan-exit-empty#0': ('number', ['Yes, and switch to defau', 'No']),
    'claude-2.1.332/webfetch-7501#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.332/webfetch#0': ('number', ['Yes', "Yes, and don't ask again", 'No, and tell Claude what']),
    'claude-2.1.332/write-create-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.332/write-create#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.332/write-overwrite-7501#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'claude-2.1.332/write-overwrite#0': ('number', ['Yes', 'Yes, and switch to accep', 'No']),
    'codex-0.162.1/apply-patch#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.162.1/exec-approve#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.162.1/exec-reject#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.162.1/exec-reject-200x50#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.162.1/exec-reject-80x24#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.162.1/plan-question#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.162.1/plan-question-200x50#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.162.1/plan-question-80x24#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.162.1/trust-dir#0': ('arrows', ['Trust and continue', 'Quit']),
    'codex-0.169.0/multiline-200x50#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline-200x50#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline-200x50#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline-80x24#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline-80x24#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.169.0/multiline-80x24#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/apply-patch#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/background-terminal#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/exec-approve#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/exec-reject-200x50#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/exec-reject-80x24#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/exec-reject#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-200x50#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-200x50#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-200x50#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-80x24#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-80x24#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline-80x24#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline#0': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline#1': ('arrows', ['Yes, proceed (y)', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/multiline#2': ('key', ['Yes, proceed', "Yes, and don't ask again", 'No, and tell Codex what ']),
    'codex-0.171.0/plan-question-200x50#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.171.0/plan-question-80x24#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.171.0/plan-question#0': ('arrows', ['Red (Recommended) A warm', 'Blue A cool color.', 'None of the above Option']),
    'codex-0.171.0/trust-dir#0': ('arrows', ['Trust and continue', 'Back to Agent Command Ce']),
    'copilot-1.0.102/ask-user-200x50#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.102/ask-user-80x24#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.102/bash-refuse-200x50#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.102/bash-refuse-80x24#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.86/ask-user#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.86/ask-user-text#0': (None, []),
    'copilot-1.0.86/bash-approve#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.86/bash-refuse#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.86/create-file#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.86/narrow#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.86/trust-folder#0': ('arrows', ['Yes', 'Yes, and remember this f', 'No']),
    'copilot-1.0.92/ask-user#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.92/ask-user-200x50#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.92/ask-user-80x24#0': ('arrows', ['Red', 'Blue', 'Other (type your answer)']),
    'copilot-1.0.92/ask-user-text#0': (None, []),
    'copilot-1.0.92/bash-approve#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/bash-refuse#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/bash-refuse-200x50#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/bash-refuse-80x24#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/create-file#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/narrow#0': ('arrows', ['Yes', "Yes, and don't ask again", 'No, and tell Copilot wha']),
    'copilot-1.0.92/trust-folder#0': ('arrows', ['Yes', 'Yes, and remember this f', 'No']),
    'gemini-0.56.0/ask-user#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.56.0/ask-user-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.56.0/ask-user-7501#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.56.0/ask-user-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.56.0/shell-approve#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.56.0/trust-folder#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (gem', "Don't trust"]),
    'gemini-0.56.0/trust-folder-7501#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (gem', "Don't trust"]),
    'gemini-0.56.0/web-fetch#0': ('arrows', ['Allow once', 'Allow for this session', 'No, suggest changes']),
    'gemini-0.56.0/write-file#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.56.0/write-file-200x50#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.56.0/write-file-7501#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.56.0/write-file-80x24#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.61.0/ask-user-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.61.0/ask-user-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Enter a custom value']),
    'gemini-0.61.0/write-file-200x50#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'gemini-0.61.0/write-file-80x24#0': ('arrows', ['Allow once', 'Allow for this session', 'Modify with external edi', 'No, suggest changes']),
    'opencode-1.15.13/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/bash-reject-200x50#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/bash-reject-80x24#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.15.13/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.15.13/question-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.15.13/question-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.17.11/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/bash-reject-200x50#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/bash-reject-80x24#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.17.11/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.17.11/question-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.17.11/question-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.18.22/allow-always#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.22/bash-approve#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.22/bash-reject#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.22/edit#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.22/question#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.18.33/bash-reject-200x50#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/bash-reject-80x24#0': ('arrows_lr', ['Allow once', 'Allow always', 'Reject']),
    'opencode-1.18.33/question-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'opencode-1.18.33/question-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type your own answer']),
    'pi-0.72.1/gate-approve#0': (None, []),
    'pi-0.72.1/gate-confirm#0': (None, []),
    'pi-0.72.1/gate-input#0': (None, []),
    'pi-0.72.1/gate-refuse#0': (None, []),
    'qwen-0.12.0/ask-user#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.12.0/ask-user-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.12.0/ask-user-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.12.0/ask-user-lang-zh#0': ('arrows', ['Red A warm color', 'Blue A cool color', '输入内容...']),
    'qwen-0.12.0/shell-approve#0': ('arrows', ['Yes, allow once', 'Yes, allow always ...', 'No, suggest changes']),
    'qwen-0.12.0/shell-approve-lang-de#0': ('arrows', ['Ja, einmal erlauben', 'Ja, immer erlauben ...', 'Nein, Änderungen vorschl']),
    'qwen-0.12.0/shell-reject#0': ('arrows', ['Yes, allow once', 'Yes, allow always ...', 'No, suggest changes']),
    'qwen-0.12.0/shell-reject-200x50#0': ('arrows', ['Yes, allow once', 'Yes, allow always ...', 'No, suggest changes']),
    'qwen-0.12.0/shell-reject-80x24#0': ('arrows', ['Yes, allow once', 'Yes, allow always ...', 'No, suggest changes']),
    'qwen-0.12.0/trust-folder#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (qwe', "Don't trust"]),
    'qwen-0.12.0/web-fetch#0': ('arrows', ['Yes, allow once', 'Yes, allow always', 'No, suggest changes']),
    'qwen-0.12.0/write-file#0': ('arrows', ['Yes, allow once', 'Yes, allow always', 'No, suggest changes']),
    'qwen-0.15.6/ask-user#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.15.6/ask-user-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.15.6/ask-user-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.15.6/ask-user-lang-zh#0': ('arrows', ['Red A warm color', 'Blue A cool color', '输入内容...']),
    'qwen-0.15.6/shell-approve#0': ('arrows', ['Yes, allow once', "Always allow run 'mkdir ", "Always allow run 'mkdir ", 'No, suggest changes']),
    'qwen-0.15.6/shell-approve-lang-de#0': ('arrows', ['Ja, einmal erlauben', "run 'mkdir *' commands, ", "run 'mkdir *' commands, ", 'Nein, Änderungen vorschl']),
    'qwen-0.15.6/shell-reject#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
    'qwen-0.15.6/shell-reject-200x50#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
    'qwen-0.15.6/shell-reject-80x24#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
    'qwen-0.15.6/trust-folder#0': ('arrows', ['Trust folder (work)', 'Trust parent folder (qwe', "Don't trust"]),
    'qwen-0.15.6/web-fetch#0': ('arrows', ['Yes, allow once', 'Always allow fetch from ', 'Always allow fetch from ', 'No, suggest changes']),
    'qwen-0.15.6/write-file#0': ('arrows', ['Yes, allow once', 'Yes, allow always', 'No, suggest changes']),
    'qwen-0.24.4/ask-user-200x50#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.24.4/ask-user-80x24#0': ('arrows', ['Red A warm color', 'Blue A cool color', 'Type something...']),
    'qwen-0.24.4/ask-user-lang-zh#0': ('arrows', ['Red A warm color', 'Blue A cool color', '输入内容...']),
    'qwen-0.24.4/shell-approve-lang-de#0': ('arrows', ['Ja, einmal erlauben', "run 'mkdir *' commands, ", "run 'mkdir *' commands, ", 'Nein, Änderungen vorschl']),
    'qwen-0.24.4/shell-reject-200x50#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
    'qwen-0.24.4/shell-reject-80x24#0': ('arrows', ['Yes, allow once', "Always allow run 'rm *' ", "Always allow run 'rm *' ", 'No, suggest changes']),
}


def test_every_capture_dialog_is_in_the_table() -> None:
    seen = {f"{p.parent.name}/{p.stem}#{k}" for p in CAPTURES for k in range(len(replay_spans(p)))}
    assert seen == set(EXPECTED)


@pytest.mark.parametrize("path", CAPTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_capture_dialogs(path: Path) -> None:
    spans = replay_spans(path)
    for k, span in enumerate(spans):
        name = f"{path.parent.name}/{path.stem}#{k}"
        assert span, f"{name}: no blocked reading"
        ids = {d.id for d in span}
        assert len(ids) == 1, f"{name}: the id changed while the dialog was on screen"
        last = span[-1]
        choose, labels = EXPECTED[name]
        assert (last.choose, [o.label[:24] for o in last.options]) == (choose, labels), name
        assert [o.number for o in last.options] == list(range(1, len(labels) + 1))
        assert not last.options or sum(o.selected for o in last.options) <= 1
        assert last.question, f"{name}: no question"


@pytest.mark.parametrize("path", [p for p in CAPTURES if "claude" in p.parent.name
                                  or "codex" in p.parent.name],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_recoloured_capture_has_the_same_dialog_ids(path: Path) -> None:
    plain = [[d.id for d in s] for s in replay_spans(path)]
    assert plain == [[d.id for d in s] for s in replay_spans(path, recolour=True)]


def test_the_resized_dialog_keeps_its_id() -> None:
    path = TESTS / "captures/claude-2.1.328/bash-approve.jsonl"
    cap = read_capture(path)
    assert [e.payload for e in cap.events if e.type == "r"] == ["100x30", "120x40"]
    (span,) = replay_spans(path)
    assert len(span) >= 2 and len({d.id for d in span}) == 1
    # the same dialog drawn at 120 and at 100 columns (option 2 wraps differently)
    wide = _screen_dialog(TESTS / "screens/claude-2.1.328/blocked-permission--bash.txt")
    narrow = _screen_dialog(TESTS / "screens/claude-2.1.328/blocked-permission--bash-100x30.txt")
    assert wide.id == narrow.id and wide.options == narrow.options


@pytest.mark.parametrize("width", [40, 60, 200])
def test_a_rewrapped_label_keeps_the_id(width: int) -> None:
    """Option 2 of Claude's Bash dialog wrapped at another width (a narrower or a wider
    window) is the same option, and the dialog the same."""
    path = TESTS / "screens/claude-2.1.328/blocked-permission--bash.txt"
    lines = path.read_text().split("\n")
    at = next(i for i, x in enumerate(lines) if x.startswith("   2. "))
    assert lines[at + 1].startswith("      /tmp/")  # wrapped on the screen already
    text = " ".join(x.strip() for x in lines[at:at + 2])[3:]
    rows = textwrap.wrap(text, width)  # words cut at the edge too
    new = ["   2. " + rows[0]] + ["      " + r for r in rows[1:]]
    d = _screen_dialog(path)
    r = _screen_dialog(path, lines[:at] + new + lines[at + 2:])
    assert len(rows) != 2
    assert r.id == d.id
    assert [o.label.replace(" ", "") for o in r.options] == [
        o.label.replace(" ", "") for o in d.options]


def _screen_dialog(path: Path, lines: list[str] | None = None) -> Dialog:
    agent = path.parent.name.split("-")[0]
    title = path.with_suffix(".title")
    snap = Snapshot(lines=lines if lines is not None else path.read_text().split("\n"),
                    title=title.read_text().strip() if title.exists() else None)
    v = evaluate(manifest_for(agent, [agent]), snap)
    assert v.state == "blocked" and v.dialog is not None, path.name
    return v.dialog


@pytest.mark.parametrize("path", SCREENS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_screen_dialogs(path: Path) -> None:
    d = _screen_dialog(path)
    assert d.question
    if d.options:
        assert d.choose is not None and len(d.options) >= 2
        for o in d.options:  # every option can be named by its number and by its label
            assert resolve(d, str(o.number)) is o
            assert resolve(d, o.label) is o


def test_the_id_changes_with_any_row_of_the_dialog_and_not_with_the_selection() -> None:
    """The id of a recorded Claude Bash dialog, with one character of the screen changed:
    in the command, in the rows above it (the description), in the question, in an
    option; or the pointer moved to another option (the same dialog)."""
    path = TESTS / "screens/claude-2.1.328/blocked-permission--bash.txt"
    lines = path.read_text().split("\n")
    a = _screen_dialog(path)
    b = _screen_dialog(TESTS / "screens/claude-2.1.328/blocked-permission--bash-rm.txt")
    assert a.id != b.id  # another command
    assert a.subject and a.subject[0] in a.question and not a.partial

    def edited(find: str, new: str, *more: tuple[str, str]) -> Dialog:
        changed = list(lines)
        for f, n in ((find, new), *more):  # in the dialog's row, not the transcript's
            at = max(i for i, x in enumerate(changed) if f in x)
            changed[at] = changed[at].replace(f, n, 1)
        return _screen_dialog(path, changed)

    row = a.subject[0]
    for find, new in ((row[-3:], row[-3:-1] + "X"),        # the command's last character
                      (row[:5], row[:5].upper()),          # its case
                      ("Wait, then", "Wait, than"),        # the description above it
                      ("proceed?", "proceeds?"),           # the question
                      ("4. No", "4. Nope")):               # an option
        assert edited(find, new).id != a.id, (find, new)
    moved = edited("❯ 1. Yes", "  1. Yes", ("  4. No", "❯ 4. No"))
    assert [o.number for o in moved.options if o.selected] == [4]
    assert moved.id == a.id  # the selection is not the dialog


def test_generic_yes_no_shapes() -> None:
    m = manifest_for("generic")
    for line, keys in (("Overwrite config? [y/N] ", ["y", "\r"]),
                       ("Continue? (Y/n) ", ["y", "\r"]),
                       ("Are you sure you want to continue connecting (yes/no)? ", ["yes", "\r"])):
        v = evaluate(m, Snapshot(lines=["$ run", line], cursor=(1, len(line))))
        assert v.state == "blocked", line
        d = v.dialog
        assert [o.label for o in d.options] == ["yes", "no"], line
        assert keys_for(d, resolve(d, "yes")) == keys, line
        assert keys_for(d, resolve(d, "2"))[0] in ("n", "no")


@pytest.mark.parametrize("backend", [
    "pyte", pytest.param("ghostty", marks=pytest.mark.requires("pyghostty"))])
@pytest.mark.parametrize(("capture", "selected"), [
    ("opencode-1.18.33/bash-reject", [1, 2, 3]),  # → → Enter on Reject
    ("opencode-1.18.33/allow-always", [1, 2, 1]),  # → Enter, then Confirm / Cancel
    ("opencode-1.18.22/bash-reject", [1, 2, 3]),
    ("kilo-7.7.7/bash-reject", [1, 2, 3]),  # each button on a background of its own
    ("kilo-7.7.2/bash-reject", [1, 2, 3]),
])
def test_a_selection_shown_by_colour_alone(backend: str, capture: str,
                                           selected: list[int]) -> None:
    """OpenCode's and Kilo CLI's focused button is only a colour: read from the cells'
    background (each screen backend), the selection follows the arrows typed, and the id
    stays."""
    cap = read_capture(TESTS / "captures" / f"{capture}.jsonl")
    m = manifest_for(str(cap.header.get("agent")), [str(a) for a in cap.header.get("argv") or []])
    scr = make_screen(cap.rows, cap.cols, backend)
    assert scr.backend == backend
    seen: list[tuple[int, str]] = []
    forms: list[list[tuple[str, str | None]]] = []
    for ev in cap.events:
        if ev.type == "o":
            scr.feed(ev.data)
        elif ev.type == "r":
            scr.resize(*parse_size(str(ev.payload)))
        elif ev.type == "i":  # the screen each key is typed into
            v = evaluate(m, Snapshot(lines=scr.lines(), cursor=scr.cursor(),
                                     background=scr.background))
            if v.state != "blocked" or not v.dialog.options:
                continue
            if all(o.key for o in v.dialog.options):  # Kilo's reject form: keys, no selection
                forms.append([(o.label, o.key) for o in v.dialog.options])
                assert keys_for(v.dialog, resolve(v.dialog, "confirm")) == ["\r"]
                assert keys_for(v.dialog, resolve(v.dialog, "cancel")) == ["\x1b"]
                continue
            (sel,) = [o.number for o in v.dialog.options if o.selected]
            seen.append((sel, v.dialog.id))
            assert keys_for(v.dialog, resolve(v.dialog, "1"))  # the arrows can be typed
    assert [s for s, _ in seen] == selected
    assert len({i for _, i in seen[:2]}) == 1  # the same dialog while the focus moves
    # Kilo's reject is two steps: the form that asks what to do instead is a dialog too
    assert forms == ([[("confirm", "enter"), ("cancel", "esc")]] if capture.startswith("kilo")
                     else []), forms


MULTILINE = sorted((TESTS / "captures").glob("*/multiline*.jsonl"))


@pytest.mark.parametrize("path", MULTILINE, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_row_of_a_multi_line_or_wrapped_command_is_the_dialogs(path: Path) -> None:
    """Recorded with each real agent (capture-agents AGENT:multiline): ``ls -la`` +
    ``touch x1.txt`` (two rows), one line wrapped at the window's width, then ``ls -la``
    + ``touch SECOND.txt`` (the first row shared with the first dialog). Every row is the
    dialog's subject and in its question; the first and the third are two dialogs."""
    spans = [s for s in replay_spans(path)
             if s and not s[-1].question.startswith("Add command output")]
    assert len(spans) == 3, [s[-1].question for s in spans]
    first, wrapped, third = (s[-1] for s in spans)

    def flat(d: Dialog) -> str:
        return "".join("".join(d.subject).split())

    assert "ls-la" in flat(first) and "touchx1.txt" in flat(first)
    assert "A" * 150 + "&&touchlong-1.txt" in flat(wrapped)
    assert len(wrapped.subject) >= 2 or path.stem.endswith("200x50")  # 200 columns: one row
    assert "ls-la" in flat(third) and "touchSECOND.txt" in flat(third)
    assert first.subject[0] == third.subject[0] == "ls -la"  # the row they share
    assert first.id != third.id
    assert "touch SECOND.txt" in third.question and "touch x1.txt" in first.question
    assert not any(d.partial for d in (first, wrapped, third))
    for s in spans:  # one dialog while it is on screen
        assert len({d.id for d in s}) == 1


LONG_COMMANDS = sorted((TESTS / "screens").glob("*/blocked-permission--long-command.txt"))


@pytest.mark.parametrize("path", LONG_COMMANDS, ids=lambda p: p.parent.name)
def test_a_command_the_agent_shows_only_in_part_is_partial(path: Path) -> None:
    """A 61-line command (``touch f00.txt`` ... ``touch SECOND-LAST``), as each real agent
    drew its dialog at 120x40: scrolled out of the screen (Claude: "↑ 35 more lines";
    Copilot), folded ("[… 67 lines]", "... first 35 lines hidden ...", "... last 37
    lines hidden ..."), or cut without a word (OpenCode shows 7 rows, Cline 8). The dialog is
    partial: no answer from outside approves what nobody could read."""
    d = _screen_dialog(path)
    assert d.partial, (d.question, d.subject)
    assert d.options  # still read, to be answered in the pane
    assert len(LONG_COMMANDS) == 8
