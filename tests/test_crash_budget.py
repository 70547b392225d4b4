"""Crashes are not provider errors: worker deaths during one step never use up the
retries meant for provider faults, and provider faults still end the step."""

from __future__ import annotations

import json
import signal

import pytest
from temporalio.client import WorkflowFailureError

from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows import errors
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, start_worker_process, thread_id, verdict, wait_for_calls
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability, pytest.mark.slow]

KILLS = 5


class TestCrashesAreNotProviderFaults:
    async def test_five_worker_deaths_in_one_step_and_the_run_finishes(self, client, task_queue, script, tmp_path):
        # Each slow reply is cut off by a SIGKILL; the next attempt takes the next reply.
        calls = tmp_path / "agent-calls.jsonl"
        agent_script = tmp_path / "agent.json"
        agent_script.write_text(
            json.dumps(
                {
                    "record_to": str(calls),
                    "responses": [*[{"content": "never delivered", "delay_s": 120}] * KILLS, "the answer"],
                }
            ),
            encoding="utf-8",
        )
        agent = f"scripted:{agent_script}"
        grader = script(verdict("satisfied", "ok", tests=True))
        rf = Rubricflow(client, task_queue)
        run = None
        for attempt in range(1, KILLS + 1):
            doomed = await start_worker_process(client, task_queue)
            try:
                if run is None:
                    run = await rf.start(
                        RunInput(
                            message="go",
                            rubric="- tests",
                            agent=AgentSettings(model=agent),
                            grader=GraderSettings(model=grader),
                        ),
                        thread_id(),
                    )
                await wait_for_calls(calls, attempt)
            finally:
                doomed.send_signal(signal.SIGKILL)
                await doomed.wait()
            assert doomed.returncode == -signal.SIGKILL
        async with build_worker(client, queue=task_queue):
            result = await run.result()
        assert result.status == "satisfied" and result.answer == "the answer"
        assert ("rubricflow.run_agent_turn", KILLS + 1) in await activity_attempts(run.handle)
        REPORT.kill("worker SIGKILL (5 in one step)", KILLS)
        REPORT.run(run.thread_id, "satisfied", result.status)
        REPORT.figure(f"{KILLS} worker deaths in one agent turn: the run finished on attempt {KILLS + 1}")

    async def test_five_provider_503s_still_end_the_step(self, client, task_queue, script):
        agent = script(*[{"error": {"status": 503, "message": "overloaded"}}] * errors.PROVIDER_ATTEMPTS, "too late")
        grader = script(verdict("satisfied", "ok", tests=True))
        async with build_worker(client, queue=task_queue):
            run = await Rubricflow(client, task_queue).start(
                RunInput(
                    message="go",
                    rubric="- tests",
                    agent=AgentSettings(model=agent),
                    grader=GraderSettings(model=grader),
                ),
                thread_id(),
            )
            with pytest.raises(WorkflowFailureError) as failed:
                await run.result()
        assert f"provider fault {errors.PROVIDER_ATTEMPTS} of {errors.PROVIDER_ATTEMPTS}" in str(failed.value.cause)
        attempts = [a for a in await activity_attempts(run.handle) if a[0] == "rubricflow.run_agent_turn"]
        assert attempts[-1] == ("rubricflow.run_agent_turn", errors.PROVIDER_ATTEMPTS)
        REPORT.fault("HTTP 503 five times in one step")
        REPORT.run(run.thread_id, "failed", "failed")
