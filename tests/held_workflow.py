"""A thread with one extra update that stays in flight until released: it holds the
thread inside its continue-as-new wait (`all_handlers_finished`) for as long as a
test needs, the way any slow handler would."""

from __future__ import annotations

from pydantic import ValidationError
from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from rubricflow.workflows.rubric_run import RubricRunWorkflow
    from rubricflow.workflows.types import RunInput, RunResult


@workflow.defn(name="HeldRubricRunWorkflow", failure_exception_types=[ValidationError])
class HeldRubricRunWorkflow(RubricRunWorkflow):
    @workflow.init
    def __init__(self, input: RunInput) -> None:
        super().__init__(input)
        self._held = True

    @workflow.run
    async def run(self, input: RunInput) -> RunResult:
        return await super().run(input)

    @workflow.update
    async def hold(self) -> None:
        await workflow.wait_condition(lambda: not self._held)

    @workflow.signal
    def release(self) -> None:
        self._held = False
