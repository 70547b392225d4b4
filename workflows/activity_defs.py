"""The activities a thread calls, as an interface the workflow can name without importing them.

`activities/rubric_activities.py` imports LangChain, which must stay out of workflow code
(and out of its sandbox), so the workflow cannot import `RubricActivities` itself. The
SDK only needs an activity's definition to call it: `workflow.execute_activity_method`
reads the name and the argument and result types from the `@activity.defn` attributes of
the function it is given, never calls it and never needs an instance. This class holds
those definitions; `RubricActivities` on the worker registers methods of the same names
(tests/test_state.py checks that the two agree).
"""

from __future__ import annotations

from temporalio import activity

from rubricflow.workflows.batch_types import AdoptInput, ItemOutcome
from rubricflow.workflows.names import (
    ADOPT_THREAD_ACTIVITY,
    AGENT_TURN_ACTIVITY,
    CHECK_RUN_ACTIVITY,
    GRADER_PASS_ACTIVITY,
    HOOKS_ACTIVITY,
)
from rubricflow.workflows.run_check_types import RunCheckInput, RunCheckResult
from rubricflow.workflows.types import AgentTurnInput, AgentTurnResult, GradeInput, GradeResult, HookInput


class RubricActivityDefs:
    """Stubs: the worker's `RubricActivities` implements them."""

    @activity.defn(name=AGENT_TURN_ACTIVITY)
    async def run_agent_turn(self, input: AgentTurnInput) -> AgentTurnResult:
        raise NotImplementedError("implemented on the worker by RubricActivities.run_agent_turn")

    @activity.defn(name=GRADER_PASS_ACTIVITY)
    async def grade_transcript(self, input: GradeInput) -> GradeResult:
        raise NotImplementedError("implemented on the worker by RubricActivities.grade_transcript")

    @activity.defn(name=HOOKS_ACTIVITY)
    async def deliver_evaluation(self, input: HookInput) -> list[str]:
        raise NotImplementedError("implemented on the worker by RubricActivities.deliver_evaluation")

    @activity.defn(name=CHECK_RUN_ACTIVITY)
    async def check_run(self, input: RunCheckInput) -> RunCheckResult:
        raise NotImplementedError("implemented on the worker by RubricActivities.check_run")


class BatchActivityDefs:
    """Stubs: the worker's `rubricflow.activities.batch.adopt_thread` implements it."""

    @activity.defn(name=ADOPT_THREAD_ACTIVITY)
    async def adopt_thread(self, input: AdoptInput) -> ItemOutcome:
        raise NotImplementedError("implemented on the worker by rubricflow.activities.batch.adopt_thread")
