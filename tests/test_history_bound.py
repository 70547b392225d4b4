"""A run's history stays within the benchmark's bound: at most the minimal floor's events + 4,
and at most twice its bytes plus the transcript itself (`rubricflow/bench/history.py`)."""

from __future__ import annotations

import uuid

from temporalio.worker import Worker

from rubricflow.bench.history import history_goal, history_profile, transcript_bytes
from rubricflow.bench.minimal_floor import MinimalFloorWorkflow, floor_agent_turn, floor_grade
from rubricflow.client import Rubricflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import thread_id, verdict

PASSES = 10


async def floor_profile(client) -> dict:
    queue = f"floor-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client, task_queue=queue, workflows=[MinimalFloorWorkflow], activities=[floor_agent_turn, floor_grade]
    ):
        handle = await client.start_workflow(
            "MinimalFloorWorkflow", f"{PASSES} 0", id=f"floor-{uuid.uuid4().hex[:8]}", task_queue=queue, result_type=str
        )
        assert await handle.result() == f"{PASSES} passes"
    return {"passes": PASSES, **await history_profile(handle)}


class TestTheHistoryBound:
    async def test_a_ten_pass_run_stays_within_the_floor_bound(self, client, task_queue, worker, script):
        agent = script(*(f"answer {i}" for i in range(PASSES)))
        grader = script(
            *[verdict("needs_revision", "not yet", tests="fails")] * (PASSES - 1),
            verdict("satisfied", "ok", tests=True),
        )
        run = RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests",
            agent=AgentSettings(model=agent),
            grader=GraderSettings(model=grader, max_iterations=PASSES),
        )
        thread = await Rubricflow(client, task_queue).start(run, thread_id())
        result = await thread.result()
        assert result.status == "satisfied" and len(result.evaluations) == PASSES

        profile = {"passes": PASSES, **await history_profile(thread.handle)}
        goal = history_goal(profile, await floor_profile(client), transcript_bytes(result.transcript))
        assert goal["events"] <= goal["max_events"], goal
        assert goal["bytes"] <= goal["max_bytes"], goal
        assert goal["met"]
        # The status is upserted when it changes (running, needs_revision, satisfied), not per pass.
        assert profile["actions"]["search-attribute upserts"] == 3
