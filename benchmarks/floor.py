"""The floor: a bare Temporal workflow with the same activity sequence as a rubricflow run.

No LangChain, no heartbeats, no events, no search attributes: each step is a no-op
activity that sleeps for the model latency when it stands for a model call. What
rubricflow spends above this is its own overhead.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from pydantic import BaseModel, Field
from temporalio import activity, workflow
from temporalio.common import RetryPolicy


class FloorStep(BaseModel):
    """One activity of the sequence: its kind (the rubricflow activity it stands for) and
    the model latency it sleeps."""

    kind: str
    sleep_s: float = Field(default=0.0, ge=0)


class FloorInput(BaseModel):
    steps: list[FloorStep] = Field(min_length=1)


class FloorStepResult(BaseModel):
    kind: str


class FloorResult(BaseModel):
    steps: int


@activity.defn
async def floor_step(step: FloorStep) -> FloorStepResult:
    if step.sleep_s:
        await asyncio.sleep(step.sleep_s)
    return FloorStepResult(kind=step.kind)


@workflow.defn
class FloorWorkflow:
    @workflow.run
    async def run(self, input: FloorInput) -> FloorResult:
        for step in input.steps:
            await workflow.execute_activity(
                floor_step,
                step,
                start_to_close_timeout=timedelta(minutes=1),
                retry_policy=RetryPolicy(maximum_attempts=3),
            )
        return FloorResult(steps=len(input.steps))
