"""Asking the workers of a task queue what they would refuse of a run (`RunCheckWorkflow`).

The client never judges the worker's registry from its own machine: the tools, agents,
checks, model providers and scripted files a run names are resolved where it runs. A
worker answers within seconds; without an answer in `CHECK_WAIT` (no worker polls, or
none of its build knows the check) the run may start, and its worker refuses what it lacks
at the first step with a non-retryable error of a named type.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Iterable, Mapping
from datetime import timedelta

from temporalio.client import Client, WorkflowFailureError

from rubricflow.client_errors import typed_errors
from rubricflow.errors import RunRefused
from rubricflow.workflows.batch_types import BatchItem
from rubricflow.workflows.rubric import parse_rubric
from rubricflow.workflows.run_check import RunCheckWorkflow
from rubricflow.workflows.run_check_types import CHECK_TIMEOUT, RunCheckInput, RunCheckResult
from rubricflow.workflows.types import AgentSettings, GraderSettings

CHECK_WAIT = timedelta(seconds=15)
"""How long a client waits for a worker's answer before it lets the run start unchecked."""


def check_of(agent: AgentSettings | None, grader: GraderSettings | None) -> RunCheckInput:
    """What a run's settings name that only its worker can resolve (no agent settings: a
    message to a thread that has them already)."""
    return RunCheckInput(
        models=[*([agent.model] if agent is not None else []), *([grader.model] if grader is not None else [])],
        agent=agent.agent if agent is not None else "default",
        tools=list(agent.tools) if agent is not None else [],
        grader_tools=list(grader.tools) if grader is not None else [],
    )


def item_rubrics(rubric: str | None, items: Iterable[BatchItem]) -> dict[str, str | None]:
    """A batch's rubric and each distinct rubric of its items, named for a refusal."""
    named: dict[str, str | None] = {"the rubric": rubric}
    seen = {rubric}
    for item in items:
        if item.rubric not in seen:
            seen.add(item.rubric)
            named[f"the rubric of item {item.id!r}"] = item.rubric
    return named


async def ask_workers(
    client: Client, queue: str, check: RunCheckInput, wait: timedelta = CHECK_WAIT
) -> RunCheckResult | None:
    """One worker's answer on `queue`, or None when none answered within `wait`."""
    with typed_errors():
        handle = await client.start_workflow(
            RunCheckWorkflow.run,
            check,
            id=f"rubricflow-check-{uuid.uuid4().hex[:12]}",
            task_queue=queue,
            execution_timeout=CHECK_TIMEOUT + wait,
            static_summary="what the workers would refuse of a run",
        )
    try:
        return await asyncio.wait_for(handle.result(), wait.total_seconds())
    except (TimeoutError, WorkflowFailureError):
        with contextlib.suppress(Exception):  # it times out by itself otherwise
            await handle.terminate("no worker answered in time")
        return None


def refusals(answer: RunCheckResult, rubrics: Mapping[str, str | None]) -> list[str]:
    """The worker's problems, and each rubric's that names a check the worker lacks
    (`rubrics`: what to call each one in the refusal, and its text)."""
    problems = list(answer.problems)
    for what, rubric in rubrics.items():
        if rubric is not None:
            problems += [f"{what}: {p}" for p in parse_rubric(rubric, answer.checks).problems]
    return problems


def refuse(queue: str, answer: RunCheckResult, rubrics: Mapping[str, str | None]) -> None:
    """`RunRefused`, in the workers' words, when `refusals` finds any."""
    problems = refusals(answer, rubrics)
    if problems:
        raise RunRefused(f"the workers on task queue {queue!r} refuse this run: " + "; ".join(problems))
