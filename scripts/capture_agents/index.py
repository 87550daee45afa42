"""tests/captures/INDEX.md: ``write_index`` builds it from the captures on disk (one row
each, with the agent's own OSC 7501 reports found by ``native_reports``), the ground
truth per agent (GROUND_TRUTH, ``ground_truth_lines``) and the observations.

What it does not do: record or read anything but the captures already written.
"""

from __future__ import annotations

import re

from capture_agents.core import REPO
from osc7501wrap.capture import read_capture
from osc7501wrap.errors import WrapError

_REPORT = re.compile(rb"\x1b\]7501;([^\x07\x1b]*)(?:\x07|\x1b\\)")


def native_reports(output: bytes) -> list[str]:
    """``state[:kind]`` of each OSC 7501 report in ``output`` (probe echoes and repeats left out)."""
    out: list[str] = []
    for m in _REPORT.finditer(output):
        pairs = dict(p.split("=", 1) for p in m.group(1).decode("ascii", "replace").split(":") if "=" in p)
        if "state" not in pairs:
            continue
        label = pairs["state"] + (f":{pairs['kind']}" if "kind" in pairs else "")
        if not out or out[-1] != label:
            out.append(label)
    return out


# Where each agent's ground truth comes from (tests/captures/INDEX.md, "Ground truth per
# agent"). A new agent's scenarios add its entry here.
GROUND_TRUTH: dict[str, str] = {
    "claude": (
        "Markers are set by the harness when the screen shows the moment (the dialog's own text, "
        "the `✻ <Verb> for <time>` line with the empty composer, the idle footer), dated at the "
        "output that showed it, and paced by the fake API's request/answer events. Each `-7501` "
        "twin is the same run with the probe answered: Claude's own OSC 7501 reports (listed in "
        "the table) confirm the labels. Claude's hooks are not recorded: they miss interrupts and "
        "come late for permission prompts, so they are not used as truth."
    ),
    "codex": (
        "Codex writes its own OSC 7501 reports in every session (no probe needed): `working`, "
        "`blocked:permission`/`blocked:question`, `done`, `idle`. The markers are set by the "
        "harness from the screen (approval overlay, question, composer back) and follow those "
        "reports in order, apart from Codex's short blips (a `working` between a rejection and "
        "`idle`, `idle → working → idle` at start); the trust screen at start comes before "
        "Codex's first report (screen only)."
    ),
    "gemini": (
        "Gemini CLI reports nothing itself (not even with the probe answered) and has no hooks "
        "the harness can read: the markers come from the screen (the confirmation box, "
        "`Thinking...`, the prompt back) and the fake API's request/answer events."
    ),
    "aider": (
        "Aider reports nothing itself: the markers come from its line prompts (`... (Y)es/(N)o "
        "...`, the `>` prompt back), which it prints only when it waits for the answer, and the "
        "fake API's request/answer events."
    ),
    "copilot": (
        "Its hooks (`~/.copilot/hooks/*.json`, each appending to a log): `userPromptSubmitted` "
        "working, `permissionRequest` blocked:permission, `agentStop` done; and its session log "
        "(`session-state/<id>/events.jsonl`) for what runs no hook: `permission.completed` "
        "working, `abort` idle (an Esc, a refused dialog), a rewind checkpoint idle (Esc Esc "
        "before output), the `ask_user` tool starting blocked:question, "
        "`human_response.recorded` working. Folder trust comes before the session: screen only."
    ),
    "pi": (
        "Its extension events (`agent_start` working, `agent_end` done, or idle when the last "
        "message stopped as `aborted`), logged by a harness extension loaded with `-e`, which "
        "also draws the select dialog of the gate captures and logs it opening and closing."
    ),
    "opencode": (
        "Its own event bus, read by a local plugin (`harness/agentrun.py` `opencode_command`): a "
        "new user message or `session.status` busy -> working, `permission.asked` -> "
        "blocked:permission, `question.asked` -> blocked:question, `permission.replied` / "
        "`question.replied` -> working, `session.status` idle -> done, or idle after a rejected "
        "permission or an abort (`session.error`); the start-up idle is the screen's. A dialog's "
        "label is dated when the screen first shows it (the event comes ~140 ms before the draw)."
    ),
    "qwen": (
        "Its hooks (`qwen_command`): `UserPromptSubmit` -> working (dated at the Enter that sent "
        "the prompt: the hook runs 0.3-0.9 s later), `Notification` (`permission_prompt`) -> "
        "blocked, `Stop` -> done, dated when the screen shows them (Stop runs ~0.5 s before the "
        "end of the answer is drawn); answering a dialog or Esc runs no hook: the first sign on "
        "screen, or the key press, labels it. A `PermissionRequest` hook that exits 0 approves "
        "the call in 0.24.4, so none is set. 0.12.0 has hooks only with `hooksConfig.enabled` "
        "and runs no Notification hook: its dialogs are labelled from the screen (the dialog "
        "drawn), and the Stop hook it runs for a turn cancelled with Esc is not taken as done."
    ),
}


