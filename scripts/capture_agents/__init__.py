"""The capture harness behind scripts/capture-agents: real agents in a pty against the
scripted fake LLM API, recorded into tests/captures and tests/screens.

Modules: ``core`` (what a scenario is written with: Ctx, Spec, the ``scenario``
decorator, shared waits), one driver module per agent (``claude`` (+ ``claude_extra``),
``codex``, ``aider``, ``gemini``, ``copilot``, ``pi``, ``opencode``, ``qwen``),
``shared`` (the scenarios several agents take step for step, as a table), ``variants``
(size and language runs), ``scenarios`` (all of them in order), ``truth``
(the agents' own events against the labels), ``runner`` (one scenario run), ``index``
(tests/captures/INDEX.md), ``cli`` (the command line). It needs ``harness/`` on sys.path
(``agentrun``, ``fakeapi``, ``agents``), never ``tests/``; importing it runs nothing.
"""
