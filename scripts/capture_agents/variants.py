"""The size and language runs: which scenarios run again at SIZES (SIZED) and with an agent's
language setting (LANGUAGES), and ``variants``, which makes their Specs from the base
scenarios.

What it does not do: register anything (scenarios adds the variants after every agent's
own scenarios) or know how an agent applies a setting.
"""

from __future__ import annotations

from typing import Any

from capture_agents.core import Spec

# Each agent's dialogs again at these terminal sizes (<scenario>-<cols>x<rows>), besides the
# default COLS x ROWS: the same run, ground truth and screens (named with the size).
SIZES = ((80, 24), (200, 50))
SIZED: dict[str, tuple[str, ...]] = {
    "claude": ("bash-reject", "askuserquestion", "plan-approval", "multiline"),
    "codex": ("exec-reject", "plan-question", "multiline"),
    "gemini": ("write-file", "ask-user"),
    "aider": ("create-file", "add-file"),
    "opencode": ("bash-reject", "question"),
    "qwen": ("shell-reject", "ask-user"),
    "copilot": ("bash-refuse", "ask-user"),
}
# Runs with the agent's language setting (<scenario>-lang-<code>): a dialog and a working
# phase. Claude Code has one (settings.json `language`; it sets the language of the
# model's answers, the UI stays English: the captures show it) and Qwen Code a UI
# language (its locales/*.js; the harness waits for its translated strings, qwen_ui);
# Gemini CLI 0.56-0.61, OpenCode's TUI, Copilot CLI, Codex and Aider have none
# (rules/*.toml `languages`, `languages_note`).
LANGUAGES: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "claude": [("bash-approve", "de", {"settings": {"language": "german"}}),
               ("askuserquestion", "ja", {"settings": {"language": "japanese"}})],
    # Qwen Code's UI language: settings.json general.language (what /language writes),
    # else $QWEN_CODE_LANG, else $LANG or the system locale.
    "qwen": [("shell-approve", "de", {"settings": {"general": {"language": "de"}}}),
             ("ask-user", "zh", {"settings": {"general": {"language": "zh"}}})],
}


def variants(base: list[Spec]) -> list[Spec]:
    """The SIZED and LANGUAGES runs of the scenarios in ``base``, in that order."""
    by_name = {(s.agent, s.name): s for s in base}
    out: list[Spec] = []
    for agent, names in SIZED.items():
        for name in names:
            spec = by_name[(agent, name)]
            for cols, rows in SIZES:
                out.append(Spec(agent, f"{name}-{cols}x{rows}",
                                f"{spec.description} ({cols}x{rows} terminal)",
                                spec.steps, spec.body,
                                dict(spec.options, cols=cols, rows=rows,
                                     shot_suffix=f"-{cols}x{rows}")))
    for agent, runs in LANGUAGES.items():
        for name, code, extra in runs:
            spec = by_name[(agent, name)]
            opts = dict(spec.options, shot_suffix=f"-lang-{code}", lang=code)
            for key, value in extra.items():
                opts[key] = {**(opts.get(key) or {}), **value} if isinstance(value, dict) else value
            out.append(Spec(agent, f"{name}-lang-{code}",
                            f"{spec.description} (language setting: {code})",
                            spec.steps, spec.body, opts))
    return out
