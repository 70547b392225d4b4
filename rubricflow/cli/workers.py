"""What a task queue's workers say before a command sends them anything: whether any
polls, and what they would refuse of a run (`Rubricflow.check`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rubricflow.ask_workers import CHECK_WAIT
from rubricflow.cli.inputs import UnpricedModels
from rubricflow.client import Rubricflow
from rubricflow.workflows.run_check_types import RunCheckInput, RunCheckResult
from rubricflow.workflows.run_settings import profile_name
from rubricflow.workflows.types import ModelPrice, RunInput

T = TypeVar("T")


async def preflight(rf: Rubricflow, check: RunInput | RunCheckInput, rubrics: Any = None) -> RunCheckResult | None:
    """What the task queue's workers would refuse of a run, refused now in their words
    (`Rubricflow.check`), and their answer; a warning when workers poll but none answered."""
    answer = await rf.check(check, rubrics)
    if answer is None and await rf.workers_polling():
        sys.stderr.write(
            f"rubricflow: warning: no worker on task queue {rf.queue!r} said within "
            f"{CHECK_WAIT.total_seconds():.0f} s what it would refuse (a worker of an older build?); "
            "the run starts, and its worker refuses at the first step what it lacks\n"
        )
        sys.stderr.flush()
    return answer


async def with_worker_prices(build: Callable[[Mapping[str, ModelPrice] | None], T]) -> T:
    """`build(None)`; when `--max-cost` finds `profile:` models the client's price table
    lacks, `build` again with the prices the workers' profiles give them (a client never
    reads the worker's models file; `UnpricedModels` still when they give none)."""
    try:
        return build(None)
    except UnpricedModels as exc:
        if not all(profile_name(m) for m in exc.models):
            raise
        answer = await (await Rubricflow.connect()).ask(RunCheckInput(models=exc.models))
        if answer is None or not answer.prices:
            raise
        return build(answer.prices)


async def warn_without_workers(rf: Rubricflow) -> None:
    """Say at once when no worker polls the task queue: the message would wait silently."""
    if not await rf.workers_polling():
        sys.stderr.write(
            f"rubricflow: warning: no worker is polling task queue {rf.queue!r}; the message is "
            "queued and handled once a worker starts there (`rubricflow worker`, or check "
            "RUBRICFLOW_TASK_QUEUE)\n"
        )
        sys.stderr.flush()
