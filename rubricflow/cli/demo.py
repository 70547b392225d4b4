"""`rubricflow demo`: the seed's example on the embedded server, a worker and the local
models (or canned replies), printed live, closed with what the loop changed."""

from __future__ import annotations

import argparse
import os
from importlib import resources
from pathlib import Path
from typing import TextIO

from temporalio.client import Client

from rubricflow.cli.exits import demo_exit_code
from rubricflow.cli.follow import follow
from rubricflow.cli.inputs import grading_settings, iterations, temperature
from rubricflow.cli.render import render_loop_summary
from rubricflow.cli.serve import WorkerProcess, serve
from rubricflow.cli.workers import preflight
from rubricflow.client import Rubricflow, RunFailed, check_input
from rubricflow.devserver import DevServer
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput


def demo_file(name: str) -> str:
    return str(resources.files("rubricflow").joinpath("examples", "find_duplicates", name))


DEMO_LOCAL_MODEL = "local:qwen2.5-coder-1.5b"
"""The demo's agent, chosen by measurement (`python -m benchmarks revisions`,
docs/benchmarks.md): the 0.5B model repeated its answer after every revision message, even
asked again warmer; the 1.5B acts on the feedback (it adds the docstring the grader asks
for). One model for agent and grader: the worker loads it once."""
DEMO_TEMPERATURE = 0.0
"""The demo agent's temperature: its most likely answer and revision. A revision identical to
the answer it revises is asked again at 0.8 (`activities/reasks.py`)."""
DEMO_DEEP_MODEL = "local:qwen2.5-coder-0.5b"
"""The `--agent deep` demo's agent (the small deep agent measured in docs/local-tools.md)."""
DEMO_GRADER_MODEL = "local:qwen2.5-coder-1.5b"
"""The demo's grader: the smallest local model whose verdicts the judge benchmark shows to be
right (`python -m benchmarks judge`; docs/grading.md)."""
DEMO_STOPPED = 130
"""Exit code of a demo stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it)."""
DEMO_TASK = (
    "Write a Python function `find_duplicates(lst)` that returns a list of all elements that "
    "appear more than once in the input list, in the order they first appear."
)
"""The seed's task, word for word; its four tests (rubric.md) decide the order it means."""
DEMO_SYSTEM_PROMPT = (
    "You are a careful Python programmer. Answer with the complete code in one ```python code block, then one sentence."
)
"""The revision message itself asks for the complete revised answer: said here too, it had the
1.5B model write a second, "revised" block into its first answer."""


DEMO_DEEP_TASK = DEMO_TASK + " Write it to /solution.py."
DEMO_DEEP_SYSTEM_PROMPT = (
    "You are a careful Python programmer. Write the complete code to /solution.py with "
    "write_file; when you are asked to revise, fix that file with edit_file. Then answer "
    "in one sentence."
)


def demo_models(args: argparse.Namespace) -> tuple[str, str, str]:
    """(agent model, grader model, what to say about them)."""
    if args.scripted:
        deep = getattr(args, "agent", "default") == "deep"
        return (
            f"scripted:{demo_file('deep_agent.json' if deep else 'agent.json')}",
            f"scripted:{demo_file('grader.json')}",
            "scripted models (no model runs: the replies are canned, the tests are real)",
        )
    deep = getattr(args, "agent", "default") == "deep"
    agent = args.model or (DEMO_DEEP_MODEL if deep else DEMO_LOCAL_MODEL)
    grader = args.grader_model or DEMO_GRADER_MODEL
    return agent, grader, f"agent {agent}, grader {grader}, on this machine's CPU"


def demo_run_input(agent_model: str, grader: GraderSettings, temperature: float | None, deep: bool = False) -> RunInput:
    """The demo's run: the seed's task and rubric, the demo's system prompt, on these models."""
    return RunInput(
        message=DEMO_DEEP_TASK if deep else DEMO_TASK,
        rubric=Path(demo_file("rubric_deep.md" if deep else "rubric.md")).read_text(encoding="utf-8"),
        agent=AgentSettings(
            model=agent_model,
            system_prompt=DEMO_DEEP_SYSTEM_PROMPT if deep else DEMO_SYSTEM_PROMPT,
            agent="deep" if deep else "default",
            temperature=temperature,
        ),
        grader=grader,
    )


def demo_temperature(args: argparse.Namespace, deep: bool) -> float | None:
    """`--temperature`, else `DEMO_TEMPERATURE` for the default agent on its default model."""
    if getattr(args, "temperature", None) is not None:
        return temperature(args.temperature)
    return DEMO_TEMPERATURE if not (deep or args.scripted or args.model) else None


async def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    agent_model, grader_model, about = demo_models(args)
    if args.scripted:
        os.environ["RUBRICFLOW_ALLOW_SCRIPTED"] = "1"  # for the demo's own worker process
    max_iterations = iterations(args.max_iterations)
    deep = getattr(args, "agent", "default") == "deep"
    run = demo_run_input(
        agent_model,
        GraderSettings(model=grader_model, max_iterations=max_iterations, **grading_settings(args)),
        demo_temperature(args, deep),
        deep,
    )
    check_input(run)

    async def demo(client: Client, server: DevServer, worker: WorkerProcess) -> int:
        out.write(
            f"demo: {about}.\nThe rubric has a check-backed criterion (the rubric's tests "
            "really run on the agent's code, isolated) and criteria the grader model "
            f"judges; up to {max_iterations} grading passes.\n"
            + (
                "The agent is a deep agent: the tests run /solution.py, the file it writes "
                "(`rubricflow files THREAD /solution.py` prints it).\n"
                if deep
                else ""
            )
            + "\n"
        )
        rf = Rubricflow(client)
        await preflight(rf, run)  # its worker is up: what it lacks is said before the run
        handle = await rf.start(run)
        out.write(f"thread {handle.thread_id}\n")
        code = await follow(rf, handle.thread_id, False, out, max_iterations)
        out.write(
            f"\nsee the run: {server.ui_url}/namespaces/default/workflows/{handle.thread_id}"
            f"\n(the history is kept in {server.db_file or 'the running server'}; "
            "`rubricflow dev` serves it again)\n"
        )
        try:
            progress = await rf.progress(handle.thread_id)
        except RunFailed:
            return code  # the thread's workflow failed: `follow` said how
        render_loop_summary(progress, out)
        return demo_exit_code(progress.status)

    code = await serve(Path(args.data_dir), args.port, args.verbose, out, demo, stopped=DEMO_STOPPED)
    if code == DEMO_STOPPED:
        out.write("\nstopped: the thread stays on the server; `rubricflow dev` picks it up again\n")
    return code
