"""One scenario run: ``command_for`` (a Spec's argv and environment, from the agent's
command builder in harness/agentrun.py) and ``run_spec`` (sandbox, fake API, capture
writer, the agent in a pty, the scenario's body, the ground-truth check, clean-up).

What it does not do: choose which scenarios run (cli) or write INDEX.md (index).
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from agentrun import (
    AgentRun,
    Sandbox,
    TruthFollower,
    aider_command,
    captures_dir,
    claude_command,
    cline_command,
    cline_stop_hub,
    codex_command,
    copilot_command,
    gemini_command,
    grok_command,
    kilo_command,
    opencode_command,
    pi_command,
    pins,
    qwen_command,
    truth_log,
)
from fakeapi import FakeAPI, Scenario, default_is_main

from capture_agents.core import COLS, ROWS, Ctx, Spec
from capture_agents.truth import check_truth
from osc7501wrap.capture import CaptureWriter


def command_for(spec: Spec, sb: Sandbox, api: FakeAPI) -> tuple[list[str], dict[str, str]]:
    """argv and env for a scenario's agent."""
    o = spec.options
    if spec.agent == "claude":
        argv, env = claude_command(
            sb,
            api.base_url,
            trust=o.get("trust", True),
            args=o.get("args"),
            settings=o.get("settings"),
            state=o.get("state"),
        )
        env.update(o.get("env") or {})
        return argv, env
    if spec.agent == "codex":
        return codex_command(
            sb,
            api.base_url,
            trust=o.get("trust", True),
            approval=o.get("approval", "on-request"),
            args=o.get("args"),
        )
    if spec.agent == "gemini":
        return gemini_command(sb, api.base_url, trust=o.get("trust", True), args=o.get("args"),
                              settings=o.get("settings"))
    if spec.agent == "aider":
        return aider_command(sb, api.base_url, args=o.get("args"), git=o.get("git", False))
    if spec.agent == "opencode":
        argv, env = opencode_command(sb, api.base_url, args=o.get("args"), config=o.get("config"))
        env.update(o.get("env") or {})
        return argv, env
    if spec.agent == "qwen":
        return qwen_command(sb, api.base_url, args=o.get("args"), settings=o.get("settings"))
    if spec.agent == "copilot":
        return copilot_command(sb, api.base_url, trust=o.get("trust", True), args=o.get("args"))
    if spec.agent == "pi":
        return pi_command(sb, api.base_url, args=o.get("args"), gate=o.get("gate", False),
                          settings=o.get("settings"))
    if spec.agent == "grok":
        return grok_command(sb, api.base_url, args=o.get("args"))
    if spec.agent == "kilo":
        argv, env = kilo_command(sb, api.base_url, args=o.get("args"), config=o.get("config"))
        env.update({k.replace("OPENCODE_", "KILO_", 1): v for k, v in (o.get("env") or {}).items()})
        return argv, env
    if spec.agent == "cline":
        return cline_command(sb, api.base_url, args=o.get("args"))
    raise ValueError(spec.agent)


def run_spec(spec: Spec, keep: bool) -> tuple[bool, str]:
    """Run one scenario; return (ok, message)."""
    pin = pins()[spec.agent]
    sb = Sandbox.create(keep=keep, name=f"{spec.agent}-{spec.name}")
    api = FakeAPI()
    api.start()
    out = captures_dir(spec.agent, pin.version) / f"{spec.name}.jsonl"
    cap: CaptureWriter | None = None
    run: AgentRun | None = None
    ctx: Ctx | None = None
    t0 = time.monotonic()
    try:
        setup = spec.options.get("setup")
        if setup:
            setup(sb)
        api.set_scenario(Scenario(spec.steps(sb, api), name=spec.name,
                                  is_main=spec.options.get("is_main", default_is_main)))
        argv, env = command_for(spec, sb, api)
        shown_argv = [Path(argv[0]).name, *argv[1:]]
        shown_argv = [a.replace(api.base_url, "http://127.0.0.1:PORT").replace(str(sb.root), "/SANDBOX") for a in shown_argv]
        out.parent.mkdir(parents=True, exist_ok=True)
        cap = CaptureWriter(
            out,
            cols=spec.options.get("cols", COLS),
            rows=spec.options.get("rows", ROWS),
            argv=shown_argv,
            agent=spec.agent,
            agent_version=pin.version,
            term="xterm-256color",
            scenario=spec.name,
            description=spec.description,
            answer_7501=bool(spec.options.get("answer_7501")),
        )
        run = AgentRun(
            argv,
            env=env,
            cwd=sb.work,
            cols=spec.options.get("cols", COLS),
            rows=spec.options.get("rows", ROWS),
            capture=cap,
            answer_7501=bool(spec.options.get("answer_7501")),
        )
        ctx = Ctx(spec.agent, pin.version, spec.name, api, sb, run, screens=spec.options.get("screens", True),
                  suffix=spec.options.get("shot_suffix", ""), lang=spec.options.get("lang", ""))
        labeller = spec.options.get("truth")
        if labeller is not None:
            ctx.truth = TruthFollower(truth_log(sb), cap, labeller(),
                                      drawn=spec.options.get("drawn", ("blocked",)))
        spec.body(ctx)
        run.close()
        note = check_truth(spec.agent, sb, cap,
                           background=bool(spec.options.get("background_truth")))
        return True, f"{len(ctx.shots)} screens, {time.monotonic() - t0:.0f} s" + (f"; {note}" if note else "")
    except Exception as e:
        detail = traceback.format_exc(limit=3) if os.environ.get("CAPTURE_DEBUG") else str(e)
        return False, detail
    finally:
        if run:
            run.close()
        if ctx and ctx.truth:
            ctx.truth.close()
            if keep:
                (sb.root / "truth-labels.txt").write_text(
                    "".join(f"{t - cap.t0:.3f} {v}\n" for t, v in ctx.truth.labels) if cap else "")
        if cap:
            cap.close()
        if keep:
            api.dump(str(sb.root / "requests.jsonl"))
        api.stop()
        if ctx and ctx.run.reports:
            (sb.root / "reports.txt").write_text("\n".join(ctx.run.reports) + "\n")
        if spec.agent == "cline":
            cline_stop_hub(sb)
        sb.cleanup()
