"""A run outlives the worker that was running it, and old histories still replay."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Replayer

from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.batch import BatchWorkflow
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.run_check import RunCheckWorkflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput, RunResult
from tests.helpers import (
    activity_attempts,
    start_worker_process,
    thread_id,
    verdict,
    wait_for_calls,
    wait_for_running_activity,
)
from tests.reliability import REPORT

HISTORIES = Path(__file__).parent / "histories"

pytestmark = pytest.mark.reliability


class TestWorkerCrash:
    async def test_sigkill_mid_agent_turn_then_another_worker_finishes(self, client, task_queue, script, tmp_path):
        # The first reply is slow: the worker that takes it is killed before it answers.
        calls = tmp_path / "agent-calls.jsonl"
        agent_script = tmp_path / "agent.json"
        responses = [{"content": "never delivered", "delay_s": 120}, "the answer"]
        agent_script.write_text(json.dumps({"record_to": str(calls), "responses": responses}), encoding="utf-8")
        agent = f"scripted:{agent_script}"
        grader = script(verdict("satisfied", "ok", tests=True))
        rf = Rubricflow(client, task_queue)
        run_in = RunInput(
            message="go",
            rubric="- tests",
            agent=AgentSettings(model=agent),
            grader=GraderSettings(model=grader),
        )
        doomed = await start_worker_process(client, task_queue)
        try:
            run = await rf.start(run_in, thread_id())
            assert await wait_for_running_activity(run.handle) == "rubricflow.run_agent_turn"
            # Killed once the model has taken the slow reply, not merely once the step started.
            await wait_for_calls(calls, 1)
        finally:
            doomed.send_signal(signal.SIGKILL)
            await doomed.wait()
        assert doomed.returncode == -signal.SIGKILL

        # A fresh worker picks the turn up once the heartbeat timeout notices the death.
        async with build_worker(client, queue=task_queue):
            result = await run.result()
        assert result.status == "satisfied"
        assert result.answer == "the answer"
        assert [e.result for e in result.evaluations] == ["satisfied"]
        assert ("rubricflow.run_agent_turn", 2) in await activity_attempts(run.handle)
        REPORT.kill("worker SIGKILL")
        REPORT.run(run.thread_id, "satisfied", result.status)


RECORDED = [
    # A batch: an item thread adopted (it existed before), pause and resume, the first
    # run continued as new.
    "batch_adopt_pause_continue.first_run",
    "batch_adopt_pause_continue",
    # The 0.2.0 baseline: every behaviour a thread has, recorded by the workflow of 0.2.0.
    "revision_then_satisfied",
    "grader_error",
    "no_rubric",
    # Continue-as-new on a worker with hooks (then a follow-up and an approve), and
    # without hooks (no hook activity; an idle thread continues as new when suggested).
    "review_after_continue_as_new.first_run",
    "review_after_continue_as_new",
    "continued_without_hooks.first_run",
    "continued_without_hooks",
    # A check-backed criterion whose verdict carries the sandbox's isolation level.
    "check_isolation",
    # Cancelled during a grader pass: the thread ends cancelled, no evaluation, no hook.
    "cancelled_mid_pass",
    # Budgets and token usage: budget_exhausted, then extend adds tokens.
    "budget_then_extend",
    # A deep agent: files in the turn and grader payloads and in the state.
    "deep_agent_files",
    # A failing agent turn: the provider's 401 said once.
    "agent_auth_error",
    # Hooks beside the thread, a hook failure recorded, steps bounded by total time.
    "hook_failed_beside_thread",
    # Votes over samples, a split vote awaiting review; the best pass kept at the cap.
    "split_vote_review",
    "best_at_the_cap",
    # Numbered reviewer decisions (approve then reject at one iteration), and follow-ups
    # sent at once, each answered with its own outcome.
    "reviews_and_follow_ups",
    # Started with its status set by the client: no upsert of `running`.
    "status_set_at_start",
    # Weights, [required], a scale and a pass score: satisfied at the pass score.
    "weighted_pass_score",
    # A conversation given to grade as it stands (calibrate): a pass, no agent turn.
    "given_transcript",
    # A review decided once: the second reviewer's rejection refused, a new run's review
    # rejected, its revision satisfied.
    "review_decided_once",
    # What a worker would refuse of a run, asked before it starts.
    "run_check",
    # Grounded grading: a citation not in the answer leaves its criterion unverified, and
    # with review_unverified the run waits for a person.
    "unverified_review",
]


class TestRecordedHistories:
    async def test_recorded_histories_replay(self):
        """Histories recorded by this and earlier versions since the baseline must replay."""
        files = sorted(HISTORIES.glob("*.json"))
        assert sorted(f.name for f in files) == sorted(f"{name}.json" for name in RECORDED), (
            "tests/histories/ and RECORDED disagree: add a newly recorded history to RECORDED"
        )
        replayer = Replayer(
            workflows=[RubricRunWorkflow, BatchWorkflow, RunCheckWorkflow], data_converter=pydantic_data_converter
        )
        for file in files:
            history = WorkflowHistory.from_json(file.stem, json.loads(file.read_text()))
            await replayer.replay_workflow(history)

    async def test_the_state_handed_over_at_continue_as_new_starts_the_next_run(self):
        history = WorkflowHistory.from_json(
            "continued_without_hooks", json.loads((HISTORIES / "continued_without_hooks.json").read_text())
        )
        started = history.events[0].workflow_execution_started_event_attributes
        run_in = pydantic_data_converter.payload_converter.from_payloads(started.input.payloads, [RunInput])[0]
        assert run_in.state is not None and run_in.state.run is not None
        assert run_in.state.run.max_iterations == 1 and run_in.state.status == "max_iterations_reached"
        assert run_in.state.invocations == len(run_in.state.evaluations) > 1


class TestIsolationInTheHistory:
    def test_a_recorded_check_verdict_carries_its_isolation_and_the_run_ends_with_it(self):
        history = WorkflowHistory.from_json(
            "check_isolation", json.loads((HISTORIES / "check_isolation.json").read_text())
        )
        [last] = [e for e in history.events if e.HasField("workflow_execution_completed_event_attributes")]
        [result] = pydantic_data_converter.payload_converter.from_payloads(
            last.workflow_execution_completed_event_attributes.result.payloads, [RunResult]
        )
        checked = [c for e in result.evaluations for c in e.criteria if c.name == "All tests pass"]
        assert [c.isolation for c in checked] == ["bubblewrap", "bubblewrap"]
