"""The dynamic test: a bot uses a fake agent through `wrap` for 30 tasks (fixed seed).

The fake agent (tests/fake_agent.py) has a 10 Hz spinner of about 60-byte frames, silent
tool calls, and permission prompts drawn and cleared; the bot answers each prompt and
submits the next task after random delays (here at one tenth of the 3-8 s and 3-10 s a
person takes; bench/bench_detect.py runs the full timings and prints the latencies).
Every prompt must be reported as blocked before it is answered, nothing else may be
reported as blocked, and a turn must not read as finished while it runs.
"""

from __future__ import annotations

import dynamic


def test_thirty_tasks_every_prompt_detected_no_false_blocked() -> None:
    res = dynamic.run(tasks=30, seed=7, scale=0.1)
    assert res.status == 0
    assert res.tasks == 30
    assert res.dialogs >= 20, res.summary()
    assert res.missed == 0, res.summary()
    assert res.false_blocked == 0, res.summary()
    assert res.false_done == 0, res.summary()
    # every answered dialog gave way to another state
    assert len(res.unblock_latencies) == res.dialogs, res.summary()
