"""Build B's thread for the Worker Versioning test: the same workflow type, plus a query
that build A does not have, so a test can tell which build serves a run."""

from __future__ import annotations

from pydantic import ValidationError
from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from rubricflow.workflows.rubric_run import RubricRunWorkflow
    from rubricflow.workflows.types import RunInput, RunResult


@workflow.defn(name="RubricRunWorkflow", failure_exception_types=[ValidationError])
class ChangedRubricRunWorkflow(RubricRunWorkflow):
    @workflow.run
    async def run(self, input: RunInput) -> RunResult:
        return await super().run(input)

    @workflow.query
    def build_marker(self) -> str:
        return "B"
