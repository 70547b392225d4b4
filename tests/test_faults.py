"""Provider faults and server restarts: retried as they should be, nothing lost."""

from __future__ import annotations

import asyncio
import subprocess

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.client import WorkflowFailureError
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.exceptions import ApplicationError

from rubricflow.client import Rubricflow
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.worker import build_worker
from rubricflow.workflows import errors
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, last_failures, thread_id, verdict
from tests.reliability import REPORT

pytestmark = pytest.mark.reliability


def run_input(agent: str, grader: str, agent_timeout_s: int = 600, grader_timeout_s: int = 600) -> RunInput:
    return RunInput(
        message="go",
        rubric="- ok",
        agent=AgentSettings(model=agent, timeout_s=agent_timeout_s),
        grader=GraderSettings(model=grader, timeout_s=grader_timeout_s),
    )


async def grader_schedule_to_start(handle) -> float:
    """Seconds from the grader activity's scheduling to the start of its final attempt."""
    scheduled = {}
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            if event.activity_task_scheduled_event_attributes.activity_type.name == "rubricflow.grade_transcript":
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
        result = await run.result()
        assert result.status == "satisfied"
        assert ("rubricflow.grade_transcript", 2) in await activity_attempts(run.handle)
        waited = await grader_schedule_to_start(run.handle)
        assert waited >= 3.0
        REPORT.fault(f"HTTP {status} with retry-after")
        REPORT.run(run.handle.id, "satisfied", result.status)
        REPORT.figure(f"HTTP {status} retry-after 3 s: retried after {waited:.1f} s (policy's own first interval 1 s)")

    @pytest.mark.parametrize("status", [408, 500])
    async def test_timeouts_and_server_errors_are_retried(self, client, task_queue, worker, script, status):
        grader = script(
            {"error": {"status": status, "message": "upstream timed out"}}, verdict("satisfied", "ok", ok=True)
        )
        run = await Rubricflow(client, task_queue).start(run_input(script("a"), grader), thread_id())
        result = await run.result()
        assert result.status == "satisfied"
        assert ("rubricflow.grade_transcript", 2) in await activity_attempts(run.handle)
        # The failed attempt's failure is kept whole, not blanked by the server's size
        # limit ("Failure exceeds size limit."), so the UI shows what went wrong.
        failure = (await last_failures(run.handle))["rubricflow.grade_transcript"]
        assert failure.application_failure_info.type == errors.PROVIDER_ERROR, failure.message
        assert f"HTTP {status}" in failure.message
        REPORT.fault(f"HTTP {status}")
        REPORT.run(run.handle.id, "satisfied", result.status)

    @pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
    async def test_client_errors_end_the_pass_at_once(self, client, task_queue, worker, script, status):
        grader = script({"error": {"status": status, "message": "bad request"}}, verdict("satisfied", "ok", ok=True))
        run = await Rubricflow(client, task_queue).start(run_input(script("a"), grader), thread_id())
        result = await run.result()
        assert result.status == "grader_error" and f"HTTP {status}" in result.evaluations[0].explanation
        assert await activity_attempts(run.handle) == [
            ("rubricflow.run_agent_turn", 1),
            ("rubricflow.grade_transcript", 1),
            ("rubricflow.deliver_evaluation", 1),
        ]  # no retry storm
        REPORT.fault(f"HTTP {status}")
        REPORT.run(run.handle.id, "grader_error", result.status)

    @pytest.mark.parametrize("status", [400, 401])
    async def test_agent_client_errors_fail_the_run_at_once(self, client, task_queue, worker, script, status):
        agent = script({"error": {"status": status, "message": "bad request"}}, "never reached")
        run = await Rubricflow(client, task_queue).start(run_input(agent, script("unused")), thread_id())
        with pytest.raises(WorkflowFailureError) as err:
            await run.result()
        cause = err.value.cause
        assert isinstance(cause, ApplicationError) and cause.non_retryable
        assert cause.type == errors.AGENT_TURN_FAILED and f"HTTP {status}" in cause.message
        assert "agent turn 0 failed with model" in cause.message
        assert await activity_attempts(run.handle) == [("rubricflow.run_agent_turn", 1)]  # one attempt, no retry storm
        REPORT.fault(f"agent HTTP {status}")
        REPORT.run(run.handle.id, "failed (AgentTurnFailed)", "failed (AgentTurnFailed)")


class TestHangingProvider:
    """A provider that never answers is cut off at the step's `timeout_s` on the worker
    (a retryable `StepTimeout`), not held until the server's start-to-close timeout."""

    async def test_a_hanging_grader_is_cut_off_and_retried(self, client, task_queue, worker, script):
        grader = script({"content": "never arrives", "delay_s": 3600}, verdict("satisfied", "ok", ok=True))
        run = await Rubricflow(client, task_queue).start(
            run_input(script("a"), grader, grader_timeout_s=2), thread_id()
        )
        result = await run.result()
        assert result.status == "satisfied"
        failure = (await last_failures(run.handle))["rubricflow.grade_transcript"]
        assert failure.application_failure_info.type == errors.STEP_TIMEOUT
        assert "timeout_s of 2 s" in failure.message
        REPORT.fault("hanging grader provider")
        REPORT.run(run.handle.id, "satisfied", result.status)

    async def test_a_hanging_agent_is_cut_off_and_retried(self, client, task_queue, worker, script):
        agent = script({"content": "never arrives", "delay_s": 3600}, "the answer")
        grader = script(verdict("satisfied", "ok", ok=True))
        run = await Rubricflow(client, task_queue).start(run_input(agent, grader, agent_timeout_s=2), thread_id())
        result = await run.result()
        assert result.status == "satisfied" and result.answer == "the answer"
        failure = (await last_failures(run.handle))["rubricflow.run_agent_turn"]
        assert failure.application_failure_info.type == errors.STEP_TIMEOUT
        REPORT.fault("hanging agent provider")
        REPORT.run(run.handle.id, "satisfied", result.status)


class TestServerRestart:
    async def test_a_run_survives_the_server_restarting_on_its_sqlite_file(self, tmp_path, script, task_queue):

        db, port = tmp_path / "temporal.db", free_port()

        def start_server() -> subprocess.Popen[bytes]:
            return spawn_dev_server(port, db_file=db)

        server = start_server()
        try:
            client = await connect_when_up(f"127.0.0.1:{port}", server, data_converter=pydantic_data_converter)
            await ensure_search_attributes(client)  # persisted in the SQLite file
            agent = script({"content": "slow first answer", "delay_s": 3}, "second answer")
            grader = script(verdict("needs_revision", "again", ok="not yet"), verdict("satisfied", "ok", ok=True))
            async with build_worker(client, queue=task_queue):
                run = await Rubricflow(client, task_queue).start(run_input(agent, grader), thread_id())
                server.terminate()  # mid-run: the first agent turn is still thinking
                await asyncio.to_thread(server.wait, 30)
                server = start_server()
                result = await run.result()
            assert result.status == "satisfied"
            assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
            REPORT.kill("dev server stopped and restarted mid-turn")
            REPORT.run(run.handle.id, "satisfied", result.status)
        finally:
            server.terminate()
            await asyncio.to_thread(server.wait, 30)
