"""`RunCheckWorkflow`: ask a worker of a task queue what it would refuse of a run.

The tools, agents, checks and model providers a run may name are the worker's (entry
points installed there, MCP servers it lists, its `RUBRICFLOW_MODELS` profiles, scripted
files on its disk), not the client's. Before a run, a batch or a new thread starts, the
client runs this short workflow on the task queue; one worker answers with what it would
refuse and the names of its checks, within `CHECK_TIMEOUT`. No answer in time (no worker,
or one of a build without this workflow) is no refusal: the run starts, and the worker
refuses what it lacks at its first step, with a non-retryable error of a named type.
"""

from __future__ import annotations

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from rubricflow.workflows.activity_defs import RubricActivityDefs
    from rubricflow.workflows.run_check_types import CHECK_TIMEOUT, RunCheckInput, RunCheckResult


@workflow.defn
class RunCheckWorkflow:
    """One activity on the task queue's workers; its answer is the workflow's result."""

    @workflow.run
    async def run(self, input: RunCheckInput) -> RunCheckResult:
        return await workflow.execute_activity_method(
            RubricActivityDefs.check_run,
            input,
            schedule_to_close_timeout=CHECK_TIMEOUT,
            retry_policy=RetryPolicy(maximum_attempts=1),
        )
