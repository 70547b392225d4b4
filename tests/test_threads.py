"""Threads: follow-ups, pause and resume, human review, the event stream, search attributes."""

from __future__ import annotations

import asyncio
import json

import pytest
from temporalio.client import WorkflowUpdateFailedError

from rubricflow.client import Rubricflow, RubricflowError, RunFailed, ThreadClosed, UpdateRefused
from rubricflow.workflows.types import (
    AgentSettings,
    ApproveInput,
    ExtendInput,
    GraderSettings,
    RejectInput,
    RunInput,
    SubmitInput,
)
from tests.conftest import SUGGEST_CAN_AT_EVENTS
from tests.helpers import activity_counts, activity_results, thread_id, verdict, wait_for_running_activity
from tests.reliability import REPORT

RUBRIC_A = "- tests"
RUBRIC_B = "- docstring"


def thread(
    agent: str, grader: str, rubric: str | None = RUBRIC_A, idle: int = 600, cap: int = 3, **agent_kw
) -> RunInput:
    return RunInput(
        message="write it",
        rubric=rubric,
        agent=AgentSettings(model=agent, **agent_kw),
        grader=GraderSettings(model=grader, max_iterations=cap),
        idle_timeout_s=idle,
    )


async def refused(call, message: str) -> None:
    """The update was rejected by its validator, with `message` saying why."""
    with pytest.raises(WorkflowUpdateFailedError) as failure:
        await call
    assert message in str(failure.value.cause)


async def run_end(rf: Rubricflow, tid: str, count: int) -> None:
    """Wait until the thread has published `count` run_end events."""
    seen = 0
    async for event in rf.events(tid, follow=True):
        if event.type == "run_end":
            seen += 1
            if seen == count:
                return


async def continue_as_new_suggested(handle) -> bool:
    """The server suggested continue-as-new on the run's latest workflow task."""
    from temporalio.api.enums.v1 import EventType

    last = None
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
            last = event.workflow_task_started_event_attributes
    return last is not None and last.suggest_continue_as_new


