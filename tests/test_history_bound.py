"""A run's history against the benchmark's bound (`benchmarks/history.py`): at most
the minimal floor's events + 4, and at most twice its bytes plus the transcript itself."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.worker import Worker

from benchmarks.history import BYTES_FACTOR, history_goal, history_profile, transcript_bytes
from benchmarks.minimal_floor import MinimalFloorWorkflow, floor_agent_turn, floor_grade
from rubricflow.client import Rubricflow
from rubricflow.workflows.names import ITERATION_ATTR, RUN_ID_ATTR, STATUS_ATTR
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput, RunResult
from tests.helpers import thread_id, verdict


async def floor_profile(client: Any, passes: int) -> dict[str, Any]:
    queue = f"floor-{uuid.uuid4().hex[:8]}"
    async with Worker(
        client, task_queue=queue, workflows=[MinimalFloorWorkflow], activities=[floor_agent_turn, floor_grade]
    ):
        handle = await client.start_workflow(
            "MinimalFloorWorkflow", f"{passes} 0", id=f"floor-{uuid.uuid4().hex[:8]}", task_queue=queue, result_type=str
        )
        assert await handle.result() == f"{passes} passes"
    return {"passes": passes, **await history_profile(handle)}


async def goal(client: Any, task_queue: str, script: Any, passes: int) -> dict[str, Any]:
    """A run of `passes` (needs_revision until the last) against the floor of as many."""
    agent = script(*(f"answer {i}" for i in range(passes)))
    grader = script(
        *[verdict("needs_revision", "not yet", tests="fails")] * (passes - 1), verdict("satisfied", "ok", tests=True)
    )
    run = RunInput(
        message="Write find_duplicates(items).",
        rubric="- tests",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=passes),
    )
    thread = await Rubricflow(client, task_queue).start(run, thread_id())
    result = await thread.result()
    assert result.status == "satisfied" and len(result.evaluations) == passes
    profile = {"passes": passes, **await history_profile(thread.handle)}
    floor = await floor_profile(client, passes)
    return {**history_goal(profile, floor, transcript_bytes(result.transcript)), "floor": floor, "run": profile}


class TestTheHistoryBound:
    async def test_events_within_the_floors_and_each_pass_within_the_byte_allowance(
        self, client, task_queue, worker, script
    ):
        short, long = [await goal(client, task_queue, script, passes) for passes in (2, 10)]
        for g in (short, long):
            assert g["events"] <= g["max_events"], g
            # The status is upserted when it changes (needs_revision, satisfied), not per pass;
            # `running` is set by the client's start.
            assert g["run"]["actions"]["search-attribute upserts"] == 2
        # What each further pass adds: at most twice what the floor's pass adds, plus its
        # messages (nothing re-sent: the transcript and settings go by reference).
        per_pass = (long["bytes"] - short["bytes"]) / 8
        floor_per_pass = (long["floor"]["bytes"] - short["floor"]["bytes"]) / 8
        transcript_per_pass = (long["transcript_bytes"] - short["transcript_bytes"]) / 8
        assert per_pass <= BYTES_FACTOR * floor_per_pass + transcript_per_pass, (per_pass, floor_per_pass)

    @pytest.mark.parametrize("started_by", ["rubricflow", "type name"])
    async def test_an_upsert_carries_what_it_changes_and_the_run_keeps_every_attribute(
        self, client, task_queue, worker, script, started_by
    ):
        agent = script("answer 0", "answer 1", "answer 2")
        grader = script(
            *[verdict("needs_revision", "not yet", tests="fails")] * 2, verdict("satisfied", "ok", tests=True)
        )
        run = RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests",
            agent=AgentSettings(model=agent),
            grader=GraderSettings(model=grader, max_iterations=3),
        )
        if started_by == "rubricflow":
            handle = (await Rubricflow(client, task_queue).start(run, thread_id())).handle
        else:  # as any other client may: by type name with a JSON input, no search attributes
            handle = await client.start_workflow(
                "RubricRunWorkflow",
                run.model_dump(mode="json", exclude_defaults=True),
                id=thread_id(),
                task_queue=task_queue,
                result_type=RunResult,
            )
        result = await handle.result()
        assert result.status == "satisfied"
        events = [e async for e in handle.fetch_history_events()]
        upserts = [
            {
                k: json.loads(v.data)
                for k, v in e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields.items()
            }
            for e in events
            if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES
        ]
        at_start = {
            k: json.loads(v.data)
            for k, v in events[0].workflow_execution_started_event_attributes.search_attributes.indexed_fields.items()
        }
        run_id = result.evaluations[0].grading_run_id
        # needs_revision after pass 1 (iteration 1, the run's id), satisfied after pass 3
        # (iteration 3): the run's id is never sent again, and the second needs_revision
        # (pass 2) changes no visible status, so it is not upserted. `running` comes with
        # rubricflow's start; a start without it has the thread upsert it first.
        expected = [
            {"RubricStatus": "needs_revision", "RubricIteration": 1, "GradingRunId": run_id},
            {"RubricStatus": "satisfied", "RubricIteration": 3},
        ]
        if started_by == "rubricflow":
            assert at_start == {"RubricStatus": "running"}
        else:
            assert at_start == {}
            expected = [
                {"RubricStatus": "running", "RubricIteration": 0, "GradingRunId": run_id},
                {"RubricStatus": "needs_revision", "RubricIteration": 1},
                expected[1],
            ]
        assert upserts == expected
        shown = (await handle.describe()).typed_search_attributes
        assert (shown.get(STATUS_ATTR), shown.get(ITERATION_ATTR), shown.get(RUN_ID_ATTR)) == ("satisfied", 3, run_id)
        # A step carries no summary (its type and input name it): no payload beside its input.
        scheduled = [e for e in events if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED]
        assert len(scheduled) == 6
        assert not any(e.HasField("user_metadata") and e.user_metadata.HasField("summary") for e in scheduled)
