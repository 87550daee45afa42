"""One scenario run: ``command_for`` (a Spec's argv and environment, from the agent's
description in harness/agents.py) and ``run_spec`` (sandbox, fake API, capture
writer, the agent in a pty, the scenario's body, the ground-truth check, clean-up).

What it does not do: choose which scenarios run (cli) or write INDEX.md (index).
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from agentrun import AgentRun, Sandbox, TruthFollower, captures_dir, pins, truth_log
from agents import AGENTS
from fakeapi import FakeAPI, Scenario

from capture_agents.core import COLS, ROWS, Ctx, Spec
from capture_agents.truth import check_truth
from osc7501wrap.capture import CaptureWriter


def command_for(spec: Spec, sb: Sandbox, api: FakeAPI) -> tuple[list[str], dict[str, str]]:
    """argv and env for a scenario's agent (its description's command with the options)."""
    return AGENTS[spec.agent].run_command(sb, api.base_url, spec.options)


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
                                  is_main=spec.options.get("is_main", AGENTS[spec.agent].is_main)))
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
        run.type_delay = AGENTS[spec.agent].type_delay
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
        cleanup = AGENTS[spec.agent].cleanup
        if cleanup is not None:
            cleanup(sb)
        sb.cleanup()