class TestThreadLifecycle:
    async def test_follow_up_keeps_the_rubric_and_a_terminal_run_starts_a_new_one(
        self, client, task_queue, worker, script
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent = script("v1", "v2")
        grader = script(verdict("satisfied", "ok", tests=True))
        await rf.start(thread(agent, grader), tid)
        await run_end(rf, tid, 1)
        first = await rf.progress(tid)
        assert (first.status, first.phase) == ("satisfied", "idle")

        # Same rubric (persisted) after a terminal status: a new grading run, new id,
        # fresh budget; evaluations accumulate on the thread.
        second = await rf.submit(tid, SubmitInput(message="also handle None"))
        assert second.status == "satisfied" and second.rubric == RUBRIC_A
        assert second.grading_run_id != first.grading_run_id
        assert second.iteration == 1 and len(second.evaluations) == 2
        assert [e.grading_run_id for e in second.evaluations] == [first.grading_run_id, second.grading_run_id]
        assert second.invocations == 2

    async def test_new_rubric_starts_a_new_run_and_clears_frozen_criteria(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("satisfied", "ok", tests=True), verdict("satisfied", "ok", docstring=True))
        await rf.start(thread(script("v1", "v2"), grader), tid)
        await run_end(rf, tid, 1)
        assert (await rf.progress(tid)).frozen_criteria == ["tests"]
        after = await rf.submit(tid, SubmitInput(message="now document it", rubric=RUBRIC_B))
        assert after.rubric == RUBRIC_B and after.frozen_criteria == ["docstring"]
        assert len({e.grading_run_id for e in after.evaluations}) == 2

    async def test_update_with_start_creates_then_continues(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        start = RunInput(agent=AgentSettings(model=script("first", "second")), idle_timeout_s=600)
        created = await rf.submit(tid, SubmitInput(message="hello"), start)
        assert (created.status, created.answer) == ("answered", "first")
        again = await rf.submit(tid, SubmitInput(message="again"), start)  # same call: continues
        assert (again.answer, again.invocations) == ("second", 2)
        assert [m.content for m in again.transcript if m.role == "user"] == ["hello", "again"]

    async def test_fire_and_forget_send(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(thread(script("one", "two"), script("x"), rubric=None), tid)
        await rf.send(tid, SubmitInput(message="queued"))
        await run_end(rf, tid, 2)
        progress = await rf.progress(tid)
        assert progress.answer == "two" and progress.invocations == 2

    async def test_idle_thread_completes_cleanly_with_its_final_state(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        run = await rf.start(
            thread(script("done"), script(verdict("satisfied", "ok", tests=True)), idle=1), thread_id()
        )
        result = await run.result()  # the workflow itself completes after 1 s idle
        assert (result.status, result.phase) == ("satisfied", "done")


async def queued(rf: Rubricflow, tid: str, count: int, deadline_s: float = 60) -> None:
    """Wait until `count` items wait in the thread's mailbox."""
    async with asyncio.timeout(deadline_s):
        while (await rf.progress(tid)).pending < count:
            await asyncio.sleep(0.1)


@pytest.mark.reliability
class TestConcurrentFollowUps:
    async def test_each_send_reports_its_own_messages_outcome(self, client, task_queue, worker, script):
        """Follow-ups queued behind each other: each `submit` (and a `send --json` from
        the command line) answers with the outcome of its own message, not with the
        thread's state when it happened to wake up."""
        from tests.test_cli import start_cli

        sends = 5
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent = script({"content": "never kept", "delay_s": 300}, *[f"answer {i}" for i in range(sends + 2)])
        grader = script(*[verdict("satisfied", "ok", tests=True)] * (sends + 2))
        await rf.start(thread(agent, grader, cap=2), tid)
        await wait_for_running_activity(rf.handle(tid).handle)
        await rf.pause(tid)  # the first message waits: every follow-up queues behind it
        cli = await start_cli(client, task_queue, "send", tid, "from the cli", "--json")
        await queued(rf, tid, 1)
        submits = [asyncio.ensure_future(rf.submit(tid, SubmitInput(message=f"m{i}"))) for i in range(sends)]
        await queued(rf, tid, sends + 1)
        await rf.resume(tid)
        outcomes = await asyncio.gather(*submits)
        out, err = await asyncio.wait_for(cli.communicate(), timeout=120)
        final = await rf.progress(tid)

        for i, outcome in enumerate(outcomes):
            users = [m.content for m in outcome.transcript if m.source == "user"]
            assert users[-1] == f"m{i}", f"send m{i} reported the state after {users[-1]!r}"
            assert outcome.status == "satisfied"
            assert outcome.evaluations[-1].grading_run_id == outcome.grading_run_id
            at = next(k for k, m in enumerate(final.transcript) if m.content == f"m{i}")
            assert outcome.answer == final.transcript[at + 1].content
            REPORT.run(f"{tid} m{i}", "satisfied", outcome.status)
        assert cli.returncode == 0, err.decode()
        shown = json.loads(out)
        assert shown["status"] == "satisfied" and shown["error"] is None
        assert shown["evaluations"][-1]["grading_run_id"] == shown["grading_run_id"]
        REPORT.run(f"{tid} cli", "satisfied", shown["status"])
        # Each message after a satisfied run started its own grading run.
        run_ids = [o.grading_run_id for o in outcomes] + [shown["grading_run_id"]]
        assert len(set(run_ids)) == sends + 1
        assert final.invocations == sends + 2


class TestPauseResume:
    async def _gated(self, registry, name: str):
        entered, cancelled, release = asyncio.Event(), asyncio.Event(), asyncio.Event()

        async def gate() -> str:
            entered.set()
            try:
                await release.wait()
            except asyncio.CancelledError:
                cancelled.set()
                raise
            return "released"

        from langchain_core.tools import StructuredTool

        registry.add(StructuredTool.from_function(coroutine=gate, name=name, description="waits"))
        return entered, cancelled, release

    async def test_pause_mid_agent_turn_then_resume_same_run(self, client, task_queue, worker, registry, script):
        entered, cancelled, _ = await self._gated(registry, "agent_gate")
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent = script({"tool_calls": [{"name": "agent_gate", "args": {}}]}, "answer after resume")
        run_in = thread(agent, script(verdict("satisfied", "ok", tests=True)), tools=["agent_gate"])
        await rf.start(run_in, tid)
        await entered.wait()
        before = await rf.progress(tid)

        paused = await rf.pause(tid)
        assert paused.status == "paused"
        await cancelled.wait()  # the running activity really was cancelled
        during = await rf.progress(tid)
        assert during.transcript == before.transcript  # nothing half-written was kept

        resumed = await rf.resume(tid)
        assert resumed.status == "running"
        await run_end(rf, tid, 1)
        after = await rf.progress(tid)
        assert after.status == "satisfied" and after.answer == "answer after resume"
        assert after.grading_run_id == before.grading_run_id and after.iteration == 1

    async def test_pause_mid_grading_keeps_the_budget(self, client, task_queue, worker, registry, script):
        entered, cancelled, _ = await self._gated(registry, "grader_gate")
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script({"tool_calls": [{"name": "grader_gate", "args": {}}]}, verdict("satisfied", "ok", tests=True))
        run_in = RunInput(
            message="go",
            rubric=RUBRIC_A,
            agent=AgentSettings(model=script("v1")),
            grader=GraderSettings(model=grader, tools=["grader_gate"], max_iterations=2),
            idle_timeout_s=600,
        )
        await rf.start(run_in, tid)
        await entered.wait()
        run_id = (await rf.progress(tid)).grading_run_id
        assert (await rf.pause(tid)).phase == "grading"
        await cancelled.wait()
        await rf.resume(tid)
        await run_end(rf, tid, 1)
        after = await rf.progress(tid)
        assert after.status == "satisfied" and after.grading_run_id == run_id
        assert [e.iteration for e in after.evaluations] == [0]  # the cancelled pass spent nothing

    async def test_pause_and_resume_refused_when_they_do_not_apply(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(thread(script("v1"), script(verdict("satisfied", "ok", tests=True))), tid)
        await run_end(rf, tid, 1)
        await refused(rf.pause(tid), "nothing to pause: the thread's status is 'satisfied'")
        await refused(rf.resume(tid), "the thread is not paused")


class TestHumanReview:
    async def test_approve_after_the_cap_records_the_reviewer(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(thread(script("v1"), script(verdict("needs_revision", "no", tests="fails")), cap=1), tid)
        await run_end(rf, tid, 1)
        approved = await rf.approve(tid, ApproveInput(reviewer="ana", note="good enough"))
        assert approved.status == "satisfied"
        last = approved.evaluations[-1]
        assert (last.result, last.reviewer, last.explanation) == ("satisfied", "ana", "Approved by ana: good enough")
        await refused(rf.approve(tid, ApproveInput()), "this review is decided already: ana approved it")

    async def test_reject_counts_as_a_pass_and_the_agent_revises(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("satisfied", "ok", tests=True))
        run = await rf.start(thread(script("v1", "v2 with the fix"), grader, cap=3), tid)
        await run_end(rf, tid, 1)
        await rf.reject(tid, RejectInput(feedback="It crashes on None.", reviewer="ana"))
        await run_end(rf, tid, 2)
        after = await rf.progress(tid)
        assert [(e.result, e.reviewer) for e in after.evaluations] == [
            ("satisfied", None),
            ("needs_revision", "ana"),
            ("satisfied", None),
        ]
        assert [e.iteration for e in after.evaluations] == [0, 1, 2]
        assert len({e.grading_run_id for e in after.evaluations}) == 1
        revision = [m for m in after.transcript if m.source == "grader"][-1].content
        assert "human reviewer (ana)" in revision and "It crashes on None." in revision
        assert after.status == "satisfied" and after.answer == "v2 with the fix"
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 2, "rubricflow.grade_transcript": 2}

    @pytest.mark.reliability
    async def test_racing_approve_and_reject_leave_one_decision(self, client, task_queue, worker, script):
        """Two reviewers decide on the same review at once: whichever reaches the thread
        first is the decision, the other is refused saying so, on every try."""
        rf = Rubricflow(client, task_queue)
        tids = [thread_id() for _ in range(5)]
        for tid in tids:
            grader = script(verdict("failed", "cannot judge it"), verdict("satisfied", "ok", tests=True))
            await rf.start(thread(script("v1", "v2"), grader, cap=3), tid)
        winners = []
        for tid in tids:
            await run_end(rf, tid, 1)
            seen = (await rf.progress(tid)).review
            outcomes = await asyncio.gather(
                rf.approve(tid, ApproveInput(reviewer="ana", review=seen)),
                rf.reject(tid, RejectInput(feedback="no", reviewer="bob", review=seen)),
                return_exceptions=True,
            )
            accepted = [who for who, o in zip(("ana", "bob"), outcomes) if not isinstance(o, BaseException)]
            refusals = [o for o in outcomes if isinstance(o, UpdateRefused)]
            assert len(accepted) == 1 and len(refusals) == 1, outcomes
            [winner], [refusal] = accepted, refusals
            assert "another decision came first" in str(refusal) and winner in str(refusal), str(refusal)
            REPORT.refuse("racing review decision")
            await run_end(rf, tid, 2)
            after = await rf.progress(tid)
            assert [e.reviewer for e in after.evaluations if e.reviewer] == [winner]
            assert after.status == "satisfied"
            winners.append(winner)
        # Which one wins is up to the race; each try has exactly one decision either way.
        assert len(winners) == len(tids)

    async def test_extend_after_the_cap_grants_more_passes(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("needs_revision", "no", tests="fails"), verdict("satisfied", "ok", tests=True))
        await rf.start(thread(script("v1", "v2"), grader, cap=1), tid)
        await run_end(rf, tid, 1)
        await refused(rf.reject(tid, RejectInput(feedback="more")), "extend it first")
        await rf.extend(tid, ExtendInput(iterations=2))
        await run_end(rf, tid, 2)
        after = await rf.progress(tid)
        assert after.status == "satisfied" and after.max_iterations == 3
        assert [e.result for e in after.evaluations] == ["needs_revision", "satisfied"]
        await refused(rf.extend(tid, ExtendInput(iterations=1)), "extend applies after 'max_iterations_reached'")


class TestClientErrors:
    async def test_every_refusal_of_the_client_is_a_rubricflow_error(self, client, task_queue, worker, script):
        """docs/client.md: `except RubricflowError` catches every error the client raises;
        the refusals of bad values stay `ValueError`s too."""
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        run = await rf.start(thread(script("v1"), script(verdict("satisfied", "ok", tests=True)), idle=0), tid)
        await run.result()
        closed = {
            "pause": lambda: rf.pause(tid),
            "approve": lambda: rf.approve(tid, ApproveInput()),
            "send": lambda: rf.submit(tid, SubmitInput(message="more")),
        }
        for what, call in closed.items():
            with pytest.raises(RubricflowError) as caught:
                await call()
            assert isinstance(caught.value, ThreadClosed | ValueError), what
            assert f"thread {tid} is closed (satisfied)" in str(caught.value), what
        unknown_provider = RunInput(message="x", agent=AgentSettings(model="nosuch:m"))
        with pytest.raises(RunFailed) as failed:  # a new thread whose first step its worker refuses
            await rf.submit(thread_id(), SubmitInput(message="hi"), start=thread("groq:llama-3.1-8b", "groq:x"))
        assert failed.value.status == "failed" and "needs the LangChain package langchain-groq" in str(failed.value)
        for what, call in {
            "an unknown provider": lambda: rf.start(unknown_provider),
            "an unknown status": lambda: rf.list(status="bogus"),
        }.items():
            with pytest.raises(RubricflowError) as caught:
                await call()
            assert isinstance(caught.value, ValueError), what


class TestEventsAndVisibility:
    async def test_a_late_watcher_sees_every_event_from_offset_0_in_order_once(
        self, client, task_queue, worker, script
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("needs_revision", "no", tests="fails"), verdict("satisfied", "ok", tests=True))
        run = await rf.start(thread(script("v1", "v2", "v3"), grader, idle=1), tid)
        await run_end(rf, tid, 1)
        await rf.submit(tid, SubmitInput(message="follow-up"))
        await run.result()  # closed after its idle time
        events = [(e.type, e.iteration) async for e in rf.events(tid, follow=True)]
        assert events == [
            ("agent_turn_start", 0),
            ("agent_turn_end", 0),
            ("rubric_evaluation_start", 0),
            ("rubric_evaluation_end", 0),
            ("agent_turn_start", 1),
            ("agent_turn_end", 1),
            ("rubric_evaluation_start", 1),
            ("rubric_evaluation_end", 1),
            ("run_end", 2),
            ("agent_turn_start", 0),
            ("agent_turn_end", 0),
            ("rubric_evaluation_start", 0),
            ("rubric_evaluation_end", 0),
            ("run_end", 1),
        ]

    async def test_threads_are_found_by_rubric_status(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        done, capped = thread_id(), thread_id()
        await rf.start(thread(script("v1"), script(verdict("satisfied", "ok", tests=True))), done)
        await rf.start(thread(script("v1"), script(verdict("needs_revision", "no", tests="x")), cap=1), capped)
        await run_end(rf, done, 1)
        await run_end(rf, capped, 1)
        # Visibility is eventually consistent: wait for the index, bounded.
        for _ in range(100):
            satisfied = {row.thread_id for row in await rf.list(200, "satisfied")}
            capped_rows = {row.thread_id for row in await rf.list(200, "max_iterations_reached")}
            if done in satisfied and capped in capped_rows:
                break
            await asyncio.sleep(0.1)
        assert done in satisfied and done not in capped_rows
        assert capped in capped_rows and capped not in satisfied


class TestLongThreads:
    async def test_continue_as_new_keeps_state_events_and_a_bounded_history(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        turns = 12
        agent = script(*[f"answer {i}" for i in range(turns)])
        await rf.start(thread(agent, script(verdict("satisfied", "ok", tests=True))), tid)
        for i in range(1, turns):
            await rf.submit(tid, SubmitInput(message=f"follow-up {i}"))
        progress = await rf.progress(tid)
        assert progress.invocations == turns and progress.answer == f"answer {turns - 1}"
        assert len(progress.evaluations) == turns and progress.status == "satisfied"
        assert [m.content for m in progress.transcript if m.role == "user"][:2] == ["write it", "follow-up 1"]

        runs = [wf async for wf in client.list_workflows(f"WorkflowId = '{tid}'")]
        assert len(runs) >= 2, "the thread never continued as new"
        for run in runs:  # every run's history stayed near the suggestion threshold
            history = await client.get_workflow_handle(tid, run_id=run.run_id).fetch_history()
            assert len(history.events) < SUGGEST_CAN_AT_EVENTS + 60
        # The event stream crossed the runs: every run_end is there, in order, from offset 0.
        ends = []
        async for event in rf.events(tid, follow=True):
            if event.type == "run_end":
                ends.append(event.status)
                if len(ends) == turns:
                    break
        assert ends == ["satisfied"] * turns

    async def test_an_approve_accepted_while_continuing_as_new_goes_to_the_next_run(
        self, client, task_queue, script, tmp_path
    ):
        """The thread waits for its handlers before it continues as new; a review
        accepted in that wait must reach the next run, not be dropped with the old one."""
        from temporalio.client import WorkflowContinuedAsNewError, WorkflowUpdateStage
        from temporalio.worker import Worker

        from rubricflow.activities.hooks import Ledger, parse_hooks
        from rubricflow.activities.rubric_activities import RubricActivities
        from rubricflow.worker_env import config_from_env
        from tests.held_workflow import HeldRubricRunWorkflow

        activities = RubricActivities(
            config=config_from_env(), hooks=parse_hooks("tests.hook_sink:record"), ledger=Ledger(tmp_path)
        )
        worker = Worker(
            client,
            task_queue=task_queue,
            workflows=[HeldRubricRunWorkflow],
            activities=[activities.run_agent_turn, activities.grade_transcript, activities.deliver_evaluation],
        )
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        messages = 20
        agent = script(*[f"answer {i}" for i in range(messages)])
        grader = script(*[verdict("needs_revision", "no", tests="fails")] * messages)
        async with worker:
            first = await client.start_workflow(
                HeldRubricRunWorkflow.run, thread(agent, grader, cap=1), id=tid, task_queue=task_queue
            )
            first_run = client.get_workflow_handle(tid, run_id=first.result_run_id)
            await run_end(rf, tid, 1)
            await first.start_update(HeldRubricRunWorkflow.hold, wait_for_stage=WorkflowUpdateStage.ACCEPTED)
            for i in range(1, messages):  # each follow-up is a new run that ends at the cap
                ended = await rf.submit(tid, SubmitInput(message=f"follow-up {i}"))
                assert ended.status == "max_iterations_reached"
                if await continue_as_new_suggested(first_run):
                    break
            else:
                raise AssertionError("the server never suggested continue-as-new")
            # The thread is idle and waiting for `hold` to finish before it continues as new.
            approved = await rf.approve(tid, ApproveInput(reviewer="ana"))
            assert approved.status == "satisfied"
            await first.signal(HeldRubricRunWorkflow.release)
            with pytest.raises(WorkflowContinuedAsNewError):
                await first_run.result(follow_runs=False)
            after = await rf.progress(tid)
        assert after.status == "satisfied"
        assert (after.evaluations[-1].result, after.evaluations[-1].reviewer) == ("satisfied", "ana")
        assert after.evaluations == approved.evaluations
        # The approval's hook was delivered by the run that recorded it, before it handed over.
        assert len(await activity_results(first_run, "rubricflow.deliver_evaluation")) == len(after.evaluations)

    async def test_an_idle_thread_continues_as_new_once_the_server_suggests_it(self, client, task_queue, script):
        """The suggestion can come while the thread is idle (a hook finishing beside it, a
        signal): the thread must not wait for its next message to act on it, or a review
        accepted meanwhile would be held in an old run indefinitely."""
        from temporalio.client import WorkflowContinuedAsNewError
        from temporalio.worker import Worker

        from rubricflow.activities.rubric_activities import RubricActivities
        from rubricflow.worker_env import config_from_env
        from tests.held_workflow import HeldRubricRunWorkflow

        activities = RubricActivities(config=config_from_env())
        worker = Worker(
            client,
            task_queue=task_queue,
            workflows=[HeldRubricRunWorkflow],
            activities=[activities.run_agent_turn, activities.grade_transcript, activities.deliver_evaluation],
        )
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent, grader = script("answer"), script(verdict("satisfied", "ok", tests=True))
        async with worker:
            first = await client.start_workflow(
                HeldRubricRunWorkflow.run, thread(agent, grader, cap=1), id=tid, task_queue=task_queue
            )
            first_run = client.get_workflow_handle(tid, run_id=first.result_run_id)
            await run_end(rf, tid, 1)
            # Idle now. Each signal is a workflow task that grows the history and touches
            # nothing the thread waits on (the thread holds nothing, so `release` is a no-op).
            for _ in range(SUGGEST_CAN_AT_EVENTS):
                if await continue_as_new_suggested(first_run):
                    break
                await first.signal(HeldRubricRunWorkflow.release)
            else:
                raise AssertionError("the server never suggested continue-as-new")
            with pytest.raises(WorkflowContinuedAsNewError):
                await asyncio.wait_for(first_run.result(follow_runs=False), timeout=60)
            after = await rf.progress(tid)
        assert after.status == "satisfied" and [e.result for e in after.evaluations] == ["satisfied"]


class TestSearchAttributeSetup:
    async def test_worker_registers_missing_search_attributes(self, client):
        from google.protobuf.duration_pb2 import Duration
        from temporalio.api.operatorservice.v1 import ListSearchAttributesRequest
        from temporalio.api.workflowservice.v1 import RegisterNamespaceRequest
        from temporalio.client import Client

        from rubricflow.search_attributes import ensure_search_attributes
        from rubricflow.search_attributes import required as required_search_attributes

        namespace = f"ns-{thread_id()}"
        await client.workflow_service.register_namespace(
            RegisterNamespaceRequest(namespace=namespace, workflow_execution_retention_period=Duration(seconds=86400))
        )
        other = await Client.connect(client.service_client.config.target_host, namespace=namespace)

        async def custom() -> set[str]:
            listed = await other.operator_service.list_search_attributes(
                ListSearchAttributesRequest(namespace=namespace)
            )
            return set(listed.custom_attributes)

        assert not set(required_search_attributes()) & await custom()
        await ensure_search_attributes(other)
        assert set(required_search_attributes()) <= await custom()