def ground_truth_lines(agents: list[str]) -> list[str]:
    out = ["## Ground truth per agent", "",
           "The labels are set by the harness from the screen (dated at the output that showed the",
           "state); where the agent has hooks or events of its own, `scripts/capture-agents` checks",
           "the labels against them after each run (same order, each within 3 s; the run fails",
           "otherwise) and stores them in the capture's header (`truth`: `source` and `events`).",
           ""]
    for agent in agents:
        out.append(f"- **{agent}**: " + GROUND_TRUTH.get(
            agent, "not documented yet (add it to GROUND_TRUTH in scripts/capture_agents/index.py)."))
    return [*out, ""]


def write_index() -> None:
    """Regenerate tests/captures/INDEX.md from the captures on disk."""
    root = REPO / "tests" / "captures"
    rows = []
    for path in sorted(root.glob("*/*.jsonl")):
        try:
            cap = read_capture(path)
        except WrapError:
            continue
        h = cap.header
        labels = " → ".join(v for _, v in cap.markers())
        dur = cap.events[-1].t if cap.events else 0.0
        kb = path.stat().st_size / 1024
        found = native_reports(cap.output())
        native = " → ".join(found) or ("(none)" if h.get("answer_7501") else "—")
        rows.append(
            f"| `{path.parent.name}/{path.name}` | {h.get('description', '')} | {labels} | "
            f"{native} | {dur:.0f} s, {kb:.0f} KB |"
        )
    text = [
        "# Capture corpus",
        "",
        "Raw pty captures of real coding agents driven by `scripts/capture-agents` against the",
        "scripted fake LLM API (`harness/fakeapi/`). Format: `osc7501wrap/capture.py`.",
        "Labels are the truth as the harness knows it, set when they become true: `working` when",
        "Enter submits a prompt or a dialog is answered, `blocked:<kind>` once the dialog is fully",
        "drawn, `done` once a completed turn's prompt is back, `idle` at start-up and after an",
        "interrupt or rejection. Rendered screens of the same moments are in `tests/screens/`",
        "(`<state>--<class>.txt`, plus `.title` when the window title is set).",
        "",
        "The column *agent's own 7501 reports* lists the `state[:kind]` of each OSC 7501 report the",
        "agent wrote, in order (repeats folded; `msg` and ids left out); `(none)` where the terminal",
        "answered the probe and the agent still wrote none, `—` where nothing was asked or written.",
        "",
        "| capture | what it shows | labels in order | agent's own 7501 reports | length |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        "",
        *ground_truth_lines(sorted({p.parent.name.split("-", 1)[0] for p in root.glob("*/*.jsonl")})),
        "Per-agent figures (dialogs found, false blocked, latencies, agreement with these labels):",
        "`bench/bench_corpus.py` (in `bench/run`); `tests/test_corpus_metrics.py` asserts the goals.",
        "",
        "## Observations",
        "",
        "- Claude Code 2.1.328 answers a 7501 reply with root-record reports (`app=claude-code`, no",
        "  `title`): `blocked:kind=permission` for Bash/Write/Edit/WebFetch/MCP tools, plan approval",
        "  (`msg` \"approve plan\") and folder trust (\"trust this folder\"); `blocked:kind=question` for",
        "  AskUserQuestion; `blocked` without a kind for the start-up auto-mode dialog (\"dialog open\");",
        "  `error` with the API error text; `idle` after an interrupt or a rejected permission; `state=clear`",
        "  without an id, twice, on exit.",
        "- It reports **nothing** for the project MCP server approval dialog at start-up (`mcp-project-approval`):",
        "  only the screen shows that it waits.",
        "- Subagents and background shells get child records (`id=<hex>`, base64 `title`); a background",
        "  shell keeps the root record `working` (\"1 shell still running\") after the turn ended, and",
        "  these captures label it `working` too: the turn is over, the work it started is not (the",
        "  `background-shell` captures said `done` there until the truth changed to mean that; the",
        "  footer counts the shell, \"· 1 shell ·\"). When the shell ends, Claude Code tells the model in a",
        "  turn of its own (a request to the API; `working`, then `done`).",
        "- Background work elsewhere (the `background-*` captures): Codex 0.169.0 reports `done` while a",
        "  background terminal runs and draws nothing for it (the process tree shows it); Copilot",
        "  1.0.102's turn waits (\"● Waiting for background shells\") though its agentStop hook ran when",
        "  the answer was drawn; OpenCode 1.18.33 spins \"⠏ General Task (background)\" above the idle",
        "  prompt and resumes the main session when it ends; Gemini CLI 0.61.0 counts \"1 Background",
        "  process\" beside the composer and starts its MCP servers at the first prompt; Qwen Code 0.24.4",
        "  counts \"· 1 shell\" in its footer and, like Claude Code, tells the model when the shell ends.",
        "  Captures record the agent's process tree (`p` events) for the background work signal.",
        "- Claude Code 2.1.302 reports the same but nothing for folder trust (its first report is the",
        "  `idle` after it), and `done` where 2.1.328 stays `working` for a background shell. On screen",
        "  its dialogs are 2.1.328's; it draws a finished-turn line (`✻ Brewed for 0s`) under a refused",
        "  dialog's `Interrupted` note and under an API error, and blanks the screen 0.3 s after a",
        "  start-up dialog is answered.",
        "- Claude Code 2.1.332 reports as 2.1.328 does (and `working` around a question where 2.1.328",
        "  sometimes skips it). On screen its dialogs are 2.1.328's, drawn at",
        "  the bottom of the screen with the empty rows above them (2.1.328: under the transcript, the",
        "  empty rows below). While a background agent runs it draws no spinner: `✻ Waiting for 1",
        "  background agent to finish` in the transcript, a footer without `esc to interrupt` and the",
        "  agents listed under it. After `Exit and stop tasks` it leaves its screen at once and exits",
        "  1.5 s later. Like 2.1.328 it starts git and ssh for the plugin marketplace",
        "  (github.com/anthropics/claude-plugins-official) at start: ssh looks github.com up in the DNS;",
        "  the https fetch goes to the dead proxy.",
        "- Codex 0.171.0 draws as 0.169.0 does and reports the same states, with fewer start-up blips",
        "  (`idle → working → idle`). Its three multiline runs end by the harness's SIGHUP (exit -1,",
        "  0.5 s after the last label; no `clear`).",
        "- Codex 0.169.0 writes 7501 reports (`app=codex`, ST-terminated) **without probing**, in every",
        "  session: `idle`, `working`, `blocked:kind=permission` for exec and edit approvals,",
        "  `blocked:kind=question` for `request_user_input`, `done` at turn end, `clear` on exit. At start",
        "  it blips `idle → working → idle` within 60 ms; the trust screen comes before its first report",
        "  (screen only); ctrl+c after a turn reports `idle` before `clear`.",
        "- Gemini CLI 0.56.0 and 0.61.0 and Aider 0.86.2 write none, even with the probe answered.",
        "  Gemini CLI 0.56.0's web_fetch asks the model a second time with only the `urlContext`",
        "  tool (a side request for the fake API); its screens read as 0.61.0's.",
        "- Qwen Code 0.12.0 draws ask_user_question in a rounded box, ends its loading line",
        "  `(esc to cancel, 0s)`, shows `? for shortcuts` under the composer and, for a moment",
        "  after a confirmation is answered, its waiting line as the loading phrase. Its UI",
        "  language (`general.language`, `$QWEN_CODE_LANG`, `$LANG`) translates the dialogs, the",
        "  placeholder and the loading line's hint (0.24.4 keeps `esc to cancel` in English);",
        "  the `-lang-de` and `-lang-zh` captures show them. 0.12 and 0.15 send their API",
        "  requests through `$HTTPS_PROXY` whatever `$NO_PROXY` says (they run without the dead",
        "  proxy); 0.15's Esc leaves `● Request cancelled.` (never translated) above an empty",
        "  composer.",
        "- Copilot CLI 1.0.92 at 80 columns wraps its idle footer over two lines and shows the",
        "  model on a third.",
        "- OpenCode's first prompt of a session blanks the screen for 1-4 s (home view to session",
        "  view) while its bus already says busy; Qwen Code's Esc puts the prompt back into the",
        "  composer and drops it from the conversation. Neither writes OSC 7501 reports.",
        "- Claude's dialogs blink the tool bullet `●` every 0.6 s while they wait, so its output never",
        "  goes quiet in a dialog; Codex sets the window title to `[ ! ] Action Required | <dir>` while an",
        "  approval waits and a braille spinner while it works; Aider sets no title.",
        "- GitHub Copilot CLI 1.0.102 (bring-your-own-key, Chat Completions, `COPILOT_OFFLINE=true`) writes",
        "  no OSC 7501 and no state in its title (`<first prompt> - GitHub Copilot`). Its one working sign",
        "  is the footer (`◎ Working esc esc edit prompt` before output, `◉ Working · 167 B esc esc",
        "  interrupt` after; the circle cycles `○ ◎ ◉ ●`); Esc Esc interrupts (before any output it",
        "  rewinds the turn and puts the prompt back in the composer). A refused approval shows",
        "  `◉ Cancelling`, a working footer, then the idle footer a frame before `● Operation cancelled",
        "  by user`. The folder-trust dialog comes before its session starts: no hook, no event.",
        "- Pi 0.73.1 asks for no approval of its own (dialogs come only from extensions, drawn by its",
        "  select UI) and writes no OSC 7501; its title is `π - <dir>`. With",
        "  `terminal.showTerminalProgress` (off by default) it writes OSC 9;4;3 every second while it",
        "  works and 9;4;0 when the turn ends (`progress.jsonl`).",
        "",
    ]
    (root / "INDEX.md").write_text("\n".join(text), encoding="utf-8")
