"""The batch's one activity: wait for an item thread the batch did not start itself.

A re-run of a batch finds its items' threads already there (completed, or still running
from an earlier run); the workflow cannot wait on a workflow that is not its child, so
this activity does, through the worker's own client, heartbeating while it waits.
"""

from __future__ import annotations

import asyncio

from temporalio import activity
from temporalio.client import WorkflowExecutionStatus, WorkflowFailureError

from rubricflow.activities.step_guards import heartbeat_interval
from rubricflow.workflows.batch_types import AdoptInput, ItemOutcome, outcome_of
from rubricflow.workflows.names import ADOPT_THREAD_ACTIVITY
from rubricflow.workflows.types import RunResult


@activity.defn(name=ADOPT_THREAD_ACTIVITY)
async def adopt_thread(input: AdoptInput) -> ItemOutcome:
    """The thread's outcome once it ends (at once when it already has)."""
    handle = activity.client().get_workflow_handle(input.thread_id, result_type=RunResult)
    every = heartbeat_interval(activity.info().heartbeat_timeout).total_seconds()

    async def beat() -> None:
        while True:
            activity.heartbeat()
            await asyncio.sleep(every)

    beating = asyncio.create_task(beat())
    try:
        result = await handle.result()
    except WorkflowFailureError as err:
        description = await handle.describe()
        cancelled = description.status == WorkflowExecutionStatus.CANCELED
        return ItemOutcome(
            item_id=input.item_id,
            status="thread_cancelled" if cancelled else "thread_failed",
            reason=str(err.cause or err),
            adopted=True,
        )
    finally:
        beating.cancel()
    description = await handle.describe()
    seconds = (
        (description.close_time - description.start_time).total_seconds() if description.close_time is not None else 0.0
    )
    return outcome_of(input.item_id, result, seconds=seconds, adopted=True)


BATCH_ACTIVITIES = [adopt_thread]
"""What a worker registers for `BatchWorkflow`."""
