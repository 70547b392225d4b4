"""The minimal floor: bare Temporal, the same four activities as a 2-pass rubricflow run.

Agent turn, grader pass, agent turn, grader pass (or N of each): no-op activities that
take and return a short `str`, in a module that imports only `temporalio` (and the
standard library), run in the SDK's default sandbox with `pydantic_data_converter`, as a
user of bare Temporal writes it. Its input is `"PASSES LATENCY_S"`, e.g. `"2 0"`; each
activity sleeps LATENCY_S, standing in for the model call.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio import activity, workflow

STEP_TIMEOUT = timedelta(minutes=1)


@activity.defn
async def floor_agent_turn(latency_s: str) -> str:
    await asyncio.sleep(float(latency_s))
    return "answer"


@activity.defn
async def floor_grade(latency_s: str) -> str:
    await asyncio.sleep(float(latency_s))
    return "graded"


@workflow.defn
class MinimalFloorWorkflow:
    @workflow.run
    async def run(self, spec: str) -> str:
        passes, latency_s = spec.split()
        graded = 0
        for _ in range(int(passes)):
            await workflow.execute_activity(floor_agent_turn, latency_s, start_to_close_timeout=STEP_TIMEOUT)
            graded += (
                await workflow.execute_activity(floor_grade, latency_s, start_to_close_timeout=STEP_TIMEOUT) == "graded"
            )
        return f"{graded} passes"
