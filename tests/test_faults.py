"""Provider faults: retried as the error table says, with the delay a provider asks for."""

from __future__ import annotations


import pytest
from temporalio.api.enums.v1 import EventType

from rubricflow.client import Rubricflow
from tests.helpers import activity_attempts, thread_id, verdict
from workflows.types import AgentSettings, GraderSettings, RunInput


def run_input(agent: str, grader: str) -> RunInput:
    return RunInput(message="go", rubric="- ok", agent=AgentSettings(model=agent), grader=GraderSettings(model=grader))


async def grader_schedule_to_start(handle) -> float:
    """Seconds from the grader activity's scheduling to the start of its final attempt."""
    scheduled = {}
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            if event.activity_task_scheduled_event_attributes.activity_type.name == "grade_transcript":
                scheduled[event.event_id] = event.event_time.ToDatetime()
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            attrs = event.activity_task_started_event_attributes
            if attrs.scheduled_event_id in scheduled:
                return (event.event_time.ToDatetime() - scheduled[attrs.scheduled_event_id]).total_seconds()
    raise AssertionError("no started grader activity in the history")


class TestProviderFaults:
    @pytest.mark.parametrize("status", [429, 503])
    async def test_retry_after_is_honoured(self, client, task_queue, worker, script, status):
        # The retry policy's first interval is 1 s; the provider asks for 3 s.
        grader = script({"error": {"status": status, "retry_after_s": 3}}, verdict("satisfied", "ok", ok=True))
        run = await Rubricflow(client, task_queue).start(run_input(script("a"), grader), thread_id())
        assert (await run.result()).status == "satisfied"
        assert ("grade_transcript", 2) in await activity_attempts(run.handle)
        assert await grader_schedule_to_start(run.handle) >= 3.0

    @pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
    async def test_client_errors_end_the_pass_at_once(self, client, task_queue, worker, script, status):
        grader = script({"error": {"status": status, "message": "bad request"}}, verdict("satisfied", "ok", ok=True))
        run = await Rubricflow(client, task_queue).start(run_input(script("a"), grader), thread_id())
        result = await run.result()
        assert result.status == "grader_error" and f"HTTP {status}" in result.evaluations[0].explanation
        assert ("grade_transcript", 1) in await activity_attempts(run.handle)  # no retry storm
